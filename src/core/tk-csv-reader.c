/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-csv-reader.c — a streaming RFC 4180 reader. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-collection.h"
#include "tk-csv-reader.h"

/* Reads in chunks of this size, more when one record is longer. */
#define CHUNK_SIZE (256 * 1024)

struct _TkCsvReader
{
  GInputStream *stream;
  char         *buffer;
  gsize         size;        /* allocated */
  gsize         start;       /* first byte not parsed yet */
  gsize         end;         /* first byte not read yet */
  gboolean      eof;
  gboolean      at_start;    /* a byte-order mark may still come */
  guint64       consumed;    /* bytes before buffer[0] */
  guint         line;        /* the line buffer[start] is on */
  guint         expected;    /* fields per record (the first one's) */
  guint         n_records;

  /* The record's fields, each NUL-terminated, written through a pointer rather than
   * appended call by call: a 100,000-row export has 5.8 million fields. */
  char         *texts;
  gsize         texts_size;  /* allocated */
  gsize        *starts;      /* where each field starts in texts */
  char        **fields;      /* n_fields pointers and a NULL */
  guint         n_fields;
  guint         fields_size; /* allocated, in starts and in fields */
  TkCsvRecord   record;
};

typedef enum
{
  PARSE_RECORD,
  PARSE_BLANK,
  PARSE_MORE,     /* the record goes on past what has been read */
  PARSE_ERROR,
} ParseResult;

TkCsvReader *
tk_csv_reader_new (GInputStream *stream)
{
  TkCsvReader *reader = g_new0 (TkCsvReader, 1);

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  reader->stream = g_object_ref (stream);
  reader->size = CHUNK_SIZE;
  reader->buffer = g_malloc (reader->size);
  reader->at_start = TRUE;
  reader->line = 1;
  reader->texts_size = 4096;
  reader->texts = g_malloc (reader->texts_size);
  reader->fields_size = 64;
  reader->starts = g_new (gsize, reader->fields_size);
  reader->fields = g_new (char *, reader->fields_size + 1);
  return reader;
}

void
tk_csv_reader_free (TkCsvReader *reader)
{
  if (reader == NULL)
    return;
  g_object_unref (reader->stream);
  g_free (reader->buffer);
  g_free (reader->texts);
  g_free (reader->starts);
  g_free (reader->fields);
  g_free (reader);
}

guint64
tk_csv_reader_get_offset (TkCsvReader *reader)
{
  return reader->consumed + reader->start;
}

static guint
count_newlines (const char *from,
                const char *to)
{
  guint n = 0;

  for (const char *p = from; p < to && (p = memchr (p, '\n', (gsize) (to - p))) != NULL; p++)
    n++;
  return n;
}

/* Keeps what is not parsed yet and reads more after it: at least a chunk, and at least as
 * much again as the unfinished record, so a long record is parsed O(n) times in all. */
static gboolean
fill (TkCsvReader   *reader,
      GCancellable  *cancellable,
      GError       **error)
{
  gsize pending = reader->end - reader->start;
  gsize want = MAX (CHUNK_SIZE, pending);
  gssize n;

  if (reader->start > 0)
    {
      memmove (reader->buffer, reader->buffer + reader->start, pending);
      reader->consumed += reader->start;
      reader->start = 0;
      reader->end = pending;
    }
  if (reader->size < pending + want)
    {
      reader->size = pending + want;
      reader->buffer = g_realloc (reader->buffer, reader->size);
    }
  n = g_input_stream_read (reader->stream, reader->buffer + reader->end, reader->size - reader->end,
                           cancellable, error);
  if (n < 0)
    return FALSE;
  if (n == 0)
    reader->eof = TRUE;
  reader->end += (gsize) n;
  return TRUE;
}

/* Where @n more bytes (and a NUL) of the record's texts go, after the first @used. */
static inline char *
texts_reserve (TkCsvReader *reader,
               gsize        used,
               gsize        n)
{
  if (used + n + 1 > reader->texts_size)
    {
      reader->texts_size = MAX (reader->texts_size * 2, used + n + 1);
      reader->texts = g_realloc (reader->texts, reader->texts_size);
    }
  return reader->texts + used;
}

/* The field that started at @start ends at @used: NUL-terminates it. */
static inline gsize
end_field (TkCsvReader *reader,
           gsize        start,
           gsize        used)
{
  if (reader->n_fields == reader->fields_size)
    {
      reader->fields_size *= 2;
      reader->starts = g_renew (gsize, reader->starts, reader->fields_size);
      reader->fields = g_renew (char *, reader->fields, reader->fields_size + 1);
    }
  reader->starts[reader->n_fields++] = start;
  *texts_reserve (reader, used, 0) = '\0';
  return used + 1;
}

/* One record from buffer[start…end).  On PARSE_RECORD/PARSE_BLANK *next is where the
 * next record begins, *content_end where its last field ends (before the line break), and
 * *lines the newlines the record spans. */
static ParseResult
parse_record (TkCsvReader  *reader,
              gsize        *next,
              gsize        *content_end,
              guint        *lines,
              GError      **error)
{
  const char *p = reader->buffer + reader->start;
  const char *end = reader->buffer + reader->end;
  gboolean eof = reader->eof;
  guint line = reader->line;
  gboolean quoted = FALSE;
  gsize used = 0;

  reader->n_fields = 0;

  for (;;)
    {
      gsize start = used;

      quoted = FALSE;
      if (p < end && *p == '"')
        {
          quoted = TRUE;
          p++;
          for (;;)
            {
              const char *quote = p;
              guint newlines = 0;

              /* Fields are short (a few bytes on average): one pass that counts the line
               * breaks on its way beats a memchr for the quote and another for them. */
              while (quote < end && *quote != '"')
                newlines += *quote++ == '\n';
              if (quote == end)
                {
                  if (!eof)
                    return PARSE_MORE;
                  g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                               _("Line %u: a quoted field is never closed; the file may be "
                                 "cut short."), reader->line);
                  return PARSE_ERROR;
                }
              if (quote + 1 == end && !eof)
                return PARSE_MORE;
              line += newlines;
              memcpy (texts_reserve (reader, used, (gsize) (quote - p)), p, (gsize) (quote - p));
              used += (gsize) (quote - p);
              p = quote + 1;
              if (p < end && *p == '"')
                {
                  *texts_reserve (reader, used, 1) = '"';
                  used++;
                  p++;
                  continue;
                }
              break;
            }
          if (p < end && *p != ',' && *p != '\n' && *p != '\r')
            {
              g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                           _("Line %u: text follows a closing quote; a quote inside a field "
                             "must be doubled."), line);
              return PARSE_ERROR;
            }
        }
      else
        {
          const char *from = p;

          while (p < end && *p != ',' && *p != '\n' && *p != '\r')
            {
              if (*p == '"')
                {
                  g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                               _("Line %u: a quote in the middle of a field that does not "
                                 "start with one."), line);
                  return PARSE_ERROR;
                }
              p++;
            }
          if (p == end && !eof)
            return PARSE_MORE;
          memcpy (texts_reserve (reader, used, (gsize) (p - from)), from, (gsize) (p - from));
          used += (gsize) (p - from);
        }

      used = end_field (reader, start, used);

      if (p >= end)
        {
          if (!eof)
            return PARSE_MORE;
          break;
        }
      if (*p == ',')
        {
          p++;
          if (p >= end)
            {
              if (!eof)
                return PARSE_MORE;
              used = end_field (reader, used, used);
              break;
            }
          continue;
        }
      /* CR, LF or CRLF ends the record. */
      if (*p == '\r' && p + 1 == end && !eof)
        return PARSE_MORE;
      *content_end = (gsize) (p - reader->buffer);
      if (*p == '\r' && p + 1 < end && p[1] == '\n')
        p++;
      p++;
      line++;
      *next = (gsize) (p - reader->buffer);
      *lines = line - reader->line;
      goto done;
    }

  *next = *content_end = (gsize) (p - reader->buffer);
  *lines = line - reader->line;
done:
  if (reader->n_fields == 1 && !quoted && reader->texts[0] == '\0')
    return PARSE_BLANK;
  return PARSE_RECORD;
}

/* Whether byte @i of @p (@length bytes) is or starts a control character other than a tab
 * or a line break (LF, or CR before LF): the Cc characters are the bytes below 0x20, 0x7F,
 * and C2 80 to C2 9F. */
static inline gboolean
is_control_at (const guchar *p,
               gsize         i,
               gsize         length)
{
  guchar b = p[i];

  if (b < 0x20)
    return b != '\t' && b != '\n' && !(b == '\r' && i + 1 < length && p[i + 1] == '\n');
  return b == 0x7f || (b == 0xc2 && i + 1 < length && p[i + 1] < 0xa0);
}

/* Whether @length bytes hold no control character but tabs and line breaks, eight bytes at
 * a time; *ascii says whether they are all below 0x80 (UTF-8 then, with no NUL).  Line
 * breaks are let through because comments hold them: a third of a realistic export's rows. */
static gboolean
scan_controls (const char *text,
               gsize       length,
               gboolean   *ascii)
{
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  const guint64 highs = G_GUINT64_CONSTANT (0x8080808080808080);
  const guchar *p = (const guchar *) text;
  guint64 high = 0;
  gsize i = 0;

  *ascii = FALSE;
  for (; i + 8 <= length; i += 8)
    {
      guint64 w, del, c2;

      memcpy (&w, p + i, 8);
      high |= w;
      /* Any byte below 0x20, any 0x7F (zero after XOR), any 0xC2: a closer look. */
      del = w ^ (ones * 0x7f);
      c2 = w ^ (ones * 0xc2);
      if ((((w - ones * 0x20) & ~w) | ((del - ones) & ~del) | ((c2 - ones) & ~c2)) & highs)
        for (gsize j = i; j < i + 8; j++)
          if (is_control_at (p, j, length))
            return FALSE;
    }
  for (; i < length; i++)
    {
      high |= p[i];
      if (is_control_at (p, i, length))
        return FALSE;
    }
  *ascii = (high & highs) == 0;
  return TRUE;
}

TkCsvRecord *
tk_csv_reader_next (TkCsvReader   *reader,
                    GCancellable  *cancellable,
                    GError       **error)
{
  for (;;)
    {
      const char *invalid = NULL;
      const char *record_start;
      ParseResult result;
      gsize next = 0;
      gsize content_end = 0;
      guint lines = 0;
      gboolean ascii = FALSE;

      if (reader->at_start)
        {
          if (reader->end - reader->start < 3 && !reader->eof)
            {
              if (!fill (reader, cancellable, error))
                return NULL;
              continue;
            }
          if (reader->end - reader->start >= 3 &&
              memcmp (reader->buffer + reader->start, "\xEF\xBB\xBF", 3) == 0)
            reader->start += 3;
          reader->at_start = FALSE;
        }

      if (reader->start == reader->end)
        {
          if (!reader->eof)
            {
              if (!fill (reader, cancellable, error))
                return NULL;
              continue;
            }
          if (reader->n_records == 0)
            g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                         _("The file is empty."));
          return NULL;
        }

      result = parse_record (reader, &next, &content_end, &lines, error);
      if (result == PARSE_ERROR)
        return NULL;
      if (result == PARSE_MORE)
        {
          if (!fill (reader, cancellable, error))
            return NULL;
          continue;
        }

      /* Most records hold neither a control character nor a byte above 0x7F: they need no
       * UTF-8 validation, and their fields no check for controls (tk_text_check_utf8_len). */
      record_start = reader->buffer + reader->start;
      reader->record.plain = scan_controls (record_start, content_end - reader->start, &ascii);
      reader->record.size = content_end - reader->start;
      if (!ascii && !g_utf8_validate_len (record_start, next - reader->start, &invalid))
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Line %u: the text is not valid UTF-8. Save the file as UTF-8 and try again."),
                       reader->line + count_newlines (reader->buffer + reader->start, invalid));
          return NULL;
        }

      reader->record.line = reader->line;
      reader->start = next;
      reader->line += lines;
      if (result == PARSE_BLANK)
        continue;

      if (reader->expected == 0)
        reader->expected = reader->n_fields;
      else if (reader->n_fields != reader->expected)
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Line %u: %u fields where the first line has %u; a field is "
                         "missing or a quote is misplaced."),
                       reader->record.line, reader->n_fields, reader->expected);
          return NULL;
        }

      for (guint i = 0; i < reader->n_fields; i++)
        reader->fields[i] = reader->texts + reader->starts[i];
      reader->fields[reader->n_fields] = NULL;
      reader->record.fields = reader->fields;
      reader->record.n_fields = reader->n_fields;
      reader->n_records++;
      return &reader->record;
    }
}
