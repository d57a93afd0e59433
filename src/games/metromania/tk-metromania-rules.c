/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-rules.c — Metromania: the network in its plain form (lines as ordered stops
 * with tunnel counts between them), bookkeeping of turns, and the final scoring.
 *
 * The setup and the actions are documented in docs/formats.md (“Metromania”).  Positions on a
 * line count tunnels from its start arrow: the first tunnel ends at position 1, a line of 18
 * tunnels ends at 18.  A station on a line is a stop at a position; the time of a ride is the
 * difference of positions (per segment) or 1 (per hop).
 *
 * This file holds the engine's TkRules vtable, the state written as JSON, the plain network
 * file (tk_metromania_network_score) and the ledger lines; the parts live apart: the state and
 * the setup in tk-metromania-setup.c, the network edits in tk-metromania-dig.c, the turns in
 * tk-metromania-turns.c, the scoring in tk-metromania-score.c, what they share in
 * tk-metromania-rules-private.h.
 */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-metromania-rules-private.h"

static const char *
get_name (void)
{
  return _("Metromania");
}

/* ---- the plain network form ---- */

static JsonObject *
to_json (gpointer data)
{
  TkMetromaniaState *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *stations = json_array_new ();
  JsonArray *lines = json_array_new ();
  JsonArray *destinations = json_array_new ();
  JsonArray *lake = json_array_new ();
  JsonArray *park = json_array_new ();

  json_object_set_string_member (object, "format", "tablekeeper-metromania-network");
  json_object_set_int_member (object, "version", 1);
  for (guint s = 0; s < state->n; s++)
    {
      JsonObject *player = json_object_new ();
      json_object_set_string_member (player, "name", tk_metromania_player_name (state, s));
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (object, "players", players);
  json_object_set_object_member (object, "rules", tk_metromania_table_to_json (&state->t));

  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];
      JsonObject *entry = json_object_new ();

      json_object_set_string_member (entry, "id", station->id);
      if (station->builder >= 0)
        json_object_set_int_member (entry, "built_by", station->builder);
      else
        json_object_set_null_member (entry, "built_by");
      json_object_set_int_member (entry, "points", station->points);
      if (station->has_point)
        json_object_set_member (entry, "point", tk_metromania_point_to_node (station->point));
      json_array_add_object_element (stations, entry);
      if (station->near & (1u << NEAR_LAKE))
        json_array_add_string_element (lake, station->id);
      if (station->near & (1u << NEAR_PARK))
        json_array_add_string_element (park, station->id);
    }
  json_object_set_array_member (object, "stations", stations);

  for (guint s = 0; s < state->n; s++)
    for (guint l = 0; l < 2; l++)
      {
        LineRec *line = &state->lines[s][l];
        JsonObject *entry = json_object_new ();
        JsonArray *stops = json_array_new ();

        json_object_set_int_member (entry, "seat", s);
        json_object_set_string_member (entry, "style", style_names[l]);
        json_object_set_string_member (entry, "state", state_names[line->state]);
        json_object_set_int_member (entry, "tunnels", line->tunnels);
        if (line->stops->len > 0)
          json_object_set_int_member (entry, "first_stop_at",
                                      g_array_index (line->stops, Stop, 0).pos);
        for (guint i = 0; i < line->stops->len; i++)
          {
            Stop *stop = &g_array_index (line->stops, Stop, i);
            if (i > 0)
              json_array_add_int_element (stops,
                                          stop->pos - g_array_index (line->stops, Stop, i - 1).pos);
            json_array_add_string_element (stops,
                                           ((Station *) state->stations->pdata[stop->station])->id);
          }
        json_object_set_array_member (entry, "stops", stops);
        if (line->start_side >= 0)
          json_object_set_int_member (entry, "start_side", line->start_side);
        if (line->end_side >= 0)
          json_object_set_int_member (entry, "end_side", line->end_side);
        if (state->board)
          {
            JsonArray *path = json_array_new ();

            for (guint i = 0; i < line->path->len; i++)
              json_array_add_element (path, tk_metromania_point_to_node (g_array_index (line->path,
                                                                          TkMetroPoint, i)));
            json_object_set_array_member (entry, "path", path);
            path = json_array_new ();
            for (guint i = 0; i < line->cells->len; i++)
              json_array_add_element (path, tk_metromania_cell_to_node (g_array_index (line->cells,
                                                                         TkMetroCell, i)));
            json_object_set_array_member (entry, "cells", path);
          }
        json_array_add_object_element (lines, entry);
      }
  json_object_set_array_member (object, "lines", lines);

  for (guint m = 0; m < state->n_markers; m++)
    {
      JsonObject *entry = json_object_new ();
      JsonArray *near = json_array_new ();
      char letter[2] = { state->markers[m].letter, '\0' };

      json_object_set_string_member (entry, "letter", letter);
      json_object_set_string_member (entry, "kind", kind_names[state->markers[m].kind]);
      json_object_set_int_member (entry, "owner", state->markers[m].owner);
      json_object_set_boolean_member (entry, "placed", state->markers[m].placed);
      if (state->markers[m].has_cell)
        json_object_set_member (entry, "cell", tk_metromania_cell_to_node (state->markers[m].cell));
      for (guint i = 0; i < state->stations->len; i++)
        if (((Station *) state->stations->pdata[i])->near & (1u << m))
          json_array_add_string_element (near, ((Station *) state->stations->pdata[i])->id);
      json_object_set_array_member (entry, "stations", near);
      json_array_add_object_element (destinations, entry);
    }
  json_object_set_array_member (object, "destinations", destinations);
  json_object_set_array_member (object, "lake", lake);
  json_object_set_array_member (object, "park", park);
  if (state->board)
    {
      JsonObject *board = json_object_new ();
      GArray *sets[] = { state->lake, state->park, state->arrows, state->end_arrows, state->rivers,
                         state->forests, state->used };
      const char *names[] = { "lake", "park", "arrows", "end_arrows", "rivers", "forests",
                              "tunnel_cells" };

      for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
        {
          JsonArray *cells = json_array_new ();
          for (guint i = 0; i < sets[k]->len; i++)
            json_array_add_element (cells, tk_metromania_cell_to_node (g_array_index (sets[k], TkMetroCell, i)));
          json_object_set_array_member (board, names[k], cells);
        }
      {
        JsonArray *spaces = json_array_new ();

        for (guint i = 0; i < state->spaces->len; i++)
          {
            JsonObject *space = json_object_new ();

            json_object_set_member (space, "cell",
                                    tk_metromania_cell_to_node (g_array_index (state->spaces, TkMetroCell, i)));
            json_object_set_string_member (space, "kind",
                                           kind_names[g_array_index (state->space_kinds, guint,
                                                                     i)]);
            json_array_add_object_element (spaces, space);
          }
        json_object_set_array_member (board, "spaces", spaces);
      }
      json_object_set_object_member (object, "board", board);
    }
  json_object_set_int_member (object, "turn", state->turn);
  json_object_set_int_member (object, "final_turns", state->final_turns);
  json_object_set_boolean_member (object, "over", state->over);
  json_object_set_boolean_member (object, "entry", state->entry);
  return object;
}

static gboolean
invalid (GError    **error,
         const char *message)
{
  g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, message);
  return FALSE;
}

/* Station names of a JSON array → bits set on those stations. */
static gboolean
mark_stations (TkMetromaniaState *state,
               JsonArray         *ids,
               guint32            bit,
               GError           **error)
{
  for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
    {
      JsonNode *node = json_array_get_element (ids, i);
      gint s = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
               ? tk_metromania_find_station (state, json_node_get_string (node)) : -1;

      if (s < 0)
        return invalid (error, _("A destination, the lake or the park names a station that "
                                 "the file does not list."));
      ((Station *) state->stations->pdata[s])->near |= bit;
    }
  return TRUE;
}

/* The count of players is the vtable's to check (its name and range), before the setup's own
 * members; so tk-metromania-setup.c never calls back up into this file. */
static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  if (!tk_rules_check_setup_players (tk_metromania_rules_get (), setup, error))
    return NULL;
  return tk_metromania_state_new (setup, error);
}

static TkMetromaniaState *
network_read (JsonObject  *file,
              GError     **error)
{
  g_autoptr(JsonObject) setup = json_object_new ();
  JsonArray *players = tk_rules_json_get_array (file, "players");
  JsonArray *stations = tk_rules_json_get_array (file, "stations");
  JsonArray *lines = tk_rules_json_get_array (file, "lines");
  JsonArray *destinations = tk_rules_json_get_array (file, "destinations");
  JsonNode *rules = tk_rules_json_member (file, "rules");
  TkMetromaniaState *state;

  if (g_strcmp0 (tk_rules_json_get_string (file, "format"), "tablekeeper-metromania-network") != 0)
    {
      invalid (error, _("This is not a Metromania network file."));
      return NULL;
    }
  if (players == NULL)
    {
      invalid (error, _("The network file has no list of players."));
      return NULL;
    }
  json_object_set_array_member (setup, "players", json_array_ref (players));
  if (rules != NULL)
    json_object_set_member (setup, "rules", json_node_copy (rules));
  if (destinations != NULL)
    {
      JsonArray *deal = json_array_new ();

      for (guint i = 0; i < json_array_get_length (destinations); i++)
        json_array_add_element (deal, json_node_copy (json_array_get_element (destinations, i)));
      json_object_set_array_member (setup, "destinations", deal);
    }
  state = state_new (setup, error);
  if (state == NULL)
    return NULL;

  for (guint i = 0; stations != NULL && i < json_array_get_length (stations); i++)
    {
      JsonNode *node = json_array_get_element (stations, i);
      JsonObject *entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *id = tk_rules_json_get_string (entry, "id");
      gint64 builder, points;
      Station *station;

      if (id == NULL || *id == '\0' || tk_metromania_find_station (state, id) >= 0)
        {
          invalid (error, _("Every station needs a name of its own."));
          goto fail;
        }
      if (!tk_rules_json_read_int (entry, "built_by", 0, state->n - 1, G_MAXINT32, &builder,
                                   error) ||
          !tk_rules_json_read_int (entry, "points", 0, 6, 0, &points, error))
        goto fail;
      station = g_new0 (Station, 1);
      station->id = g_strdup (id);
      station->builder = builder == G_MAXINT32 ? -1 : (gint) builder;
      station->points = points;
      g_ptr_array_add (state->stations, station);
    }

  for (guint i = 0; lines != NULL && i < json_array_get_length (lines); i++)
    {
      JsonNode *node = json_array_get_element (lines, i);
      JsonObject *entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      int style = tk_rules_json_lookup (style_names, 2, tk_rules_json_get_string (entry, "style"));
      const char *state_name = tk_rules_json_get_string (entry, "state");
      int line_state = state_name == NULL ? TK_METRO_LINE_RUNNING
                       : tk_rules_json_lookup (state_names, G_N_ELEMENTS (state_names), state_name);
      JsonArray *stops = tk_rules_json_get_array (entry, "stops");
      gint64 seat, first, tunnels, side;
      LineRec *line;
      guint pos;

      if (entry == NULL || style < 0 || line_state < 0 || stops == NULL)
        {
          invalid (error, _("Each line needs a style (plain or striped), a state and its "
                            "stops."));
          goto fail;
        }
      if (!tk_rules_json_read_int (entry, "seat", 0, state->n - 1, -1, &seat, error) ||
          !tk_rules_json_read_int (entry, "first_stop_at", 1, state->t.tunnels_per_line, 1, &first,
                                   error))
        goto fail;
      line = &state->lines[seat][style];
      if (line->state != TK_METRO_LINE_UNSTARTED || line->stops->len > 0)
        {
          invalid (error, _("A player’s line is listed twice."));
          goto fail;
        }
      line->state = line_state;
      line->tunnels = state->t.tunnels_per_line;  /* room while the stops are read */
      pos = first;
      for (guint k = 0; k < json_array_get_length (stops); k++)
        {
          JsonNode *stop = json_array_get_element (stops, k);
          gboolean is_name = JSON_NODE_HOLDS_VALUE (stop) &&
                             json_node_get_value_type (stop) == G_TYPE_STRING;
          gboolean is_count = JSON_NODE_HOLDS_VALUE (stop) &&
                              json_node_get_value_type (stop) == G_TYPE_INT64;

          if (k % 2 == 0 && is_name)
            {
              gint s = tk_metromania_find_station (state, json_node_get_string (stop));

              if (s < 0)
                {
                  invalid (error, _("A line stops at a station that the file does not list."));
                  goto fail;
                }
              if (!tk_metromania_add_stop (state, seat, style, s, pos, error))
                goto fail;
            }
          else if (k % 2 == 1 && is_count && json_node_get_int (stop) >= 1 &&
                   json_node_get_int (stop) <= state->t.tunnels_per_line)
            pos += json_node_get_int (stop);
          else
            {
              invalid (error, _("A line’s stops alternate station names and tunnel counts "
                                "(≥ 1), starting and ending with a station."));
              goto fail;
            }
          if (k % 2 == 1 && k + 1 == json_array_get_length (stops))
            {
              invalid (error, _("A line’s stops end with a station."));
              goto fail;
            }
        }
      pos = line->stops->len > 0 ? g_array_index (line->stops, Stop, line->stops->len - 1).pos : 0;
      if (!tk_rules_json_read_int (entry, "tunnels", pos, state->t.tunnels_per_line,
                                   line_state == TK_METRO_LINE_UNSTARTED ? 0 : MAX (pos, 1), &tunnels,
                                   error))
        goto fail;
      line->tunnels = tunnels;
      if (!tk_rules_json_read_int (entry, "start_side", 0, 5, -1, &side, NULL))
        side = -1;
      line->start_side = tk_rules_json_member (entry, "start_side") != NULL ? side : -1;
      if (!tk_rules_json_read_int (entry, "end_side", 0, 5, -1, &side, NULL))
        side = -1;
      line->end_side = tk_rules_json_member (entry, "end_side") != NULL ? side : -1;
    }

  for (guint m = 0; destinations != NULL && m < state->n_markers; m++)
    {
      JsonObject *entry = json_array_get_object_element (destinations, m);
      JsonNode *placed = tk_rules_json_member (entry, "placed");

      state->markers[m].placed = placed == NULL || (JSON_NODE_HOLDS_VALUE (placed) &&
                                                    json_node_get_boolean (placed));
      if (!mark_stations (state, tk_rules_json_get_array (entry, "stations"), 1u << m, error))
        goto fail;
    }
  if (!mark_stations (state, tk_rules_json_get_array (file, "lake"), 1u << NEAR_LAKE, error) ||
      !mark_stations (state, tk_rules_json_get_array (file, "park"), 1u << NEAR_PARK, error))
    goto fail;
  state->over = TRUE;
  return state;

fail:
  tk_metromania_state_free (state);
  return NULL;
}

JsonObject *
tk_metromania_network_score (JsonObject  *network,
                             GError     **error)
{
  TkMetromaniaState *state;
  JsonObject *result;

  g_return_val_if_fail (network != NULL, NULL);
  state = network_read (network, error);
  if (state == NULL)
    return NULL;
  result = tk_metromania_score (state);
  tk_metromania_state_free (state);
  return result;
}

/* ---- ledger lines ---- */

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  TkMetromaniaState *state = data;
  const char *type = tk_rules_json_type (action);
  JsonNode *seat_node = tk_rules_json_member (action, "seat");
  gint64 seat = seat_node != NULL && JSON_NODE_HOLDS_VALUE (seat_node) &&
                json_node_get_value_type (seat_node) == G_TYPE_INT64
                ? json_node_get_int (seat_node) : -1;
  const char *name = seat >= 0 && seat < state->n ? tk_metromania_player_name (state, seat) : "?";

  if (g_strcmp0 (type, "deal") == 0)
    return g_strdup (_("Destination markers dealt"));
  if (g_strcmp0 (type, "dig") == 0)
    {
      JsonArray *steps = tk_rules_json_get_array (action, "steps");
      guint dug = 0;

      for (guint i = 0; steps != NULL && i < json_array_get_length (steps); i++)
        {
          JsonNode *node = json_array_get_element (steps, i);
          gint64 count = 0;

          JsonArray *tunnels = JSON_NODE_HOLDS_OBJECT (node)
                               ? tk_rules_json_get_array (json_node_get_object (node),
                                                          "tunnels") : NULL;

          if (tunnels != NULL)
            dug += json_array_get_length (tunnels);
          else if (JSON_NODE_HOLDS_OBJECT (node) &&
                   tk_rules_json_read_int (json_node_get_object (node), "count", 0, 3, 0, &count,
                                           NULL))
            dug += count;
        }
      /* TRANSLATORS: "Ana digs 3 tunnels" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s digs %u tunnel",
                                           "%s digs %u tunnels", dug), name, dug);
    }
  if (g_strcmp0 (type, "station") == 0)
    return g_strdup_printf (_("%s builds station %s"), name,
                            tk_rules_json_get_string (action, "station") != NULL
                            ? tk_rules_json_get_string (action, "station") : "?");
  if (g_strcmp0 (type, "pass") == 0)
    return g_strdup_printf (_("%s passes"), name);
  if (g_strcmp0 (type, "board") == 0)
    {
      /* Name what the players entered: the printed spaces re-score stations. */
      if (tk_rules_json_get_array (action, "spaces") != NULL)
        return g_strdup (_("Destination spaces entered"));
      if (tk_rules_json_get_array (action, "rivers") != NULL || tk_rules_json_get_array (action, "forests") != NULL)
        return g_strdup (_("Rivers and forests entered"));
      return g_strdup (_("Lake, park and arrows entered"));
    }
  if (g_strcmp0 (type, "first_turn") == 0 && state->entry)
    /* TRANSLATORS: ledger line of a board entered after the game: "Entering Ana’s lines" */
    return g_strdup_printf (_("Entering %s’s lines"), name);
  if (g_strcmp0 (type, "first_turn") == 0)
    /* TRANSLATORS: ledger line: "Ana plays first" */
    return g_strdup_printf (_("%s plays first"), name);
  if (g_strcmp0 (type, "board_done") == 0)
    return g_strdup (_("The finished board is entered: the test trips are final"));
  if (g_strcmp0 (type, "near") == 0)
    return g_strdup_printf (_("Station %s: neighbours corrected"),
                            tk_rules_json_get_string (action, "station") != NULL
                            ? tk_rules_json_get_string (action, "station") : "?");
  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

static const TkRules metromania_rules = {
  .id = TK_METROMANIA_RULES_ID,
  .get_name = get_name,
  .min_players = 2,
  .max_players = 4,
  .default_setup = tk_metromania_default_setup,
  .state_new = state_new,
  .state_copy = tk_metromania_state_copy,
  .apply = tk_metromania_apply,
  .score = tk_metromania_score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = tk_metromania_state_free,
};

const TkRules *
tk_metromania_rules_get (void)
{
  return &metromania_rules;
}

/* The stations of @state from the @from-th built on, those with a point on the board (a new
 * GArray of TkMetroNewStation). */
static GArray *
stations_on_board (TkMetromaniaState *state,
                   guint              from)
{
  GArray *stations = g_array_new (FALSE, TRUE, sizeof (TkMetroNewStation));

  for (guint i = from; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];
      TkMetroNewStation standing = { .point = station->point };

      g_strlcpy (standing.id, station->id, sizeof standing.id);
      if (station->has_point)
        g_array_append_val (stations, standing);
    }
  return stations;
}

gboolean
tk_metromania_rules_check_draft (gpointer     data,
                                 JsonObject  *action,
                                 GArray     **stations,
                                 GError     **error)
{
  TkMetromaniaState *state = data, *work;
  gboolean ok;

  G_STATIC_ASSERT (sizeof ((TkMetroNewStation *) NULL)->id > MAX_STATION_ID);
  g_return_val_if_fail (state != NULL && action != NULL, FALSE);

  work = tk_metromania_state_copy (state);
  work->draft = TRUE;
  ok = tk_metromania_apply_work (work, action, error);
  /* a turn only adds stations, after those there were */
  if (ok && stations != NULL)
    *stations = stations_on_board (work, state->stations->len);
  tk_metromania_state_free (work);
  return ok;
}

GArray *
tk_metromania_rules_board_cells (gpointer       data,
                                 TkMetroFeature feature)
{
  TkMetromaniaState *state = data;
  GArray *sets[] = { state->lake, state->park, state->arrows, state->end_arrows, state->rivers,
                     state->forests, state->used };

  g_return_val_if_fail (feature < G_N_ELEMENTS (sets), NULL);
  return sets[feature];
}

GArray *
tk_metromania_rules_board_spaces (gpointer  data,
                                  GArray  **kinds)
{
  TkMetromaniaState *state = data;

  *kinds = state->space_kinds;
  return state->spaces;
}

GArray *
tk_metromania_rules_line_tunnels (gpointer data,
                                  guint    seat,
                                  guint    style)
{
  TkMetromaniaState *state = data;
  LineRec *line;
  GArray *tunnels = g_array_new (FALSE, FALSE, sizeof (TkMetroTunnel));

  g_return_val_if_fail (seat < state->n && style < 2, tunnels);
  line = &state->lines[seat][style];
  /* path[k] is where tunnel k + 1 starts, cells[k] the cell it lies in */
  for (guint k = 0; k + 1 < line->path->len && k < line->cells->len; k++)
    {
      TkMetroTunnel tunnel = { seat, style, g_array_index (line->cells, TkMetroCell, k),
                               g_array_index (line->path, TkMetroPoint, k),
                               g_array_index (line->path, TkMetroPoint, k + 1) };

      g_array_append_val (tunnels, tunnel);
    }
  return tunnels;
}

GArray *
tk_metromania_rules_board_stations (gpointer data)
{
  return stations_on_board (data, 0);
}

GArray *
tk_metromania_rules_markers (gpointer data)
{
  TkMetromaniaState *state = data;
  GArray *markers = g_array_new (FALSE, FALSE, sizeof (TkMetroMarker));

  for (guint m = 0; m < state->n_markers; m++)
    {
      TkMetromaniaMarker *marker = &state->markers[m];
      TkMetroMarker dealt = { marker->letter, marker->kind, marker->owner, marker->placed,
                              marker->has_cell, marker->cell };

      g_array_append_val (markers, dealt);
    }
  return markers;
}

void
tk_metromania_rules_building_end (gpointer            data,
                                  TkMetroBuildingEnd *end)
{
  TkMetromaniaState *state = data;

  end->stations_built = state->stations->len;
  end->stations = state->t.stations;
  end->lines_done = tk_metromania_rules_lines_done (state);
  end->end_lines = state->t.end_lines;
  end->final_turns = state->final_turns;
}

char *
tk_metromania_rules_line_name (gpointer data,
                               guint    seat,
                               guint    style)
{
  return tk_metromania_line_name (data, seat, style);
}
