/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-text.c — how the Agora parts write money and a letter (see the header). */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-agora-text.h"

char *
tk_agora_format_money (gint64 money)
{
  if (money < 0)
    /* Translators: money below zero (borrowed), e.g. "−$4"; keep the minus sign. */
    return g_strdup_printf (_("−$%" PRId64), -money);
  /* Translators: an amount of money, e.g. "$23". */
  return g_strdup_printf (_("$%" PRId64), money);
}

void
tk_agora_letter_button_set (GtkWidget  *button,
                            GtkWidget  *detail_label,
                            int         letter,
                            const char *detail)
{
  /* Translators: what a screen reader says for a card's letter, e.g. "Card A, Ana" or
   * "Card B, 7 left". */
  g_autofree char *accessible = g_strdup_printf (_("Card %c, %s"), 'A' + letter, detail);

  gtk_label_set_text (GTK_LABEL (detail_label), detail);
  gtk_widget_set_tooltip_text (button, detail);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
}
