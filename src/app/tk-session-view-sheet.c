/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-view-sheet.c — the session view's score sheet (a cell per round and seat, the
 * totals), the ledger's latest lines, and rebuilding everything shown from the TkSession
 * after it committed.
 */
#define G_LOG_DOMAIN "tk-session-view"

#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "panels/tk-panel-host.h"
#include "panels/tk-points.h"
#include "tk-game-panel.h"
#include "tk-text-limit.h"
#include "tk-ledger-dialog.h"
#include "tk-ledger-entry.h"
#include "tk-session-view-private.h"
#include "tk-accessible.h"

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

/* A cell's points and its name ("Round 2, Ana: 12"), set again in place on every change. */
static void
set_cell (GtkWidget  *button,
          guint       round,
          const char *player,
          double      points)
{
  g_autofree char *text = tk_points_format (points);
  g_autofree char *where = g_strdup_printf (_("Round %u, %s"), round, player);
  /* Translators: a score pad cell read by a screen reader: "Round 2, Ana: 12" */
  g_autofree char *a11y = g_strdup_printf (_("%s: %s"), where, text);

  gtk_button_set_label (GTK_BUTTON (button), text);
  gtk_widget_set_tooltip_text (button, where);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
}

static GtkWidget *
make_cell (TkSessionView *self,
           guint          round,
           guint          seat)
{
  GtkWidget *button = gtk_button_new_with_label ("");
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *spin = gtk_spin_button_new_with_range (-1e9, 1e9, 1);
  GtkWidget *set = gtk_button_new_with_mnemonic (_("_Set"));

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "numeric");
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

/* Whether @line shows @entry's text. */
static gboolean
line_shows (GtkWidget     *line,
            TkLedgerEntry *entry)
{
  GtkWidget *text = gtk_widget_get_last_child (line);

  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (text)), tk_ledger_entry_get_text (entry)) == 0;
}

/* The lines are made once and set again (a tap must not rebuild them: new wrapped labels are
 * measured from nothing).  When one action was added, the oldest line moves to the end and
 * takes it, so the other two keep their layout. */
static void
update_ledger_latest (TkSessionView *self)
{
  GListModel *ledger = tk_session_get_ledger (self->session);
  guint n = g_list_model_get_n_items (ledger);
  guint first = n > LEDGER_LATEST ? n - LEDGER_LATEST : 0;
  GtkWidget *line = gtk_widget_get_next_sibling (self->ledger_empty);
  GtkWidget *last = gtk_widget_get_last_child (self->ledger_latest);

  if (n - first == LEDGER_LATEST && line != NULL && line != last &&
      gtk_widget_get_next_sibling (line) != last)
    {
      g_autoptr(TkLedgerEntry) oldest = g_list_model_get_item (ledger, first);

      if (line_shows (gtk_widget_get_next_sibling (line), oldest))
        {
          gtk_box_reorder_child_after (GTK_BOX (self->ledger_latest), line, last);
          line = gtk_widget_get_next_sibling (self->ledger_empty);
        }
    }
  for (guint i = first; i < n; i++)
    {
      g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (ledger, i);

      if (line == NULL)
        {
          line = tk_ledger_line_new ();
          gtk_box_append (GTK_BOX (self->ledger_latest), line);
        }
      tk_ledger_line_set (line, entry);
      line = gtk_widget_get_next_sibling (line);
    }
  while (line != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (line);

      gtk_box_remove (GTK_BOX (self->ledger_latest), line);
      line = next;
    }
  gtk_widget_set_visible (self->ledger_empty, n == 0);
}

/* After Add Round (the pad is made anew: the focus went with the old cells) or a score set
 * through the pad, the focus goes to the cell where the next score is typed. */
static void
place_focus (TkSessionView *self)
{
  int target = self->focus_after;

  self->focus_after = -1;
  if (target < 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  if ((guint) target < self->score_buttons->len)
    gtk_widget_grab_focus (g_ptr_array_index (self->score_buttons, target));
  else
    gtk_widget_grab_focus (self->add_round_button);
}

/* The pad's widgets for @n_players and @n_rounds, made when that shape changes (a round
 * scored, a player added) and otherwise kept: fill_grid () sets them again in place, so a
 * tap in a panel does not rebuild the pad. */
static void
build_grid (TkSessionView *self,
            guint          n_players,
            guint          n_rounds)
{
  clear_container (GTK_WIDGET (self->score_grid));
  g_ptr_array_set_size (self->score_buttons, 0);
  self->n_rounds = n_rounds;
  self->n_pad_players = n_players;
  for (guint i = 0; i < n_players; i++)
    {
      /* Column header of the pad. */
      GtkWidget *header = gtk_label_new (NULL);

      gtk_label_set_ellipsize (GTK_LABEL (header), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (header, "heading");
      gtk_widget_add_css_class (header, "tk-pad-header");
      gtk_grid_attach (self->score_grid, header, i + 1, 0, 1, 1);
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
          GtkWidget *cell = make_cell (self, r + 1, i);

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
          GtkWidget *t = gtk_label_new (NULL);

          gtk_widget_add_css_class (t, "heading");
          gtk_widget_add_css_class (t, "numeric");
          gtk_widget_add_css_class (t, "tk-pad-total");
          gtk_grid_attach (self->score_grid, t, i + 1, n_rounds + 1, 1, 1);
        }
    }
}

static void
fill_grid (TkSessionView *self,
           JsonArray     *players)
{
  guint n_players = self->n_pad_players, n_rounds = self->n_rounds;

  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      const char *name = json_object_get_string_member (p, "name");
      JsonArray *breakdown = json_object_get_array_member (p, "breakdown");

      gtk_label_set_text (GTK_LABEL (gtk_grid_get_child_at (self->score_grid, i + 1, 0)), name);
      for (guint r = 0; r < n_rounds; r++)
        {
          double points = 0;

          if (breakdown != NULL && r < json_array_get_length (breakdown))
            points = json_object_get_double_member_with_default (json_array_get_object_element (breakdown, r),
                                                                 "points", 0);
          set_cell (g_ptr_array_index (self->score_buttons, r * n_players + i), r + 1, name,
                    points);
        }
      gtk_label_set_text (GTK_LABEL (gtk_grid_get_child_at (self->score_grid, i + 1, n_rounds + 1)),
                          tk_players_strip_get_total (self->players_strip, i));
    }
}

void
_tk_session_view_rebuild (TkSessionView *self)
{
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;
  guint n_players, n_rounds;
  const char *coop;
  int first;

  if (self->session == NULL)
    {
      build_grid (self, 0, 0);
      return;
    }

  gtk_label_set_text (self->title_label, tk_session_get_display_title (self->session));
  score = tk_session_score (self->session);
  players = json_object_get_array_member (score, "players");
  n_players = players != NULL ? json_array_get_length (players) : 0;
  n_rounds = json_object_has_member (score, "rounds")
             ? (guint) json_object_get_int_member (score, "rounds") : 0;
  coop = json_object_has_member (score, "coop") ? json_object_get_string_member (score, "coop") : NULL;
  tk_players_strip_set_score (self->players_strip, score, tk_session_get_first_seat (self->session),
                              n_rounds > 0 ? TK_PLAYERS_STRIP_LEADER_ALWAYS
                              : gtk_widget_get_visible (GTK_WIDGET (self->panel_bin))
                              ? TK_PLAYERS_STRIP_LEADER_WHEN_SCORED : TK_PLAYERS_STRIP_LEADER_NEVER);
  if (n_players != self->n_pad_players || n_rounds != self->n_rounds ||
      gtk_widget_get_first_child (GTK_WIDGET (self->score_grid)) == NULL)
    build_grid (self, n_players, n_rounds);
  fill_grid (self, players);
  gtk_widget_set_visible (GTK_WIDGET (self->pad_hint), n_rounds == 0);
  place_focus (self);
  gtk_widget_set_visible (self->coop_box, coop != NULL);
  /* The end as the engine sees it: one card for every game, in place of the running totals
   * (each figure shown once), with Finish right there. */
  {
    gboolean over = tk_end_card_score_is_over (score, NULL);
    gboolean open = g_strcmp0 (tk_session_get_status (self->session), "open") == 0;

    gboolean was_over = gtk_widget_get_visible (GTK_WIDGET (self->end_card));

    if (over)
      tk_end_card_set_score (self->end_card, score);
    /* the end is said once, as it comes, with its banner ("Ana wins") */
    if (over && !was_over && gtk_widget_get_mapped (GTK_WIDGET (self)))
      {
        /* Translators: read by a screen reader as a game ends, e.g. "The game is over: Ana wins" */
        g_autofree char *text = g_strdup_printf (_("The game is over: %s"),
                                                 tk_end_card_get_title (self->end_card));

        tk_accessible_announce (GTK_WIDGET (self), text);
      }
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

  _tk_session_view_update_actions (self);
  _tk_session_view_update_timer_source (self);
}

