/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-routes.h — Metromania test trips: the fastest routes through a subway network.
 *
 * A network is a set of stations (0 … n_stations−1) and lines; a line is an ordered list of
 * stops (stations, each at most once) with the number of tunnel segments between consecutive
 * stops.  A rider boards any line at a start station for free, rides it stop to stop
 * (1 minute per tunnel segment, or 1 per stop-to-stop hop), and may change to another line
 * that stops at the same station for change_cost minutes.  Lines that run side by side without
 * a station between them share no stop there, so no change is possible.
 *
 * A trip is computed by Dijkstra over (station, line) states from every start station at once,
 * and again from every end station, so that every equally fast route is known: a ride or a
 * change lies on some fastest route exactly when the time to reach it, plus its cost, plus the
 * time from it to the end equals the best time.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  TK_METRO_PER_SEGMENT,   /* 1 per tunnel segment ridden (the seed's rule, default) */
  TK_METRO_PER_HOP,       /* 1 per stop-to-stop ride, whatever its length */
} TkMetroUnit;

typedef struct _TkMetroNet TkMetroNet;

/* One ride on one line between two stations, or (line == -1) nothing: routes are lists of legs;
 * a change of line happens between two legs. */
typedef struct
{
  guint line;
  guint from_station;
  guint to_station;
  guint time;
} TkMetroLeg;

typedef struct
{
  GArray *legs;           /* of TkMetroLeg */
} TkMetroRoute;

typedef struct
{
  gint       time;          /* −1 when the ends are not connected */
  gboolean  *lines_used;    /* [n_lines]: the line is ridden on at least one fastest route */
  guint      n_lines;
  GPtrArray *routes;        /* of TkMetroRoute*, every fastest route up to max_routes */
  guint      n_routes;      /* number of fastest routes (saturates at G_MAXUINT) */
} TkMetroTrip;

TkMetroNet  *tk_metro_net_new        (guint        n_stations);
void         tk_metro_net_free       (TkMetroNet  *net);
/* Adds a line; @segments has n_stops − 1 entries, each ≥ 1.  Returns the line's index, or
 * −1 when a station repeats, is out of range or a segment is 0. */
gint         tk_metro_net_add_line   (TkMetroNet  *net,
                                      const guint *stops,
                                      const guint *segments,
                                      guint        n_stops);
guint        tk_metro_net_n_lines    (TkMetroNet  *net);
guint        tk_metro_net_n_stations (TkMetroNet  *net);

/* The fastest trip between any of @from and any of @to (station indices). */
TkMetroTrip *tk_metro_trip_compute   (TkMetroNet  *net,
                                      const guint *from,
                                      guint        n_from,
                                      const guint *to,
                                      guint        n_to,
                                      TkMetroUnit  unit,
                                      guint        change_cost,
                                      guint        max_routes);
void         tk_metro_trip_free      (TkMetroTrip *trip);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkMetroNet, tk_metro_net_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkMetroTrip, tk_metro_trip_free)

G_END_DECLS
