/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metropolis-model.c — TkMetropolisModel without a display: the hand-scored full game of
 * tests/fixtures/metropolis-full-game.json applied through the model (one ::changed per
 * action, the typed fields it reads, the ranks at the end, undo), and the picking a player
 * does through it on a fresh game: the starting deeds tapped and confirmed, the draft, a
 * build refused with its taps kept, a buy refused before the card is turned up, a buy
 * waiting for the revealed deed. */
#include "config.h"

#include "tk-metropolis-model.h"
#include "tk-store.h"
#include "tk-test-session.h"
#include "tk-test-store.h"

#define GAME(f) tk_metropolis_model_get_game ((f)->model)

typedef struct
{
  char              *dir;
  TkStore           *store;
  TkSession         *session;
  TkMetropolisModel *model;
  JsonArray         *actions;      /* the fixture's, in order */
  guint              n_changed;
  guint              n_picking;    /* notifications of the user's choices */
} Fixture;

static void
count_changed (TkMetropolisModel *model,
               Fixture           *f)
{
  f->n_changed++;
}

static void
count_picking (TkMetropolisModel *model,
               GParamSpec        *pspec,
               Fixture           *f)
{
  f->n_picking++;
}

static void
follow (Fixture *f)
{
  f->model = tk_metropolis_model_new (f->session);
  g_signal_connect (f->model, "changed", G_CALLBACK (count_changed), f);
  g_signal_connect (f->model, "notify", G_CALLBACK (count_picking), f);
}

/* The fixture's full game, set up with its starting deeds (it opens on the deeds for sale). */
static void
fixture_set_up_full (Fixture       *f,
                     gconstpointer  data)
{
  f->store = tk_test_library_new ("tk-metropolis-model-XXXXXX", &f->dir);
  f->session = tk_test_session_from_fixture (f->store, "metropolis", "Foundations of Metropolis",
                                             "metropolis-full-game.json", &f->actions);
  follow (f);
}

/* A fresh game of three on the default setup (@data: drafted deeds). */
static void
fixture_set_up_fresh (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = NULL;
  JsonArray *players;

  f->store = tk_test_library_new ("tk-metropolis-model-XXXXXX", &f->dir);
  tk_games_register_all ();
  setup = tk_rules_lookup ("metropolis")->default_setup (3);
  players = json_object_get_array_member (setup, "players");
  for (guint i = 0; i < 3; i++)
    json_object_set_string_member (json_array_get_object_element (players, i), "name",
                                   (const char *[]) { "Ana", "Bo", "Cy" }[i]);
  if (data != NULL)
    json_object_set_boolean_member (setup, "deed_draft", TRUE);
  f->session = tk_session_start (f->store, "metropolis", 0, "Foundations of Metropolis", setup,
                                 &error);
  g_assert_no_error (error);
  f->actions = json_array_new ();
  follow (f);
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

static char *
state_text (Fixture *f)
{
  g_autoptr(JsonObject) all = tk_session_to_json (f->session);

  return tk_rules_json_to_string (all);
}

/* Taps the lots named in @lots ("A1 B2 …") through the model. */
static void
tap (Fixture    *f,
     const char *lots)
{
  int side = GAME (f)->side;
  g_auto(GStrv) names = g_strsplit (lots, " ", -1);

  for (guint i = 0; names[i] != NULL; i++)
    g_assert_true (tk_metropolis_model_tap_lot (f->model,
                                                (names[i][1] - '1') * side + (names[i][0] - 'A')));
}

static char *
tapped (Fixture *f)
{
  return g_strjoinv (" ", (GStrv) tk_metropolis_model_get_selection_names (f->model));
}

/* Applies the fixture's action @i through the model: one ::changed. */
static void
apply_one (Fixture *f,
           guint    i)
{
  g_autofree char *text = tk_rules_json_to_string (json_array_get_object_element (f->actions, i));
  g_autoptr(JsonObject) copy = tk_rules_json_parse_object (text, -1, NULL);
  guint before = f->n_changed;

  if (!tk_panel_model_apply (TK_PANEL_MODEL (f->model), copy))
    g_error ("action %u refused: %s", i + 1, text);
  g_assert_cmpuint (f->n_changed, ==, before + 1);
}

/* The full game: what the model reads at the start, mid-game and at the end, one ::changed
 * per action, nothing notified that the user did not choose, and undo read back. */
static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  static const gint64 totals[3] = { 86, 86, 68 }, coins[3] = { 19, 22, 10 }, ranks[3] = { 2, 1, 3 };
  const TkMetropolisSeat *ana;
  g_autofree char *names = NULL;

  g_assert_cmpuint (f->n_changed, ==, 0);
  g_assert_cmpint (GAME (f)->phase, ==, TK_METROPOLIS_PHASE_MARKET);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_MARKET);
  g_assert_false (GAME (f)->turn);
  g_assert_cmpint (GAME (f)->year, ==, 1);
  g_assert_cmpint (GAME (f)->side, ==, 8);
  g_assert_cmpuint (GAME (f)->n_players, ==, 3);
  g_assert_cmpint (GAME (f)->deck_left, ==, 15);
  g_assert_cmpuint (GAME (f)->n_slots, ==, 6);
  g_assert_cmpint (GAME (f)->market_want, ==, 6);
  g_assert_null (GAME (f)->slots[0].lot);
  g_assert_cmpint (GAME (f)->slots[5].price, ==, 10);
  g_assert_cmpint (GAME (f)->markers_total, ==, 8);
  g_assert_cmpint (GAME (f)->tiles_total, >, 0);
  g_assert_cmpstr (json_object_get_string_member (tk_metropolis_model_find_tile (f->model, "M"),
                                                  "name"), ==, "School");
  g_assert_null (tk_metropolis_model_find_tile (f->model, "Z"));
  g_assert_cmpuint (json_array_get_length (GAME (f)->unconfirmed), ==, 5);
  g_assert_cmpint (GAME (f)->years_scored, ==, 0);
  ana = &GAME (f)->seats[0];
  g_assert_cmpstr (ana->name, ==, "Ana");
  g_assert_cmpint (ana->deeds, ==, 6);
  g_assert_cmpint (ana->coins, ==, 5);
  g_assert_cmpint (ana->markers, ==, 2);
  g_assert_cmpint (ana->tiles_left, ==, GAME (f)->tiles_total);
  g_assert_cmpstr (tk_metropolis_game_seat_name (GAME (f), 2), ==, "Cleo");
  g_assert_cmpstr (tk_metropolis_game_seat_name (GAME (f), -1), ==, "");

  /* the deeds for sale as the fixture turned them up, tapped through the model */
  tap (f, "E1 F3 C6 C2 G3 D6");
  names = tapped (f);
  g_assert_cmpstr (names, ==, "E1 F3 C6 C2 G3 D6");
  g_assert_true (tk_metropolis_model_confirm (f->model));
  g_assert_cmpuint (f->n_changed, ==, 1);
  g_assert_cmpint (GAME (f)->phase, ==, TK_METROPOLIS_PHASE_PLAY);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_NONE);
  g_assert_true (GAME (f)->turn);
  g_assert_cmpint (GAME (f)->current, ==, 0);
  g_assert_cmpstr (GAME (f)->slots[2].lot, ==, "C6");
  g_assert_null (tk_metropolis_model_get_selection_names (f->model)[0]);

  /* Ana's first build: the supply of its row goes down by one */
  {
    guint before_picking = f->n_picking;

    for (guint i = 1; i < json_array_get_length (f->actions); i++)
      apply_one (f, i);
    /* the session's changes notify nothing: ::changed said it */
    g_assert_cmpuint (f->n_picking, ==, before_picking);
  }
  g_assert_cmpint (GAME (f)->phase, ==, TK_METROPOLIS_PHASE_OVER);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_NONE);
  g_assert_cmpint (GAME (f)->years_scored, ==, 3);
  for (guint p = 0; p < 3; p++)
    {
      const TkMetropolisSeat *seat = &GAME (f)->seats[p];

      g_assert_cmpint (seat->prestige, ==, totals[p]);
      g_assert_cmpint (seat->coins, ==, coins[p]);
      g_assert_cmpint (seat->rank, ==, ranks[p]);
    }

  /* undo: read back, one ::changed */
  {
    guint before = f->n_changed;

    g_assert_true (tk_session_undo (f->session, NULL));
    g_assert_cmpuint (f->n_changed, ==, before + 1);
    g_assert_cmpint (GAME (f)->phase, ==, TK_METROPOLIS_PHASE_FINAL_TURNS);
    g_assert_cmpint (GAME (f)->years_scored, ==, 2);
    g_assert_true (GAME (f)->seats[0].has_preview);
  }
}

/* Mid-game: a buy refused before the card is turned up, a buy that waits for the revealed
 * deed, Cancel, a refused build that keeps its taps, income. */
static void
test_turns (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  g_autofree char *names = NULL;
  guint changed;

  for (guint i = 0; i < 4; i++)
    apply_one (f, i);
  /* Ana (5 coins) cannot pay the 10-coin slot: said before anything is turned up */
  g_assert_cmpint (GAME (f)->current, ==, 0);
  before = state_text (f);
  changed = f->n_changed;
  g_assert_false (tk_metropolis_model_buy (f->model, 5, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==, "Ana has 5 coins; this deed costs 10.");
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_NONE);

  /* slot 0 waits for the revealed deed; Cancel leaves it, a tap on the board takes it */
  g_assert_true (tk_metropolis_model_buy (f->model, 0, NULL));
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_REVEAL);
  g_assert_cmpint (tk_metropolis_model_get_buy_slot (f->model), ==, 0);
  tk_metropolis_model_cancel (f->model);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_NONE);
  g_assert_cmpint (tk_metropolis_model_get_buy_slot (f->model), ==, -1);
  now = state_text (f);
  g_assert_cmpstr (now, ==, before);
  g_assert_cmpuint (f->n_changed, ==, changed);
  /* outside any picking a tap only asks what stands there */
  g_assert_false (tk_metropolis_model_tap_lot (f->model, 0));
  g_assert_true (tk_metropolis_model_buy (f->model, 0, NULL));
  tap (f, "D2");
  g_assert_cmpuint (f->n_changed, ==, changed + 1);
  g_assert_cmpint (GAME (f)->current, ==, 1);
  g_assert_cmpint (GAME (f)->slots[5].price, ==, 10);
  g_assert_cmpstr (GAME (f)->slots[5].lot, ==, "D2");
  g_assert_cmpint (GAME (f)->seats[0].coins, ==, 3);

  /* Ben builds a house on lots of a wrong shape: refused, the taps stay to be fixed */
  tk_metropolis_model_start_build (f->model, "B");
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_BUILD);
  g_assert_cmpstr (tk_metropolis_model_get_build_code (f->model), ==, "B");
  tap (f, "C4 A4");
  g_clear_pointer (&before, g_free);
  before = state_text (f);
  g_assert_false (tk_metropolis_model_confirm (f->model));
  g_clear_pointer (&now, g_free);
  now = state_text (f);
  g_assert_cmpstr (now, ==, before);
  names = tapped (f);
  g_assert_cmpstr (names, ==, "C4 A4");
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_BUILD);
  /* a second tap lets a lot go; then the right pair */
  tap (f, "A4 C5");
  g_assert_true (tk_metropolis_model_confirm (f->model));
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_NONE);
  g_assert_null (tk_metropolis_model_get_build_code (f->model));
  g_assert_cmpint (GAME (f)->current, ==, 2);

  /* Cleo takes income */
  g_assert_true (tk_metropolis_model_take_income (f->model));
  g_assert_cmpint (GAME (f)->current, ==, 0);
  /* a coin correction for Ben */
  {
    gint64 coins = GAME (f)->seats[1].coins;

    g_assert_true (tk_metropolis_model_correct_coins (f->model, 1, -2, "miscounted"));
    g_assert_cmpint (GAME (f)->seats[1].coins, ==, coins - 2);
  }
}

/* A fresh game: the starting deeds of each seat in turn, the next seat short of deeds
 * chosen by itself; switching to the draft and back. */
static void
test_deal (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *names = NULL;
  guint picking;

  g_assert_cmpint (GAME (f)->phase, ==, TK_METROPOLIS_PHASE_DEAL);
  g_assert_false (tk_metropolis_model_get_draft (f->model));
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_DEAL);
  g_assert_cmpint (tk_metropolis_model_get_deal_seat (f->model), ==, 0);

  /* a tap twice lets the lot go; each tap is notified */
  picking = f->n_picking;
  tap (f, "A1 B1 B1 C1");
  g_assert_cmpuint (f->n_picking, ==, picking + 4);
  names = tapped (f);
  g_assert_cmpstr (names, ==, "A1 C1");
  tk_metropolis_model_cancel (f->model);
  g_assert_null (tk_metropolis_model_get_selection_names (f->model)[0]);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_DEAL);

  /* Bo's deeds first, chosen by hand; then Ana comes up by herself */
  tk_metropolis_model_set_deal_seat (f->model, 1);
  tap (f, "E1 F1 G1 E2 F2 G2");
  g_assert_true (tk_metropolis_model_confirm (f->model));
  g_assert_cmpint (GAME (f)->seats[1].deeds, ==, 6);
  g_assert_cmpint (tk_metropolis_model_get_deal_seat (f->model), ==, 0);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_DEAL);

  /* the draft instead, mid-way: the taps start again */
  tap (f, "A1");
  tk_metropolis_model_set_draft (f->model, TRUE);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_DRAFT);
  g_assert_null (tk_metropolis_model_get_selection_names (f->model)[0]);
  tk_metropolis_model_set_draft (f->model, FALSE);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_DEAL);

  tap (f, "A1 B1 C1 A2 B2 C2");
  g_assert_true (tk_metropolis_model_confirm (f->model));
  g_assert_cmpint (tk_metropolis_model_get_deal_seat (f->model), ==, 2);
  tap (f, "A7 B7 C7 A8 B8 C8");
  g_assert_true (tk_metropolis_model_confirm (f->model));
  g_assert_cmpint (GAME (f)->phase, ==, TK_METROPOLIS_PHASE_MARKET);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_MARKET);
  g_assert_cmpint (tk_metropolis_model_get_deal_seat (f->model), ==, -1);
  g_assert_cmpuint (f->n_changed, ==, 3);
}

/* The deed draft from the setup: one pick per seat per round, in seat order. */
static void
test_draft (Fixture       *f,
            gconstpointer  data)
{
  g_assert_true (tk_metropolis_model_get_draft (f->model));
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_DRAFT);
  tap (f, "A1 H8 D4");
  g_assert_true (tk_metropolis_model_confirm (f->model));
  g_assert_cmpint (GAME (f)->seats[2].deeds, ==, 1);
  g_assert_cmpint (tk_metropolis_model_get_mode (f->model), ==, TK_METROPOLIS_MODE_DRAFT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/metropolis-model/full-game", Fixture, NULL, fixture_set_up_full, test_full_game,
              fixture_tear_down);
  g_test_add ("/metropolis-model/turns", Fixture, NULL, fixture_set_up_full, test_turns,
              fixture_tear_down);
  g_test_add ("/metropolis-model/deal", Fixture, NULL, fixture_set_up_fresh, test_deal,
              fixture_tear_down);
  g_test_add ("/metropolis-model/draft", Fixture, GINT_TO_POINTER (1), fixture_set_up_fresh,
              test_draft, fixture_tear_down);
  return g_test_run ();
}
