/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-geometry.c — the Metromania board view: the lattice and the
 * view transform.  Points, cells and their neighbours in board units, and the scale, centre and
 * pan that map them to the widget (the zoom a phone opens at, panning to show a point).  Apart
 * from the rest of the view because drawing, taps and the keyboard all build on it.
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

/* In turning order, as in tk-metromania-board.c. */
const gint mbv_directions[6][2] = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 },
                                    { 1, -1 } };

/* ---- geometry ---- */

gint
mbv_norm (TkMetroPoint p)
{
  return MAX (MAX (ABS (p.q), ABS (p.r)), ABS (p.q + p.r));
}

void
mbv_board_xy (TkMetroPoint p,
              double      *x,
              double      *y)
{
  *x = p.q + p.r / 2.0;
  *y = p.r * SQRT3_2;
}

void
mbv_cell_centre (TkMetroCell cell,
                 double     *x,
                 double     *y)
{
  TkMetroPoint c[3];
  double sx = 0, sy = 0;

  tk_metro_cell_corners (cell, c);
  for (guint i = 0; i < 3; i++)
    {
      double px, py;
      mbv_board_xy (c[i], &px, &py);
      sx += px;
      sy += py;
    }
  *x = sx / 3;
  *y = sy / 3;
}

TkMetroCell
mbv_cell_at (double bx,
             double by)
{
  double r = by / SQRT3_2;
  double q = bx - r / 2;
  double fq = floor (q), fr = floor (r);

  return (TkMetroCell) { (gint) fq, (gint) fr, (q - fq) + (r - fr) >= 1.0 };
}

TkMetroCell
tk_metromania_cell_of_triangle (TkMetroPoint a,
                                TkMetroPoint b,
                                TkMetroPoint c)
{
  double x = (a.q + a.r / 2.0 + b.q + b.r / 2.0 + c.q + c.r / 2.0) / 3;
  double y = (a.r + b.r + c.r) * SQRT3_2 / 3;

  return mbv_cell_at (x, y);
}

gboolean
mbv_cell_on_board (TkMetroCell cell)
{
  return tk_metro_cell_in_city (cell) || tk_metro_cell_frame_side (cell) >= 0;
}

gboolean
mbv_cells_contain (GArray      *cells,
                   TkMetroCell  cell)
{
  for (guint i = 0; cells != NULL && i < cells->len; i++)
    if (tk_metro_cell_equal (g_array_index (cells, TkMetroCell, i), cell))
      return TRUE;
  return FALSE;
}

/* The two cells beside the edge a–b (one may be off the board). */
void
mbv_cells_beside (TkMetroPoint a,
                  TkMetroPoint b,
                  TkMetroCell  out[2])
{
  gint d = tk_metro_heading (a, b);
  guint k = 0;

  for (gint turn = 1; turn >= -1 && d >= 0; turn -= 2)
    {
      guint e = (guint) ((d + turn + 6) % 6);
      TkMetroPoint c = { a.q + mbv_directions[e][0], a.r + mbv_directions[e][1] };

      out[k++] = tk_metromania_cell_of_triangle (a, b, c);
    }
  if (d < 0)
    out[0] = out[1] = (TkMetroCell) { 100, 100, FALSE };
}

/* Pixels per board unit and the board's centre in widget coordinates. */
void
mbv_transform (TkMetromaniaBoardView *self,
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

void
mbv_clamp_pan (TkMetromaniaBoardView *self)
{
  /* Keep some of the board in view: the centre may move at most to the board's edge. */
  double limit_x = BOARD_W / 2 * (1 - 1 / self->zoom);
  double limit_y = BOARD_H / 2 * (1 - 1 / self->zoom);

  self->pan_x = CLAMP (self->pan_x, -limit_x, limit_x);
  self->pan_y = CLAMP (self->pan_y, -limit_y, limit_y);
}

/* The zoom at which an edge is a finger's target (TOUCH_SIZE across) at @width × @height. */
double
mbv_touch_zoom (int width,
                int height)
{
  double unit = MIN (width / BOARD_W, height / BOARD_H);

  return unit > 0 ? CLAMP (TOUCH_UNIT / unit, 1.0, MAX_ZOOM) : 1.0;
}

/* Pans, when zoomed, so that the board point (@x, @y) is in view with a unit to spare: the
 * keyboard cursor never leaves the screen. */
void
mbv_pan_to_show (TkMetromaniaBoardView *self,
                 double                 x,
                 double                 y)
{
  double unit, cx, cy, half_w, half_h;

  mbv_transform (self, &unit, &cx, &cy);
  if (unit <= 0 || self->zoom <= 1.0)
    return;
  half_w = MAX (0, gtk_widget_get_width (GTK_WIDGET (self)) / (2 * unit) - 1);
  half_h = MAX (0, gtk_widget_get_height (GTK_WIDGET (self)) / (2 * unit) - 1);
  self->pan_x = CLAMP (self->pan_x, x - half_w, x + half_w);
  self->pan_y = CLAMP (self->pan_y, y - half_h, y + half_h);
  mbv_clamp_pan (self);
}
