/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-session.c — a session at the table on a library file with durable commits.
 *
 *  1. apply + COMMIT latency of one action (p50, p99; goal p99 < 5 ms), and of undo;
 *  2. resuming a session of 2,000 actions: load + fold (median; goal < 50 ms).
 */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bench.h"
#include "tk-session.h"
#include "generic/tk-generic-rules.h"

#define N_APPLY 600
#define N_RESUME_ACTIONS 2000
#define N_RESUME_RUNS 25
#define GOAL_APPLY_P99_MS 5.0
#define GOAL_RESUME_MS 50.0

static const char *setup_json =
  "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},{\"name\":\"Cleo\"},{\"name\":\"Dan\"}]}";

static TkSession *
new_session (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = tk_rules_json_parse_object (setup_json, -1, &error);
  TkSession *session = tk_session_start (store, TK_GENERIC_RULES_ID, 0, "Bench", setup, &error);

  g_assert_no_error (error);
  return session;
}

static char *
action_for (guint i)
{
  if (i % 3 == 2)
    return g_strdup_printf ("{\"type\":\"set_score\",\"round\":%u,\"seat\":%u,\"points\":%u}",
                            i / 3 + 1, i % 4, i % 17);
  return g_strdup_printf ("{\"type\":\"add_round\",\"scores\":[%u,%u,%u,%u]}",
                          i % 11, i % 7, i % 5, i % 3);
}

static void
remove_library (const char *path)
{
  const char *suffixes[] = { "", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);
      g_unlink (file);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-bench-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GArray) apply = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undo = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) resume = g_array_new (FALSE, FALSE, sizeof (double));
  double p50, p99, undo_p99, resume_median;
  gint64 resume_id;
  gboolean pass;

  g_assert_no_error (error);
  tk_games_register_all ();
  path = g_build_filename (dir, "library.db", NULL);

  /* 1. Durable apply, one action per transaction, as at the table. */
  {
    g_autoptr(TkStore) store = tk_store_open (path, &error);
    g_autoptr(TkSession) session = NULL;

    g_assert_no_error (error);
    session = new_session (store);
    for (guint i = 0; i < N_APPLY; i++)
      {
        g_autofree char *json = action_for (i);
        g_autoptr(JsonObject) action = tk_rules_json_parse_object (json, -1, NULL);
        gint64 start = g_get_monotonic_time ();
        double ms;

        if (!tk_session_apply (session, action, &error))
          g_error ("apply failed: %s", error->message);
        ms = (g_get_monotonic_time () - start) / 1000.0;
        g_array_append_val (apply, ms);
        if (i % 10 == 9)
          {
            start = g_get_monotonic_time ();
            if (!tk_session_undo (session, &error) || !tk_session_redo (session, &error))
              g_error ("undo/redo failed: %s", error->message);
            ms = (g_get_monotonic_time () - start) / 2000.0;
            g_array_append_val (undo, ms);
          }
      }
  }

  /* 2. Resume a session of 2,000 actions. */
  {
    g_autoptr(TkStore) store = tk_store_open (path, &error);
    g_autoptr(TkSession) session = NULL;

    g_assert_no_error (error);
    session = new_session (store);
    resume_id = tk_session_get_id (session);
    g_assert_true (tk_store_begin (store, &error));
    for (guint i = 0; i < N_RESUME_ACTIONS; i++)
      {
        g_autofree char *json = action_for (i);
        if (!tk_session_apply_json (session, json, &error))
          g_error ("apply failed: %s", error->message);
      }
    g_assert_true (tk_store_commit (store, &error));
  }
  for (guint run = 0; run < N_RESUME_RUNS; run++)
    {
      g_autoptr(TkStore) store = tk_store_open (path, &error);
      g_autoptr(TkSession) session = NULL;
      gint64 start;
      double ms;

      g_assert_no_error (error);
      start = g_get_monotonic_time ();
      session = tk_session_load (store, resume_id, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (tk_session_get_n_active (session), ==, N_RESUME_ACTIONS);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (resume, ms);
    }

  p50 = tk_bench_percentile (apply, 50);
  p99 = tk_bench_percentile (apply, 99);
  undo_p99 = tk_bench_percentile (undo, 99);
  resume_median = tk_bench_median (resume);
  g_print ("session-apply-commit: p50 %.3f ms, p99 %.3f ms, max %.3f ms over %d actions "
           "(goal p99 < %.0f ms) %s\n", p50, p99, g_array_index (apply, double, apply->len - 1),
           N_APPLY, GOAL_APPLY_P99_MS, p99 < GOAL_APPLY_P99_MS ? "PASS" : "MISS");
  g_print ("session-undo-commit: p50 %.3f ms, p99 %.3f ms over %u undos\n",
           tk_bench_percentile (undo, 50), undo_p99, undo->len);
  g_print ("session-resume-2000: median %.2f ms, max %.2f ms over %d runs (goal < %.0f ms) %s\n",
           resume_median, g_array_index (resume, double, resume->len - 1), N_RESUME_RUNS,
           GOAL_RESUME_MS, resume_median < GOAL_RESUME_MS ? "PASS" : "MISS");

  remove_library (path);
  g_rmdir (dir);
  pass = p99 < GOAL_APPLY_P99_MS && resume_median < GOAL_RESUME_MS;
  return pass ? 0 : 1;
}
