/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-model.c — an Agora session as the panel's parts read it (see the header). */
#define G_LOG_DOMAIN "tk-agora-model"

#include "config.h"

#include "tk-agora-model.h"

struct _TkAgoraModel
{
  TkPanelModel  parent_instance;

  GListStore   *players;        /* TkAgoraPlayer, by seat */
  GListStore   *shops;          /* TkAgoraShop, by id */
  GListStore   *for_sale;       /* the same items, those for sale */

  TkAgoraPhase  phase;
  guint         active;
  guint         n_players;
  gint64        goal;
  gboolean      reach;
  int           letter_seat[TK_AGORA_N_LETTERS];
  guint         deck[TK_AGORA_N_LETTERS];
  double        chance[TK_AGORA_N_LETTERS];
  guint         deck_total;
  guint         per_letter;
  guint         on_table;
  guint         removed;
  int           drawn;
  guint         largest_id;
  gboolean      tie;
  guint         festival_winners;

  int           chosen_letter;
  int           chosen_seat;
};

enum
{
  PROP_0,
  PROP_CHOSEN_LETTER,
  PROP_CHOSEN_SEAT,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkAgoraModel, tk_agora_model, TK_TYPE_PANEL_MODEL)

static const char *const event_names[] = { "fire", "flood", "festival" };

/* ---- reading the session ---- */

/* Makes @store hold, in order, the items @wanted (of ids @ids), keeping the items it already
 * holds for the same ids (both are sorted by id), so that bound views keep their rows. */
static void
sync_store (GListStore *store,
            GPtrArray  *wanted)
{
  guint pos = 0;

  for (guint i = 0; i < wanted->len; i++)
    {
      TkAgoraShop *shop = wanted->pdata[i];
      guint id = tk_agora_shop_get_id (shop);

      /* drop what is no longer there before it */
      while (pos < g_list_model_get_n_items (G_LIST_MODEL (store)))
        {
          g_autoptr(TkAgoraShop) held = g_list_model_get_item (G_LIST_MODEL (store), pos);

          if (tk_agora_shop_get_id (held) >= id)
            break;
          g_list_store_remove (store, pos);
        }
      if (pos < g_list_model_get_n_items (G_LIST_MODEL (store)))
        {
          g_autoptr(TkAgoraShop) held = g_list_model_get_item (G_LIST_MODEL (store), pos);

          if (held == shop)
            {
              pos++;
              continue;
            }
        }
      g_list_store_insert (store, pos++, shop);
    }
  if (pos < g_list_model_get_n_items (G_LIST_MODEL (store)))
    g_list_store_splice (store, pos, g_list_model_get_n_items (G_LIST_MODEL (store)) - pos,
                         NULL, 0);
}

static TkAgoraShop *
find_shop (GListStore *store,
           guint       id)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (store)); i++)
    {
      g_autoptr(TkAgoraShop) shop = g_list_model_get_item (G_LIST_MODEL (store), i);

      if (tk_agora_shop_get_id (shop) == id)
        return shop;
    }
  return NULL;
}

static void
read_players (TkAgoraModel *self,
              JsonObject   *setup,
              gpointer      state)
{
  gboolean over = self->phase == TK_AGORA_PHASE_OVER;
  gint64 richest = G_MININT64;
  TkAgoraSeatInfo seats[TK_AGORA_N_LETTERS];    /* a letter each: four seats at most */

  self->n_players = MIN (self->n_players, G_N_ELEMENTS (seats));
  for (guint seat = 0; seat < self->n_players; seat++)
    {
      tk_agora_rules_seat (state, seat, &seats[seat]);
      richest = MAX (richest, seats[seat].money);
    }

  for (guint l = 0; l < TK_AGORA_N_LETTERS; l++)
    self->letter_seat[l] = -1;
  for (guint seat = 0; seat < self->n_players; seat++)
    {
      TkAgoraSeatInfo *info = &seats[seat];
      TkAgoraPlayerData data = { 0 };
      g_autoptr(TkAgoraPlayer) item = NULL;

      data.name = tk_rules_setup_player_name (setup, seat);
      data.colour = tk_rules_setup_player_colour (setup, seat);
      data.letter = info->letter - 'A';
      data.money = info->money;
      data.shop_income = info->shop_income;
      data.turns = info->turns;
      data.income_now = tk_agora_rules_income_due (state, seat);
      data.winner = info->winner;
      /* the ranks only once the game is over */
      if (over)
        data.rank = info->rank;
      data.active = !over && seat == self->active && self->phase != TK_AGORA_PHASE_FIRST_CARD;
      data.richest = !over && data.money == richest;
      data.to_go = tk_agora_rules_to_go (state, data.money);
      if (data.winner)
        data.standing = TK_AGORA_STANDING_WINNER;
      else if (data.money < 0)
        data.standing = TK_AGORA_STANDING_BORROWING;
      else if (over)
        data.standing = TK_AGORA_STANDING_RANKED;
      else if (data.to_go > 0)
        data.standing = TK_AGORA_STANDING_TO_GO;
      else
        data.standing = TK_AGORA_STANDING_PAST_GOAL;
      self->letter_seat[data.letter] = seat;

      if (seat < g_list_model_get_n_items (G_LIST_MODEL (self->players)))
        item = g_list_model_get_item (G_LIST_MODEL (self->players), seat);
      else
        {
          item = _tk_agora_player_new ();
          g_list_store_append (self->players, item);
        }
      _tk_agora_player_update (item, &data);
    }
  if (self->n_players < g_list_model_get_n_items (G_LIST_MODEL (self->players)))
    g_list_store_splice (self->players, self->n_players,
                         g_list_model_get_n_items (G_LIST_MODEL (self->players)) -
                         self->n_players, NULL, 0);
}

static void
read_shops (TkAgoraModel *self,
            gpointer      state)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) for_sale = g_ptr_array_new ();

  self->largest_id = tk_agora_rules_largest_shop (state, &self->tie);
  for (guint i = 0; i < tk_agora_rules_n_shops (state); i++)
    {
      TkAgoraShopInfo info;
      TkAgoraShopData data = { 0 };
      TkAgoraShop *item;

      tk_agora_rules_shop (state, i, &info);
      data.id = info.id;
      data.owner = info.owner;
      data.marks = info.marks;
      data.counters = info.counters;
      data.doors = info.doors;
      data.n_cards = info.n_cards;
      data.largest = data.id == self->largest_id;
      data.for_sale = tk_agora_rules_for_sale (state, data.id);
      data.fire_fate = tk_agora_rules_fire_fate (state, data.id);

      item = find_shop (self->shops, data.id);
      item = item != NULL ? g_object_ref (item) : _tk_agora_shop_new ();
      _tk_agora_shop_update (item, &data);
      g_ptr_array_add (all, item);
      if (data.for_sale)
        g_ptr_array_add (for_sale, item);
    }
  sync_store (self->shops, all);
  sync_store (self->for_sale, for_sale);
}

/* TkPanelModel's read_session (): once at construction, then once per TkSession::changed. */
static void
read_session (TkPanelModel *model)
{
  TkAgoraModel *self = TK_AGORA_MODEL (model);
  TkSession *session = tk_panel_model_get_session (model);
  JsonObject *setup = tk_session_get_setup (session);
  gpointer state = tk_session_peek_state (session);
  TkAgoraCardCount cards;
  char drawn = tk_agora_rules_drawn (state);
  g_autofree char *moment = NULL;

  self->phase = tk_agora_rules_phase (state);
  self->active = tk_agora_rules_active (state);
  self->n_players = tk_agora_rules_n_players (state);
  self->goal = tk_agora_rules_goal (state, &self->reach);
  for (guint l = 0; l < TK_AGORA_N_LETTERS; l++)
    {
      self->deck[l] = tk_agora_rules_cards_left (state, 'A' + l);
      self->chance[l] = tk_agora_rules_letter_chance (state, 'A' + l);
    }
  tk_agora_rules_card_count (state, &cards);
  self->deck_total = cards.deck_total;
  self->per_letter = tk_agora_rules_cards_per_letter (state);
  self->on_table = cards.on_table;
  self->removed = cards.removed;
  self->drawn = drawn != 0 ? drawn - 'A' : -1;

  read_players (self, setup, state);
  self->festival_winners = tk_agora_rules_festival_winners (state);
  read_shops (self, state);

  /* Transient choices belong to one moment of the game: the same phase, turn and card. */
  moment = g_strdup_printf ("%d/%u/%u/%u", self->phase, self->active, cards.placed,
                            self->deck_total);
  if (tk_panel_model_set_moment (model, moment))
    {
      self->chosen_letter = -1;
      self->chosen_seat = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOSEN_LETTER]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOSEN_SEAT]);
    }
}

/* ---- object ---- */

static void
tk_agora_model_finalize (GObject *object)
{
  TkAgoraModel *self = TK_AGORA_MODEL (object);

  g_clear_object (&self->players);
  g_clear_object (&self->shops);
  g_clear_object (&self->for_sale);
  G_OBJECT_CLASS (tk_agora_model_parent_class)->finalize (object);
}

static void
tk_agora_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TkAgoraModel *self = TK_AGORA_MODEL (object);

  switch (prop_id)
    {
    case PROP_CHOSEN_LETTER:
      g_value_set_int (value, self->chosen_letter);
      break;
    case PROP_CHOSEN_SEAT:
      g_value_set_int (value, self->chosen_seat);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_model_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TkAgoraModel *self = TK_AGORA_MODEL (object);

  switch (prop_id)
    {
    case PROP_CHOSEN_LETTER:
      tk_agora_model_set_chosen_letter (self, g_value_get_int (value));
      break;
    case PROP_CHOSEN_SEAT:
      tk_agora_model_set_chosen_seat (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_model_class_init (TkAgoraModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_agora_model_finalize;
  object_class->get_property = tk_agora_model_get_property;
  object_class->set_property = tk_agora_model_set_property;

  properties[PROP_CHOSEN_LETTER] =
    g_param_spec_int ("chosen-letter", NULL, NULL, -1, TK_AGORA_N_LETTERS - 1, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHOSEN_SEAT] =
    g_param_spec_int ("chosen-seat", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  TK_PANEL_MODEL_CLASS (klass)->read_session = read_session;
}

static void
tk_agora_model_init (TkAgoraModel *self)
{
  self->players = g_list_store_new (TK_TYPE_AGORA_PLAYER);
  self->shops = g_list_store_new (TK_TYPE_AGORA_SHOP);
  self->for_sale = g_list_store_new (TK_TYPE_AGORA_SHOP);
  self->chosen_letter = -1;
  self->chosen_seat = -1;
  self->drawn = -1;
}

/* ---- public: reading ---- */

TkAgoraModel *
tk_agora_model_new (TkSession *session)
{
  g_return_val_if_fail (TK_IS_SESSION (session), NULL);
  return g_object_new (TK_TYPE_AGORA_MODEL, "session", session, NULL);
}

TkAgoraPhase
tk_agora_model_get_phase (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), TK_AGORA_PHASE_OVER);
  return self->phase;
}

guint
tk_agora_model_get_active (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->active;
}

guint
tk_agora_model_get_n_players (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->n_players;
}

TkAgoraPlayer *
tk_agora_model_get_player (TkAgoraModel *self,
                           guint         seat)
{
  g_autoptr(TkAgoraPlayer) player = NULL;

  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), NULL);
  g_return_val_if_fail (seat < self->n_players, NULL);

  /* the store holds a reference for as long as the seat exists */
  player = g_list_model_get_item (G_LIST_MODEL (self->players), seat);
  return player;
}

gint64
tk_agora_model_get_goal (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->goal;
}

gboolean
tk_agora_model_get_goal_reach (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  return self->reach;
}

gboolean
tk_agora_model_past_goal (TkAgoraModel *self,
                          gint64        money)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  return tk_agora_rules_past_goal (tk_session_peek_state (tk_panel_model_get_session (
                                                            TK_PANEL_MODEL (self))), money);
}

guint
tk_agora_model_get_festival_winners (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->festival_winners;
}

int
tk_agora_model_letter_seat (TkAgoraModel *self,
                            int           letter)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), -1);
  return letter >= 0 && letter < TK_AGORA_N_LETTERS ? self->letter_seat[letter] : -1;
}

guint
tk_agora_model_get_cards_left (TkAgoraModel *self,
                               int           letter)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  g_return_val_if_fail (letter >= 0 && letter < TK_AGORA_N_LETTERS, 0);
  return self->deck[letter];
}

double
tk_agora_model_get_letter_chance (TkAgoraModel *self,
                                  int           letter)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  g_return_val_if_fail (letter >= 0 && letter < TK_AGORA_N_LETTERS, 0);
  return self->chance[letter];
}

guint
tk_agora_model_get_deck_total (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->deck_total;
}

guint
tk_agora_model_get_cards_per_letter (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->per_letter;
}

guint
tk_agora_model_get_cards_on_table (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->on_table;
}

guint
tk_agora_model_get_cards_removed (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), 0);
  return self->removed;
}

int
tk_agora_model_get_drawn (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), -1);
  return self->drawn;
}

TkAgoraShop *
tk_agora_model_get_largest (TkAgoraModel *self,
                            gboolean     *tie)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), NULL);
  if (tie != NULL)
    *tie = self->tie;
  return self->largest_id > 0 ? find_shop (self->shops, self->largest_id) : NULL;
}

GListModel *
tk_agora_model_get_players (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), NULL);
  return G_LIST_MODEL (self->players);
}

GListModel *
tk_agora_model_get_shops (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), NULL);
  return G_LIST_MODEL (self->shops);
}

GListModel *
tk_agora_model_get_shops_for_sale (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), NULL);
  return G_LIST_MODEL (self->for_sale);
}

/* ---- public: transient choices ---- */

int
tk_agora_model_get_chosen_letter (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), -1);
  return self->chosen_letter;
}

void
tk_agora_model_set_chosen_letter (TkAgoraModel *self,
                                  int           letter)
{
  g_return_if_fail (TK_IS_AGORA_MODEL (self));
  g_return_if_fail (letter >= -1 && letter < TK_AGORA_N_LETTERS);

  g_object_freeze_notify (G_OBJECT (self));
  if (letter != self->chosen_letter)
    {
      self->chosen_letter = letter;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOSEN_LETTER]);
    }
  /* a seat drawn at random belongs to the letter it was asked for */
  tk_agora_model_set_chosen_seat (self, -1);
  g_object_thaw_notify (G_OBJECT (self));
}

int
tk_agora_model_get_chosen_seat (TkAgoraModel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), -1);
  return self->chosen_seat;
}

void
tk_agora_model_set_chosen_seat (TkAgoraModel *self,
                                int           seat)
{
  g_return_if_fail (TK_IS_AGORA_MODEL (self));

  if (seat == self->chosen_seat)
    return;
  self->chosen_seat = seat;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHOSEN_SEAT]);
}

/* ---- public: changes ---- */

gboolean
tk_agora_model_apply (TkAgoraModel *self,
                      JsonObject   *action)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return tk_panel_model_apply (TK_PANEL_MODEL (self), action);
}

static gboolean
apply_type (TkAgoraModel *self,
            JsonObject   *action,
            const char   *type)
{
  json_object_set_string_member (action, "type", type);
  return tk_agora_model_apply (self, action);
}

static void
set_letter (JsonObject *action,
            int         letter)
{
  char text[2] = { (char) ('A' + letter), '\0' };

  json_object_set_string_member (action, "letter", text);
}

gboolean
tk_agora_model_lay_first_card (TkAgoraModel *self,
                               JsonObject   *placement)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  g_return_val_if_fail (placement != NULL, FALSE);

  if (self->chosen_letter < 0)
    return FALSE;
  set_letter (placement, self->chosen_letter);
  if (self->chosen_seat >= 0)
    json_object_set_int_member (placement, "seat", self->chosen_seat);
  return apply_type (self, placement, "first_card");
}

gboolean
tk_agora_model_collect (TkAgoraModel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  return apply_type (self, action, "income");
}

gboolean
tk_agora_model_draw (TkAgoraModel *self,
                     int           letter)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  g_return_val_if_fail (letter >= 0 && letter < TK_AGORA_N_LETTERS, FALSE);

  if (self->active < self->n_players &&
      tk_agora_player_get_letter (tk_agora_model_get_player (self, self->active)) == letter)
    {
      /* The card's event happens: ask which one it shows before recording the draw. */
      tk_agora_model_set_chosen_letter (self, letter);
      return FALSE;
    }
  set_letter (action, letter);
  return apply_type (self, action, "draw");
}

gboolean
tk_agora_model_draw_event (TkAgoraModel *self,
                           TkAgoraEvent  event)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  g_return_val_if_fail (event <= TK_AGORA_EVENT_FESTIVAL, FALSE);

  if (self->chosen_letter < 0)
    return FALSE;
  set_letter (action, self->chosen_letter);
  json_object_set_string_member (action, "event", event_names[event]);
  return apply_type (self, action, "draw");
}

gboolean
tk_agora_model_place (TkAgoraModel *self,
                      JsonObject   *placement)
{
  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  g_return_val_if_fail (placement != NULL, FALSE);
  return apply_type (self, placement, "place");
}

gboolean
tk_agora_model_buy (TkAgoraModel *self,
                    guint         shop_id)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  json_object_set_int_member (action, "shop", shop_id);
  return apply_type (self, action, "buy");
}

gboolean
tk_agora_model_pass (TkAgoraModel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  return apply_type (self, action, "pass");
}

gboolean
tk_agora_model_edit_shop (TkAgoraModel *self,
                          guint         shop_id,
                          gint64        marks,
                          gint64        doors)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_AGORA_MODEL (self), FALSE);
  json_object_set_int_member (action, "shop", shop_id);
  if (marks >= 0)
    json_object_set_int_member (action, "marks", marks);
  if (doors >= 0)
    json_object_set_int_member (action, "doors", doors);
  return apply_type (self, action, "edit_shop");
}
