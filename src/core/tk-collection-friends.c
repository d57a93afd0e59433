/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-friends.c — friends' lists, imported from their JSON or BGG CSV. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-bgg-csv.h"
#include "tk-collection-private.h"
#include "tk-text.h"

typedef struct
{
  const char *name;
  GPtrArray  *games;
  gint64      list_id;
} FriendImport;

static gboolean
import_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  FriendImport *data = user_data;
  sqlite3_stmt *stmt;

  stmt = tk_store_prepare (store, "DELETE FROM friend_lists WHERE name = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, data->name, -1, SQLITE_TRANSIENT);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;

  stmt = tk_store_prepare (store, "INSERT INTO friend_lists (name) VALUES (?1)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, data->name, -1, SQLITE_TRANSIENT);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  data->list_id = tk_store_last_insert_id (store);

  stmt = tk_store_prepare (store, "INSERT INTO friend_games (list_id, seq, bgg_id, title, game_id,"
                                  " owned, want_to_play, played, favourite, rating)"
                                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < data->games->len; i++)
    {
      TkGame *game = g_ptr_array_index (data->games, i);
      g_autoptr(GError) local_error = NULL;
      gint64 game_id = tk_collection_find_game (store, game->bgg_id, game->title, &local_error);

      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      sqlite3_bind_int64 (stmt, 1, data->list_id);
      sqlite3_bind_int (stmt, 2, (int) i);
      if (game->bgg_id > 0)
        sqlite3_bind_int64 (stmt, 3, game->bgg_id);
      else
        sqlite3_bind_null (stmt, 3);
      sqlite3_bind_text (stmt, 4, game->title, -1, SQLITE_TRANSIENT);
      if (game_id > 0)
        sqlite3_bind_int64 (stmt, 5, game_id);
      else
        sqlite3_bind_null (stmt, 5);
      sqlite3_bind_int (stmt, 6, game->owned);
      sqlite3_bind_int (stmt, 7, game->want_to_play);
      sqlite3_bind_int (stmt, 8, game->played);
      sqlite3_bind_int (stmt, 9, game->favourite);
      if (game->rating > 0)
        sqlite3_bind_int (stmt, 10, (int) game->rating);
      else
        sqlite3_bind_null (stmt, 10);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gint64
tk_collection_import_friend_list (TkCollection  *self,
                                  const char    *name,
                                  const char    *data,
                                  gsize          length,
                                  GError       **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *clean_name = NULL;
  FriendImport import = { 0 };
  gsize i = 0;

  g_return_val_if_fail (TK_IS_COLLECTION (self), 0);
  g_return_val_if_fail (name != NULL, 0);

  clean_name = g_strstrip (g_strdup (name));
  if (*clean_name == '\0')
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("A friend’s list needs a name."));
      return 0;
    }
  if (!tk_text_check_in (TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID, TK_TEXT_NAME,
                         _("friend’s name"), clean_name, error))
    return 0;

  if (length >= 3 && (guchar) data[0] == 0xEF && (guchar) data[1] == 0xBB && (guchar) data[2] == 0xBF)
    i = 3;
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  if (i < length && data[i] == '{')
    games = tk_collection_read_json (data, length, error);
  else
    games = tk_bgg_csv_read_games (data, length, error);
  if (games == NULL)
    return 0;

  import.name = clean_name;
  import.games = games;
  if (!tk_store_transaction (tk_collection_get_store (self), import_in_txn, &import, error))
    return 0;
  tk_collection_emit_changed (self, 0);
  return import.list_id;
}

GPtrArray *
tk_collection_list_friend_lists (TkCollection  *self,
                                 GError       **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  TkStore *store = tk_collection_get_store (self);
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT name FROM friend_lists ORDER BY name", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (names, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&names);
}

gboolean
tk_collection_delete_friend_list (TkCollection  *self,
                                  const char    *name,
                                  GError       **error)
{
  TkStore *store = tk_collection_get_store (self);
  sqlite3_stmt *stmt;

  /* In a transaction: the delete and its sync operation go together. */
  if (!tk_store_begin (store, error))
    return FALSE;
  stmt = tk_store_prepare (store, "DELETE FROM friend_lists WHERE name = ?1", error);
  if (stmt == NULL)
    {
      tk_store_rollback (store);
      return FALSE;
    }
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  if (!tk_store_step_done (store, stmt, error))
    {
      tk_store_rollback (store);
      return FALSE;
    }
  return tk_store_commit (store, error);
}

GPtrArray *
tk_collection_friend_matches (TkCollection   *self,
                              const char     *name,
                              TkFriendMatch   match,
                              GError        **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  TkStore *store = tk_collection_get_store (self);
  const char *condition;
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);

  switch (match)
    {
    case TK_FRIEND_MATCH_THEY_OWN_YOU_WANT:
      condition = "f.owned = 1 AND c.want_to_play = 1";
      break;
    case TK_FRIEND_MATCH_BOTH_OWN:
      condition = "f.owned = 1 AND c.owned = 1";
      break;
    case TK_FRIEND_MATCH_YOU_OWN_THEY_WANT:
    default:
      condition = "f.want_to_play = 1 AND c.owned = 1";
      break;
    }

  sql = g_strdup_printf ("SELECT DISTINCT g.id FROM friend_lists l"
                         " JOIN friend_games f ON f.list_id = l.id"
                         " JOIN games g ON g.id = f.game_id"
                         " JOIN collection c ON c.game_id = g.id"
                         " WHERE l.name = ?1 AND %s ORDER BY g.title COLLATE NOCASE, g.id",
                         condition);
  stmt = tk_store_prepare (store, sql, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return tk_collection_fetch (self, (const gint64 *) (gpointer) ids->data, ids->len, error);
}
