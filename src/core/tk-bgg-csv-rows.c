/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-csv-rows.c — BoardGameGeek CSV records into compact rows (and TkGames). */
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

void
tk_bgg_csv_columns_clear (Columns *columns)
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


/* The bytes the escaping below may change (a table: 6 million cells pass through it). */
static const guint8 maybe_escaped[256] = {
  [0x01 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x7f] = 1,
};

/* json-glib 1.6's escaping of a string value or member name. */
void
tk_bgg_csv_append_json_string (GString    *out,
                    const char *text)
{
  static const char hex[] = "0123456789abcdef";
  const char *run = text;
  const char *p;

  g_string_append_c (out, '"');
  for (p = text; *p != '\0'; p++)
    {
      const char *escape = NULL;

      /* Most bytes: printable ASCII other than the two escaped ones, or UTF-8. */
      if (!maybe_escaped[(guchar) *p])
        continue;
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
  tk_bgg_csv_append_json_string (quoted, key);
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

  /* Nearly every row: no control character but tabs and line breaks anywhere in the record
   * (the reader scanned it), which the cells, multi-line, may hold; none longer than the
   * record. */
  if (header != NULL && record->plain && record->size <= tk_text_max_chars (TK_TEXT_OTHER))
    return TRUE;
  for (guint i = 0; i < record->n_fields; i++)
    {
      TkTextKind kind = header != NULL ? TK_TEXT_OTHER : TK_TEXT_LINE;
      g_autofree char *field = NULL;

      /* The column's name is only for the message: formatting it for every cell was a sixth
       * of a 100,000-row import.  A refused cell is checked again to say where.  The reader
       * validated the record's UTF-8 once (tk-csv-reader.h): a cell is not validated again. */
      if (tk_text_check_utf8_len (kind, "", record->fields[i], strlen (record->fields[i]), NULL))
        continue;
      field = header != NULL ? g_strdup_printf (_("column “%s”"), header[i])
                             : g_strdup (_("column name"));
      if (!tk_text_check (kind, field, record->fields[i], &local_error))
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE, _("Line %u: %s"),
                       record->line, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
tk_bgg_csv_map_columns (TkCsvRecord  *header,
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
        if (g_ascii_strcasecmp (columns->header[i], tk_bgg_csv_mapped[m].name) == 0)
          columns->index[m] = (int) i;
    }
  for (guint m = COL_OBJECTNAME; m <= COL_OBJECTID; m++)
    if (columns->index[m] < 0)
      {
        g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                     _("Line 1: the file has no “%s” column, which a BoardGameGeek collection "
                       "export always has. Is this the right file?"), tk_bgg_csv_mapped[m].name);
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
    columns->mapped_slot[m] = slot_for (columns, slots, tk_bgg_csv_mapped[m].name);
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
 * JSON array with the text of BGG's column i at place i (0: not in the row; n: the common
 * text n - 1, tk_bgg_csv_common), up to the last one given, then, only if the file had
 * columns BGG does not write, an object of them at place 58.  Keys would take more room
 * than the values: about 40 of them per row.  A gap is the number 0, not null: a row has
 * about 18 of them, and the 3 bytes each saves are 7 % of what a first import writes. */
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
      guint code;

      if (i > 0)
        g_string_append_c (arena, ',');
      if (at[i] == NULL)
        g_string_append_c (arena, '0');
      else if ((code = tk_bgg_csv_common_code (at[i])) > 0)
        {
          /* At most two digits (TK_BGG_CSV_N_COMMON); printf would cost more than the rest
           * of the row. */
          if (code >= 10)
            g_string_append_c (arena, (char) ('0' + code / 10));
          g_string_append_c (arena, (char) ('0' + code % 10));
        }
      else
        tk_bgg_csv_append_json_string (arena, at[i]);
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
          tk_bgg_csv_append_json_string (arena, columns->slot_value[slot]);
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
      else if (i < TK_BGG_CSV_N_COLUMNS && JSON_NODE_HOLDS_VALUE (node) &&
               json_node_get_value_type (node) == G_TYPE_INT64 &&
               json_node_get_int (node) >= 1 && json_node_get_int (node) <= TK_BGG_CSV_N_COMMON)
        json_object_set_string_member (object, tk_bgg_csv_columns[i],
                                       tk_bgg_csv_common[json_node_get_int (node) - 1]);
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

guint32
tk_bgg_csv_arena_text (GString    *arena,
            const char *text)
{
  gsize offset = arena->len;

  if (text == NULL || *text == '\0')
    return NO_TEXT;
  g_string_append_len (arena, text, (gssize) strlen (text) + 1);
  return (guint32) offset;
}

/* A cell of @record (UTF-8 already) for a field with a limit of its own; @field is
 * untranslated (N_()): translating four names for every row was 1 % of an import. */
static gboolean
check_cell (const TkCsvRecord  *record,
            TkTextKind          kind,
            const char         *field,
            const char         *text,
            GError            **error)
{
  gsize length = strlen (text);

  /* The record holds no control but tabs and line breaks: a one-line field has to be
   * looked at for those only. */
  if (record->plain && length <= tk_text_max_chars (kind) &&
      (tk_text_is_multiline (kind) || strpbrk (text, "\r\n") == NULL))
    return TRUE;
  return tk_text_check_utf8_len (kind, _(field), text, length, error);
}

/* Every row of a file passes through here: its fields are checked, and it becomes a
 * TkBggCsvRow, its texts appended to @arena. */
gboolean
tk_bgg_csv_row_from_record (Columns     *columns,
                            TkCsvRecord *record,
                            TkBggCsvRow *row,
                            GString     *arena,
                            GError     **error)
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
      if (tk_bgg_csv_mapped[m].kind == KIND_TEXT)
        {
          if (is_fact_column (m) && columns->index[m] >= 0)
            extra_add (columns, columns->mapped_slot[m], text);
          continue;
        }
      if (!tk_bgg_csv_parse_value (tk_bgg_csv_mapped[m].kind, text, &values[m]))
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Line %u: “%s” is not a valid value for the column “%s”."),
                       record->line, text, tk_bgg_csv_mapped[m].name);
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
          if (is_fact_column (m) || strcmp (tk_bgg_csv_format_value_buf (tk_bgg_csv_mapped[m].kind, stored, buffer), text) != 0)
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
  if (!check_cell (record, TK_TEXT_TITLE, N_("title"), texts[COL_OBJECTNAME], &text_error) ||
      !check_cell (record, TK_TEXT_TAG, N_("best player count"), texts[COL_BGGBESTPLAYERS],
                   &text_error) ||
      !check_cell (record, TK_TEXT_COMMENT, N_("comment"), texts[COL_COMMENT], &text_error) ||
      !check_cell (record, TK_TEXT_LINE, N_("acquisition date"), texts[COL_ACQUISITIONDATE],
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
  row->title = tk_bgg_csv_arena_text (arena, texts[COL_OBJECTNAME]);
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
  row->best_players = tk_bgg_csv_arena_text (arena, texts[COL_BGGBESTPLAYERS]);
  row->weight = values[COL_AVGWEIGHT] >= 1.0 && values[COL_AVGWEIGHT] <= 5.0
                ? values[COL_AVGWEIGHT] : 0.0;
  row->rating_avg = values[COL_AVERAGE];
  row->bgg_rank = (guint) values[COL_RANK];

  row->owned = values[COL_OWN] != 0.0;
  row->want_to_play = values[COL_WANTTOPLAY] != 0.0;
  row->bgg_plays = (guint) values[COL_NUMPLAYS];
  row->rating = values[COL_RATING] > 0 ? (guint8) CLAMP (floor (values[COL_RATING] + 0.5), 1, 10) : 0;
  row->comment = tk_bgg_csv_arena_text (arena, texts[COL_COMMENT]);
  row->price_paid = values[COL_PRICEPAID];
  row->acquired_on = tk_bgg_csv_arena_text (arena, texts[COL_ACQUISITIONDATE]);
  return TRUE;
}

const char *
tk_bgg_csv_row_text (const GString *arena,
          guint32        offset)
{
  return offset != NO_TEXT ? arena->str + offset : NULL;
}

/* A TkGame with the row's facts and entry, for the few rows written one by one. */
TkGame *
tk_bgg_csv_game_from_row (const TkBggCsvRow *row,
                          const GString     *arena)
{
  TkGame *game = g_object_new (TK_TYPE_GAME, NULL);

  game->bgg_extra = g_strdup (tk_bgg_csv_row_text (arena, row->extra));
  game->title = g_strdup (tk_bgg_csv_row_text (arena, row->title));
  game->bgg_id = row->bgg_id;
  game->source = g_strdup ("import");
  game->year = row->year;
  game->min_players = row->min_players;
  game->max_players = row->max_players;
  game->min_time = row->min_time;
  game->max_time = row->max_time;
  game->best_players = g_strdup (tk_bgg_csv_row_text (arena, row->best_players));
  game->weight = row->weight;
  game->rating_avg = row->rating_avg;
  game->bgg_rank = row->bgg_rank;
  game->in_collection = TRUE;
  game->owned = row->owned;
  game->want_to_play = row->want_to_play;
  game->bgg_plays = row->bgg_plays;
  game->played = row->bgg_plays > 0;
  game->rating = row->rating;
  game->comment = g_strdup (tk_bgg_csv_row_text (arena, row->comment));
  game->price_paid = row->price_paid;
  game->acquired_on = g_strdup (tk_bgg_csv_row_text (arena, row->acquired_on));
  return game;
}

GPtrArray *
tk_bgg_csv_read_games (const char  *data,
                       gsize        length,
                       GError     **error)
{
  g_autoptr(GInputStream) stream = tk_bgg_csv_memory_stream (data, length);
  g_autoptr(TkCsvReader) reader = tk_csv_reader_new (stream);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GString) arena = g_string_new (NULL);
  g_auto(Columns) columns = { 0 };
  TkCsvRecord *record;
  GError *local_error = NULL;

  record = tk_csv_reader_next (reader, NULL, error);
  if (record == NULL || !tk_bgg_csv_map_columns (record, &columns, error))
    return NULL;
  while ((record = tk_csv_reader_next (reader, NULL, &local_error)) != NULL)
    {
      TkBggCsvRow row;

      g_string_truncate (arena, 0);
      if (!tk_bgg_csv_row_from_record (&columns, record, &row, arena, error))
        return NULL;
      g_ptr_array_add (games, tk_bgg_csv_game_from_row (&row, arena));
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  return g_steal_pointer (&games);
}
