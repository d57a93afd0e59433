/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-end-card.h — the end of a game, the same for every engine and the score pad: who won
 * (or the co-operative result), every player's rank, total and breakdown, how ties were
 * broken, and the Finish button.
 *
 * It reads only what every engine's score() reports (tk-rules.h): "players" with "seat",
 * "name", "total", "rank", "winner", "breakdown", and the optional "coop", "explanation" and
 * "tie_break" (City Plan's "buildings_hand" with each player's "buildings" and "hand"). */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_TYPE_END_CARD (tk_end_card_get_type ())
G_DECLARE_FINAL_TYPE (TkEndCard, tk_end_card, TK, END_CARD, GtkBox)

/* Whether the engine that made @score considers the game over: its "finished" (older
 * engines: "over", "ended") member, or a co-operative result that is decided.  *known is
 * FALSE when @score says nothing either way (the score pad: the players decide). */
gboolean    tk_end_card_score_is_over (JsonObject *score,
                                       gboolean   *known);

GtkWidget  *tk_end_card_new           (void);
/* Shows the end as @score (an engine's score()) has it. */
void        tk_end_card_set_score     (TkEndCard  *self,
                                       JsonObject *score);
/* The banner the card shows ("Ana wins"). */
const char *tk_end_card_get_title     (TkEndCard  *self);
/* The Finish button (hidden once the session is closed, or inside the Finish dialog). */
void        tk_end_card_set_finish_visible (TkEndCard *self,
                                            gboolean   visible);

G_END_DECLS
