/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-collection-json.c — libFuzzer harness for the Tablekeeper collection JSON importer.
 *
 * Each input is imported into the library (tk_collection_import_json) and then as a
 * friend's list (tk_collection_import_friend_list, which sniffs JSON or CSV).  A refused
 * input must leave every table as it was.
 */
#include "config.h"

#include "fuzz-common.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TkCollection *collection = tk_fuzz_collection ();
  const char *text = (const char *) data;
  GError *error = NULL;
  TkFuzzCounts before;
  guint n = 0;
  gboolean ok;

  tk_fuzz_begin ();

  tk_fuzz_count (&before);
  ok = tk_collection_import_json (collection, text, size, &n, &error);
  tk_fuzz_check_result ("tk_collection_import_json", ok, &error, &before);

  tk_fuzz_count (&before);
  ok = tk_collection_import_friend_list (collection, "Fuzz", text, size, &error) > 0;
  tk_fuzz_check_result ("tk_collection_import_friend_list (JSON)", ok, &error, &before);

  tk_fuzz_end ();
  return 0;
}
