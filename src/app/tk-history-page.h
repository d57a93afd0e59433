/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-page.h — the History page: plays by date, filters and statistics. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_HISTORY_PAGE (tk_history_page_get_type ())
G_DECLARE_FINAL_TYPE (TkHistoryPage, tk_history_page, TK, HISTORY_PAGE, AdwBin)

GtkWidget  *tk_history_page_new       (void);
TkStore    *tk_history_page_get_store (TkHistoryPage *self);
void        tk_history_page_set_store (TkHistoryPage *self,
                                       TkStore       *store);
/* Reads the plays again (the page also does on every showing). */
void        tk_history_page_reload    (TkHistoryPage *self);
/* The plays listed, newest first, filters applied (GListModel of TkPlay). */
GListModel *tk_history_page_get_model (TkHistoryPage *self);
/* Imports a Tablekeeper plays file (what the ⋮ menu's Import does once a file is chosen):
 * all or nothing; a refused file is explained in a message dialog and changes nothing.  A
 * BG Stats export or a BoardGameGeek plays page opens the import's preview instead
 * (tk-history-import-dialog.h); once it is written, a toast offers to undo it all. */
gboolean    tk_history_page_import_file (TkHistoryPage *self,
                                         GFile         *file);

G_END_DECLS
