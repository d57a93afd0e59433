/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-view-describe.c — the Metromania board view: what the keyboard cursor is
 * on, in words, as the board's accessible description (which Orca reads when it changes on the
 * focused widget, GTK 4.8 having no other way): where it is, in rows counted from the top of
 * the city and points from the left of each row; what is there (station, lines, tunnels, the
 * lake, a marker…); and what Enter does there with the panel's tool (set by the board area).
 * The key help is added when the board gets the focus.
 */
#define G_LOG_DOMAIN "tk-metromania-board-view"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-board-view-private.h"

/* "row 3, point 2": the city's rows from the top (1–11), its points from the left of the row;
 * a point of the frame around it by the city's points next to it. */
static char *
position (TkMetroPoint p)
{
  g_autoptr(GPtrArray) near = NULL;

  if (tk_metro_point_in_city (p))
    return g_strdup_printf (_("row %d, point %d"), p.r + TK_METRO_CITY_RADIUS + 1,
                            p.q - MAX (-TK_METRO_CITY_RADIUS, -TK_METRO_CITY_RADIUS - p.r) + 1);
  near = g_ptr_array_new_with_free_func (g_free);
  for (guint d = 0; d < 6; d++)
    {
      TkMetroPoint n = tk_metro_neighbour (p, d);

      if (tk_metro_point_in_city (n))
        g_ptr_array_add (near, position (n));
    }
  if (near->len >= 2)
    /* Translators: a point outside the city's hexagon, by the two city points it faces */
    return g_strdup_printf (_("outside the city, by %s and %s"), (char *) near->pdata[0],
                            (char *) near->pdata[1]);
  if (near->len == 1)
    return g_strdup_printf (_("outside the city, by %s"), (char *) near->pdata[0]);
  return g_strdup (_("outside the city"));
}

static const char *
player_name (TkMetromaniaBoardView *self,
             guint                  seat)
{
  return seat < self->player_names->len ? self->player_names->pdata[seat] : "?";
}

static void
add (GString    *text,
     const char *part)
{
  if (text->len > 0)
    g_string_append (text, _(", "));
  g_string_append (text, part);
}

static void
add_take (GString *text,
          char    *part)
{
  add (text, part);
  g_free (part);
}

/* Whether one of @tunnels ends at @p, lies in @cell, or runs along the side from @a to @b. */
static gboolean
tunnels_touch (GArray       *tunnels,
               TkMetroPoint  p)
{
  for (guint i = 0; i < tunnels->len; i++)
    {
      const TkMetromaniaSegment *seg = &g_array_index (tunnels, TkMetromaniaSegment, i);

      if (tk_metro_point_equal (seg->from, p) || tk_metro_point_equal (seg->to, p))
        return TRUE;
    }
  return FALSE;
}

static gboolean
tunnels_in (GArray      *tunnels,
            TkMetroCell  cell)
{
  for (guint i = 0; i < tunnels->len; i++)
    if (tk_metro_cell_equal (g_array_index (tunnels, TkMetromaniaSegment, i).cell, cell))
      return TRUE;
  return FALSE;
}

static gboolean
tunnels_along (GArray       *tunnels,
               TkMetroPoint  a,
               TkMetroPoint  b)
{
  for (guint i = 0; i < tunnels->len; i++)
    {
      const TkMetromaniaSegment *seg = &g_array_index (tunnels, TkMetromaniaSegment, i);

      if ((tk_metro_point_equal (seg->from, a) && tk_metro_point_equal (seg->to, b)) ||
          (tk_metro_point_equal (seg->from, b) && tk_metro_point_equal (seg->to, a)))
        return TRUE;
    }
  return FALSE;
}

/* A station, the lines and this turn's tunnels through the point, the end of the line being
 * drawn. */
static void
describe_point (TkMetromaniaBoardView *self,
                TkMetroPoint           p,
                GString               *text)
{
  for (guint i = 0; i < self->stations->len; i++)
    if (tk_metro_point_equal (g_array_index (self->stations, TkMetroPoint, i), p))
      add_take (text, g_strdup_printf (_("station %s"), (char *) self->station_names->pdata[i]));
  for (guint i = 0; i < self->draft_stations->len; i++)
    if (tk_metro_point_equal (g_array_index (self->draft_stations, TkMetroPoint, i), p))
      add (text, _("a new station of this turn"));
  for (guint i = 0; i < self->lines->len; i++)
    {
      Line *line = self->lines->pdata[i];

      if (tunnels_touch (line->tunnels, p))
        add (text, line->name);
    }
  if (tunnels_touch (self->draft, p))
    add (text, _("a tunnel of this turn"));
  if (self->has_end && tk_metro_point_equal (self->end, p))
    add (text, _("the end of the line being drawn"));
}

/* The lake, a frame triangle, a printed space, a marker, the tunnel in the triangle. */
static void
describe_cell (TkMetromaniaBoardView *self,
               TkMetroCell            cell,
               GString               *text)
{
  if (!tk_metro_cell_on_board (cell))
    {
      add (text, _("off the board"));
      return;
    }
  if (tk_metro_cells_contain (self->arrows, cell))
    add (text, _("a frame triangle with a white arrow"));
  else if (tk_metro_cells_contain (self->end_arrows, cell))
    add (text, _("a frame triangle with a black arrow"));
  else if (tk_metro_cell_frame_side (cell) >= 0)
    add (text, _("a frame triangle"));
  if (tk_metro_cells_contain (self->lake, cell))
    add (text, _("the lake"));
  if (tk_metro_cells_contain (self->park, cell))
    add (text, _("the park"));
  if (tk_metro_cells_contain (self->rivers, cell))
    add (text, _("a river"));
  if (tk_metro_cells_contain (self->forests, cell))
    add (text, _("a forest"));
  for (guint i = 0; i < self->spaces->len; i++)
    if (tk_metro_cell_equal (g_array_index (self->spaces, TkMetroCell, i), cell))
      {
        guint kind = g_array_index (self->space_kinds, guint, i);

        add (text, kind == TK_METRO_HOME ? _("a printed home space")
                   : kind == TK_METRO_WORK ? _("a printed work space") : _("a printed leisure space"));
      }
  for (guint i = 0; i < self->markers->len; i++)
    {
      const TkMetroMarker *marker = &g_array_index (self->markers, TkMetroMarker, i);
      const char *kind = marker->kind == TK_METRO_HOME ? _("home")
                         : marker->kind == TK_METRO_WORK ? _("work") : _("leisure");

      if (tk_metro_cell_equal (marker->cell, cell))
        /* Translators: a destination marker on the board: letter, kind, who placed it */
        add_take (text, g_strdup_printf (_("marker %c (%s, %s)"), marker->letter, kind,
                                         player_name (self, marker->owner)));
    }
  for (guint i = 0; i < self->lines->len; i++)
    {
      Line *line = self->lines->pdata[i];

      if (tunnels_in (line->tunnels, cell))
        {
          add_take (text, g_strdup_printf (_("a tunnel of %s"), line->name));
        }
    }
  if (tunnels_in (self->draft, cell))
    add (text, _("a tunnel of this turn"));
}

/* Where a triangle lies as seen from one of its corners, @dir being the first of its two
 * sides from there in turning order (clockwise on screen). */
static const char *
triangle_word (guint dir)
{
  switch (dir % 6)
    {
    case 0:
      return C_("metromania board", "lower right");
    case 1:
      return C_("metromania board", "below");
    case 2:
      return C_("metromania board", "lower left");
    case 3:
      return C_("metromania board", "upper left");
    case 4:
      return C_("metromania board", "above");
    default:
      return C_("metromania board", "upper right");
    }
}

/* Where the cell lies beside the edge from @a to @b: above or below a level edge, left or
 * right of a slanting one. */
static const char *
side_word (TkMetroPoint a,
           TkMetroPoint b,
           TkMetroCell  cell)
{
  double ax, ay, bx, by, cx, cy, dx, dy;

  _tk_metromania_board_view_geometry_board_xy (a, &ax, &ay);
  _tk_metromania_board_view_geometry_board_xy (b, &bx, &by);
  _tk_metromania_board_view_geometry_cell_centre (cell, &cx, &cy);
  dx = cx - (ax + bx) / 2;
  dy = cy - (ay + by) / 2;
  if (ABS (dy) > ABS (dx))
    return dy < 0 ? C_("metromania board", "above") : C_("metromania board", "below");
  return dx < 0 ? C_("metromania board", "left") : C_("metromania board", "right");
}

char *
tk_metromania_board_view_describe_cursor (TkMetromaniaBoardView *self)
{
  g_autoptr(GString) what = g_string_new (NULL);
  g_autofree char *where = position (self->cursor);
  g_autofree char *head = NULL;
  TkMetroPoint b;
  TkMetroCell cell = _tk_metromania_board_view_geometry_cursor_cell (self, &b);
  GString *text;

  if (self->pick == TK_METROMANIA_PICK_POINT)
    {
      describe_point (self, self->cursor, what);
      /* Translators: the keyboard cursor on a point of the Metromania board: where, what */
      head = g_strdup_printf (_("At %s: %s."), where,
                              what->len > 0 ? what->str : _("nothing yet"));
    }
  else if (self->pick == TK_METROMANIA_PICK_EDGE)
    {
      g_autofree char *to = position (b);

      describe_cell (self, cell, what);
      for (guint i = 0; i < self->lines->len; i++)
        {
          Line *line = self->lines->pdata[i];

          if (tunnels_along (line->tunnels, self->cursor, b))
            /* Translators: a line runs along the side the cursor is on */
            add_take (what, g_strdup_printf (_("%s along this side"), line->name));
        }
      /* Translators: the keyboard cursor on a side of a triangle: from, to, where the
       * triangle a tunnel would lie in is ("above"), what is there */
      head = g_strdup_printf (_("Side from %s to %s, triangle %s: %s."), where, to,
                              side_word (self->cursor, b, cell),
                              what->len > 0 ? what->str : _("empty"));
    }
  else
    {
      describe_cell (self, cell, what);
      /* Translators: the keyboard cursor on a triangle: where it lies ("below") from a
       * point, the point, what is there */
      head = g_strdup_printf (_("Triangle %s of %s: %s."), triangle_word (self->cursor_dir),
                              where, what->len > 0 ? what->str : _("empty"));
    }

  text = g_string_new (head);
  if (self->has_end && !tk_metro_point_equal (self->end, self->cursor) &&
      self->pick != TK_METROMANIA_PICK_CELL)
    {
      g_autofree char *end = position (self->end);

      g_string_append_c (text, ' ');
      g_string_append_printf (text, _("The line being drawn ends at %s."), end);
    }
  if (self->enter_hint != NULL && *self->enter_hint != '\0')
    {
      g_string_append_c (text, ' ');
      g_string_append (text, self->enter_hint);
    }
  return g_string_free (text, FALSE);
}

void
_tk_metromania_board_view_describe_update (TkMetromaniaBoardView *self)
{
  g_autofree char *text = tk_metromania_board_view_describe_cursor (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

/* On the focus, the cursor and then how the keys move it. */
static void
on_focus_enter (TkMetromaniaBoardView *self)
{
  g_autofree char *cursor = tk_metromania_board_view_describe_cursor (self);
  g_autofree char *text = g_strconcat (cursor, " ",
                                       _("Arrow keys move the cursor, Page Up and Page Down turn "
                                         "it, Space picks the other triangle of a side, Enter "
                                         "applies the tool; T, S and M pick the tunnel, station "
                                         "and marker tools; plus and minus zoom."), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

void
_tk_metromania_board_view_describe_init (TkMetromaniaBoardView *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_enter), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Metromania board"), -1);
  _tk_metromania_board_view_describe_update (self);
}
