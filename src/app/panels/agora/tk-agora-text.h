/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-text.h — how the Agora parts write money ("$23", "−$4") and a letter's button. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* "$23", "−$4" (a real minus sign: borrowing must not be missed); a new string. */
char *tk_agora_format_money (gint64 money);

/* A letter's button of the first card's or the draw's row (its letter in the template): shows
 * @detail ("Ana", "7 left") in @detail_label and as its tooltip, and is read "Card A, Ana". */
void  tk_agora_letter_button_set (GtkWidget  *button,
                                  GtkWidget  *detail_label,
                                  int         letter,
                                  const char *detail);

G_END_DECLS
