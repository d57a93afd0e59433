/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-deck.h — the Agora panel's deck: the cards left of each letter. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_DECK (tk_agora_deck_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraDeck, tk_agora_deck, TK, AGORA_DECK, TkPanelPart)

G_END_DECLS
