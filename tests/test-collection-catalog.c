/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collection-catalog.c — the bundled catalog in a library: the first run fills it, the
 * user's own rows are kept when it loads again, and an upgrade drops and updates catalog games.
 * */
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
#define find_by_title(collection, title) tk_test_collection_find_by_title (collection, title)

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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add (name, Fixture, NULL, tk_test_collection_fixture_set_up, func, \
              tk_test_collection_fixture_tear_down)
  ADD ("/catalog/first-run", test_catalog_first_run);
  ADD ("/catalog/keeps-user-rows", test_catalog_keeps_user_rows);
  ADD ("/catalog/upgrade", test_catalog_upgrade_drops_and_updates);
  return g_test_run ();
}
