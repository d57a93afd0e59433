/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c — the library file: create, reopen, migrate, refuse, survive a crash. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tk-store.h"
#include "tk-store-schema.h"
#include "tk-test-library-env.h"
#include "tk-test-store.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("tk-store-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "library.db", NULL);
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_tree (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

/* Runs SQL on a raw connection, outside the store, to build fixtures. */
static void
raw_exec (const char *path,
          const char *sql)
{
  sqlite3 *db = NULL;
  char *errmsg = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, &errmsg) != SQLITE_OK)
    g_error ("fixture SQL failed: %s", errmsg);
  sqlite3_close (db);
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static void
test_create (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *nested = g_build_filename (f->dir, "a", "b", "library.db", NULL);

  /* A missing folder is created. */
  store = tk_store_open (nested, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_null (tk_store_get_backup_path (store));
  g_assert_cmpint (tk_test_count (store, "PRAGMA user_version"), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_cmpint (tk_test_count (store, "PRAGMA foreign_keys"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sqlite_schema WHERE name = 'games'"),
                   ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 0);

  /* WAL, so readers never wait for the writer. */
  {
    sqlite3_stmt *stmt = tk_store_prepare (store, "PRAGMA journal_mode", &error);
    g_assert_no_error (error);
    g_assert_cmpint (tk_store_step (store, stmt, &error), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "wal");
    sqlite3_reset (stmt);
  }

  /* Foreign keys are enforced: a collection row needs its game. */
  g_assert_false (tk_store_exec (store, "INSERT INTO collection (game_id, owned) VALUES (42, 1)",
                                 &error));
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_CONSTRAINT);
}

static void
test_reopen (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TkStore *store;
  g_autoptr(GArray) counts = NULL;
  sqlite3_stmt *stmt;

  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  stmt = tk_store_prepare (store, "INSERT INTO players (name, colour) VALUES (?1, ?2)", &error);
  g_assert_no_error (error);
  sqlite3_bind_text (stmt, 1, "Ana", -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, "#e01b24", -1, SQLITE_STATIC);
  g_assert_true (tk_store_step_done (store, stmt, &error));
  g_assert_no_error (error);
  g_object_unref (store);

  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (tk_store_get_backup_path (store));   /* no migration, no backup */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Ana'"), ==, 1);

  counts = tk_store_count_rows (store, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < counts->len; i++)
    {
      TkStoreCount *c = &g_array_index (counts, TkStoreCount, i);
      /* The player, the sync identity, and the player listed for its operation: inserted
       * outside a transaction, it becomes one at the next commit (tk-sync-log.h). */
      g_assert_cmpint (c->rows, ==, g_str_equal (c->table, "players") ||
                                    g_str_equal (c->table, "sync_identity") ||
                                    g_str_equal (c->table, "sync_dirty") ? 1 : 0);
    }
  g_assert_cmpuint (counts->len, >=, 9);
  g_object_unref (store);
}

static char *
fixture_sql (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autoptr(GError) error = NULL;
  char *sql = NULL;

  g_file_get_contents (path, &sql, NULL, &error);
  g_assert_no_error (error);
  return sql;
}

static void
test_migrate_v0 (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;

  /* A database that has never been versioned: no tables, user_version 0, but a real file. */
  raw_exec (f->path, "PRAGMA page_size = 4096; VACUUM;");
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));

  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  /* Nothing worth keeping, so no backup. */
  g_assert_null (tk_store_get_backup_path (store));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sqlite_schema "
                                      "WHERE name IN ('games', 'sessions', 'plays')"), ==, 3);
}

static void
test_migrate_v1 (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkStore) backup = NULL;
  g_autofree char *sql = fixture_sql ("library-v1.sql");

  raw_exec (f->path, sql);

  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);

  /* Everything the fixture held is still there. */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 2);
  g_assert_cmpint (tk_test_count (store, "SELECT rating FROM collection WHERE game_id = 1"), ==, 9);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM game_tags"), ==, 2);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 2);
  /* Format 11: every row has its uid (the catalog game by its BGG id), the install its
   * identity, and the content is listed to become operations (not the catalog game's facts;
   * its entry, the own game, its entry-less self and both players). */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games WHERE id = 1"
                                         " AND uid = 'bgg:233867'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games g, players p"
                                         " WHERE g.uid IS NULL OR p.uid IS NULL"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_identity"
                                         " WHERE length (device_uid) = 32"
                                         " AND length (library_uid) = 32"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_dirty"), ==, 4);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_dirty WHERE type = 'game'"
                                         " AND uid = 'bgg:233867'"), ==, 0);
  /* And the new tables work with the old rows. */
  g_assert_true (tk_store_exec (store,
                                "INSERT INTO plays (game_id, game_title, played_on) "
                                "VALUES (1, 'Welcome To...', '2026-11-20')", &error));
  g_assert_no_error (error);

  /* The backup is a complete copy at the old version. */
  g_assert_nonnull (tk_store_get_backup_path (store));
  g_assert_true (g_str_has_suffix (tk_store_get_backup_path (store), ".v1-backup"));
  {
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;

    g_assert_cmpint (sqlite3_open_v2 (tk_store_get_backup_path (store), &db,
                                      SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT (SELECT user_version FROM pragma_user_version),"
                                             " (SELECT count(*) FROM games)", -1, &stmt, NULL),
                     ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
    g_assert_cmpint (sqlite3_column_int (stmt, 1), ==, 2);
    sqlite3_finalize (stmt);
    sqlite3_close (db);
  }
}

static void
test_migrate_failure_keeps_old (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *sql = fixture_sql ("library-v1.sql");
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  /* A table in the way of step 2 makes that step fail half way. */
  raw_exec (f->path, sql);
  raw_exec (f->path, "CREATE TABLE plays (x);");

  store = tk_store_open (f->path, &error);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_MIGRATION);
  g_assert_null (store);

  /* Still version 1, nothing of step 2 left behind, data intact. */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT (SELECT user_version FROM pragma_user_version),"
                                       " (SELECT count(*) FROM sqlite_schema WHERE name = 'sessions'),"
                                       " (SELECT count(*) FROM games)", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
  g_assert_cmpint (sqlite3_column_int (stmt, 1), ==, 0);
  g_assert_cmpint (sqlite3_column_int (stmt, 2), ==, 2);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

static void
assert_refused_unchanged (Fixture      *f,
                          TkStoreError  expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = read_bytes (f->path);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);

  store = tk_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, TK_STORE_ERROR, (int) expected);
  /* The message names the file, for the dialog and the CLI. */
  g_assert_nonnull (strstr (error->message, f->path));

  after = read_bytes (f->path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
}

static void
test_refuse_newer (Fixture       *f,
                   gconstpointer  data)
{
  raw_exec (f->path, "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT);"
                     "INSERT INTO games (title) VALUES ('From the future');"
                     "PRAGMA application_id = 1414220866;"
                     "PRAGMA user_version = 999;");
  assert_refused_unchanged (f, TK_STORE_ERROR_NEWER_VERSION);
}

static void
test_refuse_random (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  g_autoptr(GError) error = NULL;
  guint8 bytes[65536];

  for (gsize i = 0; i < sizeof bytes; i++)
    bytes[i] = g_rand_int_range (rand, 0, 256);
  g_file_set_contents (f->path, (const char *) bytes, sizeof bytes, &error);
  g_assert_no_error (error);
  assert_refused_unchanged (f, TK_STORE_ERROR_NOT_A_DATABASE);

  /* A short text file, too. */
  g_file_set_contents (f->path, "name,owned\nAgora,1\n", -1, &error);
  g_assert_no_error (error);
  assert_refused_unchanged (f, TK_STORE_ERROR_NOT_A_DATABASE);
}

static void
test_refuse_damaged (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) good = NULL;
  g_autofree guint8 *bad = NULL;
  gsize len;

  /* A real library whose pages after the header were overwritten. */
  raw_exec (f->path, "PRAGMA journal_mode = DELETE; CREATE TABLE t (x); INSERT INTO t VALUES (1);");
  good = read_bytes (f->path);
  len = g_bytes_get_size (good);
  bad = g_memdup2 (g_bytes_get_data (good, NULL), len);
  for (gsize i = 100; i < len; i++)
    bad[i] = (guint8) (i * 7 + 3);
  g_file_set_contents (f->path, (const char *) bad, len, &error);
  g_assert_no_error (error);

  {
    g_autoptr(GBytes) before = read_bytes (f->path);
    g_autoptr(GBytes) after = NULL;
    g_autoptr(TkStore) store = tk_store_open (f->path, &error);

    g_assert_null (store);
    g_assert_nonnull (error);
    g_assert_true (error->domain == TK_STORE_ERROR);
    g_assert_true (error->code == TK_STORE_ERROR_CORRUPT ||
                   error->code == TK_STORE_ERROR_NOT_A_DATABASE);
    after = read_bytes (f->path);
    g_assert_true (g_bytes_equal (before, after));
  }
}

static void
test_refuse_folder (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (f->dir, &error);

  g_assert_null (store);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN);
}

static gboolean
insert_two_then_fail (TkStore  *store,
                      gpointer  user_data,
                      GError  **error)
{
  if (!tk_store_exec (store, "INSERT INTO players (name) VALUES ('Cleo')", error) ||
      !tk_store_exec (store, "INSERT INTO players (name) VALUES ('Dev')", error))
    return FALSE;
  /* An empty name breaks the CHECK: the whole transaction must go. */
  return tk_store_exec (store, "INSERT INTO players (name) VALUES ('')", error);
}

static void
test_transactions (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (f->path, &error);

  g_assert_no_error (error);

  g_assert_false (tk_store_transaction (store, insert_two_then_fail, NULL, &error));
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_CONSTRAINT);
  g_clear_error (&error);
  g_assert_false (tk_store_in_transaction (store));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 0);

  /* Nested: the inner part rolls back alone. */
  g_assert_true (tk_store_begin (store, &error));
  g_assert_true (tk_store_exec (store, "INSERT INTO players (name) VALUES ('Ana')", &error));
  g_assert_true (tk_store_begin (store, &error));
  g_assert_true (tk_store_exec (store, "INSERT INTO players (name) VALUES ('Ben')", &error));
  tk_store_rollback (store);
  g_assert_true (tk_store_commit (store, &error));
  g_assert_no_error (error);
  g_assert_false (tk_store_in_transaction (store));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Ana'"), ==, 1);
}

static gboolean
insert_many (TkStore  *store,
             gpointer  user_data,
             GError  **error)
{
  guint n = GPOINTER_TO_UINT (user_data);
  sqlite3_stmt *stmt = tk_store_prepare (store, "INSERT INTO players (name) VALUES (?1)", error);

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i);

      sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  /* Proof that this ran off the main thread. */
  g_assert_false (g_main_context_is_owner (g_main_context_default ()));
  return TRUE;
}

static void
on_run_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GError **error = user_data;

  if (!tk_store_run_finish (TK_STORE (source), result, error))
    g_assert_nonnull (*error);
  else
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_EXISTS, "done");  /* a marker */
}

static void
test_run_async (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) result = NULL;
  g_autoptr(TkStore) store = tk_store_open (f->path, &error);

  g_assert_no_error (error);
  tk_store_run_async (store, insert_many, GUINT_TO_POINTER (5000), NULL, NULL, on_run_done,
                      &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (result, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 5000);

  /* A failing job rolls back everything it did. */
  g_clear_error (&result);
  tk_store_run_async (store, insert_two_then_fail, NULL, NULL, NULL, on_run_done, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (result, TK_STORE_ERROR, TK_STORE_ERROR_CONSTRAINT);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 5000);
}

static void
test_set_aside (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *again = NULL;

  g_file_set_contents (f->path, "not a library", -1, &error);
  g_assert_no_error (error);
  before = read_bytes (f->path);

  moved = tk_store_set_aside (f->path, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_true (g_str_has_suffix (moved, ".db"));
  g_assert_nonnull (strstr (moved, ".unreadable-"));
  after = read_bytes (moved);
  g_assert_true (g_bytes_equal (before, after));

  /* A second bad file in the same second gets its own name: nothing is overwritten. */
  g_file_set_contents (f->path, "another", -1, &error);
  again = tk_store_set_aside (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, !=, moved);
  g_assert_true (g_file_test (moved, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (again, G_FILE_TEST_EXISTS));
}

static void
assert_bytes_unchanged (const char *path,
                        GBytes     *before)
{
  g_autoptr(GBytes) after = read_bytes (path);

  g_assert_true (g_bytes_equal (before, after));
}

static void
assert_dir_holds_only (const char          *dir_path,
                       const char *const   *names)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (!g_strv_contains (names, name))
      g_error ("%s: unexpected file %s", dir_path, name);
}

static gint64
raw_query_int (const char *path,
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

/* New and upgraded libraries say they are Tablekeeper's. */
static void
test_identity (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (f->path, &error);
  g_autofree char *old = g_build_filename (f->dir, "old.db", NULL);
  g_autofree char *sql = fixture_sql ("library-v1.sql");

  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "PRAGMA application_id"), ==, TK_STORE_APPLICATION_ID);
  g_assert_false (tk_store_get_made_from_empty (store));
  g_clear_object (&store);
  g_assert_cmpint (raw_query_int (f->path, "PRAGMA application_id"), ==, TK_STORE_APPLICATION_ID);

  /* A library from before format 6 is recognised by its tables and gets the id. */
  raw_exec (old, sql);
  store = tk_store_open (old, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "PRAGMA application_id"), ==, TK_STORE_APPLICATION_ID);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 2);
}

/* A library whose every commit is still in its -wal (killed before the first checkpoint):
 * the file's own header says nothing yet, and it is still recognised, at either format. */
static void
test_identity_in_wal (Fixture       *f,
                      gconstpointer  data)
{
  for (int upto = TK_STORE_LEGACY_VERSION; upto <= TK_STORE_SCHEMA_VERSION; upto++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TkStore) store = NULL;
      g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
      g_autofree char *shm = g_strconcat (f->path, "-shm", NULL);
      const TkStoreMigration *steps;
      guint n_steps;
      sqlite3 *db = NULL;

      remove_tree (f->dir);
      g_mkdir (f->dir, 0700);
      steps = tk_store_schema_migrations (&n_steps);
      g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
      sqlite3_db_config (db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
      g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), ==,
                       SQLITE_OK);
      for (guint i = 0; i < n_steps && steps[i].version <= upto; i++)
        {
          g_autofree char *bump = g_strdup_printf ("PRAGMA user_version = %d", steps[i].version);
          g_assert_cmpint (sqlite3_exec (db, steps[i].sql, NULL, NULL, NULL), ==, SQLITE_OK);
          g_assert_cmpint (sqlite3_exec (db, bump, NULL, NULL, NULL), ==, SQLITE_OK);
        }
      sqlite3_close (db);
      g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));
      /* Also copied without its -shm: recognised all the same (read without making one). */
      if (upto % 2 == 0)
        g_unlink (shm);

      store = tk_store_open (f->path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
      g_assert_false (tk_store_get_made_from_empty (store));
      g_assert_cmpint (tk_test_count (store, "PRAGMA application_id"), ==, TK_STORE_APPLICATION_ID);
    }
}

/* Another program's database whose writer crashed before its first checkpoint: its schema
 * is only in its -wal.  It is refused, and its file, -wal and -shm stay byte for byte as
 * they were (the -shm is the writer's, not ours to recover into). */
static void
test_refuse_foreign_in_wal (Fixture       *f,
                            gconstpointer  data)
{
  const char *const its_files[] = { "library.db", "library.db-wal", "library.db-shm", NULL };
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (f->path, "-shm", NULL);
  static const char *const setups[] = {
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('x');",
    "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT); PRAGMA user_version = 3;",
  };

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autoptr(GBytes) db_before = NULL;
      g_autoptr(GBytes) wal_before = NULL;
      g_autoptr(GBytes) shm_before = NULL;
      sqlite3 *db = NULL;

      remove_tree (f->dir);
      g_mkdir (f->dir, 0700);
      g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
      sqlite3_db_config (db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
      g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), ==,
                       SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (db, setups[i], NULL, NULL, NULL), ==, SQLITE_OK);
      sqlite3_close (db);
      g_assert_true (g_file_test (shm, G_FILE_TEST_EXISTS));
      db_before = read_bytes (f->path);
      wal_before = read_bytes (wal);
      shm_before = read_bytes (shm);

      for (guint attempt = 0; attempt < 2; attempt++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(TkStore) store = NULL;

          store = tk_store_open_full (f->path, attempt == 0 ? TK_STORE_OPEN_DEFAULT
                                                           : TK_STORE_OPEN_READ_ONLY,
                                      0, &error);
          g_assert_null (store);
          g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FOREIGN);
          assert_bytes_unchanged (f->path, db_before);
          assert_bytes_unchanged (wal, wal_before);
          assert_bytes_unchanged (shm, shm_before);
          assert_dir_holds_only (f->dir, its_files);
        }

      /* Without its -shm (copied without it): refused, and none is made. */
      g_unlink (shm);
      for (guint attempt = 0; attempt < 2; attempt++)
        {
          const char *const without_shm[] = { "library.db", "library.db-wal", NULL };
          g_autoptr(GError) error = NULL;
          g_autoptr(TkStore) store = NULL;

          store = tk_store_open_full (f->path, attempt == 0 ? TK_STORE_OPEN_DEFAULT
                                                           : TK_STORE_OPEN_READ_ONLY,
                                      0, &error);
          g_assert_null (store);
          g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FOREIGN);
          assert_bytes_unchanged (f->path, db_before);
          assert_bytes_unchanged (wal, wal_before);
          assert_dir_holds_only (f->dir, without_shm);
        }
    }
}

/* Version 10 (the not_interested insert trigger runs only when it has something to do): a
 * library at version 9, with a marked entry and an unmarked one, is upgraded, and the table
 * still follows every way an entry is written: a new entry with or without the mark, an
 * entry rewritten (INSERT OR REPLACE, as the collection writes) with the mark taken off or
 * kept (keeping its first time). */
static void
test_migrate_v10_not_interested (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  const TkStoreMigration *steps;
  guint n_steps;
  sqlite3 *db = NULL;

  steps = tk_store_schema_migrations (&n_steps);
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  for (guint i = 0; i < n_steps && steps[i].version <= 9; i++)
    {
      g_autofree char *bump = g_strdup_printf ("PRAGMA user_version = %d", steps[i].version);

      g_assert_cmpint (sqlite3_exec (db, steps[i].sql, NULL, NULL, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (db, bump, NULL, NULL, NULL), ==, SQLITE_OK);
    }
  g_assert_cmpint (sqlite3_exec (db,
                                 "INSERT INTO games (id, title) VALUES (1, 'A'), (2, 'B'),"
                                 " (3, 'C'), (4, 'D'), (5, 'E');"
                                 "INSERT INTO collection (game_id, not_interested)"
                                 " VALUES (1, 1), (2, 0);"
                                 "UPDATE not_interested SET marked_at = 1000;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"
                                      " AND name = 'collection_not_interested_insert'"
                                      " AND sql LIKE '%WHEN NEW.not_interested = 1%'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT game_id FROM not_interested WHERE marked_at = 1000"),
                   ==, 1);

  g_assert_true (tk_store_exec (store,
                                "INSERT INTO collection (game_id, not_interested)"
                                "  VALUES (3, 1), (4, 0);"
                                "INSERT OR REPLACE INTO collection (game_id, owned, not_interested)"
                                "  VALUES (1, 1, 1), (2, 1, 0);", &error));
  g_assert_no_error (error);
  /* 1 kept its mark and its first time; 3 is new; 2 and 4 never were. */
  g_assert_cmpint (tk_test_count (store, "SELECT sum (game_id) FROM not_interested"), ==, 4);
  g_assert_cmpint (tk_test_count (store, "SELECT marked_at FROM not_interested WHERE game_id = 1"),
                   ==, 1000);
  g_assert_true (tk_store_exec (store,
                                "INSERT OR REPLACE INTO collection (game_id, not_interested)"
                                "  VALUES (1, 0), (3, 0), (5, 0);", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM not_interested"), ==, 0);
}

/* Another program's database is refused before anything is written: same bytes, no WAL,
 * no backup, however often it is tried. */
static void
test_refuse_foreign (Fixture       *f,
                     gconstpointer  data)
{
  const char *const only_it[] = { "library.db", NULL };
  static const char *const setups[] = {
    /* its own tables, user_version 0: was "upgraded" in place */
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('x');",
    /* its own tables and a version of its own: was refused but rewritten and copied */
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); PRAGMA user_version = 1;",
    "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT); PRAGMA user_version = 3;",
    /* another program's application_id */
    "CREATE TABLE settings (key, value); PRAGMA application_id = 1598903374;",
    /* no id and a version no Tablekeeper library without one ever had */
    "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT); PRAGMA user_version = 6;",
  };

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_unlink (f->path);
      raw_exec (f->path, setups[i]);
      for (guint attempt = 0; attempt < 3; attempt++)
        assert_refused_unchanged (f, TK_STORE_ERROR_FOREIGN);
      assert_dir_holds_only (f->dir, only_it);
    }

  /* In WAL mode too (the -wal and -shm stay as they were: none). */
  g_unlink (f->path);
  raw_exec (f->path, "PRAGMA journal_mode = WAL; CREATE TABLE notes (x); INSERT INTO notes VALUES (1);");
  assert_refused_unchanged (f, TK_STORE_ERROR_FOREIGN);
  assert_dir_holds_only (f->dir, only_it);
}

/* An empty file may become a library, and says so. */
static void
test_empty_file (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;

  g_file_set_contents (f->path, "", 0, &error);
  g_assert_no_error (error);
  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_store_get_made_from_empty (store));
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_clear_object (&store);

  /* Once made, it is an ordinary library. */
  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_false (tk_store_get_made_from_empty (store));
}

/* ---- busy: another process holds the library locked ---- */

static const char *self_exe;

static void G_GNUC_NORETURN
hold_lock_child (const char *path)
{
  sqlite3 *db = NULL;
  char byte;

  if (sqlite3_open (path, &db) != SQLITE_OK ||
      sqlite3_exec (db, "BEGIN EXCLUSIVE", NULL, NULL, NULL) != SQLITE_OK)
    _exit (3);
  if (write (STDOUT_FILENO, "L", 1) != 1)
    _exit (4);
  /* Until the parent closes our stdin. */
  while (read (STDIN_FILENO, &byte, 1) > 0)
    ;
  sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (db);
  _exit (0);
}

static void
test_busy (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (f->path, &error);
  g_autoptr(GBytes) before = NULL;
  g_autofree char *pid_text = NULL;
  const char *child_argv[] = { self_exe, "--hold-lock", f->path, NULL };
  int in_fd, out_fd;
  GPid child;
  char byte;
  gint64 start;
  int status;

  g_assert_no_error (error);
  g_clear_object (&store);
  /* A library in rollback-journal mode (as a copy made by another tool may be). */
  raw_exec (f->path, "PRAGMA journal_mode = DELETE;");
  before = read_bytes (f->path);

  g_spawn_async_with_pipes (NULL, (char **) child_argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                            NULL, &child, &in_fd, &out_fd, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (read (out_fd, &byte, 1), ==, 1);

  start = g_get_monotonic_time ();
  store = tk_store_open_full (f->path, TK_STORE_OPEN_DEFAULT, 300, &error);
  g_assert_null (store);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_BUSY);
  /* It waited, but only as long as asked. */
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 250 * 1000);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
  /* Who holds it: the program's name and process id. */
  pid_text = g_strdup_printf ("(process %d)", (int) child);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, pid_text));
  g_assert_nonnull (strstr (error->message, "test-store"));
  g_clear_error (&error);
  assert_bytes_unchanged (f->path, before);

  /* Once the other program lets go, the library opens. */
  close (in_fd);
  waitpid (child, &status, 0);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  close (out_fd);
  store = tk_store_open_full (f->path, TK_STORE_OPEN_DEFAULT, 300, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
}

/* ---- a full disk ---- */

static void
test_full_disk (Fixture       *f,
                gconstpointer  data)
{
  const char *const nothing[] = { NULL };
  const char *const only_it[] = { "library.db", NULL };
  const char *const upgraded[] = { "library.db", "library.db.v1-backup", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autofree char *sql = fixture_sql ("library-v1.sql");

  /* A new library on a full disk: the error says so and nothing is left behind (no
   * schema-less library.db to be taken for a library later). */
  for (gint64 space = 0; space <= 16384; space += 4096)
    {
      tk_test_set_disk_space (space);
      store = tk_store_open (f->path, &error);
      tk_test_set_disk_space (-1);
      g_assert_null (store);
      g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FULL);
      g_assert_nonnull (strstr (error->message, "disk is full"));
      g_clear_error (&error);
      assert_dir_holds_only (f->dir, nothing);
    }

  /* An empty file stays empty. */
  g_file_set_contents (f->path, "", 0, &error);
  tk_test_set_disk_space (4096);
  store = tk_store_open (f->path, &error);
  tk_test_set_disk_space (-1);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FULL);
  g_clear_error (&error);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (raw_query_int (f->path, "SELECT count(*) FROM sqlite_schema"), ==, 0);
  assert_dir_holds_only (f->dir, only_it);
  g_unlink (f->path);

  /* An old library that needs an upgrade: no partial backup, the file as it was. */
  raw_exec (f->path, sql);
  before = read_bytes (f->path);
  tk_test_set_disk_space (0);
  store = tk_store_open (f->path, &error);
  tk_test_set_disk_space (-1);
  g_assert_null (store);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FULL);
  g_clear_error (&error);
  assert_bytes_unchanged (f->path, before);
  assert_dir_holds_only (f->dir, only_it);

  /* With room again, it upgrades. */
  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 2);
  g_clear_object (&store);
  g_clear_pointer (&before, g_bytes_unref);

  /* A library closed cleanly (no -wal, no -shm), opened on a full disk, to read or as the
   * app does: SQLite's shared-memory index cannot grow.  The full-disk message, and no
   * empty -wal or 3-byte -shm left behind. */
  assert_dir_holds_only (f->dir, upgraded);
  before = read_bytes (f->path);
  for (guint i = 0; i < 2; i++)
    {
      tk_test_set_disk_space (0);
      store = tk_store_open_full (f->path, i == 0 ? TK_STORE_OPEN_READ_ONLY : TK_STORE_OPEN_DEFAULT,
                                  0, &error);
      tk_test_set_disk_space (-1);
      g_assert_null (store);
      g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FULL);
      g_assert_nonnull (strstr (error->message, "disk is full"));
      g_clear_error (&error);
      assert_bytes_unchanged (f->path, before);
      assert_dir_holds_only (f->dir, upgraded);
    }

  /* With room again, it opens both ways. */
  store = tk_store_open_full (f->path, TK_STORE_OPEN_READ_ONLY, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 2);
  g_clear_object (&store);
  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 2);
}

/* ---- read-only ---- */

static void
test_read_only (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (f->path, &error);
  g_autoptr(GBytes) before = NULL;
  g_autofree char *why = NULL;
  g_autofree char *copy_dir = g_build_filename (f->dir, "elsewhere", NULL);
  g_autofree char *ro_dir = g_build_filename (f->dir, "stick", NULL);
  g_autofree char *ro_path = g_build_filename (ro_dir, "library.db", NULL);
  g_autofree char *copy_path = g_build_filename (copy_dir, "library.db", NULL);
  const char *const only_it[] = { "library.db", NULL };

  g_assert_no_error (error);
  g_assert_true (tk_store_exec (store, "INSERT INTO players (name) VALUES ('Ana')", &error));
  g_clear_object (&store);
  g_mkdir (ro_dir, 0755);
  g_mkdir (copy_dir, 0755);
  g_rename (f->path, ro_path);
  before = read_bytes (ro_path);

  if (!tk_test_make_read_only (ro_dir, &why))
    {
      g_test_skip (why);
      return;
    }

  /* Opening it as usual says it is read-only, and changes nothing. */
  store = tk_store_open (ro_path, &error);
  g_assert_null (store);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);

  /* Opened read-only, it can be browsed; every write is refused with a clear message. */
  store = tk_store_open_full (ro_path, TK_STORE_OPEN_READ_ONLY, 1000, &error);
  g_assert_no_error (error);
  g_assert_true (tk_store_is_read_only (store));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Ana'"), ==, 1);
  g_assert_true (tk_store_begin (store, &error));
  g_assert_false (tk_store_exec (store, "INSERT INTO players (name) VALUES ('Ben')", &error));
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_clear_error (&error);
  tk_store_rollback (store);
  g_clear_object (&store);

  /* Or copied elsewhere, where it is an ordinary library. */
  g_assert_true (tk_store_copy_file (ro_path, copy_path, &error));
  g_assert_no_error (error);
  store = tk_store_open (copy_path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_store_exec (store, "INSERT INTO players (name) VALUES ('Ben')", &error));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 2);
  g_clear_object (&store);

  tk_test_make_writable (ro_dir);
  assert_bytes_unchanged (ro_path, before);
  assert_dir_holds_only (ro_dir, only_it);
}

/* ---- upgrade backups ---- */

/* A retried upgrade neither piles up backups nor leaves a partial one under the name. */
static void
test_backup_retry (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *sql = fixture_sql ("library-v1.sql");
  g_autofree char *partial = g_strconcat (f->path, ".v1-backup.partial", NULL);
  g_autofree char *backup = g_strconcat (f->path, ".v1-backup", NULL);
  const char *const expected[] = { "library.db", "library.db.v1-backup", NULL };

  raw_exec (f->path, sql);
  /* Step 2 fails (a table in its way), three times over; and a kill left a partial copy. */
  raw_exec (f->path, "CREATE TABLE plays (x);");
  g_file_set_contents (partial, "half a copy", -1, &error);
  for (guint i = 0; i < 3; i++)
    {
      store = tk_store_open (f->path, &error);
      g_assert_null (store);
      g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_MIGRATION);
      g_clear_error (&error);
      assert_dir_holds_only (f->dir, expected);
    }
  g_assert_cmpint (raw_query_int (backup, "SELECT count(*) FROM games"), ==, 2);
  g_assert_cmpint (raw_query_int (backup, "PRAGMA user_version"), ==, 1);
}

static void G_GNUC_NORETURN
upgrade_child (const char *path)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = tk_store_open (path, &error);

  if (store == NULL)
    {
      g_printerr ("%s\n", error->message);
      _exit (3);
    }
  g_object_unref (store);
  _exit (0);
}

static void
make_big_v1_library (const char *path,
                     guint       n_games)
{
  g_autofree char *sql = fixture_sql ("library-v1.sql");
  g_autofree char *rows = g_strdup_printf (
    "WITH RECURSIVE n (i) AS (SELECT 3 UNION ALL SELECT i + 1 FROM n WHERE i < %u) "
    "INSERT INTO games (id, title, notes) SELECT i, 'Game ' || i, hex (randomblob (200)) FROM n;",
    n_games + 2);

  raw_exec (path, sql);
  raw_exec (path, rows);
  raw_exec (path, "PRAGMA journal_mode = WAL;");
}

/* The upgrade (backup, then each step) killed with SIGKILL at random moments: the library
 * is always whole, a backup under its name is always complete, and retries leave no
 * numbered copies. */
static void
test_upgrade_kill (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1414);
  g_autofree char *pristine = g_build_filename (f->dir, "pristine.db", NULL);
  g_autoptr(GBytes) pristine_bytes = NULL;
  const guint n_games = 20000;
  guint rounds = g_test_slow () ? 60 : 20;
  guint killed_before_backup = 0, killed_after_backup = 0, finished = 0;
  gint64 full_time;

  make_big_v1_library (pristine, n_games);
  pristine_bytes = read_bytes (pristine);

  /* How long an upgrade takes here, so the kills fall within it. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TkStore) store = NULL;
    gint64 start;

    g_file_set_contents (f->path, g_bytes_get_data (pristine_bytes, NULL),
                         g_bytes_get_size (pristine_bytes), &error);
    start = g_get_monotonic_time ();
    store = tk_store_open (f->path, &error);
    full_time = g_get_monotonic_time () - start;
    g_assert_no_error (error);
    g_test_message ("an upgrade of %u games takes %.1f ms", n_games, full_time / 1000.0);
  }

  for (guint round = 0; round < rounds; round++)
    {
      const char *child_argv[] = { self_exe, "--upgrade-child", f->path, NULL };
      g_autoptr(GError) error = NULL;
      g_autoptr(GDir) dir = NULL;
      const char *name;
      GPid child;
      int status;
      int version;

      /* Every few rounds, start again from the old library (a new upgrade to cut short). */
      if (round % 4 == 0)
        {
          remove_tree (f->dir);
          g_mkdir (f->dir, 0700);
          g_file_set_contents (f->path, g_bytes_get_data (pristine_bytes, NULL),
                               g_bytes_get_size (pristine_bytes), &error);
          g_assert_no_error (error);
        }

      g_spawn_async (NULL, (char **) child_argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                     &child, &error);
      g_assert_no_error (error);
      g_usleep (g_rand_int_range (rand, 0, (gint32) MAX (full_time * 3 / 2, 1000)));
      kill (child, SIGKILL);
      waitpid (child, &status, 0);
      if (WIFEXITED (status))
        {
          g_assert_cmpint (WEXITSTATUS (status), ==, 0);
          finished++;
        }

      /* Only the library, its journal files and complete backups (maybe one .partial). */
      dir = g_dir_open (f->dir, 0, NULL);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *full = g_build_filename (f->dir, name, NULL);
          int backup_version = 0;

          if (g_str_equal (name, "library.db") || g_str_equal (name, "library.db-wal") ||
              g_str_equal (name, "library.db-shm") || g_str_has_suffix (name, ".partial") ||
              g_str_has_suffix (name, ".partial-journal"))
            continue;
          if (sscanf (name, "library.db.v%d-backup", &backup_version) != 1 ||
              !g_str_has_suffix (name, "-backup"))
            g_error ("Unexpected file after a kill: %s", name);
          g_assert_cmpint (raw_query_int (full, "PRAGMA user_version"), ==, backup_version);
          g_assert_cmpint (raw_query_int (full, "SELECT count(*) FROM games"), ==, n_games + 2);
          g_assert_cmpint (raw_query_int (full, "SELECT count(*) FROM pragma_integrity_check "
                                                "WHERE integrity_check <> 'ok'"), ==, 0);
        }
      {
        g_autofree char *backup = g_strconcat (f->path, ".v1-backup", NULL);
        if (g_file_test (backup, G_FILE_TEST_EXISTS))
          killed_after_backup++;
        else
          killed_before_backup++;
      }

      /* The library itself: whole, at some version, every game there. */
      version = (int) raw_query_int (f->path, "PRAGMA user_version");
      g_assert_cmpint (version, >=, 1);
      g_assert_cmpint (version, <=, TK_STORE_SCHEMA_VERSION);
      g_assert_cmpint (raw_query_int (f->path, "SELECT count(*) FROM games"), ==, n_games + 2);
      g_assert_cmpint (raw_query_int (f->path, "SELECT count(*) FROM pragma_integrity_check "
                                               "WHERE integrity_check <> 'ok'"), ==, 0);
    }

  /* And it always finishes the upgrade in the end. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TkStore) store = tk_store_open (f->path, &error);

    g_assert_no_error (error);
    g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
    g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, n_games + 2);
  }
  g_test_message ("%u kills: %u before the backup was complete, %u after it; %u upgrades "
                  "finished first", rounds, killed_before_backup, killed_after_backup, finished);
  g_assert_cmpuint (killed_before_backup + killed_after_backup, >, finished);
}

/* ---- crash: a writer killed with SIGKILL at random moments ---- */

#define ROWS_PER_TXN 7

static void G_GNUC_NORETURN
crash_child (const char *path,
             int         ack_fd,
             guint       first)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = tk_store_open (path, &error);
  sqlite3_stmt *stmt;

  if (store == NULL)
    _exit (3);
  stmt = tk_store_prepare (store, "INSERT INTO settings (key, value) VALUES (?1, ?2)", &error);
  if (stmt == NULL)
    _exit (4);

  for (guint txn = first; ; txn++)
    {
      if (!tk_store_begin (store, &error))
        _exit (5);
      for (guint row = 0; row < ROWS_PER_TXN; row++)
        {
          char key[64];

          g_snprintf (key, sizeof key, "k-%08u-%u", txn, row);
          sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
          sqlite3_bind_int (stmt, 2, txn);
          if (!tk_store_step_done (store, stmt, &error))
            _exit (6);
        }
      if (!tk_store_commit (store, &error))
        _exit (7);
      /* Only now is the transaction acknowledged. */
      if (write (ack_fd, &txn, sizeof txn) != sizeof txn)
        _exit (8);
    }
}

static void
test_crash (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  guint rounds = g_test_slow () ? 60 : 20;
  guint next_txn = 0;
  guint total_acked = 0;

  for (guint round = 0; round < rounds; round++)
    {
      int fds[1];
      pid_t pid;
      guint last_acked = G_MAXUINT;
      guint acked_this_round = 0;
      gint64 deadline;
      int status;

      /* The writer is this program run again (fork alone is unsafe once threads exist). */
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *first = g_strdup_printf ("%u", next_txn);
        const char *child_argv[] = { self_exe, "--crash-child", f->path, first, NULL };
        GPid child;

        g_spawn_async_with_pipes (NULL, (char **) child_argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                  NULL, NULL, &child, NULL, &fds[0], NULL, &error);
        g_assert_no_error (error);
        pid = child;
      }

      /* Read acknowledgements for a random while, then pull the plug. */
      deadline = g_get_monotonic_time () + g_rand_int_range (rand, 2000, 60000);
      while (g_get_monotonic_time () < deadline)
        {
          guint txn;
          ssize_t n = read (fds[0], &txn, sizeof txn);

          if (n != sizeof txn)
            break;
          last_acked = txn;
          acked_this_round++;
        }
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
      g_assert_true (WIFSIGNALED (status));
      /* Acknowledgements still in the pipe were sent before the kill: they count too. */
      {
        guint txn;
        while (read (fds[0], &txn, sizeof txn) == sizeof txn)
          {
            last_acked = txn;
            acked_this_round++;
          }
      }
      close (fds[0]);
      total_acked += acked_this_round;

      /* Reopen: valid, every acknowledged transaction whole, no partial one. */
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(TkStore) store = tk_store_open (f->path, &error);
        sqlite3_stmt *stmt;
        gint64 committed_txns;

        g_assert_no_error (error);
        stmt = tk_store_prepare (store, "PRAGMA integrity_check", &error);
        g_assert_no_error (error);
        g_assert_cmpint (tk_store_step (store, stmt, &error), ==, SQLITE_ROW);
        g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
        sqlite3_reset (stmt);

        g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM (SELECT value FROM settings "
                                            "GROUP BY value HAVING count(*) <> 7)"), ==, 0);
        committed_txns = tk_test_count (store, "SELECT count(DISTINCT value) FROM settings");
        if (last_acked != G_MAXUINT)
          {
            g_assert_cmpint (committed_txns, >=, (gint64) last_acked + 1);
            next_txn = last_acked + 1;
          }
        /* At most one transaction more than acknowledged: committed, killed before the ack. */
        next_txn = MAX (next_txn, (guint) committed_txns);
        g_assert_cmpint (tk_test_count (store, "SELECT count(DISTINCT value) FROM settings"), ==,
                         tk_test_count (store, "SELECT max(CAST (value AS INTEGER)) + 1 FROM settings"));
      }
    }

  g_test_message ("%u transactions acknowledged over %u kills", total_acked, rounds);
  g_assert_cmpuint (total_acked, >, 0);
}

/* A link to a library on a card that is not plugged in: refused with its target named, the
 * link left as the user made it, nothing created at either end (the read-only open too). */
static void
test_dangling_link (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *stick = g_build_filename (f->dir, "stick", NULL);
  g_autofree char *target = g_build_filename (stick, "tablekeeper", "library.db", NULL);
  g_autofree char *read_back = NULL;
  TkStore *store;
  GStatBuf st;

  g_assert_cmpint (symlink (target, f->path), ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      store = tk_store_open_full (f->path, i == 0 ? TK_STORE_OPEN_DEFAULT : TK_STORE_OPEN_READ_ONLY,
                                  0, &error);
      g_assert_null (store);
      g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN);
      g_assert_nonnull (strstr (error->message, target));
      g_clear_error (&error);
      /* the link is still a link to the same place, and nothing was made there or here */
      g_assert_cmpint (g_lstat (f->path, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      read_back = g_file_read_link (f->path, NULL);
      g_assert_cmpstr (read_back, ==, target);
      g_clear_pointer (&read_back, g_free);
      g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (stick, G_FILE_TEST_EXISTS));
    }
}

int
main (int    argc,
      char **argv)
{
  if (argc == 4 && g_str_equal (argv[1], "--crash-child"))
    crash_child (argv[2], STDOUT_FILENO, (guint) g_ascii_strtoull (argv[3], NULL, 10));
  if (argc == 3 && g_str_equal (argv[1], "--hold-lock"))
    hold_lock_child (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "--upgrade-child"))
    upgrade_child (argv[2]);

  self_exe = argv[0];
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store/create", test_create);
  ADD ("/store/reopen", test_reopen);
  ADD ("/store/migrate/v0", test_migrate_v0);
  ADD ("/store/migrate/v1-fixture", test_migrate_v1);
  ADD ("/store/migrate/failure-keeps-old", test_migrate_failure_keeps_old);
  ADD ("/store/migrate/v10-not-interested", test_migrate_v10_not_interested);
  ADD ("/store/refuse/newer-version", test_refuse_newer);
  ADD ("/store/refuse/random-bytes", test_refuse_random);
  ADD ("/store/refuse/damaged", test_refuse_damaged);
  ADD ("/store/refuse/folder", test_refuse_folder);
  ADD ("/store/transactions", test_transactions);
  ADD ("/store/run-async", test_run_async);
  ADD ("/store/set-aside", test_set_aside);
  ADD ("/store/crash-sigkill", test_crash);
  ADD ("/store/identity/application-id", test_identity);
  ADD ("/store/identity/in-wal", test_identity_in_wal);
  ADD ("/store/refuse/foreign", test_refuse_foreign);
  ADD ("/store/refuse/foreign-in-wal", test_refuse_foreign_in_wal);
  ADD ("/store/empty-file", test_empty_file);
  ADD ("/store/busy", test_busy);
  ADD ("/store/full-disk", test_full_disk);
  ADD ("/store/read-only", test_read_only);
  ADD ("/store/dangling-link", test_dangling_link);
  ADD ("/store/backup/retry", test_backup_retry);
  ADD ("/store/backup/upgrade-sigkill", test_upgrade_kill);
#undef ADD

  return g_test_run ();
}
