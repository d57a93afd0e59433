/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-date-row.c — a row that picks a day with a calendar.
 *
 * The button says the day in the app's format ("29 Nov 2026", "2026年11月29日") and is the
 * row's name for screen readers too ("Date: 29 Nov 2026"); a day chosen in the calendar
 * closes the popover.
 */
#define G_LOG_DOMAIN "tk-date-row"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "tk-date-row.h"
#include "tk-display-date.h"

struct _TkDateRow
{
  AdwActionRow   parent_instance;

  char          *date;   /* YYYY-MM-DD */

  GtkMenuButton *date_button;
  GtkPopover    *popover;
  GtkCalendar   *calendar;
};

enum
{
  PROP_0,
  PROP_DATE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkDateRow, tk_date_row, ADW_TYPE_ACTION_ROW)

static GParamSpec *properties[N_PROPS];

/* ---- statics ---- */

static void
show_date (TkDateRow *self)
{
  g_autofree char *shown = tk_display_date (self->date);
  g_autofree char *a11y = NULL;
  g_autoptr(GDateTime) day = NULL;
  int y, m, d;

  gtk_menu_button_set_label (self->date_button, shown);
  /* Translators: a date picker's name for screen readers, e.g. "Date: 29 Nov 2026" */
  a11y = g_strdup_printf (_("%s: %s"),
                          adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)), shown);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->date_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  if (sscanf (self->date, "%4d-%2d-%2d", &y, &m, &d) == 3 &&
      (day = g_date_time_new_local (y, m, d, 12, 0, 0)) != NULL)
    {
      g_signal_handlers_block_matched (self->calendar, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
      gtk_calendar_select_day (self->calendar, day);
      g_signal_handlers_unblock_matched (self->calendar, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
    }
}

static gboolean
is_day (const char *iso)
{
  int y, m, d;
  char end;

  return iso != NULL && strlen (iso) == 10 && iso[4] == '-' && iso[7] == '-' &&
         sscanf (iso, "%4d-%2d-%2d%c", &y, &m, &d, &end) == 3 && y >= 1 &&
         m >= 1 && m <= 12 && d >= 1 && g_date_valid_dmy (d, m, y);
}

/* ---- callbacks ---- */

static void
on_day_selected (TkDateRow *self)
{
  g_autoptr(GDateTime) day = gtk_calendar_get_date (self->calendar);
  g_autofree char *iso = g_date_time_format (day, "%Y-%m-%d");

  tk_date_row_set_date (self, iso);
  gtk_popover_popdown (self->popover);
}

/* ---- overrides ---- */

static void
tk_date_row_finalize (GObject *object)
{
  g_free (TK_DATE_ROW (object)->date);
  G_OBJECT_CLASS (tk_date_row_parent_class)->finalize (object);
}

static void
tk_date_row_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TkDateRow *self = TK_DATE_ROW (object);

  switch (prop_id)
    {
    case PROP_DATE:
      g_value_set_string (value, self->date);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_date_row_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  TkDateRow *self = TK_DATE_ROW (object);

  switch (prop_id)
    {
    case PROP_DATE:
      tk_date_row_set_date (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_date_row_class_init (TkDateRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tk_date_row_finalize;
  object_class->get_property = tk_date_row_get_property;
  object_class->set_property = tk_date_row_set_property;

  /**
   * TkDateRow:date:
   *
   * The day picked, "YYYY-MM-DD".
   */
  properties[PROP_DATE] =
    g_param_spec_string ("date", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/app/tk-date-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkDateRow, date_button);
  gtk_widget_class_bind_template_child (widget_class, TkDateRow, popover);
  gtk_widget_class_bind_template_child (widget_class, TkDateRow, calendar);
  gtk_widget_class_bind_template_callback (widget_class, on_day_selected);
}

static void
tk_date_row_init (TkDateRow *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->date = g_date_time_format (now, "%Y-%m-%d");
  show_date (self);
}

/* ---- public API ---- */

GtkWidget *
tk_date_row_new (void)
{
  return g_object_new (TK_TYPE_DATE_ROW, NULL);
}

const char *
tk_date_row_get_date (TkDateRow *self)
{
  g_return_val_if_fail (TK_IS_DATE_ROW (self), NULL);
  return self->date;
}

void
tk_date_row_set_date (TkDateRow  *self,
                      const char *iso)
{
  g_return_if_fail (TK_IS_DATE_ROW (self));

  if (!is_day (iso) || g_strcmp0 (self->date, iso) == 0)
    return;
  g_free (self->date);
  self->date = g_strdup (iso);
  show_date (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATE]);
}
