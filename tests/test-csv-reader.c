/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-csv-reader.c — the streaming CSV reader gives the same records and the same errors
 * however the file arrives: whole, or a few bytes per read, so that every place a record can
 * be cut (inside quotes, between CR and LF, on a doubled quote, inside a UTF-8 character) is
 * met.  Inputs: the BGG fixtures and a generated realistic export. */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "tk-bgg-csv.h"
#include "tk-bgg-export-gen.h"

/* A stream that hands out at most @step bytes per read. */
#define TK_TYPE_TRICKLE_STREAM (tk_trickle_stream_get_type ())
G_DECLARE_FINAL_TYPE (TkTrickleStream, tk_trickle_stream, TK, TRICKLE_STREAM, GInputStream)

struct _TkTrickleStream
{
  GInputStream parent_instance;
  const char  *data;
  gsize        length;
  gsize        offset;
  gsize        step;
};

G_DEFINE_FINAL_TYPE (TkTrickleStream, tk_trickle_stream, G_TYPE_INPUT_STREAM)

static gssize
tk_trickle_stream_read (GInputStream  *stream,
                        void          *buffer,
                        gsize          count,
                        GCancellable  *cancellable,
                        GError       **error)
{
  TkTrickleStream *self = TK_TRICKLE_STREAM (stream);
  gsize n = MIN (MIN (count, self->step), self->length - self->offset);

  memcpy (buffer, self->data + self->offset, n);
  self->offset += n;
  return (gssize) n;
}

static gboolean
tk_trickle_stream_close (GInputStream  *stream,
                         GCancellable  *cancellable,
                         GError       **error)
{
  return TRUE;
}

static void
tk_trickle_stream_class_init (TkTrickleStreamClass *klass)
{
  GInputStreamClass *stream_class = G_INPUT_STREAM_CLASS (klass);

  stream_class->read_fn = tk_trickle_stream_read;
  stream_class->close_fn = tk_trickle_stream_close;
}

static void
tk_trickle_stream_init (TkTrickleStream *self)
{
}

/* Every record of @data read @step bytes at a time, as one text (fields joined by \x1f,
 * records by \x1e, each with its line), or the error message. */
static char *
read_all (const char *data,
          gsize       length,
          gsize       step)
{
  TkTrickleStream *trickle = g_object_new (TK_TYPE_TRICKLE_STREAM, NULL);
  g_autoptr(GInputStream) stream = G_INPUT_STREAM (trickle);
  g_autoptr(TkCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  GString *out = g_string_new (NULL);
  TkCsvRecord *record;

  trickle->data = data;
  trickle->length = length;
  trickle->step = step;
  reader = tk_csv_reader_new (stream);
  while ((record = tk_csv_reader_next (reader, NULL, &error)) != NULL)
    {
      g_string_append_printf (out, "%u:", record->line);
      for (guint i = 0; i < record->n_fields; i++)
        g_string_append_printf (out, "%s%s", i > 0 ? "\x1f" : "", record->fields[i]);
      g_string_append_c (out, '\x1e');
    }
  if (error != NULL)
    g_string_append_printf (out, "ERROR %s", error->message);
  g_assert_cmpuint (tk_csv_reader_get_offset (reader), <=, length);
  return g_string_free (out, FALSE);
}

static void
check_same_in_pieces (const char *data,
                      gsize       length)
{
  g_autofree char *whole = read_all (data, length, G_MAXSIZE);
  const gsize steps[] = { 1, 2, 3, 7, 64, 4093 };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *pieces = NULL;

      /* One byte at a time re-reads each record from its start: keep that to small files. */
      if (steps[i] < 64 && length > 200000)
        continue;
      pieces = read_all (data, length, steps[i]);
      g_assert_cmpstr (pieces, ==, whole);
    }
}

static void
test_fixtures (void)
{
  const char *names[] = {
    "bgg-collection.csv", "bgg-bad-number.csv", "bgg-bad-quote.csv", "bgg-bad-utf8.csv",
    "bgg-field-count.csv", "bgg-missing-column.csv", "bgg-truncated.csv",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", names[i],
                                                NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      check_same_in_pieces (contents, length);
    }
}

static void
test_edges (void)
{
  const char *inputs[] = {
    "a,b\r\n\"x\"\"y\",\"line\r\nbreak\"\r\n",
    "\xEF\xBB\xBF" "a,b\n1,2",
    "a,b\r\n1,\r\n",
    "a,b\r\r\n1,2\r",
    "a\n\n\n\"\"\n",
    "a,b\n\"unclosed,2\n",
    "a,b\n\"x\"y,2\n",
    "a,b\nx\"y,2\n",
    "a,b\n1,2,3\n",
    "a,b\n\"日本語\",\"カタン\"\n",
    "a,b\n\"\xE6\x97\",2\n",
    "",
    "\xEF\xBB\xBF",
    "\n\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    check_same_in_pieces (inputs[i], strlen (inputs[i]));
}

/* A record is "plain" (its cells pass the multi-line text check) only when no byte of it,
 * its own line break aside, is a control but tab, LF and CR LF: C0, DEL or C1 (C2 80–C2 9F),
 * in any of the eight places a byte has in the reader's eight-byte scan, or after it. */
static void
test_plain (void)
{
  const char *bad[] = { "\x1b", "\x7f", "\xc2\x85", "\xc2\x9f", "x\ry", "x\r", "\x01", "\r\r\n" };
  const char *good[] = { "", "plain", "\xc2\xa0", "\xc3\xa9t\xc3\xa9", "カタン", "\t", "x\ny",
                         "x\r\ny", "\n" };

  for (guint pad = 0; pad < 10; pad++)
    {
      g_autofree char *padding = g_strnfill (pad, 'x');

      for (guint i = 0; i < G_N_ELEMENTS (bad) + G_N_ELEMENTS (good); i++)
        {
          gboolean is_bad = i < G_N_ELEMENTS (bad);
          const char *cell = is_bad ? bad[i] : good[i - G_N_ELEMENTS (bad)];
          g_autofree char *csv = g_strdup_printf ("a,b\r\n\"%s%s\",zz\r\n\"%s\",\"%s%s\"\n",
                                                  padding, cell, padding, padding, cell);
          g_autoptr(GPtrArray) records = tk_csv_parse (csv, strlen (csv), NULL);
          TkCsvRecord *first, *second;

          g_assert_nonnull (records);
          g_assert_cmpuint (records->len, ==, 3);
          first = g_ptr_array_index (records, 1);
          second = g_ptr_array_index (records, 2);
          g_assert_true (((TkCsvRecord *) g_ptr_array_index (records, 0))->plain);
          g_assert_cmpint (first->plain, ==, !is_bad);
          g_assert_cmpint (second->plain, ==, !is_bad);
          g_assert_cmpuint (first->size, ==, strlen (padding) + strlen (cell) + 5);
        }
    }
}

/* Also the same records as the whole-file parser gives (tk_csv_parse). */
static void
test_generated_export (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) catalog = tk_bgg_export_catalog_games (&error);
  g_autoptr(GArray) games = g_array_new (FALSE, FALSE, sizeof (TkGenCatalogGame));
  g_autoptr(GPtrArray) records = NULL;
  g_autofree char *whole = NULL;
  GString *csv;
  guint n_records = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < catalog->len; i++)
    g_array_append_vals (games, g_ptr_array_index (catalog, i), 1);
  csv = tk_bgg_export_generate (1500, 3, (const TkGenCatalogGame *) (gpointer) games->data,
                                games->len, 15);
  check_same_in_pieces (csv->str, csv->len);

  records = tk_csv_parse (csv->str, csv->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1501);
  whole = read_all (csv->str, csv->len, G_MAXSIZE);
  for (const char *p = whole; (p = strchr (p, '\x1e')) != NULL; p++)
    n_records++;
  g_assert_cmpuint (n_records, ==, records->len);
  g_string_free (csv, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/csv-reader/fixtures", test_fixtures);
  g_test_add_func ("/csv-reader/edges", test_edges);
  g_test_add_func ("/csv-reader/generated-export", test_generated_export);
  g_test_add_func ("/csv-reader/plain", test_plain);
  return g_test_run ();
}
