/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-index.h — every game of the library in a compact in-memory table, for filtering
 * and sorting as fast as the user types.
 *
 * One query fills it (tags aggregated, plays counted in the same statement); one game can
 * be read again alone after an edit.  A query gives the same games in the same order as
 * tk_collection_query_ids() (same LIKE semantics: ASCII letters fold, nothing else does;
 * same order, ties by title and id), without touching the library.
 *
 * Sorting by title goes through one sort key per game (today the title with ASCII letters
 * folded, which is SQLite's NOCASE); a locale collation key of the displayed title can
 * replace it in title_sort_key() without touching anything else.
 */
#pragma once

#include "tk-collection.h"

G_BEGIN_DECLS

typedef struct _TkGameIndex TkGameIndex;

TkGameIndex *tk_game_index_new        (void);
void         tk_game_index_free       (TkGameIndex        *self);

/* Reads every game of @store (replacing what the index held). */
gboolean     tk_game_index_load       (TkGameIndex        *self,
                                       TkStore            *store,
                                       GError            **error);
/* Reads the game @game_id again (or forgets it when it is gone). */
gboolean     tk_game_index_reload_one (TkGameIndex        *self,
                                       TkStore            *store,
                                       gint64              game_id,
                                       GError            **error);
guint        tk_game_index_get_size   (TkGameIndex        *self);
/* Makes the next tk_game_index_load() also sort the games by @sort, so that a load in a
 * worker leaves the first query little to do on the main thread (sorting 100,000 titles
 * takes tens of milliseconds). */
void         tk_game_index_set_load_order (TkGameIndex *self,
                                           TkGameSort   sort,
                                           gboolean     descending);

/* The games matching @query in its order, as entry numbers (guint32) of this index; the
 * numbers stay valid until the next load or reload.  The last few results with the same
 * filters and order are kept, so that a search typed or erased a letter at a time tests
 * few games (tk-game-index-search.c); the result is the same as testing every game. */
GArray      *tk_game_index_query      (TkGameIndex        *self,
                                       const TkGameQuery  *query);
gint64       tk_game_index_get_id     (TkGameIndex        *self,
                                       guint32             entry);
/* The entry of game @game_id, G_MAXUINT32 when none. */
guint32      tk_game_index_find       (TkGameIndex        *self,
                                       gint64              game_id);
/* The place of @entry in the order of the last query, to compare two results of queries
 * in the same order. */
guint32      tk_game_index_get_rank   (TkGameIndex        *self,
                                       guint32             entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkGameIndex, tk_game_index_free)

G_END_DECLS
