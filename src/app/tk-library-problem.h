/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-library-problem.h — in the window, in place of the pages: why the library cannot be
 * opened and the ways on that fit the reason. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The ways on, each an app action; which ones fit depends on the reason. */
typedef enum
{
  TK_LIBRARY_WAY_RETRY     = 1 << 0,   /* app.retry-library: busy, full disk, … */
  TK_LIBRARY_WAY_READ_ONLY = 1 << 1,   /* app.open-library-read-only */
  TK_LIBRARY_WAY_COPY      = 1 << 2,   /* app.copy-library: copy it where it can change */
  TK_LIBRARY_WAY_OPEN      = 1 << 3,   /* app.open-library: another file */
  TK_LIBRARY_WAY_NEW       = 1 << 4,   /* app.new-library: set the file aside, start afresh */
} TkLibraryWays;

#define TK_TYPE_LIBRARY_PROBLEM (tk_library_problem_get_type ())
G_DECLARE_FINAL_TYPE (TkLibraryProblem, tk_library_problem, TK, LIBRARY_PROBLEM, AdwBin)

TkLibraryWays tk_library_problem_ways_for (const char       *path,
                                           const GError     *error,
                                           gboolean          read_only_failed);

GtkWidget    *tk_library_problem_new      (void);
void          tk_library_problem_show     (TkLibraryProblem *self,
                                           const GError     *error,
                                           TkLibraryWays     ways);

G_END_DECLS
