/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-welcome-to-sheet.c — libFuzzer harness for Welcome To... sheet files (the panel's
 * "Import Sheet"): the input is read as JSON, wrapped in an import_sheet action for seat 1
 * and applied to a fresh three-player table.  An accepted sheet must export again and the
 * export must import into another fresh table (the exchange round-trips); a refused one must
 * leave the state as it was (the engine checks on a copy, like TkSession).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tk-rules.h"
#include "welcome-to/tk-welcome-to-rules.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz: %s\n", what);
  abort ();
}

/* The table as the panel would draw it, as text. */
static char *
table_text (const TkRules *rules,
            gpointer       state)
{
  JsonObject *json = rules->to_json (state);
  char *text = tk_rules_json_to_string (json);

  json_object_unref (json);
  return text;
}

static gpointer
new_table (const TkRules *rules)
{
  JsonObject *setup = rules->default_setup (3);
  gpointer state = rules->state_new (setup, NULL);

  json_object_unref (setup);
  if (state == NULL)
    fail ("the default three-player setup is refused");
  return state;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const TkRules *rules;
  GError *error = NULL;
  JsonObject *document;
  JsonObject *action;
  gpointer state;
  char *before;

  tk_games_register_all ();
  rules = tk_welcome_to_rules_get ();
  document = tk_rules_json_parse_object ((const char *) data, size, &error);
  if (document == NULL)
    {
      g_clear_error (&error);
      return 0;
    }

  state = new_table (rules);
  action = tk_welcome_to_import_action (document, 1);
  before = table_text (rules, state);
  if (!rules->apply (state, action, &error))
    {
      char *after = table_text (rules, state);

      if (error == NULL)
        fail ("a refused sheet carries no reason");
      if (g_strcmp0 (before, after) != 0)
        fail ("a refused sheet changed the table");
      g_free (after);
      g_clear_error (&error);
    }
  else
    {
      JsonObject *exported = tk_welcome_to_export_sheet (state, 1);
      JsonObject *again = tk_welcome_to_import_action (exported, 1);
      gpointer other = new_table (rules);
      JsonObject *score = rules->score (state);

      if (!rules->apply (other, again, &error))
        {
          fprintf (stderr, "fuzz: an exported sheet does not import again: %s\n",
                   error->message);
          abort ();
        }
      json_object_unref (score);
      json_object_unref (again);
      json_object_unref (exported);
      rules->state_free (other);
    }
  g_free (before);
  json_object_unref (action);
  json_object_unref (document);
  rules->state_free (state);
  return 0;
}
