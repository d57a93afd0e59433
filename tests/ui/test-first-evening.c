/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-first-evening.c — what a new user meets on the first evening, through the real app:
 *
 * - a new library finds catalog games in New Session at once (no visit to Collection first),
 *   typed into the Game row and picked from its list, and the game's bookkeeper is offered;
 * - Space passes the turn whatever has the focus (Undo, the clock's Pause, a player's card,
 *   the page switcher, the list of sessions), typed through the X server as a key press, but
 *   types a space in the notes;
 * - a new turn and a toast are heard: set as the description of the widget with the focus;
 * - closing the window mid-turn keeps the running turn, and the time while the app was
 *   closed counts neither on the turn clock nor on the game timer; one Resume starts both.
 *
 * Each runs at a phone's width and a laptop's; the meson file runs it in Japanese as well
 * (widgets are found by name, action or type, never by English text).  Time comes from a
 * fake clock where it matters, so the figures are exact whatever the machine's speed.
 */
#define G_LOG_DOMAIN "test-first-evening"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <inttypes.h>

#include "city-plan/tk-city-plan-rules-private.h"
#include "tk-collection-page.h"
#include "tk-game.h"
#include "tk-history-import-dialog.h"
#include "tk-history-import.h"
#include "tk-history-log-dialog.h"
#include "tk-history-page.h"
#include "tk-ledger-entry.h"
#include "tk-new-session-dialog.h"
#include "tk-plays.h"
#include "tk-rules-json.h"
#include "tk-session-row.h"
#include "tk-session-turns.h"
#include "tk-session-view.h"
#include "tk-table-page.h"
#include "tk-test-utils.h"
#include "tk-turn-clock-view.h"
#include "tk-window.h"

#define T0 G_GINT64_CONSTANT (1767225600000)   /* 2026-01-01 00:00 UTC */

static gint64 fake_now = T0;

static gint64
fake_clock (void)
{
  return fake_now;
}

/* Presses the visible button bound to @action below @root, as a tap does. */
static void
press_action_button (GtkWidget  *root,
                     const char *action)
{
  GtkWidget *button = tk_test_find_widget (root, tk_test_has_action, action);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

static void
press_named (GtkWidget  *root,
             const char *name)
{
  GtkWidget *button = tk_test_find_widget (root, tk_test_has_name, name);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_drawable (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

/* Gives the main window @width and waits until it has it (a phone's or a laptop's). */
static TkWindow *
size_main_window (int width)
{
  TkWindow *window;

  WAIT_FOR ((window = TK_WINDOW (tk_test_find_toplevel (TK_TYPE_WINDOW))) != NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 720);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)) &&
            ABS (gtk_widget_get_width (GTK_WIDGET (window)) - width) <= 16);
  tk_window_set_visible_page_name (window, "table");
  return window;
}

static TkWindow *
start_on_table (TkTestFixture *fixture,
                int            width)
{
  TkWindow *window;

  tk_test_start_app (fixture);
  window = size_main_window (width);
  WAIT_FOR (tk_window_get_store (window) != NULL);
  tk_test_settle ();
  return window;
}

static TkNewSessionDialog *
open_new_session (TkWindow *window)
{
  TkNewSessionDialog *dialog;

  press_action_button (GTK_WIDGET (window), "table.new-session");
  WAIT_FOR ((dialog = (TkNewSessionDialog *)
              tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG)) != NULL);
  return dialog;
}

/* Types @text into New Session's Game row (an AdwEntryRow edits through its GtkText). */
static void
type_game (TkNewSessionDialog *dialog,
           const char         *text)
{
  GtkWidget *row = tk_test_find_descendant (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW);

  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  tk_test_settle ();
}

/* The position in New Session's list of games of the first whose title (as the catalog
 * has it, whatever the language shown) starts with @title. */
static guint
find_game (GtkListView *list,
           const char  *title)
{
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (list));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TkGame) game = g_list_model_get_item (model, i);

      if (g_str_has_prefix (tk_game_get_title (game), title))
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* Waits for the games list to show @title and taps its row (a click on a list view's row
 * activates it at its position). */
static void
pick_game (TkNewSessionDialog *dialog,
           const char         *title)
{
  GtkListView *list = GTK_LIST_VIEW (tk_test_find_descendant (GTK_WIDGET (dialog),
                                                              GTK_TYPE_LIST_VIEW));
  guint position;

  g_assert_nonnull (list);
  g_test_message ("waiting for “%s” in New Session's list of games", title);
  WAIT_FOR ((position = find_game (list, title)) != GTK_INVALID_LIST_POSITION &&
            gtk_widget_is_drawable (GTK_WIDGET (list)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "list.activate-item", "u", position));
  tk_test_settle ();
}

/* ---- 1. the catalog from the first start ---- */

static void
test_catalog_from_first_start (TkTestFixture *fixture,
                               gconstpointer  data)
{
  TkNewSessionDialog *dialog;
  TkWindow *window;

  /* a new library: no catalog yet, and nobody opens Collection or Discover */
  window = start_on_table (fixture, GPOINTER_TO_INT (data));
  dialog = open_new_session (window);

  type_game (dialog, "Skull King");
  pick_game (dialog, "Skull King");
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "generic-score-pad");

  type_game (dialog, "Agora");
  /* the game of that very title first, before "7 Wonders Duel: Agora" and the others */
  {
    GtkListView *list = GTK_LIST_VIEW (tk_test_find_descendant (GTK_WIDGET (dialog),
                                                                GTK_TYPE_LIST_VIEW));
    GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (list));
    g_autoptr(TkGame) first = NULL;

    WAIT_FOR (g_list_model_get_n_items (model) > 1);
    first = g_list_model_get_item (model, 0);
    g_assert_cmpstr (tk_game_get_title (first), ==, "Agora");
    g_assert_true (find_game (list, "7 Wonders Duel: Agora") != GTK_INVALID_LIST_POSITION);
  }
  pick_game (dialog, "Agora");
  /* the catalog game, linked: its bookkeeper is offered */
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "agora");

  type_game (dialog, "Welcome To");
  pick_game (dialog, "Welcome To");
  g_assert_cmpstr (tk_new_session_dialog_get_rules_id (dialog), ==, "welcome-to");
}

/* ---- a session with the turn clock, started as a user does ---- */

static TkSessionView *
start_clock_session (TkWindow *window)
{
  g_autoptr(GError) error = NULL;
  TkNewSessionDialog *dialog = open_new_session (window);
  TkTablePage *page;
  TkSessionView *view;
  GtkWidget *clock;

  tk_new_session_dialog_set_game (dialog, 0, "Twilight Imperium");
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ana", NULL, &error));
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ben", NULL, &error));
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Cleo", NULL, &error));
  g_assert_no_error (error);
  press_action_button (GTK_WIDGET (dialog), "new-session.start");
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG) == NULL);

  page = TK_TABLE_PAGE (tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_TABLE_PAGE));
  view = tk_table_page_get_session_view (page);
  WAIT_FOR (tk_session_view_get_session (view) != NULL && gtk_widget_get_mapped (GTK_WIDGET (view)));
  clock = tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW);
  g_assert_nonnull (clock);
  press_named (clock, "clock-start");   /* Ana's turn */
  return view;
}

static int
active_seat (TkSessionView *view)
{
  return tk_turn_clock_get_active (tk_session_get_turn_clock (tk_session_view_get_session (view)));
}

/* Puts the keyboard focus on @widget and presses Space on the keyboard. */
static void
space_on (TkWindow  *window,
          GtkWidget *widget)
{
  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_grab_focus (widget));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == widget ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), widget));
  tk_test_type_key (GTK_WINDOW (window), GDK_KEY_space);
}

/* ---- 2. Space is Next Player ---- */

static void
test_space_passes_turn (TkTestFixture *fixture,
                        gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  TkSessionView *view = start_clock_session (window);
  TkSession *session = tk_session_view_get_session (view);
  GtkWidget *clock = tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW);
  guint n_active = tk_session_get_n_active (session);
  GtkWidget *notes;
  GtkTextBuffer *buffer;
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  g_assert_cmpint (active_seat (view), ==, 0);
  /* after Start the keyboard is in the new session, not on the page switcher */
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_WIDGET (view)));

  /* right after Start, with the focus on the header's Undo: Ben, and nothing undone */
  space_on (window, tk_test_find_widget (GTK_WIDGET (view), tk_test_has_action, "session.undo"));
  g_assert_cmpint (active_seat (view), ==, 1);
  g_assert_cmpuint (tk_session_get_n_active (session), ==, n_active + 1);
  g_assert_true (tk_session_turns_live (session));

  /* the focus on the clock's Pause: Cleo, and the clock still runs */
  space_on (window, tk_test_find_widget (clock, tk_test_has_action, "clock.toggle"));
  g_assert_cmpint (active_seat (view), ==, 2);
  g_assert_true (tk_session_turns_live (session));

  /* the focus on a player's card (Ben's): the next player, Ana, not Ben */
  space_on (window, tk_test_find_widget (clock, tk_test_has_name, "clock-player-1"));
  g_assert_cmpint (active_seat (view), ==, 0);

  /* the focus on the page switcher in the header, outside the session: Ben */
  space_on (window, tk_test_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE) != NULL
                    ? tk_test_find_descendant (tk_test_find_descendant (GTK_WIDGET (window),
                                                                        ADW_TYPE_VIEW_SWITCHER_TITLE),
                                               GTK_TYPE_TOGGLE_BUTTON)
                    : NULL);
  g_assert_cmpint (active_seat (view), ==, 1);
  g_assert_cmpstr (tk_window_get_visible_page_name (window), ==, "table");

  /* in the notes, Space is a space: the turn stays with Ben */
  notes = tk_test_find_descendant (GTK_WIDGET (view), GTK_TYPE_TEXT_VIEW);
  g_assert_nonnull (notes);
  g_assert_true (gtk_widget_is_drawable (notes));
    {
      space_on (window, notes);
      g_assert_cmpint (active_seat (view), ==, 1);
      buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (notes));
      gtk_text_buffer_get_bounds (buffer, &start, &end);
      text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      g_assert_cmpstr (text, ==, " ");
      /* and Tab leaves the notes for the next control instead of typing a tab */
      tk_test_type_key (GTK_WINDOW (window), GDK_KEY_Tab);
      g_clear_pointer (&text, g_free);
      gtk_text_buffer_get_bounds (buffer, &start, &end);
      text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      g_assert_cmpstr (text, ==, " ");
      g_assert_false (gtk_widget_has_focus (notes));
    }
}

/* ---- 2b. results are heard ---- */

/* GTK 4.8 cannot announce: a result is set as the accessible description of the focused
 * widget, which a screen reader reads when it changes (tk_accessible_announce()). */
static void
assert_heard (TkWindow   *window,
              GtkWidget  *focus,
              const char *text)
{
  tk_test_settle ();   /* results are said once the main loop is idle */
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == focus);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
}

/* The text of the ledger's latest entry: the toast of the action just taken. */
static char *
latest_ledger_text (TkSession *session)
{
  g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (tk_session_get_ledger (session),
                                                          tk_session_get_n_active (session) - 1);

  return g_strdup (tk_ledger_entry_get_text (entry));
}

static void
test_results_heard (TkTestFixture *fixture,
                    gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  TkSessionView *view = start_clock_session (window);
  TkSession *session = tk_session_view_get_session (view);
  GtkWidget *undo = tk_test_find_widget (GTK_WIDGET (view), tk_test_has_action, "session.undo");
  GtkWidget *add_round = tk_test_find_widget (GTK_WIDGET (view), tk_test_has_action,
                                              "session.add-round");
  g_autofree char *bens_turn = g_strdup_printf (_("%s’s turn"), "Ben");
  g_autofree char *passed = NULL;
  g_autofree char *added = NULL;
  const char *undo_tooltip;

  g_assert_nonnull (add_round);
  undo_tooltip = gtk_widget_get_tooltip_text (undo);

  /* Space with the focus on Undo: the new turn is said there, last by the pass's toast
   * ("Ana took 0:00; Ben’s turn") after the clock's own "Ben’s turn" */
  space_on (window, undo);
  g_assert_cmpint (active_seat (view), ==, 1);
  passed = latest_ledger_text (session);
  g_assert_nonnull (strstr (passed, bens_turn));
  assert_heard (window, undo, passed);

  /* a toast: Add Round pressed says what the ledger wrote, the way Undo's toast shows it */
  g_assert_true (gtk_widget_grab_focus (add_round));
  /* the focus moved on: Undo's description is its own again, not the old turn */
  if (undo_tooltip != NULL)
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (undo),
                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, undo_tooltip);
  else
    {
      g_autofree char *differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (undo),
                                                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                                     passed);
      g_assert_nonnull (differs);
    }
  press_action_button (GTK_WIDGET (view), "session.add-round");
  added = latest_ledger_text (session);
  /* the keyboard went on to the new round's first cell, where its scores are typed: the
   * toast is heard there */
  {
    GtkWidget *cell = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_true (GTK_IS_BUTTON (cell) && cell != add_round);
    g_assert_true (gtk_widget_is_ancestor (cell, GTK_WIDGET (view)));
    assert_heard (window, cell, added);
  }
}

/* ---- 3. closing mid-turn ---- */

/* Whether the page shows its session; on a phone the page may show the list of sessions
 * instead (it folds once the window has its width): then the session's row is tapped. */
static gboolean
session_shown (TkTablePage *page)
{
  TkSessionView *view = tk_table_page_get_session_view (page);

  if (tk_session_view_get_session (view) != NULL && gtk_widget_get_mapped (GTK_WIDGET (view)))
    return TRUE;
  g_assert_true (gtk_widget_activate_action (tk_test_find_descendant (GTK_WIDGET (page),
                                                                      GTK_TYPE_LIST_VIEW),
                                             "list.activate-item", "u", 0));
  return FALSE;
}

static void
test_close_keeps_turn (TkTestFixture *fixture,
                       gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  TkSessionView *view;
  TkSession *session;
  TkTablePage *page;
  TkTurnClockView *clock;
  GtkWidget *status;
  g_autofree char *expected = NULL;

  fake_now = T0;
  tk_session_set_clock (fake_clock);
  view = start_clock_session (window);
  clock = TK_TURN_CLOCK_VIEW (tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW));
  fake_now += 11000;
  press_named (GTK_WIDGET (clock), "clock-next");   /* Ana took 0:11; Ben's turn */
  fake_now += 8000;                                 /* Ben is 8 s into his turn */
  WAIT_FOR (g_strcmp0 (tk_turn_clock_view_get_shown_time (clock, 1), "0:08") == 0);
  session = tk_session_view_get_session (view);
  g_assert_cmpint (tk_session_get_elapsed_ms (session), ==, 19000);

  /* the window's close button */
  gtk_window_close (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_null (tk_test_find_toplevel (TK_TYPE_WINDOW));

  /* an hour later, opened again */
  fake_now += 3600 * 1000;
  g_application_activate (G_APPLICATION (fixture->app));
  window = size_main_window (GPOINTER_TO_INT (data));
  WAIT_FOR (tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_TABLE_PAGE) != NULL);
  page = TK_TABLE_PAGE (tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_TABLE_PAGE));
  WAIT_FOR (g_list_model_get_n_items (tk_table_page_get_model (page)) == 1);
  tk_test_settle ();
  view = tk_table_page_get_session_view (page);
  WAIT_FOR (session_shown (page));
  session = tk_session_view_get_session (view);
  clock = TK_TURN_CLOCK_VIEW (tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW));

  /* Ben's 8 s were kept, and the hour away counts neither here nor on the game timer */
  WAIT_FOR (g_strcmp0 (tk_turn_clock_view_get_shown_time (clock, 1), "0:08") == 0);
  g_assert_cmpstr (tk_turn_clock_view_get_shown_time (clock, 0), ==, "0:11");
  g_assert_false (tk_session_turns_live (session));
  g_assert_false (tk_session_timer_is_running (session));
  g_assert_cmpint (tk_session_get_elapsed_ms (session), ==, 19000);
  /* and the view says so */
  status = tk_test_find_widget (GTK_WIDGET (clock), tk_test_has_name, "clock-status");
  g_assert_nonnull (status);
  expected = g_strdup_printf (_("%s’s turn — paused while Tablekeeper was closed"), "Ben");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (status)), ==, expected);

  /* one Resume starts both */
  WAIT_FOR (session_shown (page));
  press_action_button (GTK_WIDGET (clock), "clock.toggle");
  g_assert_true (tk_session_turns_live (session));
  g_assert_true (tk_session_timer_is_running (session));
  fake_now += 2000;
  WAIT_FOR (session_shown (page) &&
            g_strcmp0 (tk_turn_clock_view_get_shown_time (clock, 1), "0:10") == 0);
  g_assert_cmpint (tk_session_get_elapsed_ms (session), ==, 21000);
  tk_session_set_clock (NULL);
}

/* ---- 10. the list of sessions keeps the played time current ---- */

/* What @format ("Started %s · %s played") puts after the start, with @played filled in (the
 * start itself is a date when the fake clock's day is not today). */
static char *
played_tail (const char *format,
             const char *played)
{
  const char *tail = strstr (format, "%s");
  g_auto(GStrv) parts = NULL;

  g_assert_nonnull (tail);
  parts = g_strsplit (tail + 2, "%s", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  return g_strconcat (parts[0], played, parts[1], NULL);
}

static void
test_sidebar_played_time (TkTestFixture *fixture,
                          gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  TkSessionView *view;
  TkSessionRow *row;
  TkTablePage *page;
  g_autofree char *expected = NULL;
  g_autofree char *played = NULL;

  fake_now = T0;
  tk_session_set_clock (fake_clock);
  view = start_clock_session (window);
  page = TK_TABLE_PAGE (tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_TABLE_PAGE));

  /* on a phone, back to the list of sessions as a person does */
  if (GPOINTER_TO_INT (data) < 600)
    press_action_button (GTK_WIDGET (view), "table.show-list");
  WAIT_FOR ((row = TK_SESSION_ROW (tk_test_find_descendant (GTK_WIDGET (page), TK_TYPE_SESSION_ROW)))
            != NULL && gtk_widget_get_mapped (GTK_WIDGET (row)));

  /* 2 min 15 s into the game: the row says 2 min, and as minutes, not as M:SS */
  fake_now += 135 * 1000;
  played = tk_session_row_format_played (135 * 1000);
  expected = played_tail (_("Started %s · %s played"), played);
  WAIT_FOR (g_str_has_suffix (tk_session_row_get_started_text (row), expected));
  g_clear_pointer (&played, g_free);
  played = tk_session_row_format_played (3900 * 1000);
  g_assert_cmpstr (played, ==, g_str_equal (g_getenv ("LANGUAGE"), "ja") ? "1時間05分" : "1 h 05 min");

  /* paused in the session: the row says so at once */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.toggle-timer", NULL));
  g_clear_pointer (&played, g_free);
  g_clear_pointer (&expected, g_free);
  played = tk_session_row_format_played (135 * 1000);
  expected = played_tail (_("Started %s · %s played, paused"), played);
  g_assert_true (g_str_has_suffix (tk_session_row_get_started_text (row), expected));
  tk_session_set_clock (NULL);
}

/* ---- 7. statistics on one line ---- */

static gboolean
is_value_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

/* Whether the label shows @text on one line. */
static void
assert_one_line (GtkWidget  *root,
                 const char *text)
{
  GtkWidget *label;

  g_test_message ("waiting for “%s” on one line", text);
  WAIT_FOR ((label = tk_test_find_widget (root, is_value_label, text)) != NULL &&
            gtk_widget_get_width (label) > 0);
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))), ==, 1);
}

static void
test_statistics_one_line (TkTestFixture *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
  const char *plays =
    "{\"format\": \"tablekeeper-plays\", \"version\": 1, \"plays\": ["
    " {\"game_title\": \"Agora\", \"played_on\": \"2026-11-20\", \"players\": ["
    "  {\"seat\": 0, \"name\": \"Ana\", \"score\": 71, \"rank\": 1, \"winner\": true},"
    "  {\"seat\": 1, \"name\": \"Ben\", \"score\": 39, \"rank\": 2}]}]}";
  guint n = 0;
  TkWindow *window;
  GtkWidget *history, *switcher, *page_button, *player;
  GListModel *names;
  g_autofree char *one_play = NULL;
  g_autofree char *one_win = NULL;
  g_autofree char *both = NULL;

  g_assert_no_error (error);
  g_assert_true (tk_plays_import_json (store, plays, -1, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  tk_store_close (store);

  window = start_on_table (fixture, GPOINTER_TO_INT (data));
  tk_window_set_visible_page_name (window, "history");
  WAIT_FOR ((history = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_HISTORY_PAGE)) != NULL &&
            gtk_widget_get_mapped (history));
  /* the Statistics tab of History's switcher, and Ana in its player filter */
  switcher = tk_test_find_descendant (history, GTK_TYPE_STACK_SWITCHER);
  page_button = gtk_widget_get_next_sibling (gtk_widget_get_first_child (switcher));
  g_assert_true (GTK_IS_TOGGLE_BUTTON (page_button));
  g_signal_emit_by_name (page_button, "clicked");
  tk_test_settle ();
  player = tk_test_find_widget (history, tk_test_has_name, "history-player-filter");
  g_assert_nonnull (player);
  names = gtk_drop_down_get_model (GTK_DROP_DOWN (player));
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), "Ana") == 0)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (player), i);
  tk_test_settle ();

  one_play = g_strdup_printf (ngettext ("%" PRId64 " play", "%" PRId64 " plays", 1),
                              (gint64) 1);
  one_win = g_strdup_printf (ngettext ("%" PRId64 " win", "%" PRId64 " wins", 1),
                             (gint64) 1);
  both = g_strdup_printf (_("%s, %s"), one_play, one_win);
  /* "1 play, 1 win", not "1 plays, 1 wins", and on one line */
  g_assert_cmpstr (both, ==, g_str_equal (g_getenv ("LANGUAGE"), "ja") ? "1 プレイ、1 勝"
                                                                       : "1 play, 1 win");
  assert_one_line (history, both);
  assert_one_line (history, "100\u00a0%");
  {
    g_autofree char *name = g_strdup_printf ("statistics-%d-%s", GPOINTER_TO_INT (data),
                                             g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "en");
    tk_test_save_shot (GTK_WIDGET (window), name);
  }
}

/* ---- 8. a wrong file in History → Import… says what it is ---- */

/* Imports @bytes as a file in History and returns the refusal's text (NULL when History
 * opened its import preview instead, which is then closed). */
static char *
import_into_history (TkTestFixture *fixture,
                     GtkWidget     *history,
                     const char    *name,
                     const char    *bytes,
                     gsize          length)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  GtkWindow *shown = NULL;
  char *body = NULL;

  g_assert_true (g_file_set_contents (path, bytes, (gssize) length, &error));
  tk_history_page_import_file (TK_HISTORY_PAGE (history), file);
  WAIT_FOR ((shown = tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL ||
            (shown = tk_test_find_toplevel (TK_TYPE_HISTORY_IMPORT_DIALOG)) != NULL);
  if (ADW_IS_MESSAGE_DIALOG (shown))
    body = g_strdup (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (shown)));
  gtk_window_destroy (shown);
  tk_test_settle ();
  return body;
}

static void
test_import_messages (TkTestFixture *fixture,
                      gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  g_autofree char *csv_path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                                "bgg-collection.csv", NULL);
  g_autofree char *xml_path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                                "history", "bgg-page1.xml", NULL);
  g_autofree char *csv = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *with_bom = NULL;
  g_autofree char *body = NULL;
  gsize csv_length = 0, xml_length = 0;
  GtkWidget *history;

  tk_window_set_visible_page_name (window, "history");
  WAIT_FOR ((history = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_HISTORY_PAGE)) != NULL);

  /* a BoardGameGeek collection: named as such, with where it goes */
  g_assert_true (g_file_get_contents (csv_path, &csv, &csv_length, NULL));
  body = import_into_history (fixture, history, "collection.csv", csv, csv_length);
  g_assert_cmpstr (body, ==, _("This is a BoardGameGeek collection (CSV), not plays: import it in "
                               "Collection → Import…"));
  g_clear_pointer (&body, g_free);

  /* an empty file, and one of blanks */
  body = import_into_history (fixture, history, "empty.json", "", 0);
  g_assert_cmpstr (body, ==, _("The file is empty."));
  g_clear_pointer (&body, g_free);
  body = import_into_history (fixture, history, "blank.xml", " \r\n", 3);
  g_assert_cmpstr (body, ==, _("The file is empty."));
  g_clear_pointer (&body, g_free);

  /* JSON of no kind read here: the same words as the command line, not "JSON is not an object" */
  body = import_into_history (fixture, history, "other.json", "[1, 2]", 6);
  g_assert_cmpstr (body, ==, _("This is neither a BG Stats export nor a page of BoardGameGeek "
                               "plays (XML), nor a Tablekeeper plays file."));
  g_clear_pointer (&body, g_free);

  /* a BoardGameGeek plays page behind a byte-order mark: read, the preview opens */
  g_assert_true (g_file_get_contents (xml_path, &xml, &xml_length, NULL));
  with_bom = g_strconcat ("\xef\xbb\xbf", xml, NULL);
  body = import_into_history (fixture, history, "plays.xml", with_bom, xml_length + 3);
  g_assert_null (body);
}

/* ---- 12. History with no plays, and its game filter typed into ---- */

static gboolean
first_string_is (GListModel *model,
                 const char *text)
{
  g_autoptr(GObject) first = g_list_model_get_n_items (model) > 0 ? g_list_model_get_item (model, 0)
                                                                   : NULL;

  return first != NULL && g_strcmp0 (gtk_string_object_get_string (GTK_STRING_OBJECT (first)), text) == 0;
}

static void
test_history_empty_and_filter (TkTestFixture *fixture,
                               gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  GtkWidget *history, *filter, *toggle, *entry;
  GtkWindow *dialog;
  g_autoptr(GError) error = NULL;
  TkStore *store;
  guint n = 0;

  tk_window_set_visible_page_name (window, "history");
  WAIT_FOR ((history = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_HISTORY_PAGE)) != NULL &&
            gtk_widget_get_mapped (history));

  /* no plays: the empty page offers to log one (and to import) */
  g_assert_true (gtk_widget_is_drawable (tk_test_find_widget (history, tk_test_has_name, "history-empty-import")));
  press_named (history, "history-empty-log");
  WAIT_FOR ((dialog = tk_test_find_toplevel (TK_TYPE_HISTORY_LOG_DIALOG)) != NULL);
  gtk_window_destroy (dialog);
  tk_test_settle ();

  /* two games with "Agora" in their titles */
  store = tk_window_get_store (window);
  g_assert_true (tk_plays_import_json (store,
    "{\"format\": \"tablekeeper-plays\", \"version\": 1, \"plays\": ["
    " {\"game_title\": \"Agora\", \"played_on\": \"2026-11-20\", \"players\": []},"
    " {\"game_title\": \"7 Wonders Duel: Agora\", \"played_on\": \"2026-11-21\", \"players\": []}]}",
    -1, &n, &error));
  g_assert_no_error (error);
  tk_history_page_reload (TK_HISTORY_PAGE (history));
  tk_test_settle ();

  /* a letter typed on the game filter opens it with the letter in its search field */
  filter = tk_test_find_widget (history, tk_test_has_name, "history-game-filter");
  g_assert_nonnull (filter);
  toggle = tk_test_find_descendant (filter, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (toggle);
  g_assert_true (gtk_widget_grab_focus (toggle));
  tk_test_type_key (GTK_WINDOW (window), GDK_KEY_a);
  WAIT_FOR ((entry = tk_test_find_descendant (filter, GTK_TYPE_SEARCH_ENTRY)) != NULL &&
            gtk_widget_is_drawable (entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "a");
  /* the game of that very title first (the search entry waits a moment after typing) */
  {
    /* the title as shown: Agora's Japanese title in a Japanese UI */
    const char *agora = g_strcmp0 (g_getenv ("LANGUAGE"), "ja") == 0 ? "アゴラ" : "Agora";
    GtkWidget *popup_list = tk_test_find_descendant (gtk_widget_get_ancestor (entry, GTK_TYPE_POPOVER),
                                                     GTK_TYPE_LIST_VIEW);
    GListModel *shown = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (popup_list)));

    gtk_editable_set_text (GTK_EDITABLE (entry), agora);
    WAIT_FOR (first_string_is (shown, agora));
  }
  /* closed again, so that its grab of the keyboard ends with it */
  gtk_popover_popdown (GTK_POPOVER (gtk_widget_get_ancestor (entry, GTK_TYPE_POPOVER)));
  tk_test_settle ();
}

/* ---- 13. nothing cut in New Session at a phone's width; chips a finger can hit ---- */

static gboolean
has_css_class (GtkWidget     *widget,
               gconstpointer  data)
{
  return gtk_widget_has_css_class (widget, data) && gtk_widget_is_drawable (widget);
}

static gboolean
is_ellipsized_label (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) &&
         pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)));
}

static gboolean
is_winner_row (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_COMBO_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), _("Winner")) == 0;
}

static void
test_phone_targets (TkTestFixture *fixture,
                    gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  TkNewSessionDialog *dialog = open_new_session (window);
  GtkWidget *mode_row, *chip, *collection, *cut;

  /* the Winner row says its whole choice (the longest is Japanese's) */
  gtk_window_set_default_size (GTK_WINDOW (dialog), GPOINTER_TO_INT (data), 720);
  tk_test_settle ();
  WAIT_FOR ((mode_row = tk_test_find_widget (GTK_WIDGET (dialog), is_winner_row, NULL)) != NULL &&
            gtk_widget_get_width (mode_row) > 0);
  tk_test_settle ();
  cut = tk_test_find_widget (mode_row, is_ellipsized_label, NULL);
  g_assert_null (cut);
  gtk_window_destroy (GTK_WINDOW (dialog));
  tk_test_settle ();

  /* Collection's status chips are 44 px targets */
  tk_window_set_visible_page_name (window, "collection");
  WAIT_FOR ((collection = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_COLLECTION_PAGE)) != NULL &&
            (chip = tk_test_find_widget (collection, has_css_class, "tk-chip")) != NULL &&
            gtk_widget_get_height (chip) > 0);
  g_assert_cmpint (gtk_widget_get_height (chip), >=, 44);
  tk_test_save_shot (GTK_WIDGET (window), g_str_equal (_("Winner"), "Winner") ? "collection-360-en"
                                                                           : "collection-360-ja");
}

/* ---- 9. one pause for the table ---- */

static void
test_one_pause (TkTestFixture *fixture,
                gconstpointer  data)
{
  TkWindow *window = start_on_table (fixture, GPOINTER_TO_INT (data));
  TkSessionView *view = start_clock_session (window);
  TkSession *session = tk_session_view_get_session (view);
  GtkWidget *clock = tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW);

  g_assert_true (tk_session_turns_live (session));
  g_assert_true (tk_session_timer_is_running (session));

  /* the header's pause holds the turn clock too… */
  press_action_button (GTK_WIDGET (view), "session.toggle-timer");
  g_assert_false (tk_session_timer_is_running (session));
  g_assert_false (tk_session_turns_live (session));
  /* …and the clock's Resume starts the timer too */
  press_action_button (clock, "clock.toggle");
  g_assert_true (tk_session_turns_live (session));
  g_assert_true (tk_session_timer_is_running (session));
  /* the clock's Pause, then the header's Resume */
  press_action_button (clock, "clock.toggle");
  g_assert_false (tk_session_timer_is_running (session));
  g_assert_false (tk_session_turns_live (session));
  press_action_button (GTK_WIDGET (view), "session.toggle-timer");
  g_assert_true (tk_session_turns_live (session));
  g_assert_true (tk_session_timer_is_running (session));
  /* both say they are the table's pause */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (tk_test_find_widget (clock, tk_test_has_action, "clock.toggle")), ==,
                   _("Pause the Table (Timer and Turn Clock)"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (tk_test_find_widget (GTK_WIDGET (view), tk_test_has_action,
                                                                     "session.toggle-timer")), ==,
                   _("Pause the Table (Timer and Turn Clock)"));
}

/* ---- 6. a co-op foe or a campaign's month is no starred winner ---- */

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

static void
test_foes_not_winners (TkTestFixture *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
  g_autoptr(TkHistoryImport) import = tk_history_import_new ();
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", "history",
                                            "bgg-sample-page1.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *foe = NULL;
  g_autofree char *month = NULL;
  gsize length = 0;
  TkWindow *window;
  GtkWidget *history;

  /* a BoardGameGeek page where Shadowrun: Crossfire's mission and Pandemic Legacy's month are
   * logged as players that won */
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_true (tk_history_import_add_file (import, text, length, TK_HISTORY_FORMAT_AUTO, &error));
  g_assert_true (tk_history_import_prepare (import, store, &error));
  g_assert_true (tk_history_import_write (import, store, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  tk_store_close (store);

  window = start_on_table (fixture, GPOINTER_TO_INT (data));
  tk_window_set_visible_page_name (window, "history");
  WAIT_FOR ((history = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_HISTORY_PAGE)) != NULL &&
            gtk_widget_get_mapped (history));
  foe = g_strdup_printf (_("(%s)"), "Crossfire");
  month = g_strdup_printf (_("(%s)"), "October");
  WAIT_FOR (tk_test_find_widget (history, is_label_containing, foe) != NULL);
  WAIT_FOR (tk_test_find_widget (history, is_label_containing, month) != NULL);
  g_assert_null (tk_test_find_widget (history, is_label_containing, "★ Crossfire"));
  g_assert_null (tk_test_find_widget (history, is_label_containing, "★ October"));
}

/* ---- 13. City Plan's shipped cards in the reader's language ---- */

/* A session keeps its card table as it was started (here in English); the shipped cards read
 * in the UI's language (the Japanese run), what the players typed as they typed it. */
static void
test_city_plan_card_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) station = tk_rules_json_parse_object (
    "{\"id\": \"station\", \"name\": \"Station\", \"type\": \"facility\", \"cost\": 3,"
    " \"points\": 1, \"power\": 1}", -1, &error);
  g_autoptr(JsonObject) typed = tk_rules_json_parse_object (
    "{\"id\": \"solar\", \"name\": \"Solar farm\", \"type\": \"power_plant\", \"cost\": 3,"
    " \"points\": 1, \"power\": 1}", -1, &error);
  g_auto(Card) card = { 0 };
  g_auto(Card) own = { 0 };

  g_assert_no_error (error);
  g_assert_true (tk_cp_read_card (station, &card, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (card.name, ==, _("Station"));
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "ja") == 0)
    g_assert_cmpstr (card.name, ==, "駅");
  g_assert_true (tk_cp_read_card (typed, &own, &error));
  g_assert_cmpstr (own.name, ==, "Solar farm");
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* GTK's test accessibility backend, read when the first widget is made: the descriptions
   * that make results heard are checked */
  g_setenv ("GTK_A11Y", "test", TRUE);

  g_test_add ("/first-evening/catalog-from-first-start/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up, test_catalog_from_first_start, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/catalog-from-first-start/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up, test_catalog_from_first_start, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/space-passes-turn/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_space_passes_turn, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/space-passes-turn/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up_with_catalog, test_space_passes_turn, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/results-heard/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_results_heard, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/results-heard/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up_with_catalog, test_results_heard, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/close-keeps-turn/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_close_keeps_turn, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/close-keeps-turn/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up_with_catalog, test_close_keeps_turn, tk_test_fixture_tear_down);

  g_test_add ("/first-evening/sidebar-played-time/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_sidebar_played_time, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/sidebar-played-time/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up_with_catalog, test_sidebar_played_time, tk_test_fixture_tear_down);

  g_test_add ("/first-evening/statistics-one-line/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_statistics_one_line, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/statistics-one-line/1300", TkTestFixture, GINT_TO_POINTER (1300),
              tk_test_fixture_set_up_with_catalog, test_statistics_one_line, tk_test_fixture_tear_down);

  g_test_add ("/first-evening/import-messages/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_import_messages, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/import-messages/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up_with_catalog, test_import_messages, tk_test_fixture_tear_down);

  g_test_add ("/first-evening/history-empty-and-filter/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_history_empty_and_filter,
              tk_test_fixture_tear_down);
  g_test_add ("/first-evening/history-empty-and-filter/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up_with_catalog, test_history_empty_and_filter,
              tk_test_fixture_tear_down);

  g_test_add ("/first-evening/phone-targets/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_phone_targets, tk_test_fixture_tear_down);

  g_test_add ("/first-evening/one-pause/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_one_pause, tk_test_fixture_tear_down);
  g_test_add ("/first-evening/one-pause/1100", TkTestFixture, GINT_TO_POINTER (1100),
              tk_test_fixture_set_up_with_catalog, test_one_pause, tk_test_fixture_tear_down);

  g_test_add ("/first-evening/foes-not-winners/360", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up_with_catalog, test_foes_not_winners, tk_test_fixture_tear_down);

  g_test_add_func ("/first-evening/city-plan-card-names", test_city_plan_card_names);

  return tk_test_run ();
}

