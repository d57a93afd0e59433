/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-preferences-window.c — Preferences.
 *
 * Appearance: the style (follow the system, light or dark), bound to the color-scheme key;
 * TkApplication applies it.  Library: the path of the library file, selectable, a button
 * that opens its folder in the file manager, and Open… / New… to switch to another library
 * file (chosen here, switched by TkApplication on ::library-chosen, which lets the old one go
 * only once the new one is open).  Sync: TkSyncPreferences over the app's TkSyncService, and
 * under it TkSyncOffersGroup (players and own games that may be one, after a join).
 */
#define G_LOG_DOMAIN "tk-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-preferences-window.h"
#include "tk-sync-offers-group.h"
#include "tk-sync-preferences.h"

struct _TkPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings           *settings;
  char                *library_path;
  GtkFileChooserNative *chooser;

  AdwComboRow         *style_row;
  GtkSwitch           *clock_sound_switch;
  GtkLabel            *path_label;
  TkSyncPreferences   *sync_group;
  TkSyncOffersGroup   *offers_group;
};

enum
{
  PROP_0,
  PROP_LIBRARY_PATH,
  N_PROPS
};

enum
{
  LIBRARY_CHOSEN,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkPreferencesWindow, tk_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The nicks of the ColorScheme enum in the schema, in the order of the style row. */
static const char *const color_schemes[] = { "default", "light", "dark" };

static gboolean
color_scheme_to_selected (GValue   *value,
                          GVariant *variant,
                          gpointer  user_data)
{
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (color_schemes); i++)
    if (g_str_equal (nick, color_schemes[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_color_scheme (const GValue       *value,
                          const GVariantType *expected_type,
                          gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  if (selected >= G_N_ELEMENTS (color_schemes))
    return NULL;
  return g_variant_new_string (color_schemes[selected]);
}

static void
on_show_folder_done (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(TkPreferencesWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    {
      g_autofree char *title = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_warning ("Could not open the library folder: %s", error->message);
      /* Toast titles are markup. */
      title = g_markup_printf_escaped (_("Could not open the folder: %s"), error->message);
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (title));
      g_clear_pointer (&title, g_free);
      title = g_strdup_printf (_("Could not open the folder: %s"), error->message);
      tk_accessible_announce (GTK_WIDGET (self), title);
    }
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkPreferencesWindow *self = TK_PREFERENCES_WINDOW (widget);
  g_autofree char *folder = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(GFile) file = NULL;

  if (self->library_path == NULL)
    return;

  folder = g_path_get_dirname (self->library_path);
  file = g_file_new_for_path (folder);
  uri = g_file_get_uri (file);
  gtk_show_uri_full (GTK_WINDOW (self), uri, GDK_CURRENT_TIME, NULL,
                     on_show_folder_done, g_object_ref (self));
}

static void
on_library_chooser_response (GtkNativeDialog     *chooser,
                             int                  response,
                             TkPreferencesWindow *self)
{
  g_autoptr(GFile) file = NULL;
  gboolean create = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "create"));

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file != NULL)
    tk_preferences_window_choose_library (self, file, create);
}

static void
library_chooser (TkPreferencesWindow *self,
                 gboolean             create)
{
  g_autoptr(GtkFileFilter) libraries = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (create ? _("New Library") : _("Open Library"),
                                               GTK_WINDOW (self),
                                               create ? GTK_FILE_CHOOSER_ACTION_SAVE
                                                      : GTK_FILE_CHOOSER_ACTION_OPEN,
                                               create ? _("_Create") : _("_Open"),
                                               _("_Cancel"));
  g_object_set_data (G_OBJECT (self->chooser), "create", GINT_TO_POINTER (create));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (libraries, _("Tablekeeper Libraries"));
  gtk_file_filter_add_pattern (libraries, "*.db");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), libraries);
  if (create)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), "library.db");
  else
    {
      gtk_file_filter_set_name (all, _("All Files"));
      gtk_file_filter_add_pattern (all, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
    }
  if (self->library_path != NULL)
    {
      g_autofree char *folder = g_path_get_dirname (self->library_path);
      g_autoptr(GFile) dir = g_file_new_for_path (folder);

      if (g_file_query_exists (dir, NULL))
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), dir, NULL);
    }
  g_signal_connect_object (self->chooser, "response",
                           G_CALLBACK (on_library_chooser_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
open_library_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  library_chooser (TK_PREFERENCES_WINDOW (widget), FALSE);
}

static void
new_library_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  library_chooser (TK_PREFERENCES_WINDOW (widget), TRUE);
}

static void
tk_preferences_window_dispose (GObject *object)
{
  TkPreferencesWindow *self = TK_PREFERENCES_WINDOW (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (tk_preferences_window_parent_class)->dispose (object);
}

static void
tk_preferences_window_finalize (GObject *object)
{
  TkPreferencesWindow *self = TK_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->library_path, g_free);

  G_OBJECT_CLASS (tk_preferences_window_parent_class)->finalize (object);
}

static void
tk_preferences_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  TkPreferencesWindow *self = TK_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY_PATH:
      g_value_set_string (value, self->library_path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  TkPreferencesWindow *self = TK_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LIBRARY_PATH:
      tk_preferences_window_set_library_path (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_preferences_window_class_init (TkPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_preferences_window_dispose;
  object_class->finalize = tk_preferences_window_finalize;
  object_class->get_property = tk_preferences_window_get_property;
  object_class->set_property = tk_preferences_window_set_property;

  /**
   * TkPreferencesWindow:library-path:
   *
   * The library file in use (or asked for), shown in the Library group.
   */
  properties[PROP_LIBRARY_PATH] =
    g_param_spec_string ("library-path", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TkPreferencesWindow::library-chosen:
   * @path: the file the user chose
   * @create: whether a new library is to be made there (New…) or one opened (Open…)
   *
   * The user asked to switch to another library file.
   */
  signals[LIBRARY_CHOSEN] = g_signal_new ("library-chosen", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);

  g_type_ensure (TK_TYPE_SYNC_PREFERENCES);
  g_type_ensure (TK_TYPE_SYNC_OFFERS_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TkPreferencesWindow, sync_group);
  gtk_widget_class_bind_template_child (widget_class, TkPreferencesWindow, offers_group);
  gtk_widget_class_bind_template_child (widget_class, TkPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, TkPreferencesWindow, clock_sound_switch);
  gtk_widget_class_bind_template_child (widget_class, TkPreferencesWindow, path_label);

  gtk_widget_class_install_action (widget_class, "prefs.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "prefs.open-library", NULL, open_library_action);
  gtk_widget_class_install_action (widget_class, "prefs.new-library", NULL, new_library_action);
}

static void
tk_preferences_window_init (TkPreferencesWindow *self)
{
  GtkWidget *content;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* libadwaita 1.2 asks 360 px for the window's content (its leaflet's width-request); with
   * the window's borders that is wider than a phone's screen.  The pages are narrower. */
  content = adw_window_get_content (ADW_WINDOW (self));
  if (ADW_IS_TOAST_OVERLAY (content))
    content = adw_toast_overlay_get_child (ADW_TOAST_OVERLAY (content));
  if (ADW_IS_LEAFLET (content))
    gtk_widget_set_size_request (content, -1, -1);

  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "color-scheme",
                                self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                color_scheme_to_selected, selected_to_color_scheme,
                                NULL, NULL);
  g_settings_bind (self->settings, "clock-sound", self->clock_sound_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);

  gtk_label_set_text (self->path_label, _("No library is open"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "prefs.open-folder", FALSE);
}

/**
 * tk_preferences_window_new:
 * @parent: (nullable): the main window
 * @library_path: (nullable): the library file in use
 *
 * Returns: (transfer floating): a new preferences window, not yet shown
 */
GtkWidget *
tk_preferences_window_new (GtkWindow  *parent,
                           const char *library_path)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (TK_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "library-path", library_path,
                       NULL);
}

const char *
tk_preferences_window_get_library_path (TkPreferencesWindow *self)
{
  g_return_val_if_fail (TK_IS_PREFERENCES_WINDOW (self), NULL);

  return self->library_path;
}

void
tk_preferences_window_set_library_path (TkPreferencesWindow *self,
                                        const char          *library_path)
{
  g_autofree char *display = NULL;

  g_return_if_fail (TK_IS_PREFERENCES_WINDOW (self));

  if (g_strcmp0 (self->library_path, library_path) == 0)
    return;

  g_free (self->library_path);
  self->library_path = g_strdup (library_path);

  /* File names need not be UTF-8; the label shows what it can and stays plain text. */
  display = library_path != NULL ? g_filename_display_name (library_path) : NULL;
  gtk_label_set_text (self->path_label, display != NULL ? display : _("No library is open"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "prefs.open-folder", library_path != NULL);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIBRARY_PATH]);
}

void
tk_preferences_window_choose_library (TkPreferencesWindow *self,
                                      GFile               *file,
                                      gboolean             create)
{
  g_autofree char *path = NULL;

  g_return_if_fail (TK_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      tk_preferences_window_show_message (self, _("The library must be a file on this computer."));
      return;
    }
  g_signal_emit (self, signals[LIBRARY_CHOSEN], 0, path, create);
}

void
tk_preferences_window_show_message (TkPreferencesWindow *self,
                                    const char          *text)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (TK_IS_PREFERENCES_WINDOW (self));

  /* Toast titles are markup; the text may name a file. */
  escaped = g_markup_escape_text (text, -1);
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (escaped));
  tk_accessible_announce (GTK_WIDGET (self), text);
}

GtkFileChooser *
tk_preferences_window_get_chooser (TkPreferencesWindow *self)
{
  g_return_val_if_fail (TK_IS_PREFERENCES_WINDOW (self), NULL);

  return self->chooser != NULL ? GTK_FILE_CHOOSER (self->chooser) : NULL;
}

void
tk_preferences_window_set_sync_service (TkPreferencesWindow *self,
                                        TkSyncService       *service)
{
  g_return_if_fail (TK_IS_PREFERENCES_WINDOW (self));

  tk_sync_preferences_set_service (self->sync_group, service);
  tk_sync_offers_group_set_service (self->offers_group, service);
}

TkSyncPreferences *
tk_preferences_window_get_sync_preferences (TkPreferencesWindow *self)
{
  g_return_val_if_fail (TK_IS_PREFERENCES_WINDOW (self), NULL);

  return self->sync_group;
}
