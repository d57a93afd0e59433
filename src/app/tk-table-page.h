/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-table-page.h — the Table page: the sessions running at the table. */
#pragma once

#include <adwaita.h>

#include "tk-session-view.h"
#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_TABLE_PAGE (tk_table_page_get_type ())
G_DECLARE_FINAL_TYPE (TkTablePage, tk_table_page, TK, TABLE_PAGE, AdwBin)

GtkWidget     *tk_table_page_new              (void);
TkStore       *tk_table_page_get_store        (TkTablePage *self);
void          tk_table_page_set_store         (TkTablePage *self,
                                               TkStore     *store);
/* The open sessions, newest first (GListModel of TkSession). */
GListModel    *tk_table_page_get_model        (TkTablePage *self);
/* Shows the open session @id; FALSE if there is none. */
gboolean       tk_table_page_show_session     (TkTablePage *self,
                                               gint64       id);
TkSessionView *tk_table_page_get_session_view (TkTablePage *self);
/* Space on the page: the shown session's next player; FALSE when it did nothing. */
gboolean       tk_table_page_pass_turn        (TkTablePage *self);
/* The window is closing: running turns are written, clocks and game timers paused. */
void           tk_table_page_close_sessions   (TkTablePage *self);
/* Reads the open sessions from the library again. */
void           tk_table_page_reload           (TkTablePage *self);
/* The same, when a sync (or a change here) added an operation on a session since. */
void           tk_table_page_reload_if_synced (TkTablePage *self);
/* Opens the New Session dialog with the library's game @game_id already chosen. */
void           tk_table_page_new_session_for_game (TkTablePage *self,
                                                   gint64       game_id);

G_END_DECLS
