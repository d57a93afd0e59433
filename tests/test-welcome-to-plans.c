/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-welcome-to-plans.c — Welcome To...'s city plans and scoring: solo plans, plans that ask
 * for houses, estate plans (basic and advanced), the seed's worked examples, two sheets and
 * three recorded rounds scored by hand, the tie break. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-test-rules.h"
#include "tk-test-welcome-to.h"

static void
test_solo_plans (void)
{
  const char *two_twos = "{\"plans\":["
    "{\"number\":2,\"kind\":\"estates\",\"sizes\":[3,4],\"first\":7,\"later\":3},"
    "{\"number\":2,\"kind\":\"estates\",\"sizes\":[3,6],\"first\":8,\"later\":4},"
    "{\"number\":1,\"kind\":\"estates\",\"sizes\":[1,1,1,1,1,1],\"first\":8,\"later\":4}]}";
  g_autoptr(JsonObject) over = parse (two_twos);
  g_autoptr(GError) error = NULL;
  gpointer state = new_state (1, two_twos);
  TkTestSheet spec = { { "1 2 3 | 4 5 6 7 | . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0,
                     NULL };

  /* the second slot (a n°2 card) is claimed with its own estates */
  import_ok (state, 0, &spec);
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":7}]}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 7);
  R->state_free (state);

  {
    g_autoptr(JsonObject) setup = R->default_setup (2);

    json_object_set_member (setup, "plans", json_node_copy (json_object_get_member (over, "plans")));
    g_assert_null (R->state_new (setup, &error));
    g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
  }
}

#define BIS_PLANS "\"plans\":[" \
  "{\"number\":1,\"kind\":\"street_full\",\"street\":1,\"first\":6,\"later\":3}," \
  "{\"number\":2,\"kind\":\"bis_street\",\"count\":5,\"first\":8,\"later\":3}," \
  "{\"number\":3,\"kind\":\"estates\",\"sizes\":[2],\"first\":7,\"later\":3}]"

/* Seed 003: 「家や団地は計画の達成に使用した場合、それらを別の計画の達成のために使用することが
 * できません…ただしプールは例外で、計画の達成に使用しても別の計画達成のために再度使用すること
 * ができます」 — the bis houses a bis plan counts are used up like any plan's houses
 * ("plan_houses": "seed", the default); "reference" keeps them free. */
static void
test_plan_houses (void)
{
  TkTestSheet spec = {
    { "1 1b< | 2 2b< 3 3b< 4 4b< 5 5b<", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL
  };
  const char *bis_plan = "{\"type\":\"claim\",\"seat\":0,\"plan\":2}";
  const char *full_street = "{\"type\":\"claim\",\"seat\":0,\"plan\":1}";
  const char *estate = "{\"type\":\"claim\",\"seat\":0,\"plan\":3,\"estates\":["
                       "{\"street\":1,\"from\":1,\"to\":2}]}";
  gpointer state;

  {
    g_autoptr(JsonObject) setup = R->default_setup (1);
    g_assert_cmpstr (json_object_get_string_member (setup, "plan_houses"), ==, "seed");
  }
  /* seed: the bis plan takes street 1's five bis houses; then neither "every house of street
   * 1" nor the estate 1 1b may use them */
  state = new_state (1, "{\"solo\":false,\"variant\":\"intermediate\"," BIS_PLANS "}");
  import_ok (state, 0, &spec);
  apply_ok (state, bis_plan);
  apply_refused (state, full_street, ILLEGAL);
  apply_refused (state, estate, ILLEGAL);
  g_assert_cmpint (points (state, 0, "plans"), ==, 8);
  /* the sheet carries the houses the plan used; read back, it still holds them */
  {
    g_autoptr(JsonObject) json = R->to_json (state);
    g_autofree char *text = tk_rules_json_to_string (json);

    g_assert_nonnull (strstr (text, "\"bis_street\":1,\"bis_houses\":[2,4,6,8,10]"));
  }
  /* exported and imported on another device the claim keeps its houses: the full street is
   * still refused there */
  {
    g_autoptr(JsonObject) document = tk_welcome_to_export_sheet (state, 0);
    g_autoptr(JsonObject) import = tk_welcome_to_import_action (document, 0);
    g_autoptr(GError) error = NULL;
    gpointer other = new_state (1, "{\"solo\":false,\"variant\":\"intermediate\"," BIS_PLANS "}");

    g_assert_true (R->apply (other, import, &error));
    g_assert_no_error (error);
    apply_refused (other, full_street, ILLEGAL);
    R->state_free (other);
  }
  R->state_free (state);

  /* a claim may name the street whose bis houses it takes (street 1 has four, street 2 five) */
  spec.streets[0] = "1 1b< | 2 2b< 3 3b< 4 4b< 5 6";
  spec.streets[1] = "1 1b< 2 2b< 3 3b< 4 4b< 5 5b< .";
  state = new_state (1, "{\"solo\":false,\"variant\":\"intermediate\"," BIS_PLANS "}");
  import_ok (state, 0, &spec);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":2,\"street\":1}", ILLEGAL);
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":2,\"street\":2}");
  apply_ok (state, full_street);                       /* street 1 stayed free */
  R->state_free (state);
  spec.streets[0] = "1 1b< | 2 2b< 3 3b< 4 4b< 5 5b<";
  spec.streets[1] = EMPTY2;

  /* seed, the other way round: every house of street 1 first, then no bis house is free */
  state = new_state (1, "{\"solo\":false,\"variant\":\"intermediate\"," BIS_PLANS "}");
  import_ok (state, 0, &spec);
  apply_ok (state, full_street);
  apply_refused (state, bis_plan, ILLEGAL);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":3,\"street\":1}", INVALID);
  R->state_free (state);

  /* reference: the bis plan's houses stay free for the others, and the other way round */
  state = new_state (1, "{\"solo\":false,\"variant\":\"intermediate\","
                        "\"plan_houses\":\"reference\"," BIS_PLANS "}");
  import_ok (state, 0, &spec);
  apply_ok (state, bis_plan);
  apply_ok (state, full_street);
  g_assert_cmpint (points (state, 0, "plans"), ==, 8 + 6);
  R->state_free (state);

  /* a setup from before the option (no member) keeps the reading it was played with */
  state = new_state (1, "{\"solo\":false,\"variant\":\"intermediate\"," BIS_PLANS "}");
  R->state_free (state);
  {
    g_autoptr(JsonObject) setup = R->default_setup (1);
    g_autoptr(JsonObject) over = parse ("{" BIS_PLANS "}");
    g_autoptr(GError) error = NULL;

    json_object_remove_member (setup, "plan_houses");
    json_object_set_boolean_member (setup, "solo", FALSE);
    json_object_set_string_member (setup, "variant", "intermediate");
    json_object_set_member (setup, "plans", json_node_copy (json_object_get_member (over, "plans")));
    state = R->state_new (setup, &error);
    g_assert_no_error (error);
    import_ok (state, 0, &spec);
    apply_ok (state, bis_plan);
    apply_ok (state, full_street);
    R->state_free (state);
  }
}

/* "bis_fence": "never" — no fence between a bis and its original, not even a later one. */
/* ---- city plans ---- */

static void
test_plans (void)
{
  gpointer state = new_state (3, "{" PLANS_345 "}");
  /* three estates of 3, one of 4 and one of 5, with free boxes left in street 3 */
  TkTestSheet a = {
    { "1 2 3 | 4 5 6 | 7 8 9 10",
      "1 2 3 | 4 5 6 7 | 8 9 10 11",
      "1 2 3 4 5 | 6 7 8 9 . . ." },
    { 0, 0, 0 }, 0, { 0 }, 0, NULL
  };
#define CLAIM1 "{\"type\":\"claim\",\"seat\":%u,\"plan\":1,\"estates\":[" \
               "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6}," \
               "{\"street\":2,\"from\":1,\"to\":3}]}"
  g_autofree char *c0 = g_strdup_printf (CLAIM1, 0);
  g_autofree char *c1 = g_strdup_printf (CLAIM1, 1);
  g_autofree char *c2 = g_strdup_printf (CLAIM1, 2);

  import_ok (state, 0, &a);
  import_ok (state, 1, &a);
  import_ok (state, 2, &a);

  /* round 1: seat 0 claims n°1 (3,3,3) -> 8 */
  apply_ok (state, c0);
  g_assert_cmpint (points (state, 0, "plans"), ==, 8);
  apply_refused (state, c0, ILLEGAL);                     /* claimed twice */
  /* n°2 (4,5): an estate used by n°1, a run that is no estate, one estate short, wrong sizes */
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":2,\"estates\":["
                        "{\"street\":1,\"from\":1,\"to\":3},{\"street\":3,\"from\":1,\"to\":5}]}",
                 ILLEGAL);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":2,\"estates\":["
                        "{\"street\":2,\"from\":4,\"to\":6},{\"street\":3,\"from\":1,\"to\":5}]}",
                 ILLEGAL);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":2,\"estates\":["
                        "{\"street\":2,\"from\":4,\"to\":7}]}", ILLEGAL);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":3,\"estates\":["
                        "{\"street\":2,\"from\":8,\"to\":11},{\"street\":3,\"from\":1,\"to\":5}]}",
                 ILLEGAL);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":4}", INVALID);
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":2,\"estates\":["
                   "{\"street\":2,\"from\":4,\"to\":7},{\"street\":3,\"from\":1,\"to\":5}]}");
  /* 8 + 9 (the seed's example card: first 9, later 5) */
  g_assert_cmpint (points (state, 0, "plans"), ==, 17);
  /* an estate used for a plan can't be split by a fence; seat 1's unused one can */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":10,\"effect\":\"surveyor\","
                        "\"street\":3,\"house\":10,\"number\":10,"
                        "\"fence\":{\"street\":3,\"after\":2}}", ILLEGAL);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":10,\"effect\":\"surveyor\","
                   "\"street\":3,\"house\":10,\"number\":10}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card_number\":10,\"effect\":\"surveyor\","
                   "\"street\":3,\"house\":10,\"number\":10,\"fence\":{\"street\":3,\"after\":2}}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":2,\"card_number\":10,\"effect\":\"surveyor\","
                   "\"street\":3,\"house\":10,\"number\":10}");
  /* everyone played round 1; a claim now still belongs to round 1: first value */
  apply_ok (state, c1);
  g_assert_cmpint (points (state, 1, "plans"), ==, 8);
  /* seat 1's 4 + 5 is gone (its 5 was split into 2 + 3) */
  apply_refused (state, "{\"type\":\"claim\",\"seat\":1,\"plan\":2,\"estates\":["
                        "{\"street\":2,\"from\":4,\"to\":7},{\"street\":3,\"from\":1,\"to\":5}]}",
                 ILLEGAL);
  /* round 2 starts with the next turn; seat 2's claims are later: 4 and 5 */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":11,\"effect\":\"pool\","
                   "\"street\":3,\"house\":11,\"number\":11}");
  apply_ok (state, c2);
  apply_ok (state, "{\"type\":\"claim\",\"seat\":2,\"plan\":2,\"estates\":["
                   "{\"street\":3,\"from\":1,\"to\":5},{\"street\":2,\"from\":4,\"to\":7}]}");
  g_assert_cmpint (points (state, 2, "plans"), ==, 4 + 5);
  g_assert_cmpint (points (state, 0, "plans"), ==, 8 + 9);
  R->state_free (state);
}

/* advanced plans: the condition is checked, houses of street plans are used up */
static void
test_advanced_plans (void)
{
  gpointer state = new_state (2, "{\"variant\":\"intermediate\",\"plans\":["
                              "{\"number\":1,\"kind\":\"street_full\",\"street\":1,\"first\":6,\"later\":3},"
                              "{\"number\":2,\"kind\":\"parks_pools_street\",\"street\":2,\"first\":8,\"later\":3},"
                              "{\"number\":3,\"kind\":\"estates\",\"sizes\":[3,4],\"first\":7,\"later\":3}]}");
  TkTestSheet a = {
    { "1 2 3 | 4 5 6 7 | 8 9 .", "1p 2 3 4p 5 6 7 8p . . .", EMPTY3 },
    { 0, 4, 0 }, 0, { 0 }, 0, NULL
  };

  import_ok (state, 0, &a);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1}", ILLEGAL);
  /* n°2: every park (4) and every pool (1, 4, 8) of street 2 */
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":2}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":10,\"effect\":\"pool\","
                   "\"street\":1,\"house\":10,\"number\":10}");
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1}");
  /* street 1's houses now belong to n°1: its estates 3 and 4 can't serve n°3 */
  apply_refused (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":3,\"estates\":["
                        "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":7}]}",
                 ILLEGAL);
  g_assert_cmpint (points (state, 0, "plans"), ==, 6 + 8);
  /* a pool-less street 2 on seat 1 */
  a.streets[1] = "1p 2 3 4 5 6 7 8p . . .";
  import_ok (state, 1, &a);
  apply_refused (state, "{\"type\":\"claim\",\"seat\":1,\"plan\":2}", ILLEGAL);
  R->state_free (state);
}

/* ---- the seed's worked examples ---- */

static void
test_seed_examples (void)
{
  gpointer state = new_state (1, ALONE);
  g_autofree char *before = NULL, *after = NULL;

  /* surveyor: street 1 holds the 3-house estate 2, 3, 6; the player writes 5 in street 2,
   * house 3 and puts a fence between houses 1 and 2 of street 1: estates of 1 and 2 */
  {
    TkTestSheet spec = { { "2 3 6 | . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0,
                       NULL };
    import_ok (state, 0, &spec);
  }
  before = estates_by_size (state, 0);
  g_assert_cmpstr (before, ==, "0,0,1,0,0,0");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"surveyor\","
                   "\"street\":2,\"house\":3,\"number\":5,\"fence\":{\"street\":1,\"after\":1}}");
  after = estates_by_size (state, 0);
  g_assert_cmpstr (after, ==, "1,1,0,0,0,0");
  /* real estate: crossing column 2 makes a 2-house estate worth 3 instead of 2: 1 + 2 -> 1 + 3 */
  g_assert_cmpint (points (state, 0, "estates"), ==, 3);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":6,\"effect\":\"real_estate\","
                   "\"street\":2,\"house\":4,\"number\":6,\"column\":2}");
  g_assert_cmpint (points (state, 0, "estates"), ==, 4);
  /* landscaper: 10 in street 1, fourth house from the right (house 7): one park, 2 points */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":10,\"effect\":\"landscaper\","
                   "\"street\":1,\"house\":7,\"number\":10,\"park\":true}");
  g_assert_cmpint (points (state, 0, "parks"), ==, 2);
  /* pool: 4 on a pool spot (street 2, house 1... holds nothing yet; spot 1) -> 3 points */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":4,\"effect\":\"pool\","
                   "\"street\":2,\"house\":1,\"number\":4,\"pool\":true}");
  g_assert_cmpint (points (state, 0, "pools"), ==, 3);
  /* temp: card 8 written as 7; then card 8 kept as 8 still crosses a temp */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"temp\","
                   "\"street\":3,\"house\":5,\"number\":7}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"temp\","
                   "\"street\":3,\"house\":6,\"number\":8}");
  {
    g_autoptr(JsonObject) score = R->score (state);
    JsonObject *p = json_array_get_object_element (json_object_get_array_member (score,
                                                                                   "players"), 0);
    g_assert_cmpint (json_object_get_int_member (p, "temps"), ==, 2);
  }
  /* bis: write 5, then copy an existing 3 beside it as "3b": street 3 holds . . . . 7 8;
   * write 3 at house 2, then 5 at house 3 with a bis copying 3 into house 1 */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"pool\","
                   "\"street\":3,\"house\":2,\"number\":3,\"pool\":true}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"bis\","
                   "\"street\":3,\"house\":3,\"number\":5,"
                   "\"bis\":{\"street\":3,\"house\":1,\"from\":2}}");
  g_assert_cmpint (points (state, 0, "bis"), ==, -1);
  R->state_free (state);

  /* the seed's score example: plans 13, parks 8, pools 13, temps 0, estates 14, bis −3,
   * refusals 0.  The seed prints the total as 50, but its categories add up to
   * 13 + 8 + 13 + 0 + 14 − 3 − 0 = 45; the engine adds the categories (the printed 50 must
   * come from a picture the text does not reproduce). */
  state = new_state (1, "{\"solo\":false,\"plans\":["
                     "{\"number\":1,\"kind\":\"estates\",\"sizes\":[6,6],\"first\":10,\"later\":6},"
                     "{\"number\":2,\"kind\":\"estates\",\"sizes\":[3,6],\"first\":8,\"later\":4},"
                     "{\"number\":3,\"kind\":\"estates\",\"sizes\":[1,4,5],\"first\":13,\"later\":7}]}");
  {
    /* estates 1 | 2 3 4 5 | 6 7 8 9 10 in street 1: 1 + 6 (size 4, two crosses) + 7 (size 5,
     * two crosses) = 14; pools: 3p 7p 8p + street 2's 1p = 4 -> 13; parks 2 + 2 in streets 1
     * and 2 -> 4 + 4 = 8; bis: two -> 3 */
    TkTestSheet spec = {
      { "1 | 2 3p 4 5 | 6 7p 8p 9 10", "1p . . . . . . . . . .",
        "1 1b< 2 2b< . . . . . . . ." },
      { 2, 2, 0 }, 0, { 0, 0, 0, 2, 2, 0 }, 0,
      "[null,null,{\"round\":1,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},"
      "{\"street\":1,\"from\":2,\"to\":5},{\"street\":1,\"from\":6,\"to\":10}]}]"
    };
    import_ok (state, 0, &spec);
  }
  g_assert_cmpint (points (state, 0, "plans"), ==, 13);
  g_assert_cmpint (points (state, 0, "parks"), ==, 8);
  g_assert_cmpint (points (state, 0, "pools"), ==, 13);
  g_assert_cmpint (points (state, 0, "temps"), ==, 0);
  g_assert_cmpint (points (state, 0, "estates"), ==, 14);
  g_assert_cmpint (points (state, 0, "bis"), ==, -3);
  g_assert_cmpint (points (state, 0, "refusals"), ==, 0);
  g_assert_cmpint (points (state, 0, "total"), ==, 45);
  R->state_free (state);
}

/* ---- two complete sheets scored by hand ---- */

static TkTestSheet sheet_a = {
  /* street 1: [1] [2] [3p 4] [5 6 7p 8 9 10]: estates of 1, 1, 2, 6; pools at 3 and 7
   * street 2: [0p 1 2] [3 .] [6 7 7b] [9 10 11]: estates of 3, 3, 3 (the bis counts as a
   *           house; the 7b on pool spot 8 has no pool); pool at 1
   * street 3: [. 1p] [2 3 4 5 6p 8 9] [10 11p 12]: a hole, 7 houses (no estate), one of 3;
   *           pools at 2, 7, 11 */
  { "1 | 2 | 3p 4 | 5 6 7p 8 9 10",
    "0p 1 2 | 3 . | 6 7 7b< | 9 10 11",
    ". 1p | 2 3 4 5 6p 8 9 | 10 11p 12" },
  { 3, 2, 0 }, 4, { 1, 1, 0, 0, 0, 2 }, 1,
  "[null,null,{\"round\":2,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},"
  "{\"street\":1,\"from\":3,\"to\":4},{\"street\":1,\"from\":5,\"to\":10}]}]"
};

static TkTestSheet sheet_b = {
  /* street 1: six estates of 1, then four empty boxes; street 2: one estate of 6 */
  { "1 | 2 | 3 | 4 | 5 | 6 | . . . .", "3 4 5 6 7 8 | 9 10 . . .", EMPTY3 },
  { 1, 0, 0 }, 2, { 1, 0, 0, 0, 0, 1 }, 2,
  "[{\"round\":3,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},{\"street\":1,\"from\":2,\"to\":2},"
  "{\"street\":1,\"from\":3,\"to\":3},{\"street\":1,\"from\":4,\"to\":4},"
  "{\"street\":1,\"from\":5,\"to\":5},{\"street\":1,\"from\":6,\"to\":6}]},null,null]"
};

static void
test_two_sheets (void)
{
  /* default plans: n°1 1,1,1,1,1,1 (8/4), n°2 1,1,1,6 (11/6), n°3 1,2,6 (12/7) */
  gpointer state = new_state (2, NULL);
  g_autofree char *a_sizes = NULL, *b_sizes = NULL;

  import_ok (state, 0, &sheet_a);
  import_ok (state, 1, &sheet_b);
  a_sizes = estates_by_size (state, 0);
  b_sizes = estates_by_size (state, 1);
  g_assert_cmpstr (a_sizes, ==, "2,1,4,0,0,1");
  g_assert_cmpstr (b_sizes, ==, "6,0,0,0,0,1");

  /* A: plans: n°3 alone and first: 12 */
  g_assert_cmpint (points (state, 0, "plans"), ==, 12);
  /* parks: street 1 full (3 boxes) 10, street 2 two boxes 4, street 3 none 0 = 14 */
  g_assert_cmpint (points (state, 0, "parks"), ==, 14);
  /* pools: 2 + 1 + 3 = 6 -> 21 */
  g_assert_cmpint (points (state, 0, "pools"), ==, 21);
  /* temps 4 against 2: first, 7 */
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  /* estates: 2 × 3 (size 1, one cross) + 1 × 3 (size 2, one cross) + 4 × 3 (size 3, none)
   * + 1 × 8 (size 6, two crosses) = 6 + 3 + 12 + 8 = 29 */
  g_assert_cmpint (points (state, 0, "estates"), ==, 29);
  /* one bis: −1; one refusal: 0; no roundabout */
  g_assert_cmpint (points (state, 0, "bis"), ==, -1);
  g_assert_cmpint (points (state, 0, "refusals"), ==, 0);
  g_assert_cmpint (points (state, 0, "roundabouts"), ==, 0);
  /* 12 + 14 + 21 + 7 + 29 − 1 = 82 */
  g_assert_cmpint (points (state, 0, "total"), ==, 82);

  /* B: n°1 alone and first: 8; parks 2; pools 0; temps second: 4;
   * estates 6 × 3 (size 1, one cross) + 1 × 7 (size 6, one cross) = 25; refusals 2: −3 */
  g_assert_cmpint (points (state, 1, "plans"), ==, 8);
  g_assert_cmpint (points (state, 1, "parks"), ==, 2);
  g_assert_cmpint (points (state, 1, "pools"), ==, 0);
  g_assert_cmpint (points (state, 1, "temps"), ==, 4);
  g_assert_cmpint (points (state, 1, "estates"), ==, 25);
  g_assert_cmpint (points (state, 1, "bis"), ==, 0);
  g_assert_cmpint (points (state, 1, "refusals"), ==, -3);
  /* 8 + 2 + 0 + 4 + 25 + 0 − 3 = 36 */
  g_assert_cmpint (points (state, 1, "total"), ==, 36);
  g_assert_cmpint (points (state, 0, "rank"), ==, 1);
  g_assert_cmpint (points (state, 1, "rank"), ==, 2);

  /* a later claim of n°3 by B would be worth 7: give B the estates of 1, 2 and 6 in round 5 */
  R->state_free (state);
}

static void
test_tie_break (void)
{
  gpointer state = new_state (3, NULL);
  /* X: two estates of 1 (1 + 1 = 2); Y: one estate of 2 (2); Z as X */
  TkTestSheet x = { { "1 | 2 | . . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };
  TkTestSheet y = { { "1 2 | . . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };

  import_ok (state, 0, &x);
  import_ok (state, 1, &y);
  import_ok (state, 2, &x);
  g_assert_cmpint (points (state, 0, "total"), ==, 2);
  g_assert_cmpint (points (state, 1, "total"), ==, 2);
  /* equal totals: more estates first; X and Z share rank 1 */
  g_assert_cmpint (points (state, 0, "rank"), ==, 1);
  g_assert_cmpint (points (state, 2, "rank"), ==, 1);
  g_assert_cmpint (points (state, 1, "rank"), ==, 3);
  /* same total and count of estates: more estates of 1 wins */
  {
    TkTestSheet x3 = { { "1 2 3 4 | 5 | 6 | . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };
    /* x3: 4 + 1 + 1 = 6, three estates, two of 1; y3: 2 + 2 + 2 = 6, three estates, none of 1 */
    TkTestSheet y3 = { { "1 2 | 3 4 | 5 6 | . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };

    import_ok (state, 0, &x3);
    import_ok (state, 1, &y3);
    import_ok (state, 2, &y3);
    g_assert_cmpint (points (state, 0, "total"), ==, 6);
    g_assert_cmpint (points (state, 1, "total"), ==, 6);
    g_assert_cmpint (points (state, 0, "rank"), ==, 1);
    g_assert_cmpint (points (state, 1, "rank"), ==, 2);
    g_assert_cmpint (points (state, 2, "rank"), ==, 2);
  }
  R->state_free (state);
}

/* ---- three recorded rounds, scored by hand ---- */

static void
test_rounds (void)
{
  gpointer state = new_state (2, NULL);
  g_autoptr(JsonObject) score = NULL;

  apply_ok (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":5,\"effect\":\"surveyor\"},"
                   "{\"number\":3,\"effect\":\"pool\"},{\"number\":10,\"effect\":\"landscaper\"}]}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card\":1,\"street\":1,\"house\":3,"
                   "\"number\":3,\"pool\":true}");
  /* the pair's number is 5: writing 3 with it is refused */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":1,\"card\":0,\"street\":2,\"house\":5,"
                        "\"number\":3}", ILLEGAL);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card\":0,\"street\":2,\"house\":5,"
                   "\"number\":5,\"fence\":{\"street\":2,\"after\":5}}");
  apply_ok (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":8,\"effect\":\"temp\"},"
                   "{\"number\":2,\"effect\":\"real_estate\"},{\"number\":11,\"effect\":\"bis\"}]}");
  /* the cards can't change once someone played the round */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card\":0,\"street\":1,\"house\":4,"
                   "\"number\":6}");
  apply_refused (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":8,\"effect\":\"temp\"},"
                        "{\"number\":2,\"effect\":\"real_estate\"},{\"number\":11,\"effect\":\"bis\"}]}",
                 ILLEGAL);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card\":2,\"street\":2,\"house\":9,"
                   "\"number\":11,\"bis\":{\"street\":2,\"house\":4,\"from\":5}}");
  apply_ok (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":4,\"effect\":\"real_estate\"},"
                   "{\"number\":7,\"effect\":\"landscaper\"},{\"number\":1,\"effect\":\"surveyor\"}]}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card\":1,\"street\":1,\"house\":5,"
                   "\"number\":7,\"park\":true}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card\":0,\"street\":2,\"house\":3,"
                   "\"number\":4,\"column\":2}");
  score = R->score (state);
  g_assert_cmpint (json_object_get_int_member (score, "round"), ==, 3);
  g_assert_false (json_object_get_boolean_member (score, "ended"));
  /* seat 0: street 1 ". . 3p 6 7 . . . . .": no estate; pool 3; one temp against none: 7;
   * one park in street 1: 2; 3 + 7 + 2 = 12 */
  g_assert_cmpint (points (state, 0, "pools"), ==, 3);
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  g_assert_cmpint (points (state, 0, "parks"), ==, 2);
  g_assert_cmpint (points (state, 0, "total"), ==, 12);
  /* seat 1: street 2 ". . 4 5b 5 | . . . 11 . .": no estate; one bis: −1 */
  g_assert_cmpint (points (state, 1, "bis"), ==, -1);
  g_assert_cmpint (points (state, 1, "estates"), ==, 0);
  g_assert_cmpint (points (state, 1, "total"), ==, -1);
  /* the ledger line of a turn */
  {
    g_autoptr(JsonObject) action = parse ("{\"type\":\"turn\",\"seat\":1,\"card\":0,"
                                          "\"street\":2,\"house\":3,\"number\":4}");
    g_autofree char *line = R->describe_action (state, action);
    g_assert_cmpstr (line, ==, "Player 2 writes 4 in street 2, house 3");
  }
  {
    /* round 3 is played: the next cards are round 4's */
    g_autoptr(JsonObject) action = parse ("{\"type\":\"reveal\",\"cards\":[]}");
    g_autofree char *line = R->describe_action (state, action);
    g_assert_cmpstr (line, ==, "Cards for round 4");
  }
  R->state_free (state);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/welcome-to/solo-plans", test_solo_plans);
  g_test_add_func ("/welcome-to/plan-houses", test_plan_houses);
  g_test_add_func ("/welcome-to/plans", test_plans);
  g_test_add_func ("/welcome-to/advanced-plans", test_advanced_plans);
  g_test_add_func ("/welcome-to/seed-examples", test_seed_examples);
  g_test_add_func ("/welcome-to/two-sheets", test_two_sheets);
  g_test_add_func ("/welcome-to/tie-break", test_tie_break);
  g_test_add_func ("/welcome-to/rounds", test_rounds);
  return g_test_run ();
}
