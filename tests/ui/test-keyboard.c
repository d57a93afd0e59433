/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-keyboard.c — a round played with the keyboard alone (issue 30), every key typed
 * through the X server as a person's:
 *
 * - the score pad: Ctrl+T goes to Add Round, Return adds the round and the keyboard lands in
 *   its first cell; Return, the points, Return sets a score and the keyboard goes on to the
 *   next player's cell (after the last, to Add Round); each cell reads its score
 *   ("Round 1, Ana: 12") and the score's toast is heard on the focused cell;
 * - Welcome To: Ctrl+T goes to the turn's actions; Tab to a number, an effect and a house,
 *   Return on each; the house written, its toast heard on the focused control, for both
 *   players of the round.
 *
 * "Heard" is what a screen reader is given on GTK 4.8: the focused widget's accessible
 * description (tk_accessible_announce()).  Widgets are found by name or action to check
 * where the focus is, never pressed directly; the meson file runs it in Japanese as well.
 */
#define G_LOG_DOMAIN "test-keyboard"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "panels/welcome-to/tk-welcome-to-panel.h"
#include "tk-accessible.h"
#include "tk-ledger-entry.h"
#include "tk-rules-json.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"

/* How many Tabs may separate two controls of one panel before the test gives up. */
#define MAX_TABS 200

static GtkWidget *
focus_of (TkTestSession *f)
{
  return gtk_root_get_focus (GTK_ROOT (f->window));
}

/* Whether the keyboard focus is @widget or inside it. */
static gboolean
focus_in (TkTestSession *f,
          GtkWidget     *widget)
{
  GtkWidget *focus = focus_of (f);

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Types Tab until the focus is on @target. */
static void
tab_to (TkTestSession *f,
        GtkWidget     *target)
{
  for (guint i = 0; i < MAX_TABS && !focus_in (f, target); i++)
    tk_test_type_key (f->window, GDK_KEY_Tab);
  if (!focus_in (f, target))
    g_error ("%d Tabs never reached %s", MAX_TABS, gtk_widget_get_name (target));
}

static void
type_number (TkTestSession *f,
             guint          number)
{
  g_autofree char *digits = g_strdup_printf ("%u", number);

  for (const char *d = digits; *d != '\0'; d++)
    tk_test_type_key (f->window, GDK_KEY_0 + (*d - '0'));
}

/* The text of the ledger's latest entry: the toast of the action just taken. */
static char *
latest_ledger_text (TkSession *session)
{
  g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (tk_session_get_ledger (session),
                                                          tk_session_get_n_active (session) - 1);

  return g_strdup (tk_ledger_entry_get_text (entry));
}

/* The result of the last action was said on the widget that has the focus. */
static void
assert_heard (TkTestSession *f)
{
  g_autofree char *text = latest_ledger_text (f->session);
  GtkWidget *focus;

  tk_test_settle ();    /* results are said once the main loop is idle */
  focus = focus_of (f);
  g_assert_nonnull (focus);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
}

/* ---- the score pad ---- */

static const char *const pad_players[] = { "Ana", "Ben", "Chloé" };

static void
pad_set_up (TkTestSession *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = tk_rules_json_parse_object (
      "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},{\"name\":\"Chloé\"}]}", -1, &error);

  g_assert_no_error (error);
  tk_test_session_set_up (f, "generic-score-pad", setup, GPOINTER_TO_INT (data), 800);
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

/* The pad's cell of @round and @seat (made anew at each change). */
static GtkWidget *
pad_cell (TkTestSession *f,
          guint          round,
          guint          seat)
{
  g_autofree char *where = g_strdup_printf (_("Round %u, %s"), round, pad_players[seat]);
  GtkWidget *cell = tk_test_find_widget (f->view, has_tooltip, where);

  g_assert_nonnull (cell);
  return cell;
}

static void
test_pad_round (TkTestSession *f,
                gconstpointer  data)
{
  static const guint points[] = { 12, 7, 5 };
  GtkWidget *add_round = tk_test_find_widget (f->view, tk_test_has_action, "session.add-round");

  g_assert_nonnull (add_round);
  /* Ctrl+T: the turn's action on an empty pad is Add Round */
  tk_test_type_key_with (f->window, GDK_KEY_t, GDK_CONTROL_MASK);
  g_assert_true (focus_of (f) == add_round);
  tk_test_type_key (f->window, GDK_KEY_Return);
  WAIT_FOR (tk_session_get_n_active (f->session) == 1);

  for (guint seat = 0; seat < G_N_ELEMENTS (points); seat++)
    {
      g_autofree char *where = g_strdup_printf (_("Round %u, %s"), 1, pad_players[seat]);
      g_autofree char *points_text = g_strdup_printf ("%u", points[seat]);
      g_autofree char *read = g_strdup_printf (_("%s: %s"), where, points_text);
      guint n_active = tk_session_get_n_active (f->session);

      /* the keyboard is in the cell where this score is typed, which says what it holds */
      g_assert_true (focus_of (f) == pad_cell (f, 1, seat));
      tk_test_type_key (f->window, GDK_KEY_Return);
      WAIT_FOR (GTK_IS_TEXT (focus_of (f)));   /* the score's field, in its popover */
      type_number (f, points[seat]);
      tk_test_type_key (f->window, GDK_KEY_Return);
      WAIT_FOR (tk_session_get_n_active (f->session) == n_active + 1);
      tk_test_settle ();

      /* the cell reads its score, and the score's toast is heard where the keyboard is */
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (pad_cell (f, 1, seat)),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL, read);
      assert_heard (f);
    }
  /* after the round's last score the keyboard is on Add Round for the next one */
  g_assert_true (focus_of (f) == add_round);
  {
    g_autoptr(JsonObject) score = tk_session_score (f->session);
    JsonArray *players = json_object_get_array_member (score, "players");

    for (guint seat = 0; seat < G_N_ELEMENTS (points); seat++)
      g_assert_cmpfloat (json_object_get_double_member (json_array_get_object_element (players,
                                                                                       seat),
                                                        "total"),
                         ==, points[seat]);
  }
}

/* ---- Welcome To ---- */

static void
welcome_to_set_up (TkTestSession *f,
                   gconstpointer  data)
{
  tk_test_session_set_up (f, "welcome-to", NULL, GPOINTER_TO_INT (data), 900);
}

/* One player's turn: Ctrl+T, then Tab to each control and Return. */
static void
welcome_to_turn (TkTestSession *f,
                 GtkWidget     *panel,
                 const char    *number,
                 const char    *house)
{
  guint n_active = tk_session_get_n_active (f->session);
  GtkWidget *turn = tk_test_find_descendant (panel, g_type_from_name ("TkWelcomeToTurn"));

  g_assert_nonnull (turn);
  tk_test_type_key_with (f->window, GDK_KEY_t, GDK_CONTROL_MASK);
  g_assert_true (focus_in (f, turn));

  tab_to (f, tk_test_find_named (panel, number));
  tk_test_type_key (f->window, GDK_KEY_Return);
  tab_to (f, tk_test_find_named (panel, "effect-landscaper"));
  tk_test_type_key (f->window, GDK_KEY_Return);
  tab_to (f, tk_test_find_named (panel, house));
  tk_test_type_key (f->window, GDK_KEY_Return);
  WAIT_FOR (tk_session_get_n_active (f->session) == n_active + 1);
  /* written, and heard where the keyboard is (not lost with a rebuilt widget) */
  assert_heard (f);
  g_assert_true (gtk_widget_is_ancestor (focus_of (f), f->view));
}

static JsonObject *
house_of (TkSession *session,
          guint      seat,
          guint      street,
          guint      house)
{
  g_autoptr(JsonObject) root = tk_session_to_json (session);
  JsonObject *game = json_object_get_object_member (root, "game");
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (game,
                                                                                    "players"),
                                                      seat);
  JsonObject *sheet = json_object_get_object_member (player, "sheet");
  JsonObject *s = json_array_get_object_element (json_object_get_array_member (sheet, "streets"),
                                                 street - 1);
  JsonNode *node = json_array_get_element (json_object_get_array_member (s, "houses"), house - 1);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_object_ref (json_node_get_object (node)) : NULL;
}

/* Tab goes on from the last house of the last street, past the tracks of numbers, to the
 * real estate columns and to Export Sheet (issue 30 item 2: in a game under way Tab stayed in
 * the tracks' flow box, whose first items take no focus — GTK 4.8 keeps the Tab then). */
static gboolean
is_export_button (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                       "welcome-to.export-sheet") == 0;
}

static void
test_welcome_to_tab_past_streets (TkTestSession *f,
                                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  GtkWidget *export;

  g_assert_nonnull (panel);
  welcome_to_turn (f, panel, "number-7", "house-1-5");
  welcome_to_turn (f, panel, "number-3", "house-1-2");
  gtk_widget_grab_focus (tk_test_find_named (panel, "house-3-12"));
  tab_to (f, tk_test_find_named (panel, "column-1"));
  export = tk_test_find_widget (panel, is_export_button, NULL);
  g_assert_nonnull (export);
  tab_to (f, export);
  tk_test_settle ();
  {
    g_autofree char *name = g_strdup_printf ("keyboard-welcome-to-lower-sheet-%d",
                                             GPOINTER_TO_INT (data));

    tk_test_save_shot (GTK_WIDGET (f->window), name);
  }
}

static void
test_welcome_to_round (TkTestSession *f,
                       gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  g_autoptr(JsonObject) first = NULL;
  g_autoptr(JsonObject) second = NULL;

  g_assert_nonnull (panel);
  welcome_to_turn (f, panel, "number-7", "house-1-5");
  welcome_to_turn (f, panel, "number-3", "house-1-2");
  first = house_of (f->session, 0, 1, 5);
  second = house_of (f->session, 1, 1, 2);
  g_assert_nonnull (first);
  g_assert_nonnull (second);
  g_assert_cmpint (json_object_get_int_member (first, "number"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (second, "number"), ==, 3);
}

static void
tear_down (TkTestSession *f,
           gconstpointer  data)
{
  tk_test_session_tear_down (f);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* the accessible properties read back (after tk_test_init's "none", before GTK makes one) */
  g_setenv ("GTK_A11Y", "test", TRUE);
  /* as the app does at start-up (flow boxes' focus stops, entry rows' focus heard) */
  tk_accessible_install_name_fixes ();

  g_test_add ("/keyboard/score-pad-round/360", TkTestSession, GINT_TO_POINTER (360),
              pad_set_up, test_pad_round, tear_down);
  g_test_add ("/keyboard/score-pad-round/1100", TkTestSession, GINT_TO_POINTER (1100),
              pad_set_up, test_pad_round, tear_down);
  g_test_add ("/keyboard/welcome-to-round/360", TkTestSession, GINT_TO_POINTER (360),
              welcome_to_set_up, test_welcome_to_round, tear_down);
  g_test_add ("/keyboard/welcome-to-tab/360", TkTestSession, GINT_TO_POINTER (360),
              welcome_to_set_up, test_welcome_to_tab_past_streets, tear_down);
  g_test_add ("/keyboard/welcome-to-tab/1100", TkTestSession, GINT_TO_POINTER (1100),
              welcome_to_set_up, test_welcome_to_tab_past_streets, tear_down);
  g_test_add ("/keyboard/welcome-to-round/1100", TkTestSession, GINT_TO_POINTER (1100),
              welcome_to_set_up, test_welcome_to_round, tear_down);
  return tk_test_run ();
}
