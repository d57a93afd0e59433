/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-json.c — the Tablekeeper collection JSON format (docs/formats.md). */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "tk-bgg-csv.h"
#include "tk-collection-private.h"
#include "tk-text.h"
#include "tk-json.h"

#define FORMAT_NAME "tablekeeper-collection"
#define FORMAT_VERSION 1

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  if (value == NULL || *value == '\0')
    return;
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value)
{
  if (value == 0)
    return;
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
add_strv (JsonBuilder *builder,
          const char  *name,
          char       **values)
{
  if (values == NULL || values[0] == NULL)
    return;
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; values[i] != NULL; i++)
    json_builder_add_string_value (builder, values[i]);
  json_builder_end_array (builder);
}

/* The BGG CSV columns the library has no field for (and the file's own spelling of those it
 * has: "7.5", "Not Ranked"), as "bgg": {column: text}, so that a BGG export imported, written
 * as JSON and read again gives every column back. */
static void
add_bgg_columns (JsonBuilder *builder,
                 const char  *extra)
{
  g_autoptr(JsonObject) object = tk_bgg_extra_to_object (extra);
  JsonNode *node;

  if (object == NULL || json_object_get_size (object) == 0)
    return;
  node = json_node_init_object (json_node_alloc (), object);
  json_builder_set_member_name (builder, "bgg");
  json_builder_add_value (builder, node);
}

char *
tk_collection_export_json (TkCollection  *self,
                           TkGameStatus   statuses,
                           GError       **error)
{
  g_autoptr(GPtrArray) games = tk_collection_entries (self, statuses, error);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format_iso8601 (now);

  if (games == NULL)
    return NULL;

  json_builder_begin_object (builder);
  add_string (builder, "format", FORMAT_NAME);
  add_int (builder, "version", FORMAT_VERSION);
  add_string (builder, "exported_at", stamp);
  json_builder_set_member_name (builder, "games");
  json_builder_begin_array (builder);
  for (guint i = 0; i < games->len; i++)
    {
      TkGame *g = g_ptr_array_index (games, i);

      json_builder_begin_object (builder);
      add_string (builder, "title", g->title);
      add_string (builder, "title_ja", g->title_ja);
      add_int (builder, "bgg_id", g->bgg_id);
      add_int (builder, "year", g->year);
      add_int (builder, "min_players", g->min_players);
      add_int (builder, "max_players", g->max_players);
      add_string (builder, "best_players", g->best_players);
      add_int (builder, "min_time", g->min_time);
      add_int (builder, "max_time", g->max_time);
      add_int (builder, "min_age", g->min_age);
      if (g->weight > 0)
        {
          json_builder_set_member_name (builder, "weight");
          json_builder_add_double_value (builder, g->weight);
        }
      add_int (builder, "bgg_rank", g->bgg_rank);
      if (g->rating_avg > 0)
        {
          json_builder_set_member_name (builder, "bgg_average");
          json_builder_add_double_value (builder, g->rating_avg);
        }
      add_strv (builder, "designers", g->designers);
      add_strv (builder, "mechanics", g->mechanics);
      add_strv (builder, "categories", g->categories);
      add_string (builder, "notes", g->notes);
      json_builder_set_member_name (builder, "statuses");
      json_builder_begin_array (builder);
      if (g->owned)
        json_builder_add_string_value (builder, "owned");
      if (g->want_to_play)
        json_builder_add_string_value (builder, "want-to-play");
      if (g->played)
        json_builder_add_string_value (builder, "played");
      if (g->favourite)
        json_builder_add_string_value (builder, "favourite");
      if (g->not_interested)
        json_builder_add_string_value (builder, "not-interested");
      json_builder_end_array (builder);
      add_int (builder, "rating", g->rating);
      add_string (builder, "comment", g->comment);
      add_string (builder, "acquired_on", g->acquired_on);
      if (g->price_paid >= 0)
        {
          json_builder_set_member_name (builder, "price_paid");
          json_builder_add_double_value (builder, g->price_paid);
        }
      add_int (builder, "plays", g->plays);
      add_bgg_columns (builder, g->bgg_extra);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

/* ---- reading ---- */

static gboolean
member_string (JsonObject  *object,
               const char  *name,
               guint        index,
               char       **out,
               GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Game %u: “%s” must be text."), index + 1, name);
      return FALSE;
    }
  g_free (*out);
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static gboolean
member_number (JsonObject  *object,
               const char  *name,
               guint        index,
               double       low,
               double       high,
               double      *out,
               GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);
  GType type;
  double value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Game %u: “%s” must be a number."), index + 1, name);
      return FALSE;
    }
  value = type == G_TYPE_INT64 ? (double) json_node_get_int (node) : json_node_get_double (node);
  if (!isfinite (value) || value < low || value > high)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Game %u: “%s” is out of range."), index + 1, name);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

/* A count, a year or an id: 2.5 is refused rather than cut to 2. */
static gboolean
member_whole (JsonObject  *object,
              const char  *name,
              guint        index,
              double       low,
              double       high,
              double      *out,
              GError     **error)
{
  if (!member_number (object, name, index, low, high, out, error))
    return FALSE;
  if (*out != floor (*out))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Game %u: “%s” must be a whole number."), index + 1, name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
member_strv (JsonObject   *object,
             const char   *name,
             guint         index,
             char       ***out,
             GError      **error)
{
  JsonNode *node = json_object_get_member (object, name);
  g_autoptr(GPtrArray) values = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  JsonArray *array;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    goto bad;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      if (!JSON_NODE_HOLDS_VALUE (item) || json_node_get_value_type (item) != G_TYPE_STRING)
        goto bad;
      g_ptr_array_add (values, g_strdup (json_node_get_string (item)));
    }
  g_strfreev (*out);
  *out = (char **) g_ptr_array_free (g_steal_pointer (&values), FALSE);
  return TRUE;

bad:
  g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
               _("Game %u: “%s” must be a list of texts."), index + 1, name);
  return FALSE;
}

/* "bgg": an object of texts, kept as the entry's bgg_extra (see add_bgg_columns). */
static gboolean
member_bgg_columns (JsonObject  *object,
                    guint        index,
                    char       **out,
                    GError     **error)
{
  JsonNode *node = json_object_get_member (object, "bgg");
  g_autoptr(GList) members = NULL;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    goto bad;
  members = json_object_get_members (json_node_get_object (node));
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (json_node_get_object (node), l->data);

      if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
        goto bad;
    }
  g_free (*out);
  *out = members != NULL ? json_to_string (node, FALSE) : NULL;
  return TRUE;

bad:
  g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
               _("Game %u: “%s” must be an object of texts."), index + 1, "bgg");
  return FALSE;
}

/* Adds @column with @text to the stored BGG columns @extra, unless it is there already (a
 * value BGG wrote wins over the one the entry held). */
static void
keep_as_bgg_column (char       **extra,
                    const char  *column,
                    const char  *text)
{
  g_autoptr(JsonObject) object = tk_bgg_extra_to_object (*extra);
  g_autoptr(JsonNode) node = NULL;

  if (object == NULL)
    object = json_object_new ();
  if (json_object_has_member (object, column))
    return;
  json_object_set_string_member (object, column, text);
  node = json_node_init_object (json_node_alloc (), object);
  g_free (*extra);
  *extra = json_to_string (node, FALSE);
}

static TkGame *
game_from_json (JsonNode  *node,
                guint      index,
                GError   **error)
{
  g_autoptr(TkGame) game = g_object_new (TK_TYPE_GAME, NULL);
  g_auto(GStrv) statuses = NULL;
  g_autoptr(GError) text_error = NULL;
  JsonObject *object;
  double bgg_id = 0, year = 0, min_players = 0, max_players = 0, min_time = 0, max_time = 0;
  double min_age = 0, weight = 0, rating = 0, price = -1, plays = 0, rank = 0, average = 0;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Game %u is not an object."), index + 1);
      return NULL;
    }
  object = json_node_get_object (node);

  if (!member_string (object, "title", index, &game->title, error) ||
      !member_string (object, "title_ja", index, &game->title_ja, error) ||
      !member_string (object, "best_players", index, &game->best_players, error) ||
      !member_string (object, "notes", index, &game->notes, error) ||
      !member_string (object, "comment", index, &game->comment, error) ||
      !member_string (object, "acquired_on", index, &game->acquired_on, error) ||
      !member_whole (object, "bgg_id", index, 0, G_MAXINT32, &bgg_id, error) ||
      !member_whole (object, "year", index, -10000, 10000, &year, error) ||
      !member_whole (object, "min_players", index, 0, 1000, &min_players, error) ||
      !member_whole (object, "max_players", index, 0, 1000, &max_players, error) ||
      !member_whole (object, "min_time", index, 0, 100000, &min_time, error) ||
      !member_whole (object, "max_time", index, 0, 100000, &max_time, error) ||
      !member_whole (object, "min_age", index, 0, 100, &min_age, error) ||
      !member_number (object, "weight", index, 0, 5, &weight, error) ||
      !member_number (object, "bgg_rank", index, 0, G_MAXINT32, &rank, error) ||
      !member_number (object, "bgg_average", index, 0, 10, &average, error) ||
      !member_bgg_columns (object, index, &game->bgg_extra, error) ||
      !member_number (object, "rating", index, 0, 10, &rating, error) ||
      !member_number (object, "price_paid", index, -1, 1e9, &price, error) ||
      !member_whole (object, "plays", index, 0, 1e6, &plays, error) ||
      !member_strv (object, "designers", index, &game->designers, error) ||
      !member_strv (object, "mechanics", index, &game->mechanics, error) ||
      !member_strv (object, "categories", index, &game->categories, error) ||
      !member_strv (object, "statuses", index, &statuses, error))
    return NULL;

  if (game->title == NULL || *g_strstrip (game->title) == '\0')
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("Game %u has no title."), index + 1);
      return NULL;
    }
  if (!tk_collection_check_text (game, &text_error))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE, _("Game %u: %s"),
                   index + 1, text_error->message);
      return NULL;
    }

  game->bgg_id = (gint64) bgg_id;
  game->year = (int) year;
  game->min_players = (guint) min_players;
  game->max_players = (guint) MAX (max_players, min_players);
  if (max_players == 0)
    game->max_players = 0;
  game->min_time = (guint) min_time;
  game->max_time = max_time > 0 ? (guint) MAX (max_time, min_time) : 0;
  game->min_age = (guint) min_age;
  game->weight = weight >= 1 ? weight : 0;
  game->bgg_rank = (guint) rank;
  game->rating_avg = average;
  game->rating = (guint) rating;
  game->price_paid = price;
  game->bgg_plays = (guint) plays;
  game->source = g_strdup ("import");
  game->in_collection = TRUE;
  for (guint i = 0; statuses != NULL && statuses[i] != NULL; i++)
    {
      TkGameStatus status;

      if (!tk_game_status_from_string (statuses[i], &status))
        {
          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                       _("Game %u: unknown status “%s”."), index + 1, statuses[i]);
          return NULL;
        }
      tk_game_set_status_flags (game, tk_game_get_statuses (game) | status);
    }
  /* Only the date is in question here: a catalog game of the year 700 keeps its date.  A
   * text that is no date (BGG keeps whatever was typed: “yesterday”, “2023-13-45”) is not
   * an acquisition date for the app, but it is the user's: it goes with the other BGG
   * columns, where the CSV export finds it again. */
  if (game->acquired_on != NULL && !tk_collection_validate_entry (game, NULL))
    {
      keep_as_bgg_column (&game->bgg_extra, "acquisitiondate", game->acquired_on);
      g_clear_pointer (&game->acquired_on, g_free);
    }
  return g_steal_pointer (&game);
}

/* A member's text, or "" (json-glib's *_with_default() getters warn on objects and arrays). */
static const char *
value_string (JsonObject *object,
              const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return node != NULL && JSON_NODE_HOLDS_NULL (node) ? NULL : "";
  return json_node_get_string (node);
}

GPtrArray *
tk_collection_read_json (const char  *data,
                         gsize        length,
                         GError     **error)
{
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonArray *array;
  JsonNode *node;

  if (!g_utf8_validate_len (data, length, NULL))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The file is not valid UTF-8."));
      return NULL;
    }
  /* nesting, numbers beyond 64 bits and text after the object are refused here */
  root = tk_json_load_object (data, (gssize) length, &local_error);
  if (root == NULL)
    {
      g_set_error_literal (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                           g_error_matches (local_error, TK_JSON_ERROR, TK_JSON_ERROR_SHAPE)
                           ? _("The file is not a Tablekeeper collection.")
                           : local_error->message);
      return NULL;
    }
  if (g_strcmp0 (value_string (root, "format"), FORMAT_NAME) != 0)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The file is not a Tablekeeper collection."));
      return NULL;
    }
  node = json_object_get_member (root, "version");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_int (node) > FORMAT_VERSION)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The file was written by a newer version of Tablekeeper."));
      return NULL;
    }
  node = json_object_get_member (root, "games");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE,
                   _("The file has no list of games."));
      return NULL;
    }
  array = json_node_get_array (node);
  games = g_ptr_array_new_full (json_array_get_length (array), g_object_unref);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      TkGame *game = game_from_json (json_array_get_element (array, i), i, error);
      if (game == NULL)
        return NULL;
      g_ptr_array_add (games, game);
    }
  return g_steal_pointer (&games);
}

/* A library game with this BGG id; 0 when none. */
static gint64
find_by_bgg_id (TkStore  *store,
                gint64    bgg_id,
                GError  **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT id FROM games WHERE bgg_id = ?1", error);
  gint64 id = 0;
  int rc;

  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, bgg_id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? id : -1;
}

/* The library's games without a BGG id titled @title (case ignored as SQLite's NOCASE
 * does), oldest first: the order the export writes games of one title in. */
static GArray *
find_by_title (TkStore     *store,
               const char  *title,
               GError     **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT id FROM games WHERE title = ?1 COLLATE NOCASE"
                                  " AND bgg_id IS NULL ORDER BY id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, title, -1, SQLITE_TRANSIENT);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  return rc == SQLITE_DONE ? g_steal_pointer (&ids) : NULL;
}

/* Decides, before anything is written, which game each game of the file is (docs/formats.md):
 * the library's game with its BGG id; else, by title, one of the library's games without a
 * BGG id.  Several games of one title (in the file, or in the library) are paired in order and
 * the title is reported; an own game is never folded into a numbered (catalog) game, nor two
 * games of the file into one.  targets[i]: a library game's id, 0 for a new game, or -(j + 1)
 * for whatever game j of the file (the same BGG id, further up) becomes. */
static gboolean
resolve_targets (TkStore          *store,
                 GPtrArray        *games,
                 gint64           *targets,
                 TkImportSummary  *summary,
                 GError          **error)
{
  g_autoptr(GHashTable) by_bgg_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) by_title = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                          (GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      g_autofree char *key = NULL;
      GArray *group;

      if (game->bgg_id > 0)
        {
          gpointer first;

          if (g_hash_table_lookup_extended (by_bgg_id, &game->bgg_id, NULL, &first))
            {
              targets[i] = -(gint64) GPOINTER_TO_UINT (first);
              tk_import_summary_add_ambiguous (summary, game->title);
              continue;
            }
          g_hash_table_insert (by_bgg_id, &game->bgg_id, GUINT_TO_POINTER (i + 1));
          targets[i] = find_by_bgg_id (store, game->bgg_id, error);
          if (targets[i] < 0)
            return FALSE;
          if (targets[i] > 0)
            continue;
        }

      key = g_ascii_strdown (game->title, -1);
      group = g_hash_table_lookup (by_title, key);
      if (group == NULL)
        {
          group = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (by_title, g_strdup (key), group);
          g_ptr_array_add (titles, game);
        }
      g_array_append_val (group, i);
    }

  for (guint t = 0; t < titles->len; t++)
    {
      TkGame *first = g_ptr_array_index (titles, t);
      g_autofree char *key = g_ascii_strdown (first->title, -1);
      GArray *group = g_hash_table_lookup (by_title, key);
      g_autoptr(GArray) library = find_by_title (store, first->title, error);

      if (library == NULL)
        return FALSE;
      for (guint k = 0; k < group->len; k++)
        targets[g_array_index (group, guint, k)] = k < library->len
                                                   ? g_array_index (library, gint64, k) : 0;
      if (library->len >= 2 || (library->len == 1 && group->len >= 2))
        tk_import_summary_add_ambiguous (summary, first->title);
    }
  return TRUE;
}

typedef struct
{
  GPtrArray       *games;
  TkImportSummary *summary;
} JsonImport;

static gboolean
import_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  JsonImport *import = user_data;
  GPtrArray *games = import->games;
  g_autofree gint64 *targets = g_new0 (gint64, MAX (games->len, 1));

  if (!resolve_targets (store, games, targets, import->summary, error))
    return FALSE;

  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      g_autoptr(TkGame) existing = NULL;
      gint64 id = targets[i];

      if (id < 0)
        id = ((TkGame *) g_ptr_array_index (games, -id - 1))->id;
      if (id == 0)
        {
          if (!tk_collection_write_game (store, game, FALSE, error) ||
              !tk_collection_write_entry (store, game, error))
            return FALSE;
          import->summary->n_added++;
          continue;
        }
      existing = tk_collection_read_game (store, id, error);
      if (existing == NULL)
        return FALSE;
      game->id = id;
      {
        guint local = existing->plays - existing->bgg_plays;
        game->bgg_plays = game->bgg_plays > local ? game->bgg_plays - local : 0;
      }
      /* The file's BGG columns, when it has them; else the entry keeps its own. */
      if (game->bgg_extra == NULL)
        game->bgg_extra = g_strdup (existing->bgg_extra);
      if (!tk_collection_write_entry (store, game, error))
        return FALSE;
      if (g_strcmp0 (existing->source, "catalog") == 0)
        import->summary->n_matched++;
      else
        import->summary->n_updated++;
    }
  return TRUE;
}

gboolean
tk_collection_import_json_summary (TkCollection     *self,
                                   const char       *data,
                                   gsize             length,
                                   TkImportSummary  *summary,
                                   GError          **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_auto(TkImportSummary) local = { 0 };
  JsonImport import;

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);

  games = tk_collection_read_json (data, length, error);
  if (games == NULL)
    return FALSE;
  import.games = games;
  import.summary = &local;
  local.n_read = games->len;
  if (!tk_store_transaction (tk_collection_get_store (self), import_in_txn, &import, error))
    return FALSE;
  tk_collection_emit_changed (self, 0);
  if (summary != NULL)
    tk_import_summary_move (summary, &local);
  return TRUE;
}

gboolean
tk_collection_import_json (TkCollection  *self,
                           const char    *data,
                           gsize          length,
                           guint         *n_games,
                           GError       **error)
{
  g_auto(TkImportSummary) summary = { 0 };

  if (!tk_collection_import_json_summary (self, data, length, &summary, error))
    return FALSE;
  if (n_games != NULL)
    *n_games = summary.n_read;
  return TRUE;
}
