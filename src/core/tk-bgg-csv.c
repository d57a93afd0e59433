/* tk-bgg-csv.c — BoardGameGeek collection CSV: reader, import, export. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-bgg-csv.h"
#include "tk-json.h"
#include "tk-collection-private.h"

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

/* The columns Tablekeeper has a field for. */
typedef enum
{
  COL_OBJECTNAME, COL_OBJECTID, COL_RATING, COL_NUMPLAYS, COL_OWN, COL_WANTTOPLAY, COL_COMMENT,
  COL_AVERAGE, COL_AVGWEIGHT, COL_RANK, COL_MINPLAYERS, COL_MAXPLAYERS, COL_MAXPLAYTIME,
  COL_MINPLAYTIME, COL_YEARPUBLISHED, COL_BGGBESTPLAYERS, COL_PRICEPAID, COL_ACQUISITIONDATE,
  N_MAPPED
} Mapped;

typedef enum
{
  KIND_TEXT,     /* any text */
  KIND_INT,      /* whole number ≥ 0, "" = 0 */
  KIND_YEAR,     /* whole number, may be negative */
  KIND_FLAG,     /* 0 or 1, "" = 0 */
  KIND_NUMBER,   /* decimal ≥ 0, "" = 0 */
  KIND_PRICE,    /* decimal ≥ 0, "" = unknown */
} Kind;

static const struct
{
  const char *name;
  Kind        kind;
} mapped[N_MAPPED] = {
  { "objectname", KIND_TEXT }, { "objectid", KIND_INT }, { "rating", KIND_NUMBER },
  { "numplays", KIND_INT }, { "own", KIND_FLAG }, { "wanttoplay", KIND_FLAG },
  { "comment", KIND_TEXT }, { "average", KIND_NUMBER }, { "avgweight", KIND_NUMBER },
  { "rank", KIND_INT }, { "minplayers", KIND_INT }, { "maxplayers", KIND_INT },
  { "maxplaytime", KIND_INT }, { "minplaytime", KIND_INT }, { "yearpublished", KIND_YEAR },
  { "bggbestplayers", KIND_TEXT }, { "pricepaid", KIND_PRICE },
  { "acquisitiondate", KIND_TEXT },
};

/* Facts about the game (BGG's), not about the user's copy. */
static gboolean
is_fact_column (Mapped m)
{
  return m == COL_AVERAGE || m == COL_AVGWEIGHT || m == COL_RANK || m == COL_MINPLAYERS ||
         m == COL_MAXPLAYERS || m == COL_MAXPLAYTIME || m == COL_MINPLAYTIME ||
         m == COL_YEARPUBLISHED || m == COL_BGGBESTPLAYERS;
}

/* ---- RFC 4180 reader ---- */

void
tk_csv_record_free (TkCsvRecord *record)
{
  /* The record, its field pointers and their texts are one block (see record_new). */
  g_free (record);
}

static guint
count_lines (const char *from,
             const char *to)
{
  guint n = 1;

  for (const char *p = from; p < to; p++)
    if (*p == '\n')
      n++;
  return n;
}

/* One allocation per record: the struct, the NULL-terminated field pointers, then the
 * texts (each NUL-terminated in @texts, at @offsets). */
static TkCsvRecord *
record_new (guint         line,
            const GArray *offsets,
            const GString *texts)
{
  gsize head = sizeof (TkCsvRecord) + (offsets->len + 1) * sizeof (char *);
  TkCsvRecord *record = g_malloc (head + texts->len);
  char *base = (char *) record + head;

  memcpy (base, texts->str, texts->len);
  record->line = line;
  record->n_fields = offsets->len;
  record->fields = (char **) (gpointer) (record + 1);
  for (guint i = 0; i < offsets->len; i++)
    record->fields[i] = base + g_array_index (offsets, gsize, i);
  record->fields[offsets->len] = NULL;
  return record;
}

GPtrArray *
tk_csv_parse (const char  *data,
              gsize        length,
              GError     **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_csv_record_free);
  g_autoptr(GArray) offsets = g_array_sized_new (FALSE, FALSE, sizeof (gsize), 64);
  g_autoptr(GString) texts = g_string_sized_new (1024);
  const char *p = data;
  const char *end = data + length;
  const char *invalid = NULL;
  guint line = 1;
  guint record_line = 1;
  guint expected = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    p += 3;

  if (!g_utf8_validate_len (p, (gsize) (end - p), &invalid))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Line %u: the text is not valid UTF-8. Save the file as UTF-8 and try again."),
                   count_lines (p, invalid));
      return NULL;
    }

  if (p == end)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The file is empty."));
      return NULL;
    }

  while (p < end)
    {
      gboolean quoted = FALSE;
      gboolean record_end = FALSE;
      gsize start_offset = texts->len;

      if (*p == '"')
        {
          quoted = TRUE;
          p++;
          for (;;)
            {
              const char *quote = memchr (p, '"', (gsize) (end - p));

              if (quote == NULL)
                {
                  g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                               _("Line %u: a quoted field is never closed; the file may be "
                                 "cut short."), record_line);
                  return NULL;
                }
              line += count_lines (p, quote) - 1;
              g_string_append_len (texts, p, quote - p);
              p = quote + 1;
              if (p < end && *p == '"')
                {
                  g_string_append_c (texts, '"');
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
              return NULL;
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
                  return NULL;
                }
              p++;
            }
          g_string_append_len (texts, start, p - start);
        }

      g_string_append_c (texts, '\0');
      g_array_append_val (offsets, start_offset);

      if (p >= end)
        record_end = TRUE;
      else if (*p == ',')
        {
          p++;
          if (p >= end)
            {
              gsize empty = texts->len;

              g_string_append_c (texts, '\0');
              g_array_append_val (offsets, empty);
              record_end = TRUE;
            }
        }
      else
        {
          if (*p == '\r' && p + 1 < end && p[1] == '\n')
            p++;
          p++;
          record_end = TRUE;
        }

      if (record_end)
        {
          gboolean blank = offsets->len == 1 && !quoted && texts->str[0] == '\0';

          if (!blank)
            {
              if (expected == 0)
                expected = offsets->len;
              else if (offsets->len != expected)
                {
                  g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                               _("Line %u: %u fields where the first line has %u; a field is "
                                 "missing or a quote is misplaced."),
                               record_line, offsets->len, expected);
                  return NULL;
                }
              g_ptr_array_add (records, record_new (record_line, offsets, texts));
            }
          g_array_set_size (offsets, 0);
          g_string_truncate (texts, 0);
          line++;
          record_line = line;
        }
    }

  /* Only blank lines: no header to read the columns from. */
  if (records->len == 0)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The file is empty."));
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

static gboolean
parse_value (Kind         kind,
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
static const char *
format_value_buf (Kind   kind,
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

static char *
format_value (Kind   kind,
              double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (format_value_buf (kind, value, buffer));
}

/* ---- reading games out of the records ---- */

/* The rest of a row travels along in the game's bgg_extra, a JSON object of texts.  Its keys
 * depend on the header only: each gets a slot, and a key given twice keeps its first place
 * and its last value, as in a JsonObject.  The text is what json-glib would write. */
typedef struct
{
  int        index[N_MAPPED];   /* column of each mapped field, -1 if absent */
  char     **header;
  guint      n_columns;
  guint8    *is_mapped;         /* per column */
  guint      mapped_slot[N_MAPPED];
  guint     *column_slot;       /* per column */
  GPtrArray *slot_keys;         /* per slot: the key, escaped and quoted, with its colon */
  /* per row */
  const char **slot_value;
  guint     *slot_row;
  guint     *order;
  guint      n_order;
  guint      row;
  GString   *extra;
} Columns;

static void
columns_clear (Columns *columns)
{
  g_clear_pointer (&columns->is_mapped, g_free);
  g_clear_pointer (&columns->column_slot, g_free);
  g_clear_pointer (&columns->slot_keys, g_ptr_array_unref);
  g_clear_pointer (&columns->slot_value, g_free);
  g_clear_pointer (&columns->slot_row, g_free);
  g_clear_pointer (&columns->order, g_free);
  if (columns->extra != NULL)
    g_string_free (g_steal_pointer (&columns->extra), TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Columns, columns_clear)

/* json-glib 1.6's escaping of a string value or member name. */
static void
append_json_string (GString    *out,
                    const char *text)
{
  static const char hex[] = "0123456789abcdef";
  const char *run = text;
  const char *p;

  g_string_append_c (out, '"');
  for (p = text; *p != '\0'; p++)
    {
      const char *escape = NULL;

      if (*p == '\\')
        escape = "\\\\";
      else if (*p == '"')
        escape = "\\\"";
      else if (*p == '\b')
        escape = "\\b";
      else if (*p == '\f')
        escape = "\\f";
      else if (*p == '\n')
        escape = "\\n";
      else if (*p == '\r')
        escape = "\\r";
      else if (*p == '\t')
        escape = "\\t";
      else if ((*p > 0 && *p < 0x1f) || *p == 0x7f)
        {
          char u[] = { '\\', 'u', '0', '0', hex[(*p >> 4) & 0xf], hex[*p & 0xf], '\0' };

          g_string_append_len (out, run, p - run);
          g_string_append (out, u);
          run = p + 1;
          continue;
        }
      else
        continue;
      g_string_append_len (out, run, p - run);
      g_string_append (out, escape);
      run = p + 1;
    }
  g_string_append_len (out, run, p - run);
  g_string_append_c (out, '"');
}

static guint
slot_for (Columns    *columns,
          GHashTable *slots,
          const char *key)
{
  gpointer found;
  GString *quoted;

  if (g_hash_table_lookup_extended (slots, key, NULL, &found))
    return GPOINTER_TO_UINT (found);
  quoted = g_string_new (NULL);
  append_json_string (quoted, key);
  g_string_append_c (quoted, ':');
  g_ptr_array_add (columns->slot_keys, g_string_free (quoted, FALSE));
  g_hash_table_insert (slots, (gpointer) key, GUINT_TO_POINTER (columns->slot_keys->len - 1));
  return columns->slot_keys->len - 1;
}

static gboolean
map_columns (TkCsvRecord  *header,
             Columns      *columns,
             GError      **error)
{
  g_autoptr(GHashTable) slots = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_slots;

  memset (columns, 0, sizeof *columns);
  columns->header = header->fields;
  columns->n_columns = header->n_fields;
  for (guint i = 0; i < header->n_fields; i++)
    g_strstrip (header->fields[i]);
  for (guint m = 0; m < N_MAPPED; m++)
    {
      columns->index[m] = -1;
      for (guint i = 0; i < header->n_fields; i++)
        if (g_ascii_strcasecmp (header->fields[i], mapped[m].name) == 0)
          columns->index[m] = (int) i;
    }
  for (guint m = COL_OBJECTNAME; m <= COL_OBJECTID; m++)
    if (columns->index[m] < 0)
      {
        g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                     _("Line 1: the file has no “%s” column, which a BoardGameGeek collection "
                       "export always has. Is this the right file?"), mapped[m].name);
        return FALSE;
      }

  columns->is_mapped = g_new0 (guint8, header->n_fields);
  for (guint m = 0; m < N_MAPPED; m++)
    if (columns->index[m] >= 0)
      columns->is_mapped[columns->index[m]] = TRUE;

  /* Slots in the order game_from_record() adds the keys: mapped ones, then the others. */
  columns->slot_keys = g_ptr_array_new_with_free_func (g_free);
  columns->column_slot = g_new0 (guint, header->n_fields);
  for (guint m = 0; m < N_MAPPED; m++)
    columns->mapped_slot[m] = slot_for (columns, slots, mapped[m].name);
  for (guint i = 0; i < header->n_fields; i++)
    columns->column_slot[i] = slot_for (columns, slots, header->fields[i]);

  n_slots = columns->slot_keys->len;
  columns->slot_value = g_new0 (const char *, n_slots);
  columns->slot_row = g_new0 (guint, n_slots);
  columns->order = g_new0 (guint, n_slots);
  columns->extra = g_string_sized_new (1024);
  return TRUE;
}

static void
extra_add (Columns    *columns,
           guint       slot,
           const char *value)
{
  if (columns->slot_row[slot] != columns->row)
    {
      columns->slot_row[slot] = columns->row;
      columns->order[columns->n_order++] = slot;
    }
  columns->slot_value[slot] = value;
}

static char *
extra_to_json (Columns *columns)
{
  GString *out = columns->extra;

  if (columns->n_order == 0)
    return NULL;
  g_string_assign (out, "{");
  for (guint k = 0; k < columns->n_order; k++)
    {
      guint slot = columns->order[k];

      if (k > 0)
        g_string_append_c (out, ',');
      g_string_append (out, g_ptr_array_index (columns->slot_keys, slot));
      append_json_string (out, columns->slot_value[slot]);
    }
  g_string_append_c (out, '}');
  return g_strndup (out->str, out->len);
}

static TkGame *
game_from_record (Columns        *columns,
                  TkCsvRecord    *record,
                  GError        **error)
{
  g_autoptr(TkGame) game = NULL;
  double values[N_MAPPED] = { 0 };
  const char *texts[N_MAPPED] = { NULL };
  guint min_time, max_time;

  columns->row++;
  columns->n_order = 0;
  for (guint m = 0; m < N_MAPPED; m++)
    {
      const char *text = columns->index[m] >= 0 ? record->fields[columns->index[m]] : "";

      /* … and "Not Ranked" (or "N/A") for a game without a rank. */
      if (m == COL_RANK &&
          (g_ascii_strcasecmp (text, "Not Ranked") == 0 || g_ascii_strcasecmp (text, "N/A") == 0))
        text = "";
      texts[m] = text;
      if (mapped[m].kind == KIND_TEXT)
        {
          if (is_fact_column (m) && columns->index[m] >= 0)
            extra_add (columns, columns->mapped_slot[m], text);
          continue;
        }
      if (!parse_value (mapped[m].kind, text, &values[m]))
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Line %u: “%s” is not a valid value for the column “%s”."),
                       record->line, text, mapped[m].name);
          return NULL;
        }
      if (m == COL_RATING && values[m] > 10.0)
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Line %u: the rating “%s” is not between 1 and 10."), record->line, text);
          return NULL;
        }
      if (columns->index[m] >= 0)
        {
          double stored = values[m];
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          if (m == COL_RATING)
            stored = stored > 0 ? CLAMP (floor (stored + 0.5), 1, 10) : 0;

          /* Keep the file's own spelling ("45.00", "", "7.5") for the export, and BGG's
           * own facts, which may differ from the catalog's. */
          if (is_fact_column (m) || strcmp (format_value_buf (mapped[m].kind, stored, buffer), text) != 0)
            extra_add (columns, columns->mapped_slot[m], text);
        }
    }

  if (*g_strstrip ((char *) texts[COL_OBJECTNAME]) == '\0')
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Line %u: the game has no name (column “objectname”)."), record->line);
      return NULL;
    }
  if (values[COL_OBJECTID] < 1)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Line %u: “%s” is not a BoardGameGeek id (column “objectid”)."),
                   record->line, texts[COL_OBJECTID]);
      return NULL;
    }

  /* Columns without a field of their own travel along for the export. */
  for (guint i = 0; i < record->n_fields; i++)
    {
      if (columns->is_mapped[i] || *record->fields[i] == '\0' || *columns->header[i] == '\0')
        continue;
      extra_add (columns, columns->column_slot[i], record->fields[i]);
    }

  game = g_object_new (TK_TYPE_GAME, NULL);
  game->bgg_extra = extra_to_json (columns);
  game->title = g_strdup (texts[COL_OBJECTNAME]);
  game->bgg_id = (gint64) values[COL_OBJECTID];
  game->source = g_strdup ("import");
  game->year = (int) values[COL_YEARPUBLISHED];
  game->min_players = (guint) MIN (values[COL_MINPLAYERS], 1000);
  game->max_players = (guint) MIN (values[COL_MAXPLAYERS], 1000);
  if (game->min_players > 0 && game->max_players > 0 && game->max_players < game->min_players)
    game->max_players = game->min_players;
  min_time = (guint) MIN (values[COL_MINPLAYTIME], 100000);
  max_time = (guint) MIN (values[COL_MAXPLAYTIME], 100000);
  if (min_time > 0 && max_time > 0 && max_time < min_time)
    max_time = min_time;
  game->min_time = min_time;
  game->max_time = max_time;
  game->best_players = *texts[COL_BGGBESTPLAYERS] != '\0' ? g_strdup (texts[COL_BGGBESTPLAYERS])
                                                           : NULL;
  game->weight = values[COL_AVGWEIGHT] >= 1.0 && values[COL_AVGWEIGHT] <= 5.0
                 ? values[COL_AVGWEIGHT] : 0.0;
  game->rating_avg = values[COL_AVERAGE];
  game->bgg_rank = (guint) values[COL_RANK];

  game->in_collection = TRUE;
  game->owned = values[COL_OWN] != 0.0;
  game->want_to_play = values[COL_WANTTOPLAY] != 0.0;
  game->bgg_plays = (guint) values[COL_NUMPLAYS];
  game->played = game->bgg_plays > 0;
  game->rating = values[COL_RATING] > 0 ? (guint) CLAMP (floor (values[COL_RATING] + 0.5), 1, 10) : 0;
  game->comment = *texts[COL_COMMENT] != '\0' ? g_strdup (texts[COL_COMMENT]) : NULL;
  game->price_paid = values[COL_PRICEPAID];
  game->acquired_on = *texts[COL_ACQUISITIONDATE] != '\0' ? g_strdup (texts[COL_ACQUISITIONDATE])
                                                           : NULL;
  return g_steal_pointer (&game);
}

GPtrArray *
tk_bgg_csv_read_games (const char  *data,
                       gsize        length,
                       GError     **error)
{
  g_autoptr(GPtrArray) records = tk_csv_parse (data, length, error);
  g_autoptr(GPtrArray) games = NULL;
  g_auto(Columns) columns = { 0 };

  if (records == NULL)
    return NULL;
  if (!map_columns (g_ptr_array_index (records, 0), &columns, error))
    return NULL;

  games = g_ptr_array_new_full (records->len, g_object_unref);
  for (guint i = 1; i < records->len; i++)
    {
      TkGame *game = game_from_record (&columns, g_ptr_array_index (records, i), error);
      if (game == NULL)
        return NULL;
      g_ptr_array_add (games, game);
    }
  return g_steal_pointer (&games);
}

/* ---- import ---- */

typedef struct
{
  GBytes            *data;
  TkBggProgressFunc  progress;
  gpointer           progress_data;
  GMainContext      *context;
  guint              n_games;
} ImportJob;

static void
import_job_clear (ImportJob *job)
{
  g_clear_pointer (&job->data, g_bytes_unref);
  g_clear_pointer (&job->context, g_main_context_unref);
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

static void
post_progress (ImportJob *job,
               guint      done,
               guint      total)
{
  Progress *progress;

  if (job->progress == NULL)
    return;
  if (job->context == NULL)
    {
      job->progress (done, total, job->progress_data);
      return;
    }
  progress = g_new0 (Progress, 1);
  progress->job = import_job_ref (job);
  progress->done = done;
  progress->total = total;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, report_progress, progress,
                              progress_free);
}

/* Local plays recorded for a game (numplays in the file counts them already). */
static guint
local_plays (TkStore  *store,
             gint64    game_id,
             GError  **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT count(*) FROM plays WHERE game_id = ?1",
                                         error);
  guint n = 0;

  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (tk_store_step (store, stmt, error) == SQLITE_ROW)
    n = (guint) sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  return n;
}

/* A catalog (or the user's own) game keeps its title; the name the file gave it (BGG's name
 * of the user's version, "花火" for Hanabi) rides in bgg_extra so the export writes it back. */
static char *
extra_with_objectname (const char *extra_json,
                       const char *objectname)
{
  g_autoptr(JsonNode) root = extra_json != NULL ? tk_json_load (extra_json, -1, NULL) : NULL;
  JsonObject *object;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_clear_pointer (&root, json_node_unref);
      root = json_node_init_object (json_node_alloc (), json_object_new ());
    }
  object = json_node_get_object (root);
  json_object_set_string_member (object, "objectname", objectname);
  return json_to_string (root, FALSE);
}

static gboolean
import_game (TkStore  *store,
             TkGame   *game,
             GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(TkGame) existing = NULL;
  gint64 id;

  id = tk_collection_find_game (store, game->bgg_id, NULL, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (id == 0)
    return tk_collection_write_game (store, game, FALSE, error) &&
           tk_collection_write_entry (store, game, error);

  existing = tk_collection_read_game (store, id, error);
  if (existing == NULL)
    return FALSE;

  /* Facts: only for games that came from a BGG file; the catalog's and the user's own
   * facts stay. */
  if (g_strcmp0 (existing->source, "import") == 0)
    {
      game->id = id;
      g_free (game->title_ja);
      game->title_ja = g_strdup (existing->title_ja);
      g_free (game->notes);
      game->notes = g_strdup (existing->notes);
      g_free (game->cover_path);
      game->cover_path = g_strdup (existing->cover_path);
      if (!tk_collection_write_game (store, game, FALSE, error))
        return FALSE;
    }

  /* The entry: BGG's statuses, plays, rating and comment; Tablekeeper's own statuses stay. */
  existing->owned = game->owned;
  existing->want_to_play = game->want_to_play;
  existing->played = existing->played || game->played;
  existing->bgg_plays = game->bgg_plays - MIN (game->bgg_plays, local_plays (store, id, NULL));
  if (game->rating > 0)
    existing->rating = game->rating;
  if (game->comment != NULL)
    {
      g_free (existing->comment);
      existing->comment = g_strdup (game->comment);
    }
  if (game->acquired_on != NULL)
    {
      g_free (existing->acquired_on);
      existing->acquired_on = g_strdup (game->acquired_on);
    }
  if (game->price_paid >= 0)
    existing->price_paid = game->price_paid;
  g_free (existing->bgg_extra);
  existing->bgg_extra = g_strcmp0 (existing->source, "import") != 0 &&
                        g_strcmp0 (existing->title, game->title) != 0
                        ? extra_with_objectname (game->bgg_extra, game->title)
                        : g_strdup (game->bgg_extra);
  return tk_collection_write_entry (store, existing, error);
}

/* New games are written BATCH_SIZE rows per statement: SQLite's per-statement work (the
 * statement journal, and the table it builds for the games' CHECK (source IN (…))) then
 * happens once per batch instead of once per row.  The rows are exactly those
 * tk_collection_write_game() and tk_collection_write_entry() write; ids are given in the
 * order SQLite would give them (the largest id plus one: games.id is a plain rowid and the
 * transaction holds the write lock). */
#define BATCH_SIZE 250

#define GAME_INSERT \
  "INSERT INTO games (title, title_ja, year, min_players, max_players, best_players, min_time," \
  " max_time, min_age, weight, bgg_id, bgg_rank, rating_avg, source, notes, cover_path," \
  " catalog_key, id) VALUES "
#define GAME_ROW "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
#define GAME_N_COLUMNS 18
#define ENTRY_INSERT \
  "INSERT OR REPLACE INTO collection (game_id, owned, want_to_play, played, favourite," \
  " not_interested, rating, comment, acquired_on, price_paid, bgg_plays, bgg_extra," \
  " updated_at) VALUES "
#define ENTRY_ROW "(?,?,?,?,?,?,?,?,?,?,?,?,unixepoch ())"
#define ENTRY_N_COLUMNS 12

typedef struct
{
  TkStore    *store;
  GHashTable *known;     /* bgg_id → games.id, of the library and of this import so far */
  GPtrArray  *pending;   /* new games not written yet (borrowed from the import's list) */
  gint64      next_id;
} Writer;

static void
bind_text_or_null (sqlite3_stmt *stmt,
                   int           index,
                   const char   *text)
{
  if (text != NULL && *text != '\0')
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, index);
}

static void
bind_uint_or_null (sqlite3_stmt *stmt,
                   int           index,
                   guint         value)
{
  if (value > 0)
    sqlite3_bind_int64 (stmt, index, value);
  else
    sqlite3_bind_null (stmt, index);
}

static void
bind_double_or_null (sqlite3_stmt *stmt,
                     int           index,
                     double        value)
{
  if (value > 0.0 && isfinite (value))
    sqlite3_bind_double (stmt, index, value);
  else
    sqlite3_bind_null (stmt, index);
}

/* As tk_collection_write_game() binds a new game (it has no tags). */
static void
bind_game (sqlite3_stmt *stmt,
           int           base,
           TkGame       *game)
{
  sqlite3_bind_text (stmt, base + 1, game->title, -1, SQLITE_STATIC);
  bind_text_or_null (stmt, base + 2, game->title_ja);
  if (game->year != 0)
    sqlite3_bind_int (stmt, base + 3, game->year);
  else
    sqlite3_bind_null (stmt, base + 3);
  bind_uint_or_null (stmt, base + 4, game->min_players);
  bind_uint_or_null (stmt, base + 5, game->max_players);
  bind_text_or_null (stmt, base + 6, game->best_players);
  bind_uint_or_null (stmt, base + 7, game->min_time);
  bind_uint_or_null (stmt, base + 8, game->max_time);
  bind_uint_or_null (stmt, base + 9, game->min_age);
  bind_double_or_null (stmt, base + 10, game->weight);
  if (game->bgg_id > 0)
    sqlite3_bind_int64 (stmt, base + 11, game->bgg_id);
  else
    sqlite3_bind_null (stmt, base + 11);
  bind_uint_or_null (stmt, base + 12, game->bgg_rank);
  bind_double_or_null (stmt, base + 13, game->rating_avg);
  sqlite3_bind_text (stmt, base + 14, game->source != NULL ? game->source : "own", -1,
                     SQLITE_STATIC);
  bind_text_or_null (stmt, base + 15, game->notes);
  bind_text_or_null (stmt, base + 16, game->cover_path);
  bind_text_or_null (stmt, base + 17, game->catalog_key);
  sqlite3_bind_int64 (stmt, base + 18, game->id);
}

/* As tk_collection_write_entry() binds the collection row. */
static void
bind_entry (sqlite3_stmt *stmt,
            int           base,
            TkGame       *game)
{
  sqlite3_bind_int64 (stmt, base + 1, game->id);
  sqlite3_bind_int (stmt, base + 2, game->owned ? 1 : 0);
  sqlite3_bind_int (stmt, base + 3, game->want_to_play ? 1 : 0);
  sqlite3_bind_int (stmt, base + 4, game->played ? 1 : 0);
  sqlite3_bind_int (stmt, base + 5, game->favourite ? 1 : 0);
  sqlite3_bind_int (stmt, base + 6, game->not_interested ? 1 : 0);
  bind_uint_or_null (stmt, base + 7, game->rating);
  bind_text_or_null (stmt, base + 8, game->comment);
  bind_text_or_null (stmt, base + 9, game->acquired_on);
  if (game->price_paid >= 0.0 && isfinite (game->price_paid))
    sqlite3_bind_double (stmt, base + 10, game->price_paid);
  else
    sqlite3_bind_null (stmt, base + 10);
  sqlite3_bind_int (stmt, base + 11, (int) MIN (game->bgg_plays, (guint) G_MAXINT));
  bind_text_or_null (stmt, base + 12, game->bgg_extra);
}

static char *
insert_sql (const char *insert,
            const char *row,
            guint       n_rows)
{
  GString *sql = g_string_new (insert);

  for (guint i = 0; i < n_rows; i++)
    {
      if (i > 0)
        g_string_append_c (sql, ',');
      g_string_append (sql, row);
    }
  return g_string_free (sql, FALSE);
}

/* Writes @n games of @games from @from with one statement of @n rows per table. */
static gboolean
write_rows (TkStore    *store,
            GPtrArray  *games,
            guint       from,
            guint       n,
            GError    **error)
{
  g_autofree char *game_sql = insert_sql (GAME_INSERT, GAME_ROW, n);
  g_autofree char *entry_sql = insert_sql (ENTRY_INSERT, ENTRY_ROW, n);
  sqlite3_stmt *stmt;

  stmt = tk_store_prepare (store, game_sql, error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    bind_game (stmt, (int) (i * GAME_N_COLUMNS), g_ptr_array_index (games, from + i));
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  sqlite3_clear_bindings (stmt);

  stmt = tk_store_prepare (store, entry_sql, error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    bind_entry (stmt, (int) (i * ENTRY_N_COLUMNS), g_ptr_array_index (games, from + i));
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  sqlite3_clear_bindings (stmt);

  for (guint i = 0; i < n; i++)
    ((TkGame *) g_ptr_array_index (games, from + i))->in_collection = TRUE;
  return TRUE;
}

/* Full batches in one statement each; the rest one row at a time (two cached statements). */
static gboolean
writer_flush (Writer  *writer,
              GError **error)
{
  guint done = 0;

  for (; done + BATCH_SIZE <= writer->pending->len; done += BATCH_SIZE)
    if (!write_rows (writer->store, writer->pending, done, BATCH_SIZE, error))
      return FALSE;
  for (; done < writer->pending->len; done++)
    if (!write_rows (writer->store, writer->pending, done, 1, error))
      return FALSE;
  g_ptr_array_set_size (writer->pending, 0);
  return TRUE;
}

static gboolean
writer_init (Writer   *writer,
             TkStore  *store,
             GError  **error)
{
  sqlite3_stmt *stmt;
  int rc;

  writer->store = store;
  writer->known = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  writer->pending = g_ptr_array_new ();

  stmt = tk_store_prepare (store, "SELECT bgg_id, id FROM games WHERE bgg_id IS NOT NULL", error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 bgg_id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_insert (writer->known, g_memdup2 (&bgg_id, sizeof bgg_id),
                           GINT_TO_POINTER (1));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  writer->next_id = tk_store_query_int (store, "SELECT coalesce (max (id), 0) + 1 FROM games",
                                        -1, error);
  return writer->next_id > 0;
}

static void
writer_clear (Writer *writer)
{
  g_clear_pointer (&writer->known, g_hash_table_unref);
  g_clear_pointer (&writer->pending, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Writer, writer_clear)

static gboolean
writer_add (Writer  *writer,
            TkGame  *game,
            GError **error)
{
  /* A game the library (or this file, further up) has already: written as before, after
   * everything above it. */
  if (g_hash_table_contains (writer->known, &game->bgg_id))
    return writer_flush (writer, error) && import_game (writer->store, game, error);

  game->id = writer->next_id++;
  g_hash_table_add (writer->known, g_memdup2 (&game->bgg_id, sizeof game->bgg_id));
  g_ptr_array_add (writer->pending, game);
  if (writer->pending->len == BATCH_SIZE)
    return writer_flush (writer, error);
  return TRUE;
}

/* A large import into a small library (a first BoardGameGeek import) builds the games' and
 * collection's secondary indexes once at the end, from sorted data, instead of row by row:
 * about a third of the writing time for 10,000 rows.  Unique indexes stay (they enforce the
 * BGG id and catalog key); everything happens inside the import's transaction, so a failure
 * rolls the dropped indexes back with the rest. */
#define BULK_MIN_ROWS 1000

/* Returns the CREATE statements of the indexes it dropped (maybe none: another statement
 * reading the tables keeps them in place, and the import then writes them row by row). */
static GPtrArray *
drop_secondary_indexes (TkStore *store)
{
  g_autoptr(GPtrArray) sqls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *dropped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store,
                           "SELECT name, sql FROM sqlite_schema WHERE type = 'index'"
                           " AND tbl_name IN ('games', 'collection') AND sql IS NOT NULL"
                           " AND sql NOT LIKE 'CREATE UNIQUE %'", &error);
  if (stmt == NULL)
    return dropped;
  while ((rc = tk_store_step (store, stmt, &error)) == SQLITE_ROW)
    {
      g_ptr_array_add (names, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      g_ptr_array_add (sqls, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  sqlite3_reset (stmt);
  for (guint i = 0; rc == SQLITE_DONE && i < names->len; i++)
    {
      g_autofree char *drop = g_strdup_printf ("DROP INDEX \"%s\"",
                                               (const char *) g_ptr_array_index (names, i));

      if (!tk_store_exec (store, drop, &error))
        {
          g_debug ("Importing without rebuilding the indexes: %s", error->message);
          break;
        }
      g_ptr_array_add (dropped, g_strdup (g_ptr_array_index (sqls, i)));
    }
  return dropped;
}

static gboolean
create_indexes (TkStore    *store,
                GPtrArray  *sqls,
                GError    **error)
{
  for (guint i = 0; sqls != NULL && i < sqls->len; i++)
    if (!tk_store_exec (store, g_ptr_array_index (sqls, i), error))
      return FALSE;
  return TRUE;
}

/* The rows of a file become games in a thread of their own while this one writes the games
 * before them: on two cores the reading (about a fifth of an import) is then free.  Games
 * come through the queue in file order; the end (or the first bad row, with its error) is
 * READER_END. */
typedef struct
{
  GPtrArray   *records;       /* the header first */
  Columns      columns;
  GAsyncQueue *queue;
  GError      *error;
  gint         stop;          /* set by the writer when it gives up */
} Reader;

static int reader_end_marker;
#define READER_END ((gpointer) &reader_end_marker)

static gpointer
reader_thread (gpointer data)
{
  Reader *reader = data;

  for (guint i = 1; i < reader->records->len && !g_atomic_int_get (&reader->stop); i++)
    {
      TkGame *game = game_from_record (&reader->columns,
                                       g_ptr_array_index (reader->records, i), &reader->error);

      if (game == NULL)
        break;
      g_async_queue_push (reader->queue, game);
    }
  g_async_queue_push (reader->queue, READER_END);
  return NULL;
}

/* How many rows carry a BGG id the library does not have yet (a bad id counts as new: the
 * reader refuses it anyway). */
static guint
count_new_rows (Reader     *reader,
                GHashTable *known)
{
  int column = reader->columns.index[COL_OBJECTID];
  guint n_new = 0;

  for (guint i = 1; i < reader->records->len; i++)
    {
      TkCsvRecord *record = g_ptr_array_index (reader->records, i);
      gint64 id = column >= 0 && (guint) column < record->n_fields
                  ? g_ascii_strtoll (record->fields[column], NULL, 10) : 0;

      n_new += !g_hash_table_contains (known, &id);
    }
  return n_new;
}

static gboolean
import_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  ImportJob *job = user_data;
  gsize length;
  const char *data = g_bytes_get_data (job->data, &length);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) indexes = NULL;
  g_auto(Writer) writer = { 0 };
  Reader reader = { 0 };
  GThread *thread;
  gpointer item;
  guint total;
  gboolean ok = TRUE;

  /* A bad row anywhere means nothing is imported: what was written before it is rolled
   * back with the transaction. */
  records = tk_csv_parse (data != NULL ? data : "", length, error);
  if (records == NULL)
    return FALSE;
  reader.records = records;
  if (!map_columns (g_ptr_array_index (records, 0), &reader.columns, error))
    {
      columns_clear (&reader.columns);
      return FALSE;
    }
  total = records->len - 1;
  games = g_ptr_array_new_full (total, g_object_unref);

  post_progress (job, 0, total);
  if (!writer_init (&writer, store, error))
    {
      columns_clear (&reader.columns);
      return FALSE;
    }
  {
    guint n_new = count_new_rows (&reader, writer.known);

    if (n_new >= BULK_MIN_ROWS && n_new >= g_hash_table_size (writer.known))
      indexes = drop_secondary_indexes (store);
  }

  reader.queue = g_async_queue_new ();
  thread = g_thread_new ("tk-bgg-reader", reader_thread, &reader);
  while ((item = g_async_queue_pop (reader.queue)) != READER_END)
    {
      g_ptr_array_add (games, item);
      if (ok && !writer_add (&writer, item, error))
        {
          g_prefix_error (error, _("Nothing was imported: "));
          g_atomic_int_set (&reader.stop, 1);
          ok = FALSE;
        }
      if (ok && games->len % 500 == 0 && games->len < total)
        post_progress (job, games->len, total);
    }
  g_thread_join (thread);
  g_async_queue_unref (reader.queue);
  columns_clear (&reader.columns);

  if (ok && reader.error != NULL)
    {
      g_propagate_error (error, reader.error);
      return FALSE;
    }
  g_clear_error (&reader.error);
  if (!ok)
    return FALSE;
  if (!writer_flush (&writer, error) || !create_indexes (store, indexes, error))
    {
      g_prefix_error (error, _("Nothing was imported: "));
      return FALSE;
    }
  post_progress (job, total, total);
  job->n_games = total;
  return TRUE;
}

gboolean
tk_bgg_csv_import (TkCollection  *collection,
                   const char    *data,
                   gsize          length,
                   guint         *n_games,
                   GError       **error)
{
  ImportJob job = { 0 };
  gboolean ok;

  g_return_val_if_fail (TK_IS_COLLECTION (collection), FALSE);

  job.data = g_bytes_new_static (data, length);
  ok = tk_store_transaction (tk_collection_get_store (collection), import_in_txn, &job, error);
  g_bytes_unref (job.data);
  if (!ok)
    return FALSE;
  if (n_games != NULL)
    *n_games = job.n_games;
  tk_collection_emit_changed (collection, 0);
  return TRUE;
}

static void
on_import_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TkCollection *collection = g_task_get_source_object (task);
  ImportJob *job = g_task_get_task_data (task);
  GError *error = NULL;

  if (!tk_store_run_finish (TK_STORE (source), result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  tk_collection_emit_changed (collection, 0);
  g_task_return_int (task, job->n_games);
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
  GTask *task;
  ImportJob *job;

  g_return_if_fail (TK_IS_COLLECTION (collection));
  g_return_if_fail (data != NULL);

  task = g_task_new (collection, cancellable, callback, user_data);
  g_task_set_source_tag (task, tk_bgg_csv_import_async);

  job = g_atomic_rc_box_new0 (ImportJob);
  job->data = g_bytes_ref (data);
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  g_task_set_task_data (task, import_job_ref (job), import_job_unref);

  tk_store_run_async (tk_collection_get_store (collection), import_in_txn, job,
                      import_job_unref, cancellable, on_import_done, task);
}

gboolean
tk_bgg_csv_import_finish (TkCollection  *collection,
                          GAsyncResult  *result,
                          guint         *n_games,
                          GError       **error)
{
  gssize n;

  g_return_val_if_fail (g_task_is_valid (result, collection), FALSE);

  n = g_task_propagate_int (G_TASK (result), error);
  if (n < 0)
    return FALSE;
  if (n_games != NULL)
    *n_games = (guint) n;
  return TRUE;
}

/* ---- export ---- */

static void
append_field (GString    *out,
              const char *value)
{
  g_string_append_c (out, '"');
  for (const char *p = value != NULL ? value : ""; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* The file's own spelling of a value when it means the same as ours. */
static char *
mapped_text (JsonObject *extra,
             Mapped      m,
             double      value)
{
  g_autofree char *canonical = format_value (mapped[m].kind, value);
  const char *original;
  double parsed;

  if (is_fact_column (m) && extra != NULL && json_object_has_member (extra, mapped[m].name))
    return g_strdup (json_object_get_string_member (extra, mapped[m].name));
  if (extra != NULL && json_object_has_member (extra, mapped[m].name))
    {
      original = json_object_get_string_member (extra, mapped[m].name);
      if (original != NULL && parse_value (mapped[m].kind, original, &parsed))
        {
          g_autofree char *again = NULL;

          if (m == COL_RATING)
            parsed = parsed > 0 ? CLAMP (floor (parsed + 0.5), 1, 10) : 0;
          again = format_value (mapped[m].kind, parsed);
          if (g_strcmp0 (again, canonical) == 0)
            return g_strdup (original);
        }
    }
  return g_steal_pointer (&canonical);
}

static char *
game_value (TkGame     *game,
            JsonObject *extra,
            const char *column)
{
  for (guint m = 0; m < N_MAPPED; m++)
    {
      if (g_strcmp0 (column, mapped[m].name) != 0)
        continue;
      switch ((Mapped) m)
        {
        case COL_OBJECTNAME:
          if (extra != NULL && json_object_has_member (extra, "objectname"))
            return g_strdup (json_object_get_string_member (extra, "objectname"));
          return g_strdup (game->title);
        case COL_OBJECTID:
          return game->bgg_id > 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, game->bgg_id)
                                  : g_strdup ("");
        case COL_RATING:          return mapped_text (extra, m, game->rating);
        case COL_NUMPLAYS:        return mapped_text (extra, m, game->plays);
        case COL_OWN:             return mapped_text (extra, m, game->owned ? 1 : 0);
        case COL_WANTTOPLAY:      return mapped_text (extra, m, game->want_to_play ? 1 : 0);
        case COL_COMMENT:         return g_strdup (game->comment != NULL ? game->comment : "");
        case COL_AVERAGE:         return mapped_text (extra, m, game->rating_avg);
        case COL_AVGWEIGHT:       return mapped_text (extra, m, game->weight);
        case COL_RANK:            return mapped_text (extra, m, game->bgg_rank);
        case COL_MINPLAYERS:      return mapped_text (extra, m, game->min_players);
        case COL_MAXPLAYERS:      return mapped_text (extra, m, game->max_players);
        case COL_MAXPLAYTIME:     return mapped_text (extra, m, game->max_time);
        case COL_MINPLAYTIME:     return mapped_text (extra, m, game->min_time);
        case COL_YEARPUBLISHED:   return mapped_text (extra, m, game->year);
        case COL_BGGBESTPLAYERS:
          if (extra != NULL && json_object_has_member (extra, column))
            return g_strdup (json_object_get_string_member (extra, column));
          return g_strdup (game->best_players != NULL ? game->best_players : "");
        case COL_PRICEPAID:       return mapped_text (extra, m, game->price_paid);
        case COL_ACQUISITIONDATE:
          return g_strdup (game->acquired_on != NULL ? game->acquired_on : "");
        case N_MAPPED:
        default:
          break;
        }
    }

  if (extra != NULL && json_object_has_member (extra, column))
    return g_strdup (json_object_get_string_member (extra, column));
  if (g_strcmp0 (column, "objecttype") == 0)
    return g_strdup ("thing");
  return g_strdup ("");
}

char *
tk_bgg_csv_export (TkCollection  *collection,
                   TkGameStatus   statuses,
                   GError       **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (TK_IS_COLLECTION (collection), NULL);

  games = tk_collection_entries (collection, statuses, error);
  if (games == NULL)
    return NULL;

  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    g_string_append_printf (out, "%s%s", c > 0 ? "," : "", tk_bgg_csv_columns[c]);
  g_string_append (out, "\r\n");

  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      g_autoptr(JsonObject) extra = NULL;

      if (game->bgg_extra != NULL)
        extra = tk_json_load_object (game->bgg_extra, -1, NULL);

      for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
        {
          g_autofree char *value = game_value (game, extra, tk_bgg_csv_columns[c]);

          if (c > 0)
            g_string_append_c (out, ',');
          append_field (out, value);
        }
      g_string_append (out, "\r\n");
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}
