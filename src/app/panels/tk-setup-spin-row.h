/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-spin-row.h — a setup row with a whole number to pick (a TkSetupRow). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_SETUP_SPIN_ROW (tk_setup_spin_row_get_type ())
G_DECLARE_FINAL_TYPE (TkSetupSpinRow, tk_setup_spin_row, TK, SETUP_SPIN_ROW, AdwActionRow)

int tk_setup_spin_row_get_value (TkSetupSpinRow *self);

G_END_DECLS
