/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-wrap-layout.h — lays a widget's children out like words in a paragraph: each at its
 * natural width, left to right, a new line when the next one does not fit (chips and tags
 * that must neither be cut off nor scroll sideways on a phone). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TK_TYPE_WRAP_LAYOUT (tk_wrap_layout_get_type ())
G_DECLARE_FINAL_TYPE (TkWrapLayout, tk_wrap_layout, TK, WRAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *tk_wrap_layout_new (int column_spacing,
                                      int row_spacing);

G_END_DECLS
