/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-wrap-layout.c — children at their natural width, wrapped into lines (see
 * tk-wrap-layout.h).  GtkFlowBox lines its children up in columns as wide as the widest,
 * which leaves chips of different lengths with gaps or stretched; this does not. */
#define G_LOG_DOMAIN "tk-wrap-layout"

#include "config.h"

#include "tk-wrap-layout.h"

struct _TkWrapLayout
{
  GtkLayoutManager parent_instance;

  int column_spacing;
  int row_spacing;
};

G_DEFINE_FINAL_TYPE (TkWrapLayout, tk_wrap_layout, GTK_TYPE_LAYOUT_MANAGER)

/* Places the children in @width (allocating them when @allocate) and returns the height
 * the lines take. */
static int
flow (TkWrapLayout *self,
      GtkWidget    *widget,
      int           width,
      gboolean      allocate)
{
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  GtkWidget *line_start = gtk_widget_get_first_child (widget);
  int x = 0, y = 0, line_height = 0;

  for (GtkWidget *child = line_start; child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int minimum, natural, child_width, child_height;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      child_width = MIN (natural, MAX (minimum, width));
      if (x > 0 && x + child_width > width)
        {
          /* a new line */
          y += line_height + self->row_spacing;
          x = line_height = 0;
        }
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, child_width, NULL, &child_height,
                          NULL, NULL);
      if (allocate)
        gtk_widget_size_allocate (child,
                                  &(GtkAllocation) { rtl ? width - x - child_width : x, y,
                                                     child_width, child_height },
                                  -1);
      line_height = MAX (line_height, child_height);
      x += child_width + self->column_spacing;
    }
  return y + line_height;
}

static void
tk_wrap_layout_measure (GtkLayoutManager *manager,
                        GtkWidget        *widget,
                        GtkOrientation    orientation,
                        int               for_size,
                        int              *minimum,
                        int              *natural,
                        int              *minimum_baseline,
                        int              *natural_baseline)
{
  TkWrapLayout *self = TK_WRAP_LAYOUT (manager);

  *minimum = *natural = 0;
  *minimum_baseline = *natural_baseline = -1;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* the widest child alone on a line at the least, all on one line at best */
      gboolean first = TRUE;

      for (GtkWidget *child = gtk_widget_get_first_child (widget);
           child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_minimum, child_natural;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &child_minimum, &child_natural, NULL, NULL);
          *minimum = MAX (*minimum, child_minimum);
          *natural += child_natural + (first ? 0 : self->column_spacing);
          first = FALSE;
        }
      return;
    }
  if (for_size < 0)
    {
      int width, baseline;

      /* no width given: the natural one, all on one line */
      tk_wrap_layout_measure (manager, widget, GTK_ORIENTATION_HORIZONTAL, -1, &width, &for_size,
                              &baseline, &baseline);
    }
  *minimum = *natural = flow (self, widget, for_size, FALSE);
}

static void
tk_wrap_layout_allocate (GtkLayoutManager *manager,
                         GtkWidget        *widget,
                         int               width,
                         int               height,
                         int               baseline)
{
  flow (TK_WRAP_LAYOUT (manager), widget, width, TRUE);
}

static GtkSizeRequestMode
tk_wrap_layout_get_request_mode (GtkLayoutManager *manager,
                                 GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tk_wrap_layout_class_init (TkWrapLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = tk_wrap_layout_get_request_mode;
  layout_class->measure = tk_wrap_layout_measure;
  layout_class->allocate = tk_wrap_layout_allocate;
}

static void
tk_wrap_layout_init (TkWrapLayout *self)
{
}

GtkLayoutManager *
tk_wrap_layout_new (int column_spacing,
                    int row_spacing)
{
  TkWrapLayout *self = g_object_new (TK_TYPE_WRAP_LAYOUT, NULL);

  self->column_spacing = MAX (0, column_spacing);
  self->row_spacing = MAX (0, row_spacing);
  return GTK_LAYOUT_MANAGER (self);
}
