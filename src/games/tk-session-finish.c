/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-finish.c — finishing a session into a play, or abandoning it. */
#define G_LOG_DOMAIN "tk-session"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-session-private.h"
#include "tk-plays.h"

/* ---- finish ---- */

static TkPlay *
build_play (TkSession  *self,
            const char *played_on,
            const char *location,
            const char *expansions,
            gint64      now,
            gint64      elapsed)
{
  g_autoptr(JsonObject) score = tk_session_score (self);
  JsonArray *players = json_object_get_array_member (score, "players");
  TkPlay *play = tk_play_new ();
  g_autofree char *today = NULL;

  if (played_on == NULL)
    {
      g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (now / 1000);
      today = g_date_time_format (date, "%Y-%m-%d");
      played_on = today;
    }
  tk_play_set_game_id (play, self->game_id);
  tk_play_set_game_title (play, self->title);
  tk_play_set_played_on (play, played_on);
  tk_play_set_duration_min (play, (int) MIN ((elapsed + 30000) / 60000, G_MAXINT));
  tk_play_set_location (play, location);
  tk_play_set_expansions (play, expansions);
  tk_play_set_notes (play, self->notes);
  tk_play_set_session_id (play, self->id);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      JsonNode *total = json_object_get_member (p, "total");
      guint seat = json_object_get_int_member (p, "seat");
      TkPlayPlayer player = { 0 };

      player.seat = seat;
      player.player_id = tk_rules_setup_player_id (self->setup, seat);
      player.name = (char *) tk_rules_setup_player_name (self->setup, seat);
      player.colour = (char *) tk_rules_setup_player_colour (self->setup, seat);
      player.has_score = total != NULL && JSON_NODE_HOLDS_VALUE (total);
      player.score = player.has_score ? json_node_get_double (total) : 0;
      player.rank = json_object_get_int_member_with_default (p, "rank", 0);
      player.winner = json_object_get_boolean_member_with_default (p, "winner", FALSE);
      player.first_play = tk_plays_is_first_play (self->store, self->game_id, player.player_id);
      tk_play_add_player (play, &player);
    }
  return play;
}

static gboolean
close_session (TkSession   *self,
               const char  *status,
               gint64       now,
               gint64       elapsed,
               GError     **error)
{
  sqlite3_stmt *stmt;

  stmt = tk_store_prepare (self->store, "UPDATE sessions SET status = ?2, finished_at = ?3,"
                                        " elapsed_ms = ?4, running_since = NULL WHERE id = ?1",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, self->id);
  sqlite3_bind_text (stmt, 2, status, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, now / 1000);
  sqlite3_bind_int64 (stmt, 4, elapsed);
  return tk_store_step_done (self->store, stmt, error);
}

static void
set_closed (TkSession  *self,
            const char *status,
            gint64      elapsed)
{
  gboolean could_undo = tk_session_can_undo (self);
  gboolean could_redo = tk_session_can_redo (self);
  gboolean was_running = self->running_since != 0;

  g_free (self->status);
  self->status = g_strdup (status);
  self->elapsed_ms = elapsed;
  self->running_since = 0;
  g_object_notify_by_pspec (G_OBJECT (self), _tk_session_properties[PROP_STATUS]);
  if (was_running)
    g_object_notify_by_pspec (G_OBJECT (self), _tk_session_properties[PROP_TIMER_RUNNING]);
  _tk_session_notify_history (self, could_undo, could_redo);
}

gboolean
tk_session_finish (TkSession   *self,
                   const char  *played_on,
                   const char  *location,
                   const char  *expansions,
                   gint64      *out_play_id,
                   GError     **error)
{
  g_autoptr(TkPlay) play = NULL;
  gint64 now, elapsed;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!_tk_session_check_open (self, error))
    return FALSE;
  now = _tk_session_clock ();
  elapsed = tk_session_get_elapsed_ms (self);
  play = build_play (self, played_on, location, expansions, now, elapsed);

  if (!tk_store_begin (self->store, error))
    return FALSE;
  if (!tk_plays_insert (self->store, play, error) ||
      !tk_session_clock_save_play (self, self->store, error) ||
      !close_session (self, "finished", now, elapsed, error))
    {
      tk_store_rollback (self->store);
      return FALSE;
    }
  if (!tk_store_commit (self->store, error))
    return FALSE;

  if (out_play_id != NULL)
    *out_play_id = tk_play_get_id (play);
  set_closed (self, "finished", elapsed);
  return TRUE;
}

gboolean
tk_session_abandon (TkSession  *self,
                    GError    **error)
{
  gint64 now, elapsed;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!_tk_session_check_open (self, error))
    return FALSE;
  now = _tk_session_clock ();
  elapsed = tk_session_get_elapsed_ms (self);
  if (!tk_store_begin (self->store, error))
    return FALSE;
  if (!close_session (self, "abandoned", now, elapsed, error))
    {
      tk_store_rollback (self->store);
      return FALSE;
    }
  if (!tk_store_commit (self->store, error))
    return FALSE;
  set_closed (self, "abandoned", elapsed);
  return TRUE;
}
