/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-switch-row.c — a setup row with an option to turn on or off: a switch named for
 * screen readers by the row's title, its state the row's "active" property. */
#define G_LOG_DOMAIN "tk-setup-switch-row"

#include "config.h"

#include "tk-setup-row.h"
#include "tk-setup-switch-row.h"

struct _TkSetupSwitchRow
{
  AdwActionRow  parent_instance;

  GtkSwitch    *toggle;
};

enum { PROP_0, PROP_MEMBER, PROP_CONTROL_NAME, PROP_ACTIVE };

static void tk_setup_switch_row_row_init (TkSetupRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkSetupSwitchRow, tk_setup_switch_row, ADW_TYPE_ACTION_ROW,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_ROW,
                                                      tk_setup_switch_row_row_init))

gboolean
tk_setup_switch_row_get_active (TkSetupSwitchRow *self)
{
  g_return_val_if_fail (TK_IS_SETUP_SWITCH_ROW (self), FALSE);
  return gtk_switch_get_active (self->toggle);
}

static JsonNode *
get_value (TkSetupRow *row)
{
  return json_node_init_boolean (json_node_alloc (),
                                 tk_setup_switch_row_get_active (TK_SETUP_SWITCH_ROW (row)));
}

static void
set_value (TkSetupRow *row,
           JsonNode   *value)
{
  if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_BOOLEAN)
    gtk_switch_set_active (TK_SETUP_SWITCH_ROW (row)->toggle, json_node_get_boolean (value));
}

static void
tk_setup_switch_row_row_init (TkSetupRowInterface *iface)
{
  iface->get_value = get_value;
  iface->set_value = set_value;
}

static void
name_switch (TkSetupSwitchRow *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)), -1);
}

static void
tk_setup_switch_row_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TkSetupSwitchRow *self = TK_SETUP_SWITCH_ROW (object);

  switch (prop_id)
    {
    case PROP_MEMBER:
      tk_setup_row_set_member (TK_SETUP_ROW (self), g_value_get_string (value));
      break;
    case PROP_CONTROL_NAME: gtk_widget_set_name (GTK_WIDGET (self->toggle), g_value_get_string (value)); break;
    case PROP_ACTIVE: gtk_switch_set_active (self->toggle, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_setup_switch_row_class_init (TkSetupSwitchRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS;

  object_class->set_property = tk_setup_switch_row_set_property;
  g_object_class_override_property (object_class, PROP_MEMBER, "member");
  /* the switch's widget name, a handle for tests */
  g_object_class_install_property (object_class, PROP_CONTROL_NAME,
    g_param_spec_string ("control-name", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, PROP_ACTIVE,
    g_param_spec_boolean ("active", NULL, NULL, FALSE, flags));

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-setup-switch-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkSetupSwitchRow, toggle);
  gtk_widget_class_bind_template_callback (widget_class, tk_setup_row_changed);
}

static void
tk_setup_switch_row_init (TkSetupSwitchRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "notify::title", G_CALLBACK (name_switch), NULL);
}
