/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metropolis-actions.c — each action of Foundations of Metropolis by its rules: the setup
 * and its refusals, the draft and the deal, lot markers and rebuilding, building shapes, coin
 * corrections, and every refusal with its reason. */
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
#define market_text(state) tk_test_metropolis_market_text (state)

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/metropolis/setup", test_setup);
  g_test_add_func ("/metropolis/refusals", test_refusals);
  g_test_add_func ("/metropolis/no-marker", test_no_marker);
  g_test_add_func ("/metropolis/rebuild-markers", test_rebuild_markers);
  g_test_add_func ("/metropolis/rebuild-needs-markers", test_rebuild_needs_markers);
  g_test_add_func ("/metropolis/shapes", test_shapes);
  g_test_add_func ("/metropolis/draft-and-deal", test_draft_and_deal);
  g_test_add_func ("/metropolis/coin-correction", test_coin_correction);
  return g_test_run ();
}
