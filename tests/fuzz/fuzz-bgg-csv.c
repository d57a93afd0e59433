/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-bgg-csv.c — libFuzzer harness for the BoardGameGeek collection CSV importer.
 *
 * Each input is imported into the library (tk_bgg_csv_import) and then as a friend's list
 * (tk_collection_import_friend_list, which reads the same file through
 * tk_bgg_csv_read_games).  A refused input must leave every table as it was.
 */
#include "config.h"

#include "fuzz-common.h"
#include "tk-bgg-csv.h"

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
  ok = tk_bgg_csv_import (collection, text, size, &n, &error);
  tk_fuzz_check_result ("tk_bgg_csv_import", ok, &error, &before);

  tk_fuzz_count (&before);
  ok = tk_collection_import_friend_list (collection, "Fuzz", text, size, &error) > 0;
  tk_fuzz_check_result ("tk_collection_import_friend_list (CSV)", ok, &error, &before);

  tk_fuzz_end ();
  return 0;
}
