/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bench.h — small helpers shared by the benchmark programs. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sorts @samples (in place) and returns the median. */
double tk_bench_median     (GArray *samples);
/* The p-th percentile (0..100) of @samples, sorted in place. */
double tk_bench_percentile (GArray *samples,
                            double  p);

/* What one child process cost, as wait4() counts it. */
typedef struct
{
  double wall_ms;
  double cpu_ms;     /* user + system, all its threads */
  double peak_mib;   /* peak resident memory */
} TkBenchProcess;

/* Runs @argv (argv[0] looked up in PATH) to its end with its standard output thrown away
 * (standard error kept) and returns what it cost; a failure to run, or an exit status other
 * than 0, ends this program. */
TkBenchProcess tk_bench_run_process (const char * const *argv);
/* The load average over the last minute, as the kernel counts it (-1 if unknown). */
double         tk_bench_load_average (void);

G_END_DECLS
