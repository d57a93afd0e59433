/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-collection.c — a library of its own for each collection test, and what several of them
 * read from it. */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-collection.h"
#include "tk-test-collection.h"

typedef TkTestCollectionFixture Fixture;

void
tk_test_collection_fixture_set_up (Fixture       *f,
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

void
tk_test_collection_fixture_tear_down (Fixture       *f,
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

char *
tk_test_collection_fixture_contents (const char *name,
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
char *
tk_test_collection_library_digest (TkStore *store)
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

gint64
tk_test_collection_find_by_title (TkCollection *collection,
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
