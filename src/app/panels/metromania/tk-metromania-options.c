/* tk-metromania-options.c — the Metromania setup options (the engine's defaults for now). */
#define G_LOG_DOMAIN "tk-metromania-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metromania-options.h"

struct _TkMetromaniaOptions
{
  AdwPreferencesGroup parent_instance;
};

static void tk_metromania_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkMetromaniaOptions, tk_metromania_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_metromania_options_iface_init))

static gboolean
tk_metromania_options_fill_setup (TkSetupOptions *options,
                                JsonObject     *setup,
                                GError        **error)
{
  return TRUE;
}

static void
tk_metromania_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->fill_setup = tk_metromania_options_fill_setup;
}

static void
tk_metromania_options_class_init (TkMetromaniaOptionsClass *klass)
{
}

static void
tk_metromania_options_init (TkMetromaniaOptions *self)
{
}
