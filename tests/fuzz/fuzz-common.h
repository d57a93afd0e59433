/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-common.h — what every libFuzzer harness of tests/fuzz shares.
 *
 * One in-memory library per fuzzing process (opening one and running the migrations costs
 * far more than an import), seeded once with a few games, a catalog-less collection entry
 * and a play, so that the importers' update paths run too.  Each input runs inside an outer
 * transaction that is rolled back at the end: every input sees the same library, and the
 * importers' own transactions become savepoints.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tk-collection.h"
#include "tk-store.h"

G_BEGIN_DECLS

#define TK_FUZZ_MAX_TABLES 32

typedef struct
{
  guint  n_tables;
  gint64 rows[TK_FUZZ_MAX_TABLES];
} TkFuzzCounts;

/* The process's library, opened and seeded on the first call. */
TkCollection *tk_fuzz_collection      (void);
TkStore      *tk_fuzz_store           (void);

/* Starts and ends one input (the end rolls everything back and checks that it did). */
void          tk_fuzz_begin           (void);
void          tk_fuzz_end             (void);

/* Row counts of every table (one cached statement). */
void          tk_fuzz_count           (TkFuzzCounts       *counts);

/* After an importer returned @ok: a refusal must carry an error and leave every table as
 * @before was; a success must not leave an error behind, nor any text in the library that
 * the one text check (tk-text.h) refuses.  Aborts otherwise. */
void          tk_fuzz_check_result    (const char         *what,
                                       gboolean            ok,
                                       GError            **error,
                                       const TkFuzzCounts *before);

G_END_DECLS
