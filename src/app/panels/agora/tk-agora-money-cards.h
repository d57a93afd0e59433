/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-money-cards.h — the Agora panel's money: the goal and a card per player. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_MONEY_CARDS (tk_agora_money_cards_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraMoneyCards, tk_agora_money_cards, TK, AGORA_MONEY_CARDS, TkPanelPart)

G_END_DECLS
