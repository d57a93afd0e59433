/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-kept.c — "Changed on Another Device" as a user meets it.  Two libraries made
 * here: this device's (the app, "Phone") and a laptop's driven by the CLI, syncing through
 * one folder.  Apart, the laptop rates the game 8 and deletes its play while the phone rates
 * it 5; after the laptop's sync the phone (whose 5 is later) lists the 8 that lost and the
 * play "Deleted on Laptop".  Preferences is opened from the main menu, the list from its row
 * in Preferences → Sync; Restore on the rating row brings 8 back (the Collection page shows
 * it, the row goes, a toast says so), Restore on the play brings it back to the History
 * page, the list ends empty, and the laptop gets both from its next sync.
 *
 * Registered twice: English in a wide window, Japanese at 360 px (LANGUAGE=ja).
 */
#define G_LOG_DOMAIN "test-sync-kept"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "tk-application.h"
#include "tk-collection.h"
#include "tk-collection-page.h"
#include "tk-game.h"
#include "tk-history-page.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "tk-preferences-window.h"
#include "tk-sync-kept.h"
#include "tk-sync-kept-page.h"
#include "tk-sync-kept-text.h"
#include "tk-sync-preferences.h"
#include "tk-sync-service.h"
#include "tk-test-utils.h"
#include "tk-window.h"

static gboolean
is_japanese (void)
{
  return g_str_has_prefix (g_getenv ("LANGUAGE") != NULL ? g_getenv ("LANGUAGE") : "", "ja");
}

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_visible (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static gboolean
is_menu_button_titled (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

static char *
without_underscores (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", "_", -1);

  return g_strjoinv ("", parts);
}

/* An item of a popover built from a GMenu, labelled @data (mnemonics left aside). */
static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  data)
{
  g_autofree char *text = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *wanted = NULL;

  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  plain = without_underscores (text);
  wanted = without_underscores (data);
  return g_str_equal (plain, wanted);
}

/* A kept row whose subtitle holds @data. */
static gboolean
is_kept_row_saying (GtkWidget     *widget,
                    gconstpointer  data)
{
  return ADW_IS_ACTION_ROW (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_widget_get_name (widget), "sync-kept-row") == 0 &&
         strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)), data) != NULL;
}

/* Opens the main menu and presses Preferences as tk_test_press_menu_item() does, then sizes
 * the new window before its first frame (a shown window keeps its size). */
static TkPreferencesWindow *
open_preferences_from_menu (GtkWindow *window,
                            int        width)
{
  GtkWidget *menu = tk_test_find_widget (GTK_WIDGET (window), is_menu_button_titled,
                                         _("Main Menu"));
  GtkWidget *toggle;
  GtkWidget *item;
  TkPreferencesWindow *preferences;

  g_assert_nonnull (menu);
  toggle = tk_test_find_descendant (menu, GTK_TYPE_TOGGLE_BUTTON);
  g_signal_emit_by_name (toggle, "clicked");
  /* (the menu is built on its first opening) */
  WAIT_FOR ((item = tk_test_find_widget (menu, is_menu_item, _("_Preferences"))) != NULL &&
            gtk_widget_get_mapped (item));
  g_signal_emit_by_name (item, "clicked");
  preferences = TK_PREFERENCES_WINDOW (tk_test_find_toplevel (TK_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull (preferences);
  gtk_window_set_default_size (GTK_WINDOW (preferences), width, 800);
  /* (the window's own width leaves out its client-side shadow) */
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)) &&
            gtk_widget_get_width (GTK_WIDGET (preferences)) > 0);
  g_test_message ("Preferences: %d px wide", gtk_widget_get_width (GTK_WIDGET (preferences)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (preferences)), <=, width);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (preferences)), >=, width - 20);
  return preferences;
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

static gint64
query_int (const char *library,
           const char *sql)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (library, &error);
  gint64 value;

  g_assert_no_error (error);
  value = tk_store_query_int (store, sql, -1, &error);
  g_assert_no_error (error);
  tk_store_close (store);
  return value;
}

/* The rating the Collection page's model shows for @game_id (-1: not listed). */
static gint64
shown_rating (TkCollectionPage *page,
              gint64            game_id)
{
  GListModel *model = tk_collection_page_get_model (page);

  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TkGame) game = g_list_model_get_item (model, i);

      if (tk_game_get_id (game) == game_id)
        return tk_game_get_rating (game);
    }
  return -1;
}

static void
shot (GtkWidget  *widget,
      const char *what,
      int         width)
{
  g_autofree char *name = g_strdup_printf ("sync-kept-%s-%d-%s", what, width,
                                           is_japanese () ? "ja" : "C");

  /* The window, which draws the background (the page itself is transparent). */
  tk_test_settle ();
  tk_test_save_shot (GTK_WIDGET (gtk_widget_get_root (widget)), name);
}

static void
test_restore (TkTestFixture *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (fixture->dir, "Sync", NULL);
  g_autofree char *laptop = g_build_filename (fixture->dir, "laptop", "library.db", NULL);
  g_autofree char *laptop_dir = g_path_get_dirname (laptop);
  g_autofree char *game_uid = NULL;
  g_autofree char *args = NULL;
  g_autofree char *sync_args = NULL;
  g_autofree char *out = NULL;
  int width = is_japanese () ? 360 : 900;
  TkPreferencesWindow *preferences;
  TkSyncService *service;
  TkCollectionPage *collection_page;
  TkHistoryPage *history_page;
  GtkWindow *window;
  GtkWidget *group;
  GtkWidget *kept_row;
  GtkWidget *page;
  GListModel *kept;
  gint64 game_id;
  gint64 laptop_play;
  guint passes;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (laptop_dir, 0700), ==, 0);
  sync_args = g_strdup_printf ("sync '%s'", folder);

  /* This device's library: a game of the user's own and one play of it. */
  {
    g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
    g_autoptr(TkCollection) collection = NULL;
    g_autoptr(TkGame) game = tk_game_new ("Cascadia");
    g_autoptr(TkPlay) play = tk_play_new ();

    g_assert_no_error (error);
    collection = tk_collection_new (store);
    game_id = tk_collection_add_game (collection, game, &error);
    g_assert_no_error (error);
    tk_play_set_game_id (play, game_id);
    tk_play_set_game_title (play, "Cascadia");
    tk_play_set_played_on (play, "2026-05-03");
    g_assert_true (tk_plays_insert (store, play, &error));
    g_assert_no_error (error);
    tk_store_close (store);
  }

  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  service = tk_application_get_sync_service (fixture->app);
  kept = tk_sync_service_get_kept (service);
  window = tk_application_get_main_window (fixture->app);
  gtk_window_set_default_size (window, width, 800);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)));

  /* The pages are built when first shown: the History page, then back to the Collection. */
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "history"));
  WAIT_FOR ((history_page = (TkHistoryPage *)
                tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_HISTORY_PAGE)) != NULL &&
            tk_history_page_get_model (history_page) != NULL &&
            g_list_model_get_n_items (tk_history_page_get_model (history_page)) == 1);
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
  WAIT_FOR ((collection_page = (TkCollectionPage *)
                tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_COLLECTION_PAGE)) != NULL &&
            shown_rating (collection_page, game_id) == 0);

  /* Preferences from the main menu, as a person opens it, at the test's width. */
  preferences = open_preferences_from_menu (window, width);
  group = GTK_WIDGET (tk_preferences_window_get_sync_preferences (preferences));

  /* Not syncing and nothing kept: no row for it yet. */
  g_assert_null (tk_test_find_widget (group, is_row_titled, _("Changed on Another Device")));

  /* This device's name and the folder (the chooser's answer given as test-sync.c does). */
  {
    GtkWidget *name_row = tk_test_find_widget (group, is_row_titled, _("This Device’s Name"));
    g_autoptr(GFile) sync_folder = g_file_new_for_path (folder);

    GtkWidget *folder_row = tk_test_find_widget (group, is_row_titled, _("Sync Folder"));
    GtkFileChooser *chooser;

    gtk_editable_set_text (GTK_EDITABLE (name_row), "Phone");
    g_signal_emit_by_name (name_row, "apply");
    /* Sync Folder asks for a folder; the system chooser cannot be driven by a test. */
    g_signal_emit_by_name (folder_row, "activate");
    WAIT_FOR ((chooser = tk_sync_preferences_get_chooser (TK_SYNC_PREFERENCES (group))) != NULL);
    gtk_native_dialog_hide (GTK_NATIVE_DIALOG (chooser));
    tk_sync_preferences_choose_folder (TK_SYNC_PREFERENCES (group), sync_folder);
  }
  WAIT_FOR (tk_sync_service_get_n_passes (service) >= 1 && !tk_sync_service_get_running (service));
  g_assert_null (tk_sync_service_get_error (service));

  /* The laptop joins. */
  args = g_strdup_printf ("%s --device-name Laptop", sync_args);
  g_free (run_cli (laptop, args));
  g_clear_pointer (&args, g_free);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT uid FROM games WHERE id = %" G_GINT64_FORMAT,
                                            game_id);
    sqlite3_stmt *stmt = tk_store_prepare (tk_application_get_store (fixture->app), sql, &error);

    g_assert_no_error (error);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    game_uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    sqlite3_reset (stmt);
  }
  laptop_play = query_int (laptop, "SELECT id FROM plays");
  g_assert_cmpint (laptop_play, >, 0);

  /* Apart: the laptop rates 8 and deletes the play; then the phone rates 5. */
  args = g_strdup_printf ("collection set '%s' --rating 8", game_uid);
  g_free (run_cli (laptop, args));
  g_clear_pointer (&args, g_free);
  args = g_strdup_printf ("plays delete %" G_GINT64_FORMAT, laptop_play);
  g_free (run_cli (laptop, args));
  g_clear_pointer (&args, g_free);
  g_usleep (5000);
  {
    TkStore *store = tk_application_get_store (fixture->app);
    g_autoptr(TkCollection) collection = tk_collection_new (store);

    g_assert_true (tk_collection_set_rating (collection, game_id, 5, &error));
    g_assert_no_error (error);
  }
  WAIT_FOR (shown_rating (collection_page, game_id) == 5);
  g_assert_cmpuint (g_list_model_get_n_items (kept), ==, 0);

  /* The laptop syncs: the phone's monitor reads it; the 8 lost, the play is gone. */
  g_free (run_cli (laptop, sync_args));
  WAIT_FOR (g_list_model_get_n_items (kept) == 2);
  WAIT_FOR (g_list_model_get_n_items (tk_history_page_get_model (history_page)) == 0);
  g_assert_cmpint (shown_rating (collection_page, game_id), ==, 5);

  /* Preferences → Sync: the row with the count, and its subpage. */
  WAIT_FOR ((kept_row = tk_test_find_widget (group, is_row_titled,
                                             _("Changed on Another Device"))) != NULL);
  {
    g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%u change you can bring back",
                                                           "%u changes you can bring back", 2),
                                              2);

    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (kept_row)), ==, count);
  }
  g_assert_true (gtk_widget_get_mapped (kept_row));
  {
    g_autofree char *name = g_strdup_printf ("sync-kept-group-%d-%s", width,
                                             is_japanese () ? "ja" : "C");

    tk_test_settle ();
    tk_test_save_shot (group, name);
  }
  g_signal_emit_by_name (kept_row, "activate");
  WAIT_FOR ((page = tk_test_find_descendant (GTK_WIDGET (preferences),
                                             TK_TYPE_SYNC_KEPT_PAGE)) != NULL &&
            gtk_widget_get_mapped (page));
  {
    int minimum = 0;

    gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_test_message ("Changed on Another Device: at least %d px", minimum);
    g_assert_cmpint (minimum, <=, 360);
  }
  shot (page, "list", width);
  {
    AdwStyleManager *style = adw_style_manager_get_default ();

    adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
    shot (page, "list-dark", width);
    adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  }

  /* The rating row: the field in words, both values, the laptop; Restore named for it. */
  {
    g_autofree char *lost = g_strdup_printf ("%s: 8", _("Rating"));
    GtkWidget *row = tk_test_find_widget (page, is_kept_row_saying, lost);
    GtkWidget *button;
    g_autofree char *toast = NULL;

    g_assert_nonnull (row);
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Cascadia");
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Laptop"));
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ": 5"));
    button = tk_test_find_widget (row, tk_test_has_name, "sync-kept-restore");
    g_assert_nonnull (button);
    if (!is_japanese ())
      g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Restore rating 8 for Cascadia");
    else
      g_assert_true (strstr (gtk_widget_get_tooltip_text (button), "8") != NULL &&
                     strstr (gtk_widget_get_tooltip_text (button), "Cascadia") != NULL);
    toast = g_strdup (gtk_widget_get_tooltip_text (button));
    passes = tk_sync_service_get_n_passes (service);
    g_signal_emit_by_name (button, "clicked");
    WAIT_FOR (shown_rating (collection_page, game_id) == 8);
    WAIT_FOR (g_list_model_get_n_items (kept) == 1);
    g_assert_null (tk_test_find_widget (page, is_kept_row_saying, lost));
    /* The keyboard is on the next row's Restore, not lost with the row that went. */
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (preferences)) ==
                   tk_test_find_widget (page, tk_test_has_name, "sync-kept-restore"));
    /* The toast says what came back ("Restored rating 8 for Cascadia"). */
    if (!is_japanese ())
      g_assert_nonnull (tk_test_find_label (GTK_WIDGET (preferences),
                                            "Restored rating 8 for Cascadia"));
  }

  /* The play: "Deleted on Laptop", brought back to the History page. */
  {
    g_autofree char *deleted = g_strdup_printf (_("Deleted on %1$s, %2$s"), "Laptop", "");
    GtkWidget *row;
    GtkWidget *button;

    /* (the date and time after it are the laptop's clock) */
    deleted[strlen (deleted) - (is_japanese () ? strlen ("、") : strlen (", "))] = '\0';
    row = tk_test_find_widget (page, is_kept_row_saying, deleted);
    g_assert_nonnull (row);
    g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                              "Cascadia"));
    if (!is_japanese ())
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                       "Cascadia, 3 May 2026");
    button = tk_test_find_widget (row, tk_test_has_name, "sync-kept-restore");
    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
    WAIT_FOR (g_list_model_get_n_items (tk_history_page_get_model (history_page)) == 1);
    WAIT_FOR (g_list_model_get_n_items (kept) == 0);
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (preferences)) ==
                   tk_test_find_widget (page, tk_test_has_action, "kept.back"));
  }

  /* Nothing left: the empty state, and the row in Preferences says so. */
  {
    GtkWidget *empty = tk_test_find_descendant (page, ADW_TYPE_STATUS_PAGE);

    WAIT_FOR (gtk_widget_get_mapped (empty));
    shot (page, "empty", width);
  }
  {
    GtkWidget *back = tk_test_find_widget (page, tk_test_has_action, "kept.back");

    g_assert_nonnull (back);
    g_signal_emit_by_name (back, "clicked");
    WAIT_FOR (gtk_widget_get_mapped (kept_row));
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (kept_row)), ==,
                     _("Nothing to bring back"));
  }

  /* The restores reach the laptop with the phone's next pass (a few seconds after them). */
  WAIT_FOR (tk_sync_service_get_n_passes (service) > passes &&
            !tk_sync_service_get_running (service) &&
            tk_store_query_int (tk_application_get_store (fixture->app),
                                "SELECT count (*) FROM sync_ops o, sync_identity i"
                                " WHERE o.device_uid = i.device_uid"
                                " AND o.device_seq > i.written_seq", -1, NULL) == 0);
  g_free (run_cli (laptop, sync_args));
  out = run_cli (laptop, "dump --canonical");
  g_assert_cmpint (query_int (laptop, "SELECT rating FROM collection"), ==, 8);
  g_assert_cmpint (query_int (laptop, "SELECT count (*) FROM plays"), ==, 1);
  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* The words: every field of docs/formats.md in words, never its raw name; values as a
 * person reads them (English only: the words are compared). */
static void
test_words (void)
{
  const char *fields[] = {
    "acquired_on", "best_players", "bgg_extra", "bgg_id", "bgg_plays", "bgg_rank",
    "bgg_username", "catalog_key", "colour", "comment", "cover_path", "deleted",
    "duration_min", "expansions", "favourite", "game", "game_title", "games", "hidden",
    "incomplete", "location", "max_players", "max_time", "merged_into", "min_age",
    "min_players", "min_time", "name", "no_win_stats", "not_interested", "notes", "owned",
    "played", "played_on", "price_paid", "rating", "rating_avg", "rating_count", "seats",
    "source", "tags", "title", "title_ja", "want_to_play", "weight", "year",
  };
  struct { const char *field, *json, *text; } values[] = {
    { "rating", "8", "8" },
    { "comment", "\"<b>Best</b> & worst\"", "<b>Best</b> & worst" },
    { "comment", "\"\"", "Empty" },
    { "comment", "null", "Empty" },
    { "owned", "1", "Yes" },
    { "favourite", "0", "No" },
    { "played_on", "\"2026-05-03\"", "3 May 2026" },
    { "duration_min", "45", "45 min" },
    { "tags", "[[\"mechanic\",\"Drafting\"],[\"category\",\"Animals\"]]", "Drafting, Animals" },
    { "seats", "[{\"name\":\"Ana\",\"score\":12},{\"name\":\"Ben\",\"score_text\":\"40+2\"}]",
      "Ana 12, Ben 40+2" },
    { "weight", "2.5", "2.50" },
    { "rating", "not json", "Empty" },
  };
  g_autoptr(TkSyncKeptItem) rating = NULL;
  g_autoptr(TkSyncKeptItem) play = NULL;
  g_autofree char *restore = NULL;
  g_autofree char *restored = NULL;
  g_autofree char *restore_play = NULL;

  if (is_japanese ())
    {
      g_test_skip ("the words are compared in English");
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const char *words = tk_sync_kept_text_field ("game", fields[i]);

      g_assert_cmpstr (words, !=, fields[i]);
      g_assert_cmpstr (words, !=, "Other detail");
    }
  g_assert_cmpstr (tk_sync_kept_text_field ("play", "from_a_newer_app"), ==, "Other detail");
  for (gsize i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *text = tk_sync_kept_text_value (values[i].field, values[i].json);

      g_assert_cmpstr (text, ==, values[i].text);
    }

  rating = tk_sync_kept_item_new ("entry", "bgg:1", "rating", "8", "5", "laptop", 0, "phone",
                                  0, "op", "Cascadia", NULL);
  restore = tk_sync_kept_text_restore (rating);
  restored = tk_sync_kept_text_restored (rating);
  g_assert_cmpstr (restore, ==, "Restore rating 8 for Cascadia");
  g_assert_cmpstr (restored, ==, "Restored rating 8 for Cascadia");
  play = tk_sync_kept_item_new ("play", "p", "deleted", NULL, NULL, "laptop", 0, NULL, 0, NULL,
                                "Cascadia", "2026-05-03");
  restore_play = tk_sync_kept_text_restore (play);
  g_assert_cmpstr (restore_play, ==, "Restore Cascadia, 3 May 2026");
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  TK_TEST_ADD ("/sync-kept/restore", tk_test_fixture_set_up_with_catalog, test_restore);
  g_test_add_func ("/sync-kept/words", test_words);
  return tk_test_run ();
}
