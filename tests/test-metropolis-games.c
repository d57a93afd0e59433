/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metropolis-games.c — whole games of Foundations of Metropolis scored by hand: a small 4×4
 * game with its options, the session fixture that replays it, and the full 3-player game of
 * tests/fixtures/metropolis-full-game.json. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "metropolis/tk-metropolis-rules.h"
#include "tk-test-metropolis.h"
#include "tk-test-rules.h"

#define R (tk_metropolis_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code, words) \
  tk_test_rules_apply_refused (R, state, action, code, words)

/* What several Metropolis tests read from a state (tests/tk-test-metropolis.h). */
#define player_int(state, seat, name) tk_test_metropolis_player_int (state, seat, name)
#define phase(state) tk_test_metropolis_phase (state)
#define year_points(state, seat, year, category) \
  tk_test_metropolis_year_points (state, seat, year, category)
#define summary(state) tk_test_metropolis_summary (state)

/* A complete small game (2 players, 4×4 board, year decks 0 / 4 / 0): a year-3 retail shop is
 * worth 3 prestige (2 printed + 1 coin converted), and every category by hand. */
#define SMALL_SETUP \
  "{" TWO_PLAYERS ", \"board_size\": 4, \"year_deck_sizes\": [0, 4, 0]," \
  " \"starting_deeds\": [[\"A1\", \"B1\", \"C1\", \"A2\", \"B2\", \"C2\"]," \
  "                      [\"A3\", \"B3\", \"C3\", \"A4\", \"B4\", \"C4\"]]}"

static const char *const small_game[] = {
  /* year 1: no deeds for sale, one final turn each, yellow first */
  "{\"type\": \"market\", \"lots\": []}",
  "{\"type\": \"build\", \"seat\": 0, \"tile\": \"G\", \"lots\": [\"A1\", \"B1\"]}",
  "{\"type\": \"build\", \"seat\": 1, \"tile\": \"C\", \"lots\": [\"A3\", \"B3\", \"C3\"]}",
  /* year 2: four deeds, yellow still first (no buyer in year 1) */
  "{\"type\": \"market\", \"lots\": [\"D1\", \"D2\", \"D3\", \"D4\"]}",
  "{\"type\": \"buy\", \"seat\": 0, \"slot\": 0}",
  "{\"type\": \"build\", \"seat\": 1, \"tile\": \"M\", \"lots\": [\"A4\"]}",
  "{\"type\": \"build\", \"seat\": 0, \"tile\": \"A\", \"lots\": [\"A2\"]}",
  "{\"type\": \"buy\", \"seat\": 1, \"slot\": 2}",
  "{\"type\": \"buy\", \"seat\": 0, \"slot\": 1}",
  "{\"type\": \"buy\", \"seat\": 1, \"slot\": 0}",
  "{\"type\": \"income\", \"seat\": 0}",
  "{\"type\": \"build\", \"seat\": 1, \"tile\": \"F\", \"lots\": [\"B4\"]}",
  /* year 3: no deeds left; yellow (left of red, the last buyer) first */
  "{\"type\": \"market\", \"lots\": []}",
  "{\"type\": \"build\", \"seat\": 0, \"tile\": \"L\", \"lots\": [\"C1\"]}",
  "{\"type\": \"income\", \"seat\": 1}",
};

static void
check_small_game_result (gpointer s)
{
  g_autofree char *result = NULL;

  /* Year 1: yellow retail G (A1 B1); red hotel C (A3 B3 C3, 4 citizens).
   *   yellow: population 0 → 0; printed 2; coins +1.   red: 4 + 4 = 8.
   * Year 2: yellow buys D1 (2), builds small house A on A2 (1 citizen), buys D3 (slot 1 after
   *   the slide: D2 D3 D4 → red took D4 at slot 2 price 4, then D2 D3 → D3 at 3); red builds
   *   school M on A4 (next to hotel A3: 4 / 2 = 2), buys D4 (4) and D2 (2), builds coffee
   *   shop F on B4 (next to the school A4 and hotel B3).
   *   yellow: population 1 → next above is red's 4 → 4; printed 2; coins +1.
   *   red: population 4 leads → 4 + 7 = 11; school: hotel 4 citizens → 2; F printed 0; coins +1.
   * Year 3: yellow statue L on C1 (neighbours B1 retail, C2 empty, D1 empty) → 1 building.
   *   yellow: population 1 → 4; public 1; printed 2; coins 1 → 1 prestige;
   *           empty lots with markers: B2, C2, D1, D3 = 4.
   *   red: population 4 → 4 + 10 = 14; school 2; coffee shop printed 0, coin 1 → 1;
   *        empty lots: C4, D2, D4 = 3.
   * Totals: yellow 2 + (4 + 2) + (4 + 1 + 2 + 1 + 4) = 20
   *         red    8 + (11 + 2) + (14 + 2 + 0 + 1 + 3) = 41 */
  g_assert_cmpint (year_points (s, 0, 1, "total"), ==, 2);
  g_assert_cmpint (year_points (s, 1, 1, "total"), ==, 8);
  g_assert_cmpint (year_points (s, 0, 2, "population"), ==, 4);
  g_assert_cmpint (year_points (s, 1, 2, "population"), ==, 11);
  g_assert_cmpint (year_points (s, 1, 2, "public"), ==, 2);
  g_assert_cmpint (year_points (s, 0, 3, "commercial_prestige") +
                   year_points (s, 0, 3, "commercial_coins"), ==, 3);   /* the retail shop */
  g_assert_cmpint (year_points (s, 0, 3, "empty_lots"), ==, 4);
  g_assert_cmpint (year_points (s, 1, 3, "empty_lots"), ==, 3);
  g_assert_cmpint (year_points (s, 0, 3, "public"), ==, 1);
  g_assert_cmpint (year_points (s, 1, 3, "population"), ==, 14);
  g_assert_cmpint (year_points (s, 0, 3, "coins_paid"), ==, 0);
  result = summary (s);
  g_assert_cmpstr (result, ==, "20/2/- 41/1/w");
  /* coins: yellow 5 − 2 (D1) − 3 (D3) + 6 (income: 5 + retail 1) + 1 (year 1) + 1 (year 2)
   *        = 8;  red 6 − 4 (D4) − 2 (D2) + 1 (year 2, coffee shop) + 6 (year 3 income: 5 + 1)
   *        = 7 */
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 8);
  g_assert_cmpint (player_int (s, 1, "coins"), ==, 7);
  g_assert_cmpstr (phase (s), ==, "over");
}

static void
test_small_game (void)
{
  gpointer s = new_state (SMALL_SETUP);

  for (guint i = 0; i < G_N_ELEMENTS (small_game); i++)
    apply_ok (s, small_game[i]);
  check_small_game_result (s);
  apply_refused (s, "{\"type\": \"income\"}", TK_RULES_ERROR_ILLEGAL, "over");
  R->state_free (s);
}

/* Printed prestige "year_3_only" and no coin conversion (the options of the reference). */
static void
test_small_game_options (void)
{
  g_autofree char *setup = g_strdup (SMALL_SETUP);
  g_autofree char *with_options = NULL;
  gpointer s;

  setup[strlen (setup) - 1] = '\0';
  with_options = g_strconcat (setup, ", \"printed_prestige\": \"year_3_only\","
                              " \"year_3_coins_to_prestige\": false}", NULL);
  s = new_state (with_options);
  for (guint i = 0; i < G_N_ELEMENTS (small_game); i++)
    apply_ok (s, small_game[i]);
  /* yellow: year 1 0 (no printed prestige before year 3), year 2 population 4,
   * year 3 4 + 1 + 2 + 0 + 4 = 11 → 15;  red 8 + 13 + (14 + 2 + 0 + 0 + 3) = 40;
   * the year-3 coins are paid instead: yellow 8 + 1 = 9, red 7 + 1 = 8 */
  g_assert_cmpint (year_points (s, 0, 1, "commercial_prestige"), ==, 0);
  g_assert_cmpint (year_points (s, 0, 3, "commercial_prestige"), ==, 2);
  g_assert_cmpint (year_points (s, 0, 3, "commercial_coins"), ==, 0);
  {
    g_autofree char *result = summary (s);
    g_assert_cmpstr (result, ==, "15/2/- 40/1/w");
  }
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 9);
  g_assert_cmpint (player_int (s, 1, "coins"), ==, 8);
  R->state_free (s);
}

static void
test_fixture (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR") != NULL
                                            ? g_getenv ("TK_TEST_SRCDIR") : ".",
                                            "fixtures", "metropolis-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) file = NULL;
  JsonArray *actions;
  gpointer s;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (file, "rules"), ==, "metropolis");
  s = R->state_new (json_object_get_object_member (file, "setup"), &error);
  g_assert_no_error (error);
  actions = json_object_get_array_member (file, "actions");
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *row = json_array_get_object_element (actions, i);
      g_autoptr(GError) apply_error = NULL;

      if (!R->apply (s, json_object_get_object_member (row, "action"), &apply_error))
        g_error ("fixture action %u refused: %s", i + 1, apply_error->message);
    }
  check_small_game_result (s);
  R->state_free (s);
}

/* ---- the full 3-player game, scored by hand ----
 *
 * tests/fixtures/metropolis-full-game.json: Ana, Ben, Cleo on the 8×8 board, decks 15/15/16,
 * shipped rule tables, all three years (94 actions).  Every number below was counted by hand
 * from the board at each year end (seed rules), not read from the engine.
 *
 * Year 1 (Ana 1 citizen, Ben 10, Cleo 6; bonus 4):
 *   Ana  pop 6 (next above: Cleo 6)  public 0  commercial 5 (mall)          = 11, +4 coins
 *   Ben  pop 14 (10 + 4)             public 0  commercial 0                  = 14, +0 coins
 *   Cleo pop 10 (next above: Ben 10) public 0  commercial 0 (coffee shop)    = 10, +1 coin
 * Year 2 (Ana 10, Ben 10 tied leaders, Cleo 7; bonus 7):
 *   Ana  pop 17  public 10 (2-lot school E2–E3: hotel 4 + condominium 6)
 *        commercial 7 (mall 5, retail 2)                                     = 34, +4 coins
 *   Ben  pop 17  public 3 (statue E5: mall, hotel, Cleo's fast food)
 *        commercial 8 (restaurant 3, mall 5, coffee shop 0)                  = 28, +6 coins
 *   Cleo pop 10  public 1 (market B7: coffee shop 1 coin)
 *        commercial 5 (fast food 3, retail 2)                                = 16, +4 coins
 * Year 3 (Ana 12, Ben 10, Cleo 13; bonus 10; coins become prestige; empty lots):
 *   Ana  pop 13 (Cleo 13)  public 13 (school 10 + statue B3: mall, condominium, Ben's
 *        apartment 3)  commercial 9 (mall 5, retail 2, retail 2)  coins 5  empty lots 1 (A3)
 *                                                                         = 41
 *   Ben  pop 12 (Ana 12)  public 18 (statue E5 4: mall, hotel, park, fast food; 2-lot park
 *        F5–G5 6: statue + park H5 × 3; park H5 4: 2-lot park + Cleo's statue H6 × 2; 2-lot
 *        statue A6–B6 4: apartment, hotel, coffee shop, market)  commercial 8  coins 6
 *        empty lots 0                                                     = 44
 *   Cleo pop 23 (13 + 10)  public 4 (market 1, statue H6 3: retail, park, restaurant)
 *        commercial 8 (fast food 3, retail 2, restaurant 3)  coins 6  empty lots 1 (D8)
 *                                                                         = 42
 * Totals: Ana 86, Ben 86, Cleo 68; Ana and Ben tie and Ben wins on coins, 22 against 19
 * (Cleo 10).  Ben's 22 includes the coin correction of −1 in year 3. */
static void
test_full_game (void)
{
  /* population, public, commercial prestige, coins as prestige, empty lots per seat and year */
  static const int hand[3][3][5] = {
    { { 6, 0, 5, 0, 0 }, { 17, 10, 7, 0, 0 }, { 13, 13, 9, 5, 1 } },
    { { 14, 0, 0, 0, 0 }, { 17, 3, 8, 0, 0 }, { 12, 18, 8, 6, 0 } },
    { { 10, 0, 0, 0, 0 }, { 10, 1, 5, 0, 0 }, { 23, 4, 8, 6, 1 } },
  };
  static const int year_coins[3][3] = { { 4, 4, 0 }, { 0, 6, 0 }, { 1, 4, 0 } };
  static const int totals[3] = { 86, 86, 68 }, coins[3] = { 19, 22, 10 }, ranks[3] = { 2, 1, 3 };
  static const char *const cats[] = { "population", "public", "commercial_prestige",
                                      "commercial_coins", "empty_lots" };
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR") != NULL
                                            ? g_getenv ("TK_TEST_SRCDIR") : ".",
                                            "fixtures", "metropolis-full-game.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *actions, *players;
  gpointer s;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  s = R->state_new (json_object_get_object_member (file, "setup"), &error);
  g_assert_no_error (error);
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 5);
  g_assert_cmpint (player_int (s, 1, "coins"), ==, 6);
  g_assert_cmpint (player_int (s, 2, "coins"), ==, 7);
  actions = json_object_get_array_member (file, "actions");
  g_assert_cmpuint (json_array_get_length (actions), ==, 94);
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *row = json_array_get_object_element (actions, i);
      g_autoptr(GError) apply_error = NULL;

      if (!R->apply (s, json_object_get_object_member (row, "action"), &apply_error))
        g_error ("full game action %u refused: %s", i + 1, apply_error->message);
    }
  g_assert_cmpstr (phase (s), ==, "over");

  for (guint p = 0; p < 3; p++)
    for (int y = 1; y <= 3; y++)
      {
        int sum = 0;

        for (guint c = 0; c < G_N_ELEMENTS (cats); c++)
          {
            if (year_points (s, p, y, cats[c]) != hand[p][y - 1][c])
              g_error ("seat %u year %d %s: engine %" PRId64 ", hand %d", p, y, cats[c],
                       year_points (s, p, y, cats[c]), hand[p][y - 1][c]);
            sum += hand[p][y - 1][c];
          }
        g_assert_cmpint (year_points (s, p, y, "total"), ==, sum);
        g_assert_cmpint (year_points (s, p, y, "coins_paid"), ==, year_coins[p][y - 1]);
      }

  score = R->score (s);
  players = json_object_get_array_member (score, "players");
  for (guint p = 0; p < 3; p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      g_assert_cmpint (json_object_get_int_member (player, "total"), ==, totals[p]);
      g_assert_cmpint (json_object_get_int_member (player, "coins"), ==, coins[p]);
      g_assert_cmpint (json_object_get_int_member (player, "rank"), ==, ranks[p]);
      g_assert_cmpint (json_object_get_boolean_member (player, "winner"), ==, p == 1);
    }
  g_assert_cmpstr (json_object_get_string_member (score, "tie_break"), ==, "coins");
  g_assert_nonnull (strstr (json_object_get_string_member (score, "explanation"),
                            "Ben wins the tie on 86 prestige with the most coins."));
  g_assert_null (strstr (json_object_get_string_member (score, "explanation"), "Ana wins"));
  R->state_free (s);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/metropolis/small-game", test_small_game);
  g_test_add_func ("/metropolis/small-game-options", test_small_game_options);
  g_test_add_func ("/metropolis/fixture", test_fixture);
  g_test_add_func ("/metropolis/full-game", test_full_game);
  return g_test_run ();
}
