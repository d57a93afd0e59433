/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-model.c — a Foundations of Metropolis session as the panel's parts read it
 * (see the header). */
#define G_LOG_DOMAIN "tk-metropolis-model"

#include "config.h"

#include "tk-metropolis-model.h"

struct _TkMetropolisModel
{
  TkPanelModel      parent_instance;

  TkMetropolisGame  g;
  JsonObject       *json;           /* the session as JSON, read once per change */

  /* the user's picking in progress (never game state) */
  TkMetropolisMode  mode;
  gboolean          draft;
  int               deal_seat;      /* −1: the first seat still short of deeds */
  char             *build_code;     /* TK_METROPOLIS_MODE_BUILD */
  int               buy_slot;       /* TK_METROPOLIS_MODE_REVEAL */
  GArray           *selection;      /* int cells, in the order tapped */
  GStrv             selection_names;
};

enum
{
  PROP_0,
  PROP_MODE,
  PROP_DRAFT,
  PROP_DEAL_SEAT,
  PROP_SELECTION,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkMetropolisModel, tk_metropolis_model, TK_TYPE_PANEL_MODEL)

static const char *const phase_names[] = { "deal", "market", "play", "final_turns", "over" };

/* ---- the picking ---- */

static void
set_selection (TkMetropolisModel *self,
               gboolean           clear)
{
  GStrvBuilder *names = g_strv_builder_new ();

  if (clear)
    g_array_set_size (self->selection, 0);
  for (guint i = 0; i < self->selection->len; i++)
    {
      char name[4];

      tk_metropolis_lot_name (self->g.side, g_array_index (self->selection, int, i), name);
      g_strv_builder_add (names, name);
    }
  g_strfreev (self->selection_names);
  self->selection_names = g_strv_builder_end (names);
  g_strv_builder_unref (names);
}

/* The mode the phase starts in (what a tap means before the user chooses anything). */
static TkMetropolisMode
resolve_mode (TkMetropolisModel *self,
              TkMetropolisMode   mode)
{
  gboolean deal = self->g.phase == TK_METROPOLIS_PHASE_DEAL;

  if (mode == TK_METROPOLIS_MODE_NONE && deal)
    return self->draft ? TK_METROPOLIS_MODE_DRAFT : TK_METROPOLIS_MODE_DEAL;
  if (mode == TK_METROPOLIS_MODE_NONE && self->g.phase == TK_METROPOLIS_PHASE_MARKET)
    return TK_METROPOLIS_MODE_MARKET;
  if ((mode == TK_METROPOLIS_MODE_DEAL || mode == TK_METROPOLIS_MODE_DRAFT) && !deal)
    return TK_METROPOLIS_MODE_NONE;
  return mode;
}

/* Starts picking for @mode with nothing tapped (notified: the user chose it). */
static void
set_mode (TkMetropolisModel *self,
          TkMetropolisMode   mode)
{
  self->mode = resolve_mode (self, mode);
  if (self->mode != TK_METROPOLIS_MODE_BUILD)
    g_clear_pointer (&self->build_code, g_free);
  if (self->mode != TK_METROPOLIS_MODE_REVEAL)
    self->buy_slot = -1;
  set_selection (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTION]);
}

static JsonArray *
selection_array (TkMetropolisModel *self)
{
  JsonArray *lots = json_array_new ();

  for (guint i = 0; self->selection_names[i] != NULL; i++)
    json_array_add_string_element (lots, self->selection_names[i]);
  return lots;
}

static gboolean
apply (TkMetropolisModel *self,
       JsonObject        *action)
{
  return tk_panel_model_apply (TK_PANEL_MODEL (self), action);
}

/* ---- reading the session ---- */

static void
read_seats (TkMetropolisModel *self)
{
  JsonArray *players = json_object_get_array_member (self->g.game, "players");
  JsonArray *ranks = json_object_get_array_member (self->g.score, "players");

  self->g.n_players = MIN (json_array_get_length (players), TK_METROPOLIS_MAX_SEATS);
  for (guint p = 0; p < self->g.n_players; p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *preview = json_object_get_object_member (player, "year_end_preview");
      JsonArray *supply = json_object_get_array_member (player, "supply");
      TkMetropolisSeat *seat = &self->g.seats[p];

      *seat = (TkMetropolisSeat) { 0 };
      seat->name = tk_rules_setup_player_name (self->g.setup, p);
      seat->coins = json_object_get_int_member_with_default (player, "coins", 0);
      seat->income = json_object_get_int_member_with_default (player, "income", 0);
      seat->markers = json_object_get_int_member_with_default (player, "markers", 0);
      seat->deeds = json_object_get_int_member_with_default (player, "deeds", 0);
      seat->population = json_object_get_int_member_with_default (player, "population", 0);
      seat->prestige = json_object_get_int_member_with_default (player, "prestige", 0);
      for (guint i = 0; supply != NULL && i < json_array_get_length (supply); i++)
        seat->tiles_left += json_array_get_int_element (supply, i);
      if (ranks != NULL && p < json_array_get_length (ranks))
        seat->rank = json_object_get_int_member_with_default (json_array_get_object_element (ranks, p),
                                                              "rank", 0);
      seat->has_preview = preview != NULL;
      if (preview == NULL)
        continue;
      seat->preview_population = json_object_get_int_member_with_default (preview, "population", 0);
      seat->preview_public = json_object_get_int_member_with_default (preview, "public", 0);
      seat->preview_commercial_prestige =
        json_object_get_int_member_with_default (preview, "commercial_prestige", 0);
      seat->preview_commercial_coins =
        json_object_get_int_member_with_default (preview, "commercial_coins", 0);
      seat->preview_empty_lots = json_object_get_int_member_with_default (preview, "empty_lots", 0);
      seat->preview_coins = json_object_get_int_member_with_default (preview, "coins", 0);
      seat->preview_total = json_object_get_int_member_with_default (preview, "total", 0);
    }
}

static void
read_slots (TkMetropolisModel *self)
{
  JsonArray *market = json_object_get_array_member (self->g.game, "market");

  self->g.n_slots = market != NULL ? MIN (json_array_get_length (market), TK_METROPOLIS_MAX_SLOTS) : 0;
  for (guint s = 0; s < self->g.n_slots; s++)
    {
      JsonObject *entry = json_array_get_object_element (market, s);
      JsonNode *lot = json_object_get_member (entry, "lot");

      self->g.slots[s].lot = lot != NULL && !JSON_NODE_HOLDS_NULL (lot) ? json_node_get_string (lot) : NULL;
      self->g.slots[s].price = json_object_get_int_member_with_default (entry, "price", 0);
    }
}

/* What the setup fixes for the session, read once: the tile table rows with their numbers
 * (the setup's, or the engine's defaults), the lot markers, the unconfirmed rule numbers and
 * whether the deeds are drafted. */
static void
read_setup (TkMetropolisModel *self,
            TkSession         *session)
{
  JsonObject *setup = tk_session_get_setup (session);
  g_autoptr(JsonObject) defaults = NULL;

  self->g.setup = setup;
  if (json_object_has_member (setup, "tiles"))
    self->g.tiles = json_array_ref (json_object_get_array_member (setup, "tiles"));
  else
    {
      defaults = tk_session_get_rules (session)->default_setup (tk_session_get_n_players (session));
      self->g.tiles = json_array_ref (json_object_get_array_member (defaults, "tiles"));
    }
  for (guint i = 0; i < json_array_get_length (self->g.tiles); i++)
    self->g.tiles_total += json_object_get_int_member_with_default (json_array_get_object_element (self->g.tiles, i),
                                                                    "count", 1);
  self->g.markers_total = json_object_get_int_member_with_default (setup, "lot_markers", 8);
  self->g.unconfirmed = json_object_has_member (setup, "unconfirmed")
                        ? json_object_get_array_member (setup, "unconfirmed") : NULL;
  self->draft = json_object_get_boolean_member_with_default (setup, "deed_draft", FALSE);
}

/* TkPanelModel's read_session (): once at construction, then once per TkSession::changed.
 * The taps were for the state that just changed: the picking starts again from it. */
static void
read_session (TkPanelModel *model)
{
  TkMetropolisModel *self = TK_METROPOLIS_MODEL (model);
  TkSession *session = tk_panel_model_get_session (model);
  JsonObject *game;
  const char *phase;

  if (self->g.tiles == NULL)
    read_setup (self, session);
  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->g.score, json_object_unref);
  self->json = tk_session_to_json (session);
  self->g.game = game = json_object_get_object_member (self->json, "game");
  self->g.score = tk_session_score (session);

  phase = json_object_get_string_member_with_default (game, "phase", "");
  self->g.phase = TK_METROPOLIS_PHASE_OVER;
  for (guint i = 0; i < G_N_ELEMENTS (phase_names); i++)
    if (g_str_equal (phase, phase_names[i]))
      self->g.phase = i;
  self->g.turn = self->g.phase == TK_METROPOLIS_PHASE_PLAY ||
                 self->g.phase == TK_METROPOLIS_PHASE_FINAL_TURNS;
  self->g.year = (int) json_object_get_int_member_with_default (game, "year", 1);
  self->g.side = (int) json_object_get_int_member_with_default (game, "board_size", 0);
  self->g.current = (int) json_object_get_int_member_with_default (game, "current", -1);
  self->g.first = (int) json_object_get_int_member_with_default (game, "first_player", 0);
  self->g.deck_left = json_object_get_int_member_with_default (game, "deck_left", 0);
  self->g.market_want = (int) json_object_get_int_member_with_default (game, "market_want", 0);
  self->g.final_turns_left = json_object_get_int_member_with_default (game, "final_turns_left", 0);
  self->g.years_scored = json_object_get_int_member_with_default (self->g.score, "years_scored", 0);
  read_seats (self);
  read_slots (self);

  /* not notified: ::changed says everything changed */
  self->mode = resolve_mode (self, TK_METROPOLIS_MODE_NONE);
  self->buy_slot = -1;
  g_clear_pointer (&self->build_code, g_free);
  set_selection (self, TRUE);
  self->deal_seat = -1;
  for (guint p = 0; self->g.phase == TK_METROPOLIS_PHASE_DEAL && p < self->g.n_players; p++)
    if (self->g.seats[p].deeds < TK_METROPOLIS_START_DEEDS)
      {
        self->deal_seat = p;
        break;
      }
}

/* ---- object ---- */

static void
tk_metropolis_model_finalize (GObject *object)
{
  TkMetropolisModel *self = TK_METROPOLIS_MODEL (object);

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->g.score, json_object_unref);
  g_clear_pointer (&self->g.tiles, json_array_unref);
  g_array_unref (self->selection);
  g_strfreev (self->selection_names);
  g_free (self->build_code);
  G_OBJECT_CLASS (tk_metropolis_model_parent_class)->finalize (object);
}

static void
tk_metropolis_model_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TkMetropolisModel *self = TK_METROPOLIS_MODEL (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_int (value, self->mode);
      break;
    case PROP_DRAFT:
      g_value_set_boolean (value, self->draft);
      break;
    case PROP_DEAL_SEAT:
      g_value_set_int (value, self->deal_seat);
      break;
    case PROP_SELECTION:
      g_value_set_boxed (value, self->selection_names);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_model_class_init (TkMetropolisModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_metropolis_model_finalize;
  object_class->get_property = tk_metropolis_model_get_property;

  /* a TkMetropolisMode */
  properties[PROP_MODE] =
    g_param_spec_int ("mode", NULL, NULL, TK_METROPOLIS_MODE_NONE, TK_METROPOLIS_MODE_REVEAL,
                      TK_METROPOLIS_MODE_NONE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DRAFT] =
    g_param_spec_boolean ("draft", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEAL_SEAT] =
    g_param_spec_int ("deal-seat", NULL, NULL, -1, TK_METROPOLIS_MAX_SEATS - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTION] =
    g_param_spec_boxed ("selection", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  TK_PANEL_MODEL_CLASS (klass)->read_session = read_session;
}

static void
tk_metropolis_model_init (TkMetropolisModel *self)
{
  self->selection = g_array_new (FALSE, FALSE, sizeof (int));
  self->selection_names = g_new0 (char *, 1);
  self->deal_seat = -1;
  self->buy_slot = -1;
  self->g.current = -1;
}

/* ---- public: reading ---- */

TkMetropolisModel *
tk_metropolis_model_new (TkSession *session)
{
  g_return_val_if_fail (TK_IS_SESSION (session), NULL);
  return g_object_new (TK_TYPE_METROPOLIS_MODEL, "session", session, NULL);
}

const TkMetropolisGame *
tk_metropolis_model_get_game (TkMetropolisModel *self)
{
  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), NULL);
  return &self->g;
}

gint64
tk_metropolis_model_get_supply (TkMetropolisModel *self,
                                int                seat,
                                guint              row)
{
  JsonArray *players, *supply;

  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), 0);
  players = json_object_get_array_member (self->g.game, "players");
  if (seat < 0 || (guint) seat >= json_array_get_length (players))
    return 0;
  supply = json_object_get_array_member (json_array_get_object_element (players, seat), "supply");
  return supply != NULL && row < json_array_get_length (supply)
         ? json_array_get_int_element (supply, row) : 0;
}

JsonObject *
tk_metropolis_model_find_tile (TkMetropolisModel *self,
                               const char        *code)
{
  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), NULL);

  for (guint i = 0; code != NULL && i < json_array_get_length (self->g.tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (self->g.tiles, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (tile, "code", NULL), code) == 0)
        return tile;
    }
  return NULL;
}

/* ---- public: the picking ---- */

#define GETTER(type, name) \
  type tk_metropolis_model_get_##name (TkMetropolisModel *self) \
  { \
    g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), 0); \
    return self->name; \
  }

GETTER (TkMetropolisMode, mode)
GETTER (gboolean, draft)
GETTER (int, deal_seat)
GETTER (const char *, build_code)
GETTER (int, buy_slot)

const int *
tk_metropolis_model_get_selection (TkMetropolisModel *self,
                                   guint             *n_cells)
{
  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), NULL);
  *n_cells = self->selection->len;
  return (const int *) self->selection->data;
}

const char *const *
tk_metropolis_model_get_selection_names (TkMetropolisModel *self)
{
  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), NULL);
  return (const char *const *) self->selection_names;
}

void
tk_metropolis_model_set_draft (TkMetropolisModel *self,
                               gboolean           draft)
{
  g_return_if_fail (TK_IS_METROPOLIS_MODEL (self));

  if (self->draft == !!draft)
    return;
  self->draft = !!draft;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAFT]);
  if (self->mode == TK_METROPOLIS_MODE_DEAL || self->mode == TK_METROPOLIS_MODE_DRAFT)
    set_mode (self, draft ? TK_METROPOLIS_MODE_DRAFT : TK_METROPOLIS_MODE_DEAL);
}

void
tk_metropolis_model_set_deal_seat (TkMetropolisModel *self,
                                   int                seat)
{
  g_return_if_fail (TK_IS_METROPOLIS_MODEL (self));

  if (self->deal_seat == seat)
    return;
  self->deal_seat = seat;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEAL_SEAT]);
}

gboolean
tk_metropolis_model_tap_lot (TkMetropolisModel *self,
                             int                cell)
{
  guint i;

  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), FALSE);

  if (self->mode == TK_METROPOLIS_MODE_NONE)
    return FALSE;
  if (self->mode == TK_METROPOLIS_MODE_REVEAL)
    {
      g_autoptr(JsonObject) action = json_object_new ();
      char name[4];

      tk_metropolis_lot_name (self->g.side, cell, name);
      json_object_set_string_member (action, "type", "buy");
      json_object_set_int_member (action, "seat", self->g.current);
      json_object_set_int_member (action, "slot", self->buy_slot);
      json_object_set_string_member (action, "reveal", name);
      apply (self, action);
      return TRUE;
    }
  for (i = 0; i < self->selection->len; i++)
    if (g_array_index (self->selection, int, i) == cell)
      break;
  if (i < self->selection->len)
    g_array_remove_index (self->selection, i);
  else
    g_array_append_val (self->selection, cell);
  set_selection (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTION]);
  return TRUE;
}

gboolean
tk_metropolis_model_confirm (TkMetropolisModel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), FALSE);

  switch (self->mode)
    {
    case TK_METROPOLIS_MODE_DEAL:
      json_object_set_string_member (action, "type", "deal");
      json_object_set_int_member (action, "seat", self->deal_seat);
      json_object_set_array_member (action, "lots", selection_array (self));
      break;
    case TK_METROPOLIS_MODE_DRAFT:
      json_object_set_string_member (action, "type", "draft_round");
      json_object_set_array_member (action, "picks", selection_array (self));
      break;
    case TK_METROPOLIS_MODE_MARKET:
      json_object_set_string_member (action, "type", "market");
      json_object_set_array_member (action, "lots", selection_array (self));
      break;
    case TK_METROPOLIS_MODE_BUILD:
      json_object_set_string_member (action, "type", "build");
      json_object_set_int_member (action, "seat", self->g.current);
      json_object_set_string_member (action, "tile", self->build_code);
      json_object_set_array_member (action, "lots", selection_array (self));
      break;
    case TK_METROPOLIS_MODE_NONE:
    case TK_METROPOLIS_MODE_REVEAL:
    default:
      return FALSE;
    }
  return apply (self, action);
}

void
tk_metropolis_model_cancel (TkMetropolisModel *self)
{
  g_return_if_fail (TK_IS_METROPOLIS_MODEL (self));

  if (self->mode == TK_METROPOLIS_MODE_BUILD || self->mode == TK_METROPOLIS_MODE_REVEAL)
    set_mode (self, TK_METROPOLIS_MODE_NONE);
  else
    {
      set_selection (self, TRUE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTION]);
    }
}

gboolean
tk_metropolis_model_take_income (TkMetropolisModel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), FALSE);

  json_object_set_string_member (action, "type", "income");
  json_object_set_int_member (action, "seat", self->g.current);
  return apply (self, action);
}

void
tk_metropolis_model_start_build (TkMetropolisModel *self,
                                 const char        *code)
{
  g_return_if_fail (TK_IS_METROPOLIS_MODEL (self));
  g_return_if_fail (code != NULL);

  g_free (self->build_code);
  self->build_code = g_strdup (code);
  set_mode (self, TK_METROPOLIS_MODE_BUILD);
}

gboolean
tk_metropolis_model_buy (TkMetropolisModel *self,
                         int                slot,
                         GError           **error)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), FALSE);

  if (self->g.current < 0 || (guint) self->g.current >= self->g.n_players || slot < 0 ||
      (guint) slot >= self->g.n_slots)
    return FALSE;
  if (self->g.deck_left > 0)
    {
      if (!tk_metropolis_rules_check_buy (tk_session_peek_state (tk_panel_model_get_session (TK_PANEL_MODEL (self))),
                                          slot, error))
        return FALSE;
      self->buy_slot = slot;
      set_mode (self, TK_METROPOLIS_MODE_REVEAL);
      return TRUE;
    }
  action = json_object_new ();
  json_object_set_string_member (action, "type", "buy");
  json_object_set_int_member (action, "seat", self->g.current);
  json_object_set_int_member (action, "slot", slot);
  return apply (self, action);
}

gboolean
tk_metropolis_model_correct_coins (TkMetropolisModel *self,
                                   int                seat,
                                   int                delta,
                                   const char        *reason)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_METROPOLIS_MODEL (self), FALSE);
  g_return_val_if_fail (reason != NULL, FALSE);

  json_object_set_string_member (action, "type", "coins");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_int_member (action, "delta", delta);
  json_object_set_string_member (action, "reason", reason);
  return apply (self, action);
}

void
tk_metropolis_lot_name (int  side,
                        int  cell,
                        char out[4])
{
  out[0] = 'A' + cell % MAX (side, 1);
  out[1] = '1' + cell / MAX (side, 1);
  out[2] = '\0';
}
