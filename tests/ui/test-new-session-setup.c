/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-new-session-setup.c — the setup JSON the New Session dialog writes for each game with
 * options, byte for byte: the dialog at a phone's width, the game chosen, the seats added,
 * each option changed on its own widget, Start pressed; the started session's setup is
 * compared with tests/fixtures/new-session/<case>.json (<case>-ja.json in Japanese for City
 * Plan, whose shipped cards carry their names in the player's language).
 *
 * The expected files were written by the options as they were built by hand in C, before they
 * became templates of shared rows: the same choices must still make the same setup.  Run
 * with TK_TEST_WRITE_SETUP=1 to write the files again (only on purpose: a changed setup is a
 * changed session file).  Every number, switch and text field of the options has an accessible
 * name, and the options fit a phone's 360 px.  The -ja twin proves the rest of the setup does not depend on the
 * language.  TK_TEST_HOLD_S=N keeps each dialog open N seconds before Start, scrolled to the
 * options (and with TK_TEST_EXPAND, every expander row open), for a screenshot taken from
 * outside.
 */
#define G_LOG_DOMAIN "test-new-session-setup"

#include "config.h"

#include <adwaita.h>

#include "tk-catalog.h"
#include "tk-game-panel.h"
#include "tk-new-session-dialog.h"
#include "tk-test-utils.h"

typedef void (*Choose) (GtkWidget *dialog);

typedef struct
{
  const char *name;          /* the expected file, and the shot */
  const char *catalog_key;
  guint       n_players;
  Choose      choose;        /* NULL: the defaults */
  gboolean    translated;    /* the setup holds translated text: a file per language */
} Case;

static void
spin (GtkWidget  *dialog,
      const char *name,
      double      value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_named (dialog, name)), value);
}

static void
choose (GtkWidget  *dialog,
        const char *name,
        guint       item)
{
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_named (dialog, name)), item);
}

static void
toggle (GtkWidget  *dialog,
        const char *name,
        gboolean    on)
{
  gtk_switch_set_active (GTK_SWITCH (tk_test_find_named (dialog, name)), on);
}

static void
type_text (GtkWidget  *dialog,
           const char *name,
           const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (tk_test_find_named (dialog, name)), text);
}

static void
choose_agora (GtkWidget *dialog)
{
  spin (dialog, "agora-start-money", -15);
  spin (dialog, "agora-goal", 60);
  choose (dialog, "agora-goal-rule", 1);
  spin (dialog, "agora-per-letter", 5);
  choose (dialog, "agora-letter-0", 2);
  choose (dialog, "agora-letter-1", 3);
  choose (dialog, "agora-letter-2", 0);
}

static void
choose_city_plan (GtkWidget *dialog)
{
  spin (dialog, "cp-opt-start_hand", 6);
  spin (dialog, "cp-opt-deck_size", 90);
  spin (dialog, "cp-opt-end_buildings", 9);
  spin (dialog, "cp-opt-hand_limit", 7);
  spin (dialog, "cp-opt-eco", 1);
  spin (dialog, "cp-opt-subsidy_cards", 3);
  spin (dialog, "cp-opt-first-seat", 2);
  choose (dialog, "cp-opt-income-draws", 1);
  /* the card table: one card added and edited, a count bonus changed, one card removed */
  g_signal_emit_by_name (tk_test_find_named (dialog, "cp-opt-add-card"), "clicked");
  type_text (dialog, "cp-opt-card-card-18-name", "Park");
  choose (dialog, "cp-opt-card-card-18-type", 1);
  spin (dialog, "cp-opt-card-card-18-cost", 2);
  spin (dialog, "cp-opt-card-card-18-points", -1);
  toggle (dialog, "cp-opt-card-card-18-eco", TRUE);
  toggle (dialog, "cp-opt-card-card-18-checked", FALSE);
  spin (dialog, "cp-opt-card-police_box-amount", 2);
  spin (dialog, "cp-opt-card-police_box-max_points", 6);
  g_signal_emit_by_name (tk_test_find_named (dialog, "cp-opt-card-city_hall-remove"), "clicked");
}

static void
choose_metromania (GtkWidget *dialog)
{
  choose (dialog, "time-unit", 1);
  toggle (dialog, "enter-finished-board", TRUE);
  toggle (dialog, "bga-variant", TRUE);
  spin (dialog, "change_cost", 4);
  spin (dialog, "lake_park_points", 7);
  spin (dialog, "stations", 25);
  spin (dialog, "end_lines", 4);
}

static void
choose_metropolis (GtkWidget *dialog)
{
  choose (dialog, "metropolis-deeds", 1);
  choose (dialog, "metropolis-first", 2);
  choose (dialog, "metropolis-board-size", 2);
  choose (dialog, "metropolis-printed", 1);
  toggle (dialog, "metropolis-coins-to-prestige", FALSE);
  type_text (dialog, "metropolis-market_prices", "1, 2, 3, 5, 7, 9");
  type_text (dialog, "metropolis-population_bonus", "3 6 9");
  type_text (dialog, "metropolis-lot_markers", "7");
  spin (dialog, "metropolis-tile-C", 5);
  spin (dialog, "metropolis-tile-G-prestige", 3);
  spin (dialog, "metropolis-tile-R", 2);
}

static void
choose_welcome_to (GtkWidget *dialog)
{
  choose (dialog, "variant-row", 1);
  toggle (dialog, "draft-switch", TRUE);
  choose (dialog, "pass-row", 2);
  choose (dialog, "plan-row-1", 1);
  choose (dialog, "plan-row-2", 2);
  choose (dialog, "temp-ranking-row", 1);
  choose (dialog, "bis-fence-row", 1);
  choose (dialog, "plan-houses-row", 1);
}

/* Solo: every card in every row, Random by default; three cards picked by hand instead. */
static void
choose_welcome_to_solo (GtkWidget *dialog)
{
  choose (dialog, "plan-row-1", 0);
  choose (dialog, "plan-row-2", 4);
  choose (dialog, "plan-row-3", 8);
}

static const Case cases[] = {
  { "agora-defaults", "tk:agora", 2, NULL },
  { "agora-chosen", "tk:agora", 3, choose_agora },
  { "city-plan-defaults", "tk:city-plan", 2, NULL, TRUE },
  { "city-plan-chosen", "tk:city-plan", 3, choose_city_plan, TRUE },
  { "metromania-defaults", "bgg:23908", 2, NULL },
  { "metromania-chosen", "bgg:23908", 3, choose_metromania },
  { "metropolis-defaults", "tk:foundations-of-metropolis", 2, NULL },
  { "metropolis-chosen", "tk:foundations-of-metropolis", 3, choose_metropolis },
  { "welcome-to-defaults", "bgg:233867", 2, NULL },
  { "welcome-to-chosen", "bgg:233867", 4, choose_welcome_to },
  { "welcome-to-solo", "bgg:233867", 1, choose_welcome_to_solo },
};

/* Every number, switch and text field the options show (also in closed expander rows) has a
 * name a screen reader reads; the combo rows are named by their title. */
static void
assert_controls_named (GtkWidget *widget)
{
  /* (an expander row holds a hidden switch of its own) */
  if (!gtk_widget_get_visible (widget))
    return;
  if ((GTK_IS_SPIN_BUTTON (widget) || GTK_IS_SWITCH (widget) || GTK_IS_ENTRY (widget)) &&
      !gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    g_error ("the %s named %s has no accessible name", G_OBJECT_TYPE_NAME (widget),
             gtk_widget_get_name (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_controls_named (child);
}

static void
expand_all (GtkWidget *widget)
{
  if (ADW_IS_EXPANDER_ROW (widget))
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (widget), TRUE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    expand_all (child);
}

/* Scrolls the dialog's page so that the game's options start at its top. */
static void
show_options (GtkWidget *dialog)
{
  GtkWidget *options = tk_test_find_descendant (dialog, TK_TYPE_SETUP_OPTIONS);
  GtkWidget *scroller = gtk_widget_get_ancestor (options, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_point_t top;

  g_assert_true (gtk_widget_compute_point (options, scroller, &GRAPHENE_POINT_INIT (0, 0), &top));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + top.y);
  tk_test_settle ();
}

static void
on_started (TkNewSessionDialog *dialog,
            TkSession          *session,
            char              **out)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, tk_session_get_setup (session));
  *out = json_to_string (node, TRUE);
}

static void
test_setup (gconstpointer data)
{
  const Case *c = data;
  const char *names[] = { "Ana", "Ben", "Cleo", "Dan" };
  const char *colours[] = { "#e01b24", "#3584e4", "#33d17a", "#f6d32d" };
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autofree char *setup = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "new-session", NULL);
  g_autofree char *file = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *shot = g_strdup_printf ("new-session-setup-%s", c->name);
  TkNewSessionDialog *dialog;
  int minimum;

  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (store, NULL, &error));
  g_assert_no_error (error);
  dialog = tk_new_session_dialog_new (NULL, store);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 360, 720);
  gtk_window_present (GTK_WINDOW (dialog));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  tk_new_session_dialog_set_game (dialog, tk_test_catalog_game_id (store, c->catalog_key), "Game");
  for (guint i = 0; i < c->n_players; i++)
    {
      g_assert_true (tk_new_session_dialog_add_player (dialog, names[i], colours[i], &error));
      g_assert_no_error (error);
    }
  tk_test_settle ();
  if (c->choose != NULL)
    c->choose (GTK_WIDGET (dialog));
  tk_test_settle ();
  show_options (GTK_WIDGET (dialog));
  assert_controls_named (tk_test_find_descendant (GTK_WIDGET (dialog), TK_TYPE_SETUP_OPTIONS));
  /* the options fit a phone */
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
  tk_test_save_shot (GTK_WIDGET (dialog), shot);
  if (g_getenv ("TK_TEST_HOLD_S") != NULL)
    {
      gint64 end = g_get_monotonic_time () + g_ascii_strtoll (g_getenv ("TK_TEST_HOLD_S"), NULL, 10) * G_USEC_PER_SEC;

      /* TK_TEST_EXPAND: the expander rows open too */
      if (g_getenv ("TK_TEST_EXPAND") != NULL)
        expand_all (tk_test_find_descendant (GTK_WIDGET (dialog), TK_TYPE_SETUP_OPTIONS));
      /* the window is resized from outside meanwhile: the options stay at the top */
      while (g_get_monotonic_time () < end)
        {
          show_options (GTK_WIDGET (dialog));
          g_usleep (100000);
        }
    }

  g_signal_connect (dialog, "started", G_CALLBACK (on_started), &setup);
  gtk_widget_activate (tk_test_find_widget (GTK_WIDGET (dialog), tk_test_has_action,
                                            "new-session.start"));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG) == NULL);
  g_assert_nonnull (setup);

  file = g_strdup_printf ("%s%s%s%s.json", path, G_DIR_SEPARATOR_S, c->name,
                          c->translated && g_str_has_prefix (g_getenv ("LANGUAGE") ?: "", "ja")
                          ? "-ja" : "");
  if (g_getenv ("TK_TEST_WRITE_SETUP") != NULL)
    {
      g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
      g_assert_true (g_file_set_contents (file, setup, -1, &error));
      g_assert_no_error (error);
    }
  g_assert_true (g_file_get_contents (file, &expected, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (setup, ==, expected);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* accessible properties are kept for the names to be checked (none would keep nothing) */
  g_setenv ("GTK_A11Y", "test", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/new-session/setup/%s", cases[i].name);

      g_test_add_data_func (test_path, &cases[i], test_setup);
    }
  return tk_test_run ();
}
