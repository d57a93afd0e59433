/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-players.h — the players of the Metropolis panel: a card per player with their
 * coins, income, lot markers and tiles left, deeds, population, prestige and rank (or what the
 * year's end would give now), the first-player token and whose turn it is. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_PLAYERS (tk_metropolis_players_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisPlayers, tk_metropolis_players, TK, METROPOLIS_PLAYERS, TkPanelPart)

G_END_DECLS
