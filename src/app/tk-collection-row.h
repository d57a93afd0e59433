/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-row.h — one game in the Collection page's list. */
#pragma once

#include <adwaita.h>

#include "tk-game.h"

G_BEGIN_DECLS

#define TK_TYPE_COLLECTION_ROW (tk_collection_row_get_type ())
G_DECLARE_FINAL_TYPE (TkCollectionRow, tk_collection_row, TK, COLLECTION_ROW, GtkWidget)

GtkWidget  *tk_collection_row_new        (void);
TkGame     *tk_collection_row_get_game   (TkCollectionRow *self);
void        tk_collection_row_set_game   (TkCollectionRow *self,
                                          TkGame          *game);

/* The title to show for @game in the UI language (its Japanese title in a Japanese UI,
 * when it has one), and the other one or NULL. */
const char *tk_collection_display_title  (TkGame          *game,
                                          const char     **other_title);

G_END_DECLS
