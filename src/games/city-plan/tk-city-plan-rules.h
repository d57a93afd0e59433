/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-rules.h — City Plan (Hammer Works, 2005 prototype rules). */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_CITY_PLAN_RULES_ID "city-plan"

const TkRules *tk_city_plan_rules_get   (void);

/* The number of cards @seat pays to build @card (a card id of the setup's card table as a
 * string node, or an inline card object) after their facilities' reductions; -1 when the card
 * is unknown or malformed. */
gint64         tk_city_plan_rules_cost  (gpointer  state,
                                         guint     seat,
                                         JsonNode *card);
/* Whether @seat's city has a construction site, which may pay a build's whole cost. */
gboolean       tk_city_plan_rules_has_construction_site (gpointer state,
                                                         guint    seat);

/* The income tiles, numbered in the order a round's end checks them (the state's
 * "income_tiles"): resident, consumption, business, income tax, eco, subsidy. */
#define TK_CITY_PLAN_N_TILES 6

/* What @seat's city counts for tile @tile (residential buildings for the resident tax, the
 * kinds of district for the income tax, …); -1 when @seat or @tile is out of range. */
gint64         tk_city_plan_rules_tile_count     (gpointer  state,
                                                  guint     seat,
                                                  guint     tile);
/* The count at which tile @tile fires (the setup's threshold); -1 when out of range. */
gint64         tk_city_plan_rules_tile_threshold (gpointer  state,
                                                  guint     tile);
/* The cards @seat would draw if tile @tile fired now (the subsidy's cards to small cities, the
 * count itself, or 0 under "only who meets it" draws); -1 when out of range. */
gint64         tk_city_plan_rules_tile_draws     (gpointer  state,
                                                  guint     seat,
                                                  guint     tile);
/* The subsidy's terms: the cards it gives each player whose city has at most
 * @max_buildings buildings (the setup's, else the defaults). */
void           tk_city_plan_rules_subsidy        (gpointer  state,
                                                  gint64   *cards,
                                                  gint64   *max_buildings);
/* Whether tile @tile fires at this round's end as the cities stand now: not fired yet, and
 * some city meets its threshold. */
gboolean       tk_city_plan_rules_tile_due       (gpointer  state,
                                                  guint     tile);

/* The cards in @seat's hand over the hand limit, which go to the discard pile at the end of
 * their turn (0 within the limit); -1 when @seat is out of range. */
gint64         tk_city_plan_rules_over_limit     (gpointer  state,
                                                  guint     seat);
/* Whether the active player's turn is the last of the round (the income tiles are checked
 * after it); FALSE once the game is over. */
gboolean       tk_city_plan_rules_last_of_round  (gpointer  state);
/* Whether the active player may draw manifestos now (once a turn, fewer than two in front);
 * FALSE with the reason. */
gboolean       tk_city_plan_rules_may_draw_manifestos (gpointer   state,
                                                       GError   **error);
/* How many of @seat's buildings are of @type ("residential", …, "power_plant": the plants,
 * the starting one too); -1 when @seat is out of range or @type unknown. */
gint64         tk_city_plan_rules_count_type     (gpointer    state,
                                                  guint       seat,
                                                  const char *type);

G_END_DECLS
