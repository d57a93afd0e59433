/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-shop-row.c — one shop on the Agora table: its owner, counters and cards, whether it
 * is the largest, what it earns or costs, and steppers to correct its circles and open doors
 * (the "shop.*" actions).  The row lives as long as the shop does and is patched on each
 * TkAgoraModel::changed, so a stepper tapped twice is the same button both times.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-colour-dot.h"
#include "panels/tk-panel-widgets.h"
#include "tk-agora-shop-row.h"
#include "tk-accessible.h"

struct _TkAgoraShopRow
{
  GtkListBoxRow  parent_instance;

  TkAgoraModel  *model;
  TkAgoraShop   *shop;

  GtkWidget     *title;
  GtkWidget     *dot;
  GtkWidget     *who;
  GtkWidget     *tag;
  GtkWidget     *value;
  GtkWidget     *marks_minus;
  GtkWidget     *marks_number;
  GtkWidget     *marks_plus;
  GtkWidget     *doors_minus;
  GtkWidget     *doors_number;
  GtkWidget     *doors_plus;
};

G_DEFINE_FINAL_TYPE (TkAgoraShopRow, tk_agora_shop_row, GTK_TYPE_LIST_BOX_ROW)

static void
patch (TkAgoraShopRow *self)
{
  TkAgoraShop *shop = self->shop;
  int owner = tk_agora_shop_get_owner (shop);
  guint marks = tk_agora_shop_get_marks (shop);
  guint doors = tk_agora_shop_get_doors (shop);
  guint n_cards = tk_agora_shop_get_n_cards (shop);
  gboolean editable = tk_agora_model_get_phase (self->model) != TK_AGORA_PHASE_OVER;
  g_autofree char *who_text = NULL;
  g_autofree char *value_text = NULL;
  g_autofree char *marks_text = g_strdup_printf ("%u", marks);
  g_autofree char *doors_text = g_strdup_printf ("%u", doors);

  gtk_widget_set_visible (self->dot, owner >= 0);
  if (owner >= 0)
    {
      TkAgoraPlayer *player = tk_agora_model_get_player (self->model, owner);
      gint64 counters = tk_agora_shop_get_counters (shop);
      g_autofree char *counters_text =
        g_strdup_printf (g_dngettext (NULL, "%" PRId64 " counter", "%" PRId64 " counters",
                                      counters), counters);
      g_autofree char *cards_text =
        g_strdup_printf (g_dngettext (NULL, "%u card", "%u cards", n_cards), n_cards);

      tk_colour_dot_set_colour (self->dot, tk_agora_player_get_colour (player));
      /* Translators: owner, counters and cards of a shop, e.g. "Ana · 2 counters · 1 card". */
      who_text = g_strdup_printf (_("%s · %s · %s"), tk_agora_player_get_name (player),
                                  counters_text, cards_text);
      /* Translators: what an owned shop earns, e.g. "$4 a turn". */
      value_text = g_strdup_printf (_("$%" PRId64 " a turn"), (gint64) doors);
    }
  else
    {
      who_text = g_strdup_printf (g_dngettext (NULL, "Unowned · %u card",
                                               "Unowned · %u cards", n_cards), n_cards);
      if (marks > 0)
        /* Translators: what an unowned shop costs, e.g. "Price $4". */
        value_text = g_strdup_printf (_("Price $%" PRId64), (gint64) doors);
      else
        value_text = g_strdup (_("No circle"));
    }
  gtk_label_set_text (GTK_LABEL (self->who), who_text);
  if (owner < 0)
    gtk_widget_add_css_class (self->who, "dim-label");
  else
    gtk_widget_remove_css_class (self->who, "dim-label");
  gtk_widget_set_visible (self->tag, tk_agora_shop_get_largest (shop));
  gtk_label_set_text (GTK_LABEL (self->value), value_text);
  if (owner >= 0)
    gtk_widget_add_css_class (self->value, "success");
  else
    gtk_widget_remove_css_class (self->value, "success");

  gtk_label_set_text (GTK_LABEL (self->marks_number), marks_text);
  gtk_label_set_text (GTK_LABEL (self->doors_number), doors_text);
  /* an owned shop keeps a counter */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "shop.fewer-marks",
                                 editable && marks > (owner >= 0 ? 1u : 0u));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "shop.more-marks", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "shop.close-door", editable && doors > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "shop.open-door", editable);
  /* The row and each stepper's box take the focus: they are read as what they show. */
  tk_accessible_label_from_text (GTK_WIDGET (self));
  tk_accessible_label_item_from_text (gtk_widget_get_parent (self->marks_number));
  tk_accessible_label_item_from_text (gtk_widget_get_parent (self->doors_number));
}

/* "shop.fewer-marks", "shop.more-marks", "shop.close-door", "shop.open-door" */
static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkAgoraShopRow *self = TK_AGORA_SHOP_ROW (widget);
  guint id = tk_agora_shop_get_id (self->shop);
  gint64 marks = tk_agora_shop_get_marks (self->shop);
  gint64 doors = tk_agora_shop_get_doors (self->shop);

  if (g_str_equal (action_name, "shop.fewer-marks"))
    tk_agora_model_edit_shop (self->model, id, marks - 1, -1);
  else if (g_str_equal (action_name, "shop.more-marks"))
    tk_agora_model_edit_shop (self->model, id, marks + 1, -1);
  else if (g_str_equal (action_name, "shop.close-door"))
    tk_agora_model_edit_shop (self->model, id, -1, doors - 1);
  else
    tk_agora_model_edit_shop (self->model, id, -1, doors + 1);
}

static void
name_button (GtkWidget  *button,
             const char *text)
{
  gtk_widget_set_tooltip_text (button, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  -1);
}

static void
tk_agora_shop_row_dispose (GObject *object)
{
  TkAgoraShopRow *self = TK_AGORA_SHOP_ROW (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_object (&self->shop);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_SHOP_ROW);
  G_OBJECT_CLASS (tk_agora_shop_row_parent_class)->dispose (object);
}

static void
tk_agora_shop_row_class_init (TkAgoraShopRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_agora_shop_row_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-shop-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, title);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, dot);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, who);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, tag);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, value);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, marks_minus);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, marks_number);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, marks_plus);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, doors_minus);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, doors_number);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraShopRow, doors_plus);

  gtk_widget_class_install_action (widget_class, "shop.fewer-marks", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "shop.more-marks", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "shop.close-door", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "shop.open-door", NULL, step_action);
}

static void
tk_agora_shop_row_init (TkAgoraShopRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->dot), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

GtkWidget *
tk_agora_shop_row_new (TkAgoraModel *model,
                       TkAgoraShop  *shop)
{
  TkAgoraShopRow *self;
  guint id;
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TK_IS_AGORA_MODEL (model), NULL);
  g_return_val_if_fail (TK_IS_AGORA_SHOP (shop), NULL);

  self = g_object_new (TK_TYPE_AGORA_SHOP_ROW, NULL);
  self->model = g_object_ref (model);
  self->shop = g_object_ref (shop);
  id = tk_agora_shop_get_id (shop);

  /* a shop keeps its number: its title and the steppers' names are set once */
  title = g_strdup_printf (_("Shop %u"), id);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  tk_panel_set_name (self->value, "agora-shop-%u-value", id);
  tk_panel_set_name (self->marks_number, "agora-shop-%u-marks", id);
  tk_panel_set_name (self->doors_number, "agora-shop-%u-doors", id);
  tk_panel_set_name (self->marks_minus, "agora-shop-%u-marks-minus", id);
  tk_panel_set_name (self->marks_plus, "agora-shop-%u-marks-plus", id);
  tk_panel_set_name (self->doors_minus, "agora-shop-%u-doors-minus", id);
  tk_panel_set_name (self->doors_plus, "agora-shop-%u-doors-plus", id);
  text = g_strdup_printf (_("One Circle Fewer on Shop %u"), id);
  name_button (self->marks_minus, text);
  g_free (text);
  text = g_strdup_printf (_("One More Circle on Shop %u"), id);
  name_button (self->marks_plus, text);
  g_free (text);
  text = g_strdup_printf (_("Close a Door of Shop %u"), id);
  name_button (self->doors_minus, text);
  g_free (text);
  text = g_strdup_printf (_("Open a Door of Shop %u"), id);
  name_button (self->doors_plus, text);

  g_signal_connect_object (model, "changed", G_CALLBACK (patch), self, G_CONNECT_SWAPPED);
  patch (self);
  return GTK_WIDGET (self);
}
