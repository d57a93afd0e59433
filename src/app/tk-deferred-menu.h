/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-deferred-menu.h — a menu button whose menu is built when it is first opened.
 *
 * GtkMenuButton builds the whole popover menu (a widget per item) as soon as it is given a
 * menu model.  A window has several such buttons and none is open in the first frame, so
 * building them then only delays the first frame; this builds each on its first use. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tk_menu_button_defer_menu_model (GtkMenuButton *button,
                                      GMenuModel    *model);

G_END_DECLS
