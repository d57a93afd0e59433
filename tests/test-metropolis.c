/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metropolis.c — Foundations of Metropolis, the seed's worked examples: the year-end
 * population and public-building scores, income, tied leaders and the kinds of public building.
 * Whole games are in test-metropolis-games.c, each action's rules in test-metropolis-actions.c,
 * random play in test-metropolis-random.c. */
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
#define player_json(state, seat, out_state) tk_test_metropolis_player_json (state, seat, out_state)
#define player_int(state, seat, name) tk_test_metropolis_player_int (state, seat, name)
#define phase(state) tk_test_metropolis_phase (state)
#define year_points(state, seat, year, category) \
  tk_test_metropolis_year_points (state, seat, year, category)
#define summary(state) tk_test_metropolis_summary (state)
#define market_text(state) tk_test_metropolis_market_text (state)

static gint64
preview (gpointer    state,
         guint       seat,
         const char *category)
{
  g_autoptr(JsonObject) object = NULL;
  JsonObject *player = player_json (state, seat, &object);

  return json_object_get_int_member (json_object_get_object_member (player, "year_end_preview"),
                                     category);
}

/* Year 1, four players: purple 13 citizens, green 10, red 10, yellow 0 → 17 / 13 / 13 / 0. */
static void
test_population_example (void)
{
  gpointer s = new_state ("{" FOUR_PLAYERS ", \"year_deck_sizes\": [6, 25, 26],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"A2\", \"B2\", \"C1\", \"D1\"],"
                          "  [\"A5\", \"B5\", \"A6\", \"B6\", \"C5\", \"D5\"],"
                          "  [\"A8\", \"B8\", \"A9\", \"B9\", \"C8\", \"D8\"],"
                          "  [\"G3\", \"H3\", \"G4\", \"H4\", \"I3\", \"I4\"]]}");
  g_autofree char *result = NULL;

  g_assert_cmpstr (phase (s), ==, "market");
  /* seat coins 5, 6, 7, 8 */
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 5);
  g_assert_cmpint (player_int (s, 3, "coins"), ==, 8);
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 2);
  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"A3\", \"E5\", \"E8\", \"I9\"]}");
  g_assert_cmpstr (phase (s), ==, "play");
  apply_ok (s, "{\"type\": \"buy\", \"seat\": 0, \"slot\": 0}");           /* E1 for 2 */
  {
    /* the year's deck is empty (6 cards, all on the board): no refill */
    g_autofree char *market = market_text (s);
    g_assert_cmpstr (market, ==, "F1 A3 E5 E8 I9 -");
  }
  apply_refused (s, "{\"type\": \"buy\", \"seat\": 1, \"slot\": 5}", TK_RULES_ERROR_ILLEGAL,
                 "no deed");
  apply_refused (s, "{\"type\": \"buy\", \"seat\": 1, \"slot\": 2, \"reveal\": \"F9\"}",
                 TK_RULES_ERROR_ILLEGAL, "not refilled");
  apply_ok (s, "{\"type\": \"buy\", \"seat\": 1, \"slot\": 2}");           /* E5 for 4 */
  apply_ok (s, "{\"type\": \"buy\", \"seat\": 2, \"slot\": 2}");           /* E8 for 4 */
  apply_ok (s, "{\"type\": \"income\", \"seat\": 3}");
  apply_ok (s, "{\"type\": \"buy\", \"seat\": 0, \"slot\": 0}");           /* F1 for 2 */
  apply_ok (s, "{\"type\": \"build\", \"seat\": 1, \"tile\": \"D\", \"lots\": [\"A5\", \"B5\", \"A6\", \"B6\"]}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 2, \"tile\": \"E\", \"lots\": [\"A8\", \"B8\", \"A9\", \"B9\"]}");
  apply_ok (s, "{\"type\": \"buy\", \"seat\": 3, \"slot\": 1}");           /* I9 for 3 */
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"E\", \"lots\": [\"A1\", \"B1\", \"A2\", \"B2\"]}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 1, \"tile\": \"C\", \"lots\": [\"C5\", \"D5\", \"E5\"]}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 2, \"tile\": \"C\", \"lots\": [\"C8\", \"D8\", \"E8\"]}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 3}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"D\", \"lots\": [\"C1\", \"D1\", \"E1\", \"F1\"]}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 0}");                     /* purple 1 + 5 */
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"buy\", \"seat\": 0, \"slot\": 0}");           /* A3 for 2: the last */
  g_assert_cmpstr (phase (s), ==, "final_turns");
  /* the final turns start left of the last buyer; purple, the buyer, goes last */
  apply_refused (s, "{\"type\": \"income\", \"seat\": 0}", TK_RULES_ERROR_ILLEGAL, "Green");
  apply_refused (s, "{\"type\": \"buy\", \"seat\": 1, \"slot\": 0}", TK_RULES_ERROR_ILLEGAL,
                 "No deeds are left");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 2}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 3}");
  {
    g_autoptr(JsonObject) action = parse ("{\"type\": \"build\", \"seat\": 0, \"tile\": \"A\", \"lots\": [\"A3\"]}");
    g_autofree char *line = R->describe_action (s, action);
    g_assert_cmpstr (line, ==, "Purple builds Small house (A) on A3 — year 1 scored");
  }
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"A\", \"lots\": [\"A3\"]}");
  g_assert_cmpstr (phase (s), ==, "market");

  /* populations: purple E 6 + D 6 + A 1 = 13; green D 6 + C 4 = 10; red E 6 + C 4 = 10 */
  g_assert_cmpint (player_int (s, 0, "population"), ==, 13);
  g_assert_cmpint (player_int (s, 1, "population"), ==, 10);
  g_assert_cmpint (player_int (s, 2, "population"), ==, 10);
  g_assert_cmpint (player_int (s, 3, "population"), ==, 0);
  g_assert_cmpint (year_points (s, 0, 1, "population"), ==, 17);   /* 13 + bonus 4 */
  g_assert_cmpint (year_points (s, 1, 1, "population"), ==, 13);   /* purple's 13 */
  g_assert_cmpint (year_points (s, 2, 1, "population"), ==, 13);   /* tie with green: friendly */
  g_assert_cmpint (year_points (s, 3, 1, "population"), ==, 0);    /* no citizen */
  /* green and red tie on 13: most coins breaks it — green 6 − 4 + 5 + 5 + 5 = 17,
   * red 7 − 4 + 5 + 5 + 5 = 18, so red ranks 2 and green 3 */
  g_assert_cmpint (player_int (s, 1, "coins"), ==, 17);
  /* yellow: 8 + 5 − 3 (I9 in slot 1) + 5 + 5 + 5 + 5 = 30 */
  g_assert_cmpint (player_int (s, 3, "coins"), ==, 30);
  g_assert_cmpint (player_int (s, 2, "coins"), ==, 18);
  result = summary (s);
  g_assert_cmpstr (result, ==, "17/1/w 13/3/- 13/2/- 0/4/-");
  /* purple's coins: 5 − 2 − 2 + 5 − 2 = 4; the token moved to green (left of purple) */
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 4);
  {
    g_autoptr(JsonObject) object = R->to_json (s);
    g_assert_cmpint (json_object_get_int_member (object, "first_player"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (object, "current"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (object, "year"), ==, 2);
  }
  /* year 2 starts with its 6 cards, green first */
  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"G1\", \"H1\", \"I1\", \"G2\", \"H2\", \"I2\"]}");
  apply_refused (s, "{\"type\": \"income\", \"seat\": 0}", TK_RULES_ERROR_ILLEGAL, "Green");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  R->state_free (s);
}

/* 2-lot school (R, per adjacent citizen) beside a condominium (6) → 6; 1-lot school (M, per
 * 2 adjacent citizens) beside a hotel (4) → 2; income 5 + 3 = 8. */
static void
test_public_and_income_examples (void)
{
  gpointer s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [6, 15, 16],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"D5\", \"E5\", \"F5\", \"G5\"],"
                          "  [\"A2\", \"B2\", \"A3\", \"B3\", \"F7\", \"G7\"]]}");

  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"A7\", \"B7\", \"C7\", \"D7\", \"E7\", \"A6\"]}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"R\", \"lots\": [\"A1\", \"B1\"]}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 1, \"tile\": \"E\", \"lots\": [\"A2\", \"B2\", \"A3\", \"B3\"]}");
  g_assert_cmpint (preview (s, 0, "public"), ==, 6);
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"M\", \"lots\": [\"D5\"]}");
  g_assert_cmpint (preview (s, 0, "public"), ==, 6);        /* the lone school scores 0 */
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"C\", \"lots\": [\"E5\", \"F5\", \"G5\"]}");
  /* R: 6 citizens × 1 = 6; M: 4 citizens / 2 = 2 */
  g_assert_cmpint (preview (s, 0, "public"), ==, 6 + 2);
  /* population preview: red 6 leads → 6 + 4 = 10; yellow 4 → red's 6 */
  g_assert_cmpint (preview (s, 1, "population"), ==, 10);
  g_assert_cmpint (preview (s, 0, "population"), ==, 6);

  R->state_free (s);

  /* a clean income check: yellow owns retail (1) and restaurant (2) */
  s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [6, 15, 16],"
                 " \"starting_deeds\": ["
                 "  [\"A1\", \"B1\", \"A2\", \"B2\", \"C2\", \"G7\"],"
                 "  [\"A5\", \"B5\", \"A6\", \"B6\", \"F7\", \"E7\"]]}");
  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"A7\", \"B7\", \"C7\", \"D7\", \"E6\", \"F6\"]}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"G\", \"lots\": [\"A1\", \"B1\"]}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"H\", \"lots\": [\"A2\", \"B2\", \"C2\"]}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 5);
  {
    g_autoptr(JsonObject) action = parse ("{\"type\": \"income\", \"seat\": 0}");
    g_autofree char *line = R->describe_action (s, action);
    g_assert_cmpstr (line, ==, "Yellow takes income: +8 coins");
  }
  apply_ok (s, "{\"type\": \"income\", \"seat\": 0}");
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 5 + 8);   /* 5 + (1 + 2) */
  R->state_free (s);
}

/* Tied leaders both score own population + bonus; the other public kinds by hand. */
static void
test_tied_leaders_and_public_kinds (void)
{
  gpointer s = new_state ("{\"players\": [{\"name\": \"Purple\"}, {\"name\": \"Green\"},"
                          " {\"name\": \"Red\"}], \"year_deck_sizes\": [15, 15, 16],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"A2\", \"B2\", \"C1\", \"D1\"],"
                          "  [\"A4\", \"B4\", \"C4\", \"D4\", \"A5\", \"B5\"],"
                          "  [\"C2\", \"D2\", \"E1\", \"E2\", \"F1\", \"F2\"]]}");

  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"H1\", \"H2\", \"H3\", \"H4\", \"H5\", \"H6\"]}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"E\", \"lots\": [\"A1\", \"B1\", \"A2\", \"B2\"]}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"D\", \"lots\": [\"A4\", \"B4\", \"C4\", \"D4\"]}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"B\", \"lots\": [\"C2\", \"D2\"]}");
  /* populations 6, 6, 2: both leaders 6 + 4 = 10, red the next above: 6 */
  g_assert_cmpint (preview (s, 0, "population"), ==, 10);
  g_assert_cmpint (preview (s, 1, "population"), ==, 10);
  g_assert_cmpint (preview (s, 2, "population"), ==, 6);
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"F\", \"lots\": [\"D1\"]}");   /* purple coffee shop */
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"K\", \"lots\": [\"E1\"]}");   /* market */
  /* K: adjacent commercial coins: the coffee shop on D1 (1) × 1 = 1 */
  g_assert_cmpint (preview (s, 2, "public"), ==, 1);
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"N\", \"lots\": [\"E2\"]}");   /* park */
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"L\", \"lots\": [\"F1\"]}");   /* statue */
  /* K on E1: coffee shop 1 coin → 1 (the park and statue are not commercial)
   * N on E2: adjacent public buildings: K (E1) → 1 × 2 = 2 (the house on D2 is not public)
   * L on F1: adjacent buildings: K (E1) → 1 × 1 = 1 (F2 and G1 are empty)
   * → 1 + 2 + 1 = 4 */
  g_assert_cmpint (preview (s, 2, "public"), ==, 4);
  /* purple's coffee shop: printed prestige 0, 1 coin at a year 1 end */
  g_assert_cmpint (preview (s, 0, "commercial_prestige"), ==, 0);
  g_assert_cmpint (preview (s, 0, "coins"), ==, 1);
  /* the preview's total is its categories' sum (the player cards show it) */
  for (guint p = 0; p < 3; p++)
    g_assert_cmpint (preview (s, p, "total"), ==,
                     preview (s, p, "population") + preview (s, p, "public") +
                     preview (s, p, "commercial_prestige") + preview (s, p, "commercial_coins") +
                     preview (s, p, "empty_lots"));
  g_assert_cmpint (preview (s, 2, "total"), >, 0);
  R->state_free (s);
}

/* The year decks the panel's New Session options show: the deeds after the starting deeds in
 * three piles, the larger last, as the default setup writes them; none on a board too small. */
static void
test_year_decks (void)
{
  static const struct { int side; guint n_players; int decks[TK_METROPOLIS_N_YEARS]; } cases[] = {
    { 7, 2, { 12, 12, 13 } }, { 8, 3, { 15, 15, 16 } }, { 9, 4, { 19, 19, 19 } },
    { 8, 2, { 17, 17, 18 } }, { 7, 4, { 8, 8, 9 } }, { 5, 4, { 0, 0, 1 } },
  };
  int decks[TK_METROPOLIS_N_YEARS] = { -1, -1, -1 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_true (tk_metropolis_rules_year_decks (cases[i].side, cases[i].n_players, decks));
      for (int y = 0; y < TK_METROPOLIS_N_YEARS; y++)
        g_assert_cmpint (decks[y], ==, cases[i].decks[y]);
    }
  for (guint n = 2; n <= 4; n++)
    {
      g_autoptr(JsonObject) setup = R->default_setup (n);
      JsonArray *sizes = json_object_get_array_member (setup, "year_deck_sizes");

      g_assert_true (tk_metropolis_rules_year_decks (json_object_get_int_member (setup, "board_size"),
                                                     n, decks));
      for (int y = 0; y < TK_METROPOLIS_N_YEARS; y++)
        g_assert_cmpint (decks[y], ==, json_array_get_int_element (sizes, y));
    }
  decks[0] = -1;
  g_assert_false (tk_metropolis_rules_year_decks (4, 3, decks));
  g_assert_cmpint (decks[0], ==, -1);
}

/* The state says how many deeds are turned up at a year's start (the panel asks for that many
 * taps): a slot each while the year deck lasts. */
static void
test_market_want (void)
{
  gpointer s = new_state ("{" FOUR_PLAYERS ", \"year_deck_sizes\": [4, 27, 26],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"A2\", \"B2\", \"C1\", \"D1\"],"
                          "  [\"A5\", \"B5\", \"A6\", \"B6\", \"C5\", \"D5\"],"
                          "  [\"A8\", \"B8\", \"A9\", \"B9\", \"C8\", \"D8\"],"
                          "  [\"G3\", \"H3\", \"G4\", \"H4\", \"I3\", \"I4\"]]}");
  g_autofree char *text = state_json (s);
  g_autoptr(JsonObject) game = parse (text);

  g_assert_cmpstr (phase (s), ==, "market");
  g_assert_cmpint (json_object_get_int_member (game, "market_want"), ==, 4);
  apply_refused (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"A3\", \"E5\", \"E8\"]}",
                 TK_RULES_ERROR_ILLEGAL, "4 deeds for sale");
  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"A3\", \"E5\"]}");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&game, json_object_unref);
  text = state_json (s);
  game = parse (text);
  g_assert_cmpint (json_object_get_int_member (game, "market_want"), ==, 0);
  R->state_free (s);
}

/* Which categories a year end scores, as the panel's year-end table shows them. */
static void
test_scored_in_year (void)
{
  for (int y = 1; y <= TK_METROPOLIS_N_YEARS; y++)
    {
      g_assert_true (tk_metropolis_rules_scored_in_year ("population", y));
      g_assert_true (tk_metropolis_rules_scored_in_year ("public", y));
      g_assert_true (tk_metropolis_rules_scored_in_year ("commercial_prestige", y));
      g_assert_true (tk_metropolis_rules_scored_in_year ("commercial_coins", y) == (y == 3));
      g_assert_true (tk_metropolis_rules_scored_in_year ("empty_lots", y) == (y == 3));
      g_assert_false (tk_metropolis_rules_scored_in_year ("coins_paid", y));
    }
  g_assert_false (tk_metropolis_rules_scored_in_year ("population", 0));
  g_assert_false (tk_metropolis_rules_scored_in_year ("population", 4));
}

/* The rule tables as a person types them in the New Session options: the default setup's
 * numbers written out and read back as the setup holds them, and what is refused. */
static void
test_rule_tables (void)
{
  g_autoptr(JsonObject) setup = R->default_setup (3);
  static const struct
  {
    const char *member, *text;
    gboolean    ok;
  } typed[] = {
    { "market_prices", "2;3 4,,  6", TRUE }, { "market_prices", "", FALSE },
    { "market_prices", "1 2 3 4 5 6 7 8 9", FALSE }, { "population_bonus", "4, 7", FALSE },
    { "population_bonus", "4, seven, 10", FALSE }, { "starting_coins", "5 6 7", FALSE },
    { "lot_markers", "8", TRUE }, { "lot_markers", "8 9", FALSE }, { "income_base", "1001", FALSE },
  };

  for (guint t = 0; t < TK_METROPOLIS_N_RULE_TABLES; t++)
    {
      const char *member = tk_metropolis_rule_tables[t];
      g_autofree char *text = tk_metropolis_rules_table_text (setup, member);
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = tk_metropolis_rules_table_parse (member, text, member, &error);

      g_assert_no_error (error);
      g_assert_true (json_node_equal (node, json_object_get_member (setup, member)));
    }
  {
    g_autofree char *prices = tk_metropolis_rules_table_text (setup, "market_prices");
    g_autofree char *markers = tk_metropolis_rules_table_text (setup, "lot_markers");

    g_assert_cmpstr (prices, ==, "2, 3, 4, 6, 8, 10");
    g_assert_cmpstr (markers, ==, "8");
  }
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = tk_metropolis_rules_table_parse (typed[i].member, typed[i].text,
                                                                  "Table", &error);

      g_assert_true ((node != NULL) == typed[i].ok);
      if (!typed[i].ok)
        {
          g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
          g_assert_true (g_str_has_prefix (error->message, "Table"));
        }
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = tk_metropolis_rules_table_parse ("population_bonus", "4, 7", "Bonus",
                                                                &error);

    g_assert_cmpstr (error->message, ==, "Bonus needs 3 whole numbers.");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/metropolis/population-example", test_population_example);
  g_test_add_func ("/metropolis/public-and-income-examples", test_public_and_income_examples);
  g_test_add_func ("/metropolis/tied-leaders-and-public-kinds", test_tied_leaders_and_public_kinds);
  g_test_add_func ("/metropolis/year-decks", test_year_decks);
  g_test_add_func ("/metropolis/market-want", test_market_want);
  g_test_add_func ("/metropolis/scored-in-year", test_scored_in_year);
  g_test_add_func ("/metropolis/rule-tables", test_rule_tables);
  return g_test_run ();
}
