/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-colour-dot.c — the "●" in a player's colour. */
#include "config.h"

#include "tk-colour-dot.h"

GtkWidget *
tk_colour_dot_new (const char *colour)
{
  GtkWidget *dot = gtk_label_new ("●");

  tk_colour_dot_set_colour (dot, colour);
  gtk_accessible_update_state (GTK_ACCESSIBLE (dot), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return dot;
}

void
tk_colour_dot_set_colour (GtkWidget  *dot,
                          const char *colour)
{
  GdkRGBA rgba;

  g_return_if_fail (GTK_IS_LABEL (dot));

  if (colour != NULL && gdk_rgba_parse (&rgba, colour))
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_foreground_new (rgba.red * 65535,
                                                                rgba.green * 65535,
                                                                rgba.blue * 65535));
      gtk_label_set_attributes (GTK_LABEL (dot), attrs);
      pango_attr_list_unref (attrs);
      gtk_widget_remove_css_class (dot, "dim-label");
    }
  else
    {
      gtk_label_set_attributes (GTK_LABEL (dot), NULL);
      gtk_widget_add_css_class (dot, "dim-label");
    }
}
