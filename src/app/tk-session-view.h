/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-view.h — one session at the table: players, score pad, ledger, timer, notes. */
#pragma once

#include <adwaita.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_SESSION_VIEW (tk_session_view_get_type ())
G_DECLARE_FINAL_TYPE (TkSessionView, tk_session_view, TK, SESSION_VIEW, AdwBin)

GtkWidget  *tk_session_view_new              (void);
TkSession  *tk_session_view_get_session      (TkSessionView *self);
void        tk_session_view_set_session      (TkSessionView *self,
                                              TkSession     *session);
/* Applies @action through the session; a refusal shows its reason in a toast, an accepted
 * action the Undo toast.  Returns whether the session took it (the game panels use this). */
gboolean    tk_session_view_apply            (TkSessionView *self,
                                              JsonObject    *action);
/* Shows @text in a toast (a hint or a warning that changes nothing). */
void        tk_session_view_show_message     (TkSessionView *self,
                                              const char    *text);
/* The back button (to the list of sessions), for a folded page. */
void        tk_session_view_set_back_visible (TkSessionView *self,
                                              gboolean       visible);
/* The total shown for @seat in the players strip (for tests), or NULL. */
const char *tk_session_view_get_shown_total  (TkSessionView *self,
                                              guint          seat);
/* The caption under @seat's total: rank, team total and rank, or co-op result (tests). */
const char *tk_session_view_get_shown_rank   (TkSessionView *self,
                                              guint          seat);
/* The score shown in the pad for @round (1-based) and @seat (for tests), or NULL. */
const char *tk_session_view_get_shown_score  (TkSessionView *self,
                                              guint          round,
                                              guint          seat);

/* Space at the table: the next player's turn, unless the focus types text. */
gboolean    tk_session_view_pass_turn        (TkSessionView *self);

G_END_DECLS
