/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-model.h — a Welcome To... session as the panel reads it, and the turn being
 * picked: no widgets.
 *
 * The model reads the session once per TkSession::changed (its state and its score, the
 * setup's facts once; the tables' points are the engine's answers) and keeps the player's transient pick: the sheet shown,
 * the card(s) or the number and effect chosen, the house waiting for its effect's target, a
 * plan's estates being chosen.  A pick changes only the model and emits ::changed; a change
 * of the session clears the pick and, when the sheet shown has played its turn, moves on to
 * the next sheet still to play, then emits ::changed once: one redraw per tap.
 *
 * "Would the engine take this?" (which houses to dim, whether a bis has two sides) is asked
 * of the session itself (tk_session_check), never of a copy of the rules.  Every change goes
 * through TkPanelModel's ::apply (the panel routes it to the session view).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-panel-model.h"
#include "tk-welcome-to-sheet.h"

G_BEGIN_DECLS

typedef enum
{
  TK_WELCOME_TO_STAGE_CHOOSE,      /* picking the card(s), then a house */
  TK_WELCOME_TO_STAGE_EFFECT,      /* the house is chosen; waiting for the effect's target */
  TK_WELCOME_TO_STAGE_ROUNDABOUT,  /* the next empty house tapped gets a roundabout */
  TK_WELCOME_TO_STAGE_CLAIM,       /* selecting estates for a city plan */
} TkWelcomeToStage;

/* What a picker chooses: one of the round's recorded cards (multiplayer), the card whose
 * number and the card whose effect are played (solo and draft), or the number and the effect
 * themselves (no cards recorded). */
typedef enum
{
  TK_WELCOME_TO_CHOICE_CARD,
  TK_WELCOME_TO_CHOICE_NUMBER_CARD,
  TK_WELCOME_TO_CHOICE_EFFECT_CARD,
  TK_WELCOME_TO_CHOICE_NUMBER,
  TK_WELCOME_TO_CHOICE_EFFECT,
} TkWelcomeToChoice;

/* The turn being picked (the model changes it; the views read it). */
typedef struct
{
  TkWelcomeToStage stage;
  gint             card;                      /* recorded card (multiplayer), -1 none */
  gint             number_card, effect_card;  /* solo and draft, -1 none */
  gint             manual_number;             /* chosen without cards, 0 none */
  gint             manual_effect;             /* chosen without cards, -1 none */
  gint             temp_delta;
  gboolean         temp_cross;
  gint             pend_street, pend_house;   /* waiting for its effect's target, -1 none */
  gint             bis_street, bis_house;     /* a bis box with two neighbours, -1 none */
  gint             claim_plan;                /* the plan whose estates are chosen, -1 none */
} TkWelcomeToPick;

#define TK_TYPE_WELCOME_TO_MODEL (tk_welcome_to_model_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToModel, tk_welcome_to_model, TK, WELCOME_TO_MODEL, TkPanelModel)

TkWelcomeToModel *tk_welcome_to_model_new (TkSession *session);

/* ---- the setup: fixed for the session ---- */

guint       tk_welcome_to_model_get_n_players     (TkWelcomeToModel *self);
/* solo, draft, intermediate rules, the cards' numbers … (the engine's reading of the setup) */
const TkWelcomeToSetupFacts *tk_welcome_to_model_get_facts (TkWelcomeToModel *self);
guint       tk_welcome_to_model_get_n_houses      (TkWelcomeToModel *self,
                                                   guint             street);
gboolean    tk_welcome_to_model_is_pool_spot      (TkWelcomeToModel *self,
                                                   guint             street,
                                                   guint             house);
/* The points printed along a track, street @street's parks, real estate column @column
 * (the engine's, tk_welcome_to_track_values (): a new array of gint) */
GArray     *tk_welcome_to_model_track_values      (TkWelcomeToModel    *self,
                                                   TkWelcomeToTrackKind track);
GArray     *tk_welcome_to_model_park_values       (TkWelcomeToModel *self,
                                                   guint             street);
GArray     *tk_welcome_to_model_estate_values     (TkWelcomeToModel *self,
                                                   guint             column);
/* Whether a claim of plan @p names its estates (the engine's: the basic plans). */
gboolean    tk_welcome_to_model_plan_names_estates (TkWelcomeToModel *self,
                                                    guint             p);
/* City plan @p (0-based) of the setup, or NULL. */
JsonObject *tk_welcome_to_model_get_setup_plan    (TkWelcomeToModel *self,
                                                   guint             p);
const char *tk_welcome_to_model_get_player_name   (TkWelcomeToModel *self,
                                                   guint             seat);

/* ---- the session now (borrowed JSON, valid until the next change) ---- */

JsonObject *tk_welcome_to_model_get_game          (TkWelcomeToModel *self);
/* the session's score (tk_session_score) */
JsonObject *tk_welcome_to_model_get_score         (TkWelcomeToModel *self);
/* the sheet shown (the seat's) */
JsonObject *tk_welcome_to_model_get_sheet         (TkWelcomeToModel *self);
/* the score breakdown of @seat */
JsonObject *tk_welcome_to_model_get_score_player  (TkWelcomeToModel *self,
                                                   guint             seat);
/* @seat's total points so far, 0 before the first score */
gint64      tk_welcome_to_model_get_total         (TkWelcomeToModel *self,
                                                   guint             seat);
gboolean    tk_welcome_to_model_acted             (TkWelcomeToModel *self,
                                                   guint             seat);
gboolean    tk_welcome_to_model_round_done        (TkWelcomeToModel *self);
/* @seat has played its turn and waits for the others to end the round */
gboolean    tk_welcome_to_model_waiting           (TkWelcomeToModel *self,
                                                   guint             seat);
gboolean    tk_welcome_to_model_game_over         (TkWelcomeToModel *self);
/* The shown seat's recorded cards for the round still being played, or NULL. */
JsonArray  *tk_welcome_to_model_get_open_cards    (TkWelcomeToModel *self);
/* The boxes of @track crossed on the sheet shown. */
guint       tk_welcome_to_model_track_crossed     (TkWelcomeToModel    *self,
                                                   TkWelcomeToTrackKind track);
/* Completed estates of the sheet shown (the engine's, TkWelcomeToEstate). */
GArray     *tk_welcome_to_model_completed_estates (TkWelcomeToModel *self);

/* ---- the pick ---- */

guint            tk_welcome_to_model_get_seat           (TkWelcomeToModel *self);
/* Shows @seat's sheet (a new seat forgets the pick). */
void             tk_welcome_to_model_select_seat        (TkWelcomeToModel *self,
                                                         guint             seat);
const TkWelcomeToPick *tk_welcome_to_model_peek_pick  (TkWelcomeToModel *self);
/* The number and effect picked for this turn; FALSE while incomplete. */
gboolean         tk_welcome_to_model_get_pick           (TkWelcomeToModel *self,
                                                         gint             *number,
                                                         gint             *effect);
/* The number written with @number and @effect (the temp agency changes it). */
gint             tk_welcome_to_model_written_number     (TkWelcomeToModel *self,
                                                         gint              number,
                                                         gint              effect);

/* Whether the temp agency may turn @number into @number + @delta (the engine's rule). */
gboolean         tk_welcome_to_model_temp_allows        (TkWelcomeToModel *self,
                                                         gint              number,
                                                         gint              delta);

/* A tap on a picker: @value becomes the @choice of the pick (a second tap forgets it). */
void             tk_welcome_to_model_pick               (TkWelcomeToModel  *self,
                                                         TkWelcomeToChoice  choice,
                                                         gint               value);
void             tk_welcome_to_model_set_temp_delta     (TkWelcomeToModel *self,
                                                         gint              delta);
void             tk_welcome_to_model_set_temp_cross     (TkWelcomeToModel *self,
                                                         gboolean          cross);
/* Back to picking, keeping the cards chosen; FALSE when already there. */
gboolean         tk_welcome_to_model_cancel_stage       (TkWelcomeToModel *self);
void             tk_welcome_to_model_toggle_roundabout  (TkWelcomeToModel *self);
/* Starts choosing estates for plan @p (an estates plan). */
void             tk_welcome_to_model_start_claim        (TkWelcomeToModel *self,
                                                         guint             p);

/* ---- what the engine would take (the session checks it) ---- */

gboolean         tk_welcome_to_model_house_takes_pick   (TkWelcomeToModel *self,
                                                         guint             s,
                                                         guint             h);
gboolean         tk_welcome_to_model_bis_target_ok      (TkWelcomeToModel *self,
                                                         guint             s,
                                                         guint             h);
gboolean         tk_welcome_to_model_roundabout_ok      (TkWelcomeToModel *self,
                                                         guint             s,
                                                         guint             h);
/* Whether the pending turn's effect may take its target: the surveyor's fence after house @k
 * of street @s, or the real estate agent's box in column @k (@s unused). */
gboolean         tk_welcome_to_model_target_ok          (TkWelcomeToModel  *self,
                                                         TkWelcomeToEffect  effect,
                                                         guint              s,
                                                         guint              k);
/* whether none of the shown seat's recorded cards fits anywhere: the refusal is the move */
gboolean         tk_welcome_to_model_refusal_due        (TkWelcomeToModel *self);

/* ---- changes: each builds the engine's action and applies it ---- */

/* A tap on house (@s, @h): writes the pick, asks for the effect's target, places the bis or
 * the roundabout.  Returns NULL, or a hint for the player when the tap does nothing. */
const char      *tk_welcome_to_model_tap_house          (TkWelcomeToModel *self,
                                                         guint             s,
                                                         guint             h);
/* A tap on such a target (a fence slot, a real estate column): the pending turn with it, or
 * a hint when @effect is not the one waiting for its target. */
const char      *tk_welcome_to_model_tap_target         (TkWelcomeToModel  *self,
                                                         TkWelcomeToEffect  effect,
                                                         guint              s,
                                                         guint              k);
/* the effect's target skipped: the turn without it */
gboolean         tk_welcome_to_model_skip_effect        (TkWelcomeToModel *self);
/* the bis copies its left (-1) or right (+1) neighbour */
gboolean         tk_welcome_to_model_bis_side           (TkWelcomeToModel *self,
                                                         gint              side);
/* The round's three cards (@cards: number, effect objects; taken). */
gboolean         tk_welcome_to_model_record_cards       (TkWelcomeToModel *self,
                                                         JsonArray        *cards);
/* A refused permit: with the round's cards when none are recorded (@cards taken, or NULL). */
gboolean         tk_welcome_to_model_refuse             (TkWelcomeToModel *self,
                                                         JsonArray        *cards);
gboolean         tk_welcome_to_model_solo_card          (TkWelcomeToModel *self);
/* Claims plan @p (0-based) with @estates (TkWelcomeToEstate; NULL for advanced plans). */
gboolean         tk_welcome_to_model_claim              (TkWelcomeToModel *self,
                                                         guint             p,
                                                         GArray           *estates);
/* The card the previous player passed in the draft (for the recorder), FALSE if none. */
gboolean         tk_welcome_to_model_passed_card        (TkWelcomeToModel  *self,
                                                         gint              *number,
                                                         TkWelcomeToEffect *effect);
/* The shown seat's sheet as the engine's exchange document, and one imported over it. */
JsonObject      *tk_welcome_to_model_export_sheet       (TkWelcomeToModel *self);
gboolean         tk_welcome_to_model_import_sheet       (TkWelcomeToModel *self,
                                                         JsonObject       *document);

G_END_DECLS
