/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-clock.c — the turn clock on the command line: `session show` prints it, and
 * `session clock ID next|to SEAT|pause|resume|limits TURN_S BANK_S` presses it. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-cli.h"
#include "tk-session-turns.h"

void
tk_cli_print_clock (TkSession *session)
{
  const TkTurnClock *clock = tk_session_get_turn_clock (session);
  gint64 now = tk_session_get_clock_now (session);
  int active = tk_turn_clock_get_active (clock);
  JsonObject *setup = tk_session_get_setup (session);

  if (active < 0)
    return;
  if (tk_session_turns_live (session))
    g_print (_("Turn clock: running\n"));
  else if (tk_session_clock_is_suspended (session))
    g_print (_("Turn clock: stopped when the session closed\n"));
  else
    g_print (_("Turn clock: paused\n"));
  for (guint seat = 0; seat < tk_turn_clock_get_n_players (clock); seat++)
    {
      g_autofree char *total = tk_turn_clock_format (tk_turn_clock_get_total_ms (clock, seat, now));
      g_autofree char *turns = NULL;
      guint n_turns;

      tk_turn_clock_get_turns (clock, seat, &n_turns);
      if (tk_turn_clock_in_turn (clock, seat))
        n_turns++;
      turns = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn", "%u turns", n_turns),
                               n_turns);
      /* Translators: a player's clock: name, whole time, "3 turns" */
      g_print (_("  %s %s (%s)"), tk_rules_setup_player_name (setup, seat), total, turns);
      if (tk_turn_clock_in_turn (clock, seat))
        {
          g_autofree char *turn = tk_turn_clock_format (tk_turn_clock_get_turn_ms (clock, now));

          /* Translators: after the clock of the player whose turn it is */
          g_print (_(" — this turn %s"), turn);
        }
      g_print ("\n");
    }
  if (tk_turn_clock_get_last_finisher (clock) >= 0 && tk_turn_clock_is_rounds (clock))
    g_print (_("Last round: %s finished last\n"),
             tk_rules_setup_player_name (setup, tk_turn_clock_get_last_finisher (clock)));
}

int
tk_cli_session_clock (TkSession  *session,
                      int         argc,
                      char      **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) action = NULL;
  guint64 a = 0, b = 0;
  const char *what = argc > 0 ? argv[0] : "";

  if (g_str_equal (what, "next") && argc == 1)
    action = tk_session_turns_pass_action (session, -1);
  else if (g_str_equal (what, "to") && argc == 2 &&
           g_ascii_string_to_unsigned (argv[1], 10, 1, tk_session_get_n_players (session), &a, NULL))
    action = tk_session_turns_pass_action (session, (int) a - 1);
  else if ((g_str_equal (what, "pause") && tk_session_turns_live (session)) ||
           (g_str_equal (what, "resume") && !tk_session_turns_live (session)))
    action = tk_session_turns_toggle_action (session);
  else if (g_str_equal (what, "limits") && argc == 3 &&
           g_ascii_string_to_unsigned (argv[1], 10, 0, 86400, &a, NULL) &&
           g_ascii_string_to_unsigned (argv[2], 10, 0, 86400, &b, NULL))
    action = tk_session_turns_limits_action (a, b);
  else if (g_str_equal (what, "pause") || g_str_equal (what, "resume"))
    {
      g_printerr ("%s", g_str_equal (what, "pause")
                        ? _("tablekeeper-cli: the turn clock is not running\n")
                        : _("tablekeeper-cli: the turn clock is already running\n"));
      return 1;
    }
  else
    {
      g_printerr (_("Usage: tablekeeper-cli session clock ID next|to SEAT|pause|resume|"
                    "limits TURN_S BANK_S\n(SEAT counts from 1)\n"));
      return 2;
    }
  if (!tk_session_apply (session, action, &error))
    {
      g_printerr (_("tablekeeper-cli: refused: %s\n"), error->message);
      return 1;
    }
  tk_cli_print_clock (session);
  return 0;
}
