/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-clock.h — per-player turn clocks, folded from the session's ledger.
 *
 * A chess clock for the table: the active player's time runs; a pass ends their turn and
 * starts the next player's; a pause stops everything.  Every change is a "table.clock.*"
 * action carrying its own time ("at", milliseconds since the epoch, read from the session's
 * clock when the action was made), so the clock is the fold of the ledger like everything
 * else: undo, export and resuming after a crash keep it.  Nothing here reads the clock
 * itself; the caller says what "now" is.
 *
 * Actions (docs/formats.md, "Turn clocks"):
 *   { "type": "table.clock.pass", "to": SEAT, "at": MS [, "resume": true] }
 *   { "type": "table.clock.pause", "at": MS [, "closed": true] }   (closed: the app closed)
 *   { "type": "table.clock.resume", "at": MS }
 *   { "type": "table.clock.limits", "turn_s": S, "bank_s": S }     (0: no limit)
 *
 * While the clock has started, the session stamps every other action with its time
 * ("clock_at", and "clock_resume" while the clock is suspended).  Games whose engine keeps
 * the turn order (Metropolis, Agora, City Plan, Metromania) pass the clock themselves: when
 * the engine's player to act changes after such an action, the clock passes to them at
 * that time.  Any stamped action also marks how long a running clock has at least run, so
 * a session resumed after a crash shows the clocks as of its last committed action.
 */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

typedef struct _TkTurnClock TkTurnClock;

TkTurnClock *tk_turn_clock_new            (guint              n_players);
/* Welcome To's clock times simultaneous rounds: every player's clock runs from the round's
 * start until their turn is in, the last one ends the round. */
TkTurnClock *tk_turn_clock_new_for_rules  (const TkRules     *rules,
                                           guint              n_players);
TkTurnClock *tk_turn_clock_copy           (const TkTurnClock *clock);
void         tk_turn_clock_free           (TkTurnClock       *clock);

/* Whether @type is one of the clock's actions. */
gboolean     tk_turn_clock_is_action      (const char        *type);
/* Applies a clock action, all or nothing; refuses with a TK_RULES_ERROR. */
gboolean     tk_turn_clock_apply          (TkTurnClock       *clock,
                                           JsonObject        *setup,
                                           JsonObject        *action,
                                           GError           **error);
/* The ledger line of @action applied to @before. */
char        *tk_turn_clock_describe       (const TkTurnClock *before,
                                           JsonObject        *setup,
                                           JsonObject        *action);

/* After an action stamped with "clock_at": passes the clock to the engine's player to act
 * when that changed (a paused clock stays paused), else notes the time.  Never fails: the
 * engine's action is already applied; a malformed stamp is ignored. */
void         tk_turn_clock_follow         (TkTurnClock       *clock,
                                           const TkRules     *rules,
                                           gpointer           engine_state,
                                           JsonObject        *action);

/* Whether @seat's clock runs in the current turn (or round). */
gboolean     tk_turn_clock_in_turn        (const TkTurnClock *clock,
                                           guint              seat);
gboolean     tk_turn_clock_is_rounds      (const TkTurnClock *clock);
/* Who finished the last complete round last; -1 when none. */
int          tk_turn_clock_get_last_finisher (const TkTurnClock *clock);

/* The seat whose turn it is (rounds: who finished the last round last); -1 before the
 * first turn. */
int          tk_turn_clock_get_active     (const TkTurnClock *clock);
gboolean     tk_turn_clock_is_running     (const TkTurnClock *clock);
/* Whether the clock is paused because the app closed (the last pause said "closed"). */
gboolean     tk_turn_clock_is_paused_by_close (const TkTurnClock *clock);
/* How many clock actions were folded (tells a resumed session's clock from a live one). */
guint        tk_turn_clock_get_n_events   (const TkTurnClock *clock);
/* The time of the last clock action (ms since the epoch). */
gint64       tk_turn_clock_get_last_at    (const TkTurnClock *clock);
gint64       tk_turn_clock_get_turn_limit_ms (const TkTurnClock *clock);
gint64       tk_turn_clock_get_bank_ms    (const TkTurnClock *clock);
guint        tk_turn_clock_get_n_players  (const TkTurnClock *clock);

/* The current turn's time at @now (the active player's; 0 before the first turn). */
gint64       tk_turn_clock_get_turn_ms    (const TkTurnClock *clock,
                                           gint64             now);
/* @seat's whole time at @now, the current turn included. */
gint64       tk_turn_clock_get_total_ms   (const TkTurnClock *clock,
                                           guint              seat,
                                           gint64             now);
/* @seat's finished turns, oldest first (the current one is not among them). */
const gint64 *tk_turn_clock_get_turns     (const TkTurnClock *clock,
                                           guint              seat,
                                           guint             *n_turns);
/* Whether @seat ran over the turn budget in the current turn, or over the bank. */
gboolean     tk_turn_clock_is_over        (const TkTurnClock *clock,
                                           guint              seat,
                                           gint64             now);
/* The seat after the active one in seat order (the first when none is active). */
guint        tk_turn_clock_next_seat      (const TkTurnClock *clock);

/* { "active", "running", "turn_ms", "turn_limit_s", "bank_s", ["round_last": [seat…],]
 *   "players": [ { "seat",
 *   "total_ms", "turns": [ms…] } ] } at @now (a new object). */
JsonObject  *tk_turn_clock_to_json        (const TkTurnClock *clock,
                                           gint64             now);

/* "0:42", "12:05", "1:02:09" */
char        *tk_turn_clock_format         (gint64             ms);

G_END_DECLS
