/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-turn.h — the turn being entered on the Welcome To... sheet shown: the round's
 * recorded cards (or a number and an effect), the temp agency's change, the refusal, the
 * cards recorder and the roundabout, then the prompt that says what to tap next (with the
 * bis's two sides, Skip Effect and Cancel).
 *
 * A TkPanelPart placed by class name in the panel's template with the panel's "model" bound.
 * It reads only the model, patches itself on the model's ::changed (never emptying a box),
 * and hands every tap to the model; a hint goes up through "game-panel.show-message".
 */
#pragma once

#include "tk-panel-part.h"
#include "tk-welcome-to-model.h"

G_BEGIN_DECLS

#define TK_TYPE_WELCOME_TO_TURN (tk_welcome_to_turn_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToTurn, tk_welcome_to_turn, TK, WELCOME_TO_TURN, TkPanelPart)

G_END_DECLS
