/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-index.c — every game in a compact table, filtered and sorted in memory. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <math.h>
#include <string.h>

#include "tk-game-index-private.h"

/* The columns a query can touch, for every game at once or for one (?1).  Plays and
 * designers come in queries of their own, joined here by game id: as subqueries per game
 * they cost four times the rest at 100,000 games. */
#define INDEX_SQL \
  "SELECT g.id, g.title, g.title_ja, g.year, g.min_players, g.max_players," \
  " g.best_players, g.min_time, g.max_time, g.weight, g.rating_avg," \
  " c.game_id IS NOT NULL, c.owned, c.want_to_play, c.played, c.favourite, c.not_interested," \
  " c.rating, coalesce (c.bgg_plays, 0)" \
  " FROM games g LEFT JOIN collection c ON c.game_id = g.id"
#define PLAYS_SQL \
  "SELECT game_id, count(*), max(played_on) FROM plays WHERE game_id IS NOT NULL"
#define DESIGNERS_SQL \
  "SELECT game_id, name FROM game_tags WHERE kind = 'designer'"

TkGameIndex *
tk_game_index_new (void)
{
  TkGameIndex *self = g_new0 (TkGameIndex, 1);

  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  self->designers = g_array_new (FALSE, FALSE, sizeof (Designer));
  self->pool = g_string_new (NULL);
  self->by_id = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->dense = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->order = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->rank = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->title_rank = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->order_sort = -1;
  self->load_sort = -1;
  tk_game_index_search_init (self);
  return self;
}

void
tk_game_index_free (TkGameIndex *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_array_unref (self->designers);
  g_string_free (self->pool, TRUE);
  g_hash_table_unref (self->by_id);
  g_array_unref (self->dense);
  g_array_unref (self->order);
  g_array_unref (self->rank);
  g_array_unref (self->title_rank);
  tk_game_index_search_free (self);
  g_free (self);
}

/* Appends @length bytes of @text with ASCII letters folded, as LIKE and NOCASE fold. */
static void
append_folded (GString    *pool,
               const char *text,
               gsize       length)
{
  for (gsize i = 0; i < length; i++)
    g_string_append_c (pool, g_ascii_tolower (text[i]));
}

/* Appends each NUL-separated piece of @text that is not empty, folded and ending in NUL
 * (an empty piece would end the list early, and can match no search anyway). */
static void
append_pieces (GString    *pool,
               const char *text,
               gsize       length)
{
  gsize start = 0;

  for (gsize i = 0; i <= length; i++)
    if (i == length || text[i] == '\0')
      {
        if (i > start)
          {
            append_folded (pool, text + start, i - start);
            g_string_append_c (pool, '\0');
          }
        start = i + 1;
      }
}

/* The key titles sort by.  Today SQLite's NOCASE (ASCII letters folded, then bytes), so
 * that the page and `collection list` agree; a locale collation key of the displayed title
 * (g_utf8_collate_key) would go here. */
static guint32
title_sort_key (TkGameIndex *self,
                const char  *title)
{
  guint32 offset = self->pool->len;

  append_folded (self->pool, title, strlen (title));
  g_string_append_c (self->pool, '\0');
  return offset;
}

static double
column_number (sqlite3_stmt *stmt,
               int           column)
{
  return sqlite3_column_type (stmt, column) == SQLITE_NULL ? NAN
                                                           : sqlite3_column_double (stmt, column);
}

static guint32
column_pooled (TkGameIndex  *self,
               sqlite3_stmt *stmt,
               int           column)
{
  const char *text = (const char *) sqlite3_column_text (stmt, column);
  guint32 offset = self->pool->len;

  if (text == NULL)
    return NONE;
  g_string_append_len (self->pool, text, sqlite3_column_bytes (stmt, column));
  g_string_append_c (self->pool, '\0');
  return offset;
}

static void
entry_from_row (TkGameIndex  *self,
                sqlite3_stmt *stmt,
                Entry        *entry)
{
  const char *best = (const char *) sqlite3_column_text (stmt, 6);
  const char *title_ja = (const char *) sqlite3_column_text (stmt, 2);
  double rating;

  memset (entry, 0, sizeof *entry);
  entry->id = sqlite3_column_int64 (stmt, 0);
  entry->title_key = title_sort_key (self, (const char *) sqlite3_column_text (stmt, 1));

  /* The searched texts, each folded and ending in NUL, so that no match spans two. */
  entry->search = self->pool->len;
  append_pieces (self->pool, (const char *) sqlite3_column_text (stmt, 1),
                 sqlite3_column_bytes (stmt, 1));
  if (title_ja != NULL)
    append_pieces (self->pool, title_ja, sqlite3_column_bytes (stmt, 2));
  g_string_append_c (self->pool, '\0');
  entry->designers = NONE;
  entry->hay_start = entry->hay_end = NONE;

  if (best != NULL)
    {
      /* The SQL filter's (',' || replace (best_players, ' ', '') || ','). */
      entry->best = self->pool->len;
      g_string_append_c (self->pool, ',');
      for (const char *p = best; *p != '\0'; p++)
        if (*p != ' ')
          g_string_append_c (self->pool, *p);
      g_string_append (self->pool, ",");
      g_string_append_c (self->pool, '\0');
    }
  else
    entry->best = NONE;

  entry->year = column_number (stmt, 3);
  entry->min_players = column_number (stmt, 4);
  entry->max_players = column_number (stmt, 5);
  entry->min_time = column_number (stmt, 7);
  entry->max_time = column_number (stmt, 8);
  entry->weight = column_number (stmt, 9);
  rating = column_number (stmt, 17);
  entry->rating = isnan (rating) ? column_number (stmt, 10) : rating;
  entry->in_collection = sqlite3_column_int (stmt, 11) != 0;
  entry->statuses = (sqlite3_column_int (stmt, 12) ? TK_GAME_STATUS_OWNED : 0) |
                    (sqlite3_column_int (stmt, 13) ? TK_GAME_STATUS_WANT_TO_PLAY : 0) |
                    (sqlite3_column_int (stmt, 14) ? TK_GAME_STATUS_PLAYED : 0) |
                    (sqlite3_column_int (stmt, 15) ? TK_GAME_STATUS_FAVOURITE : 0) |
                    (sqlite3_column_int (stmt, 16) ? TK_GAME_STATUS_NOT_INTERESTED : 0);
  entry->plays = (guint32) MAX (0, sqlite3_column_int64 (stmt, 18));
  entry->last_played = NONE;
}

/* Adds the logged plays of the rows of @stmt (game id, count, last date) to their games. */
static gboolean
read_plays (TkGameIndex   *self,
            TkStore       *store,
            sqlite3_stmt  *stmt,
            GError       **error)
{
  int rc;

  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      guint32 number = tk_game_index_find (self, sqlite3_column_int64 (stmt, 0));
      Entry *entry;

      if (number == NONE)
        continue;
      entry = &g_array_index (self->entries, Entry, number);
      entry->plays += (guint32) MAX (0, sqlite3_column_int64 (stmt, 1));
      entry->last_played = column_pooled (self, stmt, 2);
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return rc == SQLITE_DONE;
}

/* Chains the designers of the rows of @stmt (game id, name) to their games. */
static gboolean
read_designers (TkGameIndex   *self,
                TkStore       *store,
                sqlite3_stmt  *stmt,
                GError       **error)
{
  int rc;

  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      guint32 number = tk_game_index_find (self, sqlite3_column_int64 (stmt, 0));
      const char *name = (const char *) sqlite3_column_text (stmt, 1);
      Entry *entry;
      Designer designer;

      /* An empty name can match no search. */
      if (number == NONE || name == NULL || *name == '\0')
        continue;
      entry = &g_array_index (self->entries, Entry, number);
      designer.name = self->pool->len;
      designer.next = entry->designers;
      append_folded (self->pool, name, sqlite3_column_bytes (stmt, 1));
      g_string_append_c (self->pool, '\0');
      g_array_append_val (self->designers, designer);
      entry->designers = self->designers->len - 1;
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return rc == SQLITE_DONE;
}

/* Makes entry @number findable by its game's id: in the dense table when the id is near
 * the others (a hash per game costs more than the rest of the load), else in the hash. */
static void
index_entry (TkGameIndex *self,
             guint32      number)
{
  gint64 id = g_array_index (self->entries, Entry, number).id;

  if (id >= 0 && id < (gint64) self->dense->len + 4096 && id < G_MAXINT32)
    {
      guint old = self->dense->len;

      if ((guint) id >= old)
        {
          g_array_set_size (self->dense, (guint) id + 1024);
          memset (&g_array_index (self->dense, guint32, old), 0xff,
                  (self->dense->len - old) * sizeof (guint32));
        }
      g_array_index (self->dense, guint32, id) = number;
    }
  else
    {
      gint64 *key = g_new (gint64, 1);

      *key = id;
      g_hash_table_replace (self->by_id, key, GUINT_TO_POINTER (number + 1));
    }
}

static void ensure_order (TkGameIndex *self,
                          TkGameSort   sort,
                          gboolean     descending);

gboolean
tk_game_index_load (TkGameIndex  *self,
                    TkStore      *store,
                    GError      **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (self != NULL, FALSE);

  stmt = tk_store_prepare (store, INDEX_SQL, error);
  if (stmt == NULL)
    return FALSE;

  g_array_set_size (self->entries, 0);
  g_array_set_size (self->designers, 0);
  g_string_truncate (self->pool, 0);
  g_hash_table_remove_all (self->by_id);
  g_array_set_size (self->dense, 0);
  self->order_sort = -1;
  g_array_set_size (self->title_rank, 0);
  tk_game_index_search_clear (self);

  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      Entry entry;

      entry_from_row (self, stmt, &entry);
      g_array_append_val (self->entries, entry);
      index_entry (self, self->entries->len - 1);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  stmt = tk_store_prepare (store, PLAYS_SQL " GROUP BY game_id", error);
  if (stmt == NULL || !read_plays (self, store, stmt, error))
    return FALSE;
  stmt = tk_store_prepare (store, DESIGNERS_SQL, error);
  if (stmt == NULL || !read_designers (self, store, stmt, error))
    return FALSE;
  for (guint32 i = 0; i < self->entries->len; i++)
    tk_game_index_search_add (self, i);
  if (self->load_sort >= 0)
    ensure_order (self, (TkGameSort) self->load_sort, self->load_descending);
  self->load_sort = -1;
  return TRUE;
}

gboolean
tk_game_index_reload_one (TkGameIndex  *self,
                          TkStore      *store,
                          gint64        game_id,
                          GError      **error)
{
  guint32 found = tk_game_index_find (self, game_id);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (self != NULL, FALSE);

  stmt = tk_store_prepare (store, INDEX_SQL " WHERE g.id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    {
      Entry entry;

      entry_from_row (self, stmt, &entry);
      if (found != NONE)
        g_array_index (self->entries, Entry, found) = entry;
      else
        {
          g_array_append_val (self->entries, entry);
          index_entry (self, self->entries->len - 1);
        }
    }
  else if (rc == SQLITE_DONE && found != NONE)
    {
      g_array_index (self->entries, Entry, found).gone = TRUE;
      g_ptr_array_set_size (self->kept, 0);
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc == SQLITE_ROW)
    {
      stmt = tk_store_prepare (store, PLAYS_SQL " AND game_id = ?1 GROUP BY game_id", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      if (!read_plays (self, store, stmt, error))
        return FALSE;
      stmt = tk_store_prepare (store, DESIGNERS_SQL " AND game_id = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game_id);
      if (!read_designers (self, store, stmt, error))
        return FALSE;
      tk_game_index_search_add (self, tk_game_index_find (self, game_id));
    }

  self->order_sort = -1;
  g_array_set_size (self->title_rank, 0);
  return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

void
tk_game_index_set_load_order (TkGameIndex *self,
                              TkGameSort   sort,
                              gboolean     descending)
{
  g_return_if_fail (self != NULL);
  self->load_sort = (int) sort;
  self->load_descending = descending;
}

guint
tk_game_index_get_size (TkGameIndex *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->entries->len;
}

gint64
tk_game_index_get_id (TkGameIndex *self,
                      guint32      entry)
{
  g_return_val_if_fail (self != NULL && entry < self->entries->len, 0);
  return g_array_index (self->entries, Entry, entry).id;
}

guint32
tk_game_index_find (TkGameIndex *self,
                    gint64       game_id)
{
  gpointer found;

  g_return_val_if_fail (self != NULL, NONE);
  if (game_id >= 0 && game_id < (gint64) self->dense->len &&
      g_array_index (self->dense, guint32, game_id) != NONE)
    return g_array_index (self->dense, guint32, game_id);
  found = g_hash_table_lookup (self->by_id, &game_id);
  return found != NULL ? GPOINTER_TO_UINT (found) - 1 : NONE;
}

guint32
tk_game_index_get_rank (TkGameIndex *self,
                        guint32      entry)
{
  g_return_val_if_fail (self != NULL && entry < self->rank->len, NONE);
  return g_array_index (self->rank, guint32, entry);
}

/* ---- order ---- */

typedef struct
{
  TkGameIndex *index;
  TkGameSort   sort;
  gboolean     descending;
} SortContext;

static int
compare_title (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  TkGameIndex *self = data;
  const Entry *x = &g_array_index (self->entries, Entry, *(const guint32 *) a);
  const Entry *y = &g_array_index (self->entries, Entry, *(const guint32 *) b);
  int c = strcmp (pool_at (self, x->title_key), pool_at (self, y->title_key));

  if (c != 0)
    return c;
  return (x->id > y->id) - (x->id < y->id);
}

/* SQL's order of two values where NAN is NULL: NULL first. */
static int
compare_numbers (double x,
                 double y)
{
  if (isnan (x) || isnan (y))
    return (int) !isnan (x) - (int) !isnan (y);
  return (x > y) - (x < y);
}

static int
compare_texts (TkGameIndex *self,
               guint32      x,
               guint32      y)
{
  if (x == NONE || y == NONE)
    return (int) (x != NONE) - (int) (y != NONE);
  return strcmp (pool_at (self, x), pool_at (self, y));
}

static double
effective_time (const Entry *entry)
{
  return isnan (entry->max_time) ? entry->min_time : entry->max_time;
}

/* The key and the second key of @sort, as numbers; last-played compares texts. */
static void
sort_keys (const Entry *entry,
           TkGameSort   sort,
           double      *key,
           double      *second)
{
  *second = 0;
  switch (sort)
    {
    case TK_GAME_SORT_YEAR:      *key = entry->year; break;
    case TK_GAME_SORT_PLAYERS:   *key = entry->max_players; *second = entry->min_players; break;
    case TK_GAME_SORT_PLAY_TIME: *key = effective_time (entry); *second = entry->min_time; break;
    case TK_GAME_SORT_WEIGHT:    *key = entry->weight; break;
    case TK_GAME_SORT_RATING:    *key = entry->rating; break;
    case TK_GAME_SORT_PLAYS:     *key = entry->plays; break;
    case TK_GAME_SORT_TITLE:
    case TK_GAME_SORT_LAST_PLAYED:
    default:                     *key = 0; break;
    }
}

/* ORDER BY (key) IS NULL, key DIR, second DIR, title COLLATE NOCASE, id — as SQL does it. */
static int
compare_by_key (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  SortContext *context = data;
  TkGameIndex *self = context->index;
  guint32 ea = *(const guint32 *) a;
  guint32 eb = *(const guint32 *) b;
  const Entry *x = &g_array_index (self->entries, Entry, ea);
  const Entry *y = &g_array_index (self->entries, Entry, eb);
  int sign = context->descending ? -1 : 1;
  int c;

  if (context->sort == TK_GAME_SORT_LAST_PLAYED)
    {
      gboolean nx = x->last_played == NONE, ny = y->last_played == NONE;

      if (nx != ny)
        return nx ? 1 : -1;
      c = sign * compare_texts (self, x->last_played, y->last_played);
    }
  else
    {
      double kx, ky, sx, sy;

      sort_keys (x, context->sort, &kx, &sx);
      sort_keys (y, context->sort, &ky, &sy);
      if (isnan (kx) != isnan (ky))
        return isnan (kx) ? 1 : -1;
      c = sign * compare_numbers (kx, ky);
      if (c == 0)
        c = sign * compare_numbers (sx, sy);
    }
  if (c != 0)
    return c;
  return (int) (g_array_index (self->title_rank, guint32, ea) >
                g_array_index (self->title_rank, guint32, eb)) -
         (int) (g_array_index (self->title_rank, guint32, ea) <
                g_array_index (self->title_rank, guint32, eb));
}

static void
ensure_title_rank (TkGameIndex *self)
{
  g_autoptr(GArray) order = NULL;

  gboolean sorted = TRUE;

  if (self->title_rank->len == self->entries->len)
    return;
  order = g_array_sized_new (FALSE, FALSE, sizeof (guint32), self->entries->len);
  for (guint32 i = 0; i < self->entries->len; i++)
    {
      g_array_append_val (order, i);
      if (sorted && i > 0 && compare_title (&g_array_index (order, guint32, i - 1),
                                            &g_array_index (order, guint32, i), self) > 0)
        sorted = FALSE;
    }
  if (!sorted)
    g_qsort_with_data (order->data, order->len, sizeof (guint32), compare_title, self);
  g_array_set_size (self->title_rank, self->entries->len);
  for (guint32 i = 0; i < order->len; i++)
    g_array_index (self->title_rank, guint32, g_array_index (order, guint32, i)) = i;
}

static void
ensure_order (TkGameIndex *self,
              TkGameSort   sort,
              gboolean     descending)
{
  guint32 n = self->entries->len;

  if (self->order_sort == (int) sort && self->order_descending == descending &&
      self->order->len == n)
    return;

  ensure_title_rank (self);
  g_array_set_size (self->order, n);
  if (sort == TK_GAME_SORT_TITLE)
    {
      /* Title DESC, id DESC is exactly title order backwards. */
      for (guint32 i = 0; i < n; i++)
        {
          guint32 place = g_array_index (self->title_rank, guint32, i);
          g_array_index (self->order, guint32, descending ? n - 1 - place : place) = i;
        }
    }
  else
    {
      SortContext context = { self, sort, descending };

      for (guint32 i = 0; i < n; i++)
        g_array_index (self->order, guint32, i) = i;
      g_qsort_with_data (self->order->data, n, sizeof (guint32), compare_by_key, &context);
    }
  g_array_set_size (self->rank, n);
  for (guint32 i = 0; i < n; i++)
    g_array_index (self->rank, guint32, g_array_index (self->order, guint32, i)) = i;
  self->order_sort = (int) sort;
  self->order_descending = descending;
}

/* ---- filter ---- */

/* Every filter but the search (tk-game-index-search.c tests that). */
static gboolean
entry_matches (TkGameIndex       *self,
               const Entry       *entry,
               const TkGameQuery *query,
               const char        *best_needle)
{
  if (entry->gone)
    return FALSE;
  if (query->collection_only && !entry->in_collection)
    return FALSE;
  if ((query->statuses & TK_GAME_STATUS_ALL) != 0 &&
      (entry->statuses & query->statuses & TK_GAME_STATUS_ALL) == 0)
    return FALSE;
  if (query->players > 0)
    {
      double low = isnan (entry->min_players) ? entry->max_players : entry->min_players;
      double high = isnan (entry->max_players) ? entry->min_players : entry->max_players;

      if (isnan (low) || low > query->players || high < query->players)
        return FALSE;
      if (query->best_at &&
          (entry->best == NONE || strstr (pool_at (self, entry->best), best_needle) == NULL))
        return FALSE;
    }
  if (query->max_minutes > 0)
    {
      double time = effective_time (entry);

      if (isnan (time) || time > query->max_minutes)
        return FALSE;
    }
  return TRUE;
}

GArray *
tk_game_index_query (TkGameIndex       *self,
                     const TkGameQuery *query)
{
  g_autofree char *needle = NULL;
  g_autofree char *best_needle = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  if (query->search != NULL && *query->search != '\0')
    needle = g_ascii_strdown (query->search, -1);
  best_needle = g_strdup_printf (",%u,", query->players);

  ensure_order (self, query->sort, query->descending);
  return tk_game_index_search (self, query, needle, best_needle, entry_matches);
}
