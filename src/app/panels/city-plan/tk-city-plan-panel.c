/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel.c — the City Plan bookkeeping panel: a TkGamePanel whose model is a
 * TkCityPlanModel and whose template places its parts by class name — the turn card, the
 * cities, the income tiles and the score — each bound to the panel's "model".
 *
 * The parts talk only to the model: they read it and patch themselves on its ::changed, and
 * ask it for every change.  The panel's only work, TkGamePanel's given create_model (), is
 * to own the model and route its ::apply through the session view (tk_game_panel_apply),
 * which commits and shows the Undo toast or the engine's refusal.  So the arrows point one
 * way: panel → parts → model → session.
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include "tk-city-plan-cities.h"
#include "tk-city-plan-panel.h"
#include "tk-city-plan-score.h"
#include "tk-city-plan-tiles.h"
#include "tk-city-plan-turn-card.h"
#include "tk-session-style.h"

struct _TkCityPlanPanel
{
  TkGamePanel parent_instance;
};

G_DEFINE_FINAL_TYPE (TkCityPlanPanel, tk_city_plan_panel, TK_TYPE_GAME_PANEL)

static TkPanelModel *
create_model (TkGamePanel *self,
              TkSession   *session)
{
  return TK_PANEL_MODEL (tk_city_plan_model_new (session));
}

static void
tk_city_plan_panel_class_init (TkCityPlanPanelClass *klass)
{
  tk_session_style_ensure ();

  TK_GAME_PANEL_CLASS (klass)->create_model = create_model;

  g_type_ensure (TK_TYPE_CITY_PLAN_TURN_CARD);
  g_type_ensure (TK_TYPE_CITY_PLAN_CITIES);
  g_type_ensure (TK_TYPE_CITY_PLAN_TILES);
  g_type_ensure (TK_TYPE_CITY_PLAN_SCORE);
  tk_game_panel_class_set_template (TK_GAME_PANEL_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-panel.ui");
}

static void
tk_city_plan_panel_init (TkCityPlanPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
