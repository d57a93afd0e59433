/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania-keys.c — a Metromania turn played with the keyboard alone (issue 30): real
 * keys typed through the X server reach the board by Tab, move its cursor, dig three tunnels,
 * build a station, place a marker and finish the turn.  After each move the board's
 * accessible description says where the cursor is, what is there and what Enter does; after
 * each action it says the result (what a screen reader reads on GTK 4.8,
 * tk_accessible_announce()).  At 360 px and 1100 px; run again in Japanese (metromania-keys-ja).
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include <glib/gi18n.h>

#include "panels/metromania/tk-metromania-board-view.h"
#include "tk-ledger-entry.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"

typedef TkTestSession Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  int width = GPOINTER_TO_INT (data);
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  JsonArray *players;

  tk_games_register_all ();
  rules = tk_rules_lookup ("metromania");
  setup = rules->default_setup (2);
  players = json_object_get_array_member (setup, "players");
  json_object_set_string_member (json_array_get_object_element (players, 0), "name", "Ana");
  json_object_set_string_member (json_array_get_object_element (players, 1), "name", "Ben");
  /* the board drawn, nothing entered on it: any frame triangle starts a line */
  json_object_set_object_member (setup, "board", json_object_new ());
  tk_test_session_set_up (f, "metromania", setup, width, width < 700 ? 720 : 900);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  tk_test_session_tear_down (f);
}

static GtkWidget *
board_of (Fixture *f)
{
  GtkWidget *board = tk_test_find_descendant (f->view, TK_TYPE_METROMANIA_BOARD_VIEW);

  g_assert_nonnull (board);
  return board;
}

static gboolean
focus_is (Fixture   *f,
          GtkWidget *widget)
{
  return gtk_root_get_focus (GTK_ROOT (f->window)) == widget;
}

/* The window as it is, when TK_TEST_SHOTS_DIR is set: metromania-keys-@moment-WIDTH.png. */
static void
save_shot (Fixture    *f,
           const char *moment)
{
  g_autofree char *name = g_strdup_printf ("metromania-keys-%s-%d", moment,
                                           gtk_widget_get_width (GTK_WIDGET (f->window)));

  tk_test_save_shot (GTK_WIDGET (f->window), name);
  g_free (name);
  /* and the board with the turn's buttons below it, whole */
  name = g_strdup_printf ("metromania-keys-%s-%d-board", moment,
                          gtk_widget_get_width (GTK_WIDGET (f->window)));
  tk_test_save_shot (gtk_widget_get_parent (gtk_widget_get_parent (board_of (f))), name);
}

/* Tab until @widget has the focus, as a person would. */
static void
tab_to (Fixture   *f,
        GtkWidget *widget)
{
  for (guint i = 0; i < 120 && !focus_is (f, widget); i++)
    tk_test_type_key (f->window, GDK_KEY_Tab);
  g_assert_true (focus_is (f, widget));
}

/* "row 7, point 5", as the board names the point (q, r): rows of the city from the top,
 * points from the left of the row. */
static char *
row_point (gint q,
           gint r)
{
  return g_strdup_printf (_("row %d, point %d"), r + 6, q - MAX (-5, -5 - r) + 1);
}

/* The board's description holds @text (and, when @also is given, that too). */
static void
assert_described (GtkWidget  *board,
                  const char *text,
                  const char *also)
{
  g_autofree char *described = tk_metromania_board_view_describe_cursor (TK_METROMANIA_BOARD_VIEW (board));

  if (strstr (described, text) == NULL || (also != NULL && strstr (described, also) == NULL))
    g_error ("the cursor is described as “%s”, without “%s” or “%s”", described, text,
             also != NULL ? also : "");
  /* and that is what the board tells a screen reader now */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, described);
}

/* After an action the focused board says its result. */
static void
assert_heard (Fixture    *f,
              GtkWidget  *focus,
              const char *text)
{
  tk_test_settle ();   /* results are said once the main loop is idle */
  g_assert_true (focus_is (f, focus));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
}

/* The first marker @seat holds (not placed yet), as the marker tool picks it. */
static char
first_marker (Fixture *f,
              guint    seat)
{
  g_autoptr(JsonObject) json = tk_session_to_json (f->session);
  JsonObject *game = json_object_get_object_member (json, "game");
  JsonArray *markers = json_object_get_array_member (game, "destinations");

  for (guint i = 0; i < json_array_get_length (markers); i++)
    {
      JsonObject *marker = json_array_get_object_element (markers, i);

      if (json_object_get_int_member (marker, "owner") == seat &&
          !json_object_get_boolean_member_with_default (marker, "placed", FALSE))
        return json_object_get_string_member (marker, "letter")[0];
    }
  g_assert_not_reached ();
}

static char *
progress (guint n)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of 3 tunnels this turn",
                                       "%u of 3 tunnels this turn", n), n);
}

static void
assert_heard_action (Fixture    *f,
                     GtkWidget  *board,
                     const char *done,
                     guint       n_tunnels)
{
  g_autofree char *count = progress (n_tunnels);
  g_autofree char *text = g_strconcat (done, " ", count, NULL);

  assert_heard (f, board, text);
}

static void
test_turn_by_keys (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *board = board_of (f);
  GtkWidget *deal = tk_test_find_button (f->view, _("Record Deal"));
  GtkWidget *finish = tk_test_find_button (f->view, _("Finish Turn"));
  g_autofree char *centre = row_point (0, 0);
  g_autofree char *below = row_point (-1, 1);
  g_autofree char *row7_1 = row_point (-5, 1);
  g_autofree char *row6_1 = row_point (-5, 0);
  g_autofree char *apex = g_strdup_printf (_("outside the city, by %s and %s"), row7_1, row6_1);
  g_autofree char *ana_plain = g_strdup_printf (_("%s’s plain line"), "Ana");
  g_autofree char *dig_hint = g_strdup_printf (_("Enter digs a tunnel of %s along this side."),
                                               ana_plain);
  g_autofree char *marker_hint = NULL;
  g_autofree char *marker_done = NULL;
  g_autofree char *end = row_point (-3, 1);
  g_autofree char *at_end = NULL;
  char letter;

  g_assert_nonnull (deal);
  g_assert_nonnull (finish);
  /* the deal is dealt before the turn (a button, not part of the turn) */
  g_signal_emit_by_name (deal, "clicked");
  tk_test_settle ();

  /* Tab to the board: from the first focus the cursor is there, in the middle of the city,
   * and a screen reader hears where, what is there and what Enter does, then the keys */
  tab_to (f, board);
  g_assert_true (gtk_widget_has_visible_focus (board));
  save_shot (f, "focus");
  {
    g_autofree char *cursor = tk_metromania_board_view_describe_cursor (TK_METROMANIA_BOARD_VIEW (board));
    g_autofree char *first = g_strconcat (cursor, " ", _("Arrow keys move the cursor, Page Up "
                                                         "and Page Down turn it, Space picks "
                                                         "the other triangle of a side, Enter "
                                                         "applies the tool; T, S and M pick the "
                                                         "tunnel, station and marker tools; "
                                                         "plus and minus zoom."), NULL);

    g_assert_nonnull (strstr (cursor, centre));
    g_assert_nonnull (strstr (cursor, dig_hint));
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board),
                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, first);
  }

  /* down a row, then left out of the city to the apex of a frame triangle */
  tk_test_type_key (f->window, GDK_KEY_Down);
  assert_described (board, below, NULL);
  for (guint i = 0; i < 5; i++)
    tk_test_type_key (f->window, GDK_KEY_Left);
  assert_described (board, apex, _("off the board"));
  /* Space: the tunnel's triangle on the other side of the edge, the frame triangle above */
  tk_test_type_key (f->window, GDK_KEY_space);
  assert_described (board, _("a frame triangle"), C_("metromania board", "above"));

  /* dig: three tunnels along row 7, each heard with how far the turn is; the cursor follows
   * the line's end */
  tk_test_type_key (f->window, GDK_KEY_Return);
  assert_heard_action (f, board, _("Tunnel dug."), 1);
  tk_test_type_key (f->window, GDK_KEY_Return);
  assert_heard_action (f, board, _("Tunnel dug."), 2);
  tk_test_type_key (f->window, GDK_KEY_Return);
  assert_heard_action (f, board, _("Tunnel dug."), 3);
  g_assert_true (tk_metromania_board_view_get_cursor (TK_METROMANIA_BOARD_VIEW (board)).q == -3);

  /* S: the station tool, the cursor on the line's end, where Enter builds one */
  tk_test_type_key (f->window, GDK_KEY_s);
  at_end = g_strdup_printf (_("At %s: %s."), end, "");
  at_end[strlen (at_end) - 2] = '\0';   /* "At row 7, point 3:" */
  assert_described (board, at_end, _("Enter builds a station here."));
  assert_described (board, _("the end of the line being drawn"), _("a tunnel of this turn"));
  tk_test_type_key (f->window, GDK_KEY_Return);
  assert_heard_action (f, board, _("Station built."), 3);
  tk_test_type_key (f->window, GDK_KEY_Left);
  tk_test_type_key (f->window, GDK_KEY_Right);
  assert_described (board, _("a new station of this turn"), NULL);

  /* M: the marker tool, Ana's first marker; Page Down three times turns the cursor to the
   * triangle upper left of the end, which holds a tunnel of this turn */
  letter = first_marker (f, 0);
  marker_hint = g_strdup_printf (_("Enter places marker %c here."), letter);
  tk_test_type_key (f->window, GDK_KEY_m);
  assert_described (board, marker_hint, NULL);
  for (guint turns = 0; turns < 3; turns++)
    tk_test_type_key (f->window, GDK_KEY_Page_Down);
  assert_described (board, C_("metromania board", "upper left"), _("a tunnel of this turn"));
  marker_done = g_strdup_printf (_("Marker %c placed."), letter);
  tk_test_type_key (f->window, GDK_KEY_Return);
  assert_heard_action (f, board, marker_done, 3);
  save_shot (f, "marker");

  /* Tab on to Finish Turn and press it: the turn goes into the books, and is heard */
  tab_to (f, finish);
  tk_test_type_key (f->window, GDK_KEY_Return);
  tk_test_settle ();
  {
    g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (tk_session_get_ledger (f->session),
                                                            tk_session_get_n_active (f->session) - 1);
    g_autofree char *dug = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s digs %u tunnel",
                                                         "%s digs %u tunnels", 3), "Ana", 3);
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
    g_autofree char *differs = NULL;

    g_assert_cmpstr (tk_ledger_entry_get_text (entry), ==, dug);
    differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (focus != NULL ? focus
                                                                                : GTK_WIDGET (f->window)),
                                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, dug);
    if (differs != NULL)
      g_error ("the finished turn is not heard: %s", differs);
  }
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* GTK's test accessibility backend, read when the first widget is made: the descriptions
   * a screen reader reads are checked */
  g_setenv ("GTK_A11Y", "test", TRUE);

  g_test_add ("/metromania-keys/turn/360", Fixture, GINT_TO_POINTER (360), fixture_set_up,
              test_turn_by_keys, fixture_tear_down);
  g_test_add ("/metromania-keys/turn/1100", Fixture, GINT_TO_POINTER (1100), fixture_set_up,
              test_turn_by_keys, fixture_tear_down);
  return tk_test_run ();
}
