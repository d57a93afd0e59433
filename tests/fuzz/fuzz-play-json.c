/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-play-json.c — libFuzzer harness for the Tablekeeper plays file importer.
 *
 * Each input is imported (tk_plays_import_json).  A refused input must leave every table as
 * it was; after an accepted one, the plays export to JSON and CSV, and the JSON imports again.
 */
#include "config.h"

#include "fuzz-common.h"
#include "tk-plays.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TkStore *store = tk_fuzz_store ();
  const char *text = (const char *) data;
  GError *error = NULL;
  TkFuzzCounts before;
  guint n = 0;
  gboolean ok;

  tk_fuzz_begin ();

  tk_fuzz_count (&before);
  ok = tk_plays_import_json (store, text, size, &n, &error);
  tk_fuzz_check_result ("tk_plays_import_json", ok, &error, &before);

  if (ok)
    {
      char *json = tk_plays_export_json (store, &error);
      char *csv = tk_plays_export_csv (store, &error);

      if (json == NULL || csv == NULL)
        g_error ("the plays do not export after an import: %s", error->message);
      if (!tk_plays_import_json (store, json, -1, NULL, &error))
        g_error ("exported plays do not import again: %s", error->message);
      g_free (json);
      g_free (csv);
    }

  tk_fuzz_end ();
  return 0;
}
