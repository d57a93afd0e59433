/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel-cities.c — the City Plan panel: each player's city: power plants and
 * the buildings in their rows, the hand and the manifestos.
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-city-plan-panel-private.h"

static JsonObject *
make_manifesto (gpointer data,
                gint64   value)
{
  const char *key = data;     /* "seat:slot" */
  JsonObject *action = json_object_new ();
  guint seat = 0, slot = 0;

  sscanf (key, "%u:%u", &seat, &slot);
  json_object_set_string_member (action, "type", "manifesto_points");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_int_member (action, "slot", slot);
  json_object_set_int_member (action, "points", value);
  return action;
}

static JsonObject *
make_split (gpointer data,
            gint64   value)
{
  const char *key = data;     /* "seat:uid:first_type" */
  JsonObject *action = json_object_new ();
  guint seat = 0, uid = 0;
  char type[32] = "";

  sscanf (key, "%u:%u:%31s", &seat, &uid, type);
  json_object_set_string_member (action, "type", "split");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_int_member (action, "building", uid);
  json_object_set_int_member (action, type, value);
  return action;
}

static GtkWidget *
building_row (TkCityPlanPanel *self,
              View            *view,
              guint            seat,
              JsonObject      *building)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  const char *type = json_object_get_string_member (building, "type");
  gint64 points = json_object_get_int_member (building, "points");
  gint64 power = json_object_get_int_member (building, "power");
  g_autofree char *line = NULL;
  GtkWidget *label;

  /* Translators: a building in a plant's row, e.g. "Houses · Residential · 4 points · power 1". */
  line = g_strdup_printf (g_dngettext (NULL, "%s · %s · %" PRId64 " point · power %" PRId64,
                                       "%s · %s · %" PRId64 " points · power %" PRId64, points),
                          json_object_get_string_member (building, "name"),
                          tk_city_plan_type_label (type), points, power);
  label = cpp_label_new (line, NULL);
  if (json_object_get_boolean_member_with_default (building, "eco", FALSE))
    {
      g_autofree char *eco = g_strdup_printf ("%s · %s", line, _("eco"));
      gtk_label_set_text (GTK_LABEL (label), eco);
    }
  tk_panel_set_name (label, "cp-building-%" PRId64, json_object_get_int_member (building, "uid"));
  gtk_box_append (GTK_BOX (row), label);

  if (json_object_has_member (building, "split"))
    {
      JsonArray *split = json_object_get_array_member (building, "split");
      const char *first = json_array_get_string_element (split, 0);
      const char *second = json_array_get_string_element (split, 1);
      gboolean chosen = json_object_has_member (building, "split_first");
      gint64 value = chosen ? json_object_get_int_member (building, "split_first") : points / 2;
      guint uid = json_object_get_int_member (building, "uid");
      GtkWidget *line_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *first_text = g_strdup_printf ("%s", tk_city_plan_type_label (first));
      g_autofree char *second_text = NULL;
      g_autofree char *value_text = chosen ? g_strdup_printf ("%" PRId64, value)
                                           : g_strdup (_("best"));
      g_autofree char *key = g_strdup_printf ("%u:%u:%s", seat, uid, first);
      g_autofree char *name = g_strdup_printf ("cp-split-%u", uid);
      g_autofree char *less = g_strdup_printf (_("One Point Less to %s"),
                                               tk_city_plan_type_label (first));
      g_autofree char *more = g_strdup_printf (_("One Point More to %s"),
                                               tk_city_plan_type_label (first));

      if (chosen)
        second_text = g_strdup_printf ("%s %" PRId64, tk_city_plan_type_label (second),
                                       points - value);
      else
        /* Translators: split points not chosen yet, e.g. "Industrial: the rest". */
        second_text = g_strdup_printf (_("%s: the rest"), tk_city_plan_type_label (second));
      {
        GtkWidget *first_label = gtk_label_new (first_text);
        gtk_widget_add_css_class (first_label, "dim-label");
        gtk_box_append (GTK_BOX (line_box), first_label);
      }
      gtk_box_append (GTK_BOX (line_box),
                      cpp_stepper (self, name, value_text, chosen ? value : points / 2 + 0,
                                   0, MAX (points, 0), make_split, g_steal_pointer (&key), g_free,
                                   less, more));
      {
        GtkWidget *rest = cpp_label_new (second_text, "dim-label");

        gtk_widget_add_css_class (rest, "caption");
        if (!chosen)
          gtk_widget_set_tooltip_text (rest, _("Until the player chooses, the points go the way "
                                               "that gives the best development bonus."));
        gtk_widget_set_hexpand (rest, TRUE);
        gtk_box_append (GTK_BOX (line_box), rest);
      }
      gtk_box_append (GTK_BOX (row), line_box);
    }
  return row;
}

void
cpp_draw_players (TkCityPlanPanel *self,
                  View            *view)
{
  g_autofree char *deck = g_strdup_printf (_("Deck %" PRId64 " · discard %" PRId64
                                             " · manifestos %" PRId64),
                                           json_object_get_int_member (view->game, "deck"),
                                           json_object_get_int_member (view->game, "discard"),
                                           json_object_get_int_member (view->game, "manifesto_deck"));
  gboolean over = g_str_equal (view->phase, "over");

  gtk_label_set_text (GTK_LABEL (self->deck_label), deck);
  tk_panel_clear (self->players_flow);
  for (guint seat = 0; seat < view->n_players; seat++)
    {
      JsonObject *player = cpp_player_state (view, seat);
      JsonArray *plants = json_object_get_array_member (player, "plants");
      JsonArray *manifesto_points = json_object_get_array_member (player, "manifesto_points");
      gint64 hand = json_object_get_int_member (player, "hand");
      gint64 manifestos = json_object_get_int_member (player, "manifestos");
      Counts counts;
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name, *hand_label, *counts_label;
      g_autofree char *hand_text = NULL;
      g_autofree char *counts_text = NULL;

      cpp_count_city (player, &counts);
      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-city-plan-city");
      if (!over && seat == view->active)
        gtk_widget_add_css_class (card, "tk-city-plan-active");

      gtk_box_append (GTK_BOX (head),
                      tk_colour_dot_new (tk_rules_setup_player_colour (view->setup, seat)));
      name = gtk_label_new (cpp_seat_name (view, seat));
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (head), name);
      {
        /* Translators: e.g. "7 of 10 buildings". */
        g_autofree char *text = g_strdup_printf (_("%" PRId64 " of %" PRId64 " buildings"),
                                                 counts.buildings, view->end_buildings);
        GtkWidget *built = gtk_label_new (text);

        gtk_widget_add_css_class (built, "numeric");
        if (counts.buildings >= view->end_buildings)
          gtk_widget_add_css_class (built, "accent");
        tk_panel_set_name (built, "cp-built-%u", seat);
        gtk_box_append (GTK_BOX (head), built);
      }
      gtk_box_append (GTK_BOX (card), head);

      /* The limit is applied at a round's end; after the last round it no longer matters. */
      if (!over && hand > view->hand_limit)
        /* Translators: e.g. "9 cards in hand — over the limit of 8". */
        hand_text = g_strdup_printf (_("%" PRId64 " cards in hand — over the limit of %" PRId64),
                                     hand, view->hand_limit);
      else
        hand_text = g_strdup_printf (g_dngettext (NULL, "%" PRId64 " card in hand",
                                                  "%" PRId64 " cards in hand", hand), hand);
      hand_label = cpp_label_new (hand_text, !over && hand > view->hand_limit ? "warning" : NULL);
      tk_panel_set_name (hand_label, "cp-hand-%u", seat);
      gtk_box_append (GTK_BOX (card), hand_label);

      /* Translators: a city's buildings by type. */
      counts_text = g_strdup_printf (_("Residential %" PRId64 " · Commercial %" PRId64
                                       " · Industrial %" PRId64 " · Facilities %" PRId64
                                       " · Plants %" PRId64),
                                     counts.type[0], counts.type[1], counts.type[2],
                                     counts.type[3], counts.type[4]);
      counts_label = cpp_label_new (counts_text, "caption");
      gtk_widget_add_css_class (counts_label, "dim-label");
      tk_panel_set_name (counts_label, "cp-counts-%u", seat);
      gtk_box_append (GTK_BOX (card), counts_label);

      /* Power plants and their rows. */
      for (guint p = 0; p < json_array_get_length (plants); p++)
        {
          JsonObject *plant = json_array_get_object_element (plants, p);
          JsonArray *row = json_object_get_array_member (plant, "buildings");
          guint uid = json_object_get_int_member (plant, "uid");
          gint64 supply = json_object_get_int_member (plant, "supply");
          gint64 used = json_object_get_int_member (plant, "used");
          GtkWidget *plant_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *plant_head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
          GtkWidget *plant_name, *power, *bar;
          /* Translators: a power plant, e.g. "Plant 1 · Starting power plant". */
          g_autofree char *plant_text = g_strdup_printf (_("Plant %u · %s"), uid,
                                                         json_object_get_string_member (plant, "name"));
          /* Translators: power used of a plant's supply, e.g. "3 of 5 power". */
          g_autofree char *power_text = g_strdup_printf (_("%" PRId64 " of %" PRId64 " power"),
                                                         used, supply);

          gtk_widget_add_css_class (plant_box, "tk-city-plan-plant");
          plant_name = cpp_label_new (plant_text, "heading");
          gtk_widget_set_hexpand (plant_name, TRUE);
          gtk_box_append (GTK_BOX (plant_head), plant_name);
          power = gtk_label_new (power_text);
          gtk_widget_add_css_class (power, "numeric");
          tk_panel_set_name (power, "cp-plant-%u-power", uid);
          gtk_box_append (GTK_BOX (plant_head), power);
          gtk_box_append (GTK_BOX (plant_box), plant_head);
          bar = gtk_level_bar_new_for_interval (0, MAX (supply, 1));
          gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), MIN (used, MAX (supply, 1)));
          gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
          gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
          gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
          gtk_box_append (GTK_BOX (plant_box), bar);
          for (guint b = 0; b < json_array_get_length (row); b++)
            gtk_box_append (GTK_BOX (plant_box),
                            building_row (self, view, seat, json_array_get_object_element (row, b)));
          if (json_array_get_length (row) == 0)
            gtk_box_append (GTK_BOX (plant_box), cpp_label_new (_("Nothing in this row yet"),
                                                                "dim-label"));
          gtk_box_append (GTK_BOX (card), plant_box);
        }

      /* Manifestos in front (at most 2), with what each scores. */
      {
        g_autofree char *text = g_strdup_printf (_("Manifestos: %" PRId64 " of 2"), manifestos);
        GtkWidget *label = cpp_label_new (text, "heading");

        tk_panel_set_name (label, "cp-manifestos-%u", seat);
        gtk_box_append (GTK_BOX (card), label);
      }
      for (guint slot = 0; slot < manifestos && slot < 2; slot++)
        {
          gint64 points = json_array_get_int_element (manifesto_points, slot);
          GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
          g_autofree char *title = g_strdup_printf (_("Manifesto %u scores"), slot + 1);
          g_autofree char *value = g_strdup_printf ("%" PRId64, points);
          g_autofree char *name_text = g_strdup_printf ("cp-manifesto-%u-%u", seat, slot);
          g_autofree char *key = g_strdup_printf ("%u:%u", seat, slot);
          GtkWidget *title_label = cpp_label_new (title, "dim-label");

          gtk_widget_set_hexpand (title_label, TRUE);
          gtk_box_append (GTK_BOX (line), title_label);
          gtk_box_append (GTK_BOX (line),
                          cpp_stepper (self, name_text, value, points, -99, 99, make_manifesto,
                                       g_steal_pointer (&key), g_free, _("One Point Less"),
                                       _("One Point More")));
          gtk_box_append (GTK_BOX (card), line);
        }
      gtk_flow_box_append (GTK_FLOW_BOX (self->players_flow), card);
    }
}
