/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-geometry.c — the Metromania board view: the lattice in board units
 * and the view transform.  Where points and cells lie in board units (their neighbours and
 * which cells are on the board are the engine's, tk-metromania-board.h), and the scale, centre,
 * zoom and pan that map them to the widget (the zoom a phone opens at, panning to show a
 * point), with the view's size.  Apart from the rest of the view because drawing, taps, the
 * keyboard and the cursor's description all build on it; it calls none of them.
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "tk-metromania-board-view-private.h"

#define SQRT3_2 0.86602540378443864676

/* A finger's target: 44 px across an edge at its middle, i.e. twice the inradius of a
 * triangle (side × √3/6), so a board unit of 44 / (√3/3) px. */
#define TOUCH_SIZE 44.0
#define TOUCH_UNIT (TOUCH_SIZE * 1.7320508075688772)

#define NATURAL_WIDTH 640
#define MIN_WIDTH 280

/* A board view this narrow (or narrower) is on a phone: it opens zoomed in (see
 * touch_zoom()) and is a little taller than the board's aspect, to show more of it. */
#define PHONE_WIDTH 480
#define PHONE_ASPECT 1.2

enum
{
  SIGNAL_ZOOM_CHANGED,
  SIGNAL_PANNED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- geometry ---- */

void
_tk_metromania_board_view_geometry_board_xy (TkMetroPoint p,
                                             double      *x,
                                             double      *y)
{
  *x = p.q + p.r / 2.0;
  *y = p.r * SQRT3_2;
}

void
_tk_metromania_board_view_geometry_cell_centre (TkMetroCell cell,
                                                double     *x,
                                                double     *y)
{
  TkMetroPoint c[3];
  double sx = 0, sy = 0;

  tk_metro_cell_corners (cell, c);
  for (guint i = 0; i < 3; i++)
    {
      double px, py;
      _tk_metromania_board_view_geometry_board_xy (c[i], &px, &py);
      sx += px;
      sy += py;
    }
  *x = sx / 3;
  *y = sy / 3;
}

TkMetroCell
_tk_metromania_board_view_geometry_cell_at (double bx,
                                            double by)
{
  double r = by / SQRT3_2;
  double q = bx - r / 2;
  double fq = floor (q), fr = floor (r);

  return (TkMetroCell) { (gint) fq, (gint) fr, (q - fq) + (r - fr) >= 1.0 };
}

/* Pixels per board unit and the board's centre in widget coordinates. */
void
_tk_metromania_board_view_geometry_transform (TkMetromaniaBoardView *self,
                                              double                *unit,
                                              double                *cx,
                                              double                *cy)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  *unit = MIN (w / BOARD_W, h / BOARD_H) * self->zoom;
  *cx = w / 2 - self->pan_x * *unit;
  *cy = h / 2 - self->pan_y * *unit;
}

static void
clamp_pan (TkMetromaniaBoardView *self)
{
  /* Keep some of the board in view: the centre may move at most to the board's edge. */
  double limit_x = BOARD_W / 2 * (1 - 1 / self->zoom);
  double limit_y = BOARD_H / 2 * (1 - 1 / self->zoom);

  self->pan_x = CLAMP (self->pan_x, -limit_x, limit_x);
  self->pan_y = CLAMP (self->pan_y, -limit_y, limit_y);
}

/* The zoom at which an edge is a finger's target (TOUCH_SIZE across) at @width × @height. */
static double
touch_zoom (int width,
            int height)
{
  double unit = MIN (width / BOARD_W, height / BOARD_H);

  return unit > 0 ? CLAMP (TOUCH_UNIT / unit, 1.0, MAX_ZOOM) : 1.0;
}

/* Pans, when zoomed, so that the board point (@x, @y) is in view with a unit to spare: the
 * keyboard cursor never leaves the screen. */
void
_tk_metromania_board_view_geometry_pan_to_show (TkMetromaniaBoardView *self,
                                                double                 x,
                                                double                 y)
{
  double unit, cx, cy, half_w, half_h;

  _tk_metromania_board_view_geometry_transform (self, &unit, &cx, &cy);
  if (unit <= 0 || self->zoom <= 1.0)
    return;
  half_w = MAX (0, gtk_widget_get_width (GTK_WIDGET (self)) / (2 * unit) - 1);
  half_h = MAX (0, gtk_widget_get_height (GTK_WIDGET (self)) / (2 * unit) - 1);
  self->pan_x = CLAMP (self->pan_x, x - half_w, x + half_w);
  self->pan_y = CLAMP (self->pan_y, y - half_h, y + half_h);
  clamp_pan (self);
}

/* The cell beside the cursor's edge that Enter picks: towards the next direction in turning
 * order, or the one before when Space flipped the side of a tunnel.  @b: the edge's far end. */
TkMetroCell
_tk_metromania_board_view_geometry_cursor_cell (TkMetromaniaBoardView *self,
                                                TkMetroPoint          *b)
{
  guint side = self->pick == TK_METROMANIA_PICK_EDGE && self->cursor_flip
               ? self->cursor_dir + 5 : self->cursor_dir + 1;

  *b = tk_metro_neighbour (self->cursor, self->cursor_dir);
  return tk_metro_cell_of_corners (self->cursor, *b, tk_metro_neighbour (self->cursor, side));
}

/* Where the middle of the view is on the board; clamped, redrawn, "panned" emitted. */
void
_tk_metromania_board_view_geometry_set_pan (TkMetromaniaBoardView *self,
                                            double                 x,
                                            double                 y)
{
  self->pan_x = x;
  self->pan_y = y;
  clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_PANNED], 0);
}

double
tk_metromania_board_view_get_zoom (TkMetromaniaBoardView *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), 1.0);

  return self->zoom;
}

void
tk_metromania_board_view_set_zoom (TkMetromaniaBoardView *self,
                                   double                 zoom)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  zoom = CLAMP (zoom, 1.0, MAX_ZOOM);
  self->zoom_chosen = TRUE;
  if (zoom == self->zoom)
    return;
  self->zoom = zoom;
  clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_ZOOM_CHANGED], 0);
}

double
tk_metromania_board_view_get_max_zoom (TkMetromaniaBoardView *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), 1.0);

  return MAX_ZOOM;
}

void
tk_metromania_board_view_pan (TkMetromaniaBoardView *self,
                              double                 dx,
                              double                 dy)
{
  double unit, cx, cy;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  _tk_metromania_board_view_geometry_transform (self, &unit, &cx, &cy);
  if (unit <= 0 || self->zoom <= 1.0)
    return;
  _tk_metromania_board_view_geometry_set_pan (self, self->pan_x - dx / unit,
                                              self->pan_y - dy / unit);
}

gboolean
tk_metromania_board_view_to_widget (TkMetromaniaBoardView *self,
                                    TkMetroPoint           point,
                                    double                *x,
                                    double                *y)
{
  double unit, cx, cy, bx, by;

  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), FALSE);

  _tk_metromania_board_view_geometry_transform (self, &unit, &cx, &cy);
  _tk_metromania_board_view_geometry_board_xy (point, &bx, &by);
  *x = cx + bx * unit;
  *y = cy + by * unit;
  return *x >= 0 && *y >= 0 && *x <= gtk_widget_get_width (GTK_WIDGET (self)) &&
         *y <= gtk_widget_get_height (GTK_WIDGET (self));
}

/* ---- size ---- */

static GtkSizeRequestMode
get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
measure (GtkWidget      *widget,
         GtkOrientation  orientation,
         int             for_size,
         int            *minimum,
         int            *natural,
         int            *minimum_baseline,
         int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = NATURAL_WIDTH;
    }
  else
    {
      /* Keep the board's aspect ratio at the width given, up to the natural size; on a
       * phone, where it opens zoomed in, a little taller to show more rows. */
      int width = for_size < 0 ? NATURAL_WIDTH : MIN (for_size, NATURAL_WIDTH);

      *minimum = *natural = (int) ceil (width * (width <= PHONE_WIDTH ? PHONE_ASPECT
                                                                      : BOARD_H / BOARD_W));
    }
}

static void
size_allocate (GtkWidget *widget,
               int        width,
               int        height,
               int        baseline)
{
  TkMetromaniaBoardView *self = TK_METROMANIA_BOARD_VIEW (widget);
  gboolean phone = width <= PHONE_WIDTH;

  /* On a phone the whole board makes edges of about 14 px, too small for a finger: the
   * view opens zoomed in to edges of TOUCH_SIZE, centred on the keyboard cursor, and pans.
   * Once the user zooms (buttons, pinch, keys), the width no longer changes the zoom. */
  if (phone != self->phone && !self->zoom_chosen)
    {
      double x, y;

      self->phone = phone;
      self->zoom = phone ? touch_zoom (width, height) : 1.0;
      _tk_metromania_board_view_geometry_board_xy (self->cursor, &x, &y);
      self->pan_x = x;
      self->pan_y = y;
      clamp_pan (self);
      g_signal_emit (self, signals[SIGNAL_ZOOM_CHANGED], 0);
    }
  self->phone = phone;
}

void
_tk_metromania_board_view_geometry_class_init (GtkWidgetClass *widget_class)
{
  widget_class->measure = measure;
  widget_class->size_allocate = size_allocate;
  widget_class->get_request_mode = get_request_mode;

  /* The zoom changed (buttons, keys, pinch, or the phone's opening zoom). */
  signals[SIGNAL_ZOOM_CHANGED] =
    g_signal_new ("zoom-changed", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The user moved the zoomed-in view (a drag, or tk_metromania_board_view_pan ()). */
  signals[SIGNAL_PANNED] =
    g_signal_new ("panned", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}
