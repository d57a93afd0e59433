/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept-page.c — "Changed on Another Device" (tk-sync-kept-page.h).
 *
 * The rows follow the service's list (a GListModel of TkSyncKeptItem, read again after each
 * pass and each restore), so a row goes when its value comes back or another device's news
 * settle it.  After Restore the keyboard focus moves to the next row's Restore (or Back when
 * none is left), not to the window.  Titles, values and device names come from the library
 * and other devices: the rows never read them as markup, and the toast escapes them.
 */
#define G_LOG_DOMAIN "tk-sync-kept-page"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-display-date.h"
#include "tk-sync-kept-page.h"
#include "tk-sync-kept-text.h"

struct _TkSyncKeptPage
{
  GtkBox          parent_instance;

  TkSyncService  *service;
  GtkSliceListModel *shown;      /* the newest MAX_ROWS of the service's list */

  GtkStack       *stack;
  GtkListBox     *list_box;
  GtkLabel       *more_label;
  GtkWidget      *back_button;
};

/* A box of rows, not a recycling list view: beyond this many, the newest are shown and the
 * rest counted (thousands of conflicts come from two different imports of one export). */
#define MAX_ROWS 200

G_DEFINE_FINAL_TYPE (TkSyncKeptPage, tk_sync_kept_page, GTK_TYPE_BOX)

/* A device as the last pass named it: "Laptop"; this device; or "another device" when the
 * folder has not been read yet. */
static char *
device_name (TkSyncKeptPage *self,
             const char     *uid)
{
  GPtrArray *devices = tk_sync_service_get_devices (self->service);

  for (guint i = 0; uid != NULL && devices != NULL && i < devices->len; i++)
    {
      const TkSyncDevice *device = devices->pdata[i];

      if (g_strcmp0 (device->uid, uid) != 0)
        continue;
      if (device->this_device)
        return g_strdup (_("this device"));
      if (device->name[0] != '\0')
        return g_strdup (device->name);
      break;
    }
  return g_strdup (_("another device"));
}

static char *
when_text (gint64 time_ms)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (time_ms / 1000);

  return when != NULL ? tk_display_date_time (when) : g_strdup ("");
}

static char *
row_subtitle (TkSyncKeptPage *self,
              TkSyncKeptItem *item)
{
  const char *field = tk_sync_kept_item_get_field (item);
  g_autofree char *device = device_name (self, tk_sync_kept_item_get_device_uid (item));
  g_autofree char *when = when_text (tk_sync_kept_item_get_time_ms (item));
  g_autofree char *value = NULL;
  g_autofree char *lost = NULL;
  g_autofree char *current = NULL;
  g_autofree char *current_device = NULL;
  g_autofree char *current_when = NULL;
  g_autofree char *now = NULL;

  if (tk_sync_kept_item_is_deletion (item))
    /* Translators: a game or play deleted on another device: that device's name and when,
     * e.g. "Deleted on Laptop, 3 May 14:05". */
    return g_strdup_printf (_("Deleted on %1$s, %2$s"), device, when);

  value = tk_sync_kept_text_value (field, tk_sync_kept_item_get_value (item));
  /* Translators: the value that was not kept: a field, its value, the device that set it
   * and when, e.g. "Rating: 8, from Laptop, 3 May 14:05". */
  lost = g_strdup_printf (_("%1$s: %2$s, from %3$s, %4$s"),
                          tk_sync_kept_text_field (tk_sync_kept_item_get_entity_type (item),
                                                   field),
                          value, device, when);
  current = tk_sync_kept_text_value (field, tk_sync_kept_item_get_current (item));
  current_device = device_name (self, tk_sync_kept_item_get_current_device_uid (item));
  current_when = when_text (tk_sync_kept_item_get_current_time_ms (item));
  /* Translators: the value shown now, the device that set it and when, e.g. "Now: 5, from
   * this device, 3 May 14:06". */
  now = g_strdup_printf (_("Now: %1$s, from %2$s, %3$s"), current, current_device,
                         current_when);
  return g_strconcat (lost, "\n", now, NULL);
}

static void
on_restore_clicked (GtkButton      *button,
                    TkSyncKeptPage *self)
{
  TkSyncKeptItem *item = g_object_get_data (G_OBJECT (button), "tk-sync-kept-item");
  g_autoptr(TkSyncKeptItem) held = g_object_ref (item);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  GtkListBoxRow *row = GTK_LIST_BOX_ROW (gtk_widget_get_ancestor (GTK_WIDGET (button),
                                                                 GTK_TYPE_LIST_BOX_ROW));
  int index = row != NULL ? gtk_list_box_row_get_index (row) : 0;
  GtkListBoxRow *next;

  if (tk_sync_service_restore (self->service, held, &error))
    text = tk_sync_kept_text_restored (held);
  else
    text = g_strdup_printf (_("Could not restore: %s"), error->message);
  /* (the row is gone: the one that took its place, or the last) */
  next = gtk_list_box_get_row_at_index (self->list_box, index);
  if (next == NULL && index > 0)
    next = gtk_list_box_get_row_at_index (self->list_box, index - 1);
  if (next != NULL)
    {
      GtkWidget *restore = g_object_get_data (G_OBJECT (next), "tk-sync-kept-restore");

      gtk_widget_grab_focus (restore != NULL ? restore : GTK_WIDGET (next));
    }
  else
    gtk_widget_grab_focus (self->back_button);
  /* Toast titles are markup; the text holds titles from the library. */
  escaped = g_markup_escape_text (text, -1);
  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), adw_toast_new (escaped));
  tk_accessible_announce (GTK_WIDGET (self), text);
}

static GtkWidget *
create_row (gpointer object,
            gpointer user_data)
{
  TkSyncKeptPage *self = user_data;
  TkSyncKeptItem *item = object;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_label (_("Restore"));
  g_autofree char *subject = tk_sync_kept_text_subject (item);
  g_autofree char *subtitle = row_subtitle (self, item);
  g_autofree char *name = tk_sync_kept_text_restore (item);

  /* Titles, values and device names are the library's and other devices': plain text. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), subject);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 2);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 6);
  gtk_widget_set_name (row, "sync-kept-row");

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_name (button, "sync-kept-restore");
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  g_object_set_data_full (G_OBJECT (button), "tk-sync-kept-item", g_object_ref (item),
                          g_object_unref);
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_restore_clicked), self, 0);
  g_object_set_data (G_OBJECT (row), "tk-sync-kept-restore", button);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

static void
update_state (TkSyncKeptPage *self)
{
  guint n = g_list_model_get_n_items (tk_sync_service_get_kept (self->service));

  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "list" : "empty");
  gtk_widget_set_visible (GTK_WIDGET (self->more_label), n > MAX_ROWS);
  if (n > MAX_ROWS)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u older change is not shown; "
                                                            "restore some of these to see it.",
                                                            "%u older changes are not shown; "
                                                            "restore some of these to see them.",
                                                            n - MAX_ROWS),
                                               n - MAX_ROWS);

      gtk_label_set_text (self->more_label, text);
    }
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_close_subpage (ADW_PREFERENCES_WINDOW (root));
}

static void
tk_sync_kept_page_dispose (GObject *object)
{
  TkSyncKeptPage *self = TK_SYNC_KEPT_PAGE (object);

  if (self->service != NULL)
    g_signal_handlers_disconnect_by_data (tk_sync_service_get_kept (self->service), self);
  g_clear_object (&self->service);
  g_clear_object (&self->shown);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_SYNC_KEPT_PAGE);

  G_OBJECT_CLASS (tk_sync_kept_page_parent_class)->dispose (object);
}

static void
tk_sync_kept_page_class_init (TkSyncKeptPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_sync_kept_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-sync-kept-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkSyncKeptPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TkSyncKeptPage, list_box);
  gtk_widget_class_bind_template_child (widget_class, TkSyncKeptPage, more_label);
  gtk_widget_class_bind_template_child (widget_class, TkSyncKeptPage, back_button);

  gtk_widget_class_install_action (widget_class, "kept.back", NULL, back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "kept.back",
                                       NULL);
}

static void
tk_sync_kept_page_init (TkSyncKeptPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tk_sync_kept_page_new (TkSyncService *service)
{
  TkSyncKeptPage *self;
  GListModel *kept;

  g_return_val_if_fail (TK_IS_SYNC_SERVICE (service), NULL);

  self = g_object_new (TK_TYPE_SYNC_KEPT_PAGE, NULL);
  self->service = g_object_ref (service);
  kept = tk_sync_service_get_kept (service);
  self->shown = gtk_slice_list_model_new (g_object_ref (kept), 0, MAX_ROWS);
  gtk_list_box_bind_model (self->list_box, G_LIST_MODEL (self->shown), create_row, self, NULL);
  g_signal_connect_object (kept, "items-changed", G_CALLBACK (update_state), self,
                           G_CONNECT_SWAPPED);
  update_state (self);
  return GTK_WIDGET (self);
}
