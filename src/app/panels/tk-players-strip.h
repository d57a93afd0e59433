/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-players-strip.h — the score cards above a game: each player's colour, name, total and
 * place (or team total, or the co-operative result), the first player starred, the leader
 * highlighted.  The session view shows it for the score pad and for every panel that does
 * not show the totals itself. */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  TK_PLAYERS_STRIP_LEADER_NEVER,        /* nothing scored yet: every seat "wins" at 0 */
  TK_PLAYERS_STRIP_LEADER_ALWAYS,
  TK_PLAYERS_STRIP_LEADER_WHEN_SCORED,  /* only a winner with more than 0 */
} TkPlayersStripLeader;

#define TK_TYPE_PLAYERS_STRIP (tk_players_strip_get_type ())
G_DECLARE_FINAL_TYPE (TkPlayersStrip, tk_players_strip, TK, PLAYERS_STRIP, GtkBox)

GtkWidget  *tk_players_strip_new       (void);
/* Shows the players of @score (an engine's score()); @first_seat is starred (-1: none). */
void        tk_players_strip_set_score (TkPlayersStrip       *self,
                                        JsonObject           *score,
                                        int                   first_seat,
                                        TkPlayersStripLeader  leader);
guint       tk_players_strip_get_n     (TkPlayersStrip       *self);
/* The total shown for @seat, or NULL. */
const char *tk_players_strip_get_total (TkPlayersStrip       *self,
                                        guint                 seat);
/* The caption under @seat's total: rank, team total and rank, or co-op result; or NULL. */
const char *tk_players_strip_get_rank  (TkPlayersStrip       *self,
                                        guint                 seat);

G_END_DECLS
