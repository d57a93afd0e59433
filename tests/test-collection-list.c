/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collection-list.c — TkGameList, the collection as a GListModel: a copy kept from
 * items-changed matches it after every change and no change announces more items at once than
 * allowed; a deferred list shows its first games at once and every game, in the query's order,
 * when the index has been read in a worker. */
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add (name, Fixture, NULL, tk_test_collection_fixture_set_up, func, \
              tk_test_collection_fixture_tear_down)
  ADD ("/collection/game-list-model", test_game_list_model);
  ADD ("/collection/game-list-deferred", test_game_list_deferred);
  return g_test_run ();
}
