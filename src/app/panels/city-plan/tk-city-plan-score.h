/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-score.h — the City Plan panel's score card (ranks, each line, the development
 * bonus, the tie-breaks), bound to a TkCityPlanModel. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-city-plan-model.h"

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_SCORE (tk_city_plan_score_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanScore, tk_city_plan_score, TK, CITY_PLAN_SCORE, TkPanelPart)

G_END_DECLS
