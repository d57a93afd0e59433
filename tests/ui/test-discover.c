/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-discover.c — the Discover page: suggestions for a library of tile-placement city
 * builders appear as cards, none for a game the library knows; "Not Interested" takes the
 * card away at once and marks the game, the toast's Undo brings it back and unmarks it;
 * "Want to Play" and "Already Played" the same way; the players filter holds.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory and the schema
 * compiled in the build dir.
 */
#define G_LOG_DOMAIN "test-discover"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "tk-application.h"
#include "tk-catalog.h"
#include "tk-collection.h"
#include "tk-discover-page.h"
#include "tk-test-utils.h"
#include "tk-window.h"

static const char *const liked[] = {
  "Suburbia", "Carcassonne", "Kingdomino", "Akropolis", "Quadropolis",
};

static gint64
game_id (TkStore    *store,
         const char *title)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT id FROM games WHERE title = ?1", &error);
  gint64 id = 0;

  g_assert_no_error (error);
  sqlite3_bind_text (stmt, 1, title, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, &error) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  g_assert_cmpint (id, >, 0);
  return id;
}

static void
fixture_set_up (TkTestFixture *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkCollection) collection = NULL;

  tk_test_fixture_set_up (fixture, data);
  store = tk_store_open (fixture->db_path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (store, NULL, &error));
  g_assert_no_error (error);
  collection = tk_collection_new (store);
  for (guint i = 0; i < G_N_ELEMENTS (liked); i++)
    {
      gint64 id = game_id (store, liked[i]);

      g_assert_true (tk_collection_set_status (collection, id, TK_GAME_STATUS_OWNED, TRUE, &error));
      g_assert_true (tk_collection_set_rating (collection, id, 9, &error));
      g_assert_no_error (error);
    }
  tk_store_close (store);
}

static gint64
card_id (GtkWidget *flow_child)
{
  GtkWidget *card = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (flow_child));
  gint64 *id = g_object_get_data (G_OBJECT (card), "tk-game-id");

  g_assert_nonnull (id);
  return *id;
}

static guint
n_cards (GtkFlowBox *flow)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (flow)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

static gboolean
has_card (GtkFlowBox *flow,
          gint64      id)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (flow)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (card_id (c) == id)
      return TRUE;
  return FALSE;
}

static GtkWidget *
card_of (GtkFlowBox *flow,
         gint64      id)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (flow)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (card_id (c) == id)
      return c;
  return NULL;
}

/* Does what the user does to choose @text on a card: clicks the button with that label, or
 * opens the card's menu and picks the item with that label (its action and target, as the
 * menu activates them). */
static void
press_card_action (GtkWidget  *card,
                   const char *text)
{
  GtkWidget *button = tk_test_find_button (card, text);
  GtkMenuButton *more;
  GMenuModel *menu;

  if (button != NULL)
    {
      g_assert_true (gtk_widget_get_mapped (button));
      g_signal_emit_by_name (button, "clicked");
      return;
    }
  more = GTK_MENU_BUTTON (tk_test_find_descendant (card, GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (more);
  menu = gtk_menu_button_get_menu_model (more);
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *action = NULL;
      g_autoptr(GVariant) target = NULL;

      g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
      if (g_strcmp0 (label, text) != 0)
        continue;
      g_assert_true (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action));
      target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (more), action, target));
      return;
    }
  g_error ("no “%s” on the card", text);
}

static gint64
query (TkStore    *store,
       const char *sql,
       gint64      id)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, &error);
  gint64 value = -1;

  g_assert_no_error (error);
  sqlite3_bind_int64 (stmt, 1, id);
  if (tk_store_step (store, stmt, &error) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  g_assert_no_error (error);
  return value;
}

/* A label holding a reason that names one of the liked games. */
static gboolean
names_liked_game (GtkWidget     *widget,
                  gconstpointer  data)
{
  const char *text = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : NULL;

  if (text == NULL || !g_str_has_prefix (text, "Shares "))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (liked); i++)
    if (strstr (text, liked[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* Every card is of a game that plays with @n, and there is at least one. */
static gboolean
all_play_with (GtkFlowBox *flow,
               TkStore    *store,
               gint64      n)
{
  GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (flow));

  if (c == NULL)
    return FALSE;
  for (; c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      g_autofree char *sql = g_strdup_printf ("SELECT coalesce (min_players, max_players) <= %d"
                                              " AND coalesce (max_players, min_players) >= %d"
                                              " FROM games WHERE id = ?1", (int) n, (int) n);
      if (query (store, sql, card_id (c)) != 1)
        return FALSE;
    }
  return TRUE;
}

static TkDiscoverPage *
open_page (TkTestFixture *fixture,
           GtkFlowBox   **flow)
{
  GtkWindow *window;
  TkDiscoverPage *page;

  tk_test_start_app (fixture);
  window = tk_application_get_main_window (fixture->app);
  gtk_window_set_default_size (window, 1024, 700);
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "discover"));
  page = TK_DISCOVER_PAGE (tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_DISCOVER_PAGE));
  g_assert_nonnull (page);
  *flow = GTK_FLOW_BOX (tk_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_FLOW_BOX));
  g_assert_nonnull (*flow);
  WAIT_FOR (n_cards (*flow) == 30);
  return page;
}

static void
test_suggestions_and_not_interested (TkTestFixture *fixture,
                                     gconstpointer  data)
{
  GtkFlowBox *flow;
  TkDiscoverPage *page = open_page (fixture, &flow);
  TkStore *store = tk_discover_page_get_store (page);
  GtkWidget *overlay, *undo;
  gint64 first;

  /* No card for a game the library knows; the reasons name the liked games. */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (flow)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    g_assert_cmpint (query (store, "SELECT count(*) FROM collection WHERE game_id = ?1",
                            card_id (c)), ==, 0);
  first = card_id (gtk_widget_get_first_child (GTK_WIDGET (flow)));
  g_assert_nonnull (tk_test_find_widget (card_of (flow, first), names_liked_game, NULL));

  /* Not Interested: the card goes at once, the game is marked. */
  press_card_action (card_of (flow, first), "Not Interested");
  g_assert_false (has_card (flow, first));
  g_assert_cmpint (query (store, "SELECT not_interested FROM collection WHERE game_id = ?1",
                          first), ==, 1);
  g_assert_cmpint (query (store, "SELECT count(*) FROM not_interested WHERE game_id = ?1",
                          first), ==, 1);
  /* The list fills up again without it. */
  WAIT_FOR (n_cards (flow) == 30);
  g_assert_false (has_card (flow, first));

  /* Undo from the toast: the game is unmarked (no entry left) and its card is back. */
  overlay = tk_test_find_descendant (GTK_WIDGET (page), ADW_TYPE_TOAST_OVERLAY);
  undo = tk_test_find_button (overlay, "_Undo");
  g_assert_nonnull (undo);
  g_signal_emit_by_name (undo, "clicked");
  WAIT_FOR (has_card (flow, first));
  g_assert_cmpint (query (store, "SELECT count(*) FROM collection WHERE game_id = ?1", first),
                   ==, 0);
  g_assert_cmpint (card_id (gtk_widget_get_first_child (GTK_WIDGET (flow))), ==, first);
}

static void
test_want_to_play_and_filter (TkTestFixture *fixture,
                              gconstpointer  data)
{
  GtkFlowBox *flow;
  TkDiscoverPage *page = open_page (fixture, &flow);
  TkStore *store = tk_discover_page_get_store (page);
  GtkDropDown *players;
  gint64 first = card_id (gtk_widget_get_first_child (GTK_WIDGET (flow)));

  press_card_action (card_of (flow, first), "Want to Play");
  g_assert_false (has_card (flow, first));
  g_assert_cmpint (query (store, "SELECT want_to_play FROM collection WHERE game_id = ?1", first),
                   ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "discover.undo", "x", first));
  WAIT_FOR (has_card (flow, first));
  g_assert_cmpint (query (store, "SELECT count(*) FROM collection WHERE game_id = ?1", first),
                   ==, 0);

  /* Already Played, and Undo. */
  press_card_action (card_of (flow, first), "Already Played");
  g_assert_false (has_card (flow, first));
  g_assert_cmpint (query (store, "SELECT played FROM collection WHERE game_id = ?1", first), ==, 1);
  WAIT_FOR (n_cards (flow) == 30 && !has_card (flow, first));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "discover.undo", "x", first));
  WAIT_FOR (has_card (flow, first));
  g_assert_cmpint (query (store, "SELECT count(*) FROM collection WHERE game_id = ?1", first),
                   ==, 0);

  /* Six players: every card plays with six. */
  players = GTK_DROP_DOWN (tk_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_DROP_DOWN));
  g_assert_false (all_play_with (flow, store, 6));
  gtk_drop_down_set_selected (players, 6);
  WAIT_FOR (all_play_with (flow, store, 6));
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);

  TK_TEST_ADD ("/discover/not-interested-undo", fixture_set_up,
               test_suggestions_and_not_interested);
  TK_TEST_ADD ("/discover/want-to-play-and-filter", fixture_set_up, test_want_to_play_and_filter);

  return tk_test_run ();
}
