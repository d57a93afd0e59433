/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-turns.h — a session's turn clock: the actions the clock view makes, and the
 * per-player times a finished play keeps.
 *
 * The clock itself is folded from the ledger (tk-session-clock.h); this builds its actions
 * with the session's clock ("at"), so that the view, the command line and the tests make
 * exactly the same rows, and writes the play's times when the session finishes.
 */
#pragma once

#include "tk-session.h"

G_BEGIN_DECLS

/* Passes the turn to @to (-1: the next seat in seat order); a new object for
 * tk_session_apply().  The first pass starts the clock. */
JsonObject  *tk_session_turns_pass_action   (TkSession   *session,
                                             int          to);
/* Pauses a running clock, or resumes a paused (or suspended) one. */
JsonObject  *tk_session_turns_toggle_action (TkSession   *session);
/* The app is closing: time while it is closed is not counted.  Writes the running turn (a
 * pause marked "closed", when the clock runs) and pauses the game timer; both wait for a
 * Resume.  Nothing for a finished or abandoned session. */
gboolean     tk_session_turns_close         (TkSession   *session,
                                             GError     **error);
/* A per-turn budget and a bank per player, in seconds (0: none). */
JsonObject  *tk_session_turns_limits_action (guint        turn_s,
                                             guint        bank_s);
/* Whether the clock has started (someone has had a turn). */
gboolean     tk_session_turns_started       (TkSession   *session);
/* Whether the clock runs now (not paused, not suspended). */
gboolean     tk_session_turns_live          (TkSession   *session);

/* The clock as JSON at the session's "now" (tk_turn_clock_to_json() with names added). */
JsonObject  *tk_session_turns_to_json       (TkSession   *session);

/* Writes each player's turns (the current one ended now) under the session's id, inside
 * the caller's transaction (finishing); nothing when the clock never started. */
gboolean     tk_session_clock_save_play     (TkSession   *session,
                                             TkStore     *store,
                                             GError     **error);

G_END_DECLS
