/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-welcome-to.c — Welcome To...: every refusal of issue 7, the score tracks at their ends,
 * temp ranking, estates, city plans, solo, the seed's worked examples, two sheets scored by
 * hand, exchange of sheets, a session file and a random legal-play simulation. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-test-rules.h"

#define R (tk_welcome_to_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused (R, state, action, code, NULL)

/* The default setup for @n players with the members of @extra (a JSON object text) put over it. */
static gpointer
new_state (guint       n,
           const char *extra)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = R->default_setup (n);
  gpointer state;

  if (extra != NULL)
    {
      g_autoptr(JsonObject) over = parse (extra);
      g_autoptr(GList) members = json_object_get_members (over);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (setup, l->data,
                                json_node_copy (json_object_get_member (over, l->data)));
    }
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  return state;
}

#define ILLEGAL TK_RULES_ERROR_ILLEGAL
#define INVALID TK_RULES_ERROR_INVALID

/* Points of category @key for @seat. */
static gint64
points (gpointer    state,
        guint       seat,
        const char *key)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "players"),
                                                      seat);
  JsonArray *breakdown;

  if (g_str_equal (key, "total"))
    return json_object_get_int_member (player, "total");
  if (g_str_equal (key, "rank"))
    return json_object_get_int_member (player, "rank");
  breakdown = json_object_get_array_member (player, "breakdown");
  for (guint i = 0; i < json_array_get_length (breakdown); i++)
    {
      JsonObject *line = json_array_get_object_element (breakdown, i);
      if (g_str_equal (json_object_get_string_member (line, "key"), key))
        return json_object_get_int_member (line, "points");
    }
  g_assert_not_reached ();
}

/* "n1,n2,…,n6" completed estates by size for @seat. */
static char *
estates_by_size (gpointer state,
                 guint    seat)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "players"),
                                                      seat);
  JsonArray *sizes = json_object_get_array_member (player, "estates_by_size");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (sizes); i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "",
                            json_array_get_int_element (sizes, i));
  return g_string_free (out, FALSE);
}

/* A street written as tokens: "." empty, "N" number, "Np" with its pool, "Nb<" / "Nb>" a bis
 * copied from the left / right neighbour, "R" roundabout, "|" a fence after the previous house. */
static void
append_street (GString    *out,
               const char *spec,
               int         parks)
{
  g_auto(GStrv) tokens = g_strsplit (spec, " ", -1);
  GString *fences = g_string_new (NULL);
  guint pos = 0;
  gboolean first = TRUE;

  g_string_append (out, "{\"houses\":[");
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = tokens[i];

      if (*t == '\0')
        continue;
      if (g_str_equal (t, "|"))
        {
          g_string_append_printf (fences, "%s%u", fences->len > 0 ? "," : "", pos);
          continue;
        }
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      pos++;
      if (g_str_equal (t, "."))
        g_string_append (out, "null");
      else if (g_str_equal (t, "R"))
        g_string_append (out, "{\"roundabout\":true}");
      else
        {
          char *end;
          long n = strtol (t, &end, 10);

          g_string_append_printf (out, "{\"number\":%ld", n);
          if (g_str_equal (end, "p"))
            g_string_append (out, ",\"pool\":true");
          else if (g_str_equal (end, "b<"))
            g_string_append (out, ",\"bis\":\"left\"");
          else if (g_str_equal (end, "b>"))
            g_string_append (out, ",\"bis\":\"right\"");
          else
            g_assert_cmpstr (end, ==, "");
          g_string_append_c (out, '}');
        }
    }
  g_string_append_printf (out, "],\"fences\":[%s],\"parks\":%d}", fences->str, parks);
  g_string_free (fences, TRUE);
}

typedef struct
{
  const char *streets[3];
  int         parks[3];
  int         temps;
  int         agents[6];
  int         refusals;
  const char *plans;          /* JSON array text, NULL: none claimed */
} SheetSpec;

static char *
sheet_text (const SheetSpec *spec)
{
  GString *out = g_string_new ("{\"streets\":[");

  for (guint s = 0; s < 3; s++)
    {
      if (s > 0)
        g_string_append_c (out, ',');
      append_street (out, spec->streets[s], spec->parks[s]);
    }
  g_string_append_printf (out, "],\"temps\":%d,\"agents\":[%d,%d,%d,%d,%d,%d],\"refusals\":%d,"
                          "\"plans\":%s}", spec->temps, spec->agents[0], spec->agents[1],
                          spec->agents[2], spec->agents[3], spec->agents[4], spec->agents[5],
                          spec->refusals, spec->plans != NULL ? spec->plans
                                                              : "[null,null,null]");
  return g_string_free (out, FALSE);
}

static char *
import_text (guint            seat,
             const SheetSpec *spec)
{
  g_autofree char *sheet = sheet_text (spec);
  return g_strdup_printf ("{\"type\":\"import_sheet\",\"seat\":%u,\"sheet\":%s}", seat, sheet);
}

static void
import_ok (gpointer         state,
           guint            seat,
           const SheetSpec *spec)
{
  g_autofree char *text = import_text (seat, spec);
  apply_ok (state, text);
}

static void
import_refused (gpointer         state,
                guint            seat,
                const SheetSpec *spec)
{
  g_autofree char *text = import_text (seat, spec);
  apply_refused (state, text, ILLEGAL);
}

#define EMPTY1 ". . . . . . . . . ."
#define EMPTY2 ". . . . . . . . . . ."
#define EMPTY3 ". . . . . . . . . . . ."

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

/* A single sheet kept alone (not solo): each turn is a round. */
#define ALONE "{\"solo\":false}"
#define ALONE_INTERMEDIATE "{\"solo\":false,\"variant\":\"intermediate\"}"

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
    SheetSpec spec = {
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
  SheetSpec full = {
    { "1 2 3p 4 5 6 7p 8p 9 10",
      "1p 1b< 2 3p 3b< 4 5 6p 6b< 7 7b<",
      "1 2p 2b< 3 3b< | R | 4p 5 5b< 6 7p 8" },
    { 3, 4, 5 }, 11, { 1, 2, 3, 4, 4, 4 }, 2, NULL
  };
  SheetSpec none = { { EMPTY1, EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };

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
    SheetSpec bis9 = {
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
    SheetSpec est = {
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
  SheetSpec spec = { { EMPTY1, EMPTY2, EMPTY3 }, { 0, 0, 0 }, temps, { 0 }, 0, NULL };
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
    SheetSpec spec = { { EMPTY1, EMPTY2, EMPTY3 }, { 0, 0, 0 }, 12, { 0 }, 0, NULL };
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
test_solo_plans (void)
{
  const char *two_twos = "{\"plans\":["
    "{\"number\":2,\"kind\":\"estates\",\"sizes\":[3,4],\"first\":7,\"later\":3},"
    "{\"number\":2,\"kind\":\"estates\",\"sizes\":[3,6],\"first\":8,\"later\":4},"
    "{\"number\":1,\"kind\":\"estates\",\"sizes\":[1,1,1,1,1,1],\"first\":8,\"later\":4}]}";
  g_autoptr(JsonObject) over = parse (two_twos);
  g_autoptr(GError) error = NULL;
  gpointer state = new_state (1, two_twos);
  SheetSpec spec = { { "1 2 3 | 4 5 6 7 | . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0,
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
  SheetSpec spec = {
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
static void
test_bis_fence_option (void)
{
  gpointer state = new_state (1, "{\"solo\":false,\"bis_fence\":\"never\"}");
  SheetSpec spec = { { "1 1b< 2 . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0,
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
  SheetSpec spec = {
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
    SheetSpec spec = {
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

/* ---- city plans ---- */

#define PLANS_345 "\"plans\":[" \
  "{\"number\":1,\"kind\":\"estates\",\"sizes\":[3,3,3],\"first\":8,\"later\":4}," \
  "{\"number\":2,\"kind\":\"estates\",\"sizes\":[4,5],\"first\":9,\"later\":5}," \
  "{\"number\":3,\"kind\":\"estates\",\"sizes\":[1,2,2,3],\"first\":11,\"later\":6}]"

static void
test_plans (void)
{
  gpointer state = new_state (3, "{" PLANS_345 "}");
  /* three estates of 3, one of 4 and one of 5, with free boxes left in street 3 */
  SheetSpec a = {
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
  SheetSpec a = {
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
    SheetSpec spec = { { "2 3 6 | . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0,
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
    SheetSpec spec = {
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

/* ---- solo ---- */

static gpointer
new_solo (guint       solo_rounds,
          const char *plans)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = R->default_setup (1);
  gpointer state;

  json_object_set_int_member (json_object_get_object_member (setup, "tables"), "solo_rounds",
                              solo_rounds);
  /* These short decks let the solo card turn up any time; test_solo_card_timing has the
   * seed's half-deck rule. */
  json_object_set_int_member (json_object_get_object_member (setup, "tables"),
                              "solo_card_first_round", 1);
  if (plans != NULL)
    {
      g_autoptr(JsonObject) over = parse (plans);
      json_object_set_member (setup, "plans",
                              json_node_copy (json_object_get_member (over, "plans")));
    }
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  return state;
}

#define REVEAL_A "{\"type\":\"reveal\",\"cards\":[{\"number\":3,\"effect\":\"pool\"}," \
                 "{\"number\":8,\"effect\":\"temp\"},{\"number\":12,\"effect\":\"bis\"}]}"

static void
test_solo (void)
{
  gpointer state = new_solo (3, "{" PLANS_345 "}");
  SheetSpec three = {
    { "1 2 3 | 4 5 6 | 7 8 9 | .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 6, { 0 }, 0, NULL
  };
  g_autoptr(JsonObject) score = NULL;

  import_ok (state, 0, &three);
  /* 6 temps in solo: 7 points; 5: nothing */
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  three.temps = 5;
  import_ok (state, 0, &three);
  g_assert_cmpint (points (state, 0, "temps"), ==, 0);

  apply_ok (state, REVEAL_A);
  /* solo: two different cards, not one of three pairs */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card\":0,\"street\":2,\"house\":7,"
                        "\"number\":3}", INVALID);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":1,\"effect_card\":1,"
                        "\"street\":2,\"house\":7,\"number\":8}", ILLEGAL);
  /* with cards recorded, a free number is refused */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"pool\","
                        "\"street\":2,\"house\":8,\"number\":8}", ILLEGAL);
  /* 8 (card 1) with the pool (card 0) on street 2's pool spot 8 */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":1,\"effect_card\":0,"
                   "\"street\":2,\"house\":8,\"number\":8,\"pool\":true}");
  /* the plan claimed in round 1: first value 8 */
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
                   "{\"street\":1,\"from\":7,\"to\":9}]}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 8);
  /* the solo card turns up with the next draw: plans claimed from round 2 on are worth the
   * lower value */
  apply_ok (state, "{\"type\":\"solo_card\"}");
  apply_refused (state, "{\"type\":\"solo_card\"}", ILLEGAL);
  apply_ok (state, REVEAL_A);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":0,\"effect_card\":2,"
                   "\"street\":3,\"house\":1,\"number\":3,"
                   "\"bis\":{\"street\":3,\"house\":2,\"from\":1}}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 8);
  {
    SheetSpec more = {
      { "1 2 3 | 4 5 6 | 7 8 9 | .", "1 | 2 3 | 4 5 | 6 7 8p . . .", "3 3b> . . . . . . . . . ." },
      { 0, 0, 0 }, 5, { 0 }, 0,
      "[{\"round\":1,\"estates\":[{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
      "{\"street\":1,\"from\":7,\"to\":9}]},null,null]"
    };
    /* street 3's house 2 is a bis copying its right neighbour, which is empty: refused */
    import_refused (state, 0, &more);
  }
  R->state_free (state);

  /* the deck runs out after solo_rounds rounds (3 here) */
  state = new_solo (3, NULL);
  for (guint r = 0; r < 3; r++)
    {
      g_autofree char *turn = g_strdup_printf ("{\"type\":\"turn\",\"seat\":0,\"number_card\":0,"
                                               "\"effect_card\":1,\"street\":1,\"house\":%u,"
                                               "\"number\":3}", r + 1);
      apply_ok (state, REVEAL_A);
      /* the temp agency of card 1 lets 3 become 1..5: write 3 + r - 1 */
      if (r == 0)
        apply_ok (state, turn);
      else
        {
          g_autofree char *t = g_strdup_printf ("{\"type\":\"turn\",\"seat\":0,\"number_card\":0,"
                                                "\"effect_card\":1,\"street\":1,\"house\":%u,"
                                                "\"number\":%u}", r + 1, 3 + r);
          apply_ok (state, t);
        }
    }
  score = R->score (state);
  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (score,
                                                                                  "end_triggers"),
                                                  0), ==, "deck");
  apply_refused (state, REVEAL_A, ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"pool\","
                        "\"street\":2,\"house\":1,\"number\":3}", ILLEGAL);
  /* three temps crossed (3, 4, 5 written with the temp effect), fewer than 6: 0 points */
  g_assert_cmpint (points (state, 0, "temps"), ==, 0);
  R->state_free (state);

  /* the solo card before any claim: every plan at the lower value */
  state = new_solo (27, "{" PLANS_345 "}");
  three.temps = 0;
  import_ok (state, 0, &three);
  apply_ok (state, "{\"type\":\"solo_card\"}");
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
                   "{\"street\":1,\"from\":7,\"to\":9}]}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 4);
  R->state_free (state);
}

/* ---- two complete sheets scored by hand ---- */

static SheetSpec sheet_a = {
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

static SheetSpec sheet_b = {
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
  SheetSpec x = { { "1 | 2 | . . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };
  SheetSpec y = { { "1 2 | . . . . . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };

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
    SheetSpec x3 = { { "1 2 3 4 | 5 | 6 | . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };
    /* x3: 4 + 1 + 1 = 6, three estates, two of 1; y3: 2 + 2 + 2 = 6, three estates, none of 1 */
    SheetSpec y3 = { { "1 2 | 3 4 | 5 6 | . . . .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL };

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

/* ---- exchange ---- */

static void
test_exchange (void)
{
  gpointer home = new_state (1, ALONE);
  gpointer table = new_state (2, NULL);
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(JsonObject) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sent = NULL, *received = NULL;

  apply_ok (home, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"pool\","
                  "\"street\":1,\"house\":3,\"number\":5,\"pool\":true}");
  apply_ok (home, "{\"type\":\"turn\",\"seat\":0,\"card_number\":7,\"effect\":\"temp\","
                  "\"street\":1,\"house\":4,\"number\":6}");
  document = tk_welcome_to_export_sheet (home, 0);
  g_assert_nonnull (document);
  g_assert_null (tk_welcome_to_export_sheet (home, 1));
  g_assert_cmpstr (json_object_get_string_member (document, "format"), ==,
                   TK_WELCOME_TO_SHEET_FORMAT);
  action = tk_welcome_to_import_action (document, 1);
  g_assert_true (R->apply (table, action, &error));
  g_assert_no_error (error);
  back = tk_welcome_to_export_sheet (table, 1);
  sent = tk_rules_json_to_string (json_object_get_object_member (document, "sheet"));
  received = tk_rules_json_to_string (json_object_get_object_member (back, "sheet"));
  g_assert_cmpstr (sent, ==, received);
  /* the table ranks the temps over both sheets: seat 1 has 1 temp, seat 0 none: 7 */
  g_assert_cmpint (points (table, 1, "temps"), ==, 7);
  g_assert_cmpint (points (table, 1, "pools"), ==, 3);

  /* a document of another format, and a broken sheet, are refused */
  apply_refused (table, "{\"type\":\"import_sheet\",\"seat\":0,\"sheet\":{\"format\":\"x\","
                        "\"version\":1,\"sheet\":{}}}", INVALID);
  apply_refused (table, "{\"type\":\"import_sheet\",\"seat\":0,\"sheet\":{\"streets\":[]}}",
                 INVALID);
  apply_refused (table, "{\"type\":\"import_sheet\",\"seat\":5,\"sheet\":{}}", ILLEGAL);
  R->state_free (home);
  R->state_free (table);
}

/* ---- the session file ---- */

static void
test_session_file (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "welcome-to-session.json", NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  score = tk_session_file_score (text, length, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  /* seat 0 is sheet A (82) with a second refusal: 0 -> −3: 79; seat 1 (the crowded sheet):
   * temps 2 (second: 4), refusals 3 (−5), nothing else: −1 */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0),
                                               "total"), ==, 79);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 1),
                                               "total"), ==, -1);
  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (players, 0),
                                                 "winner"));
}

typedef struct
{
  const char *key;
  gint64      points[2];    /* by seat, worked out by hand */
} HandLine;

/* Replays the session file @name of tests/fixtures (with @move_solo_card, the solo card is
 * moved to the end of the ledger) and checks every category of every seat against @hand. */
static JsonObject *
score_fixture (const char     *name,
               gboolean        move_solo_card,
               const HandLine *hand,
               guint           n_hand,
               guint           n_players)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  JsonObject *score;
  JsonArray *players;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  if (move_solo_card)
    {
      g_autoptr(JsonObject) file = parse (text);
      JsonArray *actions = json_object_get_array_member (file, "actions");
      g_autoptr(JsonArray) moved = json_array_new ();
      JsonObject *solo = NULL;
      guint seq = 1;

      for (guint i = 0; i < json_array_get_length (actions); i++)
        {
          JsonObject *row = json_array_get_object_element (actions, i);
          const char *type = json_object_get_string_member (json_object_get_object_member (row,
                                                                                          "action"),
                                                            "type");

          if (g_str_equal (type, "solo_card"))
            solo = row;
          else
            json_array_add_object_element (moved, json_object_ref (row));
        }
      g_assert_nonnull (solo);
      json_array_add_object_element (moved, json_object_ref (solo));
      for (guint i = 0; i < json_array_get_length (moved); i++)
        json_object_set_int_member (json_array_get_object_element (moved, i), "seq", seq++);
      json_object_set_array_member (file, "actions", json_array_ref (moved));
      g_free (text);
      text = tk_rules_json_to_string (file);
      length = strlen (text);
    }
  score = tk_session_file_score (text, length, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, n_players);
  for (guint seat = 0; seat < n_players; seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (player, "breakdown");

      for (guint i = 0; i < n_hand; i++)
        {
          gint64 want = hand[i].points[seat];
          gint64 got = G_MININT64;

          if (g_str_equal (hand[i].key, "total"))
            got = json_object_get_int_member (player, "total");
          else
            for (guint j = 0; j < json_array_get_length (breakdown); j++)
              {
                JsonObject *line = json_array_get_object_element (breakdown, j);

                if (g_str_equal (json_object_get_string_member (line, "key"), hand[i].key))
                  got = json_object_get_int_member (line, "points");
              }
          if (got != want)
            g_error ("%s, seat %u, %s: hand %" PRId64 ", engine %" PRId64,
                     name, seat, hand[i].key, want, got);
        }
    }
  return score;
}

/* A whole two-player game written and scored by hand (tests/fixtures/welcome-to-full-game.json,
 * 13 rounds, basic rules; plans n°1 4+4 6/3, n°2 3+6 8/4, n°3 3+4 7/3).  Final sheets:
 *   Ana  s1: 1 2 3p 3b | 5 6 8 | . . .   parks 1      s2: 4p 6 7 8 | 10 10b 11 12 | . . .
 *        temps 2, agents: one box in the 3 column, one in the 4 column, bis 2, refusals 0
 *   Ben  s1: 2 3 5 7 | 15 . . . . .  parks 3        s2: 1 4 4b | 16 . . . . . . .
 *        s3: . . . . . . . . . . 3p 15, temps 1, agents 3 and 4 columns, bis 1, refusals 3
 * Category by category (rules/welcome-to.md tables):
 *   plans   Ana: n°3 first in round 6 = 7, n°1 first in round 13 = 6 -> 13
 *           Ben: n°3 in round 10, after Ana -> later value 3
 *   parks   Ana: street 1 one park -> 2;  Ben: street 1 all three -> 10
 *   pools   Ana: 2 -> 6;  Ben: 1 -> 3
 *   temps   Ana 2 (most) -> 7;  Ben 1 (second) -> 4
 *   estates Ana: three of 4 houses at 5 (one box crossed) = 15, one of 3 at 4 -> 19
 *           Ben: one of 4 at 5, one of 3 at 4 -> 9
 *   bis     Ana 2 -> -3;  Ben 1 -> -1
 *   refusal Ana 0 -> 0;  Ben 3 -> -5 (and the game ends with round 13)
 *   total   Ana 13+2+6+7+19-3 = 44;  Ben 3+10+3+4+9-1-5 = 23 */
static void
test_full_game (void)
{
  static const HandLine hand[] = {
    { "plans", { 13, 3 } }, { "parks", { 2, 10 } }, { "pools", { 6, 3 } }, { "temps", { 7, 4 } },
    { "estates", { 19, 9 } }, { "bis", { -3, -1 } }, { "refusals", { 0, -5 } },
    { "roundabouts", { 0, 0 } }, { "total", { 44, 23 } },
  };
  g_autoptr(JsonObject) score = score_fixture ("welcome-to-full-game.json", FALSE, hand,
                                               G_N_ELEMENTS (hand), 2);
  JsonArray *players = json_object_get_array_member (score, "players");
  JsonArray *triggers;

  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (players, 0),
                                                 "winner"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (players, 1),
                                                  "winner"));
  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_cmpint (json_object_get_int_member (score, "round"), ==, 13);
  triggers = json_object_get_array_member (score, "end_triggers");
  g_assert_cmpuint (json_array_get_length (triggers), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (triggers, 0), ==, "refusals");
}

/* A short solo game scored by hand (tests/fixtures/welcome-to-solo-game.json): each round three
 * cards, a number from the first and the effect of the second.  Final sheet:
 *   s1: 1 2 3p | 5 6 7 15 | . . .   s2: 16 . . .   s3: 17 . . .   (16 and 17 by the temp agency)
 *   temps 6, no agents, no bis, refusals 3 (rounds 10-12: nothing up to 15 fits, no temp on a
 *   14 or 15).  n°3 (3+4) was claimed in round 9; the game ends in round 12, before the solo
 *   card could turn up (round 14 at the earliest).
 *   plans 7 (n°3's first value), parks 0, pools 1 -> 3, temps 6 >= 6 -> 7, estates one of 3
 *   (3) + one of 4 (4) = 7, bis 0, refusals -5: total 19.
 * The same ledger with the solo card turned up at its end (round 13) is refused: the card lies
 * in the lower half of the deck. */
static void
test_solo_game (void)
{
  static const HandLine hand[] = {
    { "plans", { 7 } }, { "parks", { 0 } }, { "pools", { 3 } }, { "temps", { 7 } },
    { "estates", { 7 } }, { "bis", { 0 } }, { "refusals", { -5 } }, { "total", { 19 } },
  };
  g_autoptr(JsonObject) score = score_fixture ("welcome-to-solo-game.json", FALSE, hand,
                                               G_N_ELEMENTS (hand), 1);

  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_cmpint (json_object_get_int_member (score, "round"), ==, 12);
}

/* Seed 003, solo setup: 「すべての建築カードがシャッフルされ、同じ枚数ずつの2つの山札が作られる。
 * 一方の山札にソロプレイ用カードが混ぜられ、もう一方の山札がこの上に重ねられる」 — 40 of the 81
 * cards lie above the solo card's half, three a round: it turns up in round 14 at the
 * earliest.  And 「建築カードの山札からソロプレイ用カードが引かれたら、3枚の都市計画カードが
 * 裏返しになり」: a claim entered after it scores the lower value, even in the same round. */
static void
test_solo_card_timing (void)
{
  g_autoptr(JsonObject) setup = R->default_setup (1);
  g_autoptr(GError) error = NULL;
  SheetSpec three = {
    { "1 2 3 | 4 5 6 | 7 8 9 | .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL
  };
  gpointer state;
  g_autoptr(JsonObject) plans = parse ("{" PLANS_345 "}");

  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (setup, "tables"),
                                               "solo_card_first_round"), ==, 14);
  json_object_set_member (setup, "plans",
                          json_node_copy (json_object_get_member (plans, "plans")));
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  import_ok (state, 0, &three);
  /* rounds 1 to 13: every draw comes from the upper half */
  for (guint r = 1; r <= 13; r++)
    {
      /* round r draws the number r: street 2 takes 1 to 11, street 3 then 12 and 13 */
      g_autofree char *reveal = g_strdup_printf ("{\"type\":\"reveal\",\"cards\":["
                                                 "{\"number\":%u,\"effect\":\"surveyor\"},"
                                                 "{\"number\":8,\"effect\":\"pool\"},"
                                                 "{\"number\":12,\"effect\":\"bis\"}]}", r);
      g_autofree char *turn = g_strdup_printf ("{\"type\":\"turn\",\"seat\":0,"
                                               "\"number_card\":0,\"effect_card\":1,"
                                               "\"street\":%u,\"house\":%u,\"number\":%u}",
                                               r <= 11 ? 2 : 3, r <= 11 ? r : r - 11, r);

      apply_refused (state, "{\"type\":\"solo_card\"}", ILLEGAL);
      apply_ok (state, reveal);
      apply_ok (state, turn);
    }
  /* Sam has played round 13: the next draw is round 14's and may hold the solo card */
  apply_ok (state, "{\"type\":\"solo_card\"}");
  /* n°1 claimed after it, still in round 13 by the ledger: the lower value 4, not 8 */
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
                   "{\"street\":1,\"from\":7,\"to\":9}]}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 4);
  R->state_free (state);

  /* tables saved before the rule was kept (no such member): the card may come any time */
  g_clear_pointer (&setup, json_object_unref);
  setup = R->default_setup (1);
  json_object_remove_member (json_object_get_object_member (setup, "tables"),
                             "solo_card_first_round");
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  apply_ok (state, "{\"type\":\"solo_card\"}");
  R->state_free (state);

  /* a first round past the deck is refused */
  g_clear_pointer (&setup, json_object_unref);
  setup = R->default_setup (1);
  json_object_set_int_member (json_object_get_object_member (setup, "tables"),
                              "solo_card_first_round", 28);
  g_assert_null (R->state_new (setup, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
}

/* ---- end of the game ---- */

static const char *
first_trigger (gpointer state,
               gboolean *ended)
{
  static char buffer[32];
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *triggers = json_object_get_array_member (score, "end_triggers");

  *ended = json_object_get_boolean_member (score, "ended");
  g_strlcpy (buffer, json_array_get_length (triggers) > 0
                     ? json_array_get_string_element (triggers, 0) : "", sizeof buffer);
  return buffer;
}

static void
test_end (void)
{
  gpointer state = new_state (2, NULL);
  gboolean ended;
  /* nothing but 0..5 fits seat 0's sheet */
  SheetSpec crowded = {
    { ". 1 2 3 4 5 6 7 8 9", ". 6 7 8 9 10 11 12 13 14 15", ". 5 6 7 8 9 10 11 12 13 14 15" },
    { 0, 0, 0 }, 0, { 0 }, 2, NULL
  };
  SheetSpec full = {
    { "0 1 2 3 4 5 6 7 8 9", "0 6 7 8 9 10 11 12 13 14 15", "0 5 6 7 8 9 10 11 12 13 14 15" },
    { 0, 0, 0 }, 0, { 0 }, 0, NULL
  };

  import_ok (state, 0, &crowded);
  g_assert_cmpstr (first_trigger (state, &ended), ==, "");
  apply_ok (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":7,\"effect\":\"pool\"},"
                   "{\"number\":9,\"effect\":\"surveyor\"},{\"number\":12,\"effect\":\"bis\"}]}");
  apply_ok (state, "{\"type\":\"refuse\",\"seat\":0}");
  /* the third refusal triggers the end; the round is played to its end */
  g_assert_cmpstr (first_trigger (state, &ended), ==, "refusals");
  g_assert_false (ended);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card\":0,\"street\":1,\"house\":5,"
                   "\"number\":7}");
  first_trigger (state, &ended);
  g_assert_true (ended);
  g_assert_cmpint (points (state, 0, "refusals"), ==, -5);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":1,\"card_number\":3,\"effect\":\"pool\","
                        "\"street\":1,\"house\":1,\"number\":3}", ILLEGAL);
  apply_refused (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":7,\"effect\":\"pool\"},"
                        "{\"number\":9,\"effect\":\"surveyor\"},{\"number\":12,\"effect\":\"bis\"}]}",
                 ILLEGAL);
  /* a refusal beyond the track's three boxes is impossible */
  crowded.refusals = 4;
  import_refused (state, 0, &crowded);
  R->state_free (state);

  /* every house built */
  state = new_state (2, NULL);
  import_ok (state, 1, &full);
  g_assert_cmpstr (first_trigger (state, &ended), ==, "houses");
  g_assert_false (ended);
  R->state_free (state);

  /* all three plans by one player (default plans 1×6, 1,1,1,6 and 1,2,6) */
  state = new_state (2, NULL);
  {
    SheetSpec plans = {
      { "1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10", "0 1 2 3 4 5 | 6 7 8 9 | 10",
        "0 1 2 3 4 5 | 6 | 7 8 | 9 10 11" },
      { 0, 0, 0 }, 0, { 0 }, 0,
      "[{\"round\":1,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},{\"street\":1,\"from\":2,\"to\":2},"
      "{\"street\":1,\"from\":3,\"to\":3},{\"street\":1,\"from\":4,\"to\":4},"
      "{\"street\":1,\"from\":5,\"to\":5},{\"street\":1,\"from\":6,\"to\":6}]},"
      "{\"round\":2,\"estates\":[{\"street\":1,\"from\":7,\"to\":7},{\"street\":1,\"from\":8,\"to\":8},"
      "{\"street\":1,\"from\":9,\"to\":9},{\"street\":2,\"from\":1,\"to\":6}]},"
      "{\"round\":3,\"estates\":[{\"street\":1,\"from\":10,\"to\":10},{\"street\":3,\"from\":8,\"to\":9},"
      "{\"street\":3,\"from\":1,\"to\":6}]}]"
    };
    import_ok (state, 0, &plans);
    /* 8 + 11 + 12, all first */
    g_assert_cmpint (points (state, 0, "plans"), ==, 31);
    /* every house is built too; the triggers are listed refusals, plans, houses */
    g_assert_cmpstr (first_trigger (state, &ended), ==, "plans");
    /* the same estate twice in one sheet is refused */
    plans.plans = "[{\"round\":1,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},{\"street\":1,\"from\":2,\"to\":2},"
      "{\"street\":1,\"from\":3,\"to\":3},{\"street\":1,\"from\":4,\"to\":4},"
      "{\"street\":1,\"from\":5,\"to\":5},{\"street\":1,\"from\":6,\"to\":6}]},"
      "{\"round\":2,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},{\"street\":1,\"from\":8,\"to\":8},"
      "{\"street\":1,\"from\":9,\"to\":9},{\"street\":2,\"from\":1,\"to\":6}]},null]";
    import_refused (state, 0, &plans);
  }
  R->state_free (state);
}

/* ---- the draft (advanced rules): each player's own three cards ---- */

static void
test_draft (void)
{
  gpointer state = new_state (2, "{\"draft\":true,\"variant\":\"intermediate\"}");

  /* a hand needs its seat */
  apply_refused (state, REVEAL_A, INVALID);
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":0,\"cards\":[{\"number\":3,\"effect\":\"pool\"},"
                   "{\"number\":8,\"effect\":\"temp\"},{\"number\":12,\"effect\":\"bis\"}]}");
  /* seat 1 has no hand recorded: it gives the card itself */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card_number\":4,\"effect\":\"pool\","
                   "\"street\":2,\"house\":4,\"number\":4,\"pool\":true}");
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card\":1,\"street\":1,\"house\":1,"
                        "\"number\":8}", INVALID);
  /* 12 (card 2) with the temp of card 1: 10 */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":2,\"effect_card\":1,"
                   "\"street\":1,\"house\":9,\"number\":10}");
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  g_assert_cmpint (points (state, 1, "pools"), ==, 3);

  /* seat 0 kept card 0 (3, pool) and passes it to the next seat: seat 1's next hand must
   * hold it; seat 0's own next hand need not hold anything from seat 1 (it recorded no hand) */
  apply_refused (state, "{\"type\":\"reveal\",\"seat\":1,\"cards\":[{\"number\":4,"
                        "\"effect\":\"pool\"},{\"number\":8,\"effect\":\"temp\"},"
                        "{\"number\":12,\"effect\":\"bis\"}]}", ILLEGAL);
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":1,\"cards\":[{\"number\":5,"
                   "\"effect\":\"bis\"},{\"number\":3,\"effect\":\"pool\"},"
                   "{\"number\":12,\"effect\":\"surveyor\"}]}");
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":0,\"cards\":[{\"number\":1,"
                   "\"effect\":\"bis\"},{\"number\":2,\"effect\":\"pool\"},"
                   "{\"number\":14,\"effect\":\"surveyor\"}]}");
  R->state_free (state);

  /* passing to the previous seat: seat 0's card goes to seat 1 in a two-player game as well,
   * so use three players: seat 0 passes to seat 2 */
  state = new_state (3, "{\"draft\":true,\"draft_pass\":\"previous\"}");
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":0,\"cards\":[{\"number\":3,\"effect\":\"pool\"},"
                   "{\"number\":8,\"effect\":\"temp\"},{\"number\":12,\"effect\":\"bis\"}]}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":0,\"effect_card\":2,"
                   "\"street\":1,\"house\":2,\"number\":3}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card_number\":4,\"effect\":\"pool\","
                   "\"street\":2,\"house\":4,\"number\":4}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":2,\"card_number\":4,\"effect\":\"pool\","
                   "\"street\":2,\"house\":4,\"number\":4}");
  /* seat 0 kept card 1 (8, temp): seat 1 need not have it, seat 2 must */
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":1,\"cards\":[{\"number\":1,\"effect\":\"pool\"},"
                   "{\"number\":2,\"effect\":\"pool\"},{\"number\":3,\"effect\":\"pool\"}]}");
  apply_refused (state, "{\"type\":\"reveal\",\"seat\":2,\"cards\":[{\"number\":1,\"effect\":\"pool\"},"
                        "{\"number\":2,\"effect\":\"pool\"},{\"number\":3,\"effect\":\"pool\"}]}",
                 ILLEGAL);
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":2,\"cards\":[{\"number\":1,\"effect\":\"pool\"},"
                   "{\"number\":8,\"effect\":\"temp\"},{\"number\":3,\"effect\":\"pool\"}]}");
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

/* ---- random legal-play simulation ---- */

/* The test's own reading of a street (not the engine's): may @value go in house @h? */
static gboolean
sim_fits (JsonArray *houses,
          guint      h,
          gint64     value)
{
  guint n = json_array_get_length (houses);

  if (!JSON_NODE_HOLDS_NULL (json_array_get_element (houses, h)))
    return FALSE;
  for (gint i = (gint) h - 1; i >= 0; i--)
    {
      JsonNode *node = json_array_get_element (houses, i);
      JsonObject *box;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      box = json_node_get_object (node);
      if (json_object_has_member (box, "roundabout"))
        break;
      if (json_object_get_int_member (box, "number") >= value)
        return FALSE;
    }
  for (guint i = h + 1; i < n; i++)
    {
      JsonNode *node = json_array_get_element (houses, i);
      JsonObject *box;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      box = json_node_get_object (node);
      if (json_object_has_member (box, "roundabout"))
        break;
      if (json_object_get_int_member (box, "number") <= value)
        return FALSE;
    }
  return TRUE;
}

static JsonArray *
sim_houses (JsonObject *state_json,
            guint       seat,
            guint       s)
{
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (state_json,
                                                                                      "players"),
                                                      seat);
  JsonObject *sheet = json_object_get_object_member (player, "sheet");
  JsonObject *street = json_array_get_object_element (json_object_get_array_member (sheet,
                                                                                      "streets"),
                                                      s);
  return json_object_get_array_member (street, "houses");
}

/* The invariants: within every roundabout-delimited part of every street the regular numbers
 * strictly increase and no number is below one to its left; a bis equals its neighbour; every
 * total is the sum of its categories; a copy prints the same; the sheet exports and imports. */
static void
sim_check (gpointer state)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  g_autofree char *text = tk_rules_json_to_string (json);
  gpointer copy = R->state_copy (state);
  g_autofree char *copy_text = state_json (copy);

  g_assert_cmpstr (text, ==, copy_text);
  for (guint seat = 0; seat < json_array_get_length (players); seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (player, "breakdown");
      gint64 sum = 0;
      g_autoptr(JsonObject) doc = tk_welcome_to_export_sheet (state, seat);
      g_autoptr(JsonObject) action = tk_welcome_to_import_action (doc, seat);
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        sum += json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                           "points");
      g_assert_cmpint (sum, ==, json_object_get_int_member (player, "total"));
      g_assert_cmpint (json_array_get_length (breakdown), ==, 8);

      for (guint s = 0; s < 3; s++)
        {
          JsonArray *houses = sim_houses (json, seat, s);
          gint64 last = -1, last_regular = -1;

          for (guint h = 0; h < json_array_get_length (houses); h++)
            {
              JsonNode *node = json_array_get_element (houses, h);
              JsonObject *box;
              gint64 v;

              if (JSON_NODE_HOLDS_NULL (node))
                continue;
              box = json_node_get_object (node);
              if (json_object_has_member (box, "roundabout"))
                {
                  last = last_regular = -1;
                  continue;
                }
              v = json_object_get_int_member (box, "number");
              g_assert_cmpint (v, >=, 0);
              g_assert_cmpint (v, <=, 17);
              g_assert_cmpint (v, >=, last);
              if (json_object_has_member (box, "bis"))
                {
                  gint d = g_str_equal (json_object_get_string_member (box, "bis"), "left")
                           ? -1 : 1;
                  JsonObject *src = json_array_get_object_element (houses, h + d);
                  g_assert_cmpint (json_object_get_int_member (src, "number"), ==, v);
                }
              else
                {
                  g_assert_cmpint (v, >, last_regular);
                  last_regular = v;
                }
              last = v;
            }
        }
      /* the exported sheet passes the import checks */
      g_assert_true (R->apply (copy, action, &error));
      g_assert_no_error (error);
      after = state_json (copy);
      g_assert_cmpstr (after, ==, text);
    }
  R->state_free (copy);
}

/* Applies @action_json; on refusal checks the state did not move. */
static guint sim_accepted[8];

static gboolean
sim_try (gpointer    state,
         const char *action_json)
{
  g_autoptr(JsonObject) action = parse (action_json);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = state_json (state);
  g_autofree char *after = NULL;
  gpointer snapshot = R->state_copy (state);
  g_autofree char *kept = NULL;
  gboolean ok = R->apply (state, action, &error);

  /* undo restores the snapshot taken before: it must not have moved with the state */
  kept = state_json (snapshot);
  g_assert_cmpstr (kept, ==, before);
  R->state_free (snapshot);
  if (ok)
    {
      static const char *const kinds[] = { "turn", "refuse", "claim", "roundabout", "reveal",
                                           "solo_card" };
      const char *type = json_object_get_string_member (action, "type");

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        if (g_str_equal (type, kinds[k]))
          sim_accepted[k]++;
      if (strstr (action_json, "\"bis\":{") != NULL)
        sim_accepted[6]++;
      if (strstr (action_json, "\"fence\":{") != NULL)
        sim_accepted[7]++;
      sim_check (state);
      return TRUE;
    }
  g_assert_nonnull (error);
  after = state_json (state);
  g_assert_cmpstr (before, ==, after);
  return FALSE;
}

static const char *const sim_effects[] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

/* A random effect use for @effect, right or wrong. */
static char *
sim_effect_members (GRand      *rand,
                    const char *effect,
                    guint       street,
                    guint       house)
{
  guint k = g_rand_int_range (rand, 0, 10);

  if (k == 0)  /* sometimes a member of another effect */
    effect = sim_effects[g_rand_int_range (rand, 0, 6)];
  if (k == 1)
    return g_strdup ("");
  if (g_str_equal (effect, "surveyor"))
    return g_strdup_printf (",\"fence\":{\"street\":%d,\"after\":%d}",
                            g_rand_int_range (rand, 1, 4), g_rand_int_range (rand, 1, 11));
  if (g_str_equal (effect, "real_estate"))
    return g_strdup_printf (",\"column\":%d", g_rand_int_range (rand, 1, 7));
  if (g_str_equal (effect, "landscaper"))
    return g_strdup (",\"park\":true");
  if (g_str_equal (effect, "pool"))
    return g_strdup (",\"pool\":true");
  if (g_str_equal (effect, "temp"))
    return g_strdup (g_rand_boolean (rand) ? ",\"temp\":true" : "");
  {
    guint bh = g_rand_boolean (rand) ? house + 1 : house - 1;
    guint from = g_rand_boolean (rand) ? bh + 1 : bh - 1;

    if (g_rand_boolean (rand))
      {
        street = g_rand_int_range (rand, 1, 4);
        bh = g_rand_int_range (rand, 1, 13);
        from = bh + (g_rand_boolean (rand) ? 1 : -1);
      }
    return g_strdup_printf (",\"bis\":{\"street\":%u,\"house\":%u,\"from\":%u}",
                            street, bh, from);
  }
}

static void
sim_game (guint32 seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint n = g_rand_int_range (rand, 1, 5);
  gboolean solo = n == 1 && g_rand_boolean (rand);
  gboolean intermediate = g_rand_boolean (rand);
  gboolean draft = n >= 2 && g_rand_int_range (rand, 0, 4) == 0;
  g_autoptr(JsonObject) setup = R->default_setup (n);
  g_autoptr(JsonArray) table = tk_welcome_to_plan_table ();
  g_autoptr(GError) error = NULL;
  JsonArray *plans = json_array_new ();
  gpointer state;
  guint accepted_turns = 0;

  json_object_set_boolean_member (setup, "solo", solo);
  json_object_set_boolean_member (setup, "draft", draft);
  /* the simulation deals every hand from the round's three cards: passing is not followed */
  json_object_set_string_member (setup, "draft_pass", "unchecked");
  json_object_set_string_member (setup, "variant", intermediate ? "intermediate" : "basic");
  for (guint number = 1; number <= 3; number++)
    {
      GPtrArray *choices = g_ptr_array_new ();
      JsonObject *plan;

      for (guint i = 0; i < json_array_get_length (table); i++)
        {
          JsonObject *p = json_array_get_object_element (table, i);
          if (json_object_get_int_member (p, "number") == number &&
              (intermediate || !json_object_get_boolean_member (p, "advanced")))
            g_ptr_array_add (choices, p);
        }
      plan = choices->pdata[g_rand_int_range (rand, 0, choices->len)];
      json_array_add_object_element (plans, json_object_ref (plan));
      g_ptr_array_free (choices, TRUE);
    }
  json_object_set_array_member (setup, "plans", plans);
  state = R->state_new (setup, &error);
  g_assert_no_error (error);

  for (guint round = 0; round < 40; round++)
    {
      char cards_text[256];
      gint numbers[3], effects[3];
      gboolean reveal = solo || draft || g_rand_int_range (rand, 0, 10) < 7;
      g_autoptr(JsonObject) over_check = R->score (state);

      if (json_object_get_boolean_member (over_check, "ended"))
        break;
      for (guint c = 0; c < 3; c++)
        {
          numbers[c] = g_rand_int_range (rand, 1, 16);
          effects[c] = g_rand_int_range (rand, 0, 6);
        }
      g_snprintf (cards_text, sizeof cards_text,
                  "[{\"number\":%d,\"effect\":\"%s\"},{\"number\":%d,\"effect\":\"%s\"},"
                  "{\"number\":%d,\"effect\":\"%s\"}]", numbers[0], sim_effects[effects[0]],
                  numbers[1], sim_effects[effects[1]], numbers[2], sim_effects[effects[2]]);
      if (reveal && !draft)
        {
          g_autofree char *a = g_strdup_printf ("{\"type\":\"reveal\",\"cards\":%s}", cards_text);
          g_assert_true (sim_try (state, a));
        }
      if (solo && round == 13)   /* round 14: the first that may hold the solo card */
        g_assert_true (sim_try (state, "{\"type\":\"solo_card\"}"));

      for (guint seat = 0; seat < n; seat++)
        {
          gboolean done = FALSE;

          if (draft)
            {
              g_autofree char *a = g_strdup_printf ("{\"type\":\"reveal\",\"seat\":%u,"
                                                    "\"cards\":%s}", seat, cards_text);
              g_assert_true (sim_try (state, a));
            }
          if (intermediate && g_rand_int_range (rand, 0, 8) == 0)
            {
              g_autofree char *a = g_strdup_printf ("{\"type\":\"roundabout\",\"seat\":%u,"
                                                    "\"street\":%d,\"house\":%d}", seat,
                                                    g_rand_int_range (rand, 1, 4),
                                                    g_rand_int_range (rand, 1, 13));
              sim_try (state, a);
            }
          for (guint attempt = 0; attempt < 12 && !done; attempt++)
            {
              guint i = g_rand_int_range (rand, 0, 3);
              guint j = (i + g_rand_int_range (rand, 1, 3)) % 3;
              gint number = numbers[i];
              const char *effect = (solo || draft) ? sim_effects[effects[j]]
                                                   : sim_effects[effects[i]];
              guint s = g_rand_int_range (rand, 1, 4);
              guint h = g_rand_int_range (rand, 1, 13);
              gint written = number + (g_str_equal (effect, "temp")
                                       ? g_rand_int_range (rand, -3, 4)
                                       : (g_rand_int_range (rand, 0, 10) == 0 ? 1 : 0));
              g_autofree char *members = sim_effect_members (rand, effect, s, h);
              g_autofree char *pick = NULL;
              g_autofree char *a = NULL;
              g_autoptr(JsonObject) before = R->to_json (state);
              JsonArray *houses;

              if (solo || draft)
                pick = g_strdup_printf ("\"number_card\":%u,\"effect_card\":%u", i, j);
              else if (reveal)
                pick = g_strdup_printf ("\"card\":%u", i);
              else
                pick = g_strdup_printf ("\"card_number\":%d,\"effect\":\"%s\"", number, effect);
              a = g_strdup_printf ("{\"type\":\"turn\",\"seat\":%u,%s,\"street\":%u,"
                                   "\"house\":%u,\"number\":%d%s}", seat, pick, s, h, written,
                                   members);
              done = sim_try (state, a);
              if (done)
                {
                  /* the engine never accepts a write its own rules forbid: check on the
                   * sheet as it was */
                  houses = sim_houses (before, seat, s - 1);
                  g_assert_cmpuint (h, <=, json_array_get_length (houses));
                  g_assert_true (sim_fits (houses, h - 1, written));
                  accepted_turns++;
                }
            }
          if (!done)
            {
              /* find a legal write with the test's own reading; the engine must take it, and
               * must refuse the permit refusal while it exists */
              g_autoptr(JsonObject) json = R->to_json (state);
              g_autofree char *refuse = g_strdup_printf ("{\"type\":\"refuse\",\"seat\":%u%s%s}",
                                                         seat, reveal ? "" : ",\"cards\":",
                                                         reveal ? "" : cards_text);

              for (guint i = 0; i < 3 && !done; i++)
                for (guint j = 0; j < 3 && !done; j++)
                  {
                    const char *effect;
                    gint change;

                    if ((solo || draft) ? i == j : i != j)
                      continue;
                    effect = sim_effects[effects[(solo || draft) ? j : i]];
                    change = g_str_equal (effect, "temp") ? 2 : 0;
                    for (gint v = numbers[i] - change; v <= numbers[i] + change && !done; v++)
                      for (guint s = 0; s < 3 && !done && v >= 0 && v <= 17; s++)
                        {
                          JsonArray *houses = sim_houses (json, seat, s);

                          for (guint h = 0; h < json_array_get_length (houses) && !done; h++)
                            if (sim_fits (houses, h, v))
                              {
                                g_autofree char *pick = NULL;
                                g_autofree char *a = NULL;

                                g_assert_false (sim_try (state, refuse));
                                if (solo || draft)
                                  pick = g_strdup_printf ("\"number_card\":%u,\"effect_card\":%u",
                                                          i, j);
                                else if (reveal)
                                  pick = g_strdup_printf ("\"card\":%u", i);
                                else
                                  pick = g_strdup_printf ("\"card_number\":%d,\"effect\":\"%s\"",
                                                          numbers[i], effect);
                                a = g_strdup_printf ("{\"type\":\"turn\",\"seat\":%u,%s,"
                                                     "\"street\":%u,\"house\":%u,\"number\":%d}",
                                                     seat, pick, s + 1, h + 1, v);
                                if (!sim_try (state, a))
                                  g_error ("seed %u: a legal write was refused: %s", seed, a);
                                done = TRUE;
                              }
                        }
                  }
              if (!done)
                g_assert_true (sim_try (state, refuse));
            }
        }

      /* claims: for estate plans, the first estates of the wanted sizes (the engine decides) */
      for (guint seat = 0; seat < n; seat++)
        for (guint p = 1; p <= 3; p++)
          {
            g_autofree char *a = NULL;
            JsonObject *plan = json_array_get_object_element (plans, p - 1);

            if (g_str_equal (json_object_get_string_member (plan, "kind"), "estates"))
              {
                g_autoptr(JsonObject) json = R->to_json (state);
                JsonArray *sizes = json_object_get_array_member (plan, "sizes");
                GString *list = g_string_new (NULL);
                gboolean taken[3][13] = { { FALSE } };

                for (guint k = 0; k < json_array_get_length (sizes); k++)
                  {
                    gint64 want = json_array_get_int_element (sizes, k);
                    gboolean found = FALSE;

                    for (guint s = 0; s < 3 && !found; s++)
                      {
                        JsonObject *player = json_array_get_object_element (
                          json_object_get_array_member (json, "players"), seat);
                        JsonObject *street = json_array_get_object_element (
                          json_object_get_array_member (json_object_get_object_member (player,
                                                                                       "sheet"),
                                                        "streets"), s);
                        JsonArray *houses = json_object_get_array_member (street, "houses");
                        JsonArray *fences = json_object_get_array_member (street, "fences");
                        guint len = json_array_get_length (houses);
                        gboolean fence[13] = { FALSE };
                        guint start = 0;

                        for (guint f = 0; f < json_array_get_length (fences); f++)
                          fence[json_array_get_int_element (fences, f) - 1] = TRUE;
                        for (guint k2 = 0; k2 < len && !found; k2++)
                          if (k2 == len - 1 || fence[k2])
                            {
                              gboolean full = TRUE;

                              for (guint x = start; x <= k2; x++)
                                {
                                  JsonNode *node = json_array_get_element (houses, x);
                                  full = full && !JSON_NODE_HOLDS_NULL (node) &&
                                         json_object_has_member (json_node_get_object (node),
                                                                 "number");
                                }
                              if (full && k2 - start + 1 == want && !taken[s][start])
                                {
                                  taken[s][start] = TRUE;
                                  found = TRUE;
                                  g_string_append_printf (list, "%s{\"street\":%u,\"from\":%u,"
                                                          "\"to\":%u}", list->len ? "," : "",
                                                          s + 1, start + 1, k2 + 1);
                                }
                              start = k2 + 1;
                            }
                      }
                  }
                a = g_strdup_printf ("{\"type\":\"claim\",\"seat\":%u,\"plan\":%u,"
                                     "\"estates\":[%s]}", seat, p, list->str);
                g_string_free (list, TRUE);
              }
            else
              a = g_strdup_printf ("{\"type\":\"claim\",\"seat\":%u,\"plan\":%u}", seat, p);
            sim_try (state, a);
          }
    }
  g_assert_cmpuint (accepted_turns, >, 0);
  R->state_free (state);
}

static void
test_simulation (void)
{
  for (guint32 seed = 1; seed <= 80; seed++)
    sim_game (seed);
  g_test_message ("accepted: %u turns, %u refusals, %u claims, %u roundabouts, %u reveals, "
                  "%u solo cards, %u bis, %u fences", sim_accepted[0], sim_accepted[1],
                  sim_accepted[2], sim_accepted[3], sim_accepted[4], sim_accepted[5],
                  sim_accepted[6], sim_accepted[7]);
  /* the simulation reaches every kind of play */
  for (guint k = 0; k < G_N_ELEMENTS (sim_accepted); k++)
    g_assert_cmpuint (sim_accepted[k], >, 0);
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
  g_test_add_func ("/welcome-to/solo-card-timing", test_solo_card_timing);
  g_test_add_func ("/welcome-to/solo-plans", test_solo_plans);
  g_test_add_func ("/welcome-to/plan-houses", test_plan_houses);
  g_test_add_func ("/welcome-to/bis-fence-option", test_bis_fence_option);
  g_test_add_func ("/welcome-to/estates", test_estates);
  g_test_add_func ("/welcome-to/roundabouts", test_roundabouts);
  g_test_add_func ("/welcome-to/plans", test_plans);
  g_test_add_func ("/welcome-to/advanced-plans", test_advanced_plans);
  g_test_add_func ("/welcome-to/seed-examples", test_seed_examples);
  g_test_add_func ("/welcome-to/solo", test_solo);
  g_test_add_func ("/welcome-to/two-sheets", test_two_sheets);
  g_test_add_func ("/welcome-to/tie-break", test_tie_break);
  g_test_add_func ("/welcome-to/rounds", test_rounds);
  g_test_add_func ("/welcome-to/end", test_end);
  g_test_add_func ("/welcome-to/draft", test_draft);
  g_test_add_func ("/welcome-to/exchange", test_exchange);
  g_test_add_func ("/welcome-to/session-file", test_session_file);
  g_test_add_func ("/welcome-to/full-game", test_full_game);
  g_test_add_func ("/welcome-to/solo-game", test_solo_game);
  g_test_add_func ("/welcome-to/simulation", test_simulation);
  return g_test_run ();
}
