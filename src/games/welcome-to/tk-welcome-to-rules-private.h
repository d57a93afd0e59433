/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-rules-private.h — Welcome To...: what the parts of the engine share.  The
 * rules read from the setup, the sheet, the state, and the functions one part calls in
 * another (named tk_welcome_to_…, like the public API, and declared below by the file that
 * defines them).  Private to src/games/welcome-to/; the public header stays the TkRules vtable. */
#pragma once

#include "tk-welcome-to-rules.h"
#include "tk-rules-json.h"

G_BEGIN_DECLS

#define N_STREETS   3
#define MAX_HOUSES  16
#define MAX_TRACK   16
#define N_COLUMNS   6
#define N_PLANS     3
#define MAX_ESTATES 6
#define MAX_VALUE   1000

#define ILLEGAL(...) (g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, __VA_ARGS__), FALSE)
#define INVALID(...) (g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, __VA_ARGS__), FALSE)

typedef enum
{
  EFFECT_SURVEYOR, EFFECT_REAL_ESTATE, EFFECT_LANDSCAPER, EFFECT_POOL, EFFECT_TEMP, EFFECT_BIS,
  N_EFFECTS
} Effect;

typedef enum
{
  PLAN_ESTATES, PLAN_STREET_FULL, PLAN_STREET_ENDS, PLAN_TEMPS, PLAN_BIS_STREET,
  PLAN_PARKS_TWO, PLAN_POOLS_TWO, PLAN_PARKS_POOLS_STREET, PLAN_PARKS_POOLS_ROUNDABOUT,
  N_PLAN_KINDS
} PlanKind;

typedef struct
{
  guint    number;            /* n°1..3 */
  PlanKind kind;
  guint    n_sizes;
  guint    sizes[MAX_ESTATES];
  guint    street;            /* 0-based, street plans */
  guint    count;             /* temps, bis_street */
  gint     first, later;
} Plan;

typedef struct
{
  guint n;                    /* boxes + 1 */
  gint  v[MAX_TRACK];         /* value by boxes crossed */
} Track;

typedef struct
{
  guint    houses;
  gboolean pool_spot[MAX_HOUSES];
  guint    n_pool_spots;
  Track    parks;
} StreetRule;

typedef struct
{
  StreetRule streets[N_STREETS];
  Track      pools, bis, refusals, roundabouts, temp_points;
  Track      estates[N_COLUMNS];
  guint      temp_boxes, solo_temp_min, solo_rounds;
  guint      solo_card_first_round; /* the first round whose draw may hold the solo card */
  gint       solo_temp_points;
  gint       highest_number, temp_change, lowest_card, highest_card;
  gboolean   solo, intermediate, draft;
  gint       draft_pass;      /* +1 to the next seat, -1 to the previous, 0 unchecked */
  gboolean   bis_fence_never; /* no fence between a bis and its original, even a later one */
  gboolean   temp_competition;/* temp ranks 1, 1, 3 (standard competition) instead of 1, 1, 2 */
  gboolean   bis_plan_uses;   /* the bis plan's houses are used up like any plan's (the seed) */
  Plan       plans[N_PLANS];
} Rules;

typedef struct
{
  gint8    number;            /* -1: empty */
  gint8    bis;               /* 0, -1 copied from the left neighbour, +1 from the right */
  gboolean roundabout;
  gboolean pool;
} House;

typedef struct
{
  House    houses[MAX_HOUSES];
  gboolean fence[MAX_HOUSES]; /* fence[k]: between house k and k+1 */
  guint    parks;
} Street;

typedef struct { guint street, from, to; } EstateRef;

typedef struct
{
  guint     round;            /* 0: not claimed */
  guint     order;            /* when it was entered among claims and the solo card; 0: unknown
                                 (an imported sheet) */
  guint     n_estates;
  EstateRef estates[MAX_ESTATES];
  guint     bis_street;       /* the bis plan under the seed's reading: its street and … */
  guint     bis_mask;         /* … the bis houses it used up (bit per house; 0: none) */
  guint     bis_street_asked; /* the street a bis plan claim names, 1 to 3; 0: the first that
                                 has enough */
} Claim;

typedef struct
{
  Street streets[N_STREETS];
  guint  temps;
  guint  agents[N_COLUMNS];
  guint  refusals;
  Claim  claims[N_PLANS];
} Sheet;

typedef struct { gint number; Effect effect; } Card;

typedef struct
{
  JsonObject *setup;
  Rules       rules;
  guint       n_players;
  guint       round;
  Sheet      *sheets;
  gboolean   *acted;
  gboolean   *revealed;       /* per seat (the same three cards for all unless draft) */
  Card       *cards;          /* 3 per seat */
  guint       solo_flip_round;
  guint       entries;        /* claims and the solo card entered so far, to order them */
  guint       solo_order;     /* the solo card's place among them; 0: not turned up */
  Card       *passed;         /* draft: the card each seat passed, by round parity (2 per seat) */
  guint      *passed_round;   /* the round of each of those (0: none) */
} TkWelcomeToState;

enum { END_REFUSALS = 1, END_PLANS = 2, END_HOUSES = 4, END_DECK = 8 };

/* tk-welcome-to-tables.c */
extern const char *const tk_welcome_to_effect_names[];
int tk_welcome_to_lookup (const char *const *names, guint n, const char *name);
gboolean tk_welcome_to_read_rules (JsonObject *setup, guint n_players, Rules *rules,
                                   GError **error);
JsonObject *tk_welcome_to_default_setup (guint n_players);

/* tk-welcome-to-sheet.c */
guint tk_welcome_to_n_houses (const Rules *rules, guint s);
gboolean tk_welcome_to_built (const House *house);
gboolean tk_welcome_to_fits (const Rules *rules, const Sheet *sheet, guint s, guint h, gint value);
gboolean tk_welcome_to_fits_anywhere (const Rules *rules, const Sheet *sheet, gint value,
                                      guint *out_s, guint *out_h);
gboolean tk_welcome_to_is_estate (const Rules *rules, const Sheet *sheet, guint s, guint from,
                                  guint to);
void tk_welcome_to_find_estates (const Rules *rules, const Sheet *sheet, GArray *estates);
guint tk_welcome_to_count_estates (const Rules *rules, const Sheet *sheet,
                                   guint by_size[N_COLUMNS + 1]);
guint tk_welcome_to_count_bis (const Rules *rules, const Sheet *sheet, guint s);
guint tk_welcome_to_count_pools (const Rules *rules, const Sheet *sheet, guint s);
guint tk_welcome_to_count_roundabouts (const Rules *rules, const Sheet *sheet, guint s);
guint tk_welcome_to_sum_streets (const Rules *rules, const Sheet *sheet,
                                 guint (*count) (const Rules *, const Sheet *, guint));
gboolean tk_welcome_to_parks_full (const Rules *rules, const Sheet *sheet, guint s);
gboolean tk_welcome_to_pools_full (const Rules *rules, const Sheet *sheet, guint s);
gboolean tk_welcome_to_street_built (const Rules *rules, const Sheet *sheet, guint s);

/* tk-welcome-to-plans.c */
void tk_welcome_to_used_map (const Rules *rules, const Sheet *sheet, guint upto,
                             guint used[N_STREETS][MAX_HOUSES], guint group[N_STREETS][MAX_HOUSES]);
int tk_welcome_to_compare_uint (gconstpointer a, gconstpointer b);
gboolean tk_welcome_to_check_claim (const Rules *rules, const Sheet *sheet, guint p,
                                    const Claim *claim, guint upto, GError **error);
void tk_welcome_to_fill_bis_claim (const Rules *rules, const Sheet *sheet, guint p, Claim *claim);

/* tk-welcome-to-exchange.c */
JsonObject *tk_welcome_to_sheet_to_json (const Rules *rules, const Sheet *sheet);
gboolean tk_welcome_to_read_estates (const Rules *rules, JsonArray *array, Claim *claim,
                                     GError **error);
gboolean tk_welcome_to_sheet_from_json (const Rules *rules, JsonObject *object, Sheet *sheet,
                                        GError **error);
gboolean tk_welcome_to_check_sheet (const Rules *rules, const Sheet *sheet, GError **error);
void tk_welcome_to_fill_sheet_bis_claims (const Rules *rules, Sheet *sheet);

/* tk-welcome-to-state.c (calls only the sheet's counts) */
void tk_welcome_to_state_free (gpointer data);
gpointer tk_welcome_to_state_copy (gpointer data);
gboolean tk_welcome_to_all_acted (TkWelcomeToState *state);
gboolean tk_welcome_to_any_acted (TkWelcomeToState *state);
guint tk_welcome_to_end_triggers (TkWelcomeToState *state);
gboolean tk_welcome_to_game_over (TkWelcomeToState *state);
void tk_welcome_to_start_new_round (TkWelcomeToState *state);
const char *tk_welcome_to_seat_name (TkWelcomeToState *state, guint seat);

/* tk-welcome-to-actions.c */
const char *tk_welcome_to_action_type (JsonObject *action);
gboolean tk_welcome_to_apply (gpointer data, JsonObject *action, GError **error);

/* tk-welcome-to-answers.c: the card passed to @seat for the hand of @round, and who passed it
 * (NULL: none) */
const Card *tk_welcome_to_passed_to (TkWelcomeToState *state, guint seat, guint round,
                                     guint *giver);

/* tk-welcome-to-score.c */
JsonObject *tk_welcome_to_score (gpointer data);

G_END_DECLS
