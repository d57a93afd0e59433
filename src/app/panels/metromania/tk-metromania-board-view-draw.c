/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-draw.c — the Metromania board view: drawing the city with
 * GtkSnapshot and cairo: the frame, the lake, parks and rivers, the lines (side by side where
 * they share an edge), the stations and their names, the markers, the turn being entered, the
 * highlighted routes and the keyboard cursor (from the first focus).
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "tk-metromania-board-view-private.h"

/* The lattice, by shorter names: this file uses them on every other line. */
#define board_xy _tk_metromania_board_view_geometry_board_xy
#define cell_centre _tk_metromania_board_view_geometry_cell_centre

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

/* Whether one of @tunnels runs along the same edge as @seg, in the other cell. */
static gboolean
edge_shared_in (GArray                    *tunnels,
                const TkMetromaniaSegment *seg)
{
  for (guint i = 0; i < tunnels->len; i++)
    {
      TkMetromaniaSegment *other = &g_array_index (tunnels, TkMetromaniaSegment, i);

      if (same_edge (seg, other) && !tk_metro_cell_equal (seg->cell, other->cell))
        return TRUE;
    }
  return FALSE;
}

/* Whether another tunnel (on the board or of this turn) runs along the same edge. */
static gboolean
edge_shared (TkMetromaniaBoardView     *self,
             const TkMetromaniaSegment *seg)
{
  for (guint i = 0; i < self->lines->len; i++)
    if (edge_shared_in (((Line *) self->lines->pdata[i])->tunnels, seg))
      return TRUE;
  return edge_shared_in (self->draft, seg);
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
             const TkMetroMarker   *marker,
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
  if (marker->kind == TK_METRO_HOME)
    {
      cairo_move_to (cr, x, y - r * 1.25);
      cairo_line_to (cr, x + r, y - r * 0.3);
      cairo_line_to (cr, x + r, y + r);
      cairo_line_to (cr, x - r, y + r);
      cairo_line_to (cr, x - r, y - r * 0.3);
      cairo_close_path (cr);
    }
  else if (marker->kind == TK_METRO_WORK)
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
      const TkMetroMarker *marker = &g_array_index (self->markers, TkMetroMarker, i);
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
snapshot_board (GtkWidget   *widget,
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
  _tk_metromania_board_view_geometry_transform (self, &unit, &cx, &cy);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, unit, unit);

  /* Cells: the city, the frame (darker), the lake and the park, arrows. */
  for (gint q = -TK_METRO_CITY_RADIUS - 2; q <= TK_METRO_CITY_RADIUS + 1; q++)
    for (gint r = -TK_METRO_CITY_RADIUS - 2; r <= TK_METRO_CITY_RADIUS + 1; r++)
      for (guint d = 0; d < 2; d++)
        {
          TkMetroCell cell = { q, r, d == 1 };
          gboolean city = tk_metro_cell_in_city (cell);
          gboolean frame = !city && tk_metro_cell_frame_side (cell) >= 0;

          if (!city && !frame)
            continue;
          cell_path (cr, cell, 0);
          if (tk_metro_cells_contain (self->lake, cell))
            set_rgba (cr, &lake, 0.55);
          else if (tk_metro_cells_contain (self->park, cell))
            set_rgba (cr, &park, 0.55);
          else if (tk_metro_cells_contain (self->rivers, cell))
            set_rgba (cr, &lake, 0.3);
          else if (tk_metro_cells_contain (self->forests, cell))
            cairo_set_source_rgba (cr, 0.15, 0.4, 0.2, 0.5);
          else
            set_rgba (cr, &fg, frame ? 0.13 : 0.035);
          cairo_fill_preserve (cr);
          set_rgba (cr, &fg, 0.18);
          cairo_set_line_width (cr, 0.02);
          cairo_stroke (cr);
          if (frame && tk_metro_cells_contain (self->arrows, cell))
            {
              /* A white (start) arrow: a light mark with a dark outline, as printed. */
              cell_path (cr, cell, 0.55);
              cairo_set_source_rgb (cr, 1, 1, 1);
              cairo_fill_preserve (cr);
              set_rgba (cr, &fg, 0.7);
              cairo_set_line_width (cr, 0.04);
              cairo_stroke (cr);
            }
          else if (frame && tk_metro_cells_contain (self->end_arrows, cell))
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
      TkMetroPoint step = tk_metro_neighbour ((TkMetroPoint) { 0, 0 }, s);
      TkMetroPoint corner = { step.q * TK_METRO_CITY_RADIUS, step.r * TK_METRO_CITY_RADIUS };

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
      GArray *tunnels = line->tunnels;

      /* With a trip selected, the lines it does not ride step back. */
      set_rgba (cr, &self->colours[line->seat % 4],
                self->highlight->len > 0 && !line_highlighted (self, line) ? 0.35 : 1);
      stroke_run (self, cr, (TkMetromaniaSegment *) tunnels->data, tunnels->len, 0.14,
                  line->style == 1);
      if (tunnels->len > 0)
        {
          TkMetroPoint end = g_array_index (tunnels, TkMetromaniaSegment, tunnels->len - 1).to;
          double x, y;

          /* The start marker on the arrow's apex; an end marker when finished. */
          board_xy (g_array_index (tunnels, TkMetromaniaSegment, 0).from, &x, &y);
          set_rgba (cr, &self->colours[line->seat % 4], 1);
          cairo_arc (cr, x, y, 0.13, 0, 2 * G_PI);
          cairo_fill (cr);
          if (line->state == TK_METRO_LINE_FINISHED)
            {
              board_xy (end, &x, &y);
              cairo_rectangle (cr, x - 0.14, y - 0.14, 0.28, 0.28);
              cairo_fill (cr);
            }
          else if (line->state == TK_METRO_LINE_DEAD_END)
            {
              board_xy (end, &x, &y);
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
    draw_marker (self, cr, &g_array_index (self->markers, TkMetroMarker, i), &fg);

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

  /* The keyboard cursor, from the moment the board has the keyboard focus. */
  if (gtk_widget_has_visible_focus (widget))
    {
      TkMetroPoint b;
      TkMetroCell cell = _tk_metromania_board_view_geometry_cursor_cell (self, &b);
      double x, y, x2, y2;

      set_rgba (cr, &accent, 1);
      cairo_set_line_width (cr, 0.08);
      board_xy (self->cursor, &x, &y);
      board_xy (b, &x2, &y2);
      if (self->pick == TK_METROMANIA_PICK_POINT)
        {
          cairo_arc (cr, x, y, 0.34, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      else
        {
          cell_path (cr, cell, 0.12);
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

/* The focus ring is the cursor: drawn again when the keyboard focus comes or goes (a state
 * the style sheet does not draw, so GTK would not redraw for it). */
static void
state_flags_changed (GtkWidget     *widget,
                     GtkStateFlags  previous)
{
  GtkWidgetClass *parent = g_type_class_peek (GTK_TYPE_WIDGET);
  GtkStateFlags changed = previous ^ gtk_widget_get_state_flags (widget);

  parent->state_flags_changed (widget, previous);
  if (changed & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE))
    gtk_widget_queue_draw (widget);
}

void
_tk_metromania_board_view_draw_class_init (GtkWidgetClass *widget_class)
{
  widget_class->snapshot = snapshot_board;
  widget_class->state_flags_changed = state_flags_changed;
}
