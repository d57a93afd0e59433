/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-tool-bar.h — the tool bar above the Metromania board: the line tunnels go on
 * (plain or striped), the tool (what a tap puts on the board), the destination marker to
 * place, the kind of a printed destination space, and "Save Layout…".  A TkPanelPart over a
 * TkMetromaniaModel: it writes the choices into the model's "tool", "line-style",
 * "marker-letter" and "space-kind" and shows what the model holds; the board reads them from
 * there, never from this bar. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-metromania-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_TOOL_BAR (tk_metromania_tool_bar_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaToolBar, tk_metromania_tool_bar, TK, METROMANIA_TOOL_BAR,
                      TkPanelPart)

G_END_DECLS
