/* bench-startup.c — cold start to the first frame, Tablekeeper against a bare window.
 *
 * Runs both programs alternately, each told the spawn time through TK_BENCH_T0_US, and
 * reads the first-frame time each prints.  Prints the medians and their ratio.
 * Usage: bench-startup TABLEKEEPER BARE-WINDOW [RUNS]
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "tk-bench.h"

#define GOAL_RATIO 1.3

static double
run_once (const char  *program,
          const char  *db_path,
          GError     **error)
{
  g_autofree char *t0 = g_strdup_printf ("%" G_GINT64_FORMAT, g_get_monotonic_time ());
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *out = NULL;
  const char *argv_app[] = { program, "--db", db_path, NULL };
  const char *argv_bare[] = { program, NULL };
  int status = 0;
  const char *line;

  env = g_environ_setenv (env, "TK_BENCH_T0_US", t0, TRUE);
  if (!g_spawn_sync (NULL, (char **) (db_path != NULL ? argv_app : argv_bare), env,
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, error))
    return -1;
  if (!g_spawn_check_wait_status (status, error))
    return -1;

  line = out != NULL ? strstr (out, "first-frame-us ") : NULL;
  if (line == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s printed no first-frame time", program);
      return -1;
    }
  return g_ascii_strtod (line + strlen ("first-frame-us "), NULL) / 1000.0;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) app_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-XXXXXX", &error);
  g_autofree char *db = NULL;
  int runs = argc > 3 ? atoi (argv[3]) : 9;
  double app_median, bare_median, ratio;

  if (argc < 3)
    {
      g_printerr ("usage: bench-startup TABLEKEEPER BARE-WINDOW [RUNS]\n");
      return 2;
    }
  g_assert_no_error (error);
  db = g_build_filename (dir, "library.db", NULL);

  /* One warm-up each: the first start pays for the disk cache, which is not ours to measure. */
  for (int i = -1; i < runs; i++)
    {
      double a = run_once (argv[1], db, &error);
      double b;

      if (a < 0)
        g_error ("%s", error->message);
      b = run_once (argv[2], NULL, &error);
      if (b < 0)
        g_error ("%s", error->message);
      if (i < 0)
        continue;
      g_array_append_val (app_ms, a);
      g_array_append_val (bare_ms, b);
    }

  app_median = tk_bench_median (app_ms);
  bare_median = tk_bench_median (bare_ms);
  ratio = app_median / bare_median;
  g_print ("startup-first-frame: tablekeeper median %.1f ms, bare AdwApplicationWindow median %.1f ms,"
           " ratio %.2f over %d runs (goal <= %.1f) %s\n",
           app_median, bare_median, ratio, runs, GOAL_RATIO, ratio <= GOAL_RATIO ? "PASS" : "MISS");

  {
    g_autofree char *wal = g_strconcat (db, "-wal", NULL);
    g_autofree char *shm = g_strconcat (db, "-shm", NULL);
    g_unlink (wal);
    g_unlink (shm);
    g_unlink (db);
    g_rmdir (dir);
  }
  return 0;
}
