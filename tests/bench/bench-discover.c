/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-discover.c — recomputing Discover's suggestions: over the bundled catalog (2,016+
 * games) and over a generated 25,000-game catalog, each with a realistic library (about 80
 * collection entries with ratings, favourites and owned games, and 400 logged plays).
 *
 * "recompute" is what the page does each time it is shown: the catalog kept in memory is
 * checked against the library (one aggregate query), the profile is read, every game is
 * scored and the top 30 explained.  "cold" adds reading the catalog into memory.
 *
 * Run: meson test -C build --benchmark discover --verbose
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bench.h"
#include "tk-catalog.h"
#include "tk-discover.h"
#include "tk-store.h"

#define N_RUNS 31
#define N_GENERATED 25000

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static void
report (const char *what,
        double      ms,
        double      goal)
{
  if (goal > 0)
    g_print ("%-44s %8.2f ms   (goal < %.0f ms) %s\n", what, ms, goal, ms < goal ? "ok" : "SLOW");
  else
    g_print ("%-44s %8.2f ms\n", what, ms);
}

/* A skewed pick in [0, n): low numbers far more often (a few mechanics are everywhere). */
static guint
skewed (GRand *rand,
        guint  n)
{
  double u = g_rand_double (rand);

  return MIN (n - 1, (guint) (n * u * u * u));
}

static void
generate_catalog (TkStore *store,
                  guint    n_games)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (25000);
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *game, *tag;

  if (!tk_store_begin (store, &error))
    g_error ("%s", error->message);
  game = tk_store_prepare (store, "INSERT INTO games (title, year, min_players, max_players,"
                                  " best_players, min_time, max_time, weight, rating_avg, bgg_rank,"
                                  " source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,"
                                  " 'catalog')", &error);
  tag = tk_store_prepare (store, "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
                                 " VALUES (?1, ?2, ?3)", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *title = g_strdup_printf ("Generated Game %05u", i);
      g_autofree char *best = NULL;
      int min_p = g_rand_int_range (rand, 1, 4);
      int max_p = min_p + g_rand_int_range (rand, 0, 5);
      int min_t = 15 * g_rand_int_range (rand, 1, 9);
      gint64 id;

      best = g_strdup_printf ("%d", g_rand_int_range (rand, min_p, max_p + 1));
      sqlite3_bind_text (game, 1, title, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (game, 2, g_rand_int_range (rand, 1960, 2026));
      sqlite3_bind_int (game, 3, min_p);
      sqlite3_bind_int (game, 4, max_p);
      sqlite3_bind_text (game, 5, best, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (game, 6, min_t);
      sqlite3_bind_int (game, 7, min_t + 15 * g_rand_int_range (rand, 0, 4));
      sqlite3_bind_double (game, 8, g_rand_double_range (rand, 1.0, 4.8));
      sqlite3_bind_double (game, 9, g_rand_double_range (rand, 5.0, 8.8));
      if (g_rand_int_range (rand, 0, 4) > 0)
        sqlite3_bind_int (game, 10, (int) i + 1);
      else
        sqlite3_bind_null (game, 10);
      if (!tk_store_step_done (store, game, &error))
        g_error ("%s", error->message);
      id = tk_store_last_insert_id (store);

      /* Like the bundled catalog: ~5 mechanics of ~190, ~3 categories of ~80, 1–2 of many
       * designers. */
      for (int k = 0; k < 9; k++)
        {
          g_autofree char *name = NULL;
          const char *kind;

          if (k < 5)
            {
              if (k >= 2 && g_rand_boolean (rand))
                continue;
              kind = "mechanic";
              name = g_strdup_printf ("Mechanic %u", skewed (rand, 190));
            }
          else if (k < 8)
            {
              if (k >= 6 && g_rand_boolean (rand))
                continue;
              kind = "category";
              name = g_strdup_printf ("Category %u", skewed (rand, 80));
            }
          else
            {
              kind = "designer";
              name = g_strdup_printf ("Designer %u", g_rand_int_range (rand, 0, n_games / 2));
            }
          sqlite3_bind_int64 (tag, 1, id);
          sqlite3_bind_text (tag, 2, kind, -1, SQLITE_STATIC);
          sqlite3_bind_text (tag, 3, name, -1, SQLITE_TRANSIENT);
          if (!tk_store_step_done (store, tag, &error))
            g_error ("%s", error->message);
        }
    }
  if (!tk_store_commit (store, &error))
    g_error ("%s", error->message);
}

/* About 80 collection entries and 400 plays over the last two years, on games picked from
 * the whole library. */
static void
generate_library (TkStore *store)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (80);
  g_autoptr(GError) error = NULL;
  gint64 n_games = tk_store_query_int (store, "SELECT max (id) FROM games", 0, &error);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *entry, *play;

  if (!tk_store_begin (store, &error))
    g_error ("%s", error->message);
  entry = tk_store_prepare (store, "INSERT OR IGNORE INTO collection (game_id, owned, want_to_play,"
                                   " played, favourite, not_interested, rating)"
                                   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", &error);
  play = tk_store_prepare (store, "INSERT INTO plays (game_id, game_title, played_on)"
                                  " VALUES (?1, 'x', date ('2026-11-01', ?2))", &error);
  g_assert_no_error (error);
  for (int i = 0; i < 80; i++)
    {
      gint64 id = g_rand_int_range (rand, 1, (gint32) n_games + 1);
      int kind = g_rand_int_range (rand, 0, 10);

      g_array_append_val (ids, id);
      sqlite3_bind_int64 (entry, 1, id);
      sqlite3_bind_int (entry, 2, kind < 6);
      sqlite3_bind_int (entry, 3, kind == 6 || kind == 7);
      sqlite3_bind_int (entry, 4, kind < 5);
      sqlite3_bind_int (entry, 5, kind < 2);
      sqlite3_bind_int (entry, 6, kind == 9);
      if (kind < 5)
        sqlite3_bind_int (entry, 7, g_rand_int_range (rand, 3, 11));
      else
        sqlite3_bind_null (entry, 7);
      if (!tk_store_step_done (store, entry, &error))
        g_error ("%s", error->message);
    }
  for (int i = 0; i < 400; i++)
    {
      g_autofree char *offset = g_strdup_printf ("-%d days", g_rand_int_range (rand, 0, 730));

      sqlite3_bind_int64 (play, 1, g_array_index (ids, gint64, g_rand_int_range (rand, 0, 40)));
      sqlite3_bind_text (play, 2, offset, -1, SQLITE_TRANSIENT);
      if (!tk_store_step_done (store, play, &error))
        g_error ("%s", error->message);
    }
  if (!tk_store_commit (store, &error))
    g_error ("%s", error->message);
}

static void
measure (const char *label,
         TkStore    *store,
         double      goal)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(TkDiscoverCatalog) cache = NULL;
  g_autoptr(TkDiscoverProfile) profile = NULL;
  TkDiscoverFilter filter = { .limit = 30 };
  g_autofree char *what = NULL;
  guint n_games = 0;
  double t;

  /* Cold: the catalog read into memory as well (the page's first run). */
  for (int r = 0; r < 7; r++)
    {
      g_autoptr(TkDiscoverCatalog) fresh = NULL;
      g_autoptr(GPtrArray) s = NULL;

      t = now_ms ();
      s = tk_discover_run (store, &filter, &fresh, &error);
      t = now_ms () - t;
      if (s == NULL)
        g_error ("%s", error->message);
      g_assert_cmpuint (s->len, ==, 30);
      n_games = tk_discover_catalog_get_n_games (fresh);
      g_array_append_val (samples, t);
    }
  g_print ("%s: %u games\n", label, n_games);
  report ("  cold (catalog read + recompute), median", tk_bench_median (samples), 0);
  g_array_set_size (samples, 0);

  /* Recompute with the catalog kept: what showing the page again costs. */
  for (int r = 0; r < N_RUNS; r++)
    {
      g_autoptr(GPtrArray) s = NULL;

      t = now_ms ();
      s = tk_discover_run (store, &filter, &cache, &error);
      t = now_ms () - t;
      if (s == NULL)
        g_error ("%s", error->message);
      g_array_append_val (samples, t);
    }
  what = g_strdup_printf ("  recompute, median of %d", N_RUNS);
  report (what, tk_bench_median (samples), goal);
  report ("  recompute, p95", tk_bench_percentile (samples, 95), goal);
  g_array_set_size (samples, 0);

  /* Scoring alone (profile in memory). */
  profile = tk_discover_profile_load (store, NULL, &error);
  g_assert_no_error (error);
  for (int r = 0; r < N_RUNS; r++)
    {
      g_autoptr(GPtrArray) s = NULL;

      t = now_ms ();
      s = tk_discover_suggest (cache, profile, &filter);
      t = now_ms () - t;
      g_array_append_val (samples, t);
    }
  report ("  scoring and reasons only, median", tk_bench_median (samples), 0);
}

static TkStore *
open_in (const char *dir,
         const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  TkStore *store = tk_store_open (path, &error);

  if (store == NULL)
    g_error ("%s", error->message);
  return store;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-discover-XXXXXX", &error);
  TkStore *store;

  g_assert_no_error (error);
  g_print ("Discover benchmarks (a library of ~80 entries and 400 plays; top 30 explained)\n");

  store = open_in (dir, "bundled.db");
  if (!tk_catalog_ensure (store, NULL, &error))
    g_error ("%s", error->message);
  generate_library (store);
  measure ("bundled catalog", store, 20);
  tk_store_close (store);
  g_object_unref (store);

  store = open_in (dir, "generated.db");
  generate_catalog (store, N_GENERATED);
  generate_library (store);
  measure ("generated catalog", store, 150);
  tk_store_close (store);
  g_object_unref (store);

  remove_dir (dir);
  return 0;
}
