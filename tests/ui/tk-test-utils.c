/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-utils.c — helpers shared by the UI tests (see tk-test-utils.h). */
#define G_LOG_DOMAIN "tk-test-utils"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>

#include "tk-catalog.h"
#include "tk-rules.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"

#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>

static char *data_home;

/* In a private Xvfb (run-with-display.sh), the pointer goes to the screen's far corner, where
 * no test window is (they open at the top left): a window shown under the pointer starts a
 * tooltip's timer, and GTK 4.8 asks for the pointer on that window's surface when it fires
 * even if the test has destroyed the window meanwhile (a critical, under load). */
static void
park_pointer (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  Display *xdisplay;
  int screen;

  if (g_strcmp0 (g_getenv ("TK_TEST_PARK_POINTER"), "1") != 0 || !GDK_IS_X11_DISPLAY (display))
    return;
  xdisplay = gdk_x11_display_get_xdisplay (display);
  screen = DefaultScreen (xdisplay);
  XTestFakeMotionEvent (xdisplay, screen, DisplayWidth (xdisplay, screen) - 1,
                        DisplayHeight (xdisplay, screen) - 1, CurrentTime);
  XSync (xdisplay, False);
}

void
tk_test_init (int    *argc,
              char ***argv)
{
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/tablekeeper-test-bus", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);

  data_home = g_dir_make_tmp ("tk-test-data-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  /* The Japanese runs (LANGUAGE=ja): the translations compiled in this build. */
  if (g_getenv ("TK_TEST_LOCALEDIR") != NULL)
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TK_TEST_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  park_pointer ();
}

int
tk_test_run (void)
{
  int status = g_test_run ();

  tk_test_remove_tree (data_home);
  g_clear_pointer (&data_home, g_free);
  return status;
}

gboolean
tk_test_wake_up (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

void
tk_test_settle (void)
{
  gint64 end = g_get_monotonic_time () + 100 * 1000;
  guint wake_id = g_timeout_add (10, tk_test_wake_up, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
}

void
tk_test_fixture_set_up (TkTestFixture *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  /* The memory backend keeps values for the whole process: start each test afresh. */
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
  g_settings_reset (settings, "last-page");
  g_settings_reset (settings, "color-scheme");
  g_settings_reset (settings, "library-path");

  fixture->dir = g_dir_make_tmp ("tk-test-ui-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->db_path = g_build_filename (fixture->dir, "library.db", NULL);
}

void
tk_test_fixture_tear_down (TkTestFixture *fixture,
                           gconstpointer  data)
{
  if (fixture->app != NULL)
    {
      GList *toplevels;
      g_autoptr(GPtrArray) closed = g_ptr_array_new_with_free_func (g_free);
      guint n = 0;

      /* Every window, the application's and the dialogs; one at a time, since destroying
       * one may take others with it.  Each must be freed once closed, with every panel and
       * part in it: a reference kept by a signal, a timeout or a task would keep a whole
       * session's widgets alive. */
      while ((toplevels = gtk_window_list_toplevels ()) != NULL)
        {
          GObject **weak = g_new0 (GObject *, 1);

          *weak = toplevels->data;
          g_object_add_weak_pointer (*weak, (gpointer *) weak);
          g_ptr_array_add (closed, weak);
          gtk_window_destroy (toplevels->data);
          g_list_free (toplevels);
          g_assert_cmpuint (++n, <, 100);
        }
      tk_test_settle ();
      for (guint i = 0; i < closed->len; i++)
        {
          GObject **weak = g_ptr_array_index (closed, i);

          if (*weak != NULL)
            g_error ("a closed window is still alive: %s %p",
                     G_OBJECT_TYPE_NAME (*weak), *weak);
        }
      /* Not g_assert_finalize_object(): GtkApplication keeps a reference from startup
       * until shutdown, which only g_application_run() emits. */
      g_clear_object (&fixture->app);
    }

  tk_test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->db_path, g_free);
  g_clear_pointer (&fixture->dir, g_free);
}

void
tk_test_start_app (TkTestFixture *fixture)
{
  g_autoptr(GError) error = NULL;

  fixture->app = tk_application_new ();
  tk_application_set_library_path (fixture->app, fixture->db_path);
  g_application_register (G_APPLICATION (fixture->app), NULL, &error);
  g_assert_no_error (error);
  g_application_activate (G_APPLICATION (fixture->app));
}

GtkWidget *
tk_test_find_widget (GtkWidget      *widget,
                     TkTestMatchFunc match,
                     gconstpointer   data)
{
  if (match (widget, data))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = tk_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
tk_test_has_name (GtkWidget     *widget,
                  gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

GtkWidget *
tk_test_find_named (GtkWidget  *root,
                    const char *name)
{
  GtkWidget *widget = tk_test_find_widget (root, tk_test_has_name, name);

  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

gboolean
tk_test_has_action (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), data) == 0;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) type);
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  label)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static gboolean
is_label_with_text (GtkWidget     *widget,
                    gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

GtkWidget *
tk_test_find_descendant (GtkWidget *widget,
                         GType      type)
{
  return tk_test_find_widget (widget, is_of_type, &type);
}

GtkWidget *
tk_test_find_button (GtkWidget  *widget,
                     const char *label)
{
  return tk_test_find_widget (widget, is_button_labelled, label);
}

GtkWidget *
tk_test_find_label (GtkWidget  *widget,
                    const char *text)
{
  return tk_test_find_widget (widget, is_label_with_text, text);
}

static gboolean
is_toast_widget (GtkWidget     *widget,
                 gconstpointer  data)
{
  /* libadwaita keeps its toast widget's type private: only its name is known. */
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget");
}

/* The button labelled @label in a toast at or below @widget (a toast on its way out may
 * still stand beside the one shown). */
static GtkWidget *
find_toast_button (GtkWidget  *widget,
                   const char *label)
{
  GtkWidget *button;

  if (is_toast_widget (widget, NULL))
    return tk_test_find_button (widget, label);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if ((button = find_toast_button (child, label)) != NULL)
      return button;
  return NULL;
}

void
tk_test_press_toast_button (GtkWidget  *widget,
                            const char *label)
{
  GtkWidget *button = NULL;

  if (tk_test_find_widget (widget, is_toast_widget, NULL) == NULL)
    g_error ("No toast is shown");
  WAIT_FOR ((button = find_toast_button (widget, label)) != NULL);
  /* Insensitive when its action is not found among the toast's ancestors, or disabled. */
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_widget_get_mapped (button));
  /* A click (gtk_widget_activate() on a button only clicks after its 250 ms press). */
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

static char *
without_mnemonics (const char *text)
{
  GString *plain = g_string_new (NULL);

  for (const char *c = text != NULL ? text : ""; *c != '\0'; c++)
    if (*c != '_')
      g_string_append_c (plain, *c);
  return g_string_free (plain, FALSE);
}

static gboolean
is_menu_item_labelled (GtkWidget     *widget,
                       gconstpointer  label)
{
  g_autofree char *text = NULL;
  g_autofree char *plain = NULL;

  /* the items of a popover built from a GMenu */
  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  plain = without_mnemonics (text);
  return g_strcmp0 (plain, label) == 0;
}

void
tk_test_press_menu_item (GtkWidget  *widget,
                         const char *label)
{
  g_autofree char *plain = without_mnemonics (label);
  GtkWidget *menu_button = tk_test_find_descendant (widget, GTK_TYPE_MENU_BUTTON);
  GtkWidget *button;
  GtkWidget *item;

  g_assert_nonnull (menu_button);
  /* The button a person clicks: GtkMenuButton's own toggle button, which pops the menu up
   * (building it first if it is built on first use). */
  button = tk_test_find_descendant (menu_button, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  item = tk_test_find_widget (menu_button, is_menu_item_labelled, plain);
  if (item == NULL)
    g_error ("No menu item “%s”", plain);
  g_assert_true (gtk_widget_is_sensitive (item));
  g_signal_emit_by_name (item, "clicked");
  tk_test_settle ();
}

GtkWindow *
tk_test_find_toplevel (GType type)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

void
tk_test_press_key (GtkWidget *widget,
                   guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  g_assert_true (handled);
  tk_test_settle ();
}

void
tk_test_type_key (GtkWindow *window,
                  guint      keyval)
{
  tk_test_type_key_with (window, keyval, 0);
}

void
tk_test_type_key_with (GtkWindow       *window,
                       guint            keyval,
                       GdkModifierType  modifiers)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));
  GdkSurface *surface;
  Display *xdisplay;
  KeyCode code;

  if (!GDK_IS_X11_DISPLAY (display))
    {
      g_test_skip ("typing a key needs an X display (GDK_BACKEND=x11)");
      return;
    }
  xdisplay = gdk_x11_display_get_xdisplay (display);
  /* GDK keyvals are X keysyms. */
  code = XKeysymToKeycode (xdisplay, keyval);
  g_assert_cmpuint (code, !=, 0);

  gtk_window_present (window);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)));
  /* Without a window manager nobody gives the window the keyboard: take it. */
  surface = gtk_native_get_surface (GTK_NATIVE (window));
  gdk_x11_display_error_trap_push (display);
  XSetInputFocus (xdisplay, gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
  XSync (xdisplay, False);
  gdk_x11_display_error_trap_pop_ignored (display);
  WAIT_FOR (gtk_window_is_active (window));
  /* GDK handles the focus change (FocusIn) before the key arrives. */
  tk_test_settle ();

  if (modifiers & GDK_CONTROL_MASK)
    XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, GDK_KEY_Control_L), True, CurrentTime);
  if (modifiers & GDK_SHIFT_MASK)
    XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, GDK_KEY_Shift_L), True, CurrentTime);
  XTestFakeKeyEvent (xdisplay, code, True, CurrentTime);
  XTestFakeKeyEvent (xdisplay, code, False, CurrentTime);
  if (modifiers & GDK_SHIFT_MASK)
    XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, GDK_KEY_Shift_L), False, CurrentTime);
  if (modifiers & GDK_CONTROL_MASK)
    XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, GDK_KEY_Control_L), False, CurrentTime);
  XSync (xdisplay, False);
  tk_test_settle ();
}

static gboolean
is_day_calendar (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_CALENDAR (widget) && g_strcmp0 (gtk_widget_get_name (widget), "date-row-calendar") == 0;
}

void
tk_test_pick_day (GtkWidget  *widget,
                  const char *iso)
{
  GtkWidget *calendar = tk_test_find_widget (widget, is_day_calendar, NULL);
  g_autoptr(GDateTime) day = NULL;
  int y, m, d;

  g_assert_nonnull (calendar);
  g_assert_cmpint (sscanf (iso, "%4d-%2d-%2d", &y, &m, &d), ==, 3);
  day = g_date_time_new_local (y, m, d, 12, 0, 0);
  gtk_calendar_select_day (GTK_CALENDAR (calendar), day);
  g_signal_emit_by_name (calendar, "day-selected");
  tk_test_settle ();
}


char *
tk_test_read_session (const char *name,
                      guint       n_actions)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  JsonArray *actions;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  actions = json_object_get_array_member (file, "actions");
  while (n_actions > 0 && json_array_get_length (actions) > n_actions)
    json_array_remove_element (actions, json_array_get_length (actions) - 1);
  return tk_rules_json_to_string (file);
}

void
tk_test_save_shot (GtkWidget  *widget,
                   const char *name)
{
  const char *dir = g_getenv ("TK_TEST_SHOTS_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width, height;

  if (dir == NULL || *dir == '\0')
    return;
  for (int i = 0; i < 30 && gtk_widget_get_width (widget) <= 0; i++)
    tk_test_settle ();
  tk_test_settle ();
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  if (width <= 0 || height <= 0 || gtk_widget_get_native (widget) == NULL)
    {
      g_test_message ("No shot of %s: not shown (%d×%d)", name, width, height);
      return;
    }
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_mkdir_with_parents (dir, 0755);
  path = g_strdup_printf ("%s/%s.png", dir, name);
  if (!gdk_texture_save_to_png (texture, path))
    g_warning ("Could not save %s", path);
}

void
tk_test_load_app_style (void)
{
  static GtkCssProvider *provider;

  if (provider != NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/tablekeeper/Tablekeeper/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

void
tk_test_session_set_up (TkTestSession *f,
                        const char    *rules_id,
                        JsonObject    *setup,
                        int            width,
                        int            height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) default_setup = NULL;
  g_autofree char *path = NULL;
  const TkRules *rules;

  f->dir = g_dir_make_tmp ("tk-session-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  rules = tk_rules_lookup (rules_id);
  g_assert_nonnull (rules);
  if (setup == NULL)
    setup = default_setup = rules->default_setup (2);
  f->session = tk_session_start (f->store, rules->id, 0, "Table", setup, &error);
  g_assert_no_error (error);

  tk_test_load_app_style ();
  f->view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (f->view), f->session);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, width, height);
  adw_window_set_content (ADW_WINDOW (f->window), f->view);
  gtk_window_present (f->window);
  tk_test_settle ();
}

void
tk_test_session_tear_down (TkTestSession *f)
{
  if (f->window != NULL)
    gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  g_clear_object (&f->store);
  tk_test_remove_tree (f->dir);
  g_clear_pointer (&f->dir, g_free);
}

void
tk_test_fixture_set_up_with_catalog (TkTestFixture *fixture,
                                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;

  tk_test_fixture_set_up (fixture, data);
  store = tk_store_open (fixture->db_path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (store, NULL, &error));
  tk_store_close (store);
}
