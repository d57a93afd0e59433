/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-date-row.h — a row that picks a day: the day shown in the app's date format, a calendar
 * in a popover to change it (never a date typed as YYYY-MM-DD).
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_DATE_ROW (tk_date_row_get_type ())
G_DECLARE_FINAL_TYPE (TkDateRow, tk_date_row, TK, DATE_ROW, AdwActionRow)

GtkWidget  *tk_date_row_new      (void);
/* The day, "YYYY-MM-DD" (today until set). */
const char *tk_date_row_get_date (TkDateRow  *self);
/* @iso: "YYYY-MM-DD"; anything else is ignored. */
void        tk_date_row_set_date (TkDateRow  *self,
                                  const char *iso);

G_END_DECLS
