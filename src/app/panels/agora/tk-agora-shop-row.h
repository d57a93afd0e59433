/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-shop-row.h — one shop on the Agora table, in the panel's list of shops. */
#pragma once

#include <adwaita.h>

#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_SHOP_ROW (tk_agora_shop_row_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraShopRow, tk_agora_shop_row, TK, AGORA_SHOP_ROW, GtkListBoxRow)

GtkWidget *tk_agora_shop_row_new (TkAgoraModel *model,
                                  TkAgoraShop  *shop);

G_END_DECLS
