/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-sessions.c — open sessions on two devices: Undo after a sync, a session continued
 * on both while apart (both branches kept, one replayed, either kept afterwards), the fold of
 * ledger operations in any order, and the upgrade of a format 11 ledger with an undone tail.
 *
 * Two libraries stand for two devices; the carrier is tk_sync_log_all_ops () handed to
 * tk_sync_log_receive () (what a pass does with the folder's files, tested elsewhere). */
#include "config.h"

#include "tk-ledger-branches.h"
#include "tk-player.h"
#include "tk-rules.h"
#include "tk-session.h"
#include "tk-store-schema.h"
#include "tk-sync-log.h"
#include "generic/tk-generic-rules.h"
#include "tk-test-session.h"
#include "tk-test-store.h"

#define SETUP "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],\"win\":\"high\"}"

static gint64 fake_now = G_GINT64_CONSTANT (1800000000000);

static gint64
fake_clock (void)
{
  return fake_now;
}

/* The devices' hybrid clocks: every reading a millisecond later, so that the order of the
 * edits in a test is the order of their times (a real clock gives many edits one
 * millisecond, and the device uid breaks those ties at random). */
static gint64 hlc_now = G_GINT64_CONSTANT (1800000000000);

static gint64
hlc_clock (gpointer user_data)
{
  return hlc_now++;
}

static TkStore *
device (const char *name)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = tk_test_open_memory ();

  g_assert_true (tk_sync_log_set_device_name (store, name, &error));
  g_assert_no_error (error);
  return store;
}

/* Every operation of @from, read by @to (duplicates are ignored). */
static void
deliver (TkStore *from,
         TkStore *to)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ops = tk_sync_log_all_ops (from, &error);

  g_assert_no_error (error);
  g_assert_true (tk_sync_log_receive (to, ops, NULL, &error));
  g_assert_no_error (error);
}

static void
meet (TkStore *a,
      TkStore *b)
{
  deliver (a, b);
  deliver (b, a);
  deliver (a, b);
}

static char *
dump (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  char *text = tk_sync_log_dump_canonical (store, &error);

  g_assert_no_error (error);
  return text;
}

static void
assert_same (TkStore *a,
             TkStore *b)
{
  g_autofree char *dump_a = dump (a);
  g_autofree char *dump_b = dump (b);

  g_assert_cmpstr (dump_a, ==, dump_b);
}

static TkSession *
start (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(JsonNode) node = json_from_string (SETUP, &error);
  TkSession *session;

  g_assert_no_error (error);
  setup = json_object_ref (json_node_get_object (node));
  session = tk_session_start (store, TK_GENERIC_RULES_ID, 0, "Ad-hoc game", setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

/* The session of @store with @uid, loaded afresh (as a device shows it after a sync). */
static TkSession *
load (TkStore    *store,
      const char *uid)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = g_strdup_printf ("SELECT id FROM sessions WHERE uid = '%s'", uid);
  gint64 id = tk_test_count (store, sql);
  TkSession *session;

  g_assert_cmpint (id, >, 0);
  session = tk_session_load (store, id, &error);
  g_assert_no_error (error);
  return session;
}

static char *
session_uid (TkStore   *store,
             TkSession *session)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT uid FROM sessions WHERE id = ?1", NULL);
  char *uid;

  sqlite3_bind_int64 (stmt, 1, tk_session_get_id (session));
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return uid;
}

/* The state the engines replayed, as text. */
static char *
state (TkSession *session)
{
  g_autoptr(JsonObject) object = tk_session_to_json (session);
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, object);
  return json_to_string (node, FALSE);
}

/* Pauses the game timer of @session after @ms more milliseconds of play. */
static void
play_for (TkSession *session,
          gint64     ms)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_session_timer_start (session, &error));
  fake_now += ms;
  g_assert_true (tk_session_timer_pause (session, &error));
  g_assert_no_error (error);
}

/* Undo on one device after a sync undoes the same action on the other; Redo, notes and
 * finishing travel too, and the play names its session. */
static void
test_undo_after_sync (void)
{
  g_autoptr(TkStore) a = device ("Phone");
  g_autoptr(TkStore) b = device ("Laptop");
  g_autoptr(TkSession) on_a = NULL;
  g_autoptr(TkSession) on_b = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  tk_session_set_clock (fake_clock);
  on_a = start (a);
  uid = session_uid (a, on_a);
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[5,3]}");
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[1,2]}");
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[4,4]}");
  meet (a, b);
  on_b = load (b, uid);
  g_assert_cmpuint (tk_session_get_n_active (on_b), ==, 3);
  before = state (on_a);
  after = state (on_b);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&before, g_free);
  g_clear_pointer (&after, g_free);

  g_assert_true (tk_session_undo (on_a, &error));
  g_assert_no_error (error);
  meet (a, b);
  g_clear_object (&on_b);
  on_b = load (b, uid);
  g_assert_cmpuint (tk_session_get_n_active (on_b), ==, 2);
  g_assert_true (tk_session_can_redo (on_b));
  before = state (on_a);
  after = state (on_b);
  g_assert_cmpstr (before, ==, after);
  assert_same (a, b);

  /* Redo on the other device; then notes and the end of the game. */
  g_assert_true (tk_session_redo (on_b, &error));
  g_assert_true (tk_session_set_notes (on_b, "Close game", &error));
  g_assert_no_error (error);
  meet (a, b);
  g_clear_object (&on_a);
  on_a = load (a, uid);
  g_assert_cmpuint (tk_session_get_n_active (on_a), ==, 3);
  g_assert_cmpstr (tk_session_get_notes (on_a), ==, "Close game");
  /* (A play of 0 minutes comes back as one of unknown length: the fold's "a new row says
   * only what it sets" takes 0 for unset.  Not what this test is about.) */
  play_for (on_a, 20 * 60000);
  g_assert_true (tk_session_finish (on_a, "2027-01-01", NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  meet (a, b);
  g_clear_object (&on_b);
  on_b = load (b, uid);
  g_assert_cmpstr (tk_session_get_status (on_b), ==, "finished");
  g_assert_cmpint (tk_test_count (b, "SELECT count(*) FROM plays p JOIN sessions s"
                                     " ON s.id = p.session_id WHERE s.status = 'finished'"), ==, 1);
  assert_same (a, b);
  tk_session_set_clock (NULL);
}

static TkLedgerBranch *
branch_of (GPtrArray  *branches,
           const char *device_name)
{
  for (guint i = 0; i < branches->len; i++)
    if (g_strcmp0 (((TkLedgerBranch *) branches->pdata[i])->device_name, device_name) == 0)
      return branches->pdata[i];
  g_assert_not_reached ();
}

static GPtrArray *
branches (TkStore    *store,
          const char *uid)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = load (store, uid);
  GPtrArray *list = tk_ledger_branches (store, tk_session_get_id (session), &error);

  g_assert_no_error (error);
  return list;
}

/* One round apart: @a undoes its last action and plays another, @b plays on (later: its head
 * wins); each plays the timer for a different time, @a last.  Returns the states each device had before they met. */
static void
continue_apart (TkStore     *a,
                TkStore     *b,
                const char  *uid,
                char       **state_a,
                char       **state_b)
{
  g_autoptr(TkSession) on_a = load (a, uid);
  g_autoptr(TkSession) on_b = load (b, uid);
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_session_undo (on_a, &error));
  g_assert_no_error (error);
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[7,7]}");
  tk_test_apply_ok (on_b, "{\"type\":\"add_round\",\"scores\":[9,0]}");
  play_for (on_b, 300000);
  /* The newest timer is not the newest head's: the head's own branch's timer is shown. */
  play_for (on_a, 60000);
  *state_a = state (on_a);
  *state_b = state (on_b);
}

/* A session continued on both devices while apart: both branches are kept and offered on
 * both, the engines replay one of them (never a mix), each with its own game timer, and
 * keeping the other on either device holds on both. */
static void
test_continued_apart (void)
{
  g_autoptr(TkStore) a = device ("Phone");
  g_autoptr(TkStore) b = device ("Laptop");
  g_autoptr(TkSession) on_a = NULL;
  g_autoptr(GPtrArray) list_a = NULL;
  g_autoptr(GPtrArray) list_b = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *state_a = NULL;
  g_autofree char *state_b = NULL;
  const TkLedgerBranch *phone, *laptop, *shown, *other;
  gint64 elapsed_a, elapsed_b;

  tk_session_set_clock (fake_clock);
  on_a = start (a);
  uid = session_uid (a, on_a);
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[5,3]}");
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[1,2]}");
  play_for (on_a, 1000);
  g_clear_object (&on_a);
  meet (a, b);

  for (guint keep_on = 0; keep_on < 2; keep_on++)
    {
      TkStore *keeper = keep_on == 0 ? a : b;
      g_autoptr(TkSession) shown_a = NULL;
      g_autoptr(TkSession) shown_b = NULL;
      g_autoptr(TkSession) kept_a = NULL;
      g_autoptr(TkSession) kept_b = NULL;
      g_autofree char *now_a = NULL;
      g_autofree char *now_b = NULL;
      g_autofree char *kept_state = NULL;

      g_clear_pointer (&state_a, g_free);
      g_clear_pointer (&state_b, g_free);
      continue_apart (a, b, uid, &state_a, &state_b);
      {
        g_autoptr(TkSession) s = load (a, uid);
        elapsed_a = tk_session_get_elapsed_ms (s);
      }
      {
        g_autoptr(TkSession) s = load (b, uid);
        elapsed_b = tk_session_get_elapsed_ms (s);
      }
      g_assert_cmpint (elapsed_a, !=, elapsed_b);
      meet (a, b);
      assert_same (a, b);

      /* Both branches, named after their devices, on both devices. */
      g_clear_pointer (&list_a, g_ptr_array_unref);
      g_clear_pointer (&list_b, g_ptr_array_unref);
      list_a = branches (a, uid);
      list_b = branches (b, uid);
      g_assert_cmpuint (list_a->len, ==, 2);
      g_assert_cmpuint (list_b->len, ==, 2);
      phone = branch_of (list_a, "Phone");
      laptop = branch_of (list_a, "Laptop");
      g_assert_cmpstr (phone->action_uid, ==, branch_of (list_b, "Phone")->action_uid);
      g_assert_cmpstr (laptop->action_uid, ==, branch_of (list_b, "Laptop")->action_uid);
      g_assert_true (phone->current != laptop->current);
      shown = phone->current ? phone : laptop;
      other = phone->current ? laptop : phone;

      /* One branch replayed, exactly as its device had it, with its own timer. */
      shown_a = load (a, uid);
      shown_b = load (b, uid);
      now_a = state (shown_a);
      now_b = state (shown_b);
      g_assert_cmpstr (now_a, ==, now_b);
      g_assert_cmpstr (now_a, ==, shown == phone ? state_a : state_b);
      g_assert_cmpint (tk_session_get_elapsed_ms (shown_a), ==,
                       shown == phone ? elapsed_a : elapsed_b);

      /* Keep the other one, on one device; it holds on both after they meet. */
      g_assert_true (tk_ledger_keep_branch (keeper, tk_test_count (keeper, "SELECT id FROM sessions"),
                                            other->action_uid, &error));
      g_assert_no_error (error);
      kept_state = g_strdup (other == phone ? state_a : state_b);
      meet (a, b);
      assert_same (a, b);
      kept_a = load (a, uid);
      kept_b = load (b, uid);
      g_free (now_a);
      g_free (now_b);
      now_a = state (kept_a);
      now_b = state (kept_b);
      g_assert_cmpstr (now_a, ==, kept_state);
      g_assert_cmpstr (now_b, ==, kept_state);
      g_assert_cmpint (tk_session_get_elapsed_ms (kept_a), ==,
                       other == phone ? elapsed_a : elapsed_b);
      g_assert_cmpint (tk_session_get_elapsed_ms (kept_b), ==,
                       other == phone ? elapsed_a : elapsed_b);
      g_clear_pointer (&list_a, g_ptr_array_unref);
      g_clear_pointer (&list_b, g_ptr_array_unref);
      list_a = branches (a, uid);
      list_b = branches (b, uid);
      g_assert_cmpuint (list_a->len, ==, 0);
      g_assert_cmpuint (list_b->len, ==, 0);
      /* Nothing was lost: the branch not kept is still in the tree. */
      g_assert_cmpint (tk_test_count (a, "SELECT count(*) FROM session_actions"), ==,
                       tk_test_count (b, "SELECT count(*) FROM session_actions"));
    }
  tk_session_set_clock (NULL);
}

/* Plays on after a branch was offered, without choosing, keeps asking. */
static void
test_branches_stay_until_kept (void)
{
  g_autoptr(TkStore) a = device ("Phone");
  g_autoptr(TkStore) b = device ("Laptop");
  g_autoptr(TkSession) on_a = NULL;
  g_autoptr(TkSession) again = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *state_a = NULL;
  g_autofree char *state_b = NULL;

  tk_session_set_clock (fake_clock);
  on_a = start (a);
  uid = session_uid (a, on_a);
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[5,3]}");
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[1,2]}");
  meet (a, b);
  continue_apart (a, b, uid, &state_a, &state_b);
  meet (a, b);
  again = load (b, uid);
  tk_test_apply_ok (again, "{\"type\":\"add_round\",\"scores\":[2,2]}");
  meet (a, b);
  list = branches (a, uid);
  g_assert_cmpuint (list->len, ==, 2);
  assert_same (a, b);
  tk_session_set_clock (NULL);
}

/* A seat linked to a roster player names it by uid on the way: on the other device it is
 * linked to the same player, whose row id there is another. */
static void
test_seats_by_uid (void)
{
  g_autoptr(TkStore) a = device ("Phone");
  g_autoptr(TkStore) b = device ("Laptop");
  g_autoptr(TkPlayer) zed = NULL;
  g_autoptr(TkPlayer) ana = NULL;
  g_autoptr(TkSession) on_a = NULL;
  g_autoptr(TkSession) on_b = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *json = NULL;

  zed = tk_players_add (b, "Zed", NULL, &error);
  ana = tk_players_add (a, "Ana", NULL, &error);
  g_assert_no_error (error);
  json = g_strdup_printf ("{\"players\":[{\"name\":\"Ana\",\"player_id\":%" G_GINT64_FORMAT
                          "},{\"name\":\"Ben\"}],\"win\":\"high\"}", tk_player_get_id (ana));
  node = json_from_string (json, &error);
  g_assert_no_error (error);
  setup = json_object_ref (json_node_get_object (node));
  on_a = tk_session_start (a, TK_GENERIC_RULES_ID, 0, "Ad-hoc game", setup, &error);
  g_assert_no_error (error);
  uid = session_uid (a, on_a);
  meet (a, b);
  on_b = load (b, uid);
  g_assert_cmpint (tk_rules_setup_player_id (tk_session_get_setup (on_b), 0), ==,
                   tk_test_count (b, "SELECT id FROM players WHERE name = 'Ana'"));
  g_assert_cmpint (tk_rules_setup_player_id (tk_session_get_setup (on_b), 0), !=,
                   tk_player_get_id (ana));
  g_assert_cmpint (tk_rules_setup_player_id (tk_session_get_setup (on_b), 1), ==, 0);
  assert_same (a, b);
}

/* The fold of a session's operations is a function of their set: every order of a small
 * set, and shuffled deliveries with duplicates of a larger one, give the same library. */
static void
test_fold_order (void)
{
  g_autoptr(TkStore) a = device ("Phone");
  g_autoptr(TkStore) b = device ("Laptop");
  g_autoptr(TkSession) on_a = NULL;
  g_autoptr(GPtrArray) ops = g_ptr_array_new ();
  g_autoptr(GPtrArray) from_a = NULL;
  g_autoptr(GPtrArray) from_b = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *state_a = NULL;
  g_autofree char *state_b = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);
  guint n_small;

  tk_session_set_clock (fake_clock);
  on_a = start (a);
  uid = session_uid (a, on_a);
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[5,3]}");
  tk_test_apply_ok (on_a, "{\"type\":\"add_round\",\"scores\":[1,2]}");
  meet (a, b);
  continue_apart (a, b, uid, &state_a, &state_b);
  from_a = tk_sync_log_all_ops (a, &error);
  from_b = tk_sync_log_all_ops (b, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < from_a->len; i++)
    g_ptr_array_add (ops, from_a->pdata[i]);
  for (guint i = 0; i < from_b->len; i++)
    {
      gboolean known = FALSE;

      for (guint k = 0; k < from_a->len; k++)
        known |= g_str_equal (((TkSyncOp *) from_a->pdata[k])->op_uid,
                              ((TkSyncOp *) from_b->pdata[i])->op_uid);
      if (!known)
        g_ptr_array_add (ops, from_b->pdata[i]);
    }

  /* In order, once. */
  {
    g_autoptr(TkStore) fresh = device ("Tablet");

    g_assert_true (tk_sync_log_receive (fresh, ops, NULL, &error));
    g_assert_no_error (error);
    expected = dump (fresh);
    g_assert_nonnull (strstr (expected, "\"branches\":[\""));
  }

  /* Every order of the first five, then the rest. */
  n_small = MIN (ops->len, 5);
  {
    guint idx[5] = { 0, 1, 2, 3, 4 };
    guint count = 0;

    /* Heap's algorithm, iteratively. */
    guint c[5] = { 0 };
    guint i = 0;

    for (;;)
      {
        g_autoptr(TkStore) fresh = device ("Tablet");
        g_autoptr(GPtrArray) order = g_ptr_array_new ();
        g_autofree char *got = NULL;

        for (guint k = 0; k < n_small; k++)
          {
            g_autoptr(GPtrArray) one = g_ptr_array_new ();

            g_ptr_array_add (one, ops->pdata[idx[k]]);
            g_assert_true (tk_sync_log_receive (fresh, one, NULL, &error));
            g_assert_no_error (error);
          }
        for (guint k = n_small; k < ops->len; k++)
          g_ptr_array_add (order, ops->pdata[k]);
        g_assert_true (tk_sync_log_receive (fresh, order, NULL, &error));
        g_assert_no_error (error);
        got = dump (fresh);
        g_assert_cmpstr (got, ==, expected);
        count++;

        while (i < n_small && c[i] >= i)
          c[i++] = 0;
        if (i >= n_small)
          break;
        {
          guint j = i % 2 == 0 ? 0 : c[i];
          guint t = idx[j];

          idx[j] = idx[i];
          idx[i] = t;
        }
        c[i]++;
        i = 0;
      }
    g_assert_cmpuint (count, ==, n_small == 5 ? 120 : count);
  }

  /* Shuffled, in batches, with duplicates. */
  for (guint round = 0; round < 20; round++)
    {
      g_autoptr(TkStore) fresh = device ("Tablet");
      g_autoptr(GPtrArray) shuffled = g_ptr_array_new ();
      g_autofree char *got = NULL;

      for (guint k = 0; k < ops->len; k++)
        {
          g_ptr_array_add (shuffled, ops->pdata[k]);
          if (g_rand_int_range (rand, 0, 4) == 0)
            g_ptr_array_add (shuffled, ops->pdata[k]);
        }
      for (guint k = shuffled->len; k > 1; k--)
        {
          guint j = g_rand_int_range (rand, 0, k);
          gpointer t = shuffled->pdata[k - 1];

          shuffled->pdata[k - 1] = shuffled->pdata[j];
          shuffled->pdata[j] = t;
        }
      for (guint k = 0; k < shuffled->len;)
        {
          g_autoptr(GPtrArray) batch = g_ptr_array_new ();
          guint n = g_rand_int_range (rand, 1, 4);

          for (; n > 0 && k < shuffled->len; n--, k++)
            g_ptr_array_add (batch, shuffled->pdata[k]);
          g_assert_true (tk_sync_log_receive (fresh, batch, NULL, &error));
          g_assert_no_error (error);
        }
      got = dump (fresh);
      g_assert_cmpstr (got, ==, expected);
    }
  tk_session_set_clock (NULL);
}

/* A format 11 library whose session has an undone tail upgrades to 12: the ledger becomes a
 * chain, its head the last action not undone, so Redo still brings the tail back; a new
 * action instead starts a branch beside it; and the session travels whole to a device. */
static void
test_upgrade_v11 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-sync-sessions-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkStore) other = device ("Laptop");
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) copy = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *mine = NULL;
  g_autofree char *theirs = NULL;
  const TkStoreMigration *steps;
  guint n_steps;
  sqlite3 *db = NULL;

  g_assert_no_error (error);
  steps = tk_store_schema_migrations (&n_steps);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  for (guint i = 0; i < n_steps && steps[i].version <= 11; i++)
    g_assert_cmpint (sqlite3_exec (db, steps[i].sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db,
                                 "PRAGMA user_version = 11;"
                                 "INSERT INTO sessions (id, rules_id, setup, title, started_at)"
                                 "  VALUES (1, 'generic-score-pad', '" SETUP "', 'Old game',"
                                 "  1700000000);"
                                 "INSERT INTO session_actions (session_id, seq, created_at,"
                                 "  action, undone) VALUES"
                                 "  (1, 1, 1700000001, '{\"type\":\"add_round\",\"scores\":[1,0]}', 0),"
                                 "  (1, 2, 1700000002, '{\"type\":\"add_round\",\"scores\":[2,0]}', 0),"
                                 "  (1, 3, 1700000003, '{\"type\":\"add_round\",\"scores\":[3,0]}', 1),"
                                 "  (1, 4, 1700000004, '{\"type\":\"add_round\",\"scores\":[4,0]}', 1);",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = tk_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM session_actions"
                                         " WHERE uid IS NULL"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM session_actions a"
                                         " JOIN session_actions p ON p.uid = a.parent"
                                         " AND p.seq = a.seq - 1"), ==, 3);
  g_assert_cmpint (tk_test_count (store, "SELECT a.seq FROM sessions s JOIN session_actions a"
                                         " ON a.uid = s.head"), ==, 2);

  session = tk_session_load (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tk_session_get_n_active (session), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (tk_session_get_ledger (session)), ==, 4);
  g_assert_true (tk_session_redo (session, &error));
  g_assert_true (tk_session_undo (session, &error));
  g_assert_no_error (error);
  tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[9,9]}");
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM session_actions"), ==, 5);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM session_actions"
                                         " WHERE parent = (SELECT uid FROM session_actions"
                                         " WHERE seq = 2)"), ==, 2);

  /* The whole tree and its head reach another device. */
  uid = session_uid (store, session);
  deliver (store, other);
  copy = load (other, uid);
  mine = state (session);
  theirs = state (copy);
  g_assert_cmpstr (mine, ==, theirs);
  g_assert_cmpint (tk_test_count (other, "SELECT count(*) FROM session_actions"), ==, 5);
  assert_same (store, other);

  g_clear_object (&session);
  tk_store_close (store);
  tk_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  tk_sync_log_set_now_func (hlc_clock, NULL);

  g_test_add_func ("/sync-sessions/undo-after-sync", test_undo_after_sync);
  g_test_add_func ("/sync-sessions/continued-apart", test_continued_apart);
  g_test_add_func ("/sync-sessions/branches-stay-until-kept", test_branches_stay_until_kept);
  g_test_add_func ("/sync-sessions/seats-by-uid", test_seats_by_uid);
  g_test_add_func ("/sync-sessions/fold-order", test_fold_order);
  g_test_add_func ("/sync-sessions/upgrade-v11", test_upgrade_v11);
  return g_test_run ();
}
