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

  GString      *texts;       /* the record's fields, each NUL-terminated */
  GArray       *offsets;     /* gsize: where each field starts in texts */
  GPtrArray    *fields;
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
  reader->texts = g_string_sized_new (1024);
  reader->offsets = g_array_sized_new (FALSE, FALSE, sizeof (gsize), 64);
  reader->fields = g_ptr_array_sized_new (64);
  return reader;
}

void
tk_csv_reader_free (TkCsvReader *reader)
{
  if (reader == NULL)
    return;
  g_object_unref (reader->stream);
  g_free (reader->buffer);
  g_string_free (reader->texts, TRUE);
  g_array_unref (reader->offsets);
  g_ptr_array_unref (reader->fields);
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

static void
end_field (TkCsvReader *reader,
           gsize        start_offset)
{
  g_string_append_c (reader->texts, '\0');
  g_array_append_val (reader->offsets, start_offset);
}

/* One record from buffer[start…end).  On PARSE_RECORD/PARSE_BLANK *next is where the
 * next record begins and *lines the newlines the record spans. */
static ParseResult
parse_record (TkCsvReader  *reader,
              gsize        *next,
              guint        *lines,
              GError      **error)
{
  const char *p = reader->buffer + reader->start;
  const char *end = reader->buffer + reader->end;
  gboolean eof = reader->eof;
  guint line = reader->line;
  gboolean quoted = FALSE;

  g_string_truncate (reader->texts, 0);
  g_array_set_size (reader->offsets, 0);

  for (;;)
    {
      gsize start_offset = reader->texts->len;

      quoted = FALSE;
      if (p < end && *p == '"')
        {
          quoted = TRUE;
          p++;
          for (;;)
            {
              const char *quote = memchr (p, '"', (gsize) (end - p));

              if (quote == NULL)
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
              line += count_newlines (p, quote);
              g_string_append_len (reader->texts, p, quote - p);
              p = quote + 1;
              if (p < end && *p == '"')
                {
                  g_string_append_c (reader->texts, '"');
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
          const char *start = p;

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
          g_string_append_len (reader->texts, start, p - start);
        }

      end_field (reader, start_offset);

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
              end_field (reader, reader->texts->len);
              break;
            }
          continue;
        }
      /* CR, LF or CRLF ends the record. */
      if (*p == '\r' && p + 1 == end && !eof)
        return PARSE_MORE;
      if (*p == '\r' && p + 1 < end && p[1] == '\n')
        p++;
      p++;
      line++;
      break;
    }

  *next = (gsize) (p - reader->buffer);
  *lines = line - reader->line;
  if (reader->offsets->len == 1 && !quoted && reader->texts->str[0] == '\0')
    return PARSE_BLANK;
  return PARSE_RECORD;
}

TkCsvRecord *
tk_csv_reader_next (TkCsvReader   *reader,
                    GCancellable  *cancellable,
                    GError       **error)
{
  for (;;)
    {
      const char *invalid = NULL;
      ParseResult result;
      gsize next = 0;
      guint lines = 0;

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

      result = parse_record (reader, &next, &lines, error);
      if (result == PARSE_ERROR)
        return NULL;
      if (result == PARSE_MORE)
        {
          if (!fill (reader, cancellable, error))
            return NULL;
          continue;
        }

      if (!g_utf8_validate_len (reader->buffer + reader->start, next - reader->start, &invalid))
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
        reader->expected = reader->offsets->len;
      else if (reader->offsets->len != reader->expected)
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Line %u: %u fields where the first line has %u; a field is "
                         "missing or a quote is misplaced."),
                       reader->record.line, reader->offsets->len, reader->expected);
          return NULL;
        }

      g_ptr_array_set_size (reader->fields, 0);
      for (guint i = 0; i < reader->offsets->len; i++)
        g_ptr_array_add (reader->fields,
                         reader->texts->str + g_array_index (reader->offsets, gsize, i));
      g_ptr_array_add (reader->fields, NULL);
      reader->record.fields = (char **) reader->fields->pdata;
      reader->record.n_fields = reader->offsets->len;
      reader->n_records++;
      return &reader->record;
    }
}
