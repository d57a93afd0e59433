/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-branch-bar.h — "Continued on Phone and on Laptop — keep which?": the bar a session
 * shows while it has branches made on two devices apart (tk-ledger-branches.h), with a
 * button per branch.  Keeping one asks the Table page to read its sessions again
 * ("table.reload"). */
#pragma once

#include <adwaita.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_BRANCH_BAR (tk_branch_bar_get_type ())
G_DECLARE_FINAL_TYPE (TkBranchBar, tk_branch_bar, TK, BRANCH_BAR, AdwBin)

GtkWidget *tk_branch_bar_new         (void);
/* Reads @session's branches (NULL: none) and shows the bar when it has any. */
void       tk_branch_bar_set_session (TkBranchBar *self,
                                      TkSession   *session);
/* Whether the bar is shown (for tests). */
gboolean   tk_branch_bar_get_shown   (TkBranchBar *self);

G_END_DECLS
