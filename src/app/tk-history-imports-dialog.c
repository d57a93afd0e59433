/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-imports-dialog.c — every import of plays, each with its Undo.
 *
 * The list is read from the library each time it changes (there are a handful of imports,
 * not thousands); Undo asks first, since the import may be weeks old and plays logged since
 * may sit beside it.
 */
#define G_LOG_DOMAIN "tk-history-imports-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-display-date.h"
#include "tk-history-import.h"
#include "tk-history-imports-dialog.h"

struct _TkHistoryImportsDialog
{
  AdwWindow        parent_instance;

  TkStore         *store;
  guint            n_imports;

  AdwToastOverlay *toast_overlay;
  GtkStack        *stack;
  GtkListBox      *list;
};

enum
{
  UNDONE,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkHistoryImportsDialog, tk_history_imports_dialog, ADW_TYPE_WINDOW)

static guint signals[N_SIGNALS];

/* ---- statics ---- */

static const char *
source_name (const char *source)
{
  return g_strcmp0 (source, "bgstats") == 0 ? _("BG Stats") : _("BoardGameGeek plays");
}

static void
show_message (TkHistoryImportsDialog *self,
              const char             *text)
{
  /* Toast titles are markup. */
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  tk_accessible_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static void fill (TkHistoryImportsDialog *self);

static void
on_undo_response (AdwMessageDialog       *dialog,
                  const char             *response,
                  TkHistoryImportsDialog *self)
{
  gint64 import_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "import-id"));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "undo") != 0 || self->store == NULL)
    return;
  if (!tk_history_import_undo (self->store, import_id, &error))
    {
      show_message (self, error->message);
      return;
    }
  fill (self);
  g_signal_emit (self, signals[UNDONE], 0, import_id);
  show_message (self, _("Import undone"));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkHistoryImportsDialog *self = TK_HISTORY_IMPORTS_DIALOG (widget);
  guint n_plays;
  gint64 import_id;
  const char *source;
  GtkWidget *dialog;
  g_autofree char *body = NULL;

  g_variant_get (parameter, "(xu&s)", &import_id, &n_plays, &source);
  body = g_strdup_printf (g_dngettext (NULL,
                                       "Its %u play from %s, and the games, players and marks it "
                                       "added that nothing else uses, leave the library.",
                                       "Its %u plays from %s, and the games, players and marks it "
                                       "added that nothing else uses, leave the library.",
                                       n_plays),
                          n_plays, source_name (source));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Undo the Import?"), body);
  gtk_widget_set_name (dialog, "undo-import");
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "undo", _("_Undo Import"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "undo",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "import-id", GSIZE_TO_POINTER ((gsize) import_id));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_undo_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkWidget *
make_row (const TkHistoryImportRecord *record)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Undo"));
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (record->imported_at);
  g_autofree char *date = when != NULL ? tk_display_date_time (when) : g_strdup ("");
  g_autofree char *subtitle = NULL;
  g_autofree char *a11y = NULL;

  /* Translators: an import in the list of imports, e.g. "7 plays · 4 May 2024 14:05" */
  subtitle = g_strdup_printf (g_dngettext (NULL, "%u play · %s", "%u plays · %s", record->n_plays),
                              record->n_plays, date);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), source_name (record->source));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_name (button, "undo-import-button");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "imports.undo");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(xus)", record->id,
                                    record->n_plays, record->source);
  /* Translators: read by screen readers, e.g. "Undo the import of 7 plays from BG Stats" */
  a11y = g_strdup_printf (g_dngettext (NULL, "Undo the import of %u play from %s",
                                       "Undo the import of %u plays from %s", record->n_plays),
                          record->n_plays, source_name (record->source));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

static void
fill (TkHistoryImportsDialog *self)
{
  g_autoptr(GArray) records = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->n_imports = 0;
  if (self->store != NULL)
    records = tk_history_imports_list (self->store, &error);
  if (records == NULL && error != NULL)
    show_message (self, error->message);
  for (guint i = 0; records != NULL && i < records->len; i++)
    {
      gtk_list_box_append (self->list,
                           make_row (&g_array_index (records, TkHistoryImportRecord, i)));
      self->n_imports++;
    }
  gtk_stack_set_visible_child_name (self->stack, self->n_imports > 0 ? "list" : "none");
}

/* ---- overrides ---- */

static void
tk_history_imports_dialog_dispose (GObject *object)
{
  TkHistoryImportsDialog *self = TK_HISTORY_IMPORTS_DIALOG (object);

  g_clear_object (&self->store);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_HISTORY_IMPORTS_DIALOG);
  G_OBJECT_CLASS (tk_history_imports_dialog_parent_class)->dispose (object);
}

static void
tk_history_imports_dialog_class_init (TkHistoryImportsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_history_imports_dialog_dispose;

  /**
   * TkHistoryImportsDialog::undone:
   * @import_id: the import taken out
   */
  signals[UNDONE] = g_signal_new ("undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-history-imports-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportsDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportsDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportsDialog, list);
  gtk_widget_class_install_action (widget_class, "imports.undo", "(xus)", undo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_history_imports_dialog_init (TkHistoryImportsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* ---- public API ---- */

TkHistoryImportsDialog *
tk_history_imports_dialog_new (TkStore   *store,
                               GtkWindow *parent)
{
  TkHistoryImportsDialog *self;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  self = g_object_new (TK_TYPE_HISTORY_IMPORTS_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  fill (self);
  return self;
}

guint
tk_history_imports_dialog_get_n_imports (TkHistoryImportsDialog *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_IMPORTS_DIALOG (self), 0);
  return self->n_imports;
}
