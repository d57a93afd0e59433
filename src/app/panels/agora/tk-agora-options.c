/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-options.c — the Agora setup options: starting money, the goal and how it is read,
 * the deck's size and the player card dealt to each seat.
 *
 * The goal rule defaults to the seed's reading ("over $50" at income); "$50 or more" is the
 * other reading the English sheets also print.  Letters are dealt at the table, so each seat
 * gets a letter here (A, B, … by default) and two seats may not share one.
 */
#define G_LOG_DOMAIN "tk-agora-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-agora-options.h"

#define MAX_SEATS 4

struct _TkAgoraOptions
{
  AdwPreferencesGroup parent_instance;

  GtkSpinButton *start_money;
  GtkSpinButton *goal;
  AdwComboRow   *goal_rule;
  GtkSpinButton *per_letter;
  AdwComboRow   *letters[MAX_SEATS];
  guint          n_players;
};

static void tk_agora_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkAgoraOptions, tk_agora_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_agora_options_iface_init))

static GtkSpinButton *
add_spin_row (TkAgoraOptions *self,
              const char     *title,
              const char     *subtitle,
              const char     *name,
              double          min,
              double          max,
              double          value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  return GTK_SPIN_BUTTON (spin);
}

static void
tk_agora_options_set_n_players (TkSetupOptions *options,
                                guint           n_players)
{
  TkAgoraOptions *self = TK_AGORA_OPTIONS (options);

  self->n_players = MIN (n_players, MAX_SEATS);
  for (guint seat = 0; seat < MAX_SEATS; seat++)
    gtk_widget_set_visible (GTK_WIDGET (self->letters[seat]), seat < self->n_players);
}

static gboolean
tk_agora_options_fill_setup (TkSetupOptions *options,
                             JsonObject     *setup,
                             GError        **error)
{
  TkAgoraOptions *self = TK_AGORA_OPTIONS (options);
  JsonArray *players = json_object_get_array_member (setup, "players");
  guint used = 0;

  for (guint seat = 0; players != NULL && seat < json_array_get_length (players); seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      guint letter = seat < MAX_SEATS ? adw_combo_row_get_selected (self->letters[seat]) : seat;
      char text[2] = { (char) ('A' + letter % 4), '\0' };

      if (used & (1u << (letter % 4)))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("Two players have the letter %s: deal each player a different card."),
                       text);
          return FALSE;
        }
      used |= 1u << (letter % 4);
      json_object_set_string_member (player, "letter", text);
    }
  json_object_set_int_member (setup, "start_money", gtk_spin_button_get_value_as_int (self->start_money));
  json_object_set_int_member (setup, "goal", gtk_spin_button_get_value_as_int (self->goal));
  json_object_set_string_member (setup, "goal_rule",
                                 adw_combo_row_get_selected (self->goal_rule) == 1 ? "reach"
                                                                                   : "over");
  json_object_set_int_member (setup, "cards_per_letter",
                              gtk_spin_button_get_value_as_int (self->per_letter));
  return TRUE;
}

static void
tk_agora_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->set_n_players = tk_agora_options_set_n_players;
  iface->fill_setup = tk_agora_options_fill_setup;
}

/* The goal rule row says what the chosen reading means for the goal set above, since the seed
 * itself says both "50ドル以上" and "50ドルを超え". */
static void
update_goal_rule_subtitle (TkAgoraOptions *self)
{
  int goal = gtk_spin_button_get_value_as_int (self->goal);
  g_autofree char *text = NULL;

  if (adw_combo_row_get_selected (self->goal_rule) == 1)
    text = g_strdup_printf (_("A player who has $%d or more after income wins. Some rule "
                              "sheets read it this way."), goal);
  else
    text = g_strdup_printf (_("Only more than $%d after income wins: $%d does not, $%d does. "
                              "The rule text’s reading."), goal, goal, goal + 1);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->goal_rule), text);
}

static void
tk_agora_options_class_init (TkAgoraOptionsClass *klass)
{
}

static void
tk_agora_options_init (TkAgoraOptions *self)
{
  const char *const rules[] = { N_("Over the goal"), N_("The goal or more"), NULL };
  const char *const letters[] = { "A", "B", "C", "D", NULL };
  g_autoptr(GtkStringList) rule_names = gtk_string_list_new (NULL);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Agora"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("Money may go negative: players borrow what they "
                                           "need."));

  self->start_money = add_spin_row (self, _("Starting Money"), _("Dollars each player starts with"),
                                    "agora-start-money", -1000, 1000, 10);
  self->goal = add_spin_row (self, _("Goal"), _("Dollars that win at the income step"),
                             "agora-goal", 1, 1000, 50);

  for (guint i = 0; rules[i] != NULL; i++)
    gtk_string_list_append (rule_names, _(rules[i]));
  self->goal_rule = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->goal_rule), _("Income Wins When"));
  adw_combo_row_set_model (self->goal_rule, G_LIST_MODEL (rule_names));
  update_goal_rule_subtitle (self);
  g_signal_connect_swapped (self->goal_rule, "notify::selected",
                            G_CALLBACK (update_goal_rule_subtitle), self);
  g_signal_connect_swapped (self->goal, "value-changed",
                            G_CALLBACK (update_goal_rule_subtitle), self);
  gtk_widget_set_name (GTK_WIDGET (self->goal_rule), "agora-goal-rule");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (self->goal_rule));

  self->per_letter = add_spin_row (self, _("Cards per Letter"),
                                   _("The deck holds 9 of each letter A–D (36 cards)"),
                                   "agora-per-letter", 1, 99, 9);

  for (guint seat = 0; seat < MAX_SEATS; seat++)
    {
      g_autofree char *title = g_strdup_printf (_("Player Card of Seat %u"), seat + 1);
      g_autofree char *name = g_strdup_printf ("agora-letter-%u", seat);
      g_autoptr(GtkStringList) model = gtk_string_list_new (letters);

      self->letters[seat] = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->letters[seat]), title);
      adw_combo_row_set_model (self->letters[seat], G_LIST_MODEL (model));
      adw_combo_row_set_selected (self->letters[seat], seat);
      gtk_widget_set_name (GTK_WIDGET (self->letters[seat]), name);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (self->letters[seat]));
    }
  tk_agora_options_set_n_players (TK_SETUP_OPTIONS (self), 2);
}
