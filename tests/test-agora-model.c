/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agora-model.c — TkAgoraModel without a display: the hand-computed full game of
 * tests/fixtures/agora-full-game.json applied through the model, one ::changed per action, the
 * typed fields it reads (money, standings, the deck, the largest shop and what fire would
 * take), items kept across changes, and the transient choices; and the engine's festival
 * preview on tests/fixtures/agora-festival-draw.json. */
#include "config.h"

#include "tk-agora-model.h"
#include "tk-store.h"
#include "tk-test-session.h"
#include "tk-test-store.h"

typedef struct
{
  char         *dir;
  TkStore      *store;
  TkSession    *session;
  TkAgoraModel *model;
  JsonArray    *actions;      /* the fixture's, in order */
  guint         n_changed;
} Fixture;

static void
count_changed (TkAgoraModel *model,
               Fixture      *f)
{
  f->n_changed++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->store = tk_test_library_new ("tk-agora-model-XXXXXX", &f->dir);
  /* the full game unless the test names another fixture */
  f->session = tk_test_session_from_fixture (f->store, "agora", "Agora",
                                             data != NULL ? data : "agora-full-game.json",
                                             &f->actions);
  f->model = tk_agora_model_new (f->session);
  g_signal_connect (f->model, "changed", G_CALLBACK (count_changed), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_assert_finalize_object (f->model);
  g_clear_object (&f->session);
  json_array_unref (f->actions);
  tk_test_library_close (&f->store, &f->dir);
}

/* Applies the fixture's actions @from .. @to - 1 through the model: one ::changed each. */
static void
apply_range (Fixture *f,
             guint    from,
             guint    to)
{
  for (guint i = from; i < to; i++)
    {
      g_autoptr(JsonObject) copy = NULL;
      g_autofree char *text = tk_rules_json_to_string (json_array_get_object_element (f->actions,
                                                                                      i));
      guint before = f->n_changed;

      copy = tk_rules_json_parse_object (text, -1, NULL);
      if (!tk_agora_model_apply (f->model, copy))
        g_error ("action %u refused: %s", i + 1, text);
      g_assert_cmpuint (f->n_changed, ==, before + 1);
    }
}

static gint64
money (Fixture *f,
       guint    seat)
{
  return tk_agora_player_get_money (tk_agora_model_get_player (f->model, seat));
}

static TkAgoraShop *
shop (Fixture *f,
      guint    id)
{
  GListModel *shops = tk_agora_model_get_shops (f->model);

  for (guint i = 0; i < g_list_model_get_n_items (shops); i++)
    {
      g_autoptr(TkAgoraShop) item = g_list_model_get_item (shops, i);

      if (tk_agora_shop_get_id (item) == id)
        return item;   /* the store keeps it */
    }
  return NULL;
}

/* The start: nobody's turn yet, three players with $10, the whole deck. */
static void
test_start (Fixture       *f,
            gconstpointer  data)
{
  g_assert_cmpint (tk_agora_model_get_phase (f->model), ==, TK_AGORA_PHASE_FIRST_CARD);
  g_assert_cmpuint (tk_agora_model_get_n_players (f->model), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tk_agora_model_get_players (f->model)), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tk_agora_model_get_shops (f->model)), ==, 0);
  g_assert_cmpuint (tk_agora_model_get_deck_total (f->model), ==, 36);
  g_assert_cmpint (tk_agora_model_get_goal (f->model), ==, 50);
  g_assert_false (tk_agora_model_get_goal_reach (f->model));
  g_assert_true (tk_agora_model_past_goal (f->model, 51));
  g_assert_false (tk_agora_model_past_goal (f->model, 50));
  g_assert_cmpint (tk_agora_model_letter_seat (f->model, 2), ==, 2);
  g_assert_cmpint (tk_agora_model_letter_seat (f->model, 3), ==, -1);
  for (guint seat = 0; seat < 3; seat++)
    {
      TkAgoraPlayer *player = tk_agora_model_get_player (f->model, seat);

      g_assert_cmpint (tk_agora_player_get_money (player), ==, 10);
      g_assert_false (tk_agora_player_get_active (player));
      g_assert_cmpint (tk_agora_player_get_standing (player), ==, TK_AGORA_STANDING_TO_GO);
      g_assert_cmpint (tk_agora_player_get_to_go (player), ==, 41);
    }
  g_assert_cmpuint (f->n_changed, ==, 0);
}

/* T8: Cleo draws C, her letter.  By hand (tests/ui/test-panel-agora.c): fire would burn
 * Ana's shop 2 (5 counters, cards 1, 6 and 8); shop 7 lies only on those cards and goes too,
 * shops 1 and 4 lose some of theirs.  The model has it from the engine. */
static void
test_fire_preview (Fixture       *f,
                   gconstpointer  data)
{
  gboolean tie = TRUE;
  TkAgoraShop *largest;
  guint n_shops;

  apply_range (f, 0, 30);
  g_assert_cmpuint (f->n_changed, ==, 30);
  g_assert_cmpint (tk_agora_model_get_phase (f->model), ==, TK_AGORA_PHASE_DRAW);
  g_assert_cmpuint (tk_agora_model_get_active (f->model), ==, 2);
  g_assert_true (tk_agora_player_get_active (tk_agora_model_get_player (f->model, 2)));
  g_assert_false (tk_agora_player_get_active (tk_agora_model_get_player (f->model, 0)));

  largest = tk_agora_model_get_largest (f->model, &tie);
  g_assert_nonnull (largest);
  g_assert_false (tie);
  g_assert_cmpuint (tk_agora_shop_get_id (largest), ==, 2);
  g_assert_cmpint (tk_agora_shop_get_owner (largest), ==, 0);
  g_assert_cmpuint (tk_agora_shop_get_counters (largest), ==, 5);
  g_assert_cmpuint (tk_agora_shop_get_n_cards (largest), ==, 3);
  g_assert_true (tk_agora_shop_get_largest (largest));
  g_assert_cmpint (tk_agora_shop_get_fire_fate (largest), ==, TK_AGORA_FIRE_BURNS);
  g_assert_cmpint (tk_agora_shop_get_fire_fate (shop (f, 7)), ==, TK_AGORA_FIRE_GOES);
  g_assert_cmpint (tk_agora_shop_get_fire_fate (shop (f, 1)), ==, TK_AGORA_FIRE_LOSES_CARDS);
  g_assert_cmpint (tk_agora_shop_get_fire_fate (shop (f, 4)), ==, TK_AGORA_FIRE_LOSES_CARDS);
  g_assert_false (tk_agora_shop_get_largest (shop (f, 1)));

  /* Her own letter is only chosen: the event is asked next, nothing is applied. */
  n_shops = g_list_model_get_n_items (tk_agora_model_get_shops (f->model));
  g_assert_false (tk_agora_model_draw (f->model, 2));
  g_assert_cmpint (tk_agora_model_get_chosen_letter (f->model), ==, 2);
  g_assert_cmpuint (f->n_changed, ==, 30);
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 30);

  /* Fire: one ::changed; shops 2 and 7 leave the list, the choice is forgotten. */
  g_assert_true (tk_agora_model_draw_event (f->model, TK_AGORA_EVENT_FIRE));
  g_assert_cmpuint (f->n_changed, ==, 31);
  g_assert_cmpint (tk_agora_model_get_phase (f->model), ==, TK_AGORA_PHASE_PLACE);
  g_assert_cmpint (tk_agora_model_get_chosen_letter (f->model), ==, -1);
  g_assert_cmpint (tk_agora_model_get_drawn (f->model), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tk_agora_model_get_shops (f->model)), ==,
                    n_shops - 2);
  g_assert_null (shop (f, 2));
  g_assert_null (shop (f, 7));
  g_assert_cmpuint (tk_agora_model_get_cards_removed (f->model), ==, 3);
}

/* A correction keeps the shop's item (a view bound to it is patched, not rebuilt); a refusal
 * emits nothing. */
static void
test_items_kept (Fixture       *f,
                 gconstpointer  data)
{
  TkAgoraShop *before;
  GListModel *for_sale;

  apply_range (f, 0, 8);
  before = shop (f, 3);
  g_assert_nonnull (before);
  g_object_ref (before);
  g_assert_true (tk_agora_model_edit_shop (f->model, 3, -1, tk_agora_shop_get_doors (before) + 1));
  g_assert_cmpuint (f->n_changed, ==, 9);
  g_assert_true (shop (f, 3) == before);
  g_object_unref (before);

  /* an owned shop keeps a counter: refused, no ::changed */
  g_assert_false (tk_agora_model_edit_shop (f->model, 3, 0, -1));
  g_assert_cmpuint (f->n_changed, ==, 9);

  /* the shops for sale are the same items as the shops */
  for_sale = tk_agora_model_get_shops_for_sale (f->model);
  for (guint i = 0; i < g_list_model_get_n_items (for_sale); i++)
    {
      g_autoptr(TkAgoraShop) item = g_list_model_get_item (for_sale, i);

      g_assert_true (tk_agora_shop_get_for_sale (item));
      g_assert_true (shop (f, tk_agora_shop_get_id (item)) == item);
    }
}

/* The whole game: Ana wins over $50 at income with $71; Ben $39 (rank 2), Cleo $26 (rank 3);
 * the deck left A 4, B 6, C 4, D 1 — the paper figures. */
static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  guint n = json_array_get_length (f->actions);
  static const struct { gint64 money; TkAgoraStanding standing; guint rank; } by_hand[] = {
    { 71, TK_AGORA_STANDING_WINNER, 1 },
    { 39, TK_AGORA_STANDING_RANKED, 2 },
    { 26, TK_AGORA_STANDING_RANKED, 3 },
  };
  static const guint left[] = { 4, 6, 4, 1 };

  apply_range (f, 0, n);
  g_assert_cmpuint (f->n_changed, ==, n);
  g_assert_cmpint (tk_agora_model_get_phase (f->model), ==, TK_AGORA_PHASE_OVER);
  for (guint seat = 0; seat < 3; seat++)
    {
      TkAgoraPlayer *player = tk_agora_model_get_player (f->model, seat);

      g_assert_cmpint (money (f, seat), ==, by_hand[seat].money);
      g_assert_cmpint (tk_agora_player_get_standing (player), ==, by_hand[seat].standing);
      g_assert_cmpuint (tk_agora_player_get_rank (player), ==, by_hand[seat].rank);
      g_assert_cmpint (tk_agora_player_get_winner (player), ==, seat == 0);
      g_assert_false (tk_agora_player_get_active (player));
    }
  for (int l = 0; l < TK_AGORA_N_LETTERS; l++)
    {
      g_assert_cmpuint (tk_agora_model_get_cards_left (f->model, l), ==, left[l]);
      /* the engine's chance that the next card carries the letter */
      g_assert_cmpfloat_with_epsilon (tk_agora_model_get_letter_chance (f->model, l),
                                      left[l] / 15.0, 1e-12);
    }
  g_assert_cmpuint (tk_agora_model_get_deck_total (f->model), ==, 15);

  /* Undo is a change of the session too: one ::changed, and the model reads it back. */
  g_assert_true (tk_session_undo (f->session, NULL));
  g_assert_cmpuint (f->n_changed, ==, n + 1);
  g_assert_cmpint (tk_agora_model_get_phase (f->model), ==, TK_AGORA_PHASE_INCOME);
  g_assert_cmpint (money (f, 0), ==, 50);
  g_assert_true (tk_agora_player_get_active (tk_agora_model_get_player (f->model, 0)));
  g_assert_cmpint (tk_agora_player_get_income_now (tk_agora_model_get_player (f->model, 0)), ==,
                   21);
}

/* tests/fixtures/agora-festival-draw.json: before Ben's own B (a festival), the engine's
 * preview says the festival makes both win (a draw: $54 each, past $50), and so it does. */
static void
test_festival_preview (Fixture       *f,
                       gconstpointer  data)
{
  guint festival = json_array_get_length (f->actions) - 1;

  g_assert_cmpuint (tk_agora_model_get_festival_winners (f->model), ==, 0);
  apply_range (f, 0, festival);
  g_assert_cmpint (tk_agora_model_get_phase (f->model), ==, TK_AGORA_PHASE_DRAW);
  g_assert_cmpuint (tk_agora_model_get_festival_winners (f->model), ==, 0x3);
  g_assert_true (tk_agora_model_past_goal (f->model, 51));
  g_assert_false (tk_agora_model_past_goal (f->model, 50));
  apply_range (f, festival, festival + 1);
  g_assert_cmpint (tk_agora_model_get_phase (f->model), ==, TK_AGORA_PHASE_OVER);
  g_assert_true (tk_agora_player_get_winner (tk_agora_model_get_player (f->model, 0)));
  g_assert_true (tk_agora_player_get_winner (tk_agora_model_get_player (f->model, 1)));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/agora-model/start", Fixture, NULL, fixture_set_up, test_start,
              fixture_tear_down);
  g_test_add ("/agora-model/festival-preview", Fixture, "agora-festival-draw.json",
              fixture_set_up, test_festival_preview, fixture_tear_down);
  g_test_add ("/agora-model/fire-preview", Fixture, NULL, fixture_set_up, test_fire_preview,
              fixture_tear_down);
  g_test_add ("/agora-model/items-kept", Fixture, NULL, fixture_set_up, test_items_kept,
              fixture_tear_down);
  g_test_add ("/agora-model/full-game", Fixture, NULL, fixture_set_up, test_full_game,
              fixture_tear_down);
  return g_test_run ();
}
