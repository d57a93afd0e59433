/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-switch-row.h — a setup row with an option to turn on or off (a TkSetupRow). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_SETUP_SWITCH_ROW (tk_setup_switch_row_get_type ())
G_DECLARE_FINAL_TYPE (TkSetupSwitchRow, tk_setup_switch_row, TK, SETUP_SWITCH_ROW, AdwActionRow)

gboolean tk_setup_switch_row_get_active (TkSetupSwitchRow *self);

G_END_DECLS
