/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger.h — the raw rows of a session's ledger (table session_actions).
 *
 * One row per action: (session_id, seq, created_at, action JSON, undone).  The rows that
 * are undone always form a tail of the ledger (undo marks the last active row, redo
 * un-marks the first undone one).  Appending a new action after undos DELETES that tail in
 * the same transaction, so the fold — every row with undone = 0, in seq order — never has
 * to skip anything in the middle.  The rules engines are not known here: see tk-session.h.
 */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  gint64    seq;
  gint64    created_at;   /* seconds since the epoch */
  char     *action;       /* JSON text */
  gboolean  undone;
} TkLedgerRow;

/* Every row of @session_id in seq order (GArray of TkLedgerRow, cleared on free). */
GArray   *tk_ledger_load        (TkStore     *store,
                                 gint64       session_id,
                                 GError     **error);
/* Deletes the undone tail, then inserts (seq, created_at, action), in one transaction
 * (nested in the caller's one if there is one). */
gboolean  tk_ledger_append      (TkStore     *store,
                                 gint64       session_id,
                                 gint64       seq,
                                 gint64       created_at,
                                 const char  *action,
                                 GError     **error);
gboolean  tk_ledger_set_undone  (TkStore     *store,
                                 gint64       session_id,
                                 gint64       seq,
                                 gboolean     undone,
                                 GError     **error);
gint64    tk_ledger_count       (TkStore     *store,
                                 gint64       session_id,
                                 GError     **error);

G_END_DECLS
