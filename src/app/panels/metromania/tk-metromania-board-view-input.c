/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-input.c — the Metromania board view: input.  A tap becomes an
 * edge, a point or a cell under the current pick; pinch and scroll zoom, a drag pans, and the
 * keyboard moves a cursor along the lattice (each move described for screen readers).  The
 * view never changes the game: everything here ends in one of the activation signals, which
 * this file installs with the controllers.
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "tk-metromania-board-view-private.h"

/* The lattice and the view transform, by shorter names. */
#define board_xy _tk_metromania_board_view_geometry_board_xy
#define transform _tk_metromania_board_view_geometry_transform

enum
{
  SIGNAL_EDGE_ACTIVATED,
  SIGNAL_POINT_ACTIVATED,
  SIGNAL_CELL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- activation ---- */

void
tk_metromania_board_view_activate_edge (TkMetromaniaBoardView *self,
                                        TkMetroPoint           a,
                                        TkMetroPoint           b,
                                        const TkMetroCell     *cell)
{
  TkMetroCell chosen;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  if (cell != NULL)
    chosen = *cell;
  else
    {
      TkMetroCell beside[2];
      gint best = -1;

      g_return_if_fail (tk_metro_cells_beside (a, b, beside));
      for (gint k = 1; k >= 0; k--)
        {
          gboolean drafted = FALSE;

          for (guint i = 0; i < self->draft->len; i++)
            drafted |= tk_metro_cell_equal (g_array_index (self->draft, TkMetromaniaSegment,
                                                           i).cell, beside[k]);
          if (tk_metro_cell_on_board (beside[k]) && !drafted &&
              !tk_metro_cells_contain (self->used, beside[k]) &&
              !tk_metro_cells_contain (self->lake, beside[k]) &&
              !tk_metro_cells_contain (self->park, beside[k]))
            best = k;
        }
      chosen = beside[best >= 0 ? best : 0];
    }
  g_signal_emit (self, signals[SIGNAL_EDGE_ACTIVATED], 0, &a, &b, &chosen);
}

void
tk_metromania_board_view_activate_point (TkMetromaniaBoardView *self,
                                         TkMetroPoint           point)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_signal_emit (self, signals[SIGNAL_POINT_ACTIVATED], 0, &point);
}

void
tk_metromania_board_view_activate_cell (TkMetromaniaBoardView *self,
                                        TkMetroCell            cell)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_signal_emit (self, signals[SIGNAL_CELL_ACTIVATED], 0, &cell);
}

/* ---- taps ---- */

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

  transform (self, &unit, &cx, &cy);
  if (unit <= 0)
    return FALSE;
  bx = (x - cx) / unit;
  by = (y - cy) / unit;
  cell = _tk_metromania_board_view_geometry_cell_at (bx, by);
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
            board_xy (c[i], &px, &py);
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

        if (!tk_metro_cell_on_board (cell))
          return FALSE;
        /* The side of the tapped cell nearest to the tap: a tunnel tile lies in the cell. */
        for (guint i = 0; i < 3; i++)
          {
            double ax, ay, ex, ey, d;
            board_xy (c[i], &ax, &ay);
            board_xy (c[(i + 1) % 3], &ex, &ey);
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
      if (!tk_metro_cell_on_board (cell))
        return FALSE;
      tk_metromania_board_view_activate_cell (self, cell);
      return TRUE;
    }
}

/* ---- input ---- */

static void
on_click_released (GtkGestureClick       *gesture,
                   int                    n_press,
                   double                 x,
                   double                 y,
                   TkMetromaniaBoardView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (tk_metromania_board_view_tap (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_zoom_begin (GtkGesture            *gesture,
               GdkEventSequence      *sequence,
               TkMetromaniaBoardView *self)
{
  self->zoom_start = self->zoom;
}

static void
on_zoom_scale_changed (GtkGestureZoom        *gesture,
                       double                 scale,
                       TkMetromaniaBoardView *self)
{
  tk_metromania_board_view_set_zoom (self, self->zoom_start * scale);
}

static void
on_drag_begin (GtkGestureDrag        *gesture,
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

static void
on_drag_update (GtkGestureDrag        *gesture,
                double                 dx,
                double                 dy,
                TkMetromaniaBoardView *self)
{
  double unit, cx, cy;

  transform (self, &unit, &cx, &cy);
  if (unit <= 0 || hypot (dx, dy) < 8)
    return;
  _tk_metromania_board_view_geometry_set_pan (self, self->drag_pan_x - dx / unit,
                                              self->drag_pan_y - dy / unit);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
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

  if (tk_metro_point_on_board (p))
    {
      double x, y;

      self->cursor = p;
      board_xy (p, &x, &y);
      _tk_metromania_board_view_geometry_pan_to_show (self, x, y);
    }
  _tk_metromania_board_view_describe_update (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Page Up and Down turn the cursor's edge, Space flips the side of a tunnel. */
static void
turn_cursor (TkMetromaniaBoardView *self,
             guint                  dir,
             gboolean               flip)
{
  self->cursor_dir = dir;
  self->cursor_flip = flip;
  _tk_metromania_board_view_describe_update (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                TkMetromaniaBoardView *self)
{
  /* Up and down zigzag so that the cursor goes straight up or down on screen. */
  gboolean odd = (self->cursor.r & 1) != 0;

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
      turn_cursor (self, (self->cursor_dir + 5) % 6, self->cursor_flip);
      return TRUE;
    case GDK_KEY_Page_Down:
    case GDK_KEY_bracketright:
      turn_cursor (self, (self->cursor_dir + 1) % 6, self->cursor_flip);
      return TRUE;
    case GDK_KEY_space:
      turn_cursor (self, self->cursor_dir, !self->cursor_flip);
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
      {
        TkMetroPoint b;
        TkMetroCell cell = _tk_metromania_board_view_geometry_cursor_cell (self, &b);

        if (self->pick == TK_METROMANIA_PICK_POINT)
          tk_metromania_board_view_activate_point (self, self->cursor);
        else if (self->pick == TK_METROMANIA_PICK_EDGE)
          tk_metromania_board_view_activate_edge (self, self->cursor, b, &cell);
        else
          tk_metromania_board_view_activate_cell (self, cell);
        return TRUE;
      }
    default:
      return FALSE;
    }
}

TkMetroPoint
tk_metromania_board_view_get_cursor (TkMetromaniaBoardView *self)
{
  TkMetroPoint centre = { 0, 0 };

  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), centre);

  return self->cursor;
}

/* ---- installed by the class ---- */

void
_tk_metromania_board_view_input_class_init (GtkWidgetClass *widget_class)
{
  GType type = G_TYPE_FROM_CLASS (widget_class);

  signals[SIGNAL_EDGE_ACTIVATED] =
    g_signal_new ("edge-activated", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_POINTER, G_TYPE_POINTER, G_TYPE_POINTER);
  signals[SIGNAL_POINT_ACTIVATED] =
    g_signal_new ("point-activated", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_CELL_ACTIVATED] =
    g_signal_new ("cell-activated", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

void
_tk_metromania_board_view_input_init (TkMetromaniaBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *zoom = gtk_gesture_zoom_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkEventController *key = gtk_event_controller_key_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* Space flips the cursor's side here: not the turn clock's Next Player (tk-session-view.c) */
  gtk_widget_add_css_class (GTK_WIDGET (self), "tk-takes-space");

  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (click), FALSE);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (zoom, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
}
