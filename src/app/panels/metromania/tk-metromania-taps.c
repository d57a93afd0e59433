/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-taps.c — what a tap on the Metromania board does (see the header). */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-taps.h"
#include "tk-metromania-board-view.h"

/* The turn being entered (borrowed; NULL when nothing is entered yet). */
static inline TkMetromaniaTurn *
turn_of (TkMetromaniaModel *self)
{
  return tk_metromania_model_get_turn (self);
}

/* Where line @style of the player to move runs on the board (the engine's, borrowed). */
static GArray *
turn_line_path (TkMetromaniaModel *self,
                guint              style)
{
  return tk_metromania_rules_line_path (tk_metromania_model_peek_state (self),
                                        tk_metromania_model_get_turn_seat (self), style);
}

/* ---- taps on the board ---- */

gboolean
tk_metromania_taps_current_end (TkMetromaniaModel *self,
                                guint              style,
                                TkMetroPoint      *end)
{
  GArray *path = turn_line_path (self, style);

  if (turn_of (self) != NULL && tk_metromania_turn_line_end (turn_of (self), style, end))
    return TRUE;
  if (path->len == 0)
    return FALSE;
  *end = g_array_index (path, TkMetroPoint, path->len - 1);
  return TRUE;
}

gboolean
tk_metromania_taps_edge (TkMetromaniaModel  *self,
                         TkMetroPoint       *a,
                         TkMetroPoint       *b,
                         TkMetroCell        *cell,
                         GError            **error)
{
  TkMetromaniaTool tool = tk_metromania_model_get_tool (self);
  guint line = tk_metromania_model_get_line_style (self);
  TkMetroPoint end, from, to;
  TkMetromaniaTurn *candidate;

  if (tool != TK_METROMANIA_TOOL_TUNNEL)
    return FALSE;
  if (!tk_metromania_model_can_play (self, error))
    return FALSE;
  if (!tk_metromania_taps_current_end (self, line, &end))
    {
      /* A line starts at the frame: from the outer corner of a frame triangle inwards. */
      if (!tk_metro_point_in_city (*a) && tk_metro_point_in_city (*b))
        from = *a, to = *b;
      else if (!tk_metro_point_in_city (*b) && tk_metro_point_in_city (*a))
        from = *b, to = *a;
      else
        {
          g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                               _("A line starts at the edge of the board: tap the side "
                                 "of a frame triangle that runs from its outer corner "
                                 "into the city."));
          return FALSE;
        }
    }
  else if (tk_metro_point_equal (*a, end))
    from = *a, to = *b;
  else if (tk_metro_point_equal (*b, end))
    from = *b, to = *a;
  else
    {
      g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("A tunnel goes on from the end of the line (the ringed "
                             "point): tap a side that starts there."));
      return FALSE;
    }
  /* the stations the rules put where lines meet or part come with it: the engine puts them */
  candidate = tk_metromania_model_candidate_turn (self);
  tk_metromania_turn_add_tunnel (candidate, line, *cell, from, to);
  return tk_metromania_model_try_turn (self, candidate, error);
}

/* The position of @point on the path of line @style of the player to move (the engine's), this
 * turn's tunnels included after it, or −1. */
static gint
position_on_line (TkMetromaniaModel *self,
                  guint              style,
                  TkMetroPoint       point)
{
  guint n = turn_line_path (self, style)->len;
  gint at = tk_metromania_rules_point_at (tk_metromania_model_peek_state (self),
                                          tk_metromania_model_get_turn_seat (self), style, point);

  if (at > 0)
    return at;
  if (turn_of (self) != NULL)
    {
      g_autoptr(GArray) segments = tk_metromania_turn_segments (turn_of (self));
      guint k = n > 0 ? n - 1 : 0;

      for (guint i = 0; i < segments->len; i++)
        {
          TkMetromaniaSegment *seg = &g_array_index (segments, TkMetromaniaSegment, i);

          if (seg->style != style)
            continue;
          k++;
          if (tk_metro_point_equal (seg->to, point))
            return (gint) k;
        }
    }
  return -1;
}

static gboolean
finished_this_turn (TkMetromaniaModel *self,
                    guint              style)
{
  TkMetroPoint end;

  return turn_of (self) != NULL && tk_metromania_turn_line_end (turn_of (self), style, &end) &&
         !tk_metro_point_in_city (end);
}

gboolean
tk_metromania_taps_point (TkMetromaniaModel  *self,
                          TkMetroPoint       *point,
                          GError            **error)
{
  TkMetromaniaTool tool = tk_metromania_model_get_tool (self);
  guint line = tk_metromania_model_get_line_style (self);
  TkMetromaniaTurn *turn = turn_of (self);
  g_autofree char *name = NULL;

  if (tool != TK_METROMANIA_TOOL_STATION ||
      !tk_metromania_model_can_play (self, error))
    return FALSE;
  name = tk_metromania_model_new_station_name (self);

  /* Where a line ends now, before this turn's tunnels of it: a station of this turn. */
  for (guint k = 0; k < 2; k++)
    {
      guint style = k == 0 ? line : 1 - line;
      TkMetroPoint end, drafted;

      if (tk_metromania_model_get_turn_line_state (self, style) == TK_METRO_LINE_RUNNING &&
          tk_metromania_taps_current_end (self, style, &end) &&
          tk_metro_point_equal (end, *point) &&
          (turn == NULL ||
           !tk_metromania_turn_line_end (turn, style, &drafted)))
        {
          TkMetromaniaTurn *candidate = tk_metromania_model_candidate_turn (self);

          tk_metromania_turn_add_stop_at_end (candidate, style, *point, name);
          return tk_metromania_model_try_turn (self, candidate, error);
        }
    }

  if (turn != NULL && !tk_metromania_turn_is_empty (turn))
    {
      /* The current line first, then the other one. */
      for (guint k = 0; k < 2; k++)
        {
          guint style = k == 0 ? line : 1 - line;
          TkMetromaniaTurn *candidate = tk_metromania_model_candidate_turn (self);
          gint at;

          if (tk_metromania_turn_add_stop (candidate, style, *point, name))
            {
              return tk_metromania_model_try_turn (self, candidate, error);
            }
          tk_metromania_turn_free (candidate);
          /* The bonus station of a line finished this turn, anywhere on it. */
          at = position_on_line (self, style, *point);
          if (finished_this_turn (self, style) && at > 0)
            {
              candidate = tk_metromania_model_candidate_turn (self);
              tk_metromania_turn_set_bonus (candidate, style, (guint) at, *point, name);
              return tk_metromania_model_try_turn (self, candidate, error);
            }
        }
      g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("A station this turn goes where a tunnel of this turn "
                             "ends, or on a line finished this turn (its bonus "
                             "station)."));
      return FALSE;
    }

  /* No tunnel yet: a station between two stations of a line, instead of digging. */
  for (guint k = 0; k < 2; k++)
    {
      guint style = k == 0 ? line : 1 - line;
      gint at = position_on_line (self, style, *point);

      if (at > 0)
        {
          g_autoptr(JsonObject) action = json_object_new ();

          json_object_set_string_member (action, "type", "station");
          json_object_set_int_member (action, "seat",
                                      tk_metromania_model_get_turn_seat (self));
          json_object_set_string_member (action, "line", style == 0 ? "plain" : "striped");
          json_object_set_int_member (action, "at", at);
          json_object_set_string_member (action, "station", name);
          return tk_panel_model_apply (TK_PANEL_MODEL (self), action);
        }
    }
  g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Tap a point on a line of the player to move, or dig first."));
  return FALSE;
}

/* @cells (of TkMetroCell) as a JSON list, with @cell added, or taken away when it is there. */
static JsonArray *
toggled_cells (GArray      *cells,
               TkMetroCell  cell)
{
  JsonArray *out = json_array_new ();
  gboolean found = FALSE;

  for (guint i = 0; i < cells->len; i++)
    {
      TkMetroCell c = g_array_index (cells, TkMetroCell, i);

      if (tk_metro_cell_equal (c, cell))
        found = TRUE;
      else
        json_array_add_element (out, tk_metromania_cell_to_node (c));
    }
  if (!found)
    json_array_add_element (out, tk_metromania_cell_to_node (cell));
  return out;
}

static void
out_add_space (JsonArray   *out,
               TkMetroCell  cell,
               const char  *kind)
{
  JsonObject *space = json_object_new ();

  json_object_set_member (space, "cell", tk_metromania_cell_to_node (cell));
  json_object_set_string_member (space, "kind", kind);
  json_array_add_object_element (out, space);
}

/* The printed spaces of the engine @state with the space at @cell added with @kind, or taken
 * away when it is there with that kind (another kind is replaced). */
static JsonArray *
toggled_space (gpointer     state,
               TkMetroCell  cell,
               const char  *kind)
{
  JsonArray *out = json_array_new ();
  GArray *kinds;
  GArray *spaces = tk_metromania_rules_board_spaces (state, &kinds);
  gboolean had = FALSE;

  for (guint i = 0; i < spaces->len; i++)
    {
      TkMetroCell other = g_array_index (spaces, TkMetroCell, i);
      const char *other_kind = tk_metromania_kinds[g_array_index (kinds, guint, i)];

      if (tk_metro_cell_equal (other, cell))
        had = g_str_equal (other_kind, kind);
      else
        out_add_space (out, other, other_kind);
    }
  if (!had)
    out_add_space (out, cell, kind);
  return out;
}

gboolean
tk_metromania_taps_cell (TkMetromaniaModel  *self,
                         TkMetroCell        *cell,
                         GError            **error)
{
  TkMetromaniaTool tool = tk_metromania_model_get_tool (self);

  if (tool == TK_METROMANIA_TOOL_DESTINATION)
    {
      TkMetromaniaTurn *candidate;
      char letter = tk_metromania_model_get_marker_letter (self);

      if (!tk_metromania_model_can_play (self, error))
        return FALSE;
      if (letter == '\0')
        {
          g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                               _("The player to move holds no destination marker."));
          return FALSE;
        }
      candidate = tk_metromania_model_candidate_turn (self);
      if (!tk_metromania_turn_set_destination (candidate, letter, *cell))
        {
          tk_metromania_turn_free (candidate);
          g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                               _("A destination marker goes on a triangle a tunnel of "
                                 "this turn lies in."));
          return FALSE;
        }
      return tk_metromania_model_try_turn (self, candidate, error);
    }
  else if (tool == TK_METROMANIA_TOOL_SPACE)
    {
      g_autoptr(JsonObject) action = json_object_new ();

      json_object_set_string_member (action, "type", "board");
      json_object_set_array_member (action, "spaces",
                                    toggled_space (tk_metromania_model_peek_state (self), *cell,
                                                   tk_metromania_model_get_space_kind (self)));
      return tk_panel_model_apply (TK_PANEL_MODEL (self), action);
    }
  else if (tool >= TK_METROMANIA_TOOL_LAKE && tool <= TK_METROMANIA_TOOL_FOREST)
    {
      static const char *const names[] = { "lake", "park", "arrows", "end_arrows", "rivers",
                                           "forests" };
      /* the tools from the lake on are in the order of the engine's features */
      TkMetroFeature feature = TK_METRO_FEATURE_LAKE + (tool - TK_METROMANIA_TOOL_LAKE);
      g_autoptr(JsonObject) action = json_object_new ();

      json_object_set_string_member (action, "type", "board");
      json_object_set_array_member (action, names[feature],
                                    toggled_cells (tk_metromania_rules_board_cells (
                                                     tk_metromania_model_peek_state (self), feature),
                                                   *cell));
      return tk_panel_model_apply (TK_PANEL_MODEL (self), action);
    }
  return FALSE;
}
