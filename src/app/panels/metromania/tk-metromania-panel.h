/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel.h — the Metromania bookkeeping panel of a session (see tk-game-panel.h). */
#pragma once

#include "panels/tk-game-panel-base.h"

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_PANEL (tk_metromania_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaPanel, tk_metromania_panel, TK, METROMANIA_PANEL, TkGamePanel)

G_END_DECLS
