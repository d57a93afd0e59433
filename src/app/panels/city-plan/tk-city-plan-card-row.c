/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-card-row.c — a card of the City Plan card table in the setup options.
 *
 * The rows are the template's: each carries the card member it edits, shows what the card
 * holds there and writes its changes back into the card.  The card is the options' table's
 * own object, so a change is in the table at once; the row then asks the options to save it
 * ("cards.save").  The widget names are the card's id and member, handles for the tests.
 */
#define G_LOG_DOMAIN "tk-city-plan-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-text-limit.h"
#include "tk-city-plan-cards.h"
#include "tk-city-plan-card-row.h"
#include "panels/tk-panel-widgets.h"
#include "panels/tk-setup-choice-row.h"
#include "panels/tk-setup-row.h"
#include "panels/tk-setup-spin-row.h"
#include "panels/tk-setup-switch-row.h"

struct _TkCityPlanCardRow
{
  AdwExpanderRow  parent_instance;

  JsonObject     *card;
  gboolean        reading;    /* showing the card: the rows' changes are not the player's */

  GtkWidget      *remove;
  GtkWidget      *name_entry;
  GtkWidget      *amount_row;
  GtkWidget      *max_points_row;
};

G_DEFINE_FINAL_TYPE (TkCityPlanCardRow, tk_city_plan_card_row, ADW_TYPE_EXPANDER_ROW)

static void
member_changed (TkCityPlanCardRow *self,
                TkSetupRow        *row)
{
  if (self->reading)
    return;
  tk_setup_row_write (row, self->card);
  gtk_widget_activate_action (GTK_WIDGET (self), "cards.save", NULL);
}

static void
name_changed (TkCityPlanCardRow *self,
              GtkEditable       *entry)
{
  if (self->reading)
    return;
  json_object_set_string_member (self->card, "name", gtk_editable_get_text (entry));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), gtk_editable_get_text (entry));
  gtk_widget_activate_action (GTK_WIDGET (self), "cards.save", NULL);
}

/* Names the setup rows under @widget "cp-opt-card-ID-MEMBER" (the control of a spin or
 * switch row, a choice row itself). */
static void
name_rows (GtkWidget  *widget,
           const char *id)
{
  if (TK_IS_SETUP_ROW (widget))
    {
      g_autofree char *name = g_strdup_printf ("cp-opt-card-%s-%s", id,
                                               tk_setup_row_get_member (TK_SETUP_ROW (widget)));

      if (TK_IS_SETUP_CHOICE_ROW (widget))
        gtk_widget_set_name (widget, name);
      else
        g_object_set (widget, "control-name", name, NULL);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_rows (child, id);
}

static void
tk_city_plan_card_row_dispose (GObject *object)
{
  TkCityPlanCardRow *self = TK_CITY_PLAN_CARD_ROW (object);

  g_clear_pointer (&self->card, json_object_unref);
  G_OBJECT_CLASS (tk_city_plan_card_row_parent_class)->dispose (object);
}

static void
tk_city_plan_card_row_class_init (TkCityPlanCardRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_city_plan_card_row_dispose;
  g_type_ensure (TK_TYPE_SETUP_CHOICE_ROW);
  g_type_ensure (TK_TYPE_SETUP_SPIN_ROW);
  g_type_ensure (TK_TYPE_SETUP_SWITCH_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-city-plan-card-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanCardRow, remove);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanCardRow, name_entry);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanCardRow, amount_row);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanCardRow, max_points_row);
  gtk_widget_class_bind_template_callback (widget_class, member_changed);
  gtk_widget_class_bind_template_callback (widget_class, name_changed);
}

static void
tk_city_plan_card_row_init (TkCityPlanCardRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tk_text_limit_editable (GTK_EDITABLE (self->name_entry), TK_TEXT_LINE);
}

GtkWidget *
tk_city_plan_card_row_new (JsonObject *card)
{
  TkCityPlanCardRow *self = g_object_new (TK_TYPE_CITY_PLAN_CARD_ROW, NULL);
  const char *id = json_object_get_string_member_with_default (card, "id", "");
  g_autofree char *description = tk_city_plan_card_description (card);
  g_autoptr(GString) subtitle = g_string_new (description);

  self->card = json_object_ref (card);
  if (!json_object_get_boolean_member_with_default (card, "checked", TRUE))
    g_string_append_printf (subtitle, "\n%s", _("Not confirmed: check against your rule book"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self),
                                 json_object_get_string_member_with_default (card, "name", id));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), subtitle->str);
  tk_panel_set_name (GTK_WIDGET (self), "cp-opt-card-%s", id);
  tk_panel_set_name (self->name_entry, "cp-opt-card-%s-name", id);
  tk_panel_set_name (self->remove, "cp-opt-card-%s-remove", id);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->remove), "s", id);

  /* The points per building and the limit are a counting building's only. */
  if (g_strcmp0 (json_object_get_string_member_with_default (card, "effect", "none"),
                 "count_bonus") != 0)
    {
      adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->amount_row);
      adw_expander_row_remove (ADW_EXPANDER_ROW (self), self->max_points_row);
    }
  name_rows (GTK_WIDGET (self), id);
  self->reading = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry),
                         json_object_get_string_member_with_default (card, "name", ""));
  tk_setup_rows_read (GTK_WIDGET (self), card);
  self->reading = FALSE;
  return GTK_WIDGET (self);
}
