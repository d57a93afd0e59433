/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-turn.h — a Metromania turn being entered on the board, before it is committed:
 * the tunnels tapped, the stations and the destination marker placed with them, a line
 * declared a dead end.  It becomes one "dig" action (docs/formats.md, "Metromania"). */
#pragma once

#include <json-glib/json-glib.h>

#include "metromania/tk-metromania-rules.h"

G_BEGIN_DECLS

/* A tunnel drawn on the board: a line's side of a cell, from one point to the next (the
 * engine's TkMetroTunnel, so that its routes and a turn being entered draw alike). */
typedef TkMetroTunnel TkMetromaniaSegment;

typedef struct _TkMetromaniaTurn TkMetromaniaTurn;

TkMetromaniaTurn *tk_metromania_turn_new             (guint              seat);
TkMetromaniaTurn *tk_metromania_turn_copy            (TkMetromaniaTurn  *self);
void              tk_metromania_turn_free            (TkMetromaniaTurn  *self);

guint             tk_metromania_turn_get_seat        (TkMetromaniaTurn  *self);
gboolean          tk_metromania_turn_is_empty        (TkMetromaniaTurn  *self);
guint             tk_metromania_turn_n_tunnels       (TkMetromaniaTurn  *self);
/* A tunnel of line @style along the side from @from to @to of @cell. */
void              tk_metromania_turn_add_tunnel      (TkMetromaniaTurn  *self,
                                                      guint              style,
                                                      TkMetroCell        cell,
                                                      TkMetroPoint       from,
                                                      TkMetroPoint       to);
/* A station named @name where this turn's tunnel of @style reaches @point; FALSE when no
 * tunnel of this turn reaches it. */
gboolean          tk_metromania_turn_add_stop        (TkMetromaniaTurn  *self,
                                                      guint              style,
                                                      TkMetroPoint       point,
                                                      const char        *name);
/* A station named @name at @point, where line @style ends before this turn's tunnels of it
 * (a step with no tunnel). */
void              tk_metromania_turn_add_stop_at_end (TkMetromaniaTurn  *self,
                                                      guint              style,
                                                      TkMetroPoint       point,
                                                      const char        *name);
/* The player's marker @letter on @cell, one of this turn's tunnel cells; FALSE otherwise. */
gboolean          tk_metromania_turn_set_destination (TkMetromaniaTurn  *self,
                                                      char               letter,
                                                      TkMetroCell        cell);
/* The bonus station @name at position @at of line @style, finished in this turn. */
void              tk_metromania_turn_set_bonus       (TkMetromaniaTurn  *self,
                                                      guint              style,
                                                      guint              at,
                                                      TkMetroPoint       point,
                                                      const char        *name);
void              tk_metromania_turn_set_dead_end    (TkMetromaniaTurn  *self,
                                                      guint              style);
/* Drops the last thing entered; FALSE when there was nothing. */
gboolean          tk_metromania_turn_remove_last     (TkMetromaniaTurn  *self);

/* Where line @style ends after this turn's tunnels; FALSE when it has none this turn. */
gboolean          tk_metromania_turn_line_end        (TkMetromaniaTurn  *self,
                                                      guint              style,
                                                      TkMetroPoint      *end);
/* The tunnels of this turn (GArray of TkMetromaniaSegment). */
GArray           *tk_metromania_turn_segments        (TkMetromaniaTurn  *self);
/* The stations the engine said this turn adds (@stations: a GArray of TkMetroNewStation, taken;
 * tk_metromania_rules_check_draft ()): those it names and those the rules put where lines
 * meet or part.  Their points (a new GArray of TkMetroPoint). */
void              tk_metromania_turn_set_stations    (TkMetromaniaTurn  *self,
                                                      GArray            *stations);
GArray           *tk_metromania_turn_station_points  (TkMetromaniaTurn  *self);
/* Whether a station of this turn is named @name. */
gboolean          tk_metromania_turn_has_station     (TkMetromaniaTurn  *self,
                                                      const char        *name);
/* The "dig" action. */
JsonObject       *tk_metromania_turn_to_action       (TkMetromaniaTurn  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkMetromaniaTurn, tk_metromania_turn_free)

G_END_DECLS
