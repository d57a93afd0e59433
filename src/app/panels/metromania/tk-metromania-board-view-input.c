/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-input.c — the Metromania board view: input.  A tap becomes an
 * edge, a point or a cell under the current pick; pinch and scroll zoom, a drag pans, and the
 * keyboard moves a cursor along the lattice.  The view never changes the game: everything here
 * ends in one of the view's activation signals.
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "tk-metromania-board-view-private.h"

static double
distance_to_segment (double px,
                     double py,
                     double ax,
                     double ay,
                     double bx,
                     double by)
{
  double dx = bx - ax, dy = by - ay;
  double t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);

  t = CLAMP (t, 0, 1);
  return hypot (px - (ax + t * dx), py - (ay + t * dy));
}

gboolean
tk_metromania_board_view_tap (TkMetromaniaBoardView *self,
                              double                 x,
                              double                 y)
{
  double unit, cx, cy, bx, by;
  TkMetroCell cell;
  TkMetroPoint c[3];

  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), FALSE);

  mbv_transform (self, &unit, &cx, &cy);
  if (unit <= 0)
    return FALSE;
  bx = (x - cx) / unit;
  by = (y - cy) / unit;
  cell = mbv_cell_at (bx, by);
  tk_metro_cell_corners (cell, c);

  switch (self->pick)
    {
    case TK_METROMANIA_PICK_POINT:
      {
        gint best = -1;
        double best_d = 0.5;

        for (guint i = 0; i < 3; i++)
          {
            double px, py;
            mbv_board_xy (c[i], &px, &py);
            if (tk_metro_point_in_city (c[i]) && hypot (bx - px, by - py) < best_d)
              {
                best_d = hypot (bx - px, by - py);
                best = (gint) i;
              }
          }
        if (best < 0)
          return FALSE;
        tk_metromania_board_view_activate_point (self, c[best]);
        return TRUE;
      }

    case TK_METROMANIA_PICK_EDGE:
      {
        guint best = 0;
        double best_d = G_MAXDOUBLE;

        if (!mbv_cell_on_board (cell))
          return FALSE;
        /* The side of the tapped cell nearest to the tap: a tunnel tile lies in the cell. */
        for (guint i = 0; i < 3; i++)
          {
            double ax, ay, ex, ey, d;
            mbv_board_xy (c[i], &ax, &ay);
            mbv_board_xy (c[(i + 1) % 3], &ex, &ey);
            d = distance_to_segment (bx, by, ax, ay, ex, ey);
            if (d < best_d)
              {
                best_d = d;
                best = i;
              }
          }
        tk_metromania_board_view_activate_edge (self, c[best], c[(best + 1) % 3], &cell);
        return TRUE;
      }

    case TK_METROMANIA_PICK_CELL:
    default:
      if (!mbv_cell_on_board (cell))
        return FALSE;
      tk_metromania_board_view_activate_cell (self, cell);
      return TRUE;
    }
}

/* ---- input ---- */

void
mbv_on_click_released (GtkGestureClick       *gesture,
                       int                    n_press,
                       double                 x,
                       double                 y,
                       TkMetromaniaBoardView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (tk_metromania_board_view_tap (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

void
mbv_on_zoom_begin (GtkGesture            *gesture,
                   GdkEventSequence      *sequence,
                   TkMetromaniaBoardView *self)
{
  self->zoom_start = self->zoom;
}

void
mbv_on_zoom_scale_changed (GtkGestureZoom        *gesture,
                           double                 scale,
                           TkMetromaniaBoardView *self)
{
  tk_metromania_board_view_set_zoom (self, self->zoom_start * scale);
}

void
mbv_on_drag_begin (GtkGestureDrag        *gesture,
                   double                 x,
                   double                 y,
                   TkMetromaniaBoardView *self)
{
  self->drag_pan_x = self->pan_x;
  self->drag_pan_y = self->pan_y;
  /* Only a zoomed board pans; otherwise the page scrolls as usual. */
  if (self->zoom <= 1.0)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

void
mbv_on_drag_update (GtkGestureDrag        *gesture,
                    double                 dx,
                    double                 dy,
                    TkMetromaniaBoardView *self)
{
  double unit, cx, cy;

  mbv_transform (self, &unit, &cx, &cy);
  if (unit <= 0 || hypot (dx, dy) < 8)
    return;
  mbv_set_pan (self, self->drag_pan_x - dx / unit, self->drag_pan_y - dy / unit);
}

gboolean
mbv_on_scroll (GtkEventControllerScroll *controller,
               double                    dx,
               double                    dy,
               TkMetromaniaBoardView    *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (
                            GTK_EVENT_CONTROLLER (controller));

  if (!(state & GDK_CONTROL_MASK))
    return FALSE;
  tk_metromania_board_view_set_zoom (self, self->zoom * (dy < 0 ? 1.25 : 0.8));
  return TRUE;
}

static void
move_cursor (TkMetromaniaBoardView *self,
             gint                   dq,
             gint                   dr)
{
  TkMetroPoint p = { self->cursor.q + dq, self->cursor.r + dr };

  if (mbv_norm (p) <= FRAME_NORM)
    {
      double x, y;

      self->cursor = p;
      mbv_board_xy (p, &x, &y);
      mbv_pan_to_show (self, x, y);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
mbv_on_key_pressed (GtkEventControllerKey *controller,
                    guint                  keyval,
                    guint                  keycode,
                    GdkModifierType        state,
                    TkMetromaniaBoardView *self)
{
  TkMetroPoint p = self->cursor;
  TkMetroPoint b = { p.q + mbv_directions[self->cursor_dir][0],
                     p.r + mbv_directions[self->cursor_dir][1] };
  /* Up and down zigzag so that the cursor goes straight up or down on screen. */
  gboolean odd = (p.r & 1) != 0;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor (self, odd ? 1 : 0, -1);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor (self, odd ? 0 : -1, 1);
      return TRUE;
    case GDK_KEY_Page_Up:
    case GDK_KEY_bracketleft:
      self->cursor_dir = (self->cursor_dir + 5) % 6;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Page_Down:
    case GDK_KEY_bracketright:
      self->cursor_dir = (self->cursor_dir + 1) % 6;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_space:
      self->cursor_flip = !self->cursor_flip;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      tk_metromania_board_view_set_zoom (self, self->zoom * 1.25);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      tk_metromania_board_view_set_zoom (self, self->zoom * 0.8);
      return TRUE;
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
      /* the whole board, as the Show Whole Board button */
      tk_metromania_board_view_set_zoom (self, 1.0);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->pick == TK_METROMANIA_PICK_POINT)
        tk_metromania_board_view_activate_point (self, p);
      else
        {
          guint side = self->pick == TK_METROMANIA_PICK_EDGE && self->cursor_flip
                       ? (self->cursor_dir + 5) % 6 : (self->cursor_dir + 1) % 6;
          TkMetroPoint c = { p.q + mbv_directions[side][0], p.r + mbv_directions[side][1] };
          TkMetroCell cell = tk_metromania_cell_of_triangle (p, b, c);

          if (self->pick == TK_METROMANIA_PICK_EDGE)
            tk_metromania_board_view_activate_edge (self, p, b, &cell);
          else
            tk_metromania_board_view_activate_cell (self, cell);
        }
      return TRUE;
    default:
      return FALSE;
    }
}
