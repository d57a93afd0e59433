/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger-branches.c — the branches of a session continued on two devices, and keeping one
 * (tk-ledger-branches.h).  Above the sync log and its fold: keeping a branch flushes this
 * device's changes, writes a head and the branch's timer (tk-sync-log.c) and writes the
 * session again (tk-sync-fold.c); the ledger's operations (tk-sync-ledger.c) call nothing
 * here. */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-ledger-branches.h"
#include "tk-sync-private.h"

static char *
session_uid_of (TkStore  *store,
                gint64    session_id,
                GError  **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT uid FROM sessions WHERE id = ?1", error);
  char *uid = NULL;
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session_id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
    uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                 _("There is no session number %" PRId64 "."), session_id);
  return uid;
}

GPtrArray *
tk_ledger_branches (TkStore  *store,
                    gint64    session_id,
                    GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *winner_action = NULL;
  g_autofree char *winner_device = NULL;
  g_autofree char *own = NULL;
  g_autofree char *own_name = NULL;
  g_autoptr(GPtrArray) tips = NULL;
  gboolean any_current = FALSE;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  uid = session_uid_of (store, session_id, error);
  if (uid == NULL)
    return NULL;
  tips = _tk_sync_ledger_tips (store, uid, error);
  if (tips == NULL)
    return NULL;
  if (tips->len == 0)
    return g_steal_pointer (&tips);

  winner_action = _tk_sync_ledger_query_text (store, SYNC_WINNER_SQL, uid, NULL, 1, NULL,
                                              &local_error);
  if (local_error == NULL)
    winner_device = _tk_sync_ledger_query_text (store, SYNC_WINNER_SQL, uid, NULL, 2, NULL,
                                                &local_error);
  if (local_error == NULL)
    own = tk_sync_log_device_uid (store, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  own_name = tk_sync_log_device_name (store, NULL);

  for (guint i = 0; i < tips->len; i++)
    {
      TkLedgerBranch *branch = tips->pdata[i];
      g_autofree char *n = NULL;

      branch->current = g_strcmp0 (branch->action_uid, winner_action) == 0;
      any_current |= branch->current;
      if (branch->device_name == NULL && own_name != NULL && *own_name != '\0' &&
          g_strcmp0 (branch->device_uid, own) == 0)
        branch->device_name = g_strdup (own_name);
      n = _tk_sync_ledger_query_text (store, "WITH RECURSIVE path (a, n) AS (SELECT ?2, 1 UNION ALL"
                                      " SELECT l.parent, path.n + 1 FROM path JOIN sync_ledger l"
                                      " ON l.session = ?1 AND l.action = path.a"
                                      " WHERE l.parent IS NOT NULL AND path.n < 10000000)"
                                      " SELECT max (n) FROM path", uid, branch->action_uid, 0, NULL,
                                      &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      branch->n_actions = n != NULL ? g_ascii_strtoll (n, NULL, 10) : 0;
    }
  /* The winner stands on a branch's path (an Undo there): that branch is the one shown. */
  for (guint i = 0; i < tips->len && !any_current; i++)
    {
      TkLedgerBranch *branch = tips->pdata[i];

      if (g_strcmp0 (branch->device_uid, winner_device) == 0)
        any_current = branch->current = TRUE;
    }
  return g_steal_pointer (&tips);
}

typedef struct
{
  gint64      session_id;
  const char *action_uid;
} Keep;

static gboolean
keep_in_txn (TkStore   *store,
             gpointer   user_data,
             GError   **error)
{
  Keep *k = user_data;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) tips = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *name = NULL;
  g_autofree char *timer = NULL;
  g_autofree char *register_timer = NULL;
  g_autofree char *body = NULL;
  const TkLedgerBranch *kept = NULL;
  gboolean waiting = FALSE;
  sqlite3_stmt *stmt;

  /* What this device changed before is written first, as its own operations. */
  if (!tk_sync_log_flush (store, error))
    return FALSE;
  uid = session_uid_of (store, k->session_id, error);
  if (uid == NULL)
    return FALSE;
  tips = _tk_sync_ledger_tips (store, uid, error);
  if (tips == NULL)
    return FALSE;
  for (guint i = 0; i < tips->len; i++)
    if (g_str_equal (((TkLedgerBranch *) tips->pdata[i])->action_uid, k->action_uid))
      kept = tips->pdata[i];
  if (kept == NULL)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("The session has no branch ending at %s (any more)."), k->action_uid);
      return FALSE;
    }

  /* The branch's own game timer comes with it. */
  timer = _tk_sync_ledger_device_timer (store, uid, kept->device_uid, &local_error);
  if (local_error == NULL)
    register_timer = _tk_sync_ledger_query_text (store, "SELECT value FROM sync_fields"
                                                 " WHERE type = 'session' AND entity = ?1"
                                                 " AND field = 'timer'", uid, NULL, 0, NULL,
                                                 &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (timer != NULL && g_strcmp0 (timer, register_timer) != 0)
    {
      g_autofree char *fields = g_strdup_printf ("{\"timer\":%s}", timer);

      if (!_tk_sync_write_set (store, "session", uid, fields, error))
        return FALSE;
    }

  name = tk_sync_log_device_name (store, NULL);
  stmt = tk_store_prepare (store, "SELECT json_object ('fields', json_object ('action', ?2,"
                                  " 'name', ?3, 'prev', json ((SELECT json_group_array (op_uid)"
                                  "   FROM (SELECT op_uid FROM (" SYNC_OPEN_HEADS_SQL ")"
                                  "   ORDER BY op_uid)))))", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, k->action_uid, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, name, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, error) == SQLITE_ROW)
    body = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (body == NULL || !_tk_sync_write_op (store, "ledger.head", "session", uid, body, error) ||
      !_tk_sync_apply_entity (store, "session", uid, &waiting, error))
    return FALSE;
  /* The tables now say what the registers say. */
  return tk_store_exec (store, "DELETE FROM sync_dirty", error);
}

gboolean
tk_ledger_keep_branch (TkStore     *store,
                       gint64       session_id,
                       const char  *action_uid,
                       GError     **error)
{
  Keep k = { session_id, action_uid };

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (action_uid != NULL, FALSE);

  return tk_store_transaction (store, keep_in_txn, &k, error);
}
