/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-store-open.c — opening an existing library of 10,000 games.
 *
 * Generates a library (games with tags and collection rows), closes it, then times
 * tk_store_open() plus the first query a page makes, many times; prints the median.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bench.h"
#include "tk-store.h"

#define N_GAMES 10000
#define N_RUNS 25
#define GOAL_MS 30.0

static const char *const mechanics[] = {
  "Tile Placement", "Hand Management", "Set Collection", "Worker Placement", "Route Building",
  "Paper-and-Pencil", "Area Majority", "Auction", "Drafting", "Network Building",
};

static gboolean
generate (TkStore  *store,
          gpointer  user_data,
          GError  **error)
{
  GRand *rand = user_data;
  sqlite3_stmt *game;
  sqlite3_stmt *tag;
  sqlite3_stmt *entry;

  game = tk_store_prepare (store,
                           "INSERT INTO games (title, year, min_players, max_players, min_time,"
                           " max_time, weight, bgg_id, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,"
                           " ?8, 'catalog')", error);
  tag = tk_store_prepare (store, "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
                                 " VALUES (?1, 'mechanic', ?2)", error);
  entry = tk_store_prepare (store, "INSERT INTO collection (game_id, owned, rating)"
                                   " VALUES (?1, ?2, ?3)", error);
  if (game == NULL || tag == NULL || entry == NULL)
    return FALSE;

  for (int i = 0; i < N_GAMES; i++)
    {
      g_autofree char *title = g_strdup_printf ("Generated Game %05d", i);
      int min_players = g_rand_int_range (rand, 1, 4);
      int min_time = 15 * g_rand_int_range (rand, 1, 8);
      gint64 id;

      sqlite3_bind_text (game, 1, title, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (game, 2, g_rand_int_range (rand, 1960, 2026));
      sqlite3_bind_int (game, 3, min_players);
      sqlite3_bind_int (game, 4, min_players + g_rand_int_range (rand, 0, 5));
      sqlite3_bind_int (game, 5, min_time);
      sqlite3_bind_int (game, 6, min_time + 15 * g_rand_int_range (rand, 0, 4));
      sqlite3_bind_double (game, 7, g_rand_double_range (rand, 1.0, 5.0));
      sqlite3_bind_int (game, 8, 100000 + i);
      if (!tk_store_step_done (store, game, error))
        return FALSE;
      id = tk_store_last_insert_id (store);

      for (int t = 0; t < 3; t++)
        {
          sqlite3_bind_int64 (tag, 1, id);
          sqlite3_bind_text (tag, 2, mechanics[g_rand_int_range (rand, 0, G_N_ELEMENTS (mechanics))],
                             -1, SQLITE_STATIC);
          if (!tk_store_step_done (store, tag, error))
            return FALSE;
        }

      if (i % 5 == 0)
        {
          sqlite3_bind_int64 (entry, 1, id);
          sqlite3_bind_int (entry, 2, 1);
          sqlite3_bind_int (entry, 3, g_rand_int_range (rand, 1, 11));
          if (!tk_store_step_done (store, entry, error))
            return FALSE;
        }
    }
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (10000);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-XXXXXX", &error);
  g_autofree char *path = NULL;
  double median;

  g_assert_no_error (error);
  path = g_build_filename (dir, "library.db", NULL);

  {
    g_autoptr(TkStore) store = tk_store_open (path, &error);
    g_assert_no_error (error);
    if (!tk_store_transaction (store, generate, rand, &error))
      g_error ("generating the library failed: %s", error->message);
  }

  for (int run = 0; run < N_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(TkStore) store = tk_store_open (path, &error);
      gint64 games;
      double ms;

      g_assert_no_error (error);
      games = tk_store_query_int (store, "SELECT count(*) FROM games", -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (games, ==, N_GAMES);
      ms = (double) (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (samples, ms);
    }

  median = tk_bench_median (samples);
  g_print ("open-library-10k-games: median %.2f ms, max %.2f ms over %d runs (goal < %.0f ms) %s\n",
           median, g_array_index (samples, double, samples->len - 1), N_RUNS, GOAL_MS,
           median < GOAL_MS ? "PASS" : "MISS");

  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);
    g_unlink (wal);
    g_unlink (shm);
    g_unlink (path);
    g_rmdir (dir);
  }
  return median < GOAL_MS ? 0 : 1;
}
