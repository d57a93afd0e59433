/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agora-end.c — how a game of Agora ends and who wins: past the goal at a festival (one
 * winner, a draw, the richest), "over" against "reach" $50, and the last card placed. */
#include "config.h"

#include "tk-rules.h"
#include "agora/tk-agora-rules.h"
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
#define summary(state) tk_test_agora_summary (state)
#define two_shops(setup_json, start) tk_test_agora_two_shops (setup_json, start)

static void
test_festival_winners (void)
{
  g_autofree char *s = NULL;
  /* Start at $47: after the event table Ana 43, Ben 43, Cleo 42. */
  gpointer state;

  state = new_state (THREE ",\"start_money\":47}");
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":2,\"doors\":3},{\"marks\":1,\"doors\":2}]}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":2,\"doors\":4}],"
                   "\"extend\":[{\"shop\":1,\"marks\":3,\"doors\":4}]}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 47 − 4 = 43 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":2,\"doors\":5}]}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":3}");                 /* Ben 47 − 4 = 43 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":4}");                 /* Cleo 47 − 5 = 42 */
  /* Ana's income 43 + 4 = 47 (not over 50).  Festival: Ana 47 + 4 = 51, Ben 43 + 4 = 47,
   * Cleo 42 + 5 = 47: only Ana is past 50, she wins. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 0), ==, 47);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"A\",\"event\":\"festival\"}");
  s = summary (state);
  g_assert_cmpstr (s, ==, "51/1/w 47/2/- 47/2/- win");
  apply_refused (state, "{\"type\":\"place\"}", TK_RULES_ERROR_ILLEGAL);
  R->state_free (state);

  /* Several past the goal with exactly the same money: a draw.  Start 49.  Card 1 (A):
   * shop 1 (1 circle, 3 doors), shop 2 (1 circle, 3 doors), shop 3 (2 circles, 1 door).
   * Ana buys 1 (49 − 3 = 46), Ben buys 2 (49 − 3 = 46), Cleo buys 3 (49 − 1 = 48). */
  state = new_state (THREE ",\"start_money\":49}");
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":1,\"doors\":3},{\"marks\":1,\"doors\":3},{\"marks\":2,\"doors\":1}]}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 49 − 3 = 46 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":2}");                 /* Ben 49 − 3 = 46 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":3}");                 /* Cleo 49 − 1 = 48 */
  /* Ana: income 46 + 3 = 49; draws C (no event). */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  /* Ben: income 46 + 3 = 49.  Festival on B: Ana 49 + 3 = 52, Ben 49 + 3 = 52,
   * Cleo 48 + 1 = 49.  Ana and Ben both past 50 with exactly $52: a draw. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 1), ==, 49);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\",\"event\":\"festival\"}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "52/1/w 52/1/w 49/3/- draw");
  R->state_free (state);

  /* Several past 50 with different money: the richest wins.  Start 49; Ana's shop 1 grows
   * to 4 doors before she buys it. */
  state = new_state ("{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"B\"},"
                     "{\"name\":\"Cleo\",\"letter\":\"C\"}],\"start_money\":49}");
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":1,\"doors\":2},{\"marks\":1,\"doors\":3},{\"marks\":2,\"doors\":1}]}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\",\"extend\":[{\"shop\":1,\"marks\":1,\"doors\":4}]}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 49 − 4 = 45 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":2}");                 /* Ben 49 − 3 = 46 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");                           /* Cleo 49 */
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ana 45 + 4 = 49 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ben 46 + 3 = 49 */
  /* Festival: Ana 49 + 4 = 53, Ben 49 + 3 = 52, Cleo 49 + 0 = 49 → Ana wins. */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\",\"event\":\"festival\"}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "53/1/w 52/2/- 49/3/- win");
  R->state_free (state);
}

/* Seed 001 says both 「50ドル以上」 and 「50ドルを超え」: "over" is the default, "reach" the
 * option. */
static void
test_goal_rule (void)
{
  g_autofree char *s = NULL;
  gpointer state = two_shops (TWO ",\"start_money\":47}", 47);

  /* "over" (default): Ana 47 − 3 = 44, Ben 47 − 4 = 43 after buying.
   * Ana 44 + 3 = 47. */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\",\"extend\":[{\"shop\":1,\"marks\":2,\"doors\":3}]}");
  apply_ok (state, "{\"type\":\"pass\"}");
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 1), ==, 47);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  /* Ana 47 + 3 = 50: exactly 50 is not over 50. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 0), ==, 50);
  g_assert_cmpstr (phase (state), ==, "draw");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  /* Ben 47 + 4 = 51 > 50: Ben wins, although Ana had 50. */
  apply_ok (state, "{\"type\":\"income\"}");
  s = summary (state);
  g_assert_cmpstr (s, ==, "50/2/- 51/1/w win");
  apply_refused (state, "{\"type\":\"draw\",\"letter\":\"C\"}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"edit_shop\",\"shop\":1,\"doors\":1}", TK_RULES_ERROR_ILLEGAL);
  R->state_free (state);

  /* "reach": the same $50 wins. */
  state = two_shops (TWO ",\"start_money\":47,\"goal_rule\":\"reach\"}", 47);
  apply_ok (state, "{\"type\":\"income\"}");                         /* 44 + 3 = 47 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ben 43 + 4 = 47 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ana 47 + 3 = 50 */
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "50/1/w 47/2/- win");
  R->state_free (state);
}

static void
test_deck_exhaustion (void)
{
  g_autofree char *s = NULL;
  /* One card per letter: 4 cards.  First A (shop 1: 1 circle, 5 doors; shop 2: 1 circle,
   * 2 doors). */
  gpointer state = new_state (TWO ",\"cards_per_letter\":1}");

  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":1,\"doors\":5},{\"marks\":1,\"doors\":2}]}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_refused (state, "{\"type\":\"draw\",\"letter\":\"A\"}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":2}");                 /* Ana 10 − 2 = 8 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ben 10 − 5 = 5 */
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ana 8 + 2 = 10 */
  /* The last card (B, not Ana's letter): when it is placed the game ends; Ana 10 > Ben 5. */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  s = summary (state);
  g_assert_cmpstr (s, ==, "10/1/w 5/2/- win");
  apply_refused (state, "{\"type\":\"buy\",\"shop\":1}", TK_RULES_ERROR_ILLEGAL);
  {
    g_autoptr(JsonObject) score = R->score (state);
    g_assert_cmpstr (json_object_get_string_member (score, "end"), ==, "deck");
    g_assert_nonnull (strstr (json_object_get_string_member (score, "explanation"), "Ana"));
  }
  g_assert_cmpfloat (tk_agora_rules_hit_chance (state, 0), ==, 0);
  R->state_free (state);

  /* The money when the last card is placed counts: Ana 10, Ben 8 (no buy step follows). */
  state = new_state (TWO ",\"cards_per_letter\":1}");
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":1,\"doors\":2},{\"marks\":1,\"doors\":2}]}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 8 */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":2}");                 /* Ben 8 */
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ana 8 + 2 = 10 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\"}");
  apply_ok (state, "{\"type\":\"place\",\"doors\":[{\"shop\":1,\"doors\":0}]}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "10/1/w 8/2/- win");
  R->state_free (state);
}

static void
test_deck_draw (void)
{
  g_autofree char *s = NULL;
  gpointer state = new_state (TWO ",\"cards_per_letter\":1}");

  /* First card B: Ben starts and pays $0 for a closed shop; Ana buys nothing: 10 and 10 when
   * the deck ends, an exact tie is a draw. */
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"B\",\"new_shops\":[{\"marks\":1,\"doors\":0}]}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"A\",\"event\":\"none\"}");   /* not Ben's */
  apply_ok (state, "{\"type\":\"place\"}");
  s = summary (state);
  g_assert_cmpstr (s, ==, "10/1/w 10/1/w draw");
  R->state_free (state);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/agora/festival-winners", test_festival_winners);
  g_test_add_func ("/agora/goal-rule", test_goal_rule);
  g_test_add_func ("/agora/deck-exhaustion", test_deck_exhaustion);
  g_test_add_func ("/agora/deck-draw", test_deck_draw);
  return g_test_run ();
}
