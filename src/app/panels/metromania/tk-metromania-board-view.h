/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view.h — the Metromania city drawn from the engine's state: cells, lake
 * and park, destination markers, stations and every player's lines, with the turn being
 * entered and the fastest routes of a trip on top.
 *
 * The view never changes the game: a tap (or Enter on the keyboard cursor) becomes one of the
 * "*-activated" signals, which the panel turns into engine actions.  The activate functions
 * below are what the gestures and the keys call, and what the tests call.  The keyboard
 * cursor is drawn while the board has the focus and described to screen readers as it moves.
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "metromania/tk-metromania-board.h"
#include "tk-metromania-turn.h"

G_BEGIN_DECLS

/* What a tap picks, set by the panel from the current tool. */
typedef enum
{
  TK_METROMANIA_PICK_EDGE,    /* a side of a cell: a tunnel */
  TK_METROMANIA_PICK_POINT,   /* a lattice point: a station */
  TK_METROMANIA_PICK_CELL,    /* a cell: a destination, the lake, the park, an arrow */
} TkMetromaniaPick;

#define TK_TYPE_METROMANIA_BOARD_VIEW (tk_metromania_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaBoardView, tk_metromania_board_view, TK, METROMANIA_BOARD_VIEW,
                      GtkWidget)

/* The engine's state (tk_session_peek_state (), read through its typed board API, not kept)
 * and the setup (players' names and colours). */
void        tk_metromania_board_view_set_game         (TkMetromaniaBoardView *self,
                                                       gpointer               state,
                                                       JsonObject            *setup);
/* The turn being entered: its tunnels and the points of its new stations (drawn lighter). */
void        tk_metromania_board_view_set_draft        (TkMetromaniaBoardView     *self,
                                                       const TkMetromaniaSegment *tunnels,
                                                       guint                      n_tunnels,
                                                       const TkMetroPoint        *stations,
                                                       guint                      n_stations);
/* The segments of the selected trip's fastest routes, drawn with a glow (none: NULL, 0). */
void        tk_metromania_board_view_set_highlight    (TkMetromaniaBoardView     *self,
                                                       const TkMetromaniaSegment *segments,
                                                       guint                      n_segments);
/* What is highlighted now (owned by the view). */
const TkMetromaniaSegment *
            tk_metromania_board_view_get_highlight    (TkMetromaniaBoardView *self,
                                                       guint                 *n_segments);
/* The end of the line the player is drawing (ringed), or NULL. */
void        tk_metromania_board_view_set_line_end     (TkMetromaniaBoardView *self,
                                                       const TkMetroPoint    *end);

void        tk_metromania_board_view_set_pick         (TkMetromaniaBoardView *self,
                                                       TkMetromaniaPick       pick);

/* Zoom: 1 fits the whole city in the widget; up to 4. */
double      tk_metromania_board_view_get_zoom         (TkMetromaniaBoardView *self);
void        tk_metromania_board_view_set_zoom         (TkMetromaniaBoardView *self,
                                                       double                 zoom);
double      tk_metromania_board_view_get_max_zoom     (TkMetromaniaBoardView *self);
/* Moves a zoomed-in view by (@dx, @dy) widget pixels, as a drag does; emits "panned". */
void        tk_metromania_board_view_pan              (TkMetromaniaBoardView *self,
                                                       double                 dx,
                                                       double                 dy);

/* Emit "edge-activated" (a, b, cell: pointers to TkMetroPoint, TkMetroPoint, TkMetroCell).
 * With @cell NULL the view picks the free cell beside the edge (no tunnel, not the lake or
 * the park; the first in turning order when both are free). */
void        tk_metromania_board_view_activate_edge    (TkMetromaniaBoardView *self,
                                                       TkMetroPoint           a,
                                                       TkMetroPoint           b,
                                                       const TkMetroCell     *cell);
/* Emit "point-activated" (TkMetroPoint *). */
void        tk_metromania_board_view_activate_point   (TkMetromaniaBoardView *self,
                                                       TkMetroPoint           point);
/* Emit "cell-activated" (TkMetroCell *). */
void        tk_metromania_board_view_activate_cell    (TkMetromaniaBoardView *self,
                                                       TkMetroCell            cell);
/* The lattice point of the keyboard cursor. */
TkMetroPoint tk_metromania_board_view_get_cursor      (TkMetromaniaBoardView *self);
/* What Enter does with the panel's tool, one sentence ("Enter digs a tunnel here."), said
 * after what the cursor is on; NULL: nothing. */
void        tk_metromania_board_view_set_enter_hint   (TkMetromaniaBoardView *self,
                                                       const char            *hint);
/* What a screen reader hears of the cursor (the board's accessible description as the cursor
 * moves): where it is, what is there, what Enter does.  Free it. */
char       *tk_metromania_board_view_describe_cursor  (TkMetromaniaBoardView *self);
/* Where the lattice point @point is drawn, in widget coordinates; FALSE when it is out of
 * view (panned away). */
gboolean    tk_metromania_board_view_to_widget        (TkMetromaniaBoardView *self,
                                                       TkMetroPoint           point,
                                                       double                *x,
                                                       double                *y);
/* What a tap at widget coordinates (@x, @y) activates under the current pick and zoom;
 * FALSE when it falls outside the board. */
gboolean    tk_metromania_board_view_tap              (TkMetromaniaBoardView *self,
                                                       double                 x,
                                                       double                 y);

G_END_DECLS
