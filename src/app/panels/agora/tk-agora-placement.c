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
 * Each row is a small struct holding its widgets and its choice, the handlers' data; rows are
 * added, patched and removed one by one, never rebuilt, so what the player is typing into
 * stays where it is while the shops change around it.
 */
#define G_LOG_DOMAIN "tk-agora-placement"

#include "config.h"

#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-rules.h"
#include "tk-agora-placement.h"

typedef enum { MODE_NONE, MODE_EXTEND, MODE_DOORS, MODE_JOIN } Mode;

/* A shop lying wholly on the card. */
typedef struct
{
  TkAgoraPlacement *self;
  GtkWidget        *row;
  GtkWidget        *title;
  GtkWidget        *remove;       /* "placement.remove-shop" with the row's place */
  GtkSpinButton    *marks_spin;
  GtkSpinButton    *doors_spin;
  int               marks;
  int               doors;
} NewShop;

/* A shop on the table and what the card does to it. */
typedef struct
{
  TkAgoraPlacement *self;
  guint             id;
  Mode              mode;
  int               marks;        /* the totals once the card is placed */
  int               doors;
  int               old_marks;    /* before */
  int               old_doors;
  GtkWidget        *row;
  GtkWidget        *title;
  GtkWidget        *dropdown;
  GtkWidget        *details;      /* the box of its spins */
  GtkSpinButton    *marks_spin;   /* hidden unless it grows */
  GtkSpinButton    *doors_spin;
} Touch;

struct _TkAgoraPlacement
{
  GtkBox      parent_instance;

  GPtrArray  *fresh;        /* NewShop */
  GPtrArray  *touched;      /* Touch, in the order of the model's shops */
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

static GtkWidget *
padded_box (int spacing)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, spacing);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  return box;
}

/* A box of labelled spin buttons that wraps them one per line on a phone. */
static GtkWidget *
spin_flow_new (void)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 18);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  return flow;
}

/* A labelled spin button "Circles [ 2 ]" added to @flow (a spin_flow_new()). */
static GtkSpinButton *
add_spin (GtkWidget  *flow,
          const char *label,
          int         min,
          int         value)
{
  GtkWidget *pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text = gtk_label_new (label);
  GtkWidget *spin = gtk_spin_button_new_with_range (min, 999, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_add_css_class (text, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (text), 1);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (pair), text);
  gtk_box_append (GTK_BOX (pair), spin);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), pair);
  return GTK_SPIN_BUTTON (spin);
}

/* What to hide to hide one spin of a flow. */
static GtkWidget *
spin_item (GtkSpinButton *spin)
{
  return gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (spin)));
}

/* ---- shops lying wholly on the card ---- */

/* Titles and names follow the row's place: "New shop 2", agora-new-marks-1. */
static void
number_fresh (TkAgoraPlacement *self)
{
  for (guint i = 0; i < self->fresh->len; i++)
    {
      NewShop *shop = self->fresh->pdata[i];
      g_autofree char *text = g_strdup_printf (_("New shop %u"), i + 1);

      gtk_label_set_text (GTK_LABEL (shop->title), text);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (shop->remove), "u", i);
      tk_panel_set_name (shop->remove, "agora-new-remove-%u", i);
      tk_panel_set_name (GTK_WIDGET (shop->marks_spin), "agora-new-marks-%u", i);
      tk_panel_set_name (GTK_WIDGET (shop->doors_spin), "agora-new-doors-%u", i);
    }
  gtk_widget_set_visible (self->fresh_none, self->fresh->len == 0);
}

static void
fresh_value_changed (GtkSpinButton *spin,
                     NewShop       *shop)
{
  if (spin == shop->doors_spin)
    shop->doors = gtk_spin_button_get_value_as_int (spin);
  else
    shop->marks = gtk_spin_button_get_value_as_int (spin);
}

static void
fresh_shop_free (gpointer data)
{
  NewShop *shop = data;

  if (gtk_widget_get_parent (shop->row) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (shop->self->fresh_list), shop->row);
  g_object_unref (shop->row);
  g_free (shop);
}

static void
add_fresh (TkAgoraPlacement *self,
           int               marks,
           int               doors)
{
  NewShop *shop = g_new0 (NewShop, 1);
  GtkWidget *box = padded_box (6);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *spins;

  shop->self = self;
  shop->marks = marks;
  shop->doors = doors;
  shop->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (shop->title), 0);
  gtk_widget_set_hexpand (shop->title, TRUE);
  gtk_box_append (GTK_BOX (head), shop->title);
  shop->remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (shop->remove, _("Remove This Shop"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (shop->remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove This Shop"), -1);
  gtk_widget_set_valign (shop->remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (shop->remove, "flat");
  /* the target (the row's place) first: number_fresh () keeps it */
  gtk_actionable_set_action_target (GTK_ACTIONABLE (shop->remove), "u", self->fresh->len);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (shop->remove), "placement.remove-shop");
  gtk_box_append (GTK_BOX (head), shop->remove);
  gtk_box_append (GTK_BOX (box), head);

  spins = spin_flow_new ();
  shop->marks_spin = add_spin (spins, _("Circles"), 0, marks);
  shop->doors_spin = add_spin (spins, _("Open doors"), 0, doors);
  g_signal_connect (shop->marks_spin, "value-changed", G_CALLBACK (fresh_value_changed), shop);
  g_signal_connect (shop->doors_spin, "value-changed", G_CALLBACK (fresh_value_changed), shop);
  gtk_box_append (GTK_BOX (box), spins);

  shop->row = g_object_ref_sink (gtk_list_box_row_new ());
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (shop->row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (shop->row), FALSE);
  gtk_list_box_append (GTK_LIST_BOX (self->fresh_list), shop->row);
  g_ptr_array_add (self->fresh, shop);
  number_fresh (self);
}

/* ---- shops already on the table ---- */

static void
update_join (TkAgoraPlacement *self)
{
  guint n = 0;
  int marks = 0, doors = 0;

  for (guint i = 0; i < self->touched->len; i++)
    {
      Touch *touch = self->touched->pdata[i];

      if (touch->mode != MODE_JOIN)
        continue;
      n++;
      marks += touch->old_marks;
      doors += touch->old_doors;
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
touch_show_mode (Touch *touch)
{
  gtk_widget_set_visible (touch->details, touch->mode == MODE_EXTEND || touch->mode == MODE_DOORS);
  gtk_widget_set_visible (spin_item (touch->marks_spin), touch->mode == MODE_EXTEND);
}

static void
touch_mode_changed (GtkDropDown *dropdown,
                    GParamSpec  *pspec,
                    Touch       *touch)
{
  touch->mode = gtk_drop_down_get_selected (dropdown);
  touch_show_mode (touch);
  update_join (touch->self);
}

static void
touch_value_changed (GtkSpinButton *spin,
                     Touch         *touch)
{
  if (spin == touch->doors_spin)
    touch->doors = gtk_spin_button_get_value_as_int (spin);
  else
    touch->marks = gtk_spin_button_get_value_as_int (spin);
}

static void
join_value_changed (TkAgoraPlacement *self)
{
  self->join_marks = gtk_spin_button_get_value_as_int (self->join_marks_spin);
  self->join_doors = gtk_spin_button_get_value_as_int (self->join_doors_spin);
}

static void
touch_free (gpointer data)
{
  Touch *touch = data;

  if (gtk_widget_get_parent (touch->row) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (touch->self->touch_list), touch->row);
  g_object_unref (touch->row);
  g_free (touch);
}

/* The row of shop @id, its choice none yet; its words and numbers come with touch_patch(). */
static Touch *
touch_new (TkAgoraPlacement *self,
           guint             id)
{
  const char *const modes[] = { N_("Unchanged"), N_("Grows onto the card"),
                                N_("Doors change"), N_("Joined by the card"), NULL };
  g_autoptr(GtkStringList) mode_names = gtk_string_list_new (NULL);
  Touch *touch = g_new0 (Touch, 1);
  GtkWidget *box = padded_box (6);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  touch->self = self;
  touch->id = id;
  touch->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (touch->title), 0);
  gtk_label_set_wrap (GTK_LABEL (touch->title), TRUE);
  gtk_widget_set_hexpand (touch->title, TRUE);
  gtk_box_append (GTK_BOX (head), touch->title);

  for (guint m = 0; modes[m] != NULL; m++)
    gtk_string_list_append (mode_names, _(modes[m]));
  touch->dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (mode_names)), NULL);
  gtk_widget_set_valign (touch->dropdown, GTK_ALIGN_CENTER);
  tk_panel_set_name (touch->dropdown, "agora-touch-%u", id);
  g_signal_connect (touch->dropdown, "notify::selected", G_CALLBACK (touch_mode_changed), touch);
  gtk_box_append (GTK_BOX (head), touch->dropdown);
  gtk_box_append (GTK_BOX (box), head);

  touch->details = spin_flow_new ();
  touch->marks_spin = add_spin (touch->details, _("Circles"), 0, 0);
  touch->doors_spin = add_spin (touch->details, _("Open doors"), 0, 0);
  tk_panel_set_name (GTK_WIDGET (touch->marks_spin), "agora-touch-marks-%u", id);
  tk_panel_set_name (GTK_WIDGET (touch->doors_spin), "agora-touch-doors-%u", id);
  g_signal_connect (touch->marks_spin, "value-changed", G_CALLBACK (touch_value_changed), touch);
  g_signal_connect (touch->doors_spin, "value-changed", G_CALLBACK (touch_value_changed), touch);
  gtk_box_append (GTK_BOX (box), touch->details);

  touch->row = g_object_ref_sink (gtk_list_box_row_new ());
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (touch->row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (touch->row), FALSE);
  touch_show_mode (touch);
  return touch;
}

/* Sets @touch's words, and its numbers when the shop changed under it (its choice then
 * starts again from what the shop is now). */
static void
touch_patch (Touch       *touch,
             TkAgoraShop *shop,
             const char  *owner)
{
  int marks = tk_agora_shop_get_marks (shop);
  int doors = tk_agora_shop_get_doors (shop);
  g_autofree char *text = NULL;

  if (owner != NULL)
    /* Translators: "Shop 3 (Ana)": a shop and its owner. */
    text = g_strdup_printf (_("Shop %u (%s)"), touch->id, owner);
  else
    text = g_strdup_printf (_("Shop %u (unowned)"), touch->id);
  gtk_label_set_text (GTK_LABEL (touch->title), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (touch->dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  if (touch->old_marks == marks && touch->old_doors == doors && touch->row != NULL &&
      gtk_widget_get_parent (touch->row) != NULL)
    return;
  touch->old_marks = marks;
  touch->old_doors = doors;
  touch->marks = marks;
  touch->doors = doors;
  gtk_spin_button_set_range (touch->marks_spin, marks, 999);
  gtk_spin_button_set_value (touch->marks_spin, marks);
  gtk_spin_button_set_value (touch->doors_spin, doors);
}

static Touch *
find_touch (GPtrArray *touched,
            guint      id,
            guint     *index)
{
  for (guint i = 0; i < touched->len; i++)
    if (((Touch *) touched->pdata[i])->id == id)
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
      Touch *touch = find_touch (self->touched, id, &at);

      /* ...dropping the rows of shops gone before it */
      while (touch != NULL && at > i)
        {
          g_ptr_array_remove_index (self->touched, i);
          at--;
        }
      if (touch == NULL)
        {
          touch = touch_new (self, id);
          g_ptr_array_insert (self->touched, i, touch);
          gtk_list_box_insert (GTK_LIST_BOX (self->touch_list), touch->row, i);
          touch->old_marks = -1;
        }
      touch_patch (touch, shop,
                   owner >= 0 ? tk_agora_player_get_name (tk_agora_model_get_player (model, owner))
                              : NULL);
    }
  if (self->touched->len > n)
    g_ptr_array_remove_range (self->touched, n, self->touched->len - n);

  for (guint i = 0; i < self->touched->len; i++)
    any |= ((Touch *) self->touched->pdata[i])->mode == MODE_JOIN;
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
    {
      Touch *touch = self->touched->pdata[i];

      gtk_drop_down_set_selected (GTK_DROP_DOWN (touch->dropdown), MODE_NONE);
      gtk_spin_button_set_value (touch->marks_spin, touch->old_marks);
      gtk_spin_button_set_value (touch->doors_spin, touch->old_doors);
    }
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
      NewShop *shop = self->fresh->pdata[i];
      json_array_add_object_element (fresh, shop_change (0, shop->marks, shop->doors));
    }
  for (guint i = 0; i < self->touched->len; i++)
    {
      Touch *touch = self->touched->pdata[i];

      if (touch->mode == MODE_EXTEND)
        json_array_add_object_element (extend, shop_change (touch->id, touch->marks, touch->doors));
      else if (touch->mode == MODE_DOORS)
        json_array_add_object_element (doors, shop_change (touch->id, -1, touch->doors));
      else if (touch->mode == MODE_JOIN)
        json_array_add_int_element (joined, touch->id);
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
  /* A shop on a card has at least a circle and a door most of the time; the spins say. */
  add_fresh (TK_AGORA_PLACEMENT (widget), 1, 1);
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
  if (focus != NULL && gtk_widget_is_ancestor (focus, ((NewShop *) self->fresh->pdata[index])->row))
    gtk_widget_child_focus (widget, GTK_DIR_TAB_FORWARD);
  g_ptr_array_remove_index (self->fresh, index);
  number_fresh (self);
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
}

static void
tk_agora_placement_init (TkAgoraPlacement *self)
{
  self->fresh = g_ptr_array_new_with_free_func (fresh_shop_free);
  self->touched = g_ptr_array_new_with_free_func (touch_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}
