/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-view-private.h — what the parts of TkSessionView share: the instance struct and
 * the functions one part calls in another (prefixed _tk_session_view_, the way GNOME Text
 * Editor marks a class's shared internals).  Nothing outside src/app/tk-session-view*.c
 * includes this file.
 *
 *   tk-session-view.c          the object, toasts, the timer, notes, the panel host, the
 *                              public API
 *   tk-session-view-sheet.c    the score sheet, the ledger's latest lines, rebuilding the view
 *   tk-session-view-actions.c  the session.* actions: undo, scores, finish and abandon,
 *                              installed from class_init by _tk_session_view_class_actions_init
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "invite/tk-invite-bar.h"
#include "tk-branch-bar.h"
#include "panels/tk-end-card.h"
#include "panels/tk-players-strip.h"
#include "tk-session-view.h"
#include "tk-turn-clock-view.h"

G_BEGIN_DECLS

struct _TkSessionView
{
  AdwBin        parent_instance;

  TkSession    *session;
  GPtrArray    *score_buttons;  /* GtkButton, round-major (n_players per round) */
  guint         n_rounds;
  guint         n_pad_players;  /* the pad's columns, as built */
  int           focus_after;    /* the score cell (index in score_buttons) that takes the
                                 * keyboard focus once the pad is built again, -1: none;
                                 * score_buttons->len: Add Round */
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
  GtkWidget    *add_round_button;
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
  TkBranchBar  *branch_bar;    /* continued on two devices apart: which to keep */
  GtkMenuButton *session_menu_button;
  GMenuModel   *session_menu;   /* given to the button on its first opening */
};

enum
{
  FINISHED,
  ABANDONED,
  N_SIGNALS
};

/* tk-session-view.c */
extern guint _tk_session_view_signals[N_SIGNALS];

void
_tk_session_view_show_toast (TkSessionView *self,
                             const char    *text,
                             gboolean       with_undo);
void
_tk_session_view_show_message (TkSessionView *self,
                               const char    *text);
void
_tk_session_view_show_undo_toast (TkSessionView *self);
gboolean
_tk_session_view_apply_action (TkSessionView *self,
                               JsonObject    *action);
void
_tk_session_view_update_timer_source (TkSessionView *self);
void
_tk_session_view_update_actions (TkSessionView *self);
void
_tk_session_view_flush_notes (TkSessionView *self);

/* tk-session-view-sheet.c */
void
_tk_session_view_rebuild (TkSessionView *self);

/* tk-session-view-actions.c: installs the session.* actions, called from class_init */
void
_tk_session_view_class_actions_init (TkSessionViewClass *klass);

G_END_DECLS
