/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania-score.c — Metromania's scoring from network files: penalties with and without
 * the BGA variant, a tie that scores both players, the network fixture and the files refused. */
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

static JsonObject *
network_score (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) file = parse (json);
  JsonObject *score = tk_metromania_network_score (file, &error);

  g_assert_no_error (error);
  g_assert_nonnull (score);
  return score;
}

/* Three players.  Deal: A Ana+Ben, B Ana+Cleo, C Ben+Cleo, D Ben+Cleo, E Ana+Cleo,
 * F Ben+Cleo. */
#define PENALTY_NET(bga) \
  "{\"format\":\"tablekeeper-metromania-network\",\"version\":1," \
  "\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},{\"name\":\"Cleo\"}]," \
  "\"rules\":{\"bga_variant\":" bga "}," \
  "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"},{\"id\":\"S8\"},{\"id\":\"S9\"}]," \
  "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S1\",2,\"S2\"],\"tunnels\":10}," \
  "{\"seat\":0,\"style\":\"striped\",\"state\":\"finished\",\"stops\":[],\"tunnels\":9}," \
  "{\"seat\":1,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S9\",2,\"S8\"],\"tunnels\":8}]," \
  "\"destinations\":[" \
  "{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"A\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S9\"]}," \
  "{\"letter\":\"B\",\"kind\":\"work\",\"owner\":0,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"B\",\"kind\":\"leisure\",\"owner\":2,\"placed\":false}," \
  "{\"letter\":\"C\",\"kind\":\"leisure\",\"owner\":1,\"stations\":[]}," \
  "{\"letter\":\"C\",\"kind\":\"home\",\"owner\":2,\"stations\":[\"S2\"]}," \
  "{\"letter\":\"D\",\"kind\":\"home\",\"owner\":1,\"placed\":false}," \
  "{\"letter\":\"D\",\"kind\":\"work\",\"owner\":2,\"stations\":[]}," \
  "{\"letter\":\"E\",\"kind\":\"work\",\"owner\":0,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"E\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"F\",\"kind\":\"leisure\",\"owner\":1,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"F\",\"kind\":\"home\",\"owner\":2,\"stations\":[\"S1\"]}]}"

static void
test_penalties (void)
{
  g_autoptr(JsonObject) score = network_score (PENALTY_NET ("false"));
  JsonObject *trip_a = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "trips"), 0);

  /* A: both placed, both beside a station, S1 and S9 not connected: Ana −6, Ben −6.
   * B: Cleo still holds hers: Cleo −6 (Ana’s marker has a station: no penalty for her).
   * C: Ben’s marker has no station: both placers, Ben −6, Cleo −6.
   * D: Ben holds his (−6), Cleo’s placed marker has no station (−6).
   * E, F: both ends beside S1: time 0, nobody rides, nobody scores. */
  g_assert_cmpstr (json_object_get_string_member (trip_a, "failure"), ==, "not_connected");
  g_assert_cmpint (category (score, 0, "Trip A"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip A"), ==, -6);
  g_assert_cmpint (category (score, 2, "Trip A"), ==, 0);
  g_assert_cmpint (category (score, 0, "Trip B"), ==, 0);
  g_assert_cmpint (category (score, 2, "Trip B"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip C"), ==, -6);
  g_assert_cmpint (category (score, 2, "Trip C"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip D"), ==, -6);
  g_assert_cmpint (category (score, 2, "Trip D"), ==, -6);
  g_assert_cmpint (category (score, 0, "Trip E"), ==, 0);
  g_assert_cmpint (category (score, 2, "Trip F"), ==, 0);
  /* Totals: Ana −6; Ben −6 −6 −6 = −18; Cleo −6 −6 −6 = −18. */
  g_assert_cmpint (total (score, 0), ==, -6);
  g_assert_cmpint (total (score, 1), ==, -18);
  g_assert_cmpint (total (score, 2), ==, -18);
  /* Ben and Cleo tie: Ben finished a line, Cleo none. */
  g_assert_cmpint (json_object_get_int_member (player (score, 0), "rank"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (player (score, 1), "rank"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (player (score, 2), "rank"), ==, 3);
  check_sum (score);
}

static void
test_penalties_bga (void)
{
  g_autoptr(JsonObject) score = network_score (PENALTY_NET ("true"));

  /* Others +6 instead: A → Cleo +6; B → Ana, Ben +6; C → Ana +6; D → Ana +6.
   * Ana 18, Ben 6, Cleo 6; Ben and Cleo tie on points, Ben has a finished line. */
  g_assert_cmpint (total (score, 0), ==, 18);
  g_assert_cmpint (total (score, 1), ==, 6);
  g_assert_cmpint (total (score, 2), ==, 6);
  g_assert_cmpint (category (score, 2, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 0, "Trip A"), ==, 0);
  g_assert_cmpint (category (score, 1, "Trip B"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (player (score, 1), "rank"), ==, 2);
  check_sum (score);
}

/* Tie of two fastest routes scores both sets of lines; 6 for placers, 3 for riders, once per
 * letter; lake–park 5; halving of station points. */
static const char *tie_net =
  "{\"format\":\"tablekeeper-metromania-network\",\"version\":1,"
  "\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},{\"name\":\"Cleo\"},{\"name\":\"Dan\"}],"
  "\"stations\":[{\"id\":\"S0\",\"built_by\":0,\"points\":3},{\"id\":\"S1\",\"built_by\":1,"
  "\"points\":3},{\"id\":\"S2\",\"built_by\":2,\"points\":5},{\"id\":\"S3\",\"built_by\":3,\"points\":2}],"
  "\"lines\":["
  "{\"seat\":0,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S0\",9,\"S1\"],\"tunnels\":12},"
  "{\"seat\":0,\"style\":\"striped\",\"state\":\"finished\",\"stops\":[\"S0\",3,\"S3\"],\"tunnels\":6},"
  "{\"seat\":1,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S0\",3,\"S2\"],\"tunnels\":5},"
  "{\"seat\":2,\"style\":\"plain\",\"state\":\"dead_end\",\"stops\":[\"S2\",3,\"S1\"],\"tunnels\":7}],"
  "\"destinations\":["
  "{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0,\"stations\":[\"S0\"]},"
  "{\"letter\":\"A\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S1\"]},"
  "{\"letter\":\"B\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S0\"]},"
  "{\"letter\":\"B\",\"kind\":\"leisure\",\"owner\":3,\"stations\":[\"S0\"]},"
  "{\"letter\":\"C\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S0\"]},"
  "{\"letter\":\"C\",\"kind\":\"home\",\"owner\":3,\"stations\":[\"S0\"]},"
  "{\"letter\":\"D\",\"kind\":\"home\",\"owner\":0,\"stations\":[\"S0\"]},"
  "{\"letter\":\"D\",\"kind\":\"work\",\"owner\":3,\"stations\":[\"S0\"]},"
  "{\"letter\":\"E\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S0\"]},"
  "{\"letter\":\"E\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S0\"]},"
  "{\"letter\":\"F\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S0\"]},"
  "{\"letter\":\"F\",\"kind\":\"home\",\"owner\":3,\"stations\":[\"S0\"]}],"
  "\"lake\":[\"S3\"],\"park\":[\"S1\"]}";

static void
test_tie_scores_both (void)
{
  g_autoptr(JsonObject) score = network_score (tie_net);
  JsonObject *trip_a = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "trips"), 0);
  JsonObject *lake = json_array_get_object_element (json_object_get_array_member (score,
                                                                                    "trips"), 6);

  /* A: S0 → S1 by Ana plain (9) or Ben plain S0→S2 (3) + change (3) + Cleo S2→S1 (3) = 9.
   * Ana placed A: 6; Ben placed A: 6; Cleo rode: 3; Dan nothing. */
  g_assert_cmpint (json_object_get_int_member (trip_a, "time"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (trip_a, "n_routes"), ==, 2);
  g_assert_cmpint (category (score, 0, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 1, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 2, "Trip A"), ==, 3);
  g_assert_cmpint (category (score, 3, "Trip A"), ==, 0);
  /* Lake (S3) – park (S1): Ana striped S3→S0 (3), then Ana plain S0→S1 (9): 3 + 3 + 9 = 15;
   * or Ben S0→S2 (3) + 3 + Cleo S2→S1 (3): 3 + 3 + 3 + 3 + 3 = 15.  Both: Ana, Ben, Cleo +5
   * (Ana once although two of her lines ride). */
  g_assert_cmpint (json_object_get_int_member (lake, "time"), ==, 15);
  g_assert_cmpint (category (score, 0, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 1, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 2, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 3, "Lake–park"), ==, 0);
  /* Stations: Ana 3 (two finished lines: kept); Ben 3 with one finished line (the other never
   * started): 3/2 = 1, −2; Cleo 5, dead end only: 0, −5; Dan 2, no lines: −2. */
  g_assert_cmpint (category (score, 0, "Unfinished lines"), ==, 0);
  g_assert_cmpint (category (score, 1, "Unfinished lines"), ==, -2);
  g_assert_cmpint (category (score, 2, "Unfinished lines"), ==, -5);
  g_assert_cmpint (category (score, 3, "Unfinished lines"), ==, -2);
  /* B–F: both ends beside S0: time 0, nothing.  Totals: Ana 3+6+5 = 14; Ben 1+6+5 = 12;
   * Cleo 0+3+5 = 8; Dan 0. */
  g_assert_cmpint (total (score, 0), ==, 14);
  g_assert_cmpint (total (score, 1), ==, 12);
  g_assert_cmpint (total (score, 2), ==, 8);
  g_assert_cmpint (total (score, 3), ==, 0);
  check_sum (score);
}

/* The same network as a file for the command line: the same trips and totals. */
static void
test_network_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-network.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *trips;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = parse (text);
  score = tk_metromania_network_score (file, &error);
  g_assert_no_error (error);
  trips = json_object_get_array_member (score, "trips");
  /* As in test_tie_scores_both: A 9 minutes by two routes, lake–park 15; 14, 12, 8, 0. */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (trips, 0), "time"),
                   ==, 9);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (trips, 6), "time"),
                   ==, 15);
  g_assert_cmpint (total (score, 0), ==, 14);
  g_assert_cmpint (total (score, 1), ==, 12);
  g_assert_cmpint (total (score, 2), ==, 8);
  g_assert_cmpint (total (score, 3), ==, 0);
}

static void
test_network_refused (void)
{
  const char *bad[] = {
    "{\"format\":\"something\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}]}",
    /* a line meeting itself */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"}],"
    "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",2,\"S2\",2,\"S1\"]}]}",
    /* a zero-length segment */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"}],"
    "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",0,\"S2\"]}]}",
    /* more than 18 tunnels */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"}],"
    "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",18,\"S2\"]}]}",
    /* an unknown station */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"}],\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",2,\"S7\"]}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) file = parse (bad[i]);
      g_autoptr(JsonObject) score = tk_metromania_network_score (file, &error);

      g_assert_null (score);
      g_assert_nonnull (error);
      g_assert_true (error->domain == TK_RULES_ERROR);
    }
}

/* The engine's typed trips (tk_metromania_rules_trips) say what the score's "trips" say, on
 * the full game of tests/fixtures/metromania-full-game.json, with and without the BGA variant
 * (whose penalised players' lines say 0). */
static void
check_trips_typed (gboolean bga)
{
  static const char *const failures[] = { NULL, "no_deal", "not_placed", "no_station",
                                          "not_connected" };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-full-game.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *setup_text = NULL;
  g_autoptr(JsonNode) setup_node = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) score = NULL;
  g_autoptr(GPtrArray) trips = NULL;
  JsonObject *setup;
  JsonArray *actions, *trips_json;
  gpointer state;
  guint n_scorers = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  file = parse (text);
  setup = json_object_get_object_member (file, "setup");
  json_object_set_object_member (setup, "rules", json_object_new ());
  json_object_set_boolean_member (json_object_get_object_member (setup, "rules"), "bga_variant",
                                  bga);
  setup_node = json_node_init_object (json_node_alloc (), setup);
  setup_text = json_to_string (setup_node, FALSE);
  state = new_state (setup_text);
  actions = json_object_get_array_member (file, "actions");
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *entry = json_array_get_object_element (actions, i);
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (),
                                                        json_object_get_object_member (entry,
                                                                                       "action"));
      g_autofree char *action = json_to_string (node, FALSE);

      apply_ok (state, action);
    }

  score = rules ()->score (state);
  trips_json = json_object_get_array_member (score, "trips");
  trips = tk_metromania_rules_trips (state);
  g_assert_cmpuint (trips->len, ==, 7);
  g_assert_cmpuint (json_array_get_length (trips_json), ==, trips->len);
  for (guint t = 0; t < trips->len; t++)
    {
      TkMetroTripResult *trip = trips->pdata[t];
      JsonObject *json = json_array_get_object_element (trips_json, t);
      JsonArray *routes = json_object_get_array_member (json, "routes");
      JsonArray *scorers = json_object_get_array_member (json, "scorers");

      g_assert_cmpstr (failures[trip->failure], ==,
                       json_object_get_string_member_with_default (json, "failure", NULL));
      g_assert_cmpint (trip->timed, ==, json_object_has_member (json, "time"));
      if (trip->timed)
        {
          g_assert_cmpint (trip->time, ==, json_object_get_int_member (json, "time"));
          g_assert_cmpint (trip->n_routes, ==, json_object_get_int_member (json, "n_routes"));
        }
      g_assert_cmpuint (trip->routes->len, ==, json_array_get_length (routes));
      for (guint r = 0; r < trip->routes->len; r++)
        g_assert_cmpstr (trip->routes->pdata[r], ==, json_array_get_string_element (routes, r));
      g_assert_cmpuint (trip->scorers->len, ==, json_array_get_length (scorers));
      for (guint i = 0; i < trip->scorers->len; i++)
        {
          TkMetroTripScorer *scorer = &g_array_index (trip->scorers, TkMetroTripScorer, i);
          JsonObject *entry = json_array_get_object_element (scorers, i);

          g_assert_cmpint (scorer->seat, ==, json_object_get_int_member (entry, "seat"));
          g_assert_cmpint (scorer->points, ==, json_object_get_int_member (entry, "points"));
          g_assert_cmpstr (scorer->reason, ==, json_object_get_string_member (entry, "reason"));
          g_assert_true (!bga || scorer->points >= 0);
        }
      n_scorers += trip->scorers->len;
    }
  /* the fixture has timed trips, failed ones and scorers: the comparison is not empty */
  g_assert_cmpint (((TkMetroTripResult *) trips->pdata[0])->failure, ==, TK_METRO_TRIP_NO_STATION);
  g_assert_cmpint (((TkMetroTripResult *) trips->pdata[3])->time, ==, 9);
  g_assert_cmpuint (n_scorers, >, 0);
  rules ()->state_free (state);
}

static void
test_trips_typed (void)
{
  check_trips_typed (FALSE);
  check_trips_typed (TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

  g_test_add_func ("/metromania/score/penalties", test_penalties);
  g_test_add_func ("/metromania/score/penalties-bga", test_penalties_bga);
  g_test_add_func ("/metromania/score/tie-scores-both", test_tie_scores_both);
  g_test_add_func ("/metromania/score/network-fixture", test_network_fixture);
  g_test_add_func ("/metromania/score/network-refused", test_network_refused);
  g_test_add_func ("/metromania/score/trips-typed", test_trips_typed);
  return g_test_run ();
}
