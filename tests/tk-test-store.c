/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-store.c — test libraries (tk-test-store.h). */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-test-store.h"

TkStore *
tk_test_open_memory (void)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = tk_store_open_memory (&error);

  g_assert_no_error (error);
  return store;
}

void
tk_test_exec_ok (TkStore    *store,
                 const char *sql)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_store_exec (store, sql, &error));
  g_assert_no_error (error);
}

TkStore *
tk_test_library_new (const char  *dir_template,
                     char       **dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *db = NULL;
  TkStore *store;

  *dir = g_dir_make_tmp (dir_template, &error);
  g_assert_no_error (error);
  db = g_build_filename (*dir, "library.db", NULL);
  store = tk_store_open (db, &error);
  g_assert_no_error (error);
  return store;
}

void
tk_test_library_close (TkStore **store,
                       char    **dir)
{
  g_clear_object (store);
  tk_test_remove_tree (*dir);
  g_clear_pointer (dir, g_free);
}

gint64
tk_test_count (TkStore    *store,
               const char *sql)
{
  g_autoptr(GError) error = NULL;
  gint64 n = tk_store_query_int (store, sql, -1, &error);

  g_assert_no_error (error);
  return n;
}

void
tk_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      /* a link is removed, never followed: it may lead out of the test's folder */
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        tk_test_remove_tree (child);
      else
        g_assert_cmpint (g_remove (child), ==, 0);
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

#define UNDO_V12_SQL                                                                    \
  "DROP TRIGGER session_actions_uid; DROP TRIGGER sessions_sync_insert;"                 \
  "DROP TRIGGER sessions_sync_update; DROP TRIGGER sessions_sync_delete;"                \
  "DROP TRIGGER session_actions_sync_insert; DROP TRIGGER session_turns_sync_insert;"    \
  "DROP TRIGGER session_turns_sync_delete;"                                              \
  "DROP TABLE sync_ledger; DROP TABLE sync_heads; DROP INDEX session_actions_uid;"       \
  "ALTER TABLE session_actions DROP COLUMN uid; ALTER TABLE session_actions DROP COLUMN parent;" \
  "ALTER TABLE sessions DROP COLUMN head;"

const char *
tk_test_undo_v12_sql (void)
{
  return UNDO_V12_SQL;
}

const char *
tk_test_undo_v11_sql (void)
{
  return UNDO_V12_SQL
         "DROP VIEW sync_kept;"
         "DROP TABLE sync_identity; DROP TABLE sync_ops; DROP TABLE sync_fields;"
         "DROP TABLE sync_losers; DROP TABLE sync_dirty; DROP TABLE sync_waiting;"
         "DROP TABLE sync_files;"
         "DROP TRIGGER games_uid; DROP TRIGGER players_uid; DROP TRIGGER plays_uid;"
         "DROP TRIGGER sessions_uid; DROP TRIGGER friend_lists_uid; DROP TRIGGER plays_uid_import;"
         "DROP TRIGGER games_sync_insert; DROP TRIGGER games_sync_update;"
         "DROP TRIGGER games_sync_delete; DROP TRIGGER game_tags_sync_insert;"
         "DROP TRIGGER game_tags_sync_delete; DROP TRIGGER collection_sync_insert;"
         "DROP TRIGGER collection_sync_update; DROP TRIGGER collection_sync_delete;"
         "DROP TRIGGER players_sync_insert; DROP TRIGGER players_sync_update;"
         "DROP TRIGGER players_sync_delete; DROP TRIGGER plays_sync_insert;"
         "DROP TRIGGER plays_sync_update; DROP TRIGGER plays_sync_delete;"
         "DROP TRIGGER play_players_sync_insert; DROP TRIGGER play_players_sync_update;"
         "DROP TRIGGER play_players_sync_delete;"
         "DROP TRIGGER friend_lists_sync_insert; DROP TRIGGER friend_lists_sync_update;"
         "DROP TRIGGER friend_lists_sync_delete; DROP TRIGGER friend_games_sync_insert;"
         "DROP TRIGGER friend_games_sync_update; DROP TRIGGER friend_games_sync_delete;"
         "DROP INDEX games_uid; DROP INDEX players_uid; DROP INDEX plays_uid;"
         "DROP INDEX sessions_uid; DROP INDEX friend_lists_uid;"
         "ALTER TABLE games DROP COLUMN uid; ALTER TABLE players DROP COLUMN uid;"
         "ALTER TABLE plays DROP COLUMN uid; ALTER TABLE sessions DROP COLUMN uid;"
         "ALTER TABLE friend_lists DROP COLUMN uid;";
}

gint64
tk_test_catalog_game_id (TkStore    *store,
                         const char *key)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT id FROM games WHERE catalog_key = ?1",
                                         &error);
  gint64 id = 0;

  g_assert_no_error (error);
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  g_assert_cmpint (id, >, 0);
  return id;
}
