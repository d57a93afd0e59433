/* tk-agora-options.c — the Agora setup options (the engine's defaults for now). */
#define G_LOG_DOMAIN "tk-agora-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-agora-options.h"

struct _TkAgoraOptions
{
  AdwPreferencesGroup parent_instance;
};

static void tk_agora_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkAgoraOptions, tk_agora_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_agora_options_iface_init))

static gboolean
tk_agora_options_fill_setup (TkSetupOptions *options,
                           JsonObject     *setup,
                           GError        **error)
{
  return TRUE;
}

static void
tk_agora_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->fill_setup = tk_agora_options_fill_setup;
}

static void
tk_agora_options_class_init (TkAgoraOptionsClass *klass)
{
}

static void
tk_agora_options_init (TkAgoraOptions *self)
{
}
