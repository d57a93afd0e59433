/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agora.c — Agora, a turn by the rules: the setup and who starts, income, buying and
 * borrowing, merging shops and correcting them, the seat that may act, the state as a panel
 * reads it, how an action is described.  The events are in test-agora-events.c, the end in test-agora-end.c. */
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
#define two_shops(setup_json, start) tk_test_agora_two_shops (setup_json, start)
#define event_table() tk_test_agora_event_table ()

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
  gboolean reach = TRUE;

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
  /* The setup as read, and the money still to go: "over $50" needs $51, "$50 or more" $50. */
  g_assert_cmpuint (tk_agora_rules_cards_per_letter (state), ==, 9);
  g_assert_cmpint (tk_agora_rules_goal (state, &reach), ==, 50);
  g_assert_false (reach);
  g_assert_cmpint (tk_agora_rules_to_go (state, 25), ==, 26);
  g_assert_cmpint (tk_agora_rules_to_go (state, 51), ==, 0);
  R->state_free (state);
  state = new_state (TWO ",\"goal_rule\":\"reach\",\"goal\":25,\"cards_per_letter\":5}");
  g_assert_cmpuint (tk_agora_rules_cards_per_letter (state), ==, 5);
  g_assert_cmpint (tk_agora_rules_goal (state, &reach), ==, 25);
  g_assert_true (reach);
  g_assert_cmpint (tk_agora_rules_to_go (state, 25), ==, 0);
  g_assert_cmpint (tk_agora_rules_to_go (state, 60), ==, -35);
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
  /* ...and by letter, D held by nobody: 9/35. */
  g_assert_cmpfloat_with_epsilon (tk_agora_rules_letter_chance (state, 'C'), 8.0 / 35, 1e-12);
  g_assert_cmpfloat_with_epsilon (tk_agora_rules_letter_chance (state, 'D'), 9.0 / 35, 1e-12);
  /* The first card's shop lies unowned with its circle: it is for sale. */
  g_assert_true (tk_agora_rules_for_sale (state, 1));
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
  /* What the panel shows for sale is what buy accepts: shop 3 (unowned, a circle), not the
   * owned shops nor a shop that is not there. */
  g_assert_true (tk_agora_rules_for_sale (state, 3));
  g_assert_false (tk_agora_rules_for_sale (state, 2));
  g_assert_false (tk_agora_rules_for_sale (state, 9));
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

/* The typed answers a panel reads (tk-agora-rules.h) say what the state's JSON and score say. */
static void
assert_typed_as_json (gpointer state)
{
  static const char *const phase_names[] = { "first_card", "income", "draw", "place", "buy",
                                             "over" };
  g_autoptr(JsonObject) json = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (json, "players");
  JsonArray *ranks = json_object_get_array_member (score, "players");
  JsonArray *shops = json_object_get_array_member (json, "shops");
  const char *drawn = json_object_get_null_member (json, "drawn")
                      ? NULL : json_object_get_string_member (json, "drawn");
  TkAgoraCardCount cards;

  g_assert_cmpstr (phase_names[tk_agora_rules_phase (state)], ==,
                   json_object_get_string_member (json, "phase"));
  g_assert_cmpint (tk_agora_rules_active (state), ==,
                   json_object_get_int_member (json, "active"));
  g_assert_cmpuint (tk_agora_rules_n_players (state), ==, json_array_get_length (players));
  g_assert_cmpint (tk_agora_rules_drawn (state), ==, drawn != NULL ? drawn[0] : 0);
  tk_agora_rules_card_count (state, &cards);
  g_assert_cmpint (cards.deck_total, ==, json_object_get_int_member (json, "deck_total"));
  g_assert_cmpint (cards.placed, ==, json_object_get_int_member (json, "cards_placed"));
  g_assert_cmpint (cards.on_table, ==, json_object_get_int_member (json, "cards_on_table"));
  g_assert_cmpint (cards.removed, ==, json_object_get_int_member (json, "cards_removed"));
  for (guint seat = 0; seat < json_array_get_length (players); seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      TkAgoraSeatInfo info;

      tk_agora_rules_seat (state, seat, &info);
      g_assert_cmpint (info.letter, ==, json_object_get_string_member (player, "letter")[0]);
      g_assert_cmpint (info.money, ==, json_object_get_int_member (player, "money"));
      g_assert_cmpint (info.shop_income, ==, json_object_get_int_member (player, "shop_income"));
      g_assert_cmpint (info.turns, ==, json_object_get_int_member (player, "turns"));
      g_assert_cmpint (info.winner, ==, json_object_get_boolean_member (player, "winner"));
      g_assert_cmpint (info.rank, ==, json_object_get_int_member (
                         json_array_get_object_element (ranks, seat), "rank"));
    }
  g_assert_cmpuint (tk_agora_rules_n_shops (state), ==, json_array_get_length (shops));
  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      TkAgoraShopInfo info;

      tk_agora_rules_shop (state, i, &info);
      g_assert_cmpint (info.id, ==, json_object_get_int_member (shop, "id"));
      g_assert_cmpint (info.owner, ==, json_object_get_null_member (shop, "owner")
                                       ? -1 : json_object_get_int_member (shop, "owner"));
      g_assert_cmpint (info.marks, ==, json_object_get_int_member (shop, "marks"));
      g_assert_cmpint (info.counters, ==, json_object_get_int_member (shop, "counters"));
      g_assert_cmpint (info.doors, ==, json_object_get_int_member (shop, "doors"));
      g_assert_cmpuint (info.n_cards, ==,
                        json_array_get_length (json_object_get_array_member (shop, "cards")));
    }
}

/* A panel reads the phase, the turn, the seats, the shops and the cards from the engine's
 * typed answers; through a short game to its end they agree with the JSON and the score. */
static void
test_typed_state (void)
{
  const char *const turn[] = {
    "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
    "[{\"marks\":2,\"doors\":3},{\"marks\":1,\"doors\":4}]}",
    "{\"type\":\"income\"}",
    "{\"type\":\"draw\",\"letter\":\"C\"}",
    "{\"type\":\"place\"}",
    "{\"type\":\"buy\",\"shop\":1}",
    "{\"type\":\"income\"}",
    "{\"type\":\"draw\",\"letter\":\"D\"}",
    "{\"type\":\"place\"}",
    "{\"type\":\"buy\",\"shop\":2}",
    "{\"type\":\"edit_shop\",\"shop\":1,\"doors\":8}",
    "{\"type\":\"income\"}",                      /* Ana: 7 + 8 = 15, over the goal of 12 */
  };
  gpointer state = new_state (TWO ",\"goal\":12}");
  TkAgoraSeatInfo seat;
  TkAgoraShopInfo shop;
  TkAgoraCardCount cards;

  g_assert_cmpint (tk_agora_rules_phase (state), ==, TK_AGORA_PHASE_FIRST_CARD);
  g_assert_cmpuint (tk_agora_rules_n_players (state), ==, 2);
  g_assert_cmpuint (tk_agora_rules_n_shops (state), ==, 0);
  assert_typed_as_json (state);
  for (guint i = 0; i < G_N_ELEMENTS (turn); i++)
    {
      apply_ok (state, turn[i]);
      assert_typed_as_json (state);
      if (i == 2)
        {
          /* Ana drew C: it waits to be placed */
          g_assert_cmpint (tk_agora_rules_phase (state), ==, TK_AGORA_PHASE_PLACE);
          g_assert_cmpint (tk_agora_rules_drawn (state), ==, 'C');
        }
      if (i == 6)
        {
          g_assert_cmpuint (tk_agora_rules_active (state), ==, 1);
          tk_agora_rules_seat (state, 1, &seat);
          g_assert_cmpint (seat.letter, ==, 'B');
          g_assert_cmpint (seat.money, ==, 10);
          g_assert_cmpuint (seat.turns, ==, 1);
        }
    }
  g_assert_cmpint (tk_agora_rules_phase (state), ==, TK_AGORA_PHASE_OVER);
  g_assert_cmpint (tk_agora_rules_drawn (state), ==, 0);
  tk_agora_rules_card_count (state, &cards);
  g_assert_cmpuint (cards.deck_total, ==, 33);
  g_assert_cmpuint (cards.placed, ==, 3);
  g_assert_cmpuint (cards.on_table, ==, 3);
  g_assert_cmpuint (cards.removed, ==, 0);
  tk_agora_rules_seat (state, 0, &seat);
  g_assert_cmpint (seat.letter, ==, 'A');
  g_assert_cmpint (seat.money, ==, 15);
  g_assert_cmpint (seat.shop_income, ==, 8);
  g_assert_true (seat.winner);
  g_assert_cmpuint (seat.rank, ==, 1);
  tk_agora_rules_seat (state, 1, &seat);
  g_assert_false (seat.winner);
  g_assert_cmpuint (seat.rank, ==, 2);
  g_assert_cmpuint (tk_agora_rules_n_shops (state), ==, 2);
  tk_agora_rules_shop (state, 1, &shop);
  g_assert_cmpuint (shop.id, ==, 2);
  g_assert_cmpint (shop.owner, ==, 1);
  g_assert_cmpuint (shop.marks, ==, 1);
  g_assert_cmpuint (shop.counters, ==, 1);
  g_assert_cmpuint (shop.doors, ==, 4);
  g_assert_cmpuint (shop.n_cards, ==, 1);
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
  g_test_add_func ("/agora/turn-seat", test_turn_seat);
  g_test_add_func ("/agora/typed-state", test_typed_state);
  g_test_add_func ("/agora/merge", test_merge);
  g_test_add_func ("/agora/describe", test_describe);
  g_test_add_func ("/agora/registry", test_registry);
  return g_test_run ();
}
