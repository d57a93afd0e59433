/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store-open.c — opening the library: the connection, the backup before a migration,
 * the migrations, copies of the file and setting an unreadable file aside. */
#define G_LOG_DOMAIN "tk-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "tk-store-private.h"
#include "tk-display-title.h"
#include "tk-store-schema.h"
#include "tk-sync-log.h"


static gboolean
has_tables (TkStore *self)
{
  return tk_store_query_int (self, "SELECT count(*) FROM sqlite_schema", 0, NULL) > 0;
}

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *what,
                 const char  *path)
{
  TkStoreError code = TK_STORE_ERROR_FAILED;

  if (saved_errno == ENOSPC || saved_errno == EDQUOT)
    code = TK_STORE_ERROR_FULL;
  else if (saved_errno == EROFS || saved_errno == EACCES || saved_errno == EPERM)
    code = TK_STORE_ERROR_READ_ONLY;
  g_set_error (error, TK_STORE_ERROR, code, "%s “%s”: %s", what, path, g_strerror (saved_errno));
}

static gboolean
sync_path (const char  *path,
           gboolean     directory,
           GError     **error)
{
  int fd = open (path, (directory ? O_RDONLY | O_DIRECTORY : O_RDWR) | O_CLOEXEC);

  if (fd < 0 || fsync (fd) != 0)
    {
      int saved_errno = errno;

      if (fd >= 0)
        close (fd);
      set_errno_error (error, saved_errno, _("Could not write"), path);
      return FALSE;
    }
  close (fd);
  return TRUE;
}

/* Writes a consistent copy of @db to @target: first as “@target.partial”, synced, then
 * renamed over @target and the folder synced.  A copy cut short (full disk, a crash, a
 * kill) leaves at most the .partial file, which the next copy replaces; @target is only
 * ever absent, the old complete file or the new complete one. */
static gboolean
write_snapshot (sqlite3     *db,
                const char  *target,
                GError     **error)
{
  g_autofree char *partial = g_strconcat (target, ".partial", NULL);
  g_autofree char *dir = g_path_get_dirname (target);
  sqlite3_stmt *stmt = NULL;
  int rc;

  /* Left by a copy that was cut short: never complete, never anything else's.  Its
   * journal goes too, or SQLite would play it back into the new copy. */
  for (guint i = 0; i < G_N_ELEMENTS (_tk_store_sidecar_suffixes); i++)
    {
      g_autofree char *sidecar = g_strconcat (partial, _tk_store_sidecar_suffixes[i], NULL);
      g_unlink (sidecar);
    }
  if (g_unlink (partial) != 0 && errno != ENOENT)
    {
      set_errno_error (error, errno, _("Could not remove"), partial);
      return FALSE;
    }

  rc = sqlite3_prepare_v2 (db, "VACUUM INTO ?1", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, partial, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE && rc != SQLITE_OK)
    {
      _tk_store_set_sqlite_error (error, db, rc, _("Could not copy the library"));
      g_unlink (partial);
      return FALSE;
    }

  if (!sync_path (partial, FALSE, error))
    {
      g_unlink (partial);
      return FALSE;
    }
  if (g_rename (partial, target) != 0)
    {
      set_errno_error (error, errno, _("Could not write"), target);
      g_unlink (partial);
      return FALSE;
    }
  return sync_path (dir, TRUE, error);
}

/* A full copy of the library beside it, made before its schema changes.  Another attempt
 * at the same upgrade (after a crash or a refusal) replaces it rather than piling up
 * copies: the library itself has not changed format in between. */
static gboolean
make_backup (TkStore  *self,
             int       from_version,
             GError  **error)
{
  g_autofree char *target = g_strdup_printf ("%s.v%d-backup", self->path, from_version);

  if (!write_snapshot (self->db, target, error))
    {
      g_prefix_error (error, _("Could not make a backup before upgrading the library: "));
      return FALSE;
    }

  g_free (self->backup_path);
  self->backup_path = g_steal_pointer (&target);
  return TRUE;
}

static gboolean
migrate (TkStore  *self,
         GError  **error)
{
  const TkStoreMigration *steps;
  guint n_steps;

  steps = tk_store_schema_migrations (&n_steps);

  if (self->schema_version >= TK_STORE_SCHEMA_VERSION)
    return TRUE;

  if (self->path != NULL && has_tables (self) && !make_backup (self, self->schema_version, error))
    return FALSE;

  for (guint i = 0; i < n_steps; i++)
    {
      g_autofree char *bump = NULL;
      g_autoptr(GError) local_error = NULL;
      int code;

      if (steps[i].version <= self->schema_version)
        continue;

      bump = g_strdup_printf ("PRAGMA user_version = %d", steps[i].version);
      if (tk_store_begin (self, &local_error))
        {
          /* Another process may have upgraded the file since it was opened. */
          int now = (int) tk_store_query_int (self, "PRAGMA user_version", -1, &local_error);

          if (now >= steps[i].version)
            {
              tk_store_rollback (self);
              self->schema_version = now;
              continue;
            }
        }
      if (local_error != NULL ||
          !tk_store_exec (self, steps[i].sql, &local_error) ||
          !tk_store_exec (self, bump, &local_error) ||
          !tk_store_commit (self, &local_error))
        {
          tk_store_rollback (self);
          /* A busy, full or read-only file keeps saying so: the fix is not in the file. */
          code = local_error->code;
          if (local_error->domain != TK_STORE_ERROR ||
              (code != TK_STORE_ERROR_BUSY && code != TK_STORE_ERROR_FULL &&
               code != TK_STORE_ERROR_READ_ONLY))
            code = TK_STORE_ERROR_MIGRATION;
          g_set_error (error, TK_STORE_ERROR, code,
                       _("Could not upgrade the library to format %d: %s "
                         "The library was left at format %d."),
                       steps[i].version, local_error->message, self->schema_version);
          return FALSE;
        }
      self->schema_version = steps[i].version;
    }

  return TRUE;
}

/* Opens the connection; @path NULL means an in-memory library. */
TkStore *
_tk_store_open_connection (const char        *path,
                           TkStoreOpenFlags   flags,
                           guint              busy_timeout_ms,
                           gboolean           run_migrations,
                           GError           **error)
{
  g_autoptr(TkStore) self = g_object_new (TK_TYPE_STORE, NULL);
  gboolean read_only = (flags & TK_STORE_OPEN_READ_ONLY) != 0;
  int rc;
  int version;

  self->path = g_strdup (path);
  self->flags = flags;
  self->before_commit = tk_sync_log_flush;

  if (read_only)
    {
      g_return_val_if_fail (path != NULL, NULL);
      self->db = _tk_store_open_read_only_db (path, FALSE, error);
      if (self->db == NULL)
        return NULL;
    }
  else
    {
      rc = sqlite3_open_v2 (path != NULL ? path : ":memory:", &self->db,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                            NULL);
      if (rc != SQLITE_OK)
        {
          _tk_store_set_sqlite_error (error, self->db, rc, _("Could not open the library"));
          g_prefix_error (error, "%s: ", path);
          return NULL;
        }
      /* Until the file is known to be ours, closing must not checkpoint into it. */
      sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
    }
  sqlite3_busy_timeout (self->db, (int) busy_timeout_ms);
  sqlite3_extended_result_codes (self->db, 1);
  /* Lists sort by the title the user reads (tk-display-title.h), on every connection. */
  tk_display_title_register_sql (self->db);

  /* Reading the version parses the schema: a damaged file fails here, still untouched. */
  version = (int) tk_store_query_int (self, "PRAGMA user_version", -1, error);
  if (version < 0)
    {
      g_prefix_error (error, "%s: ", path != NULL ? path : ":memory:");
      return NULL;
    }
  if (version > TK_STORE_SCHEMA_VERSION)
    {
      _tk_store_set_newer_error (error, path, (guint32) version);
      return NULL;
    }
  self->schema_version = version;

  if (read_only)
    {
      if (version < TK_STORE_SCHEMA_VERSION)
        {
          g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY,
                       _("“%s” is read-only, and this version of Tablekeeper has to upgrade it "
                         "(from format %d to %d) before reading it. Copy it elsewhere to open "
                         "the copy."), path, version, TK_STORE_SCHEMA_VERSION);
          return NULL;
        }
      /* query_only: a write that gets past the read-only connection fails all the same. */
      if (!tk_store_exec (self, "PRAGMA query_only = ON", error) ||
          !tk_store_exec (self, "PRAGMA foreign_keys = ON", error) ||
          !tk_store_exec (self, "PRAGMA temp_store = MEMORY", error) ||
          !tk_store_exec (self, "PRAGMA cache_size = -16384", error))
        return NULL;
      sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
      return g_steal_pointer (&self);
    }

  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);

  /* WAL keeps readers and the writer apart; synchronous=FULL makes every commit durable
   * even if the battery dies right after it. */
  if ((path != NULL && !tk_store_exec (self, "PRAGMA journal_mode = WAL", error)) ||
      !tk_store_exec (self, "PRAGMA synchronous = FULL", error) ||
      !tk_store_exec (self, "PRAGMA foreign_keys = ON", error) ||
      !tk_store_exec (self, "PRAGMA temp_store = MEMORY", error) ||
      !tk_store_exec (self, "PRAGMA cache_size = -16384", error))
    return NULL;

  if (run_migrations && !migrate (self, error))
    return NULL;

  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  return g_steal_pointer (&self);
}

/**
 * tk_store_open_full:
 * @path: the library file; made when missing or empty
 * @flags: %TK_STORE_OPEN_READ_ONLY to browse a library that cannot be written
 * @busy_timeout_ms: how long to wait for another program's lock while opening
 * @error: why the library cannot be opened, with a %TK_STORE_ERROR code that says what
 *   the user can do: %TK_STORE_ERROR_BUSY (wait, try again), %TK_STORE_ERROR_FULL,
 *   %TK_STORE_ERROR_READ_ONLY (open read-only or copy), %TK_STORE_ERROR_FOREIGN,
 *   %TK_STORE_ERROR_NEWER_VERSION, %TK_STORE_ERROR_NOT_A_DATABASE, %TK_STORE_ERROR_CORRUPT…
 *
 * A file that is refused is left byte for byte as it was.
 *
 * Returns: (transfer full) (nullable): the open library
 */
TkStore *
tk_store_open_full (const char        *path,
                    TkStoreOpenFlags   flags,
                    guint              busy_timeout_ms,
                    GError           **error)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) local_error = NULL;
  FileInfo info = { 0 };
  TkStore *store;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                   _("“%s” is a folder, not a library file."), path);
      return NULL;
    }
  /* A link whose target is missing (a card or a disk not plugged in) is the user's: it is
   * neither removed nor replaced by a new library beside it. */
  if (g_file_test (path, G_FILE_TEST_IS_SYMLINK) && !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *target = g_file_read_link (path, NULL);

      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                   _("“%s” is a link to “%s”, which is not there (a disk or card that is not "
                     "plugged in?). Nothing was changed."),
                   path, target != NULL ? target : "?");
      return NULL;
    }

  if (!_tk_store_inspect_file (path, &info, error))
    return NULL;

  if (flags & TK_STORE_OPEN_READ_ONLY)
    {
      if (!info.exists || info.empty)
        {
          g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                       _("“%s” holds no library to read."), path);
          return NULL;
        }
      store = _tk_store_open_connection (path, flags, busy_timeout_ms, TRUE, &local_error);
      if (store == NULL && g_error_matches (local_error, TK_STORE_ERROR, TK_STORE_ERROR_FULL))
        _tk_store_undo_full_disk (path, &info);
      if (store == NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      return store;
    }

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, TK_STORE_ERROR,
                   saved_errno == EROFS || saved_errno == EACCES ? TK_STORE_ERROR_READ_ONLY
                   : saved_errno == ENOSPC ? TK_STORE_ERROR_FULL : TK_STORE_ERROR_OPEN,
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return NULL;
    }

  if (!_tk_store_check_writable (path, info.exists, error))
    return NULL;

  store = _tk_store_open_connection (path, flags, busy_timeout_ms, TRUE, &local_error);
  /* Busy means another process has the file open: it may be making this very library, so
   * what is there now is not this open's to take away. */
  if (store == NULL &&
      !g_error_matches (local_error, TK_STORE_ERROR, TK_STORE_ERROR_BUSY))
    _tk_store_undo_creation (path, &info);
  if (store == NULL && info.exists && !info.zero_bytes &&
      g_error_matches (local_error, TK_STORE_ERROR, TK_STORE_ERROR_FULL))
    _tk_store_undo_full_disk (path, &info);
  if (store == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    store->made_from_empty = info.exists && info.empty;
  return store;
}

TkStore *
tk_store_open (const char  *path,
               GError     **error)
{
  return tk_store_open_full (path, TK_STORE_OPEN_DEFAULT, BUSY_TIMEOUT_MS, error);
}

TkStore *
tk_store_open_memory (GError **error)
{
  return _tk_store_open_connection (NULL, TK_STORE_OPEN_DEFAULT, BUSY_TIMEOUT_MS, TRUE, error);
}

TkStore *
tk_store_open_secondary (TkStore  *primary,
                         GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (primary), NULL);

  if (primary->path == NULL)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   "An in-memory library has no second connection");
      return NULL;
    }
  return _tk_store_open_connection (primary->path, primary->flags, BUSY_TIMEOUT_MS, FALSE, error);
}

gboolean
tk_store_copy_file (const char  *source,
                    const char  *target,
                    GError     **error)
{
  g_autoptr(GFile) source_file = g_file_new_for_path (source);
  g_autoptr(GFile) target_file = g_file_new_for_path (target);
  sqlite3 *db;
  gboolean ok;

  g_return_val_if_fail (source != NULL && target != NULL, FALSE);

  if (g_file_equal (source_file, target_file))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                   _("A library cannot be copied onto itself."));
      return FALSE;
    }

  db = _tk_store_open_read_only_db (source, FALSE, error);
  if (db == NULL)
    return FALSE;
  sqlite3_busy_timeout (db, BUSY_TIMEOUT_MS);
  ok = write_snapshot (db, target, error);
  sqlite3_close (db);
  if (!ok)
    g_prefix_error (error, _("Could not copy the library to “%s”: "), target);
  return ok;
}

char *
tk_store_set_aside (const char  *path,
                    GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = NULL;
  g_autofree char *target = NULL;
  static const char *const sidecars[] = { "-wal", "-shm" };
  guint n = 1;

  g_return_val_if_fail (path != NULL, NULL);

  base = g_str_has_suffix (path, ".db") ? g_strndup (path, strlen (path) - 3) : g_strdup (path);
  target = g_strdup_printf ("%s.unreadable-%s.db", base, stamp);
  while (g_file_test (target, G_FILE_TEST_EXISTS))
    {
      g_free (target);
      target = g_strdup_printf ("%s.unreadable-%s-%u.db", base, stamp, ++n);
    }

  if (g_rename (path, target) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                   _("Could not rename “%s”: %s"), path, g_strerror (saved_errno));
      return NULL;
    }

  /* The journal files belong to the file they came with. */
  for (guint i = 0; i < G_N_ELEMENTS (sidecars); i++)
    {
      g_autofree char *from = g_strconcat (path, sidecars[i], NULL);
      g_autofree char *to = g_strconcat (target, sidecars[i], NULL);

      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }

  return g_steal_pointer (&target);
}
