/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-options.h — the City Plan options of the New Session dialog (TkSetupOptions). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_OPTIONS (tk_city_plan_options_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanOptions, tk_city_plan_options, TK, CITY_PLAN_OPTIONS, AdwPreferencesGroup)

G_END_DECLS
