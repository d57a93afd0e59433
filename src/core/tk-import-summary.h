/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-import-summary.h — what an import of games did, for the CLI's and the app's report. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What an import did with the games of a file.  Every game read counts once as added,
 * updated or matched; a title in @ambiguous could stand for more than one game: the file's
 * games were paired with the library's in order (see docs/formats.md). */
typedef struct
{
  guint      n_read;     /* games (rows) in the file */
  guint      n_added;    /* new games in the library */
  guint      n_updated;  /* games the user had added or imported before, updated */
  guint      n_matched;  /* catalog games, whose facts stay the catalog's: only the entry */
  GPtrArray *ambiguous;  /* titles (char *), each once, in file order; NULL when none */
} TkImportSummary;

void          tk_import_summary_clear      (TkImportSummary    *summary);
/* Hands @from's figures and titles to @to (cleared first); @from is left empty. */
void          tk_import_summary_move       (TkImportSummary    *to,
                                            TkImportSummary    *from);
/* Notes @title as ambiguous (once, case ignored). */
void          tk_import_summary_add_ambiguous (TkImportSummary *summary,
                                               const char      *title);
/* For the record of an import: "12 added, 3 updated, 485 matched to the catalog". */
char         *tk_import_summary_describe   (const TkImportSummary *summary);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TkImportSummary, tk_import_summary_clear)

G_END_DECLS
