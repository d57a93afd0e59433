/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-buy-row.h — a shop for sale on the turn card's buy page, and its Buy button. */
#pragma once

#include <adwaita.h>

#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_BUY_ROW (tk_agora_buy_row_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraBuyRow, tk_agora_buy_row, TK, AGORA_BUY_ROW, AdwActionRow)

GtkWidget *tk_agora_buy_row_new   (void);
/* Says @shop, its price and what @player would have after buying it; the button's
 * "turn.buy" target is the shop's number. */
void       tk_agora_buy_row_patch (TkAgoraBuyRow *self,
                                   TkAgoraShop   *shop,
                                   TkAgoraPlayer *player);

G_END_DECLS
