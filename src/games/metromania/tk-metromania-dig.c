/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-dig.c — Metromania: the edits of the network a turn is made of.  Finds and
 * adds stations and stops, reads the neighbours of a station and the destination markers, and
 * checks and draws one tunnel on the board (the city, other lines, junction stations, the far
 * ends).  The turns (tk-metromania-turns.c) call these one step at a time.
 */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-metromania-rules-private.h"

/* ---- network edits ---- */

gint
tk_metromania_find_station (TkMetromaniaState *state,
              const char        *id)
{
  for (guint i = 0; id != NULL && i < state->stations->len; i++)
    if (g_str_equal (((Station *) state->stations->pdata[i])->id, id))
      return (gint) i;
  return -1;
}

gboolean
tk_metromania_line_has_station (LineRec *line,
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

char *
tk_metromania_line_name (TkMetromaniaState *state,
           guint              seat,
           guint              style)
{
  /* TRANSLATORS: a subway line: "Ana’s plain line", "Ana’s striped line" */
  return style == 0 ? g_strdup_printf (_("%s’s plain line"), tk_metromania_player_name (state, seat))
                    : g_strdup_printf (_("%s’s striped line"), tk_metromania_player_name (state, seat));
}

/* Puts @station on a line at @pos (1 … tunnels), keeping stops in order. */
gboolean
tk_metromania_add_stop (TkMetromaniaState *state,
          guint              seat,
          guint              style,
          guint              station,
          guint              pos,
          GError           **error)
{
  LineRec *line = &state->lines[seat][style];
  Stop stop = { station, pos };
  guint i;

  if (pos < 1 || pos > line->tunnels)
    {
      g_autofree char *name = tk_metromania_line_name (state, seat, style);
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s has no tunnel %u: it has %u tunnels."), name, pos, line->tunnels);
      return FALSE;
    }
  if (tk_metromania_line_has_station (line, station))
    {
      g_autofree char *name = tk_metromania_line_name (state, seat, style);
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s already stops at station %s: a line may not meet itself."), name,
                   ((Station *) state->stations->pdata[station])->id);
      return FALSE;
    }
  if (line_has_stop_at (line, pos))
    {
      g_autofree char *name = tk_metromania_line_name (state, seat, style);
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
gboolean
tk_metromania_read_near (TkMetromaniaState *state,
           JsonObject        *object,
           guint32           *out,
           GError           **error)
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
                       tk_metromania_player_name (state, seat), letter);
          return FALSE;
        }
      *out |= 1u << m;
    }
  return TRUE;
}

guint
tk_metromania_popcount_markers (guint32 near)
{
  guint n = 0;

  for (guint m = 0; m < MAX_MARKERS; m++)
    n += (near >> m) & 1;
  return n;
}

/* Seed 002: 「接している拠点の数だけ1点」 — a station scores one point per printed destination
 * space it touches, whether a marker lies there or not (board mode, spaces entered). */
guint
tk_metromania_spaces_touching (TkMetromaniaState *state,
                 TkMetroPoint       point)
{
  guint n = 0;

  for (guint i = 0; i < state->spaces->len; i++)
    n += tk_metro_cell_touches (g_array_index (state->spaces, TkMetroCell, i), point);
  return MIN (n, 6);
}

/* A station named in @spec ({"station", "points", "near", "also"}): an existing one (joined,
 * no points) or a new one built by @seat.  Returns its index or −1. */
gint
tk_metromania_station_from_spec (TkMetromaniaState  *state,
                                 guint               seat,
                                 JsonObject         *spec,
                                 gboolean            must_be_new,
                                 const TkMetroPoint *point,
                                 GError            **error)
{
  const char *id = tk_rules_json_get_string (spec, "station");
  gint index = tk_metromania_find_station (state, id);
  guint32 near;

  /* Board mode: the point decides; a station standing there is that station. */
  if (point != NULL)
    {
      gint there = tk_metromania_station_at_point (state, *point);

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
  if (!tk_metromania_read_near (state, spec, &near, error))
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
          if (tk_metromania_cells_touch (state->lake, *point))
            near |= 1u << NEAR_LAKE;
          if (tk_metromania_cells_touch (state->park, *point))
            near |= 1u << NEAR_PARK;
          for (guint m = 0; m < state->n_markers; m++)
            if (state->markers[m].has_cell &&
                tk_metro_cell_touches (state->markers[m].cell, *point))
              near |= 1u << m;
        }
      if (!tk_rules_json_read_int (spec, "points", 0, 6,
                                   point != NULL && state->spaces->len > 0
                                   ? tk_metromania_spaces_touching (state, *point) : tk_metromania_popcount_markers (near),
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
                  !tk_metromania_add_stop (state, s, l, index, k, error))
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
        if (!tk_metromania_add_stop (state, other, style, index, at, error))
          return -1;
      }
  }
  return index;
}

gint
tk_metromania_find_marker (TkMetromaniaState *state,
             guint              seat,
             char               letter)
{
  for (guint m = 0; m < state->n_markers; m++)
    if (state->markers[m].letter == letter && state->markers[m].owner == seat)
      return (gint) m;
  return -1;
}

gboolean
tk_metromania_sides_close (gint a,
             gint b)
{
  gint d = ((a - b) % 6 + 6) % 6;

  return d == 0 || d == 1 || d == 5;
}

guint
tk_metromania_finished_lines (TkMetromaniaState *state,
                guint              seat)
{
  return (state->lines[seat][0].state == TK_METRO_LINE_FINISHED) +
         (state->lines[seat][1].state == TK_METRO_LINE_FINISHED);
}

char *
tk_metromania_rules_station_name (gpointer         data,
                                  TkMetroNameTaken taken,
                                  gpointer         taken_data)
{
  for (guint k = 1;; k++)
    {
      g_autofree char *id = g_strdup_printf ("S%u", k);

      if (tk_metromania_find_station (data, id) < 0 && (taken == NULL || !taken (taken_data, id)))
        return g_steal_pointer (&id);
    }
}

guint
tk_metromania_rules_lines_done (gpointer data)
{
  TkMetromaniaState *state = data;
  guint done = 0;

  for (guint s = 0; s < state->n; s++)
    for (guint l = 0; l < 2; l++)
      done += state->lines[s][l].state == TK_METRO_LINE_FINISHED ||
              state->lines[s][l].state == TK_METRO_LINE_DEAD_END;
  return done;
}

TkMetroLineState
tk_metromania_rules_line_state (gpointer data,
                                guint    seat,
                                guint    style)
{
  TkMetromaniaState *state = data;

  g_return_val_if_fail (seat < state->n && style < 2, TK_METRO_LINE_UNSTARTED);
  return state->lines[seat][style].state;
}

gint
tk_metromania_rules_tunnels_left (gpointer data,
                                  guint    seat,
                                  guint    style)
{
  TkMetromaniaState *state = data;

  g_return_val_if_fail (seat < state->n && style < 2, 0);
  return (gint) state->t.tunnels_per_line - (gint) state->lines[seat][style].tunnels;
}

GArray *
tk_metromania_rules_line_path (gpointer data,
                               guint    seat,
                               guint    style)
{
  TkMetromaniaState *state = data;

  g_return_val_if_fail (seat < state->n && style < 2, NULL);
  return state->lines[seat][style].path;
}

gint
tk_metromania_rules_point_at (gpointer     data,
                              guint        seat,
                              guint        style,
                              TkMetroPoint point)
{
  GArray *path = tk_metromania_rules_line_path (data, seat, style);

  /* from 1: the start (0) is on the frame, never a station's */
  for (guint k = 1; path != NULL && k < path->len; k++)
    if (tk_metro_point_equal (g_array_index (path, TkMetroPoint, k), point))
      return (gint) k;
  return -1;
}

guint
tk_metromania_rules_stations_built (gpointer  data,
                                    guint     seat,
                                    guint    *points)
{
  TkMetromaniaState *state = data;
  guint built = 0, sum = 0;

  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];

      if (station->builder == (gint) seat)
        {
          built++;
          sum += station->points;
        }
    }
  if (points != NULL)
    *points = sum;
  return built;
}

gboolean
tk_metromania_rules_can_dig (gpointer data,
                             guint    seat)
{
  return seat < ((TkMetromaniaState *) data)->n && tk_metromania_seat_can_dig (data, seat);
}

gboolean
tk_metromania_seat_can_dig (TkMetromaniaState *state,
              guint              seat)
{
  for (guint l = 0; l < 2; l++)
    if (state->lines[seat][l].state == TK_METRO_LINE_UNSTARTED ||
        state->lines[seat][l].state == TK_METRO_LINE_RUNNING)
      return TRUE;
  return FALSE;
}

gboolean
tk_metromania_point_in_city_at (TkMetromaniaState *state,
                  LineRec           *line,
                  guint              at,
                  GError           **error)
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

gboolean
tk_metromania_illegal (GError    **error,
         const char *message)
{
  g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, message);
  return FALSE;
}

/* Whether a line other than @seat's @style passes point @a (@b NULL) or runs along the segment
 * @a–@b, beside it (board mode). */
static gboolean
other_line_on (TkMetromaniaState  *state,
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
other_line_at (TkMetromaniaState *state,
               guint              seat,
               guint              style,
               TkMetroPoint       p)
{
  return other_line_on (state, seat, style, p, NULL);
}

static gboolean
other_line_along (TkMetromaniaState *state,
                  guint              seat,
                  guint              style,
                  TkMetroPoint       a,
                  TkMetroPoint       b)
{
  return other_line_on (state, seat, style, a, &b);
}

/* Seed 002: 「自分の路線が別の路線に合流した場合、または他の路線から離脱した場合に、その交点に
 * 配置されます」 — the station the rules put where a line meets or leaves another, built by
 * @seat, on every line through @point, scoring what it touches.  With no station left there is
 * none (駅が残っていない場合は、駅を設置はできません). */
static gboolean
junction_station (TkMetromaniaState *state,
                  guint              seat,
                  TkMetroPoint       point,
                  GError           **error)
{
  g_autoptr(JsonObject) spec = json_object_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *id = NULL;

  if (state->stations->len >= state->t.stations)
    return TRUE;
  id = tk_metromania_rules_station_name (state, NULL, NULL);
  json_object_set_string_member (spec, "station", id);
  if (tk_metromania_station_from_spec (state, seat, spec, TRUE, &point, &local_error) < 0)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  state->step_junctions++;
  return TRUE;
}

/* Seed 002: a line ends on one of the three sides across from its start (with a rule table
 * from before this was kept, such an end is only warned about in the score). */
gboolean
tk_metromania_far_end (TkMetromaniaState *state,
         LineRec           *line,
         gint               side,
         GError           **error)
{
  if (!state->t.far_ends || line->start_side < 0 || side < 0 ||
      !tk_metromania_sides_close (line->start_side, side))
    return TRUE;
  return tk_metromania_illegal (error, _("A line ends on one of the three sides across from its start."));
}

/* Board mode: one tunnel {"cell": [q, r, "up"|"down"], "to": [q, r]} at the end of a line,
 * checked against the seed's drawing rules. */
gboolean
tk_metromania_draw_tunnel (TkMetromaniaState *state,
             guint              seat,
             guint              style,
             JsonNode          *node,
             GError           **error)
{
  LineRec *line = &state->lines[seat][style];
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  TkMetroCell cell;
  TkMetroPoint to, from, corners[3];
  gboolean first = line->path->len == 0;
  gboolean finish = FALSE;
  gint side;

  if (object == NULL || !tk_metromania_node_to_cell (tk_rules_json_member (object, "cell"), &cell) ||
      !tk_metromania_node_to_point (tk_rules_json_member (object, "to"), &to))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A tunnel is {\"cell\": [q, r, \"up\" | \"down\"], \"to\": [q, r]}."));
      return FALSE;
    }
  if (line->state == TK_METRO_LINE_FINISHED)
    return tk_metromania_illegal (error, _("The line has reached its end."));
  side = tk_metro_cell_frame_side (cell);
  if (!tk_metro_cell_in_city (cell) && side < 0)
    return tk_metromania_illegal (error, _("That cell is not on the board."));
  if (tk_metro_cells_contain (state->used, cell))
    return tk_metromania_illegal (error, _("That cell already holds a tunnel."));
  if (tk_metro_cells_contain (state->rivers, cell) || tk_metro_cells_contain (state->forests, cell))
    return tk_metromania_illegal (error, _("No tunnel goes on a river or a forest."));
  if (tk_metro_cells_contain (state->lake, cell) || tk_metro_cells_contain (state->park, cell))
    return tk_metromania_illegal (error, _("No tunnel goes on the lake or the park."));

  tk_metro_cell_corners (cell, corners);
  if (first)
    {
      if (side < 0)
        return tk_metromania_illegal (error, _("A line starts in a frame cell, at an arrow."));
      if (state->arrows->len > 0 && !tk_metro_cells_contain (state->arrows, cell))
        return tk_metromania_illegal (error, state->end_arrows->len > 0
                               ? _("A line starts at a white arrow.")
                               : _("A line starts at an arrow."));
      for (guint i = 0; i < 3; i++)
        if (!tk_metro_point_in_city (corners[i]))
          from = corners[i];
      if (!tk_metro_point_in_city (to) || !tk_metro_cell_touches (cell, to))
        return tk_metromania_illegal (error, _("The first tunnel runs from the arrow into the city."));
      g_array_append_val (line->path, from);
    }
  else
    {
      from = g_array_index (line->path, TkMetroPoint, line->path->len - 1);
      if (!tk_metro_cell_touches (cell, from) || !tk_metro_cell_touches (cell, to) ||
          tk_metro_point_equal (from, to))
        return tk_metromania_illegal (error, _("A tunnel runs along a side of its cell from the line’s end: "
                                 "no branching."));
      if (side >= 0)
        {
          if (!tk_metro_point_in_city (to))
            {
              if (state->end_arrows->len > 0 && !tk_metro_cells_contain (state->end_arrows, cell))
                return tk_metromania_illegal (error, _("A line ends at a black arrow."));
              if (state->end_arrows->len == 0 && state->arrows->len > 0 &&
                  !tk_metro_cells_contain (state->arrows, cell))
                return tk_metromania_illegal (error, _("A line ends at an arrow."));
              if (!tk_metromania_far_end (state, line, side, error))
                return FALSE;
              finish = TRUE;
            }
          else if (state->arrows->len == 0 || tk_metro_cells_contain (state->arrows, cell) ||
                   tk_metro_cells_contain (state->end_arrows, cell))
            return tk_metromania_illegal (error, _("An arrow cell holds only a line’s start or end."));
        }
    }

  for (guint i = 0; i < line->path->len; i++)
    if (tk_metro_point_equal (g_array_index (line->path, TkMetroPoint, i), to))
      return tk_metromania_illegal (error, _("A line may not go back or meet itself."));
  /* Leaving a line it ran beside: a station where they part (before the turn is checked: the
   * line may turn sharply there, at the station). */
  if (!first && state->t.junction_stations && line->path->len >= 2 &&
      tk_metromania_station_at_point (state, from) < 0 &&
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

      if ((turn == 2 || turn == 4) && tk_metromania_station_at_point (state, from) < 0)
        return tk_metromania_illegal (error, _("A line turns sharply (60°) only at a station."));
    }

  g_array_append_val (line->path, to);
  g_array_append_val (line->cells, cell);
  g_array_append_val (state->used, cell);
  line->tunnels++;
  if (finish)
    {
      line->state = TK_METRO_LINE_FINISHED;
      line->end_side = side;
    }
  else
    {
      gint s = tk_metromania_station_at_point (state, to);

      if (s >= 0 && !tk_metromania_add_stop (state, seat, style, s, line->tunnels, error))
        return FALSE;
      /* Meeting another line (not running on beside it): a station there, on both. */
      if (s < 0 && state->t.junction_stations && other_line_at (state, seat, style, to) &&
          !other_line_along (state, seat, style, from, to) &&
          !junction_station (state, seat, to, error))
        return FALSE;
    }
  return TRUE;
}
