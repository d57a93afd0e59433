/* tk-games.c — the list of engines built into Tablekeeper. */
#define G_LOG_DOMAIN "tk-rules"

#include "config.h"

#include "tk-rules.h"
#include "agora/tk-agora-rules.h"
#include "city-plan/tk-city-plan-rules.h"
#include "generic/tk-generic-rules.h"
#include "metropolis/tk-metropolis-rules.h"
#include "metromania/tk-metromania-rules.h"
#include "welcome-to/tk-welcome-to-rules.h"

void
tk_games_register_all (void)
{
  tk_rules_register (tk_generic_rules_get ());
  tk_rules_register (tk_metropolis_rules_get ());
  tk_rules_register (tk_metromania_rules_get ());
  tk_rules_register (tk_agora_rules_get ());
  tk_rules_register (tk_city_plan_rules_get ());
  tk_rules_register (tk_welcome_to_rules_get ());
}
