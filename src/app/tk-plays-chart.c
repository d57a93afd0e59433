/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-plays-chart.c — plays per month, drawn with GtkSnapshot.
 *
 * Colours come from the style (the accent colour for bars, the foreground for text and the
 * baseline), so the chart is legible in the light and the dark style alike.
 */
#define G_LOG_DOMAIN "tk-plays-chart"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "tk-display-date.h"
#include "tk-plays-chart.h"

#define N_MONTHS 12

struct _TkPlaysChart
{
  GtkWidget  parent_instance;

  int        year[N_MONTHS];
  int        month[N_MONTHS];
  gint64     plays[N_MONTHS];
  guint      n_bars;
};

G_DEFINE_FINAL_TYPE (TkPlaysChart, tk_plays_chart, GTK_TYPE_WIDGET)

static void
tk_plays_chart_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 480;
    }
  else
    {
      *minimum = 160;
      *natural = 180;
    }
}

/* Every how many bars a month is named: as often as the widest name fits with a gap, so
 * that names never collide (every other month at 360 px, every third in some languages).
 * The latest month is always named. */
static guint
label_step (TkPlaysChart *self,
            PangoLayout  *layout,
            double        slot)
{
  int widest = 0;

  for (guint i = 0; i < self->n_bars; i++)
    {
      g_autofree char *label = tk_display_month_short (self->month[i]);
      int tw;

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &tw, NULL);
      widest = MAX (widest, tw);
    }
  return MAX (1, (guint) ceil ((widest + 6) / MAX (slot, 1.0)));
}

static void
tk_plays_chart_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  TkPlaysChart *self = TK_PLAYS_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  GdkRGBA fg, accent, dim;
  gint64 max = 1;
  double slot, bar_w, top = 18, bottom;
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, NULL);
  int text_h;
  guint step;

  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", &accent))
    accent = fg;
  dim = fg;
  dim.alpha *= 0.25f;

  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, NULL, &text_h);
  bottom = height - text_h - 6;
  if (self->n_bars == 0 || bottom <= top)
    return;

  for (guint i = 0; i < self->n_bars; i++)
    max = MAX (max, self->plays[i]);

  slot = (double) width / self->n_bars;
  bar_w = MAX (2.0, slot * 0.6);
  step = label_step (self, layout, slot);

  /* Baseline. */
  gtk_snapshot_append_color (snapshot, &dim, &GRAPHENE_RECT_INIT (0, bottom, width, 1));

  for (guint i = 0; i < self->n_bars; i++)
    {
      double h = (bottom - top) * (double) self->plays[i] / (double) max;
      double x = slot * i + (slot - bar_w) / 2;
      g_autofree char *label = tk_display_month_short (self->month[i]);
      g_autofree char *count = g_strdup_printf ("%" PRId64, self->plays[i]);
      int tw, th;

      if (self->plays[i] > 0)
        {
          GskRoundedRect rect;

          gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (x, bottom - h, bar_w, h), 3);
          rect.corner[GSK_CORNER_BOTTOM_LEFT] = GRAPHENE_SIZE_INIT (0, 0);
          rect.corner[GSK_CORNER_BOTTOM_RIGHT] = GRAPHENE_SIZE_INIT (0, 0);
          gtk_snapshot_push_rounded_clip (snapshot, &rect);
          gtk_snapshot_append_color (snapshot, &accent, &rect.bounds);
          gtk_snapshot_pop (snapshot);

          pango_layout_set_text (layout, count, -1);
          pango_layout_get_pixel_size (layout, &tw, &th);
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (slot * i + (slot - tw) / 2, bottom - h - th - 2));
          gtk_snapshot_append_layout (snapshot, layout, &fg);
          gtk_snapshot_restore (snapshot);
        }

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      if ((self->n_bars - 1 - i) % step == 0)
        {
          GdkRGBA text = fg;

          text.alpha *= 0.7f;
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (slot * i + (slot - tw) / 2, bottom + 4));
          gtk_snapshot_append_layout (snapshot, layout, &text);
          gtk_snapshot_restore (snapshot);
        }
    }
}

static void
tk_plays_chart_css_changed (GtkWidget         *widget,
                            GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (tk_plays_chart_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
tk_plays_chart_class_init (TkPlaysChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = tk_plays_chart_measure;
  widget_class->snapshot = tk_plays_chart_snapshot;
  widget_class->css_changed = tk_plays_chart_css_changed;
  gtk_widget_class_set_css_name (widget_class, "tk-plays-chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tk_plays_chart_init (TkPlaysChart *self)
{
}

GtkWidget *
tk_plays_chart_new (void)
{
  return g_object_new (TK_TYPE_PLAYS_CHART, NULL);
}

void
tk_plays_chart_set_months (TkPlaysChart *self,
                           JsonArray    *months)
{
  guint n;
  int last_year = 0, last_month = 0;
  g_autoptr(GString) description = g_string_new (NULL);

  g_return_if_fail (TK_IS_PLAYS_CHART (self));

  self->n_bars = 0;
  n = months != NULL ? json_array_get_length (months) : 0;
  if (n > 0)
    {
      const char *m = json_object_get_string_member (json_array_get_object_element (months, n - 1), "month");

      if (m == NULL || sscanf (m, "%d-%d", &last_year, &last_month) != 2)
        last_year = 0;
    }
  if (last_year > 0)
    {
      int y = last_year, mo = last_month;

      for (int i = N_MONTHS - 1; i >= 0; i--)
        {
          self->year[i] = y;
          self->month[i] = mo;
          self->plays[i] = 0;
          if (--mo == 0)
            {
              mo = 12;
              y--;
            }
        }
      for (guint j = 0; j < n; j++)
        {
          JsonObject *o = json_array_get_object_element (months, j);
          const char *m = json_object_get_string_member (o, "month");
          int yy, mm;

          if (m == NULL || sscanf (m, "%d-%d", &yy, &mm) != 2)
            continue;
          for (guint i = 0; i < N_MONTHS; i++)
            if (self->year[i] == yy && self->month[i] == mm)
              self->plays[i] = json_object_get_int_member (o, "plays");
        }
      self->n_bars = N_MONTHS;
      for (guint i = 0; i < N_MONTHS; i++)
        if (self->plays[i] > 0)
          g_string_append_printf (description, "%04d-%02d: %" PRId64 "; ",
                                  self->year[i], self->month[i], self->plays[i]);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Plays per month"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
tk_plays_chart_get_n_bars (TkPlaysChart *self)
{
  g_return_val_if_fail (TK_IS_PLAYS_CHART (self), 0);

  return self->n_bars;
}

char *
tk_plays_chart_dup_shown_labels (TkPlaysChart *self)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(GString) shown = g_string_new (NULL);
  int width, widest = 0;
  guint step;

  g_return_val_if_fail (TK_IS_PLAYS_CHART (self), NULL);

  width = gtk_widget_get_width (GTK_WIDGET (self));
  if (self->n_bars == 0 || width <= 0)
    return g_strdup ("");
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  step = label_step (self, layout, (double) width / self->n_bars);
  for (guint i = 0; i < self->n_bars; i++)
    if ((self->n_bars - 1 - i) % step == 0)
      {
        g_autofree char *label = tk_display_month_short (self->month[i]);
        int tw;

        pango_layout_set_text (layout, label, -1);
        pango_layout_get_pixel_size (layout, &tw, NULL);
        widest = MAX (widest, tw);
        g_string_append_printf (shown, "%s%s", shown->len > 0 ? "," : "", label);
      }
  /* Each name is centred in its slot: names collide when one is wider than the distance
   * between two names shown. */
  if ((double) widest > step * (double) width / self->n_bars)
    g_string_append (shown, ",(overlapping)");
  return g_string_free (g_steal_pointer (&shown), FALSE);
}
