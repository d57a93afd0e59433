/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-discover.c — Discover: the profile weights, scoring on a small hand-made catalog with
 * numbers worked out by hand, "not interested", filters, a fresh library, and an offline
 * evaluation over the bundled catalog (hide a liked game, see whether it comes back).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tk-catalog.h"
#include "tk-discover.h"
#include "tk-feature-names.h"
#include "tk-test-store.h"

/* ---- a hand-made catalog ---- */

/* tags: "m:Name;c:Name;d:Name" */
static gint64
add_game (TkStore    *store,
          const char *title,
          const char *tags,
          double      weight,
          int         min_players,
          int         max_players,
          const char *best,
          int         minutes,
          double      rating_avg,
          int         rank)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt;
  g_auto(GStrv) parts = g_strsplit (tags, ";", -1);
  gint64 id;

  stmt = tk_store_prepare (store, "INSERT INTO games (title, weight, min_players, max_players,"
                                  " best_players, min_time, max_time, rating_avg, bgg_rank, source)"
                                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, 'catalog')", &error);
  g_assert_no_error (error);
  sqlite3_bind_text (stmt, 1, title, -1, SQLITE_STATIC);
  if (weight > 0)
    sqlite3_bind_double (stmt, 2, weight);
  sqlite3_bind_int (stmt, 3, min_players);
  sqlite3_bind_int (stmt, 4, max_players);
  sqlite3_bind_text (stmt, 5, best, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 6, minutes);
  if (rating_avg > 0)
    sqlite3_bind_double (stmt, 7, rating_avg);
  if (rank > 0)
    sqlite3_bind_int (stmt, 8, rank);
  g_assert_true (tk_store_step_done (store, stmt, &error));
  id = tk_store_last_insert_id (store);

  stmt = tk_store_prepare (store, "INSERT INTO game_tags (game_id, kind, name) VALUES (?1, ?2, ?3)",
                           &error);
  g_assert_no_error (error);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *kind;

      if (*parts[i] == '\0')
        continue;
      kind = parts[i][0] == 'm' ? "mechanic" : parts[i][0] == 'c' ? "category" : "designer";
      sqlite3_bind_int64 (stmt, 1, id);
      sqlite3_bind_text (stmt, 2, kind, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 3, parts[i] + 2, -1, SQLITE_STATIC);
      g_assert_true (tk_store_step_done (store, stmt, &error));
    }
  return id;
}

static TkDiscoverCatalog *
load_catalog (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  TkDiscoverCatalog *catalog = tk_discover_catalog_load (store, &error);

  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  return catalog;
}

static const TkDiscoverSuggestion *
find_suggestion (GPtrArray *suggestions,
                 gint64     game_id,
                 guint     *rank)
{
  for (guint i = 0; i < suggestions->len; i++)
    {
      const TkDiscoverSuggestion *s = g_ptr_array_index (suggestions, i);

      if (s->game_id == game_id)
        {
          if (rank != NULL)
            *rank = i;
          return s;
        }
    }
  return NULL;
}

/* ---- weights ---- */

static void
test_weights (void)
{
  TkDiscoverSignal s = { 0 };

  g_assert_cmpfloat (tk_discover_signal_weight (&s), ==, 0.0);
  s.favourite = TRUE;
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 3.0, 1e-9);
  s = (TkDiscoverSignal) { .rating = 9 };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 0.4 * 4, 1e-9);
  s = (TkDiscoverSignal) { .rating = 5 };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 0.0, 1e-9);
  /* Low ratings push away. */
  s = (TkDiscoverSignal) { .rating = 4 };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), -0.5, 1e-9);
  s = (TkDiscoverSignal) { .rating = 1 };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), -2.0, 1e-9);
  /* Plays: 0.5·ln (1 + plays + recent), recent ones counting twice, at most 1.5. */
  s = (TkDiscoverSignal) { .plays = 3, .recent_plays = 1 };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 0.5 * log (5.0), 1e-9);
  s = (TkDiscoverSignal) { .plays = 3, .recent_plays = 3 };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 0.5 * log (7.0), 1e-9);
  s = (TkDiscoverSignal) { .plays = 500 };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 1.5, 1e-9);
  s = (TkDiscoverSignal) { .played = TRUE };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 0.3, 1e-9);
  s = (TkDiscoverSignal) { .owned = TRUE, .want_to_play = TRUE };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), 1.0, 1e-9);
  s = (TkDiscoverSignal) { .not_interested = TRUE };
  g_assert_cmpfloat_with_epsilon (tk_discover_signal_weight (&s), -1.5, 1e-9);
  /* Favourite beats any rating. */
  g_assert_cmpfloat (tk_discover_signal_weight (&(TkDiscoverSignal) { .favourite = TRUE }), >,
                     tk_discover_signal_weight (&(TkDiscoverSignal) { .rating = 10 }));

  g_assert_true (tk_discover_signal_is_eligible (NULL));
  g_assert_true (tk_discover_signal_is_eligible (&(TkDiscoverSignal) { 0 }));
  g_assert_false (tk_discover_signal_is_eligible (&(TkDiscoverSignal) { .owned = TRUE }));
  g_assert_false (tk_discover_signal_is_eligible (&(TkDiscoverSignal) { .played = TRUE }));
  g_assert_false (tk_discover_signal_is_eligible (&(TkDiscoverSignal) { .plays = 1 }));
  g_assert_false (tk_discover_signal_is_eligible (&(TkDiscoverSignal) { .not_interested = TRUE }));
  g_assert_false (tk_discover_signal_is_eligible (&(TkDiscoverSignal) { .rating = 3 }));
}

/* ---- scoring on a hand-made catalog ---- */

typedef struct
{
  TkStore *store;
  gint64   alpha, twin, half, stranger, owned, played, shunned, expansion, disliked, cousin;
} Small;

static void
small_set_up (Small *s)
{
  s->store = tk_test_open_memory ();
  /* The game the user loves: two mechanics and a category. */
  s->alpha = add_game (s->store, "Alpha", "m:Tile Placement;m:Set Collection;c:City Building",
                       2.0, 2, 4, "3", 45, 7.0, 0);
  /* All of Alpha's features, the same facts. */
  s->twin = add_game (s->store, "Twin", "m:Tile Placement;m:Set Collection;c:City Building",
                      2.0, 2, 4, "3", 45, 7.0, 0);
  /* One of Alpha's mechanics and one of its own. */
  s->half = add_game (s->store, "Half", "m:Tile Placement;m:Dice Rolling", 2.0, 2, 4, "3", 45,
                      7.0, 0);
  /* Nothing in common, very popular, far in weight, length and player count. */
  s->stranger = add_game (s->store, "Stranger", "m:Worker Placement;c:Economic", 4.5, 5, 6, "6",
                          240, 9.0, 1);
  /* Like Alpha, but the user owns, has played or does not want them. */
  s->owned = add_game (s->store, "Owned", "m:Tile Placement;m:Set Collection;c:City Building",
                       2.0, 2, 4, "3", 45, 7.0, 0);
  s->played = add_game (s->store, "Played", "m:Tile Placement;m:Set Collection;c:City Building",
                        2.0, 2, 4, "3", 45, 7.0, 0);
  s->shunned = add_game (s->store, "Shunned", "m:Tile Placement;m:Set Collection;c:City Building",
                         2.0, 2, 4, "3", 45, 7.0, 0);
  s->expansion = add_game (s->store, "Alpha: More Tiles",
                           "m:Tile Placement;m:Set Collection;c:City Building;"
                           "c:Expansion for Base-game", 2.0, 2, 4, "3", 45, 7.5, 0);
  /* A game the user rated 2, and a candidate that shares only its feature. */
  s->disliked = add_game (s->store, "Dud", "m:Roll and Move", 1.5, 2, 6, NULL, 30, 5.0, 0);
  s->cousin = add_game (s->store, "Cousin", "m:Roll and Move;m:Tile Placement", 2.0, 2, 4, "3",
                        45, 7.0, 0);
}

static TkDiscoverProfile *
small_profile (Small *s)
{
  TkDiscoverProfile *profile = tk_discover_profile_new ();

  tk_discover_profile_set (profile, s->alpha, &(TkDiscoverSignal) { .rating = 9 });
  tk_discover_profile_set (profile, s->owned, &(TkDiscoverSignal) { .owned = TRUE });
  tk_discover_profile_set (profile, s->played, &(TkDiscoverSignal) { .plays = 2 });
  tk_discover_profile_set (profile, s->shunned, &(TkDiscoverSignal) { .not_interested = TRUE });
  return profile;
}

static void
test_small_ranking (void)
{
  Small s;
  g_autoptr(TkDiscoverCatalog) catalog = NULL;
  g_autoptr(TkDiscoverProfile) profile = NULL;
  g_autoptr(GPtrArray) suggestions = NULL;
  const TkDiscoverSuggestion *twin, *half, *stranger;
  guint r_twin = G_MAXUINT, r_half = G_MAXUINT, r_stranger = G_MAXUINT;

  small_set_up (&s);
  catalog = load_catalog (s.store);
  g_assert_cmpuint (tk_discover_catalog_get_n_games (catalog), ==, 10);
  g_assert_true (tk_discover_catalog_is_expansion (catalog, s.expansion));
  g_assert_false (tk_discover_catalog_has_feature (catalog, s.expansion, "Expansion for Base-game"));
  profile = small_profile (&s);
  suggestions = tk_discover_suggest (catalog, profile, NULL);

  /* Known games, the expansion and Alpha itself never come back. */
  g_assert_null (find_suggestion (suggestions, s.alpha, NULL));
  g_assert_null (find_suggestion (suggestions, s.owned, NULL));
  g_assert_null (find_suggestion (suggestions, s.played, NULL));
  g_assert_null (find_suggestion (suggestions, s.shunned, NULL));
  g_assert_null (find_suggestion (suggestions, s.expansion, NULL));

  twin = find_suggestion (suggestions, s.twin, &r_twin);
  half = find_suggestion (suggestions, s.half, &r_half);
  stranger = find_suggestion (suggestions, s.stranger, &r_stranger);
  g_assert_nonnull (twin);
  g_assert_nonnull (half);
  g_assert_nonnull (stranger);
  g_assert_cmpuint (r_twin, ==, 0);
  g_assert_cmpuint (r_half, <, r_stranger);

  /* By hand.  Twin is Alpha's copy: cos = 1 (the best content, so 1 after scaling), the same
   * weight, length and player counts (1 each), popularity (7.0 − 5.5) / 3 = 0.5 halved for
   * having no rank: 0.65 + 0.08 + 0.07 + 0.07 + 0.13 × 0.25 = 0.9025. */
  g_assert_cmpfloat_with_epsilon (twin->score, 0.9025, 1e-6);
  /* Stranger shares nothing (the Shunned game pulls only on Alpha's features), weight 4.5
   * against 2.0 ± 0.4 (e^−19.5), 240 min against 45 (e^−11.4 in log minutes), plays with 5–6
   * where Alpha plays with 2–4: almost only its popularity, rating 9 rank 1 → 1 × 0.13. */
  g_assert_cmpfloat_with_epsilon (stranger->score, 0.13, 1e-4);
  /* Half shares Tile Placement only, so it scores between them. */
  g_assert_cmpfloat (half->score, <, twin->score);
  g_assert_cmpfloat (half->score, >, stranger->score);

  /* The reason names the shared features, heaviest first (City Building and Set Collection
   * are on 6 of the 10 games, Tile Placement on 8), and the game with its rating. */
  g_assert_cmpstr (twin->reason, ==,
                   "Shares city building, set collection and tile placement with Alpha, "
                   "which you rated 9.");
  g_assert_cmpuint (twin->similar_games->len, ==, 1);
  g_assert_cmpint (g_array_index (twin->similar_games, gint64, 0), ==, s.alpha);
  g_assert_cmpstr (half->reason, ==, "Shares tile placement with Alpha, which you rated 9.");
  g_assert_cmpuint (g_strv_length (half->shared_features), ==, 1);
  g_assert_cmpstr (half->shared_features[0], ==, "Tile Placement");
  g_assert_true (g_str_has_prefix (stranger->reason, "No game of yours shares its mechanics"));
  g_assert_cmpuint (g_strv_length (stranger->shared_features), ==, 0);

  tk_store_close (s.store);
  g_object_unref (s.store);
}

/* The forms of the reason: one or two games, ratings or what else the user told. */
static void
test_small_reason_forms (void)
{
  Small s;
  g_autoptr(TkDiscoverCatalog) catalog = NULL;
  g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
  g_autoptr(GPtrArray) suggestions = NULL;
  const TkDiscoverSuggestion *twin;

  small_set_up (&s);
  catalog = load_catalog (s.store);

  /* Two rated games of nearly equal pull (owned + 8: 1.7, rated 9: 1.6), both with all of
   * Twin's features: both named, the larger first. */
  tk_discover_profile_set (profile, s.alpha, &(TkDiscoverSignal) { .rating = 9 });
  tk_discover_profile_set (profile, s.owned, &(TkDiscoverSignal) { .owned = TRUE, .rating = 8 });
  suggestions = tk_discover_suggest (catalog, profile, NULL);
  twin = find_suggestion (suggestions, s.twin, NULL);
  g_assert_nonnull (twin);
  g_assert_cmpstr (twin ? twin->reason : NULL, ==,
                   "Shares city building, set collection and tile placement "
                                     "with Owned and Alpha, which you rated 8 and 9.");
  g_assert_cmpuint (twin ? twin->similar_games->len : 0, ==, 2);
  g_clear_pointer (&suggestions, g_ptr_array_unref);

  /* An unrated favourite, and a game only played: no ratings form. */
  tk_discover_profile_set (profile, s.alpha, &(TkDiscoverSignal) { .favourite = TRUE });
  tk_discover_profile_set (profile, s.owned, &(TkDiscoverSignal) { .plays = 3 });
  suggestions = tk_discover_suggest (catalog, profile, NULL);
  twin = find_suggestion (suggestions, s.twin, NULL);
  g_assert_nonnull (twin);
  /* 3 against 0.5 ln 4 = 0.69: the played game pulls less than half, so it is left out. */
  g_assert_cmpstr (twin ? twin->reason : NULL, ==,
                   "Shares city building, set collection and tile placement "
                                     "with Alpha (a favourite).");
  g_clear_pointer (&suggestions, g_ptr_array_unref);

  tk_discover_profile_set (profile, s.alpha, &(TkDiscoverSignal) { .plays = 3, .recent_plays = 3 });
  tk_discover_profile_remove (profile, s.owned);
  suggestions = tk_discover_suggest (catalog, profile, NULL);
  twin = find_suggestion (suggestions, s.twin, NULL);
  g_assert_nonnull (twin);
  g_assert_cmpstr (twin ? twin->reason : NULL, ==,
                   "Shares city building, set collection and tile placement "
                                     "with Alpha (played 3 times).");

  tk_store_close (s.store);
  g_object_unref (s.store);
}

static void
test_small_dislike (void)
{
  Small s;
  g_autoptr(TkDiscoverCatalog) catalog = NULL;
  g_autoptr(TkDiscoverProfile) profile = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  const TkDiscoverSuggestion *c1, *c2;

  small_set_up (&s);
  catalog = load_catalog (s.store);
  profile = small_profile (&s);
  before = tk_discover_suggest (catalog, profile, NULL);
  /* The user rates Dud 2: Cousin, which shares its mechanic, drops; Twin does not move. */
  tk_discover_profile_set (profile, s.disliked, &(TkDiscoverSignal) { .rating = 2, .plays = 1 });
  after = tk_discover_suggest (catalog, profile, NULL);
  c1 = find_suggestion (before, s.cousin, NULL);
  c2 = find_suggestion (after, s.cousin, NULL);
  g_assert_nonnull (c1);
  g_assert_nonnull (c2);
  g_assert_cmpfloat (c2 ? c2->score : 1, <, (c1 ? c1->score : 0) - 0.05);
  g_assert_cmpfloat_with_epsilon (((TkDiscoverSuggestion *) g_ptr_array_index (after, 0))->score,
                                  0.9025, 1e-6);
  g_assert_null (find_suggestion (after, s.disliked, NULL));
  /* Its reason never names the disliked game. */
  for (guint i = 0; i < c2->similar_games->len; i++)
    g_assert_cmpint (g_array_index (c2->similar_games, gint64, i), !=, s.disliked);

  tk_store_close (s.store);
  g_object_unref (s.store);
}

static void
test_small_filters (void)
{
  Small s;
  g_autoptr(TkDiscoverCatalog) catalog = NULL;
  g_autoptr(TkDiscoverProfile) profile = NULL;
  g_autoptr(GPtrArray) five = NULL;
  g_autoptr(GPtrArray) short_games = NULL;
  g_autoptr(GPtrArray) one = NULL;
  TkDiscoverFilter filter = { 0 };

  small_set_up (&s);
  catalog = load_catalog (s.store);
  profile = small_profile (&s);

  /* Five players: only Stranger (5–6) and Dud (2–6) play with five. */
  filter.players = 5;
  five = tk_discover_suggest (catalog, profile, &filter);
  g_assert_cmpuint (five->len, ==, 2);
  g_assert_nonnull (find_suggestion (five, s.stranger, NULL));
  g_assert_nonnull (find_suggestion (five, s.disliked, NULL));

  /* At most 30 minutes: only Dud. */
  filter = (TkDiscoverFilter) { .max_minutes = 30 };
  short_games = tk_discover_suggest (catalog, profile, &filter);
  g_assert_cmpuint (short_games->len, ==, 1);
  g_assert_cmpint (((TkDiscoverSuggestion *) g_ptr_array_index (short_games, 0))->game_id, ==,
                   s.disliked);

  /* The limit. */
  filter = (TkDiscoverFilter) { .limit = 1 };
  one = tk_discover_suggest (catalog, profile, &filter);
  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpint (((TkDiscoverSuggestion *) g_ptr_array_index (one, 0))->game_id, ==, s.twin);

  tk_store_close (s.store);
  g_object_unref (s.store);
}

static void
test_small_fresh (void)
{
  Small s;
  g_autoptr(TkDiscoverCatalog) catalog = NULL;
  g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) five = NULL;
  const TkDiscoverSuggestion *first;
  TkDiscoverFilter filter = { 0 };

  small_set_up (&s);
  catalog = load_catalog (s.store);

  /* No taste: the best rated first (Stranger, 9.0 and rank 1), every one marked popular;
   * not the expansion, nor Dud (5.0, below the 5.5 where popularity starts). */
  all = tk_discover_suggest (catalog, profile, NULL);
  g_assert_cmpuint (all->len, ==, 8);
  g_assert_null (find_suggestion (all, s.disliked, NULL));
  first = g_ptr_array_index (all, 0);
  g_assert_cmpint (first->game_id, ==, s.stranger);
  g_assert_cmpfloat_with_epsilon (first->score, 1.0, 1e-6);
  for (guint i = 0; i < all->len; i++)
    {
      const TkDiscoverSuggestion *sg = g_ptr_array_index (all, i);

      g_assert_true (sg->popular);
      g_assert_true (g_str_has_prefix (sg->reason, "A catalog favourite"));
      g_assert_cmpuint (sg->similar_games->len, ==, 0);
      if (i > 0)
        g_assert_cmpfloat (sg->score, <=,
                           ((TkDiscoverSuggestion *) g_ptr_array_index (all, i - 1))->score);
    }
  /* The banner above the list says once that the library shows no taste yet. */
  g_assert_cmpstr (first->reason, ==, "A catalog favourite: rated 9.0 on BoardGameGeek, rank 1.");

  /* For five players: the catalog favourites that play with five (Dud does, unrated). */
  filter.players = 5;
  five = tk_discover_suggest (catalog, profile, &filter);
  g_assert_cmpuint (five->len, ==, 1);
  g_assert_cmpstr (((TkDiscoverSuggestion *) g_ptr_array_index (five, 0))->reason, ==,
                   "A catalog favourite for 5 players: rated 9.0 on BoardGameGeek, rank 1.");

  tk_store_close (s.store);
  g_object_unref (s.store);
}

/* The profile read from the library: collection statuses, BGG plays, logged plays. */
static void
test_profile_load (void)
{
  Small s;
  g_autoptr(GError) error = NULL;
  g_autoptr(TkDiscoverProfile) profile = NULL;
  g_autoptr(TkDiscoverCatalog) cache = NULL;
  g_autoptr(GPtrArray) suggestions = NULL;
  TkDiscoverCatalog *first_cache;
  const TkDiscoverSignal *sig;
  GDate today;
  char sql[512];

  small_set_up (&s);
  g_snprintf (sql, sizeof sql,
              "INSERT INTO collection (game_id, owned, favourite, rating, bgg_plays)"
              " VALUES (%" G_GINT64_FORMAT ", 1, 1, 9, 4);"
              "INSERT INTO collection (game_id, not_interested) VALUES (%" G_GINT64_FORMAT ", 1);"
              "INSERT INTO plays (game_id, game_title, played_on) VALUES"
              " (%" G_GINT64_FORMAT ", 'Alpha', '2026-03-01'),"
              " (%" G_GINT64_FORMAT ", 'Alpha', '2024-03-01'),"
              " (%" G_GINT64_FORMAT ", 'Played', '2020-01-01');",
              s.alpha, s.shunned, s.alpha, s.alpha, s.played);
  tk_test_exec_ok (s.store, sql);

  g_date_clear (&today, 1);
  g_date_set_dmy (&today, 1, 6, 2026);
  profile = tk_discover_profile_load (s.store, &today, &error);
  g_assert_no_error (error);
  sig = tk_discover_profile_lookup (profile, s.alpha);
  g_assert_nonnull (sig);
  g_assert_true (sig->owned && sig->favourite);
  g_assert_cmpuint (sig->rating, ==, 9);
  g_assert_cmpuint (sig->plays, ==, 6);          /* 4 from BGG + 2 logged */
  g_assert_cmpuint (sig->recent_plays, ==, 1);   /* 2026-03-01 is within a year of 2026-06-01 */
  sig = tk_discover_profile_lookup (profile, s.played);
  g_assert_nonnull (sig);
  g_assert_cmpuint (sig->plays, ==, 1);
  g_assert_false (sig->played);                  /* no collection entry, only the logged play */
  g_assert_true (tk_discover_profile_lookup (profile, s.shunned)->not_interested);
  g_assert_null (tk_discover_profile_lookup (profile, s.twin));

  /* The whole run over the library, and the catalog kept between runs. */
  suggestions = tk_discover_run (s.store, NULL, &cache, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cache);
  first_cache = cache;
  g_assert_null (find_suggestion (suggestions, s.alpha, NULL));
  g_assert_null (find_suggestion (suggestions, s.played, NULL));
  g_assert_null (find_suggestion (suggestions, s.shunned, NULL));
  g_assert_cmpint (((TkDiscoverSuggestion *) g_ptr_array_index (suggestions, 0))->game_id, ==,
                   s.twin);
  g_clear_pointer (&suggestions, g_ptr_array_unref);
  suggestions = tk_discover_run (s.store, NULL, &cache, &error);
  g_assert_no_error (error);
  g_assert_true (cache == first_cache);      /* nothing changed: the same catalog */
  g_clear_pointer (&suggestions, g_ptr_array_unref);
  add_game (s.store, "Newcomer", "m:Tile Placement", 2.0, 2, 4, "3", 45, 7.0, 0);
  suggestions = tk_discover_run (s.store, NULL, &cache, &error);
  g_assert_no_error (error);
  g_assert_true (cache != first_cache);      /* a game more: read again */
  g_assert_cmpuint (tk_discover_catalog_get_n_games (cache), ==, 11);

  tk_store_close (s.store);
  g_object_unref (s.store);
}

/* "Not interested" persists in the collection and in not_interested (schema 5), and
 * unmarking leaves the library as it was. */
static void
test_not_interested (void)
{
  Small s;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) suggestions = NULL;
  char sql[256];

  small_set_up (&s);
  g_assert_cmpint (tk_store_get_schema_version (s.store), >=, 5);

  g_assert_true (tk_discover_set_not_interested (s.store, s.twin, TRUE, &error));
  g_assert_no_error (error);
  g_snprintf (sql, sizeof sql, "SELECT count(*) FROM collection WHERE game_id = %" G_GINT64_FORMAT
              " AND not_interested = 1", s.twin);
  g_assert_cmpint (tk_store_query_int (s.store, sql, -1, NULL), ==, 1);
  g_snprintf (sql, sizeof sql, "SELECT count(*) FROM not_interested WHERE game_id = %"
              G_GINT64_FORMAT " AND marked_at > 0", s.twin);
  g_assert_cmpint (tk_store_query_int (s.store, sql, -1, NULL), ==, 1);
  suggestions = tk_discover_run (s.store, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (find_suggestion (suggestions, s.twin, NULL));

  /* Undo: no entry is left behind. */
  g_assert_true (tk_discover_set_not_interested (s.store, s.twin, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_query_int (s.store, "SELECT count(*) FROM collection", -1, NULL), ==, 0);
  g_assert_cmpint (tk_store_query_int (s.store, "SELECT count(*) FROM not_interested", -1, NULL),
                   ==, 0);

  /* An entry with more in it stays, without the mark. */
  g_snprintf (sql, sizeof sql, "INSERT INTO collection (game_id, want_to_play) VALUES (%"
              G_GINT64_FORMAT ", 1)", s.half);
  tk_test_exec_ok (s.store, sql);
  g_assert_true (tk_discover_set_not_interested (s.store, s.half, TRUE, &error));
  g_assert_true (tk_discover_set_not_interested (s.store, s.half, FALSE, &error));
  g_assert_no_error (error);
  g_snprintf (sql, sizeof sql, "SELECT want_to_play + 2 * not_interested FROM collection"
              " WHERE game_id = %" G_GINT64_FORMAT, s.half);
  g_assert_cmpint (tk_store_query_int (s.store, sql, -1, NULL), ==, 1);

  /* The mark's time survives a rewrite of the entry (INSERT OR REPLACE, as TkCollection
   * writes) and goes with the entry. */
  g_snprintf (sql, sizeof sql, "INSERT INTO collection (game_id, not_interested) VALUES (%"
              G_GINT64_FORMAT ", 1); UPDATE not_interested SET marked_at = 1000;"
              "INSERT OR REPLACE INTO collection (game_id, not_interested, owned) VALUES (%"
              G_GINT64_FORMAT ", 1, 0)", s.stranger, s.stranger);
  tk_test_exec_ok (s.store, sql);
  g_assert_cmpint (tk_store_query_int (s.store, "SELECT marked_at FROM not_interested", -1, NULL),
                   ==, 1000);
  tk_test_exec_ok (s.store, "DELETE FROM collection WHERE not_interested = 1");
  g_assert_cmpint (tk_store_query_int (s.store, "SELECT count(*) FROM not_interested", -1, NULL),
                   ==, 0);

  tk_store_close (s.store);
  g_object_unref (s.store);
}

/* ---- the bundled catalog ---- */

static TkStore *bundled_store;
static TkDiscoverCatalog *bundled;

static void
ensure_bundled (void)
{
  g_autoptr(GError) error = NULL;

  if (bundled != NULL)
    return;
  bundled_store = tk_test_open_memory ();
  g_assert_true (tk_catalog_ensure (bundled_store, NULL, &error));
  g_assert_no_error (error);
  bundled = load_catalog (bundled_store);
  g_assert_cmpuint (tk_discover_catalog_get_n_games (bundled), >=, 2016);
}

static gint64
bundled_id (const char *title)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (bundled_store,
                                         "SELECT id FROM games WHERE title = ?1", &error);
  gint64 id = 0;

  g_assert_no_error (error);
  sqlite3_bind_text (stmt, 1, title, -1, SQLITE_STATIC);
  if (tk_store_step (bundled_store, stmt, &error) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* Ids of games (not expansions, with a BGG rating) having every one of @names. */
static GArray *
bundled_with_features (const char *const *names,
                       guint              n_names)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (bundled_store,
                                         "SELECT id FROM games WHERE rating_avg IS NOT NULL"
                                         " ORDER BY id", &error);

  g_assert_no_error (error);
  while (tk_store_step (bundled_store, stmt, &error) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      gboolean all = !tk_discover_catalog_is_expansion (bundled, id);

      for (guint i = 0; all && i < n_names; i++)
        all = tk_discover_catalog_has_feature (bundled, id, names[i]);
      if (all)
        g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  g_assert_no_error (error);
  return ids;
}

/* The rank (0-based) of @hidden among the suggestions for @profile, G_MAXUINT past @limit. */
static guint
rank_of (TkDiscoverProfile *profile,
         gint64             hidden,
         guint              limit)
{
  TkDiscoverFilter filter = { .limit = limit };
  g_autoptr(GPtrArray) suggestions = tk_discover_suggest (bundled, profile, &filter);
  guint rank = G_MAXUINT;

  find_suggestion (suggestions, hidden, &rank);
  return rank;
}

/* Checks every suggestion against the profile: eligible, filters kept, and a reason that
 * names only liked games of the profile and features the game shares with all of them. */
static void
check_suggestions (TkDiscoverProfile      *profile,
                   const TkDiscoverFilter *filter,
                   GPtrArray              *suggestions)
{
  for (guint i = 0; i < suggestions->len; i++)
    {
      const TkDiscoverSuggestion *s = g_ptr_array_index (suggestions, i);
      const TkDiscoverSignal *own = tk_discover_profile_lookup (profile, s->game_id);

      g_assert_true (tk_discover_signal_is_eligible (own));
      g_assert_false (tk_discover_catalog_is_expansion (bundled, s->game_id));
      g_assert_nonnull (s->reason);
      g_assert_cmpuint (strlen (s->reason), >, 10);
      if (filter != NULL && filter->players > 0)
        {
          guint lo = s->min_players ? s->min_players : s->max_players;
          guint hi = s->max_players ? s->max_players : s->min_players;
          g_assert_cmpuint (lo, <=, filter->players);
          g_assert_cmpuint (hi, >=, filter->players);
        }
      if (filter != NULL && filter->max_minutes > 0)
        {
          guint t = s->max_time ? s->max_time : s->min_time;
          g_assert_cmpuint (t, >, 0);
          g_assert_cmpuint (t, <=, filter->max_minutes);
        }
      for (guint k = 0; s->shared_features[k] != NULL; k++)
        {
          g_assert_true (tk_discover_catalog_has_feature (bundled, s->game_id,
                                                          s->shared_features[k]));
          for (guint j = 0; j < s->similar_games->len; j++)
            g_assert_true (tk_discover_catalog_has_feature (bundled,
                                                            g_array_index (s->similar_games,
                                                                           gint64, j),
                                                            s->shared_features[k]));
        }
      for (guint j = 0; j < s->similar_games->len; j++)
        {
          gint64 id = g_array_index (s->similar_games, gint64, j);
          const TkDiscoverSignal *sig = tk_discover_profile_lookup (profile, id);
          g_autofree char *rated = NULL;

          g_assert_nonnull (sig);
          g_assert_cmpfloat (tk_discover_signal_weight (sig), >, 0);
          g_assert_nonnull (strstr (s->reason, tk_discover_catalog_get_title (bundled, id)));
          if (sig->rating > 0)
            {
              rated = g_strdup_printf ("%u", sig->rating);
              g_assert_nonnull (strstr (s->reason, rated));
            }
        }
      /* A reason naming games names at least one shared feature, and the other way. */
      g_assert_cmpuint (s->similar_games->len > 0, ==, s->shared_features[0] != NULL);
    }
}

/* Several tile-placement city builders rated high; each in turn is hidden (dropped from the
 * profile, so it is eligible again) and should come back in the top 10. */
static void
test_eval_city_builders (void)
{
  static const struct { const char *title; guint rating; gboolean favourite; } liked[] = {
    { "Suburbia", 9, TRUE },
    { "Carcassonne", 8, FALSE },
    { "Quadropolis", 8, FALSE },
    { "Kingdomino", 9, FALSE },
    { "Akropolis", 9, TRUE },
    { "Sprawlopolis", 8, FALSE },
    { "My City", 8, FALSE },
    { "Between Two Cities", 7, FALSE },
  };
  guint hits = 0;

  ensure_bundled ();
  for (guint h = 0; h < G_N_ELEMENTS (liked); h++)
    {
      g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
      g_autoptr(GPtrArray) top = NULL;
      gint64 hidden = bundled_id (liked[h].title);
      guint rank;

      for (guint i = 0; i < G_N_ELEMENTS (liked); i++)
        if (i != h)
          tk_discover_profile_set (profile, bundled_id (liked[i].title),
                                   &(TkDiscoverSignal) { .rating = liked[i].rating,
                                                         .favourite = liked[i].favourite,
                                                         .owned = TRUE, .plays = 3 });
      /* Some noise: a party game rated low, a heavy war game not wanted. */
      tk_discover_profile_set (profile, bundled_id ("Codenames"),
                               &(TkDiscoverSignal) { .rating = 3, .plays = 1 });
      rank = rank_of (profile, hidden, 5000);
      g_test_message ("city builders: hidden %-20s rank %u", liked[h].title, rank + 1);
      if (rank < 10)
        hits++;
      top = tk_discover_suggest (bundled, profile, NULL);
      check_suggestions (profile, NULL, top);
      for (guint i = 0; i < MIN (10u, top->len); i++)
        g_test_message ("  %u. %.3f %s — %s", i + 1,
                        ((TkDiscoverSuggestion *) g_ptr_array_index (top, i))->score,
                        ((TkDiscoverSuggestion *) g_ptr_array_index (top, i))->title,
                        ((TkDiscoverSuggestion *) g_ptr_array_index (top, i))->reason);
    }
  g_test_message ("city builders: hit rate at 10 = %u/%u", hits, (guint) G_N_ELEMENTS (liked));
  printf ("# discover: hand-built city-builder profile, leave-one-out hit rate at 10: %u/%u\n",
          hits, (guint) G_N_ELEMENTS (liked));
  /* The catalog has about 40 tile-placement city builders (not expansions); 7 are in the
   * profile, so 10 drawn at random among the other ~33 would find the hidden one 30% of the
   * time (2.4 of 8), and 10 drawn among all ~1,600 eligible games 0.6%.  We must do better
   * than the first: at least 3 of 8 (4 measured when this was written). */
  g_assert_cmpuint (hits, >=, 3);
}

/* The popularity order alone: the baseline the evaluation is compared with. */
static guint
popularity_rank (TkDiscoverProfile *profile,
                 gint64             hidden)
{
  g_autoptr(TkDiscoverProfile) empty = tk_discover_profile_new ();
  TkDiscoverFilter filter = { .limit = 400 };
  g_autoptr(GPtrArray) popular = tk_discover_suggest (bundled, empty, &filter);
  guint rank = 0;

  for (guint i = 0; i < popular->len; i++)
    {
      const TkDiscoverSuggestion *s = g_ptr_array_index (popular, i);

      if (s->game_id == hidden)
        return rank;
      if (tk_discover_signal_is_eligible (tk_discover_profile_lookup (profile, s->game_id)))
        rank++;
    }
  return G_MAXUINT;
}

/* Synthetic tastes: a frequent mechanic and a category together (e.g. deck building with
 * fantasy), 6 liked games having both, plus noise (games rated low, games owned and never
 * rated).  One liked game is hidden; hit when it is in the top 10. */
static void
test_eval_synthetic (void)
{
  static const char *const mechanics[] = {
    "Tile Placement", "Deck, Bag, and Pool Building", "Worker Placement", "Cooperative Game",
    "Area Majority / Influence", "Trick-taking", "Network and Route Building",
    "Dice Rolling", "Set Collection", "Hand Management", "Open Drafting",
  };
  static const char *const categories[] = {
    "City Building", "Fantasy", "Economic", "Science Fiction", "Card Game", "Animals",
    "Medieval", "Trains", "Adventure", "Territory Building", "Farming", "Ancient",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  g_autoptr(GArray) all = NULL;
  guint profiles = 0, hits = 0, baseline_hits = 0, attempts = 0;
  double cluster_chance = 0;

  ensure_bundled ();
  all = bundled_with_features (NULL, 0);
  while (profiles < 200 && attempts < 5000)
    {
      const char *pair[2];
      g_autoptr(GArray) cluster = NULL;
      g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
      gint64 hidden;
      guint rank;

      attempts++;
      pair[0] = mechanics[g_rand_int_range (rand, 0, G_N_ELEMENTS (mechanics))];
      pair[1] = categories[g_rand_int_range (rand, 0, G_N_ELEMENTS (categories))];
      cluster = bundled_with_features (pair, 2);
      if (cluster->len < 8)
        continue;
      /* Shuffle the cluster; the first 6 are liked, the first of them hidden. */
      for (guint i = cluster->len - 1; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1);
          gint64 t = g_array_index (cluster, gint64, i);
          g_array_index (cluster, gint64, i) = g_array_index (cluster, gint64, j);
          g_array_index (cluster, gint64, j) = t;
        }
      hidden = g_array_index (cluster, gint64, 0);
      for (guint i = 1; i < 6; i++)
        {
          TkDiscoverSignal sig = { .rating = g_rand_int_range (rand, 7, 11),
                                   .favourite = i == 1, .owned = g_rand_boolean (rand),
                                   .plays = g_rand_int_range (rand, 0, 6) };
          sig.played = sig.plays > 0;
          tk_discover_profile_set (profile, g_array_index (cluster, gint64, i), &sig);
        }
      for (guint i = 0; i < 6; i++)
        {
          gint64 id = g_array_index (all, gint64, g_rand_int_range (rand, 0, all->len));

          if (id == hidden || tk_discover_profile_lookup (profile, id) != NULL)
            continue;
          if (i < 3)
            tk_discover_profile_set (profile, id,
                                     &(TkDiscoverSignal) { .rating = g_rand_int_range (rand, 2, 5),
                                                           .plays = 1 });
          else
            tk_discover_profile_set (profile, id, &(TkDiscoverSignal) { .owned = TRUE });
        }
      rank = rank_of (profile, hidden, 10);
      if (rank < 10)
        hits++;
      /* Knowing the two features that define the taste, and picking 10 at random among the
       * cluster's members not in the profile, would find the hidden one this often. */
      cluster_chance += MIN (1.0, 10.0 / (cluster->len - 5));
      if (popularity_rank (profile, hidden) < 10)
        baseline_hits++;
      profiles++;
    }
  g_assert_cmpuint (profiles, ==, 200);
  cluster_chance /= profiles;
  printf ("# discover: synthetic profiles, leave-one-out hit rate at 10: %u/%u (%.0f%%); "
          "popularity order alone: %u/%u; 10 drawn at random from the taste's own cluster: "
          "%.0f%%\n", hits, profiles, 100.0 * hits / profiles, baseline_hits, profiles,
          100.0 * cluster_chance);
  /* 10 drawn at random among ~1,600 eligible games hit 0.6% of the time; the popularity
   * order alone hits about 2%.  A draw from the taste's own cluster (which knows the two
   * defining features, something the profile only shows through noisy liked games) is the
   * ceiling printed above (~50%).  We require a fifth of the profiles (30% measured when
   * this was written) and five times what popularity alone finds. */
  g_assert_cmpuint (hits * 5, >=, profiles);
  g_assert_cmpuint (hits, >=, 5 * MAX (baseline_hits, 1u));
}

/* Random libraries: whatever the statuses, nothing owned, played, rated, wanted or marked
 * not interested is ever suggested, filters hold, and every reason checks out. */
static void
test_random_profiles_never_known (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autoptr(GArray) all = NULL;
  guint checked = 0;

  ensure_bundled ();
  all = bundled_with_features (NULL, 0);
  for (guint p = 0; p < 150; p++)
    {
      g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
      g_autoptr(GPtrArray) suggestions = NULL;
      TkDiscoverFilter filter = { .limit = 50 };
      guint n = g_rand_int_range (rand, 1, 120);

      for (guint i = 0; i < n; i++)
        {
          gint64 id = g_array_index (all, gint64, g_rand_int_range (rand, 0, all->len));
          TkDiscoverSignal sig = { 0 };

          switch (g_rand_int_range (rand, 0, 7))
            {
            case 0: sig.owned = TRUE; break;
            case 1: sig.played = TRUE; break;
            case 2: sig.plays = g_rand_int_range (rand, 1, 30);
                    sig.recent_plays = g_rand_int_range (rand, 0, sig.plays + 1); break;
            case 3: sig.not_interested = TRUE; break;
            case 4: sig.rating = g_rand_int_range (rand, 1, 11); break;
            case 5: sig.favourite = TRUE; sig.rating = g_rand_int_range (rand, 0, 11); break;
            default: sig.want_to_play = TRUE; break;
            }
          tk_discover_profile_set (profile, id, &sig);
        }
      if (p % 3 == 1)
        filter.players = g_rand_int_range (rand, 1, 7);
      if (p % 3 == 2)
        filter.max_minutes = 15 * g_rand_int_range (rand, 1, 9);
      suggestions = tk_discover_suggest (bundled, profile, &filter);
      check_suggestions (profile, &filter, suggestions);
      checked += suggestions->len;
    }
  g_test_message ("random profiles: %u suggestions checked", checked);
  g_assert_cmpuint (checked, >, 150 * 20);
}

/* Every mechanic and category of the bundled catalog is listed for translation (a catalog
 * upgrade with a new name fails here until it is added); in the C locale, and for a name
 * that is not listed, the name comes back as it is. */
static void
test_feature_names (void)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt;
  guint n = 0, missing = 0;

  ensure_bundled ();
  stmt = tk_store_prepare (bundled_store, "SELECT DISTINCT kind, name FROM game_tags"
                                          " WHERE kind IN ('mechanic', 'category')", &error);
  g_assert_no_error (error);
  while (tk_store_step (bundled_store, stmt, &error) == SQLITE_ROW)
    {
      const char *kind = (const char *) sqlite3_column_text (stmt, 0);
      const char *name = (const char *) sqlite3_column_text (stmt, 1);

      n++;
      if (!tk_feature_name_is_known (kind, name))
        {
          g_test_message ("not listed for translation: %s “%s”", kind, name);
          missing++;
        }
      g_assert_cmpstr (tk_feature_name_translate (kind, name), ==, name);
    }
  sqlite3_reset (stmt);
  g_assert_no_error (error);
  g_assert_cmpuint (n, >, 200);   /* the catalog has its tags */
  g_assert_cmpuint (missing, ==, 0);

  g_assert_false (tk_feature_name_is_known ("mechanic", "Moon Landing"));
  g_assert_cmpstr (tk_feature_name_translate ("mechanic", "Moon Landing"), ==, "Moon Landing");
  g_assert_false (tk_feature_name_is_known ("designer", "Tile Placement"));
  g_assert_true (tk_feature_name_is_known ("category", "City Building"));
  g_assert_false (tk_feature_name_is_known ("category", "Tile Placement"));
}

/* One game per family among the first ten: a Carcassonne fan's list does not open with
 * Carcassonne: The City, Carcassonne: The Castle and more of them; the editions are still
 * suggested, further down.  The family comes from the catalog's titles. */
static void
test_diversified (void)
{
  g_autoptr(GHashTable) titles = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
  g_autoptr(GPtrArray) top = NULL;
  TkDiscoverFilter filter = { .limit = 60 };
  guint carcassonne_family = 0, carcassonne_top = 0;
  char *key;

  g_hash_table_add (titles, (gpointer) "carcassonne");
  g_hash_table_add (titles, (gpointer) "welcome to");
  g_hash_table_add (titles, (gpointer) "go");
  key = tk_discover_family_key (titles, "Carcassonne: The City");
  g_assert_cmpstr (key, ==, "carcassonne");
  g_free (key);
  key = tk_discover_family_key (titles, "Welcome to the Moon");
  g_assert_cmpstr (key, ==, "welcome to");
  g_free (key);
  key = tk_discover_family_key (titles, "Pandemic Legacy: Season 1");
  g_assert_cmpstr (key, ==, "pandemic legacy");
  g_free (key);
  /* Too short a title to be a family ("Go" is a game, "Go Nuts for Donuts" another). */
  key = tk_discover_family_key (titles, "Go Nuts for Donuts");
  g_assert_cmpstr (key, ==, "go nuts for donuts");
  g_free (key);

  ensure_bundled ();
  tk_discover_profile_set (profile, bundled_id ("Carcassonne"),
                           &(TkDiscoverSignal) { .rating = 9, .plays = 5, .owned = TRUE });
  top = tk_discover_suggest (bundled, profile, &filter);
  g_assert_cmpuint (top->len, >=, 10);
  for (guint i = 0; i < top->len; i++)
    {
      const TkDiscoverSuggestion *s = g_ptr_array_index (top, i);
      gboolean family = g_str_has_prefix (s->title, "Carcassonne");

      carcassonne_family += family;
      if (i < 10)
        {
          carcassonne_top += family;
          g_test_message ("%u. %s", i + 1, s->title);
        }
    }
  g_assert_cmpuint (carcassonne_family, >=, 2);
  g_assert_cmpuint (carcassonne_top, ==, 1);
}

int
main (int    argc,
      char **argv)
{
  int rc;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/discover/weights", test_weights);
  g_test_add_func ("/discover/small/ranking", test_small_ranking);
  g_test_add_func ("/discover/small/reason-forms", test_small_reason_forms);
  g_test_add_func ("/discover/small/dislike", test_small_dislike);
  g_test_add_func ("/discover/small/filters", test_small_filters);
  g_test_add_func ("/discover/small/fresh-library", test_small_fresh);
  g_test_add_func ("/discover/profile-load", test_profile_load);
  g_test_add_func ("/discover/not-interested", test_not_interested);
  g_test_add_func ("/discover/eval/city-builders", test_eval_city_builders);
  g_test_add_func ("/discover/eval/synthetic", test_eval_synthetic);
  g_test_add_func ("/discover/eval/never-known", test_random_profiles_never_known);
  g_test_add_func ("/discover/feature-names", test_feature_names);
  g_test_add_func ("/discover/diversified", test_diversified);

  rc = g_test_run ();
  g_clear_pointer (&bundled, tk_discover_catalog_unref);
  if (bundled_store != NULL)
    tk_store_close (bundled_store);
  g_clear_object (&bundled_store);
  return rc;
}
