/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-refuse.c — what is not a library, or not Tablekeeper's, or not there: refused with
 * its file left byte for byte as it was, or set aside under a new name. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "tk-store.h"
#include "tk-test-store-file.h"
#include "tk-test-store.h"

typedef TkTestStoreFile Fixture;

static void
assert_refused_unchanged (Fixture      *f,
                          TkStoreError  expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = tk_test_read_bytes (f->path);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);

  store = tk_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, TK_STORE_ERROR, (int) expected);
  /* The message names the file, for the dialog and the CLI. */
  g_assert_nonnull (strstr (error->message, f->path));

  after = tk_test_read_bytes (f->path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
}

static void
test_refuse_newer (Fixture       *f,
                   gconstpointer  data)
{
  tk_test_raw_exec (f->path, "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT);"
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
  tk_test_raw_exec (f->path, "PRAGMA journal_mode = DELETE; CREATE TABLE t (x); INSERT INTO t VALUES (1);");
  good = tk_test_read_bytes (f->path);
  len = g_bytes_get_size (good);
  bad = g_memdup2 (g_bytes_get_data (good, NULL), len);
  for (gsize i = 100; i < len; i++)
    bad[i] = (guint8) (i * 7 + 3);
  g_file_set_contents (f->path, (const char *) bad, len, &error);
  g_assert_no_error (error);

  {
    g_autoptr(GBytes) before = tk_test_read_bytes (f->path);
    g_autoptr(GBytes) after = NULL;
    g_autoptr(TkStore) store = tk_store_open (f->path, &error);

    g_assert_null (store);
    g_assert_nonnull (error);
    g_assert_true (error->domain == TK_STORE_ERROR);
    g_assert_true (error->code == TK_STORE_ERROR_CORRUPT ||
                   error->code == TK_STORE_ERROR_NOT_A_DATABASE);
    after = tk_test_read_bytes (f->path);
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
      tk_test_raw_exec (f->path, setups[i]);
      for (guint attempt = 0; attempt < 3; attempt++)
        assert_refused_unchanged (f, TK_STORE_ERROR_FOREIGN);
      tk_test_assert_dir_holds_only (f->dir, only_it);
    }

  /* In WAL mode too (the -wal and -shm stay as they were: none). */
  g_unlink (f->path);
  tk_test_raw_exec (f->path, "PRAGMA journal_mode = WAL; CREATE TABLE notes (x); INSERT INTO notes VALUES (1);");
  assert_refused_unchanged (f, TK_STORE_ERROR_FOREIGN);
  tk_test_assert_dir_holds_only (f->dir, only_it);
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

      tk_test_remove_tree (f->dir);
      g_mkdir (f->dir, 0700);
      g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
      sqlite3_db_config (db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
      g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), ==,
                       SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (db, setups[i], NULL, NULL, NULL), ==, SQLITE_OK);
      sqlite3_close (db);
      g_assert_true (g_file_test (shm, G_FILE_TEST_EXISTS));
      db_before = tk_test_read_bytes (f->path);
      wal_before = tk_test_read_bytes (wal);
      shm_before = tk_test_read_bytes (shm);

      for (guint attempt = 0; attempt < 2; attempt++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(TkStore) store = NULL;

          store = tk_store_open_full (f->path, attempt == 0 ? TK_STORE_OPEN_DEFAULT
                                                           : TK_STORE_OPEN_READ_ONLY,
                                      0, &error);
          g_assert_null (store);
          g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FOREIGN);
          tk_test_assert_bytes_unchanged (f->path, db_before);
          tk_test_assert_bytes_unchanged (wal, wal_before);
          tk_test_assert_bytes_unchanged (shm, shm_before);
          tk_test_assert_dir_holds_only (f->dir, its_files);
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
          tk_test_assert_bytes_unchanged (f->path, db_before);
          tk_test_assert_bytes_unchanged (wal, wal_before);
          tk_test_assert_dir_holds_only (f->dir, without_shm);
        }
    }
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
  before = tk_test_read_bytes (f->path);

  moved = tk_store_set_aside (f->path, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_true (g_str_has_suffix (moved, ".db"));
  g_assert_nonnull (strstr (moved, ".unreadable-"));
  after = tk_test_read_bytes (moved);
  g_assert_true (g_bytes_equal (before, after));

  /* A second bad file in the same second gets its own name: nothing is overwritten. */
  g_file_set_contents (f->path, "another", -1, &error);
  again = tk_store_set_aside (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, !=, moved);
  g_assert_true (g_file_test (moved, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (again, G_FILE_TEST_EXISTS));
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
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, tk_test_store_file_set_up, func, \
                                   tk_test_store_file_tear_down)
  ADD ("/store/refuse/newer-version", test_refuse_newer);
  ADD ("/store/refuse/random-bytes", test_refuse_random);
  ADD ("/store/refuse/damaged", test_refuse_damaged);
  ADD ("/store/refuse/folder", test_refuse_folder);
  ADD ("/store/refuse/foreign", test_refuse_foreign);
  ADD ("/store/refuse/foreign-in-wal", test_refuse_foreign_in_wal);
  ADD ("/store/set-aside", test_set_aside);
  ADD ("/store/dangling-link", test_dangling_link);
#undef ADD

  return g_test_run ();
}
