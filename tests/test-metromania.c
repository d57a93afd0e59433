/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania.c — Metromania's engine without the board: setups refused, the turn rules and a
 * dead end, the whole sample session (scored, turned into a network file) and random legal play.
 * Routes are in test-metromania-routes.c, scoring in test-metromania-score.c, board mode in
 * test-metromania-board.c, the hand-computed fixtures in test-metromania-fixtures.c. */
#include "config.h"

#include <inttypes.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "metromania/tk-metromania-board.h"
#include "metromania/tk-metromania-routes.h"
#include "metromania/tk-metromania-rules.h"
#include "tk-test-metromania.h"
#include "tk-test-rules.h"

#define rules() (tk_metromania_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (rules (), setup)
#define state_json(state) tk_test_rules_state_json (rules (), state)
#define apply_ok(state, action) tk_test_rules_apply_ok (rules (), state, action)
#define apply_refused_because(state, action, because) \
  tk_test_rules_apply_refused (rules (), state, action, -1, because)

/* What several Metromania tests read from a score (tests/tk-test-metromania.h). */
#define player(score, seat) tk_test_metromania_player (score, seat)
#define category(score, seat, label) tk_test_metromania_category (score, seat, label)
#define total(score, seat) tk_test_metromania_total (score, seat)
#define check_sum(score) tk_test_metromania_check_sum (score)

/* ---- the engine: turns and refusals ---- */

static void
test_setup_refused (void)
{
  const char *bad[] = {
    "{\"players\":[{\"name\":\"A\"}]}",
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"rules\":{\"time_unit\":\"tile\"}}",
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"rules\":{\"change_cost\":0}}",
    /* both markers A with Ana */
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"destinations\":"
    "[{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0},{\"letter\":\"A\",\"kind\":\"work\",\"owner\":0}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) setup = parse (bad[i]);
      gpointer state = rules ()->state_new (setup, &error);

      g_assert_null (state);
      g_assert_nonnull (error);
    }
}

static void
test_turn_rules (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"rules\":{\"stations\":4},\"destinations\":" DEAL_2P "}");

  /* Not Ben's turn; fewer than 3 tunnels; more than 3; both lines in the first round. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3}]}",
                         "turn, not");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":2}]}",
                         "fewer only when");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3},"
                        "{\"line\":\"plain\",\"count\":1}]}",
                         "at most 3 tunnels");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":2},"
                        "{\"line\":\"striped\",\"count\":1}]}",
                         "first round");
  /* Two destinations in one turn; a marker not held (Ana's A placed twice). */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":1,"
                        "\"destination\":\"A\"},{\"line\":\"plain\",\"count\":2,\"destination\":\"B\"}]}",
                         "at most one destination");
  /* A dead end (blocked) allows fewer: no, the striped line can still start. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":1,"
                        "\"end\":\"dead_end\"}]}",
                         "fewer only when");
  /* Pass while able to dig. */
  apply_refused_because (state, "{\"type\":\"pass\",\"seat\":0}",
                         "cannot pass");
  /* A bonus station without finishing. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                        "\"bonus\":{\"station\":\"X\",\"at\":1}}]}",
                         "bonus station comes only");

  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":1,"
                   "\"start_side\":0,\"stop\":{\"station\":\"S1\",\"points\":1}},{\"line\":\"plain\","
                   "\"count\":2,\"destination\":\"A\",\"destination_near\":[\"S1\"]}]}");
  /* Ben: a station built instead of digging needs a line with a station after it. */
  apply_refused_because (state, "{\"type\":\"station\",\"seat\":1,\"line\":\"plain\",\"at\":1,"
                        "\"station\":\"S9\"}",
                         "has been started");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                   "\"start_side\":3,\"stop\":{\"station\":\"S2\"}}]}");
  /* Ana: the same station twice on a line (meeting itself); a station name that exists for
   * a new intermediate station; the second line from a side next to the first's start. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                        "\"stop\":{\"station\":\"S1\"}}]}",
                         "meet itself");
  apply_refused_because (state, "{\"type\":\"station\",\"seat\":0,\"line\":\"plain\",\"at\":1,"
                        "\"station\":\"S2\"}",
                         "between two stations");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3,"
                        "\"start_side\":1}]}",
                         "three sides away");
  /* … allowed when the far sides are all taken. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3,"
                   "\"start_side\":1,\"far_sides_taken\":true}]}");
  /* Ben builds a station between his start and S2 instead of digging (1 point). */
  apply_ok (state, "{\"type\":\"station\",\"seat\":1,\"line\":\"plain\",\"at\":2,"
                   "\"station\":\"S3\",\"points\":1}");
  /* Ana: station supply 4, three built: a crossing station S4 that also lies on Ben's line
   * after his tunnel 1 is the last one. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                   "\"stop\":{\"station\":\"S4\",\"also\":[{\"seat\":1,\"line\":\"plain\",\"at\":1}]}}]}");
  /* Ben: no station left. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                        "\"stop\":{\"station\":\"S5\"}}]}",
                         "All 4 stations");
  {
    g_autoptr(JsonObject) json = rules ()->to_json (state);
    JsonArray *lines = json_object_get_array_member (json, "lines");
    JsonObject *ben = json_array_get_object_element (lines, 2);
    g_autofree char *stops = NULL;
    g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);

    /* Ben's plain line: S4 at 1, S3 at 2, S2 at 3. */
    json_node_set_array (node, json_object_get_array_member (ben, "stops"));
    stops = json_to_string (node, FALSE);
    g_assert_cmpstr (stops, ==, "[\"S4\",1,\"S3\",1,\"S2\"]");
    /* The supply ran out during Ana's turn: the end is triggered, Ben has one more turn. */
    g_assert_cmpint (json_object_get_int_member (json, "final_turns"), ==, 1);
  }
  /* Ben's striped line has not started: it cannot be declared blocked. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\","
                         "\"count\":3},{\"line\":\"striped\",\"count\":0,\"end\":\"dead_end\"}]}",
                         "has not started");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3}]}");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3}]}",
                         "building is over");
  {
    g_autoptr(JsonObject) score = rules ()->score (state);
    /* Stations: Ana S1 (1) + S4 (0) = 1, no finished line → 0; Ben S2 (0) + S3 (1) = 1 → 0. */
    g_assert_true (json_object_get_boolean_member (score, "over"));
    g_assert_cmpint (category (score, 0, "Stations"), ==, 1);
    g_assert_cmpint (category (score, 0, "Unfinished lines"), ==, -1);
    g_assert_cmpint (category (score, 1, "Stations"), ==, 1);
    check_sum (score);
  }
  rules ()->state_free (state);
}

/* A blocked line is declared a dead end, with no tunnel if none fits; fewer than 3 tunnels
 * only when no line can go on. */
static void
test_dead_end (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P "}");
  g_autoptr(JsonObject) json = NULL;
  JsonArray *lines;

  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"striped\",\"count\":3}]}");
  /* Ana: plain blocked without a tunnel, 3 on the striped line. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":0,"
                   "\"end\":\"dead_end\"},{\"line\":\"striped\",\"count\":3}]}");
  /* Ben: plain blocked, 1 tunnel and then blocked on the striped line: 1 in all is fine. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":0,"
                   "\"end\":\"dead_end\"},{\"line\":\"striped\",\"count\":1,\"end\":\"dead_end\"}]}");
  /* Ana's striped line runs: 2 tunnels are too few; a blocked line takes no more. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\","
                         "\"count\":2}]}", "fewer only when");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\","
                         "\"count\":3}]}", "dead end");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3}]}");
  /* Ben cannot dig: he passes. */
  apply_ok (state, "{\"type\":\"pass\",\"seat\":1}");
  json = rules ()->to_json (state);
  lines = json_object_get_array_member (json, "lines");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 0), "state"),
                   ==, "dead_end");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 1), "state"),
                   ==, "running");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (lines, 1), "tunnels"),
                   ==, 9);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 3), "state"),
                   ==, "dead_end");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (lines, 3), "tunnels"),
                   ==, 4);
  /* Three lines done of the 5 that end the building: not triggered. */
  g_assert_cmpint (json_object_get_int_member (json, "final_turns"), ==, -1);
  rules ()->state_free (state);
}

/* ---- the whole sample session ---- */

static void
test_session_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonObject *trip_a, *lake;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  trip_a = json_array_get_object_element (json_object_get_array_member (score, "trips"), 0);
  lake = json_array_get_object_element (json_object_get_array_member (score, "trips"), 6);

  /* Network: Ana plain S1@1, S3@4 (bonus), S2@6: S1 -3- S3 -2- S2, finished.
   * Ben plain S2@3, S4@5: S2 -2- S4, finished.  Ana striped S5@3, S2@6: S5 -3- S2, finished.
   * Ben striped: 5 tunnels, no stops, running.
   * Trip A (Ana's marker by S1, Ben's by S4): 3 + 2 + change 3 + 2 = 10; both placed: 6 each. */
  g_assert_cmpint (json_object_get_int_member (trip_a, "time"), ==, 10);
  g_assert_cmpint (category (score, 0, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 1, "Trip A"), ==, 6);
  /* Lake (S4) – park (S5): Ben S4→S2 (2) + 3 + Ana striped S2→S5 (3) = 8: both +5. */
  g_assert_cmpint (json_object_get_int_member (lake, "time"), ==, 8);
  g_assert_cmpint (category (score, 0, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 1, "Lake–park"), ==, 5);
  /* B–F never placed: each holder −6 per letter, 5 letters: −30 each. */
  g_assert_cmpint (category (score, 0, "Trip B"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip F"), ==, -6);
  /* Stations: Ana S1 1 + S3 2 + S5 0 = 3, two lines finished: 3.
   * Ben S2 0 + S4 1 = 1, one line finished: 1/2 = 0 (−1). */
  g_assert_cmpint (category (score, 0, "Stations"), ==, 3);
  g_assert_cmpint (category (score, 1, "Stations"), ==, 1);
  g_assert_cmpint (category (score, 1, "Unfinished lines"), ==, -1);
  /* Ana 3 + 6 − 30 + 5 = −16; Ben 1 − 1 + 6 − 30 + 5 = −19. */
  g_assert_cmpint (total (score, 0), ==, -16);
  g_assert_cmpint (total (score, 1), ==, -19);
  g_assert_cmpint (json_object_get_int_member (player (score, 0), "rank"), ==, 1);
  g_assert_true (json_object_get_boolean_member (score, "over"));
  g_assert_cmpint (json_object_get_int_member (player (score, 0), "tunnels"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (player (score, 1), "tunnels"), ==, 12);
  check_sum (score);
}

/* The session's network, rewritten as a network file, scores the same; per hop trip A is
 * 1 + 1 + 3 + 1 = 6. */
static void
test_session_to_network (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) direct = NULL;
  g_autoptr(JsonObject) network = NULL;
  g_autoptr(JsonObject) again = NULL;
  g_autoptr(JsonObject) hop = NULL;
  JsonArray *actions;
  gpointer state;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = parse (text);
  state = rules ()->state_new (json_object_get_object_member (file, "setup"), &error);
  g_assert_no_error (error);
  actions = json_object_get_array_member (file, "actions");
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *row = json_array_get_object_element (actions, i);
      JsonObject *action = json_object_get_object_member (row, "action");
      gpointer copy = rules ()->state_copy (state);
      g_autofree char *before = state_json (state);
      g_autofree char *copied = state_json (copy);
      g_autofree char *description = rules ()->describe_action (state, action);

      g_assert_cmpstr (before, ==, copied);
      g_assert_nonnull (description);
      g_assert_true (rules ()->apply (state, action, &error));
      g_assert_no_error (error);
      /* Undo by restoring the copy gives the state before. */
      {
        g_autofree char *restored = state_json (copy);
        g_assert_cmpstr (restored, ==, before);
      }
      rules ()->state_free (copy);
    }
  direct = rules ()->score (state);
  network = rules ()->to_json (state);
  again = tk_metromania_network_score (network, &error);
  g_assert_no_error (error);
  for (guint s = 0; s < 2; s++)
    g_assert_cmpint (total (direct, s), ==, total (again, s));

  json_object_set_string_member (json_object_get_object_member (network, "rules"),
                                 "time_unit", "hop");
  hop = tk_metromania_network_score (network, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
                     json_object_get_array_member (hop, "trips"), 0), "time"), ==, 6);
  rules ()->state_free (state);
}

/* Random legal play: undo = copy restore, sums, stations never over the supply. */
static void
test_random_play (void)
{
  for (guint seed = 1; seed <= 60; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                                  "\"destinations\":" DEAL_2P "}");
      guint station_no = 0, moves = 0;

      for (guint turn = 0; turn < 200; turn++)
        {
          g_autoptr(JsonObject) json = rules ()->to_json (state);
          guint seat = json_object_get_int_member (json, "turn");
          g_autofree char *action = NULL;
          g_autoptr(JsonObject) parsed = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *before = state_json (state);
          gpointer copy = rules ()->state_copy (state);
          const char *line = g_rand_boolean (rand) ? "plain" : "striped";
          guint count = g_rand_int_range (rand, 1, 4);

          if (json_object_get_boolean_member (json, "over"))
            {
              rules ()->state_free (copy);
              break;
            }
          switch (g_rand_int_range (rand, 0, 5))
            {
            case 0:
              action = g_strdup_printf ("{\"type\":\"dig\",\"seat\":%u,\"steps\":[{\"line\":\"%s\","
                                        "\"count\":3,\"stop\":{\"station\":\"R%u\",\"points\":%d}}]}",
                                        seat, line, station_no++, g_rand_int_range (rand, 0, 3));
              break;
            case 1:
              action = g_strdup_printf ("{\"type\":\"dig\",\"seat\":%u,\"steps\":[{\"line\":\"%s\","
                                        "\"count\":%u,\"end\":\"finished\"},{\"line\":\"%s\","
                                        "\"count\":%u}]}", seat, line, count,
                                        g_str_equal (line, "plain") ? "striped" : "plain", 3 - count);
              break;
            case 2:
              action = g_strdup_printf ("{\"type\":\"station\",\"seat\":%u,\"line\":\"%s\",\"at\":%d,"
                                        "\"station\":\"R%u\"}", seat, line,
                                        g_rand_int_range (rand, 1, 12), station_no++);
              break;
            case 3:
              action = g_strdup_printf ("{\"type\":\"pass\",\"seat\":%u}", seat);
              break;
            default:
              action = g_strdup_printf ("{\"type\":\"dig\",\"seat\":%u,\"steps\":[{\"line\":\"%s\","
                                        "\"count\":3}]}", seat, line);
            }
          parsed = parse (action);
          if (rules ()->apply (state, parsed, &error))
            {
              g_autofree char *restored = state_json (copy);
              g_assert_cmpstr (restored, ==, before);
              moves++;
            }
          else
            {
              g_autofree char *after = state_json (state);
              g_assert_cmpstr (after, ==, before);
            }
          rules ()->state_free (copy);
        }
      {
        g_autoptr(JsonObject) score = rules ()->score (state);
        g_autoptr(JsonObject) json = rules ()->to_json (state);
        check_sum (score);
        g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json, "stations")),
                          <=, 30);
        for (guint s = 0; s < 2; s++)
          g_assert_cmpint (json_object_get_int_member (player (score, s), "tunnels"), <=, 36);
      }
      g_assert_cmpuint (moves, >, 0);
      rules ()->state_free (state);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

  g_test_add_func ("/metromania/engine/setup-refused", test_setup_refused);
  g_test_add_func ("/metromania/engine/turn-rules", test_turn_rules);
  g_test_add_func ("/metromania/engine/session-fixture", test_session_fixture);
  g_test_add_func ("/metromania/engine/session-to-network", test_session_to_network);
  g_test_add_func ("/metromania/engine/random-play", test_random_play);
  g_test_add_func ("/metromania/engine/dead-end", test_dead_end);
  return g_test_run ();
}
