/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-service.h — the app's side of sync: runs one sync pass (tk-sync-pass.h) in a worker
 * thread on the library in use, when a folder is set, and keeps what the last pass found. */
#pragma once

#include <gio/gio.h>

#include "tk-store.h"
#include "tk-sync-kept-item.h"

G_BEGIN_DECLS

/* The settings key, in the library's own settings table, that holds the sync folder's path
 * (a folder is this device's choice: the key is not synced). */
#define TK_SYNC_SERVICE_FOLDER_KEY "sync-folder"

/* One device of the folder as the last pass saw it. */
typedef struct
{
  char    *uid;
  char    *name;          /* as the device set it; "" when unnamed */
  gboolean this_device;
  gint64   folded;        /* the last of its changes this library has */
  gint64   available;     /* the last of its changes found in the folder */
  gint64   last_seen_us;  /* the newest of its files, wall-clock microseconds; 0 unknown */
} TkSyncDevice;

/* A file of the folder that could not be read, and why. */
typedef struct
{
  char *path;
  char *reason;
} TkSyncSkippedFile;

#define TK_TYPE_SYNC_SERVICE (tk_sync_service_get_type ())
G_DECLARE_FINAL_TYPE (TkSyncService, tk_sync_service, TK, SYNC_SERVICE, GObject)

TkSyncService *tk_sync_service_new            (void);

TkStore       *tk_sync_service_get_store      (TkSyncService *self);
/* The library in use (NULL: none).  Reads its sync folder; when one is set, a pass runs
 * after the first frame (an idle of low priority). */
void           tk_sync_service_set_store      (TkSyncService *self,
                                               TkStore       *store);

/* The sync folder of the library in use, or NULL. */
GFile         *tk_sync_service_get_folder     (TkSyncService *self);
/* Sets the folder (kept in the library) and syncs at once.  Refused, with the reason, when
 * the library file itself lies inside a synced folder, or the folder is not local. */
gboolean       tk_sync_service_set_folder     (TkSyncService *self,
                                               GFile         *folder,
                                               GError       **error);
/* Stop Syncing: forgets the folder (its files stay as they are). */
gboolean       tk_sync_service_stop           (TkSyncService *self,
                                               GError       **error);

char          *tk_sync_service_dup_device_name (TkSyncService *self);
gboolean       tk_sync_service_set_device_name (TkSyncService *self,
                                                const char    *name,
                                                GError       **error);

/* Asks for a pass in @delay_ms (a later ask in the meantime moves it; 0: as soon as the
 * current one, if any, is done).  Nothing happens without a folder. */
void           tk_sync_service_request        (TkSyncService *self,
                                               guint          delay_ms);

gboolean       tk_sync_service_get_running    (TkSyncService *self);
/* Wall-clock microseconds of the end of the last pass that ran, 0 when none did. */
gint64         tk_sync_service_get_last_run   (TkSyncService *self);
/* Why the last pass (or the folder) could not be used, or NULL. */
const char    *tk_sync_service_get_error      (TkSyncService *self);
gboolean       tk_sync_service_get_far_ahead  (TkSyncService *self);
/* (element-type TkSyncDevice) */
GPtrArray     *tk_sync_service_get_devices    (TkSyncService *self);
/* (element-type TkSyncSkippedFile) */
GPtrArray     *tk_sync_service_get_skipped    (TkSyncService *self);
/* "Changed on another device" (TkSyncKeptItem, tk_sync_kept_list()), read again when the
 * library is set, after each pass and after a restore. */
GListModel    *tk_sync_service_get_kept       (TkSyncService *self);
/* Brings @item back (tk_sync_kept_restore()) on the library in use; on success the list
 * loses it and ::library-changed is emitted so that the pages show it. */
gboolean       tk_sync_service_restore        (TkSyncService   *self,
                                               TkSyncKeptItem  *item,
                                               GError         **error);
/* How many passes have ended (for tests). */
guint          tk_sync_service_get_n_passes   (TkSyncService *self);

G_END_DECLS
