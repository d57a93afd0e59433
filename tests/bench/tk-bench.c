/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bench.c — statistics over benchmark samples, and a child process timed. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tk-bench.h"

extern char **environ;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

double
tk_bench_percentile (GArray *samples,
                     double  p)
{
  guint index;

  g_return_val_if_fail (samples != NULL && samples->len > 0, 0.0);

  g_array_sort (samples, compare_doubles);
  /* Nearest rank: the smallest sample with at least p% of the samples at or below it. */
  index = (guint) MAX (0.0, (p / 100.0) * samples->len - 1e-9);
  index = MIN (index, samples->len - 1);
  return g_array_index (samples, double, index);
}

double
tk_bench_median (GArray *samples)
{
  guint n;

  g_return_val_if_fail (samples != NULL && samples->len > 0, 0.0);

  g_array_sort (samples, compare_doubles);
  n = samples->len;
  if (n % 2 == 1)
    return g_array_index (samples, double, n / 2);
  return (g_array_index (samples, double, n / 2 - 1) + g_array_index (samples, double, n / 2)) / 2;
}

TkBenchProcess
tk_bench_run_process (const char * const *argv)
{
  posix_spawn_file_actions_t actions;
  struct rusage usage = { 0 };
  TkBenchProcess cost = { 0 };
  gint64 start;
  pid_t pid;
  int status = 0;
  int rc;

  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  start = g_get_monotonic_time ();
  rc = posix_spawnp (&pid, argv[0], &actions, NULL, (char * const *) argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  if (rc != 0)
    g_error ("cannot run %s: %s", argv[0], g_strerror (rc));
  while (wait4 (pid, &status, 0, &usage) < 0)
    if (errno != EINTR)
      g_error ("wait4: %s", g_strerror (errno));
  cost.wall_ms = (g_get_monotonic_time () - start) / 1000.0;
  cost.peak_mib = usage.ru_maxrss / 1024.0;
  cost.cpu_ms = usage.ru_utime.tv_sec * 1000.0 + usage.ru_utime.tv_usec / 1000.0 +
                usage.ru_stime.tv_sec * 1000.0 + usage.ru_stime.tv_usec / 1000.0;
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_autofree char *command = g_strjoinv (" ", (char **) argv);

      g_error ("%s failed (status %d)", command, status);
    }
  return cost;
}

double
tk_bench_load_average (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return -1;
  return g_ascii_strtod (text, NULL);
}
