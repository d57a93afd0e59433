/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-rules.h — Metromania (Spiel-ou-Face 2006): network bookkeeping, test trips
 * and final scoring. */
#pragma once

#include "tk-rules.h"
#include "tk-metromania-board.h"

G_BEGIN_DECLS

#define TK_METROMANIA_RULES_ID "metromania"

const TkRules *tk_metromania_rules_get (void);

/* Reads a plain network file ("format": "tablekeeper-metromania-network", see docs/formats.md)
 * and returns its score, the same object as the engine's score() (with "trips"). */
JsonObject    *tk_metromania_network_score (JsonObject  *network,
                                            GError     **error);

/* A station a turn adds on the board: its name and its point. */
typedef struct
{
  char         id[33];
  TkMetroPoint point;
} TkMetroNewStation;

/* Checks @action on a copy of the engine @state as apply() would, except that a "dig" with
 * fewer than 3 tunnels is not refused for that alone: a panel checks each tunnel of a turn
 * while the player enters it.  @state is left as it was.  Taken, @stations (when not NULL)
 * receives the stations the action adds on the board, those it names and those the rules put
 * where lines meet or part: a new GArray of TkMetroNewStation. */
gboolean       tk_metromania_rules_check_draft (gpointer     state,
                                                JsonObject  *action,
                                                GArray     **stations,
                                                GError     **error);

/* A cell as actions and the state write it, [q, r, "up" | "down"], and a point, [q, r]; read
 * back, FALSE when the node is not one. */
JsonNode      *tk_metromania_cell_to_node  (TkMetroCell   cell);
JsonNode      *tk_metromania_point_to_node (TkMetroPoint  point);
gboolean       tk_metromania_node_to_cell  (JsonNode     *node,
                                            TkMetroCell  *cell);
gboolean       tk_metromania_node_to_point (JsonNode     *node,
                                            TkMetroPoint *point);

/* A tunnel of a line on the board: whose line (@seat, @style 0 plain, 1 striped), the cell it
 * lies in, and the side of that cell it runs along, from one point to the next. */
typedef struct
{
  guint        seat;
  guint        style;
  TkMetroCell  cell;
  TkMetroPoint from;
  TkMetroPoint to;
} TkMetroTunnel;

/* The tunnels ridden on any fastest route of test trip @trip (0–5: the letters A–F, 6:
 * lake–park) of the engine @state, timed as the score times it: a GArray of TkMetroTunnel,
 * each once; empty when the game is kept without a board, the trip fails or nobody rides. */
GArray        *tk_metromania_rules_trip_tunnels (gpointer state,
                                                 guint    trip);

/* Where a line stands, in the order of the state's "state" names ("unstarted", "running",
 * "finished", "dead_end"). */
typedef enum
{
  TK_METRO_LINE_UNSTARTED,
  TK_METRO_LINE_RUNNING,
  TK_METRO_LINE_FINISHED,
  TK_METRO_LINE_DEAD_END,
} TkMetroLineState;

/* Line @style (0 plain, 1 striped) of @seat of the engine @state: where it stands, and how
 * many tunnels it may still dig (of the rules' "tunnels_per_line"). */
TkMetroLineState tk_metromania_rules_line_state (gpointer state,
                                                 guint    seat,
                                                 guint    style);
gint             tk_metromania_rules_tunnels_left (gpointer state,
                                                   guint    seat,
                                                   guint    style);
/* Whether @seat of the engine @state has a line that may go on (not started or running); a
 * player with none passes. */
gboolean       tk_metromania_rules_can_dig      (gpointer state,
                                                 guint    seat);
/* The lines finished or at a dead end, all players' together: the building ends when they
 * reach the rules' "end_lines". */
guint          tk_metromania_rules_lines_done   (gpointer state);

/* The points line @style (0 plain, 1 striped) of @seat runs through on the board, from its start
 * (a GArray of TkMetroPoint, owned by @state; empty before its first tunnel or without a
 * board). */
GArray        *tk_metromania_rules_line_path    (gpointer state,
                                                 guint    seat,
                                                 guint    style);
/* Where @point lies on line @style of @seat of @state: its place on the line's path, the
 * "at" of a station built there (1 onwards, the start not counted), or −1 when the line does not
 * run through it. */
gint           tk_metromania_rules_point_at     (gpointer     state,
                                                 guint        seat,
                                                 guint        style,
                                                 TkMetroPoint point);
/* The stations @seat built, and (@points, when not NULL) the points printed beside them
 * together (the score may halve them). */
guint          tk_metromania_rules_stations_built (gpointer  state,
                                                   guint     seat,
                                                   guint    *points);

/* Whether a station named @name is taken elsewhere (a turn being entered, say). */
typedef gboolean (*TkMetroNameTaken) (gpointer    data,
                                      const char *name);
/* The name the next station built takes: S1, S2, … the first not on the board of @state nor
 * @taken (may be NULL). */
char          *tk_metromania_rules_station_name (gpointer         state,
                                                 TkMetroNameTaken taken,
                                                 gpointer         taken_data);

/* What the board holds, typed, for a panel drawing it (the same as the state's JSON, without
 * its string keys).  The printed features and the cells holding a tunnel: */
typedef enum
{
  TK_METRO_FEATURE_LAKE,
  TK_METRO_FEATURE_PARK,
  TK_METRO_FEATURE_ARROWS,       /* white: where lines start */
  TK_METRO_FEATURE_END_ARROWS,   /* black: where lines end */
  TK_METRO_FEATURE_RIVERS,
  TK_METRO_FEATURE_FORESTS,
  TK_METRO_FEATURE_TUNNEL_CELLS,
} TkMetroFeature;

/* The kind of a destination marker and of a printed space, in the order of the state's names
 * ("home", "work", "leisure"). */
typedef enum
{
  TK_METRO_HOME,
  TK_METRO_WORK,
  TK_METRO_LEISURE,
} TkMetroKind;

/* The cells of @feature on the board of @state (a GArray of TkMetroCell, owned by @state; empty
 * without a board). */
GArray        *tk_metromania_rules_board_cells  (gpointer       state,
                                                 TkMetroFeature feature);
/* The printed destination spaces: their cells (TkMetroCell) and, in @kinds, the kind of each
 * (guint, a TkMetroKind); both owned by @state. */
GArray        *tk_metromania_rules_board_spaces (gpointer  state,
                                                 GArray  **kinds);
/* The tunnels line @style of @seat has dug, from its start (a new GArray of TkMetroTunnel; empty
 * without a board). */
GArray        *tk_metromania_rules_line_tunnels (gpointer state,
                                                 guint    seat,
                                                 guint    style);
/* The stations standing on the board, in the order they were built (a new GArray of
 * TkMetroNewStation: each one's name and point). */
GArray        *tk_metromania_rules_board_stations (gpointer state);

/* A destination marker dealt. */
typedef struct
{
  char         letter;        /* 'A' … 'F' */
  TkMetroKind  kind;
  guint        owner;         /* the seat it was dealt to */
  gboolean     placed;        /* no longer in hand */
  gboolean     on_board;      /* placed on the board, at @cell */
  TkMetroCell  cell;
} TkMetroMarker;

/* The destination markers of @state, in the order of the deal (a new GArray of TkMetroMarker). */
GArray        *tk_metromania_rules_markers      (gpointer state);

/* How near the building is to its end, the rules' end conditions as the status tells them:
 * the stations built of the rules' "stations", the lines finished or at a dead end of
 * "end_lines", and, once an end is reached, the turns the others still dig (−1 before). */
typedef struct
{
  guint stations_built;
  guint stations;
  guint lines_done;
  guint end_lines;
  gint  final_turns;
} TkMetroBuildingEnd;

void           tk_metromania_rules_building_end (gpointer            state,
                                                 TkMetroBuildingEnd *end);

/* A line's name in the UI's language, "Ana’s plain line" (@style 0) or "Ana’s striped line". */
char          *tk_metromania_rules_line_name    (gpointer state,
                                                 guint    seat,
                                                 guint    style);

/* Why a test trip gave no time, in the order of the score's "failure" names. */
typedef enum
{
  TK_METRO_TRIP_RAN,              /* no failure: the trip has a time (no "failure") */
  TK_METRO_TRIP_NO_DEAL,          /* "no_deal" */
  TK_METRO_TRIP_NOT_PLACED,       /* "not_placed" */
  TK_METRO_TRIP_NO_STATION,       /* "no_station" */
  TK_METRO_TRIP_NOT_CONNECTED,    /* "not_connected" */
} TkMetroTripFailure;

/* One player's points from a test trip and why, an entry of the score's "scorers". */
typedef struct
{
  guint       seat;
  gint        points;
  const char *reason;           /* translated, static */
} TkMetroTripScorer;

/* A test trip's result as the score tells it (its entry in "trips"), typed: @timed when the
 * trip was timed ("time", −1 when not connected, and "n_routes"), the fastest routes in words,
 * the scorers (a GArray of TkMetroTripScorer). */
typedef struct
{
  TkMetroTripFailure  failure;
  gboolean            timed;
  gint                time;
  guint               n_routes;
  GPtrArray          *routes;
  GArray             *scorers;
} TkMetroTripResult;

void           tk_metromania_trip_result_free   (TkMetroTripResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkMetroTripResult, tk_metromania_trip_result_free)

/* The test trips of @state, A–F then lake–park, as its score gives them (a new GPtrArray of
 * TkMetroTripResult). */
GPtrArray     *tk_metromania_rules_trips        (gpointer state);

/* What the score's "warnings" say of @state: the lines to check against the board (a new
 * NULL-terminated array of translated sentences). */
GStrv          tk_metromania_rules_warnings     (gpointer state);

G_END_DECLS
