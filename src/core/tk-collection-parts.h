/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-parts.h — what the parts of TkCollection share: the instance struct, the columns
 * a game is read with, and the functions one part calls in another (named
 * _tk_collection_…).  Nothing outside the files below includes it; the helpers the importers and the
 * catalog share are in tk-collection-private.h.
 *
 *   tk-collection.c        the object, reading and writing a game's rows
 *   tk-collection-edit.c   validation, edits, statuses, cover, delete and undo
 *   tk-collection-query.c  queries, batches, a random pick, sort and status names
 */
#pragma once

#include "tk-collection-private.h"

G_BEGIN_DECLS

struct _TkCollection
{
  GObject  parent_instance;

  TkStore *store;
  gboolean emitting;   /* this collection told the store: don't echo it back */
};

#define GAME_COLUMNS \
  "g.id, g.title, g.title_ja, g.year, g.min_players, g.max_players, g.best_players," \
  " g.min_time, g.max_time, g.min_age, g.weight, g.bgg_id, g.bgg_rank, g.rating_avg," \
  " g.source, g.notes, g.cover_path, g.catalog_key," \
  " c.game_id IS NOT NULL, c.owned, c.want_to_play, c.played, c.favourite," \
  " c.not_interested, c.rating, c.comment, c.acquired_on, c.price_paid, c.bgg_plays," \
  " c.bgg_extra," \
  " (SELECT count(*) FROM plays p WHERE p.game_id = g.id)," \
  " (SELECT max(p.played_on) FROM plays p WHERE p.game_id = g.id)," \
  TAGS_COLUMN

/* A game's tags in the same row, so that reading games is one query however many: each
 * tag as its kind's initial, its length in bytes, ':' and the name.  Lengths rather than
 * separators, so that no name can split wrongly; parse_tags() puts them in name order
 * (group_concat promises none, and asking SQL to sort costs a fifth of the listing). */
#define TAGS_COLUMN \
  " (SELECT group_concat (substr (t.kind, 1, 1) || length (CAST (t.name AS BLOB)) || ':' || t.name," \
  " '') FROM game_tags t WHERE t.game_id = g.id)"

/* tk-collection.c */
void    _tk_collection_bind_text_or_null (sqlite3_stmt *stmt,
                                          int           index,
                                          const char   *text);
TkGame *_tk_collection_game_from_row     (sqlite3_stmt *stmt);

G_END_DECLS
