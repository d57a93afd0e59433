/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-generic.c — the generic score pad: rounds, totals, ranks, ties, teams, co-op. */
#include "config.h"

#include "tk-rules.h"
#include "generic/tk-generic-rules.h"
#include "tk-test-rules.h"

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state ((tk_generic_rules_get ()), setup)
#define state_json(state) tk_test_rules_state_json ((tk_generic_rules_get ()), state)
#define apply_ok(state, action) tk_test_rules_apply_ok ((tk_generic_rules_get ()), state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused ((tk_generic_rules_get ()), state, action, code, NULL)

/* "total/rank/winner" of each seat, as one string, e.g. "12/1/w 9/2/-". */
static char *
summary (gpointer state)
{
  g_autoptr(JsonObject) score = tk_generic_rules_get ()->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      g_string_append_printf (out, "%s%g/%" G_GINT64_FORMAT "/%s", i > 0 ? " " : "",
                              json_object_get_double_member (p, "total"),
                              json_object_get_int_member (p, "rank"),
                              json_object_get_boolean_member (p, "winner") ? "w" : "-");
    }
  return g_string_free (out, FALSE);
}

#define THREE "{\"players\":[{\"name\":\"Ana\",\"colour\":\"#e01b24\"},{\"name\":\"Ben\"}," \
              "{\"name\":\"Cleo\"}]"

static void
test_high (void)
{
  const TkRules *rules = tk_generic_rules_get ();
  gpointer state = new_state (THREE "}");
  g_autofree char *s = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonObject *ana;

  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[5,3,2]}");
  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[1,7,null]}");
  apply_ok (state, "{\"type\":\"set_score\",\"round\":3,\"seat\":2,\"points\":4}");
  /* Ana 6, Ben 10, Cleo 6: Ben first, Ana and Cleo share second, nobody third. */
  s = summary (state);
  g_assert_cmpstr (s, ==, "6/2/- 10/1/w 6/2/-");

  score = rules->score (state);
  g_assert_cmpint (json_object_get_int_member (score, "rounds"), ==, 3);
  ana = json_array_get_object_element (json_object_get_array_member (score, "players"), 0);
  g_assert_cmpstr (json_object_get_string_member (ana, "colour"), ==, "#e01b24");
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (ana, "breakdown")), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (
                     json_array_get_object_element (json_object_get_array_member (ana, "breakdown"),
                                                    0), "label"), ==, "Round 1");

  /* Editing and removing rounds. */
  apply_ok (state, "{\"type\":\"edit_round\",\"round\":2,\"scores\":[10,0,0]}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "15/1/w 3/3/- 6/2/-");
  apply_ok (state, "{\"type\":\"remove_round\",\"round\":1}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "10/1/w 0/3/- 4/2/-");
  rules->state_free (state);
}

static void
test_low_and_ties (void)
{
  gpointer state = new_state (THREE ",\"win\":\"low\"}");
  g_autofree char *s = NULL;

  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[5,3,3]}");
  s = summary (state);
  g_assert_cmpstr (s, ==, "5/3/- 3/1/w 3/1/w");   /* a shared win */
  tk_generic_rules_get ()->state_free (state);

  /* The last round breaks the tie when asked to. */
  state = new_state (THREE ",\"win\":\"low\",\"tie_break\":\"last_round\"}");
  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[5,1,3]}");
  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[0,2,0]}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "5/3/- 3/2/- 3/1/w");
  tk_generic_rules_get ()->state_free (state);

  /* High score with a tie-break that cannot split: still a shared rank. */
  state = new_state (THREE ",\"tie_break\":\"last_round\"}");
  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[4,4,1]}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "4/1/w 4/1/w 1/3/-");
  tk_generic_rules_get ()->state_free (state);
}

static void
test_teams (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\",\"team\":\"Red\"},"
                              "{\"name\":\"Ben\",\"team\":\"Blue\"},{\"name\":\"Cleo\",\"team\":\"Red\"},"
                              "{\"name\":\"Dan\",\"team\":\"Blue\"}]}");
  g_autoptr(JsonObject) score = NULL;
  g_autofree char *s = NULL;
  JsonArray *teams;
  JsonObject *red;

  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[1,6,4,0]}");
  /* Red 5, Blue 6: Ben and Dan win although Cleo beat Dan. */
  s = summary (state);
  g_assert_cmpstr (s, ==, "1/2/- 6/1/w 4/2/- 0/1/w");
  score = tk_generic_rules_get ()->score (state);
  teams = json_object_get_array_member (score, "teams");
  g_assert_cmpint (json_array_get_length (teams), ==, 2);
  red = json_array_get_object_element (teams, 0);
  g_assert_cmpstr (json_object_get_string_member (red, "name"), ==, "Red");
  g_assert_cmpint (json_object_get_int_member (red, "total"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (red, "rank"), ==, 2);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (red, "seats")), ==, 2);
  tk_generic_rules_get ()->state_free (state);
}

static void
test_coop (void)
{
  gpointer state = new_state (THREE ",\"win\":\"coop\"}");
  g_autoptr(JsonObject) score = NULL;
  g_autofree char *s = NULL;

  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[1,2,3]}");
  s = summary (state);
  g_assert_cmpstr (s, ==, "1/1/- 2/1/- 3/1/-");   /* undecided: nobody has won yet */
  apply_ok (state, "{\"type\":\"coop_result\",\"result\":\"won\"}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "1/1/w 2/1/w 3/1/w");
  apply_ok (state, "{\"type\":\"coop_result\",\"result\":\"lost\"}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "1/1/- 2/1/- 3/1/-");
  score = tk_generic_rules_get ()->score (state);
  g_assert_cmpstr (json_object_get_string_member (score, "coop"), ==, "lost");
  apply_refused (state, "{\"type\":\"coop_result\",\"result\":\"maybe\"}", TK_RULES_ERROR_INVALID);
  tk_generic_rules_get ()->state_free (state);

  /* A competitive game has no table result. */
  state = new_state (THREE "}");
  apply_refused (state, "{\"type\":\"coop_result\",\"result\":\"won\"}", TK_RULES_ERROR_ILLEGAL);
  tk_generic_rules_get ()->state_free (state);
}

static void
test_refusals (void)
{
  gpointer state = new_state (THREE "}");

  apply_ok (state, "{\"type\":\"add_round\",\"scores\":[1,2,3]}");
  apply_refused (state, "{\"type\":\"add_round\",\"scores\":[1,2]}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"add_round\",\"scores\":[1,2,\"x\"]}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"type\":\"add_round\",\"scores\":[1,2,1e300]}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"type\":\"add_round\"}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"type\":\"set_score\",\"round\":3,\"seat\":0,\"points\":1}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"set_score\",\"round\":1,\"seat\":3,\"points\":1}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"set_score\",\"round\":1,\"seat\":0}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"type\":\"remove_round\",\"round\":0}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"edit_round\",\"round\":2,\"scores\":[1,1,1]}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"fly\"}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"kind\":\"add_round\"}", TK_RULES_ERROR_INVALID);
  tk_generic_rules_get ()->state_free (state);
}

static void
test_setup (void)
{
  const char *bad[] = {
    "{}",
    "{\"players\":[]}",
    "{\"players\":[{\"name\":\"\"}]}",
    "{\"players\":[{\"name\":\"Ana\",\"colour\":\"red\"}]}",
    "{\"players\":[{\"name\":\"Ana\",\"player_id\":-3}]}",
    "{\"players\":[{\"name\":\"Ana\",\"team\":7}]}",
    "{\"players\":[{\"name\":\"Ana\"}],\"win\":\"most\"}",
    "{\"players\":[{\"name\":\"Ana\"}],\"tie_break\":true}",
  };
  g_autoptr(JsonObject) setup = tk_generic_rules_get ()->default_setup (4);
  g_autoptr(GError) error = NULL;
  gpointer state;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonObject) object = parse (bad[i]);
      g_autoptr(GError) local_error = NULL;

      g_assert_null (tk_generic_rules_get ()->state_new (object, &local_error));
      g_assert_error (local_error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
    }

  g_assert_cmpuint (tk_rules_setup_n_players (setup), ==, 4);
  state = tk_generic_rules_get ()->state_new (setup, &error);
  g_assert_no_error (error);
  tk_generic_rules_get ()->state_free (state);
}

static void
test_describe (void)
{
  const TkRules *rules = tk_generic_rules_get ();
  gpointer state = new_state (THREE "}");
  struct { const char *action, *line; } cases[] = {
    { "{\"type\":\"add_round\",\"scores\":[5,3,2]}", "Round 1: Ana 5, Ben 3, Cleo 2" },
    { "{\"type\":\"set_score\",\"round\":2,\"seat\":0,\"points\":5}", "Ana +5 — round 2" },
    { "{\"type\":\"set_score\",\"round\":2,\"seat\":0,\"points\":7}", "Ana 7 (was 5) — round 2" },
    { "{\"type\":\"set_score\",\"round\":2,\"seat\":1,\"points\":-2.5}", "Ben -2.5 — round 2" },
    { "{\"type\":\"edit_round\",\"round\":1,\"scores\":[1,1,1]}",
      "Round 1 corrected: Ana 1, Ben 1, Cleo 1" },
    { "{\"type\":\"remove_round\",\"round\":2}", "Round 2 removed" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonObject) action = parse (cases[i].action);
      g_autofree char *line = rules->describe_action (state, action);

      g_assert_cmpstr (line, ==, cases[i].line);
      apply_ok (state, cases[i].action);
    }
  rules->state_free (state);
}

static void
test_registry (void)
{
  g_autoptr(GPtrArray) list = NULL;

  tk_games_register_all ();
  tk_games_register_all ();
  g_assert_true (tk_rules_lookup (TK_GENERIC_RULES_ID) == tk_generic_rules_get ());
  g_assert_null (tk_rules_lookup ("no-such-game"));
  list = tk_rules_list ();
  g_assert_cmpuint (list->len, >=, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/generic/high", test_high);
  g_test_add_func ("/generic/low-and-ties", test_low_and_ties);
  g_test_add_func ("/generic/teams", test_teams);
  g_test_add_func ("/generic/coop", test_coop);
  g_test_add_func ("/generic/refusals", test_refusals);
  g_test_add_func ("/generic/setup", test_setup);
  g_test_add_func ("/generic/describe", test_describe);
  g_test_add_func ("/generic/registry", test_registry);
  return g_test_run ();
}
