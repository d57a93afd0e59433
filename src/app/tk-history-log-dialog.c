/* tk-history-log-dialog.c — log a play by hand.
 *
 * Game title, date, duration, location and the players (name, score, winner) in seat
 * order; Save checks the play (tk_play_validate) and writes it with tk_plays_insert(),
 * then emits ::saved.  Players are matched to the roster by name (a new name joins it).
 */
#define G_LOG_DOMAIN "tk-history-log-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-history-log-dialog.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays.h"

struct _TkHistoryLogDialog
{
  AdwWindow        parent_instance;

  TkStore         *store;

  AdwToastOverlay *toast_overlay;
  AdwEntryRow     *game_row;
  AdwEntryRow     *date_row;
  GtkSpinButton   *duration_spin;
  AdwEntryRow     *location_row;
  GtkListBox      *players_list;
};

enum
{
  SAVED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkHistoryLogDialog, tk_history_log_dialog, ADW_TYPE_WINDOW)

static guint signals[N_SIGNALS];

static void
show_message (TkHistoryLogDialog *self,
              const char         *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static void
add_player_row (TkHistoryLogDialog *self)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_entry_new ();
  GtkWidget *score = gtk_entry_new ();
  GtkWidget *winner = gtk_check_button_new_with_label (_("Won"));

  gtk_entry_set_placeholder_text (GTK_ENTRY (name), _("Name"));
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
  int minutes = gtk_spin_button_get_value_as_int (self->duration_spin);
  guint seat = 0;

  tk_play_set_game_title (play, title);
  tk_play_set_played_on (play, date);
  tk_play_set_duration_min (play, minutes > 0 ? minutes : -1);
  if (*location != '\0')
    tk_play_set_location (play, location);

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
      tk_play_add_player (play, &p);
    }

  if (!tk_play_validate (play, &error) || !tk_plays_insert (self->store, play, &error))
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

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-history-log-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, date_row);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, duration_spin);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, location_row);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryLogDialog, players_list);

  gtk_widget_class_install_action (widget_class, "log-play.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "log-play.add-player", NULL, add_player_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_history_log_dialog_init (TkHistoryLogDialog *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_editable_set_text (GTK_EDITABLE (self->date_row), today);
  add_player_row (self);
  add_player_row (self);
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
