/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-items.c — a player and an income tile as TkCityPlanModel lists them (see the
 * header). */
#define G_LOG_DOMAIN "tk-city-plan-model"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-city-plan-items.h"

/* ---- TkCityPlanPlayer ---- */

struct _TkCityPlanPlayer
{
  GObject              parent_instance;

  TkCityPlanPlayerData data;
  char                *name;
  char                *colour;
};

G_DEFINE_FINAL_TYPE (TkCityPlanPlayer, tk_city_plan_player, G_TYPE_OBJECT)

static void
tk_city_plan_player_finalize (GObject *object)
{
  TkCityPlanPlayer *self = TK_CITY_PLAN_PLAYER (object);

  g_free (self->name);
  g_free (self->colour);
  G_OBJECT_CLASS (tk_city_plan_player_parent_class)->finalize (object);
}

static void
tk_city_plan_player_class_init (TkCityPlanPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_city_plan_player_finalize;
}

static void
tk_city_plan_player_init (TkCityPlanPlayer *self)
{
}

TkCityPlanPlayer *
_tk_city_plan_player_new (void)
{
  return g_object_new (TK_TYPE_CITY_PLAN_PLAYER, NULL);
}

void
_tk_city_plan_player_update (TkCityPlanPlayer           *self,
                             const TkCityPlanPlayerData *data)
{
  self->data = *data;
  self->data.name = NULL;
  self->data.colour = NULL;
  if (g_strcmp0 (self->name, data->name) != 0)
    {
      g_free (self->name);
      self->name = g_strdup (data->name);
    }
  if (g_strcmp0 (self->colour, data->colour) != 0)
    {
      g_free (self->colour);
      self->colour = g_strdup (data->colour);
    }
}

const char *
tk_city_plan_player_get_name (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), NULL);
  return self->name;
}

const char *
tk_city_plan_player_get_colour (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), NULL);
  return self->colour;
}

gint64
tk_city_plan_player_get_hand (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), 0);
  return self->data.hand;
}

gint64
tk_city_plan_player_get_buildings (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), 0);
  return self->data.buildings;
}

guint
tk_city_plan_player_get_manifestos (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), 0);
  return self->data.manifestos;
}

gboolean
tk_city_plan_player_get_active (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), FALSE);
  return self->data.active;
}

/* ---- TkCityPlanTile ---- */

struct _TkCityPlanTile
{
  GObject            parent_instance;

  TkCityPlanTileData data;
  char              *id;
};

G_DEFINE_FINAL_TYPE (TkCityPlanTile, tk_city_plan_tile, G_TYPE_OBJECT)

static void
tk_city_plan_tile_finalize (GObject *object)
{
  TkCityPlanTile *self = TK_CITY_PLAN_TILE (object);

  g_free (self->id);
  G_OBJECT_CLASS (tk_city_plan_tile_parent_class)->finalize (object);
}

static void
tk_city_plan_tile_class_init (TkCityPlanTileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_city_plan_tile_finalize;
}

static void
tk_city_plan_tile_init (TkCityPlanTile *self)
{
}

TkCityPlanTile *
_tk_city_plan_tile_new (void)
{
  return g_object_new (TK_TYPE_CITY_PLAN_TILE, NULL);
}

void
_tk_city_plan_tile_update (TkCityPlanTile           *self,
                           const TkCityPlanTileData *data)
{
  self->data = *data;
  self->data.id = NULL;
  if (g_strcmp0 (self->id, data->id) != 0)
    {
      g_free (self->id);
      self->id = g_strdup (data->id);
    }
}

guint
tk_city_plan_tile_get_index (TkCityPlanTile *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_TILE (self), 0);
  return self->data.index;
}

const char *
tk_city_plan_tile_get_id (TkCityPlanTile *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_TILE (self), NULL);
  return self->id;
}

const char *
tk_city_plan_tile_get_title (TkCityPlanTile *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_TILE (self), NULL);
  if (g_strcmp0 (self->id, "resident") == 0)
    return _("Resident tax");
  if (g_strcmp0 (self->id, "consumption") == 0)
    return _("Consumption tax");
  if (g_strcmp0 (self->id, "business") == 0)
    return _("Business tax");
  if (g_strcmp0 (self->id, "income_tax") == 0)
    return _("Income tax");
  if (g_strcmp0 (self->id, "eco") == 0)
    return _("Eco subsidy");
  return _("Subsidy");
}

gint64
tk_city_plan_tile_get_threshold (TkCityPlanTile *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_TILE (self), 0);
  return self->data.threshold;
}

TkCityPlanTileStatus
tk_city_plan_tile_get_status (TkCityPlanTile *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_TILE (self), TK_CITY_PLAN_TILE_WAITING);
  return self->data.status;
}

gint64
tk_city_plan_tile_get_count (TkCityPlanTile *self,
                             guint           seat)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_TILE (self), 0);
  g_return_val_if_fail (seat < TK_CITY_PLAN_MAX_SEATS, 0);
  return self->data.count[seat];
}

gint64
tk_city_plan_tile_get_draws (TkCityPlanTile *self,
                             guint           seat)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_TILE (self), 0);
  g_return_val_if_fail (seat < TK_CITY_PLAN_MAX_SEATS, 0);
  return self->data.draws[seat];
}
