/* tk-agora-panel.h — the Agora bookkeeping panel of a session (see tk-game-panel.h). */
#pragma once

#include <adwaita.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_PANEL (tk_agora_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraPanel, tk_agora_panel, TK, AGORA_PANEL, AdwBin)

G_END_DECLS
