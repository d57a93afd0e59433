/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collection.c — the game collection's edits and queries: filters (five players in an hour),
 * search and sort, adding with validation, edit, delete and undo, tags, the search index against
 * SQL, covers and a random pick.  The catalog, BGG CSV, sharing and the list model have their own
 * test files (test-collection-*.c). */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bgg-csv.h"
#include "tk-catalog.h"
#include "tk-collection.h"
#include "tk-game-index.h"
#include "tk-game-list.h"
#include "tk-test-collection.h"
#include "tk-test-store.h"

/* A library of its own per test, and what several collection tests read from it
 * (tests/tk-test-collection.h). */
typedef TkTestCollectionFixture Fixture;
#define library_digest(store) tk_test_collection_library_digest (store)

/* ---- filters ---- */

static gboolean
fits (TkGame *game,
      guint   players,
      guint   minutes)
{
  guint lo = tk_game_get_min_players (game) ? tk_game_get_min_players (game) : tk_game_get_max_players (game);
  guint hi = tk_game_get_max_players (game) ? tk_game_get_max_players (game) : tk_game_get_min_players (game);
  guint time = tk_game_get_max_time (game) ? tk_game_get_max_time (game) : tk_game_get_min_time (game);

  return lo != 0 && lo <= players && hi >= players && time != 0 && time <= minutes;
}

static void
test_filter_five_players_an_hour (Fixture       *f,
                                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GArray) ids = NULL;
  TkGameQuery query = { 0 };
  TkGameQuery everything = { 0 };
  guint n_expected = 0;

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  all = tk_collection_query (f->collection, &everything, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 2019);

  /* Independent count: walk every game in C. */
  for (guint i = 0; i < all->len; i++)
    if (fits (g_ptr_array_index (all, i), 5, 60))
      n_expected++;

  query.players = 5;
  query.max_minutes = 60;
  ids = tk_collection_query_ids (f->collection, &query, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, n_expected);
  g_assert_cmpuint (n_expected, >, 100);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(TkGame) game = tk_collection_get_game (f->collection, g_array_index (ids, gint64, i), NULL);
      g_assert_true (fits (game, 5, 60));
    }
  /* Sorted by title, case-insensitively. */
  for (guint i = 1; i < ids->len; i++)
    {
      g_autoptr(TkGame) a = tk_collection_get_game (f->collection, g_array_index (ids, gint64, i - 1), NULL);
      g_autoptr(TkGame) b = tk_collection_get_game (f->collection, g_array_index (ids, gint64, i), NULL);
      g_assert_cmpint (g_ascii_strcasecmp (tk_game_get_title (a), tk_game_get_title (b)), <=, 0);
    }
}

static void
test_search_and_sort (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  TkGameQuery query = { 0 };

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));

  query.search = "ウェルカム";   /* Japanese title */
  games = tk_collection_query (f->collection, &query, &error);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (games, 0)), ==, "Welcome To...");
  g_clear_pointer (&games, g_ptr_array_unref);

  query.search = "Schmiel";      /* designer */
  games = tk_collection_query (f->collection, &query, &error);
  g_assert_cmpuint (games->len, >=, 1);
  g_clear_pointer (&games, g_ptr_array_unref);

  query.search = NULL;
  query.sort = TK_GAME_SORT_WEIGHT;
  query.descending = TRUE;
  query.players = 4;
  query.best_at = TRUE;
  games = tk_collection_query (f->collection, &query, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, >, 10);
  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      g_auto(GStrv) best = g_strsplit (tk_game_get_best_players (game), ",", -1);
      g_assert_true (g_strv_contains ((const char * const *) best, "4"));
      if (i > 0 && tk_game_get_weight (game) > 0)
        g_assert_cmpfloat (tk_game_get_weight (g_ptr_array_index (games, i - 1)), >=,
                           tk_game_get_weight (game));
    }
}

/* ---- edits ---- */

static void
test_add_validation (Fixture       *f,
                     gconstpointer  data)
{
  struct { const char *title; guint min_p, max_p, min_t, max_t; int year; } bad[] = {
    { "  ", 2, 4, 30, 60, 2020 },
    { "Players", 5, 4, 30, 60, 2020 },
    { "Times", 2, 4, 90, 60, 2020 },
    { "Old", 2, 4, 30, 60, 1500 },
    { "Future", 2, 4, 30, 60, 3000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TkGame) game = tk_game_new (bad[i].title);

      g_object_set (game, "min-players", bad[i].min_p, "max-players", bad[i].max_p,
                    "min-time", bad[i].min_t, "max-time", bad[i].max_t, "year", bad[i].year, NULL);
      g_assert_cmpint (tk_collection_add_game (f->collection, game, &error), ==, 0);
      g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID);
    }
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games"), ==, 0);
}

static void
test_edit_delete_undo (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = tk_game_new ("Kitchen Table Classic");
  g_autoptr(TkGame) snapshot = NULL;
  g_autoptr(TkGame) back = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const char *designers[] = { "A. Person", NULL };
  gint64 id;

  g_object_set (game, "title-ja", "台所の古典", "min-players", 2u, "max-players", 6u,
                "min-time", 20u, "max-time", 40u, "year", 1999, "designers", designers,
                "owned", TRUE, NULL);
  id = tk_collection_add_game (f->collection, game, &error);
  g_assert_no_error (error);
  g_assert_true (tk_collection_set_status (f->collection, id, TK_GAME_STATUS_FAVOURITE, TRUE, &error));
  g_assert_true (tk_collection_set_rating (f->collection, id, 8, &error));
  g_assert_true (tk_collection_set_comment (f->collection, id, "Family favourite", &error));
  g_assert_true (tk_collection_set_acquired (f->collection, id, "2020-12-24", 29.5, &error));
  g_assert_no_error (error);
  g_assert_false (tk_collection_set_rating (f->collection, id, 11, &error));
  g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tk_collection_set_acquired (f->collection, id, "24/12/2020", 1, &error));
  g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID);
  g_clear_error (&error);

  before = library_digest (f->store);
  snapshot = tk_collection_delete_game (f->collection, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games"), ==, 0);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection"), ==, 0);
  g_assert_true (tk_collection_restore_game (f->collection, snapshot, &error));
  g_assert_no_error (error);
  after = library_digest (f->store);
  g_assert_cmpstr (before, ==, after);

  back = tk_collection_get_game (f->collection, id, &error);
  g_assert_true (tk_game_has_status (back, TK_GAME_STATUS_FAVOURITE));
  g_assert_cmpuint (tk_game_get_rating (back), ==, 8);
  g_assert_cmpfloat (tk_game_get_price_paid (back), ==, 29.5);
  g_assert_cmpstr (tk_game_get_designers (back)[0], ==, "A. Person");
}

/* Tags come back in the game's own row (one query for any number of games): names with
 * digits, colons, separators and Japanese survive, each under its kind, in name order. */
static void
test_tags_in_one_row (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = tk_game_new ("Tagged");
  g_autoptr(TkGame) other = tk_game_new ("Untagged");
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(TkGame) back = NULL;
  const char *designers[] = { "Zed 12:34", "d3:x", "山田 太郎|;", NULL };
  const char *mechanics[] = { "m1:", "Tile Placement", NULL };
  const char *categories[] = { "", "c:9:", NULL };
  const char *designers_sorted[] = { "Zed 12:34", "d3:x", "山田 太郎|;", NULL };
  const char *mechanics_sorted[] = { "Tile Placement", "m1:", NULL };
  TkGameQuery query = { .sort = TK_GAME_SORT_TITLE };

  g_object_set (game, "designers", designers, "mechanics", mechanics,
                "categories", categories + 1, NULL);
  g_assert_cmpint (tk_collection_add_game (f->collection, game, &error), >, 0);
  g_assert_cmpint (tk_collection_add_game (f->collection, other, &error), >, 0);
  g_assert_no_error (error);

  games = tk_collection_query (f->collection, &query, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (games, 0)), ==, "Tagged");
  g_assert_cmpstrv (tk_game_get_designers (g_ptr_array_index (games, 0)), designers_sorted);
  g_assert_cmpstrv (tk_game_get_mechanics (g_ptr_array_index (games, 0)), mechanics_sorted);
  g_assert_cmpstrv (tk_game_get_categories (g_ptr_array_index (games, 0)), categories + 1);
  g_assert_cmpuint (g_strv_length ((char **) tk_game_get_designers (g_ptr_array_index (games, 1))), ==, 0);

  back = tk_collection_get_game (f->collection, tk_game_get_id (game), &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (tk_game_get_designers (back), designers_sorted);
  g_assert_cmpstrv (tk_game_get_mechanics (back), mechanics_sorted);
}

/* Games with every kind of gap and tie: unknown facts, titles equal but for case, equal
 * keys, Japanese titles, designers, best counts, logged plays. */
static void
fill_awkward_games (TkStore *store,
                    guint    n)
{
  static const char *const titles[] = { "Harbour", "harbour", "HARBOUR lights", "Ærø", "Zoo",
                                        "alpha", "Alpha", "_under%", "Paper Rivers", "川の港" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_store_begin (store, &error));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *sql = NULL;
      int min_p = g_rand_int_range (rand, 0, 4);
      int max_p = min_p + g_rand_int_range (rand, 0, 4);
      int min_t = 15 * g_rand_int_range (rand, 0, 4);
      int max_t = min_t + 15 * g_rand_int_range (rand, 0, 3);
      gint64 id;

      sql = g_strdup_printf (
        "INSERT INTO games (title, title_ja, year, min_players, max_players, best_players,"
        " min_time, max_time, weight, rating_avg) VALUES ('%s %u', %s, %s, %s, %s, %s, %s, %s, %s, %s)",
        titles[g_rand_int_range (rand, 0, G_N_ELEMENTS (titles))], g_rand_int_range (rand, 0, 30),
        g_rand_int_range (rand, 0, 4) == 0 ? "'港の灯り'" : g_rand_boolean (rand) ? "NULL" : "''",
        g_rand_int_range (rand, 0, 5) == 0 ? "NULL" : g_rand_boolean (rand) ? "2001" : "1999",
        min_p == 0 || g_rand_int_range (rand, 0, 5) == 0 ? "NULL" : g_strdup_printf ("%d", min_p),
        min_p == 0 ? "NULL" : g_strdup_printf ("%d", max_p),
        g_rand_boolean (rand) ? "'2, 3'" : g_rand_boolean (rand) ? "NULL" : "'3,4'",
        min_t == 0 ? "NULL" : g_strdup_printf ("%d", min_t),
        g_rand_int_range (rand, 0, 4) == 0 ? "NULL" : g_strdup_printf ("%d", MAX (max_t, 15)),
        g_rand_int_range (rand, 0, 4) == 0 ? "NULL" : g_rand_boolean (rand) ? "2.5" : "3.25",
        g_rand_int_range (rand, 0, 4) == 0 ? "NULL" : g_rand_boolean (rand) ? "7" : "6.5");
      g_assert_true (tk_store_exec (store, sql, &error));
      g_assert_no_error (error);
      id = tk_store_last_insert_id (store);
      g_free (sql);
      sql = g_strdup_printf ("INSERT INTO game_tags VALUES (%" G_GINT64_FORMAT ", 'designer', '%s');"
                             "INSERT INTO game_tags VALUES (%" G_GINT64_FORMAT ", 'mechanic', 'Harbour Building')",
                             id, g_rand_boolean (rand) ? "Ann Lights" : "", id);
      g_assert_true (tk_store_exec (store, sql, &error));
      if (g_rand_int_range (rand, 0, 3) != 0)
        {
          g_free (sql);
          sql = g_strdup_printf ("INSERT INTO collection (game_id, owned, played, favourite, rating,"
                                 " bgg_plays) VALUES (%" G_GINT64_FORMAT ", %d, %d, %d, %s, %d)",
                                 id, g_rand_boolean (rand), g_rand_boolean (rand),
                                 g_rand_int_range (rand, 0, 5) == 0,
                                 g_rand_boolean (rand) ? "NULL" : g_rand_boolean (rand) ? "7" : "9",
                                 g_rand_int_range (rand, 0, 3));
          g_assert_true (tk_store_exec (store, sql, &error));
        }
      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          g_free (sql);
          sql = g_strdup_printf ("INSERT INTO plays (game_id, game_title, played_on) VALUES"
                                 " (%" G_GINT64_FORMAT ", 'x', '2024-0%d-01')", id,
                                 g_rand_int_range (rand, 1, 4));
          g_assert_true (tk_store_exec (store, sql, &error));
        }
      g_assert_no_error (error);
    }
  g_assert_true (tk_store_commit (store, &error));
}

/* The in-memory index gives exactly the games and the order of the SQL query, for every
 * sort in both directions, with every filter and searches that fold case only for ASCII. */
static void
test_index_matches_sql (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(TkGameIndex) index = tk_game_index_new ();
  g_autoptr(GError) error = NULL;
  const char *searches[] = { NULL, "", "harb", "HARBOUR L", "ann", "港", "æ", "Æ", "_", "%", "lights" };
  guint compared = 0;

  fill_awkward_games (f->store, 400);
  g_assert_true (tk_game_index_load (index, f->store, &error));
  g_assert_no_error (error);

  for (int sort = TK_GAME_SORT_TITLE; sort <= TK_GAME_SORT_LAST_PLAYED; sort++)
    for (int desc = 0; desc < 2; desc++)
      for (guint s = 0; s < G_N_ELEMENTS (searches); s++)
        for (int filter = 0; filter < 6; filter++)
          {
            TkGameQuery query = { .sort = sort, .descending = desc, .search = searches[s] };
            g_autoptr(GArray) expected = NULL;
            g_autoptr(GArray) got = NULL;

            query.collection_only = filter == 1;
            query.statuses = filter == 2 ? TK_GAME_STATUS_OWNED | TK_GAME_STATUS_FAVOURITE : 0;
            query.players = filter == 3 || filter == 4 ? 3 : 0;
            query.best_at = filter == 4;
            query.max_minutes = filter == 5 ? 30 : 0;
            if (s > 3 && filter > 0)
              continue;
            expected = tk_collection_query_ids (f->collection, &query, &error);
            g_assert_no_error (error);
            got = tk_game_index_query (index, &query);
            g_assert_cmpuint (got->len, ==, expected->len);
            for (guint i = 0; i < got->len; i++)
              g_assert_cmpint (tk_game_index_get_id (index, g_array_index (got, guint32, i)), ==,
                               g_array_index (expected, gint64, i));
            compared += got->len;
          }
  g_assert_cmpuint (compared, >, 10000);

  /* One game edited, one deleted: reading them alone keeps the index equal to SQL. */
  g_assert_true (tk_store_exec (f->store, "UPDATE games SET title = 'aaa first', year = NULL WHERE id = 7;"
                                          "DELETE FROM games WHERE id = 8", &error));
  g_assert_true (tk_game_index_reload_one (index, f->store, 7, &error));
  g_assert_true (tk_game_index_reload_one (index, f->store, 8, &error));
  g_assert_no_error (error);
  for (int sort = TK_GAME_SORT_TITLE; sort <= TK_GAME_SORT_YEAR; sort++)
    {
      TkGameQuery query = { .sort = sort };
      g_autoptr(GArray) expected = tk_collection_query_ids (f->collection, &query, &error);
      g_autoptr(GArray) got = tk_game_index_query (index, &query);

      g_assert_cmpuint (got->len, ==, expected->len);
      for (guint i = 0; i < got->len; i++)
        g_assert_cmpint (tk_game_index_get_id (index, g_array_index (got, guint32, i)), ==,
                         g_array_index (expected, gint64, i));
    }
}

static void
count_changed (TkCollection *collection,
               gint64        game_id,
               guint        *n_changed)
{
  (*n_changed)++;
}

/* A cover: set, read back, replaced, cleared; a missing file or a folder is refused and
 * leaves the cover as it was; a catalog game becomes the user's. */
static void
test_cover (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = tk_game_new ("Cover Story");
  g_autofree char *png = g_build_filename (f->dir, "cover.png", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing.png", NULL);
  guint n_changed = 0;
  gulong handler;
  gint64 id;

  g_assert_true (g_file_set_contents (png, "\x89PNG\r\n\x1a\n", 8, NULL));
  id = tk_collection_add_game (f->collection, game, &error);
  g_assert_no_error (error);
  handler = g_signal_connect (f->collection, "changed", G_CALLBACK (count_changed), &n_changed);

  g_assert_true (tk_collection_set_cover (f->collection, id, png, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_changed, ==, 1);
  {
    g_autoptr(TkGame) back = tk_collection_get_game (f->collection, id, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (tk_game_get_cover_path (back), ==, png);
  }

  /* Refused: a file that is not there, a folder, a game that is not there. */
  g_assert_false (tk_collection_set_cover (f->collection, id, missing, &error));
  g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tk_collection_set_cover (f->collection, id, f->dir, &error));
  g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (tk_collection_set_cover (f->collection, id + 1000, png, &error));
  g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (n_changed, ==, 1);
  {
    g_autoptr(TkGame) back = tk_collection_get_game (f->collection, id, &error);

    g_assert_cmpstr (tk_game_get_cover_path (back), ==, png);
  }

  /* Cleared, with NULL and with "". */
  g_assert_true (tk_collection_set_cover (f->collection, id, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr(TkGame) back = tk_collection_get_game (f->collection, id, &error);

    g_assert_null (tk_game_get_cover_path (back));
  }
  g_assert_true (tk_collection_set_cover (f->collection, id, png, &error));
  g_assert_true (tk_collection_set_cover (f->collection, id, "", &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE cover_path IS NOT NULL"),
                   ==, 0);
  g_assert_cmpuint (n_changed, ==, 4);
  g_signal_handler_disconnect (f->collection, handler);

  /* A catalog game with a cover is the user's: a catalog upgrade will not rewrite it. */
  g_assert_true (tk_store_exec (f->store, "UPDATE games SET source = 'catalog'", &error));
  g_assert_no_error (error);
  g_assert_true (tk_collection_set_cover (f->collection, id, png, &error));
  g_assert_no_error (error);
  {
    g_autoptr(TkGame) back = tk_collection_get_game (f->collection, id, &error);

    g_assert_cmpstr (tk_game_get_source (back), ==, "own");
    g_assert_cmpstr (tk_game_get_cover_path (back), ==, png);
  }
}

static void
test_pick_random (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *titles[] = { "Short Five", "Long Five", "Short Two", "Also Short Five" };
  guint min_p[] = { 3, 3, 2, 1 }, max_p[] = { 6, 6, 2, 5 }, time[] = { 45, 120, 30, 60 };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      g_autoptr(TkGame) game = tk_game_new (titles[i]);
      g_object_set (game, "min-players", min_p[i], "max-players", max_p[i], "max-time", time[i],
                    "owned", TRUE, NULL);
      g_assert_cmpint (tk_collection_add_game (f->collection, game, &error), >, 0);
    }
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr(TkGame) pick = tk_collection_pick_random (f->collection, 5, 60, rand, &error);
      g_assert_no_error (error);
      g_assert_nonnull (pick);
      g_hash_table_add (seen, g_strdup (tk_game_get_title (pick)));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 2);
  g_assert_true (g_hash_table_contains (seen, "Short Five"));
  g_assert_true (g_hash_table_contains (seen, "Also Short Five"));
  g_assert_null (tk_collection_pick_random (f->collection, 9, 60, rand, &error));
  g_assert_no_error (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add (name, Fixture, NULL, tk_test_collection_fixture_set_up, func, \
              tk_test_collection_fixture_tear_down)
  ADD ("/collection/filter-5-players-60-minutes", test_filter_five_players_an_hour);
  ADD ("/collection/search-and-sort", test_search_and_sort);
  ADD ("/collection/add-validation", test_add_validation);
  ADD ("/collection/edit-delete-undo", test_edit_delete_undo);
  ADD ("/collection/tags-in-one-row", test_tags_in_one_row);
  ADD ("/collection/index-matches-sql", test_index_matches_sql);
  ADD ("/collection/cover", test_cover);
  ADD ("/collection/pick-random", test_pick_random);
  return g_test_run ();
}
