/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-metromania.c — all seven Metromania test trips on a full board: 4 players, 8 lines of
 * 18 tunnels, 30 stations, 12 destinations, lake and park (median; goal < 1 ms). */
#include "config.h"

#include "tk-bench.h"
#include "metromania/tk-metromania-rules.h"

#define N_RUNS 2000
#define GOAL_MS 1.0

/* Line k stops at stations (4k + 7j) mod 30, j = 0 … 8, two tunnels apart (1 + 2·8 = 17,
 * then one more tunnel to its end arrow): 18 tunnels, nine stops, many crossings. */
static JsonObject *
full_board (void)
{
  GString *json = g_string_new ("{\"format\":\"tablekeeper-metromania-network\",\"version\":1,"
                                "\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"},"
                                "{\"name\":\"Cleo\"},{\"name\":\"Dan\"}],\"stations\":[");
  g_autoptr(GError) error = NULL;
  JsonObject *object;

  for (guint s = 0; s < 30; s++)
    g_string_append_printf (json, "%s{\"id\":\"S%u\",\"built_by\":%u,\"points\":%u}",
                            s ? "," : "", s, s % 4, s % 3);
  g_string_append (json, "],\"lines\":[");
  for (guint k = 0; k < 8; k++)
    {
      g_string_append_printf (json, "%s{\"seat\":%u,\"style\":\"%s\",\"state\":\"finished\","
                              "\"tunnels\":18,\"stops\":[", k ? "," : "", k / 2,
                              k % 2 ? "striped" : "plain");
      for (guint j = 0; j < 9; j++)
        g_string_append_printf (json, "%s\"S%u\"", j ? ",2," : "", (4 * k + 7 * j) % 30);
      g_string_append (json, "]}");
    }
  g_string_append (json, "],\"destinations\":[");
  for (guint m = 0; m < 12; m++)
    g_string_append_printf (json, "%s{\"letter\":\"%c\",\"kind\":\"home\",\"owner\":%u,"
                            "\"stations\":[\"S%u\"]}", m ? "," : "", 'A' + m / 2,
                            (m / 2 + m % 2) % 4, (m / 2 * 5 + (m % 2) * 17) % 30);
  g_string_append (json, "],\"lake\":[\"S2\",\"S3\"],\"park\":[\"S27\",\"S28\"]}");
  object = tk_rules_json_parse_object (json->str, -1, &error);
  g_assert_no_error (error);
  g_string_free (json, TRUE);
  return object;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(JsonObject) board = full_board ();
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  double median;
  guint reached = 0;

  for (guint run = 0; run < N_RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      g_autoptr(JsonObject) score = tk_metromania_network_score (board, &error);
      double ms = (g_get_monotonic_time () - start) / 1000.0;

      g_assert_no_error (error);
      g_array_append_val (samples, ms);
      if (run == 0)
        {
          JsonArray *trips = json_object_get_array_member (score, "trips");
          for (guint t = 0; t < json_array_get_length (trips); t++)
            reached += json_object_get_int_member (json_array_get_object_element (trips, t),
                                                   "time") > 0;
        }
    }
  /* The board must give real trips, or the figure means nothing. */
  g_assert_cmpuint (reached, ==, 7);
  median = tk_bench_median (samples);
  g_print ("metromania-seven-trips: median %.3f ms, max %.3f ms over %d runs of a full board "
           "(8 lines x 18 tunnels, 30 stations) (goal < %.0f ms) %s\n", median,
           g_array_index (samples, double, samples->len - 1), N_RUNS, GOAL_MS,
           median < GOAL_MS ? "PASS" : "MISS");
  return median < GOAL_MS ? 0 : 1;
}
