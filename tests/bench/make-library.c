/* SPDX-License-Identifier: GPL-3.0-or-later */
/* make-library.c — writes the benchmarks' realistic library (tk-bench-library.c) to a file,
 * to look at it or to run the app on it.
 *
 * Usage: make-library PATH N
 */
#include "config.h"

#include "tk-bench-library.h"

int
main (int    argc,
      char **argv)
{
  gint64 n;

  if (argc != 3 || (n = g_ascii_strtoll (argv[2], NULL, 10)) <= 0)
    {
      g_printerr ("usage: make-library PATH N\n");
      return 2;
    }
  if (g_file_test (argv[1], G_FILE_TEST_EXISTS))
    {
      g_printerr ("make-library: “%s” exists\n", argv[1]);
      return 1;
    }
  tk_bench_make_library (argv[1], n);
  return 0;
}
