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

static GInputStream *
memory_stream (const char *data,
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

  stream = memory_stream (data, length);
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

/* ---- reading rows out of the records ---- */

/* One row of the file, compact: numbers, and its texts as offsets into an arena (a
 * GString of NUL-terminated texts) that the rows of a batch share. */
#define NO_TEXT G_MAXUINT32

typedef struct
{
  gint64   bgg_id;
  double   weight;
  double   rating_avg;
  double   price_paid;     /* < 0: unknown */
  guint    line;
  int      year;
  guint    min_time;
  guint    max_time;
  guint    bgg_rank;
  guint    bgg_plays;
  guint32  title;
  guint32  best_players;
  guint32  comment;
  guint32  acquired_on;
  guint32  extra;          /* the other columns, a JSON object */
  guint16  min_players;
  guint16  max_players;
  guint8   rating;
  guint8   owned;
  guint8   want_to_play;
} Row;

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
  int       *slot_pos;          /* per slot: its place among BGG's 58 columns, or -1 */
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
  g_clear_pointer (&columns->header, g_strfreev);
  g_clear_pointer (&columns->is_mapped, g_free);
  g_clear_pointer (&columns->column_slot, g_free);
  g_clear_pointer (&columns->slot_keys, g_ptr_array_unref);
  g_clear_pointer (&columns->slot_pos, g_free);
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

/* The shared text check (tk-text.h) for every cell of a record, before anything reads it: a
 * control character (a line break is LF or CR LF) is refused with the line and the column.
 * @header is NULL for the header itself, whose cells are one-line column names. */
static gboolean
check_record_text (char        **header,
                   TkCsvRecord  *record,
                   GError      **error)
{
  g_autoptr(GError) local_error = NULL;

  for (guint i = 0; i < record->n_fields; i++)
    {
      g_autofree char *field = header != NULL ? g_strdup_printf (_("column “%s”"), header[i])
                                              : g_strdup (_("column name"));

      if (!tk_text_check (header != NULL ? TK_TEXT_OTHER : TK_TEXT_LINE, field,
                          record->fields[i], &local_error))
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE, _("Line %u: %s"),
                       record->line, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
map_columns (TkCsvRecord  *header,
             Columns      *columns,
             GError      **error)
{
  g_autoptr(GHashTable) slots = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_slots;

  memset (columns, 0, sizeof *columns);
  if (!check_record_text (NULL, header, error))
    return FALSE;
  /* A copy: the reader reuses the record for the next line. */
  columns->header = g_strdupv (header->fields);
  columns->n_columns = header->n_fields;
  for (guint i = 0; i < header->n_fields; i++)
    g_strstrip (columns->header[i]);
  for (guint m = 0; m < N_MAPPED; m++)
    {
      columns->index[m] = -1;
      for (guint i = 0; i < header->n_fields; i++)
        if (g_ascii_strcasecmp (columns->header[i], mapped[m].name) == 0)
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
    columns->column_slot[i] = slot_for (columns, slots, columns->header[i]);

  n_slots = columns->slot_keys->len;
  columns->slot_pos = g_new (int, n_slots);
  for (guint k = 0; k < n_slots; k++)
    columns->slot_pos[k] = -1;
  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    {
      gpointer slot;

      if (g_hash_table_lookup_extended (slots, tk_bgg_csv_columns[c], NULL, &slot))
        columns->slot_pos[GPOINTER_TO_UINT (slot)] = (int) c;
    }
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

/* Appends the row's other columns to @arena, NUL-terminated; returns their offset, or
 * NO_TEXT when there are none.  Stored compactly (docs/formats.md, collection.bgg_extra): a
 * JSON array with the text of BGG's column i at place i (null: not in the row), up to the
 * last one given, then, only if the file had columns BGG does not write, an object of them
 * at place 58.  Keys would take more room than the values: about 40 of them per row. */
static guint32
extra_to_json (Columns *columns,
               GString *arena)
{
  const char *at[TK_BGG_CSV_N_COLUMNS] = { NULL };
  gsize offset = arena->len;
  guint n_at = 0;
  guint n_others = 0;

  if (columns->n_order == 0)
    return NO_TEXT;
  for (guint k = 0; k < columns->n_order; k++)
    {
      int pos = columns->slot_pos[columns->order[k]];

      if (pos < 0)
        n_others++;
      else
        {
          at[pos] = columns->slot_value[columns->order[k]];
          n_at = MAX (n_at, (guint) pos + 1);
        }
    }
  if (n_others > 0)
    n_at = TK_BGG_CSV_N_COLUMNS;

  g_string_append_c (arena, '[');
  for (guint i = 0; i < n_at; i++)
    {
      if (i > 0)
        g_string_append_c (arena, ',');
      if (at[i] != NULL)
        append_json_string (arena, at[i]);
      else
        g_string_append (arena, "null");
    }
  if (n_others > 0)
    {
      gboolean first = TRUE;

      g_string_append (arena, ",{");
      for (guint k = 0; k < columns->n_order; k++)
        {
          guint slot = columns->order[k];

          if (columns->slot_pos[slot] >= 0)
            continue;
          if (!first)
            g_string_append_c (arena, ',');
          first = FALSE;
          g_string_append (arena, g_ptr_array_index (columns->slot_keys, slot));
          append_json_string (arena, columns->slot_value[slot]);
        }
      g_string_append_c (arena, '}');
    }
  g_string_append (arena, "]");
  g_string_append_c (arena, '\0');
  return (guint32) offset;
}

JsonObject *
tk_bgg_extra_to_object (const char *stored)
{
  g_autoptr(JsonNode) root = NULL;
  JsonArray *array;
  JsonObject *object;

  if (stored == NULL || *stored == '\0')
    return NULL;
  /* Stored by this library, but read as any JSON is: through the one loader. */
  root = tk_json_load (stored, -1, NULL);
  if (root == NULL)
    return NULL;
  /* Written by a JSON import, or by an older Tablekeeper: already {column: text}. */
  if (JSON_NODE_HOLDS_OBJECT (root))
    return json_object_ref (json_node_get_object (root));
  if (!JSON_NODE_HOLDS_ARRAY (root))
    return NULL;

  array = json_node_get_array (root);
  object = json_object_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (i < TK_BGG_CSV_N_COLUMNS && JSON_NODE_HOLDS_VALUE (node) &&
          json_node_get_value_type (node) == G_TYPE_STRING)
        json_object_set_string_member (object, tk_bgg_csv_columns[i], json_node_get_string (node));
      else if (i == TK_BGG_CSV_N_COLUMNS && JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *others = json_node_get_object (node);
          g_autoptr(GList) names = json_object_get_members (others);

          for (GList *l = names; l != NULL; l = l->next)
            json_object_set_member (object, l->data,
                                    json_node_copy (json_object_get_member (others, l->data)));
        }
    }
  return object;
}

static guint32
arena_text (GString    *arena,
            const char *text)
{
  gsize offset = arena->len;

  if (text == NULL || *text == '\0')
    return NO_TEXT;
  g_string_append_len (arena, text, (gssize) strlen (text) + 1);
  return (guint32) offset;
}

/* Every row of a file passes through here: its fields are checked, and it becomes a Row,
 * its texts appended to @arena. */
static gboolean
row_from_record (Columns      *columns,
                 TkCsvRecord  *record,
                 Row          *row,
                 GString      *arena,
                 GError      **error)
{
  g_autoptr(GError) text_error = NULL;
  double values[N_MAPPED] = { 0 };
  const char *texts[N_MAPPED] = { NULL };
  guint min_time, max_time;

  if (!check_record_text (columns->header, record, error))
    return FALSE;
  columns->row++;
  columns->n_order = 0;
  for (guint m = 0; m < N_MAPPED; m++)
    {
      const char *text = columns->index[m] >= 0 ? record->fields[columns->index[m]] : "";
      const char *spelling = text;

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
          return FALSE;
        }
      if (m == COL_RATING && values[m] > 10.0)
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Line %u: the rating “%s” is not between 1 and 10."), record->line, text);
          return FALSE;
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
            extra_add (columns, columns->mapped_slot[m], spelling);
        }
    }

  if (*g_strstrip ((char *) texts[COL_OBJECTNAME]) == '\0')
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Line %u: the game has no name (column “objectname”)."), record->line);
      return FALSE;
    }
  if (values[COL_OBJECTID] < 1)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Line %u: “%s” is not a BoardGameGeek id (column “objectid”)."),
                   record->line, texts[COL_OBJECTID]);
      return FALSE;
    }
  /* The fields the library keeps have their own limits (docs/formats.md, "Text"), as a game
   * entered in the app has. */
  if (!tk_text_check (TK_TEXT_TITLE, _("title"), texts[COL_OBJECTNAME], &text_error) ||
      !tk_text_check (TK_TEXT_TAG, _("best player count"), texts[COL_BGGBESTPLAYERS],
                      &text_error) ||
      !tk_text_check (TK_TEXT_COMMENT, _("comment"), texts[COL_COMMENT], &text_error) ||
      !tk_text_check (TK_TEXT_LINE, _("acquisition date"), texts[COL_ACQUISITIONDATE],
                      &text_error))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE, _("Line %u: %s"),
                   record->line, text_error->message);
      return FALSE;
    }

  /* Columns without a field of their own travel along for the export. */
  for (guint i = 0; i < record->n_fields; i++)
    {
      if (columns->is_mapped[i] || *record->fields[i] == '\0' || *columns->header[i] == '\0')
        continue;
      extra_add (columns, columns->column_slot[i], record->fields[i]);
    }

  memset (row, 0, sizeof *row);
  row->line = record->line;
  row->extra = extra_to_json (columns, arena);
  row->title = arena_text (arena, texts[COL_OBJECTNAME]);
  row->bgg_id = (gint64) values[COL_OBJECTID];
  row->year = (int) values[COL_YEARPUBLISHED];
  row->min_players = (guint16) MIN (values[COL_MINPLAYERS], 1000);
  row->max_players = (guint16) MIN (values[COL_MAXPLAYERS], 1000);
  if (row->min_players > 0 && row->max_players > 0 && row->max_players < row->min_players)
    row->max_players = row->min_players;
  min_time = (guint) MIN (values[COL_MINPLAYTIME], 100000);
  max_time = (guint) MIN (values[COL_MAXPLAYTIME], 100000);
  if (min_time > 0 && max_time > 0 && max_time < min_time)
    max_time = min_time;
  row->min_time = min_time;
  row->max_time = max_time;
  row->best_players = arena_text (arena, texts[COL_BGGBESTPLAYERS]);
  row->weight = values[COL_AVGWEIGHT] >= 1.0 && values[COL_AVGWEIGHT] <= 5.0
                ? values[COL_AVGWEIGHT] : 0.0;
  row->rating_avg = values[COL_AVERAGE];
  row->bgg_rank = (guint) values[COL_RANK];

  row->owned = values[COL_OWN] != 0.0;
  row->want_to_play = values[COL_WANTTOPLAY] != 0.0;
  row->bgg_plays = (guint) values[COL_NUMPLAYS];
  row->rating = values[COL_RATING] > 0 ? (guint8) CLAMP (floor (values[COL_RATING] + 0.5), 1, 10) : 0;
  row->comment = arena_text (arena, texts[COL_COMMENT]);
  row->price_paid = values[COL_PRICEPAID];
  row->acquired_on = arena_text (arena, texts[COL_ACQUISITIONDATE]);
  return TRUE;
}

static const char *
row_text (const GString *arena,
          guint32        offset)
{
  return offset != NO_TEXT ? arena->str + offset : NULL;
}

/* A TkGame with the row's facts and entry, for the few rows written one by one. */
static TkGame *
game_from_row (const Row     *row,
               const GString *arena)
{
  TkGame *game = g_object_new (TK_TYPE_GAME, NULL);

  game->bgg_extra = g_strdup (row_text (arena, row->extra));
  game->title = g_strdup (row_text (arena, row->title));
  game->bgg_id = row->bgg_id;
  game->source = g_strdup ("import");
  game->year = row->year;
  game->min_players = row->min_players;
  game->max_players = row->max_players;
  game->min_time = row->min_time;
  game->max_time = row->max_time;
  game->best_players = g_strdup (row_text (arena, row->best_players));
  game->weight = row->weight;
  game->rating_avg = row->rating_avg;
  game->bgg_rank = row->bgg_rank;
  game->in_collection = TRUE;
  game->owned = row->owned;
  game->want_to_play = row->want_to_play;
  game->bgg_plays = row->bgg_plays;
  game->played = row->bgg_plays > 0;
  game->rating = row->rating;
  game->comment = g_strdup (row_text (arena, row->comment));
  game->price_paid = row->price_paid;
  game->acquired_on = g_strdup (row_text (arena, row->acquired_on));
  return game;
}

GPtrArray *
tk_bgg_csv_read_games (const char  *data,
                       gsize        length,
                       GError     **error)
{
  g_autoptr(GInputStream) stream = memory_stream (data, length);
  g_autoptr(TkCsvReader) reader = tk_csv_reader_new (stream);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GString) arena = g_string_new (NULL);
  g_auto(Columns) columns = { 0 };
  TkCsvRecord *record;
  GError *local_error = NULL;

  record = tk_csv_reader_next (reader, NULL, error);
  if (record == NULL || !map_columns (record, &columns, error))
    return NULL;
  while ((record = tk_csv_reader_next (reader, NULL, &local_error)) != NULL)
    {
      Row row;

      g_string_truncate (arena, 0);
      if (!row_from_record (&columns, record, &row, arena, error))
        return NULL;
      g_ptr_array_add (games, game_from_row (&row, arena));
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  return g_steal_pointer (&games);
}

/* ---- import ----
 *
 * A thread of its own reads the file (TkCsvReader: a chunk at a time) and turns its rows into
 * compact Rows, a batch at a time; this one writes them.  Batches go round between the two
 * through two queues, a fixed number of them, so memory does not grow with the file.  New
 * games and catalog games without an entry are written BATCH_SIZE rows per INSERT; a row for
 * a game that has an entry already (a re-import) or that the file named before is merged
 * with it and written alone. */

typedef struct
{
  GBytes            *data;          /* the file in memory, or */
  GFile             *file;          /* the file to read */
  TkBggProgressFunc  progress;
  gpointer           progress_data;
  GMainContext      *context;
  GCancellable      *cancellable;
  TkImportSummary    summary;
} ImportJob;

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
 * of the user's version, "花火" for Hanabi) rides in bgg_extra so the export writes it back.
 * The row's extra never holds "objectname" (a column with a field of its own): appended. */
static void
append_extra_with_objectname (GString    *out,
                              const char *extra_json,
                              const char *objectname)
{
  /* The compact form: objectname is BGG's first column, never in a row's own extra. */
  if (extra_json == NULL || (extra_json[0] == '[' && g_str_has_prefix (extra_json + 1, "null")))
    {
      g_string_append_c (out, '[');
      append_json_string (out, objectname);
      g_string_append (out, extra_json != NULL ? extra_json + 5 : "]");
      return;
    }
  /* {column: text}, from a JSON import: one member more, at the end. */
  if (extra_json[0] == '{' && extra_json[1] != '}')
    {
      g_string_append_len (out, extra_json, (gssize) strlen (extra_json) - 1);
      g_string_append_c (out, ',');
    }
  else
    g_string_append_c (out, '{');
  append_json_string (out, "objectname");
  g_string_append_c (out, ':');
  append_json_string (out, objectname);
  g_string_append_c (out, '}');
}

static char *
extra_with_objectname (const char *extra_json,
                       const char *objectname)
{
  GString *out = g_string_new (NULL);

  append_extra_with_objectname (out, extra_json, objectname);
  return g_string_free (out, FALSE);
}

static gboolean
import_game (TkStore          *store,
             TkGame           *game,
             TkImportSummary  *summary,
             GError          **error)
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
  if (g_strcmp0 (existing->source, "catalog") == 0)
    summary->n_matched++;
  else
    summary->n_updated++;

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
  /* A catalog game exported from BGG under its Japanese name keeps that name. */
  return tk_collection_write_entry (store, existing, error) &&
         tk_display_title_adopt_bgg_names (store, id, error);
}

/* New games are written BATCH_SIZE rows per statement: SQLite's per-statement work (the
 * statement journal, and the table it builds for the games' CHECK (source IN (…))) then
 * happens once per batch instead of once per row.  The rows are exactly those
 * tk_collection_write_game() and tk_collection_write_entry() write; ids are given in the
 * order SQLite would give them (the largest id plus one: games.id is a plain rowid and the
 * transaction holds the write lock).  A shorter run is written in statements of 128, 64, …
 * 1 rows, so that few statements are cached. */
#define BATCH_SIZE 256

#define GAME_INSERT \
  "INSERT INTO games (title, title_ja, year, min_players, max_players, best_players, min_time," \
  " max_time, min_age, weight, bgg_id, bgg_rank, rating_avg, source, notes, cover_path," \
  " catalog_key, id) VALUES "
#define GAME_ROW "(?,NULL,?,?,?,?,?,?,NULL,?,?,?,?,'import',NULL,NULL,NULL,?)"
#define GAME_N_COLUMNS 12
#define ENTRY_INSERT \
  "INSERT OR REPLACE INTO collection (game_id, owned, want_to_play, played, favourite," \
  " not_interested, rating, comment, acquired_on, price_paid, bgg_plays, bgg_extra," \
  " updated_at) VALUES "
#define ENTRY_ROW "(?,?,?,?,0,0,?,?,?,?,?,?,unixepoch ())"
#define ENTRY_N_COLUMNS 10

/* What the library knows of a BGG id before and during the import. */
typedef struct
{
  gint64    id;
  char     *title;        /* a catalog game's title (rows written in the batch), for the
                           * objectname */
  gboolean  merge;        /* written one by one: has an entry, plays, or was imported */
  gboolean  in_file;      /* a row of this file named it already */
} Known;

static void
known_free (gpointer data)
{
  Known *known = data;

  g_free (known->title);
  g_free (known);
}

/* A row waiting in the writer, with its texts in the writer's arena. */
typedef struct
{
  Row      row;
  gint64   game_id;
  gboolean is_new;
  guint32  extra;         /* the entry's bgg_extra (with the objectname for a catalog game) */
} Pending;

typedef struct
{
  TkStore         *store;
  TkImportSummary *summary;
  GHashTable      *known;     /* bgg_id → Known */
  GArray          *pending;   /* Pending */
  GString         *arena;
  gint64           next_id;
} Writer;

static void
bind_text_offset (sqlite3_stmt  *stmt,
                  int            index,
                  const GString *arena,
                  guint32        offset)
{
  if (offset != NO_TEXT)
    sqlite3_bind_text (stmt, index, arena->str + offset, -1, SQLITE_STATIC);
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
bind_game (sqlite3_stmt  *stmt,
           int            base,
           const Pending *p,
           const GString *arena)
{
  const Row *row = &p->row;

  bind_text_offset (stmt, base + 1, arena, row->title);
  if (row->year != 0)
    sqlite3_bind_int (stmt, base + 2, row->year);
  else
    sqlite3_bind_null (stmt, base + 2);
  bind_uint_or_null (stmt, base + 3, row->min_players);
  bind_uint_or_null (stmt, base + 4, row->max_players);
  bind_text_offset (stmt, base + 5, arena, row->best_players);
  bind_uint_or_null (stmt, base + 6, row->min_time);
  bind_uint_or_null (stmt, base + 7, row->max_time);
  bind_double_or_null (stmt, base + 8, row->weight);
  sqlite3_bind_int64 (stmt, base + 9, row->bgg_id);
  bind_uint_or_null (stmt, base + 10, row->bgg_rank);
  bind_double_or_null (stmt, base + 11, row->rating_avg);
  sqlite3_bind_int64 (stmt, base + 12, p->game_id);
}

/* As tk_collection_write_entry() binds the collection row. */
static void
bind_entry (sqlite3_stmt  *stmt,
            int            base,
            const Pending *p,
            const GString *arena)
{
  const Row *row = &p->row;

  sqlite3_bind_int64 (stmt, base + 1, p->game_id);
  sqlite3_bind_int (stmt, base + 2, row->owned);
  sqlite3_bind_int (stmt, base + 3, row->want_to_play);
  sqlite3_bind_int (stmt, base + 4, row->bgg_plays > 0);
  bind_uint_or_null (stmt, base + 5, row->rating);
  bind_text_offset (stmt, base + 6, arena, row->comment);
  bind_text_offset (stmt, base + 7, arena, row->acquired_on);
  if (row->price_paid >= 0.0 && isfinite (row->price_paid))
    sqlite3_bind_double (stmt, base + 8, row->price_paid);
  else
    sqlite3_bind_null (stmt, base + 8);
  sqlite3_bind_int (stmt, base + 9, (int) MIN (row->bgg_plays, (guint) G_MAXINT));
  bind_text_offset (stmt, base + 10, arena, p->extra);
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

/* The largest statement size (a power of two up to BATCH_SIZE) not above @n. */
static guint
chunk_for (guint n)
{
  guint chunk = BATCH_SIZE;

  while (chunk > n)
    chunk /= 2;
  return chunk;
}

/* Writes @n pending rows (their new games, or their entries) in one statement. */
static gboolean
write_chunk (Writer         *writer,
             gboolean        games,
             const Pending **rows,
             guint           n,
             GError        **error)
{
  g_autofree char *sql = games ? insert_sql (GAME_INSERT, GAME_ROW, n)
                               : insert_sql (ENTRY_INSERT, ENTRY_ROW, n);
  sqlite3_stmt *stmt = tk_store_prepare (writer->store, sql, error);

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (games)
      bind_game (stmt, (int) (i * GAME_N_COLUMNS), rows[i], writer->arena);
    else
      bind_entry (stmt, (int) (i * ENTRY_N_COLUMNS), rows[i], writer->arena);
  if (!tk_store_step_done (writer->store, stmt, error))
    return FALSE;
  sqlite3_clear_bindings (stmt);
  return TRUE;
}

static gboolean
write_all (Writer         *writer,
           gboolean        games,
           const Pending **rows,
           guint           n,
           GError        **error)
{
  for (guint done = 0; done < n;)
    {
      guint chunk = chunk_for (n - done);

      if (!write_chunk (writer, games, rows + done, chunk, error))
        return FALSE;
      done += chunk;
    }
  return TRUE;
}

/* The new games first, then every entry (the entries refer to the games). */
static gboolean
writer_flush (Writer  *writer,
              GError **error)
{
  g_autofree const Pending **games = g_new (const Pending *, writer->pending->len + 1);
  g_autofree const Pending **entries = g_new (const Pending *, writer->pending->len + 1);
  guint n_games = 0;

  for (guint i = 0; i < writer->pending->len; i++)
    {
      const Pending *p = &g_array_index (writer->pending, Pending, i);

      if (p->is_new)
        games[n_games++] = p;
      entries[i] = p;
    }
  if (!write_all (writer, TRUE, games, n_games, error) ||
      !write_all (writer, FALSE, entries, writer->pending->len, error))
    return FALSE;
  g_array_set_size (writer->pending, 0);
  g_string_truncate (writer->arena, 0);
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
  writer->known = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, known_free);
  writer->pending = g_array_sized_new (FALSE, FALSE, sizeof (Pending), BATCH_SIZE);
  writer->arena = g_string_sized_new (16 * 1024);

  stmt = tk_store_prepare (store,
                           "SELECT g.bgg_id, g.id, g.source, g.title, c.game_id IS NOT NULL,"
                           " EXISTS (SELECT 1 FROM plays p WHERE p.game_id = g.id)"
                           " FROM games g LEFT JOIN collection c ON c.game_id = g.id"
                           " WHERE g.bgg_id IS NOT NULL", error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      Known *known = g_new0 (Known, 1);
      const char *source = (const char *) sqlite3_column_text (stmt, 2);
      gint64 *key = g_new (gint64, 1);

      known->id = sqlite3_column_int64 (stmt, 1);
      /* Only a catalog game without an entry or plays is written in the batch (its entry
       * alone); an imported game gets the file's facts, entries and plays are merged: those
       * one by one. */
      known->merge = g_strcmp0 (source, "catalog") != 0 || sqlite3_column_int (stmt, 4) ||
                     sqlite3_column_int (stmt, 5);
      if (!known->merge)
        known->title = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
      *key = sqlite3_column_int64 (stmt, 0);
      g_hash_table_insert (writer->known, key, known);
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
  g_clear_pointer (&writer->pending, g_array_unref);
  if (writer->arena != NULL)
    g_string_free (g_steal_pointer (&writer->arena), TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Writer, writer_clear)

static guint32
arena_copy (GString       *to,
            const GString *from,
            guint32        offset)
{
  return offset != NO_TEXT ? arena_text (to, from->str + offset) : NO_TEXT;
}

static gboolean
writer_add (Writer        *writer,
            const Row     *row,
            const GString *arena,
            GError       **error)
{
  Known *known = g_hash_table_lookup (writer->known, &row->bgg_id);
  Pending p = { 0 };

  if (known != NULL && known->in_file)
    /* A second row with one BGG id (BGG lists each copy or version of a game): the game is
     * one, the rows' entries are not: the last one is kept, and the title is reported. */
    tk_import_summary_add_ambiguous (writer->summary, arena->str + row->title);

  if (known != NULL && (known->merge || known->in_file))
    {
      g_autoptr(TkGame) game = game_from_row (row, arena);

      known->in_file = TRUE;
      return writer_flush (writer, error) &&
             import_game (writer->store, game, writer->summary, error);
    }

  p.row = *row;
  p.row.title = arena_copy (writer->arena, arena, row->title);
  p.row.best_players = arena_copy (writer->arena, arena, row->best_players);
  p.row.comment = arena_copy (writer->arena, arena, row->comment);
  p.row.acquired_on = arena_copy (writer->arena, arena, row->acquired_on);
  if (known != NULL)
    {
      /* A catalog game without an entry: only the entry, in the batch. */
      const char *title = arena->str + row->title;

      p.game_id = known->id;
      known->in_file = TRUE;
      writer->summary->n_matched++;
      if (g_strcmp0 (known->title, title) != 0)
        {
          p.extra = (guint32) writer->arena->len;
          append_extra_with_objectname (writer->arena, row_text (arena, row->extra), title);
          g_string_append_c (writer->arena, '\0');
        }
      else
        p.extra = arena_copy (writer->arena, arena, row->extra);
    }
  else
    {
      gint64 *key = g_new (gint64, 1);

      known = g_new0 (Known, 1);
      known->id = writer->next_id++;
      known->in_file = TRUE;
      *key = row->bgg_id;
      g_hash_table_insert (writer->known, key, known);
      p.game_id = known->id;
      p.is_new = TRUE;
      p.extra = arena_copy (writer->arena, arena, row->extra);
      writer->summary->n_added++;
    }
  g_array_append_val (writer->pending, p);
  if (writer->pending->len == BATCH_SIZE)
    return writer_flush (writer, error);
  return TRUE;
}

/* A large import into a small library (a first BoardGameGeek import) builds the games'
 * secondary indexes once at the end, from sorted data, instead of row by row: about a third
 * of the writing time for 10,000 rows.  Unique indexes stay (they enforce the BGG id and
 * catalog key); so do the collection's two small ones: building them again would read the
 * whole collection table (its BGG columns: two thirds of the file) back twice, more than
 * keeping them costs.  Everything happens inside the import's transaction, so a failure
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
                           " AND tbl_name = 'games' AND sql IS NOT NULL"
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
          Row row;

          if (g_atomic_int_get (&reader->stop) ||
              (record = tk_csv_reader_next (reader->reader, reader->cancellable,
                                            &reader->error)) == NULL ||
              !row_from_record (&reader->columns, record, &row, batch->arena, &reader->error))
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
  columns_clear (&reader->columns);
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
      return memory_stream (data, length);
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
        const Row *row = &g_array_index (batches[b]->rows, Row, i);

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
  if (header == NULL || !map_columns (header, &reader.columns, error) ||
      !writer_init (&writer, store, error))
    {
      reader_clear (&reader);
      return FALSE;
    }
  post_progress (job, 0, size);

  reader.full = g_async_queue_new ();
  reader.empty = g_async_queue_new ();
  for (guint i = 0; i < N_BATCHES; i++)
    {
      reader.batches[i].rows = g_array_sized_new (FALSE, FALSE, sizeof (Row), BATCH_ROWS);
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
    indexes = drop_secondary_indexes (store);

  for (guint b = 0;; b++)
    {
      Batch *batch = b < n_ahead ? ahead[b] : g_async_queue_pop (reader.full);

      for (guint i = 0; ok && i < batch->rows->len; i++)
        if (!writer_add (&writer, &g_array_index (batch->rows, Row, i), batch->arena, error))
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
  if (!writer_flush (&writer, error) || !create_indexes (store, indexes, error) ||
      (job->summary.n_matched > 0 && !tk_display_title_adopt_bgg_names (store, 0, error)))
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
      g_autoptr(JsonObject) extra = tk_bgg_extra_to_object (game->bgg_extra);

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
