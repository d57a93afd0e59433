/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-store-file.c — the store tests' library file and raw SQLite on it
 * (tk-test-store-file.h). */
#include "config.h"

#include <sqlite3.h>

#include "tk-test-store.h"
#include "tk-test-store-file.h"

void
tk_test_store_file_set_up (TkTestStoreFile *f,
                           gconstpointer    data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("tk-store-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "library.db", NULL);
}

void
tk_test_store_file_tear_down (TkTestStoreFile *f,
                              gconstpointer    data)
{
  tk_test_remove_tree (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

void
tk_test_raw_exec (const char *path,
                  const char *sql)
{
  sqlite3 *db = NULL;
  char *errmsg = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, &errmsg) != SQLITE_OK)
    g_error ("fixture SQL failed: %s", errmsg);
  sqlite3_close (db);
}

gint64
tk_test_raw_query_int (const char *path,
                       const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return value;
}

char *
tk_test_fixture_sql (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autoptr(GError) error = NULL;
  char *sql = NULL;

  g_file_get_contents (path, &sql, NULL, &error);
  g_assert_no_error (error);
  return sql;
}

GBytes *
tk_test_read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

void
tk_test_assert_bytes_unchanged (const char *path,
                                GBytes     *before)
{
  g_autoptr(GBytes) after = tk_test_read_bytes (path);

  g_assert_true (g_bytes_equal (before, after));
}

void
tk_test_assert_dir_holds_only (const char        *dir_path,
                               const char *const *names)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (!g_strv_contains (names, name))
      g_error ("%s: unexpected file %s", dir_path, name);
}
