/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-model.h — a City Plan session as the panel's parts read it: typed, no widgets.
 *
 * The model reads the session once per TkSession::changed (the state as JSON, the score, and
 * the engine's own answers about the income tiles from tk-city-plan-rules.h) into typed
 * fields and two lists, then emits ::changed once.  The lists keep their items
 * (TkCityPlanPlayer, TkCityPlanTile) across changes and only update them, so views bound to
 * them are patched in place.  The parts ask the engine its other questions of the session's
 * own state (tk_city_plan_model_peek_state ()).  It also keeps the player's transient choices ("look at
 * manifestos" and "1 card and manifestos" tapped, waiting for keep one or none), which
 * belong to one moment of the game and are forgotten when it moves on, and what the last
 * round's end did, told once after the action that ended it.
 *
 * Every change goes through tk_city_plan_model_apply (), which emits ::apply (TkPanelModel's,
 * with "session", ::changed and the re-read on each TkSession::changed): the panel
 * routes it to the session view (which commits it and shows the Undo toast or the refusal);
 * with nobody connected the model applies it to the session itself.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tk-panel-model.h"
#include "tk-city-plan-items.h"

G_BEGIN_DECLS

typedef enum
{
  TK_CITY_PLAN_PHASE_DRAW,
  TK_CITY_PLAN_PHASE_ACTION,
  TK_CITY_PLAN_PHASE_OVER,
} TkCityPlanPhase;

#define TK_TYPE_CITY_PLAN_MODEL (tk_city_plan_model_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanModel, tk_city_plan_model, TK, CITY_PLAN_MODEL, TkPanelModel)

TkCityPlanModel  *tk_city_plan_model_new               (TkSession       *session);

/* ---- read from the session at each change ---- */

TkCityPlanPhase   tk_city_plan_model_get_phase         (TkCityPlanModel *self);
/* the seat whose turn it is */
guint             tk_city_plan_model_get_active        (TkCityPlanModel *self);
gint64            tk_city_plan_model_get_round         (TkCityPlanModel *self);
guint             tk_city_plan_model_get_n_players     (TkCityPlanModel *self);
gint64            tk_city_plan_model_get_hand_limit    (TkCityPlanModel *self);
/* the game ends at the end of a round with this many buildings */
gint64            tk_city_plan_model_get_end_buildings (TkCityPlanModel *self);
/* the subsidy's terms: its cards to each city of at most this many buildings */
gint64            tk_city_plan_model_get_subsidy_cards (TkCityPlanModel *self);
gint64            tk_city_plan_model_get_subsidy_max_buildings (TkCityPlanModel *self);
gint64            tk_city_plan_model_get_deck          (TkCityPlanModel *self);
gint64            tk_city_plan_model_get_discard       (TkCityPlanModel *self);
gint64            tk_city_plan_model_get_manifesto_deck (TkCityPlanModel *self);
/* the player in @seat, the tile checked @index-th (borrowed) */
TkCityPlanPlayer *tk_city_plan_model_get_player        (TkCityPlanModel *self,
                                                        guint            seat);
TkCityPlanTile   *tk_city_plan_model_get_tile          (TkCityPlanModel *self,
                                                        guint            index);
/* TkCityPlanPlayer by seat; TkCityPlanTile in the order a round's end checks them. */
GListModel       *tk_city_plan_model_get_players       (TkCityPlanModel *self);
GListModel       *tk_city_plan_model_get_tiles         (TkCityPlanModel *self);
/* The round the last action ended (0 when it ended none: any later change forgets it), and
 * the tiles that fired at that end (a mask by tile index). */
gint64            tk_city_plan_model_get_round_ended   (TkCityPlanModel *self);
guint             tk_city_plan_model_get_round_fired   (TkCityPlanModel *self);
/* The engine's score as it stands and its state as JSON, read once per change (borrowed),
 * for the parts that show the cities' rows and the score lines. */
JsonObject       *tk_city_plan_model_get_score         (TkCityPlanModel *self);
JsonObject       *tk_city_plan_model_get_game          (TkCityPlanModel *self);
/* @seat's entry of the state's "players" (borrowed), or NULL when there is no such seat. */
JsonObject       *tk_city_plan_model_get_player_state  (TkCityPlanModel *self,
                                                        guint            seat);
/* The card table the session plays with (the setup's, else the shipped one; borrowed). */
JsonArray        *tk_city_plan_model_get_cards         (TkCityPlanModel *self);
/* The engine's state, to ask the engine (tk-city-plan-rules.h) what the model does not read
 * at each change (a card's cost, a construction site, the hand over the limit, …): borrowed,
 * read only. */
gpointer          tk_city_plan_model_peek_state        (TkCityPlanModel *self);

/* ---- transient choices (properties "manifesto-pending", "redraw-pending") ---- */

gboolean          tk_city_plan_model_get_manifesto_pending (TkCityPlanModel *self);
void              tk_city_plan_model_set_manifesto_pending (TkCityPlanModel *self,
                                                            gboolean         pending);
gboolean          tk_city_plan_model_get_redraw_pending    (TkCityPlanModel *self);
void              tk_city_plan_model_set_redraw_pending    (TkCityPlanModel *self,
                                                            gboolean         pending);

/* ---- changes ---- */

/* Applies @action (an engine action) through ::apply; returns whether the session took it. */
gboolean          tk_city_plan_model_apply             (TkCityPlanModel *self,
                                                        JsonObject      *action);

G_END_DECLS
