/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cards-layout.c — equal cells in balanced rows (see tk-cards-layout.h).
 *
 * GtkFlowBox fills each line before starting the next, so four player cards that fit three
 * to a line on a phone show as three and one; this layout first finds how many rows are
 * needed, then spreads the children evenly over them.
 */
#define G_LOG_DOMAIN "tk-cards-layout"

#include "config.h"

#include "tk-cards-layout.h"

struct _TkCardsLayout
{
  GtkLayoutManager parent_instance;

  int      column_spacing;
  int      row_spacing;
  gboolean stretch;
};

G_DEFINE_FINAL_TYPE (TkCardsLayout, tk_cards_layout, GTK_TYPE_LAYOUT_MANAGER)

/* The widest minimum and natural width of @widget's visible children, and their number. */
static guint
measure_cells (GtkWidget *widget,
               int       *cell_minimum,
               int       *cell_natural)
{
  guint n = 0;

  *cell_minimum = *cell_natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int minimum, natural;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      *cell_minimum = MAX (*cell_minimum, minimum);
      *cell_natural = MAX (*cell_natural, natural);
      n++;
    }
  return n;
}

/* How many columns @n cells of @cell_width get in @width: as many as fit, then evened out
 * over the rows that makes. */
static guint
count_columns (TkCardsLayout *self,
               guint          n,
               int            cell_width,
               int            width)
{
  guint fit, rows;

  if (n == 0)
    return 1;
  fit = (guint) MAX (1, (width + self->column_spacing) / MAX (1, cell_width + self->column_spacing));
  fit = MIN (fit, n);
  rows = (n + fit - 1) / fit;
  return (n + rows - 1) / rows;
}

static int
cell_width_for (TkCardsLayout *self,
                guint          columns,
                int            width,
                int            cell_minimum,
                int            cell_natural)
{
  int share = (width - (int) (columns - 1) * self->column_spacing) / (int) columns;

  return MAX (cell_minimum, self->stretch ? share : MIN (share, cell_natural));
}

static void
tk_cards_layout_measure (GtkLayoutManager *manager,
                         GtkWidget        *widget,
                         GtkOrientation    orientation,
                         int               for_size,
                         int              *minimum,
                         int              *natural,
                         int              *minimum_baseline,
                         int              *natural_baseline)
{
  TkCardsLayout *self = TK_CARDS_LAYOUT (manager);
  int cell_minimum, cell_natural;
  guint n = measure_cells (widget, &cell_minimum, &cell_natural);

  *minimum_baseline = *natural_baseline = -1;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* one cell a row at the least, all in one row at best */
      *minimum = cell_minimum;
      *natural = n > 0 ? (int) n * cell_natural + (int) (n - 1) * self->column_spacing : 0;
      return;
    }

  {
    int width = for_size >= 0 ? for_size
                              : (int) n * cell_natural + (int) MAX (n, 1) * self->column_spacing;
    guint columns = count_columns (self, n, cell_natural, width);
    int cell_width;
    int row_minimum = 0, row_natural = 0;
    guint i = 0;

    if (columns > 1 && count_columns (self, n, cell_minimum, width) > columns)
      columns = count_columns (self, n, cell_minimum, width);
    cell_width = cell_width_for (self, columns, width, cell_minimum, cell_natural);
    *minimum = *natural = 0;
    for (GtkWidget *child = gtk_widget_get_first_child (widget);
         child != NULL;
         child = gtk_widget_get_next_sibling (child))
      {
        int child_minimum, child_natural;

        if (!gtk_widget_should_layout (child))
          continue;
        gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, cell_width,
                            &child_minimum, &child_natural, NULL, NULL);
        row_minimum = MAX (row_minimum, child_minimum);
        row_natural = MAX (row_natural, child_natural);
        if (++i % columns == 0 || i == n)
          {
            int gap = i > columns ? self->row_spacing : 0;

            *minimum += row_minimum + gap;
            *natural += row_natural + gap;
            row_minimum = row_natural = 0;
          }
      }
  }
}

static void
tk_cards_layout_allocate (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          int               width,
                          int               height,
                          int               baseline)
{
  TkCardsLayout *self = TK_CARDS_LAYOUT (manager);
  int cell_minimum, cell_natural;
  guint n = measure_cells (widget, &cell_minimum, &cell_natural);
  guint columns = count_columns (self, n, cell_natural, width);
  int cell_width, y = 0, row_height = 0;
  guint i = 0;
  GtkWidget *row_start = gtk_widget_get_first_child (widget);

  if (n == 0)
    return;
  /* natural cells when they fit so; narrower ones (down to their minimum) before a new row */
  if (columns > 1 && count_columns (self, n, cell_minimum, width) > columns)
    columns = count_columns (self, n, cell_minimum, width);
  cell_width = cell_width_for (self, columns, width, cell_minimum, cell_natural);

  for (GtkWidget *child = row_start; child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int child_minimum, child_natural;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, cell_width,
                          &child_minimum, &child_natural, NULL, NULL);
      row_height = MAX (row_height, child_natural);
      if (++i % columns != 0 && i != n)
        continue;

      /* the row from row_start to child, all as tall as its tallest */
      {
        int x = 0;
        gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
        GtkWidget *end = gtk_widget_get_next_sibling (child);

        for (GtkWidget *cell = row_start; cell != end; cell = gtk_widget_get_next_sibling (cell))
          {
            if (!gtk_widget_should_layout (cell))
              continue;
            gtk_widget_size_allocate (cell,
                                      &(GtkAllocation) { rtl ? width - x - cell_width : x, y,
                                                         cell_width, row_height },
                                      -1);
            x += cell_width + self->column_spacing;
          }
        row_start = end;
      }
      y += row_height + self->row_spacing;
      row_height = 0;
    }
}

static GtkSizeRequestMode
tk_cards_layout_get_request_mode (GtkLayoutManager *manager,
                                  GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tk_cards_layout_class_init (TkCardsLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = tk_cards_layout_get_request_mode;
  layout_class->measure = tk_cards_layout_measure;
  layout_class->allocate = tk_cards_layout_allocate;
}

static void
tk_cards_layout_init (TkCardsLayout *self)
{
  self->column_spacing = 6;
  self->row_spacing = 6;
  self->stretch = TRUE;
}

GtkLayoutManager *
tk_cards_layout_new (void)
{
  return g_object_new (TK_TYPE_CARDS_LAYOUT, NULL);
}

void
tk_cards_layout_set_spacing (TkCardsLayout *self,
                             int            column_spacing,
                             int            row_spacing)
{
  g_return_if_fail (TK_IS_CARDS_LAYOUT (self));

  self->column_spacing = MAX (0, column_spacing);
  self->row_spacing = MAX (0, row_spacing);
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

void
tk_cards_layout_set_stretch (TkCardsLayout *self,
                             gboolean       stretch)
{
  g_return_if_fail (TK_IS_CARDS_LAYOUT (self));

  self->stretch = !!stretch;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}
