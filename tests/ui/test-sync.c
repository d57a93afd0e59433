/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync.c — Preferences → Sync as a user meets it, at 360 px and wide: the folder set
 * through its row (the chooser's answer given as test-preferences.c does), this device's
 * name; a second library syncing into the same folder with the CLI; the app picks up the
 * other device's rating by itself (the folder's monitor, a pass in a worker) while the main
 * loop keeps turning, lists both devices, and writes its own change a few seconds after it
 * is made; a cut-short file listed with its reason.  A pass at start and when the window
 * gets the focus; a library held by another writer tried again, not failed.  And a library
 * file inside a synced folder (`.stfolder`) refused, when the folder is chosen and at start,
 * with the reason and no file written.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory; also in Japanese.
 */
#define G_LOG_DOMAIN "test-sync"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tk-application.h"
#include "tk-collection.h"
#include "tk-game.h"
#include "tk-preferences-window.h"
#include "tk-sync-log.h"
#include "tk-sync-preferences.h"
#include "tk-sync-service.h"
#include "tk-test-utils.h"

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_visible (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static char *
run_cli (const char *library,
         const char *args)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cli = g_build_filename (g_getenv ("TK_TEST_BUILDDIR"), "..", "src", "cli",
                                           "tablekeeper-cli", NULL);
  g_autofree char *command = g_strdup_printf ("%s --db '%s' %s", cli, library, args);
  g_autofree char *err = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_command_line_sync (command, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", command, err);
  return out;
}

static TkPreferencesWindow *
open_preferences (TkTestFixture *fixture,
                  int            width)
{
  TkPreferencesWindow *preferences;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  WAIT_FOR ((preferences = TK_PREFERENCES_WINDOW (tk_test_find_toplevel (TK_TYPE_PREFERENCES_WINDOW))) != NULL);
  gtk_window_set_default_size (GTK_WINDOW (preferences), width, 900);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)));
  return preferences;
}

/* Activates Sync Folder as a click does, checks that it asks for a folder, then gives the
 * group the folder the user picks there (the system chooser cannot be driven by a test). */
static void
choose_sync_folder (TkPreferencesWindow *preferences,
                    const char          *path)
{
  TkSyncPreferences *group = tk_preferences_window_get_sync_preferences (preferences);
  GtkWidget *row = tk_test_find_widget (GTK_WIDGET (group), is_row_titled, _("Sync Folder"));
  g_autoptr(GFile) folder = g_file_new_for_path (path);
  GtkFileChooser *chooser;

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_signal_emit_by_name (row, "activate");
  WAIT_FOR ((chooser = tk_sync_preferences_get_chooser (group)) != NULL);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==,
                   GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
  gtk_native_dialog_hide (GTK_NATIVE_DIALOG (chooser));
  tk_sync_preferences_choose_folder (group, folder);
  tk_test_settle ();
}

static gint64
app_rating (TkTestFixture *fixture,
            gint64         game_id)
{
  TkStore *store = tk_application_get_store (fixture->app);
  g_autofree char *sql = g_strdup_printf ("SELECT rating FROM collection WHERE game_id = %"
                                          G_GINT64_FORMAT, game_id);

  return tk_store_query_int (store, sql, -1, NULL);
}

static gboolean
has_device_row (GtkWidget  *group,
                const char *name)
{
  GtkWidget *row = tk_test_find_widget (group, is_row_titled, name);

  return row != NULL && g_strcmp0 (gtk_widget_get_name (row), "sync-device") == 0;
}

static void
on_library_changed (TkSyncService *service,
                    guint         *count)
{
  (*count)++;
}

/* The longest time the main loop went without turning while @cond was awaited. */
#define WAIT_FOR_RESPONSIVE(cond, longest) \
  G_STMT_START { \
    gint64 last_ = g_get_monotonic_time (); \
    WAIT_FOR ((longest = MAX (longest, g_get_monotonic_time () - last_), \
               last_ = g_get_monotonic_time (), (cond))); \
  } G_STMT_END

static void
test_two_devices (TkTestFixture *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (fixture->dir, "Sync", NULL);
  g_autofree char *other = g_build_filename (fixture->dir, "laptop", "library.db", NULL);
  g_autofree char *other_dir = g_path_get_dirname (other);
  g_autofree char *game_uid = NULL;
  g_autofree char *args = NULL;
  g_autofree char *out = NULL;
  TkPreferencesWindow *preferences;
  TkSyncService *service;
  GtkWidget *group;
  GtkWidget *name_row;
  gint64 game_id;
  gint64 longest = 0;
  guint passes;
  guint changed = 0;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (other_dir, 0700), ==, 0);

  /* This device's library: one game of the user's own. */
  {
    g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
    g_autoptr(TkCollection) collection = NULL;
    g_autoptr(TkGame) game = tk_game_new ("Kitchen Table Game");

    g_assert_no_error (error);
    collection = tk_collection_new (store);
    game_id = tk_collection_add_game (collection, game, &error);
    g_assert_no_error (error);
    g_assert_cmpint (game_id, >, 0);
    tk_store_close (store);
  }

  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  g_signal_connect (service, "library-changed", G_CALLBACK (on_library_changed), &changed);
  g_assert_null (tk_sync_service_get_folder (service));
  game_uid = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);

  preferences = open_preferences (fixture, 360);
  group = GTK_WIDGET (tk_preferences_window_get_sync_preferences (preferences));
  g_assert_true (gtk_widget_get_mapped (group));

  /* This device's name, typed and applied. */
  name_row = tk_test_find_widget (group, is_row_titled, _("This Device’s Name"));
  g_assert_true (ADW_IS_ENTRY_ROW (name_row));
  gtk_editable_set_text (GTK_EDITABLE (name_row), "Phone");
  g_signal_emit_by_name (name_row, "apply");

  /* The folder: the first pass writes this library into it. */
  choose_sync_folder (preferences, folder);
  g_assert_nonnull (tk_sync_service_get_folder (service));
  WAIT_FOR (tk_sync_service_get_n_passes (service) >= 1 && !tk_sync_service_get_running (service));
  g_assert_null (tk_sync_service_get_error (service));
  WAIT_FOR (has_device_row (group, "Phone"));

  /* The laptop joins with the CLI, rates the game and syncs again. */
  args = g_strdup_printf ("sync '%s' --device-name Laptop", folder);
  g_free (run_cli (other, args));
  g_clear_pointer (&args, g_free);
  {
    g_autofree char *uid_sql = g_strdup_printf ("SELECT uid FROM games WHERE id = %"
                                                G_GINT64_FORMAT, game_id);
    sqlite3_stmt *stmt = tk_store_prepare (tk_application_get_store (fixture->app), uid_sql,
                                           &error);

    g_assert_no_error (error);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_free (game_uid);
    game_uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    sqlite3_reset (stmt);
  }
  args = g_strdup_printf ("collection set '%s' --rating 9", game_uid);
  g_free (run_cli (other, args));
  g_clear_pointer (&args, g_free);
  g_assert_cmpint (app_rating (fixture, game_id), !=, 9);
  passes = tk_sync_service_get_n_passes (service);
  args = g_strdup_printf ("sync '%s'", folder);
  g_free (run_cli (other, args));

  /* Nobody asks: the folder's monitor starts a pass, the rating arrives, the pages are told,
   * and the main loop turned all along. */
  WAIT_FOR_RESPONSIVE (app_rating (fixture, game_id) == 9, longest);
  /* (the pass's fold is committed a moment before its end is told on the main loop) */
  WAIT_FOR (tk_sync_service_get_n_passes (service) > passes && changed > 0);
  g_test_message ("longest main-loop stall while syncing: %" G_GINT64_FORMAT " µs", longest);
  g_assert_cmpint (longest, <, 1000 * 1000);

  /* Both devices listed, each with how current it is. */
  WAIT_FOR (has_device_row (group, "Laptop") && has_device_row (group, "Phone"));
  {
    GtkWidget *laptop = tk_test_find_widget (group, is_row_titled, "Laptop");
    GtkWidget *phone = tk_test_find_widget (group, is_row_titled, "Phone");

    /* "Up to date, last change just now" (when the laptop last wrote) */
    g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (laptop)),
                                     _("Up to date")));
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (laptop)),
                              _("just now")));
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (phone)), ==, _("This device"));
  }
  {
    const char *language = g_getenv ("LANGUAGE");
    g_autofree char *narrow = g_strdup_printf ("sync-360-%s", language != NULL ? language : "C");
    g_autofree char *wide = g_strdup_printf ("sync-wide-%s", language != NULL ? language : "C");
    int minimum = 0;

    /* The group fits a phone. */
    gtk_widget_measure (group, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_test_message ("Sync group: at least %d px", minimum);
    g_assert_cmpint (minimum, <=, 360 - 2 * 12);
    tk_test_settle ();
    tk_test_save_shot (group, narrow);
    gtk_window_set_default_size (GTK_WINDOW (preferences), 900, 1100);
    tk_test_settle ();
    tk_test_save_shot (group, wide);
  }

  /* A file of the laptop's that arrives cut short: listed with the reason, and the laptop is
   * no longer up to date (its changes up to 100 are in the folder, not all read). */
  {
    GPtrArray *devices = tk_sync_service_get_devices (service);
    g_autofree char *library = tk_sync_log_library_uid (tk_application_get_store (fixture->app),
                                                        &error);
    g_autofree char *cut = NULL;
    const char *laptop_uid = NULL;
    GtkWidget *laptop;
    GtkWidget *skipped;

    g_assert_no_error (error);
    for (guint i = 0; i < devices->len; i++)
      if (!((TkSyncDevice *) devices->pdata[i])->this_device)
        laptop_uid = ((TkSyncDevice *) devices->pdata[i])->uid;
    g_assert_nonnull (laptop_uid);
    cut = g_build_filename (folder, "Tablekeeper", library, "devices", laptop_uid,
                            "ops-000000000090-000000000100.tkops", NULL);
    g_assert_true (g_file_set_contents (cut, "{\"format\":\"tablekeeper-ops\",\"version\":1,", -1,
                                        NULL));
    WAIT_FOR ((skipped = tk_test_find_widget (group, tk_test_has_name, "sync-skipped")) != NULL);
    g_test_message ("skipped: %s — %s",
                    adw_preferences_row_get_title (ADW_PREFERENCES_ROW (skipped)),
                    adw_action_row_get_subtitle (ADW_ACTION_ROW (skipped)));
    g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (skipped)),
                              "ops-000000000090-000000000100.tkops"));
    g_assert_true (strlen (adw_action_row_get_subtitle (ADW_ACTION_ROW (skipped))) > 5);
    laptop = tk_test_find_widget (group, is_row_titled, "Laptop");
    g_assert_false (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (laptop)),
                                      _("Up to date")));
    tk_test_save_shot (group, "sync-skipped-wide");
    /* Gone again (the carrier took it back): no longer listed. */
    g_assert_cmpint (g_unlink (cut), ==, 0);
    WAIT_FOR (tk_test_find_widget (group, tk_test_has_name, "sync-skipped") == NULL);
  }

  /* A change here reaches the folder a few seconds later without being asked for (made
   * while no pass runs, so the next pass to end is one that started after it). */
  WAIT_FOR (!tk_sync_service_get_running (service));
  passes = tk_sync_service_get_n_passes (service);
  {
    TkStore *store = tk_application_get_store (fixture->app);
    g_autoptr(TkCollection) collection = tk_collection_new (store);

    g_assert_true (tk_collection_set_comment (collection, game_id, "Best with four", &error));
    g_assert_no_error (error);
  }
  WAIT_FOR (tk_sync_service_get_n_passes (service) > passes &&
            !tk_sync_service_get_running (service));
  g_free (run_cli (other, args));
  out = run_cli (other, "dump --canonical");
  g_assert_nonnull (strstr (out, "Best with four"));

  /* Sync Now, the button: one more pass. */
  {
    GtkWidget *button = tk_test_find_widget (group, tk_test_has_action, "sync.sync-now");

    g_assert_nonnull (button);
    WAIT_FOR (!tk_sync_service_get_running (service) && gtk_widget_is_sensitive (button));
    passes = tk_sync_service_get_n_passes (service);
    g_signal_emit_by_name (button, "clicked");
    WAIT_FOR (tk_sync_service_get_n_passes (service) > passes);
  }

  /* Stop Syncing: the folder is forgotten, its files stay. */
  {
    GtkWidget *stop = tk_test_find_widget (group, is_row_titled, _("Stop Syncing"));

    g_assert_nonnull (stop);
    g_signal_emit_by_name (stop, "activate");
    tk_test_settle ();
    g_assert_null (tk_sync_service_get_folder (service));
    g_assert_false (has_device_row (group, "Laptop"));
  }
  g_signal_handlers_disconnect_by_data (service, &changed);
  gtk_window_destroy (GTK_WINDOW (preferences));
}

static gboolean
folder_is_empty (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);

  return dir != NULL && g_dir_read_name (dir) == NULL;
}

/* A library file inside a folder Syncthing keeps (it holds `.stfolder`) is refused with the
 * reason: when the sync folder is chosen, and at start when one was set before. */
static void
test_refused (TkTestFixture *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *synced = g_build_filename (fixture->dir, "Synced", NULL);
  g_autofree char *mark = g_build_filename (synced, ".stfolder", NULL);
  g_autofree char *folder = g_build_filename (fixture->dir, "Sync", NULL);
  TkPreferencesWindow *preferences;
  TkSyncService *service;
  GtkWidget *group;
  GtkWidget *refused;

  g_assert_cmpint (g_mkdir_with_parents (mark, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_free (fixture->db_path);
  fixture->db_path = g_build_filename (synced, "library.db", NULL);

  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  preferences = open_preferences (fixture, 360);
  group = GTK_WIDGET (tk_preferences_window_get_sync_preferences (preferences));

  choose_sync_folder (preferences, folder);
  refused = tk_test_find_widget (group, is_row_titled, _("This Library Cannot Be Synced"));
  g_assert_nonnull (refused);
  g_assert_true (gtk_widget_get_mapped (refused));
  g_test_message ("refused: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (refused)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (refused)), synced));
  g_assert_null (tk_sync_service_get_folder (service));
  {
    const char *language = g_getenv ("LANGUAGE");
    g_autofree char *name = g_strdup_printf ("sync-refused-360-%s",
                                             language != NULL ? language : "C");

    tk_test_settle ();
    tk_test_save_shot (group, name);
  }
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* A library that syncs through a folder syncs at start, unasked, and again when its window
 * gets the focus. */
static void
test_at_start (TkTestFixture *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (fixture->dir, "Sync", NULL);
  g_autofree char *mine = g_build_filename (folder, "Tablekeeper", NULL);
  TkSyncService *service;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  {
    g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
    g_autofree char *sql = g_strdup_printf ("INSERT INTO settings (key, value) VALUES ('"
                                            TK_SYNC_SERVICE_FOLDER_KEY "', '%s')", folder);

    g_assert_no_error (error);
    g_assert_true (tk_store_exec (store, sql, &error));
    g_assert_no_error (error);
    tk_store_close (store);
  }
  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  WAIT_FOR (tk_sync_service_get_n_passes (service) >= 1 && !tk_sync_service_get_running (service));
  g_assert_null (tk_sync_service_get_error (service));
  g_assert_true (g_file_test (mine, G_FILE_TEST_IS_DIR));

  /* The main window gets the focus back (another window was in front): one more pass. */
  {
    GtkWindow *window = tk_application_get_main_window (fixture->app);
    GtkWidget *other = gtk_window_new ();
    guint passes;

    WAIT_FOR (gtk_window_is_active (window));
    gtk_window_present (GTK_WINDOW (other));
    WAIT_FOR (!gtk_window_is_active (window));
    /* Quiet first: the passes asked for at start (and by the first focus) are over. */
    do
      {
        passes = tk_sync_service_get_n_passes (service);
        for (int i = 0; i < 10; i++)
          tk_test_settle ();
      }
    while (passes != tk_sync_service_get_n_passes (service) ||
           tk_sync_service_get_running (service));
    gtk_window_destroy (GTK_WINDOW (other));
    gtk_window_present (window);
    WAIT_FOR (tk_sync_service_get_n_passes (service) > passes);
  }
}

/* Another writer holds the library longer than a pass waits (the catalog's first load, a
 * big import in another window): the pass is tried again, not reported as failed. */
static void
test_busy (TkTestFixture *fixture,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) writer = NULL;
  g_autofree char *folder = g_build_filename (fixture->dir, "Sync", NULL);
  TkPreferencesWindow *preferences;
  TkSyncService *service;
  gint64 until;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  preferences = open_preferences (fixture, 360);
  choose_sync_folder (preferences, folder);
  WAIT_FOR (tk_sync_service_get_n_passes (service) >= 1 && !tk_sync_service_get_running (service));
  g_assert_null (tk_sync_service_get_error (service));

  /* Sync Now while another connection holds the write lock for longer than the pass's
   * busy timeout (5 s). */
  writer = tk_store_open (fixture->db_path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_store_begin (writer, &error));
  g_assert_no_error (error);
  g_assert_true (tk_store_exec (writer, "INSERT OR REPLACE INTO settings (key, value)"
                                        " VALUES ('test.busy', '1')", &error));
  tk_sync_service_request (service, 0);
  WAIT_FOR (tk_sync_service_get_running (service));
  until = g_get_monotonic_time () + 6500 * G_TIME_SPAN_MILLISECOND;
  WAIT_FOR (g_get_monotonic_time () > until);
  g_assert_cmpuint (tk_sync_service_get_n_passes (service), ==, 1);
  g_assert_null (tk_sync_service_get_error (service));
  g_assert_true (tk_store_commit (writer, &error));
  g_assert_no_error (error);
  tk_store_close (writer);

  WAIT_FOR (tk_sync_service_get_n_passes (service) >= 2 && !tk_sync_service_get_running (service));
  g_assert_null (tk_sync_service_get_error (service));
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* The folder set before (by an older version, or before the library file was moved into a
 * synced folder): at start the library is refused again, and nothing is written there. */
static void
test_refused_at_start (TkTestFixture *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *synced = g_build_filename (fixture->dir, "Synced", NULL);
  g_autofree char *mark = g_build_filename (synced, ".stfolder", NULL);
  g_autofree char *folder = g_build_filename (fixture->dir, "Sync", NULL);
  TkPreferencesWindow *preferences;
  TkSyncService *service;
  GtkWidget *group;
  GtkWidget *refused;

  g_assert_cmpint (g_mkdir_with_parents (mark, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_free (fixture->db_path);
  fixture->db_path = g_build_filename (synced, "library.db", NULL);
  {
    g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
    g_autofree char *sql = g_strdup_printf ("INSERT INTO settings (key, value) VALUES ('"
                                            TK_SYNC_SERVICE_FOLDER_KEY "', '%s')", folder);

    g_assert_no_error (error);
    g_assert_true (tk_store_exec (store, sql, &error));
    g_assert_no_error (error);
    tk_store_close (store);
  }

  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  g_assert_nonnull (tk_sync_service_get_folder (service));
  WAIT_FOR (tk_sync_service_get_error (service) != NULL);
  g_assert_nonnull (strstr (tk_sync_service_get_error (service), synced));
  preferences = open_preferences (fixture, 360);
  group = GTK_WIDGET (tk_preferences_window_get_sync_preferences (preferences));
  refused = tk_test_find_widget (group, is_row_titled, _("This Library Cannot Be Synced"));
  g_assert_nonnull (refused);
  g_assert_true (gtk_widget_get_mapped (refused));
  /* Sync Now changes nothing. */
  tk_sync_service_request (service, 0);
  tk_test_settle ();
  tk_test_settle ();
  g_assert_cmpuint (tk_sync_service_get_n_passes (service), ==, 0);
  g_assert_true (folder_is_empty (folder));
  gtk_window_destroy (GTK_WINDOW (preferences));
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  TK_TEST_ADD ("/sync/two-devices", tk_test_fixture_set_up_with_catalog, test_two_devices);
  TK_TEST_ADD ("/sync/at-start", tk_test_fixture_set_up_with_catalog, test_at_start);
  TK_TEST_ADD ("/sync/busy", tk_test_fixture_set_up_with_catalog, test_busy);
  TK_TEST_ADD ("/sync/refused", tk_test_fixture_set_up, test_refused);
  TK_TEST_ADD ("/sync/refused-at-start", tk_test_fixture_set_up, test_refused_at_start);
  return tk_test_run ();
}
