/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-rules-private.h — City Plan: the state and what the parts share.
 *
 * The engine is split along the seams a reader looks for: tk-city-plan-rules.c (the TkRules
 * vtable, the state JSON and the ledger lines), tk-city-plan-setup.c (reading cards, the
 * shipped card table, the new state), tk-city-plan-turns.c (the tableau, costs and power,
 * the turns, income tiles and manifestos, apply), tk-city-plan-scoring.c (the tally, the
 * development-bonus split and the score) and, at the bottom, tk-city-plan-state.c (copying
 * and freeing cards and the state, a seat's name).  Calls go one way, from the vtable down.  Only those files include this header; the public
 * one stays tk-city-plan-rules.h.  What the parts share is named tk_cp_ (tk_city_plan_ is the
 * panels' prefix in src/app/panels/city-plan/).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-city-plan-rules.h"
#include "tk-rules-json.h"

G_BEGIN_DECLS

#define MAX_PLAYERS 5
#define MAX_NUMBER  1000

typedef enum { T_RESIDENTIAL, T_COMMERCIAL, T_INDUSTRIAL, T_FACILITY, T_POWER_PLANT, N_TYPES } Type;
typedef enum { E_NONE, E_CONSTRUCTION_SITE, E_COST_MINUS, E_COST_CAP, E_SPLIT_POINTS,
               E_EXTRA_DRAW, E_COUNT_BONUS, N_EFFECTS } Effect;
typedef enum { PHASE_DRAW, PHASE_ACTION, PHASE_OVER } Phase;
typedef enum { TILE_RESIDENT, TILE_CONSUMPTION, TILE_BUSINESS, TILE_INCOME_TAX, TILE_ECO,
               TILE_SUBSIDY, N_TILES } Tile;

extern const char *const tk_cp_type_names[N_TYPES];
extern const char *const tk_cp_effect_names[N_EFFECTS];
extern const char *const tk_cp_tile_names[N_TILES];

typedef struct
{
  char   *id;
  char   *name;
  Type    type;
  gint64  cost, points, power;   /* power: supply for a plant, use otherwise */
  gboolean eco;
  Effect  effect;
  guint   applies;               /* cost_minus: mask of types */
  gint64  amount;                /* cost_minus: cards less; extra_draw: cards more;
                                    count_bonus: points per counted building */
  gint64  cap_from, cap_to;      /* cost_cap */
  guint   split;                 /* split_points: mask of two district types */
  guint   counts;                /* count_bonus: mask of the types it counts */
  gint64  max_points;            /* count_bonus: the most it scores; 0 = no limit */
} Card;

typedef struct
{
  guint   uid;
  Card    card;
  guint   row;                   /* uid of the plant powering it (own uid for a plant) */
  gint64  split_first;           /* points to the first split type; -1 = best */
} Building;

typedef struct
{
  GArray *buildings;             /* of Building */
  gint64  hand;
  guint   manifestos;            /* kept, face down: 0..2 */
  gint64  manifesto_points[2];
} TkCpPlayer;

typedef struct
{
  JsonObject *setup;
  guint       n_players;
  GArray     *table;             /* of Card, the setup's card table */
  gint64      start_hand, start_supply, deck_size, manifesto_deck_size;
  gint64      thresholds[N_TILES];
  gint64      subsidy_max, subsidy_cards, end_buildings, completion_bonus, hand_limit;
  gboolean    everyone_draws;

  TkCpPlayer  players[MAX_PLAYERS];
  gint64      deck, discard, manifesto_deck;
  guint       first, active, round;
  Phase       phase;
  gboolean    manifesto_this_turn;
  gboolean    tile_fired[N_TILES];
  gint64      last_income[N_TILES][MAX_PLAYERS];  /* the draws when each tile fired */
  guint       next_uid;
} TkCpState;

/* tk-city-plan-setup.c */
gboolean    tk_cp_read_card       (JsonObject  *object,
                                   Card        *card,
                                   GError     **error);
JsonObject *tk_cp_default_setup   (guint        n_players);
/* The players' count is checked by the vtable's state_new (tk-city-plan-rules.c) first. */
gpointer    tk_cp_state_new       (JsonObject  *setup,
                                   GError     **error);

/* tk-city-plan-state.c: the bottom file, which calls no other file of the engine */
void        tk_cp_card_clear      (Card        *card);
Card        tk_cp_card_dup        (const Card  *card);
gpointer    tk_cp_state_copy      (gpointer     data);
void        tk_cp_state_free      (gpointer     data);
void        tk_cp_add_building    (TkCpState   *state,
                                   TkCpPlayer  *player,
                                   const Card  *card,
                                   guint        row);
const char *tk_cp_player_name     (TkCpState   *state,
                                   guint        seat);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Card, tk_cp_card_clear)

/* tk-city-plan-turns.c */
gint64      tk_cp_extra_draws           (TkCpPlayer  *player);
gint64      tk_cp_cost_for              (TkCpPlayer  *player,
                                         const Card  *card);
Building   *tk_cp_find_building         (TkCpPlayer  *player,
                                         gint64       uid);
gint64      tk_cp_power_used            (TkCpPlayer  *player,
                                         guint        plant);
gboolean    tk_cp_has_construction_site (TkCpPlayer  *player);
gboolean    tk_cp_resolve_card          (TkCpState   *state,
                                         JsonNode    *node,
                                         Card        *card,
                                         GError     **error);
gboolean    tk_cp_apply                 (gpointer     data,
                                         JsonObject  *action,
                                         GError     **error);

/* tk-city-plan-scoring.c */
JsonObject *tk_cp_score (gpointer data);

G_END_DECLS
