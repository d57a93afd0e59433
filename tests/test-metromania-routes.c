/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania-routes.c — Metromania's route timing: hand-computed networks (a change costs
 * three, parallel lines without a common station, two equally fast routes, a segment against a
 * hop, bad lines) and properties on random networks checked against a brute force. */
#include "config.h"

#include <inttypes.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "metromania/tk-metromania-board.h"
#include "metromania/tk-metromania-routes.h"
#include "metromania/tk-metromania-rules.h"
#include "tk-test-rules.h"

#define rules() (tk_metromania_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (rules (), setup)
#define state_json(state) tk_test_rules_state_json (rules (), state)
#define apply_ok(state, action) tk_test_rules_apply_ok (rules (), state, action)
#define apply_refused_because(state, action, because) \
  tk_test_rules_apply_refused (rules (), state, action, -1, because)

/* ---- routes: hand-computed networks ---- */

static TkMetroTrip *
trip_between (TkMetroNet *net,
              guint       from,
              guint       to,
              TkMetroUnit unit)
{
  return tk_metro_trip_compute (net, &from, 1, &to, 1, unit, 3, 16);
}

static void
test_change_costs_three (void)
{
  /* Line 0: S0 -3- S1; line 1: S1 -2- S2.  S0 → S2 per segment: 3 + change 3 + 2 = 8;
   * per hop: 1 + 3 + 1 = 5. */
  g_autoptr(TkMetroNet) net = tk_metro_net_new (3);
  guint a[] = { 0, 1 }, sa[] = { 3 };
  guint b[] = { 1, 2 }, sb[] = { 2 };
  g_autoptr(TkMetroTrip) seg = NULL;
  g_autoptr(TkMetroTrip) hop = NULL;
  TkMetroRoute *route;

  g_assert_cmpint (tk_metro_net_add_line (net, a, sa, 2), ==, 0);
  g_assert_cmpint (tk_metro_net_add_line (net, b, sb, 2), ==, 1);
  seg = trip_between (net, 0, 2, TK_METRO_PER_SEGMENT);
  hop = trip_between (net, 0, 2, TK_METRO_PER_HOP);
  g_assert_cmpint (seg->time, ==, 8);
  g_assert_cmpint (hop->time, ==, 5);
  g_assert_true (seg->lines_used[0] && seg->lines_used[1]);
  g_assert_cmpuint (seg->n_routes, ==, 1);
  route = seg->routes->pdata[0];
  g_assert_cmpuint (route->legs->len, ==, 2);
  g_assert_cmpuint (g_array_index (route->legs, TkMetroLeg, 0).time, ==, 3);
  g_assert_cmpuint (g_array_index (route->legs, TkMetroLeg, 1).from_station, ==, 1);
  g_assert_cmpuint (g_array_index (route->legs, TkMetroLeg, 1).time, ==, 2);
}

static void
test_parallel_without_station (void)
{
  /* Line 0: S0 -2- S1 -2- S2; line 1 runs beside it from S3 to S4 (4 tunnels) with no station
   * in common: S0 → S4 is impossible.  With a station S1 on line 1 after 2 tunnels:
   * line 0 S0→S1 (2) + change (3) + line 1 S1→S4 (2) = 7. */
  g_autoptr(TkMetroNet) apart = tk_metro_net_new (5);
  g_autoptr(TkMetroNet) joined = tk_metro_net_new (5);
  guint l0[] = { 0, 1, 2 }, s0[] = { 2, 2 };
  guint l1[] = { 3, 4 }, s1[] = { 4 };
  guint l1b[] = { 3, 1, 4 }, s1b[] = { 2, 2 };
  g_autoptr(TkMetroTrip) no = NULL;
  g_autoptr(TkMetroTrip) yes = NULL;

  tk_metro_net_add_line (apart, l0, s0, 3);
  tk_metro_net_add_line (apart, l1, s1, 2);
  tk_metro_net_add_line (joined, l0, s0, 3);
  tk_metro_net_add_line (joined, l1b, s1b, 3);
  no = trip_between (apart, 0, 4, TK_METRO_PER_SEGMENT);
  yes = trip_between (joined, 0, 4, TK_METRO_PER_SEGMENT);
  g_assert_cmpint (no->time, ==, -1);
  g_assert_cmpuint (no->routes->len, ==, 0);
  g_assert_false (no->lines_used[0] || no->lines_used[1]);
  g_assert_cmpint (yes->time, ==, 7);
}

static void
test_tie_two_routes (void)
{
  /* Line 0: S0 -9- S1 (9).  Line 1: S0 -3- S2, line 2: S2 -3- S1: 3 + 3 + 3 = 9.  Both are
   * fastest: all three lines are used and there are two routes. */
  g_autoptr(TkMetroNet) net = tk_metro_net_new (3);
  guint l0[] = { 0, 1 }, s0[] = { 9 };
  guint l1[] = { 0, 2 }, s1[] = { 3 };
  guint l2[] = { 2, 1 }, s2[] = { 3 };
  g_autoptr(TkMetroTrip) trip = NULL;

  tk_metro_net_add_line (net, l0, s0, 2);
  tk_metro_net_add_line (net, l1, s1, 2);
  tk_metro_net_add_line (net, l2, s2, 2);
  trip = trip_between (net, 0, 1, TK_METRO_PER_SEGMENT);
  g_assert_cmpint (trip->time, ==, 9);
  g_assert_cmpuint (trip->n_routes, ==, 2);
  g_assert_cmpuint (trip->routes->len, ==, 2);
  g_assert_true (trip->lines_used[0] && trip->lines_used[1] && trip->lines_used[2]);
}

static void
test_segment_versus_hop (void)
{
  /* Line 0: S0 -1- S1 -1- S2 -1- S3; line 1: S0 -6- S3.  Per segment: line 0, 3 minutes
   * (line 1 takes 6).  Per hop: line 1, 1 minute (line 0 takes 3 hops). */
  g_autoptr(TkMetroNet) net = tk_metro_net_new (4);
  guint l0[] = { 0, 1, 2, 3 }, s0[] = { 1, 1, 1 };
  guint l1[] = { 0, 3 }, s1[] = { 6 };
  g_autoptr(TkMetroTrip) seg = NULL;
  g_autoptr(TkMetroTrip) hop = NULL;

  tk_metro_net_add_line (net, l0, s0, 4);
  tk_metro_net_add_line (net, l1, s1, 2);
  seg = trip_between (net, 0, 3, TK_METRO_PER_SEGMENT);
  hop = trip_between (net, 0, 3, TK_METRO_PER_HOP);
  g_assert_cmpint (seg->time, ==, 3);
  g_assert_true (seg->lines_used[0] && !seg->lines_used[1]);
  g_assert_cmpint (hop->time, ==, 1);
  g_assert_true (!hop->lines_used[0] && hop->lines_used[1]);
}

static void
test_bad_lines (void)
{
  g_autoptr(TkMetroNet) net = tk_metro_net_new (3);
  guint loop[] = { 0, 1, 0 }, s[] = { 1, 1 };
  guint zero[] = { 0, 1 }, z[] = { 0 };
  guint out[] = { 0, 7 };

  g_assert_cmpint (tk_metro_net_add_line (net, loop, s, 3), ==, -1);
  g_assert_cmpint (tk_metro_net_add_line (net, zero, z, 2), ==, -1);
  g_assert_cmpint (tk_metro_net_add_line (net, out, s, 2), ==, -1);
  g_assert_cmpuint (tk_metro_net_n_lines (net), ==, 0);
}

/* ---- routes: properties on random networks ---- */

typedef struct
{
  guint  n_stations;
  guint  n_lines;
  guint  len[6];
  guint  stops[6][8];
  guint  segs[6][8];
} RandomNet;

static void
random_net (GRand     *rand,
            RandomNet *r)
{
  r->n_stations = g_rand_int_range (rand, 4, 9);
  r->n_lines = g_rand_int_range (rand, 1, 6);
  for (guint l = 0; l < r->n_lines; l++)
    {
      guint perm[8];

      for (guint i = 0; i < r->n_stations; i++)
        perm[i] = i;
      for (guint i = r->n_stations - 1; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1), t = perm[i];
          perm[i] = perm[j];
          perm[j] = t;
        }
      r->len[l] = g_rand_int_range (rand, 2, MIN (r->n_stations, 6) + 1);
      for (guint i = 0; i < r->len[l]; i++)
        {
          r->stops[l][i] = perm[i];
          r->segs[l][i] = g_rand_int_range (rand, 1, 5);
        }
    }
}

static TkMetroNet *
net_of (RandomNet *r)
{
  TkMetroNet *net = tk_metro_net_new (r->n_stations);

  for (guint l = 0; l < r->n_lines; l++)
    g_assert_cmpint (tk_metro_net_add_line (net, r->stops[l], r->segs[l], r->len[l]), ==, l);
  return net;
}

/* Brute force: every simple path over (line, stop) states from a state at @from until the
 * first arrival at @to; cost as in the rules.  Tracks the best time, the number of paths
 * with it and the lines ridden on them. */
typedef struct
{
  RandomNet  *r;
  guint       to;
  TkMetroUnit unit;
  gboolean    visited[6][8];
  gint        best;
  guint       count;
  gboolean    used[6];
  gboolean    path_used[6];
  guint       ridden[6];   /* rides on line l on the current path */
} Brute;

static void
brute_visit (Brute *b,
             guint  line,
             guint  index,
             gint   cost)
{
  RandomNet *r = b->r;
  guint station = r->stops[line][index];

  if (b->best >= 0 && cost > b->best)
    return;
  if (station == b->to)
    {
      if (b->best < 0 || cost < b->best)
        {
          b->best = cost;
          b->count = 0;
          memset (b->used, 0, sizeof b->used);
        }
      b->count++;
      for (guint l = 0; l < r->n_lines; l++)
        if (b->ridden[l] > 0)
          b->used[l] = TRUE;
      return;
    }
  b->visited[line][index] = TRUE;
  for (int d = -1; d <= 1; d += 2)
    {
      gint next = (gint) index + d;

      if (next < 0 || next >= (gint) r->len[line] || b->visited[line][next])
        continue;
      b->ridden[line]++;
      brute_visit (b, line, next,
                   cost + (b->unit == TK_METRO_PER_HOP ? 1
                           : (gint) r->segs[line][MIN (index, (guint) next)]));
      b->ridden[line]--;
    }
  for (guint l = 0; l < r->n_lines; l++)
    for (guint i = 0; i < r->len[l]; i++)
      if (l != line && r->stops[l][i] == station && !b->visited[l][i])
        brute_visit (b, l, i, cost + 3);
  b->visited[line][index] = FALSE;
}

static void
brute_force (RandomNet  *r,
             guint       from,
             guint       to,
             TkMetroUnit unit,
             Brute      *b)
{
  memset (b, 0, sizeof *b);
  b->r = r;
  b->to = to;
  b->unit = unit;
  b->best = -1;
  if (from == to)
    {
      b->best = 0;
      b->count = 1;
      return;
    }
  for (guint l = 0; l < r->n_lines; l++)
    for (guint i = 0; i < r->len[l]; i++)
      if (r->stops[l][i] == from)
        brute_visit (b, l, i, 0);
}

static void
test_random_properties (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20061);
  guint compared = 0, reachable = 0;

  for (guint round = 0; round < 400; round++)
    {
      RandomNet r;
      g_autoptr(TkMetroNet) net = NULL;

      random_net (rand, &r);
      net = net_of (&r);
      for (guint x = 0; x < r.n_stations; x++)
        for (guint y = 0; y < r.n_stations; y++)
          for (TkMetroUnit unit = TK_METRO_PER_SEGMENT; unit <= TK_METRO_PER_HOP; unit++)
            {
              g_autoptr(TkMetroTrip) xy = trip_between (net, x, y, unit);
              g_autoptr(TkMetroTrip) yx = trip_between (net, y, x, unit);
              Brute b;

              /* Symmetry: the same time and the same lines both ways. */
              g_assert_cmpint (xy->time, ==, yx->time);
              for (guint l = 0; l < r.n_lines; l++)
                g_assert_cmpint (xy->lines_used[l], ==, yx->lines_used[l]);

              /* Brute force over simple paths: time, number of routes, lines used. */
              brute_force (&r, x, y, unit, &b);
              g_assert_cmpint (xy->time, ==, b.best);
              if (b.best > 0)
                {
                  g_assert_cmpuint (xy->n_routes, ==, b.count);
                  g_assert_cmpuint (xy->routes->len, ==, MIN (b.count, 16));
                  for (guint l = 0; l < r.n_lines; l++)
                    g_assert_cmpint (xy->lines_used[l], ==, b.used[l]);
                  reachable++;
                }
              compared++;
            }
    }
  /* The property checks must have met real routes. */
  g_assert_cmpuint (reachable, >, 1000);
  g_assert_cmpuint (compared, >, 5000);
}

/* Adding a station (splitting a segment of one line, and of a second line crossing there)
 * never makes a per-segment trip slower. */
static void
test_random_added_station (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1789);
  guint faster = 0;

  for (guint round = 0; round < 400; round++)
    {
      RandomNet r, s;
      g_autoptr(TkMetroNet) before = NULL;
      g_autoptr(TkMetroNet) after = NULL;
      guint new_station;

      random_net (rand, &r);
      if (r.n_stations >= 8)
        continue;
      s = r;
      new_station = s.n_stations++;
      for (guint k = 0; k < 2 && k < s.n_lines; k++)
        {
          guint l = g_rand_int_range (rand, 0, s.n_lines), i;

          for (i = 0; i + 1 < s.len[l] && s.segs[l][i] < 2; i++)
            ;
          if (i + 1 >= s.len[l] || s.len[l] >= 8)
            continue;
          {
            gboolean there = FALSE;
            for (guint j = 0; j < s.len[l]; j++)
              there |= s.stops[l][j] == new_station;
            if (there)
              continue;
          }
          /* Split segment i (length ≥ 2) into a + b with the new station between. */
          {
            guint a = g_rand_int_range (rand, 1, s.segs[l][i]);
            guint b = s.segs[l][i] - a;

            memmove (&s.stops[l][i + 2], &s.stops[l][i + 1],
                     (s.len[l] - i - 1) * sizeof (guint));
            memmove (&s.segs[l][i + 2], &s.segs[l][i + 1], (s.len[l] - i - 1) * sizeof (guint));
            s.stops[l][i + 1] = new_station;
            s.segs[l][i] = a;
            s.segs[l][i + 1] = b;
            s.len[l]++;
          }
        }
      before = net_of (&r);
      after = net_of (&s);
      for (guint x = 0; x < r.n_stations; x++)
        for (guint y = 0; y < r.n_stations; y++)
          {
            g_autoptr(TkMetroTrip) t0 = trip_between (before, x, y, TK_METRO_PER_SEGMENT);
            g_autoptr(TkMetroTrip) t1 = trip_between (after, x, y, TK_METRO_PER_SEGMENT);

            if (t0->time >= 0)
              {
                g_assert_cmpint (t1->time, >=, 0);
                g_assert_cmpint (t1->time, <=, t0->time);
                faster += t1->time < t0->time;
              }
          }
    }
  /* A crossing station must sometimes open a shorter way, or the test proves nothing. */
  g_assert_cmpuint (faster, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

  g_test_add_func ("/metromania/routes/change-costs-three", test_change_costs_three);
  g_test_add_func ("/metromania/routes/parallel-without-station", test_parallel_without_station);
  g_test_add_func ("/metromania/routes/tie-two-routes", test_tie_two_routes);
  g_test_add_func ("/metromania/routes/segment-versus-hop", test_segment_versus_hop);
  g_test_add_func ("/metromania/routes/bad-lines", test_bad_lines);
  g_test_add_func ("/metromania/routes/random-properties", test_random_properties);
  g_test_add_func ("/metromania/routes/random-added-station", test_random_added_station);
  return g_test_run ();
}
