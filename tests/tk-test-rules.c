/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-rules.c — the engine tests' shared steps (see the header). */
#include "config.h"

#include <string.h>

#include "tk-test-rules.h"

JsonObject *
tk_test_rules_parse (const char *json)
{
  g_autoptr(GError) error = NULL;
  JsonObject *object = tk_rules_json_parse_object (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (object);
  return object;
}

gpointer
tk_test_rules_new_state (const TkRules *rules,
                         const char    *setup_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = tk_test_rules_parse (setup_json);
  gpointer state = rules->state_new (setup, &error);

  g_assert_no_error (error);
  g_assert_nonnull (state);
  return state;
}

char *
tk_test_rules_state_json (const TkRules *rules,
                          gpointer       state)
{
  g_autoptr(JsonObject) object = rules->to_json (state);

  return tk_rules_json_to_string (object);
}

void
tk_test_rules_apply_ok (const TkRules *rules,
                        gpointer       state,
                        const char    *action_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) action = tk_test_rules_parse (action_json);
  /* The ledger line is written before the action is taken: it must exist for every action
   * an engine accepts. */
  g_autofree char *line = rules->describe_action (state, action);

  if (line == NULL)
    g_error ("no ledger line for %s", action_json);
  if (!rules->apply (state, action, &error))
    g_error ("refused %s: %s", action_json, error->message);
}

void
tk_test_rules_apply_refused (const TkRules *rules,
                             gpointer       state,
                             const char    *action_json,
                             int            code,
                             const char    *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) action = tk_test_rules_parse (action_json);
  g_autofree char *before = tk_test_rules_state_json (rules, state);
  g_autofree char *after = NULL;

  if (rules->apply (state, action, &error))
    g_error ("accepted %s", action_json);
  g_assert_nonnull (error);
  if (code >= 0)
    g_assert_error (error, TK_RULES_ERROR, code);
  /* A refusal is read by a person at the table: a sentence, not an empty string. */
  g_assert_cmpuint (strlen (error->message), >, 10);
  if (words != NULL && strstr (error->message, words) == NULL)
    g_error ("message “%s” lacks “%s”", error->message, words);
  after = tk_test_rules_state_json (rules, state);
  g_assert_cmpstr (before, ==, after);
}
