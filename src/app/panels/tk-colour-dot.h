/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-colour-dot.h — the "●" in a player's colour that every panel puts beside a name. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A "●" in @colour ("#rrggbb" or any CSS colour), dimmed when @colour is NULL or unreadable;
 * hidden from screen readers, which read the name beside it. */
GtkWidget *tk_colour_dot_new        (const char *colour);
/* Recolours @dot (one of tk_colour_dot_new ()'s) in place. */
void       tk_colour_dot_set_colour (GtkWidget  *dot,
                                     const char *colour);

G_END_DECLS
