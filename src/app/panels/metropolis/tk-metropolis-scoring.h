/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-scoring.h — how the Metropolis game is scored: the year-end table once a year
 * is scored, and the rule numbers the engine has not confirmed, with the advice to check them. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_SCORING (tk_metropolis_scoring_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisScoring, tk_metropolis_scoring, TK, METROPOLIS_SCORING, TkPanelPart)

G_END_DECLS
