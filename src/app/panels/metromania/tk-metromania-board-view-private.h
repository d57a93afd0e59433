/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-private.h — what the parts of the Metromania board view share:
 * the instance struct, its lines and markers, the board's measures, and the functions one part
 * calls in another (prefixed mbv_, for Metromania board view).  The view itself is public only
 * as tk-metromania-board-view.h; nothing outside src/app/panels/metromania/ includes this file.
 */
#pragma once

#include "tk-metromania-board-view.h"
#include "tk-rules.h"

G_BEGIN_DECLS

#define BOARD_W 13.4          /* board units across, margins included */
#define BOARD_H 11.8

#define MAX_ZOOM 4.0
#define FRAME_NORM 6

typedef struct
{
  guint    seat;
  guint    style;
  char    *state;
  GArray  *path;              /* of TkMetroPoint */
  GArray  *cells;             /* of TkMetroCell */
} Line;

typedef struct
{
  char         letter;
  char        *kind;
  guint        owner;
  TkMetroCell  cell;
} Marker;

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
  GArray           *markers;    /* of Marker */
  GdkRGBA           colours[4];

  GArray           *draft;      /* of TkMetromaniaSegment */
  GArray           *draft_stations;
  GArray           *highlight;  /* of TkMetromaniaSegment */
  gboolean          has_end;
  TkMetroPoint      end;

  TkMetromaniaPick  pick;
  TkMetroPoint      cursor;     /* keyboard: a point, a direction, a side */
  guint             cursor_dir;
  gboolean          cursor_flip;

  double            zoom;
  gboolean          zoom_chosen; /* by the user: no longer follows the width */
  gboolean          phone;       /* narrow enough to open zoomed in */
  double            pan_x;      /* board units */
  double            pan_y;
  double            zoom_start;
  double            drag_pan_x;
  double            drag_pan_y;
};

extern const gint mbv_directions[6][2];

/* tk-metromania-board-view-geometry.c: the lattice, the cells and the view transform */
gint        mbv_norm          (TkMetroPoint           p);
void        mbv_board_xy      (TkMetroPoint           p,
                               double                *x,
                               double                *y);
void        mbv_cell_centre   (TkMetroCell            cell,
                               double                *x,
                               double                *y);
TkMetroCell mbv_cell_at       (double                 bx,
                               double                 by);
gboolean    mbv_cell_on_board (TkMetroCell            cell);
gboolean    mbv_cells_contain (GArray                *cells,
                               TkMetroCell            cell);
void        mbv_cells_beside  (TkMetroPoint           a,
                               TkMetroPoint           b,
                               TkMetroCell            out[2]);
void        mbv_transform     (TkMetromaniaBoardView *self,
                               double                *unit,
                               double                *cx,
                               double                *cy);
void        mbv_clamp_pan     (TkMetromaniaBoardView *self);
void        mbv_set_pan       (TkMetromaniaBoardView *self, double x, double y);
double      mbv_touch_zoom    (int                    width,
                               int                    height);
void        mbv_pan_to_show   (TkMetromaniaBoardView *self,
                               double                 x,
                               double                 y);

/* tk-metromania-board-view-draw.c: drawing */
void mbv_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot);

/* tk-metromania-board-view-input.c: taps, gestures and the keyboard */
void     mbv_on_click_released     (GtkGestureClick          *gesture,
                                    int                       n_press,
                                    double                    x,
                                    double                    y,
                                    TkMetromaniaBoardView    *self);
void     mbv_on_zoom_begin         (GtkGesture               *gesture,
                                    GdkEventSequence         *sequence,
                                    TkMetromaniaBoardView    *self);
void     mbv_on_zoom_scale_changed (GtkGestureZoom           *gesture,
                                    double                    scale,
                                    TkMetromaniaBoardView    *self);
void     mbv_on_drag_begin         (GtkGestureDrag           *gesture,
                                    double                    x,
                                    double                    y,
                                    TkMetromaniaBoardView    *self);
void     mbv_on_drag_update        (GtkGestureDrag           *gesture,
                                    double                    dx,
                                    double                    dy,
                                    TkMetromaniaBoardView    *self);
gboolean mbv_on_scroll             (GtkEventControllerScroll *controller,
                                    double                    dx,
                                    double                    dy,
                                    TkMetromaniaBoardView    *self);
gboolean mbv_on_key_pressed        (GtkEventControllerKey    *controller,
                                    guint                     keyval,
                                    guint                     keycode,
                                    GdkModifierType           state,
                                    TkMetromaniaBoardView    *self);

G_END_DECLS
