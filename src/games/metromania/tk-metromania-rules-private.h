/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-rules-private.h — what the parts of the Metromania engine share: the state
 * (lines as ordered stops, stations, markers, the board), the rule table, and the functions one
 * part calls in another.  The engine itself is public only as the TkRules vtable of
 * tk-metromania-rules.h; nothing outside src/games/metromania/ includes this file.
 */
#pragma once

#include "tk-metromania-rules.h"
#include "tk-metromania-board.h"
#include "tk-metromania-routes.h"
#include "tk-rules-json.h"

G_BEGIN_DECLS

#define MAX_SEATS 4
#define N_LETTERS 6
#define MAX_MARKERS 12
#define NEAR_LAKE 12
#define NEAR_PARK 13
#define MAX_ROUTES 16
#define MAX_STATION_ID 32

static const char *const state_names[] = { "unstarted", "running", "finished", "dead_end" };
static const char *const style_names[] = { "plain", "striped" };
static const char *const kind_names[] = { "home", "work", "leisure" };
static const char *const unit_names[] = { "segment", "hop" };

typedef struct
{
  guint station;
  guint pos;
} Stop;

typedef struct
{
  TkMetroLineState state;
  guint     tunnels;
  GArray   *stops;        /* of Stop, by position */
  gint      start_side;   /* 0–5 around the city, or −1 when not entered */
  gint      end_side;
  GArray   *path;         /* board mode: of TkMetroPoint, path[k] = the point after tunnel k */
  GArray   *cells;        /* board mode: of TkMetroCell, cells[k − 1] holds tunnel k */
} LineRec;

typedef struct
{
  char    *id;
  gint     builder;       /* seat, or −1 */
  guint    points;
  guint32  near;          /* bits 0–11: markers, NEAR_LAKE, NEAR_PARK */
  gboolean has_point;     /* board mode */
  TkMetroPoint point;
} Station;

typedef struct
{
  char     letter;        /* 'A' … 'F' */
  guint    kind;
  guint    owner;
  gboolean placed;
  gboolean has_cell;      /* board mode */
  TkMetroCell cell;
} TkMetromaniaMarker;

typedef struct
{
  TkMetroUnit unit;
  guint       change_cost;
  guint       placer_points;
  guint       rider_points;
  guint       penalty;
  gboolean    bga_variant;
  guint       lake_park_points;
  guint       tunnels_per_line;
  guint       stations;
  guint       end_lines;
  gboolean    far_ends;   /* a line ends only on the three sides across from its start */
  gboolean    junction_stations; /* board: the engine puts a station where lines meet or part */
} Table;

typedef struct
{
  JsonObject *setup;
  guint       n;
  Table       t;
  GPtrArray  *stations;   /* of Station* */
  LineRec     lines[MAX_SEATS][2];
  TkMetromaniaMarker markers[MAX_MARKERS];
  guint       n_markers;
  guint       turn;       /* seat to play */
  guint       turns_taken;
  gint        final_turns; /* −1 until the end is triggered, then turns left */
  gboolean    over;
  gboolean    board;      /* the setup has a "board": tunnels are drawn on the lattice */
  GArray     *lake;       /* of TkMetroCell */
  GArray     *park;
  GArray     *arrows;     /* frame cells with a (white) start arrow, or empty: any frame cell;
                           * without end_arrows, these serve for the ends too */
  GArray     *end_arrows; /* frame cells with a black end arrow, or empty */
  GArray     *rivers;     /* cells of rivers and of forests: no tunnel goes there */
  GArray     *forests;
  GArray     *spaces;     /* the printed destination spaces (cells), or empty: unknown … */
  GArray     *space_kinds;/* … and the kind of each (guint, as kind_names) */
  GArray     *used;       /* cells holding a tunnel */
  guint       step_junctions; /* junction stations the current step put, the last ones of
                               * the list: a marker of the same step still counts for them */
  gboolean    entry;      /* a finished board entered afterwards: any player's lines in any
                           * order, as many tunnels at once as wanted, until "board_done" */
  gboolean    draft;      /* a panel's check of a turn being entered: fewer than 3 tunnels
                           * are not refused (never set on a session's state) */
} TkMetromaniaState;

/* tk-metromania-setup.c: the state, the setup, the board read from JSON */
void tk_metromania_state_free (gpointer data);
gpointer tk_metromania_state_copy (gpointer data);
const char *tk_metromania_player_name (TkMetromaniaState *state,
                                       guint              seat);
gboolean tk_metromania_read_deal (TkMetromaniaState *state,
                                  JsonArray         *array,
                                  GError           **error);
JsonObject *tk_metromania_table_to_json (const Table *t);
JsonObject *tk_metromania_default_setup (guint n_players);
gboolean tk_metromania_cells_touch (GArray       *cells,
                                    TkMetroPoint  point);
gboolean tk_metromania_read_cells (JsonObject  *board,
                                   const char  *name,
                                   gboolean     frame,
                                   GArray      *out,
                                   GError     **error);
gboolean tk_metromania_read_spaces (JsonObject  *board,
                                    GArray      *cells,
                                    GArray      *kinds,
                                    GError     **error);
gint tk_metromania_station_at_point (TkMetromaniaState *state,
                                     TkMetroPoint       point);
/* The players' count is checked by the vtable's state_new (tk-metromania-rules.c) first. */
gpointer tk_metromania_state_new (JsonObject  *setup,
                                  GError     **error);

/* tk-metromania-dig.c: network edits (stations, stops, markers, one tunnel) */
gint tk_metromania_find_station (TkMetromaniaState *state,
                                 const char        *id);
gboolean tk_metromania_line_has_station (LineRec *line,
                                         guint    station);
char *tk_metromania_line_name (TkMetromaniaState *state,
                               guint              seat,
                               guint              style);
gboolean tk_metromania_add_stop (TkMetromaniaState *state,
                                 guint              seat,
                                 guint              style,
                                 guint              station,
                                 guint              pos,
                                 GError           **error);
gboolean tk_metromania_read_near (TkMetromaniaState *state,
                                  JsonObject        *object,
                                  guint32           *out,
                                  GError           **error);
guint tk_metromania_popcount_markers (guint32 near);
guint tk_metromania_spaces_touching (TkMetromaniaState *state,
                                     TkMetroPoint       point);
gint tk_metromania_station_from_spec (TkMetromaniaState  *state,
                                      guint               seat,
                                      JsonObject         *spec,
                                      gboolean            must_be_new,
                                      const TkMetroPoint *point,
                                      GError            **error);
gint tk_metromania_find_marker (TkMetromaniaState *state,
                                guint              seat,
                                char               letter);
gboolean tk_metromania_sides_close (gint a,
                                    gint b);
guint tk_metromania_finished_lines (TkMetromaniaState *state,
                                    guint              seat);
gboolean tk_metromania_seat_can_dig (TkMetromaniaState *state,
                                     guint              seat);
gboolean tk_metromania_point_in_city_at (TkMetromaniaState *state,
                                         LineRec           *line,
                                         guint              at,
                                         GError           **error);
gboolean tk_metromania_illegal (GError    **error,
                                const char *message);
gboolean tk_metromania_far_end (TkMetromaniaState *state,
                                LineRec           *line,
                                gint               side,
                                GError           **error);
gboolean tk_metromania_draw_tunnel (TkMetromaniaState *state,
                                    guint              seat,
                                    guint              style,
                                    JsonNode          *node,
                                    GError           **error);

/* tk-metromania-turns.c: the actions and the turns */
gboolean tk_metromania_apply_work (TkMetromaniaState *state,
                                   JsonObject        *action,
                                   GError           **error);
gboolean tk_metromania_apply (gpointer     data,
                              JsonObject  *action,
                              GError     **error);

/* tk-metromania-score.c: test trips and the final scoring */
JsonObject *tk_metromania_score (gpointer data);

G_END_DECLS
