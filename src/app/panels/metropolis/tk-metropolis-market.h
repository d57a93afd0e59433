/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-market.h — the deeds for sale on the Metropolis panel: a card per slot with its
 * price, its lot and Buy. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_MARKET (tk_metropolis_market_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisMarket, tk_metropolis_market, TK, METROPOLIS_MARKET, TkPanelPart)

G_END_DECLS
