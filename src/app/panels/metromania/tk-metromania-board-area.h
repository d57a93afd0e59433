/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-area.h — the Metromania board and the turn entered on it: the board view
 * with its zoom buttons, the hint for the model's tool, and the turn being entered (its
 * count, Take Back, Dead End, Pass and Finish Turn).  A TkPanelPart over a TkMetromaniaModel:
 * a tap on the board goes to tk-metromania-taps.c with the model's tool, line, marker and
 * space kind (chosen in TkMetromaniaToolBar, read from the model), and the buttons call the
 * model; it shows what the model holds, the selected trip's fastest routes included. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metromania-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_BOARD_AREA (tk_metromania_board_area_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaBoardArea, tk_metromania_board_area, TK, METROMANIA_BOARD_AREA,
                      TkPanelPart)

G_END_DECLS
