/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board.h — the Metromania city on a triangular lattice.
 *
 * Points use axial coordinates (q, r); the city is the hexagon of side 5 around (0, 0): the 91
 * points with max(|q|, |r|, |q + r|) ≤ 5.  A cell (small triangle) is "up" with corners
 * (q, r), (q+1, r), (q, r+1) or "down" with corners (q+1, r), (q, r+1), (q+1, r+1).  The city
 * holds the 150 cells whose corners are all in it; the frame holds the 30 cells with one side
 * on the city's border and their third corner (the apex) just outside.  A tunnel runs along a
 * side of the cell it occupies.  The six sides of the city are numbered 0–5 around it
 * (q = 5, q + r = 5, r = 5, q = −5, q + r = −5, r = −5); neighbouring numbers are neighbouring
 * sides.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TK_METRO_CITY_RADIUS 5

typedef struct
{
  gint q;
  gint r;
} TkMetroPoint;

typedef struct
{
  gint     q;
  gint     r;
  gboolean down;
} TkMetroCell;

void     tk_metro_cell_corners    (TkMetroCell  cell,
                                   TkMetroPoint corners[3]);
gboolean tk_metro_point_in_city   (TkMetroPoint point);
gboolean tk_metro_cell_in_city    (TkMetroCell  cell);
/* 0–5 for a frame cell, −1 for any other cell. */
gint     tk_metro_cell_frame_side (TkMetroCell  cell);
gboolean tk_metro_cell_touches    (TkMetroCell  cell,
                                   TkMetroPoint point);
/* The direction 0–5 from @a to its neighbour @b (60° apart, in turning order), or −1. */
gint     tk_metro_heading         (TkMetroPoint a,
                                   TkMetroPoint b);
gboolean tk_metro_point_equal     (TkMetroPoint a,
                                   TkMetroPoint b);
gboolean tk_metro_cell_equal      (TkMetroCell  a,
                                   TkMetroCell  b);
/* Whether two different cells share a side. */
gboolean tk_metro_cells_adjacent  (TkMetroCell  a,
                                   TkMetroCell  b);
/* Whether two sides of the city are the same or neighbours. */
gboolean tk_metro_sides_close     (gint         a,
                                   gint         b);

/* The neighbour of @point in direction @dir (0–5, in turning order; taken modulo 6). */
TkMetroPoint tk_metro_neighbour    (TkMetroPoint point,
                                    guint        dir);
/* The cell whose corners are @a, @b and @c, in any order (three mutual neighbours). */
TkMetroCell  tk_metro_cell_of_corners (TkMetroPoint a,
                                       TkMetroPoint b,
                                       TkMetroPoint c);
/* The two cells that share the side from @a to its neighbour @b: the one towards the next
 * direction in turning order first (either may be off the board).  FALSE when @a and @b are
 * not neighbours. */
gboolean     tk_metro_cells_beside (TkMetroPoint a,
                                    TkMetroPoint b,
                                    TkMetroCell  out[2]);
/* On the printed board: a cell of the city or of its frame; a point of the city or of the ring
 * just outside it (where the frame cells' apexes lie). */
gboolean     tk_metro_point_on_board (TkMetroPoint point);
gboolean     tk_metro_cell_on_board  (TkMetroCell  cell);
/* Whether @cells (a GArray of TkMetroCell, may be NULL) holds @cell. */
gboolean     tk_metro_cells_contain  (GArray      *cells,
                                      TkMetroCell  cell);

G_END_DECLS
