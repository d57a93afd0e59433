/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-rules-private.h — Foundations of Metropolis: the state and what the parts share.
 *
 * The engine is split along the seams a reader looks for: tk-metropolis-rules.c (the TkRules
 * vtable, the action dispatch, the export and the ledger lines), tk-metropolis-setup.c (the
 * default setup and the new state), tk-metropolis-city.c (lots, shapes, tiles, building),
 * tk-metropolis-market.c (deeds, market and turns), tk-metropolis-scoring.c (the year-end
 * scorings and the score) and, at the bottom, tk-metropolis-state.c (copying and freeing the
 * state, names of seats and lots, whose turn it is).  Calls go one way, from the vtable down.  Only those files include this header; the public one stays
 * tk-metropolis-rules.h.  What the parts share is named tk_mp_ (tk_metropolis_ is the
 * panels' prefix in src/app/panels/metropolis/).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-metropolis-rules.h"
#include "tk-rules-json.h"

G_BEGIN_DECLS

#define MAX_PLAYERS   4
#define MIN_PLAYERS   2
#define MAX_SIDE      TK_METROPOLIS_MAX_SIDE
#define MAX_CELLS     (MAX_SIDE * MAX_SIDE)
#define MAX_SLOTS     8
#define MAX_TILES     32
#define MAX_ALTS      4
#define N_YEARS       TK_METROPOLIS_N_YEARS
#define START_DEEDS   TK_METROPOLIS_START_DEEDS
#define SHAPE_BOX     4        /* a shape fits in a 4×4 box: bit (row * 4 + col) */
#define MAX_TILE_SIZE 9
#define MAX_COINS     1000000

typedef enum { TYPE_RESIDENTIAL, TYPE_COMMERCIAL, TYPE_PUBLIC } TileType;
typedef enum { KIND_NONE, KIND_CITIZENS, KIND_HALF_CITIZENS, KIND_COINS, KIND_PUBLIC,
               KIND_BUILDINGS } PublicKind;
typedef enum { PHASE_DEAL, PHASE_MARKET, PHASE_PLAY, PHASE_FINAL, PHASE_OVER } Phase;
typedef enum { CAT_POPULATION, CAT_PUBLIC, CAT_PRINTED, CAT_COIN_PRESTIGE, CAT_EMPTY_LOTS,
               N_CATS } Category;

extern const char *const tk_mp_type_names[TYPE_PUBLIC + 1];
extern const char *const tk_mp_cat_ids[N_CATS];

typedef struct
{
  char       code[8];
  char       name[64];
  TileType   type;
  int        count;
  int        size;
  gboolean   any_shape;             /* any orthogonally connected set of @size lots */
  guint      n_masks;
  guint16    masks[MAX_ALTS * 8];   /* every allowed orientation, normalised */
  int        citizens;
  int        coins;
  int        prestige;
  PublicKind kind;
  int        rate;
} Tile;

typedef struct
{
  int coins;
  gint64 coins_received;           /* from the bank since setup */
  gint64 coins_paid;               /* to the bank since setup */
  int markers;                     /* lot markers on the player board */
  int deeds;
  int supply[MAX_TILES];
  int points[N_YEARS][N_CATS];
  int year_coins[N_YEARS];         /* commercial coins paid at a year's end */
} TkMpPlayer;

typedef struct
{
  JsonObject *setup;

  /* rule tables and options, read from the setup */
  guint    n_players;
  int      side;
  int      n_slots;
  int      prices[MAX_SLOTS];
  int      bonus[N_YEARS];
  int      start_coins[MAX_PLAYERS];
  int      income_base;
  int      n_markers;
  int      deck_sizes[N_YEARS];
  gboolean printed_every_year;
  gboolean coins_to_prestige;
  guint    n_tiles;
  Tile     tiles[MAX_TILES];
  int      first_seat;                   /* the first player at setup */

  /* the game */
  Phase    phase;
  int      year;                         /* 0, 1, 2 */
  int      current;                      /* whose turn */
  int      first_player;                 /* the first-player token */
  int      last_buyer;                   /* −1 until someone buys in this year */
  int      final_turns_left;
  int      deck_left;                    /* unrevealed cards of this year's deck */
  int      years_scored;
  int      market[MAX_SLOTS];            /* cell, or −1 */
  int      owner[MAX_CELLS];             /* seat, or −1 */
  int      tile[MAX_CELLS];              /* tile row of the building on the lot, or −1 */
  int      anchor[MAX_CELLS];            /* first lot of that building, or −1 */
  TkMpPlayer players[MAX_PLAYERS];
} TkMpState;

/* The shared refusal (tk-rules-json.h), under the short name this file's many checks use. */
#define invalid tk_rules_json_invalid

/* tk-metropolis-state.c: the bottom file, which calls no other file of the engine */
void        tk_mp_state_free        (gpointer     data);
gpointer    tk_mp_state_copy        (gpointer     data);
const char *tk_mp_player_name       (TkMpState   *state,
                                     int          seat);
void        tk_mp_lot_name          (TkMpState   *state,
                                     int          cell,
                                     char         out[4]);
int         tk_mp_parse_lot         (TkMpState   *state,
                                     const char  *text);
gboolean    tk_mp_illegal           (GError     **error,
                                     const char  *format,
                                     ...) G_GNUC_PRINTF (2, 3);
gboolean    tk_mp_turn_seat         (TkMpState   *state,
                                     JsonObject  *action,
                                     int         *out,
                                     GError     **error);

/* tk-metropolis-setup.c */
JsonArray  *tk_mp_int_array         (const int   *values,
                                     int          n);
JsonObject *tk_mp_default_setup     (guint        n_players);
/* The players' count is checked by the vtable's state_new (tk-metropolis-rules.c) first. */
gpointer    tk_mp_state_new         (JsonObject  *setup,
                                     GError     **error);

/* tk-metropolis-city.c */
gboolean    tk_mp_read_tile         (JsonObject  *object,
                                     guint        index,
                                     Tile        *tile,
                                     GError     **error);
int         tk_mp_find_tile_code    (TkMpState   *state,
                                     const char  *code);
gboolean    tk_mp_apply_build       (TkMpState   *state,
                                     JsonObject  *action,
                                     GError     **error);

/* tk-metropolis-market.c */
gboolean    tk_mp_check_new_deeds   (TkMpState   *state,
                                     int          seat,
                                     JsonArray   *lots,
                                     int         *cells,
                                     int          taken_so_far,
                                     GError     **error);
void        tk_mp_take_deed         (TkMpState   *state,
                                     int          seat,
                                     int          cell);
void        tk_mp_after_deal        (TkMpState   *state);
void        tk_mp_next_turn         (TkMpState   *state);
gboolean    tk_mp_apply_deal        (TkMpState   *state,
                                     JsonObject  *action,
                                     GError     **error);
gboolean    tk_mp_apply_draft       (TkMpState   *state,
                                     JsonObject  *action,
                                     GError     **error);
gboolean    tk_mp_apply_market      (TkMpState   *state,
                                     JsonObject  *action,
                                     GError     **error);
/* The deeds turned up for sale at the start of this year: a slot each while the deck lasts. */
int         tk_mp_market_want       (TkMpState   *state);
gboolean    tk_mp_apply_income      (TkMpState   *state,
                                     JsonObject  *action,
                                     GError     **error);
gboolean    tk_mp_apply_buy         (TkMpState   *state,
                                     JsonObject  *action,
                                     GError     **error);
gboolean    tk_mp_apply_coins       (TkMpState   *state,
                                     JsonObject  *action,
                                     GError     **error);

/* tk-metropolis-scoring.c */
int         tk_mp_commercial_coins  (TkMpState   *state,
                                     int          seat);
int         tk_mp_population        (TkMpState   *state,
                                     int          seat);
void        tk_mp_year_points       (TkMpState   *state,
                                     int          year,
                                     int          points[MAX_PLAYERS][N_CATS],
                                     int          coins[MAX_PLAYERS]);
void        tk_mp_end_year          (TkMpState   *state);
int         tk_mp_player_total      (TkMpState   *state,
                                     int          seat);
JsonObject *tk_mp_score             (gpointer     data);

G_END_DECLS
