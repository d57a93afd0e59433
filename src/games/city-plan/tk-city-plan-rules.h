/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-rules.h — City Plan (Hammer Works, 2005 prototype rules). */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_CITY_PLAN_RULES_ID "city-plan"

const TkRules *tk_city_plan_rules_get   (void);

/* The number of cards @seat pays to build @card (a card id of the setup's card table as a
 * string node, or an inline card object) after their facilities' reductions; -1 when the card
 * is unknown or malformed. */
gint64         tk_city_plan_rules_cost  (gpointer  state,
                                         guint     seat,
                                         JsonNode *card);

G_END_DECLS
