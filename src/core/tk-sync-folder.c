/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-folder.c — the sync folder on disk (tk-sync-folder.h). */
#define G_LOG_DOMAIN "tk-sync-folder"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tk-json.h"
#include "tk-kill-point.h"
#include "tk-sync-file.h"
#include "tk-sync-folder.h"

#define APP_FOLDER "Tablekeeper"
#define DEVICES_FOLDER "devices"
#define LIBRARY_FILE "library.json"
#define DEVICE_FILE "device.json"
#define SEEN_FILE "seen.json"
#define OPS_SUFFIX ".tkops"
/* A temporary file is ".NAME" + TEMP_INFIX + six random characters: hidden, and never ending
 * in ".tkops", so no reader (ours or a carrier's user) takes it for a finished file. */
#define TEMP_INFIX ".tmp-"
#define TEMP_RANDOM "XXXXXX"
/* library.json, device.json and seen.json are a few hundred bytes; anything near this is not
 * ours. */
#define SMALL_FILE_MAX (1024 * 1024)

struct _TkSyncFolder
{
  GObject  parent_instance;

  GFile   *folder;
  char    *library_uid;
  char    *device_uid;
  char    *library_path;   /* FOLDER/Tablekeeper/LIBRARY_UID */
  char    *devices_path;   /* …/devices */
  char    *device_path;    /* …/devices/DEVICE_UID */
};

G_DEFINE_FINAL_TYPE (TkSyncFolder, tk_sync_folder, G_TYPE_OBJECT)

G_DEFINE_QUARK (tk-sync-folder-error-quark, tk_sync_folder_error)

typedef enum
{
  IO_WRITE,
  IO_MAKE_FOLDER,
  IO_REMOVE,
} IoStep;

static gboolean
io_error (GError    **error,
          int         saved_errno,
          IoStep      step,
          const char *path)
{
  g_autofree char *display = g_filename_display_name (path);
  GIOErrorEnum code = g_io_error_from_errno (saved_errno);
  const char *reason = g_strerror (saved_errno);

  switch (step)
    {
    case IO_WRITE:
      g_set_error (error, G_IO_ERROR, code, _("Could not write “%s”: %s"), display, reason);
      break;
    case IO_MAKE_FOLDER:
      g_set_error (error, G_IO_ERROR, code, _("Could not make the folder “%s”: %s"), display,
                   reason);
      break;
    case IO_REMOVE:
      g_set_error (error, G_IO_ERROR, code, _("Could not remove “%s”: %s"), display, reason);
      break;
    }
  return FALSE;
}

/* The kinds of file in a folder, without following links: a link where a folder of ours
 * should be could point anywhere, and we would write there. */
static GFileType
file_type (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return g_file_query_file_type (file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL);
}

static gboolean
ensure_folder (const char *path,
               GError    **error)
{
  GFileType type = file_type (path);

  if (type == G_FILE_TYPE_UNKNOWN)
    {
      if (g_mkdir (path, 0777) == 0 || errno == EEXIST)
        type = file_type (path);
      else
        return io_error (error, errno, IO_MAKE_FOLDER, path);
    }
  if (type != G_FILE_TYPE_DIRECTORY)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_A_FOLDER,
                   _("“%s” should be a folder, but something else is there."), display);
      return FALSE;
    }
  return TRUE;
}

/* Our folders, from the library's down to our device's; each must be a real folder. */
static gboolean
ensure_own_folders (TkSyncFolder *self,
                    GError      **error)
{
  g_autofree char *app = g_path_get_dirname (self->library_path);

  return ensure_folder (app, error) && ensure_folder (self->library_path, error) &&
         ensure_folder (self->devices_path, error) && ensure_folder (self->device_path, error);
}

static gboolean
sync_folder_to_disk (const char *folder,
                     GError    **error)
{
  int fd = open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    return io_error (error, errno, IO_WRITE, folder);
  /* Some file systems (FUSE, network shares) cannot sync a folder: the rename is then as
   * durable as they make it, which is all that can be done. */
  if (fsync (fd) != 0 && errno != EINVAL && errno != ENOTSUP)
    {
      int saved = errno;

      close (fd);
      return io_error (error, saved, IO_WRITE, folder);
    }
  close (fd);
  return TRUE;
}

/* Writes @bytes as @folder/@name: a temporary file in the same folder, written and synced,
 * renamed over @name (which replaces it atomically), then the folder synced so that the
 * rename survives a power cut.  A kill at any point leaves either the old file or the new
 * one under @name, and at worst a temporary file that tk_sync_folder_prepare() removes. */
static gboolean
write_durably (const char   *folder,
               const char   *name,
               GBytes       *bytes,
               GCancellable *cancellable,
               GError      **error)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autofree char *temp_name = g_strconcat (".", name, TEMP_INFIX, TEMP_RANDOM, NULL);
  g_autofree char *temp = g_build_filename (folder, temp_name, NULL);
  const char *data;
  gsize size, done = 0;
  int fd;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    return io_error (error, errno, IO_WRITE, path);
  while (done < size)
    {
      gssize n = write (fd, data + done, size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        break;
      done += (gsize) n;
    }
  if (done < size || fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      g_unlink (temp);
      return io_error (error, saved, IO_WRITE, path);
    }
  if (close (fd) != 0)
    {
      int saved = errno;

      g_unlink (temp);
      return io_error (error, saved, IO_WRITE, path);
    }
  tk_kill_point ("temp-written");
  if (g_rename (temp, path) != 0)
    {
      int saved = errno;

      g_unlink (temp);
      return io_error (error, saved, IO_WRITE, path);
    }
  return sync_folder_to_disk (folder, error);
}

static GBytes *
too_big (GError    **error,
         const char *path,
         gsize       limit)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_TOO_BIG,
               _("“%s” is larger than %d MiB, more than Tablekeeper ever writes there."),
               display, (int) (limit / (1024 * 1024)));
  return NULL;
}

/* Reads a whole file of at most @limit bytes; a larger one is refused after @limit + 1 bytes,
 * so that a huge or endless file costs no more than that. */
static GBytes *
read_limited (const char   *path,
              gsize         limit,
              gsize         size_hint,
              GCancellable *cancellable,
              GError      **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GByteArray) data = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  guint8 buffer[65536];

  stream = g_file_read (file, cancellable, &local_error);
  if (stream == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, local_error->domain, local_error->code, _("Could not read “%s”: %s"),
                   display, local_error->message);
      return NULL;
    }
  /* A file already larger is refused at once; the count below catches one that grows. */
  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable,
                                         NULL);
  if (info != NULL && g_file_info_get_size (info) > 0 &&
      (guint64) g_file_info_get_size (info) > limit)
    return too_big (error, path, limit);
  data = g_byte_array_sized_new ((guint) MIN (size_hint, limit));
  for (;;)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), buffer, sizeof buffer,
                                      cancellable, &local_error);

      if (n < 0)
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, local_error->domain, local_error->code,
                       _("Could not read “%s”: %s"), display, local_error->message);
          return NULL;
        }
      if (n == 0)
        break;
      if (data->len + (gsize) n > limit)
        return too_big (error, path, limit);
      g_byte_array_append (data, buffer, (guint) n);
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

/* A small JSON file of ours (library.json, device.json, seen.json) whose "format" is
 * @format. */
static JsonObject *
read_small_json (const char   *path,
                 const char   *format,
                 GCancellable *cancellable,
                 GError      **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonObject) object = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = g_filename_display_name (path);
  JsonNode *member;

  bytes = read_limited (path, SMALL_FILE_MAX, 4096, cancellable, error);
  if (bytes == NULL)
    return NULL;
  object = tk_json_load_object (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                &local_error);
  if (object == NULL)
    {
      g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_FILE,
                   _("“%s” cannot be read: %s"), display, local_error->message);
      return NULL;
    }
  member = json_object_get_member (object, "format");
  if (member == NULL || json_node_get_value_type (member) != G_TYPE_STRING ||
      strcmp (json_node_get_string (member), format) != 0)
    {
      g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_FILE,
                   _("“%s” is not a file Tablekeeper wrote."), display);
      return NULL;
    }
  return g_steal_pointer (&object);
}

static GBytes *
json_bytes (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);
  return g_bytes_new_take (g_strconcat (text, "\n", NULL), strlen (text) + 1);
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* A temporary file this device leaves in its own folder when killed while writing: exactly
 * the names write_durably() makes, nothing a carrier or a person might have put there. */
static gboolean
is_own_temp_name (const char *name)
{
  static const char *const targets[] = { DEVICE_FILE, SEEN_FILE };
  const char *infix = g_strrstr (name, TEMP_INFIX);
  g_autofree char *target = NULL;
  guint i;

  if (name[0] != '.' || infix == NULL || strlen (infix) != strlen (TEMP_INFIX TEMP_RANDOM))
    return FALSE;
  target = g_strndup (name + 1, (gsize) (infix - name - 1));
  for (i = 0; i < G_N_ELEMENTS (targets); i++)
    if (strcmp (target, targets[i]) == 0)
      return TRUE;
  return g_str_has_prefix (target, "ops-") && g_str_has_suffix (target, OPS_SUFFIX) &&
         strchr (target, ' ') == NULL;
}

static gboolean
remove_own_temp_files (TkSyncFolder  *self,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  dir = g_dir_open (self->device_path, 0, error);
  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;

      if (!is_own_temp_name (name))
        continue;
      path = g_build_filename (self->device_path, name, NULL);
      if (file_type (path) == G_FILE_TYPE_REGULAR && g_unlink (path) != 0 && errno != ENOENT)
        return io_error (error, errno, IO_REMOVE, path);
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const TkSyncFolderEntry *x = *(TkSyncFolderEntry *const *) a;
  const TkSyncFolderEntry *y = *(TkSyncFolderEntry *const *) b;
  int order = strcmp (x->device, y->device);

  return order != 0 ? order : strcmp (x->name, y->name);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A name a reader takes: "*.tkops", not hidden and not "~…" (carriers' temporary files and
 * ours are hidden: `.syncthing.NAME.tmp`, `.ops-….tkops.tmp-XXXXXX`; editors and some
 * carriers write `~NAME`).  Conflict copies keep the extension and are taken. */
static gboolean
is_ops_name (const char *name)
{
  return name[0] != '.' && name[0] != '~' && g_str_has_suffix (name, OPS_SUFFIX) &&
         strlen (name) > strlen (OPS_SUFFIX);
}

/* The children of @path (names, types, sizes, times), without following links; NULL and no
 * error when @path does not exist. */
static GFileEnumerator *
enumerate (const char   *path,
           GCancellable *cancellable,
           GError      **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) local_error = NULL;
  GFileEnumerator *children;

  children = g_file_enumerate_children (file,
                                        G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                        G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                        cancellable, &local_error);
  if (children == NULL && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, local_error->domain, local_error->code, _("Could not read “%s”: %s"),
                   display, local_error->message);
    }
  return children;
}

static gboolean
list_device (const char   *devices_path,
             const char   *device,
             GPtrArray    *entries,
             GCancellable *cancellable,
             GError      **error)
{
  g_autofree char *path = g_build_filename (devices_path, device, NULL);
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GError) local_error = NULL;
  GFileInfo *info;

  children = enumerate (path, cancellable, &local_error);
  if (children == NULL)
    {
      /* a device folder removed since the devices were listed has no files */
      if (local_error == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  while ((info = g_file_enumerator_next_file (children, cancellable, &local_error)) != NULL)
    {
      g_autoptr(GFileInfo) owned = info;
      const char *name = g_file_info_get_name (info);
      TkSyncFolderEntry *entry;

      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR || !is_ops_name (name))
        continue;
      entry = g_new0 (TkSyncFolderEntry, 1);
      entry->path = g_build_filename (path, name, NULL);
      entry->device = g_strdup (device);
      entry->name = g_strdup (name);
      entry->size = (guint64) g_file_info_get_size (info);
      entry->mtime_us =
        (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) *
          G_USEC_PER_SEC +
        g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
      g_ptr_array_add (entries, entry);
    }
  if (local_error != NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, local_error->domain, local_error->code, _("Could not read “%s”: %s"),
                   display, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static void
tk_sync_folder_finalize (GObject *object)
{
  TkSyncFolder *self = TK_SYNC_FOLDER (object);

  g_clear_object (&self->folder);
  g_free (self->library_uid);
  g_free (self->device_uid);
  g_free (self->library_path);
  g_free (self->devices_path);
  g_free (self->device_path);
  G_OBJECT_CLASS (tk_sync_folder_parent_class)->finalize (object);
}

static void
tk_sync_folder_class_init (TkSyncFolderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_sync_folder_finalize;
}

static void
tk_sync_folder_init (TkSyncFolder *self)
{
}

void
tk_sync_folder_entry_free (TkSyncFolderEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->path);
  g_free (entry->device);
  g_free (entry->name);
  g_free (entry);
}

/**
 * tk_sync_folder_new:
 * @folder: the folder the carrier keeps in sync
 * @library_uid: the library's uid
 * @device_uid: this device's uid
 * @error: a #TK_SYNC_FOLDER_ERROR
 *
 * Returns: (transfer full): the folder, or %NULL with @error set
 */
TkSyncFolder *
tk_sync_folder_new (GFile       *folder,
                    const char  *library_uid,
                    const char  *device_uid,
                    GError     **error)
{
  g_autoptr(TkSyncFolder) self = NULL;
  g_autofree char *root = NULL;
  const char *uids[] = { library_uid, device_uid };
  guint i;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  root = g_file_get_path (folder);
  if (root == NULL)
    {
      g_set_error_literal (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_LOCAL,
                           _("The sync folder must be a folder on this computer."));
      return NULL;
    }
  for (i = 0; i < G_N_ELEMENTS (uids); i++)
    if (!tk_sync_file_uid_is_valid (uids[i]))
      {
        g_autofree char *shown = g_utf8_make_valid (uids[i] != NULL ? uids[i] : "", -1);

        g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_UID,
                     _("“%s” cannot name a library or a device in the sync folder."), shown);
        return NULL;
      }

  self = g_object_new (TK_TYPE_SYNC_FOLDER, NULL);
  self->folder = g_object_ref (folder);
  self->library_uid = g_strdup (library_uid);
  self->device_uid = g_strdup (device_uid);
  self->library_path = g_build_filename (root, APP_FOLDER, library_uid, NULL);
  self->devices_path = g_build_filename (self->library_path, DEVICES_FOLDER, NULL);
  self->device_path = g_build_filename (self->devices_path, device_uid, NULL);
  return g_steal_pointer (&self);
}

/**
 * tk_sync_folder_get_library_dir:
 *
 * Returns: (transfer full): FOLDER/Tablekeeper/LIBRARY_UID
 */
GFile *
tk_sync_folder_get_library_dir (TkSyncFolder *self)
{
  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), NULL);

  return g_file_new_for_path (self->library_path);
}

/**
 * tk_sync_folder_get_device_dir:
 *
 * Returns: (transfer full): our device folder
 */
GFile *
tk_sync_folder_get_device_dir (TkSyncFolder *self)
{
  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), NULL);

  return g_file_new_for_path (self->device_path);
}

gboolean
tk_sync_folder_prepare (TkSyncFolder  *self,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autofree char *path = NULL;
  g_autoptr(JsonObject) existing = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ensure_own_folders (self, error))
    return FALSE;

  path = g_build_filename (self->library_path, LIBRARY_FILE, NULL);
  if (file_type (path) == G_FILE_TYPE_UNKNOWN)
    {
      g_autoptr(JsonObject) library = json_object_new ();
      g_autoptr(GBytes) bytes = NULL;

      json_object_set_string_member (library, "format", "tablekeeper-library");
      json_object_set_string_member (library, "library", self->library_uid);
      bytes = json_bytes (library);
      if (!write_durably (self->library_path, LIBRARY_FILE, bytes, cancellable, error))
        return FALSE;
    }
  else
    {
      /* Written once by whichever device made the library; never rewritten, even when it
       * cannot be read (the operations name their library themselves). */
      existing = read_small_json (path, "tablekeeper-library", cancellable, &local_error);
      if (existing == NULL)
        g_debug ("%s is left as it is: %s", path, local_error->message);
      else if (g_strcmp0 (member_string (existing, "library"), self->library_uid) != 0)
        {
          g_autofree char *display = g_filename_display_name (path);
          g_autofree char *other = g_utf8_make_valid (member_string (existing, "library") != NULL
                                                        ? member_string (existing, "library")
                                                        : "?", -1);

          g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_WRONG_LIBRARY,
                       _("“%s” belongs to another library (%s)."), display, other);
          return FALSE;
        }
    }
  return remove_own_temp_files (self, cancellable, error);
}

/**
 * tk_sync_folder_write_ops:
 *
 * Returns: (transfer full): the file written (or found already written), or %NULL with
 *   @error set: a #TK_SYNC_FILE_ERROR for operations the codec refuses, a #G_IO_ERROR, or a
 *   #TK_SYNC_FOLDER_ERROR
 */
GFile *
tk_sync_folder_write_ops (TkSyncFolder  *self,
                          gint64         first,
                          gint64         last,
                          GPtrArray     *op_lines,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  GFileType type;

  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), NULL);
  g_return_val_if_fail (op_lines != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  bytes = tk_sync_file_encode (self->library_uid, self->device_uid, first, last, op_lines, error);
  if (bytes == NULL)
    return NULL;
  if (!ensure_own_folders (self, error))
    return NULL;

  /* 12 digits each (tk_sync_file_encode() checked the range), so names sort by sequence. */
  name = g_strdup_printf ("ops-%012" G_GINT64_MODIFIER "d-%012" G_GINT64_MODIFIER "d" OPS_SUFFIX,
                          first, last);
  path = g_build_filename (self->device_path, name, NULL);
  type = file_type (path);
  if (type != G_FILE_TYPE_UNKNOWN)
    {
      g_autoptr(GBytes) existing = NULL;

      /* Only this device writes here, and one process at a time (the library is locked):
       * a file of that name is ours from before a kill, or a clone's. */
      if (type == G_FILE_TYPE_REGULAR)
        existing = read_limited (path, g_bytes_get_size (bytes), g_bytes_get_size (bytes),
                                 cancellable, NULL);
      if (existing != NULL && g_bytes_equal (existing, bytes))
        return g_file_new_for_path (path);
      {
        g_autofree char *display = g_filename_display_name (path);

        g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_EXISTS,
                     _("“%s” already exists with other content: another installation may be "
                       "using this device’s identity."), display);
        return NULL;
      }
    }
  if (!write_durably (self->device_path, name, bytes, cancellable, error))
    return NULL;
  return g_file_new_for_path (path);
}

gboolean
tk_sync_folder_write_device_info (TkSyncFolder  *self,
                                  const char    *name,
                                  const char    *app_version,
                                  GCancellable  *cancellable,
                                  GError       **error)
{
  g_autoptr(JsonObject) info = json_object_new ();
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), FALSE);
  g_return_val_if_fail (name != NULL && g_utf8_validate (name, -1, NULL), FALSE);
  g_return_val_if_fail (app_version != NULL && g_utf8_validate (app_version, -1, NULL), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  json_object_set_string_member (info, "format", "tablekeeper-device");
  json_object_set_string_member (info, "device", self->device_uid);
  json_object_set_string_member (info, "name", name);
  json_object_set_string_member (info, "app_version", app_version);
  json_object_set_int_member (info, "lowest_reader_format", TK_SYNC_FILE_VERSION);
  bytes = json_bytes (info);
  return ensure_own_folders (self, error) &&
         write_durably (self->device_path, DEVICE_FILE, bytes, cancellable, error);
}

gboolean
tk_sync_folder_write_seen (TkSyncFolder  *self,
                           JsonObject    *peers,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(JsonObject) seen = json_object_new ();
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), FALSE);
  g_return_val_if_fail (peers != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  json_object_set_string_member (seen, "format", "tablekeeper-seen");
  json_object_set_string_member (seen, "device", self->device_uid);
  json_object_set_object_member (seen, "peers", json_object_ref (peers));
  bytes = json_bytes (seen);
  return ensure_own_folders (self, error) &&
         write_durably (self->device_path, SEEN_FILE, bytes, cancellable, error);
}

/**
 * tk_sync_folder_read_device_file:
 *
 * Returns: (transfer full): the file's object
 */
JsonObject *
tk_sync_folder_read_device_file (TkSyncFolder  *self,
                                 const char    *device_uid,
                                 const char    *file_name,
                                 GCancellable  *cancellable,
                                 GError       **error)
{
  g_autofree char *path = NULL;
  const char *format;

  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), NULL);
  g_return_val_if_fail (file_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_strcmp0 (file_name, DEVICE_FILE) == 0)
    format = "tablekeeper-device";
  else if (g_strcmp0 (file_name, SEEN_FILE) == 0)
    format = "tablekeeper-seen";
  else
    g_return_val_if_reached (NULL);
  if (!tk_sync_file_uid_is_valid (device_uid))
    {
      g_autofree char *shown = g_utf8_make_valid (device_uid != NULL ? device_uid : "", -1);

      g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_UID,
                   _("“%s” cannot name a library or a device in the sync folder."), shown);
      return NULL;
    }
  path = g_build_filename (self->devices_path, device_uid, file_name, NULL);
  return read_small_json (path, format, cancellable, error);
}

/**
 * tk_sync_folder_list:
 *
 * Returns: (transfer full) (element-type TkSyncFolderEntry): the files
 */
GPtrArray *
tk_sync_folder_list (TkSyncFolder  *self,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GFileEnumerator) devices = NULL;
  g_autoptr(GError) local_error = NULL;
  GFileInfo *info;

  g_return_val_if_fail (TK_IS_SYNC_FOLDER (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_sync_folder_entry_free);
  devices = enumerate (self->devices_path, cancellable, &local_error);
  if (devices == NULL)
    {
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      return g_steal_pointer (&entries);
    }
  while ((info = g_file_enumerator_next_file (devices, cancellable, &local_error)) != NULL)
    {
      g_autoptr(GFileInfo) owned = info;
      const char *name = g_file_info_get_name (info);

      /* A device folder is a real folder with a name that is not hidden (`.stversions`,
       * `.stfolder` and the like are the carrier's). */
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_DIRECTORY || name[0] == '.')
        continue;
      if (!list_device (self->devices_path, name, entries, cancellable, error))
        return NULL;
    }
  if (local_error != NULL)
    {
      g_autofree char *display = g_filename_display_name (self->devices_path);

      g_set_error (error, local_error->domain, local_error->code, _("Could not read “%s”: %s"),
                   display, local_error->message);
      return NULL;
    }
  g_ptr_array_sort (entries, compare_entries);
  return g_steal_pointer (&entries);
}

/**
 * tk_sync_folder_read_entry:
 *
 * Returns: (transfer full): the file's bytes, or %NULL with @error set
 */
GBytes *
tk_sync_folder_read_entry (const TkSyncFolderEntry  *entry,
                           GCancellable             *cancellable,
                           GError                  **error)
{
  g_return_val_if_fail (entry != NULL && entry->path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return read_limited (entry->path, TK_SYNC_FILE_MAX_SIZE, (gsize) MIN (entry->size, G_MAXSIZE),
                       cancellable, error);
}

/**
 * tk_sync_folder_find_libraries:
 *
 * Returns: (transfer full) (element-type utf8): the libraries' uids
 */
GPtrArray *
tk_sync_folder_find_libraries (GFile         *folder,
                               GCancellable  *cancellable,
                               GError       **error)
{
  g_autoptr(GPtrArray) uids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *root = NULL;
  g_autofree char *app = NULL;
  GFileInfo *info;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  root = g_file_get_path (folder);
  if (root == NULL)
    {
      g_set_error_literal (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_LOCAL,
                           _("The sync folder must be a folder on this computer."));
      return NULL;
    }
  app = g_build_filename (root, APP_FOLDER, NULL);
  children = enumerate (app, cancellable, &local_error);
  if (children == NULL)
    {
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      return g_steal_pointer (&uids);
    }
  while ((info = g_file_enumerator_next_file (children, cancellable, &local_error)) != NULL)
    {
      g_autoptr(GFileInfo) owned = info;
      const char *name = g_file_info_get_name (info);
      g_autofree char *path = NULL;
      g_autoptr(JsonObject) library = NULL;

      if (g_file_info_get_file_type (info) != G_FILE_TYPE_DIRECTORY ||
          !tk_sync_file_uid_is_valid (name))
        continue;
      path = g_build_filename (app, name, LIBRARY_FILE, NULL);
      /* A folder without a readable library.json is not offered: it may still be arriving. */
      library = read_small_json (path, "tablekeeper-library", cancellable, NULL);
      if (library != NULL && g_strcmp0 (member_string (library, "library"), name) == 0)
        g_ptr_array_add (uids, g_strdup (name));
    }
  if (local_error != NULL)
    {
      g_autofree char *display = g_filename_display_name (app);

      g_set_error (error, local_error->domain, local_error->code, _("Could not read “%s”: %s"),
                   display, local_error->message);
      return NULL;
    }
  g_ptr_array_sort (uids, compare_strings);
  return g_steal_pointer (&uids);
}

/* The carrier whose mark @name (of kind @type) is, in the folder that holds it.  The type
 * matters: `~/.dropbox` is Dropbox's settings folder in every home, while the folder it
 * syncs holds a *file* `.dropbox`. */
static TkSyncCarrier
carrier_of_mark (const char *name,
                 GFileType   type)
{
  gboolean folder = type == G_FILE_TYPE_DIRECTORY;
  gboolean file = type == G_FILE_TYPE_REGULAR;

  if ((strcmp (name, ".stfolder") == 0 && (folder || file)) ||
      (strcmp (name, ".stversions") == 0 && folder))
    return TK_SYNC_CARRIER_SYNCTHING;
  if (file && (strcmp (name, ".nextcloudsync.log") == 0 ||
               strcmp (name, ".owncloudsync.log") == 0 ||
               ((g_str_has_prefix (name, ".sync_") || g_str_has_prefix (name, "._sync_")) &&
                g_str_has_suffix (name, ".db"))))
    return TK_SYNC_CARRIER_NEXTCLOUD;
  if ((strcmp (name, ".dropbox") == 0 && file) ||
      (strcmp (name, ".dropbox.cache") == 0 && folder))
    return TK_SYNC_CARRIER_DROPBOX;
  return TK_SYNC_CARRIER_NONE;
}

static TkSyncCarrier
carrier_in (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return TK_SYNC_CARRIER_NONE;   /* a folder we cannot read holds no mark we can see */
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      TkSyncCarrier carrier;

      if (name[0] != '.')
        continue;
      path = g_build_filename (folder, name, NULL);
      carrier = carrier_of_mark (name, file_type (path));
      if (carrier != TK_SYNC_CARRIER_NONE)
        return carrier;
    }
  return TK_SYNC_CARRIER_NONE;
}

TkSyncCarrier
tk_sync_folder_find_carrier (GFile  *file,
                             GFile **synced_root)
{
  g_autofree char *path = NULL;
  g_autofree char *start = NULL;
  g_autofree char *real = NULL;
  char *folder;

  g_return_val_if_fail (G_IS_FILE (file), TK_SYNC_CARRIER_NONE);

  if (synced_root != NULL)
    *synced_root = NULL;
  path = g_file_get_path (file);
  if (path == NULL)
    return TK_SYNC_CARRIER_NONE;
  start = g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY
            ? g_strdup (path) : g_path_get_dirname (path);
  /* Through links: ~/Documents may be a link into ~/Dropbox. */
  real = realpath (start, NULL);
  folder = g_strdup (real != NULL ? real : start);
  for (;;)
    {
      TkSyncCarrier carrier = carrier_in (folder);
      char *parent;

      if (carrier != TK_SYNC_CARRIER_NONE)
        {
          if (synced_root != NULL)
            *synced_root = g_file_new_for_path (folder);
          g_free (folder);
          return carrier;
        }
      parent = g_path_get_dirname (folder);
      if (strcmp (parent, folder) == 0)
        {
          g_free (parent);
          g_free (folder);
          return TK_SYNC_CARRIER_NONE;
        }
      g_free (folder);
      folder = parent;
    }
}

gboolean
tk_sync_folder_check_library_file (GFile   *library_file,
                                   GError **error)
{
  static const char *const names[] = {
    [TK_SYNC_CARRIER_SYNCTHING] = "Syncthing",
    [TK_SYNC_CARRIER_NEXTCLOUD] = "Nextcloud",
    [TK_SYNC_CARRIER_DROPBOX] = "Dropbox",
  };
  g_autoptr(GFile) root = NULL;
  g_autofree char *root_path = NULL;
  g_autofree char *display = NULL;
  TkSyncCarrier carrier;

  g_return_val_if_fail (G_IS_FILE (library_file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  carrier = tk_sync_folder_find_carrier (library_file, &root);
  if (carrier == TK_SYNC_CARRIER_NONE)
    return TRUE;
  root_path = g_file_get_path (root);
  display = g_filename_display_name (root_path);
  /* TRANSLATORS: the first %s is a folder, the second the program that syncs it
   * (Syncthing, Nextcloud, Dropbox). */
  g_set_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_SYNCED,
               _("The library file lies in “%s”, a folder that %s keeps in sync. A library in "
                 "use must not be synced: a copy taken in the middle of a change is damaged, "
                 "and a sync conflict can rename it while it is open. Keep the library file "
                 "outside that folder."), display, names[carrier]);
  return FALSE;
}
