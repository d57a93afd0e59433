/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-log-dialog.h — log a play by hand (game, date, duration, players and scores),
 * or edit or delete a play of the history. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_HISTORY_LOG_DIALOG (tk_history_log_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkHistoryLogDialog, tk_history_log_dialog, TK, HISTORY_LOG_DIALOG, AdwWindow)

TkHistoryLogDialog *tk_history_log_dialog_new (GtkWindow *parent,
                                               TkStore   *store);
/* Edits the stored play @play_id (NULL and @error when it cannot be read); the dialog
 * also offers Delete (::deleted). */
TkHistoryLogDialog *tk_history_log_dialog_new_for_play (GtkWindow *parent,
                                                        TkStore   *store,
                                                        gint64     play_id,
                                                        GError   **error);
/* Sets the score of the @index-th player row (seat order); FALSE when there is none. */
gboolean            tk_history_log_dialog_set_score    (TkHistoryLogDialog *self,
                                                        guint               index,
                                                        double              score);

G_END_DECLS
