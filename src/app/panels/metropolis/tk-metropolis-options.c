/* tk-metropolis-options.c — the Foundations of Metropolis setup options (the engine's defaults for now). */
#define G_LOG_DOMAIN "tk-metropolis-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metropolis-options.h"

struct _TkMetropolisOptions
{
  AdwPreferencesGroup parent_instance;
};

static void tk_metropolis_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkMetropolisOptions, tk_metropolis_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_metropolis_options_iface_init))

static gboolean
tk_metropolis_options_fill_setup (TkSetupOptions *options,
                                JsonObject     *setup,
                                GError        **error)
{
  return TRUE;
}

static void
tk_metropolis_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->fill_setup = tk_metropolis_options_fill_setup;
}

static void
tk_metropolis_options_class_init (TkMetropolisOptionsClass *klass)
{
}

static void
tk_metropolis_options_init (TkMetropolisOptions *self)
{
}
