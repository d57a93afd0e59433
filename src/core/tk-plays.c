/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-plays.c — the play history in the library. */
#define G_LOG_DOMAIN "tk-plays"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tk-json.h"
#include "tk-plays.h"
#include "tk-plays-private.h"
#include "tk-player.h"

#define PLAYS_FORMAT "tablekeeper-plays"
#define PLAYS_VERSION 1
#define MAX_IMPORT_PLAYS 1000000

static void
bind_text_or_null (sqlite3_stmt *stmt,
                   int           index,
                   const char   *text)
{
  if (text != NULL)
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, index);
}

static void
bind_id_or_null (sqlite3_stmt *stmt,
                 int           index,
                 gint64        id)
{
  if (id > 0)
    sqlite3_bind_int64 (stmt, index, id);
  else
    sqlite3_bind_null (stmt, index);
}

static gboolean
write_players (TkStore  *store,
               TkPlay   *play,
               GError  **error)
{
  sqlite3_stmt *stmt;

  stmt = tk_store_prepare (store, "DELETE FROM play_players WHERE play_id = ?1 AND seat >= ?2",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, tk_play_get_id (play));
  sqlite3_bind_int64 (stmt, 2, tk_play_get_n_players (play));
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;

  /* A seat rewritten in place keeps what an imported play said beyond these columns (the
   * score as typed, role, team, start player; schema version 7) while it is the same person
   * (and, for the typed score, the same score); a new person in the seat starts without.
   * What the play itself carries for the seat (read back, or from a plays file) wins: the
   * play editor builds its seats without these, so it relies on the keeping. */
  stmt = tk_store_prepare (store, "INSERT INTO play_players (play_id, seat, player_id, name,"
                                  " colour, score, rank, winner, first_play, score_text, role,"
                                  " team, start_player)"
                                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
                                  " ON CONFLICT (play_id, seat) DO UPDATE SET"
                                  " player_id = excluded.player_id, colour = excluded.colour,"
                                  " rank = excluded.rank, winner = excluded.winner,"
                                  " first_play = excluded.first_play,"
                                  " score_text = coalesce (excluded.score_text,"
                                  "  CASE WHEN name = excluded.name"
                                  "  AND score IS excluded.score THEN score_text END),"
                                  " role = coalesce (excluded.role,"
                                  "  CASE WHEN name = excluded.name THEN role END),"
                                  " team = coalesce (excluded.team,"
                                  "  CASE WHEN name = excluded.name THEN team END),"
                                  " start_player = excluded.start_player"
                                  "  OR (name = excluded.name AND start_player),"
                                  " score = excluded.score, name = excluded.name", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < tk_play_get_n_players (play); i++)
    {
      const TkPlayPlayer *player = tk_play_get_player (play, i);

      sqlite3_bind_int64 (stmt, 1, tk_play_get_id (play));
      sqlite3_bind_int (stmt, 2, player->seat);
      bind_id_or_null (stmt, 3, player->player_id);
      sqlite3_bind_text (stmt, 4, player->name, -1, SQLITE_STATIC);
      bind_text_or_null (stmt, 5, player->colour);
      if (player->has_score)
        sqlite3_bind_double (stmt, 6, player->score);
      else
        sqlite3_bind_null (stmt, 6);
      bind_id_or_null (stmt, 7, player->rank);
      sqlite3_bind_int (stmt, 8, player->winner ? 1 : 0);
      sqlite3_bind_int (stmt, 9, player->first_play ? 1 : 0);
      bind_text_or_null (stmt, 10, player->score_text);
      bind_text_or_null (stmt, 11, player->role);
      bind_text_or_null (stmt, 12, player->team);
      sqlite3_bind_int (stmt, 13, player->start_player ? 1 : 0);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
mark_played (TkStore  *store,
             gint64    game_id,
             GError  **error)
{
  sqlite3_stmt *stmt;

  if (game_id <= 0)
    return TRUE;
  stmt = tk_store_prepare (store, "INSERT INTO collection (game_id, played) VALUES (?1, 1)"
                                  " ON CONFLICT (game_id) DO UPDATE SET played = 1,"
                                  " updated_at = unixepoch ()", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  /* Told at COMMIT: the collection pages show the game as played and its new count. */
  tk_store_notify_games_changed (store, game_id);
  return TRUE;
}

static gboolean
bind_play (sqlite3_stmt *stmt,
           TkPlay       *play)
{
  bind_id_or_null (stmt, 1, tk_play_get_game_id (play));
  sqlite3_bind_text (stmt, 2, tk_play_get_game_title (play), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 3, tk_play_get_played_on (play), -1, SQLITE_TRANSIENT);
  if (tk_play_get_duration_min (play) >= 0)
    sqlite3_bind_int (stmt, 4, tk_play_get_duration_min (play));
  else
    sqlite3_bind_null (stmt, 4);
  bind_text_or_null (stmt, 5, tk_play_get_location (play));
  bind_text_or_null (stmt, 6, tk_play_get_expansions (play));
  bind_text_or_null (stmt, 7, tk_play_get_notes (play));
  bind_id_or_null (stmt, 8, tk_play_get_session_id (play));
  return TRUE;
}

gboolean
tk_plays_insert (TkStore  *store,
                 TkPlay   *play,
                 GError  **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (TK_IS_PLAY (play), FALSE);

  if (!tk_play_validate (play, error) || !tk_store_begin (store, error))
    return FALSE;

  stmt = tk_store_prepare (store, "INSERT INTO plays (game_id, game_title, played_on,"
                                  " duration_min, location, expansions, notes, session_id)"
                                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", error);
  if (stmt == NULL || !bind_play (stmt, play) || !tk_store_step_done (store, stmt, error))
    goto fail;
  tk_play_set_id (play, tk_store_last_insert_id (store));
  /* A play written again (Undo of a delete) is the same play on every device, unless that
   * play is still here (then this is a copy, with the uid its insert gave it). */
  if (tk_play_get_uid (play) != NULL)
    {
      stmt = tk_store_prepare (store, "UPDATE plays SET uid = ?1 WHERE id = ?2"
                                      " AND NOT EXISTS (SELECT 1 FROM plays WHERE uid = ?1)",
                               error);
      if (stmt == NULL)
        goto fail;
      sqlite3_bind_text (stmt, 1, tk_play_get_uid (play), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 2, tk_play_get_id (play));
      if (!tk_store_step_done (store, stmt, error))
        goto fail;
    }
  if (!write_players (store, play, error) ||
      !mark_played (store, tk_play_get_game_id (play), error))
    goto fail;
  if (tk_store_commit (store, error))
    return TRUE;
  tk_play_set_id (play, 0);
  return FALSE;

fail:
  tk_store_rollback (store);
  tk_play_set_id (play, 0);
  return FALSE;
}

gboolean
tk_plays_update (TkStore  *store,
                 TkPlay   *play,
                 GError  **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (TK_IS_PLAY (play), FALSE);

  if (!tk_play_validate (play, error) || !tk_store_begin (store, error))
    return FALSE;

  stmt = tk_store_prepare (store, "UPDATE plays SET game_id = ?1, game_title = ?2,"
                                  " played_on = ?3, duration_min = ?4, location = ?5,"
                                  " expansions = ?6, notes = ?7, session_id = ?8 WHERE id = ?9",
                           error);
  if (stmt == NULL)
    goto fail;
  bind_play (stmt, play);
  sqlite3_bind_int64 (stmt, 9, tk_play_get_id (play));
  if (!tk_store_step_done (store, stmt, error))
    goto fail;
  if (sqlite3_changes (tk_store_get_db (store)) == 0)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_NOT_FOUND,
                   _("There is no play number %" PRId64 "."), tk_play_get_id (play));
      goto fail;
    }
  if (!write_players (store, play, error) ||
      !mark_played (store, tk_play_get_game_id (play), error))
    goto fail;
  return tk_store_commit (store, error);

fail:
  tk_store_rollback (store);
  return FALSE;
}

gboolean
tk_plays_delete (TkStore  *store,
                 gint64    id,
                 GError  **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  /* In a transaction: the delete and its operation go together (tk-sync-log.h). */
  if (!tk_store_begin (store, error))
    return FALSE;
  stmt = tk_store_prepare (store, "DELETE FROM plays WHERE id = ?1", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!tk_store_step_done (store, stmt, error))
    goto fail;
  if (sqlite3_changes (tk_store_get_db (store)) == 0)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_NOT_FOUND,
                   _("There is no play number %" PRId64 "."), id);
      goto fail;
    }
  if (!tk_store_commit (store, error))
    return FALSE;
  /* A game's play count and last play may have changed. */
  tk_store_notify_games_changed (store, 0);
  return TRUE;

fail:
  tk_store_rollback (store);
  return FALSE;
}

/* Then the game's titles when the play's title names its game (not a title of the user's
 * own), so that the play is shown by the display-title rule like the game; last, where an
 * imported play came from (a BG Stats play posted to BGG has both keys: BG Stats is named)
 * and BGG's flags. */
#define PLAY_COLUMNS "id, game_id, game_title, played_on, duration_min, location, expansions," \
                     " notes, session_id," \
                     " (SELECT g.title FROM games g WHERE g.id = plays.game_id" \
                     "  AND plays.game_title IN (g.title, g.title_ja))," \
                     " (SELECT g.title_ja FROM games g WHERE g.id = plays.game_id" \
                     "  AND plays.game_title IN (g.title, g.title_ja))," \
                     " (SELECT substr (key, 1, instr (key, ':') - 1) FROM play_imports" \
                     "  WHERE play_id = plays.id ORDER BY key DESC LIMIT 1)," \
                     " incomplete, no_win_stats, uid"

static const char *
column_text (sqlite3_stmt *stmt,
             int           column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

static TkPlay *
play_from_row (sqlite3_stmt *stmt)
{
  TkPlay *play = tk_play_new ();

  tk_play_set_id (play, sqlite3_column_int64 (stmt, 0));
  tk_play_set_game_id (play, sqlite3_column_int64 (stmt, 1));
  tk_play_set_game_title (play, column_text (stmt, 2));
  tk_play_set_played_on (play, column_text (stmt, 3));
  tk_play_set_duration_min (play, sqlite3_column_type (stmt, 4) == SQLITE_NULL
                                  ? -1 : sqlite3_column_int (stmt, 4));
  tk_play_set_location (play, column_text (stmt, 5));
  tk_play_set_expansions (play, column_text (stmt, 6));
  tk_play_set_notes (play, column_text (stmt, 7));
  tk_play_set_session_id (play, sqlite3_column_int64 (stmt, 8));
  tk_play_set_catalog_titles (play, column_text (stmt, 9), column_text (stmt, 10));
  tk_play_set_origin (play, column_text (stmt, 11), sqlite3_column_int (stmt, 12) != 0,
                      sqlite3_column_int (stmt, 13) != 0);
  tk_play_set_uid (play, column_text (stmt, 14));
  return play;
}

static gboolean
load_players (TkStore  *store,
              TkPlay   *play,
              GError  **error)
{
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT seat, player_id, name, colour, score, rank, winner,"
                                  " first_play, score_text, role, team, start_player"
                                  " FROM play_players WHERE play_id = ?1 ORDER BY seat",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, tk_play_get_id (play));
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkPlayPlayer player = { 0 };

      player.seat = sqlite3_column_int (stmt, 0);
      player.player_id = sqlite3_column_int64 (stmt, 1);
      player.name = (char *) column_text (stmt, 2);
      player.colour = (char *) column_text (stmt, 3);
      player.has_score = sqlite3_column_type (stmt, 4) != SQLITE_NULL;
      player.score = sqlite3_column_double (stmt, 4);
      player.rank = sqlite3_column_int (stmt, 5);
      player.winner = sqlite3_column_int (stmt, 6) != 0;
      player.first_play = sqlite3_column_int (stmt, 7) != 0;
      player.score_text = (char *) column_text (stmt, 8);
      player.role = (char *) column_text (stmt, 9);
      player.team = (char *) column_text (stmt, 10);
      player.start_player = sqlite3_column_int (stmt, 11) != 0;
      tk_play_add_player (play, &player);
    }
  sqlite3_reset (stmt);
  return rc == SQLITE_DONE;
}

TkPlay *
tk_plays_get (TkStore  *store,
              gint64    id,
              GError  **error)
{
  g_autoptr(TkPlay) play = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT " PLAY_COLUMNS " FROM plays WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    play = play_from_row (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_NOT_FOUND,
                 _("There is no play number %" PRId64 "."), id);
  if (play == NULL || !load_players (store, play, error))
    return NULL;
  return g_steal_pointer (&play);
}

GPtrArray *
tk_plays_query (TkStore  *store,
                gint64    game_id,
                gint64    player_id,
                guint     offset,
                guint     limit,
                GError  **error)
{
  g_autoptr(GPtrArray) plays = g_ptr_array_new_with_free_func (g_object_unref);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store,
                           "SELECT " PLAY_COLUMNS " FROM plays"
                           " WHERE (?1 = 0 OR game_id = ?1)"
                           " AND (?2 = 0 OR id IN (SELECT play_id FROM play_players"
                           "                       WHERE player_id = ?2))"
                           " ORDER BY played_on DESC, id DESC LIMIT ?3 OFFSET ?4", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, player_id);
  sqlite3_bind_int64 (stmt, 3, limit > 0 ? (gint64) limit : -1);
  sqlite3_bind_int64 (stmt, 4, offset);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (plays, play_from_row (stmt));
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  for (guint i = 0; i < plays->len; i++)
    if (!load_players (store, plays->pdata[i], error))
      return NULL;
  return g_steal_pointer (&plays);
}

gint64
tk_plays_count (TkStore  *store,
                GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), -1);
  return tk_store_query_int (store, "SELECT count(*) FROM plays", -1, error);
}

gboolean
tk_plays_is_first_play (TkStore *store,
                        gint64   game_id,
                        gint64   player_id)
{
  sqlite3_stmt *stmt;
  gboolean first = FALSE;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (game_id <= 0 || player_id <= 0)
    return FALSE;
  stmt = tk_store_prepare (store, "SELECT NOT EXISTS (SELECT 1 FROM play_players pp"
                                  " JOIN plays p ON p.id = pp.play_id"
                                  " WHERE pp.player_id = ?2 AND p.game_id = ?1)", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, player_id);
  if (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
    first = sqlite3_column_int (stmt, 0) != 0;
  sqlite3_reset (stmt);
  return first;
}

/* ---- export ---- */

char *
tk_plays_export_json (TkStore  *store,
                      GError  **error)
{
  g_autoptr(GPtrArray) plays = NULL;
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  JsonArray *array = json_array_new ();

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  plays = tk_plays_query (store, 0, 0, 0, 0, error);
  if (plays == NULL)
    {
      json_array_unref (array);
      return NULL;
    }
  /* Oldest first in a file: appending later plays keeps earlier lines where they were. */
  for (guint i = plays->len; i > 0; i--)
    {
      JsonObject *object = tk_play_to_json (plays->pdata[i - 1]);

      if (!tk_plays_origin_export (store, plays->pdata[i - 1], object, error))
        {
          json_object_unref (object);
          json_array_unref (array);
          return NULL;
        }
      json_object_remove_member (object, "id");
      json_array_add_object_element (array, object);
    }
  json_object_set_string_member (root, "format", PLAYS_FORMAT);
  json_object_set_int_member (root, "version", PLAYS_VERSION);
  json_object_set_array_member (root, "plays", array);
  json_node_set_object (node, root);
  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

/* RFC 4180 quoting; a text cell that a spreadsheet would run as a formula gets a leading
 * apostrophe. */
static void
append_csv_text (GString    *out,
                 const char *text)
{
  g_string_append_c (out, '"');
  if (text != NULL && strchr ("=+-@\t\r", text[0]) != NULL && text[0] != '\0')
    g_string_append_c (out, '\'');
  for (const char *p = text; p != NULL && *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_csv_number (GString *out,
                   double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == floor (value) && fabs (value) < 1e15)
    g_string_append_printf (out, "%" PRId64, (gint64) value);
  else
    g_string_append (out, g_ascii_dtostr (buffer, sizeof buffer, value));
}

char *
tk_plays_export_csv (TkStore  *store,
                     GError  **error)
{
  g_autoptr(GPtrArray) plays = NULL;
  GString *out;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  plays = tk_plays_query (store, 0, 0, 0, 0, error);
  if (plays == NULL)
    return NULL;

  out = g_string_new ("play,date,game,duration_min,location,expansions,notes,"
                      "seat,player,colour,score,rank,winner,first_play\r\n");
  for (guint i = plays->len; i > 0; i--)
    {
      TkPlay *play = plays->pdata[i - 1];
      guint n = MAX (tk_play_get_n_players (play), 1);

      for (guint j = 0; j < n; j++)
        {
          const TkPlayPlayer *player = tk_play_get_n_players (play) > 0
                                       ? tk_play_get_player (play, j) : NULL;

          g_string_append_printf (out, "%" PRId64 ",%s,", tk_play_get_id (play),
                                  tk_play_get_played_on (play));
          /* For people and spreadsheets: the title shown in the UI's language (the JSON
           * file, which is read back, keeps the title as stored). */
          append_csv_text (out, tk_play_get_display_title (play));
          g_string_append_c (out, ',');
          if (tk_play_get_duration_min (play) >= 0)
            g_string_append_printf (out, "%d", tk_play_get_duration_min (play));
          g_string_append_c (out, ',');
          append_csv_text (out, tk_play_get_location (play));
          g_string_append_c (out, ',');
          append_csv_text (out, tk_play_get_expansions (play));
          g_string_append_c (out, ',');
          append_csv_text (out, tk_play_get_notes (play));
          g_string_append_c (out, ',');
          if (player != NULL)
            {
              g_string_append_printf (out, "%u,", player->seat);
              append_csv_text (out, player->name);
              g_string_append_c (out, ',');
              append_csv_text (out, player->colour);
              g_string_append_c (out, ',');
              if (player->has_score)
                append_csv_number (out, player->score);
              g_string_append_c (out, ',');
              if (player->rank > 0)
                g_string_append_printf (out, "%u", player->rank);
              g_string_append_printf (out, ",%d,%d", player->winner, player->first_play);
            }
          else
            g_string_append (out, ",,,,,,");
          g_string_append (out, "\r\n");
        }
    }
  return g_string_free (out, FALSE);
}

/* ---- import ---- */

/* Every play is parsed and checked before anything is written. */
static GPtrArray *
parse_plays_file (const char  *text,
                  gssize       length,
                  GPtrArray  **out_objects,
                  GError     **error)
{
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) plays = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  JsonNode *node;
  JsonArray *array;

  root = tk_json_load_object (text, length, &local_error);
  if (root == NULL)
    {
      g_set_error_literal (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID, local_error->message);
      return NULL;
    }

  node = json_object_has_member (root, "format") ? json_object_get_member (root, "format") : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING ||
      g_strcmp0 (json_node_get_string (node), PLAYS_FORMAT) != 0)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("This is not a Tablekeeper plays file (its “format” is not “%s”)."),
                   PLAYS_FORMAT);
      return NULL;
    }
  node = json_object_has_member (root, "version") ? json_object_get_member (root, "version")
                                                  : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64 || json_node_get_int (node) != PLAYS_VERSION)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("This plays file has a version this Tablekeeper does not read "
                     "(it reads version %d)."), PLAYS_VERSION);
      return NULL;
    }
  node = json_object_has_member (root, "plays") ? json_object_get_member (root, "plays") : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("The plays file has no list of plays."));
      return NULL;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) > MAX_IMPORT_PLAYS)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("The plays file holds more than %d plays."), MAX_IMPORT_PLAYS);
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      TkPlay *play = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element) ||
          (play = tk_play_new_from_json (json_node_get_object (element), error)) == NULL ||
          !tk_plays_origin_check (json_node_get_object (element), error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                         _("Play %u is not an object."), i + 1);
          else
            g_prefix_error (error, _("Play %u: "), i + 1);
          g_clear_object (&play);
          return NULL;
        }
      g_ptr_array_add (plays, play);
      g_ptr_array_add (objects, json_object_ref (json_node_get_object (element)));
    }
  if (out_objects != NULL)
    *out_objects = g_steal_pointer (&objects);
  return g_steal_pointer (&plays);
}

gboolean
tk_plays_import_json (TkStore     *store,
                      const char  *text,
                      gssize       length,
                      guint       *n_imported,
                      GError     **error)
{
  g_autoptr(GPtrArray) plays = NULL;
  g_autoptr(GPtrArray) objects = NULL;
  gint64 imports[2] = { 0, 0 };
  guint n_new = 0;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  /* A byte-order mark is no part of the document. */
  if (length < 0)
    length = (gssize) strlen (text);
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  plays = parse_plays_file (text, length, &objects, error);
  if (plays == NULL)
    return FALSE;

  if (!tk_store_begin (store, error))
    return FALSE;
  for (guint i = 0; i < plays->len; i++)
    {
      TkPlay *play = plays->pdata[i];
      JsonObject *object = objects->pdata[i];
      g_autoptr(TkPlay) resolved = tk_play_new ();
      int known = tk_plays_origin_known (store, object, error);
      gint64 game_id;

      /* Importing a file again, or a copy of plays the library has, adds nothing. */
      if (known != 0)
        {
          if (known < 0)
            goto fail;
          continue;
        }
      game_id = tk_plays_origin_game (store, object, tk_play_get_game_title (play), error);
      if (game_id < 0)
        goto fail;
      tk_play_set_game_title (resolved, tk_play_get_game_title (play));
      tk_play_set_game_id (resolved, game_id);
      if (json_object_has_member (object, "uid") &&
          JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "uid")))
        tk_play_set_uid (resolved, json_object_get_string_member (object, "uid"));
      tk_play_set_played_on (resolved, tk_play_get_played_on (play));
      tk_play_set_duration_min (resolved, tk_play_get_duration_min (play));
      tk_play_set_location (resolved, tk_play_get_location (play));
      tk_play_set_expansions (resolved, tk_play_get_expansions (play));
      tk_play_set_notes (resolved, tk_play_get_notes (play));
      for (guint j = 0; j < tk_play_get_n_players (play); j++)
        {
          TkPlayPlayer player = *tk_play_get_player (play, j);
          g_autoptr(TkPlayer) roster = tk_players_find_or_add (store, player.name, NULL, error);

          if (roster == NULL)
            goto fail;
          player.player_id = tk_player_get_id (roster);
          tk_play_add_player (resolved, &player);
        }
      if (!tk_plays_insert (store, resolved, error) ||
          !tk_plays_origin_write_keys (store, object, tk_play_get_id (resolved), imports, error))
        {
          g_prefix_error (error, _("Play %u: "), i + 1);
          goto fail;
        }
      n_new++;
    }
  if (!tk_store_commit (store, error))
    return FALSE;
  if (n_imported != NULL)
    *n_imported = n_new;
  return TRUE;

fail:
  tk_store_rollback (store);
  return FALSE;
}
