/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-import.c — a first BoardGameGeek import through the Collection page, at 360 px: the
 * progress bar moves, the window keeps answering while the file is imported, and a dialog
 * says how many games were new and how many were catalog games.
 *
 * Runs under a display (run-with-display.sh).  The export is generated (a realistic one,
 * tests/tk-bgg-export-gen.h); the library holds the catalog, as after the first start.
 */
#define G_LOG_DOMAIN "test-import"

#define TK_TEST_WAIT_TIMEOUT_S 300

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "tk-application.h"
#include "tk-bgg-export-gen.h"
#include "tk-collection-page.h"
#include "tk-test-utils.h"
#include "tk-window.h"

#define N_ROWS 30000

typedef struct
{
  gint64  last;
  gint64  longest;      /* the longest wait between two ticks of a 10 ms timeout */
  gint64  longest_at;
  double  longest_fraction;
  GArray *fractions;    /* the progress bar's, as the ticks saw it */
  GtkProgressBar *bar;
} Watch;

static gboolean
on_tick (gpointer user_data)
{
  Watch *watch = user_data;
  gint64 now = g_get_monotonic_time ();
  double fraction = gtk_progress_bar_get_fraction (watch->bar);

  if (now - watch->last > watch->longest)
    {
      watch->longest = now - watch->last;
      watch->longest_at = now;
      watch->longest_fraction = fraction;
    }
  watch->last = now;
  if (watch->fractions->len == 0 ||
      g_array_index (watch->fractions, double, watch->fractions->len - 1) != fraction)
    g_array_append_val (watch->fractions, fraction);
  return G_SOURCE_CONTINUE;
}

static void
test_first_import (TkTestFixture *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) catalog = tk_bgg_export_catalog_games (&error);
  g_autoptr(GArray) games = g_array_new (FALSE, FALSE, sizeof (TkGenCatalogGame));
  g_autofree char *path = g_build_filename (fixture->dir, "collection.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *expected = NULL;
  Watch watch = { 0 };
  GtkWindow *window;
  TkCollectionPage *page;
  GtkWidget *revealer;
  GtkWindow *dialog;
  GString *csv;
  gint64 started, took;
  guint matched = 0;
  guint tick;

  /* The file: catalog rows are those whose objectid is the catalog's (the generator gives
   * the others ids from 5,000,000 up). */
  g_assert_no_error (error);
  for (guint i = 0; i < catalog->len; i++)
    g_array_append_vals (games, g_ptr_array_index (catalog, i), 1);
  csv = tk_bgg_export_generate (N_ROWS, 7, (const TkGenCatalogGame *) (gpointer) games->data,
                                games->len, 15);
  for (const char *p = strstr (csv->str, "\r\n\""); p != NULL; p = strstr (p + 3, "\r\n\""))
    {
      /* Each record starts with "objectname","objectid" (the names have no '","'). */
      const char *id = strstr (p + 3, "\",\"");

      if (id != NULL && g_ascii_strtoll (id + 3, NULL, 10) < 5000000)
        matched++;
    }
  g_assert_true (g_file_set_contents (path, csv->str, (gssize) csv->len, &error));
  g_string_free (csv, TRUE);
  g_assert_cmpuint (matched, >, N_ROWS / 100);

  tk_test_start_app (fixture);
  window = tk_application_get_main_window (fixture->app);
  gtk_window_set_default_size (window, 360, 720);
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
  tk_test_settle ();
  page = TK_COLLECTION_PAGE (tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_COLLECTION_PAGE));
  WAIT_FOR (tk_collection_page_get_collection (page) != NULL);

  watch.bar = GTK_PROGRESS_BAR (tk_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_PROGRESS_BAR));
  revealer = gtk_widget_get_ancestor (GTK_WIDGET (watch.bar), GTK_TYPE_REVEALER);
  watch.fractions = g_array_new (FALSE, FALSE, sizeof (double));
  watch.last = started = g_get_monotonic_time ();
  tick = g_timeout_add (10, on_tick, &watch);
  /* The page settles first (its first rows, the window at 360 px). */
  WAIT_FOR (g_get_monotonic_time () - started > G_USEC_PER_SEC);
  g_test_message ("before the import: longest wait %.0f ms", watch.longest / 1000.0);
  watch.longest = 0;
  g_array_set_size (watch.fractions, 0);
  watch.last = started = g_get_monotonic_time ();

  tk_collection_page_import_file (page, file);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  WAIT_FOR (!gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  took = g_get_monotonic_time () - started;
  g_source_remove (tick);

  /* The window answered all along: no wait near the import's own length (a blocking import
   * would be one wait as long as the import). */
  g_test_message ("import %.0f ms, longest wait %.0f ms (ending at %.0f ms, progress %.2f), "
                  "%u progress values", took / 1000.0, watch.longest / 1000.0,
                  (watch.longest_at - started) / 1000.0, watch.longest_fraction,
                  watch.fractions->len);
  g_assert_cmpint (watch.longest, <, took / 3);
  /* The bar moved through the file. */
  g_assert_cmpuint (watch.fractions->len, >=, 3);
  for (guint i = 1; i < watch.fractions->len; i++)
    g_assert_cmpfloat (g_array_index (watch.fractions, double, i), >=,
                       g_array_index (watch.fractions, double, i - 1));

  /* A dialog says what was done: how many games were new and how many were catalog games. */
  WAIT_FOR ((dialog = tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  expected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u game",
                                           "Imported %u games", N_ROWS), N_ROWS);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, expected);
  g_free (expected);
  expected = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE,
                                          "%u new, %u updated, %u matched to the catalog"),
                              N_ROWS - matched, 0, matched);
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==, expected);
  tk_test_save_shot (GTK_WIDGET (dialog), "import-summary-360");
  gtk_window_destroy (dialog);
  g_array_unref (watch.fractions);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* As the app does when run from a build folder, so that the expectations (translated as
   * the app's texts are) hold in any language: with a Japanese locale installed, LANG=ja_JP.UTF-8
   * TK_LOCALEDIR=<build>/po TK_TEST_SHOTS_DIR=<folder> shows the dialog in Japanese. */
  if (g_getenv ("TK_LOCALEDIR") != NULL)
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TK_LOCALEDIR"));

  TK_TEST_ADD ("/import/first-import-360", tk_test_fixture_set_up_with_catalog, test_first_import);

  return tk_test_run ();
}
