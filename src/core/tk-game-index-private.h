/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-index-private.h — the table behind TkGameIndex, shared by tk-game-index.c (load,
 * order, filters) and tk-game-index-search.c (the searched text and search as you type). */
#pragma once

#include "tk-game-index.h"

G_BEGIN_DECLS

#define NONE G_MAXUINT32

/* One game: what the Collection page filters and sorts on, nothing it only shows.  Unknown
 * numbers are NAN (SQL NULL); strings are offsets into the pool. */
typedef struct
{
  gint64   id;
  guint32  title_key;     /* title_sort_key () */
  guint32  search;        /* folded title and Japanese title, each ending in NUL; "" ends */
  guint32  designers;     /* the first of the game's designers (Designer), or NONE */
  guint32  best;          /* ",3,4," or NONE */
  guint32  last_played;   /* YYYY-MM-DD or NONE */
  guint32  hay_start;     /* its searched texts in the hay: [hay_start, hay_end) */
  guint32  hay_end;
  double   year;
  double   min_players;
  double   max_players;
  double   min_time;
  double   max_time;
  double   weight;
  double   rating;        /* the user's, else BGG's average */
  guint32  plays;         /* BGG's count + logged plays */
  guint8   statuses;
  gboolean in_collection : 1;
  gboolean gone : 1;      /* deleted since the last load */
} Entry;

/* One designer of a game, folded, in a chain. */
typedef struct
{
  guint32 name;
  guint32 next;           /* NONE ends */
} Designer;

struct _TkGameIndex
{
  GArray     *entries;    /* Entry */
  GArray     *designers;  /* Designer */
  GString    *pool;
  GArray     *dense;      /* guint32 entry number by id (ids are mostly 1…n), NONE: none */
  GHashTable *by_id;      /* gint64 id -> entry number + 1, for ids beyond dense */

  /* The order of the last query's sort, over every live entry, and each entry's place in
   * it; computed again when the sort or the games change. */
  GArray     *order;      /* guint32 */
  GArray     *rank;       /* guint32, by entry */
  GArray     *title_rank; /* guint32, by entry: the place in title order */
  int         order_sort; /* -1: not computed */
  gboolean    order_descending;
  int         load_sort;  /* the order the next load computes, -1: none */
  gboolean    load_descending;

  /* Every searched text (titles and designers, folded), game after game, each ending in
   * NUL, so that one scan of one buffer finds a word in every game (tk-game-index-search.c).
   * A game read again alone gets a new stretch at the end; its old one is skipped. */
  GString    *hay;
  GArray     *hay_starts; /* guint32: where each stretch begins, ascending */
  GArray     *hay_owner;  /* guint32: the entry of each stretch */
  GArray     *masks;      /* guint64 by entry: the kinds of bytes its stretch holds */

  /* The results of the last few searches with the same filters and order, kept so that a
   * letter typed filters the previous result and a letter erased finds its result again. */
  GPtrArray  *kept;       /* Kept */
  TkGameQuery kept_query; /* their filters and order (search NULL) */
};

static inline const char *
pool_at (TkGameIndex *self,
         guint32      offset)
{
  return self->pool->str + offset;
}

void    tk_game_index_search_init    (TkGameIndex       *self);
void    tk_game_index_search_clear   (TkGameIndex       *self);
void    tk_game_index_search_free    (TkGameIndex       *self);
/* Puts the searched texts of @entry (read again, or new) in the hay. */
void    tk_game_index_search_add     (TkGameIndex       *self,
                                      guint32            entry);
/* The result of @query with the search folded into @needle (NULL: none), from a kept
 * result when there is one to start from; @filter is the plain filter of one entry. */
typedef gboolean (*TkGameIndexFilter) (TkGameIndex       *self,
                                       const Entry       *entry,
                                       const TkGameQuery *query,
                                       const char        *best_needle);
GArray *tk_game_index_search         (TkGameIndex       *self,
                                      const TkGameQuery *query,
                                      const char        *needle,
                                      const char        *best_needle,
                                      TkGameIndexFilter  filter);

G_END_DECLS
