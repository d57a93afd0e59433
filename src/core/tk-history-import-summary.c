/* tk-history-import-summary.c — the preview of a plays import in words, one fact a line,
 * the same for the CLI and the app's dialog. */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-history-import.h"

static void
append_line (GString    *out,
             const char *line)
{
  g_string_append (out, line);
  g_string_append_c (out, '\n');
}


char *
tk_history_summary_describe (const TkHistorySummary *s)
{
  GString *out = g_string_new (NULL);
  g_autofree char *line = NULL;

  g_return_val_if_fail (s != NULL, NULL);

  if (s->n_new == 0)
    append_line (out, _("No new plays to import."));
  else if (g_strcmp0 (s->first_date, s->last_date) == 0)
    {
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u play to import, on %s", "%u plays to import, on %s",
                                 s->n_new), s->n_new, s->first_date);
      append_line (out, line);
    }
  else
    {
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u play to import, from %s to %s",
                                 "%u plays to import, from %s to %s", s->n_new),
                              s->n_new, s->first_date, s->last_date);
      append_line (out, line);
    }
  if (s->n_games > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u game, %u of them new to the library",
                                 "%u games, %u of them new to the library", s->n_games),
                              s->n_games, s->n_new_games);
      append_line (out, line);
    }
  if (s->n_people > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u player, %u of them new to the roster",
                                 "%u players, %u of them new to the roster", s->n_people),
                              s->n_people, s->n_new_people);
      append_line (out, line);
    }
  if (s->n_known > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Skipped: %u play already in the library",
                                 "Skipped: %u plays already in the library", s->n_known),
                              s->n_known);
      append_line (out, line);
    }
  if (s->n_repeated > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Skipped: %u play read twice (overlapping files)",
                                 "Skipped: %u plays read twice (overlapping files)",
                                 s->n_repeated), s->n_repeated);
      append_line (out, line);
    }
  if (s->n_deleted > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Skipped: %u play deleted in BG Stats",
                                 "Skipped: %u plays deleted in BG Stats", s->n_deleted),
                              s->n_deleted);
      append_line (out, line);
    }
  if (s->n_incomplete > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u play is incomplete: it counts as a play, without a winner",
                                 "%u plays are incomplete: they count as plays, without a winner",
                                 s->n_incomplete), s->n_incomplete);
      append_line (out, line);
    }
  if (s->n_no_win_stats > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u play asks not to count wins: it counts as a play, "
                                 "without a winner",
                                 "%u plays ask not to count wins: they count as plays, "
                                 "without a winner", s->n_no_win_stats), s->n_no_win_stats);
      append_line (out, line);
    }
  if (s->n_missing > 0)
    {
      g_free (line);
      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Missing: BoardGameGeek has %u more play on pages not read",
                                 "Missing: BoardGameGeek has %u more plays on pages not read",
                                 s->n_missing), s->n_missing);
      append_line (out, line);
    }
  return g_string_free (out, FALSE);
}
