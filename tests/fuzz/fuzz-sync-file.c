/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-sync-file.c — libFuzzer harness for the `.tkops` decoder (tk-sync-file.h).
 *
 * Each input is decoded twice: as it is, and with the trailer the content calls for put in
 * place of its last line (random bytes almost never match a SHA-256, so without this the
 * header and the operation lines behind the checksum would go unexplored).  A refusal must
 * carry a TK_SYNC_FILE_ERROR; an accepted file must encode again to a file that decodes to
 * the same fields and operations.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tk-sync-file.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSyncFile) file = tk_sync_file_decode (bytes, NULL, &error);
  g_autoptr(GBytes) again = NULL;
  g_autoptr(TkSyncFile) reread = NULL;
  guint i;

  if (file == NULL)
    {
      if (error == NULL || error->domain != TK_SYNC_FILE_ERROR)
        g_error ("a refusal without a TK_SYNC_FILE_ERROR");
      return;
    }
  if (error != NULL)
    g_error ("an accepted file with an error: %s", error->message);
  again = tk_sync_file_encode (file->library, file->device, file->first, file->last, file->ops,
                               &error);
  if (again == NULL)
    g_error ("an accepted file does not encode again: %s", error->message);
  reread = tk_sync_file_decode (again, file->library, &error);
  if (reread == NULL)
    g_error ("an encoded file does not decode: %s", error->message);
  if (strcmp (reread->device, file->device) != 0 || reread->first != file->first ||
      reread->last != file->last || reread->ops->len != file->ops->len)
    g_error ("a file changed on the way round");
  for (i = 0; i < file->ops->len; i++)
    if (strcmp (g_ptr_array_index (reread->ops, i), g_ptr_array_index (file->ops, i)) != 0)
      g_error ("operation %u changed on the way round", i + 1);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) as_is = g_bytes_new (data, size);
  g_autoptr(GString) fixed = g_string_new_len ((const char *) data, (gssize) size);
  g_autofree char *digest = NULL;
  g_autoptr(GBytes) refit = NULL;
  guint lines = 0;
  gsize i;

  check (as_is);

  /* drop the last line (the trailer, if any), then add the one the rest calls for */
  while (fixed->len > 0 && fixed->str[fixed->len - 1] != '\n')
    g_string_truncate (fixed, fixed->len - 1);
  if (fixed->len > 0)
    {
      g_string_truncate (fixed, fixed->len - 1);
      while (fixed->len > 0 && fixed->str[fixed->len - 1] != '\n')
        g_string_truncate (fixed, fixed->len - 1);
    }
  for (i = 0; i < fixed->len; i++)
    lines += fixed->str[i] == '\n';
  if (lines == 0)
    return 0;
  digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) fixed->str,
                                        fixed->len);
  g_string_append_printf (fixed, "{\"count\":%u,\"sha256\":\"%s\"}\n", lines - 1, digest);
  refit = g_bytes_new (fixed->str, fixed->len);
  check (refit);
  return 0;
}
