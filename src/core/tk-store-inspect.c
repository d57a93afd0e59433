/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store-inspect.c — what a file is before it is opened as the library: its header,
 * its tables, another program's or a newer version, whether it can be written. */
#define G_LOG_DOMAIN "tk-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "tk-store-private.h"
#include "tk-store-schema.h"

#define SQLITE_HEADER "SQLite format 3"   /* 16 bytes with its NUL */
#define HEADER_SIZE 100

const char *const _tk_store_sidecar_suffixes[3] = { "-wal", "-shm", "-journal" };

static guint32
read_be32 (const guint8 *bytes)
{
  return ((guint32) bytes[0] << 24) | ((guint32) bytes[1] << 16)
       | ((guint32) bytes[2] << 8) | (guint32) bytes[3];
}

void
_tk_store_set_newer_error (GError     **error,
                           const char  *path,
                           guint32      version)
{
  g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_NEWER_VERSION,
               _("“%s” was written by a newer version of Tablekeeper (library format %u; "
                 "this version reads up to %d). It was left unchanged."),
               path, version, TK_STORE_SCHEMA_VERSION);
}

static void
set_foreign_error (GError     **error,
                   const char  *path)
{
  g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FOREIGN,
               _("“%s” is not a Tablekeeper library: it is another program’s database. "
                 "It was left unchanged."), path);
}

/* A URI for SQLite that opens @path for reading only, with @query after “mode=ro”. */
static char *
read_only_uri (const char *path,
               const char *query)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);

  return g_strconcat (uri, "?mode=ro", query, NULL);
}

static gboolean
folder_is_writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  return access (dir, W_OK) == 0;
}

static sqlite3 *
open_uri (const char  *path,
          const char  *query,
          GError     **error)
{
  g_autofree char *uri = read_only_uri (path, query);
  sqlite3 *db = NULL;
  int rc;

  rc = sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                        NULL);
  if (rc != SQLITE_OK)
    {
      _tk_store_set_sqlite_error (error, db, rc, _("Could not open the library"));
      g_prefix_error (error, "%s: ", path);
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_extended_result_codes (db, 1);
  return db;
}

/* Opens @path, whose -wal holds frames and which has no -shm, so that SQLite keeps its
 * index of the -wal in memory of its own and makes no -shm: exclusive locking mode, set
 * before the first read.  That takes a connection that may write; query_only and no
 * checkpoint on close keep it from writing (the file, the -wal) all the same.  NULL when
 * the file cannot be opened so (read-only) or a rollback journal is there (a connection
 * that may write would play it back). */
static sqlite3 *
open_without_shm (const char *path)
{
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *file_uri = g_filename_to_uri (absolute, NULL, NULL);
  g_autofree char *uri = g_strconcat (file_uri, "?mode=rw", NULL);
  sqlite3 *db = NULL;

  if (g_file_test (journal, G_FILE_TEST_EXISTS) || access (path, W_OK) != 0)
    return NULL;
  if (sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                       NULL) != SQLITE_OK)
    {
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_db_config (db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
  sqlite3_extended_result_codes (db, 1);
  if (sqlite3_exec (db, "PRAGMA locking_mode = EXCLUSIVE; PRAGMA query_only = ON", NULL, NULL,
                    NULL) != SQLITE_OK)
    {
      sqlite3_close (db);
      return NULL;
    }
  return db;
}

/* Opens @path read-only with SQLite.  @immutable: the file cannot change while it is open
 * (no locks, no -shm).  In a folder that cannot be written to, a WAL library with no -wal
 * left (closed cleanly) is opened immutable, since SQLite could not create its -shm there. */
sqlite3 *
_tk_store_open_read_only_db (const char  *path,
                             gboolean     immutable,
                             GError     **error)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);

  if (!immutable && !folder_is_writable (path) && !g_file_test (wal, G_FILE_TEST_EXISTS))
    immutable = TRUE;
  return open_uri (path, immutable ? "&immutable=1" : "", error);
}

/* The tables a library of format @version has (every step up to it, run in memory). */
static GHashTable *
tables_of_version (int version)
{
  GHashTable *tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const TkStoreMigration *steps;
  guint n_steps;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  steps = tk_store_schema_migrations (&n_steps);
  if (sqlite3_open (":memory:", &db) != SQLITE_OK)
    g_error ("Cannot open an in-memory database: %s", sqlite3_errmsg (db));
  for (guint i = 0; i < n_steps && steps[i].version <= version; i++)
    if (sqlite3_exec (db, steps[i].sql, NULL, NULL, NULL) != SQLITE_OK)
      g_error ("Schema step %d fails: %s", steps[i].version, sqlite3_errmsg (db));

  sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_schema WHERE type = 'table'", -1, &stmt,
                      NULL);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_hash_table_add (tables, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return tables;
}

/* A file without our application_id: a library from before format 6 has exactly the tables
 * of its user_version's steps (and maybe more); a database with no tables and no version
 * holds nothing and may become a library.  Anything else is another program's. */
static gboolean
recognise_schema (const char  *path,
                  FileInfo    *info,
                  GError     **error)
{
  g_autoptr(GHashTable) expected = NULL;
  g_autoptr(GHashTable) present = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sqlite3 *db;
  sqlite3_stmt *stmt = NULL;
  int version = -1;
  gint64 n_objects = 0;
  guint32 application_id = 0;
  GHashTableIter iter;
  gpointer name;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  GStatBuf wal_stat;
  int rc;

  /* Immutable: no lock taken, no -wal or -shm made beside a file that may not be ours.  It
   * sees the file as of its last checkpoint, which is a committed state.  But when a -wal
   * with frames is there, what was committed may be only in it (its schema too): read
   * through it then.  The -shm left beside it is the other program's, byte for byte:
   * readonly_shm opens it without writing, and SQLite then reads the -wal into memory of
   * its own.  Without a -shm, none is made (open_without_shm()); only a file that cannot
   * be opened so is read the usual way, which makes one. */
  if (g_stat (wal, &wal_stat) == 0 && wal_stat.st_size > 0)
    {
      if (g_file_test (shm, G_FILE_TEST_EXISTS))
        db = open_uri (path, "&readonly_shm=1", error);
      else if ((db = open_without_shm (path)) == NULL)
        db = _tk_store_open_read_only_db (path, FALSE, error);
    }
  else
    db = _tk_store_open_read_only_db (path, TRUE, error);
  if (db == NULL)
    return FALSE;

  rc = sqlite3_prepare_v2 (db, "SELECT (SELECT user_version FROM pragma_user_version), "
                               "(SELECT count(*) FROM sqlite_schema), "
                               "(SELECT application_id FROM pragma_application_id)", -1, &stmt,
                           NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      version = sqlite3_column_int (stmt, 0);
      n_objects = sqlite3_column_int64 (stmt, 1);
      application_id = (guint32) sqlite3_column_int64 (stmt, 2);
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  stmt = NULL;
  if (rc == SQLITE_OK)
    {
      rc = sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_schema WHERE type = 'table'", -1,
                               &stmt, NULL);
      while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          g_hash_table_add (present, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
          rc = SQLITE_OK;
        }
      if (rc == SQLITE_DONE)
        rc = SQLITE_OK;
      sqlite3_finalize (stmt);
    }
  if (rc != SQLITE_OK)
    {
      _tk_store_set_sqlite_error (error, db, rc, _("Could not read the library"));
      g_prefix_error (error, "%s: ", path);
      sqlite3_close (db);
      return FALSE;
    }
  sqlite3_close (db);

  /* Read through the -wal, the header may say more than the file's first page did (a
   * library killed before its first checkpoint). */
  if (application_id == TK_STORE_APPLICATION_ID)
    {
      if (version > TK_STORE_SCHEMA_VERSION)
        {
          _tk_store_set_newer_error (error, path, (guint32) version);
          return FALSE;
        }
      return TRUE;
    }
  if (application_id != 0)
    {
      set_foreign_error (error, path);
      return FALSE;
    }

  if (version == 0 && n_objects == 0)
    {
      info->empty = TRUE;
      return TRUE;
    }
  if (version < 1 || version > TK_STORE_LEGACY_VERSION)
    {
      set_foreign_error (error, path);
      return FALSE;
    }

  expected = tables_of_version (version);
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    if (!g_hash_table_contains (present, name))
      {
        set_foreign_error (error, path);
        return FALSE;
      }
  return TRUE;
}

/* Looks at the file before SQLite opens it for writing, so that a file we must refuse is
 * never written to: not a journal-mode change, not a checkpoint on close, not a backup. */
gboolean
_tk_store_inspect_file (const char  *path,
                        FileInfo    *info,
                        GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GError) local_error = NULL;
  guint8 header[HEADER_SIZE];
  gsize n_read = 0;
  guint32 version;
  guint32 application_id;

  for (guint i = 0; i < G_N_ELEMENTS (_tk_store_sidecar_suffixes); i++)
    {
      g_autofree char *sidecar = g_strconcat (path, _tk_store_sidecar_suffixes[i], NULL);
      info->sidecars[i] = g_file_test (sidecar, G_FILE_TEST_EXISTS);
    }

  in = g_file_read (file, NULL, &local_error);
  if (in == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;   /* a new library */
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                   _("The library “%s” cannot be read: %s"), path, local_error->message);
      return FALSE;
    }
  info->exists = TRUE;

  if (!g_input_stream_read_all (G_INPUT_STREAM (in), header, sizeof header, &n_read, NULL,
                                &local_error))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                   _("The library “%s” cannot be read: %s"), path, local_error->message);
      return FALSE;
    }

  if (n_read == 0)
    {
      info->zero_bytes = info->empty = TRUE;   /* nothing in it to lose */
      return TRUE;
    }

  if (n_read < HEADER_SIZE || memcmp (header, SQLITE_HEADER, sizeof SQLITE_HEADER) != 0)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_NOT_A_DATABASE,
                   _("“%s” is not a Tablekeeper library (it is not a SQLite database). "
                     "It was left unchanged."), path);
      return FALSE;
    }

  /* user_version at offset 60, application_id at 68, both big-endian. */
  version = read_be32 (header + 60);
  application_id = read_be32 (header + 68);

  if (application_id == TK_STORE_APPLICATION_ID)
    {
      if (version > TK_STORE_SCHEMA_VERSION)
        {
          _tk_store_set_newer_error (error, path, version);
          return FALSE;
        }
      return TRUE;
    }

  if (application_id != 0 || version > TK_STORE_LEGACY_VERSION)
    {
      set_foreign_error (error, path);
      return FALSE;
    }

  return recognise_schema (path, info, error);
}

/* Whether the library (or the folder for a new one) may be written, asked of the system
 * rather than of permission bits, so that a read-only mount counts for root too. */
gboolean
_tk_store_check_writable (const char  *path,
                          gboolean     exists,
                          GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int saved_errno;

  if (exists && access (path, W_OK) != 0 && errno != ENOENT)
    {
      saved_errno = errno;
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY,
                   _("“%s” is read-only: %s. It was left unchanged."),
                   path, g_strerror (saved_errno));
      return FALSE;
    }
  if (access (dir, W_OK) != 0)
    {
      saved_errno = errno;
      if (exists)
        g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY,
                     _("The folder of “%s” is read-only (%s), and the library needs to write "
                       "beside it. It was left unchanged."), path, g_strerror (saved_errno));
      else
        g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY,
                     _("A new library cannot be made in “%s”: %s."), dir,
                     g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* After a failed open, takes away what this open made: a new file, or what it wrote into
 * an empty one (so a full disk leaves no half-made library), and journal files that were
 * not there before.  Files that held something are never touched here. */
void
_tk_store_undo_creation (const char     *path,
                         const FileInfo *info)
{
  /* Never a link: what it points to, or the link itself, is not this open's to remove. */
  if (g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    return;
  if (!info->exists)
    g_unlink (path);
  else if (info->zero_bytes)
    {
      if (truncate (path, 0) != 0)
        g_debug ("Could not empty “%s” again: %s", path, g_strerror (errno));
    }
  else
    return;

  for (guint i = 0; i < G_N_ELEMENTS (_tk_store_sidecar_suffixes); i++)
    if (!info->sidecars[i])
      {
        g_autofree char *sidecar = g_strconcat (path, _tk_store_sidecar_suffixes[i], NULL);
        g_unlink (sidecar);
      }
}

/* The size of the first region of SQLite's shared-memory index: a -shm any connection has
 * used (mapped) is at least this big. */
#define SHM_REGION_SIZE 32768

static goffset
file_size (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (goffset) st.st_size : -1;
}

/* After an open of a library that held something failed on a full disk: SQLite made the
 * -wal (empty) and the -shm (3 bytes) before growing the -shm failed.  A full disk creates
 * nothing, so they go, but only when no connection can be using them: a -shm smaller
 * than its first region was never mapped (no other program could grow it either), and a
 * -wal goes only with its -shm and while it holds nothing. */
void
_tk_store_undo_full_disk (const char     *path,
                          const FileInfo *info)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  goffset shm_size = file_size (shm);

  /* _tk_store_sidecar_suffixes: 0 is -wal, 1 is -shm. */
  if (info->sidecars[1] || shm_size >= SHM_REGION_SIZE)
    return;
  if (shm_size >= 0 && g_unlink (shm) != 0)
    return;
  if (!info->sidecars[0] && file_size (wal) == 0)
    g_unlink (wal);
}
