/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-application.c — the application.
 *
 * Decides which library file to open (--db, else the library-path setting, else the
 * default file in the user data folder), opens it and hands it to the main window.  When
 * it cannot be opened, the window shows why in place of its pages, once, with the ways on
 * that fit the reason (TkLibraryProblem): a busy library is tried again by itself and on
 * Try Again, a read-only one can be opened read-only or copied, and only a file that
 * cannot be read at all may be set aside (never deleted) for a new library.
 *
 * Benchmark hook: with TK_BENCH_T0_US set to a g_get_monotonic_time() value taken by the
 * parent before spawning, the first painted frame of the main window prints
 * "first-frame-us <elapsed>" on stdout and quits.
 *
 * This part: the object, the style, the first frame, startup and activation, the app's
 * actions and the public API; opening the library and its ways out are in
 * tk-application-library.c (shared parts in tk-application-private.h).
 */
#define G_LOG_DOMAIN "tk-application"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tk-application-private.h"
#include "tk-application.h"
#include "tk-accessible.h"
#include "tk-catalog.h"
#include "tk-library-problem.h"
#include "tk-preferences-window.h"
#include "tk-window.h"

enum
{
  PROP_0,
  PROP_STORE,
  PROP_LIBRARY_PATH,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkApplication, tk_application, ADW_TYPE_APPLICATION)

static GParamSpec *properties[N_PROPS];

static void
catalog_loaded_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(TkApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  if (tk_catalog_ensure_finish (TK_STORE (source), result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* With its window gone the app is going away, and its library may be going with it (a
   * test's folder removed under a load still running): nobody to tell. */
  if (self->window == NULL)
    {
      g_debug ("Catalog load ended without a window: %s", error->message);
      return;
    }
  g_warning ("Could not load the catalog of games: %s", error->message);
  tk_window_add_toast (self->window, adw_toast_new (_("Could not load the catalog of games")));
}

static gboolean
load_catalog_idle (gpointer user_data)
{
  TkApplication *self = user_data;

  self->catalog_idle_id = 0;
  if (self->store != NULL)
    tk_catalog_ensure_async (self->store, self->catalog_cancellable, catalog_loaded_cb,
                             g_object_ref (self));
  return G_SOURCE_REMOVE;
}

/* Every page searches the catalog (New Session's game, History's filter, Discover), so a
 * new library gets it at once, not when Collection is first opened.  It is loaded in a
 * worker once the first frame is drawn (an idle below the frame clock's priority). */
static void
schedule_catalog_load (TkApplication *self)
{
  g_cancellable_cancel (self->catalog_cancellable);
  g_clear_object (&self->catalog_cancellable);
  g_clear_handle_id (&self->catalog_idle_id, g_source_remove);
  if (self->store == NULL)
    return;
  if (tk_catalog_get_loaded_version (self->store) >= tk_catalog_get_bundled_version ())
    return;
  self->catalog_cancellable = g_cancellable_new ();
  self->catalog_idle_id = g_idle_add_full (G_PRIORITY_LOW, load_catalog_idle, self, NULL);
}

void
_tk_application_set_store (TkApplication *self,
                           TkStore       *store)
{
  if (g_set_object (&self->store, store))
    {
      schedule_catalog_load (self);
      tk_sync_service_set_store (self->sync, store);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
    }
  _tk_application_update_library_actions (self);
}

void
_tk_application_set_library_path (TkApplication *self,
                                  const char    *path)
{
  char *copy;

  if (g_strcmp0 (self->library_path, path) == 0)
    return;

  copy = g_strdup (path);
  g_free (self->library_path);
  self->library_path = copy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY_PATH]);
}

static char *
resolve_library_path (TkApplication *self)
{
  g_autofree char *setting = NULL;

  if (self->library_path != NULL)
    return g_strdup (self->library_path);

  setting = g_settings_get_string (self->settings, "library-path");
  if (setting[0] != '\0')
    return g_canonicalize_filename (setting, NULL);

  return tk_store_default_path ();
}

static void
apply_color_scheme (TkApplication *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();
  AdwColorScheme scheme;

  /* Values of the ColorScheme enum in the schema. */
  switch (g_settings_get_enum (self->settings, "color-scheme"))
    {
    case 1:
      scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
      break;

    case 2:
      scheme = ADW_COLOR_SCHEME_FORCE_DARK;
      break;

    default:
      scheme = ADW_COLOR_SCHEME_DEFAULT;
      break;
    }

  adw_style_manager_set_color_scheme (style_manager, scheme);
}

static void
on_first_frame_painted (GdkFrameClock *clock,
                        TkApplication *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_frame_painted, self);

  g_print ("first-frame-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time () - self->bench_t0);
  fflush (stdout);

  g_application_quit (G_APPLICATION (self));
}

static void
on_main_window_realize (GtkWidget     *window,
                        TkApplication *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint",
                           G_CALLBACK (on_first_frame_painted), self, 0);
}

static void
watch_first_frame (TkApplication *self,
                   GtkWidget     *window)
{
  const char *t0 = g_getenv ("TK_BENCH_T0_US");

  if (t0 == NULL)
    return;
  if (!g_ascii_string_to_signed (t0, 10, 1, G_MAXINT64, &self->bench_t0, NULL))
    {
      g_warning ("TK_BENCH_T0_US is not a time in microseconds: “%s”", t0);
      return;
    }

  g_signal_connect_object (window, "realize", G_CALLBACK (on_main_window_realize), self, 0);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  TkApplication *self = user_data;
  GList *windows = g_list_copy_deep (gtk_application_get_windows (GTK_APPLICATION (self)),
                                     (GCopyFunc) g_object_ref, NULL);

  /* Closing (rather than destroying) lets each window save its state. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);

  g_application_quit (G_APPLICATION (self));
}

static void
on_library_chosen (TkPreferencesWindow *preferences,
                   const char          *path,
                   gboolean             create,
                   TkApplication       *self)
{
  g_autoptr(GError) error = NULL;

  if (!tk_application_switch_library (self, path, create, &error))
    {
      _tk_application_library_refused (self, preferences, path, error);
      return;
    }
  _tk_application_library_switched (self, preferences, create);
}

/* A pass brought changes from another device: what shows the library reads it again. */
static void
on_sync_library_changed (TkSyncService *sync,
                         TkApplication *self)
{
  if (self->store == NULL)
    return;
  tk_store_notify_games_changed (self->store, 0);
  if (self->window != NULL)
    tk_window_reload_pages (self->window);
}

/* Sync when the main window gets the focus: the user comes back to it. */
static void
on_window_active_changed (GtkWindow     *window,
                          GParamSpec    *pspec,
                          TkApplication *self)
{
  if (gtk_window_is_active (window))
    tk_sync_service_request (self->sync, 0);
}

static GtkWidget *
new_preferences (TkApplication *self)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkWidget *preferences = tk_preferences_window_new (parent, self->library_path);

  g_signal_connect_object (preferences, "library-chosen", G_CALLBACK (on_library_chosen), self, 0);
  tk_preferences_window_set_sync_service (TK_PREFERENCES_WINDOW (preferences), self->sync);
  return preferences;
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_preferences (user_data)));
}

/* A debugging aid for the README's screenshots of Preferences → Sync, taken by a script that
 * cannot press keys in the app and saves the first window it sees: TK_DEBUG_SHOW=preferences
 * shows Preferences in place of the window, which comes up when Preferences is closed. */
static GtkWidget *
preferences_for_screenshot (TkApplication *self)
{
  GtkWidget *preferences;

  if (g_strcmp0 (g_getenv ("TK_DEBUG_SHOW"), "preferences") != 0)
    return NULL;
  preferences = new_preferences (self);
  g_signal_connect_object (preferences, "destroy", G_CALLBACK (gtk_window_present),
                           self->window, G_CONNECT_SWAPPED);
  return preferences;
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  TkApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  const char *developers[] = { _("The Tablekeeper developers"), NULL };
  const char *sources[] = { "BoardGameGeek https://boardgamegeek.com/", NULL };
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());

  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);

  adw_about_window_set_application_name (about, _("Tablekeeper"));
  adw_about_window_set_application_icon (about, APP_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_developer_name (about, _("The Tablekeeper developers"));
  adw_about_window_set_comments (about, _("Keep the books of a board-game table: sessions, "
                                          "scores, your collection and the plays in it."));
  adw_about_window_set_copyright (about, _("© The Tablekeeper developers"));
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_website (about, "https://github.com/tablekeeper/tablekeeper");
  adw_about_window_set_issue_url (about, "https://github.com/tablekeeper/tablekeeper/issues");
  adw_about_window_set_developers (about, developers);
  /* Translators: put your names here, one per line, e.g. "Name <email>" or "Name https://…" */
  adw_about_window_set_translator_credits (about, _("translator-credits"));
  adw_about_window_add_acknowledgement_section (about, _("Game Facts From"), sources);
  adw_about_window_add_legal_section (about, _("Game Catalog"), NULL, GTK_LICENSE_CUSTOM,
                                      _("Game facts in the bundled catalog come from "
                                        "BoardGameGeek (boardgamegeek.com), via the "
                                        "MIT-licensed gamefinder dataset."));

  gtk_window_present (GTK_WINDOW (about));
}

static gboolean
schema_is_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  return schema != NULL;
}

/* Loads gdk-pixbuf's SVG loader (and librsvg with it) by decoding a tiny SVG. */
static void
warm_svg_loader (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  static const char svg[] = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>";
  g_autoptr(GdkPixbufLoader) loader = gdk_pixbuf_loader_new_with_type ("svg", NULL);

  if (loader != NULL && gdk_pixbuf_loader_write (loader, (const guchar *) svg, strlen (svg), NULL))
    gdk_pixbuf_loader_close (loader, NULL);
}

/* Reads the icon themes' index files and caches (GtkIconTheme does that on its first lookup,
 * under its own lock, which is what lets another thread do it). */
static void
warm_icon_theme (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  gtk_icon_theme_has_icon (GTK_ICON_THEME (task_data), "open-menu-symbolic");
}

static int
tk_application_handle_local_options (GApplication *application,
                                     GVariantDict *options)
{
  TkApplication *self = TK_APPLICATION (application);
  const char *db = NULL;

  /* GSettings aborts on a missing schema; explain instead (usually: running uninstalled). */
  if (!schema_is_installed ())
    {
      g_printerr (_("The settings schema %s is not installed. To run Tablekeeper from the "
                    "build folder, set GSETTINGS_SCHEMA_DIR to the folder with the compiled "
                    "schema (use “meson devenv”).\n"),
                  APP_ID);
      return EXIT_FAILURE;
    }

  if (g_variant_dict_lookup (options, "db", "^&ay", &db))
    tk_application_set_library_path (self, db);

  return G_APPLICATION_CLASS (tk_application_parent_class)->handle_local_options (application,
                                                                                  options);
}

static void
tk_application_startup (GApplication *application)
{
  TkApplication *self = TK_APPLICATION (application);
  static const GActionEntry actions[] = {
    { "quit", quit_activated },
    { "preferences", preferences_activated },
    { "about", about_activated },
  };

  /* The first frame has text, and fontconfig's set-up (FcInit, some 7-14 ms here) is part
   * of its cost.  Creating the default font map now (the same one GTK would create at the
   * first text layout) makes Pango run FcInit in a thread while GTK initialises. */
  pango_cairo_font_map_get_default ();

  /* Likewise, the first page's empty state has a large symbolic icon that GTK renders from
   * SVG, and loading the SVG loader (librsvg) costs several milliseconds: load it in a
   * thread now rather than on the main thread at the first frame. */
  {
    g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);

    g_task_run_in_thread (task, warm_svg_loader);
  }

  G_APPLICATION_CLASS (tk_application_parent_class)->startup (application);
  tk_accessible_install_name_fixes ();

  /* The first frame's header bar and page have themed icons, and the first lookup reads the
   * icon themes' index files and directories (Adwaita's and hicolor's: 19-49 ms here on a
   * 2-core machine under load, as much CPU as building and laying out the whole Collection
   * page).  The theme belongs to the display, which exists from here on; a thread does that
   * reading while the window is built. */
  {
    g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);
    GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());

    g_task_set_task_data (task, g_object_ref (theme), g_object_unref);
    g_task_run_in_thread (task, warm_icon_theme);
  }

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::color-scheme",
                           G_CALLBACK (apply_color_scheme), self, G_CONNECT_SWAPPED);
  apply_color_scheme (self);

  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  _tk_application_library_actions_init (self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit",
                                         (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences",
                                         (const char *[]) { "<Control>comma", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-shortcuts",
                                         (const char *[]) { "<Control>question", NULL });
}

static void
tk_application_activate (GApplication *application)
{
  TkApplication *self = TK_APPLICATION (application);
  g_autofree char *path = NULL;
  GtkWidget *preferences = NULL;

  if (self->window == NULL)
    {
      self->window = tk_window_new (GTK_APPLICATION (self));
      g_object_add_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
      g_object_bind_property (self, "store", self->window, "store", G_BINDING_SYNC_CREATE);
      g_signal_connect_object (self->window, "notify::is-active",
                               G_CALLBACK (on_window_active_changed), self, 0);
      watch_first_frame (self, GTK_WIDGET (self->window));
    }

  if (self->store == NULL && self->library_error == NULL && self->chooser == NULL &&
      self->copy_chooser == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TkStore) store = NULL;

      /* Open the library before the window first shows, so that its first styling and
       * layout are those of the open library (without one the pages are greyed out), not
       * redone a moment later.  When it cannot be opened, the window says why. */
      path = resolve_library_path (self);
      _tk_application_set_library_path (self, path);
      self->retries_left = AUTO_RETRIES;
      store = tk_store_open_full (path, TK_STORE_OPEN_DEFAULT, OPEN_BUSY_TIMEOUT_MS, &error);
      if (store != NULL)
        {
          _tk_application_set_store (self, store);
          preferences = preferences_for_screenshot (self);
        }

      gtk_window_present (preferences != NULL ? GTK_WINDOW (preferences)
                                              : GTK_WINDOW (self->window));

      if (store == NULL)
        _tk_application_library_open_failed (self, path, TK_STORE_OPEN_DEFAULT, error);
      else
        _tk_application_tell_if_made_from_empty (self, store);
      return;
    }

  gtk_window_present (GTK_WINDOW (self->window));
}

static void
tk_application_dispose (GObject *object)
{
  TkApplication *self = TK_APPLICATION (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  if (self->copy_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->copy_chooser));
  g_clear_object (&self->copy_chooser);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_handle_id (&self->catalog_idle_id, g_source_remove);
  g_cancellable_cancel (self->catalog_cancellable);
  g_clear_object (&self->catalog_cancellable);
  g_clear_error (&self->library_error);
  g_clear_weak_pointer (&self->window);
  if (self->sync != NULL)
    tk_sync_service_set_store (self->sync, NULL);
  g_clear_object (&self->sync);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tk_application_parent_class)->dispose (object);
}

static void
tk_application_finalize (GObject *object)
{
  TkApplication *self = TK_APPLICATION (object);

  g_clear_pointer (&self->library_path, g_free);

  G_OBJECT_CLASS (tk_application_parent_class)->finalize (object);
}

static void
tk_application_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TkApplication *self = TK_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_LIBRARY_PATH:
      g_value_set_string (value, self->library_path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_application_class_init (TkApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = tk_application_dispose;
  object_class->finalize = tk_application_finalize;
  object_class->get_property = tk_application_get_property;

  application_class->handle_local_options = tk_application_handle_local_options;
  application_class->startup = tk_application_startup;
  application_class->activate = tk_application_activate;

  /**
   * TkApplication:store:
   *
   * The open library, or %NULL before it is opened or while it cannot be.
   */
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * TkApplication:library-path:
   *
   * The library file in use, or the one that could not be opened.
   */
  properties[PROP_LIBRARY_PATH] =
    g_param_spec_string ("library-path", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_application_init (TkApplication *self)
{
  const GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, NULL,
      N_("Use the library file PATH instead of the default one"), N_("PATH") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  self->sync = tk_sync_service_new ();
  g_signal_connect_object (self->sync, "library-changed", G_CALLBACK (on_sync_library_changed),
                           self, 0);
}

TkApplication *
tk_application_new (void)
{
  return g_object_new (TK_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       NULL);
}

/**
 * tk_application_get_store:
 * @self: the application
 *
 * Returns: (transfer none) (nullable): the open library
 */
TkStore *
tk_application_get_store (TkApplication *self)
{
  g_return_val_if_fail (TK_IS_APPLICATION (self), NULL);

  return self->store;
}

/**
 * tk_application_get_library_path:
 * @self: the application
 *
 * Returns: (nullable): the library file in use or asked for; %NULL before activation
 *   unless tk_application_set_library_path() was called
 */
const char *
tk_application_get_library_path (TkApplication *self)
{
  g_return_val_if_fail (TK_IS_APPLICATION (self), NULL);

  return self->library_path;
}

/**
 * tk_application_set_library_path:
 * @self: the application
 * @path: the library file to open
 *
 * What --db does: use @path instead of the configured library.  Call it before the
 * application is registered; such an instance does not hand over to a running one.
 */
void
tk_application_set_library_path (TkApplication *self,
                                 const char    *path)
{
  g_autofree char *absolute = NULL;

  g_return_if_fail (TK_IS_APPLICATION (self));
  g_return_if_fail (path != NULL);
  g_return_if_fail (self->store == NULL);

  absolute = g_canonicalize_filename (path, NULL);
  _tk_application_set_library_path (self, absolute);
  self->library_path_given = TRUE;

  /* Another library means another instance, even if Tablekeeper is already running. */
  if (!g_application_get_is_registered (G_APPLICATION (self)))
    g_application_set_flags (G_APPLICATION (self),
                             g_application_get_flags (G_APPLICATION (self))
                             | G_APPLICATION_NON_UNIQUE);
}

/**
 * tk_application_get_sync_service:
 * @self: the application
 *
 * Returns: (transfer none): what syncs the library in use through its folder
 */
TkSyncService *
tk_application_get_sync_service (TkApplication *self)
{
  g_return_val_if_fail (TK_IS_APPLICATION (self), NULL);

  return self->sync;
}

/**
 * tk_application_get_main_window:
 * @self: the application
 *
 * Returns: (transfer none) (nullable): the main window, once activated
 */
GtkWindow *
tk_application_get_main_window (TkApplication *self)
{
  g_return_val_if_fail (TK_IS_APPLICATION (self), NULL);

  return GTK_WINDOW (self->window);
}

/**
 * tk_application_switch_library:
 * @path: the library file to use from now on
 * @create: %TRUE to start a new, empty library at @path (which must not exist yet),
 *   %FALSE to open the existing library file @path
 *
 * Switches the app to another library file.  The new file is opened first; only when that
 * worked do the windows move over and let the old library go, which closes it (every change
 * in it was committed already; closing checkpoints its journal).  On failure nothing changes: the
 * current library stays open and no file is written or created.
 *
 * Returns: %FALSE with @error when the file cannot be used
 */
gboolean
tk_application_switch_library (TkApplication  *self,
                               const char     *path,
                               gboolean        create,
                               GError        **error)
{
  return _tk_application_switch_library (self, path, create, TK_STORE_OPEN_DEFAULT, error);
}

gboolean
_tk_application_switch_library (TkApplication    *self,
                                const char       *path,
                                gboolean          create,
                                TkStoreOpenFlags  flags,
                                GError          **error)
{
  g_autofree char *canonical = NULL;
  g_autofree char *display = NULL;
  g_autoptr(TkStore) store = NULL;
  TkStore *old;

  g_return_val_if_fail (TK_IS_APPLICATION (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  canonical = g_canonicalize_filename (path, NULL);
  display = g_filename_display_name (canonical);
  if (self->store != NULL && g_strcmp0 (canonical, tk_store_get_path (self->store)) == 0)
    return TRUE;
  if (create && g_file_test (canonical, G_FILE_TEST_EXISTS))
    {
      /* Never written over: a file there may be someone's library. */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("“%s” already exists; choose Open Another Library to use it, or another name."),
                   display);
      return FALSE;
    }
  if (!create && !g_file_test (canonical, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("There is no library file “%s”."), display);
      return FALSE;
    }

  store = tk_store_open_full (canonical, flags, OPEN_BUSY_TIMEOUT_MS, error);
  if (store == NULL)
    return FALSE;

  old = self->store;
  if (old != NULL)
    g_object_add_weak_pointer (G_OBJECT (old), (gpointer *) &old);
  _tk_application_set_library_path (self, canonical);
  if (!self->library_path_given)
    g_settings_set_string (self->settings, "library-path", canonical);
  /* The windows and pages take the new library and let the old one go; the last of them
   * closes it (its finalize checkpoints the journal).  It is not closed under whatever
   * still holds it (an Undo toast, a dialog): that would fail there instead. */
  _tk_application_set_store (self, store);
  if (old != NULL)
    {
      g_debug ("The previous library is still in use; it closes when it is let go");
      g_object_remove_weak_pointer (G_OBJECT (old), (gpointer *) &old);
    }
  return TRUE;
}
