/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-welcome-to.c — Welcome To...'s sheet: the setup, every refusal of issue 7 when writing,
 * the permit refusal, the score tracks at their ends, temp ranking, the bis and fences,
 * estates and roundabouts.  (City plans and scoring: test-welcome-to-plans.c; solo, the end,
 * the draft, exchange and session files: test-welcome-to-games.c; random legal games:
 * test-welcome-to-random.c.) */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-test-rules.h"
#include "tk-test-welcome-to.h"

/* ---- setup ---- */

static void
test_setup (void)
{
  g_autoptr(JsonObject) setup = R->default_setup (1);
  g_autoptr(GError) error = NULL;
  gpointer state;
  static const char *const bad[] = {
    /* an advanced plan without the intermediate rules */
    "{\"plans\":[{\"number\":1,\"kind\":\"temps\",\"count\":7,\"first\":6,\"later\":3},"
    "{\"number\":2,\"kind\":\"estates\",\"sizes\":[3,6],\"first\":8,\"later\":4},"
    "{\"number\":3,\"kind\":\"estates\",\"sizes\":[3,4],\"first\":7,\"later\":3}]}",
    /* plans out of n° order */
    "{\"plans\":[{\"number\":2,\"kind\":\"estates\",\"sizes\":[3,6],\"first\":8,\"later\":4},"
    "{\"number\":1,\"kind\":\"estates\",\"sizes\":[6,6],\"first\":10,\"later\":6},"
    "{\"number\":3,\"kind\":\"estates\",\"sizes\":[3,4],\"first\":7,\"later\":3}]}",
    "{\"solo\":true}",
    "{\"draft\":true}",
    "{\"variant\":\"expert\"}",
    "{\"tables\":{\"streets\":[]}}",
  };

  /* one player: solo by default */
  g_assert_true (json_object_get_boolean_member (setup, "solo"));
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  R->state_free (state);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonObject) two = R->default_setup (i == 3 ? 1 : 2);
      g_autoptr(JsonObject) over = parse (bad[i]);
      g_autoptr(GList) members = json_object_get_members (over);
      g_autoptr(GError) err = NULL;

      if (i == 3)
        json_object_set_boolean_member (two, "solo", FALSE);
      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (two, l->data,
                                json_node_copy (json_object_get_member (over, l->data)));
      g_assert_null (R->state_new (two, &err));
      g_assert_error (err, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
    }

  /* the plan table: 18 basic + 10 advanced, one entry checked */
  {
    g_autoptr(JsonArray) table = tk_welcome_to_plan_table ();
    JsonObject *p = json_array_get_object_element (table, 10);

    g_assert_cmpuint (json_array_get_length (table), ==, 28);
    g_assert_cmpint (json_object_get_int_member (p, "number"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (p, "first"), ==, 9);   /* 4,5: 9/5 */
    g_assert_cmpint (json_object_get_int_member (p, "later"), ==, 5);
  }
}

static void
test_write_refusals (void)
{
  gpointer state = new_state (1, ALONE);

  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"surveyor\","
                   "\"street\":1,\"house\":5,\"number\":5}");
  /* the box is not empty */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":9,\"effect\":\"surveyor\","
                        "\"street\":1,\"house\":5,\"number\":9}", ILLEGAL);
  /* ascending: 3 right of 5, 7 left of 5, 5 beside 5 */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"surveyor\","
                        "\"street\":1,\"house\":6,\"number\":3}", ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":7,\"effect\":\"surveyor\","
                        "\"street\":1,\"house\":4,\"number\":7}", ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"surveyor\","
                        "\"street\":1,\"house\":10,\"number\":5}", ILLEGAL);
  /* a gap and a far house are fine */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":9,\"effect\":\"surveyor\","
                   "\"street\":1,\"house\":10,\"number\":9}");
  /* the number differs from the card without the temp agency */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"pool\","
                        "\"street\":2,\"house\":3,\"number\":7}", ILLEGAL);
  /* temp: 8 gives 6..10, not 11; not below 0, not above 17 */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"temp\","
                        "\"street\":2,\"house\":3,\"number\":11}", ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":1,\"effect\":\"temp\","
                        "\"street\":2,\"house\":1,\"number\":-1}", ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":15,\"effect\":\"temp\","
                        "\"street\":2,\"house\":11,\"number\":18}", ILLEGAL);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":15,\"effect\":\"temp\","
                   "\"street\":2,\"house\":11,\"number\":17}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":1,\"effect\":\"temp\","
                   "\"street\":2,\"house\":1,\"number\":0}");
  /* card numbers are 1..15 */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":16,\"effect\":\"pool\","
                        "\"street\":3,\"house\":12,\"number\":16}", ILLEGAL);
  /* an effect member that is not the card's effect */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":2,\"effect\":\"pool\","
                        "\"street\":3,\"house\":1,\"number\":2,\"park\":true}", ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":2,\"effect\":\"landscaper\","
                        "\"street\":3,\"house\":1,\"number\":2,\"column\":1}", ILLEGAL);
  /* pool only on a pool spot of the house written this turn (street 3 spots: 2, 7, 11) */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":2,\"effect\":\"pool\","
                        "\"street\":3,\"house\":1,\"number\":2,\"pool\":true}", ILLEGAL);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":2,\"effect\":\"pool\","
                   "\"street\":3,\"house\":2,\"number\":2,\"pool\":true}");
  g_assert_cmpint (points (state, 0, "pools"), ==, 3);
  /* a pool spot written with another effect stays without its pool */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":7,\"effect\":\"landscaper\","
                   "\"street\":3,\"house\":7,\"number\":7,\"park\":true}");
  g_assert_cmpint (points (state, 0, "pools"), ==, 3);
  /* parks go on the street written this turn: three parks fill street 1 (0,2,4,10) */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":1,\"effect\":\"landscaper\","
                   "\"street\":1,\"house\":1,\"number\":1,\"park\":true}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":2,\"effect\":\"landscaper\","
                   "\"street\":1,\"house\":2,\"number\":2,\"park\":true}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"landscaper\","
                   "\"street\":1,\"house\":3,\"number\":3,\"park\":true}");
  /* parks: street 1 full = 10, street 3 one park = 2 */
  g_assert_cmpint (points (state, 0, "parks"), ==, 12);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":4,\"effect\":\"landscaper\","
                        "\"street\":1,\"house\":4,\"number\":4,\"park\":true}", ILLEGAL);
  /* without the park the write is fine */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":4,\"effect\":\"landscaper\","
                   "\"street\":1,\"house\":4,\"number\":4}");
  /* real estate: column 1 has one box */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"real_estate\","
                   "\"street\":3,\"house\":3,\"number\":3,\"column\":1}");
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":4,\"effect\":\"real_estate\","
                        "\"street\":3,\"house\":4,\"number\":4,\"column\":1}", ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":4,\"effect\":\"real_estate\","
                        "\"street\":3,\"house\":4,\"number\":4,\"column\":7}", ILLEGAL);
  /* surveyor: fence after house 4 of street 1 (between 4 and 5) */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"surveyor\","
                   "\"street\":3,\"house\":5,\"number\":5,\"fence\":{\"street\":1,\"after\":4}}");
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":6,\"effect\":\"surveyor\","
                        "\"street\":3,\"house\":6,\"number\":6,\"fence\":{\"street\":1,\"after\":4}}",
                 ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":6,\"effect\":\"surveyor\","
                        "\"street\":3,\"house\":6,\"number\":6,\"fence\":{\"street\":1,\"after\":10}}",
                 ILLEGAL);
  /* bis: street 1 is 1 2 3 4 | 5 . . . . 9; copy 5 into house 6 */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":6,\"effect\":\"bis\","
                        "\"street\":3,\"house\":6,\"number\":6,"
                        "\"bis\":{\"street\":1,\"house\":7,\"from\":5}}", ILLEGAL);  /* not adjacent */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":6,\"effect\":\"bis\","
                        "\"street\":3,\"house\":6,\"number\":6,"
                        "\"bis\":{\"street\":1,\"house\":4,\"from\":5}}", ILLEGAL);  /* not empty */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":6,\"effect\":\"bis\","
                        "\"street\":3,\"house\":6,\"number\":6,"
                        "\"bis\":{\"street\":1,\"house\":7,\"from\":8}}", ILLEGAL);  /* nothing to copy */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":6,\"effect\":\"bis\","
                   "\"street\":3,\"house\":6,\"number\":6,"
                   "\"bis\":{\"street\":1,\"house\":6,\"from\":5}}");
  /* a bis ignores ordering only for itself: the next number right of 5b must exceed 5 */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"pool\","
                        "\"street\":1,\"house\":7,\"number\":5}", ILLEGAL);
  /* Seed 003: 「このアクションで番地を新たに書く区画とコピー元の区画との間に柵があってはなりません」
   * forbids writing a bis across a fence already there (below); a fence drawn later between 5
   * and 5b is allowed by default (test_bis_fence_option has the stricter reading). */
  {
    gpointer copy = R->state_copy (state);

    apply_ok (copy, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"surveyor\","
                    "\"street\":3,\"house\":8,\"number\":8,\"fence\":{\"street\":1,\"after\":5}}");
    R->state_free (copy);
  }
  /* a bis across a fence: street 1 house 4 (4) | house 5; copy 4 rightwards is blocked since
   * house 5 is built; use street 2: 0 . . . 17 with a fence after house 1 */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"surveyor\","
                   "\"street\":3,\"house\":8,\"number\":8,\"fence\":{\"street\":2,\"after\":1}}");
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":9,\"effect\":\"bis\","
                        "\"street\":3,\"house\":9,\"number\":9,"
                        "\"bis\":{\"street\":2,\"house\":2,\"from\":1}}", ILLEGAL);
  /* roundabouts are not in the basic rules */
  apply_refused (state, "{\"type\":\"roundabout\",\"seat\":0,\"street\":2,\"house\":5}", ILLEGAL);
  /* unknown action, missing members */
  apply_refused (state, "{\"type\":\"shuffle\"}", INVALID);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":9,\"effect\":\"bis\"}",
                 INVALID);
  R->state_free (state);
}

static void
test_permit_refusal (void)
{
  gpointer state = new_state (2, NULL);

  /* nothing written: every number fits, no refusal */
  apply_refused (state, "{\"type\":\"refuse\",\"seat\":0,\"cards\":[{\"number\":1,\"effect\":"
                        "\"pool\"},{\"number\":2,\"effect\":\"bis\"},{\"number\":3,\"effect\":"
                        "\"temp\"}]}", ILLEGAL);
  /* fill seat 0's sheet so that only numbers above 15 fit: each street ends with its house
   * numbers and the free boxes sit left of 0 */
  {
    TkTestSheet spec = {
      { ". 1 2 3 4 5 6 7 8 9", ". 6 7 8 9 10 11 12 13 14 15", ". 5 6 7 8 9 10 11 12 13 14 15" },
      { 0, 0, 0 }, 0, { 0 }, 0, NULL
    };
    /* free boxes: street 1 house 1 (< 1: only 0), street 2 house 1 (< 6: 0..5),
     * street 3 house 1 (< 5: 0..4) */
    import_ok (state, 0, &spec);
  }
  /* 7, 9 and 12 do not fit anywhere; no temp in the three */
  apply_refused (state, "{\"type\":\"refuse\",\"seat\":0,\"cards\":[{\"number\":7,\"effect\":"
                        "\"pool\"},{\"number\":5,\"effect\":\"bis\"},{\"number\":12,\"effect\":"
                        "\"park\"}]}", INVALID);  /* "park" is not an effect name */
  /* 5 fits street 2 house 1 */
  apply_refused (state, "{\"type\":\"refuse\",\"seat\":0,\"cards\":[{\"number\":7,\"effect\":"
                        "\"pool\"},{\"number\":5,\"effect\":\"bis\"},{\"number\":12,\"effect\":"
                        "\"landscaper\"}]}", ILLEGAL);
  /* 7 with a temp gives 5 which fits */
  apply_refused (state, "{\"type\":\"refuse\",\"seat\":0,\"cards\":[{\"number\":7,\"effect\":"
                        "\"temp\"},{\"number\":9,\"effect\":\"bis\"},{\"number\":12,\"effect\":"
                        "\"landscaper\"}]}", ILLEGAL);
  apply_ok (state, "{\"type\":\"refuse\",\"seat\":0,\"cards\":[{\"number\":7,\"effect\":"
                   "\"pool\"},{\"number\":9,\"effect\":\"temp\"},{\"number\":12,\"effect\":"
                   "\"landscaper\"}]}");
  /* seat 0 has played this round */
  apply_refused (state, "{\"type\":\"refuse\",\"seat\":0,\"cards\":[{\"number\":7,\"effect\":"
                        "\"pool\"},{\"number\":9,\"effect\":\"temp\"},{\"number\":12,\"effect\":"
                        "\"landscaper\"}]}", ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"pool\","
                        "\"street\":2,\"house\":1,\"number\":3}", ILLEGAL);
  /* one refusal costs 0 (track 0, 0, 3, 5) */
  g_assert_cmpint (points (state, 0, "refusals"), ==, 0);
  R->state_free (state);
}

/* ---- tracks at their ends ---- */

static void
test_tracks (void)
{
  gpointer state = new_state (1, ALONE_INTERMEDIATE);
  /* everything at its top: parks full (10 + 14 + 18 = 42), nine pools (36), nine bis (28),
   * two roundabouts (8), agents all full, two refusals (3) */
  TkTestSheet full = {
    { "1 2 3p 4 5 6 7p 8p 9 10",
      "1p 1b< 2 3p 3b< 4 5 6p 6b< 7 7b<",
      "1 2p 2b< 3 3b< | R | 4p 5 5b< 6 7p 8" },
    { 3, 4, 5 }, 11, { 1, 2, 3, 4, 4, 4 }, 2, NULL
  };
  TkTestSheet none = { { EMPTY1, EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };

  import_ok (state, 0, &none);
  g_assert_cmpint (points (state, 0, "parks"), ==, 0);
  g_assert_cmpint (points (state, 0, "pools"), ==, 0);
  g_assert_cmpint (points (state, 0, "bis"), ==, 0);
  g_assert_cmpint (points (state, 0, "refusals"), ==, 0);
  g_assert_cmpint (points (state, 0, "roundabouts"), ==, 0);
  g_assert_cmpint (points (state, 0, "estates"), ==, 0);
  g_assert_cmpint (points (state, 0, "total"), ==, 0);

  import_ok (state, 0, &full);
  /* parks 10 + 14 + 18 */
  g_assert_cmpint (points (state, 0, "parks"), ==, 42);
  /* pools: s1 3p 7p 8p, s2 1p 3p 6p, s3 2p 4p 7p = 9 -> 36 */
  g_assert_cmpint (points (state, 0, "pools"), ==, 36);
  /* bis: s2 1b 3b 6b 7b (4), s3 2b 3b 5b (3) = 7 -> 20 */
  g_assert_cmpint (points (state, 0, "bis"), ==, -20);
  g_assert_cmpint (points (state, 0, "refusals"), ==, -3);
  g_assert_cmpint (points (state, 0, "roundabouts"), ==, -3);
  /* temps alone in a non-solo table: the only count > 0 is first: 7 */
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  /* estates: s1 one run of 10 (no estate), s2 one run of 11 (none), s3: [1 2 2b 3 3b] is 5
   * houses -> the top value of column 5: 10; [R] is none; [4 5 5b 6 7 8] is 6 houses -> the
   * top value of column 6: 12; 10 + 12 = 22 */
  g_assert_cmpint (points (state, 0, "estates"), ==, 22);
  /* 0 + 42 + 36 + 7 + 22 − 20 − 3 − 3 = 81 */
  g_assert_cmpint (points (state, 0, "total"), ==, 81);

  /* nine bis and two roundabouts */
  {
    TkTestSheet bis9 = {
      { "1 1b< 2 2b< 3 3b< R 4 4b< 5",
        "1 1b< 2 2b< 3 3b< R 6 . . .",
        EMPTY3 },
      { 0, 0, 0 }, 0, { 0 }, 3, NULL
    };
    /* a roundabout needs its fences: refused without them */
    import_refused (state, 0, &bis9);
    bis9.streets[0] = "1 1b< 2 2b< 3 3b< | R | 4 4b< 5";
    bis9.streets[1] = "1 1b< 2 2b< 3 3b< | R | 6 . . .";
    bis9.refusals = 2;
    import_ok (state, 0, &bis9);
    /* bis: 3 + 1 in s1... s1 has 1b 2b 3b 4b (4), s2 1b 2b 3b (3) = 7; add two more */
    bis9.streets[2] = "1 1b< 2 2b< . . . . . . . .";
    import_ok (state, 0, &bis9);
    g_assert_cmpint (points (state, 0, "bis"), ==, -28);
    g_assert_cmpint (points (state, 0, "roundabouts"), ==, -8);
    g_assert_cmpint (points (state, 0, "refusals"), ==, -3);
    /* a tenth bis does not fit the track */
    bis9.streets[2] = "1 1b< 2 2b< 3 3b< . . . . . .";
    import_refused (state, 0, &bis9);
    /* a third roundabout neither */
    bis9.streets[2] = "1 1b< | R | 7 . . . . . . . .";
    import_refused (state, 0, &bis9);
    /* three refusals: the end of the game, 5 points */
    bis9.streets[2] = "1 1b< 2 2b< . . . . . . . .";
    bis9.refusals = 3;
    import_ok (state, 0, &bis9);
    g_assert_cmpint (points (state, 0, "refusals"), ==, -5);
  }

  /* real estate columns at their ends: one estate of each size 1..6 */
  {
    TkTestSheet est = {
      { "1 | 2 3 | 4 5 6 | 7 8 9 10", "1 2 3 4 5 | 6 7 8 9 10 11", EMPTY3 },
      { 0, 0, 0 }, 0, { 0, 0, 0, 0, 0, 0 }, 0, NULL
    };
    import_ok (state, 0, &est);
    /* 1 + 2 + 3 + 4 + 5 + 6 = 21 with nothing crossed */
    g_assert_cmpint (points (state, 0, "estates"), ==, 21);
    est.agents[0] = 1; est.agents[1] = 2; est.agents[2] = 3;
    est.agents[3] = 4; est.agents[4] = 4; est.agents[5] = 4;
    import_ok (state, 0, &est);
    /* 3 + 4 + 6 + 8 + 10 + 12 = 43 with every column full */
    g_assert_cmpint (points (state, 0, "estates"), ==, 43);
    est.agents[0] = 2;
    import_refused (state, 0, &est);
  }
  R->state_free (state);
}

/* ---- temp ranking ---- */

static void
set_temps (gpointer state,
           guint    seat,
           int      temps)
{
  TkTestSheet spec = { { EMPTY1, EMPTY2, EMPTY3 }, { 0, 0, 0 }, temps, { 0 }, 0, NULL };
  import_ok (state, seat, &spec);
}

static void
test_temps (void)
{
  gpointer state = new_state (4, NULL);

  /* 5, 5, 3, 0: the tied first both 7, the next distinct count 4, 0 temps nothing */
  set_temps (state, 0, 5); set_temps (state, 1, 5); set_temps (state, 2, 3); set_temps (state, 3, 0);
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  g_assert_cmpint (points (state, 1, "temps"), ==, 7);
  g_assert_cmpint (points (state, 2, "temps"), ==, 4);
  g_assert_cmpint (points (state, 3, "temps"), ==, 0);
  /* 3, 2, 1, 1: 7, 4, 1, 1 */
  set_temps (state, 0, 3); set_temps (state, 1, 2); set_temps (state, 2, 1); set_temps (state, 3, 1);
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  g_assert_cmpint (points (state, 1, "temps"), ==, 4);
  g_assert_cmpint (points (state, 2, "temps"), ==, 1);
  g_assert_cmpint (points (state, 3, "temps"), ==, 1);
  /* 11, 6, 4, 2: the fourth count scores nothing */
  set_temps (state, 0, 11); set_temps (state, 1, 6); set_temps (state, 2, 4); set_temps (state, 3, 2);
  g_assert_cmpint (points (state, 3, "temps"), ==, 0);
  g_assert_cmpint (points (state, 2, "temps"), ==, 1);
  /* twelve temps do not fit the 11 boxes */
  {
    TkTestSheet spec = { { EMPTY1, EMPTY2, EMPTY3 }, { 0, 0, 0 }, 12, { 0 }, 0, NULL };
    import_refused (state, 0, &spec);
  }
  /* nobody: all 0 */
  set_temps (state, 0, 0); set_temps (state, 1, 0); set_temps (state, 2, 0); set_temps (state, 3, 0);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (points (state, i, "temps"), ==, 0);
  R->state_free (state);
}

/* The seed defers the temp agency ranking to the rule book: dense ranking (1, 1, 2) by default,
 * standard competition ranking (1, 1, 3) as the option "temp_ranking": "competition". */
static void
test_temps_competition (void)
{
  gpointer state = new_state (4, "{\"temp_ranking\":\"competition\"}");

  /* 5, 5, 3, 0: the tied first both 7; 3 is third (two ahead): 1, not 4; 0 nothing */
  set_temps (state, 0, 5); set_temps (state, 1, 5); set_temps (state, 2, 3); set_temps (state, 3, 0);
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  g_assert_cmpint (points (state, 1, "temps"), ==, 7);
  g_assert_cmpint (points (state, 2, "temps"), ==, 1);
  g_assert_cmpint (points (state, 3, "temps"), ==, 0);
  /* 3, 2, 1, 1: no tie ahead: 7, 4, 1, 1 as with dense ranking */
  set_temps (state, 0, 3); set_temps (state, 1, 2); set_temps (state, 2, 1); set_temps (state, 3, 1);
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  g_assert_cmpint (points (state, 1, "temps"), ==, 4);
  g_assert_cmpint (points (state, 2, "temps"), ==, 1);
  g_assert_cmpint (points (state, 3, "temps"), ==, 1);
  /* 6, 6, 6, 2: three first, the fourth is fourth: nothing */
  set_temps (state, 0, 6); set_temps (state, 1, 6); set_temps (state, 2, 6); set_temps (state, 3, 2);
  g_assert_cmpint (points (state, 2, "temps"), ==, 7);
  g_assert_cmpint (points (state, 3, "temps"), ==, 0);
  R->state_free (state);

  {
    g_autoptr(JsonObject) setup = R->default_setup (2);
    g_autoptr(GError) error = NULL;

    json_object_set_string_member (setup, "temp_ranking", "olympic");
    g_assert_null (R->state_new (setup, &error));
    g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
  }
}

/* Seed 003, solo setup: 「都市計画カードがランダムに3枚選ばれて公開される」 — three plan cards at
 * random, so two may share a number; with more players there is one of each. */
static void
test_bis_fence_option (void)
{
  gpointer state = new_state (1, "{\"solo\":false,\"bis_fence\":\"never\"}");
  TkTestSheet spec = { { "1 1b< 2 . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0,
                     NULL };

  import_ok (state, 0, &spec);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"surveyor\","
                        "\"street\":3,\"house\":8,\"number\":8,\"fence\":{\"street\":1,\"after\":1}}",
                 ILLEGAL);
  /* between 1b and 2 is fine */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"surveyor\","
                   "\"street\":3,\"house\":8,\"number\":8,\"fence\":{\"street\":1,\"after\":2}}");
  spec.streets[0] = "1 | 1b< 2 . . . . . . .";
  import_refused (state, 0, &spec);
  R->state_free (state);

  /* the default ("before") takes the same later fence */
  state = new_state (1, ALONE);
  spec.streets[0] = "1 1b< 2 . . . . . . .";
  import_ok (state, 0, &spec);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"surveyor\","
                   "\"street\":3,\"house\":8,\"number\":8,\"fence\":{\"street\":1,\"after\":1}}");
  R->state_free (state);
}

/* ---- estates ---- */

static void
test_estates (void)
{
  gpointer state = new_state (1, ALONE_INTERMEDIATE);
  /* street 1: fences after 2 and 5: [1 2] [3 . 5] [6 7 8 9 10]: a hole breaks the middle one;
   * street 2: 1 1b< | 2 | 3 4 5 6 7 8 9 | 10: bis houses count as houses; 7 houses no estate;
   * street 3: 1 2 | R | 4 5 | 6 7 8 9 10 11 12 . : the roundabout box is no estate; the last
   * run has a hole */
  TkTestSheet spec = {
    { "1 2 | 3 . 5 | 6 7 8 9 10",
      "1 1b< | 2 | 3 4 5 6 7 8 9 | 10",
      "1 2 | R | 4 5 | 6 7 8 9 10 11 ." },
    { 0, 0, 0 }, 0, { 0 }, 0, NULL
  };
  g_autofree char *sizes = NULL;

  import_ok (state, 0, &spec);
  sizes = estates_by_size (state, 0);
  /* size 1: s2 [2], s2 [10]; size 2: s1 [1 2], s2 [1 1b], s3 [1 2], s3 [4 5];
   * size 5: s1 [6..10]; not estates: s1 [3 . 5] (hole), s2 [3..9] (7 houses), s3 [R],
   * s3 [6..12] (hole) */
  g_assert_cmpstr (sizes, ==, "2,4,0,0,1,0");
  /* 2×1 + 4×2 + 1×5 = 15 */
  g_assert_cmpint (points (state, 0, "estates"), ==, 15);
  /* bis not matching its neighbour, and a bis across a fence, are refused */
  spec.streets[1] = "1 2b< | 2 | 3 4 5 6 7 8 9 | 10";
  import_refused (state, 0, &spec);
  spec.streets[1] = "1 | 1b< 2 | 3 4 5 6 7 8 9 | 10";
  import_ok (state, 0, &spec);                    /* the fence may have come later */
  /* descending, and a pool where there is no pool spot (street 2 spots 1, 4, 8) */
  spec.streets[1] = "2 1 . . . . . . . . .";
  import_refused (state, 0, &spec);
  spec.streets[1] = "1 2p . . . . . . . . .";
  import_refused (state, 0, &spec);
  /* across a roundabout the numbers start again */
  spec.streets[1] = "5 6 | R | 1 2 . . . . . .";
  import_ok (state, 0, &spec);
  R->state_free (state);
}

/* ---- what a view asks the engine (the public header's answers) ---- */

static void
test_answers (void)
{
  gpointer state = new_state (1, "{\"solo\":false," PLANS_345 "}");
  TkWelcomeToSetupFacts facts;
  /* street 1: [1 2 3 (a pool)] [4 5 6] [7 8 9 10]; street 2: [1 2 3] [4 . 6] [7 8 9 10 11]; street 3
   * is empty */
  TkTestSheet spec = {
    { "1 2 3p | 4 5 6 | 7 8 9 10",
      "1 2 3 | 4 . 6 | 7 8 9 10 11",
      EMPTY3 },
    { 0, 0, 0 }, 2, { 0 }, 1, NULL
  };
  g_autoptr(GArray) estates = NULL;
  TkWelcomeToEffect effect = TK_WELCOME_TO_SURVEYOR;
  gint number = 0;

  tk_welcome_to_setup_facts (state, &facts);
  g_assert_false (facts.solo);
  g_assert_false (facts.two_cards);
  g_assert_cmpint (facts.highest_card, ==, 15);
  g_assert_cmpuint (facts.temp_boxes, >, 0);
  g_assert_cmpstr (tk_welcome_to_effect_id (TK_WELCOME_TO_REAL_ESTATE), ==, "real_estate");
  g_assert_cmpint (tk_welcome_to_effect_from_id ("bis"), ==, TK_WELCOME_TO_BIS);
  g_assert_cmpint (tk_welcome_to_effect_from_id ("joker"), ==, -1);
  /* three estate plans: a claim names its estates */
  g_assert_true (tk_welcome_to_plan_names_estates (state, 2));
  /* the default streets: 10, 11, 12 houses; street 2's pools at 1, 4, 8 */
  g_assert_cmpuint (tk_welcome_to_street_houses (state, 2), ==, 12);
  g_assert_true (tk_welcome_to_pool_spot (state, 1, 3));
  g_assert_false (tk_welcome_to_pool_spot (state, 1, 4));
  /* the temp agency: ±2 by default, from 0 to 17 */
  g_assert_true (tk_welcome_to_temp_allows (state, 3, -2));
  g_assert_false (tk_welcome_to_temp_allows (state, 3, 3));
  g_assert_false (tk_welcome_to_temp_allows (state, 1, -2));
  g_assert_false (tk_welcome_to_temp_allows (state, 16, 2));

  import_ok (state, 0, &spec);
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
                   "{\"street\":2,\"from\":1,\"to\":3}]}");
  estates = tk_welcome_to_completed_estates (state, 0);
  /* street 1's three, street 2's first and last (the run with a hole is none), in order; the
   * plan used three of them */
  g_assert_cmpuint (estates->len, ==, 5);
  g_assert_cmpuint (g_array_index (estates, TkWelcomeToEstate, 2).from, ==, 6);
  g_assert_cmpuint (g_array_index (estates, TkWelcomeToEstate, 2).to, ==, 9);
  g_assert_false (g_array_index (estates, TkWelcomeToEstate, 2).used);
  g_assert_cmpuint (g_array_index (estates, TkWelcomeToEstate, 3).street, ==, 1);
  g_assert_true (g_array_index (estates, TkWelcomeToEstate, 3).used);
  g_assert_true (g_array_index (estates, TkWelcomeToEstate, 0).used);
  g_assert_cmpuint (g_array_index (estates, TkWelcomeToEstate, 4).from, ==, 6);
  g_assert_false (g_array_index (estates, TkWelcomeToEstate, 4).used);
  /* the tracks: one pool, two temp agency cards, a refusal, no bis */
  g_assert_cmpuint (tk_welcome_to_track_crossed (state, 0, TK_WELCOME_TO_TRACK_POOLS), ==, 1);
  g_assert_cmpuint (tk_welcome_to_track_crossed (state, 0, TK_WELCOME_TO_TRACK_TEMPS), ==, 2);
  g_assert_cmpuint (tk_welcome_to_track_crossed (state, 0, TK_WELCOME_TO_TRACK_REFUSALS), ==, 1);
  g_assert_cmpuint (tk_welcome_to_track_crossed (state, 0, TK_WELCOME_TO_TRACK_BIS), ==, 0);
  /* no draft: nothing passed */
  g_assert_false (tk_welcome_to_passed_card (state, 0, &number, &effect));
  /* a turn's card: none before the round's cards are recorded, then one card gives both */
  g_assert_false (tk_welcome_to_hand_pick (state, 0, 1, 1, &number, &effect));
  apply_ok (state, REVEAL_A);
  g_assert_true (tk_welcome_to_hand_pick (state, 0, 1, 1, &number, &effect));
  g_assert_cmpint (number, ==, 8);
  g_assert_cmpint (effect, ==, TK_WELCOME_TO_TEMP);
  g_assert_false (tk_welcome_to_hand_pick (state, 0, 0, 1, &number, &effect));
  R->state_free (state);

  /* an advanced plan's claim names none: the engine reads the sheet */
  state = new_state (1, "{\"solo\":false,\"variant\":\"intermediate\",\"plans\":["
                        "{\"number\":1,\"kind\":\"street_full\",\"street\":1,\"first\":6,\"later\":3},"
                        "{\"number\":2,\"kind\":\"estates\",\"sizes\":[2],\"first\":7,\"later\":3},"
                        "{\"number\":3,\"kind\":\"temps\",\"count\":7,\"first\":7,\"later\":4}]}");
  g_assert_false (tk_welcome_to_plan_names_estates (state, 0));
  g_assert_true (tk_welcome_to_plan_names_estates (state, 1));
  g_assert_false (tk_welcome_to_plan_names_estates (state, 2));
  R->state_free (state);

  /* solo and the draft: a number card and an effect card */
  state = new_state (1, "{\"solo\":true}");
  tk_welcome_to_setup_facts (state, &facts);
  g_assert_true (facts.two_cards);
  R->state_free (state);
  state = new_state (3, "{\"draft\":true}");
  tk_welcome_to_setup_facts (state, &facts);
  g_assert_true (facts.two_cards);
  R->state_free (state);
}

/* The points printed along the tracks come from the setup's tables, with the engine's defaults
 * when the setup has none: a view draws them without reading the tables itself. */
static void
test_track_values (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = R->default_setup (2);
  g_autoptr(JsonArray) bis = json_array_new ();
  gpointer state = new_state (2, NULL);
  g_autoptr(GArray) pools = tk_welcome_to_track_values (state, TK_WELCOME_TO_TRACK_POOLS);
  g_autoptr(GArray) temps = tk_welcome_to_track_values (state, TK_WELCOME_TO_TRACK_TEMPS);
  g_autoptr(GArray) refusals = tk_welcome_to_track_values (state, TK_WELCOME_TO_TRACK_REFUSALS);
  g_autoptr(GArray) parks = tk_welcome_to_park_values (state, 2);
  g_autoptr(GArray) column = tk_welcome_to_estate_values (state, 5);
  g_autoptr(GArray) custom = NULL;
  g_autoptr(GArray) defaults = NULL;

  /* the paper's: nine pools, up to 36 points; three refusals; street 3's five parks */
  g_assert_cmpuint (pools->len, ==, 10);
  g_assert_cmpint (g_array_index (pools, gint, 4), ==, 13);
  g_assert_cmpint (g_array_index (pools, gint, 9), ==, 36);
  g_assert_cmpuint (temps->len, ==, 0);
  g_assert_cmpuint (refusals->len, ==, 4);
  g_assert_cmpint (g_array_index (refusals, gint, 3), ==, 5);
  g_assert_cmpuint (parks->len, ==, 6);
  g_assert_cmpint (g_array_index (parks, gint, 5), ==, 18);
  g_assert_cmpuint (column->len, ==, 5);
  g_assert_cmpint (g_array_index (column, gint, 0), ==, 6);
  g_assert_cmpint (g_array_index (column, gint, 4), ==, 12);
  R->state_free (state);

  /* a table of the setup's own */
  json_array_add_int_element (bis, 0);
  json_array_add_int_element (bis, 5);
  json_array_add_int_element (bis, 11);
  json_object_set_array_member (json_object_get_object_member (setup, "tables"), "bis",
                                json_array_ref (bis));
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  custom = tk_welcome_to_track_values (state, TK_WELCOME_TO_TRACK_BIS);
  g_assert_cmpuint (custom->len, ==, 3);
  g_assert_cmpint (g_array_index (custom, gint, 2), ==, 11);
  R->state_free (state);

  /* no tables: the defaults */
  json_object_remove_member (setup, "tables");
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  defaults = tk_welcome_to_track_values (state, TK_WELCOME_TO_TRACK_BIS);
  g_assert_cmpuint (defaults->len, ==, 10);
  g_assert_cmpint (g_array_index (defaults, gint, 9), ==, 28);
  R->state_free (state);
}

/* ---- roundabouts in play ---- */

static void
test_roundabouts (void)
{
  gpointer state = new_state (1, ALONE_INTERMEDIATE);

  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":9,\"effect\":\"pool\","
                   "\"street\":1,\"house\":4,\"number\":9}");
  /* 3 right of 9: refused until a roundabout splits the street */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"pool\","
                        "\"street\":1,\"house\":7,\"number\":3}", ILLEGAL);
  apply_refused (state, "{\"type\":\"roundabout\",\"seat\":0,\"street\":1,\"house\":4}", ILLEGAL);
  apply_ok (state, "{\"type\":\"roundabout\",\"seat\":0,\"street\":1,\"house\":5}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"pool\","
                   "\"street\":1,\"house\":7,\"number\":3,\"pool\":true}");
  /* a roundabout box takes no number */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":10,\"effect\":\"pool\","
                        "\"street\":1,\"house\":5,\"number\":10}", ILLEGAL);
  /* a bis may not copy across the roundabout's fence */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":10,\"effect\":\"bis\","
                        "\"street\":2,\"house\":1,\"number\":10,"
                        "\"bis\":{\"street\":1,\"house\":5,\"from\":4}}", ILLEGAL);
  apply_ok (state, "{\"type\":\"roundabout\",\"seat\":0,\"street\":3,\"house\":1}");
  apply_refused (state, "{\"type\":\"roundabout\",\"seat\":0,\"street\":3,\"house\":5}", ILLEGAL);
  g_assert_cmpint (points (state, 0, "roundabouts"), ==, -8);
  /* pools: one -> 3 */
  g_assert_cmpint (points (state, 0, "pools"), ==, 3);
  R->state_free (state);

  /* Seed 003: 「プレイヤーは各ラウンド中の任意のタイミングで…ラウンドアバウトの造成を行えます」 —
   * also after the last turn of the final round: a third refusal ends the game, and the
   * roundabout still goes on the sheet (as a claim may). */
  state = new_state (1, ALONE_INTERMEDIATE);
  {
    TkTestSheet spec = {
      { ". 1 2 3 4 5 6 7 8 9", ". 6 7 8 9 10 11 12 13 14 15", ". 5 6 7 8 9 10 11 12 13 14 15" },
      { 0, 0, 0 }, 0, { 0 }, 2, NULL
    };
    import_ok (state, 0, &spec);
  }
  apply_ok (state, "{\"type\":\"refuse\",\"seat\":0,\"cards\":[{\"number\":7,\"effect\":"
                   "\"pool\"},{\"number\":9,\"effect\":\"pool\"},{\"number\":12,\"effect\":"
                   "\"landscaper\"}]}");
  {
    g_autoptr(JsonObject) score = R->score (state);
    g_assert_true (json_object_get_boolean_member (score, "ended"));
  }
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":0,\"effect\":\"pool\","
                        "\"street\":1,\"house\":1,\"number\":0}", ILLEGAL);
  apply_ok (state, "{\"type\":\"roundabout\",\"seat\":0,\"street\":1,\"house\":1}");
  g_assert_cmpint (points (state, 0, "roundabouts"), ==, -3);
  R->state_free (state);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/welcome-to/setup", test_setup);
  g_test_add_func ("/welcome-to/write-refusals", test_write_refusals);
  g_test_add_func ("/welcome-to/permit-refusal", test_permit_refusal);
  g_test_add_func ("/welcome-to/tracks", test_tracks);
  g_test_add_func ("/welcome-to/temps", test_temps);
  g_test_add_func ("/welcome-to/temps-competition", test_temps_competition);
  g_test_add_func ("/welcome-to/bis-fence-option", test_bis_fence_option);
  g_test_add_func ("/welcome-to/estates", test_estates);
  g_test_add_func ("/welcome-to/answers", test_answers);
  g_test_add_func ("/welcome-to/track-values", test_track_values);
  g_test_add_func ("/welcome-to/roundabouts", test_roundabouts);
  return g_test_run ();
}
