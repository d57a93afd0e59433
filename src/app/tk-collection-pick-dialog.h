/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-pick-dialog.h — "What can we play?": a random owned game that fits. */
#pragma once

#include <adwaita.h>

#include "tk-collection.h"

G_BEGIN_DECLS

#define TK_TYPE_COLLECTION_PICK_DIALOG (tk_collection_pick_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkCollectionPickDialog, tk_collection_pick_dialog, TK, COLLECTION_PICK_DIALOG, AdwWindow)

TkCollectionPickDialog *tk_collection_pick_dialog_new      (GtkWindow              *parent,
                                                            TkCollection           *collection);
void                    tk_collection_pick_dialog_set_seed (TkCollectionPickDialog *self,
                                                            guint32                 seed);
/* Draws again with the current players and minutes; returns the pick (or NULL). */
TkGame                 *tk_collection_pick_dialog_reroll   (TkCollectionPickDialog *self);

G_END_DECLS
