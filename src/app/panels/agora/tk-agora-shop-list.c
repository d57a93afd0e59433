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
  TkPanelPart   parent_instance;

  GListModel   *shops;          /* the model's list the rows are bound to (not a reference) */

  GtkWidget    *summary;
  GtkWidget    *list;
};

G_DEFINE_FINAL_TYPE (TkAgoraShopList, tk_agora_shop_list, TK_TYPE_PANEL_PART)

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  TkAgoraShopList *self = user_data;

  return tk_agora_shop_row_new (TK_AGORA_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self))),
                                item);
}

static void
tk_agora_shop_list_update (TkPanelPart  *part,
                           TkPanelModel *panel_model)
{
  TkAgoraShopList *self = TK_AGORA_SHOP_LIST (part);
  TkAgoraModel *model = TK_AGORA_MODEL (panel_model);
  gint64 on_table = tk_agora_model_get_cards_on_table (model);
  gint64 removed = tk_agora_model_get_cards_removed (model);
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
  if (self->shops != tk_agora_model_get_shops (model))
    {
      self->shops = tk_agora_model_get_shops (model);
      gtk_list_box_bind_model (GTK_LIST_BOX (self->list), self->shops, create_row, self, NULL);
    }
}

static void
tk_agora_shop_list_class_init (TkAgoraShopListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_agora_shop_list_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-shop-list.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopList, summary);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopList, list);
}

static void
tk_agora_shop_list_init (TkAgoraShopList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
