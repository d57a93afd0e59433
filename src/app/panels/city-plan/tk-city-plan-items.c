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

enum
{
  PLAYER_PROP_0,
  PLAYER_PROP_SEAT,
  PLAYER_PROP_NAME,
  PLAYER_PROP_HAND,
  PLAYER_PROP_BUILDINGS,
  PLAYER_PROP_TOTAL,
  PLAYER_PROP_ACTIVE,
  PLAYER_N_PROPS
};
static GParamSpec *player_props[PLAYER_N_PROPS];

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
tk_city_plan_player_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TkCityPlanPlayer *self = TK_CITY_PLAN_PLAYER (object);

  switch (prop_id)
    {
    case PLAYER_PROP_SEAT: g_value_set_uint (value, self->data.seat); break;
    case PLAYER_PROP_NAME: g_value_set_string (value, self->name); break;
    case PLAYER_PROP_HAND: g_value_set_int64 (value, self->data.hand); break;
    case PLAYER_PROP_BUILDINGS: g_value_set_int64 (value, self->data.buildings); break;
    case PLAYER_PROP_TOTAL: g_value_set_int64 (value, self->data.total); break;
    case PLAYER_PROP_ACTIVE: g_value_set_boolean (value, self->data.active); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_city_plan_player_class_init (TkCityPlanPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tk_city_plan_player_finalize;
  object_class->get_property = tk_city_plan_player_get_property;
  player_props[PLAYER_PROP_SEAT] = g_param_spec_uint ("seat", NULL, NULL, 0, G_MAXUINT, 0,
                                                      flags);
  player_props[PLAYER_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  player_props[PLAYER_PROP_HAND] = g_param_spec_int64 ("hand", NULL, NULL, G_MININT64,
                                                       G_MAXINT64, 0, flags);
  player_props[PLAYER_PROP_BUILDINGS] = g_param_spec_int64 ("buildings", NULL, NULL, G_MININT64,
                                                            G_MAXINT64, 0, flags);
  player_props[PLAYER_PROP_TOTAL] = g_param_spec_int64 ("total", NULL, NULL, G_MININT64,
                                                        G_MAXINT64, 0, flags);
  player_props[PLAYER_PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, PLAYER_N_PROPS, player_props);
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
  TkCityPlanPlayerData old = self->data;
  gboolean renamed = g_strcmp0 (self->name, data->name) != 0;

  g_object_freeze_notify (G_OBJECT (self));
  self->data = *data;
  self->data.name = NULL;
  self->data.colour = NULL;
  if (renamed)
    {
      g_free (self->name);
      self->name = g_strdup (data->name);
      g_object_notify_by_pspec (G_OBJECT (self), player_props[PLAYER_PROP_NAME]);
    }
  if (g_strcmp0 (self->colour, data->colour) != 0)
    {
      g_free (self->colour);
      self->colour = g_strdup (data->colour);
    }
  if (old.seat != data->seat)
    g_object_notify_by_pspec (G_OBJECT (self), player_props[PLAYER_PROP_SEAT]);
  if (old.hand != data->hand)
    g_object_notify_by_pspec (G_OBJECT (self), player_props[PLAYER_PROP_HAND]);
  if (old.buildings != data->buildings)
    g_object_notify_by_pspec (G_OBJECT (self), player_props[PLAYER_PROP_BUILDINGS]);
  if (old.total != data->total)
    g_object_notify_by_pspec (G_OBJECT (self), player_props[PLAYER_PROP_TOTAL]);
  if (old.active != data->active)
    g_object_notify_by_pspec (G_OBJECT (self), player_props[PLAYER_PROP_ACTIVE]);
  g_object_thaw_notify (G_OBJECT (self));
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

gint64
tk_city_plan_player_get_total (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), 0);
  return self->data.total;
}

guint
tk_city_plan_player_get_rank (TkCityPlanPlayer *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_PLAYER (self), 0);
  return self->data.rank;
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

enum
{
  TILE_PROP_0,
  TILE_PROP_ID,
  TILE_PROP_STATUS,
  TILE_N_PROPS
};
static GParamSpec *tile_props[TILE_N_PROPS];

G_DEFINE_FINAL_TYPE (TkCityPlanTile, tk_city_plan_tile, G_TYPE_OBJECT)

static void
tk_city_plan_tile_finalize (GObject *object)
{
  TkCityPlanTile *self = TK_CITY_PLAN_TILE (object);

  g_free (self->id);
  G_OBJECT_CLASS (tk_city_plan_tile_parent_class)->finalize (object);
}

static void
tk_city_plan_tile_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TkCityPlanTile *self = TK_CITY_PLAN_TILE (object);

  switch (prop_id)
    {
    case TILE_PROP_ID: g_value_set_string (value, self->id); break;
    case TILE_PROP_STATUS: g_value_set_int (value, self->data.status); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_city_plan_tile_class_init (TkCityPlanTileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tk_city_plan_tile_finalize;
  object_class->get_property = tk_city_plan_tile_get_property;
  tile_props[TILE_PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  tile_props[TILE_PROP_STATUS] = g_param_spec_int ("status", NULL, NULL, 0, G_MAXINT, 0, flags);
  g_object_class_install_properties (object_class, TILE_N_PROPS, tile_props);
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
  TkCityPlanTileStatus old = self->data.status;

  g_object_freeze_notify (G_OBJECT (self));
  self->data = *data;
  self->data.id = NULL;
  if (g_strcmp0 (self->id, data->id) != 0)
    {
      g_free (self->id);
      self->id = g_strdup (data->id);
      g_object_notify_by_pspec (G_OBJECT (self), tile_props[TILE_PROP_ID]);
    }
  if (old != data->status)
    g_object_notify_by_pspec (G_OBJECT (self), tile_props[TILE_PROP_STATUS]);
  g_object_thaw_notify (G_OBJECT (self));
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
  return tk_city_plan_tile_title (self->id);
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

const char *
tk_city_plan_tile_title (const char *id)
{
  if (g_strcmp0 (id, "resident") == 0)
    return _("Resident tax");
  if (g_strcmp0 (id, "consumption") == 0)
    return _("Consumption tax");
  if (g_strcmp0 (id, "business") == 0)
    return _("Business tax");
  if (g_strcmp0 (id, "income_tax") == 0)
    return _("Income tax");
  if (g_strcmp0 (id, "eco") == 0)
    return _("Eco subsidy");
  return _("Subsidy");
}
