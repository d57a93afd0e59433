/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-private.h — the fields of a TkGame, for the collection code that fills them. */
#pragma once

#include "tk-game.h"

G_BEGIN_DECLS

struct _TkGame
{
  GObject      parent_instance;

  gint64       id;
  char        *title;
  char        *title_ja;
  int          year;
  guint        min_players;
  guint        max_players;
  char        *best_players;
  guint        min_time;
  guint        max_time;
  guint        min_age;
  double       weight;
  gint64       bgg_id;
  guint        bgg_rank;
  double       rating_avg;
  char        *source;
  char       **designers;
  char       **mechanics;
  char       **categories;
  char        *notes;
  char        *cover_path;
  char        *catalog_key;

  gboolean     in_collection;
  gboolean     owned;
  gboolean     want_to_play;
  gboolean     played;
  gboolean     favourite;
  gboolean     not_interested;
  guint        rating;
  char        *comment;
  char        *acquired_on;
  double       price_paid;
  guint        plays;        /* bgg_plays + logged plays */
  guint        bgg_plays;
  char        *last_played;
  char        *bgg_extra;    /* JSON object of BGG CSV columns without a field */
  GArray      *play_ids;     /* gint64; filled only in an undo snapshot */
  char        *uid;          /* filled only in an undo snapshot: Undo brings back the same
                              * game on every device (tk-sync-log.h) */
};

void tk_game_set_status_flags (TkGame       *game,
                               TkGameStatus  statuses);

G_END_DECLS
