/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-model.c — a City Plan session as the panel's parts read it (see the header). */
#define G_LOG_DOMAIN "tk-city-plan-model"

#include "config.h"

#include <inttypes.h>

#include "tk-city-plan-cards.h"
#include "tk-city-plan-model.h"

struct _TkCityPlanModel
{
  TkPanelModel     parent_instance;

  GListStore      *players;        /* TkCityPlanPlayer, by seat */
  GListStore      *tiles;          /* TkCityPlanTile, by index */
  JsonObject      *json;           /* the session as JSON, read once per change */
  JsonObject      *game;           /* its "game" member */
  JsonObject      *score;
  JsonArray       *cards;

  TkCityPlanPhase  phase;
  guint            active;
  gint64           round;
  guint            n_players;
  gint64           hand_limit;
  gint64           end_buildings;
  gint64           subsidy_cards;
  gint64           subsidy_max;
  gint64           deck;
  gint64           discard;
  gint64           manifesto_deck;

  /* what the last round's end did */
  gint64           seen_round;     /* 0: nothing seen yet */
  guint            seen_fired;     /* mask of fired tiles */
  gint64           round_ended;
  guint            round_fired;

  gboolean         manifesto_pending;
  gboolean         redraw_pending;
};

enum
{
  PROP_0,
  PROP_MANIFESTO_PENDING,
  PROP_REDRAW_PENDING,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkCityPlanModel, tk_city_plan_model, TK_TYPE_PANEL_MODEL)

static const char *const phase_names[] = { "draw", "action", "over" };

/* ---- reading the session ---- */

static TkCityPlanPhase
phase_from_name (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (phase_names); i++)
    if (g_strcmp0 (name, phase_names[i]) == 0)
      return i;
  return TK_CITY_PLAN_PHASE_OVER;
}

static void
read_players (TkCityPlanModel *self,
              JsonObject      *setup)
{
  JsonArray *players = json_object_get_array_member (self->game, "players");

  for (guint seat = 0; seat < self->n_players; seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      TkCityPlanPlayerData data = { 0 };
      g_autoptr(TkCityPlanPlayer) item = NULL;

      data.seat = seat;
      data.name = tk_rules_setup_player_name (setup, seat);
      data.colour = tk_rules_setup_player_colour (setup, seat);
      data.hand = json_object_get_int_member (player, "hand");
      data.buildings = json_object_get_int_member (player, "buildings");
      data.manifestos = json_object_get_int_member_with_default (player, "manifestos", 0);
      data.active = self->phase != TK_CITY_PLAN_PHASE_OVER && seat == self->active;

      if (seat < g_list_model_get_n_items (G_LIST_MODEL (self->players)))
        item = g_list_model_get_item (G_LIST_MODEL (self->players), seat);
      else
        {
          item = _tk_city_plan_player_new ();
          g_list_store_append (self->players, item);
        }
      _tk_city_plan_player_update (item, &data);
    }
  if (self->n_players < g_list_model_get_n_items (G_LIST_MODEL (self->players)))
    g_list_store_splice (self->players, self->n_players,
                         g_list_model_get_n_items (G_LIST_MODEL (self->players)) -
                         self->n_players, NULL, 0);
}

/* The tiles as the engine answers them; returns the mask of those that fired. */
static guint
read_tiles (TkCityPlanModel *self,
            gpointer         state)
{
  JsonArray *tiles = json_object_get_array_member (self->game, "income_tiles");
  guint n = MIN (json_array_get_length (tiles), TK_CITY_PLAN_N_TILES);
  guint fired = 0;

  for (guint t = 0; t < n; t++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, t);
      JsonArray *draws = json_object_get_array_member (tile, "draws");
      TkCityPlanTileData data = { 0 };
      g_autoptr(TkCityPlanTile) item = NULL;

      data.index = t;
      data.id = json_object_get_string_member (tile, "tile");
      data.threshold = tk_city_plan_rules_tile_threshold (state, t);
      for (guint seat = 0; seat < self->n_players && seat < TK_CITY_PLAN_MAX_SEATS; seat++)
        data.count[seat] = tk_city_plan_rules_tile_count (state, seat, t);
      if (json_object_get_boolean_member (tile, "fired"))
        {
          data.status = TK_CITY_PLAN_TILE_FIRED;
          fired |= 1u << t;
          for (guint seat = 0; seat < self->n_players && seat < TK_CITY_PLAN_MAX_SEATS; seat++)
            data.draws[seat] = json_array_get_int_element (draws, seat);
        }
      else
        {
          data.status = tk_city_plan_rules_tile_due (state, t) ? TK_CITY_PLAN_TILE_DUE
                                                               : TK_CITY_PLAN_TILE_WAITING;
          for (guint seat = 0; seat < self->n_players && seat < TK_CITY_PLAN_MAX_SEATS; seat++)
            data.draws[seat] = tk_city_plan_rules_tile_draws (state, seat, t);
        }

      if (t < g_list_model_get_n_items (G_LIST_MODEL (self->tiles)))
        item = g_list_model_get_item (G_LIST_MODEL (self->tiles), t);
      else
        {
          item = _tk_city_plan_tile_new ();
          g_list_store_append (self->tiles, item);
        }
      _tk_city_plan_tile_update (item, &data);
    }
  return fired;
}

/* When an action ends a round, keeps which round and which tiles fired; undo or another
 * change forgets it. */
static void
read_round_end (TkCityPlanModel *self,
                guint            fired)
{
  gboolean over = self->phase == TK_CITY_PLAN_PHASE_OVER;

  if (self->seen_round > 0 &&
      (self->round > self->seen_round || (over && fired != self->seen_fired)))
    {
      self->round_ended = over ? self->round : self->round - 1;
      self->round_fired = fired & ~self->seen_fired;
    }
  else if (self->seen_round > 0 && (self->round != self->seen_round ||
                                    fired != self->seen_fired ||
                                    self->phase != TK_CITY_PLAN_PHASE_DRAW))
    {
      self->round_ended = 0;
      self->round_fired = 0;
    }
  self->seen_round = self->round;
  self->seen_fired = fired;
}

/* TkPanelModel's read_session (): once at construction, then once per TkSession::changed. */
static void
read_session (TkPanelModel *model)
{
  TkCityPlanModel *self = TK_CITY_PLAN_MODEL (model);
  TkSession *session = tk_panel_model_get_session (model);
  JsonObject *setup = tk_session_get_setup (session);
  gpointer state = tk_session_peek_state (session);
  g_autofree char *moment = NULL;
  guint fired;

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  self->json = tk_session_to_json (session);
  self->game = json_object_get_object_member (self->json, "game");
  self->score = tk_session_score (session);
  if (self->cards == NULL)
    self->cards = json_object_has_member (setup, "cards")
                  ? json_array_ref (json_object_get_array_member (setup, "cards"))
                  : tk_city_plan_cards_shipped ();

  self->phase = phase_from_name (json_object_get_string_member (self->game, "phase"));
  self->active = json_object_get_int_member (self->game, "active");
  self->round = json_object_get_int_member (self->game, "round");
  self->n_players = json_array_get_length (json_object_get_array_member (self->game,
                                                                         "players"));
  self->hand_limit = json_object_get_int_member_with_default (setup, "hand_limit", 8);
  self->end_buildings = json_object_get_int_member_with_default (setup, "end_buildings", 10);
  self->deck = json_object_get_int_member (self->game, "deck");
  self->discard = json_object_get_int_member_with_default (self->game, "discard", 0);
  self->manifesto_deck = json_object_get_int_member (self->game, "manifesto_deck");

  tk_city_plan_rules_subsidy (state, &self->subsidy_cards, &self->subsidy_max);
  read_players (self, setup);
  fired = read_tiles (self, state);
  read_round_end (self, fired);

  /* Transient choices belong to one moment: the same phase, turn, round and building. */
  moment = g_strdup_printf ("%s/%u/%" PRId64 "/%" PRId64, phase_names[self->phase],
                            self->active, self->round,
                            json_object_get_int_member (self->game, "next_uid"));
  if (tk_panel_model_set_moment (model, moment))
    {
      tk_city_plan_model_set_manifesto_pending (self, FALSE);
      tk_city_plan_model_set_redraw_pending (self, FALSE);
    }
}

/* ---- object ---- */

static void
tk_city_plan_model_finalize (GObject *object)
{
  TkCityPlanModel *self = TK_CITY_PLAN_MODEL (object);

  g_clear_object (&self->players);
  g_clear_object (&self->tiles);
  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  g_clear_pointer (&self->cards, json_array_unref);
  G_OBJECT_CLASS (tk_city_plan_model_parent_class)->finalize (object);
}

static void
tk_city_plan_model_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TkCityPlanModel *self = TK_CITY_PLAN_MODEL (object);

  switch (prop_id)
    {
    case PROP_MANIFESTO_PENDING:
      g_value_set_boolean (value, self->manifesto_pending);
      break;
    case PROP_REDRAW_PENDING:
      g_value_set_boolean (value, self->redraw_pending);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_city_plan_model_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TkCityPlanModel *self = TK_CITY_PLAN_MODEL (object);

  switch (prop_id)
    {
    case PROP_MANIFESTO_PENDING:
      tk_city_plan_model_set_manifesto_pending (self, g_value_get_boolean (value));
      break;
    case PROP_REDRAW_PENDING:
      tk_city_plan_model_set_redraw_pending (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_city_plan_model_class_init (TkCityPlanModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_city_plan_model_finalize;
  object_class->get_property = tk_city_plan_model_get_property;
  object_class->set_property = tk_city_plan_model_set_property;

  properties[PROP_MANIFESTO_PENDING] =
    g_param_spec_boolean ("manifesto-pending", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDRAW_PENDING] =
    g_param_spec_boolean ("redraw-pending", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  TK_PANEL_MODEL_CLASS (klass)->read_session = read_session;
}

static void
tk_city_plan_model_init (TkCityPlanModel *self)
{
  self->players = g_list_store_new (TK_TYPE_CITY_PLAN_PLAYER);
  self->tiles = g_list_store_new (TK_TYPE_CITY_PLAN_TILE);
}

/* ---- public: reading ---- */

TkCityPlanModel *
tk_city_plan_model_new (TkSession *session)
{
  g_return_val_if_fail (TK_IS_SESSION (session), NULL);
  return g_object_new (TK_TYPE_CITY_PLAN_MODEL, "session", session, NULL);
}

TkCityPlanPhase
tk_city_plan_model_get_phase (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), TK_CITY_PLAN_PHASE_OVER);
  return self->phase;
}

guint
tk_city_plan_model_get_active (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->active;
}

gint64
tk_city_plan_model_get_round (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->round;
}

guint
tk_city_plan_model_get_n_players (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->n_players;
}

gint64
tk_city_plan_model_get_hand_limit (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->hand_limit;
}

gint64
tk_city_plan_model_get_end_buildings (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->end_buildings;
}

gint64
tk_city_plan_model_get_subsidy_cards (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->subsidy_cards;
}

gint64
tk_city_plan_model_get_subsidy_max_buildings (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->subsidy_max;
}

gint64
tk_city_plan_model_get_deck (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->deck;
}

gint64
tk_city_plan_model_get_discard (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->discard;
}

gint64
tk_city_plan_model_get_manifesto_deck (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->manifesto_deck;
}

TkCityPlanPlayer *
tk_city_plan_model_get_player (TkCityPlanModel *self,
                               guint            seat)
{
  g_autoptr(TkCityPlanPlayer) player = NULL;

  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  g_return_val_if_fail (seat < self->n_players, NULL);

  /* the store holds a reference for as long as the seat exists */
  player = g_list_model_get_item (G_LIST_MODEL (self->players), seat);
  return player;
}

TkCityPlanTile *
tk_city_plan_model_get_tile (TkCityPlanModel *self,
                             guint            index)
{
  g_autoptr(TkCityPlanTile) tile = NULL;

  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  g_return_val_if_fail (index < g_list_model_get_n_items (G_LIST_MODEL (self->tiles)), NULL);

  tile = g_list_model_get_item (G_LIST_MODEL (self->tiles), index);
  return tile;
}

GListModel *
tk_city_plan_model_get_players (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  return G_LIST_MODEL (self->players);
}

GListModel *
tk_city_plan_model_get_tiles (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  return G_LIST_MODEL (self->tiles);
}

gint64
tk_city_plan_model_get_round_ended (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->round_ended;
}

guint
tk_city_plan_model_get_round_fired (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), 0);
  return self->round_fired;
}

JsonObject *
tk_city_plan_model_get_score (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  return self->score;
}

JsonObject *
tk_city_plan_model_get_game (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  return self->game;
}

JsonObject *
tk_city_plan_model_get_player_state (TkCityPlanModel *self,
                                     guint            seat)
{
  JsonArray *players;

  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  players = json_object_get_array_member (self->game, "players");
  return seat < json_array_get_length (players) ? json_array_get_object_element (players, seat)
                                                : NULL;
}

JsonArray *
tk_city_plan_model_get_cards (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  return self->cards;
}

gpointer
tk_city_plan_model_peek_state (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), NULL);
  return tk_session_peek_state (tk_panel_model_get_session (TK_PANEL_MODEL (self)));
}

/* ---- transient choices ---- */

gboolean
tk_city_plan_model_get_manifesto_pending (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), FALSE);
  return self->manifesto_pending;
}

void
tk_city_plan_model_set_manifesto_pending (TkCityPlanModel *self,
                                          gboolean         pending)
{
  g_return_if_fail (TK_IS_CITY_PLAN_MODEL (self));
  pending = !!pending;
  if (self->manifesto_pending == pending)
    return;
  self->manifesto_pending = pending;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MANIFESTO_PENDING]);
}

gboolean
tk_city_plan_model_get_redraw_pending (TkCityPlanModel *self)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), FALSE);
  return self->redraw_pending;
}

void
tk_city_plan_model_set_redraw_pending (TkCityPlanModel *self,
                                       gboolean         pending)
{
  g_return_if_fail (TK_IS_CITY_PLAN_MODEL (self));
  pending = !!pending;
  if (self->redraw_pending == pending)
    return;
  self->redraw_pending = pending;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDRAW_PENDING]);
}

/* ---- changes ---- */

gboolean
tk_city_plan_model_apply (TkCityPlanModel *self,
                          JsonObject      *action)
{
  g_return_val_if_fail (TK_IS_CITY_PLAN_MODEL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return tk_panel_model_apply (TK_PANEL_MODEL (self), action);
}
