/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-options.c — the Welcome To... setup options: rules (basic or intermediate),
 * the card draft of the advanced rules, solo, and the three city plan cards on the table.
 *
 * The plan cards are picked from the engine's plan table, so what the dialog offers is
 * exactly what the engine knows; "Random" draws one when the session starts (the engine
 * itself never draws).  The readings are rows of the template that carry their setup member.
 */
#define G_LOG_DOMAIN "tk-welcome-to-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-options.h"
#include "tk-welcome-to-plan-text.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "panels/tk-setup-choice-row.h"
#include "panels/tk-setup-row.h"
#include "panels/tk-setup-switch-row.h"
#include "panels/tk-panel-widgets.h"

#define N_PLANS 3

struct _TkWelcomeToOptions
{
  AdwPreferencesGroup parent_instance;

  AdwComboRow      *variant_row;
  TkSetupSwitchRow *draft_row;
  GtkWidget        *pass_row;
  TkSetupSwitchRow *solo_row;
  AdwComboRow      *plan_rows[N_PLANS];
  GtkWidget        *plan_houses_row;  /* the bis plan's houses used up or free (intermediate) */

  JsonArray *table;                /* the engine's plan table */
  GPtrArray *choices[N_PLANS];     /* JsonObject (borrowed from table) per row item; the
                                      last item is "Random" (no entry) */
  guint      n_players;
  gboolean   solo_plans;           /* the rows offer every card (solo: three at random) */
};

static void tk_welcome_to_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkWelcomeToOptions, tk_welcome_to_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_welcome_to_options_iface_init))

static gboolean
intermediate (TkWelcomeToOptions *self)
{
  return adw_combo_row_get_selected (self->variant_row) == 1;
}

static gboolean
solo_game (TkWelcomeToOptions *self)
{
  return self->n_players == 1 && tk_setup_switch_row_get_active (self->solo_row);
}

/* The plan cards each row offers: basic cards, plus the advanced ones in intermediate; n°1 to
 * n°3 in turn, or in the solo game every card in every row (the seed draws three at random). */
static void
fill_plan_rows (TkWelcomeToOptions *self)
{
  gboolean advanced = intermediate (self);

  self->solo_plans = solo_game (self);

  for (guint p = 0; p < N_PLANS; p++)
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

      g_ptr_array_set_size (self->choices[p], 0);
      for (guint i = 0; i < json_array_get_length (self->table); i++)
        {
          JsonObject *plan = json_array_get_object_element (self->table, i);
          g_autofree char *goal = NULL;
          g_autofree char *item = NULL;

          if ((!self->solo_plans && json_object_get_int_member (plan, "number") != p + 1) ||
              (!advanced && json_object_get_boolean_member_with_default (plan, "advanced", FALSE)))
            continue;
          goal = tk_welcome_to_plan_goal (plan);
          if (self->solo_plans)
            /* Translators: a city plan card in the solo game's list: its number, goal and
             * two values, e.g. "n°2 · 3 houses + 6 houses (8 / 4)" */
            item = g_strdup_printf (_("n°%d · %s (%d / %d)"),
                                    (int) json_object_get_int_member (plan, "number"), goal,
                                    (int) json_object_get_int_member (plan, "first"),
                                    (int) json_object_get_int_member (plan, "later"));
          else
            /* Translators: a city plan card in a list: its goal and its two values */
            item = g_strdup_printf (_("%s (%d / %d)"), goal,
                                    (int) json_object_get_int_member (plan, "first"),
                                    (int) json_object_get_int_member (plan, "later"));
          gtk_string_list_append (model, item);
          g_ptr_array_add (self->choices[p], plan);
        }
      /* Translators: draw this city plan card at random when the session starts */
      gtk_string_list_append (model, _("Random"));
      adw_combo_row_set_model (self->plan_rows[p], G_LIST_MODEL (model));
      /* Solo: Random by default, as the seed deals them. */
      adw_combo_row_set_selected (self->plan_rows[p], self->solo_plans ? self->choices[p]->len : 0);
    }
}

static void
update_rows (TkWelcomeToOptions *self)
{
  gboolean solo_possible = self->n_players == 1;

  if (self->solo_plans != solo_game (self))
    fill_plan_rows (self);

  gtk_widget_set_visible (GTK_WIDGET (self->solo_row), solo_possible);
  gtk_widget_set_visible (GTK_WIDGET (self->draft_row), self->n_players >= 2);
  gtk_widget_set_visible (self->pass_row, self->n_players >= 2 &&
                          tk_setup_switch_row_get_active (self->draft_row));
}

static void
on_variant_changed (TkWelcomeToOptions *self)
{
  fill_plan_rows (self);
  gtk_widget_set_visible (self->plan_houses_row, intermediate (self));
}

static void
tk_welcome_to_options_set_n_players (TkSetupOptions *options,
                                     guint           n_players)
{
  TkWelcomeToOptions *self = TK_WELCOME_TO_OPTIONS (options);

  self->n_players = n_players;
  update_rows (self);
}

static JsonObject *
plan_for_setup (JsonObject *entry)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonNode) copy = NULL;
  JsonObject *plan;

  json_node_set_object (node, entry);
  copy = json_node_copy (node);
  json_node_unref (node);
  plan = json_object_ref (json_node_get_object (copy));
  /* "advanced" belongs to the table, not to a setup's plan */
  json_object_remove_member (plan, "advanced");
  return plan;
}

static gboolean
tk_welcome_to_options_fill_setup (TkSetupOptions *options,
                                  JsonObject     *setup,
                                  GError        **error)
{
  TkWelcomeToOptions *self = TK_WELCOME_TO_OPTIONS (options);
  guint n = tk_rules_setup_n_players (setup);
  JsonArray *plans = json_array_new ();
  g_autoptr(GPtrArray) taken = g_ptr_array_new ();   /* table entries already dealt */

  json_object_set_boolean_member (setup, "solo",
                                  n == 1 && tk_setup_switch_row_get_active (self->solo_row));
  tk_setup_rows_write (GTK_WIDGET (self), setup);
  json_object_set_boolean_member (setup, "draft",
                                  n >= 2 && tk_setup_switch_row_get_active (self->draft_row));
  for (guint p = 0; p < N_PLANS; p++)
    {
      guint selected = adw_combo_row_get_selected (self->plan_rows[p]);
      GPtrArray *choices = self->choices[p];
      JsonObject *entry = NULL;

      if (choices->len == 0)
        {
          json_array_unref (plans);
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("There is no city plan n°%u to choose."), p + 1);
          return FALSE;
        }
      if (selected < choices->len)
        entry = g_ptr_array_index (choices, selected);
      else
        /* A random card, never one already on the table (a deck holds each card once). */
        for (guint tries = 0; tries < 1000 && entry == NULL; tries++)
          {
            JsonObject *candidate = g_ptr_array_index (choices,
                                                       g_random_int_range (0,
                                                                           (gint32) choices->len));

            if (!g_ptr_array_find (taken, candidate, NULL))
              entry = candidate;
          }
      if (entry == NULL)
        entry = g_ptr_array_index (choices, 0);
      g_ptr_array_add (taken, entry);
      json_array_add_object_element (plans, plan_for_setup (entry));
    }
  json_object_set_array_member (setup, "plans", plans);
  return TRUE;
}

static void
tk_welcome_to_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->set_n_players = tk_welcome_to_options_set_n_players;
  iface->fill_setup = tk_welcome_to_options_fill_setup;
}

static void
tk_welcome_to_options_dispose (GObject *object)
{
  TkWelcomeToOptions *self = TK_WELCOME_TO_OPTIONS (object);

  for (guint p = 0; p < N_PLANS; p++)
    g_clear_pointer (&self->choices[p], g_ptr_array_unref);
  g_clear_pointer (&self->table, json_array_unref);

  G_OBJECT_CLASS (tk_welcome_to_options_parent_class)->dispose (object);
}

static void
tk_welcome_to_options_class_init (TkWelcomeToOptionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_welcome_to_options_dispose;
  g_type_ensure (TK_TYPE_SETUP_CHOICE_ROW);
  g_type_ensure (TK_TYPE_SETUP_SWITCH_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-welcome-to-options.ui");
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToOptions, variant_row);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToOptions, solo_row);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToOptions, draft_row);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToOptions, pass_row);
  for (guint p = 0; p < N_PLANS; p++)
    tk_panel_bind_template_child_indexed (widget_class, "plan_row_", p,
                                          G_STRUCT_OFFSET (TkWelcomeToOptions, plan_rows[p]));
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToOptions, plan_houses_row);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_changed);
  gtk_widget_class_bind_template_callback (widget_class, update_rows);
}

static void
tk_welcome_to_options_init (TkWelcomeToOptions *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->table = tk_welcome_to_plan_table ();
  self->n_players = 2;
  for (guint p = 0; p < N_PLANS; p++)
    self->choices[p] = g_ptr_array_new ();
  fill_plan_rows (self);
  update_rows (self);
}
