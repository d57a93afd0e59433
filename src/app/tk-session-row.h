/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-row.h — one open session in the Table page's list: its title, its players, when
 * it started and for how long it has been played, kept current while it is shown.
 */
#pragma once

#include <gtk/gtk.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_SESSION_ROW (tk_session_row_get_type ())
G_DECLARE_FINAL_TYPE (TkSessionRow, tk_session_row, TK, SESSION_ROW, GtkWidget)

GtkWidget  *tk_session_row_new          (void);
TkSession  *tk_session_row_get_session  (TkSessionRow *self);
void        tk_session_row_set_session  (TkSessionRow *self,
                                         TkSession    *session);
/* The line "Started 14:05 · 1 h 20 min played" as shown (for tests). */
const char *tk_session_row_get_started_text (TkSessionRow *self);

/* "20 min", "1 h 05 min": a game's length, never to be read as the turn clock's M:SS. */
char       *tk_session_row_format_played (gint64 elapsed_ms);

G_END_DECLS
