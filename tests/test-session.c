/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c — sessions: apply/undo/redo against the fold, resume, SIGKILL, finish,
 * session files. */
#include "config.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tk-store.h"
#include "tk-ledger-entry.h"
#include "tk-plays.h"
#include "tk-player.h"
#include "tk-session.h"
#include "generic/tk-generic-rules.h"
#include "tk-test-session.h"
#include "tk-test-store.h"

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
  f->store = tk_test_library_new ("tk-session-XXXXXX", &f->dir);
  f->path = g_build_filename (f->dir, "library.db", NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  tk_test_library_close (&f->store, &f->dir);
  g_free (f->path);
}

static JsonObject *
parse (const char *json)
{
  g_autoptr(GError) error = NULL;
  JsonObject *object = tk_rules_json_parse_object (json, -1, &error);

  g_assert_no_error (error);
  return object;
}

static char *
session_json (TkSession *session)
{
  g_autoptr(JsonObject) object = tk_session_to_json (session);
  return tk_rules_json_to_string (object);
}

#define SETUP3 "{\"players\":[{\"name\":\"Ana\",\"colour\":\"#e01b24\"},{\"name\":\"Ben\"}," \
               "{\"name\":\"Cleo\"}]}"

static TkSession *
start (TkStore    *store,
       const char *setup_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = parse (setup_json);
  TkSession *session = tk_session_start (store, TK_GENERIC_RULES_ID, 0, "Ad-hoc game", setup,
                                         &error);

  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

static const char *
ledger_text (TkSession *session,
             guint      i)
{
  g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (tk_session_get_ledger (session), i);
  return tk_ledger_entry_get_text (entry);
}

/* ---- basics ---- */

static void
count_signal (gpointer  instance,
              guint    *counter)
{
  (*counter)++;
}

static void
test_basic (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) again = NULL;
  g_autoptr(GListModel) open = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *reloaded = NULL;
  guint changed = 0;

  tk_session_set_clock (fake_clock);
  session = start (f->store, SETUP3);
  g_signal_connect (session, "changed", G_CALLBACK (count_signal), &changed);
  g_assert_false (tk_session_can_undo (session));
  g_assert_cmpint (tk_session_get_first_seat (session), ==, -1);

  /* A random first-player pick is an action carrying its result. */
  g_assert_true (tk_session_pick_first_player (session, 7, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_session_get_first_seat (session), ==, 1);   /* 7 % 3 */
  g_assert_cmpstr (ledger_text (session, 0), ==, "Ben goes first (drawn at random)");

  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[5,3,2]}");
  tk_test_apply_ok (session, "{\"type\":\"set_score\",\"round\":2,\"seat\":0,\"points\":5}");
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (tk_session_get_ledger (session)), ==, 3);
  g_assert_cmpstr (ledger_text (session, 2), ==, "Ana +5 — round 2");
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM session_actions"), ==, 3);

  /* A refused action changes nothing, in memory or in the library. */
  before = session_json (session);
  g_assert_false (tk_session_apply_json (session, "{\"type\":\"remove_round\",\"round\":9}",
                                         &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==, "There is no round 9.");
  g_clear_error (&error);
  after = session_json (session);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM session_actions"), ==, 3);

  /* Undo and redo move the head; a new action after an undo starts a branch: the undone
   * action stays in the library (another device may have gone on from it), out of the
   * session's path. */
  g_assert_true (tk_session_undo (session, &error));
  g_assert_true (tk_session_undo (session, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tk_session_get_n_active (session), ==, 1);
  g_assert_true (tk_session_can_redo (session));
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM sessions s"
                                            " JOIN session_actions a ON a.uid = s.head"
                                            " WHERE a.seq = 1"), ==, 1);
  g_assert_true (tk_session_redo (session, &error));
  g_assert_no_error (error);
  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[1,1,1]}");
  g_assert_false (tk_session_can_redo (session));
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM session_actions"), ==, 4);
  g_assert_cmpint (tk_test_count (f->store, "SELECT max(seq) FROM session_actions"), ==, 4);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM session_actions"
                                            " WHERE parent = (SELECT uid FROM session_actions"
                                            " WHERE seq = 2)"), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tk_session_get_ledger (session)), ==, 3);
  g_assert_cmpstr (ledger_text (session, 2), ==, "Round 2: Ana 1, Ben 1, Cleo 1");

  /* Timer: only the session layer reads the clock. */
  fake_now += 90000;
  g_assert_cmpint (tk_session_get_elapsed_ms (session), ==, 90000);
  g_assert_true (tk_session_timer_pause (session, &error));
  fake_now += 60000;
  g_assert_cmpint (tk_session_get_elapsed_ms (session), ==, 90000);
  g_assert_true (tk_session_timer_start (session, &error));
  fake_now += 10000;
  g_assert_cmpint (tk_session_get_elapsed_ms (session), ==, 100000);
  g_assert_true (tk_session_set_notes (session, "Kitchen table", &error));
  g_assert_no_error (error);

  /* Resume: the same state, ledger, timer and notes. */
  g_free (before);
  before = session_json (session);
  again = tk_session_load (f->store, tk_session_get_id (session), &error);
  g_assert_no_error (error);
  reloaded = session_json (again);
  g_assert_cmpstr (before, ==, reloaded);
  g_assert_cmpuint (tk_session_get_n_active (again), ==, 3);
  g_assert_cmpint (tk_session_get_elapsed_ms (again), ==, 100000);
  g_assert_cmpstr (tk_session_get_notes (again), ==, "Kitchen table");
  g_assert_cmpstr (tk_session_get_title (again), ==, "Ad-hoc game");
  g_assert_cmpstr (ledger_text (again, 0), ==, "Ben goes first (drawn at random)");

  /* Several open sessions at once. */
  {
    g_autoptr(TkSession) other = start (f->store, "{\"players\":[{\"name\":\"Solo\"}]}");
    open = tk_session_list_open (f->store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (open), ==, 2);
  }

  g_assert_null (tk_session_load (f->store, 999, &error));
  g_assert_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOT_FOUND);
  tk_session_set_clock (NULL);
}

/* ---- property: random apply/undo/redo equals the fold of the active actions ---- */

typedef struct
{
  GPtrArray *actions;   /* JSON strings, active ones first */
  guint      n_active;
} Model;

/* The reference fold: the engine alone over the active actions, table actions by hand. */
static char *
reference_json (JsonObject *setup,
                Model      *model)
{
  const TkRules *rules = tk_generic_rules_get ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) object = json_object_new ();
  gpointer state = rules->state_new (setup, &error);
  gint64 first_seat = -1;

  g_assert_no_error (error);
  for (guint i = 0; i < model->n_active; i++)
    {
      g_autoptr(JsonObject) action = parse (model->actions->pdata[i]);

      if (g_str_equal (json_object_get_string_member (action, "type"), "table.first_player"))
        first_seat = json_object_get_int_member (action, "seat");
      else
        {
          g_assert_true (rules->apply (state, action, &error));
          g_assert_no_error (error);
        }
    }
  if (first_seat >= 0)
    json_object_set_int_member (object, "first_seat", first_seat);
  else
    json_object_set_null_member (object, "first_seat");
  json_object_set_object_member (object, "game", rules->to_json (state));
  rules->state_free (state);
  return tk_rules_json_to_string (object);
}

static guint
n_rounds (TkSession *session)
{
  g_autoptr(JsonObject) object = tk_session_to_json (session);
  JsonObject *game = json_object_get_object_member (object, "game");
  return json_array_get_length (json_object_get_array_member (game, "rounds"));
}

static char *
random_action (GRand     *rand,
               TkSession *session,
               gboolean  *legal)
{
  guint rounds = n_rounds (session);
  int kind = g_rand_int_range (rand, 0, 100);

  *legal = TRUE;
  if (kind < 40 || rounds == 0)
    return g_strdup_printf ("{\"type\":\"add_round\",\"scores\":[%d,%d,%d]}",
                            g_rand_int_range (rand, -5, 20), g_rand_int_range (rand, -5, 20),
                            g_rand_int_range (rand, -5, 20));
  if (kind < 60)
    return g_strdup_printf ("{\"type\":\"set_score\",\"round\":%u,\"seat\":%d,\"points\":%d}",
                            g_rand_int_range (rand, 1, rounds + 2), g_rand_int_range (rand, 0, 3),
                            g_rand_int_range (rand, -9, 30));
  if (kind < 70)
    return g_strdup_printf ("{\"type\":\"edit_round\",\"round\":%d,\"scores\":[%d,%d,%d]}",
                            g_rand_int_range (rand, 1, rounds + 1), g_rand_int_range (rand, 0, 9),
                            g_rand_int_range (rand, 0, 9), g_rand_int_range (rand, 0, 9));
  if (kind < 78)
    return g_strdup_printf ("{\"type\":\"remove_round\",\"round\":%d}",
                            g_rand_int_range (rand, 1, rounds + 1));
  if (kind < 83)
    return g_strdup_printf ("{\"type\":\"table.first_player\",\"seat\":%d,\"random\":true}",
                            g_rand_int_range (rand, 0, 3));

  *legal = FALSE;
  switch (g_rand_int_range (rand, 0, 5))
    {
    case 0:  return g_strdup_printf ("{\"type\":\"remove_round\",\"round\":%u}", rounds + 1);
    case 1:  return g_strdup ("{\"type\":\"add_round\",\"scores\":[1,2]}");
    case 2:  return g_strdup ("{\"type\":\"set_score\",\"round\":1,\"seat\":3,\"points\":1}");
    case 3:  return g_strdup ("{\"type\":\"table.first_player\",\"seat\":5}");
    default: return g_strdup ("{\"type\":\"coop_result\",\"result\":\"won\"}");
    }
}

static void
test_property (Fixture       *f,
               gconstpointer  data)
{
  guint n_seeds = g_test_slow () ? 400 : 60;
  guint n_steps = 80;
  g_autoptr(JsonObject) setup = parse (SETUP3);

  for (guint seed = 1; seed <= n_seeds; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr(TkSession) session = start (f->store, SETUP3);
      Model model = { g_ptr_array_new_with_free_func (g_free), 0 };

      for (guint step = 0; step < n_steps; step++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *expected = NULL;
          g_autofree char *actual = NULL;
          int op = g_rand_int_range (rand, 0, 100);

          if (op < 20)
            {
              gboolean ok = tk_session_undo (session, &error);
              g_assert_true (ok == (model.n_active > 0));
              if (ok)
                model.n_active--;
            }
          else if (op < 32)
            {
              gboolean ok = tk_session_redo (session, &error);
              g_assert_true (ok == (model.n_active < model.actions->len));
              if (ok)
                model.n_active++;
            }
          else
            {
              gboolean legal;
              g_autofree char *action = random_action (rand, session, &legal);
              g_autofree char *before = session_json (session);
              gint64 rows_before = tk_test_count (f->store, "SELECT count(*) FROM session_actions");

              if (legal)
                {
                  g_assert_true (tk_session_apply_json (session, action, &error));
                  g_assert_no_error (error);
                  g_ptr_array_set_size (model.actions, model.n_active);
                  g_ptr_array_add (model.actions, g_steal_pointer (&action));
                  model.n_active++;
                }
              else
                {
                  g_autofree char *after = NULL;

                  g_assert_false (tk_session_apply_json (session, action, &error));
                  g_assert_nonnull (error);
                  after = session_json (session);
                  g_assert_cmpstr (before, ==, after);
                  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM session_actions"), ==,
                                   rows_before);
                }
            }

          expected = reference_json (setup, &model);
          actual = session_json (session);
          g_assert_cmpstr (actual, ==, expected);
          g_assert_cmpuint (tk_session_get_n_active (session), ==, model.n_active);
          g_assert_cmpuint (g_list_model_get_n_items (tk_session_get_ledger (session)), ==,
                            model.actions->len);

          /* Now and then, resume from the library as after a restart. */
          if (step % 17 == 16)
            {
              g_autoptr(GError) load_error = NULL;
              g_autoptr(TkSession) again = tk_session_load (f->store, tk_session_get_id (session),
                                                            &load_error);
              g_autofree char *resumed = NULL;

              g_assert_no_error (load_error);
              resumed = session_json (again);
              g_assert_cmpstr (resumed, ==, expected);
              g_assert_cmpuint (tk_session_get_n_active (again), ==, model.n_active);
            }
        }
      g_ptr_array_unref (model.actions);
    }
}

/* Undo across many snapshots stays equal to the fold. */
static void
test_long_undo (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(TkSession) session = start (f->store, SETUP3);
  g_autoptr(JsonObject) setup = parse (SETUP3);
  Model model = { g_ptr_array_new_with_free_func (g_free), 0 };

  g_assert_true (tk_store_begin (f->store, NULL));
  for (guint i = 0; i < 300; i++)
    {
      char *action = g_strdup_printf ("{\"type\":\"add_round\",\"scores\":[%u,%u,%u]}",
                                      i % 7, i % 5, i % 3);
      tk_test_apply_ok (session, action);
      g_ptr_array_add (model.actions, action);
      model.n_active++;
    }
  g_assert_true (tk_store_commit (f->store, NULL));
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *expected = NULL;
      g_autofree char *actual = NULL;

      g_assert_true (tk_session_undo (session, NULL));
      model.n_active--;
      if (i % 13 == 0)
        {
          expected = reference_json (setup, &model);
          actual = session_json (session);
          g_assert_cmpstr (actual, ==, expected);
        }
    }
  for (guint i = 0; i < 150; i++)
    {
      g_assert_true (tk_session_redo (session, NULL));
      model.n_active++;
    }
  {
    g_autofree char *expected = reference_json (setup, &model);
    g_autofree char *actual = session_json (session);
    g_assert_cmpstr (actual, ==, expected);
  }
  g_ptr_array_unref (model.actions);
}

/* ---- crash: a child applies actions and is killed with SIGKILL ---- */

static const char *self_exe;

/* Operation @i of the crash run: undo now and then, redo now and then, else a new round. */
static gboolean
run_op (TkSession *session,
        guint      i)
{
  g_autofree char *action = NULL;

  if (i % 5 == 4 && tk_session_can_undo (session))
    return tk_session_undo (session, NULL);
  if (i % 11 == 7 && tk_session_can_redo (session))
    return tk_session_redo (session, NULL);
  action = g_strdup_printf ("{\"type\":\"add_round\",\"scores\":[%u,%u,%u]}", i % 13, i % 7, i);
  return tk_session_apply_json (session, action, NULL);
}

static void G_GNUC_NORETURN
crash_child (const char *path,
             gint64      session_id,
             guint       first)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = tk_store_open (path, &error);
  TkSession *session;

  if (store == NULL)
    _exit (3);
  tk_games_register_all ();
  session = tk_session_load (store, session_id, &error);
  if (session == NULL)
    _exit (4);
  for (guint i = first; ; i++)
    {
      if (!run_op (session, i))
        _exit (5);
      /* Only now is the operation acknowledged. */
      if (write (STDOUT_FILENO, &i, sizeof i) != sizeof i)
        _exit (6);
    }
}

static char *
state_key (TkSession *session)
{
  g_autofree char *json = session_json (session);
  return g_strdup_printf ("%s|%u|%u", json, tk_session_get_n_active (session),
                          g_list_model_get_n_items (tk_session_get_ledger (session)));
}

static void
test_crash (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (777);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) memory = tk_store_open_memory (&error);
  g_autoptr(TkSession) sim = NULL;
  g_autoptr(TkSession) session = start (f->store, SETUP3);
  gint64 id = tk_session_get_id (session);
  guint rounds = g_test_slow () ? 60 : 25;
  guint next_op = 0;   /* the simulation has run ops [0, next_op) */
  guint total_acked = 0;

  g_assert_no_error (error);
  sim = start (memory, SETUP3);
  g_clear_object (&session);
  g_clear_object (&f->store);

  for (guint round = 0; round < rounds; round++)
    {
      g_autofree char *first = g_strdup_printf ("%u", next_op);
      g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
      const char *child_argv[] = { self_exe, "--crash-child", f->path, id_text, first, NULL };
      guint last_acked = G_MAXUINT;
      gint64 deadline;
      GPid pid;
      int fd, status;

      g_spawn_async_with_pipes (NULL, (char **) child_argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, NULL, &fd, NULL, &error);
      g_assert_no_error (error);

      deadline = g_get_monotonic_time () + g_rand_int_range (rand, 3000, 80000);
      while (g_get_monotonic_time () < deadline)
        {
          guint op;
          if (read (fd, &op, sizeof op) != sizeof op)
            break;
          last_acked = op;
          total_acked++;
        }
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
      g_assert_true (WIFSIGNALED (status));
      {
        guint op;
        while (read (fd, &op, sizeof op) == sizeof op)
          {
            last_acked = op;
            total_acked++;
          }
      }
      close (fd);

      /* Bring the simulation to every acknowledged operation. */
      if (last_acked != G_MAXUINT)
        for (; next_op <= last_acked; next_op++)
          g_assert_true (run_op (sim, next_op));

      /* Reopen: the state is the fold of every acknowledged operation, or of one more that
       * was committed just before the kill. */
      {
        g_autoptr(TkStore) store = tk_store_open (f->path, &error);
        g_autoptr(TkSession) resumed = NULL;
        g_autofree char *got = NULL;
        g_autofree char *want = NULL;

        g_assert_no_error (error);
        resumed = tk_session_load (store, id, &error);
        g_assert_no_error (error);
        got = state_key (resumed);
        want = state_key (sim);
        if (g_strcmp0 (got, want) != 0)
          {
            g_autofree char *want_next = NULL;

            g_assert_true (run_op (sim, next_op));
            next_op++;
            want_next = state_key (sim);
            g_assert_cmpstr (got, ==, want_next);
          }
      }
    }

  g_test_message ("%u operations acknowledged over %u kills", total_acked, rounds);
  g_assert_cmpuint (total_acked, >, 0);
}

/* ---- finish into a play ---- */

static void
test_finish (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlayer) ana = tk_players_add (f->store, "Ana", "#e01b24", &error);
  g_autoptr(TkPlayer) ben = tk_players_find_or_add (f->store, "Ben", NULL, &error);
  g_autoptr(TkPlayer) ben_again = tk_players_find_or_add (f->store, " ben ", NULL, &error);
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) second = NULL;
  g_autoptr(TkPlay) play = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autofree char *setup_json = NULL;
  gint64 game_id, play_id = 0;

  g_assert_no_error (error);
  g_assert_cmpint (tk_player_get_id (ben), ==, tk_player_get_id (ben_again));
  g_assert_true (tk_store_exec (f->store, "INSERT INTO games (title) VALUES ('Carcassonne')",
                                &error));
  game_id = tk_store_last_insert_id (f->store);
  setup_json = g_strdup_printf ("{\"players\":[{\"name\":\"Ana\",\"colour\":\"#e01b24\","
                                "\"player_id\":%" G_GINT64_FORMAT "},{\"name\":\"Ben\","
                                "\"player_id\":%" G_GINT64_FORMAT "},{\"name\":\"Guest\"}]}",
                                tk_player_get_id (ana), tk_player_get_id (ben));
  setup = parse (setup_json);

  tk_session_set_clock (fake_clock);
  session = tk_session_start (f->store, TK_GENERIC_RULES_ID, game_id, NULL, setup, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_session_get_title (session), ==, "Carcassonne");
  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[12,30,30]}");
  fake_now += 45 * 60000;
  g_assert_true (tk_session_set_notes (session, "Close game", &error));

  g_assert_true (tk_session_finish (session, "2026-03-14", "Kitchen", "Inns & Cathedrals",
                                    &play_id, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tk_session_get_status (session), ==, "finished");
  g_assert_false (tk_session_can_undo (session));
  g_assert_false (tk_session_apply_json (session, "{\"type\":\"add_round\",\"scores\":[1,1,1]}",
                                         &error));
  g_assert_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_CLOSED);
  g_clear_error (&error);

  play = tk_plays_get (f->store, play_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_play_get_game_title (play), ==, "Carcassonne");
  g_assert_cmpint (tk_play_get_game_id (play), ==, game_id);
  g_assert_cmpstr (tk_play_get_played_on (play), ==, "2026-03-14");
  g_assert_cmpint (tk_play_get_duration_min (play), ==, 45);
  g_assert_cmpstr (tk_play_get_location (play), ==, "Kitchen");
  g_assert_cmpstr (tk_play_get_expansions (play), ==, "Inns & Cathedrals");
  g_assert_cmpstr (tk_play_get_notes (play), ==, "Close game");
  g_assert_cmpint (tk_play_get_session_id (play), ==, tk_session_get_id (session));
  g_assert_cmpuint (tk_play_get_n_players (play), ==, 3);
  {
    const TkPlayPlayer *p0 = tk_play_get_player (play, 0);
    const TkPlayPlayer *p1 = tk_play_get_player (play, 1);
    const TkPlayPlayer *p2 = tk_play_get_player (play, 2);
    g_autofree char *winners = tk_play_dup_winners (play);

    g_assert_cmpstr (p0->name, ==, "Ana");
    g_assert_cmpstr (p0->colour, ==, "#e01b24");
    g_assert_cmpint (p0->player_id, ==, tk_player_get_id (ana));
    g_assert_cmpfloat (p0->score, ==, 12);
    g_assert_cmpuint (p0->rank, ==, 3);
    g_assert_false (p0->winner);
    g_assert_true (p0->first_play);
    g_assert_cmpuint (p1->rank, ==, 1);
    g_assert_true (p1->winner);
    g_assert_true (p2->winner);        /* a shared win */
    g_assert_cmpint (p2->player_id, ==, 0);
    g_assert_false (p2->first_play);   /* not in the roster: unknown */
    g_assert_cmpstr (winners, ==, "Ben, Guest");
  }
  g_assert_cmpint (tk_test_count (f->store, "SELECT played FROM collection"), ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM sessions WHERE status = 'finished'"),
                   ==, 1);

  /* The second play of the same game is nobody's first. */
  second = tk_session_start (f->store, TK_GENERIC_RULES_ID, game_id, NULL, setup, &error);
  g_assert_no_error (error);
  g_assert_true (tk_session_finish (second, NULL, NULL, NULL, &play_id, &error));
  g_assert_no_error (error);
  g_clear_object (&play);
  play = tk_plays_get (f->store, play_id, &error);
  g_assert_false (tk_play_get_player (play, 0)->first_play);
  g_assert_cmpstr (tk_play_get_played_on (play), ==, "2026-01-01");
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM plays"), ==, 2);
  tk_session_set_clock (NULL);
}

/* ---- session files ---- */

static void
test_files (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = start (f->store, SETUP3);
  g_autoptr(TkSession) imported = NULL;
  g_autoptr(JsonObject) score = NULL;
  g_autoptr(JsonObject) file_score = NULL;
  g_autofree char *text = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *sa = NULL;
  g_autofree char *sb = NULL;

  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[5,3,2]}");
  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[1,9,2]}");
  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[4,4,4]}");
  g_assert_true (tk_session_undo (session, &error));
  text = tk_session_export (session);

  imported = tk_session_import (f->store, text, -1, &error);
  g_assert_no_error (error);
  a = session_json (session);
  b = session_json (imported);
  g_assert_cmpstr (a, ==, b);
  g_assert_true (tk_session_can_redo (imported));
  g_assert_cmpuint (g_list_model_get_n_items (tk_session_get_ledger (imported)), ==, 3);

  score = tk_session_score (session);
  file_score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  sa = tk_rules_json_to_string (score);
  sb = tk_rules_json_to_string (file_score);
  g_assert_cmpstr (sa, ==, sb);
}

/* tk_session_check: the engine's answer, and nothing else — no row, no ledger line, no
 * ::changed, the state as it was; a closed session refuses like apply. */
static void
test_check (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(TkSession) session = start (f->store, SETUP3);
  g_autoptr(JsonObject) good = parse ("{\"type\":\"add_round\",\"scores\":[5,3,2]}");
  g_autoptr(JsonObject) bad = parse ("{\"type\":\"add_round\",\"scores\":[5,3]}");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *good_text = tk_rules_json_to_string (good);
  g_autofree char *good_after = NULL;
  guint changed = 0;
  gint64 rows;

  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[1,1,1]}");
  g_signal_connect (session, "changed", G_CALLBACK (count_signal), &changed);
  before = session_json (session);
  rows = tk_test_count (f->store, "SELECT count(*) FROM session_actions");

  g_assert_true (tk_session_check (session, good, &error));
  g_assert_no_error (error);
  g_assert_false (tk_session_check (session, bad, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == TK_RULES_ERROR);
  g_clear_error (&error);

  after = session_json (session);
  g_assert_cmpstr (before, ==, after);
  good_after = tk_rules_json_to_string (good);
  g_assert_cmpstr (good_text, ==, good_after);
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (tk_session_get_n_active (session), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (tk_session_get_ledger (session)), ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM session_actions"), ==, rows);
  g_assert_false (tk_session_can_redo (session));

  /* what check took, apply takes */
  g_assert_true (tk_session_apply (session, good, &error));
  g_assert_no_error (error);
  g_assert_true (tk_session_abandon (session, &error));
  g_assert_no_error (error);
  g_assert_false (tk_session_check (session, good, &error));
  g_assert_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_CLOSED);
}

/* The ledger keeps a copy of what was applied, stamped or not: the caller's object, changed or
 * reused afterwards (as a panel reuses its draft), changes nothing in the ledger, the file or
 * what undo and redo fold again. */
static void
test_apply_keeps_copy (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(TkSession) session = start (f->store, SETUP3);
  g_autoptr(JsonObject) action = parse ("{\"type\":\"add_round\",\"scores\":[5,3,2]}");
  g_autoptr(JsonObject) before = NULL;
  g_autoptr(JsonObject) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *score_before = NULL;
  g_autofree char *score_after = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autofree char *kept_text = NULL;
  JsonObject *kept;
  JsonArray *scores;

  g_assert_true (tk_session_apply (session, action, &error));
  g_assert_no_error (error);
  before = tk_session_score (session);
  score_before = tk_rules_json_to_string (before);

  /* the caller's object is theirs: nothing was added to it ... */
  g_assert_cmpuint (json_object_get_size (action), ==, 2);
  /* ... and what they do with it afterwards is not the ledger's */
  scores = json_object_get_array_member (action, "scores");
  json_array_remove_element (scores, 0);
  json_array_add_int_element (scores, 9);
  json_object_set_string_member (action, "note", "reused");

  text = tk_session_export (session);
  file = parse (text);
  kept = json_object_get_object_member (json_array_get_object_element (
           json_object_get_array_member (file, "actions"), 0), "action");
  kept_text = tk_rules_json_to_string (kept);
  g_assert_cmpstr (kept_text, ==, "{\"type\":\"add_round\",\"scores\":[5,3,2]}");
  g_assert_true (tk_session_undo (session, &error));
  g_assert_true (tk_session_redo (session, &error));
  g_assert_no_error (error);
  after = tk_session_score (session);
  score_after = tk_rules_json_to_string (after);
  g_assert_cmpstr (score_after, ==, score_before);
}

/* The session keeps its score: however many ask after one change, the engine scores once;
 * apply, undo and redo each make it score again, and what it keeps is the engine's score of
 * the state now. */
static void
test_score_once (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(TkSession) session = start (f->store, SETUP3);
  g_autoptr(GError) error = NULL;
  guint n;

  n = tk_session_get_n_scored (session);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(JsonObject) score = tk_session_score (session);
      g_assert_nonnull (score);
    }
  g_assert_cmpuint (tk_session_get_n_scored (session), ==, n + 1);

  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[5,3,2]}");
  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[1,9,2]}");
  g_assert_true (tk_session_undo (session, &error));
  for (guint step = 0; step < 2; step++)
    {
      guint before = tk_session_get_n_scored (session);
      g_autoptr(JsonObject) first = tk_session_score (session);
      g_autoptr(JsonObject) second = tk_session_score (session);
      g_autoptr(JsonObject) fresh = tk_session_get_rules (session)->score (tk_session_peek_state (session));
      g_autofree char *kept = tk_rules_json_to_string (second);
      g_autofree char *engine = tk_rules_json_to_string (fresh);

      g_assert_cmpuint (tk_session_get_n_scored (session), ==, before + 1);
      g_assert_true (first == second);
      g_assert_cmpstr (kept, ==, engine);
      if (step == 0)
        {
          g_assert_true (tk_session_redo (session, &error));
          g_assert_no_error (error);
        }
    }
}

static void
test_import_refusals (Fixture       *f,
                      gconstpointer  data)
{
  const char *head = "{\"format\":\"tablekeeper-session\",\"version\":1,"
                     "\"rules\":\"generic-score-pad\",\"title\":\"T\","
                     "\"setup\":{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}]},";
  g_autofree char *deep = NULL;
  GString *nest = g_string_new (head);
  const char *broken[] = {
    "",
    "not json",
    "[1,2,3]",
    "\"x\"{\"format\":\"tablekeeper-session\",\"version\":1}",
    "{\"format\":\"tablekeeper-session\",\"version\":1} {}",
    "{\"format\":\"something-else\",\"version\":1}",
    "{\"format\":\"tablekeeper-session\",\"version\":99}",
    "{\"format\":\"tablekeeper-session\",\"version\":1,\"rules\":\"chess\",\"title\":\"T\","
      "\"setup\":{},\"actions\":[]}",
    "{\"format\":\"tablekeeper-session\",\"version\":1,\"rules\":\"generic-score-pad\","
      "\"title\":\"T\",\"setup\":{\"players\":[]},\"actions\":[]}",
    NULL,   /* filled in below */
  };
  const char *tails[] = {
    "\"actions\":{}}",
    "\"actions\":[{\"seq\":1,\"action\":{\"type\":\"remove_round\",\"round\":1}}]}",
    "\"actions\":[{\"seq\":2,\"action\":{\"type\":\"add_round\",\"scores\":[1,2]}},"
      "{\"seq\":2,\"action\":{\"type\":\"add_round\",\"scores\":[1,2]}}]}",
    "\"actions\":[{\"seq\":1,\"undone\":true,\"action\":{\"type\":\"add_round\",\"scores\":[1,2]}},"
      "{\"seq\":2,\"action\":{\"type\":\"add_round\",\"scores\":[1,2]}}]}",
    "\"actions\":[{\"seq\":1,\"action\":{\"type\":\"add_round\",\"scores\":[1,2e300]}}]}",
    "\"actions\":[{\"seq\":1,\"action\":\"add_round\"}]}",
    "\"actions\":[{\"seq\":\"1\",\"action\":{\"type\":\"add_round\",\"scores\":[1,2]}}]}",
    "\"actions\":[]",
  };

  for (guint i = 0; i < 200; i++)
    g_string_append (nest, "[");
  deep = g_string_free (nest, FALSE);
  broken[G_N_ELEMENTS (broken) - 1] = deep;

  for (guint i = 0; i < G_N_ELEMENTS (broken) + G_N_ELEMENTS (tails); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = i < G_N_ELEMENTS (broken)
                              ? g_strdup (broken[i])
                              : g_strconcat (head, tails[i - G_N_ELEMENTS (broken)], NULL);
      gint64 sessions = tk_test_count (f->store, "SELECT count(*) FROM sessions");
      gint64 actions = tk_test_count (f->store, "SELECT count(*) FROM session_actions");

      g_assert_null (tk_session_import (f->store, text, -1, &error));
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_null (tk_session_file_score (text, -1, NULL));
      g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM sessions"), ==, sessions);
      g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM session_actions"), ==, actions);
    }
}

int
main (int    argc,
      char **argv)
{
  if (argc == 5 && g_str_equal (argv[1], "--crash-child"))
    crash_child (argv[2], g_ascii_strtoll (argv[3], NULL, 10),
                 (guint) g_ascii_strtoull (argv[4], NULL, 10));

  self_exe = argv[0];
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/session/check", test_check);
  ADD ("/session/score-once", test_score_once);
  ADD ("/session/apply-keeps-copy", test_apply_keeps_copy);
  ADD ("/session/basic", test_basic);
  ADD ("/session/property/apply-undo-redo", test_property);
  ADD ("/session/long-undo", test_long_undo);
  ADD ("/session/crash-sigkill", test_crash);
  ADD ("/session/finish", test_finish);
  ADD ("/session/files/round-trip", test_files);
  ADD ("/session/files/refusals", test_import_refusals);
#undef ADD

  return g_test_run ();
}
