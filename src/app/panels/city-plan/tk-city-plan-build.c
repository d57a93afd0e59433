/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-build.c — the City Plan build flow.
 *
 * The player picks the card being built from the card table (searchable; each row says what
 * the card costs this player now, as the engine reckons it) or types a card that is not in
 * the table.  Before confirming, the part shows the cost after reductions, the plant whose
 * row powers the building and its free power, and whether a construction site pays.  The
 * engine still decides: an overloaded plant or a short hand is refused with its reason.
 * The rows are made once (the card table is the session's) and patched; the choice is
 * forgotten when the model's moment moves on.  Build is "build.confirm".
 */
#define G_LOG_DOMAIN "tk-city-plan-build"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-text-limit.h"
#include "tk-city-plan-cards.h"
#include "panels/tk-panel-widgets.h"
#include "tk-city-plan-build.h"

static const char *const type_ids[] = { "residential", "commercial", "industrial", "facility",
                                        "power_plant" };

struct _TkCityPlanBuild
{
  TkPanelPart    parent_instance;

  JsonArray     *cards;        /* the card table the rows were made for */
  GPtrArray     *cost_labels;  /* each card row's cost, by row */
  int            selected;     /* the chosen row (the last: the typed card), or -1 */
  guint          plant;        /* chosen plant uid, 0 = the first with room */
  GArray        *plant_uids;   /* the dropdown's plants */
  guint          moment;       /* the model's moment the choice belongs to */
  gboolean       updating;

  GtkWidget     *search;
  GtkWidget     *list;
  GtkWidget     *custom_row;
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

G_DEFINE_FINAL_TYPE (TkCityPlanBuild, tk_city_plan_build, TK_TYPE_PANEL_PART)

static void update_summary (TkCityPlanBuild *self);

static TkCityPlanModel *
get_model (TkCityPlanBuild *self)
{
  return TK_CITY_PLAN_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

/* The building player's state (the engine's "players" entry), or NULL before a model. */
static JsonObject *
active_player (TkCityPlanBuild *self)
{
  TkCityPlanModel *model = get_model (self);

  return model != NULL ? tk_city_plan_model_get_player_state (model,
                                                              tk_city_plan_model_get_active (model))
                       : NULL;
}

static gboolean
typed_chosen (TkCityPlanBuild *self)
{
  return self->selected >= 0 && self->cards != NULL &&
         (guint) self->selected == json_array_get_length (self->cards);
}

/* ---- the chosen card ---- */

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
  if (self->selected < 0 || self->cards == NULL)
    return NULL;
  if (typed_chosen (self))
    return custom_card (self);
  return json_object_ref (json_array_get_object_element (self->cards, self->selected));
}

/* @card as a build action names it: its id for a card of the table, else the card itself. */
static JsonNode *
card_node (JsonObject *card,
           gboolean    typed)
{
  JsonNode *node;

  if (typed)
    return json_node_init_object (json_node_alloc (), card);
  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, json_object_get_string_member (card, "id"));
  return node;
}

/* What @card costs the building player now, as the engine reckons it (the printed cost for a
 * typed card the engine would refuse). */
static gint64
cost_of (TkCityPlanBuild *self,
         JsonObject      *card,
         gboolean         typed)
{
  g_autoptr(JsonNode) node = card_node (card, typed);
  gint64 cost = tk_city_plan_rules_cost (tk_city_plan_model_peek_state (get_model (self)),
                                         tk_city_plan_model_get_active (get_model (self)), node);

  return cost >= 0 ? cost : json_object_get_int_member_with_default (card, "cost", 0);
}

static JsonObject *
plant_of (JsonObject *player,
          guint       uid)
{
  JsonArray *plants = json_object_get_array_member (player, "plants");

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
fill_plants (TkCityPlanBuild *self,
             JsonObject      *player)
{
  JsonArray *plants = json_object_get_array_member (player, "plants");
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
  JsonObject *player = active_player (self);
  gboolean is_plant, site;
  gint64 cost, printed, hand, power;
  g_autofree char *text = NULL;
  g_autofree char *power_text = NULL;
  g_autofree char *button = NULL;
  const char *card_name, *name;
  guint index;
  JsonObject *plant = NULL;

  gtk_widget_set_visible (self->custom_box, typed_chosen (self));
  if (card == NULL || player == NULL)
    {
      gtk_widget_set_visible (self->plant_box, FALSE);
      gtk_widget_set_visible (self->site_check, FALSE);
      gtk_label_set_text (GTK_LABEL (self->cost_label), _("Choose the card being built."));
      gtk_widget_set_visible (self->power_label, FALSE);
      gtk_button_set_label (GTK_BUTTON (self->build_button), _("Build"));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "build.confirm", FALSE);
      return;
    }

  card_name = json_object_get_string_member_with_default (card, "name", "?");
  is_plant = g_strcmp0 (json_object_get_string_member (card, "type"), "power_plant") == 0;
  cost = cost_of (self, card, typed_chosen (self));
  printed = json_object_get_int_member_with_default (card, "cost", 0);
  hand = json_object_get_int_member (player, "hand");
  power = json_object_get_int_member_with_default (card, "power", 0);
  name = tk_city_plan_player_get_name (
           tk_city_plan_model_get_player (get_model (self),
                                          tk_city_plan_model_get_active (get_model (self))));
  gtk_widget_set_visible (self->site_check,
                          tk_city_plan_model_get_phase (get_model (self)) !=
                          TK_CITY_PLAN_PHASE_OVER &&
                          tk_city_plan_rules_has_construction_site (
                            tk_city_plan_model_peek_state (get_model (self)),
                            tk_city_plan_model_get_active (get_model (self))));
  site = gtk_widget_get_visible (self->site_check) &&
         gtk_check_button_get_active (GTK_CHECK_BUTTON (self->site_check));

  if (site)
    /* Translators: e.g. "Station: the construction site pays the cost (1 card for Ana);
     * only the Station card leaves the hand (5 in hand)." */
    text = g_strdup_printf (_("%s: the construction site pays the cost (%" PRId64 " for %s); "
                              "only the card itself leaves the hand (%" PRId64 " in hand)."),
                            card_name, cost, name, hand);
  else if (cost != printed)
    /* Translators: e.g. "Station: printed cost 3, 1 for Ana after reductions — the card and 1
     * more from the hand (5 in hand)." */
    text = g_strdup_printf (_("%s: printed cost %" PRId64 ", %" PRId64 " for %s after "
                              "reductions — the card and %" PRId64 " more from the hand (%"
                              PRId64 " in hand)."),
                            card_name, printed, cost, name, cost, hand);
  else
    text = g_strdup_printf (_("%s: cost %" PRId64 " — the card and %" PRId64 " more from the "
                              "hand (%" PRId64 " in hand)."), card_name, cost, cost, hand);
  gtk_label_set_text (GTK_LABEL (self->cost_label), text);
  tk_panel_set_class (self->cost_label, "warning", !site && hand < cost + 1);

  gtk_widget_set_visible (self->plant_box, !is_plant);
  index = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->plant_dropdown));
  if (index < self->plant_uids->len)
    plant = plant_of (player, g_array_index (self->plant_uids, guint, index));
  if (!is_plant && plant != NULL)
    {
      if (power > free_power (plant))
        power_text = g_strdup_printf (_("Needs %" PRId64 " power, but this plant has %" PRId64
                                        " free."), power, free_power (plant));
      else
        power_text = g_strdup_printf (_("Uses %" PRId64 " of the %" PRId64 " free power."),
                                      power, free_power (plant));
      gtk_label_set_text (GTK_LABEL (self->power_label), power_text);
      tk_panel_set_class (self->power_label, "warning", power > free_power (plant));
    }
  gtk_widget_set_visible (self->power_label, !is_plant && plant != NULL);

  /* Translators: the build button, e.g. "Build Station". */
  button = g_strdup_printf (_("Build %s"), card_name);
  gtk_button_set_label (GTK_BUTTON (self->build_button), button);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "build.confirm", TRUE);
}

static void
row_selected (TkCityPlanBuild *self,
              GtkListBoxRow   *row)
{
  JsonObject *player = active_player (self);

  if (self->updating)
    return;
  self->selected = row != NULL ? gtk_list_box_row_get_index (row) : -1;
  if (player != NULL)
    fill_plants (self, player);
  update_summary (self);
}

/* ---- the card list ---- */

/* What a search finds a card by: its name and its description (a new string). */
static char *
card_search_text (JsonObject *card)
{
  const char *id = json_object_get_string_member_with_default (card, "id", "");
  g_autofree char *description = tk_city_plan_card_description (card);

  return g_strdup_printf ("%s %s", json_object_get_string_member_with_default (card, "name", id),
                          description);
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       data)
{
  TkCityPlanBuild *self = data;
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search));
  int index = gtk_list_box_row_get_index (row);
  g_autofree char *haystack = NULL;
  g_autofree char *needle = NULL;
  g_autofree char *hay = NULL;

  if (query == NULL || query[0] == '\0' || self->cards == NULL || index < 0 ||
      (guint) index >= json_array_get_length (self->cards))
    return TRUE;
  haystack = card_search_text (json_array_get_object_element (self->cards, index));
  needle = g_utf8_casefold (query, -1);
  hay = g_utf8_casefold (haystack, -1);
  return strstr (hay, needle) != NULL;
}

/* A row of the card table (made once: the table is the session's); its cost is patched. */
static GtkWidget *
card_row (TkCityPlanBuild *self,
          JsonObject      *card)
{
  GtkWidget *row = adw_action_row_new ();
  const char *id = json_object_get_string_member_with_default (card, "id", "");
  const char *name = json_object_get_string_member_with_default (card, "name", id);
  g_autofree char *subtitle = tk_city_plan_card_description (card);
  GtkWidget *cost_label = gtk_label_new (NULL);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  gtk_widget_add_css_class (cost_label, "numeric");
  gtk_widget_set_name (cost_label, "cp-card-cost");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), cost_label);
  tk_panel_set_name (row, "cp-card-%s", id);
  g_ptr_array_add (self->cost_labels, cost_label);
  return row;
}

/* Makes the rows of the model's card table once, then patches what each costs the player. */
static void
patch_rows (TkCityPlanBuild *self,
            JsonArray       *cards)
{
  if (self->cards != cards)
    {
      GtkWidget *row;

      self->updating = TRUE;
      while ((row = gtk_widget_get_first_child (self->list)) != self->custom_row)
        gtk_list_box_remove (GTK_LIST_BOX (self->list), row);
      g_ptr_array_set_size (self->cost_labels, 0);
      g_clear_pointer (&self->cards, json_array_unref);
      self->cards = json_array_ref (cards);
      for (guint i = 0; i < json_array_get_length (cards); i++)
        gtk_list_box_insert (GTK_LIST_BOX (self->list),
                             card_row (self, json_array_get_object_element (cards, i)), i);
      self->selected = -1;
      self->updating = FALSE;
    }
  for (guint i = 0; i < self->cost_labels->len; i++)
    {
      JsonObject *card = json_array_get_object_element (cards, i);
      gint64 cost = cost_of (self, card, FALSE);
      /* Translators: what a card costs the building player now, e.g. "1 card". */
      g_autofree char *text = g_strdup_printf (g_dngettext (NULL, "%" PRId64 " card",
                                                            "%" PRId64 " cards", cost), cost);

      gtk_label_set_text (GTK_LABEL (self->cost_labels->pdata[i]), text);
      tk_panel_set_class (self->cost_labels->pdata[i], "success",
                          cost < json_object_get_int_member_with_default (card, "cost", 0));
    }
}

/* Forgets the choice (the moment it belonged to has passed). */
static void
reset (TkCityPlanBuild *self)
{
  self->selected = -1;
  self->plant = 0;
  self->updating = TRUE;
  gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  gtk_editable_set_text (GTK_EDITABLE (self->custom_name), "");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->site_check), FALSE);
  self->updating = FALSE;
}

static void
tk_city_plan_build_update (TkPanelPart  *part,
                           TkPanelModel *panel_model)
{
  TkCityPlanBuild *self = TK_CITY_PLAN_BUILD (part);
  TkCityPlanModel *model = TK_CITY_PLAN_MODEL (panel_model);

  if (tk_city_plan_model_get_phase (model) != TK_CITY_PLAN_PHASE_ACTION)
    return;
  if (self->moment != tk_panel_model_get_moment (panel_model))
    {
      self->moment = tk_panel_model_get_moment (panel_model);
      reset (self);
    }
  patch_rows (self, tk_city_plan_model_get_cards (model));
  fill_plants (self, active_player (self));
  update_summary (self);
}

/* ---- the build ---- */

/* "build.confirm": the chosen card as a "build" action, applied through the model. */
static void
confirm_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TkCityPlanBuild *self = TK_CITY_PLAN_BUILD (widget);
  g_autoptr(JsonObject) card = chosen_card (self);
  g_autoptr(JsonObject) action = json_object_new ();
  guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->plant_dropdown));

  if (card == NULL)
    return;
  json_object_set_string_member (action, "type", "build");
  json_object_set_member (action, "card", card_node (card, typed_chosen (self)));
  if (g_strcmp0 (json_object_get_string_member (card, "type"), "power_plant") != 0 &&
      index < self->plant_uids->len)
    json_object_set_int_member (action, "plant", g_array_index (self->plant_uids, guint, index));
  if (gtk_widget_get_visible (self->site_check) &&
      gtk_check_button_get_active (GTK_CHECK_BUTTON (self->site_check)))
    json_object_set_boolean_member (action, "construction_site", TRUE);
  tk_city_plan_model_apply (get_model (self), action);
}

/* ---- the object ---- */

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
  g_clear_pointer (&self->cost_labels, g_ptr_array_unref);
  g_clear_pointer (&self->plant_uids, g_array_unref);

  G_OBJECT_CLASS (tk_city_plan_build_parent_class)->dispose (object);
}

static void
tk_city_plan_build_class_init (TkCityPlanBuildClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_city_plan_build_dispose;
  TK_PANEL_PART_CLASS (klass)->update = tk_city_plan_build_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-build.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkCityPlanBuild, name)
  BIND (search); BIND (list); BIND (custom_row); BIND (custom_box); BIND (custom_name);
  BIND (custom_type); BIND (custom_cost); BIND (custom_points); BIND (custom_power);
  BIND (custom_eco); BIND (plant_box); BIND (plant_dropdown); BIND (site_check);
  BIND (cost_label); BIND (power_label); BIND (build_button);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, row_selected);
  gtk_widget_class_bind_template_callback (widget_class, update_summary);
  gtk_widget_class_bind_template_callback (widget_class, plant_changed);

  gtk_widget_class_install_action (widget_class, "build.confirm", NULL, confirm_action);
}

static void
tk_city_plan_build_init (TkCityPlanBuild *self)
{
  self->selected = -1;
  self->plant_uids = g_array_new (FALSE, FALSE, sizeof (guint));
  self->cost_labels = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  tk_text_limit_editable (GTK_EDITABLE (self->custom_name), TK_TEXT_LINE);
  gtk_list_box_set_filter_func (GTK_LIST_BOX (self->list), filter_row, self, NULL);
  update_summary (self);
}
