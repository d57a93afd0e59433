/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-private.h — what the parts of TkSession share: the instance struct, its folds and
 * rows, and the functions one part calls in another (prefixed ts_, for the session).  TkSession
 * is public only as tk-session.h; nothing outside src/games/tk-session*.c includes this file.
 *
 *   tk-session.c         the object, the folds, the text checks, the accessors, the turn clock
 *   tk-session-open.c    a new session, a saved one reopened, the list of open sessions
 *   tk-session-ledger.c  apply, undo, redo, the first player, the timer and the notes
 *   tk-session-finish.c  finishing into a play, abandoning
 *   tk-session-file.c    session files: export, import, scoring a file
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-ledger.h"
#include "tk-rules-json.h"
#include "tk-session.h"
#include "tk-session-clock.h"
#include "tk-session-turns.h"
#include "tk-text.h"

G_BEGIN_DECLS

/* A copy of the state is kept every SNAPSHOT_EVERY actions, so undo re-folds at most that
 * many actions. */
#define SNAPSHOT_EVERY 64
#define MAX_ACTIONS 1000000
/* what a session file may say of its times (seconds since 1970, milliseconds played) */
#define MAX_FILE_TIME (G_GINT64_CONSTANT (1) << 40)
#define MAX_FILE_MS (G_GINT64_CONSTANT (1) << 50)

typedef struct
{
  gpointer engine;
  int      first_seat;   /* -1: not chosen */
  TkTurnClock *clock;    /* the turn clocks (tk-session-clock.c) */
} Fold;

typedef struct
{
  gint64      seq;
  gint64      created_at;
  JsonObject *action;
  char       *uid;          /* the ledger row's uid (NULL for a session not in a library) */
} TkSessionRow;

struct _TkSession
{
  GObject        parent_instance;

  TkStore       *store;
  gint64         id;
  const TkRules *rules;
  gint64         game_id;
  char          *title;
  char          *catalog_title;   /* the game's titles when title names the game, else NULL */
  char          *catalog_title_ja;
  JsonObject    *setup;
  char          *status;
  char          *notes;
  gint64         started_at;
  gint64         elapsed_ms;
  gint64         running_since;   /* ms since the epoch, 0 when paused */

  GPtrArray     *rows;            /* of TkSessionRow: the active ones, then the undone tail */
  guint          n_active;
  Fold          *initial;
  Fold          *state;
  GPtrArray     *snapshots;       /* [k] = the fold after (k + 1) * SNAPSHOT_EVERY actions */
  GListStore    *ledger;          /* of TkLedgerEntry, parallel to rows */
  guint          clock_events_at_load;   /* a clock running at load is shown paused */
  JsonObject    *score;           /* the engine's score of state, NULL until asked */
  guint          n_scored;        /* how many times the engine scored (tests) */
};

enum
{
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_STATUS,
  PROP_NOTES,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_TIMER_RUNNING,
  N_PROPS
};
extern GParamSpec *_tk_session_properties[N_PROPS];

/* the clock sessions read (tk_session_set_clock () replaces it in tests) */
extern TkSessionClock _tk_session_clock;

/* tk-session.c */
void            _tk_session_fold_free      (const TkRules  *rules,
                                            Fold           *fold);
Fold           *_tk_session_fold_copy      (const TkRules  *rules,
                                            Fold           *fold);
gboolean        _tk_session_fold_apply     (const TkRules  *rules,
                                            JsonObject     *setup,
                                            Fold           *fold,
                                            JsonObject     *action,
                                            GError        **error);
char           *_tk_session_describe       (const TkRules  *rules,
                                            JsonObject     *setup,
                                            Fold           *before,
                                            JsonObject     *action);
void            _tk_session_notify_history (TkSession      *self,
                                            gboolean        can_undo_before,
                                            gboolean        can_redo_before);
gboolean        _tk_session_fold_rows      (TkSession      *self,
                                            GError        **error);
void            _tk_session_refold         (TkSession      *self);
/* The state changed: the score kept for it is forgotten (computed again when asked). */
void            _tk_session_forget_score    (TkSession      *self);
TkSession      *_tk_session_new             (TkStore        *store,
                                             const TkRules  *rules,
                                             JsonObject     *setup);
const TkRules  *_tk_session_lookup_rules    (const char     *rules_id,
                                             GError        **error);
gboolean        _tk_session_check_json_text (JsonObject     *object,
                                             GError        **error);
gboolean        _tk_session_check_text      (TkTextKind      kind,
                                             const char     *field,
                                             const char     *text,
                                             GError        **error);

/* tk-session-ledger.c */
gboolean        _tk_session_check_open (TkSession      *self,
                                        GError        **error);

G_END_DECLS
