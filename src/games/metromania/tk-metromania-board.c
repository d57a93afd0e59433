/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board.c — lattice geometry of the Metromania city. */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include "tk-metromania-board.h"

/* In turning order: 0°, 60°, 120°, 180°, 240°, 300° (x = q + r/2, y = r·√3/2). */
static const gint directions[6][2] = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 },
                                       { 1, -1 } };

void
tk_metro_cell_corners (TkMetroCell  cell,
                       TkMetroPoint corners[3])
{
  if (!cell.down)
    {
      corners[0] = (TkMetroPoint) { cell.q, cell.r };
      corners[1] = (TkMetroPoint) { cell.q + 1, cell.r };
      corners[2] = (TkMetroPoint) { cell.q, cell.r + 1 };
    }
  else
    {
      corners[0] = (TkMetroPoint) { cell.q + 1, cell.r };
      corners[1] = (TkMetroPoint) { cell.q, cell.r + 1 };
      corners[2] = (TkMetroPoint) { cell.q + 1, cell.r + 1 };
    }
}

static gint
norm (TkMetroPoint p)
{
  return MAX (MAX (ABS (p.q), ABS (p.r)), ABS (p.q + p.r));
}

gboolean
tk_metro_point_in_city (TkMetroPoint point)
{
  return norm (point) <= TK_METRO_CITY_RADIUS;
}

gboolean
tk_metro_cell_in_city (TkMetroCell cell)
{
  TkMetroPoint c[3];

  tk_metro_cell_corners (cell, c);
  return norm (c[0]) <= TK_METRO_CITY_RADIUS && norm (c[1]) <= TK_METRO_CITY_RADIUS &&
         norm (c[2]) <= TK_METRO_CITY_RADIUS;
}

static gint
side_form (TkMetroPoint p,
           guint        side)
{
  switch (side)
    {
    case 0: return p.q;
    case 1: return p.q + p.r;
    case 2: return p.r;
    case 3: return -p.q;
    case 4: return -p.q - p.r;
    default: return -p.r;
    }
}

gint
tk_metro_cell_frame_side (TkMetroCell cell)
{
  TkMetroPoint c[3];
  guint inside = 0, outside = 0;

  tk_metro_cell_corners (cell, c);
  for (guint i = 0; i < 3; i++)
    {
      if (norm (c[i]) <= TK_METRO_CITY_RADIUS)
        inside++;
      else if (norm (c[i]) == TK_METRO_CITY_RADIUS + 1)
        outside++;
    }
  if (inside != 2 || outside != 1)
    return -1;
  for (guint side = 0; side < 6; side++)
    {
      guint on = 0, beyond = 0;

      for (guint i = 0; i < 3; i++)
        {
          gint v = side_form (c[i], side);
          on += v == TK_METRO_CITY_RADIUS;
          beyond += v == TK_METRO_CITY_RADIUS + 1;
        }
      if (on == 2 && beyond == 1)
        return (gint) side;
    }
  return -1;
}

gboolean
tk_metro_cell_touches (TkMetroCell  cell,
                       TkMetroPoint point)
{
  TkMetroPoint c[3];

  tk_metro_cell_corners (cell, c);
  for (guint i = 0; i < 3; i++)
    if (tk_metro_point_equal (c[i], point))
      return TRUE;
  return FALSE;
}

gint
tk_metro_heading (TkMetroPoint a,
                  TkMetroPoint b)
{
  for (guint d = 0; d < 6; d++)
    if (b.q - a.q == directions[d][0] && b.r - a.r == directions[d][1])
      return (gint) d;
  return -1;
}

gboolean
tk_metro_point_equal (TkMetroPoint a,
                      TkMetroPoint b)
{
  return a.q == b.q && a.r == b.r;
}

gboolean
tk_metro_cell_equal (TkMetroCell a,
                     TkMetroCell b)
{
  return a.q == b.q && a.r == b.r && !a.down == !b.down;
}

gboolean
tk_metro_cells_adjacent (TkMetroCell a,
                         TkMetroCell b)
{
  TkMetroPoint ca[3], cb[3];
  guint common = 0;

  tk_metro_cell_corners (a, ca);
  tk_metro_cell_corners (b, cb);
  for (guint i = 0; i < 3; i++)
    for (guint j = 0; j < 3; j++)
      common += tk_metro_point_equal (ca[i], cb[j]);
  return common == 2;
}

gboolean
tk_metro_sides_close (gint a,
                      gint b)
{
  gint d = ((a - b) % 6 + 6) % 6;

  return d == 0 || d == 1 || d == 5;
}

TkMetroPoint
tk_metro_neighbour (TkMetroPoint point,
                    guint        dir)
{
  return (TkMetroPoint) { point.q + directions[dir % 6][0], point.r + directions[dir % 6][1] };
}

/* An up cell's corners sum (in q + r) to 3(q + r) + 2, a down cell's to 3(q + r) + 4, where
 * (q, r) is the smallest q and the smallest r among them. */
TkMetroCell
tk_metro_cell_of_corners (TkMetroPoint a,
                          TkMetroPoint b,
                          TkMetroPoint c)
{
  gint q = MIN (MIN (a.q, b.q), c.q);
  gint r = MIN (MIN (a.r, b.r), c.r);
  gint sum = a.q + a.r + b.q + b.r + c.q + c.r;

  return (TkMetroCell) { q, r, sum - 3 * (q + r) == 4 };
}

gboolean
tk_metro_cells_beside (TkMetroPoint a,
                       TkMetroPoint b,
                       TkMetroCell  out[2])
{
  gint d = tk_metro_heading (a, b);

  if (d < 0)
    return FALSE;
  out[0] = tk_metro_cell_of_corners (a, b, tk_metro_neighbour (a, (guint) d + 1));
  out[1] = tk_metro_cell_of_corners (a, b, tk_metro_neighbour (a, (guint) d + 5));
  return TRUE;
}

gboolean
tk_metro_point_on_board (TkMetroPoint point)
{
  return norm (point) <= TK_METRO_CITY_RADIUS + 1;
}

gboolean
tk_metro_cell_on_board (TkMetroCell cell)
{
  return tk_metro_cell_in_city (cell) || tk_metro_cell_frame_side (cell) >= 0;
}

gboolean
tk_metro_cells_contain (GArray      *cells,
                        TkMetroCell  cell)
{
  for (guint i = 0; cells != NULL && i < cells->len; i++)
    if (tk_metro_cell_equal (g_array_index (cells, TkMetroCell, i), cell))
      return TRUE;
  return FALSE;
}
