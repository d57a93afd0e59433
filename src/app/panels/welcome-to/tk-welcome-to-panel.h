/* tk-welcome-to-panel.h — the Welcome To... bookkeeping panel of a session (see tk-game-panel.h). */
#pragma once

#include <adwaita.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_WELCOME_TO_PANEL (tk_welcome_to_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToPanel, tk_welcome_to_panel, TK, WELCOME_TO_PANEL, AdwBin)

G_END_DECLS
