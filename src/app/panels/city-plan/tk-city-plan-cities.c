/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-cities.c — the City Plan panel's cities: for each player the name, buildings
 * towards the end, the hand (and the limit), the buildings by type, each power plant with
 * its row of buildings (and the split of a building whose points go to two districts), and
 * the manifestos in front with what each scores.
 *
 * Every widget is made once for its seat, plant, building or manifesto and patched on each
 * TkCityPlanModel::changed, so a stepper being tapped (split points, manifesto points) and
 * the keyboard focus stay where they are.  The steppers' buttons activate the part's
 * "cities." actions with their seat and building or manifesto as the target.
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "panels/tk-player-card.h"
#include "tk-city-plan-cards.h"
#include "tk-city-plan-cities.h"
#include "tk-city-plan-widgets.h"

/* What a plant and a building share: the number that keeps a widget to its plant or building
 * across changes, the update that last saw it, and the widget. */
typedef struct
{
  guint      uid;
  guint      generation;
  GtkWidget *widget;
} Kept;

typedef struct
{
  Kept       kept;         /* the widget: the building's lines */
  GtkWidget *label;
  GtkWidget *split;        /* the split line, made when the building has one */
  GtkWidget *first;
  GtkWidget *stepper;
  GtkWidget *rest;
} Building;

typedef struct
{
  Kept       kept;         /* the widget: the plant's box, its row of buildings inside */
  GtkWidget *name;
  GtkWidget *power;
  GtkWidget *bar;
  GtkWidget *empty;
  GPtrArray *buildings;    /* of Building */
} Plant;

typedef struct
{
  TkPlayerCard *card;
  GtkWidget *built;
  GtkWidget *hand;
  GtkWidget *counts;
  GtkWidget *manifestos;
  GtkWidget *lines[2];
  GtkWidget *steppers[2];
  GPtrArray *plants;       /* of Plant */
} City;

struct _TkCityPlanCities
{
  TkPanelPart parent_instance;

  GPtrArray  *cities;   /* of City, by seat */
  guint       generation;

  GtkWidget  *note;
  GtkWidget  *flow;
};

G_DEFINE_FINAL_TYPE (TkCityPlanCities, tk_city_plan_cities, TK_TYPE_PANEL_PART)

/* ---- the steppers' actions: each carries its seat and building or slot, and reads the
 * value it steps from the model when tapped ---- */

static TkCityPlanModel *
model_of (TkCityPlanCities *self)
{
  return TK_CITY_PLAN_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

static JsonObject *
find_building (JsonObject *player,
               guint       uid)
{
  JsonArray *plants = json_object_get_array_member (player, "plants");

  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonArray *row = json_object_get_array_member (json_array_get_object_element (plants, p),
                                                     "buildings");

      for (guint b = 0; b < json_array_get_length (row); b++)
        {
          JsonObject *building = json_array_get_object_element (row, b);

          if ((guint) json_object_get_int_member (building, "uid") == uid)
            return building;
        }
    }
  return NULL;
}

/* The points @building's split gives its first district: the player's choice, else half,
 * where the stepper starts. */
static gint64
split_first (JsonObject *building)
{
  return json_object_get_int_member_with_default (building, "split_first",
                                                   json_object_get_int_member (building,
                                                                               "points") / 2);
}

/* "cities.manifesto-less" / "-more", target (seat, slot) */
static void
manifesto_step (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TkCityPlanCities *self = TK_CITY_PLAN_CITIES (widget);
  gint delta = g_str_has_suffix (action_name, "-less") ? -1 : 1;
  g_autoptr(JsonObject) action = json_object_new ();
  JsonObject *player;
  guint seat, slot;

  g_variant_get (parameter, "(uu)", &seat, &slot);
  player = tk_city_plan_model_get_player_state (model_of (self), seat);
  if (player == NULL)
    return;
  json_object_set_string_member (action, "type", "manifesto_points");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_int_member (action, "slot", slot);
  json_object_set_int_member (action, "points",
                              json_array_get_int_element (
                                json_object_get_array_member (player, "manifesto_points"),
                                slot) + delta);
  tk_city_plan_model_apply (model_of (self), action);
}

/* "cities.split-less" / "-more", target (seat, building): a point less or more to the
 * building's first district (from half when nothing was chosen yet). */
static void
split_step (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  TkCityPlanCities *self = TK_CITY_PLAN_CITIES (widget);
  gint delta = g_str_has_suffix (action_name, "-less") ? -1 : 1;
  g_autoptr(JsonObject) action = json_object_new ();
  JsonObject *player, *building;
  const char *first;
  guint seat, uid;

  g_variant_get (parameter, "(uu)", &seat, &uid);
  player = tk_city_plan_model_get_player_state (model_of (self), seat);
  building = player != NULL ? find_building (player, uid) : NULL;
  if (building == NULL || !json_object_has_member (building, "split"))
    return;
  first = json_array_get_string_element (json_object_get_array_member (building, "split"), 0);
  json_object_set_string_member (action, "type", "split");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_int_member (action, "building", uid);
  json_object_set_int_member (action, first, split_first (building) + delta);
  tk_city_plan_model_apply (model_of (self), action);
}

/* ---- plants and buildings, kept by their number ---- */

typedef Kept *(*Make) (guint uid);

/* The item numbered @uid of @items, made by @make when new, placed after @previous in @box
 * and marked as seen in @generation. */
static gpointer
keep (GPtrArray *items,
      GtkWidget *box,
      GtkWidget *previous,
      guint      uid,
      guint      generation,
      Make       make)
{
  Kept *item = NULL;

  for (guint i = 0; i < items->len && item == NULL; i++)
    if (((Kept *) items->pdata[i])->uid == uid)
      item = items->pdata[i];
  if (item == NULL)
    {
      item = make (uid);
      g_ptr_array_add (items, item);
      gtk_box_insert_child_after (GTK_BOX (box), item->widget, previous);
    }
  else
    gtk_box_reorder_child_after (GTK_BOX (box), item->widget, previous);
  item->generation = generation;
  return item;
}

/* Removes the items of @items that @generation did not see, with their widgets. */
static void
drop_unseen (GPtrArray *items,
             GtkWidget *box,
             guint      generation)
{
  for (guint i = items->len; i > 0; i--)
    if (((Kept *) items->pdata[i - 1])->generation != generation)
      {
        gtk_box_remove (GTK_BOX (box), ((Kept *) items->pdata[i - 1])->widget);
        g_ptr_array_remove_index (items, i - 1);
      }
}

/* ---- buildings ---- */

static void
plant_free (gpointer data)
{
  Plant *plant = data;

  g_ptr_array_unref (plant->buildings);
  g_free (plant);
}

static void
city_free (gpointer data)
{
  City *city = data;

  g_ptr_array_unref (city->plants);
  g_free (city);
}

static Kept *
building_new (guint uid)
{
  Building *building = g_new0 (Building, 1);

  building->kept.uid = uid;
  building->kept.widget = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  building->label = tk_city_plan_label_new (NULL, NULL);
  tk_panel_set_name (building->label, "cp-building-%u", uid);
  gtk_box_append (GTK_BOX (building->kept.widget), building->label);
  return &building->kept;
}

static void
building_add_split (Building   *building,
                    guint       seat,
                    const char *first)
{
  g_autofree char *name = g_strdup_printf ("cp-split-%u", building->kept.uid);
  g_autofree char *less = g_strdup_printf (_("One Point Less to %s"),
                                           tk_city_plan_type_label (first));
  g_autofree char *more = g_strdup_printf (_("One Point More to %s"),
                                           tk_city_plan_type_label (first));

  building->split = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  building->first = gtk_label_new (NULL);
  gtk_widget_add_css_class (building->first, "dim-label");
  gtk_box_append (GTK_BOX (building->split), building->first);
  building->stepper = tk_city_plan_stepper_new (name, less, more, "cities.split-less",
                                                "cities.split-more",
                                                g_variant_new ("(uu)", seat, building->kept.uid));
  gtk_box_append (GTK_BOX (building->split), building->stepper);
  building->rest = tk_city_plan_label_new (NULL, "dim-label");
  gtk_widget_add_css_class (building->rest, "caption");
  gtk_widget_set_hexpand (building->rest, TRUE);
  gtk_box_append (GTK_BOX (building->split), building->rest);
  gtk_box_append (GTK_BOX (building->kept.widget), building->split);
}

static void
building_patch (Building   *building,
                guint       seat,
                JsonObject *object)
{
  const char *type = json_object_get_string_member (object, "type");
  gint64 points = json_object_get_int_member (object, "points");
  gint64 power = json_object_get_int_member (object, "power");
  g_autofree char *line = NULL;

  /* Translators: a building in a plant's row, e.g. "Houses · Residential · 4 points · power 1". */
  line = g_strdup_printf (g_dngettext (NULL, "%s · %s · %" PRId64 " point · power %" PRId64,
                                       "%s · %s · %" PRId64 " points · power %" PRId64, points),
                          json_object_get_string_member (object, "name"),
                          tk_city_plan_type_label (type), points, power);
  if (json_object_get_boolean_member_with_default (object, "eco", FALSE))
    {
      g_autofree char *eco = g_strdup_printf ("%s · %s", line, _("eco"));
      gtk_label_set_text (GTK_LABEL (building->label), eco);
    }
  else
    gtk_label_set_text (GTK_LABEL (building->label), line);

  if (json_object_has_member (object, "split"))
    {
      JsonArray *split = json_object_get_array_member (object, "split");
      const char *first = json_array_get_string_element (split, 0);
      const char *second = json_array_get_string_element (split, 1);
      gboolean chosen = json_object_has_member (object, "split_first");
      gint64 value = split_first (object);
      g_autofree char *value_text = chosen ? g_strdup_printf ("%" PRId64, value)
                                           : g_strdup (_("best"));
      g_autofree char *rest = NULL;

      if (building->split == NULL)
        building_add_split (building, seat, first);
      gtk_label_set_text (GTK_LABEL (building->first), tk_city_plan_type_label (first));
      tk_city_plan_stepper_set (building->stepper, value_text, value - 1 >= 0,
                                value + 1 <= MAX (points, 0));
      if (chosen)
        rest = g_strdup_printf ("%s %" PRId64, tk_city_plan_type_label (second),
                                points - value);
      else
        /* Translators: split points not chosen yet, e.g. "Industrial: the rest". */
        rest = g_strdup_printf (_("%s: the rest"), tk_city_plan_type_label (second));
      gtk_label_set_text (GTK_LABEL (building->rest), rest);
      gtk_widget_set_tooltip_text (building->rest,
                                   chosen ? NULL
                                   : _("Until the player chooses, the points go the way "
                                       "that gives the best development bonus."));
    }
  else if (building->split != NULL)
    gtk_widget_set_visible (building->split, FALSE);
}

/* ---- plants ---- */

static Kept *
plant_new (guint uid)
{
  Plant *plant = g_new0 (Plant, 1);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  plant->kept.uid = uid;
  plant->buildings = g_ptr_array_new_with_free_func (g_free);
  plant->kept.widget = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (plant->kept.widget, "tk-city-plan-plant");
  plant->name = tk_city_plan_label_new (NULL, "heading");
  gtk_widget_set_hexpand (plant->name, TRUE);
  gtk_box_append (GTK_BOX (head), plant->name);
  plant->power = gtk_label_new (NULL);
  gtk_widget_add_css_class (plant->power, "numeric");
  tk_panel_set_name (plant->power, "cp-plant-%u-power", uid);
  gtk_box_append (GTK_BOX (head), plant->power);
  gtk_box_append (GTK_BOX (plant->kept.widget), head);
  plant->bar = gtk_level_bar_new_for_interval (0, 1);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (plant->bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (plant->bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (plant->bar), GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_box_append (GTK_BOX (plant->kept.widget), plant->bar);
  plant->empty = tk_city_plan_label_new (_("Nothing in this row yet"), "dim-label");
  gtk_box_append (GTK_BOX (plant->kept.widget), plant->empty);
  return &plant->kept;
}

static void
plant_patch (TkCityPlanCities *self,
             Plant            *plant,
             guint             seat,
             JsonObject       *object)
{
  JsonArray *row = json_object_get_array_member (object, "buildings");
  gint64 supply = json_object_get_int_member (object, "supply");
  gint64 used = json_object_get_int_member (object, "used");
  /* Translators: a power plant, e.g. "Plant 1 · Starting power plant". */
  g_autofree char *name = g_strdup_printf (_("Plant %u · %s"), plant->kept.uid,
                                           json_object_get_string_member (object, "name"));
  /* Translators: power used of a plant's supply, e.g. "3 of 5 power". */
  g_autofree char *power = g_strdup_printf (_("%" PRId64 " of %" PRId64 " power"), used, supply);
  GtkWidget *previous = plant->bar;

  gtk_label_set_text (GTK_LABEL (plant->name), name);
  gtk_label_set_text (GTK_LABEL (plant->power), power);
  gtk_level_bar_set_max_value (GTK_LEVEL_BAR (plant->bar), MAX (supply, 1));
  gtk_level_bar_set_value (GTK_LEVEL_BAR (plant->bar), MIN (used, MAX (supply, 1)));

  for (guint b = 0; b < json_array_get_length (row); b++)
    {
      JsonObject *building_object = json_array_get_object_element (row, b);
      Building *building = keep (plant->buildings, plant->kept.widget, previous,
                                 json_object_get_int_member (building_object, "uid"),
                                 self->generation, building_new);

      building_patch (building, seat, building_object);
      previous = building->kept.widget;
    }
  drop_unseen (plant->buildings, plant->kept.widget, self->generation);
  gtk_widget_set_visible (plant->empty, json_array_get_length (row) == 0);
}

/* ---- cities ---- */

static City *
city_new (guint seat)
{
  City *city = g_new0 (City, 1);

  city->plants = g_ptr_array_new_with_free_func (plant_free);
  city->card = TK_PLAYER_CARD (tk_player_card_new ());
  city->built = gtk_label_new (NULL);
  gtk_widget_add_css_class (city->built, "numeric");
  tk_panel_set_name (city->built, "cp-built-%u", seat);
  tk_player_card_add_badge (city->card, city->built);

  city->hand = tk_city_plan_label_new (NULL, NULL);
  tk_panel_set_name (city->hand, "cp-hand-%u", seat);
  gtk_box_append (GTK_BOX (city->card), city->hand);

  city->counts = tk_city_plan_label_new (NULL, "caption");
  gtk_widget_add_css_class (city->counts, "dim-label");
  tk_panel_set_name (city->counts, "cp-counts-%u", seat);
  gtk_box_append (GTK_BOX (city->card), city->counts);

  city->manifestos = tk_city_plan_label_new (NULL, "heading");
  tk_panel_set_name (city->manifestos, "cp-manifestos-%u", seat);
  gtk_box_append (GTK_BOX (city->card), city->manifestos);
  for (guint slot = 0; slot < 2; slot++)
    {
      g_autofree char *title = g_strdup_printf (_("Manifesto %u scores"), slot + 1);
      g_autofree char *name = g_strdup_printf ("cp-manifesto-%u-%u", seat, slot);
      GtkWidget *title_label = tk_city_plan_label_new (title, "dim-label");

      city->lines[slot] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_widget_set_hexpand (title_label, TRUE);
      gtk_box_append (GTK_BOX (city->lines[slot]), title_label);
      city->steppers[slot] = tk_city_plan_stepper_new (name, _("One Point Less"),
                                                       _("One Point More"),
                                                       "cities.manifesto-less",
                                                       "cities.manifesto-more",
                                                       g_variant_new ("(uu)", seat, slot));
      gtk_box_append (GTK_BOX (city->lines[slot]), city->steppers[slot]);
      gtk_box_append (GTK_BOX (city->card), city->lines[slot]);
    }
  return city;
}

static void
city_patch (TkCityPlanCities *self,
            City             *city,
            guint             seat,
            JsonObject       *object)
{
  TkCityPlanModel *model = model_of (self);
  gpointer state = tk_city_plan_model_peek_state (model);
  TkCityPlanPlayer *player = tk_city_plan_model_get_player (model, seat);
  gboolean over = tk_city_plan_model_get_phase (model) == TK_CITY_PLAN_PHASE_OVER;
  gint64 end_buildings = tk_city_plan_model_get_end_buildings (model);
  gint64 limit = tk_city_plan_model_get_hand_limit (model);
  gint64 hand = tk_city_plan_player_get_hand (player);
  /* cut at the end of the player's turn; once the game is over it no longer matters */
  gboolean over_limit = !over && tk_city_plan_rules_over_limit (state, seat) > 0;
  gint64 buildings = tk_city_plan_player_get_buildings (player);
  guint manifestos = tk_city_plan_player_get_manifestos (player);
  JsonArray *plants = json_object_get_array_member (object, "plants");
  JsonArray *points = json_object_get_array_member (object, "manifesto_points");
  g_autofree char *built = NULL;
  g_autofree char *hand_text = NULL;
  g_autofree char *counts_text = NULL;
  g_autofree char *manifestos_text = NULL;
  GtkWidget *previous = city->counts;

  g_object_set (city->card, "colour", tk_city_plan_player_get_colour (player),
                "player-name", tk_city_plan_player_get_name (player),
                "active", !over && tk_city_plan_player_get_active (player), NULL);

  /* Translators: e.g. "7 of 10 buildings". */
  built = g_strdup_printf (_("%" PRId64 " of %" PRId64 " buildings"), buildings, end_buildings);
  gtk_label_set_text (GTK_LABEL (city->built), built);
  tk_panel_set_class (city->built, "accent", buildings >= end_buildings);

  if (over_limit)
    /* Translators: e.g. "9 cards in hand — over the limit of 8". */
    hand_text = g_strdup_printf (_("%" PRId64 " cards in hand — over the limit of %" PRId64),
                                 hand, limit);
  else
    hand_text = g_strdup_printf (g_dngettext (NULL, "%" PRId64 " card in hand",
                                              "%" PRId64 " cards in hand", hand), hand);
  gtk_label_set_text (GTK_LABEL (city->hand), hand_text);
  tk_panel_set_class (city->hand, "warning", over_limit);

  /* Power plants and their rows, kept by plant number. */
  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonObject *plant_object = json_array_get_object_element (plants, p);
      Plant *plant;

      plant = keep (city->plants, GTK_WIDGET (city->card), previous,
                    json_object_get_int_member (plant_object, "uid"), self->generation,
                    plant_new);
      plant_patch (self, plant, seat, plant_object);
      previous = plant->kept.widget;
    }
  drop_unseen (city->plants, GTK_WIDGET (city->card), self->generation);

  /* Translators: a city's buildings by type. */
  counts_text = g_strdup_printf (_("Residential %" PRId64 " · Commercial %" PRId64
                                   " · Industrial %" PRId64 " · Facilities %" PRId64
                                   " · Plants %" PRId64),
                                 tk_city_plan_rules_count_type (state, seat, "residential"),
                                 tk_city_plan_rules_count_type (state, seat, "commercial"),
                                 tk_city_plan_rules_count_type (state, seat, "industrial"),
                                 tk_city_plan_rules_count_type (state, seat, "facility"),
                                 tk_city_plan_rules_count_type (state, seat, "power_plant"));
  gtk_label_set_text (GTK_LABEL (city->counts), counts_text);

  /* Manifestos in front (at most 2), with what each scores. */
  manifestos_text = g_strdup_printf (_("Manifestos: %" PRId64 " of 2"), (gint64) manifestos);
  gtk_label_set_text (GTK_LABEL (city->manifestos), manifestos_text);
  for (guint slot = 0; slot < 2; slot++)
    {
      gboolean shown = slot < manifestos;

      gtk_widget_set_visible (city->lines[slot], shown);
      if (shown)
        {
          gint64 value = json_array_get_int_element (points, slot);
          g_autofree char *text = g_strdup_printf ("%" PRId64, value);

          tk_city_plan_stepper_set (city->steppers[slot], text, value - 1 >= -99,
                                    value + 1 <= 99);
        }
    }
}

static void
tk_city_plan_cities_update (TkPanelPart  *part,
                            TkPanelModel *panel_model)
{
  TkCityPlanCities *self = TK_CITY_PLAN_CITIES (part);
  TkCityPlanModel *model = TK_CITY_PLAN_MODEL (panel_model);
  guint n = tk_city_plan_model_get_n_players (model);
  g_autofree char *note = g_strdup_printf (_("Deck %" PRId64 " · discard %" PRId64
                                             " · manifestos %" PRId64),
                                           tk_city_plan_model_get_deck (model),
                                           tk_city_plan_model_get_discard (model),
                                           tk_city_plan_model_get_manifesto_deck (model));

  gtk_label_set_text (GTK_LABEL (self->note), note);
  self->generation++;
  while (self->cities->len > n)
    {
      City *city = self->cities->pdata[self->cities->len - 1];

      gtk_flow_box_remove (GTK_FLOW_BOX (self->flow),
                           gtk_widget_get_parent (GTK_WIDGET (city->card)));
      g_ptr_array_remove_index (self->cities, self->cities->len - 1);
    }
  /* Each city takes the focus: its card reads it as its labels, in order. */
  for (guint seat = 0; seat < n; seat++)
    {
      if (seat >= self->cities->len)
        {
          g_ptr_array_add (self->cities, city_new (seat));
          gtk_flow_box_append (GTK_FLOW_BOX (self->flow),
                               GTK_WIDGET (((City *) self->cities->pdata[seat])->card));
        }
      city_patch (self, self->cities->pdata[seat], seat,
                  tk_city_plan_model_get_player_state (model, seat));
    }
}

static void
tk_city_plan_cities_dispose (GObject *object)
{
  TkCityPlanCities *self = TK_CITY_PLAN_CITIES (object);

  g_clear_pointer (&self->cities, g_ptr_array_unref);
  G_OBJECT_CLASS (tk_city_plan_cities_parent_class)->dispose (object);
}

static void
tk_city_plan_cities_class_init (TkCityPlanCitiesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_city_plan_cities_dispose;
  TK_PANEL_PART_CLASS (klass)->update = tk_city_plan_cities_update;

  gtk_widget_class_install_action (widget_class, "cities.manifesto-less", "(uu)",
                                   manifesto_step);
  gtk_widget_class_install_action (widget_class, "cities.manifesto-more", "(uu)",
                                   manifesto_step);
  gtk_widget_class_install_action (widget_class, "cities.split-less", "(uu)", split_step);
  gtk_widget_class_install_action (widget_class, "cities.split-more", "(uu)", split_step);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-cities.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanCities, note);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanCities, flow);
}

static void
tk_city_plan_cities_init (TkCityPlanCities *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cities = g_ptr_array_new_with_free_func (city_free);
}
