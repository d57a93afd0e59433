/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-metromania-network.c — libFuzzer harness for Metromania network files
 * (`tablekeeper-cli metromania routes FILE`, `score FILE`): the file is read as JSON and
 * scored as the game would end there (tk_metromania_network_score), which builds the board,
 * the lines and every test trip's fastest routes from untrusted numbers.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "metromania/tk-metromania-rules.h"
#include "tk-rules.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;
  JsonObject *file;
  JsonObject *score;

  tk_games_register_all ();
  file = tk_rules_json_parse_object ((const char *) data, size, &error);
  if (file == NULL)
    {
      g_clear_error (&error);
      return 0;
    }
  score = tk_metromania_network_score (file, &error);
  if ((score == NULL) == (error == NULL))
    {
      fprintf (stderr, "fuzz: tk_metromania_network_score: a refusal needs an error, "
                       "a result none\n");
      abort ();
    }
  if (score != NULL)
    {
      g_free (tk_rules_json_to_string (score));
      json_object_unref (score);
    }
  g_clear_error (&error);
  json_object_unref (file);
  return 0;
}
