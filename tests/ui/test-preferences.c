/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-preferences.c — Preferences → Library: Open Another Library… and New Library… as a
 * user meets them (the row, then the file chooser's answer), at 360 px: the app switches to
 * the file chosen, the old library is closed cleanly and left as it was, and a file that
 * cannot be used (not a library, already there for New…) changes nothing.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory.
 */
#define G_LOG_DOMAIN "test-preferences"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "generic/tk-generic-rules.h"
#include "tk-application.h"
#include "tk-catalog.h"
#include "tk-rules.h"
#include "tk-preferences-window.h"
#include "tk-session-view.h"
#include "tk-session.h"
#include "tk-table-page.h"
#include "tk-window.h"
#include "tk-test-library-env.h"
#include "tk-test-utils.h"

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* Activates the row titled @title as a click does and checks that it asks for a file the
 * right way (open an existing one, or save a new one); then gives the window the file the
 * user picks there, as the chooser's answer does (the system file chooser itself cannot be
 * driven from a test). */
static void
choose_in_row (TkPreferencesWindow *preferences,
               const char          *title,
               const char          *path)
{
  GtkWidget *row = tk_test_find_widget (GTK_WIDGET (preferences), is_row_titled, title);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gboolean create = g_str_has_prefix (title, "New");
  GtkFileChooser *chooser;

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_signal_emit_by_name (row, "activate");
  WAIT_FOR ((chooser = tk_preferences_window_get_chooser (preferences)) != NULL);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==,
                   create ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN);
  gtk_native_dialog_hide (GTK_NATIVE_DIALOG (chooser));
  tk_preferences_window_choose_library (preferences, file, create);
  tk_test_settle ();
}

/* The dialog that says why a library was refused. */
static AdwMessageDialog *
wait_refused (void)
{
  AdwMessageDialog *dialog = NULL;

  WAIT_FOR ((dialog = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL &&
            g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), "library-refused") == 0);
  return dialog;
}

static guint
open_sessions_shown (TkTestFixture *fixture)
{
  GtkWidget *window = GTK_WIDGET (tk_application_get_main_window (fixture->app));
  TkTablePage *page = TK_TABLE_PAGE (tk_test_find_descendant (window, TK_TYPE_TABLE_PAGE));
  GListModel *model = tk_table_page_get_model (page);

  return model != NULL ? g_list_model_get_n_items (model) : 0;
}

static char *
file_digest (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

static void
test_switch_library (TkTestFixture *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(JsonObject) setup = json_object_new ();
  g_autoptr(JsonArray) players = json_array_new ();
  g_autofree char *other = g_build_filename (fixture->dir, "other.db", NULL);
  g_autofree char *fresh = g_build_filename (fixture->dir, "fresh.db", NULL);
  g_autofree char *junk = g_build_filename (fixture->dir, "notes.db", NULL);
  g_autofree char *first_wal = g_strconcat (fixture->db_path, "-wal", NULL);
  g_autofree char *junk_before = NULL, *junk_after = NULL;
  TkPreferencesWindow *preferences;
  TkTablePage *table;
  TkStore *first;
  GtkWidget *window;
  int minimum = 0;

  /* Another library with nothing at the table, made beforehand. */
  {
    g_autoptr(TkStore) store = tk_store_open (other, &error);

    g_assert_no_error (error);
    tk_store_close (store);
  }
  g_assert_true (g_file_set_contents (junk, "my shopping list\n", -1, NULL));
  junk_before = file_digest (junk);

  tk_test_start_app (fixture);
  window = GTK_WIDGET (tk_application_get_main_window (fixture->app));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  WAIT_FOR (gtk_widget_get_mapped (window));
  first = tk_application_get_store (fixture->app);
  g_assert_nonnull (first);
  g_object_add_weak_pointer (G_OBJECT (first), (gpointer *) &first);
  /* The catalog's first load works on a connection of its own in a worker; it is over
   * before the library is switched, so that the first library's journal is folded back
   * when it closes (not when the worker lets go of it a moment later). */
  WAIT_FOR (tk_catalog_get_loaded_version (first) >= tk_catalog_get_bundled_version ());

  /* A game at the table in the first library. */
  json_array_add_object_element (players, json_object_new ());
  json_object_set_string_member (json_array_get_object_element (players, 0), "name", "Ana");
  json_object_set_array_member (setup, "players", json_array_ref (players));
  tk_games_register_all ();
  session = tk_session_start (first, TK_GENERIC_RULES_ID, 0, "Kitchen game", setup, &error);
  g_assert_no_error (error);
  table = TK_TABLE_PAGE (tk_test_find_descendant (window, TK_TYPE_TABLE_PAGE));
  tk_table_page_reload (table);
  g_assert_cmpuint (open_sessions_shown (fixture), ==, 1);
  /* …open on the table, its timer running, while the library is switched. */
  g_assert_true (tk_table_page_show_session (table, tk_session_get_id (session)));
  g_clear_object (&session);
  WAIT_FOR (tk_session_view_get_session (tk_table_page_get_session_view (table)) != NULL);

  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  WAIT_FOR ((preferences = TK_PREFERENCES_WINDOW (tk_test_find_toplevel (TK_TYPE_PREFERENCES_WINDOW))) != NULL);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)));
  /* The Library group fits a phone (the window's own width is the 360 px test's). */
  gtk_widget_measure (gtk_widget_get_ancestor (tk_test_find_widget (GTK_WIDGET (preferences),
                                                                    is_row_titled,
                                                                    "New Library…"),
                                               ADW_TYPE_PREFERENCES_GROUP),
                      GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_test_message ("Library group: at least %d px", minimum);
  g_assert_cmpint (minimum, <=, 360 - 2 * 12);
  gtk_window_set_default_size (GTK_WINDOW (preferences), 360, 720);
  tk_test_settle ();
  tk_test_save_shot (GTK_WIDGET (preferences), "preferences-360");

  /* Turn Clock → Sound at a Limit: off by default; a tap on the row turns it on and off. */
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);
    GtkWidget *row = tk_test_find_widget (GTK_WIDGET (preferences), is_row_titled,
                                          "Sound at a _Limit");

    g_assert_nonnull (row);
    g_assert_false (g_settings_get_boolean (settings, "clock-sound"));
    /* what a click or Enter on the row does (the switch slides over, then holds the key) */
    adw_action_row_activate (ADW_ACTION_ROW (row));
    WAIT_FOR (g_settings_get_boolean (settings, "clock-sound"));
    adw_action_row_activate (ADW_ACTION_ROW (row));
    WAIT_FOR (!g_settings_get_boolean (settings, "clock-sound"));
  }

  /* Open… a file that is not a library: refused with the whole reason in a dialog, nothing
   * changes, the file is untouched. */
  choose_in_row (preferences, "Open Another Library…", junk);
  {
    AdwMessageDialog *refused = wait_refused ();

    g_assert_true (strlen (adw_message_dialog_get_body (refused)) > 20);
    adw_message_dialog_response (refused, "close");
    gtk_window_destroy (GTK_WINDOW (refused));
    tk_test_settle ();
  }
  g_assert_true (tk_application_get_store (fixture->app) == first);
  g_assert_cmpstr (tk_preferences_window_get_library_path (preferences), ==, fixture->db_path);
  junk_after = file_digest (junk);
  g_assert_cmpstr (junk_before, ==, junk_after);

  /* Open… the other library: the app uses it, the first one is closed (its journal folded
   * back) and keeps its session. */
  choose_in_row (preferences, "Open Another Library…", other);
  g_assert_cmpstr (tk_store_get_path (tk_application_get_store (fixture->app)), ==, other);
  g_assert_cmpstr (tk_application_get_library_path (fixture->app), ==, other);
  g_assert_cmpstr (tk_preferences_window_get_library_path (preferences), ==, other);
  g_assert_cmpuint (open_sessions_shown (fixture), ==, 0);
  g_assert_null (tk_session_view_get_session (tk_table_page_get_session_view (table)));
  g_assert_false (g_file_test (first_wal, G_FILE_TEST_EXISTS));
  {
    g_autoptr(TkStore) again = tk_store_open (fixture->db_path, &error);
    g_autoptr(GListModel) sessions = NULL;

    g_assert_no_error (error);
    sessions = tk_session_list_open (again, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, 1);
    tk_store_close (again);
  }

  /* New… over an existing file: refused; that file is not written. */
  choose_in_row (preferences, "New Library…", fixture->db_path);
  {
    AdwMessageDialog *refused = wait_refused ();

    adw_message_dialog_response (refused, "close");
    gtk_window_destroy (GTK_WINDOW (refused));
    tk_test_settle ();
  }
  g_assert_cmpstr (tk_store_get_path (tk_application_get_store (fixture->app)), ==, other);

  /* Open… an empty file: it becomes a library, and Preferences says so. */
  {
    g_autofree char *empty = g_build_filename (fixture->dir, "empty.db", NULL);
    g_autofree char *said = g_strdup_printf (_("“%s” was an empty file; it is now a new library"),
                                             "empty.db");

    g_assert_true (g_file_set_contents (empty, "", 0, NULL));
    choose_in_row (preferences, "Open Another Library…", empty);
    g_assert_cmpstr (tk_store_get_path (tk_application_get_store (fixture->app)), ==, empty);
    WAIT_FOR (tk_test_find_label (GTK_WIDGET (preferences), said) != NULL);
  }

  /* New… a fresh file: an empty library there, in use. */
  choose_in_row (preferences, "New Library…", fresh);
  g_assert_cmpstr (tk_store_get_path (tk_application_get_store (fixture->app)), ==, fresh);
  g_assert_true (g_file_test (fresh, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (open_sessions_shown (fixture), ==, 0);
  g_assert_cmpstr (tk_preferences_window_get_library_path (preferences), ==, fresh);
  /* Closed before the fixture destroys every toplevel (the file chooser's own among them). */
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* Open… a library on a read-only disk: the dialog offers to open it read-only or to copy it
 * into the user's folder and open the copy, as at start-up; the original is left as it was. */
static void
test_read_only_library (TkTestFixture *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *ro_dir = g_build_filename (fixture->dir, "stick", NULL);
  g_autofree char *ro_path = g_build_filename (ro_dir, "club.db", NULL);
  g_autofree char *before = NULL, *after = NULL;
  g_autofree char *why = NULL;
  TkPreferencesWindow *preferences;
  AdwMessageDialog *refused;
  TkStore *store;

  g_assert_cmpint (g_mkdir_with_parents (ro_dir, 0700), ==, 0);
  {
    g_autoptr(TkStore) made = tk_store_open (ro_path, &error);

    g_assert_no_error (error);
    tk_store_close (made);
  }
  before = file_digest (ro_path);
  if (!tk_test_make_read_only (ro_dir, &why))
    {
      g_test_skip (why);
      return;
    }

  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  WAIT_FOR ((preferences = TK_PREFERENCES_WINDOW (tk_test_find_toplevel (TK_TYPE_PREFERENCES_WINDOW))) != NULL);
  gtk_window_set_default_size (GTK_WINDOW (preferences), 360, 720);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)));

  /* Open Read-Only */
  choose_in_row (preferences, "Open Another Library…", ro_path);
  refused = wait_refused ();
  tk_test_save_shot (GTK_WIDGET (refused), "preferences-read-only-refused");
  adw_message_dialog_response (refused, "read-only");
  gtk_window_destroy (GTK_WINDOW (refused));
  tk_test_settle ();
  store = tk_application_get_store (fixture->app);
  g_assert_cmpstr (tk_store_get_path (store), ==, ro_path);
  g_assert_true (tk_store_is_read_only (store));

  /* Copy and Open, from the other library again */
  choose_in_row (preferences, "Open Another Library…", fixture->db_path);
  g_assert_cmpstr (tk_store_get_path (tk_application_get_store (fixture->app)), ==, fixture->db_path);
  choose_in_row (preferences, "Open Another Library…", ro_path);
  refused = wait_refused ();
  adw_message_dialog_response (refused, "copy");
  gtk_window_destroy (GTK_WINDOW (refused));
  tk_test_settle ();
  store = tk_application_get_store (fixture->app);
  g_assert_false (tk_store_is_read_only (store));
  g_assert_true (g_str_has_prefix (tk_store_get_path (store), g_get_user_data_dir ()));
  g_assert_true (g_str_has_suffix (tk_store_get_path (store), "club-copy.db"));

  after = file_digest (ro_path);
  g_assert_cmpstr (before, ==, after);
  gtk_window_destroy (GTK_WINDOW (preferences));
  tk_test_make_writable (ro_dir);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  TK_TEST_ADD ("/preferences/switch-library", tk_test_fixture_set_up, test_switch_library);
  TK_TEST_ADD ("/preferences/read-only-library", tk_test_fixture_set_up, test_read_only_library);
  return tk_test_run ();
}
