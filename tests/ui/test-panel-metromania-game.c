/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-metromania-game.c — a whole four-player game of Metromania played on the panel as
 * the players would: every turn tapped on the board, the destination markers placed, the trips'
 * routes and the totals the panel shows checked against the hand count. */
#include "config.h"

#include <adwaita.h>

#include "tk-game-panel.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "panels/metromania/tk-metromania-panel.h"
#include "panels/metromania/tk-metromania-board-view.h"
#include "metromania/tk-metromania-routes.h"
#include "metromania/tk-metromania-rules.h"
#include "tk-session-view.h"
#include "tk-test-metromania-panel.h"
#include "tk-test-utils.h"

/* The panel in a window of its own, and the steps several panel tests take on it
 * (tests/ui/tk-test-metromania-panel.h). */
typedef TkTestMetromaniaPanel Fixture;
#define fixture_set_up tk_test_metromania_panel_fixture_set_up
#define fixture_tear_down tk_test_metromania_panel_fixture_tear_down
#define find_named(root, name) tk_test_metromania_panel_find_named (root, name)
#define click(root, label) tk_test_metromania_panel_click (root, label)
#define pick_tool(f, name) tk_test_metromania_panel_pick_tool (f, name)
#define board(f) tk_test_metromania_panel_board (f)
#define edge(f, aq, ar, bq, br, cq, cr, down) \
  tk_test_metromania_panel_edge (f, aq, ar, bq, br, cq, cr, down)
#define point(f, q, r) tk_test_metromania_panel_point (f, q, r)
#define cell(f, q, r, down) tk_test_metromania_panel_cell (f, q, r, down)
#define game(f) tk_test_metromania_panel_game (f)
#define label_text(root, name) tk_test_metromania_panel_label_text (root, name)
#define trip_subtitle(root, trip) tk_test_metromania_panel_trip_subtitle (root, trip)

/* The marker @letter of the player to move on @cell, picked from the letter list. */
static void
place_marker (Fixture  *f,
              char      letter,
              gint      q,
              gint      r,
              gboolean  down)
{
  GtkDropDown *letters;
  GListModel *model;
  guint i, n;

  pick_tool (f, "tool-destination");
  tk_test_settle ();
  letters = GTK_DROP_DOWN (find_named (f->view, "destination-letter"));
  model = gtk_drop_down_get_model (letters);
  n = g_list_model_get_n_items (model);
  for (i = 0; i < n; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (gtk_string_object_get_string (item)[0] == letter)
        break;
    }
  g_assert_cmpuint (i, <, n);
  gtk_drop_down_set_selected (letters, i);
  cell (f, q, r, down);
  pick_tool (f, "tool-tunnel");
}

static const char *
player_total (Fixture *f,
              guint    seat)
{
  g_autofree char *name = g_strdup_printf ("player-%u", seat);

  return label_text (find_named (f->view, name), "total");
}

/* The four-player game of tests/fixtures/metromania-full-game.json (scored by hand in
 * test-metromania.c, test_full_game), tapped from the deal to the end: the totals the players'
 * cards show, the trips' rows, trip D's two routes highlighted, then Finish and the play's
 * scores.  Hand totals: Ana −1, Ben 21, Cleo 15, Dan 3. */
static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  /* Holders of the markers A home, A work, B work, B leisure, … F home (the kinds offered
   * already are the ones dealt). */
  static const guint holders[12] = { 0, 2, 1, 3, 0, 1, 2, 3, 0, 2, 1, 3 };
  static const char *const hand_totals[4] = { "-1", "21", "15", "3" };
  static const double hand_scores[4] = { -1, 21, 15, 3 };
  static const guint hand_ranks[4] = { 4, 1, 2, 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  const TkMetromaniaSegment *shown;
  AdwMessageDialog *confirm;
  GtkListBox *list;
  guint n_shown;

  for (guint m = 0; m < 12; m++)
    {
      g_autofree char *name = g_strdup_printf ("deal-owner-%u", m);

      gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (f->view, name)), holders[m]);
    }
  click (f->view, "Record Deal");
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Ana to dig");
  pick_tool (f, "tool-lake");
  cell (f, -2, 0, FALSE);
  cell (f, -2, 0, TRUE);
  pick_tool (f, "tool-park");
  cell (f, 4, -2, FALSE);
  cell (f, 4, -2, TRUE);
  tk_test_settle ();
  pick_tool (f, "tool-tunnel");

  /* T1 Ana */
  pick_tool (f, "line-plain");
  edge (f, -6, 4, -5, 4, -6, 3, TRUE);
  edge (f, -5, 4, -4, 4, -5, 4, FALSE);
  edge (f, -4, 4, -3, 4, -4, 4, FALSE);
  click (f->view, "Finish Turn");
  /* T2 Ben */
  pick_tool (f, "line-plain");
  edge (f, -2, 6, -2, 5, -2, 5, FALSE);
  edge (f, -2, 5, -2, 4, -3, 4, TRUE);
  edge (f, -2, 4, -2, 3, -2, 3, FALSE);
  click (f->view, "Finish Turn");
  /* T3 Cleo */
  pick_tool (f, "line-plain");
  edge (f, 6, -2, 5, -2, 5, -2, FALSE);
  edge (f, 5, -2, 4, -2, 4, -3, TRUE);
  edge (f, 4, -2, 3, -2, 3, -2, FALSE);
  click (f->view, "Finish Turn");
  /* T4 Dan */
  pick_tool (f, "line-plain");
  edge (f, 1, -6, 1, -5, 0, -6, TRUE);
  edge (f, 1, -5, 1, -4, 1, -5, FALSE);
  edge (f, 1, -4, 1, -3, 1, -4, FALSE);
  click (f->view, "Finish Turn");
  /* T5 Ana */
  pick_tool (f, "line-plain");
  edge (f, -3, 4, -2, 4, -3, 4, FALSE);
  place_marker (f, 'C', -3, 4, FALSE);
  edge (f, -2, 4, -1, 4, -2, 4, FALSE);
  edge (f, -1, 4, 0, 4, -1, 4, FALSE);
  click (f->view, "Finish Turn");
  /* T6 Ben */
  pick_tool (f, "line-plain");
  edge (f, -2, 3, -2, 2, -3, 2, TRUE);
  edge (f, -2, 2, -2, 1, -3, 1, TRUE);
  edge (f, -2, 1, -2, 0, -3, 0, TRUE);
  click (f->view, "Finish Turn");
  /* T7 Cleo */
  pick_tool (f, "line-plain");
  edge (f, 3, -2, 2, -2, 2, -2, FALSE);
  edge (f, 2, -2, 1, -2, 1, -3, TRUE);
  place_marker (f, 'E', 1, -3, TRUE);
  edge (f, 1, -2, 0, -2, 0, -2, FALSE);
  click (f->view, "Finish Turn");
  /* T8 Dan */
  pick_tool (f, "line-plain");
  edge (f, 1, -3, 1, -2, 1, -3, FALSE);
  place_marker (f, 'D', 1, -3, FALSE);
  edge (f, 1, -2, 1, -1, 1, -2, FALSE);
  edge (f, 1, -1, 1, 0, 0, -1, TRUE);
  click (f->view, "Finish Turn");
  /* T9 Ana */
  pick_tool (f, "line-plain");
  edge (f, 0, 4, 1, 4, 0, 4, FALSE);
  place_marker (f, 'A', 0, 4, FALSE);
  edge (f, 1, 4, 2, 4, 1, 3, TRUE);
  pick_tool (f, "tool-station");
  point (f, 0, 4);
  pick_tool (f, "tool-tunnel");
  pick_tool (f, "line-striped");
  edge (f, 4, -6, 4, -5, 3, -6, TRUE);
  click (f->view, "Finish Turn");
  /* T10 Ben */
  pick_tool (f, "line-plain");
  edge (f, -2, 0, -2, -1, -2, -1, FALSE);
  edge (f, -2, -1, -2, -2, -3, -2, TRUE);
  place_marker (f, 'B', -3, -2, TRUE);
  edge (f, -2, -2, -2, -3, -2, -3, FALSE);
  click (f->view, "Finish Turn");
  /* T11 Cleo */
  pick_tool (f, "line-plain");
  edge (f, 0, -2, -1, -2, -1, -3, TRUE);
  place_marker (f, 'A', -1, -3, TRUE);
  edge (f, -1, -2, -2, -2, -2, -2, FALSE);
  edge (f, -2, -2, -3, -2, -3, -2, FALSE);
  click (f->view, "Finish Turn");
  /* T12 Dan */
  pick_tool (f, "line-plain");
  edge (f, 1, 0, 1, 1, 1, 0, FALSE);
  edge (f, 1, 1, 1, 2, 1, 1, FALSE);
  edge (f, 1, 2, 1, 3, 1, 2, FALSE);
  click (f->view, "Finish Turn");
  /* T13 Ana */
  pick_tool (f, "line-striped");
  edge (f, 4, -5, 4, -4, 4, -5, FALSE);
  edge (f, 4, -4, 4, -3, 4, -4, FALSE);
  edge (f, 4, -3, 4, -2, 4, -3, FALSE);
  place_marker (f, 'E', 4, -3, FALSE);
  click (f->view, "Finish Turn");
  /* T14 Ben */
  pick_tool (f, "line-plain");
  edge (f, -2, -3, -2, -4, -2, -4, FALSE);
  pick_tool (f, "line-striped");
  edge (f, 6, -1, 5, -1, 5, -1, FALSE);
  edge (f, 5, -1, 4, -1, 4, -1, FALSE);
  place_marker (f, 'F', 4, -1, FALSE);
  click (f->view, "Finish Turn");
  /* T15 Cleo */
  pick_tool (f, "line-plain");
  edge (f, -3, -2, -4, -2, -4, -2, FALSE);
  pick_tool (f, "line-striped");
  edge (f, -6, 1, -5, 1, -6, 0, TRUE);
  edge (f, -5, 1, -4, 1, -5, 1, FALSE);
  click (f->view, "Finish Turn");
  /* T16 Dan */
  pick_tool (f, "line-plain");
  pick_tool (f, "tool-station");
  point (f, 1, -3);
  pick_tool (f, "tool-tunnel");
  /* T17 Ana */
  pick_tool (f, "line-striped");
  edge (f, 4, -2, 4, -1, 3, -2, TRUE);
  edge (f, 4, -1, 4, 0, 3, -1, TRUE);
  edge (f, 4, 0, 4, 1, 4, 0, FALSE);
  click (f->view, "Finish Turn");
  /* T18 Ben */
  pick_tool (f, "line-striped");
  edge (f, 4, -1, 3, -1, 3, -1, FALSE);
  edge (f, 3, -1, 2, -1, 2, -1, FALSE);
  edge (f, 2, -1, 1, -1, 1, -2, TRUE);
  place_marker (f, 'C', 1, -2, TRUE);
  click (f->view, "Finish Turn");
  /* T19 Cleo */
  pick_tool (f, "line-striped");
  edge (f, -4, 1, -3, 1, -4, 1, FALSE);
  edge (f, -3, 1, -2, 1, -3, 1, FALSE);
  place_marker (f, 'D', -3, 1, FALSE);
  edge (f, -2, 1, -1, 1, -2, 1, FALSE);
  click (f->view, "Finish Turn");
  /* T20 Dan */
  pick_tool (f, "line-striped");
  edge (f, -6, 2, -5, 2, -6, 1, TRUE);
  edge (f, -5, 2, -4, 2, -5, 2, FALSE);
  edge (f, -4, 2, -3, 2, -4, 2, FALSE);
  click (f->view, "Finish Turn");
  /* Round 6: Ana finishes her second line with one tunnel; the others dig once more. */
  /* T21 Ana */
  pick_tool (f, "line-striped");
  edge (f, 4, 1, 4, 2, 3, 1, TRUE);
  pick_tool (f, "tool-station");
  point (f, 4, 0);
  pick_tool (f, "tool-tunnel");
  click (f->view, "Finish Turn");
  /* Ana has finished both lines: every other player digs once more. */
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Last round: Ben to dig, 3 turns left");
  /* T22 Ben */
  pick_tool (f, "line-striped");
  pick_tool (f, "tool-station");
  point (f, 2, -1);
  pick_tool (f, "tool-tunnel");
  /* T23 Cleo */
  pick_tool (f, "line-striped");
  edge (f, -1, 1, 0, 1, -1, 1, FALSE);
  edge (f, 0, 1, 1, 1, 0, 1, FALSE);
  edge (f, 1, 1, 2, 1, 1, 0, TRUE);
  click (f->view, "Finish Turn");
  /* T24 Dan */
  pick_tool (f, "line-striped");
  edge (f, -3, 2, -2, 2, -3, 2, FALSE);
  place_marker (f, 'B', -3, 2, FALSE);
  edge (f, -2, 2, -1, 2, -2, 2, FALSE);
  edge (f, -1, 2, 0, 2, -1, 2, FALSE);
  click (f->view, "Finish Turn");
  tk_test_settle ();

  g_assert_cmpstr (label_text (f->view, "turn-title"), ==,
                   "The building is over: the test trips below are final");
  for (guint s = 0; s < 4; s++)
    g_assert_cmpstr (player_total (f, s), ==, hand_totals[s]);
  /* Each card names the categories that make its total (hand numbers). */
  g_assert_cmpstr (label_text (find_named (f->view, "player-0"), "breakdown"), ==,
                   "Score: Stations\u00a0+5, Trip A\u00a0-6");
  g_assert_cmpstr (label_text (find_named (f->view, "player-1"), "breakdown"), ==,
                   "Score: Stations\u00a0+2, Unfinished lines\u00a0-1, Trip B\u00a0+6, "
                   "Trip C\u00a0+6, Trip D\u00a0+3, Lake–park\u00a0+5");
  g_assert_cmpstr (label_text (find_named (f->view, "player-3"), "breakdown"), ==,
                   "Score: Stations\u00a0+4, Unfinished lines\u00a0-4, Trip C\u00a0+3, "
                   "Trip D\u00a0+6, Trip F\u00a0-6");
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "A"), "Impossible: no station"));
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "B"), "4 min, 1 fastest route"));
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "C"), "14 min, 1 fastest route"));
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "D"), "9 min, 2 fastest routes"));
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "E"), "3 min, 1 fastest route"));
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "F"),
                                   "Impossible: a destination is still in hand"));
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "lake-park"), "12 min"));

  /* Trip D selected: both routes lit, 3 + 3 segments each (Ben S9–S4, Cleo S4–S2; Cleo
   * S9–S12, Dan S12–S2). */
  list = GTK_LIST_BOX (gtk_widget_get_parent (find_named (f->view, "trip-D")));
  gtk_list_box_select_row (list, GTK_LIST_BOX_ROW (find_named (f->view, "trip-D")));
  tk_test_settle ();
  shown = tk_metromania_board_view_get_highlight (board (f), &n_shown);
  g_assert_cmpuint (n_shown, ==, 12);
  for (guint i = 0; i < n_shown; i++)
    g_assert_true ((shown[i].seat == 1 && shown[i].style == 0) ||
                   (shown[i].seat == 2) ||
                   (shown[i].seat == 3 && shown[i].style == 0));
  /* The routes in words, then why each player scored. */
  g_assert_cmpstr (label_text (f->view, "route"), ==,
                   "Ben’s plain line S9 → S4 (3), change (3), Cleo’s plain line S4 → S2 (3)\n"
                   "Cleo’s striped line S9 → S12 (3), change (3), Dan’s plain line S12 → S2 (3)\n"
                   "Ben\u00a0+3: rode the fastest route\n"
                   "Cleo\u00a0+6: placed a destination and rode the fastest route\n"
                   "Dan\u00a0+6: placed a destination and rode the fastest route");
  tk_test_save_shot (GTK_WIDGET (f->window), "metromania-full-game");
  /* A failed trip says who pays and why. */
  gtk_list_box_select_row (list, GTK_LIST_BOX_ROW (find_named (f->view, "trip-F")));
  tk_test_settle ();
  g_assert_cmpstr (label_text (f->view, "route"), ==, "Dan\u00a0-6: destination still in hand");
  tk_metromania_board_view_get_highlight (board (f), &n_shown);
  g_assert_cmpuint (n_shown, ==, 0);

  /* Finish: the play keeps the totals, Ben the winner. */
  g_assert_true (gtk_widget_activate_action (f->view, "session.finish", NULL));
  WAIT_FOR ((confirm = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  adw_message_dialog_response (confirm, "finish");
  WAIT_FOR (g_strcmp0 (tk_session_get_status (f->session), "finished") == 0);
  plays = tk_plays_query (f->store, 0, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plays->len, ==, 1);
  for (guint p = 0; p < 4; p++)
    {
      const TkPlayPlayer *player = tk_play_get_player (g_ptr_array_index (plays, 0), p);

      g_assert_true (player->has_score);
      g_assert_cmpfloat (player->score, ==, hand_scores[player->seat]);
      g_assert_cmpuint (player->rank, ==, hand_ranks[player->seat]);
      g_assert_cmpint (player->winner, ==, player->seat == 1);
    }
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  g_test_add ("/panel/metromania/full-game", Fixture, GUINT_TO_POINTER (4), fixture_set_up,
              test_full_game, fixture_tear_down);
  return tk_test_run ();
}
