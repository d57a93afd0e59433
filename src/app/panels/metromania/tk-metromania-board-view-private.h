/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-private.h — what the files of the Metromania board view share: the
 * instance struct, its lines and markers, the board's measures, and what each facet file
 * gives the others.  The class file (tk-metromania-board-view.c) lets each facet install its
 * own part from class_init and init; the facets call only downwards, never back into the
 * class file: input and describe use geometry, draw uses geometry, input asks describe to say
 * where the cursor is.  Nothing outside src/app/panels/metromania/ includes this file.
 */
#pragma once

#include "tk-metromania-board-view.h"
#include "tk-rules.h"

G_BEGIN_DECLS

#define BOARD_W 13.4          /* board units across, margins included */
#define BOARD_H 11.8

#define MAX_ZOOM 4.0

typedef struct
{
  guint            seat;
  guint            style;
  TkMetroLineState state;
  char            *name;      /* "Ana’s plain line", for what the cursor is on */
  GArray          *tunnels;   /* of TkMetromaniaSegment, from the line's start */
} Line;

struct _TkMetromaniaBoardView
{
  GtkWidget         parent_instance;

  /* What is drawn, read from the engine's state on each change. */
  GArray           *lake;       /* of TkMetroCell */
  GArray           *park;
  GArray           *arrows;
  GArray           *end_arrows;
  GArray           *rivers;
  GArray           *forests;
  GArray           *spaces;        /* printed destination spaces … */
  GArray           *space_kinds;   /* … and their kinds (guint: home, work, leisure) */
  GArray           *used;
  GPtrArray        *lines;      /* of Line* */
  GArray           *stations;   /* of TkMetroPoint */
  GPtrArray        *station_names;
  GArray           *markers;    /* of TkMetroMarker, those on the board */
  GdkRGBA           colours[4];
  GPtrArray        *player_names; /* by seat, for what the cursor is on */

  GArray           *draft;      /* of TkMetromaniaSegment */
  GArray           *draft_stations;
  GArray           *highlight;  /* of TkMetromaniaSegment */
  gboolean          has_end;
  TkMetroPoint      end;

  TkMetromaniaPick  pick;
  TkMetroPoint      cursor;     /* keyboard: a point, a direction, a side */
  guint             cursor_dir;
  gboolean          cursor_flip;
  char             *enter_hint; /* what Enter does with the panel's tool, for screen readers */

  double            zoom;
  gboolean          zoom_chosen; /* by the user: no longer follows the width */
  gboolean          phone;       /* narrow enough to open zoomed in */
  double            pan_x;      /* board units */
  double            pan_y;
  double            zoom_start;
  double            drag_pan_x;
  double            drag_pan_y;
};

/* ---- tk-metromania-board-view-geometry.c: the lattice in board units, the view transform,
 * zoom, pan and size (installs measure and allocation, and the "zoom-changed" and "panned" signals) ---- */

void        _tk_metromania_board_view_geometry_class_init   (GtkWidgetClass        *widget_class);
void        _tk_metromania_board_view_geometry_board_xy     (TkMetroPoint           p,
                                                             double                *x,
                                                             double                *y);
void        _tk_metromania_board_view_geometry_cell_centre  (TkMetroCell            cell,
                                                             double                *x,
                                                             double                *y);
TkMetroCell _tk_metromania_board_view_geometry_cell_at      (double                 bx,
                                                             double                 by);
/* The cell the keyboard cursor picks: beside its edge, on the side Space chose for a tunnel. */
TkMetroCell _tk_metromania_board_view_geometry_cursor_cell  (TkMetromaniaBoardView *self,
                                                             TkMetroPoint          *b);
void        _tk_metromania_board_view_geometry_transform    (TkMetromaniaBoardView *self,
                                                             double                *unit,
                                                             double                *cx,
                                                             double                *cy);
/* Moves the middle of the view to the board point (@x, @y); emits "panned". */
void        _tk_metromania_board_view_geometry_set_pan      (TkMetromaniaBoardView *self,
                                                             double                 x,
                                                             double                 y);
/* Pans, when zoomed, so that the board point (@x, @y) is in view. */
void        _tk_metromania_board_view_geometry_pan_to_show  (TkMetromaniaBoardView *self,
                                                             double                 x,
                                                             double                 y);

/* ---- tk-metromania-board-view-draw.c: drawing (installs snapshot, and the redraw when the
 * keyboard focus comes or goes) ---- */

void _tk_metromania_board_view_draw_class_init (GtkWidgetClass *widget_class);

/* ---- tk-metromania-board-view-input.c: taps, gestures, the keyboard cursor (installs the
 * "*-activated" signals and the controllers) ---- */

void _tk_metromania_board_view_input_class_init (GtkWidgetClass        *widget_class);
void _tk_metromania_board_view_input_init       (TkMetromaniaBoardView *self);

/* ---- tk-metromania-board-view-describe.c: what the cursor is on, for screen readers
 * (installs the focus controller that says it when the board gets the focus) ---- */

void _tk_metromania_board_view_describe_init   (TkMetromaniaBoardView *self);
/* Sets the board's accessible description to what the cursor is on now. */
void _tk_metromania_board_view_describe_update (TkMetromaniaBoardView *self);

G_END_DECLS
