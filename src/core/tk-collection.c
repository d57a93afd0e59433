/* tk-collection.c — the user's games: edits with validation, statuses, queries. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tk-collection-private.h"
#include "tk-text.h"
#include "tk-display-title.h"

struct _TkCollection
{
  GObject  parent_instance;

  TkStore *store;
  gboolean emitting;   /* this collection told the store: don't echo it back */
};

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkCollection, tk_collection, G_TYPE_OBJECT)

G_DEFINE_QUARK (tk-collection-error-quark, tk_collection_error)

#define GAME_COLUMNS \
  "g.id, g.title, g.title_ja, g.year, g.min_players, g.max_players, g.best_players," \
  " g.min_time, g.max_time, g.min_age, g.weight, g.bgg_id, g.bgg_rank, g.rating_avg," \
  " g.source, g.notes, g.cover_path, g.catalog_key," \
  " c.game_id IS NOT NULL, c.owned, c.want_to_play, c.played, c.favourite," \
  " c.not_interested, c.rating, c.comment, c.acquired_on, c.price_paid, c.bgg_plays," \
  " c.bgg_extra," \
  " (SELECT count(*) FROM plays p WHERE p.game_id = g.id)," \
  " (SELECT max(p.played_on) FROM plays p WHERE p.game_id = g.id)," \
  TAGS_COLUMN

/* A game's tags in the same row, so that reading games is one query however many: each
 * tag as its kind's initial, its length in bytes, ':' and the name.  Lengths rather than
 * separators, so that no name can split wrongly; parse_tags() puts them in name order
 * (group_concat promises none, and asking SQL to sort costs a fifth of the listing). */
#define TAGS_COLUMN \
  " (SELECT group_concat (substr (t.kind, 1, 1) || length (CAST (t.name AS BLOB)) || ':' || t.name," \
  " '') FROM game_tags t WHERE t.game_id = g.id)"

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

/* ---- column helpers ---- */

static char *
column_dup (sqlite3_stmt *stmt,
            int           column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);
  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

static void
bind_text_or_null (sqlite3_stmt *stmt,
                   int           index,
                   const char   *text)
{
  if (text != NULL && *text != '\0')
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
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

static TkGame *
game_from_row (sqlite3_stmt *stmt)
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
    game = game_from_row (stmt);
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
                             " rating_avg, source, notes, cover_path, catalog_key, id)"
                             " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
                             " ?15, ?16, ?17, ?18)", error);
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
  bind_text_or_null (stmt, 2, game->title_ja);
  if (game->year != 0)
    sqlite3_bind_int (stmt, 3, game->year);
  else
    sqlite3_bind_null (stmt, 3);
  bind_uint_or_null (stmt, 4, game->min_players);
  bind_uint_or_null (stmt, 5, game->max_players);
  bind_text_or_null (stmt, 6, game->best_players);
  bind_uint_or_null (stmt, 7, game->min_time);
  bind_uint_or_null (stmt, 8, game->max_time);
  bind_uint_or_null (stmt, 9, game->min_age);
  bind_double_or_null (stmt, 10, game->weight);
  if (game->bgg_id > 0)
    sqlite3_bind_int64 (stmt, 11, game->bgg_id);
  else
    sqlite3_bind_null (stmt, 11);
  bind_uint_or_null (stmt, 12, game->bgg_rank);
  bind_double_or_null (stmt, 13, game->rating_avg);
  sqlite3_bind_text (stmt, 14, game->source != NULL ? game->source : "own", -1, SQLITE_TRANSIENT);
  bind_text_or_null (stmt, 15, game->notes);
  bind_text_or_null (stmt, 16, game->cover_path);
  bind_text_or_null (stmt, 17, game->catalog_key);
  if (game->id > 0)
    sqlite3_bind_int64 (stmt, 18, game->id);
  else
    sqlite3_bind_null (stmt, 18);

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
  bind_uint_or_null (stmt, 7, game->rating);
  bind_text_or_null (stmt, 8, game->comment);
  bind_text_or_null (stmt, 9, game->acquired_on);
  if (game->price_paid >= 0.0 && isfinite (game->price_paid))
    sqlite3_bind_double (stmt, 10, game->price_paid);
  else
    sqlite3_bind_null (stmt, 10);
  sqlite3_bind_int (stmt, 11, (int) MIN (game->bgg_plays, (guint) G_MAXINT));
  bind_text_or_null (stmt, 12, game->bgg_extra);
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

/* ---- validation ---- */

static gboolean
date_is_valid (const char *text)
{
  int y, m, d;
  char tail;

  if (sscanf (text, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3)
    return FALSE;
  return g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
}

static gboolean
check_tags (char       **tags,
            const char  *field,
            GError     **error)
{
  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    if (!tk_text_check (TK_TEXT_TAG, field, tags[i], error))
      return FALSE;
  return TRUE;
}

gboolean
tk_collection_check_text (TkGame  *game,
                          GError **error)
{
  g_return_val_if_fail (TK_IS_GAME (game), FALSE);

  return tk_text_check (TK_TEXT_TITLE, _("title"), game->title, error) &&
         tk_text_check (TK_TEXT_TITLE, _("Japanese title"), game->title_ja, error) &&
         tk_text_check (TK_TEXT_TAG, _("best player count"), game->best_players, error) &&
         check_tags (game->designers, _("designer"), error) &&
         check_tags (game->mechanics, _("mechanic"), error) &&
         check_tags (game->categories, _("category"), error) &&
         tk_text_check (TK_TEXT_NOTES, _("notes"), game->notes, error) &&
         tk_text_check (TK_TEXT_COMMENT, _("comment"), game->comment, error) &&
         tk_text_check (TK_TEXT_LINE, _("acquisition date"), game->acquired_on, error);
}

static gboolean
validate_facts (TkGame   *game,
                gboolean  check_year,
                GError  **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  int next_year = g_date_time_get_year (now) + 1;
  g_autofree char *title = g_strstrip (g_strdup (game->title != NULL ? game->title : ""));
  g_autoptr(GError) text_error = NULL;

  if (*title == '\0')
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("A game needs a title."));
      return FALSE;
    }
  if (!tk_collection_check_text (game, &text_error))
    {
      g_set_error_literal (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                           text_error->message);
      return FALSE;
    }
  if (game->min_players > 0 && game->max_players > 0 && game->min_players > game->max_players)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The smallest number of players (%u) is larger than the largest (%u)."),
                   game->min_players, game->max_players);
      return FALSE;
    }
  if (game->min_time > 0 && game->max_time > 0 && game->min_time > game->max_time)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The shortest play time (%u minutes) is longer than the longest (%u minutes)."),
                   game->min_time, game->max_time);
      return FALSE;
    }
  if (check_year && game->year != 0 && (game->year < 1800 || game->year > next_year))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The year %d does not look right: enter a year from 1800 to %d, "
                     "or leave it empty."), game->year, next_year);
      return FALSE;
    }
  if (game->weight != 0.0 && !(game->weight >= 1.0 && game->weight <= 5.0))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The weight of a game goes from 1 (light) to 5 (heavy)."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
validate_entry (TkGame   *game,
                GError  **error)
{
  if (!tk_text_check_in (TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID, TK_TEXT_COMMENT,
                         _("comment"), game->comment, error))
    return FALSE;
  if (game->rating > 10)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("A rating goes from 1 to 10."));
      return FALSE;
    }
  if (game->acquired_on != NULL && *game->acquired_on != '\0' && !date_is_valid (game->acquired_on))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("“%s” is not a date; write it as year-month-day, e.g. 2024-05-31."),
                   game->acquired_on);
      return FALSE;
    }
  if (!isfinite (game->price_paid) || game->price_paid > 1e9)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The price paid is not a usable amount."));
      return FALSE;
    }
  return TRUE;
}

gboolean
tk_collection_validate_entry (TkGame   *game,
                              GError  **error)
{
  return validate_entry (game, error);
}

gboolean
tk_collection_validate (TkGame   *game,
                        GError  **error)
{
  g_return_val_if_fail (TK_IS_GAME (game), FALSE);
  return validate_facts (game, TRUE, error) && validate_entry (game, error);
}

/* ---- edits ---- */

static void
strip_title (TkGame *game)
{
  g_strstrip (game->title);
  if (game->title_ja != NULL)
    g_strstrip (game->title_ja);
}

static gboolean
add_in_txn (TkStore  *store,
            gpointer  user_data,
            GError  **error)
{
  TkGame *game = user_data;

  return tk_collection_write_game (store, game, FALSE, error) &&
         tk_collection_write_entry (store, game, error);
}

gint64
tk_collection_add_game (TkCollection  *self,
                        TkGame        *game,
                        GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), 0);
  g_return_val_if_fail (TK_IS_GAME (game), 0);

  if (!tk_collection_validate (game, error))
    return 0;
  strip_title (game);
  game->id = 0;
  g_free (game->source);
  game->source = g_strdup ("own");
  g_clear_pointer (&game->catalog_key, g_free);

  if (!tk_store_transaction (self->store, add_in_txn, game, error))
    {
      game->id = 0;
      return 0;
    }
  tk_collection_emit_changed (self, game->id);
  return game->id;
}

gboolean
tk_collection_add_entry (TkCollection  *self,
                         gint64         game_id,
                         TkGameStatus   statuses,
                         GError       **error)
{
  g_autoptr(TkGame) game = NULL;

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);

  game = tk_collection_read_game (self->store, game_id, error);
  if (game == NULL)
    return FALSE;
  if (!game->in_collection || statuses != 0)
    {
      tk_game_set_status_flags (game, tk_game_get_statuses (game) | statuses);
      if (!tk_collection_write_entry (self->store, game, error))
        return FALSE;
      tk_collection_emit_changed (self, game_id);
    }
  return TRUE;
}

static gboolean
strv_equal (char **a,
            char **b)
{
  guint na = a != NULL ? g_strv_length (a) : 0;
  guint nb = b != NULL ? g_strv_length (b) : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (g_strcmp0 (a[i], b[i]) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
facts_differ (TkGame *a,
              TkGame *b)
{
  return g_strcmp0 (a->title, b->title) != 0 || g_strcmp0 (a->title_ja, b->title_ja) != 0 ||
         a->year != b->year || a->min_players != b->min_players ||
         a->max_players != b->max_players || g_strcmp0 (a->best_players, b->best_players) != 0 ||
         a->min_time != b->min_time || a->max_time != b->max_time || a->min_age != b->min_age ||
         a->weight != b->weight || !strv_equal (a->designers, b->designers) ||
         !strv_equal (a->mechanics, b->mechanics) || !strv_equal (a->categories, b->categories);
}

typedef struct
{
  TkGame   *game;
  gboolean  facts;
} UpdateData;

static gboolean
update_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  UpdateData *data = user_data;

  if (data->facts && !tk_collection_write_game (store, data->game, FALSE, error))
    return FALSE;
  if (data->game->in_collection && !tk_collection_write_entry (store, data->game, error))
    return FALSE;
  return TRUE;
}

gboolean
tk_collection_update_game (TkCollection  *self,
                           TkGame        *game,
                           GError       **error)
{
  g_autoptr(TkGame) stored = NULL;
  UpdateData data = { game, FALSE };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (TK_IS_GAME (game), FALSE);

  stored = tk_collection_read_game (self->store, game->id, error);
  if (stored == NULL)
    return FALSE;
  if (!validate_facts (game, game->year != stored->year, error) || !validate_entry (game, error))
    return FALSE;
  strip_title (game);

  data.facts = facts_differ (game, stored) || g_strcmp0 (game->notes, stored->notes) != 0 ||
               g_strcmp0 (game->cover_path, stored->cover_path) != 0;
  /* The catalog only rewrites its own rows: an edited catalog game becomes the user's. */
  if (data.facts && g_strcmp0 (stored->source, "catalog") == 0)
    {
      g_free (game->source);
      game->source = g_strdup ("own");
    }

  if (!tk_store_transaction (self->store, update_in_txn, &data, error))
    return FALSE;
  tk_collection_emit_changed (self, game->id);
  return TRUE;
}

static gboolean
update_entry (TkCollection  *self,
              gint64         game_id,
              void         (*change) (TkGame *, gconstpointer),
              gconstpointer  value,
              GError       **error)
{
  g_autoptr(TkGame) game = tk_collection_read_game (self->store, game_id, error);

  if (game == NULL)
    return FALSE;
  change (game, value);
  if (!validate_entry (game, error) || !tk_collection_write_entry (self->store, game, error))
    return FALSE;
  tk_collection_emit_changed (self, game_id);
  return TRUE;
}

typedef struct
{
  TkGameStatus status;
  gboolean     on;
} StatusChange;

static void
change_status (TkGame        *game,
               gconstpointer  value)
{
  const StatusChange *change = value;
  TkGameStatus statuses = tk_game_get_statuses (game);

  tk_game_set_status_flags (game, change->on ? statuses | change->status
                                             : statuses & ~change->status);
}

gboolean
tk_collection_set_status (TkCollection  *self,
                          gint64         game_id,
                          TkGameStatus   status,
                          gboolean       on,
                          GError       **error)
{
  StatusChange change = { status, on };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_status, &change, error);
}

static void
change_rating (TkGame        *game,
               gconstpointer  value)
{
  game->rating = *(const guint *) value;
}

gboolean
tk_collection_set_rating (TkCollection  *self,
                          gint64         game_id,
                          guint          rating,
                          GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_rating, &rating, error);
}

static void
change_comment (TkGame        *game,
                gconstpointer  value)
{
  g_free (game->comment);
  game->comment = g_strdup (value);
}

gboolean
tk_collection_set_comment (TkCollection  *self,
                           gint64         game_id,
                           const char    *comment,
                           GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_comment, comment, error);
}

typedef struct
{
  const char *date;
  double      price;
} Acquired;

static void
change_acquired (TkGame        *game,
                 gconstpointer  value)
{
  const Acquired *acquired = value;

  g_free (game->acquired_on);
  game->acquired_on = g_strdup (acquired->date);
  game->price_paid = acquired->price < 0.0 ? -1.0 : acquired->price;
}

gboolean
tk_collection_set_acquired (TkCollection  *self,
                            gint64         game_id,
                            const char    *date,
                            double         price,
                            GError       **error)
{
  Acquired acquired = { date, price };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_acquired, &acquired, error);
}

/* The cover is a fact of the game (games.cover_path), not of the collection entry.  The
 * core stores the path it is given: it neither copies nor owns the file.  The app copies a
 * chosen image into its data folder first (see tk-collection-details.c), so that moving or
 * deleting the original does not lose the cover.  Like any other change to a catalog
 * game's facts (tk_collection_update_game), it makes the game the user's ("own"): catalog
 * upgrades rewrite catalog rows whole and would otherwise drop the cover. */
typedef struct
{
  gint64      game_id;
  const char *path;
} CoverChange;

static gboolean
set_cover_in_txn (TkStore  *store,
                  gpointer  user_data,
                  GError  **error)
{
  const CoverChange *change = user_data;
  g_autoptr(TkGame) game = tk_collection_read_game (store, change->game_id, error);
  sqlite3_stmt *stmt;

  if (game == NULL)
    return FALSE;
  stmt = tk_store_prepare (store,
                           "UPDATE games SET cover_path = ?1,"
                           " source = CASE WHEN source = 'catalog' THEN 'own' ELSE source END,"
                           " updated_at = unixepoch () WHERE id = ?2", error);
  if (stmt == NULL)
    return FALSE;
  bind_text_or_null (stmt, 1, change->path);
  sqlite3_bind_int64 (stmt, 2, change->game_id);
  return tk_store_step_done (store, stmt, error);
}

gboolean
tk_collection_set_cover (TkCollection  *self,
                         gint64         game_id,
                         const char    *path_or_null,
                         GError       **error)
{
  g_autofree char *path = NULL;
  CoverChange change = { game_id, NULL };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (path_or_null != NULL && *path_or_null != '\0')
    {
      /* Stored absolute: a relative path would depend on where the app was started. */
      path = g_canonicalize_filename (path_or_null, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                       /* Translators: %s is a file name. */
                       _("The cover image “%s” does not exist or is not a file."), display);
          return FALSE;
        }
      change.path = path;
    }

  if (!tk_store_transaction (self->store, set_cover_in_txn, &change, error))
    return FALSE;
  tk_collection_emit_changed (self, game_id);
  return TRUE;
}

/* ---- delete and undo ---- */

static gboolean
delete_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  TkGame *game = user_data;
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT id FROM plays WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  game->play_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_bind_int64 (stmt, 1, game->id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (game->play_ids, id);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  /* A catalog game stays in the catalog: only its collection entry goes. */
  if (g_strcmp0 (game->source, "catalog") == 0)
    stmt = tk_store_prepare (store, "DELETE FROM collection WHERE game_id = ?1", error);
  else
    stmt = tk_store_prepare (store, "DELETE FROM games WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game->id);
  return tk_store_step_done (store, stmt, error);
}

TkGame *
tk_collection_delete_game (TkCollection  *self,
                           gint64         game_id,
                           GError       **error)
{
  g_autoptr(TkGame) snapshot = NULL;

  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);

  snapshot = tk_collection_read_game (self->store, game_id, error);
  if (snapshot == NULL)
    return NULL;
  if (!tk_store_transaction (self->store, delete_in_txn, snapshot, error))
    return NULL;
  tk_collection_emit_changed (self, game_id);
  return g_steal_pointer (&snapshot);
}

static gboolean
restore_in_txn (TkStore  *store,
                gpointer  user_data,
                GError  **error)
{
  TkGame *game = user_data;
  sqlite3_stmt *stmt;

  if (g_strcmp0 (game->source, "catalog") != 0 &&
      !tk_collection_write_game (store, game, TRUE, error))
    return FALSE;
  if (game->in_collection && !tk_collection_write_entry (store, game, error))
    return FALSE;

  stmt = tk_store_prepare (store, "UPDATE plays SET game_id = ?1 WHERE id = ?2"
                                  " AND game_id IS NULL", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; game->play_ids != NULL && i < game->play_ids->len; i++)
    {
      sqlite3_bind_int64 (stmt, 1, game->id);
      sqlite3_bind_int64 (stmt, 2, g_array_index (game->play_ids, gint64, i));
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tk_collection_restore_game (TkCollection  *self,
                            TkGame        *snapshot,
                            GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (TK_IS_GAME (snapshot), FALSE);

  if (!tk_store_transaction (self->store, restore_in_txn, snapshot, error))
    return FALSE;
  tk_collection_emit_changed (self, snapshot->id);
  return TRUE;
}

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
      g_autoptr(TkGame) game = game_from_row (stmt);

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
      TkGame *game = game_from_row (stmt);
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
