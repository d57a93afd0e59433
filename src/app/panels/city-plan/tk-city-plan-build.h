/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-build.h — the City Plan build flow, a part of the turn card: pick a card of the
 * card table (or type one), see what it costs the active player after their reductions,
 * choose the plant that powers it, build. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-city-plan-model.h"

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_BUILD (tk_city_plan_build_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanBuild, tk_city_plan_build, TK, CITY_PLAN_BUILD, TkPanelPart)

G_END_DECLS
