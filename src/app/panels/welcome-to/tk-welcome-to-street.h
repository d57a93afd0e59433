/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-street.h — one street of the Welcome To... sheet shown: its parks, its
 * houses (TkWelcomeToHouse, made in a loop) and the fence slots between them.
 *
 * A TkPanelPart placed three times by class name in the panel's template, each with its
 * "street" and the panel's "model" bound.  It reads only the model, patches itself on the
 * model's ::changed (which houses take the pick, where a bis or a roundabout may go, which
 * fence slots the surveyor may use), and hands the taps on its houses
 * ("welcome-to.write-house(uu)") and fences ("welcome-to.fence(uu)") to the model; a hint
 * the model gives back goes up through "game-panel.show-message".
 */
#pragma once

#include "tk-panel-part.h"
#include "tk-welcome-to-model.h"

G_BEGIN_DECLS

#define TK_TYPE_WELCOME_TO_STREET (tk_welcome_to_street_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToStreet, tk_welcome_to_street, TK, WELCOME_TO_STREET, TkPanelPart)

G_END_DECLS
