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

G_END_DECLS
