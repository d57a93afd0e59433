/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-session.c — sessions for tests (tk-test-session.h). */
#include "config.h"

#include "tk-rules-json.h"
#include "tk-test-session.h"

TkSession *
tk_test_session_from_fixture (TkStore     *store,
                              const char  *rules_id,
                              const char  *title,
                              const char  *name,
                              JsonArray  **actions)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  TkSession *session;
  JsonArray *rows;

  tk_games_register_all ();
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  session = tk_session_start (store, rules_id, 0, title,
                              json_object_get_object_member (file, "setup"), &error);
  g_assert_no_error (error);
  rows = json_object_get_array_member (file, "actions");
  *actions = json_array_new ();
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_false (json_object_get_boolean_member (row, "undone"));
      json_array_add_object_element (*actions,
                                     json_object_ref (json_object_get_object_member (row, "action")));
    }
  return session;
}

void
tk_test_apply_ok (TkSession  *session,
                  const char *json)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_session_apply_json (session, json, &error));
  g_assert_no_error (error);
}
