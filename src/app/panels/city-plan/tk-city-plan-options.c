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
 *
 * The numbers are rows of the template that carry their setup member; a card is a
 * TkCityPlanCardRow, whose rows are the same rows carrying the member of the card they edit.
 */
#define G_LOG_DOMAIN "tk-city-plan-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-city-plan-cards.h"
#include "tk-city-plan-card-row.h"
#include "tk-city-plan-options.h"
#include "panels/tk-setup-choice-row.h"
#include "panels/tk-setup-row.h"
#include "panels/tk-setup-spin-row.h"
#include "panels/tk-setup-switch-row.h"

struct _TkCityPlanOptions
{
  AdwPreferencesGroup parent_instance;

  TkSetupSpinRow *first_seat;
  GtkWidget     *cards_row;    /* the heading row of the card table */
  JsonArray     *cards;
  guint          n_players;
};

static void tk_city_plan_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkCityPlanOptions, tk_city_plan_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_city_plan_options_iface_init))

static void rebuild_cards (TkCityPlanOptions *self);

/* ---- the card table ---- */

static void
save_cards (TkCityPlanOptions *self)
{
  g_autoptr(GError) error = NULL;

  if (!tk_city_plan_cards_save (self->cards, &error))
    g_warning ("Could not save the card table: %s", error->message);
}

/* "cards.save": a card row changed its card. */
static void
save_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  save_cards (TK_CITY_PLAN_OPTIONS (widget));
}

/* "cards.remove", target the card's id: its row's remove button. */
static void
remove_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkCityPlanOptions *self = TK_CITY_PLAN_OPTIONS (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < json_array_get_length (self->cards); i++)
    if (g_strcmp0 (json_object_get_string_member_with_default (
                     json_array_get_object_element (self->cards, i), "id", ""), id) == 0)
      {
        json_array_remove_element (self->cards, i);
        break;
      }
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

static void
rebuild_cards (TkCityPlanOptions *self)
{
  GtkWidget *row;
  guint unchecked = 0;
  g_autofree char *subtitle = NULL;

  /* Card rows are rows of the group itself (an expander inside an expander reads badly),
   * after the card table's heading; the buttons' row is no preferences row, so the group
   * keeps it below its list. */
  while ((row = gtk_widget_get_next_sibling (self->cards_row)) != NULL)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), row);
  for (guint i = 0; i < json_array_get_length (self->cards); i++)
    {
      JsonObject *card = json_array_get_object_element (self->cards, i);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), tk_city_plan_card_row_new (card));
      unchecked += !json_object_get_boolean_member_with_default (card, "checked", TRUE);
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
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->cards_row), subtitle);
}

/* ---- TkSetupOptions ---- */

static void
tk_city_plan_options_set_n_players (TkSetupOptions *options,
                                    guint           n_players)
{
  TkCityPlanOptions *self = TK_CITY_PLAN_OPTIONS (options);

  self->n_players = MAX (n_players, 1);
  g_object_set (self->first_seat, "upper", self->n_players, NULL);
}

static gboolean
tk_city_plan_options_fill_setup (TkSetupOptions *options,
                                 JsonObject     *setup,
                                 GError        **error)
{
  TkCityPlanOptions *self = TK_CITY_PLAN_OPTIONS (options);
  g_autoptr(JsonNode) cards = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(JsonNode) copy = NULL;

  /* The rows above the card table edit the setup; the card rows below edit their card. */
  for (GtkWidget *row = gtk_widget_get_first_child (gtk_widget_get_parent (self->cards_row));
       row != self->cards_row;
       row = gtk_widget_get_next_sibling (row))
    tk_setup_rows_write (row, setup);
  json_object_set_int_member (setup, "first_seat",
                              MIN ((guint) tk_setup_spin_row_get_value (self->first_seat),
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

  G_OBJECT_CLASS (tk_city_plan_options_parent_class)->dispose (object);
}

static void
tk_city_plan_options_class_init (TkCityPlanOptionsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_city_plan_options_dispose;
  g_type_ensure (TK_TYPE_SETUP_CHOICE_ROW);
  g_type_ensure (TK_TYPE_SETUP_SPIN_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-city-plan-options.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanOptions, first_seat);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanOptions, cards_row);
  gtk_widget_class_bind_template_callback (widget_class, add_card_clicked);
  gtk_widget_class_bind_template_callback (widget_class, reset_cards_clicked);
  gtk_widget_class_install_action (widget_class, "cards.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "cards.remove", "s", remove_activated);
}

static void
tk_city_plan_options_init (TkCityPlanOptions *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cards = tk_city_plan_cards_load ();
  rebuild_cards (self);
  tk_city_plan_options_set_n_players (TK_SETUP_OPTIONS (self), 2);
}
