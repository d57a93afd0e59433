/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-log.h — the operation log: what this library changed, as operations another device
 * can fold into its own copy, and the fold of operations read from other devices.
 *
 * Writers do not call this: triggers list every changed entity (schema version 11) and the
 * store turns the list into operations just before the outermost COMMIT, inside the same
 * transaction (tk_sync_log_flush()).  A change that is rolled back leaves no operation; an
 * operation never exists without its change.
 *
 * An operation sets fields of one entity ("game", "entry", "player", "play"), each field a
 * last-writer-wins register ordered by (hlc, device_uid, op_uid); "deleted" is a field like
 * the others.  Kind "alias" sets the field "merged_into" (two players, or two own games,
 * merged into one). */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-hlc.h"
#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  char   *op_uid;
  TkHlc   hlc;
  char   *device_uid;
  char   *kind;        /* "set" or "alias"; unknown kinds are kept and folded as "set" */
  char   *type;        /* "game", "entry", "player", "play" */
  char   *entity;      /* the entity's uid */
  char   *body;        /* {"fields":{…},"prev":{…}} */
  gint64  seq;         /* the writing device's sequence number: 1, 2, 3… without gaps */
} TkSyncOp;

TkSyncOp *tk_sync_op_new   (const char *op_uid,
                            TkHlc       hlc,
                            const char *device_uid,
                            const char *kind,
                            const char *type,
                            const char *entity,
                            const char *body);
void      tk_sync_op_free  (TkSyncOp   *op);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkSyncOp, tk_sync_op_free)

typedef struct
{
  guint    received;    /* operations new to this library */
  guint    duplicates;  /* already here: ignored */
  guint    applied;     /* entities written to the library's tables */
  guint    waiting;     /* entities that name something not here yet */
  gboolean far_ahead;   /* an operation came from a clock more than a day ahead */
} TkSyncReceiveStats;

/* This library's and this install's uids, the device's name (NULL when unnamed). */
char     *tk_sync_log_library_uid   (TkStore     *store,
                                     GError     **error);
char     *tk_sync_log_device_uid    (TkStore     *store,
                                     GError     **error);
char     *tk_sync_log_device_name   (TkStore     *store,
                                     GError     **error);
gboolean  tk_sync_log_set_device_name (TkStore   *store,
                                       const char *name,
                                       GError   **error);
/* Takes the uid of the shared library (a device joining an empty folder keeps its own). */
gboolean  tk_sync_log_set_library_uid (TkStore   *store,
                                       const char *library_uid,
                                       GError   **error);

/* This install takes a new device uid: another one writes files under the current one (a
 * copied library file, a restored backup).  Its operations not yet written to a folder move
 * to the new uid, numbered from 1; those already written stay where they are. */
gboolean  tk_sync_log_renew_device  (TkStore     *store,
                                     GError     **error);

/* Tests move the clock: @now replaces the wall clock of every store of this process. */
void      tk_sync_log_set_now_func  (TkHlcNowFunc now,
                                     gpointer     now_data);

/* Turns the entities changed since the last flush into operations.  Called by the store
 * before the outermost COMMIT; call it yourself only inside a transaction. */
gboolean  tk_sync_log_flush         (TkStore     *store,
                                     GError     **error);

/* Writes an operation setting @fields (name → value) of @type @entity_uid, and folds it:
 * for changes the triggers cannot see.  Inside a transaction. */
gboolean  tk_sync_log_set           (TkStore     *store,
                                     const char  *type,
                                     const char  *entity_uid,
                                     JsonObject  *fields,
                                     GError     **error);

/* Records that @from_uid was merged into @into_uid (players, own games).  Inside a
 * transaction. */
gboolean  tk_sync_log_alias         (TkStore     *store,
                                     const char  *type,
                                     const char  *from_uid,
                                     const char  *into_uid,
                                     GError     **error);

/* The last of this device's sequence numbers written to the sync folder, and recording a
 * newer one (inside a transaction or not). */
gint64    tk_sync_log_written_seq     (TkStore   *store,
                                       GError   **error);
gboolean  tk_sync_log_set_written_seq (TkStore   *store,
                                       gint64     seq,
                                       GError   **error);

/* This device's operations with seq > @after_seq, in order (GPtrArray of TkSyncOp). */
GPtrArray *tk_sync_log_own_ops      (TkStore     *store,
                                     gint64       after_seq,
                                     GError     **error);

/* Every operation in the log, in seq order (GPtrArray of TkSyncOp). */
GPtrArray *tk_sync_log_all_ops      (TkStore     *store,
                                     GError     **error);

/* Folds @ops (TkSyncOp, from any device, in any order, duplicates welcome) into the library
 * in one transaction: each new one is stored, moves the clock, and changes a field only when
 * it beats the field's winner; the losers are kept.  The winners are written to the
 * library's tables.  @stats may be NULL. */
gboolean  tk_sync_log_receive       (TkStore            *store,
                                     GPtrArray          *ops,
                                     TkSyncReceiveStats *stats,
                                     GError            **error);

/* "Changed on another device" → Restore: brings back the value @op_uid set for @field of
 * @type @entity_uid (a value kept in sync_losers), or, with @field "deleted", brings a deleted
 * entity back.  Written as this device's edit (it wins from now on, on every device) and
 * applied to the library's tables, in one transaction. */
gboolean  tk_sync_log_restore       (TkStore     *store,
                                     const char  *type,
                                     const char  *entity_uid,
                                     const char  *field,
                                     const char  *op_uid,
                                     GError     **error);

/* How many values that lost to a concurrent edit are kept (restorable). */
gint64    tk_sync_log_count_kept    (TkStore     *store,
                                     GError     **error);

/* The synced content as one canonical JSON document: keys sorted, entities keyed by uid, no
 * local row ids, no local settings.  Two libraries that folded the same operations give the
 * same bytes. */
char     *tk_sync_log_dump_canonical (TkStore    *store,
                                      GError    **error);

G_END_DECLS
