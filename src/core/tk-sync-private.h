/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-private.h — what the parts of the operation log share (named _tk_sync_…):
 *
 *   tk-sync-receive.c     other devices' operations received; a value not kept restored
 *   tk-ledger-branches.c  a session's branches made apart, and keeping one
 *   tk-sync-dump.c        the canonical dump
 *   tk-sync-join.c        one play that came to two devices by two imports
 *   tk-sync-log.c         identity, the clock, turning changes into operations (flush), and
 *                         writing an operation (which folds it at once)
 *   tk-sync-fold.c        folding operations into the registers and the registers into the
 *                         tables
 *   tk-sync-ledger.c      a session's ledger operations folded, its branches read
 *
 * Calls go down this list only.  (tk-store.c's outermost commit calls tk_sync_log_flush (),
 * and every part calls the store: the one pair of files that still call each other.)
 */
#pragma once

#include "tk-sync-log.h"

G_BEGIN_DECLS

/* The synced entity types, in the order the fold writes them (a play names games and
 * players, an entry its game; a friend's list is matched with games). */
extern const char *const _tk_sync_types[6];

/* The statement that gives one entity's synced fields as a JSON object with sorted keys
 * (?1 = uid), or no row when the library has no such entity: the same text for the flush
 * (what changed), and the dump (what there is). */
const char *_tk_sync_state_sql (const char  *type);
/* The same for every entity of @type, as (uid, state) in uid order. */
const char *_tk_sync_all_state_sql (const char  *type);

/* A field's value as the registers keep it: JSON text, written by SQLite from the json_each
 * row (j.type, j.value), so that the same value is the same text on every device. */
#define SL_CANON(j) \
  "CASE " j ".type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN 'null'" \
  " WHEN 'array' THEN " j ".value WHEN 'object' THEN " j ".value" \
  " ELSE json_quote (" j ".value) END"

/* A session's setup as it is synced: each seat names its roster player by uid ("player"),
 * not by this library's row id ("player_id"), which another device gives to someone else.
 * @col is the setup column (JSON text). */
#define SL_SESSION_SETUP(col)                                                            \
  "CASE WHEN json_type (" col ", '$.players') = 'array' THEN json_set (json (" col "),"     \
  " '$.players', json ((SELECT json_group_array (json (v)) FROM (SELECT json_remove ("     \
  "   json_set (p.value, '$.player', coalesce ((SELECT pl.uid FROM players pl"            \
  "   WHERE pl.id = json_extract (p.value, '$.player_id')),"                              \
  "   json_extract (p.value, '$.player'))), '$.player_id') AS v"                          \
  "   FROM json_each (" col ", '$.players') p ORDER BY p.key))))"                          \
  " ELSE json (" col ") END"
/* The other way, for the fold: "player_id" again from the uid, when the player is here
 * (the uid stays, so that the setup says the same when synced again). */
#define SL_SESSION_SETUP_LOCAL(col)                                                      \
  "CASE WHEN json_type (" col ", '$.players') = 'array' THEN json_set (" col ","            \
  " '$.players', json ((SELECT json_group_array (json (v)) FROM (SELECT CASE WHEN q.pid"  \
  "   IS NULL THEN json_remove (q.value, '$.player_id')"                                  \
  "   ELSE json_set (q.value, '$.player_id', q.pid) END AS v FROM (SELECT p.key, p.value," \
  "   (SELECT pl.id FROM players pl WHERE pl.uid = json_extract (p.value, '$.player'))"   \
  "   AS pid FROM json_each (" col ", '$.players') p) q ORDER BY q.key))))"                \
  " ELSE " col " END"

/* Folds one stored operation into sync_fields / sync_losers (nothing else). */
gboolean    _tk_sync_fold_op (TkStore        *store,
                              const TkSyncOp *op,
                              GError        **error);

/* Folds one stored operation of any kind: a ledger operation into the tree
 * (_tk_sync_fold_ledger_op()), any other into the registers (_tk_sync_fold_op()). */
gboolean    _tk_sync_fold_any (TkStore        *store,
                               const TkSyncOp *op,
                               GError        **error);

/* The head register's winner for session ?1. */
#define SYNC_WINNER_SQL                                                                 \
  "SELECT op_uid, action, device_uid FROM sync_heads WHERE session = ?1"                 \
  " ORDER BY hlc DESC, device_uid DESC, op_uid DESC LIMIT 1"
/* The heads of session ?1 no head written since replaced. */
#define SYNC_OPEN_HEADS_SQL                                                             \
  "SELECT h.op_uid, h.action, h.device_uid, h.name, h.hlc FROM sync_heads h"            \
  " WHERE h.session = ?1 AND NOT EXISTS (SELECT 1 FROM sync_heads o, json_each (o.prev) p" \
  "   WHERE o.session = ?1 AND p.value = h.op_uid)"

/* tk-sync-ledger.c: a session's "ledger.append" and "ledger.head" operations. */
gboolean    _tk_sync_fold_ledger_op (TkStore        *store,
                                     const TkSyncOp *op,
                                     GError        **error);
/* Writes the tree's actions the library lacks into session_actions (each once its parent is
 * there) and moves the head to the head register's winner; @waiting when that action is
 * not here yet.  The session's row must exist. */
gboolean    _tk_sync_apply_ledger (TkStore        *store,
                                   const char     *uid,
                                   gboolean       *waiting,
                                   GError        **error);
/* The game timer session @uid shows: its register, or while it has branches made apart,
 * the timer last written by the device of the head register's winner, so each branch
 * shows its own time.  A new string (JSON), NULL when it has none. */
char       *_tk_sync_session_timer (TkStore        *store,
                                    const char     *uid,
                                    GError        **error);

/* For the files above (tk-sync-log.c, tk-ledger-branches.c): a session's id by its uid (0:
 * none, -1: an error); one text of one row of @sql with ?1 = @a and ?2 = @b
 * (may be NULL), @found whether there was a row; the branches of session @uid
 * (TkLedgerBranch, current not set; fewer than two: none); the newest timer @device wrote
 * for session @uid, kept or lost (NULL when none). */
gint64      _tk_sync_ledger_session_id   (TkStore     *store,
                                          const char  *uid,
                                          GError     **error);
char       *_tk_sync_ledger_query_text   (TkStore     *store,
                                          const char  *sql,
                                          const char  *a,
                                          const char  *b,
                                          int          column,
                                          gboolean    *found,
                                          GError     **error);
GPtrArray  *_tk_sync_ledger_tips         (TkStore     *store,
                                          const char  *uid,
                                          GError     **error);
char       *_tk_sync_ledger_device_timer (TkStore     *store,
                                          const char  *uid,
                                          const char  *device,
                                          GError     **error);

/* The branches of session @uid made apart (tk-ledger-branches.h) as a JSON array of their
 * last actions' uids, sorted; "[]" when it has none. */
char       *_tk_sync_session_branches_json (TkStore    *store,
                                            const char *uid,
                                            GError    **error);

/* Writes one entity's registers to the library's tables. */
gboolean    _tk_sync_apply_entity (TkStore        *store,
                                   const char     *type,
                                   const char     *uid,
                                   gboolean       *waiting,
                                   GError        **error);

/* Binds @op's op_uid, hlc, device_uid, kind, type, entity and body to ?1…?7 of @stmt (an
 * INSERT into sync_ops). */
void        _tk_sync_op_bind (sqlite3_stmt   *stmt,
                              const TkSyncOp *op);

/* Writes an operation of this device with @body and folds it. */
gboolean    _tk_sync_write_op (TkStore        *store,
                               const char     *kind,
                               const char     *type,
                               const char     *entity,
                               const char     *body,
                               GError        **error);

/* Writes a "set" operation of this device with @fields (a JSON object) and folds it. */
gboolean    _tk_sync_write_set (TkStore        *store,
                                const char     *type,
                                const char     *entity,
                                const char     *fields,
                                GError        **error);

/* During a fold (temp.sync_todo filled): a play arriving under one import key that a play
 * here holds under another is merged into that one (an alias operation of this device),
 * which then joins the list to write (tk-sync-join.c). */
gboolean    _tk_sync_join_plays_by_import_key (TkStore  *store,
                                               GError  **error);

/* Moves the library's clock past @hlc (an operation read). */
gboolean    _tk_sync_clock_receive (TkStore        *store,
                                    TkHlc           hlc,
                                    gboolean       *far_ahead,
                                    GError        **error);

G_END_DECLS
