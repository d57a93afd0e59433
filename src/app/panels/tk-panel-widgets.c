/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-widgets.c — small widgets the game panels build the same way (see the header). */
#include "config.h"

#include "tk-panel-widgets.h"

void
tk_panel_clear (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

void
tk_panel_set_name (GtkWidget  *widget,
                   const char *format,
                   ...)
{
  va_list args;
  g_autofree char *name = NULL;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_widget_set_name (widget, name);
}

GtkWidget *
tk_panel_label_new (const char *text,
                    const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

void
tk_panel_set_class (GtkWidget  *widget,
                    const char *css_class,
                    gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

void
tk_panel_bind_template_child_indexed (GtkWidgetClass *widget_class,
                                      const char     *prefix,
                                      guint           index,
                                      gssize          offset)
{
  g_autofree char *name = g_strdup_printf ("%s%u", prefix, index);

  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class));
  gtk_widget_class_bind_template_child_full (widget_class, name, FALSE, offset);
}

void
tk_panel_show_hint (GtkWidget  *widget,
                    const char *hint)
{
  if (hint != NULL)
    gtk_widget_activate_action (widget, "game-panel.show-message", "s", hint);
}
