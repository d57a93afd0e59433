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

/* @out holds what @from holds (both of one element type). */
static void
copy_array (GArray *out,
            GArray *from)
{
  g_array_set_size (out, 0);
  g_array_append_vals (out, from->data, from->len);
}

static void
line_free (gpointer data)
{
  Line *line = data;

  g_free (line->name);
  g_array_unref (line->tunnels);
  g_free (line);
}

void
tk_metromania_board_view_set_game (TkMetromaniaBoardView *self,
                                   gpointer               state,
                                   JsonObject            *setup)
{
  g_autoptr(GArray) stations = NULL;
  g_autoptr(GArray) markers = NULL;
  GArray *kinds;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));
  g_return_if_fail (state != NULL && setup != NULL);

  copy_array (self->lake, tk_metromania_rules_board_cells (state, TK_METRO_FEATURE_LAKE));
  copy_array (self->park, tk_metromania_rules_board_cells (state, TK_METRO_FEATURE_PARK));
  copy_array (self->arrows, tk_metromania_rules_board_cells (state, TK_METRO_FEATURE_ARROWS));
  copy_array (self->end_arrows, tk_metromania_rules_board_cells (state,
                                                                 TK_METRO_FEATURE_END_ARROWS));
  copy_array (self->rivers, tk_metromania_rules_board_cells (state, TK_METRO_FEATURE_RIVERS));
  copy_array (self->forests, tk_metromania_rules_board_cells (state, TK_METRO_FEATURE_FORESTS));
  copy_array (self->used, tk_metromania_rules_board_cells (state, TK_METRO_FEATURE_TUNNEL_CELLS));
  copy_array (self->spaces, tk_metromania_rules_board_spaces (state, &kinds));
  copy_array (self->space_kinds, kinds);

  g_ptr_array_set_size (self->lines, 0);
  for (guint s = 0; s < tk_rules_setup_n_players (setup); s++)
    for (guint style = 0; style < 2; style++)
      {
        Line *line = g_new0 (Line, 1);

        line->seat = s;
        line->style = style;
        line->state = tk_metromania_rules_line_state (state, s, style);
        line->name = tk_metromania_rules_line_name (state, s, style);
        line->tunnels = tk_metromania_rules_line_tunnels (state, s, style);
        g_ptr_array_add (self->lines, line);
      }

  g_array_set_size (self->stations, 0);
  g_ptr_array_set_size (self->station_names, 0);
  stations = tk_metromania_rules_board_stations (state);
  for (guint i = 0; i < stations->len; i++)
    {
      TkMetroNewStation *station = &g_array_index (stations, TkMetroNewStation, i);

      g_array_append_val (self->stations, station->point);
      g_ptr_array_add (self->station_names, g_strdup (station->id));
    }

  g_array_set_size (self->markers, 0);
  markers = tk_metromania_rules_markers (state);
  for (guint m = 0; m < markers->len; m++)
    if (g_array_index (markers, TkMetroMarker, m).on_board)
      g_array_append_val (self->markers, g_array_index (markers, TkMetroMarker, m));

  g_ptr_array_set_size (self->player_names, 0);
  for (guint s = 0; s < tk_rules_setup_n_players (setup); s++)
    g_ptr_array_add (self->player_names, g_strdup (tk_rules_setup_player_name (setup, s)));
  for (guint s = 0; s < G_N_ELEMENTS (self->colours); s++)
    {
      const char *colour = s < tk_rules_setup_n_players (setup)
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
  self->markers = g_array_new (FALSE, FALSE, sizeof (TkMetroMarker));
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
