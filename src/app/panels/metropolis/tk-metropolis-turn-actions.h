/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-turn-actions.h — the turn's buttons of the Metropolis panel: take income,
 * build (a tile chosen from the current player's board) and the coin correction. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_TURN_ACTIONS (tk_metropolis_turn_actions_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisTurnActions, tk_metropolis_turn_actions, TK, METROPOLIS_TURN_ACTIONS, TkPanelPart)

G_END_DECLS
