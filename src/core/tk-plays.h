/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-plays.h — the play history in the library: write, edit, list, export, import. */
#pragma once

#include "tk-store.h"
#include "tk-play.h"

G_BEGIN_DECLS

/* Inserts @play (its id is set) and marks its game played in the collection, in one
 * transaction (nested in the caller's one if there is one). */
gboolean    tk_plays_insert        (TkStore     *store,
                                    TkPlay      *play,
                                    GError     **error);
/* Replaces the stored play with the same id, players included. */
gboolean    tk_plays_update        (TkStore     *store,
                                    TkPlay      *play,
                                    GError     **error);
gboolean    tk_plays_delete        (TkStore     *store,
                                    gint64       id,
                                    GError     **error);
TkPlay     *tk_plays_get           (TkStore     *store,
                                    gint64       id,
                                    GError     **error);

/* Plays newest first (played_on, then id), optionally only of @game_id / with @player_id
 * (0: any); @limit 0 means all.  A GPtrArray of TkPlay. */
GPtrArray  *tk_plays_query         (TkStore     *store,
                                    gint64       game_id,
                                    gint64       player_id,
                                    guint        offset,
                                    guint        limit,
                                    GError     **error);
gint64      tk_plays_count         (TkStore     *store,
                                    GError     **error);

/* TRUE when @player_id has no play of @game_id yet. */
gboolean    tk_plays_is_first_play (TkStore     *store,
                                    gint64       game_id,
                                    gint64       player_id);

/* Every play, in the formats of docs/formats.md. */
char       *tk_plays_export_json   (TkStore     *store,
                                    GError     **error);
char       *tk_plays_export_csv    (TkStore     *store,
                                    GError     **error);
/* Imports a Tablekeeper plays file, all or nothing.  Games are matched by catalogue id and
 * title, players by roster name (unknown names are added to the roster). */
gboolean    tk_plays_import_json   (TkStore     *store,
                                    const char  *text,
                                    gssize       length,
                                    guint       *n_imported,
                                    GError     **error);

G_END_DECLS
