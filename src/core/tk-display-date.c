/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-display-date.c — dates as the user reads them (see tk-display-date.h). */
#define G_LOG_DOMAIN "tk-display-date"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-display-date.h"

static const char *
month_name (int month)
{
  switch (month)
    {
    case 1: return C_("month name", "January");
    case 2: return C_("month name", "February");
    case 3: return C_("month name", "March");
    case 4: return C_("month name", "April");
    case 5: return C_("month name", "May");
    case 6: return C_("month name", "June");
    case 7: return C_("month name", "July");
    case 8: return C_("month name", "August");
    case 9: return C_("month name", "September");
    case 10: return C_("month name", "October");
    case 11: return C_("month name", "November");
    case 12: return C_("month name", "December");
    default: return "";
    }
}

static const char *
month_abbreviation (int month)
{
  switch (month)
    {
    case 1: return C_("month abbreviation", "Jan");
    case 2: return C_("month abbreviation", "Feb");
    case 3: return C_("month abbreviation", "Mar");
    case 4: return C_("month abbreviation", "Apr");
    case 5: return C_("month abbreviation", "May");
    case 6: return C_("month abbreviation", "Jun");
    case 7: return C_("month abbreviation", "Jul");
    case 8: return C_("month abbreviation", "Aug");
    case 9: return C_("month abbreviation", "Sep");
    case 10: return C_("month abbreviation", "Oct");
    case 11: return C_("month abbreviation", "Nov");
    case 12: return C_("month abbreviation", "Dec");
    default: return "";
    }
}

/* Fills the template's fields; an unknown field is copied as it is. */
static char *
fill (const char *template,
      int         year,
      int         month,
      int         day)
{
  GString *out = g_string_new (NULL);

  for (const char *p = template; *p != '\0'; p++)
    {
      const char *end = *p == '{' ? strchr (p, '}') : NULL;
      g_autofree char *field = end != NULL ? g_strndup (p + 1, end - p - 1) : NULL;

      if (field == NULL)
        g_string_append_c (out, *p);
      else if (g_str_equal (field, "year"))
        g_string_append_printf (out, "%d", year);
      else if (g_str_equal (field, "m"))
        g_string_append_printf (out, "%d", month);
      else if (g_str_equal (field, "day"))
        g_string_append_printf (out, "%d", day);
      else if (g_str_equal (field, "mon"))
        g_string_append (out, month_abbreviation (month));
      else if (g_str_equal (field, "month"))
        g_string_append (out, month_name (month));
      else
        {
          g_string_append_c (out, *p);
          continue;
        }
      if (end != NULL && field != NULL)
        p = end;
    }
  return g_string_free (out, FALSE);
}

/* Reads "YYYY-MM" and, when @day is not NULL, "-DD"; checks that the date exists. */
static gboolean
parse (const char *iso,
       int        *year,
       int        *month,
       int        *day)
{
  char *end = NULL;

  if (iso == NULL || strlen (iso) < (day != NULL ? 10 : 7) || iso[4] != '-' ||
      (day != NULL && iso[7] != '-'))
    return FALSE;
  for (int i = 0; i < (day != NULL ? 10 : 7); i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (iso[i]))
      return FALSE;
  *year = (int) strtol (iso, &end, 10);
  *month = (int) strtol (iso + 5, &end, 10);
  if (day != NULL)
    {
      *day = (int) strtol (iso + 8, &end, 10);
      return g_date_valid_dmy (*day, *month, *year);
    }
  return *month >= 1 && *month <= 12 && *year >= 1;
}

char *
tk_display_date (const char *iso)
{
  int year, month, day;

  if (!parse (iso, &year, &month, &day))
    return g_strdup (iso != NULL ? iso : "");
  /* Translators: a date, never all in numbers (01/02/26 is read differently in different
   * countries).  Fields: {day}, {m} month number, {mon} abbreviated month name, {month}
   * month name, {year}.  E.g. "3 Oct 2026"; Japanese "{year}年{m}月{day}日". */
  return fill (C_("date format", "{day} {mon} {year}"), year, month, day);
}

char *
tk_display_date_time (GDateTime *date)
{
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *day = NULL;
  g_autofree char *time = NULL;
  int year, month, day_of_month;

  g_return_val_if_fail (date != NULL, NULL);

  now = g_date_time_new_now (g_date_time_get_timezone (date));
  g_date_time_get_ymd (date, &year, &month, &day_of_month);
  /* This year's dates leave the year out, so that a list's line stays short. */
  if (year == g_date_time_get_year (now))
    /* Translators: a date of this year, e.g. "3 Oct"; fields as in the date format.
     * Japanese "{m}月{day}日". */
    day = fill (C_("date format, this year", "{day} {mon}"), year, month, day_of_month);
  else
    day = fill (C_("date format", "{day} {mon} {year}"), year, month, day_of_month);
  time = g_date_time_format (date, "%H:%M");
  /* Translators: a date and a time of day, e.g. "3 Oct 2026 14:05". */
  return g_strdup_printf (C_("date and time", "%s %s"), day, time);
}

char *
tk_display_month (const char *iso)
{
  int year, month;

  if (!parse (iso, &year, &month, NULL))
    return g_strdup (iso != NULL ? iso : "");
  /* Translators: a month of a year as a heading, e.g. "October 2026"; fields as in the
   * date format.  Japanese "{year}年{m}月". */
  return fill (C_("month heading", "{month} {year}"), year, month, 1);
}

char *
tk_display_month_short (int month)
{
  g_return_val_if_fail (month >= 1 && month <= 12, g_strdup (""));

  /* Translators: a month on a chart's axis, as short as possible, e.g. "Oct"; Japanese
   * "{m}月". */
  return fill (C_("chart month", "{mon}"), 1, month, 1);
}
