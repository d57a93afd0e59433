/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collection.c — catalog, collection edits and queries, BGG CSV, JSON, HTML, friends. */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bgg-csv.h"
#include "tk-catalog.h"
#include "tk-collection.h"
#include "tk-game-index.h"
#include "tk-game-list.h"
#include "tk-test-store.h"

typedef struct
{
  char         *dir;
  TkStore      *store;
  TkCollection *collection;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  f->dir = g_dir_make_tmp ("tk-collection-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  f->collection = tk_collection_new (f->store);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&f->collection);
  tk_store_close (f->store);
  g_clear_object (&f->store);
  dir = g_dir_open (f->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (f->dir, name, NULL);
      g_unlink (child);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

static char *
fixture_contents (const char *name,
                  gsize      *length)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

/* A digest of every row of the user's tables (timestamps left out). */
static char *
library_digest (TkStore *store)
{
  static const char *const queries[] = {
    "SELECT id, title, title_ja, year, min_players, max_players, best_players, min_time,"
    " max_time, min_age, weight, bgg_id, source, rating_avg, notes, catalog_key, bgg_rank"
    " FROM games ORDER BY id",
    "SELECT game_id, kind, name FROM game_tags ORDER BY 1, 2, 3",
    "SELECT game_id, owned, want_to_play, played, favourite, not_interested, rating, comment,"
    " acquired_on, price_paid, bgg_plays, bgg_extra FROM collection ORDER BY game_id",
    "SELECT key, value FROM settings ORDER BY key",
    "SELECT list_id, seq, bgg_id, title, game_id, owned FROM friend_games ORDER BY 1, 2",
  };
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, queries[q], NULL);

      g_assert_nonnull (stmt);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        for (int c = 0; c < sqlite3_column_count (stmt); c++)
          {
            const unsigned char *text = sqlite3_column_text (stmt, c);
            g_checksum_update (checksum, text != NULL ? text : (const guchar *) "\x01", -1);
            g_checksum_update (checksum, (const guchar *) "\x1f", 1);
          }
      sqlite3_reset (stmt);
    }
  return g_strdup (g_checksum_get_string (checksum));
}

static gint64
find_by_title (TkCollection *collection,
               const char   *title)
{
  TkGameQuery query = { 0 };
  g_autoptr(GPtrArray) games = NULL;

  query.search = title;
  games = tk_collection_query (collection, &query, NULL);
  for (guint i = 0; games != NULL && i < games->len; i++)
    if (g_strcmp0 (tk_game_get_title (g_ptr_array_index (games, i)), title) == 0)
      return tk_game_get_id (g_ptr_array_index (games, i));
  return 0;
}

/* ---- catalog ---- */

static void
test_catalog_first_run (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gboolean loaded = FALSE;
  g_autoptr(TkGame) agora = NULL;
  gint64 id;

  g_assert_cmpint (tk_catalog_get_bundled_version (), >=, 1);
  g_assert_cmpint (tk_catalog_get_bundled_version (), ==, tk_catalog_get_document_version ());
  g_assert_true (tk_catalog_ensure (f->store, &loaded, &error));
  g_assert_no_error (error);
  g_assert_true (loaded);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE source = 'catalog'"), ==, 2019);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection"), ==, 0);

  /* The five games Tablekeeper keeps the books for, with their Japanese titles. */
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE title_ja IN ("
                                    "'ファウンデーションズ・オブ・メトロポリス', 'アゴラ', 'メトロマニア',"
                                    " 'ウェルカム・トゥ', 'シティー・プラン')"), ==, 5);
  id = find_by_title (f->collection, "Agora");
  agora = tk_collection_get_game (f->collection, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_game_get_title_ja (agora), ==, "アゴラ");
  g_assert_cmpuint (tk_game_get_min_players (agora), ==, 2);
  g_assert_cmpuint (tk_game_get_max_players (agora), ==, 4);

  /* Second start: nothing to do. */
  g_assert_true (tk_catalog_ensure (f->store, &loaded, &error));
  g_assert_false (loaded);
}

static void
test_catalog_keeps_user_rows (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) own = tk_game_new ("My Prototype");
  g_autoptr(TkGame) clash = tk_game_new ("Die Macher (my copy)");
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *again = NULL;
  gint64 catan;

  /* The user has a game with the BGG id of a catalog game before the catalog arrives. */
  g_object_set (clash, "bgg-id", (gint64) 1, "min-players", 3u, "max-players", 5u, NULL);
  g_assert_cmpint (tk_collection_add_game (f->collection, own, &error), >, 0);
  g_assert_cmpint (tk_collection_add_game (f->collection, clash, &error), >, 0);
  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE bgg_id = 1"), ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE bgg_id = 1 AND source = 'own'"),
                   ==, 1);

  /* Entries on catalog games survive an upgrade; an upgrade run twice writes the same rows. */
  catan = find_by_title (f->collection, "Metromania");
  g_assert_true (tk_collection_set_status (f->collection, catan, TK_GAME_STATUS_OWNED, TRUE, &error));
  g_assert_true (tk_collection_set_rating (f->collection, catan, 9, &error));
  before = library_digest (f->store);

  bytes = g_resources_lookup_data (TK_CATALOG_RESOURCE, 0, &error);
  g_assert_no_error (error);
  g_assert_true (tk_catalog_load_bytes (f->store, bytes, &error));
  g_assert_no_error (error);
  after = library_digest (f->store);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (tk_catalog_load_bytes (f->store, bytes, &error));
  again = library_digest (f->store);
  g_assert_cmpstr (after, ==, again);
  g_assert_cmpint (tk_test_count (f->store, "SELECT rating FROM collection WHERE game_id IN"
                                    " (SELECT id FROM games WHERE title = 'Metromania')"), ==, 9);
}

static void
test_catalog_upgrade_drops_and_updates (Fixture       *f,
                                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *v1 = "{\"version\":1,\"fields\":[\"key\",\"title\",\"min_players\",\"max_players\"],"
                   "\"games\":[[\"x:a\",\"Alpha\",2,4],[\"x:b\",\"Beta\",1,2],[\"x:c\",\"Gamma\",3,3]]}";
  const char *v2 = "{\"version\":2,\"fields\":[\"key\",\"title\",\"min_players\",\"max_players\"],"
                   "\"games\":[[\"x:a\",\"Alpha\",2,5]]}";
  g_autoptr(GBytes) b1 = g_bytes_new_static (v1, strlen (v1));
  g_autoptr(GBytes) b2 = g_bytes_new_static (v2, strlen (v2));

  g_assert_true (tk_catalog_load_bytes (f->store, b1, &error));
  g_assert_no_error (error);
  g_assert_true (tk_collection_add_entry (f->collection, find_by_title (f->collection, "Beta"),
                                          TK_GAME_STATUS_OWNED, &error));
  g_assert_true (tk_catalog_load_bytes (f->store, b2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_catalog_get_loaded_version (f->store), ==, 2);
  /* Alpha updated, Beta kept (in the collection), Gamma gone. */
  g_assert_cmpint (tk_test_count (f->store, "SELECT max_players FROM games WHERE title = 'Alpha'"), ==, 5);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE title = 'Beta'"), ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE title = 'Gamma'"), ==, 0);
}

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

/* ---- BGG CSV ---- */

/* A BGG export's header line, all 58 columns. */
static GString *
bgg_csv_header (void)
{
  GString *csv = g_string_new (NULL);

  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    g_string_append_printf (csv, "%s%s", c > 0 ? "," : "", tk_bgg_csv_columns[c]);
  g_string_append_c (csv, '\n');
  return csv;
}

/* Appends a row: @pairs is column, value, column, value, …, NULL; other columns are "". */
static void
bgg_csv_add_row (GString           *csv,
                 const char * const *pairs)
{
  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    {
      const char *value = "";

      for (guint k = 0; pairs[k] != NULL; k += 2)
        if (g_str_equal (pairs[k], tk_bgg_csv_columns[c]))
          value = pairs[k + 1];
      g_string_append_printf (csv, "%s\"%s\"", c > 0 ? "," : "", value);
    }
  g_string_append_c (csv, '\n');
}

/* BoardGameGeek's "N/A" (unrated, no average) and "Not Ranked" read as unknown: the row is
 * imported, unrated; anything else that is not a number is still refused. */
static void
test_bgg_not_available (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  guint n = 0;

  bgg_csv_add_row (csv, (const char *[]) { "objectname", "Unrated Game", "objectid", "9199999",
                                            "rating", "N/A", "average", "N/A",
                                            "rank", "Not Ranked", "own", "1", NULL });

  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection JOIN games ON id = game_id"
                                    " WHERE bgg_id = 9199999 AND owned = 1"
                                    " AND (rating IS NULL OR rating = 0)"), ==, 1);

  /* "N/A" is no BoardGameGeek id: refused, naming the line and column, nothing changed. */
  {
    g_autofree char *digest = library_digest (f->store);
    g_autofree char *after = NULL;

    g_assert_cmpuint (g_string_replace (csv, "\"9199999\"", "\"N/A\"", 1), ==, 1);
    g_assert_false (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
    g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "Line 2"));
    g_assert_nonnull (strstr (error->message, "objectid"));
    after = library_digest (f->store);
    g_assert_cmpstr (digest, ==, after);
  }
}

/* A row for a catalog game under another name (the user's Japanese edition): the game keeps
 * the catalog's title and statuses come in; the export writes the file's name back. */
static void
test_bgg_catalog_name (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  g_autofree char *exported = NULL;
  guint n = 0;

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_assert_no_error (error);
  bgg_csv_add_row (csv, (const char *[]) { "objectname", "カルカソンヌ", "objectid", "822",
                                            "own", "1", NULL });

  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games JOIN collection ON id = game_id"
                                    " WHERE bgg_id = 822 AND title = 'Carcassonne' AND owned = 1"
                                    " AND source = 'catalog'"), ==, 1);
  exported = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported, "\"カルカソンヌ\",\"822\""));
  g_assert_null (strstr (exported, "\"Carcassonne\",\"822\""));
}

/* The text in the one row @sql gives. */
static char *
query_text (TkStore    *store,
            const char *sql)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, NULL);
  char *text;

  g_assert_nonnull (stmt);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return text;
}

static char *
schema_text (TkStore *store)
{
  return query_text (store, "SELECT group_concat (sql, ';') FROM"
                            " (SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL"
                            "  ORDER BY name)");
}

/* A first import of many rows builds the secondary indexes at the end: afterwards the schema
 * is exactly as before, the indexes agree with the tables, and they are used. */
static void
test_bgg_bulk_import (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  g_autofree char *before = schema_text (f->store);
  g_autofree char *after = NULL;
  guint n = 0;

  for (guint i = 0; i < 1200; i++)
    {
      g_autofree char *name = g_strdup_printf ("Bulk Game %04u", 1199 - i);
      g_autofree char *id = g_strdup_printf ("%u", 8000000 + i);
      g_autofree char *rating = g_strdup_printf ("%u", i % 11);
      g_autofree char *players = g_strdup_printf ("%u", 1 + i % 4);

      bgg_csv_add_row (csv, (const char *[]) { "objectname", name, "objectid", id,
                                                "own", i % 2 ? "1" : "0", "rating", rating,
                                                "minplayers", players, NULL });
    }
  /* First with a bad number far down the file: written rows and dropped indexes are all
   * rolled back, the schema and the library are as they were. */
  {
    g_autoptr(GString) bad = g_string_new (csv->str);
    g_autofree char *digest = library_digest (f->store);
    g_autofree char *digest_after = NULL;
    g_autofree char *schema_after = NULL;

    g_assert_cmpuint (g_string_replace (bad, "\"Bulk Game 0100\",\"8001099\",\"10\"",
                                        "\"Bulk Game 0100\",\"8001099\",\"ten\"", 1), ==, 1);
    g_assert_false (tk_bgg_csv_import (f->collection, bad->str, bad->len, &n, &error));
    g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "Line 1101"));
    g_clear_error (&error);
    digest_after = library_digest (f->store);
    schema_after = schema_text (f->store);
    g_assert_cmpstr (digest, ==, digest_after);
    g_assert_cmpstr (before, ==, schema_after);
  }

  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1200);

  after = schema_text (f->store);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE bgg_id >= 8000000"), ==, 1200);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE owned = 1"), ==, 600);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games INDEXED BY games_title"
                                    " WHERE title >= 'Bulk Game 0600' COLLATE NOCASE"), ==, 600);
  {
    sqlite3_stmt *stmt = tk_store_prepare (f->store, "PRAGMA integrity_check", NULL);

    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
    sqlite3_reset (stmt);
  }
}

static void
test_bgg_round_trip (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gsize length;
  g_autofree char *original = fixture_contents ("bgg-collection.csv", &length);
  g_autofree char *exported = NULL;
  g_autoptr(GPtrArray) a = NULL;
  g_autoptr(GPtrArray) b = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *digest2 = NULL;
  guint n = 0;

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_assert_true (tk_bgg_csv_import (f->collection, original, length, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 6);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE owned = 1"), ==, 4);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE want_to_play = 1"), ==, 2);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE played = 1"), ==, 4);
  g_assert_cmpint (tk_test_count (f->store, "SELECT rating FROM collection JOIN games ON id = game_id"
                                    " WHERE bgg_id = 9100002"), ==, 8);

  /* Re-import: updates by BGG id, no duplicates. */
  digest = library_digest (f->store);
  g_assert_true (tk_bgg_csv_import (f->collection, original, length, &n, &error));
  digest2 = library_digest (f->store);
  g_assert_cmpstr (digest, ==, digest2);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE source = 'import'"), ==, 5);

  exported = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  a = tk_csv_parse (original, length, &error);
  b = tk_csv_parse (exported, strlen (exported), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->len, ==, b->len);

  /* Every column of every row comes back as it was (rows are in title order). */
  for (guint i = 1; i < a->len; i++)
    {
      TkCsvRecord *ra = g_ptr_array_index (a, i);
      gboolean found = FALSE;

      for (guint j = 1; j < b->len; j++)
        {
          TkCsvRecord *rb = g_ptr_array_index (b, j);
          if (g_strcmp0 (ra->fields[1], rb->fields[1]) != 0)
            continue;
          found = TRUE;
          for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
            g_assert_cmpstr (ra->fields[c], ==, rb->fields[c]);
        }
      g_assert_true (found);
    }
}

static void
test_bgg_malformed (Fixture       *f,
                    gconstpointer  data)
{
  struct { const char *file; const char *line; } cases[] = {
    { "bgg-missing-column.csv", "Line 1:" },
    { "bgg-bad-utf8.csv", "Line 4:" },
    { "bgg-truncated.csv", "Line 6:" },
    { "bgg-field-count.csv", "Line 5:" },
    { "bgg-bad-quote.csv", "Line 4:" },
    { "bgg-bad-number.csv", "Line 5:" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autoptr(TkGame) mine = tk_game_new ("Already here");

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_object_set (mine, "owned", TRUE, NULL);
  tk_collection_add_game (f->collection, mine, &error);
  g_assert_no_error (error);
  before = library_digest (f->store);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length;
      g_autofree char *contents = fixture_contents (cases[i].file, &length);
      g_autofree char *after = NULL;
      g_autoptr(GError) local_error = NULL;

      g_test_message ("%s", cases[i].file);
      g_assert_false (tk_bgg_csv_import (f->collection, contents, length, NULL, &local_error));
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      g_assert_nonnull (strstr (local_error->message, cases[i].line));
      after = library_digest (f->store);
      g_assert_cmpstr (before, ==, after);
    }
}

static void
test_csv_reader (void)
{
  const char *text = "a,b,c\r\n\"x,1\",\"he said \"\"hi\"\"\",\"two\nlines\"\n,,\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = tk_csv_parse (text, strlen (text), &error);
  TkCsvRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 3);
  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->fields[0], ==, "x,1");
  g_assert_cmpstr (r->fields[1], ==, "he said \"hi\"");
  g_assert_cmpstr (r->fields[2], ==, "two\nlines");
  r = g_ptr_array_index (records, 2);
  g_assert_cmpuint (r->line, ==, 4);
  g_assert_cmpuint (r->n_fields, ==, 3);
  g_assert_cmpstr (r->fields[2], ==, "");
}

/* Inputs the fuzz harnesses (tests/fuzz) found crashing the importers: each is refused
 * with a readable error, by the import and by the friends' list import, and writes nothing. */
static void
test_bgg_fuzz_regressions (Fixture       *f,
                           gconstpointer  data)
{
  static const char *const inputs[] = {
    "\r",                    /* only blank lines: there was no header record to read */
    "\n\n\n",
    "\r\n\r\n",
    "\xEF\xBB\xBF\r\n",
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autoptr(TkGame) mine = tk_game_new ("Already here");

  tk_collection_add_game (f->collection, mine, &error);
  g_assert_no_error (error);
  before = library_digest (f->store);

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(GPtrArray) records = NULL;
      g_autofree char *after = NULL;
      gsize length = strlen (inputs[i]);

      g_test_message ("input %u", i);
      records = tk_csv_parse (inputs[i], length, &local_error);
      g_assert_null (records);
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      g_clear_error (&local_error);

      g_assert_false (tk_bgg_csv_import (f->collection, inputs[i], length, NULL, &local_error));
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      g_clear_error (&local_error);

      g_assert_cmpint (tk_collection_import_friend_list (f->collection, "Fuzz", inputs[i], length,
                                                         &local_error), ==, 0);
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);

      after = library_digest (f->store);
      g_assert_cmpstr (before, ==, after);
    }
}

/* json-glib 1.6 parses on after the root value, accepts a second object or array and
 * leaks it (found by tests/fuzz/fuzz-collection-json): such files are refused. */
static void
test_json_fuzz_regressions (Fixture       *f,
                            gconstpointer  data)
{
  static const char *const inputs[] = {
    "{\"format\":\"tablekeeper-collection\",\"version\":1,\"games\":[]} {\"games\":[]}",
    "{\"format\":\"tablekeeper-collection\",\"games\":[] /* { */ } []",
    "{\"format\":\"tablekeeper-collection\",\"games\":[{\"title\":\"}\"}]}\n[1]",
    "\r\t\r3\r\r\n[]}",
  };
  const char *valid = "\xEF\xBB\xBF {\"format\":\"tablekeeper-collection\", /* \"}\" */"
                      " \"games\":[{\"title\":\"Brace } [ \\\" \"}]} \r\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autoptr(TkGame) mine = tk_game_new ("Already here");
  guint n = 0;

  tk_collection_add_game (f->collection, mine, &error);
  g_assert_no_error (error);
  before = library_digest (f->store);

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *after = NULL;

      g_test_message ("input %u", i);
      g_assert_false (tk_collection_import_json (f->collection, inputs[i], strlen (inputs[i]),
                                                 NULL, &local_error));
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      after = library_digest (f->store);
      g_assert_cmpstr (before, ==, after);
    }

  /* json-glib quoted half a character of this one in its message; and a "format" or a
   * "version" that is an object or an array made json-glib's getters warn. */
  {
    static const char *const odd[] = {
      "{\xEF\xBB\xBF}",
      "{\"format\":{\"a\":1},\"games\":[]}",
      "{\"format\":[\"tablekeeper-collection\"],\"games\":[]}",
    };

    for (guint i = 0; i < G_N_ELEMENTS (odd); i++)
      {
        g_autoptr(GError) local_error = NULL;

        g_assert_false (tk_collection_import_json (f->collection, odd[i], strlen (odd[i]), NULL,
                                                   &local_error));
        g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
        g_assert_true (g_utf8_validate (local_error->message, -1, NULL));
      }
  }
  {
    const char *version_list = "{\"format\":\"tablekeeper-collection\",\"version\":[2],\"games\":[]}";

    g_assert_true (tk_collection_import_json (f->collection, version_list, strlen (version_list),
                                              &n, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 0);
  }

  /* A byte-order mark, comments, braces in strings and trailing white space stay fine. */
  g_assert_true (tk_collection_import_json (f->collection, valid, strlen (valid), &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE title = 'Brace } [ \"'"), ==, 1);
}

static void
on_progress (guint    done,
             guint    total,
             gpointer user_data)
{
  GArray *seen = user_data;

  /* KiB of the file: done never passes the total, nor goes back. */
  g_assert_true (g_main_context_is_owner (g_main_context_default ()));
  g_assert_cmpuint (done, <=, total);
  if (seen->len > 0)
    g_assert_cmpuint (done, >=, g_array_index (seen, guint, seen->len - 1));
  g_array_append_val (seen, done);
}

static void
on_imported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  guint *n = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(TkImportSummary) summary = { 0 };

  g_assert_true (tk_bgg_csv_import_finish (TK_COLLECTION (source), result, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.n_added + summary.n_updated + summary.n_matched, ==, summary.n_read);
  *n = summary.n_added;
}

static void
test_bgg_import_async (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GString) csv = g_string_new ("objectname,objectid,own,numplays,minplayers,maxplayers\n");
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GBytes) bytes = NULL;
  guint n = G_MAXUINT;

  for (guint i = 0; i < 1200; i++)
    g_string_append_printf (csv, "\"Game %u\",%u,1,%u,2,4\n", i, 800000 + i, i % 3);
  bytes = g_bytes_new (csv->str, csv->len);
  tk_bgg_csv_import_async (f->collection, bytes, on_progress, seen, NULL, on_imported, &n);
  while (n == G_MAXUINT)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (n, ==, 1200);
  g_assert_cmpuint (seen->len, >=, 3);
  g_assert_cmpuint (g_array_index (seen, guint, 0), ==, 0);
  g_assert_cmpuint (g_array_index (seen, guint, seen->len - 1), ==, csv->len / 1024);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE owned = 1"), ==, 1200);
}

/* ---- JSON, HTML, friends ---- */

static void
test_html_escapes (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = tk_game_new ("<script>alert(1)</script>");
  g_autofree char *html = NULL;

  g_object_set (game, "owned", TRUE, "comment", "<img src=x onerror=alert(2)> & \"quotes\"",
                "title-ja", "<b>太字</b>", NULL);
  tk_collection_add_game (f->collection, game, &error);
  g_assert_no_error (error);
  html = tk_collection_export_html (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  g_assert_null (strstr (html, "<script"));
  g_assert_null (strstr (html, "<img"));
  g_assert_null (strstr (html, "<b>"));
  g_assert_null (strstr (html, "://"));   /* nothing from the network */
  g_assert_nonnull (strstr (html, "name=\"viewport\""));

  /* Facts are joined without a dangling separator; a comment keeps its lines. */
  {
    g_autoptr(TkGame) second = tk_game_new ("Two Facts");
    g_autofree char *again = NULL;

    g_object_set (second, "owned", TRUE, "min-players", 2, "max-players", 4, "max-time", 30,
                  "comment", "first line\nsecond line", NULL);
    tk_collection_add_game (f->collection, second, &error);
    g_assert_no_error (error);
    again = tk_collection_export_html (f->collection, 0, &error);
    g_assert_no_error (error);
    g_assert_null (strstr (again, " · </div>"));
    g_assert_nonnull (strstr (again, "players · 30 minutes</div>"));
    g_assert_nonnull (strstr (again, "<p class=\"comment\">first line\nsecond line</p>"));
    g_assert_nonnull (strstr (again, "white-space:pre-line"));
  }
}

static void
test_json_round_trip (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gsize length;
  g_autofree char *csv = fixture_contents ("bgg-collection.csv", &length);
  g_autofree char *json = NULL;
  g_autofree char *json2 = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint n;

  g_assert_true (tk_bgg_csv_import (f->collection, csv, length, NULL, &error));
  g_assert_true (tk_collection_set_status (f->collection, find_by_title (f->collection, "Harbour Lights"),
                                           TK_GAME_STATUS_FAVOURITE, TRUE, &error));
  json = tk_collection_export_json (f->collection, 0, &error);
  g_assert_no_error (error);

  /* Into an empty library and out again: the same games and entries. */
  g_clear_object (&f->collection);
  tk_store_close (f->store);
  g_clear_object (&f->store);
  f->store = tk_store_open_memory (&error);
  f->collection = tk_collection_new (f->store);
  g_assert_true (tk_collection_import_json (f->collection, json, strlen (json), &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 6);
  json2 = tk_collection_export_json (f->collection, 0, &error);
  /* Only the time stamp differs. */
  g_assert_cmpstr (strstr (json, "\"games\""), ==, strstr (json2, "\"games\""));

  /* Importing it again changes nothing; a broken copy changes nothing either. */
  before = library_digest (f->store);
  g_assert_true (tk_collection_import_json (f->collection, json, strlen (json), &n, &error));
  json[strlen (json) / 2] = '\0';
  g_assert_false (tk_collection_import_json (f->collection, json, strlen (json), &n, &error));
  g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
  after = library_digest (f->store);
  g_assert_cmpstr (before, ==, after);
}

static void
test_friends (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lists = NULL;
  g_autoptr(GPtrArray) both = NULL;
  g_autoptr(GPtrArray) they_own = NULL;
  g_autoptr(GPtrArray) they_want = NULL;
  const char *mine = "objectname,objectid,own,wanttoplay\n"
                     "Alpha,1001,1,0\nBeta,1002,0,1\nGamma,1003,1,0\nDelta,1004,1,0\n";
  const char *theirs = "{\"format\":\"tablekeeper-collection\",\"version\":1,\"games\":["
                       "{\"title\":\"Alpha\",\"bgg_id\":1001,\"statuses\":[\"owned\"]},"
                       "{\"title\":\"Beta\",\"bgg_id\":1002,\"statuses\":[\"owned\"]},"
                       "{\"title\":\"Gamma\",\"bgg_id\":1003,\"statuses\":[\"want-to-play\"]},"
                       "{\"title\":\"Omega\",\"statuses\":[\"owned\"]}]}";

  g_assert_true (tk_bgg_csv_import (f->collection, mine, strlen (mine), NULL, &error));
  g_assert_cmpint (tk_collection_import_friend_list (f->collection, "Ana", theirs, strlen (theirs),
                                                     &error), >, 0);
  g_assert_no_error (error);
  lists = tk_collection_list_friend_lists (f->collection, &error);
  g_assert_cmpuint (lists->len, ==, 1);

  both = tk_collection_friend_matches (f->collection, "Ana", TK_FRIEND_MATCH_BOTH_OWN, &error);
  they_own = tk_collection_friend_matches (f->collection, "Ana", TK_FRIEND_MATCH_THEY_OWN_YOU_WANT, &error);
  they_want = tk_collection_friend_matches (f->collection, "Ana", TK_FRIEND_MATCH_YOU_OWN_THEY_WANT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (both->len, ==, 1);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (both, 0)), ==, "Alpha");
  g_assert_cmpuint (they_own->len, ==, 1);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (they_own, 0)), ==, "Beta");
  g_assert_cmpuint (they_want->len, ==, 1);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (they_want, 0)), ==, "Gamma");

  /* A friend's list never touches your own collection. */
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE title = 'Omega'"), ==, 0);
}

/* Follows the list the way a view does: applies each announced change to its own copy,
 * reading the added items at the moment of the announcement. */
typedef struct
{
  GPtrArray *items;
  guint      changes;
  gboolean   too_large;  /* a change announced more items at once than allowed */
} Mirror;

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Mirror     *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->items->len);
  g_ptr_array_remove_range (mirror->items, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (mirror->items, position + i, g_list_model_get_item (model, position + i));
  g_assert_cmpuint (mirror->items->len, ==, g_list_model_get_n_items (model));
  mirror->changes++;
  /* At most 128 items at once near the top, as many as the position further down, unless
   * the change only removes or only adds (no row GTK tracks is looked for in it). */
  mirror->too_large |= removed > 0 && added > 0 && MAX (removed, added) > MAX (128, position);
}

/* The copy equals the list, item for item (the same objects: rows can be kept). */
static void
assert_mirror (GListModel *model,
               Mirror     *mirror)
{
  g_assert_cmpuint (mirror->items->len, ==, g_list_model_get_n_items (model));
  for (guint i = 0; i < mirror->items->len; i++)
    {
      g_autoptr(TkGame) game = g_list_model_get_item (model, i);
      g_assert_true (game == g_ptr_array_index (mirror->items, i));
    }
}

static void
test_game_list_model (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGameList) list = NULL;
  g_autoptr(TkGame) first = NULL;
  g_autoptr(TkGame) last = NULL;
  Mirror mirror = { g_ptr_array_new_with_free_func (g_object_unref), 0, FALSE };
  GListModel *model;
  guint n;

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  list = tk_game_list_new (f->collection);
  model = G_LIST_MODEL (list);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_ptr_array_add (mirror.items, g_list_model_get_item (model, i));
  g_signal_connect (list, "items-changed", G_CALLBACK (on_items_changed), &mirror);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2019);
  g_assert_true (g_list_model_get_item_type (model) == TK_TYPE_GAME);

  /* Narrowing removes games and adds none; the games that stay are the same objects. */
  tk_game_list_set_players (list, 5, FALSE);
  tk_game_list_set_max_minutes (list, 60);
  n = g_list_model_get_n_items (model);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (mirror.changes, >, 0);
  g_assert_false (mirror.too_large);
  assert_mirror (model, &mirror);
  last = g_list_model_get_item (model, n - 1);
  g_assert_nonnull (last);
  g_assert_null (g_list_model_get_item (model, n));

  tk_game_list_set_search (list, "メトロ");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  tk_game_list_set_players (list, 0, FALSE);
  tk_game_list_set_max_minutes (list, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  assert_mirror (model, &mirror);

  /* A new order announces everything, still in bounded pieces. */
  tk_game_list_set_search (list, NULL);
  tk_game_list_set_sort (list, TK_GAME_SORT_WEIGHT, TRUE);
  assert_mirror (model, &mirror);
  g_assert_false (mirror.too_large);

  /* An edit shows up without asking. */
  first = g_list_model_get_item (G_LIST_MODEL (list), 0);
  tk_game_list_set_statuses (list, TK_GAME_STATUS_OWNED);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  g_assert_true (tk_collection_set_status (f->collection, tk_game_get_id (first),
                                           TK_GAME_STATUS_OWNED, TRUE, &error));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  assert_mirror (model, &mirror);
  g_clear_object (&first);
  first = g_list_model_get_item (model, 0);
  g_assert_true (tk_game_has_status (first, TK_GAME_STATUS_OWNED));

  /* An edit of a shown game replaces its item, where it is, and nothing else. */
  tk_game_list_set_statuses (list, 0);
  assert_mirror (model, &mirror);
  mirror.changes = 0;
  g_assert_true (tk_collection_set_rating (f->collection, tk_game_get_id (first), 9, &error));
  g_assert_cmpuint (mirror.changes, ==, 1);
  assert_mirror (model, &mirror);

  /* Many games changed at once (as after an import): the index is read again and the list
   * follows, the views seeing the games they had until each change is announced. */
  g_assert_true (tk_store_exec (f->store, "DELETE FROM games WHERE id IN"
                                          " (SELECT id FROM games ORDER BY id LIMIT 5)", &error));
  g_assert_no_error (error);
  n = g_list_model_get_n_items (model);
  tk_collection_emit_changed (f->collection, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n - 5);
  assert_mirror (model, &mirror);
  g_ptr_array_unref (mirror.items);
}

/* What a deferred list shows, as game ids. */
static GArray *
list_ids (GListModel *model)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TkGame) game = g_list_model_get_item (model, i);
      gint64 id = tk_game_get_id (game);

      g_array_append_val (ids, id);
    }
  return ids;
}

static void
assert_ids_equal (GArray *a,
                  GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  g_assert_cmpmem (a->data, a->len * sizeof (gint64), b->data, b->len * sizeof (gint64));
}

static void
wait_loaded (TkGameList *list)
{
  tk_game_list_load_rest (list);
  while (tk_game_list_is_loading (list))
    g_main_context_iteration (NULL, TRUE);
}

/* A deferred list shows the first games of its query at once and every game when the
 * index has been read in a worker: the same games in the same order as the SQL query,
 * the first ones kept (one change appends the rest), for every order and direction;
 * filters set meanwhile apply when it comes, and so does an edit made meanwhile. */
static void
test_game_list_deferred (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TkGameQuery query = { 0 };

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  for (guint sort = TK_GAME_SORT_TITLE; sort <= TK_GAME_SORT_LAST_PLAYED; sort++)
    for (guint descending = 0; descending < 2; descending++)
      {
        g_autoptr(TkGameList) list = NULL;
        g_autoptr(GArray) expected = NULL;
        g_autoptr(GArray) shown = NULL;
        Mirror mirror = { g_ptr_array_new_with_free_func (g_object_unref), 0, FALSE };

        query.sort = sort;
        query.descending = descending;
        query.players = sort == TK_GAME_SORT_YEAR ? 4 : 0;
        expected = tk_collection_query_ids (f->collection, &query, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (expected->len, >, 64);

        list = tk_game_list_new_deferred (f->collection, &query, 64);
        g_assert_true (tk_game_list_is_loading (list));
        shown = list_ids (G_LIST_MODEL (list));
        g_assert_cmpuint (shown->len, ==, 64);
        g_assert_cmpmem (shown->data, 64 * sizeof (gint64), expected->data, 64 * sizeof (gint64));

        for (guint i = 0; i < 64; i++)
          g_ptr_array_add (mirror.items, g_list_model_get_item (G_LIST_MODEL (list), i));
        g_signal_connect (list, "items-changed", G_CALLBACK (on_items_changed), &mirror);
        wait_loaded (list);
        g_clear_pointer (&shown, g_array_unref);
        shown = list_ids (G_LIST_MODEL (list));
        assert_ids_equal (shown, expected);
        assert_mirror (G_LIST_MODEL (list), &mirror);
        g_assert_cmpuint (mirror.changes, ==, 1);
        g_ptr_array_unref (mirror.items);
      }

  /* A search typed and a game edited while the index is read. */
  {
    g_autoptr(TkGameList) list = NULL;
    g_autoptr(GArray) expected = NULL;
    g_autoptr(GArray) shown = NULL;
    g_autoptr(TkGame) game = NULL;

    query = (TkGameQuery) { 0 };
    list = tk_game_list_new_deferred (f->collection, &query, 64);
    g_assert_true (tk_game_list_is_loading (list));
    game = g_list_model_get_item (G_LIST_MODEL (list), 0);
    tk_game_list_set_search (list, "city");
    g_assert_true (tk_collection_set_status (f->collection, tk_game_get_id (game),
                                             TK_GAME_STATUS_OWNED, TRUE, &error));
    g_assert_no_error (error);
    wait_loaded (list);
    query.search = "city";
    expected = tk_collection_query_ids (f->collection, &query, &error);
    g_assert_cmpuint (expected->len, >, 0);
    shown = list_ids (G_LIST_MODEL (list));
    assert_ids_equal (shown, expected);

    tk_game_list_set_search (list, NULL);
    tk_game_list_set_statuses (list, TK_GAME_STATUS_OWNED);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
    g_clear_object (&game);
    game = g_list_model_get_item (G_LIST_MODEL (list), 0);
    g_assert_true (tk_game_has_status (game, TK_GAME_STATUS_OWNED));
  }
}

static char *
entry_extra (TkStore    *store,
             const char *bgg_id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT c.bgg_extra FROM collection c JOIN games g"
                                          " ON g.id = c.game_id WHERE g.bgg_id = %s", bgg_id);

  return query_text (store, sql);
}

/* BGG's common texts ("0", "thing", the language-dependence levels) are kept as numbers in
 * an entry's compact columns, and the export writes the texts back; a library of format 8,
 * whose entries hold them as texts (and null gaps), is upgraded and exports the same. */
static void
test_bgg_common_texts (Fixture       *f,
                       gconstpointer  data)
{
  const char *row[] = { "objectname", "Compact Game", "objectid", "9100001", "own", "1",
                        "fortrade", "0", "objecttype", "thing", "itemtype", "expansion",
                        "bgglanguagedependence", "Unplayable in another language",
                        "language", "thing2", "other", "10", "barcode", "", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  g_autofree char *stored = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *again = NULL;
  g_autofree char *path = g_build_filename (f->dir, "library.db", NULL);
  g_autofree char *old_form = NULL;
  guint n = 0;

  bgg_csv_add_row (csv, row);
  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  stored = entry_extra (f->store, "9100001");
  /* A gap is 0, fortrade "0" is 1, objecttype "thing" 3, language-dependence level 5 is 10, itemtype
   * "expansion" 5; a text that only starts like one stays a text. */
  g_assert_true (g_str_has_prefix (stored, "[0,0,\"\",\"\",0,0,1,0,"));
  g_assert_nonnull (strstr (stored, ",3,"));
  g_assert_nonnull (strstr (stored, ",10,"));
  g_assert_nonnull (strstr (stored, "\"thing2\",\"10\",5"));
  g_assert_null (strstr (stored, "Unplayable"));
  g_assert_null (strstr (stored, "null"));
  exported = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported, "\"thing\""));
  g_assert_nonnull (strstr (exported, "\"Unplayable in another language\""));
  g_assert_nonnull (strstr (exported, "\"thing2\",\"10\",\"expansion\""));

  /* As format 8 stored it: texts, null gaps (no field of this row holds a comma). */
  {
    const char *texts[] = { "null", "\"0\"", "\"1\"", "\"thing\"", "\"standalone\"",
                            "\"expansion\"", NULL, NULL, NULL, NULL,
                            "\"Unplayable in another language\"" };
    g_auto(GStrv) items = g_strsplit_set (stored, "[,]", -1);
    g_autoptr(GString) old = g_string_new ("[");
    g_autofree char *update = NULL;

    for (guint i = 1; items[i + 1] != NULL; i++)
      {
        guint64 code = 0;
        gboolean is_code = g_ascii_string_to_unsigned (items[i], 10, 0, 10, &code, NULL);

        g_assert_true (!is_code || texts[code] != NULL);
        g_string_append_printf (old, "%s%s", i > 1 ? "," : "", is_code ? texts[code] : items[i]);
      }
    g_string_append_c (old, ']');
    old_form = g_strdup (old->str);
    g_assert_null (strstr (old_form, ",1,"));
    update = g_strdup_printf ("UPDATE collection SET bgg_extra = '%s'; %s"
                              " PRAGMA user_version = 8", old_form, tk_test_undo_v11_sql ());
    g_assert_true (tk_store_exec (f->store, update, &error));
    g_assert_no_error (error);
  }
  g_clear_object (&f->collection);
  tk_store_close (f->store);
  g_clear_object (&f->store);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  f->collection = tk_collection_new (f->store);
  g_assert_cmpint (tk_store_get_schema_version (f->store), ==, TK_STORE_SCHEMA_VERSION);
  g_clear_pointer (&stored, g_free);
  stored = entry_extra (f->store, "9100001");
  g_assert_cmpstr (stored, ==, old_form);
  again = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, exported);
}

/* A catalog game the file names twice takes the Japanese name of the last row only, as one
 * named once does: the rows after the first are merged one by one. */
static void
test_bgg_japanese_name_twice (Fixture       *f,
                              gconstpointer  data)
{
  const char *orders[2][2] = { { "カルカソンヌ", "Carcassonne" },
                               { "Carcassonne", "カルカソンヌ" } };

  g_assert_true (tk_catalog_ensure (f->store, NULL, NULL));
  for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) csv = bgg_csv_header ();
      g_autofree char *title_ja = NULL;
      guint n = 0;

      g_assert_true (tk_store_exec (f->store, "DELETE FROM collection;"
                                              " UPDATE games SET title_ja = NULL WHERE bgg_id = 822",
                                    &error));
      for (guint r = 0; r < 2; r++)
        bgg_csv_add_row (csv, (const char *[]) { "objectname", orders[o][r], "objectid", "822",
                                                  "own", "1", NULL });
      g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
      g_assert_no_error (error);
      title_ja = query_text (f->store, "SELECT coalesce (title_ja, '-') FROM games WHERE bgg_id = 822");
      g_assert_cmpstr (title_ja, ==, o == 0 ? "-" : "カルカソンヌ");
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/catalog/first-run", test_catalog_first_run);
  ADD ("/catalog/keeps-user-rows", test_catalog_keeps_user_rows);
  ADD ("/catalog/upgrade", test_catalog_upgrade_drops_and_updates);
  ADD ("/collection/filter-5-players-60-minutes", test_filter_five_players_an_hour);
  ADD ("/collection/search-and-sort", test_search_and_sort);
  ADD ("/collection/add-validation", test_add_validation);
  ADD ("/collection/edit-delete-undo", test_edit_delete_undo);
  ADD ("/collection/tags-in-one-row", test_tags_in_one_row);
  ADD ("/collection/index-matches-sql", test_index_matches_sql);
  ADD ("/collection/cover", test_cover);
  ADD ("/collection/pick-random", test_pick_random);
  ADD ("/collection/game-list-model", test_game_list_model);
  ADD ("/collection/game-list-deferred", test_game_list_deferred);
  g_test_add_func ("/bgg/csv-reader", test_csv_reader);
  ADD ("/bgg/round-trip", test_bgg_round_trip);
  ADD ("/bgg/not-available", test_bgg_not_available);
  ADD ("/bgg/catalog-name", test_bgg_catalog_name);
  ADD ("/bgg/bulk-import", test_bgg_bulk_import);
  ADD ("/bgg/malformed", test_bgg_malformed);
  ADD ("/bgg/fuzz-regressions", test_bgg_fuzz_regressions);
  ADD ("/bgg/import-async", test_bgg_import_async);
  ADD ("/share/html-escapes", test_html_escapes);
  ADD ("/share/json-round-trip", test_json_round_trip);
  ADD ("/share/json-fuzz-regressions", test_json_fuzz_regressions);
  ADD ("/share/friends", test_friends);
  ADD ("/bgg/common-texts", test_bgg_common_texts);
  ADD ("/bgg/japanese-name-twice", test_bgg_japanese_name_twice);
  return g_test_run ();
}
