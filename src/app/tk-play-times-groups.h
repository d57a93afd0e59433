/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-times-groups.h — the turn clock's times in the History: a play's time per player
 * as bars (play details), a player's median turn by game, and a game's median length and
 * turn by player count (statistics).  Each returns an AdwPreferencesGroup, or NULL when
 * there is nothing clocked to show. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

GtkWidget *tk_play_times_group_for_play   (TkStore *store,
                                           gint64   play_id);
GtkWidget *tk_play_times_group_for_player (TkStore *store,
                                           gint64   player_id);
GtkWidget *tk_play_times_group_for_game   (TkStore *store,
                                           gint64   game_id);

G_END_DECLS
