/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plays.c — plays logged and edited by hand, export (CSV, JSON), strict import. */
#include "config.h"

#include <string.h>

#include "tk-collection.h"
#include "tk-plays.h"
#include "tk-play-list.h"
#include "tk-player.h"
#include "tk-test-store.h"

static TkPlay *
make_play (const char *title,
           const char *date)
{
  TkPlay *play = tk_play_new ();
  TkPlayPlayer ana = { 0, 0, "Ana", "#e01b24", TRUE, 21, 1, TRUE, FALSE };
  TkPlayPlayer ben = { 1, 0, "=Ben", NULL, TRUE, 17.5, 2, FALSE, TRUE };

  tk_play_set_game_title (play, title);
  tk_play_set_played_on (play, date);
  tk_play_set_duration_min (play, 40);
  tk_play_set_location (play, "Café \"Meeple\"");
  tk_play_set_notes (play, "line one\nline two");
  tk_play_add_player (play, &ana);
  tk_play_add_player (play, &ben);
  return play;
}

static void
test_by_hand (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkPlay) play = make_play ("Azul", "2026-02-01");
  g_autoptr(TkPlay) stored = NULL;
  g_autoptr(GPtrArray) page = NULL;
  gint64 game_id;

  g_assert_no_error (error);
  g_assert_true (tk_store_exec (store, "INSERT INTO games (title) VALUES ('Azul')", &error));
  game_id = tk_store_last_insert_id (store);
  tk_play_set_game_id (play, game_id);
  g_assert_true (tk_plays_insert (store, play, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_play_get_id (play), >, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT played FROM collection"), ==, 1);

  /* Edit: a new date, one player less. */
  tk_play_set_played_on (play, "2026-02-02");
  tk_play_clear_players (play);
  {
    TkPlayPlayer solo = { 0, 0, "Cleo", NULL, FALSE, 0, 1, TRUE, FALSE };
    tk_play_add_player (play, &solo);
  }
  g_assert_true (tk_plays_update (store, play, &error));
  g_assert_no_error (error);
  stored = tk_plays_get (store, tk_play_get_id (play), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_play_get_played_on (stored), ==, "2026-02-02");
  g_assert_cmpuint (tk_play_get_n_players (stored), ==, 1);
  g_assert_false (tk_play_get_player (stored, 0)->has_score);

  /* Refusals leave the library as it was. */
  tk_play_set_played_on (play, "2026-02-30");
  g_assert_false (tk_plays_update (store, play, &error));
  g_assert_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID);
  g_clear_error (&error);
  tk_play_set_played_on (play, "2026-02-03");
  {
    TkPlayPlayer twin = { 0, 0, "Dan", NULL, FALSE, 0, 0, FALSE, FALSE };
    tk_play_add_player (play, &twin);   /* seat 0 twice */
  }
  g_assert_false (tk_plays_update (store, play, &error));
  g_assert_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID);
  g_clear_error (&error);
  g_clear_object (&stored);
  stored = tk_plays_get (store, tk_play_get_id (play), &error);
  g_assert_cmpstr (tk_play_get_played_on (stored), ==, "2026-02-02");
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players"), ==, 1);

  page = tk_plays_query (store, game_id, 0, 0, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (page->len, ==, 1);

  g_assert_true (tk_plays_delete (store, tk_play_get_id (play), &error));
  g_assert_false (tk_plays_delete (store, tk_play_get_id (play), &error));
  g_assert_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_NOT_FOUND);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players"), ==, 0);
}

static void
test_export_import (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkStore) other = tk_store_open_memory (&error);
  g_autoptr(TkPlay) first = make_play ("Azul", "2026-02-01");
  g_autoptr(TkPlay) second = make_play ("Hive", "2026-03-01");
  g_autofree char *json = NULL;
  g_autofree char *json_again = NULL;
  g_autofree char *csv = NULL;
  guint n = 0;

  g_assert_no_error (error);
  g_assert_true (tk_plays_insert (store, first, &error));
  g_assert_true (tk_plays_insert (store, second, &error));
  g_assert_no_error (error);

  csv = tk_plays_export_csv (store, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (csv, "play,date,game,duration_min,location,expansions,notes,"
                                        "seat,player,colour,score,rank,winner,first_play\r\n"));
  /* Quotes doubled, a formula-looking name defused, decimals with a dot. */
  g_assert_nonnull (strstr (csv, "1,2026-02-01,\"Azul\",40,\"Café \"\"Meeple\"\"\",\"\","
                                 "\"line one\nline two\",0,\"Ana\",\"#e01b24\",21,1,1,0\r\n"));
  g_assert_nonnull (strstr (csv, ",1,\"'=Ben\",\"\",17.5,2,0,1\r\n"));

  json = tk_plays_export_json (store, &error);
  g_assert_no_error (error);
  g_assert_true (tk_store_exec (other, "INSERT INTO games (title) VALUES ('Hive')", &error));
  g_assert_true (tk_plays_import_json (other, json, -1, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 2);
  /* Matched by title where the catalogue knows the game; players joined the roster. */
  g_assert_cmpint (tk_test_count (other, "SELECT count(*) FROM plays WHERE game_id IS NOT NULL"), ==, 1);
  g_assert_cmpint (tk_test_count (other, "SELECT count(*) FROM players"), ==, 2);
  g_assert_cmpint (tk_test_count (other, "SELECT count(*) FROM play_players WHERE player_id IS NULL"),
                   ==, 0);
  json_again = tk_plays_export_json (other, &error);
  g_assert_no_error (error);
  /* The same plays, except that the catalogue game now has its id. */
  g_assert_cmpuint (strlen (json_again), >, strlen (json) - 1);
}

static void
count_changes (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               guint      *calls)
{
  (*calls)++;
}

static void
test_list_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkPlayList) list = NULL;
  guint calls = 0;

  g_assert_no_error (error);
  g_assert_true (tk_store_begin (store, &error));
  for (guint i = 0; i < 250; i++)
    {
      g_autofree char *date = g_strdup_printf ("2025-%02u-%02u", 1 + i % 12, 1 + i % 28);
      g_autoptr(TkPlay) play = make_play ("Azul", date);
      g_assert_true (tk_plays_insert (store, play, &error));
    }
  g_assert_true (tk_store_commit (store, &error));

  list = tk_play_list_new (store, 0, 0);
  g_signal_connect (list, "items-changed", G_CALLBACK (count_changes), &calls);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 250);
  {
    g_autoptr(TkPlay) first = g_list_model_get_item (G_LIST_MODEL (list), 0);
    g_autoptr(TkPlay) last = g_list_model_get_item (G_LIST_MODEL (list), 249);
    g_autoptr(TkPlay) beyond = g_list_model_get_item (G_LIST_MODEL (list), 250);

    g_assert_cmpstr (tk_play_get_played_on (first), ==, "2025-12-28");   /* newest first */
    g_assert_cmpstr (tk_play_get_played_on (last), ==, "2025-01-01");
    g_assert_cmpuint (tk_play_get_n_players (last), ==, 2);
    g_assert_null (beyond);
  }
  {
    g_autoptr(TkPlay) play = make_play ("Hive", "2030-01-01");
    g_autoptr(TkPlay) first = NULL;

    g_assert_true (tk_plays_insert (store, play, &error));
    g_assert_true (tk_play_list_reload (list, &error));
    g_assert_cmpuint (calls, ==, 1);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 251);
    first = g_list_model_get_item (G_LIST_MODEL (list), 0);
    g_assert_cmpstr (tk_play_get_game_title (first), ==, "Hive");
  }
}

static void
test_import_refusals (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  const char *ok_play = "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\","
                        "\"players\":[{\"seat\":0,\"name\":\"Ana\"}]}";
  const char *bad_plays[] = {
    "{\"played_on\":\"2026-01-01\",\"players\":[]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"yesterday\",\"players\":[]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\"}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"seat\":0}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"seat\":-1}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"score\":\"many\"}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"colour\":\"blue\"}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"duration_min\":-5,\"players\":[]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"seat\":0},{\"name\":\"B\",\"seat\":0}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"winner\":\"yes\"}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"role\":5}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"start_player\":1}]}",
    "{\"game_title\":\"Azul\",\"played_on\":\"2026-01-01\",\"players\":[{\"name\":\"A\","
      "\"score_text\":\"40\\n+12\"}]}",
    "7",
  };
  const char *bad_files[] = {
    "",
    "{",
    "{\"format\":\"tablekeeper-plays\",\"version\":2,\"plays\":[]}",
    "{\"format\":\"bgg\",\"version\":1,\"plays\":[]}",
    "{\"format\":\"tablekeeper-plays\",\"version\":1}",
    "{\"format\":\"tablekeeper-plays\",\"version\":1,\"plays\":{}}",
    "\xff\xfe{}",
    "{\"format\":\"tablekeeper-plays\",\"version\":1,\"plays\":[]}{}",
  };
  guint total = G_N_ELEMENTS (bad_plays) + G_N_ELEMENTS (bad_files);

  g_assert_no_error (error);
  for (guint i = 0; i < total; i++)
    {
      g_autoptr(GError) local_error = NULL;
      /* A good play first: it must not be written either. */
      g_autofree char *text = i < G_N_ELEMENTS (bad_plays)
        ? g_strdup_printf ("{\"format\":\"tablekeeper-plays\",\"version\":1,\"plays\":[%s,%s]}",
                           ok_play, bad_plays[i])
        : g_strdup (bad_files[i - G_N_ELEMENTS (bad_plays)]);

      g_assert_false (tk_plays_import_json (store, text, -1, NULL, &local_error));
      g_assert_error (local_error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID);
      g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 0);
      g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players"), ==, 0);
      g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 0);
    }
}

static void
count_changed (TkCollection *collection,
               gint64        game_id,
               GArray       *seen)
{
  g_array_append_val (seen, game_id);
}

/* Every collection on a library hears of a change made through another one, or by a play
 * being recorded, once and only after the commit; a rolled back change is never announced. */
static void
test_change_notices (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkCollection) a = NULL;
  g_autoptr(TkCollection) b = NULL;
  g_autoptr(GArray) seen_a = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) seen_b = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(TkPlay) play = NULL;
  gint64 game_id;

  g_assert_no_error (error);
  a = tk_collection_new (store);
  b = tk_collection_new (store);
  g_signal_connect (a, "changed", G_CALLBACK (count_changed), seen_a);
  g_signal_connect (b, "changed", G_CALLBACK (count_changed), seen_b);
  g_assert_true (tk_store_exec (store, "INSERT INTO games (title) VALUES ('Azul')", &error));
  game_id = tk_store_last_insert_id (store);

  /* Through A: A says so itself, B hears it from the library; nobody twice. */
  g_assert_true (tk_collection_set_status (a, game_id, TK_GAME_STATUS_OWNED, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen_a->len, ==, 1);
  g_assert_cmpuint (seen_b->len, ==, 1);
  g_assert_cmpint (g_array_index (seen_b, gint64, 0), ==, game_id);

  /* A play marks the game played: announced at COMMIT, not before. */
  play = make_play ("Azul", "2026-01-02");
  tk_play_set_game_id (play, game_id);
  g_assert_true (tk_store_begin (store, &error));
  g_assert_true (tk_plays_insert (store, play, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen_b->len, ==, 1);
  g_assert_true (tk_store_commit (store, &error));
  g_assert_cmpuint (seen_a->len, ==, 2);
  g_assert_cmpuint (seen_b->len, ==, 2);
  g_assert_cmpint (g_array_index (seen_b, gint64, 1), ==, game_id);

  /* Rolled back: nothing changed, nothing said. */
  g_clear_object (&play);
  play = make_play ("Azul", "2026-01-03");
  tk_play_set_game_id (play, game_id);
  g_assert_true (tk_store_begin (store, &error));
  g_assert_true (tk_plays_insert (store, play, &error));
  tk_store_rollback (store);
  g_assert_cmpuint (seen_b->len, ==, 2);
  g_assert_cmpint (tk_test_count (store, "SELECT COUNT(*) FROM plays"), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plays/by-hand", test_by_hand);
  g_test_add_func ("/plays/export-import", test_export_import);
  g_test_add_func ("/plays/import-refusals", test_import_refusals);
  g_test_add_func ("/plays/list-model", test_list_model);
  g_test_add_func ("/plays/change-notices", test_change_notices);
  return g_test_run ();
}
