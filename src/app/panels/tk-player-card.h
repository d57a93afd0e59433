/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-player-card.h — TkPlayerCard, one player as every game shows them: a dot in their colour,
 * the name, the total and a caption under it (rank, what is left to the goal, whether they
 * played), the first player starred, the player to move outlined and badged "Turn", the
 * winner outlined.  Its properties: "colour", "player-name" (a widget's "name" is GtkWidget's),
 * "total" and "caption" (NULL hides them), "active", "winner" and "first".  A part appends
 * what its game adds below (gtk_box_append) and small tags beside the name
 * (tk_player_card_add_badge); a screen reader hears the card as one sentence, "Ana: 23
 * points, Rank 1, …", the lines below included.  Set again on every change: the card patches
 * itself, so a button inside it and the keyboard focus stay where they are. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TK_TYPE_PLAYER_CARD (tk_player_card_get_type ())
G_DECLARE_FINAL_TYPE (TkPlayerCard, tk_player_card, TK, PLAYER_CARD, GtkBox)

GtkWidget  *tk_player_card_new               (void);
/* The big figure as points: shown as tk_points_format () does, read as "23 points" (a
 * "total" set as text, "$12", is read as it is). */
void        tk_player_card_set_points        (TkPlayerCard *self,
                                              double        points);
/* Puts @badge (a short label: a letter, "7 of 10 buildings") at the end of the name's line. */
void        tk_player_card_add_badge         (TkPlayerCard *self,
                                              GtkWidget    *badge);
/* The labels of the total and the caption, for a game's own styles (a debt in red) and the
 * names tests find them by. */
GtkWidget  *tk_player_card_get_total_label   (TkPlayerCard *self);
GtkWidget  *tk_player_card_get_caption_label (TkPlayerCard *self);
/* What a screen reader hears for the card, once the main loop has run; NULL before. */
const char *tk_player_card_get_sentence      (TkPlayerCard *self);

G_END_DECLS
