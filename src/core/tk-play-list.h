/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-list.h — the play history as a lazy GListModel of TkPlay, newest first.
 *
 * Only the count is read up front; plays are loaded a page at a time when a list view asks
 * for them, so a history of 100,000 plays opens at once.  Call tk_play_list_reload() after
 * the history changed (a session finished, a play was edited or imported).
 */
#pragma once

#include <gio/gio.h>

#include "tk-store.h"
#include "tk-play.h"

G_BEGIN_DECLS

#define TK_TYPE_PLAY_LIST (tk_play_list_get_type ())
G_DECLARE_FINAL_TYPE (TkPlayList, tk_play_list, TK, PLAY_LIST, GObject)

/* Plays of @game_id and/or with @player_id (0: any). */
TkPlayList *tk_play_list_new    (TkStore     *store,
                                 gint64       game_id,
                                 gint64       player_id);
gboolean    tk_play_list_reload (TkPlayList  *self,
                                 GError     **error);

G_END_DECLS
