/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-turn-clock.c — a session played with the turn clock through the real widgets at a
 * phone's width: Start Turn Clock, Space, a tap on a player's card, Next, the header's Undo
 * of a pass, a score entered; then the process is killed (SIGKILL) in the middle of a turn.
 * A fresh process opens the same library: the clocks show what they showed at the last
 * committed action, stopped, however long the app was gone; Resume, Space, Finish; the
 * play's details show each player's time, the History's statistics Ana's median turn, and
 * `tablekeeper-cli plays stats --player` gives the medians.  Time comes from a fake clock (tk_session_set_clock ()), so every
 * figure is exact whatever the machine's speed.
 */
#define G_LOG_DOMAIN "test-turn-clock"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <unistd.h>

#include <string.h>

#include "tk-history-page.h"
#include "tk-new-session-dialog.h"
#include "tk-play-details-dialog.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "tk-session-view.h"
#include "tk-table-page.h"
#include "tk-test-utils.h"
#include "tk-session-turns.h"
#include "tk-turn-clock-view.h"

#define T0 G_GINT64_CONSTANT (1767225600000)   /* 2026-01-01 00:00 UTC */

static gint64 fake_now = T0;

static gint64
fake_clock (void)
{
  return fake_now;
}

static void
click (GtkWidget *root,
       const char *name)
{
  GtkWidget *button = tk_test_find_widget (root, tk_test_has_name, name);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

/* Every widget of @type at or below @widget, depth first. */
static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, out);
}

static const char *
library_path (void)
{
  return g_getenv ("TK_CLOCK_TEST_DB");
}

static GtkWidget *
show_page (TkStore      *store,
           TkTablePage **out_page)
{
  GtkWidget *window = adw_window_new ();
  TkTablePage *page = TK_TABLE_PAGE (tk_table_page_new ());

  tk_table_page_set_store (page, store);
  /* a phone: the clock is used one-handed on a phone passed around the table */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  adw_window_set_content (ADW_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (page)));
  *out_page = page;
  return window;
}

/* Waits for the clock view to show @text as @seat's time (it redraws four times a second). */
static void
wait_shown (TkTurnClockView *clock,
            guint            seat,
            const char      *text)
{
  g_test_message ("waiting for seat %u to show %s", seat, text);
  WAIT_FOR (g_strcmp0 (tk_turn_clock_view_get_shown_time (clock, seat), text) == 0);
}

/* The first half, in a process of its own that ends by SIGKILL. */
static void
test_play_then_die (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (library_path (), &error);
  TkNewSessionDialog *dialog;
  TkSessionView *view;
  TkTablePage *page;
  TkTurnClockView *clock;

  g_assert_no_error (error);
  tk_session_set_clock (fake_clock);
  show_page (store, &page);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "table.new-session", NULL));
  WAIT_FOR ((dialog = (TkNewSessionDialog *)
              tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG)) != NULL);
  tk_new_session_dialog_set_game (dialog, 0, "Twilight Imperium");
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ana", NULL, &error));
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Ben", NULL, &error));
  g_assert_true (tk_new_session_dialog_add_player (dialog, "Cleo", NULL, &error));
  g_assert_no_error (error);
  /* a bank of ten minutes each, in New Session */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_widget (GTK_WIDGET (dialog), tk_test_has_name,
                                                                   "new-session-bank")), 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-session.start", NULL));
  WAIT_FOR (tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG) == NULL);
  view = tk_table_page_get_session_view (page);
  clock = TK_TURN_CLOCK_VIEW (tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW));
  g_assert_nonnull (clock);

  /* No clock until asked for: the player cards are not there yet. */
  g_assert_false (gtk_widget_is_visible (tk_test_find_widget (GTK_WIDGET (clock), tk_test_has_name,
                                                              "clock-player-0")));
  click (GTK_WIDGET (clock), "clock-start");        /* Ana's turn */
  wait_shown (clock, 0, "0:00");
  fake_now += 10000;
  wait_shown (clock, 0, "0:10");
  tk_test_press_key (GTK_WIDGET (view), GDK_KEY_space);   /* Ben's turn */
  fake_now += 20000;
  wait_shown (clock, 1, "0:20");
  click (GTK_WIDGET (clock), "clock-player-2");     /* out of order: Cleo */
  fake_now += 5000;
  wait_shown (clock, 2, "0:05");
  click (GTK_WIDGET (clock), "clock-next");         /* Ana, by mistake… */
  fake_now += 1000;
  wait_shown (clock, 0, "0:11");
  /* …undone with the header's Undo: Cleo's turn never ended */
  {
    GtkWidget *undo = tk_test_find_widget (GTK_WIDGET (view), tk_test_has_action, "session.undo");

    g_assert_nonnull (undo);
    g_signal_emit_by_name (undo, "clicked");
    tk_test_settle ();
  }
  wait_shown (clock, 0, "0:10");
  wait_shown (clock, 2, "0:06");
  fake_now += 2000;
  wait_shown (clock, 2, "0:08");
  fake_now += 3000;
  wait_shown (clock, 2, "0:11");
  /* a round added, the last thing committed before the crash, and a second more */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.add-round", NULL));
  fake_now += 1000;
  wait_shown (clock, 2, "0:12");

  g_print ("ready to be killed\n");
  fflush (stdout);
  kill (getpid (), SIGKILL);
}

static char *
run_cli (const char *args)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cli = g_build_filename (g_getenv ("TK_TEST_BUILDDIR"), "..", "src", "cli",
                                           "tablekeeper-cli", NULL);
  g_autofree char *command = g_strdup_printf ("%s --db %s %s", cli, library_path (), args);
  g_autofree char *err = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_command_line_sync (command, &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
test_resume_finish (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-test-clock-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) store = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  g_autoptr(TkSession) listed = NULL;
  TkSessionView *view;
  TkTablePage *page;
  TkTurnClockView *clock;
  TkSession *session;
  AdwMessageDialog *confirm;
  GtkWidget *window;
  gint64 ana_id;

  g_assert_no_error (error);
  g_setenv ("TK_CLOCK_TEST_DB", db, TRUE);

  /* The first half, killed in the middle of Cleo's turn. */
  g_test_trap_subprocess ("/turn-clock/subprocess/play-then-die", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("*ready to be killed*");

  /* Ten minutes later, a fresh process (this one) on the same library. */
  fake_now = T0 + 600000;
  tk_session_set_clock (fake_clock);
  store = tk_store_open (db, &error);
  g_assert_no_error (error);
  window = show_page (store, &page);
  listed = g_list_model_get_item (tk_table_page_get_model (page), 0);
  g_assert_nonnull (listed);
  g_assert_true (tk_table_page_show_session (page, tk_session_get_id (listed)));
  view = tk_table_page_get_session_view (page);
  session = tk_session_view_get_session (view);
  clock = TK_TURN_CLOCK_VIEW (tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW));

  /* Exactly as they were at the score, stopped: the ten minutes are nobody's. */
  g_assert_true (tk_session_clock_is_suspended (session));
  g_assert_cmpint (tk_turn_clock_get_bank_ms (tk_session_get_turn_clock (session)), ==, 600000);
  g_assert_cmpint (tk_turn_clock_get_turn_limit_ms (tk_session_get_turn_clock (session)), ==, 0);
  wait_shown (clock, 0, "0:10");
  wait_shown (clock, 1, "0:20");
  wait_shown (clock, 2, "0:11");
  fake_now += 5000;
  tk_test_settle ();
  tk_test_settle ();
  g_assert_cmpstr (tk_turn_clock_view_get_shown_time (clock, 2), ==, "0:11");
  tk_test_save_shot (window, "turn-clock-resumed");

  click (GTK_WIDGET (clock), "clock-toggle");       /* resume */
  g_assert_false (tk_session_clock_is_suspended (session));
  fake_now += 2000;
  wait_shown (clock, 2, "0:13");
  tk_test_press_key (GTK_WIDGET (view), GDK_KEY_space);   /* Ana */
  fake_now += 4000;
  wait_shown (clock, 0, "0:14");
  ana_id = tk_rules_setup_player_id (tk_session_get_setup (session), 0);
  g_assert_cmpint (ana_id, >, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "session.finish", NULL));
  WAIT_FOR ((confirm = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  tk_test_pick_day (tk_test_find_widget (GTK_WIDGET (confirm), tk_test_has_name, "finish-date"),
                    "2026-01-01");
  adw_message_dialog_response (confirm, "finish");
  WAIT_FOR (g_list_model_get_n_items (tk_table_page_get_model (page)) == 0);

  /* The History's play details: each player's time, on bars of one scale. */
  plays = tk_plays_query (store, 0, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plays->len, ==, 1);
  {
    TkPlayDetailsDialog *details = tk_play_details_dialog_new (GTK_WINDOW (window), store,
                                                               tk_play_get_id (plays->pdata[0]),
                                                               &error);
    GtkWidget *times;

    g_assert_no_error (error);
    gtk_window_present (GTK_WINDOW (details));
    times = tk_test_find_widget (GTK_WIDGET (details), tk_test_has_name, "play-times");
    g_assert_nonnull (times);
    g_assert_nonnull (tk_test_find_label (times, "0:14"));   /* Ana: 10 s + 4 s */
    g_assert_nonnull (tk_test_find_label (times, "0:20"));   /* Ben */
    g_assert_nonnull (tk_test_find_label (times, "0:13"));   /* Cleo: 11 s + 2 s */
    g_assert_null (tk_test_find_label (times, "0:11"));
    tk_test_save_shot (GTK_WIDGET (details), "turn-clock-play-details");
    gtk_window_destroy (GTK_WINDOW (details));
  }

  /* The History's statistics for Ana: her turns in this game, median 4 s. */
  {
    GtkWidget *history = tk_history_page_new ();
    GtkWidget *history_window = adw_window_new ();
    g_autoptr(GPtrArray) dropdowns = g_ptr_array_new ();
    GtkWidget *group, *row = NULL;

    tk_history_page_set_store (TK_HISTORY_PAGE (history), store);
    gtk_window_set_default_size (GTK_WINDOW (history_window), 360, 720);
    adw_window_set_content (ADW_WINDOW (history_window), history);
    gtk_window_present (GTK_WINDOW (history_window));
    WAIT_FOR (gtk_widget_get_mapped (history));
    collect (history, GTK_TYPE_DROP_DOWN, dropdowns);
    for (guint i = 0; i < dropdowns->len && row == NULL; i++)
      {
        GListModel *names = gtk_drop_down_get_model (dropdowns->pdata[i]);

        for (guint j = 0; GTK_IS_STRING_LIST (names) && j < g_list_model_get_n_items (names); j++)
          if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), j), "Ana") == 0)
            {
              gtk_drop_down_set_selected (dropdowns->pdata[i], j);
              row = dropdowns->pdata[i];
            }
      }
    g_assert_nonnull (row);
    /* the Statistics tab, as its switcher button does */
    {
      GtkWidget *switcher = tk_test_find_descendant (history, GTK_TYPE_STACK_SWITCHER);
      GtkStack *stack = gtk_stack_switcher_get_stack (GTK_STACK_SWITCHER (switcher));

      gtk_stack_set_visible_child_name (stack, "stats");
    }
    tk_test_settle ();
    group = tk_test_find_widget (history, tk_test_has_name, "player-turn-times");
    g_assert_true (gtk_widget_is_visible (group));
    g_assert_nonnull (group);
    row = tk_test_find_widget (group, is_row_titled, "Twilight Imperium");
    g_assert_nonnull (row);
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "0:04"));
    tk_test_save_shot (history_window, "turn-clock-statistics");
    gtk_window_destroy (GTK_WINDOW (history_window));
  }
  g_object_ref (page);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (page);
  tk_store_close (store);

  /* The command line's statistics: Ana's turns were 10 s and 4 s. */
  {
    g_autofree char *args = g_strdup_printf ("plays stats --player %" G_GINT64_FORMAT, ana_id);
    g_autofree char *out = run_cli (args);
    g_autoptr(JsonObject) stats = tk_rules_json_parse_object (out, -1, &error);
    JsonArray *times;
    JsonObject *game;

    g_assert_no_error (error);
    times = json_object_get_array_member (stats, "turn_times");
    g_assert_cmpuint (json_array_get_length (times), ==, 1);
    game = json_array_get_object_element (times, 0);
    g_assert_cmpstr (json_object_get_string_member (game, "game"), ==, "Twilight Imperium");
    g_assert_cmpint (json_object_get_int_member (game, "turns"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (game, "median_turn_ms"), ==, 4000);
    g_assert_cmpint (json_object_get_int_member (game, "total_ms"), ==, 14000);
  }
  tk_test_remove_tree (dir);
}

/* Limits set in the session menu's dialog: past the turn's budget the active card and the
 * turn's time turn the warning colour; past the bank the card stays so on the next turn;
 * nothing stops. */
typedef struct
{
  guint    count;
  guint    seat;
  gboolean with_sound;
} LimitCues;

static void
on_limit_reached (TkTurnClockView *clock,
                  guint            seat,
                  gboolean         with_sound,
                  LimitCues       *cues)
{
  cues->count++;
  cues->seat = seat;
  cues->with_sound = with_sound;
}

static void
test_limits (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  LimitCues cues = { 0, };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-test-clock-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) store = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(TkSession) started = NULL;
  TkSession *session;
  AdwMessageDialog *dialog;
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  TkSessionView *view;
  TkTablePage *page;
  TkTurnClockView *clock;
  GtkWidget *window, *ana;

  g_assert_no_error (error);
  fake_now = T0;
  tk_session_set_clock (fake_clock);
  store = tk_store_open (db, &error);
  g_assert_no_error (error);
  setup = tk_rules_json_parse_object ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}]}",
                                      -1, &error);
  started = tk_session_start (store, "generic-score-pad", 0, "Go", setup, &error);
  g_assert_no_error (error);
  window = show_page (store, &page);
  g_assert_true (tk_table_page_show_session (page, tk_session_get_id (started)));
  view = tk_table_page_get_session_view (page);
  session = tk_session_view_get_session (view);   /* the page's own, loaded from the library */
  clock = TK_TURN_CLOCK_VIEW (tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_TURN_CLOCK_VIEW));

  tk_test_press_menu_item (GTK_WIDGET (view), _("Turn Clock _Limits…"));
  WAIT_FOR ((dialog = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  collect (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, spins);
  g_assert_cmpuint (spins->len, ==, 2);
  gtk_spin_button_set_value (spins->pdata[0], 30);    /* seconds a turn */
  gtk_spin_button_set_value (spins->pdata[1], 1);     /* minutes in all */
  adw_message_dialog_response (dialog, "set");
  tk_test_settle ();
  g_assert_cmpint (tk_turn_clock_get_turn_limit_ms (tk_session_get_turn_clock (session)), ==, 30000);
  g_assert_cmpint (tk_turn_clock_get_bank_ms (tk_session_get_turn_clock (session)), ==, 60000);

  /* the alert sound is the user's choice (Preferences), off by default */
  g_assert_false (g_settings_get_boolean (settings, "clock-sound"));
  g_settings_set_boolean (settings, "clock-sound", TRUE);
  g_signal_connect (clock, "limit-reached", G_CALLBACK (on_limit_reached), &cues);
  click (GTK_WIDGET (clock), "clock-start");
  ana = tk_test_find_widget (GTK_WIDGET (clock), tk_test_has_name, "clock-player-0");
  fake_now += 30000;
  wait_shown (clock, 0, "0:30");
  g_assert_false (gtk_widget_has_css_class (ana, "tk-clock-over"));
  g_assert_cmpuint (cues.count, ==, 0);
  fake_now += 1000;
  wait_shown (clock, 0, "0:31");
  g_assert_true (gtk_widget_has_css_class (ana, "tk-clock-over"));
  g_assert_true (tk_session_turns_live (session));    /* a cue, not a stop */
  /* one alert for the crossing, with the sound asked for; not one per redraw */
  g_assert_cmpuint (cues.count, ==, 1);
  g_assert_cmpuint (cues.seat, ==, 0);
  g_assert_true (cues.with_sound);
  fake_now += 500;
  {
    /* a few of the view's redraws (four a second) while Ana stays past her budget */
    gint64 until = g_get_monotonic_time () + 800 * G_TIME_SPAN_MILLISECOND;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_cmpuint (cues.count, ==, 1);
  g_settings_set_boolean (settings, "clock-sound", FALSE);
  /* Ben's turn: Ana's budget is met again, her bank (1:00) not yet spent */
  tk_test_press_key (GTK_WIDGET (view), GDK_KEY_space);
  g_assert_false (gtk_widget_has_css_class (ana, "tk-clock-over"));
  fake_now += 10000;
  tk_test_press_key (GTK_WIDGET (view), GDK_KEY_space);   /* Ana again: 0:31 + 0:30 */
  fake_now += 30000;
  wait_shown (clock, 0, "1:01");
  g_assert_true (gtk_widget_has_css_class (ana, "tk-clock-over"));
  /* past the bank now: a second crossing, silent as the preference now says */
  g_assert_cmpuint (cues.count, ==, 2);
  g_assert_false (cues.with_sound);
  tk_test_press_key (GTK_WIDGET (view), GDK_KEY_space);
  g_assert_true (gtk_widget_has_css_class (ana, "tk-clock-over"));   /* past the bank */

  g_object_ref (page);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (page);
  g_clear_object (&started);
  tk_store_close (store);
  tk_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  tk_test_init (&argc, &argv);
  g_test_add_func ("/turn-clock/subprocess/play-then-die", test_play_then_die);
  g_test_add_func ("/turn-clock/resume-finish", test_resume_finish);
  g_test_add_func ("/turn-clock/limits", test_limits);
  return tk_test_run ();
}
