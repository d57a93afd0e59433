/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c — the library file: create, reopen, migrate, transactions, who it says it is.
 * What is refused is in test-store-refuse.c, what it survives in test-store-survive.c. */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-store.h"
#include "tk-store-schema.h"
#include "tk-test-store-file.h"
#include "tk-test-store.h"

typedef TkTestStoreFile Fixture;

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

static void
test_migrate_v0 (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;

  /* A database that has never been versioned: no tables, user_version 0, but a real file. */
  tk_test_raw_exec (f->path, "PRAGMA page_size = 4096; VACUUM;");
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
  g_autofree char *sql = tk_test_fixture_sql ("library-v1.sql");

  tk_test_raw_exec (f->path, sql);

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
  g_autofree char *sql = tk_test_fixture_sql ("library-v1.sql");
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  /* A table in the way of step 2 makes that step fail half way. */
  tk_test_raw_exec (f->path, sql);
  tk_test_raw_exec (f->path, "CREATE TABLE plays (x);");

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

/* New and upgraded libraries say they are Tablekeeper's. */
static void
test_identity (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (f->path, &error);
  g_autofree char *old = g_build_filename (f->dir, "old.db", NULL);
  g_autofree char *sql = tk_test_fixture_sql ("library-v1.sql");

  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "PRAGMA application_id"), ==, TK_STORE_APPLICATION_ID);
  g_assert_false (tk_store_get_made_from_empty (store));
  g_clear_object (&store);
  g_assert_cmpint (tk_test_raw_query_int (f->path, "PRAGMA application_id"), ==, TK_STORE_APPLICATION_ID);

  /* A library from before format 6 is recognised by its tables and gets the id. */
  tk_test_raw_exec (old, sql);
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

      tk_test_remove_tree (f->dir);
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, tk_test_store_file_set_up, func, \
                                   tk_test_store_file_tear_down)
  ADD ("/store/create", test_create);
  ADD ("/store/reopen", test_reopen);
  ADD ("/store/migrate/v0", test_migrate_v0);
  ADD ("/store/migrate/v1-fixture", test_migrate_v1);
  ADD ("/store/migrate/failure-keeps-old", test_migrate_failure_keeps_old);
  ADD ("/store/migrate/v10-not-interested", test_migrate_v10_not_interested);
  ADD ("/store/transactions", test_transactions);
  ADD ("/store/run-async", test_run_async);
  ADD ("/store/identity/application-id", test_identity);
  ADD ("/store/identity/in-wal", test_identity_in_wal);
  ADD ("/store/empty-file", test_empty_file);
#undef ADD

  return g_test_run ();
}
