/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hlc.c — the hybrid logical clock (tk-hlc.h) and UUIDv7 (tk-uid.h). */
#include "config.h"

#include <string.h>

#include "tk-hlc.h"
#include "tk-uid.h"

/* A wall clock the test sets. */
static gint64
fake_now (gpointer user_data)
{
  return *(gint64 *) user_data;
}

#define DAY_MS (G_GINT64_CONSTANT (86400000))

/* Local ticks follow the wall clock when it moves, count on within a millisecond, and never go
 * back when it is set back a day. */
static void
test_monotonic (void)
{
  gint64 now = G_GINT64_CONSTANT (1764393600000);   /* 2025-11-29 */
  TkHlcClock clock;
  TkHlc previous, t;

  tk_hlc_clock_init (&clock, 0, fake_now, &now);
  t = tk_hlc_clock_tick (&clock);
  g_assert_cmpint (tk_hlc_ms (t), ==, now);
  g_assert_cmpuint (tk_hlc_counter (t), ==, 0);
  previous = t;
  t = tk_hlc_clock_tick (&clock);                    /* same millisecond */
  g_assert_cmpint (t, ==, previous + 1);
  g_assert_cmpint (tk_hlc_ms (t), ==, now);
  now += 5;
  previous = t;
  t = tk_hlc_clock_tick (&clock);
  g_assert_cmpint (t, >, previous);
  g_assert_cmpint (tk_hlc_ms (t), ==, now);
  g_assert_cmpuint (tk_hlc_counter (t), ==, 0);

  /* The clock set back a day: still forward, counting on from the last time. */
  now -= DAY_MS;
  for (int i = 0; i < 1000; i++)
    {
      previous = t;
      t = tk_hlc_clock_tick (&clock);
      g_assert_cmpint (t, >, previous);
    }
  g_assert_cmpint (tk_hlc_ms (t), ==, now + DAY_MS);
}

/* A restart starts from the time kept in the library: the first tick after it is later, also
 * with the wall clock a day behind. */
static void
test_restart (void)
{
  gint64 now = G_GINT64_CONSTANT (1764393600000);
  TkHlcClock clock;
  TkHlc kept, t;

  tk_hlc_clock_init (&clock, 0, fake_now, &now);
  tk_hlc_clock_tick (&clock);
  kept = tk_hlc_clock_tick (&clock);

  now -= DAY_MS;
  tk_hlc_clock_init (&clock, kept, fake_now, &now);
  t = tk_hlc_clock_tick (&clock);
  g_assert_cmpint (t, >, kept);
}

/* A peer ahead of us: our next time is after its time; more than a day ahead is flagged, and
 * taken all the same.  A peer behind changes nothing. */
static void
test_receive (void)
{
  gint64 now = G_GINT64_CONSTANT (1764393600000);
  TkHlcClock clock;
  gboolean far = TRUE;
  TkHlc remote, t;

  tk_hlc_clock_init (&clock, 0, fake_now, &now);
  t = tk_hlc_clock_tick (&clock);

  tk_hlc_clock_receive (&clock, tk_hlc_make (now - 1000, 7), &far);
  g_assert_false (far);
  g_assert_cmpint (tk_hlc_clock_tick (&clock), ==, t + 1);

  remote = tk_hlc_make (now + 60000, 3);             /* a minute ahead */
  tk_hlc_clock_receive (&clock, remote, &far);
  g_assert_false (far);
  t = tk_hlc_clock_tick (&clock);
  g_assert_cmpint (t, ==, remote + 1);

  remote = tk_hlc_make (now + 2 * DAY_MS, 0);        /* two days ahead */
  tk_hlc_clock_receive (&clock, remote, &far);
  g_assert_true (far);
  g_assert_cmpint (tk_hlc_clock_tick (&clock), >, remote);

  /* The wall clock catches up: the time follows it again. */
  now += 3 * DAY_MS;
  t = tk_hlc_clock_tick (&clock);
  g_assert_cmpint (tk_hlc_ms (t), ==, now);
  g_assert_cmpuint (tk_hlc_counter (t), ==, 0);
}

/* 65,536 events within one millisecond fill the counter: the next carries into the
 * milliseconds instead of wrapping back. */
static void
test_counter_overflow (void)
{
  gint64 now = G_GINT64_CONSTANT (1764393600000);
  TkHlcClock clock;
  TkHlc previous = 0, t = 0;

  tk_hlc_clock_init (&clock, 0, fake_now, &now);
  for (guint i = 0; i <= 0xffff + 10; i++)
    {
      previous = t;
      t = tk_hlc_clock_tick (&clock);
      g_assert_cmpint (t, >, previous);
    }
  g_assert_cmpint (tk_hlc_ms (t), ==, now + 1);
  g_assert_cmpuint (tk_hlc_counter (t), ==, 9);

  /* A peer at the very top of a millisecond's counter. */
  tk_hlc_clock_receive (&clock, tk_hlc_make (now + 50, 0xffff), NULL);
  t = tk_hlc_clock_tick (&clock);
  g_assert_cmpint (tk_hlc_ms (t), ==, now + 51);
  g_assert_cmpuint (tk_hlc_counter (t), ==, 0);
}

/* UUIDv7: the shape, the time in it, and text order that follows creation order, also
 * within one millisecond and with the clock going back. */
static void
test_uuid7 (void)
{
  g_autofree char *previous = NULL;
  gint64 ms = G_GINT64_CONSTANT (1764393600000);

  for (int i = 0; i < 5000; i++)
    {
      /* 0-999 the same millisecond; then back 10 ms; then forward. */
      gint64 at = i < 1000 ? ms : i < 2000 ? ms - 10 : ms + i;
      g_autofree char *uid = tk_uid_new_v7_at (at);

      g_assert_true (tk_uid_is_v7 (uid));
      g_assert_cmpint (tk_uid_v7_time (uid), >=, MIN (at, ms));
      if (previous != NULL)
        g_assert_cmpint (strcmp (previous, uid), <, 0);
      g_free (previous);
      previous = g_steal_pointer (&uid);
    }
  g_assert_cmpint (tk_uid_v7_time (previous), ==, ms + 4999);
  g_assert_false (tk_uid_is_v7 ("bgg:13"));
  g_assert_false (tk_uid_is_v7 ("01a225cc-a79c-4360-8c55-5327dc98b44d"));   /* version 4 */
}

static void
test_derived (void)
{
  g_autofree char *bgg = tk_uid_for_game (13, "catan");
  g_autofree char *cat = tk_uid_for_game (0, "catan");
  g_autofree char *own = tk_uid_for_game (0, NULL);
  g_autofree char *random = tk_uid_new_random ();

  g_assert_cmpstr (bgg, ==, "bgg:13");
  g_assert_cmpstr (cat, ==, "cat:catan");
  g_assert_null (own);
  g_assert_cmpuint (strlen (random), ==, 32);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hlc/monotonic", test_monotonic);
  g_test_add_func ("/hlc/restart", test_restart);
  g_test_add_func ("/hlc/receive", test_receive);
  g_test_add_func ("/hlc/counter-overflow", test_counter_overflow);
  g_test_add_func ("/uid/uuid7", test_uuid7);
  g_test_add_func ("/uid/derived", test_derived);
  return g_test_run ();
}
