/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metropolis-random.c — random legal play of Foundations of Metropolis: games played to the
 * end with the board's invariants checked after every action, and undo as a refold of the ledger
 * giving the same state. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "metropolis/tk-metropolis-rules.h"
#include "tk-test-metropolis.h"
#include "tk-test-rules.h"

#define R (tk_metropolis_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code, words) \
  tk_test_rules_apply_refused (R, state, action, code, words)

/* What several Metropolis tests read from a state (tests/tk-test-metropolis.h). */
#define phase(state) tk_test_metropolis_phase (state)

typedef struct
{
  int side;
  int n;
  int owner[81];
  gboolean built[81];
  gboolean for_sale[81];
} View;

static void
read_view (gpointer state,
           View    *view)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  JsonArray *board = json_object_get_array_member (object, "board");
  JsonArray *market = json_object_get_array_member (object, "market");

  view->side = json_object_get_int_member (object, "board_size");
  view->n = json_array_get_length (json_object_get_array_member (object, "players"));
  memset (view->for_sale, 0, sizeof view->for_sale);
  for (guint c = 0; c < json_array_get_length (board); c++)
    {
      JsonObject *lot = json_array_get_object_element (board, c);
      view->owner[c] = json_object_get_int_member (lot, "owner");
      view->built[c] = json_object_has_member (lot, "tile");
    }
  for (guint s = 0; s < json_array_get_length (market); s++)
    {
      JsonObject *slot = json_array_get_object_element (market, s);
      if (!json_object_get_null_member (slot, "lot"))
        {
          const char *lot = json_object_get_string_member (slot, "lot");
          view->for_sale[(lot[1] - '1') * view->side + (lot[0] - 'A')] = TRUE;
        }
    }
}

static char *
cell_name (int side,
           int cell)
{
  return g_strdup_printf ("%c%d", 'A' + cell % side, cell / side + 1);
}

/* A random unowned lot that is not for sale (the deck), or −1. */
static int
random_free_lot (View  *view,
                 GRand *rand)
{
  int free_cells[81], n = 0;

  for (int c = 0; c < view->side * view->side; c++)
    if (view->owner[c] < 0 && !view->for_sale[c])
      free_cells[n++] = c;
  return n == 0 ? -1 : free_cells[g_rand_int_range (rand, 0, n)];
}

static char *
random_action (gpointer state,
               GRand   *rand)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  const char *ph = json_object_get_string_member (object, "phase");
  int current = json_object_get_int_member (object, "current");
  View view;
  int roll = g_rand_int_range (rand, 0, 100);

  read_view (state, &view);
  if (g_str_equal (ph, "market"))
    {
      int want = MIN (6, json_object_get_int_member (object, "deck_left"));
      GString *text = g_string_new ("{\"type\": \"market\", \"lots\": [");

      for (int i = 0; i < want; i++)
        {
          int cell = random_free_lot (&view, rand);
          g_autofree char *name = cell_name (view.side, cell);

          view.for_sale[cell] = TRUE;
          g_string_append_printf (text, "%s\"%s\"", i > 0 ? ", " : "", name);
        }
      g_string_append (text, "]}");
      return g_string_free (text, FALSE);
    }
  if (roll < 3)
    return g_strdup_printf ("{\"type\": \"coins\", \"seat\": %d, \"delta\": %d, \"reason\": \"test\"}",
                            g_rand_int_range (rand, 0, view.n), g_rand_int_range (rand, -3, 4));
  if (roll < 45)
    {
      int slot = g_rand_int_range (rand, 0, 6);
      int reveal = random_free_lot (&view, rand);
      g_autofree char *name = reveal >= 0 ? cell_name (view.side, reveal) : NULL;

      if (json_object_get_int_member (object, "deck_left") > 0 && name != NULL)
        return g_strdup_printf ("{\"type\": \"buy\", \"seat\": %d, \"slot\": %d, \"reveal\": \"%s\"}",
                                current, slot, name);
      return g_strdup_printf ("{\"type\": \"buy\", \"slot\": %d}", slot);
    }
  if (roll < 85)
    {
      /* grow a random set of the player's own lots (or, rarely, any lots) */
      static const char *const codes = "ABCDEFGHIJKLMNOPQR";
      char code = codes[g_rand_int_range (rand, 0, 18)];
      int size = g_rand_int_range (rand, 1, 5);
      int cells[4], n = 0, own[81], n_own = 0;
      GString *text;

      for (int c = 0; c < view.side * view.side; c++)
        if (view.owner[c] == current || g_rand_int_range (rand, 0, 200) == 0)
          own[n_own++] = c;
      if (n_own == 0)
        return g_strdup ("{\"type\": \"income\"}");
      cells[n++] = own[g_rand_int_range (rand, 0, n_own)];
      for (int tries = 0; n < size && tries < 40; tries++)
        {
          int from = cells[g_rand_int_range (rand, 0, n)];
          int d = g_rand_int_range (rand, 0, 4);
          int r = from / view.side + (d == 0 ? -1 : d == 1 ? 1 : 0);
          int c = from % view.side + (d == 2 ? -1 : d == 3 ? 1 : 0);
          int cell = r * view.side + c;
          gboolean dup = FALSE;

          if (r < 0 || c < 0 || r >= view.side || c >= view.side || view.owner[cell] != current)
            continue;
          for (int i = 0; i < n; i++)
            dup |= cells[i] == cell;
          if (!dup)
            cells[n++] = cell;
        }
      text = g_string_new (NULL);
      g_string_append_printf (text, "{\"type\": \"build\", \"tile\": \"%c\", \"lots\": [", code);
      for (int i = 0; i < n; i++)
        {
          g_autofree char *name = cell_name (view.side, cells[i]);
          g_string_append_printf (text, "%s\"%s\"", i > 0 ? ", " : "", name);
        }
      g_string_append (text, "]}");
      return g_string_free (text, FALSE);
    }
  return g_strdup ("{\"type\": \"income\"}");
}

static void
check_invariants (gpointer state,
                  int      n_tiles_expected)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (object, "players");
  JsonArray *board = json_object_get_array_member (object, "board");
  JsonArray *tiles = json_object_get_array_member (object, "tiles");
  JsonArray *market = json_object_get_array_member (object, "market");
  JsonArray *decks = json_object_get_array_member (object, "year_deck_sizes");
  JsonArray *score_players = json_object_get_array_member (score, "players");
  int side = json_object_get_int_member (object, "board_size");
  const char *ph = json_object_get_string_member (object, "phase");
  int year = json_object_get_int_member (object, "year");
  gint64 deeds = 0, for_sale = 0, later = 0;

  g_assert_cmpint (json_array_get_length (tiles), ==, n_tiles_expected);
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *scored = json_array_get_object_element (score_players, p);
      JsonArray *supply = json_object_get_array_member (player, "supply");
      JsonArray *breakdown = json_object_get_array_member (scored, "breakdown");
      gint64 owned = 0, empty = 0, sum = 0;
      g_autoptr(GHashTable) buildings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      int built_rows[32] = { 0 };

      /* coins: start + received − paid, never negative */
      g_assert_cmpint (json_object_get_int_member (player, "coins"), ==,
                       json_object_get_int_member (player, "starting_coins") +
                       json_object_get_int_member (player, "coins_received") -
                       json_object_get_int_member (player, "coins_paid"));
      g_assert_cmpint (json_object_get_int_member (player, "coins"), >=, 0);
      for (guint c = 0; c < json_array_get_length (board); c++)
        {
          JsonObject *lot = json_array_get_object_element (board, c);

          if (json_object_get_int_member (lot, "owner") != (gint64) p)
            continue;
          owned++;
          if (!json_object_has_member (lot, "tile"))
            empty++;
          else if (!g_hash_table_contains (buildings, json_object_get_string_member (lot, "building")))
            {
              g_hash_table_add (buildings, g_strdup (json_object_get_string_member (lot, "building")));
              built_rows[json_object_get_int_member (lot, "tile_row")]++;
            }
        }
      /* markers: on the player board + on empty lots = 8 */
      g_assert_cmpint (json_object_get_int_member (player, "markers") + empty, ==, 8);
      g_assert_cmpint (json_object_get_int_member (player, "markers"), >=, 0);
      g_assert_cmpint (json_object_get_int_member (player, "deeds"), ==, owned);
      deeds += owned;
      /* tiles: on the player board + in the city = the table's count */
      for (guint t = 0; t < json_array_get_length (tiles); t++)
        {
          g_assert_cmpint (json_array_get_int_element (supply, t), >=, 0);
          g_assert_cmpint (json_array_get_int_element (supply, t) + built_rows[t], ==,
                           json_object_get_int_member (json_array_get_object_element (tiles, t),
                                                       "count"));
        }
      /* scores: never negative, total = the sum of the categories */
      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        {
          gint64 points = json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                                      "points");
          g_assert_cmpint (points, >=, 0);
          sum += points;
        }
      g_assert_cmpint (sum, ==, json_object_get_int_member (scored, "total"));
      g_assert_cmpint (json_object_get_int_member (scored, "rank"), >=, 1);
    }
  /* deeds: owned + for sale + this year's deck + later decks = every lot */
  for (guint s = 0; s < json_array_get_length (market); s++)
    for_sale += !json_object_get_null_member (json_array_get_object_element (market, s), "lot");
  for (int y = year; y < 3; y++)
    later += json_array_get_int_element (decks, y);
  if (!g_str_equal (ph, "over"))
    g_assert_cmpint (deeds + for_sale + json_object_get_int_member (object, "deck_left") + later,
                     ==, side * side);
  else
    g_assert_cmpint (deeds, ==, side * side);
}

static guint sim_builds, sim_rebuilds, sim_buys, sim_refused;

static gpointer
refold (JsonObject *setup,
        GPtrArray  *ledger,
        guint       n)
{
  g_autoptr(GError) error = NULL;
  gpointer s = R->state_new (setup, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JsonObject) action = parse (ledger->pdata[i]);
      g_assert_true (R->apply (s, action, NULL));
    }
  return s;
}

static void
simulate (guint32 seed,
          guint   n_players,
          gboolean check_undo)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(JsonObject) setup = R->default_setup (n_players);
  g_autoptr(GPtrArray) ledger = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  gpointer s;
  guint steps = 0;
  gboolean draft = g_rand_boolean (rand);

  json_object_set_int_member (setup, "first_player", g_rand_int_range (rand, 0, n_players));
  s = R->state_new (setup, &error);
  g_assert_no_error (error);

  /* the starting deeds: dealt or drafted at random */
  for (guint round = 0; round < 6; round++)
    {
      View view;
      GString *text = g_string_new (draft ? "{\"type\": \"draft_round\", \"picks\": [" : NULL);

      read_view (s, &view);
      for (guint p = 0; p < n_players; p++)
        {
          int cell = random_free_lot (&view, rand);
          g_autofree char *name = cell_name (view.side, cell);

          view.owner[cell] = p;
          if (draft)
            g_string_append_printf (text, "%s\"%s\"", p > 0 ? ", " : "", name);
          else
            {
              g_autofree char *action = g_strdup_printf (
                "{\"type\": \"deal\", \"seat\": %u, \"lots\": [\"%s\"]}", p, name);
              apply_ok (s, action);
              g_ptr_array_add (ledger, g_steal_pointer (&action));
            }
        }
      g_string_append (text, "]}");
      if (draft)
        {
          apply_ok (s, text->str);
          g_ptr_array_add (ledger, g_strdup (text->str));
        }
      g_string_free (text, TRUE);
    }

  while (!g_str_equal (phase (s), "over"))
    {
      g_autofree char *text = random_action (s, rand);
      g_autoptr(JsonObject) action = parse (text);
      g_autofree char *before = state_json (s);
      gpointer copy = R->state_copy (s);
      g_autoptr(GError) apply_error = NULL;

      g_assert_cmpuint (++steps, <, 20000);
      if (!R->apply (s, action, &apply_error))
        {
          g_autofree char *after = state_json (s);
          sim_refused++;
          g_assert_nonnull (apply_error);
          g_assert_cmpstr (before, ==, after);
          R->state_free (copy);
          continue;
        }
      g_ptr_array_add (ledger, g_strdup (text));
      if (g_str_equal (json_object_get_string_member (action, "type"), "buy"))
        sim_buys++;
      if (g_str_equal (json_object_get_string_member (action, "type"), "build"))
        {
          View view;
          JsonArray *lots = json_object_get_array_member (action, "lots");
          gboolean over = FALSE;

          read_view (copy, &view);
          for (guint i = 0; i < json_array_get_length (lots); i++)
            {
              const char *lot = json_array_get_string_element (lots, i);
              over |= view.built[(lot[1] - '1') * view.side + (lot[0] - 'A')];
            }
          sim_builds++;
          sim_rebuilds += over;
        }
      check_invariants (s, 20);
      if (check_undo)
        {
          /* undo = refold the ledger without the last action; it equals the copy */
          gpointer undone = refold (setup, ledger, ledger->len - 1);
          g_autofree char *copy_json = state_json (copy);
          g_autofree char *undone_json = state_json (undone);
          g_autofree char *redone_json = NULL;
          g_autofree char *now_json = state_json (s);
          g_autoptr(JsonObject) again = parse (text);

          g_assert_cmpstr (copy_json, ==, before);
          g_assert_cmpstr (undone_json, ==, before);
          /* redo */
          g_assert_true (R->apply (undone, again, NULL));
          redone_json = state_json (undone);
          g_assert_cmpstr (redone_json, ==, now_json);
          R->state_free (undone);
        }
      R->state_free (copy);
    }
  check_invariants (s, 20);
  {
    g_autoptr(JsonObject) score = R->score (s);
    g_assert_true (json_object_get_boolean_member (score, "finished"));
    g_assert_cmpint (json_object_get_int_member (score, "years_scored"), ==, 3);
  }
  R->state_free (s);
}

static void
test_random_games (void)
{
  /* 24 games, 8 of each player count; every 8th checks undo after every action */
  for (guint32 seed = 1; seed <= 24; seed++)
    simulate (seed, 2 + seed % 3, seed % 8 == 0);
  /* the simulation reaches the interesting cases */
  g_test_message ("%u builds (%u over buildings), %u buys, %u refused", sim_builds,
                  sim_rebuilds, sim_buys, sim_refused);
  g_assert_cmpuint (sim_builds, >, 200);
  g_assert_cmpuint (sim_rebuilds, >, 20);
  g_assert_cmpuint (sim_refused, >, 100);
}

static void
test_random_undo (void)
{
  for (guint32 seed = 100; seed < 102; seed++)
    simulate (seed, 2 + seed % 3, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/metropolis/random-games", test_random_games);
  g_test_add_func ("/metropolis/random-undo", test_random_undo);
  return g_test_run ();
}
