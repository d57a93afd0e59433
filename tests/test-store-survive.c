/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store-survive.c — the library on a hostile machine: another program holding its lock,
 * a full disk, a read-only folder, upgrades and writers killed with SIGKILL. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tk-store.h"
#include "tk-test-library-env.h"
#include "tk-test-store-file.h"
#include "tk-test-store.h"

typedef TkTestStoreFile Fixture;

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
  tk_test_raw_exec (f->path, "PRAGMA journal_mode = DELETE;");
  before = tk_test_read_bytes (f->path);

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
  tk_test_assert_bytes_unchanged (f->path, before);

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
  g_autofree char *sql = tk_test_fixture_sql ("library-v1.sql");

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
      tk_test_assert_dir_holds_only (f->dir, nothing);
    }

  /* An empty file stays empty. */
  g_file_set_contents (f->path, "", 0, &error);
  tk_test_set_disk_space (4096);
  store = tk_store_open (f->path, &error);
  tk_test_set_disk_space (-1);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FULL);
  g_clear_error (&error);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (tk_test_raw_query_int (f->path, "SELECT count(*) FROM sqlite_schema"), ==, 0);
  tk_test_assert_dir_holds_only (f->dir, only_it);
  g_unlink (f->path);

  /* An old library that needs an upgrade: no partial backup, the file as it was. */
  tk_test_raw_exec (f->path, sql);
  before = tk_test_read_bytes (f->path);
  tk_test_set_disk_space (0);
  store = tk_store_open (f->path, &error);
  tk_test_set_disk_space (-1);
  g_assert_null (store);
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FULL);
  g_clear_error (&error);
  tk_test_assert_bytes_unchanged (f->path, before);
  tk_test_assert_dir_holds_only (f->dir, only_it);

  /* With room again, it upgrades. */
  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 2);
  g_clear_object (&store);
  g_clear_pointer (&before, g_bytes_unref);

  /* A library closed cleanly (no -wal, no -shm), opened on a full disk, to read or as the
   * app does: SQLite's shared-memory index cannot grow.  The full-disk message, and no
   * empty -wal or 3-byte -shm left behind. */
  tk_test_assert_dir_holds_only (f->dir, upgraded);
  before = tk_test_read_bytes (f->path);
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
      tk_test_assert_bytes_unchanged (f->path, before);
      tk_test_assert_dir_holds_only (f->dir, upgraded);
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
  before = tk_test_read_bytes (ro_path);

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
  tk_test_assert_bytes_unchanged (ro_path, before);
  tk_test_assert_dir_holds_only (ro_dir, only_it);
}

/* ---- upgrade backups ---- */

/* A retried upgrade neither piles up backups nor leaves a partial one under the name. */
static void
test_backup_retry (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *sql = tk_test_fixture_sql ("library-v1.sql");
  g_autofree char *partial = g_strconcat (f->path, ".v1-backup.partial", NULL);
  g_autofree char *backup = g_strconcat (f->path, ".v1-backup", NULL);
  const char *const expected[] = { "library.db", "library.db.v1-backup", NULL };

  tk_test_raw_exec (f->path, sql);
  /* Step 2 fails (a table in its way), three times over; and a kill left a partial copy. */
  tk_test_raw_exec (f->path, "CREATE TABLE plays (x);");
  g_file_set_contents (partial, "half a copy", -1, &error);
  for (guint i = 0; i < 3; i++)
    {
      store = tk_store_open (f->path, &error);
      g_assert_null (store);
      g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_MIGRATION);
      g_clear_error (&error);
      tk_test_assert_dir_holds_only (f->dir, expected);
    }
  g_assert_cmpint (tk_test_raw_query_int (backup, "SELECT count(*) FROM games"), ==, 2);
  g_assert_cmpint (tk_test_raw_query_int (backup, "PRAGMA user_version"), ==, 1);
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
  g_autofree char *sql = tk_test_fixture_sql ("library-v1.sql");
  g_autofree char *rows = g_strdup_printf (
    "WITH RECURSIVE n (i) AS (SELECT 3 UNION ALL SELECT i + 1 FROM n WHERE i < %u) "
    "INSERT INTO games (id, title, notes) SELECT i, 'Game ' || i, hex (randomblob (200)) FROM n;",
    n_games + 2);

  tk_test_raw_exec (path, sql);
  tk_test_raw_exec (path, rows);
  tk_test_raw_exec (path, "PRAGMA journal_mode = WAL;");
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
  pristine_bytes = tk_test_read_bytes (pristine);

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
          tk_test_remove_tree (f->dir);
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
          g_assert_cmpint (tk_test_raw_query_int (full, "PRAGMA user_version"), ==, backup_version);
          g_assert_cmpint (tk_test_raw_query_int (full, "SELECT count(*) FROM games"), ==, n_games + 2);
          g_assert_cmpint (tk_test_raw_query_int (full, "SELECT count(*) FROM pragma_integrity_check "
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
      version = (int) tk_test_raw_query_int (f->path, "PRAGMA user_version");
      g_assert_cmpint (version, >=, 1);
      g_assert_cmpint (version, <=, TK_STORE_SCHEMA_VERSION);
      g_assert_cmpint (tk_test_raw_query_int (f->path, "SELECT count(*) FROM games"), ==, n_games + 2);
      g_assert_cmpint (tk_test_raw_query_int (f->path, "SELECT count(*) FROM pragma_integrity_check "
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

#define ADD(name, func) g_test_add (name, Fixture, NULL, tk_test_store_file_set_up, func, \
                                   tk_test_store_file_tear_down)
  ADD ("/store/crash-sigkill", test_crash);
  ADD ("/store/busy", test_busy);
  ADD ("/store/full-disk", test_full_disk);
  ADD ("/store/read-only", test_read_only);
  ADD ("/store/backup/retry", test_backup_retry);
  ADD ("/store/backup/upgrade-sigkill", test_upgrade_kill);
#undef ADD

  return g_test_run ();
}
