/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger.c — the raw rows of a session's ledger. */
#define G_LOG_DOMAIN "tk-ledger"

#include "config.h"

#include "tk-ledger.h"

static void
clear_row (gpointer data)
{
  TkLedgerRow *row = data;
  g_free (row->action);
}

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
  stmt = tk_store_prepare (store, "SELECT seq, created_at, action, undone FROM session_actions"
                                  " WHERE session_id = ?1 ORDER BY seq", error);
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
                  gint64       seq,
                  gint64       created_at,
                  const char  *action,
                  GError     **error)
{
  sqlite3_stmt *drop;
  sqlite3_stmt *insert;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;

  drop = tk_store_prepare (store, "DELETE FROM session_actions"
                                  " WHERE session_id = ?1 AND undone = 1", error);
  if (drop == NULL)
    goto fail;
  sqlite3_bind_int64 (drop, 1, session_id);
  if (!tk_store_step_done (store, drop, error))
    goto fail;

  insert = tk_store_prepare (store, "INSERT INTO session_actions"
                                    " (session_id, seq, created_at, action) VALUES (?1, ?2, ?3, ?4)",
                             error);
  if (insert == NULL)
    goto fail;
  sqlite3_bind_int64 (insert, 1, session_id);
  sqlite3_bind_int64 (insert, 2, seq);
  sqlite3_bind_int64 (insert, 3, created_at);
  sqlite3_bind_text (insert, 4, action, -1, SQLITE_STATIC);
  if (!tk_store_step_done (store, insert, error))
    goto fail;

  return tk_store_commit (store, error);

fail:
  tk_store_rollback (store);
  return FALSE;
}

gboolean
tk_ledger_set_undone (TkStore   *store,
                      gint64     session_id,
                      gint64     seq,
                      gboolean   undone,
                      GError   **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  stmt = tk_store_prepare (store, "UPDATE session_actions SET undone = ?3"
                                  " WHERE session_id = ?1 AND seq = ?2", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session_id);
  sqlite3_bind_int64 (stmt, 2, seq);
  sqlite3_bind_int (stmt, 3, undone ? 1 : 0);
  return tk_store_step_done (store, stmt, error);
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
