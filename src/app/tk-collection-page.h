/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-page.h — the Collection page: the games you own, want or have played. */
#pragma once

#include <adwaita.h>

#include "tk-collection.h"
#include "tk-game-list.h"
#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_COLLECTION_PAGE (tk_collection_page_get_type ())
G_DECLARE_FINAL_TYPE (TkCollectionPage, tk_collection_page, TK, COLLECTION_PAGE, AdwBin)

GtkWidget    *tk_collection_page_new            (void);
TkStore      *tk_collection_page_get_store      (TkCollectionPage *self);
void          tk_collection_page_set_store      (TkCollectionPage *self,
                                                 TkStore          *store);

/* For tests and the other pages: the collection and the list shown (NULL without a store). */
TkCollection *tk_collection_page_get_collection (TkCollectionPage *self);
GListModel   *tk_collection_page_get_model      (TkCollectionPage *self);
/* Shows the details of @game_id (on narrow windows, instead of the list). */
void          tk_collection_page_show_game      (TkCollectionPage *self,
                                                 gint64            game_id);
/* The game whose details are shown, 0 if none. */
gint64        tk_collection_page_get_shown_game (TkCollectionPage *self);
/* Imports a BoardGameGeek CSV as the Import button does after its file chooser: in a
 * worker, with the progress bar, then a toast (or a dialog) saying what was done. */
void          tk_collection_page_import_file    (TkCollectionPage *self,
                                                 GFile            *file);

G_END_DECLS
