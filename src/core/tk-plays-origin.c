/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-plays-origin.c — what a Tablekeeper plays file keeps of where each play came from, so
 * that a restore is the same history: the play's uid and import keys (importing the file,
 * or the BG Stats and BGG files it came from, again adds nothing) and its game (found again,
 * or made again, in a fresh library). */
#define G_LOG_DOMAIN "tk-plays"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-plays-private.h"
#include "tk-text.h"

/* ---- export ---- */

static void
set_column_text (JsonObject   *object,
                 const char   *name,
                 sqlite3_stmt *stmt,
                 int           column)
{
  if (sqlite3_column_type (stmt, column) != SQLITE_NULL)
    json_object_set_string_member (object, name, (const char *) sqlite3_column_text (stmt, column));
}

static void
set_column_int (JsonObject   *object,
                const char   *name,
                sqlite3_stmt *stmt,
                int           column)
{
  if (sqlite3_column_type (stmt, column) != SQLITE_NULL)
    json_object_set_int_member (object, name, sqlite3_column_int64 (stmt, column));
}

gboolean
tk_plays_origin_export (TkStore     *store,
                        TkPlay      *play,
                        JsonObject  *object,
                        GError     **error)
{
  sqlite3_stmt *stmt;
  JsonArray *keys = NULL;
  int rc;

  if (tk_play_get_uid (play) != NULL)
    json_object_set_string_member (object, "uid", tk_play_get_uid (play));

  stmt = tk_store_prepare (store, "SELECT key FROM play_imports WHERE play_id = ?1 ORDER BY key",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, tk_play_get_id (play));
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      if (keys == NULL)
        keys = json_array_new ();
      json_array_add_string_element (keys, (const char *) sqlite3_column_text (stmt, 0));
    }
  sqlite3_reset (stmt);
  if (keys != NULL)
    json_object_set_array_member (object, "import_keys", keys);
  if (rc != SQLITE_DONE)
    return FALSE;

  if (tk_play_get_game_id (play) <= 0)
    return TRUE;
  stmt = tk_store_prepare (store, "SELECT uid, catalog_key, bgg_id, title, title_ja, year"
                                  " FROM games WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, tk_play_get_game_id (play));
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    {
      JsonObject *game = json_object_new ();

      set_column_text (game, "uid", stmt, 0);
      set_column_text (game, "catalog_key", stmt, 1);
      set_column_int (game, "bgg_id", stmt, 2);
      /* A catalog game comes with the catalog: its key says it.  Any other game is made
       * again from this record where it is missing. */
      if (sqlite3_column_type (stmt, 1) == SQLITE_NULL)
        {
          set_column_text (game, "title", stmt, 3);
          set_column_text (game, "title_ja", stmt, 4);
          set_column_int (game, "year", stmt, 5);
        }
      json_object_set_object_member (object, "game", game);
      /* Where older versions of Tablekeeper look for it. */
      set_column_int (object, "bgg_id", stmt, 2);
    }
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

/* ---- import ---- */

static gboolean
wrong_kind (const char  *name,
            GError     **error)
{
  g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
               _("The member “%s” of a play has the wrong kind of value."), name);
  return FALSE;
}

/* @name of @object if it is there and not null; FALSE when it has another type. */
static gboolean
optional (JsonObject   *object,
          const char   *name,
          GType         type,
          JsonNode    **out,
          GError      **error)
{
  JsonNode *node = object != NULL && json_object_has_member (object, name)
                   ? json_object_get_member (object, name) : NULL;

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != type)
    return wrong_kind (name, error);
  *out = node;
  return TRUE;
}

static gboolean
check_key (const char  *name,
           const char  *text,
           GError     **error)
{
  /* A key or uid is one line of an identifier; a title's limit is plenty. */
  if (*text == '\0')
    return wrong_kind (name, error);
  return tk_text_check_in (TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID, TK_TEXT_TITLE, name, text,
                           error);
}

gboolean
tk_plays_origin_check (JsonObject  *object,
                       GError     **error)
{
  JsonNode *node;
  JsonObject *game;

  if (!optional (object, "uid", G_TYPE_STRING, &node, error) ||
      (node != NULL && !check_key ("uid", json_node_get_string (node), error)))
    return FALSE;

  node = json_object_has_member (object, "import_keys")
         ? json_object_get_member (object, "import_keys") : NULL;
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      JsonArray *keys;

      if (!JSON_NODE_HOLDS_ARRAY (node))
        return wrong_kind ("import_keys", error);
      keys = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (keys); i++)
        {
          JsonNode *key = json_array_get_element (keys, i);

          if (!JSON_NODE_HOLDS_VALUE (key) || json_node_get_value_type (key) != G_TYPE_STRING)
            return wrong_kind ("import_keys", error);
          if (!check_key ("import_keys", json_node_get_string (key), error))
            return FALSE;
        }
    }

  node = json_object_has_member (object, "game") ? json_object_get_member (object, "game") : NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return wrong_kind ("game", error);
  game = json_node_get_object (node);
  if (!optional (game, "uid", G_TYPE_STRING, &node, error) ||
      (node != NULL && !check_key ("uid", json_node_get_string (node), error)) ||
      !optional (game, "catalog_key", G_TYPE_STRING, &node, error) ||
      (node != NULL && !check_key ("catalog_key", json_node_get_string (node), error)) ||
      !optional (game, "title", G_TYPE_STRING, &node, error) ||
      (node != NULL && !tk_text_check_in (TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID, TK_TEXT_TITLE,
                                          "title", json_node_get_string (node), error)) ||
      !optional (game, "title_ja", G_TYPE_STRING, &node, error) ||
      (node != NULL && !tk_text_check_in (TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID, TK_TEXT_TITLE,
                                          "title_ja", json_node_get_string (node), error)) ||
      !optional (game, "bgg_id", G_TYPE_INT64, &node, error) ||
      (node != NULL && (json_node_get_int (node) <= 0 || json_node_get_int (node) > G_MAXINT32)
       && !wrong_kind ("bgg_id", error)) ||
      !optional (game, "year", G_TYPE_INT64, &node, error) ||
      (node != NULL && (json_node_get_int (node) < -10000 || json_node_get_int (node) > 10000)
       && !wrong_kind ("year", error)))
    return FALSE;
  return TRUE;
}

static const char *
string_of (JsonObject *object,
           const char *name)
{
  JsonNode *node = object != NULL && json_object_has_member (object, name)
                   ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

static gint64
int_of (JsonObject *object,
        const char *name)
{
  JsonNode *node = object != NULL && json_object_has_member (object, name)
                   ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node) : 0;
}

static JsonObject *
game_of (JsonObject *object)
{
  JsonNode *node = json_object_has_member (object, "game")
                   ? json_object_get_member (object, "game") : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* The id of the one row @sql finds for @text (or @number when @text is NULL), else 0; -1
 * with @error. */
static gint64
find_id (TkStore     *store,
         const char  *sql,
         const char  *text,
         gint64       number,
         GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);
  gint64 id = 0;
  int rc;

  if (stmt == NULL)
    return -1;
  if (text != NULL)
    sqlite3_bind_text (stmt, 1, text, -1, SQLITE_STATIC);
  else
    sqlite3_bind_int64 (stmt, 1, number);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? id : -1;
}

int
tk_plays_origin_known (TkStore     *store,
                       JsonObject  *object,
                       GError     **error)
{
  /* A play is the same play when its uid is here, or one of its import keys is: as the
   * key of an import or as a play's uid (an imported play's uid is its first key, also
   * on a device that received it). */
  static const char *const sql =
    "SELECT 1 FROM play_imports WHERE key = ?1 UNION ALL SELECT 1 FROM plays WHERE uid = ?1"
    " LIMIT 1";
  const char *uid = string_of (object, "uid");
  JsonNode *node = json_object_has_member (object, "import_keys")
                   ? json_object_get_member (object, "import_keys") : NULL;
  gint64 found;

  if (uid != NULL && (found = find_id (store, sql, uid, 0, error)) != 0)
    return found > 0 ? 1 : -1;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return 0;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
    {
      const char *key = json_array_get_string_element (json_node_get_array (node), i);

      if ((found = find_id (store, sql, key, 0, error)) != 0)
        return found > 0 ? 1 : -1;
    }
  return 0;
}

gint64
tk_plays_origin_game (TkStore     *store,
                      JsonObject  *object,
                      const char  *title,
                      GError     **error)
{
  JsonObject *game = game_of (object);
  const char *uid = string_of (game, "uid");
  const char *catalog_key = string_of (game, "catalog_key");
  gint64 bgg_id = game != NULL ? int_of (game, "bgg_id") : int_of (object, "bgg_id");
  const char *game_title = string_of (game, "title");
  sqlite3_stmt *stmt;
  gint64 id = 0;

  /* The same game first (its uid is the same on every device: "bgg:ID", "cat:KEY" or the
   * own game's), then by catalog key and BGG id, then by title as older files were. */
  if (uid != NULL)
    id = find_id (store, "SELECT id FROM games WHERE uid = ?1", uid, 0, error);
  if (id == 0 && catalog_key != NULL)
    id = find_id (store, "SELECT id FROM games WHERE catalog_key = ?1", catalog_key, 0, error);
  if (id == 0 && bgg_id > 0)
    id = find_id (store, "SELECT id FROM games WHERE bgg_id = ?1", NULL, bgg_id, error);
  if (id == 0)
    id = find_id (store, "SELECT id FROM games WHERE title = ?1 COLLATE NOCASE"
                         " OR title_ja = ?1 ORDER BY id LIMIT 1",
                  game_title != NULL ? game_title : title, 0, error);
  if (id != 0 || game == NULL)
    return id;

  /* Not in this library (a game an import or the user made in the other one): made again,
   * with the uid it had, so the next export names the same game. */
  stmt = tk_store_prepare (store, "INSERT INTO games (title, title_ja, year, bgg_id, source, uid)"
                                  " VALUES (?1, ?2, ?3, ?4, 'import', ?5)", error);
  if (stmt == NULL)
    return -1;
  sqlite3_bind_text (stmt, 1, game_title != NULL ? game_title : title, -1, SQLITE_STATIC);
  if (string_of (game, "title_ja") != NULL)
    sqlite3_bind_text (stmt, 2, string_of (game, "title_ja"), -1, SQLITE_STATIC);
  if (json_object_has_member (game, "year") && int_of (game, "year") != 0)
    sqlite3_bind_int64 (stmt, 3, int_of (game, "year"));
  if (bgg_id > 0)
    sqlite3_bind_int64 (stmt, 4, bgg_id);
  /* An own game's uid only (a UUIDv7, or "bgstats-game:UUID" from a BG Stats import):
   * "bgg:ID" and "cat:KEY" are derived from what the game is, and "cat:KEY" belongs to the
   * catalog's game should the catalog bring it later. */
  if (uid != NULL && !g_str_has_prefix (uid, "bgg:") && !g_str_has_prefix (uid, "cat:"))
    sqlite3_bind_text (stmt, 5, uid, -1, SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    return -1;
  return tk_store_last_insert_id (store);
}

/* The import a key belongs to, by where it came from; 0 for a key of no import we know. */
static gint64
import_for_key (TkStore     *store,
                const char  *key,
                gint64       imports[2],
                GError     **error)
{
  static const char *const sources[2] = { "bgstats", "bgg-xml" };
  guint which;
  sqlite3_stmt *stmt;

  if (g_str_has_prefix (key, "bgstats:"))
    which = 0;
  else if (g_str_has_prefix (key, "bgg:"))
    which = 1;
  else
    return 0;
  if (imports[which] > 0)
    return imports[which];
  stmt = tk_store_prepare (store, "INSERT INTO history_imports (source) VALUES (?1)", error);
  if (stmt == NULL)
    return -1;
  sqlite3_bind_text (stmt, 1, sources[which], -1, SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    return -1;
  imports[which] = tk_store_last_insert_id (store);
  return imports[which];
}

gboolean
tk_plays_origin_write_keys (TkStore     *store,
                            JsonObject  *object,
                            gint64       play_id,
                            gint64       imports[2],
                            GError     **error)
{
  JsonNode *node = json_object_has_member (object, "import_keys")
                   ? json_object_get_member (object, "import_keys") : NULL;
  JsonArray *keys;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return TRUE;
  keys = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (keys); i++)
    {
      const char *key = json_array_get_string_element (keys, i);
      gint64 import_id = import_for_key (store, key, imports, error);
      sqlite3_stmt *stmt;

      if (import_id < 0)
        return FALSE;
      if (import_id == 0)
        continue;
      /* OR IGNORE: a file that lists a key twice. */
      stmt = tk_store_prepare (store, "INSERT OR IGNORE INTO play_imports (key, play_id, import_id)"
                                      " VALUES (?1, ?2, ?3)", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, key, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 2, play_id);
      sqlite3_bind_int64 (stmt, 3, import_id);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}
