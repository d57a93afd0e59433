/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-new-session-dialog.h — start a session: game, players and seats, score mode, teams. */
#pragma once

#include <adwaita.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_NEW_SESSION_DIALOG (tk_new_session_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkNewSessionDialog, tk_new_session_dialog, TK, NEW_SESSION_DIALOG, AdwWindow)

typedef enum
{
  TK_SCORE_MODE_HIGH,
  TK_SCORE_MODE_LOW,
  TK_SCORE_MODE_COOP,
} TkScoreMode;

TkNewSessionDialog *tk_new_session_dialog_new            (GtkWindow          *parent,
                                                          TkStore            *store);
/* What the widgets do, for tests and for callers that know the game already. */
void                tk_new_session_dialog_set_game       (TkNewSessionDialog *self,
                                                          gint64              game_id,
                                                          const char         *title);
gboolean            tk_new_session_dialog_add_player     (TkNewSessionDialog *self,
                                                          const char         *name,
                                                          const char         *colour,
                                                          GError            **error);
void                tk_new_session_dialog_set_score_mode (TkNewSessionDialog *self,
                                                          TkScoreMode         mode);
guint               tk_new_session_dialog_get_n_seats    (TkNewSessionDialog *self);
/* The engine a session started now would use (the game's own or the score pad). */
const char         *tk_new_session_dialog_get_rules_id   (TkNewSessionDialog *self);
/* Chooses the game's own bookkeeper (TRUE) or the score pad only (FALSE). */
void                tk_new_session_dialog_set_use_own_rules (TkNewSessionDialog *self,
                                                             gboolean            own);

G_END_DECLS
