/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-draw-page.h — the Agora draw phase: the letter drawn, and its event in words. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_DRAW_PAGE (tk_agora_draw_page_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraDrawPage, tk_agora_draw_page, TK, AGORA_DRAW_PAGE, TkPanelPart)

G_END_DECLS
