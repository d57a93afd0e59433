/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-turns.c — Metromania: the actions and the turns.  One step of a dig, the end
 * of a turn and the end of the game, a board entered after the game, and apply(), which works
 * on a copy of the state so that a refused action leaves the state as it was.
 */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-metromania-rules-private.h"

/* One step of a dig: {"line", "count", "start_side", "destination", "destination_near",
 * "stop", "end", "end_side", "bonus"}. */
static gboolean
apply_step (TkMetromaniaState *state,
            guint              seat,
            JsonObject        *step,
            gboolean          *placed_destination,
            guint             *dug,
            GError           **error)
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
  name = tk_metromania_line_name (state, seat, style);
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
  if (count == 0 && line->state == TK_METRO_LINE_UNSTARTED)
    return tk_metromania_illegal (error, blocked ? _("A line that has not started cannot be at a dead end.")
                                   : _("A station goes on a line that has started."));

  if (line->state == TK_METRO_LINE_FINISHED || line->state == TK_METRO_LINE_DEAD_END)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   line->state == TK_METRO_LINE_FINISHED ? _("%s is finished.")
                                                : _("%s is at a dead end."), name);
      return FALSE;
    }
  if (line->state == TK_METRO_LINE_UNSTARTED)
    {
      LineRec *other = &state->lines[seat][1 - style];
      gboolean forced;

      if (!state->entry && state->turns_taken < state->n && other->state != TK_METRO_LINE_UNSTARTED)
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
              tk_metromania_node_to_cell (tk_rules_json_member (json_node_get_object (first), "cell"), &cell) &&
              tk_metro_cell_frame_side (cell) >= 0)
            side = tk_metro_cell_frame_side (cell);
        }
      if (side != G_MAXINT32)
        {
          if (other->state != TK_METRO_LINE_UNSTARTED && other->start_side >= 0 && !forced &&
              tk_metromania_sides_close (other->start_side, side))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("The second line starts from one of the three sides away from "
                             "the first line’s start (unless all of them are taken)."));
              return FALSE;
            }
          line->start_side = side;
        }
      line->state = TK_METRO_LINE_RUNNING;
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
        if (!tk_metromania_draw_tunnel (state, seat, style, json_array_get_element (tunnels, i), error))
          return FALSE;
    }
  else
    line->tunnels += count;
  *dug += count;

  letter = tk_rules_json_get_string (step, "destination");
  if (letter != NULL)
    {
      gint m = strlen (letter) == 1 ? tk_metromania_find_marker (state, seat, letter[0]) : -1;
      JsonArray *near = tk_rules_json_get_array (step, "destination_near");

      if (m < 0 || state->markers[m].placed)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s holds no destination marker %s."), tk_metromania_player_name (state, seat),
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

          if (!tk_metromania_node_to_cell (tk_rules_json_member (step, "destination_cell"), &cell))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("On the board, a destination names its cell."));
              return FALSE;
            }
          for (guint i = state->used->len - count; i < state->used->len; i++)
            dug_now |= tk_metro_cell_equal (g_array_index (state->used, TkMetroCell, i), cell);
          if (!dug_now)
            return tk_metromania_illegal (error, _("A destination marker goes on a cell the line has just "
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
                return tk_metromania_illegal (error, _("A destination marker goes on a printed destination "
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
                    station->points = MIN (tk_metromania_popcount_markers (station->near), 6);
                }
            }
        }
      for (guint i = 0; near != NULL && i < json_array_get_length (near); i++)
        {
          JsonNode *id = json_array_get_element (near, i);
          gint s = JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_STRING
                   ? tk_metromania_find_station (state, json_node_get_string (id)) : -1;

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
      if (state->board && !tk_metromania_point_in_city_at (state, line, line->path->len - 1, error))
        return FALSE;
      if (state->board)
        end_point = g_array_index (line->path, TkMetroPoint, line->path->len - 1);
      if ((s = tk_metromania_station_from_spec (state, seat, json_node_get_object (node), FALSE,
                                  state->board ? &end_point : NULL, error)) < 0 ||
          (!(state->board && tk_metromania_line_has_station (line, s)) && !tk_metromania_add_stop (state, seat, style, s, line->tunnels, error)))
        return FALSE;
    }

  end = tk_rules_json_get_string (step, "end");
  if (state->board && line->state == TK_METRO_LINE_FINISHED)
    end = "finished";
  else if (state->board && end != NULL && g_str_equal (end, "finished"))
    return tk_metromania_illegal (error, _("On the board, a line is finished by a tunnel to an end arrow."));
  if (end != NULL && g_str_equal (end, "finished"))
    {
      if (!tk_rules_json_read_int (step, "end_side", 0, 5, G_MAXINT32, &side, error))
        return FALSE;
      if (side != G_MAXINT32 && !state->board && !tk_metromania_far_end (state, line, side, error))
        return FALSE;
      if (side != G_MAXINT32)
        line->end_side = side;
      line->state = TK_METRO_LINE_FINISHED;
      node = tk_rules_json_member (step, "bonus");
      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *bonus = json_node_get_object (node);
          gint64 at;
          gint s;

          if (!tk_rules_json_read_int (bonus, "at", 1, line->tunnels, -1, &at, error) ||
              (state->board && !tk_metromania_point_in_city_at (state, line, at, error)) ||
              (s = tk_metromania_station_from_spec (state, seat, bonus, TRUE,
                                      state->board ? &g_array_index (line->path, TkMetroPoint, at)
                                                   : NULL, error)) < 0 ||
              (!(state->board && tk_metromania_line_has_station (line, s)) && !tk_metromania_add_stop (state, seat, style, s, at, error)))
            return FALSE;
        }
    }
  else if (end != NULL && g_str_equal (end, "dead_end"))
    line->state = TK_METRO_LINE_DEAD_END;
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
  if (line->state == TK_METRO_LINE_RUNNING && line->tunnels == state->t.tunnels_per_line)
    line->state = TK_METRO_LINE_DEAD_END;
  return TRUE;
}

static void
end_turn (TkMetromaniaState *state)
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
    if (tk_metromania_finished_lines (state, s) == 2)
      state->final_turns = state->n - 1;
  if (state->stations->len >= state->t.stations || tk_metromania_rules_lines_done (state) >=
      state->t.end_lines)
    state->final_turns = state->n - 1;
  if (state->final_turns == 0)
    state->over = TRUE;
}

static gboolean
check_turn (TkMetromaniaState *state,
            JsonObject        *action,
            guint             *seat,
            GError           **error)
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
                   _("It is %s’s turn, not %s’s."), tk_metromania_player_name (state, state->turn),
                   tk_metromania_player_name (state, value));
      return FALSE;
    }
  *seat = value;
  return TRUE;
}

/* {"type": "board", "lake": [cell…]?, "park": [cell…]?, "arrows": [frame cell…]?}: the printed
 * features the players copy from their board, at any time (a forgotten lake can be entered
 * later).  Each set given replaces the old one; what the stations touch follows. */
static gboolean
apply_board (TkMetromaniaState *state,
             JsonObject        *action,
             GError           **error)
{
  static const char *const names[] = { "lake", "park", "arrows", "end_arrows", "rivers",
                                       "forests" };
  GArray *sets[] = { state->lake, state->park, state->arrows, state->end_arrows, state->rivers,
                     state->forests };

  if (!state->board)
    return tk_metromania_illegal (error, _("This game was set up without the board: its lines are entered "
                             "as stops."));
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autoptr(GArray) cells = NULL;

      if (tk_rules_json_get_array (action, names[k]) == NULL)
        continue;
      cells = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
      if (!tk_metromania_read_cells (action, names[k], k == 2 || k == 3, cells, error))
        return FALSE;
      for (guint i = 0; k >= 4 && i < cells->len; i++)
        if (tk_metro_cells_contain (state->used, g_array_index (cells, TkMetroCell, i)))
          return tk_metromania_illegal (error, _("A tunnel runs through that cell: it cannot be a river or a "
                                   "forest."));
      for (guint i = 0; k < 2 && i < cells->len; i++)
        {
          TkMetroCell cell = g_array_index (cells, TkMetroCell, i);

          if (tk_metro_cells_contain (state->used, cell))
            return tk_metromania_illegal (error, _("A tunnel runs through that cell: it cannot be the lake "
                                     "or the park."));
          for (guint m = 0; m < state->n_markers; m++)
            if (state->markers[m].has_cell && tk_metro_cell_equal (state->markers[m].cell, cell))
              return tk_metromania_illegal (error, _("A destination marker lies on that cell: it cannot be "
                                       "the lake or the park."));
          /* Against the other feature as it stays (both given: checked below). */
          if (tk_rules_json_get_array (action, names[1 - k]) == NULL &&
              tk_metro_cells_contain (sets[1 - k], cell))
            return tk_metromania_illegal (error, _("A cell cannot be both the lake and the park."));
        }
      g_array_set_size (sets[k], 0);
      g_array_append_vals (sets[k], cells->data, cells->len);
    }
  if (tk_rules_json_get_array (action, "lake") != NULL && tk_rules_json_get_array (action,
                                                                                   "park") != NULL)
    for (guint i = 0; i < state->lake->len; i++)
      if (tk_metro_cells_contain (state->park, g_array_index (state->lake, TkMetroCell, i)))
        return tk_metromania_illegal (error, _("A cell cannot be both the lake and the park."));
  if (tk_rules_json_get_array (action, "spaces") != NULL)
    {
      g_array_set_size (state->spaces, 0);
      g_array_set_size (state->space_kinds, 0);
      if (!tk_metromania_read_spaces (action, state->spaces, state->space_kinds, error))
        return FALSE;
      /* Entered late (or corrected): the stations' points follow the printed spaces. */
      for (guint i = 0; i < state->stations->len; i++)
        {
          Station *station = state->stations->pdata[i];

          if (station->has_point)
            station->points = state->spaces->len > 0 ? tk_metromania_spaces_touching (state, station->point)
                                                     : tk_metromania_popcount_markers (station->near);
        }
    }
  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];

      if (!station->has_point)
        continue;
      station->near &= ~((1u << NEAR_LAKE) | (1u << NEAR_PARK));
      if (tk_metromania_cells_touch (state->lake, station->point))
        station->near |= 1u << NEAR_LAKE;
      if (tk_metromania_cells_touch (state->park, station->point))
        station->near |= 1u << NEAR_PARK;
    }
  return TRUE;
}

gboolean
tk_metromania_apply_work (TkMetromaniaState *state,
            JsonObject        *action,
            GError           **error)
{
  const char *type = tk_rules_json_read_type (action, error);
  guint seat;

  if (type == NULL)
    return FALSE;

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
      return tk_metromania_read_deal (state, deal, error);
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
      if (dug < 3 && !state->draft && !state->entry && tk_metromania_seat_can_dig (state, seat))
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
      if (line->state == TK_METRO_LINE_FINISHED || line->state == TK_METRO_LINE_UNSTARTED)
        {
          g_autofree char *name = tk_metromania_line_name (state, seat, style);
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
                            !tk_metromania_point_in_city_at (state, line, at, error))) ||
          (s = tk_metromania_station_from_spec (state, seat, action, TRUE,
                                  state->board ? &g_array_index (line->path, TkMetroPoint, at)
                                               : NULL, error)) < 0 ||
          (!(state->board && tk_metromania_line_has_station (line, s)) && !tk_metromania_add_stop (state, seat, style, s, at, error)))
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
      if (tk_metromania_seat_can_dig (state, seat))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s can still dig, so cannot pass."), tk_metromania_player_name (state, seat));
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
        return tk_metromania_illegal (error, _("Only a board entered after the game is declared complete; "
                                 "a game played here ends by its rules."));
      if (state->over)
        return tk_metromania_illegal (error, _("The board is already complete."));
      state->over = TRUE;
      return TRUE;
    }

  if (g_str_equal (type, "first_turn"))
    {
      gint64 first;

      if (state->turns_taken > 0 && !state->entry)
        return tk_metromania_illegal (error, _("The first player is chosen before the first turn."));
      if (!tk_rules_json_read_int (action, "seat", 0, state->n - 1, -1, &first, error))
        return FALSE;
      state->turn = first;
      return TRUE;
    }

  if (g_str_equal (type, "near"))
    {
      gint s = tk_metromania_find_station (state, tk_rules_json_get_string (action, "station"));
      guint32 near;

      if (s < 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("There is no such station."));
          return FALSE;
        }
      if (!tk_metromania_read_near (state, action, &near, error))
        return FALSE;
      ((Station *) state->stations->pdata[s])->near |= near;
      return TRUE;
    }

  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("Metromania does not know the action “%s”."), type);
  return FALSE;
}

gboolean
tk_metromania_apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  TkMetromaniaState *state = data;
  TkMetromaniaState *work = tk_metromania_state_copy (state);
  TkMetromaniaState swap;

  if (!tk_metromania_apply_work (work, action, error))
    {
      tk_metromania_state_free (work);
      return FALSE;
    }
  swap = *state;
  *state = *work;
  *work = swap;
  tk_metromania_state_free (work);
  return TRUE;
}
