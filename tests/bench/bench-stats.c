/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-stats.c — the play history with 100,000 generated plays.
 *
 *  1. statistics: overview (h-index), plays per month, one game, one player with
 *     head-to-head (median of each; goal < 100 ms);
 *  2. what the History page runs to show its first rows on a freshly opened library:
 *     open + count + the newest 50 plays with their players (median; goal < 200 ms).
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bench.h"
#include "tk-plays.h"
#include "tk-stats.h"

#define N_PLAYS 100000
#define N_GAMES 300
#define N_PLAYERS 24
#define N_RUNS 15
#define GOAL_STATS_MS 100.0
#define GOAL_PAGE_MS 200.0

static gboolean
generate (TkStore  *store,
          gpointer  user_data,
          GError  **error)
{
  GRand *rand = user_data;
  sqlite3_stmt *game, *player, *play, *seat;

  game = tk_store_prepare (store, "INSERT INTO games (title) VALUES (?1)", error);
  player = tk_store_prepare (store, "INSERT INTO players (name) VALUES (?1)", error);
  play = tk_store_prepare (store, "INSERT INTO plays (game_id, game_title, played_on,"
                                  " duration_min) VALUES (?1, ?2, ?3, ?4)", error);
  seat = tk_store_prepare (store, "INSERT INTO play_players (play_id, seat, player_id, name,"
                                  " score, rank, winner) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                           error);
  if (game == NULL || player == NULL || play == NULL || seat == NULL)
    return FALSE;

  for (int i = 0; i < N_GAMES; i++)
    {
      g_autofree char *title = g_strdup_printf ("Game %03d", i);
      sqlite3_bind_text (game, 1, title, -1, SQLITE_TRANSIENT);
      if (!tk_store_step_done (store, game, error))
        return FALSE;
    }
  for (int i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %02d", i);
      sqlite3_bind_text (player, 1, name, -1, SQLITE_TRANSIENT);
      if (!tk_store_step_done (store, player, error))
        return FALSE;
    }

  for (int i = 0; i < N_PLAYS; i++)
    {
      /* Popular games are played much more often (a skewed pick). */
      int g = (int) (N_GAMES * g_rand_double (rand) * g_rand_double (rand));
      int n = g_rand_int_range (rand, 2, 6);
      int players[6];
      int scores[6];
      char date[16];
      g_autofree char *title = g_strdup_printf ("Game %03d", g);
      gint64 play_id;

      g_snprintf (date, sizeof date, "%04d-%02d-%02d", 2000 + i / 4000,
                  1 + g_rand_int_range (rand, 0, 12), 1 + g_rand_int_range (rand, 0, 28));
      sqlite3_bind_int (play, 1, g + 1);
      sqlite3_bind_text (play, 2, title, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (play, 3, date, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (play, 4, g_rand_int_range (rand, 10, 180));
      if (!tk_store_step_done (store, play, error))
        return FALSE;
      play_id = tk_store_last_insert_id (store);

      for (int s = 0; s < n; s++)
        {
          gboolean taken;
          do
            {
              players[s] = g_rand_int_range (rand, 0, N_PLAYERS);
              taken = FALSE;
              for (int t = 0; t < s; t++)
                taken = taken || players[t] == players[s];
            }
          while (taken);
          scores[s] = g_rand_int_range (rand, 0, 120);
        }
      for (int s = 0; s < n; s++)
        {
          g_autofree char *name = g_strdup_printf ("Player %02d", players[s]);
          int rank = 1;

          for (int t = 0; t < n; t++)
            rank += scores[t] > scores[s];
          sqlite3_bind_int64 (seat, 1, play_id);
          sqlite3_bind_int (seat, 2, s);
          sqlite3_bind_int (seat, 3, players[s] + 1);
          sqlite3_bind_text (seat, 4, name, -1, SQLITE_TRANSIENT);
          sqlite3_bind_int (seat, 5, scores[s]);
          sqlite3_bind_int (seat, 6, rank);
          sqlite3_bind_int (seat, 7, rank == 1);
          if (!tk_store_step_done (store, seat, error))
            return FALSE;
        }
    }
  return TRUE;
}

typedef enum { STAT_OVERVIEW, STAT_MONTHS, STAT_GAME, STAT_PLAYER, N_STATS } Stat;
static const char *const stat_names[] = { "overview+h-index", "plays-per-month",
                                          "game (most played)", "player+head-to-head" };

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (100000);
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GArray) page = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *samples[N_STATS];
  gboolean pass = TRUE;
  gint64 gen_start;

  g_assert_no_error (error);
  path = g_build_filename (dir, "library.db", NULL);
  for (int s = 0; s < N_STATS; s++)
    samples[s] = g_array_new (FALSE, FALSE, sizeof (double));

  gen_start = g_get_monotonic_time ();
  {
    g_autoptr(TkStore) store = tk_store_open (path, &error);
    g_assert_no_error (error);
    if (!tk_store_transaction (store, generate, rand, &error))
      g_error ("generating the history failed: %s", error->message);
    g_assert_true (tk_store_exec (store, "ANALYZE", &error));
  }
  g_print ("generated %d plays in %.1f s\n", N_PLAYS,
           (g_get_monotonic_time () - gen_start) / 1e6);

  {
    g_autoptr(TkStore) store = tk_store_open (path, &error);
    g_assert_no_error (error);

    for (int run = 0; run < N_RUNS; run++)
      for (int s = 0; s < N_STATS; s++)
        {
          gint64 start = g_get_monotonic_time ();
          double ms;

          switch (s)
            {
            case STAT_OVERVIEW:
              {
                g_autoptr(JsonObject) o = tk_stats_overview (store, &error);
                g_assert_nonnull (o);
                g_assert_cmpint (json_object_get_int_member (o, "plays"), ==, N_PLAYS);
              }
              break;
            case STAT_MONTHS:
              {
                g_autoptr(JsonArray) m = tk_stats_plays_per_month (store, 0, &error);
                g_assert_nonnull (m);
              }
              break;
            case STAT_GAME:
              {
                g_autoptr(JsonObject) o = tk_stats_game (store, 1, &error);
                g_assert_nonnull (o);
              }
              break;
            default:
              {
                g_autoptr(JsonObject) o = tk_stats_player (store, 1, &error);
                g_assert_nonnull (o);
              }
              break;
            }
          g_assert_no_error (error);
          ms = (g_get_monotonic_time () - start) / 1000.0;
          g_array_append_val (samples[s], ms);
        }
  }

  for (int run = 0; run < N_RUNS; run++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(TkStore) store = tk_store_open (path, &error);
      g_autoptr(GPtrArray) first = NULL;
      gint64 total;
      double ms;

      g_assert_no_error (error);
      total = tk_plays_count (store, &error);
      first = tk_plays_query (store, 0, 0, 0, 50, &error);
      g_assert_no_error (error);
      g_assert_cmpint (total, ==, N_PLAYS);
      g_assert_cmpuint (first->len, ==, 50);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (page, ms);
    }

  for (int s = 0; s < N_STATS; s++)
    {
      double median = tk_bench_median (samples[s]);
      gboolean ok = median < GOAL_STATS_MS;

      g_print ("stats-100k %s: median %.2f ms, max %.2f ms over %d runs (goal < %.0f ms) %s\n",
               stat_names[s], median, g_array_index (samples[s], double, samples[s]->len - 1),
               N_RUNS, GOAL_STATS_MS, ok ? "PASS" : "MISS");
      pass = pass && ok;
      g_array_unref (samples[s]);
    }
  {
    double median = tk_bench_median (page);
    gboolean ok = median < GOAL_PAGE_MS;

    g_print ("history-first-page-100k (open + count + newest 50): median %.2f ms, max %.2f ms "
             "(goal < %.0f ms) %s\n", median, g_array_index (page, double, page->len - 1),
             GOAL_PAGE_MS, ok ? "PASS" : "MISS");
    pass = pass && ok;
  }

  if (g_getenv ("TK_BENCH_KEEP") != NULL)
    g_print ("library kept at %s\n", path);
  else
  {
    const char *suffixes[] = { "", "-wal", "-shm" };
    for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
      {
        g_autofree char *file = g_strconcat (path, suffixes[i], NULL);
        g_unlink (file);
      }
    g_rmdir (dir);
  }
  return pass ? 0 : 1;
}
