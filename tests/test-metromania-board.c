/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania-board.c — Metromania's board mode: the lattice's geometry and the drawing rules
 * (entering the board afterwards, destination spaces, junction stations, arrows, markers), a
 * whole game on the board and entering a game drawn on paper. */
#include "config.h"

#include <inttypes.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "metromania/tk-metromania-board.h"
#include "metromania/tk-metromania-routes.h"
#include "metromania/tk-metromania-rules.h"
#include "tk-test-metromania.h"
#include "tk-test-rules.h"

#define rules() (tk_metromania_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (rules (), setup)
#define state_json(state) tk_test_rules_state_json (rules (), state)
#define apply_ok(state, action) tk_test_rules_apply_ok (rules (), state, action)
#define apply_refused_because(state, action, because) \
  tk_test_rules_apply_refused (rules (), state, action, -1, because)

/* What several Metromania tests read from a score (tests/tk-test-metromania.h). */
#define player(score, seat) tk_test_metromania_player (score, seat)
#define category(score, seat, label) tk_test_metromania_category (score, seat, label)
#define total(score, seat) tk_test_metromania_total (score, seat)
#define check_sum(score) tk_test_metromania_check_sum (score)

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

/* What the panel's board asks of the lattice: neighbours, the cell of three corners, the two
 * cells beside a side, what is on the printed board. */
static void
test_board_lattice (void)
{
  guint points = 0, cells = 0;

  g_assert_true (tk_metro_point_equal (tk_metro_neighbour ((TkMetroPoint) { 2, -1 }, 2),
                                       (TkMetroPoint) { 1, 0 }));
  g_assert_true (tk_metro_point_equal (tk_metro_neighbour ((TkMetroPoint) { 2, -1 }, 7),
                                       (TkMetroPoint) { 2, 0 }));
  for (gint q = -8; q <= 8; q++)
    for (gint r = -8; r <= 8; r++)
      {
        TkMetroPoint p = { q, r };

        points += tk_metro_point_on_board (p);
        for (guint d = 0; d < 2; d++)
          {
            TkMetroCell c = { q, r, d }, beside[2];
            TkMetroPoint k[3];

            cells += tk_metro_cell_on_board (c);
            tk_metro_cell_corners (c, k);
            /* any order of the corners names the cell */
            g_assert_true (tk_metro_cell_equal (tk_metro_cell_of_corners (k[0], k[1], k[2]), c));
            g_assert_true (tk_metro_cell_equal (tk_metro_cell_of_corners (k[2], k[0], k[1]), c));
            /* each side of the cell has it on one hand and a neighbour on the other */
            for (guint i = 0; i < 3; i++)
              {
                g_assert_true (tk_metro_cells_beside (k[i], k[(i + 1) % 3], beside));
                g_assert_true (tk_metro_cell_equal (beside[0], c) ^
                               tk_metro_cell_equal (beside[1], c));
                g_assert_true (tk_metro_cells_adjacent (beside[0], beside[1]));
              }
          }
      }
  /* the city's 91 points and the ring of 36 around it; 150 city cells and 30 in the frame */
  g_assert_cmpuint (points, ==, 91 + 36);
  g_assert_cmpuint (cells, ==, 150 + 30);
  {
    TkMetroCell beside[2];

    /* the first cell beside a side lies towards the next direction in turning order */
    g_assert_true (tk_metro_cells_beside ((TkMetroPoint) { 0, 0 }, (TkMetroPoint) { 1, 0 },
                                          beside));
    g_assert_true (tk_metro_cell_equal (beside[0], (TkMetroCell) { 0, 0, FALSE }));
    g_assert_true (tk_metro_cell_equal (beside[1], (TkMetroCell) { 0, -1, TRUE }));
    g_assert_false (tk_metro_cells_beside ((TkMetroPoint) { 0, 0 }, (TkMetroPoint) { 1, 1 },
                                           beside));
    g_assert_false (tk_metro_cells_contain (NULL, beside[0]));
  }
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
/* The board as the engine's typed questions answer it (what the panel draws) is the board of
 * its JSON: each feature's cells, each line's tunnels, the stations, the markers. */
static void
assert_typed_board_is_json (gpointer state)
{
  static const char *const features[] = { "lake", "park", "arrows", "end_arrows", "rivers",
                                          "forests", "tunnel_cells" };
  static const char *const kinds[] = { "home", "work", "leisure" };
  g_autoptr(JsonObject) json = rules ()->to_json (state);
  JsonObject *board = json_object_get_object_member (json, "board");
  JsonArray *lines = json_object_get_array_member (json, "lines");
  JsonArray *stations_json = json_object_get_array_member (json, "stations");
  JsonArray *markers_json = json_object_get_array_member (json, "destinations");
  g_autoptr(GArray) stations = tk_metromania_rules_board_stations (state);
  g_autoptr(GArray) markers = tk_metromania_rules_markers (state);
  JsonArray *spaces_json = json_object_get_array_member (board, "spaces");
  GArray *kinds_typed;
  GArray *spaces = tk_metromania_rules_board_spaces (state, &kinds_typed);

  for (guint f = 0; f < G_N_ELEMENTS (features); f++)
    {
      JsonArray *cells = json_object_get_array_member (board, features[f]);
      GArray *typed = tk_metromania_rules_board_cells (state, f);

      g_assert_cmpuint (typed->len, ==, json_array_get_length (cells));
      for (guint i = 0; i < typed->len; i++)
        {
          TkMetroCell cell;

          g_assert_true (tk_metromania_node_to_cell (json_array_get_element (cells, i), &cell));
          g_assert_true (tk_metro_cell_equal (cell, g_array_index (typed, TkMetroCell, i)));
        }
    }
  g_assert_cmpuint (spaces->len, ==, json_array_get_length (spaces_json));
  for (guint i = 0; i < spaces->len; i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (spaces_json, i),
                                                    "kind"), ==,
                     kinds[g_array_index (kinds_typed, guint, i)]);
  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);
      JsonArray *path = json_object_get_array_member (line, "path");
      JsonArray *cells = json_object_get_array_member (line, "cells");
      g_autoptr(GArray) tunnels = tk_metromania_rules_line_tunnels (state, i / 2, i % 2);

      g_assert_cmpuint (tunnels->len, ==, json_array_get_length (cells));
      for (guint k = 0; k < tunnels->len; k++)
        {
          TkMetroTunnel *tunnel = &g_array_index (tunnels, TkMetroTunnel, k);
          TkMetroPoint from, to;
          TkMetroCell cell;

          g_assert_cmpuint (tunnel->seat, ==, i / 2);
          g_assert_cmpuint (tunnel->style, ==, i % 2);
          g_assert_true (tk_metromania_node_to_point (json_array_get_element (path, k), &from));
          g_assert_true (tk_metromania_node_to_point (json_array_get_element (path, k + 1), &to));
          g_assert_true (tk_metromania_node_to_cell (json_array_get_element (cells, k), &cell));
          g_assert_true (tk_metro_point_equal (tunnel->from, from));
          g_assert_true (tk_metro_point_equal (tunnel->to, to));
          g_assert_true (tk_metro_cell_equal (tunnel->cell, cell));
        }
    }
  g_assert_cmpuint (stations->len, ==, json_array_get_length (stations_json));
  for (guint i = 0; i < stations->len; i++)
    {
      JsonObject *station = json_array_get_object_element (stations_json, i);
      TkMetroPoint point;

      g_assert_cmpstr (g_array_index (stations, TkMetroNewStation, i).id, ==,
                       json_object_get_string_member (station, "id"));
      g_assert_true (tk_metromania_node_to_point (json_object_get_member (station, "point"), &point));
      g_assert_true (tk_metro_point_equal (g_array_index (stations, TkMetroNewStation, i).point,
                                           point));
    }
  g_assert_cmpuint (markers->len, ==, json_array_get_length (markers_json));
  for (guint i = 0; i < markers->len; i++)
    {
      JsonObject *marker = json_array_get_object_element (markers_json, i);
      TkMetroMarker *typed = &g_array_index (markers, TkMetroMarker, i);
      TkMetroCell cell;

      g_assert_cmpint (typed->letter, ==, json_object_get_string_member (marker, "letter")[0]);
      g_assert_cmpstr (kinds[typed->kind], ==, json_object_get_string_member (marker, "kind"));
      g_assert_cmpint (typed->owner, ==, json_object_get_int_member (marker, "owner"));
      g_assert_cmpint (typed->placed, ==, json_object_get_boolean_member (marker, "placed"));
      g_assert_cmpint (typed->on_board, ==, json_object_has_member (marker, "cell"));
      if (typed->on_board)
        {
          g_assert_true (tk_metromania_node_to_cell (json_object_get_member (marker, "cell"),
                                                     &cell));
          g_assert_true (tk_metro_cell_equal (typed->cell, cell));
        }
    }
}

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
  /* what the panel draws: her marker A, a home marker, on its space; S1 at (−3, 1) */
  {
    g_autoptr(GArray) markers = tk_metromania_rules_markers (state);
    g_autoptr(GArray) stations = tk_metromania_rules_board_stations (state);
    TkMetroMarker *a = NULL;

    for (guint i = 0; i < markers->len; i++)
      if (g_array_index (markers, TkMetroMarker, i).on_board)
        {
          g_assert_null (a);
          a = &g_array_index (markers, TkMetroMarker, i);
        }
    g_assert_nonnull (a);
    g_assert_true (a->placed);
    g_assert_cmpint (a->letter, ==, 'A');
    g_assert_cmpint (a->kind, ==, TK_METRO_HOME);
    g_assert_cmpuint (a->owner, ==, 0);
    g_assert_true (tk_metro_cell_equal (a->cell, (TkMetroCell) { -4, 1, FALSE }));
    g_assert_cmpuint (stations->len, ==, 1);
    g_assert_true (tk_metro_point_equal (g_array_index (stations, TkMetroNewStation, 0).point,
                                         (TkMetroPoint) { -3, 1 }));
  }
  assert_typed_board_is_json (state);
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
  assert_typed_board_is_json (state);
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
}

static gboolean
name_taken (gpointer    data,
            const char *name)
{
  return g_strv_contains (data, name);
}

/* What the panel asks the engine about a turn: who may still dig, how many lines are done, the
 * name the next station takes (S1, S2, … the first free one, also of a turn being entered),
 * where a line runs, the stations a player built. */
static void
test_turn_questions (void)
{
  const char *const taken[] = { "S1", "S3", NULL };
  gpointer state = new_state (JUNCTION_SETUP (""));
  g_autofree char *first = tk_metromania_rules_station_name (state, NULL, NULL);
  g_autofree char *second = tk_metromania_rules_station_name (state, name_taken, (gpointer) taken);
  g_autofree char *after = NULL;
  guint points = 99;

  g_assert_cmpstr (first, ==, "S1");
  g_assert_cmpstr (second, ==, "S2");
  g_assert_true (tk_metromania_rules_can_dig (state, 0));
  g_assert_true (tk_metromania_rules_can_dig (state, 1));
  g_assert_false (tk_metromania_rules_can_dig (state, 2));
  g_assert_cmpuint (tk_metromania_rules_lines_done (state), ==, 0);
  g_assert_cmpuint (tk_metromania_rules_line_path (state, 0, 0)->len, ==, 0);
  g_assert_cmpint (tk_metromania_rules_line_state (state, 0, 0), ==, TK_METRO_LINE_UNSTARTED);
  /* Ana's line from side 3 to station S1, declared a dead end: one line done, her striped
   * line still digs */
  apply_ok (state, "{\"type\":\"dig\",\"seat\":0,\"steps\":[{\"line\":\"plain\",\"tunnels\":["
            T (-6, 0, "down", -5, 1) "," T (-5, 1, "up", -4, 1) "," T (-4, 1, "up", -3, 1) "],"
            "\"stop\":{\"station\":\"S1\"},\"end\":\"dead_end\"}]}");
  g_assert_cmpuint (tk_metromania_rules_line_path (state, 0, 0)->len, ==, 4);
  g_assert_true (tk_metro_point_equal (g_array_index (tk_metromania_rules_line_path (state, 0, 0),
                                                      TkMetroPoint, 3), (TkMetroPoint) { -3, 1 }));
  /* where a station's "at" would put it: the points after the start, by their tunnel */
  g_assert_cmpint (tk_metromania_rules_point_at (state, 0, 0, (TkMetroPoint) { -4, 1 }), ==, 2);
  g_assert_cmpint (tk_metromania_rules_point_at (state, 0, 0, (TkMetroPoint) { -3, 1 }), ==, 3);
  g_assert_cmpint (tk_metromania_rules_point_at (state, 0, 0, (TkMetroPoint) { -6, 0 }), ==, -1);
  g_assert_cmpint (tk_metromania_rules_point_at (state, 0, 0, (TkMetroPoint) { 0, 0 }), ==, -1);
  g_assert_cmpint (tk_metromania_rules_point_at (state, 0, 1, (TkMetroPoint) { -4, 1 }), ==, -1);
  g_assert_cmpuint (tk_metromania_rules_stations_built (state, 0, &points), ==, 1);
  g_assert_cmpuint (points, ==, 0);
  g_assert_cmpuint (tk_metromania_rules_stations_built (state, 1, NULL), ==, 0);
  g_assert_cmpuint (tk_metromania_rules_lines_done (state), ==, 1);
  g_assert_cmpint (tk_metromania_rules_line_state (state, 0, 0), ==, TK_METRO_LINE_DEAD_END);
  g_assert_cmpint (tk_metromania_rules_line_state (state, 0, 1), ==, TK_METRO_LINE_UNSTARTED);
  g_assert_cmpint (tk_metromania_rules_tunnels_left (state, 0, 0) + 3, ==,
                   tk_metromania_rules_tunnels_left (state, 0, 1));
  g_assert_true (tk_metromania_rules_can_dig (state, 0));
  g_assert_false (tk_metromania_rules_can_dig (state, 2));
  after = tk_metromania_rules_station_name (state, name_taken, (gpointer) taken);
  g_assert_cmpstr (after, ==, "S2");
  /* how near the end is: one station and one line done, of the rule table's; no end yet */
  {
    g_autoptr(JsonObject) json = rules ()->to_json (state);
    JsonObject *table = json_object_get_object_member (json, "rules");
    TkMetroBuildingEnd end;

    tk_metromania_rules_building_end (state, &end);
    g_assert_cmpuint (end.stations_built, ==, 1);
    g_assert_cmpuint (end.stations, ==, json_object_get_int_member (table, "stations"));
    g_assert_cmpuint (end.lines_done, ==, 1);
    g_assert_cmpuint (end.end_lines, ==, json_object_get_int_member (table, "end_lines"));
    g_assert_cmpint (end.final_turns, ==, -1);
  }
  assert_typed_board_is_json (state);
  rules ()->state_free (state);
}
#undef JUNCTION_SETUP

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
          g_auto(GStrv) warnings = NULL;

          apply_ok (state, to_2);                   /* warned, as before */
          score = rules ()->score (state);
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (score, "warnings")),
                            ==, 1);
          /* the engine's typed answer says what the score's JSON says */
          warnings = tk_metromania_rules_warnings (state);
          g_assert_cmpuint (g_strv_length (warnings), ==, 1);
          g_assert_cmpstr (warnings[0], ==,
                           json_array_get_string_element (json_object_get_array_member (score,
                                                                                        "warnings"),
                                                          0));
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
                         "city cell, inside the frame");
  /* an arrow in the city: the players' reason, the one the panel's arrow tool shows */
  apply_refused_because (state, "{\"type\":\"board\",\"arrows\":[[1,1,\"up\"]]}",
                         "frame triangles around the city");
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
  g_assert_true (tk_metromania_rules_check_draft (state, partial, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (rules ()->apply (state, partial, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (tk_metromania_rules_check_draft (state, sharp, NULL, &error));
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();

  g_test_add_func ("/metromania/board/geometry", test_board_geometry);
  g_test_add_func ("/metromania/board/lattice", test_board_lattice);
  g_test_add_func ("/metromania/board/turn-questions", test_turn_questions);
  g_test_add_func ("/metromania/board/game", test_board_game);
  g_test_add_func ("/metromania/board/markers", test_board_markers);
  g_test_add_func ("/metromania/arrows", test_arrows);
  g_test_add_func ("/metromania/board/junction-stations", test_junction_stations);
  g_test_add_func ("/metromania/board/destination-spaces", test_destination_spaces);
  g_test_add_func ("/metromania/board/entry-afterwards", test_board_entry_afterwards);
  g_test_add_func ("/metromania/board/entry", test_board_entry);
  return g_test_run ();
}
