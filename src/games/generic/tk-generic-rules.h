/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-generic-rules.h — the generic score pad: per-round scores for any game. */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_GENERIC_RULES_ID "generic-score-pad"

const TkRules *tk_generic_rules_get (void);

G_END_DECLS
