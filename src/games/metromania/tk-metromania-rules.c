/* tk-metromania-rules.c — Metromania: the network in its plain form (lines as ordered stops
 * with tunnel counts between them), bookkeeping of turns, and the final scoring.
 *
 * The setup and the actions are documented in docs/formats.md (“Metromania”).  Positions on a
 * line count tunnels from its start arrow: the first tunnel ends at position 1, a line of 18
 * tunnels ends at 18.  A station on a line is a stop at a position; the time of a ride is the
 * difference of positions (per segment) or 1 (per hop).
 */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-metromania-rules.h"
#include "tk-metromania-board.h"
#include "tk-metromania-routes.h"
#include "tk-rules-json.h"

#define MAX_SEATS 4
#define N_LETTERS 6
#define MAX_MARKERS 12
#define NEAR_LAKE 12
#define NEAR_PARK 13
#define MAX_ROUTES 16
#define MAX_STATION_ID 32

typedef enum { LINE_UNSTARTED, LINE_RUNNING, LINE_FINISHED, LINE_DEAD_END } LineState;

static const char *const state_names[] = { "unstarted", "running", "finished", "dead_end" };
static const char *const style_names[] = { "plain", "striped" };
static const char *const kind_names[] = { "home", "work", "leisure" };
static const char *const unit_names[] = { "segment", "hop" };

typedef struct
{
  guint station;
  guint pos;
} Stop;

typedef struct
{
  LineState state;
  guint     tunnels;
  GArray   *stops;        /* of Stop, by position */
  gint      start_side;   /* 0–5 around the city, or −1 when not entered */
  gint      end_side;
  GArray   *path;         /* board mode: of TkMetroPoint, path[k] = the point after tunnel k */
  GArray   *cells;        /* board mode: of TkMetroCell, cells[k − 1] holds tunnel k */
} LineRec;

typedef struct
{
  char    *id;
  gint     builder;       /* seat, or −1 */
  guint    points;
  guint32  near;          /* bits 0–11: markers, NEAR_LAKE, NEAR_PARK */
  gboolean has_point;     /* board mode */
  TkMetroPoint point;
} Station;

typedef struct
{
  char     letter;        /* 'A' … 'F' */
  guint    kind;
  guint    owner;
  gboolean placed;
  gboolean has_cell;      /* board mode */
  TkMetroCell cell;
} Marker;

typedef struct
{
  TkMetroUnit unit;
  guint       change_cost;
  guint       placer_points;
  guint       rider_points;
  guint       penalty;
  gboolean    bga_variant;
  guint       lake_park_points;
  guint       tunnels_per_line;
  guint       stations;
  guint       end_lines;
  gboolean    far_ends;   /* a line ends only on the three sides across from its start */
  gboolean    junction_stations; /* board: the engine puts a station where lines meet or part */
} Table;

typedef struct
{
  JsonObject *setup;
  guint       n;
  Table       t;
  GPtrArray  *stations;   /* of Station* */
  LineRec     lines[MAX_SEATS][2];
  Marker      markers[MAX_MARKERS];
  guint       n_markers;
  guint       turn;       /* seat to play */
  guint       turns_taken;
  gint        final_turns; /* −1 until the end is triggered, then turns left */
  gboolean    over;
  gboolean    board;      /* the setup has a "board": tunnels are drawn on the lattice */
  GArray     *lake;       /* of TkMetroCell */
  GArray     *park;
  GArray     *arrows;     /* frame cells with a (white) start arrow, or empty: any frame cell;
                           * without end_arrows, these serve for the ends too */
  GArray     *end_arrows; /* frame cells with a black end arrow, or empty */
  GArray     *rivers;     /* cells of rivers and of forests: no tunnel goes there */
  GArray     *forests;
  GArray     *spaces;     /* the printed destination spaces (cells), or empty: unknown … */
  GArray     *space_kinds;/* … and the kind of each (guint, as kind_names) */
  GArray     *used;       /* cells holding a tunnel */
  guint       step_junctions; /* junction stations the current step put, the last ones of
                               * the list: a marker of the same step still counts for them */
  gboolean    entry;      /* a finished board entered afterwards: any player's lines in any
                           * order, as many tunnels at once as wanted, until "board_done" */
  gboolean    draft;      /* a panel's check of a turn being entered: fewer than 3 tunnels
                           * are not refused (never set on a session's state) */
} State;

static const char *
get_name (void)
{
  return _("Metromania");
}

/* ---- state ---- */

static void
station_free (gpointer data)
{
  Station *station = data;

  g_free (station->id);
  g_free (station);
}

static void
state_free (gpointer data)
{
  State *state = data;

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

static gpointer
state_copy (gpointer data)
{
  State *state = data;
  State *copy = g_new0 (State, 1);

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

static const char *
player_name (State *state,
             guint  seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}

/* The deal: two markers per letter A–F with different owners. */
static gboolean
read_deal (State      *state,
           JsonArray  *array,
           GError    **error)
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
                         letter[0], player_name (state, owner));
            return FALSE;
          }
      per_letter[letter[0] - 'A']++;
      state->markers[i] = (Marker) { letter[0], kind, owner, FALSE };
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

static JsonObject *
table_to_json (const Table *t)
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

static JsonObject *
default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  JsonArray *players = json_array_new ();
  Table t;

  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *player = json_object_new ();
      g_autofree char *name = g_strdup_printf (_("Player %u"), i + 1);

      json_object_set_string_member (player, "name", name);
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (setup, "players", players);
  read_table (NULL, &t, NULL);
  t.far_ends = TRUE;
  t.junction_stations = TRUE;
  json_object_set_object_member (setup, "rules", table_to_json (&t));
  /* Played on the board by default (as the New Session dialog does); a setup without
   * "board" keeps the network as ordered stops. */
  json_object_set_object_member (setup, "board", json_object_new ());
  return setup;
}

/* ---- board mode: cells and points as JSON ---- */

/* [q, r, "up" | "down"] */
static gboolean
node_to_cell (JsonNode    *node,
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

static JsonNode *
cell_to_node (TkMetroCell cell)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_array_add_int_element (array, cell.q);
  json_array_add_int_element (array, cell.r);
  json_array_add_string_element (array, cell.down ? "down" : "up");
  json_node_take_array (node, array);
  return node;
}

static JsonNode *
point_to_node (TkMetroPoint point)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_array_add_int_element (array, point.q);
  json_array_add_int_element (array, point.r);
  json_node_take_array (node, array);
  return node;
}

static gboolean
cells_contain (GArray      *cells,
               TkMetroCell  cell)
{
  for (guint i = 0; i < cells->len; i++)
    if (tk_metro_cell_equal (g_array_index (cells, TkMetroCell, i), cell))
      return TRUE;
  return FALSE;
}

static gboolean
cells_touch (GArray       *cells,
             TkMetroPoint  point)
{
  for (guint i = 0; i < cells->len; i++)
    if (tk_metro_cell_touches (g_array_index (cells, TkMetroCell, i), point))
      return TRUE;
  return FALSE;
}

static gboolean
read_cells (JsonObject  *board,
            const char  *name,
            gboolean     frame,
            GArray      *out,
            GError     **error)
{
  JsonArray *array = tk_rules_json_get_array (board, name);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      TkMetroCell cell;

      if (!node_to_cell (json_array_get_element (array, i), &cell) ||
          (frame ? tk_metro_cell_frame_side (cell) < 0 : !tk_metro_cell_in_city (cell)))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       frame ? _("An arrow is a frame cell [q, r, \"up\" | \"down\"].")
                             : _("A lake, park, river or forest cell is a city cell "
                                 "[q, r, \"up\" | \"down\"]."));
          return FALSE;
        }
      g_array_append_val (out, cell);
    }
  return TRUE;
}

/* "spaces": [{"cell": [q, r, "up"], "kind": "home"}, …] — the printed destination spaces. */
static gboolean
read_spaces (JsonObject  *board,
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

      if (space == NULL || kind < 0 || !node_to_cell (tk_rules_json_member (space, "cell"), &cell) ||
          !tk_metro_cell_in_city (cell) || cells_contain (cells, cell))
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
read_board (State      *state,
            JsonObject *setup,
            GError    **error)
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
  return read_cells (board, "lake", FALSE, state->lake, error) &&
         read_cells (board, "park", FALSE, state->park, error) &&
         read_cells (board, "arrows", TRUE, state->arrows, error) &&
         read_cells (board, "end_arrows", TRUE, state->end_arrows, error) &&
         read_cells (board, "rivers", FALSE, state->rivers, error) &&
         read_cells (board, "forests", FALSE, state->forests, error) &&
         read_spaces (board, state->spaces, state->space_kinds, error);
}

static gint
station_at_point (State        *state,
                  TkMetroPoint  point)
{
  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];
      if (station->has_point && tk_metro_point_equal (station->point, point))
        return (gint) i;
    }
  return -1;
}

static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  g_autoptr(GError) local = NULL;
  State *state;
  JsonNode *rules;
  gint64 first;

  if (!tk_rules_check_setup_players (tk_metromania_rules_get (), setup, error))
    return NULL;
  state = g_new0 (State, 1);
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
       !read_deal (state, tk_rules_json_get_array (setup, "destinations"), &local)))
    {
      if (local == NULL)
        g_set_error (&local, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("The rule table is not an object."));
      g_propagate_error (error, g_steal_pointer (&local));
      state_free (state);
      return NULL;
    }
  state->turn = first;
  return state;
}

/* ---- network edits ---- */

static gint
find_station (State      *state,
              const char *id)
{
  for (guint i = 0; id != NULL && i < state->stations->len; i++)
    if (g_str_equal (((Station *) state->stations->pdata[i])->id, id))
      return (gint) i;
  return -1;
}

static gboolean
line_has_station (LineRec *line,
                  guint    station)
{
  for (guint i = 0; i < line->stops->len; i++)
    if (g_array_index (line->stops, Stop, i).station == station)
      return TRUE;
  return FALSE;
}

static gboolean
line_has_stop_at (LineRec *line,
                  guint    pos)
{
  for (guint i = 0; i < line->stops->len; i++)
    if (g_array_index (line->stops, Stop, i).pos == pos)
      return TRUE;
  return FALSE;
}

static char *
line_name (State *state,
           guint  seat,
           guint  style)
{
  /* TRANSLATORS: a subway line: "Ana’s plain line", "Ana’s striped line" */
  return style == 0 ? g_strdup_printf (_("%s’s plain line"), player_name (state, seat))
                    : g_strdup_printf (_("%s’s striped line"), player_name (state, seat));
}

/* Puts @station on a line at @pos (1 … tunnels), keeping stops in order. */
static gboolean
add_stop (State   *state,
          guint    seat,
          guint    style,
          guint    station,
          guint    pos,
          GError **error)
{
  LineRec *line = &state->lines[seat][style];
  Stop stop = { station, pos };
  guint i;

  if (pos < 1 || pos > line->tunnels)
    {
      g_autofree char *name = line_name (state, seat, style);
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s has no tunnel %u: it has %u tunnels."), name, pos, line->tunnels);
      return FALSE;
    }
  if (line_has_station (line, station))
    {
      g_autofree char *name = line_name (state, seat, style);
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s already stops at station %s: a line may not meet itself."), name,
                   ((Station *) state->stations->pdata[station])->id);
      return FALSE;
    }
  if (line_has_stop_at (line, pos))
    {
      g_autofree char *name = line_name (state, seat, style);
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s already has a station after tunnel %u."), name, pos);
      return FALSE;
    }
  for (i = 0; i < line->stops->len && g_array_index (line->stops, Stop, i).pos < pos; i++)
    ;
  g_array_insert_val (line->stops, i, stop);
  return TRUE;
}

/* "near": ["lake", "park", {"letter": "A", "seat": 1}, …] → adjacency bits (placed markers). */
static gboolean
read_near (State      *state,
           JsonObject *object,
           guint32    *out,
           GError    **error)
{
  JsonArray *array = tk_rules_json_get_array (object, "near");

  *out = 0;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *entry;
      const char *letter;
      gint64 seat;
      guint m;

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
          g_str_equal (json_node_get_string (node), "lake"))
        {
          *out |= 1u << NEAR_LAKE;
          continue;
        }
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
          g_str_equal (json_node_get_string (node), "park"))
        {
          *out |= 1u << NEAR_PARK;
          continue;
        }
      entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      letter = tk_rules_json_get_string (entry, "letter");
      if (entry == NULL || letter == NULL ||
          !tk_rules_json_read_int (entry, "seat", 0, state->n - 1, -1, &seat, error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                         _("A station is near “lake”, “park” or a destination marker "
                           "{\"letter\", \"seat\"}."));
          return FALSE;
        }
      for (m = 0; m < state->n_markers; m++)
        if (letter[0] == state->markers[m].letter && letter[1] == '\0' &&
            state->markers[m].owner == seat)
          break;
      if (m == state->n_markers || !state->markers[m].placed)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s has not placed a destination marker %s."),
                       player_name (state, seat), letter);
          return FALSE;
        }
      *out |= 1u << m;
    }
  return TRUE;
}

static guint
popcount_markers (guint32 near)
{
  guint n = 0;

  for (guint m = 0; m < MAX_MARKERS; m++)
    n += (near >> m) & 1;
  return n;
}

/* Seed 002: 「接している拠点の数だけ1点」 — a station scores one point per printed destination
 * space it touches, whether a marker lies there or not (board mode, spaces entered). */
static guint
spaces_touching (State        *state,
                 TkMetroPoint  point)
{
  guint n = 0;

  for (guint i = 0; i < state->spaces->len; i++)
    n += tk_metro_cell_touches (g_array_index (state->spaces, TkMetroCell, i), point);
  return MIN (n, 6);
}

/* A station named in @spec ({"station", "points", "near", "also"}): an existing one (joined,
 * no points) or a new one built by @seat.  Returns its index or −1. */
static gint
station_from_spec (State      *state,
                   guint       seat,
                   JsonObject *spec,
                   gboolean    must_be_new,
                   const TkMetroPoint *point,
                   GError    **error)
{
  const char *id = tk_rules_json_get_string (spec, "station");
  gint index = find_station (state, id);
  guint32 near;

  /* Board mode: the point decides; a station standing there is that station. */
  if (point != NULL)
    {
      gint there = station_at_point (state, *point);

      if (there >= 0)
        {
          index = there;
          id = ((Station *) state->stations->pdata[there])->id;
        }
      else if (index >= 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Station %s stands elsewhere on the board."), id);
          return -1;
        }
    }
  if (id == NULL || *id == '\0' || strlen (id) > MAX_STATION_ID)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A station needs a name of 1 to %d characters."), MAX_STATION_ID);
      return -1;
    }
  if (!read_near (state, spec, &near, error))
    return -1;
  if (index >= 0)
    {
      Station *station = state->stations->pdata[index];

      if (must_be_new)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("There is already a station %s."), id);
          return -1;
        }
      station->near |= near;
    }
  else
    {
      Station *station;
      gint64 points;

      if (state->stations->len >= state->t.stations)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("All %u stations are on the board."), state->t.stations);
          return -1;
        }
      if (point != NULL)
        {
          /* What the point touches: the lake, the park, placed destination markers. */
          if (cells_touch (state->lake, *point))
            near |= 1u << NEAR_LAKE;
          if (cells_touch (state->park, *point))
            near |= 1u << NEAR_PARK;
          for (guint m = 0; m < state->n_markers; m++)
            if (state->markers[m].has_cell &&
                tk_metro_cell_touches (state->markers[m].cell, *point))
              near |= 1u << m;
        }
      if (!tk_rules_json_read_int (spec, "points", 0, 6,
                                   point != NULL && state->spaces->len > 0
                                   ? spaces_touching (state, *point) : popcount_markers (near),
                                   &points, error))
        return -1;
      station = g_new0 (Station, 1);
      station->id = g_strdup (id);
      station->builder = (gint) seat;
      station->points = (guint) points;
      station->near = near;
      if (point != NULL)
        {
          station->has_point = TRUE;
          station->point = *point;
        }
      g_ptr_array_add (state->stations, station);
      index = (gint) state->stations->len - 1;

      /* Board mode: every line through the point stops there (crossings, parallel runs). */
      for (guint s = 0; point != NULL && s < state->n; s++)
        for (guint l = 0; l < 2; l++)
          {
            LineRec *line = &state->lines[s][l];

            for (guint k = 1; k < line->path->len; k++)
              if (tk_metro_point_equal (g_array_index (line->path, TkMetroPoint, k), *point) &&
                  !add_stop (state, s, l, index, k, error))
                return -1;
          }
    }

  /* Other lines this station lies on (a crossing or the end of a parallel run). */
  {
    JsonArray *also = tk_rules_json_get_array (spec, "also");

    for (guint i = 0; also != NULL && i < json_array_get_length (also); i++)
      {
        JsonNode *node = json_array_get_element (also, i);
        JsonObject *entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
        int style = tk_rules_json_lookup (style_names, 2, tk_rules_json_get_string (entry, "line"));
        gint64 other, at;

        if (entry == NULL || style < 0 ||
            !tk_rules_json_read_int (entry, "seat", 0, state->n - 1, -1, &other, error) ||
            !tk_rules_json_read_int (entry, "at", 1, 1000, -1, &at, error))
          {
            if (error != NULL && *error == NULL)
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("“also” lists {\"seat\", \"line\", \"at\"}."));
            return -1;
          }
        if (!add_stop (state, other, style, index, at, error))
          return -1;
      }
  }
  return index;
}

static gint
find_marker (State *state,
             guint  seat,
             char   letter)
{
  for (guint m = 0; m < state->n_markers; m++)
    if (state->markers[m].letter == letter && state->markers[m].owner == seat)
      return (gint) m;
  return -1;
}

static gboolean
sides_close (gint a,
             gint b)
{
  gint d = ((a - b) % 6 + 6) % 6;

  return d == 0 || d == 1 || d == 5;
}

static guint
finished_lines (State *state,
                guint  seat)
{
  return (state->lines[seat][0].state == LINE_FINISHED) +
         (state->lines[seat][1].state == LINE_FINISHED);
}

static gboolean
seat_can_dig (State *state,
              guint  seat)
{
  for (guint l = 0; l < 2; l++)
    if (state->lines[seat][l].state == LINE_UNSTARTED ||
        state->lines[seat][l].state == LINE_RUNNING)
      return TRUE;
  return FALSE;
}

static gboolean
point_in_city_at (State   *state,
                  LineRec *line,
                  guint    at,
                  GError **error)
{
  if (at >= line->path->len ||
      !tk_metro_point_in_city (g_array_index (line->path, TkMetroPoint, at)))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("A station stands on a point of the city, not outside it."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
node_to_point (JsonNode     *node,
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

static gboolean
illegal (GError    **error,
         const char *message)
{
  g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, message);
  return FALSE;
}

/* Whether a line other than @seat's @style passes point @a (@b NULL) or runs along the segment
 * @a–@b, beside it (board mode). */
static gboolean
other_line_on (State              *state,
               guint               seat,
               guint               style,
               TkMetroPoint        a,
               const TkMetroPoint *b)
{
  for (guint s = 0; s < state->n; s++)
    for (guint l = 0; l < 2; l++)
      {
        GArray *path = state->lines[s][l].path;

        if (s == seat && l == style)
          continue;
        for (guint k = 1; k < path->len; k++)
          {
            TkMetroPoint p = g_array_index (path, TkMetroPoint, k - 1);
            TkMetroPoint q = g_array_index (path, TkMetroPoint, k);

            if (b == NULL ? tk_metro_point_equal (q, a)
                          : (tk_metro_point_equal (p, a) && tk_metro_point_equal (q, *b)) ||
                            (tk_metro_point_equal (p, *b) && tk_metro_point_equal (q, a)))
              return TRUE;
          }
      }
  return FALSE;
}

static gboolean
other_line_at (State        *state,
               guint         seat,
               guint         style,
               TkMetroPoint  p)
{
  return other_line_on (state, seat, style, p, NULL);
}

static gboolean
other_line_along (State        *state,
                  guint         seat,
                  guint         style,
                  TkMetroPoint  a,
                  TkMetroPoint  b)
{
  return other_line_on (state, seat, style, a, &b);
}

/* Seed 002: 「自分の路線が別の路線に合流した場合、または他の路線から離脱した場合に、その交点に
 * 配置されます」 — the station the rules put where a line meets or leaves another, built by
 * @seat, on every line through @point, scoring what it touches.  With no station left there is
 * none (駅が残っていない場合は、駅を設置はできません). */
static gboolean
junction_station (State        *state,
                  guint         seat,
                  TkMetroPoint  point,
                  GError      **error)
{
  g_autoptr(JsonObject) spec = json_object_new ();
  g_autoptr(GError) local_error = NULL;

  if (state->stations->len >= state->t.stations)
    return TRUE;
  for (guint k = 1;; k++)
    {
      g_autofree char *id = g_strdup_printf ("S%u", k);

      if (find_station (state, id) < 0)
        {
          json_object_set_string_member (spec, "station", id);
          break;
        }
    }
  if (station_from_spec (state, seat, spec, TRUE, &point, &local_error) < 0)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  state->step_junctions++;
  return TRUE;
}

/* Seed 002: a line ends on one of the three sides across from its start (with a rule table
 * from before this was kept, such an end is only warned about in the score). */
static gboolean
far_end (State    *state,
         LineRec  *line,
         gint      side,
         GError  **error)
{
  if (!state->t.far_ends || line->start_side < 0 || side < 0 ||
      !sides_close (line->start_side, side))
    return TRUE;
  return illegal (error, _("A line ends on one of the three sides across from its start."));
}

/* Board mode: one tunnel {"cell": [q, r, "up"|"down"], "to": [q, r]} at the end of a line,
 * checked against the seed's drawing rules. */
static gboolean
draw_tunnel (State    *state,
             guint     seat,
             guint     style,
             JsonNode *node,
             GError  **error)
{
  LineRec *line = &state->lines[seat][style];
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  TkMetroCell cell;
  TkMetroPoint to, from, corners[3];
  gboolean first = line->path->len == 0;
  gboolean finish = FALSE;
  gint side;

  if (object == NULL || !node_to_cell (tk_rules_json_member (object, "cell"), &cell) ||
      !node_to_point (tk_rules_json_member (object, "to"), &to))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A tunnel is {\"cell\": [q, r, \"up\" | \"down\"], \"to\": [q, r]}."));
      return FALSE;
    }
  if (line->state == LINE_FINISHED)
    return illegal (error, _("The line has reached its end."));
  side = tk_metro_cell_frame_side (cell);
  if (!tk_metro_cell_in_city (cell) && side < 0)
    return illegal (error, _("That cell is not on the board."));
  if (cells_contain (state->used, cell))
    return illegal (error, _("That cell already holds a tunnel."));
  if (cells_contain (state->rivers, cell) || cells_contain (state->forests, cell))
    return illegal (error, _("No tunnel goes on a river or a forest."));
  if (cells_contain (state->lake, cell) || cells_contain (state->park, cell))
    return illegal (error, _("No tunnel goes on the lake or the park."));

  tk_metro_cell_corners (cell, corners);
  if (first)
    {
      if (side < 0)
        return illegal (error, _("A line starts in a frame cell, at an arrow."));
      if (state->arrows->len > 0 && !cells_contain (state->arrows, cell))
        return illegal (error, state->end_arrows->len > 0
                               ? _("A line starts at a white arrow.")
                               : _("A line starts at an arrow."));
      for (guint i = 0; i < 3; i++)
        if (!tk_metro_point_in_city (corners[i]))
          from = corners[i];
      if (!tk_metro_point_in_city (to) || !tk_metro_cell_touches (cell, to))
        return illegal (error, _("The first tunnel runs from the arrow into the city."));
      g_array_append_val (line->path, from);
    }
  else
    {
      from = g_array_index (line->path, TkMetroPoint, line->path->len - 1);
      if (!tk_metro_cell_touches (cell, from) || !tk_metro_cell_touches (cell, to) ||
          tk_metro_point_equal (from, to))
        return illegal (error, _("A tunnel runs along a side of its cell from the line’s end: "
                                 "no branching."));
      if (side >= 0)
        {
          if (!tk_metro_point_in_city (to))
            {
              if (state->end_arrows->len > 0 && !cells_contain (state->end_arrows, cell))
                return illegal (error, _("A line ends at a black arrow."));
              if (state->end_arrows->len == 0 && state->arrows->len > 0 &&
                  !cells_contain (state->arrows, cell))
                return illegal (error, _("A line ends at an arrow."));
              if (!far_end (state, line, side, error))
                return FALSE;
              finish = TRUE;
            }
          else if (state->arrows->len == 0 || cells_contain (state->arrows, cell) ||
                   cells_contain (state->end_arrows, cell))
            return illegal (error, _("An arrow cell holds only a line’s start or end."));
        }
    }

  for (guint i = 0; i < line->path->len; i++)
    if (tk_metro_point_equal (g_array_index (line->path, TkMetroPoint, i), to))
      return illegal (error, _("A line may not go back or meet itself."));
  /* Leaving a line it ran beside: a station where they part (before the turn is checked: the
   * line may turn sharply there, at the station). */
  if (!first && state->t.junction_stations && line->path->len >= 2 &&
      station_at_point (state, from) < 0 &&
      other_line_along (state, seat, style,
                        g_array_index (line->path, TkMetroPoint, line->path->len - 2), from) &&
      !other_line_along (state, seat, style, from, to) &&
      !junction_station (state, seat, from, error))
    return FALSE;
  if (line->path->len >= 2)
    {
      gint d1 = tk_metro_heading (g_array_index (line->path, TkMetroPoint, line->path->len - 2),
                                  from);
      gint d2 = tk_metro_heading (from, to);
      gint turn = ((d2 - d1) % 6 + 6) % 6;

      if ((turn == 2 || turn == 4) && station_at_point (state, from) < 0)
        return illegal (error, _("A line turns sharply (60°) only at a station."));
    }

  g_array_append_val (line->path, to);
  g_array_append_val (line->cells, cell);
  g_array_append_val (state->used, cell);
  line->tunnels++;
  if (finish)
    {
      line->state = LINE_FINISHED;
      line->end_side = side;
    }
  else
    {
      gint s = station_at_point (state, to);

      if (s >= 0 && !add_stop (state, seat, style, s, line->tunnels, error))
        return FALSE;
      /* Meeting another line (not running on beside it): a station there, on both. */
      if (s < 0 && state->t.junction_stations && other_line_at (state, seat, style, to) &&
          !other_line_along (state, seat, style, from, to) &&
          !junction_station (state, seat, to, error))
        return FALSE;
    }
  return TRUE;
}

/* One step of a dig: {"line", "count", "start_side", "destination", "destination_near",
 * "stop", "end", "end_side", "bonus"}. */
static gboolean
apply_step (State      *state,
            guint       seat,
            JsonObject *step,
            gboolean   *placed_destination,
            guint      *dug,
            GError    **error)
{
  int style = tk_rules_json_lookup (style_names, 2, tk_rules_json_get_string (step, "line"));
  LineRec *line;
  gint64 count, side;
  const char *letter, *end;
  JsonArray *tunnels;
  gboolean blocked, station_only;
  JsonNode *node;
  g_autofree char *name = NULL;

  if (style < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("Each step of a dig names its line: “plain” or “striped”."));
      return FALSE;
    }
  line = &state->lines[seat][style];
  name = line_name (state, seat, style);
  state->step_junctions = 0;
  /* A line that cannot go on is marked a dead end, with the tunnels it could still dig (maybe
   * none). */
  blocked = g_strcmp0 (tk_rules_json_get_string (step, "end"), "dead_end") == 0;
  station_only = tk_rules_json_member (step, "stop") != NULL &&
  !JSON_NODE_HOLDS_NULL (tk_rules_json_member (step, "stop"));
  tunnels = tk_rules_json_get_array (step, "tunnels");
  if (state->board)
    {
      guint n = tunnels != NULL ? json_array_get_length (tunnels) : 0;

      /* No tunnel: a dead end, or a station where the line ends now (where it leaves a line it
       * ran beside, before digging on). */
      if ((n > 3 && !state->entry) || (n < 1 && !blocked && !station_only))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("On the board, each step lists its 1 to 3 tunnels."));
          return FALSE;
        }
      count = n;
    }
  else if (!tk_rules_json_read_int (step, "count", blocked ? 0 : 1, 3, blocked ? 0 : -1, &count,
                                    error))
    return FALSE;
  if (count == 0 && line->state == LINE_UNSTARTED)
    return illegal (error, blocked ? _("A line that has not started cannot be at a dead end.")
                                   : _("A station goes on a line that has started."));

  if (line->state == LINE_FINISHED || line->state == LINE_DEAD_END)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   line->state == LINE_FINISHED ? _("%s is finished.")
                                                : _("%s is at a dead end."), name);
      return FALSE;
    }
  if (line->state == LINE_UNSTARTED)
    {
      LineRec *other = &state->lines[seat][1 - style];
      gboolean forced;

      if (!state->entry && state->turns_taken < state->n && other->state != LINE_UNSTARTED)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("In the first round a player starts only one line."));
          return FALSE;
        }
      if (!tk_rules_json_read_int (step, "start_side", 0, 5, G_MAXINT32, &side, error) ||
          !tk_rules_json_read_bool (step, "far_sides_taken", FALSE, &forced, error))
        return FALSE;
      if (state->board)
        {
          JsonNode *first = json_array_get_element (tunnels, 0);
          TkMetroCell cell;

          side = G_MAXINT32;
          if (JSON_NODE_HOLDS_OBJECT (first) &&
              node_to_cell (tk_rules_json_member (json_node_get_object (first), "cell"), &cell) &&
              tk_metro_cell_frame_side (cell) >= 0)
            side = tk_metro_cell_frame_side (cell);
        }
      if (side != G_MAXINT32)
        {
          if (other->state != LINE_UNSTARTED && other->start_side >= 0 && !forced &&
              sides_close (other->start_side, side))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("The second line starts from one of the three sides away from "
                             "the first line’s start (unless all of them are taken)."));
              return FALSE;
            }
          line->start_side = side;
        }
      line->state = LINE_RUNNING;
    }
  if (line->tunnels + count > state->t.tunnels_per_line)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s has only %u tunnels left."), name,
                   state->t.tunnels_per_line - line->tunnels);
      return FALSE;
    }
  if (state->board)
    {
      for (guint i = 0; i < count; i++)
        if (!draw_tunnel (state, seat, style, json_array_get_element (tunnels, i), error))
          return FALSE;
    }
  else
    line->tunnels += count;
  *dug += count;

  letter = tk_rules_json_get_string (step, "destination");
  if (letter != NULL)
    {
      gint m = strlen (letter) == 1 ? find_marker (state, seat, letter[0]) : -1;
      JsonArray *near = tk_rules_json_get_array (step, "destination_near");

      if (m < 0 || state->markers[m].placed)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s holds no destination marker %s."), player_name (state, seat),
                       letter);
          return FALSE;
        }
      if (*placed_destination)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("A player places at most one destination marker a turn."));
          return FALSE;
        }
      *placed_destination = TRUE;
      state->markers[m].placed = TRUE;
      if (state->board)
        {
          TkMetroCell cell;
          gboolean dug_now = FALSE;

          if (!node_to_cell (tk_rules_json_member (step, "destination_cell"), &cell))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("On the board, a destination names its cell."));
              return FALSE;
            }
          for (guint i = state->used->len - count; i < state->used->len; i++)
            dug_now |= tk_metro_cell_equal (g_array_index (state->used, TkMetroCell, i), cell);
          if (!dug_now)
            return illegal (error, _("A destination marker goes on a cell the line has just "
                                     "reached."));
          /* Seed 002: 「同じアルファベットの拠点を隣接して置くことはできず」 */
          for (guint o = 0; o < state->n_markers; o++)
            if (o != (guint) m && state->markers[o].has_cell &&
                state->markers[o].letter == state->markers[m].letter &&
                tk_metro_cells_adjacent (state->markers[o].cell, cell))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("The other %c marker lies beside that cell: two markers of one "
                             "letter may not touch."), state->markers[m].letter);
              return FALSE;
            }
          if (state->spaces->len > 0)
            {
              gboolean fits = FALSE;

              for (guint i = 0; i < state->spaces->len; i++)
                fits |= tk_metro_cell_equal (g_array_index (state->spaces, TkMetroCell, i), cell) &&
                        g_array_index (state->space_kinds, guint, i) == state->markers[m].kind;
              if (!fits)
                return illegal (error, _("A destination marker goes on a printed destination "
                                         "space of its own kind."));
            }
          state->markers[m].has_cell = TRUE;
          state->markers[m].cell = cell;
          for (guint i = 0; i < state->stations->len; i++)
            {
              Station *station = state->stations->pdata[i];
              if (station->has_point && tk_metro_cell_touches (cell, station->point))
                {
                  station->near |= 1u << m;
                  /* A junction station of this very step scores the marker placed with it,
                   * as a station named in the step's "stop" would. */
                  if (state->spaces->len == 0 &&
                      i >= state->stations->len - state->step_junctions)
                    station->points = MIN (popcount_markers (station->near), 6);
                }
            }
        }
      for (guint i = 0; near != NULL && i < json_array_get_length (near); i++)
        {
          JsonNode *id = json_array_get_element (near, i);
          gint s = JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_STRING
                   ? find_station (state, json_node_get_string (id)) : -1;

          if (s < 0)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("“destination_near” names a station that does not exist."));
              return FALSE;
            }
          ((Station *) state->stations->pdata[s])->near |= 1u << m;
        }
    }

  node = tk_rules_json_member (step, "stop");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      TkMetroPoint end_point = { 0, 0 };
      gint s;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("“stop” is a station object."));
          return FALSE;
        }
      if (state->board && !point_in_city_at (state, line, line->path->len - 1, error))
        return FALSE;
      if (state->board)
        end_point = g_array_index (line->path, TkMetroPoint, line->path->len - 1);
      if ((s = station_from_spec (state, seat, json_node_get_object (node), FALSE,
                                  state->board ? &end_point : NULL, error)) < 0 ||
          (!(state->board && line_has_station (line, s)) && !add_stop (state, seat, style, s, line->tunnels, error)))
        return FALSE;
    }

  end = tk_rules_json_get_string (step, "end");
  if (state->board && line->state == LINE_FINISHED)
    end = "finished";
  else if (state->board && end != NULL && g_str_equal (end, "finished"))
    return illegal (error, _("On the board, a line is finished by a tunnel to an end arrow."));
  if (end != NULL && g_str_equal (end, "finished"))
    {
      if (!tk_rules_json_read_int (step, "end_side", 0, 5, G_MAXINT32, &side, error))
        return FALSE;
      if (side != G_MAXINT32 && !state->board && !far_end (state, line, side, error))
        return FALSE;
      if (side != G_MAXINT32)
        line->end_side = side;
      line->state = LINE_FINISHED;
      node = tk_rules_json_member (step, "bonus");
      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *bonus = json_node_get_object (node);
          gint64 at;
          gint s;

          if (!tk_rules_json_read_int (bonus, "at", 1, line->tunnels, -1, &at, error) ||
              (state->board && !point_in_city_at (state, line, at, error)) ||
              (s = station_from_spec (state, seat, bonus, TRUE,
                                      state->board ? &g_array_index (line->path, TkMetroPoint, at)
                                                   : NULL, error)) < 0 ||
              (!(state->board && line_has_station (line, s)) && !add_stop (state, seat, style, s, at, error)))
            return FALSE;
        }
    }
  else if (end != NULL && g_str_equal (end, "dead_end"))
    line->state = LINE_DEAD_END;
  else if (end != NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A line’s end is “finished” or “dead_end”."));
      return FALSE;
    }
  else if (tk_rules_json_member (step, "bonus") != NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("The bonus station comes only with finishing a line."));
      return FALSE;
    }
  /* Out of tunnels without reaching an end: nothing more can be dug. */
  if (line->state == LINE_RUNNING && line->tunnels == state->t.tunnels_per_line)
    line->state = LINE_DEAD_END;
  return TRUE;
}

static guint
lines_done (State *state)
{
  guint done = 0;

  for (guint s = 0; s < state->n; s++)
    for (guint l = 0; l < 2; l++)
      done += state->lines[s][l].state == LINE_FINISHED ||
              state->lines[s][l].state == LINE_DEAD_END;
  return done;
}

static void
end_turn (State *state)
{
  state->turns_taken++;
  /* Entering a finished board: no turns, the players say when it is all there. */
  if (state->entry)
    return;
  state->turn = (state->turn + 1) % state->n;
  if (state->final_turns >= 0)
    {
      if (--state->final_turns <= 0)
        state->over = TRUE;
      return;
    }
  for (guint s = 0; s < state->n; s++)
    if (finished_lines (state, s) == 2)
      state->final_turns = state->n - 1;
  if (state->stations->len >= state->t.stations || lines_done (state) >= state->t.end_lines)
    state->final_turns = state->n - 1;
  if (state->final_turns == 0)
    state->over = TRUE;
}

static gboolean
check_turn (State       *state,
            JsonObject  *action,
            guint       *seat,
            GError     **error)
{
  gint64 value;

  if (!tk_rules_json_read_int (action, "seat", 0, state->n - 1, -1, &value, error))
    return FALSE;
  if (state->over)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("The building is over: every test trip has been run."));
      return FALSE;
    }
  /* A finished board is entered line by line in any order: whoever's lines come next. */
  if (state->entry)
    state->turn = value;
  if (value != state->turn)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("It is %s’s turn, not %s’s."), player_name (state, state->turn),
                   player_name (state, value));
      return FALSE;
    }
  *seat = value;
  return TRUE;
}

/* {"type": "board", "lake": [cell…]?, "park": [cell…]?, "arrows": [frame cell…]?}: the printed
 * features the players copy from their board, at any time (a forgotten lake can be entered
 * later).  Each set given replaces the old one; what the stations touch follows. */
static gboolean
apply_board (State       *state,
             JsonObject  *action,
             GError     **error)
{
  static const char *const names[] = { "lake", "park", "arrows", "end_arrows", "rivers",
                                       "forests" };
  GArray *sets[] = { state->lake, state->park, state->arrows, state->end_arrows, state->rivers,
                     state->forests };

  if (!state->board)
    return illegal (error, _("This game was set up without the board: its lines are entered "
                             "as stops."));
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autoptr(GArray) cells = NULL;

      if (tk_rules_json_get_array (action, names[k]) == NULL)
        continue;
      cells = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
      if (!read_cells (action, names[k], k == 2 || k == 3, cells, error))
        return FALSE;
      for (guint i = 0; k >= 4 && i < cells->len; i++)
        if (cells_contain (state->used, g_array_index (cells, TkMetroCell, i)))
          return illegal (error, _("A tunnel runs through that cell: it cannot be a river or a "
                                   "forest."));
      for (guint i = 0; k < 2 && i < cells->len; i++)
        {
          TkMetroCell cell = g_array_index (cells, TkMetroCell, i);

          if (cells_contain (state->used, cell))
            return illegal (error, _("A tunnel runs through that cell: it cannot be the lake "
                                     "or the park."));
          for (guint m = 0; m < state->n_markers; m++)
            if (state->markers[m].has_cell && tk_metro_cell_equal (state->markers[m].cell, cell))
              return illegal (error, _("A destination marker lies on that cell: it cannot be "
                                       "the lake or the park."));
          /* Against the other feature as it stays (both given: checked below). */
          if (tk_rules_json_get_array (action, names[1 - k]) == NULL &&
              cells_contain (sets[1 - k], cell))
            return illegal (error, _("A cell cannot be both the lake and the park."));
        }
      g_array_set_size (sets[k], 0);
      g_array_append_vals (sets[k], cells->data, cells->len);
    }
  if (tk_rules_json_get_array (action, "lake") != NULL && tk_rules_json_get_array (action,
                                                                                   "park") != NULL)
    for (guint i = 0; i < state->lake->len; i++)
      if (cells_contain (state->park, g_array_index (state->lake, TkMetroCell, i)))
        return illegal (error, _("A cell cannot be both the lake and the park."));
  if (tk_rules_json_get_array (action, "spaces") != NULL)
    {
      g_array_set_size (state->spaces, 0);
      g_array_set_size (state->space_kinds, 0);
      if (!read_spaces (action, state->spaces, state->space_kinds, error))
        return FALSE;
      /* Entered late (or corrected): the stations' points follow the printed spaces. */
      for (guint i = 0; i < state->stations->len; i++)
        {
          Station *station = state->stations->pdata[i];

          if (station->has_point)
            station->points = state->spaces->len > 0 ? spaces_touching (state, station->point)
                                                     : popcount_markers (station->near);
        }
    }
  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];

      if (!station->has_point)
        continue;
      station->near &= ~((1u << NEAR_LAKE) | (1u << NEAR_PARK));
      if (cells_touch (state->lake, station->point))
        station->near |= 1u << NEAR_LAKE;
      if (cells_touch (state->park, station->point))
        station->near |= 1u << NEAR_PARK;
    }
  return TRUE;
}

static gboolean
apply_work (State       *state,
            JsonObject  *action,
            GError     **error)
{
  const char *type = tk_rules_json_type (action);
  guint seat;

  if (type == NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, _("The action has no type."));
      return FALSE;
    }

  if (g_str_equal (type, "deal"))
    {
      JsonArray *deal = tk_rules_json_get_array (action, "destinations");

      if (state->turns_taken > 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("The destination markers are dealt before the first turn."));
          return FALSE;
        }
      if (deal == NULL)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The deal has no list of destinations."));
          return FALSE;
        }
      return read_deal (state, deal, error);
    }

  if (g_str_equal (type, "dig"))
    {
      JsonArray *steps = tk_rules_json_get_array (action, "steps");
      gboolean placed = FALSE;
      guint dug = 0;

      if (!check_turn (state, action, &seat, error))
        return FALSE;
      if (state->n_markers == 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Deal the destination markers first."));
          return FALSE;
        }
      if (steps == NULL || json_array_get_length (steps) == 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("A dig lists its steps."));
          return FALSE;
        }
      for (guint i = 0; i < json_array_get_length (steps); i++)
        {
          JsonNode *node = json_array_get_element (steps, i);

          if (!JSON_NODE_HOLDS_OBJECT (node))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("A step of a dig is an object."));
              return FALSE;
            }
          if (state->entry)
            placed = FALSE;            /* a finished board: every marker of the line at once */
          if (!apply_step (state, seat, json_node_get_object (node), &placed, &dug, error))
            return FALSE;
          if (dug > 3 && !state->entry)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("A turn digs at most 3 tunnels."));
              return FALSE;
            }
        }
      if (dug < 3 && !state->draft && !state->entry && seat_can_dig (state, seat))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("A turn digs 3 tunnels, fewer only when no line can go on."));
          return FALSE;
        }
      end_turn (state);
      return TRUE;
    }

  if (g_str_equal (type, "station"))
    {
      int style = tk_rules_json_lookup (style_names, 2, tk_rules_json_get_string (action, "line"));
      LineRec *line;
      gint64 at;
      gboolean before = TRUE, after = FALSE;
      gint s;

      if (!check_turn (state, action, &seat, error))
        return FALSE;
      if (style < 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The station action names its line: “plain” or “striped”."));
          return FALSE;
        }
      line = &state->lines[seat][style];
      if (line->state == LINE_FINISHED || line->state == LINE_UNSTARTED)
        {
          g_autofree char *name = line_name (state, seat, style);
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("A station between two stations goes on a line that has been started "
                         "and has no end marker; %s has not."), name);
          return FALSE;
        }
      if (!tk_rules_json_read_int (action, "at", 1, G_MAXINT32, -1, &at, error))
        return FALSE;
      for (guint i = 0; i < line->stops->len; i++)
        if (g_array_index (line->stops, Stop, i).pos > at)
          after = TRUE;
      if (!before || !after)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("A station built instead of digging goes between two stations of "
                         "the line (its start counts as one)."));
          return FALSE;
        }
      if ((state->board && (at >= line->path->len ||
                            !point_in_city_at (state, line, at, error))) ||
          (s = station_from_spec (state, seat, action, TRUE,
                                  state->board ? &g_array_index (line->path, TkMetroPoint, at)
                                               : NULL, error)) < 0 ||
          (!(state->board && line_has_station (line, s)) && !add_stop (state, seat, style, s, at, error)))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                         _("The line has no tunnel %d."), (int) CLAMP (at, 0, G_MAXINT));
          return FALSE;
        }
      end_turn (state);
      return TRUE;
    }

  if (g_str_equal (type, "pass"))
    {
      if (!check_turn (state, action, &seat, error))
        return FALSE;
      if (seat_can_dig (state, seat))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s can still dig, so cannot pass."), player_name (state, seat));
          return FALSE;
        }
      end_turn (state);
      return TRUE;
    }

  if (g_str_equal (type, "board"))
    return apply_board (state, action, error);

  if (g_str_equal (type, "board_done"))
    {
      if (!state->entry)
        return illegal (error, _("Only a board entered after the game is declared complete; "
                                 "a game played here ends by its rules."));
      if (state->over)
        return illegal (error, _("The board is already complete."));
      state->over = TRUE;
      return TRUE;
    }

  if (g_str_equal (type, "first_turn"))
    {
      gint64 first;

      if (state->turns_taken > 0 && !state->entry)
        return illegal (error, _("The first player is chosen before the first turn."));
      if (!tk_rules_json_read_int (action, "seat", 0, state->n - 1, -1, &first, error))
        return FALSE;
      state->turn = first;
      return TRUE;
    }

  if (g_str_equal (type, "near"))
    {
      gint s = find_station (state, tk_rules_json_get_string (action, "station"));
      guint32 near;

      if (s < 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("There is no such station."));
          return FALSE;
        }
      if (!read_near (state, action, &near, error))
        return FALSE;
      ((Station *) state->stations->pdata[s])->near |= near;
      return TRUE;
    }

  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("Metromania does not know the action “%s”."), type);
  return FALSE;
}

static gboolean
apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  State *state = data;
  State *work = state_copy (state);
  State swap;

  if (!apply_work (work, action, error))
    {
      state_free (work);
      return FALSE;
    }
  swap = *state;
  *state = *work;
  *work = swap;
  state_free (work);
  return TRUE;
}

/* ---- scoring ---- */

typedef struct
{
  TkMetroNet *net;
  guint       line_seat[MAX_SEATS * 2];
  guint       line_style[MAX_SEATS * 2];
} Net;

static void
build_net (State *state,
           Net   *net)
{
  net->net = tk_metro_net_new (state->stations->len);
  for (guint s = 0; s < state->n; s++)
    for (guint l = 0; l < 2; l++)
      {
        LineRec *line = &state->lines[s][l];
        guint n = line->stops->len;
        g_autofree guint *stops = g_new (guint, MAX (n, 1));
        g_autofree guint *segs = g_new (guint, MAX (n, 1));
        gint index;

        if (n == 0)
          continue;
        for (guint i = 0; i < n; i++)
          {
            stops[i] = g_array_index (line->stops, Stop, i).station;
            if (i + 1 < n)
              segs[i] = g_array_index (line->stops, Stop, i + 1).pos -
                        g_array_index (line->stops, Stop, i).pos;
          }
        index = tk_metro_net_add_line (net->net, stops, segs, n);
        g_assert (index >= 0);
        net->line_seat[index] = s;
        net->line_style[index] = l;
      }
}

static GArray *
stations_near (State  *state,
               guint32 mask)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < state->stations->len; i++)
    if (((Station *) state->stations->pdata[i])->near & mask)
      g_array_append_val (out, i);
  return out;
}

static char *
route_text (State        *state,
            Net          *net,
            TkMetroRoute *route)
{
  GString *text = g_string_new (NULL);

  if (route->legs->len == 0)
    return g_string_free (text, FALSE);
  for (guint i = 0; i < route->legs->len; i++)
    {
      TkMetroLeg *leg = &g_array_index (route->legs, TkMetroLeg, i);
      g_autofree char *name = line_name (state, net->line_seat[leg->line],
                                         net->line_style[leg->line]);

      if (i > 0)
        /* TRANSLATORS: between two rides of a route; %u is the change's minutes */
        g_string_append_printf (text, _(", change (%u), "), state->t.change_cost);
      /* TRANSLATORS: one ride of a route: line, from station, to station, minutes */
      g_string_append_printf (text, _("%s %s → %s (%u)"), name,
                              ((Station *) state->stations->pdata[leg->from_station])->id,
                              ((Station *) state->stations->pdata[leg->to_station])->id,
                              leg->time);
    }
  return g_string_free (text, FALSE);
}

typedef struct
{
  gint station_raw[MAX_SEATS];
  gint station_kept[MAX_SEATS];
  gint trip[N_LETTERS + 1][MAX_SEATS];
} Points;

static void
add_reason (JsonArray  *scorers,
            guint       seat,
            gint        points,
            const char *reason)
{
  JsonObject *entry = json_object_new ();

  json_object_set_int_member (entry, "seat", seat);
  json_object_set_int_member (entry, "points", points);
  json_object_set_string_member (entry, "reason", reason);
  json_array_add_object_element (scorers, entry);
}

/* One test trip; fills the trip's row of @points and returns its JSON. */
static JsonObject *
run_trip (State   *state,
          Net     *net,
          guint    index,     /* 0–5 letters, 6 lake–park */
          Points  *points,
          GString *explain)
{
  JsonObject *trip_json = json_object_new ();
  JsonArray *scorers = json_array_new ();
  JsonArray *routes = json_array_new ();
  JsonArray *lines = json_array_new ();
  g_autofree char *title = NULL;
  guint32 mask_a = 0, mask_b = 0;
  gint marker[2] = { -1, -1 };
  gboolean penalised[MAX_SEATS] = { FALSE };
  gboolean any_penalty = FALSE;
  const char *failure = NULL;

  if (index < N_LETTERS)
    {
      char letter = 'A' + index;
      guint k = 0;

      for (guint m = 0; m < state->n_markers && k < 2; m++)
        if (state->markers[m].letter == letter)
          marker[k++] = m;
      title = g_strdup_printf ("%c", letter);
      if (marker[0] >= 0)
        {
          mask_a = 1u << marker[0];
          mask_b = 1u << marker[1];
        }
    }
  else
    {
      title = g_strdup (_("Lake–park"));
      mask_a = 1u << NEAR_LAKE;
      mask_b = 1u << NEAR_PARK;
    }
  json_object_set_string_member (trip_json, "trip", index < N_LETTERS ? title : "lake-park");

  /* The three causes of a failed letter trip, each naming whom it costs. */
  if (index < N_LETTERS && marker[0] < 0)
    failure = "no_deal";
  else if (index < N_LETTERS)
    {
      gboolean placed[2], has_station[2];

      for (guint k = 0; k < 2; k++)
        {
          g_autoptr(GArray) near = stations_near (state, 1u << marker[k]);

          placed[k] = state->markers[marker[k]].placed;
          has_station[k] = placed[k] && near->len > 0;
        }
      for (guint k = 0; k < 2; k++)
        if (!placed[k])
          {
            guint owner = state->markers[marker[k]].owner;
            penalised[owner] = TRUE;
            any_penalty = TRUE;
            failure = "not_placed";
            add_reason (scorers, owner, -(gint) state->t.penalty,
                        _("destination still in hand"));
          }
      if (!has_station[0] || !has_station[1])
        for (guint k = 0; k < 2; k++)
          if (placed[k] && (!has_station[k] || (placed[0] && placed[1])) &&
              !penalised[state->markers[marker[k]].owner])
            {
              guint owner = state->markers[marker[k]].owner;
              penalised[owner] = TRUE;
              any_penalty = TRUE;
              if (failure == NULL)
                failure = "no_station";
              add_reason (scorers, owner, -(gint) state->t.penalty,
                          _("no station beside a destination"));
            }
    }

  if (failure == NULL)
    {
      g_autoptr(GArray) from = stations_near (state, mask_a);
      g_autoptr(GArray) to = stations_near (state, mask_b);
      g_autoptr(TkMetroTrip) trip = NULL;
      gboolean rode[MAX_SEATS] = { FALSE };

      trip = tk_metro_trip_compute (net->net, (guint *) from->data, from->len,
                                    (guint *) to->data, to->len, state->t.unit,
                                    state->t.change_cost, MAX_ROUTES);
      json_object_set_int_member (trip_json, "time", trip->time);
      json_object_set_int_member (trip_json, "n_routes", trip->n_routes);
      for (guint r = 0; r < trip->routes->len; r++)
        {
          g_autofree char *text = route_text (state, net, trip->routes->pdata[r]);
          json_array_add_string_element (routes, text);
        }
      for (guint l = 0; l < trip->n_lines; l++)
        if (trip->lines_used[l])
          {
            JsonObject *entry = json_object_new ();

            json_object_set_int_member (entry, "seat", net->line_seat[l]);
            json_object_set_string_member (entry, "line", style_names[net->line_style[l]]);
            json_array_add_object_element (lines, entry);
            rode[net->line_seat[l]] = TRUE;
          }

      if (trip->time < 0 && index < N_LETTERS)
        {
          failure = "not_connected";
          for (guint k = 0; k < 2; k++)
            {
              guint owner = state->markers[marker[k]].owner;
              penalised[owner] = TRUE;
              any_penalty = TRUE;
              add_reason (scorers, owner, -(gint) state->t.penalty,
                          _("destinations not connected"));
            }
        }
      else if (trip->time < 0)
        failure = from->len == 0 || to->len == 0 ? "no_station" : "not_connected";
      else
        for (guint s = 0; s < state->n; s++)
          {
            gboolean placer = index < N_LETTERS &&
                              (state->markers[marker[0]].owner == s ||
                               state->markers[marker[1]].owner == s);
            if (!rode[s])
              continue;
            if (index == N_LETTERS)
              {
                points->trip[index][s] = state->t.lake_park_points;
                add_reason (scorers, s, state->t.lake_park_points,
                            _("rode the fastest lake–park route"));
              }
            else
              {
                points->trip[index][s] = placer ? state->t.placer_points
                                                : state->t.rider_points;
                add_reason (scorers, s, points->trip[index][s],
                            placer ? _("placed a destination and rode the fastest route")
                                   : _("rode the fastest route"));
              }
          }
    }

  if (any_penalty)
    for (guint s = 0; s < state->n; s++)
      {
        if (!state->t.bga_variant && penalised[s])
          points->trip[index][s] = -(gint) state->t.penalty;
        else if (state->t.bga_variant && !penalised[s])
          {
            points->trip[index][s] = state->t.penalty;
            add_reason (scorers, s, state->t.penalty,
                        _("Board Game Arena variant: another player’s trip failed"));
          }
      }
  if (state->t.bga_variant)
    {
      /* In the variant the penalised players lose nothing: drop their −6 lines. */
      JsonArray *kept = json_array_new ();

      for (guint i = 0; i < json_array_get_length (scorers); i++)
        {
          JsonObject *entry = json_array_get_object_element (scorers, i);
          if (json_object_get_int_member (entry, "points") >= 0)
            json_array_add_object_element (kept, json_object_ref (entry));
          else
            {
              JsonObject *copy = json_object_new ();
              json_object_set_int_member (copy, "seat", json_object_get_int_member (entry, "seat"));
              json_object_set_int_member (copy, "points", 0);
              json_object_set_string_member (copy, "reason",
                                             json_object_get_string_member (entry, "reason"));
              json_array_add_object_element (kept, copy);
            }
        }
      json_array_unref (scorers);
      scorers = kept;
    }

  if (failure != NULL)
    json_object_set_string_member (trip_json, "failure", failure);
  json_object_set_array_member (trip_json, "routes", routes);
  json_object_set_array_member (trip_json, "lines", lines);
  json_object_set_array_member (trip_json, "scorers", scorers);

  /* The explanation line. */
  if (index < N_LETTERS)
    g_string_append_printf (explain, _("Trip %s: "), title);
  else
    g_string_append_printf (explain, _("%s: "), title);
  if (json_object_has_member (trip_json, "time") &&
      json_object_get_int_member (trip_json, "time") >= 0)
    {
      g_string_append_printf (explain, _("%d min"),
                              (int) json_object_get_int_member (trip_json, "time"));
      for (guint r = 0; r < json_array_get_length (routes); r++)
        g_string_append_printf (explain, r == 0 ? _(" by %s") : _(" or %s"),
                                json_array_get_string_element (routes, r));
      if (json_object_get_int_member (trip_json, "time") == 0)
        g_string_append (explain, _(" (a station touches both ends: nobody rides)"));
    }
  else if (g_strcmp0 (failure, "not_placed") == 0)
    g_string_append (explain, _("a destination is still in hand"));
  else if (g_strcmp0 (failure, "no_station") == 0)
    g_string_append (explain, _("no station beside an end"));
  else if (g_strcmp0 (failure, "no_deal") == 0)
    g_string_append (explain, _("not dealt"));
  else
    g_string_append (explain, _("the ends are not connected"));
  for (guint i = 0; i < json_array_get_length (scorers); i++)
    {
      JsonObject *entry = json_array_get_object_element (scorers, i);

      g_string_append_printf (explain, "; %s %+d (%s)",
                              player_name (state, json_object_get_int_member (entry, "seat")),
                              (int) json_object_get_int_member (entry, "points"),
                              json_object_get_string_member (entry, "reason"));
    }
  g_string_append_c (explain, '\n');
  return trip_json;
}

static guint
tunnels_of (State *state,
            guint  seat)
{
  return state->lines[seat][0].tunnels + state->lines[seat][1].tunnels;
}

static gint
total_of (State  *state,
          Points *points,
          guint   seat)
{
  gint total = points->station_kept[seat];

  for (guint t = 0; t <= N_LETTERS; t++)
    total += points->trip[t][seat];
  return total;
}

static JsonObject *
score (gpointer data)
{
  State *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *trips = json_array_new ();
  JsonArray *warnings = json_array_new ();
  g_autoptr(GString) explain = g_string_new (NULL);
  Points points = { { 0 } };
  Net net = { 0 };

  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];
      if (station->builder >= 0 && (guint) station->builder < state->n)
        points.station_raw[station->builder] += station->points;
    }
  for (guint s = 0; s < state->n; s++)
    {
      guint f = finished_lines (state, s);
      points.station_kept[s] = f == 2 ? points.station_raw[s]
                               : f == 1 ? points.station_raw[s] / 2 : 0;
      for (guint l = 0; l < 2; l++)
        {
          LineRec *line = &state->lines[s][l];
          if (line->state == LINE_FINISHED && line->start_side >= 0 && line->end_side >= 0 &&
              sides_close (line->start_side, line->end_side))
            {
              g_autofree char *name = line_name (state, s, l);
              g_autofree char *text = g_strdup_printf (
                _("%s ends on its start’s side or a side next to it: check it against the "
                  "board."), name);
              json_array_add_string_element (warnings, text);
            }
        }
    }

  build_net (state, &net);
  for (guint t = 0; t <= N_LETTERS; t++)
    json_array_add_object_element (trips, run_trip (state, &net, t, &points, explain));
  tk_metro_net_free (net.net);

  for (guint s = 0; s < state->n; s++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, s);
      gint total = total_of (state, &points, s);
      guint rank = 1;
      JsonObject *entry;

      for (guint o = 0; o < state->n; o++)
        {
          gint other = total_of (state, &points, o);
          if (other > total ||
              (other == total && finished_lines (state, o) > finished_lines (state, s)) ||
              (other == total && finished_lines (state, o) == finished_lines (state, s) &&
               tunnels_of (state, o) > tunnels_of (state, s)))
            rank++;
        }

      entry = json_object_new ();
      json_object_set_string_member (entry, "label", _("Stations"));
      json_object_set_int_member (entry, "points", points.station_raw[s]);
      json_array_add_object_element (breakdown, entry);
      entry = json_object_new ();
      json_object_set_string_member (entry, "label", _("Unfinished lines"));
      json_object_set_int_member (entry, "points",
                                  points.station_kept[s] - points.station_raw[s]);
      json_array_add_object_element (breakdown, entry);
      for (guint t = 0; t <= N_LETTERS; t++)
        {
          g_autofree char *label = t < N_LETTERS ? g_strdup_printf (_("Trip %c"), 'A' + t)
                                                 : g_strdup (_("Lake–park"));
          entry = json_object_new ();
          json_object_set_string_member (entry, "label", label);
          json_object_set_int_member (entry, "points", points.trip[t][s]);
          json_array_add_object_element (breakdown, entry);
        }

      json_object_set_int_member (player, "seat", s);
      json_object_set_string_member (player, "name", player_name (state, s));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_int_member (player, "total", total);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      json_object_set_int_member (player, "finished_lines", finished_lines (state, s));
      json_object_set_int_member (player, "tunnels", tunnels_of (state, s));
      json_array_add_object_element (players, player);
    }

  json_object_set_array_member (result, "players", players);
  json_object_set_array_member (result, "trips", trips);
  json_object_set_array_member (result, "warnings", warnings);
  json_object_set_boolean_member (result, "over", state->over);
  json_object_set_string_member (result, "explanation", explain->str);
  return result;
}

/* ---- the plain network form ---- */

static JsonObject *
to_json (gpointer data)
{
  State *state = data;
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
      json_object_set_string_member (player, "name", player_name (state, s));
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (object, "players", players);
  json_object_set_object_member (object, "rules", table_to_json (&state->t));

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
        json_object_set_member (entry, "point", point_to_node (station->point));
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
              json_array_add_element (path, point_to_node (g_array_index (line->path,
                                                                          TkMetroPoint, i)));
            json_object_set_array_member (entry, "path", path);
            path = json_array_new ();
            for (guint i = 0; i < line->cells->len; i++)
              json_array_add_element (path, cell_to_node (g_array_index (line->cells,
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
        json_object_set_member (entry, "cell", cell_to_node (state->markers[m].cell));
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
            json_array_add_element (cells, cell_to_node (g_array_index (sets[k], TkMetroCell, i)));
          json_object_set_array_member (board, names[k], cells);
        }
      {
        JsonArray *spaces = json_array_new ();

        for (guint i = 0; i < state->spaces->len; i++)
          {
            JsonObject *space = json_object_new ();

            json_object_set_member (space, "cell",
                                    cell_to_node (g_array_index (state->spaces, TkMetroCell, i)));
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
mark_stations (State     *state,
               JsonArray *ids,
               guint32    bit,
               GError   **error)
{
  for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
    {
      JsonNode *node = json_array_get_element (ids, i);
      gint s = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
               ? find_station (state, json_node_get_string (node)) : -1;

      if (s < 0)
        return invalid (error, _("A destination, the lake or the park names a station that "
                                 "the file does not list."));
      ((Station *) state->stations->pdata[s])->near |= bit;
    }
  return TRUE;
}

static State *
network_read (JsonObject  *file,
              GError     **error)
{
  g_autoptr(JsonObject) setup = json_object_new ();
  JsonArray *players = tk_rules_json_get_array (file, "players");
  JsonArray *stations = tk_rules_json_get_array (file, "stations");
  JsonArray *lines = tk_rules_json_get_array (file, "lines");
  JsonArray *destinations = tk_rules_json_get_array (file, "destinations");
  JsonNode *rules = tk_rules_json_member (file, "rules");
  State *state;

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

      if (id == NULL || *id == '\0' || find_station (state, id) >= 0)
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
      int line_state = state_name == NULL ? LINE_RUNNING
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
      if (line->state != LINE_UNSTARTED || line->stops->len > 0)
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
              gint s = find_station (state, json_node_get_string (stop));

              if (s < 0)
                {
                  invalid (error, _("A line stops at a station that the file does not list."));
                  goto fail;
                }
              if (!add_stop (state, seat, style, s, pos, error))
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
                                   line_state == LINE_UNSTARTED ? 0 : MAX (pos, 1), &tunnels,
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
  state_free (state);
  return NULL;
}

JsonObject *
tk_metromania_network_score (JsonObject  *network,
                             GError     **error)
{
  State *state;
  JsonObject *result;

  g_return_val_if_fail (network != NULL, NULL);
  state = network_read (network, error);
  if (state == NULL)
    return NULL;
  result = score (state);
  state_free (state);
  return result;
}

/* ---- ledger lines ---- */

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  State *state = data;
  const char *type = tk_rules_json_type (action);
  JsonNode *seat_node = tk_rules_json_member (action, "seat");
  gint64 seat = seat_node != NULL && JSON_NODE_HOLDS_VALUE (seat_node) &&
                json_node_get_value_type (seat_node) == G_TYPE_INT64
                ? json_node_get_int (seat_node) : -1;
  const char *name = seat >= 0 && seat < state->n ? player_name (state, seat) : "?";

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
  .default_setup = default_setup,
  .state_new = state_new,
  .state_copy = state_copy,
  .apply = apply,
  .score = score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = state_free,
};

const TkRules *
tk_metromania_rules_get (void)
{
  return &metromania_rules;
}

gboolean
tk_metromania_rules_check_draft (gpointer     state,
                                 JsonObject  *action,
                                 GError     **error)
{
  State *work;
  gboolean ok;

  g_return_val_if_fail (state != NULL && action != NULL, FALSE);

  work = state_copy (state);
  work->draft = TRUE;
  ok = apply_work (work, action, error);
  state_free (work);
  return ok;
}
