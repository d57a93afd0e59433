/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-items.h — the rows of TkAgoraModel's lists: a player (TkAgoraPlayer) and a shop on
 * the table (TkAgoraShop).  Plain GObjects read through getters (nothing binds them, so
 * they carry no properties); the model keeps the same object for the same seat or shop
 * across changes, so a view holding them is patched, never rebuilt.
 */
#pragma once

#include <gio/gio.h>

#include "agora/tk-agora-rules.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_PLAYER (tk_agora_player_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraPlayer, tk_agora_player, TK, AGORA_PLAYER, GObject)

#define TK_TYPE_AGORA_SHOP (tk_agora_shop_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraShop, tk_agora_shop, TK, AGORA_SHOP, GObject)

/* What a player's card says under the money. */
typedef enum
{
  TK_AGORA_STANDING_TO_GO,       /* "$28 to go" (closest when richest) */
  TK_AGORA_STANDING_PAST_GOAL,
  TK_AGORA_STANDING_BORROWING,
  TK_AGORA_STANDING_WINNER,
  TK_AGORA_STANDING_RANKED,      /* the game is over: the rank */
} TkAgoraStanding;

const char  *tk_agora_player_get_name        (TkAgoraPlayer *self);
const char  *tk_agora_player_get_colour      (TkAgoraPlayer *self);
/* 0..3 for A..D */
int          tk_agora_player_get_letter      (TkAgoraPlayer *self);
gint64       tk_agora_player_get_money       (TkAgoraPlayer *self);
/* what the player's shops earn a turn, and what the income step pays now (0 on the first) */
gint64       tk_agora_player_get_shop_income (TkAgoraPlayer *self);
gint64       tk_agora_player_get_income_now  (TkAgoraPlayer *self);
guint        tk_agora_player_get_turns       (TkAgoraPlayer *self);
gboolean     tk_agora_player_get_winner      (TkAgoraPlayer *self);
/* the place in the ranking once the game is over, 0 before */
guint        tk_agora_player_get_rank        (TkAgoraPlayer *self);
/* whose turn it is (never during the first card or once over) */
gboolean     tk_agora_player_get_active      (TkAgoraPlayer *self);
/* the most money at the table while the game goes on */
gboolean     tk_agora_player_get_richest     (TkAgoraPlayer *self);
/* money still needed to pass the goal (≤ 0 when past it) */
gint64       tk_agora_player_get_to_go       (TkAgoraPlayer *self);
TkAgoraStanding tk_agora_player_get_standing (TkAgoraPlayer *self);

guint        tk_agora_shop_get_id            (TkAgoraShop   *self);
/* the owner's seat, or -1 */
int          tk_agora_shop_get_owner         (TkAgoraShop   *self);
guint        tk_agora_shop_get_marks         (TkAgoraShop   *self);
guint        tk_agora_shop_get_counters      (TkAgoraShop   *self);
guint        tk_agora_shop_get_doors         (TkAgoraShop   *self);
guint        tk_agora_shop_get_n_cards       (TkAgoraShop   *self);
/* the engine's largest shop: fire and flood strike here */
gboolean     tk_agora_shop_get_largest       (TkAgoraShop   *self);
/* unowned with a circle: the active player may buy it (at its open doors) */
gboolean     tk_agora_shop_get_for_sale      (TkAgoraShop   *self);
TkAgoraFireFate tk_agora_shop_get_fire_fate  (TkAgoraShop   *self);

/* for TkAgoraModel: the items are made and updated there */
typedef struct
{
  const char     *name;
  const char     *colour;
  int             letter;
  gint64          money;
  gint64          shop_income;
  gint64          income_now;
  guint           turns;
  gboolean        winner;
  guint           rank;
  gboolean        active;
  gboolean        richest;
  gint64          to_go;
  TkAgoraStanding standing;
} TkAgoraPlayerData;

typedef struct
{
  guint           id;
  int             owner;
  guint           marks;
  guint           counters;
  guint           doors;
  guint           n_cards;
  gboolean        largest;
  gboolean        for_sale;
  TkAgoraFireFate fire_fate;
} TkAgoraShopData;

TkAgoraPlayer *_tk_agora_player_new    (void);
void           _tk_agora_player_update (TkAgoraPlayer           *self,
                                        const TkAgoraPlayerData *data);
TkAgoraShop   *_tk_agora_shop_new      (void);
void           _tk_agora_shop_update   (TkAgoraShop             *self,
                                        const TkAgoraShopData   *data);

G_END_DECLS
