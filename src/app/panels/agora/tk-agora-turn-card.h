/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-turn-card.h — the Agora turn as a guided flow: the first card, then income, draw,
 * place and buy, a page each. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_TURN_CARD (tk_agora_turn_card_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraTurnCard, tk_agora_turn_card, TK, AGORA_TURN_CARD, TkPanelPart)

G_END_DECLS
