/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agora-fixtures.c — Agora games from tests/fixtures worked out on paper from the seed's
 * rules, not from the engine: replayed action by action and scored through the session-file
 * scorer that `tablekeeper-cli score` uses. */
#include "config.h"

#include "tk-rules.h"
#include "agora/tk-agora-rules.h"
#include "tk-session.h"
#include "tk-test-agora.h"
#include "tk-test-rules.h"

#define R (tk_agora_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused (R, state, action, code, NULL)

/* What several Agora tests read from a state (tests/tk-test-agora.h). */
#define money(state, seat) tk_test_agora_money (state, seat)
#define phase(state) tk_test_agora_phase (state)
#define shops(state) tk_test_agora_shops (state)
#define summary(state) tk_test_agora_summary (state)

/* The sample session file replays to the hand-computed result:
 * Ana: 10 start + income (0 + 3 + 4 + 4 = 11) + festival 4 − shops (3 + 1 = 4) = 21;
 * Ben: 10 start + income (0 + 5 + 5 = 10) + festival 5 − shops (5 + 2 = 7) = 18;
 * the fire in Ana's third turn finds shops 1 (Ana) and 3 (Ben) tied with 2 counters: nothing
 * burns; the eighth card placed empties the deck and Ana, the richer, wins. */
static void
test_session_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR") ? g_getenv ("TK_TEST_SRCDIR") : ".",
                                            "fixtures", "agora-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;
  const gint64 expected[2][5] = { { 10, 11, 4, -4, 21 }, { 10, 10, 5, -7, 18 } };

  tk_games_register_all ();
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  for (guint seat = 0; seat < 2; seat++)
    {
      JsonObject *p = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (p, "breakdown");

      g_assert_cmpuint (json_array_get_length (breakdown), ==, 4);
      for (guint i = 0; i < 4; i++)
        g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                                     "points"), ==, expected[seat][i]);
      g_assert_cmpint (json_object_get_int_member (p, "total"), ==, expected[seat][4]);
      g_assert_cmpint (json_object_get_int_member (p, "rank"), ==, seat + 1);
      g_assert_true (json_object_get_boolean_member (p, "winner") == (seat == 0));
    }
  g_assert_cmpstr (json_object_get_string_member (score, "result"), ==, "win");
  g_assert_cmpstr (json_object_get_string_member (score, "end"), ==, "deck");
}

static JsonArray *
fixture_actions (const char  *name,
                 JsonObject **file_out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR") ? g_getenv ("TK_TEST_SRCDIR") : ".",
                                            "fixtures", name, NULL);
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  *file_out = parse (text);
  return json_object_get_array_member (*file_out, "actions");
}

/* Applies the fixture's actions up to (not including) index @to, from @from. */
static void
replay (gpointer   state,
        JsonArray *actions,
        guint      from,
        guint      to)
{
  for (guint i = from; i < to; i++)
    {
      g_autoptr(GError) error = NULL;
      JsonObject *action = json_object_get_object_member (
        json_array_get_object_element (actions, i), "action");

      if (!R->apply (state, action, &error))
        g_error ("action %u refused: %s", i + 1, error->message);
    }
}

/* Each player's breakdown (start, income, festivals, shops bought), total, rank, winner. */
static void
check_file_score (const char   *name,
                  guint         n_players,
                  const gint64  expected[][7],
                  const char   *result,
                  const char   *end)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR") ? g_getenv ("TK_TEST_SRCDIR") : ".",
                                            "fixtures", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;

  tk_games_register_all ();
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, n_players);
  for (guint seat = 0; seat < n_players; seat++)
    {
      JsonObject *p = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (p, "breakdown");

      g_assert_cmpuint (json_array_get_length (breakdown), ==, 4);
      for (guint i = 0; i < 4; i++)
        g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                                     "points"), ==, expected[seat][i]);
      g_assert_cmpint (json_object_get_int_member (p, "total"), ==, expected[seat][4]);
      g_assert_cmpint (json_object_get_int_member (p, "rank"), ==, expected[seat][5]);
      g_assert_cmpint (json_object_get_boolean_member (p, "winner"), ==, expected[seat][6]);
    }
  g_assert_true (json_object_get_boolean_member (score, "finished"));
  g_assert_cmpstr (json_object_get_string_member (score, "result"), ==, result);
  g_assert_cmpstr (json_object_get_string_member (score, "end"), ==, end);
}

/* tests/fixtures/agora-full-game.json: Ana (A), Ben (B), Cleo (C); $10 each, over $50, 36
 * cards.  Worked out by hand, turn by turn (income / draw / place / buy → money):
 *  card 1 (B, so Ben starts): shop 1 (2 circles, 3 doors), shop 2 (1, 4)
 *  T1 Ben   +0 → 10; D; new shop 3 (2, 5); buys 3 for 5 → 5
 *  T2 Cleo  +0 → 10; A; shop 1 grows to (3, 4); buys 1 for 4 → 6
 *  T3 Ana   +0 → 10; D; new shop 4 (1, 0), closed; buys it for $0 → 10
 *  T4 Ben   +5 → 10; C; new shop 5 (3, 6); buys 5 for 6 → 4
 *  T5 Cleo  +4 → 10; D; shop 2 grows to (4, 7), new shop 6 (2, 5); buys 2 for 7 → 3
 *  T6 Ana   +0 → 10; A = flood: counters 1:3 2:4 3:2 4:1 5:3 → shop 2 is washed (unowned);
 *           the card joins shop 4 (hers) and 6 into shop 4 (3, 6); buys shop 2 for 7 → 3
 *  T7 Ben   +11 → 15; C; shop 2 (Ana's) grows to (5, 8), new shop 7 (1, 3); buys 7 → 12
 *  T8 Cleo  +4 → 7; C = fire: shop 2 (Ana, 5 counters) burns with cards 1, 6, 8; shop 7
 *           (only on card 8) goes; shop 1 keeps card 3, shop 4 cards 4 and 7; corrected to
 *           shop 1 (1, 2), shop 4 (1, 3); new shop 8 (3, 5); buys nothing → 7
 *  T9 Ana   +3 → 6; D; shop 8 grows to (4, 7); buys it for 7 → −1 (borrowing)
 *  T10 Ben  +11 → 23; B = festival: Ana +10 → 9, Ben +11 → 34, Cleo +2 → 9; the card joins
 *           Ben's shops 3 and 5 into shop 3 (6, 11); buys nothing
 *  T11 Cleo +2 → 11; A; new shops 9 (2, 4) and 10 (1, 3); buys 9 for 4 → 7
 *  T12 Ana  +10 → 19; A = flood: shop 3 (Ben, 6) washed; shop 9 down to 3 doors; Ana buys
 *           shop 3 for 11 → 8
 *  T13 Ben  +0 → 34; D; new shop 11 (2, 5); buys it for 5 → 29
 *  T14 Cleo +5 → 12; D; shop 10 grows to (2, 4); buys it for 4 → 8
 *  T15 Ana +21 → 29; T16 Ben +5 → 34; T17 Cleo +9 → 17 (draws B: not hers)
 *  T18 Ana  +21 → 50: exactly the goal, not over it — the game goes on
 *  T19 Ben +5 → 39; T20 Cleo +9 → 26; T21 Ana +21 → 71: over $50 at income, Ana wins.
 * Ana  10 + income (0+0+3+10+21+21+21 = 76) + festival 10 − shops (0+7+7+11 = 25) = 71
 * Ben  10 + income (0+5+11+11+0+5+5 = 37) + festival 11 − shops (5+6+3+5 = 19) = 39
 * Cleo 10 + income (0+4+4+2+5+9+9 = 33) + festival 2 − shops (4+7+4+4 = 19) = 26
 * Deck left: A 4, B 6, C 4, D 1 (15); 21 cards placed, 3 burnt. */
static void
test_full_game (void)
{
  g_autoptr(JsonObject) file = NULL;
  JsonArray *actions = fixture_actions ("agora-full-game.json", &file);
  gpointer state = new_state (THREE ",\"start_money\":10,\"goal\":50,\"goal_rule\":\"over\"}");
  const gint64 expected[3][7] = { { 10, 76, 10, -25, 71, 1, TRUE },
                                  { 10, 37, 11, -19, 39, 2, FALSE },
                                  { 10, 33, 2, -19, 26, 3, FALSE } };
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) json = NULL;
  JsonObject *deck;

  g_assert_cmpuint (json_array_get_length (actions), ==, 84);
  /* T3: the closed shop bought for $0. */
  replay (state, actions, 0, 13);
  g_assert_cmpint (money (state, 0), ==, 10);
  text = shops (state);
  g_assert_true (strstr (text, "4:0:1:0:4") != NULL);
  g_clear_pointer (&text, g_free);
  /* T6: the flood washes shop 2 (4 counters, the only largest); then the merge. */
  replay (state, actions, 13, 23);
  text = shops (state);
  g_assert_cmpstr (text, ==, "1:2:3:4:1,3 2:-:4:7:1,6 3:1:2:5:2 4:0:1:0:4 5:1:3:6:5 6:-:2:5:6");
  g_clear_pointer (&text, g_free);
  replay (state, actions, 23, 24);
  text = shops (state);
  g_assert_cmpstr (text, ==, "1:2:3:4:1,3 2:-:4:7:1,6 3:1:2:5:2 4:0:3:6:4,6,7 5:1:3:6:5");
  g_clear_pointer (&text, g_free);
  /* T8: the fire burns Ana's shop 2 and its cards 1, 6, 8; shop 7 goes with card 8. */
  replay (state, actions, 24, 31);
  text = shops (state);
  g_assert_cmpstr (text, ==, "1:2:3:4:3 3:1:2:5:2 4:0:3:6:4,7 5:1:3:6:5");
  g_clear_pointer (&text, g_free);
  json = R->to_json (state);
  g_assert_cmpint (json_object_get_int_member (json, "cards_removed"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json, "cards_on_table"), ==, 5);
  g_clear_pointer (&json, json_object_unref);
  /* T9: Ana borrows. */
  replay (state, actions, 31, 39);
  g_assert_cmpint (money (state, 0), ==, -1);
  /* T10: the festival pays everyone. */
  replay (state, actions, 39, 41);
  g_assert_cmpint (money (state, 0), ==, 9);
  g_assert_cmpint (money (state, 1), ==, 34);
  g_assert_cmpint (money (state, 2), ==, 9);
  replay (state, actions, 41, 42);
  text = shops (state);
  g_assert_true (strstr (text, "3:1:6:11:2,5,11") != NULL);
  g_assert_null (strstr (text, " 5:"));
  g_clear_pointer (&text, g_free);
  /* T18: exactly $50 is not over the goal. */
  replay (state, actions, 42, 72);
  g_assert_cmpint (money (state, 0), ==, 50);
  g_assert_cmpstr (phase (state), ==, "draw");
  /* T21: over. */
  replay (state, actions, 72, 84);
  g_assert_cmpstr (phase (state), ==, "over");
  text = summary (state);
  g_assert_cmpstr (text, ==, "71/1/w 39/2/- 26/3/- win");
  json = R->to_json (state);
  deck = json_object_get_object_member (json, "deck");
  g_assert_cmpint (json_object_get_int_member (deck, "A"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (deck, "B"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (deck, "C"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (deck, "D"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json, "cards_placed"), ==, 21);
  R->state_free (state);

  /* The same file through the session-file scorer that `tablekeeper-cli score` uses. */
  check_file_score ("agora-full-game.json", 3, expected, "win", "income");
}

/* tests/fixtures/agora-festival-draw.json: Ana (A) and Ben (B) start with $40.
 * Ana: 40, T1 +0 buys shop 1 (4) → 36; T3 +4 → 40 buys shop 2 (6) → 34; T5 +10 → 44.
 * Ben: 40, T2 +0 buys shop 3 (5) → 35; T4 +5 → 40 buys shop 4 (4) → 36; T6 +9 → 45, draws
 * B: festival, Ana +10 → 54, Ben +9 → 54: both over $50 with the same money — a draw. */
static void
test_festival_draw_file (void)
{
  const gint64 expected[2][7] = { { 40, 14, 10, -10, 54, 1, TRUE },
                                  { 40, 14, 9, -9, 54, 1, TRUE } };

  check_file_score ("agora-festival-draw.json", 2, expected, "draw", "festival");
}

/* tests/fixtures/agora-deck-out.json: one card a letter (4 cards). The first card is C,
 * nobody's letter: Ben was drawn to start. Ben: +0, buys shop 1 (3) → 7; Ana: +0, buys the
 * grown shop 2 (4) → 6; Ben: +3 → 10, places the last card: the deck is empty, Ben, richer
 * with $10 against $6, wins and nobody buys. */
static void
test_deck_out_file (void)
{
  const gint64 expected[2][7] = { { 10, 0, 0, -4, 6, 2, FALSE },
                                  { 10, 3, 0, -3, 10, 1, TRUE } };

  check_file_score ("agora-deck-out.json", 2, expected, "win", "deck");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/agora/session-file", test_session_file);
  g_test_add_func ("/agora/full-game", test_full_game);
  g_test_add_func ("/agora/festival-draw-file", test_festival_draw_file);
  g_test_add_func ("/agora/deck-out-file", test_deck_out_file);
  return g_test_run ();
}
