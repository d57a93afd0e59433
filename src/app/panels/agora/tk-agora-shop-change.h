/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-shop-change.h — one row of the placement editor (TkAgoraPlacement): a shop lying
 * wholly on the new card (its circles and open doors, and a button to remove it), or a shop
 * on the table and what the card does to it (unchanged, grows, its doors change, joined).
 */
#pragma once

#include <gtk/gtk.h>

#include "tk-agora-model.h"

G_BEGIN_DECLS

typedef enum
{
  TK_AGORA_CHANGE_NONE,
  TK_AGORA_CHANGE_EXTEND,
  TK_AGORA_CHANGE_DOORS,
  TK_AGORA_CHANGE_JOIN,
} TkAgoraChange;

#define TK_TYPE_AGORA_SHOP_CHANGE (tk_agora_shop_change_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraShopChange, tk_agora_shop_change, TK, AGORA_SHOP_CHANGE,
                      GtkListBoxRow)

/* A new shop on the card, one circle and one open door to start from. */
GtkWidget    *tk_agora_shop_change_new_fresh  (void);
/* Its title, names and "placement.remove-shop" target follow its @place in the list. */
void          tk_agora_shop_change_set_place  (TkAgoraShopChange *self,
                                               guint              place);

/* The row of shop @id on the table, no change chosen; tk_agora_shop_change_patch () gives it
 * its words and numbers.  A change of choice activates "placement.change-chosen". */
GtkWidget    *tk_agora_shop_change_new_touch  (guint              id);
/* Its title from @owner (NULL: unowned); when @shop's circles or doors changed under it, the
 * spins start again from them. */
void          tk_agora_shop_change_patch      (TkAgoraShopChange *self,
                                               TkAgoraShop       *shop,
                                               const char        *owner);
/* No change chosen, the spins back at the shop's numbers. */
void          tk_agora_shop_change_reset      (TkAgoraShopChange *self);

guint         tk_agora_shop_change_get_id     (TkAgoraShopChange *self);
TkAgoraChange tk_agora_shop_change_get_change (TkAgoraShopChange *self);
/* the circles and open doors once the card is placed, and (a touched shop's) before */
int           tk_agora_shop_change_get_marks  (TkAgoraShopChange *self);
int           tk_agora_shop_change_get_doors  (TkAgoraShopChange *self);
int           tk_agora_shop_change_get_old_marks (TkAgoraShopChange *self);
int           tk_agora_shop_change_get_old_doors (TkAgoraShopChange *self);

G_END_DECLS
