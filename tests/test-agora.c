/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agora.c — Agora: turn order, income, events, buying, borrowing, the end, and random
 * legal games checking that money and cards are conserved and that copies restore exactly. */
#include "config.h"

#include "tk-rules.h"
#include "agora/tk-agora-rules.h"
#include "tk-session.h"
#include "tk-test-rules.h"

#define R (tk_agora_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused (R, state, action, code, NULL)

static gint64
money (gpointer state,
       guint    seat)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  JsonArray *players = json_object_get_array_member (json, "players");

  return json_object_get_int_member (json_array_get_object_element (players, seat), "money");
}

static const char *
phase (gpointer state)
{
  static char buffer[32];
  g_autoptr(JsonObject) json = R->to_json (state);

  g_strlcpy (buffer, json_object_get_string_member (json, "phase"), sizeof buffer);
  return buffer;
}

/* "id:owner:marks:doors:cards" per shop, e.g. "1:-:2:3:1 2:0:3:2:1,2". */
static char *
shops (gpointer state)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  JsonArray *array = json_object_get_array_member (json, "shops");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *shop = json_array_get_object_element (array, i);
      JsonArray *cards = json_object_get_array_member (shop, "cards");
      JsonNode *owner = json_object_get_member (shop, "owner");

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, "%" G_GINT64_FORMAT ":", json_object_get_int_member (shop, "id"));
      if (JSON_NODE_HOLDS_NULL (owner))
        g_string_append_c (out, '-');
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (owner));
      g_string_append_printf (out, ":%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT ":",
                              json_object_get_int_member (shop, "marks"),
                              json_object_get_int_member (shop, "doors"));
      for (guint c = 0; c < json_array_get_length (cards); c++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, c > 0 ? "," : "",
                                json_array_get_int_element (cards, c));
    }
  return g_string_free (out, FALSE);
}

/* "money/rank/winner" per seat plus the result, e.g. "52/1/w 10/2/- win". */
static char *
summary (gpointer state)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      g_string_append_printf (out, "%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT "/%s ",
                              json_object_get_int_member (p, "total"),
                              json_object_get_int_member (p, "rank"),
                              json_object_get_boolean_member (p, "winner") ? "w" : "-");
    }
  g_string_append (out, json_object_get_string_member (score, "result"));
  return g_string_free (out, FALSE);
}

#define TWO "{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"B\"}]"
#define THREE "{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"B\"}," \
              "{\"name\":\"Cleo\",\"letter\":\"C\"}]"

static void
test_setup (void)
{
  const char *bad[] = {
    "{\"players\":[{\"name\":\"Ana\"}]}",
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"},{\"name\":\"C\"},{\"name\":\"D\"},{\"name\":\"E\"}]}",
    "{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"A\"}]}",
    "{\"players\":[{\"name\":\"Ana\",\"letter\":\"E\"},{\"name\":\"Ben\"}]}",
    "{\"players\":[{\"name\":\"Ana\",\"letter\":1},{\"name\":\"Ben\"}]}",
    TWO ",\"goal_rule\":\"beyond\"}",
    TWO ",\"goal\":0}",
    TWO ",\"start_money\":\"ten\"}",
    TWO ",\"cards_per_letter\":0}",
  };
  g_autoptr(JsonObject) setup = R->default_setup (4);
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  gpointer state;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonObject) object = parse (bad[i]);
      g_autoptr(GError) local_error = NULL;

      g_assert_null (R->state_new (object, &local_error));
      g_assert_error (local_error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
    }

  /* Defaults: $10 each, goal 50 "over", 9 cards per letter = 36. */
  g_assert_cmpint (json_object_get_int_member (setup, "start_money"), ==, 10);
  g_assert_cmpint (json_object_get_int_member (setup, "goal"), ==, 50);
  g_assert_cmpstr (json_object_get_string_member (setup, "goal_rule"), ==, "over");
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  g_assert_cmpint (money (state, 3), ==, 10);
  g_assert_cmpuint (tk_agora_rules_cards_left (state, 'A'), ==, 9);
  g_assert_cmpuint (tk_agora_rules_cards_left (state, 'D'), ==, 9);
  json = state_json (state);
  g_assert_nonnull (strstr (json, "\"deck_total\":36"));
  g_assert_cmpstr (phase (state), ==, "first_card");
  R->state_free (state);

  /* Editable starting money. */
  state = new_state (TWO ",\"start_money\":25}");
  g_assert_cmpint (money (state, 1), ==, 25);
  R->state_free (state);
}

static void
test_first_player (void)
{
  gpointer state = new_state (THREE "}");

  /* The first card is C: Cleo (seat 2) starts; the card is off the deck. */
  apply_refused (state, "{\"type\":\"income\"}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"first_card\",\"letter\":\"C\",\"seat\":0}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"C\",\"new_shops\":[{\"marks\":1,\"doors\":3}]}");
  g_assert_cmpuint (tk_agora_rules_cards_left (state, 'C'), ==, 8);
  {
    g_autoptr(JsonObject) json = R->to_json (state);
    g_assert_cmpint (json_object_get_int_member (json, "active"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (json, "deck_total"), ==, 35);
  }
  /* Chance the next card hits: A 9/35, B 9/35, C 8/35. */
  g_assert_cmpfloat_with_epsilon (tk_agora_rules_hit_chance (state, 0), 9.0 / 35, 1e-12);
  g_assert_cmpfloat_with_epsilon (tk_agora_rules_hit_chance (state, 2), 8.0 / 35, 1e-12);
  R->state_free (state);

  /* Two players A and B, first card D: nobody has it, a seat chosen at random is needed. */
  state = new_state (TWO "}");
  apply_refused (state, "{\"type\":\"first_card\",\"letter\":\"D\"}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"first_card\",\"letter\":\"E\"}", TK_RULES_ERROR_INVALID);
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"D\",\"seat\":1}");
  {
    g_autoptr(JsonObject) json = R->to_json (state);
    g_assert_cmpint (json_object_get_int_member (json, "active"), ==, 1);
  }
  R->state_free (state);
}

/* Ana (A) and Ben (B); first card A with shop 1 (2 circles, 3 doors) and shop 2 (1 circle,
 * 4 doors).  Ana buys shop 1 for $3, Ben buys shop 2 for $4. */
static gpointer
two_shops (const char *setup_json,
           gint64      start)
{
  gpointer state = new_state (setup_json);

  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":2,\"doors\":3},{\"marks\":1,\"doors\":4}]}");
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ana's first: $0 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 10 − 3 = 7 */
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ben's first: $0 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":2}");                 /* Ben 10 − 4 = 6 */
  g_assert_cmpint (money (state, 0), ==, start - 3);
  g_assert_cmpint (money (state, 1), ==, start - 4);
  return state;
}

static void
test_income_and_buying (void)
{
  gpointer state = two_shops (TWO "}", 10);
  g_autofree char *s = NULL;

  /* Ana's second turn: shop 1 has 3 open doors → 7 + 3 = 10. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 0), ==, 10);
  apply_refused (state, "{\"type\":\"income\"}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"buy\",\"shop\":1}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\"}");           /* not Ana's letter */
  /* The card: a new shop 3 (1 circle, 2 doors), shop 1 grows onto it (3 circles, 2 doors),
   * and its corner closes one of shop 2's doors (4 → 3). */
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":1,\"doors\":2}],"
                   "\"extend\":[{\"shop\":1,\"marks\":3,\"doors\":2}],"
                   "\"doors\":[{\"shop\":2,\"doors\":3}]}");
  s = shops (state);
  g_assert_cmpstr (s, ==, "1:0:3:2:1,4 2:1:1:3:1 3:-:1:2:4");
  /* Buying refusals: owned shops, unknown shops. */
  apply_refused (state, "{\"type\":\"buy\",\"shop\":2}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"buy\",\"shop\":9}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"buy\"}", TK_RULES_ERROR_INVALID);
  apply_ok (state, "{\"type\":\"buy\",\"shop\":3}");                 /* 10 − 2 = 8 */
  g_assert_cmpint (money (state, 0), ==, 8);
  /* Ben: shop 2 now earns 3 → 6 + 3 = 9. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 1), ==, 9);
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "8/2/- 9/1/- playing");
  R->state_free (state);
}

static void
test_borrowing_and_closed_shop (void)
{
  gpointer state = new_state (TWO ",\"start_money\":2}");

  /* A 6-door shop bought with $2: Ana owes $4 (money −4); a closed shop costs $0; a shop with
   * no circle cannot be bought. */
  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":2,\"doors\":6},{\"marks\":1,\"doors\":0},{\"marks\":0,\"doors\":2}]}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"B\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_refused (state, "{\"type\":\"buy\",\"shop\":3}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");
  g_assert_cmpint (money (state, 0), ==, 2 - 6);
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":2}");
  g_assert_cmpint (money (state, 1), ==, 2);                         /* 2 − 0 */
  /* Ana's income pays the debt back: −4 + 6 = 2. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 0), ==, 2);
  R->state_free (state);
}

/* Three players; shops: 1 Ana (3 circles, cards 1,2), 2 Ben (2 circles, card 2),
 * 3 unowned (card 1), 4 Cleo (2 circles, card 3). */
static gpointer
event_table (void)
{
  gpointer state = new_state (THREE "}");

  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":2,\"doors\":3},{\"marks\":1,\"doors\":2}]}");
  /* Ana */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":2,\"doors\":4}],"
                   "\"extend\":[{\"shop\":1,\"marks\":3,\"doors\":4}]}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 10 − 4 = 6 */
  /* Ben */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":2,\"doors\":5}]}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":3}");                 /* Ben 10 − 4 = 6 */
  /* Cleo */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":4}");                 /* Cleo 10 − 5 = 5 */
  {
    g_autofree char *s = shops (state);
    /* Shop numbers: 1 and 2 on card 1, 3 on card 2 (Ben's), 4 on card 3 (Cleo's). */
    g_assert_cmpstr (s, ==, "1:0:3:4:1,2 2:-:1:2:1 3:1:2:4:2 4:2:2:5:3");
  }
  g_assert_cmpint (money (state, 0), ==, 6);
  g_assert_cmpint (money (state, 1), ==, 6);
  g_assert_cmpint (money (state, 2), ==, 5);
  return state;
}

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

/* Seed 001 lets players act in turn; a turn action naming a player other than the one to act
 * is refused (it was played by the active player instead), and nothing changes. */
static void
test_turn_seat (void)
{
  gpointer state = two_shops (TWO "}", 10);

  /* Ana (seat 0) is to act. */
  apply_refused (state, "{\"type\":\"income\",\"seat\":1}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"income\",\"seat\":4}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"income\",\"seat\":0}");
  apply_refused (state, "{\"type\":\"draw\",\"seat\":1,\"letter\":\"C\"}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_refused (state, "{\"type\":\"place\",\"seat\":1}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"place\",\"seat\":0}");
  apply_refused (state, "{\"type\":\"buy\",\"seat\":1,\"shop\":3}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"pass\",\"seat\":1}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"pass\",\"seat\":0}");
  g_assert_cmpint (money (state, 0), ==, 10);                          /* 7 + 3 */
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

static void
test_merge (void)
{
  gpointer state = two_shops (TWO "}", 10);
  g_autofree char *s = NULL;

  /* Shop 3 appears unowned on card 4; then card 5 joins Ana's shop 1 with shop 3: merged into
   * shop 1, owned by Ana, on cards 1, 4 and 5.  Joining Ana's and Ben's shops is refused. */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":1,\"doors\":3}]}");
  apply_ok (state, "{\"type\":\"pass\"}");
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_refused (state, "{\"type\":\"place\",\"merge\":[{\"shops\":[1,2],\"marks\":3,\"doors\":4}]}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"place\",\"merge\":[{\"shops\":[1,3],\"marks\":2,\"doors\":4}]}",
                 TK_RULES_ERROR_ILLEGAL);                           /* 3 circles at least */
  apply_refused (state, "{\"type\":\"place\",\"merge\":[{\"shops\":[1],\"doors\":4}]}",
                 TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"type\":\"place\",\"merge\":[{\"shops\":[1,3],\"doors\":4}],"
                        "\"doors\":[{\"shop\":3,\"doors\":1}]}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"place\",\"extend\":[{\"shop\":1,\"marks\":1,\"doors\":4}]}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"place\",\"merge\":[{\"shops\":[3,1],\"marks\":4,\"doors\":4}]}");
  s = shops (state);
  g_assert_cmpstr (s, ==, "1:0:4:4:1,4,5 2:1:1:4:1");
  apply_refused (state, "{\"type\":\"buy\",\"shop\":3}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"pass\"}");
  /* Ana's merged shop earns 4: 7 + 3 (earlier) + 4. */
  apply_ok (state, "{\"type\":\"income\"}");
  g_assert_cmpint (money (state, 0), ==, 7 + 3 + 4);
  /* Corrections at any time: shop 1 has 2 open doors. */
  apply_ok (state, "{\"type\":\"edit_shop\",\"shop\":1,\"doors\":2}");
  apply_refused (state, "{\"type\":\"edit_shop\",\"shop\":1,\"marks\":0}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"edit_shop\",\"shop\":1,\"doors\":-1}", TK_RULES_ERROR_INVALID);
  g_free (s);
  s = shops (state);
  g_assert_cmpstr (s, ==, "1:0:4:2:1,4,5 2:1:1:4:1");
  apply_refused (state, "{\"type\":\"fly\"}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"kind\":\"draw\"}", TK_RULES_ERROR_INVALID);
  R->state_free (state);
}

static void
test_describe (void)
{
  gpointer state = event_table ();
  g_autoptr(JsonObject) a1 = parse ("{\"type\":\"income\"}");
  g_autoptr(JsonObject) a2 = parse ("{\"type\":\"draw\",\"letter\":\"A\",\"event\":\"fire\"}");
  g_autofree char *l1 = R->describe_action (state, a1);
  g_autofree char *l2 = NULL;

  g_assert_cmpstr (l1, ==, "Ana collects $4 income");
  apply_ok (state, "{\"type\":\"income\"}");
  l2 = R->describe_action (state, a2);
  g_assert_cmpstr (l2, ==, "Ana draws A: fire burns shop 1 (2 cards leave the game)");
  R->state_free (state);
}

/* ---- random legal games ---- */

static gint64
owner_of (JsonObject *shop)
{
  JsonNode *node = json_object_get_member (shop, "owner");
  return JSON_NODE_HOLDS_NULL (node) ? -1 : json_node_get_int (node);
}

static char *
random_placement (GRand      *rand,
                  JsonObject *json,
                  const char *type,
                  const char *letter)
{
  JsonArray *shops = json_object_get_array_member (json, "shops");
  guint n = json_array_get_length (shops);
  GString *out = g_string_new (NULL);
  guint n_new = g_rand_int_range (rand, 0, 4);
  gint64 used[3] = { 0, 0, 0 };

  g_string_append_printf (out, "{\"type\":\"%s\",\"letter\":\"%s\"", type, letter);
  if (g_str_equal (type, "first_card"))
    g_string_append (out, ",\"seat\":0");
  g_string_append (out, ",\"new_shops\":[");
  for (guint i = 0; i < n_new; i++)
    g_string_append_printf (out, "%s{\"marks\":%d,\"doors\":%d}", i ? "," : "",
                            g_rand_int_range (rand, 0, 4), g_rand_int_range (rand, 0, 5));
  g_string_append (out, "]");
  if (n > 0 && !g_str_equal (type, "first_card"))
    {
      JsonObject *a = json_array_get_object_element (shops, g_rand_int_range (rand, 0, n));
      JsonObject *b = json_array_get_object_element (shops, g_rand_int_range (rand, 0, n));
      gint64 ia = json_object_get_int_member (a, "id");
      gint64 ib = json_object_get_int_member (b, "id");

      used[0] = ia;
      if (g_rand_boolean (rand))
        g_string_append_printf (out, ",\"extend\":[{\"shop\":%" G_GINT64_FORMAT ",\"marks\":%"
                                G_GINT64_FORMAT ",\"doors\":%d}]", ia,
                                json_object_get_int_member (a, "marks") + g_rand_int_range (rand, 0, 3),
                                g_rand_int_range (rand, 0, 6));
      else if (ia != ib && (owner_of (a) < 0 || owner_of (b) < 0 || owner_of (a) == owner_of (b)))
        {
          used[1] = ib;
          g_string_append_printf (out, ",\"merge\":[{\"shops\":[%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                                  "],\"marks\":%" G_GINT64_FORMAT ",\"doors\":%d}]", ia, ib,
                                  json_object_get_int_member (a, "marks") +
                                  json_object_get_int_member (b, "marks") + g_rand_int_range (rand, 0, 2),
                                  g_rand_int_range (rand, 0, 6));
        }
      {
        JsonObject *c = json_array_get_object_element (shops, g_rand_int_range (rand, 0, n));
        gint64 ic = json_object_get_int_member (c, "id");
        if (ic != used[0] && ic != used[1])
          g_string_append_printf (out, ",\"doors\":[{\"shop\":%" G_GINT64_FORMAT ",\"doors\":%d}]",
                                  ic, g_rand_int_range (rand, 0, 4));
      }
    }
  g_string_append (out, "}");
  return g_string_free (out, FALSE);
}

/* Invariants: each player's money = start + income + festivals − spent; the sum over players
 * likewise; cards: deck + table + removed + drawn = 4 × per_letter; the score total equals the
 * sum of its breakdown; the next-card chances sum to (cards of the players' letters) / deck. */
static void
check_invariants (gpointer state,
                  gint64   start,
                  guint    n_players,
                  guint    per_letter)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (json, "players");
  JsonArray *scored = json_object_get_array_member (score, "players");
  JsonObject *deck = json_object_get_object_member (json, "deck");
  gint64 deck_total = 0, drawn;

  for (guint seat = 0; seat < n_players; seat++)
    {
      JsonObject *p = json_array_get_object_element (players, seat);
      JsonObject *s = json_array_get_object_element (scored, seat);
      JsonArray *breakdown = json_object_get_array_member (s, "breakdown");
      gint64 sum = 0;

      g_assert_cmpint (json_object_get_int_member (p, "money"), ==,
                       start + json_object_get_int_member (p, "income") +
                       json_object_get_int_member (p, "festival") -
                       json_object_get_int_member (p, "spent"));
      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        sum += json_object_get_int_member (json_array_get_object_element (breakdown, i), "points");
      g_assert_cmpint (sum, ==, json_object_get_int_member (s, "total"));
      g_assert_cmpint (sum, ==, json_object_get_int_member (p, "money"));
    }
  for (const char *l = "ABCD"; *l; l++)
    {
      char key[2] = { *l, 0 };
      deck_total += json_object_get_int_member (deck, key);
    }
  drawn = JSON_NODE_HOLDS_NULL (json_object_get_member (json, "drawn")) ? 0 : 1;
  g_assert_cmpint (deck_total, ==, json_object_get_int_member (json, "deck_total"));
  g_assert_cmpint (deck_total + json_object_get_int_member (json, "cards_on_table") +
                   json_object_get_int_member (json, "cards_removed") + drawn, ==, 4 * per_letter);
}

static void
test_random_games (void)
{
  guint finished = 0, fires = 0;

  for (guint seed = 1; seed <= 300; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      guint n = g_rand_int_range (rand, 2, 5);
      guint per_letter = g_rand_int_range (rand, 1, 10);
      gint64 start = g_rand_int_range (rand, 0, 20);
      g_autofree char *setup_json = NULL;
      GString *players = g_string_new (NULL);
      gpointer state;

      for (guint i = 0; i < n; i++)
        g_string_append_printf (players, "%s{\"name\":\"P%u\",\"letter\":\"%c\"}", i ? "," : "",
                                i, 'D' - i);
      setup_json = g_strdup_printf ("{\"players\":[%s],\"start_money\":%" G_GINT64_FORMAT
                                    ",\"cards_per_letter\":%u,\"goal_rule\":\"%s\"}",
                                    players->str, start, per_letter,
                                    g_rand_boolean (rand) ? "over" : "reach");
      g_string_free (players, TRUE);
      state = new_state (setup_json);

      for (guint step = 0; step < 1000; step++)
        {
          g_autoptr(JsonObject) json = R->to_json (state);
          const char *ph = json_object_get_string_member (json, "phase");
          gint64 active = json_object_get_int_member (json, "active");
          JsonArray *shops = json_object_get_array_member (json, "shops");
          JsonArray *pl = json_object_get_array_member (json, "players");
          g_autofree char *action = NULL;
          g_autofree char *before = NULL;
          g_autofree char *copy_json = NULL;
          gint64 expect_delta = G_MININT64;
          gpointer copy;

          if (g_str_equal (ph, "over"))
            {
              finished++;
              break;
            }
          if (g_str_equal (ph, "first_card") || g_str_equal (ph, "draw"))
            {
              JsonObject *deck = json_object_get_object_member (json, "deck");
              gint64 total = json_object_get_int_member (json, "deck_total");
              gint64 pick = g_rand_int_range (rand, 0, total);
              char letter[2] = { 0, 0 };
              const char *mine = json_object_get_string_member (
                json_array_get_object_element (pl, active), "letter");

              for (const char *l = "ABCD"; *l; l++)
                {
                  char key[2] = { *l, 0 };
                  gint64 count = json_object_get_int_member (deck, key);
                  if (pick < count)
                    {
                      letter[0] = *l;
                      break;
                    }
                  pick -= count;
                }
              if (g_str_equal (ph, "first_card"))
                action = random_placement (rand, json, "first_card", letter);
              else if (g_str_equal (letter, mine))
                {
                  const char *events[] = { "fire", "flood", "festival" };
                  const char *event = events[g_rand_int_range (rand, 0, 3)];
                  fires += g_str_equal (event, "fire");
                  action = g_strdup_printf ("{\"type\":\"draw\",\"letter\":\"%s\",\"event\":\"%s\"}",
                                            letter, event);
                }
              else
                action = g_strdup_printf ("{\"type\":\"draw\",\"letter\":\"%s\"}", letter);
              if (g_str_equal (ph, "first_card"))
                {
                  /* Nobody may hold the letter: the string says seat 0, which is refused when
                   * somebody else holds it; fall back to the holder. */
                  g_autoptr(JsonObject) a = parse (action);
                  g_autoptr(GError) error = NULL;
                  gpointer probe = R->state_copy (state);
                  if (!R->apply (probe, a, &error))
                    {
                      json_object_remove_member (a, "seat");
                      g_free (action);
                      action = tk_rules_json_to_string (a);
                    }
                  R->state_free (probe);
                }
            }
          else if (g_str_equal (ph, "income"))
            {
              /* Hand check: the owned shops' open doors, 0 on a first turn. */
              JsonObject *p = json_array_get_object_element (pl, active);
              gint64 sum = 0;
              for (guint i = 0; i < json_array_get_length (shops); i++)
                {
                  JsonObject *shop = json_array_get_object_element (shops, i);
                  if (owner_of (shop) == active)
                    sum += json_object_get_int_member (shop, "doors");
                }
              expect_delta = json_object_get_int_member (p, "turns") == 0 ? 0 : sum;
              action = g_strdup ("{\"type\":\"income\"}");
            }
          else if (g_str_equal (ph, "place"))
            action = random_placement (rand, json, "place", "A");
          else if (g_str_equal (ph, "buy"))
            {
              guint n_shops = json_array_get_length (shops);
              JsonObject *shop = n_shops > 0
                ? json_array_get_object_element (shops, g_rand_int_range (rand, 0, n_shops)) : NULL;

              if (shop != NULL && owner_of (shop) < 0 &&
                  json_object_get_int_member (shop, "marks") > 0 && g_rand_int_range (rand, 0, 3))
                {
                  expect_delta = -json_object_get_int_member (shop, "doors");
                  action = g_strdup_printf ("{\"type\":\"buy\",\"shop\":%" G_GINT64_FORMAT "}",
                                            json_object_get_int_member (shop, "id"));
                }
              else
                action = g_strdup ("{\"type\":\"pass\"}");
            }
          else
            g_assert_not_reached ();

          /* Undo = restoring a copy taken before the action. */
          before = state_json (state);
          copy = R->state_copy (state);
          {
            gint64 old = money (state, active);
            apply_ok (state, action);
            if (expect_delta != G_MININT64)
              g_assert_cmpint (money (state, active) - old, ==, expect_delta);
          }
          copy_json = state_json (copy);
          g_assert_cmpstr (before, ==, copy_json);
          check_invariants (state, start, n, per_letter);
          /* Now and then, a wrong-phase action is refused without a trace. */
          if (step % 7 == 0)
            apply_refused (state, g_str_equal (phase (state), "income")
                                  ? "{\"type\":\"pass\"}" : "{\"type\":\"income\"}",
                           TK_RULES_ERROR_ILLEGAL);
          R->state_free (copy);
        }
      R->state_free (state);
    }
  /* Every game ends (the deck is finite); fires did happen. */
  g_assert_cmpuint (finished, ==, 300);
  g_assert_cmpuint (fires, >, 20);
}

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

/* ---- hand-computed games from tests/fixtures (worked out on paper from the seed's rules,
 * not from the engine) ---- */

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

static void
test_registry (void)
{
  tk_games_register_all ();
  g_assert_true (tk_rules_lookup (TK_AGORA_RULES_ID) == R);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/agora/setup", test_setup);
  g_test_add_func ("/agora/first-player", test_first_player);
  g_test_add_func ("/agora/income-and-buying", test_income_and_buying);
  g_test_add_func ("/agora/borrowing-and-closed-shop", test_borrowing_and_closed_shop);
  g_test_add_func ("/agora/fire", test_fire);
  g_test_add_func ("/agora/largest-and-fire-fate", test_largest_and_fire_fate);
  g_test_add_func ("/agora/fire-keeps-unconnected-shops", test_fire_keeps_unconnected_shops);
  g_test_add_func ("/agora/flood", test_flood);
  g_test_add_func ("/agora/tie-for-largest", test_tie_for_largest);
  g_test_add_func ("/agora/festival", test_festival);
  g_test_add_func ("/agora/festival-winners", test_festival_winners);
  g_test_add_func ("/agora/goal-rule", test_goal_rule);
  g_test_add_func ("/agora/turn-seat", test_turn_seat);
  g_test_add_func ("/agora/deck-exhaustion", test_deck_exhaustion);
  g_test_add_func ("/agora/deck-draw", test_deck_draw);
  g_test_add_func ("/agora/merge", test_merge);
  g_test_add_func ("/agora/describe", test_describe);
  g_test_add_func ("/agora/random-games", test_random_games);
  g_test_add_func ("/agora/session-file", test_session_file);
  g_test_add_func ("/agora/full-game", test_full_game);
  g_test_add_func ("/agora/festival-draw-file", test_festival_draw_file);
  g_test_add_func ("/agora/deck-out-file", test_deck_out_file);
  g_test_add_func ("/agora/registry", test_registry);
  return g_test_run ();
}
