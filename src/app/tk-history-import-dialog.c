/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-dialog.c — History → Import… for BG Stats and BoardGameGeek plays.
 *
 * Reading, matching and writing run on a worker connection (tk_store_run_async); the dialog
 * shows a progress bar meanwhile, read from a counter the worker advances (no calls across
 * threads).  Between the two, the preview: nothing is written until Import is pressed.
 */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-catalog.h"
#include "tk-history-import.h"
#include "tk-history-import-dialog.h"
#include "tk-text-limit.h"

struct _TkHistoryImportDialog
{
  AdwWindow        parent_instance;

  GtkButton       *import_button;
  GtkStack        *stack;
  AdwStatusPage   *busy_page;
  AdwStatusPage   *problem_page;
  GtkProgressBar  *progress;
  GtkLabel        *summary_label;
  AdwPreferencesGroup *people_group;
  AdwPreferencesGroup *others_group;

  TkStore         *store;
  GListModel      *files;
  TkHistoryImport *import;
  GCancellable    *cancellable;
  GPtrArray       *rows;        /* the rows of the groups, to take out on a new preview */
  guint            progress_id;
  gint             done;        /* plays written so far (worker), read by the timeout */
  guint            total;
  gboolean         ready;
  gboolean         writing;
};

enum { SIGNAL_IMPORTED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkHistoryImportDialog, tk_history_import_dialog, ADW_TYPE_WINDOW)

typedef struct
{
  TkHistoryImportDialog *self;   /* a reference */
  GPtrArray             *texts;  /* GBytes of each file, read on the main thread's request */
  gint64                 import_id;
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->self);
  g_clear_pointer (&job->texts, g_ptr_array_unref);
  g_free (job);
}

static void
stop_progress (TkHistoryImportDialog *self)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
}

static gboolean
on_progress_tick (gpointer user_data)
{
  TkHistoryImportDialog *self = user_data;

  if (self->writing && self->total > 0)
    {
      double done = g_atomic_int_get (&self->done);

      gtk_progress_bar_set_fraction (self->progress, MIN (1.0, done / self->total));
    }
  else
    gtk_progress_bar_pulse (self->progress);
  return G_SOURCE_CONTINUE;
}

static void
show_busy (TkHistoryImportDialog *self,
           const char            *title)
{
  adw_status_page_set_title (self->busy_page, title);
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_stack_set_visible_child_name (self->stack, "busy");
  gtk_widget_set_sensitive (GTK_WIDGET (self->import_button), FALSE);
  stop_progress (self);
  self->progress_id = g_timeout_add (100, on_progress_tick, self);
}

static void
show_problem (TkHistoryImportDialog *self,
              const char            *message)
{
  /* The status page's description is markup; the message quotes the file. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  stop_progress (self);
  adw_status_page_set_description (self->problem_page, escaped);
  gtk_stack_set_visible_child_name (self->stack, "problem");
  gtk_widget_set_sensitive (GTK_WIDGET (self->import_button), FALSE);
}

/* ---- the preview ---- */

static void show_preview (TkHistoryImportDialog *self);

static void
on_person_apply (AdwEntryRow *row,
                 gpointer     user_data)
{
  TkHistoryImportDialog *self = TK_HISTORY_IMPORT_DIALOG (user_data);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "person")) - 1;
  const TkHistoryPerson *person = tk_history_import_get_person (self->import, index);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  g_autoptr(GError) error = NULL;

  /* The name of the file brings back the match the import made itself. */
  if (!tk_history_import_set_person (self->import, index, 0,
                                     g_strcmp0 (text, person->name) == 0 ? NULL : text, &error) ||
      !tk_history_import_prepare (self->import, self->store, &error))
    {
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (row), error->message);
      return;
    }
  show_preview (self);
}

static void
on_person_kind_clicked (GtkButton *button,
                        gpointer   user_data)
{
  TkHistoryImportDialog *self = TK_HISTORY_IMPORT_DIALOG (user_data);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "person")) - 1;
  const TkHistoryPerson *person = tk_history_import_get_person (self->import, index);
  g_autoptr(GError) error = NULL;

  tk_history_import_set_not_a_person (self->import, index, !person->not_a_person);
  if (!tk_history_import_prepare (self->import, self->store, &error))
    {
      show_problem (self, error->message);
      return;
    }
  show_preview (self);
}

/* Counts as a person or not, against what the files said (a co-op foe, an anonymous
 * player). */
static GtkWidget *
person_kind_button (TkHistoryImportDialog *self,
                    guint                  index,
                    gboolean               not_a_person)
{
  GtkWidget *button;

  if (not_a_person)
    button = gtk_button_new_with_mnemonic (_("_Count as Person"));
  else
    {
      button = gtk_button_new_from_icon_name ("list-remove-symbolic");
      gtk_widget_set_tooltip_text (button, _("Do Not Count as a Person"));
    }
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "person", GUINT_TO_POINTER (index + 1));
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_person_kind_clicked), self, 0);
  return button;
}

static GtkWidget *
person_row (TkHistoryImportDialog *self,
            guint                  index)
{
  const TkHistoryPerson *p = tk_history_import_get_person (self->import, index);
  g_autoptr(GString) title = g_string_new (p->name);
  GtkWidget *row, *badge;

  if (p->username != NULL)
    g_string_append_printf (title, " (%s)", p->username);
  if (p->me)
    g_string_append_printf (title, " · %s", _("you"));
  g_string_append (title, " · ");
  /* The count is formatted alone: the name is the file's text, never a format. */
  g_string_append_printf (title, g_dngettext (GETTEXT_PACKAGE, "%u play", "%u plays", p->n_plays),
                          p->n_plays);
  row = p->not_a_person ? adw_action_row_new () : adw_entry_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title->str);
  if (p->not_a_person)
    {
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), person_kind_button (self, index, TRUE));
      return row;
    }
  if (tk_history_import_was_not_a_person (self->import, index))
    adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), person_kind_button (self, index, FALSE));
  tk_text_limit_editable (GTK_EDITABLE (row), TK_TEXT_NAME);
  gtk_editable_set_text (GTK_EDITABLE (row), p->roster_name);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  g_object_set_data (G_OBJECT (row), "person", GUINT_TO_POINTER (index + 1));
  g_signal_connect_object (row, "apply", G_CALLBACK (on_person_apply), self, 0);
  badge = gtk_label_new (p->roster_id > 0 ? _("In the roster") : _("New"));
  gtk_widget_add_css_class (badge, "dim-label");
  gtk_widget_add_css_class (badge, "caption");
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), badge);
  return row;
}

static void
show_preview (TkHistoryImportDialog *self)
{
  const TkHistorySummary *summary = tk_history_import_get_summary (self->import);
  g_autofree char *text = tk_history_summary_describe (summary);
  g_autofree char *games = tk_history_import_describe_games (self->import, 12);
  guint n_people = 0, n_others = 0;

  stop_progress (self);
  g_strchomp (text);
  if (*games != '\0')
    {
      /* Translators: the preview's list of the games imported, e.g. "Games: Agora, Hanabi" */
      g_autofree char *line = g_strdup_printf (_("Games: %s"), games);
      g_autofree char *both = g_strconcat (text, "\n", line, NULL);

      g_free (text);
      text = g_steal_pointer (&both);
    }
  gtk_label_set_text (self->summary_label, text);
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = self->rows->pdata[i];

      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (
                                      row, ADW_TYPE_PREFERENCES_GROUP)), row);
    }
  g_ptr_array_set_size (self->rows, 0);
  for (guint i = 0; i < tk_history_import_get_n_people (self->import); i++)
    {
      const TkHistoryPerson *p = tk_history_import_get_person (self->import, i);
      GtkWidget *row;

      if (p->n_plays == 0)
        continue;
      row = person_row (self, i);
      adw_preferences_group_add (p->not_a_person ? self->others_group : self->people_group, row);
      g_ptr_array_add (self->rows, row);
      n_people += !p->not_a_person;
      n_others += p->not_a_person;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->people_group), n_people > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->others_group), n_others > 0);
  gtk_stack_set_visible_child_name (self->stack, "preview");
  gtk_widget_set_sensitive (GTK_WIDGET (self->import_button), summary->n_new > 0);
  self->ready = TRUE;
}

/* ---- reading (worker) ---- */

static gboolean
read_in_thread (TkStore  *store,
                gpointer  user_data,
                GError  **error)
{
  Job *job = user_data;

  /* Games are matched to the catalog's by BGG id: it must be there (the Collection page
   * loads it on a first start, perhaps not yet). */
  if (!tk_catalog_ensure (store, NULL, error))
    return FALSE;
  for (guint i = 0; i < job->texts->len; i++)
    {
      gsize length;
      const char *text = g_bytes_get_data (job->texts->pdata[i], &length);

      if (!tk_history_import_add_file (job->self->import, text != NULL ? text : "", length,
                                       TK_HISTORY_FORMAT_AUTO, error))
        {
          g_autoptr(GFile) file = g_list_model_get_item (job->self->files, i);
          g_autofree char *name = g_file_get_basename (file);

          g_prefix_error (error, "%s: ", name);
          return FALSE;
        }
    }
  return tk_history_import_prepare (job->self->import, store, error);
}

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(TkHistoryImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!tk_store_run_finish (TK_STORE (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_problem (self, error->message);
      return;
    }
  show_preview (self);
}

static void
start_reading (TkHistoryImportDialog *self)
{
  Job *job = g_new0 (Job, 1);
  g_autoptr(GError) error = NULL;

  job->self = g_object_ref (self);
  job->texts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  show_busy (self, _("Reading the Plays…"));
  for (guint i = 0; i < g_list_model_get_n_items (self->files); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (self->files, i);
      GBytes *bytes = g_file_load_bytes (file, NULL, NULL, &error);

      if (bytes == NULL)
        {
          show_problem (self, error->message);
          job_free (job);
          return;
        }
      g_ptr_array_add (job->texts, bytes);
    }
  tk_store_run_async (self->store, read_in_thread, job, (GDestroyNotify) job_free,
                      self->cancellable, on_read, g_object_ref (self));
}

/* ---- writing (worker) ---- */

static void
on_written_some (guint    done,
                 guint    total,
                 gpointer user_data)
{
  TkHistoryImportDialog *self = user_data;

  g_atomic_int_set (&self->done, (gint) done);
}

static gboolean
write_in_thread (TkStore  *store,
                 gpointer  user_data,
                 GError  **error)
{
  Job *job = user_data;

  return tk_history_import_write (job->self->import, store, on_written_some, job->self,
                                  &job->import_id, error);
}

static void
on_written (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Job *job = user_data;
  g_autoptr(TkHistoryImportDialog) self = g_object_ref (job->self);
  g_autoptr(GError) error = NULL;
  gint64 import_id = job->import_id;

  job_free (job);
  self->writing = FALSE;
  stop_progress (self);
  if (!tk_store_run_finish (TK_STORE (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_problem (self, error->message);
      return;
    }
  /* Written on the worker's connection: the pages of this one learn it here. */
  tk_store_notify_games_changed (self->store, 0);
  g_signal_emit (self, signals[SIGNAL_IMPORTED], 0, import_id,
                 tk_history_import_get_summary (self->import)->n_new);
  gtk_window_close (GTK_WINDOW (self));
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkHistoryImportDialog *self = TK_HISTORY_IMPORT_DIALOG (widget);
  Job *job;

  if (!self->ready || self->writing)
    return;
  job = g_new0 (Job, 1);
  job->self = g_object_ref (self);
  self->writing = TRUE;
  self->total = tk_history_import_get_summary (self->import)->n_new;
  g_atomic_int_set (&self->done, 0);
  show_busy (self, _("Importing the Plays…"));
  /* The job is freed by on_written, which needs its import id. */
  tk_store_run_async (self->store, write_in_thread, job, NULL, self->cancellable, on_written,
                      job);
}

/* ---- overrides ---- */

static gboolean
tk_history_import_dialog_close_request (GtkWindow *window)
{
  TkHistoryImportDialog *self = TK_HISTORY_IMPORT_DIALOG (window);

  /* A write under way finishes (it is one transaction, all or nothing) before closing. */
  if (self->writing)
    return TRUE;
  g_cancellable_cancel (self->cancellable);
  return GTK_WINDOW_CLASS (tk_history_import_dialog_parent_class)->close_request (window);
}

static void
tk_history_import_dialog_dispose (GObject *object)
{
  TkHistoryImportDialog *self = TK_HISTORY_IMPORT_DIALOG (object);

  stop_progress (self);
  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_HISTORY_IMPORT_DIALOG);
  G_OBJECT_CLASS (tk_history_import_dialog_parent_class)->dispose (object);
}

static void
tk_history_import_dialog_finalize (GObject *object)
{
  TkHistoryImportDialog *self = TK_HISTORY_IMPORT_DIALOG (object);

  g_clear_object (&self->store);
  g_clear_object (&self->files);
  g_clear_object (&self->import);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (tk_history_import_dialog_parent_class)->finalize (object);
}

static void
tk_history_import_dialog_class_init (TkHistoryImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_history_import_dialog_dispose;
  object_class->finalize = tk_history_import_dialog_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = tk_history_import_dialog_close_request;

  signals[SIGNAL_IMPORTED] = g_signal_new ("imported", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-history-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, import_button);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, busy_page);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, problem_page);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, progress);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, people_group);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryImportDialog, others_group);
  gtk_widget_class_install_action (widget_class, "history-import.import", NULL, import_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_history_import_dialog_init (TkHistoryImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->rows = g_ptr_array_new ();
  self->import = tk_history_import_new ();
}

TkHistoryImportDialog *
tk_history_import_dialog_new (TkStore    *store,
                              GListModel *files,
                              GtkWindow  *parent)
{
  TkHistoryImportDialog *self;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);
  g_return_val_if_fail (G_IS_LIST_MODEL (files), NULL);

  self = g_object_new (TK_TYPE_HISTORY_IMPORT_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->files = g_object_ref (files);
  start_reading (self);
  return self;
}

const char *
tk_history_import_dialog_get_summary (TkHistoryImportDialog *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_IMPORT_DIALOG (self), NULL);
  return gtk_label_get_text (self->summary_label);
}

gboolean
tk_history_import_dialog_is_ready (TkHistoryImportDialog *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_IMPORT_DIALOG (self), FALSE);
  return self->ready;
}
