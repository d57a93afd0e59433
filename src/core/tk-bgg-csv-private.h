/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-csv-private.h — what the parts of the BoardGameGeek CSV code share (tk-bgg-csv.c,
 * tk-bgg-csv-rows.c, tk-bgg-csv-writer.c, tk-bgg-csv-import.c, tk-bgg-csv-export.c). */
#pragma once

#include "tk-bgg-csv.h"
#include "tk-collection-private.h"
#include "tk-csv-reader.h"

G_BEGIN_DECLS

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

typedef struct
{
  const char *name;
  Kind        kind;
} TkBggMapped;

extern const TkBggMapped tk_bgg_csv_mapped[N_MAPPED];

/* Facts about the game (BGG's), not about the user's copy. */
static inline gboolean
is_fact_column (Mapped m)
{
  return m == COL_AVERAGE || m == COL_AVGWEIGHT || m == COL_RANK || m == COL_MINPLAYERS ||
         m == COL_MAXPLAYERS || m == COL_MAXPLAYTIME || m == COL_MINPLAYTIME ||
         m == COL_YEARPUBLISHED || m == COL_BGGBESTPLAYERS;
}

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
} TkBggCsvRow;

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

typedef struct
{
  TkStore         *store;
  TkImportSummary *summary;
  GHashTable      *known;     /* bgg_id → Known */
  GArray          *pending;   /* Pending */
  GString         *arena;
  gint64           next_id;
  /* The two statements of a full batch (games, entries), kept rather than looked up in the
   * store's cache by their 15 KB of SQL for every batch. */
  sqlite3_stmt    *full_batch[2];
} Writer;

/* A large import into a small library (a first BoardGameGeek import) builds the games'
 * secondary indexes once at the end, from sorted data, instead of row by row: about a third
 * of the writing time for 10,000 rows.  Unique indexes stay (they enforce the BGG id and
 * catalog key); so do the collection's two small ones: building them again would read the
 * whole collection table (its BGG columns: two thirds of the file) back twice, more than
 * keeping them costs.  Everything happens inside the import's transaction, so a failure
 * rolls the dropped indexes back with the rest. */

#define BULK_MIN_ROWS 1000



/* tk-bgg-csv.c: values and whole files */
gboolean      tk_bgg_csv_parse_value       (Kind           kind,
                                            const char    *text,
                                            double        *value);
const char   *tk_bgg_csv_format_value_buf  (Kind           kind,
                                            double         value,
                                            char           buffer[G_ASCII_DTOSTR_BUF_SIZE]);
char         *tk_bgg_csv_format_value      (Kind           kind,
                                            double         value);
GInputStream *tk_bgg_csv_memory_stream     (const char    *data,
                                            gsize          length);

/* tk-bgg-csv-rows.c: records into rows */
gboolean      tk_bgg_csv_map_columns       (TkCsvRecord   *header,
                                            Columns       *columns,
                                            GError       **error);
void          tk_bgg_csv_columns_clear     (Columns       *columns);

#define TK_BGG_CSV_N_COMMON 10    /* below 100: written as one or two digits */
extern const char * const tk_bgg_csv_common[];
guint         tk_bgg_csv_common_code       (const char    *text);
gboolean      tk_bgg_csv_row_from_record   (Columns       *columns,
                                            TkCsvRecord   *record,
                                            TkBggCsvRow   *row,
                                            GString       *arena,
                                            GError       **error);
guint32       tk_bgg_csv_arena_text        (GString       *arena,
                                            const char    *text);
const char   *tk_bgg_csv_row_text          (const GString *arena,
                                            guint32        offset);
TkGame       *tk_bgg_csv_game_from_row     (const TkBggCsvRow *row,
                                            const GString     *arena);
void          tk_bgg_csv_append_json_string (GString      *out,
                                             const char   *text);

/* tk-bgg-csv-writer.c: rows into the library */
gboolean      tk_bgg_csv_writer_init       (Writer        *writer,
                                            TkStore       *store,
                                            GError       **error);
gboolean      tk_bgg_csv_writer_add        (Writer            *writer,
                                            const TkBggCsvRow *row,
                                            const GString     *arena,
                                            GError           **error);
gboolean      tk_bgg_csv_writer_flush      (Writer        *writer,
                                            GError       **error);
void          tk_bgg_csv_writer_clear      (Writer        *writer);
gboolean      tk_bgg_csv_writer_adopt_names (Writer       *writer,
                                            GError       **error);
GPtrArray    *tk_bgg_csv_drop_secondary_indexes (TkStore  *store);
gboolean      tk_bgg_csv_create_indexes    (TkStore       *store,
                                            GPtrArray     *sqls,
                                            GError       **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Writer, tk_bgg_csv_writer_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Columns, tk_bgg_csv_columns_clear)

G_END_DECLS
