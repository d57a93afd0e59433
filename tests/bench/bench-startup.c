/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-startup.c — cold start to the first frame, Tablekeeper against a bare window.
 *
 * Runs both programs alternately, each told the spawn time through TK_BENCH_T0_US, and
 * reads the first-frame time each prints and its peak memory (the kernel's maximum
 * resident set).  Prints the medians, their spread and their ratio: first on a new library
 * (the Table page), then on generated libraries of each of SIZES games (tk-bench-library.c)
 * opening on the Collection page, as a user whose last page it was.  With no desktop
 * settings GTK asks for "Sans 10", which fontconfig gives as DejaVu Sans here; when GNOME's
 * own UI font (Cantarell) is installed, the first size runs once more in "Cantarell 11", as
 * GNOME sets it, because the cost of text depends on the font's hinting (see README).
 * Usage: bench-startup TABLEKEEPER BARE-WINDOW [RUNS [SIZES]]   e.g. 9 10000,100000
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "tk-bench.h"
#include "tk-bench-library.h"

#define GOAL_RATIO 1.3
#define LAST_PAGE_COLLECTION "[io/github/tablekeeper/Tablekeeper]\nlast-page='collection'\n"

/* Runs @argv with @env, returns its first-frame time in ms (-1 on error), its peak
 * resident memory in MiB and its CPU time in ms. */
static double
run_once (const char  *program,
          const char  *db_path,
          char       **env,
          double      *peak_mib,
          double      *cpu_ms,
          GError     **error)
{
  g_autofree char *t0 = g_strdup_printf ("%" G_GINT64_FORMAT, g_get_monotonic_time ());
  g_auto(GStrv) run_env = g_strdupv (env);
  const char *argv_app[] = { program, "--db", db_path, NULL };
  const char *argv_bare[] = { program, NULL };
  g_autoptr(GString) out = g_string_new (NULL);
  struct rusage usage;
  int fds[2];
  int status = 0;
  pid_t pid;
  char buffer[4096];
  gssize n;
  const char *line;

  run_env = g_environ_setenv (run_env, "TK_BENCH_T0_US", t0, TRUE);
  if (pipe (fds) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "pipe failed");
      return -1;
    }
  /* fork and wait4 rather than g_spawn: the child's peak memory comes with its status. */
  pid = fork ();
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);

      dup2 (fds[1], STDOUT_FILENO);
      dup2 (null, STDERR_FILENO);
      close (fds[0]);
      execve (program, (char **) (db_path != NULL ? argv_app : argv_bare), run_env);
      _exit (127);
    }
  close (fds[1]);
  while ((n = read (fds[0], buffer, sizeof buffer)) > 0)
    g_string_append_len (out, buffer, n);
  close (fds[0]);
  if (pid < 0 || wait4 (pid, &status, 0, &usage) != pid ||
      !g_spawn_check_wait_status (status, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s did not run", program);
      return -1;
    }
  *peak_mib = usage.ru_maxrss / 1024.0;
  /* It quits as soon as the first frame is painted: its CPU time is the start-up's. */
  *cpu_ms = usage.ru_utime.tv_sec * 1000.0 + usage.ru_utime.tv_usec / 1000.0 +
            usage.ru_stime.tv_sec * 1000.0 + usage.ru_stime.tv_usec / 1000.0;

  line = strstr (out->str, "first-frame-us ");
  if (line == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s printed no first-frame time", program);
      return -1;
    }
  return g_ascii_strtod (line + strlen ("first-frame-us "), NULL) / 1000.0;
}

/* Alternates the two programs @runs times (after one warm-up each) and prints the medians,
 * their spread and the ratio against @goal. */
static void
compare (const char *what,
         const char *app,
         const char *bare,
         const char *db,
         char      **env,
         int         runs,
         double      goal_ratio,
         double      goal_ms,
         double      goal_mib)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) app_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) app_mib = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_mib = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) app_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bare_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  double app_median, bare_median, ratio, mib_median;

  /* One warm-up each: the first start pays for the disk cache, which is not ours to measure. */
  for (int i = -1; i < runs; i++)
    {
      double a_mib = 0, b_mib = 0, a_cpu = 0, b_cpu = 0;
      double a = run_once (app, db, env, &a_mib, &a_cpu, &error);
      double b;

      if (a < 0)
        g_error ("%s", error->message);
      b = run_once (bare, NULL, env, &b_mib, &b_cpu, &error);
      if (b < 0)
        g_error ("%s", error->message);
      if (i < 0)
        continue;
      g_array_append_val (app_ms, a);
      g_array_append_val (bare_ms, b);
      g_array_append_val (app_mib, a_mib);
      g_array_append_val (bare_mib, b_mib);
      g_array_append_val (app_cpu, a_cpu);
      g_array_append_val (bare_cpu, b_cpu);
    }

  app_median = tk_bench_median (app_ms);
  bare_median = tk_bench_median (bare_ms);
  ratio = app_median / bare_median;
  mib_median = tk_bench_median (app_mib);
  g_print ("startup-first-frame, %s, %d runs:\n"
           "  tablekeeper median %.1f ms (%.1f-%.1f), peak memory %.0f MiB\n"
           "  bare AdwApplicationWindow median %.1f ms (%.1f-%.1f), peak memory %.0f MiB\n"
           "  ratio %.2f (goal <= %.1f) %s\n",
           what, runs, app_median, tk_bench_percentile (app_ms, 0),
           tk_bench_percentile (app_ms, 100), mib_median, bare_median,
           tk_bench_percentile (bare_ms, 0), tk_bench_percentile (bare_ms, 100),
           tk_bench_median (bare_mib), ratio, goal_ratio, ratio <= goal_ratio ? "PASS" : "MISS");
  /* On a shared machine the wall clock counts the others' work too; CPU time does not. */
  g_print ("  CPU time: tablekeeper median %.0f ms, bare window %.0f ms, ratio %.2f\n",
           tk_bench_median (app_cpu), tk_bench_median (bare_cpu),
           tk_bench_median (app_cpu) / tk_bench_median (bare_cpu));
  if (goal_ms > 0)
    g_print ("  first frame %.0f ms (goal < %.0f ms) %s, peak memory %.0f MiB (goal < %.0f MiB) %s\n",
             app_median, goal_ms, app_median < goal_ms ? "PASS" : "MISS", mib_median, goal_mib,
             mib_median < goal_mib ? "PASS" : "MISS");
}

/* The family fontconfig picks for @pattern, or NULL if fc-match is missing. */
static char *
font_for (const char *pattern)
{
  const char *argv[] = { "fc-match", "-f", "%{family[0]}", pattern, NULL };
  g_autofree char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL) || out == NULL || *out == '\0')
    return NULL;
  return g_steal_pointer (&out);
}

/* A settings folder @dir/@name that opens the app on the Collection page and, with @font,
 * tells GTK to use it as a desktop would (settings.ini). */
static char *
make_config (const char *dir,
             const char *name,
             const char *font)
{
  g_autoptr(GError) error = NULL;
  char *config = g_build_filename (dir, name, NULL);
  g_autofree char *keyfile_dir = g_build_filename (config, "glib-2.0", "settings", NULL);
  g_autofree char *keyfile = g_build_filename (keyfile_dir, "keyfile", NULL);

  g_mkdir_with_parents (keyfile_dir, 0700);
  g_file_set_contents (keyfile, LAST_PAGE_COLLECTION, -1, &error);
  g_assert_no_error (error);
  if (font != NULL)
    {
      g_autofree char *gtk_dir = g_build_filename (config, "gtk-4.0", NULL);
      g_autofree char *ini = g_build_filename (gtk_dir, "settings.ini", NULL);
      g_autofree char *ini_contents = g_strdup_printf ("[Settings]\ngtk-font-name=%s\n", font);

      g_mkdir_with_parents (gtk_dir, 0700);
      g_file_set_contents (ini, ini_contents, -1, &error);
      g_assert_no_error (error);
    }
  return config;
}

static void
remove_config (const char *config)
{
  const char *files[] = { "glib-2.0/settings/keyfile", "gtk-4.0/settings.ini", NULL };
  const char *dirs[] = { "glib-2.0/settings", "glib-2.0", "gtk-4.0", NULL };

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (config, files[i], NULL);
      g_unlink (path);
    }
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (config, dirs[i], NULL);
      g_rmdir (path);
    }
  g_rmdir (config);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-XXXXXX", &error);
  g_autofree char *db = NULL;
  g_autofree char *config = NULL;
  g_auto(GStrv) env = g_get_environ ();
  g_auto(GStrv) collection_env = NULL;
  g_auto(GStrv) sizes = NULL;
  g_autofree char *sans = NULL;
  g_autofree char *cantarell = NULL;
  int runs = argc > 3 ? atoi (argv[3]) : 9;

  if (argc < 3)
    {
      g_printerr ("usage: bench-startup TABLEKEEPER BARE-WINDOW [RUNS [SIZES]]\n");
      return 2;
    }
  g_assert_no_error (error);
  db = g_build_filename (dir, "library.db", NULL);

  compare ("a new library (Table page)", argv[1], argv[2], db, env, runs, GOAL_RATIO, 0, 0);
  tk_bench_remove_library (db);

  /* The Collection page as the page shown last: a settings file says so. */
  config = make_config (dir, "config", NULL);
  collection_env = g_environ_setenv (g_strdupv (env), "GSETTINGS_BACKEND", "keyfile", TRUE);
  collection_env = g_environ_setenv (collection_env, "XDG_CONFIG_HOME", config, TRUE);

  sans = font_for ("Sans");
  cantarell = font_for ("Cantarell");
  g_print ("GTK's font with no desktop settings, \"Sans 10\", is %s here\n",
           sans != NULL ? sans : "unknown (fc-match is missing)");
  sizes = g_strsplit (argc > 4 ? argv[4] : "", ",", -1);
  for (guint i = 0; sizes[i] != NULL && *sizes[i] != '\0'; i++)
    {
      gint64 n = g_ascii_strtoll (sizes[i], NULL, 10);
      g_autofree char *what = g_strdup_printf ("%" G_GINT64_FORMAT " games (Collection page)", n);

      tk_bench_make_library (db, n);
      compare (what, argv[1], argv[2], db, collection_env, runs, GOAL_RATIO,
               n >= 100000 ? 1000 : 0, n >= 100000 ? 250 : 0);
      if (i == 0 && g_strcmp0 (cantarell, "Cantarell") == 0)
        {
          g_autofree char *font_config = make_config (dir, "config-font", "Cantarell 11");
          g_auto(GStrv) font_env = g_environ_setenv (g_strdupv (collection_env),
                                                     "XDG_CONFIG_HOME", font_config, TRUE);
          g_autofree char *font_what = g_strdup_printf ("%s, GNOME's UI font Cantarell 11", what);

          compare (font_what, argv[1], argv[2], db, font_env, runs, GOAL_RATIO, 0, 0);
          remove_config (font_config);
        }
      else if (i == 0)
        g_print ("(not run again in GNOME's UI font: Cantarell is not installed; on Debian it is "
                 "the package fonts-cantarell)\n");
      tk_bench_remove_library (db);
    }

  remove_config (config);
  g_rmdir (dir);
  return 0;
}
