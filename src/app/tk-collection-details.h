/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-details.h — the details of one game on the Collection page. */
#pragma once

#include <adwaita.h>

#include "tk-collection.h"

G_BEGIN_DECLS

#define TK_TYPE_COLLECTION_DETAILS (tk_collection_details_get_type ())
G_DECLARE_FINAL_TYPE (TkCollectionDetails, tk_collection_details, TK, COLLECTION_DETAILS, GtkWidget)

GtkWidget    *tk_collection_details_new            (void);
void          tk_collection_details_set_collection (TkCollectionDetails *self,
                                                    TkCollection        *collection);
/* Shows the game @game_id (0: none). */
void          tk_collection_details_set_game_id    (TkCollectionDetails *self,
                                                    gint64               game_id);
gint64        tk_collection_details_get_game_id    (TkCollectionDetails *self);
/* The game shown, as last read from the library, or NULL. */
TkGame       *tk_collection_details_get_game       (TkCollectionDetails *self);

/* Copies @file into the app's covers folder and makes the copy the cover of the game shown
 * (what "Choose Cover…" does with the chosen file). */
void          tk_collection_details_choose_cover_file (TkCollectionDetails *self,
                                                       GFile               *file);

/* Shows the Back button (when the page is folded to one pane). */
void          tk_collection_details_set_show_back  (TkCollectionDetails *self,
                                                    gboolean             show_back);

G_END_DECLS
