/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-status.h — the heading of the Metromania panel: whose turn (or the deal, the
 * last round, the end), and how the building ends with the counts so far (a TkPanelPart over
 * a TkMetromaniaModel). */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metromania-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_STATUS (tk_metromania_status_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaStatus, tk_metromania_status, TK, METROMANIA_STATUS, TkPanelPart)

G_END_DECLS
