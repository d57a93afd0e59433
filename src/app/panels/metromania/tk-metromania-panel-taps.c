/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel-taps.c — the Metromania panel: what a tap on the board does with the
 * tool chosen.  A side of a triangle is a tunnel (with the stations where lines meet or part),
 * a point a station, a triangle a destination marker or, correcting the board, the lake, the
 * park, an arrow, a river, a forest or a printed destination space.  Apart because the board's
 * geometry (other lines, positions on a line) is needed nowhere else in the panel.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-panel-private.h"

/* Stations get names S1, S2, … in the order they are built. */
static char *
next_station_name (TkMetromaniaPanel *self,
                   TkMetromaniaTurn  *turn)
{
  for (guint k = 1;; k++)
    {
      g_autofree char *name = g_strdup_printf ("S%u", k);

      if (!tk_metromania_model_has_station (self->model, name) &&
          (turn == NULL || !tk_metromania_turn_has_station (turn, name)))
        return g_steal_pointer (&name);
    }
}

/* ---- taps on the board ---- */

/* Whether a station stands at @p, on the board or entered this turn. */
static gboolean
station_at (TkMetromaniaPanel *self,
            TkMetroPoint       p)
{
  JsonArray *stations = tk_metromania_model_get_array (self->model, "stations");

  for (guint i = 0; stations != NULL && i < json_array_get_length (stations); i++)
    {
      JsonObject *station = json_array_get_object_element (stations, i);
      TkMetroPoint q;

      if (json_object_has_member (station, "point") &&
          tk_metromania_point_from_json (json_object_get_member (station, "point"), &q) &&
          tk_metro_point_equal (p, q))
        return TRUE;
    }
  if (mmp_turn (self) != NULL)
    {
      g_autoptr(GArray) points = tk_metromania_turn_station_points (mmp_turn (self));

      for (guint i = 0; i < points->len; i++)
        if (tk_metro_point_equal (g_array_index (points, TkMetroPoint, i), p))
          return TRUE;
    }
  return FALSE;
}

/* Every tunnel of the lines other than line @style of the player to move, this turn's
 * included, as segments. */
static GArray *
other_segments (TkMetromaniaPanel *self,
                guint              style)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));

  for (guint s = 0; s < tk_metromania_model_get_n_players (self->model); s++)
    for (guint l = 0; l < 2; l++)
      {
        JsonArray *path = tk_metromania_model_get_line_path (self->model, s, l);

        if (s == tk_metromania_model_get_turn_seat (self->model) && l == style)
          continue;
        for (guint k = 0; path != NULL && k + 1 < json_array_get_length (path); k++)
          {
            TkMetromaniaSegment seg = { s, l };

            if (tk_metromania_point_from_json (json_array_get_element (path, k), &seg.from) &&
                tk_metromania_point_from_json (json_array_get_element (path, k + 1), &seg.to))
              g_array_append_val (out, seg);
          }
      }
  if (mmp_turn (self) != NULL)
    {
      g_autoptr(GArray) drafted = tk_metromania_turn_segments (mmp_turn (self));

      for (guint i = 0; i < drafted->len; i++)
        if (g_array_index (drafted, TkMetromaniaSegment, i).style != style)
          g_array_append_val (out, g_array_index (drafted, TkMetromaniaSegment, i));
    }
  return out;
}

static gboolean
other_line_at (TkMetromaniaPanel *self,
               guint              style,
               TkMetroPoint       p)
{
  g_autoptr(GArray) segments = other_segments (self, style);

  for (guint i = 0; i < segments->len; i++)
    {
      TkMetromaniaSegment *seg = &g_array_index (segments, TkMetromaniaSegment, i);
      if (tk_metro_point_equal (seg->from, p) || tk_metro_point_equal (seg->to, p))
        return TRUE;
    }
  return FALSE;
}

static gboolean
other_line_along (TkMetromaniaPanel *self,
                  guint              style,
                  TkMetroPoint       a,
                  TkMetroPoint       b)
{
  g_autoptr(GArray) segments = other_segments (self, style);

  for (guint i = 0; i < segments->len; i++)
    {
      TkMetromaniaSegment *seg = &g_array_index (segments, TkMetromaniaSegment, i);
      if ((tk_metro_point_equal (seg->from, a) && tk_metro_point_equal (seg->to, b)) ||
          (tk_metro_point_equal (seg->from, b) && tk_metro_point_equal (seg->to, a)))
        return TRUE;
    }
  return FALSE;
}

/* The point before the end of line @style of the player to move (this turn included). */
static gboolean
previous_point (TkMetromaniaPanel *self,
                guint              style,
                TkMetroPoint      *prev)
{
  JsonArray *path;
  guint n;

  if (mmp_turn (self) != NULL)
    {
      g_autoptr(GArray) drafted = tk_metromania_turn_segments (mmp_turn (self));

      for (guint i = drafted->len; i > 0; i--)
        if (g_array_index (drafted, TkMetromaniaSegment, i - 1).style == style)
          {
            *prev = g_array_index (drafted, TkMetromaniaSegment, i - 1).from;
            return TRUE;
          }
    }
  path = tk_metromania_model_get_turn_line_path (self->model, style);
  n = path != NULL ? json_array_get_length (path) : 0;
  return n >= 2 && tk_metromania_point_from_json (json_array_get_element (path, n - 2), prev);
}

void
mmp_on_edge_activated (TkMetromaniaPanel *self,
                       TkMetroPoint      *a,
                       TkMetroPoint      *b,
                       TkMetroCell       *cell)
{
  TkMetroPoint end, from, to, prev;
  TkMetromaniaTurn *candidate;
  gboolean leave, meet;

  if (self->tool != TOOL_TUNNEL)
    return;
  if (!mmp_can_play (self))
    return;
  if (!mmp_current_end (self, self->style, &end))
    {
      /* A line starts at the frame: from the outer corner of a frame triangle inwards. */
      if (!tk_metro_point_in_city (*a) && tk_metro_point_in_city (*b))
        from = *a, to = *b;
      else if (!tk_metro_point_in_city (*b) && tk_metro_point_in_city (*a))
        from = *b, to = *a;
      else
        {
          tk_game_panel_show_message (TK_GAME_PANEL (self),
                                      _("A line starts at the edge of the board: tap the side "
                                        "of a frame triangle that runs from its outer corner "
                                        "into the city."));
          return;
        }
    }
  else if (tk_metro_point_equal (*a, end))
    from = *a, to = *b;
  else if (tk_metro_point_equal (*b, end))
    from = *b, to = *a;
  else
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("A tunnel goes on from the end of the line (the ringed "
                                    "point): tap a side that starts there."));
      return;
    }
  candidate = mmp_candidate_turn (self);
  /* The stations the rules put where lines meet and where a line leaves one it ran beside;
   * when the engine refuses them (no station left), the tunnel goes in without. */
  leave = previous_point (self, self->style, &prev) && tk_metro_point_in_city (from) &&
          !station_at (self, from) && other_line_along (self, self->style, prev, from) &&
          !other_line_along (self, self->style, from, to);
  meet = tk_metro_point_in_city (to) && !station_at (self, to) &&
         other_line_at (self, self->style, to) && !other_line_along (self, self->style, from, to);
  if (leave)
    {
      g_autofree char *name = next_station_name (self, candidate);

      if (!tk_metromania_turn_add_stop (candidate, self->style, from, name))
        tk_metromania_turn_add_stop_at_end (candidate, self->style, from, name);
    }
  tk_metromania_turn_add_tunnel (candidate, self->style, *cell, from, to);
  if (meet)
    {
      g_autofree char *name = next_station_name (self, candidate);

      tk_metromania_turn_add_stop (candidate, self->style, to, name);
    }
  if ((leave || meet) && !mmp_check_turn (self, candidate, TRUE))
    {
      tk_metromania_turn_free (candidate);
      candidate = mmp_candidate_turn (self);
      tk_metromania_turn_add_tunnel (candidate, self->style, *cell, from, to);
    }
  mmp_try_turn (self, candidate);
}

/* The position of @point on the path of line @style of the player to move, this turn's
 * tunnels included, or −1. */
static gint
position_on_line (TkMetromaniaPanel *self,
                  guint              style,
                  TkMetroPoint       point)
{
  JsonArray *path = tk_metromania_model_get_turn_line_path (self->model, style);
  guint n = path != NULL ? json_array_get_length (path) : 0;

  for (guint k = 1; k < n; k++)
    {
      TkMetroPoint p;
      if (tk_metromania_point_from_json (json_array_get_element (path, k), &p) &&
          tk_metro_point_equal (p, point))
        return (gint) k;
    }
  if (mmp_turn (self) != NULL)
    {
      g_autoptr(GArray) segments = tk_metromania_turn_segments (mmp_turn (self));
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
finished_this_turn (TkMetromaniaPanel *self,
                    guint              style)
{
  TkMetroPoint end;

  return mmp_turn (self) != NULL && tk_metromania_turn_line_end (mmp_turn (self), style, &end) &&
         !tk_metro_point_in_city (end);
}

void
mmp_on_point_activated (TkMetromaniaPanel *self,
                        TkMetroPoint      *point)
{
  g_autofree char *name = NULL;

  if (self->tool != TOOL_STATION || !mmp_can_play (self))
    return;
  name = next_station_name (self, mmp_turn (self));

  /* Where a line ends now, before this turn's tunnels of it: a station of this turn. */
  for (guint k = 0; k < 2; k++)
    {
      guint style = k == 0 ? self->style : 1 - self->style;
      TkMetroPoint end, drafted;

      if (g_strcmp0 (tk_metromania_model_get_turn_line_state (self->model, style),
                     "running") == 0 &&
          mmp_current_end (self, style, &end) && tk_metro_point_equal (end, *point) &&
          (mmp_turn (self) == NULL ||
           !tk_metromania_turn_line_end (mmp_turn (self), style, &drafted)))
        {
          TkMetromaniaTurn *candidate = mmp_candidate_turn (self);

          tk_metromania_turn_add_stop_at_end (candidate, style, *point, name);
          mmp_try_turn (self, candidate);
          return;
        }
    }

  if (mmp_turn (self) != NULL && !tk_metromania_turn_is_empty (mmp_turn (self)))
    {
      /* The current line first, then the other one. */
      for (guint k = 0; k < 2; k++)
        {
          guint style = k == 0 ? self->style : 1 - self->style;
          TkMetromaniaTurn *candidate = mmp_candidate_turn (self);
          gint at;

          if (tk_metromania_turn_add_stop (candidate, style, *point, name))
            {
              mmp_try_turn (self, candidate);
              return;
            }
          tk_metromania_turn_free (candidate);
          /* The bonus station of a line finished this turn, anywhere on it. */
          at = position_on_line (self, style, *point);
          if (finished_this_turn (self, style) && at > 0)
            {
              candidate = mmp_candidate_turn (self);
              tk_metromania_turn_set_bonus (candidate, style, (guint) at, *point, name);
              mmp_try_turn (self, candidate);
              return;
            }
        }
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("A station this turn goes where a tunnel of this turn "
                                    "ends, or on a line finished this turn (its bonus "
                                    "station)."));
      return;
    }

  /* No tunnel yet: a station between two stations of a line, instead of digging. */
  for (guint k = 0; k < 2; k++)
    {
      guint style = k == 0 ? self->style : 1 - self->style;
      gint at = position_on_line (self, style, *point);

      if (at > 0)
        {
          g_autoptr(JsonObject) action = json_object_new ();

          json_object_set_string_member (action, "type", "station");
          json_object_set_int_member (action, "seat",
                                      tk_metromania_model_get_turn_seat (self->model));
          json_object_set_string_member (action, "line", style == 0 ? "plain" : "striped");
          json_object_set_int_member (action, "at", at);
          json_object_set_string_member (action, "station", name);
          tk_game_panel_apply (TK_GAME_PANEL (self), action);
          return;
        }
    }
  tk_game_panel_show_message (TK_GAME_PANEL (self),
                              _("Tap a point on a line of the player to move, or dig first."));
}

/* [q, r, "up" | "down"] */
static JsonArray *
cell_json (TkMetroCell cell)
{
  JsonArray *c = json_array_new ();

  json_array_add_int_element (c, cell.q);
  json_array_add_int_element (c, cell.r);
  json_array_add_string_element (c, cell.down ? "down" : "up");
  return c;
}

static JsonArray *
toggled_cells (JsonArray   *cells,
               TkMetroCell  cell)
{
  JsonArray *out = json_array_new ();
  gboolean found = FALSE;

  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      TkMetroCell c;

      if (tk_metromania_cell_from_json (json_array_get_element (cells, i), &c) &&
          tk_metro_cell_equal (c, cell))
        {
          found = TRUE;
          continue;
        }
      json_array_add_element (out, json_node_copy (json_array_get_element (cells, i)));
    }
  if (!found)
    json_array_add_array_element (out, cell_json (cell));
  return out;
}

static char
chosen_letter (TkMetromaniaPanel *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->letter_dropdown);

  return item != NULL ? gtk_string_object_get_string (item)[0] : '\0';
}

/* The printed spaces with the space at @cell added with @kind, or taken away when it is there
 * with that kind (another kind is replaced). */
static JsonArray *
toggled_space (JsonArray   *spaces,
               TkMetroCell  cell,
               const char  *kind)
{
  JsonArray *out = json_array_new ();
  gboolean had = FALSE;

  for (guint i = 0; spaces != NULL && i < json_array_get_length (spaces); i++)
    {
      JsonObject *space = json_array_get_object_element (spaces, i);
      TkMetroCell other;

      if (tk_metromania_cell_from_json (json_object_get_member (space, "cell"), &other) &&
          tk_metro_cell_equal (other, cell))
        {
          had = g_strcmp0 (json_object_get_string_member (space, "kind"), kind) == 0;
          continue;
        }
      json_array_add_object_element (out, json_object_ref (space));
    }
  if (!had)
    {
      JsonObject *space = json_object_new ();

      json_object_set_array_member (space, "cell", cell_json (cell));
      json_object_set_string_member (space, "kind", kind);
      json_array_add_object_element (out, space);
    }
  return out;
}

void
mmp_on_cell_activated (TkMetromaniaPanel *self,
                       TkMetroCell       *cell)
{
  if (self->tool == TOOL_DESTINATION)
    {
      TkMetromaniaTurn *candidate;
      char letter = chosen_letter (self);

      if (!mmp_can_play (self))
        return;
      if (letter == '\0')
        {
          tk_game_panel_show_message (TK_GAME_PANEL (self),
                                      _("The player to move holds no destination marker."));
          return;
        }
      candidate = mmp_candidate_turn (self);
      if (!tk_metromania_turn_set_destination (candidate, letter, *cell))
        {
          tk_metromania_turn_free (candidate);
          tk_game_panel_show_message (TK_GAME_PANEL (self),
                                      _("A destination marker goes on a triangle a tunnel of "
                                        "this turn lies in."));
          return;
        }
      mmp_try_turn (self, candidate);
    }
  else if (self->tool == TOOL_SPACE)
    {
      static const char *const kinds[] = { "home", "work", "leisure" };
      JsonObject *board = tk_metromania_model_get_board (self->model);
      g_autoptr(JsonObject) action = json_object_new ();

      json_object_set_string_member (action, "type", "board");
      json_object_set_array_member (action, "spaces",
                                    toggled_space (json_object_has_member (board, "spaces")
                                                   ? json_object_get_array_member (board, "spaces")
                                                   : NULL, *cell,
                                                   kinds[MIN (gtk_drop_down_get_selected (self->kind_dropdown), 2)]));
      tk_game_panel_apply (TK_GAME_PANEL (self), action);
    }
  else if (self->tool >= TOOL_LAKE && self->tool <= TOOL_FOREST)
    {
      static const char *const names[] = { "lake", "park", "arrows", "end_arrows", "rivers",
                                           "forests" };
      const char *name = names[self->tool - TOOL_LAKE];
      JsonObject *board = tk_metromania_model_get_board (self->model);
      g_autoptr(JsonObject) action = json_object_new ();

      if ((self->tool == TOOL_ARROW || self->tool == TOOL_END_ARROW) &&
          tk_metro_cell_frame_side (*cell) < 0)
        {
          tk_game_panel_show_message (TK_GAME_PANEL (self),
                                      _("Arrows are on the frame triangles around the city."));
          return;
        }
      json_object_set_string_member (action, "type", "board");
      json_object_set_array_member (action, name,
                                    toggled_cells (json_object_has_member (board, name)
                                                   ? json_object_get_array_member (board, name)
                                                   : NULL, *cell));
      tk_game_panel_apply (TK_GAME_PANEL (self), action);
    }
}
