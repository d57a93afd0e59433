/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store-private.h — helpers of the store kept out of its public API, and what the parts of
 * TkStore share: the instance struct and the functions one part calls in another (prefixed st_,
 * for the store).  Nothing outside src/core/tk-store*.c includes this file.
 *
 *   tk-store.c          the object, errors, statements, transactions, accessors, work in a thread
 *   tk-store-inspect.c  what a file is before it is opened (header, tables, foreign, newer)
 *   tk-store-open.c     the connection, backup, migrations, copies, setting a file aside
 *   tk-store-lock.c     who holds the library locked
 */
#pragma once

#include <glib.h>
#include <sqlite3.h>

#include "tk-store.h"

G_BEGIN_DECLS

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
  gboolean    flushing;      /* in before_commit */
  /* Run in the outermost transaction before it commits (which rolls back when this fails):
   * the opener (tk-store-open.c) puts the sync log's flush here on every connection, which
   * turns the transaction's changes into operations in it (tk-sync-log.h).  The store's
   * own file knows nothing of sync. */
  gboolean  (*before_commit) (TkStore  *self,
                              GError  **error);
};

/* What the file at the library's path is, as far as it can be told without writing to it. */
typedef struct
{
  gboolean exists;
  gboolean zero_bytes;
  gboolean empty;            /* 0 bytes, or a SQLite database with nothing in it */
  gboolean sidecars[3];      /* -wal, -shm, -journal existed before this open */
} FileInfo;

/* -wal, -shm, -journal: the files SQLite keeps beside the library */
extern const char *const _tk_store_sidecar_suffixes[3];

/* tk-store.c */
void      _tk_store_set_sqlite_error (GError          **error,
                                      sqlite3          *db,
                                      int               rc,
                                      const char       *what);

/* tk-store-inspect.c */
void      _tk_store_set_newer_error   (GError          **error,
                                       const char       *path,
                                       guint32           version);
sqlite3  *_tk_store_open_read_only_db (const char       *path,
                                       gboolean          immutable,
                                       GError          **error);
gboolean  _tk_store_inspect_file      (const char       *path,
                                       FileInfo         *info,
                                       GError          **error);
gboolean  _tk_store_check_writable    (const char       *path,
                                       gboolean          exists,
                                       GError          **error);
void      _tk_store_undo_creation     (const char       *path,
                                       const FileInfo   *info);
void      _tk_store_undo_full_disk    (const char       *path,
                                       const FileInfo   *info);

/* tk-store-open.c */
TkStore  *_tk_store_open_connection (const char       *path,
                                     TkStoreOpenFlags  flags,
                                     guint             busy_timeout_ms,
                                     gboolean          run_migrations,
                                     GError          **error);

/* The process holding a SQLite lock on the library at @path (on the file, or on its -shm in
 * WAL mode): its name in @name and its id in @pid.  FALSE when no other process holds one,
 * or when it cannot be told (another PID namespace, a lock type that does not say). */
gboolean tk_store_lock_holder (const char  *path,
                               char       **name,
                               int         *pid);

G_END_DECLS
