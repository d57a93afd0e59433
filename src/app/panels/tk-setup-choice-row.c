/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-choice-row.c — a setup row with one of a few readings to pick: a combo row whose
 * items (its "model", translatable in the template) stand for the "values" the setup holds,
 * written as JSON separated by spaces ("over" "reach", false true, 7 8 9).  Without values,
 * the setup holds the position of the item picked. */
#define G_LOG_DOMAIN "tk-setup-choice-row"

#include "config.h"

#include "tk-setup-row.h"
#include "tk-setup-choice-row.h"

struct _TkSetupChoiceRow
{
  AdwComboRow  parent_instance;

  GPtrArray   *values;    /* JsonNode, one per item */
};

enum { PROP_0, PROP_MEMBER, PROP_VALUES };

static void tk_setup_choice_row_row_init (TkSetupRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkSetupChoiceRow, tk_setup_choice_row, ADW_TYPE_COMBO_ROW,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_ROW,
                                                      tk_setup_choice_row_row_init))

static JsonNode *
get_value (TkSetupRow *row)
{
  TkSetupChoiceRow *self = TK_SETUP_CHOICE_ROW (row);
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self));

  if (self->values->len == 0)
    return json_node_init_int (json_node_alloc (), selected);
  return json_node_copy (g_ptr_array_index (self->values, MIN (selected, self->values->len - 1)));
}

static void
set_value (TkSetupRow *row,
           JsonNode   *value)
{
  TkSetupChoiceRow *self = TK_SETUP_CHOICE_ROW (row);

  for (guint i = 0; i < self->values->len; i++)
    if (json_node_equal (g_ptr_array_index (self->values, i), value))
      adw_combo_row_set_selected (ADW_COMBO_ROW (self), i);
  if (self->values->len == 0 && json_node_get_value_type (value) == G_TYPE_INT64)
    adw_combo_row_set_selected (ADW_COMBO_ROW (self), json_node_get_int (value));
}

static void
tk_setup_choice_row_row_init (TkSetupRowInterface *iface)
{
  iface->get_value = get_value;
  iface->set_value = set_value;
}

static void
set_values (TkSetupChoiceRow *self,
            const char       *text)
{
  g_auto(GStrv) words = g_strsplit_set (text != NULL ? text : "", " \n", -1);

  g_ptr_array_set_size (self->values, 0);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      JsonNode *node;

      if (*words[i] == '\0')
        continue;
      node = json_from_string (words[i], &error);
      if (node == NULL)
        g_critical ("Setup row %s: “%s” is no JSON value: %s",
                    tk_setup_row_get_member (TK_SETUP_ROW (self)), words[i], error->message);
      else
        g_ptr_array_add (self->values, node);
    }
}

static void
tk_setup_choice_row_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TkSetupChoiceRow *self = TK_SETUP_CHOICE_ROW (object);

  switch (prop_id)
    {
    case PROP_MEMBER:
      tk_setup_row_set_member (TK_SETUP_ROW (self), g_value_get_string (value));
      break;
    case PROP_VALUES: set_values (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_setup_choice_row_finalize (GObject *object)
{
  g_ptr_array_unref (TK_SETUP_CHOICE_ROW (object)->values);
  G_OBJECT_CLASS (tk_setup_choice_row_parent_class)->finalize (object);
}

static void
tk_setup_choice_row_class_init (TkSetupChoiceRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = tk_setup_choice_row_set_property;
  object_class->finalize = tk_setup_choice_row_finalize;
  g_object_class_override_property (object_class, PROP_MEMBER, "member");
  g_object_class_install_property (object_class, PROP_VALUES,
    g_param_spec_string ("values", NULL, NULL, NULL,
                         G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS));
}

static void
tk_setup_choice_row_init (TkSetupChoiceRow *self)
{
  self->values = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_signal_connect (self, "notify::selected", G_CALLBACK (tk_setup_row_changed), NULL);
}
