/* tk-welcome-to-options.c — the Welcome To... setup options (the engine's defaults for now). */
#define G_LOG_DOMAIN "tk-welcome-to-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-options.h"

struct _TkWelcomeToOptions
{
  AdwPreferencesGroup parent_instance;
};

static void tk_welcome_to_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkWelcomeToOptions, tk_welcome_to_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_welcome_to_options_iface_init))

static gboolean
tk_welcome_to_options_fill_setup (TkSetupOptions *options,
                                JsonObject     *setup,
                                GError        **error)
{
  return TRUE;
}

static void
tk_welcome_to_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->fill_setup = tk_welcome_to_options_fill_setup;
}

static void
tk_welcome_to_options_class_init (TkWelcomeToOptionsClass *klass)
{
}

static void
tk_welcome_to_options_init (TkWelcomeToOptions *self)
{
}
