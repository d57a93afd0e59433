/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-page.c — the History page: the plays, newest first, filtered by game and by
 * player; statistics (overview, per game, per player, plays per month).  Activating a play
 * edits it in the log dialog (which also deletes it, with an Undo toast here); the ⋮ menu
 * logs, exports and imports plays.
 *
 * The list and its filters are tk-history-page-list.c, the statistics tk-history-page-stats.c
 * (they share tk-history-page-private.h).  Everything from the library goes into labels as
 * plain text.
 */
#define G_LOG_DOMAIN "tk-history-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <string.h>

#include "tk-display-date.h"
#include "tk-display-title.h"
#include "tk-history-import.h"
#include "tk-history-import-dialog.h"
#include "tk-history-imports-dialog.h"
#include "tk-history-log-dialog.h"
#include "tk-history-page.h"
#include "tk-history-page-private.h"
#include "tk-play-details-dialog.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays-chart.h"
#include "tk-plays.h"
#include "tk-play-times-groups.h"
#include "tk-stats.h"
#include "tk-accessible.h"

enum
{
  PROP_0,
  PROP_STORE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkHistoryPage, tk_history_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

/* ---- statics ---- */

static void
game_choice_clear (gpointer data)
{
  g_free (((GameChoice *) data)->title);
}

void
_tk_history_page_add_toast (TkHistoryPage *self,
                            const char    *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  tk_accessible_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

/* The import Ctrl+Z takes away: only the one just made, until anything else is done. */
static void
set_last_import (TkHistoryPage *self,
                 gint64         import_id)
{
  self->last_import_id = import_id;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.undo-last-import", import_id > 0);
}

/* ---- callbacks ---- */

static void
on_filter_changed (TkHistoryPage *self)
{
  if (self->filling)
    return;
  _tk_history_page_fill_plays (self);
  _tk_history_page_fill_stats (self);
  _tk_history_page_update_list_stack (self);
}

static void
on_export_response (GtkNativeDialog *chooser,
                    int              response,
                    gpointer         user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *format = g_object_get_data (G_OBJECT (chooser), "format");

  if (response == GTK_RESPONSE_ACCEPT && self->store != NULL)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      text = g_strcmp0 (format, "csv") == 0 ? tk_plays_export_csv (self->store, &error)
                                            : tk_plays_export_json (self->store, &error);
      if (text == NULL ||
          !g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE,
                                    NULL, NULL, &error))
        _tk_history_page_add_toast (self, error->message);
      else
        _tk_history_page_add_toast (self, _("Plays exported"));
    }
  g_clear_object (&self->chooser);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  const char *format = g_variant_get_string (parameter, NULL);
  GtkRoot *root = gtk_widget_get_root (widget);
  gboolean csv = g_strcmp0 (format, "csv") == 0;

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (csv ? _("Export Plays as CSV") : _("Export Plays as JSON"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), csv ? "plays.csv" : "plays.json");
  g_object_set_data_full (G_OBJECT (self->chooser), "format", g_strdup (csv ? "csv" : "json"), g_free);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_play_logged (TkHistoryLogDialog *dialog,
                gint64              play_id,
                gpointer            user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);

  tk_history_page_reload (self);
  _tk_history_page_add_toast (self, _("Play saved"));
}

static void
log_play_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  TkHistoryLogDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = tk_history_log_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (on_play_logged), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_play_edited (TkHistoryLogDialog *dialog,
                gint64              play_id,
                gpointer            user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);

  tk_history_page_reload (self);
  _tk_history_page_add_toast (self, _("Play saved"));
}

static void
on_play_deleted (TkHistoryLogDialog *dialog,
                 TkPlay             *play,
                 gpointer            user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  AdwToast *toast;

  g_set_object (&self->deleted_play, play);
  tk_history_page_reload (self);
  toast = adw_toast_new (_("Play deleted"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "history.undo-delete");
  /* Before any "Play saved" still shown: Undo must not wait behind it. */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  tk_accessible_add_toast (self->toast_overlay, toast);
}

static void
edit_play (TkHistoryPage *self,
           gint64         play_id)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  TkHistoryLogDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = tk_history_log_dialog_new_for_play (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               self->store, play_id, &error);
  if (dialog == NULL)
    {
      _tk_history_page_add_toast (self, error->message);
      return;
    }
  g_signal_connect_object (dialog, "saved", G_CALLBACK (on_play_edited), self, 0);
  g_signal_connect_object (dialog, "deleted", G_CALLBACK (on_play_deleted), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
edit_play_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  edit_play (TK_HISTORY_PAGE (widget), g_variant_get_int64 (parameter));
}

static void
on_details_edit (TkPlayDetailsDialog *dialog,
                 gint64               play_id,
                 gpointer             user_data)
{
  edit_play (TK_HISTORY_PAGE (user_data), play_id);
}

/* A play opens read only, as it was; Edit is a button there. */
static void
show_play (TkHistoryPage *self,
           gint64         play_id)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  TkPlayDetailsDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = tk_play_details_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                       self->store, play_id, &error);
  if (dialog == NULL)
    {
      _tk_history_page_add_toast (self, error->message);
      return;
    }
  g_signal_connect_object (dialog, "edit", G_CALLBACK (on_details_edit), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_play_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  show_play (TK_HISTORY_PAGE (widget), g_variant_get_int64 (parameter));
}

static void
on_play_activated (GtkListView *list_view,
                   guint        position,
                   gpointer     user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autoptr(TkPlay) play = g_list_model_get_item (G_LIST_MODEL (self->plays), position);

  if (play != NULL)
    show_play (self, tk_play_get_id (play));
}

static void
undo_delete_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  g_autoptr(TkPlay) play = g_steal_pointer (&self->deleted_play);
  g_autoptr(GError) error = NULL;

  if (play == NULL || self->store == NULL)
    return;
  /* Inserted again: it gets a new id. */
  if (!tk_plays_insert (self->store, play, &error))
    {
      _tk_history_page_add_toast (self, error->message);
      return;
    }
  tk_history_page_reload (self);
}

static void open_history_import (TkHistoryPage *self,
                                 GListModel    *files);

static void
on_import_response (GtkNativeDialog *chooser,
                    int              response,
                    gpointer         user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autoptr(GListModel) files = NULL;

  if (response == GTK_RESPONSE_ACCEPT && self->store != NULL)
    files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  /* Several files are BoardGameGeek pages (or exports) to import together. */
  if (files != NULL && g_list_model_get_n_items (files) > 1)
    open_history_import (self, files);
  else if (files != NULL && g_list_model_get_n_items (files) == 1)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, 0);

      tk_history_page_import_file (self, file);
    }
  g_clear_object (&self->chooser);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GtkFileFilter) history = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL || self->store == NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Import Plays"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_file_filter_set_name (history, _("Plays from Tablekeeper, BG Stats or BoardGameGeek"));
  gtk_file_filter_add_pattern (history, "*.json");
  gtk_file_filter_add_pattern (history, "*.bgsplay");
  gtk_file_filter_add_pattern (history, "*.xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), history);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->chooser), TRUE);
  gtk_file_filter_set_name (json, _("Tablekeeper Plays (JSON)"));
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_pattern (json, "*.json");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), json);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_import_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- overrides ---- */

static void
tk_history_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tk_history_page_parent_class)->map (widget);
  tk_history_page_reload (TK_HISTORY_PAGE (widget));
}

static void
tk_history_page_dispose (GObject *object)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  /* AdwBin unparents its child itself: let it go first, then drop the template's hold. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_HISTORY_PAGE);
  g_clear_object (&self->plays);
  g_clear_object (&self->store);
  g_clear_object (&self->deleted_play);
  g_clear_pointer (&self->games, g_array_unref);
  g_clear_pointer (&self->players, g_array_unref);

  G_OBJECT_CLASS (tk_history_page_parent_class)->dispose (object);
}

static void
tk_history_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_history_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_history_page_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The first search entry at or below @widget (the drop-down's, inside its popover). */
static GtkWidget *
find_search_entry (GtkWidget *widget)
{
  if (GTK_IS_SEARCH_ENTRY (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_search_entry (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Typing on the game filter searches it: GTK 4.8's drop-down takes a search only once its
 * list is open, so the first letter opens it and goes into its search field. */
static gboolean
on_game_filter_key (GtkEventControllerKey *keys,
                    guint                  keyval,
                    guint                  keycode,
                    GdkModifierType        state,
                    TkHistoryPage         *self)
{
  gunichar c = gdk_keyval_to_unicode (keyval);
  GtkWidget *entry;
  char text[8] = { 0 };

  if (c == 0 || !g_unichar_isprint (c) || g_unichar_isspace (c) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  g_signal_emit_by_name (self->game_dropdown, "activate");
  entry = find_search_entry (GTK_WIDGET (self->game_dropdown));
  if (entry == NULL)
    return FALSE;
  g_unichar_to_utf8 (c, text);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_widget_grab_focus (entry);
  gtk_editable_set_position (GTK_EDITABLE (entry), -1);
  return TRUE;
}

static void
on_import_undone (TkHistoryImportsDialog *dialog,
                  gint64                  import_id,
                  TkHistoryPage          *self)
{
  if (import_id == self->last_import_id)
    set_last_import (self, 0);
  tk_history_page_reload (self);
}

static void
show_imports_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  TkHistoryImportsDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = tk_history_imports_dialog_new (self->store, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  g_signal_connect_object (dialog, "undone", G_CALLBACK (on_import_undone), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Ctrl+Z right after an import takes it away, as its toast's Undo does. */
static void
undo_last_import_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  g_autoptr(GError) error = NULL;
  gint64 import_id = self->last_import_id;

  if (self->store == NULL || import_id == 0)
    return;
  set_last_import (self, 0);
  if (!tk_history_import_undo (self->store, import_id, &error))
    {
      _tk_history_page_add_toast (self, error->message);
      return;
    }
  tk_history_page_reload (self);
  _tk_history_page_add_toast (self, _("Import undone"));
}

static void
tk_history_page_class_init (TkHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_history_page_dispose;
  object_class->get_property = tk_history_page_get_property;
  object_class->set_property = tk_history_page_set_property;
  widget_class->map = tk_history_page_map;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_PLAYS_CHART);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, overview_group);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, chart);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, detail_box);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);

  gtk_widget_class_install_action (widget_class, "history.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "history.log-play", NULL, log_play_action);
  gtk_widget_class_install_action (widget_class, "history.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "history.show-imports", NULL, show_imports_action);
  gtk_widget_class_install_action (widget_class, "history.undo-last-import", NULL,
                                   undo_last_import_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "history.undo-last-import", NULL);
  gtk_widget_class_install_action (widget_class, "history.edit-play", "x", edit_play_action);
  gtk_widget_class_install_action (widget_class, "history.show-play", "x", show_play_action);
  gtk_widget_class_install_action (widget_class, "history.undo-delete", NULL, undo_delete_action);
}

static void
tk_history_page_init (TkHistoryPage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  tk_accessible_label_drop_down (self->game_dropdown, _("Filter by Game"));
  tk_accessible_label_drop_down (self->player_dropdown, _("Filter by Player"));
  self->plays = g_list_store_new (TK_TYPE_PLAY);
  self->games = g_array_new (FALSE, TRUE, sizeof (GameChoice));
  g_array_set_clear_func (self->games, game_choice_clear);
  self->players = g_array_new (FALSE, TRUE, sizeof (gint64));

  g_signal_connect (factory, "setup", G_CALLBACK (_tk_history_page_setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (_tk_history_page_bind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_single_click_activate (self->list_view, TRUE);
  g_signal_connect_object (self->list_view, "activate", G_CALLBACK (on_play_activated), self, 0);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->plays)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));

  _tk_history_page_set_choice_factories (self->game_dropdown);
  _tk_history_page_set_choice_factories (self->player_dropdown);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_game_filter_key), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self->game_dropdown), keys);
  }
  gtk_drop_down_set_expression (self->game_dropdown,
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  _tk_history_page_fill_filters (self);
  _tk_history_page_update_list_stack (self);
  set_last_import (self, 0);
}

/* ---- public API ---- */

GtkWidget *
tk_history_page_new (void)
{
  return g_object_new (TK_TYPE_HISTORY_PAGE, NULL);
}

TkStore *
tk_history_page_get_store (TkHistoryPage *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_PAGE (self), NULL);

  return self->store;
}

void
tk_history_page_set_store (TkHistoryPage *self,
                           TkStore       *store)
{
  g_return_if_fail (TK_IS_HISTORY_PAGE (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (!g_set_object (&self->store, store))
    return;
  tk_history_page_reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

void
tk_history_page_reload (TkHistoryPage *self)
{
  g_return_if_fail (TK_IS_HISTORY_PAGE (self));

  _tk_history_page_fill_filters (self);
  _tk_history_page_fill_plays (self);
  _tk_history_page_fill_stats (self);
  _tk_history_page_update_list_stack (self);
}

GListModel *
tk_history_page_get_model (TkHistoryPage *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_PAGE (self), NULL);

  return G_LIST_MODEL (self->plays);
}

gboolean
tk_history_page_import_file (TkHistoryPage *self,
                             GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  guint n_imported = 0;

  g_return_val_if_fail (TK_IS_HISTORY_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->store == NULL)
    return FALSE;
  if (g_file_load_contents (file, NULL, &text, &length, NULL, &error) &&
      tk_history_import_check_kind (text, length, &error) &&
      tk_history_import_detect (text, length) != TK_HISTORY_FORMAT_AUTO)
    {
      g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);

      g_list_store_append (files, file);
      open_history_import (self, G_LIST_MODEL (files));
      return TRUE;
    }
  if (error != NULL ||
      !tk_plays_import_json (self->store, text, (gssize) length, &n_imported, &error))
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                  _("Could Not Import Plays"), NULL);

      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return FALSE;
    }
  {
    g_autofree char *message = g_strdup_printf (g_dngettext (NULL, "%u play imported",
                                                             "%u plays imported", n_imported),
                                                n_imported);

    tk_history_page_reload (self);
    _tk_history_page_add_toast (self, message);
  }
  return TRUE;
}

/* ---- plays from BG Stats and BoardGameGeek (tk-history-import-dialog.c) ---- */

static void
on_undo_history_import (AdwToast *toast,
                        gpointer  user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  gint64 import_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (toast), "import-id"));
  g_autoptr(GError) error = NULL;

  if (self->store == NULL)
    return;
  if (import_id == self->last_import_id)
    set_last_import (self, 0);
  if (!tk_history_import_undo (self->store, import_id, &error))
    {
      _tk_history_page_add_toast (self, error->message);
      return;
    }
  tk_history_page_reload (self);
}

static void
on_history_imported (TkHistoryImportDialog *dialog,
                     gint64                 import_id,
                     guint                  n_plays,
                     gpointer               user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autofree char *message = g_strdup_printf (g_dngettext (NULL, "%u play imported",
                                                           "%u plays imported", n_plays),
                                              n_plays);
  AdwToast *toast = adw_toast_new (message);

  tk_history_page_reload (self);
  set_last_import (self, import_id);
  /* Undo takes the whole import away: its plays, and the games, players and marks it made. */
  g_object_set_data (G_OBJECT (toast), "import-id", GSIZE_TO_POINTER ((gsize) import_id));
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_history_import), self, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  tk_accessible_add_toast (self->toast_overlay, toast);
}

static void
open_history_import (TkHistoryPage *self,
                     GListModel    *files)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  TkHistoryImportDialog *dialog;

  dialog = tk_history_import_dialog_new (self->store, files,
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  g_signal_connect_object (dialog, "imported", G_CALLBACK (on_history_imported), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
