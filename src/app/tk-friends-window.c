/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-friends-window.c — friends' lists.
 *
 * Import a friend's Tablekeeper JSON or BoardGameGeek CSV (a file chooser, then the
 * friend's name, suggested from the file name) as a named list
 * (tk_collection_import_friend_list); the lists, each with a delete button; and for the
 * list selected, three sections from tk_collection_friend_matches: they own what you want
 * to play, you both own, you own what they want.  Everything from the data is plain text.
 */
#define G_LOG_DOMAIN "tk-friends-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-collection-row.h"
#include "tk-text-limit.h"
#include "tk-friends-window.h"

#define NAME_KEY "tk-friend-list-name"

struct _TkFriendsWindow
{
  AdwWindow        parent_instance;

  TkCollection    *collection;
  char            *selected;
  GtkNativeDialog *chooser;
  gboolean         refreshing;

  GtkStack        *stack;
  GtkListBox      *lists_box;
  GtkListBox      *they_own_box;
  GtkListBox      *both_own_box;
  GtkListBox      *you_own_box;
};

G_DEFINE_FINAL_TYPE (TkFriendsWindow, tk_friends_window, ADW_TYPE_WINDOW)

static void refresh_lists (TkFriendsWindow *self);

static void
show_error (TkFriendsWindow *self,
            const char      *heading,
            const char      *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, NULL);

  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkListBox *
section_box (TkFriendsWindow *self,
             TkFriendMatch    match)
{
  switch (match)
    {
    case TK_FRIEND_MATCH_THEY_OWN_YOU_WANT:
      return self->they_own_box;
    case TK_FRIEND_MATCH_BOTH_OWN:
      return self->both_own_box;
    case TK_FRIEND_MATCH_YOU_OWN_THEY_WANT:
      return self->you_own_box;
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
clear_box (GtkListBox *box)
{
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (box, 0)) != NULL)
    gtk_list_box_remove (box, GTK_WIDGET (row));
}

static GtkWidget *
new_placeholder (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 12);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
fill_section (TkFriendsWindow *self,
              TkFriendMatch    match)
{
  GtkListBox *box = section_box (self, match);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;

  clear_box (box);
  if (self->selected == NULL)
    return;

  games = tk_collection_friend_matches (self->collection, self->selected, match, &error);
  if (games == NULL)
    {
      g_warning ("Could not match the friend list: %s", error->message);
      return;
    }
  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      const char *other = NULL;
      const char *title = tk_collection_display_title (game, &other);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (other != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), other);
      gtk_list_box_append (box, row);
    }
}

static void
fill_sections (TkFriendsWindow *self)
{
  fill_section (self, TK_FRIEND_MATCH_THEY_OWN_YOU_WANT);
  fill_section (self, TK_FRIEND_MATCH_BOTH_OWN);
  fill_section (self, TK_FRIEND_MATCH_YOU_OWN_THEY_WANT);
}

static void
on_list_selected (TkFriendsWindow *self,
                  GtkListBoxRow   *row)
{
  if (self->refreshing)
    return;
  g_free (self->selected);
  self->selected = row != NULL ? g_strdup (g_object_get_data (G_OBJECT (row), NAME_KEY)) : NULL;
  fill_sections (self);
}

static void
on_delete_response (AdwMessageDialog *dialog,
                    const char       *response,
                    TkFriendsWindow  *self)
{
  const char *name = g_object_get_data (G_OBJECT (dialog), NAME_KEY);
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "delete"))
    return;
  if (!tk_collection_delete_friend_list (self->collection, name, &error))
    {
      show_error (self, _("Could Not Delete the List"), error->message);
      return;
    }
  if (g_strcmp0 (self->selected, name) == 0)
    g_clear_pointer (&self->selected, g_free);
  refresh_lists (self);
}

static void
on_delete_clicked (GtkButton       *button,
                   TkFriendsWindow *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), NAME_KEY);
  g_autofree char *heading = g_strdup_printf (_("Delete “%s”?"), name);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, NULL);

  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog),
                               _("The friend’s list is removed from this library. Your own games are not changed."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "delete", _("_Delete"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), NAME_KEY, g_strdup (name), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_delete_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
refresh_lists (TkFriendsWindow *self)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GError) error = NULL;
  GtkListBoxRow *select = NULL;

  self->refreshing = TRUE;
  clear_box (self->lists_box);
  names = tk_collection_list_friend_lists (self->collection, &error);
  if (names == NULL)
    g_warning ("Could not list the friends' lists: %s", error->message);
  for (guint i = 0; names != NULL && i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      g_object_set_data_full (G_OBJECT (row), NAME_KEY, g_strdup (name), g_free);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, _("Delete List"));
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data_full (G_OBJECT (button), NAME_KEY, g_strdup (name), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_delete_clicked), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (self->lists_box, row);
      if (select == NULL || g_strcmp0 (self->selected, name) == 0)
        select = GTK_LIST_BOX_ROW (row);
    }
  gtk_list_box_select_row (self->lists_box, select);
  self->refreshing = FALSE;

  g_free (self->selected);
  self->selected = select != NULL ? g_strdup (g_object_get_data (G_OBJECT (select), NAME_KEY)) : NULL;
  gtk_stack_set_visible_child_name (self->stack, select != NULL ? "lists" : "empty");
  fill_sections (self);
}

/* ---- import ---- */

static void
on_name_response (AdwMessageDialog *dialog,
                  const char       *response,
                  TkFriendsWindow  *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "tk-path");
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "import"))
    return;
  name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  if (*name == '\0')
    {
      show_error (self, _("Could Not Import the List"), _("The list needs a name."));
      return;
    }
  if (!tk_friends_window_import_file (self, path, name, &error))
    show_error (self, _("Could Not Import the List"), error->message);
}

static void
on_name_changed (GtkEditable      *entry,
                 AdwMessageDialog *dialog)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_message_dialog_set_response_enabled (dialog, "import", *name != '\0');
}

static void
ask_name (TkFriendsWindow *self,
          const char      *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');
  GtkWidget *dialog;
  GtkWidget *entry = gtk_entry_new ();

  tk_text_limit_editable (GTK_EDITABLE (entry), TK_TEXT_NAME);
  if (dot != NULL && dot != base)
    *dot = '\0';
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Whose List Is It?"),
                                   _("The list is kept under your friend’s name; importing again under the same name replaces it."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "import", _("_Import"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "import");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_editable_set_text (GTK_EDITABLE (entry), base);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Friend’s name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  g_signal_connect_object (entry, "changed", G_CALLBACK (on_name_changed), dialog, 0);
  on_name_changed (GTK_EDITABLE (entry), ADW_MESSAGE_DIALOG (dialog));
  g_object_set_data_full (G_OBJECT (dialog), "tk-path", g_strdup (path), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_name_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     TkFriendsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        ask_name (self, path);
    }
  g_clear_object (&self->chooser);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkFriendsWindow *self = TK_FRIENDS_WINDOW (widget);
  g_autoptr(GtkFileFilter) lists = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import a Friend’s List"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (lists, _("Tablekeeper JSON or BoardGameGeek CSV"));
  gtk_file_filter_add_suffix (lists, "json");
  gtk_file_filter_add_suffix (lists, "csv");
  gtk_file_filter_add_mime_type (lists, "application/json");
  gtk_file_filter_add_mime_type (lists, "text/csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), lists);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

/* ---- public ---- */

gboolean
tk_friends_window_import_file (TkFriendsWindow *self,
                               const char      *path,
                               const char      *name,
                               GError         **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (TK_IS_FRIENDS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL && name != NULL, FALSE);

  if (!g_file_get_contents (path, &data, &length, error))
    return FALSE;
  if (tk_collection_import_friend_list (self->collection, name, data, length, error) == 0)
    return FALSE;
  g_free (self->selected);
  self->selected = g_strdup (name);
  refresh_lists (self);
  return TRUE;
}

const char *
tk_friends_window_get_selected (TkFriendsWindow *self)
{
  g_return_val_if_fail (TK_IS_FRIENDS_WINDOW (self), NULL);
  return self->selected;
}

guint
tk_friends_window_get_n_matches (TkFriendsWindow *self,
                                 TkFriendMatch    match)
{
  GtkListBox *box;
  guint n = 0;

  g_return_val_if_fail (TK_IS_FRIENDS_WINDOW (self), 0);
  box = section_box (self, match);
  while (box != NULL && gtk_list_box_get_row_at_index (box, (int) n) != NULL)
    n++;
  return n;
}

TkFriendsWindow *
tk_friends_window_new (GtkWindow    *parent,
                       TkCollection *collection)
{
  TkFriendsWindow *self;

  g_return_val_if_fail (TK_IS_COLLECTION (collection), NULL);

  self = g_object_new (TK_TYPE_FRIENDS_WINDOW,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
  self->collection = g_object_ref (collection);
  refresh_lists (self);
  return self;
}

/* ---- GObject ---- */

static void
tk_friends_window_dispose (GObject *object)
{
  TkFriendsWindow *self = TK_FRIENDS_WINDOW (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }
  /* Disposing the lists box unselects its row: nothing to show any more. */
  self->refreshing = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_FRIENDS_WINDOW);
  g_clear_object (&self->collection);
  g_clear_pointer (&self->selected, g_free);

  G_OBJECT_CLASS (tk_friends_window_parent_class)->dispose (object);
}

static void
tk_friends_window_class_init (TkFriendsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_friends_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-friends-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TkFriendsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TkFriendsWindow, lists_box);
  gtk_widget_class_bind_template_child (widget_class, TkFriendsWindow, they_own_box);
  gtk_widget_class_bind_template_child (widget_class, TkFriendsWindow, both_own_box);
  gtk_widget_class_bind_template_child (widget_class, TkFriendsWindow, you_own_box);
  gtk_widget_class_bind_template_callback (widget_class, on_list_selected);

  gtk_widget_class_install_action (widget_class, "friends.import", NULL, import_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "friends.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_friends_window_init (TkFriendsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_placeholder (self->they_own_box, new_placeholder (_("None")));
  gtk_list_box_set_placeholder (self->both_own_box, new_placeholder (_("None")));
  gtk_list_box_set_placeholder (self->you_own_box, new_placeholder (_("None")));
}
