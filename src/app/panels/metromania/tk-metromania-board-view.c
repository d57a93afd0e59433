/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view.c — the Metromania city drawn with GtkSnapshot (see the header).
 *
 * Lattice points (q, r) sit at x = q + r/2, y = r·√3/2 in board units; the view scales the
 * board (radius 6 with the frame apexes) to its width, then by the zoom, and pans when zoomed.
 *
 * This file keeps the object (class_init/init, finalize), reading the engine's state and the
 * setters; each facet installs its own part: board units, zoom, pan and size in -geometry.c,
 * drawing in -draw.c, taps, gestures and the keyboard in -input.c, what the keyboard cursor is
 * on for screen readers in -describe.c (tk-metromania-board-view-private.h).
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "tk-metromania-board-view-private.h"
#include "tk-session-style.h"

G_DEFINE_FINAL_TYPE (TkMetromaniaBoardView, tk_metromania_board_view, GTK_TYPE_WIDGET)

/* ---- the engine's state ---- */

static void
read_cells (JsonObject *object,
            const char *name,
            GArray     *out)
{
  JsonArray *array = object != NULL && json_object_has_member (object, name)
                     ? json_object_get_array_member (object, name) : NULL;

  g_array_set_size (out, 0);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      TkMetroCell cell;
      if (tk_metromania_node_to_cell (json_array_get_element (array, i), &cell))
        g_array_append_val (out, cell);
    }
}

/* "spaces": [{"cell": […], "kind": "home" | "work" | "leisure"}] into @cells and @kinds. */
static void
read_spaces (JsonObject *board,
             GArray     *cells,
             GArray     *kinds)
{
  static const char *const names[] = { "home", "work", "leisure" };
  JsonArray *spaces = board != NULL && json_object_has_member (board, "spaces")
                      ? json_object_get_array_member (board, "spaces") : NULL;

  g_array_set_size (cells, 0);
  g_array_set_size (kinds, 0);
  for (guint i = 0; spaces != NULL && i < json_array_get_length (spaces); i++)
    {
      JsonObject *space = json_array_get_object_element (spaces, i);
      const char *kind = space != NULL ? json_object_get_string_member_with_default (space,
                                                                                     "kind", "")
                                       : "";
      TkMetroCell cell;

      if (space == NULL || !json_object_has_member (space, "cell") ||
          !tk_metromania_node_to_cell (json_object_get_member (space, "cell"), &cell))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        if (g_str_equal (kind, names[k]))
          {
            g_array_append_val (cells, cell);
            g_array_append_val (kinds, k);
          }
    }
}

static void
line_free (gpointer data)
{
  Line *line = data;

  g_free (line->state);
  g_array_unref (line->tunnels);
  g_free (line);
}

static void
marker_clear (gpointer data)
{
  g_free (((Marker *) data)->kind);
}

void
tk_metromania_board_view_set_game (TkMetromaniaBoardView *self,
                                   JsonObject            *game,
                                   JsonObject            *setup)
{
  JsonObject *board;
  JsonArray *array;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  board = game != NULL && json_object_has_member (game, "board")
          ? json_object_get_object_member (game, "board") : NULL;
  read_cells (board, "lake", self->lake);
  read_cells (board, "park", self->park);
  read_cells (board, "arrows", self->arrows);
  read_cells (board, "end_arrows", self->end_arrows);
  read_cells (board, "rivers", self->rivers);
  read_cells (board, "forests", self->forests);
  read_spaces (board, self->spaces, self->space_kinds);
  read_cells (board, "tunnel_cells", self->used);

  g_ptr_array_set_size (self->lines, 0);
  array = game != NULL && json_object_has_member (game, "lines")
          ? json_object_get_array_member (game, "lines") : NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *entry = json_array_get_object_element (array, i);
      JsonArray *path = json_object_has_member (entry, "path")
                        ? json_object_get_array_member (entry, "path") : NULL;
      JsonArray *cells = json_object_has_member (entry, "cells")
                         ? json_object_get_array_member (entry, "cells") : NULL;
      guint n = path != NULL && cells != NULL ? MIN (json_array_get_length (path) - 1,
                                                     json_array_get_length (cells)) : 0;
      Line *line = g_new0 (Line, 1);

      line->seat = json_object_get_int_member (entry, "seat");
      line->style = g_strcmp0 (json_object_get_string_member (entry, "style"), "striped") == 0;
      line->state = g_strdup (json_object_get_string_member (entry, "state"));
      line->tunnels = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));
      /* path[k] is the point after tunnel k, cells[k − 1] the cell tunnel k lies in */
      for (guint k = 0; k < n; k++)
        {
          TkMetromaniaSegment tunnel = { line->seat, line->style };

          if (tk_metromania_node_to_point (json_array_get_element (path, k), &tunnel.from) &&
              tk_metromania_node_to_point (json_array_get_element (path, k + 1), &tunnel.to) &&
              tk_metromania_node_to_cell (json_array_get_element (cells, k), &tunnel.cell))
            g_array_append_val (line->tunnels, tunnel);
        }
      g_ptr_array_add (self->lines, line);
    }

  g_array_set_size (self->stations, 0);
  g_ptr_array_set_size (self->station_names, 0);
  array = game != NULL && json_object_has_member (game, "stations")
          ? json_object_get_array_member (game, "stations") : NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *entry = json_array_get_object_element (array, i);
      TkMetroPoint p;

      if (json_object_has_member (entry, "point") &&
          tk_metromania_node_to_point (json_object_get_member (entry, "point"), &p))
        {
          g_array_append_val (self->stations, p);
          g_ptr_array_add (self->station_names,
                           g_strdup (json_object_get_string_member (entry, "id")));
        }
    }

  g_array_set_size (self->markers, 0);
  array = game != NULL && json_object_has_member (game, "destinations")
          ? json_object_get_array_member (game, "destinations") : NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *entry = json_array_get_object_element (array, i);
      Marker marker = { 0 };

      if (!json_object_has_member (entry, "cell") ||
          !tk_metromania_node_to_cell (json_object_get_member (entry, "cell"), &marker.cell))
        continue;
      marker.letter = json_object_get_string_member (entry, "letter")[0];
      marker.kind = g_strdup (json_object_get_string_member (entry, "kind"));
      marker.owner = json_object_get_int_member (entry, "owner");
      g_array_append_val (self->markers, marker);
    }

  g_ptr_array_set_size (self->player_names, 0);
  for (guint s = 0; setup != NULL && s < tk_rules_setup_n_players (setup); s++)
    g_ptr_array_add (self->player_names, g_strdup (tk_rules_setup_player_name (setup, s)));
  for (guint s = 0; s < G_N_ELEMENTS (self->colours); s++)
    {
      const char *colour = setup != NULL && s < tk_rules_setup_n_players (setup)
                           ? tk_rules_setup_player_colour (setup, s) : NULL;

      if (colour == NULL || !gdk_rgba_parse (&self->colours[s], colour))
        gdk_rgba_parse (&self->colours[s], tk_rules_seat_colour (s));
    }
  _tk_metromania_board_view_describe_update (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tk_metromania_board_view_set_draft (TkMetromaniaBoardView     *self,
                                    const TkMetromaniaSegment *tunnels,
                                    guint                      n_tunnels,
                                    const TkMetroPoint        *stations,
                                    guint                      n_stations)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_array_set_size (self->draft, 0);
  g_array_append_vals (self->draft, tunnels, n_tunnels);
  g_array_set_size (self->draft_stations, 0);
  g_array_append_vals (self->draft_stations, stations, n_stations);
  _tk_metromania_board_view_describe_update (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tk_metromania_board_view_set_highlight (TkMetromaniaBoardView     *self,
                                        const TkMetromaniaSegment *segments,
                                        guint                      n_segments)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_array_set_size (self->highlight, 0);
  g_array_append_vals (self->highlight, segments, n_segments);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const TkMetromaniaSegment *
tk_metromania_board_view_get_highlight (TkMetromaniaBoardView *self,
                                        guint                 *n_segments)
{
  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), NULL);

  *n_segments = self->highlight->len;
  return (const TkMetromaniaSegment *) self->highlight->data;
}

void
tk_metromania_board_view_set_line_end (TkMetromaniaBoardView *self,
                                       const TkMetroPoint    *end)
{
  gboolean moved;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  moved = end != NULL && (!self->has_end || !tk_metro_point_equal (*end, self->end));
  self->has_end = end != NULL;
  if (end != NULL)
    self->end = *end;
  /* The keyboard cursor follows the line being drawn, so Enter extends it; only when the end
   * moves, so that a cursor moved elsewhere (to place a marker) stays where it was put. */
  if (moved && tk_metro_point_on_board (*end))
    {
      double x, y;

      self->cursor = *end;
      _tk_metromania_board_view_geometry_board_xy (*end, &x, &y);
      _tk_metromania_board_view_geometry_pan_to_show (self, x, y);
    }
  _tk_metromania_board_view_describe_update (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tk_metromania_board_view_set_pick (TkMetromaniaBoardView *self,
                                   TkMetromaniaPick       pick)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  self->pick = pick;
  _tk_metromania_board_view_describe_update (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tk_metromania_board_view_set_enter_hint (TkMetromaniaBoardView *self,
                                         const char            *hint)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  if (g_strcmp0 (hint, self->enter_hint) == 0)
    return;
  g_free (self->enter_hint);
  self->enter_hint = g_strdup (hint);
  _tk_metromania_board_view_describe_update (self);
}

/* ---- object ---- */

static void
tk_metromania_board_view_finalize (GObject *object)
{
  TkMetromaniaBoardView *self = TK_METROMANIA_BOARD_VIEW (object);

  g_array_unref (self->lake);
  g_array_unref (self->park);
  g_array_unref (self->arrows);
  g_array_unref (self->end_arrows);
  g_array_unref (self->rivers);
  g_array_unref (self->forests);
  g_array_unref (self->spaces);
  g_array_unref (self->space_kinds);
  g_array_unref (self->used);
  g_ptr_array_unref (self->lines);
  g_array_unref (self->stations);
  g_ptr_array_unref (self->station_names);
  g_array_unref (self->markers);
  g_array_unref (self->draft);
  g_array_unref (self->draft_stations);
  g_array_unref (self->highlight);
  g_ptr_array_unref (self->player_names);
  g_free (self->enter_hint);

  G_OBJECT_CLASS (tk_metromania_board_view_parent_class)->finalize (object);
}

static void
tk_metromania_board_view_class_init (TkMetromaniaBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->finalize = tk_metromania_board_view_finalize;
  _tk_metromania_board_view_geometry_class_init (widget_class);
  _tk_metromania_board_view_draw_class_init (widget_class);
  _tk_metromania_board_view_input_class_init (widget_class);

  gtk_widget_class_set_css_name (widget_class, "tk-metromania-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tk_metromania_board_view_init (TkMetromaniaBoardView *self)
{
  self->lake = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->park = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->arrows = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->end_arrows = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->rivers = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->forests = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->spaces = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->space_kinds = g_array_new (FALSE, FALSE, sizeof (guint));
  self->used = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->lines = g_ptr_array_new_with_free_func (line_free);
  self->stations = g_array_new (FALSE, FALSE, sizeof (TkMetroPoint));
  self->station_names = g_ptr_array_new_with_free_func (g_free);
  self->markers = g_array_new (FALSE, FALSE, sizeof (Marker));
  g_array_set_clear_func (self->markers, marker_clear);
  self->player_names = g_ptr_array_new_with_free_func (g_free);
  self->draft = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));
  self->draft_stations = g_array_new (FALSE, FALSE, sizeof (TkMetroPoint));
  self->highlight = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));
  self->zoom = 1.0;
  for (guint s = 0; s < G_N_ELEMENTS (self->colours); s++)
    gdk_rgba_parse (&self->colours[s], tk_rules_seat_colour (s));

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  _tk_metromania_board_view_input_init (self);
  _tk_metromania_board_view_describe_init (self);
}
