/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-options.c — the City Plan setup options: the numbers the seed does not print
 * (starting hand, plant supply, deck sizes), the end and bonus, the hand limit, the income
 * tiles and who draws when one fires, and the card table.
 *
 * No card list was ever published, so the card table is the player's to fill: cards are
 * added, edited and removed here, and every change is saved to the user's card file
 * (tk-city-plan-cards.h) so later sessions start from it.  Cards whose numbers nobody
 * confirmed ("checked": false) say so: check them against your rule book.  The file is
 * written only when the player changes the table.
 */
#define G_LOG_DOMAIN "tk-city-plan-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-text-limit.h"
#include "tk-city-plan-cards.h"
#include "tk-city-plan-options.h"

static const char *const type_ids[] = { "residential", "commercial", "industrial", "facility",
                                        "power_plant" };

typedef struct
{
  const char *member;     /* setup member, or income_tiles member when tile */
  gboolean    tile;
  const char *title;
  const char *subtitle;
  int         min, max, value;
} Number;

static const Number numbers[] = {
  { "start_hand", FALSE, N_("Starting Hand"), N_("Cards dealt to each player (not printed in the rules)"), 0, 50, 5 },
  { "start_plant_supply", FALSE, N_("Starting Plant Power"), N_("Power of each starting power plant (not printed in the rules)"), 0, 99, 5 },
  { "deck_size", FALSE, N_("Building Cards"), N_("Cards in the deck, starting plants apart"), 1, 1000, 100 },
  { "manifesto_deck_size", FALSE, N_("Manifesto Cards"), NULL, 0, 100, 15 },
  { "end_buildings", FALSE, N_("Buildings to End"), N_("The round in which someone has this many ends the game"), 1, 100, 10 },
  { "completion_bonus", FALSE, N_("Completion Bonus"), N_("Points for every player with that many buildings"), 0, 99, 3 },
  { "hand_limit", FALSE, N_("Hand Limit"), N_("Cut to this at the end of the player’s own turn"), 0, 99, 8 },
  { "resident", TRUE, N_("Resident Tax"), N_("Residential buildings that fire it"), 1, 100, 3 },
  { "consumption", TRUE, N_("Consumption Tax"), N_("Commercial buildings that fire it"), 1, 100, 3 },
  { "business", TRUE, N_("Business Tax"), N_("Industrial buildings that fire it"), 1, 100, 3 },
  { "income_tax", TRUE, N_("Income Tax"), N_("Kinds of district (residential, commercial, industrial)"), 1, 100, 3 },
  { "eco", TRUE, N_("Eco Subsidy"), N_("Eco buildings that fire it"), 1, 100, 2 },
  { "subsidy", TRUE, N_("Subsidy"), N_("Buildings that fire it"), 1, 100, 8 },
  { "subsidy_max_buildings", TRUE, N_("Subsidy Goes To"), N_("Players with at most this many buildings"), 0, 100, 6 },
  { "subsidy_cards", TRUE, N_("Subsidy Cards"), N_("Cards each of them draws"), 0, 100, 2 },
};

struct _TkCityPlanOptions
{
  AdwPreferencesGroup parent_instance;

  GtkSpinButton *spins[G_N_ELEMENTS (numbers)];
  AdwComboRow   *draws;
  GtkSpinButton *first_seat;
  AdwActionRow  *cards_row;    /* the heading row of the card table */
  GPtrArray     *card_rows;    /* the card rows after it, to remove them */
  JsonArray     *cards;
  guint          n_players;
};

static void tk_city_plan_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkCityPlanOptions, tk_city_plan_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_city_plan_options_iface_init))

static void rebuild_cards (TkCityPlanOptions *self);

/* ---- rows ---- */

static GtkSpinButton *
spin_row (GtkWidget  *parent,
          const char *title,
          const char *subtitle,
          const char *name,
          int         min,
          int         max,
          int         value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  if (ADW_IS_EXPANDER_ROW (parent))
    adw_expander_row_add_row (ADW_EXPANDER_ROW (parent), row);
  else
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (parent), row);
  return GTK_SPIN_BUTTON (spin);
}

/* ---- the card table ---- */

static void
save_cards (TkCityPlanOptions *self)
{
  g_autoptr(GError) error = NULL;

  if (!tk_city_plan_cards_save (self->cards, &error))
    g_warning ("Could not save the card table: %s", error->message);
}

static JsonObject *
card_at (TkCityPlanOptions *self,
         GObject           *widget)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (widget, "index"));

  return index < json_array_get_length (self->cards)
         ? json_array_get_object_element (self->cards, index) : NULL;
}

static void
card_int_changed (GtkSpinButton     *spin,
                  TkCityPlanOptions *self)
{
  JsonObject *card = card_at (self, G_OBJECT (spin));

  if (card == NULL)
    return;
  json_object_set_int_member (card, g_object_get_data (G_OBJECT (spin), "member"),
                              gtk_spin_button_get_value_as_int (spin));
  save_cards (self);
}

static void
card_name_changed (GtkEditable       *entry,
                   TkCityPlanOptions *self)
{
  JsonObject *card = card_at (self, G_OBJECT (entry));
  GtkWidget *row = g_object_get_data (G_OBJECT (entry), "row");

  if (card == NULL)
    return;
  json_object_set_string_member (card, "name", gtk_editable_get_text (entry));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), gtk_editable_get_text (entry));
  save_cards (self);
}

static void
card_type_changed (AdwComboRow       *combo,
                   GParamSpec        *pspec,
                   TkCityPlanOptions *self)
{
  JsonObject *card = card_at (self, G_OBJECT (combo));
  guint type = adw_combo_row_get_selected (combo);

  if (card == NULL || type >= G_N_ELEMENTS (type_ids))
    return;
  json_object_set_string_member (card, "type", type_ids[type]);
  save_cards (self);
}

static void
card_bool_changed (GtkSwitch         *toggle,
                   GParamSpec        *pspec,
                   TkCityPlanOptions *self)
{
  JsonObject *card = card_at (self, G_OBJECT (toggle));

  if (card == NULL)
    return;
  json_object_set_boolean_member (card, g_object_get_data (G_OBJECT (toggle), "member"),
                                  gtk_switch_get_active (toggle));
  save_cards (self);
}

static void
card_remove_clicked (GtkButton         *button,
                     TkCityPlanOptions *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  if (index < json_array_get_length (self->cards))
    json_array_remove_element (self->cards, index);
  save_cards (self);
  rebuild_cards (self);
}

static void
add_card_clicked (TkCityPlanOptions *self)
{
  JsonObject *card = json_object_new ();
  g_autofree char *id = NULL;

  /* A fresh id nobody uses. */
  for (guint n = json_array_get_length (self->cards) + 1; id == NULL; n++)
    {
      g_autofree char *candidate = g_strdup_printf ("card-%u", n);
      gboolean used = FALSE;

      for (guint i = 0; i < json_array_get_length (self->cards); i++)
        used |= g_strcmp0 (json_object_get_string_member_with_default (
                             json_array_get_object_element (self->cards, i), "id", NULL),
                           candidate) == 0;
      if (!used)
        id = g_steal_pointer (&candidate);
    }
  json_object_set_string_member (card, "id", id);
  json_object_set_string_member (card, "name", _("New card"));
  json_object_set_string_member (card, "type", "residential");
  json_object_set_int_member (card, "cost", 1);
  json_object_set_int_member (card, "points", 1);
  json_object_set_int_member (card, "power", 1);
  json_object_set_boolean_member (card, "eco", FALSE);
  json_object_set_string_member (card, "effect", "none");
  /* The player typed it from their own card. */
  json_object_set_boolean_member (card, "checked", TRUE);
  json_array_add_object_element (self->cards, card);
  save_cards (self);
  rebuild_cards (self);
}

static void
reset_cards_clicked (TkCityPlanOptions *self)
{
  g_clear_pointer (&self->cards, json_array_unref);
  self->cards = tk_city_plan_cards_shipped ();
  save_cards (self);
  rebuild_cards (self);
}

/* Card rows are rows of the group itself (an expander inside an expander reads badly). */
static void
add_row (TkCityPlanOptions *self,
         GtkWidget         *row)
{
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  g_ptr_array_add (self->card_rows, row);
}

static GtkWidget *
card_editor (TkCityPlanOptions *self,
             guint              index)
{
  JsonObject *card = json_array_get_object_element (self->cards, index);
  const char *const type_names[] = { N_("Residential"), N_("Commercial"), N_("Industrial"),
                                     N_("Facility"), N_("Power plant"), NULL };
  const struct { const char *member; const char *title; int min; gboolean counting; } ints[] = {
    { "cost", N_("Cost"), 0, FALSE }, { "points", N_("Points"), -99, FALSE },
    { "power", N_("Power (a plant’s supply)"), 0, FALSE },
    /* Only for a building that scores by counting (police box, museum, …). */
    { "amount", N_("Points per Counted Building"), 0, TRUE },
    { "max_points", N_("At Most (0: No Limit)"), 0, TRUE },
  };
  gboolean counting = g_strcmp0 (json_object_get_string_member_with_default (card, "effect",
                                                                             "none"),
                                 "count_bonus") == 0;
  const struct { const char *member; const char *title; } bools[] = {
    { "eco", N_("Eco") }, { "checked", N_("Checked against my rule book") },
  };
  AdwExpanderRow *row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  const char *id = json_object_get_string_member_with_default (card, "id", "");
  const char *type = json_object_get_string_member_with_default (card, "type", "residential");
  gboolean checked = json_object_get_boolean_member_with_default (card, "checked", TRUE);
  g_autofree char *summary = tk_city_plan_card_summary (card);
  g_autofree char *effect = tk_city_plan_card_effect_text (card);
  g_autoptr(GString) subtitle = g_string_new (summary);
  g_autoptr(GtkStringList) types = gtk_string_list_new (NULL);
  GtkWidget *name_row, *name_entry, *remove;
  AdwComboRow *type_row;

  if (effect[0] != '\0')
    g_string_append_printf (subtitle, "\n%s", effect);
  if (!checked)
    g_string_append_printf (subtitle, "\n%s", _("Not confirmed: check against your rule book"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 json_object_get_string_member_with_default (card, "name", id));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_expander_row_set_subtitle (row, subtitle->str);
  {
    g_autofree char *name = g_strdup_printf ("cp-opt-card-%s", id);
    gtk_widget_set_name (GTK_WIDGET (row), name);
  }

  name_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name_row), _("Name"));
  name_entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (name_entry),
                         json_object_get_string_member_with_default (card, "name", ""));
  gtk_widget_set_valign (name_entry, GTK_ALIGN_CENTER);
  tk_text_limit_editable (GTK_EDITABLE (name_entry), TK_TEXT_LINE);
  gtk_editable_set_width_chars (GTK_EDITABLE (name_entry), 10);
  gtk_accessible_update_property (GTK_ACCESSIBLE (name_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Name"), -1);
  {
    g_autofree char *name = g_strdup_printf ("cp-opt-card-%s-name", id);
    gtk_widget_set_name (name_entry, name);
  }
  g_object_set_data (G_OBJECT (name_entry), "index", GUINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (name_entry), "row", row);
  g_signal_connect (name_entry, "changed", G_CALLBACK (card_name_changed), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (name_row), name_entry);
  adw_expander_row_add_row (row, name_row);

  for (guint i = 0; type_names[i] != NULL; i++)
    gtk_string_list_append (types, _(type_names[i]));
  type_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (type_row), _("Type"));
  adw_combo_row_set_model (type_row, G_LIST_MODEL (types));
  for (guint i = 0; i < G_N_ELEMENTS (type_ids); i++)
    if (g_str_equal (type, type_ids[i]))
      adw_combo_row_set_selected (type_row, i);
  {
    g_autofree char *name = g_strdup_printf ("cp-opt-card-%s-type", id);
    gtk_widget_set_name (GTK_WIDGET (type_row), name);
  }
  g_object_set_data (G_OBJECT (type_row), "index", GUINT_TO_POINTER (index));
  g_signal_connect (type_row, "notify::selected", G_CALLBACK (card_type_changed), self);
  adw_expander_row_add_row (row, GTK_WIDGET (type_row));

  for (guint i = 0; i < G_N_ELEMENTS (ints); i++)
    {
      g_autofree char *name = g_strdup_printf ("cp-opt-card-%s-%s", id, ints[i].member);
      GtkSpinButton *spin;

      if (ints[i].counting && !counting)
        continue;
      spin = spin_row (GTK_WIDGET (row), _(ints[i].title), NULL, name, ints[i].min, 999,
                       json_object_get_int_member_with_default (card, ints[i].member,
                                                                g_str_equal (ints[i].member,
                                                                             "amount")));

      g_object_set_data (G_OBJECT (spin), "index", GUINT_TO_POINTER (index));
      g_object_set_data (G_OBJECT (spin), "member", (gpointer) ints[i].member);
      g_signal_connect (spin, "value-changed", G_CALLBACK (card_int_changed), self);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bools); i++)
    {
      GtkWidget *bool_row = adw_action_row_new ();
      GtkWidget *toggle = gtk_switch_new ();
      g_autofree char *name = g_strdup_printf ("cp-opt-card-%s-%s", id, bools[i].member);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (bool_row), _(bools[i].title));
      gtk_switch_set_active (GTK_SWITCH (toggle),
                             json_object_get_boolean_member_with_default (card, bools[i].member,
                                                                          i == 1));
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      gtk_widget_set_name (toggle, name);
      g_object_set_data (G_OBJECT (toggle), "index", GUINT_TO_POINTER (index));
      g_object_set_data (G_OBJECT (toggle), "member", (gpointer) bools[i].member);
      g_signal_connect (toggle, "notify::active", G_CALLBACK (card_bool_changed), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (bool_row), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (bool_row), toggle);
      adw_expander_row_add_row (row, bool_row);
    }

  remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (remove, _("Remove This Card"));
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  {
    g_autofree char *name = g_strdup_printf ("cp-opt-card-%s-remove", id);
    gtk_widget_set_name (remove, name);
  }
  g_object_set_data (G_OBJECT (remove), "index", GUINT_TO_POINTER (index));
  g_signal_connect (remove, "clicked", G_CALLBACK (card_remove_clicked), self);
  adw_expander_row_add_action (row, remove);
  return GTK_WIDGET (row);
}

static void
rebuild_cards (TkCityPlanOptions *self)
{
  GtkWidget *add, *reset, *buttons;
  guint unchecked = 0;
  g_autofree char *subtitle = NULL;

  for (guint i = 0; i < self->card_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), self->card_rows->pdata[i]);
  g_ptr_array_set_size (self->card_rows, 0);

  for (guint i = 0; i < json_array_get_length (self->cards); i++)
    {
      add_row (self, card_editor (self, i));
      unchecked += !json_object_get_boolean_member_with_default (
        json_array_get_object_element (self->cards, i), "checked", TRUE);
    }

  /* Two buttons a line, one a line on a phone. */
  buttons = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_widget_set_margin_bottom (buttons, 6);
  gtk_widget_set_margin_start (buttons, 12);
  gtk_widget_set_margin_end (buttons, 12);
  add = gtk_button_new_with_mnemonic (_("_Add Card"));
  gtk_widget_set_name (add, "cp-opt-add-card");
  g_signal_connect_swapped (add, "clicked", G_CALLBACK (add_card_clicked), self);
  reset = gtk_button_new_with_mnemonic (_("_Reset to the Shipped Cards"));
  gtk_widget_set_name (reset, "cp-opt-reset-cards");
  gtk_widget_add_css_class (reset, "flat");
  g_signal_connect_swapped (reset, "clicked", G_CALLBACK (reset_cards_clicked), self);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), add);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), reset);
  {
    GtkWidget *row = gtk_list_box_row_new ();

    gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), buttons);
    gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
    add_row (self, row);
  }

  if (unchecked > 0)
    /* Translators: the card table row, e.g. "10 cards, saved for later sessions; 10 not
     * confirmed: check them against your rule book". */
    subtitle = g_strdup_printf (_("%u cards, saved for later sessions; %u not confirmed: check "
                                  "them against your rule book"),
                                json_array_get_length (self->cards), unchecked);
  else
    subtitle = g_strdup_printf (_("%u cards, saved for later sessions"),
                                json_array_get_length (self->cards));
  adw_action_row_set_subtitle (self->cards_row, subtitle);
}

/* ---- TkSetupOptions ---- */

static void
tk_city_plan_options_set_n_players (TkSetupOptions *options,
                                    guint           n_players)
{
  TkCityPlanOptions *self = TK_CITY_PLAN_OPTIONS (options);

  self->n_players = MAX (n_players, 1);
  gtk_spin_button_set_range (self->first_seat, 1, self->n_players);
}

static gboolean
tk_city_plan_options_fill_setup (TkSetupOptions *options,
                                 JsonObject     *setup,
                                 GError        **error)
{
  TkCityPlanOptions *self = TK_CITY_PLAN_OPTIONS (options);
  JsonObject *tiles;
  g_autoptr(JsonNode) cards = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(JsonNode) copy = NULL;

  if (!json_object_has_member (setup, "income_tiles"))
    json_object_set_object_member (setup, "income_tiles", json_object_new ());
  tiles = json_object_get_object_member (setup, "income_tiles");
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    json_object_set_int_member (numbers[i].tile ? tiles : setup, numbers[i].member,
                                gtk_spin_button_get_value_as_int (self->spins[i]));
  json_object_set_string_member (setup, "income_draws",
                                 adw_combo_row_get_selected (self->draws) == 1 ? "trigger"
                                                                               : "everyone");
  json_object_set_int_member (setup, "first_seat",
                              MIN ((guint) gtk_spin_button_get_value_as_int (self->first_seat),
                                   tk_rules_setup_n_players (setup)) - 1);

  if (!tk_city_plan_cards_check (self->cards, error))
    return FALSE;
  json_node_set_array (cards, self->cards);
  copy = json_node_copy (cards);
  json_object_set_array_member (setup, "cards", json_array_ref (json_node_get_array (copy)));
  /* Not saved here: the file changes only when the player edits the table, so a card file
   * this version cannot read is left as it was. */
  return TRUE;
}

static void
tk_city_plan_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->set_n_players = tk_city_plan_options_set_n_players;
  iface->fill_setup = tk_city_plan_options_fill_setup;
}

/* ---- object ---- */

static void
tk_city_plan_options_dispose (GObject *object)
{
  TkCityPlanOptions *self = TK_CITY_PLAN_OPTIONS (object);

  g_clear_pointer (&self->cards, json_array_unref);
  g_clear_pointer (&self->card_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (tk_city_plan_options_parent_class)->dispose (object);
}

static void
tk_city_plan_options_class_init (TkCityPlanOptionsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tk_city_plan_options_dispose;
}

static void
tk_city_plan_options_init (TkCityPlanOptions *self)
{
  g_autoptr(GtkStringList) draws = gtk_string_list_new (NULL);
  GtkWidget *tiles;

  self->card_rows = g_ptr_array_new ();
  self->cards = tk_city_plan_cards_load ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("City Plan"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("The 2005 prototype rules. Numbers the rules do not "
                                           "print are defaults: check them against your rule "
                                           "book."));

  tiles = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (tiles), _("Income Tiles"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (tiles),
                                 _("What fires each tile, checked in order at each round’s end"));
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *name = g_strdup_printf ("cp-opt-%s", numbers[i].member);

      if (numbers[i].tile && i > 0 && !numbers[i - 1].tile)
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), tiles);
      self->spins[i] = spin_row (numbers[i].tile ? tiles : GTK_WIDGET (self), _(numbers[i].title),
                                 numbers[i].subtitle != NULL ? _(numbers[i].subtitle) : NULL,
                                 name, numbers[i].min, numbers[i].max, numbers[i].value);
    }

  gtk_string_list_append (draws, _("Every player, by their own count"));
  gtk_string_list_append (draws, _("Only the players meeting the condition"));
  self->draws = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->draws), _("When a Tile Fires, Who Draws"));
  adw_combo_row_set_model (self->draws, G_LIST_MODEL (draws));
  gtk_widget_set_name (GTK_WIDGET (self->draws), "cp-opt-income-draws");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (tiles), GTK_WIDGET (self->draws));

  self->first_seat = spin_row (GTK_WIDGET (self), _("Seat Starting Each Round"), NULL,
                               "cp-opt-first-seat", 1, 5, 1);

  self->cards_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->cards_row), _("Card Table"));
  gtk_widget_set_name (GTK_WIDGET (self->cards_row), "cp-opt-cards");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (self->cards_row));
  rebuild_cards (self);
  tk_city_plan_options_set_n_players (TK_SETUP_OPTIONS (self), 2);
}
