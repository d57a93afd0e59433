/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger.h — the raw rows of a session's ledger (table session_actions).
 *
 * The ledger is a tree (library format 12): each action has a uid and its parent's uid, and
 * the session's head (sessions.head) names the action the session stands at (NULL: before
 * the first).  Undo moves the head to its parent, Redo to a child; a new action is a child
 * of the head and becomes the head, so actions undone before it stay in the tree as another
 * branch.  Nothing is ever deleted: another device may have continued from any of them.
 *
 * What a session folds is the path from the first action to the head; what it can redo is
 * the path on from the head, each time to the newest child (the largest seq).  seq numbers
 * the rows of one session in the order this library got them; it is local, never synced.
 * The rules engines are not known here: see tk-session.h.  Branches made on two devices
 * while apart: tk-ledger-branches.h.
 */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  gint64    seq;
  gint64    created_at;   /* seconds since the epoch */
  char     *action;       /* JSON text */
  gboolean  undone;       /* after the head: what Redo would bring back */
  char     *uid;          /* the action's uid, the same on every device */
} TkLedgerRow;

/* The path to the head, then the redo path (undone = TRUE), as a GArray of TkLedgerRow
 * (cleared on free). */
GArray   *tk_ledger_load        (TkStore     *store,
                                 gint64       session_id,
                                 GError     **error);
/* Inserts @action (created at @created_at) as a child of the head and makes it the head,
 * in one transaction (nested in the caller's one if there is one).  @out_seq and @out_uid
 * (may be NULL) receive the row's seq and uid. */
gboolean  tk_ledger_append      (TkStore     *store,
                                 gint64       session_id,
                                 gint64       created_at,
                                 const char  *action,
                                 gint64      *out_seq,
                                 char       **out_uid,
                                 GError     **error);
/* Moves the head to @uid (NULL: before the first action), in one transaction. */
gboolean  tk_ledger_set_head    (TkStore     *store,
                                 gint64       session_id,
                                 const char  *uid,
                                 GError     **error);
/* Every action of the session, all branches. */
gint64    tk_ledger_count       (TkStore     *store,
                                 gint64       session_id,
                                 GError     **error);

G_END_DECLS
