/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-kept.c — "Changed on another device" in the store (tk-sync-kept.h): a rating
 * that lost to a concurrent one is listed with both values, the device that made it and
 * the game's title, and comes back with Restore; a play and an own game deleted on the
 * other device are listed (the game once, not also its entry) and come back; something
 * made and deleted on one device alone is not listed, nor on the device that deleted it.
 */
#include "config.h"

#include "tk-collection.h"
#include "tk-game.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "tk-store.h"
#include "tk-sync-kept.h"
#include "tk-sync-log.h"
#include "tk-test-store.h"

static void
exchange (TkStore *a,
          TkStore *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) from_a = tk_sync_log_own_ops (a, 0, &error);
  g_autoptr(GPtrArray) from_b = tk_sync_log_own_ops (b, 0, &error);

  g_assert_true (tk_sync_log_receive (b, from_a, NULL, &error));
  g_assert_true (tk_sync_log_receive (a, from_b, NULL, &error));
  g_assert_no_error (error);
}

static GListStore *
list_ok (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  GListStore *items = tk_sync_kept_list (store, &error);

  g_assert_no_error (error);
  g_assert_nonnull (items);
  g_assert_cmpint (tk_sync_kept_count (store, &error), ==,
                   g_list_model_get_n_items (G_LIST_MODEL (items)));
  return items;
}

static gint64
play_on (TkStore    *store,
         gint64      game_id,
         const char *title,
         const char *date)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlay) play = tk_play_new ();

  tk_play_set_game_id (play, game_id);
  tk_play_set_game_title (play, title);
  tk_play_set_played_on (play, date);
  g_assert_true (tk_plays_insert (store, play, &error));
  g_assert_no_error (error);
  return tk_play_get_id (play);
}

static void
test_kept (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(TkCollection) ca = tk_collection_new (a);
  g_autoptr(TkCollection) cb = tk_collection_new (b);
  g_autoptr(GError) error = NULL;
  g_autoptr(GListStore) items = NULL;
  g_autoptr(TkSyncKeptItem) item = NULL;
  g_autoptr(TkGame) game = tk_game_new ("Cascadia");
  g_autoptr(TkGame) own = tk_game_new ("Kitchen Table Game");
  g_autofree char *device_b = tk_sync_log_device_uid (b, &error);
  gint64 game_a, game_b, own_b, play_b;

  game_a = tk_collection_add_game (ca, game, &error);
  g_assert_no_error (error);
  play_on (a, game_a, "Cascadia", "2026-05-03");
  g_assert_no_error (error);
  tk_collection_add_game (ca, own, &error);
  g_assert_no_error (error);
  exchange (a, b);
  game_b = tk_test_count (b, "SELECT id FROM games WHERE title = 'Cascadia'");
  own_b = tk_test_count (b, "SELECT id FROM games WHERE title = 'Kitchen Table Game'");
  play_b = tk_test_count (b, "SELECT id FROM plays");
  g_clear_object (&items);
  items = list_ok (a);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (items)), ==, 0);

  /* Apart: b rates 8 first, a rates 5 later (a wins); b deletes the play and the own
   * game; b also logs a play and deletes it again before anyone saw it. */
  g_assert_true (tk_collection_set_rating (cb, game_b, 8, &error));
  g_usleep (2000);
  g_assert_true (tk_collection_set_rating (ca, game_a, 5, &error));
  g_assert_true (tk_plays_delete (b, play_b, &error));
  g_clear_object (&own);
  own = tk_collection_delete_game (cb, own_b, &error);
  g_assert_no_error (error);
  g_assert_true (tk_plays_delete (b, play_on (b, game_b, "Cascadia", "2026-05-04"), &error));
  g_assert_no_error (error);
  exchange (a, b);
  g_assert_cmpint (tk_test_count (a, "SELECT rating FROM collection WHERE game_id = 1"),
                   ==, 5);

  g_clear_object (&items);
  items = list_ok (a);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (items)), ==, 3);
  {
    gboolean seen_rating = FALSE, seen_play = FALSE, seen_game = FALSE;

    for (guint i = 0; i < 3; i++)
      {
        g_autoptr(TkSyncKeptItem) it = g_list_model_get_item (G_LIST_MODEL (items), i);
        const char *type = tk_sync_kept_item_get_entity_type (it);

        g_assert_cmpstr (tk_sync_kept_item_get_device_uid (it), ==, device_b);
        g_assert_cmpint (tk_sync_kept_item_get_time_ms (it), >, 1700000000000);
        if (g_str_equal (type, "entry"))
          {
            seen_rating = TRUE;
            g_assert_cmpstr (tk_sync_kept_item_get_field (it), ==, "rating");
            g_assert_cmpstr (tk_sync_kept_item_get_value (it), ==, "8");
            g_assert_cmpstr (tk_sync_kept_item_get_current (it), ==, "5");
            g_assert_cmpstr (tk_sync_kept_item_get_title (it), ==, "Cascadia");
            g_assert_false (tk_sync_kept_item_is_deletion (it));
            g_assert_nonnull (tk_sync_kept_item_get_op_uid (it));
            item = g_object_ref (it);
          }
        else if (g_str_equal (type, "play"))
          {
            seen_play = TRUE;
            g_assert_true (tk_sync_kept_item_is_deletion (it));
            g_assert_cmpstr (tk_sync_kept_item_get_title (it), ==, "Cascadia");
            g_assert_cmpstr (tk_sync_kept_item_get_played_on (it), ==, "2026-05-03");
          }
        else
          {
            seen_game = TRUE;
            g_assert_cmpstr (type, ==, "game");
            g_assert_true (tk_sync_kept_item_is_deletion (it));
            g_assert_cmpstr (tk_sync_kept_item_get_title (it), ==, "Kitchen Table Game");
          }
      }
    g_assert_true (seen_rating && seen_play && seen_game);
  }
  /* b deleted them itself: it lists only its own rating, which lost to a's. */
  {
    g_autoptr(GListStore) on_b = list_ok (b);
    g_autoptr(TkSyncKeptItem) it = NULL;

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (on_b)), ==, 1);
    it = g_list_model_get_item (G_LIST_MODEL (on_b), 0);
    g_assert_cmpstr (tk_sync_kept_item_get_value (it), ==, "8");
    g_assert_cmpstr (tk_sync_kept_item_get_current (it), ==, "5");
    g_assert_cmpstr (tk_sync_kept_item_get_device_uid (it), ==, device_b);
    g_assert_cmpstr (tk_sync_kept_item_get_current_device_uid (it), !=, device_b);
  }

  /* Restore each on a: the rating 8, the play, the game with its entry. */
  g_assert_true (tk_sync_kept_restore (a, item, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (a, "SELECT rating FROM collection WHERE game_id = 1"),
                   ==, 8);
  while (g_list_model_get_n_items (G_LIST_MODEL (items)) > 0)
    {
      g_autoptr(TkSyncKeptItem) it = g_list_model_get_item (G_LIST_MODEL (items), 0);

      g_list_store_remove (items, 0);
      if (!tk_sync_kept_item_is_deletion (it))
        continue;
      g_assert_true (tk_sync_kept_restore (a, it, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (tk_test_count (a, "SELECT count (*) FROM plays"), ==, 1);
  g_assert_cmpint (tk_test_count (a, "SELECT count (*) FROM collection c JOIN games g"
                                     " ON g.id = c.game_id"
                                     " WHERE g.title = 'Kitchen Table Game'"), ==, 1);
  g_clear_object (&items);
  items = list_ok (a);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (items)), ==, 0);

  exchange (a, b);
  g_assert_cmpint (tk_test_count (b, "SELECT rating FROM collection WHERE game_id = 1"),
                   ==, 8);
  g_assert_cmpint (tk_test_count (b, "SELECT count (*) FROM plays"), ==, 1);
  g_assert_cmpint (tk_test_count (b, "SELECT count (*) FROM collection c JOIN games g"
                                     " ON g.id = c.game_id"
                                     " WHERE g.title = 'Kitchen Table Game'"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sync-kept/list-and-restore", test_kept);
  return g_test_run ();
}
