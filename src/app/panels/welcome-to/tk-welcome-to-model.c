/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-model.c — a Welcome To... session and the turn being picked (see the header). */
#define G_LOG_DOMAIN "tk-welcome-to-model"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-model.h"
#include "tk-welcome-to-sheet.h"
#include "welcome-to/tk-welcome-to-rules.h"

#define N_STREETS  TK_WELCOME_TO_N_STREETS
#define MAX_HOUSES TK_WELCOME_TO_MAX_HOUSES

struct _TkWelcomeToModel
{
  TkPanelModel      parent_instance;

  /* the setup: fixed for the session */
  JsonObject       *tables;
  guint             n_players;
  gboolean          solo, draft, intermediate;
  guint             houses[N_STREETS];
  gboolean          pool_spot[N_STREETS][MAX_HOUSES];

  /* the session now, read once per change */
  JsonObject       *game;
  JsonObject       *score;

  /* the pick, forgotten when the session changes */
  guint             seat;
  TkWelcomeToStage  stage;
  gint              card;                    /* recorded card (multiplayer), -1 none */
  gint              number_card, effect_card; /* solo and draft, -1 none */
  gint              manual_number;           /* 0 none */
  gint              manual_effect;           /* -1 none */
  gint              temp_delta;
  gboolean          temp_cross;
  gint              pend_street, pend_house;
  gint              bis_street, bis_house;
  gint              claim_plan;
  /* a turn or a refusal is being applied: once it is, the next sheet to play is shown */
  gboolean          advance;
};

G_DEFINE_FINAL_TYPE (TkWelcomeToModel, tk_welcome_to_model, TK_TYPE_PANEL_MODEL)

/* ---- reading the session ---- */

static TkSession *
session_of (TkWelcomeToModel *self)
{
  return tk_panel_model_get_session (TK_PANEL_MODEL (self));
}

static void
read_setup (TkWelcomeToModel *self)
{
  TkSession *session = session_of (self);
  JsonObject *setup = tk_session_get_setup (session);
  /* tables are optional in a setup (the engine then plays its defaults) */
  JsonObject *tables = json_object_has_member (setup, "tables")
                       ? json_object_get_object_member (setup, "tables") : NULL;
  JsonArray *streets;

  self->n_players = tk_session_get_n_players (session);
  if (tables != NULL)
    self->tables = json_object_ref (tables);
  else
    {
      const TkRules *rules = tk_session_get_rules (session);
      g_autoptr(JsonObject) defaults = rules->default_setup (MAX (self->n_players, 1));

      self->tables = json_object_ref (json_object_get_object_member (defaults, "tables"));
    }
  self->solo = json_object_get_boolean_member_with_default (setup, "solo", self->n_players == 1);
  self->draft = json_object_get_boolean_member_with_default (setup, "draft", FALSE);
  self->intermediate = g_strcmp0 (json_object_get_string_member_with_default (setup, "variant",
                                                                             "basic"),
                                  "intermediate") == 0;
  streets = json_object_get_array_member (self->tables, "streets");
  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = json_array_get_object_element (streets, s);
      JsonArray *pools = json_object_get_array_member (street, "pools");

      self->houses[s] = MIN ((guint) json_object_get_int_member (street, "houses"), MAX_HOUSES);
      for (guint i = 0; pools != NULL && i < json_array_get_length (pools); i++)
        {
          gint64 h = json_array_get_int_element (pools, i);

          if (h >= 1 && h <= self->houses[s])
            self->pool_spot[s][h - 1] = TRUE;
        }
    }
}

static void
clear_stage (TkWelcomeToModel *self)
{
  self->stage = TK_WELCOME_TO_STAGE_CHOOSE;
  self->pend_street = self->pend_house = -1;
  self->bis_street = self->bis_house = -1;
  self->claim_plan = -1;
}

static void
clear_pick (TkWelcomeToModel *self)
{
  clear_stage (self);
  self->card = self->number_card = self->effect_card = -1;
  self->manual_number = 0;
  self->manual_effect = -1;
  self->temp_delta = 0;
  self->temp_cross = TRUE;
}

/* The sheet shown has played its turn: the next one still to play this round, if any. */
static void
move_to_next_sheet (TkWelcomeToModel *self)
{
  if (!tk_welcome_to_model_acted (self, self->seat))
    return;
  for (guint i = 1; i < self->n_players; i++)
    {
      guint seat = (self->seat + i) % self->n_players;

      if (!tk_welcome_to_model_acted (self, seat))
        {
          self->seat = seat;
          return;
        }
    }
}

static void
tk_welcome_to_model_read_session (TkPanelModel *model)
{
  TkWelcomeToModel *self = TK_WELCOME_TO_MODEL (model);
  TkSession *session = session_of (self);
  g_autoptr(JsonObject) root = tk_session_to_json (session);
  JsonObject *game = json_object_get_object_member (root, "game");
  gboolean first = self->tables == NULL;

  if (first)
    read_setup (self);
  g_clear_pointer (&self->game, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  self->game = game != NULL ? json_object_ref (game) : NULL;
  self->score = tk_session_score (session);
  clear_pick (self);
  /* the panel opens on the first sheet still to play, and moves on after a turn; other
   * changes (a claim, undo) leave the sheet shown */
  if (first || self->advance)
    move_to_next_sheet (self);
  self->advance = FALSE;
}

/* The pick changed: the parts redraw (the session did not change). */
static void
pick_changed (TkWelcomeToModel *self)
{
  g_signal_emit_by_name (self, "changed");
}

/* ---- object ---- */

static void
tk_welcome_to_model_finalize (GObject *object)
{
  TkWelcomeToModel *self = TK_WELCOME_TO_MODEL (object);

  g_clear_pointer (&self->game, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  g_clear_pointer (&self->tables, json_object_unref);
  G_OBJECT_CLASS (tk_welcome_to_model_parent_class)->finalize (object);
}

static void
tk_welcome_to_model_class_init (TkWelcomeToModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_welcome_to_model_finalize;
  TK_PANEL_MODEL_CLASS (klass)->read_session = tk_welcome_to_model_read_session;
}

static void
tk_welcome_to_model_init (TkWelcomeToModel *self)
{
  clear_pick (self);
}

TkWelcomeToModel *
tk_welcome_to_model_new (TkSession *session)
{
  g_return_val_if_fail (TK_IS_SESSION (session), NULL);
  return g_object_new (TK_TYPE_WELCOME_TO_MODEL, "session", session, NULL);
}

/* ---- the setup ---- */

guint
tk_welcome_to_model_get_n_players (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  return self->n_players;
}

gboolean
tk_welcome_to_model_is_solo (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return self->solo;
}

gboolean
tk_welcome_to_model_is_draft (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return self->draft;
}

gboolean
tk_welcome_to_model_is_intermediate (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return self->intermediate;
}

guint
tk_welcome_to_model_get_n_houses (TkWelcomeToModel *self,
                                  guint             street)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  return street < N_STREETS ? self->houses[street] : 0;
}

gboolean
tk_welcome_to_model_is_pool_spot (TkWelcomeToModel *self,
                                  guint             street,
                                  guint             house)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return street < N_STREETS && house < MAX_HOUSES && self->pool_spot[street][house];
}

gint
tk_welcome_to_model_get_table_int (TkWelcomeToModel *self,
                                   const char       *member)
{
  static const struct { const char *member; gint fallback; } defaults[] = {
    { "lowest_card", 1 }, { "highest_card", 15 }, { "highest_number", 17 },
    { "temp_change", 2 },
  };
  gint fallback = 0;
  gint value;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  for (guint i = 0; i < G_N_ELEMENTS (defaults); i++)
    if (g_str_equal (defaults[i].member, member))
      fallback = defaults[i].fallback;
  value = (gint) json_object_get_int_member_with_default (self->tables, member, fallback);
  /* one number button each, up to the recorder's widest deck */
  if (g_str_equal (member, "highest_card"))
    value = MIN (value, TK_WELCOME_TO_MAX_NUMBERS - 1);
  return value;
}

JsonArray *
tk_welcome_to_model_get_table_array (TkWelcomeToModel *self,
                                     const char       *member)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return json_object_get_array_member (self->tables, member);
}

JsonObject *
tk_welcome_to_model_get_setup_plan (TkWelcomeToModel *self,
                                    guint             p)
{
  JsonArray *plans;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  plans = json_object_get_array_member (tk_session_get_setup (session_of (self)), "plans");
  return plans != NULL && p < json_array_get_length (plans)
         ? json_array_get_object_element (plans, p) : NULL;
}

const char *
tk_welcome_to_model_get_player_name (TkWelcomeToModel *self,
                                     guint             seat)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_rules_setup_player_name (tk_session_get_setup (session_of (self)), seat);
}

/* ---- the session now ---- */

JsonObject *
tk_welcome_to_model_get_game (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return self->game;
}

JsonObject *
tk_welcome_to_model_get_score (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return self->score;
}

JsonObject *
tk_welcome_to_model_get_player (TkWelcomeToModel *self,
                                guint             seat)
{
  JsonArray *players;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  players = self->game != NULL ? json_object_get_array_member (self->game, "players") : NULL;
  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

JsonObject *
tk_welcome_to_model_get_sheet (TkWelcomeToModel *self)
{
  JsonObject *player = tk_welcome_to_model_get_player (self, self->seat);

  return player != NULL ? json_object_get_object_member (player, "sheet") : NULL;
}

JsonObject *
tk_welcome_to_model_get_score_player (TkWelcomeToModel *self,
                                      guint             seat)
{
  JsonArray *players;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  players = self->score != NULL ? json_object_get_array_member (self->score, "players") : NULL;
  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

gboolean
tk_welcome_to_model_acted (TkWelcomeToModel *self,
                           guint             seat)
{
  JsonObject *player = tk_welcome_to_model_get_player (self, seat);

  return player != NULL && json_object_get_boolean_member_with_default (player, "acted", FALSE);
}

gboolean
tk_welcome_to_model_round_done (TkWelcomeToModel *self)
{
  for (guint i = 0; i < self->n_players; i++)
    if (!tk_welcome_to_model_acted (self, i))
      return FALSE;
  return TRUE;
}

gboolean
tk_welcome_to_model_game_over (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return self->game != NULL &&
         json_object_get_boolean_member_with_default (self->game, "over", FALSE);
}

JsonArray *
tk_welcome_to_model_get_open_cards (TkWelcomeToModel *self)
{
  JsonObject *player = tk_welcome_to_model_get_player (self, self->seat);
  JsonNode *node = player != NULL ? json_object_get_member (player, "cards") : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) || tk_welcome_to_model_round_done (self))
    return NULL;
  return json_node_get_array (node);
}

GArray *
tk_welcome_to_model_completed_estates (TkWelcomeToModel *self,
                                       JsonObject       *sheet)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_welcome_to_sheet_completed_estates (sheet, self->houses);
}

/* ---- the pick ---- */

guint
tk_welcome_to_model_get_seat (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  return self->seat;
}

void
tk_welcome_to_model_select_seat (TkWelcomeToModel *self,
                                 guint             seat)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));

  if (seat >= self->n_players)
    return;
  if (seat != self->seat)
    clear_pick (self);
  self->seat = seat;
  pick_changed (self);
}

TkWelcomeToStage
tk_welcome_to_model_get_stage (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), TK_WELCOME_TO_STAGE_CHOOSE);
  return self->stage;
}

gint
tk_welcome_to_model_get_card (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->card;
}

gint
tk_welcome_to_model_get_number_card (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->number_card;
}

gint
tk_welcome_to_model_get_effect_card (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->effect_card;
}

gint
tk_welcome_to_model_get_manual_number (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  return self->manual_number;
}

gint
tk_welcome_to_model_get_manual_effect (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->manual_effect;
}

gint
tk_welcome_to_model_get_temp_delta (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  return self->temp_delta;
}

gboolean
tk_welcome_to_model_get_temp_cross (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), TRUE);
  return self->temp_cross;
}

gint
tk_welcome_to_model_get_pending_street (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->pend_street;
}

gint
tk_welcome_to_model_get_pending_house (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->pend_house;
}

gint
tk_welcome_to_model_get_bis_street (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->bis_street;
}

gint
tk_welcome_to_model_get_bis_house (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->bis_house;
}

gint
tk_welcome_to_model_get_claim_plan (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), -1);
  return self->claim_plan;
}

gboolean
tk_welcome_to_model_get_pick (TkWelcomeToModel *self,
                              gint             *number,
                              gint             *effect)
{
  JsonArray *cards;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);

  cards = tk_welcome_to_model_get_open_cards (self);
  if (cards != NULL)
    {
      gint n, e;

      if (self->solo || self->draft)
        {
          if (self->number_card < 0 || self->effect_card < 0 ||
              self->number_card == self->effect_card)
            return FALSE;
          n = self->number_card;
          e = self->effect_card;
        }
      else
        {
          if (self->card < 0)
            return FALSE;
          n = e = self->card;
        }
      *number = (gint) json_object_get_int_member (json_array_get_object_element (cards, n),
                                                   "number");
      *effect = tk_welcome_to_effect_from_id (
        json_object_get_string_member (json_array_get_object_element (cards, e), "effect"));
      return *effect >= 0;
    }
  if (self->manual_number <= 0 || self->manual_effect < 0)
    return FALSE;
  *number = self->manual_number;
  *effect = self->manual_effect;
  return TRUE;
}

gint
tk_welcome_to_model_written_number (TkWelcomeToModel *self,
                                    gint              number,
                                    gint              effect)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), number);
  return effect == TK_WELCOME_TO_TEMP ? number + self->temp_delta : number;
}

/* A new card or number forgets the temp agency's change and the effect's target. */
static void
picked (TkWelcomeToModel *self)
{
  self->temp_delta = 0;
  clear_stage (self);
  pick_changed (self);
}

void
tk_welcome_to_model_pick_card (TkWelcomeToModel *self,
                               gint              card)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  self->card = self->card == card ? -1 : card;
  picked (self);
}

void
tk_welcome_to_model_pick_number_card (TkWelcomeToModel *self,
                                      gint              card)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  self->number_card = self->number_card == card ? -1 : card;
  if (self->effect_card == self->number_card)
    self->effect_card = -1;
  picked (self);
}

void
tk_welcome_to_model_pick_effect_card (TkWelcomeToModel *self,
                                      gint              card)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  self->effect_card = self->effect_card == card ? -1 : card;
  if (self->number_card == self->effect_card)
    self->number_card = -1;
  picked (self);
}

void
tk_welcome_to_model_pick_number (TkWelcomeToModel *self,
                                 gint              number)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  self->manual_number = self->manual_number == number ? 0 : number;
  picked (self);
}

void
tk_welcome_to_model_pick_effect (TkWelcomeToModel *self,
                                 gint              effect)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  self->manual_effect = self->manual_effect == effect ? -1 : effect;
  picked (self);
}

void
tk_welcome_to_model_set_temp_delta (TkWelcomeToModel *self,
                                    gint              delta)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  self->temp_delta = delta;
  clear_stage (self);
  pick_changed (self);
}

void
tk_welcome_to_model_set_temp_cross (TkWelcomeToModel *self,
                                    gboolean          cross)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  if (self->temp_cross == !!cross)
    return;
  self->temp_cross = !!cross;
  pick_changed (self);
}

gboolean
tk_welcome_to_model_cancel_stage (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (self->stage == TK_WELCOME_TO_STAGE_CHOOSE)
    return FALSE;
  clear_stage (self);
  pick_changed (self);
  return TRUE;
}

void
tk_welcome_to_model_toggle_roundabout (TkWelcomeToModel *self)
{
  gboolean was = self->stage == TK_WELCOME_TO_STAGE_ROUNDABOUT;

  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  clear_stage (self);
  if (!was)
    self->stage = TK_WELCOME_TO_STAGE_ROUNDABOUT;
  pick_changed (self);
}

void
tk_welcome_to_model_start_claim (TkWelcomeToModel *self,
                                 guint             p)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  clear_stage (self);
  self->stage = TK_WELCOME_TO_STAGE_CLAIM;
  self->claim_plan = (gint) p;
  pick_changed (self);
}

/* ---- actions ---- */

/* The turn writing the pick in house (@s, @h), no effect target. */
static JsonObject *
turn_action (TkWelcomeToModel *self,
             guint             s,
             guint             h)
{
  JsonObject *action = json_object_new ();
  gint number = 0, effect = -1;

  tk_welcome_to_model_get_pick (self, &number, &effect);
  json_object_set_string_member (action, "type", "turn");
  json_object_set_int_member (action, "seat", self->seat);
  if (tk_welcome_to_model_get_open_cards (self) != NULL)
    {
      if (self->solo || self->draft)
        {
          json_object_set_int_member (action, "number_card", self->number_card);
          json_object_set_int_member (action, "effect_card", self->effect_card);
        }
      else
        json_object_set_int_member (action, "card", self->card);
    }
  else
    {
      json_object_set_int_member (action, "card_number", number);
      json_object_set_string_member (action, "effect", effect >= 0 ? tk_welcome_to_effect_id (effect) : "");
    }
  json_object_set_int_member (action, "street", s + 1);
  json_object_set_int_member (action, "house", h + 1);
  json_object_set_int_member (action, "number",
                              tk_welcome_to_model_written_number (self, number, effect));
  if (effect == TK_WELCOME_TO_TEMP && self->temp_delta == 0 && !self->temp_cross)
    json_object_set_boolean_member (action, "temp", FALSE);
  return action;
}

/* The pending turn with its bis written in (@s, @h), copied from house @from. */
static JsonObject *
bis_action (TkWelcomeToModel *self,
            guint             s,
            guint             h,
            guint             from)
{
  JsonObject *action = turn_action (self, self->pend_street, self->pend_house);
  JsonObject *bis = json_object_new ();

  json_object_set_int_member (bis, "street", s + 1);
  json_object_set_int_member (bis, "house", h + 1);
  json_object_set_int_member (bis, "from", from + 1);
  json_object_set_object_member (action, "bis", bis);
  return action;
}

static JsonObject *
roundabout_action (TkWelcomeToModel *self,
                   guint             s,
                   guint             h)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "roundabout");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_int_member (action, "street", s + 1);
  json_object_set_int_member (action, "house", h + 1);
  return action;
}

static JsonObject *
fence_action (TkWelcomeToModel *self,
              guint             s,
              guint             k)
{
  JsonObject *action = turn_action (self, self->pend_street, self->pend_house);
  JsonObject *fence = json_object_new ();

  json_object_set_int_member (fence, "street", s + 1);
  json_object_set_int_member (fence, "after", k + 1);
  json_object_set_object_member (action, "fence", fence);
  return action;
}

/* Whether the session would take @action (it asks the engine on a copy of its state). */
static gboolean
check (TkWelcomeToModel *self,
       JsonObject       *action)
{
  return tk_session_check (session_of (self), action, NULL);
}

/* Applies @action (taking it); TRUE when the session took it. */
static gboolean
apply (TkWelcomeToModel *self,
       JsonObject       *action)
{
  g_autoptr(JsonObject) owned = action;
  const char *type = json_object_get_string_member_with_default (owned, "type", "");
  gboolean taken;

  self->advance = g_str_equal (type, "turn") || g_str_equal (type, "refuse");
  taken = tk_panel_model_apply (TK_PANEL_MODEL (self), owned);
  self->advance = FALSE;
  return taken;
}

gboolean
tk_welcome_to_model_house_takes_pick (TkWelcomeToModel *self,
                                      guint             s,
                                      guint             h)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = turn_action (self, s, h);
  return check (self, action);
}

gboolean
tk_welcome_to_model_bis_target_ok (TkWelcomeToModel *self,
                                   guint             s,
                                   guint             h)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);

  for (gint from = (gint) h - 1; from <= (gint) h + 1; from += 2)
    {
      g_autoptr(JsonObject) action = NULL;

      if (from < 0 || from >= (gint) self->houses[s])
        continue;
      action = bis_action (self, s, h, from);
      if (check (self, action))
        return TRUE;
    }
  return FALSE;
}

gboolean
tk_welcome_to_model_roundabout_ok (TkWelcomeToModel *self,
                                   guint             s,
                                   guint             h)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = roundabout_action (self, s, h);
  return check (self, action);
}

gboolean
tk_welcome_to_model_fence_ok (TkWelcomeToModel *self,
                              guint             s,
                              guint             k)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = fence_action (self, s, k);
  return check (self, action);
}

static JsonObject *
column_action (TkWelcomeToModel *self,
               guint             column)
{
  JsonObject *action = turn_action (self, self->pend_street, self->pend_house);

  json_object_set_int_member (action, "column", column + 1);
  return action;
}

gboolean
tk_welcome_to_model_column_ok (TkWelcomeToModel *self,
                               guint             column)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = column_action (self, column);
  return check (self, action);
}

static JsonObject *
refuse_action (TkWelcomeToModel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  return action;
}

gboolean
tk_welcome_to_model_refusal_due (TkWelcomeToModel *self)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (tk_welcome_to_model_get_open_cards (self) == NULL || tk_welcome_to_model_game_over (self) ||
      tk_welcome_to_model_acted (self, self->seat))
    return FALSE;
  action = refuse_action (self);
  return check (self, action);
}

/* The turn with the pick in house (@s, @h) and, for the landscaper and the pool, the effect
 * whenever the engine takes it (both only ever add points); the surveyor, the real estate
 * agent and the bis first wait for their target. */
static void
write_house (TkWelcomeToModel *self,
             guint             s,
             guint             h)
{
  g_autoptr(JsonObject) action = turn_action (self, s, h);
  gint number = 0, effect = -1;

  tk_welcome_to_model_get_pick (self, &number, &effect);
  if (effect == TK_WELCOME_TO_SURVEYOR || effect == TK_WELCOME_TO_REAL_ESTATE ||
      effect == TK_WELCOME_TO_BIS)
    {
      if (check (self, action))
        {
          self->stage = TK_WELCOME_TO_STAGE_EFFECT;
          self->pend_street = (gint) s;
          self->pend_house = (gint) h;
          pick_changed (self);
          return;
        }
      /* refused: the session says why */
      apply (self, g_steal_pointer (&action));
      return;
    }
  if (effect == TK_WELCOME_TO_LANDSCAPER || effect == TK_WELCOME_TO_POOL)
    {
      const char *member = effect == TK_WELCOME_TO_LANDSCAPER ? "park" : "pool";

      json_object_set_boolean_member (action, member, TRUE);
      if (!check (self, action))
        json_object_remove_member (action, member);
    }
  apply (self, g_steal_pointer (&action));
}

/* A tap on an empty house while the bis looks for its box: with one neighbour to copy it is
 * written, with two the player says which. */
static void
place_bis (TkWelcomeToModel *self,
           guint             s,
           guint             h)
{
  gint sources[2] = { (gint) h - 1, (gint) h + 1 };
  gint legal[2];
  guint n_legal = 0;
  gint from;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(JsonObject) action = NULL;

      if (sources[i] < 0 || sources[i] >= (gint) self->houses[s])
        continue;
      action = bis_action (self, s, h, sources[i]);
      if (check (self, action))
        legal[n_legal++] = sources[i];
    }
  if (n_legal == 2)
    {
      self->bis_street = (gint) s;
      self->bis_house = (gint) h;
      pick_changed (self);
      return;
    }
  from = n_legal == 1 ? legal[0] : (h > 0 ? (gint) h - 1 : (gint) h + 1);
  apply (self, bis_action (self, s, h, from));
}

const char *
tk_welcome_to_model_tap_house (TkWelcomeToModel *self,
                               guint             s,
                               guint             h)
{
  gint number = 0, effect = -1;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);

  if (tk_welcome_to_model_game_over (self))
    return _("The game is over: finish the session to record it.");
  switch (self->stage)
    {
    case TK_WELCOME_TO_STAGE_ROUNDABOUT:
      apply (self, roundabout_action (self, s, h));
      return NULL;

    case TK_WELCOME_TO_STAGE_EFFECT:
      tk_welcome_to_model_get_pick (self, &number, &effect);
      if (effect == TK_WELCOME_TO_BIS)
        {
          if ((gint) s != self->pend_street || (gint) h != self->pend_house)
            place_bis (self, s, h);
          return NULL;
        }
      clear_stage (self);
      break;

    case TK_WELCOME_TO_STAGE_CLAIM:
      clear_stage (self);
      break;

    case TK_WELCOME_TO_STAGE_CHOOSE:
    default:
      break;
    }
  if (!tk_welcome_to_model_get_pick (self, &number, &effect))
    return _("Pick a number and an effect first, then tap a house.");
  write_house (self, s, h);
  return NULL;
}

const char *
tk_welcome_to_model_tap_fence (TkWelcomeToModel *self,
                               guint             s,
                               guint             k)
{
  gint number = 0, effect = -1;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);

  if (self->stage != TK_WELCOME_TO_STAGE_EFFECT ||
      !tk_welcome_to_model_get_pick (self, &number, &effect) || effect != TK_WELCOME_TO_SURVEYOR)
    return _("Fences come with the surveyor: pick a surveyor card, write its number, then tap "
             "a fence slot.");
  apply (self, fence_action (self, s, k));
  return NULL;
}

const char *
tk_welcome_to_model_tap_column (TkWelcomeToModel *self,
                                guint             column)
{
  gint number = 0, effect = -1;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);

  if (self->stage != TK_WELCOME_TO_STAGE_EFFECT ||
      !tk_welcome_to_model_get_pick (self, &number, &effect) ||
      effect != TK_WELCOME_TO_REAL_ESTATE)
    return _("Real estate columns are crossed with the real estate agent: pick that card, "
             "write its number, then tap a column.");
  apply (self, column_action (self, column));
  return NULL;
}

gboolean
tk_welcome_to_model_skip_effect (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (self->stage != TK_WELCOME_TO_STAGE_EFFECT)
    return FALSE;
  return apply (self, turn_action (self, self->pend_street, self->pend_house));
}

gboolean
tk_welcome_to_model_bis_side (TkWelcomeToModel *self,
                              gint              side)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (self->stage != TK_WELCOME_TO_STAGE_EFFECT || self->bis_house < 0)
    return FALSE;
  return apply (self, bis_action (self, self->bis_street, self->bis_house,
                                  self->bis_house + side));
}

gboolean
tk_welcome_to_model_record_cards (TkWelcomeToModel *self,
                                  JsonArray        *cards)
{
  JsonObject *action;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = json_object_new ();
  json_object_set_string_member (action, "type", "reveal");
  json_object_set_array_member (action, "cards", cards);
  if (self->draft)
    json_object_set_int_member (action, "seat", self->seat);
  return apply (self, action);
}

gboolean
tk_welcome_to_model_refuse (TkWelcomeToModel *self,
                            JsonArray        *cards)
{
  JsonObject *action;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = refuse_action (self);
  if (cards != NULL)
    json_object_set_array_member (action, "cards", cards);
  return apply (self, action);
}

gboolean
tk_welcome_to_model_solo_card (TkWelcomeToModel *self)
{
  JsonObject *action;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = json_object_new ();
  json_object_set_string_member (action, "type", "solo_card");
  return apply (self, action);
}

gboolean
tk_welcome_to_model_claim (TkWelcomeToModel *self,
                           guint             p,
                           GArray           *estates)
{
  JsonObject *action;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = json_object_new ();
  json_object_set_string_member (action, "type", "claim");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_int_member (action, "plan", p + 1);
  if (estates != NULL)
    {
      JsonArray *refs = json_array_new ();

      for (guint i = 0; i < estates->len; i++)
        {
          TkWelcomeToEstate *estate = &g_array_index (estates, TkWelcomeToEstate, i);
          JsonObject *ref = json_object_new ();

          json_object_set_int_member (ref, "street", estate->street + 1);
          json_object_set_int_member (ref, "from", estate->from + 1);
          json_object_set_int_member (ref, "to", estate->to + 1);
          json_array_add_object_element (refs, ref);
        }
      json_object_set_array_member (action, "estates", refs);
    }
  return apply (self, action);
}

/* Draft: the hand about to be recorded holds the card the previous player passed (the
 * engine checks it). */
gboolean
tk_welcome_to_model_passed_card (TkWelcomeToModel *self,
                                 gint             *number,
                                 gint             *effect)
{
  JsonObject *setup;
  const char *pass;
  gint direction;
  guint giver;
  gint64 round, wanted;
  JsonArray *passed;
  gboolean found = FALSE;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);

  setup = tk_session_get_setup (session_of (self));
  pass = json_object_get_string_member_with_default (setup, "draft_pass", "next");
  direction = g_strcmp0 (pass, "previous") == 0 ? -1 : g_strcmp0 (pass, "unchecked") == 0 ? 0 : 1;
  if (!self->draft || direction == 0 || self->n_players < 2 || self->game == NULL)
    return FALSE;
  /* the engine's giver: seat − direction */
  giver = (self->seat + (direction > 0 ? self->n_players - 1 : 1)) % self->n_players;
  round = json_object_get_int_member_with_default (self->game, "round", 1);
  wanted = tk_welcome_to_model_acted (self, self->seat) ? round : round - 1;
  passed = json_object_get_array_member (tk_welcome_to_model_get_player (self, giver), "passed");
  for (guint i = 0; passed != NULL && i < json_array_get_length (passed); i++)
    {
      JsonObject *card = json_array_get_object_element (passed, i);
      gint e = tk_welcome_to_effect_from_id (json_object_get_string_member (card, "effect"));

      if (json_object_get_int_member (card, "round") != wanted || e < 0)
        continue;
      *number = (gint) json_object_get_int_member (card, "number");
      *effect = e;
      found = TRUE;
    }
  return found;
}

JsonObject *
tk_welcome_to_model_export_sheet (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_welcome_to_export_sheet (tk_session_peek_state (session_of (self)), self->seat);
}

gboolean
tk_welcome_to_model_import_sheet (TkWelcomeToModel *self,
                                  JsonObject       *document)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return apply (self, tk_welcome_to_import_action (document, self->seat));
}
