/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-catalog.c — loads the bundled catalog of games into the library. */
#define G_LOG_DOMAIN "tk-catalog"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "tk-catalog.h"
#include "tk-collection-private.h"
#include "tk-core-resources.h"
#include "tk-bgg-names.h"
#include "tk-json.h"

#define VERSION_KEY "catalog-version"

static const char * const catalog_fields[] = {
  "key", "bgg_id", "title", "title_ja", "year", "min_players", "max_players", "best_players",
  "min_time", "max_time", "min_age", "weight", "rating_avg", "rank", "designers", "mechanics",
  "categories",
};

enum
{
  F_KEY, F_BGG_ID, F_TITLE, F_TITLE_JA, F_YEAR, F_MIN_PLAYERS, F_MAX_PLAYERS, F_BEST_PLAYERS,
  F_MIN_TIME, F_MAX_TIME, F_MIN_AGE, F_WEIGHT, F_RATING_AVG, F_RANK, F_DESIGNERS, F_MECHANICS,
  F_CATEGORIES, N_FIELDS
};

G_STATIC_ASSERT (G_N_ELEMENTS (catalog_fields) == N_FIELDS);

static GBytes *
bundled_bytes (GError **error)
{
  return g_resource_lookup_data (tk_core_get_resource (), TK_CATALOG_RESOURCE,
                                 G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

static GBytes *
maybe_gunzip (GBytes  *bytes,
              GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  g_autoptr(GZlibDecompressor) decompressor = NULL;
  g_autoptr(GInputStream) base = NULL;
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(GOutputStream) out = NULL;

  if (size < 2 || data[0] != 0x1f || data[1] != 0x8b)
    return g_bytes_ref (bytes);

  decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  base = g_memory_input_stream_new_from_bytes (bytes);
  in = g_converter_input_stream_new (base, G_CONVERTER (decompressor));
  out = g_memory_output_stream_new_resizable ();
  if (g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE |
                                       G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, error) < 0)
    return NULL;
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static JsonNode *
parse_document (GBytes  *bytes,
                GError **error)
{
  g_autoptr(GBytes) plain = maybe_gunzip (bytes, error);
  g_autoptr(JsonNode) root = NULL;

  if (plain == NULL)
    return NULL;
  root = tk_json_load (g_bytes_get_data (plain, NULL), (gssize) g_bytes_get_size (plain), error);
  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The catalog of games is damaged."));
      return NULL;
    }
  return g_steal_pointer (&root);
}

/* Read from a small file beside the catalog: the app asks this at every start, and
 * unpacking and parsing the whole catalog for one number would cost a good part of it. */
int
tk_catalog_get_bundled_version (void)
{
  g_autoptr(GBytes) bytes = g_resource_lookup_data (tk_core_get_resource (),
                                                    TK_CATALOG_VERSION_RESOURCE,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autofree char *text = NULL;

  if (bytes == NULL)
    return 0;
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  return (int) g_ascii_strtoll (text, NULL, 10);
}

/* The version written inside the catalog itself; tests check that the two agree. */
int
tk_catalog_get_document_version (void)
{
  g_autoptr(GBytes) bytes = bundled_bytes (NULL);
  g_autoptr(JsonNode) root = NULL;

  if (bytes == NULL || (root = parse_document (bytes, NULL)) == NULL)
    return 0;
  return (int) json_object_get_int_member_with_default (json_node_get_object (root),
                                                         "version", 0);
}

int
tk_catalog_get_loaded_version (TkStore *store)
{
  sqlite3_stmt *stmt;
  int version = 0;

  g_return_val_if_fail (TK_IS_STORE (store), 0);

  stmt = tk_store_prepare (store, "SELECT value FROM settings WHERE key = '" VERSION_KEY "'",
                           NULL);
  if (stmt == NULL)
    return 0;
  if (sqlite3_step (stmt) == SQLITE_ROW)
    version = sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  return version;
}

static char **
strv_from_array (JsonNode *node)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
        g_ptr_array_add (names, g_strdup (json_node_get_string (item)));
    }
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

static JsonNode *
element_at (JsonArray *row,
            guint      index)
{
  return index < json_array_get_length (row) ? json_array_get_element (row, index) : NULL;
}

static gint64
int_at (JsonArray *row,
        guint      index)
{
  JsonNode *node = element_at (row, index);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;
  return json_node_get_int (node);
}

static double
double_at (JsonArray *row,
           guint      index)
{
  JsonNode *node = element_at (row, index);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0.0;
  return json_node_get_double (node);
}

static const char *
string_at (JsonArray *row,
           guint      index)
{
  JsonNode *node = element_at (row, index);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static TkGame *
game_from_row (JsonArray   *row,
               const guint *map)
{
  TkGame *game = g_object_new (TK_TYPE_GAME, NULL);
  gint64 value;

  game->catalog_key = g_strdup (string_at (row, map[F_KEY]));
  game->bgg_id = MAX (0, int_at (row, map[F_BGG_ID]));
  game->title = g_strdup (string_at (row, map[F_TITLE]));
  game->title_ja = g_strdup (string_at (row, map[F_TITLE_JA]));
  game->year = (int) CLAMP (int_at (row, map[F_YEAR]), -10000, 10000);
  value = int_at (row, map[F_MIN_PLAYERS]);
  game->min_players = (guint) CLAMP (value, 0, 1000);
  value = int_at (row, map[F_MAX_PLAYERS]);
  game->max_players = (guint) CLAMP (value, 0, 1000);
  if (game->min_players > 0 && game->max_players > 0 && game->max_players < game->min_players)
    game->max_players = game->min_players;
  game->best_players = g_strdup (string_at (row, map[F_BEST_PLAYERS]));
  game->min_time = (guint) CLAMP (int_at (row, map[F_MIN_TIME]), 0, 100000);
  game->max_time = (guint) CLAMP (int_at (row, map[F_MAX_TIME]), 0, 100000);
  if (game->min_time > 0 && game->max_time > 0 && game->max_time < game->min_time)
    game->max_time = game->min_time;
  game->min_age = (guint) CLAMP (int_at (row, map[F_MIN_AGE]), 0, 100);
  game->weight = double_at (row, map[F_WEIGHT]);
  game->rating_avg = double_at (row, map[F_RATING_AVG]);
  game->bgg_rank = (guint) CLAMP (int_at (row, map[F_RANK]), 0, G_MAXINT);
  game->designers = strv_from_array (element_at (row, map[F_DESIGNERS]));
  game->mechanics = strv_from_array (element_at (row, map[F_MECHANICS]));
  game->categories = strv_from_array (element_at (row, map[F_CATEGORIES]));
  game->source = g_strdup ("catalog");
  return game;
}

typedef struct
{
  JsonObject *document;
  guint       map[N_FIELDS];
  int         version;
} LoadData;

/* The ids of catalog rows, by key. */
static GHashTable *
existing_catalog_rows (TkStore  *store,
                       GError  **error)
{
  g_autoptr(GHashTable) rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT catalog_key, id FROM games WHERE source = 'catalog'"
                                  " AND catalog_key IS NOT NULL", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    g_hash_table_insert (rows, g_strdup ((const char *) sqlite3_column_text (stmt, 0)),
                         GINT_TO_POINTER ((gint) sqlite3_column_int64 (stmt, 1)));
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&rows);
}

static gboolean
key_taken (TkStore     *store,
           const char  *key,
           gint64       bgg_id,
           GError     **error)
{
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT 1 FROM games WHERE catalog_key = ?1"
                                  " OR (bgg_id IS NOT NULL AND bgg_id = ?2)", error);
  if (stmt == NULL)
    return TRUE;
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, bgg_id);
  rc = tk_store_step (store, stmt, error);
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW;
}

static gboolean
load_in_txn (TkStore  *store,
             gpointer  user_data,
             GError  **error)
{
  LoadData *data = user_data;
  JsonArray *games = json_object_get_array_member (data->document, "games");
  g_autoptr(GHashTable) existing = existing_catalog_rows (store, error);
  g_autofree char *version = NULL;
  GHashTableIter iter;
  gpointer key, value;
  sqlite3_stmt *stmt;

  if (existing == NULL)
    return FALSE;

  for (guint i = 0; i < json_array_get_length (games); i++)
    {
      JsonNode *node = json_array_get_element (games, i);
      g_autoptr(TkGame) game = NULL;
      gpointer id;

      if (!JSON_NODE_HOLDS_ARRAY (node))
        continue;
      game = game_from_row (json_node_get_array (node), data->map);
      if (game->catalog_key == NULL || game->title == NULL || *game->title == '\0')
        continue;

      if (g_hash_table_steal_extended (existing, game->catalog_key, &key, &id))
        {
          g_free (key);
          game->id = GPOINTER_TO_INT (id);
        }
      else
        {
          g_autoptr(GError) local_error = NULL;

          /* A game the user entered or imported holds this BGG id: theirs wins. */
          if (key_taken (store, game->catalog_key, game->bgg_id, &local_error))
            {
              if (local_error != NULL)
                {
                  g_propagate_error (error, g_steal_pointer (&local_error));
                  return FALSE;
                }
              continue;
            }
        }
      if (!tk_collection_write_game (store, game, FALSE, error))
        return FALSE;
    }

  /* Catalog rows the new catalog dropped go, unless the user has them in the collection
   * or played them. */
  stmt = tk_store_prepare (store, "DELETE FROM games WHERE id = ?1 AND source = 'catalog'"
                                  " AND NOT EXISTS (SELECT 1 FROM collection WHERE game_id = ?1)"
                                  " AND NOT EXISTS (SELECT 1 FROM plays WHERE game_id = ?1)",
                           error);
  if (stmt == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, existing);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      sqlite3_bind_int64 (stmt, 1, GPOINTER_TO_INT (value));
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }

  /* The rows were rewritten: Japanese titles that came from the user's BGG export stay. */
  if (!tk_bgg_names_adopt (store, 0, error))
    return FALSE;

  stmt = tk_store_prepare (store, "INSERT OR REPLACE INTO settings (key, value)"
                                  " VALUES ('" VERSION_KEY "', ?1)", error);
  if (stmt == NULL)
    return FALSE;
  version = g_strdup_printf ("%d", data->version);
  sqlite3_bind_text (stmt, 1, version, -1, SQLITE_TRANSIENT);
  return tk_store_step_done (store, stmt, error);
}

gboolean
tk_catalog_load_bytes (TkStore  *store,
                       GBytes   *bytes,
                       GError  **error)
{
  g_autoptr(JsonNode) root = NULL;
  LoadData data = { 0 };
  JsonArray *fields;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  root = parse_document (bytes, error);
  if (root == NULL)
    return FALSE;
  data.document = json_node_get_object (root);
  data.version = (int) json_object_get_int_member_with_default (data.document, "version", 0);
  fields = json_object_get_array_member (data.document, "fields");
  if (fields == NULL || json_object_get_array_member (data.document, "games") == NULL)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The catalog of games is damaged."));
      return FALSE;
    }

  for (guint f = 0; f < N_FIELDS; f++)
    {
      data.map[f] = G_MAXUINT;
      for (guint i = 0; i < json_array_get_length (fields); i++)
        if (g_strcmp0 (json_array_get_string_element (fields, i), catalog_fields[f]) == 0)
          data.map[f] = i;
    }
  if (data.map[F_KEY] == G_MAXUINT || data.map[F_TITLE] == G_MAXUINT)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The catalog of games is damaged."));
      return FALSE;
    }

  return tk_store_transaction (store, load_in_txn, &data, error);
}

gboolean
tk_catalog_ensure (TkStore   *store,
                   gboolean  *loaded,
                   GError   **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (loaded != NULL)
    *loaded = FALSE;
  if (tk_catalog_get_loaded_version (store) >= tk_catalog_get_bundled_version ())
    return TRUE;
  /* A library opened read-only is shown as it is; the catalog comes when it can be written. */
  if (tk_store_is_read_only (store))
    return TRUE;

  bytes = bundled_bytes (error);
  if (bytes == NULL || !tk_catalog_load_bytes (store, bytes, error))
    return FALSE;
  if (loaded != NULL)
    *loaded = TRUE;
  return TRUE;
}

/* ---- loading off the main thread, once per library ---- */

/* The loads running now, by library: every caller that asks while one runs waits for that
 * one instead of starting its own (main thread only). */
static GHashTable *loads_running;   /* TkStore* → GPtrArray of GTask* */

static gboolean
ensure_in_thread (TkStore  *store,
                  gpointer  user_data,
                  GError  **error)
{
  return tk_catalog_ensure (store, NULL, error);
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TkStore *store = TK_STORE (source);
  g_autoptr(GPtrArray) waiting = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok = tk_store_run_finish (store, result, &error);

  g_hash_table_steal_extended (loads_running, store, NULL, (gpointer *) &waiting);
  /* Every list of games in the process reads them again, whoever asked. */
  if (ok)
    tk_store_notify_games_changed (store, 0);
  for (guint i = 0; waiting != NULL && i < waiting->len; i++)
    {
      GTask *task = g_ptr_array_index (waiting, i);

      if (ok)
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, g_error_copy (error));
    }
  g_object_unref (store);
}

/**
 * tk_catalog_ensure_async:
 * @store: a library with a file
 * @cancellable: (nullable): stops waiting (the load itself goes on for the other callers)
 *
 * tk_catalog_ensure() in a worker thread.  A load already running for @store is joined, not
 * repeated.  When it has written, the library's lists of games are told (::games-changed).
 */
void
tk_catalog_ensure_async (TkStore             *store,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GPtrArray *waiting;

  g_return_if_fail (TK_IS_STORE (store));

  task = g_task_new (store, cancellable, callback, user_data);
  g_task_set_source_tag (task, tk_catalog_ensure_async);
  g_task_set_check_cancellable (task, TRUE);

  if (tk_catalog_get_loaded_version (store) >= tk_catalog_get_bundled_version ()
      || tk_store_is_read_only (store))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (tk_store_get_path (store) == NULL)
    {
      g_autoptr(GError) error = NULL;

      /* An in-memory library has no second connection to work on. */
      if (tk_catalog_ensure (store, NULL, &error))
        {
          tk_store_notify_games_changed (store, 0);
          g_task_return_boolean (task, TRUE);
        }
      else
        g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (loads_running == NULL)
    loads_running = g_hash_table_new (NULL, NULL);
  waiting = g_hash_table_lookup (loads_running, store);
  if (waiting == NULL)
    {
      waiting = g_ptr_array_new_with_free_func (g_object_unref);
      g_hash_table_insert (loads_running, store, waiting);
      tk_store_run_async (store, ensure_in_thread, NULL, NULL, NULL, load_done_cb,
                          g_object_ref (store));
    }
  g_ptr_array_add (waiting, g_steal_pointer (&task));
}

gboolean
tk_catalog_ensure_finish (TkStore       *store,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, store), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
