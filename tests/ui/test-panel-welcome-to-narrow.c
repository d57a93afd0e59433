/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-welcome-to-narrow.c — the Welcome To... panel at a phone's width (360 px: every
 * house a target in view, nothing wider than the window) and its setup options. */
#include "config.h"

#include <adwaita.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "tk-game-panel.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "panels/welcome-to/tk-welcome-to-panel.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"
#include "tk-test-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"

static const Config narrow_config = { 360, 2, NULL, FALSE };

static void
debug_widths (GtkWidget *widget,
              int        depth)
{
  int minimum = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (minimum > 300)
    g_printerr ("%*s%s %s %d\n", depth, "", G_OBJECT_TYPE_NAME (widget),
                gtk_widget_get_name (widget), minimum);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    debug_widths (child, depth + 1);
}

static void
test_panel_narrow (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  GtkWidget *first = find_named (panel, "house-3-1");
  GtkWidget *last = find_named (panel, "house-3-12");
  graphene_rect_t first_bounds, last_bounds;
  int minimum = 0, natural = 0;

  if (g_getenv ("TK_TEST_SHOT_DARK") != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);
  click (panel, "number-8");
  click (panel, "effect-temp");
  click (panel, "house-1-4");
  click (panel, "number-11");
  click (panel, "effect-surveyor");
  click (panel, "house-1-9");
  click (panel, "fence-1-9");
  click (panel, "number-6");
  click (panel, "effect-temp");
  /* everything that can open at once: the temp row, the card recorder, a plan's claim */
  click (panel, "record-cards");
  click (panel, "plan-claim-2");
  tk_test_settle ();
  g_assert_true (gtk_widget_is_visible (find_named (panel, "temp-2")));
  g_assert_true (gtk_widget_is_visible (find_named (panel, "record-effect-2")));

  gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  if (g_getenv ("TK_TEST_DEBUG_WIDTH") != NULL)
    debug_widths (panel, 0);
  g_assert_cmpint (minimum, <=, 360 - 24);
  g_assert_cmpint (gtk_widget_get_width (panel), <=, 360 - 24);
  /* no scroller of its own: the page's is the nearest */
  g_assert_true (gtk_widget_get_ancestor (last, GTK_TYPE_SCROLLED_WINDOW) ==
                 gtk_widget_get_ancestor (panel, GTK_TYPE_SCROLLED_WINDOW));
  /* the street's last house is on a lower line than its first, inside the panel */
  g_assert_true (gtk_widget_compute_bounds (first, panel, &first_bounds));
  g_assert_true (gtk_widget_compute_bounds (last, panel, &last_bounds));
  g_assert_cmpfloat (last_bounds.origin.y, >, first_bounds.origin.y);
  g_assert_cmpfloat (last_bounds.origin.x + last_bounds.size.width, <=, gtk_widget_get_width (panel));
  g_assert_cmpfloat (last_bounds.size.width, >=, 44);
  save_shot (GTK_WIDGET (f->window), g_getenv ("TK_TEST_SHOT_DARK") != NULL ? "narrow-dark" : "narrow");
  if (g_getenv ("TK_TEST_SHOTS_DIR") != NULL)
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (panel, GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

      /* page by page down to the lower sheet's score row */
      for (guint i = 1; i <= 8 && gtk_adjustment_get_value (v) + gtk_adjustment_get_page_size (v) <
                                  gtk_adjustment_get_upper (v); i++)
        {
          g_autofree char *name = g_strdup_printf ("%s-%u", g_getenv ("TK_TEST_SHOT_DARK") != NULL
                                                            ? "narrow-dark" : "narrow", i);

          gtk_adjustment_set_value (v, MIN (gtk_adjustment_get_upper (v),
                                            i * (gtk_adjustment_get_page_size (v) - 100)));
          tk_test_settle ();
          save_shot (GTK_WIDGET (f->window), name);
        }
    }
  if (g_getenv ("TK_TEST_SHOT_DARK") != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_DEFAULT);
}

/* The options write the mode and the plan cards into a setup the engine accepts. */
static void
test_options (void)
{
  const TkRules *rules;
  GtkWidget *options;
  g_autoptr(GError) error = NULL;

  tk_games_register_all ();
  rules = tk_rules_lookup ("welcome-to");
  options = g_object_ref_sink (tk_game_panel_new_options ("welcome-to"));
  g_assert_true (TK_IS_SETUP_OPTIONS (options));

  /* solo: one player, the solo switch on by default */
  {
    g_autoptr(JsonObject) setup = rules->default_setup (1);
    gpointer state;

    tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 1);
    g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (find_named (options, "solo-switch"),
                                                                    ADW_TYPE_ACTION_ROW)));
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
    g_assert_no_error (error);
    g_assert_true (json_object_get_boolean_member (setup, "solo"));
    g_assert_cmpstr (json_object_get_string_member (setup, "variant"), ==, "basic");
    /* the seed's readings by default */
    g_assert_cmpstr (json_object_get_string_member (setup, "temp_ranking"), ==, "dense");
    g_assert_cmpstr (json_object_get_string_member (setup, "bis_fence"), ==, "before");
    g_assert_cmpstr (json_object_get_string_member (setup, "plan_houses"), ==, "seed");
    g_assert_false (gtk_widget_get_visible (find_named (options, "plan-houses-row")));
    /* Seed 003, solo: 「都市計画カードがランダムに3枚選ばれて」 — every row offers every card
     * (its number shown), Random by default; two n°2 cards may lie on the table, and a random
     * card is never one already dealt. */
    {
      GtkWidget *rows[3] = { find_named (options, "plan-row-1"), find_named (options, "plan-row-2"),
                             find_named (options, "plan-row-3") };
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (rows[0]));
      guint n_items = g_list_model_get_n_items (model);
      guint twos[2] = { G_MAXUINT, G_MAXUINT };

      g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (rows[0])), ==, n_items - 1);
      for (guint i = 0, k = 0; i + 1 < n_items && k < 2; i++)
        if (g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (model), i), "n°2"))
          twos[k++] = i;
      g_assert_cmpuint (twos[1], !=, G_MAXUINT);
      adw_combo_row_set_selected (ADW_COMBO_ROW (rows[0]), twos[0]);
      adw_combo_row_set_selected (ADW_COMBO_ROW (rows[1]), twos[1]);
      for (guint round = 0; round < 30; round++)
        {
          g_autoptr(JsonObject) again = rules->default_setup (1);
          JsonArray *plans;
          g_autofree char *a = NULL, *b = NULL, *c = NULL;

          g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), again, &error));
          plans = json_object_get_array_member (again, "plans");
          g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, 0),
                                                       "number"), ==, 2);
          g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, 1),
                                                       "number"), ==, 2);
          a = tk_rules_json_to_string (json_array_get_object_element (plans, 0));
          b = tk_rules_json_to_string (json_array_get_object_element (plans, 1));
          c = tk_rules_json_to_string (json_array_get_object_element (plans, 2));
          g_assert_cmpstr (a, !=, b);
          g_assert_cmpstr (c, !=, a);
          g_assert_cmpstr (c, !=, b);
          state = rules->state_new (again, &error);
          g_assert_no_error (error);
          rules->state_free (state);
        }
    }
    state = rules->state_new (setup, &error);
    g_assert_no_error (error);
    g_assert_nonnull (state);
    rules->state_free (state);
  }

  /* intermediate with an advanced plan n°1, three players and the draft */
  {
    g_autoptr(JsonObject) setup = rules->default_setup (3);
    GtkWidget *plan_row = find_named (options, "plan-row-1");
    GListModel *model;
    guint advanced = G_MAXUINT;
    JsonArray *plans;
    gpointer state;

    tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 3);
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "variant-row")), 1);
    gtk_switch_set_active (GTK_SWITCH (find_named (options, "draft-switch")), TRUE);
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "temp-ranking-row")), 1);
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "bis-fence-row")), 1);
    g_assert_true (gtk_widget_get_visible (find_named (options, "plan-houses-row")));
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "plan-houses-row")), 1);
    model = adw_combo_row_get_model (ADW_COMBO_ROW (plan_row));
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        const char *item = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

        if (g_str_has_prefix (item, "Every house of street 3"))
          advanced = i;
      }
    g_assert_cmpuint (advanced, !=, G_MAXUINT);
    adw_combo_row_set_selected (ADW_COMBO_ROW (plan_row), advanced);
    /* n°3: "Random" is the last item */
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "plan-row-3")),
                                g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (find_named (options, "plan-row-3")))) - 1);
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
    g_assert_no_error (error);
    g_assert_false (json_object_get_boolean_member (setup, "solo"));
    g_assert_true (json_object_get_boolean_member (setup, "draft"));
    g_assert_cmpstr (json_object_get_string_member (setup, "variant"), ==, "intermediate");
    g_assert_cmpstr (json_object_get_string_member (setup, "temp_ranking"), ==, "competition");
    g_assert_cmpstr (json_object_get_string_member (setup, "bis_fence"), ==, "never");
    g_assert_cmpstr (json_object_get_string_member (setup, "plan_houses"), ==, "reference");
    plans = json_object_get_array_member (setup, "plans");
    g_assert_cmpuint (json_array_get_length (plans), ==, 3);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (plans, 0), "kind"),
                     ==, "street_full");
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, 0), "street"),
                     ==, 3);
    for (guint p = 0; p < 3; p++)
      g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, p), "number"),
                       ==, p + 1);
    state = rules->state_new (setup, &error);
    g_assert_no_error (error);
    g_assert_nonnull (state);
    rules->state_free (state);

    /* in a phone-sized dialog the rows fit (long plan names ellipsize, not widen) */
    {
      GtkWindow *window = GTK_WINDOW (adw_window_new ());
      GtkWidget *page = adw_preferences_page_new ();
      int minimum = 0;

      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (options));
      gtk_window_set_default_size (window, 360, 720);
      adw_window_set_content (ADW_WINDOW (window), page);
      gtk_window_present (window);
      tk_test_settle ();
      gtk_widget_measure (options, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      g_assert_cmpint (minimum, <=, 360 - 24);
      save_shot (GTK_WIDGET (window), "options");
      adw_preferences_page_remove (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (options));
      gtk_window_destroy (window);
    }

    /* back to basic: the advanced cards are no longer offered, the setup stays valid */
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "variant-row")), 0);
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (setup, "plans"), 0), "kind"),
                     ==, "estates");
    state = rules->state_new (setup, &error);
    g_assert_no_error (error);
    rules->state_free (state);
  }
  g_object_unref (options);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* GTK's test accessibility backend (no bus needed), read when the first widget is made:
   * the houses' accessible names are checked */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_add ("/panel/welcome-to/narrow", Fixture, &narrow_config, fixture_set_up,
              test_panel_narrow, fixture_tear_down);
  g_test_add_func ("/panel/welcome-to/options", test_options);
  return tk_test_run ();
}
