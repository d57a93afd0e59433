/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-ledger.c — a session's ledger as operations (tk-sync-private.h); the branches of a
 * session continued on two devices, and keeping one, are tk-ledger-branches.c, above this.
 *
 * "ledger.append" adds one action to the tree (its uid, its parent's, its time and the
 * action) and moves the head to it; "ledger.head" moves the head (Undo, Redo, keeping a
 * branch).  Both name the heads their writer replaced ("prev"): normally the head register's
 * winner it stood at, all of the heads when a branch is kept.  The tree is a set (an action
 * is known by its uid), the head register's winner is the largest (hlc, device, op), and
 * neither depends on the order operations arrive in: the fold is a function of the set. */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-ledger-branches.h"
#include "tk-sync-private.h"

/* The branches: the open heads' actions that are not on the path of another one, each with
 * the device of its newest open head. */
#define TIPS_SQL                                                                        \
  "WITH RECURSIVE open (op_uid, action, device_uid, name, hlc)"                        \
  " AS (" SYNC_OPEN_HEADS_SQL "),"                                                      \
  " anc (action) AS (SELECT l.parent FROM open d JOIN sync_ledger l ON l.session = ?1"   \
  "   AND l.action = d.action WHERE l.parent IS NOT NULL"                                \
  "   UNION SELECT l.parent FROM anc a JOIN sync_ledger l ON l.session = ?1"             \
  "   AND l.action = a.action WHERE l.parent IS NOT NULL)"                               \
  " SELECT d.action, d.device_uid, d.name, max (d.hlc) FROM open d"                       \
  " WHERE d.action IS NOT NULL AND d.action NOT IN (SELECT action FROM anc)"              \
  " GROUP BY d.action ORDER BY d.action"

gboolean
_tk_sync_fold_ledger_op (TkStore         *store,
                         const TkSyncOp  *op,
                         GError         **error)
{
  /* ?1 session, ?2 body, ?3 hlc, ?4 device, ?5 op, ?6 kind.  An action named twice (it
   * should not be) is the one the smallest operation says, whatever came first. */
  static const char *const steps[] = {
    "INSERT INTO sync_ledger (session, action, parent, at, data, hlc, device_uid, op_uid)"
    " SELECT ?1, json_extract (?2, '$.fields.action'), json_extract (?2, '$.fields.parent'),"
    " coalesce (json_extract (?2, '$.fields.at'), 0), json_extract (?2, '$.fields.data'),"
    " ?3, ?4, ?5 WHERE ?6 = 'ledger.append'"
    " AND json_type (?2, '$.fields.action') = 'text'"
    " AND json_type (?2, '$.fields.data') = 'object'"
    " AND coalesce (json_type (?2, '$.fields.parent'), 'null') IN ('text', 'null')"
    " AND json_type (?2, '$.fields.at') IS 'integer'"
    " ON CONFLICT (session, action) DO UPDATE SET parent = excluded.parent,"
    " at = excluded.at, data = excluded.data, hlc = excluded.hlc,"
    " device_uid = excluded.device_uid, op_uid = excluded.op_uid"
    " WHERE (excluded.hlc, excluded.device_uid, excluded.op_uid)"
    "   < (sync_ledger.hlc, sync_ledger.device_uid, sync_ledger.op_uid)",

    "INSERT OR IGNORE INTO sync_heads (session, op_uid, action, prev, name, hlc, device_uid)"
    " SELECT ?1, ?5, json_extract (?2, '$.fields.action'),"
    " CASE json_type (?2, '$.fields.prev') WHEN 'array' THEN json_extract (?2, '$.fields.prev')"
    "   ELSE '[]' END,"
    " CASE json_type (?2, '$.fields.name') WHEN 'text' THEN json_extract (?2, '$.fields.name')"
    "   END, ?3, ?4"
    " WHERE (?6 = 'ledger.head'"
    "   AND coalesce (json_type (?2, '$.fields.action'), 'null') IN ('text', 'null'))"
    " OR (?6 = 'ledger.append' AND json_type (?2, '$.fields.action') = 'text'"
    "   AND json_type (?2, '$.fields.data') = 'object')",
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, steps[i], error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, op->entity, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, op->body, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 3, op->hlc);
      sqlite3_bind_text (stmt, 4, op->device_uid, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 5, op->op_uid, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 6, op->kind, -1, SQLITE_STATIC);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gint64
_tk_sync_ledger_session_id (TkStore     *store,
                            const char  *uid,
                            GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT id FROM sessions WHERE uid = ?1", error);
  gint64 id = 0;
  int rc;

  if (stmt == NULL)
    return -1;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? id : -1;
}

/* One text of one row of @sql with ?1 = @a and ?2 = @b (may be NULL); @found says whether
 * there was a row. */
char *
_tk_sync_ledger_query_text (TkStore     *store,
                            const char  *sql,
                            const char  *a,
                            const char  *b,
                            int          column,
                            gboolean    *found,
                            GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);
  char *text = NULL;
  int rc;

  if (found != NULL)
    *found = FALSE;
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, a, -1, SQLITE_STATIC);
  if (b != NULL)
    sqlite3_bind_text (stmt, 2, b, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    {
      if (found != NULL)
        *found = TRUE;
      if (sqlite3_column_type (stmt, column) != SQLITE_NULL)
        text = g_strdup ((const char *) sqlite3_column_text (stmt, column));
    }
  sqlite3_reset (stmt);
  return text;
}

gboolean
_tk_sync_apply_ledger (TkStore     *store,
                       const char  *uid,
                       gboolean    *waiting,
                       GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *action = NULL;
  gboolean has_winner = FALSE;
  sqlite3_stmt *stmt;
  gint64 session_id = _tk_sync_ledger_session_id (store, uid, error);

  if (session_id <= 0)
    return FALSE;

  /* The actions this library lacks, each once its parent is here, so that seq grows along
   * every path (a parent's operation is older than its child's: its writer had it). */
  stmt = tk_store_prepare (store,
                           "WITH RECURSIVE reach (action) AS (SELECT l.action FROM sync_ledger l"
                           "   WHERE l.session = ?1 AND (l.parent IS NULL OR EXISTS (SELECT 1"
                           "     FROM session_actions a WHERE a.session_id = ?2"
                           "     AND a.uid = l.parent))"
                           "   UNION SELECT l.action FROM sync_ledger l JOIN reach r"
                           "   ON l.parent = r.action WHERE l.session = ?1)"
                           " INSERT INTO session_actions (session_id, seq, created_at, action,"
                           " uid, parent)"
                           " SELECT ?2, coalesce ((SELECT max (seq) FROM session_actions"
                           "   WHERE session_id = ?2), 0)"
                           "   + row_number () OVER (ORDER BY l.hlc, l.device_uid, l.op_uid),"
                           " l.at, l.data, l.action, l.parent"
                           " FROM sync_ledger l JOIN reach r ON r.action = l.action"
                           " WHERE l.session = ?1 AND NOT EXISTS (SELECT 1 FROM session_actions a"
                           "   WHERE a.uid = l.action)"
                           " ORDER BY l.hlc, l.device_uid, l.op_uid", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, session_id);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;

  action = _tk_sync_ledger_query_text (store, SYNC_WINNER_SQL, uid, NULL, 1, &has_winner,
                                       &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!has_winner)
    return TRUE;
  if (action != NULL)
    {
      g_autofree char *here = _tk_sync_ledger_query_text (store, "SELECT uid FROM session_actions"
                                                          " WHERE uid = ?1", action, NULL, 0, NULL,
                                                          &local_error);

      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      /* Its actions are on their way: the head stays until they are here. */
      if (here == NULL)
        {
          *waiting = TRUE;
          return TRUE;
        }
    }
  stmt = tk_store_prepare (store, "UPDATE sessions SET head = ?2 WHERE id = ?1"
                                  " AND head IS NOT ?2", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session_id);
  if (action != NULL)
    sqlite3_bind_text (stmt, 2, action, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, 2);
  return tk_store_step_done (store, stmt, error);
}

/* ---- branches ---- */

void
tk_ledger_branch_free (TkLedgerBranch *branch)
{
  if (branch == NULL)
    return;
  g_free (branch->action_uid);
  g_free (branch->device_uid);
  g_free (branch->device_name);
  g_free (branch);
}

/* The branches of session @uid (TkLedgerBranch, current not set); fewer than two: none. */
GPtrArray *
_tk_sync_ledger_tips (TkStore     *store,
                      const char  *uid,
                      GError     **error)
{
  g_autoptr(GPtrArray) tips =
    g_ptr_array_new_with_free_func ((GDestroyNotify) tk_ledger_branch_free);
  sqlite3_stmt *stmt = tk_store_prepare (store, TIPS_SQL, error);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkLedgerBranch *branch = g_new0 (TkLedgerBranch, 1);

      branch->action_uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      branch->device_uid = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      branch->device_name = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
      g_ptr_array_add (tips, branch);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  if (tips->len < 2)
    g_ptr_array_set_size (tips, 0);
  return g_steal_pointer (&tips);
}

/* The newest timer @device wrote for session @uid, kept or lost; NULL when none. */
char *
_tk_sync_ledger_device_timer (TkStore     *store,
                              const char  *uid,
                              const char  *device,
                              GError     **error)
{
  return _tk_sync_ledger_query_text (store,
                                     "SELECT value FROM (SELECT value, hlc, op_uid FROM sync_fields"
                                     "   WHERE type = 'session' AND entity = ?1 AND field = 'timer'"
                                     "   AND device_uid = ?2"
                                     " UNION ALL SELECT value, hlc, op_uid FROM sync_losers"
                                     "   WHERE type = 'session' AND entity = ?1 AND field = 'timer'"
                                     "   AND device_uid = ?2)"
                                     " ORDER BY hlc DESC, op_uid DESC LIMIT 1", uid, device, 0,
                                     NULL, error);
}

char *
_tk_sync_session_branches_json (TkStore     *store,
                                const char  *uid,
                                GError     **error)
{
  g_autoptr(GPtrArray) tips = _tk_sync_ledger_tips (store, uid, error);
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonNode) root = NULL;

  if (tips == NULL)
    return NULL;
  builder = json_builder_new ();
  json_builder_begin_array (builder);
  for (guint i = 0; i < tips->len; i++)
    json_builder_add_string_value (builder, ((TkLedgerBranch *) tips->pdata[i])->action_uid);
  json_builder_end_array (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

char *
_tk_sync_session_timer (TkStore     *store,
                        const char  *uid,
                        GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) tips = _tk_sync_ledger_tips (store, uid, error);
  char *timer = NULL;

  if (tips == NULL)
    return NULL;
  if (tips->len >= 2)
    {
      g_autofree char *device = _tk_sync_ledger_query_text (store, SYNC_WINNER_SQL, uid, NULL, 2,
                                                            NULL, &local_error);

      if (device != NULL)
        timer = _tk_sync_ledger_device_timer (store, uid, device, &local_error);
    }
  if (timer == NULL && local_error == NULL)
    timer = _tk_sync_ledger_query_text (store,
                                        "SELECT value FROM sync_fields WHERE type = 'session'"
                                        " AND entity = ?1 AND field = 'timer'", uid, NULL, 0, NULL,
                                        &local_error);
  if (local_error != NULL)
    {
      g_free (timer);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return timer;
}
