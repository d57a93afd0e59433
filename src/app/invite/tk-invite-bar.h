/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-bar.h — "Guests can join": the strip above a session while phones may join.
 *
 * The bar owns the session's invitation server: tk_invite_bar_invite () starts it (and
 * shows the code), Stop, tk_invite_bar_stop () or the bar's end (the session view showing
 * another session, the window closing, the app quitting) stops it.
 */
#pragma once

#include <adwaita.h>

#include "tk-invite-server.h"

G_BEGIN_DECLS

#define TK_TYPE_INVITE_BAR (tk_invite_bar_get_type ())
G_DECLARE_FINAL_TYPE (TkInviteBar, tk_invite_bar, TK, INVITE_BAR, AdwBin)

/* Starts inviting to @session (or shows the code again when it already is). */
gboolean        tk_invite_bar_invite     (TkInviteBar *self,
                                          TkSession   *session,
                                          GError     **error);
void            tk_invite_bar_stop       (TkInviteBar *self);
/* The running server, or NULL. */
TkInviteServer *tk_invite_bar_get_server (TkInviteBar *self);
/* The open "Invite Players" window, or NULL; for tests. */
GtkWidget      *tk_invite_bar_get_dialog (TkInviteBar *self);

G_END_DECLS
