/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-options.c — the Welcome To... setup options: rules (basic or intermediate),
 * the card draft of the advanced rules, solo, and the three city plan cards on the table.
 *
 * The plan cards are picked from the engine's plan table, so what the dialog offers is
 * exactly what the engine knows; "Random" draws one when the session starts (the engine
 * itself never draws).
 */
#define G_LOG_DOMAIN "tk-welcome-to-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-options.h"
#include "tk-welcome-to-plan-text.h"
#include "welcome-to/tk-welcome-to-rules.h"

#define N_PLANS 3

struct _TkWelcomeToOptions
{
  AdwPreferencesGroup parent_instance;

  GtkWidget *variant_row;
  GtkWidget *draft_row;
  GtkWidget *draft_switch;
  GtkWidget *pass_row;
  GtkWidget *solo_row;
  GtkWidget *solo_switch;
  GtkWidget *plan_rows[N_PLANS];
  GtkWidget *temp_row;             /* dense or standard competition ranking */
  GtkWidget *bis_fence_row;        /* a later fence between a bis and its copy */
  GtkWidget *plan_houses_row;      /* the bis plan's houses used up or free (intermediate) */

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
  return adw_combo_row_get_selected (ADW_COMBO_ROW (self->variant_row)) == 1;
}

static gboolean
solo_game (TkWelcomeToOptions *self)
{
  return self->n_players == 1 && gtk_switch_get_active (GTK_SWITCH (self->solo_switch));
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
      adw_combo_row_set_model (ADW_COMBO_ROW (self->plan_rows[p]), G_LIST_MODEL (model));
      /* Solo: Random by default, as the seed deals them. */
      adw_combo_row_set_selected (ADW_COMBO_ROW (self->plan_rows[p]),
                                  self->solo_plans ? self->choices[p]->len : 0);
    }
}

static void
update_rows (TkWelcomeToOptions *self)
{
  gboolean solo_possible = self->n_players == 1;

  if (self->solo_plans != solo_game (self))
    fill_plan_rows (self);

  gtk_widget_set_visible (self->solo_row, solo_possible);
  gtk_widget_set_visible (self->draft_row, self->n_players >= 2);
  gtk_widget_set_visible (self->pass_row, self->n_players >= 2 &&
                          gtk_switch_get_active (GTK_SWITCH (self->draft_switch)));
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
  gboolean draft = n >= 2 && gtk_switch_get_active (GTK_SWITCH (self->draft_switch));
  static const char *const passes[] = { "next", "previous", "unchecked" };
  guint pass = adw_combo_row_get_selected (ADW_COMBO_ROW (self->pass_row));
  JsonArray *plans = json_array_new ();
  g_autoptr(GPtrArray) taken = g_ptr_array_new ();   /* table entries already dealt */

  json_object_set_boolean_member (setup, "solo",
                                  n == 1 && gtk_switch_get_active (GTK_SWITCH (self->solo_switch)));
  json_object_set_string_member (setup, "variant", intermediate (self) ? "intermediate" : "basic");
  json_object_set_boolean_member (setup, "draft", draft);
  json_object_set_string_member (setup, "draft_pass", passes[MIN (pass, G_N_ELEMENTS (passes) - 1)]);
  json_object_set_string_member (setup, "temp_ranking",
                                 adw_combo_row_get_selected (ADW_COMBO_ROW (self->temp_row)) == 1
                                 ? "competition" : "dense");
  json_object_set_string_member (setup, "plan_houses",
                                 adw_combo_row_get_selected (ADW_COMBO_ROW (self->plan_houses_row))
                                 == 1 ? "reference" : "seed");
  json_object_set_string_member (setup, "bis_fence",
                                 adw_combo_row_get_selected (ADW_COMBO_ROW (self->bis_fence_row))
                                 == 1 ? "never" : "before");
  for (guint p = 0; p < N_PLANS; p++)
    {
      guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self->plan_rows[p]));
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

  object_class->dispose = tk_welcome_to_options_dispose;
}

static GtkWidget *
switch_row (const char  *title,
            const char  *subtitle,
            const char  *name,
            GtkWidget  **out_switch)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_widget_set_name (toggle, name);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  *out_switch = toggle;
  return row;
}

/* A combo row of readings, the first one the default. */
static GtkWidget *
reading_row (const char        *title,
             const char        *subtitle,
             const char        *name,
             const char *const *readings)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  GtkWidget *row = adw_combo_row_new ();

  for (guint i = 0; readings[i] != NULL; i++)
    gtk_string_list_append (model, _(readings[i]));
  gtk_widget_set_name (row, name);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  return row;
}

static void
tk_welcome_to_options_init (TkWelcomeToOptions *self)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (self);
  const char *variants[] = {
    /* Translators: Welcome To... rules: the basic game */
    N_("Basic"),
    /* Translators: Welcome To... rules: advanced plans and roundabouts (中級 in the Japanese rules) */
    N_("Intermediate"),
    NULL
  };
  const char *passes[] = {
    N_("Next Player"), N_("Previous Player"), N_("Not Checked"), NULL
  };
  const char *rankings[] = {
    /* Translators: temp agency ranking where tied players do not push the next one down */
    N_("1st, 1st, 2nd"),
    /* Translators: temp agency ranking where a tie skips the next place */
    N_("1st, 1st, 3rd"),
    NULL
  };
  const char *bis_fences[] = {
    N_("Allowed if Drawn Later"), N_("Never"), NULL
  };
  const char *plan_houses[] = {
    /* Translators: the bis houses counted for the bis plan cannot serve another plan */
    N_("Used Up, as Any Plan’s"),
    /* Translators: the bis houses counted for the bis plan stay free for other plans */
    N_("Stay Free"),
    NULL
  };
  g_autoptr(GtkStringList) variant_model = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) pass_model = gtk_string_list_new (NULL);

  self->table = tk_welcome_to_plan_table ();
  for (guint p = 0; p < N_PLANS; p++)
    self->choices[p] = g_ptr_array_new ();
  self->n_players = 2;

  adw_preferences_group_set_title (group, _("Welcome To..."));
  adw_preferences_group_set_description (group, _("Pick the city plan cards dealt on the "
                                                  "table, n°1 to n°3."));

  for (guint i = 0; variants[i] != NULL; i++)
    gtk_string_list_append (variant_model, _(variants[i]));
  self->variant_row = adw_combo_row_new ();
  gtk_widget_set_name (self->variant_row, "variant-row");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->variant_row), _("Rules"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->variant_row),
                               _("Intermediate adds the advanced city plans and roundabouts"));
  adw_combo_row_set_model (ADW_COMBO_ROW (self->variant_row), G_LIST_MODEL (variant_model));
  adw_preferences_group_add (group, self->variant_row);

  self->solo_row = switch_row (_("Solo Game"),
                               _("Three cards a round, pick two; the solo card flips the plans"),
                               "solo-switch", &self->solo_switch);
  gtk_switch_set_active (GTK_SWITCH (self->solo_switch), TRUE);
  adw_preferences_group_add (group, self->solo_row);

  /* Translators: the advanced rules (上級): each player keeps three cards and passes one */
  self->draft_row = switch_row (_("Card Draft (Advanced Rules)"),
                                _("Each player has three cards, plays two and passes one"),
                                "draft-switch", &self->draft_switch);
  adw_preferences_group_add (group, self->draft_row);

  for (guint i = 0; passes[i] != NULL; i++)
    gtk_string_list_append (pass_model, _(passes[i]));
  self->pass_row = adw_combo_row_new ();
  gtk_widget_set_name (self->pass_row, "pass-row");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pass_row),
                                 _("Unused Card Goes To"));
  adw_combo_row_set_model (ADW_COMBO_ROW (self->pass_row), G_LIST_MODEL (pass_model));
  adw_preferences_group_add (group, self->pass_row);

  for (guint p = 0; p < N_PLANS; p++)
    {
      g_autofree char *title = g_strdup_printf (_("City Plan n°%u"), p + 1);
      g_autofree char *name = g_strdup_printf ("plan-row-%u", p + 1);

      self->plan_rows[p] = adw_combo_row_new ();
      gtk_widget_set_name (self->plan_rows[p], name);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->plan_rows[p]), title);
      adw_preferences_group_add (group, self->plan_rows[p]);
    }
  fill_plan_rows (self);

  self->temp_row = reading_row (_("Temp Agency Ranking"),
                                _("The rule text leaves ties to the rule book: after two tied "
                                  "first, the next is second or third"),
                                "temp-ranking-row", rankings);
  adw_preferences_group_add (group, self->temp_row);
  self->bis_fence_row = reading_row (_("Fence Between a Bis and Its Copy"),
                                     _("The rule text forbids a bis across a fence; a fence "
                                       "drawn later between them is allowed unless you choose "
                                       "Never"),
                                     "bis-fence-row", bis_fences);
  adw_preferences_group_add (group, self->bis_fence_row);
  self->plan_houses_row = reading_row (_("Bis Houses of the Bis Plan"),
                                       _("The rule text: houses used for a plan serve no other "
                                         "plan, only pools may"),
                                       "plan-houses-row", plan_houses);
  gtk_widget_set_visible (self->plan_houses_row, FALSE);
  adw_preferences_group_add (group, self->plan_houses_row);

  g_signal_connect_object (self->variant_row, "notify::selected",
                           G_CALLBACK (on_variant_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->draft_switch, "notify::active",
                           G_CALLBACK (update_rows), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solo_switch, "notify::active",
                           G_CALLBACK (update_rows), self, G_CONNECT_SWAPPED);
  update_rows (self);
}
