/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-score.c — libFuzzer harness for what `tablekeeper-cli score FILE` reads.
 *
 * Each input is replayed in memory as a session file of any engine
 * (tk_session_file_score); the seed corpus holds the engines' fixtures, so the fuzzer starts
 * from whole games of every engine rather than from the generic score pad alone.  A
 * breakdown that comes back must print as JSON; a refusal must carry a message.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tk-session.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;
  JsonObject *score;

  tk_games_register_all ();
  score = tk_session_file_score ((const char *) data, size, &error);
  if (score == NULL)
    {
      if (error == NULL || error->message == NULL || !g_utf8_validate (error->message, -1, NULL))
        {
          fprintf (stderr, "fuzz: tk_session_file_score refused without a readable message\n");
          abort ();
        }
      g_error_free (error);
      return 0;
    }
  if (error != NULL)
    {
      fprintf (stderr, "fuzz: tk_session_file_score left an error behind a success\n");
      abort ();
    }
  g_free (tk_rules_json_to_string (score));
  json_object_unref (score);
  return 0;
}
