/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-points.c — a score as every panel shows it. */
#include "config.h"

#include <inttypes.h>

#include <adwaita.h>

#include "tk-points.h"

char *
tk_points_format (double points)
{
  if (points == (double) (gint64) points)
    return g_strdup_printf ("%" PRId64, (gint64) points);
  return g_strdup_printf ("%.2f", points);
}

GtkWidget *
tk_points_row_new (const char *label,
                   const char *points)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *points_label = gtk_label_new (points);

  gtk_widget_add_css_class (points_label, "numeric");
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), points_label);
  return row;
}
