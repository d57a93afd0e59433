/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-dialog.h — History → Import… for BG Stats and BoardGameGeek files: reads
 * them off the main thread, previews what will be written (counts, dates, what is skipped
 * and why, the players with their roster names to change), then writes with a progress bar.
 */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_HISTORY_IMPORT_DIALOG (tk_history_import_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkHistoryImportDialog, tk_history_import_dialog, TK, HISTORY_IMPORT_DIALOG,
                      AdwWindow)

/* Starts reading @files (a GListModel of GFile: one export, or BGG pages) at once.  When the
 * plays are written, ::imported (gint64 import id, guint plays written) is emitted and the
 * dialog closes; the import id is what tk_history_import_undo() takes. */
TkHistoryImportDialog *tk_history_import_dialog_new       (TkStore     *store,
                                                           GListModel  *files,
                                                           GtkWindow   *parent);
/* The preview's text (empty until the files are read), for tests. */
const char            *tk_history_import_dialog_get_summary (TkHistoryImportDialog *self);
/* Whether the files are read and the preview shown. */
gboolean               tk_history_import_dialog_is_ready    (TkHistoryImportDialog *self);

G_END_DECLS
