/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-routes.c — fastest test trips over (station, line) states. */
#define G_LOG_DOMAIN "tk-metromania"

#include "config.h"

#include "tk-metromania-routes.h"

#define INF G_MAXINT

typedef struct
{
  GArray *stops;      /* of guint */
  GArray *segments;   /* of guint, stops->len − 1 */
  guint   first_node;
} Line;

struct _TkMetroNet
{
  guint   n_stations;
  GArray *lines;      /* of Line */
  guint   n_nodes;
};

/* A node is one stop of one line: (station, line). */
typedef struct
{
  guint line;
  guint index;        /* position in the line's stops */
  guint station;
} Node;

TkMetroNet *
tk_metro_net_new (guint n_stations)
{
  TkMetroNet *net = g_new0 (TkMetroNet, 1);

  net->n_stations = n_stations;
  net->lines = g_array_new (FALSE, TRUE, sizeof (Line));
  return net;
}

void
tk_metro_net_free (TkMetroNet *net)
{
  if (net == NULL)
    return;
  for (guint i = 0; i < net->lines->len; i++)
    {
      Line *line = &g_array_index (net->lines, Line, i);
      g_array_unref (line->stops);
      g_array_unref (line->segments);
    }
  g_array_unref (net->lines);
  g_free (net);
}

gint
tk_metro_net_add_line (TkMetroNet  *net,
                       const guint *stops,
                       const guint *segments,
                       guint        n_stops)
{
  Line line;

  g_return_val_if_fail (net != NULL, -1);
  for (guint i = 0; i < n_stops; i++)
    {
      if (stops[i] >= net->n_stations)
        return -1;
      for (guint j = 0; j < i; j++)
        if (stops[j] == stops[i])
          return -1;
      if (i + 1 < n_stops && segments[i] == 0)
        return -1;
    }
  line.stops = g_array_new (FALSE, FALSE, sizeof (guint));
  line.segments = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_vals (line.stops, stops, n_stops);
  if (n_stops > 1)
    g_array_append_vals (line.segments, segments, n_stops - 1);
  line.first_node = net->n_nodes;
  net->n_nodes += n_stops;
  g_array_append_val (net->lines, line);
  return (gint) net->lines->len - 1;
}

guint
tk_metro_net_n_lines (TkMetroNet *net)
{
  return net->lines->len;
}

guint
tk_metro_net_n_stations (TkMetroNet *net)
{
  return net->n_stations;
}

/* ---- graph ---- */

typedef struct
{
  guint to;
  guint cost;
  gint  line;         /* the line ridden, or −1 for a change */
} Edge;

typedef struct
{
  TkMetroNet *net;
  Node       *nodes;
  GArray    **edges;  /* [n_nodes] of Edge */
} Graph;

static void
graph_build (Graph       *graph,
             TkMetroNet  *net,
             TkMetroUnit  unit,
             guint        change_cost)
{
  guint n = net->n_nodes;

  graph->net = net;
  graph->nodes = g_new0 (Node, MAX (n, 1));
  graph->edges = g_new0 (GArray *, MAX (n, 1));
  for (guint v = 0; v < n; v++)
    graph->edges[v] = g_array_new (FALSE, FALSE, sizeof (Edge));

  for (guint l = 0; l < net->lines->len; l++)
    {
      Line *line = &g_array_index (net->lines, Line, l);

      for (guint i = 0; i < line->stops->len; i++)
        {
          guint v = line->first_node + i;

          graph->nodes[v] = (Node) { l, i, g_array_index (line->stops, guint, i) };
          if (i + 1 < line->stops->len)
            {
              guint seg = g_array_index (line->segments, guint, i);
              Edge forward = { v + 1, unit == TK_METRO_PER_HOP ? 1 : seg, (gint) l };
              Edge back = { v, forward.cost, (gint) l };

              g_array_append_val (graph->edges[v], forward);
              g_array_append_val (graph->edges[v + 1], back);
            }
        }
    }

  /* Changes: every pair of nodes at the same station. */
  for (guint v = 0; v < n; v++)
    for (guint u = 0; u < v; u++)
      if (graph->nodes[u].station == graph->nodes[v].station)
        {
          Edge a = { v, change_cost, -1 };
          Edge b = { u, change_cost, -1 };

          g_array_append_val (graph->edges[u], a);
          g_array_append_val (graph->edges[v], b);
        }
}

static void
graph_clear (Graph *graph)
{
  for (guint v = 0; v < graph->net->n_nodes; v++)
    g_array_unref (graph->edges[v]);
  g_free (graph->edges);
  g_free (graph->nodes);
}

/* Dijkstra from every node whose station is in @stations (distance 0).  The graphs are small
 * (a full board has under a hundred nodes), so a linear scan beats a heap. */
static void
dijkstra (Graph       *graph,
          const guint *stations,
          guint        n_stations,
          gint        *dist)
{
  guint n = graph->net->n_nodes;
  g_autofree gboolean *done = g_new0 (gboolean, MAX (n, 1));

  for (guint v = 0; v < n; v++)
    {
      dist[v] = INF;
      for (guint k = 0; k < n_stations; k++)
        if (graph->nodes[v].station == stations[k])
          dist[v] = 0;
    }
  for (;;)
    {
      gint best = INF;
      guint u = 0;

      for (guint v = 0; v < n; v++)
        if (!done[v] && dist[v] < best)
          {
            best = dist[v];
            u = v;
          }
      if (best == INF)
        break;
      done[u] = TRUE;
      for (guint e = 0; e < graph->edges[u]->len; e++)
        {
          Edge *edge = &g_array_index (graph->edges[u], Edge, e);
          gint d = best + (gint) edge->cost;

          if (d < dist[edge->to])
            dist[edge->to] = d;
        }
    }
}

static gboolean
in_set (const guint *set,
        guint        n,
        guint        value)
{
  for (guint i = 0; i < n; i++)
    if (set[i] == value)
      return TRUE;
  return FALSE;
}

static void
route_free (gpointer data)
{
  TkMetroRoute *route = data;

  g_array_unref (route->legs);
  g_free (route);
}

/* Turns a list of nodes joined by tight edges into legs (rides on one line merged). */
static TkMetroRoute *
route_from_path (Graph  *graph,
                 GArray *path,
                 TkMetroUnit unit)
{
  TkMetroRoute *route = g_new0 (TkMetroRoute, 1);
  TkMetroNet *net = graph->net;

  route->legs = g_array_new (FALSE, FALSE, sizeof (TkMetroLeg));
  for (guint i = 0; i + 1 < path->len; i++)
    {
      Node *a = &graph->nodes[g_array_index (path, guint, i)];
      Node *b = &graph->nodes[g_array_index (path, guint, i + 1)];
      Line *line;
      guint seg;

      if (a->line != b->line)
        continue;   /* a change */
      line = &g_array_index (net->lines, Line, a->line);
      seg = g_array_index (line->segments, guint, MIN (a->index, b->index));
      if (unit == TK_METRO_PER_HOP)
        seg = 1;
      if (route->legs->len > 0 && i > 0 &&
          graph->nodes[g_array_index (path, guint, i - 1)].line == a->line)
        {
          TkMetroLeg *leg = &g_array_index (route->legs, TkMetroLeg, route->legs->len - 1);
          leg->to_station = b->station;
          leg->time += seg;
        }
      else
        {
          TkMetroLeg leg = { a->line, a->station, b->station, seg };
          g_array_append_val (route->legs, leg);
        }
    }
  return route;
}

typedef struct
{
  Graph       *graph;
  const gint  *df;
  const gint  *db;
  gint         best;
  const guint *to;
  guint        n_to;
  TkMetroUnit  unit;
  TkMetroTrip *trip;
  guint        max_routes;
  GArray      *path;
  gboolean    *on_path;
} Walk;

static void
walk (Walk  *w,
      guint  v)
{
  Graph *graph = w->graph;

  if (w->trip->routes->len >= w->max_routes)
    return;
  g_array_append_val (w->path, v);
  w->on_path[v] = TRUE;
  if (w->df[v] == w->best && in_set (w->to, w->n_to, graph->nodes[v].station))
    g_ptr_array_add (w->trip->routes, route_from_path (graph, w->path, w->unit));
  else
    for (guint e = 0; e < graph->edges[v]->len; e++)
      {
        Edge *edge = &g_array_index (graph->edges[v], Edge, e);

        if (!w->on_path[edge->to] && w->df[v] + (gint) edge->cost == w->df[edge->to] &&
            w->df[edge->to] + w->db[edge->to] == w->best)
          walk (w, edge->to);
      }
  w->on_path[v] = FALSE;
  g_array_set_size (w->path, w->path->len - 1);
}

static int
compare_by_dist (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const gint *df = user_data;
  gint x = df[*(const guint *) a], y = df[*(const guint *) b];

  return x < y ? -1 : x > y ? 1 : (*(const guint *) a < *(const guint *) b ? -1 : 1);
}

TkMetroTrip *
tk_metro_trip_compute (TkMetroNet  *net,
                       const guint *from,
                       guint        n_from,
                       const guint *to,
                       guint        n_to,
                       TkMetroUnit  unit,
                       guint        change_cost,
                       guint        max_routes)
{
  TkMetroTrip *trip;
  Graph graph;
  guint n;
  g_autofree gint *df = NULL;
  g_autofree gint *db = NULL;
  gint best = INF;

  g_return_val_if_fail (net != NULL, NULL);
  g_return_val_if_fail (change_cost >= 1, NULL);

  trip = g_new0 (TkMetroTrip, 1);
  trip->n_lines = net->lines->len;
  trip->lines_used = g_new0 (gboolean, MAX (trip->n_lines, 1));
  trip->routes = g_ptr_array_new_with_free_func (route_free);
  trip->time = -1;

  if (n_from == 0 || n_to == 0)
    return trip;

  /* A station beside both ends: the trip takes no time and rides no line. */
  for (guint i = 0; i < n_from; i++)
    if (in_set (to, n_to, from[i]))
      {
        TkMetroRoute *route = g_new0 (TkMetroRoute, 1);

        route->legs = g_array_new (FALSE, FALSE, sizeof (TkMetroLeg));
        g_ptr_array_add (trip->routes, route);
        trip->time = 0;
        trip->n_routes = 1;
        return trip;
      }

  graph_build (&graph, net, unit, change_cost);
  n = net->n_nodes;
  df = g_new (gint, MAX (n, 1));
  db = g_new (gint, MAX (n, 1));
  dijkstra (&graph, from, n_from, df);
  dijkstra (&graph, to, n_to, db);
  for (guint v = 0; v < n; v++)
    if (in_set (to, n_to, graph.nodes[v].station) && df[v] < best)
      best = df[v];

  if (best != INF)
    {
      g_autofree guint *order = g_new (guint, MAX (n, 1));
      g_autofree guint64 *count = g_new0 (guint64, MAX (n, 1));
      guint64 total = 0;
      Walk w = { &graph, df, db, best, to, n_to, unit, trip, max_routes,
                 g_array_new (FALSE, FALSE, sizeof (guint)), g_new0 (gboolean, MAX (n, 1)) };

      trip->time = best;

      /* Lines ridden on some fastest route: tight ride edges. */
      for (guint u = 0; u < n; u++)
        for (guint e = 0; e < graph.edges[u]->len; e++)
          {
            Edge *edge = &g_array_index (graph.edges[u], Edge, e);

            if (edge->line >= 0 && df[u] != INF && db[edge->to] != INF &&
                df[u] + (gint) edge->cost + db[edge->to] == best)
              trip->lines_used[edge->line] = TRUE;
          }

      /* Number of fastest routes: paths in the tight-edge DAG, in order of distance. */
      for (guint v = 0; v < n; v++)
        order[v] = v;
      g_qsort_with_data (order, n, sizeof (guint), compare_by_dist, df);
      for (guint k = 0; k < n; k++)
        {
          guint u = order[k];

          if (df[u] == INF || db[u] == INF || df[u] + db[u] != best)
            continue;
          if (df[u] == 0)
            count[u] = 1;
          if (df[u] == best && in_set (to, n_to, graph.nodes[u].station))
            {
              total = total + count[u] < total ? G_MAXUINT64 : total + count[u];
              continue;
            }
          for (guint e = 0; e < graph.edges[u]->len; e++)
            {
              Edge *edge = &g_array_index (graph.edges[u], Edge, e);
              guint v = edge->to;

              if (df[u] + (gint) edge->cost == df[v] && db[v] != INF && df[v] + db[v] == best)
                count[v] = count[v] + count[u] < count[v] ? G_MAXUINT64 : count[v] + count[u];
            }
        }
      trip->n_routes = total > G_MAXUINT ? G_MAXUINT : (guint) total;

      for (guint v = 0; v < n && trip->routes->len < max_routes; v++)
        if (df[v] == 0 && db[v] == best)
          walk (&w, v);
      g_array_unref (w.path);
      g_free (w.on_path);
    }

  graph_clear (&graph);
  return trip;
}

void
tk_metro_trip_free (TkMetroTrip *trip)
{
  if (trip == NULL)
    return;
  g_free (trip->lines_used);
  g_ptr_array_unref (trip->routes);
  g_free (trip);
}
