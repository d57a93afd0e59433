/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-list.h — a GListModel of TkGame over a TkCollection query.
 *
 * The filter and the order run in memory over a TkGameIndex of every game; a change is
 * announced as what changed (the games that left and came, in pieces of at most 128), so a
 * view keeps the rows of the games that stay.  The games themselves are read lazily, a page
 * at a time, when the view asks for them, and stay the same objects until they change.
 * The list follows TkCollection's "changed" signal (one game read again, or all).
 */
#pragma once

#include <gio/gio.h>

#include "tk-collection.h"

G_BEGIN_DECLS

#define TK_TYPE_GAME_LIST (tk_game_list_get_type ())
G_DECLARE_FINAL_TYPE (TkGameList, tk_game_list, TK, GAME_LIST, GObject)

TkGameList        *tk_game_list_new                 (TkCollection *collection);
TkCollection      *tk_game_list_get_collection      (TkGameList   *self);
const TkGameQuery *tk_game_list_get_query           (TkGameList   *self);

/* Sets every filter and the order at once (one refresh; @query->search is copied). */
void               tk_game_list_set_query           (TkGameList   *self,
                                                     const TkGameQuery *query);
void               tk_game_list_set_search          (TkGameList   *self,
                                                     const char   *search);
void               tk_game_list_set_statuses        (TkGameList   *self,
                                                     TkGameStatus  statuses);
void               tk_game_list_set_collection_only (TkGameList   *self,
                                                     gboolean      collection_only);
void               tk_game_list_set_players         (TkGameList   *self,
                                                     guint         players,
                                                     gboolean      best_at);
void               tk_game_list_set_max_minutes     (TkGameList   *self,
                                                     guint         max_minutes);
void               tk_game_list_set_sort            (TkGameList   *self,
                                                     TkGameSort    sort,
                                                     gboolean      descending);
/* A list that shows its first @n_first games of @query at once, read by SQL; after
 * tk_game_list_load_rest(), the index of every game is read on a worker connection and
 * the rest of the list is announced when it arrives (filter changes made meanwhile apply
 * then).  For a library in memory, the same as tk_game_list_new() followed by
 * tk_game_list_set_query(). */
TkGameList        *tk_game_list_new_deferred        (TkCollection *collection,
                                                     const TkGameQuery *query,
                                                     guint         n_first);
/* Starts reading the rest (once; nothing for a list that has every game). */
void               tk_game_list_load_rest           (TkGameList   *self);
/* Whether the index is still being read ("loading" is notified when it is done). */
gboolean           tk_game_list_is_loading          (TkGameList   *self);
/* Re-runs the query (the setters do it themselves). */
gboolean           tk_game_list_refresh             (TkGameList   *self,
                                                     GError      **error);

G_END_DECLS
