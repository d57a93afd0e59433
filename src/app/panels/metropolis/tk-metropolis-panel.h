/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel.h — the Foundations of Metropolis bookkeeping panel of a session (see tk-game-panel.h). */
#pragma once

#include "panels/tk-game-panel-base.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_PANEL (tk_metropolis_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisPanel, tk_metropolis_panel, TK, METROPOLIS_PANEL, TkGamePanel)

G_END_DECLS
