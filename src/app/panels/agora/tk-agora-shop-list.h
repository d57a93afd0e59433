/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-shop-list.h — the Agora panel's shops: a row per shop on the table. */
#pragma once

#include "panels/tk-panel-part.h"
#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_SHOP_LIST (tk_agora_shop_list_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraShopList, tk_agora_shop_list, TK, AGORA_SHOP_LIST, TkPanelPart)

G_END_DECLS
