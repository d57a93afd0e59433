/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-collection.c — the collection page's queries on a generated 10,000-game library,
 * and a BGG CSV import of 10,000 rows against the sqlite3 shell's `.import`.
 *
 * Run: meson test -C build --benchmark collection-10k --verbose
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bench.h"
#include "tk-bgg-csv.h"
#include "tk-collection.h"
#include "tk-game-list.h"
#include "tk-store.h"

#define N_GAMES 10000
#define N_RUNS 15
#define IMPORT_RUNS 5

static const char *const words[] = {
  "Harbour", "Lights", "Paper", "Rivers", "Moon", "Market", "Ferry", "Castle", "Garden",
  "Railway", "Empire", "Trail", "Forest", "Island", "Station", "Tower", "Canal", "Orchard",
};

static char *
random_title (GRand *rand,
              guint  i)
{
  return g_strdup_printf ("%s %s %05u", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))],
                          words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))], i);
}

/* A BGG collection export of @n rows with all 58 columns. */
static char *
generate_csv (guint n)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  GString *csv = g_string_new (NULL);

  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    g_string_append_printf (csv, "%s%s", c ? "," : "", tk_bgg_csv_columns[c]);
  g_string_append (csv, "\r\n");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = random_title (rand, i);
      int min_p = g_rand_int_range (rand, 1, 4);
      int min_t = 15 * g_rand_int_range (rand, 1, 8);

      g_string_append_printf (csv,
        "\"%s\",\"%u\",\"%d\",\"%d\",\"0\",\"%d\",\"0\",\"0\",\"0\",\"%d\",\"0\",\"0\",\"0\",\"3\","
        "\"\",\"A comment, with a comma and \"\"quotes\"\"\",\"\",\"\",\"\",\"%u\",\"6.5\",\"7.1\","
        "\"%.2f\",\"%u\",\"100\",\"thing\",\"%s\",\"%d\",\"%d\",\"%d\",\"%d\",\"%d\",\"%d\","
        "\"2,3,4\",\"3\",\"10+\",\"\",\"\",\"\",\"\",\"\",\"\",\"standalone\",\"\",\"40.00\","
        "\"EUR\",\"\",\"\",\"2021-01-01\",\"\",\"1\",\"\",\"\",\"\",\"\",\"\",\"\",\"\"\r\n",
        title, 200000 + i, g_rand_int_range (rand, 0, 11), g_rand_int_range (rand, 0, 20),
        g_rand_boolean (rand), g_rand_boolean (rand), 900000 + i,
        g_rand_double_range (rand, 1.0, 5.0), i + 1, title, min_p,
        min_p + g_rand_int_range (rand, 0, 5), min_t + 15, min_t + 15, min_t,
        g_rand_int_range (rand, 1960, 2026));
    }
  return g_string_free (csv, FALSE);
}

/* Removes the library and its WAL files from @dir, if there. */
static void
remove_library (const char *dir)
{
  const char *names[] = { "library.db", "library.db-wal", "library.db-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *p = g_build_filename (dir, names[i], NULL);
      g_unlink (p);
    }
}

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
  g_print ("%-38s %8.2f ms   (goal < %.0f ms) %s\n", what, ms, goal, ms < goal ? "ok" : "SLOW");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-collection-XXXXXX", &error);
  g_autofree char *db_path = g_build_filename (dir, "library.db", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "collection.csv", NULL);
  g_autofree char *plain_path = g_build_filename (dir, "plain.db", NULL);
  g_autofree char *csv = generate_csv (N_GAMES);
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkCollection) collection = NULL;
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  const char *keystrokes[] = { "h", "ha", "har", "harb", "harbo", "harbou", "harbour", "harbour ",
                               "harbour l", "harbour li", "harbour lig", "harbour ligh" };
  double t, import_ms, shell_ms;
  guint n = 0;
  int status = 0;
  g_autofree char *shell_out = NULL;
  g_autofree char *shell_err = NULL;
  g_autofree char *import_cmd = NULL;

  g_assert_no_error (error);
  g_file_set_contents (csv_path, csv, -1, &error);
  g_assert_no_error (error);

  /* ---- import ----
   * Median of IMPORT_RUNS imports, each into a new library (the last one is kept for the
   * page benchmarks), against the median of as many shell imports into new files: one run
   * of each swings by a third with the disk's flushes. */
  {
    g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) shell = g_array_new (FALSE, FALSE, sizeof (double));

    import_cmd = g_strdup_printf (".import --csv '%s' plain", csv_path);
    for (int r = 0; r < IMPORT_RUNS; r++)
      {
        const char *shell_argv[] = { "sqlite3", plain_path, import_cmd, NULL };

        g_clear_object (&collection);
        g_clear_object (&store);
        remove_library (dir);
        store = tk_store_open (db_path, &error);
        g_assert_no_error (error);
        collection = tk_collection_new (store);
        t = now_ms ();
        if (!tk_bgg_csv_import (collection, csv, strlen (csv), &n, &error))
          g_error ("import failed: %s", error->message);
        t = now_ms () - t;
        g_array_append_val (ours, t);
        g_assert_cmpuint (n, ==, N_GAMES);

        g_unlink (plain_path);
        g_clear_pointer (&shell_out, g_free);
        g_clear_pointer (&shell_err, g_free);
        t = now_ms ();
        if (!g_spawn_sync (NULL, (char **) shell_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                           &shell_out, &shell_err, &status, &error))
          g_error ("sqlite3 shell: %s", error->message);
        t = now_ms () - t;
        g_array_append_val (shell, t);
      }
    import_ms = tk_bench_median (ours);
    shell_ms = tk_bench_median (shell);
  }

  g_print ("Collection benchmarks, %d games (median of %d runs where repeated)\n", N_GAMES, N_RUNS);
  report ("BGG CSV import, 10,000 rows (median)", import_ms, 1000);
  g_print ("%-38s %8.2f ms   (exit %d)\n", "sqlite3 shell .import, same (median)", shell_ms, status);
  g_print ("%-38s %8.2f x    (goal <= 2x) %s\n", "ratio import / shell", import_ms / shell_ms,
           import_ms / shell_ms <= 2.0 ? "ok" : "SLOW");

  /* ---- page open to the first 50 rows ---- */
  for (int r = 0; r < N_RUNS; r++)
    {
      g_autoptr(TkGameList) list = NULL;

      t = now_ms ();
      list = tk_game_list_new (collection);
      for (guint i = 0; i < 50; i++)
        g_object_unref (g_list_model_get_item (G_LIST_MODEL (list), i));
      t = now_ms () - t;
      g_array_append_val (samples, t);
    }
  report ("page open to first 50 rows", tk_bench_median (samples), 100);
  g_array_set_size (samples, 0);

  /* ---- filter keystrokes (search text changes, then the visible rows) ---- */
  {
    g_autoptr(TkGameList) list = tk_game_list_new (collection);

    tk_game_list_set_collection_only (list, TRUE);
    for (int r = 0; r < 3; r++)
      for (guint k = 0; k < G_N_ELEMENTS (keystrokes); k++)
        {
          guint visible;

          t = now_ms ();
          tk_game_list_set_search (list, keystrokes[k]);
          visible = MIN (g_list_model_get_n_items (G_LIST_MODEL (list)), 30);
          for (guint i = 0; i < visible; i++)
            g_object_unref (g_list_model_get_item (G_LIST_MODEL (list), i));
          t = now_ms () - t;
          g_array_append_val (samples, t);
        }
    report ("filter keystroke (median)", tk_bench_median (samples), 16);
    g_print ("%-38s %8.2f ms\n", "filter keystroke (p90)", tk_bench_percentile (samples, 90));
    g_array_set_size (samples, 0);

    /* ---- sort changes ---- */
    tk_game_list_set_search (list, NULL);
    for (int r = 0; r < N_RUNS; r++)
      {
        TkGameSort sort = (TkGameSort) (r % (TK_GAME_SORT_LAST_PLAYED + 1));

        t = now_ms ();
        tk_game_list_set_sort (list, sort, r % 2);
        for (guint i = 0; i < 30; i++)
          g_object_unref (g_list_model_get_item (G_LIST_MODEL (list), i));
        t = now_ms () - t;
        g_array_append_val (samples, t);
      }
    report ("sort change (median)", tk_bench_median (samples), 50);
    g_print ("%-38s %8.2f ms\n", "sort change (max)", tk_bench_percentile (samples, 100));
  }

  g_clear_object (&collection);
  tk_store_close (store);
  {
    const char *names[] = { "library.db", "library.db-wal", "library.db-shm", "collection.csv",
                            "plain.db" };
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *p = g_build_filename (dir, names[i], NULL);
        g_unlink (p);
      }
    g_rmdir (dir);
  }
  return 0;
}
