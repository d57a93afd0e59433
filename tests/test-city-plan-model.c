/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-city-plan-model.c — TkCityPlanModel without a display: the hand-computed full game of
 * tests/fixtures/city-plan-full-game.json applied through the model, one ::changed per
 * action, the typed fields it reads (phase, turn, hands, the income tiles and who drew what
 * when each fired, the ranks), items kept across changes, undo, the transient choices, and
 * what each card costs the player to build (the engine's answer). */
#include "config.h"

#include "tk-city-plan-model.h"
#include "tk-store.h"
#include "tk-test-session.h"
#include "tk-test-store.h"

typedef struct
{
  char            *dir;
  TkStore         *store;
  TkSession       *session;
  TkCityPlanModel *model;
  JsonArray       *actions;      /* the fixture's, in order */
  guint            n_changed;
  guint            n_site_turns;  /* steps at which the player to move had a site */
} Fixture;

/* Tile index (the order a round's end checks them), the round it pays out in, and the
 * cards Ana, Ben and Cho draw from it (the fixture's notes). */
static const struct { guint tile; const char *id; gint64 round; gint64 draws[3]; } paid[] = {
  { 4, "eco",         3,  { 0, 0, 2 } },
  { 3, "income_tax",  8,  { 1, 3, 2 } },
  { 5, "subsidy",     9,  { 0, 2, 2 } },
  { 1, "consumption", 12, { 0, 3, 1 } },
  { 2, "business",    12, { 0, 2, 3 } },
  { 0, "resident",    13, { 3, 2, 2 } },
};

static void
count_changed (TkCityPlanModel *model,
               Fixture         *f)
{
  f->n_changed++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->store = tk_test_library_new ("tk-city-plan-model-XXXXXX", &f->dir);
  f->session = tk_test_session_from_fixture (f->store, "city-plan", "City Plan", "city-plan-full-game.json", &f->actions);
  f->model = tk_city_plan_model_new (f->session);
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

/* Applies the fixture's action @i through the model: one ::changed. */
static void
apply_one (Fixture *f,
           guint    i)
{
  g_autoptr(JsonObject) copy = NULL;
  g_autofree char *text = tk_rules_json_to_string (json_array_get_object_element (f->actions, i));
  guint before = f->n_changed;

  copy = tk_rules_json_parse_object (text, -1, NULL);
  if (!tk_city_plan_model_apply (f->model, copy))
    g_error ("action %u refused: %s", i + 1, text);
  g_assert_cmpuint (f->n_changed, ==, before + 1);
}

static void
apply_range (Fixture *f,
             guint    from,
             guint    to)
{
  for (guint i = from; i < to; i++)
    apply_one (f, i);
}

static void
test_start (Fixture       *f,
            gconstpointer  data)
{
  GListModel *tiles = tk_city_plan_model_get_tiles (f->model);
  GListModel *players = tk_city_plan_model_get_players (f->model);
  static const char *const ids[] = { "resident", "consumption", "business", "income_tax",
                                     "eco", "subsidy" };

  g_assert_cmpuint (f->n_changed, ==, 0);
  g_assert_cmpint (tk_city_plan_model_get_phase (f->model), ==, TK_CITY_PLAN_PHASE_DRAW);
  g_assert_cmpuint (tk_city_plan_model_get_active (f->model), ==, 0);
  g_assert_cmpint (tk_city_plan_model_get_round (f->model), ==, 1);
  g_assert_cmpuint (tk_city_plan_model_get_n_players (f->model), ==, 3);
  g_assert_cmpint (tk_city_plan_model_get_hand_limit (f->model), ==, 8);
  g_assert_cmpint (tk_city_plan_model_get_end_buildings (f->model), ==, 10);
  g_assert_cmpint (tk_city_plan_model_get_deck (f->model), >, 0);
  g_assert_cmpint (tk_city_plan_model_get_subsidy_cards (f->model), ==, 2);
  g_assert_cmpint (tk_city_plan_model_get_subsidy_max_buildings (f->model), ==, 6);
  g_assert_cmpint (tk_city_plan_model_get_round_ended (f->model), ==, 0);
  g_assert_nonnull (tk_city_plan_model_get_cards (f->model));
  g_assert_cmpuint (json_array_get_length (tk_city_plan_model_get_cards (f->model)), >, 0);

  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 3);
  g_assert_cmpstr (tk_city_plan_player_get_name (tk_city_plan_model_get_player (f->model, 1)),
                   ==, "Ben");
  g_assert_cmpstr (tk_city_plan_player_get_colour (tk_city_plan_model_get_player (f->model, 2)),
                   ==, "#33d17a");
  g_assert_cmpint (tk_city_plan_player_get_hand (tk_city_plan_model_get_player (f->model, 0)),
                   ==, 5);
  g_assert_true (tk_city_plan_player_get_active (tk_city_plan_model_get_player (f->model, 0)));
  g_assert_false (tk_city_plan_player_get_active (tk_city_plan_model_get_player (f->model, 1)));

  /* Six tiles in the engine's order; nobody has built, so none is due yet (the subsidy's
   * threshold is 8 buildings) and the subsidy would give its 2 cards to every city. */
  g_assert_cmpuint (g_list_model_get_n_items (tiles), ==, TK_CITY_PLAN_N_TILES);
  for (guint t = 0; t < TK_CITY_PLAN_N_TILES; t++)
    {
      TkCityPlanTile *tile = tk_city_plan_model_get_tile (f->model, t);

      g_assert_cmpstr (tk_city_plan_tile_get_id (tile), ==, ids[t]);
      g_assert_cmpuint (tk_city_plan_tile_get_index (tile), ==, t);
      g_assert_cmpint (tk_city_plan_tile_get_status (tile), ==, TK_CITY_PLAN_TILE_WAITING);
      g_assert_nonnull (tk_city_plan_tile_get_title (tile));
    }
  g_assert_cmpint (tk_city_plan_tile_get_threshold (tk_city_plan_model_get_tile (f->model, 0)),
                   ==, 3);
  g_assert_cmpint (tk_city_plan_tile_get_threshold (tk_city_plan_model_get_tile (f->model, 5)),
                   ==, 8);
  for (guint seat = 0; seat < 3; seat++)
    g_assert_cmpint (tk_city_plan_tile_get_draws (tk_city_plan_model_get_tile (f->model, 5),
                                                  seat), ==, 2);
}

/* Every tile fires in the round and with the draws the fixture's notes compute, the model
 * tells it once right after the action that ended the round, and the ranks at the end. */
static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  gint64 fired_round[G_N_ELEMENTS (paid)] = { 0 };
  TkCityPlanPlayer *ana = tk_city_plan_model_get_player (f->model, 0);
  TkCityPlanTile *eco = tk_city_plan_model_get_tile (f->model, 4);
  static const gint64 hands[3] = { 10, 9, 10 };
  static const gint64 buildings[3] = { 10, 10, 9 };

  for (guint i = 0; i < json_array_get_length (f->actions); i++)
    {
      TkCityPlanTileStatus before[TK_CITY_PLAN_N_TILES];
      gint64 round_before = tk_city_plan_model_get_round (f->model);
      gint64 ended;
      guint mask;

      for (guint t = 0; t < TK_CITY_PLAN_N_TILES; t++)
        before[t] = tk_city_plan_tile_get_status (tk_city_plan_model_get_tile (f->model, t));
      apply_one (f, i);
      ended = tk_city_plan_model_get_round_ended (f->model);
      mask = tk_city_plan_model_get_round_fired (f->model);
      if (ended == 0)
        {
          g_assert_cmpuint (mask, ==, 0);
          continue;
        }
      g_assert_cmpint (ended, ==, round_before);
      for (guint k = 0; k < G_N_ELEMENTS (paid); k++)
        {
          TkCityPlanTile *tile = tk_city_plan_model_get_tile (f->model, paid[k].tile);

          if (!(mask & (1u << paid[k].tile)))
            continue;
          g_assert_cmpint (fired_round[k], ==, 0);
          fired_round[k] = ended;
          /* it had not fired before (the round's last build may have made it due), and
           * fired with the draws the notes compute */
          g_assert_cmpint (before[paid[k].tile], !=, TK_CITY_PLAN_TILE_FIRED);
          g_assert_cmpstr (tk_city_plan_tile_get_id (tile), ==, paid[k].id);
          g_assert_cmpint (tk_city_plan_tile_get_status (tile), ==, TK_CITY_PLAN_TILE_FIRED);
          for (guint seat = 0; seat < 3; seat++)
            g_assert_cmpint (tk_city_plan_tile_get_draws (tile, seat), ==, paid[k].draws[seat]);
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (paid); k++)
    g_assert_cmpint (fired_round[k], ==, paid[k].round);

  /* the same items all along */
  g_assert_true (ana == tk_city_plan_model_get_player (f->model, 0));
  g_assert_true (eco == tk_city_plan_model_get_tile (f->model, 4));

  /* The game over: each city's hand and buildings, nobody to move. */
  g_assert_cmpint (tk_city_plan_model_get_phase (f->model), ==, TK_CITY_PLAN_PHASE_OVER);
  for (guint seat = 0; seat < 3; seat++)
    {
      TkCityPlanPlayer *player = tk_city_plan_model_get_player (f->model, seat);

      g_assert_cmpint (tk_city_plan_player_get_hand (player), ==, hands[seat]);
      g_assert_cmpint (tk_city_plan_player_get_buildings (player), ==, buildings[seat]);
      g_assert_false (tk_city_plan_player_get_active (player));
    }
  g_assert_nonnull (tk_city_plan_model_get_score (f->model));
  g_assert_nonnull (tk_city_plan_model_get_game (f->model));
  /* the engine's answers, asked of the state the model peeks at */
  g_assert_cmpint (json_object_get_int_member (tk_city_plan_model_get_player_state (f->model, 2),
                                               "buildings"), ==, buildings[2]);
  g_assert_null (tk_city_plan_model_get_player_state (f->model, 3));
  g_assert_cmpint (tk_city_plan_rules_count_type (tk_city_plan_model_peek_state (f->model), 0,
                                                  "power_plant"), >=, 1);
  g_assert_cmpint (tk_city_plan_rules_count_type (tk_city_plan_model_peek_state (f->model), 3,
                                                  "power_plant"), ==, -1);
  g_assert_false (tk_city_plan_rules_last_of_round (tk_city_plan_model_peek_state (f->model)));
}

/* The round's end is told once: the next action forgets it, and so does undo. */
static void
test_round_news (Fixture       *f,
                 gconstpointer  data)
{
  guint i = 0;

  /* up to the action that ends round 1 */
  while (tk_city_plan_model_get_round_ended (f->model) == 0)
    apply_one (f, i++);
  g_assert_cmpint (tk_city_plan_model_get_round_ended (f->model), ==, 1);
  g_assert_cmpuint (tk_city_plan_model_get_round_fired (f->model), ==, 0);   /* none fired */
  g_assert_cmpint (tk_city_plan_model_get_round (f->model), ==, 2);
  apply_one (f, i++);
  g_assert_cmpint (tk_city_plan_model_get_round_ended (f->model), ==, 0);

  /* the eco subsidy fires at round 3's end; undo takes the news back */
  while (tk_city_plan_model_get_round_ended (f->model) != 3)
    apply_one (f, i++);
  g_assert_cmpuint (tk_city_plan_model_get_round_fired (f->model), ==, 1u << 4);
  {
    guint before = f->n_changed;

    g_assert_true (tk_session_undo (f->session, NULL));
    g_assert_cmpuint (f->n_changed, ==, before + 1);
  }
  g_assert_cmpint (tk_city_plan_model_get_round_ended (f->model), ==, 0);
  g_assert_cmpint (tk_city_plan_model_get_round (f->model), ==, 3);
  /* Cho's eco building was the round's last action: undone, the tile waits again */
  g_assert_cmpint (tk_city_plan_tile_get_status (tk_city_plan_model_get_tile (f->model, 4)),
                   ==, TK_CITY_PLAN_TILE_WAITING);
  apply_one (f, i - 1);
  g_assert_cmpint (tk_city_plan_model_get_round_ended (f->model), ==, 3);
  g_assert_cmpint (tk_city_plan_tile_get_status (tk_city_plan_model_get_tile (f->model, 4)),
                   ==, TK_CITY_PLAN_TILE_FIRED);
}

static void
notified (GObject    *object,
          GParamSpec *pspec,
          guint      *n)
{
  (*n)++;
}

/* "Look at manifestos" and "1 card and manifestos" wait for keep one / keep none in the same
 * moment; the turn moving on forgets them, with one notification each. */
static void
test_choices (Fixture       *f,
              gconstpointer  data)
{
  guint n_manifesto = 0;
  guint moment = tk_panel_model_get_moment (TK_PANEL_MODEL (f->model));
  gint64 built;

  g_signal_connect (f->model, "notify::manifesto-pending", G_CALLBACK (notified), &n_manifesto);
  g_assert_false (tk_city_plan_model_get_manifesto_pending (f->model));
  tk_city_plan_model_set_manifesto_pending (f->model, TRUE);
  tk_city_plan_model_set_manifesto_pending (f->model, TRUE);
  g_assert_cmpuint (n_manifesto, ==, 1);
  g_assert_true (tk_city_plan_model_get_manifesto_pending (f->model));
  g_assert_cmpuint (f->n_changed, ==, 0);        /* a choice is not a session change */

  apply_range (f, 0, 1);                         /* Ana draws: the moment moves on */
  g_assert_cmpuint (tk_panel_model_get_moment (TK_PANEL_MODEL (f->model)), ==, moment + 1);
  g_assert_false (tk_city_plan_model_get_manifesto_pending (f->model));
  g_assert_cmpuint (n_manifesto, ==, 2);
  g_assert_cmpint (tk_city_plan_model_get_phase (f->model), ==, TK_CITY_PLAN_PHASE_ACTION);

  g_object_set (f->model, "redraw-pending", TRUE, NULL);
  built = tk_city_plan_player_get_buildings (tk_city_plan_model_get_player (f->model, 0));
  g_assert_true (tk_city_plan_model_get_redraw_pending (f->model));
  apply_range (f, 1, 2);                         /* Ana builds: Ben's turn */
  g_assert_false (tk_city_plan_model_get_redraw_pending (f->model));
  g_assert_cmpuint (tk_city_plan_model_get_active (f->model), ==, 1);
  g_assert_true (tk_city_plan_player_get_active (tk_city_plan_model_get_player (f->model, 1)));
  g_assert_cmpint (tk_city_plan_player_get_buildings (tk_city_plan_model_get_player (f->model,
                                                                                     0)), ==,
                   built + 1);
}

/* Whether the active player's city holds a construction site, read from its rows. */
static gboolean
rows_hold_site (JsonObject *player)
{
  JsonArray *plants = json_object_get_array_member (player, "plants");

  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonArray *row = json_object_get_array_member (json_array_get_object_element (plants, p),
                                                     "buildings");

      for (guint b = 0; b < json_array_get_length (row); b++)
        if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (row, b),
                                                      "effect"), "construction_site") == 0)
          return TRUE;
    }
  return FALSE;
}

/* What a card costs the active player is the engine's: for each card of the table, by its
 * id and typed in as a card object, the "costs" the engine writes for that player, at every
 * step of the game (as facilities bring reductions); -1 for a card the table lacks.  And
 * whether a construction site may pay is the engine's too, as the city's rows show it. */
static void
check_costs (Fixture *f)
{
  JsonArray *cards = tk_city_plan_model_get_cards (f->model);
  JsonObject *game = tk_city_plan_model_get_game (f->model);
  gpointer state = tk_city_plan_model_peek_state (f->model);
  guint seat = tk_city_plan_model_get_active (f->model);
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (game, "players"),
                                                      seat);
  JsonObject *costs = json_object_get_object_member (player, "costs");
  g_autoptr(JsonNode) unknown = json_node_new (JSON_NODE_VALUE);

  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      JsonObject *card = json_array_get_object_element (cards, i);
      const char *id = json_object_get_string_member (card, "id");
      g_autoptr(JsonNode) by_id = json_node_new (JSON_NODE_VALUE);
      g_autoptr(JsonNode) typed = json_node_init_object (json_node_alloc (), card);

      json_node_set_string (by_id, id);
      g_assert_cmpint (tk_city_plan_rules_cost (state, seat, by_id), ==,
                       json_object_get_int_member (costs, id));
      g_assert_cmpint (tk_city_plan_rules_cost (state, seat, typed), ==,
                       json_object_get_int_member (costs, id));
    }
  json_node_set_string (unknown, "no-such-card");
  g_assert_cmpint (tk_city_plan_rules_cost (state, seat, unknown), ==, -1);
  g_assert_cmpint (tk_city_plan_rules_has_construction_site (state, seat), ==,
                   rows_hold_site (player));
  if (tk_city_plan_rules_has_construction_site (state, seat))
    f->n_site_turns++;
}

static void
test_costs (Fixture       *f,
            gconstpointer  data)
{
  for (guint i = 0; i < json_array_get_length (f->actions); i++)
    {
      if (tk_city_plan_model_get_phase (f->model) != TK_CITY_PLAN_PHASE_OVER)
        check_costs (f);
      apply_one (f, i);
    }
  /* the fixture builds a construction site: the check above met both answers */
  g_assert_cmpuint (f->n_site_turns, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/city-plan-model/start", Fixture, NULL, fixture_set_up, test_start,
              fixture_tear_down);
  g_test_add ("/city-plan-model/full-game", Fixture, NULL, fixture_set_up, test_full_game,
              fixture_tear_down);
  g_test_add ("/city-plan-model/round-news", Fixture, NULL, fixture_set_up, test_round_news,
              fixture_tear_down);
  g_test_add ("/city-plan-model/costs", Fixture, NULL, fixture_set_up, test_costs,
              fixture_tear_down);
  g_test_add ("/city-plan-model/choices", Fixture, NULL, fixture_set_up, test_choices,
              fixture_tear_down);
  return g_test_run ();
}
