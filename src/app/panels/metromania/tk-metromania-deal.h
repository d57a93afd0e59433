/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-deal.h — the start of a Metromania game on the panel: the destination markers
 * as dealt at the table (who holds each, and its kind), who digs first, and, for a board
 * entered after the game, whose lines are being entered and "Board Complete" (a TkPanelPart
 * over a TkMetromaniaModel). */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metromania-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_DEAL (tk_metromania_deal_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaDeal, tk_metromania_deal, TK, METROMANIA_DEAL, TkPanelPart)

G_END_DECLS
