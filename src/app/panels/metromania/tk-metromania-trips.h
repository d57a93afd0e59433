/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-trips.h — the seven test trips of the Metromania panel: a row per trip with
 * its time and who scored, the selected trip's fastest routes in words (the selection is the
 * model's "selected-trip": the board draws them) and the engine's warnings (a TkPanelPart over
 * a TkMetromaniaModel). */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metromania-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_TRIPS (tk_metromania_trips_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaTrips, tk_metromania_trips, TK, METROMANIA_TRIPS, TkPanelPart)

G_END_DECLS
