/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-turn-card.h — the City Plan panel's turn card, bound to a TkCityPlanModel. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-city-plan-model.h"

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_TURN_CARD (tk_city_plan_turn_card_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanTurnCard, tk_city_plan_turn_card, TK, CITY_PLAN_TURN_CARD,
                      TkPanelPart)

G_END_DECLS
