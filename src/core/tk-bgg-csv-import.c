/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-csv-import.c — the BoardGameGeek CSV import: the job, its progress, the reading
 * thread and the public calls. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-bgg-csv-private.h"
#include "tk-json.h"
#include "tk-collection-private.h"
#include "tk-text.h"
#include "tk-display-title.h"

/* ---- import ----
 *
 * A thread of its own reads the file (TkCsvReader: a chunk at a time) and turns its rows into
 * compact Rows, a batch at a time; this one writes them.  Batches go round between the two
 * through two queues, a fixed number of them, so memory does not grow with the file.  New
 * games and catalog games without an entry are written BATCH_SIZE rows per INSERT; a row for
 * a game that has an entry already (a re-import) or that the file named before is merged
 * with it and written alone. */


static void
import_job_clear (ImportJob *job)
{
  g_clear_pointer (&job->data, g_bytes_unref);
  g_clear_object (&job->file);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_clear_object (&job->cancellable);
  tk_import_summary_clear (&job->summary);
}

static ImportJob *
import_job_ref (ImportJob *job)
{
  return g_atomic_rc_box_acquire (job);
}

static void
import_job_unref (gpointer job)
{
  g_atomic_rc_box_release_full (job, (GDestroyNotify) import_job_clear);
}

typedef struct
{
  ImportJob *job;
  guint      done;
  guint      total;
} Progress;

static gboolean
report_progress (gpointer user_data)
{
  Progress *progress = user_data;

  progress->job->progress (progress->done, progress->total, progress->job->progress_data);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer user_data)
{
  Progress *progress = user_data;

  import_job_unref (progress->job);
  g_free (progress);
}

/* Progress in KiB of the file (@total 0: unknown). */
static void
post_progress (ImportJob *job,
               guint64    done,
               guint64    total)
{
  Progress *progress;

  if (job->progress == NULL)
    return;
  if (job->context == NULL)
    {
      job->progress ((guint) (done / 1024), (guint) (total / 1024), job->progress_data);
      return;
    }
  progress = g_new0 (Progress, 1);
  progress->job = import_job_ref (job);
  progress->done = (guint) (done / 1024);
  progress->total = (guint) (total / 1024);
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, report_progress, progress,
                              progress_free);
}

/* Local plays recorded for a game (numplays in the file counts them already). */
/* ---- the reading thread ---- */

#define BATCH_ROWS 256
/* Batches in flight: enough for the look-ahead (BULK_MIN_ROWS) and one being filled. */
#define N_BATCHES (BULK_MIN_ROWS / BATCH_ROWS + 3)

typedef struct
{
  GArray  *rows;       /* Row */
  GString *arena;
  guint64  offset;     /* bytes of the file read after it */
  gboolean last;
} Batch;

typedef struct
{
  TkCsvReader  *reader;
  Columns       columns;
  GAsyncQueue  *full;        /* Batch, in file order */
  GAsyncQueue  *empty;       /* Batch, to fill */
  Batch         batches[N_BATCHES];
  GCancellable *cancellable;
  GError       *error;       /* the reader's, set before the last batch is queued */
  gint          stop;        /* set by the writer when it gives up */
} Reader;

static gpointer
reader_thread (gpointer data)
{
  Reader *reader = data;
  gboolean last = FALSE;

  while (!last)
    {
      Batch *batch = g_async_queue_pop (reader->empty);

      g_array_set_size (batch->rows, 0);
      g_string_truncate (batch->arena, 0);
      while (batch->rows->len < BATCH_ROWS)
        {
          TkCsvRecord *record = NULL;
          TkBggCsvRow row;

          if (g_atomic_int_get (&reader->stop) ||
              (record = tk_csv_reader_next (reader->reader, reader->cancellable,
                                            &reader->error)) == NULL ||
              !tk_bgg_csv_row_from_record (&reader->columns, record, &row, batch->arena, &reader->error))
            {
              last = TRUE;
              break;
            }
          g_array_append_val (batch->rows, row);
        }
      batch->offset = tk_csv_reader_get_offset (reader->reader);
      batch->last = last;
      g_async_queue_push (reader->full, batch);
    }
  return NULL;
}

static void
reader_clear (Reader *reader)
{
  tk_bgg_csv_columns_clear (&reader->columns);
  g_clear_pointer (&reader->reader, tk_csv_reader_free);
  g_clear_pointer (&reader->full, g_async_queue_unref);
  g_clear_pointer (&reader->empty, g_async_queue_unref);
  for (guint i = 0; i < N_BATCHES; i++)
    {
      g_clear_pointer (&reader->batches[i].rows, g_array_unref);
      if (reader->batches[i].arena != NULL)
        g_string_free (g_steal_pointer (&reader->batches[i].arena), TRUE);
    }
  g_clear_error (&reader->error);
}

static GInputStream *
open_job_stream (ImportJob  *job,
                 guint64    *size,
                 GError    **error)
{
  g_autoptr(GFileInputStream) file_stream = NULL;
  g_autoptr(GFileInfo) info = NULL;

  if (job->data != NULL)
    {
      gsize length;
      const char *data = g_bytes_get_data (job->data, &length);

      *size = length;
      return tk_bgg_csv_memory_stream (data, length);
    }
  file_stream = g_file_read (job->file, job->cancellable, error);
  if (file_stream == NULL)
    return NULL;
  info = g_file_input_stream_query_info (file_stream, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                         job->cancellable, NULL);
  *size = info != NULL ? (guint64) g_file_info_get_size (info) : 0;
  return G_INPUT_STREAM (g_steal_pointer (&file_stream));
}

/* Whether the whole file will bring at least BULK_MIN_ROWS new games, and as many as the
 * library knows: judged from the batches read so far and the file's size. */
static gboolean
worth_bulk (Writer   *writer,
            Batch   **batches,
            guint     n_batches,
            guint64   size)
{
  guint rows = 0, fresh = 0;
  guint64 read = n_batches > 0 ? batches[n_batches - 1]->offset : 0;
  double estimate;

  for (guint b = 0; b < n_batches; b++)
    for (guint i = 0; i < batches[b]->rows->len; i++)
      {
        const TkBggCsvRow *row = &g_array_index (batches[b]->rows, TkBggCsvRow, i);

        rows++;
        fresh += !g_hash_table_contains (writer->known, &row->bgg_id);
      }
  estimate = fresh;
  if (read > 0 && size > read && !batches[n_batches - 1]->last)
    estimate = fresh * ((double) size / (double) read);
  return estimate >= BULK_MIN_ROWS && estimate >= g_hash_table_size (writer->known);
}

static gboolean
import_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  ImportJob *job = user_data;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GPtrArray) indexes = NULL;
  g_auto(Writer) writer = { 0 };
  Reader reader = { 0 };
  Batch *ahead[N_BATCHES];
  guint n_ahead = 0;
  GThread *thread;
  TkCsvRecord *header;
  guint64 size = 0;
  guint n_rows = 0;
  gboolean ok = TRUE;
  gboolean last = FALSE;

  tk_import_summary_clear (&job->summary);
  writer.summary = &job->summary;

  /* A bad row anywhere means nothing is imported: what was written before it is rolled
   * back with the transaction. */
  stream = open_job_stream (job, &size, error);
  if (stream == NULL)
    return FALSE;
  reader.reader = tk_csv_reader_new (stream);
  reader.cancellable = job->cancellable;
  header = tk_csv_reader_next (reader.reader, job->cancellable, error);
  if (header == NULL || !tk_bgg_csv_map_columns (header, &reader.columns, error) ||
      !tk_bgg_csv_writer_init (&writer, store, error))
    {
      reader_clear (&reader);
      return FALSE;
    }
  post_progress (job, 0, size);

  reader.full = g_async_queue_new ();
  reader.empty = g_async_queue_new ();
  for (guint i = 0; i < N_BATCHES; i++)
    {
      reader.batches[i].rows = g_array_sized_new (FALSE, FALSE, sizeof (TkBggCsvRow), BATCH_ROWS);
      reader.batches[i].arena = g_string_sized_new (16 * 1024);
      g_async_queue_push (reader.empty, &reader.batches[i]);
    }
  thread = g_thread_new ("tk-bgg-reader", reader_thread, &reader);

  /* Look ahead a little to decide whether to rebuild the indexes at the end. */
  while (!last && n_ahead * BATCH_ROWS < BULK_MIN_ROWS)
    {
      ahead[n_ahead] = g_async_queue_pop (reader.full);
      last = ahead[n_ahead++]->last;
    }
  if (worth_bulk (&writer, ahead, n_ahead, size))
    indexes = tk_bgg_csv_drop_secondary_indexes (store);

  for (guint b = 0;; b++)
    {
      Batch *batch = b < n_ahead ? ahead[b] : g_async_queue_pop (reader.full);

      for (guint i = 0; ok && i < batch->rows->len; i++)
        if (!tk_bgg_csv_writer_add (&writer, &g_array_index (batch->rows, TkBggCsvRow, i),
                                    batch->arena, error))
          {
            g_prefix_error (error, _("Nothing was imported: "));
            g_atomic_int_set (&reader.stop, 1);
            ok = FALSE;
          }
      n_rows += batch->rows->len;
      if (ok && !batch->last)
        post_progress (job, batch->offset, size);
      last = batch->last;
      g_async_queue_push (reader.empty, batch);
      if (last)
        break;
    }
  g_thread_join (thread);

  if (ok && reader.error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&reader.error));
      ok = FALSE;
    }
  reader_clear (&reader);
  if (!ok)
    return FALSE;
  /* A catalog game exported from BGG under its Japanese name keeps that name (the batch wrote
   * its entry; the catalog holds a couple of thousand games, so one pass is cheap). */
  if (!tk_bgg_csv_writer_flush (&writer, error) || !tk_bgg_csv_create_indexes (store, indexes, error) ||
      !tk_bgg_csv_writer_adopt_names (&writer, error))
    {
      g_prefix_error (error, _("Nothing was imported: "));
      return FALSE;
    }
  post_progress (job, size, size);
  job->summary.n_read = n_rows;
  return TRUE;
}

static gboolean
import_sync (TkCollection     *collection,
             ImportJob        *job,
             TkImportSummary  *summary,
             GError          **error)
{
  gboolean ok;

  ok = tk_store_transaction (tk_collection_get_store (collection), import_in_txn, job, error);
  if (ok && summary != NULL)
    tk_import_summary_move (summary, &job->summary);
  import_job_clear (job);
  if (!ok)
    return FALSE;
  tk_collection_emit_changed (collection, 0);
  return TRUE;
}

gboolean
tk_bgg_csv_import_summary (TkCollection     *collection,
                           const char       *data,
                           gsize             length,
                           TkImportSummary  *summary,
                           GError          **error)
{
  ImportJob job = { 0 };

  g_return_val_if_fail (TK_IS_COLLECTION (collection), FALSE);

  job.data = g_bytes_new_static (data, length);
  return import_sync (collection, &job, summary, error);
}

gboolean
tk_bgg_csv_import_file (TkCollection     *collection,
                        GFile            *file,
                        TkImportSummary  *summary,
                        GError          **error)
{
  ImportJob job = { 0 };

  g_return_val_if_fail (TK_IS_COLLECTION (collection), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  job.file = g_object_ref (file);
  return import_sync (collection, &job, summary, error);
}

gboolean
tk_bgg_csv_import (TkCollection  *collection,
                   const char    *data,
                   gsize          length,
                   guint         *n_games,
                   GError       **error)
{
  g_auto(TkImportSummary) summary = { 0 };

  if (!tk_bgg_csv_import_summary (collection, data, length, &summary, error))
    return FALSE;
  if (n_games != NULL)
    *n_games = summary.n_read;
  return TRUE;
}

static void
on_import_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TkCollection *collection = g_task_get_source_object (task);
  GError *error = NULL;

  if (!tk_store_run_finish (TK_STORE (source), result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  tk_collection_emit_changed (collection, 0);
  g_task_return_boolean (task, TRUE);
}

static void
import_async (TkCollection        *collection,
              GBytes              *data,
              GFile               *file,
              TkBggProgressFunc    progress,
              gpointer             progress_data,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  GTask *task;
  ImportJob *job;

  task = g_task_new (collection, cancellable, callback, user_data);
  g_task_set_source_tag (task, tk_bgg_csv_import_async);

  job = g_atomic_rc_box_new0 (ImportJob);
  job->data = data != NULL ? g_bytes_ref (data) : NULL;
  job->file = file != NULL ? g_object_ref (file) : NULL;
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  job->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  g_task_set_task_data (task, import_job_ref (job), import_job_unref);

  tk_store_run_async (tk_collection_get_store (collection), import_in_txn, job,
                      import_job_unref, cancellable, on_import_done, task);
}

void
tk_bgg_csv_import_async (TkCollection        *collection,
                         GBytes              *data,
                         TkBggProgressFunc    progress,
                         gpointer             progress_data,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_return_if_fail (TK_IS_COLLECTION (collection));
  g_return_if_fail (data != NULL);

  import_async (collection, data, NULL, progress, progress_data, cancellable, callback,
                user_data);
}

void
tk_bgg_csv_import_file_async (TkCollection        *collection,
                              GFile               *file,
                              TkBggProgressFunc    progress,
                              gpointer             progress_data,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (TK_IS_COLLECTION (collection));
  g_return_if_fail (G_IS_FILE (file));

  import_async (collection, NULL, file, progress, progress_data, cancellable, callback,
                user_data);
}

gboolean
tk_bgg_csv_import_finish (TkCollection     *collection,
                          GAsyncResult     *result,
                          TkImportSummary  *summary,
                          GError          **error)
{
  ImportJob *job;

  g_return_val_if_fail (g_task_is_valid (result, collection), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  if (summary != NULL)
    tk_import_summary_move (summary, &job->summary);
  return TRUE;
}
