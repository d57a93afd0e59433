/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-model.c — a Welcome To... session and the turn being picked (see the header). */
#define G_LOG_DOMAIN "tk-welcome-to-model"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-model.h"
#include "tk-welcome-to-sheet.h"
#include "welcome-to/tk-welcome-to-rules.h"

#define N_STREETS  TK_WELCOME_TO_N_STREETS

struct _TkWelcomeToModel
{
  TkPanelModel      parent_instance;

  /* the setup: fixed for the session */
  gboolean          setup_read;
  guint             n_players;
  TkWelcomeToSetupFacts facts;

  /* the session now, read once per change */
  JsonObject       *game;
  JsonObject       *score;

  /* the pick, forgotten when the session changes */
  guint             seat;
  TkWelcomeToPick   pick;
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

/* the engine's state, for what the engine answers (tk-welcome-to-rules.h) */
static gpointer
state_of (TkWelcomeToModel *self)
{
  return tk_session_peek_state (session_of (self));
}

static void
read_setup (TkWelcomeToModel *self)
{
  self->n_players = tk_session_get_n_players (session_of (self));
  tk_welcome_to_setup_facts (state_of (self), &self->facts);
  self->setup_read = TRUE;
}

static void
clear_stage (TkWelcomeToModel *self)
{
  self->pick.stage = TK_WELCOME_TO_STAGE_CHOOSE;
  self->pick.pend_street = self->pick.pend_house = -1;
  self->pick.bis_street = self->pick.bis_house = -1;
  self->pick.claim_plan = -1;
}

static void
clear_pick (TkWelcomeToModel *self)
{
  clear_stage (self);
  self->pick.card = self->pick.number_card = self->pick.effect_card = -1;
  self->pick.manual_number = 0;
  self->pick.manual_effect = -1;
  self->pick.temp_delta = 0;
  self->pick.temp_cross = TRUE;
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
  gboolean first = !self->setup_read;

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

guint
tk_welcome_to_model_get_n_houses (TkWelcomeToModel *self,
                                  guint             street)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  return street < N_STREETS ? tk_welcome_to_street_houses (state_of (self), street) : 0;
}

gboolean
tk_welcome_to_model_is_pool_spot (TkWelcomeToModel *self,
                                  guint             street,
                                  guint             house)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return street < N_STREETS && tk_welcome_to_pool_spot (state_of (self), street, house);
}

const TkWelcomeToSetupFacts *
tk_welcome_to_model_get_facts (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return &self->facts;
}

GArray *
tk_welcome_to_model_track_values (TkWelcomeToModel    *self,
                                  TkWelcomeToTrackKind track)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_welcome_to_track_values (state_of (self), track);
}

GArray *
tk_welcome_to_model_park_values (TkWelcomeToModel *self,
                                 guint             street)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_welcome_to_park_values (state_of (self), street);
}

GArray *
tk_welcome_to_model_estate_values (TkWelcomeToModel *self,
                                   guint             column)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_welcome_to_estate_values (state_of (self), column);
}

gboolean
tk_welcome_to_model_plan_names_estates (TkWelcomeToModel *self,
                                        guint             p)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return p < TK_WELCOME_TO_N_PLANS && tk_welcome_to_plan_names_estates (state_of (self), p);
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

/* @seat's state in the game (its sheet, whether it acted, its cards), NULL for none */
static JsonObject *
player_of (TkWelcomeToModel *self,
           guint             seat)
{
  JsonArray *players = self->game != NULL ? json_object_get_array_member (self->game, "players")
                                          : NULL;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

JsonObject *
tk_welcome_to_model_get_sheet (TkWelcomeToModel *self)
{
  JsonObject *player = player_of (self, self->seat);

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

gint64
tk_welcome_to_model_get_total (TkWelcomeToModel *self,
                               guint             seat)
{
  JsonObject *player = tk_welcome_to_model_get_score_player (self, seat);

  return player != NULL ? json_object_get_int_member (player, "total") : 0;
}

gboolean
tk_welcome_to_model_acted (TkWelcomeToModel *self,
                           guint             seat)
{
  JsonObject *player = player_of (self, seat);

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
tk_welcome_to_model_waiting (TkWelcomeToModel *self,
                             guint             seat)
{
  return tk_welcome_to_model_acted (self, seat) && !tk_welcome_to_model_round_done (self);
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
  JsonObject *player = player_of (self, self->seat);
  JsonNode *node = player != NULL ? json_object_get_member (player, "cards") : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) || tk_welcome_to_model_round_done (self))
    return NULL;
  return json_node_get_array (node);
}

guint
tk_welcome_to_model_track_crossed (TkWelcomeToModel    *self,
                                   TkWelcomeToTrackKind track)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), 0);
  return tk_welcome_to_track_crossed (state_of (self), self->seat, track);
}

GArray *
tk_welcome_to_model_completed_estates (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_welcome_to_completed_estates (state_of (self), self->seat);
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

const TkWelcomeToPick *
tk_welcome_to_model_peek_pick (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return &self->pick;
}

gboolean
tk_welcome_to_model_get_pick (TkWelcomeToModel *self,
                              gint             *number,
                              gint             *effect)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);

  if (tk_welcome_to_model_get_open_cards (self) != NULL)
    {
      gboolean split = self->facts.two_cards;
      TkWelcomeToEffect e;

      if (!tk_welcome_to_hand_pick (state_of (self), self->seat,
                                    split ? self->pick.number_card : self->pick.card,
                                    split ? self->pick.effect_card : self->pick.card, number, &e))
        return FALSE;
      *effect = e;
      return TRUE;
    }
  if (self->pick.manual_number <= 0 || self->pick.manual_effect < 0)
    return FALSE;
  *number = self->pick.manual_number;
  *effect = self->pick.manual_effect;
  return TRUE;
}

gint
tk_welcome_to_model_written_number (TkWelcomeToModel *self,
                                    gint              number,
                                    gint              effect)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), number);
  return effect == TK_WELCOME_TO_TEMP ? number + self->pick.temp_delta : number;
}

gboolean
tk_welcome_to_model_temp_allows (TkWelcomeToModel *self,
                                 gint              number,
                                 gint              delta)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return tk_welcome_to_temp_allows (state_of (self), number, delta);
}

/* A new card or number forgets the temp agency's change and the effect's target. */
static void
picked (TkWelcomeToModel *self)
{
  self->pick.temp_delta = 0;
  clear_stage (self);
  pick_changed (self);
}

void
tk_welcome_to_model_pick (TkWelcomeToModel  *self,
                          TkWelcomeToChoice  choice,
                          gint               value)
{
  gint *slots[] = { &self->pick.card, &self->pick.number_card, &self->pick.effect_card,
                    &self->pick.manual_number, &self->pick.manual_effect };
  gint *slot;

  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  g_return_if_fail (choice < G_N_ELEMENTS (slots));
  slot = slots[choice];
  /* none is -1, but 0 for a number (no card shows 0) */
  *slot = *slot == value ? (choice == TK_WELCOME_TO_CHOICE_NUMBER ? 0 : -1) : value;
  /* solo and draft (two_cards): one card gives the number, another the effect */
  if (choice == TK_WELCOME_TO_CHOICE_NUMBER_CARD && self->pick.effect_card == *slot)
    self->pick.effect_card = -1;
  if (choice == TK_WELCOME_TO_CHOICE_EFFECT_CARD && self->pick.number_card == *slot)
    self->pick.number_card = -1;
  picked (self);
}

void
tk_welcome_to_model_set_temp_delta (TkWelcomeToModel *self,
                                    gint              delta)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  self->pick.temp_delta = delta;
  clear_stage (self);
  pick_changed (self);
}

void
tk_welcome_to_model_set_temp_cross (TkWelcomeToModel *self,
                                    gboolean          cross)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  if (self->pick.temp_cross == !!cross)
    return;
  self->pick.temp_cross = !!cross;
  pick_changed (self);
}

gboolean
tk_welcome_to_model_cancel_stage (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (self->pick.stage == TK_WELCOME_TO_STAGE_CHOOSE)
    return FALSE;
  clear_stage (self);
  pick_changed (self);
  return TRUE;
}

void
tk_welcome_to_model_toggle_roundabout (TkWelcomeToModel *self)
{
  gboolean was = self->pick.stage == TK_WELCOME_TO_STAGE_ROUNDABOUT;

  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  clear_stage (self);
  if (!was)
    self->pick.stage = TK_WELCOME_TO_STAGE_ROUNDABOUT;
  pick_changed (self);
}

void
tk_welcome_to_model_start_claim (TkWelcomeToModel *self,
                                 guint             p)
{
  g_return_if_fail (TK_IS_WELCOME_TO_MODEL (self));
  clear_stage (self);
  self->pick.stage = TK_WELCOME_TO_STAGE_CLAIM;
  self->pick.claim_plan = (gint) p;
  pick_changed (self);
}

/* ---- actions ---- */

/* A new action of @type, and one by the seat shown. */
static JsonObject *
typed_action (const char *type)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", type);
  return action;
}

static JsonObject *
seat_action (TkWelcomeToModel *self,
             const char       *type)
{
  JsonObject *action = typed_action (type);

  json_object_set_int_member (action, "seat", self->seat);
  return action;
}

/* The turn writing the pick in house (@s, @h), no effect target. */
static JsonObject *
turn_action (TkWelcomeToModel *self,
             guint             s,
             guint             h)
{
  JsonObject *action = seat_action (self, "turn");
  gint number = 0, effect = -1;

  tk_welcome_to_model_get_pick (self, &number, &effect);
  if (tk_welcome_to_model_get_open_cards (self) != NULL)
    {
      if (self->facts.two_cards)
        {
          json_object_set_int_member (action, "number_card", self->pick.number_card);
          json_object_set_int_member (action, "effect_card", self->pick.effect_card);
        }
      else
        json_object_set_int_member (action, "card", self->pick.card);
    }
  else
    {
      json_object_set_int_member (action, "card_number", number);
      json_object_set_string_member (action, "effect",
                                     effect >= 0 ? tk_welcome_to_effect_id (effect) : "");
    }
  json_object_set_int_member (action, "street", s + 1);
  json_object_set_int_member (action, "house", h + 1);
  json_object_set_int_member (action, "number",
                              tk_welcome_to_model_written_number (self, number, effect));
  if (effect == TK_WELCOME_TO_TEMP && self->pick.temp_delta == 0 && !self->pick.temp_cross)
    json_object_set_boolean_member (action, "temp", FALSE);
  return action;
}

/* The pending turn (the pick in its house) with its effect's target: the bis written in
 * (@s, @h) copied from house @from, the fence after house @h of street @s, or the real estate
 * column @h (@s and @from unused). */
static JsonObject *
effect_action (TkWelcomeToModel  *self,
               TkWelcomeToEffect  effect,
               guint              s,
               guint              h,
               guint              from)
{
  JsonObject *action = turn_action (self, self->pick.pend_street, self->pick.pend_house);
  gboolean bis = effect == TK_WELCOME_TO_BIS;
  JsonObject *target;

  if (effect == TK_WELCOME_TO_REAL_ESTATE)
    {
      json_object_set_int_member (action, "column", h + 1);
      return action;
    }
  target = json_object_new ();
  json_object_set_int_member (target, "street", s + 1);
  json_object_set_int_member (target, bis ? "house" : "after", h + 1);
  if (bis)
    json_object_set_int_member (target, "from", from + 1);
  json_object_set_object_member (action, bis ? "bis" : "fence", target);
  return action;
}

static JsonObject *
roundabout_action (TkWelcomeToModel *self,
                   guint             s,
                   guint             h)
{
  JsonObject *action = seat_action (self, "roundabout");

  json_object_set_int_member (action, "street", s + 1);
  json_object_set_int_member (action, "house", h + 1);
  return action;
}

/* Whether the session would take @action, which it frees (it asks the engine on a copy of
 * its state). */
static gboolean
check (TkWelcomeToModel *self,
       JsonObject       *action)
{
  g_autoptr(JsonObject) owned = action;

  return tk_session_check (session_of (self), owned, NULL);
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
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return check (self, turn_action (self, s, h));
}

/* The neighbours of (@s, @h) the engine lets the bis there copy, into @legal; their number. */
static guint
bis_sources (TkWelcomeToModel *self,
             guint             s,
             guint             h,
             gint              legal[2])
{
  guint n_legal = 0;

  for (gint from = (gint) h - 1; from <= (gint) h + 1; from += 2)
    if (from >= 0 && from < (gint) tk_welcome_to_street_houses (state_of (self), s) &&
        check (self, effect_action (self, TK_WELCOME_TO_BIS, s, h, from)))
      legal[n_legal++] = from;
  return n_legal;
}

gboolean
tk_welcome_to_model_bis_target_ok (TkWelcomeToModel *self,
                                   guint             s,
                                   guint             h)
{
  gint legal[2];

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return bis_sources (self, s, h, legal) > 0;
}

gboolean
tk_welcome_to_model_roundabout_ok (TkWelcomeToModel *self,
                                   guint             s,
                                   guint             h)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return check (self, roundabout_action (self, s, h));
}

gboolean
tk_welcome_to_model_target_ok (TkWelcomeToModel  *self,
                               TkWelcomeToEffect  effect,
                               guint              s,
                               guint              k)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return check (self, effect_action (self, effect, s, k, 0));
}

gboolean
tk_welcome_to_model_refusal_due (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (tk_welcome_to_model_get_open_cards (self) == NULL || tk_welcome_to_model_game_over (self) ||
      tk_welcome_to_model_acted (self, self->seat))
    return FALSE;
  return check (self, seat_action (self, "refuse"));
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
      if (check (self, json_object_ref (action)))
        {
          self->pick.stage = TK_WELCOME_TO_STAGE_EFFECT;
          self->pick.pend_street = (gint) s;
          self->pick.pend_house = (gint) h;
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
      if (!check (self, json_object_ref (action)))
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
  gint legal[2];
  guint n_legal = bis_sources (self, s, h, legal);
  gint from;

  if (n_legal == 2)
    {
      self->pick.bis_street = (gint) s;
      self->pick.bis_house = (gint) h;
      pick_changed (self);
      return;
    }
  from = n_legal == 1 ? legal[0] : (h > 0 ? (gint) h - 1 : (gint) h + 1);
  apply (self, effect_action (self, TK_WELCOME_TO_BIS, s, h, from));
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
  switch (self->pick.stage)
    {
    case TK_WELCOME_TO_STAGE_ROUNDABOUT:
      apply (self, roundabout_action (self, s, h));
      return NULL;

    case TK_WELCOME_TO_STAGE_EFFECT:
      tk_welcome_to_model_get_pick (self, &number, &effect);
      if (effect == TK_WELCOME_TO_BIS)
        {
          if ((gint) s != self->pick.pend_street || (gint) h != self->pick.pend_house)
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
tk_welcome_to_model_tap_target (TkWelcomeToModel  *self,
                                TkWelcomeToEffect  effect,
                                guint              s,
                                guint              k)
{
  gint number = 0, picked = -1;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);

  if (self->pick.stage == TK_WELCOME_TO_STAGE_EFFECT &&
      tk_welcome_to_model_get_pick (self, &number, &picked) && picked == (gint) effect)
    {
      apply (self, effect_action (self, effect, s, k, 0));
      return NULL;
    }
  if (effect == TK_WELCOME_TO_SURVEYOR)
    return _("Fences come with the surveyor: pick a surveyor card, write its number, then tap "
             "a fence slot.");
  return _("Real estate columns are crossed with the real estate agent: pick that card, "
           "write its number, then tap a column.");
}

gboolean
tk_welcome_to_model_skip_effect (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (self->pick.stage != TK_WELCOME_TO_STAGE_EFFECT)
    return FALSE;
  return apply (self, turn_action (self, self->pick.pend_street, self->pick.pend_house));
}

gboolean
tk_welcome_to_model_bis_side (TkWelcomeToModel *self,
                              gint              side)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  if (self->pick.stage != TK_WELCOME_TO_STAGE_EFFECT || self->pick.bis_house < 0)
    return FALSE;
  return apply (self, effect_action (self, TK_WELCOME_TO_BIS, self->pick.bis_street,
                                     self->pick.bis_house, self->pick.bis_house + side));
}

gboolean
tk_welcome_to_model_record_cards (TkWelcomeToModel *self,
                                  JsonArray        *cards)
{
  JsonObject *action;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = typed_action ("reveal");
  json_object_set_array_member (action, "cards", cards);
  if (self->facts.draft)
    json_object_set_int_member (action, "seat", self->seat);
  return apply (self, action);
}

gboolean
tk_welcome_to_model_refuse (TkWelcomeToModel *self,
                            JsonArray        *cards)
{
  JsonObject *action;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = seat_action (self, "refuse");
  if (cards != NULL)
    json_object_set_array_member (action, "cards", cards);
  return apply (self, action);
}

gboolean
tk_welcome_to_model_solo_card (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return apply (self, typed_action ("solo_card"));
}

gboolean
tk_welcome_to_model_claim (TkWelcomeToModel *self,
                           guint             p,
                           GArray           *estates)
{
  JsonObject *action;

  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  action = seat_action (self, "claim");
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

gboolean
tk_welcome_to_model_passed_card (TkWelcomeToModel  *self,
                                 gint              *number,
                                 TkWelcomeToEffect *effect)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return tk_welcome_to_passed_card (state_of (self), self->seat, number, effect);
}

JsonObject *
tk_welcome_to_model_export_sheet (TkWelcomeToModel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), NULL);
  return tk_welcome_to_export_sheet (state_of (self), self->seat);
}

gboolean
tk_welcome_to_model_import_sheet (TkWelcomeToModel *self,
                                  JsonObject       *document)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_MODEL (self), FALSE);
  return apply (self, tk_welcome_to_import_action (document, self->seat));
}
