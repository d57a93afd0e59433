/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-taps.h — what a tap on the Metromania board does with the model's tool, line,
 * marker and space kind.  A side of a triangle is a tunnel (with the stations where lines
 * meet or part), a point a station, a triangle a destination marker or, correcting the board,
 * the lake, the park, an arrow, a river, a forest or a printed destination space.  A tap
 * builds a candidate turn and gives it to the model (which asks the engine), or applies a
 * change through the model.  Each returns whether the model took it; when not, @error says why
 * in words for the user (unset: the tool does nothing there, or the session view already said
 * why it refused).  Calls only the model; the board part calls these.
 */
#pragma once

#include "tk-metromania-model.h"

G_BEGIN_DECLS

gboolean tk_metromania_taps_edge        (TkMetromaniaModel  *model,
                                         TkMetroPoint       *a,
                                         TkMetroPoint       *b,
                                         TkMetroCell        *cell,
                                         GError            **error);
gboolean tk_metromania_taps_point       (TkMetromaniaModel  *model,
                                         TkMetroPoint       *point,
                                         GError            **error);
gboolean tk_metromania_taps_cell        (TkMetromaniaModel  *model,
                                         TkMetroCell        *cell,
                                         GError            **error);
/* Where line @style of the player to move ends now: this turn's tunnels, else the board. */
gboolean tk_metromania_taps_current_end (TkMetromaniaModel  *model,
                                         guint               style,
                                         TkMetroPoint       *end);

G_END_DECLS
