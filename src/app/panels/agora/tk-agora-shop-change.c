/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-shop-change.c — one row of the placement editor (see the header).  The template
 * holds both kinds: a new shop shows its remove button, a touched shop its choice of change
 * (and its spins only when it grows or its doors change).  The row keeps no copy of what the
 * spins say: the placement editor reads them when the card is placed.
 */
#define G_LOG_DOMAIN "tk-agora-placement"

#include "config.h"

#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-agora-shop-change.h"

struct _TkAgoraShopChange
{
  GtkListBoxRow  parent_instance;

  guint          id;          /* a touched shop's number; 0 for a new shop */
  int            old_marks;   /* a touched shop's numbers before the card */
  int            old_doors;

  GtkWidget     *title;
  GtkWidget     *remove;
  GtkWidget     *dropdown;
  GtkWidget     *details;
  GtkWidget     *marks_item;
  GtkWidget     *marks_spin;
  GtkWidget     *doors_spin;
};

G_DEFINE_FINAL_TYPE (TkAgoraShopChange, tk_agora_shop_change, GTK_TYPE_LIST_BOX_ROW)

/* The dropdown's "notify::selected": the spins a change needs, then the editor's sums. */
static void
mode_changed (TkAgoraShopChange *self)
{
  TkAgoraChange change = tk_agora_shop_change_get_change (self);

  gtk_widget_set_visible (self->details,
                          change == TK_AGORA_CHANGE_EXTEND || change == TK_AGORA_CHANGE_DOORS);
  gtk_widget_set_visible (self->marks_item, change == TK_AGORA_CHANGE_EXTEND);
  gtk_widget_activate_action (GTK_WIDGET (self), "placement.change-chosen", NULL);
}

/* A touched shop's spins back at its numbers before the card. */
static void
show_old_numbers (TkAgoraShopChange *self)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->marks_spin), self->old_marks);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->doors_spin), self->old_doors);
}

static void
tk_agora_shop_change_class_init (TkAgoraShopChangeClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-shop-change.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkAgoraShopChange, name)
  BIND (title); BIND (remove); BIND (dropdown); BIND (details); BIND (marks_item);
  BIND (marks_spin); BIND (doors_spin);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, mode_changed);
}

static void
tk_agora_shop_change_init (TkAgoraShopChange *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tk_agora_shop_change_new_fresh (void)
{
  TkAgoraShopChange *self = g_object_new (TK_TYPE_AGORA_SHOP_CHANGE, NULL);

  gtk_widget_set_visible (self->remove, TRUE);
  /* A shop on a card has at least a circle and a door most of the time; the spins say. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->marks_spin), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->doors_spin), 1);
  return GTK_WIDGET (self);
}

void
tk_agora_shop_change_set_place (TkAgoraShopChange *self,
                                guint              place)
{
  g_autofree char *text = g_strdup_printf (_("New shop %u"), place + 1);

  g_return_if_fail (TK_IS_AGORA_SHOP_CHANGE (self));

  gtk_label_set_text (GTK_LABEL (self->title), text);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->remove), "u", place);
  tk_panel_set_name (self->remove, "agora-new-remove-%u", place);
  tk_panel_set_name (self->marks_spin, "agora-new-marks-%u", place);
  tk_panel_set_name (self->doors_spin, "agora-new-doors-%u", place);
}

GtkWidget *
tk_agora_shop_change_new_touch (guint id)
{
  TkAgoraShopChange *self = g_object_new (TK_TYPE_AGORA_SHOP_CHANGE, NULL);

  self->id = id;
  self->old_marks = -1;   /* the first patch sets the spins */
  gtk_widget_set_visible (self->dropdown, TRUE);
  gtk_widget_set_visible (self->details, FALSE);
  tk_panel_set_name (self->dropdown, "agora-touch-%u", id);
  tk_panel_set_name (self->marks_spin, "agora-touch-marks-%u", id);
  tk_panel_set_name (self->doors_spin, "agora-touch-doors-%u", id);
  return GTK_WIDGET (self);
}

void
tk_agora_shop_change_patch (TkAgoraShopChange *self,
                            TkAgoraShop       *shop,
                            const char        *owner)
{
  int marks = tk_agora_shop_get_marks (shop);
  int doors = tk_agora_shop_get_doors (shop);
  g_autofree char *text = NULL;

  g_return_if_fail (TK_IS_AGORA_SHOP_CHANGE (self));

  if (owner != NULL)
    /* Translators: "Shop 3 (Ana)": a shop and its owner. */
    text = g_strdup_printf (_("Shop %u (%s)"), self->id, owner);
  else
    text = g_strdup_printf (_("Shop %u (unowned)"), self->id);
  gtk_label_set_text (GTK_LABEL (self->title), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  /* what the player chose stays while the shop is the same */
  if (self->old_marks == marks && self->old_doors == doors)
    return;
  self->old_marks = marks;
  self->old_doors = doors;
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->marks_spin), marks, 999);
  show_old_numbers (self);
}

void
tk_agora_shop_change_reset (TkAgoraShopChange *self)
{
  g_return_if_fail (TK_IS_AGORA_SHOP_CHANGE (self));

  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dropdown), TK_AGORA_CHANGE_NONE);
  show_old_numbers (self);
}

guint
tk_agora_shop_change_get_id (TkAgoraShopChange *self)
{
  g_return_val_if_fail (TK_IS_AGORA_SHOP_CHANGE (self), 0);
  return self->id;
}

TkAgoraChange
tk_agora_shop_change_get_change (TkAgoraShopChange *self)
{
  g_return_val_if_fail (TK_IS_AGORA_SHOP_CHANGE (self), TK_AGORA_CHANGE_NONE);
  return gtk_drop_down_get_selected (GTK_DROP_DOWN (self->dropdown));
}

int
tk_agora_shop_change_get_marks (TkAgoraShopChange *self)
{
  g_return_val_if_fail (TK_IS_AGORA_SHOP_CHANGE (self), 0);
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->marks_spin));
}

int
tk_agora_shop_change_get_doors (TkAgoraShopChange *self)
{
  g_return_val_if_fail (TK_IS_AGORA_SHOP_CHANGE (self), 0);
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->doors_spin));
}

int
tk_agora_shop_change_get_old_marks (TkAgoraShopChange *self)
{
  g_return_val_if_fail (TK_IS_AGORA_SHOP_CHANGE (self), 0);
  return self->old_marks;
}

int
tk_agora_shop_change_get_old_doors (TkAgoraShopChange *self)
{
  g_return_val_if_fail (TK_IS_AGORA_SHOP_CHANGE (self), 0);
  return self->old_doors;
}
