/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metropolis.c — Foundations of Metropolis: the seed's worked examples, every refusal,
 * hand-computed games, the session fixture and a random legal-play simulation. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "metropolis/tk-metropolis-rules.h"
#include "tk-test-rules.h"

#define R (tk_metropolis_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code, words) \
  tk_test_rules_apply_refused (R, state, action, code, words)

static JsonObject *
player_json (gpointer state,
             guint    seat,
             JsonObject **out_state)
{
  JsonObject *object = R->to_json (state);
  JsonArray *players = json_object_get_array_member (object, "players");

  *out_state = object;
  return json_array_get_object_element (players, seat);
}

static gint64
player_int (gpointer    state,
            guint       seat,
            const char *name)
{
  g_autoptr(JsonObject) object = NULL;
  JsonObject *player = player_json (state, seat, &object);

  return json_object_get_int_member (player, name);
}

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

static const char *
phase (gpointer state)
{
  static char buffer[32];
  g_autoptr(JsonObject) object = R->to_json (state);

  g_strlcpy (buffer, json_object_get_string_member (object, "phase"), sizeof buffer);
  return buffer;
}

/* The year-@year points of @seat in @category, from the score JSON. */
static gint64
year_points (gpointer    state,
             guint       seat,
             int         year,
             const char *category)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonObject *player = json_array_get_object_element (
    json_object_get_array_member (score, "players"), seat);
  JsonArray *years = json_object_get_array_member (player, "years");

  g_assert_cmpuint (json_array_get_length (years), >=, (guint) year);
  return json_object_get_int_member (json_array_get_object_element (years, year - 1), category);
}

/* "total/rank/winner" of each seat. */
static char *
summary (gpointer state)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      g_string_append_printf (out, "%s%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT "/%s",
                              i > 0 ? " " : "", json_object_get_int_member (p, "total"),
                              json_object_get_int_member (p, "rank"),
                              json_object_get_boolean_member (p, "winner") ? "w" : "-");
    }
  return g_string_free (out, FALSE);
}

static char *market_text (gpointer state);

/* ---- worked examples of the seed ---- */

/* Year 1, four players: purple 13 citizens, green 10, red 10, yellow 0 → 17 / 13 / 13 / 0. */
#define FOUR_PLAYERS \
  "\"players\": [{\"name\": \"Purple\"}, {\"name\": \"Green\"}, {\"name\": \"Red\"}, " \
  "{\"name\": \"Yellow\"}]"

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

#define TWO_PLAYERS "\"players\": [{\"name\": \"Yellow\"}, {\"name\": \"Red\"}]"

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
  R->state_free (s);
}

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

/* ---- refusals ---- */

static void
test_refusals (void)
{
  gpointer s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [12, 12, 13],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"C1\", \"D1\", \"A2\", \"B2\"],"
                          "  [\"A6\", \"B6\", \"C6\", \"A7\", \"B7\", \"C7\"]]}");

  apply_refused (s, "{\"type\": \"income\"}", TK_RULES_ERROR_ILLEGAL, "not entered");
  apply_refused (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\"]}", TK_RULES_ERROR_ILLEGAL,
                 "6 deeds");
  apply_refused (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"G1\", \"E2\", \"F2\", \"A1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "belongs");
  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"G1\", \"E2\", \"F2\", \"G2\"]}");

  /* not your turn */
  apply_refused (s, "{\"type\": \"income\", \"seat\": 1}", TK_RULES_ERROR_ILLEGAL, "turn");
  /* wrong shape: a house (domino) on diagonal lots; a hotel on 3 lots of no tromino */
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"B\", \"lots\": [\"A1\", \"B2\"]}",
                 TK_RULES_ERROR_ILLEGAL, "shape");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"C\", \"lots\": [\"A1\", \"C1\", \"D1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "shape");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"J\", \"lots\": [\"A1\", \"B1\", \"C1\", \"B2\"]}",
                 TK_RULES_ERROR_ILLEGAL, "shape");       /* a T: neither 2×2 nor 1×4 */
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"A\", \"lots\": [\"A1\", \"B1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "1 lots");
  /* not owned */
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"A\", \"lots\": [\"A6\"]}",
                 TK_RULES_ERROR_ILLEGAL, "does not own");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"A\", \"lots\": [\"Z9\"]}",
                 TK_RULES_ERROR_ILLEGAL, "not a lot");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"Z\", \"lots\": [\"A1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "no tile");
  /* buying: the revealed card is part of the action */
  apply_refused (s, "{\"type\": \"buy\", \"slot\": 0}", TK_RULES_ERROR_ILLEGAL, "revealed");
  apply_refused (s, "{\"type\": \"buy\", \"slot\": 0, \"reveal\": \"F1\"}", TK_RULES_ERROR_ILLEGAL,
                 "already for sale");
  apply_refused (s, "{\"type\": \"buy\", \"slot\": 0, \"reveal\": \"A7\"}", TK_RULES_ERROR_ILLEGAL,
                 "belongs");
  apply_refused (s, "{\"type\": \"buy\", \"slot\": 5, \"reveal\": \"A3\"}", TK_RULES_ERROR_ILLEGAL,
                 "costs 10");                            /* 5 coins, price 10 */
  apply_refused (s, "{\"type\": \"buy\", \"slot\": 6, \"reveal\": \"A3\"}", TK_RULES_ERROR_ILLEGAL,
                 "no deed");

  /* yellow: A (A1), A (B1): two small houses, then no tile left */
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"A\", \"lots\": [\"A1\"]}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"A\", \"lots\": [\"B1\"]}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"A\", \"lots\": [\"C1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "left");
  /* rebuilding: a house B (2) over the two 1-lot houses is allowed (the seed's example) */
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"B\", \"lots\": [\"A1\", \"B1\"]}");
  g_assert_cmpint (player_int (s, 0, "population"), ==, 2);
  apply_ok (s, "{\"type\": \"income\"}");
  /* … but another 2-lot building over it is not larger */
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"G\", \"lots\": [\"A1\", \"B1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "smaller");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"B\", \"lots\": [\"B1\", \"C1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "smaller");
  /* hotel (3) over the house on A1 B1 and C1: fine */
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"C\", \"lots\": [\"A1\", \"B1\", \"C1\"]}");
  g_assert_cmpint (player_int (s, 0, "population"), ==, 4);
  /* markers: 2 free after the deal, +1 per small house, +0 for the house over them, +1 for C1 */
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 5);
  R->state_free (s);
}

/* The deeds for sale, slot by slot ("-" for an empty slot). */
static char *
market_text (gpointer state)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  JsonArray *market = json_object_get_array_member (object, "market");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (market); i++)
    {
      JsonObject *slot = json_array_get_object_element (market, i);
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "",
                              json_object_get_null_member (slot, "lot")
                              ? "-" : json_object_get_string_member (slot, "lot"));
    }
  return g_string_free (out, FALSE);
}

/* No free lot marker: all 8 on the board; building frees them. */
static void
test_no_marker (void)
{
  gpointer s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [12, 12, 13],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"C1\", \"D1\", \"A2\", \"B2\"],"
                          "  [\"A6\", \"B6\", \"C6\", \"A7\", \"B7\", \"C7\"]]}");

  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"G1\", \"E2\", \"F2\", \"G2\"]}");
  apply_ok (s, "{\"type\": \"buy\", \"slot\": 0, \"reveal\": \"A3\"}");      /* E1 */
  {
    /* the cards slide toward the cheap end, the revealed card takes the 10-coin slot */
    g_autofree char *market = market_text (s);
    g_assert_cmpstr (market, ==, "F1 G1 E2 F2 G2 A3");
  }
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"buy\", \"slot\": 0, \"reveal\": \"B3\"}");      /* F1 */
  apply_ok (s, "{\"type\": \"income\"}");
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 0);
  apply_refused (s, "{\"type\": \"buy\", \"slot\": 0, \"reveal\": \"C3\"}", TK_RULES_ERROR_ILLEGAL,
                 "no free lot marker");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"D\", \"lots\": [\"C1\", \"D1\", \"E1\", \"F1\"]}");
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 4);
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"income\"}");                             /* yellow 1 + 5 */
  apply_ok (s, "{\"type\": \"income\"}");
  apply_ok (s, "{\"type\": \"buy\", \"slot\": 0, \"reveal\": \"C3\"}");
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 3);
  R->state_free (s);
}

/* The seed's rebuild example: a retail shop and two marked lots; a hotel over the two markers
 * and one lot of the retail shop frees the other lot, which gets a marker back. */
static void
test_rebuild_markers (void)
{
  gpointer s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [12, 12, 13],"
                          " \"starting_deeds\": ["
                          "  [\"D2\", \"E2\", \"F2\", \"G2\", \"A4\", \"B4\"],"
                          "  [\"A6\", \"B6\", \"C6\", \"A7\", \"B7\", \"C7\"]]}");
  g_autoptr(JsonObject) object = NULL;
  JsonArray *board;

  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"G1\", \"E3\", \"A3\", \"G3\"]}");
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"G\", \"lots\": [\"F2\", \"G2\"]}");
  apply_ok (s, "{\"type\": \"income\"}");
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 4);     /* 8 − 6 + 2 */
  /* hotel over the markers on D2, E2 and the retail lot F2: G2 is left empty */
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"C\", \"lots\": [\"D2\", \"E2\", \"F2\"]}");
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 4 + 2 - 1);
  g_assert_cmpint (player_int (s, 0, "population"), ==, 4);
  g_assert_cmpint (player_int (s, 0, "income"), ==, 5);      /* the retail shop went back */
  object = R->to_json (s);
  board = json_object_get_array_member (object, "board");
  /* G2 = row 2, column G: index 1 × 7 + 6 = 13, still yellow's, with no building */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (board, 13), "lot"),
                   ==, "G2");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (board, 13), "owner"),
                   ==, 0);
  g_assert_false (json_object_has_member (json_array_get_object_element (board, 13), "tile"));
  R->state_free (s);
}

/* Leftover lots after rebuilding need markers from the player board. */
static void
test_rebuild_needs_markers (void)
{
  static const char *const reveal[] = { "A7", "B7", "C7", "D7", "E7", "F7" };
  gpointer s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [12, 12, 13],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"C1\", \"C2\", \"E5\", \"F5\"],"
                          "  [\"A6\", \"B6\", \"C6\", \"D6\", \"E6\", \"F6\"]]}");
  int buys = 0;

  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"G1\", \"G2\", \"G3\", \"G4\", \"G5\", \"G6\"]}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"F\", \"lots\": [\"A1\"]}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"F\", \"lots\": [\"B1\"]}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  apply_ok (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"G\", \"lots\": [\"C1\", \"C2\"]}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 6);     /* 2 + 1 + 1 + 2 */
  /* six buys at 2 coins (slot 0), with income when short */
  while (buys < 6)
    {
      g_autofree char *action = NULL;

      if (player_int (s, 0, "coins") < 2)
        action = g_strdup ("{\"type\": \"income\", \"seat\": 0}");
      else
        action = g_strdup_printf ("{\"type\": \"buy\", \"seat\": 0, \"slot\": 0, "
                                  "\"reveal\": \"%s\"}", reveal[buys++]);
      apply_ok (s, action);
      apply_ok (s, "{\"type\": \"income\", \"seat\": 1}");
    }
  g_assert_cmpint (player_int (s, 0, "markers"), ==, 0);
  /* the hotel on the two coffee shops and C1 frees nothing and leaves C2 empty */
  apply_refused (s, "{\"type\": \"build\", \"seat\": 0, \"tile\": \"C\", \"lots\": [\"A1\", \"B1\", \"C1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "lot markers");
  R->state_free (s);
}

/* Accepted on a copy of @state (which does not move). */
static void
accepted_on_copy (gpointer    state,
                  const char *action_json)
{
  gpointer copy = R->state_copy (state);
  g_autofree char *before = state_json (state);
  g_autofree char *after = NULL;

  apply_ok (copy, action_json);
  after = state_json (state);
  g_assert_cmpstr (before, ==, after);
  R->state_free (copy);
}

/* Rotations always, mirror images only when the tile allows them, "any" shapes connected. */
static void
test_shapes (void)
{
  gpointer s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [12, 12, 13],"
                          " \"tiles\": ["
                          "  {\"code\": \"S\", \"type\": \"residential\", \"size\": 4,"
                          "   \"shapes\": [\"XX./.XX\"], \"citizens\": 1, \"count\": 2},"
                          "  {\"code\": \"Z\", \"type\": \"residential\", \"size\": 4,"
                          "   \"shapes\": [\"XX./.XX\"], \"mirror\": true, \"citizens\": 1},"
                          "  {\"code\": \"L\", \"type\": \"commercial\", \"size\": 3,"
                          "   \"shapes\": [\"XX/X.\"], \"coins\": 1},"
                          "  {\"code\": \"Y\", \"type\": \"public\", \"size\": 3,"
                          "   \"shapes\": \"any\", \"public\": \"buildings\", \"rate\": 1}],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"C1\", \"A2\", \"B2\", \"C2\"],"
                          "  [\"A5\", \"B5\", \"C5\", \"A6\", \"B6\", \"C6\"]]}");

  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"G1\", \"E2\", \"F2\", \"G2\"]}");
  /* the S as printed, and its mirror image only for Z */
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"S\", \"lots\": [\"A1\", \"B1\", \"B2\", \"C2\"]}");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"S\", \"lots\": [\"B1\", \"C1\", \"A2\", \"B2\"]}",
                 TK_RULES_ERROR_ILLEGAL, "shape");
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"Z\", \"lots\": [\"B1\", \"C1\", \"A2\", \"B2\"]}");
  /* the L tromino in its four rotations; a straight line is not an L */
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"L\", \"lots\": [\"A1\", \"B1\", \"A2\"]}");
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"L\", \"lots\": [\"A1\", \"B1\", \"B2\"]}");
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"L\", \"lots\": [\"B1\", \"A2\", \"B2\"]}");
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"L\", \"lots\": [\"A1\", \"A2\", \"B2\"]}");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"L\", \"lots\": [\"A1\", \"B1\", \"C1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "shape");
  /* "any": connected sets only */
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"Y\", \"lots\": [\"A1\", \"B1\", \"C1\"]}");
  accepted_on_copy (s, "{\"type\": \"build\", \"tile\": \"Y\", \"lots\": [\"C1\", \"B2\", \"C2\"]}");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"Y\", \"lots\": [\"A1\", \"C1\", \"B2\"]}",
                 TK_RULES_ERROR_ILLEGAL, "shape");
  /* count 1: after one Z, no Z is left */
  apply_ok (s, "{\"type\": \"build\", \"tile\": \"Z\", \"lots\": [\"B1\", \"C1\", \"A2\", \"B2\"]}");
  apply_ok (s, "{\"type\": \"income\"}");
  apply_refused (s, "{\"type\": \"build\", \"tile\": \"Z\", \"lots\": [\"B1\", \"C1\", \"A2\", \"B2\"]}",
                 TK_RULES_ERROR_ILLEGAL, "left");
  R->state_free (s);
}

/* Deed draft: 6 rounds of one pick per seat, then the market. */
static void
test_draft_and_deal (void)
{
  gpointer s = new_state ("{" TWO_PLAYERS "}");

  g_assert_cmpstr (phase (s), ==, "deal");
  apply_refused (s, "{\"type\": \"income\"}", TK_RULES_ERROR_ILLEGAL, "dealt");
  apply_ok (s, "{\"type\": \"draft_round\", \"picks\": [\"A1\", \"G7\"]}");
  apply_refused (s, "{\"type\": \"draft_round\", \"picks\": [\"B1\", \"B1\"]}",
                 TK_RULES_ERROR_ILLEGAL, "twice");
  apply_refused (s, "{\"type\": \"draft_round\", \"picks\": [\"G7\", \"B2\"]}",
                 TK_RULES_ERROR_ILLEGAL, "belongs");
  apply_refused (s, "{\"type\": \"draft_round\", \"picks\": [\"H1\", \"B2\"]}",
                 TK_RULES_ERROR_ILLEGAL, "not a lot");      /* 7×7 board for 2 players */
  for (int i = 2; i <= 6; i++)
    {
      g_autofree char *action = g_strdup_printf ("{\"type\": \"draft_round\", \"picks\": "
                                                 "[\"A%d\", \"G%d\"]}", i, 8 - i);
      apply_ok (s, action);
    }
  g_assert_cmpstr (phase (s), ==, "market");
  g_assert_cmpint (player_int (s, 0, "deeds"), ==, 6);
  g_assert_cmpint (player_int (s, 1, "markers"), ==, 2);
  R->state_free (s);

  s = new_state ("{" TWO_PLAYERS "}");
  apply_ok (s, "{\"type\": \"deal\", \"seat\": 1, \"lots\": [\"A1\", \"A2\", \"A3\"]}");
  apply_refused (s, "{\"type\": \"deal\", \"seat\": 1, \"lots\": [\"B1\", \"B2\", \"B3\", \"B4\"]}",
                 TK_RULES_ERROR_ILLEGAL, "more than 6");
  apply_ok (s, "{\"type\": \"deal\", \"seat\": 1, \"lots\": [\"B1\", \"B2\", \"B3\"]}");
  apply_ok (s, "{\"type\": \"deal\", \"seat\": 0, \"lots\": [\"C1\", \"C2\", \"C3\", \"C4\", \"C5\", \"C6\"]}");
  g_assert_cmpstr (phase (s), ==, "market");
  R->state_free (s);
}

static void
test_setup (void)
{
  static const int sides[] = { 0, 0, 7, 8, 9 };
  static const char *const decks[] = { NULL, NULL, "[12,12,13]", "[15,15,16]", "[19,19,19]" };

  for (guint n = 2; n <= 4; n++)
    {
      g_autoptr(JsonObject) setup = R->default_setup (n);
      g_autoptr(GError) error = NULL;
      g_autofree char *deck_text = NULL;
      JsonNode *node = json_object_get_member (setup, "year_deck_sizes");
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      gpointer s;

      g_assert_cmpint (json_object_get_int_member (setup, "board_size"), ==, sides[n]);
      json_generator_set_root (gen, node);
      deck_text = json_generator_to_data (gen, NULL);
      g_assert_cmpstr (deck_text, ==, decks[n]);
      s = R->state_new (setup, &error);
      g_assert_no_error (error);
      /* seat coins 5, 6, 7, 8; 8 markers; 24 tiles */
      for (guint p = 0; p < n; p++)
        {
          g_autoptr(JsonObject) object = NULL;
          JsonObject *player = player_json (s, p, &object);
          JsonArray *supply = json_object_get_array_member (player, "supply");
          gint64 tiles = 0;

          g_assert_cmpint (json_object_get_int_member (player, "coins"), ==, 5 + p);
          g_assert_cmpint (json_object_get_int_member (player, "markers"), ==, 8);
          for (guint t = 0; t < json_array_get_length (supply); t++)
            tiles += json_array_get_int_element (supply, t);
          g_assert_cmpint (tiles, ==, 24);
        }
      R->state_free (s);
    }

  /* the first player gets 5, clockwise +1 */
  {
    gpointer s = new_state ("{" FOUR_PLAYERS ", \"first_player\": 2}");
    g_assert_cmpint (player_int (s, 2, "coins"), ==, 5);
    g_assert_cmpint (player_int (s, 3, "coins"), ==, 6);
    g_assert_cmpint (player_int (s, 0, "coins"), ==, 7);
    g_assert_cmpint (player_int (s, 1, "coins"), ==, 8);
    R->state_free (s);
  }

  /* bad setups */
  {
    static const char *const bad[] = {
      "{" TWO_PLAYERS ", \"year_deck_sizes\": [10, 10, 10]}",
      "{" TWO_PLAYERS ", \"board_size\": 10}",
      "{" TWO_PLAYERS ", \"market_prices\": []}",
      "{" TWO_PLAYERS ", \"printed_prestige\": \"sometimes\"}",
      "{" TWO_PLAYERS ", \"starting_deeds\": [[\"A1\"], [\"A2\"]]}",
      "{" TWO_PLAYERS ", \"starting_deeds\": [[\"A1\",\"A2\",\"A3\",\"A4\",\"A5\",\"A6\"],"
      " [\"A1\",\"B2\",\"B3\",\"B4\",\"B5\",\"B6\"]]}",
      "{" TWO_PLAYERS ", \"tiles\": [{\"code\": \"A\", \"type\": \"house\"}]}",
      "{" TWO_PLAYERS ", \"tiles\": [{\"code\": \"A\", \"type\": \"public\", \"size\": 2,"
      " \"shapes\": [\"X\"], \"public\": \"citizens\"}]}",
      "{\"players\": [{\"name\": \"Solo\"}]}",
      "{" TWO_PLAYERS ", \"tiles\": [{\"code\": \"A\", \"type\": \"residential\","
      " \"name\": \"0123456789012345678901234567890123456789012345678901234567890123\"}]}",
      "{" TWO_PLAYERS ", \"tiles\": [{\"code\": \"A\", \"type\": \"residential\","
      " \"shapes\": [\"XX\"]}]}",
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(JsonObject) setup = parse (bad[i]);
        gpointer s = R->state_new (setup, &error);

        g_assert_null (s);
        g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
      }
  }
}

static void
test_coin_correction (void)
{
  gpointer s = new_state ("{" TWO_PLAYERS ", \"year_deck_sizes\": [12, 12, 13],"
                          " \"starting_deeds\": ["
                          "  [\"A1\", \"B1\", \"C1\", \"D1\", \"A2\", \"B2\"],"
                          "  [\"A6\", \"B6\", \"C6\", \"A7\", \"B7\", \"C7\"]]}");

  apply_refused (s, "{\"type\": \"coins\", \"seat\": 1, \"delta\": 3}", TK_RULES_ERROR_ILLEGAL,
                 "reason");
  apply_refused (s, "{\"type\": \"coins\", \"seat\": 1, \"delta\": 3, \"reason\": \"  \"}",
                 TK_RULES_ERROR_ILLEGAL, "reason");
  apply_refused (s, "{\"type\": \"coins\", \"seat\": 1, \"delta\": -7, \"reason\": \"x\"}",
                 TK_RULES_ERROR_ILLEGAL, "only 6");
  apply_ok (s, "{\"type\": \"coins\", \"seat\": 1, \"delta\": -2, \"reason\": \"paid twice\"}");
  g_assert_cmpint (player_int (s, 1, "coins"), ==, 4);
  g_assert_cmpint (player_int (s, 1, "coins_paid"), ==, 2);
  /* not a turn: the market is still to be entered and the first player still yellow */
  apply_ok (s, "{\"type\": \"market\", \"lots\": [\"E1\", \"F1\", \"G1\", \"E2\", \"F2\", \"G2\"]}");
  apply_ok (s, "{\"type\": \"coins\", \"seat\": 0, \"delta\": 4, \"reason\": \"bank\"}");
  apply_ok (s, "{\"type\": \"income\", \"seat\": 0}");
  g_assert_cmpint (player_int (s, 0, "coins"), ==, 5 + 4 + 5);
  R->state_free (s);
}

/* ---- session fixture ---- */

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

/* ---- random legal play ---- */

typedef struct
{
  int side;
  int n;
  int owner[81];
  gboolean built[81];
  gboolean for_sale[81];
} View;

static void
read_view (gpointer state,
           View    *view)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  JsonArray *board = json_object_get_array_member (object, "board");
  JsonArray *market = json_object_get_array_member (object, "market");

  view->side = json_object_get_int_member (object, "board_size");
  view->n = json_array_get_length (json_object_get_array_member (object, "players"));
  memset (view->for_sale, 0, sizeof view->for_sale);
  for (guint c = 0; c < json_array_get_length (board); c++)
    {
      JsonObject *lot = json_array_get_object_element (board, c);
      view->owner[c] = json_object_get_int_member (lot, "owner");
      view->built[c] = json_object_has_member (lot, "tile");
    }
  for (guint s = 0; s < json_array_get_length (market); s++)
    {
      JsonObject *slot = json_array_get_object_element (market, s);
      if (!json_object_get_null_member (slot, "lot"))
        {
          const char *lot = json_object_get_string_member (slot, "lot");
          view->for_sale[(lot[1] - '1') * view->side + (lot[0] - 'A')] = TRUE;
        }
    }
}

static char *
cell_name (int side,
           int cell)
{
  return g_strdup_printf ("%c%d", 'A' + cell % side, cell / side + 1);
}

/* A random unowned lot that is not for sale (the deck), or −1. */
static int
random_free_lot (View  *view,
                 GRand *rand)
{
  int free_cells[81], n = 0;

  for (int c = 0; c < view->side * view->side; c++)
    if (view->owner[c] < 0 && !view->for_sale[c])
      free_cells[n++] = c;
  return n == 0 ? -1 : free_cells[g_rand_int_range (rand, 0, n)];
}

static char *
random_action (gpointer state,
               GRand   *rand)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  const char *ph = json_object_get_string_member (object, "phase");
  int current = json_object_get_int_member (object, "current");
  View view;
  int roll = g_rand_int_range (rand, 0, 100);

  read_view (state, &view);
  if (g_str_equal (ph, "market"))
    {
      int want = MIN (6, json_object_get_int_member (object, "deck_left"));
      GString *text = g_string_new ("{\"type\": \"market\", \"lots\": [");

      for (int i = 0; i < want; i++)
        {
          int cell = random_free_lot (&view, rand);
          g_autofree char *name = cell_name (view.side, cell);

          view.for_sale[cell] = TRUE;
          g_string_append_printf (text, "%s\"%s\"", i > 0 ? ", " : "", name);
        }
      g_string_append (text, "]}");
      return g_string_free (text, FALSE);
    }
  if (roll < 3)
    return g_strdup_printf ("{\"type\": \"coins\", \"seat\": %d, \"delta\": %d, \"reason\": \"test\"}",
                            g_rand_int_range (rand, 0, view.n), g_rand_int_range (rand, -3, 4));
  if (roll < 45)
    {
      int slot = g_rand_int_range (rand, 0, 6);
      int reveal = random_free_lot (&view, rand);
      g_autofree char *name = reveal >= 0 ? cell_name (view.side, reveal) : NULL;

      if (json_object_get_int_member (object, "deck_left") > 0 && name != NULL)
        return g_strdup_printf ("{\"type\": \"buy\", \"seat\": %d, \"slot\": %d, \"reveal\": \"%s\"}",
                                current, slot, name);
      return g_strdup_printf ("{\"type\": \"buy\", \"slot\": %d}", slot);
    }
  if (roll < 85)
    {
      /* grow a random set of the player's own lots (or, rarely, any lots) */
      static const char *const codes = "ABCDEFGHIJKLMNOPQR";
      char code = codes[g_rand_int_range (rand, 0, 18)];
      int size = g_rand_int_range (rand, 1, 5);
      int cells[4], n = 0, own[81], n_own = 0;
      GString *text;

      for (int c = 0; c < view.side * view.side; c++)
        if (view.owner[c] == current || g_rand_int_range (rand, 0, 200) == 0)
          own[n_own++] = c;
      if (n_own == 0)
        return g_strdup ("{\"type\": \"income\"}");
      cells[n++] = own[g_rand_int_range (rand, 0, n_own)];
      for (int tries = 0; n < size && tries < 40; tries++)
        {
          int from = cells[g_rand_int_range (rand, 0, n)];
          int d = g_rand_int_range (rand, 0, 4);
          int r = from / view.side + (d == 0 ? -1 : d == 1 ? 1 : 0);
          int c = from % view.side + (d == 2 ? -1 : d == 3 ? 1 : 0);
          int cell = r * view.side + c;
          gboolean dup = FALSE;

          if (r < 0 || c < 0 || r >= view.side || c >= view.side || view.owner[cell] != current)
            continue;
          for (int i = 0; i < n; i++)
            dup |= cells[i] == cell;
          if (!dup)
            cells[n++] = cell;
        }
      text = g_string_new (NULL);
      g_string_append_printf (text, "{\"type\": \"build\", \"tile\": \"%c\", \"lots\": [", code);
      for (int i = 0; i < n; i++)
        {
          g_autofree char *name = cell_name (view.side, cells[i]);
          g_string_append_printf (text, "%s\"%s\"", i > 0 ? ", " : "", name);
        }
      g_string_append (text, "]}");
      return g_string_free (text, FALSE);
    }
  return g_strdup ("{\"type\": \"income\"}");
}

static void
check_invariants (gpointer state,
                  int      n_tiles_expected)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (object, "players");
  JsonArray *board = json_object_get_array_member (object, "board");
  JsonArray *tiles = json_object_get_array_member (object, "tiles");
  JsonArray *market = json_object_get_array_member (object, "market");
  JsonArray *decks = json_object_get_array_member (object, "year_deck_sizes");
  JsonArray *score_players = json_object_get_array_member (score, "players");
  int side = json_object_get_int_member (object, "board_size");
  const char *ph = json_object_get_string_member (object, "phase");
  int year = json_object_get_int_member (object, "year");
  gint64 deeds = 0, for_sale = 0, later = 0;

  g_assert_cmpint (json_array_get_length (tiles), ==, n_tiles_expected);
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *scored = json_array_get_object_element (score_players, p);
      JsonArray *supply = json_object_get_array_member (player, "supply");
      JsonArray *breakdown = json_object_get_array_member (scored, "breakdown");
      gint64 owned = 0, empty = 0, sum = 0;
      g_autoptr(GHashTable) buildings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      int built_rows[32] = { 0 };

      /* coins: start + received − paid, never negative */
      g_assert_cmpint (json_object_get_int_member (player, "coins"), ==,
                       json_object_get_int_member (player, "starting_coins") +
                       json_object_get_int_member (player, "coins_received") -
                       json_object_get_int_member (player, "coins_paid"));
      g_assert_cmpint (json_object_get_int_member (player, "coins"), >=, 0);
      for (guint c = 0; c < json_array_get_length (board); c++)
        {
          JsonObject *lot = json_array_get_object_element (board, c);

          if (json_object_get_int_member (lot, "owner") != (gint64) p)
            continue;
          owned++;
          if (!json_object_has_member (lot, "tile"))
            empty++;
          else if (!g_hash_table_contains (buildings, json_object_get_string_member (lot, "building")))
            {
              g_hash_table_add (buildings, g_strdup (json_object_get_string_member (lot, "building")));
              built_rows[json_object_get_int_member (lot, "tile_row")]++;
            }
        }
      /* markers: on the player board + on empty lots = 8 */
      g_assert_cmpint (json_object_get_int_member (player, "markers") + empty, ==, 8);
      g_assert_cmpint (json_object_get_int_member (player, "markers"), >=, 0);
      g_assert_cmpint (json_object_get_int_member (player, "deeds"), ==, owned);
      deeds += owned;
      /* tiles: on the player board + in the city = the table's count */
      for (guint t = 0; t < json_array_get_length (tiles); t++)
        {
          g_assert_cmpint (json_array_get_int_element (supply, t), >=, 0);
          g_assert_cmpint (json_array_get_int_element (supply, t) + built_rows[t], ==,
                           json_object_get_int_member (json_array_get_object_element (tiles, t),
                                                       "count"));
        }
      /* scores: never negative, total = the sum of the categories */
      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        {
          gint64 points = json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                                      "points");
          g_assert_cmpint (points, >=, 0);
          sum += points;
        }
      g_assert_cmpint (sum, ==, json_object_get_int_member (scored, "total"));
      g_assert_cmpint (json_object_get_int_member (scored, "rank"), >=, 1);
    }
  /* deeds: owned + for sale + this year's deck + later decks = every lot */
  for (guint s = 0; s < json_array_get_length (market); s++)
    for_sale += !json_object_get_null_member (json_array_get_object_element (market, s), "lot");
  for (int y = year; y < 3; y++)
    later += json_array_get_int_element (decks, y);
  if (!g_str_equal (ph, "over"))
    g_assert_cmpint (deeds + for_sale + json_object_get_int_member (object, "deck_left") + later,
                     ==, side * side);
  else
    g_assert_cmpint (deeds, ==, side * side);
}

static guint sim_builds, sim_rebuilds, sim_buys, sim_refused;

static gpointer
refold (JsonObject *setup,
        GPtrArray  *ledger,
        guint       n)
{
  g_autoptr(GError) error = NULL;
  gpointer s = R->state_new (setup, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JsonObject) action = parse (ledger->pdata[i]);
      g_assert_true (R->apply (s, action, NULL));
    }
  return s;
}

static void
simulate (guint32 seed,
          guint   n_players,
          gboolean check_undo)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(JsonObject) setup = R->default_setup (n_players);
  g_autoptr(GPtrArray) ledger = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  gpointer s;
  guint steps = 0;
  gboolean draft = g_rand_boolean (rand);

  json_object_set_int_member (setup, "first_player", g_rand_int_range (rand, 0, n_players));
  s = R->state_new (setup, &error);
  g_assert_no_error (error);

  /* the starting deeds: dealt or drafted at random */
  for (guint round = 0; round < 6; round++)
    {
      View view;
      GString *text = g_string_new (draft ? "{\"type\": \"draft_round\", \"picks\": [" : NULL);

      read_view (s, &view);
      for (guint p = 0; p < n_players; p++)
        {
          int cell = random_free_lot (&view, rand);
          g_autofree char *name = cell_name (view.side, cell);

          view.owner[cell] = p;
          if (draft)
            g_string_append_printf (text, "%s\"%s\"", p > 0 ? ", " : "", name);
          else
            {
              g_autofree char *action = g_strdup_printf (
                "{\"type\": \"deal\", \"seat\": %u, \"lots\": [\"%s\"]}", p, name);
              apply_ok (s, action);
              g_ptr_array_add (ledger, g_steal_pointer (&action));
            }
        }
      g_string_append (text, "]}");
      if (draft)
        {
          apply_ok (s, text->str);
          g_ptr_array_add (ledger, g_strdup (text->str));
        }
      g_string_free (text, TRUE);
    }

  while (!g_str_equal (phase (s), "over"))
    {
      g_autofree char *text = random_action (s, rand);
      g_autoptr(JsonObject) action = parse (text);
      g_autofree char *before = state_json (s);
      gpointer copy = R->state_copy (s);
      g_autoptr(GError) apply_error = NULL;

      g_assert_cmpuint (++steps, <, 20000);
      if (!R->apply (s, action, &apply_error))
        {
          g_autofree char *after = state_json (s);
          sim_refused++;
          g_assert_nonnull (apply_error);
          g_assert_cmpstr (before, ==, after);
          R->state_free (copy);
          continue;
        }
      g_ptr_array_add (ledger, g_strdup (text));
      if (g_str_equal (json_object_get_string_member (action, "type"), "buy"))
        sim_buys++;
      if (g_str_equal (json_object_get_string_member (action, "type"), "build"))
        {
          View view;
          JsonArray *lots = json_object_get_array_member (action, "lots");
          gboolean over = FALSE;

          read_view (copy, &view);
          for (guint i = 0; i < json_array_get_length (lots); i++)
            {
              const char *lot = json_array_get_string_element (lots, i);
              over |= view.built[(lot[1] - '1') * view.side + (lot[0] - 'A')];
            }
          sim_builds++;
          sim_rebuilds += over;
        }
      check_invariants (s, 20);
      if (check_undo)
        {
          /* undo = refold the ledger without the last action; it equals the copy */
          gpointer undone = refold (setup, ledger, ledger->len - 1);
          g_autofree char *copy_json = state_json (copy);
          g_autofree char *undone_json = state_json (undone);
          g_autofree char *redone_json = NULL;
          g_autofree char *now_json = state_json (s);
          g_autoptr(JsonObject) again = parse (text);

          g_assert_cmpstr (copy_json, ==, before);
          g_assert_cmpstr (undone_json, ==, before);
          /* redo */
          g_assert_true (R->apply (undone, again, NULL));
          redone_json = state_json (undone);
          g_assert_cmpstr (redone_json, ==, now_json);
          R->state_free (undone);
        }
      R->state_free (copy);
    }
  check_invariants (s, 20);
  {
    g_autoptr(JsonObject) score = R->score (s);
    g_assert_true (json_object_get_boolean_member (score, "finished"));
    g_assert_cmpint (json_object_get_int_member (score, "years_scored"), ==, 3);
  }
  R->state_free (s);
}

static void
test_random_games (void)
{
  /* 24 games, 8 of each player count; every 8th checks undo after every action */
  for (guint32 seed = 1; seed <= 24; seed++)
    simulate (seed, 2 + seed % 3, seed % 8 == 0);
  /* the simulation reaches the interesting cases */
  g_test_message ("%u builds (%u over buildings), %u buys, %u refused", sim_builds,
                  sim_rebuilds, sim_buys, sim_refused);
  g_assert_cmpuint (sim_builds, >, 200);
  g_assert_cmpuint (sim_rebuilds, >, 20);
  g_assert_cmpuint (sim_refused, >, 100);
}

static void
test_random_undo (void)
{
  for (guint32 seed = 100; seed < 102; seed++)
    simulate (seed, 2 + seed % 3, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/metropolis/setup", test_setup);
  g_test_add_func ("/metropolis/population-example", test_population_example);
  g_test_add_func ("/metropolis/public-and-income-examples", test_public_and_income_examples);
  g_test_add_func ("/metropolis/tied-leaders-and-public-kinds", test_tied_leaders_and_public_kinds);
  g_test_add_func ("/metropolis/small-game", test_small_game);
  g_test_add_func ("/metropolis/small-game-options", test_small_game_options);
  g_test_add_func ("/metropolis/refusals", test_refusals);
  g_test_add_func ("/metropolis/no-marker", test_no_marker);
  g_test_add_func ("/metropolis/rebuild-markers", test_rebuild_markers);
  g_test_add_func ("/metropolis/rebuild-needs-markers", test_rebuild_needs_markers);
  g_test_add_func ("/metropolis/shapes", test_shapes);
  g_test_add_func ("/metropolis/draft-and-deal", test_draft_and_deal);
  g_test_add_func ("/metropolis/coin-correction", test_coin_correction);
  g_test_add_func ("/metropolis/fixture", test_fixture);
  g_test_add_func ("/metropolis/full-game", test_full_game);
  g_test_add_func ("/metropolis/random-games", test_random_games);
  g_test_add_func ("/metropolis/random-undo", test_random_undo);
  return g_test_run ();
}
