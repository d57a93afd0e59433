/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-turn-clock-view.c — the turn clock in the session view.
 *
 * What it shows is read from the session's fold (tk_session_get_turn_clock()) at the
 * session's "now"; a press builds the ledger action (tk-session-turns.c) and hands it to the
 * session view through tk_panel_host_apply_from(), which commits it and shows the Undo toast.
 * While the clock runs, a timer redraws the times four times a second (only while shown).
 * A player crossing a limit while the clock runs is signalled once ("limit-reached"); the
 * system's alert sound plays then only when the user asked for it in Preferences (the
 * "clock-sound" key, off by default) — the warning colour is the cue that is always there.
 */
#define G_LOG_DOMAIN "tk-turn-clock-view"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-game-panel.h"
#include "tk-session-turns.h"
#include "tk-turn-clock-view.h"
#include "tk-session-style.h"

#define TICK_MS 250
/* what the limits dialog offers: up to an hour a turn, ten hours a player */
#define MAX_TURN_S 3600
#define MAX_BANK_MIN 600

struct _TkTurnClockView
{
  GtkWidget   parent_instance;

  TkSession  *session;
  guint       tick_id;
  GPtrArray  *time_labels;    /* GtkLabel per seat */
  GPtrArray  *player_buttons; /* GtkButton per seat */

  GtkWidget  *box;
  GtkWidget  *start_button;
  GtkWidget  *running_box;
  GtkLabel   *status_label;
  GtkLabel   *turn_label;
  GtkFlowBox *players_box;
  GtkWidget  *next_button;
  GtkLabel   *next_label;
  GtkButton  *toggle_button;

  GSettings  *settings;
  guint64     over_seats;     /* bit per seat past a limit at the last update */
  gboolean    over_known;     /* FALSE until the first update of this session */
};

enum
{
  LIMIT_REACHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkTurnClockView, tk_turn_clock_view, GTK_TYPE_WIDGET)

/* ---- statics ---- */

static void
apply (TkTurnClockView *self,
       JsonObject      *action)
{
  g_autoptr(JsonObject) owned = action;
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  if (self->session == NULL)
    return;
  tk_panel_host_apply_from (GTK_WIDGET (self), self->session, owned);
  /* One pause for the table: the game timer runs while the turn clock does, and stops when
   * it is paused (after closing the app too: going on starts both). */
  if (!tk_session_turns_started (self->session) || tk_session_clock_is_suspended (self->session))
    return;
  if (tk_session_turns_live (self->session) && !tk_session_timer_is_running (self->session))
    ok = tk_session_timer_start (self->session, &error);
  else if (!tk_session_turns_live (self->session) && tk_session_timer_is_running (self->session))
    ok = tk_session_timer_pause (self->session, &error);
  if (!ok)
    g_warning ("Could not follow the turn clock with the game timer: %s", error->message);
}

static gboolean
is_open (TkTurnClockView *self)
{
  return self->session != NULL && g_strcmp0 (tk_session_get_status (self->session), "open") == 0;
}

static void
rebuild_players (TkTurnClockView *self)
{
  GtkWidget *child;
  guint n = self->session != NULL ? tk_session_get_n_players (self->session) : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_box))) != NULL)
    gtk_flow_box_remove (self->players_box, child);
  g_ptr_array_set_size (self->time_labels, 0);
  g_ptr_array_set_size (self->player_buttons, 0);
  for (guint seat = 0; seat < n; seat++)
    {
      const char *name = tk_rules_setup_player_name (tk_session_get_setup (self->session), seat);
      g_autofree char *tooltip = g_strdup_printf (_("Give the Turn to %s"), name);
      GtkWidget *button = gtk_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *name_label = gtk_label_new (name);
      GtkWidget *time_label = gtk_label_new (NULL);

      gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (time_label, "numeric");
      gtk_widget_add_css_class (time_label, "heading");
      gtk_box_append (GTK_BOX (box), name_label);
      gtk_box_append (GTK_BOX (box), time_label);
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_widget_add_css_class (button, "tk-clock-player");
      {
        g_autofree char *widget_name = g_strdup_printf ("clock-player-%u", seat);

        gtk_widget_set_name (button, widget_name);
      }
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "clock.give");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", (gint32) seat);
      gtk_flow_box_append (self->players_box, button);
      g_ptr_array_add (self->time_labels, time_label);
      g_ptr_array_add (self->player_buttons, button);
    }
}

/* Signals a seat that has just gone past a limit while its clock runs: not one already past
 * it when the session was shown (a resumed session, a pause), and once per crossing. */
static void
note_over (TkTurnClockView *self,
           guint            seat,
           gboolean         over)
{
  guint64 bit;

  if (seat >= 64)
    return;
  bit = G_GUINT64_CONSTANT (1) << seat;
  if (over && (self->over_seats & bit) == 0 && self->over_known &&
      tk_session_turns_live (self->session))
    g_signal_emit (self, signals[LIMIT_REACHED], 0, seat,
                   g_settings_get_boolean (self->settings, "clock-sound"));
  if (over)
    self->over_seats |= bit;
  else
    self->over_seats &= ~bit;
}

static void
on_limit_reached (TkTurnClockView *self,
                  guint            seat,
                  gboolean         with_sound)
{
  if (with_sound)
    gdk_display_beep (gtk_widget_get_display (GTK_WIDGET (self)));
}

static void
update_times (TkTurnClockView *self)
{
  const TkTurnClock *clock;
  JsonObject *setup;
  gint64 now, limit;
  int active;
  g_autofree char *turn = NULL;

  if (self->session == NULL)
    return;
  clock = tk_session_get_turn_clock (self->session);
  setup = tk_session_get_setup (self->session);
  now = tk_session_get_clock_now (self->session);
  active = tk_turn_clock_get_active (clock);
  limit = tk_turn_clock_get_turn_limit_ms (clock);

  for (guint seat = 0; seat < self->time_labels->len; seat++)
    {
      g_autofree char *text = tk_turn_clock_format (tk_turn_clock_get_total_ms (clock, seat, now));
      GtkWidget *button = self->player_buttons->pdata[seat];
      gboolean over = tk_turn_clock_is_over (clock, seat, now);

      gtk_label_set_text (self->time_labels->pdata[seat], text);
      /* a gentle cue: the card turns the warning colour, nothing stops */
      if (over)
        gtk_widget_add_css_class (button, "tk-clock-over");
      else
        gtk_widget_remove_css_class (button, "tk-clock-over");
      note_over (self, seat, over);
      /* whose clock runs: the active player, or in simultaneous rounds everyone still
       * playing the round */
      if (tk_turn_clock_in_turn (clock, seat))
        gtk_widget_add_css_class (button, "tk-clock-active");
      else
        gtk_widget_remove_css_class (button, "tk-clock-active");
    }

  self->over_known = TRUE;
  turn = tk_turn_clock_format (tk_turn_clock_get_turn_ms (clock, now));
  if (limit > 0)
    {
      g_autofree char *budget = tk_turn_clock_format (limit);
      g_autofree char *text = NULL;

      /* Translators: the current turn's time and the budget, "0:42 / 1:00" */
      text = g_strdup_printf (_("%s / %s"), turn, budget);
      gtk_label_set_text (self->turn_label, text);
    }
  else
    gtk_label_set_text (self->turn_label, turn);
  if (active >= 0 && (tk_turn_clock_is_rounds (clock)
                      ? limit > 0 && tk_turn_clock_get_turn_ms (clock, now) > limit
                      : tk_turn_clock_is_over (clock, active, now)))
    gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->turn_label), "warning");

  if (active >= 0 && tk_turn_clock_is_rounds (clock))
    {
      int last = tk_turn_clock_get_last_finisher (clock);
      g_autofree char *status = NULL;

      /* Welcome To: everyone plays at once; the clock times the round */
      if (tk_session_clock_is_suspended (self->session))
        status = g_strdup (_("This round — stopped when the session closed"));
      else if (tk_turn_clock_is_paused_by_close (clock))
        status = g_strdup (_("This round — paused while Tablekeeper was closed"));
      else if (!tk_session_turns_live (self->session))
        status = g_strdup (_("This round — paused"));
      else if (last >= 0)
        status = g_strdup_printf (_("This round · %s finished last in the last one"),
                                  tk_rules_setup_player_name (setup, last));
      else
        status = g_strdup (_("This round"));
      gtk_label_set_text (self->status_label, status);
    }
  else if (active >= 0)
    {
      const char *name = tk_rules_setup_player_name (setup, active);
      g_autofree char *status = NULL;

      if (tk_session_turns_live (self->session))
        status = g_strdup_printf (_("%s’s turn"), name);
      else if (tk_session_clock_is_suspended (self->session))
        /* the clock ran when the app last stopped; it shows the time of its last action */
        status = g_strdup_printf (_("%s’s turn — stopped when the session closed"), name);
      else if (tk_turn_clock_is_paused_by_close (clock))
        /* closing the app paused the table: the time it was closed is not counted */
        status = g_strdup_printf (_("%s’s turn — paused while Tablekeeper was closed"), name);
      else
        status = g_strdup_printf (_("%s’s turn — paused"), name);
      /* a new turn is said once, when it changes, not on every tick */
      if (g_strcmp0 (gtk_label_get_text (self->status_label), status) != 0)
        {
          gtk_label_set_text (self->status_label, status);
          if (gtk_widget_get_mapped (GTK_WIDGET (self)))
            tk_accessible_announce (GTK_WIDGET (self), status);
        }
    }
}

static gboolean
tick (gpointer user_data)
{
  update_times (TK_TURN_CLOCK_VIEW (user_data));
  return G_SOURCE_CONTINUE;
}

static void
update_tick (TkTurnClockView *self)
{
  gboolean want = self->session != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
                  tk_session_turns_live (self->session);

  if (want && self->tick_id == 0)
    self->tick_id = g_timeout_add (TICK_MS, tick, self);
  else if (!want)
    g_clear_handle_id (&self->tick_id, g_source_remove);
}

static void
refresh (TkTurnClockView *self)
{
  gboolean started = self->session != NULL && tk_session_turns_started (self->session);
  gboolean open = is_open (self);
  gboolean live = self->session != NULL && tk_session_turns_live (self->session);
  /* in simultaneous rounds the clock passes by itself: no Next, no giving the turn */
  gboolean rounds = self->session != NULL &&
                    tk_turn_clock_is_rounds (tk_session_get_turn_clock (self->session));

  gtk_widget_set_visible (self->start_button, !started && open);
  gtk_widget_set_visible (self->running_box, started);
  gtk_widget_set_visible (self->next_button, open && !rounds);
  gtk_widget_set_visible (GTK_WIDGET (self->toggle_button), open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.next", open && !(rounds && started));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.give", open);
  /* the cards only show the times there (a disabled action would grey them out) */
  for (guint seat = 0; seat < self->player_buttons->len; seat++)
    {
      gtk_widget_set_can_target (self->player_buttons->pdata[seat], !rounds);
      gtk_widget_set_focusable (self->player_buttons->pdata[seat], !rounds);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clock.toggle", open && started);
  gtk_button_set_icon_name (self->toggle_button, live ? "media-playback-pause-symbolic"
                                                      : "media-playback-start-symbolic");
  {
    /* the same pause as the game timer's in the header: one pause for the table */
    const char *tip = live ? _("Pause the Table (Timer and Turn Clock)")
                           : _("Resume the Table (Timer and Turn Clock)");

    gtk_widget_set_tooltip_text (GTK_WIDGET (self->toggle_button), tip);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->toggle_button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  }
  if (started)
    {
      guint next = tk_turn_clock_next_seat (tk_session_get_turn_clock (self->session));
      g_autofree char *label = g_strdup_printf (_("Next: %s"),
                                                tk_rules_setup_player_name (tk_session_get_setup (self->session),
                                                                            next));

      gtk_label_set_text (self->next_label, label);
    }
  update_times (self);
  update_tick (self);
}

/* ---- actions ---- */

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkTurnClockView *self = TK_TURN_CLOCK_VIEW (widget);

  if (is_open (self))
    apply (self, tk_session_turns_pass_action (self->session, -1));
}

static void
give_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkTurnClockView *self = TK_TURN_CLOCK_VIEW (widget);
  int seat = g_variant_get_int32 (parameter);

  if (!is_open (self) || tk_turn_clock_is_rounds (tk_session_get_turn_clock (self->session)))
    return;
  /* a tap on the player whose turn it is starts a paused clock rather than refusing */
  if (seat == tk_turn_clock_get_active (tk_session_get_turn_clock (self->session)))
    {
      if (!tk_session_turns_live (self->session))
        apply (self, tk_session_turns_toggle_action (self->session));
      return;
    }
  apply (self, tk_session_turns_pass_action (self->session, seat));
}

static void
toggle_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkTurnClockView *self = TK_TURN_CLOCK_VIEW (widget);

  if (is_open (self))
    apply (self, tk_session_turns_toggle_action (self->session));
}

static void
on_limits_response (AdwMessageDialog *dialog,
                    const char       *response,
                    TkTurnClockView  *self)
{
  GtkSpinButton *turn = g_object_get_data (G_OBJECT (dialog), "turn");
  GtkSpinButton *bank = g_object_get_data (G_OBJECT (dialog), "bank");

  if (g_strcmp0 (response, "set") == 0 && is_open (self))
    apply (self, tk_session_turns_limits_action (gtk_spin_button_get_value_as_int (turn),
                                                 gtk_spin_button_get_value_as_int (bank) * 60));
  g_object_unref (self);
}

static GtkWidget *
limit_row (GtkWidget  *list,
           const char *title,
           const char *subtitle,
           double      max,
           gint64      value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  return spin;
}

/* ---- overrides ---- */

static void
tk_turn_clock_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tk_turn_clock_view_parent_class)->map (widget);
  update_tick (TK_TURN_CLOCK_VIEW (widget));
}

static void
tk_turn_clock_view_unmap (GtkWidget *widget)
{
  g_clear_handle_id (&TK_TURN_CLOCK_VIEW (widget)->tick_id, g_source_remove);
  GTK_WIDGET_CLASS (tk_turn_clock_view_parent_class)->unmap (widget);
}

static void
tk_turn_clock_view_dispose (GObject *object)
{
  TkTurnClockView *self = TK_TURN_CLOCK_VIEW (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->time_labels, g_ptr_array_unref);
  g_clear_pointer (&self->player_buttons, g_ptr_array_unref);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_TURN_CLOCK_VIEW);
  G_OBJECT_CLASS (tk_turn_clock_view_parent_class)->dispose (object);
}

static void
tk_turn_clock_view_class_init (TkTurnClockViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->dispose = tk_turn_clock_view_dispose;
  widget_class->map = tk_turn_clock_view_map;
  widget_class->unmap = tk_turn_clock_view_unmap;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-turn-clock-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, box);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, start_button);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, running_box);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, status_label);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, players_box);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, next_button);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, next_label);
  gtk_widget_class_bind_template_child (widget_class, TkTurnClockView, toggle_button);

  /**
   * TkTurnClockView::limit-reached:
   * @seat: the player who went past their turn's budget or their bank
   * @with_sound: whether the alert sound plays (the user's "clock-sound" preference)
   */
  signals[LIMIT_REACHED] = g_signal_new ("limit-reached", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);

  gtk_widget_class_install_action (widget_class, "clock.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "clock.give", "i", give_action);
  gtk_widget_class_install_action (widget_class, "clock.toggle", NULL, toggle_action);
}

static void
tk_turn_clock_view_init (TkTurnClockView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);
  g_signal_connect (self, "limit-reached", G_CALLBACK (on_limit_reached), NULL);
  self->time_labels = g_ptr_array_new ();
  self->player_buttons = g_ptr_array_new ();
  refresh (self);
}

/* ---- public API ---- */

void
tk_turn_clock_view_set_session (TkTurnClockView *self,
                                TkSession       *session)
{
  g_return_if_fail (TK_IS_TURN_CLOCK_VIEW (self));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  self->over_seats = 0;
  self->over_known = FALSE;
  if (session != NULL)
    {
      g_signal_connect_object (session, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::status", G_CALLBACK (refresh), self,
                               G_CONNECT_SWAPPED);
    }
  rebuild_players (self);
  refresh (self);
}

gboolean
tk_turn_clock_view_next (TkTurnClockView *self)
{
  g_return_val_if_fail (TK_IS_TURN_CLOCK_VIEW (self), FALSE);

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || !is_open (self) ||
      (tk_turn_clock_is_rounds (tk_session_get_turn_clock (self->session)) &&
       tk_session_turns_started (self->session)))
    return FALSE;
  next_action (GTK_WIDGET (self), "clock.next", NULL);
  return TRUE;
}

void
tk_turn_clock_view_edit_limits (TkTurnClockView *self)
{
  const TkTurnClock *clock;
  GtkWidget *dialog, *list, *turn, *bank;

  g_return_if_fail (TK_IS_TURN_CLOCK_VIEW (self));

  if (!is_open (self))
    return;
  clock = tk_session_get_turn_clock (self->session);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Turn Clock Limits"),
                                   _("A player past a limit is shown in the warning colour; "
                                     "the game goes on. 0 means no limit."));
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  turn = limit_row (list, _("Seconds per Turn"), _("Each turn’s budget"), MAX_TURN_S,
                    tk_turn_clock_get_turn_limit_ms (clock) / 1000);
  bank = limit_row (list, _("Minutes per Player"), _("Each player’s bank for the game"),
                    MAX_BANK_MIN, tk_turn_clock_get_bank_ms (clock) / 60000);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "set", _("_Set Limits"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "set",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "set");
  g_object_set_data (G_OBJECT (dialog), "turn", turn);
  g_object_set_data (G_OBJECT (dialog), "bank", bank);
  g_signal_connect (dialog, "response", G_CALLBACK (on_limits_response), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

const char *
tk_turn_clock_view_get_shown_time (TkTurnClockView *self,
                                   guint            seat)
{
  g_return_val_if_fail (TK_IS_TURN_CLOCK_VIEW (self), NULL);

  if (seat >= self->time_labels->len)
    return NULL;
  return gtk_label_get_text (self->time_labels->pdata[seat]);
}

const char *
tk_turn_clock_view_get_status (TkTurnClockView *self)
{
  g_return_val_if_fail (TK_IS_TURN_CLOCK_VIEW (self), NULL);

  return gtk_label_get_text (self->status_label);
}
