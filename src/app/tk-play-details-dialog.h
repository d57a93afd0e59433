/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-details-dialog.h — one play of the history as it was: date, length, place, the
 * players with their ranks and scores, and the score breakdown of a play a bookkeeper
 * scored; Edit hands over to the log dialog. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_PLAY_DETAILS_DIALOG (tk_play_details_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkPlayDetailsDialog, tk_play_details_dialog, TK, PLAY_DETAILS_DIALOG, AdwWindow)

/* The stored play @play_id (NULL and @error when it cannot be read).  ::edit is emitted
 * with the play's id when the user asks to edit it; the dialog then closes. */
TkPlayDetailsDialog *tk_play_details_dialog_new     (GtkWindow           *parent,
                                                     TkStore             *store,
                                                     gint64               play_id,
                                                     GError             **error);
gint64               tk_play_details_dialog_get_play_id (TkPlayDetailsDialog *self);

G_END_DECLS
