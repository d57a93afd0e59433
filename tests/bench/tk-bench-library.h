/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bench-library.h — a realistic generated library for the benchmarks. */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

/* Writes a new library at @path with @n games in all (the bundled catalog, then imported
 * games with tags, collection entries and plays); exits the program on any failure. */
void tk_bench_make_library (const char *path,
                            gint64      n);

/* Removes the library file at @path with its -wal and -shm files, where there. */
void tk_bench_remove_library (const char *path);
/* Copies the library file at @from (checkpointed: no -wal) to @to; exits on failure. */
void tk_bench_copy_library   (const char *from,
                              const char *to);

G_END_DECLS
