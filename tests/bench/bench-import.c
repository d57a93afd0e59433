/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-import.c — a user's first BoardGameGeek import, against the sqlite3 shell's
 * `.import` of the same file into a bare table, in the same run.
 *
 * The file is a generated realistic export (tests/tk-bgg-export-gen.h: every field quoted,
 * CRLF, newlines and quotes in fields, Japanese titles, ~15 % catalog games) of 10,000 and
 * 100,000 rows; the library holds the bundled catalog already, as after the app's first
 * start.  Each run is a whole process on each side (this program re-executed with --child:
 * open the library, import the file, close it, which checkpoints the WAL; and `sqlite3 FILE
 * .import`), alternating, so that both pay the same start-up and meet the same noise.  It
 * prints the medians, their spread, the ratio and each side's peak resident memory, and each
 * side's CPU time (user + system, all threads): on a shared machine the wall clock counts the
 * others' work and whether a second core happened to be free; CPU time counts only ours.
 *
 * `bench-import [SIZES [RUNS]]`: the row counts (default 10000,100000) and the runs of each
 * (default 5).
 *
 * The file and the library are made by children as well: Linux counts the memory a process
 * had when it started another program into that program's peak (wait4's ru_maxrss), so this
 * parent stays small (a few MiB, the floor of both peaks). */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "tk-bench.h"
#include "tk-bench-library.h"
#include "tk-bgg-csv.h"
#include "tk-bgg-export-gen.h"
#include "tk-catalog.h"
#include "tk-store.h"

extern char **environ;

#define N_RUNS 5

/* The child: one import into @db. */
static int
child_import (const char *db,
              const char *csv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (db, &error);
  g_autoptr(TkCollection) collection = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (csv);
  g_auto(TkImportSummary) summary = { 0 };

  if (store == NULL)
    g_error ("%s", error->message);
  collection = tk_collection_new (store);
  if (!tk_bgg_csv_import_file (collection, file, &summary, &error))
    g_error ("import failed: %s", error->message);
  g_clear_object (&collection);
  tk_store_close (store);
  return summary.n_read > 0 ? 0 : 1;
}

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

/* Runs @argv to its end: wall time in ms, peak resident memory in MiB, CPU time (user +
 * system) in ms. */
static void
run_process (const char * const *argv,
             double             *ms,
             double             *peak_mib,
             double             *cpu_ms)
{
  struct rusage usage = { 0 };
  gint64 start = g_get_monotonic_time ();
  pid_t pid;
  int status = 0;
  int rc;

  rc = posix_spawnp (&pid, argv[0], NULL, NULL, (char * const *) argv, environ);
  if (rc != 0)
    g_error ("cannot run %s: %s", argv[0], g_strerror (rc));
  while (wait4 (pid, &status, 0, &usage) < 0)
    if (errno != EINTR)
      g_error ("wait4: %s", g_strerror (errno));
  *ms = (g_get_monotonic_time () - start) / 1000.0;
  *peak_mib = usage.ru_maxrss / 1024.0;
  *cpu_ms = usage.ru_utime.tv_sec * 1000.0 + usage.ru_utime.tv_usec / 1000.0 +
            usage.ru_stime.tv_sec * 1000.0 + usage.ru_stime.tv_usec / 1000.0;
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("%s failed (status %d)", argv[0], status);
}

static void
print_spread (const char *what,
              GArray     *samples,
              const char *unit)
{
  double median = tk_bench_median (samples);

  g_print ("  %-34s %9.1f %s  (min %.1f, max %.1f, n=%u)\n", what, median, unit,
           g_array_index (samples, double, 0), g_array_index (samples, double, samples->len - 1),
           samples->len);
}

/* Both sides' spreads (ms), the ratio of their medians and the spread of the pairs' ratios. */
static void
print_ratio (const char *ours_what,
             GArray     *ours,
             const char *shell_what,
             GArray     *shell,
             const char *ratio_what,
             GArray     *ratios)
{
  double ratio = tk_bench_median (ours) / tk_bench_median (shell);

  print_spread (ours_what, ours, "ms");
  print_spread (shell_what, shell, "ms");
  g_print ("  %-34s %9.2f x   (pairs: min %.2f, max %.2f; goal <= 2.0) %s\n", ratio_what, ratio,
           tk_bench_percentile (ratios, 0), tk_bench_percentile (ratios, 100),
           ratio <= 2.0 ? "ok" : "SLOW");
}

/* The load average over the last minute, as the kernel counts it (-1 if unknown). */
static double
load_average (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return -1;
  return g_ascii_strtod (text, NULL);
}

static void
bench_size (const char *self,
            const char *dir,
            const char *base_db,
            guint       n_rows,
            guint       n_runs)
{
  g_autoptr(GArray) ours = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) shell = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) our_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) shell_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_ratios = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) our_peak = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) shell_peak = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *csv = g_strdup_printf ("%s/export-%u.csv", dir, n_rows);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.db", NULL);
  g_autofree char *import_cmd = g_strdup_printf (".import --csv '%s' plain", csv);
  double ratio, load_before;

  {
    g_autofree char *n = g_strdup_printf ("%u", n_rows);
    const char *generate_argv[] = { self, "--generate", n, csv, NULL };
    double t, peak, cpu;
    GStatBuf st;

    run_process (generate_argv, &t, &peak, &cpu);
    if (g_stat (csv, &st) != 0)
      g_error ("no %s", csv);
    g_print ("BGG CSV import, %u rows (%.1f MB), into a library holding the catalog:\n", n_rows,
             st.st_size / 1e6);
  }

  load_before = load_average ();
  for (guint r = 0; r < n_runs; r++)
    {
      const char *child_argv[] = { self, "--child", db, csv, NULL };
      const char *shell_argv[] = { "sqlite3", plain, import_cmd, NULL };
      double t_ours, t_shell, peak, shell_rss, cpu_ours, cpu_shell;

      tk_bench_remove_library (db);
      tk_bench_copy_library (base_db, db);
      tk_bench_remove_library (plain);
      /* Alternate which goes first, so neither always meets a cold or a warm cache. */
      if (r % 2 == 0)
        {
          run_process (child_argv, &t_ours, &peak, &cpu_ours);
          run_process (shell_argv, &t_shell, &shell_rss, &cpu_shell);
        }
      else
        {
          run_process (shell_argv, &t_shell, &shell_rss, &cpu_shell);
          run_process (child_argv, &t_ours, &peak, &cpu_ours);
        }
      g_array_append_val (ours, t_ours);
      g_array_append_val (shell, t_shell);
      g_array_append_val (our_cpu, cpu_ours);
      g_array_append_val (shell_cpu, cpu_shell);
      g_array_append_val (our_peak, peak);
      g_array_append_val (shell_peak, shell_rss);
      ratio = t_ours / t_shell;
      g_array_append_val (ratios, ratio);
      ratio = cpu_ours / cpu_shell;
      g_array_append_val (cpu_ratios, ratio);
    }

  print_ratio ("Tablekeeper import, whole process", ours, "sqlite3 shell .import, same file",
               shell, "ratio of the medians", ratios);
  /* What a loaded machine makes of it: the wall-clock ratio above holds only while a second
   * core is free for the reading thread; the CPU time is the work itself. */
  print_ratio ("CPU time (user+sys), Tablekeeper", our_cpu, "CPU time (user+sys), sqlite3",
               shell_cpu, "CPU ratio of the medians", cpu_ratios);
  print_spread ("peak resident memory, Tablekeeper", our_peak, "MiB");
  print_spread ("peak resident memory, sqlite3", shell_peak, "MiB");
  if (n_rows >= 100000)
    g_print ("  %-34s %9s      %s\n", "goal: 100,000 rows under 100 MB", "",
             tk_bench_median (our_peak) * 1.048576 < 100 ? "ok" : "OVER");
  g_print ("  %-34s %9.2f -> %.2f\n", "load average (1 min), before/after", load_before,
           load_average ());
  tk_bench_remove_library (db);
  tk_bench_remove_library (plain);
  g_unlink (csv);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base_db = NULL;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *sqlite3 = g_find_program_in_path ("sqlite3");
  g_auto(GStrv) sizes = NULL;
  guint n_runs = N_RUNS;

  if (argc == 4 && g_strcmp0 (argv[1], "--child") == 0)
    return child_import (argv[2], argv[3]);
  if (argc == 4 && g_strcmp0 (argv[1], "--generate") == 0)
    return child_generate (argv[2], argv[3]);
  if (argc == 3 && g_strcmp0 (argv[1], "--base") == 0)
    return child_base (argv[2]);

  if (sqlite3 == NULL)
    {
      g_print ("bench-import: the sqlite3 shell is not installed; nothing to compare with\n");
      return 77;
    }
  if (self == NULL)
    self = g_strdup (argv[0]);
  sizes = g_strsplit (argc > 1 ? argv[1] : "10000,100000", ",", -1);
  if (argc > 2)
    n_runs = (guint) CLAMP (strtoul (argv[2], NULL, 10), 1, 100);
  dir = g_dir_make_tmp ("tk-bench-import-XXXXXX", &error);
  g_assert_no_error (error);
  base_db = g_build_filename (dir, "base.db", NULL);
  {
    const char *base_argv[] = { self, "--base", base_db, NULL };
    double t, peak, cpu;

    run_process (base_argv, &t, &peak, &cpu);
  }

  for (guint i = 0; sizes[i] != NULL; i++)
    bench_size (self, dir, base_db, (guint) strtoul (sizes[i], NULL, 10), n_runs);

  tk_bench_remove_library (base_db);
  g_rmdir (dir);
  return 0;
}
