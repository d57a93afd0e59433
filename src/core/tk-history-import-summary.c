/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-summary.c — the preview of a plays import in words, one fact a line,
 * the same for the CLI and the app's dialog. */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-display-date.h"
#include "tk-history-import.h"

/* Appends one line, when @n (what it counts) is not 0. */
static void
append_count (GString    *out,
              guint       n,
              const char *format,
              ...) G_GNUC_PRINTF (3, 4);

static void
append_count (GString    *out,
              guint       n,
              const char *format,
              ...)
{
  va_list args;

  if (n == 0)
    return;
  va_start (args, format);
  g_string_append_vprintf (out, format, args);
  va_end (args);
  g_string_append_c (out, '\n');
}

char *
tk_history_summary_describe (const TkHistorySummary *s)
{
  GString *out;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;

  g_return_val_if_fail (s != NULL, NULL);

  out = g_string_new (NULL);
  /* The dates as the app writes them everywhere ("4 May 2024"), not as the files do. */
  first = tk_display_date (s->first_date);
  last = tk_display_date (s->last_date);

  if (s->n_new == 0)
    append_count (out, 1, "%s", _("No new plays to import."));
  else if (g_strcmp0 (s->first_date, s->last_date) == 0)
    append_count (out, 1, g_dngettext (GETTEXT_PACKAGE, "%u play to import, on %s",
                                       "%u plays to import, on %s", s->n_new),
                  s->n_new, first);
  else
    append_count (out, 1, g_dngettext (GETTEXT_PACKAGE, "%u play to import, from %s to %s",
                                       "%u plays to import, from %s to %s", s->n_new),
                  s->n_new, first, last);
  append_count (out, s->n_games,
                g_dngettext (GETTEXT_PACKAGE, "%u game, %u of them new to the library",
                             "%u games, %u of them new to the library", s->n_games),
                s->n_games, s->n_new_games);
  append_count (out, s->n_people,
                g_dngettext (GETTEXT_PACKAGE, "%u player, %u of them new to the roster",
                             "%u players, %u of them new to the roster", s->n_people),
                s->n_people, s->n_new_people);
  append_count (out, s->n_known,
                g_dngettext (GETTEXT_PACKAGE, "Skipped: %u play already in the library",
                             "Skipped: %u plays already in the library", s->n_known),
                s->n_known);
  append_count (out, s->n_repeated,
                g_dngettext (GETTEXT_PACKAGE, "Skipped: %u play read twice (overlapping files)",
                             "Skipped: %u plays read twice (overlapping files)", s->n_repeated),
                s->n_repeated);
  append_count (out, s->n_deleted,
                g_dngettext (GETTEXT_PACKAGE, "Skipped: %u play deleted in BG Stats",
                             "Skipped: %u plays deleted in BG Stats", s->n_deleted),
                s->n_deleted);
  append_count (out, s->n_incomplete,
                g_dngettext (GETTEXT_PACKAGE,
                             "%u play is incomplete: it counts as a play, without a winner",
                             "%u plays are incomplete: they count as plays, without a winner",
                             s->n_incomplete), s->n_incomplete);
  append_count (out, s->n_no_win_stats,
                g_dngettext (GETTEXT_PACKAGE,
                             "%u play asks not to count wins: it counts as a play, "
                             "without a winner",
                             "%u plays ask not to count wins: they count as plays, "
                             "without a winner", s->n_no_win_stats), s->n_no_win_stats);
  append_count (out, s->n_clashes,
                g_dngettext (GETTEXT_PACKAGE,
                             "%u play has two players of one name: the second is numbered, "
                             "rename them below",
                             "%u plays have two players of one name: the second is numbered, "
                             "rename them below", s->n_clashes), s->n_clashes);
  append_count (out, s->n_missing,
                g_dngettext (GETTEXT_PACKAGE,
                             "Missing: BoardGameGeek has %u more play on pages not read",
                             "Missing: BoardGameGeek has %u more plays on pages not read",
                             s->n_missing), s->n_missing);
  return g_string_free (out, FALSE);
}
