/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view.c — the Metromania city drawn with GtkSnapshot (see the header).
 *
 * Lattice points (q, r) sit at x = q + r/2, y = r·√3/2 in board units; the view scales the
 * board (radius 6 with the frame apexes) to its width, then by the zoom, and pans when zoomed.
 *
 * This file keeps the object (class_init/init, finalize, measure and allocation), reading the
 * engine's state and the setters; the lattice and the view transform are in -geometry.c,
 * drawing in -draw.c, taps, gestures and the keyboard in -input.c, sharing
 * tk-metromania-board-view-private.h.
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "tk-metromania-board-view-private.h"
#include "tk-session-style.h"

#define NATURAL_WIDTH 640
#define MIN_WIDTH 280

/* A board view this narrow (or narrower) is on a phone: it opens zoomed in (see
 * mbv_touch_zoom()) and is a little taller than the board's aspect, to show more of it. */
#define PHONE_WIDTH 480
#define PHONE_ASPECT 1.2

enum
{
  SIGNAL_EDGE_ACTIVATED,
  SIGNAL_POINT_ACTIVATED,
  SIGNAL_CELL_ACTIVATED,
  SIGNAL_ZOOM_CHANGED,
  SIGNAL_PANNED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkMetromaniaBoardView, tk_metromania_board_view, GTK_TYPE_WIDGET)

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
      if (mbv_norm (*end) <= FRAME_NORM)
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

  zoom = CLAMP (zoom, 1.0, MAX_ZOOM);
  self->zoom_chosen = TRUE;
  if (zoom == self->zoom)
    return;
  self->zoom = zoom;
  mbv_clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_ZOOM_CHANGED], 0);
}

double
tk_metromania_board_view_get_max_zoom (TkMetromaniaBoardView *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self), 1.0);

  return MAX_ZOOM;
}

void
tk_metromania_board_view_pan (TkMetromaniaBoardView *self,
                              double                 dx,
                              double                 dy)
{
  double unit, cx, cy;

  g_return_if_fail (TK_IS_METROMANIA_BOARD_VIEW (self));

  mbv_transform (self, &unit, &cx, &cy);
  if (unit <= 0 || self->zoom <= 1.0)
    return;
  mbv_set_pan (self, self->pan_x - dx / unit, self->pan_y - dy / unit);
}

/* Where the middle of the view is on the board; clamped, redrawn, "panned" emitted. */
void
mbv_set_pan (TkMetromaniaBoardView *self,
             double                 x,
             double                 y)
{
  self->pan_x = x;
  self->pan_y = y;
  mbv_clamp_pan (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_PANNED], 0);
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

  mbv_transform (self, &unit, &cx, &cy);
  mbv_board_xy (point, &bx, &by);
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

      mbv_cells_beside (a, b, beside);
      for (gint k = 1; k >= 0; k--)
        {
          gboolean drafted = FALSE;

          for (guint i = 0; i < self->draft->len; i++)
            drafted |= tk_metro_cell_equal (g_array_index (self->draft, TkMetromaniaSegment,
                                                           i).cell, beside[k]);
          if (mbv_cell_on_board (beside[k]) && !drafted &&
              !mbv_cells_contain (self->used, beside[k]) &&
              !mbv_cells_contain (self->lake, beside[k]) &&
              !mbv_cells_contain (self->park, beside[k]))
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
      self->zoom = phone ? mbv_touch_zoom (width, height) : 1.0;
      mbv_board_xy (self->cursor, &x, &y);
      self->pan_x = x;
      self->pan_y = y;
      mbv_clamp_pan (self);
      g_signal_emit (self, signals[SIGNAL_ZOOM_CHANGED], 0);
    }
  self->phone = phone;
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

  tk_session_style_ensure ();

  object_class->finalize = tk_metromania_board_view_finalize;
  widget_class->snapshot = mbv_snapshot;
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
  /* The zoom changed (buttons, keys, pinch, or the phone's opening zoom). */
  signals[SIGNAL_ZOOM_CHANGED] =
    g_signal_new ("zoom-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The user moved the zoomed-in view (a drag, or tk_metromania_board_view_pan ()). */
  signals[SIGNAL_PANNED] =
    g_signal_new ("panned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

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
  g_signal_connect (click, "released", G_CALLBACK (mbv_on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (zoom, "begin", G_CALLBACK (mbv_on_zoom_begin), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (mbv_on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  g_signal_connect (drag, "drag-begin", G_CALLBACK (mbv_on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (mbv_on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (scroll, "scroll", G_CALLBACK (mbv_on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  g_signal_connect (key, "key-pressed", G_CALLBACK (mbv_on_key_pressed), self);
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
