/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-display-date.h — dates as the user reads them, in the UI's language.
 *
 * The library keeps dates as ISO 8601 text (YYYY-MM-DD); what is shown is never ambiguous:
 * "3 Oct 2026" in English, "2026年10月3日" in Japanese — not the C library's %x, which
 * gives "10/03/26" and depends on LC_TIME rather than the UI's language.  The formats are
 * translatable templates with the fields {day}, {m} (month number), {mon} (abbreviated
 * month name), {month} (month name) and {year}.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @iso: "YYYY-MM-DD" (anything after the day is ignored).  A text that is not such a date
 * comes back unchanged. */
char *tk_display_date        (const char *iso);
/* @date in the same form (without the year when it is this year's), and its time of day,
 * e.g. "3 Oct 2025 14:05", "3 Oct 14:05". */
char *tk_display_date_time   (GDateTime  *date);
/* A month heading, e.g. "October 2026" / "2026年10月"; @iso: "YYYY-MM" or a full date. */
char *tk_display_month       (const char *iso);
/* A short label for month @month (1–12) of a chart's axis: "Oct" / "10月". */
char *tk_display_month_short (int         month);

G_END_DECLS
