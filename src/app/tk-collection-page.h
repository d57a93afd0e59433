/* tk-collection-page.h — the Collection page: the games you own, want or have played. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_COLLECTION_PAGE (tk_collection_page_get_type ())
G_DECLARE_FINAL_TYPE (TkCollectionPage, tk_collection_page, TK, COLLECTION_PAGE, AdwBin)

GtkWidget *tk_collection_page_new       (void);
TkStore   *tk_collection_page_get_store (TkCollectionPage *self);
void       tk_collection_page_set_store (TkCollectionPage *self,
                                    TkStore     *store);

G_END_DECLS
