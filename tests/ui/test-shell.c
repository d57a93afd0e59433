/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-shell.c — the application shell: window, pages, adaptive switcher, templates,
 * preferences and what happens when the library file cannot be opened.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory and the schema
 * compiled in the build dir.
 */
#define G_LOG_DOMAIN "test-shell"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "tk-application.h"
#include "tk-collection-page.h"
#include "tk-discover-page.h"
#include "tk-history-page.h"
#include "tk-library-problem.h"
#include "tk-preferences-window.h"
#include "tk-table-page.h"
#include "tk-window.h"

#define TK_TEST_WAIT_TIMEOUT_S 10
#include "tk-test-library-env.h"
#include "tk-test-utils.h"

static const char *const page_names[] = { "table", "collection", "history", "discover" };

static TkWindow *
get_window (TkTestFixture *fixture)
{
  GtkWindow *window = tk_application_get_main_window (fixture->app);

  g_assert_true (TK_IS_WINDOW (window));
  return TK_WINDOW (window);
}

static void
count_paint (GdkFrameClock *clock,
             guint         *n_paints)
{
  (*n_paints)++;
}

/* Waits until @widget's window is mapped and has painted at least one frame. */
static void
wait_until_drawn (GtkWidget *widget)
{
  GdkFrameClock *clock;
  guint n_paints = 0;
  gulong handler;

  WAIT_FOR (gtk_widget_get_mapped (widget));
  clock = gtk_widget_get_frame_clock (widget);
  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint), &n_paints);
  gtk_widget_queue_draw (widget);
  WAIT_FOR (n_paints > 0);
  g_signal_handler_disconnect (clock, handler);
}

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

/* The windows on screen besides the main window: a library problem is said once, in the
 * window, so there must be none. */
static guint
count_other_windows (TkTestFixture *fixture)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  guint n = 0;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (gtk_widget_get_visible (l->data) &&
        l->data != (gpointer) tk_application_get_main_window (fixture->app))
      n++;
  return n;
}

static GBytes *
write_random_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  guint8 bytes[4096];

  for (gsize i = 0; i < sizeof bytes; i++)
    bytes[i] = g_random_int_range (0, 256);
  /* Never a SQLite header by chance. */
  bytes[0] = 'X';

  g_file_set_contents (path, (const char *) bytes, sizeof bytes, &error);
  g_assert_no_error (error);
  return g_bytes_new (bytes, sizeof bytes);
}

static GBytes *
read_file_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static void
assert_file_contents (const char *path,
                      GBytes     *expected)
{
  g_autoptr(GBytes) contents = read_file_bytes (path);

  g_assert_cmpmem (g_bytes_get_data (contents, NULL), g_bytes_get_size (contents),
                   g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));
}

static int
content_width (GtkWidget *window)
{
  return gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)));
}

/* The size of the window on screen, which is what the default size and the settings hold;
 * without a compositor, GTK's client-side borders take a few pixels of it. */
static gboolean
surface_has_width (GtkWidget *window,
                   int        width)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface != NULL && gdk_surface_get_width (surface) == width &&
         gtk_widget_get_width (window) > 0;
}

/* Resizes @window so that its content (everything inside the borders) is @width wide. */
static void
resize_content (GtkWidget *window,
                int        width,
                int        height)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  int extra_width = gdk_surface_get_width (surface) - content_width (window);
  int extra_height = gdk_surface_get_height (surface) - gtk_widget_get_height (window);

  g_assert_cmpint (extra_width, >=, 0);
  gtk_window_set_default_size (GTK_WINDOW (window), width + extra_width, height + extra_height);
  WAIT_FOR (surface_has_width (window, width + extra_width));
  WAIT_FOR (content_width (window) == width);
}

/* Without --db: the library-path setting, else the default file in the data folder. */
static void
test_library_path_choice (TkTestFixture *fixture,
                          gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  g_autofree char *default_path = tk_store_default_path ();
  TkApplication *app;

  g_assert_true (g_str_has_prefix (default_path, g_get_user_data_dir ()));

  for (guint i = 0; i < 2; i++)
    {
      const char *expected = i == 0 ? fixture->db_path : default_path;

      g_settings_set_string (settings, "library-path", i == 0 ? fixture->db_path : "");
      app = tk_application_new ();
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
      g_application_activate (G_APPLICATION (app));
      WAIT_FOR (tk_application_get_store (app) != NULL);
      g_assert_cmpstr (tk_application_get_library_path (app), ==, expected);
      g_assert_cmpstr (tk_store_get_path (tk_application_get_store (app)), ==, expected);
      g_assert_true (g_file_test (expected, G_FILE_TEST_IS_REGULAR));

      gtk_window_destroy (tk_application_get_main_window (app));
      tk_test_settle ();
      g_object_unref (app);
    }
}

/* The window opens on the library file and is drawn. */
static void
test_window_opens (TkTestFixture *fixture,
                   gconstpointer  data)
{
  TkWindow *window;
  TkStore *store;

  tk_test_start_app (fixture);
  window = get_window (fixture);
  wait_until_drawn (GTK_WIDGET (window));

  store = tk_application_get_store (fixture->app);
  g_assert_true (TK_IS_STORE (store));
  g_assert_true (tk_window_get_store (window) == store);
  g_assert_cmpstr (tk_store_get_path (store), ==, fixture->db_path);
  g_assert_cmpstr (tk_application_get_library_path (fixture->app), ==, fixture->db_path);
  g_assert_true (g_file_test (fixture->db_path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (count_other_windows (fixture), ==, 0);

  /* The shortcuts window is built only when asked for, then kept. */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-shortcuts", NULL));
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  gtk_window_close (GTK_WINDOW (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))));
  g_assert_cmpstr (tk_window_get_visible_page_name (window), ==, "table");
}

static gboolean
is_status_page_with_icon (GtkWidget     *widget,
                          gconstpointer  icon)
{
  return ADW_IS_STATUS_PAGE (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (adw_status_page_get_icon_name (ADW_STATUS_PAGE (widget)), icon) == 0;
}

/* The Table page and its empty state show a board-game piece drawn for the app (in the
 * GResource, found by the icon theme), not the theme's video-game controller. */
static void
test_board_game_icon (TkTestFixture *fixture,
                      gconstpointer  data)
{
  GtkIconTheme *theme;
  AdwViewStack *stack;
  TkWindow *window;

  tk_test_start_app (fixture);
  window = get_window (fixture);
  wait_until_drawn (GTK_WIDGET (window));

  theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));
  g_assert_true (gtk_icon_theme_has_icon (theme, "tk-board-game-symbolic"));
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (window), is_status_page_with_icon,
                                         "tk-board-game-symbolic"));
  g_assert_null (tk_test_find_widget (GTK_WIDGET (window), is_status_page_with_icon,
                                      "applications-games-symbolic"));
  stack = ADW_VIEW_STACK (tk_test_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
  g_assert_cmpstr (adw_view_stack_page_get_icon_name (adw_view_stack_get_page (stack,
                     adw_view_stack_get_child_by_name (stack, "table"))), ==,
                   "tk-board-game-symbolic");
}

/* Every page is reachable with win.show-page, and the last one is remembered. */
static void
test_window_pages (TkTestFixture *fixture,
                   gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *button;
  TkWindow *window;

  tk_test_start_app (fixture);
  window = get_window (fixture);
  wait_until_drawn (GTK_WIDGET (window));

  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    {
      g_autofree char *last = NULL;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s",
                                                 page_names[i]));
      tk_test_settle ();
      g_assert_cmpstr (tk_window_get_visible_page_name (window), ==, page_names[i]);
      last = g_settings_get_string (settings, "last-page");
      g_assert_cmpstr (last, ==, page_names[i]);
    }

  /* An unknown page changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "nowhere");
  tk_test_settle ();
  g_assert_cmpstr (tk_window_get_visible_page_name (window), ==, "discover");

  /* The Discover page's button leads to the collection. */
  button = tk_test_find_descendant (tk_test_find_descendant (GTK_WIDGET (window),
                                                            TK_TYPE_DISCOVER_PAGE),
                                    GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.show-page");
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
  g_assert_cmpstr (tk_window_get_visible_page_name (window), ==, "collection");

  g_assert_true (tk_window_set_visible_page_name (window, "table"));
  g_assert_false (tk_window_set_visible_page_name (window, "nowhere"));
  g_assert_cmpstr (tk_window_get_visible_page_name (window), ==, "table");
}

/* A new window opens on the page shown last, at the size it had. */
static void
test_window_state_restored (TkTestFixture *fixture,
                            gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TkWindow *window;

  g_settings_set_string (settings, "last-page", "history");
  g_settings_set_int (settings, "window-width", 700);
  g_settings_set_int (settings, "window-height", 500);

  tk_test_start_app (fixture);
  window = get_window (fixture);
  wait_until_drawn (GTK_WIDGET (window));
  g_assert_cmpstr (tk_window_get_visible_page_name (window), ==, "history");
  WAIT_FOR (surface_has_width (GTK_WIDGET (window), 700));

  /* Closing saves the size. */
  gtk_window_set_default_size (GTK_WINDOW (window), 820, 610);
  WAIT_FOR (surface_has_width (GTK_WIDGET (window), 820));
  gtk_window_close (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 820);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 610);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
}

/* At 360 px the switcher moves to the bottom bar; at 1200 px it is in the header bar. */
static void
test_window_adaptive (TkTestFixture *fixture,
                      gconstpointer  data)
{
  TkWindow *window;
  GtkWidget *content;
  GtkWidget *bar;
  graphene_rect_t bounds;

  tk_test_start_app (fixture);
  window = get_window (fixture);
  content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  bar = tk_test_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR);
  g_assert_nonnull (bar);

  wait_until_drawn (GTK_WIDGET (window));
  resize_content (GTK_WIDGET (window), 360, 720);
  WAIT_FOR (tk_window_get_switcher_bar_revealed (window));
  WAIT_FOR (gtk_widget_get_height (bar) > 0);
  tk_test_settle ();

  /* The bar sits at the bottom of the window's content. */
  g_assert_true (gtk_widget_compute_bounds (bar, content, &bounds));
  g_assert_cmpfloat_with_epsilon (bounds.origin.y + bounds.size.height,
                                  gtk_widget_get_height (content), 0.5);
  g_assert_cmpint (gtk_widget_get_width (content), ==, 360);

  resize_content (GTK_WIDGET (window), 1200, 800);
  WAIT_FOR (!tk_window_get_switcher_bar_revealed (window));

  resize_content (GTK_WIDGET (window), 360, 720);
  WAIT_FOR (tk_window_get_switcher_bar_revealed (window));
}

/* Builds every templated class once: a .ui with a type that Debian 12's GTK 4.8 or
 * libadwaita 1.2 lacks fails here with "Invalid object type". */
static void
test_templates (void)
{
  g_autoptr(GtkBuilder) builder = NULL;
  g_autoptr(GError) error = NULL;
  GType page_types[] = {
    TK_TYPE_TABLE_PAGE, TK_TYPE_COLLECTION_PAGE, TK_TYPE_HISTORY_PAGE, TK_TYPE_DISCOVER_PAGE,
  };
  GtkWidget *preferences;
  GtkWidget *parent;
  GtkWidget *problem;
  GObject *shortcuts;

  for (guint i = 0; i < G_N_ELEMENTS (page_types); i++)
    {
      GtkWidget *page = g_object_ref_sink (g_object_new (page_types[i], NULL));

      g_assert_true (ADW_IS_BIN (page));
      g_assert_nonnull (adw_bin_get_child (ADW_BIN (page)));
      g_assert_finalize_object (page);
    }

  preferences = tk_preferences_window_new (NULL, "/tmp/some folder/library.db");
  g_assert_cmpstr (tk_preferences_window_get_library_path (TK_PREFERENCES_WINDOW (preferences)),
                   ==, "/tmp/some folder/library.db");
  gtk_window_present (GTK_WINDOW (preferences));
  wait_until_drawn (preferences);
  gtk_window_destroy (GTK_WINDOW (preferences));

  /* The library problem shows the reason as plain text. */
  g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED, "<b>not markup</b> & more");
  parent = gtk_window_new ();
  problem = tk_library_problem_new ();
  gtk_window_set_child (GTK_WINDOW (parent), problem);
  tk_library_problem_show (TK_LIBRARY_PROBLEM (problem), error,
                           TK_LIBRARY_WAY_OPEN | TK_LIBRARY_WAY_RETRY);
  gtk_window_present (GTK_WINDOW (parent));
  wait_until_drawn (parent);
  {
    GtkWidget *status = tk_test_find_widget (problem, is_named, "library-problem");

    g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)),
                              "&lt;b&gt;not markup&lt;/b&gt; &amp; more"));
  }
  gtk_window_destroy (GTK_WINDOW (parent));

  builder = gtk_builder_new_from_resource (RESOURCE_BASE "/app/tk-shortcuts-window.ui");
  shortcuts = gtk_builder_get_object (builder, "help_overlay");
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (shortcuts));
  gtk_window_present (GTK_WINDOW (shortcuts));
  wait_until_drawn (GTK_WIDGET (shortcuts));
  gtk_window_destroy (GTK_WINDOW (shortcuts));

  g_assert_nonnull (g_resources_lookup_data (RESOURCE_BASE "/style.css", 0, NULL));
  tk_test_settle ();
}

/* The style setting reaches the style manager; the preferences row edits it. */
static void
test_preferences_style (TkTestFixture *fixture,
                        gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdwStyleManager *style_manager;
  GtkWidget *preferences;
  AdwComboRow *row;

  tk_test_start_app (fixture);
  wait_until_drawn (GTK_WIDGET (get_window (fixture)));
  style_manager = adw_style_manager_get_default ();
  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==,
                   ADW_COLOR_SCHEME_DEFAULT);

  g_settings_set_string (settings, "color-scheme", "dark");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==,
                   ADW_COLOR_SCHEME_FORCE_DARK);

  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  tk_test_settle ();
  preferences = GTK_WIDGET (tk_test_find_toplevel (TK_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull (preferences);
  g_assert_cmpstr (tk_preferences_window_get_library_path (TK_PREFERENCES_WINDOW (preferences)),
                   ==, fixture->db_path);

  row = ADW_COMBO_ROW (tk_test_find_descendant (preferences, ADW_TYPE_COMBO_ROW));
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 2);
  adw_combo_row_set_selected (row, 1);
  {
    g_autofree char *scheme = g_settings_get_string (settings, "color-scheme");

    g_assert_cmpstr (scheme, ==, "light");
  }
  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==,
                   ADW_COLOR_SCHEME_FORCE_LIGHT);

  gtk_window_destroy (GTK_WINDOW (preferences));
  g_settings_reset (settings, "color-scheme");
}

static GtkWidget *
problem_button (TkTestFixture *fixture,
                const char    *name)
{
  GtkWidget *problem = tk_test_find_widget (GTK_WIDGET (get_window (fixture)), is_named,
                                            "library-problem");
  GtkWidget *button;

  g_assert_nonnull (problem);
  button = tk_test_find_widget (problem, is_named, name);
  g_assert_nonnull (button);
  return button;
}

/* The problem page as the user finds it: said once, with exactly @ways on offer, the first
 * of them suggested and focused (what Enter does), never "Start a New Library"; Escape
 * bound to nothing (it must not quit). */
static GtkWidget *
assert_problem (TkTestFixture *fixture,
                const char    *title,
                const char    *reason,
                TkLibraryWays  ways)
{
  static const struct { TkLibraryWays way; const char *name; } buttons[] = {
    { TK_LIBRARY_WAY_RETRY, "library-problem-retry" },
    { TK_LIBRARY_WAY_READ_ONLY, "library-problem-read-only" },
    { TK_LIBRARY_WAY_COPY, "library-problem-copy" },
    { TK_LIBRARY_WAY_OPEN, "library-problem-open" },
    { TK_LIBRARY_WAY_NEW, "library-problem-new" },
  };
  TkWindow *window = get_window (fixture);
  GtkWidget *problem;
  GtkWidget *focus;
  g_auto(GStrv) escape_actions = NULL;

  WAIT_FOR ((problem = tk_test_find_widget (GTK_WIDGET (window), is_named,
                                            "library-problem")) != NULL &&
            gtk_widget_is_visible (problem));
  wait_until_drawn (GTK_WIDGET (window));
  g_assert_null (tk_application_get_store (fixture->app));
  g_assert_cmpuint (count_other_windows (fixture), ==, 0);
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (problem)), ==, title);
  if (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (problem)), reason) == NULL)
    g_error ("“%s” does not say “%s”", adw_status_page_get_description (ADW_STATUS_PAGE (problem)),
             reason);

  focus = gtk_root_get_focus (GTK_ROOT (window));
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *button = problem_button (fixture, buttons[i].name);
      gboolean offered = (ways & buttons[i].way) != 0;

      g_assert_cmpint (gtk_widget_is_visible (button), ==, offered);
      g_assert_cmpint (gtk_widget_is_sensitive (button), ==, offered);
      if (buttons[i].way == TK_LIBRARY_WAY_NEW)
        {
          g_assert_false (gtk_widget_has_css_class (button, "suggested-action"));
          g_assert_true (focus != button);
        }
    }
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_true (gtk_widget_has_css_class (focus, "suggested-action"));

  escape_actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (fixture->app),
                                                          "Escape");
  g_assert_cmpuint (g_strv_length (escape_actions), ==, 0);
  return focus;
}

/* A file that is not a library: the window says so, once; the file is left exactly as it
 * was; "Start a New Library" is offered but is not what Enter does. */
static void
test_library_unreadable (TkTestFixture *fixture,
                         gconstpointer  data)
{
  g_autoptr(GBytes) original = write_random_file (fixture->db_path);
  GtkWidget *focus;

  tk_test_start_app (fixture);
  focus = assert_problem (fixture, "Cannot Open the Library", "not a Tablekeeper library",
                          TK_LIBRARY_WAY_OPEN | TK_LIBRARY_WAY_NEW);
  g_assert_true (focus == problem_button (fixture, "library-problem-open"));
  g_assert_null (tk_window_get_store (get_window (fixture)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (get_window (fixture))));

  tk_test_settle ();
  assert_file_contents (fixture->db_path, original);
}

static char *
find_set_aside_file (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (strstr (name, ".unreadable-") != NULL)
      return g_build_filename (dir_path, name, NULL);
  return NULL;
}

/* "Start a New Library" moves the bad file aside, untouched, and opens a new library. */
static void
test_library_start_new (TkTestFixture *fixture,
                        gconstpointer  data)
{
  g_autoptr(GBytes) original = write_random_file (fixture->db_path);
  g_autofree char *aside = NULL;
  TkStore *store;

  tk_test_start_app (fixture);
  assert_problem (fixture, "Cannot Open the Library", "not a Tablekeeper library",
                  TK_LIBRARY_WAY_OPEN | TK_LIBRARY_WAY_NEW);

  /* As the user does: click the button. */
  g_signal_emit_by_name (problem_button (fixture, "library-problem-new"), "clicked");
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);

  store = tk_application_get_store (fixture->app);
  g_assert_cmpstr (tk_store_get_path (store), ==, fixture->db_path);
  g_assert_true (tk_window_get_store (get_window (fixture)) == store);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_false (gtk_widget_is_visible (tk_test_find_widget (GTK_WIDGET (get_window (fixture)),
                                                               is_named, "library-problem")));

  aside = find_set_aside_file (fixture->dir);
  g_assert_nonnull (aside);
  assert_file_contents (aside, original);

  /* The pages work again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_window (fixture)),
                                             "win.show-page", "s", "history"));
  g_assert_cmpstr (tk_window_get_visible_page_name (get_window (fixture)), ==, "history");
}

/* app.new-library does what the button does, and the pages come back in place of the
 * message; afterwards no library way is on offer. */
static void
test_library_start_new_from_window (TkTestFixture *fixture,
                                    gconstpointer  data)
{
  g_autoptr(GBytes) original = write_random_file (fixture->db_path);
  g_autofree char *aside = NULL;
  GtkWidget *problem;

  tk_test_start_app (fixture);
  assert_problem (fixture, "Cannot Open the Library", "not a Tablekeeper library",
                  TK_LIBRARY_WAY_OPEN | TK_LIBRARY_WAY_NEW);
  problem = tk_test_find_widget (GTK_WIDGET (get_window (fixture)), is_named, "library-problem");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->app), "new-library"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->app),
                                                     "retry-library"));

  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "new-library", NULL);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  g_assert_false (gtk_widget_is_visible (problem));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->app), "new-library"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->app), "open-library"));
  aside = find_set_aside_file (fixture->dir);
  g_assert_nonnull (aside);
  assert_file_contents (aside, original);
}

static sqlite3 *
raw_open (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  return db;
}

static void
make_library (const char *path,
              const char *sql)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (path, &error);

  g_assert_no_error (error);
  if (sql != NULL)
    g_assert_true (tk_store_exec (store, sql, &error));
  g_assert_no_error (error);
}

/* Another program holds the library locked: the window says it is in use, Enter tries
 * again, and once the other program lets go the library opens by itself.  Nothing is set
 * aside, nothing offered that would. */
static void
test_library_busy (TkTestFixture *fixture,
                   gconstpointer  data)
{
  sqlite3 *holder;
  GtkWidget *focus;

  make_library (fixture->db_path, "INSERT INTO players (name) VALUES ('Ana')");
  /* Rollback-journal mode, where BEGIN EXCLUSIVE keeps every reader out. */
  holder = raw_open (fixture->db_path);
  g_assert_cmpint (sqlite3_exec (holder, "PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);

  tk_test_start_app (fixture);
  focus = assert_problem (fixture, "Library in Use", "in use by another program",
                          TK_LIBRARY_WAY_RETRY | TK_LIBRARY_WAY_OPEN);
  g_assert_true (focus == problem_button (fixture, "library-problem-retry"));

  /* Enter on Try Again: still held, still said once. */
  gtk_widget_activate (focus);
  tk_test_settle ();
  assert_problem (fixture, "Library in Use", "in use by another program",
                  TK_LIBRARY_WAY_RETRY | TK_LIBRARY_WAY_OPEN);
  g_assert_null (find_set_aside_file (fixture->dir));

  /* The other program lets go: the app opens the library without being asked. */
  sqlite3_exec (holder, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (holder);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  g_assert_false (gtk_widget_is_visible (tk_test_find_widget (GTK_WIDGET (get_window (fixture)),
                                                               is_named, "library-problem")));
  g_assert_null (find_set_aside_file (fixture->dir));
  g_assert_cmpint (tk_store_query_int (tk_application_get_store (fixture->app),
                                       "SELECT count(*) FROM players", -1, NULL), ==, 1);
}

/* Another program's database is refused and only another file is offered: it is never
 * renamed, upgraded or switched to WAL. */
static void
test_library_foreign (TkTestFixture *fixture,
                      gconstpointer  data)
{
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GDir) dir = NULL;
  sqlite3 *other = raw_open (fixture->db_path);

  g_assert_cmpint (sqlite3_exec (other, "CREATE TABLE notes (body TEXT); "
                                        "INSERT INTO notes VALUES ('mine');", NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (other);
  before = read_file_bytes (fixture->db_path);

  tk_test_start_app (fixture);
  assert_problem (fixture, "Not a Tablekeeper Library", "another program",
                  TK_LIBRARY_WAY_OPEN);
  tk_test_settle ();
  assert_file_contents (fixture->db_path, before);
  dir = g_dir_open (fixture->dir, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (dir), ==, "library.db");
  g_assert_null (g_dir_read_name (dir));
}

/* A full disk: said so, nothing created; with room again, Enter (Try Again) opens it. */
static void
test_library_full_disk (TkTestFixture *fixture,
                        gconstpointer  data)
{
  GtkWidget *focus;

  tk_test_set_disk_space (0);
  tk_test_start_app (fixture);
  focus = assert_problem (fixture, "Disk Full", "disk is full",
                          TK_LIBRARY_WAY_RETRY | TK_LIBRARY_WAY_OPEN);
  g_assert_false (g_file_test (fixture->db_path, G_FILE_TEST_EXISTS));

  tk_test_set_disk_space (-1);
  gtk_widget_activate (focus);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  g_assert_cmpint (tk_store_get_schema_version (tk_application_get_store (fixture->app)), ==,
                   TK_STORE_SCHEMA_VERSION);
}

/* A read-only library: offered read-only, which opens it for browsing with a note that says
 * so; every write is refused; the file is left as it was. */
static void
test_library_read_only (TkTestFixture *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autofree char *why = NULL;
  GtkWidget *focus;
  GtkWidget *note;
  TkStore *store;

  make_library (fixture->db_path, "INSERT INTO players (name) VALUES ('Ana')");
  before = read_file_bytes (fixture->db_path);
  if (!tk_test_make_read_only (fixture->dir, &why))
    {
      g_test_skip (why);
      return;
    }

  tk_test_start_app (fixture);
  focus = assert_problem (fixture, "Library Is Read-Only", "read-only",
                          TK_LIBRARY_WAY_READ_ONLY | TK_LIBRARY_WAY_COPY | TK_LIBRARY_WAY_OPEN);
  g_assert_true (focus == problem_button (fixture, "library-problem-read-only"));
  tk_test_save_shot (GTK_WIDGET (get_window (fixture)), "library-read-only-problem");

  gtk_widget_activate (focus);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  store = tk_application_get_store (fixture->app);
  g_assert_true (tk_store_is_read_only (store));
  note = tk_test_find_widget (GTK_WIDGET (get_window (fixture)), is_named, "read-only-note");
  g_assert_nonnull (note);
  g_assert_true (gtk_widget_is_visible (note));
  g_assert_cmpint (tk_store_query_int (store, "SELECT count(*) FROM players", -1, NULL), ==, 1);
  /* Every page can be looked through (a warning here fails the test). */
  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (get_window (fixture)),
                                                 "win.show-page", "s", page_names[i]));
      wait_until_drawn (GTK_WIDGET (get_window (fixture)));
      tk_test_settle ();
    }
  tk_test_save_shot (GTK_WIDGET (get_window (fixture)), "library-read-only-open");
  g_assert_false (tk_store_exec (store, "INSERT INTO players (name) VALUES ('Ben')", &error));
  g_assert_error (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY);

  gtk_window_destroy (tk_application_get_main_window (fixture->app));
  tk_test_settle ();
  tk_test_make_writable (fixture->dir);
  assert_file_contents (fixture->db_path, before);
}

/* Copy Elsewhere…: the user picks a place in the file chooser; the copy opens as an
 * ordinary library (it can change), and the read-only original is left as it was. */
static void
test_library_read_only_copy (TkTestFixture *fixture,
                             gconstpointer  data)
{
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GFile) target = NULL;
  g_autofree char *why = NULL;
  g_autofree char *ro_dir = g_build_filename (fixture->dir, "stick", NULL);
  g_autofree char *ro_path = g_build_filename (ro_dir, "library.db", NULL);
  g_autofree char *copy_path = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *chooser;
  TkStore *store;

  g_mkdir (ro_dir, 0755);
  make_library (ro_path, "INSERT INTO players (name) VALUES ('Ana')");
  before = read_file_bytes (ro_path);
  if (!tk_test_make_read_only (ro_dir, &why))
    {
      g_test_skip (why);
      return;
    }

  g_free (fixture->db_path);
  fixture->db_path = g_strdup (ro_path);
  tk_test_start_app (fixture);
  assert_problem (fixture, "Library Is Read-Only", "read-only",
                  TK_LIBRARY_WAY_READ_ONLY | TK_LIBRARY_WAY_COPY | TK_LIBRARY_WAY_OPEN);

  /* As the user does: the button, a name in the chooser, its Copy button. */
  g_signal_emit_by_name (problem_button (fixture, "library-problem-copy"), "clicked");
  WAIT_FOR ((chooser = tk_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG)) != NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "my-library.db");
  tk_test_settle ();
  target = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_assert_nonnull (target);
  copy_path = g_file_get_path (target);
  g_assert_false (g_str_has_prefix (copy_path, ro_dir));
  g_signal_emit_by_name (tk_test_find_button (GTK_WIDGET (chooser), "_Copy"), "clicked");

  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  store = tk_application_get_store (fixture->app);
  g_assert_cmpstr (tk_store_get_path (store), ==, copy_path);
  g_assert_false (tk_store_is_read_only (store));
  g_assert_true (tk_store_exec (store, "INSERT INTO players (name) VALUES ('Ben')", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_query_int (store, "SELECT count(*) FROM players", -1, NULL), ==, 2);

  gtk_window_destroy (tk_application_get_main_window (fixture->app));
  tk_test_settle ();
  tk_test_make_writable (ro_dir);
  assert_file_contents (ro_path, before);
}

/* An empty file becomes a new library, and the window says so. */
static void
test_library_empty_file (TkTestFixture *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (fixture->db_path, "", 0, &error);
  g_assert_no_error (error);
  tk_test_start_app (fixture);
  WAIT_FOR (tk_application_get_store (fixture->app) != NULL);
  g_assert_true (tk_store_get_made_from_empty (tk_application_get_store (fixture->app)));
  WAIT_FOR (tk_test_find_label (GTK_WIDGET (get_window (fixture)),
                                "Empty file made a library")
            != NULL);
}

int
main (int    argc,
      char **argv)
{
  /* With a private data folder: the default library lands there, not in the user's. */
  tk_test_init (&argc, &argv);
  /* Animations stay on: with them off, GTK 4.8's revealer inside AdwViewSwitcherBar warns
   * about allocating a height of -1 (upstream, harmless); the waits below cover the time. */

  TK_TEST_ADD ("/shell/window/opens", tk_test_fixture_set_up, test_window_opens);
  TK_TEST_ADD ("/shell/window/pages", tk_test_fixture_set_up, test_window_pages);
  TK_TEST_ADD ("/shell/window/board-game-icon", tk_test_fixture_set_up, test_board_game_icon);
  TK_TEST_ADD ("/shell/window/state-restored", tk_test_fixture_set_up, test_window_state_restored);
  TK_TEST_ADD ("/shell/window/adaptive", tk_test_fixture_set_up, test_window_adaptive);
  g_test_add_func ("/shell/templates", test_templates);
  TK_TEST_ADD ("/shell/preferences/style", tk_test_fixture_set_up, test_preferences_style);
  TK_TEST_ADD ("/shell/library/path-choice", tk_test_fixture_set_up, test_library_path_choice);
  TK_TEST_ADD ("/shell/library/unreadable", tk_test_fixture_set_up, test_library_unreadable);
  TK_TEST_ADD ("/shell/library/start-new", tk_test_fixture_set_up, test_library_start_new);
  TK_TEST_ADD ("/shell/library/start-new-from-window", tk_test_fixture_set_up,
               test_library_start_new_from_window);
  TK_TEST_ADD ("/shell/library/busy", tk_test_fixture_set_up, test_library_busy);
  TK_TEST_ADD ("/shell/library/foreign", tk_test_fixture_set_up, test_library_foreign);
  TK_TEST_ADD ("/shell/library/full-disk", tk_test_fixture_set_up, test_library_full_disk);
  TK_TEST_ADD ("/shell/library/read-only", tk_test_fixture_set_up, test_library_read_only);
  TK_TEST_ADD ("/shell/library/read-only-copy", tk_test_fixture_set_up,
               test_library_read_only_copy);
  TK_TEST_ADD ("/shell/library/empty-file", tk_test_fixture_set_up, test_library_empty_file);

  return tk_test_run ();
}
