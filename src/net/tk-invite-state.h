/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-state.h — what a guest's phone is shown: one "state" message.
 *
 * Built from the session after it committed (never from what a guest sent), so every phone
 * shows the host's ledger.  Only this session's table travels: its players, scores, the
 * latest ledger lines, whose turn it is and, for the games a guest plays on the phone, their
 * own sheet or score column.
 */
#pragma once

#include "tk-session.h"

G_BEGIN_DECLS

/* The number of ledger lines a phone shows, newest first. */
#define TK_INVITE_LEDGER_LINES 3

/* The sequence number of the last ledger line that is not undone (0: none). */
gint64      tk_invite_state_ledger_seq (TkSession         *session);

/* @guests[seat] says who holds each seat as this guest sees it: "free", "you", "taken",
 * "pending" (someone asked for it) or "asked" (this guest asked for it). */
JsonObject *tk_invite_state_build      (TkSession         *session,
                                        int                seat,
                                        gint64             revision,
                                        const char *const *guests);

G_END_DECLS
