/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-folder.h — the sync folder on disk: where each device's files lie, writing our own
 * safely, listing everyone's.
 *
 *   FOLDER/Tablekeeper/LIBRARY_UID/library.json          written once, never rewritten
 *   FOLDER/Tablekeeper/LIBRARY_UID/devices/DEVICE_UID/
 *       ops-FIRST-LAST.tkops   immutable (tk-sync-file.h); FIRST and LAST in 12 digits
 *       device.json            rewritten: the device's name, app version, lowest reader format
 *       seen.json              rewritten: what the device has read of each peer (advisory)
 *
 * FOLDER is kept the same on every device by a carrier (Syncthing, Nextcloud, Dropbox) that
 * may deliver files late, cut short, twice under other names (conflict copies) or never.  So:
 * a device writes only inside its own folder (and library.json, once, if it is missing); a
 * file is written under a temporary name that never ends in ".tkops", synced to disk and
 * renamed, so a `*.tkops` name never shows a half-written file of ours; nothing another device
 * wrote, and nothing this layer does not recognise, is ever renamed, rewritten or deleted.
 * Reading lists every `*.tkops` of every device, conflict copies included, and leaves judging
 * them to tk_sync_file_decode(): a name never proves a file is complete.
 *
 * Plain GLib/GIO and json-glib, no SQLite: the store decides what to write and what it has
 * read.  The folder must be local (g_file_get_path() is not NULL).
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_SYNC_FOLDER_ERROR (tk_sync_folder_error_quark ())

typedef enum
{
  TK_SYNC_FOLDER_ERROR_NOT_LOCAL,      /* the folder has no local path */
  TK_SYNC_FOLDER_ERROR_INVALID_UID,    /* a library or device uid that cannot name a folder */
  TK_SYNC_FOLDER_ERROR_NOT_A_FOLDER,   /* a file or a link stands where a folder should be */
  TK_SYNC_FOLDER_ERROR_WRONG_LIBRARY,  /* library.json names another library */
  TK_SYNC_FOLDER_ERROR_EXISTS,         /* an operations file of that name holds other bytes */
  TK_SYNC_FOLDER_ERROR_SYNCED,         /* a library file inside a synced folder */
  TK_SYNC_FOLDER_ERROR_INVALID_FILE,   /* library.json, device.json or seen.json is not ours */
} TkSyncFolderError;

/* The carriers tk_sync_folder_find_carrier() recognises. */
typedef enum
{
  TK_SYNC_CARRIER_NONE,
  TK_SYNC_CARRIER_SYNCTHING,
  TK_SYNC_CARRIER_NEXTCLOUD,   /* also ownCloud, whose client Nextcloud's grew from */
  TK_SYNC_CARRIER_DROPBOX,
} TkSyncCarrier;

/* One `*.tkops` file found by tk_sync_folder_list().  @size and @mtime_us are its
 * fingerprint at the time of listing: a caller that found the file invalid skips it until
 * either changes (the listing is taken before the file is read, so a file that grows while
 * it is read is seen as changed the next time). */
typedef struct
{
  char    *path;       /* absolute, in the file system's encoding */
  char    *device;     /* the name of the device folder it lies in */
  char    *name;       /* its base name, e.g. "ops-000000000001-000000000040.tkops" */
  guint64  size;
  gint64   mtime_us;   /* modification time, microseconds since 1970 */
} TkSyncFolderEntry;

#define TK_TYPE_SYNC_FOLDER (tk_sync_folder_get_type ())
G_DECLARE_FINAL_TYPE (TkSyncFolder, tk_sync_folder, TK, SYNC_FOLDER, GObject)

GQuark        tk_sync_folder_error_quark        (void);

/* @folder is the folder the user chose (the carrier's); the library's files lie in
 * @folder/Tablekeeper/@library_uid.  Nothing is read or written yet. */
TkSyncFolder *tk_sync_folder_new                (GFile         *folder,
                                                 const char    *library_uid,
                                                 const char    *device_uid,
                                                 GError       **error);

GFile        *tk_sync_folder_get_library_dir    (TkSyncFolder  *self);
GFile        *tk_sync_folder_get_device_dir     (TkSyncFolder  *self);

/* Makes the library's folders and our device folder, and library.json if there is none yet;
 * refuses a library.json that names another library (one that cannot be read is left as it
 * is: the operations' headers name their library anyway).  Removes temporary files that this
 * device left in its own folder when it was killed while writing.  Idempotent. */
gboolean      tk_sync_folder_prepare            (TkSyncFolder  *self,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

/* Writes `ops-FIRST-LAST.tkops` in our device folder (tk_sync_file_encode() with our uids),
 * durably: temporary file, fsync, rename, fsync of the folder.  The same file again (after a
 * kill between writing it and recording it) is not written twice; a file of that name with
 * other bytes is refused (TK_SYNC_FOLDER_ERROR_EXISTS) and left alone: another install with
 * our device uid (a clone or a restored backup) wrote it.  Returns the file. */
GFile        *tk_sync_folder_write_ops          (TkSyncFolder  *self,
                                                 gint64         first,
                                                 gint64         last,
                                                 GPtrArray     *op_lines,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

/* device.json: {"format":"tablekeeper-device","device":UID,"name":…,"app_version":…,
 * "lowest_reader_format":TK_SYNC_FILE_VERSION}, replaced durably.  @name is the device's name
 * as the user set it (any text). */
gboolean      tk_sync_folder_write_device_info  (TkSyncFolder  *self,
                                                 const char    *name,
                                                 const char    *app_version,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

/* seen.json: {"format":"tablekeeper-seen","device":UID,"peers":@peers}, replaced durably.
 * @peers is the store's to define (e.g. each peer's uid → the last sequence read); it is
 * advisory, never needed to read anything. */
gboolean      tk_sync_folder_write_seen         (TkSyncFolder  *self,
                                                 JsonObject    *peers,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

/* A device's device.json or seen.json (@file_name one of the two), checked by tk-json.c and
 * for its "format"; at most 1 MiB.  %NULL with @error set when it is missing or invalid. */
JsonObject   *tk_sync_folder_read_device_file   (TkSyncFolder  *self,
                                                 const char    *device_uid,
                                                 const char    *file_name,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

/* Every `*.tkops` file in every device folder (ours too), sorted by device and name;
 * conflict copies in Syncthing's, Nextcloud's and Dropbox's styles included.  Not listed:
 * hidden names and names starting with "~" (carriers' and our temporary files), links, and
 * anything else.  A library without a devices folder yet has no files: an empty array.
 * (element-type TkSyncFolderEntry) */
GPtrArray    *tk_sync_folder_list               (TkSyncFolder  *self,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

/* The contents of a listed file, refused with TK_SYNC_FILE_ERROR_TOO_BIG beyond
 * TK_SYNC_FILE_MAX_SIZE without reading it all. */
GBytes       *tk_sync_folder_read_entry         (const TkSyncFolderEntry *entry,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

void          tk_sync_folder_entry_free         (TkSyncFolderEntry *entry);

/* The libraries in @folder, to join one: the uids of FOLDER/Tablekeeper/UID folders whose
 * library.json names UID, sorted.  (element-type utf8) */
GPtrArray    *tk_sync_folder_find_libraries     (GFile         *folder,
                                                 GCancellable  *cancellable,
                                                 GError       **error);

/* Whether @file lies inside a folder a carrier keeps in sync, recognised by the carrier's
 * marks in @file's folder or any folder above it: Syncthing `.stfolder`, `.stversions`;
 * Nextcloud and ownCloud `.sync_*.db`, `._sync_*.db`, `.nextcloudsync.log`,
 * `.owncloudsync.log`; Dropbox `.dropbox`, `.dropbox.cache`.  @synced_root (nullable) gets
 * the folder that holds the mark. */
TkSyncCarrier tk_sync_folder_find_carrier       (GFile         *file,
                                                 GFile        **synced_root);

/* FALSE with TK_SYNC_FOLDER_ERROR_SYNCED and the reason when @library_file lies inside a
 * synced folder: a live SQLite file must never be synced (its journal travels separately,
 * copies are taken mid-transaction, a conflict renames it under the open connection). */
gboolean      tk_sync_folder_check_library_file (GFile         *library_file,
                                                 GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkSyncFolderEntry, tk_sync_folder_entry_free)

G_END_DECLS
