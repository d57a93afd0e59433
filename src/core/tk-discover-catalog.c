/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-discover-catalog.c — Discover's catalog in memory: every game of the library with its
 * players, time, weight, popularity and tf-idf features, loaded in one pass and keyed by a
 * fingerprint of the library so that an unchanged library is not read again.
 */
#define G_LOG_DOMAIN "tk-discover"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-discover-private.h"

/* Mechanics and categories count alike; a designer is a weaker hint of how a game plays. */
static const double kind_weight[] = { 1.0, 1.0, 0.3 };
/* idf = ln (1 + N / max (df, N/20)): every feature rarer than one game in twenty weighs the
 * same, so a designer with two games or a one-off mechanic does not swamp the vector. */
#define IDF_MIN_SHARE      0.05

#define EXPANSION_CATEGORY "Expansion for Base-game"

static void
catalog_clear (TkDiscoverCatalog *catalog)
{
  g_free (catalog->games);
  g_free (catalog->feature_ids);
  g_clear_pointer (&catalog->feature_names, g_ptr_array_unref);
  g_free (catalog->feature_kinds);
  g_free (catalog->feature_value);
  g_clear_pointer (&catalog->index, g_hash_table_unref);
  g_clear_pointer (&catalog->strings, g_string_chunk_free);
  g_free (catalog->fingerprint);
}

TkDiscoverCatalog *
tk_discover_catalog_ref (TkDiscoverCatalog *catalog)
{
  return g_atomic_rc_box_acquire (catalog);
}

void
tk_discover_catalog_unref (TkDiscoverCatalog *catalog)
{
  g_atomic_rc_box_release_full (catalog, (GDestroyNotify) catalog_clear);
}

G_DEFINE_BOXED_TYPE (TkDiscoverCatalog, tk_discover_catalog,
                     tk_discover_catalog_ref, tk_discover_catalog_unref)

static guint16
parse_best (const char *text)
{
  guint16 mask = 0;
  g_auto(GStrv) parts = NULL;

  if (text == NULL)
    return 0;
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 n = 0;

      if (g_ascii_string_to_unsigned (g_strstrip (parts[i]), 10, 1, MAX_PLAYERS_TRACKED, &n, NULL))
        mask |= (guint16) (1u << n);
    }
  return mask;
}

static const char *
chunk_text (GStringChunk  *chunk,
            sqlite3_stmt  *stmt,
            int            column)
{
  const char *text = (const char *) sqlite3_column_text (stmt, column);

  if (text == NULL || *text == '\0')
    return NULL;
  return g_string_chunk_insert_const (chunk, text);
}

static double
popularity_of (double rating_avg,
               guint  rank)
{
  double r = -1, k = -1;

  if (rating_avg > 0)
    r = CLAMP ((rating_avg - 5.5) / 3.0, 0.0, 1.0);
  if (rank > 0)
    k = CLAMP (1.0 - log ((double) rank) / log (30000.0), 0.0, 1.0);
  if (r >= 0 && k >= 0)
    return 0.5 * r + 0.5 * k;
  /* No rank: too few votes on BoardGameGeek to trust the average alone. */
  return r >= 0 ? 0.5 * r : (k >= 0 ? k : 0.0);
}

int
_tk_discover_catalog_compare_guint32 (gconstpointer a,
                                      gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

#define FINGERPRINT_SQL \
  "SELECT count(*) || ':' || coalesce (max (id), 0) || ':' || total (updated_at) || ':' ||" \
  " (SELECT count(*) FROM game_tags) FROM games"

char *
_tk_discover_catalog_read_fingerprint (TkStore  *store,
                                       GError  **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, FINGERPRINT_SQL, error);
  char *text = NULL;
  int rc;

  if (stmt == NULL)
    return NULL;
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (rc == SQLITE_ROW && text == NULL)
    text = g_strdup ("");
  else if (rc != SQLITE_ROW && rc != -1 && error != NULL && *error == NULL)
    g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED, "No row from the games table");
  return text;
}

TkDiscoverCatalog *
tk_discover_catalog_load (TkStore  *store,
                          GError  **error)
{
  g_autoptr(TkDiscoverCatalog) catalog = NULL;
  g_autoptr(GArray) games = g_array_new (FALSE, TRUE, sizeof (DGame));
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (guint8));
  g_autoptr(GArray) df = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_autoptr(GHashTable) interned = NULL;
  GString *key = NULL;
  sqlite3_stmt *stmt;
  DGame *current = NULL;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  catalog = g_atomic_rc_box_new0 (TkDiscoverCatalog);
  catalog->strings = g_string_chunk_new (64 * 1024);
  catalog->feature_names = g_ptr_array_new ();
  catalog->fingerprint = _tk_discover_catalog_read_fingerprint (store, error);
  if (catalog->fingerprint == NULL)
    return NULL;

  stmt = tk_store_prepare (store,
                           "SELECT g.id, g.title, g.title_ja, g.cover_path, g.year,"
                           " g.min_players, g.max_players, g.best_players, g.min_time,"
                           " g.max_time, g.weight, g.rating_avg, g.bgg_rank, t.kind, t.name"
                           " FROM games g LEFT JOIN game_tags t ON t.game_id = g.id"
                           " ORDER BY g.id", error);
  if (stmt == NULL)
    return NULL;

  interned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  key = g_string_new (NULL);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      const char *kind = (const char *) sqlite3_column_text (stmt, 13);
      const char *name = (const char *) sqlite3_column_text (stmt, 14);

      if (current == NULL || current->id != id)
        {
          DGame game = { 0 };
          gint64 v;

          if (current != NULL)
            qsort (&g_array_index (refs, guint32, current->first_feature), current->n_features,
                   sizeof (guint32), _tk_discover_catalog_compare_guint32);
          game.id = id;
          game.title = chunk_text (catalog->strings, stmt, 1);
          if (game.title == NULL)
            game.title = "";
          game.title_ja = chunk_text (catalog->strings, stmt, 2);
          game.cover_path = chunk_text (catalog->strings, stmt, 3);
          game.year = sqlite3_column_int (stmt, 4);
          v = sqlite3_column_int64 (stmt, 5);
          game.min_players = (guint8) CLAMP (v, 0, 255);
          v = sqlite3_column_int64 (stmt, 6);
          game.max_players = (guint8) CLAMP (v, 0, 255);
          game.best_mask = parse_best ((const char *) sqlite3_column_text (stmt, 7));
          v = sqlite3_column_int64 (stmt, 8);
          game.min_time = (guint16) CLAMP (v, 0, G_MAXUINT16);
          v = sqlite3_column_int64 (stmt, 9);
          game.max_time = (guint16) CLAMP (v, 0, G_MAXUINT16);
          game.weight = (float) sqlite3_column_double (stmt, 10);
          game.rating_avg = (float) sqlite3_column_double (stmt, 11);
          v = sqlite3_column_int64 (stmt, 12);
          game.bgg_rank = (guint32) CLAMP (v, 0, G_MAXUINT32);
          game.popularity = (float) popularity_of (game.rating_avg, game.bgg_rank);
          game.first_feature = refs->len;
          g_array_append_val (games, game);
          current = &g_array_index (games, DGame, games->len - 1);
        }

      if (kind != NULL && name != NULL)
        {
          guint8 k;
          gpointer found;
          guint32 fid;

          if (g_str_equal (kind, "mechanic"))
            k = KIND_MECHANIC;
          else if (g_str_equal (kind, "category"))
            k = KIND_CATEGORY;
          else if (g_str_equal (kind, "designer"))
            k = KIND_DESIGNER;
          else
            continue;
          /* Being an expansion is a fact about the box, not about how a game plays. */
          if (k == KIND_CATEGORY && g_str_equal (name, EXPANSION_CATEGORY))
            {
              current->expansion = TRUE;
              continue;
            }
          g_string_printf (key, "%c%s", '0' + k, name);
          if (g_hash_table_lookup_extended (interned, key->str, NULL, &found))
            fid = GPOINTER_TO_UINT (found);
          else
            {
              fid = catalog->feature_names->len;
              g_ptr_array_add (catalog->feature_names,
                               g_string_chunk_insert_const (catalog->strings, name));
              g_array_append_val (kinds, k);
              g_array_set_size (df, fid + 1);
              g_hash_table_insert (interned, g_strdup (key->str), GUINT_TO_POINTER (fid));
            }
          g_array_append_val (refs, fid);
          g_array_index (df, guint32, fid)++;
          current->n_features++;
        }
    }
  g_string_free (key, TRUE);
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  if (current != NULL)
    qsort (&g_array_index (refs, guint32, current->first_feature), current->n_features,
           sizeof (guint32), _tk_discover_catalog_compare_guint32);

  catalog->n_games = games->len;
  catalog->n_feature_refs = refs->len;
  catalog->n_features = catalog->feature_names->len;
  catalog->games = (DGame *) g_array_free (g_steal_pointer (&games), FALSE);
  catalog->feature_ids = (guint32 *) g_array_free (g_steal_pointer (&refs), FALSE);
  catalog->feature_kinds = (guint8 *) g_array_free (g_steal_pointer (&kinds), FALSE);

  /* tf-idf: a feature few games have says more about a game than one most games have (up
   * to IDF_MIN_SHARE). */
  catalog->feature_value = g_new0 (float, MAX (catalog->n_features, 1));
  for (guint f = 0; f < catalog->n_features; f++)
    {
      double df_f = MAX ((double) g_array_index (df, guint32, f), IDF_MIN_SHARE * catalog->n_games);
      double idf = log (1.0 + (double) catalog->n_games / MAX (df_f, 1.0));

      catalog->feature_value[f] = (float) (kind_weight[catalog->feature_kinds[f]] * idf);
    }

  catalog->index = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < catalog->n_games; i++)
    {
      DGame *game = &catalog->games[i];
      double sum = 0;

      for (guint j = 0; j < game->n_features; j++)
        {
          double v = catalog->feature_value[catalog->feature_ids[game->first_feature + j]];
          sum += v * v;
        }
      game->inv_norm = sum > 0 ? (float) (1.0 / sqrt (sum)) : 0.0f;
      g_hash_table_insert (catalog->index, &game->id, GUINT_TO_POINTER (i + 1));
    }

  return g_steal_pointer (&catalog);
}

guint
tk_discover_catalog_get_n_games (TkDiscoverCatalog *catalog)
{
  return catalog->n_games;
}

DGame *
_tk_discover_catalog_find (TkDiscoverCatalog *catalog,
                           gint64             game_id)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (catalog->index, &game_id));

  return i > 0 ? &catalog->games[i - 1] : NULL;
}

gboolean
tk_discover_catalog_contains (TkDiscoverCatalog *catalog,
                              gint64             game_id)
{
  return _tk_discover_catalog_find (catalog, game_id) != NULL;
}

const char *
tk_discover_catalog_get_title (TkDiscoverCatalog *catalog,
                               gint64             game_id)
{
  DGame *game = _tk_discover_catalog_find (catalog, game_id);

  return game != NULL ? game->title : NULL;
}

gboolean
tk_discover_catalog_has_feature (TkDiscoverCatalog *catalog,
                                 gint64             game_id,
                                 const char        *name)
{
  DGame *game = _tk_discover_catalog_find (catalog, game_id);

  if (game == NULL)
    return FALSE;
  for (guint j = 0; j < game->n_features; j++)
    if (g_str_equal (g_ptr_array_index (catalog->feature_names,
                                        catalog->feature_ids[game->first_feature + j]), name))
      return TRUE;
  return FALSE;
}

gboolean
tk_discover_catalog_is_expansion (TkDiscoverCatalog *catalog,
                                  gint64             game_id)
{
  DGame *game = _tk_discover_catalog_find (catalog, game_id);

  return game != NULL && game->expansion;
}

/* cos (a, b) over the tf-idf vectors (both feature lists are sorted). */
double
_tk_discover_catalog_cosine (TkDiscoverCatalog *catalog,
                             const DGame       *a,
                             const DGame       *b)
{
  const guint32 *fa = catalog->feature_ids + a->first_feature;
  const guint32 *fb = catalog->feature_ids + b->first_feature;
  guint i = 0, j = 0;
  double dot = 0;

  while (i < a->n_features && j < b->n_features)
    {
      if (fa[i] < fb[j])
        i++;
      else if (fa[i] > fb[j])
        j++;
      else
        {
          double v = catalog->feature_value[fa[i]];
          dot += v * v;
          i++, j++;
        }
    }
  return dot * a->inv_norm * b->inv_norm;
}

gboolean
_tk_discover_catalog_has_feature_id (TkDiscoverCatalog *catalog,
                                     const DGame       *game,
                                     guint32            fid)
{
  const guint32 *f = catalog->feature_ids + game->first_feature;

  return bsearch (&fid, f, game->n_features, sizeof (guint32),
                  _tk_discover_catalog_compare_guint32) != NULL;
}
