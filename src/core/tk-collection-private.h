/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-private.h — row-level helpers shared by the collection, the importers and
 * the catalog.  They take a TkStore so that they also run on a worker's connection. */
#pragma once

#include "tk-collection.h"
#include "tk-game-private.h"

G_BEGIN_DECLS

/* Inserts (game->id 0, or @keep_id) or updates (game->id set) the games row and its tags;
 * sets game->id. */
gboolean  tk_collection_write_game  (TkStore     *store,
                                     TkGame      *game,
                                     gboolean     keep_id,
                                     GError     **error);
/* Inserts or replaces the collection row of game->id from the game's entry fields. */
gboolean  tk_collection_write_entry (TkStore     *store,
                                     TkGame      *game,
                                     GError     **error);
TkGame   *tk_collection_read_game   (TkStore     *store,
                                     gint64       game_id,
                                     GError     **error);
/* The id of a game with this BGG id, else (when @title is given) the user's own game with
 * this title; 0 when none. */
gint64    tk_collection_find_game   (TkStore     *store,
                                     gint64       bgg_id,
                                     const char  *title,
                                     GError     **error);
GPtrArray *tk_collection_entries    (TkCollection *self,
                                     TkGameStatus  statuses,
                                     GError      **error);
/* Checks every text of the game and its entry with tk_text_check() (docs/formats.md, "Text"):
 * the importers call it for each game, tk_collection_validate() for the dialogs. */
gboolean  tk_collection_check_text  (TkGame       *game,
                                     GError      **error);
/* Checks the collection entry's fields only (rating, acquisition date, price). */
gboolean  tk_collection_validate_entry (TkGame   *game,
                                        GError  **error);
/* Reads a Tablekeeper JSON document; every game is checked before any is returned. */
GPtrArray *tk_collection_read_json  (const char   *data,
                                     gsize         length,
                                     GError      **error);

/* Prepares and binds the statement of @query selecting @columns (from "games g LEFT JOIN
 * collection c"); @pattern keeps the search pattern alive while it runs.  The statement is
 * the store's cached one: reset it when done. */
sqlite3_stmt *tk_collection_prepare_query (TkCollection      *self,
                                           const TkGameQuery *query,
                                           const char        *columns,
                                           char             **pattern,
                                           GError           **error);

/* The collection's and the BGG import's one way to bind a number that 0 means "not given" for
 * (a count, time or rank), and a weight or rating (NULL unless positive and finite). */
void      tk_collection_bind_uint_or_null   (sqlite3_stmt *stmt,
                                             int           index,
                                             guint         value);
void      tk_collection_bind_double_or_null (sqlite3_stmt *stmt,
                                             int           index,
                                             double        value);

G_END_DECLS
