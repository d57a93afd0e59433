/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger-dialog.h — a session's whole ledger, every action with its time, in a window of
 * its own (undone actions struck through). */
#pragma once

#include <adwaita.h>

#include "tk-ledger-entry.h"
#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_LEDGER_DIALOG (tk_ledger_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkLedgerDialog, tk_ledger_dialog, TK, LEDGER_DIALOG, AdwWindow)

TkLedgerDialog *tk_ledger_dialog_new (GtkWindow *parent,
                                      TkSession *session);

/* One ledger line (time, text, struck through when undone) for a list item or a box; the
 * session view's latest lines use the same. */
GtkWidget      *tk_ledger_line_new   (void);
void            tk_ledger_line_set   (GtkWidget     *line,
                                      TkLedgerEntry *entry);

G_END_DECLS
