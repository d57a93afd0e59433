/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-part.c — what a region of a game panel can be built on (see the header). */
#define G_LOG_DOMAIN "tk-panel-part"

#include "config.h"

#include "tk-panel-part.h"

typedef struct
{
  TkPanelModel *model;
  gboolean           wide;
} TkPanelPartPrivate;

enum
{
  PROP_0,
  PROP_MODEL,
  PROP_WIDE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TkPanelPart, tk_panel_part, ADW_TYPE_BIN)

static void
update (TkPanelPart *self)
{
  TkPanelPartPrivate *priv = tk_panel_part_get_instance_private (self);

  if (priv->model != NULL)
    TK_PANEL_PART_GET_CLASS (self)->update (self, priv->model);
}

static void
set_model (TkPanelPart  *self,
           TkPanelModel *model)
{
  TkPanelPartPrivate *priv = tk_panel_part_get_instance_private (self);

  if (priv->model == model)
    return;
  if (priv->model != NULL)
    g_signal_handlers_disconnect_by_data (priv->model, self);
  g_set_object (&priv->model, model);
  if (model != NULL)
    {
      g_signal_connect_swapped (model, "changed", G_CALLBACK (update), self);
      g_signal_connect_swapped (model, "notify", G_CALLBACK (update), self);
      update (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static void
tk_panel_part_dispose (GObject *object)
{
  GType template_type = TK_PANEL_PART_GET_CLASS (object)->template_type;

  if (template_type != G_TYPE_INVALID)
    gtk_widget_dispose_template (GTK_WIDGET (object), template_type);
  set_model (TK_PANEL_PART (object), NULL);
  G_OBJECT_CLASS (tk_panel_part_parent_class)->dispose (object);
}

static void
tk_panel_part_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TkPanelPart *self = TK_PANEL_PART (object);
  TkPanelPartPrivate *priv = tk_panel_part_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, priv->model);
      break;
    case PROP_WIDE:
      g_value_set_boolean (value, priv->wide);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_panel_part_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TkPanelPart *self = TK_PANEL_PART (object);
  TkPanelPartPrivate *priv = tk_panel_part_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_MODEL:
      set_model (self, g_value_get_object (value));
      break;
    case PROP_WIDE:
      if (priv->wide != g_value_get_boolean (value))
        {
          priv->wide = g_value_get_boolean (value);
          update (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_panel_part_class_init (TkPanelPartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tk_panel_part_dispose;
  object_class->get_property = tk_panel_part_get_property;
  object_class->set_property = tk_panel_part_set_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_PANEL_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WIDE] =
    g_param_spec_boolean ("wide", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_panel_part_init (TkPanelPart *self)
{
}

TkPanelModel *
tk_panel_part_get_model (TkPanelPart *self)
{
  TkPanelPartPrivate *priv;

  g_return_val_if_fail (TK_IS_PANEL_PART (self), NULL);
  priv = tk_panel_part_get_instance_private (self);
  return priv->model;
}

gboolean
tk_panel_part_get_wide (TkPanelPart *self)
{
  TkPanelPartPrivate *priv;

  g_return_val_if_fail (TK_IS_PANEL_PART (self), FALSE);
  priv = tk_panel_part_get_instance_private (self);
  return priv->wide;
}

void
tk_panel_part_class_set_template (TkPanelPartClass *klass,
                                  const char       *resource_path)
{
  g_return_if_fail (TK_IS_PANEL_PART_CLASS (klass));

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass), resource_path);
  klass->template_type = G_TYPE_FROM_CLASS (klass);
}
