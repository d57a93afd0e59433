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

/* Shows the Back button (when the page is folded to one pane). */
void          tk_collection_details_set_show_back  (TkCollectionDetails *self,
                                                    gboolean             show_back);

G_END_DECLS
