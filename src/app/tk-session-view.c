/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-view.c — one session at the table.
 *
 * Everything shown is read back from the TkSession after it committed: an action goes
 * through tk_session_apply() (or undo/redo/…), and the view redraws from the session's
 * ::changed signal and its notifications, never from what was typed.  A refused action
 * shows its readable reason in a toast; an accepted one an Undo toast.
 *
 * The score sheet and rebuilding are tk-session-view-sheet.c, the session.* actions
 * tk-session-view-actions.c (they share tk-session-view-private.h).
 */
#define G_LOG_DOMAIN "tk-session-view"

#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "invite/tk-invite-bar.h"
#include "panels/tk-end-card.h"
#include "panels/tk-panel-host.h"
#include "panels/tk-players-strip.h"
#include "panels/tk-points.h"
#include "tk-deferred-menu.h"
#include "tk-game-panel.h"
#include "tk-text-limit.h"
#include "tk-ledger-dialog.h"
#include "tk-ledger-entry.h"
#include "tk-session-turns.h"
#include "tk-session-view.h"
#include "tk-session-view-private.h"
#include "tk-accessible.h"
#include "tk-turn-clock-view.h"
#include "tk-session-style.h"

static void tk_session_view_panel_host_init (TkPanelHostInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkSessionView, tk_session_view, ADW_TYPE_BIN,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_PANEL_HOST,
                                                      tk_session_view_panel_host_init))

guint _tk_session_view_signals[N_SIGNALS];

/* ---- statics ---- */

/* One toast at a time, updated in place while it is shown: dismissing a toast in the middle
 * of its animation and adding another crashes libadwaita 1.2's overlay. */
void
_tk_session_view_show_toast (TkSessionView *self,
                             const char    *text,
                             gboolean       with_undo)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  AdwToast *toast = self->last_toast;
  gboolean fresh = toast == NULL;

  if (fresh)
    toast = adw_toast_new (escaped);
  else
    adw_toast_set_title (toast, escaped);
  adw_toast_set_button_label (toast, with_undo ? _("_Undo") : NULL);
  adw_toast_set_action_name (toast, with_undo ? "session.undo" : NULL);
  if (fresh)
    {
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      g_set_weak_pointer (&self->last_toast, toast);
    }
  else
    g_object_ref (toast);
  /* Adding the toast that is shown again restarts its timeout: each action gets its full
   * time to be undone, not what is left of the first toast's. */
  tk_accessible_add_toast (self->toast_overlay, toast);
}

void
_tk_session_view_show_message (TkSessionView *self,
                               const char    *text)
{
  _tk_session_view_show_toast (self, text, FALSE);
}

void
_tk_session_view_show_undo_toast (TkSessionView *self)
{
  GListModel *ledger = tk_session_get_ledger (self->session);
  guint n_active = tk_session_get_n_active (self->session);
  g_autoptr(TkLedgerEntry) entry = NULL;

  if (n_active == 0 || n_active > g_list_model_get_n_items (ledger))
    return;
  entry = g_list_model_get_item (ledger, n_active - 1);
  _tk_session_view_show_toast (self, tk_ledger_entry_get_text (entry), TRUE);
}

/* Applies @action through the session (which commits first); the view follows ::changed. */
gboolean
_tk_session_view_apply_action (TkSessionView *self,
                               JsonObject    *action)
{
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return FALSE;
  if (!tk_session_apply (self->session, action, &error))
    {
      _tk_session_view_show_message (self, error->message);
      return FALSE;
    }
  _tk_session_view_show_undo_toast (self);
  return TRUE;
}

static char *
format_elapsed (gint64 ms)
{
  gint64 s = ms / 1000;

  return g_strdup_printf ("%" PRId64 ":%02d:%02d", s / 3600, (int) (s / 60 % 60),
                          (int) (s % 60));
}

static void
update_timer (TkSessionView *self)
{
  g_autofree char *text = NULL;
  const char *tip;
  gboolean running;

  if (self->session == NULL)
    return;
  running = tk_session_timer_is_running (self->session);
  text = format_elapsed (tk_session_get_elapsed_ms (self->session));
  gtk_label_set_text (self->timer_label, text);
  gtk_button_set_icon_name (self->timer_button,
                            running ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  /* With a turn clock under way, one pause holds both (the clock's Pause says the same). */
  if (tk_session_turns_started (self->session))
    tip = running ? _("Pause the Table (Timer and Turn Clock)")
                  : _("Resume the Table (Timer and Turn Clock)");
  else
    tip = running ? _("Pause the Timer") : _("Resume the Timer");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->timer_button), tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->timer_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
}

static gboolean
timer_tick (gpointer user_data)
{
  update_timer (TK_SESSION_VIEW (user_data));
  return G_SOURCE_CONTINUE;
}

void
_tk_session_view_update_timer_source (TkSessionView *self)
{
  gboolean want = self->session != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
                  tk_session_timer_is_running (self->session);

  if (want && self->timer_id == 0)
    self->timer_id = g_timeout_add_seconds (1, timer_tick, self);
  else if (!want)
    g_clear_handle_id (&self->timer_id, g_source_remove);
  update_timer (self);
}

void
_tk_session_view_update_actions (TkSessionView *self)
{
  gboolean open = self->session != NULL && g_strcmp0 (tk_session_get_status (self->session), "open") == 0;
  const char *names[] = { "session.add-round", "session.set-score", "session.pick-first",
                          "session.coop-result",
                          "session.toggle-timer", "session.finish", "session.finish-now",
                          "session.abandon" };

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.undo",
                                 open && tk_session_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.redo",
                                 open && tk_session_can_redo (self->session));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), names[i], open);
  /* A game's own engine decides who starts (a card's letter, the setup's seat, a token that
   * moves); a random pick here would not reach it and would only contradict its panel. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->panel_bin)))
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "session.pick-first", FALSE);
}

static void
on_session_changed (TkSessionView *self)
{
  _tk_session_view_rebuild (self);
}

static gboolean
save_notes (gpointer user_data)
{
  TkSessionView *self = TK_SESSION_VIEW (user_data);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->notes_view);
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  self->notes_id = 0;
  if (self->session == NULL)
    return G_SOURCE_REMOVE;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_strcmp0 (text, tk_session_get_notes (self->session) ? tk_session_get_notes (self->session) : "") != 0 &&
      !tk_session_set_notes (self->session, text, &error))
    _tk_session_view_show_message (self, error->message);
  return G_SOURCE_REMOVE;
}

void
_tk_session_view_flush_notes (TkSessionView *self)
{
  if (self->notes_id != 0)
    {
      g_clear_handle_id (&self->notes_id, g_source_remove);
      save_notes (self);
    }
}

static void
on_notes_changed (TkSessionView *self)
{
  if (self->loading_notes)
    return;
  g_clear_handle_id (&self->notes_id, g_source_remove);
  self->notes_id = g_timeout_add (800, save_notes, self);
}

/* ---- actions ---- */

/* ---- TkPanelHost: the game panels apply through the view ---- */

static gboolean
panel_host_apply (TkPanelHost *host,
                  JsonObject  *action)
{
  return _tk_session_view_apply_action (TK_SESSION_VIEW (host), action);
}

static void
panel_host_show_message (TkPanelHost *host,
                         const char  *text)
{
  _tk_session_view_show_message (TK_SESSION_VIEW (host), text);
}

/* Session menu → Invite Players…: phones join through the bar's server (src/net). */
static void
invite_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->session != NULL &&
      !tk_invite_bar_invite (self->invite_bar, self->session, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                                  _("Could Not Invite Players"), error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static void
tk_session_view_panel_host_init (TkPanelHostInterface *iface)
{
  iface->apply = panel_host_apply;
  iface->show_message = panel_host_show_message;
}

static void
clock_limits_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  tk_turn_clock_view_edit_limits (TK_SESSION_VIEW (widget)->clock_view);
}

/* Whether the focus is where Space is typed or chooses (a text field, an open menu). */
static gboolean
focus_takes_space (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  for (GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
       focus != NULL;
       focus = gtk_widget_get_parent (focus))
    if (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus) || GTK_IS_POPOVER (focus) ||
        /* a board whose keys Space belongs to (the Metromania board flips its side with it,
         * the Metropolis board picks the lot) */
        gtk_widget_has_css_class (focus, "tk-takes-space"))
      return TRUE;
  return FALSE;
}

static gboolean
on_key_pressed (TkSessionView   *self,
                guint            keyval,
                guint            keycode,
                GdkModifierType  state)
{
  if (keyval != GDK_KEY_space || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return FALSE;
  return tk_session_view_pass_turn (self);
}

/* Space is the turn clock's Next Player anywhere in the session, before the focused widget
 * sees it (a button would take it as a click: Undo, Pause, a player's card), except where
 * Space is typed or a board takes it.  The window does the same for the focus outside the
 * session. */
static void
add_clock_key (TkSessionView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* ---- overrides ---- */

static void
tk_session_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tk_session_view_parent_class)->map (widget);
  _tk_session_view_update_timer_source (TK_SESSION_VIEW (widget));
}

static void
tk_session_view_unmap (GtkWidget *widget)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);

  _tk_session_view_flush_notes (self);
  g_clear_handle_id (&self->timer_id, g_source_remove);
  GTK_WIDGET_CLASS (tk_session_view_parent_class)->unmap (widget);
}

static void
tk_session_view_dispose (GObject *object)
{
  TkSessionView *self = TK_SESSION_VIEW (object);

  _tk_session_view_flush_notes (self);
  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_weak_pointer (&self->last_toast);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_SESSION_VIEW);
  g_clear_pointer (&self->score_buttons, g_ptr_array_unref);

  G_OBJECT_CLASS (tk_session_view_parent_class)->dispose (object);
}

static void
tk_session_view_class_init (TkSessionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->dispose = tk_session_view_dispose;
  widget_class->map = tk_session_view_map;
  widget_class->unmap = tk_session_view_unmap;

  /* The session was finished; the play has this id. */
  _tk_session_view_signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  _tk_session_view_signals[ABANDONED] =
    g_signal_new ("abandoned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (TK_TYPE_END_CARD);
  g_type_ensure (TK_TYPE_PLAYERS_STRIP);
  g_type_ensure (TK_TYPE_TURN_CLOCK_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-session-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, back_button);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, end_card);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, finish_button);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, players_strip);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, timer_label);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, timer_button);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, first_label);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, first_button);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, add_round_button);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, score_grid);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, pad_hint);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, ledger_latest);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, ledger_empty);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, coop_box);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, coop_won);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, coop_undecided);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, coop_lost);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, notes_view);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, panel_bin);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, pad_box);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, clock_view);

  _tk_session_view_class_actions_init (klass);
  gtk_widget_class_install_action (widget_class, "session.clock-limits", NULL, clock_limits_action);

  g_type_ensure (TK_TYPE_INVITE_BAR);
  g_type_ensure (TK_TYPE_BRANCH_BAR);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, invite_bar);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, branch_bar);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, session_menu_button);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, session_menu);
  gtk_widget_class_install_action (widget_class, "session.invite", NULL, invite_action);
}

static void
tk_session_view_init (TkSessionView *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  tk_menu_button_defer_menu_model (self->session_menu_button, self->session_menu);
  self->score_buttons = g_ptr_array_new ();
  self->focus_after = -1;

  g_signal_connect_swapped (gtk_text_view_get_buffer (self->notes_view), "changed",
                            G_CALLBACK (on_notes_changed), self);
  tk_text_limit_text_view (self->notes_view, TK_TEXT_NOTES);

  /* Ctrl+Z / Ctrl+Shift+Z (and Ctrl+T, to the turn) while the session is shown; a focused
   * text field (the notes, a
   * score entry) keeps its own undo, since managed shortcuts run after it. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("session.undo")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK),
                                                          gtk_named_action_new ("session.redo")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_t, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("session.go-to-turn")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  add_clock_key (self);

  _tk_session_view_update_actions (self);
}

/* ---- public API ---- */

GtkWidget *
tk_session_view_new (void)
{
  return g_object_new (TK_TYPE_SESSION_VIEW, NULL);
}

TkSession *
tk_session_view_get_session (TkSessionView *self)
{
  g_return_val_if_fail (TK_IS_SESSION_VIEW (self), NULL);

  return self->session;
}

void
tk_session_view_set_session (TkSessionView *self,
                             TkSession     *session)
{
  GtkTextBuffer *buffer;
  g_return_if_fail (TK_IS_SESSION_VIEW (self));
  g_return_if_fail (session == NULL || TK_IS_SESSION (session));

  if (self->session == session)
    return;
  /* An invitation is to one session: it ends when the view shows another. */
  tk_invite_bar_stop (self->invite_bar);
  _tk_session_view_flush_notes (self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  tk_turn_clock_view_set_session (self->clock_view, session);
  tk_branch_bar_set_session (self->branch_bar, session);

  buffer = gtk_text_view_get_buffer (self->notes_view);
  self->loading_notes = TRUE;
  gtk_text_buffer_set_text (buffer, session != NULL && tk_session_get_notes (session) != NULL
                                    ? tk_session_get_notes (session) : "", -1);
  self->loading_notes = FALSE;

  if (session != NULL)
    {
      g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::can-undo",
                               G_CALLBACK (_tk_session_view_update_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::can-redo",
                               G_CALLBACK (_tk_session_view_update_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::timer-running",
                               G_CALLBACK (_tk_session_view_update_timer_source), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::status",
                               G_CALLBACK (_tk_session_view_update_actions), self,
                               G_CONNECT_SWAPPED);
    }

  /* A game with a rules engine of its own gets its panel instead of the score pad. */
  {
    GtkWidget *panel = session != NULL ? tk_game_panel_new (session) : NULL;

    adw_bin_set_child (self->panel_bin, panel);
    gtk_widget_set_visible (GTK_WIDGET (self->panel_bin), panel != NULL);
    gtk_widget_set_visible (self->pad_box, panel == NULL);
    gtk_widget_set_visible (GTK_WIDGET (self->first_label), panel == NULL);
    gtk_widget_set_visible (self->first_button, panel == NULL);
  }
  _tk_session_view_rebuild (self);
}

gboolean
tk_session_view_apply (TkSessionView *self,
                       JsonObject    *action)
{
  g_return_val_if_fail (TK_IS_SESSION_VIEW (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return _tk_session_view_apply_action (self, action);
}

void
tk_session_view_show_message (TkSessionView *self,
                              const char    *text)
{
  g_return_if_fail (TK_IS_SESSION_VIEW (self));
  g_return_if_fail (text != NULL);

  _tk_session_view_show_message (self, text);
}

const char *
tk_session_view_get_shown_total (TkSessionView *self,
                                 guint          seat)
{
  g_return_val_if_fail (TK_IS_SESSION_VIEW (self), NULL);

  return tk_players_strip_get_total (self->players_strip, seat);
}

const char *
tk_session_view_get_shown_rank (TkSessionView *self,
                                guint          seat)
{
  g_return_val_if_fail (TK_IS_SESSION_VIEW (self), NULL);

  return tk_players_strip_get_rank (self->players_strip, seat);
}

const char *
tk_session_view_get_shown_score (TkSessionView *self,
                                 guint          round,
                                 guint          seat)
{
  guint n_players;

  g_return_val_if_fail (TK_IS_SESSION_VIEW (self), NULL);

  if (self->session == NULL || round == 0 || round > self->n_rounds)
    return NULL;
  n_players = tk_players_strip_get_n (self->players_strip);
  if (seat >= n_players)
    return NULL;
  return gtk_button_get_label (g_ptr_array_index (self->score_buttons, (round - 1) * n_players + seat));
}

void
tk_session_view_set_back_visible (TkSessionView *self,
                                  gboolean       visible)
{
  g_return_if_fail (TK_IS_SESSION_VIEW (self));

  gtk_widget_set_visible (self->back_button, visible);
}

/**
 * tk_session_view_pass_turn:
 * @self: a session view
 *
 * Space at the table: passes the turn clock to the next player, unless the focus is in a
 * text field or a menu, or the session has no turn to pass (finished, or Welcome To's
 * rounds under way).
 *
 * Returns: whether the turn was passed
 */
gboolean
tk_session_view_pass_turn (TkSessionView *self)
{
  g_return_val_if_fail (TK_IS_SESSION_VIEW (self), FALSE);

  if (self->session == NULL || focus_takes_space (GTK_WIDGET (self)))
    return FALSE;
  return tk_turn_clock_view_next (self->clock_view);
}
