/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-join.c — one play that came to two devices by two imports (tk-sync-private.h).
 *
 * An imported play's uid is its first import key: a play imported from BG Stats and then
 * matched by a BGG import is "bgstats:UUID" with "bgg:PLAYID" beside it in play_imports,
 * while a device that imported only the BGG file calls the same play "bgg:PLAYID".  When
 * such a play arrives, the device that holds both keys knows they are one and says so with
 * an alias (the play arriving merged into its own), which every device then follows, as for
 * players: the fold removes the play merged away and its import keys go to the one kept, so
 * that importing either file again adds nothing.  (Import keys are not synced; only the
 * device with both can tell.  Two devices that each alias the other's way make a cycle,
 * which ends at the smaller uid on both.) */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include "tk-sync-private.h"

gboolean
_tk_sync_join_plays_by_import_key (TkStore  *store,
                                   GError  **error)
{
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);
  /* Plays of this fold whose uid is an import key of another play here, not merged yet. */
  sqlite3_stmt *stmt = tk_store_prepare (store,
                                         "SELECT t.uid, p.uid FROM temp.sync_todo t"
                                         " JOIN play_imports k ON k.key = t.uid"
                                         " JOIN plays p ON p.id = k.play_id AND p.uid <> t.uid"
                                         " WHERE t.type = 'play' AND NOT EXISTS (SELECT 1"
                                         "   FROM sync_fields f WHERE f.type = 'play'"
                                         "   AND f.entity = t.uid AND f.field = 'merged_into')",
                                         error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      g_ptr_array_add (pairs, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      g_ptr_array_add (pairs, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  for (guint i = 0; i + 1 < pairs->len; i += 2)
    {
      if (!tk_sync_log_alias (store, "play", pairs->pdata[i], pairs->pdata[i + 1], error))
        return FALSE;
      stmt = tk_store_prepare (store, "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                                      " VALUES ('play', ?1)", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, pairs->pdata[i + 1], -1, SQLITE_STATIC);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}
