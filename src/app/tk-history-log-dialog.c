/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-log-dialog.c — log a play by hand, or edit or delete one.
 *
 * Game title, date, duration, location, notes and the players (name, score, winner) in
 * seat order; Save checks the play (tk_play_validate) and writes it with tk_plays_insert()
 * (or tk_plays_update() when editing), then emits ::saved.  Players are matched to the
 * roster by name (a new name joins it).  When editing, Delete removes the play with
 * tk_plays_delete() and emits ::deleted with the play as it was, so the caller can offer
 * Undo.  What the dialog does not show (session, expansions, colours, first plays, ranks
 * of unchanged players) is kept from the play being edited.  A play's details and its
 * score breakdown are TkPlayDetailsDialog's; this dialog only edits.
 */
#define G_LOG_DOMAIN "tk-history-log-dialog"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-history-log-dialog.h"
#include "tk-text-limit.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays.h"
#include "tk-session.h"

struct _TkHistoryLogDialog
{
  AdwWindow        parent_instance;

  TkStore         *store;
  TkPlay          *play;      /* the play being edited, NULL when logging a new one */

  AdwToastOverlay *toast_overlay;
  AdwEntryRow     *game_row;
  AdwEntryRow     *date_row;
  GtkSpinButton   *duration_spin;
  AdwEntryRow     *location_row;
  AdwEntryRow     *notes_row;
  GtkListBox      *players_list;
  GtkWidget       *delete_button;
};

enum
{
  SAVED,
  DELETED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkHistoryLogDialog, tk_history_log_dialog, ADW_TYPE_WINDOW)

static guint signals[N_SIGNALS];

static void
show_message (TkHistoryLogDialog *self,
              const char         *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  tk_accessible_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static GtkWidget *
add_player_row (TkHistoryLogDialog *self)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_entry_new ();
  GtkWidget *score = gtk_entry_new ();
  GtkWidget *winner = gtk_check_button_new_with_label (_("Won"));

  gtk_entry_set_placeholder_text (GTK_ENTRY (name), _("Name"));
  tk_text_limit_editable (GTK_EDITABLE (name), TK_TEXT_NAME);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (score), _("Score"));
  gtk_entry_set_input_purpose (GTK_ENTRY (score), GTK_INPUT_PURPOSE_NUMBER);
  gtk_editable_set_width_chars (GTK_EDITABLE (score), 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), score);
  gtk_box_append (GTK_BOX (box), winner);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_append (self->players_list, row);
  gtk_widget_grab_focus (name);
  return row;
}

/* The score entry of the @index-th player row, or NULL. */
static GtkWidget *
score_entry_at (TkHistoryLogDialog *self,
                guint               index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->players_list, (int) index);
  GtkWidget *box;

  if (row == NULL)
    return NULL;
  box = gtk_list_box_row_get_child (row);
  return gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
}

/* The original player of the edited play with that roster id (or name), or NULL. */
static const TkPlayPlayer *
original_player (TkHistoryLogDialog *self,
                 gint64              player_id,
                 const char         *name)
{
  if (self->play == NULL)
    return NULL;
  for (guint i = 0; i < tk_play_get_n_players (self->play); i++)
    {
      const TkPlayPlayer *p = tk_play_get_player (self->play, i);

      if ((player_id != 0 && p->player_id == player_id) ||
          (p->player_id == 0 && g_strcmp0 (p->name, name) == 0))
        return p;
    }
  return NULL;
}

static void
fill_from_play (TkHistoryLogDialog *self)
{
  GtkListBoxRow *old;
  const char *text;

  gtk_window_set_title (GTK_WINDOW (self), _("Edit Play"));
  gtk_editable_set_text (GTK_EDITABLE (self->game_row), tk_play_get_game_title (self->play));
  text = tk_play_get_played_on (self->play);
  gtk_editable_set_text (GTK_EDITABLE (self->date_row), text != NULL ? text : "");
  gtk_spin_button_set_value (self->duration_spin, MAX (tk_play_get_duration_min (self->play), 0));
  text = tk_play_get_location (self->play);
  gtk_editable_set_text (GTK_EDITABLE (self->location_row), text != NULL ? text : "");
  text = tk_play_get_notes (self->play);
  gtk_editable_set_text (GTK_EDITABLE (self->notes_row), text != NULL ? text : "");

  while ((old = gtk_list_box_get_row_at_index (self->players_list, 0)) != NULL)
    gtk_list_box_remove (self->players_list, GTK_WIDGET (old));
  for (guint i = 0; i < tk_play_get_n_players (self->play); i++)
    {
      const TkPlayPlayer *p = tk_play_get_player (self->play, i);
      GtkWidget *row = add_player_row (self);
      GtkWidget *name = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
      GtkWidget *score = gtk_widget_get_next_sibling (name);
      GtkWidget *winner = gtk_widget_get_next_sibling (score);

      gtk_editable_set_text (GTK_EDITABLE (name), p->name != NULL ? p->name : "");
      if (p->has_score)
        {
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          gtk_editable_set_text (GTK_EDITABLE (score), g_ascii_dtostr (buffer, sizeof buffer, p->score));
        }
      gtk_check_button_set_active (GTK_CHECK_BUTTON (winner), p->winner);
    }
  if (tk_play_get_n_players (self->play) == 0)
    add_player_row (self);
  gtk_widget_set_visible (self->delete_button, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "log-play.delete", TRUE);
  /* Nothing is selected for the user to overwrite: they came to change one thing. */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkHistoryLogDialog *self = TK_HISTORY_LOG_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (self->play == NULL)
    return;
  if (!tk_plays_delete (self->store, tk_play_get_id (self->play), &error))
    {
      show_message (self, error->message);
      return;
    }
  g_signal_emit (self, signals[DELETED], 0, self->play);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
add_player_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  add_player_row (TK_HISTORY_LOG_DIALOG (widget));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkHistoryLogDialog *self = TK_HISTORY_LOG_DIALOG (widget);
  g_autoptr(TkPlay) play = tk_play_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *title = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->game_row))));
  g_autofree char *date = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->date_row))));
  g_autofree char *location = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->location_row))));
  g_autofree char *notes = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->notes_row))));
  int minutes = gtk_spin_button_get_value_as_int (self->duration_spin);
  guint seat = 0;

  tk_play_set_game_title (play, title);
  tk_play_set_played_on (play, date);
  tk_play_set_duration_min (play, minutes > 0 ? minutes : -1);
  if (*location != '\0')
    tk_play_set_location (play, location);
  if (*notes != '\0')
    tk_play_set_notes (play, notes);
  if (self->play != NULL)
    {
      tk_play_set_id (play, tk_play_get_id (self->play));
      tk_play_set_session_id (play, tk_play_get_session_id (self->play));
      tk_play_set_expansions (play, tk_play_get_expansions (self->play));
      /* The catalogue game is kept while its title is. */
      if (g_strcmp0 (title, tk_play_get_game_title (self->play)) == 0)
        tk_play_set_game_id (play, tk_play_get_game_id (self->play));
    }

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->players_list));
       row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      GtkWidget *name_entry = gtk_widget_get_first_child (box);
      GtkWidget *score_entry = gtk_widget_get_next_sibling (name_entry);
      GtkWidget *winner = gtk_widget_get_next_sibling (score_entry);
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (name_entry))));
      const char *score_text = gtk_editable_get_text (GTK_EDITABLE (score_entry));
      g_autoptr(TkPlayer) player = NULL;
      TkPlayPlayer p = { 0 };
      char *end = NULL;

      if (*name == '\0')
        continue;
      player = tk_players_find_or_add (self->store, name, NULL, &error);
      if (player == NULL)
        {
          show_message (self, error->message);
          return;
        }
      p.seat = seat++;
      p.player_id = tk_player_get_id (player);
      p.name = (char *) tk_player_get_name (player);
      p.colour = (char *) tk_player_get_colour (player);
      p.winner = gtk_check_button_get_active (GTK_CHECK_BUTTON (winner));
      if (*score_text != '\0')
        {
          p.score = g_ascii_strtod (score_text, &end);
          if (end == NULL || *end != '\0')
            {
              g_autofree char *message = g_strdup_printf (_("“%s” is not a score."), score_text);

              show_message (self, message);
              return;
            }
          p.has_score = TRUE;
        }
      p.rank = p.winner ? 1 : 0;
      {
        const TkPlayPlayer *was = original_player (self, p.player_id, p.name);

        if (was != NULL)
          {
            if (was->colour != NULL)
              p.colour = was->colour;
            p.first_play = was->first_play;
            if (was->winner == p.winner && was->has_score == p.has_score &&
                (!p.has_score || was->score == p.score))
              p.rank = was->rank;
          }
      }
      tk_play_add_player (play, &p);
    }

  if (!tk_play_validate (play, &error) ||
      !(self->play != NULL ? tk_plays_update (self->store, play, &error)
                           : tk_plays_insert (self->store, play, &error)))
    {
      show_message (self, error->message);
      return;
    }
  g_signal_emit (self, signals[SAVED], 0, tk_play_get_id (play));
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
tk_history_log_dialog_dispose (GObject *object)
{
  TkHistoryLogDialog *self = TK_HISTORY_LOG_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_HISTORY_LOG_DIALOG);
  g_clear_object (&self->store);
  g_clear_object (&self->play);

  G_OBJECT_CLASS (tk_history_log_dialog_parent_class)->dispose (object);
}

static void
tk_history_log_dialog_class_init (TkHistoryLogDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_history_log_dialog_dispose;

  /* The play was written; its id. */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /* The play was deleted; the play as it was (for Undo). */
  signals[DELETED] = g_signal_new ("deleted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, TK_TYPE_PLAY);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-history-log-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, date_row);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, duration_spin);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, location_row);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, notes_row);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, players_list);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, delete_button);

  gtk_widget_class_install_action (widget_class, "log-play.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "log-play.add-player", NULL, add_player_action);
  gtk_widget_class_install_action (widget_class, "log-play.delete", NULL, delete_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_history_log_dialog_init (TkHistoryLogDialog *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");

  gtk_widget_init_template (GTK_WIDGET (self));
  tk_text_limit_editable (GTK_EDITABLE (self->game_row), TK_TEXT_TITLE);
  tk_text_limit_editable (GTK_EDITABLE (self->location_row), TK_TEXT_LINE);
  tk_text_limit_editable (GTK_EDITABLE (self->notes_row), TK_TEXT_NOTES);
  gtk_editable_set_text (GTK_EDITABLE (self->date_row), today);
  add_player_row (self);
  add_player_row (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "log-play.delete", FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->game_row));
}

TkHistoryLogDialog *
tk_history_log_dialog_new (GtkWindow *parent,
                           TkStore   *store)
{
  TkHistoryLogDialog *self;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  self = g_object_new (TK_TYPE_HISTORY_LOG_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  return self;
}

TkHistoryLogDialog *
tk_history_log_dialog_new_for_play (GtkWindow *parent,
                                    TkStore   *store,
                                    gint64     play_id,
                                    GError   **error)
{
  g_autoptr(TkPlay) play = NULL;
  TkHistoryLogDialog *self;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  play = tk_plays_get (store, play_id, error);
  if (play == NULL)
    return NULL;
  self = tk_history_log_dialog_new (parent, store);
  self->play = g_steal_pointer (&play);
  fill_from_play (self);
  return self;
}

gboolean
tk_history_log_dialog_set_score (TkHistoryLogDialog *self,
                                 guint               index,
                                 double              score)
{
  GtkWidget *entry;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (TK_IS_HISTORY_LOG_DIALOG (self), FALSE);

  entry = score_entry_at (self, index);
  if (entry == NULL)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (entry), g_ascii_dtostr (buffer, sizeof buffer, score));
  return TRUE;
}
