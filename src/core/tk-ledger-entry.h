/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger-entry.h — one readable line of a session's ledger, for list views. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TK_TYPE_LEDGER_ENTRY (tk_ledger_entry_get_type ())
G_DECLARE_FINAL_TYPE (TkLedgerEntry, tk_ledger_entry, TK, LEDGER_ENTRY, GObject)

TkLedgerEntry *tk_ledger_entry_new            (gint64         seq,
                                               gint64         created_at,
                                               const char    *text,
                                               gboolean       undone);
gint64         tk_ledger_entry_get_seq        (TkLedgerEntry *self);
gint64         tk_ledger_entry_get_created_at (TkLedgerEntry *self);
const char    *tk_ledger_entry_get_text       (TkLedgerEntry *self);
gboolean       tk_ledger_entry_get_undone     (TkLedgerEntry *self);
void           tk_ledger_entry_set_undone     (TkLedgerEntry *self,
                                               gboolean       undone);

G_END_DECLS
