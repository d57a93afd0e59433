/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-csv-writer.c — BoardGameGeek CSV rows into the library: batches of new games,
 * merges one by one, the secondary indexes dropped and built again for a large import. */
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
#include "tk-bgg-names.h"
#include "tk-display-title.h"

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
  /* The compact form: objectname is BGG's first column, never in a row's own extra; its
   * gap is 0 (or null, as earlier versions wrote it). */
  if (extra_json == NULL || (extra_json[0] == '[' && (extra_json[1] == '0' ||
                                                      g_str_has_prefix (extra_json + 1, "null"))))
    {
      g_string_append_c (out, '[');
      tk_bgg_csv_append_json_string (out, objectname);
      g_string_append (out, extra_json == NULL ? "]" : extra_json + (extra_json[1] == '0' ? 2 : 5));
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
  tk_bgg_csv_append_json_string (out, "objectname");
  g_string_append_c (out, ':');
  tk_bgg_csv_append_json_string (out, objectname);
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
         tk_bgg_names_adopt (store, id, error);
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
  " catalog_key, id, uid) VALUES "
/* The uid is given here ("bgg:ID", tk-uid.h) rather than by the trigger, which would write
 * each new game a second time. */
#define GAME_ROW "(?,NULL,?,?,?,?,?,?,NULL,?,?,?,?,'import',NULL,NULL,NULL,?,'bgg:' || ?)"
#define GAME_N_COLUMNS 13
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
  char     *adopt_name;   /* a catalog game's Japanese name in this file, for its title_ja */
  gboolean  merge;        /* written one by one: has an entry, plays, or was imported */
  gboolean  in_file;      /* a row of this file named it already */
  gboolean  no_title_ja;  /* a catalog game without a Japanese title */
} Known;

static void
known_free (gpointer data)
{
  Known *known = data;

  g_free (known->title);
  g_free (known->adopt_name);
  g_free (known);
}

/* A row waiting in the writer, with its texts in the writer's arena. */
typedef struct
{
  TkBggCsvRow row;
  gint64      game_id;
  gboolean    is_new;
  guint32     extra;      /* the entry's bgg_extra (with the objectname for a catalog game) */
} Pending;


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

/* As tk_collection_write_game() binds a new game (it has no tags). */
static void
bind_game (sqlite3_stmt  *stmt,
           int            base,
           const Pending *p,
           const GString *arena)
{
  const TkBggCsvRow *row = &p->row;

  bind_text_offset (stmt, base + 1, arena, row->title);
  if (row->year != 0)
    sqlite3_bind_int (stmt, base + 2, row->year);
  else
    sqlite3_bind_null (stmt, base + 2);
  tk_collection_bind_uint_or_null (stmt, base + 3, row->min_players);
  tk_collection_bind_uint_or_null (stmt, base + 4, row->max_players);
  bind_text_offset (stmt, base + 5, arena, row->best_players);
  tk_collection_bind_uint_or_null (stmt, base + 6, row->min_time);
  tk_collection_bind_uint_or_null (stmt, base + 7, row->max_time);
  tk_collection_bind_double_or_null (stmt, base + 8, row->weight);
  sqlite3_bind_int64 (stmt, base + 9, row->bgg_id);
  tk_collection_bind_uint_or_null (stmt, base + 10, row->bgg_rank);
  tk_collection_bind_double_or_null (stmt, base + 11, row->rating_avg);
  sqlite3_bind_int64 (stmt, base + 12, p->game_id);
  sqlite3_bind_int64 (stmt, base + 13, row->bgg_id);
}

/* As tk_collection_write_entry() binds the collection row. */
static void
bind_entry (sqlite3_stmt  *stmt,
            int            base,
            const Pending *p,
            const GString *arena)
{
  const TkBggCsvRow *row = &p->row;

  sqlite3_bind_int64 (stmt, base + 1, p->game_id);
  sqlite3_bind_int (stmt, base + 2, row->owned);
  sqlite3_bind_int (stmt, base + 3, row->want_to_play);
  sqlite3_bind_int (stmt, base + 4, row->bgg_plays > 0);
  tk_collection_bind_uint_or_null (stmt, base + 5, row->rating);
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
  sqlite3_stmt *stmt = n == BATCH_SIZE ? writer->full_batch[games] : NULL;

  if (stmt != NULL)
    sqlite3_reset (stmt);
  else
    {
      g_autofree char *sql = games ? insert_sql (GAME_INSERT, GAME_ROW, n)
                                   : insert_sql (ENTRY_INSERT, ENTRY_ROW, n);

      /* The store owns its statements and keeps them as long as it is open. */
      stmt = tk_store_prepare (writer->store, sql, error);
      if (stmt == NULL)
        return FALSE;
      if (n == BATCH_SIZE)
        writer->full_batch[games] = stmt;
    }
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
gboolean
tk_bgg_csv_writer_flush (Writer  *writer,
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

gboolean
tk_bgg_csv_writer_init (Writer   *writer,
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
                           " EXISTS (SELECT 1 FROM plays p WHERE p.game_id = g.id),"
                           " g.title_ja IS NULL"
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
      known->no_title_ja = sqlite3_column_int (stmt, 6);
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

void
tk_bgg_csv_writer_clear (Writer *writer)
{
  g_clear_pointer (&writer->known, g_hash_table_unref);
  g_clear_pointer (&writer->pending, g_array_unref);
  if (writer->arena != NULL)
    g_string_free (g_steal_pointer (&writer->arena), TRUE);
}


static guint32
arena_copy (GString       *to,
            const GString *from,
            guint32        offset)
{
  return offset != NO_TEXT ? tk_bgg_csv_arena_text (to, from->str + offset) : NO_TEXT;
}

gboolean
tk_bgg_csv_writer_add (Writer            *writer,
                       const TkBggCsvRow *row,
                       const GString     *arena,
                       GError           **error)
{
  Known *known = g_hash_table_lookup (writer->known, &row->bgg_id);
  Pending p = { 0 };

  if (known != NULL && known->in_file)
    /* A second row with one BGG id (BGG lists each copy or version of a game): the game is
     * one, the rows' entries are not: the last one is kept, and the title is reported. */
    tk_import_summary_add_ambiguous (writer->summary, arena->str + row->title);

  if (known != NULL && (known->merge || known->in_file))
    {
      g_autoptr(TkGame) game = tk_bgg_csv_game_from_row (row, arena);

      known->in_file = TRUE;
      /* import_game() adopts this row's name, if any, as the last row's. */
      g_clear_pointer (&known->adopt_name, g_free);
      return tk_bgg_csv_writer_flush (writer, error) &&
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
          append_extra_with_objectname (writer->arena, tk_bgg_csv_row_text (arena, row->extra), title);
          g_string_append_c (writer->arena, '\0');
          /* As tk_bgg_names_adopt () decides, from the name at hand rather than
           * by parsing every entry's columns back at the end. */
          if (known->no_title_ja && tk_display_title_is_japanese_text (title) &&
              !tk_display_title_is_japanese_text (known->title))
            known->adopt_name = g_strstrip (g_strdup (title));
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
    return tk_bgg_csv_writer_flush (writer, error);
  return TRUE;
}

/* Returns the CREATE statements of the indexes it dropped (maybe none: another statement
 * reading the tables keeps them in place, and the import then writes them row by row). */
GPtrArray *
tk_bgg_csv_drop_secondary_indexes (TkStore *store)
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

gboolean
tk_bgg_csv_create_indexes (TkStore    *store,
                GPtrArray  *sqls,
                GError    **error)
{
  for (guint i = 0; sqls != NULL && i < sqls->len; i++)
    if (!tk_store_exec (store, g_ptr_array_index (sqls, i), error))
      return FALSE;
  return TRUE;
}

/* A catalog game imported in a batch under its Japanese name gets it as its title_ja (as
 * tk_bgg_names_adopt () gives it a game merged one by one). */
gboolean
tk_bgg_csv_writer_adopt_names (Writer  *writer,
                               GError **error)
{
  GHashTableIter iter;
  gpointer value;
  sqlite3_stmt *stmt = NULL;

  g_hash_table_iter_init (&iter, writer->known);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Known *known = value;

      if (known->adopt_name == NULL)
        continue;
      if (stmt == NULL)
        stmt = tk_store_prepare (writer->store, "UPDATE games SET title_ja = ?2"
                                                " WHERE id = ?1 AND title_ja IS NULL", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, known->id);
      sqlite3_bind_text (stmt, 2, known->adopt_name, -1, SQLITE_STATIC);
      if (!tk_store_step_done (writer->store, stmt, error))
        return FALSE;
    }
  return TRUE;
}
