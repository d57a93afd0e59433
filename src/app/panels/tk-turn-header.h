/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-turn-header.h — the heading of a panel's turn: whose turn or which phase, and what to do
 * now ("Round 3 · Ana’s turn" / "Draw a card or …").  One look for every panel. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TK_TYPE_TURN_HEADER (tk_turn_header_get_type ())
G_DECLARE_FINAL_TYPE (TkTurnHeader, tk_turn_header, TK, TURN_HEADER, GtkBox)

/* The heading (the widget named "turn-title"); NULL or "" hides it. */
void       tk_turn_header_set_title  (TkTurnHeader *self,
                                      const char   *title);
/* What to do now (the widget named "turn-detail"); NULL or "" hides it. */
void       tk_turn_header_set_detail (TkTurnHeader *self,
                                      const char   *detail);

G_END_DECLS
