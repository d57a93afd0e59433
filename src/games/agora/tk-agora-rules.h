/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-rules.h — Agora (Cheapass Games 2002): money, shops, deck and events. */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_AGORA_RULES_ID "agora"

const TkRules *tk_agora_rules_get        (void);

/* The state as a panel reads it, typed (the JSON of to_json is for files and the CLI). */
typedef enum
{
  TK_AGORA_PHASE_FIRST_CARD,
  TK_AGORA_PHASE_INCOME,
  TK_AGORA_PHASE_DRAW,
  TK_AGORA_PHASE_PLACE,
  TK_AGORA_PHASE_BUY,
  TK_AGORA_PHASE_OVER,
} TkAgoraPhase;

TkAgoraPhase   tk_agora_rules_phase      (gpointer state);
guint          tk_agora_rules_active     (gpointer state);
guint          tk_agora_rules_n_players  (gpointer state);
/* The letter ('A'..'D') of the card drawn and not yet placed, or 0. */
char           tk_agora_rules_drawn      (gpointer state);

/* Where the cards are: left in the deck, placed so far (card numbers 1..placed), lying on the
 * table, removed by fire. */
typedef struct
{
  guint deck_total;
  guint placed;
  guint on_table;
  guint removed;
} TkAgoraCardCount;

void           tk_agora_rules_card_count (gpointer          state,
                                          TkAgoraCardCount *count);

/* One seat: its letter ('A'..'D'), money (below 0 when borrowing), its shops' income, income
 * steps taken, whether it won, and its rank (1 = first; winners first, then money). */
typedef struct
{
  char     letter;
  gint64   money;
  gint64   shop_income;
  guint    turns;
  gboolean winner;
  guint    rank;
} TkAgoraSeatInfo;

void           tk_agora_rules_seat       (gpointer         state,
                                          guint            seat,
                                          TkAgoraSeatInfo *out);

/* The shops, by id: @index counts 0..n_shops - 1.  @owner is a seat or -1; @marks the circles
 * (the counters too when owned); @n_cards the cards the shop lies on. */
typedef struct
{
  guint id;
  int   owner;
  guint marks;
  guint counters;
  guint doors;
  guint n_cards;
} TkAgoraShopInfo;

guint          tk_agora_rules_n_shops    (gpointer         state);
void           tk_agora_rules_shop       (gpointer         state,
                                          guint            index,
                                          TkAgoraShopInfo *out);

/* For a panel: the cards of @letter ('A'..'D') still in the deck; the chance (0..1) that the
 * next card drawn carries @letter, or the letter of the player in @seat (0 when the deck is
 * empty). */
guint          tk_agora_rules_cards_left    (gpointer state,
                                             char     letter);
double         tk_agora_rules_letter_chance (gpointer state,
                                             char     letter);
double         tk_agora_rules_hit_chance    (gpointer state,
                                             guint    seat);

/* What fire would do to a shop: the largest burns, a shop lying only on its cards goes with
 * it, one lying partly on them loses those cards, the others are spared. */
typedef enum
{
  TK_AGORA_FIRE_SPARED,
  TK_AGORA_FIRE_BURNS,
  TK_AGORA_FIRE_GOES,
  TK_AGORA_FIRE_LOSES_CARDS,
} TkAgoraFireFate;

/* The id of the largest shop (strictly the most counters), where fire and flood strike; 0
 * when no shop has counters or several tie for the most (@tie, may be NULL, says which). */
guint          tk_agora_rules_largest_shop (gpointer  state,
                                            gboolean *tie);
/* What fire drawn now would do to shop @shop_id (SPARED for no such shop, or no largest). */
TkAgoraFireFate tk_agora_rules_fire_fate   (gpointer  state,
                                            guint     shop_id);
/* Whether shop @shop_id may be bought: unowned, with a circle for the buyer's counter. */
gboolean       tk_agora_rules_for_sale     (gpointer  state,
                                            guint     shop_id);

/* The setup as the engine read it (its defaults filled in): the cards of each letter the deck
 * started with, and the goal (@reach, may be NULL: whether reaching it wins, "$50 or more",
 * rather than passing it). */
guint          tk_agora_rules_cards_per_letter (gpointer  state);
gint64         tk_agora_rules_goal             (gpointer  state,
                                                gboolean *reach);
/* Whether @money passes the goal (over it, or reaching it, as the setup says), and how much
 * more it needs to (≤ 0 once it does). */
gboolean       tk_agora_rules_past_goal        (gpointer  state,
                                                gint64    money);
gint64         tk_agora_rules_to_go            (gpointer  state,
                                                gint64    money);
/* What the income step pays @seat now: its shops' income, nothing on its first turn. */
gint64         tk_agora_rules_income_due       (gpointer  state,
                                                guint     seat);
/* The seats (a mask) a festival drawn now would make win: the richest of those its payouts
 * take past the goal (several: a draw); 0 when nobody passes it. */
guint          tk_agora_rules_festival_winners (gpointer  state);

G_END_DECLS
