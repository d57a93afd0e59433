/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-route-map.h — where a test trip's fastest routes run on the board. */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-metromania-board-view.h"

G_BEGIN_DECLS

/* The tunnels ridden on any fastest route of trip @trip (0–5: letters A–F, 6: lake–park) of
 * the board-mode engine state @game (the "game" of tk_session_to_json), computed with
 * tk-metromania-routes as the engine's score does; an empty array when the trip fails or
 * nobody rides.  A GArray of TkMetromaniaSegment. */
GArray *tk_metromania_route_segments (JsonObject *game,
                                      guint       trip);

G_END_DECLS
