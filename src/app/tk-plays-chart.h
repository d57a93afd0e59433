/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-plays-chart.h — plays per month as bars, drawn with GtkSnapshot in the style's colours. */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_TYPE_PLAYS_CHART (tk_plays_chart_get_type ())
G_DECLARE_FINAL_TYPE (TkPlaysChart, tk_plays_chart, TK, PLAYS_CHART, GtkWidget)

GtkWidget *tk_plays_chart_new       (void);
/* @months: [ { month: "YYYY-MM", plays } ] in order (tk_stats_plays_per_month()); the chart
 * shows the twelve months up to the last one, empty months included. */
void       tk_plays_chart_set_months (TkPlaysChart *self,
                                      JsonArray    *months);
guint      tk_plays_chart_get_n_bars (TkPlaysChart *self);
/* The month names drawn at the chart's width, oldest first, joined by commas; ends with
 * ",(overlapping)" when two would overlap (for the tests). */
char      *tk_plays_chart_dup_shown_labels (TkPlaysChart *self);

G_END_DECLS
