/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-offer.c — merge offers (tk-sync-offer.h) between two libraries that exchange
 * their operations: which pairs are offered (made on two devices, not on one), which side
 * is kept, Keep Both held on the other device too, and an own game merged with its entry
 * joined, on both. */
#include "config.h"

#include "tk-collection.h"
#include "tk-game.h"
#include "tk-player.h"
#include "tk-store.h"
#include "tk-sync-log.h"
#include "tk-sync-offer.h"
#include "tk-test-store.h"

/* Everything @from has that @to has not (receiving twice changes nothing). */
static void
exchange (TkStore *from,
          TkStore *to)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ops = tk_sync_log_all_ops (from, &error);

  g_assert_no_error (error);
  g_assert_true (tk_sync_log_receive (to, ops, NULL, &error));
  g_assert_no_error (error);
}

static gint64
add_own_game (TkStore    *store,
              const char *title)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkCollection) collection = tk_collection_new (store);
  g_autoptr(TkGame) game = tk_game_new (title);
  gint64 id = tk_collection_add_game (collection, game, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static GListModel *
offers_of (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  GListModel *offers = tk_sync_offers_list (store, &error);

  g_assert_no_error (error);
  g_assert_nonnull (offers);
  return offers;
}

static TkSyncOffer *
offer_at (GListModel *offers,
          guint       position)
{
  g_assert_cmpuint (position, <, g_list_model_get_n_items (offers));
  return g_list_model_get_item (offers, position);
}

static void
test_offers (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlayer) ana = NULL, ana_too = NULL, ana_b = NULL;
  g_autoptr(GListModel) offers = NULL;
  g_autoptr(TkSyncOffer) first = NULL, second = NULL, game = NULL;
  g_autoptr(TkCollection) collection_a = tk_collection_new (a);
  g_autoptr(TkCollection) collection_b = tk_collection_new (b);
  gint64 game_a, game_b;

  /* Two "Ana" on this device, on purpose; one on the other.  An own game on each. */
  ana = tk_players_add (a, "Ana", NULL, &error);
  ana_too = tk_players_add (a, "ana", NULL, &error);
  ana_b = tk_players_add (b, "Ana", NULL, &error);
  g_assert_no_error (error);
  game_a = add_own_game (a, "Kitchen Table Game");
  game_b = add_own_game (b, "Kitchen Table Game");
  g_assert_true (tk_collection_set_rating (collection_a, game_a, 7, &error));
  g_assert_true (tk_collection_set_comment (collection_b, game_b, "Best with four", &error));
  g_assert_no_error (error);

  /* Apart: nothing to offer. */
  offers = offers_of (a);
  g_assert_cmpuint (g_list_model_get_n_items (offers), ==, 0);
  g_clear_object (&offers);

  exchange (a, b);
  exchange (b, a);

  /* On a: each of a's Anas with b's, never a's two together; then the game. */
  offers = offers_of (a);
  g_assert_cmpuint (g_list_model_get_n_items (offers), ==, 3);
  first = offer_at (offers, 0);
  second = offer_at (offers, 1);
  game = offer_at (offers, 2);
  g_assert_cmpint (tk_sync_offer_get_kind (first), ==, TK_SYNC_OFFER_PLAYER);
  g_assert_cmpint (tk_sync_offer_get_kind (second), ==, TK_SYNC_OFFER_PLAYER);
  g_assert_cmpint (tk_sync_offer_get_kind (game), ==, TK_SYNC_OFFER_GAME);
  g_assert_cmpstr (tk_sync_offer_get_type_name (game), ==, "game");
  g_assert_cmpstr (tk_sync_offer_get_name (game), ==, "Kitchen Table Game");
  g_assert_true (tk_sync_offer_get_keep_is_here (first));
  g_assert_false (tk_sync_offer_get_other_is_here (first));
  g_assert_cmpint (tk_sync_offer_get_keep_id (game), ==, game_a);
  {
    g_autofree char *device_b = tk_sync_log_device_uid (b, NULL);

    g_assert_cmpstr (tk_sync_offer_get_other_device (first), ==, device_b);
  }
  g_assert_cmpstr (tk_sync_offer_get_other_uid (first), ==,
                   tk_sync_offer_get_other_uid (second));
  g_assert_cmpstr (tk_sync_offer_get_keep_uid (first), !=, tk_sync_offer_get_keep_uid (second));
  g_assert_cmpstr (tk_sync_offer_get_keep_uid (first), !=, tk_sync_offer_get_other_uid (first));

  /* Keep Both on a for one pair: gone there, and on b once b has a's operations. */
  g_assert_true (tk_sync_offer_keep_both (first, a, &error));
  g_assert_no_error (error);
  g_clear_object (&offers);
  offers = offers_of (a);
  g_assert_cmpuint (g_list_model_get_n_items (offers), ==, 2);
  g_clear_object (&offers);
  exchange (a, b);
  offers = offers_of (b);
  g_assert_cmpuint (g_list_model_get_n_items (offers), ==, 2);
  {
    g_autoptr(TkSyncOffer) left = offer_at (offers, 0);

    /* b's side is kept on b. */
    g_assert_cmpint (tk_sync_offer_get_keep_id (left), ==, tk_player_get_id (ana_b));
    g_assert_true (tk_sync_offer_get_keep_is_here (left));
  }

  /* Merge the game on b (a's into b's): one game with a's rating and b's comment, on both. */
  {
    g_autoptr(TkSyncOffer) merge = offer_at (offers, 1);

    g_assert_cmpint (tk_sync_offer_get_keep_id (merge), ==, game_b);
    g_assert_true (tk_sync_offer_merge (merge, b, &error));
    g_assert_no_error (error);
  }
  exchange (b, a);
  for (guint i = 0; i < 2; i++)
    {
      TkStore *store = i == 0 ? a : b;

      g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"
                                             " WHERE title = 'Kitchen Table Game'"), ==, 1);
      g_assert_cmpint (tk_test_count (store, "SELECT c.rating FROM collection c JOIN games g"
                                             " ON g.id = c.game_id"
                                             " WHERE g.title = 'Kitchen Table Game'"), ==, 7);
      g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM collection c JOIN games g"
                                             " ON g.id = c.game_id WHERE c.comment ="
                                             " 'Best with four'"), ==, 1);
      g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_waiting"), ==, 0);
    }
  g_clear_object (&offers);
  offers = offers_of (a);
  g_assert_cmpuint (g_list_model_get_n_items (offers), ==, 1);
  {
    g_autofree char *dump_a = tk_sync_log_dump_canonical (a, NULL);
    g_autofree char *dump_b = tk_sync_log_dump_canonical (b, NULL);

    g_assert_cmpstr (dump_a, ==, dump_b);
  }
}

static void
test_refusals (void)
{
  g_autoptr(TkStore) store = tk_test_open_memory ();
  g_autoptr(TkCollection) collection = tk_collection_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) numbered = tk_game_new ("Numbered");
  gint64 own = add_own_game (store, "Own");
  gint64 bgg;

  g_object_set (numbered, "bgg-id", (gint64) 4242, NULL);
  bgg = tk_collection_add_game (collection, numbered, &error);
  g_assert_no_error (error);

  g_assert_false (tk_collection_merge_games (collection, own, own, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  /* A game with a BGG id is one game on every device already: never merged away. */
  g_assert_false (tk_collection_merge_games (collection, bgg, own, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games WHERE source <> 'catalog'"),
                   ==, 2);
  g_assert_false (tk_sync_offers_keep_both (store, "play", "x", "y", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (tk_sync_offers_keep_both (store, "player", "x", "x", &error));
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sync-offer/offers", test_offers);
  g_test_add_func ("/sync-offer/refusals", test_refusals);
  return g_test_run ();
}
