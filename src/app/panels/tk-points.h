/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-points.h — a score as every panel shows it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* "12", "-3" for whole points, "2.50" otherwise (the score pad allows fractions). */
char      *tk_points_format  (double      points);

/* One line of a score's breakdown as a list row: @label as its title (plain text, never
 * markup: it comes from the engine or the library) and @points, already formatted, at its
 * end in tabular figures.  The end card and a finished play's details share it. */
GtkWidget *tk_points_row_new (const char *label,
                              const char *points);

G_END_DECLS
