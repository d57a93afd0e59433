/* tk-session-view.c — one session at the table.
 *
 * Everything shown is read back from the TkSession after it committed: an action goes
 * through tk_session_apply() (or undo/redo/…), and the view redraws from the session's
 * ::changed signal and its notifications, never from what was typed.  A refused action
 * shows its readable reason in a toast; an accepted one an Undo toast.
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
#include "tk-game-panel.h"
#include "tk-text-limit.h"
#include "tk-ledger-dialog.h"
#include "tk-ledger-entry.h"
#include "tk-session-view.h"
#include "tk-turn-clock-view.h"

struct _TkSessionView
{
  AdwBin        parent_instance;

  TkSession    *session;
  GPtrArray    *score_buttons;  /* GtkButton, round-major (n_players per round) */
  guint         n_rounds;
  guint         timer_id;
  guint         notes_id;
  gboolean      loading_notes;
  AdwToast     *last_toast;     /* weak */
  AdwToastOverlay *toast_overlay;

  GtkWidget    *back_button;
  TkEndCard    *end_card;
  GtkWidget    *finish_button;
  GtkLabel     *title_label;
  TkPlayersStrip *players_strip;
  GtkLabel     *timer_label;
  GtkButton    *timer_button;
  GtkLabel     *first_label;
  GtkWidget    *first_button;
  GtkGrid      *score_grid;
  GtkLabel     *pad_hint;
  GtkWidget    *ledger_latest;
  GtkWidget    *ledger_empty;
  GtkWidget    *coop_box;
  GtkToggleButton *coop_won;
  GtkToggleButton *coop_undecided;
  GtkToggleButton *coop_lost;
  GtkTextView  *notes_view;
  AdwBin       *panel_bin;     /* the game's own panel, when its engine has one */
  GtkWidget    *pad_box;       /* the generic score pad */
  TkTurnClockView *clock_view;
  TkInviteBar  *invite_bar;    /* guests' phones joining this session */
};

enum
{
  FINISHED,
  ABANDONED,
  N_SIGNALS
};

static void tk_session_view_panel_host_init (TkPanelHostInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkSessionView, tk_session_view, ADW_TYPE_BIN,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_PANEL_HOST,
                                                      tk_session_view_panel_host_init))

static guint signals[N_SIGNALS];

/* ---- statics ---- */

/* One toast at a time, updated in place while it is shown: dismissing a toast in the middle
 * of its animation and adding another crashes libadwaita 1.2's overlay. */
static void
show_toast (TkSessionView *self,
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
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_message (TkSessionView *self,
              const char    *text)
{
  show_toast (self, text, FALSE);
}

static void
show_undo_toast (TkSessionView *self)
{
  GListModel *ledger = tk_session_get_ledger (self->session);
  guint n_active = tk_session_get_n_active (self->session);
  g_autoptr(TkLedgerEntry) entry = NULL;

  if (n_active == 0 || n_active > g_list_model_get_n_items (ledger))
    return;
  entry = g_list_model_get_item (ledger, n_active - 1);
  show_toast (self, tk_ledger_entry_get_text (entry), TRUE);
}

/* Applies @action through the session (which commits first); the view follows ::changed. */
static gboolean
apply_action (TkSessionView *self,
              JsonObject    *action)
{
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return FALSE;
  if (!tk_session_apply (self->session, action, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  show_undo_toast (self);
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
  gboolean running;

  if (self->session == NULL)
    return;
  running = tk_session_timer_is_running (self->session);
  text = format_elapsed (tk_session_get_elapsed_ms (self->session));
  gtk_label_set_text (self->timer_label, text);
  gtk_button_set_icon_name (self->timer_button,
                            running ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->timer_button),
                               running ? _("Pause the Timer") : _("Resume the Timer"));
}

static gboolean
timer_tick (gpointer user_data)
{
  update_timer (TK_SESSION_VIEW (user_data));
  return G_SOURCE_CONTINUE;
}

static void
update_timer_source (TkSessionView *self)
{
  gboolean want = self->session != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
                  tk_session_timer_is_running (self->session);

  if (want && self->timer_id == 0)
    self->timer_id = g_timeout_add_seconds (1, timer_tick, self);
  else if (!want)
    g_clear_handle_id (&self->timer_id, g_source_remove);
  update_timer (self);
}

static void
update_actions (TkSessionView *self)
{
  gboolean open = self->session != NULL && g_strcmp0 (tk_session_get_status (self->session), "open") == 0;
  const char *names[] = { "session.add-round", "session.set-score", "session.pick-first",
                          "session.coop-result",
                          "session.toggle-timer", "session.finish", "session.abandon" };

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

typedef struct
{
  TkSessionView *view;
  guint          round;
  guint          seat;
  double         points;
} PendingScore;

static gboolean
apply_pending_score (gpointer data)
{
  PendingScore *pending = data;

  if (pending->view->session != NULL)
    gtk_widget_activate_action (GTK_WIDGET (pending->view), "session.set-score", "(uud)",
                                pending->round, pending->seat, pending->points);
  g_object_unref (pending->view);
  g_free (pending);
  return G_SOURCE_REMOVE;
}

static void
on_cell_set (GtkWidget *button,
             gpointer   user_data)
{
  TkSessionView *self = TK_SESSION_VIEW (user_data);
  GtkWidget *popover = gtk_widget_get_ancestor (button, GTK_TYPE_POPOVER);
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (popover), "spin");
  guint round = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (popover), "round"));
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (popover), "seat"));

  PendingScore *pending = g_new0 (PendingScore, 1);

  gtk_spin_button_update (spin);
  pending->view = g_object_ref (self);
  pending->round = round;
  pending->seat = seat;
  pending->points = gtk_spin_button_get_value (spin);
  gtk_popover_popdown (GTK_POPOVER (popover));
  /* Applying rebuilds the pad, this cell and its popover included: not from inside it. */
  g_idle_add_full (G_PRIORITY_DEFAULT, apply_pending_score, pending, NULL);
}

static void
on_cell_clicked (GtkButton *cell,
                 gpointer   user_data)
{
  TkSessionView *self = TK_SESSION_VIEW (user_data);
  GtkWidget *popover = g_object_get_data (G_OBJECT (cell), "popover");
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (popover), "spin");
  double points = g_strtod (gtk_button_get_label (cell), NULL);

  (void) self;
  gtk_spin_button_set_value (spin, points);
  gtk_popover_popup (GTK_POPOVER (popover));
  gtk_widget_grab_focus (GTK_WIDGET (spin));
}

static GtkWidget *
make_cell (TkSessionView *self,
           guint          round,
           guint          seat,
           const char    *player,
           double         points)
{
  g_autofree char *text = tk_points_format (points);
  g_autofree char *a11y = g_strdup_printf (_("Round %u, %s"), round, player);
  GtkWidget *button = gtk_button_new_with_label (text);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *spin = gtk_spin_button_new_with_range (-1e9, 1e9, 1);
  GtkWidget *set = gtk_button_new_with_mnemonic (_("_Set"));

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "numeric");
  gtk_widget_set_tooltip_text (button, a11y);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 0);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 7);
  gtk_widget_add_css_class (set, "suggested-action");
  gtk_box_append (GTK_BOX (box), spin);
  gtk_box_append (GTK_BOX (box), set);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_popover_set_default_widget (GTK_POPOVER (popover), set);
  gtk_widget_set_parent (popover, button);
  g_object_set_data (G_OBJECT (popover), "spin", spin);
  g_object_set_data (G_OBJECT (popover), "round", GUINT_TO_POINTER (round));
  g_object_set_data (G_OBJECT (popover), "seat", GUINT_TO_POINTER (seat));
  g_object_set_data (G_OBJECT (button), "popover", popover);
  g_signal_connect_swapped (button, "destroy", G_CALLBACK (gtk_widget_unparent), popover);
  g_signal_connect (set, "clicked", G_CALLBACK (on_cell_set), self);
  /* GtkSpinButton has no ::activate before GTK 4.14: Enter reaches its text's. */
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate",
                            G_CALLBACK (gtk_widget_activate_default), spin);
  g_signal_connect (button, "clicked", G_CALLBACK (on_cell_clicked), self);
  return button;
}

static void
clear_container (GtkWidget *container)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_GRID (container))
        gtk_grid_remove (GTK_GRID (container), child);
      else
        gtk_box_remove (GTK_BOX (container), child);
    }
}

/* The latest lines of the ledger, newest last; the whole ledger is in its own window. */
#define LEDGER_LATEST 3

static void
update_ledger_latest (TkSessionView *self)
{
  GListModel *ledger = tk_session_get_ledger (self->session);
  guint n = g_list_model_get_n_items (ledger);
  GtkWidget *child;

  while ((child = gtk_widget_get_last_child (self->ledger_latest)) != self->ledger_empty)
    gtk_box_remove (GTK_BOX (self->ledger_latest), child);
  for (guint i = n > LEDGER_LATEST ? n - LEDGER_LATEST : 0; i < n; i++)
    {
      g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (ledger, i);
      GtkWidget *line = tk_ledger_line_new ();

      tk_ledger_line_set (line, entry);
      gtk_box_append (GTK_BOX (self->ledger_latest), line);
    }
  gtk_widget_set_visible (self->ledger_empty, n == 0);
}

static void
rebuild (TkSessionView *self)
{
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;
  guint n_players, n_rounds;
  const char *coop;
  int first;

  clear_container (GTK_WIDGET (self->score_grid));
  g_ptr_array_set_size (self->score_buttons, 0);
  self->n_rounds = 0;
  if (self->session == NULL)
    return;

  gtk_label_set_text (self->title_label, tk_session_get_display_title (self->session));
  score = tk_session_score (self->session);
  players = json_object_get_array_member (score, "players");
  n_players = players != NULL ? json_array_get_length (players) : 0;
  n_rounds = json_object_has_member (score, "rounds")
             ? (guint) json_object_get_int_member (score, "rounds") : 0;
  coop = json_object_has_member (score, "coop") ? json_object_get_string_member (score, "coop") : NULL;
  self->n_rounds = n_rounds;
  tk_players_strip_set_score (self->players_strip, score, tk_session_get_first_seat (self->session),
                              n_rounds > 0 ? TK_PLAYERS_STRIP_LEADER_ALWAYS
                              : gtk_widget_get_visible (GTK_WIDGET (self->panel_bin))
                              ? TK_PLAYERS_STRIP_LEADER_WHEN_SCORED : TK_PLAYERS_STRIP_LEADER_NEVER);
  for (guint i = 0; i < n_players; i++)
    {
      const char *name = json_object_get_string_member (json_array_get_object_element (players, i),
                                                        "name");
      /* Column header of the pad. */
      {
        GtkWidget *header = gtk_label_new (name);

        gtk_label_set_ellipsize (GTK_LABEL (header), PANGO_ELLIPSIZE_END);
        gtk_widget_add_css_class (header, "heading");
        gtk_widget_add_css_class (header, "tk-pad-header");
        gtk_grid_attach (self->score_grid, header, i + 1, 0, 1, 1);
      }
    }

  if (n_rounds > 0)
    {
      GtkWidget *heading = gtk_label_new (_("Round"));

      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_label_set_ellipsize (GTK_LABEL (heading), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_start (heading, 6);
      gtk_widget_add_css_class (heading, "dim-label");
      gtk_widget_add_css_class (heading, "caption");
      gtk_grid_attach (self->score_grid, heading, 0, 0, 1, 1);
    }
  for (guint r = 0; r < n_rounds; r++)
    {
      g_autofree char *label = g_strdup_printf (_("Round %u"), r + 1);
      g_autofree char *number = g_strdup_printf ("%u", r + 1);
      /* the number alone under a "Round" heading, as on a paper pad: "Round 3" or
       * "3ラウンド目" in every row would make all the grid's columns that wide and push the
       * fourth player out of a phone's width */
      GtkWidget *round_label = gtk_label_new (number);

      gtk_accessible_update_property (GTK_ACCESSIBLE (round_label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_add_css_class (round_label, "dim-label");
      gtk_widget_add_css_class (round_label, "numeric");
      gtk_label_set_xalign (GTK_LABEL (round_label), 0);
      gtk_widget_set_margin_start (round_label, 6);
      gtk_grid_attach (self->score_grid, round_label, 0, r + 1, 1, 1);
      for (guint i = 0; i < n_players; i++)
        {
          JsonObject *p = json_array_get_object_element (players, i);
          JsonArray *breakdown = json_object_get_array_member (p, "breakdown");
          double points = 0;
          GtkWidget *cell;

          if (breakdown != NULL && r < json_array_get_length (breakdown))
            points = json_object_get_double_member_with_default (json_array_get_object_element (breakdown, r),
                                                                 "points", 0);
          cell = make_cell (self, r + 1, i, json_object_get_string_member (p, "name"), points);
          gtk_grid_attach (self->score_grid, cell, i + 1, r + 1, 1, 1);
          g_ptr_array_add (self->score_buttons, cell);
        }
    }

  if (n_players > 0)
    {
      GtkWidget *total_label = gtk_label_new (_("Total"));

      gtk_widget_add_css_class (total_label, "heading");
      gtk_label_set_xalign (GTK_LABEL (total_label), 0);
      gtk_widget_set_margin_start (total_label, 6);
      gtk_grid_attach (self->score_grid, total_label, 0, n_rounds + 1, 1, 1);
      for (guint i = 0; i < n_players; i++)
        {
          GtkWidget *t = gtk_label_new (tk_players_strip_get_total (self->players_strip, i));

          gtk_widget_add_css_class (t, "heading");
          gtk_widget_add_css_class (t, "numeric");
          gtk_widget_add_css_class (t, "tk-pad-total");
          gtk_grid_attach (self->score_grid, t, i + 1, n_rounds + 1, 1, 1);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->pad_hint), n_rounds == 0);
  gtk_widget_set_visible (self->coop_box, coop != NULL);
  /* The end as the engine sees it: one card for every game, in place of the running totals
   * (each figure shown once), with Finish right there. */
  {
    gboolean over = tk_end_card_score_is_over (score, NULL);
    gboolean open = g_strcmp0 (tk_session_get_status (self->session), "open") == 0;

    if (over)
      tk_end_card_set_score (self->end_card, score);
    tk_end_card_set_finish_visible (self->end_card, open);
    gtk_widget_set_visible (GTK_WIDGET (self->end_card), over);
    gtk_widget_set_visible (GTK_WIDGET (self->players_strip),
                            !over && !tk_game_panel_shows_totals (self->session));
    gtk_widget_set_visible (self->finish_button, !over);
  }
  gtk_toggle_button_set_active (self->coop_won, g_strcmp0 (coop, "won") == 0);
  gtk_toggle_button_set_active (self->coop_undecided, g_strcmp0 (coop, "undecided") == 0);
  gtk_toggle_button_set_active (self->coop_lost, g_strcmp0 (coop, "lost") == 0);
  update_ledger_latest (self);

  first = tk_session_get_first_seat (self->session);
  if (first >= 0 && (guint) first < n_players)
    {
      g_autofree char *text = g_strdup_printf (_("%s starts"),
                                               json_object_get_string_member (json_array_get_object_element (players, first), "name"));
      gtk_label_set_text (self->first_label, text);
    }
  else
    gtk_label_set_text (self->first_label, _("No first player yet"));

  update_actions (self);
  update_timer_source (self);
}

static void
on_session_changed (TkSessionView *self)
{
  rebuild (self);
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
    show_message (self, error->message);
  return G_SOURCE_REMOVE;
}

static void
flush_notes (TkSessionView *self)
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
    show_message (self, error->message);
  else if (self->last_toast != NULL)
    {
      g_autofree char *text = g_strdup (_("Undone"));

      show_toast (self, text, FALSE);
    }
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
    show_message (self, error->message);
  else
    show_undo_toast (self);
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
  apply_action (self, action);
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
  json_object_set_string_member (action, "type", "set_score");
  json_object_set_int_member (action, "round", round);
  json_object_set_int_member (action, "seat", seat);
  if (points == (double) (gint64) points)
    json_object_set_int_member (action, "points", (gint64) points);
  else
    json_object_set_double_member (action, "points", points);
  apply_action (self, action);
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
      rebuild (self);
      return;
    }
  json_object_set_string_member (action, "type", "coop_result");
  json_object_set_string_member (action, "result", result);
  if (!apply_action (self, action))
    rebuild (self);
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
    show_message (self, error->message);
  else
    {
      rebuild (self);
      show_undo_toast (self);
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
    show_message (self, error->message);
  update_timer_source (self);
}

static void
on_finish_response (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  TkSessionView *self = TK_SESSION_VIEW (user_data);
  g_autoptr(GError) error = NULL;
  gint64 play_id = 0;

  GtkEditable *date_entry = g_object_get_data (G_OBJECT (dialog), "date-entry");
  GtkEditable *location_entry = g_object_get_data (G_OBJECT (dialog), "location-entry");
  g_autofree char *date = NULL;
  g_autofree char *location = NULL;

  if (g_strcmp0 (response, "finish") != 0 || self->session == NULL)
    return;
  date = g_strstrip (g_strdup (gtk_editable_get_text (date_entry)));
  location = g_strstrip (g_strdup (gtk_editable_get_text (location_entry)));
  flush_notes (self);
  if (!tk_session_finish (self->session, date, *location != '\0' ? location : NULL, NULL,
                          &play_id, &error))
    {
      show_message (self, error->message);
      return;
    }
  update_actions (self);
  update_timer_source (self);
  g_signal_emit (self, signals[FINISHED], 0, play_id);
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
  flush_notes (self);
  if (!tk_session_abandon (self->session, &error))
    {
      show_message (self, error->message);
      return;
    }
  update_actions (self);
  update_timer_source (self);
  g_signal_emit (self, signals[ABANDONED], 0);
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

/* YYYY-MM-DD naming a real day: the date of a play. */
static gboolean
is_valid_date (const char *text)
{
  int y, m, d;
  char end;

  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return FALSE;
  if (sscanf (text, "%4d-%2d-%2d%c", &y, &m, &d, &end) != 3)
    return FALSE;
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && g_date_valid_dmy (d, m, y);
}

static void
on_finish_date_changed (GtkEditable      *entry,
                        AdwMessageDialog *dialog)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  gboolean valid = is_valid_date (text);

  adw_message_dialog_set_response_enabled (dialog, "finish", valid);
  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
}

static void
present_finish_dialog (TkSessionView *self)
{
  GtkWidget *dialog;

  dialog = confirm_dialog (self, _("Finish the Game?"),
                           _("The play is written into the history with the scores shown, and the session closes."),
                           "finish", _("_Finish"), ADW_RESPONSE_SUGGESTED);
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
    GtkWidget *list = gtk_list_box_new ();
    GtkWidget *date_row = adw_entry_row_new ();
    GtkWidget *location_row = adw_entry_row_new ();

    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (list, "boxed-list");
    /* Translators: the day the game was played, written YYYY-MM-DD */
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (date_row), _("Date (YYYY-MM-DD)"));
    gtk_editable_set_text (GTK_EDITABLE (date_row), today);
    gtk_widget_set_name (date_row, "finish-date");
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (location_row), _("Location (optional)"));
    gtk_widget_set_name (location_row, "finish-location");
    tk_text_limit_editable (GTK_EDITABLE (location_row), TK_TEXT_LINE);
    gtk_list_box_append (GTK_LIST_BOX (list), date_row);
    gtk_list_box_append (GTK_LIST_BOX (list), location_row);
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
    g_object_set_data (G_OBJECT (dialog), "date-entry", date_row);
    g_object_set_data (G_OBJECT (dialog), "location-entry", location_row);
    g_signal_connect_object (date_row, "changed", G_CALLBACK (on_finish_date_changed), dialog, 0);
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

/* ---- TkPanelHost: the game panels apply through the view ---- */

static gboolean
panel_host_apply (TkPanelHost *host,
                  JsonObject  *action)
{
  return apply_action (TK_SESSION_VIEW (host), action);
}

static void
panel_host_show_message (TkPanelHost *host,
                         const char  *text)
{
  show_message (TK_SESSION_VIEW (host), text);
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

static gboolean
on_key_pressed (TkSessionView   *self,
                guint            keyval,
                guint            keycode,
                GdkModifierType  state)
{
  if (keyval != GDK_KEY_space || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return FALSE;
  return tk_turn_clock_view_next (self->clock_view);
}

/* Space is the turn clock's Next Player anywhere in the session, unless the focused widget
 * takes Space itself (a text field, a button), which comes first. */
static void
add_clock_key (TkSessionView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* ---- overrides ---- */

static void
tk_session_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tk_session_view_parent_class)->map (widget);
  update_timer_source (TK_SESSION_VIEW (widget));
}

static void
tk_session_view_unmap (GtkWidget *widget)
{
  TkSessionView *self = TK_SESSION_VIEW (widget);

  flush_notes (self);
  g_clear_handle_id (&self->timer_id, g_source_remove);
  GTK_WIDGET_CLASS (tk_session_view_parent_class)->unmap (widget);
}

static void
tk_session_view_dispose (GObject *object)
{
  TkSessionView *self = TK_SESSION_VIEW (object);

  flush_notes (self);
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

  object_class->dispose = tk_session_view_dispose;
  widget_class->map = tk_session_view_map;
  widget_class->unmap = tk_session_view_unmap;

  /* The session was finished; the play has this id. */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[ABANDONED] = g_signal_new ("abandoned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
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

  gtk_widget_class_install_action (widget_class, "session.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "session.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "session.add-round", NULL, add_round_action);
  gtk_widget_class_install_action (widget_class, "session.set-score", "(uud)", set_score_action);
  gtk_widget_class_install_action (widget_class, "session.pick-first", NULL, pick_first_action);
  gtk_widget_class_install_action (widget_class, "session.coop-result", "s", coop_result_action);
  gtk_widget_class_install_action (widget_class, "session.toggle-timer", NULL, toggle_timer_action);
  gtk_widget_class_install_action (widget_class, "session.finish", NULL, finish_action);
  gtk_widget_class_install_action (widget_class, "session.abandon", NULL, abandon_action);
  gtk_widget_class_install_action (widget_class, "session.show-ledger", NULL, show_ledger_action);
  gtk_widget_class_install_action (widget_class, "session.clock-limits", NULL, clock_limits_action);

  g_type_ensure (TK_TYPE_INVITE_BAR);
  gtk_widget_class_bind_template_child (widget_class, TkSessionView, invite_bar);
  gtk_widget_class_install_action (widget_class, "session.invite", NULL, invite_action);
}

static void
tk_session_view_init (TkSessionView *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->score_buttons = g_ptr_array_new ();

  g_signal_connect_swapped (gtk_text_view_get_buffer (self->notes_view), "changed",
                            G_CALLBACK (on_notes_changed), self);
  tk_text_limit_text_view (self->notes_view, TK_TEXT_NOTES);

  /* Ctrl+Z / Ctrl+Shift+Z while the session is shown; a focused text field (the notes, a
   * score entry) keeps its own undo, since managed shortcuts run after it. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("session.undo")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK),
                                                          gtk_named_action_new ("session.redo")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  add_clock_key (self);

  update_actions (self);
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
  flush_notes (self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  tk_turn_clock_view_set_session (self->clock_view, session);

  buffer = gtk_text_view_get_buffer (self->notes_view);
  self->loading_notes = TRUE;
  gtk_text_buffer_set_text (buffer, session != NULL && tk_session_get_notes (session) != NULL
                                    ? tk_session_get_notes (session) : "", -1);
  self->loading_notes = FALSE;

  if (session != NULL)
    {
      g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::can-undo", G_CALLBACK (update_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::can-redo", G_CALLBACK (update_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::timer-running", G_CALLBACK (update_timer_source),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::status", G_CALLBACK (update_actions), self,
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
  rebuild (self);
}

gboolean
tk_session_view_apply (TkSessionView *self,
                       JsonObject    *action)
{
  g_return_val_if_fail (TK_IS_SESSION_VIEW (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return apply_action (self, action);
}

void
tk_session_view_show_message (TkSessionView *self,
                              const char    *text)
{
  g_return_if_fail (TK_IS_SESSION_VIEW (self));
  g_return_if_fail (text != NULL);

  show_message (self, text);
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
