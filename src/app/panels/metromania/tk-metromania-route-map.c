/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-route-map.c — a trip's fastest routes as tunnels on the board.
 *
 * The engine's score names the lines on the fastest routes, not where they run; the board
 * needs the stretches between the stations where riders board and leave.  So the trip is
 * computed again here from the same state, with the same network the engine builds: every
 * line with its stops in seat order, the stations touching each end.
 */
#define G_LOG_DOMAIN "tk-metromania-route-map"

#include "config.h"

#include "tk-metromania-route-map.h"
#include "metromania/tk-metromania-routes.h"

typedef struct
{
  guint   seat;
  guint   style;
  GArray *stations;   /* of guint, in order */
  GArray *positions;  /* of guint: the stop's tunnel count from the start */
  JsonArray *path;
  JsonArray *cells;
} NetLine;

static gint
station_index (JsonArray  *stations,
               const char *id)
{
  for (guint i = 0; stations != NULL && i < json_array_get_length (stations); i++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (stations, i),
                                                  "id"), id) == 0)
      return (gint) i;
  return -1;
}

static GArray *
indices_of (JsonArray *stations,
            JsonArray *ids)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
    {
      gint s = station_index (stations, json_array_get_string_element (ids, i));
      if (s >= 0)
        g_array_append_val (out, s);
    }
  return out;
}

static void
net_line_clear (gpointer data)
{
  NetLine *line = data;

  g_array_unref (line->stations);
  g_array_unref (line->positions);
}

static gint
position_of (NetLine *line,
             guint    station)
{
  for (guint i = 0; i < line->stations->len; i++)
    if (g_array_index (line->stations, guint, i) == station)
      return (gint) g_array_index (line->positions, guint, i);
  return -1;
}

static void
add_segment (GArray                    *out,
             const TkMetromaniaSegment *seg)
{
  for (guint i = 0; i < out->len; i++)
    {
      TkMetromaniaSegment *old = &g_array_index (out, TkMetromaniaSegment, i);
      if (old->seat == seg->seat && old->style == seg->style &&
          tk_metro_cell_equal (old->cell, seg->cell))
        return;
    }
  g_array_append_val (out, *seg);
}

GArray *
tk_metromania_route_segments (JsonObject *game,
                              guint       trip_index)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));
  JsonArray *stations, *lines, *destinations;
  JsonObject *rules;
  g_autoptr(GArray) net_lines = NULL;
  g_autoptr(GArray) from = NULL;
  g_autoptr(GArray) to = NULL;
  g_autoptr(TkMetroNet) net = NULL;
  g_autoptr(TkMetroTrip) trip = NULL;
  TkMetroUnit unit;

  g_return_val_if_fail (game != NULL && trip_index <= 6, out);

  if (!json_object_has_member (game, "stations") || !json_object_has_member (game, "lines"))
    return out;
  stations = json_object_get_array_member (game, "stations");
  lines = json_object_get_array_member (game, "lines");
  destinations = json_object_get_array_member (game, "destinations");
  rules = json_object_get_object_member (game, "rules");
  unit = g_strcmp0 (json_object_get_string_member (rules, "time_unit"), "hop") == 0
         ? TK_METRO_PER_HOP : TK_METRO_PER_SEGMENT;

  /* The two ends. */
  if (trip_index < 6)
    {
      char letter[2] = { 'A' + trip_index, '\0' };
      guint found = 0;

      for (guint i = 0; destinations != NULL && i < json_array_get_length (destinations); i++)
        {
          JsonObject *marker = json_array_get_object_element (destinations, i);

          if (g_strcmp0 (json_object_get_string_member (marker, "letter"), letter) != 0)
            continue;
          if (!json_object_get_boolean_member (marker, "placed"))
            return out;
          if (found++ == 0)
            from = indices_of (stations, json_object_get_array_member (marker, "stations"));
          else
            to = indices_of (stations, json_object_get_array_member (marker, "stations"));
        }
      if (found != 2)
        return out;
    }
  else
    {
      from = indices_of (stations, json_object_get_array_member (game, "lake"));
      to = indices_of (stations, json_object_get_array_member (game, "park"));
    }
  if (from->len == 0 || to->len == 0)
    return out;

  /* The network, line by line as the engine builds it. */
  net = tk_metro_net_new (json_array_get_length (stations));
  net_lines = g_array_new (FALSE, TRUE, sizeof (NetLine));
  g_array_set_clear_func (net_lines, net_line_clear);
  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      JsonObject *entry = json_array_get_object_element (lines, i);
      JsonArray *stops = json_object_get_array_member (entry, "stops");
      NetLine line = { 0 };
      g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));
      guint pos = json_object_has_member (entry, "first_stop_at")
                  ? json_object_get_int_member (entry, "first_stop_at") : 1;

      if (json_array_get_length (stops) == 0)
        continue;
      line.seat = json_object_get_int_member (entry, "seat");
      line.style = g_strcmp0 (json_object_get_string_member (entry, "style"), "striped") == 0;
      line.stations = g_array_new (FALSE, FALSE, sizeof (guint));
      line.positions = g_array_new (FALSE, FALSE, sizeof (guint));
      line.path = json_object_has_member (entry, "path")
                  ? json_object_get_array_member (entry, "path") : NULL;
      line.cells = json_object_has_member (entry, "cells")
                   ? json_object_get_array_member (entry, "cells") : NULL;
      /* "stops" alternates station ids and tunnel counts. */
      for (guint k = 0; k < json_array_get_length (stops); k++)
        {
          JsonNode *node = json_array_get_element (stops, k);

          if (json_node_get_value_type (node) == G_TYPE_STRING)
            {
              gint s = station_index (stations, json_node_get_string (node));
              guint station = (guint) MAX (s, 0);

              g_array_append_val (line.stations, station);
              g_array_append_val (line.positions, pos);
            }
          else
            {
              guint count = json_node_get_int (node);

              g_array_append_val (segments, count);
              pos += count;
            }
        }
      if (tk_metro_net_add_line (net, (guint *) line.stations->data, (guint *) segments->data,
                                 line.stations->len) < 0)
        {
          net_line_clear (&line);
          return out;
        }
      g_array_append_val (net_lines, line);
    }

  trip = tk_metro_trip_compute (net, (guint *) from->data, from->len, (guint *) to->data,
                                to->len, unit,
                                json_object_get_int_member (rules, "change_cost"), 64);
  if (trip->time <= 0)
    return out;

  /* Each leg rides a line between two of its stops: the tunnels between their positions. */
  for (guint r = 0; r < trip->routes->len; r++)
    {
      TkMetroRoute *route = trip->routes->pdata[r];

      for (guint l = 0; l < route->legs->len; l++)
        {
          TkMetroLeg *leg = &g_array_index (route->legs, TkMetroLeg, l);
          NetLine *line = &g_array_index (net_lines, NetLine, leg->line);
          gint a = position_of (line, leg->from_station);
          gint b = position_of (line, leg->to_station);

          if (a < 0 || b < 0 || line->path == NULL || line->cells == NULL)
            continue;
          for (gint k = MIN (a, b); k < MAX (a, b); k++)
            {
              TkMetromaniaSegment seg = { line->seat, line->style };

              if ((guint) k + 1 >= json_array_get_length (line->path) ||
                  (guint) k >= json_array_get_length (line->cells) ||
                  !tk_metromania_point_from_json (json_array_get_element (line->path, k),
                                                  &seg.from) ||
                  !tk_metromania_point_from_json (json_array_get_element (line->path, k + 1),
                                                  &seg.to) ||
                  !tk_metromania_cell_from_json (json_array_get_element (line->cells, k),
                                                 &seg.cell))
                continue;
              add_segment (out, &seg);
            }
        }
    }
  return out;
}
