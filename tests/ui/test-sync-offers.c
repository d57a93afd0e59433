/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-offers.c — joining as a user meets it.  This device's library and a laptop's,
 * each with a player "Ana" and an own game "Kitchen Table Game" made apart, meet in one sync
 * folder; Preferences offers both ("“Ana” on this device and “Ana” on Laptop may be the same
 * player"), at 360 px and wide; Merge on the player and Keep Both on the game, pressed as
 * buttons, leave one Ana and both games, and no offer.  And each library file has its own
 * sync folder, or none: switching libraries switches the folder.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory; also in Japanese.
 */
#define G_LOG_DOMAIN "test-sync-offers"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "tk-application.h"
#include "tk-collection.h"
#include "tk-game.h"
#include "tk-player.h"
#include "tk-preferences-window.h"
#include "tk-sync-log.h"
#include "tk-sync-offers-group.h"
#include "tk-sync-pass.h"
#include "tk-sync-service.h"
#include "tk-test-utils.h"

/* A library at @path with a player "Ana" and an own game, synced once into @folder as
 * @device (the first makes the library there, the second joins it). */
static void
make_library (const char *path,
              const char *folder,
              const char *device)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (path, &error);
  g_autoptr(TkCollection) collection = NULL;
  g_autoptr(TkGame) game = tk_game_new ("Kitchen Table Game");
  g_autoptr(TkPlayer) player = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(TkSyncPassResult) result = NULL;
  g_autofree char *sql = g_strdup_printf ("INSERT INTO settings (key, value) VALUES ('"
                                          TK_SYNC_SERVICE_FOLDER_KEY "', '%s')", folder);

  g_assert_no_error (error);
  collection = tk_collection_new (store);
  g_assert_cmpint (tk_collection_add_game (collection, game, &error), >, 0);
  g_assert_no_error (error);
  player = tk_players_add (store, "Ana", NULL, &error);
  g_assert_no_error (error);
  result = tk_sync_pass_run (store, file, device, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (tk_store_exec (store, sql, &error));
  g_assert_no_error (error);
  tk_store_close (store);
}

static gint64
count (TkTestFixture *fixture,
       const char    *sql)
{
  return tk_store_query_int (tk_application_get_store (fixture->app), sql, -1, NULL);
}

static GtkWidget *
offer_button (GtkWidget  *group,
              const char *name,
              const char *kind_text)
{
  for (GtkWidget *row = tk_test_find_widget (group, tk_test_has_name, "sync-offer"); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_PREFERENCES_ROW (row) &&
        strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), kind_text) != NULL)
      return tk_test_find_widget (row, tk_test_has_name, name);
  return NULL;
}

static void
test_merge (TkTestFixture *fixture,
            gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (fixture->dir, "Sync", NULL);
  g_autofree char *laptop = g_build_filename (fixture->dir, "laptop.db", NULL);
  g_autofree char *player_text = NULL;
  const char *language = g_getenv ("LANGUAGE");
  TkPreferencesWindow *preferences;
  TkSyncOffersGroup *offers;
  TkSyncService *service;
  GtkWidget *row;
  GtkWidget *button;
  int minimum = 0;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  make_library (laptop, folder, "Laptop");
  make_library (fixture->db_path, folder, "Phone");

  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  /* The pass at start names the devices. */
  WAIT_FOR (tk_sync_service_get_n_passes (service) >= 1 && !tk_sync_service_get_running (service));
  g_assert_null (tk_sync_service_get_error (service));
  g_assert_cmpint (count (fixture, "SELECT count (*) FROM players WHERE name = 'Ana'"), ==, 2);

  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  WAIT_FOR ((preferences = TK_PREFERENCES_WINDOW (tk_test_find_toplevel (TK_TYPE_PREFERENCES_WINDOW))) != NULL);
  gtk_window_set_default_size (GTK_WINDOW (preferences), 360, 900);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)));
  offers = TK_SYNC_OFFERS_GROUP (tk_test_find_descendant (GTK_WIDGET (preferences),
                                                          TK_TYPE_SYNC_OFFERS_GROUP));
  g_assert_nonnull (offers);
  WAIT_FOR (tk_sync_offers_group_get_n_offers (offers) == 2);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (offers)));

  /* One sentence per offer, naming both devices. */
  player_text = g_strdup_printf (_("“%1$s” on %2$s and “%3$s” on %4$s may be the same player."),
                                 "Ana", _("this device"), "Ana", "Laptop");
  row = tk_test_find_widget (GTK_WIDGET (offers), tk_test_has_name, "sync-offer");
  g_assert_nonnull (row);
  g_assert_nonnull (tk_test_find_label (GTK_WIDGET (offers), player_text));

  /* It fits a phone. */
  gtk_widget_measure (GTK_WIDGET (offers), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL,
                      NULL);
  g_test_message ("Possible Duplicates: at least %d px", minimum);
  g_assert_cmpint (minimum, <=, 360 - 2 * 12);
  {
    g_autofree char *narrow = g_strdup_printf ("sync-offers-360-%s",
                                               language != NULL ? language : "C");
    g_autofree char *wide = g_strdup_printf ("sync-offers-wide-%s",
                                             language != NULL ? language : "C");

    tk_test_settle ();
    tk_test_save_shot (GTK_WIDGET (offers), narrow);
    gtk_window_set_default_size (GTK_WINDOW (preferences), 900, 1100);
    tk_test_settle ();
    tk_test_save_shot (GTK_WIDGET (offers), wide);
  }

  /* Merge, on the player's offer. */
  button = offer_button (GTK_WIDGET (offers), "sync-offer-merge", "Ana");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  WAIT_FOR (tk_sync_offers_group_get_n_offers (offers) == 1);
  g_assert_cmpint (count (fixture, "SELECT count (*) FROM players WHERE name = 'Ana'"), ==, 1);
  g_assert_cmpint (count (fixture, "SELECT count (*) FROM sync_ops WHERE kind = 'alias'"), ==, 1);

  /* Keep Both, on the game's. */
  button = offer_button (GTK_WIDGET (offers), "sync-offer-keep-both", "Kitchen Table Game");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  WAIT_FOR (tk_sync_offers_group_get_n_offers (offers) == 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (offers)));
  g_assert_cmpint (count (fixture, "SELECT count (*) FROM games"
                                   " WHERE title = 'Kitchen Table Game'"), ==, 2);
  gtk_window_destroy (GTK_WINDOW (preferences));
}

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static char *
folder_shown (TkPreferencesWindow *preferences)
{
  GtkWidget *group = GTK_WIDGET (tk_preferences_window_get_sync_preferences (preferences));
  GtkWidget *row = tk_test_find_widget (group, is_row_titled, _("Sync Folder"));

  g_assert_nonnull (row);
  return g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
}

/* Each library file keeps its own folder, or none (Preferences → Library switches). */
static void
test_second_library (TkTestFixture *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_build_filename (fixture->dir, "Home", NULL);
  g_autofree char *club = g_build_filename (fixture->dir, "Club", NULL);
  g_autofree char *second = g_build_filename (fixture->dir, "club.db", NULL);
  g_autofree char *shown = NULL;
  g_autoptr(GFile) club_folder = g_file_new_for_path (club);
  TkPreferencesWindow *preferences;
  TkSyncService *service;
  g_autofree char *first_library = NULL;
  g_autofree char *second_library = NULL;

  g_assert_cmpint (g_mkdir_with_parents (home, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (club, 0700), ==, 0);
  {
    g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
    g_autofree char *sql = g_strdup_printf ("INSERT INTO settings (key, value) VALUES ('"
                                            TK_SYNC_SERVICE_FOLDER_KEY "', '%s')", home);

    g_assert_no_error (error);
    g_assert_true (tk_store_exec (store, sql, &error));
    first_library = tk_sync_log_library_uid (store, &error);
    g_assert_no_error (error);
    tk_store_close (store);
  }

  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  WAIT_FOR (tk_sync_service_get_n_passes (service) >= 1 && !tk_sync_service_get_running (service));
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  WAIT_FOR ((preferences = TK_PREFERENCES_WINDOW (tk_test_find_toplevel (TK_TYPE_PREFERENCES_WINDOW))) != NULL);
  gtk_window_set_default_size (GTK_WINDOW (preferences), 360, 900);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)));
  shown = folder_shown (preferences);
  g_assert_nonnull (strstr (shown, "Home"));
  g_clear_pointer (&shown, g_free);

  /* A new library: not syncing, whatever the first one does. */
  g_assert_true (tk_application_switch_library (fixture->app, second, TRUE, &error));
  g_assert_no_error (error);
  tk_test_settle ();
  g_assert_null (tk_sync_service_get_folder (service));
  shown = folder_shown (preferences);
  g_assert_null (strstr (shown, "Home"));
  g_clear_pointer (&shown, g_free);
  /* It gets a folder of its own. */
  g_assert_true (tk_sync_service_set_folder (service, club_folder, &error));
  g_assert_no_error (error);
  WAIT_FOR (!tk_sync_service_get_running (service) && tk_sync_service_get_last_run (service) > 0);
  g_assert_null (tk_sync_service_get_error (service));
  second_library = tk_sync_log_library_uid (tk_application_get_store (fixture->app), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first_library, !=, second_library);

  /* Back to the first: its own folder again; then the second: the club's. */
  g_assert_true (tk_application_switch_library (fixture->app, fixture->db_path, FALSE, &error));
  g_assert_no_error (error);
  tk_test_settle ();
  g_assert_nonnull (tk_sync_service_get_folder (service));
  {
    g_autofree char *path = g_file_get_path (tk_sync_service_get_folder (service));

    g_assert_cmpstr (path, ==, home);
  }
  shown = folder_shown (preferences);
  g_assert_nonnull (strstr (shown, "Home"));
  g_clear_pointer (&shown, g_free);
  WAIT_FOR (!tk_sync_service_get_running (service));
  g_assert_true (tk_application_switch_library (fixture->app, second, FALSE, &error));
  g_assert_no_error (error);
  tk_test_settle ();
  {
    g_autofree char *path = g_file_get_path (tk_sync_service_get_folder (service));

    g_assert_cmpstr (path, ==, club);
  }
  WAIT_FOR (!tk_sync_service_get_running (service));

  /* Each folder holds its own library only. */
  {
    g_autofree char *home_first = g_build_filename (home, "Tablekeeper", first_library, NULL);
    g_autofree char *home_second = g_build_filename (home, "Tablekeeper", second_library, NULL);
    g_autofree char *club_first = g_build_filename (club, "Tablekeeper", first_library, NULL);
    g_autofree char *club_second = g_build_filename (club, "Tablekeeper", second_library, NULL);

    g_assert_true (g_file_test (home_first, G_FILE_TEST_IS_DIR));
    g_assert_false (g_file_test (home_second, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_test (club_second, G_FILE_TEST_IS_DIR));
    g_assert_false (g_file_test (club_first, G_FILE_TEST_EXISTS));
  }
  gtk_window_destroy (GTK_WINDOW (preferences));
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  TK_TEST_ADD ("/sync-offers/merge", tk_test_fixture_set_up, test_merge);
  TK_TEST_ADD ("/sync-offers/second-library", tk_test_fixture_set_up, test_second_library);
  return tk_test_run ();
}
