/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cards-layout.h — lays a widget's children out as equal cells in balanced rows: one row
 * when they fit, else as few rows as fit, each as full as the others (four cards on a phone
 * make two rows of two, not three and one). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TK_TYPE_CARDS_LAYOUT (tk_cards_layout_get_type ())
G_DECLARE_FINAL_TYPE (TkCardsLayout, tk_cards_layout, TK, CARDS_LAYOUT, GtkLayoutManager)

GtkLayoutManager *tk_cards_layout_new         (void);
void              tk_cards_layout_set_spacing (TkCardsLayout *self,
                                               int            column_spacing,
                                               int            row_spacing);
/* Whether the cells share out the whole width (TRUE) or keep their natural width. */
void              tk_cards_layout_set_stretch (TkCardsLayout *self,
                                               gboolean       stretch);

G_END_DECLS
