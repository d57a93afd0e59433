/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store.c — the library file: connection, migrations, statements, transactions. */
/* This part: the object, errors, statements, transactions, the accessors, row counts and work
 * in a thread; the others are listed in tk-store-private.h. */
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
#include "tk-store-schema.h"
#include "tk-kill-point.h"

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
void
_tk_store_set_sqlite_error (GError     **error,
                            sqlite3     *db,
                            int          rc,
                            const char  *what)
{
  TkStoreError code = error_code_from_sqlite (rc);
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);
  int system_errno = db != NULL ? sqlite3_system_errno (db) : 0;

  /* SQLite calls a full disk met while growing its shared-memory index (or writing outside
   * its own accounting) an I/O error; the user can do nothing about “disk I/O error”, and
   * everything about a full disk. */
  if (rc == SQLITE_IOERR_SHMSIZE ||
      ((rc & 0xff) == SQLITE_IOERR && (system_errno == ENOSPC || system_errno == EDQUOT)))
    code = TK_STORE_ERROR_FULL;

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
      _tk_store_set_sqlite_error (error, self->db, rc, _("Could not update the library"));
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
      _tk_store_set_sqlite_error (error, self->db, rc, _("Could not read the library"));
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

  _tk_store_set_sqlite_error (error, self->db, rc, _("Could not update the library"));
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

  /* The changes of this transaction become operations before it commits, in it: a
   * change and its operation are written together or not at all (tk-sync-log.h). */
  if (self->txn_depth == 1 && self->before_commit != NULL &&
      self->schema_version >= TK_STORE_SCHEMA_VERSION && !self->flushing &&
      !(self->flags & TK_STORE_OPEN_READ_ONLY))
    {
      gboolean ok;

      self->flushing = TRUE;
      ok = self->before_commit (self, error);
      self->flushing = FALSE;
      if (!ok)
        {
          tk_store_rollback (self);
          return FALSE;
        }
    }

  if (self->txn_depth == 1)
    {
      /* The change and its operations written, not yet committed. */
      tk_kill_point ("commit");
      sql = g_strdup ("COMMIT");
    }
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
          _tk_store_set_sqlite_error (error, self->db, rc, _("Could not read the library"));
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

  worker = _tk_store_open_connection (data->path, data->flags, BUSY_TIMEOUT_MS, FALSE, &error);
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
