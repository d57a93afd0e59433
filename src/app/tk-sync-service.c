/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-service.c — the app's side of sync (tk-sync-service.h).
 *
 * A pass runs in a GTask thread on a connection of its own (tk_store_open_secondary()), so
 * the window never waits for the folder; its own transactions are short (the fold and the
 * files it read are one).  Passes are asked for at start (an idle after the first frame),
 * when the main window gets the focus (TkApplication asks), a few seconds after a local
 * change (a commit hook on the app's connection; the worker's commits are on its own), and
 * when other devices' folders change (file monitors, set up again after each pass).  One
 * pass runs at a time; an ask meanwhile runs one more afterwards.
 *
 * Where the folder is kept: the library's own settings table (key "sync-folder"), so each
 * library file has its own folder or none, and nothing in GSettings needs a key per path.
 * That table is not synced (dump --canonical leaves it out): the folder is this device's
 * choice.
 */
#define G_LOG_DOMAIN "tk-sync-service"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "tk-sync-folder.h"
#include "tk-sync-kept.h"
#include "tk-sync-log.h"
#include "tk-sync-pass.h"
#include "tk-sync-service.h"

/* After a local change, and after a change in the folder: wait this long for more. */
#define LOCAL_DELAY_MS  3000
#define FOLDER_DELAY_MS 1000
/* Another writer (the catalog's first load, an import) holds the library: try again. */
#define BUSY_DELAY_MS   2000
#define BUSY_RETRIES    10

struct _TkSyncService
{
  GObject       parent_instance;

  TkStore      *store;
  GFile        *folder;
  char         *library_uid;    /* of the last pass, for the monitors */
  char         *device_uid;

  guint         timeout_id;
  guint         start_idle_id;
  GCancellable *cancellable;    /* of the running pass */
  gboolean      running;
  gboolean      again;          /* asked for while running */
  guint         busy_retries;

  gint64        last_run;
  char         *error;
  gboolean      far_ahead;
  GPtrArray    *devices;        /* TkSyncDevice */
  GPtrArray    *skipped;        /* TkSyncSkippedFile */
  guint         n_passes;

  GPtrArray    *monitors;       /* GFileMonitor */
  GListStore   *kept;           /* TkSyncKeptItem: "Changed on another device" */
  guint         kept_serial;    /* of the newest reading of it asked for */
};

enum
{
  PROP_0,
  PROP_STORE,
  PROP_FOLDER,
  PROP_RUNNING,
  PROP_LAST_RUN,
  PROP_ERROR,
  PROP_FAR_AHEAD,
  PROP_DEVICES,
  PROP_SKIPPED,
  N_PROPS
};

enum
{
  LIBRARY_CHANGED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkSyncService, tk_sync_service, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* What a pass hands back from its thread. */
typedef struct
{
  TkStore   *primary;
  GFile     *folder;
  gboolean   changed;
  char      *library_uid;
  char      *device_uid;
  gboolean   far_ahead;
  GPtrArray *devices;
  GPtrArray *skipped;
  GListStore *kept;             /* "Changed on another device" after the pass */
} PassData;

static void
device_free (gpointer data)
{
  TkSyncDevice *device = data;

  g_free (device->uid);
  g_free (device->name);
  g_free (device);
}

static void
skipped_file_free (gpointer data)
{
  TkSyncSkippedFile *skipped = data;

  g_free (skipped->path);
  g_free (skipped->reason);
  g_free (skipped);
}

static void
pass_data_free (gpointer data)
{
  PassData *pass = data;

  g_clear_object (&pass->primary);
  g_clear_object (&pass->folder);
  g_free (pass->library_uid);
  g_free (pass->device_uid);
  g_clear_pointer (&pass->devices, g_ptr_array_unref);
  g_clear_pointer (&pass->skipped, g_ptr_array_unref);
  g_clear_object (&pass->kept);
  g_free (pass);
}

/* ---- in the worker ---- */

/* "ops-FIRST-LAST…": LAST, or 0. */
static gint64
file_last_seq (const char *name)
{
  gint64 first = 0, last = 0;

  if (sscanf (name, "ops-%12" G_GINT64_MODIFIER "d-%12" G_GINT64_MODIFIER "d", &first,
              &last) != 2)
    return 0;
  return last;
}

static void
collect_status (TkStore      *store,
                PassData     *pass,
                GCancellable *cancellable)
{
  g_autoptr(JsonNode) status = tk_sync_pass_status (store, pass->folder, cancellable, NULL);
  g_autoptr(TkSyncFolder) folder = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  JsonObject *object;
  JsonArray *array;

  if (status == NULL || !JSON_NODE_HOLDS_OBJECT (status))
    return;
  object = json_node_get_object (status);
  folder = tk_sync_folder_new (pass->folder, pass->library_uid, pass->device_uid, NULL);
  entries = folder != NULL ? tk_sync_folder_list (folder, cancellable, NULL) : NULL;

  array = json_object_get_array_member (object, "devices");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *d = json_array_get_object_element (array, i);
      TkSyncDevice *device = g_new0 (TkSyncDevice, 1);

      device->uid = g_strdup (json_object_get_string_member_with_default (d, "uid", ""));
      device->name = g_strdup (json_object_get_string_member_with_default (d, "name", ""));
      device->this_device = json_object_get_boolean_member_with_default (d, "this_device",
                                                                          FALSE);
      device->folded = json_object_get_int_member_with_default (d, "folded_seq", 0);
      for (guint k = 0; entries != NULL && k < entries->len; k++)
        {
          const TkSyncFolderEntry *entry = entries->pdata[k];

          if (!g_str_equal (entry->device, device->uid))
            continue;
          device->available = MAX (device->available, file_last_seq (entry->name));
          device->last_seen_us = MAX (device->last_seen_us, entry->mtime_us);
        }
      g_ptr_array_add (pass->devices, device);
    }

  array = json_object_get_array_member (object, "skipped");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *s = json_array_get_object_element (array, i);
      const char *device = json_object_get_string_member_with_default (s, "device", "");
      const char *name = json_object_get_string_member_with_default (s, "file", "");
      TkSyncSkippedFile *skipped;
      gboolean present = FALSE;

      /* The library remembers every file it refused; only those still there are news. */
      for (guint k = 0; entries != NULL && k < entries->len && !present; k++)
        {
          const TkSyncFolderEntry *entry = entries->pdata[k];

          present = g_str_equal (entry->device, device) && g_str_equal (entry->name, name);
        }
      if (!present)
        continue;
      skipped = g_new0 (TkSyncSkippedFile, 1);
      skipped->path = g_strdup (json_object_get_string_member_with_default (s, "file", ""));
      skipped->reason = g_strdup (json_object_get_string_member_with_default (s, "reason", ""));
      g_ptr_array_add (pass->skipped, skipped);
    }
}

static void
run_pass (GTask        *task,
          gpointer      source_object,
          gpointer      task_data,
          GCancellable *cancellable)
{
  PassData *pass = task_data;
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkSyncPassResult) result = NULL;
  GError *error = NULL;

  store = tk_store_open_secondary (pass->primary, &error);
  if (store != NULL)
    result = tk_sync_pass_run (store, pass->folder, NULL, cancellable, &error);
  if (result == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  pass->changed = result->ops_received > 0 || result->joined || result->renewed;
  pass->far_ahead = result->far_ahead;
  pass->library_uid = g_strdup (result->library_uid);
  pass->device_uid = g_strdup (result->device_uid);
  collect_status (store, pass, cancellable);
  /* Read here, not on the main thread: with thousands of conflicts it takes a while. */
  pass->kept = tk_sync_kept_list (store, NULL);
  tk_store_close (store);
  g_task_return_boolean (task, TRUE);
}

/* ---- on the main thread ---- */

static void schedule (TkSyncService *self, guint delay_ms);

static void
set_error (TkSyncService *self,
           const char    *message)
{
  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
on_folder_changed (GFileMonitor      *monitor,
                   GFile             *file,
                   GFile             *other,
                   GFileMonitorEvent  event,
                   TkSyncService     *self)
{
  g_autofree char *name = g_file_get_basename (file);

  /* Carriers' and our temporary files come and go while a file arrives. */
  if (name != NULL && (name[0] == '.' || name[0] == '~'))
    return;
  if (event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT || event == G_FILE_MONITOR_EVENT_CREATED ||
      event == G_FILE_MONITOR_EVENT_MOVED_IN || event == G_FILE_MONITOR_EVENT_RENAMED ||
      event == G_FILE_MONITOR_EVENT_CHANGED || event == G_FILE_MONITOR_EVENT_DELETED ||
      event == G_FILE_MONITOR_EVENT_MOVED_OUT)
    schedule (self, FOLDER_DELAY_MS);
}

static void
add_monitor (TkSyncService *self,
             GFile         *dir)
{
  g_autoptr(GFileMonitor) monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES,
                                                              NULL, NULL);

  if (monitor == NULL)
    return;
  g_file_monitor_set_rate_limit (monitor, 500);
  g_signal_connect_object (monitor, "changed", G_CALLBACK (on_folder_changed), self, 0);
  g_ptr_array_add (self->monitors, g_steal_pointer (&monitor));
}

/* The folder's Tablekeeper/LIBRARY_UID/devices and every other device's folder in it.
 * When a folder is watched that was not before (a device appeared), files may have arrived
 * in it before its monitor: one more pass reads them. */
static void
watch_folder (TkSyncService *self)
{
  g_autoptr(GFile) devices = NULL;
  g_autoptr(GFileEnumerator) children = NULL;
  guint before = self->monitors->len;

  for (guint i = 0; i < self->monitors->len; i++)
    g_file_monitor_cancel (self->monitors->pdata[i]);
  g_ptr_array_set_size (self->monitors, 0);
  if (self->folder == NULL || self->library_uid == NULL)
    return;

  add_monitor (self, self->folder);
  devices = g_file_get_child (self->folder, "Tablekeeper");
  add_monitor (self, devices);
  g_set_object (&devices, g_file_get_child (devices, self->library_uid));
  add_monitor (self, devices);
  g_set_object (&devices, g_file_get_child (devices, "devices"));
  add_monitor (self, devices);
  children = g_file_enumerate_children (devices, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (children != NULL)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY &&
          g_strcmp0 (g_file_info_get_name (info), self->device_uid) != 0)
        add_monitor (self, child);
    }
  if (before > 0 && self->monitors->len > before)
    schedule (self, 0);
}

static gboolean
same_kept_item (TkSyncKeptItem *a,
                TkSyncKeptItem *b)
{
  return g_str_equal (tk_sync_kept_item_get_entity_type (a),
                      tk_sync_kept_item_get_entity_type (b)) &&
         g_str_equal (tk_sync_kept_item_get_entity_uid (a), tk_sync_kept_item_get_entity_uid (b)) &&
         g_str_equal (tk_sync_kept_item_get_field (a), tk_sync_kept_item_get_field (b)) &&
         g_strcmp0 (tk_sync_kept_item_get_op_uid (a), tk_sync_kept_item_get_op_uid (b)) == 0 &&
         g_strcmp0 (tk_sync_kept_item_get_current (a), tk_sync_kept_item_get_current (b)) == 0 &&
         g_strcmp0 (tk_sync_kept_item_get_title (a), tk_sync_kept_item_get_title (b)) == 0 &&
         g_strcmp0 (tk_sync_kept_item_get_current_device_uid (a),
                    tk_sync_kept_item_get_current_device_uid (b)) == 0;
}

/* "Changed on another device" as read by a pass or a reading in a thread.  Left alone when
 * nothing changed, so that a list open on screen keeps its rows (and the keyboard focus)
 * across the passes that bring nothing; replaced whole otherwise (also when @names_changed:
 * the rows name the devices). */
static void
set_kept (TkSyncService *self,
          GListModel    *items,
          gboolean       names_changed)
{
  g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = items != NULL ? g_list_model_get_n_items (items) : 0;
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->kept));
  gboolean same = n == old && !names_changed;

  for (guint i = 0; i < n; i++)
    {
      TkSyncKeptItem *item = g_list_model_get_item (items, i);

      g_ptr_array_add (array, item);
      if (same)
        {
          g_autoptr(TkSyncKeptItem) shown = g_list_model_get_item (G_LIST_MODEL (self->kept), i);

          same = same_kept_item (item, shown);
        }
    }
  if (!same)
    g_list_store_splice (self->kept, 0, old, array->pdata, array->len);
}

/* Whether two passes' devices have the same uids and names, in the same order. */
static gboolean
same_device_names (GPtrArray *a,
                   GPtrArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return a == b;
  for (guint i = 0; i < a->len; i++)
    {
      const TkSyncDevice *x = a->pdata[i];
      const TkSyncDevice *y = b->pdata[i];

      if (g_strcmp0 (x->uid, y->uid) != 0 || g_strcmp0 (x->name, y->name) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
kept_read (GTask        *task,
           gpointer      source_object,
           gpointer      task_data,
           GCancellable *cancellable)
{
  g_autoptr(TkStore) store = NULL;
  GListStore *items = NULL;
  GError *error = NULL;

  store = tk_store_open_secondary (task_data, &error);
  if (store != NULL)
    {
      items = tk_sync_kept_list (store, &error);
      tk_store_close (store);
    }
  if (items == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, items, g_object_unref);
}

static void
kept_read_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  TkSyncService *self = TK_SYNC_SERVICE (source);
  g_autoptr(GListStore) items = NULL;
  g_autoptr(GError) error = NULL;

  items = g_task_propagate_pointer (G_TASK (result), &error);
  if (GPOINTER_TO_UINT (user_data) != self->kept_serial)
    return;
  if (items == NULL)
    {
      /* The list stays as it was; the next pass reads it again. */
      g_debug ("Could not list what sync kept: %s", error->message);
      return;
    }
  set_kept (self, G_LIST_MODEL (items), FALSE);
}

/* Reads "Changed on another device" again in a thread, on a connection of its own.  A
 * read-only library is not synced and cannot restore: nothing is listed. */
static void
reload_kept (TkSyncService *self)
{
  g_autoptr(GTask) task = NULL;

  self->kept_serial++;
  if (self->store == NULL || tk_store_is_read_only (self->store))
    return;
  if (tk_store_get_path (self->store) == NULL)
    {
      /* In memory (tests): no second connection, and small. */
      g_autoptr(GListStore) items = tk_sync_kept_list (self->store, NULL);

      set_kept (self, G_LIST_MODEL (items), FALSE);
      return;
    }
  task = g_task_new (self, NULL, kept_read_done, GUINT_TO_POINTER (self->kept_serial));
  g_task_set_task_data (task, g_object_ref (self->store), g_object_unref);
  g_task_run_in_thread (task, kept_read);
}

static void
pass_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(TkSyncService) self = user_data;
  PassData *pass = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  GObject *object = G_OBJECT (self);
  gboolean names_changed;

  if (!g_task_propagate_boolean (G_TASK (result), &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_object_freeze_notify (object);
  self->running = FALSE;
  g_clear_object (&self->cancellable);
  g_object_notify_by_pspec (object, properties[PROP_RUNNING]);
  if (g_error_matches (error, TK_STORE_ERROR, TK_STORE_ERROR_BUSY) &&
      self->busy_retries < BUSY_RETRIES && pass->primary == self->store)
    {
      /* Not a pass that ran: another writer held the library past the busy timeout. */
      g_debug ("Sync pass waits for another writer: %s", error->message);
      self->busy_retries++;
      self->again = FALSE;
      g_object_thaw_notify (object);
      schedule (self, BUSY_DELAY_MS);
      return;
    }
  self->busy_retries = 0;
  self->n_passes++;
  self->last_run = g_get_real_time ();
  g_object_notify_by_pspec (object, properties[PROP_LAST_RUN]);

  /* The folder or the library changed meanwhile: this pass's news are not theirs. */
  if (pass->primary != self->store || self->folder == NULL ||
      !g_file_equal (pass->folder, self->folder))
    {
      g_object_thaw_notify (object);
      if (self->folder != NULL)
        schedule (self, 0);
      return;
    }

  if (error != NULL)
    {
      g_debug ("Sync pass failed: %s", error->message);
      set_error (self, error->message);
    }
  else
    {
      set_error (self, NULL);
      g_free (self->library_uid);
      self->library_uid = g_strdup (pass->library_uid);
      g_free (self->device_uid);
      self->device_uid = g_strdup (pass->device_uid);
      self->far_ahead = pass->far_ahead;
      names_changed = !same_device_names (self->devices, pass->devices);
      g_clear_pointer (&self->devices, g_ptr_array_unref);
      self->devices = g_steal_pointer (&pass->devices);
      g_clear_pointer (&self->skipped, g_ptr_array_unref);
      self->skipped = g_steal_pointer (&pass->skipped);
      g_object_notify_by_pspec (object, properties[PROP_FAR_AHEAD]);
      g_object_notify_by_pspec (object, properties[PROP_DEVICES]);
      g_object_notify_by_pspec (object, properties[PROP_SKIPPED]);
      watch_folder (self);
      if (pass->kept != NULL)
        {
          /* A newer reading asked for meanwhile (after a restore) would be older than this. */
          self->kept_serial++;
          set_kept (self, G_LIST_MODEL (pass->kept), names_changed);
        }
    }
  g_object_thaw_notify (object);

  if (error == NULL && pass->changed)
    {
      /* The pages read the library again; the app's connection sees the worker's commit. */
      g_signal_emit (self, signals[LIBRARY_CHANGED], 0);
    }
  if (self->again)
    {
      self->again = FALSE;
      schedule (self, 0);
    }
}

static void
start_pass (TkSyncService *self)
{
  g_autoptr(GTask) task = NULL;
  PassData *pass;

  if (self->store == NULL || self->folder == NULL)
    return;
  if (self->running)
    {
      self->again = TRUE;
      return;
    }
  if (tk_store_is_read_only (self->store) || tk_store_get_path (self->store) == NULL)
    return;

  self->running = TRUE;
  self->cancellable = g_cancellable_new ();
  pass = g_new0 (PassData, 1);
  pass->primary = g_object_ref (self->store);
  pass->folder = g_object_ref (self->folder);
  pass->devices = g_ptr_array_new_with_free_func (device_free);
  pass->skipped = g_ptr_array_new_with_free_func (skipped_file_free);
  task = g_task_new (NULL, self->cancellable, pass_done, g_object_ref (self));
  g_task_set_source_tag (task, start_pass);
  g_task_set_task_data (task, pass, pass_data_free);
  g_task_run_in_thread (task, run_pass);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static gboolean
timeout_cb (gpointer user_data)
{
  TkSyncService *self = user_data;

  self->timeout_id = 0;
  start_pass (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (TkSyncService *self,
          guint          delay_ms)
{
  if (self->store == NULL || self->folder == NULL)
    return;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  self->timeout_id = g_timeout_add (delay_ms, timeout_cb, self);
}

/* SQLite calls this on the app's connection as a transaction commits (no database calls
 * allowed here): a local change, to be written to the folder a few seconds later. */
static int
commit_hook (void *user_data)
{
  TkSyncService *self = user_data;

  if (self->folder != NULL)
    schedule (self, LOCAL_DELAY_MS);
  return 0;
}

static gboolean
start_idle_cb (gpointer user_data)
{
  TkSyncService *self = user_data;

  self->start_idle_id = 0;
  start_pass (self);
  return G_SOURCE_REMOVE;
}

static char *
read_folder_setting (TkStore *store)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT value FROM settings WHERE key = ?1",
                                         NULL);
  char *path = NULL;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, TK_SYNC_SERVICE_FOLDER_KEY, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
    path = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return path;
}

static gboolean
write_folder_setting (TkStore     *store,
                      const char  *path,
                      GError     **error)
{
  sqlite3_stmt *stmt;

  if (path == NULL)
    stmt = tk_store_prepare (store, "DELETE FROM settings WHERE key = ?1", error);
  else
    stmt = tk_store_prepare (store, "INSERT OR REPLACE INTO settings (key, value)"
                                    " VALUES (?1, ?2)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, TK_SYNC_SERVICE_FOLDER_KEY, -1, SQLITE_STATIC);
  if (path != NULL)
    sqlite3_bind_text (stmt, 2, path, -1, SQLITE_TRANSIENT);
  return tk_store_step_done (store, stmt, error);
}

static void
forget_results (TkSyncService *self)
{
  GObject *object = G_OBJECT (self);

  g_clear_pointer (&self->library_uid, g_free);
  g_clear_pointer (&self->device_uid, g_free);
  g_ptr_array_set_size (self->devices, 0);
  g_ptr_array_set_size (self->skipped, 0);
  self->far_ahead = FALSE;
  self->last_run = 0;
  set_error (self, NULL);
  watch_folder (self);
  g_object_notify_by_pspec (object, properties[PROP_DEVICES]);
  g_object_notify_by_pspec (object, properties[PROP_SKIPPED]);
  g_object_notify_by_pspec (object, properties[PROP_FAR_AHEAD]);
  g_object_notify_by_pspec (object, properties[PROP_LAST_RUN]);
}

static void
cancel_pass (TkSyncService *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_handle_id (&self->start_idle_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->running)
    {
      self->running = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
    }
  self->again = FALSE;
}

/* The library file may not lie in a synced folder itself: said at start as at choosing. */
static gboolean
check_library (TkSyncService  *self,
               GError        **error)
{
  g_autoptr(GFile) library = NULL;

  if (tk_store_get_path (self->store) == NULL)
    return TRUE;
  library = g_file_new_for_path (tk_store_get_path (self->store));
  return tk_sync_folder_check_library_file (library, error);
}

static void
tk_sync_service_dispose (GObject *object)
{
  TkSyncService *self = TK_SYNC_SERVICE (object);

  tk_sync_service_set_store (self, NULL);
  cancel_pass (self);
  if (self->monitors != NULL)
    for (guint i = 0; i < self->monitors->len; i++)
      g_file_monitor_cancel (self->monitors->pdata[i]);
  g_clear_pointer (&self->monitors, g_ptr_array_unref);

  G_OBJECT_CLASS (tk_sync_service_parent_class)->dispose (object);
}

static void
tk_sync_service_finalize (GObject *object)
{
  TkSyncService *self = TK_SYNC_SERVICE (object);

  g_clear_object (&self->folder);
  g_free (self->library_uid);
  g_free (self->device_uid);
  g_free (self->error);
  g_clear_pointer (&self->devices, g_ptr_array_unref);
  g_clear_pointer (&self->skipped, g_ptr_array_unref);
  g_clear_object (&self->kept);

  G_OBJECT_CLASS (tk_sync_service_parent_class)->finalize (object);
}

static void
tk_sync_service_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TkSyncService *self = TK_SYNC_SERVICE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_FOLDER:
      g_value_set_object (value, self->folder);
      break;

    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;

    case PROP_LAST_RUN:
      g_value_set_int64 (value, self->last_run);
      break;

    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;

    case PROP_FAR_AHEAD:
      g_value_set_boolean (value, self->far_ahead);
      break;

    case PROP_DEVICES:
      g_value_set_boxed (value, self->devices);
      break;

    case PROP_SKIPPED:
      g_value_set_boxed (value, self->skipped);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_sync_service_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TkSyncService *self = TK_SYNC_SERVICE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_sync_service_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_sync_service_class_init (TkSyncServiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tk_sync_service_dispose;
  object_class->finalize = tk_sync_service_finalize;
  object_class->get_property = tk_sync_service_get_property;
  object_class->set_property = tk_sync_service_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FOLDER] =
    g_param_spec_object ("folder", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAST_RUN] =
    g_param_spec_int64 ("last-run", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FAR_AHEAD] =
    g_param_spec_boolean ("far-ahead", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* (element-type TkSyncDevice) */
  properties[PROP_DEVICES] =
    g_param_spec_boxed ("devices", NULL, NULL, G_TYPE_PTR_ARRAY,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* (element-type TkSyncSkippedFile) */
  properties[PROP_SKIPPED] =
    g_param_spec_boxed ("skipped", NULL, NULL, G_TYPE_PTR_ARRAY,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TkSyncService::library-changed:
   *
   * A pass brought other devices' changes into the library: what shows it reads it again.
   */
  signals[LIBRARY_CHANGED] = g_signal_new ("library-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
}

static void
tk_sync_service_init (TkSyncService *self)
{
  self->devices = g_ptr_array_new_with_free_func (device_free);
  self->skipped = g_ptr_array_new_with_free_func (skipped_file_free);
  self->monitors = g_ptr_array_new_with_free_func (g_object_unref);
  self->kept = g_list_store_new (TK_TYPE_SYNC_KEPT_ITEM);
}

TkSyncService *
tk_sync_service_new (void)
{
  return g_object_new (TK_TYPE_SYNC_SERVICE, NULL);
}

TkStore *
tk_sync_service_get_store (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), NULL);
  return self->store;
}

void
tk_sync_service_set_store (TkSyncService *self,
                           TkStore       *store)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (TK_IS_SYNC_SERVICE (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (self->store == store)
    return;
  cancel_pass (self);
  if (self->store != NULL)
    sqlite3_commit_hook (tk_store_get_db (self->store), NULL, NULL);
  g_set_object (&self->store, store);
  g_clear_object (&self->folder);
  forget_results (self);

  if (store != NULL && !tk_store_is_read_only (store))
    {
      path = read_folder_setting (store);
      if (path != NULL && *path != '\0')
        self->folder = g_file_new_for_path (path);
      sqlite3_commit_hook (tk_store_get_db (store), commit_hook, self);
    }
  if (self->folder != NULL)
    {
      if (!check_library (self, &error))
        set_error (self, error->message);
      else
        self->start_idle_id = g_idle_add_full (G_PRIORITY_LOW, start_idle_cb, self, NULL);
    }
  set_kept (self, NULL, TRUE);
  reload_kept (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

GFile *
tk_sync_service_get_folder (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), NULL);
  return self->folder;
}

gboolean
tk_sync_service_set_folder (TkSyncService  *self,
                            GFile          *folder,
                            GError        **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (folder), FALSE);

  if (self->store == NULL || tk_store_is_read_only (self->store))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY,
                   _("A library opened read-only cannot be synced."));
      return FALSE;
    }
  path = g_file_get_path (folder);
  if (path == NULL)
    {
      g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_LOCAL,
                   _("The sync folder must be a folder on this computer."));
      return FALSE;
    }
  if (!check_library (self, error) || !write_folder_setting (self->store, path, error))
    return FALSE;

  cancel_pass (self);
  g_set_object (&self->folder, folder);
  forget_results (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
  schedule (self, 0);
  return TRUE;
}

gboolean
tk_sync_service_stop (TkSyncService  *self,
                      GError        **error)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), FALSE);

  if (self->store != NULL && !write_folder_setting (self->store, NULL, error))
    return FALSE;
  cancel_pass (self);
  g_clear_object (&self->folder);
  forget_results (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
  return TRUE;
}

char *
tk_sync_service_dup_device_name (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), NULL);

  return self->store != NULL ? tk_sync_log_device_name (self->store, NULL) : NULL;
}

gboolean
tk_sync_service_set_device_name (TkSyncService  *self,
                                 const char     *name,
                                 GError        **error)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), FALSE);

  if (self->store == NULL)
    return TRUE;
  if (!tk_sync_log_set_device_name (self->store, name, error))
    return FALSE;
  /* device.json carries the name: written by the next pass. */
  schedule (self, 0);
  return TRUE;
}

void
tk_sync_service_request (TkSyncService *self,
                         guint          delay_ms)
{
  g_return_if_fail (TK_IS_SYNC_SERVICE (self));

  if (self->error != NULL && self->folder != NULL && !check_library (self, NULL))
    return;
  schedule (self, delay_ms);
}

gboolean
tk_sync_service_get_running (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), FALSE);
  return self->running;
}

gint64
tk_sync_service_get_last_run (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), 0);
  return self->last_run;
}

const char *
tk_sync_service_get_error (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), NULL);
  return self->error;
}

gboolean
tk_sync_service_get_far_ahead (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), FALSE);
  return self->far_ahead;
}

GPtrArray *
tk_sync_service_get_devices (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), NULL);
  return self->devices;
}

GPtrArray *
tk_sync_service_get_skipped (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), NULL);
  return self->skipped;
}

guint
tk_sync_service_get_n_passes (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), 0);
  return self->n_passes;
}

GListModel *
tk_sync_service_get_kept (TkSyncService *self)
{
  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), NULL);
  return G_LIST_MODEL (self->kept);
}

gboolean
tk_sync_service_restore (TkSyncService   *self,
                         TkSyncKeptItem  *item,
                         GError         **error)
{
  guint position;

  g_return_val_if_fail (TK_IS_SYNC_SERVICE (self), FALSE);
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (item), FALSE);

  if (self->store == NULL)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED, _("No library is open"));
      return FALSE;
    }
  if (!tk_sync_kept_restore (self->store, item, error))
    {
      /* Whatever the reason (another device's news folded meanwhile), list what is true. */
      reload_kept (self);
      return FALSE;
    }
  /* The row goes at once; the list is read again (a game back may bring values of its own
   * that were not listed while it was deleted). */
  if (g_list_store_find (self->kept, item, &position))
    g_list_store_remove (self->kept, position);
  reload_kept (self);
  /* The pages read the library again, as after a pass that brought changes; the commit
   * hook has asked for a pass that takes the restored value to the other devices. */
  g_signal_emit (self, signals[LIBRARY_CHANGED], 0);
  return TRUE;
}
