/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-rules-private.h — Agora: the state and what the parts share.
 *
 * The engine is split along the seams a reader looks for: tk-agora-rules.c (the TkRules vtable,
 * the state as JSON and typed, and the ledger lines), tk-agora-setup.c (the setup read into a
 * new state), tk-agora-shops.c (the shops and the placement of a card), tk-agora-turns.c (the turn
 * actions, fire, flood and festival), tk-agora-scoring.c (the score) and, at the bottom,
 * tk-agora-state.c (copying and freeing the state, a seat's name, the deck, the goal).  Calls
 * go one way, from the vtable down to the state.  Only those files
 * include this header; the public one stays tk-agora-rules.h.  What the parts share is named
 * tk_ag_ (tk_agora_ is the panels' prefix in src/app/panels/agora/).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-agora-rules.h"
#include "tk-rules-json.h"

G_BEGIN_DECLS

#define N_LETTERS   4
#define MAX_PLAYERS 4
#define MAX_COUNT   1000            /* marks, doors, new shops per card */
#define MAX_MONEY   1000000

typedef enum { GOAL_OVER, GOAL_REACH } GoalRule;
typedef enum { END_NONE, END_INCOME, END_FESTIVAL, END_DECK } EndReason;
typedef enum { EVENT_NONE, EVENT_FIRE, EVENT_FLOOD, EVENT_FESTIVAL } Event;

extern const char *const tk_ag_end_names[END_DECK + 1];

typedef struct
{
  guint   id;
  int     owner;       /* seat, or -1 */
  guint   marks;       /* circles; the counters when owned */
  guint   doors;       /* open doors = income = price */
  GArray *cards;       /* of guint card numbers, sorted */
} Shop;

typedef struct
{
  JsonObject *setup;
  guint       n_players;
  int         letter[MAX_PLAYERS];      /* 0..3 = A..D */
  gint64      start_money;
  gint64      goal;
  GoalRule    goal_rule;
  guint       per_letter;

  gint64      money[MAX_PLAYERS];
  gint64      income[MAX_PLAYERS];      /* collected at the income step */
  gint64      festival[MAX_PLAYERS];    /* collected at festivals */
  gint64      spent[MAX_PLAYERS];       /* paid for shops */
  guint       turns[MAX_PLAYERS];       /* income steps taken */

  guint       deck[N_LETTERS];
  guint       cards_placed;             /* card numbers 1..cards_placed were placed */
  guint       on_table;
  guint       removed;
  int         drawn;                    /* letter of the drawn card not yet placed, or -1 */

  TkAgoraPhase phase;
  guint       active;
  GPtrArray  *shops;                    /* of Shop*, by id */
  guint       next_shop;

  EndReason   end;
  guint       winners;                  /* bit mask of seats */
} TkAgState;

typedef struct
{
  gint64  shop;          /* existing shop, or 0 for a new one */
  gint64  marks, doors;
  gboolean has_marks, has_doors;
} ShopChange;

typedef struct
{
  GArray *fresh;         /* ShopChange: new shops on the card */
  GArray *extend;        /* ShopChange */
  GArray *doors;         /* ShopChange (doors only) */
  GPtrArray *merges;     /* of GArray* of gint64 ids; totals in merge_totals */
  GArray *merge_totals;  /* ShopChange */
} Placement;

/* tk-agora-setup.c */
int          tk_ag_letter_index    (const char  *text);
gboolean     tk_ag_read_letter     (JsonObject  *object,
                                    int         *out,
                                    GError     **error);
JsonObject  *tk_ag_default_setup   (guint        n_players);
/* The players' count is checked by the vtable's state_new (tk-agora-rules.c) first. */
gpointer     tk_ag_state_new       (JsonObject  *setup,
                                    GError     **error);

/* tk-agora-state.c: the bottom file, which calls no other file of the engine */
Shop        *tk_ag_shop_new        (guint        id,
                                    int          owner,
                                    guint        marks,
                                    guint        doors);
void         tk_ag_shop_free       (gpointer     data);
Shop        *tk_ag_shop_copy       (const Shop  *shop);
void         tk_ag_state_free      (gpointer     data);
gpointer     tk_ag_state_copy      (gpointer     data);
guint        tk_ag_deck_total      (TkAgState   *state);
gboolean     tk_ag_past_goal       (TkAgState   *state,
                                    gint64       money);
void         tk_ag_finish_richest  (TkAgState   *state,
                                    guint        mask,
                                    EndReason    reason);
const char  *tk_ag_player_name     (TkAgState   *state,
                                    guint        seat);

/* tk-agora-shops.c */
Shop        *tk_ag_find_shop       (TkAgState   *state,
                                    gint64       id);
guint        tk_ag_counters        (const Shop  *shop);
Shop        *tk_ag_largest_shop    (TkAgState   *state);
gint64       tk_ag_shop_income     (TkAgState   *state,
                                    guint        seat);
void         tk_ag_placement_clear (Placement   *p);
gboolean     tk_ag_read_placement  (TkAgState   *state,
                                    JsonObject  *action,
                                    Placement   *p,
                                    GError     **error);
void         tk_ag_apply_placement (TkAgState   *state,
                                    Placement   *p,
                                    guint        card);

/* tk-agora-turns.c */
gboolean     tk_ag_apply           (gpointer     data,
                                    JsonObject  *action,
                                    GError     **error);

/* tk-agora-scoring.c */
gboolean     tk_ag_is_winner       (TkAgState   *state,
                                    guint        seat);
guint        tk_ag_rank            (TkAgState   *state,
                                    guint        seat);
JsonObject  *tk_ag_score           (gpointer     data);

G_END_DECLS
