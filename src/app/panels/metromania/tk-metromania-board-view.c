/* tk-metromania-board-view.c — the Metromania city drawn with GtkSnapshot (see the header).
 *
 * Lattice points (q, r) sit at x = q + r/2, y = r·√3/2 in board units; the view scales the
 * board (radius 6 with the frame apexes) to its width, then by the zoom, and pans when zoomed.
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "tk-metromania-board-view.h"
#include "tk-rules.h"

#define SQRT3_2 0.86602540378443864676
#define BOARD_W 13.4          /* board units across, margins included */
#define BOARD_H 11.8
#define NATURAL_WIDTH 640
#define MIN_WIDTH 280
#define MAX_ZOOM 4.0
#define FRAME_NORM 6
/* A board view this narrow (or narrower) is on a phone: it opens zoomed in (see
 * touch_zoom()) and is a little taller than the board's aspect, to show more of it. */
#define PHONE_WIDTH 480
#define PHONE_ASPECT 1.2
/* A finger's target: 44 px across an edge at its middle, i.e. twice the inradius of a
 * triangle (side × √3/6), so a board unit of 44 / (√3/3) px. */
#define TOUCH_SIZE 44.0
#define TOUCH_UNIT (TOUCH_SIZE * 1.7320508075688772)

typedef struct
{
  guint    seat;
  guint    style;
  char    *state;
  GArray  *path;              /* of TkMetroPoint */
  GArray  *cells;             /* of TkMetroCell */
} Line;

typedef struct
{
  char         letter;
  char        *kind;
  guint        owner;
  TkMetroCell  cell;
} Marker;

struct _TkMetromaniaBoardView
{
  GtkWidget         parent_instance;

  /* What is drawn, read from the engine's state on each change. */
  GArray           *lake;       /* of TkMetroCell */
  GArray           *park;
  GArray           *arrows;
  GArray           *end_arrows;
  GArray           *rivers;
  GArray           *forests;
  GArray           *spaces;        /* printed destination spaces … */
  GArray           *space_kinds;   /* … and their kinds (guint: home, work, leisure) */
  GArray           *used;
  GPtrArray        *lines;      /* of Line* */
  GArray           *stations;   /* of TkMetroPoint */
  GPtrArray        *station_names;
  GArray           *markers;    /* of Marker */
  GdkRGBA           colours[4];

  GArray           *draft;      /* of TkMetromaniaSegment */
  GArray           *draft_stations;
  GArray           *highlight;  /* of TkMetromaniaSegment */
  gboolean          has_end;
  TkMetroPoint      end;

  TkMetromaniaPick  pick;
  TkMetroPoint      cursor;     /* keyboard: a point, a direction, a side */
  guint             cursor_dir;
  gboolean          cursor_flip;

  double            zoom;
  gboolean          zoom_chosen; /* by the user: no longer follows the width */
  gboolean          phone;       /* narrow enough to open zoomed in */
  double            pan_x;      /* board units */
  double            pan_y;
  double            zoom_start;
  double            drag_pan_x;
  double            drag_pan_y;
};

enum
{
  SIGNAL_EDGE_ACTIVATED,
  SIGNAL_POINT_ACTIVATED,
  SIGNAL_CELL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkMetromaniaBoardView, tk_metromania_board_view, GTK_TYPE_WIDGET)

/* In turning order, as in tk-metromania-board.c. */
static const gint directions[6][2] = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 },
                                       { 1, -1 } };

/* ---- geometry ---- */

static gint
norm (TkMetroPoint p)
{
  return MAX (MAX (ABS (p.q), ABS (p.r)), ABS (p.q + p.r));
}

static void
board_xy (TkMetroPoint p,
          double      *x,
          double      *y)
{
  *x = p.q + p.r / 2.0;
  *y = p.r * SQRT3_2;
}

static void
cell_centre (TkMetroCell cell,
             double     *x,
             double     *y)
{
  TkMetroPoint c[3];
  double sx = 0, sy = 0;

  tk_metro_cell_corners (cell, c);
  for (guint i = 0; i < 3; i++)
    {
      double px, py;
      board_xy (c[i], &px, &py);
      sx += px;
      sy += py;
    }
  *x = sx / 3;
  *y = sy / 3;
}

static TkMetroCell
cell_at (double bx,
         double by)
{
  double r = by / SQRT3_2;
  double q = bx - r / 2;
  double fq = floor (q), fr = floor (r);

  return (TkMetroCell) { (gint) fq, (gint) fr, (q - fq) + (r - fr) >= 1.0 };
}

TkMetroCell
tk_metromania_cell_of_triangle (TkMetroPoint a,
                                TkMetroPoint b,
                                TkMetroPoint c)
{
  double x = (a.q + a.r / 2.0 + b.q + b.r / 2.0 + c.q + c.r / 2.0) / 3;
  double y = (a.r + b.r + c.r) * SQRT3_2 / 3;

  return cell_at (x, y);
}

static gboolean
cell_on_board (TkMetroCell cell)
{
  return tk_metro_cell_in_city (cell) || tk_metro_cell_frame_side (cell) >= 0;
}

static gboolean
cells_contain (GArray      *cells,
               TkMetroCell  cell)
{
  for (guint i = 0; cells != NULL && i < cells->len; i++)
    if (tk_metro_cell_equal (g_array_index (cells, TkMetroCell, i), cell))
      return TRUE;
  return FALSE;
}

/* The two cells beside the edge a–b (one may be off the board). */
static void
cells_beside (TkMetroPoint a,
              TkMetroPoint b,
              TkMetroCell  out[2])
{
  gint d = tk_metro_heading (a, b);
  guint k = 0;

  for (gint turn = 1; turn >= -1 && d >= 0; turn -= 2)
    {
      guint e = (guint) ((d + turn + 6) % 6);
      TkMetroPoint c = { a.q + directions[e][0], a.r + directions[e][1] };

      out[k++] = tk_metromania_cell_of_triangle (a, b, c);
    }
  if (d < 0)
    out[0] = out[1] = (TkMetroCell) { 100, 100, FALSE };
}

/* Pixels per board unit and the board's centre in widget coordinates. */
static void
transform (TkMetromaniaBoardView *self,
           double                *unit,
           double                *cx,
           double                *cy)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  *unit = MIN (w / BOARD_W, h / BOARD_H) * self->zoom;
  *cx = w / 2 - self->pan_x * *unit;
  *cy = h / 2 - self->pan_y * *unit;
}

static void
clamp_pan (TkMetromaniaBoardView *self)
{
  /* Keep some of the board in view: the centre may move at most to the board's edge. */
  double limit_x = BOARD_W / 2 * (1 - 1 / self->zoom);
  double limit_y = BOARD_H / 2 * (1 - 1 / self->zoom);

  self->pan_x = CLAMP (self->pan_x, -limit_x, limit_x);
  self->pan_y = CLAMP (self->pan_y, -limit_y, limit_y);
}

/* The zoom at which an edge is a finger's target (TOUCH_SIZE across) at @width × @height. */
static double
touch_zoom (int width,
            int height)
{
  double unit = MIN (width / BOARD_W, height / BOARD_H);

  return unit > 0 ? CLAMP (TOUCH_UNIT / unit, 1.0, MAX_ZOOM) : 1.0;
}

/* Pans, when zoomed, so that the board point (@x, @y) is in view with a unit to spare: the
 * keyboard cursor never leaves the screen. */
static void
pan_to_show (TkMetromaniaBoardView *self,
             double                 x,
             double                 y)
{
  double unit, cx, cy, half_w, half_h;

  transform (self, &unit, &cx, &cy);
  if (unit <= 0 || self->zoom <= 1.0)
    return;
  half_w = MAX (0, gtk_widget_get_width (GTK_WIDGET (self)) / (2 * unit) - 1);
  half_h = MAX (0, gtk_widget_get_height (GTK_WIDGET (self)) / (2 * unit) - 1);
  self->pan_x = CLAMP (self->pan_x, x - half_w, x + half_w);
  self->pan_y = CLAMP (self->pan_y, y - half_h, y + half_h);
  clamp_pan (self);
}

/* ---- JSON ---- */

gboolean
tk_metromania_point_from_json (JsonNode     *node,
                               TkMetroPoint *point)
{
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) < 2)
    return FALSE;
  point->q = json_array_get_int_element (array, 0);
  point->r = json_array_get_int_element (array, 1);
  return TRUE;
}

gboolean
tk_metromania_cell_from_json (JsonNode    *node,
                              TkMetroCell *cell)
{
  JsonArray *array;
  TkMetroPoint p;

  if (!tk_metromania_point_from_json (node, &p))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) != 3)
    return FALSE;
  cell->q = p.q;
  cell->r = p.r;
  cell->down = g_strcmp0 (json_array_get_string_element (array, 2), "down") == 0;
  return TRUE;
}

static void
read_cells (JsonObject *object,
            const char *name,
            GArray     *out)
{
  JsonArray *array = object != NULL && json_object_has_member (object, name)
                     ? json_object_get_array_member (object, name) : NULL;

  g_array_set_size (out, 0);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      TkMetroCell cell;
      if (tk_metromania_cell_from_json (json_array_get_element (array, i), &cell))
        g_array_append_val (out, cell);
    }
}

/* "spaces": [{"cell": […], "kind": "home" | "work" | "leisure"}] into @cells and @kinds. */
static void
read_spaces (JsonObject *board,
             GArray     *cells,
             GArray     *kinds)
{
  static const char *const names[] = { "home", "work", "leisure" };
  JsonArray *spaces = board != NULL && json_object_has_member (board, "spaces")
                      ? json_object_get_array_member (board, "spaces") : NULL;

  g_array_set_size (cells, 0);
  g_array_set_size (kinds, 0);
  for (guint i = 0; spaces != NULL && i < json_array_get_length (spaces); i++)
    {
      JsonObject *space = json_array_get_object_element (spaces, i);
      const char *kind = space != NULL ? json_object_get_string_member_with_default (space,
                                                                                     "kind", "")
                                       : "";
      TkMetroCell cell;

      if (space == NULL || !json_object_has_member (space, "cell") ||
          !tk_metromania_cell_from_json (json_object_get_member (space, "cell"), &cell))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        if (g_str_equal (kind, names[k]))
          {
            g_array_append_val (cells, cell);
            g_array_append_val (kinds, k);
          }
    }
}

static void
line_free (gpointer data)
{
  Line *line = data;

  g_free (line->state);
  g_array_unref (line->path);
  g_array_unref (line->cells);
  g_free (line);
}

static void
marker_clear (gpointer data)
{
  g_free (((Marker *) data)->kind);
}

void
tk_metromania_board_view_set_game (TkMetromaniaBoardView *self,
                                   JsonObject            *game,
                                   JsonObject            *setup)
{
  JsonObject *board;
  JsonArray *array;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  board = game != NULL && json_object_has_member (game, "board")
          ? json_object_get_object_member (game, "board") : NULL;
  read_cells (board, "lake", self->lake);
  read_cells (board, "park", self->park);
  read_cells (board, "arrows", self->arrows);
  read_cells (board, "end_arrows", self->end_arrows);
  read_cells (board, "rivers", self->rivers);
  read_cells (board, "forests", self->forests);
  read_spaces (board, self->spaces, self->space_kinds);
  read_cells (board, "tunnel_cells", self->used);

  g_ptr_array_set_size (self->lines, 0);
  array = game != NULL && json_object_has_member (game, "lines")
          ? json_object_get_array_member (game, "lines") : NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *entry = json_array_get_object_element (array, i);
      JsonArray *path = json_object_has_member (entry, "path")
                        ? json_object_get_array_member (entry, "path") : NULL;
      JsonArray *cells = json_object_has_member (entry, "cells")
                         ? json_object_get_array_member (entry, "cells") : NULL;
      Line *line = g_new0 (Line, 1);

      line->seat = json_object_get_int_member (entry, "seat");
      line->style = g_strcmp0 (json_object_get_string_member (entry, "style"), "striped") == 0;
      line->state = g_strdup (json_object_get_string_member (entry, "state"));
      line->path = g_array_new (FALSE, FALSE, sizeof (TkMetroPoint));
      line->cells = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
      for (guint k = 0; path != NULL && k < json_array_get_length (path); k++)
        {
          TkMetroPoint p;
          if (tk_metromania_point_from_json (json_array_get_element (path, k), &p))
            g_array_append_val (line->path, p);
        }
      for (guint k = 0; cells != NULL && k < json_array_get_length (cells); k++)
        {
          TkMetroCell c;
          if (tk_metromania_cell_from_json (json_array_get_element (cells, k), &c))
            g_array_append_val (line->cells, c);
        }
      g_ptr_array_add (self->lines, line);
    }

  g_array_set_size (self->stations, 0);
  g_ptr_array_set_size (self->station_names, 0);
  array = game != NULL && json_object_has_member (game, "stations")
          ? json_object_get_array_member (game, "stations") : NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *entry = json_array_get_object_element (array, i);
      TkMetroPoint p;

      if (json_object_has_member (entry, "point") &&
          tk_metromania_point_from_json (json_object_get_member (entry, "point"), &p))
        {
          g_array_append_val (self->stations, p);
          g_ptr_array_add (self->station_names,
                           g_strdup (json_object_get_string_member (entry, "id")));
        }
    }

  g_array_set_size (self->markers, 0);
  array = game != NULL && json_object_has_member (game, "destinations")
          ? json_object_get_array_member (game, "destinations") : NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *entry = json_array_get_object_element (array, i);
      Marker marker = { 0 };

      if (!json_object_has_member (entry, "cell") ||
          !tk_metromania_cell_from_json (json_object_get_member (entry, "cell"), &marker.cell))
        continue;
      marker.letter = json_object_get_string_member (entry, "letter")[0];
      marker.kind = g_strdup (json_object_get_string_member (entry, "kind"));
      marker.owner = json_object_get_int_member (entry, "owner");
      g_array_append_val (self->markers, marker);
    }

  for (guint s = 0; s < G_N_ELEMENTS (self->colours); s++)
    {
      const char *colour = setup != NULL && s < tk_rules_setup_n_players (setup)
                           ? tk_rules_setup_player_colour (setup, s) : NULL;

      if (colour == NULL || !gdk_rgba_parse (&self->colours[s], colour))
        gdk_rgba_parse (&self->colours[s], tk_rules_seat_colour (s));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tk_metromania_board_view_set_draft (TkMetromaniaBoardView     *self,
                                    const TkMetromaniaSegment *tunnels,
                                    guint                      n_tunnels,
                                    const TkMetroPoint        *stations,
                                    guint                      n_stations)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_array_set_size (self->draft, 0);
  g_array_append_vals (self->draft, tunnels, n_tunnels);
  g_array_set_size (self->draft_stations, 0);
  g_array_append_vals (self->draft_stations, stations, n_stations);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tk_metromania_board_view_set_highlight (TkMetromaniaBoardView     *self,
                                        const TkMetromaniaSegment *segments,
                                        guint                      n_segments)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_array_set_size (self->highlight, 0);
  g_array_append_vals (self->highlight, segments, n_segments);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const TkMetromaniaSegment *
tk_metromania_board_view_get_highlight (TkMetromaniaBoardView *self,
                                        guint                 *n_segments)
{
  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), NULL);

  *n_segments = self->highlight->len;
  return (const TkMetromaniaSegment *) self->highlight->data;
}

void
tk_metromania_board_view_set_line_end (TkMetromaniaBoardView *self,
                                       const TkMetroPoint    *end)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  self->has_end = end != NULL;
  if (end != NULL)
    {
      self->end = *end;
      /* The keyboard cursor follows the line being drawn, so Enter extends it. */
      if (norm (*end) <= FRAME_NORM)
        self->cursor = *end;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
tk_metromania_board_view_set_pick (TkMetromaniaBoardView *self,
                                   TkMetromaniaPick       pick)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  self->pick = pick;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

TkMetromaniaPick
tk_metromania_board_view_get_pick (TkMetromaniaBoardView *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), TK_METROMANIA_PICK_EDGE);

  return self->pick;
}

double
tk_metromania_board_view_get_zoom (TkMetromaniaBoardView *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), 1.0);

  return self->zoom;
}

void
tk_metromania_board_view_set_zoom (TkMetromaniaBoardView *self,
                                   double                 zoom)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  self->zoom = CLAMP (zoom, 1.0, MAX_ZOOM);
  self->zoom_chosen = TRUE;
  clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

TkMetroPoint
tk_metromania_board_view_get_cursor (TkMetromaniaBoardView *self)
{
  TkMetroPoint centre = { 0, 0 };

  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), centre);

  return self->cursor;
}

gboolean
tk_metromania_board_view_to_widget (TkMetromaniaBoardView *self,
                                    TkMetroPoint           point,
                                    double                *x,
                                    double                *y)
{
  double unit, cx, cy, bx, by;

  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), FALSE);

  transform (self, &unit, &cx, &cy);
  board_xy (point, &bx, &by);
  *x = cx + bx * unit;
  *y = cy + by * unit;
  return *x >= 0 && *y >= 0 && *x <= gtk_widget_get_width (GTK_WIDGET (self)) &&
         *y <= gtk_widget_get_height (GTK_WIDGET (self));
}

/* ---- activation ---- */

void
tk_metromania_board_view_activate_edge (TkMetromaniaBoardView *self,
                                        TkMetroPoint           a,
                                        TkMetroPoint           b,
                                        const TkMetroCell     *cell)
{
  TkMetroCell chosen;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  if (cell != NULL)
    chosen = *cell;
  else
    {
      TkMetroCell beside[2];
      gint best = -1;

      cells_beside (a, b, beside);
      for (gint k = 1; k >= 0; k--)
        {
          gboolean drafted = FALSE;

          for (guint i = 0; i < self->draft->len; i++)
            drafted |= tk_metro_cell_equal (g_array_index (self->draft, TkMetromaniaSegment,
                                                           i).cell, beside[k]);
          if (cell_on_board (beside[k]) && !drafted && !cells_contain (self->used, beside[k]) &&
              !cells_contain (self->lake, beside[k]) && !cells_contain (self->park, beside[k]))
            best = k;
        }
      chosen = beside[best >= 0 ? best : 0];
    }
  g_signal_emit (self, signals[SIGNAL_EDGE_ACTIVATED], 0, &a, &b, &chosen);
}

void
tk_metromania_board_view_activate_point (TkMetromaniaBoardView *self,
                                         TkMetroPoint           point)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_signal_emit (self, signals[SIGNAL_POINT_ACTIVATED], 0, &point);
}

void
tk_metromania_board_view_activate_cell (TkMetromaniaBoardView *self,
                                        TkMetroCell            cell)
{
  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  g_signal_emit (self, signals[SIGNAL_CELL_ACTIVATED], 0, &cell);
}

static double
distance_to_segment (double px,
                     double py,
                     double ax,
                     double ay,
                     double bx,
                     double by)
{
  double dx = bx - ax, dy = by - ay;
  double t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);

  t = CLAMP (t, 0, 1);
  return hypot (px - (ax + t * dx), py - (ay + t * dy));
}

gboolean
tk_metromania_board_view_tap (TkMetromaniaBoardView *self,
                              double                 x,
                              double                 y)
{
  double unit, cx, cy, bx, by;
  TkMetroCell cell;
  TkMetroPoint c[3];

  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), FALSE);

  transform (self, &unit, &cx, &cy);
  if (unit <= 0)
    return FALSE;
  bx = (x - cx) / unit;
  by = (y - cy) / unit;
  cell = cell_at (bx, by);
  tk_metro_cell_corners (cell, c);

  switch (self->pick)
    {
    case TK_METROMANIA_PICK_POINT:
      {
        gint best = -1;
        double best_d = 0.5;

        for (guint i = 0; i < 3; i++)
          {
            double px, py;
            board_xy (c[i], &px, &py);
            if (tk_metro_point_in_city (c[i]) && hypot (bx - px, by - py) < best_d)
              {
                best_d = hypot (bx - px, by - py);
                best = (gint) i;
              }
          }
        if (best < 0)
          return FALSE;
        tk_metromania_board_view_activate_point (self, c[best]);
        return TRUE;
      }

    case TK_METROMANIA_PICK_EDGE:
      {
        guint best = 0;
        double best_d = G_MAXDOUBLE;

        if (!cell_on_board (cell))
          return FALSE;
        /* The side of the tapped cell nearest to the tap: a tunnel tile lies in the cell. */
        for (guint i = 0; i < 3; i++)
          {
            double ax, ay, ex, ey, d;
            board_xy (c[i], &ax, &ay);
            board_xy (c[(i + 1) % 3], &ex, &ey);
            d = distance_to_segment (bx, by, ax, ay, ex, ey);
            if (d < best_d)
              {
                best_d = d;
                best = i;
              }
          }
        tk_metromania_board_view_activate_edge (self, c[best], c[(best + 1) % 3], &cell);
        return TRUE;
      }

    case TK_METROMANIA_PICK_CELL:
    default:
      if (!cell_on_board (cell))
        return FALSE;
      tk_metromania_board_view_activate_cell (self, cell);
      return TRUE;
    }
}

/* ---- drawing ---- */

static void
set_rgba (cairo_t       *cr,
          const GdkRGBA *rgba,
          double         alpha)
{
  cairo_set_source_rgba (cr, rgba->red, rgba->green, rgba->blue, rgba->alpha * alpha);
}

static void
cell_path (cairo_t     *cr,
           TkMetroCell  cell,
           double       shrink)
{
  TkMetroPoint c[3];
  double mx, my;

  tk_metro_cell_corners (cell, c);
  cell_centre (cell, &mx, &my);
  for (guint i = 0; i < 3; i++)
    {
      double x, y;
      board_xy (c[i], &x, &y);
      x = mx + (x - mx) * (1 - shrink);
      y = my + (y - my) * (1 - shrink);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

static gboolean
same_edge (const TkMetromaniaSegment *a,
           const TkMetromaniaSegment *b)
{
  return (tk_metro_point_equal (a->from, b->from) && tk_metro_point_equal (a->to, b->to)) ||
         (tk_metro_point_equal (a->from, b->to) && tk_metro_point_equal (a->to, b->from));
}

/* Whether another tunnel (on the board or of this turn) runs along the same edge. */
static gboolean
edge_shared (TkMetromaniaBoardView     *self,
             const TkMetromaniaSegment *seg)
{
  for (guint i = 0; i < self->lines->len; i++)
    {
      Line *line = self->lines->pdata[i];

      for (guint k = 0; k + 1 < line->path->len && k < line->cells->len; k++)
        {
          TkMetromaniaSegment other = { line->seat, line->style,
                                        g_array_index (line->cells, TkMetroCell, k),
                                        g_array_index (line->path, TkMetroPoint, k),
                                        g_array_index (line->path, TkMetroPoint, k + 1) };

          if (same_edge (seg, &other) && !tk_metro_cell_equal (seg->cell, other.cell))
            return TRUE;
        }
    }
  for (guint i = 0; i < self->draft->len; i++)
    {
      TkMetromaniaSegment *other = &g_array_index (self->draft, TkMetromaniaSegment, i);

      if (same_edge (seg, other) && !tk_metro_cell_equal (seg->cell, other->cell))
        return TRUE;
    }
  return FALSE;
}

/* Two lines along one edge (a parallel run) are drawn apart, each a little inside the cell
 * its tile lies in; a line alone on its edge is drawn on the edge. */
static void
segment_offset (TkMetromaniaBoardView     *self,
                const TkMetromaniaSegment *seg,
                double                    *ox,
                double                    *oy)
{
  double mx, my, ax, ay, bx, by, d;

  *ox = *oy = 0;
  if (!edge_shared (self, seg))
    return;
  cell_centre (seg->cell, &mx, &my);
  board_xy (seg->from, &ax, &ay);
  board_xy (seg->to, &bx, &by);
  *ox = mx - (ax + bx) / 2;
  *oy = my - (ay + by) / 2;
  d = hypot (*ox, *oy);
  if (d > 0)
    {
      *ox *= 0.1 / d;
      *oy *= 0.1 / d;
    }
}

/* A run of consecutive tunnels as one stroke, so that joins are smooth and the stripes of a
 * striped line run on. */
static void
stroke_run (TkMetromaniaBoardView     *self,
            cairo_t                   *cr,
            const TkMetromaniaSegment *segs,
            guint                      n,
            double                     width,
            gboolean                   striped)
{
  static const double dash[] = { 0.24, 0.16 };

  if (n == 0)
    return;
  for (guint k = 0; k <= n; k++)
    {
      double x, y, ox = 0, oy = 0, count = 0;

      board_xy (k < n ? segs[k].from : segs[n - 1].to, &x, &y);
      for (gint j = (gint) k - 1; j <= (gint) k; j++)
        if (j >= 0 && j < (gint) n)
          {
            double sx, sy;
            segment_offset (self, &segs[j], &sx, &sy);
            ox += sx;
            oy += sy;
            count++;
          }
      x += ox / count;
      y += oy / count;
      if (k == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, striped ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (striped)
    cairo_set_dash (cr, dash, 2, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_marker (TkMetromaniaBoardView *self,
             cairo_t               *cr,
             const Marker          *marker,
             const GdkRGBA         *fg)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  char text[2] = { marker->letter, '\0' };
  const GdkRGBA *colour = &self->colours[marker->owner % 4];
  double x, y, r = 0.27;
  int w, h;

  cell_centre (marker->cell, &x, &y);
  /* The kind is the shape: home a house, work a square, leisure a circle. */
  if (g_strcmp0 (marker->kind, "home") == 0)
    {
      cairo_move_to (cr, x, y - r * 1.25);
      cairo_line_to (cr, x + r, y - r * 0.3);
      cairo_line_to (cr, x + r, y + r);
      cairo_line_to (cr, x - r, y + r);
      cairo_line_to (cr, x - r, y - r * 0.3);
      cairo_close_path (cr);
    }
  else if (g_strcmp0 (marker->kind, "work") == 0)
    cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
  else
    cairo_arc (cr, x, y, r * 1.1, 0, 2 * G_PI);
  set_rgba (cr, colour, 1);
  cairo_fill_preserve (cr);
  set_rgba (cr, fg, 0.8);
  cairo_set_line_width (cr, 0.04);
  cairo_stroke (cr);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, 0.34 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  /* White on the player's colour, outlined so light colours still read. */
  cairo_move_to (cr, x - w / 2.0 / PANGO_SCALE, y - h / 2.0 / PANGO_SCALE + r * 0.12);
  pango_cairo_layout_path (cr, layout);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_set_line_width (cr, 0.05);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);
}

static gboolean
line_highlighted (TkMetromaniaBoardView *self,
                  Line                  *line)
{
  for (guint i = 0; i < self->highlight->len; i++)
    {
      TkMetromaniaSegment *seg = &g_array_index (self->highlight, TkMetromaniaSegment, i);
      if (seg->seat == line->seat && seg->style == line->style)
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  double x, y, width, height;
} Box;

static gboolean
boxes_overlap (const Box *a,
               const Box *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* The names of the stations on the selected trip's routes, beside them: above right unless
 * that would cover a destination marker or another name, then the other corners in turn. */
static void
draw_route_stations (TkMetromaniaBoardView *self,
                     cairo_t               *cr,
                     const GdkRGBA         *fg,
                     const GdkRGBA         *bg)
{
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (Box));

  /* Markers in device pixels, as boxes a little larger than their shapes. */
  for (guint i = 0; i < self->markers->len; i++)
    {
      const Marker *marker = &g_array_index (self->markers, Marker, i);
      double x, y, x1, y1;
      Box box;

      cell_centre (marker->cell, &x, &y);
      x1 = x + 0.35;
      y1 = y + 0.35;
      x -= 0.35;
      y -= 0.35;
      cairo_user_to_device (cr, &x, &y);
      cairo_user_to_device (cr, &x1, &y1);
      box.x = MIN (x, x1);
      box.y = MIN (y, y1);
      box.width = fabs (x1 - x);
      box.height = fabs (y1 - y);
      g_array_append_val (taken, box);
    }

  for (guint i = 0; i < self->stations->len; i++)
    {
      TkMetroPoint p = g_array_index (self->stations, TkMetroPoint, i);
      gboolean on = FALSE;
      g_autoptr(PangoLayout) layout = NULL;
      PangoFontDescription *font;
      double x, y;
      Box box;
      int w, h;
      guint corner;

      for (guint k = 0; k < self->highlight->len; k++)
        {
          TkMetromaniaSegment *seg = &g_array_index (self->highlight, TkMetromaniaSegment, k);
          on |= tk_metro_point_equal (seg->from, p) || tk_metro_point_equal (seg->to, p);
        }
      if (!on)
        continue;
      board_xy (p, &x, &y);
      /* Text in device pixels: Pango rounds metrics badly at sizes of a fraction of a unit. */
      cairo_save (cr);
      cairo_user_to_device (cr, &x, &y);
      cairo_identity_matrix (cr);
      layout = pango_cairo_create_layout (cr);
      font = pango_font_description_from_string ("Sans Bold");
      pango_font_description_set_absolute_size (font, 11 * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      pango_layout_set_text (layout, self->station_names->pdata[i], -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      for (corner = 0; corner < 4; corner++)
        {
          gboolean clear = TRUE;

          box.x = corner % 2 == 0 ? x + 8 - 2 : x - 8 - w - 2;
          box.y = corner < 2 ? y - h - 6 : y + 6;
          box.width = w + 4;
          box.height = h;
          for (guint t = 0; t < taken->len && clear; t++)
            clear = !boxes_overlap (&box, &g_array_index (taken, Box, t));
          if (clear)
            break;
        }
      if (corner == 4)   /* crowded everywhere: the first place */
        {
          box.x = x + 8 - 2;
          box.y = y - h - 6;
        }
      g_array_append_val (taken, box);
      cairo_rectangle (cr, box.x, box.y, box.width, box.height);
      set_rgba (cr, bg, 0.85);
      cairo_fill (cr);
      cairo_move_to (cr, box.x + 2, box.y);
      set_rgba (cr, fg, 1);
      pango_cairo_show_layout (cr, layout);
      cairo_restore (cr);
    }
}

static void
tk_metromania_board_view_snapshot (GtkWidget   *widget,
                                   GtkSnapshot *snapshot)
{
  TkMetromaniaBoardView *self = TK_METROMANIA_BOARD_VIEW (widget);
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double unit, cx, cy;
  GdkRGBA fg, accent, bg, lake, park;
  cairo_t *cr;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", &accent))
    gdk_rgba_parse (&accent, "#3584e4");
  if (!gtk_style_context_lookup_color (context, "view_bg_color", &bg))
    gdk_rgba_parse (&bg, "#ffffff");
  G_GNUC_END_IGNORE_DEPRECATIONS
  gdk_rgba_parse (&lake, "#3584e4");
  gdk_rgba_parse (&park, "#2ec27e");

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  transform (self, &unit, &cx, &cy);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, unit, unit);

  /* Cells: the city, the frame (darker), the lake and the park, arrows. */
  for (gint q = -FRAME_NORM - 1; q <= FRAME_NORM; q++)
    for (gint r = -FRAME_NORM - 1; r <= FRAME_NORM; r++)
      for (guint d = 0; d < 2; d++)
        {
          TkMetroCell cell = { q, r, d == 1 };
          gboolean city = tk_metro_cell_in_city (cell);
          gboolean frame = !city && tk_metro_cell_frame_side (cell) >= 0;

          if (!city && !frame)
            continue;
          cell_path (cr, cell, 0);
          if (cells_contain (self->lake, cell))
            set_rgba (cr, &lake, 0.55);
          else if (cells_contain (self->park, cell))
            set_rgba (cr, &park, 0.55);
          else if (cells_contain (self->rivers, cell))
            set_rgba (cr, &lake, 0.3);
          else if (cells_contain (self->forests, cell))
            cairo_set_source_rgba (cr, 0.15, 0.4, 0.2, 0.5);
          else
            set_rgba (cr, &fg, frame ? 0.13 : 0.035);
          cairo_fill_preserve (cr);
          set_rgba (cr, &fg, 0.18);
          cairo_set_line_width (cr, 0.02);
          cairo_stroke (cr);
          if (frame && cells_contain (self->arrows, cell))
            {
              /* A white (start) arrow: a light mark with a dark outline, as printed. */
              cell_path (cr, cell, 0.55);
              cairo_set_source_rgb (cr, 1, 1, 1);
              cairo_fill_preserve (cr);
              set_rgba (cr, &fg, 0.7);
              cairo_set_line_width (cr, 0.04);
              cairo_stroke (cr);
            }
          else if (frame && cells_contain (self->end_arrows, cell))
            {
              /* A black (end) arrow. */
              cell_path (cr, cell, 0.55);
              cairo_set_source_rgb (cr, 0.08, 0.08, 0.08);
              cairo_fill (cr);
            }
          for (guint i = 0; city && i < self->spaces->len; i++)
            if (tk_metro_cell_equal (g_array_index (self->spaces, TkMetroCell, i), cell))
              {
                /* A printed destination space: a small mark per kind — a square (home), a
                 * diamond (work), a circle (leisure). */
                double mx, my, k = 0.11;
                guint kind = g_array_index (self->space_kinds, guint, i);

                cell_centre (cell, &mx, &my);
                set_rgba (cr, &fg, 0.45);
                if (kind == 0)
                  cairo_rectangle (cr, mx - k, my - k, 2 * k, 2 * k);
                else if (kind == 1)
                  {
                    cairo_move_to (cr, mx, my - 1.3 * k);
                    cairo_line_to (cr, mx + 1.3 * k, my);
                    cairo_line_to (cr, mx, my + 1.3 * k);
                    cairo_line_to (cr, mx - 1.3 * k, my);
                    cairo_close_path (cr);
                  }
                else
                  cairo_arc (cr, mx, my, 1.2 * k, 0, 2 * G_PI);
                cairo_fill (cr);
              }
        }
  /* The city's outline. */
  for (guint s = 0; s < 6; s++)
    {
      double x, y;
      TkMetroPoint corner = { directions[s][0] * 5, directions[s][1] * 5 };

      board_xy (corner, &x, &y);
      if (s == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
  set_rgba (cr, &fg, 0.5);
  cairo_set_line_width (cr, 0.05);
  cairo_stroke (cr);

  /* The selected trip's fastest routes: a glow under the lines. */
  for (guint i = 0; i < self->highlight->len; i++)
    {
      set_rgba (cr, &accent, 0.55);
      stroke_run (self, cr, &g_array_index (self->highlight, TkMetromaniaSegment, i), 1, 0.55,
                  FALSE);
    }

  /* Lines, then the turn being entered (lighter). */
  for (guint i = 0; i < self->lines->len; i++)
    {
      Line *line = self->lines->pdata[i];

      g_autoptr(GArray) run = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));

      for (guint k = 0; k + 1 < line->path->len && k < line->cells->len; k++)
        {
          TkMetromaniaSegment seg = { line->seat, line->style,
                                      g_array_index (line->cells, TkMetroCell, k),
                                      g_array_index (line->path, TkMetroPoint, k),
                                      g_array_index (line->path, TkMetroPoint, k + 1) };

          g_array_append_val (run, seg);
        }
      /* With a trip selected, the lines it does not ride step back. */
      set_rgba (cr, &self->colours[line->seat % 4],
                self->highlight->len > 0 && !line_highlighted (self, line) ? 0.35 : 1);
      stroke_run (self, cr, (TkMetromaniaSegment *) run->data, run->len, 0.14, line->style == 1);
      if (line->path->len > 0)
        {
          double x, y;
          /* The start marker on the arrow's apex; an end marker when finished. */
          board_xy (g_array_index (line->path, TkMetroPoint, 0), &x, &y);
          set_rgba (cr, &self->colours[line->seat % 4], 1);
          cairo_arc (cr, x, y, 0.13, 0, 2 * G_PI);
          cairo_fill (cr);
          if (g_strcmp0 (line->state, "finished") == 0)
            {
              board_xy (g_array_index (line->path, TkMetroPoint, line->path->len - 1), &x, &y);
              cairo_rectangle (cr, x - 0.14, y - 0.14, 0.28, 0.28);
              cairo_fill (cr);
            }
          else if (g_strcmp0 (line->state, "dead_end") == 0)
            {
              board_xy (g_array_index (line->path, TkMetroPoint, line->path->len - 1), &x, &y);
              cairo_set_line_width (cr, 0.07);
              cairo_move_to (cr, x - 0.15, y - 0.15);
              cairo_line_to (cr, x + 0.15, y + 0.15);
              cairo_move_to (cr, x + 0.15, y - 0.15);
              cairo_line_to (cr, x - 0.15, y + 0.15);
              cairo_stroke (cr);
            }
        }
    }
  for (guint i = 0; i < self->draft->len; i++)
    {
      TkMetromaniaSegment *seg = &g_array_index (self->draft, TkMetromaniaSegment, i);

      cell_path (cr, seg->cell, 0.1);
      set_rgba (cr, &accent, 0.2);
      cairo_fill (cr);
      set_rgba (cr, &self->colours[seg->seat % 4], 0.65);
      stroke_run (self, cr, seg, 1, 0.14, seg->style == 1);
    }

  /* Destination markers. */
  for (guint i = 0; i < self->markers->len; i++)
    draw_marker (self, cr, &g_array_index (self->markers, Marker, i), &fg);

  /* Stations, then the new ones of this turn (dashed). */
  for (guint k = 0; k < 2; k++)
    {
      GArray *points = k == 0 ? self->stations : self->draft_stations;

      for (guint i = 0; i < points->len; i++)
        {
          double x, y;
          static const double dash[] = { 0.08, 0.06 };

          board_xy (g_array_index (points, TkMetroPoint, i), &x, &y);
          cairo_arc (cr, x, y, 0.2, 0, 2 * G_PI);
          set_rgba (cr, &bg, 1);
          cairo_fill_preserve (cr);
          set_rgba (cr, &fg, 0.9);
          cairo_set_line_width (cr, 0.07);
          if (k == 1)
            cairo_set_dash (cr, dash, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }

  if (self->highlight->len > 0)
    draw_route_stations (self, cr, &fg, &bg);

  /* Where the line being drawn goes on. */
  if (self->has_end)
    {
      double x, y;
      board_xy (self->end, &x, &y);
      cairo_arc (cr, x, y, 0.3, 0, 2 * G_PI);
      set_rgba (cr, &accent, 0.9);
      cairo_set_line_width (cr, 0.06);
      cairo_stroke (cr);
    }

  /* The keyboard cursor. */
  if (gtk_widget_has_visible_focus (widget))
    {
      TkMetroPoint p = self->cursor;
      TkMetroPoint b = { p.q + directions[self->cursor_dir][0],
                         p.r + directions[self->cursor_dir][1] };
      double x, y, x2, y2;

      set_rgba (cr, &accent, 1);
      cairo_set_line_width (cr, 0.08);
      board_xy (p, &x, &y);
      board_xy (b, &x2, &y2);
      if (self->pick == TK_METROMANIA_PICK_POINT)
        {
          cairo_arc (cr, x, y, 0.34, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      else
        {
          guint side = self->pick == TK_METROMANIA_PICK_EDGE && self->cursor_flip
                       ? (self->cursor_dir + 5) % 6 : (self->cursor_dir + 1) % 6;
          TkMetroPoint c = { p.q + directions[side][0], p.r + directions[side][1] };

          cell_path (cr, tk_metromania_cell_of_triangle (p, b, c), 0.12);
          cairo_set_line_width (cr, 0.05);
          cairo_stroke (cr);
          if (self->pick == TK_METROMANIA_PICK_EDGE)
            {
              cairo_set_line_width (cr, 0.12);
              cairo_move_to (cr, x, y);
              cairo_line_to (cr, x2, y2);
              cairo_stroke (cr);
            }
        }
    }
  cairo_destroy (cr);
}

/* ---- size ---- */

static GtkSizeRequestMode
tk_metromania_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tk_metromania_board_view_measure (GtkWidget      *widget,
                                  GtkOrientation  orientation,
                                  int             for_size,
                                  int            *minimum,
                                  int            *natural,
                                  int            *minimum_baseline,
                                  int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = NATURAL_WIDTH;
    }
  else
    {
      /* Keep the board's aspect ratio at the width given, up to the natural size; on a
       * phone, where it opens zoomed in, a little taller to show more rows. */
      int width = for_size < 0 ? NATURAL_WIDTH : MIN (for_size, NATURAL_WIDTH);

      *minimum = *natural = (int) ceil (width * (width <= PHONE_WIDTH ? PHONE_ASPECT
                                                                      : BOARD_H / BOARD_W));
    }
}

static void
tk_metromania_board_view_size_allocate (GtkWidget *widget,
                                        int        width,
                                        int        height,
                                        int        baseline)
{
  TkMetromaniaBoardView *self = TK_METROMANIA_BOARD_VIEW (widget);
  gboolean phone = width <= PHONE_WIDTH;

  /* On a phone the whole board makes edges of about 14 px, too small for a finger: the
   * view opens zoomed in to edges of TOUCH_SIZE, centred on the keyboard cursor, and pans.
   * Once the user zooms (buttons, pinch, keys), the width no longer changes the zoom. */
  if (phone != self->phone && !self->zoom_chosen)
    {
      double x, y;

      self->phone = phone;
      self->zoom = phone ? touch_zoom (width, height) : 1.0;
      board_xy (self->cursor, &x, &y);
      self->pan_x = x;
      self->pan_y = y;
      clamp_pan (self);
    }
  self->phone = phone;
}

/* ---- input ---- */

static void
on_click_released (GtkGestureClick       *gesture,
                   int                    n_press,
                   double                 x,
                   double                 y,
                   TkMetromaniaBoardView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (tk_metromania_board_view_tap (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_zoom_begin (GtkGesture            *gesture,
               GdkEventSequence      *sequence,
               TkMetromaniaBoardView *self)
{
  self->zoom_start = self->zoom;
}

static void
on_zoom_scale_changed (GtkGestureZoom        *gesture,
                       double                 scale,
                       TkMetromaniaBoardView *self)
{
  tk_metromania_board_view_set_zoom (self, self->zoom_start * scale);
}

static void
on_drag_begin (GtkGestureDrag        *gesture,
               double                 x,
               double                 y,
               TkMetromaniaBoardView *self)
{
  self->drag_pan_x = self->pan_x;
  self->drag_pan_y = self->pan_y;
  /* Only a zoomed board pans; otherwise the page scrolls as usual. */
  if (self->zoom <= 1.0)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update (GtkGestureDrag        *gesture,
                double                 dx,
                double                 dy,
                TkMetromaniaBoardView *self)
{
  double unit, cx, cy;

  transform (self, &unit, &cx, &cy);
  if (unit <= 0 || hypot (dx, dy) < 8)
    return;
  self->pan_x = self->drag_pan_x - dx / unit;
  self->pan_y = self->drag_pan_y - dy / unit;
  clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           TkMetromaniaBoardView    *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (
                            GTK_EVENT_CONTROLLER (controller));

  if (!(state & GDK_CONTROL_MASK))
    return FALSE;
  tk_metromania_board_view_set_zoom (self, self->zoom * (dy < 0 ? 1.25 : 0.8));
  return TRUE;
}

static void
move_cursor (TkMetromaniaBoardView *self,
             gint                   dq,
             gint                   dr)
{
  TkMetroPoint p = { self->cursor.q + dq, self->cursor.r + dr };

  if (norm (p) <= FRAME_NORM)
    {
      double x, y;

      self->cursor = p;
      board_xy (p, &x, &y);
      pan_to_show (self, x, y);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                TkMetromaniaBoardView *self)
{
  TkMetroPoint p = self->cursor;
  TkMetroPoint b = { p.q + directions[self->cursor_dir][0], p.r + directions[self->cursor_dir][1] };
  /* Up and down zigzag so that the cursor goes straight up or down on screen. */
  gboolean odd = (p.r & 1) != 0;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor (self, odd ? 1 : 0, -1);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor (self, odd ? 0 : -1, 1);
      return TRUE;
    case GDK_KEY_Page_Up:
    case GDK_KEY_bracketleft:
      self->cursor_dir = (self->cursor_dir + 5) % 6;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Page_Down:
    case GDK_KEY_bracketright:
      self->cursor_dir = (self->cursor_dir + 1) % 6;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_space:
      self->cursor_flip = !self->cursor_flip;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      tk_metromania_board_view_set_zoom (self, self->zoom * 1.25);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      tk_metromania_board_view_set_zoom (self, self->zoom * 0.8);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->pick == TK_METROMANIA_PICK_POINT)
        tk_metromania_board_view_activate_point (self, p);
      else
        {
          guint side = self->pick == TK_METROMANIA_PICK_EDGE && self->cursor_flip
                       ? (self->cursor_dir + 5) % 6 : (self->cursor_dir + 1) % 6;
          TkMetroPoint c = { p.q + directions[side][0], p.r + directions[side][1] };
          TkMetroCell cell = tk_metromania_cell_of_triangle (p, b, c);

          if (self->pick == TK_METROMANIA_PICK_EDGE)
            tk_metromania_board_view_activate_edge (self, p, b, &cell);
          else
            tk_metromania_board_view_activate_cell (self, cell);
        }
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- object ---- */

static void
tk_metromania_board_view_finalize (GObject *object)
{
  TkMetromaniaBoardView *self = TK_METROMANIA_BOARD_VIEW (object);

  g_array_unref (self->lake);
  g_array_unref (self->park);
  g_array_unref (self->arrows);
  g_array_unref (self->end_arrows);
  g_array_unref (self->rivers);
  g_array_unref (self->forests);
  g_array_unref (self->spaces);
  g_array_unref (self->space_kinds);
  g_array_unref (self->used);
  g_ptr_array_unref (self->lines);
  g_array_unref (self->stations);
  g_ptr_array_unref (self->station_names);
  g_array_unref (self->markers);
  g_array_unref (self->draft);
  g_array_unref (self->draft_stations);
  g_array_unref (self->highlight);

  G_OBJECT_CLASS (tk_metromania_board_view_parent_class)->finalize (object);
}

static void
tk_metromania_board_view_class_init (TkMetromaniaBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tk_metromania_board_view_finalize;
  widget_class->snapshot = tk_metromania_board_view_snapshot;
  widget_class->measure = tk_metromania_board_view_measure;
  widget_class->size_allocate = tk_metromania_board_view_size_allocate;
  widget_class->get_request_mode = tk_metromania_board_view_get_request_mode;

  signals[SIGNAL_EDGE_ACTIVATED] =
    g_signal_new ("edge-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_POINTER, G_TYPE_POINTER,
                  G_TYPE_POINTER);
  signals[SIGNAL_POINT_ACTIVATED] =
    g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_CELL_ACTIVATED] =
    g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_css_name (widget_class, "tk-metromania-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tk_metromania_board_view_init (TkMetromaniaBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *zoom = gtk_gesture_zoom_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkEventController *key = gtk_event_controller_key_new ();

  self->lake = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->park = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->arrows = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->end_arrows = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->rivers = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->forests = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->spaces = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->space_kinds = g_array_new (FALSE, FALSE, sizeof (guint));
  self->used = g_array_new (FALSE, FALSE, sizeof (TkMetroCell));
  self->lines = g_ptr_array_new_with_free_func (line_free);
  self->stations = g_array_new (FALSE, FALSE, sizeof (TkMetroPoint));
  self->station_names = g_ptr_array_new_with_free_func (g_free);
  self->markers = g_array_new (FALSE, FALSE, sizeof (Marker));
  g_array_set_clear_func (self->markers, marker_clear);
  self->draft = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));
  self->draft_stations = g_array_new (FALSE, FALSE, sizeof (TkMetroPoint));
  self->highlight = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));
  self->zoom = 1.0;
  for (guint s = 0; s < G_N_ELEMENTS (self->colours); s++)
    gdk_rgba_parse (&self->colours[s], tk_rules_seat_colour (s));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (click), FALSE);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (zoom, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Metromania board"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Arrow keys move the cursor, Page Up and Page Down turn it, "
                                    "Space picks the other cell of an edge, Enter applies the "
                                    "tool, plus and minus zoom"),
                                  -1);
}

GtkWidget *
tk_metromania_board_view_new (void)
{
  return g_object_new (TK_TYPE_METROMANIA_BOARD_VIEW, NULL);
}
