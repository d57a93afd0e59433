/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-city-plan.c — City Plan by its rules: power rows, build costs, income tiles, manifestos,
 * hand limit, the end, the score with the development bonus and tie-breaks.  Random legal games
 * are in test-city-plan-random.c, the hand-computed fixture games in test-city-plan-fixtures.c.
 * */
#include "config.h"

#include "tk-rules.h"
#include "tk-session.h"
#include "city-plan/tk-city-plan-rules.h"
#include "tk-test-rules.h"

#define R (tk_city_plan_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused (R, state, action, code, NULL)

static gint64
player_int (gpointer    state,
            guint       seat,
            const char *member)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  JsonArray *players = json_object_get_array_member (json, "players");

  return json_object_get_int_member (json_array_get_object_element (players, seat), member);
}

static gint64
state_int (gpointer    state,
           const char *member)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  return json_object_get_int_member (json, member);
}

static gint64
cost (gpointer    state,
      guint       seat,
      const char *card_json)
{
  g_autoptr(JsonNode) node = json_from_string (card_json, NULL);
  return tk_city_plan_rules_cost (state, seat, node);
}

/* "total/rank/winner" per seat, e.g. "12/1/w 9/2/-". */
static char *
summary (gpointer state)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      g_string_append_printf (out, "%s%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT "/%s", i ? " " : "",
                              json_object_get_int_member (p, "total"),
                              json_object_get_int_member (p, "rank"),
                              json_object_get_boolean_member (p, "winner") ? "w" : "-");
    }
  return g_string_free (out, FALSE);
}

/* The breakdown of @seat as "buildings+manifestos+development+completion=total". */
static char *
breakdown (gpointer state,
           guint    seat)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonObject *p = json_array_get_object_element (json_object_get_array_member (score, "players"),
                                                 seat);
  JsonArray *lines = json_object_get_array_member (p, "breakdown");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (lines); i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i ? "+" : "",
                            json_object_get_int_member (json_array_get_object_element (lines, i),
                                                        "points"));
  g_string_append_printf (out, "=%" G_GINT64_FORMAT, json_object_get_int_member (p, "total"));
  return g_string_free (out, FALSE);
}

#define CARD(type, c, p, w) "{\"type\":\"" type "\",\"cost\":" #c ",\"points\":" #p ",\"power\":" #w "}"
#define RES(c, p, w) CARD ("residential", c, p, w)
#define COM(c, p, w) CARD ("commercial", c, p, w)
#define IND(c, p, w) CARD ("industrial", c, p, w)
#define FAC(c, p, w) CARD ("facility", c, p, w)

/* Two players with plenty of cards: 30 in hand each, no practical hand limit, a plant of 20.
 * The default card table. */
#define BIG "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"start_hand\":30," \
            "\"deck_size\":400,\"start_plant_supply\":20,\"hand_limit\":100"

/* Ana (seat 0) draws and builds @card on plant @plant; Ben draws and redraws. */
static void
ana_builds (gpointer    state,
            const char *card,
            int         plant)
{
  g_autofree char *action = plant > 0
    ? g_strdup_printf ("{\"type\":\"build\",\"card\":%s,\"plant\":%d}", card, plant)
    : g_strdup_printf ("{\"type\":\"build\",\"card\":%s}", card);

  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, action);
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
}

static void
test_setup (void)
{
  const char *bad[] = {
    "{\"players\":[{\"name\":\"Ana\"}]}",
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"},{\"name\":\"C\"},{\"name\":\"D\"},{\"name\":\"E\"},{\"name\":\"F\"}]}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"cards\":[{\"id\":\"x\",\"type\":\"park\"}]}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"cards\":[{\"type\":\"facility\"}]}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"cards\":[{\"id\":\"x\",\"type\":\"facility\"},{\"id\":\"x\",\"type\":\"facility\"}]}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"cards\":[{\"id\":\"x\",\"type\":\"facility\",\"effect\":\"split_points\",\"split\":[\"residential\"]}]}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"income_draws\":\"some\"}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"income_tiles\":{\"eco\":0}}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"deck_size\":5}",
    "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"first_seat\":2}",
  };
  g_autoptr(JsonObject) setup = R->default_setup (3);
  g_autoptr(GError) error = NULL;
  JsonArray *cards;
  gpointer state;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonObject) object = parse (bad[i]);
      g_autoptr(GError) local_error = NULL;

      g_assert_null (R->state_new (object, &local_error));
      g_assert_error (local_error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
    }

  /* The seed's facilities are in the default card table; the stadium costs 6. */
  cards = json_object_get_array_member (setup, "cards");
  g_assert_cmpuint (json_array_get_length (cards), ==, 17);
  {
    /* Seed 004 names these facilities, the seven that score by counting last
     * ("交番/病院、郵便局/銀行、倉庫/大学、博物館"). */
    const char *ids[] = { "construction_site", "station", "airport", "port", "expressway",
                          "transit_authority", "chamber_of_commerce", "employment_office",
                          "stadium", "city_hall", "police_box", "hospital", "post_office",
                          "bank", "warehouse", "university", "museum" };
    for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (cards, i),
                                                      "id"), ==, ids[i]);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (cards, 8), "cost"),
                     ==, 6);
  }
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  /* 100 cards − 3 × 5 dealt = 85; each player has the starting plant (1 building). */
  g_assert_cmpint (state_int (state, "deck"), ==, 85);
  g_assert_cmpint (player_int (state, 2, "hand"), ==, 5);
  g_assert_cmpint (player_int (state, 2, "buildings"), ==, 1);
  g_assert_cmpint (state_int (state, "manifesto_deck"), ==, 15);
  R->state_free (state);
}

static void
test_power (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"start_hand\":20,\"deck_size\":200,\"start_plant_supply\":5}");
  g_autofree char *json = NULL;

  /* Plants: Ana's starting plant is building 1, Ben's 2. Supply 5. */
  apply_refused (state, "{\"type\":\"build\",\"card\":" RES (1, 1, 3) ",\"plant\":1}",
                 TK_RULES_ERROR_ILLEGAL);                            /* draw first */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_refused (state, "{\"type\":\"draw\"}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"build\",\"card\":" RES (1, 1, 6) ",\"plant\":1}",
                 TK_RULES_ERROR_ILLEGAL);                            /* 6 > 5 */
  apply_refused (state, "{\"type\":\"build\",\"card\":" RES (1, 1, 3) ",\"plant\":2}",
                 TK_RULES_ERROR_ILLEGAL);                            /* Ben's plant */
  apply_refused (state, "{\"type\":\"build\",\"card\":" RES (1, 1, 3) "}",
                 TK_RULES_ERROR_INVALID);                            /* no plant named */
  apply_refused (state, "{\"type\":\"build\",\"card\":\"no_such_card\",\"plant\":1}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"build\",\"card\":" RES (1, 1, 3) ",\"plant\":1}");   /* 3 of 5 */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_ok (state, "{\"type\":\"draw\"}");
  /* 3 used + 3 > 5: refused; 3 + 2 = 5 fits exactly; then a 0-power park still needs a row. */
  apply_refused (state, "{\"type\":\"build\",\"card\":" COM (1, 1, 3) ",\"plant\":1}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"build\",\"card\":" COM (1, 1, 2) ",\"plant\":1}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_refused (state, "{\"type\":\"build\",\"card\":" FAC (1, 1, 0) "}", TK_RULES_ERROR_INVALID);
  apply_ok (state, "{\"type\":\"build\",\"card\":" FAC (1, 1, 0) ",\"plant\":1}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  /* A new power plant (supply 4) is a row of its own, building 6; it needs no plant. */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":{\"type\":\"power_plant\",\"cost\":2,"
                   "\"points\":1,\"power\":4}}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" IND (1, 1, 4) ",\"plant\":6}");
  json = state_json (state);
  g_assert_nonnull (strstr (json, "\"uid\":1,\"name\":\"Starting power plant\",\"points\":0,"
                                  "\"supply\":5,\"used\":5"));
  g_assert_nonnull (strstr (json, "\"uid\":6,\"name\":\"power_plant\",\"points\":1,"
                                  "\"supply\":4,\"used\":4"));
  /* Plant, R, C, park, second plant, I. */
  g_assert_cmpint (player_int (state, 0, "buildings"), ==, 6);
  R->state_free (state);
}

/* The income tiles as the engine's public header answers them: each city's count, the
 * threshold and what each player would draw if the tile fired now. */
static void
test_tile_answers (void)
{
  gpointer state = new_state (BIG "}");
  gpointer trigger = new_state (BIG ",\"income_draws\":\"trigger\"}");

  /* Nobody has built: nothing counted; the subsidy gives its 2 cards to every small city. */
  for (guint t = 0; t < TK_CITY_PLAN_N_TILES; t++)
    {
      g_assert_cmpint (tk_city_plan_rules_tile_threshold (state, t), >, 0);
      if (t != 5)
        g_assert_cmpint (tk_city_plan_rules_tile_count (state, 0, t), ==, 0);
    }
  g_assert_cmpint (tk_city_plan_rules_tile_threshold (state, 0), ==, 3);
  g_assert_cmpint (tk_city_plan_rules_tile_threshold (state, 4), ==, 2);
  g_assert_cmpint (tk_city_plan_rules_tile_draws (state, 0, 5), ==, 2);
  {
    g_autoptr(JsonObject) setup = parse (BIG ",\"income_tiles\":{\"subsidy_cards\":3,"
                                         "\"subsidy_max_buildings\":4}}");
    g_autoptr(GError) error = NULL;
    gpointer other = R->state_new (setup, &error);
    gint64 cards = 0, max_buildings = 0;

    g_assert_no_error (error);
    tk_city_plan_rules_subsidy (state, &cards, &max_buildings);
    g_assert_cmpint (cards, ==, 2);
    g_assert_cmpint (max_buildings, ==, 6);
    tk_city_plan_rules_subsidy (other, &cards, &max_buildings);
    g_assert_cmpint (cards, ==, 3);
    g_assert_cmpint (max_buildings, ==, 4);
    g_assert_cmpint (tk_city_plan_rules_tile_draws (other, 0, 5), ==, 3);
    R->state_free (other);
  }
  /* out of range */
  g_assert_cmpint (tk_city_plan_rules_tile_count (state, 2, 0), ==, -1);
  g_assert_cmpint (tk_city_plan_rules_tile_count (state, 0, TK_CITY_PLAN_N_TILES), ==, -1);
  g_assert_cmpint (tk_city_plan_rules_tile_threshold (state, TK_CITY_PLAN_N_TILES), ==, -1);
  g_assert_cmpint (tk_city_plan_rules_tile_draws (state, 0, TK_CITY_PLAN_N_TILES), ==, -1);

  /* Ana builds a residential: 1 for the resident tax and 1 kind for the income tax; Ben 0.
   * Everyone draws their count; under "trigger" only who meets the threshold (nobody yet). */
  ana_builds (state, RES (1, 1, 0), 1);
  ana_builds (trigger, RES (1, 1, 0), 1);
  g_assert_cmpint (tk_city_plan_rules_tile_count (state, 0, 0), ==, 1);
  g_assert_cmpint (tk_city_plan_rules_tile_count (state, 0, 1), ==, 0);
  g_assert_cmpint (tk_city_plan_rules_tile_count (state, 0, 3), ==, 1);
  g_assert_cmpint (tk_city_plan_rules_tile_count (state, 1, 0), ==, 0);
  g_assert_cmpint (tk_city_plan_rules_tile_count (state, 0, 5), ==,
                   player_int (state, 0, "buildings"));
  g_assert_cmpint (tk_city_plan_rules_tile_draws (state, 0, 0), ==, 1);
  g_assert_cmpint (tk_city_plan_rules_tile_draws (trigger, 0, 0), ==, 0);
  g_assert_cmpint (tk_city_plan_rules_tile_count (trigger, 0, 0), ==, 1);

  /* The resident tax (threshold 3) is due once a city has 3 residential buildings, until the
   * round's end fires it. */
  ana_builds (state, RES (1, 1, 0), 1);
  g_assert_false (tk_city_plan_rules_tile_due (state, 0));
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" RES (1, 1, 0) ",\"plant\":1}");
  g_assert_true (tk_city_plan_rules_tile_due (state, 0));
  g_assert_false (tk_city_plan_rules_tile_due (state, 1));
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  g_assert_false (tk_city_plan_rules_tile_due (state, 0));
  g_assert_false (tk_city_plan_rules_tile_due (state, TK_CITY_PLAN_N_TILES));
  /* Ana's city: 3 residential buildings and the starting plant; Ben's the plant alone. */
  g_assert_cmpint (tk_city_plan_rules_count_type (state, 0, "residential"), ==, 3);
  g_assert_cmpint (tk_city_plan_rules_count_type (state, 0, "commercial"), ==, 0);
  g_assert_cmpint (tk_city_plan_rules_count_type (state, 0, "power_plant"), ==, 1);
  g_assert_cmpint (tk_city_plan_rules_count_type (state, 1, "power_plant"), ==, 1);
  g_assert_cmpint (tk_city_plan_rules_count_type (state, 2, "residential"), ==, -1);
  g_assert_cmpint (tk_city_plan_rules_count_type (state, 0, "park"), ==, -1);
  R->state_free (state);
  R->state_free (trigger);
}

/* What the panel asks of a turn: the cards over the limit, the round's last seat, whether
 * manifestos may be drawn. */
static void
test_turn_answers (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},"
                              "{\"name\":\"Cy\"}],\"start_hand\":9}");
  g_autoptr(GError) error = NULL;

  /* 9 cards against the limit of 8: one over, cut at the end of the turn. */
  g_assert_cmpint (tk_city_plan_rules_over_limit (state, 0), ==, 1);
  g_assert_cmpint (tk_city_plan_rules_over_limit (state, 3), ==, -1);
  g_assert_false (tk_city_plan_rules_last_of_round (state));
  g_assert_true (tk_city_plan_rules_may_draw_manifestos (state, &error));
  g_assert_no_error (error);
  apply_ok (state, "{\"type\":\"draw_manifesto\",\"keep\":true}");
  g_assert_false (tk_city_plan_rules_may_draw_manifestos (state, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  apply_ok (state, "{\"type\":\"redraw\"}");
  g_assert_cmpint (tk_city_plan_rules_over_limit (state, 0), ==, 0);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 8);
  /* Ben, then Cy, the last before Ana opens the next round. */
  g_assert_false (tk_city_plan_rules_last_of_round (state));
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  g_assert_true (tk_city_plan_rules_last_of_round (state));
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  g_assert_false (tk_city_plan_rules_last_of_round (state));
  /* Ana keeps a second manifesto; with two in front she may draw no more. */
  apply_ok (state, "{\"type\":\"draw_manifesto\",\"keep\":true}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  for (guint turn = 0; turn < 2; turn++)
    {
      apply_ok (state, "{\"type\":\"draw\"}");
      apply_ok (state, "{\"type\":\"redraw\"}");
    }
  g_assert_false (tk_city_plan_rules_may_draw_manifestos (state, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
  R->state_free (state);
}

static void
test_costs (void)
{
  gpointer state = new_state (BIG "}");

  /* Without facilities the printed cost: 4 → pays the card + 4 from the hand. */
  g_assert_cmpint (cost (state, 0, RES (4, 1, 0)), ==, 4);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 30);
  /* Ana builds a station (default card: cost 3): hand 30 + 1 drawn − 1 − 3 = 27. */
  ana_builds (state, "\"station\"", 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 27);
  /* Station: residential −2 (3 → 1, 2 → 0, 1 → 0 floor); commercial unchanged. */
  g_assert_cmpint (cost (state, 0, RES (3, 1, 0)), ==, 1);
  g_assert_cmpint (cost (state, 0, RES (2, 1, 0)), ==, 0);
  g_assert_cmpint (cost (state, 0, RES (1, 1, 0)), ==, 0);
  g_assert_cmpint (cost (state, 0, COM (3, 1, 0)), ==, 3);
  g_assert_cmpint (cost (state, 1, RES (3, 1, 0)), ==, 3);          /* Ben has no station */
  /* Transit authority (default cost 4, no reduction applies to a facility yet): 27 + 1 − 1 − 4 = 23. */
  ana_builds (state, "\"transit_authority\"", 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 23);
  /* Authority then station: residential 6 → 3 → 1; 4 → 3 → 1; 3 (below 4) → 1; commercial 5 → 3. */
  g_assert_cmpint (cost (state, 0, RES (6, 1, 0)), ==, 1);
  g_assert_cmpint (cost (state, 0, RES (4, 1, 0)), ==, 1);
  g_assert_cmpint (cost (state, 0, RES (3, 1, 0)), ==, 1);
  g_assert_cmpint (cost (state, 0, COM (5, 1, 0)), ==, 3);
  g_assert_cmpint (cost (state, 0, COM (2, 1, 0)), ==, 2);
  /* Airport (3, a facility: no reduction) 23 + 1 − 1 − 3 = 20; port 20 − 3 = 17; expressway
   * (facility) 17 − 3 = 14. */
  ana_builds (state, "\"airport\"", 1);
  ana_builds (state, "\"port\"", 1);
  ana_builds (state, "\"expressway\"", 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 14);
  /* Every facility: any building costs 1 or less — the stadium 6 → 3 → 1, city hall 7 → 3 → 1,
   * a commercial 2 → 0, a power plant 9 → 3 → 1. */
  g_assert_cmpint (cost (state, 0, "\"stadium\""), ==, 1);
  g_assert_cmpint (cost (state, 0, "\"city_hall\""), ==, 1);
  g_assert_cmpint (cost (state, 0, COM (2, 1, 0)), ==, 0);
  g_assert_cmpint (cost (state, 0, IND (5, 1, 0)), ==, 1);
  g_assert_cmpint (cost (state, 0, CARD ("power_plant", 9, 1, 5)), ==, 1);
  g_assert_cmpint (cost (state, 0, "\"nothing\""), ==, -1);
  /* Building the stadium takes 1 + 1 cards: 14 + 1 − 2 = 13. */
  ana_builds (state, "\"stadium\"", 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 13);
  /* The stadium: 2 cards at the start of each turn. */
  g_assert_cmpint (player_int (state, 0, "draws_per_turn"), ==, 2);
  apply_ok (state, "{\"type\":\"draw\"}");
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 15);
  /* The state tells a panel the same costs: per card of the table, and the reductions for a
   * card outside it (the authority's cap, then −2 per matching facility). */
  {
    g_autoptr(JsonObject) json = R->to_json (state);
    JsonObject *ana = json_array_get_object_element (json_object_get_array_member (json, "players"), 0);
    JsonObject *ben = json_array_get_object_element (json_object_get_array_member (json, "players"), 1);
    JsonObject *costs = json_object_get_object_member (ana, "costs");
    JsonObject *rules = json_object_get_object_member (ana, "cost_rules");
    JsonArray *caps = json_object_get_array_member (rules, "cap");

    g_assert_cmpint (json_object_get_int_member (costs, "city_hall"), ==,
                     cost (state, 0, "\"city_hall\""));
    g_assert_cmpint (json_object_get_int_member (costs, "station"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (ben, "costs"),
                                                 "city_hall"), ==, 7);
    g_assert_cmpint (json_array_get_length (caps), ==, 1);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (caps, 0), "from"), ==, 4);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (caps, 0), "to"), ==, 3);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (rules, "minus"),
                                                 "residential"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (rules, "minus"),
                                                 "power_plant"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (
                       json_object_get_object_member (ben, "cost_rules"), "minus"),
                       "residential"), ==, 0);
  }
  R->state_free (state);
}

static void
test_construction_site (void)
{
  gpointer state = new_state (BIG ",\"end_buildings\":3}");
  g_autofree char *s = NULL;

  /* Ana builds a construction site (cost 1): 30 + 1 − 2 = 29, then pays a cost-7 city hall
   * with it: only the city hall card leaves the hand (29 + 1 − 1 = 29); the site goes to the
   * discard pile. */
  ana_builds (state, "\"construction_site\"", 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 29);
  g_assert_cmpint (player_int (state, 0, "buildings"), ==, 2);
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_refused (state, "{\"type\":\"build\",\"card\":\"city_hall\",\"plant\":1,"
                        "\"construction_site\":\"yes\"}", TK_RULES_ERROR_INVALID);
  apply_ok (state, "{\"type\":\"build\",\"card\":\"city_hall\",\"plant\":1,\"construction_site\":true}");
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 29);
  g_assert_cmpint (player_int (state, 0, "buildings"), ==, 2);
  /* Ben had no site to pay with. */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_refused (state, "{\"type\":\"build\",\"card\":\"station\",\"plant\":2,"
                        "\"construction_site\":true}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"redraw\"}");
  /* A site left standing stops its owner from ending the game: Ana has 3 buildings with a
   * site (end_buildings 3) and the game goes on. */
  ana_builds (state, "\"construction_site\"", 1);
  g_assert_cmpint (player_int (state, 0, "buildings"), ==, 3);
  g_assert_cmpint (state_int (state, "round"), ==, 4);
  /* Seed 004: 「工事現場が残った状態では、ゲームを終了させることができません」 — while the
   * site stands Ana cannot end the game, so her 3 buildings show no completion bonus yet:
   * city hall 8, development 0, completion 0. */
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "8+0+0+0=8");
  g_clear_pointer (&s, g_free);
  ana_builds (state, RES (1, 2, 0), 1);
  /* Now 4 buildings and a site still there: still playing.  Pay with it: 4 buildings, no site. */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" RES (5, 4, 0) ",\"plant\":1,\"construction_site\":true}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  {
    g_autoptr(JsonObject) score = R->score (state);
    g_assert_true (json_object_get_boolean_member (score, "finished"));
  }
  apply_refused (state, "{\"type\":\"draw\"}", TK_RULES_ERROR_ILLEGAL);
  /* Ana: city hall 8 + residential 2 + 4 = 14 building points; development min(6, 0, 0) = 0;
   * 4 buildings ≥ 3 → completion 3: 17.  Ben: 1 building, 0 + 0 + 0 + 0 = 0. */
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "14+0+0+3=17");
  R->state_free (state);
}

static void
test_income_tiles (void)
{
  gpointer state = new_state (BIG "}");
  g_autoptr(JsonObject) json = NULL;
  JsonArray *tiles;

  /* Round 1: Ana builds a residential (hand 30 + 1 − 1 − 1 = 29), Ben redraws (30 + 1 + 2 = 33).
   * Round 2 and 3: two more residentials (28, 27); Ben 36, 39.  At the end of round 3 Ana has
   * 3 residentials: the resident tax fires: Ana draws 3 (30), Ben draws 0 (39). */
  ana_builds (state, RES (1, 1, 0), 1);
  ana_builds (state, RES (1, 1, 0), 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 28);
  ana_builds (state, RES (1, 1, 0), 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 30);
  g_assert_cmpint (player_int (state, 1, "hand"), ==, 39);
  json = R->to_json (state);
  tiles = json_object_get_array_member (json, "income_tiles");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (tiles, 0), "tile"),
                   ==, "resident");
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (tiles, 0), "fired"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (tiles, 1), "fired"));
  /* Round 4: a fourth residential (30 − 1 = 29): the tile does not fire again. */
  ana_builds (state, RES (1, 1, 0), 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 29);
  /* Rounds 5, 6: a commercial and an industrial (cost 1): 28, 27.  At the end of round 6 Ana
   * has all three districts: income tax fires, Ana draws 3 kinds (30), Ben 0. */
  ana_builds (state, COM (1, 1, 0), 1);
  ana_builds (state, IND (1, 1, 0), 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 30);
  /* Round 7: Ana's 8th building (plant + 4 R + C + I = 7, + 1 eco facility = 8): the subsidy
   * fires; Ben has 1 building (≤ 6): he draws 2; Ana (8) draws nothing.  Ana 30 − 1 = 29.
   * Ben: 30 + 7 rounds × 3 = 51, + 2 = 53. */
  ana_builds (state, "{\"type\":\"facility\",\"cost\":1,\"points\":1,\"eco\":true}", 1);
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 29);
  g_assert_cmpint (player_int (state, 1, "hand"), ==, 53);
  g_clear_pointer (&json, json_object_unref);
  json = R->to_json (state);
  tiles = json_object_get_array_member (json, "income_tiles");
  {
    JsonObject *subsidy = json_array_get_object_element (tiles, 5);
    JsonArray *draws = json_object_get_array_member (subsidy, "draws");
    g_assert_true (json_object_get_boolean_member (subsidy, "fired"));
    g_assert_cmpint (json_array_get_int_element (draws, 0), ==, 0);
    g_assert_cmpint (json_array_get_int_element (draws, 1), ==, 2);
    /* Only 1 eco building: the eco subsidy (2) has not fired. */
    g_assert_false (json_object_get_boolean_member (json_array_get_object_element (tiles, 4), "fired"));
  }
  R->state_free (state);
}

static void
test_income_trigger_option (void)
{
  /* "trigger": only players meeting the condition draw.  Ana and Ben each build 3 commercials
   * of which Ben only 2: consumption fires at Ana's 3; Ben (2) draws nothing; with
   * "everyone" he would draw 2. */
  const char *modes[] = { "trigger", "everyone" };
  const gint64 ben_draws[] = { 0, 2 };

  for (guint m = 0; m < 2; m++)
    {
      g_autofree char *setup = g_strdup_printf (BIG ",\"income_draws\":\"%s\"}", modes[m]);
      gpointer state = new_state (setup);
      g_autoptr(JsonObject) json = NULL;
      JsonArray *draws;

      for (guint round = 0; round < 3; round++)
        {
          apply_ok (state, "{\"type\":\"draw\"}");
          apply_ok (state, "{\"type\":\"build\",\"card\":" COM (0, 1, 0) ",\"plant\":1}");
          apply_ok (state, "{\"type\":\"draw\"}");
          if (round < 2)
            apply_ok (state, "{\"type\":\"build\",\"card\":" COM (0, 1, 0) ",\"plant\":2}");
          else
            apply_ok (state, "{\"type\":\"redraw\"}");
        }
      json = R->to_json (state);
      draws = json_object_get_array_member (
        json_array_get_object_element (json_object_get_array_member (json, "income_tiles"), 1),
        "draws");
      g_assert_cmpint (json_array_get_int_element (draws, 0), ==, 3);
      g_assert_cmpint (json_array_get_int_element (draws, 1), ==, ben_draws[m]);
      R->state_free (state);
    }
}

static void
test_hand_limit_and_manifestos (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"start_hand\":7,\"manifesto_deck_size\":3}");

  /* Ana: 7 + 1 = 8, redraw 2 → 10, cut to 8 at the end of the turn (2 discarded). */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 8);
  g_assert_cmpint (state_int (state, "discard"), ==, 2);
  /* Ben: manifestos, keeps one; a second manifesto draw in the same turn is refused. */
  apply_refused (state, "{\"type\":\"draw_manifesto\",\"keep\":1}", TK_RULES_ERROR_INVALID);
  apply_ok (state, "{\"type\":\"draw_manifesto\",\"keep\":true}");
  apply_refused (state, "{\"type\":\"redraw\",\"manifesto\":true}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"redraw\"}");                         /* 7 + 2 = 9 → 8 */
  g_assert_cmpint (player_int (state, 1, "hand"), ==, 8);
  g_assert_cmpint (player_int (state, 1, "manifestos"), ==, 1);
  /* Ana looks and keeps nothing; Ben: 1 card and manifestos again → 2 kept. */
  apply_ok (state, "{\"type\":\"draw_manifesto\",\"keep\":false}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\",\"manifesto\":true,\"keep\":true}");
  g_assert_cmpint (player_int (state, 1, "manifestos"), ==, 2);
  g_assert_cmpint (state_int (state, "manifesto_deck"), ==, 1);
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  /* Two in front: no more manifestos for Ben. */
  apply_refused (state, "{\"type\":\"draw_manifesto\",\"keep\":false}", TK_RULES_ERROR_ILLEGAL);
  /* Manifesto points: slots 0 and 1 for Ben; Ana has none. */
  apply_ok (state, "{\"type\":\"manifesto_points\",\"seat\":1,\"slot\":0,\"points\":4}");
  apply_ok (state, "{\"type\":\"manifesto_points\",\"seat\":1,\"slot\":1,\"points\":2}");
  apply_refused (state, "{\"type\":\"manifesto_points\",\"seat\":0,\"slot\":0,\"points\":4}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"manifesto_points\",\"seat\":1,\"slot\":2,\"points\":4}",
                 TK_RULES_ERROR_INVALID);
  {
    g_autofree char *s = breakdown (state, 1);
    g_assert_cmpstr (s, ==, "0+6+0+0=6");
  }
  apply_refused (state, "{\"type\":\"fly\"}", TK_RULES_ERROR_INVALID);
  apply_refused (state, "{\"kind\":\"draw\"}", TK_RULES_ERROR_INVALID);
  R->state_free (state);
}

static void
test_development_bonus (void)
{
  gpointer state = new_state (BIG "}");
  g_autofree char *s = NULL;
  g_autoptr(JsonObject) json = NULL;

  /* The seed's example: residential 5, commercial 11, industrial 7 → bonus 5.
   * Residential 2 + 3, commercial 5 + 6, industrial 7. */
  ana_builds (state, RES (0, 2, 0), 1);
  ana_builds (state, RES (0, 3, 0), 1);
  ana_builds (state, COM (0, 5, 0), 1);
  ana_builds (state, COM (0, 6, 0), 1);
  ana_builds (state, IND (0, 7, 0), 1);
  /* Buildings 2 + 3 + 5 + 6 + 7 = 23, development 5, no manifestos, 6 buildings: 28. */
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "23+0+5+0=28");
  /* An employment office (3 points, residential or industrial): best split 3 to residential:
   * R 8, C 11, I 7 → 7.  Buildings 26; total 33. */
  ana_builds (state, "\"employment_office\"", 1);
  g_free (s);
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "26+0+7+0=33");
  /* Ana chooses 1 to residential and 2 to industrial: R 6, C 11, I 9 → 6; total 32. */
  apply_refused (state, "{\"type\":\"split\",\"seat\":0,\"building\":3,\"residential\":1}",
                 TK_RULES_ERROR_ILLEGAL);                            /* building 3 is Ana's R */
  apply_refused (state, "{\"type\":\"split\",\"seat\":0,\"building\":8,\"residential\":4}",
                 TK_RULES_ERROR_INVALID);                            /* only 3 points */
  apply_ok (state, "{\"type\":\"split\",\"seat\":0,\"building\":8,\"residential\":1}");
  g_free (s);
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "26+0+6+0=32");
  /* A chamber of commerce (3, commercial or industrial), left to the best: I 9 + 3 = 12 → R 6
   * is the lowest anyway: 6; buildings 29; total 35. */
  ana_builds (state, "\"chamber_of_commerce\"", 1);
  g_free (s);
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "29+0+6+0=35");
  {
    g_autoptr(JsonObject) score = R->score (state);
    JsonObject *p = json_array_get_object_element (json_object_get_array_member (score, "players"), 0);
    JsonObject *d = json_object_get_object_member (p, "districts");
    g_assert_cmpint (json_object_get_int_member (d, "residential"), ==, 6);
    g_assert_cmpint (json_object_get_int_member (d, "commercial") +
                     json_object_get_int_member (d, "industrial"), ==, 11 + 9 + 3);
  }
  R->state_free (state);
}

static void
test_ties (void)
{
  gpointer state = new_state (BIG "}");
  g_autofree char *s = NULL;

  /* Ana builds a 2-point facility (2 buildings; hand 30 + 1 − 1 = 30); Ben redraws (33).
   * Ana redraws twice (36), Ben builds two 1-point facilities (33): both 2 points, Ben has
   * 3 buildings and ranks first. */
  ana_builds (state, FAC (0, 2, 0), 1);
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" FAC (0, 1, 0) ",\"plant\":2}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" FAC (0, 1, 0) ",\"plant\":2}");
  s = summary (state);
  g_assert_cmpstr (s, ==, "2/2/- 2/1/w");
  /* Ana builds a 0-point facility: 3 buildings each; Ana 36 + 1 − 1 = 36, Ben 33 + 3 = 36:
   * equal hands, a true tie. */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" FAC (0, 0, 0) ",\"plant\":1}");
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 36);
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  g_assert_cmpint (player_int (state, 1, "hand"), ==, 36);
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "2/1/w 2/1/w");
  /* Ana builds a 0-cost 0-point card: 4 buildings → first. */
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" FAC (0, 0, 0) ",\"plant\":1}");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "2/1/w 2/2/-");
  R->state_free (state);

  /* Hand decides: start hands 3; Ana builds a 0-point facility (3 + 1 − 1 = 3), Ben too
   * (3); then Ana redraws (3 + 1 + 2 = 6), Ben redraws 1 card and a manifesto he does not keep
   * (3 + 1 + 1 = 5).  Equal points and buildings; Ana 6 cards > Ben 5. */
  state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"start_hand\":3}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" FAC (0, 0, 0) ",\"plant\":1}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" FAC (0, 0, 0) ",\"plant\":2}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"redraw\",\"manifesto\":true,\"keep\":false}");
  g_assert_cmpint (player_int (state, 0, "hand"), ==, 6);
  g_assert_cmpint (player_int (state, 1, "hand"), ==, 5);
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "0/1/w 0/2/-");
  R->state_free (state);
}

static void
test_game_end (void)
{
  gpointer state = new_state (BIG "}");
  g_autofree char *s = NULL;

  /* Ana builds 9 one-point residentials (plant + 9 = 10 buildings) over 9 rounds; the game ends
   * at the end of round 9 (after Ben's turn), not at Ana's build. */
  for (guint i = 0; i < 8; i++)
    ana_builds (state, RES (0, 1, 0), 1);
  apply_ok (state, "{\"type\":\"draw\"}");
  apply_ok (state, "{\"type\":\"build\",\"card\":" RES (0, 1, 0) ",\"plant\":1}");
  g_assert_cmpint (player_int (state, 0, "buildings"), ==, 10);
  apply_ok (state, "{\"type\":\"draw\"}");                           /* Ben still plays */
  apply_ok (state, "{\"type\":\"redraw\"}");
  apply_refused (state, "{\"type\":\"draw\"}", TK_RULES_ERROR_ILLEGAL);
  /* Ana: 9 building points, development min(9, 0, 0) = 0, completion 3: 12. */
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "9+0+0+3=12");
  g_free (s);
  s = summary (state);
  g_assert_cmpstr (s, ==, "12/1/w 0/2/-");
  {
    g_autoptr(JsonObject) score = R->score (state);
    g_assert_true (json_object_get_boolean_member (score, "finished"));
    g_assert_cmpint (json_object_get_int_member (score, "round"), ==, 9);
  }
  R->state_free (state);
}

static void
test_describe (void)
{
  gpointer state = new_state (BIG "}");
  g_autoptr(JsonObject) draw = parse ("{\"type\":\"draw\"}");
  g_autoptr(JsonObject) build = parse ("{\"type\":\"build\",\"card\":\"stadium\",\"plant\":1}");
  g_autofree char *l1 = R->describe_action (state, draw);
  g_autofree char *l2 = NULL;

  g_assert_cmpstr (l1, ==, "Ana draws 1 card");
  apply_ok (state, "{\"type\":\"draw\"}");
  l2 = R->describe_action (state, build);
  g_assert_cmpstr (l2, ==, "Ana builds Stadium (cost 6)");
  R->state_free (state);

  /* A build paid with a construction site costs no cards, and the ledger says so. */
  state = new_state (BIG "}");
  ana_builds (state, "\"construction_site\"", 1);
  apply_ok (state, "{\"type\":\"draw\"}");
  {
    g_autoptr(JsonObject) paid = parse ("{\"type\":\"build\",\"card\":\"city_hall\","
                                        "\"plant\":1,\"construction_site\":true}");
    g_autofree char *line = R->describe_action (state, paid);

    g_assert_cmpstr (line, ==, "Ana builds City hall with a construction site (no cards paid)");
  }
  R->state_free (state);
}

/* Seed 004: 「交番/病院、郵便局/銀行、倉庫/大学、博物館 … 建設している、住宅地、商業地、工業地、
 * その他の建物の数に応じてボーナス点がもらえる建物です」 — buildings that score by how many
 * residential, commercial, industrial or other buildings their owner has, live. */
static void
test_count_bonus (void)
{
  gpointer state = new_state (BIG "}");
  g_autofree char *s = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *lines;

  /* Three 2-point residentials and a 1-point commercial, then a police box (0 points, 1 per
   * residential building, at most 4): buildings 7, bonus 3, development min(6, 1, 0) = 0. */
  for (guint i = 0; i < 3; i++)
    ana_builds (state, RES (0, 2, 0), 1);
  ana_builds (state, COM (0, 1, 0), 1);
  ana_builds (state, "\"police_box\"", 1);
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "7+0+3+0+0=10");
  g_clear_pointer (&s, g_free);
  score = R->score (state);
  lines = json_object_get_array_member (
    json_array_get_object_element (json_object_get_array_member (score, "players"), 0),
    "breakdown");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 2),
                                                  "label"),
                   ==, "Police box (3 residential buildings)");
  g_assert_nonnull (strstr (json_object_get_string_member (score, "explanation"),
                            "counting buildings 3"));
  g_clear_pointer (&score, json_object_unref);

  /* Two more residentials: 5 counted, but the police box gives at most 4 (the score follows
   * the count without any action on the box itself). */
  ana_builds (state, RES (0, 2, 0), 1);
  ana_builds (state, RES (0, 2, 0), 1);
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "11+0+4+0+0=15");
  g_clear_pointer (&s, g_free);
  score = R->score (state);
  lines = json_object_get_array_member (
    json_array_get_object_element (json_object_get_array_member (score, "players"), 0),
    "breakdown");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 2),
                                                  "label"),
                   ==, "Police box (5 residential buildings, at most 4)");
  g_clear_pointer (&score, json_object_unref);

  /* The museum (1 point) counts the other buildings — facilities and power plants, itself
   * included: the starting plant, the police box and the museum = 3. */
  ana_builds (state, "\"museum\"", 1);
  s = breakdown (state, 0);
  g_assert_cmpstr (s, ==, "12+0+4+3+0+0=19");
  g_clear_pointer (&s, g_free);

  /* Ben has none: his breakdown has no counting line. */
  s = breakdown (state, 1);
  g_assert_cmpstr (s, ==, "0+0+0+0=0");
  R->state_free (state);

  /* A counting card must say what it counts. */
  {
    g_autoptr(JsonObject) setup = parse ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                                         "\"cards\":[{\"id\":\"x\",\"type\":\"facility\","
                                         "\"effect\":\"count_bonus\"}]}");
    g_autoptr(GError) error = NULL;

    g_assert_null (R->state_new (setup, &error));
    g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
  }
}

/* The best development bonus over every way of splitting, by brute force. */
static gint64
best_split_bonus (const gint64 base[3],
                  const int   *points,
                  const int   *first,
                  const int   *second,
                  guint        n)
{
  gint64 best = G_MININT64;
  gint64 combos = 1;

  for (guint k = 0; k < n; k++)
    combos *= points[k] + 1;
  for (gint64 c = 0; c < combos; c++)
    {
      gint64 d[3] = { base[0], base[1], base[2] };
      gint64 rest = c;

      for (guint k = 0; k < n; k++)
        {
          gint64 a = rest % (points[k] + 1);

          rest /= points[k] + 1;
          d[first[k]] += a;
          d[second[k]] += points[k] - a;
        }
      best = MAX (best, MIN (d[0], MIN (d[1], d[2])));
    }
  return MAX (best, 0);
}

/* Seed 004: 「これらの建物の得点は、2つの地区に好きなように割り振ることができます」 — with any
 * number of split buildings left to the engine, it finds the split with the best development
 * bonus (earlier versions gave up after four and split half and half). */
static void
test_split_many (void)
{
  static const char *const districts[] = { "residential", "commercial", "industrial" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (2005);

  for (guint trial = 0; trial < 25; trial++)
    {
      gpointer state = new_state (BIG ",\"end_buildings\":100}");
      gint64 base[3] = { 0, 0, 0 };
      int points[8], first[8], second[8];
      guint n = g_rand_int_range (rand, 5, 9);
      g_autoptr(JsonObject) score = NULL;
      JsonObject *p;

      for (guint t = 0; t < 3; t++)
        {
          g_autofree char *card = NULL;

          base[t] = g_rand_int_range (rand, 0, 6);
          card = g_strdup_printf ("{\"type\":\"%s\",\"points\":%" G_GINT64_FORMAT "}",
                                  districts[t], base[t]);
          ana_builds (state, card, 1);
        }
      for (guint k = 0; k < n; k++)
        {
          g_autofree char *card = NULL;

          points[k] = g_rand_int_range (rand, 0, 4);
          first[k] = g_rand_int_range (rand, 0, 2);
          second[k] = g_rand_int_range (rand, first[k] + 1, 3);
          card = g_strdup_printf ("{\"type\":\"facility\",\"effect\":\"split_points\","
                                  "\"points\":%d,\"split\":[\"%s\",\"%s\"]}", points[k],
                                  districts[first[k]], districts[second[k]]);
          ana_builds (state, card, 1);
        }
      score = R->score (state);
      p = json_array_get_object_element (json_object_get_array_member (score, "players"), 0);
      {
        JsonObject *d = json_object_get_object_member (p, "districts");
        gint64 sum = 0, expected = best_split_bonus (base, points, first, second, n);
        g_autofree char *s = breakdown (state, 0);
        g_auto(GStrv) parts = g_strsplit_set (s, "+=", -1);

        /* Development is the third line; the districts add up to every point placed. */
        g_assert_cmpint (g_ascii_strtoll (parts[2], NULL, 10), ==, expected);
        for (guint t = 0; t < 3; t++)
          {
            g_assert_cmpint (json_object_get_int_member (d, districts[t]), >=, expected);
            sum += json_object_get_int_member (d, districts[t]);
          }
        for (guint k = 0; k < n; k++)
          sum -= points[k];
        g_assert_cmpint (sum, ==, base[0] + base[1] + base[2]);
      }
      R->state_free (state);
    }
}

/* Issue: a turn action naming a player other than the one to act was played by the active
 * player instead.  It is refused, and nothing changes. */
static void
test_turn_seat (void)
{
  gpointer state = new_state (BIG "}");

  apply_refused (state, "{\"type\":\"draw\",\"seat\":1}", TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"draw\",\"seat\":7}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"draw\",\"seat\":0}");
  apply_refused (state, "{\"type\":\"build\",\"seat\":1,\"card\":\"station\",\"plant\":2}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_refused (state, "{\"type\":\"redraw\",\"seat\":1}", TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"redraw\",\"seat\":0}");
  apply_refused (state, "{\"type\":\"draw_manifesto\",\"seat\":0,\"keep\":true}",
                 TK_RULES_ERROR_ILLEGAL);
  apply_ok (state, "{\"type\":\"draw_manifesto\",\"seat\":1,\"keep\":true}");
  /* Entering manifesto points or a split is not a turn: any seat, any time. */
  apply_ok (state, "{\"type\":\"manifesto_points\",\"seat\":1,\"slot\":0,\"points\":4}");
  R->state_free (state);
}

static void
test_registry (void)
{
  tk_games_register_all ();
  g_assert_true (tk_rules_lookup (TK_CITY_PLAN_RULES_ID) == R);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/city-plan/setup", test_setup);
  g_test_add_func ("/city-plan/power", test_power);
  g_test_add_func ("/city-plan/costs", test_costs);
  g_test_add_func ("/city-plan/construction-site", test_construction_site);
  g_test_add_func ("/city-plan/income-tiles", test_income_tiles);
  g_test_add_func ("/city-plan/income-trigger-option", test_income_trigger_option);
  g_test_add_func ("/city-plan/hand-limit-and-manifestos", test_hand_limit_and_manifestos);
  g_test_add_func ("/city-plan/development-bonus", test_development_bonus);
  g_test_add_func ("/city-plan/ties", test_ties);
  g_test_add_func ("/city-plan/game-end", test_game_end);
  g_test_add_func ("/city-plan/describe", test_describe);
  g_test_add_func ("/city-plan/count-bonus", test_count_bonus);
  g_test_add_func ("/city-plan/split-many", test_split_many);
  g_test_add_func ("/city-plan/turn-seat", test_turn_seat);
  g_test_add_func ("/city-plan/registry", test_registry);
  g_test_add_func ("/city-plan/tile-answers", test_tile_answers);
  g_test_add_func ("/city-plan/turn-answers", test_turn_answers);
  return g_test_run ();
}
