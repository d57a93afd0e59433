/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-score.c — Metromania: the final scoring.  Builds the net of the routes
 * (tk-metromania-routes.c) from the lines, runs the test trips between the stations near each
 * pair of destination markers, and sums each player's points with the breakdown and the
 * explanation.
 */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-metromania-rules-private.h"

/* ---- scoring ---- */

typedef struct
{
  TkMetroNet *net;
  guint       line_seat[MAX_SEATS * 2];
  guint       line_style[MAX_SEATS * 2];
} Net;

static void
build_net (TkMetromaniaState *state,
           Net               *net)
{
  net->net = tk_metro_net_new (state->stations->len);
  for (guint s = 0; s < state->n; s++)
    for (guint l = 0; l < 2; l++)
      {
        LineRec *line = &state->lines[s][l];
        guint n = line->stops->len;
        g_autofree guint *stops = g_new (guint, MAX (n, 1));
        g_autofree guint *segs = g_new (guint, MAX (n, 1));
        gint index;

        if (n == 0)
          continue;
        for (guint i = 0; i < n; i++)
          {
            stops[i] = g_array_index (line->stops, Stop, i).station;
            if (i + 1 < n)
              segs[i] = g_array_index (line->stops, Stop, i + 1).pos -
                        g_array_index (line->stops, Stop, i).pos;
          }
        index = tk_metro_net_add_line (net->net, stops, segs, n);
        g_assert (index >= 0);
        net->line_seat[index] = s;
        net->line_style[index] = l;
      }
}

static GArray *
stations_near (TkMetromaniaState *state,
               guint32            mask)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < state->stations->len; i++)
    if (((Station *) state->stations->pdata[i])->near & mask)
      g_array_append_val (out, i);
  return out;
}

static char *
route_text (TkMetromaniaState *state,
            Net               *net,
            TkMetroRoute      *route)
{
  GString *text = g_string_new (NULL);

  if (route->legs->len == 0)
    return g_string_free (text, FALSE);
  for (guint i = 0; i < route->legs->len; i++)
    {
      TkMetroLeg *leg = &g_array_index (route->legs, TkMetroLeg, i);
      g_autofree char *name = tk_metromania_line_name (state, net->line_seat[leg->line],
                                         net->line_style[leg->line]);

      if (i > 0)
        /* TRANSLATORS: between two rides of a route; %u is the change's minutes */
        g_string_append_printf (text, _(", change (%u), "), state->t.change_cost);
      /* TRANSLATORS: one ride of a route: line, from station, to station, minutes */
      g_string_append_printf (text, _("%s %s → %s (%u)"), name,
                              ((Station *) state->stations->pdata[leg->from_station])->id,
                              ((Station *) state->stations->pdata[leg->to_station])->id,
                              leg->time);
    }
  return g_string_free (text, FALSE);
}

/* The position (tunnels from the start) of the stop at @station on @line, or −1. */
static gint
stop_position (LineRec *line,
               guint    station)
{
  for (guint i = 0; i < line->stops->len; i++)
    if (g_array_index (line->stops, Stop, i).station == station)
      return (gint) g_array_index (line->stops, Stop, i).pos;
  return -1;
}

GArray *
tk_metromania_rules_trip_tunnels (gpointer data,
                                  guint    index)
{
  TkMetromaniaState *state = data;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TkMetroTunnel));
  guint32 mask[2] = { 1u << NEAR_LAKE, 1u << NEAR_PARK };
  g_autoptr(GArray) from = NULL;
  g_autoptr(GArray) to = NULL;
  g_autoptr(TkMetroTrip) trip = NULL;
  Net net = { 0 };
  guint found = 0;

  g_return_val_if_fail (state != NULL && index <= N_LETTERS, out);

  if (!state->board)
    return out;
  /* a letter's trip runs between its two markers, both placed */
  for (guint m = 0; index < N_LETTERS && m < state->n_markers; m++)
    if (state->markers[m].letter == (char) ('A' + index))
      {
        if (!state->markers[m].placed || found == 2)
          return out;
        mask[found++] = 1u << m;
      }
  if (index < N_LETTERS && found < 2)
    return out;
  from = stations_near (state, mask[0]);
  to = stations_near (state, mask[1]);
  if (from->len == 0 || to->len == 0)
    return out;

  build_net (state, &net);
  /* every fastest route a board can show, not only the few the score names */
  trip = tk_metro_trip_compute (net.net, (guint *) from->data, from->len, (guint *) to->data,
                                to->len, state->t.unit, state->t.change_cost, 64);
  for (guint r = 0; trip->time > 0 && r < trip->routes->len; r++)
    {
      TkMetroRoute *route = trip->routes->pdata[r];

      for (guint l = 0; l < route->legs->len; l++)
        {
          TkMetroLeg *leg = &g_array_index (route->legs, TkMetroLeg, l);
          guint seat = net.line_seat[leg->line], style = net.line_style[leg->line];
          LineRec *line = &state->lines[seat][style];
          gint a = stop_position (line, leg->from_station);
          gint b = stop_position (line, leg->to_station);

          /* the ride covers the tunnels between the two stops: path[k] → path[k + 1] */
          for (gint k = MIN (a, b); a >= 0 && b >= 0 && k < MAX (a, b); k++)
            {
              TkMetroTunnel tunnel = { seat, style };
              gboolean seen = FALSE;

              if ((guint) k + 1 >= line->path->len || (guint) k >= line->cells->len)
                break;
              tunnel.cell = g_array_index (line->cells, TkMetroCell, k);
              tunnel.from = g_array_index (line->path, TkMetroPoint, k);
              tunnel.to = g_array_index (line->path, TkMetroPoint, k + 1);
              for (guint i = 0; i < out->len && !seen; i++)
                {
                  TkMetroTunnel *old = &g_array_index (out, TkMetroTunnel, i);

                  seen = old->seat == seat && old->style == style &&
                         tk_metro_cell_equal (old->cell, tunnel.cell);
                }
              if (!seen)
                g_array_append_val (out, tunnel);
            }
        }
    }
  tk_metro_net_free (net.net);
  return out;
}

typedef struct
{
  gint station_raw[MAX_SEATS];
  gint station_kept[MAX_SEATS];
  gint trip[N_LETTERS + 1][MAX_SEATS];
} Points;

static void
add_reason (GArray     *scorers,
            guint       seat,
            gint        points,
            const char *reason)
{
  TkMetroTripScorer entry = { seat, points, reason };

  g_array_append_val (scorers, entry);
}

void
tk_metromania_trip_result_free (TkMetroTripResult *result)
{
  g_ptr_array_unref (result->routes);
  g_array_unref (result->scorers);
  g_free (result);
}

/* The score's names of the failures, in the order of TkMetroTripFailure. */
static const char *const failure_names[] = { NULL, "no_deal", "not_placed", "no_station",
                                              "not_connected" };

/* One test trip; fills the trip's row of @points, its line of @explain and (when not NULL)
 * @lines, the lines ridden as the score's JSON lists them, and returns its result. */
static TkMetroTripResult *
run_trip (TkMetromaniaState *state,
          Net               *net,
          guint              index,     /* 0–5 letters, 6 lake–park */
          Points            *points,
          GString           *explain,
          JsonArray         *lines)
{
  TkMetroTripResult *result = g_new0 (TkMetroTripResult, 1);
  GArray *scorers = g_array_new (FALSE, FALSE, sizeof (TkMetroTripScorer));
  GPtrArray *routes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *title = NULL;
  guint32 mask_a = 0, mask_b = 0;
  gint marker[2] = { -1, -1 };
  gboolean penalised[MAX_SEATS] = { FALSE };
  gboolean any_penalty = FALSE;
  TkMetroTripFailure failure = TK_METRO_TRIP_RAN;

  result->routes = routes;
  result->scorers = scorers;
  if (index < N_LETTERS)
    {
      char letter = 'A' + index;
      guint k = 0;

      for (guint m = 0; m < state->n_markers && k < 2; m++)
        if (state->markers[m].letter == letter)
          marker[k++] = m;
      title = g_strdup_printf ("%c", letter);
      if (marker[0] >= 0)
        {
          mask_a = 1u << marker[0];
          mask_b = 1u << marker[1];
        }
    }
  else
    {
      title = g_strdup (_("Lake–park"));
      mask_a = 1u << NEAR_LAKE;
      mask_b = 1u << NEAR_PARK;
    }

  /* The three causes of a failed letter trip, each naming whom it costs. */
  if (index < N_LETTERS && marker[0] < 0)
    failure = TK_METRO_TRIP_NO_DEAL;
  else if (index < N_LETTERS)
    {
      gboolean placed[2], has_station[2];

      for (guint k = 0; k < 2; k++)
        {
          g_autoptr(GArray) near = stations_near (state, 1u << marker[k]);

          placed[k] = state->markers[marker[k]].placed;
          has_station[k] = placed[k] && near->len > 0;
        }
      for (guint k = 0; k < 2; k++)
        if (!placed[k])
          {
            guint owner = state->markers[marker[k]].owner;
            penalised[owner] = TRUE;
            any_penalty = TRUE;
            failure = TK_METRO_TRIP_NOT_PLACED;
            add_reason (scorers, owner, -(gint) state->t.penalty,
                        _("destination still in hand"));
          }
      if (!has_station[0] || !has_station[1])
        for (guint k = 0; k < 2; k++)
          if (placed[k] && (!has_station[k] || (placed[0] && placed[1])) &&
              !penalised[state->markers[marker[k]].owner])
            {
              guint owner = state->markers[marker[k]].owner;
              penalised[owner] = TRUE;
              any_penalty = TRUE;
              if (failure == TK_METRO_TRIP_RAN)
                failure = TK_METRO_TRIP_NO_STATION;
              add_reason (scorers, owner, -(gint) state->t.penalty,
                          _("no station beside a destination"));
            }
    }

  if (failure == TK_METRO_TRIP_RAN)
    {
      g_autoptr(GArray) from = stations_near (state, mask_a);
      g_autoptr(GArray) to = stations_near (state, mask_b);
      g_autoptr(TkMetroTrip) trip = NULL;
      gboolean rode[MAX_SEATS] = { FALSE };

      trip = tk_metro_trip_compute (net->net, (guint *) from->data, from->len,
                                    (guint *) to->data, to->len, state->t.unit,
                                    state->t.change_cost, MAX_ROUTES);
      result->timed = TRUE;
      result->time = trip->time;
      result->n_routes = trip->n_routes;
      for (guint r = 0; r < trip->routes->len; r++)
        g_ptr_array_add (routes, route_text (state, net, trip->routes->pdata[r]));
      for (guint l = 0; l < trip->n_lines; l++)
        if (trip->lines_used[l])
          {
            if (lines != NULL)
              {
                JsonObject *entry = json_object_new ();

                json_object_set_int_member (entry, "seat", net->line_seat[l]);
                json_object_set_string_member (entry, "line", style_names[net->line_style[l]]);
                json_array_add_object_element (lines, entry);
              }
            rode[net->line_seat[l]] = TRUE;
          }

      if (trip->time < 0 && index < N_LETTERS)
        {
          failure = TK_METRO_TRIP_NOT_CONNECTED;
          for (guint k = 0; k < 2; k++)
            {
              guint owner = state->markers[marker[k]].owner;
              penalised[owner] = TRUE;
              any_penalty = TRUE;
              add_reason (scorers, owner, -(gint) state->t.penalty,
                          _("destinations not connected"));
            }
        }
      else if (trip->time < 0)
        failure = from->len == 0 || to->len == 0 ? TK_METRO_TRIP_NO_STATION
                                                 : TK_METRO_TRIP_NOT_CONNECTED;
      else
        for (guint s = 0; s < state->n; s++)
          {
            gboolean placer = index < N_LETTERS &&
                              (state->markers[marker[0]].owner == s ||
                               state->markers[marker[1]].owner == s);
            if (!rode[s])
              continue;
            if (index == N_LETTERS)
              {
                points->trip[index][s] = state->t.lake_park_points;
                add_reason (scorers, s, state->t.lake_park_points,
                            _("rode the fastest lake–park route"));
              }
            else
              {
                points->trip[index][s] = placer ? state->t.placer_points
                                                : state->t.rider_points;
                add_reason (scorers, s, points->trip[index][s],
                            placer ? _("placed a destination and rode the fastest route")
                                   : _("rode the fastest route"));
              }
          }
    }

  if (any_penalty)
    for (guint s = 0; s < state->n; s++)
      {
        if (!state->t.bga_variant && penalised[s])
          points->trip[index][s] = -(gint) state->t.penalty;
        else if (state->t.bga_variant && !penalised[s])
          {
            points->trip[index][s] = state->t.penalty;
            add_reason (scorers, s, state->t.penalty,
                        _("Board Game Arena variant: another player’s trip failed"));
          }
      }
  /* In the variant the penalised players lose nothing: their −6 lines say 0. */
  for (guint i = 0; state->t.bga_variant && i < scorers->len; i++)
    if (g_array_index (scorers, TkMetroTripScorer, i).points < 0)
      g_array_index (scorers, TkMetroTripScorer, i).points = 0;
  result->failure = failure;

  /* The explanation line. */
  if (index < N_LETTERS)
    g_string_append_printf (explain, _("Trip %s: "), title);
  else
    g_string_append_printf (explain, _("%s: "), title);
  if (result->timed && result->time >= 0)
    {
      g_string_append_printf (explain, _("%d min"), result->time);
      for (guint r = 0; r < routes->len; r++)
        g_string_append_printf (explain, r == 0 ? _(" by %s") : _(" or %s"),
                                (const char *) routes->pdata[r]);
      if (result->time == 0)
        g_string_append (explain, _(" (a station touches both ends: nobody rides)"));
    }
  else if (failure == TK_METRO_TRIP_NOT_PLACED)
    g_string_append (explain, _("a destination is still in hand"));
  else if (failure == TK_METRO_TRIP_NO_STATION)
    g_string_append (explain, _("no station beside an end"));
  else if (failure == TK_METRO_TRIP_NO_DEAL)
    g_string_append (explain, _("not dealt"));
  else
    g_string_append (explain, _("the ends are not connected"));
  for (guint i = 0; i < scorers->len; i++)
    {
      TkMetroTripScorer *entry = &g_array_index (scorers, TkMetroTripScorer, i);

      g_string_append_printf (explain, "; %s %+d (%s)",
                              tk_metromania_player_name (state, entry->seat),
                              entry->points, entry->reason);
    }
  g_string_append_c (explain, '\n');
  return result;
}

/* A trip's entry of the score's "trips", from its result and the lines ridden. */
static JsonObject *
trip_to_json (TkMetroTripResult *result,
              guint              index,
              JsonArray         *lines)
{
  JsonObject *trip_json = json_object_new ();
  JsonArray *routes = json_array_new ();
  JsonArray *scorers = json_array_new ();
  char letter[2] = { 'A' + index, '\0' };

  json_object_set_string_member (trip_json, "trip", index < N_LETTERS ? letter : "lake-park");
  if (result->timed)
    {
      json_object_set_int_member (trip_json, "time", result->time);
      json_object_set_int_member (trip_json, "n_routes", result->n_routes);
    }
  for (guint r = 0; r < result->routes->len; r++)
    json_array_add_string_element (routes, result->routes->pdata[r]);
  for (guint i = 0; i < result->scorers->len; i++)
    {
      TkMetroTripScorer *scorer = &g_array_index (result->scorers, TkMetroTripScorer, i);
      JsonObject *entry = json_object_new ();

      json_object_set_int_member (entry, "seat", scorer->seat);
      json_object_set_int_member (entry, "points", scorer->points);
      json_object_set_string_member (entry, "reason", scorer->reason);
      json_array_add_object_element (scorers, entry);
    }
  if (result->failure != TK_METRO_TRIP_RAN)
    json_object_set_string_member (trip_json, "failure", failure_names[result->failure]);
  json_object_set_array_member (trip_json, "routes", routes);
  json_object_set_array_member (trip_json, "lines", json_array_ref (lines));
  json_object_set_array_member (trip_json, "scorers", scorers);
  return trip_json;
}

GPtrArray *
tk_metromania_rules_trips (gpointer data)
{
  TkMetromaniaState *state = data;
  GPtrArray *trips = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_metromania_trip_result_free);
  g_autoptr(GString) explain = g_string_new (NULL);
  Points points = { { 0 } };
  Net net = { 0 };

  build_net (state, &net);
  for (guint t = 0; t <= N_LETTERS; t++)
    g_ptr_array_add (trips, run_trip (state, &net, t, &points, explain, NULL));
  tk_metro_net_free (net.net);
  return trips;
}

static guint
tunnels_of (TkMetromaniaState *state,
            guint              seat)
{
  return state->lines[seat][0].tunnels + state->lines[seat][1].tunnels;
}

static gint
total_of (TkMetromaniaState *state,
          Points            *points,
          guint              seat)
{
  gint total = points->station_kept[seat];

  for (guint t = 0; t <= N_LETTERS; t++)
    total += points->trip[t][seat];
  return total;
}

GStrv
tk_metromania_rules_warnings (gpointer data)
{
  TkMetromaniaState *state = data;
  g_autoptr(GStrvBuilder) warnings = g_strv_builder_new ();

  for (guint s = 0; s < state->n; s++)
    for (guint l = 0; l < 2; l++)
      {
        LineRec *line = &state->lines[s][l];
        if (line->state == TK_METRO_LINE_FINISHED && line->start_side >= 0 && line->end_side >= 0 &&
            tk_metromania_sides_close (line->start_side, line->end_side))
          {
            g_autofree char *name = tk_metromania_line_name (state, s, l);
            g_autofree char *text = g_strdup_printf (
              _("%s ends on its start’s side or a side next to it: check it against the "
                "board."), name);
            g_strv_builder_add (warnings, text);
          }
      }
  return g_strv_builder_end (warnings);
}

JsonObject *
tk_metromania_score (gpointer data)
{
  TkMetromaniaState *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *trips = json_array_new ();
  JsonArray *warnings = json_array_new ();
  g_autoptr(GString) explain = g_string_new (NULL);
  g_auto(GStrv) warning_texts = NULL;
  Points points = { { 0 } };
  Net net = { 0 };

  for (guint i = 0; i < state->stations->len; i++)
    {
      Station *station = state->stations->pdata[i];
      if (station->builder >= 0 && (guint) station->builder < state->n)
        points.station_raw[station->builder] += station->points;
    }
  for (guint s = 0; s < state->n; s++)
    {
      guint f = tk_metromania_finished_lines (state, s);
      points.station_kept[s] = f == 2 ? points.station_raw[s]
                               : f == 1 ? points.station_raw[s] / 2 : 0;
    }
  warning_texts = tk_metromania_rules_warnings (state);
  for (guint i = 0; warning_texts[i] != NULL; i++)
    json_array_add_string_element (warnings, warning_texts[i]);

  build_net (state, &net);
  for (guint t = 0; t <= N_LETTERS; t++)
    {
      g_autoptr(JsonArray) lines = json_array_new ();
      g_autoptr(TkMetroTripResult) trip = run_trip (state, &net, t, &points, explain, lines);

      json_array_add_object_element (trips, trip_to_json (trip, t, lines));
    }
  tk_metro_net_free (net.net);

  for (guint s = 0; s < state->n; s++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, s);
      gint total = total_of (state, &points, s);
      guint rank = 1;
      JsonObject *entry;

      for (guint o = 0; o < state->n; o++)
        {
          gint other = total_of (state, &points, o);
          if (other > total ||
              (other == total && tk_metromania_finished_lines (state, o) > tk_metromania_finished_lines (state, s)) ||
              (other == total && tk_metromania_finished_lines (state, o) == tk_metromania_finished_lines (state, s) &&
               tunnels_of (state, o) > tunnels_of (state, s)))
            rank++;
        }

      entry = json_object_new ();
      json_object_set_string_member (entry, "label", _("Stations"));
      json_object_set_int_member (entry, "points", points.station_raw[s]);
      json_array_add_object_element (breakdown, entry);
      entry = json_object_new ();
      json_object_set_string_member (entry, "label", _("Unfinished lines"));
      json_object_set_int_member (entry, "points",
                                  points.station_kept[s] - points.station_raw[s]);
      json_array_add_object_element (breakdown, entry);
      for (guint t = 0; t <= N_LETTERS; t++)
        {
          g_autofree char *label = t < N_LETTERS ? g_strdup_printf (_("Trip %c"), 'A' + t)
                                                 : g_strdup (_("Lake–park"));
          entry = json_object_new ();
          json_object_set_string_member (entry, "label", label);
          json_object_set_int_member (entry, "points", points.trip[t][s]);
          json_array_add_object_element (breakdown, entry);
        }

      json_object_set_int_member (player, "seat", s);
      json_object_set_string_member (player, "name", tk_metromania_player_name (state, s));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_int_member (player, "total", total);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      json_object_set_int_member (player, "finished_lines", tk_metromania_finished_lines (state, s));
      json_object_set_int_member (player, "tunnels", tunnels_of (state, s));
      json_array_add_object_element (players, player);
    }

  json_object_set_array_member (result, "players", players);
  json_object_set_array_member (result, "trips", trips);
  json_object_set_array_member (result, "warnings", warnings);
  json_object_set_boolean_member (result, "over", state->over);
  json_object_set_string_member (result, "explanation", explain->str);
  return result;
}
