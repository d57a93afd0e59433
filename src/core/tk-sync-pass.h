/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-pass.h — one sync pass between a library and a sync folder: write this device's
 * operations not yet written into a new file of its own, read every other device's files,
 * fold what is new in one transaction, and remember what was read.
 *
 * A pass is safe to cut at any point: a file is renamed into place only when whole (and
 * written again, byte for byte, if the pass was killed before recording it); operations read
 * are folded and their files recorded in one transaction. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  char *path;      /* the file, as listed */
  char *reason;    /* why it was not read, for the user */
} TkSyncSkipped;

typedef struct
{
  char      *library_uid;
  char      *device_uid;
  gboolean   joined;         /* this library took the uid of the library in the folder */
  gboolean   renewed;        /* another install wrote as this device: this one took a new uid */
  guint      ops_written;
  GPtrArray *files_written;  /* char * paths */
  guint      files_read;
  guint      files_unchanged; /* read before, or unreadable and unchanged since */
  guint      ops_received;    /* new to this library */
  guint      ops_duplicate;
  guint      waiting;         /* entities that name something not here yet */
  GPtrArray *skipped;         /* TkSyncSkipped */
  gint64     kept;            /* values kept after losing to a concurrent edit */
  gboolean   far_ahead;       /* a device's clock is more than a day ahead */
} TkSyncPassResult;

TkSyncPassResult *tk_sync_pass_run         (TkStore        *store,
                                            GFile          *folder,
                                            const char     *device_name,
                                            GCancellable   *cancellable,
                                            GError        **error);
void              tk_sync_pass_result_free (TkSyncPassResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkSyncPassResult, tk_sync_pass_result_free)

/* What the library knows of the folder's devices, for `sync status`: per device its name
 * (device.json), the last sequence number folded, and files skipped with their reason.  A
 * JSON object: {"device":UID,"library":UID,"devices":[{…}],"skipped":[{…}]}. */
JsonNode         *tk_sync_pass_status      (TkStore        *store,
                                            GFile          *folder,
                                            GCancellable   *cancellable,
                                            GError        **error);

G_END_DECLS
