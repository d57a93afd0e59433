/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-times.c — per-player turn times of plays, and their medians. */
#define G_LOG_DOMAIN "tk-play-times"

#include "config.h"

#include <stdlib.h>

#include "tk-play-times.h"

gboolean
tk_play_times_save (TkStore      *store,
                    gint64        session_id,
                    guint         seat,
                    const gint64 *turns_ms,
                    guint         n,
                    GError      **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "INSERT OR REPLACE INTO session_turns"
                                                " (session_id, seat, turn, ms)"
                                                " VALUES (?1, ?2, ?3, ?4)",
                                         error);

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      sqlite3_bind_int64 (stmt, 1, session_id);
      sqlite3_bind_int64 (stmt, 2, seat);
      sqlite3_bind_int64 (stmt, 3, i + 1);
      sqlite3_bind_int64 (stmt, 4, MAX (turns_ms[i], 0));
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

gint64
tk_play_times_median (gint64 *values,
                      guint   n)
{
  if (n == 0)
    return 0;
  qsort (values, n, sizeof (gint64), compare_int64);
  /* the lower of the two middle values for an even count, so that a median is always a
   * time that was played */
  return values[(n - 1) / 2];
}

static gint64
median_of (GArray *values)
{
  return tk_play_times_median ((gint64 *) values->data, values->len);
}

JsonArray *
tk_play_times_for_play (TkStore  *store,
                        gint64    play_id,
                        GError  **error)
{
  g_autoptr(JsonArray) result = json_array_new ();
  g_autoptr(GArray) turns = g_array_new (FALSE, FALSE, sizeof (gint64));
  JsonObject *player = NULL;
  sqlite3_stmt *stmt;
  gint64 total = 0;
  int rc;

  stmt = tk_store_prepare (store, "SELECT t.seat, coalesce (pp.name, ''), t.ms FROM plays p"
                                  " JOIN session_turns t ON t.session_id = p.session_id"
                                  " LEFT JOIN play_players pp ON pp.play_id = p.id"
                                  " AND pp.seat = t.seat WHERE p.id = ?1"
                                  " ORDER BY t.seat, t.turn", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, play_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 seat = sqlite3_column_int64 (stmt, 0);
      gint64 ms = sqlite3_column_int64 (stmt, 2);

      if (player == NULL || json_object_get_int_member (player, "seat") != seat)
        {
          if (player != NULL)
            {
              json_object_set_int_member (player, "total_ms", total);
              json_object_set_int_member (player, "turns", turns->len);
              json_object_set_int_member (player, "median_turn_ms", median_of (turns));
            }
          player = json_object_new ();
          json_object_set_int_member (player, "seat", seat);
          json_object_set_string_member (player, "name",
                                         (const char *) sqlite3_column_text (stmt, 1));
          json_array_add_object_element (result, player);
          g_array_set_size (turns, 0);
          total = 0;
        }
      g_array_append_val (turns, ms);
      total += ms;
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  if (player != NULL)
    {
      json_object_set_int_member (player, "total_ms", total);
      json_object_set_int_member (player, "turns", turns->len);
      json_object_set_int_member (player, "median_turn_ms", median_of (turns));
    }
  return g_steal_pointer (&result);
}

JsonArray *
tk_play_times_for_player (TkStore  *store,
                          gint64    player_id,
                          GError  **error)
{
  g_autoptr(JsonArray) result = json_array_new ();
  g_autoptr(GArray) turns = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GHashTable) plays = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                                          g_free, NULL);
  g_autofree char *game = NULL;
  g_autofree char *game_ja = NULL;
  gint64 game_id = -1, total = 0;
  sqlite3_stmt *stmt;
  int rc;

  /* one game's rows together (plays of games no longer in the library by their title) */
  stmt = tk_store_prepare (store, "SELECT coalesce (p.game_id, 0), p.game_title, p.id, t.ms,"
                                  " g.title_ja FROM play_players pp JOIN plays p"
                                  " ON p.id = pp.play_id JOIN session_turns t ON"
                                  " t.session_id = p.session_id AND t.seat = pp.seat"
                                  " LEFT JOIN games g ON g.id = p.game_id"
                                  " WHERE pp.player_id = ?1"
                                  " ORDER BY coalesce (p.game_id, 0), p.game_title", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  for (;;)
    {
      gboolean row = (rc = tk_store_step (store, stmt, error)) == SQLITE_ROW;
      gint64 id = row ? sqlite3_column_int64 (stmt, 0) : -2;
      const char *title = row ? (const char *) sqlite3_column_text (stmt, 1) : NULL;

      if (game != NULL && (id != game_id || (id == 0 && g_strcmp0 (title, game) != 0)))
        {
          JsonObject *entry = json_object_new ();

          if (game_id > 0)
            json_object_set_int_member (entry, "game_id", game_id);
          else
            json_object_set_null_member (entry, "game_id");
          json_object_set_string_member (entry, "game", game);
          if (game_ja != NULL)
            json_object_set_string_member (entry, "game_ja", game_ja);
          json_object_set_int_member (entry, "plays", g_hash_table_size (plays));
          json_object_set_int_member (entry, "turns", turns->len);
          json_object_set_int_member (entry, "median_turn_ms", median_of (turns));
          json_object_set_int_member (entry, "total_ms", total);
          json_array_add_object_element (result, entry);
          g_array_set_size (turns, 0);
          g_hash_table_remove_all (plays);
          total = 0;
          g_clear_pointer (&game, g_free);
          g_clear_pointer (&game_ja, g_free);
        }
      if (!row)
        break;
      if (game == NULL)
        {
          game = g_strdup (title);
          game_ja = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
          game_id = id;
        }
      {
        gint64 ms = sqlite3_column_int64 (stmt, 3);
        gint64 *play = g_new (gint64, 1);

        *play = sqlite3_column_int64 (stmt, 2);
        g_hash_table_add (plays, play);
        g_array_append_val (turns, ms);
        total += ms;
      }
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&result);
}

JsonArray *
tk_play_times_for_game (TkStore  *store,
                        gint64    game_id,
                        GError  **error)
{
  g_autoptr(JsonArray) result = json_array_new ();
  g_autoptr(GArray) lengths = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) turns = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  gint64 count = -1, n_plays = 0;
  int rc;

  /* each play with its player count and length, then its turns (NULL when unclocked) */
  stmt = tk_store_prepare (store, "WITH counted AS (SELECT p.id, p.session_id, p.duration_min,"
                                  " (SELECT count (*) FROM play_players pp WHERE pp.play_id = p.id)"
                                  " AS n FROM plays p WHERE p.game_id = ?1)"
                                  " SELECT c.n, c.duration_min, NULL, 1 FROM counted c"
                                  " UNION ALL SELECT c.n, NULL, t.ms, 0 FROM counted c"
                                  " JOIN session_turns t ON t.session_id = c.session_id"
                                  " ORDER BY 1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (;;)
    {
      gboolean row = (rc = tk_store_step (store, stmt, error)) == SQLITE_ROW;
      gint64 n = row ? sqlite3_column_int64 (stmt, 0) : -2;

      if (count >= 0 && n != count)
        {
          JsonObject *entry = json_object_new ();

          json_object_set_int_member (entry, "players", count);
          json_object_set_int_member (entry, "plays", n_plays);
          if (lengths->len > 0)
            json_object_set_int_member (entry, "median_length_min", median_of (lengths));
          if (turns->len > 0)
            json_object_set_int_member (entry, "median_turn_ms", median_of (turns));
          json_array_add_object_element (result, entry);
          g_array_set_size (lengths, 0);
          g_array_set_size (turns, 0);
          n_plays = 0;
        }
      if (!row)
        break;
      count = n;
      n_plays += sqlite3_column_int (stmt, 3);
      if (sqlite3_column_type (stmt, 2) != SQLITE_NULL)
        {
          gint64 ms = sqlite3_column_int64 (stmt, 2);

          g_array_append_val (turns, ms);
        }
      else if (sqlite3_column_type (stmt, 1) != SQLITE_NULL)
        {
          gint64 min = sqlite3_column_int64 (stmt, 1);

          g_array_append_val (lengths, min);
        }
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&result);
}
