/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-window.h — the main window: a header bar with the page switcher and four pages. */
#pragma once

#include <adwaita.h>

#include "tk-library-problem.h"
#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_WINDOW (tk_window_get_type ())
G_DECLARE_FINAL_TYPE (TkWindow, tk_window, TK, WINDOW, AdwApplicationWindow)

TkWindow   *tk_window_new                       (GtkApplication *application);

TkStore    *tk_window_get_store                 (TkWindow       *self);
void        tk_window_set_store                 (TkWindow       *self,
                                                 TkStore        *store);

const char *tk_window_get_visible_page_name     (TkWindow       *self);
gboolean    tk_window_set_visible_page_name     (TkWindow       *self,
                                                 const char     *name);
gboolean    tk_window_get_switcher_bar_revealed (TkWindow       *self);

void        tk_window_show_library_problem      (TkWindow       *self,
                                                 const GError   *error,
                                                 TkLibraryWays   ways);
void        tk_window_add_toast                 (TkWindow       *self,
                                                 AdwToast       *toast);
/* Another connection changed the library (a sync pass): the History page, if built, reads
 * its plays again, and the Table page its open sessions when another device changed one
 * (the Collection page follows the library's ::games-changed itself). */
void        tk_window_reload_pages              (TkWindow       *self);

G_END_DECLS
