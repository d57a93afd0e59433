/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-csv.h — BoardGameGeek collection CSV ("Export → CSV"): an RFC 4180 reader, the
 * import into the collection (one transaction; nothing on error) and the export. */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-collection.h"
#include "tk-csv-reader.h"

G_BEGIN_DECLS

/* The 58 columns of BGG's export, in order. */
extern const char * const tk_bgg_csv_columns[];
#define TK_BGG_CSV_N_COLUMNS 58

void       tk_csv_record_free        (TkCsvRecord *record);

/* Reads the whole CSV text (RFC 4180: quotes, doubled quotes, CRLF, newlines in quotes;
 * a UTF-8 byte-order mark is skipped).  Every record must have as many fields as the
 * first.  Errors are TK_COLLECTION_ERROR_PARSE and name the line. */
GPtrArray *tk_csv_parse              (const char  *data,
                                      gsize        length,
                                      GError     **error);

/* Progress through the file: @done of @total KiB (@total 0: the size is not known). */
typedef void (*TkBggProgressFunc) (guint    done,
                                   guint    total,
                                   gpointer user_data);

/* Imports the user's own BGG collection export.  @n_games (optional): rows imported. */
gboolean   tk_bgg_csv_import         (TkCollection      *collection,
                                      const char        *data,
                                      gsize              length,
                                      guint             *n_games,
                                      GError           **error);
/* The same, telling what became of the rows (@summary: cleared first). */
gboolean   tk_bgg_csv_import_summary (TkCollection      *collection,
                                      const char        *data,
                                      gsize              length,
                                      TkImportSummary   *summary,
                                      GError           **error);
/* Imports a file, read as it is imported (memory does not grow with its rows). */
gboolean   tk_bgg_csv_import_file    (TkCollection      *collection,
                                      GFile             *file,
                                      TkImportSummary   *summary,
                                      GError           **error);
/* The same in a worker thread (the library must be a file).  @progress is called on the
 * caller's main context; the collection emits "changed" once at the end. */
void       tk_bgg_csv_import_async   (TkCollection      *collection,
                                      GBytes            *data,
                                      TkBggProgressFunc  progress,
                                      gpointer           progress_data,
                                      GCancellable      *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer           user_data);
void       tk_bgg_csv_import_file_async (TkCollection   *collection,
                                         GFile          *file,
                                         TkBggProgressFunc progress,
                                         gpointer        progress_data,
                                         GCancellable   *cancellable,
                                         GAsyncReadyCallback callback,
                                         gpointer        user_data);
gboolean   tk_bgg_csv_import_finish  (TkCollection      *collection,
                                      GAsyncResult      *result,
                                      TkImportSummary   *summary,
                                      GError           **error);

/* The collection (games with any of @statuses; 0: all) as a BGG collection CSV. */
char      *tk_bgg_csv_export         (TkCollection      *collection,
                                      TkGameStatus       statuses,
                                      GError           **error);

/* Internal: a collection entry's stored BGG columns (collection.bgg_extra, either form in
 * docs/formats.md) as {column: text}; NULL when there are none. */
JsonObject *tk_bgg_extra_to_object   (const char        *stored);

/* Internal, for the friends' lists: the parsed rows of a BGG CSV as TkGame snapshots. */
GPtrArray *tk_bgg_csv_read_games     (const char        *data,
                                      gsize              length,
                                      GError           **error);

G_END_DECLS
