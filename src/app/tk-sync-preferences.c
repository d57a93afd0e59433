/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-preferences.c — Preferences → Sync (tk-sync-preferences.h).
 *
 * The rows follow the TkSyncService: the folder (chosen with GtkFileChooserNative, the
 * portal's chooser in a Flatpak), this device's name, the last pass (when, or why it could
 * not run) with Sync Now, one row per device of the folder saying how current this library
 * is with it (and when it last wrote), one per file that could not be read with the reason,
 * a warning when a device's clock is far ahead, "Changed on Another Device" with how many
 * things it offers back (a subpage, TkSyncKeptPage), and Stop Syncing.  A library file
 * inside a synced folder is refused when the folder is chosen and at start, with the reason
 * in its own row.
 */
#define G_LOG_DOMAIN "tk-sync-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-display-date.h"
#include "tk-sync-kept-page.h"
#include "tk-sync-preferences.h"

struct _TkSyncPreferences
{
  AdwPreferencesGroup   parent_instance;

  TkSyncService        *service;
  GtkFileChooserNative *chooser;
  GPtrArray            *result_rows;   /* the devices' and skipped files' rows */
  char                 *refusal;       /* why the folder chosen was refused */

  AdwActionRow         *folder_row;
  AdwActionRow         *refused_row;
  AdwEntryRow          *name_row;
  AdwActionRow         *status_row;
  AdwActionRow         *warning_row;
  AdwActionRow         *kept_row;
  AdwActionRow         *stop_row;
};

G_DEFINE_FINAL_TYPE (TkSyncPreferences, tk_sync_preferences, ADW_TYPE_PREFERENCES_GROUP)

static GtkWidget *
result_row (const char *title,
            const char *subtitle,
            const char *name)
{
  GtkWidget *row = adw_action_row_new ();

  /* Names come from other devices and file names from the folder: plain text. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 4);
  gtk_widget_set_name (row, name);
  return row;
}

/* When a device last wrote, roughly: "just now", "5 minutes ago", "3 hours ago", else a
 * date and time. */
static char *
time_ago (gint64 when_us)
{
  gint64 minutes = (g_get_real_time () - when_us) / G_TIME_SPAN_MINUTE;

  if (minutes < 1)
    return g_strdup (_("just now"));
  if (minutes < 60)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d minute ago", "%d minutes ago",
                                         (gulong) minutes), (int) minutes);
  if (minutes < 24 * 60)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hour ago", "%d hours ago",
                                         (gulong) (minutes / 60)), (int) (minutes / 60));
  {
    g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (when_us / G_USEC_PER_SEC);

    return date != NULL ? tk_display_date_time (date) : g_strdup ("");
  }
}

static char *
device_subtitle (const TkSyncDevice *device)
{
  g_autofree char *state = NULL;
  g_autofree char *ago = NULL;

  if (device->this_device)
    return g_strdup (_("This device"));
  if (device->folded >= device->available)
    state = g_strdup (_("Up to date"));
  else
    state = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u change not read yet",
                                          "%u changes not read yet",
                                          (gulong) (device->available - device->folded)),
                             (guint) MIN (device->available - device->folded, G_MAXUINT));
  if (device->last_seen_us <= 0)
    return g_steal_pointer (&state);
  ago = time_ago (device->last_seen_us);
  /* Translators: how current this library is with a device, and when that device last
   * wrote its changes, e.g. "Up to date, last change 5 minutes ago". */
  return g_strdup_printf (_("%s, last change %s"), state, ago);
}

static void
update_results (TkSyncPreferences *self)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (self);
  GPtrArray *devices = self->service != NULL ? tk_sync_service_get_devices (self->service) : NULL;
  GPtrArray *skipped = self->service != NULL ? tk_sync_service_get_skipped (self->service) : NULL;
  g_autoptr(AdwActionRow) stop = g_object_ref (self->stop_row);

  for (guint i = 0; i < self->result_rows->len; i++)
    adw_preferences_group_remove (group, self->result_rows->pdata[i]);
  g_ptr_array_set_size (self->result_rows, 0);

  /* The new rows go before Stop Syncing, which stays last. */
  adw_preferences_group_remove (group, GTK_WIDGET (stop));
  for (guint i = 0; devices != NULL && i < devices->len; i++)
    {
      const TkSyncDevice *device = devices->pdata[i];
      g_autofree char *subtitle = device_subtitle (device);
      GtkWidget *row = result_row (device->name[0] != '\0' ? device->name : _("Unnamed device"),
                                   subtitle, "sync-device");

      adw_preferences_group_add (group, row);
      g_ptr_array_add (self->result_rows, row);
    }
  for (guint i = 0; skipped != NULL && i < skipped->len; i++)
    {
      const TkSyncSkippedFile *file = skipped->pdata[i];
      g_autofree char *title = g_strdup_printf (_("Not read: %s"), file->path);
      GtkWidget *row = result_row (title, file->reason, "sync-skipped");

      adw_preferences_group_add (group, row);
      g_ptr_array_add (self->result_rows, row);
    }
  adw_preferences_group_add (group, GTK_WIDGET (stop));
}

static void
update_kept (TkSyncPreferences *self)
{
  GFile *folder = self->service != NULL ? tk_sync_service_get_folder (self->service) : NULL;
  guint n = self->service != NULL
              ? g_list_model_get_n_items (tk_sync_service_get_kept (self->service)) : 0;
  g_autofree char *subtitle = NULL;

  if (n == 0)
    subtitle = g_strdup (_("Nothing to bring back"));
  else
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u change you can bring back",
                                             "%u changes you can bring back", n), n);
  adw_action_row_set_subtitle (self->kept_row, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->kept_row), folder != NULL || n > 0);
}

static void
update_status (TkSyncPreferences *self)
{
  const char *error = self->service != NULL ? tk_sync_service_get_error (self->service) : NULL;
  GFile *folder = self->service != NULL ? tk_sync_service_get_folder (self->service) : NULL;
  gint64 last_run = self->service != NULL ? tk_sync_service_get_last_run (self->service) : 0;
  gboolean running = self->service != NULL && tk_sync_service_get_running (self->service);
  g_autofree char *subtitle = NULL;

  if (folder == NULL)
    subtitle = g_strdup (_("Not syncing"));
  else if (running)
    subtitle = g_strdup (_("Syncing…"));
  else if (error != NULL)
    subtitle = g_strdup_printf (_("Could not sync: %s"), error);
  else if (last_run == 0)
    subtitle = g_strdup (_("Not yet"));
  else
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (last_run / G_USEC_PER_SEC);
      g_autofree char *time = g_date_time_format (when, "%X");

      /* Translators: %s is a time of day, e.g. 14:05:31 */
      subtitle = g_strdup_printf (_("Today at %s"), time);
      if (g_get_real_time () - last_run > 12 * G_TIME_SPAN_HOUR)
        {
          g_free (subtitle);
          subtitle = g_date_time_format (when, "%x %X");
        }
    }
  adw_action_row_set_subtitle (self->status_row, subtitle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sync.sync-now", folder != NULL && !running);
  gtk_widget_set_visible (GTK_WIDGET (self->warning_row),
                          self->service != NULL && tk_sync_service_get_far_ahead (self->service));
}

static void
update_refused (TkSyncPreferences *self)
{
  const char *error = self->service != NULL ? tk_sync_service_get_error (self->service) : NULL;
  GFile *folder = self->service != NULL ? tk_sync_service_get_folder (self->service) : NULL;
  const char *reason = self->refusal;

  /* At start: the folder is set but the library lies in a synced folder. */
  if (reason == NULL && folder != NULL && error != NULL &&
      self->service != NULL && tk_sync_service_get_last_run (self->service) == 0 &&
      !tk_sync_service_get_running (self->service))
    reason = error;
  gtk_widget_set_visible (GTK_WIDGET (self->refused_row), reason != NULL);
  adw_action_row_set_subtitle (self->refused_row, reason != NULL ? reason : "");
}

static void
update_folder (TkSyncPreferences *self)
{
  GFile *folder = self->service != NULL ? tk_sync_service_get_folder (self->service) : NULL;
  g_autofree char *path = folder != NULL ? g_file_get_parse_name (folder) : NULL;
  g_autofree char *name = NULL;

  adw_action_row_set_subtitle (self->folder_row,
                               path != NULL ? path
                                            : _("Choose a folder to sync this library through"));
  gtk_widget_set_visible (GTK_WIDGET (self->stop_row), folder != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sync.stop", folder != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sync.choose-folder",
                                 self->service != NULL &&
                                 tk_sync_service_get_store (self->service) != NULL);
  name = self->service != NULL ? tk_sync_service_dup_device_name (self->service) : NULL;
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->name_row),
                            self->service != NULL &&
                            tk_sync_service_get_store (self->service) != NULL);
}

static void
update_all (TkSyncPreferences *self)
{
  update_folder (self);
  update_status (self);
  update_refused (self);
  update_results (self);
  update_kept (self);
}

static void
on_name_applied (AdwEntryRow       *row,
                 TkSyncPreferences *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  if (self->service != NULL &&
      !tk_sync_service_set_device_name (self->service, name, &error))
    g_warning ("Could not rename this device: %s", error->message);
}

static void
on_chooser_response (GtkNativeDialog   *chooser,
                     int                response,
                     TkSyncPreferences *self)
{
  g_autoptr(GFile) folder = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (folder != NULL)
    tk_sync_preferences_choose_folder (self, folder);
}

static void
choose_folder_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TkSyncPreferences *self = TK_SYNC_PREFERENCES (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GFile *folder = self->service != NULL ? tk_sync_service_get_folder (self->service) : NULL;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Sync Folder"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  if (folder != NULL && g_file_query_exists (folder, NULL))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_chooser_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
sync_now_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TkSyncPreferences *self = TK_SYNC_PREFERENCES (widget);

  if (self->service != NULL)
    tk_sync_service_request (self->service, 0);
}

static void
show_kept_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkSyncPreferences *self = TK_SYNC_PREFERENCES (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->service == NULL || !ADW_IS_PREFERENCES_WINDOW (root))
    return;
  adw_preferences_window_present_subpage (ADW_PREFERENCES_WINDOW (root),
                                          tk_sync_kept_page_new (self->service));
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkSyncPreferences *self = TK_SYNC_PREFERENCES (widget);
  g_autoptr(GError) error = NULL;

  if (self->service != NULL && !tk_sync_service_stop (self->service, &error))
    g_warning ("Could not stop syncing: %s", error->message);
  g_clear_pointer (&self->refusal, g_free);
  update_all (self);
}

static void
tk_sync_preferences_dispose (GObject *object)
{
  TkSyncPreferences *self = TK_SYNC_PREFERENCES (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  tk_sync_preferences_set_service (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_SYNC_PREFERENCES);

  G_OBJECT_CLASS (tk_sync_preferences_parent_class)->dispose (object);
}

static void
tk_sync_preferences_finalize (GObject *object)
{
  TkSyncPreferences *self = TK_SYNC_PREFERENCES (object);

  g_clear_pointer (&self->result_rows, g_ptr_array_unref);
  g_free (self->refusal);

  G_OBJECT_CLASS (tk_sync_preferences_parent_class)->finalize (object);
}

static void
tk_sync_preferences_class_init (TkSyncPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_sync_preferences_dispose;
  object_class->finalize = tk_sync_preferences_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-sync-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, TkSyncPreferences, folder_row);
  gtk_widget_class_bind_template_child (widget_class, TkSyncPreferences, refused_row);
  gtk_widget_class_bind_template_child (widget_class, TkSyncPreferences, name_row);
  gtk_widget_class_bind_template_child (widget_class, TkSyncPreferences, status_row);
  gtk_widget_class_bind_template_child (widget_class, TkSyncPreferences, warning_row);
  gtk_widget_class_bind_template_child (widget_class, TkSyncPreferences, kept_row);
  gtk_widget_class_bind_template_child (widget_class, TkSyncPreferences, stop_row);

  gtk_widget_class_install_action (widget_class, "sync.choose-folder", NULL,
                                   choose_folder_action);
  gtk_widget_class_install_action (widget_class, "sync.sync-now", NULL, sync_now_action);
  gtk_widget_class_install_action (widget_class, "sync.show-kept", NULL, show_kept_action);
  gtk_widget_class_install_action (widget_class, "sync.stop", NULL, stop_action);
}

static void
tk_sync_preferences_init (TkSyncPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->result_rows = g_ptr_array_new ();
  g_signal_connect_object (self->name_row, "apply", G_CALLBACK (on_name_applied), self, 0);
  update_all (self);
}

TkSyncService *
tk_sync_preferences_get_service (TkSyncPreferences *self)
{
  g_return_val_if_fail (TK_IS_SYNC_PREFERENCES (self), NULL);
  return self->service;
}

void
tk_sync_preferences_set_service (TkSyncPreferences *self,
                                 TkSyncService     *service)
{
  g_return_if_fail (TK_IS_SYNC_PREFERENCES (self));
  g_return_if_fail (service == NULL || TK_IS_SYNC_SERVICE (service));

  if (self->service == service)
    return;
  if (self->service != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_signal_handlers_disconnect_by_data (tk_sync_service_get_kept (self->service), self);
    }
  g_set_object (&self->service, service);
  if (service != NULL)
    {
      g_signal_connect_object (service, "notify::folder", G_CALLBACK (update_all), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::store", G_CALLBACK (update_all), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::running", G_CALLBACK (update_status), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::last-run", G_CALLBACK (update_status), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::error", G_CALLBACK (update_status), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::error", G_CALLBACK (update_refused), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::far-ahead", G_CALLBACK (update_status), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (service, "notify::devices", G_CALLBACK (update_results), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (tk_sync_service_get_kept (service), "items-changed",
                               G_CALLBACK (update_kept), self, G_CONNECT_SWAPPED);
    }
  update_all (self);
}

void
tk_sync_preferences_choose_folder (TkSyncPreferences *self,
                                   GFile             *folder)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (TK_IS_SYNC_PREFERENCES (self));
  g_return_if_fail (G_IS_FILE (folder));

  g_clear_pointer (&self->refusal, g_free);
  if (self->service == NULL)
    return;
  if (!tk_sync_service_set_folder (self->service, folder, &error))
    self->refusal = g_strdup (error->message);
  update_all (self);
}

GtkFileChooser *
tk_sync_preferences_get_chooser (TkSyncPreferences *self)
{
  g_return_val_if_fail (TK_IS_SYNC_PREFERENCES (self), NULL);

  return self->chooser != NULL ? GTK_FILE_CHOOSER (self->chooser) : NULL;
}
