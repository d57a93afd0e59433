/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger.c — the raw rows of a session's ledger: a tree with a head (tk-ledger.h). */
#define G_LOG_DOMAIN "tk-ledger"

#include "config.h"

#include "tk-ledger.h"
#include "tk-uid.h"

static void
clear_row (gpointer data)
{
  TkLedgerRow *row = data;
  g_free (row->action);
  g_free (row->uid);
}

/* The path from the first action to the head, then on from the head to its newest child,
 * that child's newest child, and so on: one recursive walk each way.  The depth guard stops
 * a cycle a damaged file might hold. */
#define LOAD_SQL                                                                         \
  "WITH RECURSIVE"                                                                       \
  " up (uid, depth) AS (SELECT head, 0 FROM sessions WHERE id = ?1 AND head IS NOT NULL"  \
  "   UNION ALL SELECT a.parent, up.depth - 1 FROM up JOIN session_actions a"             \
  "   ON a.session_id = ?1 AND a.uid = up.uid"                                           \
  "   WHERE a.parent IS NOT NULL AND up.depth > -2000000),"                               \
  " down (uid, depth) AS (SELECT (SELECT c.uid FROM session_actions c"                    \
  "     WHERE c.session_id = ?1 AND c.parent IS (SELECT head FROM sessions WHERE id = ?1)" \
  "     ORDER BY c.seq DESC LIMIT 1), 1"                                                  \
  "   UNION ALL SELECT (SELECT c.uid FROM session_actions c WHERE c.session_id = ?1"      \
  "     AND c.parent = down.uid ORDER BY c.seq DESC LIMIT 1), down.depth + 1 FROM down"    \
  "   WHERE down.uid IS NOT NULL AND down.depth < 2000000)"                                \
  " SELECT a.seq, a.created_at, a.action, p.depth > 0, a.uid"                              \
  " FROM (SELECT uid, depth FROM up UNION ALL SELECT uid, depth FROM down"                 \
  "   WHERE uid IS NOT NULL) p"                                                           \
  " JOIN session_actions a ON a.session_id = ?1 AND a.uid = p.uid ORDER BY p.depth"

GArray *
tk_ledger_load (TkStore  *store,
                gint64    session_id,
                GError  **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (TkLedgerRow));
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  g_array_set_clear_func (rows, clear_row);
  stmt = tk_store_prepare (store, LOAD_SQL, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, session_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkLedgerRow row;

      row.seq = sqlite3_column_int64 (stmt, 0);
      row.created_at = sqlite3_column_int64 (stmt, 1);
      row.action = g_strndup ((const char *) sqlite3_column_text (stmt, 2),
                              sqlite3_column_bytes (stmt, 2));
      row.undone = sqlite3_column_int (stmt, 3) != 0;
      row.uid = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
      g_array_append_val (rows, row);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&rows);
}

gboolean
tk_ledger_append (TkStore     *store,
                  gint64       session_id,
                  gint64       created_at,
                  const char  *action,
                  gint64      *out_seq,
                  char       **out_uid,
                  GError     **error)
{
  g_autofree char *uid = tk_uid_new_v7 ();
  sqlite3_stmt *insert;
  gint64 seq;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;

  insert = tk_store_prepare (store, "INSERT INTO session_actions"
                                    " (session_id, seq, created_at, action, uid, parent)"
                                    " VALUES (?1, 1 + coalesce ((SELECT max (seq)"
                                    "   FROM session_actions WHERE session_id = ?1), 0),"
                                    " ?3, ?4, ?5, (SELECT head FROM sessions WHERE id = ?1))"
                                    " RETURNING seq", error);
  if (insert == NULL)
    goto fail;
  sqlite3_bind_int64 (insert, 1, session_id);
  sqlite3_bind_int64 (insert, 3, created_at);
  sqlite3_bind_text (insert, 4, action, -1, SQLITE_STATIC);
  sqlite3_bind_text (insert, 5, uid, -1, SQLITE_STATIC);
  if (tk_store_step (store, insert, error) != SQLITE_ROW)
    {
      sqlite3_reset (insert);
      goto fail;
    }
  seq = sqlite3_column_int64 (insert, 0);
  if (!tk_store_step_done (store, insert, error) ||
      !tk_ledger_set_head (store, session_id, uid, error))
    goto fail;
  if (!tk_store_commit (store, error))
    return FALSE;
  if (out_seq != NULL)
    *out_seq = seq;
  if (out_uid != NULL)
    *out_uid = g_steal_pointer (&uid);
  return TRUE;

fail:
  tk_store_rollback (store);
  return FALSE;
}

gboolean
tk_ledger_set_head (TkStore     *store,
                    gint64       session_id,
                    const char  *uid,
                    GError     **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;
  stmt = tk_store_prepare (store, "UPDATE sessions SET head = ?2 WHERE id = ?1", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, session_id);
  if (uid != NULL)
    sqlite3_bind_text (stmt, 2, uid, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, 2);
  if (!tk_store_step_done (store, stmt, error))
    goto fail;
  return tk_store_commit (store, error);

fail:
  tk_store_rollback (store);
  return FALSE;
}

gint64
tk_ledger_count (TkStore  *store,
                 gint64    session_id,
                 GError  **error)
{
  sqlite3_stmt *stmt;
  gint64 n = -1;

  g_return_val_if_fail (TK_IS_STORE (store), -1);

  stmt = tk_store_prepare (store, "SELECT count(*) FROM session_actions WHERE session_id = ?1",
                           error);
  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, session_id);
  if (tk_store_step (store, stmt, error) == SQLITE_ROW)
    n = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return n;
}
