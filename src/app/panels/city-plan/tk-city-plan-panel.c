/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel.c — the City Plan bookkeeping panel: a TkGamePanel holding a
 * TkCityPlanModel and the parts its template places by class name — the turn card, the
 * cities, the income tiles and the score — each bound to the model's "model" property.
 *
 * The parts talk only to the model: they read it and patch themselves on its ::changed, and
 * ask it for every change.  The panel's only work is to own the model and route its ::apply
 * through the session view (tk_game_panel_apply), which commits and shows the Undo toast or
 * the engine's refusal.  So the arrows point one way: panel → parts → model → session.
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
  TkGamePanel      parent_instance;

  TkCityPlanModel *model;
};

enum
{
  PROP_0,
  PROP_MODEL,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkCityPlanPanel, tk_city_plan_panel, TK_TYPE_GAME_PANEL)

static gboolean
model_apply (TkCityPlanPanel *self,
             JsonObject      *action)
{
  return tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

static void
tk_city_plan_panel_constructed (GObject *object)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);
  TkSession *session;

  G_OBJECT_CLASS (tk_city_plan_panel_parent_class)->constructed (object);

  session = tk_game_panel_get_session (TK_GAME_PANEL (self));
  if (session == NULL)
    return;
  /* the model follows the session itself: the panel needs no session_changed () */
  self->model = tk_city_plan_model_new (session);
  g_signal_connect_object (self->model, "apply", G_CALLBACK (model_apply), self,
                           G_CONNECT_SWAPPED);
  g_object_notify_by_pspec (object, properties[PROP_MODEL]);
}

static void
tk_city_plan_panel_dispose (GObject *object)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_CITY_PLAN_PANEL);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (tk_city_plan_panel_parent_class)->dispose (object);
}

static void
tk_city_plan_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, TK_CITY_PLAN_PANEL (object)->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_city_plan_panel_class_init (TkCityPlanPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_city_plan_panel_constructed;
  object_class->dispose = tk_city_plan_panel_dispose;
  object_class->get_property = tk_city_plan_panel_get_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_CITY_PLAN_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_CITY_PLAN_TURN_CARD);
  g_type_ensure (TK_TYPE_CITY_PLAN_CITIES);
  g_type_ensure (TK_TYPE_CITY_PLAN_TILES);
  g_type_ensure (TK_TYPE_CITY_PLAN_SCORE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-panel.ui");
}

static void
tk_city_plan_panel_init (TkCityPlanPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TkCityPlanModel *
tk_city_plan_panel_get_model (TkCityPlanPanel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PANEL (self), NULL);
  return self->model;
}
