/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-options.c — the Agora setup options: starting money, the goal and how it is read,
 * the deck's size and the player card dealt to each seat (all rows of its template).
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
#include "panels/tk-setup-choice-row.h"
#include "panels/tk-setup-row.h"
#include "panels/tk-setup-spin-row.h"
#include "panels/tk-panel-widgets.h"

#define MAX_SEATS 4

struct _TkAgoraOptions
{
  AdwPreferencesGroup parent_instance;

  TkSetupSpinRow *goal;
  AdwComboRow    *goal_rule;
  AdwComboRow    *letters[MAX_SEATS];   /* the template's letter_0 … letter_3 */
};

static void tk_agora_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkAgoraOptions, tk_agora_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_agora_options_iface_init))

static void
tk_agora_options_set_n_players (TkSetupOptions *options,
                                guint           n_players)
{
  TkAgoraOptions *self = TK_AGORA_OPTIONS (options);

  for (guint seat = 0; seat < MAX_SEATS; seat++)
    gtk_widget_set_visible (GTK_WIDGET (self->letters[seat]), seat < MIN (n_players, MAX_SEATS));
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
  tk_setup_rows_write (GTK_WIDGET (self), setup);
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
  int goal = tk_setup_spin_row_get_value (self->goal);
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
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (TK_TYPE_SETUP_SPIN_ROW);
  g_type_ensure (TK_TYPE_SETUP_CHOICE_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-agora-options.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraOptions, goal);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraOptions, goal_rule);
  for (guint seat = 0; seat < MAX_SEATS; seat++)
    tk_panel_bind_template_child_indexed (widget_class, "letter_", seat,
                                          G_STRUCT_OFFSET (TkAgoraOptions, letters[seat]));
  gtk_widget_class_bind_template_callback (widget_class, update_goal_rule_subtitle);
}

static void
tk_agora_options_init (TkAgoraOptions *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_goal_rule_subtitle (self);
}
