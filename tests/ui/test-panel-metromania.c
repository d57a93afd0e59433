/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-metromania.c — the Metromania panel in a session view, driven as a player would: the
 * deal, the lake and the park, turns tapped on the board (through the board view's activate
 * functions, the ones its gestures and keys call), refused taps, a trip's fastest route
 * highlighted, undo, reopening, and the setup options.  A whole four-player game is in
 * test-panel-metromania-game.c. */
#include "config.h"

#include <adwaita.h>

#include "tk-game-panel.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "panels/metromania/tk-metromania-panel.h"
#include "panels/metromania/tk-metromania-board-view.h"
#include "panels/metromania/tk-metromania-model.h"
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

/* ---- helpers ---- */

static gboolean
match_label_containing (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

/* Whether the window shows a toast (or any label) saying @text. */
static gboolean
shows_text (Fixture    *f,
            const char *text)
{
  return tk_test_find_widget (f->overlay, match_label_containing, text) != NULL;
}

static char *
game_text (Fixture *f)
{
  g_autoptr(JsonObject) g = game (f);

  return tk_rules_json_to_string (g);
}

static JsonObject *
line_of (JsonObject *g,
         guint       seat,
         guint       style)
{
  return json_array_get_object_element (json_object_get_array_member (g, "lines"),
                                        seat * 2 + style);
}

/* The turns of test-metromania's board game (Ana from side 3 along r = 1, Ben from side 5
 * along q = 1), tapped.  Returns after Ana's and Ben's fourth turns. */
static void
deal_and_open (Fixture *f)
{
  g_autoptr(JsonObject) g = NULL;

  g_assert_true (gtk_widget_get_visible (tk_test_find_button (f->view, "Record Deal")));
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Deal the destination markers");
  click (f->view, "Record Deal");
  g = game (f);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (g, "destinations")),
                    ==, 12);
  g_assert_false (gtk_widget_get_mapped (tk_test_find_button (f->view, "Record Deal")));
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Ana to dig");

  /* The lake and the park, tapped cell by cell. */
  pick_tool (f, "tool-lake");
  cell (f, 1, 1, FALSE);
  cell (f, 1, 1, TRUE);
  pick_tool (f, "tool-park");
  cell (f, 2, -3, FALSE);
  cell (f, 1, -3, TRUE);
  tk_test_settle ();
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (g, "board"), "lake")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (g, "board"), "park")), ==, 2);
  pick_tool (f, "tool-tunnel");
}

/* Seed 002: lines start at the white arrows and end at the black ones: both are entered from
 * the board, each with its own tool, and drawn apart. */
static void
test_panel_arrows (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(JsonObject) g = NULL;
  JsonObject *board_json;

  deal_and_open (f);
  pick_tool (f, "tool-arrow");
  cell (f, -6, 0, TRUE);
  pick_tool (f, "tool-end-arrow");
  cell (f, 0, -6, TRUE);
  cell (f, 3, 1, TRUE);
  tk_test_settle ();
  g = game (f);
  board_json = json_object_get_object_member (g, "board");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (board_json, "arrows")),
                    ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (board_json,
                                                                         "end_arrows")), ==, 2);
  /* an arrow tapped in the city: refused, with the engine's reason */
  pick_tool (f, "tool-arrow");
  cell (f, 1, 1, TRUE);
  tk_test_settle ();
  g_assert_true (shows_text (f, "frame triangles around the city"));
  /* Rivers, forests and the printed destination spaces with their kind (seed 002: 川・森,
   * 拠点に接する駅は接している拠点の数だけ1点). */
  pick_tool (f, "tool-river");
  cell (f, 0, 0, FALSE);
  pick_tool (f, "tool-forest");
  cell (f, 2, -1, TRUE);
  pick_tool (f, "tool-space");
  g_assert_true (gtk_widget_get_visible (find_named (f->view, "space-kind")));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (f->view, "space-kind")), 1);
  cell (f, -3, 2, FALSE);
  cell (f, -2, 2, FALSE);
  cell (f, -2, 2, FALSE);                            /* tapped again: taken away */
  tk_test_settle ();
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  board_json = json_object_get_object_member (g, "board");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (board_json, "rivers")),
                    ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (board_json, "forests")),
                    ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (board_json, "spaces")),
                    ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                     json_object_get_array_member (board_json, "spaces"), 0), "kind"), ==, "work");
  tk_test_save_shot (GTK_WIDGET (f->window), "metromania-arrows");
  /* Kept as a named layout (Save Layout…, a name, Save), then offered by New Session: a
   * session started from it has the same board. */
  {
    AdwMessageDialog *ask;
    GtkWidget *options, *row;
    GListModel *names;
    g_autoptr(JsonObject) setup = NULL;
    g_autoptr(GError) error = NULL;
    const TkRules *rules;
    gpointer state;

    g_signal_emit_by_name (find_named (f->view, "save-layout"), "clicked");
    WAIT_FOR ((ask = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
    gtk_editable_set_text (GTK_EDITABLE (find_named (GTK_WIDGET (ask), "layout-name")),
                           "Our <b>table</b>");
    g_signal_emit_by_name (tk_test_find_button (GTK_WIDGET (ask), "_Save"), "clicked");
    tk_test_settle ();
    options = g_object_ref_sink (tk_game_panel_new_options ("metromania"));
    row = find_named (options, "district-layout");
    names = adw_combo_row_get_model (ADW_COMBO_ROW (row));
    g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==,
                     "Our <b>table</b>");
    adw_combo_row_set_selected (ADW_COMBO_ROW (row), 1);
    rules = tk_rules_lookup ("metromania");
    setup = rules->default_setup (2);
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                        json_object_get_object_member (setup, "board"), "spaces")), ==, 1);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                        json_object_get_object_member (setup, "board"), "end_arrows")), ==, 2);
    state = rules->state_new (setup, &error);
    g_assert_no_error (error);
    rules->state_free (state);
    g_assert_finalize_object (options);
  }

  /* A second tap takes a black arrow away again. */
  pick_tool (f, "tool-end-arrow");
  cell (f, 3, 1, TRUE);
  tk_test_settle ();
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (g, "board"), "end_arrows")), ==, 1);
}

static void
play_opening (Fixture *f)
{
  guint active = tk_session_get_n_active (f->session);

  /* Ana: three taps make the turn, which is only committed by Finish Turn. */
  edge (f, -6, 1, -5, 1, -6, 0, TRUE);
  edge (f, -5, 1, -4, 1, -5, 1, FALSE);
  edge (f, -4, 1, -3, 1, -4, 1, FALSE);
  tk_test_settle ();
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, active);
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "3 of 3 tunnels this turn");
  click (f->view, "Finish Turn");
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, active + 1);
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Ben to dig");

  edge (f, 1, -6, 1, -5, 0, -6, TRUE);
  edge (f, 1, -5, 1, -4, 1, -5, FALSE);
  edge (f, 1, -4, 1, -3, 1, -4, FALSE);
  click (f->view, "Finish Turn");
  edge (f, -3, 1, -2, 1, -3, 1, FALSE);
  edge (f, -2, 1, -1, 1, -2, 1, FALSE);
  edge (f, -1, 1, 0, 1, -1, 1, FALSE);
  click (f->view, "Finish Turn");
  edge (f, 1, -3, 1, -2, 1, -3, FALSE);
  edge (f, 1, -2, 1, -1, 1, -2, FALSE);
  edge (f, 1, -1, 1, 0, 1, -1, FALSE);
  click (f->view, "Finish Turn");
}

/* ---- tests ---- */

/* The session view shows the game's own panel, not the generic score pad. */
static void
test_panel_shown (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_METROMANIA_PANEL);

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_mapped (panel));
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (board (f))));
  /* The zoom buttons zoom the board, within 1 to 4. */
  g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board (f)), ==, 1.0);
  g_signal_emit_by_name (find_named (f->view, "zoom-in"), "clicked");
  g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board (f)), ==, 1.25);
  g_signal_emit_by_name (find_named (f->view, "zoom-out"), "clicked");
  g_signal_emit_by_name (find_named (f->view, "zoom-out"), "clicked");
  g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board (f)), ==, 1.0);
}

/* A small two-player network tapped on the board; refused taps change nothing. */
static void
test_network (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(JsonObject) g = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  JsonObject *ana;
  guint active;

  deal_and_open (f);
  play_opening (f);
  g = game (f);
  ana = line_of (g, 0, 0);
  g_assert_cmpstr (json_object_get_string_member (ana, "state"), ==, "running");
  g_assert_cmpint (json_object_get_int_member (ana, "tunnels"), ==, 6);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (ana, "path")), ==, 7);
  g_assert_cmpint (json_object_get_int_member (line_of (g, 1, 0), "tunnels"), ==, 6);

  /* Ana at (0, 1) heading along +q: a sharp 60° turn without a station is refused on the
   * tap, with the engine's reason; nothing is entered, nothing committed. */
  active = tk_session_get_n_active (f->session);
  before = game_text (f);
  edge (f, 0, 1, -1, 2, -1, 1, TRUE);
  tk_test_settle ();
  g_assert_true (shows_text (f, "only at a station"));
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "Nothing entered yet this turn");
  /* A side that does not start at the line's end. */
  edge (f, 2, 1, 3, 1, 2, 1, FALSE);
  tk_test_settle ();
  g_assert_true (shows_text (f, "ringed point"));
  after = game_text (f);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, active);

  /* With a station at (1, 1) (beside the lake) the sharp turn is allowed. */
  edge (f, 0, 1, 1, 1, 0, 0, TRUE);
  pick_tool (f, "tool-station");
  point (f, 1, 1);
  pick_tool (f, "tool-tunnel");
  edge (f, 1, 1, 0, 2, 0, 1, TRUE);
  edge (f, 0, 2, -1, 3, -1, 2, FALSE);
  click (f->view, "Finish Turn");
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (g, "stations")), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (g, "lake")), ==, 1);
  g_assert_cmpint (json_object_get_int_member (line_of (g, 0, 0), "tunnels"), ==, 9);

  /* Ben reaches S1, and may not go on over the lake. */
  edge (f, 1, 0, 1, 1, 1, 0, FALSE);
  g_clear_pointer (&before, g_free);
  before = game_text (f);
  edge (f, 1, 1, 1, 2, 1, 1, FALSE);
  tk_test_settle ();
  g_assert_true (shows_text (f, "lake or the park"));
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "1 of 3 tunnels this turn");
  g_clear_pointer (&after, g_free);
  after = game_text (f);
  g_assert_cmpstr (before, ==, after);
  /* Take Back drops the tunnel entered; tapped again, it is back. */
  click (f->view, "Take Back");
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "Nothing entered yet this turn");
  g_assert_false (gtk_widget_is_sensitive (tk_test_find_button (f->view, "Finish Turn")));
  edge (f, 1, 0, 1, 1, 1, 0, FALSE);
  tk_test_settle ();
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "1 of 3 tunnels this turn");
  /* Fewer than 3 tunnels: the engine refuses the turn, which stays entered. */
  click (f->view, "Finish Turn");
  g_assert_true (shows_text (f, "fewer only when"));
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "1 of 3 tunnels this turn");
  edge (f, 1, 1, 2, 1, 1, 0, TRUE);
  edge (f, 2, 1, 3, 1, 2, 1, FALSE);
  click (f->view, "Finish Turn");
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  /* Ben's line stops at S1 too, after his tunnel 7. */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (line_of (g, 1, 0),
                                                                         "stops")), ==, 1);
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Ana to dig");

  /* Ana goes on to the frame at side 2, beside her start side 3: seed 002 ends a line only on
   * the three sides across from its start, so the tap is refused and says why; she turns
   * along the border instead. */
  edge (f, -1, 3, -1, 4, -1, 3, FALSE);
  edge (f, -1, 4, -1, 5, -1, 4, FALSE);
  edge (f, -1, 5, -2, 6, -2, 5, FALSE);
  tk_test_settle ();
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "2 of 3 tunnels this turn");
  edge (f, -1, 5, 0, 5, -1, 4, TRUE);
  click (f->view, "Finish Turn");
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  g_assert_cmpstr (json_object_get_string_member (line_of (g, 0, 0), "state"), ==, "running");
  g_assert_false (gtk_widget_get_visible (find_named (f->view, "warnings")));

  /* Ben starts his striped line and meets Ana's line at (-4, 1): the station the rules put
   * there comes with the tunnel, and Ana's line stops there too. */
  pick_tool (f, "line-striped");
  edge (f, -6, 3, -5, 3, -6, 2, TRUE);
  edge (f, -5, 3, -4, 2, -5, 2, FALSE);
  edge (f, -4, 2, -4, 1, -5, 1, TRUE);
  /* already drawn with the turn being entered, as the engine puts it */
  {
    g_autoptr(TkMetromaniaModel) model = NULL;
    g_autoptr(GArray) drafted = NULL;

    g_object_get (tk_test_find_descendant (f->view, TK_TYPE_METROMANIA_PANEL), "model", &model, NULL);
    drafted = tk_metromania_turn_station_points (tk_metromania_model_get_turn (model));
    g_assert_cmpuint (drafted->len, ==, 1);
    g_assert_cmpint (g_array_index (drafted, TkMetroPoint, 0).q, ==, -4);
    g_assert_cmpint (g_array_index (drafted, TkMetroPoint, 0).r, ==, 1);
  }
  click (f->view, "Finish Turn");
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (g, "stations")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (line_of (g, 0, 0),
                                                                         "stops")), ==, 3);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (line_of (g, 1, 1),
                                                                         "stops")), ==, 1);
}

/* A route highlighted: trip A between the two placed markers, compared with
 * tk-metromania-routes on the same network built by hand; then undo and reopen. */
static void
test_trip_highlight (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(JsonObject) g = NULL;
  g_autoptr(TkMetroNet) net = NULL;
  g_autoptr(TkMetroTrip) trip = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *subtitle = NULL;
  const TkMetromaniaSegment *shown;
  guint n_shown, expected = 0;
  GtkListBox *list;
  GtkWidget *row_a;
  GtkWidget *view2, *window2;
  g_autoptr(TkSession) again = NULL;

  deal_and_open (f);
  play_opening (f);
  /* Ana: station S1 at (1, 1), on to (-1, 3); Ben through S1 to (3, 1). */
  edge (f, 0, 1, 1, 1, 0, 0, TRUE);
  pick_tool (f, "tool-station");
  point (f, 1, 1);
  pick_tool (f, "tool-tunnel");
  edge (f, 1, 1, 0, 2, 0, 1, TRUE);
  edge (f, 0, 2, -1, 3, -1, 2, FALSE);
  click (f->view, "Finish Turn");
  edge (f, 1, 0, 1, 1, 1, 0, FALSE);
  edge (f, 1, 1, 2, 1, 1, 0, TRUE);
  edge (f, 2, 1, 3, 1, 2, 1, FALSE);
  click (f->view, "Finish Turn");
  /* Stations instead of digging: Ana's S2 after her tunnel 3, Ben's S3 after his tunnel 4
   * (beside the park). */
  pick_tool (f, "tool-station");
  point (f, -3, 1);
  tk_test_settle ();
  point (f, 1, -2);
  tk_test_settle ();
  /* Ana: marker A on the cell she digs, station S4 beside it (1 point), out at the frame. */
  pick_tool (f, "tool-tunnel");
  edge (f, -1, 3, -2, 4, -2, 3, FALSE);
  pick_tool (f, "tool-destination");
  cell (f, -2, 3, FALSE);
  pick_tool (f, "tool-station");
  point (f, -2, 4);
  pick_tool (f, "tool-tunnel");
  edge (f, -2, 4, -3, 5, -3, 4, FALSE);
  edge (f, -3, 5, -3, 6, -3, 5, FALSE);
  click (f->view, "Finish Turn");
  /* Ben: marker A, station S5, out at side 1, then his striped line from side 3. */
  edge (f, 3, 1, 4, 1, 3, 1, FALSE);
  pick_tool (f, "tool-destination");
  cell (f, 3, 1, FALSE);
  pick_tool (f, "tool-station");
  point (f, 4, 1);
  pick_tool (f, "tool-tunnel");
  edge (f, 4, 1, 4, 2, 3, 1, TRUE);
  pick_tool (f, "line-striped");
  edge (f, -6, 3, -5, 3, -6, 2, TRUE);
  click (f->view, "Finish Turn");

  g = game (f);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (g, "stations")), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (line_of (g, 0, 0), "state"), ==, "finished");
  g_assert_cmpstr (json_object_get_string_member (line_of (g, 1, 0), "state"), ==, "finished");
  g_assert_cmpstr (json_object_get_string_member (line_of (g, 1, 1), "state"), ==, "running");
  g_assert_cmpstr (trip_subtitle (f->view, "A"), ==,
                   "9 min, 1 fastest route — Ana\u00a0+6, Ben\u00a0+6");
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "lake-park"), "3 min"));

  /* Nothing is highlighted until a trip is selected. */
  shown = tk_metromania_board_view_get_highlight (board (f), &n_shown);
  g_assert_cmpuint (n_shown, ==, 0);
  list = GTK_LIST_BOX (gtk_widget_get_parent (find_named (f->view, "trip-A")));
  gtk_list_box_select_row (list, GTK_LIST_BOX_ROW (find_named (f->view, "trip-A")));
  tk_test_settle ();

  /* The same network by hand: stations S1 … S5 are 0 … 4; Ana's plain line stops at S2 (3),
   * S1 (7), S4 (10); Ben's at S3 (4), S1 (7), S5 (10).  A runs from S4 to S5. */
  {
    guint ana[] = { 1, 0, 3 }, ana_seg[] = { 4, 3 };
    guint ben[] = { 2, 0, 4 }, ben_seg[] = { 3, 3 };
    guint ana_pos[] = { 3, 7, 10 }, ben_pos[] = { 4, 7, 10 };
    guint from = 3, to = 4;

    net = tk_metro_net_new (5);
    g_assert_cmpint (tk_metro_net_add_line (net, ana, ana_seg, 3), ==, 0);
    g_assert_cmpint (tk_metro_net_add_line (net, ben, ben_seg, 3), ==, 1);
    trip = tk_metro_trip_compute (net, &from, 1, &to, 1, TK_METRO_PER_SEGMENT, 3, 16);
    g_assert_cmpint (trip->time, ==, 9);

    /* Every leg's tunnels must be highlighted, and nothing else. */
    shown = tk_metromania_board_view_get_highlight (board (f), &n_shown);
    for (guint r = 0; r < trip->routes->len; r++)
      {
        TkMetroRoute *route = trip->routes->pdata[r];

        for (guint l = 0; l < route->legs->len; l++)
          {
            TkMetroLeg *leg = &g_array_index (route->legs, TkMetroLeg, l);
            guint *stops = leg->line == 0 ? ana : ben;
            guint *pos = leg->line == 0 ? ana_pos : ben_pos;
            JsonArray *path = json_object_get_array_member (line_of (g, leg->line, 0), "path");
            guint a = 0, b = 0;

            for (guint i = 0; i < 3; i++)
              {
                if (stops[i] == leg->from_station)
                  a = pos[i];
                if (stops[i] == leg->to_station)
                  b = pos[i];
              }
            for (guint k = MIN (a, b); k < MAX (a, b); k++)
              {
                JsonArray *p = json_array_get_array_element (path, k);
                JsonArray *q = json_array_get_array_element (path, k + 1);
                gboolean found = FALSE;

                for (guint i = 0; i < n_shown; i++)
                  found |= shown[i].seat == leg->line && shown[i].style == 0 &&
                           shown[i].from.q == json_array_get_int_element (p, 0) &&
                           shown[i].from.r == json_array_get_int_element (p, 1) &&
                           shown[i].to.q == json_array_get_int_element (q, 0) &&
                           shown[i].to.r == json_array_get_int_element (q, 1);
                g_assert_true (found);
                expected++;
              }
          }
      }
    g_assert_cmpuint (expected, ==, 6);
    g_assert_cmpuint (n_shown, ==, expected);
  }

  /* Undo Ben's last turn from the toast: his marker A is back in hand, trip A fails, no
   * route is shown.  The trip's row is patched, not made again (a focused row keeps the
   * focus). */
  row_a = find_named (f->view, "trip-A");
  tk_test_press_toast_button (f->view, "_Undo");
  g_assert_true (find_named (f->view, "trip-A") == row_a);
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Ben to dig");
  g_assert_true (g_str_has_prefix (trip_subtitle (f->view, "A"),
                                   "Impossible: a destination is still in hand"));
  tk_metromania_board_view_get_highlight (board (f), &n_shown);
  g_assert_cmpuint (n_shown, ==, 0);
  subtitle = g_strdup (trip_subtitle (f->view, "A"));

  /* Reopened in a new view, the same. */
  again = tk_session_load (f->store, tk_session_get_id (f->session), &error);
  g_assert_no_error (error);
  view2 = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (view2), again);
  window2 = adw_window_new ();
  adw_window_set_content (ADW_WINDOW (window2), view2);
  gtk_window_present (GTK_WINDOW (window2));
  tk_test_settle ();
  g_assert_cmpstr (label_text (view2, "turn-title"), ==, "Ben to dig");
  g_assert_cmpstr (trip_subtitle (view2, "A"), ==, subtitle);
  g_assert_true (g_str_has_prefix (trip_subtitle (view2, "lake-park"), "3 min"));
  gtk_window_destroy (GTK_WINDOW (window2));
  tk_test_settle ();
}

/* Who digs first is chosen in the panel before anyone has dug. */
static void
test_first_player (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(JsonObject) g = NULL;
  GtkDropDown *first;

  click (f->view, "Record Deal");
  first = GTK_DROP_DOWN (tk_test_find_descendant (find_named (f->view, "first-box"),
                                                  GTK_TYPE_DROP_DOWN));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (first)));
  gtk_drop_down_set_selected (first, 1);
  tk_test_settle ();
  g = game (f);
  g_assert_cmpint (json_object_get_int_member (g, "turn"), ==, 1);
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Ben to dig");
}

/* A board played without the app, entered afterwards: whose lines are being entered is picked
 * from the list, each line goes in whole, and Board Complete makes the trips final. */
static void
test_entry (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(JsonObject) g = NULL;
  GtkDropDown *first;

  click (f->view, "Record Deal");
  g_assert_true (gtk_widget_get_mapped (find_named (f->view, "board-complete")));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (tk_test_find_descendant (
                     find_named (f->view, "first-box"), GTK_TYPE_LABEL))), ==,
                   "Entering the lines of");
  first = GTK_DROP_DOWN (tk_test_find_descendant (find_named (f->view, "first-box"),
                                                  GTK_TYPE_DROP_DOWN));
  gtk_drop_down_set_selected (first, 1);
  tk_test_settle ();
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==, "Entering the finished board: Ben’s lines");
  /* Ben's line, five tunnels in one go */
  edge (f, 1, -6, 1, -5, 0, -6, TRUE);
  edge (f, 1, -5, 1, -4, 1, -5, FALSE);
  edge (f, 1, -4, 1, -3, 1, -4, FALSE);
  edge (f, 1, -3, 1, -2, 1, -3, FALSE);
  edge (f, 1, -2, 1, -1, 1, -2, FALSE);
  tk_test_settle ();
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "5 tunnels entered");
  click (f->view, "Finish Turn");
  g = game (f);
  g_assert_cmpint (json_object_get_int_member (line_of (g, 1, 0), "tunnels"), ==, 5);
  /* then Ana's, four */
  gtk_drop_down_set_selected (first, 0);
  tk_test_settle ();
  edge (f, -6, 1, -5, 1, -6, 0, TRUE);
  edge (f, -5, 1, -4, 1, -5, 1, FALSE);
  edge (f, -4, 1, -3, 1, -4, 1, FALSE);
  edge (f, -3, 1, -2, 1, -3, 1, FALSE);
  click (f->view, "Finish Turn");
  tk_test_save_shot (GTK_WIDGET (f->window), "metromania-entry");
  click (f->view, "Board Complete");
  g_clear_pointer (&g, json_object_unref);
  g = game (f);
  g_assert_cmpint (json_object_get_int_member (line_of (g, 0, 0), "tunnels"), ==, 4);
  g_assert_true (json_object_get_boolean_member (g, "over"));
  g_assert_cmpstr (label_text (f->view, "turn-title"), ==,
                   "The building is over: the test trips below are final");
}

/* A tap on the board picks what its tool needs: the side of the tapped cell. */
static void
test_tap (Fixture       *f,
          gconstpointer  data)
{
  TkMetromaniaBoardView *view = board (f);
  double w, h, unit;
  g_autoptr(JsonObject) g = NULL;

  click (f->view, "Record Deal");
  /* the board's size once the deal is recorded (the layout may have changed with it) */
  tk_test_settle ();
  w = gtk_widget_get_width (GTK_WIDGET (view));
  h = gtk_widget_get_height (GTK_WIDGET (view));
  unit = MIN (w / 13.4, h / 11.8);
  /* Inside frame cell (-6, 0, down) near its side from the apex (-6, 1) to (-5, 1): the
   * point a fifth of the way from that side's middle towards the cell's centre. */
  {
    double ax = -6 + 0.5, ay = 1 * 0.8660254, bx = -5 + 0.5, by = ay;   /* (-6,1), (-5,1) */
    double cx = (-5 + 0 + -6 + 0.5 + -5 + 0.5) / 3, cy = (0 + 0.8660254 * 2) / 3;
    double mx = (ax + bx) / 2, my = (ay + by) / 2;
    double x = mx + (cx - mx) * 0.3, y = my + (cy - my) * 0.3;

    g_assert_true (tk_metromania_board_view_tap (view, w / 2 + x * unit, h / 2 + y * unit));
  }
  tk_test_settle ();
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "1 of 3 tunnels this turn");
  g = game (f);
  g_assert_cmpstr (json_object_get_string_member (line_of (g, 0, 0), "state"), ==, "unstarted");
  /* Outside the board nothing happens. */
  g_assert_false (tk_metromania_board_view_tap (view, 1, 1));
}

/* The keyboard: arrows move the cursor to the frame, Space picks the frame cell beside the
 * edge, Enter digs; the cursor then follows the line's end. */
static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (board (f));

  click (f->view, "Record Deal");
  gtk_widget_grab_focus (view);
  /* From (0, 0): down to (-1, 1), left to (-6, 1), the apex of frame cell (-6, 0, down). */
  tk_test_press_key (view, GDK_KEY_Down);
  for (guint i = 0; i < 5; i++)
    tk_test_press_key (view, GDK_KEY_Left);
  /* Along +q towards (-5, 1); the cell above the edge, inside the frame. */
  tk_test_press_key (view, GDK_KEY_space);
  tk_test_press_key (view, GDK_KEY_Return);
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "1 of 3 tunnels this turn");
  tk_test_press_key (view, GDK_KEY_Return);
  g_assert_cmpstr (label_text (f->view, "turn-label"), ==, "2 of 3 tunnels this turn");
  tk_test_press_key (view, GDK_KEY_plus);
  g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board (f)), >, 1.0);
}

/* On a phone (360 × 720) the panel fits the width, mid-game (14 turns of the hand-scored game)
 * and at the end with trip D selected.  Shots of the window and the whole panel are saved when
 * TK_TEST_SHOTS_DIR is set (run with LANGUAGE=ja or a dark style to see those). */
static void
test_phone (void)
{
  static const struct { guint cut; const char *name; } moments[] = {
    { 14, "mid" }, { 24, "end" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-full-game.json", NULL);
  g_autofree char *css_path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "..", "ui",
                                                "style.css", NULL);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  g_autoptr(TkStore) store = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  store = tk_store_open (db, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  gtk_css_provider_load_from_path (css, css_path);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  for (guint i = 0; i < G_N_ELEMENTS (moments); i++)
    {
      g_autoptr(JsonObject) file = tk_rules_json_parse_object (text, -1, &error);
      g_autoptr(TkSession) session = NULL;
      g_autofree char *cut = NULL;
      g_autofree char *shot = NULL;
      JsonArray *actions = json_object_get_array_member (file, "actions");
      GtkWidget *view = tk_session_view_new ();
      GtkWidget *window = adw_window_new ();
      GtkWidget *panel;
      int minimum, natural;

      while (json_array_get_length (actions) > moments[i].cut)
        json_array_remove_element (actions, json_array_get_length (actions) - 1);
      json_object_set_string_member (file, "status", "open");
      cut = tk_rules_json_to_string (file);
      session = tk_session_import (store, cut, -1, &error);
      g_assert_no_error (error);
      tk_session_view_set_session (TK_SESSION_VIEW (view), session);
      adw_window_set_content (ADW_WINDOW (window), view);
      gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
      gtk_widget_set_size_request (window, 360, 720);
      gtk_window_present (GTK_WINDOW (window));
      tk_test_settle ();
      if (moments[i].cut == 24)
        {
          GtkWidget *row = find_named (view, "trip-D");

          gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)),
                                   GTK_LIST_BOX_ROW (row));
          tk_test_settle ();
        }
      panel = tk_test_find_descendant (view, TK_TYPE_METROMANIA_PANEL);
      shot = g_strdup_printf ("metromania-phone-%s", moments[i].name);
      tk_test_save_shot (window, shot);
      g_free (shot);
      shot = g_strdup_printf ("metromania-phone-%s-panel", moments[i].name);
      tk_test_save_shot (panel, shot);
      gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      g_assert_cmpint (minimum, <=, 360 - 24);
      g_assert_cmpint (gtk_widget_get_width (panel), <=, 360);
      gtk_window_destroy (GTK_WINDOW (window));
      tk_test_settle ();
    }
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (css));
  g_clear_object (&store);
  tk_test_remove_tree (dir);
}

/* The options: trip time per hop, the BGA variant, a rule number; the engine takes them. */
static void
test_options (void)
{
  GtkWidget *options = tk_game_panel_new_options ("metromania");
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *table;
  gpointer state;

  tk_games_register_all ();
  rules = tk_rules_lookup ("metromania");
  g_assert_nonnull (options);
  g_object_ref_sink (options);
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "time-unit")), 1);
  gtk_switch_set_active (GTK_SWITCH (find_named (options, "bga-variant")), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (options, "change_cost")), 4);
  setup = rules->default_setup (3);
  g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_no_error (error);
  table = json_object_get_object_member (setup, "rules");
  g_assert_cmpstr (json_object_get_string_member (table, "time_unit"), ==, "hop");
  g_assert_true (json_object_get_boolean_member (table, "bga_variant"));
  g_assert_cmpint (json_object_get_int_member (table, "change_cost"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (table, "placer_points"), ==, 6);
  g_assert_true (json_object_has_member (setup, "board"));
  state = rules->state_new (setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  {
    g_autoptr(JsonObject) json = rules->to_json (state);
    JsonObject *back = json_object_get_object_member (json, "rules");

    g_assert_cmpstr (json_object_get_string_member (back, "time_unit"), ==, "hop");
    g_assert_cmpint (json_object_get_int_member (back, "change_cost"), ==, 4);
    g_assert_true (json_object_get_boolean_member (back, "bga_variant"));
    g_assert_true (json_object_has_member (json, "board"));
  }
  rules->state_free (state);
  g_assert_finalize_object (options);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  g_test_add ("/panel/metromania/arrows", Fixture, NULL, fixture_set_up, test_panel_arrows,
              fixture_tear_down);
  g_test_add ("/panel/metromania/entry", Fixture, GUINT_TO_POINTER (2 | ENTRY_MODE),
              fixture_set_up, test_entry, fixture_tear_down);
  g_test_add ("/panel/metromania/shown", Fixture, NULL, fixture_set_up, test_panel_shown,
              fixture_tear_down);
  g_test_add ("/panel/metromania/network", Fixture, NULL, fixture_set_up, test_network,
              fixture_tear_down);
  g_test_add ("/panel/metromania/trip-highlight", Fixture, GUINT_TO_POINTER (2 | LEGACY_ENDS),
              fixture_set_up,
              test_trip_highlight, fixture_tear_down);
  g_test_add ("/panel/metromania/first-player", Fixture, NULL, fixture_set_up,
              test_first_player, fixture_tear_down);
  g_test_add ("/panel/metromania/tap", Fixture, NULL, fixture_set_up, test_tap,
              fixture_tear_down);
  g_test_add ("/panel/metromania/keyboard", Fixture, NULL, fixture_set_up, test_keyboard,
              fixture_tear_down);
  g_test_add_func ("/panel/metromania/phone", test_phone);
  g_test_add_func ("/panel/metromania/options", test_options);
  return tk_test_run ();
}
