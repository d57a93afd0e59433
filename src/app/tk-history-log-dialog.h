/* tk-history-log-dialog.h — log a play by hand: game, date, duration, players and scores. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_HISTORY_LOG_DIALOG (tk_history_log_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkHistoryLogDialog, tk_history_log_dialog, TK, HISTORY_LOG_DIALOG, AdwWindow)

TkHistoryLogDialog *tk_history_log_dialog_new (GtkWindow *parent,
                                               TkStore   *store);

G_END_DECLS
