/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-view-actions.c — the session view's session.* actions: undo and redo, a round,
 * a score, the co-op result, the first player, the timer, the ledger, and finishing or
 * abandoning the session through its confirmation dialogs.  Each goes through the
 * TkSession; the view redraws from its ::changed signal.
 */
#define G_LOG_DOMAIN "tk-session-view"

#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tk-date-row.h"
#include "tk-ledger-dialog.h"
#include "tk-session-turns.h"
#include "tk-session-view-private.h"
#include "tk-text-limit.h"

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return;
  if (!tk_session_undo (self->session, &error))
    _tk_session_view_show_message (self, error->message);
  else if (self->last_toast != NULL)
    _tk_session_view_show_toast (self, _("Undone"), FALSE);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return;
  if (!tk_session_redo (self->session, &error))
    _tk_session_view_show_message (self, error->message);
  else
    _tk_session_view_show_undo_toast (self);
}

static void
add_round_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(JsonObject) action = json_object_new ();
  JsonArray *scores = json_array_new ();

  if (self->session == NULL)
    return;
  for (guint i = 0; i < tk_session_get_n_players (self->session); i++)
    json_array_add_null_element (scores);
  json_object_set_string_member (action, "type", "add_round");
  json_object_set_array_member (action, "scores", scores);
  /* the keyboard goes on to the new round's first cell, where its scores are typed */
  self->focus_after = (int) (self->n_rounds * tk_session_get_n_players (self->session));
  if (!_tk_session_view_apply_action (self, action))
    self->focus_after = -1;
}

static void
set_score_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(JsonObject) action = json_object_new ();
  guint round, seat;
  double points;

  g_variant_get (parameter, "(uud)", &round, &seat, &points);
  if (self->session == NULL)
    return;
  /* the keyboard goes on to the next player's cell of the round (after the last one, to Add
   * Round), as a score pad is filled in */
  if (round >= 1)
    self->focus_after = (int) ((round - 1) * tk_session_get_n_players (self->session) + seat + 1);
  json_object_set_string_member (action, "type", "set_score");
  json_object_set_int_member (action, "round", round);
  json_object_set_int_member (action, "seat", seat);
  if (points == (double) (gint64) points)
    json_object_set_int_member (action, "points", (gint64) points);
  else
    json_object_set_double_member (action, "points", points);
  if (!_tk_session_view_apply_action (self, action))
    self->focus_after = -1;
}

static void
coop_result_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(JsonObject) action = json_object_new ();
  g_autoptr(JsonObject) score = NULL;
  const char *result = g_variant_get_string (parameter, NULL);

  if (self->session == NULL)
    return;
  score = tk_session_score (self->session);
  /* The toggle shows the state again after a click on the current result. */
  if (json_object_has_member (score, "coop") &&
      g_strcmp0 (json_object_get_string_member (score, "coop"), result) == 0)
    {
      _tk_session_view_rebuild (self);
      return;
    }
  json_object_set_string_member (action, "type", "coop_result");
  json_object_set_string_member (action, "result", result);
  if (!_tk_session_view_apply_action (self, action))
    _tk_session_view_rebuild (self);
}

static void
pick_first_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return;
  if (!tk_session_pick_first_player (self->session, g_random_int (), &error))
    _tk_session_view_show_message (self, error->message);
  else
    {
      _tk_session_view_rebuild (self);
      _tk_session_view_show_undo_toast (self);
    }
}

static void
toggle_timer_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->session == NULL)
    return;
  if (tk_session_timer_is_running (self->session))
    ok = tk_session_timer_pause (self->session, &error);
  else
    ok = tk_session_timer_start (self->session, &error);
  if (!ok)
    _tk_session_view_show_message (self, error->message);
  /* One pause for the table: a turn clock under way pauses and goes on with the timer. */
  else if (tk_session_turns_started (self->session) &&
           tk_session_timer_is_running (self->session) != tk_session_turns_live (self->session))
    {
      g_autoptr(JsonObject) toggle = tk_session_turns_toggle_action (self->session);

      _tk_session_view_apply_action (self, toggle);
    }
  _tk_session_view_update_timer_source (self);
}

/* Writes the play of @date ("YYYY-MM-DD") at @location (blank: none) and closes the
 * session. */
static void
finish_now (TkSessionView *self,
            const char    *date,
            const char    *location)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *place = g_strstrip (g_strdup (location != NULL ? location : ""));
  gint64 play_id = 0;

  if (self->session == NULL)
    return;
  _tk_session_view_flush_notes (self);
  if (!tk_session_finish (self->session, date, *place != '\0' ? place : NULL, NULL,
                          &play_id, &error))
    {
      _tk_session_view_show_message (self, error->message);
      return;
    }
  _tk_session_view_update_actions (self);
  _tk_session_view_update_timer_source (self);
  g_signal_emit (self, _tk_session_view_signals[FINISHED], 0, play_id);
}

static void
on_finish_response (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  TkSessionView *self = TK_SESSION_VIEW (user_data);
  TkDateRow *date_row = g_object_get_data (G_OBJECT (dialog), "date-row");
  GtkEditable *location_entry = g_object_get_data (G_OBJECT (dialog), "location-entry");

  if (g_strcmp0 (response, "finish") != 0 || self->session == NULL)
    return;
  finish_now (self, tk_date_row_get_date (date_row), gtk_editable_get_text (location_entry));
}

static void
on_abandon_response (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  TkSessionView *self = TK_SESSION_VIEW (user_data);
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "abandon") != 0 || self->session == NULL)
    return;
  _tk_session_view_flush_notes (self);
  if (!tk_session_abandon (self->session, &error))
    {
      _tk_session_view_show_message (self, error->message);
      return;
    }
  _tk_session_view_update_actions (self);
  _tk_session_view_update_timer_source (self);
  g_signal_emit (self, _tk_session_view_signals[ABANDONED], 0);
}

static GtkWidget *
confirm_dialog (TkSessionView *self,
                const char    *heading,
                const char    *body,
                const char    *response,
                const char    *label,
                AdwResponseAppearance appearance)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    response, label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response, appearance);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), response);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  return dialog;
}

static void
on_location_activated (AdwEntryRow      *row,
                       AdwMessageDialog *dialog)
{
  adw_message_dialog_response (dialog, "finish");
  gtk_window_close (GTK_WINDOW (dialog));
}

static void
present_finish_dialog (TkSessionView *self)
{
  GtkWidget *dialog;

  dialog = confirm_dialog (self, _("Finish the Game?"),
                           _("The play is written into the history with the scores shown, and the session closes."),
                           "finish", _("_Finish"), ADW_RESPONSE_SUGGESTED);
  {
    GtkWidget *list = gtk_list_box_new ();
    GtkWidget *date_row = tk_date_row_new ();
    GtkWidget *location_row = adw_entry_row_new ();

    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (list, "boxed-list");
    gtk_widget_set_name (date_row, "finish-date");
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (location_row), _("Location (optional)"));
    gtk_widget_set_name (location_row, "finish-location");
    tk_text_limit_editable (GTK_EDITABLE (location_row), TK_TEXT_LINE);
    /* Enter in the last field finishes, as the dialog's default response would. */
    g_signal_connect_object (location_row, "entry-activated", G_CALLBACK (on_location_activated),
                             dialog, 0);
    gtk_list_box_append (GTK_LIST_BOX (list), date_row);
    gtk_list_box_append (GTK_LIST_BOX (list), location_row);
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
    g_object_set_data (G_OBJECT (dialog), "date-row", date_row);
    g_object_set_data (G_OBJECT (dialog), "location-entry", location_row);
  }
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_finish_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_not_over_response (AdwMessageDialog *dialog,
                      const char       *response,
                      gpointer          user_data)
{
  TkSessionView *self = TK_SESSION_VIEW (user_data);

  if (g_strcmp0 (response, "finish") == 0 && self->session != NULL)
    present_finish_dialog (self);
}

static void
finish_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(JsonObject) score = NULL;
  gboolean known = FALSE;

  if (self->session == NULL)
    return;
  /* A game its engine does not consider over is finished only when the players say so. */
  score = tk_session_score (self->session);
  if (!tk_end_card_score_is_over (score, &known) && known)
    {
      const TkRules *rules = tk_session_get_rules (self->session);
      g_autofree char *body =
        /* Translators: %s is the game's bookkeeper, e.g. "Agora" */
        g_strdup_printf (_("By the rules of %s the game is not over yet. Finish it anyway, with the scores as they stand now?"),
                         rules->get_name ());
      GtkWidget *dialog = confirm_dialog (self, _("The Game Is Not Over"), body,
                                          "finish", _("_Finish Anyway"),
                                          ADW_RESPONSE_DESTRUCTIVE);

      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      gtk_widget_set_name (dialog, "finish-not-over");
      g_signal_connect_object (dialog, "response", G_CALLBACK (on_not_over_response), self, 0);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  present_finish_dialog (self);
}

/* The end card's Finish: the game is over and the card shows what will be written, with
 * the day and the place picked there, so nothing is asked again. */
static void
finish_now_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  const char *date, *location;

  g_variant_get (parameter, "(&s&s)", &date, &location);
  finish_now (TK_SESSION_VIEW (widget), date, location);
}

static void
abandon_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  GtkWidget *dialog;

  if (self->session == NULL)
    return;
  dialog = confirm_dialog (self, _("Abandon the Game?"),
                           _("The session closes without writing a play into the history."),
                           "abandon", _("_Abandon"), ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_abandon_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_ledger_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->session == NULL)
    return;
  gtk_window_present (GTK_WINDOW (tk_ledger_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                        self->session)));
}

/* The part of a game panel where the current turn is recorded: its template marks it with
 * the style class "tk-turn-actions" (Metromania marks both its deal and its board's tools;
 * one of them is shown at a time). */
static GtkWidget *
find_turn_part (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (gtk_widget_has_css_class (widget, "tk-turn-actions"))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_turn_part (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Ctrl+T: the keyboard goes straight to the turn's actions instead of Tab after Tab through
 * the players, the clock and the board: a game panel's turn part, or on the score pad the
 * latest round's first cell (Add Round while there is none). */
static void
go_to_turn_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  GtkWidget *panel = adw_bin_get_child (self->panel_bin);

  if (self->session == NULL)
    return;
  if (panel != NULL && gtk_widget_get_visible (GTK_WIDGET (self->panel_bin)))
    {
      GtkWidget *turn = find_turn_part (panel);

      if (turn == NULL || !gtk_widget_child_focus (turn, GTK_DIR_TAB_FORWARD))
        gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD);
      return;
    }
  if (self->n_rounds > 0 && self->score_buttons->len > 0)
    {
      guint n_players = self->score_buttons->len / self->n_rounds;

      gtk_widget_grab_focus (g_ptr_array_index (self->score_buttons,
                                                (self->n_rounds - 1) * n_players));
    }
  else
    gtk_widget_grab_focus (self->add_round_button);
}

/* Called once from tk_session_view_class_init: the facet installs its own actions, so the
 * object's file names none of their handlers. */
void
_tk_session_view_class_actions_init (TkSessionViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "session.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "session.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "session.add-round", NULL, add_round_action);
  gtk_widget_class_install_action (widget_class, "session.set-score", "(uud)", set_score_action);
  gtk_widget_class_install_action (widget_class, "session.pick-first", NULL, pick_first_action);
  gtk_widget_class_install_action (widget_class, "session.coop-result", "s", coop_result_action);
  gtk_widget_class_install_action (widget_class, "session.toggle-timer", NULL, toggle_timer_action);
  gtk_widget_class_install_action (widget_class, "session.finish", NULL, finish_action);
  gtk_widget_class_install_action (widget_class, "session.finish-now", "(ss)", finish_now_action);
  gtk_widget_class_install_action (widget_class, "session.abandon", NULL, abandon_action);
  gtk_widget_class_install_action (widget_class, "session.show-ledger", NULL, show_ledger_action);
  gtk_widget_class_install_action (widget_class, "session.go-to-turn", NULL, go_to_turn_action);
}
