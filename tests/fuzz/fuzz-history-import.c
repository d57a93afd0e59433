/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-history-import.c — libFuzzer harness for plays from BG Stats and BoardGameGeek.
 *
 * Each input is read as whatever it looks like (a BG Stats export or a BGG plays page),
 * matched and written.  A refused input must leave every table as it was; after an accepted
 * one every text in the library must pass the text check, and Undo must take the import
 * away again, leaving every table as it was before.
 */
#include "config.h"

#include "fuzz-common.h"
#include "tk-history-import.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TkStore *store = tk_fuzz_store ();
  TkHistoryImport *import = tk_history_import_new ();
  GError *error = NULL;
  TkFuzzCounts before, after;
  gint64 import_id = 0;
  gboolean ok;

  tk_fuzz_begin ();

  tk_fuzz_count (&before);
  ok = tk_history_import_add_file (import, (const char *) data, size, TK_HISTORY_FORMAT_AUTO,
                                   &error) &&
       tk_history_import_prepare (import, store, &error) &&
       tk_history_import_write (import, store, NULL, NULL, &import_id, &error);
  tk_fuzz_check_result ("tk_history_import", ok, &error, &before);

  if (ok)
    {
      char *preview = tk_history_summary_describe (tk_history_import_get_summary (import));

      g_free (preview);
      if (!tk_history_import_undo (store, import_id, &error))
        g_error ("an import does not undo: %s", error->message);
      tk_fuzz_count (&after);
      for (guint i = 0; i < before.n_tables; i++)
        if (before.rows[i] != after.rows[i])
          g_error ("Undo left table %u with %" G_GINT64_FORMAT " rows instead of %" G_GINT64_FORMAT,
                   i, after.rows[i], before.rows[i]);
    }
  g_object_unref (import);

  tk_fuzz_end ();
  return 0;
}
