/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-tiles.h — the City Plan panel's income tiles, bound to a TkCityPlanModel. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-city-plan-model.h"

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_TILES (tk_city_plan_tiles_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanTiles, tk_city_plan_tiles, TK, CITY_PLAN_TILES, TkPanelPart)

G_END_DECLS
