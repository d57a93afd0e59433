/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-metropolis.c — the Foundations of Metropolis panel in a session view, driven as a
 * player would: taps on the city board, the panel's buttons and dialogs; checked in the
 * session's state and in what the panel shows. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <adwaita.h>

#include "tk-game-panel.h"
#include "panels/metropolis/tk-metropolis-board.h"
#include "panels/metropolis/tk-metropolis-options.h"
#include "panels/metropolis/tk-metropolis-panel.h"
#include "tk-play-details-dialog.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"

typedef struct
{
  char       *dir;
  TkStore    *store;
  TkSession  *session;
  GtkWindow  *window;
  GtkWidget  *view;
  GtkWidget  *overlay;
  int         width;
} Fixture;

static void
open_view (Fixture   *f,
           TkSession *session)
{
  f->view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (f->view), session);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, f->width > 0 ? f->width : 1000, 800);
  /* the view shows its messages in the toast overlay of the window it lives in */
  f->overlay = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (f->overlay), f->view);
  adw_window_set_content (ADW_WINDOW (f->window), f->overlay);
  gtk_window_present (f->window);
  tk_test_settle ();
}

static void
start_session (Fixture    *f,
               JsonObject *setup)
{
  g_autoptr(GError) error = NULL;

  f->session = tk_session_start (f->store, "metropolis", 0, "Foundations of Metropolis", setup,
                                 &error);
  g_assert_no_error (error);
  open_view (f, f->session);
}

/* Three players, Bo without a colour (the panel picks one). */
static JsonObject *
three_player_setup (void)
{
  const TkRules *rules = tk_rules_lookup ("metropolis");
  JsonObject *setup = rules->default_setup (3);
  JsonArray *players = json_object_get_array_member (setup, "players");
  static const char *const names[] = { "Ana", "Bo", "Cy" };
  static const char *const colours[] = { "#e01b24", NULL, "#f6d32d" };

  for (guint i = 0; i < 3; i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      json_object_set_string_member (p, "name", names[i]);
      if (colours[i] != NULL)
        json_object_set_string_member (p, "colour", colours[i]);
    }
  return setup;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  f->dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
}

static void
fixture_set_up_game (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(JsonObject) setup = NULL;

  fixture_set_up (f, data);
  setup = three_player_setup ();
  if (GPOINTER_TO_INT (data) == 1)
    json_object_set_boolean_member (setup, "deed_draft", TRUE);
  if (GPOINTER_TO_INT (data) == 2)
    f->width = 360;
  start_session (f, setup);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window != NULL)
    {
      /* The test made the view and its window: closing the window frees the view and its
       * panel. */
      GtkWidget *view = g_object_ref (f->view);

      gtk_window_destroy (f->window);
      tk_test_settle ();
      g_assert_finalize_object (view);
    }
  tk_test_settle ();
  g_clear_object (&f->session);
  g_clear_object (&f->store);
  tk_test_remove_tree (f->dir);
  g_free (f->dir);
}

/* ---- helpers ---- */

static GtkWidget *
panel_of (Fixture *f)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_METROPOLIS_PANEL);

  g_assert_nonnull (panel);
  return panel;
}

static TkMetropolisBoard *
board_of (Fixture *f)
{
  GtkWidget *board = tk_test_find_descendant (f->view, TK_TYPE_METROPOLIS_BOARD);

  g_assert_nonnull (board);
  return TK_METROPOLIS_BOARD (board);
}

/* Taps the lots named in @lots ("A1 B2 …") as a finger would. */
static void
tap (Fixture    *f,
     const char *lots)
{
  TkMetropolisBoard *board = board_of (f);
  int side = tk_metropolis_board_get_side (board);
  g_auto(GStrv) names = g_strsplit (lots, " ", -1);

  for (guint i = 0; names[i] != NULL; i++)
    {
      int cell = (names[i][1] - '1') * side + (names[i][0] - 'A');

      tk_metropolis_board_activate_lot (board, cell);
    }
  tk_test_settle ();
}

static void
click (Fixture    *f,
       const char *name)
{
  GtkWidget *button = tk_test_find_named (panel_of (f), name);

  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

static JsonObject *
game_of (TkSession *session)
{
  g_autoptr(JsonObject) all = tk_session_to_json (session);

  return json_object_ref (json_object_get_object_member (all, "game"));
}

static char *
state_text (TkSession *session)
{
  g_autoptr(JsonObject) all = tk_session_to_json (session);

  return tk_rules_json_to_string (all);
}

static JsonObject *
lot_of (JsonObject *game,
        const char *name)
{
  JsonArray *board = json_object_get_array_member (game, "board");

  for (guint i = 0; i < json_array_get_length (board); i++)
    {
      JsonObject *lot = json_array_get_object_element (board, i);

      if (g_str_equal (json_object_get_string_member (lot, "lot"), name))
        return lot;
    }
  g_error ("no lot %s", name);
  return NULL;
}

static gint64
player_int (TkSession  *session,
            guint       seat,
            const char *member)
{
  g_autoptr(JsonObject) game = game_of (session);
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (game, "players"), seat);

  return json_object_get_int_member (player, member);
}

/* The number a player card shows, e.g. shown (f, 0, "coins"). */
static const char *
shown (Fixture    *f,
       guint       seat,
       const char *what)
{
  g_autofree char *name = g_strdup_printf ("player-%u-%s", seat, what);

  return gtk_label_get_text (GTK_LABEL (tk_test_find_named (panel_of (f), name)));
}

static const char *
label_of (Fixture    *f,
          const char *name)
{
  GtkWidget *widget = tk_test_find_named (panel_of (f), name);

  if (GTK_IS_BUTTON (widget))
    return gtk_button_get_label (GTK_BUTTON (widget));
  return gtk_label_get_text (GTK_LABEL (widget));
}

static void
assert_shown_text (Fixture    *f,
                   const char *text)
{
  if (tk_test_find_label (f->overlay, text) == NULL)
    g_error ("the view does not show “%s”", text);
}

/* The panel lets the window become as narrow as a phone (360 px less the session view's
 * margins); in a phone-sized window its stacked layout really fits there. */
static void
assert_fits_phone (Fixture *f)
{
  GtkWidget *panel = panel_of (f);
  GtkOrientable *body = GTK_ORIENTABLE (tk_test_find_named (panel, "metropolis-body"));
  gboolean phone = f->width > 0 && f->width <= 360;
  int minimum, natural;

  /* the layout follows the width the window got (after its first allocation) */
  WAIT_FOR (gtk_orientable_get_orientation (body) ==
            (phone ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL));
  gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360 - 24);
  if (phone)
    {
      gtk_widget_measure (adw_bin_get_child (ADW_BIN (panel)), GTK_ORIENTATION_HORIZONTAL, -1,
                          &minimum, &natural, NULL, NULL);
      g_assert_cmpint (minimum, <=, 360 - 24);
      g_assert_cmpint (gtk_widget_get_width (panel), <=, 360);
    }
}

static void
deal (Fixture    *f,
      guint       seat,
      const char *lots)
{
  g_autofree char *seat_button = g_strdup_printf ("deal-seat-%u", seat);

  click (f, seat_button);
  tap (f, lots);
  click (f, "confirm-button");
}

/* ---- tests ---- */

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

/* The session view shows the game's own panel, not the generic score pad. */
static void
test_panel_shown (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = panel_of (f);

  g_assert_true (gtk_widget_get_mapped (panel));
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (board_of (f))));
  g_assert_cmpint (tk_metropolis_board_get_side (board_of (f)), ==, 8);
  assert_shown_text (f, "Starting Deeds");
  assert_fits_phone (f);
  /* the engine's unconfirmed rule numbers are named, with the advice to check them */
  {
    GtkWidget *note = tk_test_find_widget (panel_of (f), is_label_containing,
                                           "check against your rule book");

    g_assert_nonnull (note);
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (note)), "market slot prices"));
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (note)), "the tile table"));
  }
}

/* A 3-player game through the panel: starting deeds, the deeds for sale, income, a buy with
 * the revealed deed, a build by tapping lots, a wrong shape refused, a coin correction, undo,
 * and the same picture after reopening. */
static void
test_game (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(JsonObject) game = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after_build = NULL;
  GtkWidget *other_panel;
  GtkWidget *buy;
  GtkWindow *dialog;

  /* starting deeds: each seat's six lots tapped and confirmed */
  deal (f, 0, "A1 B1 C1 A2 B2 C2");
  game = game_of (f->session);
  g_assert_cmpint (json_object_get_int_member (lot_of (game, "B2"), "owner"), ==, 0);
  g_assert_cmpint (player_int (f->session, 0, "deeds"), ==, 6);
  g_assert_cmpint (player_int (f->session, 0, "markers"), ==, 2);
  g_assert_cmpstr (shown (f, 0, "markers"), ==, "2");
  g_clear_pointer (&game, json_object_unref);
  /* the next seat short of deeds comes up by itself */
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (tk_test_find_named (panel_of (f), "deal-seat-1"))));
  tap (f, "E1 F1 G1 E2 F2 G2");
  click (f, "confirm-button");
  deal (f, 2, "A7 B7 C7 A8 B8 C8");
  game = game_of (f->session);
  g_assert_cmpstr (json_object_get_string_member (game, "phase"), ==, "market");
  g_clear_pointer (&game, json_object_unref);
  assert_shown_text (f, "Year 1: Deeds for Sale");
  assert_shown_text (f, "Turn up 6 of the 15 deeds of the year 1 deck and tap them in slot order, cheapest slot first.");

  /* the deeds for sale, cheapest slot first: two chosen with the keyboard, the rest tapped */
  {
    GtkWidget *board = GTK_WIDGET (board_of (f));

    gtk_widget_grab_focus (board);
    g_assert_true (gtk_widget_activate_action (board, "board.move-cursor", "(ii)", 3, 0));
    g_assert_true (gtk_widget_activate_action (board, "board.activate-cursor", NULL));
    g_assert_true (gtk_widget_activate_action (board, "board.move-cursor", "(ii)", 0, 1));
    g_assert_true (gtk_widget_activate_action (board, "board.activate-cursor", NULL));
    tk_test_settle ();
    assert_shown_text (f, "Tapped: D1, D2 (2)");
  }
  tap (f, "D3 D4 D5 D6");
  click (f, "confirm-button");
  game = game_of (f->session);
  g_assert_cmpstr (json_object_get_string_member (game, "phase"), ==, "play");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (game, "market"), 2), "lot"), ==, "D3");
  g_assert_cmpint (json_object_get_int_member (game, "deck_left"), ==, 9);
  g_clear_pointer (&game, json_object_unref);
  assert_shown_text (f, "Year 1 · Ana’s Turn");
  g_assert_nonnull (tk_test_find_label (panel_of (f), "D3"));

  /* Ana takes income: the button said how much before the tap */
  g_assert_cmpstr (label_of (f, "income-button"), ==, "Take _Income (+5)");
  click (f, "income-button");
  g_assert_cmpint (player_int (f->session, 0, "coins"), ==, 10);
  g_assert_cmpstr (shown (f, 0, "coins"), ==, "10");
  assert_shown_text (f, "Year 1 · Bo’s Turn");

  /* Bo buys D3 (4 coins); the card revealed for the last slot is tapped on the board, which
   * has the keyboard; the deeds for sale are patched, never rebuilt under the finger */
  buy = tk_test_find_named (panel_of (f), "buy-slot-2");
  g_object_add_weak_pointer (G_OBJECT (buy), (gpointer *) &buy);
  click (f, "buy-slot-2");
  g_assert_cmpint (player_int (f->session, 1, "coins"), ==, 6);     /* nothing yet */
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == GTK_WIDGET (board_of (f)));
  tap (f, "H8");
  g_assert_nonnull (buy);
  g_assert_true (tk_test_find_named (panel_of (f), "buy-slot-2") == buy);
  g_object_remove_weak_pointer (G_OBJECT (buy), (gpointer *) &buy);
  game = game_of (f->session);
  g_assert_cmpint (json_object_get_int_member (lot_of (game, "D3"), "owner"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (game, "market"), 5), "lot"), ==, "H8");
  g_assert_cmpint (json_object_get_int_member (game, "deck_left"), ==, 8);
  g_clear_pointer (&game, json_object_unref);
  g_assert_cmpint (player_int (f->session, 1, "coins"), ==, 2);
  g_assert_cmpint (player_int (f->session, 1, "markers"), ==, 1);
  g_assert_cmpstr (shown (f, 1, "coins"), ==, "2");
  g_assert_nonnull (tk_test_find_label (panel_of (f), "H8"));

  /* Cy builds a hotel: a wrong shape first (refused, nothing changes, the reason shown) */
  before = state_text (f->session);
  click (f, "tile-C");
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == GTK_WIDGET (board_of (f)));
  tap (f, "A7 C7 B8");
  click (f, "confirm-button");
  {
    g_autofree char *now = state_text (f->session);
    g_assert_cmpstr (now, ==, before);
  }
  assert_shown_text (f, "Those lots do not have the shape of Hotel (C).");
  /* the taps stay for the user to fix */
  assert_shown_text (f, "Tapped: A7, C7, B8 (3)");
  assert_fits_phone (f);
  tap (f, "B8 B7");
  click (f, "confirm-button");
  game = game_of (f->session);
  g_assert_cmpstr (json_object_get_string_member (lot_of (game, "B7"), "tile"), ==, "C");
  g_assert_cmpstr (json_object_get_string_member (lot_of (game, "A7"), "building"), ==, "A7");
  g_assert_false (json_object_has_member (lot_of (game, "B8"), "tile"));
  g_clear_pointer (&game, json_object_unref);
  g_assert_cmpint (player_int (f->session, 2, "population"), ==, 4);
  g_assert_cmpint (player_int (f->session, 2, "markers"), ==, 5);
  g_assert_cmpstr (shown (f, 2, "population"), ==, "4");
  g_assert_cmpstr (shown (f, 2, "markers"), ==, "5");
  g_assert_cmpstr (shown (f, 2, "tiles"), ==, "23");
  assert_shown_text (f, "Year 1 · Ana’s Turn");
  after_build = state_text (f->session);
  /* the toast's Undo takes the hotel back; Redo puts it up again */
  tk_test_press_toast_button (f->view, "_Undo");
  {
    g_autofree char *now = state_text (f->session);
    g_assert_cmpstr (now, ==, before);
  }
  g_assert_true (tk_session_redo (f->session, NULL));
  tk_test_settle ();
  /* a tap outside any picking says what stands there, and changes nothing */
  tap (f, "B7");
  assert_shown_text (f, "B7: Cy, Hotel (C)");
  {
    g_autofree char *now = state_text (f->session);
    g_assert_cmpstr (now, ==, after_build);
  }

  /* undo: the panel shows the city before the hotel */
  g_assert_true (tk_session_undo (f->session, NULL));
  tk_test_settle ();
  {
    g_autofree char *now = state_text (f->session);
    g_assert_cmpstr (now, ==, before);
  }
  g_assert_cmpstr (shown (f, 2, "population"), ==, "0");
  g_assert_cmpstr (shown (f, 2, "markers"), ==, "2");
  assert_shown_text (f, "Year 1 · Cy’s Turn");
  g_assert_true (tk_session_redo (f->session, NULL));
  tk_test_settle ();
  g_assert_cmpstr (shown (f, 2, "population"), ==, "4");

  /* a coin correction for Ana, with its reason */
  click (f, "coins-button");
  dialog = tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_named (GTK_WIDGET (dialog), "metropolis-coins-amount")), -3);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "correct"));
  gtk_editable_set_text (GTK_EDITABLE (tk_test_find_named (GTK_WIDGET (dialog), "metropolis-coins-reason")),
                         "took income twice");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "correct"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "correct");
  tk_test_settle ();
  g_assert_cmpint (player_int (f->session, 0, "coins"), ==, 7);
  g_assert_cmpstr (shown (f, 0, "coins"), ==, "7");

  /* reopened from the library: the same state and the same picture */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TkSession) again = tk_session_load (f->store, tk_session_get_id (f->session), &error);
    GtkWidget *view = tk_session_view_new ();
    GtkWindow *window = GTK_WINDOW (adw_window_new ());
    g_autofree char *now = NULL;
    g_autofree char *reloaded = NULL;
    const char *const whats[] = { "coins", "income", "markers", "deeds", "tiles", "population", "prestige", "preview" };

    g_assert_no_error (error);
    tk_session_view_set_session (TK_SESSION_VIEW (view), again);
    adw_window_set_content (ADW_WINDOW (window), view);
    gtk_window_present (window);
    tk_test_settle ();
    now = state_text (f->session);
    reloaded = state_text (again);
    g_assert_cmpstr (reloaded, ==, now);
    g_assert_cmpstr (now, !=, after_build);  /* the correction is in it */
    other_panel = tk_test_find_descendant (view, TK_TYPE_METROPOLIS_PANEL);
    g_assert_nonnull (other_panel);
    for (guint seat = 0; seat < 3; seat++)
      for (guint i = 0; i < G_N_ELEMENTS (whats); i++)
        {
          g_autofree char *name = g_strdup_printf ("player-%u-%s", seat, whats[i]);

          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (tk_test_find_named (other_panel, name))), ==,
                           shown (f, seat, whats[i]));
        }
    g_assert_nonnull (tk_test_find_label (other_panel, "Year 1 · Ana’s Turn"));
    g_assert_nonnull (tk_test_find_label (other_panel, "H8"));
    gtk_window_destroy (window);
    tk_test_settle ();
  }
}

/* A buy the player cannot pay is refused before the card is turned up at the table. */
static void
test_buy_refused_before_reveal (Fixture       *f,
                                gconstpointer  data)
{
  g_autofree char *before = NULL;

  deal (f, 0, "A1 B1 C1 A2 B2 C2");
  deal (f, 1, "E1 F1 G1 E2 F2 G2");
  deal (f, 2, "A7 B7 C7 A8 B8 C8");
  tap (f, "D1 D2 D3 D4 D5 D6");
  click (f, "confirm-button");
  before = state_text (f->session);
  click (f, "buy-slot-5");    /* Ana has 5 coins, the slot costs 10 */
  assert_shown_text (f, "Ana has 5 coins; this deed costs 10.");
  tap (f, "H8");              /* not taken as a revealed deed */
  {
    g_autofree char *now = state_text (f->session);
    g_assert_cmpstr (now, ==, before);
  }
}

/* The optional deed draft: one pick per seat per round, in seat order. */
static void
test_draft (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(JsonObject) game = NULL;

  assert_shown_text (f, "Tap this round’s picks in seat order: Ana, Bo, Cy.");
  tap (f, "A1 H8 D4");
  click (f, "confirm-button");
  game = game_of (f->session);
  g_assert_cmpint (json_object_get_int_member (lot_of (game, "A1"), "owner"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (lot_of (game, "H8"), "owner"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (lot_of (game, "D4"), "owner"), ==, 2);
  g_assert_cmpstr (shown (f, 2, "deeds"), ==, "1");
}

static void
build (Fixture    *f,
       const char *code,
       const char *lots)
{
  g_autofree char *name = g_strdup_printf ("tile-%s", code);

  click (f, name);
  tap (f, lots);
  click (f, "confirm-button");
}

/* The numbers the year-end table shows in the row captioned @caption (the first such row
 * after the heading @year_heading), as "a b c". */
static char *
table_row (Fixture    *f,
           const char *year_heading,
           const char *caption)
{
  GtkGrid *grid = GTK_GRID (tk_test_find_named (panel_of (f), "metropolis-scores"));
  GtkWidget *heading = tk_test_find_label (GTK_WIDGET (grid), year_heading);
  GString *text = g_string_new (NULL);
  int heading_row, row;

  g_assert_nonnull (heading);
  gtk_grid_query_child (grid, heading, NULL, &heading_row, NULL, NULL);
  for (row = heading_row + 1; ; row++)
    {
      GtkWidget *label = gtk_grid_get_child_at (grid, 0, row);

      g_assert_nonnull (label);
      if (GTK_IS_LABEL (label) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), caption) == 0)
        break;
    }
  for (int col = 1; gtk_grid_get_child_at (grid, col, row) != NULL; col++)
    g_string_append_printf (text, col > 1 ? " %s" : "%s",
                            gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (grid, col, row))));
  return g_string_free (text, FALSE);
}

/* A whole year through the panel, with small year decks: the deeds run out, the token moves
 * to the left of the last buyer, the final turns, and the year-end table with the scores
 * worked out by hand. */
static void
test_year_end (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(JsonObject) setup = three_player_setup ();
  g_autoptr(JsonObject) score = NULL;
  g_autoptr(JsonObject) game = NULL;
  JsonArray *deeds = json_array_new ();
  const char *const seats[] = { "A1 B1 C1 A2 B2 C2", "F1 G1 H1 F2 G2 H2", "A7 B7 C7 A8 B8 C8" };
  g_autofree char *row = NULL;

  for (guint p = 0; p < 3; p++)
    {
      g_auto(GStrv) lots = g_strsplit (seats[p], " ", -1);
      JsonArray *list = json_array_new ();

      for (guint i = 0; lots[i] != NULL; i++)
        json_array_add_string_element (list, lots[i]);
      json_array_add_array_element (deeds, list);
    }
  json_object_set_array_member (setup, "starting_deeds", deeds);
  json_object_set_array_member (setup, "year_deck_sizes", json_array_new ());
  json_array_add_int_element (json_object_get_array_member (setup, "year_deck_sizes"), 6);
  json_array_add_int_element (json_object_get_array_member (setup, "year_deck_sizes"), 20);
  json_array_add_int_element (json_object_get_array_member (setup, "year_deck_sizes"), 20);
  start_session (f, setup);

  tap (f, "D1 D2 D3 D4 D5 D6");
  click (f, "confirm-button");
  build (f, "C", "A1 B1 C1");          /* Ana: hotel, 4 citizens */
  build (f, "G", "F1 G1");             /* Bo: retail, 1 coin, 2 prestige */
  build (f, "E", "A7 B7 A8 B8");       /* Cy: condominium, 6 citizens */
  click (f, "buy-slot-0");             /* Ana D1 for 2: the deck is empty, nothing revealed */
  click (f, "buy-slot-0");             /* Bo D2 for 2 */
  build (f, "M", "C7");                /* Cy: school beside the condominium */
  click (f, "income-button");          /* Ana +5 */
  click (f, "buy-slot-0");             /* Bo D3 */
  click (f, "buy-slot-0");             /* Cy D4 */
  click (f, "buy-slot-0");             /* Ana D5 */
  click (f, "buy-slot-0");             /* Bo D6, the last deed: the token goes to Cy */
  game = game_of (f->session);
  g_assert_cmpstr (json_object_get_string_member (game, "phase"), ==, "final_turns");
  g_assert_cmpint (json_object_get_int_member (game, "first_player"), ==, 2);
  g_clear_pointer (&game, json_object_unref);
  assert_shown_text (f, "Year 1 · Final Turns · Cy’s Turn");
  /* no year scored yet: the table is not shown */
  g_assert_false (gtk_widget_get_mapped (tk_test_find_named (panel_of (f), "metropolis-scores")));
  build (f, "A", "D4");                /* Cy: small house */
  click (f, "income-button");          /* Ana +5 */
  build (f, "B", "F2 G2");             /* Bo: house; then year 1 is scored */

  /* by hand: populations Ana 4, Bo 2, Cy 7 → Cy leads 7 + 4 = 11, Ana scores the 7 above
   * her, Bo the 4 above him; Cy's school beside the condominium 6 / 2 = 3; Bo's retail 2
   * printed prestige and 1 coin */
  score = tk_session_score (f->session);
  g_assert_cmpint (json_object_get_int_member (score, "years_scored"), ==, 1);
  assert_shown_text (f, "Year 2: Deeds for Sale");
  row = table_row (f, "Year 1", "Population");
  g_assert_cmpstr (row, ==, "7 4 11");
  g_free (row);
  row = table_row (f, "Year 1", "Public buildings");
  g_assert_cmpstr (row, ==, "0 0 3");
  g_free (row);
  row = table_row (f, "Year 1", "Commercial prestige");
  g_assert_cmpstr (row, ==, "0 2 0");
  g_free (row);
  row = table_row (f, "Year 1", "Coins paid by commercial buildings");
  g_assert_cmpstr (row, ==, "0 1 0");
  g_free (row);
  row = table_row (f, "Year 1", "Prestige this year");
  g_assert_cmpstr (row, ==, "7 6 14");
  assert_fits_phone (f);
  g_assert_cmpstr (shown (f, 0, "prestige"), ==, "7");
  g_assert_cmpstr (shown (f, 1, "prestige"), ==, "6");
  g_assert_cmpstr (shown (f, 2, "prestige"), ==, "14");
  /* coins: Ana 5 − 2 + 5 − 2 + 5, Bo 6 − 2 × 3 + 1, Cy 7 − 2 */
  g_assert_cmpstr (shown (f, 0, "coins"), ==, "11");
  g_assert_cmpstr (shown (f, 1, "coins"), ==, "1");
  g_assert_cmpstr (shown (f, 2, "coins"), ==, "5");
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 2), ==, "14");
}

static void
collect_type (GtkWidget *widget,
              GType      type,
              GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_type (child, type, out);
}

/* The numbers a player card shows for every seat, as "a b c". */
static char *
shown_row (Fixture    *f,
           const char *what)
{
  return g_strdup_printf ("%s %s %s", shown (f, 0, what), shown (f, 1, what), shown (f, 2, what));
}

static void
assert_row (Fixture    *f,
            const char *year_heading,
            const char *caption,
            const char *expected)
{
  g_autofree char *row = table_row (f, year_heading, caption);

  if (g_strcmp0 (row, expected) != 0)
    g_error ("%s, %s: the panel shows “%s”, by hand “%s”", year_heading, caption, row, expected);
}

/* One action of the session file, entered as a player would: taps on the city board, the
 * Buy / Income / tile buttons, the coin correction dialog. */
static void
enter_action (Fixture    *f,
              JsonObject *action)
{
  const char *type = json_object_get_string_member (action, "type");
  g_autoptr(GString) lots = g_string_new (NULL);

  if (json_object_has_member (action, "lots"))
    {
      JsonArray *list = json_object_get_array_member (action, "lots");

      for (guint i = 0; i < json_array_get_length (list); i++)
        g_string_append_printf (lots, i > 0 ? " %s" : "%s", json_array_get_string_element (list, i));
    }
  if (g_str_equal (type, "market"))
    {
      tap (f, lots->str);
      click (f, "confirm-button");
    }
  else if (g_str_equal (type, "income"))
    click (f, "income-button");
  else if (g_str_equal (type, "buy"))
    {
      g_autofree char *slot = g_strdup_printf ("buy-slot-%" PRId64,
                                               json_object_get_int_member (action, "slot"));

      click (f, slot);
      if (json_object_has_member (action, "reveal"))
        tap (f, json_object_get_string_member (action, "reveal"));
    }
  else if (g_str_equal (type, "build"))
    build (f, json_object_get_string_member (action, "tile"), lots->str);
  else if (g_str_equal (type, "coins"))
    {
      GtkWindow *dialog;

      click (f, "coins-button");
      dialog = tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
      g_assert_nonnull (dialog);
      adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_descendant (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW)),
                                  (guint) json_object_get_int_member (action, "seat"));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_named (GTK_WIDGET (dialog), "metropolis-coins-amount")),
                                 (double) json_object_get_int_member (action, "delta"));
      gtk_editable_set_text (GTK_EDITABLE (tk_test_find_named (GTK_WIDGET (dialog), "metropolis-coins-reason")),
                             json_object_get_string_member (action, "reason"));
      adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "correct");
      tk_test_settle ();
    }
  else
    g_error ("no way to enter “%s”", type);
}

/* The full 3-player game of tests/fixtures/metropolis-full-game.json entered through the
 * panel from a new session (default rule tables, starting deeds tapped), checked after each
 * year against the scores counted by hand (see test-metropolis.c, test_full_game), then
 * finished: the play in the history has the same totals and categories. */
static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metropolis-full-game.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) setup = three_player_setup ();
  g_autoptr(GPtrArray) plays = NULL;
  JsonArray *players = json_object_get_array_member (setup, "players");
  JsonArray *deeds, *actions;
  AdwMessageDialog *confirm;
  static const char *const names[] = { "Ana", "Ben", "Cleo" };
  /* where each year ends in the file (actions counted from 1), and the hand numbers then */
  static const guint year_end[] = { 28, 62, 94 };
  static const char *const hand[3][6] = {
    /* population, public, commercial prestige, coins paid / coins as prestige, total, so far */
    { "6 14 10", "0 0 0", "5 0 0", "4 0 1", "11 14 10", "11 14 10" },
    { "17 17 10", "10 3 1", "7 8 5", "4 6 4", "34 28 16", "45 42 26" },
    { "13 12 23", "13 18 4", "9 8 8", "5 6 6", "41 44 42", "86 86 68" },
  };

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    json_object_set_string_member (json_array_get_object_element (players, i), "name", names[i]);
  if (GPOINTER_TO_INT (data) == 2)
    f->width = 360;
  start_session (f, setup);

  /* the starting deeds the file names, tapped seat by seat */
  deeds = json_object_get_array_member (json_object_get_object_member (file, "setup"), "starting_deeds");
  for (guint p = 0; p < 3; p++)
    {
      JsonArray *list = json_array_get_array_element (deeds, p);
      g_autoptr(GString) lots = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (list); i++)
        g_string_append_printf (lots, i > 0 ? " %s" : "%s", json_array_get_string_element (list, i));
      deal (f, p, lots->str);
    }
  g_assert_cmpstr (shown_row (f, "coins"), ==, "5 6 7");
  g_assert_cmpstr (shown_row (f, "markers"), ==, "2 2 2");
  assert_shown_text (f, "Turn up 6 of the 15 deeds of the year 1 deck and tap them in slot order, cheapest slot first.");

  actions = json_object_get_array_member (file, "actions");
  g_assert_cmpuint (json_array_get_length (actions), ==, year_end[2]);
  for (guint i = 0, y = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *row = json_array_get_object_element (actions, i);
      g_autoptr(JsonObject) score = NULL;
      g_autofree char *heading = NULL;

      enter_action (f, json_object_get_object_member (row, "action"));
      score = tk_session_score (f->session);
      if (json_object_get_int_member (score, "years_scored") != (gint64) y + (i + 1 == year_end[y]))
        g_error ("after action %u the panel's game has %" PRId64 " years scored", i + 1,
                 json_object_get_int_member (score, "years_scored"));
      if (i + 1 != year_end[y])
        continue;

      /* a year end: the table and the player cards against the hand numbers */
      {
        g_autofree char *shot = g_strdup_printf ("metropolis-full-game-%d-year-%u",
                                                 f->width > 0 ? f->width : 1000, y + 1);

        g_autofree char *table_shot = g_strdup_printf ("%s-table", shot);

        tk_test_save_shot (GTK_WIDGET (f->window), shot);
        tk_test_save_shot (gtk_widget_get_parent (tk_test_find_named (panel_of (f), "metropolis-scores")),
                           table_shot);
      }
      heading = g_strdup_printf ("Year %u", y + 1);
      assert_row (f, heading, "Population", hand[y][0]);
      assert_row (f, heading, "Public buildings", hand[y][1]);
      assert_row (f, heading, "Commercial prestige", hand[y][2]);
      if (y < 2)
        assert_row (f, heading, "Coins paid by commercial buildings", hand[y][3]);
      else
        {
          assert_row (f, heading, "Commercial coins as prestige (year 3)", hand[y][3]);
          assert_row (f, heading, "Markers on empty lots (year 3)", "1 0 1");
        }
      assert_row (f, heading, "Prestige this year", hand[y][4]);
      {
        g_autofree char *prestige = shown_row (f, "prestige");
        g_autofree char *totals = g_strdup_printf ("%s %s %s",
                                                   tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 0),
                                                   tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 1),
                                                   tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 2));

        g_assert_cmpstr (prestige, ==, hand[y][5]);
        g_assert_cmpstr (totals, ==, hand[y][5]);
      }
      y++;
    }

  /* by hand: coins 19 / 22 / 10 (Ben's correction included); Ana and Ben tie on 86 and Ben
   * wins on coins */
  g_assert_cmpstr (shown_row (f, "coins"), ==, "19 22 10");
  assert_row (f, "Year 3", "Coins left (breaks ties)", "19 22 10");
  assert_row (f, "Year 3", "Final prestige", "86 86 68");
  assert_row (f, "Year 3", "Rank", "2 1 3");
  assert_shown_text (f, "Game Over");
  assert_shown_text (f, "Ben wins");
  assert_shown_text (f, "Ben is placed ahead of Ana on 86: more coins left.");
  assert_fits_phone (f);

  /* Finish: the play keeps the totals, the ranks and the categories */
  g_assert_true (gtk_widget_activate_action (f->view, "session.finish", NULL));
  WAIT_FOR ((confirm = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  adw_message_dialog_response (confirm, "finish");
  tk_test_settle ();
  plays = tk_plays_query (f->store, 0, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plays->len, ==, 1);
  {
    TkPlay *play = g_ptr_array_index (plays, 0);
    static const double totals[] = { 86, 86, 68 };
    static const guint ranks[] = { 2, 1, 3 };
    TkPlayDetailsDialog *details;
    g_autoptr(GPtrArray) expanders = g_ptr_array_new ();
    g_autoptr(GPtrArray) lines = g_ptr_array_new ();

    g_assert_cmpuint (tk_play_get_n_players (play), ==, 3);
    for (guint p = 0; p < 3; p++)
      {
        const TkPlayPlayer *player = tk_play_get_player (play, p);

        g_assert_true (player->has_score);
        g_assert_cmpfloat (player->score, ==, totals[player->seat]);
        g_assert_cmpuint (player->rank, ==, ranks[player->seat]);
        g_assert_cmpint (player->winner, ==, player->seat == 1);
      }
    /* the play's details fold the session again: Ben's categories by hand, population
     * 14 + 17 + 12, public 0 + 3 + 18, commercial 0 + 8 + 8, coins 6, empty lots 0 */
    details = tk_play_details_dialog_new (NULL, f->store, tk_play_get_id (play), &error);
    g_assert_no_error (error);
    collect_type (GTK_WIDGET (details), ADW_TYPE_EXPANDER_ROW, expanders);
    g_assert_cmpuint (expanders->len, ==, 3);
    g_assert_cmpstr (adw_preferences_row_get_title (expanders->pdata[1]), ==, "Ben");
    g_assert_cmpstr (adw_expander_row_get_subtitle (expanders->pdata[1]), ==, "86");
    g_assert_cmpstr (adw_expander_row_get_subtitle (expanders->pdata[2]), ==, "68");
    collect_type (GTK_WIDGET (expanders->pdata[1]), ADW_TYPE_ACTION_ROW, lines);
    g_assert_cmpuint (lines->len, >=, 5);
    {
      static const char *const want[][2] = {
        { "Population", "43" }, { "Public buildings", "21" }, { "Commercial prestige", "16" },
        { "Commercial coins as prestige (year 3)", "6" }, { "Markers on empty lots (year 3)", "0" },
      };

      /* … then each year's scoring, the same hand figures year by year. */
      static const char *const years[][3] = {
        { "Year 1", "Population 14 · Public buildings 0 · Commercial prestige 0 · "
                    "Commercial coins as prestige (year 3) 0 · Markers on empty lots (year 3) 0", "14" },
        { "Year 2", "Population 17 · Public buildings 3 · Commercial prestige 8 · "
                    "Commercial coins as prestige (year 3) 0 · Markers on empty lots (year 3) 0", "28" },
        { "Year 3", "Population 12 · Public buildings 18 · Commercial prestige 8 · "
                    "Commercial coins as prestige (year 3) 6 · Markers on empty lots (year 3) 0", "44" },
      };
      guint first = lines->len - G_N_ELEMENTS (want) - G_N_ELEMENTS (years);

      g_assert_cmpuint (lines->len, >=, G_N_ELEMENTS (want) + G_N_ELEMENTS (years));
      for (guint i = 0; i < G_N_ELEMENTS (want); i++)
        {
          AdwActionRow *line = lines->pdata[first + i];

          g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (line)), ==, want[i][0]);
          g_assert_nonnull (tk_test_find_label (GTK_WIDGET (line), want[i][1]));
        }
      for (guint i = 0; i < G_N_ELEMENTS (years); i++)
        {
          AdwActionRow *line = lines->pdata[first + G_N_ELEMENTS (want) + i];

          g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (line)), ==, years[i][0]);
          g_assert_cmpstr (adw_action_row_get_subtitle (line), ==, years[i][1]);
          g_assert_nonnull (tk_test_find_label (GTK_WIDGET (line), years[i][2]));
        }
    }
    gtk_window_destroy (GTK_WINDOW (details));
    tk_test_settle ();
  }
}

/* A finished game (the sample session file) shows the winner and the year-end breakdown. */
static void
test_scoring_shown (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metropolis-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) score = NULL;
  GtkWidget *table;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  f->session = tk_session_import (f->store, text, -1, &error);
  g_assert_no_error (error);
  open_view (f, f->session);
  score = tk_session_score (f->session);
  g_assert_true (json_object_get_boolean_member (score, "finished"));
  assert_shown_text (f, "Game Over");
  assert_shown_text (f, "Red wins");
  table = tk_test_find_named (panel_of (f), "metropolis-scores");
  g_assert_true (gtk_widget_get_mapped (table));
  g_assert_nonnull (tk_test_find_label (table, "Year 3"));
  g_assert_nonnull (tk_test_find_label (table, "Final prestige"));
  g_assert_nonnull (tk_test_find_label (table, "41"));
  g_assert_nonnull (tk_test_find_label (table, "20"));
  tk_test_save_shot (gtk_widget_get_parent (table), "metropolis-scoring-shown-table");
  assert_fits_phone (f);
}

/* Presses the session view's own button for @action (Undo, Redo), as a person does. */
static void
press_view_button (Fixture    *f,
                   const char *action)
{
  GtkWidget *button = tk_test_find_widget (f->view, tk_test_has_action, action);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

/* The year-end table is patched, not made again (issue #28): after a scoring change (undo
 * of the last action, which scored year 3, then redo) the same label widgets, kept by
 * pointer, show the new numbers, and year 3 and the rank hide and show again. */
static void
test_scoring_patched (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *text = tk_test_read_session ("metropolis-session.json", 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *final_total = NULL;
  g_autofree char *final_coins = NULL;
  GtkWidget *table, *total, *coins, *year3, *rank;

  f->session = tk_session_import (f->store, text, -1, &error);
  g_assert_no_error (error);
  open_view (f, f->session);
  table = tk_test_find_named (panel_of (f), "metropolis-scores");
  total = tk_test_find_named (table, "metropolis-final-total-1");
  coins = tk_test_find_named (table, "metropolis-final-coins-1");
  year3 = tk_test_find_named (table, "metropolis-year3-total-1");
  rank = tk_test_find_named (table, "metropolis-final-rank-1");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (total)), ==, "41");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (coins)), ==, "7");
  g_assert_true (gtk_widget_get_mapped (year3));
  g_assert_true (gtk_widget_get_mapped (rank));
  final_total = g_strdup (gtk_label_get_text (GTK_LABEL (total)));
  final_coins = g_strdup (gtk_label_get_text (GTK_LABEL (coins)));

  /* undo Blue's last income: year 3 is no longer scored */
  press_view_button (f, "session.undo");
  {
    g_autoptr(JsonObject) score = tk_session_score (f->session);
    JsonObject *blue = json_array_get_object_element (json_object_get_array_member (score, "players"), 1);
    char want[32];

    g_assert_false (json_object_get_boolean_member (score, "finished"));
    g_assert_true (tk_test_find_named (table, "metropolis-final-total-1") == total);
    g_assert_true (tk_test_find_named (table, "metropolis-final-coins-1") == coins);
    g_snprintf (want, sizeof want, "%" PRId64, json_object_get_int_member (blue, "total"));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (total)), ==, want);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (total)), !=, final_total);
    g_snprintf (want, sizeof want, "%" PRId64, json_object_get_int_member (blue, "coins"));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (coins)), ==, want);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (coins)), !=, final_coins);
    g_assert_nonnull (tk_test_find_label (table, "Prestige so far"));
    g_assert_false (gtk_widget_get_mapped (year3));
    g_assert_false (gtk_widget_get_mapped (rank));
    tk_test_save_shot (gtk_widget_get_parent (table), "metropolis-scoring-patched-undone-table");
  }

  /* redo: the same labels show the final numbers again */
  press_view_button (f, "session.redo");
  g_assert_true (tk_test_find_named (table, "metropolis-final-total-1") == total);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (total)), ==, "41");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (coins)), ==, "7");
  g_assert_nonnull (tk_test_find_label (table, "Final prestige"));
  g_assert_true (gtk_widget_get_mapped (year3));
  g_assert_true (gtk_widget_get_mapped (rank));
}

/* The options: every choice lands in the setup, and the engine accepts the setup. */
static void
test_options (void)
{
  const TkRules *rules;
  GtkWidget *options = tk_game_panel_new_options ("metropolis");
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) game = NULL;
  JsonArray *decks;
  gpointer state;

  tk_games_register_all ();
  rules = tk_rules_lookup ("metropolis");
  g_assert_nonnull (options);
  g_object_ref_sink (options);
  g_assert_true (TK_IS_METROPOLIS_OPTIONS (options));
  tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 3);
  /* the board follows the seats */
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (tk_test_find_named (options, "metropolis-board-size"))), ==, 1);
  /* the year decks that board makes, by hand: 64 lots − 3 × 6 starting deeds = 46 */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (tk_test_find_named (options, "metropolis-board-size"))),
                            "year decks of 15, 15 and 16 deeds"));
  /* unconfirmed numbers say so */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_widget_get_ancestor (tk_test_find_named (options, "metropolis-market_prices"), ADW_TYPE_ACTION_ROW))),
                            "check against your rule book"));

  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_named (options, "metropolis-deeds")), 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_named (options, "metropolis-first")), 2);
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_named (options, "metropolis-board-size")), 2);
  /* 81 − 18 = 63 */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (tk_test_find_named (options, "metropolis-board-size"))),
                            "year decks of 21, 21 and 21 deeds"));
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_named (options, "metropolis-printed")), 1);
  gtk_switch_set_active (GTK_SWITCH (tk_test_find_named (options, "metropolis-coins-to-prestige")), FALSE);
  gtk_editable_set_text (GTK_EDITABLE (tk_test_find_named (options, "metropolis-market_prices")), "1, 2, 3, 5, 7, 9");
  gtk_editable_set_text (GTK_EDITABLE (tk_test_find_named (options, "metropolis-population_bonus")), "3 6 9");

  /* the tile table: the hotel's citizens, the retail shop's prestige, the 2-lot school's rate */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_named (options, "metropolis-tile-C")), 5);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_named (options, "metropolis-tile-G-prestige")), 3);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_named (options, "metropolis-tile-R")), 2);

  setup = rules->default_setup (3);
  g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_no_error (error);
  g_assert_true (json_object_get_boolean_member (setup, "deed_draft"));
  g_assert_cmpint (json_object_get_int_member (setup, "first_player"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (setup, "board_size"), ==, 9);
  decks = json_object_get_array_member (setup, "year_deck_sizes");
  g_assert_cmpint (json_array_get_int_element (decks, 0) + json_array_get_int_element (decks, 1) +
                   json_array_get_int_element (decks, 2), ==, 81 - 18);
  g_assert_cmpstr (json_object_get_string_member (setup, "printed_prestige"), ==, "year_3_only");
  g_assert_false (json_object_get_boolean_member (setup, "year_3_coins_to_prestige"));
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (setup, "market_prices"), 5), ==, 9);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (setup, "population_bonus"), 2), ==, 9);
  g_assert_cmpint (json_object_get_int_member (setup, "lot_markers"), ==, 8);

  {
    JsonArray *tiles = json_object_get_array_member (setup, "tiles");
    guint hotels = 0;

    for (guint i = 0; i < json_array_get_length (tiles); i++)
      {
        JsonObject *tile = json_array_get_object_element (tiles, i);
        const char *code = json_object_get_string_member (tile, "code");

        if (g_str_equal (code, "C"))
          {
            /* both rows of the code (one per shape) */
            g_assert_cmpint (json_object_get_int_member (tile, "citizens"), ==, 5);
            hotels++;
          }
        else if (g_str_equal (code, "G"))
          {
            g_assert_cmpint (json_object_get_int_member (tile, "prestige"), ==, 3);
            g_assert_cmpint (json_object_get_int_member (tile, "coins"), ==, 1);
          }
        else if (g_str_equal (code, "R"))
          g_assert_cmpint (json_object_get_int_member (tile, "rate"), ==, 2);
        else if (g_str_equal (code, "A"))
          g_assert_cmpint (json_object_get_int_member (tile, "citizens"), ==, 1);
      }
    g_assert_cmpuint (hotels, ==, 2);
  }
  state = rules->state_new (setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  game = rules->to_json (state);
  g_assert_cmpint (json_object_get_int_member (game, "board_size"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (game, "first_player"), ==, 2);
  /* the first player takes 5 coins, the next 6, the last 7 */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (game, "players"), 2), "coins"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (game, "players"), 0), "coins"), ==, 6);
  rules->state_free (state);

  /* a table that is not numbers is refused with its name */
  gtk_editable_set_text (GTK_EDITABLE (tk_test_find_named (options, "metropolis-population_bonus")), "4, seven, 10");
  g_clear_pointer (&setup, json_object_unref);
  setup = rules->default_setup (3);
  g_assert_false (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Population Leader Bonus"));
  g_clear_error (&error);
  gtk_editable_set_text (GTK_EDITABLE (tk_test_find_named (options, "metropolis-population_bonus")), "4, 7");
  g_assert_false (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_nonnull (strstr (error->message, "needs 3 whole numbers"));
  g_assert_finalize_object (options);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  g_test_add ("/panel/metropolis/shown", Fixture, NULL, fixture_set_up_game, test_panel_shown,
              fixture_tear_down);
  g_test_add ("/panel/metropolis/game", Fixture, NULL, fixture_set_up_game, test_game,
              fixture_tear_down);
  g_test_add ("/panel/metropolis/game-on-a-phone", Fixture, GINT_TO_POINTER (2), fixture_set_up_game,
              test_game, fixture_tear_down);
  g_test_add ("/panel/metropolis/buy-refused-before-reveal", Fixture, NULL, fixture_set_up_game,
              test_buy_refused_before_reveal, fixture_tear_down);
  g_test_add ("/panel/metropolis/draft", Fixture, GINT_TO_POINTER (1), fixture_set_up_game,
              test_draft, fixture_tear_down);
  g_test_add ("/panel/metropolis/year-end", Fixture, NULL, fixture_set_up, test_year_end,
              fixture_tear_down);
  g_test_add ("/panel/metropolis/full-game", Fixture, NULL, fixture_set_up, test_full_game,
              fixture_tear_down);
  g_test_add ("/panel/metropolis/full-game-on-a-phone", Fixture, GINT_TO_POINTER (2), fixture_set_up,
              test_full_game, fixture_tear_down);
  g_test_add ("/panel/metropolis/scoring-shown", Fixture, NULL, fixture_set_up,
              test_scoring_shown, fixture_tear_down);
  g_test_add ("/panel/metropolis/scoring-patched", Fixture, NULL, fixture_set_up,
              test_scoring_patched, fixture_tear_down);
  g_test_add_func ("/panel/metropolis/options", test_options);
  return tk_test_run ();
}
