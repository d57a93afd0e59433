/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-choice-row.h — a setup row with one of a few readings to pick (a TkSetupRow). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_SETUP_CHOICE_ROW (tk_setup_choice_row_get_type ())
G_DECLARE_FINAL_TYPE (TkSetupChoiceRow, tk_setup_choice_row, TK, SETUP_CHOICE_ROW, AdwComboRow)

G_END_DECLS
