/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-cities.h — the City Plan panel's cities (each player's power plants and the
 * buildings in their rows, the hand and the manifestos), bound to a TkCityPlanModel. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-city-plan-model.h"

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_CITIES (tk_city_plan_cities_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanCities, tk_city_plan_cities, TK, CITY_PLAN_CITIES, TkPanelPart)

G_END_DECLS
