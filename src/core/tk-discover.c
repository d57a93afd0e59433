/* tk-discover.c — Discover: suggestions from the user's own data, explained.
 *
 * Each game is a sparse tf-idf vector over its mechanics, categories and designers (one
 * interned id space).  Each game the user knows pulls with a weight w (favourite, rating,
 * plays, owned, want to play; "not interested" and low ratings push).  The content score of
 * a candidate c is the weighted mean cosine Σ w_g·cos(c, g) / Σ_{w_g>0} w_g, computed as one
 * dot product with the profile vector P = Σ w_g·ĝ.  Weight, player counts and playing time
 * are compared with the liked games' distributions, and a small popularity prior (BGG
 * average rating and rank) breaks ties among unknowns.  The reason is built from the actual
 * largest terms of that sum: the liked games with the largest w_g·cos(c, g) and the
 * features the candidate shares with all of them.  docs/ARCHITECTURE.md has the numbers.
 */
#define G_LOG_DOMAIN "tk-discover"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-discover.h"
#include "tk-feature-names.h"

/* ---- weights (docs/ARCHITECTURE.md, "Discover") ---- */

#define W_FAVOURITE        3.0
#define W_RATING_HIGH      0.4    /* per point above 5 */
#define W_RATING_LOW       0.5    /* per point below 5 (ratings ≤ 4 push away) */
#define W_PLAYS            0.5    /* × ln (1 + plays + recent plays) … */
#define W_PLAYS_MAX        1.5    /* … at most */
#define W_OWNED            0.5
#define W_WANT             0.5
#define W_PLAYED_STATUS    0.3    /* the "played" status without any play counted */
#define W_NOT_INTERESTED  -1.5

#define KIND_MECHANIC      0
#define KIND_CATEGORY      1
#define KIND_DESIGNER      2

/* Mechanics and categories count alike; a designer is a weaker hint of how a game plays. */
static const double kind_weight[] = { 1.0, 1.0, 0.3 };
/* idf = ln (1 + N / max (df, N/20)): every feature rarer than one game in twenty weighs the
 * same, so a designer with two games or a one-off mechanic does not swamp the vector. */
#define IDF_MIN_SHARE      0.05

#define S_CONTENT          0.65
#define S_WEIGHT           0.08
#define S_PLAYERS          0.07
#define S_TIME             0.07
#define S_POPULAR          0.13

#define MAX_PLAYERS_TRACKED 15
#define EXPANSION_CATEGORY "Expansion for Base-game"

/* ---- suggestions ---- */

TkDiscoverSuggestion *
tk_discover_suggestion_copy (const TkDiscoverSuggestion *suggestion)
{
  TkDiscoverSuggestion *copy = g_new0 (TkDiscoverSuggestion, 1);

  *copy = *suggestion;
  copy->title = g_strdup (suggestion->title);
  copy->title_ja = g_strdup (suggestion->title_ja);
  copy->cover_path = g_strdup (suggestion->cover_path);
  copy->reason = g_strdup (suggestion->reason);
  copy->shared_features = g_strdupv (suggestion->shared_features);
  copy->similar_games = suggestion->similar_games != NULL
                        ? g_array_copy (suggestion->similar_games) : NULL;
  return copy;
}

void
tk_discover_suggestion_free (TkDiscoverSuggestion *suggestion)
{
  if (suggestion == NULL)
    return;
  g_free (suggestion->title);
  g_free (suggestion->title_ja);
  g_free (suggestion->cover_path);
  g_free (suggestion->reason);
  g_strfreev (suggestion->shared_features);
  g_clear_pointer (&suggestion->similar_games, g_array_unref);
  g_free (suggestion);
}

G_DEFINE_BOXED_TYPE (TkDiscoverSuggestion, tk_discover_suggestion,
                     tk_discover_suggestion_copy, tk_discover_suggestion_free)

/* ---- the catalog in memory ---- */

typedef struct
{
  gint64       id;
  const char  *title;
  const char  *title_ja;      /* NULL: none */
  const char  *cover_path;    /* NULL: none */
  int          year;
  guint8       min_players;   /* 0: unknown */
  guint8       max_players;
  guint16      best_mask;     /* bit n: best with n players (n ≤ 15) */
  guint16      min_time;
  guint16      max_time;
  float        weight;        /* 0: unknown */
  float        rating_avg;    /* 0: unknown */
  guint32      bgg_rank;      /* 0: unknown */
  float        popularity;    /* 0…1 */
  float        inv_norm;      /* 1 / |tf-idf vector|, 0 without features */
  guint32      first_feature; /* into feature_ids */
  guint16      n_features;
  gboolean     expansion;
} DGame;

struct _TkDiscoverCatalog
{
  DGame        *games;
  guint         n_games;
  guint32      *feature_ids;     /* per game, sorted */
  guint         n_feature_refs;
  GPtrArray    *feature_names;   /* by id: const char * (in strings) */
  guint8       *feature_kinds;
  float        *feature_value;   /* kind weight × idf */
  guint         n_features;
  GHashTable   *index;           /* gint64 * id → DGame index + 1 */
  GStringChunk *strings;
  char         *fingerprint;
};

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

static int
compare_guint32 (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

#define FINGERPRINT_SQL \
  "SELECT count(*) || ':' || coalesce (max (id), 0) || ':' || total (updated_at) || ':' ||" \
  " (SELECT count(*) FROM game_tags) FROM games"

static char *
read_fingerprint (TkStore  *store,
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
  catalog->fingerprint = read_fingerprint (store, error);
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
                   sizeof (guint32), compare_guint32);
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
           sizeof (guint32), compare_guint32);

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

static DGame *
catalog_find (TkDiscoverCatalog *catalog,
              gint64             game_id)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (catalog->index, &game_id));

  return i > 0 ? &catalog->games[i - 1] : NULL;
}

gboolean
tk_discover_catalog_contains (TkDiscoverCatalog *catalog,
                              gint64             game_id)
{
  return catalog_find (catalog, game_id) != NULL;
}

const char *
tk_discover_catalog_get_title (TkDiscoverCatalog *catalog,
                               gint64             game_id)
{
  DGame *game = catalog_find (catalog, game_id);

  return game != NULL ? game->title : NULL;
}

gboolean
tk_discover_catalog_has_feature (TkDiscoverCatalog *catalog,
                                 gint64             game_id,
                                 const char        *name)
{
  DGame *game = catalog_find (catalog, game_id);

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
  DGame *game = catalog_find (catalog, game_id);

  return game != NULL && game->expansion;
}

/* ---- the profile ---- */

struct _TkDiscoverProfile
{
  GHashTable *signals;   /* gint64 * → TkDiscoverSignal * (the key is inside the value) */
};

typedef struct
{
  gint64           id;
  TkDiscoverSignal signal;
} ProfileEntry;

static void
profile_clear (TkDiscoverProfile *profile)
{
  g_clear_pointer (&profile->signals, g_hash_table_unref);
}

TkDiscoverProfile *
tk_discover_profile_new (void)
{
  TkDiscoverProfile *profile = g_atomic_rc_box_new0 (TkDiscoverProfile);

  profile->signals = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  return profile;
}

TkDiscoverProfile *
tk_discover_profile_ref (TkDiscoverProfile *profile)
{
  return g_atomic_rc_box_acquire (profile);
}

void
tk_discover_profile_unref (TkDiscoverProfile *profile)
{
  g_atomic_rc_box_release_full (profile, (GDestroyNotify) profile_clear);
}

G_DEFINE_BOXED_TYPE (TkDiscoverProfile, tk_discover_profile,
                     tk_discover_profile_ref, tk_discover_profile_unref)

static TkDiscoverSignal *
profile_get_or_add (TkDiscoverProfile *profile,
                    gint64             game_id)
{
  ProfileEntry *entry = g_hash_table_lookup (profile->signals, &game_id);

  if (entry == NULL)
    {
      entry = g_new0 (ProfileEntry, 1);
      entry->id = game_id;
      g_hash_table_insert (profile->signals, &entry->id, entry);
    }
  return &entry->signal;
}

void
tk_discover_profile_set (TkDiscoverProfile      *profile,
                         gint64                  game_id,
                         const TkDiscoverSignal *signal)
{
  *profile_get_or_add (profile, game_id) = *signal;
}

void
tk_discover_profile_remove (TkDiscoverProfile *profile,
                            gint64             game_id)
{
  g_hash_table_remove (profile->signals, &game_id);
}

const TkDiscoverSignal *
tk_discover_profile_lookup (TkDiscoverProfile *profile,
                            gint64             game_id)
{
  ProfileEntry *entry = g_hash_table_lookup (profile->signals, &game_id);

  return entry != NULL ? &entry->signal : NULL;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

GArray *
tk_discover_profile_list_games (TkDiscoverProfile *profile)
{
  GArray *ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64),
                                   g_hash_table_size (profile->signals));
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, profile->signals);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_array_append_val (ids, *(gint64 *) key);
  g_array_sort (ids, compare_gint64);
  return ids;
}

TkDiscoverProfile *
tk_discover_profile_load (TkStore  *store,
                          GDate    *today,
                          GError  **error)
{
  g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
  GDate since;
  char since_text[16];
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store,
                           "SELECT game_id, owned, want_to_play, played, favourite,"
                           " not_interested, coalesce (rating, 0), bgg_plays FROM collection",
                           error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkDiscoverSignal *signal = profile_get_or_add (profile, sqlite3_column_int64 (stmt, 0));

      signal->owned = sqlite3_column_int (stmt, 1) != 0;
      signal->want_to_play = sqlite3_column_int (stmt, 2) != 0;
      signal->played = sqlite3_column_int (stmt, 3) != 0;
      signal->favourite = sqlite3_column_int (stmt, 4) != 0;
      signal->not_interested = sqlite3_column_int (stmt, 5) != 0;
      signal->rating = (guint) CLAMP (sqlite3_column_int (stmt, 6), 0, 10);
      signal->plays += (guint) MAX (sqlite3_column_int (stmt, 7), 0);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  if (today != NULL && g_date_valid (today))
    since = *today;
  else
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();

      g_date_clear (&since, 1);
      g_date_set_dmy (&since, (GDateDay) g_date_time_get_day_of_month (now),
                      (GDateMonth) g_date_time_get_month (now),
                      (GDateYear) g_date_time_get_year (now));
    }
  g_date_subtract_days (&since, 365);
  g_snprintf (since_text, sizeof since_text, "%04d-%02d-%02d", g_date_get_year (&since),
              g_date_get_month (&since), g_date_get_day (&since));

  stmt = tk_store_prepare (store,
                           "SELECT game_id, count(*), total (played_on >= ?1) FROM plays"
                           " WHERE game_id IS NOT NULL GROUP BY game_id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, since_text, -1, SQLITE_TRANSIENT);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkDiscoverSignal *signal = profile_get_or_add (profile, sqlite3_column_int64 (stmt, 0));

      signal->plays += (guint) sqlite3_column_int (stmt, 1);
      signal->recent_plays += (guint) sqlite3_column_int (stmt, 2);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  return g_steal_pointer (&profile);
}

double
tk_discover_signal_weight (const TkDiscoverSignal *signal)
{
  double w = 0;

  if (signal->favourite)
    w += W_FAVOURITE;
  if (signal->rating >= 5)
    w += W_RATING_HIGH * (signal->rating - 5.0);
  else if (signal->rating > 0)
    w -= W_RATING_LOW * (5.0 - signal->rating);
  if (signal->plays > 0)
    w += MIN (W_PLAYS_MAX, W_PLAYS * log (1.0 + signal->plays + signal->recent_plays));
  else if (signal->played)
    w += W_PLAYED_STATUS;
  if (signal->owned)
    w += W_OWNED;
  if (signal->want_to_play)
    w += W_WANT;
  if (signal->not_interested)
    w += W_NOT_INTERESTED;
  return w;
}

gboolean
tk_discover_signal_is_eligible (const TkDiscoverSignal *signal)
{
  return signal == NULL ||
         (!signal->owned && !signal->played && signal->plays == 0 && !signal->favourite &&
          !signal->want_to_play && !signal->not_interested && signal->rating == 0);
}

/* ---- scoring ---- */

typedef struct
{
  DGame                  *game;
  const TkDiscoverSignal *signal;
  double                  weight;
} Liked;

typedef struct
{
  guint  index;
  double score;
  double content;
} Scored;

static int
compare_scored (gconstpointer a,
                gconstpointer b)
{
  const Scored *x = a, *y = b;

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static gboolean
plays_with (const DGame *game,
            guint        n)
{
  guint lo = game->min_players ? game->min_players : game->max_players;
  guint hi = game->max_players ? game->max_players : game->min_players;

  return lo > 0 && lo <= n && n <= hi;
}

static guint
length_of (const DGame *game)
{
  return game->max_time ? game->max_time : game->min_time;
}

static gboolean
passes_filter (const DGame            *game,
               const TkDiscoverFilter *filter)
{
  if (filter->players > 0 && !plays_with (game, filter->players))
    return FALSE;
  if (filter->max_minutes > 0 && (length_of (game) == 0 || length_of (game) > filter->max_minutes))
    return FALSE;
  return TRUE;
}

static double
mean_time (const DGame *game)
{
  if (game->min_time && game->max_time)
    return (game->min_time + game->max_time) / 2.0;
  return length_of (game);
}

/* cos (a, b) over the tf-idf vectors (both feature lists are sorted). */
static double
cosine (TkDiscoverCatalog *catalog,
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

static gboolean
game_has_feature_id (TkDiscoverCatalog *catalog,
                     const DGame       *game,
                     guint32            fid)
{
  const guint32 *f = catalog->feature_ids + game->first_feature;

  return bsearch (&fid, f, game->n_features, sizeof (guint32), compare_guint32) != NULL;
}

/* The taste beyond features: weight, length and player counts of the liked games. */
typedef struct
{
  gboolean have_weight, have_time, have_players;
  double   weight_mean, weight_sd;
  double   time_mean, time_sd;      /* of ln (minutes) */
  double   players[MAX_PLAYERS_TRACKED + 1];
  double   players_total;
} Facets;

static void
facets_build (Facets      *facets,
              const Liked *liked,
              guint        n_liked)
{
  double sw = 0, swx = 0, swx2 = 0, st = 0, stx = 0, stx2 = 0;

  memset (facets, 0, sizeof *facets);
  for (guint i = 0; i < n_liked; i++)
    {
      const DGame *g = liked[i].game;
      double w = liked[i].weight;

      if (g->weight > 0)
        {
          sw += w;
          swx += w * g->weight;
          swx2 += w * g->weight * g->weight;
        }
      if (mean_time (g) > 0)
        {
          double x = log (mean_time (g));
          st += w;
          stx += w * x;
          stx2 += w * x * x;
        }
      for (guint n = 1; n <= MAX_PLAYERS_TRACKED; n++)
        {
          double m = (g->best_mask & (1u << n)) ? 1.0 : plays_with (g, n) ? 0.5 : 0.0;
          facets->players[n] += w * m;
          facets->players_total += w * m;
        }
    }
  if (sw > 0)
    {
      facets->have_weight = TRUE;
      facets->weight_mean = swx / sw;
      facets->weight_sd = MAX (0.4, sqrt (MAX (0.0, swx2 / sw - facets->weight_mean *
                                                             facets->weight_mean)));
    }
  if (st > 0)
    {
      facets->have_time = TRUE;
      facets->time_mean = stx / st;
      facets->time_sd = MAX (0.35, sqrt (MAX (0.0, stx2 / st - facets->time_mean *
                                                             facets->time_mean)));
    }
  facets->have_players = facets->players_total > 0;
}

static double
gaussian (double x,
          double mean,
          double sd)
{
  return exp (-(x - mean) * (x - mean) / (2 * sd * sd));
}

static double
facet_weight (const Facets *facets,
              const DGame  *game)
{
  if (!facets->have_weight || game->weight <= 0)
    return 0;
  return gaussian (game->weight, facets->weight_mean, facets->weight_sd);
}

static double
facet_time (const Facets *facets,
            const DGame  *game)
{
  if (!facets->have_time || mean_time (game) <= 0)
    return 0;
  return gaussian (log (mean_time (game)), facets->time_mean, facets->time_sd);
}

/* How much of the liked games' player counts the game covers: the intersection of the two
 * normalised histograms (best counts 1, other counts it plays with 0.5), 1 for the same. */
static double
facet_players (const Facets *facets,
               const DGame  *game)
{
  double m[MAX_PLAYERS_TRACKED + 1] = { 0 };
  double total = 0, covered = 0;

  if (!facets->have_players)
    return 0;
  for (guint n = 1; n <= MAX_PLAYERS_TRACKED; n++)
    {
      m[n] = (game->best_mask & (1u << n)) ? 1.0 : plays_with (game, n) ? 0.5 : 0.0;
      total += m[n];
    }
  if (total <= 0)
    return 0;
  for (guint n = 1; n <= MAX_PLAYERS_TRACKED; n++)
    covered += MIN (m[n] / total, facets->players[n] / facets->players_total);
  return covered;
}

/* ---- reasons ---- */

static const char *
display_title (const DGame            *game,
               const TkDiscoverFilter *filter)
{
  if (filter->prefer_japanese && game->title_ja != NULL)
    return game->title_ja;
  return game->title;
}

/* "a", "a and b", "a, b and c" */
static char *
join_list (GPtrArray *items)
{
  if (items->len == 0)
    return g_strdup ("");
  if (items->len == 1)
    return g_strdup (g_ptr_array_index (items, 0));
  if (items->len == 2)
    /* TRANSLATORS: a list of two items, e.g. "tile placement and city building" */
    return g_strdup_printf (_("%s and %s"), (char *) g_ptr_array_index (items, 0),
                            (char *) g_ptr_array_index (items, 1));
  /* TRANSLATORS: a list of three items */
  return g_strdup_printf (_("%s, %s and %s"), (char *) g_ptr_array_index (items, 0),
                          (char *) g_ptr_array_index (items, 1),
                          (char *) g_ptr_array_index (items, 2));
}

/* TRUE when @word reads as an ordinary capitalised word: each part between hyphens and
 * slashes is longer than one letter and has a capital only at its start ("Tile",
 * "Paper-and-Pencil"; not "WWII", "I/O"). */
static gboolean
is_plain_capitalised (const char *word)
{
  g_auto(GStrv) parts = g_strsplit_set (word, "-/", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint n = 0, upper_inside = 0;

      for (const char *p = parts[i]; *p != '\0'; p = g_utf8_next_char (p), n++)
        if (n > 0 && g_unichar_isupper (g_utf8_get_char (p)))
          upper_inside++;
      if (upper_inside > 0 || (n == 1 && g_unichar_isupper (g_utf8_get_char (parts[i]))))
        return FALSE;
    }
  return TRUE;
}

/* A mechanic or category the way it reads in a sentence: "Tile Placement" → "tile
 * placement"; "WWII" stays as it is.  A designer: "designer Uwe Rosenberg". */
static char *
feature_label (TkDiscoverCatalog *catalog,
               guint32            fid)
{
  const char *name = g_ptr_array_index (catalog->feature_names, fid);
  GString *out;
  g_auto(GStrv) words = NULL;

  if (catalog->feature_kinds[fid] == KIND_DESIGNER)
    /* TRANSLATORS: a feature two games share: their designer, e.g. "designer Uwe Rosenberg" */
    return g_strdup_printf (_("designer %s"), name);

  /* In a UI language with a name of its own (Japanese), that name as it is. */
  {
    const char *kind = catalog->feature_kinds[fid] == KIND_MECHANIC ? "mechanic" : "category";
    const char *shown = tk_feature_name_translate (kind, name);

    if (g_strcmp0 (shown, name) != 0)
      return g_strdup (shown);
  }

  out = g_string_new (NULL);
  words = g_strsplit (name, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      if (is_plain_capitalised (words[i]))
        {
          g_autofree char *lower = g_utf8_strdown (words[i], -1);
          g_string_append (out, lower);
        }
      else
        g_string_append (out, words[i]);
    }
  return g_string_free (out, FALSE);
}

/* One of the user's games with what they told us about it, e.g. "Carcassonne (rated 9)". */
static char *
describe_liked (const Liked            *liked,
                const TkDiscoverFilter *filter)
{
  const char *title = display_title (liked->game, filter);
  const TkDiscoverSignal *s = liked->signal;

  if (s->favourite && s->rating > 0)
    /* TRANSLATORS: one of the user's games; %u is their rating (1–10) */
    return g_strdup_printf (_("%s (a favourite you rated %u)"), title, s->rating);
  if (s->favourite)
    return g_strdup_printf (_("%s (a favourite)"), title);
  if (s->rating > 0)
    return g_strdup_printf (_("%s (you rated it %u)"), title, s->rating);
  if (s->plays > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (played %u time)",
                                         "%s (played %u times)", s->plays), title, s->plays);
  if (s->owned)
    return g_strdup_printf (_("%s (you own it)"), title);
  if (s->want_to_play)
    return g_strdup_printf (_("%s (you want to play it)"), title);
  return g_strdup_printf (_("%s (played)"), title);
}

typedef struct
{
  guint32 fid;
  double  value;
} FeatureShare;

static int
compare_share (gconstpointer a,
               gconstpointer b)
{
  const FeatureShare *x = a, *y = b;

  if (x->value != y->value)
    return x->value > y->value ? -1 : 1;
  return x->fid < y->fid ? -1 : x->fid > y->fid;
}

typedef struct
{
  guint  liked;
  double contribution;
} Contribution;

static int
compare_contribution (gconstpointer a,
                      gconstpointer b)
{
  const Contribution *x = a, *y = b;

  if (x->contribution != y->contribution)
    return x->contribution > y->contribution ? -1 : 1;
  return x->liked < y->liked ? -1 : x->liked > y->liked;
}

/* The reason for @game from the largest terms of its content score: the liked games with
 * the largest w·cos, kept while they share features with all games kept so far, and the
 * features (at most three) the candidate shares with all of them, by their weight. */
static void
explain (TkDiscoverCatalog      *catalog,
         const DGame            *game,
         const Liked            *liked,
         guint                   n_liked,
         const TkDiscoverFilter *filter,
         TkDiscoverSuggestion   *out)
{
  g_autoptr(GArray) contributions = g_array_new (FALSE, FALSE, sizeof (Contribution));
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) shared = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) shares = g_array_new (FALSE, FALSE, sizeof (FeatureShare));
  g_autoptr(GPtrArray) feature_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) game_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ratings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autofree char *features_text = NULL;
  g_autofree char *games_text = NULL;
  gboolean all_rated = TRUE;

  out->similar_games = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < n_liked; i++)
    {
      Contribution c = { i, liked[i].weight * cosine (catalog, game, liked[i].game) };

      if (c.contribution > 0)
        g_array_append_val (contributions, c);
    }
  g_array_sort (contributions, compare_contribution);

  for (guint i = 0; i < contributions->len && kept->len < 2; i++)
    {
      Contribution *c = &g_array_index (contributions, Contribution, i);
      const DGame *g = liked[c->liked].game;
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (guint32));

      /* A second game only when it matters almost as much, and shares the features. */
      if (kept->len > 0 &&
          c->contribution < 0.5 * g_array_index (contributions, Contribution, 0).contribution)
        break;
      if (kept->len == 0)
        {
          for (guint j = 0; j < game->n_features; j++)
            {
              guint32 fid = catalog->feature_ids[game->first_feature + j];
              if (game_has_feature_id (catalog, g, fid))
                g_array_append_val (next, fid);
            }
        }
      else
        {
          for (guint j = 0; j < shared->len; j++)
            {
              guint32 fid = g_array_index (shared, guint32, j);
              if (game_has_feature_id (catalog, g, fid))
                g_array_append_val (next, fid);
            }
          /* Keep the second only when it shares at least two of the features (or all). */
          if (next->len < MIN (2u, shared->len))
            continue;
        }
      if (next->len == 0)
        continue;
      g_array_set_size (shared, 0);
      g_array_append_vals (shared, next->data, next->len);
      g_array_append_val (kept, c->liked);
    }

  if (kept->len == 0)
    {
      /* Nothing in common with a liked game: it is here for its facts and its rating. */
      if (game->rating_avg > 0)
        out->reason = g_strdup_printf (_("No game of yours shares its mechanics; it is here "
                                         "for its weight, length and player count, and it "
                                         "is rated %.1f on BoardGameGeek."),
                                       game->rating_avg);
      else
        out->reason = g_strdup (_("No game of yours shares its mechanics; it is here for its "
                                  "weight, length and player count."));
      out->shared_features = g_strv_builder_end (names);
      return;
    }

  for (guint j = 0; j < shared->len; j++)
    {
      guint32 fid = g_array_index (shared, guint32, j);
      FeatureShare share = { fid, 0 };
      double v = catalog->feature_value[fid];

      for (guint k = 0; k < kept->len; k++)
        {
          const Liked *l = &liked[g_array_index (kept, guint, k)];
          share.value += l->weight * v * l->game->inv_norm * v * game->inv_norm;
        }
      g_array_append_val (shares, share);
    }
  g_array_sort (shares, compare_share);
  for (guint j = 0; j < MIN (3u, shares->len); j++)
    {
      guint32 fid = g_array_index (shares, FeatureShare, j).fid;

      g_ptr_array_add (feature_labels, feature_label (catalog, fid));
      g_strv_builder_add (names, g_ptr_array_index (catalog->feature_names, fid));
    }

  for (guint k = 0; k < kept->len; k++)
    {
      const Liked *l = &liked[g_array_index (kept, guint, k)];

      g_array_append_val (out->similar_games, l->game->id);
      if (l->signal->rating == 0)
        all_rated = FALSE;
    }
  for (guint k = 0; k < kept->len; k++)
    {
      const Liked *l = &liked[g_array_index (kept, guint, k)];

      if (all_rated)
        {
          g_ptr_array_add (game_labels, g_strdup (display_title (l->game, filter)));
          g_ptr_array_add (ratings, g_strdup_printf ("%u", l->signal->rating));
        }
      else
        g_ptr_array_add (game_labels, describe_liked (l, filter));
    }

  features_text = join_list (feature_labels);
  games_text = join_list (game_labels);
  if (all_rated)
    {
      g_autofree char *ratings_text = join_list (ratings);

      /* TRANSLATORS: "Shares tile placement and city building with Welcome To... and
       * Foundations of Metropolis, which you rated 9 and 8." */
      out->reason = g_strdup_printf (_("Shares %s with %s, which you rated %s."),
                                     features_text, games_text, ratings_text);
    }
  else
    /* TRANSLATORS: "Shares tile placement with Carcassonne (a favourite)." */
    out->reason = g_strdup_printf (_("Shares %s with %s."), features_text, games_text);
  out->shared_features = g_strv_builder_end (names);
}

static TkDiscoverSuggestion *
suggestion_new (const DGame *game,
                double       score)
{
  TkDiscoverSuggestion *s = g_new0 (TkDiscoverSuggestion, 1);

  s->game_id = game->id;
  s->title = g_strdup (game->title);
  s->title_ja = g_strdup (game->title_ja);
  s->cover_path = g_strdup (game->cover_path);
  s->year = game->year;
  s->min_players = game->min_players;
  s->max_players = game->max_players;
  s->min_time = game->min_time;
  s->max_time = game->max_time;
  s->weight = game->weight;
  s->rating_avg = game->rating_avg;
  s->bgg_rank = game->bgg_rank;
  s->score = score;
  return s;
}

static void
explain_popular (const DGame            *game,
                 const TkDiscoverFilter *filter,
                 TkDiscoverSuggestion   *out)
{
  g_autofree char *rated = NULL;

  out->popular = TRUE;
  out->shared_features = g_new0 (char *, 1);
  out->similar_games = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (game->bgg_rank > 0)
    /* TRANSLATORS: %.1f is BoardGameGeek's average rating, %u its rank */
    rated = g_strdup_printf (_("rated %.1f on BoardGameGeek, rank %u"), game->rating_avg,
                             game->bgg_rank);
  else
    rated = g_strdup_printf (_("rated %.1f on BoardGameGeek"), game->rating_avg);

  /* That the library shows no taste yet is said once, above the list (the page's banner,
   * the command line's first line), not on every suggestion. */
  if (filter->players > 0 && (game->best_mask & (1u << MIN (filter->players, 16u))) != 0)
    out->reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "A catalog favourite, best with %u player: %s.",
                                                "A catalog favourite, best with %u players: %s.",
                                                filter->players),
                                   filter->players, rated);
  else if (filter->players > 0)
    out->reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "A catalog favourite for %u player: %s.",
                                                "A catalog favourite for %u players: %s.",
                                                filter->players),
                                   filter->players, rated);
  else
    out->reason = g_strdup_printf (_("A catalog favourite: %s."), rated);
}

/* ---- one game per family at the top ---- */

/* A title folded for comparing: case folded, trailing dots, ellipses and exclamation marks
 * dropped ("Welcome To..." → "welcome to"). */
static char *
fold_title (const char *title)
{
  char *folded = g_utf8_casefold (title, -1);
  gsize len = strlen (folded);

  while (len > 0 && (folded[len - 1] == '.' || folded[len - 1] == '!' || folded[len - 1] == ' '))
    folded[--len] = '\0';
  if (len >= 3 && g_str_has_suffix (folded, "…"))
    folded[len - 3] = '\0';
  return folded;
}

char *
tk_discover_family_key (GHashTable *titles,
                        const char *title)
{
  g_autofree char *folded = fold_title (title);
  const char *colon;

  /* The longest other catalog title this one begins with, at a word boundary ("Carcassonne:
   * The City", "Pandemic Iberia", "Welcome to the Moon"): a spin-off or edition of it. */
  for (gsize end = strlen (folded); end > 0; end--)
    {
      g_autofree char *prefix = NULL;
      gsize cut = end;

      if (folded[end] != ' ' && folded[end] != ':')
        continue;
      while (cut > 0 && (folded[cut - 1] == ' ' || folded[cut - 1] == ':' || folded[cut - 1] == '-'))
        cut--;
      /* Too short to name a game by itself ("go", "the"). */
      if (g_utf8_strlen (folded, cut) < 4)
        continue;
      prefix = g_strndup (folded, cut);
      if (titles != NULL && g_hash_table_contains (titles, prefix))
        return g_steal_pointer (&prefix);
    }
  /* Else what comes before a subtitle ("Pandemic Legacy: Season 1" and "…: Season 2"). */
  colon = strchr (folded, ':');
  if (colon != NULL && colon > folded)
    return g_strstrip (g_strndup (folded, colon - folded));
  return g_steal_pointer (&folded);
}

/* At most one game of a family among the first TOP_DISTINCT suggestions: the others keep
 * their order after them.  A list that opens with three editions of one game shows one
 * game, not three. */
#define TOP_DISTINCT 10

static void
diversify (TkDiscoverCatalog *catalog,
           GPtrArray         *result)
{
  g_autoptr(GHashTable) titles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) families = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) head = g_ptr_array_new ();
  g_autoptr(GPtrArray) tail = g_ptr_array_new ();

  if (result->len < 2)
    return;
  for (guint i = 0; i < catalog->n_games; i++)
    if (!catalog->games[i].expansion)
      g_hash_table_add (titles, fold_title (catalog->games[i].title));
  for (guint i = 0; i < result->len; i++)
    {
      TkDiscoverSuggestion *s = g_ptr_array_index (result, i);
      char *family = tk_discover_family_key (titles, s->title);

      if (head->len >= TOP_DISTINCT)
        {
          g_free (family);
          g_ptr_array_add (tail, s);
        }
      /* The table takes the key either way (an existing one is replaced). */
      else if (g_hash_table_add (families, family))
        g_ptr_array_add (head, s);
      else
        g_ptr_array_add (tail, s);
    }
  for (guint i = 0; i < head->len; i++)
    result->pdata[i] = head->pdata[i];
  for (guint i = 0; i < tail->len; i++)
    result->pdata[head->len + i] = tail->pdata[i];
}

GPtrArray *
tk_discover_suggest (TkDiscoverCatalog      *catalog,
                     TkDiscoverProfile      *profile,
                     const TkDiscoverFilter *filter)
{
  static const TkDiscoverFilter no_filter = { 0 };
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_discover_suggestion_free);
  g_autoptr(GArray) liked = g_array_new (FALSE, FALSE, sizeof (Liked));
  g_autoptr(GArray) scored = g_array_new (FALSE, FALSE, sizeof (Scored));
  g_autofree double *pull = NULL;
  g_autoptr(GHashTable) seen = NULL;
  GHashTableIter iter;
  gpointer value;
  double positive = 0, content_max = 0;
  guint limit;
  Facets facets;

  g_return_val_if_fail (catalog != NULL, result);
  g_return_val_if_fail (profile != NULL, result);

  if (filter == NULL)
    filter = &no_filter;
  limit = filter->limit > 0 ? filter->limit : TK_DISCOVER_DEFAULT_LIMIT;

  /* P = Σ w_g·ĝ over every game the profile knows (disliked ones pull away). */
  pull = g_new0 (double, MAX (catalog->n_features, 1));
  g_hash_table_iter_init (&iter, profile->signals);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ProfileEntry *entry = value;
      DGame *game = catalog_find (catalog, entry->id);
      double w = tk_discover_signal_weight (&entry->signal);

      if (game == NULL || w == 0)
        continue;
      for (guint j = 0; j < game->n_features; j++)
        {
          guint32 fid = catalog->feature_ids[game->first_feature + j];
          pull[fid] += w * catalog->feature_value[fid] * game->inv_norm;
        }
      if (w > 0)
        {
          Liked l = { game, &entry->signal, w };

          g_array_append_val (liked, l);
          positive += w;
        }
    }
  facets_build (&facets, (Liked *) liked->data, liked->len);

  for (guint i = 0; i < catalog->n_games; i++)
    {
      const DGame *game = &catalog->games[i];
      Scored s = { i, 0, 0 };

      if (game->expansion || !passes_filter (game, filter) ||
          !tk_discover_signal_is_eligible (tk_discover_profile_lookup (profile, game->id)))
        continue;
      if (positive > 0)
        {
          for (guint j = 0; j < game->n_features; j++)
            {
              guint32 fid = catalog->feature_ids[game->first_feature + j];
              s.content += catalog->feature_value[fid] * pull[fid];
            }
          s.content *= game->inv_norm / positive;
          content_max = MAX (content_max, s.content);
        }
      else
        {
          /* No taste to go by: the catalog's favourites, best-at-N first. */
          if (game->popularity <= 0)
            continue;
          s.score = game->popularity;
          if (filter->players > 0 && (game->best_mask & (1u << MIN (filter->players, 16u))))
            s.score += 0.1;
        }
      g_array_append_val (scored, s);
    }

  if (positive > 0)
    for (guint i = 0; i < scored->len; i++)
      {
        Scored *s = &g_array_index (scored, Scored, i);
        const DGame *game = &catalog->games[s->index];

        s->score = S_CONTENT * (content_max > 0 ? s->content / content_max : 0) +
                   S_WEIGHT * facet_weight (&facets, game) +
                   S_PLAYERS * facet_players (&facets, game) +
                   S_TIME * facet_time (&facets, game) +
                   S_POPULAR * game->popularity;
      }
  g_array_sort (scored, compare_scored);

  /* Another edition of a game the user knows, or of one already suggested, is no news:
   * titles are compared as they are. */
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_iter_init (&iter, profile->signals);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ProfileEntry *entry = value;
      DGame *game = catalog_find (catalog, entry->id);

      if (game != NULL && !tk_discover_signal_is_eligible (&entry->signal))
        g_hash_table_add (seen, (gpointer) game->title);
    }

  for (guint i = 0; i < scored->len && result->len < limit; i++)
    {
      Scored *s = &g_array_index (scored, Scored, i);
      const DGame *game = &catalog->games[s->index];
      TkDiscoverSuggestion *suggestion;

      if (!g_hash_table_add (seen, (gpointer) game->title))
        continue;
      suggestion = suggestion_new (game, s->score);

      if (positive > 0)
        explain (catalog, game, (Liked *) liked->data, liked->len, filter, suggestion);
      else
        explain_popular (game, filter, suggestion);
      g_ptr_array_add (result, suggestion);
    }
  diversify (catalog, result);
  return result;
}

GPtrArray *
tk_discover_run (TkStore                 *store,
                 const TkDiscoverFilter  *filter,
                 TkDiscoverCatalog      **catalog_cache,
                 GError                 **error)
{
  g_autoptr(TkDiscoverCatalog) catalog = NULL;
  g_autoptr(TkDiscoverProfile) profile = NULL;
  GPtrArray *suggestions;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  if (catalog_cache != NULL && *catalog_cache != NULL)
    {
      g_autofree char *fingerprint = read_fingerprint (store, error);

      if (fingerprint == NULL)
        return NULL;
      if (g_str_equal (fingerprint, (*catalog_cache)->fingerprint))
        catalog = tk_discover_catalog_ref (*catalog_cache);
    }
  if (catalog == NULL)
    {
      catalog = tk_discover_catalog_load (store, error);
      if (catalog == NULL)
        return NULL;
    }
  profile = tk_discover_profile_load (store, NULL, error);
  if (profile == NULL)
    return NULL;

  suggestions = tk_discover_suggest (catalog, profile, filter);
  if (catalog_cache != NULL && *catalog_cache != catalog)
    {
      g_clear_pointer (catalog_cache, tk_discover_catalog_unref);
      *catalog_cache = tk_discover_catalog_ref (catalog);
    }
  return suggestions;
}

/* ---- not interested ---- */

gboolean
tk_discover_set_not_interested (TkStore   *store,
                                gint64     game_id,
                                gboolean   not_interested,
                                GError   **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;
  if (not_interested)
    {
      stmt = tk_store_prepare (store,
                               "INSERT INTO collection (game_id, not_interested) VALUES (?1, 1)"
                               " ON CONFLICT (game_id) DO UPDATE SET not_interested = 1,"
                               " updated_at = unixepoch ()", error);
      if (stmt == NULL)
        goto failed;
      sqlite3_bind_int64 (stmt, 1, game_id);
      if (!tk_store_step_done (store, stmt, error))
        goto failed;
    }
  else
    {
      stmt = tk_store_prepare (store,
                               "UPDATE collection SET not_interested = 0,"
                               " updated_at = unixepoch () WHERE game_id = ?1", error);
      if (stmt == NULL)
        goto failed;
      sqlite3_bind_int64 (stmt, 1, game_id);
      if (!tk_store_step_done (store, stmt, error))
        goto failed;
      /* An entry that held only the mark goes with it. */
      stmt = tk_store_prepare (store,
                               "DELETE FROM collection WHERE game_id = ?1 AND owned = 0"
                               " AND want_to_play = 0 AND played = 0 AND favourite = 0"
                               " AND not_interested = 0 AND rating IS NULL AND comment IS NULL"
                               " AND acquired_on IS NULL AND price_paid IS NULL"
                               " AND bgg_plays = 0 AND bgg_extra IS NULL", error);
      if (stmt == NULL)
        goto failed;
      sqlite3_bind_int64 (stmt, 1, game_id);
      if (!tk_store_step_done (store, stmt, error))
        goto failed;
    }
  return tk_store_commit (store, error);

failed:
  tk_store_rollback (store);
  return FALSE;
}
