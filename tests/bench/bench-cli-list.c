/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-cli-list.c — `tablekeeper-cli collection list` against the sqlite3 shell listing the
 * same rows and columns, at 10,000 and 100,000 games.
 *
 * On a generated library (tk-bench-library.c), runs the two commands alternately (one
 * warm-up each, then RUNS of each), output to a pipe that is read and dropped, and prints
 * the medians, their spread and their ratio, for the text listing and for --json.
 * Usage: bench-cli-list CLI [SIZES [RUNS]]   e.g. 10000,100000 7
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>

#include "tk-bench.h"
#include "tk-bench-library.h"

#define GOAL_RATIO 1.5

/* The floors: the rows `collection list` prints (the collection, by title), with the
 * columns it prints — for the text, the titles, players, times, year and statuses; for
 * --json, also the id, BGG id, weight, rating and the plays (the BGG count plus the logged
 * plays).  Neither output shows tags, so neither floor reads them (the listing no longer
 * does: earlier floors did, when the listing read them too). */
static const char floor_sql[] =
  "SELECT g.title, g.title_ja, g.min_players, g.max_players, g.min_time, g.max_time, g.year,"
  " c.owned, c.want_to_play, c.played, c.favourite, c.not_interested"
  " FROM games g JOIN collection c ON c.game_id = g.id ORDER BY g.title COLLATE NOCASE, g.id;";
static const char floor_json_sql[] =
  "SELECT g.id, g.title, g.title_ja, g.bgg_id, g.year, g.min_players, g.max_players,"
  " g.min_time, g.max_time, g.weight, c.owned, c.want_to_play, c.played, c.favourite,"
  " c.not_interested, c.rating,"
  " c.bgg_plays + (SELECT count(*) FROM plays p WHERE p.game_id = g.id) AS plays"
  " FROM games g JOIN collection c ON c.game_id = g.id ORDER BY g.title COLLATE NOCASE, g.id;";

static double
run_ms (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) out = NULL;
  gint64 t0 = g_get_monotonic_time ();

  process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                     G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error);
  if (process == NULL || !g_subprocess_communicate (process, NULL, NULL, &out, NULL, &error) ||
      !g_subprocess_get_successful (process))
    g_error ("%s failed: %s", argv[0], error != NULL ? error->message : "non-zero exit");
  return (g_get_monotonic_time () - t0) / 1000.0;
}

static void
compare (const char        *what,
         const char *const *ours,
         const char *const *theirs,
         int                runs)
{
  g_autoptr(GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  double ma, mb;

  for (int r = -1; r < runs; r++)
    {
      double x = run_ms (ours);
      double y = run_ms (theirs);

      if (r < 0)
        continue;
      g_array_append_val (a, x);
      g_array_append_val (b, y);
    }
  ma = tk_bench_median (a);
  mb = tk_bench_median (b);
  g_print ("  %-10s tablekeeper-cli median %7.1f ms (%.1f-%.1f), sqlite3 median %7.1f ms"
           " (%.1f-%.1f), ratio %.2f (goal <= %.1f) %s\n", what, ma,
           tk_bench_percentile (a, 0), tk_bench_percentile (a, 100), mb,
           tk_bench_percentile (b, 0), tk_bench_percentile (b, 100), ma / mb, GOAL_RATIO,
           ma / mb <= GOAL_RATIO ? "PASS" : "MISS");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-cli-XXXXXX", &error);
  g_autofree char *db = NULL;
  g_auto(GStrv) sizes = NULL;
  int runs;

  if (argc < 2)
    {
      g_printerr ("usage: bench-cli-list CLI [SIZES [RUNS]]\n");
      return 2;
    }
  g_assert_no_error (error);
  db = g_build_filename (dir, "library.db", NULL);
  sizes = g_strsplit (argc > 2 ? argv[2] : "10000,100000", ",", -1);
  runs = argc > 3 ? MAX (atoi (argv[3]), 1) : 7;

  for (guint i = 0; sizes[i] != NULL; i++)
    {
      gint64 n = g_ascii_strtoll (sizes[i], NULL, 10);
      const char *text[] = { argv[1], "--db", db, "collection", "list", NULL };
      const char *json[] = { argv[1], "--db", db, "collection", "list", "--json", NULL };
      const char *shell[] = { "sqlite3", db, floor_sql, NULL };
      const char *shell_json[] = { "sqlite3", "-json", db, floor_json_sql, NULL };

      tk_bench_make_library (db, n);
      g_print ("collection list, %" G_GINT64_FORMAT " games in the library, %d runs:\n", n, runs);
      compare ("text", text, shell, runs);
      compare ("--json", json, shell_json, runs);
      tk_bench_remove_library (db);
    }
  g_rmdir (dir);
  return 0;
}
