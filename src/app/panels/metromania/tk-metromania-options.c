/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-options.c — the Metromania setup options: how a trip is timed, the Board Game
 * Arena variant, and the rule table (every number but the time unit comes only from the
 * seed text, so each one can be changed to what the players' rule book says).
 */
#define G_LOG_DOMAIN "tk-metromania-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metromania-options.h"
#include "tk-metromania-layouts.h"

typedef struct
{
  const char *member;
  const char *title;
  gint        min;
  gint        max;
  gint        value;
} Field;

#define N_FIELDS 8

struct _TkMetromaniaOptions
{
  AdwPreferencesGroup parent_instance;

  AdwComboRow        *time_row;
  AdwComboRow        *layout_row;     /* item 0: enter on the board; then the saved layouts */
  JsonArray          *layouts;
  GtkSwitch          *bga_switch;
  GtkSwitch          *entry_switch;   /* a finished board entered after the game */
  GtkSpinButton      *spins[N_FIELDS];
};

static void tk_metromania_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkMetromaniaOptions, tk_metromania_options,
                               ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_metromania_options_iface_init))

/* The engine's defaults (docs/formats.md, "Metromania"). */
static Field *
fields (void)
{
  static Field table[N_FIELDS];

  table[0] = (Field) { "change_cost", N_("Minutes per change of line"), 1, 100, 3 };
  table[1] = (Field) { "placer_points", N_("Points for a placer on the fastest route"), 0, 100, 6 };
  table[2] = (Field) { "rider_points", N_("Points for another rider"), 0, 100, 3 };
  table[3] = (Field) { "penalty", N_("Penalty for a failed trip"), 0, 100, 6 };
  table[4] = (Field) { "lake_park_points", N_("Points for the lake–park route"), 0, 100, 5 };
  table[5] = (Field) { "tunnels_per_line", N_("Tunnels per line"), 1, 200, 18 };
  table[6] = (Field) { "stations", N_("Stations in the supply"), 1, 1000, 30 };
  table[7] = (Field) { "end_lines", N_("Lines done that end the building"), 1, 8, 5 };
  return table;
}

static gboolean
tk_metromania_options_fill_setup (TkSetupOptions *options,
                                  JsonObject     *setup,
                                  GError        **error)
{
  TkMetromaniaOptions *self = TK_METROMANIA_OPTIONS (options);
  JsonObject *rules;
  Field *table = fields ();

  if (!json_object_has_member (setup, "rules"))
    json_object_set_object_member (setup, "rules", json_object_new ());
  rules = json_object_get_object_member (setup, "rules");
  json_object_set_string_member (rules, "time_unit",
                                 adw_combo_row_get_selected (self->time_row) == 1
                                 ? "hop" : "segment");
  json_object_set_boolean_member (rules, "bga_variant",
                                  gtk_switch_get_active (self->bga_switch));
  json_object_set_boolean_member (setup, "entry", gtk_switch_get_active (self->entry_switch));
  for (guint i = 0; i < N_FIELDS; i++)
    json_object_set_int_member (rules, table[i].member,
                                gtk_spin_button_get_value_as_int (self->spins[i]));
  /* The network is drawn on the board; the lake, the park and the arrows are entered on it
   * in the panel, or come from a layout saved there. */
  {
    guint chosen = adw_combo_row_get_selected (self->layout_row);

    if (chosen >= 1 && chosen <= json_array_get_length (self->layouts))
      {
        JsonObject *layout = json_array_get_object_element (self->layouts, chosen - 1);
        g_autoptr(JsonNode) board = json_node_copy (json_object_get_member (layout, "board"));

        json_object_set_object_member (setup, "board",
                                       json_object_ref (json_node_get_object (board)));
      }
    else if (!json_object_has_member (setup, "board"))
      json_object_set_object_member (setup, "board", json_object_new ());
  }
  return TRUE;
}

static void
tk_metromania_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->fill_setup = tk_metromania_options_fill_setup;
}

static void
tk_metromania_options_dispose (GObject *object)
{
  TkMetromaniaOptions *self = TK_METROMANIA_OPTIONS (object);

  g_clear_pointer (&self->layouts, json_array_unref);
  G_OBJECT_CLASS (tk_metromania_options_parent_class)->dispose (object);
}

static void
tk_metromania_options_class_init (TkMetromaniaOptionsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tk_metromania_options_dispose;
}

static void
tk_metromania_options_init (TkMetromaniaOptions *self)
{
  g_autoptr(GtkStringList) units = gtk_string_list_new (NULL);
  GtkWidget *row, *expander;
  Field *table = fields ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Metromania"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("Lines, stations and destinations are drawn on the "
                                           "board as you build; the test trips are timed at "
                                           "once."));

  gtk_string_list_append (units, _("Per tunnel segment"));
  gtk_string_list_append (units, _("Per station-to-station hop"));
  row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Trip Time"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("One minute per tunnel ridden (the rule text), or per ride "
                                 "from one station to the next (some printed rules)"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (units));
  gtk_widget_set_name (row, "time-unit");
  self->time_row = ADW_COMBO_ROW (row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);

  {
    g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

    self->layouts = tk_metromania_layouts_load ();
    gtk_string_list_append (names, _("Enter It on the Board"));
    for (guint i = 0; i < json_array_get_length (self->layouts); i++)
      gtk_string_list_append (names, json_object_get_string_member (
                                       json_array_get_object_element (self->layouts, i), "name"));
    row = adw_combo_row_new ();
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("District Layout"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                 _("The lake, park, rivers, forests, arrows and destination "
                                   "spaces, as saved from an earlier game"));
    adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
    gtk_widget_set_name (row, "district-layout");
    self->layout_row = ADW_COMBO_ROW (row);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  }

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Enter a Finished Board"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Played without the app: enter every line, station and marker "
                                 "as the board stands, then time the test trips"));
  self->entry_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->entry_switch), GTK_ALIGN_CENTER);
  gtk_widget_set_name (GTK_WIDGET (self->entry_switch), "enter-finished-board");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->entry_switch));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->entry_switch));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Board Game Arena Variant"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("A failed trip gives the other players points instead of "
                                 "costing its players"));
  self->bga_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->bga_switch), GTK_ALIGN_CENTER);
  gtk_widget_set_name (GTK_WIDGET (self->bga_switch), "bga-variant");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->bga_switch));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->bga_switch));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);

  expander = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), _("Rule Table"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander),
                                 _("These numbers come from the rule text; check them against "
                                   "your rule book"));
  for (guint i = 0; i < N_FIELDS; i++)
    {
      GtkWidget *spin = gtk_spin_button_new_with_range (table[i].min, table[i].max, 1);

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(table[i].title));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), table[i].value);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_widget_set_name (spin, table[i].member);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
      self->spins[i] = GTK_SPIN_BUTTON (spin);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), expander);
}
