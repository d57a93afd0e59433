/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-items.h — the rows of TkCityPlanModel's lists: a player (TkCityPlanPlayer) and
 * an income tile (TkCityPlanTile).  Plain GObjects read through getters (nothing binds them,
 * so they carry no properties); the model keeps the same object for the same seat or tile
 * across changes, so a view holding them is patched, never rebuilt.
 */
#pragma once

#include <gio/gio.h>

#include "city-plan/tk-city-plan-rules.h"

G_BEGIN_DECLS

#define TK_CITY_PLAN_MAX_SEATS 5

#define TK_TYPE_CITY_PLAN_PLAYER (tk_city_plan_player_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanPlayer, tk_city_plan_player, TK, CITY_PLAN_PLAYER, GObject)

#define TK_TYPE_CITY_PLAN_TILE (tk_city_plan_tile_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanTile, tk_city_plan_tile, TK, CITY_PLAN_TILE, GObject)

/* Where an income tile stands. */
typedef enum
{
  TK_CITY_PLAN_TILE_WAITING,    /* nobody meets it yet */
  TK_CITY_PLAN_TILE_DUE,        /* someone meets it: it fires at this round's end */
  TK_CITY_PLAN_TILE_FIRED,      /* it paid out (once a game) */
} TkCityPlanTileStatus;

const char  *tk_city_plan_player_get_name      (TkCityPlanPlayer *self);
const char  *tk_city_plan_player_get_colour    (TkCityPlanPlayer *self);
gint64       tk_city_plan_player_get_hand      (TkCityPlanPlayer *self);
/* buildings built (what the game's end and the subsidy count) */
gint64       tk_city_plan_player_get_buildings (TkCityPlanPlayer *self);
/* manifestos kept face down, 0..2 */
guint        tk_city_plan_player_get_manifestos (TkCityPlanPlayer *self);
/* whose turn it is (never once over) */
gboolean     tk_city_plan_player_get_active    (TkCityPlanPlayer *self);

/* 0 .. TK_CITY_PLAN_N_TILES - 1, in the order a round's end checks them */
guint        tk_city_plan_tile_get_index       (TkCityPlanTile   *self);
/* the engine's id: "resident", "consumption", "business", "income_tax", "eco", "subsidy" */
const char  *tk_city_plan_tile_get_id          (TkCityPlanTile   *self);
/* the tile's name in the UI's language ("Resident tax") */
const char  *tk_city_plan_tile_get_title       (TkCityPlanTile   *self);
gint64       tk_city_plan_tile_get_threshold   (TkCityPlanTile   *self);
TkCityPlanTileStatus tk_city_plan_tile_get_status (TkCityPlanTile *self);
/* what @seat's city counts for the tile now */
gint64       tk_city_plan_tile_get_count       (TkCityPlanTile   *self,
                                                guint             seat);
/* the cards @seat drew when it fired, or would draw if it fired now */
gint64       tk_city_plan_tile_get_draws       (TkCityPlanTile   *self,
                                                guint             seat);

/* for TkCityPlanModel: the items are made and updated there */
typedef struct
{
  guint       seat;
  const char *name;
  const char *colour;
  gint64      hand;
  gint64      buildings;
  guint       manifestos;
  gboolean    active;
} TkCityPlanPlayerData;

typedef struct
{
  guint                index;
  const char          *id;
  gint64               threshold;
  TkCityPlanTileStatus status;
  gint64               count[TK_CITY_PLAN_MAX_SEATS];
  gint64               draws[TK_CITY_PLAN_MAX_SEATS];
} TkCityPlanTileData;

TkCityPlanPlayer *_tk_city_plan_player_new    (void);
void              _tk_city_plan_player_update (TkCityPlanPlayer           *self,
                                               const TkCityPlanPlayerData *data);
TkCityPlanTile   *_tk_city_plan_tile_new      (void);
void              _tk_city_plan_tile_update   (TkCityPlanTile             *self,
                                               const TkCityPlanTileData   *data);

G_END_DECLS
