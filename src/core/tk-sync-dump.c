/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-dump.c — the synced content as one canonical JSON document (tk-sync-log.h).
 *
 * Read from the library's tables (what the app shows), not from the registers, so that
 * comparing two dumps also checks that the fold wrote what it decided.  Every object is
 * written with its keys sorted and every list in a fixed order; values are written by SQLite
 * (json_object, json_quote), the same text on every device. */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include "tk-sync-private.h"

/* A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8 (as
 * SQLite writes strings, so keys and values read alike). */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if ((guchar) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", (guchar) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static gboolean
append_rows (TkStore     *store,
             GString     *out,
             const char  *sql,
             gboolean     keyed,
             GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);
  gboolean first = TRUE;
  int rc;

  if (stmt == NULL)
    return FALSE;
  g_string_append_c (out, keyed ? '{' : '[');
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      if (keyed)
        {
          append_json_string (out, (const char *) sqlite3_column_text (stmt, 0));
          g_string_append_c (out, ':');
          g_string_append (out, (const char *) sqlite3_column_text (stmt, 1));
        }
      else
        g_string_append (out, (const char *) sqlite3_column_text (stmt, 0));
    }
  sqlite3_reset (stmt);
  g_string_append_c (out, keyed ? '}' : ']');
  return rc == SQLITE_DONE;
}

static gboolean
append_sessions (TkStore  *store,
                 GString  *out,
                 GError  **error)
{
  g_autoptr(GPtrArray) uids = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT uid FROM sessions WHERE uid IS NOT NULL"
                                                " ORDER BY uid", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (uids, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  g_string_append_c (out, '{');
  for (guint i = 0; i < uids->len; i++)
    {
      g_autofree char *branches = _tk_sync_session_branches_json (store, uids->pdata[i], error);

      if (branches == NULL)
        return FALSE;
      stmt = tk_store_prepare (store,
                               "SELECT json_object ('branches', json (?2),"
                               " 'finished_at', finished_at,"
                               " 'game', (SELECT g.uid FROM games g WHERE g.id = s.game_id),"
                               " 'head', head,"
                               " 'ledger', json ((SELECT json_group_object (a.uid, json_object"
                               "   ('at', a.created_at, 'data', json (a.action), 'parent',"
                               "   a.parent)) FROM (SELECT * FROM session_actions"
                               "   WHERE session_id = s.id ORDER BY uid) a)),"
                               " 'notes', notes, 'rules', rules_id,"
                               " 'setup', json (" SL_SESSION_SETUP ("setup") "),"
                               " 'started_at', started_at, 'status', status,"
                               " 'timer', json_array (elapsed_ms, running_since), 'title', title,"
                               " 'turns', json ((SELECT json_group_array (json_array (seat, turn,"
                               "   ms)) FROM (SELECT seat, turn, ms FROM session_turns"
                               "   WHERE session_id = s.id ORDER BY seat, turn))))"
                               " FROM sessions s WHERE uid = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, uids->pdata[i], -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, branches, -1, SQLITE_STATIC);
      rc = tk_store_step (store, stmt, error);
      if (rc == SQLITE_ROW)
        {
          if (i > 0)
            g_string_append_c (out, ',');
          append_json_string (out, uids->pdata[i]);
          g_string_append_c (out, ':');
          g_string_append (out, (const char *) sqlite3_column_text (stmt, 0));
        }
      sqlite3_reset (stmt);
      if (rc != SQLITE_ROW)
        return FALSE;
    }
  g_string_append_c (out, '}');
  return TRUE;
}

char *
tk_sync_log_dump_canonical (TkStore  *store,
                            GError  **error)
{
  g_autoptr(GString) out = g_string_new ("{\"deleted\":");

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  /* Deleted entities stay restorable: listed, with their uids only. */
  if (!append_rows (store, out, "SELECT json_array (type, entity) FROM sync_fields"
                                " WHERE field = 'deleted' AND value = 'true'"
                                " ORDER BY type, entity", FALSE, error))
    return NULL;
  g_string_append (out, ",\"entries\":");
  if (!append_rows (store, out, _tk_sync_all_state_sql ("entry"), TRUE, error))
    return NULL;
  g_string_append (out, ",\"friends\":");
  if (!append_rows (store, out, _tk_sync_all_state_sql ("friends"), TRUE, error))
    return NULL;
  g_string_append (out, ",\"games\":");
  if (!append_rows (store, out, _tk_sync_all_state_sql ("game"), TRUE, error))
    return NULL;
  /* Values that lost to a concurrent edit, kept to be restored. */
  g_string_append (out, ",\"kept\":");
  if (!append_rows (store, out, "SELECT json_object ('device', device_uid, 'entity', entity,"
                                " 'field', field, 'hlc', hlc, 'op', op_uid, 'type', type,"
                                " 'value', json (value)) FROM sync_kept"
                                " ORDER BY type, entity, field, op_uid", FALSE, error))
    return NULL;
  g_string_append (out, ",\"players\":");
  if (!append_rows (store, out, _tk_sync_all_state_sql ("player"), TRUE, error))
    return NULL;
  g_string_append (out, ",\"plays\":");
  if (!append_rows (store, out, _tk_sync_all_state_sql ("play"), TRUE, error))
    return NULL;
  /* Sessions: their fields, the whole tree of their ledger (every branch, by action uid),
   * the head the engines replay to, and the branches made apart that wait to be chosen. */
  g_string_append (out, ",\"sessions\":");
  if (!append_sessions (store, out, error))
    return NULL;
  g_string_append (out, "}\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}
