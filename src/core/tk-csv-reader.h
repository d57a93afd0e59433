/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-csv-reader.h — an RFC 4180 reader that streams: one record at a time from a
 * GInputStream, in memory that does not grow with the number of records (only with the
 * longest record). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* One record of a CSV file. */
typedef struct
{
  guint   line;      /* the line it starts on, 1-based */
  char  **fields;    /* NULL-terminated */
  guint   n_fields;
  /* No field holds a control character but tabs and line breaks (LF, CR LF): each passes
   * the check of a multi-line text (tk-text.h) but for its length (nearly every record);
   * each field is at most @size bytes, the record's length in the file. */
  gboolean plain;
  gsize   size;
} TkCsvRecord;

typedef struct _TkCsvReader TkCsvReader;

/* Quotes, doubled quotes, CRLF or LF, newlines inside quotes; a UTF-8 byte-order mark is
 * skipped; blank lines are skipped.  Every record must be UTF-8 and have as many fields as
 * the first.  Errors are TK_COLLECTION_ERROR_PARSE and name the line. */
TkCsvReader *tk_csv_reader_new        (GInputStream  *stream);
void         tk_csv_reader_free       (TkCsvReader   *reader);
/* The next record (owned by the reader, valid until the next call; its fields may be
 * changed in place).  NULL at the end (@error unset) or on an error; an input without any
 * record is an error ("The file is empty."). */
TkCsvRecord *tk_csv_reader_next       (TkCsvReader   *reader,
                                       GCancellable  *cancellable,
                                       GError       **error);
/* Bytes read and parsed so far, for progress. */
guint64      tk_csv_reader_get_offset (TkCsvReader   *reader);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkCsvReader, tk_csv_reader_free)

G_END_DECLS
