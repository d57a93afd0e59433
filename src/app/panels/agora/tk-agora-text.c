/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-text.c — how the Agora parts write money (see the header). */
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
