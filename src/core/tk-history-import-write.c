/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-write.c — write: an import's new games, players and plays into the
 * library in one transaction, remembered with what it created; and Undo, which takes it all
 * away again. */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-history-import-private.h"

/* ---- writing ---- */

typedef struct
{
  TkStore *store;
  gint64   import_id;
  GError **error;
} Writer;

static gboolean
remember (Writer     *w,
          const char *kind,
          gint64      object_id)
{
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "INSERT OR IGNORE INTO history_import_objects"
                                                   " (import_id, kind, object_id)"
                                                   " VALUES (?1, ?2, ?3)", w->error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, w->import_id);
  sqlite3_bind_text (stmt, 2, kind, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, object_id);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
create_game (Writer   *w,
             TkHiGame *game)
{
  /* An own game takes the uid of its origin (the same on every device that imports the
   * same file) unless a game has it already; else the trigger gives it one. */
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "INSERT INTO games (title, bgg_id, source,"
                                                   " uid) VALUES (?1, ?2, ?3, (SELECT ?4"
                                                   " WHERE ?2 IS NULL AND NOT EXISTS"
                                                   " (SELECT 1 FROM games WHERE uid = ?4)))",
                                         w->error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game->name, -1, SQLITE_STATIC);
  if (game->bgg_id > 0)
    sqlite3_bind_int64 (stmt, 2, game->bgg_id);
  else
    sqlite3_bind_null (stmt, 2);
  sqlite3_bind_text (stmt, 3, game->bgg_id > 0 ? "import" : "own", -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, game->origin_uid, -1, SQLITE_STATIC);
  if (!tk_store_step_done (w->store, stmt, w->error))
    return FALSE;
  game->game_id = tk_store_last_insert_id (w->store);
  return remember (w, "game", game->game_id);
}

/* The game is played: its collection entry says so (Undo puts back what it was). */
static gboolean
mark_played (Writer *w,
             gint64  game_id)
{
  gint64 played = -1;
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "SELECT played FROM collection"
                                                   " WHERE game_id = ?1", w->error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = tk_store_step (w->store, stmt, w->error);
  if (rc == SQLITE_ROW)
    played = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return FALSE;
  if (played == 1)
    return TRUE;
  if (!remember (w, played < 0 ? "collection-new" : "collection-played", game_id))
    return FALSE;
  stmt = tk_store_prepare (w->store, "INSERT INTO collection (game_id, played) VALUES (?1, 1)"
                                     " ON CONFLICT (game_id) DO UPDATE SET played = 1,"
                                     " updated_at = unixepoch ()", w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
create_person (Writer     *w,
               TkHiPerson *person)
{
  const char *name = person->new_name != NULL ? person->new_name : person->pub.name;
  sqlite3_stmt *stmt;
  gint64 taken = 0;
  gint64 made = _tk_history_import_player_named (w->store, name, w->error);

  /* Two people of the file given one new name (renamed alike): one roster player. */
  if (made != 0)
    {
      person->pub.roster_id = made;
      person->pub.roster_name = name;
      return made > 0;
    }

  /* A username already in the roster (a rename may have reached another name) stays with
   * its player. */
  if (person->pub.username != NULL &&
      (taken = _tk_history_import_query_id (w->store,
                                            "SELECT id FROM players WHERE bgg_username = ?1"
                                            " COLLATE NOCASE", person->pub.username, 0,
                                            w->error)) < 0)
    return FALSE;
  /* A player without a BGG username takes the uid of its origin (the same on every device
   * that imports the same file) unless a player has it already; else the trigger gives it
   * one ("bgguser:NAME" with a username). */
  stmt = tk_store_prepare (w->store, "INSERT INTO players (name, bgg_username, uid)"
                                     " VALUES (?1, ?2, (SELECT ?3 WHERE ?2 IS NULL AND NOT EXISTS"
                                     " (SELECT 1 FROM players WHERE uid = ?3)))", w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  if (person->pub.username != NULL && taken == 0)
    sqlite3_bind_text (stmt, 2, person->pub.username, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, 2);
  sqlite3_bind_text (stmt, 3, person->origin_uid, -1, SQLITE_STATIC);
  if (!tk_store_step_done (w->store, stmt, w->error))
    return FALSE;
  person->pub.roster_id = tk_store_last_insert_id (w->store);
  person->pub.roster_name = name;
  return remember (w, "player", person->pub.roster_id);
}

/* A roster player met again with a BGG username gets it, when nobody has it yet. */
static gboolean
learn_username (Writer     *w,
                TkHiPerson *person)
{
  sqlite3_stmt *stmt;

  if (person->pub.username == NULL)
    return TRUE;
  stmt = tk_store_prepare (w->store, "UPDATE players SET bgg_username = ?2 WHERE id = ?1"
                                     " AND bgg_username IS NULL AND NOT EXISTS (SELECT 1 FROM"
                                     " players WHERE bgg_username = ?2 COLLATE NOCASE)",
                           w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, person->pub.roster_id);
  sqlite3_bind_text (stmt, 2, person->pub.username, -1, SQLITE_STATIC);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
remember_me (Writer     *w,
             TkHiPerson *person)
{
  g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT, person->pub.roster_id);
  sqlite3_stmt *stmt;
  gint64 known = _tk_history_import_query_id (w->store, "SELECT 1 FROM settings WHERE key = ?1",
                                              ME_KEY, 0,
                                              w->error);

  if (known != 0)
    return known > 0;
  stmt = tk_store_prepare (w->store, "INSERT INTO settings (key, value) VALUES (?1, ?2)",
                           w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, ME_KEY, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, value, -1, SQLITE_STATIC);
  return tk_store_step_done (w->store, stmt, w->error) &&
         remember (w, "me", person->pub.roster_id);
}

static void
bind_text (sqlite3_stmt *stmt,
           int           index,
           const char   *text)
{
  if (text != NULL)
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, index);
}

static gboolean
write_key (Writer     *w,
           const char *key,
           guint       copy,
           gint64      play_id)
{
  g_autofree char *numbered = copy > 1 ? g_strdup_printf ("%s#%u", key, copy) : NULL;
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "INSERT INTO play_imports (key, play_id,"
                                                   " import_id) VALUES (?1, ?2, ?3)", w->error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, numbered != NULL ? numbered : key, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, play_id);
  sqlite3_bind_int64 (stmt, 3, w->import_id);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
write_play (TkHistoryImport *self,
            Writer          *w,
            TkHiPlay        *play,
            guint            copy)
{
  TkHiGame *game = &g_array_index (self->games, TkHiGame, play->game);
  /* No winner counts in a play that was not finished or that asks not to count. */
  gboolean no_winner = play->incomplete || play->no_win_stats;
  sqlite3_stmt *stmt;
  gint64 play_id;
  gint64 seen[TK_HISTORY_MAX_SEATS];

  stmt = tk_store_prepare (w->store, "INSERT INTO plays (game_id, game_title, played_on,"
                                     " duration_min, location, expansions, notes, incomplete,"
                                     " no_win_stats) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                           w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game->game_id);
  sqlite3_bind_text (stmt, 2, game->name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, play->date, -1, SQLITE_STATIC);
  if (play->duration > 0)
    sqlite3_bind_int (stmt, 4, play->duration);
  else
    sqlite3_bind_null (stmt, 4);
  bind_text (stmt, 5, play->location);
  bind_text (stmt, 6, play->expansions);
  bind_text (stmt, 7, play->notes);
  sqlite3_bind_int (stmt, 8, play->incomplete);
  sqlite3_bind_int (stmt, 9, play->no_win_stats);
  if (!tk_store_step_done (w->store, stmt, w->error))
    return FALSE;
  play_id = tk_store_last_insert_id (w->store);

  stmt = tk_store_prepare (w->store, "INSERT INTO play_players (play_id, seat, player_id, name,"
                                     " score, rank, winner, first_play, score_text, role, team,"
                                     " start_player) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
                                     " ?10, ?11, ?12)", w->error);
  if (stmt == NULL)
    return FALSE;
  for (guint j = 0; j < play->n_seats; j++)
    {
      TkHiSeat *seat = &g_array_index (self->seats, TkHiSeat, play->first_seat + j);
      TkHiPerson *person = &g_array_index (self->people, TkHiPerson, seat->person);
      gint64 player_id = person->pub.not_a_person ? 0 : person->pub.roster_id;

      /* Two seats of one play that became the same roster player (two people of the
       * same name): the second keeps its name but stays out of the roster's figures. */
      for (guint k = 0; k < j && player_id > 0; k++)
        if (seen[k] == player_id)
          player_id = 0;
      seen[j] = player_id;
      sqlite3_bind_int64 (stmt, 1, play_id);
      sqlite3_bind_int (stmt, 2, j);
      if (player_id > 0)
        sqlite3_bind_int64 (stmt, 3, player_id);
      else
        sqlite3_bind_null (stmt, 3);
      sqlite3_bind_text (stmt, 4, player_id > 0 ? person->pub.roster_name : person->pub.name,
                         -1, SQLITE_STATIC);
      if (seat->has_score)
        sqlite3_bind_double (stmt, 5, seat->score);
      else
        sqlite3_bind_null (stmt, 5);
      if (seat->rank > 0 && !no_winner)
        sqlite3_bind_int (stmt, 6, seat->rank);
      else
        sqlite3_bind_null (stmt, 6);
      sqlite3_bind_int (stmt, 7, seat->winner && !no_winner);
      sqlite3_bind_int (stmt, 8, seat->first_play && copy == 1);
      bind_text (stmt, 9, seat->score_text);
      bind_text (stmt, 10, seat->role);
      bind_text (stmt, 11, seat->team);
      sqlite3_bind_int (stmt, 12, seat->start);
      if (!tk_store_step_done (w->store, stmt, w->error))
        return FALSE;
    }
  return write_key (w, play->key, copy, play_id) &&
         (play->bgg_key == NULL || write_key (w, play->bgg_key, copy, play_id));
}

gboolean
tk_history_import_write (TkHistoryImport  *self,
                         TkStore          *store,
                         TkHistoryProgressFunc progress,
                         gpointer          progress_data,
                         gint64           *import_id,
                         GError          **error)
{
  Writer w = { store, 0, error };
  sqlite3_stmt *stmt;
  guint done = 0;

  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), FALSE);
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;
  /* Matched again inside the transaction: the library may have changed since the preview
   * (another window, the CLI). */
  if (!tk_history_import_prepare (self, store, error))
    goto fail;
  stmt = tk_store_prepare (store, "INSERT INTO history_imports (source) VALUES (?1)", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_text (stmt, 1, self->source != NULL ? self->source : "bgstats", -1,
                     SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    goto fail;
  w.import_id = tk_store_last_insert_id (store);

  for (guint i = 0; i < self->games->len; i++)
    {
      TkHiGame *game = &g_array_index (self->games, TkHiGame, i);

      if (game->used &&
          ((game->game_id == 0 && !create_game (&w, game)) || !mark_played (&w, game->game_id)))
        goto fail;
    }
  for (guint i = 0; i < self->people->len; i++)
    {
      TkHiPerson *person = &g_array_index (self->people, TkHiPerson, i);

      if (person->pub.n_plays == 0 || person->pub.not_a_person)
        continue;
      if (person->pub.roster_id == 0 ? !create_person (&w, person) : !learn_username (&w, person))
        goto fail;
      if (person->pub.me && !remember_me (&w, person))
        goto fail;
    }
  for (guint i = 0; i < self->plays->len; i++)
    {
      TkHiPlay *play = &g_array_index (self->plays, TkHiPlay, i);

      if (!play->is_new)
        continue;
      for (guint copy = 1; copy <= play->quantity; copy++)
        if (!write_play (self, &w, play, copy))
          {
            g_prefix_error (error, _("Play of %s on %s: "),
                            g_array_index (self->games, TkHiGame, play->game).name, play->date);
            goto fail;
          }
      done += play->quantity;
      if (progress != NULL && (i % 256 == 255 || i + 1 == self->plays->len))
        progress (done, self->summary.n_new, progress_data);
    }
  /* Told at COMMIT: the collection shows the games played and their counts. */
  tk_store_notify_games_changed (store, 0);
  if (!tk_store_commit (store, error))
    return FALSE;
  if (import_id != NULL)
    *import_id = w.import_id;
  return TRUE;

fail:
  tk_store_rollback (store);
  return FALSE;
}

/* Each step leaves alone what something written after the import uses. */
static const char *const undo_steps[] = {
  "DELETE FROM plays WHERE id IN (SELECT play_id FROM play_imports WHERE import_id = ?1)",
  "DELETE FROM collection WHERE game_id IN (SELECT object_id FROM history_import_objects"
  "  WHERE import_id = ?1 AND kind = 'collection-new')"
  " AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.game_id = collection.game_id)"
  " AND owned = 0 AND want_to_play = 0 AND favourite = 0 AND not_interested = 0"
  " AND rating IS NULL AND comment IS NULL AND bgg_plays = 0",
  "UPDATE collection SET played = 0 WHERE game_id IN (SELECT object_id"
  "  FROM history_import_objects WHERE import_id = ?1"
  "  AND kind IN ('collection-new', 'collection-played'))"
  " AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.game_id = collection.game_id)",
  "DELETE FROM games WHERE id IN (SELECT object_id FROM history_import_objects"
  "  WHERE import_id = ?1 AND kind = 'game')"
  " AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.game_id = games.id)"
  " AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.game_id = games.id)"
  " AND NOT EXISTS (SELECT 1 FROM collection c WHERE c.game_id = games.id)",
  "DELETE FROM players WHERE id IN (SELECT object_id FROM history_import_objects"
  "  WHERE import_id = ?1 AND kind = 'player')"
  " AND NOT EXISTS (SELECT 1 FROM play_players pp WHERE pp.player_id = players.id)",
  "DELETE FROM settings WHERE key = '" ME_KEY "' AND value IN (SELECT CAST (object_id AS TEXT)"
  "  FROM history_import_objects WHERE import_id = ?1 AND kind = 'me')",
  "DELETE FROM history_imports WHERE id = ?1",
};

gboolean
tk_history_import_undo (TkStore  *store,
                        gint64    import_id,
                        GError  **error)
{
  gint64 found;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;
  found = _tk_history_import_query_id (store, "SELECT 1 FROM history_imports WHERE id = ?1", NULL,
                                       import_id,
                                       error);
  if (found == 0)
    g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_NOT_FOUND,
                 _("That import is no longer in the library."));
  if (found <= 0)
    goto fail;
  for (guint i = 0; i < G_N_ELEMENTS (undo_steps); i++)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, undo_steps[i], error);

      if (stmt == NULL)
        goto fail;
      sqlite3_bind_int64 (stmt, 1, import_id);
      if (!tk_store_step_done (store, stmt, error))
        goto fail;
    }
  tk_store_notify_games_changed (store, 0);
  return tk_store_commit (store, error);

fail:
  tk_store_rollback (store);
  return FALSE;
}

static void
record_clear (gpointer data)
{
  g_free (((TkHistoryImportRecord *) data)->source);
}

GArray *
tk_history_imports_list (TkStore  *store,
                         GError  **error)
{
  g_autoptr(GArray) records = g_array_new (FALSE, TRUE, sizeof (TkHistoryImportRecord));
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  g_array_set_clear_func (records, record_clear);
  stmt = tk_store_prepare (store,
                           "SELECT h.id, h.source, h.imported_at,"
                           " (SELECT count(*) FROM play_imports p WHERE p.import_id = h.id)"
                           " FROM history_imports h ORDER BY h.imported_at DESC, h.id DESC",
                           error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkHistoryImportRecord record = {
        .id = sqlite3_column_int64 (stmt, 0),
        .source = g_strdup ((const char *) sqlite3_column_text (stmt, 1)),
        .imported_at = sqlite3_column_int64 (stmt, 2),
        .n_plays = (guint) sqlite3_column_int64 (stmt, 3),
      };

      g_array_append_val (records, record);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&records);
}
