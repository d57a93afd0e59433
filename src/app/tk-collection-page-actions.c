/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-page-actions.c — the page's actions: search, add, edit, delete and undo, the
 * list, filters, what to play, friends, and the import and export file choosers. */
#define G_LOG_DOMAIN "tk-collection-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-accessible.h"
#include "tk-bgg-csv.h"
#include "tk-collection-game-dialog.h"
#include "tk-collection-page-private.h"
#include "tk-collection-pick-dialog.h"
#include "tk-collection-row.h"
#include "tk-friends-window.h"

/* ---- file choosers, import and export ---- */

static void
import_progress (guint    done,
                 guint    total,
                 gpointer user_data)
{
  TkCollectionPage *self = user_data;

  if (total > 0)
    gtk_progress_bar_set_fraction (self->progress_bar, (double) done / total);
  else
    gtk_progress_bar_pulse (self->progress_bar);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(TkCollectionPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(TkImportSummary) summary = { 0 };
  g_autofree char *text = NULL;
  guint n_read;

  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.import", TRUE);
  if (!tk_bgg_csv_import_finish (TK_COLLECTION (source), result, &summary, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _tk_collection_page_show_error_dialog (self, _("Could Not Import the Collection"),
                                               error->message);
      return;
    }
  n_read = summary.n_read;
  text = g_strdup_printf (ngettext ("Imported %u game", "Imported %u games", n_read), n_read);
  /* A dialog, not a toast: at 360 px a toast has room for "Imported 30000 games" and no more,
   * and titles to check cannot wait in one. */
  _tk_collection_page_show_import_summary (self, text, &summary);
  if (n_read > 0 && !gtk_toggle_button_get_active (self->mine_toggle))
    gtk_toggle_button_set_active (self->mine_toggle, TRUE);
}

void
_tk_collection_page_import_file (TkCollectionPage *self,
                                 GFile            *file)
{
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.import", FALSE);
  /* The file is read in a worker as it is imported: a large one never sits in memory. */
  tk_bgg_csv_import_file_async (self->collection, file, import_progress, self, self->cancellable,
                                import_done_cb, g_object_ref (self));
}

static void
on_import_response (GtkNativeDialog  *chooser,
                    int               response,
                    TkCollectionPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL && self->collection != NULL)
        _tk_collection_page_import_file (self, file);
    }
  g_clear_object (&self->chooser);
}

static void
export_written_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(TkCollectionPage) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _tk_collection_page_show_error_dialog (self, _("Could Not Export the Collection"),
                                               error->message);
      return;
    }
  {
    g_autofree char *name = g_file_get_basename (G_FILE (source));
    g_autofree char *text = g_strdup_printf (_("Exported to “%s”"), name);

    _tk_collection_page_add_toast (self, text);
  }
}

static void
on_export_response (GtkNativeDialog  *chooser,
                    int               response,
                    TkCollectionPage *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *text = NULL;
  TkGameStatus statuses;

  if (response != GTK_RESPONSE_ACCEPT || self->collection == NULL)
    {
      g_clear_object (&self->chooser);
      return;
    }
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;

  /* The status chips choose what to share: none means the whole collection. */
  statuses = _tk_collection_page_chip_statuses (self);
  if (g_strcmp0 (self->export_format, "json") == 0)
    text = tk_collection_export_json (self->collection, statuses, &error);
  else if (g_strcmp0 (self->export_format, "html") == 0)
    text = tk_collection_export_html (self->collection, statuses, &error);
  else
    text = tk_bgg_csv_export (self->collection, statuses, &error);
  if (text == NULL)
    {
      _tk_collection_page_show_error_dialog (self, _("Could Not Export the Collection"),
                                             error->message);
      return;
    }
  bytes = g_bytes_new_take (text, strlen (text));
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                       self->cancellable, export_written_cb, g_object_ref (self));
}

/* ---- actions ---- */

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);

  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
on_game_saved (TkCollectionGameDialog *dialog,
               gint64                  game_id,
               TkCollectionPage       *self)
{
  tk_collection_page_show_game (self, game_id);
}

static void
add_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  TkCollectionGameDialog *dialog;

  if (self->collection == NULL)
    return;
  dialog = tk_collection_game_dialog_new (_tk_collection_page_get_parent_window (self),
                                          self->collection, NULL);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (on_game_saved), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
edit_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  TkGame *game = self->details != NULL ? tk_collection_details_get_game (self->details) : NULL;
  TkCollectionGameDialog *dialog;

  if (self->collection == NULL || game == NULL)
    return;
  dialog = tk_collection_game_dialog_new (_tk_collection_page_get_parent_window (self),
                                          self->collection, game);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
delete_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  gint64 id = _tk_collection_page_shown_game_id (self);
  g_autoptr(TkGame) snapshot = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (self->collection == NULL || id == 0)
    return;
  snapshot = tk_collection_delete_game (self->collection, id, &error);
  if (snapshot == NULL)
    {
      _tk_collection_page_show_error_dialog (self, _("Could Not Remove the Game"), error->message);
      return;
    }

  tk_collection_details_set_game_id (self->details, 0);   /* id != 0: they exist */
  _tk_collection_page_update_game_actions (self);
  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);

  g_set_object (&self->deleted, snapshot);
  gtk_widget_action_set_enabled (widget, "collection.undo-delete", TRUE);
  text = g_strdup_printf (_("Removed “%s”"), tk_collection_display_title (snapshot, NULL));
  escaped = g_markup_escape_text (text, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "collection.undo-delete");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  tk_accessible_add_toast (self->toast_overlay, toast);
}

static void
undo_delete_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  g_autoptr(TkGame) snapshot = g_steal_pointer (&self->deleted);
  g_autoptr(GError) error = NULL;

  gtk_widget_action_set_enabled (widget, "collection.undo-delete", FALSE);
  if (snapshot == NULL || self->collection == NULL)
    return;
  if (!tk_collection_restore_game (self->collection, snapshot, &error))
    {
      _tk_collection_page_show_error_dialog (self, _("Could Not Restore the Game"), error->message);
      return;
    }
  if (!adw_leaflet_get_folded (self->leaflet))
    tk_collection_page_show_game (self, tk_game_get_id (snapshot));
}

static void
show_list_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);

  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
}

static void
clear_filters_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_toggle_button_set_active (self->owned_toggle, FALSE);
  gtk_toggle_button_set_active (self->want_toggle, FALSE);
  gtk_toggle_button_set_active (self->played_toggle, FALSE);
  gtk_toggle_button_set_active (self->favourite_toggle, FALSE);
  gtk_check_button_set_active (self->best_check, FALSE);
  gtk_spin_button_set_value (self->players_spin, 0);
  gtk_spin_button_set_value (self->minutes_spin, 0);
  _tk_collection_page_apply_filters (self);
}

static void
show_all_games_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);

  gtk_toggle_button_set_active (self->all_toggle, TRUE);
}

static void
what_to_play_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  TkCollectionPickDialog *dialog;

  if (self->collection == NULL)
    return;
  dialog = tk_collection_pick_dialog_new (_tk_collection_page_get_parent_window (self),
                                          self->collection);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
friends_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  TkFriendsWindow *window;

  if (self->collection == NULL)
    return;
  window = tk_friends_window_new (_tk_collection_page_get_parent_window (self), self->collection);
  gtk_window_present (GTK_WINDOW (window));
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  if (self->collection == NULL || self->chooser != NULL)
    return;

  chooser = gtk_file_chooser_native_new (_("Import a BoardGameGeek Collection"),
                                         _tk_collection_page_get_parent_window (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Import"), _("_Cancel"));
  gtk_file_filter_set_name (csv, _("CSV files"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_add_mime_type (csv, "text/csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect (chooser, "response", G_CALLBACK (on_import_response), self);
  gtk_native_dialog_show (self->chooser);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (widget);
  const char *format = g_variant_get_string (parameter, NULL);
  GtkFileChooserNative *chooser;
  const char *name;
  const char *title;

  if (self->collection == NULL || self->chooser != NULL)
    return;

  if (g_str_equal (format, "json"))
    {
      title = _("Export as Tablekeeper JSON");
      /* Translators: the file name suggested when exporting; keep the extension. */
      name = _("collection.json");
    }
  else if (g_str_equal (format, "html"))
    {
      title = _("Export as a Web Page");
      name = _("collection.html");
    }
  else
    {
      format = "csv";
      title = _("Export as BoardGameGeek CSV");
      name = _("collection.csv");
    }
  g_free (self->export_format);
  self->export_format = g_strdup (format);

  chooser = gtk_file_chooser_native_new (title, _tk_collection_page_get_parent_window (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* Called once from tk_collection_page_class_init, after the properties the sort actions
 * stand for are installed: the facet installs its own actions and their shortcuts, so the
 * object's file names none of their handlers. */
void
_tk_collection_page_class_actions_init (TkCollectionPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "collection.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "collection.add-game", NULL, add_game_action);
  gtk_widget_class_install_action (widget_class, "collection.edit-game", NULL, edit_game_action);
  gtk_widget_class_install_action (widget_class, "collection.delete-game", NULL,
                                   delete_game_action);
  gtk_widget_class_install_action (widget_class, "collection.undo-delete", NULL,
                                   undo_delete_action);
  gtk_widget_class_install_action (widget_class, "collection.show-list", NULL, show_list_action);
  gtk_widget_class_install_action (widget_class, "collection.clear-filters", NULL,
                                   clear_filters_action);
  gtk_widget_class_install_action (widget_class, "collection.show-all-games", NULL,
                                   show_all_games_action);
  gtk_widget_class_install_action (widget_class, "collection.what-to-play", NULL,
                                   what_to_play_action);
  gtk_widget_class_install_action (widget_class, "collection.friends", NULL, friends_action);
  gtk_widget_class_install_action (widget_class, "collection.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "collection.export", "s", export_action);
  gtk_widget_class_install_property_action (widget_class, "collection.sort", "sort");
  gtk_widget_class_install_property_action (widget_class, "collection.sort-descending",
                                            "sort-descending");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "collection.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "collection.add-game", NULL);
}
