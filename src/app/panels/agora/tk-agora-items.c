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

enum
{
  PLAYER_PROP_0,
  PLAYER_PROP_SEAT,
  PLAYER_PROP_NAME,
  PLAYER_PROP_MONEY,
  PLAYER_PROP_SHOP_INCOME,
  PLAYER_PROP_ACTIVE,
  PLAYER_PROP_STANDING,
  PLAYER_N_PROPS
};
static GParamSpec *player_props[PLAYER_N_PROPS];

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
tk_agora_player_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TkAgoraPlayer *self = TK_AGORA_PLAYER (object);

  switch (prop_id)
    {
    case PLAYER_PROP_SEAT: g_value_set_uint (value, self->data.seat); break;
    case PLAYER_PROP_NAME: g_value_set_string (value, self->name); break;
    case PLAYER_PROP_MONEY: g_value_set_int64 (value, self->data.money); break;
    case PLAYER_PROP_SHOP_INCOME: g_value_set_int64 (value, self->data.shop_income); break;
    case PLAYER_PROP_ACTIVE: g_value_set_boolean (value, self->data.active); break;
    case PLAYER_PROP_STANDING: g_value_set_int (value, self->data.standing); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_player_class_init (TkAgoraPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tk_agora_player_finalize;
  object_class->get_property = tk_agora_player_get_property;
  player_props[PLAYER_PROP_SEAT] = g_param_spec_uint ("seat", NULL, NULL, 0, G_MAXUINT, 0, flags);
  player_props[PLAYER_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  player_props[PLAYER_PROP_MONEY] = g_param_spec_int64 ("money", NULL, NULL, G_MININT64,
                                                        G_MAXINT64, 0, flags);
  player_props[PLAYER_PROP_SHOP_INCOME] = g_param_spec_int64 ("shop-income", NULL, NULL,
                                                              G_MININT64, G_MAXINT64, 0, flags);
  player_props[PLAYER_PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE, flags);
  player_props[PLAYER_PROP_STANDING] = g_param_spec_int ("standing", NULL, NULL, 0, G_MAXINT, 0,
                                                         flags);
  g_object_class_install_properties (object_class, PLAYER_N_PROPS, player_props);
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

/* Sets @data, notifying what changed (and "notify" once at least when anything did). */
void
_tk_agora_player_update (TkAgoraPlayer           *self,
                         const TkAgoraPlayerData *data)
{
  TkAgoraPlayerData old = self->data;
  GObject *object = G_OBJECT (self);

  g_object_freeze_notify (object);
  self->data = *data;
  self->data.name = NULL;
  self->data.colour = NULL;
  if (g_strcmp0 (self->name, data->name) != 0)
    {
      g_free (self->name);
      self->name = g_strdup (data->name);
      g_object_notify_by_pspec (object, player_props[PLAYER_PROP_NAME]);
    }
  if (g_strcmp0 (self->colour, data->colour) != 0)
    {
      /* a seat's colour is the setup's: set once */
      g_free (self->colour);
      self->colour = g_strdup (data->colour);
    }
  if (old.seat != data->seat)
    g_object_notify_by_pspec (object, player_props[PLAYER_PROP_SEAT]);
  if (old.money != data->money)
    g_object_notify_by_pspec (object, player_props[PLAYER_PROP_MONEY]);
  if (old.shop_income != data->shop_income)
    g_object_notify_by_pspec (object, player_props[PLAYER_PROP_SHOP_INCOME]);
  if (old.active != data->active)
    g_object_notify_by_pspec (object, player_props[PLAYER_PROP_ACTIVE]);
  if (old.standing != data->standing || old.rank != data->rank || old.to_go != data->to_go ||
      old.richest != data->richest || old.winner != data->winner ||
      old.letter != data->letter || old.turns != data->turns ||
      old.income_now != data->income_now)
    g_object_notify_by_pspec (object, player_props[PLAYER_PROP_STANDING]);
  g_object_thaw_notify (object);
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

enum
{
  SHOP_PROP_0,
  SHOP_PROP_ID,
  SHOP_PROP_OWNER,
  SHOP_PROP_MARKS,
  SHOP_PROP_DOORS,
  SHOP_PROP_FOR_SALE,
  SHOP_PROP_LARGEST,
  SHOP_N_PROPS
};
static GParamSpec *shop_props[SHOP_N_PROPS];

G_DEFINE_FINAL_TYPE (TkAgoraShop, tk_agora_shop, G_TYPE_OBJECT)

static void
tk_agora_shop_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TkAgoraShop *self = TK_AGORA_SHOP (object);

  switch (prop_id)
    {
    case SHOP_PROP_ID: g_value_set_uint (value, self->data.id); break;
    case SHOP_PROP_OWNER: g_value_set_int (value, self->data.owner); break;
    case SHOP_PROP_MARKS: g_value_set_uint (value, self->data.marks); break;
    case SHOP_PROP_DOORS: g_value_set_uint (value, self->data.doors); break;
    case SHOP_PROP_FOR_SALE: g_value_set_boolean (value, self->data.for_sale); break;
    case SHOP_PROP_LARGEST: g_value_set_boolean (value, self->data.largest); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_shop_class_init (TkAgoraShopClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = tk_agora_shop_get_property;
  shop_props[SHOP_PROP_ID] = g_param_spec_uint ("id", NULL, NULL, 0, G_MAXUINT, 0, flags);
  shop_props[SHOP_PROP_OWNER] = g_param_spec_int ("owner", NULL, NULL, -1, G_MAXINT, -1, flags);
  shop_props[SHOP_PROP_MARKS] = g_param_spec_uint ("marks", NULL, NULL, 0, G_MAXUINT, 0, flags);
  shop_props[SHOP_PROP_DOORS] = g_param_spec_uint ("doors", NULL, NULL, 0, G_MAXUINT, 0, flags);
  shop_props[SHOP_PROP_FOR_SALE] = g_param_spec_boolean ("for-sale", NULL, NULL, FALSE, flags);
  shop_props[SHOP_PROP_LARGEST] = g_param_spec_boolean ("largest", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, SHOP_N_PROPS, shop_props);
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
  TkAgoraShopData old = self->data;
  GObject *object = G_OBJECT (self);

  g_object_freeze_notify (object);
  self->data = *data;
  if (old.id != data->id)
    g_object_notify_by_pspec (object, shop_props[SHOP_PROP_ID]);
  if (old.owner != data->owner)
    g_object_notify_by_pspec (object, shop_props[SHOP_PROP_OWNER]);
  /* the counters and cards go with the circles: one notification for the three */
  if (old.marks != data->marks || old.counters != data->counters ||
      old.n_cards != data->n_cards || old.fire_fate != data->fire_fate)
    g_object_notify_by_pspec (object, shop_props[SHOP_PROP_MARKS]);
  if (old.doors != data->doors)
    g_object_notify_by_pspec (object, shop_props[SHOP_PROP_DOORS]);
  if (old.for_sale != data->for_sale)
    g_object_notify_by_pspec (object, shop_props[SHOP_PROP_FOR_SALE]);
  if (old.largest != data->largest)
    g_object_notify_by_pspec (object, shop_props[SHOP_PROP_LARGEST]);
  g_object_thaw_notify (object);
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
