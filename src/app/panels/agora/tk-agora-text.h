/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-text.h — how the Agora parts write money: "$23", "−$4". */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "$23", "−$4" (a real minus sign: borrowing must not be missed); a new string. */
char *tk_agora_format_money (gint64 money);

G_END_DECLS
