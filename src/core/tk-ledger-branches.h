/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger-branches.h — a session continued on two devices while they were apart.
 *
 * Each device moved the session's head (by an action, an Undo, a Redo) without knowing of
 * the other's moves; once both are here the head register's winner is shown, and the
 * other stays in the tree.  The branches are the heads no device has replaced since, each
 * with the device that made it, leaving out a head that lies on another's path (an Undo
 * on one device while the other played on is not a second way the game went).  Keeping
 * one writes a head that replaces them all, with that branch's game timer, so it holds on
 * every device.  Docs: docs/formats.md, "Sync: sessions".
 */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  char     *action_uid;    /* the branch's last action */
  char     *device_uid;    /* the device that continued the session this way */
  char     *device_name;   /* its name when it had one, else NULL */
  gint64    n_actions;     /* actions from the first to this one */
  gboolean  current;       /* the branch the session shows now */
} TkLedgerBranch;

void       tk_ledger_branch_free   (TkLedgerBranch *branch);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkLedgerBranch, tk_ledger_branch_free)

/* The branches of session @session_id (GPtrArray of TkLedgerBranch, by action uid): empty
 * unless it was continued on two devices (or more) while apart. */
GPtrArray *tk_ledger_branches      (TkStore     *store,
                                    gint64       session_id,
                                    GError     **error);
/* Keeps the branch ending at @action_uid: the session's head goes there on every device,
 * with the game timer of that branch, and the session has no branches any more. */
gboolean   tk_ledger_keep_branch   (TkStore     *store,
                                    gint64       session_id,
                                    const char  *action_uid,
                                    GError     **error);

G_END_DECLS
