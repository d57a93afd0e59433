/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-panel.h — the Agora bookkeeping panel of a session (see tk-game-panel-base.h). */
#pragma once

#include "panels/tk-game-panel-base.h"
#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_PANEL (tk_agora_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraPanel, tk_agora_panel, TK, AGORA_PANEL, TkGamePanel)

G_END_DECLS
