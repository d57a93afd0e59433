/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-stats.c — statistics over the play history. */
#define G_LOG_DOMAIN "tk-stats"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-stats.h"

/* How a game is told apart: its catalogue id, or its title when it has none. */
#define GAME_KEY "CASE WHEN p.game_id IS NULL THEN 't:' || lower (p.game_title)" \
                 " ELSE p.game_id END"

static void
set_number_or_null (JsonObject   *object,
                    const char   *member,
                    sqlite3_stmt *stmt,
                    int           column)
{
  if (sqlite3_column_type (stmt, column) == SQLITE_NULL)
    json_object_set_null_member (object, member);
  else
    json_object_set_double_member (object, member, sqlite3_column_double (stmt, column));
}

static void
set_text_or_null (JsonObject   *object,
                  const char   *member,
                  sqlite3_stmt *stmt,
                  int           column)
{
  if (sqlite3_column_type (stmt, column) == SQLITE_NULL)
    json_object_set_null_member (object, member);
  else
    json_object_set_string_member (object, member, (const char *) sqlite3_column_text (stmt, column));
}

/* Steps @stmt once (it must give one row) — FALSE with @error set otherwise. */
static gboolean
one_row (TkStore       *store,
         sqlite3_stmt  *stmt,
         GError       **error)
{
  int rc = tk_store_step (store, stmt, error);

  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                 _("The statistics could not be read from the library."));
  sqlite3_reset (stmt);
  return FALSE;
}

JsonObject *
tk_stats_game (TkStore  *store,
               gint64    game_id,
               GError  **error)
{
  g_autoptr(JsonObject) result = json_object_new ();
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                        (GDestroyNotify) json_object_unref);
  g_autoptr(JsonArray) seats = json_array_new ();
  g_autoptr(JsonArray) by_count = json_array_new ();
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT count(*), max (played_on) FROM plays WHERE game_id = ?1",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!one_row (store, stmt, error))
    return NULL;
  json_object_set_int_member (result, "plays", sqlite3_column_int64 (stmt, 0));
  set_text_or_null (result, "last_played", stmt, 1);
  sqlite3_reset (stmt);

  stmt = tk_store_prepare (store, "SELECT avg (pp.score), max (pp.score),"
                                  " avg (CASE WHEN pp.winner THEN pp.score END)"
                                  " FROM plays p JOIN play_players pp ON pp.play_id = p.id"
                                  " WHERE p.game_id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!one_row (store, stmt, error))
    return NULL;
  json_object_set_array_member (result, "wins_by_seat", json_array_ref (seats));
  json_object_set_array_member (result, "by_player_count", json_array_ref (by_count));
  set_number_or_null (result, "average_score", stmt, 0);
  set_number_or_null (result, "best_score", stmt, 1);
  set_number_or_null (result, "average_winning_score", stmt, 2);
  sqlite3_reset (stmt);

  stmt = tk_store_prepare (store, "SELECT pp.seat, count (*), total (pp.winner)"
                                  " FROM plays p JOIN play_players pp ON pp.play_id = p.id"
                                  " WHERE p.game_id = ?1 GROUP BY pp.seat ORDER BY pp.seat", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      JsonObject *seat = json_object_new ();

      json_object_set_int_member (seat, "seat", sqlite3_column_int64 (stmt, 0));
      json_object_set_int_member (seat, "plays", sqlite3_column_int64 (stmt, 1));
      json_object_set_int_member (seat, "wins", (gint64) sqlite3_column_double (stmt, 2));
      json_array_add_object_element (seats, seat);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  /* Per player count: how many plays, and the wins of each seat. */
  stmt = tk_store_prepare (store, "WITH sizes AS (SELECT pp.play_id, count (*) AS n"
                                  "   FROM plays p JOIN play_players pp ON pp.play_id = p.id"
                                  "   WHERE p.game_id = ?1 GROUP BY pp.play_id)"
                                  " SELECT s.n, pp.seat, count (*), total (pp.winner)"
                                  " FROM sizes s JOIN play_players pp ON pp.play_id = s.play_id"
                                  " GROUP BY s.n, pp.seat ORDER BY s.n, pp.seat", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 n = sqlite3_column_int64 (stmt, 0);
      JsonObject *group = g_hash_table_lookup (counts, GINT_TO_POINTER ((int) n));
      JsonObject *seat = json_object_new ();

      if (group == NULL)
        {
          group = json_object_new ();
          json_object_set_int_member (group, "players", n);
          json_object_set_int_member (group, "plays", 0);
          json_object_set_array_member (group, "wins_by_seat", json_array_new ());
          g_hash_table_insert (counts, GINT_TO_POINTER ((int) n), group);
          json_array_add_object_element (by_count, json_object_ref (group));
        }
      /* Every play of this size has exactly one row per seat; seat 0 … counts them, but
       * seats are not always numbered from 0, so keep the largest count. */
      json_object_set_int_member (group, "plays",
                                  MAX (json_object_get_int_member (group, "plays"),
                                       sqlite3_column_int64 (stmt, 2)));
      json_object_set_int_member (seat, "seat", sqlite3_column_int64 (stmt, 1));
      json_object_set_int_member (seat, "wins", (gint64) sqlite3_column_double (stmt, 3));
      json_array_add_object_element (json_object_get_array_member (group, "wins_by_seat"), seat);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  return g_steal_pointer (&result);
}

JsonObject *
tk_stats_player (TkStore  *store,
                 gint64    player_id,
                 GError  **error)
{
  g_autoptr(JsonObject) result = json_object_new ();
  g_autoptr(JsonArray) most = json_array_new ();
  g_autoptr(JsonArray) h2h = json_array_new ();
  sqlite3_stmt *stmt;
  gint64 plays, wins;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT count (*), total (winner) FROM play_players"
                                  " WHERE player_id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  if (!one_row (store, stmt, error))
    return NULL;
  plays = sqlite3_column_int64 (stmt, 0);
  wins = (gint64) sqlite3_column_double (stmt, 1);
  sqlite3_reset (stmt);
  json_object_set_int_member (result, "plays", plays);
  json_object_set_int_member (result, "wins", wins);
  json_object_set_double_member (result, "win_rate", plays > 0 ? (double) wins / plays : 0.0);
  json_object_set_array_member (result, "most_played", json_array_ref (most));
  json_object_set_array_member (result, "head_to_head", json_array_ref (h2h));

  stmt = tk_store_prepare (store, "SELECT gid, title, n, wins,"
                                  " (SELECT title_ja FROM games WHERE id = gid) FROM"
                                  " (SELECT max (p.game_id) AS gid, max (p.game_title) AS title,"
                                  "  count (*) AS n, total (pp.winner) AS wins"
                                  "  FROM play_players pp JOIN plays p ON p.id = pp.play_id"
                                  "  WHERE pp.player_id = ?1 GROUP BY " GAME_KEY
                                  "  ORDER BY count (*) DESC, max (p.game_title) LIMIT 5)"
                                  " ORDER BY n DESC, title", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      JsonObject *game = json_object_new ();

      if (sqlite3_column_type (stmt, 0) == SQLITE_NULL)
        json_object_set_null_member (game, "game_id");
      else
        json_object_set_int_member (game, "game_id", sqlite3_column_int64 (stmt, 0));
      json_object_set_string_member (game, "title", (const char *) sqlite3_column_text (stmt, 1));
      json_object_set_int_member (game, "plays", sqlite3_column_int64 (stmt, 2));
      json_object_set_int_member (game, "wins", (gint64) sqlite3_column_double (stmt, 3));
      if (sqlite3_column_type (stmt, 4) != SQLITE_NULL)
        json_object_set_string_member (game, "title_ja", (const char *) sqlite3_column_text (stmt, 4));
      json_array_add_object_element (most, game);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  /* Ahead means a better rank when both are ranked, else winning when the other did not.
   * Only columns of the covering indexes are read (no table lookups). */
  stmt = tk_store_prepare (store,
                           "SELECT o.player_id, (SELECT name FROM players WHERE id = o.player_id),"
                           " count (*),"
                           " total (CASE WHEN me.rank > 0 AND o.rank > 0 THEN me.rank < o.rank"
                           "        ELSE me.winner AND NOT o.winner END),"
                           " total (CASE WHEN me.rank > 0 AND o.rank > 0 THEN o.rank < me.rank"
                           "        ELSE o.winner AND NOT me.winner END)"
                           " FROM play_players me JOIN play_players o"
                           "   ON o.play_id = me.play_id AND o.player_id <> me.player_id"
                           " WHERE me.player_id = ?1"
                           " GROUP BY o.player_id ORDER BY count (*) DESC, o.player_id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      JsonObject *other = json_object_new ();
      gint64 together = sqlite3_column_int64 (stmt, 2);
      gint64 ahead = (gint64) sqlite3_column_double (stmt, 3);
      gint64 behind = (gint64) sqlite3_column_double (stmt, 4);

      json_object_set_int_member (other, "player_id", sqlite3_column_int64 (stmt, 0));
      json_object_set_string_member (other, "name", (const char *) sqlite3_column_text (stmt, 1));
      json_object_set_int_member (other, "plays", together);
      json_object_set_int_member (other, "wins", ahead);
      json_object_set_int_member (other, "losses", behind);
      json_object_set_int_member (other, "ties", together - ahead - behind);
      json_array_add_object_element (h2h, other);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  return g_steal_pointer (&result);
}

gint64
tk_stats_h_index (TkStore  *store,
                  GError  **error)
{
  sqlite3_stmt *stmt;
  gint64 h = 0;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), -1);

  stmt = tk_store_prepare (store, "SELECT n FROM (SELECT count (*) AS n FROM plays"
                                  "   WHERE game_id IS NOT NULL GROUP BY game_id"
                                  " UNION ALL SELECT count (*) AS n FROM plays"
                                  "   WHERE game_id IS NULL GROUP BY lower (game_title))"
                                  " ORDER BY n DESC", error);
  if (stmt == NULL)
    return -1;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      if (sqlite3_column_int64 (stmt, 0) < h + 1)
        break;
      h++;
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return -1;
  return h;
}

JsonArray *
tk_stats_plays_per_month (TkStore  *store,
                          gint64    game_id,
                          GError  **error)
{
  g_autoptr(JsonArray) months = json_array_new ();
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  /* Grouping by the indexed date needs no sort; days are merged into months here. */
  if (game_id > 0)
    stmt = tk_store_prepare (store, "SELECT played_on, count (*) FROM plays WHERE game_id = ?1"
                                    " GROUP BY played_on ORDER BY played_on", error);
  else
    stmt = tk_store_prepare (store, "SELECT played_on, count (*) FROM plays"
                                    " GROUP BY played_on ORDER BY played_on", error);
  if (stmt == NULL)
    return NULL;
  if (game_id > 0)
    sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      const char *day = (const char *) sqlite3_column_text (stmt, 0);
      guint n = json_array_get_length (months);
      JsonObject *last = n > 0 ? json_array_get_object_element (months, n - 1) : NULL;

      if (day == NULL)
        continue;
      if (last == NULL || strncmp (json_object_get_string_member (last, "month"), day, 7) != 0)
        {
          g_autofree char *month = g_strndup (day, 7);

          last = json_object_new ();
          json_object_set_string_member (last, "month", month);
          json_object_set_int_member (last, "plays", 0);
          json_array_add_object_element (months, last);
        }
      json_object_set_int_member (last, "plays", json_object_get_int_member (last, "plays") +
                                                 sqlite3_column_int64 (stmt, 1));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&months);
}

JsonObject *
tk_stats_overview (TkStore  *store,
                   GError  **error)
{
  g_autoptr(JsonObject) result = json_object_new ();
  sqlite3_stmt *stmt;
  gint64 h;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT count (*), min (played_on), max (played_on),"
                                  " (SELECT count (DISTINCT game_id) FROM plays)"
                                  " + (SELECT count (DISTINCT lower (game_title)) FROM plays"
                                  "    WHERE game_id IS NULL),"
                                  " (SELECT count (DISTINCT player_id) FROM play_players)"
                                  " FROM plays", error);
  if (stmt == NULL || !one_row (store, stmt, error))
    return NULL;
  json_object_set_int_member (result, "plays", sqlite3_column_int64 (stmt, 0));
  set_text_or_null (result, "first_played", stmt, 1);
  set_text_or_null (result, "last_played", stmt, 2);
  json_object_set_int_member (result, "games", sqlite3_column_int64 (stmt, 3));
  json_object_set_int_member (result, "players", sqlite3_column_int64 (stmt, 4));
  sqlite3_reset (stmt);

  if ((h = tk_stats_h_index (store, error)) < 0)
    return NULL;
  json_object_set_int_member (result, "h_index", h);
  return g_steal_pointer (&result);
}
