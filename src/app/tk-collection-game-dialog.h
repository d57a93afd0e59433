/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-game-dialog.h — add a game by hand, or edit the facts of one. */
#pragma once

#include <adwaita.h>

#include "tk-collection.h"

G_BEGIN_DECLS

#define TK_TYPE_COLLECTION_GAME_DIALOG (tk_collection_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkCollectionGameDialog, tk_collection_game_dialog, TK, COLLECTION_GAME_DIALOG, AdwWindow)

/* @game NULL: a new game.  Signal "saved" (gint64 game_id) when the game was written. */
TkCollectionGameDialog *tk_collection_game_dialog_new        (GtkWindow              *parent,
                                                              TkCollection           *collection,
                                                              TkGame                 *game);
/* The current validation message, or NULL when the form is valid. */
const char             *tk_collection_game_dialog_get_problem (TkCollectionGameDialog *self);

G_END_DECLS
