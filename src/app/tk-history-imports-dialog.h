/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-imports-dialog.h — History → Imports: every import of plays from BG Stats or
 * BoardGameGeek, newest first, each with its Undo (asked first), long after its toast.
 */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_HISTORY_IMPORTS_DIALOG (tk_history_imports_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkHistoryImportsDialog, tk_history_imports_dialog, TK, HISTORY_IMPORTS_DIALOG,
                      AdwWindow)

/* Signal "undone" (gint64 import_id): an import was taken out of the library. */
TkHistoryImportsDialog *tk_history_imports_dialog_new (TkStore   *store,
                                                        GtkWindow *parent);
/* The number of imports listed (for tests). */
guint                   tk_history_imports_dialog_get_n_imports (TkHistoryImportsDialog *self);

G_END_DECLS
