/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-text-limits.c — the dialogs hold no more text than the library stores (tk-text.h):
 * a title pasted past its limit is cut at the limit and the field says why; a control
 * character pasted into a title is named in the dialog's message and Save is off; the same
 * for a play's location in the Log Play dialog, and for the session's notes view.
 */
#define G_LOG_DOMAIN "test-text-limits"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "tk-collection.h"
#include "tk-collection-game-dialog.h"
#include "tk-history-log-dialog.h"
#include "tk-text-limit.h"

#include "tk-test-utils.h"

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static GtkEditable *
entry_row (GtkWidget  *dialog,
           const char *title)
{
  GtkWidget *row = tk_test_find_widget (dialog, is_row_titled, title);

  g_assert_nonnull (row);
  return GTK_EDITABLE (row);
}

/* What a paste does: text inserted at the cursor of the focused entry. */
static void
paste (GtkEditable *editable,
       const char  *text)
{
  int position = -1;

  gtk_editable_delete_text (editable, 0, -1);
  position = 0;
  gtk_editable_insert_text (editable, text, -1, &position);
}

static void
test_game_dialog (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkCollection) collection = NULL;
  TkCollectionGameDialog *dialog;
  GtkEditable *title;
  g_autofree char *long_title = g_strnfill (400, 't');
  g_autofree char *expected = g_strnfill (tk_text_max_chars (TK_TEXT_TITLE), 't');

  g_assert_no_error (error);
  collection = tk_collection_new (store);
  dialog = tk_collection_game_dialog_new (NULL, collection, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  title = entry_row (GTK_WIDGET (dialog), "Title");

  paste (title, long_title);
  tk_test_settle ();
  g_assert_cmpstr (gtk_editable_get_text (title), ==, expected);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (title), "warning"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (title)), ==, "at most 300 characters");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (title)), ==,
                   "Title · at most 300 characters");
  g_assert_null (tk_collection_game_dialog_get_problem (dialog));
  tk_test_save_shot (GTK_WIDGET (dialog), "text-limits-title-full");

  paste (title, "Red\x1b[31m Alert");
  tk_test_settle ();
  tk_test_save_shot (GTK_WIDGET (dialog), "text-limits-title-control");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (title), "warning"));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (title)), ==, "Title");
  g_assert_nonnull (tk_collection_game_dialog_get_problem (dialog));
  g_assert_nonnull (strstr (tk_collection_game_dialog_get_problem (dialog), "title"));
  g_assert_nonnull (strstr (tk_collection_game_dialog_get_problem (dialog), "U+001B"));
  g_assert_false (gtk_widget_get_sensitive (tk_test_find_button (GTK_WIDGET (dialog), "_Add")));

  paste (title, "Red Alert");
  tk_test_settle ();
  g_assert_null (tk_collection_game_dialog_get_problem (dialog));
  g_object_ref (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  tk_test_settle ();
  g_assert_finalize_object (dialog);
}

static void
test_log_play_dialog (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  TkHistoryLogDialog *dialog;
  GtkEditable *location;
  g_autofree char *long_location = g_strnfill (2000, 'l');

  g_assert_no_error (error);
  dialog = tk_history_log_dialog_new (NULL, store);
  gtk_window_present (GTK_WINDOW (dialog));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  location = entry_row (GTK_WIDGET (dialog), "Location");
  paste (location, long_location);
  tk_test_settle ();
  g_assert_cmpint (strlen (gtk_editable_get_text (location)), ==, tk_text_max_chars (TK_TEXT_LINE));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (location), "warning"));
  g_object_ref (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  tk_test_settle ();
  g_assert_finalize_object (dialog);
}

/* The session's notes: a paste past the limit keeps what fits, typing at the limit adds
 * nothing, and the view says why. */
static void
test_notes_view (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = gtk_text_view_new ();
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  guint max = tk_text_max_chars (TK_TEXT_NOTES);
  g_autofree char *long_notes = g_strnfill (max + 500, 'n');
  GtkTextIter end;

  tk_text_limit_text_view (GTK_TEXT_VIEW (view), TK_TEXT_NOTES);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  gtk_text_buffer_set_text (buffer, "Start: ", -1);
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_interactive (buffer, &end, long_notes, -1, TRUE);
  g_assert_cmpint (gtk_text_buffer_get_char_count (buffer), ==, max);
  g_assert_true (gtk_widget_has_css_class (view, "warning"));
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_interactive (buffer, &end, "x", -1, TRUE);
  g_assert_cmpint (gtk_text_buffer_get_char_count (buffer), ==, max);
  gtk_text_buffer_set_text (buffer, "short", -1);
  g_assert_false (gtk_widget_has_css_class (view, "warning"));
  g_object_ref (view);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (view);
}

int
main (int    argc,
      char **argv)
{
  tk_test_init (&argc, &argv);
  g_test_add_func ("/text-limits/game-dialog", test_game_dialog);
  g_test_add_func ("/text-limits/log-play-dialog", test_log_play_dialog);
  g_test_add_func ("/text-limits/notes-view", test_notes_view);
  return tk_test_run ();
}
