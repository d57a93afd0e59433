/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-shop-list.c — the Agora panel's shops: the cards on the table (and burnt), and a
 * TkAgoraShopRow per shop, bound to the model's list of shops, so a row comes and goes with
 * its shop and is otherwise patched.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-agora-shop-list.h"
#include "tk-agora-shop-row.h"

struct _TkAgoraShopList
{
  AdwBin        parent_instance;

  TkAgoraModel *model;

  GtkWidget    *summary;
  GtkWidget    *list;
};

enum
{
  PROP_0,
  PROP_MODEL,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkAgoraShopList, tk_agora_shop_list, ADW_TYPE_BIN)

static void
patch (TkAgoraShopList *self)
{
  gint64 on_table = tk_agora_model_get_cards_on_table (self->model);
  gint64 removed = tk_agora_model_get_cards_removed (self->model);
  g_autofree char *table_text =
    g_strdup_printf (g_dngettext (NULL, "%" PRId64 " card on the table",
                                  "%" PRId64 " cards on the table", on_table), on_table);
  g_autofree char *summary = NULL;

  if (removed > 0)
    /* Translators: e.g. "5 cards on the table, 2 burnt". */
    summary = g_strdup_printf (g_dngettext (NULL, "%s, %" PRId64 " burnt", "%s, %" PRId64
                                            " burnt", removed), table_text, removed);
  else
    summary = g_steal_pointer (&table_text);
  gtk_label_set_text (GTK_LABEL (self->summary), summary);
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  TkAgoraShopList *self = user_data;

  return tk_agora_shop_row_new (self->model, item);
}

static void
set_model (TkAgoraShopList *self,
           TkAgoraModel    *model)
{
  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  gtk_list_box_bind_model (GTK_LIST_BOX (self->list), NULL, NULL, NULL, NULL);
  g_set_object (&self->model, model);
  if (model != NULL)
    {
      gtk_list_box_bind_model (GTK_LIST_BOX (self->list), tk_agora_model_get_shops (model),
                               create_row, self, NULL);
      g_signal_connect_swapped (model, "changed", G_CALLBACK (patch), self);
      patch (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static void
tk_agora_shop_list_dispose (GObject *object)
{
  TkAgoraShopList *self = TK_AGORA_SHOP_LIST (object);

  if (self->list != NULL)
    set_model (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_SHOP_LIST);
  G_OBJECT_CLASS (tk_agora_shop_list_parent_class)->dispose (object);
}

static void
tk_agora_shop_list_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, TK_AGORA_SHOP_LIST (object)->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_shop_list_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      set_model (TK_AGORA_SHOP_LIST (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_shop_list_class_init (TkAgoraShopListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_agora_shop_list_dispose;
  object_class->get_property = tk_agora_shop_list_get_property;
  object_class->set_property = tk_agora_shop_list_set_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_AGORA_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-shop-list.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopList, summary);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopList, list);
}

static void
tk_agora_shop_list_init (TkAgoraShopList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
