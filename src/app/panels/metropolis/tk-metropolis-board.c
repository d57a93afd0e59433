/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-board.c — the city board of a Foundations of Metropolis session.
 *
 * It draws what the engine's state says (owner colours, the tile letter of each building with
 * its outline, lot markers on owned empty lots, the price of the deeds for sale) and the lots
 * the panel is picking.  It decides nothing: a tap or Space/Enter on a lot emits
 * ::lot-activated and the panel says what that means (toggle it in a build, take it as the
 * revealed deed, …).  Square lots scale to the width it is given, from phone to laptop.
 */
#define G_LOG_DOMAIN "tk-metropolis-board"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tk-metropolis-board.h"
#include "tk-rules.h"

#define MAX_SIDE     TK_METROPOLIS_MAX_SIDE
#define MAX_CELLS    (MAX_SIDE * MAX_SIDE)
#define MIN_LOT      30.0     /* px: a touch target, even on a 9×9 board at 360 px */
#define NATURAL_LOT  52.0
#define MAX_LOT      64.0
#define LABEL_SHARE  0.55     /* the row and column labels take this much of a lot */

struct _TkMetropolisBoard
{
  GtkWidget        parent_instance;

  int              side;
  int              owner[MAX_CELLS];
  int              anchor[MAX_CELLS];          /* first lot of the building, or −1 */
  char             code[MAX_CELLS][8];         /* tile letter, "" when none */
  int              tile_row[MAX_CELLS];        /* the row of @tiles it was built from, or −1 */
  int              price[MAX_CELLS];           /* for sale at that price, or −1 */
  JsonArray       *tiles;                      /* the state's tile table */
  JsonObject      *setup;                      /* the seats' names and colours */
  guint            n_seats;
  GdkRGBA          colours[TK_METROPOLIS_MAX_SEATS];

  int              selection[MAX_CELLS];
  guint            n_selection;
  gboolean         numbered;
  TkMetropolisPick pick;
  int              pick_seat;
  int              cursor;
};

enum
{
  LOT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkMetropolisBoard, tk_metropolis_board, GTK_TYPE_WIDGET)

/* ---- helpers ---- */

static int
parse_lot (int         side,
           const char *text)
{
  int col, row;

  if (text == NULL || strlen (text) != 2)
    return -1;
  col = g_ascii_toupper (text[0]) - 'A';
  row = text[1] - '1';
  if (col < 0 || col >= side || row < 0 || row >= side)
    return -1;
  return row * side + col;
}

/* The theme's colour @name (e.g. "accent_bg_color"), or @fallback. */
static void
theme_colour (GtkWidget  *widget,
              const char *name,
              const char *fallback,
              GdkRGBA    *out)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, out))
    gdk_rgba_parse (out, fallback);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
foreground (GtkWidget *widget,
            GdkRGBA   *out)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), out);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static GdkRGBA
with_alpha (const GdkRGBA *colour,
            float          alpha)
{
  GdkRGBA out = *colour;

  out.alpha *= alpha;
  return out;
}

static gboolean
is_selected (TkMetropolisBoard *self,
             int                cell,
             guint             *index)
{
  for (guint i = 0; i < self->n_selection; i++)
    if (self->selection[i] == cell)
      {
        if (index != NULL)
          *index = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
is_pickable (TkMetropolisBoard *self,
             int                cell)
{
  switch (self->pick)
    {
    case TK_METROPOLIS_PICK_FREE:
      return self->owner[cell] < 0 && self->price[cell] < 0;
    case TK_METROPOLIS_PICK_SEAT:
      return self->owner[cell] == self->pick_seat;
    case TK_METROPOLIS_PICK_NONE:
    default:
      return TRUE;
    }
}

/* The lot size and the board's top-left corner (labels included) for the allocation. */
static double
layout (TkMetropolisBoard *self,
        double            *x0,
        double            *y0)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double units = self->side + LABEL_SHARE;
  double lot = MIN (MIN (width, height) / units, MAX_LOT);

  *x0 = floor ((width - lot * units) / 2);
  *y0 = floor ((height - lot * units) / 2);
  return lot;
}

static int
cell_at (TkMetropolisBoard *self,
         double             x,
         double             y)
{
  double x0, y0, lot = layout (self, &x0, &y0);
  int col, row;

  if (self->side < 1)
    return -1;
  col = (int) floor ((x - x0) / lot - LABEL_SHARE);
  row = (int) floor ((y - y0) / lot - LABEL_SHARE);
  if (x - x0 < lot * LABEL_SHARE || y - y0 < lot * LABEL_SHARE ||
      col < 0 || col >= self->side || row < 0 || row >= self->side)
    return -1;
  return row * self->side + col;
}

char *
tk_metropolis_board_describe_lot (TkMetropolisBoard *self,
                                  int                cell)
{
  char name[4];
  GString *text;

  g_return_val_if_fail (TK_IS_METROPOLIS_BOARD (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < self->side * self->side, NULL);

  text = g_string_new (NULL);
  tk_metropolis_lot_name (self->side, cell, name);
  g_string_append (text, name);
  if (self->owner[cell] >= 0 && (guint) self->owner[cell] < self->n_seats)
    {
      /* Translators: a lot and its owner on the city board, e.g. "B2: Ana" */
      g_string_printf (text, _("%s: %s"), name,
                       tk_rules_setup_player_name (self->setup, self->owner[cell]));
      if (self->code[cell][0] != '\0')
        /* Translators: the building on a lot, e.g. ", Hotel (C)" after "B2: Ana" */
        g_string_append_printf (text, _(", %s (%s)"),
                                self->tile_row[cell] >= 0
                                ? json_object_get_string_member_with_default (json_array_get_object_element (self->tiles, self->tile_row[cell]), "name", "")
                                : "",
                                self->code[cell]);
      else
        g_string_append (text, _(", lot marker"));
    }
  else if (self->price[cell] >= 0)
    /* Translators: a deed for sale on the city board, e.g. "B2: for sale at 4 coins" */
    g_string_printf (text, _("%s: for sale at %d coins"), name, self->price[cell]);
  else
    /* Translators: a lot nobody owns yet, e.g. "B2: free" */
    g_string_printf (text, _("%s: free"), name);
  return g_string_free (text, FALSE);
}

/* Draws the board again, and says the lot under the cursor and what Enter does there as a
 * screen reader hears it: after anything the board shows has changed. */
static void
refresh (TkMetropolisBoard *self)
{
  g_autofree char *lot = NULL;
  g_autofree char *text = NULL;
  const char *enter;

  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->side < 1 || self->cursor < 0)
    return;
  lot = tk_metropolis_board_describe_lot (self, self->cursor);
  if (self->pick == TK_METROPOLIS_PICK_NONE)
    enter = _("Enter says what stands there.");
  else if (!is_pickable (self, self->cursor))
    enter = _("It cannot be picked now.");
  else if (is_selected (self, self->cursor, NULL))
    enter = _("Picked; Enter lets it go.");
  else
    enter = _("Enter picks it.");
  /* Translators: the lot under the board's keyboard cursor, then what Enter does there */
  text = g_strdup_printf (_("%s. %s"), lot, enter);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

/* ---- drawing ---- */

static void
append_text (GtkWidget     *widget,
             GtkSnapshot   *snapshot,
             const char    *text,
             double         cx,
             double         cy,
             double         size,
             gboolean       bold,
             const GdkRGBA *colour)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_absolute_size (font, MAX (size, 6.0) * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - w / 2.0, cy - h / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
append_rect (GtkSnapshot   *snapshot,
             double         x,
             double         y,
             double         w,
             double         h,
             const GdkRGBA *colour)
{
  gtk_snapshot_append_color (snapshot, colour, &GRAPHENE_RECT_INIT (x, y, w, h));
}

static void
append_circle (GtkSnapshot   *snapshot,
               double         cx,
               double         cy,
               double         r,
               const GdkRGBA *fill,
               const GdkRGBA *ring)
{
  GskRoundedRect round;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (cx - r, cy - r, 2 * r, 2 * r);
  float widths[4] = { 1.5f, 1.5f, 1.5f, 1.5f };
  GdkRGBA rings[4] = { *ring, *ring, *ring, *ring };

  gsk_rounded_rect_init_from_rect (&round, &bounds, r);
  gtk_snapshot_push_rounded_clip (snapshot, &round);
  gtk_snapshot_append_color (snapshot, fill, &bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &round, widths, rings);
}

static void
append_frame (GtkSnapshot   *snapshot,
              double         x,
              double         y,
              double         w,
              double         h,
              double         width,
              double         radius,
              const GdkRGBA *colour)
{
  GskRoundedRect round;
  float widths[4] = { width, width, width, width };
  GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };

  gsk_rounded_rect_init_from_rect (&round, &GRAPHENE_RECT_INIT (x, y, w, h), radius);
  gtk_snapshot_append_border (snapshot, &round, widths, colours);
}

static void
tk_metropolis_board_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  TkMetropolisBoard *self = TK_METROPOLIS_BOARD (widget);
  GdkRGBA fg, accent, accent_fg, edge;
  double x0, y0, lot, bx, by, edge_width;
  int side = self->side;

  if (side < 1)
    return;
  foreground (widget, &fg);
  theme_colour (widget, "accent_bg_color", "#3584e4", &accent);
  theme_colour (widget, "accent_fg_color", "#ffffff", &accent_fg);
  lot = layout (self, &x0, &y0);
  edge = with_alpha (&fg, 0.85f);
  edge_width = MAX (2.0, lot / 20);
  bx = x0 + lot * LABEL_SHARE;
  by = y0 + lot * LABEL_SHARE;

  /* column letters and row numbers, as printed on the physical board */
  for (int i = 0; i < side; i++)
    {
      char text[2] = { 'A' + i, '\0' };
      char number[2] = { '1' + i, '\0' };
      GdkRGBA dim = with_alpha (&fg, 0.6f);

      append_text (widget, snapshot, text, bx + (i + 0.5) * lot, y0 + lot * LABEL_SHARE / 2,
                   lot * 0.3, FALSE, &dim);
      append_text (widget, snapshot, number, x0 + lot * LABEL_SHARE / 2, by + (i + 0.5) * lot,
                   lot * 0.3, FALSE, &dim);
    }

  for (int cell = 0; cell < side * side; cell++)
    {
      double x = bx + (cell % side) * lot, y = by + (cell / side) * lot;
      int owner = self->owner[cell], a = self->anchor[cell];
      gboolean owned = owner >= 0 && (guint) owner < self->n_seats;
      gboolean faded = !is_pickable (self, cell);
      GdkRGBA fill, line = with_alpha (&fg, 0.18f);
      guint index;

      if (faded)
        gtk_snapshot_push_opacity (snapshot, 0.4);
      if (owned)
        fill = with_alpha (&self->colours[owner], self->code[cell][0] != '\0' ? 0.6f : 0.22f);
      else
        fill = with_alpha (&fg, 0.04f);
      append_rect (snapshot, x, y, lot, lot, &fill);
      /* thin grid lines */
      append_rect (snapshot, x, y, lot, 1, &line);
      append_rect (snapshot, x, y, 1, lot, &line);

      if (owned && self->code[cell][0] == '\0')
        {
          /* a lot marker in the owner's colour */
          GdkRGBA ring = with_alpha (&fg, 0.7f);
          append_circle (snapshot, x + lot / 2, y + lot / 2, lot * 0.2, &self->colours[owner],
                         &ring);
        }
      if (self->code[cell][0] != '\0' && self->anchor[cell] == cell)
        append_text (widget, snapshot, self->code[cell], x + lot / 2, y + lot / 2, lot * 0.42,
                     TRUE, &fg);
      if (self->price[cell] >= 0)
        {
          /* a deed for sale: its price in a corner badge */
          char price[16];
          double r = lot * 0.2;

          g_snprintf (price, sizeof price, "%d", self->price[cell]);
          append_frame (snapshot, x + 3, y + 3, lot - 6, lot - 6, 2, 4, &accent);
          append_circle (snapshot, x + lot - r - 2, y + r + 2, r, &accent, &accent);
          append_text (widget, snapshot, price, x + lot - r - 2, y + r + 2, r * 1.1, TRUE,
                       &accent_fg);
        }
      if (faded)
        gtk_snapshot_pop (snapshot);

      if (is_selected (self, cell, &index))
        {
          GdkRGBA wash = with_alpha (&accent, 0.45f);

          append_rect (snapshot, x, y, lot, lot, &wash);
          append_frame (snapshot, x + 1, y + 1, lot - 2, lot - 2, 3, 3, &accent);
          if (self->numbered)
            {
              char number[16];

              g_snprintf (number, sizeof number, "%u", index + 1);
              append_circle (snapshot, x + lot * 0.25, y + lot * 0.75, lot * 0.18, &accent,
                             &accent);
              append_text (widget, snapshot, number, x + lot * 0.25, y + lot * 0.75,
                           lot * 0.22, TRUE, &accent_fg);
            }
        }

      /* a building's outline: a strong line wherever it meets something else (inside its own
       * lots, so the lots drawn after it leave it whole) */
      if (a >= 0)
        {
          if (cell / side == 0 || self->anchor[cell - side] != a)
            append_rect (snapshot, x, y, lot, edge_width, &edge);
          if (cell / side == side - 1 || self->anchor[cell + side] != a)
            append_rect (snapshot, x, y + lot - edge_width, lot, edge_width, &edge);
          if (cell % side == 0 || self->anchor[cell - 1] != a)
            append_rect (snapshot, x, y, edge_width, lot, &edge);
          if (cell % side == side - 1 || self->anchor[cell + 1] != a)
            append_rect (snapshot, x + lot - edge_width, y, edge_width, lot, &edge);
        }
    }

  /* the outer frame */
  {
    GdkRGBA frame = with_alpha (&fg, 0.5f);
    append_frame (snapshot, bx, by, lot * side, lot * side, 1, 0, &frame);
  }

  if (self->cursor >= 0 && gtk_widget_has_visible_focus (widget))
    {
      double x = bx + (self->cursor % side) * lot, y = by + (self->cursor / side) * lot;
      GdkRGBA ring = with_alpha (&fg, 0.9f);

      append_frame (snapshot, x - 2, y - 2, lot + 4, lot + 4, 2.5, 4, &ring);
    }
}

/* ---- size ---- */

static GtkSizeRequestMode
tk_metropolis_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tk_metropolis_board_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  TkMetropolisBoard *self = TK_METROPOLIS_BOARD (widget);
  double units = MAX (self->side, 1) + LABEL_SHARE;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) ceil (units * MIN_LOT);
      *natural = (int) ceil (units * NATURAL_LOT);
    }
  else
    {
      /* square lots: as tall as the width allows, within the lot size limits */
      double lot = for_size < 0 ? NATURAL_LOT : CLAMP (for_size / units, MIN_LOT, MAX_LOT);

      *minimum = *natural = (int) ceil (units * lot);
    }
}

/* ---- input ---- */

static void
on_released (GtkGestureClick   *gesture,
             int                n_press,
             double             x,
             double             y,
             TkMetropolisBoard *self)
{
  int cell = cell_at (self, x, y);

  if (cell < 0)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor = cell;
  refresh (self);
  tk_metropolis_board_activate_lot (self, cell);
}

static void
move_cursor_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkMetropolisBoard *self = TK_METROPOLIS_BOARD (widget);
  int dx, dy, col, row;

  if (self->side < 1)
    return;
  g_variant_get (parameter, "(ii)", &dx, &dy);
  if (self->cursor < 0)
    self->cursor = 0;
  col = CLAMP (self->cursor % self->side + dx, 0, self->side - 1);
  row = CLAMP (self->cursor / self->side + dy, 0, self->side - 1);
  self->cursor = row * self->side + col;
  refresh (self);
}

static void
activate_cursor_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TkMetropolisBoard *self = TK_METROPOLIS_BOARD (widget);

  if (self->side < 1)
    return;
  if (self->cursor < 0)
    self->cursor = 0;
  tk_metropolis_board_activate_lot (self, self->cursor);
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  TkMetropolisBoard *self = TK_METROPOLIS_BOARD (widget);
  int cell = keyboard ? self->cursor : cell_at (self, x, y);
  g_autofree char *text = NULL;

  if (cell < 0)
    return FALSE;
  text = tk_metropolis_board_describe_lot (self, cell);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* The cursor shows (and is said) from the first focus, on the first lot until it moves; it
 * is drawn only while the board has the focus. */
static void
on_focus_changed (TkMetropolisBoard *self)
{
  if (self->cursor < 0 && self->side > 0)
    self->cursor = 0;
  refresh (self);
}

/* ---- public ---- */

void
tk_metropolis_board_set_game (TkMetropolisBoard      *self,
                              const TkMetropolisGame *g)
{
  JsonArray *board, *tiles;
  int side;

  g_return_if_fail (TK_IS_METROPOLIS_BOARD (self));
  g_return_if_fail (g != NULL && g->game != NULL);

  side = CLAMP (g->side, 0, MAX_SIDE);
  if (side != self->side)
    {
      self->side = side;
      self->cursor = -1;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  for (int c = 0; c < MAX_CELLS; c++)
    {
      self->owner[c] = self->anchor[c] = self->price[c] = self->tile_row[c] = -1;
      self->code[c][0] = '\0';
    }
  board = json_object_get_array_member (g->game, "board");
  tiles = json_object_get_array_member (g->game, "tiles");
  g_clear_pointer (&self->tiles, json_array_unref);
  self->tiles = tiles != NULL ? json_array_ref (tiles) : NULL;
  for (guint i = 0; board != NULL && i < json_array_get_length (board); i++)
    {
      JsonObject *lot = json_array_get_object_element (board, i);
      int cell = parse_lot (side, json_object_get_string_member_with_default (lot, "lot", NULL));
      const char *code = json_object_get_string_member_with_default (lot, "tile", NULL);
      gint64 row = json_object_get_int_member_with_default (lot, "tile_row", -1);

      if (cell < 0)
        continue;
      self->owner[cell] = (int) json_object_get_int_member_with_default (lot, "owner", -1);
      if (code != NULL)
        {
          g_strlcpy (self->code[cell], code, sizeof self->code[cell]);
          self->anchor[cell] = parse_lot (side, json_object_get_string_member_with_default (lot, "building", NULL));
          if (tiles != NULL && row >= 0 && row < json_array_get_length (tiles))
            self->tile_row[cell] = (int) row;
        }
    }
  for (guint s = 0; s < g->n_slots; s++)
    {
      int cell = parse_lot (side, g->slots[s].lot);

      if (cell >= 0)
        self->price[cell] = (int) g->slots[s].price;
    }
  if (self->setup != g->setup)
    {
      g_clear_pointer (&self->setup, json_object_unref);
      self->setup = json_object_ref (g->setup);
    }
  self->n_seats = MIN (g->n_players, TK_METROPOLIS_MAX_SEATS);
  for (guint p = 0; p < self->n_seats; p++)
    if (!gdk_rgba_parse (&self->colours[p], tk_rules_setup_player_colour (g->setup, p)))
      gdk_rgba_parse (&self->colours[p], tk_rules_seat_colour (p));
  refresh (self);
}

void
tk_metropolis_board_set_selection (TkMetropolisBoard *self,
                                   const int         *cells,
                                   guint              n_cells,
                                   gboolean           numbered)
{
  g_return_if_fail (TK_IS_METROPOLIS_BOARD (self));

  self->n_selection = MIN (n_cells, MAX_CELLS);
  if (self->n_selection > 0)
    memcpy (self->selection, cells, sizeof (int) * self->n_selection);
  self->numbered = numbered;
  refresh (self);
}

void
tk_metropolis_board_set_pick (TkMetropolisBoard *self,
                              TkMetropolisPick   pick,
                              int                seat)
{
  g_return_if_fail (TK_IS_METROPOLIS_BOARD (self));

  self->pick = pick;
  self->pick_seat = seat;
  refresh (self);
}

int
tk_metropolis_board_get_side (TkMetropolisBoard *self)
{
  g_return_val_if_fail (TK_IS_METROPOLIS_BOARD (self), 0);
  return self->side;
}

void
tk_metropolis_board_activate_lot (TkMetropolisBoard *self,
                                  int                cell)
{
  g_return_if_fail (TK_IS_METROPOLIS_BOARD (self));

  if (cell < 0 || cell >= self->side * self->side)
    return;
  g_signal_emit (self, signals[LOT_ACTIVATED], 0, cell);
}

/* ---- overrides ---- */

static void
tk_metropolis_board_finalize (GObject *object)
{
  TkMetropolisBoard *self = TK_METROPOLIS_BOARD (object);

  g_clear_pointer (&self->tiles, json_array_unref);
  g_clear_pointer (&self->setup, json_object_unref);

  G_OBJECT_CLASS (tk_metropolis_board_parent_class)->finalize (object);
}

static void
tk_metropolis_board_class_init (TkMetropolisBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct { guint key; int dx, dy; } moves[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_KP_Left, -1, 0 },
    { GDK_KEY_Right, 1, 0 }, { GDK_KEY_KP_Right, 1, 0 },
    { GDK_KEY_Up, 0, -1 },   { GDK_KEY_KP_Up, 0, -1 },
    { GDK_KEY_Down, 0, 1 },  { GDK_KEY_KP_Down, 0, 1 },
  };

  object_class->finalize = tk_metropolis_board_finalize;
  widget_class->snapshot = tk_metropolis_board_snapshot;
  widget_class->measure = tk_metropolis_board_measure;
  widget_class->get_request_mode = tk_metropolis_board_get_request_mode;

  /**
   * TkMetropolisBoard::lot-activated:
   * @cell: the lot, row × side + column
   *
   * A lot was tapped, clicked or chosen with Space/Enter.
   */
  signals[LOT_ACTIVATED] = g_signal_new ("lot-activated", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "board.move-cursor", "(ii)", move_cursor_action);
  gtk_widget_class_install_action (widget_class, "board.activate-cursor", NULL,
                                   activate_cursor_action);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    gtk_widget_class_add_binding_action (widget_class, moves[i].key, 0, "board.move-cursor",
                                         "(ii)", moves[i].dx, moves[i].dy);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "board.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate-cursor", NULL);

  gtk_widget_class_set_css_name (widget_class, "tk-metropolis-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
tk_metropolis_board_init (TkMetropolisBoard *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  /* the lots are read at the first set_game (): with no side, none is drawn or described */
  self->cursor = -1;
  self->pick_seat = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  /* Space picks the lot here: not the turn clock's Next Player (tk-session-view.c) */
  gtk_widget_add_css_class (GTK_WIDGET (self), "tk-takes-space");
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_name (GTK_WIDGET (self), "metropolis-board");
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("City board"), -1);
}
