/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-merge.c — two of the user's own games that are one game: the merge a sync
 * offer proposes (tk-sync-offer.h) and `collection merge GAME INTO` runs. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "tk-collection-private.h"
#include "tk-sync-log.h"

typedef struct
{
  gint64  from_id;
  gint64  into_id;
} Merge;

/* ?1 = the game merged away, ?2 = the game kept.  The kept game's facts and entry stay;
 * what it lacks is taken from the other; statuses are either's. */
static const char *const merge_steps[] = {
  "UPDATE games SET"
  " title_ja = coalesce (title_ja, (SELECT title_ja FROM games WHERE id = ?1)),"
  " year = coalesce (year, (SELECT year FROM games WHERE id = ?1)),"
  " min_players = coalesce (min_players, (SELECT min_players FROM games WHERE id = ?1)),"
  " max_players = coalesce (max_players, (SELECT max_players FROM games WHERE id = ?1)),"
  " best_players = coalesce (best_players, (SELECT best_players FROM games WHERE id = ?1)),"
  " min_time = coalesce (min_time, (SELECT min_time FROM games WHERE id = ?1)),"
  " max_time = coalesce (max_time, (SELECT max_time FROM games WHERE id = ?1)),"
  " min_age = coalesce (min_age, (SELECT min_age FROM games WHERE id = ?1)),"
  " weight = coalesce (weight, (SELECT weight FROM games WHERE id = ?1)),"
  " notes = coalesce (nullif (notes, ''), (SELECT notes FROM games WHERE id = ?1)),"
  " cover_path = coalesce (cover_path, (SELECT cover_path FROM games WHERE id = ?1))"
  " WHERE id = ?2",
  "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
  " SELECT ?2, kind, name FROM game_tags WHERE game_id = ?1",
  /* The entry: moved when the kept game has none, else joined field by field. */
  "INSERT OR IGNORE INTO collection (game_id, owned, want_to_play, played, favourite,"
  " not_interested, rating, comment, acquired_on, price_paid, bgg_plays, bgg_extra)"
  " SELECT ?2, owned, want_to_play, played, favourite, not_interested, rating, comment,"
  " acquired_on, price_paid, bgg_plays, bgg_extra FROM collection WHERE game_id = ?1",
  "UPDATE collection AS k SET owned = max (k.owned, f.owned),"
  " want_to_play = max (k.want_to_play, f.want_to_play), played = max (k.played, f.played),"
  " favourite = max (k.favourite, f.favourite),"
  " not_interested = max (k.not_interested, f.not_interested),"
  " rating = coalesce (k.rating, f.rating),"
  " comment = coalesce (nullif (k.comment, ''), f.comment),"
  " acquired_on = coalesce (k.acquired_on, f.acquired_on),"
  " price_paid = coalesce (k.price_paid, f.price_paid),"
  " bgg_plays = max (k.bgg_plays, f.bgg_plays), bgg_extra = coalesce (k.bgg_extra, f.bgg_extra)"
  " FROM (SELECT * FROM collection WHERE game_id = ?1) AS f WHERE k.game_id = ?2",
  "UPDATE plays SET game_id = ?2 WHERE game_id = ?1",
  "UPDATE sessions SET game_id = ?2 WHERE game_id = ?1",
  "UPDATE friend_games SET game_id = ?2 WHERE game_id = ?1",
  "UPDATE OR IGNORE history_import_objects SET object_id = ?2 WHERE object_id = ?1"
  " AND kind = 'game'",
  /* The entry first, while its game is there for the trigger that makes it an operation
   * (a cascade from the game's row would not name it). */
  "DELETE FROM collection WHERE game_id = ?1",
  "DELETE FROM games WHERE id = ?1",
};

static char *
own_game_uid (TkStore     *store,
              gint64       id,
              gboolean     must_be_own,
              GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT uid, source <> 'catalog'"
                                                " AND bgg_id IS NULL AND catalog_key IS NULL"
                                                " FROM games WHERE id = ?1", error);
  g_autofree char *uid = NULL;
  gboolean own = FALSE;
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    {
      uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      own = sqlite3_column_int (stmt, 1) != 0;
    }
  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE || (rc == SQLITE_ROW && uid == NULL))
    g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                 _("There is no game %" PRId64 "."), id);
  else if (rc == SQLITE_ROW && must_be_own && !own)
    {
      /* A game known by its BGG id or catalog key is one game on every device already. */
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("Only a game of your own (without a BGG id) can be merged into another."));
      g_clear_pointer (&uid, g_free);
    }
  return rc == SQLITE_ROW ? g_steal_pointer (&uid) : NULL;
}

static gboolean
merge_in_txn (TkStore   *store,
              gpointer   user_data,
              GError   **error)
{
  Merge *m = user_data;
  g_autofree char *from_uid = own_game_uid (store, m->from_id, TRUE, error);
  g_autofree char *into_uid = from_uid != NULL ? own_game_uid (store, m->into_id, FALSE, error)
                                               : NULL;

  if (into_uid == NULL)
    return FALSE;
  /* The alias makes other devices follow, also with plays they log of the game merged away
   * before they hear of the merge; the rows changed below are operations of their own. */
  if (!tk_sync_log_alias (store, "game", from_uid, into_uid, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (merge_steps); i++)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, merge_steps[i], error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, m->from_id);
      sqlite3_bind_int64 (stmt, 2, m->into_id);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tk_collection_merge_games (TkCollection  *self,
                           gint64         from_id,
                           gint64         into_id,
                           GError       **error)
{
  TkStore *store;
  Merge m = { from_id, into_id };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);

  store = tk_collection_get_store (self);
  if (from_id == into_id)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("A game cannot be merged into itself."));
      return FALSE;
    }
  if (!tk_store_transaction (store, merge_in_txn, &m, error))
    return FALSE;
  /* Two games changed, one of them gone: every view reads again. */
  tk_collection_emit_changed (self, 0);
  return TRUE;
}
