/* SPDX-License-Identifier: GPL-3.0-or-later */
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
 *
 * This file keeps the suggestions, the scoring, one game per family and tk_discover_suggest
 * and _run; the catalog in memory is in tk-discover-catalog.c, the profile in
 * tk-discover-profile.c, the reasons in tk-discover-explain.c, sharing tk-discover-private.h.
 */
#define G_LOG_DOMAIN "tk-discover"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-discover-private.h"

#define S_CONTENT          0.65
#define S_WEIGHT           0.08
#define S_PLAYERS          0.07
#define S_TIME             0.07
#define S_POPULAR          0.13

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
      DGame *game = _tk_discover_catalog_find (catalog, entry->id);
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
      DGame *game = _tk_discover_catalog_find (catalog, entry->id);

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
      suggestion = _tk_discover_suggestion_new (game, s->score);

      if (positive > 0)
        _tk_discover_explain (catalog, game, (Liked *) liked->data, liked->len, filter,
                              suggestion);
      else
        _tk_discover_explain_popular (game, filter, suggestion);
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
      g_autofree char *fingerprint = _tk_discover_catalog_read_fingerprint (store, error);

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
