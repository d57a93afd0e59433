/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-receive.c — other devices' operations received (stored, checked, folded, the
 * tables written) and a value a sync did not keep restored (tk-sync-log.h).  Above the fold
 * and the log: both first flush this device's own changes (tk-sync-log.c), then fold
 * (tk-sync-fold.c); neither of those calls back up into this file. */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-kill-point.h"
#include "tk-sync-private.h"

/* ---- receiving ---- */

typedef struct
{
  GPtrArray          *ops;
  TkSyncReceiveStats *stats;
} Receive;

static gboolean
store_op (TkStore         *store,
          const TkSyncOp  *op,
          gboolean        *is_new,
          GError         **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "INSERT OR IGNORE INTO sync_ops (op_uid, hlc,"
                                                " device_uid, kind, type, entity, body,"
                                                " device_seq)"
                                                " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", error);

  if (stmt == NULL)
    return FALSE;
  _tk_sync_op_bind (stmt, op);
  sqlite3_bind_int64 (stmt, 8, op->seq);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  *is_new = sqlite3_changes (tk_store_get_db (store)) > 0;
  return TRUE;
}

static gboolean
check_op (const TkSyncOp  *op,
          GError         **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (op->op_uid == NULL || op->device_uid == NULL || op->kind == NULL || op->type == NULL ||
      op->entity == NULL || op->body == NULL || op->hlc < 0 ||
      !json_parser_load_from_data (parser, op->body, -1, NULL) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      !json_object_has_member (json_node_get_object (root), "fields") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (json_node_get_object (root), "fields")))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("An operation from another device is not readable (%s)."),
                   op->op_uid != NULL ? op->op_uid : "?");
      return FALSE;
    }
  return TRUE;
}

static gboolean
receive_in_txn (TkStore   *store,
                gpointer   user_data,
                GError   **error)
{
  Receive *r = user_data;
  g_autoptr(GHashTable) touched = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) todo = g_ptr_array_new_with_free_func (g_free);
  TkHlc newest = 0;
  sqlite3_stmt *stmt;
  int rc;

  /* What this device changed before, as its own operations, before anything is folded. */
  if (!tk_sync_log_flush (store, error))
    return FALSE;

  for (guint i = 0; i < r->ops->len; i++)
    {
      const TkSyncOp *op = r->ops->pdata[i];
      gboolean is_new = FALSE;

      if (!check_op (op, error) || !store_op (store, op, &is_new, error))
        return FALSE;
      if (!is_new)
        {
          r->stats->duplicates++;
          continue;
        }
      r->stats->received++;
      newest = MAX (newest, op->hlc);
      if (!_tk_sync_fold_any (store, op, error))
        return FALSE;
      tk_kill_point ("receive");
      g_hash_table_add (touched, g_strconcat (op->type, "\t", op->entity, NULL));
    }
  if (newest > 0 && !_tk_sync_clock_receive (store, newest, &r->stats->far_ahead, error))
    return FALSE;

  /* What to write again: the entities folded, what waited before, and what names a game or
   * a player folded (an entry and the plays of a game; the plays of a player). */
  if (!tk_store_exec (store, "CREATE TEMP TABLE IF NOT EXISTS sync_todo"
                             " (type TEXT NOT NULL, uid TEXT NOT NULL, PRIMARY KEY (type, uid))"
                             " WITHOUT ROWID; DELETE FROM temp.sync_todo;", error))
    return FALSE;
  {
    GHashTableIter iter;
    gpointer key;

    stmt = tk_store_prepare (store, "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                                    " VALUES (?1, ?2)", error);
    if (stmt == NULL)
      return FALSE;
    g_hash_table_iter_init (&iter, touched);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        g_auto(GStrv) parts = g_strsplit (key, "\t", 2);

        sqlite3_bind_text (stmt, 1, parts[0], -1, SQLITE_TRANSIENT);
        sqlite3_bind_text (stmt, 2, parts[1], -1, SQLITE_TRANSIENT);
        if (!tk_store_step_done (store, stmt, error))
          return FALSE;
      }
  }
  if (!tk_store_exec (store,
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT type, uid FROM sync_waiting;"
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT 'entry', uid FROM temp.sync_todo WHERE type = 'game';"
                      /* Only a merge moves seats of plays that did not change: the
                       * plays naming a player merged away.  (A play naming a game or a
                       * player not here yet waits, above.) */
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT DISTINCT 'play', f.entity FROM temp.sync_todo t"
                      "  JOIN sync_fields m ON m.type = 'player' AND m.entity = t.uid"
                      "    AND m.field = 'merged_into'"
                      "  JOIN sync_fields f ON f.type = 'play' AND f.field = 'seats'"
                      "    AND instr (f.value, '\"' || t.uid || '\"') > 0"
                      "  WHERE t.type = 'player';"
                      /* …and the plays naming a game merged away. */
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT DISTINCT 'play', f.entity FROM temp.sync_todo t"
                      "  JOIN sync_fields m ON m.type = 'game' AND m.entity = t.uid"
                      "    AND m.field = 'merged_into'"
                      "  JOIN sync_fields f ON f.type = 'play' AND f.field = 'game'"
                      "    AND f.value = json_quote (t.uid)"
                      "  WHERE t.type = 'game';"
                      /* Who has a BGG username changes when a player that has or wants
                       * it changes (apply_player()): the others that want it, and those
                       * that wanted it and do not have it, are decided again. */
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT 'player', o.entity FROM temp.sync_todo t"
                      "  JOIN sync_fields m ON m.type = 'player' AND m.entity = t.uid"
                      "    AND m.field = 'bgg_username'"
                      "  JOIN sync_fields o ON o.type = 'player' AND o.field = 'bgg_username'"
                      "    AND json_extract (o.value, '$') = json_extract (m.value, '$')"
                      "    COLLATE NOCASE"
                      "  WHERE t.type = 'player';"
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT 'player', p.uid FROM players p JOIN sync_fields f"
                      "    ON f.type = 'player' AND f.entity = p.uid AND f.field = 'bgg_username'"
                      "  WHERE p.bgg_username IS NULL AND json_extract (f.value, '$') IS NOT NULL;"
                      /* A session's game, and a finished session's play, may come later
                       * than it. */
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT DISTINCT 'session', f.entity FROM temp.sync_todo t"
                      "  JOIN sync_fields f ON f.type = 'session' AND f.field = 'game'"
                      "    AND f.value = json_quote (t.uid) WHERE t.type = 'game';"
                      "INSERT OR IGNORE INTO temp.sync_todo (type, uid)"
                      "  SELECT DISTINCT 'play', f.entity FROM temp.sync_todo t"
                      "  JOIN sync_fields f ON f.type = 'play' AND f.field = 'session'"
                      "    AND f.value = json_quote (t.uid) WHERE t.type = 'session';"
                      "DELETE FROM sync_waiting;", error) ||
      !_tk_sync_join_plays_by_import_key (store, error))
    return FALSE;

  stmt = tk_store_prepare (store, "SELECT type, uid FROM temp.sync_todo ORDER BY CASE type"
                                  " WHEN 'game' THEN 0 WHEN 'entry' THEN 1 WHEN 'player' THEN 2"
                                  " WHEN 'session' THEN 3 WHEN 'play' THEN 4 WHEN 'friends' THEN 5"
                                  " ELSE 6 END, uid",
                           error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      g_ptr_array_add (todo, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      g_ptr_array_add (todo, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  for (guint i = 0; i + 1 < todo->len; i += 2)
    {
      gboolean waiting = FALSE;

      if (!_tk_sync_apply_entity (store, todo->pdata[i], todo->pdata[i + 1], &waiting, error))
        return FALSE;
      tk_kill_point ("fold");
      if (waiting)
        {
          sqlite3_stmt *wait = tk_store_prepare (store, "INSERT OR IGNORE INTO sync_waiting"
                                                        " (type, uid) VALUES (?2, ?1)", error);

          r->stats->waiting++;
          if (wait == NULL)
            return FALSE;
          sqlite3_bind_text (wait, 1, todo->pdata[i + 1], -1, SQLITE_STATIC);
          sqlite3_bind_text (wait, 2, todo->pdata[i], -1, SQLITE_STATIC);
          if (!tk_store_step_done (store, wait, error))
            return FALSE;
        }
      else
        r->stats->applied++;
    }

  /* The tables now say what the registers say: nothing here is this device's change. */
  if (!tk_store_exec (store, "DELETE FROM sync_dirty; DELETE FROM temp.sync_todo", error))
    return FALSE;
  if (r->stats->applied > 0)
    tk_store_notify_games_changed (store, 0);
  return TRUE;
}

gboolean
tk_sync_log_receive (TkStore             *store,
                     GPtrArray           *ops,
                     TkSyncReceiveStats  *stats,
                     GError             **error)
{
  TkSyncReceiveStats local_stats = { 0 };
  Receive r = { ops, stats != NULL ? stats : &local_stats };

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (ops != NULL, FALSE);

  *r.stats = (TkSyncReceiveStats) { 0 };
  return tk_store_transaction (store, receive_in_txn, &r, error);
}

/* ---- restoring ---- */

typedef struct
{
  const char *type;
  const char *entity;
  const char *field;
  const char *op_uid;
} Restore;

static gboolean
restore_in_txn (TkStore   *store,
                gpointer   user_data,
                GError   **error)
{
  Restore *r = user_data;
  g_autofree char *fields = NULL;
  gboolean waiting = FALSE;
  sqlite3_stmt *stmt;
  int rc;

  /* What this device changed before is written first, as its own operations. */
  if (!tk_sync_log_flush (store, error))
    return FALSE;
  if (g_str_equal (r->field, "deleted"))
    fields = g_strdup ("{\"deleted\":false}");
  else
    {
      stmt = tk_store_prepare (store, "SELECT json_object (field, json (value)) FROM sync_losers"
                                      " WHERE op_uid = ?1 AND field = ?2 AND type = ?3"
                                      " AND entity = ?4", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, r->op_uid, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, r->field, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 3, r->type, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 4, r->entity, -1, SQLITE_STATIC);
      rc = tk_store_step (store, stmt, error);
      if (rc == SQLITE_ROW)
        fields = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      sqlite3_reset (stmt);
      if (rc == SQLITE_DONE)
        g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                     _("That value is no longer kept; nothing was restored."));
      if (fields == NULL)
        return FALSE;
    }
  if (!_tk_sync_write_set (store, r->type, r->entity, fields, error) ||
      !_tk_sync_apply_entity (store, r->type, r->entity, &waiting, error))
    return FALSE;
  /* A game back brings its entry back. */
  if (g_str_equal (r->type, "game") &&
      !_tk_sync_apply_entity (store, "entry", r->entity, &waiting, error))
    return FALSE;
  /* The tables now say what the registers say. */
  if (!tk_store_exec (store, "DELETE FROM sync_dirty", error))
    return FALSE;
  tk_store_notify_games_changed (store, 0);
  return TRUE;
}

gboolean
tk_sync_log_restore (TkStore     *store,
                     const char  *type,
                     const char  *entity_uid,
                     const char  *field,
                     const char  *op_uid,
                     GError     **error)
{
  Restore r = { type, entity_uid, field, op_uid };

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (type != NULL && entity_uid != NULL && field != NULL, FALSE);
  g_return_val_if_fail (op_uid != NULL || g_str_equal (field, "deleted"), FALSE);

  return tk_store_transaction (store, restore_in_txn, &r, error);
}
