/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania-fixtures.c — Metromania games and networks written and scored by hand in
 * tests/fixtures: the full four-player game on the board and the networks for a change, a tie and
 * an unreachable letter, checked category by category. */
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
fixture_score (const char *name,
               const char *time_unit,
               gboolean    bga)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  JsonObject *score, *table;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  file = parse (text);
  if (!json_object_has_member (file, "rules"))
    json_object_set_object_member (file, "rules", json_object_new ());
  table = json_object_get_object_member (file, "rules");
  if (time_unit != NULL)
    json_object_set_string_member (table, "time_unit", time_unit);
  json_object_set_boolean_member (table, "bga_variant", bga);
  score = tk_metromania_network_score (file, &error);
  g_assert_no_error (error);
  check_sum (score);
  return score;
}

static JsonObject *
trip_of (JsonObject *score,
         guint       index)
{
  return json_array_get_object_element (json_object_get_array_member (score, "trips"), index);
}

static gint64
trip_time (JsonObject *score,
           guint       index)
{
  JsonObject *trip = trip_of (score, index);

  return json_object_has_member (trip, "time") ? json_object_get_int_member (trip, "time") : -1;
}

static gint64
trip_routes (JsonObject *score,
             guint       index)
{
  JsonObject *trip = trip_of (score, index);

  return json_object_has_member (trip, "n_routes")
         ? json_object_get_int_member (trip, "n_routes") : 0;
}

static const char *
trip_failure (JsonObject *score,
              guint       index)
{
  JsonObject *trip = trip_of (score, index);

  return json_object_has_member (trip, "failure")
         ? json_object_get_string_member (trip, "failure") : NULL;
}

static gint64
rank_of (JsonObject *score,
         guint       seat)
{
  return json_object_get_int_member (player (score, seat), "rank");
}

static const char *const categories[] = { "Stations", "Unfinished lines", "Trip A", "Trip B",
                                          "Trip C", "Trip D", "Trip E", "Trip F", "Lake–park" };

/* Every category of every player against a table (rows: seats; columns: categories[]). */
static void
check_table (JsonObject   *score,
             guint         n,
             const gint64  table[][G_N_ELEMENTS (categories) + 1])
{
  for (guint s = 0; s < n; s++)
    {
      for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
        {
          gint64 got = category (score, s, categories[c]);

          if (got != table[s][c])
            g_error ("seat %u, %s: %" PRId64 ", by hand %" PRId64, s,
                     categories[c], got, table[s][c]);
        }
      g_assert_cmpint (total (score, s), ==, table[s][G_N_ELEMENTS (categories)]);
    }
}

/* A whole four-player game on the board (tests/fixtures/metromania-full-game.json, 24 turns),
 * scored by hand from the seed's rules.  Lake: cells (-2,0) up and down; park: (4,-2) up and
 * down.  Deal: Ana A home, C leisure, E work; Ben B work, C home, F leisure; Cleo A work,
 * D home, E leisure; Dan B leisure, D work, F home (never placed).
 *
 * Lines (position of each stop = tunnels from the start arrow):
 *   Ana plain   row r = 4, side 3 → side 1, 8 tunnels, finished: S1@4 (-2,4), S3@6 (0,4) bonus
 *   Ana striped column q = 4, side 5 → side 1, 8, finished: S5@4 (4,-2), S7@5 (4,-1), S10@6 bonus
 *   Ben plain   column q = -2, side 2 → side 4, 10, finished: S1@2, S13@4 (-2,2), S9@5 (-2,1),
 *               S4@8 (-2,-2)
 *   Ben striped row r = -1 from side 0, 5, running: S7@2, S11@4 (2,-1), S8@5 (1,-1)
 *   Cleo plain  row r = -2, side 0 → side 4, 10, finished: S5@2, S2@5 (1,-2), S4@8
 *   Cleo striped row r = 1 from side 3, 8, running: S9@4, S12@7 (1,1)
 *   Dan plain   column q = 1 from side 5, 9, running: S6@3 (1,-3), S2@4, S8@5, S12@7
 *   Dan striped row r = 2 from side 3, 6, running: S13@4
 * Markers and the stations at their corners: Ana A (0,4 up) S3; Ana C (-3,4 up) S1;
 * Ana E (4,-3 up) S5; Ben B (-3,-2 down) S4; Ben C (1,-2 down) S8, S11; Ben F (4,-1 up) S7, S10;
 * Cleo A (-1,-3 down) none; Cleo D (-3,1 up) S9; Cleo E (1,-3 down) S2; Dan B (-3,2 up) S13;
 * Dan D (1,-3 up) S2, S6.  Lake: S9.  Park: S5, S7.
 *
 * Station points (placed markers touching the station when it is built):
 *   Ana S1 1 (C), S3 1 (A), S5 1 (E), S7 1 (Ben's F), S10 1 (F) = 5; two lines finished: keeps 5.
 *   Ben S8 1 (C), S11 1 (C) = 2; one line finished: 2 / 2 = 1, so −1.
 *   Cleo S4 1 (Ben's B), S9 1 (D), S12 0 = 2; one finished: −1.
 *   Dan S2 2 (Cleo's E, his D), S6 1 (D), S13 1 (B) = 4; none finished: −4.
 * Trips (per tunnel segment, change 3):
 *   A: Cleo's marker touches no station: Ana −6, Cleo −6.
 *   B: S4 → S13 on Ben's plain line, 8 − 4 = 4 min: Ben +6 (placed); Dan placed but rode nothing.
 *   C: S1 → S8: Ben plain S1→S9 3, change 3, Cleo striped S9→S12 3, change 3, Dan plain
 *      S12→S8 2 = 14 (via S4 and S2: 6 + 3 + 3 + 3 + 1 = 16): Ben +6, Cleo +3, Dan +3, Ana 0.
 *   D: S9 → S2, two routes of 9: Ben plain S9→S4 3 + 3 + Cleo plain S4→S2 3, and Cleo striped
 *      S9→S12 3 + 3 + Dan plain S12→S2 3: Cleo +6 (once), Dan +6, Ben +3.
 *   E: S5 → S2 on Cleo's plain line, 5 − 2 = 3: Cleo +6; Ana placed but rode nothing.
 *   F: Dan's marker still in hand: Dan −6.
 *   Lake–park: S9 → S5: Ben plain 3 + 3 + Cleo plain S4→S5 6 = 12 (via S12, S8, S7: 14):
 *      Ben +5, Cleo +5.
 * Totals: Ana 5 − 6 = −1; Ben 2 − 1 + 6 + 6 + 3 + 5 = 21; Cleo 2 − 1 − 6 + 3 + 6 + 6 + 5 = 15;
 * Dan 4 − 4 + 3 + 6 − 6 = 3.  The end: Ana finishes her second line in turn 21, Ben, Cleo and
 * Dan dig once more. */
static void
test_full_game (void)
{
  static const gint64 hand[4][G_N_ELEMENTS (categories) + 1] = {
    /* Stations, Unfinished, A, B, C, D, E, F, Lake–park, total */
    { 5, 0, -6, 0, 0, 0, 0, 0, 0, -1 },
    { 2, -1, 0, 6, 6, 3, 0, 0, 5, 21 },
    { 2, -1, -6, 0, 3, 6, 6, 0, 5, 15 },
    { 4, -4, 0, 0, 3, 6, 0, -6, 0, 3 },
  };
  static const gint64 tunnels[4] = { 16, 15, 18, 15 }, finished[4] = { 2, 1, 1, 0 };
  static const gint64 ranks[4] = { 4, 1, 2, 3 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-full-game.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  check_sum (score);
  check_table (score, 4, hand);
  for (guint s = 0; s < 4; s++)
    {
      g_assert_cmpint (json_object_get_int_member (player (score, s), "tunnels"), ==, tunnels[s]);
      g_assert_cmpint (json_object_get_int_member (player (score, s), "finished_lines"), ==,
                       finished[s]);
      g_assert_cmpint (rank_of (score, s), ==, ranks[s]);
    }
  g_assert_cmpstr (trip_failure (score, 0), ==, "no_station");
  g_assert_cmpint (trip_time (score, 1), ==, 4);
  g_assert_cmpint (trip_time (score, 2), ==, 14);
  g_assert_cmpint (trip_routes (score, 2), ==, 1);
  g_assert_cmpint (trip_time (score, 3), ==, 9);
  g_assert_cmpint (trip_routes (score, 3), ==, 2);
  g_assert_cmpint (trip_time (score, 4), ==, 3);
  g_assert_cmpstr (trip_failure (score, 5), ==, "not_placed");
  g_assert_cmpint (trip_time (score, 6), ==, 12);
  g_assert_true (json_object_get_boolean_member (score, "over"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (score, "warnings")), ==, 0);
}

/* tests/fixtures/metromania-hand-change.json: Ana Gare -6- Pont -6- Quai; Ben Rive -1- Pont -7-
 * Sud (beside Ana's line from Pont on, with no common station there); Cleo Gare -5- Croix -6-
 * Rive.  Per segment:
 *   A (Ana at Quai, Ben at Sud, side by side): no change between them there, so back to Pont:
 *     6 + 3 + 7 = 16; Ana +6, Ben +6.
 *   B (Ben at Rive, Cleo at Gare): Ben 1 + 3 + Ana 6 = 10 against Cleo's 11: Ben +6, Ana +3
 *     (rode), Cleo 0 (placed, did not ride).
 *   C–F: both ends at Croix, 0 minutes, nobody.  Lake (Quai) – park (Rive): 6 + 3 + 1 = 10:
 *     Ana +5, Ben +5.  Totals 14, 17, 0.
 * Per hop: A 1 + 3 + 1 = 5 (Ana +6, Ben +6); B: Cleo's line Gare–Croix–Rive, 2 hops, beats
 *   1 + 3 + 1 = 5: Cleo +6 only; lake–park 1 + 3 + 1 = 5 (Ana +5, Ben +5).  Totals 11, 11, 6;
 *   Ana and Ben tie on points and finished lines (1 each), Ana has more tunnels (14 to 10). */
static void
test_hand_change (void)
{
  static const gint64 segment[3][G_N_ELEMENTS (categories) + 1] = {
    { 0, 0, 6, 3, 0, 0, 0, 0, 5, 14 },
    { 0, 0, 6, 6, 0, 0, 0, 0, 5, 17 },
    { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  };
  static const gint64 hop[3][G_N_ELEMENTS (categories) + 1] = {
    { 0, 0, 6, 0, 0, 0, 0, 0, 5, 11 },
    { 0, 0, 6, 0, 0, 0, 0, 0, 5, 11 },
    { 0, 0, 0, 6, 0, 0, 0, 0, 0, 6 },
  };
  g_autoptr(JsonObject) by_segment = fixture_score ("metromania-hand-change.json", NULL, FALSE);
  g_autoptr(JsonObject) by_hop = fixture_score ("metromania-hand-change.json", "hop", FALSE);

  g_assert_cmpint (trip_time (by_segment, 0), ==, 16);
  g_assert_cmpint (trip_time (by_segment, 1), ==, 10);
  g_assert_cmpint (trip_time (by_segment, 2), ==, 0);
  g_assert_cmpint (trip_time (by_segment, 6), ==, 10);
  check_table (by_segment, 3, segment);
  g_assert_cmpint (rank_of (by_segment, 1), ==, 1);

  g_assert_cmpint (trip_time (by_hop, 0), ==, 5);
  g_assert_cmpint (trip_time (by_hop, 1), ==, 2);
  g_assert_cmpint (trip_time (by_hop, 6), ==, 5);
  check_table (by_hop, 3, hop);
  g_assert_cmpint (rank_of (by_hop, 0), ==, 1);
  g_assert_cmpint (rank_of (by_hop, 1), ==, 2);
}

/* tests/fixtures/metromania-hand-tie.json: A from H (Ana) to W (Ben) by two routes of 7:
 * Ana plain H -2- M1, change 3, Ben M1 -2- W; Ana striped H -3- M2, change 3, Cleo M2 -1- W;
 * Dan's direct H -9- W is slower.  Ana is on both routes and scores once (+6), Ben +6, Cleo +3
 * (rode), Dan 0.  B–F: 0 minutes.  Lake (M1) – park (M2): Ben 2 + 3 + Cleo 1 = 6 (via H: 8):
 * Ben +5, Cleo +5.  Stations: Ana 2 (both lines finished, kept), Ben 1 (one finished: −1),
 * Cleo 1 (none finished: −1), Dan 3 (one finished: 3 / 2 = 1, −2).
 * Totals: Ana 8, Ben 11, Cleo 8, Dan 1; Ana is ahead of Cleo on finished lines (2 to 0). */
static void
test_hand_tie (void)
{
  static const gint64 hand[4][G_N_ELEMENTS (categories) + 1] = {
    { 2, 0, 6, 0, 0, 0, 0, 0, 0, 8 },
    { 1, -1, 6, 0, 0, 0, 0, 0, 5, 11 },
    { 1, -1, 3, 0, 0, 0, 0, 0, 5, 8 },
    { 3, -2, 0, 0, 0, 0, 0, 0, 0, 1 },
  };
  static const gint64 ranks[4] = { 2, 1, 3, 4 };
  g_autoptr(JsonObject) score = fixture_score ("metromania-hand-tie.json", NULL, FALSE);

  g_assert_cmpint (trip_time (score, 0), ==, 7);
  g_assert_cmpint (trip_routes (score, 0), ==, 2);
  g_assert_cmpint (trip_time (score, 6), ==, 6);
  g_assert_cmpint (trip_routes (score, 6), ==, 1);
  check_table (score, 4, hand);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpint (rank_of (score, s), ==, ranks[s]);
}

/* tests/fixtures/metromania-hand-unreachable.json: Ana N1 -4- N2 and Ben N3 -2- N4, not joined.
 *   A (Ana N1, Ben N3): not connected: Ana −6, Ben −6.
 *   B (Cleo N2, Dan in hand): Dan −6.
 *   C (Cleo's marker touches no station, Dan N4): Cleo −6, Dan −6.
 *   D (Ana N1, Cleo N2): Ana's line, 4 min: Ana +6, Cleo 0.
 *   E, F: 0 minutes.  Lake (N1) – park (N4): not connected, no penalty.
 *   Stations: Ana 1, Ben 2, each one line finished: −1 and −1.
 *   Totals: Ana 1 − 1 − 6 + 6 = 0; Ben 2 − 1 − 6 = −5; Cleo −6; Dan −12.
 * Board Game Arena variant: the players not named get 6 instead: A → Cleo, Dan; B → Ana, Ben,
 *   Cleo; C → Ana, Ben.  Totals: Ana 0 + 6 + 6 + 6 = 18; Ben 1 + 6 + 6 = 13; Cleo 12; Dan 6. */
static void
test_hand_unreachable (void)
{
  static const gint64 hand[4][G_N_ELEMENTS (categories) + 1] = {
    { 1, -1, -6, 0, 0, 6, 0, 0, 0, 0 },
    { 2, -1, -6, 0, 0, 0, 0, 0, 0, -5 },
    { 0, 0, 0, 0, -6, 0, 0, 0, 0, -6 },
    { 0, 0, 0, -6, -6, 0, 0, 0, 0, -12 },
  };
  static const gint64 bga[4][G_N_ELEMENTS (categories) + 1] = {
    { 1, -1, 0, 6, 6, 6, 0, 0, 0, 18 },
    { 2, -1, 0, 6, 6, 0, 0, 0, 0, 13 },
    { 0, 0, 6, 6, 0, 0, 0, 0, 0, 12 },
    { 0, 0, 6, 0, 0, 0, 0, 0, 0, 6 },
  };
  g_autoptr(JsonObject) score = fixture_score ("metromania-hand-unreachable.json", NULL, FALSE);
  g_autoptr(JsonObject) variant = fixture_score ("metromania-hand-unreachable.json", NULL, TRUE);

  g_assert_cmpstr (trip_failure (score, 0), ==, "not_connected");
  g_assert_cmpint (trip_time (score, 0), ==, -1);
  g_assert_cmpstr (trip_failure (score, 1), ==, "not_placed");
  g_assert_cmpstr (trip_failure (score, 2), ==, "no_station");
  g_assert_cmpint (trip_time (score, 3), ==, 4);
  g_assert_cmpstr (trip_failure (score, 6), ==, "not_connected");
  check_table (score, 4, hand);
  check_table (variant, 4, bga);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

  g_test_add_func ("/metromania/hand/full-game", test_full_game);
  g_test_add_func ("/metromania/hand/change", test_hand_change);
  g_test_add_func ("/metromania/hand/tie", test_hand_tie);
  g_test_add_func ("/metromania/hand/unreachable", test_hand_unreachable);
  return g_test_run ();
}
