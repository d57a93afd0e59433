/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-log.c — the operation log (tk-sync-log.h): operations written with their change
 * and only then, uids after an upgrade, and a fold that is idempotent and independent of
 * order. */
#include "config.h"

#include <sqlite3.h>
#include <string.h>

#include "tk-collection.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays.h"
#include "tk-store.h"
#include "tk-store-schema.h"
#include "tk-sync-log.h"
#include "tk-test-store.h"
#include "tk-uid.h"

/* A change rolled back leaves no operation and nothing listed; the same change committed
 * leaves one operation, naming the row's uid and its fields, and the register it set. */
static void
test_same_transaction (void)
{
  g_autoptr(TkStore) store = tk_test_open_memory ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ops = NULL;
  const TkSyncOp *op;
  g_autofree char *device = NULL;

  g_assert_true (tk_store_begin (store, &error));
  tk_test_exec_ok (store, "INSERT INTO players (name) VALUES ('Ana')");
  tk_store_rollback (store);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_ops"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_dirty"), ==, 0);

  g_assert_true (tk_store_begin (store, &error));
  tk_test_exec_ok (store, "INSERT INTO players (name) VALUES ('Ana')");
  /* Not yet: the operation is written by the commit, inside the transaction. */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_ops"), ==, 0);
  g_assert_true (tk_store_commit (store, &error));
  g_assert_no_error (error);

  ops = tk_sync_log_own_ops (store, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ops->len, ==, 1);
  op = ops->pdata[0];
  device = tk_sync_log_device_uid (store, &error);
  g_assert_cmpstr (op->device_uid, ==, device);
  g_assert_cmpstr (op->kind, ==, "set");
  g_assert_cmpstr (op->type, ==, "player");
  g_assert_true (tk_uid_is_v7 (op->entity));
  g_assert_true (tk_uid_is_v7 (op->op_uid));
  g_assert_cmpint (op->seq, ==, 1);
  g_assert_nonnull (strstr (op->body, "\"name\":\"Ana\""));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players p JOIN sync_fields f"
                                         " ON f.entity = p.uid AND f.field = 'name'"
                                         " AND f.value = '\"Ana\"'"), ==, 1);

  /* A change that fails half way through the app's own transaction leaves no operation. */
  g_assert_false (tk_players_update (store, 999, "Ben", NULL, FALSE, &error));
  g_clear_error (&error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_ops"), ==, 1);

  /* A rename is one more operation with only the name; the same value again is none. */
  g_assert_true (tk_players_update (store, 1, "Anna", NULL, FALSE, &error));
  g_assert_true (tk_players_update (store, 1, "Anna", NULL, FALSE, &error));
  g_assert_no_error (error);
  g_clear_pointer (&ops, g_ptr_array_unref);
  ops = tk_sync_log_own_ops (store, 1, &error);
  g_assert_cmpuint (ops->len, ==, 1);
  op = ops->pdata[0];
  g_assert_cmpint (op->seq, ==, 2);
  g_assert_nonnull (strstr (op->body, "{\"fields\":{\"name\":\"Anna\"}"));
  /* The clock moved on and is kept in the library. */
  g_assert_cmpint (tk_test_count (store, "SELECT hlc FROM sync_identity"), ==, op->hlc);
}

/* Deleting a play writes {"deleted":true}; writing the same play again (Undo) brings back the
 * same uid with {"deleted":false}.  The same for a game of the user's own. */
static void
test_delete_undo (void)
{
  g_autoptr(TkStore) store = tk_test_open_memory ();
  g_autoptr(TkCollection) collection = tk_collection_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlay) play = tk_play_new ();
  g_autoptr(TkPlay) stored = NULL;
  g_autoptr(TkGame) snapshot = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *game_uid = NULL;
  TkPlayPlayer ana = { 0, 0, "Ana", NULL, FALSE, 0, 1, TRUE, FALSE };

  tk_play_set_game_title (play, "Azul");
  tk_play_set_played_on (play, "2026-02-01");
  tk_play_add_player (play, &ana);
  g_assert_true (tk_plays_insert (store, play, &error));
  g_assert_no_error (error);
  stored = tk_plays_get (store, tk_play_get_id (play), &error);
  uid = g_strdup (tk_play_get_uid (stored));
  g_assert_true (tk_uid_is_v7 (uid));

  g_assert_true (tk_plays_delete (store, tk_play_get_id (stored), &error));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_fields WHERE type = 'play'"
                                         " AND field = 'deleted' AND value = 'true'"), ==, 1);
  g_assert_true (tk_plays_insert (store, stored, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_fields WHERE type = 'play'"
                                         " AND field = 'deleted' AND value = 'false'"), ==, 1);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM plays WHERE uid = '%s'", uid);
    g_assert_cmpint (tk_test_count (store, sql), ==, 1);
  }

  tk_test_exec_ok (store, "INSERT INTO games (title) VALUES ('Own game')");
  {
    gint64 id = tk_store_last_insert_id (store);

    /* Inserted outside a transaction: its operation comes with the next commit. */
    g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_dirty"), ==, 1);
    g_assert_true (tk_store_begin (store, &error) && tk_store_commit (store, &error));
    g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_dirty"), ==, 0);
    game_uid = g_strdup_printf ("SELECT count(*) FROM sync_fields WHERE type = 'game'"
                                " AND field = 'deleted' AND value = '%s'", "true");
    snapshot = tk_collection_delete_game (collection, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (tk_test_count (store, game_uid), ==, 1);
    g_assert_true (tk_collection_restore_game (collection, snapshot, &error));
    g_assert_no_error (error);
    g_assert_cmpint (tk_test_count (store, game_uid), ==, 0);
    g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games g JOIN sync_fields f"
                                           " ON f.entity = g.uid AND f.field = 'deleted'"
                                           " AND f.value = 'false'"), ==, 1);
  }
}

/* The body of the last operation written, and how many there are. */
static char *
last_body (TkStore *store,
           gint64  *n_ops)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT type || ' ' || body FROM sync_ops"
                                                " ORDER BY seq DESC LIMIT 1", NULL);
  char *body = NULL;

  *n_ops = tk_test_count (store, "SELECT count(*) FROM sync_ops");
  if (sqlite3_step (stmt) == SQLITE_ROW)
    body = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return body;
}

/* Every edit the app makes writes one operation with exactly what changed. */
static void
test_write_paths (void)
{
  g_autoptr(TkStore) store = tk_test_open_memory ();
  g_autoptr(TkCollection) collection = tk_collection_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = tk_game_new ("Our Game");
  g_autoptr(TkPlay) play = tk_play_new ();
  g_autoptr(TkPlayer) ana = NULL;
  g_autofree char *cover = NULL;
  gint64 id = 0, n = 0, before;
  struct
  {
    const char *what;
    const char *expected;   /* the last operation's type and body */
  } steps[] = {
    { "add", NULL },
    { "owned", "entry {\"fields\":{\"owned\":1}" },
    { "favourite", "entry {\"fields\":{\"favourite\":1}" },
    { "rating", "entry {\"fields\":{\"rating\":7}" },
    { "comment", "entry {\"fields\":{\"comment\":\"Fun\"}" },
    { "acquired", "entry {\"fields\":{\"acquired_on\":\"2026-01-02\",\"price_paid\":12.5}" },
    { "cover", "game {\"fields\":{\"cover_path\":" },
    { "not owned", "entry {\"fields\":{\"owned\":0}" },
  };

  cover = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", "bgg-collection.csv", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *body = NULL;
      gboolean ok = TRUE;

      before = n;
      if (i == 0)
        ok = (id = tk_collection_add_game (collection, game, &error)) > 0;
      else if (i == 1)
        ok = tk_collection_set_status (collection, id, TK_GAME_STATUS_OWNED, TRUE, &error);
      else if (i == 2)
        ok = tk_collection_set_status (collection, id, TK_GAME_STATUS_FAVOURITE, TRUE, &error);
      else if (i == 3)
        ok = tk_collection_set_rating (collection, id, 7, &error);
      else if (i == 4)
        ok = tk_collection_set_comment (collection, id, "Fun", &error);
      else if (i == 5)
        ok = tk_collection_set_acquired (collection, id, "2026-01-02", 12.5, &error);
      else if (i == 6)
        ok = tk_collection_set_cover (collection, id, cover, &error);
      else if (i == 7)
        ok = tk_collection_set_status (collection, id, TK_GAME_STATUS_OWNED, FALSE, &error);
      g_assert_no_error (error);
      g_assert_true (ok);
      body = last_body (store, &n);
      if (steps[i].expected == NULL)
        {
          /* A new game: its facts and its entry, two operations. */
          g_assert_cmpint (n, ==, before + 2);
          continue;
        }
      g_assert_cmpint (n, ==, before + 1);
      if (!g_str_has_prefix (body, steps[i].expected))
        g_error ("%s: %s does not start with %s", steps[i].what, body, steps[i].expected);
    }

  /* The same value again writes nothing. */
  g_assert_true (tk_collection_set_rating (collection, id, 7, &error));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_ops"), ==, n);

  /* A play: logged, edited (a seat's score), deleted. */
  ana = tk_players_add (store, "Ana", "#e01b24", &error);
  g_assert_no_error (error);
  {
    TkPlayPlayer seat = { 0, tk_player_get_id (ana), "Ana", NULL, TRUE, 30, 1, TRUE, FALSE };
    g_autofree char *body = NULL;

    tk_play_set_game_id (play, id);
    tk_play_set_game_title (play, "Our Game");
    tk_play_set_played_on (play, "2026-02-01");
    tk_play_add_player (play, &seat);
    g_assert_true (tk_plays_insert (store, play, &error));
    g_assert_no_error (error);
    before = tk_test_count (store, "SELECT count(*) FROM sync_ops");
    tk_play_clear_players (play);
    seat.score = 31;
    tk_play_add_player (play, &seat);
    g_assert_true (tk_plays_update (store, play, &error));
    g_assert_no_error (error);
    body = last_body (store, &n);
    g_assert_cmpint (n, ==, before + 1);
    g_assert_true (g_str_has_prefix (body, "play {\"fields\":{\"seats\":[{"));
    g_assert_nonnull (strstr (body, "\"score\":31.0"));
    g_assert_nonnull (strstr (body, tk_test_count (store, "SELECT count(*) FROM players"
                                                          " WHERE uid IS NOT NULL") == 1
                                    ? "\"player\":\"" : "?"));
  }
}

/* A library of format 10 (with an own game, a BGG game, a catalog game, a collection entry,
 * players, an imported play and a session) upgrades to 11: every row gets its uid (derived
 * where it can be), nothing is lost, and the next commit turns the content into operations
 * (none for the catalog game). */
static void
test_upgrade_v10 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-sync-log-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) store = NULL;
  const TkStoreMigration *steps;
  guint n_steps;
  sqlite3 *db = NULL;

  g_assert_no_error (error);
  steps = tk_store_schema_migrations (&n_steps);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  for (guint i = 0; i < n_steps && steps[i].version <= 10; i++)
    g_assert_cmpint (sqlite3_exec (db, steps[i].sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "PRAGMA user_version = 10;"
                                 "INSERT INTO games (id, title, source) VALUES (1, 'Mine', 'own');"
                                 "INSERT INTO games (id, title, bgg_id, source)"
                                 "  VALUES (2, 'Azul', 230802, 'import');"
                                 "INSERT INTO games (id, title, catalog_key, source)"
                                 "  VALUES (3, 'Catalogued', 'catalogued', 'catalog');"
                                 "INSERT INTO collection (game_id, owned, rating, comment)"
                                 "  VALUES (2, 1, 8, 'fun'), (3, 1, NULL, NULL);"
                                 "INSERT INTO players (id, name) VALUES (1, 'Ana');"
                                 "INSERT INTO players (id, name, bgg_username)"
                                 "  VALUES (2, 'Ben', 'BenB');"
                                 "INSERT INTO plays (id, game_id, game_title, played_on)"
                                 "  VALUES (1, 2, 'Azul', '2024-01-01'),"
                                 "  (2, 1, 'Mine', '2024-01-02');"
                                 "INSERT INTO play_players (play_id, seat, player_id, name, winner)"
                                 "  VALUES (1, 0, 1, 'Ana', 1), (1, 1, 2, 'Ben', 0);"
                                 "INSERT INTO history_imports (id, source) VALUES (1, 'bgstats');"
                                 "INSERT INTO play_imports (key, play_id, import_id)"
                                 "  VALUES ('bgstats:1111-2222', 1, 1), ('bgg:99', 1, 1);"
                                 "INSERT INTO sessions (rules_id, setup) VALUES ('generic', '{}');"
                                 "INSERT INTO friend_lists (name) VALUES ('Cleo');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = tk_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_nonnull (tk_store_get_backup_path (store));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games WHERE uid IS NULL"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE uid IS NULL"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays WHERE uid IS NULL"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sessions WHERE uid IS NULL"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games WHERE id = 2"
                                         " AND uid = 'bgg:230802'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games WHERE id = 3"
                                         " AND uid = 'cat:catalogued'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE id = 2"
                                         " AND uid = 'bgguser:benb'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays WHERE id = 1"
                                         " AND uid = 'bgstats:1111-2222'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM friend_lists"
                                         " WHERE uid = 'friend:Cleo'"), ==, 1);
  {
    sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT uid FROM games WHERE id = 1"
                                                  " UNION ALL SELECT uid FROM players WHERE id = 1"
                                                  " UNION ALL SELECT uid FROM plays WHERE id = 2",
                                           &error);
    int n = 0;

    while (sqlite3_step (stmt) == SQLITE_ROW)
      {
        g_assert_true (tk_uid_is_v7 ((const char *) sqlite3_column_text (stmt, 0)));
        n++;
      }
    sqlite3_reset (stmt);
    g_assert_cmpint (n, ==, 3);
  }
  /* Nothing lost. */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players"), ==, 2);
  g_assert_cmpint (tk_test_count (store, "SELECT rating FROM collection WHERE game_id = 2"), ==, 8);

  /* The first commit writes the content as operations: 2 games (not the catalog's), 2
   * entries, 2 players, 2 plays, 1 friend's list, 1 session (format 12). */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_dirty"), ==, 10);
  g_assert_true (tk_store_begin (store, &error) && tk_store_commit (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_ops"), ==, 10);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_ops WHERE type = 'game'"
                                         " AND entity = 'cat:catalogued'"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM sync_ops WHERE type = 'entry'"
                                         " AND entity = 'cat:catalogued'"), ==, 1);
  {
    sqlite3_stmt *stmt = tk_store_prepare (store, "PRAGMA integrity_check", &error);

    g_assert_no_error (error);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
    sqlite3_reset (stmt);
  }
  tk_store_close (store);
  tk_test_remove_tree (dir);
}

/* ---- the fold ---- */

static TkSyncOp *
make_op (const char *device,
         gint64      seq,
         TkHlc       hlc,
         const char *kind,
         const char *type,
         const char *entity,
         const char *fields)
{
  g_autofree char *op_uid = g_strdup_printf ("op-%s-%02" G_GINT64_FORMAT, device, seq);
  g_autofree char *body = g_strdup_printf ("{\"fields\":%s,\"prev\":{}}", fields);
  TkSyncOp *op = tk_sync_op_new (op_uid, hlc, device, kind, type, entity, body);

  op->seq = seq;
  return op;
}

/* What a library holds after a fold: the canonical dump and the registers, winners and
 * losers (everything but local row ids). */
static char *
snapshot (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dump = tk_sync_log_dump_canonical (store, &error);
  GString *out = g_string_new (dump);
  sqlite3_stmt *stmt;

  g_assert_no_error (error);
  stmt = tk_store_prepare (store, "SELECT type || '|' || entity || '|' || field || '|' || value"
                                  " || '|' || op_uid FROM sync_fields"
                                  " UNION ALL SELECT 'L|' || type || '|' || entity || '|' || field"
                                  " || '|' || value || '|' || op_uid FROM sync_losers"
                                  " ORDER BY 1", &error);
  g_assert_no_error (error);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%s\n", (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return g_string_free (out, FALSE);
}

/* Folds @ops in the order @order (indexes; each delivered alone, so every intermediate
 * state is a real one) into a new library and returns its snapshot. */
static char *
fold_in_order (GPtrArray  *ops,
               const int  *order,
               guint       n)
{
  g_autoptr(TkStore) store = tk_test_open_memory ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GPtrArray) one = g_ptr_array_new ();

      g_ptr_array_add (one, ops->pdata[order[i]]);
      g_assert_true (tk_sync_log_receive (store, one, NULL, &error));
      g_assert_no_error (error);
    }
  return snapshot (store);
}

static gboolean
next_permutation (int  *a,
                  guint n)
{
  int i = (int) n - 2, j = (int) n - 1, t;

  while (i >= 0 && a[i] >= a[i + 1])
    i--;
  if (i < 0)
    return FALSE;
  while (a[j] <= a[i])
    j--;
  t = a[i]; a[i] = a[j]; a[j] = t;
  for (int l = i + 1, r = (int) n - 1; l < r; l++, r--)
    {
      t = a[l]; a[l] = a[r]; a[r] = t;
    }
  return TRUE;
}

#define GAME "01900000-0000-7000-8000-00000000000a"
#define ANA  "01900000-0000-7000-8000-0000000000a1"
#define ANA2 "01900000-0000-7000-8000-0000000000a2"
#define PLAY "01900000-0000-7000-8000-0000000000b1"

/* Every order of six operations from three devices, each followed by a duplicate of one of
 * them, gives the same library: an own game, its entry rated on two devices at the same
 * clock time (the larger device wins, the other rating is kept), a comment, a player, a play
 * naming it, and that player merged into another one that has not arrived. */
static void
test_fold_permutations (void)
{
  g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_sync_op_free);
  g_autofree char *expected = NULL;
  int order[7] = { 0, 1, 2, 3, 4, 5, 0 };
  guint n_orders = 0;

  g_ptr_array_add (ops, make_op ("aaaa", 1, 100 << 16, "set", "game", GAME,
                                 "{\"title\":\"Azul\",\"source\":\"own\",\"year\":2017}"));
  g_ptr_array_add (ops, make_op ("aaaa", 2, 200 << 16, "set", "entry", GAME,
                                 "{\"owned\":1,\"rating\":7}"));
  g_ptr_array_add (ops, make_op ("bbbb", 1, 200 << 16, "set", "entry", GAME,
                                 "{\"rating\":9,\"comment\":\"fun\"}"));
  g_ptr_array_add (ops, make_op ("cccc", 1, 150 << 16, "set", "player", ANA2,
                                 "{\"name\":\"Ana B\"}"));
  g_ptr_array_add (ops, make_op ("aaaa", 3, 300 << 16, "set", "play", PLAY,
                                 "{\"game\":\"" GAME "\",\"game_title\":\"Azul\","
                                 "\"played_on\":\"2026-01-01\",\"seats\":[{\"name\":\"Ana\","
                                 "\"player\":\"" ANA2 "\",\"winner\":1,\"score\":12.5}]}"));
  g_ptr_array_add (ops, make_op ("bbbb", 2, 400 << 16, "alias", "player", ANA2,
                                 "{\"merged_into\":\"" ANA "\"}"));

  do
    {
      g_autofree char *got = NULL;

      order[6] = order[n_orders % 6];   /* a duplicate, somewhere in the set */
      got = fold_in_order (ops, order, 7);
      if (expected == NULL)
        expected = g_steal_pointer (&got);
      else
        g_assert_cmpstr (got, ==, expected);
      n_orders++;
      order[6] = 0;
    }
  while (next_permutation (order, 6));
  g_assert_cmpuint (n_orders, ==, 720);

  /* And what it is: device bbbb's rating (same time, larger device), aaaa's ownership,
   * the comment, the play on the game, and its seat naming nobody here (merged into a
   * player not seen yet) but keeping the name. */
  g_assert_nonnull (strstr (expected, "\"owned\":1"));
  g_assert_nonnull (strstr (expected, "\"rating\":9"));
  g_assert_nonnull (strstr (expected, "\"comment\":\"fun\""));
  g_assert_nonnull (strstr (expected, "\"game\":\"" GAME "\""));
  g_assert_nonnull (strstr (expected, "\"name\":\"Ana\",\"player\":null"));
  g_assert_nonnull (strstr (expected, "\"players\":{}"));
  g_assert_nonnull (strstr (expected, "\"kept\":[{\"device\":\"aaaa\",\"entity\":\"" GAME "\","
                                      "\"field\":\"rating\""));
}

/* A play deleted on one device and edited on two others, with the player it names arriving
 * last, in every order and in two batches: the delete stands (listed as deleted), the edits
 * are kept in the registers, and the same again changes nothing. */
static void
test_fold_delete_edit (void)
{
  g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_sync_op_free);
  g_autofree char *expected = NULL;
  int order[5] = { 0, 1, 2, 3, 4 };
  guint n_orders = 0;

  g_ptr_array_add (ops, make_op ("aaaa", 1, 300 << 16, "set", "play", PLAY,
                                 "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\","
                                 "\"seats\":[{\"name\":\"Ana\",\"player\":\"" ANA "\"}]}"));
  g_ptr_array_add (ops, make_op ("bbbb", 1, 310 << 16, "set", "play", PLAY,
                                 "{\"deleted\":true}"));
  g_ptr_array_add (ops, make_op ("cccc", 1, 305 << 16, "set", "play", PLAY,
                                 "{\"notes\":\"edited\"}"));
  g_ptr_array_add (ops, make_op ("cccc", 2, 320 << 16, "set", "play", PLAY,
                                 "{\"notes\":\"edited again\"}"));
  g_ptr_array_add (ops, make_op ("aaaa", 2, 100 << 16, "set", "player", ANA,
                                 "{\"name\":\"Ana\",\"colour\":\"#e01b24\"}"));
  do
    {
      g_autoptr(TkStore) store = tk_test_open_memory ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) first = g_ptr_array_new ();
      g_autoptr(GPtrArray) second = g_ptr_array_new ();
      g_autofree char *got = NULL;

      for (guint i = 0; i < 5; i++)
        g_ptr_array_add (i < 2 ? first : second, ops->pdata[order[i]]);
      g_assert_true (tk_sync_log_receive (store, first, NULL, &error));
      g_assert_true (tk_sync_log_receive (store, second, NULL, &error));
      g_assert_true (tk_sync_log_receive (store, ops, NULL, &error));   /* all again */
      g_assert_no_error (error);
      got = snapshot (store);
      if (expected == NULL)
        expected = g_steal_pointer (&got);
      else
        g_assert_cmpstr (got, ==, expected);
      n_orders++;
    }
  while (next_permutation (order, 5));
  g_assert_cmpuint (n_orders, ==, 120);
  g_assert_nonnull (strstr (expected, "\"deleted\":[[\"play\",\"" PLAY "\"]]"));
  g_assert_nonnull (strstr (expected, "\"plays\":{}"));
  g_assert_nonnull (strstr (expected, "play|" PLAY "|notes|\"edited again\""));
  g_assert_nonnull (strstr (expected, "\"players\":{\"" ANA "\":{\"bgg_username\":null,"
                                      "\"colour\":\"#e01b24\""));
}

#define BEN  "01900000-0000-7000-8000-0000000000c1"
#define DANA "01900000-0000-7000-8000-0000000000c2"

/* A BGG username several players want: "bgguser:dan" merged into Ben on one device (the
 * username moves to Ben), Dana given the same username on another.  In every order the same
 * player has it, the one with the smallest uid among those still here (Ben).  Deciding by
 * who held it first made devices differ: one that folded Ben before the merge of Dan left
 * Ben without it. */
static void
test_fold_username (void)
{
  g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_sync_op_free);
  g_autofree char *expected = NULL;
  int order[5] = { 0, 1, 2, 3, 4 };
  guint n_orders = 0;

  g_ptr_array_add (ops, make_op ("aaaa", 1, 100 << 16, "set", "player", "bgguser:dan",
                                 "{\"name\":\"Dan\",\"bgg_username\":\"dan\"}"));
  g_ptr_array_add (ops, make_op ("aaaa", 2, 110 << 16, "set", "player", BEN,
                                 "{\"name\":\"Ben\"}"));
  g_ptr_array_add (ops, make_op ("cccc", 1, 150 << 16, "set", "player", DANA,
                                 "{\"name\":\"Dana\",\"bgg_username\":\"Dan\"}"));
  g_ptr_array_add (ops, make_op ("bbbb", 1, 200 << 16, "alias", "player", "bgguser:dan",
                                 "{\"merged_into\":\"" BEN "\"}"));
  g_ptr_array_add (ops, make_op ("bbbb", 2, 201 << 16, "set", "player", BEN,
                                 "{\"bgg_username\":\"dan\"}"));
  do
    {
      g_autofree char *got = fold_in_order (ops, order, 5);

      if (expected == NULL)
        expected = g_steal_pointer (&got);
      else
        g_assert_cmpstr (got, ==, expected);
      n_orders++;
    }
  while (next_permutation (order, 5));
  g_assert_cmpuint (n_orders, ==, 120);
  g_assert_nonnull (strstr (expected, "\"players\":{\"" BEN "\":{\"bgg_username\":\"dan\","));
  g_assert_nonnull (strstr (expected, "\"" DANA "\":{\"bgg_username\":null,"));
  g_assert_null (strstr (expected, "\"bgguser:dan\":{"));
}

/* Two real libraries: changes made through the core API on each, exchanged as operations,
 * give the same dump; a merge of two players on one device also takes the seat of a play
 * logged on the other with the merged player. */
static void
test_two_libraries (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlayer) ana = NULL;
  g_autoptr(TkPlayer) ana2 = NULL;
  g_autoptr(GPtrArray) from_a = NULL;
  g_autoptr(GPtrArray) from_b = NULL;
  g_autofree char *dump_a = NULL;
  g_autofree char *dump_b = NULL;
  g_autoptr(TkPlay) play = tk_play_new ();
  TkPlayPlayer seat = { 0, 0, "Ana", NULL, FALSE, 0, 0, FALSE, FALSE };
  gint64 b_ana2;

  ana = tk_players_add (a, "Ana", NULL, &error);
  ana2 = tk_players_add (a, "Ana B.", NULL, &error);
  g_assert_no_error (error);
  from_a = tk_sync_log_own_ops (a, 0, &error);
  g_assert_true (tk_sync_log_receive (b, from_a, NULL, &error));
  g_assert_no_error (error);

  /* Apart: a merges Ana B. into Ana; b logs a play with Ana B. */
  g_assert_true (tk_players_merge (a, tk_player_get_id (ana2), tk_player_get_id (ana), &error));
  g_assert_no_error (error);
  b_ana2 = tk_test_count (b, "SELECT id FROM players WHERE name = 'Ana B.'");
  seat.player_id = b_ana2;
  tk_play_set_game_title (play, "Azul");
  tk_play_set_played_on (play, "2026-03-01");
  tk_play_add_player (play, &seat);
  g_assert_true (tk_plays_insert (b, play, &error));
  g_assert_no_error (error);

  g_clear_pointer (&from_a, g_ptr_array_unref);
  from_a = tk_sync_log_own_ops (a, 2, &error);
  from_b = tk_sync_log_own_ops (b, 0, &error);
  g_assert_true (tk_sync_log_receive (b, from_a, NULL, &error));
  g_assert_true (tk_sync_log_receive (a, from_b, NULL, &error));
  g_assert_no_error (error);

  dump_a = tk_sync_log_dump_canonical (a, &error);
  dump_b = tk_sync_log_dump_canonical (b, &error);
  g_assert_cmpstr (dump_a, ==, dump_b);
  g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM players"), ==, 1);
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM players"), ==, 1);
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM play_players pp JOIN players p"
                                     " ON p.id = pp.player_id WHERE p.name = 'Ana'"), ==, 1);
  g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM play_players pp JOIN players p"
                                     " ON p.id = pp.player_id WHERE p.name = 'Ana'"), ==, 1);
}

/* A new play's 0 minutes is written as 0 and read as 0, not left out as an empty value and
 * read as unknown on the other device (a finished session's play did that); an unknown
 * length stays unknown on both. */
static void
test_zero_is_a_value (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) from_a = NULL;
  g_autofree char *dump_a = NULL;
  g_autofree char *dump_b = NULL;
  int minutes[] = { 0, -1 };

  for (guint i = 0; i < G_N_ELEMENTS (minutes); i++)
    {
      g_autoptr(TkPlay) play = tk_play_new ();

      tk_play_set_game_title (play, i == 0 ? "Skull King" : "Azul");
      tk_play_set_played_on (play, "2026-03-01");
      tk_play_set_duration_min (play, minutes[i]);
      g_assert_true (tk_plays_insert (a, play, &error));
      g_assert_no_error (error);
    }
  from_a = tk_sync_log_own_ops (a, 0, &error);
  g_assert_no_error (error);
  g_assert_true (tk_sync_log_receive (b, from_a, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM plays"
                                     " WHERE game_title = 'Skull King' AND duration_min = 0"),
                   ==, 1);
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM plays"
                                     " WHERE game_title = 'Azul' AND duration_min IS NULL"), ==, 1);
  dump_a = tk_sync_log_dump_canonical (a, &error);
  dump_b = tk_sync_log_dump_canonical (b, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dump_a, ==, dump_b);
}

static gint64 test_now_ms;

static gint64
test_now (gpointer user_data)
{
  return test_now_ms;
}

static TkHlc
last_hlc (TkStore *store)
{
  return tk_test_count (store, "SELECT hlc FROM sync_ops ORDER BY seq DESC LIMIT 1");
}

/* The library's clock: an operation after a clock set back a day still comes after the ones
 * before; one read from a clock two days ahead is flagged and moves ours past it. */
static void
test_store_clock (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ops = NULL;
  TkSyncReceiveStats stats;
  TkHlc first, second;

  test_now_ms = G_GINT64_CONSTANT (1764393600000);
  tk_sync_log_set_now_func (test_now, NULL);
  g_object_unref (tk_players_add (a, "Ana", NULL, &error));
  first = last_hlc (a);
  g_assert_cmpint (tk_hlc_ms (first), ==, test_now_ms);
  test_now_ms -= 86400000;
  g_assert_true (tk_players_update (a, 1, "Anna", NULL, FALSE, &error));
  second = last_hlc (a);
  g_assert_cmpint (second, >, first);

  /* b's clock is two days ahead of a's. */
  test_now_ms += 3 * 86400000;
  g_object_unref (tk_players_add (b, "Ben", NULL, &error));
  g_assert_no_error (error);
  ops = tk_sync_log_own_ops (b, 0, &error);
  test_now_ms -= 3 * 86400000;
  g_assert_true (tk_sync_log_receive (a, ops, &stats, &error));
  g_assert_no_error (error);
  g_assert_true (stats.far_ahead);
  g_assert_cmpuint (stats.received, ==, 1);
  g_assert_true (tk_players_update (a, 1, "Ana", NULL, FALSE, &error));
  g_assert_cmpint (last_hlc (a), >, ((TkSyncOp *) ops->pdata[0])->hlc);
  tk_sync_log_set_now_func (NULL, NULL);
}

/* "Changed on another device" lists a value only when it lost to an edit made without
 * knowing it: a rating replaced by a device that had read it is not listed; two ratings made
 * apart are, the loser once, on both devices alike. */
static void
test_kept (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(TkCollection) ca = tk_collection_new (a);
  g_autoptr(TkCollection) cb = tk_collection_new (b);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ops = NULL;
  g_autoptr(TkGame) game = tk_game_new ("Our Game");
  gint64 id_a, id_b;

  id_a = tk_collection_add_game (ca, game, &error);
  g_assert_no_error (error);
  g_assert_true (tk_collection_set_rating (ca, id_a, 7, &error));
  ops = tk_sync_log_own_ops (a, 0, &error);
  g_assert_true (tk_sync_log_receive (b, ops, NULL, &error));
  g_assert_no_error (error);
  id_b = tk_test_count (b, "SELECT id FROM games WHERE title = 'Our Game'");
  g_assert_cmpint (tk_test_count (b, "SELECT rating FROM collection"), ==, 7);

  /* b replaces a's rating knowingly. */
  g_assert_true (tk_collection_set_rating (cb, id_b, 8, &error));
  g_clear_pointer (&ops, g_ptr_array_unref);
  ops = tk_sync_log_own_ops (b, 0, &error);
  g_assert_true (tk_sync_log_receive (a, ops, NULL, &error));
  g_assert_cmpint (tk_test_count (a, "SELECT rating FROM collection"), ==, 8);
  g_assert_cmpint (tk_sync_log_count_kept (a, &error), ==, 0);
  g_assert_cmpint (tk_sync_log_count_kept (b, &error), ==, 0);

  /* Apart: a says 5, b says 6. */
  g_assert_true (tk_collection_set_rating (ca, id_a, 5, &error));
  g_assert_true (tk_collection_set_rating (cb, id_b, 6, &error));
  g_clear_pointer (&ops, g_ptr_array_unref);
  ops = tk_sync_log_own_ops (a, 0, &error);
  g_assert_true (tk_sync_log_receive (b, ops, NULL, &error));
  g_clear_pointer (&ops, g_ptr_array_unref);
  ops = tk_sync_log_own_ops (b, 0, &error);
  g_assert_true (tk_sync_log_receive (a, ops, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_sync_log_count_kept (a, &error), ==, 1);
  g_assert_cmpint (tk_sync_log_count_kept (b, &error), ==, 1);
  g_assert_cmpint (tk_test_count (a, "SELECT rating FROM collection"), ==,
                   tk_test_count (b, "SELECT rating FROM collection"));
  g_assert_cmpint (tk_test_count (a, "SELECT rating FROM collection") +
                   tk_test_count (a, "SELECT CAST (value AS INTEGER) FROM sync_kept"), ==, 11);
}

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

static void
assert_same_dump (TkStore *a,
                  TkStore *b)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dump_a = tk_sync_log_dump_canonical (a, &error);
  g_autofree char *dump_b = tk_sync_log_dump_canonical (b, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (dump_a, ==, dump_b);
}

static int
count_progress (void *user_data)
{
  (*(guint *) user_data)++;
  return 0;
}

/* Every pass counts what is kept: the count is that of the view, and its cost does not grow
 * with the library (it used to read every register, some 14 ms a pass at 10,000 games). */
static void
test_kept_count_cost (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ops = NULL;
  guint progress = 0;
  gint64 kept;

  tk_test_exec_ok (a, "INSERT INTO games (title) VALUES ('Azul')");
  tk_test_exec_ok (a, "INSERT INTO collection (game_id, rating) VALUES (1, 7)");
  g_assert_true (tk_store_begin (a, &error) && tk_store_commit (a, &error));
  ops = tk_sync_log_own_ops (a, 0, &error);
  g_assert_true (tk_sync_log_receive (b, ops, NULL, &error));
  /* Apart: a says 5 and knowingly replaces it with 4; b says 6. */
  tk_test_exec_ok (a, "UPDATE collection SET rating = 5");
  g_assert_true (tk_store_begin (a, &error) && tk_store_commit (a, &error));
  tk_test_exec_ok (a, "UPDATE collection SET rating = 4");
  g_assert_true (tk_store_begin (a, &error) && tk_store_commit (a, &error));
  tk_test_exec_ok (b, "UPDATE collection SET rating = 6");
  g_assert_true (tk_store_begin (b, &error) && tk_store_commit (b, &error));
  exchange (a, b);
  g_assert_no_error (error);

  /* A library of 3,000 games besides. */
  tk_test_exec_ok (a, "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
              " INSERT INTO games (title, year, min_players, max_players)"
              " SELECT 'Game ' || i, 1990 + i % 30, 1, 2 + i % 4 FROM n");
  g_assert_true (tk_store_begin (a, &error) && tk_store_commit (a, &error));
  g_assert_cmpint (tk_test_count (a, "SELECT count (*) FROM sync_fields"), >, 3000 * 4);

  sqlite3_progress_handler (tk_store_get_db (a), 100, count_progress, &progress);
  kept = tk_sync_log_count_kept (a, &error);
  sqlite3_progress_handler (tk_store_get_db (a), 0, NULL, NULL);
  g_assert_no_error (error);
  /* Whichever wins (the clocks may tie within a millisecond), something is kept. */
  g_assert_cmpint (kept, >=, 1);
  g_assert_cmpint (kept, ==, tk_test_count (a, "SELECT count (*) FROM sync_kept"));
  g_assert_cmpint (tk_sync_log_count_kept (b, &error), ==,
                   tk_test_count (b, "SELECT count (*) FROM sync_kept"));
  /* Some 10 steps of 100 instructions; reading the registers took thousands. */
  g_assert_cmpuint (progress, <, 50);
}

/* Restore from "Changed on another device": a play deleted on one device while edited on the
 * other comes back with the edit, on both; a rating that lost comes back, on both. */
static void
test_restore (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(TkCollection) cb = tk_collection_new (b);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlay) play = tk_play_new ();
  g_autofree char *uid = NULL;
  TkPlayPlayer seat = { 0, 0, "Ana", NULL, TRUE, 12, 1, TRUE, FALSE };
  sqlite3_stmt *stmt;
  gint64 game_b, kept_rating;

  tk_test_exec_ok (a, "INSERT INTO games (title) VALUES ('Azul')");
  tk_play_set_game_id (play, 1);
  tk_play_set_game_title (play, "Azul");
  tk_play_set_played_on (play, "2026-04-01");
  tk_play_add_player (play, &seat);
  g_assert_true (tk_plays_insert (a, play, &error));
  g_assert_no_error (error);
  exchange (a, b);
  {
    g_autoptr(TkPlay) stored = tk_plays_get (a, tk_play_get_id (play), &error);

    uid = g_strdup (tk_play_get_uid (stored));
  }

  /* Apart: a deletes the play, b edits its notes (another program's SQL, then a commit). */
  g_assert_true (tk_plays_delete (a, tk_play_get_id (play), &error));
  stmt = tk_store_prepare (b, "UPDATE plays SET notes = 'the rematch' WHERE uid = ?1", &error);
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  g_assert_true (tk_store_step_done (b, stmt, &error));
  g_assert_true (tk_store_begin (b, &error) && tk_store_commit (b, &error));
  exchange (a, b);
  g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM plays"), ==, 0);
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM plays"), ==, 0);
  assert_same_dump (a, b);

  g_assert_true (tk_sync_log_restore (b, "play", uid, "deleted", NULL, &error));
  g_assert_no_error (error);
  exchange (a, b);
  g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM plays WHERE notes = 'the rematch'"),
                   ==, 1);
  g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM play_players WHERE score = 12"), ==, 1);
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM plays WHERE notes = 'the rematch'"),
                   ==, 1);
  assert_same_dump (a, b);

  /* A rating that lost comes back. */
  game_b = tk_test_count (b, "SELECT id FROM games");
  /* Another program's SQL on a (outside a transaction), then a commit writes its operation. */
  tk_test_exec_ok (a, "UPDATE collection SET rating = 4 WHERE game_id = 1");
  g_assert_true (tk_store_begin (a, &error) && tk_store_commit (a, &error));
  g_assert_true (tk_collection_set_rating (cb, game_b, 9, &error));
  exchange (a, b);
  g_assert_cmpint (tk_sync_log_count_kept (a, &error), ==, 1);
  kept_rating = tk_test_count (a, "SELECT CAST (value AS INTEGER) FROM sync_kept");
  g_assert_cmpint (kept_rating + tk_test_count (a, "SELECT rating FROM collection"), ==, 13);
  {
    g_autofree char *op = NULL;
    g_autofree char *entity = NULL;

    stmt = tk_store_prepare (a, "SELECT op_uid, entity FROM sync_kept WHERE field = 'rating'",
                             &error);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    op = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    entity = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
    sqlite3_reset (stmt);
    g_assert_true (tk_sync_log_restore (a, "entry", entity, "rating", op, &error));
    g_assert_no_error (error);
    exchange (a, b);
  }
  /* Restored, the kept rating is the rating everywhere, and nothing is offered back (the
   * other was replaced knowingly). */
  g_assert_cmpint (tk_test_count (a, "SELECT rating FROM collection"), ==, kept_rating);
  g_assert_cmpint (tk_test_count (b, "SELECT rating FROM collection"), ==, kept_rating);
  g_assert_cmpint (tk_sync_log_count_kept (a, &error), ==, 0);
  g_assert_cmpint (tk_sync_log_count_kept (b, &error), ==, 0);
  assert_same_dump (a, b);
}

/* A friend's list imported on one device reaches the other with its games (matched there);
 * deleted on the other, it goes on both. */
static void
test_friends (void)
{
  g_autoptr(TkStore) a = tk_test_open_memory ();
  g_autoptr(TkStore) b = tk_test_open_memory ();
  g_autoptr(TkCollection) ca = tk_collection_new (a);
  g_autoptr(TkCollection) cb = tk_collection_new (b);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "bgg-collection.csv", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;
  gint64 n;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  g_assert_cmpint (tk_collection_import_friend_list (ca, "Cleo", data, length, &error), >, 0);
  g_assert_no_error (error);
  n = tk_test_count (a, "SELECT count(*) FROM friend_games");
  g_assert_cmpint (n, >, 3);
  exchange (a, b);
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM friend_lists"
                                     " WHERE uid = 'friend:Cleo' AND name = 'Cleo'"), ==, 1);
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM friend_games"), ==, n);
  assert_same_dump (a, b);

  g_assert_true (tk_collection_delete_friend_list (cb, "Cleo", &error));
  g_assert_no_error (error);
  exchange (a, b);
  g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM friend_lists"), ==, 0);
  g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM friend_games"), ==, 0);
  assert_same_dump (a, b);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sync-log/same-transaction", test_same_transaction);
  g_test_add_func ("/sync-log/delete-undo", test_delete_undo);
  g_test_add_func ("/sync-log/write-paths", test_write_paths);
  g_test_add_func ("/sync-log/upgrade-v10", test_upgrade_v10);
  g_test_add_func ("/sync-log/fold-permutations", test_fold_permutations);
  g_test_add_func ("/sync-log/fold-delete-edit", test_fold_delete_edit);
  g_test_add_func ("/sync-log/fold-username", test_fold_username);
  g_test_add_func ("/sync-log/two-libraries", test_two_libraries);
  g_test_add_func ("/sync-log/zero-is-a-value", test_zero_is_a_value);
  g_test_add_func ("/sync-log/store-clock", test_store_clock);
  g_test_add_func ("/sync-log/kept", test_kept);
  g_test_add_func ("/sync-log/kept-count-cost", test_kept_count_cost);
  g_test_add_func ("/sync-log/restore", test_restore);
  g_test_add_func ("/sync-log/friends", test_friends);
  return g_test_run ();
}
