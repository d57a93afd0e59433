/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-build.c — the City Plan build flow.
 *
 * The player picks the card being built from the card table (searchable; each row says what
 * the card costs this player now, from the engine's "costs") or types a card that is not in
 * the table.  Before confirming, the panel shows the cost after reductions, the plant whose
 * row powers the building and its free power, and whether a construction site pays.  The
 * engine still decides: an overloaded plant or a short hand is refused with its reason.
 */
#define G_LOG_DOMAIN "tk-city-plan-build"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-rules.h"
#include "tk-text-limit.h"
#include "tk-city-plan-cards.h"
#include "tk-city-plan-build.h"

#define CUSTOM_ID "\x01custom"

static const char *const type_ids[] = { "residential", "commercial", "industrial", "facility",
                                        "power_plant" };

struct _TkCityPlanBuild
{
  GtkBox         parent_instance;

  JsonArray     *cards;
  JsonObject    *player;
  char          *name;

  char          *selected;     /* card id, CUSTOM_ID, or NULL */
  guint          plant;        /* chosen plant uid, 0 = the first with room */
  GArray        *plant_uids;   /* the dropdown's plants */
  gboolean       updating;

  GtkWidget     *search;
  GtkWidget     *list;
  GtkWidget     *custom_box;
  GtkWidget     *custom_name;
  GtkWidget     *custom_type;
  GtkSpinButton *custom_cost;
  GtkSpinButton *custom_points;
  GtkSpinButton *custom_power;
  GtkWidget     *custom_eco;
  GtkWidget     *plant_box;
  GtkWidget     *plant_dropdown;
  GtkWidget     *site_check;
  GtkWidget     *cost_label;
  GtkWidget     *power_label;
  GtkWidget     *build_button;
};

enum { SIGNAL_BUILD, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkCityPlanBuild, tk_city_plan_build, GTK_TYPE_BOX)

static void update_summary (TkCityPlanBuild *self);

/* ---- the chosen card ---- */

static JsonObject *
table_card (TkCityPlanBuild *self,
            const char      *id)
{
  for (guint i = 0; self->cards != NULL && i < json_array_get_length (self->cards); i++)
    {
      JsonObject *card = json_array_get_object_element (self->cards, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (card, "id", NULL), id) == 0)
        return card;
    }
  return NULL;
}

/* The card typed in the custom editor (a new object). */
static JsonObject *
custom_card (TkCityPlanBuild *self)
{
  JsonObject *card = json_object_new ();
  guint type = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->custom_type));
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->custom_name));

  if (type >= G_N_ELEMENTS (type_ids))
    type = 0;
  json_object_set_string_member (card, "name", name[0] != '\0' ? name
                                 : tk_city_plan_type_label (type_ids[type]));
  json_object_set_string_member (card, "type", type_ids[type]);
  json_object_set_int_member (card, "cost", gtk_spin_button_get_value_as_int (self->custom_cost));
  json_object_set_int_member (card, "points",
                              gtk_spin_button_get_value_as_int (self->custom_points));
  json_object_set_int_member (card, "power", gtk_spin_button_get_value_as_int (self->custom_power));
  json_object_set_boolean_member (card, "eco",
                                  gtk_check_button_get_active (GTK_CHECK_BUTTON (self->custom_eco)));
  return card;
}

/* The chosen card as an object (a new reference), or NULL. */
static JsonObject *
chosen_card (TkCityPlanBuild *self)
{
  JsonObject *card;

  if (self->selected == NULL)
    return NULL;
  if (g_str_equal (self->selected, CUSTOM_ID))
    return custom_card (self);
  card = table_card (self, self->selected);
  return card != NULL ? json_object_ref (card) : NULL;
}

/* What @card costs the player: the engine's figure for a card of the table; for a typed card
 * the player's reductions as the engine reports them (caps first, then the cards less for its
 * type, never below 0). */
static gint64
cost_of (TkCityPlanBuild *self,
         JsonObject      *card)
{
  JsonObject *costs = json_object_get_object_member (self->player, "costs");
  JsonObject *rules = json_object_get_object_member (self->player, "cost_rules");
  JsonArray *caps = json_object_get_array_member (rules, "cap");
  const char *id = json_object_get_string_member_with_default (card, "id", NULL);
  const char *type = json_object_get_string_member (card, "type");
  gint64 cost = json_object_get_int_member_with_default (card, "cost", 0);

  if (id != NULL && g_strcmp0 (self->selected, CUSTOM_ID) != 0 && json_object_has_member (costs, id))
    return json_object_get_int_member (costs, id);
  for (guint i = 0; i < json_array_get_length (caps); i++)
    {
      JsonObject *cap = json_array_get_object_element (caps, i);
      gint64 from = json_object_get_int_member (cap, "from");
      gint64 to = json_object_get_int_member (cap, "to");

      if (cost >= from && cost > to)
        cost = to;
    }
  cost -= json_object_get_int_member_with_default (json_object_get_object_member (rules, "minus"),
                                                   type, 0);
  return MAX (cost, 0);
}

static gboolean
has_construction_site (TkCityPlanBuild *self)
{
  JsonArray *plants = json_object_get_array_member (self->player, "plants");

  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonArray *row = json_object_get_array_member (json_array_get_object_element (plants, p),
                                                     "buildings");

      for (guint b = 0; b < json_array_get_length (row); b++)
        if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (row, b),
                                                      "effect"), "construction_site") == 0)
          return TRUE;
    }
  return FALSE;
}

static JsonObject *
plant_of (TkCityPlanBuild *self,
          guint            uid)
{
  JsonArray *plants = json_object_get_array_member (self->player, "plants");

  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonObject *plant = json_array_get_object_element (plants, p);

      if ((guint) json_object_get_int_member (plant, "uid") == uid)
        return plant;
    }
  return NULL;
}

static gint64
free_power (JsonObject *plant)
{
  return json_object_get_int_member (plant, "supply") - json_object_get_int_member (plant, "used");
}

/* ---- the plant list ---- */

static void
fill_plants (TkCityPlanBuild *self)
{
  JsonArray *plants = json_object_get_array_member (self->player, "plants");
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(JsonObject) card = chosen_card (self);
  gint64 power = card != NULL ? json_object_get_int_member_with_default (card, "power", 0) : 0;
  guint chosen = GTK_INVALID_LIST_POSITION, first_room = GTK_INVALID_LIST_POSITION;

  g_array_set_size (self->plant_uids, 0);
  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonObject *plant = json_array_get_object_element (plants, p);
      guint uid = json_object_get_int_member (plant, "uid");
      /* Translators: a power plant in the build flow, e.g. "Plant 1 · Starting power plant —
       * 3 of 5 free". */
      g_autofree char *text = g_strdup_printf (_("Plant %u · %s — %" PRId64 " of %" PRId64
                                                 " free"), uid,
                                               json_object_get_string_member (plant, "name"),
                                               free_power (plant),
                                               json_object_get_int_member (plant, "supply"));

      gtk_string_list_append (names, text);
      g_array_append_val (self->plant_uids, uid);
      if (uid == self->plant)
        chosen = p;
      if (first_room == GTK_INVALID_LIST_POSITION && free_power (plant) >= power)
        first_room = p;
    }
  self->updating = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->plant_dropdown), G_LIST_MODEL (names));
  if (chosen == GTK_INVALID_LIST_POSITION)
    chosen = first_room != GTK_INVALID_LIST_POSITION ? first_room : 0;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->plant_dropdown), chosen);
  self->updating = FALSE;
}

static void
plant_changed (TkCityPlanBuild *self)
{
  guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->plant_dropdown));

  if (self->updating)
    return;
  if (index < self->plant_uids->len)
    self->plant = g_array_index (self->plant_uids, guint, index);
  update_summary (self);
}

/* ---- what the build will cost ---- */

static void
update_summary (TkCityPlanBuild *self)
{
  g_autoptr(JsonObject) card = chosen_card (self);
  gboolean is_plant, site;
  gint64 cost, printed, hand, power;
  g_autofree char *text = NULL;
  g_autofree char *power_text = NULL;
  g_autofree char *button = NULL;
  const char *card_name;
  guint index;
  JsonObject *plant = NULL;

  gtk_widget_set_visible (self->custom_box, g_strcmp0 (self->selected, CUSTOM_ID) == 0);
  if (card == NULL || self->player == NULL)
    {
      gtk_widget_set_visible (self->plant_box, FALSE);
      gtk_widget_set_visible (self->site_check, FALSE);
      gtk_label_set_text (GTK_LABEL (self->cost_label), _("Choose the card being built."));
      gtk_widget_set_visible (self->power_label, FALSE);
      gtk_button_set_label (GTK_BUTTON (self->build_button), _("Build"));
      gtk_widget_set_sensitive (self->build_button, FALSE);
      return;
    }

  card_name = json_object_get_string_member_with_default (card, "name", "?");
  is_plant = g_strcmp0 (json_object_get_string_member (card, "type"), "power_plant") == 0;
  cost = cost_of (self, card);
  printed = json_object_get_int_member_with_default (card, "cost", 0);
  hand = json_object_get_int_member (self->player, "hand");
  power = json_object_get_int_member_with_default (card, "power", 0);
  gtk_widget_set_visible (self->site_check, has_construction_site (self));
  site = has_construction_site (self) &&
         gtk_check_button_get_active (GTK_CHECK_BUTTON (self->site_check));

  if (site)
    /* Translators: e.g. "Station: the construction site pays the cost (1 card for Ana);
     * only the Station card leaves the hand (5 in hand)." */
    text = g_strdup_printf (_("%s: the construction site pays the cost (%" PRId64 " for %s); "
                              "only the card itself leaves the hand (%" PRId64 " in hand)."),
                            card_name, cost, self->name, hand);
  else if (cost != printed)
    /* Translators: e.g. "Station: printed cost 3, 1 for Ana after reductions — the card and 1
     * more from the hand (5 in hand)." */
    text = g_strdup_printf (_("%s: printed cost %" PRId64 ", %" PRId64 " for %s after "
                              "reductions — the card and %" PRId64 " more from the hand (%"
                              PRId64 " in hand)."),
                            card_name, printed, cost, self->name, cost, hand);
  else
    text = g_strdup_printf (_("%s: cost %" PRId64 " — the card and %" PRId64 " more from the "
                              "hand (%" PRId64 " in hand)."), card_name, cost, cost, hand);
  gtk_label_set_text (GTK_LABEL (self->cost_label), text);
  if (!site && hand < cost + 1)
    gtk_widget_add_css_class (self->cost_label, "warning");
  else
    gtk_widget_remove_css_class (self->cost_label, "warning");

  gtk_widget_set_visible (self->plant_box, !is_plant);
  index = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->plant_dropdown));
  if (index < self->plant_uids->len)
    plant = plant_of (self, g_array_index (self->plant_uids, guint, index));
  if (!is_plant && plant != NULL)
    {
      if (power > free_power (plant))
        power_text = g_strdup_printf (_("Needs %" PRId64 " power, but this plant has %" PRId64
                                        " free."), power, free_power (plant));
      else
        power_text = g_strdup_printf (_("Uses %" PRId64 " of the %" PRId64 " free power."),
                                      power, free_power (plant));
      gtk_label_set_text (GTK_LABEL (self->power_label), power_text);
      if (power > free_power (plant))
        gtk_widget_add_css_class (self->power_label, "warning");
      else
        gtk_widget_remove_css_class (self->power_label, "warning");
    }
  gtk_widget_set_visible (self->power_label, !is_plant && plant != NULL);

  /* Translators: the build button, e.g. "Build Station". */
  button = g_strdup_printf (_("Build %s"), card_name);
  gtk_button_set_label (GTK_BUTTON (self->build_button), button);
  gtk_widget_set_sensitive (self->build_button, TRUE);
}

static void
row_selected (GtkListBox      *list,
              GtkListBoxRow   *row,
              TkCityPlanBuild *self)
{
  if (self->updating)
    return;
  g_free (self->selected);
  self->selected = row != NULL ? g_strdup (g_object_get_data (G_OBJECT (row), "card-id")) : NULL;
  fill_plants (self);
  update_summary (self);
}

/* ---- the card list ---- */

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       data)
{
  TkCityPlanBuild *self = data;
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search));
  const char *haystack = g_object_get_data (G_OBJECT (row), "search-text");
  g_autofree char *needle = NULL;
  g_autofree char *hay = NULL;

  if (query == NULL || query[0] == '\0' || haystack == NULL)
    return TRUE;
  needle = g_utf8_casefold (query, -1);
  hay = g_utf8_casefold (haystack, -1);
  return strstr (hay, needle) != NULL;
}

static GtkWidget *
card_row (TkCityPlanBuild *self,
          JsonObject      *card)
{
  GtkWidget *row = adw_action_row_new ();
  const char *id = json_object_get_string_member_with_default (card, "id", "");
  const char *name = json_object_get_string_member_with_default (card, "name", id);
  g_autofree char *summary = tk_city_plan_card_summary (card);
  g_autofree char *effect = tk_city_plan_card_effect_text (card);
  g_autofree char *subtitle = effect[0] != '\0' ? g_strdup_printf ("%s\n%s", summary, effect)
                                                : g_strdup (summary);
  gint64 cost = cost_of (self, card);
  /* Translators: what a card costs the building player now, e.g. "1 card". */
  g_autofree char *cost_text = g_strdup_printf (g_dngettext (NULL, "%" PRId64 " card",
                                                             "%" PRId64 " cards", cost), cost);
  g_autofree char *row_name = g_strdup_printf ("cp-card-%s", id);
  GtkWidget *cost_label = gtk_label_new (cost_text);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  gtk_widget_add_css_class (cost_label, "numeric");
  if (cost < json_object_get_int_member_with_default (card, "cost", 0))
    gtk_widget_add_css_class (cost_label, "success");
  gtk_widget_set_name (cost_label, "cp-card-cost");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), cost_label);
  gtk_widget_set_name (row, row_name);
  g_object_set_data_full (G_OBJECT (row), "card-id", g_strdup (id), g_free);
  g_object_set_data_full (G_OBJECT (row), "search-text",
                          g_strdup_printf ("%s %s %s", name, summary, effect), g_free);
  return row;
}

void
tk_city_plan_build_set_player (TkCityPlanBuild *self,
                               JsonArray       *cards,
                               JsonObject      *player,
                               const char      *name)
{
  GtkWidget *child;
  GtkWidget *custom;

  g_return_if_fail (TK_IS_CITY_PLAN_BUILD (self));

  g_clear_pointer (&self->cards, json_array_unref);
  g_clear_pointer (&self->player, json_object_unref);
  self->cards = json_array_ref (cards);
  self->player = json_object_ref (player);
  g_free (self->name);
  self->name = g_strdup (name);

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      GtkWidget *row = card_row (self, json_array_get_object_element (cards, i));

      gtk_list_box_append (GTK_LIST_BOX (self->list), row);
      if (g_strcmp0 (self->selected, g_object_get_data (G_OBJECT (row), "card-id")) == 0)
        gtk_list_box_select_row (GTK_LIST_BOX (self->list), GTK_LIST_BOX_ROW (row));
    }
  custom = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (custom), _("Another Card"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (custom),
                               _("A card that is not in the card table: type its numbers"));
  gtk_widget_set_name (custom, "cp-card-custom");
  g_object_set_data_full (G_OBJECT (custom), "card-id", g_strdup (CUSTOM_ID), g_free);
  gtk_list_box_append (GTK_LIST_BOX (self->list), custom);
  if (g_strcmp0 (self->selected, CUSTOM_ID) == 0)
    gtk_list_box_select_row (GTK_LIST_BOX (self->list), GTK_LIST_BOX_ROW (custom));
  if (gtk_list_box_get_selected_row (GTK_LIST_BOX (self->list)) == NULL)
    g_clear_pointer (&self->selected, g_free);
  self->updating = FALSE;

  fill_plants (self);
  update_summary (self);
}

void
tk_city_plan_build_reset (TkCityPlanBuild *self)
{
  g_return_if_fail (TK_IS_CITY_PLAN_BUILD (self));

  g_clear_pointer (&self->selected, g_free);
  self->plant = 0;
  self->updating = TRUE;
  gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  gtk_editable_set_text (GTK_EDITABLE (self->custom_name), "");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->site_check), FALSE);
  self->updating = FALSE;
  update_summary (self);
}

JsonObject *
tk_city_plan_build_make_action (TkCityPlanBuild *self,
                                GError         **error)
{
  g_autoptr(JsonObject) card = NULL;
  JsonObject *action;
  guint index;

  g_return_val_if_fail (TK_IS_CITY_PLAN_BUILD (self), NULL);

  card = chosen_card (self);
  if (card == NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("Choose the card being built."));
      return NULL;
    }
  action = json_object_new ();
  json_object_set_string_member (action, "type", "build");
  if (g_str_equal (self->selected, CUSTOM_ID))
    json_object_set_object_member (action, "card", json_object_ref (card));
  else
    json_object_set_string_member (action, "card", self->selected);
  index = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->plant_dropdown));
  if (g_strcmp0 (json_object_get_string_member (card, "type"), "power_plant") != 0 &&
      index < self->plant_uids->len)
    json_object_set_int_member (action, "plant", g_array_index (self->plant_uids, guint, index));
  if (gtk_widget_get_visible (self->site_check) &&
      gtk_check_button_get_active (GTK_CHECK_BUTTON (self->site_check)))
    json_object_set_boolean_member (action, "construction_site", TRUE);
  return action;
}

/* ---- the object ---- */

static GtkSpinButton *
custom_spin (TkCityPlanBuild *self,
             GtkWidget       *flow,
             const char      *label,
             const char      *name,
             int              min,
             int              value)
{
  GtkWidget *pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text = gtk_label_new (label);
  GtkWidget *spin = gtk_spin_button_new_with_range (min, 99, 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_name (spin, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (update_summary), self);
  gtk_widget_add_css_class (text, "dim-label");
  gtk_box_append (GTK_BOX (pair), text);
  gtk_box_append (GTK_BOX (pair), spin);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), pair);
  return GTK_SPIN_BUTTON (spin);
}

static void
build_clicked (TkCityPlanBuild *self)
{
  g_signal_emit (self, signals[SIGNAL_BUILD], 0);
}

static void
search_changed (TkCityPlanBuild *self)
{
  gtk_list_box_invalidate_filter (GTK_LIST_BOX (self->list));
}

static void
tk_city_plan_build_dispose (GObject *object)
{
  TkCityPlanBuild *self = TK_CITY_PLAN_BUILD (object);

  g_clear_pointer (&self->cards, json_array_unref);
  g_clear_pointer (&self->player, json_object_unref);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->selected, g_free);
  g_clear_pointer (&self->plant_uids, g_array_unref);

  G_OBJECT_CLASS (tk_city_plan_build_parent_class)->dispose (object);
}

static void
tk_city_plan_build_class_init (TkCityPlanBuildClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tk_city_plan_build_dispose;

  /* The player confirmed the build: the panel makes the action and applies it. */
  signals[SIGNAL_BUILD] = g_signal_new ("build", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tk_city_plan_build_init (TkCityPlanBuild *self)
{
  const char *const types[] = { N_("Residential"), N_("Commercial"), N_("Industrial"),
                                 N_("Facility"), N_("Power plant"), NULL };
  g_autoptr(GtkStringList) type_names = gtk_string_list_new (NULL);
  GtkWidget *scroller, *flow, *plant_title;

  self->plant_uids = g_array_new (FALSE, FALSE, sizeof (guint));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 8);

  self->search = gtk_search_entry_new ();
  gtk_widget_set_name (self->search, "cp-card-search");
  g_object_set (self->search, "placeholder-text", _("Search the card table"), NULL);
  g_signal_connect_swapped (self->search, "search-changed", G_CALLBACK (search_changed), self);
  gtk_box_append (GTK_BOX (self), self->search);

  self->list = gtk_list_box_new ();
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_SINGLE);
  gtk_list_box_set_filter_func (GTK_LIST_BOX (self->list), filter_row, self, NULL);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (row_selected), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  /* A few cards at a time, also on a phone where each row wraps to several lines. */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 260);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 360);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_box_append (GTK_BOX (self), scroller);

  /* The typed card. */
  self->custom_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->custom_box, "card");
  gtk_widget_add_css_class (self->custom_box, "tk-city-plan-custom");
  self->custom_name = gtk_entry_new ();
  gtk_widget_set_name (self->custom_name, "cp-custom-name");
  tk_text_limit_editable (GTK_EDITABLE (self->custom_name), TK_TEXT_LINE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->custom_name), _("Name on the card"));
  g_signal_connect_swapped (self->custom_name, "changed", G_CALLBACK (update_summary), self);
  gtk_box_append (GTK_BOX (self->custom_box), self->custom_name);
  for (guint i = 0; types[i] != NULL; i++)
    gtk_string_list_append (type_names, _(types[i]));
  self->custom_type = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (type_names)), NULL);
  gtk_widget_set_name (self->custom_type, "cp-custom-type");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->custom_type),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Type"), -1);
  g_signal_connect_swapped (self->custom_type, "notify::selected", G_CALLBACK (update_summary),
                            self);
  gtk_box_append (GTK_BOX (self->custom_box), self->custom_type);
  flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  self->custom_cost = custom_spin (self, flow, _("Cost"), "cp-custom-cost", 0, 1);
  self->custom_points = custom_spin (self, flow, _("Points"), "cp-custom-points", -99, 1);
  self->custom_power = custom_spin (self, flow, _("Power"), "cp-custom-power", 0, 1);
  self->custom_eco = gtk_check_button_new_with_label (_("Eco"));
  gtk_widget_set_name (self->custom_eco, "cp-custom-eco");
  g_signal_connect_swapped (self->custom_eco, "toggled", G_CALLBACK (update_summary), self);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), self->custom_eco);
  gtk_box_append (GTK_BOX (self->custom_box), flow);
  gtk_widget_set_visible (self->custom_box, FALSE);
  gtk_box_append (GTK_BOX (self), self->custom_box);

  /* The plant and the cost. */
  self->plant_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  plant_title = gtk_label_new (_("Powered by"));
  gtk_label_set_xalign (GTK_LABEL (plant_title), 0);
  gtk_widget_add_css_class (plant_title, "heading");
  gtk_box_append (GTK_BOX (self->plant_box), plant_title);
  self->plant_dropdown = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_name (self->plant_dropdown, "cp-plant");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plant_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Powered by"), -1);
  g_signal_connect_swapped (self->plant_dropdown, "notify::selected", G_CALLBACK (plant_changed),
                            self);
  gtk_box_append (GTK_BOX (self->plant_box), self->plant_dropdown);
  self->power_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->power_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->power_label), TRUE);
  gtk_widget_set_name (self->power_label, "cp-power-note");
  gtk_box_append (GTK_BOX (self->plant_box), self->power_label);
  gtk_box_append (GTK_BOX (self), self->plant_box);

  self->site_check = gtk_check_button_new_with_label (_("Pay with the construction site"));
  gtk_widget_set_name (self->site_check, "cp-site");
  g_signal_connect_swapped (self->site_check, "toggled", G_CALLBACK (update_summary), self);
  gtk_box_append (GTK_BOX (self), self->site_check);

  self->cost_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->cost_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->cost_label), TRUE);
  gtk_widget_set_name (self->cost_label, "cp-cost");
  gtk_box_append (GTK_BOX (self), self->cost_label);

  self->build_button = gtk_button_new_with_label (_("Build"));
  gtk_widget_set_name (self->build_button, "cp-build");
  gtk_widget_add_css_class (self->build_button, "pill");
  gtk_widget_add_css_class (self->build_button, "suggested-action");
  gtk_widget_set_halign (self->build_button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->build_button, "clicked", G_CALLBACK (build_clicked), self);
  gtk_box_append (GTK_BOX (self), self->build_button);

  update_summary (self);
}

GtkWidget *
tk_city_plan_build_new (void)
{
  return g_object_new (TK_TYPE_CITY_PLAN_BUILD, NULL);
}
