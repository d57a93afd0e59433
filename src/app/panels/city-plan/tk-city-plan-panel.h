/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel.h — the City Plan bookkeeping panel of a session (see
 * tk-game-panel-base.h). */
#pragma once

#include "panels/tk-game-panel-base.h"
#include "tk-city-plan-model.h"

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_PANEL (tk_city_plan_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanPanel, tk_city_plan_panel, TK, CITY_PLAN_PANEL, TkGamePanel)

G_END_DECLS
