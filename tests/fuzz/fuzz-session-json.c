/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-session-json.c — libFuzzer harness for the session file importer.
 *
 * Each input is imported as a session (tk_session_import) and scored in memory
 * (tk_session_file_score).  A refused input must leave every table as it was; an accepted
 * one must export to a file that scores again, with the same breakdown as the imported
 * session.
 */
#include "config.h"

#include "fuzz-common.h"
#include "tk-session.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *
score_text (JsonObject *score)
{
  return score != NULL ? tk_rules_json_to_string (score) : NULL;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TkStore *store = tk_fuzz_store ();
  const char *text = (const char *) data;
  GError *error = NULL;
  TkFuzzCounts before;
  TkSession *session;

  tk_games_register_all ();
  tk_fuzz_begin ();

  tk_fuzz_count (&before);
  session = tk_session_import (store, text, size, &error);
  tk_fuzz_check_result ("tk_session_import", session != NULL, &error, &before);

  {
    JsonObject *score = tk_session_file_score (text, size, &error);

    /* The in-memory replay accepts exactly what the importer accepts. */
    if ((score != NULL) != (session != NULL))
      g_error ("tk_session_file_score and tk_session_import disagree on an input");
    g_clear_error (&error);

    if (session != NULL)
      {
        char *exported = tk_session_export (session);
        JsonObject *again = tk_session_file_score (exported, -1, &error);
        JsonObject *direct = tk_session_score (session);
        char *a, *b;

        if (again == NULL)
          g_error ("an imported session does not re-import: %s", error->message);
        a = score_text (again);
        b = score_text (direct);
        if (g_strcmp0 (a, b) != 0)
          g_error ("an exported session scores differently: %s / %s", a, b);
        g_free (a);
        g_free (b);
        json_object_unref (again);
        json_object_unref (direct);
        g_free (exported);
        g_object_unref (session);
      }
    if (score != NULL)
      json_object_unref (score);
  }

  tk_fuzz_end ();
  return 0;
}
