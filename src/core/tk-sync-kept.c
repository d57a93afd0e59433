/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept.c — "Changed on another device" (tk-sync-kept.h).
 *
 * Read from the registers, not the operations: sync_fields and sync_losers are indexed by
 * entity, so the list costs the same with a log of 100,000 operations.  A deletion is
 * offered back only when the entity holds a value of a device other than the deleting one:
 * something made or changed elsewhere went with it.  The titles of deleted entities come
 * from their registers (their rows are gone).
 */
#define G_LOG_DOMAIN "tk-sync-kept"

#include "config.h"

#include "tk-display-title.h"
#include "tk-sync-kept.h"
#include "tk-sync-log.h"

#define REGISTER(type, field) \
  "(SELECT json_extract (r.value, '$') FROM sync_fields r WHERE r.type = " type \
  " AND r.entity = i.entity AND r.field = '" field "')"

/* A play's field "game" holds a game uid: shown as that game's title when it is here. */
#define GAME_TITLE_OF(column) \
  "CASE WHEN i.field = 'game' THEN coalesce ((SELECT json_quote (g.title) FROM games g" \
  " WHERE g.uid = json_extract (" column ", '$')), " column ") ELSE " column " END"

#define ITEMS_SQL \
  "WITH items AS (" \
  "  SELECT k.type, k.entity, k.field, k.value, f.value AS current, k.device_uid, k.hlc," \
  "         f.device_uid AS current_device, f.hlc AS current_hlc, k.op_uid" \
  "  FROM sync_kept k JOIN sync_fields f ON f.type = k.type AND f.entity = k.entity" \
  "    AND f.field = k.field" \
  "  WHERE k.field <> 'deleted' AND NOT EXISTS (SELECT 1 FROM sync_fields d" \
  "    WHERE d.type = k.type AND d.entity = k.entity AND d.field = 'deleted'" \
  "    AND d.value = 'true')" \
  "  UNION ALL" \
  "  SELECT f.type, f.entity, 'deleted', NULL, NULL, f.device_uid, f.hlc, NULL, NULL, NULL" \
  "  FROM sync_fields f" \
  "  WHERE f.field = 'deleted' AND f.value = 'true' AND f.type IN ('game', 'entry', 'play')" \
  "    AND f.device_uid <> (SELECT device_uid FROM sync_identity)" \
  "    AND (EXISTS (SELECT 1 FROM sync_fields o WHERE o.type = f.type" \
  "           AND o.entity = f.entity AND o.device_uid <> f.device_uid)" \
  "         OR EXISTS (SELECT 1 FROM sync_losers o WHERE o.type = f.type" \
  "           AND o.entity = f.entity AND o.device_uid <> f.device_uid))" \
  "    AND NOT (f.type = 'entry' AND EXISTS (SELECT 1 FROM sync_fields g" \
  "      WHERE g.type = 'game' AND g.entity = f.entity AND g.field = 'deleted'" \
  "      AND g.value = 'true')))"

static const char list_sql[] =
  ITEMS_SQL
  " SELECT i.type, i.entity, i.field, " GAME_TITLE_OF ("i.value") ", "
  GAME_TITLE_OF ("i.current") ", i.device_uid, i.hlc, i.current_device, i.current_hlc,"
  " i.op_uid,"
  " CASE WHEN i.type IN ('game', 'entry') THEN coalesce ((SELECT title FROM games"
  "     WHERE uid = i.entity), " REGISTER ("'game'", "title") ")"
  "   WHEN i.type = 'play' THEN coalesce ((SELECT game_title FROM plays WHERE uid = i.entity),"
  "     " REGISTER ("'play'", "game_title") ")"
  "   WHEN i.type = 'player' THEN coalesce ((SELECT name FROM players WHERE uid = i.entity),"
  "     " REGISTER ("'player'", "name") ")"
  "   ELSE " REGISTER ("i.type", "name") " END,"
  " CASE WHEN i.type IN ('game', 'entry') THEN coalesce ((SELECT title_ja FROM games"
  "     WHERE uid = i.entity), " REGISTER ("'game'", "title_ja") ") END,"
  " CASE WHEN i.type = 'play' THEN coalesce ((SELECT played_on FROM plays"
  "     WHERE uid = i.entity), " REGISTER ("'play'", "played_on") ") END"
  " FROM items i ORDER BY i.hlc DESC, i.type, i.entity, i.field";

static const char *
column_text (sqlite3_stmt *stmt,
             int           column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

GListStore *
tk_sync_kept_list (TkStore  *store,
                   GError  **error)
{
  g_autoptr(GListStore) items = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, list_sql, error);
  if (stmt == NULL)
    return NULL;
  items = g_list_store_new (TK_TYPE_SYNC_KEPT_ITEM);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      g_autoptr(TkSyncKeptItem) item = NULL;
      const char *title = column_text (stmt, 10);
      const char *title_ja = column_text (stmt, 11);

      /* The hybrid clock is Unix milliseconds × 65536 + a counter. */
      item = tk_sync_kept_item_new (column_text (stmt, 0), column_text (stmt, 1),
                                    column_text (stmt, 2), column_text (stmt, 3),
                                    column_text (stmt, 4), column_text (stmt, 5),
                                    sqlite3_column_int64 (stmt, 6) >> 16,
                                    column_text (stmt, 7),
                                    sqlite3_column_int64 (stmt, 8) >> 16,
                                    column_text (stmt, 9),
                                    title != NULL ? tk_display_title (title, title_ja) : NULL,
                                    column_text (stmt, 12));
      g_list_store_append (items, item);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&items);
}

gint64
tk_sync_kept_count (TkStore  *store,
                    GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), -1);
  return tk_store_query_int (store, ITEMS_SQL " SELECT count (*) FROM items", -1, error);
}

static gboolean
restore_in_txn (TkStore   *store,
                gpointer   user_data,
                GError   **error)
{
  TkSyncKeptItem *item = user_data;
  const char *type = tk_sync_kept_item_get_entity_type (item);
  const char *entity = tk_sync_kept_item_get_entity_uid (item);
  gint64 entry_deleted;

  if (!tk_sync_log_restore (store, type, entity, tk_sync_kept_item_get_field (item),
                            tk_sync_kept_item_get_op_uid (item), error))
    return FALSE;
  if (!tk_sync_kept_item_is_deletion (item) || !g_str_equal (type, "game"))
    return TRUE;

  /* A game of the user's own went with its collection entry: both come back. */
  {
    sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT count (*) FROM sync_fields"
                                                  " WHERE type = 'entry' AND entity = ?1"
                                                  " AND field = 'deleted' AND value = 'true'",
                                           error);
    int rc;

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_text (stmt, 1, entity, -1, SQLITE_TRANSIENT);
    rc = tk_store_step (store, stmt, error);
    entry_deleted = rc == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : -1;
    sqlite3_reset (stmt);
    if (entry_deleted < 0)
      return FALSE;
  }
  return entry_deleted == 0 ||
         tk_sync_log_restore (store, "entry", entity, "deleted", NULL, error);
}

gboolean
tk_sync_kept_restore (TkStore         *store,
                      TkSyncKeptItem  *item,
                      GError         **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (item), FALSE);

  return tk_store_transaction (store, restore_in_txn, item, error);
}
