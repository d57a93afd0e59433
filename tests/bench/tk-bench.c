/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bench.c — statistics over benchmark samples. */
#include "config.h"

#include "tk-bench.h"

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
