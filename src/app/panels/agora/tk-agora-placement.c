/* tk-agora-placement.c — the editor of what a placed card does to the shops.
 *
 * The cards stay on the real table, so the player tells the app what the new card changed:
 * the shops lying wholly on it (new, unowned), the shops that grow onto it (their new circles
 * and open doors), the shops it joins into one, and other shops whose doors it closes or
 * opens.  Each existing shop gets one of those roles, as the engine wants a shop named once
 * per card.  The choices are transient: the turn card resets them once the card is placed.
 * A part of the turn card (TkAgoraTurnCard), reading the model's shops.
 */
#define G_LOG_DOMAIN "tk-agora-placement"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-rules.h"
#include "tk-agora-placement.h"

typedef enum { MODE_NONE, MODE_EXTEND, MODE_DOORS, MODE_JOIN } Mode;

typedef struct
{
  int marks;
  int doors;
} NewShop;

typedef struct
{
  guint id;
  Mode  mode;
  int   marks;        /* the totals once the card is placed */
  int   doors;
  int   old_marks;    /* before */
  int   old_doors;
} Touch;

struct _TkAgoraPlacement
{
  GtkBox      parent_instance;

  GArray     *fresh;        /* NewShop */
  GArray     *touched;      /* Touch, in the order of the state's shops */
  int         join_marks;
  int         join_doors;

  GtkWidget  *fresh_list;
  GtkWidget  *touch_title;
  GtkWidget  *touch_list;
  GtkWidget  *join_row;
  GtkSpinButton *join_marks_spin;
  GtkSpinButton *join_doors_spin;
  GPtrArray  *touch_details; /* per touched shop: the box of its spins */
  GPtrArray  *touch_marks;   /* per touched shop: its circles spin (hidden unless it grows) */
};

G_DEFINE_FINAL_TYPE (TkAgoraPlacement, tk_agora_placement, GTK_TYPE_BOX)

static void rebuild_fresh (TkAgoraPlacement *self);

static void
remove_all (GtkWidget *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (list), child);
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

static void
fresh_value_changed (GtkSpinButton    *spin,
                     TkAgoraPlacement *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "index"));
  gboolean is_doors = g_object_get_data (G_OBJECT (spin), "doors") != NULL;

  if (index >= self->fresh->len)
    return;
  if (is_doors)
    g_array_index (self->fresh, NewShop, index).doors = gtk_spin_button_get_value_as_int (spin);
  else
    g_array_index (self->fresh, NewShop, index).marks = gtk_spin_button_get_value_as_int (spin);
}

static void
fresh_remove_clicked (GtkButton        *button,
                      TkAgoraPlacement *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  if (index < self->fresh->len)
    g_array_remove_index (self->fresh, index);
  rebuild_fresh (self);
}

static void
add_shop_clicked (GtkButton        *button,
                  TkAgoraPlacement *self)
{
  /* A shop on a card has at least a circle and a door most of the time; the spins say. */
  NewShop shop = { 1, 1 };

  g_array_append_val (self->fresh, shop);
  rebuild_fresh (self);
}

static void
rebuild_fresh (TkAgoraPlacement *self)
{
  remove_all (self->fresh_list);
  for (guint i = 0; i < self->fresh->len; i++)
    {
      NewShop *shop = &g_array_index (self->fresh, NewShop, i);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *title, *spins, *remove;
      g_autofree char *text = g_strdup_printf (_("New shop %u"), i + 1);
      g_autofree char *name = NULL;
      GtkSpinButton *spin;

      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 6);
      gtk_widget_set_margin_top (row, 6);
      gtk_widget_set_margin_bottom (row, 6);
      title = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_widget_set_hexpand (title, TRUE);
      gtk_box_append (GTK_BOX (head), title);
      remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      gtk_widget_set_tooltip_text (remove, _("Remove This Shop"));
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      g_object_set_data (G_OBJECT (remove), "index", GUINT_TO_POINTER (i));
      g_signal_connect (remove, "clicked", G_CALLBACK (fresh_remove_clicked), self);
      gtk_box_append (GTK_BOX (head), remove);
      gtk_box_append (GTK_BOX (row), head);

      spins = spin_flow_new ();
      spin = add_spin (spins, _("Circles"), 0, shop->marks);
      name = g_strdup_printf ("agora-new-marks-%u", i);
      gtk_widget_set_name (GTK_WIDGET (spin), name);
      g_object_set_data (G_OBJECT (spin), "index", GUINT_TO_POINTER (i));
      g_signal_connect (spin, "value-changed", G_CALLBACK (fresh_value_changed), self);
      spin = add_spin (spins, _("Open doors"), 0, shop->doors);
      g_free (name);
      name = g_strdup_printf ("agora-new-doors-%u", i);
      gtk_widget_set_name (GTK_WIDGET (spin), name);
      g_object_set_data (G_OBJECT (spin), "index", GUINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (spin), "doors", GINT_TO_POINTER (1));
      g_signal_connect (spin, "value-changed", G_CALLBACK (fresh_value_changed), self);
      gtk_box_append (GTK_BOX (row), spins);

      gtk_list_box_append (GTK_LIST_BOX (self->fresh_list), row);
    }
  if (self->fresh->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("No shop lies wholly on this card"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_set_margin_top (none, 12);
      gtk_widget_set_margin_bottom (none, 12);
      gtk_list_box_append (GTK_LIST_BOX (self->fresh_list), none);
      gtk_list_box_row_set_activatable (
        GTK_LIST_BOX_ROW (gtk_widget_get_parent (none)), FALSE);
    }
}

/* ---- shops already on the table ---- */

static void
update_join (TkAgoraPlacement *self)
{
  guint n = 0;
  int marks = 0, doors = 0;

  for (guint i = 0; i < self->touched->len; i++)
    {
      Touch *touch = &g_array_index (self->touched, Touch, i);

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
touch_mode_changed (GtkDropDown      *dropdown,
                    GParamSpec       *pspec,
                    TkAgoraPlacement *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), "index"));
  Touch *touch;

  if (index >= self->touched->len)
    return;
  touch = &g_array_index (self->touched, Touch, index);
  touch->mode = gtk_drop_down_get_selected (dropdown);
  gtk_widget_set_visible (self->touch_details->pdata[index],
                          touch->mode == MODE_EXTEND || touch->mode == MODE_DOORS);
  gtk_widget_set_visible (spin_item (self->touch_marks->pdata[index]),
                          touch->mode == MODE_EXTEND);
  update_join (self);
}

static void
touch_value_changed (GtkSpinButton    *spin,
                     TkAgoraPlacement *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "index"));
  Touch *touch;

  if (index >= self->touched->len)
    return;
  touch = &g_array_index (self->touched, Touch, index);
  if (g_object_get_data (G_OBJECT (spin), "doors") != NULL)
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

static Touch *
find_touch (GArray *touched,
            guint   id)
{
  for (guint i = 0; touched != NULL && i < touched->len; i++)
    if (g_array_index (touched, Touch, i).id == id)
      return &g_array_index (touched, Touch, i);
  return NULL;
}

void
tk_agora_placement_set_shops (TkAgoraPlacement *self,
                              TkAgoraModel     *model)
{
  GListModel *shops = model != NULL ? tk_agora_model_get_shops (model) : NULL;
  const char *const modes[] = { N_("Unchanged"), N_("Grows onto the card"),
                                N_("Doors change"), N_("Joined by the card"), NULL };
  g_autoptr(GArray) old = self->touched;
  guint n = shops != NULL ? g_list_model_get_n_items (shops) : 0;

  g_return_if_fail (TK_IS_AGORA_PLACEMENT (self));

  self->touched = g_array_new (FALSE, TRUE, sizeof (Touch));
  g_ptr_array_set_size (self->touch_details, 0);
  g_ptr_array_set_size (self->touch_marks, 0);
  remove_all (self->touch_list);
  gtk_widget_set_visible (self->touch_title, n > 0);
  gtk_widget_set_visible (self->touch_list, n > 0);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TkAgoraShop) shop = g_list_model_get_item (shops, i);
      int owner = tk_agora_shop_get_owner (shop);
      Touch touch = { 0 };
      Touch *kept;
      GtkWidget *row, *head, *title, *dropdown, *details;
      g_autoptr(GtkStringList) mode_names = gtk_string_list_new (NULL);
      g_autofree char *text = NULL;
      GtkSpinButton *spin;

      touch.id = tk_agora_shop_get_id (shop);
      touch.old_marks = tk_agora_shop_get_marks (shop);
      touch.old_doors = tk_agora_shop_get_doors (shop);
      touch.marks = touch.old_marks;
      touch.doors = touch.old_doors;
      kept = find_touch (old, touch.id);
      if (kept != NULL && kept->old_marks == touch.old_marks && kept->old_doors == touch.old_doors)
        touch = *kept;
      g_array_append_val (self->touched, touch);

      row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 6);
      gtk_widget_set_margin_top (row, 6);
      gtk_widget_set_margin_bottom (row, 6);
      head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      if (owner >= 0)
        /* Translators: "Shop 3 (Ana)": a shop and its owner. */
        text = g_strdup_printf (_("Shop %u (%s)"), touch.id,
                                tk_agora_player_get_name (tk_agora_model_get_player (model,
                                                                                    owner)));
      else
        text = g_strdup_printf (_("Shop %u (unowned)"), touch.id);
      title = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_widget_set_hexpand (title, TRUE);
      gtk_box_append (GTK_BOX (head), title);

      for (guint m = 0; modes[m] != NULL; m++)
        gtk_string_list_append (mode_names, _(modes[m]));
      dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (mode_names)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), touch.mode);
      gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      text, -1);
      {
        g_autofree char *name = g_strdup_printf ("agora-touch-%u", touch.id);
        gtk_widget_set_name (dropdown, name);
      }
      g_object_set_data (G_OBJECT (dropdown), "index", GUINT_TO_POINTER (i));
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (touch_mode_changed), self);
      gtk_box_append (GTK_BOX (head), dropdown);
      gtk_box_append (GTK_BOX (row), head);

      details = spin_flow_new ();
      spin = add_spin (details, _("Circles"), touch.old_marks, touch.marks);
      g_object_set_data (G_OBJECT (spin), "index", GUINT_TO_POINTER (i));
      g_signal_connect (spin, "value-changed", G_CALLBACK (touch_value_changed), self);
      g_ptr_array_add (self->touch_marks, spin);
      gtk_widget_set_visible (spin_item (spin), touch.mode == MODE_EXTEND);
      {
        g_autofree char *name = g_strdup_printf ("agora-touch-marks-%u", touch.id);
        gtk_widget_set_name (GTK_WIDGET (spin), name);
      }
      spin = add_spin (details, _("Open doors"), 0, touch.doors);
      g_object_set_data (G_OBJECT (spin), "index", GUINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (spin), "doors", GINT_TO_POINTER (1));
      {
        g_autofree char *name = g_strdup_printf ("agora-touch-doors-%u", touch.id);
        gtk_widget_set_name (GTK_WIDGET (spin), name);
      }
      g_signal_connect (spin, "value-changed", G_CALLBACK (touch_value_changed), self);
      gtk_widget_set_visible (details, touch.mode == MODE_EXTEND || touch.mode == MODE_DOORS);
      g_ptr_array_add (self->touch_details, details);
      gtk_box_append (GTK_BOX (row), details);

      gtk_list_box_append (GTK_LIST_BOX (self->touch_list), row);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (gtk_widget_get_parent (row)), FALSE);
    }
  {
    int marks = self->join_marks, doors = self->join_doors;
    gboolean any = FALSE;

    for (guint i = 0; i < self->touched->len; i++)
      any |= g_array_index (self->touched, Touch, i).mode == MODE_JOIN;
    update_join (self);
    if (any)
      {
        /* Keep what the player typed for the joined shop. */
        gtk_spin_button_set_value (self->join_marks_spin, marks);
        gtk_spin_button_set_value (self->join_doors_spin, doors);
      }
  }
}

void
tk_agora_placement_reset (TkAgoraPlacement *self)
{
  g_return_if_fail (TK_IS_AGORA_PLACEMENT (self));

  g_array_set_size (self->fresh, 0);
  rebuild_fresh (self);
  for (guint i = 0; i < self->touched->len; i++)
    {
      Touch *touch = &g_array_index (self->touched, Touch, i);

      touch->mode = MODE_NONE;
      touch->marks = touch->old_marks;
      touch->doors = touch->old_doors;
    }
  g_array_set_size (self->touched, 0);
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
      NewShop *shop = &g_array_index (self->fresh, NewShop, i);
      json_array_add_object_element (fresh, shop_change (0, shop->marks, shop->doors));
    }
  for (guint i = 0; i < self->touched->len; i++)
    {
      Touch *touch = &g_array_index (self->touched, Touch, i);

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

static GtkWidget *
section_title (const char *text,
               const char *description)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (text);
  GtkWidget *note = gtk_label_new (description);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_widget_add_css_class (note, "caption");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), note);
  return box;
}

static void
tk_agora_placement_finalize (GObject *object)
{
  TkAgoraPlacement *self = TK_AGORA_PLACEMENT (object);

  g_array_unref (self->fresh);
  g_array_unref (self->touched);
  g_ptr_array_unref (self->touch_details);
  g_ptr_array_unref (self->touch_marks);

  G_OBJECT_CLASS (tk_agora_placement_parent_class)->finalize (object);
}

static void
tk_agora_placement_class_init (TkAgoraPlacementClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_agora_placement_finalize;
}

static void
tk_agora_placement_init (TkAgoraPlacement *self)
{
  GtkWidget *add, *join_box, *join_title, *join_spins;

  self->fresh = g_array_new (FALSE, TRUE, sizeof (NewShop));
  self->touched = g_array_new (FALSE, TRUE, sizeof (Touch));
  self->touch_details = g_ptr_array_new ();
  self->touch_marks = g_ptr_array_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);

  gtk_box_append (GTK_BOX (self),
                  section_title (_("Shops on the Card"),
                                 _("Shops lying wholly on the new card; they start unowned.")));
  self->fresh_list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->fresh_list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->fresh_list, "boxed-list");
  gtk_box_append (GTK_BOX (self), self->fresh_list);
  add = gtk_button_new_with_mnemonic (_("_Add Shop"));
  gtk_widget_set_name (add, "agora-add-shop");
  gtk_widget_set_halign (add, GTK_ALIGN_START);
  g_signal_connect (add, "clicked", G_CALLBACK (add_shop_clicked), self);
  gtk_box_append (GTK_BOX (self), add);

  self->touch_title = section_title (_("Shops the Card Touches"),
                                     _("A shop that grows onto the card takes a counter on each "
                                       "new circle; joined shops become one (the lowest number "
                                       "stays)."));
  gtk_widget_set_margin_top (self->touch_title, 12);
  gtk_box_append (GTK_BOX (self), self->touch_title);
  self->touch_list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->touch_list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->touch_list, "boxed-list");
  gtk_box_append (GTK_BOX (self), self->touch_list);

  self->join_row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->join_row, "card");
  join_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (join_box, 12);
  gtk_widget_set_margin_end (join_box, 12);
  gtk_widget_set_margin_top (join_box, 6);
  gtk_widget_set_margin_bottom (join_box, 6);
  join_title = gtk_label_new (_("The joined shop (all its circles at least)"));
  gtk_label_set_xalign (GTK_LABEL (join_title), 0);
  gtk_label_set_wrap (GTK_LABEL (join_title), TRUE);
  gtk_box_append (GTK_BOX (join_box), join_title);
  join_spins = spin_flow_new ();
  gtk_box_append (GTK_BOX (join_box), join_spins);
  self->join_marks_spin = add_spin (join_spins, _("Circles"), 0, 0);
  self->join_doors_spin = add_spin (join_spins, _("Open doors"), 0, 0);
  gtk_widget_set_name (GTK_WIDGET (self->join_marks_spin), "agora-join-marks");
  gtk_widget_set_name (GTK_WIDGET (self->join_doors_spin), "agora-join-doors");
  g_signal_connect_swapped (self->join_marks_spin, "value-changed",
                            G_CALLBACK (join_value_changed), self);
  g_signal_connect_swapped (self->join_doors_spin, "value-changed",
                            G_CALLBACK (join_value_changed), self);
  gtk_box_append (GTK_BOX (self->join_row), join_box);
  gtk_widget_set_visible (self->join_row, FALSE);
  gtk_box_append (GTK_BOX (self), self->join_row);

  rebuild_fresh (self);
  gtk_widget_set_visible (self->touch_title, FALSE);
  gtk_widget_set_visible (self->touch_list, FALSE);
}

GtkWidget *
tk_agora_placement_new (void)
{
  return g_object_new (TK_TYPE_AGORA_PLACEMENT, NULL);
}
