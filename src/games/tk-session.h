/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session.h — a game at the table: a setup plus an undoable ledger of actions.
 *
 * The state is the fold of the session's rules engine over the actions that are not undone.
 * tk_session_apply() checks the action on a copy of the state, writes the row and COMMITs
 * (durably: the store runs with synchronous=FULL), and only then replaces the state in
 * memory, updates the ledger model and emits ::changed.  A refused action changes nothing,
 * neither the state nor the library.  Undo moves the ledger's head to the action before and
 * re-folds from the nearest snapshot; redo moves it on again; a new action after undos is a
 * child of the head, and the undone actions stay in the library as another branch (see
 * tk-ledger.h).  Loading a session again (after a restart, a crash or a sync) folds the path
 * to the head, so it shows exactly the last acknowledged state.
 *
 * Actions handled by the session itself (never passed to the engine):
 *   { "type": "table.first_player", "seat": S, "random": true|false }
 *
 * The timer is kept as elapsed_ms plus running_since (milliseconds since the epoch, NULL
 * when paused); only this layer reads the clock, never an engine.
 */
#pragma once

#include "tk-store.h"
#include "tk-rules.h"
#include "tk-session-clock.h"

G_BEGIN_DECLS

#define TK_SESSION_ERROR (tk_session_error_quark ())

typedef enum
{
  TK_SESSION_ERROR_NOT_FOUND,     /* no session with that number */
  TK_SESSION_ERROR_CLOSED,        /* the session is finished or abandoned */
  TK_SESSION_ERROR_NOTHING,       /* nothing to undo or redo */
  TK_SESSION_ERROR_DAMAGED,       /* the stored ledger no longer folds */
  TK_SESSION_ERROR_FORMAT,        /* an imported file is not a usable session */
} TkSessionError;

#define TK_TYPE_SESSION (tk_session_get_type ())
G_DECLARE_FINAL_TYPE (TkSession, tk_session, TK, SESSION, GObject)

/* Milliseconds since the epoch; tests replace it to control the timer. */
typedef gint64 (*TkSessionClock) (void);

GQuark       tk_session_error_quark         (void);
void         tk_session_set_clock           (TkSessionClock clock);

/* Starts a session (timer running) for @game_id (0: an ad-hoc game named @title). */
TkSession   *tk_session_start               (TkStore     *store,
                                             const char  *rules_id,
                                             gint64       game_id,
                                             const char  *title,
                                             JsonObject  *setup,
                                             GError     **error);
TkSession   *tk_session_load                (TkStore     *store,
                                             gint64       id,
                                             GError     **error);
/* The open sessions, newest first (a GListModel of TkSession, loaded and folded). */
GListModel  *tk_session_list_open           (TkStore     *store,
                                             GError     **error);

gint64       tk_session_get_id              (TkSession   *self);
/* The library the session lives in (NULL for a session file scored in memory). */
TkStore     *tk_session_get_store           (TkSession   *self);
const TkRules *tk_session_get_rules         (TkSession   *self);
gint64       tk_session_get_game_id         (TkSession   *self);
const char  *tk_session_get_title           (TkSession   *self);
/* The title to show: the game's, by the display-title rule, unless the user named the
 * session themselves. */
const char  *tk_session_get_display_title   (TkSession   *self);
JsonObject  *tk_session_get_setup           (TkSession   *self);
const char  *tk_session_get_status          (TkSession   *self);   /* open|finished|abandoned */
const char  *tk_session_get_notes           (TkSession   *self);
gint64       tk_session_get_started_at      (TkSession   *self);   /* seconds since epoch */
guint        tk_session_get_n_players       (TkSession   *self);
int          tk_session_get_first_seat      (TkSession   *self);   /* -1: not chosen */

/* The ledger as readable lines (GListModel of TkLedgerEntry, undone ones included). */
GListModel  *tk_session_get_ledger          (TkSession   *self);
guint        tk_session_get_n_active        (TkSession   *self);

/* Applies @action: checked on a copy of the state, saved, then shown (::changed).  @action
 * is not changed: the ledger keeps a copy stamped with the turn clock's time. */
gboolean     tk_session_apply               (TkSession   *self,
                                             JsonObject  *action,
                                             GError     **error);
/* Whether tk_session_apply () would take @action now, and its refusal in @error: the same
 * checks on a copy of the state, which is then dropped; nothing saved, no signal. */
gboolean     tk_session_check               (TkSession   *self,
                                             JsonObject  *action,
                                             GError     **error);
gboolean     tk_session_apply_json          (TkSession   *self,
                                             const char  *action_json,
                                             GError     **error);
gboolean     tk_session_can_undo            (TkSession   *self);
gboolean     tk_session_can_redo            (TkSession   *self);
gboolean     tk_session_undo                (TkSession   *self,
                                             GError     **error);
gboolean     tk_session_redo                (TkSession   *self,
                                             GError     **error);

/* First player: chosen by hand, or drawn from @random (the caller's random source, e.g.
 * g_random_int()); either way an action carrying the seat. */
gboolean     tk_session_set_first_player    (TkSession   *self,
                                             guint        seat,
                                             GError     **error);
gboolean     tk_session_pick_first_player   (TkSession   *self,
                                             guint32      random,
                                             GError     **error);

/* The engine's score breakdown of the current state: the session keeps it, so the engine
 * scores each state once however many ask; a new reference, read only (never change it). */
JsonObject  *tk_session_score               (TkSession   *self);
/* How many times the engine has scored this session (tests: once per change at most). */
guint        tk_session_get_n_scored        (TkSession   *self);
/* The whole state ({ "first_seat", "game" }), a new object. */
JsonObject  *tk_session_to_json             (TkSession   *self);
/* The engine's state of the current fold, for the queries an engine's public header offers
 * on it (tk_agora_rules_largest_shop (), …): owned by the session, read only, valid until
 * the next ::changed. */
gpointer     tk_session_peek_state          (TkSession   *self);

gboolean     tk_session_timer_start         (TkSession   *self,
                                             GError     **error);
gboolean     tk_session_timer_pause         (TkSession   *self,
                                             GError     **error);
gboolean     tk_session_timer_is_running    (TkSession   *self);
gint64       tk_session_get_elapsed_ms      (TkSession   *self);

gboolean     tk_session_set_notes           (TkSession   *self,
                                             const char  *notes,
                                             GError     **error);

/* Writes the play (players with seat, colour, score, rank, winner, first play) and closes
 * the session, in one transaction; the game is marked played in the collection.
 * @played_on is YYYY-MM-DD (NULL: today); @location, @expansions may be NULL. */
gboolean     tk_session_finish              (TkSession   *self,
                                             const char  *played_on,
                                             const char  *location,
                                             const char  *expansions,
                                             gint64      *out_play_id,
                                             GError     **error);
gboolean     tk_session_abandon             (TkSession   *self,
                                             GError     **error);

/* Session files (docs/formats.md, "Sessions and plays"). */
char        *tk_session_export              (TkSession   *self);
/* Imports a session file as a new session; refuses anything broken, writing nothing. */
TkSession   *tk_session_import              (TkStore     *store,
                                             const char  *text,
                                             gssize       length,
                                             GError     **error);
/* Folds a session file in memory and returns its score breakdown; the library is not used. */
JsonObject  *tk_session_file_score          (const char  *text,
                                             gssize       length,
                                             GError     **error);

/* Turn clocks (tk-session-clock.h): the fold's clocks, and the "now" to read them at — the
 * session's clock, or the last clock action's time while the clock is suspended (it ran
 * when the session was last closed) or the session is closed. */
gint64       tk_session_now_ms              (void);
const TkTurnClock *tk_session_get_turn_clock (TkSession  *self);
gboolean     tk_session_clock_is_suspended  (TkSession   *self);
gint64       tk_session_get_clock_now       (TkSession   *self);
/* Takes a clock that was running when the session was loaded as still running: for the
 * command line, one process per press, where a running clock in the ledger is live. */
void         tk_session_clock_adopt         (TkSession   *self);

G_END_DECLS
