/* tk-table-page.h — the Table page: the sessions running at the table. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_TABLE_PAGE (tk_table_page_get_type ())
G_DECLARE_FINAL_TYPE (TkTablePage, tk_table_page, TK, TABLE_PAGE, AdwBin)

GtkWidget *tk_table_page_new       (void);
TkStore   *tk_table_page_get_store (TkTablePage *self);
void       tk_table_page_set_store (TkTablePage *self,
                                    TkStore     *store);

G_END_DECLS
