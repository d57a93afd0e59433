/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-build.h — the City Plan build flow: pick a card of the card table (or type one),
 * see what it costs this player after their reductions, choose the plant that powers it. */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_BUILD (tk_city_plan_build_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanBuild, tk_city_plan_build, TK, CITY_PLAN_BUILD, GtkBox)

GtkWidget  *tk_city_plan_build_new         (void);
/* The card table (@cards), the building player's state (@player, from the engine's
 * "players") and name; the choice is kept while the same card and plant still exist. */
void        tk_city_plan_build_set_player  (TkCityPlanBuild *self,
                                            JsonArray       *cards,
                                            JsonObject      *player,
                                            const char      *name);
/* Forgets the choice (after the build). */
void        tk_city_plan_build_reset       (TkCityPlanBuild *self);
/* A "build" action for the choice; FALSE with a readable message when nothing is chosen. */
JsonObject *tk_city_plan_build_make_action (TkCityPlanBuild *self,
                                            GError         **error);

G_END_DECLS
