/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania.c — Metromania: route timing (hand-computed networks, properties against a
 * brute force), scoring (penalties, BGA variant, ties), the turn rules and a whole session. */
#include "config.h"

#include <inttypes.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "metromania/tk-metromania-board.h"
#include "metromania/tk-metromania-routes.h"
#include "metromania/tk-metromania-rules.h"
#include "tk-test-rules.h"

static const TkRules *
rules (void)
{
  return tk_metromania_rules_get ();
}

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

/* ---- scoring from network files ---- */

static JsonObject *
network_score (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) file = parse (json);
  JsonObject *score = tk_metromania_network_score (file, &error);

  g_assert_no_error (error);
  g_assert_nonnull (score);
  return score;
}

static JsonObject *
player (JsonObject *score,
        guint       seat)
{
  return json_array_get_object_element (json_object_get_array_member (score, "players"), seat);
}

static gint64
category (JsonObject *score,
          guint       seat,
          const char *label)
{
  JsonArray *breakdown = json_object_get_array_member (player (score, seat), "breakdown");

  for (guint i = 0; i < json_array_get_length (breakdown); i++)
    {
      JsonObject *entry = json_array_get_object_element (breakdown, i);
      if (g_str_equal (json_object_get_string_member (entry, "label"), label))
        return json_object_get_int_member (entry, "points");
    }
  g_assert_not_reached ();
  return 0;
}

static gint64
total (JsonObject *score,
       guint       seat)
{
  return json_object_get_int_member (player (score, seat), "total");
}

static void
check_sum (JsonObject *score)
{
  JsonArray *players = json_object_get_array_member (score, "players");

  for (guint s = 0; s < json_array_get_length (players); s++)
    {
      JsonArray *breakdown = json_object_get_array_member (player (score, s), "breakdown");
      gint64 sum = 0;

      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        sum += json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                           "points");
      g_assert_cmpint (sum, ==, total (score, s));
    }
}

/* Three players.  Deal: A Ana+Ben, B Ana+Cleo, C Ben+Cleo, D Ben+Cleo, E Ana+Cleo,
 * F Ben+Cleo. */
#define PENALTY_NET(bga) \
  "{\"format\":\"tablekeeper-metromania-network\",\"version\":1," \
  "\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},{\"name\":\"Cleo\"}]," \
  "\"rules\":{\"bga_variant\":" bga "}," \
  "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"},{\"id\":\"S8\"},{\"id\":\"S9\"}]," \
  "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S1\",2,\"S2\"],\"tunnels\":10}," \
  "{\"seat\":0,\"style\":\"striped\",\"state\":\"finished\",\"stops\":[],\"tunnels\":9}," \
  "{\"seat\":1,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S9\",2,\"S8\"],\"tunnels\":8}]," \
  "\"destinations\":[" \
  "{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"A\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S9\"]}," \
  "{\"letter\":\"B\",\"kind\":\"work\",\"owner\":0,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"B\",\"kind\":\"leisure\",\"owner\":2,\"placed\":false}," \
  "{\"letter\":\"C\",\"kind\":\"leisure\",\"owner\":1,\"stations\":[]}," \
  "{\"letter\":\"C\",\"kind\":\"home\",\"owner\":2,\"stations\":[\"S2\"]}," \
  "{\"letter\":\"D\",\"kind\":\"home\",\"owner\":1,\"placed\":false}," \
  "{\"letter\":\"D\",\"kind\":\"work\",\"owner\":2,\"stations\":[]}," \
  "{\"letter\":\"E\",\"kind\":\"work\",\"owner\":0,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"E\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"F\",\"kind\":\"leisure\",\"owner\":1,\"stations\":[\"S1\"]}," \
  "{\"letter\":\"F\",\"kind\":\"home\",\"owner\":2,\"stations\":[\"S1\"]}]}"

static void
test_penalties (void)
{
  g_autoptr(JsonObject) score = network_score (PENALTY_NET ("false"));
  JsonObject *trip_a = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "trips"), 0);

  /* A: both placed, both beside a station, S1 and S9 not connected: Ana −6, Ben −6.
   * B: Cleo still holds hers: Cleo −6 (Ana’s marker has a station: no penalty for her).
   * C: Ben’s marker has no station: both placers, Ben −6, Cleo −6.
   * D: Ben holds his (−6), Cleo’s placed marker has no station (−6).
   * E, F: both ends beside S1: time 0, nobody rides, nobody scores. */
  g_assert_cmpstr (json_object_get_string_member (trip_a, "failure"), ==, "not_connected");
  g_assert_cmpint (category (score, 0, "Trip A"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip A"), ==, -6);
  g_assert_cmpint (category (score, 2, "Trip A"), ==, 0);
  g_assert_cmpint (category (score, 0, "Trip B"), ==, 0);
  g_assert_cmpint (category (score, 2, "Trip B"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip C"), ==, -6);
  g_assert_cmpint (category (score, 2, "Trip C"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip D"), ==, -6);
  g_assert_cmpint (category (score, 2, "Trip D"), ==, -6);
  g_assert_cmpint (category (score, 0, "Trip E"), ==, 0);
  g_assert_cmpint (category (score, 2, "Trip F"), ==, 0);
  /* Totals: Ana −6; Ben −6 −6 −6 = −18; Cleo −6 −6 −6 = −18. */
  g_assert_cmpint (total (score, 0), ==, -6);
  g_assert_cmpint (total (score, 1), ==, -18);
  g_assert_cmpint (total (score, 2), ==, -18);
  /* Ben and Cleo tie: Ben finished a line, Cleo none. */
  g_assert_cmpint (json_object_get_int_member (player (score, 0), "rank"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (player (score, 1), "rank"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (player (score, 2), "rank"), ==, 3);
  check_sum (score);
}

static void
test_penalties_bga (void)
{
  g_autoptr(JsonObject) score = network_score (PENALTY_NET ("true"));

  /* Others +6 instead: A → Cleo +6; B → Ana, Ben +6; C → Ana +6; D → Ana +6.
   * Ana 18, Ben 6, Cleo 6; Ben and Cleo tie on points, Ben has a finished line. */
  g_assert_cmpint (total (score, 0), ==, 18);
  g_assert_cmpint (total (score, 1), ==, 6);
  g_assert_cmpint (total (score, 2), ==, 6);
  g_assert_cmpint (category (score, 2, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 0, "Trip A"), ==, 0);
  g_assert_cmpint (category (score, 1, "Trip B"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (player (score, 1), "rank"), ==, 2);
  check_sum (score);
}

/* Tie of two fastest routes scores both sets of lines; 6 for placers, 3 for riders, once per
 * letter; lake–park 5; halving of station points. */
static const char *tie_net =
  "{\"format\":\"tablekeeper-metromania-network\",\"version\":1,"
  "\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},{\"name\":\"Cleo\"},{\"name\":\"Dan\"}],"
  "\"stations\":[{\"id\":\"S0\",\"built_by\":0,\"points\":3},{\"id\":\"S1\",\"built_by\":1,"
  "\"points\":3},{\"id\":\"S2\",\"built_by\":2,\"points\":5},{\"id\":\"S3\",\"built_by\":3,\"points\":2}],"
  "\"lines\":["
  "{\"seat\":0,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S0\",9,\"S1\"],\"tunnels\":12},"
  "{\"seat\":0,\"style\":\"striped\",\"state\":\"finished\",\"stops\":[\"S0\",3,\"S3\"],\"tunnels\":6},"
  "{\"seat\":1,\"style\":\"plain\",\"state\":\"finished\",\"stops\":[\"S0\",3,\"S2\"],\"tunnels\":5},"
  "{\"seat\":2,\"style\":\"plain\",\"state\":\"dead_end\",\"stops\":[\"S2\",3,\"S1\"],\"tunnels\":7}],"
  "\"destinations\":["
  "{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0,\"stations\":[\"S0\"]},"
  "{\"letter\":\"A\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S1\"]},"
  "{\"letter\":\"B\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S0\"]},"
  "{\"letter\":\"B\",\"kind\":\"leisure\",\"owner\":3,\"stations\":[\"S0\"]},"
  "{\"letter\":\"C\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S0\"]},"
  "{\"letter\":\"C\",\"kind\":\"home\",\"owner\":3,\"stations\":[\"S0\"]},"
  "{\"letter\":\"D\",\"kind\":\"home\",\"owner\":0,\"stations\":[\"S0\"]},"
  "{\"letter\":\"D\",\"kind\":\"work\",\"owner\":3,\"stations\":[\"S0\"]},"
  "{\"letter\":\"E\",\"kind\":\"work\",\"owner\":1,\"stations\":[\"S0\"]},"
  "{\"letter\":\"E\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S0\"]},"
  "{\"letter\":\"F\",\"kind\":\"leisure\",\"owner\":2,\"stations\":[\"S0\"]},"
  "{\"letter\":\"F\",\"kind\":\"home\",\"owner\":3,\"stations\":[\"S0\"]}],"
  "\"lake\":[\"S3\"],\"park\":[\"S1\"]}";

static void
test_tie_scores_both (void)
{
  g_autoptr(JsonObject) score = network_score (tie_net);
  JsonObject *trip_a = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "trips"), 0);
  JsonObject *lake = json_array_get_object_element (json_object_get_array_member (score,
                                                                                    "trips"), 6);

  /* A: S0 → S1 by Ana plain (9) or Ben plain S0→S2 (3) + change (3) + Cleo S2→S1 (3) = 9.
   * Ana placed A: 6; Ben placed A: 6; Cleo rode: 3; Dan nothing. */
  g_assert_cmpint (json_object_get_int_member (trip_a, "time"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (trip_a, "n_routes"), ==, 2);
  g_assert_cmpint (category (score, 0, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 1, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 2, "Trip A"), ==, 3);
  g_assert_cmpint (category (score, 3, "Trip A"), ==, 0);
  /* Lake (S3) – park (S1): Ana striped S3→S0 (3), then Ana plain S0→S1 (9): 3 + 3 + 9 = 15;
   * or Ben S0→S2 (3) + 3 + Cleo S2→S1 (3): 3 + 3 + 3 + 3 + 3 = 15.  Both: Ana, Ben, Cleo +5
   * (Ana once although two of her lines ride). */
  g_assert_cmpint (json_object_get_int_member (lake, "time"), ==, 15);
  g_assert_cmpint (category (score, 0, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 1, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 2, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 3, "Lake–park"), ==, 0);
  /* Stations: Ana 3 (two finished lines: kept); Ben 3 with one finished line (the other never
   * started): 3/2 = 1, −2; Cleo 5, dead end only: 0, −5; Dan 2, no lines: −2. */
  g_assert_cmpint (category (score, 0, "Unfinished lines"), ==, 0);
  g_assert_cmpint (category (score, 1, "Unfinished lines"), ==, -2);
  g_assert_cmpint (category (score, 2, "Unfinished lines"), ==, -5);
  g_assert_cmpint (category (score, 3, "Unfinished lines"), ==, -2);
  /* B–F: both ends beside S0: time 0, nothing.  Totals: Ana 3+6+5 = 14; Ben 1+6+5 = 12;
   * Cleo 0+3+5 = 8; Dan 0. */
  g_assert_cmpint (total (score, 0), ==, 14);
  g_assert_cmpint (total (score, 1), ==, 12);
  g_assert_cmpint (total (score, 2), ==, 8);
  g_assert_cmpint (total (score, 3), ==, 0);
  check_sum (score);
}

/* The same network as a file for the command line: the same trips and totals. */
static void
test_network_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-network.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *trips;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = parse (text);
  score = tk_metromania_network_score (file, &error);
  g_assert_no_error (error);
  trips = json_object_get_array_member (score, "trips");
  /* As in test_tie_scores_both: A 9 minutes by two routes, lake–park 15; 14, 12, 8, 0. */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (trips, 0), "time"),
                   ==, 9);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (trips, 6), "time"),
                   ==, 15);
  g_assert_cmpint (total (score, 0), ==, 14);
  g_assert_cmpint (total (score, 1), ==, 12);
  g_assert_cmpint (total (score, 2), ==, 8);
  g_assert_cmpint (total (score, 3), ==, 0);
}

static void
test_network_refused (void)
{
  const char *bad[] = {
    "{\"format\":\"something\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}]}",
    /* a line meeting itself */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"}],"
    "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",2,\"S2\",2,\"S1\"]}]}",
    /* a zero-length segment */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"}],"
    "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",0,\"S2\"]}]}",
    /* more than 18 tunnels */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"},{\"id\":\"S2\"}],"
    "\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",18,\"S2\"]}]}",
    /* an unknown station */
    "{\"format\":\"tablekeeper-metromania-network\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],"
    "\"stations\":[{\"id\":\"S1\"}],\"lines\":[{\"seat\":0,\"style\":\"plain\",\"stops\":[\"S1\",2,\"S7\"]}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) file = parse (bad[i]);
      g_autoptr(JsonObject) score = tk_metromania_network_score (file, &error);

      g_assert_null (score);
      g_assert_nonnull (error);
      g_assert_true (error->domain == TK_RULES_ERROR);
    }
}

/* ---- the engine: turns and refusals ---- */

#define DEAL_2P \
  "[{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0},{\"letter\":\"A\",\"kind\":\"work\",\"owner\":1}," \
  "{\"letter\":\"B\",\"kind\":\"work\",\"owner\":0},{\"letter\":\"B\",\"kind\":\"leisure\",\"owner\":1}," \
  "{\"letter\":\"C\",\"kind\":\"leisure\",\"owner\":0},{\"letter\":\"C\",\"kind\":\"home\",\"owner\":1}," \
  "{\"letter\":\"D\",\"kind\":\"home\",\"owner\":0},{\"letter\":\"D\",\"kind\":\"work\",\"owner\":1}," \
  "{\"letter\":\"E\",\"kind\":\"work\",\"owner\":0},{\"letter\":\"E\",\"kind\":\"leisure\",\"owner\":1}," \
  "{\"letter\":\"F\",\"kind\":\"leisure\",\"owner\":0},{\"letter\":\"F\",\"kind\":\"home\",\"owner\":1}]"

static void
test_setup_refused (void)
{
  const char *bad[] = {
    "{\"players\":[{\"name\":\"A\"}]}",
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"rules\":{\"time_unit\":\"tile\"}}",
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"rules\":{\"change_cost\":0}}",
    /* both markers A with Ana */
    "{\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}],\"destinations\":"
    "[{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0},{\"letter\":\"A\",\"kind\":\"work\",\"owner\":0}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) setup = parse (bad[i]);
      gpointer state = rules ()->state_new (setup, &error);

      g_assert_null (state);
      g_assert_nonnull (error);
    }
}

static void
test_turn_rules (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"rules\":{\"stations\":4},\"destinations\":" DEAL_2P "}");

  /* Not Ben's turn; fewer than 3 tunnels; more than 3; both lines in the first round. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3}]}",
                         "turn, not");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":2}]}",
                         "fewer only when");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3},"
                        "{\"line\":\"plain\",\"count\":1}]}",
                         "at most 3 tunnels");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":2},"
                        "{\"line\":\"striped\",\"count\":1}]}",
                         "first round");
  /* Two destinations in one turn; a marker not held (Ana's A placed twice). */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":1,"
                        "\"destination\":\"A\"},{\"line\":\"plain\",\"count\":2,\"destination\":\"B\"}]}",
                         "at most one destination");
  /* A dead end (blocked) allows fewer: no, the striped line can still start. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":1,"
                        "\"end\":\"dead_end\"}]}",
                         "fewer only when");
  /* Pass while able to dig. */
  apply_refused_because (state, "{\"type\":\"pass\",\"seat\":0}",
                         "cannot pass");
  /* A bonus station without finishing. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                        "\"bonus\":{\"station\":\"X\",\"at\":1}}]}",
                         "bonus station comes only");

  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":1,"
                   "\"start_side\":0,\"stop\":{\"station\":\"S1\",\"points\":1}},{\"line\":\"plain\","
                   "\"count\":2,\"destination\":\"A\",\"destination_near\":[\"S1\"]}]}");
  /* Ben: a station built instead of digging needs a line with a station after it. */
  apply_refused_because (state, "{\"type\":\"station\",\"seat\":1,\"line\":\"plain\",\"at\":1,"
                        "\"station\":\"S9\"}",
                         "has been started");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                   "\"start_side\":3,\"stop\":{\"station\":\"S2\"}}]}");
  /* Ana: the same station twice on a line (meeting itself); a station name that exists for
   * a new intermediate station; the second line from a side next to the first's start. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                        "\"stop\":{\"station\":\"S1\"}}]}",
                         "meet itself");
  apply_refused_because (state, "{\"type\":\"station\",\"seat\":0,\"line\":\"plain\",\"at\":1,"
                        "\"station\":\"S2\"}",
                         "between two stations");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3,"
                        "\"start_side\":1}]}",
                         "three sides away");
  /* … allowed when the far sides are all taken. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3,"
                   "\"start_side\":1,\"far_sides_taken\":true}]}");
  /* Ben builds a station between his start and S2 instead of digging (1 point). */
  apply_ok (state, "{\"type\":\"station\",\"seat\":1,\"line\":\"plain\",\"at\":2,"
                   "\"station\":\"S3\",\"points\":1}");
  /* Ana: station supply 4, three built: a crossing station S4 that also lies on Ben's line
   * after his tunnel 1 is the last one. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                   "\"stop\":{\"station\":\"S4\",\"also\":[{\"seat\":1,\"line\":\"plain\",\"at\":1}]}}]}");
  /* Ben: no station left. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                        "\"stop\":{\"station\":\"S5\"}}]}",
                         "All 4 stations");
  {
    g_autoptr(JsonObject) json = rules ()->to_json (state);
    JsonArray *lines = json_object_get_array_member (json, "lines");
    JsonObject *ben = json_array_get_object_element (lines, 2);
    g_autofree char *stops = NULL;
    g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);

    /* Ben's plain line: S4 at 1, S3 at 2, S2 at 3. */
    json_node_set_array (node, json_object_get_array_member (ben, "stops"));
    stops = json_to_string (node, FALSE);
    g_assert_cmpstr (stops, ==, "[\"S4\",1,\"S3\",1,\"S2\"]");
    /* The supply ran out during Ana's turn: the end is triggered, Ben has one more turn. */
    g_assert_cmpint (json_object_get_int_member (json, "final_turns"), ==, 1);
  }
  /* Ben's striped line has not started: it cannot be declared blocked. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\","
                         "\"count\":3},{\"line\":\"striped\",\"count\":0,\"end\":\"dead_end\"}]}",
                         "has not started");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3}]}");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3}]}",
                         "building is over");
  {
    g_autoptr(JsonObject) score = rules ()->score (state);
    /* Stations: Ana S1 (1) + S4 (0) = 1, no finished line → 0; Ben S2 (0) + S3 (1) = 1 → 0. */
    g_assert_true (json_object_get_boolean_member (score, "over"));
    g_assert_cmpint (category (score, 0, "Stations"), ==, 1);
    g_assert_cmpint (category (score, 0, "Unfinished lines"), ==, -1);
    g_assert_cmpint (category (score, 1, "Stations"), ==, 1);
    check_sum (score);
  }
  rules ()->state_free (state);
}

/* A blocked line is declared a dead end, with no tunnel if none fits; fewer than 3 tunnels
 * only when no line can go on. */
static void
test_dead_end (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P "}");
  g_autoptr(JsonObject) json = NULL;
  JsonArray *lines;

  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"striped\",\"count\":3}]}");
  /* Ana: plain blocked without a tunnel, 3 on the striped line. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":0,"
                   "\"end\":\"dead_end\"},{\"line\":\"striped\",\"count\":3}]}");
  /* Ben: plain blocked, 1 tunnel and then blocked on the striped line: 1 in all is fine. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":0,"
                   "\"end\":\"dead_end\"},{\"line\":\"striped\",\"count\":1,\"end\":\"dead_end\"}]}");
  /* Ana's striped line runs: 2 tunnels are too few; a blocked line takes no more. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\","
                         "\"count\":2}]}", "fewer only when");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\","
                         "\"count\":3}]}", "dead end");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"striped\",\"count\":3}]}");
  /* Ben cannot dig: he passes. */
  apply_ok (state, "{\"type\":\"pass\",\"seat\":1}");
  json = rules ()->to_json (state);
  lines = json_object_get_array_member (json, "lines");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 0), "state"),
                   ==, "dead_end");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 1), "state"),
                   ==, "running");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (lines, 1), "tunnels"),
                   ==, 9);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (lines, 3), "state"),
                   ==, "dead_end");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (lines, 3), "tunnels"),
                   ==, 4);
  /* Three lines done of the 5 that end the building: not triggered. */
  g_assert_cmpint (json_object_get_int_member (json, "final_turns"), ==, -1);
  rules ()->state_free (state);
}

/* ---- the whole sample session ---- */

static void
test_session_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonObject *trip_a, *lake;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  trip_a = json_array_get_object_element (json_object_get_array_member (score, "trips"), 0);
  lake = json_array_get_object_element (json_object_get_array_member (score, "trips"), 6);

  /* Network: Ana plain S1@1, S3@4 (bonus), S2@6: S1 -3- S3 -2- S2, finished.
   * Ben plain S2@3, S4@5: S2 -2- S4, finished.  Ana striped S5@3, S2@6: S5 -3- S2, finished.
   * Ben striped: 5 tunnels, no stops, running.
   * Trip A (Ana's marker by S1, Ben's by S4): 3 + 2 + change 3 + 2 = 10; both placed: 6 each. */
  g_assert_cmpint (json_object_get_int_member (trip_a, "time"), ==, 10);
  g_assert_cmpint (category (score, 0, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 1, "Trip A"), ==, 6);
  /* Lake (S4) – park (S5): Ben S4→S2 (2) + 3 + Ana striped S2→S5 (3) = 8: both +5. */
  g_assert_cmpint (json_object_get_int_member (lake, "time"), ==, 8);
  g_assert_cmpint (category (score, 0, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 1, "Lake–park"), ==, 5);
  /* B–F never placed: each holder −6 per letter, 5 letters: −30 each. */
  g_assert_cmpint (category (score, 0, "Trip B"), ==, -6);
  g_assert_cmpint (category (score, 1, "Trip F"), ==, -6);
  /* Stations: Ana S1 1 + S3 2 + S5 0 = 3, two lines finished: 3.
   * Ben S2 0 + S4 1 = 1, one line finished: 1/2 = 0 (−1). */
  g_assert_cmpint (category (score, 0, "Stations"), ==, 3);
  g_assert_cmpint (category (score, 1, "Stations"), ==, 1);
  g_assert_cmpint (category (score, 1, "Unfinished lines"), ==, -1);
  /* Ana 3 + 6 − 30 + 5 = −16; Ben 1 − 1 + 6 − 30 + 5 = −19. */
  g_assert_cmpint (total (score, 0), ==, -16);
  g_assert_cmpint (total (score, 1), ==, -19);
  g_assert_cmpint (json_object_get_int_member (player (score, 0), "rank"), ==, 1);
  g_assert_true (json_object_get_boolean_member (score, "over"));
  g_assert_cmpint (json_object_get_int_member (player (score, 0), "tunnels"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (player (score, 1), "tunnels"), ==, 12);
  check_sum (score);
}

/* The session's network, rewritten as a network file, scores the same; per hop trip A is
 * 1 + 1 + 3 + 1 = 6. */
static void
test_session_to_network (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) direct = NULL;
  g_autoptr(JsonObject) network = NULL;
  g_autoptr(JsonObject) again = NULL;
  g_autoptr(JsonObject) hop = NULL;
  JsonArray *actions;
  gpointer state;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = parse (text);
  state = rules ()->state_new (json_object_get_object_member (file, "setup"), &error);
  g_assert_no_error (error);
  actions = json_object_get_array_member (file, "actions");
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *row = json_array_get_object_element (actions, i);
      JsonObject *action = json_object_get_object_member (row, "action");
      gpointer copy = rules ()->state_copy (state);
      g_autofree char *before = state_json (state);
      g_autofree char *copied = state_json (copy);
      g_autofree char *description = rules ()->describe_action (state, action);

      g_assert_cmpstr (before, ==, copied);
      g_assert_nonnull (description);
      g_assert_true (rules ()->apply (state, action, &error));
      g_assert_no_error (error);
      /* Undo by restoring the copy gives the state before. */
      {
        g_autofree char *restored = state_json (copy);
        g_assert_cmpstr (restored, ==, before);
      }
      rules ()->state_free (copy);
    }
  direct = rules ()->score (state);
  network = rules ()->to_json (state);
  again = tk_metromania_network_score (network, &error);
  g_assert_no_error (error);
  for (guint s = 0; s < 2; s++)
    g_assert_cmpint (total (direct, s), ==, total (again, s));

  json_object_set_string_member (json_object_get_object_member (network, "rules"),
                                 "time_unit", "hop");
  hop = tk_metromania_network_score (network, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
                     json_object_get_array_member (hop, "trips"), 0), "time"), ==, 6);
  rules ()->state_free (state);
}

/* Random legal play: undo = copy restore, sums, stations never over the supply. */
static void
test_random_play (void)
{
  for (guint seed = 1; seed <= 60; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                                  "\"destinations\":" DEAL_2P "}");
      guint station_no = 0, moves = 0;

      for (guint turn = 0; turn < 200; turn++)
        {
          g_autoptr(JsonObject) json = rules ()->to_json (state);
          guint seat = json_object_get_int_member (json, "turn");
          g_autofree char *action = NULL;
          g_autoptr(JsonObject) parsed = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *before = state_json (state);
          gpointer copy = rules ()->state_copy (state);
          const char *line = g_rand_boolean (rand) ? "plain" : "striped";
          guint count = g_rand_int_range (rand, 1, 4);

          if (json_object_get_boolean_member (json, "over"))
            {
              rules ()->state_free (copy);
              break;
            }
          switch (g_rand_int_range (rand, 0, 5))
            {
            case 0:
              action = g_strdup_printf ("{\"type\":\"dig\",\"seat\":%u,\"steps\":[{\"line\":\"%s\","
                                        "\"count\":3,\"stop\":{\"station\":\"R%u\",\"points\":%d}}]}",
                                        seat, line, station_no++, g_rand_int_range (rand, 0, 3));
              break;
            case 1:
              action = g_strdup_printf ("{\"type\":\"dig\",\"seat\":%u,\"steps\":[{\"line\":\"%s\","
                                        "\"count\":%u,\"end\":\"finished\"},{\"line\":\"%s\","
                                        "\"count\":%u}]}", seat, line, count,
                                        g_str_equal (line, "plain") ? "striped" : "plain", 3 - count);
              break;
            case 2:
              action = g_strdup_printf ("{\"type\":\"station\",\"seat\":%u,\"line\":\"%s\",\"at\":%d,"
                                        "\"station\":\"R%u\"}", seat, line,
                                        g_rand_int_range (rand, 1, 12), station_no++);
              break;
            case 3:
              action = g_strdup_printf ("{\"type\":\"pass\",\"seat\":%u}", seat);
              break;
            default:
              action = g_strdup_printf ("{\"type\":\"dig\",\"seat\":%u,\"steps\":[{\"line\":\"%s\","
                                        "\"count\":3}]}", seat, line);
            }
          parsed = parse (action);
          if (rules ()->apply (state, parsed, &error))
            {
              g_autofree char *restored = state_json (copy);
              g_assert_cmpstr (restored, ==, before);
              moves++;
            }
          else
            {
              g_autofree char *after = state_json (state);
              g_assert_cmpstr (after, ==, before);
            }
          rules ()->state_free (copy);
        }
      {
        g_autoptr(JsonObject) score = rules ()->score (state);
        g_autoptr(JsonObject) json = rules ()->to_json (state);
        check_sum (score);
        g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json, "stations")),
                          <=, 30);
        for (guint s = 0; s < 2; s++)
          g_assert_cmpint (json_object_get_int_member (player (score, s), "tunnels"), <=, 36);
      }
      g_assert_cmpuint (moves, >, 0);
      rules ()->state_free (state);
    }
}

/* ---- board mode: lattice and drawing rules ---- */

static void
test_board_geometry (void)
{
  guint points = 0, cells = 0, frame = 0, per_side[6] = { 0 };

  for (gint q = -8; q <= 8; q++)
    for (gint r = -8; r <= 8; r++)
      {
        TkMetroPoint p = { q, r };

        points += tk_metro_point_in_city (p);
        for (guint d = 0; d < 2; d++)
          {
            TkMetroCell c = { q, r, d };
            gint side = tk_metro_cell_frame_side (c);

            cells += tk_metro_cell_in_city (c);
            if (side >= 0)
              {
                frame++;
                per_side[side]++;
                g_assert_false (tk_metro_cell_in_city (c));
              }
          }
      }
  /* 91 points, 150 city cells (6 districts of 25), 30 frame cells, 5 per side. */
  g_assert_cmpuint (points, ==, 91);
  g_assert_cmpuint (cells, ==, 150);
  g_assert_cmpuint (frame, ==, 30);
  for (guint side = 0; side < 6; side++)
    g_assert_cmpuint (per_side[side], ==, 5);
  /* Directions in turning order; sides 0 and 5 are neighbours, 0 and 3 are not. */
  g_assert_cmpint (tk_metro_heading ((TkMetroPoint) { 0, 0 }, (TkMetroPoint) { 1, 0 }), ==, 0);
  g_assert_cmpint (tk_metro_heading ((TkMetroPoint) { 0, 0 }, (TkMetroPoint) { 0, 1 }), ==, 1);
  g_assert_cmpint (tk_metro_heading ((TkMetroPoint) { 0, 0 }, (TkMetroPoint) { 1, -1 }), ==, 5);
  g_assert_cmpint (tk_metro_heading ((TkMetroPoint) { 0, 0 }, (TkMetroPoint) { 1, 1 }), ==, -1);
  g_assert_true (tk_metro_sides_close (0, 5));
  g_assert_false (tk_metro_sides_close (0, 3));
  g_assert_cmpint (tk_metro_cell_frame_side ((TkMetroCell) { -6, 0, TRUE }), ==, 3);
  g_assert_cmpint (tk_metro_cell_frame_side ((TkMetroCell) { 0, -6, TRUE }), ==, 5);
  g_assert_cmpint (tk_metro_cell_frame_side ((TkMetroCell) { 3, 1, TRUE }), ==, 1);
  g_assert_cmpint (tk_metro_cell_frame_side ((TkMetroCell) { -3, 5, FALSE }), ==, 2);
}

/* A tunnel as JSON: cell (q, r, up/down), to (q, r). */
#define T(cq, cr, d, tq, tr) "{\"cell\":[" #cq "," #cr ",\"" d "\"],\"to\":[" #tq "," #tr "]}"

/* The stops of @seat's line @style as "S1@7 S2@8" (station@position), from to_json. */
static char *
stops_text (gpointer state,
            guint    seat,
            guint    style)
{
  g_autoptr(JsonObject) json = rules ()->to_json (state);
  JsonArray *lines = json_object_get_array_member (json, "lines");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);
      JsonArray *stops = json_object_get_array_member (line, "stops");
      gint64 pos;

      if (json_object_get_int_member (line, "seat") != seat ||
          g_strcmp0 (json_object_get_string_member (line, "style"),
                     style == 0 ? "plain" : "striped") != 0 ||
          json_array_get_length (stops) == 0)
        continue;
      pos = json_object_get_int_member (line, "first_stop_at");
      for (guint k = 0; k < json_array_get_length (stops); k += 2)
        {
          if (k > 0)
            pos += json_array_get_int_element (stops, k - 1);
          g_string_append_printf (out, "%s%s@%" G_GINT64_FORMAT, k > 0 ? " " : "",
                                  json_array_get_string_element (stops, k), pos);
        }
    }
  return g_string_free (out, FALSE);
}

/* Issue: a group that played without the app enters its finished board as it stands — any
 * player's lines in any order, whole lines at once — checked by the same drawing rules, then
 * declares it complete and has its test trips timed. */
static void
test_board_entry_afterwards (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P ",\"entry\":true,"
                              "\"rules\":{\"junction_stations\":true,\"far_ends\":true},"
                              "\"board\":{\"lake\":[],\"park\":[]}}");
  g_autoptr(JsonObject) score = NULL;
  g_autoptr(JsonObject) json = NULL;

  /* Ben's line first, six tunnels in one go, his A on its fifth cell */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (0, -6, "down", 1, -5) "," T (1, -5, "up", 1, -4) "," T (1, -4, "up", 1, -3) ","
                   T (1, -3, "up", 1, -2) "," T (1, -2, "up", 1, -1) "],"
                   "\"destination\":\"A\",\"destination_cell\":[1,-2,\"up\"],"
                   "\"stop\":{\"station\":\"V\"}}]}");
  /* the drawing rules still hold: a sharp turn with no station */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-5, 1, "down", -5, 2)
                        "]}]}", "only at a station");
  /* Ana's line: along r = 1 to (0, 1), her A on its second cell with a station W beside it */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "],"
                   "\"destination\":\"A\",\"destination_cell\":[-5,1,\"up\"],"
                   "\"stop\":{\"station\":\"W\"}},{\"line\":\"plain\",\"tunnels\":["
                   T (-4, 1, "up", -3, 1) "," T (-3, 1, "up", -2, 1) "," T (-2, 1, "up", -1, 1) ","
                   T (-1, 1, "up", 0, 1) "," T (0, 0, "down", 1, 0) "]}]}");
  /* the board is not over until the players say it is complete */
  json = rules ()->to_json (state);
  g_assert_true (json_object_get_boolean_member (json, "entry"));
  g_assert_false (json_object_get_boolean_member (json, "over"));
  g_clear_pointer (&json, json_object_unref);
  apply_ok (state, "{\"type\":\"board_done\"}");
  apply_refused_because (state, "{\"type\":\"board_done\"}", "already complete");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (1, -1, "up", 1, 0) "]}]}", "building is over");
  score = rules ()->score (state);
  g_assert_true (json_object_get_boolean_member (score, "over"));
  rules ()->state_free (state);

  /* a game played here is not declared complete: it ends by its rules */
  state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                     "\"destinations\":" DEAL_2P ",\"board\":{\"lake\":[],\"park\":[]}}");
  apply_refused_because (state, "{\"type\":\"board_done\"}", "ends by its rules");
  rules ()->state_free (state);
}

/* Seed 002: 「拠点に接する位置に駅を配置した場合、そのプレイヤーは拠点のアルファベット有無関係なく、
 * 接している拠点の数だけ1点を獲得します」 — with the printed destination spaces entered, a
 * station scores one point per space it touches, marker or not; a marker goes on a space of
 * its own kind (「自分の持っている拠点と同じ種類の拠点に重なるように」); no tunnel on a river or a
 * forest (「川・森にはトンネルタイルは配置できません」). */
static void
test_destination_spaces (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P ",\"board\":{\"lake\":[],\"park\":[],"
                              "\"rivers\":[[-3,1,\"up\"]],\"forests\":[[1,1,\"down\"]],"
                              "\"spaces\":[{\"cell\":[-4,1,\"up\"],\"kind\":\"home\"},"
                              "{\"cell\":[-4,1,\"down\"],\"kind\":\"work\"},"
                              "{\"cell\":[1,1,\"up\"],\"kind\":\"leisure\"}]}}");
#define ANA_OPENS(marker, cell) "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":[" \
  T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-4, 1, "up", -3, 1) "]," \
  "\"destination\":\"" marker "\",\"destination_cell\":" cell ",\"stop\":{\"station\":\"S1\"}}]}"
  g_autoptr(JsonObject) json = NULL;

  /* no space there; a work marker on a home space */
  apply_refused_because (state, ANA_OPENS ("A", "[-5,1,\"up\"]"), "of its own kind");
  apply_refused_because (state, ANA_OPENS ("E", "[-4,1,\"up\"]"), "of its own kind");
  /* her home marker A on the home space; S1 at (−3, 1) touches the home and the work space:
   * 2 points, although only one marker lies beside it */
  apply_ok (state, ANA_OPENS ("A", "[-4,1,\"up\"]"));
  json = rules ()->to_json (state);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
                     json_object_get_array_member (json, "stations"), 0), "points"), ==, 2);
  g_clear_pointer (&json, json_object_unref);
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (0, -6, "down", 1, -5) "," T (1, -5, "up", 1, -4) "," T (1, -4, "up", 1, -3) "]}]}");
  /* the river */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (-3, 1, "up", -2, 1) "]}]}", "river or a forest");
  /* the spaces cleared (not known after all): the points follow the placed markers, 1 */
  apply_ok (state, "{\"type\":\"board\",\"spaces\":[]}");
  json = rules ()->to_json (state);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
                     json_object_get_array_member (json, "stations"), 0), "points"), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (json, "board"), "rivers")), ==, 1);
  rules ()->state_free (state);
#undef ANA_OPENS
}

/* Seed 002: 「自分の路線が別の路線に合流した場合、または他の路線から離脱した場合に、その交点に
 * 配置されます」 — the engine puts the station where a line meets another and where it leaves
 * one it ran beside, as part of the turn (from the supply; none when it is empty), and a trip
 * through the crossing is timed instead of failing as "not connected". */
static void
test_junction_stations (void)
{
#define JUNCTION_SETUP(extra) "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}]," \
  "\"destinations\":" DEAL_2P ",\"rules\":{\"junction_stations\":true" extra "}," \
  "\"board\":{\"lake\":[],\"park\":[]}}"
  const char *opening[] = {
    /* Ana from side 3 along r = 1 to (0, 1); Ben from side 5 along q = 1 to (1, 0) */
    "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
    T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-4, 1, "up", -3, 1) "]}]}",
    "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
    T (0, -6, "down", 1, -5) "," T (1, -5, "up", 1, -4) "," T (1, -4, "up", 1, -3) "]}]}",
    "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
    T (-3, 1, "up", -2, 1) "," T (-2, 1, "up", -1, 1) "," T (-1, 1, "up", 0, 1) "]}]}",
    "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
    T (1, -3, "up", 1, -2) "," T (1, -2, "up", 1, -1) "," T (1, -1, "up", 1, 0) "]}]}",
    /* Ana on through (1, 1) to (3, 1) */
    "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
    T (0, 1, "up", 1, 1) "," T (1, 1, "up", 2, 1) "," T (2, 1, "up", 3, 1) "]}]}",
  };
  /* Ben meets Ana's line at (1, 1), runs beside it to (2, 1) and leaves it there */
  const char *ben = "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                    T (1, 0, "up", 1, 1) "," T (1, 0, "down", 2, 1) "," T (1, 1, "down", 2, 2) "]}]}";

  for (guint variant = 0; variant < 3; variant++)
    {
      gpointer state = new_state (variant == 0 ? JUNCTION_SETUP ("")
                                  : variant == 1 ? JUNCTION_SETUP (",\"stations\":1")
                                  : "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                                    "\"destinations\":" DEAL_2P ",\"board\":{\"lake\":[],\"park\":[]}}");
      g_autoptr(JsonObject) json = NULL;
      JsonArray *stations;

      for (guint i = 0; i < G_N_ELEMENTS (opening); i++)
        apply_ok (state, opening[i]);
      apply_ok (state, ben);
      json = rules ()->to_json (state);
      stations = json_object_get_array_member (json, "stations");
      if (variant == 0)
        {
          g_autofree char *a = NULL, *b = NULL;

          /* S1 where Ben met Ana's line, S2 where he left it; both lines stop at both */
          g_assert_cmpuint (json_array_get_length (stations), ==, 2);
          a = stops_text (state, 0, 0);
          b = stops_text (state, 1, 0);
          g_assert_cmpstr (a, ==, "S1@7 S2@8");
          g_assert_cmpstr (b, ==, "S1@7 S2@8");
          g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (stations, 0),
                                                       "built_by"), ==, 1);
        }
      else if (variant == 1)
        /* one station in the supply: the meeting takes it, the parting gets none */
        g_assert_cmpuint (json_array_get_length (stations), ==, 1);
      else
        /* a rule table from before the rule was kept: as it was played, no station */
        g_assert_cmpuint (json_array_get_length (stations), ==, 0);
      rules ()->state_free (state);
    }
#undef JUNCTION_SETUP
}

/* Seed 002: 「最初のターンは白い矢印の位置から」「線路を始点の向かいの3辺にある黒色矢印まで繋げたら、
 * その位置に終点トークンを配置します」 — a line starts at a white arrow and ends at a black
 * arrow on one of the three sides across from its start; anything else is refused (a rule
 * table from before this was kept only warns). */
static void
test_arrows (void)
{
#define ARROWS_SETUP(far) "{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}]," \
  "\"destinations\":" DEAL_2P ",\"rules\":{\"far_ends\":" far "}}"
#define FINISH_AT(side) "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\"," \
  "\"count\":3,\"end\":\"finished\",\"end_side\":" side "}]}"
  const char *strict_setup = ARROWS_SETUP ("true");
  const char *legacy_setup = ARROWS_SETUP ("false");
  const char *to_2 = FINISH_AT ("2");
  const char *to_3 = FINISH_AT ("3");
  const char *to_0 = FINISH_AT ("0");
  gpointer state;

  {
    g_autoptr(JsonObject) defaults = rules ()->default_setup (2);
    g_assert_true (json_object_get_boolean_member (json_object_get_object_member (defaults, "rules"),
                                                   "far_ends"));
  }
  for (guint strict = 0; strict < 2; strict++)
    {
      state = new_state (strict ? strict_setup : legacy_setup);
      apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                       "\"start_side\":3}]}");
      apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"count\":3,"
                       "\"start_side\":0}]}");
      if (strict)
        {
          apply_refused_because (state, to_2, "three sides across");
          apply_refused_because (state, to_3, "three sides across");
          apply_ok (state, to_0);
        }
      else
        {
          g_autoptr(JsonObject) score = NULL;

          apply_ok (state, to_2);                   /* warned, as before */
          score = rules ()->score (state);
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (score, "warnings")),
                            ==, 1);
        }
      rules ()->state_free (state);
    }

  /* On the board with white and black arrows: a line starts only at a white one. */
  state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                     "\"destinations\":" DEAL_2P ",\"rules\":{\"far_ends\":true},\"board\":{"
                     "\"lake\":[],\"park\":[],\"arrows\":[[-6,0,\"down\"]],"
                     "\"end_arrows\":[[0,-6,\"down\"]]}}");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (0, -6, "down", 1, -5) "," T (1, -5, "up", 1, -4) "," T (1, -4, "up", 1, -3)
                        "]}]}", "white arrow");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-4, 1, "up", -3, 1)
                   "]}]}");
  {
    g_autoptr(JsonObject) json = rules ()->to_json (state);
    JsonObject *board = json_object_get_object_member (json, "board");

    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (board, "end_arrows")),
                      ==, 1);
  }
  rules ()->state_free (state);
}

/* Seed 002: 「同じアルファベットの拠点を隣接して置くことはできず、また1手番に拠点を2つ置くことは
 * できません」 — a marker beside the other marker of its letter is refused, as is a second
 * marker in one turn. */
static void
test_board_markers (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P ",\"board\":{\"lake\":[],\"park\":[]}}");

  /* cells that share a side touch; cells that share one corner, or the same cell, do not */
  g_assert_true (tk_metro_cells_adjacent ((TkMetroCell) { -4, 1, FALSE },
                                          (TkMetroCell) { -4, 1, TRUE }));
  g_assert_true (tk_metro_cells_adjacent ((TkMetroCell) { -4, 1, FALSE },
                                          (TkMetroCell) { -5, 1, TRUE }));
  g_assert_false (tk_metro_cells_adjacent ((TkMetroCell) { -4, 1, FALSE },
                                           (TkMetroCell) { -5, 2, FALSE }));
  g_assert_false (tk_metro_cells_adjacent ((TkMetroCell) { -4, 1, FALSE },
                                           (TkMetroCell) { -4, 1, FALSE }));

  /* Ana from side 3 along r = 1, her A on her third cell, up (−4, 1); two markers refused */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "],"
                        "\"destination\":\"B\",\"destination_cell\":[-5,1,\"up\"]},"
                        "{\"line\":\"plain\",\"tunnels\":[" T (-4, 1, "up", -3, 1) "],"
                        "\"destination\":\"A\",\"destination_cell\":[-4,1,\"up\"]}]}",
                        "at most one destination marker a turn");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-4, 1, "up", -3, 1)
                   "],\"destination\":\"A\",\"destination_cell\":[-4,1,\"up\"]}]}");
  /* Ben from side 3 along r = 2; his second tunnel runs in the cell above the segment,
   * down (−4, 1), which shares a side with Ana's A: his A may not go there */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (-6, 1, "down", -5, 2) "," T (-5, 2, "up", -4, 2) "," T (-4, 1, "down", -3, 2)
                        "],\"destination\":\"A\",\"destination_cell\":[-4,1,\"down\"]}]}",
                        "may not touch");
  /* … but on up (−5, 2), which only shares a corner with it, it may; and a B beside Ana's A
   * is no matter */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-6, 1, "down", -5, 2) "," T (-5, 2, "up", -4, 2) "," T (-4, 1, "down", -3, 2)
                   "],\"destination\":\"A\",\"destination_cell\":[-5,2,\"up\"]}]}");
  rules ()->state_free (state);
}

static void
test_board_game (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P ",\"board\":{"
                              "\"lake\":[[1,1,\"up\"],[1,1,\"down\"]],"
                              "\"park\":[[2,-3,\"up\"],[1,-3,\"down\"]]}}");
  g_autoptr(JsonObject) score = NULL;
  g_autoptr(JsonObject) network = NULL;
  g_autoptr(JsonObject) hop = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *trip_a, *lake;

  /* A line starts in a frame cell; a count alone is not enough on the board. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (-5, 1, "up", -4, 1) "]}]}",
                        "starts in a frame cell");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"count\":3}]}",
                        "lists its 1 to 3 tunnels");
  /* T1 Ana: from side 3 along r = 1. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-4, 1, "up", -3, 1)
                   "]}]}");
  /* T2 Ben: from side 5 along q = 1. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (0, -6, "down", 1, -5) "," T (1, -5, "up", 1, -4) "," T (1, -4, "up", 1, -3)
                   "]}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-3, 1, "up", -2, 1) "," T (-2, 1, "up", -1, 1) "," T (-1, 1, "up", 0, 1)
                   "]}]}");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (1, -3, "up", 1, -2) "," T (1, -2, "up", 1, -1) "," T (1, -1, "up", 1, 0)
                   "]}]}");
  /* Ana at (0, 1), heading +q: a 60° turn with no station; going back; branching (not from
   * the end); a cell off the board. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (-1, 1, "down", -1, 2) "]}]}",
                        "only at a station");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (-1, 0, "down", -1, 1) "]}]}",
                        "go back");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (2, 1, "up", 3, 1) "]}]}",
                        "no branching");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (9, 9, "up", 9, 10) "]}]}",
                        "not on the board");
  /* T5 Ana: to (1, 1), station X there (beside the lake), then a 60° turn at X is allowed. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (0, 0, "down", 1, 1) "],\"stop\":{\"station\":\"X\"}},{\"line\":\"plain\","
                   "\"tunnels\":[" T (0, 1, "down", 0, 2) "," T (-1, 2, "up", -1, 3) "]}]}");
  /* Ben at (1, 0): the cell Ana used; the lake. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (0, 0, "down", 1, 1) "]}]}",
                        "already holds a tunnel");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (1, 0, "up", 1, 1) "," T (1, 1, "up", 1, 2) "]}]}",
                        "lake or the park");
  /* T6 Ben: reaches X (a stop on his line too), bends gently, goes on. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (1, 0, "up", 1, 1) "," T (1, 0, "down", 2, 1) "," T (2, 1, "up", 3, 1)
                   "]}]}");
  /* T7 Ana: station Y after her tunnel 3; T8 Ben: station Z after his tunnel 4, by the park. */
  apply_ok (state, "{\"type\":\"station\",\"seat\":0,\"line\":\"plain\",\"at\":3,\"station\":\"Y\"}");
  apply_ok (state, "{\"type\":\"station\",\"seat\":1,\"line\":\"plain\",\"at\":4,\"station\":\"Z\"}");
  /* T9 Ana: destination A on the cell she digs, station W beside it (1 point), then out at
   * side 2 — next to her start side 3: finished, with a warning. */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-2, 3, "up", -2, 4) "],\"destination\":\"A\",\"destination_cell\":[-2,3,\"up\"],"
                   "\"stop\":{\"station\":\"W\"}},{\"line\":\"plain\",\"tunnels\":["
                   T (-3, 4, "up", -3, 5) "," T (-3, 5, "up", -3, 6) "]}]}");
  /* T10 Ben: destination A, station V beside it, out at side 1, then his striped line from
   * side 3 (side 5 and its neighbours are not allowed). */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                        T (3, 1, "up", 4, 1) "],\"destination\":\"A\",\"destination_cell\":[3,1,\"up\"],"
                        "\"stop\":{\"station\":\"V\"}},{\"line\":\"plain\",\"tunnels\":["
                        T (3, 1, "down", 4, 2) "]},{\"line\":\"striped\",\"tunnels\":["
                        T (2, -6, "down", 2, -5) "]}]}",
                        "three sides away");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (3, 1, "up", 4, 1) "],\"destination\":\"A\",\"destination_cell\":[3,1,\"up\"],"
                   "\"stop\":{\"station\":\"V\"}},{\"line\":\"plain\",\"tunnels\":["
                   T (3, 1, "down", 4, 2) "]},{\"line\":\"striped\",\"tunnels\":["
                   T (-6, 2, "down", -5, 3) "]}]}");

  {
    g_autoptr(JsonObject) dig = parse ("{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":"
                                       "\"striped\",\"tunnels\":[" T (-6, 4, "down", -5, 5) ","
                                       T (-5, 4, "up", -4, 4) "," T (-4, 4, "up", -3, 4) "]}]}");
    g_autofree char *line = rules ()->describe_action (state, dig);
    g_assert_cmpstr (line, ==, "Ana digs 3 tunnels");
  }
  score = rules ()->score (state);
  trip_a = json_array_get_object_element (json_object_get_array_member (score, "trips"), 0);
  lake = json_array_get_object_element (json_object_get_array_member (score, "trips"), 6);
  /* Ana's plain line stops Y@3, X@7, W@10; Ben's Z@4, X@7, V@10.
   * Trip A, W → V: Ana W→X 3 + change 3 + Ben X→V 3 = 9; both placed: +6 each. */
  g_assert_cmpint (json_object_get_int_member (trip_a, "time"), ==, 9);
  g_assert_cmpint (category (score, 0, "Trip A"), ==, 6);
  g_assert_cmpint (category (score, 1, "Trip A"), ==, 6);
  /* Lake (X) – park (Z): Ben Z→X, 3; Ben +5. */
  g_assert_cmpint (json_object_get_int_member (lake, "time"), ==, 3);
  g_assert_cmpint (category (score, 1, "Lake–park"), ==, 5);
  g_assert_cmpint (category (score, 0, "Lake–park"), ==, 0);
  /* Stations: Ana W 1 (X, Y 0), one line finished: 0; Ben V 1 (Z, by the park, 0): 0.
   * Ana 1 − 1 + 6 − 30 = −24; Ben 1 − 1 + 6 − 30 + 5 = −19. */
  g_assert_cmpint (category (score, 0, "Stations"), ==, 1);
  g_assert_cmpint (category (score, 1, "Stations"), ==, 1);
  g_assert_cmpint (total (score, 0), ==, -24);
  g_assert_cmpint (total (score, 1), ==, -19);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (score, "warnings")),
                    ==, 1);
  g_assert_cmpint (json_object_get_int_member (player (score, 0), "tunnels"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (player (score, 1), "tunnels"), ==, 12);
  check_sum (score);

  /* The same network in plain form, per hop: trip A is 1 + 3 + 1 = 5. */
  network = rules ()->to_json (state);
  json_object_set_string_member (json_object_get_object_member (network, "rules"),
                                 "time_unit", "hop");
  hop = tk_metromania_network_score (network, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (
                     json_object_get_array_member (hop, "trips"), 0), "time"), ==, 5);
  rules ()->state_free (state);
}

/* The "board" and "first_turn" actions, each line's cells in to_json, and the check of a turn
 * being entered (fewer than 3 tunnels are not refused for that alone). */
static void
test_board_entry (void)
{
  gpointer state = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P ",\"board\":{}}");
  gpointer plain = new_state ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                              "\"destinations\":" DEAL_2P "}");
  g_autoptr(JsonObject) json = NULL;
  g_autoptr(JsonObject) partial = NULL;
  g_autoptr(JsonObject) sharp = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  JsonArray *cells, *stations;

  apply_refused_because (plain, "{\"type\":\"board\",\"lake\":[[1,1,\"up\"]]}",
                         "without the board");
  apply_refused_because (state, "{\"type\":\"board\",\"lake\":[[9,9,\"up\"]]}",
                         "city cell");
  apply_refused_because (state, "{\"type\":\"board\",\"lake\":[[1,1,\"up\"]],"
                                "\"park\":[[1,1,\"up\"]]}",
                         "both the lake and the park");
  apply_ok (state, "{\"type\":\"board\",\"lake\":[[1,1,\"up\"],[1,1,\"down\"]]}");
  apply_refused_because (state, "{\"type\":\"board\",\"park\":[[1,1,\"down\"]]}",
                         "both the lake and the park");
  /* Ben plays first; then Ana may not. */
  apply_refused_because (state, "{\"type\":\"first_turn\",\"seat\":2}", "seat");
  apply_ok (state, "{\"type\":\"first_turn\",\"seat\":1}");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\","
                                "\"tunnels\":[" T (-6, 0, "down", -5, 1) "]}]}",
                         "Ben’s turn");

  /* A turn being entered: one tunnel passes the check, a 60° turn without a station does not;
   * the state is left as it was either way. */
  partial = parse ("{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-6, 0, "down", -5, 1) "]}]}");
  sharp = parse ("{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                 T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-5, 1, "down", -5, 2)
                 "]}]}");
  before = state_json (state);
  g_assert_true (tk_metromania_rules_check_draft (state, partial, &error));
  g_assert_no_error (error);
  g_assert_false (rules ()->apply (state, partial, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (tk_metromania_rules_check_draft (state, sharp, &error));
  g_assert_nonnull (strstr (error->message, "only at a station"));
  g_clear_error (&error);
  after = state_json (state);
  g_assert_cmpstr (before, ==, after);

  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "],\"stop\":"
                   "{\"station\":\"S1\"}},{\"line\":\"plain\",\"tunnels\":["
                   T (-4, 1, "up", -3, 1) "]}]}");
  apply_refused_because (state, "{\"type\":\"first_turn\",\"seat\":0}", "before the first turn");
  /* The lake entered late: it may not cover a tunnel; station S1 at (-4, 1) touches a park
   * cell entered now. */
  apply_refused_because (state, "{\"type\":\"board\",\"park\":[[-5,1,\"up\"]]}",
                         "A tunnel runs through that cell");
  apply_ok (state, "{\"type\":\"board\",\"park\":[[-4,0,\"down\"]]}");
  json = rules ()->to_json (state);
  stations = json_object_get_array_member (json, "park");
  g_assert_cmpuint (json_array_get_length (stations), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (stations, 0), ==, "S1");
  cells = json_object_get_array_member (json_array_get_object_element (
            json_object_get_array_member (json, "lines"), 2), "cells");
  g_assert_cmpuint (json_array_get_length (cells), ==, 3);
  g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (cells, 1), 0), ==, -5);
  g_assert_cmpstr (json_array_get_string_element (json_array_get_array_element (cells, 1), 2),
                   ==, "up");
  /* A step with no tunnel puts a station where the line ends now (Ben at (-3, 1)): then his
   * line may turn sharply there; without the station it may not.  Such a step on a line not
   * started is refused. */
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\","
                                "\"stop\":{\"station\":\"S2\"}},{\"line\":\"plain\",\"tunnels\":["
                                T (-6, 0, "down", -5, 1) "]}]}",
                         "has started");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
                   T (0, -6, "down", 1, -5) "," T (1, -5, "up", 1, -4) "," T (1, -4, "up", 1, -3)
                   "]}]}");
  apply_refused_because (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\","
                                "\"tunnels\":[" T (-4, 1, "down", -4, 2) "]}]}",
                         "only at a station");
  apply_ok (state, "{\"type\":\"dig\",\"seat\":1,\"steps\":[{\"line\":\"plain\","
                   "\"stop\":{\"station\":\"S2\"}},{\"line\":\"plain\",\"tunnels\":["
                   T (-4, 1, "down", -4, 2) "," T (-5, 2, "up", -5, 3) "," T (-5, 3, "up", -5, 4)
                   "]}]}");
  g_clear_pointer (&json, json_object_unref);
  json = rules ()->to_json (state);
  /* Ben's plain line stops at S1 and S2: ["S1", 1, "S2"]. */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_array_get_object_element (json_object_get_array_member (json, "lines"),
                                                     2), "stops")), ==, 3);
  rules ()->state_free (state);
  rules ()->state_free (plain);
}

/* ---- hand-computed games and networks (fixtures written and scored by hand) ---- */

static JsonObject *
fixture_score (const char *name,
               const char *time_unit,
               gboolean    bga)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) file = NULL;
  JsonObject *score, *table;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  file = parse (text);
  if (!json_object_has_member (file, "rules"))
    json_object_set_object_member (file, "rules", json_object_new ());
  table = json_object_get_object_member (file, "rules");
  if (time_unit != NULL)
    json_object_set_string_member (table, "time_unit", time_unit);
  json_object_set_boolean_member (table, "bga_variant", bga);
  score = tk_metromania_network_score (file, &error);
  g_assert_no_error (error);
  check_sum (score);
  return score;
}

static JsonObject *
trip_of (JsonObject *score,
         guint       index)
{
  return json_array_get_object_element (json_object_get_array_member (score, "trips"), index);
}

static gint64
trip_time (JsonObject *score,
           guint       index)
{
  JsonObject *trip = trip_of (score, index);

  return json_object_has_member (trip, "time") ? json_object_get_int_member (trip, "time") : -1;
}

static gint64
trip_routes (JsonObject *score,
             guint       index)
{
  JsonObject *trip = trip_of (score, index);

  return json_object_has_member (trip, "n_routes")
         ? json_object_get_int_member (trip, "n_routes") : 0;
}

static const char *
trip_failure (JsonObject *score,
              guint       index)
{
  JsonObject *trip = trip_of (score, index);

  return json_object_has_member (trip, "failure")
         ? json_object_get_string_member (trip, "failure") : NULL;
}

static gint64
rank_of (JsonObject *score,
         guint       seat)
{
  return json_object_get_int_member (player (score, seat), "rank");
}

static const char *const categories[] = { "Stations", "Unfinished lines", "Trip A", "Trip B",
                                          "Trip C", "Trip D", "Trip E", "Trip F", "Lake–park" };

/* Every category of every player against a table (rows: seats; columns: categories[]). */
static void
check_table (JsonObject   *score,
             guint         n,
             const gint64  table[][G_N_ELEMENTS (categories) + 1])
{
  for (guint s = 0; s < n; s++)
    {
      for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
        {
          gint64 got = category (score, s, categories[c]);

          if (got != table[s][c])
            g_error ("seat %u, %s: %" PRId64 ", by hand %" PRId64, s,
                     categories[c], got, table[s][c]);
        }
      g_assert_cmpint (total (score, s), ==, table[s][G_N_ELEMENTS (categories)]);
    }
}

/* A whole four-player game on the board (tests/fixtures/metromania-full-game.json, 24 turns),
 * scored by hand from the seed's rules.  Lake: cells (-2,0) up and down; park: (4,-2) up and
 * down.  Deal: Ana A home, C leisure, E work; Ben B work, C home, F leisure; Cleo A work,
 * D home, E leisure; Dan B leisure, D work, F home (never placed).
 *
 * Lines (position of each stop = tunnels from the start arrow):
 *   Ana plain   row r = 4, side 3 → side 1, 8 tunnels, finished: S1@4 (-2,4), S3@6 (0,4) bonus
 *   Ana striped column q = 4, side 5 → side 1, 8, finished: S5@4 (4,-2), S7@5 (4,-1), S10@6 bonus
 *   Ben plain   column q = -2, side 2 → side 4, 10, finished: S1@2, S13@4 (-2,2), S9@5 (-2,1),
 *               S4@8 (-2,-2)
 *   Ben striped row r = -1 from side 0, 5, running: S7@2, S11@4 (2,-1), S8@5 (1,-1)
 *   Cleo plain  row r = -2, side 0 → side 4, 10, finished: S5@2, S2@5 (1,-2), S4@8
 *   Cleo striped row r = 1 from side 3, 8, running: S9@4, S12@7 (1,1)
 *   Dan plain   column q = 1 from side 5, 9, running: S6@3 (1,-3), S2@4, S8@5, S12@7
 *   Dan striped row r = 2 from side 3, 6, running: S13@4
 * Markers and the stations at their corners: Ana A (0,4 up) S3; Ana C (-3,4 up) S1;
 * Ana E (4,-3 up) S5; Ben B (-3,-2 down) S4; Ben C (1,-2 down) S8, S11; Ben F (4,-1 up) S7, S10;
 * Cleo A (-1,-3 down) none; Cleo D (-3,1 up) S9; Cleo E (1,-3 down) S2; Dan B (-3,2 up) S13;
 * Dan D (1,-3 up) S2, S6.  Lake: S9.  Park: S5, S7.
 *
 * Station points (placed markers touching the station when it is built):
 *   Ana S1 1 (C), S3 1 (A), S5 1 (E), S7 1 (Ben's F), S10 1 (F) = 5; two lines finished: keeps 5.
 *   Ben S8 1 (C), S11 1 (C) = 2; one line finished: 2 / 2 = 1, so −1.
 *   Cleo S4 1 (Ben's B), S9 1 (D), S12 0 = 2; one finished: −1.
 *   Dan S2 2 (Cleo's E, his D), S6 1 (D), S13 1 (B) = 4; none finished: −4.
 * Trips (per tunnel segment, change 3):
 *   A: Cleo's marker touches no station: Ana −6, Cleo −6.
 *   B: S4 → S13 on Ben's plain line, 8 − 4 = 4 min: Ben +6 (placed); Dan placed but rode nothing.
 *   C: S1 → S8: Ben plain S1→S9 3, change 3, Cleo striped S9→S12 3, change 3, Dan plain
 *      S12→S8 2 = 14 (via S4 and S2: 6 + 3 + 3 + 3 + 1 = 16): Ben +6, Cleo +3, Dan +3, Ana 0.
 *   D: S9 → S2, two routes of 9: Ben plain S9→S4 3 + 3 + Cleo plain S4→S2 3, and Cleo striped
 *      S9→S12 3 + 3 + Dan plain S12→S2 3: Cleo +6 (once), Dan +6, Ben +3.
 *   E: S5 → S2 on Cleo's plain line, 5 − 2 = 3: Cleo +6; Ana placed but rode nothing.
 *   F: Dan's marker still in hand: Dan −6.
 *   Lake–park: S9 → S5: Ben plain 3 + 3 + Cleo plain S4→S5 6 = 12 (via S12, S8, S7: 14):
 *      Ben +5, Cleo +5.
 * Totals: Ana 5 − 6 = −1; Ben 2 − 1 + 6 + 6 + 3 + 5 = 21; Cleo 2 − 1 − 6 + 3 + 6 + 6 + 5 = 15;
 * Dan 4 − 4 + 3 + 6 − 6 = 3.  The end: Ana finishes her second line in turn 21, Ben, Cleo and
 * Dan dig once more. */
static void
test_full_game (void)
{
  static const gint64 hand[4][G_N_ELEMENTS (categories) + 1] = {
    /* Stations, Unfinished, A, B, C, D, E, F, Lake–park, total */
    { 5, 0, -6, 0, 0, 0, 0, 0, 0, -1 },
    { 2, -1, 0, 6, 6, 3, 0, 0, 5, 21 },
    { 2, -1, -6, 0, 3, 6, 6, 0, 5, 15 },
    { 4, -4, 0, 0, 3, 6, 0, -6, 0, 3 },
  };
  static const gint64 tunnels[4] = { 16, 15, 18, 15 }, finished[4] = { 2, 1, 1, 0 };
  static const gint64 ranks[4] = { 4, 1, 2, 3 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "metromania-full-game.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  score = tk_session_file_score (text, -1, &error);
  g_assert_no_error (error);
  check_sum (score);
  check_table (score, 4, hand);
  for (guint s = 0; s < 4; s++)
    {
      g_assert_cmpint (json_object_get_int_member (player (score, s), "tunnels"), ==, tunnels[s]);
      g_assert_cmpint (json_object_get_int_member (player (score, s), "finished_lines"), ==,
                       finished[s]);
      g_assert_cmpint (rank_of (score, s), ==, ranks[s]);
    }
  g_assert_cmpstr (trip_failure (score, 0), ==, "no_station");
  g_assert_cmpint (trip_time (score, 1), ==, 4);
  g_assert_cmpint (trip_time (score, 2), ==, 14);
  g_assert_cmpint (trip_routes (score, 2), ==, 1);
  g_assert_cmpint (trip_time (score, 3), ==, 9);
  g_assert_cmpint (trip_routes (score, 3), ==, 2);
  g_assert_cmpint (trip_time (score, 4), ==, 3);
  g_assert_cmpstr (trip_failure (score, 5), ==, "not_placed");
  g_assert_cmpint (trip_time (score, 6), ==, 12);
  g_assert_true (json_object_get_boolean_member (score, "over"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (score, "warnings")), ==, 0);
}

/* tests/fixtures/metromania-hand-change.json: Ana Gare -6- Pont -6- Quai; Ben Rive -1- Pont -7-
 * Sud (beside Ana's line from Pont on, with no common station there); Cleo Gare -5- Croix -6-
 * Rive.  Per segment:
 *   A (Ana at Quai, Ben at Sud, side by side): no change between them there, so back to Pont:
 *     6 + 3 + 7 = 16; Ana +6, Ben +6.
 *   B (Ben at Rive, Cleo at Gare): Ben 1 + 3 + Ana 6 = 10 against Cleo's 11: Ben +6, Ana +3
 *     (rode), Cleo 0 (placed, did not ride).
 *   C–F: both ends at Croix, 0 minutes, nobody.  Lake (Quai) – park (Rive): 6 + 3 + 1 = 10:
 *     Ana +5, Ben +5.  Totals 14, 17, 0.
 * Per hop: A 1 + 3 + 1 = 5 (Ana +6, Ben +6); B: Cleo's line Gare–Croix–Rive, 2 hops, beats
 *   1 + 3 + 1 = 5: Cleo +6 only; lake–park 1 + 3 + 1 = 5 (Ana +5, Ben +5).  Totals 11, 11, 6;
 *   Ana and Ben tie on points and finished lines (1 each), Ana has more tunnels (14 to 10). */
static void
test_hand_change (void)
{
  static const gint64 segment[3][G_N_ELEMENTS (categories) + 1] = {
    { 0, 0, 6, 3, 0, 0, 0, 0, 5, 14 },
    { 0, 0, 6, 6, 0, 0, 0, 0, 5, 17 },
    { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  };
  static const gint64 hop[3][G_N_ELEMENTS (categories) + 1] = {
    { 0, 0, 6, 0, 0, 0, 0, 0, 5, 11 },
    { 0, 0, 6, 0, 0, 0, 0, 0, 5, 11 },
    { 0, 0, 0, 6, 0, 0, 0, 0, 0, 6 },
  };
  g_autoptr(JsonObject) by_segment = fixture_score ("metromania-hand-change.json", NULL, FALSE);
  g_autoptr(JsonObject) by_hop = fixture_score ("metromania-hand-change.json", "hop", FALSE);

  g_assert_cmpint (trip_time (by_segment, 0), ==, 16);
  g_assert_cmpint (trip_time (by_segment, 1), ==, 10);
  g_assert_cmpint (trip_time (by_segment, 2), ==, 0);
  g_assert_cmpint (trip_time (by_segment, 6), ==, 10);
  check_table (by_segment, 3, segment);
  g_assert_cmpint (rank_of (by_segment, 1), ==, 1);

  g_assert_cmpint (trip_time (by_hop, 0), ==, 5);
  g_assert_cmpint (trip_time (by_hop, 1), ==, 2);
  g_assert_cmpint (trip_time (by_hop, 6), ==, 5);
  check_table (by_hop, 3, hop);
  g_assert_cmpint (rank_of (by_hop, 0), ==, 1);
  g_assert_cmpint (rank_of (by_hop, 1), ==, 2);
}

/* tests/fixtures/metromania-hand-tie.json: A from H (Ana) to W (Ben) by two routes of 7:
 * Ana plain H -2- M1, change 3, Ben M1 -2- W; Ana striped H -3- M2, change 3, Cleo M2 -1- W;
 * Dan's direct H -9- W is slower.  Ana is on both routes and scores once (+6), Ben +6, Cleo +3
 * (rode), Dan 0.  B–F: 0 minutes.  Lake (M1) – park (M2): Ben 2 + 3 + Cleo 1 = 6 (via H: 8):
 * Ben +5, Cleo +5.  Stations: Ana 2 (both lines finished, kept), Ben 1 (one finished: −1),
 * Cleo 1 (none finished: −1), Dan 3 (one finished: 3 / 2 = 1, −2).
 * Totals: Ana 8, Ben 11, Cleo 8, Dan 1; Ana is ahead of Cleo on finished lines (2 to 0). */
static void
test_hand_tie (void)
{
  static const gint64 hand[4][G_N_ELEMENTS (categories) + 1] = {
    { 2, 0, 6, 0, 0, 0, 0, 0, 0, 8 },
    { 1, -1, 6, 0, 0, 0, 0, 0, 5, 11 },
    { 1, -1, 3, 0, 0, 0, 0, 0, 5, 8 },
    { 3, -2, 0, 0, 0, 0, 0, 0, 0, 1 },
  };
  static const gint64 ranks[4] = { 2, 1, 3, 4 };
  g_autoptr(JsonObject) score = fixture_score ("metromania-hand-tie.json", NULL, FALSE);

  g_assert_cmpint (trip_time (score, 0), ==, 7);
  g_assert_cmpint (trip_routes (score, 0), ==, 2);
  g_assert_cmpint (trip_time (score, 6), ==, 6);
  g_assert_cmpint (trip_routes (score, 6), ==, 1);
  check_table (score, 4, hand);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpint (rank_of (score, s), ==, ranks[s]);
}

/* tests/fixtures/metromania-hand-unreachable.json: Ana N1 -4- N2 and Ben N3 -2- N4, not joined.
 *   A (Ana N1, Ben N3): not connected: Ana −6, Ben −6.
 *   B (Cleo N2, Dan in hand): Dan −6.
 *   C (Cleo's marker touches no station, Dan N4): Cleo −6, Dan −6.
 *   D (Ana N1, Cleo N2): Ana's line, 4 min: Ana +6, Cleo 0.
 *   E, F: 0 minutes.  Lake (N1) – park (N4): not connected, no penalty.
 *   Stations: Ana 1, Ben 2, each one line finished: −1 and −1.
 *   Totals: Ana 1 − 1 − 6 + 6 = 0; Ben 2 − 1 − 6 = −5; Cleo −6; Dan −12.
 * Board Game Arena variant: the players not named get 6 instead: A → Cleo, Dan; B → Ana, Ben,
 *   Cleo; C → Ana, Ben.  Totals: Ana 0 + 6 + 6 + 6 = 18; Ben 1 + 6 + 6 = 13; Cleo 12; Dan 6. */
static void
test_hand_unreachable (void)
{
  static const gint64 hand[4][G_N_ELEMENTS (categories) + 1] = {
    { 1, -1, -6, 0, 0, 6, 0, 0, 0, 0 },
    { 2, -1, -6, 0, 0, 0, 0, 0, 0, -5 },
    { 0, 0, 0, 0, -6, 0, 0, 0, 0, -6 },
    { 0, 0, 0, -6, -6, 0, 0, 0, 0, -12 },
  };
  static const gint64 bga[4][G_N_ELEMENTS (categories) + 1] = {
    { 1, -1, 0, 6, 6, 6, 0, 0, 0, 18 },
    { 2, -1, 0, 6, 6, 0, 0, 0, 0, 13 },
    { 0, 0, 6, 6, 0, 0, 0, 0, 0, 12 },
    { 0, 0, 6, 0, 0, 0, 0, 0, 0, 6 },
  };
  g_autoptr(JsonObject) score = fixture_score ("metromania-hand-unreachable.json", NULL, FALSE);
  g_autoptr(JsonObject) variant = fixture_score ("metromania-hand-unreachable.json", NULL, TRUE);

  g_assert_cmpstr (trip_failure (score, 0), ==, "not_connected");
  g_assert_cmpint (trip_time (score, 0), ==, -1);
  g_assert_cmpstr (trip_failure (score, 1), ==, "not_placed");
  g_assert_cmpstr (trip_failure (score, 2), ==, "no_station");
  g_assert_cmpint (trip_time (score, 3), ==, 4);
  g_assert_cmpstr (trip_failure (score, 6), ==, "not_connected");
  check_table (score, 4, hand);
  check_table (variant, 4, bga);
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
  g_test_add_func ("/metromania/score/penalties", test_penalties);
  g_test_add_func ("/metromania/score/penalties-bga", test_penalties_bga);
  g_test_add_func ("/metromania/score/tie-scores-both", test_tie_scores_both);
  g_test_add_func ("/metromania/score/network-fixture", test_network_fixture);
  g_test_add_func ("/metromania/score/network-refused", test_network_refused);
  g_test_add_func ("/metromania/engine/setup-refused", test_setup_refused);
  g_test_add_func ("/metromania/engine/turn-rules", test_turn_rules);
  g_test_add_func ("/metromania/engine/session-fixture", test_session_fixture);
  g_test_add_func ("/metromania/engine/session-to-network", test_session_to_network);
  g_test_add_func ("/metromania/engine/random-play", test_random_play);
  g_test_add_func ("/metromania/engine/dead-end", test_dead_end);
  g_test_add_func ("/metromania/board/geometry", test_board_geometry);
  g_test_add_func ("/metromania/board/game", test_board_game);
  g_test_add_func ("/metromania/board/markers", test_board_markers);
  g_test_add_func ("/metromania/arrows", test_arrows);
  g_test_add_func ("/metromania/board/junction-stations", test_junction_stations);
  g_test_add_func ("/metromania/board/destination-spaces", test_destination_spaces);
  g_test_add_func ("/metromania/board/entry-afterwards", test_board_entry_afterwards);
  g_test_add_func ("/metromania/board/entry", test_board_entry);
  g_test_add_func ("/metromania/hand/full-game", test_full_game);
  g_test_add_func ("/metromania/hand/change", test_hand_change);
  g_test_add_func ("/metromania/hand/tie", test_hand_tie);
  g_test_add_func ("/metromania/hand/unreachable", test_hand_unreachable);
  return g_test_run ();
}
