/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collection.c — the Collection page: search, status chips and the players filter
 * against an independent expectation, the details page, delete with Undo, a cover image,
 * a friend's list imported through the Friends' Lists window, and a window taller than 30
 * rows.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory and the schema
 * compiled in the build dir.  The library is a temporary file with the catalog loaded and
 * some games marked, prepared on its own connection before the app opens it.
 */
#define G_LOG_DOMAIN "test-collection"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tk-application.h"
#include "tk-catalog.h"
#include "tk-collection-details.h"
#include "tk-new-session-dialog.h"
#include "tk-collection-page.h"
#include "tk-collection-row.h"
#include "tk-collection.h"
#include "tk-friends-window.h"
#include "tk-test-utils.h"
#include "tk-window.h"

/* The library: the catalog, every third game owned, every fifth wanted, every seventh a
 * favourite. */
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
  g_assert_no_error (error);
  collection = tk_collection_new (store);
  ids = tk_collection_query_ids (collection, &all, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, >=, 2000);

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);

      if (i % 3 == 0)
        g_assert_true (tk_collection_set_status (collection, id, TK_GAME_STATUS_OWNED, TRUE, &error));
      if (i % 5 == 0)
        g_assert_true (tk_collection_set_status (collection, id, TK_GAME_STATUS_WANT_TO_PLAY, TRUE, &error));
      if (i % 7 == 0)
        g_assert_true (tk_collection_set_status (collection, id, TK_GAME_STATUS_FAVOURITE, TRUE, &error));
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

/* Starts the app on the Collection page in a window @width px wide and waits for its first
 * rows. */
static TkCollectionPage *
start_app_at (TkTestFixture *fixture,
              int            width)
{
  GtkWindow *window;
  TkCollectionPage *page;

  tk_test_start_app (fixture);
  window = tk_application_get_main_window (fixture->app);
  g_assert_true (TK_IS_WINDOW (window));
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
  gtk_window_set_default_size (window, width, 700);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)));

  page = TK_COLLECTION_PAGE (tk_test_find_descendant (GTK_WIDGET (window),
                                                      TK_TYPE_COLLECTION_PAGE));
  g_assert_nonnull (page);
  WAIT_FOR (tk_collection_page_get_model (page) != NULL &&
            g_list_model_get_n_items (tk_collection_page_get_model (page)) > 0);
  return page;
}

static TkCollectionPage *
start_app (TkTestFixture *fixture)
{
  return start_app_at (fixture, 1024);
}

/* The ids the list shows (a one-column grid view: see tk-collection-page.c), through the
 * view's own model. */
static GArray *
shown_ids (TkCollectionPage *page)
{
  GtkGridView *view = GTK_GRID_VIEW (tk_test_find_descendant (GTK_WIDGET (page),
                                                               GTK_TYPE_GRID_VIEW));
  GListModel *model = G_LIST_MODEL (gtk_grid_view_get_model (view));
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TkGame) game = g_list_model_get_item (model, i);
      gint64 id = tk_game_get_id (game);

      g_array_append_val (ids, id);
    }
  return ids;
}

static gboolean
contains_folded (const char *haystack,
                 const char *needle)
{
  g_autofree char *h = NULL;
  g_autofree char *n = NULL;

  if (haystack == NULL)
    return FALSE;
  h = g_utf8_casefold (haystack, -1);
  n = g_utf8_casefold (needle, -1);
  return strstr (h, n) != NULL;
}

/* What "search, owned, plays with @players" should show, worked out here from every game
 * of the collection (not from the page's model). */
static GArray *
expected_ids (TkCollection *collection,
              const char   *search,
              guint         players)
{
  g_autoptr(GError) error = NULL;
  TkGameQuery everything = { .sort = TK_GAME_SORT_TITLE };
  g_autoptr(GPtrArray) games = tk_collection_query (collection, &everything, &error);
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      const char * const *designers = tk_game_get_designers (game);
      guint lo = tk_game_get_min_players (game) != 0 ? tk_game_get_min_players (game)
                                                     : tk_game_get_max_players (game);
      guint hi = tk_game_get_max_players (game) != 0 ? tk_game_get_max_players (game)
                                                     : tk_game_get_min_players (game);
      gboolean text = contains_folded (tk_game_get_title (game), search) ||
                      contains_folded (tk_game_get_title_ja (game), search);
      gint64 id;

      for (guint d = 0; !text && designers != NULL && designers[d] != NULL; d++)
        text = contains_folded (designers[d], search);
      if (!text || !tk_game_has_status (game, TK_GAME_STATUS_OWNED))
        continue;
      if (lo == 0 || lo > players || hi < players)
        continue;
      id = tk_game_get_id (game);
      g_array_append_val (ids, id);
    }
  return ids;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
assert_same_set (GArray *shown,
                 GArray *expected)
{
  g_array_sort (shown, compare_ids);
  g_array_sort (expected, compare_ids);
  g_assert_cmpuint (shown->len, ==, expected->len);
  g_assert_cmpmem (shown->data, shown->len * sizeof (gint64),
                   expected->data, expected->len * sizeof (gint64));
}

static GtkSpinButton *
find_players_spin (TkCollectionPage *page)
{
  GtkWidget *label = tk_test_find_label (GTK_WIDGET (page), "Plays with");

  g_assert_nonnull (label);
  return GTK_SPIN_BUTTON (gtk_label_get_mnemonic_widget (GTK_LABEL (label)));
}

static void
test_filters (TkTestFixture *fixture,
              gconstpointer  data)
{
  TkCollectionPage *page = start_app (fixture);
  TkCollection *collection = tk_collection_page_get_collection (page);
  GtkWidget *entry = tk_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *owned = tk_test_find_button (GTK_WIDGET (page), "Owned");
  GtkWidget *all = tk_test_find_button (GTK_WIDGET (page), "All Games");
  GListModel *model = tk_collection_page_get_model (page);
  g_autoptr(GArray) shown = NULL;
  g_autoptr(GArray) expected = NULL;
  GtkStack *list_stack;
  GtkWidget *clear;

  g_assert_nonnull (entry);
  g_assert_nonnull (owned);
  g_assert_nonnull (all);

  /* The whole catalog, then a search as you type. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (all), TRUE);
  WAIT_FOR (g_list_model_get_n_items (model) >= 2000);
  gtk_editable_set_text (GTK_EDITABLE (entry), "the");
  WAIT_FOR (g_list_model_get_n_items (model) < 2000);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (owned), TRUE);
  gtk_spin_button_set_value (find_players_spin (page), 5);
  tk_test_settle ();

  shown = shown_ids (page);
  expected = expected_ids (collection, "the", 5);
  g_assert_cmpuint (expected->len, >, 0);
  assert_same_set (shown, expected);

  /* Nothing matches: the page says so and offers to clear the filters. */
  list_stack = GTK_STACK (gtk_widget_get_parent (gtk_widget_get_parent (
                 tk_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_GRID_VIEW))));
  if (!GTK_IS_STACK (list_stack))
    list_stack = GTK_STACK (gtk_widget_get_ancestor (tk_test_find_descendant (GTK_WIDGET (page),
                                                                              GTK_TYPE_GRID_VIEW),
                                                     GTK_TYPE_STACK));
  /* (That state is built when first needed, not for the first frame.) */
  g_assert_null (gtk_stack_get_child_by_name (list_stack, "no-results"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "zzqqxxnothing");
  WAIT_FOR (g_list_model_get_n_items (model) == 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (list_stack), ==, "no-results");
  tk_test_settle ();
  g_assert_true (gtk_widget_get_mapped (tk_test_find_label (GTK_WIDGET (list_stack), "No Games Found")));
  clear = tk_test_find_button (GTK_WIDGET (list_stack), "_Clear Filters");
  g_assert_nonnull (clear);
  g_assert_true (gtk_widget_get_mapped (clear));
  tk_test_save_shot (gtk_widget_get_ancestor (GTK_WIDGET (page), GTK_TYPE_WINDOW), "collection-no-results");
  g_signal_emit_by_name (clear, "clicked");
  WAIT_FOR (g_list_model_get_n_items (model) >= 2000);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (list_stack), ==, "list");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (owned)));
}

static gboolean
is_play_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.play-game") == 0;
}

static gboolean
is_entry_with_text (GtkWidget     *widget,
                    gconstpointer  data)
{
  return ADW_IS_ENTRY_ROW (widget) &&
         g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (widget)), data) == 0;
}

static void
test_details_delete_undo (TkTestFixture *fixture,
                          gconstpointer  data)
{
  TkCollectionPage *page = start_app (fixture);
  TkCollection *collection = tk_collection_page_get_collection (page);
  GtkGridView *view = GTK_GRID_VIEW (tk_test_find_descendant (GTK_WIDGET (page),
                                                               GTK_TYPE_GRID_VIEW));
  GtkWidget *details = NULL;
  g_autoptr(TkGame) first = NULL;
  g_autoptr(TkGame) after = NULL;
  g_autoptr(TkGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  /* A library with games opens on "Mine". */
  g_assert_true (gtk_toggle_button_get_active (
                   GTK_TOGGLE_BUTTON (tk_test_find_button (GTK_WIDGET (page), "Mine"))));
  first = g_list_model_get_item (tk_collection_page_get_model (page), 0);
  g_assert_true (tk_game_get_in_collection (first));
  id = tk_game_get_id (first);

  /* Activating the row opens its details. */
  g_assert_null (tk_test_find_descendant (GTK_WIDGET (page), TK_TYPE_COLLECTION_DETAILS));
  g_signal_emit_by_name (view, "activate", 0);
  g_assert_cmpint (tk_collection_page_get_shown_game (page), ==, id);
  tk_test_settle ();
  /* Built now, not with the page (it held a stand-in until a game was shown). */
  details = tk_test_find_descendant (GTK_WIDGET (page), TK_TYPE_COLLECTION_DETAILS);
  g_assert_nonnull (details);
  g_assert_nonnull (tk_test_find_label (details, tk_game_get_title (first)));

  /* A status toggled in the details is saved at once. */
  g_assert_true (tk_game_has_status (first, TK_GAME_STATUS_OWNED));

  /* Play: the Table page opens the New Session dialog with this game chosen. */
  {
    GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
    GtkWidget *play = tk_test_find_widget (details, is_play_button, NULL);
    TkNewSessionDialog *dialog;

    g_assert_nonnull (play);
    g_assert_true (gtk_widget_get_visible (play));
    g_signal_emit_by_name (play, "clicked");
    WAIT_FOR ((dialog = (TkNewSessionDialog *)
                tk_test_find_toplevel (TK_TYPE_NEW_SESSION_DIALOG)) != NULL);
    g_assert_cmpstr (tk_window_get_visible_page_name (TK_WINDOW (window)), ==, "table");
    g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (dialog), is_entry_with_text,
                                           tk_game_get_title (first)));
    gtk_window_destroy (GTK_WINDOW (dialog));
    g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
    tk_test_settle ();
  }

  /* Delete, then Undo. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "collection.delete-game", NULL));
  tk_test_settle ();
  g_assert_cmpint (tk_collection_page_get_shown_game (page), ==, 0);
  after = tk_collection_get_game (collection, id, NULL);
  g_assert_true (after == NULL || !tk_game_get_in_collection (after));

  tk_test_press_toast_button (GTK_WIDGET (page), "_Undo");
  restored = tk_collection_get_game (collection, id, &error);
  g_assert_no_error (error);
  g_assert_true (tk_game_get_in_collection (restored));
  g_assert_cmpuint (tk_game_get_statuses (restored), ==, tk_game_get_statuses (first));
}

/* A cover chosen for a game is copied into the data folder and shown; it stays when the
 * original goes; Remove Cover takes it away with its copy; a missing file shows nothing. */
static void
test_cover (TkTestFixture *fixture,
            gconstpointer  data)
{
  TkCollectionPage *page = start_app (fixture);
  TkCollection *collection = tk_collection_page_get_collection (page);
  TkCollectionDetails *details = NULL;
  GtkPicture *picture = NULL;
  g_autofree char *original = g_build_filename (fixture->dir, "box.png", NULL);
  g_autofree char *gone = g_build_filename (fixture->dir, "gone.png", NULL);
  g_autofree char *copy = NULL;
  g_autofree char *copy_name = NULL;
  g_autofree char *original_bytes = NULL;
  g_autofree char *copy_bytes = NULL;
  g_autoptr(TkGame) first = g_list_model_get_item (tk_collection_page_get_model (page), 0);
  g_autoptr(GFile) file = g_file_new_for_path (original);
  g_autoptr(GBytes) pixels = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  guint8 rgb[4 * 3 * 3];
  gsize original_length, copy_length;
  gint64 id = tk_game_get_id (first);

  for (gsize i = 0; i < sizeof rgb; i++)
    rgb[i] = (guint8) (i * 17);
  pixels = g_bytes_new (rgb, sizeof rgb);
  texture = gdk_memory_texture_new (4, 3, GDK_MEMORY_R8G8B8, pixels, 4 * 3);
  g_assert_true (gdk_texture_save_to_png (texture, original));
  g_assert_true (gdk_texture_save_to_png (texture, gone));

  tk_collection_page_show_game (page, id);
  tk_test_settle ();
  details = TK_COLLECTION_DETAILS (tk_test_find_descendant (GTK_WIDGET (page),
                                                            TK_TYPE_COLLECTION_DETAILS));
  picture = GTK_PICTURE (tk_test_find_descendant (GTK_WIDGET (details), GTK_TYPE_PICTURE));
  g_assert_nonnull (picture);
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (picture)));

  tk_collection_details_choose_cover_file (details, file);
  WAIT_FOR (tk_game_get_cover_path (tk_collection_details_get_game (details)) != NULL);
  copy_name = g_strdup_printf ("%" G_GINT64_FORMAT "-box.png", id);
  copy = g_build_filename (g_get_user_data_dir (), "tablekeeper", "covers", copy_name, NULL);
  g_assert_cmpstr (tk_game_get_cover_path (tk_collection_details_get_game (details)), ==, copy);
  g_assert_true (g_file_get_contents (original, &original_bytes, &original_length, NULL));
  g_assert_true (g_file_get_contents (copy, &copy_bytes, &copy_length, NULL));
  g_assert_cmpmem (original_bytes, original_length, copy_bytes, copy_length);
  WAIT_FOR (gtk_widget_is_visible (GTK_WIDGET (picture)) &&
            gtk_picture_get_paintable (picture) != NULL);
  g_assert_cmpint (gdk_paintable_get_intrinsic_width (gtk_picture_get_paintable (picture)), ==, 4);
  /* …with room on the (scrolling) page: its minimum height is the image's. */
  WAIT_FOR (gtk_widget_get_height (GTK_WIDGET (picture)) == 3);

  /* The original goes: the copy is still the cover. */
  g_assert_cmpint (g_unlink (original), ==, 0);
  tk_collection_emit_changed (collection, id);
  tk_test_settle ();
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (picture)));

  /* Remove Cover: no cover, no copy. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (details), "details.remove-cover", NULL));
  g_assert_null (tk_game_get_cover_path (tk_collection_details_get_game (details)));
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (picture)));
  WAIT_FOR (!g_file_test (copy, G_FILE_TEST_EXISTS));

  /* A cover whose file is gone is not shown. */
  g_assert_true (tk_collection_set_cover (collection, id, gone, &error));
  g_assert_no_error (error);
  WAIT_FOR (gtk_widget_is_visible (GTK_WIDGET (picture)));
  g_assert_cmpint (g_unlink (gone), ==, 0);
  tk_collection_emit_changed (collection, id);
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (picture)));
  g_assert_cmpstr (tk_game_get_cover_path (tk_collection_details_get_game (details)), ==, gone);
}

/* A friend's BGG CSV imported through the window: it is listed and selected, and each
 * section shows as many rows as tk_collection_friend_matches finds. */
static void
test_friends (TkTestFixture *fixture,
              gconstpointer  data)
{
  TkCollectionPage *page = start_app (fixture);
  TkCollection *collection = tk_collection_page_get_collection (page);
  g_autofree char *csv = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                           "bgg-collection.csv", NULL);
  g_autofree char *bad = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                           "bgg-truncated.csv", NULL);
  GtkWindow *parent = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page)));
  TkFriendsWindow *win;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GError) error = NULL;
  const TkFriendMatch matches[] = {
    TK_FRIEND_MATCH_THEY_OWN_YOU_WANT,
    TK_FRIEND_MATCH_BOTH_OWN,
    TK_FRIEND_MATCH_YOU_OWN_THEY_WANT,
  };

  /* The menu item opens the window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "collection.friends", NULL));
  tk_test_settle ();
  win = TK_FRIENDS_WINDOW (tk_test_find_toplevel (TK_TYPE_FRIENDS_WINDOW));
  g_assert_nonnull (win);
  g_assert_null (tk_friends_window_get_selected (win));
  gtk_window_destroy (GTK_WINDOW (win));

  win = tk_friends_window_new (parent, collection);
  gtk_window_present (GTK_WINDOW (win));
  tk_test_settle ();

  /* A malformed file is refused with the core's error, and nothing is listed. */
  g_assert_false (tk_friends_window_import_file (win, bad, "Broken", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (tk_friends_window_get_selected (win));

  g_assert_true (tk_friends_window_import_file (win, csv, "Alice <b>", &error));
  g_assert_no_error (error);
  tk_test_settle ();
  g_assert_cmpstr (tk_friends_window_get_selected (win), ==, "Alice <b>");
  names = tk_collection_list_friend_lists (collection, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (names->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "Alice <b>");

  for (guint i = 0; i < G_N_ELEMENTS (matches); i++)
    {
      g_autoptr(GPtrArray) games = tk_collection_friend_matches (collection, "Alice <b>",
                                                                 matches[i], &error);

      g_assert_no_error (error);
      g_assert_cmpuint (tk_friends_window_get_n_matches (win, matches[i]), ==, games->len);
    }

  gtk_window_destroy (GTK_WINDOW (win));
}

/* The rows the list shows inside @scroller now: how many, the bottom of the lowest, the
 * tallest, and whether any is taller than its natural height. */
typedef struct
{
  guint    n_rows;
  float    bottom;
  int      row_height;
  gboolean stretched;
} ShownRows;

static ShownRows
shown_rows (GtkWidget *scroller)
{
  GtkWidget *view = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  ShownRows shown = { 0 };
  graphene_rect_t bounds;

  for (GtkWidget *item = gtk_widget_get_first_child (view); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);
      int natural;

      if (!TK_IS_COLLECTION_ROW (row) || !gtk_widget_get_child_visible (item) ||
          !gtk_widget_compute_bounds (item, scroller, &bounds) ||
          bounds.origin.y >= gtk_widget_get_height (scroller) ||
          bounds.origin.y + bounds.size.height <= 0)
        continue;
      gtk_widget_measure (item, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (item),
                          NULL, &natural, NULL, NULL);
      shown.stretched |= bounds.size.height > natural + 1;
      shown.row_height = MAX (shown.row_height, (int) bounds.size.height);
      shown.bottom = MAX (shown.bottom, bounds.origin.y + bounds.size.height);
      shown.n_rows++;
    }
  return shown;
}

/* A window taller than the grid view's 30 rows: the rows keep their height and fill it,
 * with no blank space and no stretched rows below them (at 360 px, as on a phone held
 * upright — and as on a portrait monitor). */
static void
test_tall_window (TkTestFixture *fixture,
                  gconstpointer  data)
{
  GtkWindow *window;
  TkCollectionPage *page;
  GtkWidget *scroller;
  ShownRows shown;

  tk_test_start_app (fixture);
  window = tk_application_get_main_window (fixture->app);
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
  gtk_window_set_default_size (window, 360, 2600);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)));
  page = TK_COLLECTION_PAGE (tk_test_find_descendant (GTK_WIDGET (window),
                                                      TK_TYPE_COLLECTION_PAGE));
  WAIT_FOR (tk_collection_page_get_model (page) != NULL &&
            g_list_model_get_n_items (tk_collection_page_get_model (page)) > 100);
  WAIT_FOR (tk_test_find_descendant (GTK_WIDGET (page), TK_TYPE_COLLECTION_ROW) != NULL);
  scroller = gtk_widget_get_ancestor (tk_test_find_descendant (GTK_WIDGET (page),
                                                               TK_TYPE_COLLECTION_ROW),
                                      GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  WAIT_FOR (gtk_widget_get_height (scroller) > 2000);

  /* More than the grid view's 30 rows, down to the bottom, none stretched. */
  WAIT_FOR ((shown = shown_rows (scroller)).n_rows > 30);
  tk_test_settle ();
  shown = shown_rows (scroller);
  g_assert_false (shown.stretched);
  g_assert_cmpuint (shown.n_rows, >, 30);
  g_assert_cmpfloat (shown.bottom, >=, gtk_widget_get_height (scroller) - shown.row_height);

  /* Back to an ordinary height, the grid view shows again, with its rows. */
  gtk_window_set_default_size (window, 360, 700);
  WAIT_FOR (gtk_widget_get_height (scroller) < 700);
  WAIT_FOR (GTK_IS_GRID_VIEW (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller))));
  WAIT_FOR (shown_rows (scroller).n_rows > 5);
  g_assert_false (shown_rows (scroller).stretched);
}

static gboolean
is_label_starting (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
}

/* A library with the catalog and none of the user's games: "Mine" says so and its button
 * shows the whole catalog again. */
static void
test_empty_collection (TkTestFixture *fixture,
                       gconstpointer  data)
{
  /* It opens on the catalog (with a hint); "Mine" has nothing yet. */
  TkCollectionPage *page = start_app_at (fixture, 360);
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
  GListModel *model;
  GtkWidget *title;
  GtkWidget *browse;
  GtkWidget *mine;
  GtkWidget *hint;

  hint = tk_test_find_widget (GTK_WIDGET (page), is_label_starting, "Your collection is empty.");
  g_assert_nonnull (hint);
  WAIT_FOR (gtk_revealer_get_child_revealed (GTK_REVEALER (gtk_widget_get_parent (hint))));
  mine = tk_test_find_button (GTK_WIDGET (page), "Mine");
  g_assert_nonnull (mine);
  g_signal_emit_by_name (mine, "clicked");
  /* The hint speaks of the catalog: it goes with it. */
  WAIT_FOR (!gtk_revealer_get_child_revealed (GTK_REVEALER (gtk_widget_get_parent (hint))));
  WAIT_FOR ((title = tk_test_find_label (GTK_WIDGET (page), "Your Collection Is Empty")) != NULL &&
            gtk_widget_get_mapped (title));
  model = tk_collection_page_get_model (page);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  browse = tk_test_find_button (GTK_WIDGET (page), "_Browse All Games");
  g_assert_nonnull (browse);
  g_assert_true (gtk_widget_get_mapped (browse));
  tk_test_save_shot (window, "collection-empty-360");
  g_signal_emit_by_name (browse, "clicked");
  WAIT_FOR (g_list_model_get_n_items (tk_collection_page_get_model (page)) >= 2000);
  WAIT_FOR (!gtk_widget_get_mapped (title));
  WAIT_FOR (gtk_revealer_get_child_revealed (GTK_REVEALER (gtk_widget_get_parent (hint))));
}

static gboolean
is_menu_button_titled (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

/* The window's and the page's menus are built on their first opening (not for the first
 * frame), and then work as any menu: the sort menu sorts, the main menu's Keyboard
 * Shortcuts opens the shortcuts window. */
static void
test_menus (TkTestFixture *fixture,
            gconstpointer  data)
{
  TkCollectionPage *page = start_app (fixture);
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
  GtkWidget *sort = tk_test_find_widget (GTK_WIDGET (page), is_menu_button_titled, "Sort");
  GtkWidget *more = tk_test_find_widget (GTK_WIDGET (page), is_menu_button_titled,
                                         "Collection Menu");
  GtkWidget *main_menu = tk_test_find_widget (window, is_menu_button_titled, "Main Menu");
  g_autofree char *sort_key = NULL;

  g_assert_nonnull (sort);
  g_assert_nonnull (more);
  g_assert_nonnull (main_menu);
  g_assert_null (gtk_menu_button_get_popover (GTK_MENU_BUTTON (sort)));
  g_assert_null (gtk_menu_button_get_popover (GTK_MENU_BUTTON (more)));
  g_assert_null (gtk_menu_button_get_popover (GTK_MENU_BUTTON (main_menu)));
  g_assert_true (gtk_widget_is_sensitive (sort));

  tk_test_press_menu_item (sort, "Year");
  g_object_get (page, "sort", &sort_key, NULL);
  g_assert_cmpstr (sort_key, ==, "year");
  /* A second opening uses the same menu. */
  {
    GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (sort));

    g_assert_nonnull (popover);
    g_clear_pointer (&sort_key, g_free);
    tk_test_press_menu_item (sort, "Title");
    g_object_get (page, "sort", &sort_key, NULL);
    g_assert_cmpstr (sort_key, ==, "title");
    g_assert_true (gtk_menu_button_get_popover (GTK_MENU_BUTTON (sort)) == popover);
  }

  tk_test_press_menu_item (main_menu, "_Keyboard Shortcuts");
  WAIT_FOR (tk_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW) != NULL);
  gtk_window_destroy (tk_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));
}

int
main (int   argc,
      char *argv[])
{
  /* With a private data folder: cover copies land there, not in the user's. */
  tk_test_init (&argc, &argv);

  TK_TEST_ADD ("/collection/filters", fixture_set_up, test_filters);
  TK_TEST_ADD ("/collection/details-delete-undo", fixture_set_up, test_details_delete_undo);
  TK_TEST_ADD ("/collection/friends", fixture_set_up, test_friends);
  TK_TEST_ADD ("/collection/cover", fixture_set_up, test_cover);
  TK_TEST_ADD ("/collection/tall-window", fixture_set_up, test_tall_window);
  TK_TEST_ADD ("/collection/empty", tk_test_fixture_set_up_with_catalog, test_empty_collection);
  TK_TEST_ADD ("/collection/menus", fixture_set_up, test_menus);

  return tk_test_run ();
}
