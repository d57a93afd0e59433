/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-csv.c — BoardGameGeek collection CSV: its columns, whole-file parsing, values.
 *
 * The rest lives beside it: tk-bgg-csv-rows.c (records into compact rows),
 * tk-bgg-csv-writer.c (rows into the library), tk-bgg-csv-import.c (the import: a reading
 * thread, progress, the public calls) and tk-bgg-csv-export.c. */
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

const char * const tk_bgg_csv_columns[] = {
  "objectname", "objectid", "rating", "numplays", "weight", "own", "fortrade", "want",
  "wanttobuy", "wanttoplay", "prevowned", "preordered", "wishlist", "wishlistpriority",
  "wishlistcomment", "comment", "conditiontext", "haspartslist", "wantpartslist", "collid",
  "baverage", "average", "avgweight", "rank", "numowned", "objecttype", "originalname",
  "minplayers", "maxplayers", "playingtime", "maxplaytime", "minplaytime", "yearpublished",
  "bggrecplayers", "bggbestplayers", "bggrecagerange", "bgglanguagedependence", "publisherid",
  "imageid", "year", "language", "other", "itemtype", "barcode", "pricepaid", "pp_currency",
  "currvalue", "cv_currency", "acquisitiondate", "acquiredfrom", "quantity", "privatecomment",
  "invlocation", "invdate", "version_publishers", "version_languages", "version_yearpublished",
  "version_nickname", NULL
};

G_STATIC_ASSERT (G_N_ELEMENTS (tk_bgg_csv_columns) == TK_BGG_CSV_N_COLUMNS + 1);

/* Texts that fill BGG's columns in nearly every row (flags, the object and item types, the
 * five levels of language dependence), kept in bgg_extra's compact form as their number
 * here plus one (docs/formats.md): a third of an entry's columns otherwise.  Append only:
 * a library keeps these numbers. */
const char * const tk_bgg_csv_common[] = {
  "0", "1", "thing", "standalone", "expansion",
  "No necessary in-game text",
  "Some necessary text - easily memorized or small crib sheet",
  "Moderate in-game text - needs crib sheet or paste ups",
  "Extensive use of text - massive conversion needed to be playable",
  "Unplayable in another language",
};

G_STATIC_ASSERT (G_N_ELEMENTS (tk_bgg_csv_common) == TK_BGG_CSV_N_COMMON);

guint
tk_bgg_csv_common_code (const char *text)
{
  /* Most texts are a digit or start with a letter no common text starts with. */
  if (text[0] == '0' || text[0] == '1')
    return text[1] == '\0' ? (guint) (text[0] - '0') + 1 : 0;
  if (strchr ("tseNSMEU", text[0]) == NULL || text[0] == '\0')
    return 0;
  for (guint i = 2; i < TK_BGG_CSV_N_COMMON; i++)
    if (strcmp (text, tk_bgg_csv_common[i]) == 0)
      return i + 1;
  return 0;
}


const TkBggMapped tk_bgg_csv_mapped[N_MAPPED] = {
  { "objectname", KIND_TEXT }, { "objectid", KIND_INT }, { "rating", KIND_NUMBER },
  { "numplays", KIND_INT }, { "own", KIND_FLAG }, { "wanttoplay", KIND_FLAG },
  { "comment", KIND_TEXT }, { "average", KIND_NUMBER }, { "avgweight", KIND_NUMBER },
  { "rank", KIND_INT }, { "minplayers", KIND_INT }, { "maxplayers", KIND_INT },
  { "maxplaytime", KIND_INT }, { "minplaytime", KIND_INT }, { "yearpublished", KIND_YEAR },
  { "bggbestplayers", KIND_TEXT }, { "pricepaid", KIND_PRICE },
  { "acquisitiondate", KIND_TEXT },
};


/* ---- whole files (tests, small inputs) ---- */

void
tk_csv_record_free (TkCsvRecord *record)
{
  /* The record, its field pointers and their texts are one block (see record_copy). */
  g_free (record);
}

/* One allocation: the struct, the NULL-terminated field pointers, then the texts. */
static TkCsvRecord *
record_copy (const TkCsvRecord *from)
{
  gsize head = sizeof (TkCsvRecord) + (from->n_fields + 1) * sizeof (char *);
  gsize texts = 0;
  TkCsvRecord *record;
  char *q;

  for (guint i = 0; i < from->n_fields; i++)
    texts += strlen (from->fields[i]) + 1;
  record = g_malloc (head + texts);
  record->line = from->line;
  record->n_fields = from->n_fields;
  record->plain = from->plain;
  record->size = from->size;
  record->fields = (char **) (gpointer) (record + 1);
  q = (char *) record + head;
  for (guint i = 0; i < from->n_fields; i++)
    {
      gsize n = strlen (from->fields[i]) + 1;

      memcpy (q, from->fields[i], n);
      record->fields[i] = q;
      q += n;
    }
  record->fields[from->n_fields] = NULL;
  return record;
}

GInputStream *
tk_bgg_csv_memory_stream (const char *data,
               gsize       length)
{
  return g_memory_input_stream_new_from_data (data != NULL ? data : "", (gssize) length, NULL);
}

GPtrArray *
tk_csv_parse (const char  *data,
              gsize        length,
              GError     **error)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(TkCsvReader) reader = NULL;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_csv_record_free);
  g_autoptr(GError) local_error = NULL;
  TkCsvRecord *record;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  stream = tk_bgg_csv_memory_stream (data, length);
  reader = tk_csv_reader_new (stream);
  while ((record = tk_csv_reader_next (reader, NULL, &local_error)) != NULL)
    g_ptr_array_add (records, record_copy (record));
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&records);
}

/* ---- values ---- */

/* Whole numbers of up to 15 digits are exact in a double: no need for strtod. */
static gboolean
parse_digits (const char *text,
              double     *value)
{
  gint64 v = 0;
  guint n = 0;

  for (; text[n] >= '0' && text[n] <= '9'; n++)
    {
      if (n == 15)
        return FALSE;
      v = v * 10 + (text[n] - '0');
    }
  if (n == 0 || text[n] != '\0')
    return FALSE;
  *value = (double) v;
  return TRUE;
}

gboolean
tk_bgg_csv_parse_value (Kind         kind,
             const char  *text,
             double      *value)
{
  char *endp = NULL;
  double v;

  if (*text == '\0')
    {
      *value = kind == KIND_PRICE ? -1.0 : 0.0;
      return kind != KIND_TEXT;
    }
  /* BoardGameGeek writes "N/A" for an unrated game and its missing averages: unknown, as an
   * empty field.  (Counts, ids and years get no such leniency.) */
  if (kind == KIND_NUMBER && g_ascii_strcasecmp (text, "N/A") == 0)
    {
      *value = 0.0;
      return TRUE;
    }
  if (!parse_digits (text, &v))
    {
      v = g_ascii_strtod (text, &endp);
      if (endp == text || *endp != '\0' || !isfinite (v))
        return FALSE;
    }
  switch (kind)
    {
    case KIND_INT:
      if (v < 0 || v > G_MAXINT || v != floor (v))
        return FALSE;
      break;
    case KIND_YEAR:
      if (v < -100000 || v > 100000 || v != floor (v))
        return FALSE;
      break;
    case KIND_FLAG:
      if (v != 0.0 && v != 1.0)
        return FALSE;
      break;
    case KIND_NUMBER:
    case KIND_PRICE:
      if (v < 0 || v > 1e12)
        return FALSE;
      break;
    case KIND_TEXT:
    default:
      return FALSE;
    }
  *value = v;
  return TRUE;
}

/* The canonical spelling of a value, written into @buffer (which it returns).  Whole
 * numbers below 10^15 print the same with "%.0f" and "%.15g", so they skip printf. */
const char *
tk_bgg_csv_format_value_buf (Kind   kind,
                  double value,
                  char   buffer[G_ASCII_DTOSTR_BUF_SIZE])
{
  g_assert (kind != KIND_TEXT);

  if (kind == KIND_PRICE && value < 0)
    return "";
  if (value == floor (value) && fabs (value) < 1e15)
    {
      gint64 v = (gint64) fabs (value);
      char *q = buffer + G_ASCII_DTOSTR_BUF_SIZE - 1;

      *q = '\0';
      do
        *--q = (char) ('0' + v % 10);
      while ((v /= 10) > 0);
      if (signbit (value))
        *--q = '-';
      return q;
    }
  if (kind == KIND_NUMBER || kind == KIND_PRICE)
    return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.15g", value);
  g_snprintf (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.0f", value);
  return buffer;
}

char *
tk_bgg_csv_format_value (Kind   kind,
              double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (tk_bgg_csv_format_value_buf (kind, value, buffer));
}
