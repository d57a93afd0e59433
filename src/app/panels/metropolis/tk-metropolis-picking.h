/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-picking.h — the city board of the Metropolis panel and what the taps on it are
 * for: whose starting deeds (dealt or drafted), the deeds for sale, a building's lots, the
 * deed revealed after a buy; the lots tapped so far, Confirm and Cancel. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_PICKING (tk_metropolis_picking_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisPicking, tk_metropolis_picking, TK, METROPOLIS_PICKING, TkPanelPart)

G_END_DECLS
