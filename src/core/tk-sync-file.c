/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-file.c — encoding and decoding one `.tkops` file of operations (tk-sync-file.h). */
#define G_LOG_DOMAIN "tk-sync-file"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "tk-json.h"
#include "tk-sync-file.h"

#define FORMAT_NAME "tablekeeper-ops"
#define TRAILER_PREFIX "{\"count\":"
#define UID_MAX_LENGTH 64

G_DEFINE_QUARK (tk-sync-file-error-quark, tk_sync_file_error)

static gboolean
fail (GError         **error,
      TkSyncFileError  code,
      const char      *message)
{
  g_set_error_literal (error, TK_SYNC_FILE_ERROR, code, message);
  return FALSE;
}

static gboolean
fail_truncated (GError **error)
{
  return fail (error, TK_SYNC_FILE_ERROR_TRUNCATED,
               _("The file is incomplete: it ends before its last line, perhaps because it is "
                 "still being copied."));
}

/* The trailer is compared as bytes with the one the content calls for, not parsed: then any
 * change inside it (a digit of the count, a letter of the digest, a space, a quote) is a
 * mismatch, and nothing about how json-glib reads numbers or escapes can let one through. */
static char *
trailer_for (const char *content,
             gsize       length,
             guint       count)
{
  g_autofree char *digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256,
                                                         (const guchar *) content, length);

  return g_strdup_printf (TRAILER_PREFIX "%u,\"sha256\":\"%s\"}\n", count, digest);
}

static gboolean
member_int (JsonObject *object,
            const char *name,
            gint64     *value)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
invalid_member (GError    **error,
                const char *name)
{
  g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_FORMAT,
               _("The first line of the file is not valid: “%s” is missing or wrong."), name);
  return FALSE;
}

static gboolean
check_range (gint64   first,
             gint64   last,
             guint    count,
             GError **error)
{
  if (first < 0 || first > TK_SYNC_FILE_MAX_SEQUENCE)
    return invalid_member (error, "first");
  if (last < first || last > TK_SYNC_FILE_MAX_SEQUENCE)
    return invalid_member (error, "last");
  if ((guint64) (last - first) + 1 != count)
    {
      g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_FORMAT,
                   _("The file should hold changes %" PRId64 " to %" PRId64 ", but it holds %u."),
                   first, last, count);
      return FALSE;
    }
  return TRUE;
}

/* One operation line (@number counts from 1): a JSON object, checked by tk-json.c for depth,
 * encoding and numbers before json-glib sees it, with a string member "op".  A carriage return
 * is refused as well as a line feed, so that a line survives any tool that splits lines. */
static gboolean
check_op_line (const char *line,
               gsize       length,
               guint       number,
               GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonObject) object = NULL;
  const char *uid;

  if (memchr (line, '\n', length) != NULL || memchr (line, '\r', length) != NULL)
    {
      g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_FORMAT,
                   _("Change %u holds a line break."), number);
      return FALSE;
    }
  object = tk_json_load_object (line, (gssize) length, &local_error);
  if (object == NULL)
    {
      g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_FORMAT,
                   _("Change %u cannot be read: %s"), number, local_error->message);
      return FALSE;
    }
  uid = member_string (object, "op");
  if (uid == NULL || uid[0] == '\0')
    {
      g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_FORMAT,
                   _("Change %u has no “op” member naming it."), number);
      return FALSE;
    }
  return TRUE;
}

/* The header's "format" and "version", which decide how the rest is framed.  Returns the
 * version, or 0 with @error set. */
static gint64
header_version (JsonObject  *header,
                GError     **error)
{
  const char *format = member_string (header, "format");
  gint64 version;

  if (g_strcmp0 (format, FORMAT_NAME) != 0)
    {
      fail (error, TK_SYNC_FILE_ERROR_FORMAT,
            _("The file is not a Tablekeeper file of changes."));
      return 0;
    }
  if (!member_int (header, "version", &version) || version < 1)
    {
      invalid_member (error, "version");
      return 0;
    }
  if (version > TK_SYNC_FILE_VERSION)
    {
      g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_NEWER_VERSION,
                   _("The file was written by a newer Tablekeeper (format %" PRId64 "). "
                     "Update Tablekeeper to read it."), version);
      return 0;
    }
  return version;
}

void
tk_sync_file_free (TkSyncFile *file)
{
  if (file == NULL)
    return;
  g_free (file->library);
  g_free (file->device);
  g_clear_pointer (&file->ops, g_ptr_array_unref);
  g_free (file);
}

gboolean
tk_sync_file_uid_is_valid (const char *uid)
{
  gsize n;

  if (uid == NULL || uid[0] == '\0' || uid[0] == '-')
    return FALSE;
  for (n = 0; uid[n] != '\0'; n++)
    if (n == UID_MAX_LENGTH || !(g_ascii_isalnum (uid[n]) || uid[n] == '-' || uid[n] == '_'))
      return FALSE;
  return TRUE;
}

/**
 * tk_sync_file_encode:
 * @library_uid: the library the operations belong to
 * @device_uid: the device that made them
 * @first: the sequence number of the first operation
 * @last: the sequence number of the last one
 * @op_lines: (element-type utf8): the operations, one JSON object each, without "\n"
 * @error: a #TK_SYNC_FILE_ERROR
 *
 * Returns: (transfer full): the file's bytes
 */
GBytes *
tk_sync_file_encode (const char  *library_uid,
                     const char  *device_uid,
                     gint64       first,
                     gint64       last,
                     GPtrArray   *op_lines,
                     GError     **error)
{
  g_autoptr(GString) text = NULL;
  g_autofree char *trailer = NULL;
  gsize size;
  guint i;

  g_return_val_if_fail (op_lines != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!tk_sync_file_uid_is_valid (library_uid))
    {
      invalid_member (error, "library");
      return NULL;
    }
  if (!tk_sync_file_uid_is_valid (device_uid))
    {
      invalid_member (error, "device");
      return NULL;
    }
  if (!check_range (first, last, op_lines->len, error))
    return NULL;

  /* The size first, so that an oversized request is refused before anything is copied
   * (a header and a trailer are under 400 bytes). */
  for (i = 0, size = 400; i < op_lines->len; i++)
    {
      g_return_val_if_fail (g_ptr_array_index (op_lines, i) != NULL, NULL);
      size += strlen (g_ptr_array_index (op_lines, i)) + 1;
      if (size > TK_SYNC_FILE_MAX_SIZE)
        {
          g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_TOO_BIG,
                       _("The changes would make a file larger than %d MiB."),
                       TK_SYNC_FILE_MAX_SIZE / (1024 * 1024));
          return NULL;
        }
    }

  /* The uids are plain ASCII (checked above): nothing in the header needs escaping. */
  text = g_string_sized_new (size);
  g_string_append_printf (text,
                          "{\"format\":\"" FORMAT_NAME "\",\"version\":%d,\"library\":\"%s\","
                          "\"device\":\"%s\",\"first\":%" G_GINT64_FORMAT ",\"last\":%"
                          G_GINT64_FORMAT "}\n",
                          TK_SYNC_FILE_VERSION, library_uid, device_uid, first, last);
  for (i = 0; i < op_lines->len; i++)
    {
      const char *line = g_ptr_array_index (op_lines, i);
      gsize length = strlen (line);

      if (!check_op_line (line, length, i + 1, error))
        return NULL;
      g_string_append_len (text, line, (gssize) length);
      g_string_append_c (text, '\n');
    }
  trailer = trailer_for (text->str, text->len, op_lines->len);
  g_string_append (text, trailer);
  return g_string_free_to_bytes (g_steal_pointer (&text));
}

/* The framing: the file ends with "\n", its first line is a header of a version we read,
 * and its last line is the trailer the rest calls for.  Sets the header, where the operation
 * lines start and end, and their count. */
static gboolean
check_framing (const char  *data,
               gsize        size,
               JsonObject **header,
               const char **ops_start,
               const char **ops_end,
               guint       *count,
               GError     **error)
{
  g_autofree char *trailer = NULL;
  const char *header_end, *trailer_start, *line;

  /* Every line ends with "\n": a file that does not was cut inside a line. */
  if (size == 0 || data[size - 1] != '\n')
    return fail_truncated (error);

  header_end = memchr (data, '\n', size);
  *header = tk_json_load_object (data, header_end - data, NULL);
  if (*header == NULL)
    return fail (error, TK_SYNC_FILE_ERROR_FORMAT,
                 _("The file is not a Tablekeeper file of changes."));
  if (header_version (*header, error) == 0)
    return FALSE;

  /* The last line: after the "\n" before the final one. */
  if (header_end == data + size - 1)
    return fail_truncated (error);
  trailer_start = data + size - 1;
  while (trailer_start[-1] != '\n')
    trailer_start--;
  if ((gsize) (data + size - trailer_start) < strlen (TRAILER_PREFIX) ||
      memcmp (trailer_start, TRAILER_PREFIX, strlen (TRAILER_PREFIX)) != 0)
    return fail_truncated (error);

  *count = 0;
  for (line = header_end + 1; line < trailer_start; (*count)++)
    line = (const char *) memchr (line, '\n', (gsize) (trailer_start - line)) + 1;
  trailer = trailer_for (data, (gsize) (trailer_start - data), *count);
  if (strlen (trailer) != (gsize) (data + size - trailer_start) ||
      memcmp (trailer, trailer_start, strlen (trailer)) != 0)
    return fail (error, TK_SYNC_FILE_ERROR_CHECKSUM,
                 _("The file is damaged: its content does not match its checksum."));
  *ops_start = header_end + 1;
  *ops_end = trailer_start;
  return TRUE;
}

/* The header's members, once the file is known to be intact. */
static gboolean
read_header (JsonObject  *header,
             guint        count,
             const char  *expected_library_uid,
             TkSyncFile  *file,
             GError     **error)
{
  const char *library = member_string (header, "library");
  const char *device = member_string (header, "device");

  if (!tk_sync_file_uid_is_valid (library))
    return invalid_member (error, "library");
  if (!tk_sync_file_uid_is_valid (device))
    return invalid_member (error, "device");
  if (!member_int (header, "first", &file->first))
    return invalid_member (error, "first");
  if (!member_int (header, "last", &file->last))
    return invalid_member (error, "last");
  if (!check_range (file->first, file->last, count, error))
    return FALSE;
  if (expected_library_uid != NULL && strcmp (library, expected_library_uid) != 0)
    {
      g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_WRONG_LIBRARY,
                   _("The file belongs to another library (%s)."), library);
      return FALSE;
    }
  file->version = TK_SYNC_FILE_VERSION;
  file->library = g_strdup (library);
  file->device = g_strdup (device);
  return TRUE;
}

/**
 * tk_sync_file_decode:
 * @bytes: a whole file
 * @expected_library_uid: (nullable): the library it must belong to
 * @error: a #TK_SYNC_FILE_ERROR with a message a person can read
 *
 * Checks, in this order: the size; that the file ends with "\n"; the first line (format and
 * version, which decide the framing); that the last line is a trailer matching the count and
 * the SHA-256 of everything before it; the rest of the header; the library; each operation.
 * Damage is therefore reported as damage (CHECKSUM) before any finer complaint.
 *
 * Returns: (transfer full): the file, or %NULL with @error set
 */
TkSyncFile *
tk_sync_file_decode (GBytes      *bytes,
                     const char  *expected_library_uid,
                     GError     **error)
{
  g_autoptr(TkSyncFile) file = NULL;
  g_autoptr(JsonObject) header = NULL;
  const char *data, *line, *ops_end;
  gsize size;
  guint count;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &size);
  if (size > TK_SYNC_FILE_MAX_SIZE)
    {
      g_set_error (error, TK_SYNC_FILE_ERROR, TK_SYNC_FILE_ERROR_TOO_BIG,
                   _("The file is larger than %d MiB, more than any Tablekeeper file of "
                     "changes."), TK_SYNC_FILE_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!check_framing (data, size, &header, &line, &ops_end, &count, error))
    return NULL;

  file = g_new0 (TkSyncFile, 1);
  if (!read_header (header, count, expected_library_uid, file, error))
    return NULL;
  file->ops = g_ptr_array_new_full (count, g_free);
  while (line < ops_end)
    {
      const char *end = memchr (line, '\n', (gsize) (ops_end - line));

      if (!check_op_line (line, (gsize) (end - line), file->ops->len + 1, error))
        return NULL;
      g_ptr_array_add (file->ops, g_strndup (line, (gsize) (end - line)));
      line = end + 1;
    }
  return g_steal_pointer (&file);
}
