/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-widgets.h — small widgets the game panels build the same way. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Removes every child of @box (a GtkBox, GtkFlowBox or GtkListBox), before a part is built
 * again from the session's state. */
void       tk_panel_clear             (GtkWidget  *box);
/* Sets @widget's name from a printf @format: the names tests and CSS find a part by. */
void       tk_panel_set_name          (GtkWidget  *widget,
                                       const char *format,
                                       ...) G_GNUC_PRINTF (2, 3);
/* Adds @css_class to @widget when @on, else removes it: a state a part patches in place. */
void       tk_panel_set_class         (GtkWidget  *widget,
                                       const char *css_class,
                                       gboolean    on);
/* A start-aligned label that wraps (between words, or inside one too long for the line), with
 * @css_class when not NULL. */
GtkWidget *tk_panel_label_new         (const char *text,
                                       const char *css_class);
/* Binds the template child named @prefix followed by @index ("card_0", "card_1" …) to the
 * instance member at @offset: a row of like children in a template, bound in a loop. */
void       tk_panel_bind_template_child_indexed (GtkWidgetClass *widget_class,
                                                 const char     *prefix,
                                                 guint           index,
                                                 gssize          offset);
/* Shows @hint (a tap that changed nothing; nothing when NULL) through the panel's
 * "game-panel.show-message", which bubbles up from the part @widget to its host. */
void       tk_panel_show_hint         (GtkWidget  *widget,
                                       const char *hint);

G_END_DECLS
