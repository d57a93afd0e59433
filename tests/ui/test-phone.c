/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-phone.c — everything fits a phone: at 360 × 720 every page (the Table with each
 * game's session mid-game and at its end, Collection, a game's details, History, a play's
 * details, Statistics, Discover), the New Session dialog and Preferences neither make the
 * window wider than 360 px nor scroll sideways; and the buttons a player taps during a game
 * are at least 44 × 44 px there.
 *
 * Registered twice (tests/ui/meson.build): in English and with LANGUAGE=ja, whose labels are
 * the widest.  With TK_TEST_SHOTS_DIR set, a shot of each window is saved there.
 */
#define G_LOG_DOMAIN "test-phone"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "tk-catalog.h"
#include "tk-collection.h"
#include "tk-collection-page.h"
#include "tk-history-page.h"
#include "generic/tk-generic-rules.h"
#include "tk-rules.h"
#include "tk-session.h"
#include "tk-session-view.h"
#include "tk-table-page.h"
#include "tk-window.h"
#include "panels/metromania/tk-metromania-board-view.h"
#include "tk-test-utils.h"

#define PHONE_WIDTH 360
#define PHONE_HEIGHT 720
/* Apple's and GNOME's guideline for something a finger taps. */
#define TOUCH_SIZE 44

/* The sessions put at the table: a fixture file (tests/fixtures) cut after @cut actions
 * (0: all of them), or (file NULL) a generic score pad of four players. */
typedef struct
{
  const char *file;
  guint       cut;
  const char *title;
} TableSession;

static const TableSession table_sessions[] = {
  { "agora-full-game.json", 30, "Agora mid-game" },
  { "agora-full-game.json", 0, "Agora at the end" },
  { "city-plan-full-game.json", 40, "City Plan mid-game" },
  { "city-plan-full-game.json", 0, "City Plan at the end" },
  { "metromania-full-game.json", 14, "Metromania mid-game" },
  { "metromania-full-game.json", 0, "Metromania at the end" },
  { "metropolis-full-game.json", 40, "Metropolis mid-game" },
  { "metropolis-full-game.json", 0, "Metropolis at the end" },
  { "welcome-to-full-game.json", 12, "Welcome To mid-game" },
  { "welcome-to-full-game.json", 0, "Welcome To at the end" },
  { NULL, 3, "Score pad mid-game" },
  { NULL, 8, "Score pad at the end" },
};

/* ---- the library ---- */

/* The fixture file cut after @cut actions (0: all), under @title. */
static char *
read_fixture (const char *name,
              guint       cut,
              const char *title)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = tk_test_read_session (name, cut);
  g_autoptr(JsonObject) file = tk_rules_json_parse_object (text, -1, &error);

  g_assert_no_error (error);
  json_object_set_string_member (file, "title", title);
  return tk_rules_json_to_string (file);
}

/* Four players with long names (the widest columns), @rounds rounds of scores. */
static TkSession *
start_score_pad (TkStore    *store,
                 guint       rounds,
                 const char *title)
{
  static const char *const names[] = { "Alexandra", "Bartholomew", "Christiane", "Dominique" };
  g_autoptr(GError) error = NULL;
  const TkRules *rules = tk_rules_lookup (TK_GENERIC_RULES_ID);
  g_autoptr(JsonObject) setup = rules->default_setup (G_N_ELEMENTS (names));
  JsonArray *players = json_object_get_array_member (setup, "players");
  TkSession *session;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    json_object_set_string_member (json_array_get_object_element (players, i), "name", names[i]);
  session = tk_session_start (store, rules->id, 0, title, setup, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < rounds; r++)
    {
      g_autofree char *action = g_strdup_printf (
        "{\"type\":\"add_round\",\"scores\":[%u,%u,%u,%u]}",
        12 + r * 7, 105 + r, 3 * r, 1000 + 11 * r);

      g_assert_true (tk_session_apply_json (session, action, &error));
      g_assert_no_error (error);
    }
  /* the turn clock started, with limits, Bartholomew past his bank (1:02:02): its player
   * cards, Next button and (once finished) the play's time bars must fit too */
  {
    const char *clock[] = {
      "{\"type\":\"table.clock.limits\",\"turn_s\":60,\"bank_s\":600}",
      "{\"type\":\"table.clock.pass\",\"to\":1,\"at\":1767225600000}",
      "{\"type\":\"table.clock.pass\",\"to\":0,\"at\":1767229322000}",
    };

    for (guint i = 0; i < G_N_ELEMENTS (clock); i++)
      {
        g_assert_true (tk_session_apply_json (session, clock[i], &error));
        g_assert_no_error (error);
      }
  }
  return session;
}

/* The catalog with a few games in the collection, a session of each engine mid-game and at
 * its end, and two finished plays for History and Statistics. */
static void
prepare_library (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (path, &error);
  g_autoptr(TkCollection) collection = NULL;
  g_autoptr(GArray) ids = NULL;
  TkGameQuery all = { 0 };

  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (store, NULL, &error));
  collection = tk_collection_new (store);
  ids = tk_collection_query_ids (collection, &all, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 40 && i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);

      g_assert_true (tk_collection_set_status (collection, id, TK_GAME_STATUS_OWNED, TRUE, &error));
      if (i % 3 == 0)
        g_assert_true (tk_collection_set_status (collection, id, TK_GAME_STATUS_WANT_TO_PLAY,
                                                 TRUE, &error));
    }

  tk_games_register_all ();
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(TkSession) session = NULL;

      if (i == 0)
        {
          g_autofree char *text = read_fixture ("agora-full-game.json", 0, "Agora");

          session = tk_session_import (store, text, -1, &error);
        }
      else
        session = start_score_pad (store, 5, "Score pad");
      g_assert_no_error (error);
      g_assert_true (tk_session_finish (session, "2026-01-01", "Home", NULL, NULL, &error));
      g_assert_no_error (error);
    }

  for (guint i = 0; i < G_N_ELEMENTS (table_sessions); i++)
    {
      g_autoptr(TkSession) session = NULL;

      if (table_sessions[i].file != NULL)
        {
          g_autofree char *text = read_fixture (table_sessions[i].file, table_sessions[i].cut,
                                                table_sessions[i].title);

          session = tk_session_import (store, text, -1, &error);
        }
      else
        session = start_score_pad (store, table_sessions[i].cut, table_sessions[i].title);
      g_assert_no_error (error);
    }
  tk_store_close (store);
}

static void
fixture_set_up (TkTestFixture *fixture,
                gconstpointer  data)
{
  tk_test_fixture_set_up (fixture, data);
  prepare_library (fixture->db_path);
}

/* ---- measuring ---- */

/* @widget and its ancestors by type (and name where it has one), for a failure's message. */
static void
describe (GtkWidget *widget,
          GString   *out)
{
  for (GtkWidget *first = widget; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      const char *name = gtk_widget_get_name (widget);

      g_string_append_printf (out, "%s%s", widget != first ? " < " : "", G_OBJECT_TYPE_NAME (widget));
      if (name != NULL && g_strcmp0 (name, G_OBJECT_TYPE_NAME (widget)) != 0)
        g_string_append_printf (out, "#%s", name);
    }
}

/* Every mapped GtkScrolledWindow at or below @widget whose content is wider than its view. */
static void
find_sideways (GtkWidget *widget,
               GString   *problems)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_SCROLLED_WINDOW (widget))
    {
      GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (widget));

      if (gtk_adjustment_get_upper (h) - gtk_adjustment_get_lower (h) >
          gtk_adjustment_get_page_size (h) + 0.5)
        {
          g_string_append_printf (problems, "\n  scrolls sideways (%.0f in %.0f px): ",
                                  gtk_adjustment_get_upper (h) - gtk_adjustment_get_lower (h),
                                  gtk_adjustment_get_page_size (h));
          describe (widget, problems);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_sideways (child, problems);
}

/* The widest descendant of @widget whose minimum width is more than @limit, or NULL: the
 * one to blame when a window cannot be as narrow as a phone. */
static GtkWidget *
find_widest (GtkWidget *widget,
             int        limit)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int minimum;

      if (!gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      if (minimum > limit)
        {
          GtkWidget *deeper = find_widest (child, limit);

          return deeper != NULL ? deeper : child;
        }
    }
  return NULL;
}

/* The window's content: what the window shows, without GTK's client-side borders. */
static GtkWidget *
content_of (GtkWindow *window)
{
  if (ADW_IS_APPLICATION_WINDOW (window))
    return adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  if (ADW_IS_WINDOW (window))
    return adw_window_get_content (ADW_WINDOW (window));
  return gtk_window_get_child (window);
}

/* Makes @window 360 × 720 on screen, as a phone's screen is.  Without a compositor (Xvfb)
 * the surface also holds GTK's resize borders, so the content gets a little less: a page
 * that fits those 360 px fits a phone's maximized window too. */
static void
resize_to_phone (GtkWindow *window)
{
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)) &&
            gtk_widget_get_width (GTK_WIDGET (window)) > 0);
  gtk_window_set_default_size (window, PHONE_WIDTH, PHONE_HEIGHT);
  tk_test_settle ();
  tk_test_settle ();
}

/* Fails when @window needs more than 360 px on screen or anything in it scrolls sideways;
 * @what names the moment in the message (and the shot). */
static void
assert_fits (GtkWindow  *window,
             const char *what)
{
  GtkWidget *content = content_of (window);
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autofree char *shot = NULL;
  GdkSurface *surface;
  int minimum, borders;

  g_assert_nonnull (content);
  WAIT_FOR (gtk_widget_get_mapped (content) && gtk_widget_get_width (content) > 0);
  tk_test_settle ();
  tk_test_settle ();

  /* What the surface holds beyond the content: GTK's resize borders, without a compositor.
   * A window's measure counts them (and the window's own width-request). */
  surface = gtk_native_get_surface (GTK_NATIVE (window));
  borders = gdk_surface_get_width (surface) - gtk_widget_get_width (content);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum,
                      NULL, NULL, NULL);
  g_test_message ("%s: at least %d px, shown at %d px", what, minimum,
                  gdk_surface_get_width (surface));
  if (minimum > PHONE_WIDTH)
    {
      GtkWidget *widest = find_widest (content, PHONE_WIDTH - borders);

      g_string_append_printf (problems, "\n  needs %d px: ", minimum);
      describe (widest != NULL ? widest : GTK_WIDGET (window), problems);
    }
  if (gdk_surface_get_width (surface) > PHONE_WIDTH)
    g_string_append_printf (problems, "\n  is %d px wide", gdk_surface_get_width (surface));
  find_sideways (content, problems);

  shot = g_strdup_printf ("phone-%s", what);
  for (char *c = shot; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '-')
      *c = '-';
  tk_test_save_shot (GTK_WIDGET (window), shot);

  /* Every moment is looked at, so that one run lists every place that does not fit; a
   * window made wider is put back for the next. */
  if (problems->len > 0)
    {
      g_test_message ("%s does not fit %d px:%s", what, PHONE_WIDTH, problems->str);
      g_test_fail ();
      resize_to_phone (window);
    }
}

/* ---- the app ---- */

static TkWindow *
start_phone (TkTestFixture *fixture)
{
  GtkWindow *window;

  tk_test_start_app (fixture);
  window = tk_application_get_main_window (fixture->app);
  g_assert_true (TK_IS_WINDOW (window));
  resize_to_phone (window);
  return TK_WINDOW (window);
}

static gpointer
find_page (TkWindow *window,
           GType     type)
{
  GtkWidget *page = tk_test_find_descendant (GTK_WIDGET (window), type);

  g_assert_nonnull (page);
  return page;
}

static void
show_page (TkWindow   *window,
           const char *name)
{
  g_assert_true (tk_window_set_visible_page_name (window, name));
  tk_test_settle ();
}

/* A visible toplevel other than @except that was not in @before. */
static GtkWindow *
new_toplevel (GList     *before,
              GtkWindow *except)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != except && g_list_find (before, l->data) == NULL &&
        gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* Runs @open, waits for the window it opens, checks it at phone size and closes it. */
static void
assert_dialog_fits (TkWindow   *window,
                    void      (*open) (TkWindow *window),
                    const char *what)
{
  g_autoptr(GList) before = gtk_window_list_toplevels ();
  GtkWindow *dialog = NULL;

  open (window);
  WAIT_FOR ((dialog = new_toplevel (before, GTK_WINDOW (window))) != NULL);
  resize_to_phone (dialog);
  assert_fits (dialog, what);
  gtk_window_destroy (dialog);
  tk_test_settle ();
}

static void
open_new_session (TkWindow *window)
{
  show_page (window, "table");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_page (window, TK_TYPE_TABLE_PAGE)),
                                             "table.new-session", NULL));
}

static void
open_preferences (TkWindow *window)
{
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()),
                                  "preferences", NULL);
}

/* The list of plays, not a drop-down's list (which sits in a popover). */
static gboolean
is_page_list (GtkWidget     *widget,
              gconstpointer  data)
{
  return GTK_IS_LIST_VIEW (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_POPOVER) == NULL;
}

static void
open_play (TkWindow *window)
{
  TkHistoryPage *page;
  GtkWidget *list;

  show_page (window, "history");
  page = find_page (window, TK_TYPE_HISTORY_PAGE);
  list = tk_test_find_widget (GTK_WIDGET (page), is_page_list, NULL);
  WAIT_FOR (g_list_model_get_n_items (tk_history_page_get_model (page)) == 2);
  g_signal_emit_by_name (list, "activate", 0);
}

static gboolean
is_stack_with_stats (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_STACK (widget) && gtk_stack_get_child_by_name (GTK_STACK (widget), "stats") != NULL;
}

/* ---- tests ---- */

/* Every session at the table, one after the other, as a player opens it from the list. */
static void
test_table (TkTestFixture *fixture,
            gconstpointer  data)
{
  TkWindow *window = start_phone (fixture);
  TkTablePage *page;
  GListModel *sessions;

  show_page (window, "table");
  page = find_page (window, TK_TYPE_TABLE_PAGE);
  sessions = tk_table_page_get_model (page);
  assert_fits (GTK_WINDOW (window), "table");
  g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, G_N_ELEMENTS (table_sessions));
  for (guint i = 0; i < g_list_model_get_n_items (sessions); i++)
    {
      g_autoptr(TkSession) session = g_list_model_get_item (sessions, i);

      g_assert_true (tk_table_page_show_session (page, tk_session_get_id (session)));
      tk_test_settle ();
      assert_fits (GTK_WINDOW (window), tk_session_get_title (session));
    }
}

/* Collection, a game's details, History, a play's details, Statistics and Discover. */
static void
test_pages (TkTestFixture *fixture,
            gconstpointer  data)
{
  TkWindow *window = start_phone (fixture);
  TkCollectionPage *collection;
  GtkWidget *stack;

  /* Each page is made on its first showing. */
  show_page (window, "collection");
  collection = find_page (window, TK_TYPE_COLLECTION_PAGE);
  WAIT_FOR (g_list_model_get_n_items (tk_collection_page_get_model (collection)) > 0);
  assert_fits (GTK_WINDOW (window), "collection");
  {
    g_autoptr(TkGame) first = g_list_model_get_item (tk_collection_page_get_model (collection), 0);

    tk_collection_page_show_game (collection, tk_game_get_id (first));
  }
  tk_test_settle ();
  assert_fits (GTK_WINDOW (window), "game details");

  show_page (window, "history");
  assert_fits (GTK_WINDOW (window), "history");
  assert_dialog_fits (window, open_play, "play details");

  stack = tk_test_find_widget (GTK_WIDGET (find_page (window, TK_TYPE_HISTORY_PAGE)),
                               is_stack_with_stats, NULL);
  g_assert_nonnull (stack);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "stats");
  tk_test_settle ();
  assert_fits (GTK_WINDOW (window), "statistics");

  show_page (window, "discover");
  assert_fits (GTK_WINDOW (window), "discover");
}

static void
test_dialogs (TkTestFixture *fixture,
              gconstpointer  data)
{
  TkWindow *window = start_phone (fixture);

  assert_dialog_fits (window, open_new_session, "new session");
  assert_dialog_fits (window, open_preferences, "preferences");
}

/* ---- touch targets ---- */

/* The session titled @title shown at the table, at phone size. */
static GtkWidget *
show_session_titled (TkWindow   *window,
                     const char *title)
{
  TkTablePage *page;
  GListModel *sessions;

  show_page (window, "table");
  page = find_page (window, TK_TYPE_TABLE_PAGE);
  sessions = tk_table_page_get_model (page);
  for (guint i = 0; i < g_list_model_get_n_items (sessions); i++)
    {
      g_autoptr(TkSession) session = g_list_model_get_item (sessions, i);

      if (g_str_equal (tk_session_get_title (session), title))
        {
          g_assert_true (tk_table_page_show_session (page, tk_session_get_id (session)));
          tk_test_settle ();
          tk_test_settle ();
          return GTK_WIDGET (tk_table_page_get_session_view (page));
        }
    }
  g_error ("no session %s", title);
}

typedef struct
{
  const char *prefix;
  const char *suffix;
} NameMatch;

static gboolean
is_shown_with_name (GtkWidget     *widget,
                    gconstpointer  data)
{
  const NameMatch *match = data;
  const char *name = gtk_widget_get_name (widget);

  return gtk_widget_get_mapped (widget) && g_str_has_prefix (name, match->prefix) &&
         (match->suffix == NULL || g_str_has_suffix (name, match->suffix));
}

static void
collect_matching (GtkWidget       *widget,
                  TkTestMatchFunc  match,
                  gconstpointer    data,
                  GPtrArray       *out)
{
  if (match (widget, data))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_matching (child, match, data, out);
}

/* Every shown widget under @root named @prefix…@suffix; at least @at_least of them, each
 * at least 44 × 44 px.  Returns them (for further checks). */
static GPtrArray *
assert_targets (GtkWidget  *root,
                const char *prefix,
                const char *suffix,
                guint       at_least)
{
  NameMatch match = { prefix, suffix };
  GPtrArray *targets = g_ptr_array_new ();

  collect_matching (root, is_shown_with_name, &match, targets);
  g_test_message ("%u targets %s…%s", targets->len, prefix, suffix != NULL ? suffix : "");
  g_assert_cmpuint (targets->len, >=, at_least);
  for (guint i = 0; i < targets->len; i++)
    {
      GtkWidget *target = g_ptr_array_index (targets, i);

      if (gtk_widget_get_width (target) < TOUCH_SIZE || gtk_widget_get_height (target) < TOUCH_SIZE)
        {
          int minimum;

          gtk_widget_measure (target, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
          g_error ("%s is %d × %d px (at least %d wide), less than %d × %d",
                   gtk_widget_get_name (target), gtk_widget_get_width (target),
                   gtk_widget_get_height (target), minimum, TOUCH_SIZE, TOUCH_SIZE);
        }
    }
  return targets;
}

static gboolean
is_score_cell (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         GTK_IS_GRID (gtk_widget_get_parent (widget));
}

/* A shot of the whole scrolled page holding @widget (TK_TEST_SHOTS_DIR). */
static void
save_page_shot (GtkWidget  *widget,
                const char *name)
{
  GtkWidget *viewport = gtk_widget_get_ancestor (widget, GTK_TYPE_VIEWPORT);

  tk_test_save_shot (viewport != NULL ? gtk_widget_get_first_child (viewport) : widget, name);
}

static void
record_edge (TkMetromaniaBoardView *view,
             TkMetroPoint          *a,
             TkMetroPoint          *b,
             gpointer               cell,
             TkMetroPoint          *out)
{
  out[0] = *a;
  out[1] = *b;
}

/* A tap up to 22 px across the edge (@a, @b), at its middle, or 22 px along it, picks it. */
static void
assert_edge_target (TkMetromaniaBoardView *board,
                    TkMetroPoint           a,
                    TkMetroPoint           b)
{
  static const double offsets[][2] = { { 0, 0 }, { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };
  double ax, ay, bx, by, mx, my, length, ux, uy;
  TkMetroPoint picked[2];
  gulong handler = g_signal_connect (board, "edge-activated", G_CALLBACK (record_edge), picked);

  g_assert_true (tk_metromania_board_view_to_widget (board, a, &ax, &ay));
  g_assert_true (tk_metromania_board_view_to_widget (board, b, &bx, &by));
  mx = (ax + bx) / 2;
  my = (ay + by) / 2;
  length = hypot (bx - ax, by - ay);
  ux = (bx - ax) / length;
  uy = (by - ay) / length;
  g_test_message ("a board edge is %.0f px long", length);
  g_assert_cmpfloat (length, >=, TOUCH_SIZE);
  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      /* along the edge, then across it; a hair less than half of 44 px */
      double along = offsets[i][0] * (TOUCH_SIZE / 2 - 0.5);
      double across = offsets[i][1] * (TOUCH_SIZE / 2 - 0.5);
      double x = mx + along * ux - across * uy;
      double y = my + along * uy + across * ux;

      memset (picked, 0, sizeof picked);
      picked[0].q = G_MININT;
      g_assert_true (tk_metromania_board_view_tap (board, x, y));
      g_assert_true ((picked[0].q == a.q && picked[0].r == a.r && picked[1].q == b.q && picked[1].r == b.r) ||
                     (picked[0].q == b.q && picked[0].r == b.r && picked[1].q == a.q && picked[1].r == a.r));
    }
  g_signal_handler_disconnect (board, handler);
}

/* The lattice point drawn nearest to the middle of the board view. */
static TkMetroPoint
visible_point (TkMetromaniaBoardView *board)
{
  TkMetroPoint best = { 0, 0 };
  double best_d = G_MAXDOUBLE;

  for (int q = -6; q <= 6; q++)
    for (int r = -6; r <= 6; r++)
      {
        double x, y, d;

        if (!tk_metromania_board_view_to_widget (board, (TkMetroPoint) { q, r }, &x, &y))
          continue;
        d = hypot (x - gtk_widget_get_width (GTK_WIDGET (board)) / 2.0,
                   y - gtk_widget_get_height (GTK_WIDGET (board)) / 2.0);
        if (d < best_d)
          {
            best_d = d;
            best = (TkMetroPoint) { q, r };
          }
      }
  g_assert_cmpfloat (best_d, <, G_MAXDOUBLE);
  return best;
}

/* The button a finger lands on at (@dx, @dy) from the middle of @target, as the window
 * picks it: the picked widget or its nearest button ancestor. */
static GtkWidget *
button_at (GtkWidget *window,
           GtkWidget *target,
           double     dx,
           double     dy)
{
  graphene_point_t point;
  GtkWidget *picked;

  g_assert_true (gtk_widget_compute_point (target, window,
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (target) / 2.0 + dx,
                                                                 gtk_widget_get_height (target) / 2.0 + dy),
                                           &point));
  picked = gtk_widget_pick (window, point.x, point.y, GTK_PICK_DEFAULT);
  while (picked != NULL && !GTK_IS_BUTTON (picked))
    picked = gtk_widget_get_parent (picked);
  return picked;
}

/* Scrolls the page holding @widget so that @widget is in the middle of the window, as a
 * player scrolls to what they mean to tap. */
static void
scroll_to_middle (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  graphene_point_t point;

  g_assert_nonnull (scrolled);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_true (gtk_widget_compute_point (widget, scrolled,
                                           &GRAPHENE_POINT_INIT (0, gtk_widget_get_height (widget) / 2.0),
                                           &point));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + point.y -
                                        gtk_widget_get_height (scrolled) / 2.0);
  tk_test_settle ();
}

/* Taps the shown widget named @name under @root through the window's picking: a tap
 * at its middle must land on it. */
static GtkWidget *
tap_named (GtkWidget  *window,
           GtkWidget  *root,
           const char *name)
{
  GtkWidget *button = tk_test_find_widget (root, is_shown_with_name, &(NameMatch) { name, "" });

  g_assert_nonnull (button);
  scroll_to_middle (button);
  g_test_message ("tapping %s", name);
  g_assert_true (button_at (window, button, 0, 0) == button);
  /* what the button's click gesture emits on release */
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
  return button;
}

/* The fences of street @street (1-based) on seat @seat's sheet, as the session holds them. */
static JsonArray *
fences_of (TkSession *session,
           guint      seat,
           guint      street)
{
  g_autoptr(JsonObject) root = tk_session_to_json (session);
  JsonObject *game = json_object_get_object_member (root, "game");
  JsonArray *players = json_object_get_array_member (game, "players");
  JsonObject *sheet = json_object_get_object_member (json_array_get_object_element (players, seat),
                                                     "sheet");
  JsonArray *streets = json_object_get_array_member (sheet, "streets");

  return json_array_ref (json_object_get_array_member (json_array_get_object_element (streets,
                                                                                      street - 1),
                                                       "fences"));
}

/* What a player taps during a game is at least 44 × 44 px at 360 px: Agora's − and + (in one
 * column) and City Plan's, Welcome To's numbers, houses, real estate columns and (while the
 * surveyor's fence is chosen) fence slots, the score pad's cells, the
 * Metromania board's edges (the board opens zoomed in on a phone and pans to follow the
 * keyboard cursor) and its zoom buttons. */
static void
test_touch (TkTestFixture *fixture,
            gconstpointer  data)
{
  TkWindow *window = start_phone (fixture);
  GtkWidget *view;
  g_autoptr(GPtrArray) steppers = NULL;
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  TkMetromaniaBoardView *board;
  TkMetroPoint centre;
  double x, y;

  view = show_session_titled (window, "Agora mid-game");
  assert_fits (GTK_WINDOW (window), "touch Agora");
  steppers = assert_targets (view, "agora-shop-", "-minus", 2);
  g_ptr_array_unref (assert_targets (view, "agora-shop-", "-plus", 2));
  /* every − in one column */
  for (guint i = 1; i < steppers->len; i++)
    {
      graphene_point_t first, other;

      g_assert_true (gtk_widget_compute_point (g_ptr_array_index (steppers, 0), view,
                                               &GRAPHENE_POINT_INIT (0, 0), &first));
      g_assert_true (gtk_widget_compute_point (g_ptr_array_index (steppers, i), view,
                                               &GRAPHENE_POINT_INIT (0, 0), &other));
      g_assert_cmpfloat_with_epsilon (first.x, other.x, 0.5);
    }
  save_page_shot (g_ptr_array_index (steppers, 0), "phone-touch-agora-page");

  view = show_session_titled (window, "Welcome To mid-game");
  assert_fits (GTK_WINDOW (window), "touch Welcome To");
  g_ptr_array_unref (assert_targets (view, "number-", NULL, 10));
  g_ptr_array_unref (assert_targets (view, "house-", NULL, 30));
  g_ptr_array_unref (assert_targets (view, "column-", NULL, 6));
  save_page_shot (tk_test_find_widget (view, is_shown_with_name, &(NameMatch) { "house-", NULL }),
                  "phone-touch-welcome-to-page");
  /* Ben's 2 with the surveyor in street 1 house 2, then the fence after it, each tapped
   * where the window picks it.  Out of the surveyor's turn a 14 px fence slot is no target
   * (a tap there lands on no button); while the fence is chosen every slot is 44 px wide,
   * the sheet still fits, and a tap 21 px either side of a slot's middle picks it. */
  {
    TkSession *session = tk_session_view_get_session (TK_SESSION_VIEW (view));
    GtkWidget *fence = tk_test_find_widget (view, is_shown_with_name,
                                            &(NameMatch) { "fence-1-2", "" });
    g_autoptr(JsonArray) before = NULL;
    g_autoptr(JsonArray) after = NULL;

    tap_named (GTK_WIDGET (window), view, "seat-1");
    before = fences_of (session, 1, 1);
    g_assert_nonnull (fence);
    g_assert_cmpint (gtk_widget_get_width (fence), <, TOUCH_SIZE);
    scroll_to_middle (fence);
    g_assert_true (button_at (GTK_WIDGET (window), fence, 0, 0) != fence);
    tap_named (GTK_WIDGET (window), view, "number-2");
    tap_named (GTK_WIDGET (window), view, "effect-surveyor");
    tap_named (GTK_WIDGET (window), view, "house-1-2");
    assert_fits (GTK_WINDOW (window), "touch Welcome To, choosing a fence");
    g_ptr_array_unref (assert_targets (view, "fence-", NULL, 30));
    g_assert_true (button_at (GTK_WIDGET (window), fence, -(TOUCH_SIZE / 2 - 1), 0) == fence);
    g_assert_true (button_at (GTK_WIDGET (window), fence, TOUCH_SIZE / 2 - 1, 0) == fence);
    save_page_shot (fence, "phone-touch-welcome-to-fence-page");
    tap_named (GTK_WIDGET (window), view, "fence-1-2");
    after = fences_of (session, 1, 1);
    g_assert_cmpuint (json_array_get_length (after), ==, json_array_get_length (before) + 1);
    {
      gboolean found = FALSE;

      for (guint i = 0; i < json_array_get_length (after); i++)
        found |= json_array_get_int_element (after, i) == 2;
      g_assert_true (found);
    }
  }

  view = show_session_titled (window, "City Plan at the end");
  g_ptr_array_unref (assert_targets (view, "cp-", "-minus", 3));
  g_ptr_array_unref (assert_targets (view, "cp-", "-plus", 3));

  view = show_session_titled (window, "Score pad mid-game");
  collect_matching (view, is_score_cell, NULL, cells);
  g_assert_cmpuint (cells->len, ==, 3 * 4);
  for (guint i = 0; i < cells->len; i++)
    {
      g_assert_cmpint (gtk_widget_get_width (g_ptr_array_index (cells, i)), >=, TOUCH_SIZE);
      g_assert_cmpint (gtk_widget_get_height (g_ptr_array_index (cells, i)), >=, TOUCH_SIZE);
    }

  view = show_session_titled (window, "Metromania mid-game");
  assert_fits (GTK_WINDOW (window), "touch Metromania");
  g_ptr_array_unref (assert_targets (view, "zoom-", NULL, 3));
  board = TK_METROMANIA_BOARD_VIEW (tk_test_find_descendant (view, TK_TYPE_METROMANIA_BOARD_VIEW));
  g_assert_nonnull (board);
  g_test_message ("the board opens at zoom %.2f", tk_metromania_board_view_get_zoom (board));
  tk_metromania_board_view_set_pick (board, TK_METROMANIA_PICK_EDGE);
  centre = visible_point (board);
  assert_edge_target (board, centre, (TkMetroPoint) { centre.q + 1, centre.r });
  assert_edge_target (board, centre, (TkMetroPoint) { centre.q, centre.r + 1 });

  /* Zoomed in, the board shows part of the city; the keyboard cursor taken across it to the
   * frame is followed there. */
  {
    TkMetroPoint start = tk_metromania_board_view_get_cursor (board);
    gboolean right = start.q + start.r / 2.0 <= 0;
    TkMetroPoint end;

    g_assert_false (tk_metromania_board_view_to_widget (board,
                                                        (TkMetroPoint) { right ? 6 - start.r : -6, start.r },
                                                        &x, &y));
    gtk_widget_grab_focus (GTK_WIDGET (board));
    for (guint i = 0; i < 13; i++)
      tk_test_press_key (GTK_WIDGET (board), right ? GDK_KEY_Right : GDK_KEY_Left);
    end = tk_metromania_board_view_get_cursor (board);
    g_assert_cmpint (end.q, !=, start.q);
    g_assert_true (tk_metromania_board_view_to_widget (board, end, &x, &y));
  }
  save_page_shot (GTK_WIDGET (board), "phone-touch-metromania-page");

  /* Opened zoomed in, the board says it moves by drag.  0 (or the fit button) shows the
   * whole board, where nothing pans: the hint goes and zoom out and fit go insensitive; + (or
   * the zoom-in button) zooms back in and the hint is back, until the first drag. */
  {
    GtkWidget *hint = tk_test_find_widget (view, is_shown_with_name,
                                           &(NameMatch) { "board-pan-hint", "" });
    GtkWidget *fit = tk_test_find_widget (view, is_shown_with_name, &(NameMatch) { "zoom-fit", "" });
    GtkWidget *out = tk_test_find_widget (view, is_shown_with_name, &(NameMatch) { "zoom-out", "" });

    g_assert_nonnull (hint);
    g_assert_nonnull (fit);
    g_assert_nonnull (out);
    g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board), >, 1.0);
    g_assert_true (gtk_widget_is_sensitive (fit));
    g_assert_false (gtk_widget_get_can_target (hint));   /* a drag on it moves the board */
    gtk_widget_grab_focus (GTK_WIDGET (board));
    tk_test_press_key (GTK_WIDGET (board), GDK_KEY_0);
    tk_test_settle ();
    g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board), ==, 1.0);
    g_assert_false (gtk_widget_get_mapped (hint));
    g_assert_false (gtk_widget_is_sensitive (fit));
    g_assert_false (gtk_widget_is_sensitive (out));
    tk_test_press_key (GTK_WIDGET (board), GDK_KEY_plus);
    tk_test_settle ();
    g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board), >, 1.0);
    g_assert_true (gtk_widget_get_mapped (hint));
    tap_named (GTK_WIDGET (window), view, "zoom-fit");
    g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board), ==, 1.0);
    g_assert_false (gtk_widget_get_mapped (hint));
    tap_named (GTK_WIDGET (window), view, "zoom-in");
    g_assert_cmpfloat (tk_metromania_board_view_get_zoom (board), >, 1.0);
    g_assert_true (gtk_widget_get_mapped (hint));
    tk_test_save_shot (gtk_widget_get_parent (GTK_WIDGET (board)), "phone-touch-metromania-hint");
    tk_metromania_board_view_pan (board, 40, 0);
    tk_test_settle ();
    g_assert_false (gtk_widget_get_mapped (hint));
    tap_named (GTK_WIDGET (window), view, "zoom-fit");
    tap_named (GTK_WIDGET (window), view, "zoom-in");
    g_assert_false (gtk_widget_get_mapped (hint));
  }
}

/* GTK 4.8's list view warns when the session view puts the ledger's last line in view
 * before the list has its rows; that is not what this test looks at. */
static gboolean
is_fatal (const char     *log_domain,
          GLogLevelFlags  log_level,
          const char     *message,
          gpointer        user_data)
{
  return !(g_strcmp0 (log_domain, "Gtk") == 0 &&
           strstr (message, "GtkListView failed to scroll") != NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *localedir = g_build_filename (g_getenv ("TK_TEST_BUILDDIR"), "..", "po", NULL);

  /* The translations built in this tree (LANGUAGE=ja picks them). */
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  tk_test_init (&argc, &argv);
  /* gtk_test_init() keeps the "C" locale, under which gettext ignores LANGUAGE. */
  setlocale (LC_ALL, "");
  g_test_log_set_fatal_handler (is_fatal, NULL);

  TK_TEST_ADD ("/phone/table", fixture_set_up, test_table);
  TK_TEST_ADD ("/phone/pages", fixture_set_up, test_pages);
  TK_TEST_ADD ("/phone/dialogs", fixture_set_up, test_dialogs);
  TK_TEST_ADD ("/phone/touch", fixture_set_up, test_touch);
  return tk_test_run ();
}
