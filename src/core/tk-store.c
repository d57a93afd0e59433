/* tk-store.c — the library file: connection, migrations, statements, transactions. */
#define G_LOG_DOMAIN "tk-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "tk-store.h"
#include "tk-store-private.h"
#include "tk-display-title.h"
#include "tk-store-schema.h"

#define SQLITE_HEADER "SQLite format 3"   /* 16 bytes with its NUL */
#define HEADER_SIZE 100
#define BUSY_TIMEOUT_MS 5000

struct _TkStore
{
  GObject     parent_instance;

  sqlite3    *db;
  char       *path;          /* NULL for an in-memory library */
  char       *backup_path;   /* the copy made before the last migration, if any */
  GHashTable *statements;    /* SQL text -> sqlite3_stmt*, prepared once */
  int         schema_version;
  TkStoreOpenFlags flags;
  gboolean    made_from_empty; /* an empty file (or empty database) became this library */
  guint       txn_depth;     /* 0: none, 1: BEGIN, >1: savepoints */
  gboolean    games_pending; /* games changed in the open transaction: tell at COMMIT */
  gint64      games_pending_id;
};

G_DEFINE_FINAL_TYPE (TkStore, tk_store, G_TYPE_OBJECT)

static guint store_signals[1];   /* ::games-changed */

G_DEFINE_QUARK (tk-store-error-quark, tk_store_error)

static TkStoreError
error_code_from_sqlite (int rc)
{
  switch (rc & 0xff)
    {
    case SQLITE_NOTADB:     return TK_STORE_ERROR_NOT_A_DATABASE;
    case SQLITE_CORRUPT:    return TK_STORE_ERROR_CORRUPT;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:     return TK_STORE_ERROR_BUSY;
    case SQLITE_FULL:       return TK_STORE_ERROR_FULL;
    case SQLITE_READONLY:   return TK_STORE_ERROR_READ_ONLY;
    case SQLITE_CONSTRAINT: return TK_STORE_ERROR_CONSTRAINT;
    case SQLITE_CANTOPEN:   return TK_STORE_ERROR_OPEN;
    default:                return TK_STORE_ERROR_FAILED;
    }
}

/* Turns the connection's last error into a GError a person can read. */
static void
set_sqlite_error (GError     **error,
                  sqlite3     *db,
                  int          rc,
                  const char  *what)
{
  TkStoreError code = error_code_from_sqlite (rc);
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  switch (code)
    {
    case TK_STORE_ERROR_NOT_A_DATABASE:
      g_set_error (error, TK_STORE_ERROR, code,
                   _("The file is not a Tablekeeper library (it is not a SQLite database)."));
      break;
    case TK_STORE_ERROR_CORRUPT:
      g_set_error (error, TK_STORE_ERROR, code,
                   _("The library file is damaged (%s)."), detail);
      break;
    case TK_STORE_ERROR_BUSY:
      {
        const char *file = db != NULL ? sqlite3_db_filename (db, "main") : NULL;
        g_autofree char *holder = NULL;
        int pid = 0;

        if (file != NULL && file[0] != '\0' && tk_store_lock_holder (file, &holder, &pid))
          g_set_error (error, TK_STORE_ERROR, code,
                       _("The library is in use by another program, “%s” (process %d). "
                         "Close it and try again."), holder, pid);
        else
          g_set_error (error, TK_STORE_ERROR, code,
                       _("The library is in use by another program. Close it and try again."));
      }
      break;
    case TK_STORE_ERROR_FULL:
      g_set_error (error, TK_STORE_ERROR, code,
                   _("The disk is full; nothing was saved. Free some space and try again."));
      break;
    case TK_STORE_ERROR_READ_ONLY:
      g_set_error (error, TK_STORE_ERROR, code,
                   _("The library is read-only: nothing can be changed in it."));
      break;
    default:
      g_set_error (error, TK_STORE_ERROR, code, "%s: %s", what, detail);
      break;
    }
}

static void
finalize_statement (gpointer data)
{
  sqlite3_finalize (data);
}

static void
tk_store_finalize (GObject *object)
{
  TkStore *self = TK_STORE (object);

  tk_store_close (self);
  g_clear_pointer (&self->statements, g_hash_table_unref);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->backup_path, g_free);

  G_OBJECT_CLASS (tk_store_parent_class)->finalize (object);
}


static void
tk_store_class_init (TkStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_store_finalize;

  /* Games or their collection entries changed (gint64 game id, 0: many may have), whoever
   * wrote them: every TkCollection on this store passes it on, so each page follows. */
  store_signals[0] = g_signal_new ("games-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

void
tk_store_notify_games_changed (TkStore *self,
                               gint64   game_id)
{
  g_return_if_fail (TK_IS_STORE (self));

  /* Inside a transaction nothing is committed yet: tell when it is. */
  if (self->txn_depth > 0)
    {
      self->games_pending_id = self->games_pending && self->games_pending_id != game_id
                               ? 0 : game_id;
      self->games_pending = TRUE;
      return;
    }
  g_signal_emit (self, store_signals[0], 0, game_id);
}

static void
tk_store_init (TkStore *self)
{
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_statement);
}

char *
tk_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tablekeeper", "library.db", NULL);
}

/* What the file at the library's path is, as far as it can be told without writing to it. */
typedef struct
{
  gboolean exists;
  gboolean zero_bytes;
  gboolean empty;            /* 0 bytes, or a SQLite database with nothing in it */
  gboolean sidecars[3];      /* -wal, -shm, -journal existed before this open */
} FileInfo;

static const char *const sidecar_suffixes[] = { "-wal", "-shm", "-journal" };

static guint32
read_be32 (const guint8 *bytes)
{
  return ((guint32) bytes[0] << 24) | ((guint32) bytes[1] << 16)
       | ((guint32) bytes[2] << 8) | (guint32) bytes[3];
}

static void
set_newer_error (GError     **error,
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

/* A URI for SQLite that opens @path for reading only.  @immutable: the file cannot change
 * while it is open (no locks, no -shm), which is what a read-only folder needs. */
static char *
read_only_uri (const char *path,
               gboolean    immutable)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);

  return g_strconcat (uri, immutable ? "?mode=ro&immutable=1" : "?mode=ro", NULL);
}

static gboolean
folder_is_writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  return access (dir, W_OK) == 0;
}

/* Opens @path read-only with SQLite.  In a folder that cannot be written to, a WAL library
 * with no -wal left (closed cleanly) is opened immutable, since SQLite could not create its
 * -shm there. */
static sqlite3 *
open_read_only_db (const char  *path,
                   gboolean     immutable,
                   GError     **error)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *uri = NULL;
  sqlite3 *db = NULL;
  int rc;

  if (!immutable && !folder_is_writable (path) && !g_file_test (wal, G_FILE_TEST_EXISTS))
    immutable = TRUE;
  uri = read_only_uri (path, immutable);
  rc = sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                        NULL);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc, _("Could not open the library"));
      g_prefix_error (error, "%s: ", path);
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_extended_result_codes (db, 1);
  return db;
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
  GStatBuf wal_stat;
  int rc;

  /* Immutable: no lock taken, no -wal or -shm made beside a file that may not be ours.  It
   * sees the file as of its last checkpoint, which is a committed state.  But when a -wal
   * with frames is there, what was committed may be only in it (its schema too): read
   * through it then; SQLite's -shm beside an existing -wal changes nothing in the file. */
  if (g_stat (wal, &wal_stat) == 0 && wal_stat.st_size > 0)
    db = open_read_only_db (path, FALSE, error);
  else
    db = open_read_only_db (path, TRUE, error);
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
      set_sqlite_error (error, db, rc, _("Could not read the library"));
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
          set_newer_error (error, path, (guint32) version);
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
static gboolean
inspect_file (const char  *path,
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

  for (guint i = 0; i < G_N_ELEMENTS (sidecar_suffixes); i++)
    {
      g_autofree char *sidecar = g_strconcat (path, sidecar_suffixes[i], NULL);
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
          set_newer_error (error, path, version);
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
static gboolean
check_writable (const char  *path,
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
static void
undo_creation (const char     *path,
               const FileInfo *info)
{
  if (!info->exists)
    g_unlink (path);
  else if (info->zero_bytes)
    {
      if (truncate (path, 0) != 0)
        g_debug ("Could not empty “%s” again: %s", path, g_strerror (errno));
    }
  else
    return;

  for (guint i = 0; i < G_N_ELEMENTS (sidecar_suffixes); i++)
    if (!info->sidecars[i])
      {
        g_autofree char *sidecar = g_strconcat (path, sidecar_suffixes[i], NULL);
        g_unlink (sidecar);
      }
}

gboolean
tk_store_exec (TkStore     *self,
               const char  *sql,
               GError     **error)
{
  char *errmsg = NULL;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (self), FALSE);
  g_return_val_if_fail (self->db != NULL, FALSE);

  rc = sqlite3_exec (self->db, sql, NULL, NULL, &errmsg);
  sqlite3_free (errmsg);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, self->db, rc, _("Could not update the library"));
      return FALSE;
    }
  return TRUE;
}

sqlite3_stmt *
tk_store_prepare (TkStore     *self,
                  const char  *sql,
                  GError     **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (self), NULL);
  g_return_val_if_fail (self->db != NULL, NULL);

  stmt = g_hash_table_lookup (self->statements, sql);
  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }

  rc = sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, self->db, rc, _("Could not read the library"));
      return NULL;
    }

  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
  return stmt;
}

int
tk_store_step (TkStore       *self,
               sqlite3_stmt  *stmt,
               GError       **error)
{
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return rc;

  set_sqlite_error (error, self->db, rc, _("Could not update the library"));
  sqlite3_reset (stmt);
  return rc;
}

gboolean
tk_store_step_done (TkStore       *self,
                    sqlite3_stmt  *stmt,
                    GError       **error)
{
  int rc = tk_store_step (self, stmt, error);

  sqlite3_reset (stmt);
  if (rc == SQLITE_ROW)
    return TRUE;
  return rc == SQLITE_DONE;
}

gint64
tk_store_query_int (TkStore     *self,
                    const char  *sql,
                    gint64       fallback,
                    GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (self, sql, error);
  gint64 value = fallback;
  int rc;

  if (stmt == NULL)
    return fallback;

  rc = tk_store_step (self, stmt, error);
  if (rc == SQLITE_ROW && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return value;
}

gint64
tk_store_last_insert_id (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), 0);
  return sqlite3_last_insert_rowid (self->db);
}

gboolean
tk_store_begin (TkStore  *self,
                GError  **error)
{
  g_autofree char *sql = NULL;

  g_return_val_if_fail (TK_IS_STORE (self), FALSE);

  /* IMMEDIATE takes the write lock at once, so a transaction never fails half way
   * because another connection started writing first.  A read-only library only reads:
   * its writes fail at the statement, with the read-only message. */
  if (self->txn_depth == 0)
    sql = g_strdup ((self->flags & TK_STORE_OPEN_READ_ONLY) ? "BEGIN" : "BEGIN IMMEDIATE");
  else
    sql = g_strdup_printf ("SAVEPOINT tk_%u", self->txn_depth);

  if (!tk_store_exec (self, sql, error))
    return FALSE;
  self->txn_depth++;
  return TRUE;
}

gboolean
tk_store_commit (TkStore  *self,
                 GError  **error)
{
  g_autofree char *sql = NULL;

  g_return_val_if_fail (TK_IS_STORE (self), FALSE);
  g_return_val_if_fail (self->txn_depth > 0, FALSE);

  if (self->txn_depth == 1)
    sql = g_strdup ("COMMIT");
  else
    sql = g_strdup_printf ("RELEASE tk_%u", self->txn_depth - 1);

  if (!tk_store_exec (self, sql, error))
    {
      tk_store_rollback (self);
      return FALSE;
    }
  self->txn_depth--;
  if (self->txn_depth == 0 && self->games_pending)
    {
      self->games_pending = FALSE;
      tk_store_notify_games_changed (self, self->games_pending_id);
    }
  return TRUE;
}

void
tk_store_rollback (TkStore *self)
{
  g_autofree char *sql = NULL;

  g_return_if_fail (TK_IS_STORE (self));
  if (self->txn_depth == 0)
    return;

  if (self->txn_depth == 1)
    sql = g_strdup ("ROLLBACK");
  else
    sql = g_strdup_printf ("ROLLBACK TO tk_%u; RELEASE tk_%u",
                           self->txn_depth - 1, self->txn_depth - 1);

  /* A failed ROLLBACK means SQLite already rolled back on its own (e.g. after SQLITE_FULL). */
  sqlite3_exec (self->db, sql, NULL, NULL, NULL);
  self->txn_depth--;
  /* Only a whole rollback knows nothing changed; a savepoint's leaves the pending note (a
   * spurious notice costs a re-read, a lost one a stale page). */
  if (self->txn_depth == 0)
    self->games_pending = FALSE;
}

gboolean
tk_store_in_transaction (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), FALSE);
  return self->txn_depth > 0;
}

gboolean
tk_store_transaction (TkStore         *self,
                      TkStoreTxnFunc   func,
                      gpointer         user_data,
                      GError         **error)
{
  g_return_val_if_fail (TK_IS_STORE (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (!tk_store_begin (self, error))
    return FALSE;

  if (!func (self, user_data, error))
    {
      tk_store_rollback (self);
      return FALSE;
    }

  return tk_store_commit (self, error);
}

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
  for (guint i = 0; i < G_N_ELEMENTS (sidecar_suffixes); i++)
    {
      g_autofree char *sidecar = g_strconcat (partial, sidecar_suffixes[i], NULL);
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
      set_sqlite_error (error, db, rc, _("Could not copy the library"));
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
static TkStore *
open_connection (const char        *path,
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

  if (read_only)
    {
      g_return_val_if_fail (path != NULL, NULL);
      self->db = open_read_only_db (path, FALSE, error);
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
          set_sqlite_error (error, self->db, rc, _("Could not open the library"));
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
      set_newer_error (error, path, (guint32) version);
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

  if (!inspect_file (path, &info, error))
    return NULL;

  if (flags & TK_STORE_OPEN_READ_ONLY)
    {
      if (!info.exists || info.empty)
        {
          g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_OPEN,
                       _("“%s” holds no library to read."), path);
          return NULL;
        }
      return open_connection (path, flags, busy_timeout_ms, TRUE, error);
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

  if (!check_writable (path, info.exists, error))
    return NULL;

  store = open_connection (path, flags, busy_timeout_ms, TRUE, &local_error);
  /* Busy means another process has the file open: it may be making this very library, so
   * what is there now is not this open's to take away. */
  if (store == NULL &&
      !g_error_matches (local_error, TK_STORE_ERROR, TK_STORE_ERROR_BUSY))
    undo_creation (path, &info);
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
  return open_connection (NULL, TK_STORE_OPEN_DEFAULT, BUSY_TIMEOUT_MS, TRUE, error);
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
  return open_connection (primary->path, primary->flags, BUSY_TIMEOUT_MS, FALSE, error);
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

  db = open_read_only_db (source, FALSE, error);
  if (db == NULL)
    return FALSE;
  sqlite3_busy_timeout (db, BUSY_TIMEOUT_MS);
  ok = write_snapshot (db, target, error);
  sqlite3_close (db);
  if (!ok)
    g_prefix_error (error, _("Could not copy the library to “%s”: "), target);
  return ok;
}

void
tk_store_close (TkStore *self)
{
  g_return_if_fail (TK_IS_STORE (self));

  if (self->db == NULL)
    return;

  while (self->txn_depth > 0)
    tk_store_rollback (self);
  g_hash_table_remove_all (self->statements);
  sqlite3_close_v2 (self->db);
  self->db = NULL;
}

const char *
tk_store_get_path (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), NULL);
  return self->path;
}

int
tk_store_get_schema_version (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), 0);
  return self->schema_version;
}

const char *
tk_store_get_backup_path (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), NULL);
  return self->backup_path;
}

gboolean
tk_store_is_read_only (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), FALSE);
  return (self->flags & TK_STORE_OPEN_READ_ONLY) != 0;
}

/**
 * tk_store_get_made_from_empty:
 * @self: a store
 *
 * Returns: whether opening turned an existing empty file (0 bytes, or a SQLite database
 *   with nothing in it) into this new library, which the user should be told
 */
gboolean
tk_store_get_made_from_empty (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), FALSE);
  return self->made_from_empty;
}

sqlite3 *
tk_store_get_db (TkStore *self)
{
  g_return_val_if_fail (TK_IS_STORE (self), NULL);
  return self->db;
}

static void
clear_count (gpointer data)
{
  TkStoreCount *count = data;
  g_free (count->table);
}

GArray *
tk_store_count_rows (TkStore  *self,
                     GError  **error)
{
  g_autoptr(GArray) counts = g_array_new (FALSE, TRUE, sizeof (TkStoreCount));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (self), NULL);
  g_array_set_clear_func (counts, clear_count);

  stmt = tk_store_prepare (self,
                           "SELECT name FROM sqlite_schema WHERE type = 'table' "
                           "AND name NOT LIKE 'sqlite_%' ORDER BY name", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (self, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (names, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  for (guint i = 0; i < names->len; i++)
    {
      /* Table names come from our own schema; quote them anyway. */
      char *sql = sqlite3_mprintf ("SELECT count(*) FROM \"%w\"",
                                   (const char *) names->pdata[i]);
      sqlite3_stmt *count_stmt = NULL;
      TkStoreCount count = { 0 };

      rc = sqlite3_prepare_v2 (self->db, sql, -1, &count_stmt, NULL);
      sqlite3_free (sql);
      if (rc == SQLITE_OK)
        rc = sqlite3_step (count_stmt);
      if (rc != SQLITE_ROW)
        {
          set_sqlite_error (error, self->db, rc, _("Could not read the library"));
          sqlite3_finalize (count_stmt);
          return NULL;
        }
      count.table = g_strdup (names->pdata[i]);
      count.rows = sqlite3_column_int64 (count_stmt, 0);
      sqlite3_finalize (count_stmt);
      g_array_append_val (counts, count);
    }

  return g_steal_pointer (&counts);
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

/* ---- work in a thread ---- */

typedef struct
{
  char           *path;
  TkStoreOpenFlags flags;
  TkStoreTxnFunc  func;
  gpointer        user_data;
  GDestroyNotify  user_data_free;
} RunData;

static void
run_data_free (RunData *data)
{
  if (data->user_data_free != NULL)
    data->user_data_free (data->user_data);
  g_free (data->path);
  g_free (data);
}

static void
run_in_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  RunData *data = task_data;
  g_autoptr(TkStore) worker = NULL;
  GError *error = NULL;

  worker = open_connection (data->path, data->flags, BUSY_TIMEOUT_MS, FALSE, &error);
  if (worker == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!tk_store_transaction (worker, data->func, data->user_data, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
tk_store_run_async (TkStore             *self,
                    TkStoreTxnFunc       func,
                    gpointer             user_data,
                    GDestroyNotify       user_data_free,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             callback_data)
{
  g_autoptr(GTask) task = NULL;
  RunData *data;

  g_return_if_fail (TK_IS_STORE (self));
  g_return_if_fail (func != NULL);

  task = g_task_new (self, cancellable, callback, callback_data);
  g_task_set_source_tag (task, tk_store_run_async);

  data = g_new0 (RunData, 1);
  data->path = g_strdup (self->path);
  data->flags = self->flags;
  data->func = func;
  data->user_data = user_data;
  data->user_data_free = user_data_free;
  g_task_set_task_data (task, data, (GDestroyNotify) run_data_free);

  if (self->path == NULL)
    {
      g_task_return_new_error (task, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                               "Work in a thread needs a library file, not an in-memory one");
      return;
    }

  g_task_run_in_thread (task, run_in_thread);
}

gboolean
tk_store_run_finish (TkStore       *self,
                     GAsyncResult  *result,
                     GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
