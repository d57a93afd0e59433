/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-import-summary.c — what an import of games did, in words. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-import-summary.h"

void
tk_import_summary_clear (TkImportSummary *summary)
{
  g_clear_pointer (&summary->ambiguous, g_ptr_array_unref);
  summary->n_read = summary->n_added = summary->n_updated = summary->n_matched = 0;
}

void
tk_import_summary_move (TkImportSummary *to,
                        TkImportSummary *from)
{
  tk_import_summary_clear (to);
  *to = *from;
  memset (from, 0, sizeof *from);
}

void
tk_import_summary_add_ambiguous (TkImportSummary *summary,
                                 const char      *title)
{
  if (summary->ambiguous == NULL)
    summary->ambiguous = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < summary->ambiguous->len; i++)
    if (g_ascii_strcasecmp (g_ptr_array_index (summary->ambiguous, i), title) == 0)
      return;
  g_ptr_array_add (summary->ambiguous, g_strdup (title));
}

char *
tk_import_summary_describe (const TkImportSummary *summary)
{
  g_return_val_if_fail (summary != NULL, NULL);

  /* TRANSLATORS: after an import of games: how many became new games, how many games the
   * user already had were updated, how many were catalog games (their facts stay) */
  return g_strdup_printf (_("%u new, %u updated, %u matched to the catalog"),
                          summary->n_added, summary->n_updated, summary->n_matched);
}
