/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-players.h — the players of the Metromania panel: a card per player with the
 * total, the state of both lines, the stations built, the markers in hand and placed and the
 * categories of the score, read from the TkMetromaniaModel bound to "model" (a TkPanelPart). */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metromania-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_PLAYERS (tk_metromania_players_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaPlayers, tk_metromania_players, TK, METROMANIA_PLAYERS,
                      TkPanelPart)

G_END_DECLS
