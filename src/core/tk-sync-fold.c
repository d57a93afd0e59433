/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-fold.c — folding operations: per (entity, field) the winning operation, the losers
 * kept, and the winners written to the library's tables (tk-sync-log.h).
 *
 * The registers (sync_fields) are a function of the set of operations alone: the winner of a
 * field is the largest (hlc, device_uid, op_uid) that set it, every other value is a loser.
 * The tables are then written from the registers, never from one operation, so any order of
 * arrival, with duplicates, gives the same library. */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-sync-private.h"

gboolean
_tk_sync_fold_op (TkStore         *store,
                  const TkSyncOp  *op,
                  GError         **error)
{
  /* 1: winners this operation beats become losers; 2: fields where it loses keep it as a
   * loser; 3: it becomes the winner where it beats the register or there is none.  The
   * same operation twice changes nothing (op_uid is part of each key). */
  static const char *const steps[] = {
    "INSERT OR IGNORE INTO sync_losers (op_uid, field, type, entity, value, hlc, device_uid,"
    " prev) SELECT f.op_uid, f.field, f.type, f.entity, f.value, f.hlc, f.device_uid, f.prev"
    " FROM sync_fields f JOIN json_each (?7, '$.fields') j ON f.field = j.key"
    " WHERE f.type = ?4 AND f.entity = ?5 AND f.op_uid <> ?1"
    " AND (f.hlc, f.device_uid, f.op_uid) < (?2, ?3, ?1)",

    "INSERT OR IGNORE INTO sync_losers (op_uid, field, type, entity, value, hlc, device_uid,"
    " prev) SELECT ?1, j.key, ?4, ?5, " SL_CANON ("j") ", ?2, ?3,"
    " json_extract (?7, '$.prev.\"' || j.key || '\"')"
    " FROM json_each (?7, '$.fields') j JOIN sync_fields f ON f.field = j.key"
    " AND f.type = ?4 AND f.entity = ?5"
    " WHERE f.op_uid <> ?1 AND (f.hlc, f.device_uid, f.op_uid) > (?2, ?3, ?1)",

    "INSERT INTO sync_fields (type, entity, field, value, hlc, device_uid, op_uid, prev)"
    " SELECT ?4, ?5, j.key, " SL_CANON ("j") ", ?2, ?3, ?1,"
    " json_extract (?7, '$.prev.\"' || j.key || '\"')"
    " FROM json_each (?7, '$.fields') j WHERE true"
    " ON CONFLICT (type, entity, field) DO UPDATE SET value = excluded.value,"
    " hlc = excluded.hlc, device_uid = excluded.device_uid, op_uid = excluded.op_uid,"
    " prev = excluded.prev"
    " WHERE (sync_fields.hlc, sync_fields.device_uid, sync_fields.op_uid)"
    "   < (excluded.hlc, excluded.device_uid, excluded.op_uid)",
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, steps[i], error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, op->op_uid, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 2, op->hlc);
      sqlite3_bind_text (stmt, 3, op->device_uid, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 4, op->type, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 5, op->entity, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 7, op->body, -1, SQLITE_STATIC);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_tk_sync_fold_any (TkStore         *store,
                   const TkSyncOp  *op,
                   GError         **error)
{
  if (g_str_has_prefix (op->kind, "ledger."))
    return _tk_sync_fold_ledger_op (store, op, error);
  return _tk_sync_fold_op (store, op, error);
}

/* ---- the registers into the tables ---- */

/* The winning fields of one entity as a JSON object, NULL when none. */
static char *
entity_state (TkStore     *store,
              const char  *type,
              const char  *uid,
              GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT json_group_object (field, json (value))"
                                                " FROM sync_fields WHERE type = ?1 AND entity = ?2"
                                                " HAVING count (*) > 0", error);
  char *state = NULL;
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, type, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, uid, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    state = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return state;
}

/* The player or game @uid stands for after merges: its merged_into register followed to the
 * end.  A cycle (merged each into the other on two devices) ends at its smallest uid,
 * whichever member it is entered from, so every device picks the same one. */
static char *
resolve_alias (TkStore     *store,
               const char  *type,
               const char  *uid,
               GError     **error)
{
  g_autoptr(GPtrArray) chain = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *current = g_strdup (uid);

  for (;;)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT json_extract (value, '$')"
                                                    " FROM sync_fields WHERE type = ?1"
                                                    " AND entity = ?2 AND field = 'merged_into'",
                                             error);
      g_autofree char *next = NULL;
      int rc;

      if (stmt == NULL)
        return NULL;
      sqlite3_bind_text (stmt, 1, type, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, current, -1, SQLITE_STATIC);
      rc = tk_store_step (store, stmt, error);
      if (rc == SQLITE_ROW && sqlite3_column_type (stmt, 0) == SQLITE_TEXT)
        next = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      sqlite3_reset (stmt);
      if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return NULL;
      if (next == NULL || g_str_equal (next, current))
        return g_steal_pointer (&current);

      g_ptr_array_add (chain, g_steal_pointer (&current));
      for (guint i = 0; i < chain->len; i++)
        if (g_str_equal (chain->pdata[i], next))
          {
            const char *smallest = next;

            for (guint k = i; k < chain->len; k++)
              if (strcmp (chain->pdata[k], smallest) < 0)
                smallest = chain->pdata[k];
            return g_strdup (smallest);
          }
      current = g_steal_pointer (&next);
    }
}

static gboolean
run (TkStore     *store,
     const char  *sql,
     const char  *uid,
     const char  *state,
     gint64       id,
     GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  if (state != NULL)
    sqlite3_bind_text (stmt, 2, state, -1, SQLITE_STATIC);
  if (id != 0)
    sqlite3_bind_int64 (stmt, 3, id);
  return tk_store_step_done (store, stmt, error);
}

static gint64
id_of (TkStore     *store,
       const char  *sql,
       const char  *uid,
       GError     **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;
  int rc;

  if (uid == NULL)
    return 0;
  stmt = tk_store_prepare (store, sql, error);
  if (stmt == NULL)
    return -1;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? id : -1;
}

static gboolean
state_says (TkStore     *store,
            const char  *state,
            const char  *sql)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, NULL);
  gboolean yes = FALSE;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 2, state, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    yes = sqlite3_column_int (stmt, 0) != 0;
  sqlite3_reset (stmt);
  return yes;
}

#define DELETED "SELECT coalesce (json_extract (?2, '$.deleted'), 0)"
#define V(field) "json_extract (?2, '$." field "')"
#define FLAG(field) "coalesce (json_extract (?2, '$." field "'), 0)"

static gboolean
apply_game (TkStore     *store,
            const char  *uid,
            const char  *state,
            gboolean    *waiting,
            GError     **error)
{
  g_autofree char *into = resolve_alias (store, "game", uid, error);
  gint64 id;

  if (into == NULL)
    return FALSE;
  /* Deleted, or merged into another game (tk_collection_merge_games()): its plays name the
   * game it became (they are written again after the games). */
  if (!g_str_equal (into, uid) || state_says (store, state, DELETED))
    return run (store, "DELETE FROM games WHERE uid = ?1 AND source <> 'catalog'", uid, NULL, 0,
                error);
  /* Not created yet here: waits for the operation that names its title. */
  if (!state_says (store, state, "SELECT " V ("title") " IS NOT NULL"))
    {
      *waiting = TRUE;
      return TRUE;
    }
  /* Another game here holds its BGG id or catalog key (made on this device before the two
   * met): joining merges those; until then this one waits rather than break the rule. */
  id = id_of (store, "SELECT id FROM games WHERE uid = ?1", uid, error);
  if (id < 0)
    return FALSE;
  if (id == 0 && state_says (store, state,
                             "SELECT EXISTS (SELECT 1 FROM games WHERE bgg_id = " V ("bgg_id")
                             " OR catalog_key = " V ("catalog_key") ")"))
    {
      *waiting = TRUE;
      return TRUE;
    }
  if (!run (store,
            "INSERT INTO games (uid, title, title_ja, year, min_players, max_players,"
            " best_players, min_time, max_time, min_age, weight, bgg_id, bgg_rank, rating_avg,"
            " rating_count, source, notes, cover_path, catalog_key) VALUES (?1, " V ("title") ","
            " " V ("title_ja") ", " V ("year") ", " V ("min_players") ", " V ("max_players") ","
            " " V ("best_players") ", " V ("min_time") ", " V ("max_time") ", " V ("min_age") ","
            " " V ("weight") ", " V ("bgg_id") ", " V ("bgg_rank") ", " V ("rating_avg") ","
            " " V ("rating_count") ", coalesce (" V ("source") ", 'own'), " V ("notes") ","
            " " V ("cover_path") ", " V ("catalog_key") ")"
            " ON CONFLICT (uid) DO UPDATE SET title = excluded.title,"
            " title_ja = excluded.title_ja, year = excluded.year,"
            " min_players = excluded.min_players, max_players = excluded.max_players,"
            " best_players = excluded.best_players, min_time = excluded.min_time,"
            " max_time = excluded.max_time, min_age = excluded.min_age,"
            " weight = excluded.weight, bgg_id = excluded.bgg_id, bgg_rank = excluded.bgg_rank,"
            " rating_avg = excluded.rating_avg, rating_count = excluded.rating_count,"
            " source = excluded.source, notes = excluded.notes,"
            " cover_path = excluded.cover_path, catalog_key = excluded.catalog_key,"
            " updated_at = unixepoch ()", uid, state, 0, error))
    return FALSE;
  if (!state_says (store, state, "SELECT json_type (?2, '$.tags') = 'array'"))
    return TRUE;
  return run (store, "DELETE FROM game_tags WHERE game_id = (SELECT id FROM games"
                     " WHERE uid = ?1)", uid, NULL, 0, error) &&
         run (store, "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
                     " SELECT (SELECT id FROM games WHERE uid = ?1),"
                     " json_extract (t.value, '$[0]'), json_extract (t.value, '$[1]')"
                     " FROM json_each (?2, '$.tags') t"
                     " WHERE json_extract (t.value, '$[0]') IN ('designer', 'mechanic',"
                     " 'category')", uid, state, 0, error);
}

static gboolean
apply_entry (TkStore     *store,
             const char  *uid,
             const char  *state,
             gboolean    *waiting,
             GError     **error)
{
  gint64 game_id = id_of (store, "SELECT id FROM games WHERE uid = ?1", uid, error);

  if (game_id < 0)
    return FALSE;
  if (state_says (store, state, DELETED))
    return game_id == 0 ||
           run (store, "DELETE FROM collection WHERE game_id = ?3", uid, NULL, game_id, error);
  /* Its game is not here yet (an own game still on its way, a catalog this device lacks). */
  if (game_id == 0)
    {
      *waiting = TRUE;
      return TRUE;
    }
  return run (store,
              "INSERT INTO collection (game_id, owned, want_to_play, played, favourite,"
              " not_interested, rating, comment, acquired_on, price_paid, bgg_plays, bgg_extra)"
              " VALUES (?3, " FLAG ("owned") ", " FLAG ("want_to_play") ", " FLAG ("played") ","
              " " FLAG ("favourite") ", " FLAG ("not_interested") ", " V ("rating") ","
              " " V ("comment") ", " V ("acquired_on") ", " V ("price_paid") ","
              " " FLAG ("bgg_plays") ", " V ("bgg_extra") ")"
              " ON CONFLICT (game_id) DO UPDATE SET owned = excluded.owned,"
              " want_to_play = excluded.want_to_play, played = excluded.played,"
              " favourite = excluded.favourite, not_interested = excluded.not_interested,"
              " rating = excluded.rating, comment = excluded.comment,"
              " acquired_on = excluded.acquired_on, price_paid = excluded.price_paid,"
              " bgg_plays = excluded.bgg_plays, bgg_extra = excluded.bgg_extra,"
              " updated_at = unixepoch ()", uid, state, game_id, error);
}

/* Whether the player @uid (present, @state its registers) keeps its BGG username: no other
 * player that is here by the registers (not deleted, not merged away, named) with a smaller
 * uid has the same one.  Decided from the registers alone, so every device decides alike. */
static gboolean
username_is_ours (TkStore     *store,
                  const char  *uid,
                  const char  *state,
                  gboolean    *ours,
                  GError     **error)
{
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt;
  int rc;

  *ours = state_says (store, state, "SELECT " V ("bgg_username") " IS NOT NULL");
  if (!*ours)
    return TRUE;
  stmt = tk_store_prepare (store, "SELECT entity FROM sync_fields WHERE type = 'player'"
                                  " AND field = 'bgg_username' AND entity < ?1"
                                  " AND json_extract (value, '$') = " V ("bgg_username")
                                  " COLLATE NOCASE ORDER BY entity", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, state, -1, SQLITE_STATIC);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (others, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  for (guint i = 0; i < others->len && *ours; i++)
    {
      g_autofree char *into = resolve_alias (store, "player", others->pdata[i], error);
      g_autofree char *other = NULL;

      if (into == NULL)
        return FALSE;
      if (!g_str_equal (into, others->pdata[i]))
        continue;
      other = entity_state (store, "player", others->pdata[i], error);
      if (other == NULL)
        return FALSE;
      if (!state_says (store, other, DELETED) &&
          state_says (store, other, "SELECT " V ("name") " IS NOT NULL"))
        *ours = FALSE;
    }
  return TRUE;
}

static gboolean
apply_player (TkStore     *store,
              const char  *uid,
              const char  *state,
              gboolean    *waiting,
              GError     **error)
{
  g_autofree char *into = resolve_alias (store, "player", uid, error);
  gboolean ours;

  if (into == NULL)
    return FALSE;
  /* Merged away or deleted: its seats keep their names, and name the player it became
   * (the plays are written again after the players). */
  if (!g_str_equal (into, uid) || state_says (store, state, DELETED))
    return run (store, "DELETE FROM players WHERE uid = ?1", uid, NULL, 0, error);
  if (!state_says (store, state, "SELECT " V ("name") " IS NOT NULL"))
    {
      *waiting = TRUE;
      return TRUE;
    }
  /* A BGG username is one player's.  When the registers give it to several players here
   * (made or merged apart), the one with the smallest uid has it, whatever order the
   * operations came in: deciding by who holds it in the table made two devices differ (a
   * merge that moved the username to the player merged into lost it on every device that
   * folded the player merged into before the one merged away). */
  if (!username_is_ours (store, uid, state, &ours, error))
    return FALSE;
  if (ours && !run (store, "UPDATE players SET bgg_username = NULL"
                           " WHERE bgg_username = " V ("bgg_username") " COLLATE NOCASE"
                           " AND uid <> ?1", uid, state, 0, error))
    return FALSE;
  return run (store,
              "INSERT INTO players (uid, name, colour, hidden, bgg_username)"
              " VALUES (?1, " V ("name") ", " V ("colour") ", " FLAG ("hidden") ","
              " CASE WHEN ?3 IS NOT NULL THEN " V ("bgg_username") " END)"
              " ON CONFLICT (uid) DO UPDATE SET name = excluded.name,"
              " colour = excluded.colour, hidden = excluded.hidden,"
              " bgg_username = excluded.bgg_username", uid, state, ours ? 1 : 0, error);
}

/* A play's registers with its game followed through merges: a play logged on a device that
 * had not heard of the merge yet names the game merged away. */
static char *
play_state_following_merges (TkStore     *store,
                             const char  *registers,
                             GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT json_extract (?1, '$.game')", error);
  g_autofree char *game = NULL;
  g_autofree char *into = NULL;
  char *followed = NULL;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, registers, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, error) == SQLITE_ROW &&
      sqlite3_column_type (stmt, 0) == SQLITE_TEXT)
    game = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (game == NULL)
    return g_strdup (registers);
  into = resolve_alias (store, "game", game, error);
  if (into == NULL)
    return NULL;
  if (g_str_equal (into, game))
    return g_strdup (registers);
  stmt = tk_store_prepare (store, "SELECT json_set (?1, '$.game', ?2)", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, registers, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, into, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, error) == SQLITE_ROW)
    followed = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return followed;
}

static gboolean
apply_play (TkStore     *store,
            const char  *uid,
            const char  *registers,
            gboolean    *waiting,
            GError     **error)
{
  g_autofree char *state = NULL;
  g_autofree char *into = resolve_alias (store, "play", uid, error);
  sqlite3_stmt *stmt;
  gint64 play_id;
  int rc;

  if (into == NULL)
    return FALSE;
  /* One play under two import keys (tk-sync-join.c): the one kept is written first, takes
   * this one's import keys, and this one goes. */
  if (!g_str_equal (into, uid))
    return _tk_sync_apply_entity (store, "play", into, waiting, error) &&
           run (store, "UPDATE play_imports SET play_id = (SELECT id FROM plays WHERE uid = ?2)"
                       " WHERE play_id = (SELECT id FROM plays WHERE uid = ?1)"
                       " AND EXISTS (SELECT 1 FROM plays WHERE uid = ?2)", uid, into, 0, error) &&
           run (store, "DELETE FROM plays WHERE uid = ?1", uid, NULL, 0, error);
  state = play_state_following_merges (store, registers, error);
  if (state == NULL)
    return FALSE;
  if (state_says (store, state, DELETED))
    return run (store, "DELETE FROM plays WHERE uid = ?1", uid, NULL, 0, error);
  if (!state_says (store, state, "SELECT " V ("played_on") " IS NOT NULL AND "
                                 V ("game_title") " IS NOT NULL"))
    {
      *waiting = TRUE;
      return TRUE;
    }
  /* A game not here (yet) leaves the play with its title, as a deleted game does. */
  if (!run (store,
            "INSERT INTO plays (uid, game_id, game_title, played_on, duration_min, location,"
            " expansions, notes, incomplete, no_win_stats, session_id) VALUES (?1,"
            " (SELECT id FROM games WHERE uid = " V ("game") "), " V ("game_title") ","
            " " V ("played_on") ", " V ("duration_min") ", " V ("location") ","
            " " V ("expansions") ", " V ("notes") ", " FLAG ("incomplete") ","
            " " FLAG ("no_win_stats") ", (SELECT id FROM sessions WHERE uid = " V ("session") "))"
            " ON CONFLICT (uid) DO UPDATE SET game_id = excluded.game_id,"
            " game_title = excluded.game_title, played_on = excluded.played_on,"
            " duration_min = excluded.duration_min, location = excluded.location,"
            " expansions = excluded.expansions, notes = excluded.notes,"
            " incomplete = excluded.incomplete, no_win_stats = excluded.no_win_stats,"
            " session_id = excluded.session_id",
            uid, state, 0, error))
    return FALSE;
  play_id = id_of (store, "SELECT id FROM plays WHERE uid = ?1", uid, error);
  if (play_id <= 0)
    return FALSE;
  /* Written with its title meanwhile; linked to its game when that arrives (a catalog
   * loaded later, an own game's operation still on its way). */
  if (state_says (store, state, "SELECT " V ("game") " IS NOT NULL AND NOT EXISTS"
                                " (SELECT 1 FROM games WHERE uid = " V ("game") ")"))
    *waiting = TRUE;
  if (!state_says (store, state, "SELECT json_type (?2, '$.seats') = 'array'"))
    return TRUE;
  if (!run (store, "DELETE FROM play_players WHERE play_id = ?3", uid, NULL, play_id, error))
    return FALSE;

  stmt = tk_store_prepare (store, "SELECT key, json_extract (value, '$.player'), value"
                                  " FROM json_each (?1, '$.seats') ORDER BY key", error);
  if (stmt == NULL)
    return FALSE;
  {
    g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func (g_free);

    sqlite3_bind_text (stmt, 1, state, -1, SQLITE_STATIC);
    while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
      {
        const char *player = (const char *) sqlite3_column_text (stmt, 1);

        g_ptr_array_add (players, g_strdup (player));
        g_ptr_array_add (seats, g_strdup ((const char *) sqlite3_column_text (stmt, 2)));
      }
    sqlite3_reset (stmt);
    if (rc != SQLITE_DONE)
      return FALSE;

    for (guint i = 0; i < seats->len; i++)
      {
        g_autofree char *player = NULL;
        gint64 player_id = 0;

        if (players->pdata[i] != NULL)
          {
            player = resolve_alias (store, "player", players->pdata[i], error);
            if (player == NULL)
              return FALSE;
            player_id = id_of (store, "SELECT id FROM players WHERE uid = ?1", player, error);
            if (player_id < 0)
              return FALSE;
            /* Its player is on its way: the seat keeps the name and is linked when it
             * arrives (a player deleted for good is not waited for). */
            if (player_id == 0 &&
                id_of (store, "SELECT 1 FROM sync_fields WHERE type = 'player' AND entity = ?1"
                              " AND field = 'deleted' AND value = 'true'", player, error) == 0)
              *waiting = TRUE;
          }
        stmt = tk_store_prepare (store,
                                 "INSERT INTO play_players (play_id, seat, player_id, name,"
                                 " colour, score, rank, winner, first_play, score_text, role,"
                                 " team, start_player) VALUES (?1, ?2, ?3,"
                                 " coalesce (json_extract (?4, '$.name'), ''),"
                                 " json_extract (?4, '$.colour'), json_extract (?4, '$.score'),"
                                 " json_extract (?4, '$.rank'),"
                                 " coalesce (json_extract (?4, '$.winner'), 0),"
                                 " coalesce (json_extract (?4, '$.first_play'), 0),"
                                 " json_extract (?4, '$.score_text'), json_extract (?4, '$.role'),"
                                 " json_extract (?4, '$.team'),"
                                 " coalesce (json_extract (?4, '$.start_player'), 0))", error);
        if (stmt == NULL)
          return FALSE;
        sqlite3_bind_int64 (stmt, 1, play_id);
        sqlite3_bind_int (stmt, 2, (int) i);
        if (player_id > 0)
          sqlite3_bind_int64 (stmt, 3, player_id);
        else
          sqlite3_bind_null (stmt, 3);
        sqlite3_bind_text (stmt, 4, seats->pdata[i], -1, SQLITE_STATIC);
        if (!tk_store_step_done (store, stmt, error))
          return FALSE;
      }
  }
  return TRUE;
}

/* A session: its row from the registers, then its ledger (tk-sync-ledger.c).  A game not
 * here (yet) leaves it with its title, as a play. */
static gboolean
apply_session (TkStore     *store,
               const char  *uid,
               const char  *state,
               gboolean    *waiting,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *timer = NULL;
  gint64 session_id;
  sqlite3_stmt *stmt;

  if (state_says (store, state, DELETED))
    return run (store, "DELETE FROM sessions WHERE uid = ?1", uid, NULL, 0, error);
  if (!state_says (store, state, "SELECT " V ("rules") " IS NOT NULL AND "
                                 V ("setup") " IS NOT NULL"))
    {
      *waiting = TRUE;
      return TRUE;
    }
  timer = _tk_sync_session_timer (store, uid, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  stmt = tk_store_prepare (store,
                           "INSERT INTO sessions (uid, game_id, rules_id, setup, title, status,"
                           " started_at, finished_at, elapsed_ms, running_since, notes)"
                           " VALUES (?1, (SELECT id FROM games WHERE uid = " V ("game") "),"
                           " " V ("rules") ", " SL_SESSION_SETUP_LOCAL (V ("setup")) ","
                           " " V ("title") ","
                           " CASE WHEN " V ("status") " IN ('finished', 'abandoned')"
                           "   THEN " V ("status") " ELSE 'open' END,"
                           " coalesce (" V ("started_at") ", 0),"
                           " " V ("finished_at") ", coalesce (json_extract (?3, '$[0]'), 0),"
                           " json_extract (?3, '$[1]'), " V ("notes") ")"
                           " ON CONFLICT (uid) DO UPDATE SET game_id = excluded.game_id,"
                           " rules_id = excluded.rules_id, setup = excluded.setup,"
                           " title = excluded.title, status = excluded.status,"
                           " started_at = excluded.started_at, finished_at = excluded.finished_at,"
                           " elapsed_ms = excluded.elapsed_ms,"
                           " running_since = excluded.running_since, notes = excluded.notes",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, state, -1, SQLITE_STATIC);
  if (timer != NULL)
    sqlite3_bind_text (stmt, 3, timer, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, 3);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  session_id = id_of (store, "SELECT id FROM sessions WHERE uid = ?1", uid, error);
  if (session_id <= 0)
    return FALSE;
  if (state_says (store, state, "SELECT " V ("game") " IS NOT NULL AND NOT EXISTS"
                                " (SELECT 1 FROM games WHERE uid = " V ("game") ")"))
    *waiting = TRUE;
  if (state_says (store, state, "SELECT json_type (?2, '$.turns') = 'array'") &&
      !(run (store, "DELETE FROM session_turns WHERE session_id = ?3", uid, NULL, session_id,
             error) &&
        run (store, "INSERT OR IGNORE INTO session_turns (session_id, seat, turn, ms)"
                    " SELECT ?3, json_extract (t.value, '$[0]'), json_extract (t.value, '$[1]'),"
                    " json_extract (t.value, '$[2]') FROM json_each (?2, '$.turns') t"
                    " WHERE json_extract (t.value, '$[0]') >= 0"
                    " AND json_extract (t.value, '$[1]') >= 1"
                    " AND json_extract (t.value, '$[2]') >= 0", uid, state, session_id, error)))
    return FALSE;
  return _tk_sync_apply_ledger (store, uid, waiting, error);
}

static gboolean
apply_friends (TkStore     *store,
               const char  *uid,
               const char  *state,
               gboolean    *waiting,
               GError     **error)
{
  if (state_says (store, state, DELETED))
    return run (store, "DELETE FROM friend_lists WHERE uid = ?1", uid, NULL, 0, error);
  if (!state_says (store, state, "SELECT " V ("name") " IS NOT NULL"))
    {
      *waiting = TRUE;
      return TRUE;
    }
  if (!run (store, "INSERT INTO friend_lists (uid, name) VALUES (?1, " V ("name") ")"
                   " ON CONFLICT (uid) DO UPDATE SET name = excluded.name", uid, state, 0, error))
    return FALSE;
  if (!state_says (store, state, "SELECT json_type (?2, '$.games') = 'array'"))
    return TRUE;
  /* Matched as the import matches (tk_collection_find_game()): by BGG id, else the user's
   * own game of that title. */
  return run (store, "DELETE FROM friend_games WHERE list_id = (SELECT id FROM friend_lists"
                     " WHERE uid = ?1)", uid, NULL, 0, error) &&
         run (store, "INSERT INTO friend_games (list_id, seq, bgg_id, title, game_id, owned,"
                     " want_to_play, played, favourite, rating)"
                     " SELECT (SELECT id FROM friend_lists WHERE uid = ?1), g.key,"
                     " json_extract (g.value, '$.bgg_id'),"
                     " coalesce (json_extract (g.value, '$.title'), ''),"
                     " coalesce ((SELECT id FROM games"
                     "   WHERE bgg_id = json_extract (g.value, '$.bgg_id')),"
                     "  (SELECT id FROM games WHERE source = 'own'"
                     "   AND title = json_extract (g.value, '$.title') ORDER BY id LIMIT 1)),"
                     " coalesce (json_extract (g.value, '$.owned'), 0),"
                     " coalesce (json_extract (g.value, '$.want_to_play'), 0),"
                     " coalesce (json_extract (g.value, '$.played'), 0),"
                     " coalesce (json_extract (g.value, '$.favourite'), 0),"
                     " json_extract (g.value, '$.rating')"
                     " FROM json_each (?2, '$.games') g", uid, state, 0, error);
}

typedef gboolean (*ApplyFunc) (TkStore *, const char *, const char *, gboolean *, GError **);

gboolean
_tk_sync_apply_entity (TkStore      *store,
                       const char   *type,
                       const char   *uid,
                       gboolean     *waiting,
                       GError      **error)
{
  static const ApplyFunc funcs[] = { apply_game, apply_entry, apply_player, apply_session,
                                     apply_play, apply_friends };
  g_autoptr(GError) local_error = NULL;
  g_autofree char *state = entity_state (store, type, uid, &local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* A session whose ledger came before its fields waits for them. */
  if (state == NULL && g_str_equal (type, "session"))
    {
      *waiting = id_of (store, "SELECT 1 FROM sync_heads WHERE session = ?1 LIMIT 1", uid,
                        error) != 0;
      return TRUE;
    }
  if (state == NULL)
    return TRUE;
  for (guint t = 0; t < G_N_ELEMENTS (_tk_sync_types); t++)
    if (g_str_equal (type, _tk_sync_types[t]))
      return funcs[t] (store, uid, state, waiting, error);
  return TRUE;   /* a type of a newer Tablekeeper: kept in the registers, written later */
}

/* The rows of the view sync_kept, counted on every pass.  The view starts its ancestors
 * (values a winner's device knowingly replaced) from every register with a prev: a scan of
 * sync_fields, some 14 ms of CPU at 10,000 games and ten times that at 100,000, on every
 * pass however little it brought.  A prev names an operation on the same field of the same
 * entity (write_op() takes it from that entity's registers), so a loser's ancestors can only
 * start at its own field: the fields that have losers are the only starting points needed,
 * and the ancestors are listed once (EXCEPT) rather than once per loser.  The same count for
 * every operation a Tablekeeper writes. */
gint64
tk_sync_log_count_kept (TkStore  *store,
                        GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), -1);
  return tk_store_query_int (store,
                             "WITH RECURSIVE anc (type, entity, field, op) AS ("
                             "  SELECT f.type, f.entity, f.field, f.prev"
                             "  FROM (SELECT DISTINCT type, entity, field FROM sync_losers) k"
                             "  CROSS JOIN sync_fields f ON f.type = k.type"
                             "    AND f.entity = k.entity AND f.field = k.field"
                             "  WHERE f.prev IS NOT NULL"
                             "  UNION SELECT l.type, l.entity, l.field, l.prev FROM anc a"
                             "  JOIN sync_losers l ON l.op_uid = a.op AND l.field = a.field"
                             "  WHERE l.prev IS NOT NULL)"
                             " SELECT count (*) FROM (SELECT l.type, l.entity, l.field, l.op_uid"
                             "   FROM sync_losers l JOIN sync_fields f ON f.type = l.type"
                             "     AND f.entity = l.entity AND f.field = l.field"
                             "   WHERE l.value <> f.value"
                             "   EXCEPT SELECT type, entity, field, op FROM anc)", -1, error);
}
