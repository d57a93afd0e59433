/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-times.h — the per-player turn times a play keeps (table session_turns, schema 8).
 *
 * A session played with the turn clock writes, when it finishes, each player's turns in
 * milliseconds (the turn under way at the end counts as the last), under the session's id:
 * its play finds them through plays.session_id, also after the play was edited, or deleted
 * and put back by Undo.  A play logged by hand or imported has none.  Statistics read them here: a play's time per player, a player's
 * median turn by game, and a game's median length by player count.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-store.h"

G_BEGIN_DECLS

/* Writes @seat's @n turns of the session @session_id (in the caller's transaction). */
gboolean     tk_play_times_save         (TkStore      *store,
                                         gint64        session_id,
                                         guint         seat,
                                         const gint64 *turns_ms,
                                         guint         n,
                                         GError      **error);

/* [ { "seat", "name", "total_ms", "turns", "median_turn_ms" } … ] in seat order: the
 * players of @play_id that have times (an empty array when the play has none). */
JsonArray   *tk_play_times_for_play     (TkStore      *store,
                                         gint64        play_id,
                                         GError      **error);

/* A player's turns by game: [ { "game_id", "game", "game_ja" (when known), "plays", "turns", "median_turn_ms",
 * "total_ms" } … ], most turns first. */
JsonArray   *tk_play_times_for_player   (TkStore      *store,
                                         gint64        player_id,
                                         GError      **error);

/* A game's plays by player count: [ { "players", "plays", "median_length_min",
 * "median_turn_ms" } … ] (lengths from the plays' durations; turn medians from the
 * clocked plays, absent when there are none). */
JsonArray   *tk_play_times_for_game     (TkStore      *store,
                                         gint64        game_id,
                                         GError      **error);

/* The median of @n values, sorting them in place; 0 when @n is 0. */
gint64       tk_play_times_median       (gint64       *values,
                                         guint         n);

G_END_DECLS
