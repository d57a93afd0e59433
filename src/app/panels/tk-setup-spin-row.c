/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-spin-row.c — a setup row with a whole number to pick: a spin button named for
 * screen readers by the row's title.  Declare "lower" and "upper" before "value". */
#define G_LOG_DOMAIN "tk-setup-spin-row"

#include "config.h"

#include "tk-setup-row.h"
#include "tk-setup-spin-row.h"

struct _TkSetupSpinRow
{
  AdwActionRow   parent_instance;

  GtkSpinButton *spin;
  GtkAdjustment *adjustment;
};

enum { PROP_0, PROP_MEMBER, PROP_CONTROL_NAME, PROP_LOWER, PROP_UPPER, PROP_VALUE };

static void tk_setup_spin_row_row_init (TkSetupRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkSetupSpinRow, tk_setup_spin_row, ADW_TYPE_ACTION_ROW,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_ROW,
                                                      tk_setup_spin_row_row_init))

int
tk_setup_spin_row_get_value (TkSetupSpinRow *self)
{
  g_return_val_if_fail (TK_IS_SETUP_SPIN_ROW (self), 0);
  return gtk_spin_button_get_value_as_int (self->spin);
}

static JsonNode *
get_value (TkSetupRow *row)
{
  return json_node_init_int (json_node_alloc (),
                             tk_setup_spin_row_get_value (TK_SETUP_SPIN_ROW (row)));
}

static void
set_value (TkSetupRow *row,
           JsonNode   *value)
{
  if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_INT64)
    gtk_spin_button_set_value (TK_SETUP_SPIN_ROW (row)->spin, json_node_get_int (value));
}

static void
tk_setup_spin_row_row_init (TkSetupRowInterface *iface)
{
  iface->get_value = get_value;
  iface->set_value = set_value;
}

static void
name_spin (TkSetupSpinRow *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)), -1);
}

static void
tk_setup_spin_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  TkSetupSpinRow *self = TK_SETUP_SPIN_ROW (object);

  switch (prop_id)
    {
    case PROP_MEMBER:
      tk_setup_row_set_member (TK_SETUP_ROW (self), g_value_get_string (value));
      break;
    case PROP_CONTROL_NAME: gtk_widget_set_name (GTK_WIDGET (self->spin), g_value_get_string (value)); break;
    case PROP_LOWER: gtk_adjustment_set_lower (self->adjustment, g_value_get_int (value)); break;
    case PROP_UPPER: gtk_adjustment_set_upper (self->adjustment, g_value_get_int (value)); break;
    case PROP_VALUE: gtk_spin_button_set_value (self->spin, g_value_get_int (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_setup_spin_row_class_init (TkSetupSpinRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS;

  object_class->set_property = tk_setup_spin_row_set_property;
  g_object_class_override_property (object_class, PROP_MEMBER, "member");
  /* the spin button's widget name, a handle for tests */
  g_object_class_install_property (object_class, PROP_CONTROL_NAME,
    g_param_spec_string ("control-name", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, PROP_LOWER,
    g_param_spec_int ("lower", NULL, NULL, G_MININT, G_MAXINT, 0, flags));
  g_object_class_install_property (object_class, PROP_UPPER,
    g_param_spec_int ("upper", NULL, NULL, G_MININT, G_MAXINT, 0, flags));
  g_object_class_install_property (object_class, PROP_VALUE,
    g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT, 0, flags));

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-setup-spin-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkSetupSpinRow, spin);
  gtk_widget_class_bind_template_child (widget_class, TkSetupSpinRow, adjustment);
  gtk_widget_class_bind_template_callback (widget_class, tk_setup_row_changed);
}

static void
tk_setup_spin_row_init (TkSetupSpinRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "notify::title", G_CALLBACK (name_spin), NULL);
}
