/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* The catalog keys come from data/catalog/convert-catalog.py: BoardGameGeek ids for the
 * games BGG lists, "tk:" names for the three that the bundled data adds. */
static const struct
{
  const char *catalog_key;
  const char *rules_id;
} game_rules[] = {
  { "tk:foundations-of-metropolis", TK_METROPOLIS_RULES_ID },
  { "tk:agora",                     TK_AGORA_RULES_ID },
  { "tk:city-plan",                 TK_CITY_PLAN_RULES_ID },
  { "bgg:23908",                    TK_METROMANIA_RULES_ID },
  { "bgg:233867",                   TK_WELCOME_TO_RULES_ID },
};

const char *
tk_games_rules_for_catalog_key (const char *catalog_key)
{
  if (catalog_key == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (game_rules); i++)
    if (g_str_equal (game_rules[i].catalog_key, catalog_key))
      return game_rules[i].rules_id;
  return NULL;
}

const char *
tk_games_catalog_key_for_rules (const char *rules_id)
{
  if (rules_id == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (game_rules); i++)
    if (g_str_equal (game_rules[i].rules_id, rules_id))
      return game_rules[i].catalog_key;
  return NULL;
}
