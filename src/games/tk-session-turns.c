/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-turns.c — the turn clock's actions and the play's times. */
#define G_LOG_DOMAIN "tk-session-turns"

#include "config.h"

#include "tk-play-times.h"
#include "tk-rules-json.h"
#include "tk-session-turns.h"

static JsonObject *
timed_action (const char *type,
              gint64      at)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", type);
  json_object_set_int_member (action, "at", at);
  return action;
}

JsonObject *
tk_session_turns_pass_action (TkSession *session,
                              int        to)
{
  const TkTurnClock *clock = tk_session_get_turn_clock (session);
  gboolean suspended = tk_session_clock_is_suspended (session);
  JsonObject *action = timed_action ("table.clock.pass", tk_session_now_ms ());

  if (to < 0)
    {
      /* The first turn goes to the first player when one was chosen. */
      int first = tk_session_get_first_seat (session);

      to = tk_turn_clock_get_active (clock) < 0 && first >= 0 ? first
           : (int) tk_turn_clock_next_seat (clock);
    }
  json_object_set_int_member (action, "to", to);
  if (suspended)
    json_object_set_boolean_member (action, "resume", TRUE);
  return action;
}

JsonObject *
tk_session_turns_toggle_action (TkSession *session)
{
  gint64 now = tk_session_now_ms ();

  if (tk_session_turns_live (session))
    return timed_action ("table.clock.pause", now);
  if (!tk_session_turns_started (session))
    return tk_session_turns_pass_action (session, -1);
  return timed_action ("table.clock.resume", now);
}

gboolean
tk_session_turns_close (TkSession  *session,
                        GError    **error)
{
  g_return_val_if_fail (TK_IS_SESSION (session), FALSE);

  if (g_strcmp0 (tk_session_get_status (session), "open") != 0)
    return TRUE;
  if (tk_session_turns_live (session))
    {
      g_autoptr(JsonObject) pause = timed_action ("table.clock.pause", tk_session_now_ms ());

      json_object_set_boolean_member (pause, "closed", TRUE);
      if (!tk_session_apply (session, pause, error))
        return FALSE;
    }
  return tk_session_timer_pause (session, error);
}

JsonObject *
tk_session_turns_limits_action (guint turn_s,
                                guint bank_s)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "table.clock.limits");
  json_object_set_int_member (action, "turn_s", turn_s);
  json_object_set_int_member (action, "bank_s", bank_s);
  return action;
}

gboolean
tk_session_turns_started (TkSession *session)
{
  return tk_turn_clock_get_active (tk_session_get_turn_clock (session)) >= 0;
}

gboolean
tk_session_turns_live (TkSession *session)
{
  return tk_turn_clock_is_running (tk_session_get_turn_clock (session)) &&
         !tk_session_clock_is_suspended (session) &&
         g_strcmp0 (tk_session_get_status (session), "open") == 0;
}

JsonObject *
tk_session_turns_to_json (TkSession *session)
{
  JsonObject *object = tk_turn_clock_to_json (tk_session_get_turn_clock (session),
                                              tk_session_get_clock_now (session));
  JsonArray *players = json_object_get_array_member (object, "players");
  JsonObject *setup = tk_session_get_setup (session);

  json_object_set_boolean_member (object, "suspended", tk_session_clock_is_suspended (session));
  for (guint i = 0; i < json_array_get_length (players); i++)
    json_object_set_string_member (json_array_get_object_element (players, i), "name",
                                   tk_rules_setup_player_name (setup, i));
  return object;
}

gboolean
tk_session_clock_save_play (TkSession  *session,
                            TkStore    *store,
                            GError    **error)
{
  const TkTurnClock *clock = tk_session_get_turn_clock (session);
  gint64 now = tk_session_get_clock_now (session);
  if (tk_turn_clock_get_active (clock) < 0)
    return TRUE;
  for (guint seat = 0; seat < tk_turn_clock_get_n_players (clock); seat++)
    {
      guint n;
      const gint64 *turns = tk_turn_clock_get_turns (clock, seat, &n);
      g_autoptr(GArray) all = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n + 1);

      g_array_append_vals (all, turns, n);
      /* the turn under way when the game ended is the player's last */
      if (tk_turn_clock_in_turn (clock, seat))
        {
          gint64 last = tk_turn_clock_get_turn_ms (clock, now);

          if (last > 0 || !tk_turn_clock_is_rounds (clock))
            g_array_append_val (all, last);
        }
      if (!tk_play_times_save (store, tk_session_get_id (session), seat,
                               (const gint64 *) all->data, all->len, error))
        return FALSE;
    }
  return TRUE;
}
