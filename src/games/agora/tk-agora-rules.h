/* tk-agora-rules.h — Agora (Cheapass Games 2002): money, shops, deck and events. */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_AGORA_RULES_ID "agora"

const TkRules *tk_agora_rules_get        (void);

/* For a panel: the cards of @letter ('A'..'D') still in the deck, and the chance (0..1) that
 * the next card drawn carries the letter of the player in @seat (0 when the deck is empty). */
guint          tk_agora_rules_cards_left (gpointer state,
                                          char     letter);
double         tk_agora_rules_hit_chance (gpointer state,
                                          guint    seat);

G_END_DECLS
