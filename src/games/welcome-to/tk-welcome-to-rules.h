/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-rules.h — Welcome To... (Blue Cocker 2018): every player's sheet, checked and
 * scored live.  Action JSON and setup tables: docs/formats.md, "Welcome To...". */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_WELCOME_TO_RULES_ID "welcome-to"
#define TK_WELCOME_TO_SHEET_FORMAT "tablekeeper-welcome-to-sheet"

const TkRules *tk_welcome_to_rules_get          (void);

/* The 28 City Plan cards (18 basic + 10 advanced) as setup plan objects (a new array):
 * { "number": 1..3, "kind": …, "sizes"/"street": …, "first": N, "later": N, "advanced": bool } */
JsonArray     *tk_welcome_to_plan_table         (void);

/* Exchange: one player's sheet as a document { "format": TK_WELCOME_TO_SHEET_FORMAT,
 * "version": 1, "name": …, "sheet": { … } } (a new object, NULL for a bad seat).  Import it
 * into a table's session with the action { "type": "import_sheet", "seat": S, "sheet": DOC }
 * (checked like any action). */
JsonObject    *tk_welcome_to_export_sheet       (gpointer state,
                                                 guint    seat);
/* The import action for @document and @seat (a new object). */
JsonObject    *tk_welcome_to_import_action      (JsonObject *document,
                                                 guint       seat);

/* ---- what a view of the sheets asks (@state: the session's, tk_session_peek_state ()) ---- */

/* What the setup makes of the game, with the engine's defaults for what it leaves out. */
typedef struct
{
  gboolean solo, draft, intermediate;
  gboolean two_cards;                   /* a turn takes its number from one card and its
                                           effect from another (solo and the draft) */
  gint     lowest_card, highest_card;   /* the house numbers on the cards */
  guint    temp_boxes;                  /* the temp agency track's boxes */
  guint    solo_rounds;                 /* solo: the rounds the deck lasts */
} TkWelcomeToSetupFacts;

void           tk_welcome_to_setup_facts        (gpointer               state,
                                                 TkWelcomeToSetupFacts *facts);

/* The six effects, in the rules' order; an action names one by its id ("surveyor" …). */
typedef enum
{
  TK_WELCOME_TO_SURVEYOR,
  TK_WELCOME_TO_REAL_ESTATE,
  TK_WELCOME_TO_LANDSCAPER,
  TK_WELCOME_TO_POOL,
  TK_WELCOME_TO_TEMP,
  TK_WELCOME_TO_BIS,
  TK_WELCOME_TO_N_EFFECTS
} TkWelcomeToEffect;

/* The id of @effect, and the effect of @id (-1 for none). */
const char    *tk_welcome_to_effect_id          (TkWelcomeToEffect effect);
gint           tk_welcome_to_effect_from_id     (const char       *id);

/* A run of houses between fences, 0-based and inclusive; @used: a claimed city plan used it. */
typedef struct
{
  guint    street, from, to;
  gboolean used;
} TkWelcomeToEstate;

/* Houses in street @s (0-based), and whether house @h of it has a pool drawn. */
guint          tk_welcome_to_street_houses      (gpointer state,
                                                 guint    s);
gboolean       tk_welcome_to_pool_spot          (gpointer state,
                                                 guint    s,
                                                 guint    h);
/* The completed estates of @seat's sheet (street ends and fences close them, every house
 * numbered, 1 to 6 houses), street by street: a new array of TkWelcomeToEstate. */
GArray        *tk_welcome_to_completed_estates  (gpointer state,
                                                 guint    seat);
/* The tracks of a sheet's lower part, crossed from the left. */
typedef enum
{
  TK_WELCOME_TO_TRACK_POOLS,        /* pools built */
  TK_WELCOME_TO_TRACK_TEMPS,        /* temp agency cards used */
  TK_WELCOME_TO_TRACK_BIS,          /* bis houses */
  TK_WELCOME_TO_TRACK_REFUSALS,     /* permits refused */
  TK_WELCOME_TO_TRACK_ROUNDABOUTS,  /* roundabouts (intermediate rules) */
  TK_WELCOME_TO_N_TRACKS
} TkWelcomeToTrackKind;

/* The boxes of @track crossed on @seat's sheet. */
guint          tk_welcome_to_track_crossed      (gpointer             state,
                                                 guint                seat,
                                                 TkWelcomeToTrackKind track);
/* The points printed along @track of the sheets, for 0, 1, … boxes crossed: a new array of
 * gint, one longer than the track has boxes.  Empty for the temp agency, whose points are a
 * ranking (its boxes: TkWelcomeToSetupFacts.temp_boxes). */
GArray        *tk_welcome_to_track_values       (gpointer             state,
                                                 TkWelcomeToTrackKind track);
/* The same for the parks of street @s, and for real estate column @column (estates of
 * @column + 1 houses, by the agents crossed in it). */
GArray        *tk_welcome_to_park_values        (gpointer state,
                                                 guint    s);
GArray        *tk_welcome_to_estate_values      (gpointer state,
                                                 guint    column);
/* Whether a claim of city plan @p (0-based) names the estates it uses (the basic plans, of
 * estates of given sizes); the advanced plans' conditions are read off the sheet. */
gboolean       tk_welcome_to_plan_names_estates (gpointer state,
                                                 guint    p);
/* Whether the temp agency may turn @number into @number + @delta. */
gboolean       tk_welcome_to_temp_allows        (gpointer state,
                                                 gint     number,
                                                 gint     delta);
/* The number and the effect @seat's turn plays with cards @number_card and @effect_card (0 to
 * 2) of its recorded hand: one card gives both (@number_card == @effect_card) in the basic
 * game, two different cards in solo and the draft.  FALSE when no hand is recorded or the
 * cards do not make a turn. */
gboolean       tk_welcome_to_hand_pick          (gpointer           state,
                                                 guint              seat,
                                                 gint               number_card,
                                                 gint               effect_card,
                                                 gint              *number,
                                                 TkWelcomeToEffect *effect);
/* Draft: the card @seat's next hand must hold (its neighbour passed it the round before);
 * FALSE when there is none. */
gboolean       tk_welcome_to_passed_card        (gpointer           state,
                                                 guint              seat,
                                                 gint              *number,
                                                 TkWelcomeToEffect *effect);

G_END_DECLS
