/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-rules.h — Foundations of Metropolis (Arcane Wonders 2024): bank, deeds, city
 * board, buildings and the three year-end scorings. */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_METROPOLIS_RULES_ID "metropolis"

const TkRules *tk_metropolis_rules_get (void);

G_END_DECLS
