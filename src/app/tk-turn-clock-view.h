/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-turn-clock-view.h — the session view's turn clock: whose turn, each player's time, a
 * large Next Player button (Space), a tap on a player to give them the turn, pause and
 * resume, and the limits dialog.  Every press is a ledger action (tk-session-turns.h)
 * applied through the session view, so it is committed first and undoable. */
#pragma once

#include <adwaita.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_TURN_CLOCK_VIEW (tk_turn_clock_view_get_type ())
G_DECLARE_FINAL_TYPE (TkTurnClockView, tk_turn_clock_view, TK, TURN_CLOCK_VIEW, GtkWidget)

void        tk_turn_clock_view_set_session    (TkTurnClockView *self,
                                               TkSession       *session);
/* Next Player, as Space does (FALSE when the view is not shown or the session closed). */
gboolean    tk_turn_clock_view_next           (TkTurnClockView *self);
/* Opens the dialog for the per-turn budget and the bank. */
void        tk_turn_clock_view_edit_limits    (TkTurnClockView *self);
/* For tests: the time shown for @seat ("1:05"), and the status line. */
const char *tk_turn_clock_view_get_shown_time (TkTurnClockView *self,
                                               guint            seat);
const char *tk_turn_clock_view_get_status     (TkTurnClockView *self);

G_END_DECLS
