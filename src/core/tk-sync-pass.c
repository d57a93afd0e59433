/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-pass.c — one sync pass (tk-sync-pass.h). */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-catalog.h"
#include "tk-sync-file.h"
#include "tk-sync-folder.h"
#include "tk-kill-point.h"
#include "tk-sync-log.h"
#include "tk-sync-pass.h"

/* Operations per file: a file of a first BGG import of 100,000 games stays far below
 * TK_SYNC_FILE_MAX_SIZE, and a reader holds one file in memory at a time. */
#define OPS_PER_FILE 20000

static void
skipped_free (gpointer data)
{
  TkSyncSkipped *skipped = data;

  g_free (skipped->path);
  g_free (skipped->reason);
  g_free (skipped);
}

void
tk_sync_pass_result_free (TkSyncPassResult *result)
{
  if (result == NULL)
    return;
  g_free (result->library_uid);
  g_free (result->device_uid);
  g_clear_pointer (&result->files_written, g_ptr_array_unref);
  g_clear_pointer (&result->skipped, g_ptr_array_unref);
  g_free (result);
}

/* ---- one operation as a line of a file ---- */

static char *
op_to_line (TkStore         *store,
            const TkSyncOp  *op,
            GError         **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store,
                                         "SELECT json_object ('body', json (?1), 'device', ?2,"
                                         " 'entity', ?3, 'hlc', ?4, 'kind', ?5, 'op', ?8,"
                                         " 'seq', ?6, 'type', ?7)", error);
  char *line = NULL;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, op->body, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, op->device_uid, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, op->entity, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 4, op->hlc);
  sqlite3_bind_text (stmt, 5, op->kind, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 6, op->seq);
  sqlite3_bind_text (stmt, 7, op->type, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 8, op->op_uid, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, error) == SQLITE_ROW)
    line = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return line;
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

static gboolean
member_int (JsonObject *object,
            const char *name,
            gint64     *value)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

/* A line of @file (the @index-th) as an operation, NULL when it is not one of @file's
 * device or does not say what an operation must. */
static TkSyncOp *
line_to_op (const TkSyncFile *file,
            guint             index)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *body = NULL;
  JsonObject *object;
  JsonNode *node;
  const char *strings[5];
  /* "op" is the operation's uid (the file layer requires it), "kind" what it does. */
  static const char *const names[5] = { "kind", "op", "device", "type", "entity" };
  gint64 hlc = 0, seq = 0;
  TkSyncOp *op;

  if (!json_parser_load_from_data (parser, file->ops->pdata[index], -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  object = json_node_get_object (json_parser_get_root (parser));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if ((strings[i] = member_string (object, names[i])) == NULL || *strings[i] == '\0')
      return NULL;
  node = json_object_get_member (object, "body");
  if (!member_int (object, "hlc", &hlc) || hlc < 0 || !member_int (object, "seq", &seq) ||
      seq != file->first + (gint64) index || !g_str_equal (strings[2], file->device) ||
      node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      json_object_get_member (json_node_get_object (node), "fields") == NULL ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (json_node_get_object (node), "fields")))
    return NULL;
  body = json_to_string (node, FALSE);
  op = tk_sync_op_new (strings[1], hlc, strings[2], strings[0], strings[3], strings[4], body);
  op->seq = seq;
  return op;
}

/* ---- writing ---- */

static gboolean record_file (TkStore                  *store,
                             const TkSyncFolderEntry  *entry,
                             gboolean                  ok,
                             const char               *reason,
                             GError                  **error);

/* A file this pass wrote, as read: find_clone() would otherwise read it back at the next
 * pass (some 5 s of CPU after a first import of 100,000 games) to learn it holds our own
 * operations.  Not recorded when it cannot be asked about: then it is read as before. */
static gboolean
record_own_file (TkStore     *store,
                 GFile       *file,
                 const char  *device_uid,
                 GError     **error)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                                                 G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                 G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                 G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL,
                                                 NULL);
  g_autofree char *name = g_file_get_basename (file);
  TkSyncFolderEntry entry = { 0 };

  if (info == NULL)
    return TRUE;
  /* As tk_sync_folder_list() describes a file. */
  entry.device = (char *) device_uid;
  entry.name = name;
  entry.size = (guint64) g_file_info_get_size (info);
  entry.mtime_us =
    (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) *
      G_USEC_PER_SEC +
    g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  return record_file (store, &entry, TRUE, NULL, error);
}

static gboolean
write_own (TkStore           *store,
           TkSyncFolder      *folder,
           TkSyncPassResult  *result,
           GCancellable      *cancellable,
           GError           **error)
{
  gint64 written = tk_sync_log_written_seq (store, error);
  g_autoptr(GPtrArray) ops = NULL;

  if (written < 0)
    return FALSE;
  ops = tk_sync_log_own_ops (store, written, error);
  if (ops == NULL)
    return FALSE;

  for (guint start = 0; start < ops->len; start += OPS_PER_FILE)
    {
      g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GFile) file = NULL;
      guint end = MIN (start + OPS_PER_FILE, ops->len);
      const TkSyncOp *first = ops->pdata[start];
      const TkSyncOp *last = ops->pdata[end - 1];

      for (guint i = start; i < end; i++)
        {
          char *line = op_to_line (store, ops->pdata[i], error);

          if (line == NULL)
            return FALSE;
          g_ptr_array_add (lines, line);
        }
      file = tk_sync_folder_write_ops (folder, first->seq, last->seq, lines, cancellable, error);
      if (file != NULL)
        tk_kill_point ("file-renamed");
      if (file == NULL || !tk_sync_log_set_written_seq (store, last->seq, error) ||
          !record_own_file (store, file, result->device_uid, error))
        return FALSE;
      g_ptr_array_add (result->files_written, g_file_get_path (file));
      result->ops_written += end - start;
    }
  return TRUE;
}

/* ---- reading ---- */

typedef struct
{
  const TkSyncFolderEntry *entry;
  gboolean                 ok;
  char                    *reason;
} Seen;

static gboolean
record_file (TkStore                  *store,
             const TkSyncFolderEntry  *entry,
             gboolean                  ok,
             const char               *reason,
             GError                  **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "INSERT OR REPLACE INTO sync_files (device, name,"
                                                " size, mtime_us, ok, reason)"
                                                " VALUES (?1, ?2, ?3, ?4, ?5, ?6)", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, entry->device, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, entry->name, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, (gint64) entry->size);
  sqlite3_bind_int64 (stmt, 4, entry->mtime_us);
  sqlite3_bind_int (stmt, 5, ok ? 1 : 0);
  sqlite3_bind_text (stmt, 6, reason, -1, SQLITE_STATIC);
  return tk_store_step_done (store, stmt, error);
}

/* Whether @entry was read, or found unreadable, as it is now: NULL reason and TRUE when read;
 * TRUE with the reason when unreadable and unchanged; FALSE when it is to be read. */
static gboolean
already_seen (TkStore                  *store,
              const TkSyncFolderEntry  *entry,
              char                    **reason)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT ok, reason FROM sync_files"
                                                " WHERE device = ?1 AND name = ?2 AND size = ?3"
                                                " AND mtime_us = ?4", NULL);
  gboolean seen = FALSE;

  *reason = NULL;
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, entry->device, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, entry->name, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, (gint64) entry->size);
  sqlite3_bind_int64 (stmt, 4, entry->mtime_us);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      seen = TRUE;
      if (sqlite3_column_int (stmt, 0) == 0)
        *reason = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
    }
  sqlite3_reset (stmt);
  return seen;
}

typedef struct
{
  GPtrArray          *entries;   /* TkSyncFolderEntry to record */
  GArray             *oks;       /* gboolean each */
  GPtrArray          *reasons;   /* char * each, NULL when read */
  GPtrArray          *ops;       /* TkSyncOp */
  TkSyncReceiveStats  stats;
} Read;

static gboolean
fold_in_txn (TkStore   *store,
             gpointer   user_data,
             GError   **error)
{
  Read *read = user_data;

  for (guint i = 0; i < read->entries->len; i++)
    if (!record_file (store, read->entries->pdata[i], g_array_index (read->oks, gboolean, i),
                      read->reasons->pdata[i], error))
      return FALSE;
  return tk_sync_log_receive (store, read->ops, &read->stats, error);
}

static gboolean
read_others (TkStore           *store,
             TkSyncFolder      *folder,
             TkSyncPassResult  *result,
             GCancellable      *cancellable,
             GError           **error)
{
  g_autoptr(GPtrArray) entries = tk_sync_folder_list (folder, cancellable, error);
  Read read = { 0 };
  gboolean ok;

  if (entries == NULL)
    return FALSE;
  read.entries = g_ptr_array_new ();
  read.oks = g_array_new (FALSE, FALSE, sizeof (gboolean));
  read.reasons = g_ptr_array_new_with_free_func (g_free);
  read.ops = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_sync_op_free);

  for (guint i = 0; i < entries->len; i++)
    {
      const TkSyncFolderEntry *entry = entries->pdata[i];
      g_autoptr(GError) local_error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(TkSyncFile) file = NULL;
      g_autofree char *reason = NULL;
      g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_sync_op_free);
      gboolean good;

      /* Our own files hold what this library wrote: nothing to read. */
      if (g_str_equal (entry->device, result->device_uid))
        continue;
      if (already_seen (store, entry, &reason))
        {
          result->files_unchanged++;
          if (reason != NULL)
            {
              TkSyncSkipped *skipped = g_new0 (TkSyncSkipped, 1);

              skipped->path = g_strdup (entry->path);
              skipped->reason = g_steal_pointer (&reason);
              g_ptr_array_add (result->skipped, skipped);
            }
          continue;
        }

      bytes = tk_sync_folder_read_entry (entry, cancellable, &local_error);
      if (bytes != NULL)
        file = tk_sync_file_decode (bytes, result->library_uid, &local_error);
      if (file != NULL && !g_str_equal (file->device, entry->device))
        g_set_error (&local_error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_FORMAT,
                     _("The file names device %s but lies in the folder of %s."),
                     file->device, entry->device);
      for (guint k = 0; local_error == NULL && file != NULL && k < file->ops->len; k++)
        {
          TkSyncOp *op = line_to_op (file, k);

          if (op == NULL)
            g_set_error (&local_error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_FORMAT,
                         _("Operation %u of the file is not readable."), k + 1);
          else
            g_ptr_array_add (ops, op);
        }
      if (g_cancellable_is_cancelled (cancellable))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          ok = FALSE;
          goto out;
        }

      good = local_error == NULL;
      g_ptr_array_add (read.entries, (gpointer) entry);
      g_array_append_val (read.oks, good);
      g_ptr_array_add (read.reasons, good ? NULL : g_strdup (local_error->message));
      if (good)
        {
          result->files_read++;
          g_ptr_array_extend_and_steal (read.ops, g_steal_pointer (&ops));
        }
      else
        {
          TkSyncSkipped *skipped = g_new0 (TkSyncSkipped, 1);

          skipped->path = g_strdup (entry->path);
          skipped->reason = g_strdup (local_error->message);
          g_ptr_array_add (result->skipped, skipped);
        }
    }

  /* Everything read, and every file's record, in one transaction: a kill leaves all of it
   * to be read again. */
  ok = tk_store_transaction (store, fold_in_txn, &read, error);
  if (ok)
    {
      result->ops_received = read.stats.received;
      result->ops_duplicate = read.stats.duplicates;
      result->waiting = read.stats.waiting;
      result->far_ahead = read.stats.far_ahead;
    }

out:
  g_ptr_array_unref (read.entries);
  g_array_unref (read.oks);
  g_ptr_array_unref (read.reasons);
  g_ptr_array_unref (read.ops);
  return ok;
}

/* Whether another install writes as this device: a file in our own device folder holding an
 * operation this library never made.  (A copied library file or a restored backup keeps
 * the device uid; its operations would be taken for ours and dropped.)  Each file is
 * checked once, as it is now (sync_files). */
static gboolean
find_clone (TkStore           *store,
            TkSyncFolder      *folder,
            const char        *device_uid,
            gboolean          *clone,
            GCancellable      *cancellable,
            GError           **error)
{
  g_autoptr(GPtrArray) entries = tk_sync_folder_list (folder, cancellable, error);

  *clone = FALSE;
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len && !*clone; i++)
    {
      const TkSyncFolderEntry *entry = entries->pdata[i];
      g_autofree char *reason = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(TkSyncFile) file = NULL;
      gboolean ours = TRUE;

      if (!g_str_equal (entry->device, device_uid) || already_seen (store, entry, &reason))
        continue;
      bytes = tk_sync_folder_read_entry (entry, cancellable, NULL);
      file = bytes != NULL ? tk_sync_file_decode (bytes, NULL, NULL) : NULL;
      if (file == NULL)
        continue;   /* not whole (yet): judged when it is */
      for (guint k = 0; k < file->ops->len && ours; k++)
        {
          g_autoptr(TkSyncOp) op = line_to_op (file, k);
          sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT 1 FROM sync_ops"
                                                        " WHERE op_uid = ?1", error);

          if (stmt == NULL)
            return FALSE;
          if (op == NULL)
            {
              ours = FALSE;
              break;
            }
          sqlite3_bind_text (stmt, 1, op->op_uid, -1, SQLITE_STATIC);
          ours = sqlite3_step (stmt) == SQLITE_ROW;
          sqlite3_reset (stmt);
        }
      if (!ours)
        *clone = TRUE;
      else if (!record_file (store, entry, TRUE, NULL, error))
        return FALSE;
    }
  return TRUE;
}

/* The library uid to use in @folder: ours when the folder has it or holds no library; the
 * folder's only library when this library has never written to a folder (it joins: what it
 * has becomes operations of that library, as they were always going to be).  Anything else
 * is the user's choice to make, not ours. */
static char *
choose_library (TkStore    *store,
                GFile      *folder,
                gboolean   *joined,
                GCancellable *cancellable,
                GError    **error)
{
  g_autofree char *ours = tk_sync_log_library_uid (store, error);
  g_autoptr(GPtrArray) found = NULL;
  gint64 written;

  *joined = FALSE;
  if (ours == NULL)
    return NULL;
  found = tk_sync_folder_find_libraries (folder, cancellable, error);
  if (found == NULL)
    return NULL;
  for (guint i = 0; i < found->len; i++)
    if (g_str_equal (found->pdata[i], ours))
      return g_steal_pointer (&ours);
  if (found->len == 0)
    return g_steal_pointer (&ours);

  written = tk_sync_log_written_seq (store, error);
  if (written < 0)
    return NULL;
  if (found->len > 1 || written > 0)
    {
      g_autofree char *path = g_file_get_path (folder);

      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("“%s” holds another library (%s); this library syncs with %s."),
                   path, (const char *) found->pdata[0], ours);
      return NULL;
    }
  if (!tk_sync_log_set_library_uid (store, found->pdata[0], error))
    return NULL;
  *joined = TRUE;
  return g_strdup (found->pdata[0]);
}

static gboolean
flush_pending (TkStore  *store,
               GError  **error)
{
  /* A commit turns what was changed outside a transaction into operations. */
  return tk_store_begin (store, error) && tk_store_commit (store, error);
}

TkSyncPassResult *
tk_sync_pass_run (TkStore       *store,
                  GFile         *folder,
                  const char    *device_name,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(TkSyncPassResult) result = g_new0 (TkSyncPassResult, 1);
  g_autoptr(TkSyncFolder) sync_folder = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  result->files_written = g_ptr_array_new_with_free_func (g_free);
  result->skipped = g_ptr_array_new_with_free_func (skipped_free);

  if (tk_store_is_read_only (store))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY,
                   _("A library opened read-only cannot be synced."));
      return NULL;
    }
  if (tk_store_get_path (store) != NULL)
    {
      g_autoptr(GFile) library = g_file_new_for_path (tk_store_get_path (store));

      if (!tk_sync_folder_check_library_file (library, error))
        return NULL;
    }
  if (!g_file_query_exists (folder, cancellable) ||
      g_file_query_file_type (folder, G_FILE_QUERY_INFO_NONE, cancellable) != G_FILE_TYPE_DIRECTORY)
    {
      g_autofree char *path = g_file_get_parse_name (folder);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("“%s” is not a folder."), path);
      return NULL;
    }
  /* Entries and plays name catalog games by uid ("bgg:ID", "cat:KEY"): the catalog must be
   * here before they are folded, as it is in the app. */
  if (!tk_catalog_ensure (store, NULL, error) || !flush_pending (store, error))
    return NULL;

  result->library_uid = choose_library (store, folder, &result->joined, cancellable, error);
  result->device_uid = tk_sync_log_device_uid (store, error);
  if (result->library_uid == NULL || result->device_uid == NULL)
    return NULL;
  if (device_name != NULL && *device_name != '\0' &&
      !tk_sync_log_set_device_name (store, device_name, error))
    return NULL;
  name = tk_sync_log_device_name (store, NULL);

  sync_folder = tk_sync_folder_new (folder, result->library_uid, result->device_uid, error);
  if (sync_folder == NULL || !tk_sync_folder_prepare (sync_folder, cancellable, error) ||
      !find_clone (store, sync_folder, result->device_uid, &result->renewed, cancellable,
                   error))
    return NULL;
  if (result->renewed)
    {
      /* From now on this install is a device of its own; the old uid's folder is read as
       * another device's (what this install wrote there is already here). */
      g_clear_object (&sync_folder);
      g_free (result->device_uid);
      result->device_uid = NULL;
      if (!tk_sync_log_renew_device (store, error) ||
          (result->device_uid = tk_sync_log_device_uid (store, error)) == NULL)
        return NULL;
      sync_folder = tk_sync_folder_new (folder, result->library_uid, result->device_uid, error);
      if (sync_folder == NULL || !tk_sync_folder_prepare (sync_folder, cancellable, error))
        return NULL;
    }
  if (!write_own (store, sync_folder, result, cancellable, error) ||
      !tk_sync_folder_write_device_info (sync_folder, name != NULL ? name : "", PACKAGE_VERSION,
                                         cancellable, error) ||
      !read_others (store, sync_folder, result, cancellable, error))
    return NULL;

  /* seen.json: how far this device has read each peer (advisory, for the others' status). */
  {
    g_autoptr(JsonObject) peers = json_object_new ();
    sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT device_uid, max (device_seq)"
                                                  " FROM sync_ops GROUP BY device_uid", error);

    if (stmt == NULL)
      return NULL;
    while (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
      json_object_set_int_member (peers, (const char *) sqlite3_column_text (stmt, 0),
                                  sqlite3_column_int64 (stmt, 1));
    sqlite3_reset (stmt);
    if (!tk_sync_folder_write_seen (sync_folder, peers, cancellable, error))
      return NULL;
  }

  result->kept = tk_sync_log_count_kept (store, error);
  if (result->kept < 0)
    return NULL;
  return g_steal_pointer (&result);
}

JsonNode *
tk_sync_pass_status (TkStore       *store,
                     GFile         *folder,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autofree char *library = tk_sync_log_library_uid (store, error);
  g_autofree char *device = library != NULL ? tk_sync_log_device_uid (store, error) : NULL;
  g_autoptr(TkSyncFolder) sync_folder = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GHashTable) devices = g_hash_table_new (g_str_hash, g_str_equal);
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  if (device == NULL)
    return NULL;
  sync_folder = tk_sync_folder_new (folder, library, device, error);
  if (sync_folder == NULL)
    return NULL;
  entries = tk_sync_folder_list (sync_folder, cancellable, error);
  if (entries == NULL)
    return NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "library");
  json_builder_add_string_value (builder, library);
  json_builder_set_member_name (builder, "device");
  json_builder_add_string_value (builder, device);
  json_builder_set_member_name (builder, "devices");
  json_builder_begin_array (builder);
  for (guint i = 0; i < entries->len; i++)
    {
      const TkSyncFolderEntry *entry = entries->pdata[i];
      g_autoptr(JsonObject) info = NULL;
      gint64 folded;

      if (g_hash_table_contains (devices, entry->device))
        continue;
      g_hash_table_add (devices, entry->device);
      info = tk_sync_folder_read_device_file (sync_folder, entry->device, "device.json",
                                              cancellable, NULL);
      stmt = tk_store_prepare (store, "SELECT max (device_seq) FROM sync_ops"
                                      " WHERE device_uid = ?1", error);
      if (stmt == NULL)
        return NULL;
      sqlite3_bind_text (stmt, 1, entry->device, -1, SQLITE_STATIC);
      folded = tk_store_step (store, stmt, NULL) == SQLITE_ROW
               ? sqlite3_column_int64 (stmt, 0) : 0;
      sqlite3_reset (stmt);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "uid");
      json_builder_add_string_value (builder, entry->device);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, info != NULL &&
                                     json_object_has_member (info, "name")
                                     ? json_object_get_string_member (info, "name") : "");
      json_builder_set_member_name (builder, "this_device");
      json_builder_add_boolean_value (builder, g_str_equal (entry->device, device));
      json_builder_set_member_name (builder, "folded_seq");
      json_builder_add_int_value (builder, folded);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "skipped");
  json_builder_begin_array (builder);
  stmt = tk_store_prepare (store, "SELECT device, name, reason FROM sync_files WHERE ok = 0"
                                  " ORDER BY device, name", error);
  if (stmt == NULL)
    return NULL;
  while (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "device");
      json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 0));
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 1));
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 2));
      json_builder_end_object (builder);
    }
  sqlite3_reset (stmt);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}
