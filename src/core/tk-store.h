/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store.h — the library file: one SQLite database per user library.
 *
 * The store owns the connection, runs the ordered schema migrations, hands out cached
 * prepared statements and wraps transactions.  It is plain GLib + SQLite: no GTK here.
 */
#pragma once

#include <gio/gio.h>
#include <sqlite3.h>

G_BEGIN_DECLS

#define TK_STORE_ERROR (tk_store_error_quark ())

typedef enum
{
  TK_STORE_ERROR_FAILED,          /* anything not listed below */
  TK_STORE_ERROR_OPEN,            /* the file could not be opened or created */
  TK_STORE_ERROR_NOT_A_DATABASE,  /* the file is not a SQLite database */
  TK_STORE_ERROR_NEWER_VERSION,   /* written by a newer Tablekeeper */
  TK_STORE_ERROR_CORRUPT,         /* SQLite reports the file as damaged */
  TK_STORE_ERROR_MIGRATION,       /* a schema upgrade failed (nothing was changed) */
  TK_STORE_ERROR_BUSY,            /* another program holds the file locked */
  TK_STORE_ERROR_FULL,            /* the disk is full */
  TK_STORE_ERROR_READ_ONLY,       /* the file or its folder is read-only */
  TK_STORE_ERROR_CONSTRAINT,      /* a row broke a uniqueness or reference rule */
  TK_STORE_ERROR_FOREIGN,         /* another program's SQLite database: never touched */
} TkStoreError;

/* The schema version this build writes; files with a larger user_version are refused. */
#define TK_STORE_SCHEMA_VERSION 12

/* PRAGMA application_id of a Tablekeeper library ("TKLB"), set since format 6.  A file with
 * another id, or with none and a schema that is not one of ours, is refused untouched. */
#define TK_STORE_APPLICATION_ID 0x544b4c42

/* The last format written without an application_id: older libraries are recognised by
 * their tables. */
#define TK_STORE_LEGACY_VERSION 5

typedef enum
{
  TK_STORE_OPEN_DEFAULT   = 0,
  TK_STORE_OPEN_READ_ONLY = 1 << 0,   /* browse and export only: every write is refused */
} TkStoreOpenFlags;

#define TK_TYPE_STORE (tk_store_get_type ())
G_DECLARE_FINAL_TYPE (TkStore, tk_store, TK, STORE, GObject)

/* Called inside a transaction; return FALSE with @error set to roll back. */
typedef gboolean (*TkStoreTxnFunc) (TkStore  *store,
                                    gpointer  user_data,
                                    GError  **error);

GQuark         tk_store_error_quark          (void);

char          *tk_store_default_path         (void);

TkStore       *tk_store_open                 (const char    *path,
                                              GError       **error);
TkStore       *tk_store_open_full            (const char    *path,
                                              TkStoreOpenFlags flags,
                                              guint          busy_timeout_ms,
                                              GError       **error);
TkStore       *tk_store_open_memory          (GError       **error);
TkStore       *tk_store_open_secondary       (TkStore       *primary,
                                              GError       **error);
void           tk_store_close                (TkStore       *store);

const char    *tk_store_get_path             (TkStore       *store);
int            tk_store_get_schema_version   (TkStore       *store);
const char    *tk_store_get_backup_path      (TkStore       *store);
gboolean       tk_store_is_read_only         (TkStore       *store);
gboolean       tk_store_get_made_from_empty  (TkStore       *store);
sqlite3       *tk_store_get_db               (TkStore       *store);

gboolean       tk_store_exec                 (TkStore       *store,
                                              const char    *sql,
                                              GError       **error);
sqlite3_stmt  *tk_store_prepare              (TkStore       *store,
                                              const char    *sql,
                                              GError       **error);
int            tk_store_step                 (TkStore       *store,
                                              sqlite3_stmt  *stmt,
                                              GError       **error);
gboolean       tk_store_step_done            (TkStore       *store,
                                              sqlite3_stmt  *stmt,
                                              GError       **error);
gint64         tk_store_query_int            (TkStore       *store,
                                              const char    *sql,
                                              gint64         fallback,
                                              GError       **error);
gint64         tk_store_last_insert_id       (TkStore       *store);

gboolean       tk_store_begin                (TkStore       *store,
                                              GError       **error);
gboolean       tk_store_commit               (TkStore       *store,
                                              GError       **error);
void           tk_store_rollback             (TkStore       *store);
gboolean       tk_store_in_transaction       (TkStore       *store);
gboolean       tk_store_transaction          (TkStore       *store,
                                              TkStoreTxnFunc func,
                                              gpointer       user_data,
                                              GError       **error);

/* Long work off the main thread: @func runs in a worker thread on its own connection to
 * the same file (inside one transaction); the result comes back on the caller's context. */
void           tk_store_run_async            (TkStore            *store,
                                              TkStoreTxnFunc      func,
                                              gpointer            user_data,
                                              GDestroyNotify      user_data_free,
                                              GCancellable       *cancellable,
                                              GAsyncReadyCallback callback,
                                              gpointer            callback_data);
gboolean       tk_store_run_finish           (TkStore       *store,
                                              GAsyncResult  *result,
                                              GError       **error);

typedef struct
{
  char   *table;
  gint64  rows;
} TkStoreCount;

/* Row counts of every table of the library, by table name (GArray of TkStoreCount). */
GArray        *tk_store_count_rows           (TkStore       *store,
                                              GError       **error);

/* Copies the library file @source to @target as one consistent snapshot: written under a
 * temporary name, synced, then renamed, so @target is never a partial copy.  Works on a
 * read-only @source; the copy is not upgraded. */
gboolean       tk_store_copy_file            (const char    *source,
                                              const char    *target,
                                              GError       **error);

/* Moves an unreadable library aside (never deletes it) and returns the new name. */
char          *tk_store_set_aside            (const char    *path,
                                              GError       **error);

/* Emits ::games-changed (@game_id, 0 for many): games or their collection entries changed.
 * Inside a transaction it waits for the outermost COMMIT (and is dropped by a ROLLBACK).
 * Main thread only. */
void           tk_store_notify_games_changed (TkStore       *self,
                                              gint64         game_id);

G_END_DECLS
