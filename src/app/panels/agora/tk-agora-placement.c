/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-placement.c — the editor of what a placed card does to the shops.
 *
 * The cards stay on the real table, so the player tells the app what the new card changed:
 * the shops lying wholly on it (new, unowned), the shops that grow onto it (their new circles
 * and open doors), the shops it joins into one, and other shops whose doors it closes or
 * opens.  Each existing shop gets one of those roles, as the engine wants a shop named once
 * per card.  The choices are transient: the turn card resets them once the card is placed.
 * A part of the turn card (TkAgoraTurnCard), reading the model's shops.
 *
 * Each row is a TkAgoraShopChange; rows are added, patched and removed one by one, never
 * rebuilt, so what the player is typing into stays where it is while the shops change around
 * it.
 */
#define G_LOG_DOMAIN "tk-agora-placement"

#include "config.h"

#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-rules.h"
#include "tk-agora-placement.h"
#include "tk-agora-shop-change.h"

struct _TkAgoraPlacement
{
  GtkBox      parent_instance;

  GPtrArray  *fresh;        /* TkAgoraShopChange: the new shops, in their places */
  GPtrArray  *touched;      /* TkAgoraShopChange: in the order of the model's shops */
  int         join_marks;
  int         join_doors;

  GtkWidget  *fresh_list;
  GtkWidget  *fresh_none;   /* the row saying there is none */
  GtkWidget  *touch_title;
  GtkWidget  *touch_list;
  GtkWidget  *join_row;
  GtkSpinButton *join_marks_spin;
  GtkSpinButton *join_doors_spin;
};

G_DEFINE_FINAL_TYPE (TkAgoraPlacement, tk_agora_placement, GTK_TYPE_BOX)

/* A row leaves its list when the editor lets it go. */
static void
row_free (gpointer data)
{
  GtkWidget *row = data;

  if (gtk_widget_get_parent (row) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (gtk_widget_get_parent (row)), row);
  g_object_unref (row);
}

/* ---- shops lying wholly on the card ---- */

static void
number_fresh (TkAgoraPlacement *self)
{
  for (guint i = 0; i < self->fresh->len; i++)
    tk_agora_shop_change_set_place (self->fresh->pdata[i], i);
  gtk_widget_set_visible (self->fresh_none, self->fresh->len == 0);
}

/* ---- shops already on the table ---- */

static void
update_join (TkAgoraPlacement *self)
{
  guint n = 0;
  int marks = 0, doors = 0;

  for (guint i = 0; i < self->touched->len; i++)
    {
      TkAgoraShopChange *touch = self->touched->pdata[i];

      if (tk_agora_shop_change_get_change (touch) != TK_AGORA_CHANGE_JOIN)
        continue;
      n++;
      marks += tk_agora_shop_change_get_old_marks (touch);
      doors += tk_agora_shop_change_get_old_doors (touch);
    }
  gtk_widget_set_visible (self->join_row, n > 0);
  /* Joined shops keep all their circles; the sums are where the player starts from. */
  self->join_marks = marks;
  self->join_doors = doors;
  gtk_spin_button_set_range (self->join_marks_spin, marks, 999);
  gtk_spin_button_set_value (self->join_marks_spin, marks);
  gtk_spin_button_set_value (self->join_doors_spin, doors);
}

static void
join_value_changed (TkAgoraPlacement *self)
{
  self->join_marks = gtk_spin_button_get_value_as_int (self->join_marks_spin);
  self->join_doors = gtk_spin_button_get_value_as_int (self->join_doors_spin);
}

static TkAgoraShopChange *
find_touch (GPtrArray *touched,
            guint      id,
            guint     *index)
{
  for (guint i = 0; i < touched->len; i++)
    if (tk_agora_shop_change_get_id (touched->pdata[i]) == id)
      {
        *index = i;
        return touched->pdata[i];
      }
  return NULL;
}

void
tk_agora_placement_set_shops (TkAgoraPlacement *self,
                              TkAgoraModel     *model)
{
  GListModel *shops = model != NULL ? tk_agora_model_get_shops (model) : NULL;
  guint n = shops != NULL ? g_list_model_get_n_items (shops) : 0;
  int marks = self->join_marks, doors = self->join_doors;
  gboolean any = FALSE;

  g_return_if_fail (TK_IS_AGORA_PLACEMENT (self));

  gtk_widget_set_visible (self->touch_title, n > 0);
  gtk_widget_set_visible (self->touch_list, n > 0);

  /* In the model's order (by shop number): keep, patch or add each shop's row in place... */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TkAgoraShop) shop = g_list_model_get_item (shops, i);
      guint id = tk_agora_shop_get_id (shop);
      int owner = tk_agora_shop_get_owner (shop);
      guint at;
      TkAgoraShopChange *touch = find_touch (self->touched, id, &at);

      /* ...dropping the rows of shops gone before it */
      while (touch != NULL && at > i)
        {
          g_ptr_array_remove_index (self->touched, i);
          at--;
        }
      if (touch == NULL)
        {
          touch = g_object_ref_sink (TK_AGORA_SHOP_CHANGE (tk_agora_shop_change_new_touch (id)));
          g_ptr_array_insert (self->touched, i, touch);
          gtk_list_box_insert (GTK_LIST_BOX (self->touch_list), GTK_WIDGET (touch), i);
        }
      tk_agora_shop_change_patch (touch, shop,
                                  owner >= 0 ? tk_agora_player_get_name (
                                                 tk_agora_model_get_player (model, owner))
                                             : NULL);
    }
  if (self->touched->len > n)
    g_ptr_array_remove_range (self->touched, n, self->touched->len - n);

  for (guint i = 0; i < self->touched->len; i++)
    any |= tk_agora_shop_change_get_change (self->touched->pdata[i]) == TK_AGORA_CHANGE_JOIN;
  update_join (self);
  if (any)
    {
      /* Keep what the player typed for the joined shop. */
      gtk_spin_button_set_value (self->join_marks_spin, marks);
      gtk_spin_button_set_value (self->join_doors_spin, doors);
    }
}

void
tk_agora_placement_reset (TkAgoraPlacement *self)
{
  g_return_if_fail (TK_IS_AGORA_PLACEMENT (self));

  g_ptr_array_set_size (self->fresh, 0);
  number_fresh (self);
  /* the shops' rows stay for the next card, their choices gone */
  for (guint i = 0; i < self->touched->len; i++)
    tk_agora_shop_change_reset (self->touched->pdata[i]);
  update_join (self);
}

static JsonObject *
shop_change (guint id,
             int   marks,
             int   doors)
{
  JsonObject *object = json_object_new ();

  if (id > 0)
    json_object_set_int_member (object, "shop", id);
  if (marks >= 0)
    json_object_set_int_member (object, "marks", marks);
  json_object_set_int_member (object, "doors", doors);
  return object;
}

gboolean
tk_agora_placement_fill_action (TkAgoraPlacement *self,
                                JsonObject       *action,
                                GError          **error)
{
  JsonArray *fresh = json_array_new ();
  JsonArray *extend = json_array_new ();
  JsonArray *doors = json_array_new ();
  JsonArray *joined = json_array_new ();

  g_return_val_if_fail (TK_IS_AGORA_PLACEMENT (self), FALSE);

  for (guint i = 0; i < self->fresh->len; i++)
    {
      TkAgoraShopChange *shop = self->fresh->pdata[i];

      json_array_add_object_element (fresh, shop_change (0, tk_agora_shop_change_get_marks (shop),
                                                         tk_agora_shop_change_get_doors (shop)));
    }
  for (guint i = 0; i < self->touched->len; i++)
    {
      TkAgoraShopChange *touch = self->touched->pdata[i];
      guint id = tk_agora_shop_change_get_id (touch);
      int marks = tk_agora_shop_change_get_marks (touch);
      int doors_now = tk_agora_shop_change_get_doors (touch);

      switch (tk_agora_shop_change_get_change (touch))
        {
        case TK_AGORA_CHANGE_EXTEND:
          json_array_add_object_element (extend, shop_change (id, marks, doors_now));
          break;
        case TK_AGORA_CHANGE_DOORS:
          json_array_add_object_element (doors, shop_change (id, -1, doors_now));
          break;
        case TK_AGORA_CHANGE_JOIN:
          json_array_add_int_element (joined, id);
          break;
        case TK_AGORA_CHANGE_NONE:
        default:
          break;
        }
    }
  if (json_array_get_length (joined) == 1)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A card joins at least two shops: choose the other shop it joins, or "
                     "say the shop grows onto the card."));
      json_array_unref (fresh);
      json_array_unref (extend);
      json_array_unref (doors);
      json_array_unref (joined);
      return FALSE;
    }
  if (json_array_get_length (fresh) > 0)
    json_object_set_array_member (action, "new_shops", fresh);
  else
    json_array_unref (fresh);
  if (json_array_get_length (extend) > 0)
    json_object_set_array_member (action, "extend", extend);
  else
    json_array_unref (extend);
  if (json_array_get_length (joined) > 1)
    {
      JsonArray *merge = json_array_new ();
      JsonObject *group = shop_change (0, self->join_marks, self->join_doors);

      json_object_set_array_member (group, "shops", joined);
      json_array_add_object_element (merge, group);
      json_object_set_array_member (action, "merge", merge);
    }
  else
    json_array_unref (joined);
  if (json_array_get_length (doors) > 0)
    json_object_set_array_member (action, "doors", doors);
  else
    json_array_unref (doors);
  return TRUE;
}

/* ---- the object ---- */

/* "placement.add-shop": a shop lying wholly on the card. */
static void
add_shop_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TkAgoraPlacement *self = TK_AGORA_PLACEMENT (widget);
  GtkWidget *row = g_object_ref_sink (tk_agora_shop_change_new_fresh ());

  gtk_list_box_append (GTK_LIST_BOX (self->fresh_list), row);
  g_ptr_array_add (self->fresh, row);
  number_fresh (self);
}

/* "placement.remove-shop" (u): the new shop in that place goes. */
static void
remove_shop_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkAgoraPlacement *self = TK_AGORA_PLACEMENT (widget);
  guint index = g_variant_get_uint32 (parameter);
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  if (index >= self->fresh->len)
    return;
  /* the row goes with its button: the keyboard goes on to the next row, or to Add Shop */
  if (focus != NULL && gtk_widget_is_ancestor (focus, self->fresh->pdata[index]))
    gtk_widget_child_focus (widget, GTK_DIR_TAB_FORWARD);
  g_ptr_array_remove_index (self->fresh, index);
  number_fresh (self);
}

/* "placement.change-chosen": a touched shop's change was chosen (TkAgoraShopChange). */
static void
change_chosen_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  update_join (TK_AGORA_PLACEMENT (widget));
}

static void
tk_agora_placement_dispose (GObject *object)
{
  TkAgoraPlacement *self = TK_AGORA_PLACEMENT (object);

  /* the rows leave their lists while the lists are still there */
  g_clear_pointer (&self->fresh, g_ptr_array_unref);
  g_clear_pointer (&self->touched, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_PLACEMENT);

  G_OBJECT_CLASS (tk_agora_placement_parent_class)->dispose (object);
}

static void
tk_agora_placement_class_init (TkAgoraPlacementClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_agora_placement_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-placement.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkAgoraPlacement, name)
  BIND (fresh_list); BIND (fresh_none); BIND (touch_title); BIND (touch_list); BIND (join_row);
  BIND (join_marks_spin); BIND (join_doors_spin);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, join_value_changed);

  gtk_widget_class_install_action (widget_class, "placement.add-shop", NULL, add_shop_action);
  gtk_widget_class_install_action (widget_class, "placement.remove-shop", "u",
                                   remove_shop_action);
  gtk_widget_class_install_action (widget_class, "placement.change-chosen", NULL,
                                   change_chosen_action);
}

static void
tk_agora_placement_init (TkAgoraPlacement *self)
{
  self->fresh = g_ptr_array_new_with_free_func (row_free);
  self->touched = g_ptr_array_new_with_free_func (row_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}
