/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-panel.c — which panel and which setup options each rules engine gets. */
#define G_LOG_DOMAIN "tk-game-panel"

#include "config.h"

#include "panels/tk-panel-host.h"
#include "tk-game-panel.h"
#include "panels/agora/tk-agora-panel.h"
#include "panels/agora/tk-agora-options.h"
#include "panels/city-plan/tk-city-plan-panel.h"
#include "panels/city-plan/tk-city-plan-options.h"
#include "panels/metromania/tk-metromania-panel.h"
#include "panels/metromania/tk-metromania-options.h"
#include "panels/metropolis/tk-metropolis-panel.h"
#include "panels/metropolis/tk-metropolis-options.h"
#include "panels/welcome-to/tk-welcome-to-panel.h"
#include "panels/welcome-to/tk-welcome-to-options.h"

G_DEFINE_INTERFACE (TkSetupOptions, tk_setup_options, GTK_TYPE_WIDGET)

static void
tk_setup_options_default_init (TkSetupOptionsInterface *iface)
{
}

void
tk_setup_options_set_n_players (TkSetupOptions *self,
                                guint           n_players)
{
  TkSetupOptionsInterface *iface;

  g_return_if_fail (TK_IS_SETUP_OPTIONS (self));
  iface = TK_SETUP_OPTIONS_GET_IFACE (self);
  if (iface->set_n_players != NULL)
    iface->set_n_players (self, n_players);
}

gboolean
tk_setup_options_fill_setup (TkSetupOptions *self,
                             JsonObject     *setup,
                             GError        **error)
{
  TkSetupOptionsInterface *iface;

  g_return_val_if_fail (TK_IS_SETUP_OPTIONS (self), FALSE);
  g_return_val_if_fail (setup != NULL, FALSE);
  iface = TK_SETUP_OPTIONS_GET_IFACE (self);
  return iface->fill_setup == NULL || iface->fill_setup (self, setup, error);
}

/* Engine ids as in src/games/<game>/tk-<game>-rules.h; the app sees only the registry. */
static const struct
{
  const char *rules_id;
  GType     (*panel_type)   (void);
  GType     (*options_type) (void);
  gboolean    own_totals;   /* the panel shows every player's total itself */
} panels[] = {
  { "metropolis", tk_metropolis_panel_get_type, tk_metropolis_options_get_type, FALSE },
  { "metromania", tk_metromania_panel_get_type, tk_metromania_options_get_type, FALSE },
  /* the player toggle names each player with their total */
  { "welcome-to", tk_welcome_to_panel_get_type, tk_welcome_to_options_get_type, TRUE },
  /* the money cards are the scores */
  { "agora",      tk_agora_panel_get_type,      tk_agora_options_get_type,      TRUE },
  { "city-plan",  tk_city_plan_panel_get_type,  tk_city_plan_options_get_type,  FALSE },
};

static int
find_panel (const char *rules_id)
{
  for (guint i = 0; rules_id != NULL && i < G_N_ELEMENTS (panels); i++)
    if (g_str_equal (panels[i].rules_id, rules_id))
      return i;
  return -1;
}

GtkWidget *
tk_game_panel_new (TkSession *session)
{
  int i;

  g_return_val_if_fail (TK_IS_SESSION (session), NULL);

  i = find_panel (tk_session_get_rules (session)->id);
  if (i < 0)
    return NULL;
  return g_object_new (panels[i].panel_type (), "session", session, NULL);
}

gboolean
tk_game_panel_shows_totals (TkSession *session)
{
  int i;

  g_return_val_if_fail (TK_IS_SESSION (session), FALSE);

  i = find_panel (tk_session_get_rules (session)->id);
  return i >= 0 && panels[i].own_totals;
}

GtkWidget *
tk_game_panel_new_options (const char *rules_id)
{
  int i = find_panel (rules_id);

  if (i < 0 || panels[i].options_type == NULL)
    return NULL;
  return g_object_new (panels[i].options_type (), NULL);
}
