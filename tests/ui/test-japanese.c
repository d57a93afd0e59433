/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-japanese.c — the app as a Japanese user at 360 px meets it.
 *
 * History: plays under month headings in the UI's date format, game titles by the
 * display-title rule, the plays chart's month names in Japanese without collisions, and a
 * play opening read only (its players and breakdown) with Edit as a button that hands over
 * to the edit dialog without selecting the title.  Table: the session list, the session's
 * header and New Session's picker name Agora アゴラ.  Discover: one primary action per card
 * that does not wrap, the others in a menu, and the fresh library's banner not repeated on
 * the cards.  No label shows a mnemonic in brackets ("保存(S)").
 *
 * Runs under a display (run-with-display.sh); sets LANGUAGE=ja and reads the translations
 * compiled in the build folder.
 */
#define G_LOG_DOMAIN "test-japanese"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "generic/tk-generic-rules.h"
#include "tk-catalog.h"
#include "tk-collection-details.h"
#include "tk-discover-page.h"
#include "tk-history-log-dialog.h"
#include "tk-history-page.h"
#include "tk-play-details-dialog.h"
#include "tk-plays-chart.h"
#include "tk-plays.h"
#include "tk-new-session-dialog.h"
#include "tk-rules.h"
#include "tk-session-view.h"
#include "tk-session.h"
#include "tk-table-page.h"
#include "tk-test-utils.h"

/* Newest first in the list: two plays in November, one in October, one in September; the
 * Agora and Metromania plays name catalogue games with Japanese titles. */
static const char plays_json[] =
  "{\"format\":\"tablekeeper-plays\",\"version\":1,\"plays\":["
  "{\"game_title\":\"Agora\",\"played_on\":\"2026-09-12\",\"duration_min\":40,\"players\":["
  " {\"seat\":0,\"name\":\"Ana\",\"score\":61,\"rank\":1,\"winner\":true},"
  " {\"seat\":1,\"name\":\"Ben\",\"score\":48,\"rank\":2}]},"
  "{\"game_title\":\"Metromania\",\"played_on\":\"2026-10-03\",\"players\":["
  " {\"seat\":0,\"name\":\"Ana\",\"score\":20,\"rank\":2},"
  " {\"seat\":1,\"name\":\"Ben\",\"score\":25,\"rank\":1,\"winner\":true}]},"
  "{\"game_title\":\"Carcassonne\",\"played_on\":\"2026-11-02\",\"players\":["
  " {\"seat\":0,\"name\":\"Ana\",\"score\":90,\"rank\":1,\"winner\":true}]},"
  "{\"game_title\":\"Agora\",\"played_on\":\"2026-11-20\",\"location\":\"Café\",\"players\":["
  " {\"seat\":0,\"name\":\"Chika\",\"score\":40,\"rank\":1,\"winner\":true},"
  " {\"seat\":1,\"name\":\"Ana\",\"score\":33,\"rank\":2}]}]}";

typedef struct
{
  TkTestFixture  base;
  TkStore       *store;
  GtkWidget     *window;
  TkHistoryPage *page;
} Fixture;

/* @page alone in a window of 360 × 720, shown. */
static GtkWidget *
show_page (Fixture   *f,
           GtkWidget *page)
{
  GtkWidget *window = adw_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  adw_window_set_content (ADW_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_widget_get_mapped (page));
  tk_test_settle ();
  return window;
}

/* A library with the catalog and nothing of the user's. */
static void
set_up_fresh (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  tk_test_fixture_set_up (&f->base, data);
  f->store = tk_store_open (f->base.db_path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_assert_no_error (error);
}

/* …and four plays, and the History page in a 360 px window. */
static void
set_up (Fixture       *f,
        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  guint n = 0;

  set_up_fresh (f, data);
  g_assert_true (tk_plays_import_json (f->store, plays_json, -1, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 4);

  f->page = TK_HISTORY_PAGE (tk_history_page_new ());
  tk_history_page_set_store (f->page, f->store);
  f->window = show_page (f, GTK_WIDGET (f->page));
}

static void
tear_down (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GList) toplevels = NULL;
  /* The History page the set-up made goes with its window. */
  TkHistoryPage *page = f->page != NULL ? g_object_ref (f->page) : NULL;

  while ((toplevels = gtk_window_list_toplevels ()) != NULL)
    {
      gtk_window_destroy (toplevels->data);
      g_clear_pointer (&toplevels, g_list_free);
    }
  tk_test_settle ();
  if (page != NULL)
    g_assert_finalize_object (page);
  tk_store_close (f->store);
  g_clear_object (&f->store);
  tk_test_fixture_tear_down (&f->base, data);
}

/* Every widget of @widget's tree that @match accepts, depth first. */
static void
collect (GtkWidget       *widget,
         TkTestMatchFunc  match,
         gconstpointer    data,
         GPtrArray       *out)
{
  if (match (widget, data))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, match, data, out);
}

static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
is_action_row (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_ACTION_ROW (widget);
}

static gboolean
is_mapped_label (GtkWidget     *widget,
                 gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
is_mapped_label_prefix (GtkWidget     *widget,
                        gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

/* Every label of @widget's tree: none shows a mnemonic as "(X)" or "(_X)" beside Japanese. */
static void
assert_no_bracketed_mnemonics (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_label (GTK_LABEL (widget));
      g_autoptr(GRegex) regex = g_regex_new ("\\(_?[A-Z0-9]\\)", 0, 0, NULL);

      if (text != NULL && g_regex_match (regex, text, 0, NULL))
        g_error ("a label shows a mnemonic in brackets: “%s”", text);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_no_bracketed_mnemonics (child);
}

/* Every heading of @widget's tree that wraps does so between words, never inside one.
 * (libadwaita's status pages are left out: their titles are theirs.) */
static void
assert_headings_wrap_between_words (GtkWidget *widget)
{
  static const char *const headings[] = { "title-1", "title-2", "title-3", "title-4", "heading" };

  if (ADW_IS_STATUS_PAGE (widget))
    return;

  if (GTK_IS_LABEL (widget) && gtk_label_get_wrap (GTK_LABEL (widget)))
    for (guint i = 0; i < G_N_ELEMENTS (headings); i++)
      if (gtk_widget_has_css_class (widget, headings[i]))
        {
          if (gtk_label_get_wrap_mode (GTK_LABEL (widget)) != PANGO_WRAP_WORD)
            g_error ("the heading “%s” may break inside a word",
                     gtk_label_get_text (GTK_LABEL (widget)));
          break;
        }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_headings_wrap_between_words (child);
}

/* The month headings shown, top to bottom, and the dates and titles in Japanese. */
static void
test_months (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) headings = g_ptr_array_new ();
  g_autoptr(GString) shown = g_string_new (NULL);

  collect (GTK_WIDGET (f->page), has_name, "month-heading", headings);
  for (guint i = 0; i < headings->len; i++)
    if (gtk_widget_get_visible (headings->pdata[i]))
      g_string_append_printf (shown, "%s|", gtk_label_get_text (headings->pdata[i]));
  g_assert_cmpstr (shown->str, ==, "2026年11月|2026年10月|2026年9月|");

  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (f->page), is_mapped_label, "2026年11月20日"));
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (f->page), is_mapped_label, "アゴラ"));
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (f->page), is_mapped_label, "メトロマニア"));
  g_assert_null (tk_test_find_widget (GTK_WIDGET (f->page), is_mapped_label, "Agora"));
  g_assert_null (tk_test_find_widget (GTK_WIDGET (f->page), is_mapped_label, "2026-11-20"));
  /* Nothing forces the page past the phone's width. */
  g_assert_cmpint (gtk_widget_get_width (f->window), <=, 360);
  assert_no_bracketed_mnemonics (GTK_WIDGET (f->page));
  assert_headings_wrap_between_words (GTK_WIDGET (f->page));
}

/* The chart names the months in Japanese, at most as often as they fit at 360 px. */
static void
test_chart (Fixture       *f,
            gconstpointer  data)
{
  TkPlaysChart *chart = TK_PLAYS_CHART (tk_test_find_descendant (GTK_WIDGET (f->page),
                                                                 TK_TYPE_PLAYS_CHART));
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (chart), GTK_TYPE_STACK));
  g_autofree char *labels = NULL;

  gtk_stack_set_visible_child_name (stack, "stats");
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (chart)) &&
            gtk_widget_get_width (GTK_WIDGET (chart)) > 0);
  tk_test_settle ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (chart)), <, 360);
  labels = tk_plays_chart_dup_shown_labels (chart);
  g_test_message ("chart labels at %d px: %s", gtk_widget_get_width (GTK_WIDGET (chart)), labels);
  g_assert_null (strstr (labels, "overlapping"));
  g_assert_null (strstr (labels, "Nov"));
  /* The latest month is always named. */
  g_assert_true (g_str_has_suffix (labels, "11月"));
  tk_test_save_shot (GTK_WIDGET (f->page), "history-stats-ja-360");
}

static gboolean
is_plays_list (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LIST_VIEW (widget) && gtk_widget_has_css_class (widget, "tk-plays-list");
}

static gboolean
is_focus_in (GtkWidget *focus,
             GtkWidget *ancestor)
{
  return focus != NULL && (focus == ancestor || gtk_widget_is_ancestor (focus, ancestor));
}

/* Clicking a play shows it read only; Edit opens the edit dialog with nothing selected. */
static void
test_play_details (Fixture       *f,
                   gconstpointer  data)
{
  GtkListView *list = GTK_LIST_VIEW (tk_test_find_widget (GTK_WIDGET (f->page), is_plays_list,
                                                          NULL));
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  TkPlayDetailsDialog *details;
  TkHistoryLogDialog *edit;
  GtkWidget *edit_button, *title_row, *focus;
  GtkWidget *row_widget;

  /* The newest play, as a click on its row activates it (single-click activation). */
  row_widget = gtk_widget_get_first_child (GTK_WIDGET (list));
  g_assert_nonnull (row_widget);
  g_assert_true (gtk_widget_activate_action (row_widget, "list.activate-item", "u", 0));
  WAIT_FOR ((details = TK_PLAY_DETAILS_DIALOG (tk_test_find_toplevel (TK_TYPE_PLAY_DETAILS_DIALOG))) != NULL);
  g_assert_null (tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (details)));
  tk_test_settle ();

  /* Its game, date, place and players with their scores, winner first. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (details)), ==, "アゴラ");
  collect (GTK_WIDGET (details), is_action_row, NULL, rows);
  {
    g_autoptr(GString) text = g_string_new (NULL);

    for (guint i = 0; i < rows->len; i++)
      g_string_append_printf (text, "%s=%s|", adw_preferences_row_get_title (rows->pdata[i]),
                              adw_action_row_get_subtitle (rows->pdata[i]));
    g_test_message ("%s", text->str);
    g_assert_nonnull (strstr (text->str, "2026年11月20日"));
    g_assert_nonnull (strstr (text->str, "Café"));
    g_assert_nonnull (strstr (text->str, "Chika=★ 勝者"));
    g_assert_nonnull (strstr (text->str, "Ana=2位"));
  }
  tk_test_save_shot (GTK_WIDGET (details), "play-details-ja");
  /* It fits a phone: nothing in it asks for more than 360 px. */
  {
    int minimum = 0;

    gtk_widget_measure (GTK_WIDGET (details), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL,
                        NULL, NULL);
    g_assert_cmpint (minimum, <=, 360);
  }

  /* Edit is a button of the dialog; the edit dialog then opens on the same play. */
  edit_button = tk_test_find_button (GTK_WIDGET (details), "編集(_E)");
  if (edit_button == NULL)
    edit_button = tk_test_find_button (GTK_WIDGET (details), "編集");
  g_assert_nonnull (edit_button);
  g_signal_emit_by_name (edit_button, "clicked");
  WAIT_FOR ((edit = TK_HISTORY_LOG_DIALOG (tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG))) != NULL);
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_PLAY_DETAILS_DIALOG) == NULL);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (edit)));
  tk_test_settle ();

  /* The title is not selected for the user to type over. */
  title_row = tk_test_find_descendant (GTK_WIDGET (edit), ADW_TYPE_ENTRY_ROW);
  g_assert_nonnull (title_row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (title_row)), ==, "Agora");
  focus = gtk_root_get_focus (GTK_ROOT (edit));
  g_assert_false (is_focus_in (focus, title_row));
}



/* The session list, the session's header and New Session's picker say アゴラ. */
static void
test_table_titles (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(JsonObject) setup = json_object_new ();
  JsonArray *players = json_array_new ();
  gint64 agora = tk_store_query_int (f->store, "SELECT id FROM games WHERE catalog_key = 'tk:agora'",
                                     0, NULL);
  TkTablePage *page;
  TkNewSessionDialog *dialog;
  GtkWidget *game_row;

  json_array_add_object_element (players, json_object_new ());
  json_object_set_string_member (json_array_get_object_element (players, 0), "name", "Ana");
  json_object_set_array_member (setup, "players", players);
  tk_games_register_all ();
  session = tk_session_start (f->store, TK_GENERIC_RULES_ID, agora, NULL, setup, &error);
  g_assert_no_error (error);

  /* Started three days ago: the line says the day, in Japanese, whole. */
  g_assert_true (tk_store_exec (f->store, "UPDATE sessions SET started_at = started_at - 3 * 86400",
                                &error));
  page = TK_TABLE_PAGE (tk_table_page_new ());
  tk_table_page_set_store (page, f->store);
  show_page (f, GTK_WIDGET (page));
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (page), is_mapped_label, "アゴラ"));
  {
    GtkWidget *started = tk_test_find_widget (GTK_WIDGET (page), is_mapped_label_prefix, "開始 ");
    const char *text;

    g_assert_nonnull (started);
    text = gtk_label_get_text (GTK_LABEL (started));
    g_test_message ("session line: %s", text);
    g_assert_nonnull (strstr (text, "月"));
    g_assert_nonnull (strstr (text, "日 "));
    g_assert_null (strchr (text, '/'));
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (started))));
    g_assert_cmpint (gtk_widget_get_width (started), <=, 360);
  }
  g_assert_null (tk_test_find_widget (GTK_WIDGET (page), is_mapped_label, "Agora"));
  assert_no_bracketed_mnemonics (GTK_WIDGET (page));
  assert_headings_wrap_between_words (GTK_WIDGET (page));

  /* The session opened: its header. */
  g_assert_cmpuint (g_list_model_get_n_items (tk_table_page_get_model (page)), ==, 1);
  g_assert_true (tk_table_page_show_session (page, tk_session_get_id (session)));
  WAIT_FOR (tk_table_page_get_session_view (page) != NULL &&
            gtk_widget_get_mapped (GTK_WIDGET (tk_table_page_get_session_view (page))));
  tk_test_settle ();
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (tk_table_page_get_session_view (page)),
                                         is_mapped_label, "アゴラ"));

  /* New Session: typing アゴ finds Agora by its Japanese title, shown so. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "table.new-session", NULL));
  WAIT_FOR ((dialog = TK_NEW_SESSION_DIALOG (tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG))) != NULL);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  game_row = tk_test_find_descendant (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW);
  gtk_editable_set_text (GTK_EDITABLE (game_row), "アゴ");
  WAIT_FOR (tk_test_find_widget (GTK_WIDGET (dialog), is_mapped_label_prefix, "アゴラ"));
  assert_no_bracketed_mnemonics (GTK_WIDGET (dialog));
  assert_headings_wrap_between_words (GTK_WIDGET (dialog));
}

static gboolean
is_primary_action (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "suggested-action");
}

static guint
count_buttons (GtkWidget *widget)
{
  guint n = GTK_IS_BUTTON (widget) && !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)) &&
            !GTK_IS_MENU_BUTTON (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_buttons (child);
  return n;
}

/* A game's details: its Japanese title as the heading (wrapping between words), the
 * English one under it; the last play's date in Japanese. */
static void
test_details (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(TkCollection) collection = tk_collection_new (f->store);
  GtkWidget *details = tk_collection_details_new ();
  gint64 agora = tk_store_query_int (f->store, "SELECT id FROM games WHERE catalog_key = 'tk:agora'",
                                     0, NULL);

  tk_collection_details_set_collection (TK_COLLECTION_DETAILS (details), collection);
  tk_collection_details_set_game_id (TK_COLLECTION_DETAILS (details), agora);
  show_page (f, details);
  g_assert_nonnull (tk_test_find_widget (details, is_mapped_label, "アゴラ"));
  g_assert_nonnull (tk_test_find_widget (details, is_label_containing, "2026年11月20日"));
  g_assert_null (tk_test_find_widget (details, is_label_containing, "2026-11-20"));
  assert_no_bracketed_mnemonics (details);
  assert_headings_wrap_between_words (details);
}

/* A fresh library's cards: one primary action that fits on one line, the others in the
 * card's menu, and the banner's "no taste yet" said once, above the cards. */
static void
test_discover_cards (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *page = tk_discover_page_new ();
  GtkFlowBox *flow;
  GtkWidget *child;
  guint n = 0;

  tk_discover_page_set_store (TK_DISCOVER_PAGE (page), f->store);
  show_page (f, page);
  flow = GTK_FLOW_BOX (tk_test_find_descendant (page, GTK_TYPE_FLOW_BOX));
  WAIT_FOR (gtk_widget_get_first_child (GTK_WIDGET (flow)) != NULL &&
            gtk_widget_get_mapped (gtk_widget_get_first_child (GTK_WIDGET (flow))));
  tk_test_settle ();
  g_assert_nonnull (tk_test_find_widget (page, is_mapped_label_prefix,
                                         "ライブラリからはまだ好みがわからない"));
  for (child = gtk_widget_get_first_child (GTK_WIDGET (flow)); child != NULL && n < 3;
       child = gtk_widget_get_next_sibling (child), n++)
    {
      GtkWidget *primary = tk_test_find_widget (child, is_primary_action, NULL);
      GtkWidget *label;
      GtkMenuButton *more;
      int card_width;

      WAIT_FOR (gtk_widget_get_width (child) > 0);
      card_width = gtk_widget_get_width (child);
      g_assert_nonnull (primary);
      g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (primary)), ==, "興味あり");
      label = gtk_button_get_child (GTK_BUTTON (primary));
      g_assert_true (GTK_IS_LABEL (label));
      /* One line: the button is as tall as one line of its text, and inside the card. */
      g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))), ==, 1);
      g_assert_cmpint (gtk_widget_get_width (primary), <, card_width);
      g_assert_cmpint (card_width, <=, 360);
      /* The only plain button; the rest is in the menu. */
      g_assert_cmpuint (count_buttons (child), ==, 1);
      more = GTK_MENU_BUTTON (tk_test_find_descendant (child, GTK_TYPE_MENU_BUTTON));
      g_assert_nonnull (more);
      g_assert_cmpint (g_menu_model_get_n_items (gtk_menu_button_get_menu_model (more)), ==, 2);
      /* The card's reason does not say again what the banner says. */
      g_assert_null (tk_test_find_widget (child, is_label_containing, "まだ好み"));
      g_assert_nonnull (tk_test_find_widget (child, is_label_containing, "カタログの人気ゲーム"));
    }
  g_assert_cmpuint (n, ==, 3);
  assert_no_bracketed_mnemonics (page);
  assert_headings_wrap_between_words (page);
  tk_test_save_shot (page, "discover-ja-360");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *podir = g_build_filename (g_getenv ("TK_TEST_BUILDDIR"), "..", "po", NULL);

  /* The UI in Japanese, from the translations of this build. */
  g_setenv ("LANGUAGE", "ja", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, podir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  tk_test_init (&argc, &argv);
  /* gtk_test_init() leaves the C locale, in which gettext ignores LANGUAGE. */
  setlocale (LC_ALL, "C.UTF-8");

  g_test_add ("/ja/history/months", Fixture, NULL, set_up, test_months, tear_down);
  g_test_add ("/ja/history/chart", Fixture, NULL, set_up, test_chart, tear_down);
  g_test_add ("/ja/history/play-details", Fixture, NULL, set_up, test_play_details, tear_down);
  g_test_add ("/ja/table/titles", Fixture, NULL, set_up, test_table_titles, tear_down);
  g_test_add ("/ja/collection/details", Fixture, NULL, set_up, test_details, tear_down);
  g_test_add ("/ja/discover/cards", Fixture, NULL, set_up_fresh, test_discover_cards, tear_down);
  return tk_test_run ();
}
