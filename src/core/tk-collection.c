/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection.c — the user's games: edits with validation, statuses, queries.
 * This part: the object, reading and writing a game's rows; the others are listed in
 * tk-collection-parts.h. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tk-collection-private.h"
#include "tk-uid.h"
#include "tk-text.h"
#include "tk-collection-parts.h"
#include "tk-display-title.h"

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkCollection, tk_collection, G_TYPE_OBJECT)

G_DEFINE_QUARK (tk-collection-error-quark, tk_collection_error)

/* ---- column helpers ---- */

static char *
column_dup (sqlite3_stmt *stmt,
            int           column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);
  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

void
_tk_collection_bind_text_or_null (sqlite3_stmt *stmt,
                                  int           index,
                                  const char   *text)
{
  if (text != NULL && *text != '\0')
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, index);
}

/* A count, time or rank that 0 means "not given" for: NULL in the row. */
void
tk_collection_bind_uint_or_null (sqlite3_stmt *stmt,
                                 int           index,
                                 guint         value)
{
  if (value > 0)
    sqlite3_bind_int64 (stmt, index, value);
  else
    sqlite3_bind_null (stmt, index);
}

/* A weight or rating: NULL unless positive and finite. */
void
tk_collection_bind_double_or_null (sqlite3_stmt *stmt,
                                   int           index,
                                   double        value)
{
  if (value > 0.0 && isfinite (value))
    sqlite3_bind_double (stmt, index, value);
  else
    sqlite3_bind_null (stmt, index);
}

/* ---- rows ---- */

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Splits the TAGS_COLUMN text into the game's designers, mechanics and categories. */
static void
parse_tags (TkGame     *game,
            const char *text)
{
  g_autoptr(GPtrArray) designers = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  g_autoptr(GPtrArray) mechanics = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  const char *p = text != NULL ? text : "";

  while (*p != '\0')
    {
      char kind = *p++;
      char *end = NULL;
      guint64 length = g_ascii_strtoull (p, &end, 10);
      GPtrArray *into;

      if (end == p || *end != ':' || length > strlen (end + 1))
        {
          g_warning ("Unreadable tags of game %" G_GINT64_FORMAT, game->id);
          break;
        }
      into = kind == 'd' ? designers : kind == 'm' ? mechanics : categories;
      g_ptr_array_add (into, g_strndup (end + 1, length));
      p = end + 1 + length;
    }

  /* Byte order, as SQLite's BINARY collation orders names. */
  g_ptr_array_sort (designers, compare_names);
  g_ptr_array_sort (mechanics, compare_names);
  g_ptr_array_sort (categories, compare_names);
  g_strfreev (game->designers);
  g_strfreev (game->mechanics);
  g_strfreev (game->categories);
  game->designers = (char **) g_ptr_array_free (g_steal_pointer (&designers), FALSE);
  game->mechanics = (char **) g_ptr_array_free (g_steal_pointer (&mechanics), FALSE);
  game->categories = (char **) g_ptr_array_free (g_steal_pointer (&categories), FALSE);
}

TkGame *
_tk_collection_game_from_row (sqlite3_stmt *stmt)
{
  TkGame *game = g_object_new (TK_TYPE_GAME, NULL);

  game->id = sqlite3_column_int64 (stmt, 0);
  game->title = column_dup (stmt, 1);
  game->title_ja = column_dup (stmt, 2);
  game->year = sqlite3_column_int (stmt, 3);
  game->min_players = (guint) MAX (0, sqlite3_column_int (stmt, 4));
  game->max_players = (guint) MAX (0, sqlite3_column_int (stmt, 5));
  game->best_players = column_dup (stmt, 6);
  game->min_time = (guint) MAX (0, sqlite3_column_int (stmt, 7));
  game->max_time = (guint) MAX (0, sqlite3_column_int (stmt, 8));
  game->min_age = (guint) MAX (0, sqlite3_column_int (stmt, 9));
  game->weight = sqlite3_column_double (stmt, 10);
  game->bgg_id = sqlite3_column_int64 (stmt, 11);
  game->bgg_rank = (guint) MAX (0, sqlite3_column_int (stmt, 12));
  game->rating_avg = sqlite3_column_double (stmt, 13);
  game->source = column_dup (stmt, 14);
  game->notes = column_dup (stmt, 15);
  game->cover_path = column_dup (stmt, 16);
  game->catalog_key = column_dup (stmt, 17);
  game->in_collection = sqlite3_column_int (stmt, 18) != 0;
  game->owned = sqlite3_column_int (stmt, 19) != 0;
  game->want_to_play = sqlite3_column_int (stmt, 20) != 0;
  game->played = sqlite3_column_int (stmt, 21) != 0;
  game->favourite = sqlite3_column_int (stmt, 22) != 0;
  game->not_interested = sqlite3_column_int (stmt, 23) != 0;
  game->rating = (guint) MAX (0, sqlite3_column_int (stmt, 24));
  game->comment = column_dup (stmt, 25);
  game->acquired_on = column_dup (stmt, 26);
  game->price_paid = sqlite3_column_type (stmt, 27) == SQLITE_NULL
                     ? -1.0 : sqlite3_column_double (stmt, 27);
  game->bgg_plays = (guint) MAX (0, sqlite3_column_int (stmt, 28));
  game->bgg_extra = column_dup (stmt, 29);
  game->plays = game->bgg_plays + (guint) MAX (0, sqlite3_column_int (stmt, 30));
  game->last_played = column_dup (stmt, 31);
  parse_tags (game, (const char *) sqlite3_column_text (stmt, 32));
  return game;
}

TkGame *
tk_collection_read_game (TkStore  *store,
                         gint64    game_id,
                         GError  **error)
{
  g_autoptr(TkGame) game = NULL;
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT " GAME_COLUMNS " FROM games g"
                                  " LEFT JOIN collection c ON c.game_id = g.id"
                                  " WHERE g.id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    game = _tk_collection_game_from_row (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_NOT_FOUND,
                 _("The game is no longer in the library."));
  return g_steal_pointer (&game);
}

static gboolean
write_tag_kind (TkStore     *store,
                gint64       game_id,
                const char  *kind,
                char       **names,
                GError     **error)
{
  sqlite3_stmt *stmt;

  if (names == NULL)
    return TRUE;
  stmt = tk_store_prepare (store, "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
                                  " VALUES (?1, ?2, ?3)", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (*names[i] == '\0')
        continue;
      sqlite3_bind_int64 (stmt, 1, game_id);
      sqlite3_bind_text (stmt, 2, kind, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 3, names[i], -1, SQLITE_TRANSIENT);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tk_collection_write_game (TkStore   *store,
                          TkGame    *game,
                          gboolean   keep_id,
                          GError   **error)
{
  sqlite3_stmt *stmt;
  gboolean insert = game->id == 0 || keep_id;

  if (insert)
    stmt = tk_store_prepare (store,
                             "INSERT INTO games (title, title_ja, year, min_players, max_players,"
                             " best_players, min_time, max_time, min_age, weight, bgg_id, bgg_rank,"
                             " rating_avg, source, notes, cover_path, catalog_key, id, uid)"
                             " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
                             " ?15, ?16, ?17, ?18, ?19)", error);
  else
    stmt = tk_store_prepare (store,
                             "UPDATE games SET title = ?1, title_ja = ?2, year = ?3,"
                             " min_players = ?4, max_players = ?5, best_players = ?6,"
                             " min_time = ?7, max_time = ?8, min_age = ?9, weight = ?10,"
                             " bgg_id = ?11, bgg_rank = ?12, rating_avg = ?13, source = ?14,"
                             " notes = ?15, cover_path = ?16, catalog_key = ?17,"
                             " updated_at = unixepoch () WHERE id = ?18", error);
  if (stmt == NULL)
    return FALSE;

  sqlite3_bind_text (stmt, 1, game->title, -1, SQLITE_TRANSIENT);
  _tk_collection_bind_text_or_null (stmt, 2, game->title_ja);
  if (game->year != 0)
    sqlite3_bind_int (stmt, 3, game->year);
  else
    sqlite3_bind_null (stmt, 3);
  tk_collection_bind_uint_or_null (stmt, 4, game->min_players);
  tk_collection_bind_uint_or_null (stmt, 5, game->max_players);
  _tk_collection_bind_text_or_null (stmt, 6, game->best_players);
  tk_collection_bind_uint_or_null (stmt, 7, game->min_time);
  tk_collection_bind_uint_or_null (stmt, 8, game->max_time);
  tk_collection_bind_uint_or_null (stmt, 9, game->min_age);
  tk_collection_bind_double_or_null (stmt, 10, game->weight);
  if (game->bgg_id > 0)
    sqlite3_bind_int64 (stmt, 11, game->bgg_id);
  else
    sqlite3_bind_null (stmt, 11);
  tk_collection_bind_uint_or_null (stmt, 12, game->bgg_rank);
  tk_collection_bind_double_or_null (stmt, 13, game->rating_avg);
  sqlite3_bind_text (stmt, 14, game->source != NULL ? game->source : "own", -1, SQLITE_TRANSIENT);
  _tk_collection_bind_text_or_null (stmt, 15, game->notes);
  _tk_collection_bind_text_or_null (stmt, 16, game->cover_path);
  _tk_collection_bind_text_or_null (stmt, 17, game->catalog_key);
  if (game->id > 0)
    sqlite3_bind_int64 (stmt, 18, game->id);
  else
    sqlite3_bind_null (stmt, 18);
  /* The uid from where the game came from, given at once (the trigger would write the row a
   * second time; it still makes a UUIDv7 for the user's own game). */
  if (insert)
    {
      char *uid = tk_uid_for_game (game->bgg_id, game->catalog_key);

      if (uid != NULL)
        sqlite3_bind_text (stmt, 19, uid, -1, g_free);
      else
        sqlite3_bind_null (stmt, 19);
    }

  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  if (insert)
    game->id = tk_store_last_insert_id (store);

  if (!insert)
    {
      stmt = tk_store_prepare (store, "DELETE FROM game_tags WHERE game_id = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, game->id);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }

  return write_tag_kind (store, game->id, "designer", game->designers, error) &&
         write_tag_kind (store, game->id, "mechanic", game->mechanics, error) &&
         write_tag_kind (store, game->id, "category", game->categories, error);
}

gboolean
tk_collection_write_entry (TkStore  *store,
                           TkGame   *game,
                           GError  **error)
{
  sqlite3_stmt *stmt;

  stmt = tk_store_prepare (store,
                           "INSERT OR REPLACE INTO collection (game_id, owned, want_to_play, played,"
                           " favourite, not_interested, rating, comment, acquired_on, price_paid,"
                           " bgg_plays, bgg_extra, updated_at)"
                           " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,"
                           " unixepoch ())", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game->id);
  sqlite3_bind_int (stmt, 2, game->owned ? 1 : 0);
  sqlite3_bind_int (stmt, 3, game->want_to_play ? 1 : 0);
  sqlite3_bind_int (stmt, 4, game->played ? 1 : 0);
  sqlite3_bind_int (stmt, 5, game->favourite ? 1 : 0);
  sqlite3_bind_int (stmt, 6, game->not_interested ? 1 : 0);
  tk_collection_bind_uint_or_null (stmt, 7, game->rating);
  _tk_collection_bind_text_or_null (stmt, 8, game->comment);
  _tk_collection_bind_text_or_null (stmt, 9, game->acquired_on);
  if (game->price_paid >= 0.0 && isfinite (game->price_paid))
    sqlite3_bind_double (stmt, 10, game->price_paid);
  else
    sqlite3_bind_null (stmt, 10);
  sqlite3_bind_int (stmt, 11, (int) MIN (game->bgg_plays, (guint) G_MAXINT));
  _tk_collection_bind_text_or_null (stmt, 12, game->bgg_extra);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  game->in_collection = TRUE;
  return TRUE;
}

gint64
tk_collection_find_game (TkStore     *store,
                         gint64       bgg_id,
                         const char  *title,
                         GError     **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;
  int rc;

  if (bgg_id > 0)
    {
      stmt = tk_store_prepare (store, "SELECT id FROM games WHERE bgg_id = ?1", error);
      if (stmt == NULL)
        return 0;
      sqlite3_bind_int64 (stmt, 1, bgg_id);
      rc = tk_store_step (store, stmt, error);
      if (rc == SQLITE_ROW)
        id = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
      if (id != 0 || rc != SQLITE_DONE)
        return id;
    }

  if (title == NULL || *title == '\0')
    return 0;

  /* Without a BGG id, only a game the user added (or an unnumbered catalog game) with the
   * same title is the same game. */
  stmt = tk_store_prepare (store, "SELECT id FROM games WHERE title = ?1 COLLATE NOCASE"
                                  " AND (bgg_id IS NULL OR ?2 = 0) ORDER BY id LIMIT 1", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, title, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, bgg_id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return id;
}

/* ---- GObject ---- */

static void
tk_collection_dispose (GObject *object)
{
  TkCollection *self = TK_COLLECTION (object);

  g_clear_object (&self->store);
  G_OBJECT_CLASS (tk_collection_parent_class)->dispose (object);
}

static void
tk_collection_class_init (TkCollectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tk_collection_dispose;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
tk_collection_init (TkCollection *self)
{
}

/* Another TkCollection, or another writer, changed games in the same library. */
static void
on_games_changed (TkCollection *self,
                  gint64        game_id)
{
  if (!self->emitting)
    g_signal_emit (self, signals[CHANGED], 0, game_id);
}

TkCollection *
tk_collection_new (TkStore *store)
{
  TkCollection *self;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  self = g_object_new (TK_TYPE_COLLECTION, NULL);
  self->store = g_object_ref (store);
  g_signal_connect_object (store, "games-changed", G_CALLBACK (on_games_changed), self,
                           G_CONNECT_SWAPPED);
  return self;
}

TkStore *
tk_collection_get_store (TkCollection *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);
  return self->store;
}

void
tk_collection_emit_changed (TkCollection *self,
                            gint64        game_id)
{
  g_return_if_fail (TK_IS_COLLECTION (self));
  g_signal_emit (self, signals[CHANGED], 0, game_id);
  if (self->store != NULL)
    {
      self->emitting = TRUE;
      tk_store_notify_games_changed (self->store, game_id);
      self->emitting = FALSE;
    }
}
