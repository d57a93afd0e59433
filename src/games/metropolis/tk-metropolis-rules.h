/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-rules.h — Foundations of Metropolis (Arcane Wonders 2024): bank, deeds, city
 * board, buildings and the three year-end scorings. */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_METROPOLIS_RULES_ID "metropolis"

/* The deeds each seat starts with, and the years (a deed deck and a scoring each). */
#define TK_METROPOLIS_START_DEEDS 6
#define TK_METROPOLIS_N_YEARS     3
/* The largest city board, lots a side (9 × 9 for four players). */
#define TK_METROPOLIS_MAX_SIDE    9

const TkRules *tk_metropolis_rules_get (void);

/* Whether the player to move could buy the deed in @slot of the engine @state now (their turn,
 * a deed there, a free lot marker, the coins), asked before the card for the last slot is
 * turned up at the table: a refusal after it would leave a revealed card the books cannot
 * take.  @state is left as it was. */
gboolean       tk_metropolis_rules_check_buy (gpointer   state,
                                              int        slot,
                                              GError   **error);

/* The year decks a @side × @side board makes for @n_players: the deeds left after the
 * starting deeds, in three piles as equal as possible, the larger piles last (the default
 * setup's "year_deck_sizes").  FALSE, @out untouched, when the board has too few lots. */
gboolean       tk_metropolis_rules_year_decks (int        side,
                                               guint      n_players,
                                               int        out[TK_METROPOLIS_N_YEARS]);

/* Whether the year end of @year (1 to 3) scores @category of the score's breakdown
 * ("population", "public" and "commercial_prestige" every year; "commercial_coins" (the
 * coins turned into prestige) and "empty_lots" at the last only). */
gboolean       tk_metropolis_rules_scored_in_year (const char *category,
                                                   int         year);

/* The setup's rule tables a person may retype in the New Session options, in the order they
 * are shown: "market_prices", "population_bonus", "starting_coins" (lists of whole numbers),
 * "lot_markers" and "income_base" (one). */
#define TK_METROPOLIS_N_RULE_TABLES 5
extern const char *const tk_metropolis_rule_tables[TK_METROPOLIS_N_RULE_TABLES];

/* @member of @setup as a person types it: "2, 3, 4" for a list, "8" for a number, "" when
 * absent. */
char          *tk_metropolis_rules_table_text (JsonObject *setup,
                                               const char *member);

/* Reads @text ("2, 3, 4", numbers apart by commas, semicolons or spaces) as the rule table
 * @member (one of tk_metropolis_rule_tables), as the setup holds it: a list, or a number;
 * NULL with a TK_RULES_ERROR_INVALID that names the table @name when a part is not a whole
 * number from 0 to 1000 or the table has too few or too many. */
JsonNode      *tk_metropolis_rules_table_parse (const char  *member,
                                                const char  *text,
                                                const char  *name,
                                                GError     **error);

G_END_DECLS
