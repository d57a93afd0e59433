/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel-turn.c — the Metromania panel: the turn being entered.  Checks a
 * candidate turn with the engine (the model takes it, on the session's own state) or says
 * why not, finds where a line ends now, holds Finish Turn, Take Back, Dead End and
 * Pass, and shows the turn (drafted on the board, the ring at the line's end, the count,
 * which buttons apply).  The taps on the board (tk-metromania-panel-taps.c) build candidates
 * with these; the turn itself is a TkMetromaniaTurn (tk-metromania-turn.c).
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-panel-private.h"

/* ---- the turn being entered ---- */

gboolean
mmp_check_turn (TkMetromaniaPanel *self,
                TkMetromaniaTurn  *turn,
                gboolean           quiet)
{
  g_autoptr(JsonObject) action = tk_metromania_turn_to_action (turn);
  g_autoptr(GError) error = NULL;

  if (tk_metromania_model_check (self->model, action, &error))
    return TRUE;
  if (!quiet)
    tk_game_panel_show_message (TK_GAME_PANEL (self), error->message);
  return FALSE;
}

/* Takes @candidate as the turn when the engine accepts it; otherwise shows why and keeps the
 * turn as it was. */
gboolean
mmp_try_turn (TkMetromaniaPanel *self,
              TkMetromaniaTurn  *candidate)
{
  g_autoptr(GError) error = NULL;

  /* taken, the model's notification shows it */
  if (!tk_metromania_model_try_turn (self->model, candidate, &error))
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self), error->message);
      return FALSE;
    }
  return TRUE;
}

TkMetromaniaTurn *
mmp_candidate_turn (TkMetromaniaPanel *self)
{
  if (mmp_turn (self) != NULL)
    return tk_metromania_turn_copy (mmp_turn (self));
  return tk_metromania_turn_new (tk_metromania_model_get_turn_seat (self->model));
}

/* Where line @style of the player to move ends now: this turn's tunnels, else the board. */
gboolean
mmp_current_end (TkMetromaniaPanel *self,
                 guint              style,
                 TkMetroPoint      *end)
{
  JsonArray *path;

  if (mmp_turn (self) != NULL && tk_metromania_turn_line_end (mmp_turn (self), style, end))
    return TRUE;
  path = tk_metromania_model_get_turn_line_path (self->model, style);
  if (path == NULL || json_array_get_length (path) == 0)
    return FALSE;
  return tk_metromania_point_from_json (json_array_get_element (path,
                                                                json_array_get_length (path) - 1),
                                        end);
}

/* Can the game take a turn now?  Says why not. */
gboolean
mmp_can_play (TkMetromaniaPanel *self)
{
  if (!tk_metromania_model_is_dealt (self->model))
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self), _("Record the deal of the destination "
                                                       "markers first."));
      return FALSE;
    }
  if (tk_metromania_model_is_over (self->model))
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self), _("The building is over."));
      return FALSE;
    }
  return TRUE;
}

void
mmp_on_done_clicked (TkMetromaniaPanel *self)
{
  /* refused, the turn is kept as it was (and shown again through the model's notification) */
  tk_metromania_model_finish_turn (self->model);
}

void
mmp_on_remove_clicked (TkMetromaniaPanel *self)
{
  tk_metromania_model_take_back (self->model);
}

void
mmp_on_dead_end_clicked (TkMetromaniaPanel *self)
{
  TkMetromaniaTurn *candidate;

  if (!mmp_can_play (self))
    return;
  candidate = mmp_candidate_turn (self);
  tk_metromania_turn_set_dead_end (candidate, self->style);
  mmp_try_turn (self, candidate);
}

void
mmp_on_pass_clicked (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "pass");
  json_object_set_int_member (action, "seat", tk_metromania_model_get_turn_seat (self->model));
  tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

/* ---- showing the turn ---- */

void
mmp_update_turn (TkMetromaniaPanel *self)
{
  g_autoptr(GArray) segments = NULL;
  g_autoptr(GArray) stations = NULL;
  TkMetroPoint end;
  guint n = mmp_turn (self) != NULL ? tk_metromania_turn_n_tunnels (mmp_turn (self)) : 0;
  gboolean empty = mmp_turn (self) == NULL || tk_metromania_turn_is_empty (mmp_turn (self));
  gboolean playing = tk_metromania_model_is_playing (self->model);
  gboolean can_dig = FALSE;
  g_autofree char *text = NULL;

  if (mmp_turn (self) != NULL)
    {
      segments = tk_metromania_turn_segments (mmp_turn (self));
      stations = tk_metromania_turn_station_points (mmp_turn (self));
      tk_metromania_board_view_set_draft (self->board, (TkMetromaniaSegment *) segments->data,
                                          segments->len, (TkMetroPoint *) stations->data,
                                          stations->len);
    }
  else
    tk_metromania_board_view_set_draft (self->board, NULL, 0, NULL, 0);

  /* The ring shows where the line goes on: not on a finished or blocked line. */
  if (playing && mmp_current_end (self, self->style, &end) && tk_metro_point_in_city (end) &&
      (g_strcmp0 (tk_metromania_model_get_turn_line_state (self->model, self->style),
                  "running") == 0 ||
       (mmp_turn (self) != NULL &&
        tk_metromania_turn_line_end (mmp_turn (self), self->style, &end))))
    tk_metromania_board_view_set_line_end (self->board, &end);
  else
    tk_metromania_board_view_set_line_end (self->board, NULL);

  for (guint l = 0; l < 2 && playing; l++)
    {
      const char *state = tk_metromania_model_get_turn_line_state (self->model, l);
      can_dig |= g_strcmp0 (state, "unstarted") == 0 || g_strcmp0 (state, "running") == 0;
    }

  if (!playing)
    text = g_strdup ("");
  else if (empty)
    text = g_strdup (_("Nothing entered yet this turn"));
  else if (tk_metromania_model_is_entry (self->model))
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tunnel entered",
                                         "%u tunnels entered", n), n);
  else
    /* TRANSLATORS: the tunnels of the turn being entered, of the 3 a turn digs */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of 3 tunnels this turn",
                                         "%u of 3 tunnels this turn", n), n);
  gtk_label_set_text (self->turn_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->remove_button), !empty);
  gtk_widget_set_sensitive (GTK_WIDGET (self->done_button), !empty && playing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->dead_end_button),
                            playing &&
                            g_strcmp0 (tk_metromania_model_get_turn_line_state (self->model,
                                                                                self->style),
                                       "running") == 0);
  /* The button's slot in the flow box, so a hidden Pass leaves no gap. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->pass_button)),
                          playing && !can_dig);
}
