/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-invite-protocol.c — what a guest's phone may send, checked without a network. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tk-invite-protocol.h"
#include "tk-invite-state.h"
#include "tk-json.h"
#include "tk-rules.h"

static TkInviteMsg *
parse (const char *text,
       GError    **error)
{
  return tk_invite_msg_parse (text, strlen (text), error);
}

static void
refused_with (const char *text,
              int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkInviteMsg) msg = parse (text, &error);

  g_assert_null (msg);
  g_assert_error (error, TK_INVITE_ERROR, code);
}

static void
test_hello (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkInviteMsg) msg =
    parse ("{\"v\":1,\"type\":\"hello\",\"client\":\"0123456789abcdef0123\",\"lang\":\"ja-JP\",\"since\":7}",
           &error);

  g_assert_no_error (error);
  g_assert_cmpint (msg->type, ==, TK_INVITE_MSG_HELLO);
  g_assert_cmpstr (msg->client, ==, "0123456789abcdef0123");
  g_assert_cmpstr (msg->lang, ==, "ja");
  g_assert_cmpint (msg->since, ==, 7);

  /* Any other language reads as English; a short or odd client id is refused. */
  g_clear_pointer (&msg, tk_invite_msg_free);
  msg = parse ("{\"v\":1,\"type\":\"hello\",\"client\":\"0123456789abcdef0123\",\"lang\":\"de\"}", &error);
  g_assert_cmpstr (msg->lang, ==, "en");
  refused_with ("{\"v\":1,\"type\":\"hello\",\"client\":\"short\"}", TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"hello\",\"client\":\"0123456789abcdef<script>\"}",
                TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"hello\",\"client\":\"0123456789abcdef0123\",\"since\":-1}",
                TK_INVITE_ERROR_MALFORMED);
}

static void
test_refused_shapes (void)
{
  g_autoptr(GString) deep = g_string_new ("{\"v\":1,\"type\":\"sync\",\"x\":");
  g_autofree char *big = NULL;

  refused_with ("", TK_INVITE_ERROR_MALFORMED);
  refused_with ("not json", TK_INVITE_ERROR_MALFORMED);
  refused_with ("[1,2]", TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"type\":\"sync\"}", TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":2,\"type\":\"sync\"}", TK_INVITE_ERROR_VERSION);
  refused_with ("{\"v\":1,\"type\":\"format_disk\"}", TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"sync\",\"since\":99999999999999999999999}",
                TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"seat_request\",\"seat\":\"0\"}", TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"seat_request\",\"seat\":-1}", TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"action\",\"action\":{\"type\":\"turn\"}}", TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"action\",\"seq\":0,\"action\":{\"type\":\"turn\"}}",
                TK_INVITE_ERROR_MALFORMED);
  refused_with ("{\"v\":1,\"type\":\"action\",\"seq\":1,\"action\":{}}", TK_INVITE_ERROR_MALFORMED);

  /* Nested beyond the loader's limit: refused before json-glib recurses. */
  for (guint i = 0; i < 200; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 200; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  refused_with (deep->str, TK_INVITE_ERROR_MALFORMED);

  /* One byte over the limit, whatever it holds. */
  big = g_strnfill (TK_INVITE_MAX_MESSAGE + 1, ' ');
  refused_with (big, TK_INVITE_ERROR_TOO_BIG);
}

static void
check_action (const char *rules,
              int         seat,
              const char *action_json,
              int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) action = tk_json_load_object (action_json, -1, &error);

  g_assert_no_error (error);
  if (code < 0)
    {
      g_assert_true (tk_invite_check_action (rules, seat, action, &error));
      g_assert_no_error (error);
    }
  else
    {
      g_assert_false (tk_invite_check_action (rules, seat, action, &error));
      g_assert_error (error, TK_INVITE_ERROR, code);
    }
}

static void
test_actions (void)
{
  const char *turn = "{\"type\":\"turn\",\"seat\":1,\"card_number\":3,\"effect\":\"pool\","
                     "\"street\":1,\"house\":1,\"number\":3}";

  check_action ("welcome-to", 1, turn, -1);
  check_action ("welcome-to", 0, turn, TK_INVITE_ERROR_NOT_YOUR_SEAT);
  check_action ("welcome-to", -1, turn, TK_INVITE_ERROR_NO_SEAT);
  check_action ("welcome-to", 1, "{\"type\":\"refuse\"}", TK_INVITE_ERROR_NOT_YOUR_SEAT);
  check_action ("welcome-to", 1, "{\"type\":\"refuse\",\"seat\":1}", -1);
  check_action ("welcome-to", 1, "{\"type\":\"refuse\",\"seat\":\"1\"}", TK_INVITE_ERROR_NOT_YOUR_SEAT);
  /* The host's actions: the round's cards, a whole sheet, the first player. */
  check_action ("welcome-to", 1, "{\"type\":\"reveal\",\"seat\":1,\"cards\":[]}", TK_INVITE_ERROR_NOT_ALLOWED);
  check_action ("welcome-to", 1, "{\"type\":\"import_sheet\",\"seat\":1}", TK_INVITE_ERROR_NOT_ALLOWED);
  check_action ("welcome-to", 1, "{\"type\":\"table.first_player\",\"seat\":1}", TK_INVITE_ERROR_NOT_ALLOWED);
  check_action ("generic-score-pad", 0, "{\"type\":\"set_score\",\"round\":1,\"seat\":0,\"points\":5}", -1);
  check_action ("generic-score-pad", 0, "{\"type\":\"set_score\",\"round\":1,\"seat\":1,\"points\":5}",
                TK_INVITE_ERROR_NOT_YOUR_SEAT);
  check_action ("generic-score-pad", 0, "{\"type\":\"add_round\",\"scores\":[1,2]}", TK_INVITE_ERROR_NOT_ALLOWED);
  check_action ("agora", 0, "{\"type\":\"income\",\"seat\":0}", TK_INVITE_ERROR_NOT_ALLOWED);
  g_assert_false (tk_invite_rules_take_input ("metropolis"));
  g_assert_true (tk_invite_rules_take_input ("welcome-to"));
}

static void
test_seq_and_rate (void)
{
  TkInviteRate rate = { 0 };
  guint allowed = 0;

  g_assert_cmpint (tk_invite_seq_compare (0, 1), ==, TK_INVITE_SEQ_NEW);
  g_assert_cmpint (tk_invite_seq_compare (4, 9), ==, TK_INVITE_SEQ_NEW);
  g_assert_cmpint (tk_invite_seq_compare (4, 4), ==, TK_INVITE_SEQ_REPLAY);
  g_assert_cmpint (tk_invite_seq_compare (4, 3), ==, TK_INVITE_SEQ_STALE);

  for (guint i = 0; i < 100; i++)
    allowed += tk_invite_rate_allow (&rate, 5 * G_USEC_PER_SEC + i * 1000);
  g_assert_cmpuint (allowed, ==, TK_INVITE_MAX_RATE);
  /* A second later the phone may talk again. */
  g_assert_true (tk_invite_rate_allow (&rate, 6 * G_USEC_PER_SEC + 1));
}

static void
test_refusal_message (void)
{
  g_autoptr(GError) error = g_error_new_literal (TK_INVITE_ERROR, TK_INVITE_ERROR_NOT_YOUR_SEAT, "x");
  g_autoptr(GError) engine = g_error_new_literal (TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, "No.");
  g_autoptr(JsonObject) a = tk_invite_refusal_new (error, 3);
  g_autoptr(JsonObject) b = tk_invite_refusal_new (engine, 0);

  g_assert_cmpstr (json_object_get_string_member (a, "code"), ==, "not_your_seat");
  g_assert_cmpint (json_object_get_int_member (a, "seq"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (b, "code"), ==, "illegal");
  g_assert_cmpstr (json_object_get_string_member (b, "message"), ==, "No.");
  g_assert_false (json_object_has_member (b, "seq"));
}

/* The state a phone is sent: its own sheet only, who has yet to play, the latest lines. */
static void
test_state (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tk-invite-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (path, &error);
  const TkRules *rules = tk_rules_lookup ("welcome-to");
  g_autoptr(JsonObject) setup = rules->default_setup (2);
  g_autoptr(TkSession) session = NULL;
  g_autoptr(JsonObject) state = NULL;
  const char *guests[] = { "taken", "you", NULL };
  JsonArray *waiting;

  g_assert_no_error (error);
  session = tk_session_start (store, "welcome-to", 0, "Table", setup, &error);
  g_assert_no_error (error);
  g_assert_true (tk_session_apply_json (session, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,"
                                        "\"effect\":\"pool\",\"street\":1,\"house\":3,\"number\":3}",
                                        &error));
  g_assert_no_error (error);

  state = tk_invite_state_build (session, 1, 5, guests);
  g_assert_cmpint (json_object_get_int_member (state, "revision"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (state, "ledger_seq"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (state, "seat"), ==, 1);
  g_assert_true (json_object_get_boolean_member (state, "input"));
  waiting = json_object_get_array_member (state, "waiting");
  g_assert_cmpuint (json_array_get_length (waiting), ==, 1);
  g_assert_cmpint (json_array_get_int_element (waiting, 0), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (state, "ledger")), ==, 1);
  g_assert_true (json_object_has_member (state, "sheet"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                     json_object_get_array_member (state, "players"), 1), "guest"), ==, "you");

  /* Undo: the line leaves the phone's ledger too. */
  g_assert_true (tk_session_undo (session, &error));
  g_clear_pointer (&state, json_object_unref);
  state = tk_invite_state_build (session, -1, 6, NULL);
  g_assert_cmpint (json_object_get_int_member (state, "ledger_seq"), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (state, "ledger")), ==, 0);
  g_assert_false (json_object_has_member (state, "sheet"));

  g_clear_object (&session);
  g_clear_object (&store);
  g_assert_no_errno (g_unlink (path));
  g_remove (dir);
}

static void
test_local_addresses (void)
{
  const char *local[] = { "10.0.0.5", "172.16.0.1", "172.31.255.254", "192.168.1.20" };
  const char *not_local[] = { "8.8.8.8", "172.15.0.1", "172.32.0.1", "192.0.2.2", "192.169.0.1",
                              "127.0.0.1", "::1", "fd00::1", "not an address", "" };

  for (guint i = 0; i < G_N_ELEMENTS (local); i++)
    g_assert_true (tk_invite_address_is_local (local[i]));
  for (guint i = 0; i < G_N_ELEMENTS (not_local); i++)
    g_assert_false (tk_invite_address_is_local (not_local[i]));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

  g_test_add_func ("/invite/hello", test_hello);
  g_test_add_func ("/invite/refused-shapes", test_refused_shapes);
  g_test_add_func ("/invite/actions", test_actions);
  g_test_add_func ("/invite/seq-and-rate", test_seq_and_rate);
  g_test_add_func ("/invite/refusal", test_refusal_message);
  g_test_add_func ("/invite/state", test_state);
  g_test_add_func ("/invite/local-addresses", test_local_addresses);
  return g_test_run ();
}
