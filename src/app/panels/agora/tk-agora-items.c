/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-items.c — a player and a shop as TkAgoraModel lists them (see the header). */
#define G_LOG_DOMAIN "tk-agora-model"

#include "config.h"

#include "tk-agora-items.h"

/* ---- TkAgoraPlayer ---- */

struct _TkAgoraPlayer
{
  GObject           parent_instance;

  TkAgoraPlayerData data;
  char             *name;
  char             *colour;
};

G_DEFINE_FINAL_TYPE (TkAgoraPlayer, tk_agora_player, G_TYPE_OBJECT)

static void
tk_agora_player_finalize (GObject *object)
{
  TkAgoraPlayer *self = TK_AGORA_PLAYER (object);

  g_free (self->name);
  g_free (self->colour);
  G_OBJECT_CLASS (tk_agora_player_parent_class)->finalize (object);
}

static void
tk_agora_player_class_init (TkAgoraPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_agora_player_finalize;
}

static void
tk_agora_player_init (TkAgoraPlayer *self)
{
}

TkAgoraPlayer *
_tk_agora_player_new (void)
{
  return g_object_new (TK_TYPE_AGORA_PLAYER, NULL);
}

void
_tk_agora_player_update (TkAgoraPlayer           *self,
                         const TkAgoraPlayerData *data)
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

const char *tk_agora_player_get_name (TkAgoraPlayer *self) { return self->name; }
const char *tk_agora_player_get_colour (TkAgoraPlayer *self) { return self->colour; }
int tk_agora_player_get_letter (TkAgoraPlayer *self) { return self->data.letter; }
gint64 tk_agora_player_get_money (TkAgoraPlayer *self) { return self->data.money; }
gint64 tk_agora_player_get_shop_income (TkAgoraPlayer *self) { return self->data.shop_income; }
gint64 tk_agora_player_get_income_now (TkAgoraPlayer *self) { return self->data.income_now; }
guint tk_agora_player_get_turns (TkAgoraPlayer *self) { return self->data.turns; }
gboolean tk_agora_player_get_winner (TkAgoraPlayer *self) { return self->data.winner; }
guint tk_agora_player_get_rank (TkAgoraPlayer *self) { return self->data.rank; }
gboolean tk_agora_player_get_active (TkAgoraPlayer *self) { return self->data.active; }
gboolean tk_agora_player_get_richest (TkAgoraPlayer *self) { return self->data.richest; }
gint64 tk_agora_player_get_to_go (TkAgoraPlayer *self) { return self->data.to_go; }
TkAgoraStanding tk_agora_player_get_standing (TkAgoraPlayer *self) { return self->data.standing; }

/* ---- TkAgoraShop ---- */

struct _TkAgoraShop
{
  GObject         parent_instance;

  TkAgoraShopData data;
};

G_DEFINE_FINAL_TYPE (TkAgoraShop, tk_agora_shop, G_TYPE_OBJECT)

static void
tk_agora_shop_class_init (TkAgoraShopClass *klass)
{
}

static void
tk_agora_shop_init (TkAgoraShop *self)
{
  self->data.owner = -1;
}

TkAgoraShop *
_tk_agora_shop_new (void)
{
  return g_object_new (TK_TYPE_AGORA_SHOP, NULL);
}

void
_tk_agora_shop_update (TkAgoraShop           *self,
                       const TkAgoraShopData *data)
{
  self->data = *data;
}

guint tk_agora_shop_get_id (TkAgoraShop *self) { return self->data.id; }
int tk_agora_shop_get_owner (TkAgoraShop *self) { return self->data.owner; }
guint tk_agora_shop_get_marks (TkAgoraShop *self) { return self->data.marks; }
guint tk_agora_shop_get_counters (TkAgoraShop *self) { return self->data.counters; }
guint tk_agora_shop_get_doors (TkAgoraShop *self) { return self->data.doors; }
guint tk_agora_shop_get_n_cards (TkAgoraShop *self) { return self->data.n_cards; }
gboolean tk_agora_shop_get_largest (TkAgoraShop *self) { return self->data.largest; }
gboolean tk_agora_shop_get_for_sale (TkAgoraShop *self) { return self->data.for_sale; }
TkAgoraFireFate tk_agora_shop_get_fire_fate (TkAgoraShop *self) { return self->data.fire_fate; }
