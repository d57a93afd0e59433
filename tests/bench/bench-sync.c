/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-sync.c — what sync through a folder costs, against a floor measured in the same run.
 *
 * 1. A first BoardGameGeek import on device A, read and folded on device B: `tablekeeper-cli
 *    --db A collection import FILE`, `--db A sync FOLDER`, then `--db B sync FOLDER`, each a
 *    whole process.  The floor is the import itself; the figure is B's sync (reading every
 *    file A wrote and folding it) over it.  Goal: <= 2x.  The export is the realistic
 *    generated one of bench-import (tk-bgg-export-gen.h), of 10,000 and 100,000 rows; A and B
 *    are libraries of their own (their own uids) holding the catalog, as after the app's
 *    first start.  After the first run of each size both libraries' `dump --canonical` are
 *    compared (in a child), so that the time is that of a fold that worked.
 * 2. One edit end to end on the 10,000-game libraries of (1): `collection set bgg:ID
 *    --rating N` on A, `sync` on A, `sync` on B.  The figure is each process's CPU time
 *    (user + system, all threads, as wait4() counts it); the floor is a call that opens the
 *    same library, does next to nothing and closes it (`players list`: the import made no
 *    players).  Goal: < 100 ms of CPU on each side (A: commit + sync; B: sync).
 *
 * Wall-clock times count the other programs of a shared machine too; CPU times only ours:
 * both are printed, with the load average.  Each figure is the median of RUNS runs, with its
 * smallest and largest.
 *
 * `bench-sync CLI [SIZES [RUNS]]`: the tablekeeper-cli to run, the export sizes (default
 * 10000,100000) and the runs of each (default 3; the edit is timed 3 x RUNS times). */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "tk-bench.h"
#include "tk-bench-library.h"
#include "tk-bgg-export-gen.h"
#include "tk-catalog.h"
#include "tk-store.h"

#define N_RUNS 3

/* A child: the export of @n_rows rows into @path (its memory stays out of the parent's). */
static int
child_generate (const char *n_rows,
                const char *path)
{
  g_autoptr(GError) error = NULL;

  if (!tk_bgg_export_write_file ((guint) strtoul (n_rows, NULL, 10), 2026, path, &error))
    g_error ("%s", error->message);
  return 0;
}

/* A child: a library holding the catalog, as after the app's first start. */
static int
child_base (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (path, &error);

  if (store == NULL || !tk_catalog_ensure (store, NULL, &error))
    g_error ("%s", error->message);
  tk_store_close (store);
  return 0;
}

static void
remove_tree (GFile *dir)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                               G_FILE_ATTRIBUTE_STANDARD_TYPE,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  while (children != NULL)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        remove_tree (child);
      else
        g_file_delete (child, NULL, NULL);
    }
  g_file_delete (dir, NULL, NULL);
}

static void
remove_folder (const char *path)
{
  g_autoptr(GFile) dir = g_file_new_for_path (path);

  remove_tree (dir);
}

/* `dump --canonical` of @db. */
static char *
dump (const char *cli,
      const char *db)
{
  const char *argv[] = { cli, "--db", db, "dump", "--canonical", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL,
                     &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_error ("dump of %s: %s", db, error->message);
  return out;
}

/* A child: whether @a_db and @b_db give the same `dump --canonical` (exit 0) or not (1).  A
 * child, because the dumps of 100,000 games weigh some 90 MB each and Linux counts what the
 * parent holds into the peak memory of every program it starts later. */
static int
child_compare (const char *cli,
               const char *a_db,
               const char *b_db)
{
  g_autofree char *dump_a = dump (cli, a_db);
  g_autofree char *dump_b = dump (cli, b_db);

  if (!g_str_equal (dump_a, dump_b))
    {
      g_printerr ("bench-sync: %s and %s give different dumps\n", a_db, b_db);
      return 1;
    }
  g_printerr ("  (both libraries' dump --canonical are the same: %zu bytes)\n", strlen (dump_a));
  return 0;
}

static void
print_spread (const char *what,
              GArray     *samples,
              const char *unit)
{
  double median = tk_bench_median (samples);

  g_print ("  %-44s %9.1f %s  (min %.1f, max %.1f, n=%u)\n", what, median, unit,
           g_array_index (samples, double, 0), g_array_index (samples, double, samples->len - 1),
           samples->len);
}

static void
append (GArray *samples,
        double  value)
{
  g_array_append_val (samples, value);
}

#define SAMPLES() g_array_new (FALSE, FALSE, sizeof (double))

/* The import on A and its fold on B at @n_rows rows.  Leaves A and B in sync at @a_db and
 * @b_db, with @folder, as the last run left them. */
static void
bench_fold (const char *self,
            const char *cli,
            const char *dir,
            const char *base_a,
            const char *base_b,
            const char *a_db,
            const char *b_db,
            const char *folder,
            guint       n_rows,
            guint       n_runs)
{
  g_autoptr(GArray) import_ms = SAMPLES (), import_cpu = SAMPLES ();
  g_autoptr(GArray) write_ms = SAMPLES (), write_cpu = SAMPLES ();
  g_autoptr(GArray) fold_ms = SAMPLES (), fold_cpu = SAMPLES ();
  g_autoptr(GArray) ratios = SAMPLES (), cpu_ratios = SAMPLES ();
  g_autoptr(GArray) fold_peak = SAMPLES (), import_peak = SAMPLES ();
  g_autofree char *csv = g_strdup_printf ("%s/export-%u.csv", dir, n_rows);
  double load_before, ratio, cpu_ratio;

  {
    g_autofree char *n = g_strdup_printf ("%u", n_rows);
    const char *generate_argv[] = { self, "--generate", n, csv, NULL };
    GStatBuf st;

    tk_bench_run_process (generate_argv);
    if (g_stat (csv, &st) != 0)
      g_error ("no %s", csv);
    g_print ("A BGG CSV import of %u rows (%.1f MB) on device A, read and folded on device B"
             " (whole tablekeeper-cli processes):\n", n_rows, st.st_size / 1e6);
  }

  load_before = tk_bench_load_average ();
  for (guint r = 0; r < n_runs; r++)
    {
      const char *import_argv[] = { cli, "--db", a_db, "collection", "import", csv, NULL };
      const char *write_argv[] = { cli, "--db", a_db, "sync", folder, NULL };
      const char *fold_argv[] = { cli, "--db", b_db, "sync", folder, NULL };
      TkBenchProcess import, write, fold;

      tk_bench_remove_library (a_db);
      tk_bench_remove_library (b_db);
      remove_folder (folder);
      g_mkdir (folder, 0700);
      tk_bench_copy_library (base_a, a_db);
      tk_bench_copy_library (base_b, b_db);

      import = tk_bench_run_process (import_argv);
      write = tk_bench_run_process (write_argv);
      fold = tk_bench_run_process (fold_argv);
      append (import_ms, import.wall_ms);
      append (import_cpu, import.cpu_ms);
      append (import_peak, import.peak_mib);
      append (write_ms, write.wall_ms);
      append (write_cpu, write.cpu_ms);
      append (fold_ms, fold.wall_ms);
      append (fold_cpu, fold.cpu_ms);
      append (fold_peak, fold.peak_mib);
      append (ratios, fold.wall_ms / import.wall_ms);
      append (cpu_ratios, fold.cpu_ms / import.cpu_ms);

      if (r == 0)
        {
          const char *compare_argv[] = { self, "--compare", cli, a_db, b_db, NULL };

          tk_bench_run_process (compare_argv);
        }
    }

  print_spread ("floor: import on A, wall clock", import_ms, "ms");
  print_spread ("  its CPU time (user+sys)", import_cpu, "ms");
  print_spread ("sync on A (writes the files), wall clock", write_ms, "ms");
  print_spread ("  its CPU time", write_cpu, "ms");
  print_spread ("sync on B (reads and folds), wall clock", fold_ms, "ms");
  print_spread ("  its CPU time", fold_cpu, "ms");
  print_spread ("peak resident memory, import on A", import_peak, "MiB");
  print_spread ("peak resident memory, sync on B", fold_peak, "MiB");
  ratio = tk_bench_median (fold_ms) / tk_bench_median (import_ms);
  cpu_ratio = tk_bench_median (fold_cpu) / tk_bench_median (import_cpu);
  g_print ("  %-44s %9.2f x   (runs: min %.2f, max %.2f; goal <= 2.0) %s\n",
           "fold on B / import on A, wall clock", ratio, tk_bench_percentile (ratios, 0),
           tk_bench_percentile (ratios, 100), ratio <= 2.0 ? "ok" : "SLOW");
  g_print ("  %-44s %9.2f x   (runs: min %.2f, max %.2f; goal <= 2.0) %s\n",
           "the same in CPU time", cpu_ratio, tk_bench_percentile (cpu_ratios, 0),
           tk_bench_percentile (cpu_ratios, 100), cpu_ratio <= 2.0 ? "ok" : "SLOW");
  g_print ("  %-44s %9.2f -> %.2f\n", "load average (1 min), before/after", load_before,
           tk_bench_load_average ());
  g_unlink (csv);
}

/* One edit end to end on the libraries bench_fold() left in sync. */
static void
bench_edit (const char *self,
            const char *cli,
            const char *a_db,
            const char *b_db,
            const char *folder,
            guint       n_rows,
            guint       n_runs)
{
  g_autoptr(GArray) floor_a = SAMPLES (), floor_b = SAMPLES ();
  g_autoptr(GArray) edit = SAMPLES (), sync_a = SAMPLES (), sync_b = SAMPLES ();
  g_autoptr(GArray) side_a = SAMPLES ();
  g_autoptr(GArray) edit_ms = SAMPLES (), sync_a_ms = SAMPLES (), sync_b_ms = SAMPLES ();
  g_autoptr(GError) error = NULL;
  g_autofree char *game = NULL;
  double load_before, a, b;

  {
    g_autoptr(TkStore) store = tk_store_open (a_db, &error);
    gint64 bgg_id;

    if (store == NULL)
      g_error ("%s", error->message);
    /* An imported game (not the catalog's) in the collection: the commonest edit. */
    bgg_id = tk_store_query_int (store, "SELECT g.bgg_id FROM games g JOIN collection c"
                                        " ON c.game_id = g.id WHERE g.source <> 'catalog'"
                                        " AND g.bgg_id IS NOT NULL ORDER BY g.id LIMIT 1", 0,
                                 &error);
    if (bgg_id <= 0)
      g_error ("no imported game to edit");
    game = g_strdup_printf ("bgg:%" G_GINT64_FORMAT, bgg_id);
    tk_store_close (store);
  }

  g_print ("One edit end to end (collection set %s --rating N on A, sync on A, sync on B),"
           " %u-row import in each library:\n", game, n_rows);
  load_before = tk_bench_load_average ();
  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *rating = g_strdup_printf ("%u", 1 + r % 10);
      const char *floor_a_argv[] = { cli, "--db", a_db, "players", "list", NULL };
      const char *floor_b_argv[] = { cli, "--db", b_db, "players", "list", NULL };
      const char *edit_argv[] = { cli, "--db", a_db, "collection", "set", game, "--rating",
                                  rating, NULL };
      const char *sync_a_argv[] = { cli, "--db", a_db, "sync", folder, NULL };
      const char *sync_b_argv[] = { cli, "--db", b_db, "sync", folder, NULL };
      TkBenchProcess p, q;

      append (floor_a, tk_bench_run_process (floor_a_argv).cpu_ms);
      append (floor_b, tk_bench_run_process (floor_b_argv).cpu_ms);
      p = tk_bench_run_process (edit_argv);
      append (edit, p.cpu_ms);
      append (edit_ms, p.wall_ms);
      q = tk_bench_run_process (sync_a_argv);
      append (sync_a, q.cpu_ms);
      append (sync_a_ms, q.wall_ms);
      append (side_a, p.cpu_ms + q.cpu_ms);
      p = tk_bench_run_process (sync_b_argv);
      append (sync_b, p.cpu_ms);
      append (sync_b_ms, p.wall_ms);
    }

  {
    const char *compare_argv[] = { self, "--compare", cli, a_db, b_db, NULL };

    tk_bench_run_process (compare_argv);
  }
  print_spread ("floor: `players list` on A (no-op), CPU", floor_a, "ms");
  print_spread ("floor: `players list` on B, CPU", floor_b, "ms");
  print_spread ("collection set on A (commit), CPU", edit, "ms");
  print_spread ("  wall clock", edit_ms, "ms");
  print_spread ("sync on A (writes the operation), CPU", sync_a, "ms");
  print_spread ("  wall clock", sync_a_ms, "ms");
  print_spread ("sync on B (reads and folds it), CPU", sync_b, "ms");
  print_spread ("  wall clock", sync_b_ms, "ms");
  a = tk_bench_median (side_a);
  b = tk_bench_median (sync_b);
  g_print ("  %-44s %9.1f ms  (%.2f x its floor; goal < 100 ms) %s\n",
           "A's side, commit + sync, CPU", a, a / tk_bench_median (floor_a),
           a < 100 ? "ok" : "OVER");
  g_print ("  %-44s %9.1f ms  (%.2f x its floor; goal < 100 ms) %s\n",
           "B's side, sync, CPU", b, b / tk_bench_median (floor_b), b < 100 ? "ok" : "OVER");
  g_print ("  %-44s %9.2f -> %.2f\n", "load average (1 min), before/after", load_before,
           tk_bench_load_average ());
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base_a = NULL, *base_b = NULL, *a_db = NULL, *b_db = NULL, *folder = NULL;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_auto(GStrv) sizes = NULL;
  guint n_runs = N_RUNS;
  const char *cli;

  if (argc == 4 && g_strcmp0 (argv[1], "--generate") == 0)
    return child_generate (argv[2], argv[3]);
  if (argc == 3 && g_strcmp0 (argv[1], "--base") == 0)
    return child_base (argv[2]);
  if (argc == 5 && g_strcmp0 (argv[1], "--compare") == 0)
    return child_compare (argv[2], argv[3], argv[4]);
  if (argc < 2)
    {
      g_printerr ("usage: bench-sync CLI [SIZES [RUNS]]\n");
      return 2;
    }

  cli = argv[1];
  if (self == NULL)
    self = g_strdup (argv[0]);
  sizes = g_strsplit (argc > 2 ? argv[2] : "10000,100000", ",", -1);
  if (argc > 3)
    n_runs = (guint) CLAMP (strtoul (argv[3], NULL, 10), 1, 100);
  dir = g_dir_make_tmp ("tk-bench-sync-XXXXXX", &error);
  g_assert_no_error (error);
  base_a = g_build_filename (dir, "base-a.db", NULL);
  base_b = g_build_filename (dir, "base-b.db", NULL);
  a_db = g_build_filename (dir, "a.db", NULL);
  b_db = g_build_filename (dir, "b.db", NULL);
  folder = g_build_filename (dir, "folder", NULL);
  {
    /* Two libraries made apart: each has its own library and device uids. */
    const char *a_argv[] = { self, "--base", base_a, NULL };
    const char *b_argv[] = { self, "--base", base_b, NULL };

    tk_bench_run_process (a_argv);
    tk_bench_run_process (b_argv);
  }

  for (guint i = 0; sizes[i] != NULL; i++)
    {
      guint n_rows = (guint) strtoul (sizes[i], NULL, 10);

      bench_fold (self, cli, dir, base_a, base_b, a_db, b_db, folder, n_rows, n_runs);
      if (i == 0)
        bench_edit (self, cli, a_db, b_db, folder, n_rows, 3 * n_runs);
    }

  tk_bench_remove_library (a_db);
  tk_bench_remove_library (b_db);
  tk_bench_remove_library (base_a);
  tk_bench_remove_library (base_b);
  remove_folder (folder);
  g_rmdir (dir);
  return 0;
}
