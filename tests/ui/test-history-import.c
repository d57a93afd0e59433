/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-history-import.c — History → Import… with a BG Stats export, as a user goes through
 * it: the preview (counts, dates, skipped plays, the players with their roster names), a
 * rename pressed in with the row's apply button, Import pressed, the plays in the History,
 * the typed score, team, role and start player on the players' rows of a play's details,
 * then the toast's Undo taking the whole import away; a broken file shown with its reason
 * and nothing to import.  At 1280 and 360 px; `history-import-ja` runs it in Japanese (the
 * expectations are the app's own translated texts).
 *
 * Runs under a display (run-with-display.sh).  The library holds the catalog, as after the
 * first start.
 */
#define G_LOG_DOMAIN "test-history-import"

#define TK_TEST_WAIT_TIMEOUT_S 120

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-display-date.h"
#include "tk-history-import-dialog.h"
#include "tk-history-imports-dialog.h"
#include "tk-history-page.h"
#include "tk-play-details-dialog.h"
#include "tk-plays.h"
#include "tk-test-utils.h"
#include "tk-window.h"
#include "tk-test-store.h"

static GFile *
fixture_file (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", "history",
                                            name, NULL);

  return g_file_new_for_path (path);
}

static TkHistoryPage *
open_history (TkTestFixture *fixture,
              int            width)
{
  GtkWindow *window;
  TkHistoryPage *page;

  tk_test_start_app (fixture);
  window = tk_application_get_main_window (fixture->app);
  gtk_window_set_default_size (window, width, width < 600 ? 720 : 800);
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "history"));
  tk_test_settle ();
  page = TK_HISTORY_PAGE (tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_HISTORY_PAGE));
  g_assert_nonnull (page);
  WAIT_FOR (tk_history_page_get_store (page) != NULL);
  return page;
}

static gboolean
is_entry_row_with (GtkWidget     *widget,
                   gconstpointer  data)
{
  return ADW_IS_ENTRY_ROW (widget) &&
         g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (widget)), data) == 0;
}

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

static gboolean
is_icon_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), data) == 0;
}

/* No scrolled window at or below @widget scrolls sideways, and @widget fits @width. */
static void
assert_fits (GtkWidget *widget,
             int        width)
{
  int minimum;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, width);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_SCROLLED_WINDOW (child) && gtk_widget_get_mapped (child))
        {
          GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (child));

          g_assert_cmpfloat (gtk_adjustment_get_upper (h) - gtk_adjustment_get_lower (h), <=,
                             gtk_adjustment_get_page_size (h) + 0.5);
        }
      assert_fits (child, width);
    }
}

static gboolean
is_plays_list (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LIST_VIEW (widget) && gtk_widget_has_css_class (widget, "tk-plays-list");
}

static gboolean
is_row_with_subtitle (GtkWidget     *widget,
                      gconstpointer  data)
{
  return ADW_IS_ACTION_ROW (widget) && gtk_widget_get_mapped (widget) &&
         strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)), data) != NULL;
}

/* Opens the details of the imported play of @title as a click on its History row does. */
static GtkWidget *
open_details (TkHistoryPage *page,
              const char    *title,
              int            width)
{
  GListModel *model = tk_history_page_get_model (page);
  GtkWidget *list = tk_test_find_widget (GTK_WIDGET (page), is_plays_list, NULL);
  GtkWidget *details;
  guint position = G_MAXUINT;

  for (guint i = 0; i < g_list_model_get_n_items (model) && position == G_MAXUINT; i++)
    {
      g_autoptr(TkPlay) play = g_list_model_get_item (model, i);

      if (g_strcmp0 (tk_play_get_game_title (play), title) == 0)
        position = i;
    }
  g_assert_cmpuint (position, !=, G_MAXUINT);
  g_assert_nonnull (list);
  g_assert_true (gtk_widget_activate_action (list, "list.activate-item", "u", position));
  WAIT_FOR ((details = GTK_WIDGET (tk_test_find_toplevel (TK_TYPE_PLAY_DETAILS_DIALOG))) != NULL);
  WAIT_FOR (gtk_widget_get_mapped (details));
  tk_test_settle ();
  assert_fits (details, width);
  return details;
}

/* An imported play's details show where it came from, and what BG Stats said of each seat on
 * the player's row: the score as typed beside the number, the team, the start player. */
static void
check_seat_details (TkHistoryPage *page,
                    int            width)
{
  g_autofree char *typed = g_strdup_printf (C_("score as typed", "%s (%s)"), "52", "40+12");
  g_autofree char *team = g_strdup_printf (_("Team %s"), "2");
  g_autofree char *role = g_strdup_printf (_("Role %s"), "Medic");
  g_autofree char *shot = g_strdup_printf ("history-import-seats-%d", width);
  g_autofree char *team_shot = g_strdup_printf ("history-import-teams-%d", width);
  GtkWidget *details;

  details = open_details (page, "Azul", width);
  tk_test_save_shot (details, shot);
  g_assert_nonnull (tk_test_find_widget (details, is_label_containing, typed));
  g_assert_nonnull (tk_test_find_widget (details, is_row_with_subtitle, _("Started")));
  /* "Recorded" says where it came from, not "by hand" */
  g_assert_nonnull (tk_test_find_widget (details, is_row_with_subtitle, _("Imported from BG Stats")));
  g_assert_null (tk_test_find_widget (details, is_row_with_subtitle, _("Logged by hand")));
  gtk_window_close (GTK_WINDOW (details));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_PLAY_DETAILS_DIALOG) == NULL);

  details = open_details (page, "Codenames", width);
  g_assert_nonnull (tk_test_find_widget (details, is_row_with_subtitle, team));
  tk_test_save_shot (details, team_shot);
  gtk_window_close (GTK_WINDOW (details));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_PLAY_DETAILS_DIALOG) == NULL);

  details = open_details (page, "パンデミック", width);
  g_assert_nonnull (tk_test_find_widget (details, is_row_with_subtitle, role));
  gtk_window_close (GTK_WINDOW (details));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_PLAY_DETAILS_DIALOG) == NULL);
}

enum { UNDO_BY_TOAST, UNDO_BY_KEY, UNDO_BY_LIST };

static gboolean
has_widget_name (GtkWidget     *widget,
                 gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static void
test_import_and_undo (TkTestFixture *fixture,
                      gconstpointer  data)
{
  /* the width, and how the import is undone: its toast, Ctrl+Z, or History → Imports */
  int width = GPOINTER_TO_INT (data) & 0xffff;
  int way = GPOINTER_TO_INT (data) >> 16;
  g_autoptr(GFile) file = fixture_file ("bgstats-export.json");
  g_autofree char *expected = NULL;
  g_autofree char *shot = NULL;
  TkHistoryPage *page = open_history (fixture, width);
  TkStore *store = tk_history_page_get_store (page);
  TkHistoryImportDialog *dialog;
  GtkWidget *row, *apply, *import, *button;

  g_assert_true (tk_history_page_import_file (page, file));
  WAIT_FOR ((dialog = (TkHistoryImportDialog *) tk_test_find_toplevel (
               TK_TYPE_HISTORY_IMPORT_DIALOG)) != NULL &&
            tk_history_import_dialog_is_ready (dialog));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)) &&
            gtk_widget_get_width (GTK_WIDGET (dialog)) > 0);
  gtk_window_set_default_size (GTK_WINDOW (dialog), width, width < 600 ? 720 : 640);
  tk_test_settle ();
  tk_test_settle ();
  g_test_message ("preview shown at %d px", gtk_widget_get_width (GTK_WIDGET (dialog)));

  /* The preview, in the app's words; nothing written yet. */
  {
    /* the dates in the app's format, not the files' ISO */
    g_autofree char *first = tk_display_date ("2024-05-04");
    g_autofree char *last = tk_display_date ("2024-06-02");

    g_assert_cmpstr (first, !=, "2024-05-04");
    expected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u play to import, from %s to %s",
                                             "%u plays to import, from %s to %s", 7),
                                7, first, last);
    g_assert_nonnull (strstr (tk_history_import_dialog_get_summary (dialog), expected));
    g_free (expected);
    /* and the games named */
    expected = g_strdup_printf (_("Games: %s"), "");
    g_assert_nonnull (strstr (tk_history_import_dialog_get_summary (dialog), expected));
    g_free (expected);
  }
  expected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Skipped: %u play deleted in BG Stats",
                                           "Skipped: %u plays deleted in BG Stats", 1), 1);
  g_assert_nonnull (strstr (tk_history_import_dialog_get_summary (dialog), expected));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 0);
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (dialog), is_entry_row_with, "千代"));
  assert_fits (GTK_WIDGET (dialog), width);
  shot = g_strdup_printf ("history-import-preview-%d", width);
  tk_test_save_shot (GTK_WIDGET (dialog), shot);

  /* The anonymous player counted as a person, then not again, with the rows' buttons. */
  button = tk_test_find_button (GTK_WIDGET (dialog), _("_Count as Person"));
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (dialog), is_entry_row_with,
                                         "Anonymous player"));
  button = tk_test_find_widget (GTK_WIDGET (dialog), is_icon_button, "list-remove-symbolic");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
  g_assert_null (tk_test_find_widget (GTK_WIDGET (dialog), is_entry_row_with,
                                      "Anonymous player"));
  g_assert_nonnull (tk_test_find_button (GTK_WIDGET (dialog), _("_Count as Person")));

  /* Ben becomes Benjamin: typed into his row, then its apply button pressed. */
  row = tk_test_find_widget (GTK_WIDGET (dialog), is_entry_row_with, "Ben");
  g_assert_nonnull (row);
  gtk_widget_grab_focus (row);
  tk_test_settle ();
  gtk_editable_set_text (GTK_EDITABLE (row), "Benjamin");
  tk_test_settle ();
  WAIT_FOR ((apply = tk_test_find_widget (row, is_icon_button,
                                              "adw-entry-apply-symbolic")) != NULL &&
            gtk_widget_get_mapped (apply));
  g_signal_emit_by_name (apply, "clicked");
  tk_test_settle ();
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (dialog), is_entry_row_with, "Benjamin"));

  /* Import pressed: the dialog goes, the History shows the plays. */
  import = tk_test_find_button (GTK_WIDGET (dialog), _("_Import"));
  g_assert_nonnull (import);
  g_assert_true (gtk_widget_is_sensitive (import));
  g_signal_emit_by_name (import, "clicked");
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_HISTORY_IMPORT_DIALOG) == NULL);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 7);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Benjamin'"), ==, 1);
  WAIT_FOR (g_list_model_get_n_items (tk_history_page_get_model (page)) == 7);
  /* The rows say where the plays came from. */
  WAIT_FOR (tk_test_find_widget (GTK_WIDGET (page), is_label_containing,
                                 _("from BG Stats")) != NULL);
  check_seat_details (page, width);

  /* The toast's Undo, Ctrl+Z right after, or the Undo of History → Imports and Undo… takes
   * the whole import away. */
  if (way == UNDO_BY_TOAST)
    tk_test_press_toast_button (GTK_WIDGET (page), _("_Undo"));
  else if (way == UNDO_BY_KEY)
    {
      /* Ctrl+Z right after the import: the page's shortcut action (typing it through the X
       * server does not reach this window after the import dialog's modal run here) */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.undo-last-import", NULL));
    }
  else
    {
      TkHistoryImportsDialog *imports;
      AdwMessageDialog *confirm;
      GtkWidget *undo;

      tk_test_press_menu_item (GTK_WIDGET (page), _("Imports and _Undo…"));
      WAIT_FOR ((imports = (TkHistoryImportsDialog *) tk_test_find_toplevel (
                   TK_TYPE_HISTORY_IMPORTS_DIALOG)) != NULL);
      g_assert_cmpuint (tk_history_imports_dialog_get_n_imports (imports), ==, 1);
      undo = tk_test_find_widget (GTK_WIDGET (imports), has_widget_name, "undo-import-button");
      g_assert_nonnull (undo);
      g_signal_emit_by_name (undo, "clicked");
      WAIT_FOR ((confirm = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
      g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 7);   /* asked first */
      adw_message_dialog_response (confirm, "undo");
      gtk_window_destroy (GTK_WINDOW (confirm));
      WAIT_FOR (tk_history_imports_dialog_get_n_imports (imports) == 0);
      gtk_window_destroy (GTK_WINDOW (imports));
    }
  WAIT_FOR (tk_test_count (store, "SELECT count(*) FROM plays") == 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM collection"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games WHERE source != 'catalog'"), ==, 0);
  WAIT_FOR (g_list_model_get_n_items (tk_history_page_get_model (page)) == 0);
}

static void
test_broken_file (TkTestFixture *fixture,
                  gconstpointer  data)
{
  int width = GPOINTER_TO_INT (data);
  g_autofree char *path = g_build_filename (fixture->dir, "broken.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TkHistoryPage *page = open_history (fixture, width);
  TkHistoryImportDialog *dialog;
  g_autofree char *line = NULL;
  GtkWidget *stack, *status, *import;

  g_file_set_contents (path, "<plays username=\"a\" total=\"1\">\n<play id=\"5\" "
                             "date=\"2024-02-30\"><item name=\"A &amp; B\" objectid=\"1\"/>"
                             "</play>\n</plays>", -1, &error);
  g_assert_no_error (error);
  g_assert_true (tk_history_page_import_file (page, file));
  WAIT_FOR ((dialog = (TkHistoryImportDialog *) tk_test_find_toplevel (
               TK_TYPE_HISTORY_IMPORT_DIALOG)) != NULL);
  stack = tk_test_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_STACK);
  WAIT_FOR (g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (stack)), "problem") == 0);
  /* The reason, with its line; Import has nothing to do. */
  status = gtk_stack_get_visible_child (GTK_STACK (stack));
  g_assert_true (ADW_IS_STATUS_PAGE (status));
  line = g_strdup_printf (_("Line %d: %s"), 2, "");
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)), line));
  import = tk_test_find_button (GTK_WIDGET (dialog), _("_Import"));
  g_assert_false (gtk_widget_is_sensitive (import));
  assert_fits (GTK_WIDGET (dialog), width);
  gtk_window_close (GTK_WINDOW (dialog));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_HISTORY_IMPORT_DIALOG) == NULL);
  g_assert_cmpint (tk_test_count (tk_history_page_get_store (page), "SELECT count(*) FROM plays"), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);

  g_test_add ("/history-import/import-undo-1280", TkTestFixture,
              GINT_TO_POINTER (1280 | UNDO_BY_TOAST << 16),
              tk_test_fixture_set_up_with_catalog, test_import_and_undo,
              tk_test_fixture_tear_down);
  g_test_add ("/history-import/import-undo-360", TkTestFixture,
              GINT_TO_POINTER (360 | UNDO_BY_TOAST << 16),
              tk_test_fixture_set_up_with_catalog, test_import_and_undo,
              tk_test_fixture_tear_down);
  g_test_add ("/history-import/import-ctrl-z-1280", TkTestFixture,
              GINT_TO_POINTER (1280 | UNDO_BY_KEY << 16),
              tk_test_fixture_set_up_with_catalog, test_import_and_undo,
              tk_test_fixture_tear_down);
  g_test_add ("/history-import/imports-list-undo-360", TkTestFixture,
              GINT_TO_POINTER (360 | UNDO_BY_LIST << 16),
              tk_test_fixture_set_up_with_catalog, test_import_and_undo,
              tk_test_fixture_tear_down);
  g_test_add ("/history-import/broken-file-360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_broken_file,
              tk_test_fixture_tear_down);

  return tk_test_run ();
}
