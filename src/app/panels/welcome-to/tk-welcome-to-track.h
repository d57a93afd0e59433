/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-track.h — one track of a Welcome To... sheet's lower part (pools, temp
 * agency, bis, roundabouts, permit refusals): its title, its points, and a row of boxes
 * crossed from the left.  Placed by class name in the panel's template with its "title";
 * the boxes come from the engine's track values, and each change crosses them again in place.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TK_TYPE_WELCOME_TO_TRACK (tk_welcome_to_track_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToTrack, tk_welcome_to_track, TK, WELCOME_TO_TRACK, GtkWidget)

/* A box showing @value, as the sheet prints its tracks, its parks and its real estate
 * columns. */
GtkWidget *tk_welcome_to_track_cell_new (gint value);
/* Makes @n_boxes boxes named "<the track's name>-1" …: each shows its value from @values
 * (tk_welcome_to_track_values (), from index 1), or its count where @values has none (the
 * temp agency's). */
void tk_welcome_to_track_set_boxes (TkWelcomeToTrack *self,
                                    GArray           *values,
                                    guint             n_boxes);
/* The first @crossed boxes crossed, @points beside the title. */
void tk_welcome_to_track_update    (TkWelcomeToTrack *self,
                                    guint             crossed,
                                    gint64            points);

G_END_DECLS
