/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-stats.h — statistics over the play history, as JSON objects (their members are
 * documented in docs/formats.md, "Statistics"); each is a few indexed queries.
 *
 * Games are counted by catalogue id, or by title for plays of games outside the catalogue.
 * Players are counted by roster id: plays of people not in the roster have no statistics.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-store.h"

G_BEGIN_DECLS

/* { plays, last_played, average_score, best_score, average_winning_score,
 *   wins_by_seat: [ { seat, plays, wins } ],
 *   by_player_count: [ { players, plays, wins_by_seat: [ { seat, wins } ] } ] } */
JsonObject *tk_stats_game             (TkStore  *store,
                                       gint64    game_id,
                                       GError  **error);
/* { plays, wins, win_rate, most_played: [ { game_id, title, plays, wins } ] (top 5),
 *   head_to_head: [ { player_id, name, plays, wins, losses, ties } ] } */
JsonObject *tk_stats_player           (TkStore  *store,
                                       gint64    player_id,
                                       GError  **error);
/* The largest h such that h games were played at least h times each; -1 on error. */
gint64      tk_stats_h_index          (TkStore  *store,
                                       GError  **error);
/* [ { month: "YYYY-MM", plays } ] in order, only months with plays; @game_id 0: all games. */
JsonArray  *tk_stats_plays_per_month  (TkStore  *store,
                                       gint64    game_id,
                                       GError  **error);
/* { plays, games, players, h_index, first_played, last_played } */
JsonObject *tk_stats_overview         (TkStore  *store,
                                       GError  **error);

G_END_DECLS
