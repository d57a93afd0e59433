/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-dialog.h — the invitation: its QR code and address, and the seats. */
#pragma once

#include <adwaita.h>

#include "tk-invite-server.h"

G_BEGIN_DECLS

#define TK_TYPE_INVITE_DIALOG (tk_invite_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkInviteDialog, tk_invite_dialog, TK, INVITE_DIALOG, AdwWindow)

GtkWidget *tk_invite_dialog_new        (GtkWindow      *parent,
                                        TkInviteServer *server);
/* The seat rows' buttons, for tests: "accept", "refuse" or "take-back" of @seat, or NULL. */
GtkWidget *tk_invite_dialog_get_button (TkInviteDialog *self,
                                        guint           seat,
                                        const char     *which);

G_END_DECLS
