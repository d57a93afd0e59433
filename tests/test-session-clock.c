/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-clock.c — turn clocks: passes, pauses, undo, a resumed session shown paused,
 * limits, export and import, the finished play's times and their statistics, and the
 * upgrade of a version-1 library to the table that keeps them.  Time comes from a fake
 * clock, so every figure is exact. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tk-ledger-entry.h"
#include "tk-play-times.h"
#include "tk-plays.h"
#include "tk-player.h"
#include "tk-session.h"
#include "tk-session-turns.h"
#include "tk-test-store.h"
#include "generic/tk-generic-rules.h"

typedef struct
{
  char    *dir;
  char    *path;
  TkStore *store;
} Fixture;

static gint64 fake_now = G_GINT64_CONSTANT (1767225600000);   /* 2026-01-01 00:00 UTC */

static gint64
fake_clock (void)
{
  return fake_now;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->store = tk_test_library_new ("tk-clock-XXXXXX", &f->dir);
  f->path = g_build_filename (f->dir, "library.db", NULL);
  tk_session_set_clock (fake_clock);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  tk_test_library_close (&f->store, &f->dir);
  g_free (f->path);
}

/* The text of tests/fixtures/@name. */
static char *
read_fixture (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static void
apply_ok (TkSession  *session,
          JsonObject *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) owned = action;

  g_assert_true (tk_session_apply (session, owned, &error));
  g_assert_no_error (error);
}

static gint64
total (TkSession *session,
       guint      seat)
{
  return tk_turn_clock_get_total_ms (tk_session_get_turn_clock (session), seat,
                                     tk_session_get_clock_now (session));
}

static TkSession *
start_three (Fixture *f,
             gint64  *out_game_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlayer) ana = tk_players_add (f->store, "Ana", NULL, &error);
  g_autoptr(TkPlayer) ben = tk_players_add (f->store, "Ben", NULL, &error);
  g_autoptr(JsonObject) setup = NULL;
  g_autofree char *json = NULL;
  TkSession *session;

  g_assert_no_error (error);
  g_assert_true (tk_store_exec (f->store, "INSERT INTO games (title) VALUES ('Carcassonne')",
                                &error));
  *out_game_id = tk_store_last_insert_id (f->store);
  json = g_strdup_printf ("{\"players\":[{\"name\":\"Ana\",\"player_id\":%" G_GINT64_FORMAT "},"
                          "{\"name\":\"Ben\",\"player_id\":%" G_GINT64_FORMAT "},"
                          "{\"name\":\"Cleo\"}]}", tk_player_get_id (ana), tk_player_get_id (ben));
  setup = tk_rules_json_parse_object (json, -1, &error);
  g_assert_no_error (error);
  session = tk_session_start (f->store, TK_GENERIC_RULES_ID, *out_game_id, NULL, setup, &error);
  g_assert_no_error (error);
  return session;
}

static void
test_passes_undo_resume_finish (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) again = NULL;
  g_autoptr(JsonArray) times = NULL;
  g_autoptr(JsonArray) by_game = NULL;
  g_autoptr(JsonArray) by_player = NULL;
  gint64 game_id, play_id = 0;

  session = start_three (f, &game_id);
  g_assert_false (tk_session_turns_started (session));

  /* Ana starts (seat order), 10 s; Ben 20 s; a pause of an hour counts for nobody. */
  apply_ok (session, tk_session_turns_pass_action (session, -1));
  g_assert_cmpint (tk_turn_clock_get_active (tk_session_get_turn_clock (session)), ==, 0);
  fake_now += 10000;
  apply_ok (session, tk_session_turns_pass_action (session, -1));
  fake_now += 15000;
  apply_ok (session, tk_session_turns_toggle_action (session));   /* pause */
  g_assert_false (tk_session_turns_live (session));
  fake_now += 3600000;
  apply_ok (session, tk_session_turns_toggle_action (session));   /* resume */
  fake_now += 5000;
  g_assert_cmpint (total (session, 0), ==, 10000);
  g_assert_cmpint (total (session, 1), ==, 20000);

  /* A pass to Ana by mistake (out of order, tapped), undone: Ben's time keeps running. */
  apply_ok (session, tk_session_turns_pass_action (session, 0));
  {
    g_autoptr(TkLedgerEntry) line = g_list_model_get_item (tk_session_get_ledger (session), 4);

    g_assert_cmpstr (tk_ledger_entry_get_text (line), ==, "Ben took 0:20; Ana’s turn");
  }
  fake_now += 2000;
  g_assert_cmpint (total (session, 0), ==, 12000);
  g_assert_true (tk_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpint (total (session, 1), ==, 22000);
  g_assert_cmpint (total (session, 0), ==, 10000);

  /* Refused: giving the turn to whoever has it. */
  {
    g_autoptr(JsonObject) same = tk_session_turns_pass_action (session, 1);

    g_assert_false (tk_session_apply (session, same, &error));
    g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
    g_clear_error (&error);
  }

  /* Cleo's turn; she scores 3 s into it, and the app dies 40 s later.  Loaded again, the
   * clock is suspended where the last action left it, and stays so however long it waits. */
  fake_now += 3000;    /* Ben: 25 s */
  apply_ok (session, tk_session_turns_pass_action (session, -1));
  fake_now += 3000;
  g_assert_true (tk_session_apply_json (session, "{\"type\":\"add_round\",\"scores\":[1,2,3]}",
                                        &error));
  g_assert_no_error (error);
  fake_now += 40000;
  again = tk_session_load (f->store, tk_session_get_id (session), &error);
  g_assert_no_error (error);
  g_assert_true (tk_session_clock_is_suspended (again));
  g_assert_false (tk_session_turns_live (again));
  fake_now += 600000;
  g_assert_cmpint (total (again, 2), ==, 3000);
  g_assert_cmpint (total (again, 1), ==, 25000);

  /* Resumed: Cleo's clock runs from now; 7 s, then Ana again for 1 s. */
  apply_ok (again, tk_session_turns_toggle_action (again));
  g_assert_false (tk_session_clock_is_suspended (again));
  g_assert_true (tk_session_turns_live (again));
  /* undoing the resume suspends it again; redoing it runs it from when it was resumed */
  g_assert_true (tk_session_undo (again, &error));
  g_assert_no_error (error);
  g_assert_true (tk_session_clock_is_suspended (again));
  g_assert_true (tk_session_redo (again, &error));
  g_assert_no_error (error);
  g_assert_true (tk_session_turns_live (again));
  fake_now += 7000;
  g_assert_cmpint (total (again, 2), ==, 10000);
  apply_ok (again, tk_session_turns_pass_action (again, -1));
  fake_now += 1000;

  g_clear_object (&again);
  again = tk_session_load (f->store, tk_session_get_id (session), &error);
  g_assert_no_error (error);
  /* Ana's second turn is suspended at 0 ms (its last action was the pass to her) */
  g_assert_true (tk_session_clock_is_suspended (again));
  apply_ok (again, tk_session_turns_toggle_action (again));
  fake_now += 4000;

  g_assert_true (tk_session_finish (again, "2026-01-01", NULL, NULL, &play_id, &error));
  g_assert_no_error (error);

  times = tk_play_times_for_play (f->store, play_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (times), ==, 3);
  /* Ana: 10 s + 4 s; Ben: 25 s; Cleo: 3 s + 7 s */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (times, 0), "total_ms"), ==, 14000);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (times, 0), "turns"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (times, 1), "total_ms"), ==, 25000);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (times, 2), "total_ms"), ==, 10000);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (times, 2), "name"), ==, "Cleo");

  by_game = tk_play_times_for_game (f->store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (by_game), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (by_game, 0), "players"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (by_game, 0), "plays"), ==, 1);
  /* turns 4, 10, 10, 25 s: the lower middle */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (by_game, 0), "median_turn_ms"), ==, 10000);

  by_player = tk_play_times_for_player (f->store, tk_rules_setup_player_id (tk_session_get_setup (again), 0),
                                        &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (by_player), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (by_player, 0), "median_turn_ms"), ==, 4000);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (by_player, 0), "total_ms"), ==, 14000);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (by_player, 0), "game"), ==, "Carcassonne");

  /* The play deleted (its rows go) and put back by Undo as the History does, then edited:
   * the times are still there. */
  {
    g_autoptr(TkPlay) play = tk_plays_get (f->store, play_id, &error);
    g_autoptr(JsonArray) back = NULL;

    g_assert_no_error (error);
    g_assert_true (tk_plays_delete (f->store, play_id, &error));
    g_assert_no_error (error);
    back = tk_play_times_for_play (f->store, play_id, &error);
    g_assert_cmpuint (json_array_get_length (back), ==, 0);
    g_clear_pointer (&back, json_array_unref);
    g_assert_true (tk_plays_insert (f->store, play, &error));
    g_assert_no_error (error);
    tk_play_set_location (play, "Home");
    g_assert_true (tk_plays_update (f->store, play, &error));
    g_assert_no_error (error);
    back = tk_play_times_for_play (f->store, tk_play_get_id (play), &error);
    g_assert_no_error (error);
    g_assert_cmpuint (json_array_get_length (back), ==, 3);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (back, 1), "total_ms"), ==, 25000);
  }
}

static void
test_limits_export (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) imported = NULL;
  g_autofree char *text = NULL;
  gint64 game_id;
  const TkTurnClock *clock;

  session = start_three (f, &game_id);
  apply_ok (session, tk_session_turns_limits_action (30, 60));
  apply_ok (session, tk_session_turns_pass_action (session, 2));
  fake_now += 29000;
  clock = tk_session_get_turn_clock (session);
  g_assert_false (tk_turn_clock_is_over (clock, 2, tk_session_get_clock_now (session)));
  fake_now += 2000;
  g_assert_true (tk_turn_clock_is_over (clock, 2, tk_session_get_clock_now (session)));
  apply_ok (session, tk_session_turns_pass_action (session, -1));
  g_assert_cmpint (tk_turn_clock_get_active (tk_session_get_turn_clock (session)), ==, 0);
  /* the turn budget is per turn: the bank (60 s) is not spent yet */
  g_assert_false (tk_turn_clock_is_over (tk_session_get_turn_clock (session), 2,
                                         tk_session_get_clock_now (session)));
  fake_now += 1000;

  /* A session file carries the clock's actions; imported, it shows the same times. */
  text = tk_session_export (session);
  imported = tk_session_import (f->store, text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (total (imported, 2), ==, 31000);
  g_assert_cmpint (tk_turn_clock_get_turn_limit_ms (tk_session_get_turn_clock (imported)), ==, 30000);
  g_assert_cmpint (tk_turn_clock_get_bank_ms (tk_session_get_turn_clock (imported)), ==, 60000);

  /* Malformed clock actions are refused with the field named. */
  {
    const char *bad[] = { "{\"type\":\"table.clock.pass\",\"to\":3,\"at\":1}",
                          "{\"type\":\"table.clock.pass\",\"to\":1}",
                          "{\"type\":\"table.clock.pass\",\"to\":1,\"at\":-5}",
                          "{\"type\":\"table.clock.limits\",\"turn_s\":100000}",
                          "{\"type\":\"table.clock.stop\",\"at\":1}" };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_false (tk_session_apply_json (session, bad[i], &error));
        g_assert_nonnull (error);
        g_clear_error (&error);
      }
  }
}

static void
apply_json (TkSession  *session,
            const char *json)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_session_apply_json (session, json, &error));
  g_assert_no_error (error);
}

/* Agora keeps its own turn order: buying a shop ends Ana's turn, and the clock follows; a
 * paused clock passes without counting; undo takes the engine's pass back with the clock's. */
static void
test_engine_turns (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) again = NULL;
  const TkTurnClock *clock;

  setup = tk_rules_json_parse_object ("{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},"
                                      "{\"name\":\"Ben\",\"letter\":\"B\"}]}", -1, &error);
  g_assert_no_error (error);
  session = tk_session_start (f->store, "agora", 0, "Agora", setup, &error);
  g_assert_no_error (error);
  apply_json (session, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                       "[{\"marks\":2,\"doors\":3},{\"marks\":1,\"doors\":4}]}");
  apply_ok (session, tk_session_turns_pass_action (session, 0));
  fake_now += 12000;
  /* The ledger keeps the income stamped with the clock; the caller's action stays as it was
   * (a check stamps nothing either). */
  {
    g_autoptr(JsonObject) income = tk_rules_json_parse_object ("{\"type\":\"income\"}", -1,
                                                               &error);
    g_autofree char *text = NULL;

    g_assert_true (tk_session_check (session, income, &error));
    g_assert_true (tk_session_apply (session, income, &error));
    g_assert_no_error (error);
    g_assert_false (json_object_has_member (income, "clock_at"));
    g_assert_cmpuint (json_object_get_size (income), ==, 1);
    text = tk_session_export (session);
    g_assert_nonnull (strstr (text, "\"clock_at\""));
  }
  apply_json (session, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_json (session, "{\"type\":\"place\"}");
  clock = tk_session_get_turn_clock (session);
  g_assert_cmpint (tk_turn_clock_get_active (clock), ==, 0);
  apply_json (session, "{\"type\":\"buy\",\"shop\":1}");
  clock = tk_session_get_turn_clock (session);
  g_assert_cmpint (tk_turn_clock_get_active (clock), ==, 1);
  fake_now += 5000;
  g_assert_cmpint (total (session, 0), ==, 12000);
  g_assert_cmpint (total (session, 1), ==, 5000);

  g_assert_true (tk_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_turn_clock_get_active (tk_session_get_turn_clock (session)), ==, 0);
  g_assert_cmpint (total (session, 0), ==, 17000);

  /* paused: Ben's turn comes, his clock does not run */
  apply_ok (session, tk_session_turns_toggle_action (session));
  fake_now += 60000;
  apply_json (session, "{\"type\":\"buy\",\"shop\":1}");
  g_assert_cmpint (tk_turn_clock_get_active (tk_session_get_turn_clock (session)), ==, 1);
  g_assert_false (tk_session_turns_live (session));
  g_assert_cmpint (total (session, 0), ==, 17000);
  g_assert_cmpint (total (session, 1), ==, 0);

  /* the ledger folds the same in a fresh load */
  again = tk_session_load (f->store, tk_session_get_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_turn_clock_get_active (tk_session_get_turn_clock (again)), ==, 1);
  g_assert_cmpint (total (again, 0), ==, 17000);
}

/* Welcome To's simultaneous rounds: each player's time in a round runs from its start until
 * their turn is in; the last one ends the round (and is named); Next is refused. */
static void
test_rounds (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = read_fixture ("welcome-to-full-game.json");
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) again = NULL;
  JsonArray *actions;
  const TkTurnClock *clock;
  const gint64 *turns;
  guint n;
  /* seconds after the previous action: Ana then Ben in rounds 1 and 2, then Ben, Ana */
  const gint64 gaps[] = { 10, 15, 5, 20, 30, 1 };

  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  session = tk_session_start (f->store, "welcome-to", 0, "Welcome To",
                              json_object_get_object_member (file, "setup"), &error);
  g_assert_no_error (error);
  actions = json_object_get_array_member (file, "actions");
  apply_ok (session, tk_session_turns_pass_action (session, -1));
  for (guint i = 0; i < G_N_ELEMENTS (gaps); i++)
    {
      JsonObject *action = json_object_get_object_member (json_array_get_object_element (actions, i),
                                                          "action");

      fake_now += gaps[i] * 1000;
      g_assert_true (tk_session_apply (session, action, &error));
      g_assert_no_error (error);
      if (i == 1)
        {
          clock = tk_session_get_turn_clock (session);
          g_assert_cmpint (tk_turn_clock_get_last_finisher (clock), ==, 1);
          g_assert_cmpint (tk_turn_clock_get_turn_ms (clock, tk_session_get_clock_now (session)), ==, 0);
        }
    }
  /* round 3: Ana's turn (seat 0) is the 5th action, Ben's the 6th — in the fixture's order */
  clock = tk_session_get_turn_clock (session);
  turns = tk_turn_clock_get_turns (clock, 0, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (turns[0], ==, 10000);
  g_assert_cmpint (turns[1], ==, 5000);
  g_assert_cmpint (turns[2], ==, 30000);
  turns = tk_turn_clock_get_turns (clock, 1, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (turns[0], ==, 25000);
  g_assert_cmpint (turns[1], ==, 25000);
  g_assert_cmpint (turns[2], ==, 31000);
  g_assert_cmpint (tk_turn_clock_get_last_finisher (clock), ==, 1);
  /* a round under way: both clocks run */
  fake_now += 4000;
  g_assert_cmpint (total (session, 0), ==, 49000);
  g_assert_cmpint (total (session, 1), ==, 85000);
  {
    g_autoptr(JsonObject) next = tk_session_turns_pass_action (session, -1);

    g_assert_false (tk_session_apply (session, next, &error));
    g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
    g_clear_error (&error);
  }
  /* the same after a reload (suspended at the last action: the 4 s are not counted) */
  again = tk_session_load (f->store, tk_session_get_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpint (total (again, 1), ==, 81000);
}

static void
test_upgrade_v1 (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = read_fixture ("library-v1.sql");
  g_autoptr(TkStore) store = NULL;
  sqlite3 *db;

  g_clear_object (&f->store);
  g_unlink (f->path);
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = tk_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_cmpint (tk_store_query_int (store, "SELECT count (*) FROM session_turns", -1, &error), ==, 0);
  g_assert_no_error (error);
  /* a play of the old library has no times, and asking says so */
  {
    gint64 play = tk_store_query_int (store, "SELECT min (id) FROM plays", -1, &error);
    g_autoptr(JsonArray) times = tk_play_times_for_play (store, play, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (json_array_get_length (times), ==, 0);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

  g_test_add ("/session-clock/passes-undo-resume-finish", Fixture, NULL, fixture_set_up,
              test_passes_undo_resume_finish, fixture_tear_down);
  g_test_add ("/session-clock/limits-export", Fixture, NULL, fixture_set_up,
              test_limits_export, fixture_tear_down);
  g_test_add ("/session-clock/engine-turns", Fixture, NULL, fixture_set_up,
              test_engine_turns, fixture_tear_down);
  g_test_add ("/session-clock/rounds", Fixture, NULL, fixture_set_up,
              test_rounds, fixture_tear_down);
  g_test_add ("/session-clock/upgrade-v1", Fixture, NULL, fixture_set_up,
              test_upgrade_v1, fixture_tear_down);
  return g_test_run ();
}
