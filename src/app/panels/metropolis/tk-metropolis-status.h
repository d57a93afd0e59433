/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-status.h — the heading of the Metropolis panel: the phase, the year and whose
 * turn, and what to do now. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_STATUS (tk_metropolis_status_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisStatus, tk_metropolis_status, TK, METROPOLIS_STATUS, TkPanelPart)

G_END_DECLS
