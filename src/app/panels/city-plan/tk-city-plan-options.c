/* tk-city-plan-options.c — the City Plan setup options (the engine's defaults for now). */
#define G_LOG_DOMAIN "tk-city-plan-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-city-plan-options.h"

struct _TkCityPlanOptions
{
  AdwPreferencesGroup parent_instance;
};

static void tk_city_plan_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkCityPlanOptions, tk_city_plan_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_city_plan_options_iface_init))

static gboolean
tk_city_plan_options_fill_setup (TkSetupOptions *options,
                               JsonObject     *setup,
                               GError        **error)
{
  return TRUE;
}

static void
tk_city_plan_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->fill_setup = tk_city_plan_options_fill_setup;
}

static void
tk_city_plan_options_class_init (TkCityPlanOptionsClass *klass)
{
}

static void
tk_city_plan_options_init (TkCityPlanOptions *self)
{
}
