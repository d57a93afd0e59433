/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-player.h — the roster: the people who play at this table, remembered across sessions. */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_PLAYER (tk_player_get_type ())
G_DECLARE_FINAL_TYPE (TkPlayer, tk_player, TK, PLAYER, GObject)

gint64       tk_player_get_id        (TkPlayer    *self);
const char  *tk_player_get_name      (TkPlayer    *self);
const char  *tk_player_get_colour    (TkPlayer    *self);   /* "#rrggbb" or NULL */
gboolean     tk_player_get_hidden    (TkPlayer    *self);

/* The roster by name (a GListModel of TkPlayer); hidden players only if asked for. */
GListModel  *tk_players_list         (TkStore     *store,
                                      gboolean     include_hidden,
                                      GError     **error);
TkPlayer    *tk_players_get          (TkStore     *store,
                                      gint64       id,
                                      GError     **error);
TkPlayer    *tk_players_add          (TkStore     *store,
                                      const char  *name,
                                      const char  *colour,
                                      GError     **error);
/* Quick add: the roster player called @name (any case; shown again if hidden), or a new one. */
TkPlayer    *tk_players_find_or_add  (TkStore     *store,
                                      const char  *name,
                                      const char  *colour,
                                      GError     **error);
gboolean     tk_players_update       (TkStore     *store,
                                      gint64       id,
                                      const char  *name,
                                      const char  *colour,
                                      gboolean     hidden,
                                      GError     **error);

/* Merges player @from_id into @into_id: @from_id's seats become @into_id's, a BGG username
 * moves when @into_id has none, and @from_id leaves the roster.  Other devices do the same,
 * also with plays they log before they hear of it (an "alias" operation). */
gboolean     tk_players_merge        (TkStore     *store,
                                      gint64       from_id,
                                      gint64       into_id,
                                      GError     **error);

G_END_DECLS
