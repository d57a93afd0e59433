/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-widgets.c — the City Plan parts' small widgets (see the header). */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include "panels/tk-panel-widgets.h"
#include "tk-city-plan-widgets.h"

GtkWidget *
tk_city_plan_label_new (const char *text,
                        const char *css_class)
{
  GtkWidget *label = tk_panel_label_new (text, css_class);

  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  return label;
}

GtkWidget *
tk_city_plan_stepper_new (const char *name,
                          const char *less,
                          const char *more,
                          const char *less_action,
                          const char *more_action,
                          GVariant   *target)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *number = gtk_label_new (NULL);

  g_variant_ref_sink (target);
  gtk_widget_add_css_class (box, "tk-stepper");
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *button = gtk_button_new_from_icon_name (i == 0 ? "list-remove-symbolic"
                                                                : "list-add-symbolic");

      gtk_widget_add_css_class (button, "circular");
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, i == 0 ? less : more);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      i == 0 ? less : more, -1);
      tk_panel_set_name (button, "%s-%s", name, i == 0 ? "minus" : "plus");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button),
                                      i == 0 ? less_action : more_action);
      if (i == 1)
        {
          gtk_widget_add_css_class (number, "numeric");
          gtk_widget_add_css_class (number, "heading");
          gtk_label_set_width_chars (GTK_LABEL (number), 2);
          gtk_widget_set_name (number, name);
          gtk_box_append (GTK_BOX (box), number);
        }
      gtk_box_append (GTK_BOX (box), button);
    }
  g_variant_unref (target);
  return box;
}

void
tk_city_plan_stepper_set (GtkWidget  *stepper,
                          const char *value_text,
                          gboolean    can_less,
                          gboolean    can_more)
{
  GtkWidget *minus = gtk_widget_get_first_child (stepper);
  GtkWidget *number = gtk_widget_get_next_sibling (minus);
  GtkWidget *plus = gtk_widget_get_next_sibling (number);

  gtk_label_set_text (GTK_LABEL (number), value_text);
  gtk_widget_set_sensitive (minus, can_less);
  gtk_widget_set_sensitive (plus, can_more);
}
