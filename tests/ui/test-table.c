/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table.c — the Table page: a 3-player generic session started through the New Session
 * dialog, two rounds of scores entered through the page's actions, undo and redo; the totals
 * shown equal tk_session_score(); the same state after reopening the library in a new page
 * (a restart); Finish through its confirmation, and the play in the History page's model
 * with the right winner.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory.
 */
#define G_LOG_DOMAIN "test-table"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "panels/agora/tk-agora-panel.h"
#include "tk-catalog.h"
#include "tk-display-date.h"
#include "tk-history-log-dialog.h"
#include "tk-history-page.h"
#include "tk-new-session-dialog.h"
#include "tk-play-details-dialog.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays.h"
#include "tk-session-view.h"
#include "tk-table-page.h"
#include "tk-test-utils.h"

static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

/* A menu button (the date row's) or a label showing @data. */
static gboolean
has_label (GtkWidget     *widget,
           gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), data) == 0;
}

static GtkWidget *
show_in_window (GtkWidget *page,
                int        width)
{
  GtkWidget *window = adw_window_new ();
  GtkWidget *overlay_parent = page;

  gtk_window_set_default_size (GTK_WINDOW (window), width, 800);
  adw_window_set_content (ADW_WINDOW (window), overlay_parent);
  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_widget_get_mapped (page));
  return window;
}

/* The totals the page shows equal the engine's, seat by seat. */
static void
assert_totals_shown (TkSessionView *view,
                     const char    *expected_csv)
{
  TkSession *session = tk_session_view_get_session (view);
  g_autoptr(JsonObject) score = tk_session_score (session);
  JsonArray *players = json_object_get_array_member (score, "players");
  g_auto(GStrv) expected = g_strsplit (expected_csv, ",", -1);

  g_assert_cmpuint (json_array_get_length (players), ==, g_strv_length (expected));
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      g_autofree char *engine = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                 (gint64) json_object_get_double_member (p, "total"));

      g_assert_cmpstr (tk_session_view_get_shown_total (view, i), ==, engine);
      g_assert_cmpstr (engine, ==, expected[i]);
    }
}

static gboolean
is_button_with_tooltip (GtkWidget     *widget,
                        gconstpointer  tooltip)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

static GtkWidget *
find_by_tooltip (GtkWidget  *widget,
                 const char *tooltip)
{
  return tk_test_find_widget (widget, is_button_with_tooltip, tooltip);
}

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, out);
}

static gboolean
is_roster_row (GtkWidget     *widget,
               gconstpointer  name)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), name) == 0 &&
         tk_test_find_descendant (widget, GTK_TYPE_CHECK_BUTTON) != NULL;
}

static void
set_score (TkSessionView *view,
           guint          round,
           guint          seat,
           double         points)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.set-score", "(uud)",
                                             round, seat, points));
}

static gboolean
is_none_chosen (GtkWidget     *widget,
                gconstpointer  data)
{
  return ADW_IS_STATUS_PAGE (widget) &&
         g_strcmp0 (adw_status_page_get_title (ADW_STATUS_PAGE (widget)), "No Session Chosen") == 0;
}

/* The detail pane's "No Session Chosen" status page. */
static GtkWidget *
none_chosen (TkTablePage *page)
{
  GtkWidget *widget = tk_test_find_widget (GTK_WIDGET (page), is_none_chosen, NULL);

  g_assert_nonnull (widget);
  return widget;
}

static void
test_session_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-test-table-XXXXXX", &error);
  g_autofree char *db_path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkStore) store2 = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  TkTablePage *page;
  TkSessionView *view;
  TkNewSessionDialog *dialog;
  TkSession *session;
  AdwMessageDialog *confirm;
  GtkWidget *window;
  GListModel *history;
  gint64 session_id;

  g_assert_no_error (error);
  store = tk_store_open (db_path, &error);
  g_assert_no_error (error);

  page = TK_TABLE_PAGE (tk_table_page_new ());
  tk_table_page_set_store (page, store);
  window = show_in_window (GTK_WIDGET (page), 1100);
  g_assert_cmpuint (g_list_model_get_n_items (tk_table_page_get_model (page)), ==, 0);
  /* No session at all: one empty state across the page, no "none chosen" beside it. */
  g_assert_false (gtk_widget_is_visible (none_chosen (page)));

  /* New Session: a free game name, three quick-added players, highest score wins. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "table.new-session", NULL));
  WAIT_FOR ((dialog = (TkNewSessionDialog *)
              tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG)) != NULL);
  tk_new_session_dialog_set_game (dialog, 0, "Skull King");
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ana", "#e01b24", &error));
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ben", "#3584e4", &error));
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Cleo", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tk_new_session_dialog_get_n_seats (dialog), ==, 3);
  tk_new_session_dialog_set_score_mode (dialog, TK_SCORE_MODE_HIGH);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-session.start", NULL));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG) == NULL);

  g_assert_cmpuint (g_list_model_get_n_items (tk_table_page_get_model (page)), ==, 1);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (tk_table_page_get_session_view (page))));
  view = tk_table_page_get_session_view (page);
  session = tk_session_view_get_session (view);
  g_assert_nonnull (session);
  g_assert_cmpstr (tk_session_get_title (session), ==, "Skull King");
  g_assert_cmpuint (tk_session_get_n_players (session), ==, 3);
  session_id = tk_session_get_id (session);

  /* Two rounds through the page's actions. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.add-round", NULL));
  set_score (view, 1, 0, 20);
  set_score (view, 1, 1, -10);
  set_score (view, 1, 2, 30);
  set_score (view, 2, 0, 40);   /* one past the last round starts round 2 */
  set_score (view, 2, 1, 20);
  set_score (view, 2, 2, -20);
  tk_test_settle ();
  assert_totals_shown (view, "60,10,10");
  g_assert_cmpstr (tk_session_view_get_shown_score (view, 2, 1), ==, "20");

  /* A refused action changes nothing. */
  set_score (view, 9, 0, 5);
  assert_totals_shown (view, "60,10,10");

  /* The same through the widgets: tap Ben's round 1 cell, type -5, Set; then Undo. */
  {
    GtkWidget *cell = find_by_tooltip (GTK_WIDGET (view), "Round 1, Ben");
    GtkWidget *spin, *popover, *set;

    g_assert_nonnull (cell);
    g_signal_emit_by_name (cell, "clicked");
    tk_test_settle ();
    spin = tk_test_find_descendant (cell, GTK_TYPE_SPIN_BUTTON);
    popover = tk_test_find_descendant (cell, GTK_TYPE_POPOVER);
    g_assert_nonnull (spin);
    g_assert_true (gtk_widget_get_visible (popover));
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), -5);
    set = gtk_widget_get_next_sibling (spin);
    g_assert_true (GTK_IS_BUTTON (set));
    g_signal_emit_by_name (set, "clicked");
    tk_test_settle ();
    assert_totals_shown (view, "60,15,10");
    g_assert_cmpstr (tk_session_view_get_shown_score (view, 1, 1), ==, "-5");
    tk_test_press_toast_button (GTK_WIDGET (view), "_Undo");
    assert_totals_shown (view, "60,10,10");
  }

  /* Undo, undo, redo. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.undo", NULL));
  assert_totals_shown (view, "60,10,30");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.undo", NULL));
  assert_totals_shown (view, "60,-10,30");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.redo", NULL));
  assert_totals_shown (view, "60,10,30");
  g_assert_true (tk_session_can_redo (session));

  /* A restart: everything goes, the library is opened again, a new page shows the same. */
  g_object_ref (page);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (page);
  tk_store_close (store);
  g_clear_object (&store);

  store2 = tk_store_open (db_path, &error);
  g_assert_no_error (error);
  page = TK_TABLE_PAGE (tk_table_page_new ());
  tk_table_page_set_store (page, store2);
  window = show_in_window (GTK_WIDGET (page), 1100);
  g_assert_cmpuint (g_list_model_get_n_items (tk_table_page_get_model (page)), ==, 1);
  g_assert_true (tk_table_page_show_session (page, session_id));
  view = tk_table_page_get_session_view (page);
  session = tk_session_view_get_session (view);
  g_assert_cmpint (tk_session_get_id (session), ==, session_id);
  assert_totals_shown (view, "60,10,30");
  g_assert_cmpstr (tk_session_view_get_shown_score (view, 2, 1), ==, "20");
  g_assert_cmpstr (tk_session_view_get_shown_score (view, 2, 2), ==, "0");   /* undone */

  /* Finish, confirmed: Ana (60) wins; the session leaves the page. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.finish", NULL));
  WAIT_FOR ((confirm = (AdwMessageDialog *)
              tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  /* The date (picked in a calendar, shown in the app's format) and the place are asked
   * here; Enter in the place finishes. */
  {
    GtkWidget *date = tk_test_find_widget (GTK_WIDGET (confirm), has_name, "finish-date");
    GtkWidget *location = tk_test_find_widget (GTK_WIDGET (confirm), has_name, "finish-location");
    g_autofree char *shown = tk_display_date ("2026-03-14");

    g_assert_nonnull (date);
    g_assert_nonnull (location);
    tk_test_pick_day (date, "2026-03-14");
    g_assert_nonnull (tk_test_find_widget (date, has_label, shown));
    gtk_editable_set_text (GTK_EDITABLE (location), "  Café <b>Table</b>  ");
    g_signal_emit_by_name (location, "entry-activated");
  }
  WAIT_FOR (g_list_model_get_n_items (tk_table_page_get_model (page)) == 0);

  plays = tk_plays_query (store2, 0, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plays->len, ==, 1);
  {
    TkPlay *written = g_ptr_array_index (plays, 0);

    g_assert_cmpstr (tk_play_get_played_on (written), ==, "2026-03-14");
    g_assert_cmpstr (tk_play_get_location (written), ==, "Café <b>Table</b>");

    /* The play remembers how the session scored it: Ana 20 + 40 = 60 over two rounds. */
    {
      TkPlayDetailsDialog *details = tk_play_details_dialog_new (NULL, store2,
                                                                 tk_play_get_id (written),
                                                                 &error);
      g_autoptr(GPtrArray) expanders = g_ptr_array_new ();
      g_autoptr(GPtrArray) lines = g_ptr_array_new ();

      g_assert_no_error (error);
      collect (GTK_WIDGET (details), ADW_TYPE_EXPANDER_ROW, expanders);
      g_assert_cmpuint (expanders->len, ==, 3);
      g_assert_cmpstr (adw_preferences_row_get_title (expanders->pdata[0]), ==, "Ana");
      g_assert_cmpstr (adw_expander_row_get_subtitle (expanders->pdata[0]), ==, "60");
      g_assert_cmpstr (adw_expander_row_get_subtitle (expanders->pdata[2]), ==, "30");
      collect (GTK_WIDGET (expanders->pdata[0]), ADW_TYPE_ACTION_ROW, lines);
      /* The expander's own header is an action row too: the breakdown lines are the last. */
      g_assert_cmpuint (lines->len, >=, 2);
      g_assert_cmpstr (adw_preferences_row_get_title (lines->pdata[lines->len - 2]), ==, "Round 1");
      g_assert_cmpstr (adw_preferences_row_get_title (lines->pdata[lines->len - 1]), ==, "Round 2");
      gtk_window_destroy (GTK_WINDOW (details));
    }
  }

  /* The History page lists it, with Ana the winner. */
  {
    GtkWidget *history_page = tk_history_page_new ();
    GtkWidget *history_window;
    g_autoptr(TkPlay) play = NULL;
    g_autofree char *winners = NULL;

    tk_history_page_set_store (TK_HISTORY_PAGE (history_page), store2);
    history_window = show_in_window (history_page, 1100);
    history = tk_history_page_get_model (TK_HISTORY_PAGE (history_page));
    g_assert_nonnull (history);
    g_assert_cmpuint (g_list_model_get_n_items (history), ==, 1);
    play = g_list_model_get_item (history, 0);
    g_assert_cmpstr (tk_play_get_game_title (play), ==, "Skull King");
    winners = tk_play_dup_winners (play);
    g_assert_cmpstr (winners, ==, "Ana");
    g_assert_cmpuint (tk_play_get_n_players (play), ==, 3);
    g_assert_cmpfloat (tk_play_get_player (play, 0)->score, ==, 60);

    /* A play logged by hand: Azul, yesterday's date, Ben beats Cleo; newest first. */
    {
      GtkWindow *log;
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      g_autoptr(GPtrArray) entries = g_ptr_array_new ();
      g_autoptr(GPtrArray) checks = g_ptr_array_new ();
      g_autoptr(TkPlay) newest = NULL;
      g_autofree char *newest_winners = NULL;

      g_assert_true (gtk_widget_activate_action (history_page, "history.log-play", NULL));
      WAIT_FOR ((log = tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG)) != NULL);
      collect (GTK_WIDGET (log), ADW_TYPE_ENTRY_ROW, rows);
      collect (GTK_WIDGET (log), GTK_TYPE_ENTRY, entries);
      collect (GTK_WIDGET (log), GTK_TYPE_CHECK_BUTTON, checks);
      g_assert_cmpuint (rows->len, ==, 4);
      g_assert_cmpuint (entries->len, ==, 4);
      gtk_editable_set_text (GTK_EDITABLE (rows->pdata[0]), "Azul");
      gtk_editable_set_text (GTK_EDITABLE (rows->pdata[1]), "2099-01-02");
      gtk_editable_set_text (GTK_EDITABLE (entries->pdata[0]), "Ben");
      gtk_editable_set_text (GTK_EDITABLE (entries->pdata[1]), "71");
      gtk_editable_set_text (GTK_EDITABLE (entries->pdata[2]), "Cleo");
      gtk_editable_set_text (GTK_EDITABLE (entries->pdata[3]), "64");
      gtk_check_button_set_active (GTK_CHECK_BUTTON (checks->pdata[0]), TRUE);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (log), "log-play.save", NULL));
      WAIT_FOR (tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG) == NULL);
      g_assert_cmpuint (g_list_model_get_n_items (history), ==, 2);
      newest = g_list_model_get_item (history, 0);
      g_assert_cmpstr (tk_play_get_game_title (newest), ==, "Azul");
      newest_winners = tk_play_dup_winners (newest);
      g_assert_cmpstr (newest_winners, ==, "Ben");
    }

    /* Edit it: the dialog opens pre-filled; Cleo's score becomes 66, saved in place. */
    {
      g_autoptr(TkPlay) newest = g_list_model_get_item (history, 0);
      gint64 id = tk_play_get_id (newest);
      g_autoptr(TkPlay) stored = NULL;
      g_autoptr(TkPlay) restored = NULL;
      g_autofree char *winners2 = NULL;
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      TkHistoryLogDialog *edit;

      g_assert_true (gtk_widget_activate_action (history_page, "history.edit-play", "x", id));
      WAIT_FOR ((edit = (TkHistoryLogDialog *)
                  tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG)) != NULL);
      collect (GTK_WIDGET (edit), ADW_TYPE_ENTRY_ROW, rows);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows->pdata[0])), ==, "Azul");
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rows->pdata[1])), ==, "2099-01-02");
      g_assert_true (tk_history_log_dialog_set_score (edit, 1, 66));
      g_assert_false (tk_history_log_dialog_set_score (edit, 2, 1));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (edit), "log-play.save", NULL));
      WAIT_FOR (tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG) == NULL);
      stored = tk_plays_get (store2, id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (tk_play_get_game_title (stored), ==, "Azul");
      g_assert_cmpuint (tk_play_get_n_players (stored), ==, 2);
      g_assert_cmpstr (tk_play_get_player (stored, 1)->name, ==, "Cleo");
      g_assert_cmpfloat (tk_play_get_player (stored, 1)->score, ==, 66);
      g_assert_cmpfloat (tk_play_get_player (stored, 0)->score, ==, 71);
      g_assert_true (tk_play_get_player (stored, 0)->winner);
      g_assert_cmpuint (g_list_model_get_n_items (history), ==, 2);

      /* Delete it from the dialog, then Undo from the page's toast. */
      g_assert_true (gtk_widget_activate_action (history_page, "history.edit-play", "x", id));
      WAIT_FOR ((edit = (TkHistoryLogDialog *)
                  tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG)) != NULL);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (edit), "log-play.delete", NULL));
      WAIT_FOR (tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG) == NULL);
      g_assert_cmpuint (g_list_model_get_n_items (history), ==, 1);
      g_assert_cmpint (tk_plays_count (store2, NULL), ==, 1);
      g_assert_null (tk_plays_get (store2, id, NULL));
      tk_test_press_toast_button (history_page, "_Undo");
      g_assert_cmpuint (g_list_model_get_n_items (history), ==, 2);
      g_assert_cmpint (tk_plays_count (store2, NULL), ==, 2);
      restored = g_list_model_get_item (history, 0);
      g_assert_cmpstr (tk_play_get_game_title (restored), ==, "Azul");
      g_assert_cmpfloat (tk_play_get_player (restored, 1)->score, ==, 66);
      winners2 = tk_play_dup_winners (restored);
      g_assert_cmpstr (winners2, ==, "Ben");
    }

    /* Import: a broken file is refused with a message and changes nothing; the plays'
     * own export is read whole, and adds nothing to the library it came from (each play
     * is known by its uid). */
    {
      g_autofree char *import_dir = g_dir_make_tmp ("tk-import-XXXXXX", &error);
      g_autofree char *bad_path = g_build_filename (import_dir, "bad.json", NULL);
      g_autofree char *good_path = g_build_filename (import_dir, "plays.json", NULL);
      g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
      g_autoptr(GFile) good = g_file_new_for_path (good_path);
      g_autofree char *exported = tk_plays_export_json (store2, &error);
      AdwMessageDialog *refused;

      g_assert_no_error (error);
      g_assert_nonnull (exported);
      g_assert_true (g_file_set_contents (bad_path, "{\"plays\": [ {\"game\": 7 ", -1, NULL));
      g_assert_true (g_file_set_contents (good_path, exported, -1, NULL));
      g_assert_false (tk_history_page_import_file (TK_HISTORY_PAGE (history_page), bad));
      WAIT_FOR ((refused = (AdwMessageDialog *)
                  tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
      g_assert_cmpstr (adw_message_dialog_get_heading (refused), ==, "Could Not Import Plays");
      g_assert_nonnull (adw_message_dialog_get_body (refused));
      gtk_window_destroy (GTK_WINDOW (refused));
      g_assert_cmpint (tk_plays_count (store2, NULL), ==, 2);
      g_assert_true (tk_history_page_import_file (TK_HISTORY_PAGE (history_page), good));
      g_assert_cmpint (tk_plays_count (store2, NULL), ==, 2);
      g_assert_cmpuint (g_list_model_get_n_items (history), ==, 2);
      g_unlink (bad_path);
      g_unlink (good_path);
      g_rmdir (import_dir);
    }
    gtk_window_destroy (GTK_WINDOW (history_window));
  }

  g_object_ref (page);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (page);
  tk_store_close (store2);
  tk_test_remove_tree (dir);
}

/* A game Tablekeeper keeps the books for gets its own engine and panel, with a readable
 * refusal for a wrong number of players; "Score pad only" falls back to the generic pad. */
static void
test_new_session_engine (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-test-table-XXXXXX", &error);
  g_autofree char *db_path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) store = NULL;
  TkTablePage *page;
  TkNewSessionDialog *dialog;
  TkSession *session;
  GtkWidget *window;
  gint64 agora_id;

  g_assert_no_error (error);
  store = tk_store_open (db_path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (store, NULL, &error));
  g_assert_no_error (error);
  agora_id = tk_test_catalog_game_id (store, "tk:agora");

  page = TK_TABLE_PAGE (tk_table_page_new ());
  tk_table_page_set_store (page, store);
  window = show_in_window (GTK_WIDGET (page), 1100);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "table.new-session", NULL));
  WAIT_FOR ((dialog = (TkNewSessionDialog *)
              tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG)) != NULL);
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "generic-score-pad");
  tk_new_session_dialog_set_game (dialog, agora_id, "Agora");
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "agora");
  tk_new_session_dialog_set_use_own_rules (dialog, FALSE);
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "generic-score-pad");
  tk_new_session_dialog_set_use_own_rules (dialog, TRUE);
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "agora");
  tk_test_save_shot (GTK_WIDGET (dialog), "new-session-agora");

  /* One player is too few for Agora: nothing starts. */
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ana", "#e01b24", &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-session.start", NULL));
  tk_test_settle ();
  g_assert_nonnull (tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG));
  g_assert_cmpuint (g_list_model_get_n_items (tk_table_page_get_model (page)), ==, 0);

  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ben", "#3584e4", &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-session.start", NULL));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG) == NULL);

  g_assert_cmpuint (g_list_model_get_n_items (tk_table_page_get_model (page)), ==, 1);
  session = tk_session_view_get_session (tk_table_page_get_session_view (page));
  g_assert_nonnull (session);
  g_assert_cmpstr (tk_session_get_rules (session)->id, ==, "agora");
  g_assert_cmpint (tk_session_get_game_id (session), ==, agora_id);
  g_assert_cmpstr (tk_rules_setup_player_name (tk_session_get_setup (session), 1), ==, "Ben");
  g_assert_cmpstr (tk_rules_setup_player_colour (tk_session_get_setup (session), 0), ==, "#e01b24");
  /* The game's panel stands where the score pad would. */
  g_assert_nonnull (tk_test_find_descendant (GTK_WIDGET (tk_table_page_get_session_view (page)),
                                             TK_TYPE_AGORA_PANEL));

  g_object_ref (page);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (page);
  tk_store_close (store);
  tk_test_remove_tree (dir);
}

/* The roster row (an AdwActionRow with a check) that a tap at @x, @y of @dialog lands on. */
static GtkWidget *
row_at (GtkWidget *dialog,
        double     x,
        double     y)
{
  GtkWidget *picked = gtk_widget_pick (dialog, x, y, GTK_PICK_DEFAULT);

  return picked != NULL ? gtk_widget_get_ancestor (picked, ADW_TYPE_ACTION_ROW) : NULL;
}

/* New Session at phone size and wide, with a game whose options grow per seat (Agora's
 * player cards): the user taps the roster's rows one after the other where they were seen
 * first; each tap lands on the player meant and ticks them (nothing moved in between). */
static void
test_new_session_ticks (gconstpointer data)
{
  int width = GPOINTER_TO_INT (data);
  const char *names[] = { "Ana", "Ben", "Cleo", "Dan" };
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  TkNewSessionDialog *dialog;
  GtkWidget *roster = NULL;
  graphene_point_t where[G_N_ELEMENTS (names)];

  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (store, NULL, &error));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(TkPlayer) player = tk_players_find_or_add (store, names[i], NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (player);
    }
  dialog = tk_new_session_dialog_new (NULL, store);
  gtk_window_set_default_size (GTK_WINDOW (dialog), width, 720);
  gtk_window_present (GTK_WINDOW (dialog));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  tk_new_session_dialog_set_game (dialog, tk_test_catalog_game_id (store, "tk:agora"), "Agora");
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "agora");
  tk_test_settle ();

  /* Scroll the roster into view, as a user would, then note where each row is. */
  {
    GtkWidget *first = tk_test_find_widget (GTK_WIDGET (dialog), is_roster_row, names[0]);
    GtkWidget *scroller = gtk_widget_get_ancestor (first, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
    graphene_point_t top;

    roster = gtk_widget_get_parent (first);
    g_assert_true (gtk_widget_compute_point (first, scroller, &GRAPHENE_POINT_INIT (0, 0), &top));
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + top.y - 60);
    tk_test_settle ();
  }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkWidget *row = tk_test_find_widget (roster, is_roster_row, names[i]);

      g_assert_true (gtk_widget_compute_point (row, GTK_WIDGET (dialog),
                                               &GRAPHENE_POINT_INIT (gtk_widget_get_width (row) / 2.f,
                                                                     gtk_widget_get_height (row) / 2.f),
                                               &where[i]));
      g_assert_cmpfloat (where[i].y, <, 720);
    }

  /* Tick Ana, Ben, Dan, then untick Ben, then tick Cleo: each at its first-seen place. */
  {
    const guint taps[] = { 0, 1, 3, 1, 2 };
    const gboolean ticked_after[][4] = {
      { TRUE, FALSE, FALSE, FALSE }, { TRUE, TRUE, FALSE, FALSE }, { TRUE, TRUE, FALSE, TRUE },
      { TRUE, FALSE, FALSE, TRUE }, { TRUE, FALSE, TRUE, TRUE },
    };

    for (guint t = 0; t < G_N_ELEMENTS (taps); t++)
      {
        GtkWidget *row = row_at (GTK_WIDGET (dialog), where[taps[t]].x, where[taps[t]].y);

        g_assert_nonnull (row);
        g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                         names[taps[t]]);
        g_assert_true (gtk_widget_activate (tk_test_find_descendant (row, GTK_TYPE_CHECK_BUTTON)));
        tk_test_settle ();
        for (guint i = 0; i < G_N_ELEMENTS (names); i++)
          {
            GtkWidget *other = tk_test_find_widget (roster, is_roster_row, names[i]);
            GtkWidget *check = tk_test_find_descendant (other, GTK_TYPE_CHECK_BUTTON);

            g_assert_cmpint (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)), ==,
                             ticked_after[t][i]);
          }
      }
  }
  tk_test_save_shot (GTK_WIDGET (dialog), width < 600 ? "new-session-ticked-360" : "new-session-ticked");
  g_assert_cmpuint (tk_new_session_dialog_get_n_seats (dialog), ==, 3);

  /* Scrolled to the very end, unticking (one seat fewer below) moves nothing either. */
  {
    GtkWidget *row = tk_test_find_widget (roster, is_roster_row, names[3]);
    GtkWidget *scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
    graphene_point_t before, after;
    double value;

    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                          gtk_adjustment_get_page_size (adjustment));
    tk_test_settle ();
    value = gtk_adjustment_get_value (adjustment);
    g_assert_true (gtk_widget_compute_point (row, GTK_WIDGET (dialog), &GRAPHENE_POINT_INIT (0, 0), &before));
    g_assert_true (gtk_widget_activate (tk_test_find_descendant (row, GTK_TYPE_CHECK_BUTTON)));
    tk_test_settle ();
    g_assert_cmpuint (tk_new_session_dialog_get_n_seats (dialog), ==, 2);
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, value);
    g_assert_true (gtk_widget_compute_point (row, GTK_WIDGET (dialog), &GRAPHENE_POINT_INIT (0, 0), &after));
    g_assert_cmpfloat (after.y, ==, before.y);
  }

  gtk_window_destroy (GTK_WINDOW (dialog));
  tk_test_settle ();
}

static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  text)
{
  g_autofree char *item_text = NULL;

  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &item_text, NULL);
  return g_strcmp0 (item_text, text) == 0;
}

/* Abandon is no button beside Finish: it is in the session menu, where the user opens the
 * menu and picks it; its confirmation closes the session without a play. */
static void
test_abandon_from_menu (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(TkSession) session = NULL;
  GtkWidget *view, *window, *menu_button, *item;
  AdwMessageDialog *confirm;

  g_assert_no_error (error);
  tk_games_register_all ();
  setup = tk_rules_json_parse_object ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}]}",
                                      -1, &error);
  g_assert_no_error (error);
  session = tk_session_start (store, "generic-score-pad", 0, "Skull King", setup, &error);
  g_assert_no_error (error);
  view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (view), session);
  window = show_in_window (view, 360);

  g_assert_null (tk_test_find_button (view, "A_bandon…"));
  g_assert_nonnull (tk_test_find_button (view, "_Finish…"));
  menu_button = tk_test_find_descendant (view, GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (menu_button);
  g_assert_true (GTK_IS_MENU_BUTTON (menu_button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  tk_test_settle ();
  item = tk_test_find_widget (menu_button, is_menu_item, "Abandon…");

  g_assert_nonnull (item);
  g_assert_true (gtk_widget_is_sensitive (item));
  g_signal_emit_by_name (item, "clicked");
  WAIT_FOR ((confirm = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  adw_message_dialog_response (confirm, "abandon");
  WAIT_FOR (g_strcmp0 (tk_session_get_status (session), "abandoned") == 0);

  g_object_ref (view);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (view);
}

/* Team games: every member's caption shows the team's total and its rank. */
static void
test_team_totals (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(TkSession) session = NULL;
  GtkWidget *view, *window;

  g_assert_no_error (error);
  tk_games_register_all ();
  setup = tk_rules_json_parse_object ("{\"win\":\"high\",\"players\":["
                                      "{\"name\":\"Ana\",\"team\":\"Red\"},"
                                      "{\"name\":\"Ben\",\"team\":\"Blue\"},"
                                      "{\"name\":\"Cleo\",\"team\":\"Red\"},"
                                      "{\"name\":\"Dan\",\"team\":\"Blue\"}]}", -1, &error);
  g_assert_no_error (error);
  session = tk_session_start (store, "generic-score-pad", 0, "Tichu", setup, &error);
  g_assert_no_error (error);
  view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (view), session);
  window = show_in_window (view, 1100);

  g_assert_true (gtk_widget_activate_action (view, "session.add-round", NULL));
  set_score (TK_SESSION_VIEW (view), 1, 0, 30);
  set_score (TK_SESSION_VIEW (view), 1, 1, 45);
  set_score (TK_SESSION_VIEW (view), 1, 2, 25);
  set_score (TK_SESSION_VIEW (view), 1, 3, 5);
  tk_test_settle ();
  /* Red 30 + 25 = 55 beats Blue 45 + 5 = 50, though Ben has the best single score. */
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (view), 0), ==, "Red 55 · rank 1");
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (view), 1), ==, "Blue 50 · rank 2");
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (view), 2), ==, "Red 55 · rank 1");
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (view), 1), ==, "45");

  g_object_ref (view);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (view);
}

static gboolean
is_session_list (GtkWidget     *widget,
                 gconstpointer  sessions)
{
  GtkSelectionModel *model;

  if (!GTK_IS_LIST_VIEW (widget) ||
      !GTK_IS_SINGLE_SELECTION (model = gtk_list_view_get_model (GTK_LIST_VIEW (widget))))
    return FALSE;
  return gtk_single_selection_get_model (GTK_SINGLE_SELECTION (model)) == sessions;
}

/* The session list's highlighted row. */
static gint64
highlighted (TkTablePage *page)
{
  GtkWidget *list = tk_test_find_widget (GTK_WIDGET (page), is_session_list,
                                         tk_table_page_get_model (page));
  GtkSingleSelection *selection;
  TkSession *session;

  g_assert_nonnull (list);
  selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  session = gtk_single_selection_get_selected_item (selection);
  return session != NULL ? tk_session_get_id (session) : -1;
}

/* The session list highlights the session open beside it, whatever GTK does with the rows:
 * a list that activates on one click selects the row under the pointer and the row the
 * keyboard focus moves to (issue 29: the highlight twice named another session). */
static void
test_list_highlight (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(JsonObject) setup = NULL;
  gint64 ids[3];
  TkTablePage *page;
  GtkWidget *window, *list;
  GListModel *sessions;
  guint other = G_MAXUINT;

  g_assert_no_error (error);
  tk_games_register_all ();
  setup = tk_rules_json_parse_object ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}]}",
                                      -1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *title = g_strdup_printf ("Session %u", i + 1);
      g_autoptr(TkSession) session = tk_session_start (store, "generic-score-pad", 0, title,
                                                       setup, &error);

      g_assert_no_error (error);
      ids[i] = tk_session_get_id (session);
    }
  page = TK_TABLE_PAGE (tk_table_page_new ());
  tk_table_page_set_store (page, store);
  window = show_in_window (GTK_WIDGET (page), 1100);
  sessions = tk_table_page_get_model (page);
  g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, 3);

  g_assert_true (tk_table_page_show_session (page, ids[1]));
  tk_test_settle ();
  g_assert_cmpint (highlighted (page), ==, ids[1]);

  /* The pointer over another row (what GTK does on hover), then the focus on it. */
  list = tk_test_find_widget (GTK_WIDGET (page), is_session_list, sessions);
  for (guint i = 0; i < g_list_model_get_n_items (sessions); i++)
    {
      g_autoptr(TkSession) session = g_list_model_get_item (sessions, i);

      if (tk_session_get_id (session) != ids[1])
        other = i;
    }
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", other, FALSE, FALSE));
  tk_test_settle ();
  g_assert_cmpint (tk_session_get_id (tk_session_view_get_session (tk_table_page_get_session_view (page))),
                   ==, ids[1]);
  g_assert_cmpint (highlighted (page), ==, ids[1]);

  /* A row activated: that session opens and is the one highlighted. */
  g_signal_emit_by_name (list, "activate", other);
  tk_test_settle ();
  {
    g_autoptr(TkSession) opened = g_list_model_get_item (sessions, other);

    g_assert_true (tk_table_page_get_session_view (page) != NULL);
    g_assert_cmpint (tk_session_get_id (tk_session_view_get_session (tk_table_page_get_session_view (page))),
                     ==, tk_session_get_id (opened));
    g_assert_cmpint (highlighted (page), ==, tk_session_get_id (opened));
  }

  /* The list read again (a session finished elsewhere, a new one): still the open one. */
  tk_table_page_reload (page);
  tk_test_settle ();
  g_assert_cmpint (highlighted (page),
                   ==, tk_session_get_id (tk_session_view_get_session (tk_table_page_get_session_view (page))));

  g_object_ref (page);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (page);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);

  g_test_add_func ("/table/session-round-trip", test_session_round_trip);
  g_test_add_func ("/table/new-session-engine", test_new_session_engine);
  g_test_add_func ("/table/team-totals", test_team_totals);
  g_test_add_func ("/table/abandon-from-menu", test_abandon_from_menu);
  g_test_add_func ("/table/list-highlight", test_list_highlight);
  g_test_add_data_func ("/table/new-session-ticks/360", GINT_TO_POINTER (360), test_new_session_ticks);
  g_test_add_data_func ("/table/new-session-ticks/1100", GINT_TO_POINTER (1100), test_new_session_ticks);

  return tk_test_run ();
}
