/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-setup.c — Metromania: the engine's state and its setup.  Frees and copies the
 * state, reads the deal and the rule table, writes the default setup, turns cells and points
 * into JSON and back, and reads the board (the lake, the park, arrows, rivers, forests and
 * printed spaces as cells of the lattice) into a new state.  Kept apart from the turns so that
 * what a session starts from reads in one place.
 */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-metromania-rules-private.h"

/* ---- state ---- */

static void
station_free (gpointer data)
{
  Station *station = data;

  g_free (station->id);
  g_free (station);
}

void
tk_metromania_state_free (gpointer data)
{
  TkMetromaniaState *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_ptr_array_unref (state->stations);
  for (guint s = 0; s < MAX_SEATS; s++)
    for (guint l = 0; l < 2; l++)
      {
        g_array_unref (state->lines[s][l].stops);
        g_array_unref (state->lines[s][l].path);
        g_array_unref (state->lines[s][l].cells);
      }
  g_array_unref (state->lake);
  g_array_unref (state->park);
  g_array_unref (state->arrows);
  g_array_unref (state->end_arrows);
  g_array_unref (state->rivers);
  g_array_unref (state->forests);
  g_array_unref (state->spaces);
  g_array_unref (state->space_kinds);
  g_array_unref (state->used);
  g_free (state);
}

gpointer
tk_metromania_state_copy (gpointer data)
{
  TkMetromaniaState *state = data;
  TkMetromaniaState *copy = g_new0 (TkMetromaniaState, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->stations = g_ptr_array_new_with_free_func (station_free);
  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = g_memdup2 (state->stations->pdata[i], sizeof (Station));

      station->id = g_strdup (station->id);
      g_ptr_array_add (copy->stations, station);
    }
  for (guint s = 0; s < MAX_SEATS; s++)
    for (guint l = 0; l < 2; l++)
      {
        copy->lines[s][l].stops = g_array_copy (state->lines[s][l].stops);
        copy->lines[s][l].path = g_array_copy (state->lines[s][l].path);
        copy->lines[s][l].cells = g_array_copy (state->lines[s][l].cells);
      }
  copy->lake = g_array_copy (state->lake);
  copy->park = g_array_copy (state->park);
  copy->arrows = g_array_copy (state->arrows);
  copy->end_arrows = g_array_copy (state->end_arrows);
  copy->rivers = g_array_copy (state->rivers);
  copy->forests = g_array_copy (state->forests);
  copy->spaces = g_array_copy (state->spaces);
  copy->space_kinds = g_array_copy (state->space_kinds);
  copy->used = g_array_copy (state->used);
  return copy;
}

const char *
tk_metromania_player_name (TkMetromaniaState *state,
             guint              seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}

/* The deal: two markers per letter A–F with different owners. */
gboolean
tk_metromania_read_deal (TkMetromaniaState *state,
           JsonArray         *array,
           GError           **error)
{
  guint per_letter[N_LETTERS] = { 0 };
  guint n = json_array_get_length (array);

  if (n != MAX_MARKERS)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The deal must list the 12 destination markers (A to F, two each), "
                     "not %u."), n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *letter = tk_rules_json_get_string (object, "letter");
      int kind = tk_rules_json_lookup (kind_names, G_N_ELEMENTS (kind_names),
                                       tk_rules_json_get_string (object, "kind"));
      gint64 owner;

      if (letter == NULL || strlen (letter) != 1 || letter[0] < 'A' || letter[0] > 'F')
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("A destination marker needs a letter from A to F."));
          return FALSE;
        }
      if (kind < 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("A destination marker’s kind is home, work or leisure."));
          return FALSE;
        }
      if (!tk_rules_json_read_int (object, "owner", 0, state->n - 1, -1, &owner, error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (state->markers[j].letter == letter[0] && state->markers[j].owner == owner)
          {
            g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                         _("The two markers %c belong to different players; %s has both."),
                         letter[0], tk_metromania_player_name (state, owner));
            return FALSE;
          }
      per_letter[letter[0] - 'A']++;
      state->markers[i] = (TkMetromaniaMarker) { letter[0], kind, owner, FALSE };
    }
  for (guint l = 0; l < N_LETTERS; l++)
    if (per_letter[l] != 2)
      {
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("There must be two markers %c, not %u."), 'A' + l, per_letter[l]);
        return FALSE;
      }
  state->n_markers = n;
  return TRUE;
}

static gboolean
read_table (JsonObject *rules,
            Table      *t,
            GError    **error)
{
  gint64 v;
  const char *unit = tk_rules_json_get_string (rules, "time_unit");
  int u = unit == NULL ? 0 : tk_rules_json_lookup (unit_names, G_N_ELEMENTS (unit_names), unit);

  if (u < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The time unit is “segment” or “hop”."));
      return FALSE;
    }
  t->unit = u;
#define FIELD(name, min, max, def, field) \
  do { \
    if (!tk_rules_json_read_int (rules, name, min, max, def, &v, error)) \
      return FALSE; \
    t->field = (guint) v; \
  } while (0)
  FIELD ("change_cost", 1, 100, 3, change_cost);
  FIELD ("placer_points", 0, 100, 6, placer_points);
  FIELD ("rider_points", 0, 100, 3, rider_points);
  FIELD ("penalty", 0, 100, 6, penalty);
  FIELD ("lake_park_points", 0, 100, 5, lake_park_points);
  FIELD ("tunnels_per_line", 1, 200, 18, tunnels_per_line);
  FIELD ("stations", 1, 1000, 30, stations);
  FIELD ("end_lines", 1, 8, 5, end_lines);
#undef FIELD
  /* Seed 002: 「線路を始点の向かいの3辺にある黒色矢印まで繋げたら」.  A rule table saved
   * before this was kept has no such member: such a line was only warned about. */
  return tk_rules_json_read_bool (rules, "bga_variant", FALSE, &t->bga_variant, error) &&
         tk_rules_json_read_bool (rules, "far_ends", FALSE, &t->far_ends, error) &&
         tk_rules_json_read_bool (rules, "junction_stations", FALSE, &t->junction_stations,
                                  error);
}

JsonObject *
tk_metromania_table_to_json (const Table *t)
{
  JsonObject *rules = json_object_new ();

  json_object_set_string_member (rules, "time_unit", unit_names[t->unit]);
  json_object_set_int_member (rules, "change_cost", t->change_cost);
  json_object_set_int_member (rules, "placer_points", t->placer_points);
  json_object_set_int_member (rules, "rider_points", t->rider_points);
  json_object_set_int_member (rules, "penalty", t->penalty);
  json_object_set_boolean_member (rules, "bga_variant", t->bga_variant);
  json_object_set_int_member (rules, "lake_park_points", t->lake_park_points);
  json_object_set_int_member (rules, "tunnels_per_line", t->tunnels_per_line);
  json_object_set_int_member (rules, "stations", t->stations);
  json_object_set_int_member (rules, "end_lines", t->end_lines);
  json_object_set_boolean_member (rules, "far_ends", t->far_ends);
  json_object_set_boolean_member (rules, "junction_stations", t->junction_stations);
  return rules;
}

JsonObject *
tk_metromania_default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  Table t;

  json_object_set_array_member (setup, "players", tk_rules_default_players (n_players));
  read_table (NULL, &t, NULL);
  t.far_ends = TRUE;
  t.junction_stations = TRUE;
  json_object_set_object_member (setup, "rules", tk_metromania_table_to_json (&t));
  /* Played on the board by default (as the New Session dialog does); a setup without
   * "board" keeps the network as ordered stops. */
  json_object_set_object_member (setup, "board", json_object_new ());
  return setup;
}

/* ---- board mode: cells and points as JSON ---- */

/* [q, r, "up" | "down"] */
gboolean
tk_metromania_node_to_cell (JsonNode    *node,
              TkMetroCell *cell)
{
  JsonArray *array;
  JsonNode *q, *r, *d;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) != 3)
    return FALSE;
  q = json_array_get_element (array, 0);
  r = json_array_get_element (array, 1);
  d = json_array_get_element (array, 2);
  if (!JSON_NODE_HOLDS_VALUE (q) || json_node_get_value_type (q) != G_TYPE_INT64 ||
      !JSON_NODE_HOLDS_VALUE (r) || json_node_get_value_type (r) != G_TYPE_INT64 ||
      !JSON_NODE_HOLDS_VALUE (d) || json_node_get_value_type (d) != G_TYPE_STRING ||
      ABS (json_node_get_int (q)) > 20 || ABS (json_node_get_int (r)) > 20)
    return FALSE;
  if (g_str_equal (json_node_get_string (d), "up"))
    cell->down = FALSE;
  else if (g_str_equal (json_node_get_string (d), "down"))
    cell->down = TRUE;
  else
    return FALSE;
  cell->q = json_node_get_int (q);
  cell->r = json_node_get_int (r);
  return TRUE;
}

/* [q, r] */
gboolean
tk_metromania_node_to_point (JsonNode     *node,
               TkMetroPoint *point)
{
  JsonArray *array;
  JsonNode *q, *r;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) ||
      json_array_get_length ((array = json_node_get_array (node))) != 2)
    return FALSE;
  q = json_array_get_element (array, 0);
  r = json_array_get_element (array, 1);
  if (!JSON_NODE_HOLDS_VALUE (q) || json_node_get_value_type (q) != G_TYPE_INT64 ||
      !JSON_NODE_HOLDS_VALUE (r) || json_node_get_value_type (r) != G_TYPE_INT64 ||
      ABS (json_node_get_int (q)) > 20 || ABS (json_node_get_int (r)) > 20)
    return FALSE;
  point->q = json_node_get_int (q);
  point->r = json_node_get_int (r);
  return TRUE;
}

JsonNode *
tk_metromania_cell_to_node (TkMetroCell cell)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_array_add_int_element (array, cell.q);
  json_array_add_int_element (array, cell.r);
  json_array_add_string_element (array, cell.down ? "down" : "up");
  json_node_take_array (node, array);
  return node;
}

JsonNode *
tk_metromania_point_to_node (TkMetroPoint point)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_array_add_int_element (array, point.q);
  json_array_add_int_element (array, point.r);
  json_node_take_array (node, array);
  return node;
}

gboolean
tk_metromania_cells_touch (GArray       *cells,
             TkMetroPoint  point)
{
  for (guint i = 0; i < cells->len; i++)
    if (tk_metro_cell_touches (g_array_index (cells, TkMetroCell, i), point))
      return TRUE;
  return FALSE;
}

gboolean
tk_metromania_read_cells (JsonObject  *board,
            const char  *name,
            gboolean     frame,
            GArray      *out,
            GError     **error)
{
  JsonArray *array = tk_rules_json_get_array (board, name);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      TkMetroCell cell;

      if (!tk_metromania_node_to_cell (json_array_get_element (array, i), &cell))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       frame ? _("An arrow is a frame cell [q, r, \"up\" | \"down\"].")
                             : _("A lake, park, river or forest cell is a city cell "
                                 "[q, r, \"up\" | \"down\"]."));
          return FALSE;
        }
      /* a cell that is one but in the wrong place: said in the players' words, for the
       * panel's taps as much as for a file */
      if (frame ? tk_metro_cell_frame_side (cell) < 0 : !tk_metro_cell_in_city (cell))
        {
          g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                               frame ? _("Arrows are on the frame triangles around the city.")
                                     : _("A lake, park, river or forest cell is a city cell, "
                                         "inside the frame."));
          return FALSE;
        }
      g_array_append_val (out, cell);
    }
  return TRUE;
}

/* "spaces": [{"cell": [q, r, "up"], "kind": "home"}, …] — the printed destination spaces. */
gboolean
tk_metromania_read_spaces (JsonObject  *board,
             GArray      *cells,
             GArray      *kinds,
             GError     **error)
{
  JsonArray *array = tk_rules_json_get_array (board, "spaces");

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *space = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      int kind = tk_rules_json_lookup (kind_names, G_N_ELEMENTS (kind_names), tk_rules_json_get_string (space, "kind"));
      TkMetroCell cell;
      guint k = (guint) kind;

      if (space == NULL || kind < 0 || !tk_metromania_node_to_cell (tk_rules_json_member (space, "cell"), &cell) ||
          !tk_metro_cell_in_city (cell) || tk_metro_cells_contain (cells, cell))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("A destination space is {\"cell\": a city cell, \"kind\": \"home\", "
                         "\"work\" or \"leisure\"}, each cell once."));
          return FALSE;
        }
      g_array_append_val (cells, cell);
      g_array_append_val (kinds, k);
    }
  return TRUE;
}

/* "board": {"lake": [cell…], "park": [cell…], "arrows": [frame cell…]?} */
static gboolean
read_board (TkMetromaniaState *state,
            JsonObject        *setup,
            GError           **error)
{
  JsonNode *node = tk_rules_json_member (setup, "board");
  JsonObject *board;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, _("“board” is an object."));
      return FALSE;
    }
  board = json_node_get_object (node);
  state->board = TRUE;
  if (!tk_rules_json_read_bool (setup, "entry", FALSE, &state->entry, error))
    return FALSE;
  return tk_metromania_read_cells (board, "lake", FALSE, state->lake, error) &&
         tk_metromania_read_cells (board, "park", FALSE, state->park, error) &&
         tk_metromania_read_cells (board, "arrows", TRUE, state->arrows, error) &&
         tk_metromania_read_cells (board, "end_arrows", TRUE, state->end_arrows, error) &&
         tk_metromania_read_cells (board, "rivers", FALSE, state->rivers, error) &&
         tk_metromania_read_cells (board, "forests", FALSE, state->forests, error) &&
         tk_metromania_read_spaces (board, state->spaces, state->space_kinds, error);
}

gint
tk_metromania_station_at_point (TkMetromaniaState *state,
                  TkMetroPoint       point)
{
  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];
      if (station->has_point && tk_metro_point_equal (station->point, point))
        return (gint) i;
    }
  return -1;
}

gpointer
tk_metromania_state_new (JsonObject  *setup,
                         GError     **error)
{
  g_autoptr(GError) local = NULL;
  TkMetromaniaState *state;
  JsonNode *rules;
  gint64 first;

  state = g_new0 (TkMetromaniaState, 1);
  state->setup = json_object_ref (setup);
  state->n = tk_rules_setup_n_players (setup);
  state->stations = g_ptr_array_new_with_free_func (station_free);
  state->final_turns = -1;
  for (guint s = 0; s < MAX_SEATS; s++)
    for (guint l = 0; l < 2; l++)
      {
        state->lines[s][l].stops = g_array_new (FALSE, FALSE, sizeof (Stop));
        state->lines[s][l].path = g_array_new (FALSE, FALSE, sizeof (TkMetroPoint));
        state->lines[s][l].cells = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
        state->lines[s][l].start_side = -1;
        state->lines[s][l].end_side = -1;
      }
  state->lake = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  state->park = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  state->arrows = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  state->end_arrows = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  state->rivers = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  state->forests = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  state->spaces = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  state->space_kinds = g_array_new (FALSE, FALSE, sizeof (guint));
  state->used = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  rules = tk_rules_json_member (setup, "rules");
  if (!read_board (state, setup, &local) ||
      (rules != NULL && !JSON_NODE_HOLDS_OBJECT (rules)) ||
      !read_table (rules != NULL ? json_node_get_object (rules) : NULL, &state->t, &local) ||
      !tk_rules_json_read_int (setup, "first_seat", 0, state->n - 1, 0, &first, &local) ||
      (tk_rules_json_get_array (setup, "destinations") != NULL &&
       !tk_metromania_read_deal (state, tk_rules_json_get_array (setup, "destinations"), &local)))
    {
      if (local == NULL)
        g_set_error (&local, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("The rule table is not an object."));
      g_propagate_error (error, g_steal_pointer (&local));
      tk_metromania_state_free (state);
      return NULL;
    }
  state->turn = first;
  return state;
}
