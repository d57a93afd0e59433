/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-city-plan-fixtures.c — City Plan games from tests/fixtures scored by hand: the sample
 * session file and a full game replayed action by action. */
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

/* The sample session file: see tests/fixtures/city-plan-session.json for the hand arithmetic. */
static void
test_session_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR") ? g_getenv ("TK_TEST_SRCDIR") : ".",
                                            "fixtures", "city-plan-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;
  /* End at 4 buildings.  Ana: Houses 4 + Station 1 + Chamber 3 = 8; manifesto 3; districts
   * R 4, C 2, I 1 (chamber split 2/1) → 1; 4 buildings → 3: 15.
   * Ben: Shops 2 + Factory 3 + Flats 2 = 7; min(2, 2, 3) = 2; completion 3: 12.  Hands: Ana
   * 6 +1 −3 (R) … 0 +1 (income tax: 1 district kind) = 1; Ben 6 … 6 + 3 = 9. */
  const gint64 expected[2][5] = { { 8, 3, 1, 3, 15 }, { 7, 0, 2, 3, 12 } };

  tk_games_register_all ();
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  for (guint seat = 0; seat < 2; seat++)
    {
      JsonObject *p = json_array_get_object_element (players, seat);
      JsonArray *lines = json_object_get_array_member (p, "breakdown");

      for (guint i = 0; i < 4; i++)
        g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (lines, i),
                                                     "points"), ==, expected[seat][i]);
      g_assert_cmpint (json_object_get_int_member (p, "total"), ==, expected[seat][4]);
      g_assert_cmpint (json_object_get_int_member (p, "rank"), ==, seat + 1);
    }
  g_assert_true (json_object_get_boolean_member (score, "finished"));
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0), "hand"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 1), "hand"), ==, 9);
}

/* A whole three-player game played on the shipped card table, scored by hand (the arithmetic
 * is in the fixture's notes).  Replays it action by action to check when each income tile pays
 * out and how many cards each player draws, then scores it: all three finish on 35, Cho is
 * third on buildings (9 against 10) and Ana beats Ben on cards in hand (10 against 9). */
static void
test_full_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR") ? g_getenv ("TK_TEST_SRCDIR") : ".",
                                            "fixtures", "city-plan-full-game.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) score = NULL;
  g_autoptr(JsonObject) final = NULL;
  JsonArray *actions;
  JsonArray *players;
  gpointer state;
  /* Tile, the round it pays out in, and the cards Ana, Ben and Cho draw from it. */
  static const struct { const char *tile; gint64 round; gint64 draws[3]; } paid[] = {
    { "eco",         3,  { 0, 0, 2 } },
    { "income_tax",  8,  { 1, 3, 2 } },
    { "subsidy",     9,  { 0, 2, 2 } },
    { "consumption", 12, { 0, 3, 1 } },
    { "business",    12, { 0, 2, 3 } },
    { "resident",    13, { 3, 2, 2 } },
  };
  gint64 fired_round[G_N_ELEMENTS (paid)] = { 0 };
  /* Buildings, manifestos, development, completion, total; then buildings built and hand. */
  static const gint64 expected[3][7] = {
    { 21, 11, 0, 3, 35, 10, 10 },
    { 22, 3,  7, 3, 35, 10, 9 },
    { 21, 8,  6, 0, 35, 9,  10 },
  };
  static const gint64 rank[3] = { 1, 2, 3 };

  tk_games_register_all ();
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  file = parse (text);
  state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},{\"name\":\"Cho\"}]}");
  actions = json_object_get_array_member (file, "actions");
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *entry = json_array_get_object_element (actions, i);
      g_autoptr(JsonObject) json = NULL;
      g_autoptr(GError) apply_error = NULL;
      JsonArray *tiles;
      gint64 round_before;

      g_assert_false (json_object_get_boolean_member (entry, "undone"));
      json = R->to_json (state);
      round_before = json_object_get_int_member (json, "round");
      g_clear_pointer (&json, json_object_unref);
      if (!R->apply (state, json_object_get_object_member (entry, "action"), &apply_error))
        g_error ("action %u refused: %s", i + 1, apply_error->message);
      json = R->to_json (state);
      tiles = json_object_get_array_member (json, "income_tiles");
      for (guint t = 0; t < json_array_get_length (tiles); t++)
        {
          JsonObject *tile = json_array_get_object_element (tiles, t);
          const char *name = json_object_get_string_member (tile, "tile");

          if (!json_object_get_boolean_member (tile, "fired"))
            continue;
          for (guint k = 0; k < G_N_ELEMENTS (paid); k++)
            {
              JsonArray *draws;

              if (!g_str_equal (paid[k].tile, name) || fired_round[k] != 0)
                continue;
              /* First seen paid: record the round that ended and the draws it gave. */
              fired_round[k] = round_before;
              draws = json_object_get_array_member (tile, "draws");
              for (guint s = 0; s < 3; s++)
                g_assert_cmpint (json_array_get_int_element (draws, s), ==, paid[k].draws[s]);
            }
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (paid); k++)
    g_assert_cmpint (fired_round[k], ==, paid[k].round);

  final = R->score (state);
  players = json_object_get_array_member (final, "players");
  g_assert_true (json_object_get_boolean_member (final, "finished"));
  for (guint s = 0; s < 3; s++)
    {
      JsonObject *p = json_array_get_object_element (players, s);
      JsonArray *lines = json_object_get_array_member (p, "breakdown");

      g_assert_cmpuint (json_array_get_length (lines), ==, 4);
      for (guint i = 0; i < 4; i++)
        g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (lines, i),
                                                     "points"), ==, expected[s][i]);
      g_assert_cmpint (json_object_get_int_member (p, "total"), ==, expected[s][4]);
      g_assert_cmpint (json_object_get_int_member (p, "buildings"), ==, expected[s][5]);
      g_assert_cmpint (json_object_get_int_member (p, "hand"), ==, expected[s][6]);
      g_assert_cmpint (json_object_get_int_member (p, "rank"), ==, rank[s]);
    }
  R->state_free (state);

  /* The file path (what the CLI and the History page use) gives the same result. */
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  for (guint s = 0; s < 3; s++)
    {
      JsonObject *p = json_array_get_object_element (players, s);

      g_assert_cmpint (json_object_get_int_member (p, "total"), ==, expected[s][4]);
      g_assert_cmpint (json_object_get_int_member (p, "rank"), ==, rank[s]);
    }
  g_assert_nonnull (strstr (json_object_get_string_member (score, "explanation"),
                            "more buildings, then more cards in hand"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/city-plan/session-file", test_session_file);
  g_test_add_func ("/city-plan/full-game", test_full_game);
  return g_test_run ();
}
