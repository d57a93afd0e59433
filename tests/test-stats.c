/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stats.c — statistics against a small history whose numbers were worked out by hand. */
#include "config.h"

#include <stdlib.h>

#include "tk-plays.h"
#include "tk-player.h"
#include "tk-stats.h"

typedef struct
{
  TkStore *store;
  gint64   azul, hive;
  gint64   ana, ben, cleo;
} Fixture;

static gint64
add_game (TkStore    *store,
          const char *title)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (store, "INSERT INTO games (title) VALUES (?1)", &error);

  g_assert_no_error (error);
  sqlite3_bind_text (stmt, 1, title, -1, SQLITE_STATIC);
  g_assert_true (tk_store_step_done (store, stmt, &error));
  return tk_store_last_insert_id (store);
}

/* seats: "player_id:score:rank:winner" per seat, score "-" for none. */
static void
add_play (Fixture    *f,
          gint64      game_id,
          const char *title,
          const char *date,
          const char *seats)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlay) play = tk_play_new ();
  g_auto(GStrv) parts = g_strsplit (seats, " ", -1);

  tk_play_set_game_id (play, game_id);
  tk_play_set_game_title (play, title);
  tk_play_set_played_on (play, date);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_auto(GStrv) field = g_strsplit (parts[i], ":", -1);
      g_autofree char *name = g_strdup_printf ("P%s", field[0]);
      TkPlayPlayer player = { 0 };

      player.seat = i;
      player.player_id = g_ascii_strtoll (field[0], NULL, 10);
      player.name = name;
      player.has_score = !g_str_equal (field[1], "-");
      player.score = g_ascii_strtod (field[1], NULL);
      player.rank = atoi (field[2]);
      player.winner = g_str_equal (field[3], "w");
      tk_play_add_player (play, &player);
    }
  g_assert_true (tk_plays_insert (f->store, play, &error));
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlayer) ana = NULL;
  g_autoptr(TkPlayer) ben = NULL;
  g_autoptr(TkPlayer) cleo = NULL;
  g_autofree char *p1 = NULL, *p2 = NULL, *p3 = NULL, *p4 = NULL, *p5 = NULL;

  f->store = tk_store_open_memory (&error);
  g_assert_no_error (error);
  f->azul = add_game (f->store, "Azul");
  f->hive = add_game (f->store, "Hive");
  ana = tk_players_add (f->store, "Ana", NULL, &error);
  ben = tk_players_add (f->store, "Ben", NULL, &error);
  cleo = tk_players_add (f->store, "Cleo", NULL, &error);
  g_assert_no_error (error);
  f->ana = tk_player_get_id (ana);
  f->ben = tk_player_get_id (ben);
  f->cleo = tk_player_get_id (cleo);

  /* The history:
   *   1  Azul 2026-01-05  Ana 50 (1st, won)  Ben 40 (2nd)        Cleo 30 (3rd)
   *   2  Azul 2026-01-20  Ana 20 (3rd)       Ben 60 (1st, won)   Cleo 45 (2nd)
   *   3  Azul 2026-02-02  Ana 70 (1st, won)  Ben 70 (1st, won)   — a tie, two players
   *   4  Hive 2026-02-10  Ben (1st, won)     Cleo (2nd)          — no scores
   *   5  Hive 2026-03-01  Cleo (1st, won)    Ana (2nd)                                   */
  p1 = g_strdup_printf ("%" G_GINT64_FORMAT ":50:1:w %" G_GINT64_FORMAT ":40:2:- %"
                        G_GINT64_FORMAT ":30:3:-", f->ana, f->ben, f->cleo);
  p2 = g_strdup_printf ("%" G_GINT64_FORMAT ":20:3:- %" G_GINT64_FORMAT ":60:1:w %"
                        G_GINT64_FORMAT ":45:2:-", f->ana, f->ben, f->cleo);
  p3 = g_strdup_printf ("%" G_GINT64_FORMAT ":70:1:w %" G_GINT64_FORMAT ":70:1:w",
                        f->ana, f->ben);
  p4 = g_strdup_printf ("%" G_GINT64_FORMAT ":-:1:w %" G_GINT64_FORMAT ":-:2:-", f->ben, f->cleo);
  p5 = g_strdup_printf ("%" G_GINT64_FORMAT ":-:1:w %" G_GINT64_FORMAT ":-:2:-", f->cleo, f->ana);
  add_play (f, f->azul, "Azul", "2026-01-05", p1);
  add_play (f, f->azul, "Azul", "2026-01-20", p2);
  add_play (f, f->azul, "Azul", "2026-02-02", p3);
  add_play (f, f->hive, "Hive", "2026-02-10", p4);
  add_play (f, f->hive, "Hive", "2026-03-01", p5);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->store);
}

static JsonObject *
element (JsonArray *array,
         guint      i)
{
  g_assert_cmpuint (i, <, json_array_get_length (array));
  return json_array_get_object_element (array, i);
}

static void
test_game (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) azul = tk_stats_game (f->store, f->azul, &error);
  JsonArray *seats, *counts, *wins;
  JsonObject *three, *two;

  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (azul, "plays"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (azul, "last_played"), ==, "2026-02-02");
  /* 50+40+30+20+60+45+70+70 = 385 over 8 scores */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (azul, "average_score"),
                                  48.125, 1e-9);
  g_assert_cmpfloat (json_object_get_double_member (azul, "best_score"), ==, 70);
  /* winners: 50, 60, 70, 70 */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (azul, "average_winning_score"),
                                  62.5, 1e-9);

  /* seat 0: 3 plays, 2 wins; seat 1: 3 plays, 2 wins; seat 2: 2 plays, no win */
  seats = json_object_get_array_member (azul, "wins_by_seat");
  g_assert_cmpuint (json_array_get_length (seats), ==, 3);
  g_assert_cmpint (json_object_get_int_member (element (seats, 0), "plays"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (element (seats, 0), "wins"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (element (seats, 1), "wins"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (element (seats, 2), "plays"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (element (seats, 2), "wins"), ==, 0);

  /* two players: 1 play, seats 0 and 1 one win each; three players: 2 plays, 1, 1, 0 */
  counts = json_object_get_array_member (azul, "by_player_count");
  g_assert_cmpuint (json_array_get_length (counts), ==, 2);
  two = element (counts, 0);
  three = element (counts, 1);
  g_assert_cmpint (json_object_get_int_member (two, "players"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (two, "plays"), ==, 1);
  wins = json_object_get_array_member (two, "wins_by_seat");
  g_assert_cmpint (json_object_get_int_member (element (wins, 0), "wins"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (element (wins, 1), "wins"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (three, "players"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (three, "plays"), ==, 2);
  wins = json_object_get_array_member (three, "wins_by_seat");
  g_assert_cmpint (json_object_get_int_member (element (wins, 0), "wins"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (element (wins, 1), "wins"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (element (wins, 2), "wins"), ==, 0);

  /* Hive has no scores at all. */
  {
    g_autoptr(JsonObject) hive = tk_stats_game (f->store, f->hive, &error);
    g_assert_no_error (error);
    g_assert_cmpint (json_object_get_int_member (hive, "plays"), ==, 2);
    g_assert_true (json_object_get_null_member (hive, "average_score"));
  }
}

static void
test_player (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) ana = tk_stats_player (f->store, f->ana, &error);
  JsonArray *most, *h2h;
  JsonObject *ben, *cleo;

  g_assert_no_error (error);
  /* Ana played 1, 2, 3, 5 and won 1 and 3. */
  g_assert_cmpint (json_object_get_int_member (ana, "plays"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (ana, "wins"), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (ana, "win_rate"), ==, 0.5);

  most = json_object_get_array_member (ana, "most_played");
  g_assert_cmpuint (json_array_get_length (most), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (element (most, 0), "title"), ==, "Azul");
  g_assert_cmpint (json_object_get_int_member (element (most, 0), "plays"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (element (most, 0), "wins"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (element (most, 1), "title"), ==, "Hive");
  g_assert_cmpint (json_object_get_int_member (element (most, 1), "wins"), ==, 0);

  /* Ana v Ben: plays 1, 2, 3 — ahead in 1, behind in 2, tied in 3.
   * Ana v Cleo: plays 1, 2, 5 — ahead in 1, behind in 2 and 5. */
  h2h = json_object_get_array_member (ana, "head_to_head");
  g_assert_cmpuint (json_array_get_length (h2h), ==, 2);
  ben = element (h2h, 0);
  cleo = element (h2h, 1);
  g_assert_cmpint (json_object_get_int_member (ben, "player_id"), ==, f->ben);
  g_assert_cmpint (json_object_get_int_member (ben, "plays"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (ben, "wins"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (ben, "losses"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (ben, "ties"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (cleo, "plays"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (cleo, "wins"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (cleo, "losses"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (cleo, "ties"), ==, 0);
}

static void
test_h_index_and_months (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) months = NULL;
  g_autoptr(JsonObject) overview = NULL;

  /* Azul 3 plays, Hive 2: two games played at least twice. */
  g_assert_cmpint (tk_stats_h_index (f->store, &error), ==, 2);
  /* A third game played 3 times does not lift it to 3 (Hive has only 2). */
  add_play (f, 0, "Ad-hoc", "2026-03-02", "0:1:1:w");
  add_play (f, 0, "ad-hoc", "2026-03-03", "0:1:1:w");
  g_assert_cmpint (tk_stats_h_index (f->store, &error), ==, 2);
  add_play (f, 0, "Ad-hoc", "2026-03-04", "0:1:1:w");
  add_play (f, f->hive, "Hive", "2026-04-04", "0:1:1:w");
  g_assert_cmpint (tk_stats_h_index (f->store, &error), ==, 3);
  g_assert_no_error (error);

  months = tk_stats_plays_per_month (f->store, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (months), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (element (months, 0), "month"), ==, "2026-01");
  g_assert_cmpint (json_object_get_int_member (element (months, 0), "plays"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (element (months, 1), "plays"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (element (months, 2), "plays"), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (element (months, 3), "month"), ==, "2026-04");

  g_clear_pointer (&months, json_array_unref);
  months = tk_stats_plays_per_month (f->store, f->hive, &error);
  g_assert_cmpuint (json_array_get_length (months), ==, 3);

  overview = tk_stats_overview (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (overview, "plays"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (overview, "games"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (overview, "players"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (overview, "h_index"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (overview, "first_played"), ==, "2026-01-05");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/stats/game", test_game);
  ADD ("/stats/player", test_player);
  ADD ("/stats/h-index-and-months", test_h_index_and_months);
#undef ADD
  return g_test_run ();
}
