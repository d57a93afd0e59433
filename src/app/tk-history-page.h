/* tk-history-page.h — the History page: finished plays and their statistics. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_HISTORY_PAGE (tk_history_page_get_type ())
G_DECLARE_FINAL_TYPE (TkHistoryPage, tk_history_page, TK, HISTORY_PAGE, AdwBin)

GtkWidget *tk_history_page_new       (void);
TkStore   *tk_history_page_get_store (TkHistoryPage *self);
void       tk_history_page_set_store (TkHistoryPage *self,
                                    TkStore     *store);

G_END_DECLS
