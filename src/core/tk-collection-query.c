/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-query.c — queries: one game, filtered and sorted lists, batches, a random pick,
 * sort and status names. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tk-collection-parts.h"
#include "tk-text.h"
#include "tk-display-title.h"

static const struct
{
  TkGameStatus  status;
  const char   *column;
  const char   *name;
} status_columns[] = {
  { TK_GAME_STATUS_OWNED,          "owned",          "owned" },
  { TK_GAME_STATUS_WANT_TO_PLAY,   "want_to_play",   "want-to-play" },
  { TK_GAME_STATUS_PLAYED,         "played",         "played" },
  { TK_GAME_STATUS_FAVOURITE,      "favourite",      "favourite" },
  { TK_GAME_STATUS_NOT_INTERESTED, "not_interested", "not-interested" },
};

static const char * const sort_names[] = {
  "title", "year", "players", "time", "weight", "rating", "plays", "last-played",
};

/* ---- queries ---- */

TkGame *
tk_collection_get_game (TkCollection  *self,
                        gint64         game_id,
                        GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);
  return tk_collection_read_game (self->store, game_id, error);
}

static char *
like_pattern (const char *search)
{
  GString *pattern = g_string_new ("%");

  for (const char *p = search; *p != '\0'; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (pattern, '\\');
      g_string_append_c (pattern, *p);
    }
  g_string_append_c (pattern, '%');
  return g_string_free (pattern, FALSE);
}

/* The SQL for @query, selecting @columns (the parameters: ?1 pattern, ?2 players,
 * ?3 minutes; see prepare_query). */
static char *
build_query (const TkGameQuery *query,
             gboolean           has_search,
             const char        *columns)
{
  GString *sql = g_string_new (NULL);
  const char *key;
  const char *dir = query->descending ? " DESC" : "";

  g_string_printf (sql, "SELECT %s FROM games g LEFT JOIN collection c ON c.game_id = g.id"
                        " WHERE 1", columns);
  if (has_search)
    g_string_append (sql, " AND (g.title LIKE ?1 ESCAPE '\\' OR g.title_ja LIKE ?1 ESCAPE '\\'"
                          " OR g.id IN (SELECT t.game_id FROM game_tags t"
                          " WHERE t.kind = 'designer' AND t.name LIKE ?1 ESCAPE '\\'))");
  if (query->collection_only)
    g_string_append (sql, " AND c.game_id IS NOT NULL");
  if ((query->statuses & TK_GAME_STATUS_ALL) != 0)
    {
      const char *sep = "";

      g_string_append (sql, " AND (");
      for (guint i = 0; i < G_N_ELEMENTS (status_columns); i++)
        if (query->statuses & status_columns[i].status)
          {
            g_string_append_printf (sql, "%sc.%s = 1", sep, status_columns[i].column);
            sep = " OR ";
          }
      g_string_append (sql, ")");
    }
  if (query->players > 0)
    {
      g_string_append (sql, " AND coalesce (g.min_players, g.max_players) <= ?2"
                            " AND coalesce (g.max_players, g.min_players) >= ?2");
      if (query->best_at)
        g_string_append (sql, " AND (',' || replace (g.best_players, ' ', '') || ',')"
                              " LIKE '%,' || ?2 || ',%'");
    }
  if (query->max_minutes > 0)
    g_string_append (sql, " AND coalesce (g.max_time, g.min_time) <= ?3");

  switch (query->sort)
    {
    case TK_GAME_SORT_YEAR:        key = "g.year"; break;
    case TK_GAME_SORT_PLAYERS:     key = "g.max_players"; break;
    case TK_GAME_SORT_PLAY_TIME:   key = "coalesce (g.max_time, g.min_time)"; break;
    case TK_GAME_SORT_WEIGHT:      key = "g.weight"; break;
    case TK_GAME_SORT_RATING:      key = "coalesce (c.rating, g.rating_avg)"; break;
    case TK_GAME_SORT_PLAYS:
      key = "(coalesce (c.bgg_plays, 0) + (SELECT count(*) FROM plays p WHERE p.game_id = g.id))";
      break;
    case TK_GAME_SORT_LAST_PLAYED:
      key = "(SELECT max(p.played_on) FROM plays p WHERE p.game_id = g.id)";
      break;
    case TK_GAME_SORT_TITLE:
    default:
      key = NULL;
      break;
    }

  if (key != NULL)
    {
      g_string_append_printf (sql, " ORDER BY (%s) IS NULL, %s%s", key, key, dir);
      if (query->sort == TK_GAME_SORT_PLAYERS)
        g_string_append_printf (sql, ", g.min_players%s", dir);
      else if (query->sort == TK_GAME_SORT_PLAY_TIME)
        g_string_append_printf (sql, ", g.min_time%s", dir);
      g_string_append (sql, ", g.title COLLATE NOCASE, g.id");
    }
  else if (tk_display_title_prefers_japanese ())
    /* The titles shown in a Japanese UI, in the locale's order (tk-display-title.h); in
     * English the title is what is shown, and its index gives the order. */
    g_string_append_printf (sql, " ORDER BY tk_title_key (g.title, g.title_ja)%s, g.id%s",
                            dir, dir);
  else
    g_string_append_printf (sql, " ORDER BY g.title COLLATE NOCASE%s, g.id%s", dir, dir);

  return g_string_free (sql, FALSE);
}

/* Prepares and binds the statement of @query (cached by its text); @pattern keeps the
 * search pattern alive while the statement runs. */
static sqlite3_stmt *
prepare_query (TkCollection       *self,
               const TkGameQuery  *query,
               const char         *columns,
               char              **pattern,
               GError            **error)
{
  g_autofree char *sql = NULL;
  gboolean has_search = query->search != NULL && *query->search != '\0';
  sqlite3_stmt *stmt;

  sql = build_query (query, has_search, columns);
  stmt = tk_store_prepare (self->store, sql, error);
  if (stmt == NULL)
    return NULL;

  if (has_search)
    {
      *pattern = like_pattern (query->search);
      sqlite3_bind_text (stmt, 1, *pattern, -1, SQLITE_STATIC);
    }
  if (query->players > 0)
    sqlite3_bind_int64 (stmt, 2, query->players);
  if (query->max_minutes > 0)
    sqlite3_bind_int64 (stmt, 3, query->max_minutes);
  return stmt;
}

GArray *
tk_collection_query_ids (TkCollection       *self,
                         const TkGameQuery  *query,
                         GError            **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *pattern = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  stmt = prepare_query (self, query, "g.id", &pattern, error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (self->store, stmt, error)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&ids);
}

gboolean
tk_collection_foreach (TkCollection       *self,
                       const TkGameQuery  *query,
                       TkGameFunc          func,
                       gpointer            user_data,
                       GError            **error)
{
  g_autofree char *pattern = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  stmt = prepare_query (self, query, GAME_COLUMNS, &pattern, error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (self->store, stmt, error)) == SQLITE_ROW)
    {
      g_autoptr(TkGame) game = _tk_collection_game_from_row (stmt);

      if (!func (game, user_data))
        {
          rc = SQLITE_DONE;
          break;
        }
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return rc == SQLITE_DONE;
}

/* How many games one statement of tk_collection_fetch() reads. */
#define FETCH_BATCH 64

/* Reads @n_ids (at most FETCH_BATCH) games in one statement into @found (id -> TkGame). */
static gboolean
fetch_batch (TkCollection  *self,
             const gint64  *ids,
             guint          n_ids,
             GHashTable    *found,
             GError       **error)
{
  static char *sql = NULL;
  sqlite3_stmt *stmt;
  int rc;

  if (g_once_init_enter (&sql))
    {
      GString *text = g_string_new ("SELECT " GAME_COLUMNS " FROM games g"
                                    " LEFT JOIN collection c ON c.game_id = g.id WHERE g.id IN (");
      for (guint i = 1; i <= FETCH_BATCH; i++)
        g_string_append_printf (text, "%s?%u", i > 1 ? ", " : "", i);
      g_string_append (text, ")");
      g_once_init_leave (&sql, g_string_free (text, FALSE));
    }

  stmt = tk_store_prepare (self->store, sql, error);
  if (stmt == NULL)
    return FALSE;
  /* Unused parameters stay NULL, which no id equals. */
  for (guint i = 0; i < n_ids; i++)
    sqlite3_bind_int64 (stmt, (int) i + 1, ids[i]);
  while ((rc = tk_store_step (self->store, stmt, error)) == SQLITE_ROW)
    {
      TkGame *game = _tk_collection_game_from_row (stmt);
      g_hash_table_insert (found, &game->id, game);
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return rc == SQLITE_DONE;
}

GPtrArray *
tk_collection_fetch (TkCollection  *self,
                     const gint64  *ids,
                     guint          n_ids,
                     GError       **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_full (n_ids, g_object_unref);
  g_autoptr(GHashTable) found = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                                       g_object_unref);

  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);

  for (guint start = 0; start < n_ids; start += FETCH_BATCH)
    if (!fetch_batch (self, ids + start, MIN (FETCH_BATCH, n_ids - start), found, error))
      return NULL;
  for (guint i = 0; i < n_ids; i++)
    {
      TkGame *game = g_hash_table_lookup (found, &ids[i]);

      if (game == NULL)
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_NOT_FOUND,
                       _("The game is no longer in the library."));
          return NULL;
        }
      g_ptr_array_add (games, g_object_ref (game));
    }
  return g_steal_pointer (&games);
}

static gboolean
collect_game (TkGame   *game,
              gpointer  user_data)
{
  g_ptr_array_add (user_data, g_object_ref (game));
  return TRUE;
}

GPtrArray *
tk_collection_query (TkCollection       *self,
                     const TkGameQuery  *query,
                     GError            **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);

  if (!tk_collection_foreach (self, query, collect_game, games, error))
    return NULL;
  return g_steal_pointer (&games);
}

GPtrArray *
tk_collection_entries (TkCollection  *self,
                       TkGameStatus   statuses,
                       GError       **error)
{
  TkGameQuery query = { 0 };

  query.collection_only = TRUE;
  query.statuses = statuses;
  return tk_collection_query (self, &query, error);
}

TkGame *
tk_collection_pick_random (TkCollection  *self,
                           guint          players,
                           guint          max_minutes,
                           GRand         *rand,
                           GError       **error)
{
  TkGameQuery query = { 0 };
  g_autoptr(GArray) ids = NULL;
  gint64 id;

  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);
  g_return_val_if_fail (rand != NULL, NULL);

  query.statuses = TK_GAME_STATUS_OWNED;
  query.players = players;
  query.max_minutes = max_minutes;
  ids = tk_collection_query_ids (self, &query, error);
  if (ids == NULL || ids->len == 0)
    return NULL;
  id = g_array_index (ids, gint64, g_rand_int_range (rand, 0, (gint32) ids->len));
  return tk_collection_read_game (self->store, id, error);
}

gboolean
tk_game_sort_from_string (const char *name,
                          TkGameSort *sort)
{
  for (guint i = 0; i < G_N_ELEMENTS (sort_names); i++)
    if (g_strcmp0 (name, sort_names[i]) == 0)
      {
        *sort = (TkGameSort) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
tk_game_status_from_string (const char   *name,
                            TkGameStatus *status)
{
  for (guint i = 0; i < G_N_ELEMENTS (status_columns); i++)
    if (g_strcmp0 (name, status_columns[i].name) == 0 ||
        g_strcmp0 (name, status_columns[i].column) == 0)
      {
        *status = status_columns[i].status;
        return TRUE;
      }
  return FALSE;
}

sqlite3_stmt *
tk_collection_prepare_query (TkCollection      *self,
                             const TkGameQuery *query,
                             const char        *columns,
                             char             **pattern,
                             GError           **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);
  return prepare_query (self, query, columns, pattern, error);
}
