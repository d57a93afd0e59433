/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-folder.c — the sync folder on disk: the layout, durable writes that leave nothing
 * half-written, listing every `*.tkops` of every device (conflict copies in the three
 * carriers' styles included) and nothing else, never touching another device's or a foreign
 * file, and telling when a library file lies inside a synced folder. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tk-sync-file.h"
#include "tk-sync-folder.h"
#include "tk-sync-pass.h"
#include "tk-test-store.h"

#define LIBRARY "0190b3c2-7a1e-7c4d-9f00-5a5a5a5a5a5a"
#define DEVICE "4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"
#define PEER "9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a"

typedef struct
{
  char         *root;      /* the carrier's folder */
  char         *library;   /* root/Tablekeeper/LIBRARY */
  char         *own;       /* …/devices/DEVICE */
  char         *peer;      /* …/devices/PEER */
  TkSyncFolder *folder;
} Fixture;

static void
write_file (const char *path,
            const char *text,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0777), ==, 0);
  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static GPtrArray *
ops_lines (guint       count,
           const char *tag)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  guint i;

  for (i = 0; i < count; i++)
    g_ptr_array_add (lines, g_strdup_printf ("{\"op\":\"%s-%u\",\"kind\":\"set\","
                                             "\"fields\":{\"title\":\"都市 %u\"}}", tag, i, i));
  return lines;
}

/* An operations file of @device, as bytes (for a peer's files). */
static GBytes *
ops_file (const char *device,
          gint64      first,
          gint64      last)
{
  g_autoptr(GPtrArray) lines = ops_lines ((guint) (last - first + 1), device);
  g_autoptr(GError) error = NULL;
  GBytes *bytes = tk_sync_file_encode (LIBRARY, device, first, last, lines, &error);

  g_assert_no_error (error);
  return bytes;
}

static void
put_bytes (const char *dir,
           const char *name,
           GBytes     *bytes)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  write_file (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) root = NULL;

  f->root = g_dir_make_tmp ("tk-sync-folder-XXXXXX", &error);
  g_assert_no_error (error);
  f->library = g_build_filename (f->root, "Tablekeeper", LIBRARY, NULL);
  f->own = g_build_filename (f->library, "devices", DEVICE, NULL);
  f->peer = g_build_filename (f->library, "devices", PEER, NULL);
  root = g_file_new_for_path (f->root);
  f->folder = tk_sync_folder_new (root, LIBRARY, DEVICE, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->folder);
  tk_test_remove_tree (f->root);
  g_free (f->root);
  g_free (f->library);
  g_free (f->own);
  g_free (f->peer);
}

/* Every path below @root (relative), with what it is: a file's bytes, a link's target, or
 * "folder", and its inode and mtime, so that a rewrite with the same bytes shows too. */
static void
snapshot_into (GHashTable *snapshot,
               const char *root,
               const char *relative)
{
  g_autofree char *path = g_build_filename (root, relative, NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (relative, name, NULL);
      g_autofree char *full = g_build_filename (root, child, NULL);
      g_autofree char *what = NULL;
      GStatBuf st;

      g_assert_cmpint (g_lstat (full, &st), ==, 0);
      if (S_ISLNK (st.st_mode))
        {
          g_autofree char *target = g_file_read_link (full, NULL);

          what = g_strconcat ("link:", target, NULL);
        }
      else if (S_ISDIR (st.st_mode))
        {
          what = g_strdup ("folder");
          snapshot_into (snapshot, root, child);
        }
      else
        {
          g_autofree char *text = NULL;
          g_autofree char *digest = NULL;
          gsize length;

          g_assert_true (g_file_get_contents (full, &text, &length, NULL));
          digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, length);
          what = g_strdup_printf ("file:%lu:%ld.%09ld:%s", (unsigned long) st.st_ino,
                                  (long) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec, digest);
        }
      g_hash_table_insert (snapshot, g_steal_pointer (&child), g_steal_pointer (&what));
    }
}

static GHashTable *
snapshot (const char *root)
{
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  snapshot_into (table, root, "");
  return table;
}

static void
test_layout (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = ops_lines (3, "own");
  g_autoptr(GFile) written = NULL;
  g_autoptr(GFile) dir = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(JsonObject) info = NULL;
  g_autoptr(JsonObject) seen = NULL;
  g_autoptr(JsonObject) peers = json_object_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(TkSyncFile) file = NULL;
  g_autofree char *library_json = NULL;
  g_autofree char *library_path = g_build_filename (f->library, "library.json", NULL);
  g_autofree char *path = NULL;
  g_autofree char *library_dir = NULL;
  g_autofree char *expected = NULL;
  TkSyncFolderEntry *entry;
  GStatBuf before, after;

  /* nothing exists yet: nothing to list */
  entries = tk_sync_folder_list (f->folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 0);
  g_clear_pointer (&entries, g_ptr_array_unref);

  g_assert_true (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (f->own, G_FILE_TEST_IS_DIR));
  library_json = read_file (library_path);
  g_assert_cmpstr (library_json, ==,
                   "{\"format\":\"tablekeeper-library\",\"library\":\"" LIBRARY "\"}\n");
  dir = tk_sync_folder_get_library_dir (f->folder);
  library_dir = g_file_get_path (dir);
  g_assert_cmpstr (library_dir, ==, f->library);

  /* library.json is written once: another prepare leaves it as it is */
  g_assert_cmpint (g_stat (library_path, &before), ==, 0);
  g_usleep (10000);
  g_assert_true (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_cmpint (g_stat (library_path, &after), ==, 0);
  g_assert_cmpuint (before.st_ino, ==, after.st_ino);
  g_assert_cmpint (before.st_mtim.tv_nsec, ==, after.st_mtim.tv_nsec);

  written = tk_sync_folder_write_ops (f->folder, 1, 3, lines, NULL, &error);
  g_assert_no_error (error);
  path = g_file_get_path (written);
  expected = g_build_filename (f->own, "ops-000000000001-000000000003.tkops", NULL);
  g_assert_cmpstr (path, ==, expected);

  entries = tk_sync_folder_list (f->folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  g_assert_cmpstr (entry->path, ==, path);
  g_assert_cmpstr (entry->device, ==, DEVICE);
  g_assert_cmpstr (entry->name, ==, "ops-000000000001-000000000003.tkops");
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpuint (entry->size, ==, (guint64) after.st_size);
  g_assert_cmpint (entry->mtime_us, ==,
                   (gint64) after.st_mtim.tv_sec * G_USEC_PER_SEC + after.st_mtim.tv_nsec / 1000);

  bytes = tk_sync_folder_read_entry (entry, NULL, &error);
  g_assert_no_error (error);
  file = tk_sync_file_decode (bytes, LIBRARY, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (file->device, ==, DEVICE);
  g_assert_cmpint (file->first, ==, 1);
  g_assert_cmpint (file->last, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (file->ops, 2), ==, g_ptr_array_index (lines, 2));

  /* the names sort by sequence, whatever the number of digits */
  {
    g_autoptr(GPtrArray) one = ops_lines (1, "more");
    g_autoptr(GFile) a = tk_sync_folder_write_ops (f->folder, 10, 10, one, NULL, &error);
    g_autoptr(GFile) b = NULL;

    g_assert_no_error (error);
    b = tk_sync_folder_write_ops (f->folder, 999999999999, 999999999999, one, NULL, &error);
    g_assert_no_error (error);
    g_clear_pointer (&entries, g_ptr_array_unref);
    entries = tk_sync_folder_list (f->folder, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (entries->len, ==, 3);
    g_assert_cmpstr (((TkSyncFolderEntry *) g_ptr_array_index (entries, 1))->name, ==,
                     "ops-000000000010-000000000010.tkops");
    g_assert_cmpstr (((TkSyncFolderEntry *) g_ptr_array_index (entries, 2))->name, ==,
                     "ops-999999999999-999999999999.tkops");
  }

  /* device.json and seen.json, and reading them back */
  g_assert_true (tk_sync_folder_write_device_info (f->folder, "山田の Laptop", "0.1.0", NULL,
                                                   &error));
  g_assert_no_error (error);
  json_object_set_int_member (peers, PEER, 42);
  g_assert_true (tk_sync_folder_write_seen (f->folder, peers, NULL, &error));
  g_assert_no_error (error);
  info = tk_sync_folder_read_device_file (f->folder, DEVICE, "device.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (info, "format"), ==, "tablekeeper-device");
  g_assert_cmpstr (json_object_get_string_member (info, "device"), ==, DEVICE);
  g_assert_cmpstr (json_object_get_string_member (info, "name"), ==, "山田の Laptop");
  g_assert_cmpstr (json_object_get_string_member (info, "app_version"), ==, "0.1.0");
  g_assert_cmpint (json_object_get_int_member (info, "lowest_reader_format"), ==, 1);
  seen = tk_sync_folder_read_device_file (f->folder, DEVICE, "seen.json", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (seen, "peers"),
                                               PEER), ==, 42);

  /* they are rewritten */
  g_assert_true (tk_sync_folder_write_device_info (f->folder, "Phone", "0.2.0", NULL, &error));
  g_clear_pointer (&info, json_object_unref);
  info = tk_sync_folder_read_device_file (f->folder, DEVICE, "device.json", NULL, &error);
  g_assert_cmpstr (json_object_get_string_member (info, "name"), ==, "Phone");

  /* a peer's that is missing, damaged or not ours */
  {
    g_autofree char *damaged = g_build_filename (f->peer, "device.json", NULL);
    g_autofree char *other = g_build_filename (f->peer, "seen.json", NULL);
    JsonObject *none;

    none = tk_sync_folder_read_device_file (f->folder, PEER, "device.json", NULL, &error);
    g_assert_null (none);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    g_clear_error (&error);
    write_file (damaged, "{\"format\":\"tablekeeper-device\",", -1);
    none = tk_sync_folder_read_device_file (f->folder, PEER, "device.json", NULL, &error);
    g_assert_null (none);
    g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_FILE);
    g_clear_error (&error);
    write_file (other, "{\"format\":\"tablekeeper-device\"}", -1);
    none = tk_sync_folder_read_device_file (f->folder, PEER, "seen.json", NULL, &error);
    g_assert_null (none);
    g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_FILE);
    g_clear_error (&error);
    none = tk_sync_folder_read_device_file (f->folder, "../" PEER, "seen.json", NULL, &error);
    g_assert_null (none);
    g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_UID);
  }
}

static void
test_library_json (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->library, "library.json", NULL);
  g_autofree char *text = NULL;
  const char *damaged = "{\"format\":\"tablekeeper-lib";
  const char *other = "{\"format\":\"tablekeeper-library\",\"library\":\"someone-else\"}\n";

  /* one that cannot be read is left as it is */
  write_file (path, damaged, -1);
  g_assert_true (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_no_error (error);
  text = read_file (path);
  g_assert_cmpstr (text, ==, damaged);
  g_clear_pointer (&text, g_free);

  /* one of another library is refused, and left as it is */
  write_file (path, other, -1);
  g_assert_false (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_WRONG_LIBRARY);
  g_assert_nonnull (strstr (error->message, "someone-else"));
  text = read_file (path);
  g_assert_cmpstr (text, ==, other);
}

static void
assert_no_temp_files (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (strstr (name, ".tmp") != NULL || name[0] == '.')
      g_error ("%s was left in %s", name, dir);
}

static void
test_atomic_write (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = ops_lines (2, "own");
  g_autoptr(GPtrArray) others = ops_lines (2, "clone");
  g_autoptr(GFile) written = NULL;
  g_autoptr(GFile) again = NULL;
  g_autoptr(GFile) clash = NULL;
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(JsonObject) peers = json_object_new ();
  guint i;

  g_assert_true (tk_sync_folder_prepare (f->folder, NULL, &error));
  written = tk_sync_folder_write_ops (f->folder, 5, 6, lines, NULL, &error);
  g_assert_no_error (error);
  for (i = 0; i < 5; i++)
    {
      g_autofree char *name = g_strdup_printf ("device %u", i);

      g_assert_true (tk_sync_folder_write_device_info (f->folder, name, "0.1.0", NULL, &error));
      g_assert_true (tk_sync_folder_write_seen (f->folder, peers, NULL, &error));
      g_assert_no_error (error);
    }
  assert_no_temp_files (f->own);

  /* the same file again (after a kill before the store recorded it) is not rewritten */
  before = snapshot (f->root);
  again = tk_sync_folder_write_ops (f->folder, 5, 6, lines, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_equal (written, again));
  after = snapshot (f->root);
  g_assert_cmpuint (g_hash_table_size (before), ==, g_hash_table_size (after));
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, before);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_assert_cmpstr (g_hash_table_lookup (after, key), ==, value);
  }

  /* other operations under the same name: another install with our identity wrote it */
  clash = tk_sync_folder_write_ops (f->folder, 5, 6, others, NULL, &error);
  g_assert_null (clash);
  g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_EXISTS);
  g_clear_error (&error);
  g_clear_pointer (&after, g_hash_table_unref);
  after = snapshot (f->root);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, before);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_assert_cmpstr (g_hash_table_lookup (after, key), ==, value);
  }

  /* a write that fails (seen.json is a folder now) leaves no temporary file behind */
  {
    g_autofree char *seen = g_build_filename (f->own, "seen.json", NULL);
    g_autofree char *inside = g_build_filename (seen, "keep", NULL);

    g_assert_cmpint (g_unlink (seen), ==, 0);
    write_file (inside, "x", -1);
    g_assert_false (tk_sync_folder_write_seen (f->folder, peers, NULL, &error));
    g_assert_nonnull (error);
    g_assert_true (error->domain == G_IO_ERROR);
    g_clear_error (&error);
    assert_no_temp_files (f->own);
    g_assert_cmpint (g_unlink (inside), ==, 0);
    g_assert_cmpint (g_rmdir (seen), ==, 0);
  }

  /* a kill between writing and renaming leaves a temporary file: never listed, removed by
   * the next prepare; look-alikes that we did not write are left */
  {
    const char *ours[] = {
      ".ops-000000000007-000000000008.tkops.tmp-Ab12Cd",
      ".device.json.tmp-xyz789",
      ".seen.json.tmp-QQQQQQ",
    };
    const char *theirs[] = {
      ".syncthing.ops-000000000007-000000000008.tkops.tmp",
      ".ops-000000000007-000000000008.tkops.tmp-Ab12C",
      ".ops-000000000007-000000000008.tkops.tmp-Ab12Cde",
      ".notes.txt.tmp-ABCDEF",
      ".device.json.tmp-ABCDEF.bak",
      "~ops-000000000007-000000000008.tkops",
      "notes.txt",
    };
    g_autoptr(GPtrArray) entries = NULL;
    g_autoptr(GBytes) partial = ops_file (DEVICE, 7, 8);

    for (i = 0; i < G_N_ELEMENTS (ours); i++)
      put_bytes (f->own, ours[i], partial);
    for (i = 0; i < G_N_ELEMENTS (theirs); i++)
      put_bytes (f->own, theirs[i], partial);
    g_clear_pointer (&before, g_hash_table_unref);
    before = snapshot (f->root);

    entries = tk_sync_folder_list (f->folder, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (entries->len, ==, 1);
    g_assert_cmpstr (((TkSyncFolderEntry *) g_ptr_array_index (entries, 0))->name, ==,
                     "ops-000000000005-000000000006.tkops");

    g_assert_true (tk_sync_folder_prepare (f->folder, NULL, &error));
    g_assert_no_error (error);
    for (i = 0; i < G_N_ELEMENTS (ours); i++)
      {
        g_autofree char *path = g_build_filename (f->own, ours[i], NULL);

        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      }
    g_clear_pointer (&after, g_hash_table_unref);
    after = snapshot (f->root);
    for (i = 0; i < G_N_ELEMENTS (theirs); i++)
      {
        g_autofree char *key = g_build_filename ("Tablekeeper", LIBRARY, "devices", DEVICE,
                                                 theirs[i], NULL);

        g_assert_nonnull (g_hash_table_lookup (before, key));
        g_assert_cmpstr (g_hash_table_lookup (after, key), ==, g_hash_table_lookup (before, key));
      }
  }
}

static void
test_conflict_copies (Fixture       *f,
                      gconstpointer  data)
{
  const char *names[] = {
    "ops-000000000001-000000000002 (Someone's conflicted copy 2026-11-29).tkops",
    "ops-000000000001-000000000002 (conflicted copy 2026-11-29 101010).tkops",
    "ops-000000000001-000000000002 (山田's conflicted copy 2026-11-29).tkops",
    "ops-000000000001-000000000002.sync-conflict-20261129-101010-ABCDEFG.tkops",
    "ops-000000000001-000000000002.tkops",
  };
  g_autoptr(GBytes) bytes = ops_file (PEER, 1, 2);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    put_bytes (f->peer, names[i], bytes);
  entries = tk_sync_folder_list (f->folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, G_N_ELEMENTS (names));
  for (i = 0; i < G_N_ELEMENTS (names); i++)
    {
      TkSyncFolderEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr(GBytes) read = tk_sync_folder_read_entry (entry, NULL, &error);
      g_autoptr(TkSyncFile) file = NULL;

      g_assert_no_error (error);
      g_assert_cmpstr (entry->name, ==, names[i]);   /* sorted by name (bytes) */
      g_assert_cmpstr (entry->device, ==, PEER);
      g_assert_cmpuint (entry->size, ==, g_bytes_get_size (bytes));
      file = tk_sync_file_decode (read, LIBRARY, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (file->device, ==, PEER);
    }
}

/* Around a peer's files: carriers' temporary files, ours, hand-made ones, folders and links
 * with the extension, files outside a device folder.  None is listed; none changes. */
static void
test_foreign_files (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GBytes) bytes = ops_file (PEER, 1, 2);
  g_autoptr(GBytes) own = ops_file (DEVICE, 1, 1);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) lines = ops_lines (1, "own");
  g_autoptr(GFile) written = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(JsonObject) peers = json_object_new ();
  g_autofree char *devices = g_build_filename (f->library, "devices", NULL);
  g_autofree char *real = g_build_filename (f->peer, "ops-000000000001-000000000002.tkops", NULL);
  g_autofree char *link = g_build_filename (f->peer, "link.tkops", NULL);
  g_autofree char *elsewhere = g_build_filename (f->root, "elsewhere", NULL);
  g_autofree char *linked_device = g_build_filename (devices, "linked-device", NULL);
  g_autofree char *stray_folder = g_build_filename (f->peer, "folder.tkops", "x", NULL);
  const char *foreign[] = {
    ".syncthing.ops-000000000003-000000000004.tkops.tmp",
    ".ops-000000000003-000000000004.tkops.tmp-AbCdEf",   /* the peer's own temporary file */
    "~ops-000000000003-000000000004.tkops",
    ".ops-000000000003-000000000004.tkops",
    ".tkops",
    "ops-000000000003-000000000004.tkops.part",
    "ops-000000000003-000000000004.tkops~",
    "ops-000000000003-000000000004.TKOPS",
    "notes.txt",
    "device.json",
  };
  GHashTableIter iter;
  gpointer key, value;
  guint i;

  put_bytes (f->peer, "ops-000000000001-000000000002.tkops", bytes);
  for (i = 0; i < G_N_ELEMENTS (foreign); i++)
    put_bytes (f->peer, foreign[i], bytes);
  /* a hidden "device" folder (a carrier's), a file among the device folders, a link to a
   * folder elsewhere, a folder named like a file, a link to a listed file */
  {
    g_autofree char *versions = g_build_filename (devices, ".stversions", NULL);

    put_bytes (versions, "ops-000000000001-000000000002.tkops", bytes);
  }
  put_bytes (devices, "stray.tkops", bytes);
  put_bytes (elsewhere, "ops-000000000001-000000000002.tkops", bytes);
  g_assert_cmpint (symlink (elsewhere, linked_device), ==, 0);
  write_file (stray_folder, "x", -1);
  g_assert_cmpint (symlink (real, link), ==, 0);
  put_bytes (f->library, "ops-000000000001-000000000002.tkops", bytes);

  before = snapshot (f->root);

  entries = tk_sync_folder_list (f->folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (((TkSyncFolderEntry *) g_ptr_array_index (entries, 0))->path, ==, real);

  /* everything this device does, then: nothing outside its folder changed but the new
   * library.json and folders */
  g_assert_true (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_no_error (error);
  written = tk_sync_folder_write_ops (f->folder, 1, 1, lines, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (tk_sync_folder_write_device_info (f->folder, "Laptop", "0.1.0", NULL, &error));
  g_assert_true (tk_sync_folder_write_seen (f->folder, peers, NULL, &error));
  g_assert_true (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = tk_sync_folder_list (f->folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 2);

  after = snapshot (f->root);
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (g_strcmp0 (g_hash_table_lookup (after, key), value) != 0)
        g_error ("%s changed", (const char *) key);
    }
  {
    g_autofree char *own_prefix = g_build_filename ("Tablekeeper", LIBRARY, "devices", DEVICE,
                                                    NULL);
    g_autofree char *library_json = g_build_filename ("Tablekeeper", LIBRARY, "library.json",
                                                      NULL);

    g_hash_table_iter_init (&iter, after);
    while (g_hash_table_iter_next (&iter, &key, &value))
      if (!g_hash_table_contains (before, key) && strcmp (key, library_json) != 0 &&
          strcmp (key, own_prefix) != 0 && !g_str_has_prefix (key, own_prefix))
        g_error ("%s was made outside our device folder", (const char *) key);
  }
}

/* Our folder must be a real folder: a link there could lead writes anywhere. */
static void
test_not_a_folder (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = ops_lines (1, "own");
  g_autofree char *elsewhere = g_build_filename (f->root, "elsewhere", NULL);
  g_autofree char *devices = g_build_filename (f->library, "devices", NULL);
  g_autoptr(GFile) written = NULL;
  g_autoptr(GDir) dir = NULL;

  g_assert_cmpint (g_mkdir_with_parents (devices, 0777), ==, 0);
  g_assert_cmpint (g_mkdir (elsewhere, 0777), ==, 0);
  g_assert_cmpint (symlink (elsewhere, f->own), ==, 0);
  g_assert_false (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_A_FOLDER);
  g_clear_error (&error);
  written = tk_sync_folder_write_ops (f->folder, 1, 1, lines, NULL, &error);
  g_assert_null (written);
  g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_A_FOLDER);
  g_clear_error (&error);
  g_assert_false (tk_sync_folder_write_device_info (f->folder, "x", "0", NULL, &error));
  g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_A_FOLDER);
  g_clear_error (&error);
  dir = g_dir_open (elsewhere, 0, NULL);
  g_assert_null (g_dir_read_name (dir));

  /* a file where the library's folder should be */
  g_assert_cmpint (g_unlink (f->own), ==, 0);
  tk_test_remove_tree (f->library);
  write_file (f->library, "not a folder", -1);
  g_assert_false (tk_sync_folder_prepare (f->folder, NULL, &error));
  g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_A_FOLDER);
  g_clear_error (&error);

  /* uids that could not name a folder, and a folder without a local path */
  {
    g_autoptr(GFile) root = g_file_new_for_path (f->root);
    g_autoptr(GFile) remote = g_file_new_for_uri ("https://example.invalid/folder");
    const char *bad[] = { "..", "a/b", "", "-a", ".hidden" };
    guint i;

    for (i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(TkSyncFolder) a = tk_sync_folder_new (root, bad[i], DEVICE, &error);

        g_assert_null (a);
        g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_UID);
        g_clear_error (&error);
        a = tk_sync_folder_new (root, LIBRARY, bad[i], &error);
        g_assert_null (a);
        g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_INVALID_UID);
        g_clear_error (&error);
      }
    g_assert_null (tk_sync_folder_new (remote, LIBRARY, DEVICE, &error));
    g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_NOT_LOCAL);
  }
}

static void
test_read_entry_too_big (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->peer, "ops-000000000001-000000000002.tkops", NULL);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  int fd;

  /* a sparse file: large, but costs no disk */
  write_file (path, "", 0);
  fd = g_open (path, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) TK_SYNC_FILE_MAX_SIZE + 1), ==, 0);
  close (fd);
  entries = tk_sync_folder_list (f->folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  bytes = tk_sync_folder_read_entry (g_ptr_array_index (entries, 0), NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_TOO_BIG);
}

static void
test_find_libraries (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GFile) root = g_file_new_for_path (f->root);
  g_autoptr(GPtrArray) uids = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *app = g_build_filename (f->root, "Tablekeeper", NULL);
  const char *made[] = { "lib-b", "lib-a" };
  guint i;

  uids = tk_sync_folder_find_libraries (root, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (uids->len, ==, 0);
  g_clear_pointer (&uids, g_ptr_array_unref);

  for (i = 0; i < G_N_ELEMENTS (made); i++)
    {
      g_autoptr(TkSyncFolder) folder = tk_sync_folder_new (root, made[i], DEVICE, &error);

      g_assert_true (tk_sync_folder_prepare (folder, NULL, &error));
      g_assert_no_error (error);
    }
  /* not libraries: no library.json yet, one naming another library, one damaged, a name
   * that is not a uid, a file */
  {
    g_autofree char *empty = g_build_filename (app, "lib-c", NULL);
    g_autofree char *other = g_build_filename (app, "lib-d", "library.json", NULL);
    g_autofree char *damaged = g_build_filename (app, "lib-e", "library.json", NULL);
    g_autofree char *odd = g_build_filename (app, "not a uid", "library.json", NULL);
    g_autofree char *file = g_build_filename (app, "lib-f", NULL);

    g_assert_cmpint (g_mkdir (empty, 0777), ==, 0);
    write_file (other, "{\"format\":\"tablekeeper-library\",\"library\":\"lib-a\"}\n", -1);
    write_file (damaged, "{\"format\":\"tablekeeper-library\",\"library\":\"lib-e\"", -1);
    write_file (odd, "{\"format\":\"tablekeeper-library\",\"library\":\"not a uid\"}\n", -1);
    write_file (file, "{}", -1);
  }
  uids = tk_sync_folder_find_libraries (root, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (uids->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (uids, 0), ==, "lib-a");
  g_assert_cmpstr (g_ptr_array_index (uids, 1), ==, "lib-b");
}

static void
assert_carrier (const char   *file_path,
                TkSyncCarrier expected,
                const char   *expected_root)
{
  g_autoptr(GFile) file = g_file_new_for_path (file_path);
  g_autoptr(GFile) root = NULL;
  g_autoptr(GError) error = NULL;
  TkSyncCarrier carrier = tk_sync_folder_find_carrier (file, &root);
  gboolean ok = tk_sync_folder_check_library_file (file, &error);

  g_assert_cmpint (carrier, ==, expected);
  if (expected == TK_SYNC_CARRIER_NONE)
    {
      g_assert_null (root);
      g_assert_true (ok);
      g_assert_no_error (error);
    }
  else
    {
      g_autofree char *root_path = g_file_get_path (root);
      const char *name = expected == TK_SYNC_CARRIER_SYNCTHING ? "Syncthing"
                         : expected == TK_SYNC_CARRIER_NEXTCLOUD ? "Nextcloud" : "Dropbox";

      g_assert_cmpstr (root_path, ==, expected_root);
      g_assert_false (ok);
      g_assert_error (error, TK_SYNC_FOLDER_ERROR, TK_SYNC_FOLDER_ERROR_SYNCED);
      g_assert_nonnull (strstr (error->message, name));
      g_assert_nonnull (strstr (error->message, expected_root));
    }
}

static void
test_synced_folder (Fixture       *f,
                    gconstpointer  data)
{
  struct
  {
    const char   *mark;       /* relative to the carrier's folder; "/" ends a folder */
    TkSyncCarrier carrier;
  } cases[] = {
    { ".stfolder/", TK_SYNC_CARRIER_SYNCTHING },
    { ".stfolder", TK_SYNC_CARRIER_SYNCTHING },   /* older Syncthing made a file */
    { ".stversions/", TK_SYNC_CARRIER_SYNCTHING },
    { ".sync_0123abcd.db", TK_SYNC_CARRIER_NEXTCLOUD },
    { "._sync_0123abcd.db", TK_SYNC_CARRIER_NEXTCLOUD },
    { ".nextcloudsync.log", TK_SYNC_CARRIER_NEXTCLOUD },
    { ".owncloudsync.log", TK_SYNC_CARRIER_NEXTCLOUD },
    { ".dropbox", TK_SYNC_CARRIER_DROPBOX },
    { ".dropbox.cache/", TK_SYNC_CARRIER_DROPBOX },
    /* not marks: Dropbox's settings folder in every home, a Syncthing temporary file, a
     * mark's name as a folder where a file is meant */
    { ".dropbox/", TK_SYNC_CARRIER_NONE },
    { ".syncthing.x.tmp", TK_SYNC_CARRIER_NONE },
    { ".nextcloudsync.log/", TK_SYNC_CARRIER_NONE },
    { "stfolder", TK_SYNC_CARRIER_NONE },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("case-%u", i);
      g_autofree char *top = g_build_filename (f->root, name, NULL);
      g_autofree char *mark = g_build_filename (top, cases[i].mark, NULL);
      g_autofree char *library = g_build_filename (top, "Games", "deep", "library.tkdb", NULL);
      g_autofree char *folder = g_build_filename (top, "Games", NULL);

      if (g_str_has_suffix (cases[i].mark, "/"))
        g_assert_cmpint (g_mkdir_with_parents (mark, 0777), ==, 0);
      else
        write_file (mark, "", 0);
      write_file (library, "SQLite format 3", -1);
      assert_carrier (library, cases[i].carrier, top);
      /* a folder itself (the library's folder) is looked at too */
      assert_carrier (folder, cases[i].carrier, top);
      /* a file that does not exist yet (a new library) */
      {
        g_autofree char *new_file = g_build_filename (top, "Games", "new.tkdb", NULL);

        assert_carrier (new_file, cases[i].carrier, top);
      }
    }

  /* a mark in a sibling folder does not count; one reached through a link does */
  {
    g_autofree char *sibling_mark = g_build_filename (f->root, "side", "synced", ".stfolder", NULL);
    g_autofree char *library = g_build_filename (f->root, "side", "plain", "library.tkdb", NULL);
    g_autofree char *target = g_build_filename (f->root, "side", "synced", "Games", NULL);
    g_autofree char *link = g_build_filename (f->root, "side", "plain", "Games", NULL);
    g_autofree char *through = g_build_filename (link, "library.tkdb", NULL);
    g_autofree char *synced = g_build_filename (f->root, "side", "synced", NULL);

    g_assert_cmpint (g_mkdir_with_parents (sibling_mark, 0777), ==, 0);
    write_file (library, "SQLite format 3", -1);
    assert_carrier (library, TK_SYNC_CARRIER_NONE, NULL);
    g_assert_cmpint (g_mkdir_with_parents (target, 0777), ==, 0);
    g_assert_cmpint (symlink (target, link), ==, 0);
    write_file (through, "SQLite format 3", -1);
    assert_carrier (through, TK_SYNC_CARRIER_SYNCTHING, synced);
  }
}

/* A pass records the files it wrote as read, as they lie in the folder: the next pass does
 * not read them back to check that they hold this library's own operations (after a first
 * import of 100,000 games that took some 5 s of CPU). */
static void
test_own_files_recorded (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(GFile) root = g_file_new_for_path (f->root);
  g_autoptr(TkSyncPassResult) first = NULL;
  g_autoptr(TkSyncPassResult) second = NULL;
  sqlite3_stmt *stmt;
  GStatBuf st;

  g_assert_no_error (error);
  g_assert_true (tk_store_exec (store, "INSERT INTO games (title) VALUES ('Azul')", &error));
  first = tk_sync_pass_run (store, root, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (first->files_written->len, ==, 1);
  g_assert_cmpint (g_stat (first->files_written->pdata[0], &st), ==, 0);

  stmt = tk_store_prepare (store, "SELECT device, name, size, mtime_us, ok FROM sync_files",
                           &error);
  g_assert_nonnull (stmt);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, first->device_uid);
  {
    g_autofree char *name = g_path_get_basename (first->files_written->pdata[0]);

    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 1), ==, name);
  }
  g_assert_cmpint (sqlite3_column_int64 (stmt, 2), ==, st.st_size);
  g_assert_cmpint (sqlite3_column_int64 (stmt, 3) / G_USEC_PER_SEC, ==, st.st_mtime);
  g_assert_cmpint (sqlite3_column_int (stmt, 4), ==, 1);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_reset (stmt);

  /* The next pass takes it for what it is: ours, no new device. */
  second = tk_sync_pass_run (store, root, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (second->renewed);
  g_assert_cmpstr (second->device_uid, ==, first->device_uid);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) \
  g_test_add ("/sync-folder/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("layout", test_layout);
  ADD ("library-json", test_library_json);
  ADD ("atomic-write", test_atomic_write);
  ADD ("conflict-copies", test_conflict_copies);
  ADD ("foreign-files", test_foreign_files);
  ADD ("not-a-folder", test_not_a_folder);
  ADD ("read-entry-too-big", test_read_entry_too_big);
  ADD ("find-libraries", test_find_libraries);
  ADD ("synced-folder", test_synced_folder);
  ADD ("own-files-recorded", test_own_files_recorded);
#undef ADD
  return g_test_run ();
}
