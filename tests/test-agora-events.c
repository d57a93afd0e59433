/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agora-events.c — Agora's events, drawn on a table of four shops: fire (which shops burn,
 * go with the burnt cards or are spared), flood, a tie for the largest shop that leaves both
 * untouched, and the festival's pay-out. */
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
#define shops(state) tk_test_agora_shops (state)
#define event_table() tk_test_agora_event_table ()

static void
test_fire (void)
{
  gpointer state = event_table ();
  g_autofree char *s = NULL;
  g_autofree char *json = NULL;

  /* Ana's turn: income 4 (6 → 10), draws A with fire: shop 1 (3 counters) is the largest;
   * cards 1 and 2 leave the game, so shop 2 (card 1 only) and shop 3 (card 2 only) go too. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 0), ==, 10);
  apply_refused (state, "{\"type\":\"draw\",\"letter\":\"A\"}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"type\":\"draw\",\"letter\":\"A\",\"event\":\"none\"}",
                 TK_RULES_ERROR_INVALID);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"A\",\"event\":\"fire\"}");
  s = shops (state);
  g_assert_cmpstr (s, ==, "4:2:2:5:3");
  json = state_json (state);
  /* 36 − 5 drawn = 31 in the deck; 4 placed, 2 burnt → 2 on the table; 1 drawn. */
  g_assert_nonnull (strstr (json, "\"deck_total\":31"));
  g_assert_nonnull (strstr (json, "\"cards_on_table\":2,\"cards_removed\":2"));
  g_assert_nonnull (strstr (json, "\"drawn\":\"A\""));
  R->state_free (state);
}

/* What the panel says before fire is drawn comes from the engine: the largest shop, and per
 * shop whether it burns, goes with the burnt cards, loses some of them or is spared. */
static void
test_largest_and_fire_fate (void)
{
  gpointer state = event_table ();
  gboolean tie = TRUE;

  /* Shop 1 (Ana, 3 counters, cards 1 and 2) is the largest: shop 2 lies only on card 1 and
   * shop 3 only on card 2, so both go with it; Cleo's shop 4 (card 3) is spared. */
  g_assert_cmpuint (tk_agora_rules_largest_shop (state, &tie), ==, 1);
  g_assert_false (tie);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 1), ==, TK_AGORA_FIRE_BURNS);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 2), ==, TK_AGORA_FIRE_GOES);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 3), ==, TK_AGORA_FIRE_GOES);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 4), ==, TK_AGORA_FIRE_SPARED);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 99), ==, TK_AGORA_FIRE_SPARED);

  /* Ben's shop 3 grows onto card 5 with 4 circles: now it burns, and shop 1 only loses card 2. */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\",\"extend\":[{\"shop\":3,\"marks\":4,\"doors\":4}]}");
  g_assert_cmpuint (tk_agora_rules_largest_shop (state, NULL), ==, 3);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 3), ==, TK_AGORA_FIRE_BURNS);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 1), ==, TK_AGORA_FIRE_LOSES_CARDS);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 2), ==, TK_AGORA_FIRE_SPARED);
  g_assert_cmpint (tk_agora_rules_fire_fate (state, 4), ==, TK_AGORA_FIRE_SPARED);
  R->state_free (state);
}

static void
test_fire_keeps_unconnected_shops (void)
{
  gpointer state = event_table ();
  g_autofree char *s = NULL;

  /* Pass to Ben's turn with a card that makes shop 4 (Cleo) the largest with 4 circles.  The
   * card Ana draws is Cleo's letter: its fire is ignored (shop 1 stays). */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_refused (state, "{\"type\":\"draw\",\"letter\":\"C\",\"event\":\"storm\"}",
                 TK_RULES_ERROR_INVALID);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\",\"event\":\"fire\"}");
  apply_ok (state, "{\"type\":\"place\",\"extend\":[{\"shop\":4,\"marks\":4,\"doors\":5}]}");
  apply_ok (state, "{\"type\":\"pass\"}");
  /* Ben draws B with fire: shop 4 on cards 3 and 5 burns; shops 1–3 stay. */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\",\"event\":\"fire\"}");
  s = shops (state);
  g_assert_cmpstr (s, ==, "1:0:3:4:1,2 2:-:1:2:1 3:1:2:4:2");
  R->state_free (state);
}

static void
test_flood (void)
{
  gpointer state = event_table ();
  g_autofree char *s = NULL;

  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"A\",\"event\":\"flood\"}");
  /* Shop 1 loses its counters (owner gone); its cards stay. */
  s = shops (state);
  g_assert_cmpstr (s, ==, "1:-:3:4:1,2 2:-:1:2:1 3:1:2:4:2 4:2:2:5:3");
  apply_ok (state, "{\"type\":\"place\"}");
  /* Ana may buy it back at its income. */
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* 10 − 4 = 6 */
  g_assert_cmpint (money (state, 0), ==, 6);
  R->state_free (state);
}

static void
test_tie_for_largest (void)
{
  gpointer state = event_table ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  /* Ben's shop 3 grows to 3 circles: shops 1 and 3 tie for the most counters. */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\",\"extend\":[{\"shop\":3,\"marks\":3,\"doors\":4}]}");
  apply_ok (state, "{\"type\":\"pass\"}");
  apply_ok (state, "{\"type\":\"income\"}");
  before = shops (state);
  {
    gboolean tie = FALSE;

    /* no largest: the engine says so, and fire touches nothing */
    g_assert_cmpuint (tk_agora_rules_largest_shop (state, &tie), ==, 0);
    g_assert_true (tie);
    g_assert_cmpint (tk_agora_rules_fire_fate (state, 1), ==, TK_AGORA_FIRE_SPARED);
  }
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\",\"event\":\"fire\"}");
  after = shops (state);
  g_assert_cmpstr (before, ==, after);
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"pass\"}");
  /* Cleo: flood with the same tie does nothing either. */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\",\"event\":\"flood\"}");
  g_free (after);
  after = shops (state);
  g_assert_cmpstr (before, ==, after);
  R->state_free (state);
}

static void
test_festival (void)
{
  gpointer state = event_table ();

  /* Ana's income: 6 + 4 = 10.  Draws A: festival pays Ana 4, Ben 4, Cleo 5:
   * 14, 10, 10.  Nobody past 50: the game goes on. */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"A\",\"event\":\"festival\"}");
  g_assert_cmpint (money (state, 0), ==, 14);
  g_assert_cmpint (money (state, 1), ==, 10);
  g_assert_cmpint (money (state, 2), ==, 10);
  g_assert_cmpstr (phase (state), ==, "place");
  R->state_free (state);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/agora/fire", test_fire);
  g_test_add_func ("/agora/largest-and-fire-fate", test_largest_and_fire_fate);
  g_test_add_func ("/agora/fire-keeps-unconnected-shops", test_fire_keeps_unconnected_shops);
  g_test_add_func ("/agora/flood", test_flood);
  g_test_add_func ("/agora/tie-for-largest", test_tie_for_largest);
  g_test_add_func ("/agora/festival", test_festival);
  return g_test_run ();
}
