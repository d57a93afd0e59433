/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection.h — the user's games: add, edit, delete (with undo), statuses, queries,
 * "What can we play?", sharing (Tablekeeper JSON, HTML) and friends' lists.
 *
 * All of it runs on the main thread over the TkStore's connection; BGG CSV import, which
 * can be long, is in tk-bgg-csv.h with a threaded variant.
 */
#pragma once

#include "tk-game.h"
#include "tk-import-summary.h"
#include "tk-store.h"

G_BEGIN_DECLS

#define TK_COLLECTION_ERROR (tk_collection_error_quark ())

typedef enum
{
  TK_COLLECTION_ERROR_INVALID,     /* a field a person entered is not acceptable */
  TK_COLLECTION_ERROR_NOT_FOUND,   /* no game with that id */
  TK_COLLECTION_ERROR_PARSE,       /* an imported file is malformed; nothing was imported */
  TK_COLLECTION_ERROR_FAILED,
} TkCollectionError;

typedef enum
{
  TK_GAME_SORT_TITLE,
  TK_GAME_SORT_YEAR,
  TK_GAME_SORT_PLAYERS,       /* by max players, then min players */
  TK_GAME_SORT_PLAY_TIME,     /* by max time, then min time */
  TK_GAME_SORT_WEIGHT,
  TK_GAME_SORT_RATING,        /* the user's rating, then BGG's average */
  TK_GAME_SORT_PLAYS,
  TK_GAME_SORT_LAST_PLAYED,
} TkGameSort;

/* A filter and an order.  Unknown facts never match a filter on them. */
typedef struct
{
  const char   *search;          /* in title, Japanese title, designers; NULL/"": all */
  TkGameStatus  statuses;        /* games with any of these; 0: no status filter */
  gboolean      collection_only; /* only games in the collection (not the whole catalog) */
  guint         players;         /* plays with this many (min ≤ N ≤ max); 0: any */
  gboolean      best_at;         /* …and N is among the best player counts */
  guint         max_minutes;     /* max play time (or min when max unknown) ≤ this; 0: any */
  TkGameSort    sort;
  gboolean      descending;
} TkGameQuery;

typedef enum
{
  TK_FRIEND_MATCH_THEY_OWN_YOU_WANT,   /* they own what you want to play */
  TK_FRIEND_MATCH_BOTH_OWN,            /* you both own */
  TK_FRIEND_MATCH_YOU_OWN_THEY_WANT,   /* you own what they want to play */
} TkFriendMatch;

#define TK_TYPE_COLLECTION (tk_collection_get_type ())
G_DECLARE_FINAL_TYPE (TkCollection, tk_collection, TK, COLLECTION, GObject)

GQuark        tk_collection_error_quark   (void);

/* Signal "changed" (gint64 game_id): a game changed; 0 means many may have. */
TkCollection *tk_collection_new           (TkStore            *store);
TkStore      *tk_collection_get_store     (TkCollection       *self);
void          tk_collection_emit_changed  (TkCollection       *self,
                                           gint64              game_id);

/* Checks what a person can enter: title, players, times, year, rating, price. */
gboolean      tk_collection_validate      (TkGame             *game,
                                           GError            **error);

/* Adds a game by hand (source "own"), with its collection entry; returns its id. */
gint64        tk_collection_add_game      (TkCollection       *self,
                                           TkGame             *game,
                                           GError            **error);
/* Adds (or returns) the collection entry of a catalog game. */
gboolean      tk_collection_add_entry     (TkCollection       *self,
                                           gint64              game_id,
                                           TkGameStatus        statuses,
                                           GError            **error);
/* Saves every field of @game (by its id).  Editing the facts of a catalog game makes it
 * the user's own ("own"), so catalog upgrades leave it alone. */
gboolean      tk_collection_update_game   (TkCollection       *self,
                                           TkGame             *game,
                                           GError            **error);
gboolean      tk_collection_set_status    (TkCollection       *self,
                                           gint64              game_id,
                                           TkGameStatus        status,
                                           gboolean            on,
                                           GError            **error);
gboolean      tk_collection_set_rating    (TkCollection       *self,
                                           gint64              game_id,
                                           guint               rating,   /* 0 clears */
                                           GError            **error);
gboolean      tk_collection_set_comment   (TkCollection       *self,
                                           gint64              game_id,
                                           const char         *comment,
                                           GError            **error);
gboolean      tk_collection_set_acquired  (TkCollection       *self,
                                           gint64              game_id,
                                           const char         *date,     /* YYYY-MM-DD */
                                           double              price,    /* < 0: unknown */
                                           GError            **error);
/* Sets the cover image of a game to the image file @path_or_null (stored as an absolute
 * path; NULL or "" removes the cover).  The file must exist and be a regular file.  The
 * path is stored as given: callers that want the cover to outlive the original copy the
 * file first (the app copies it into its data folder).  A catalog game becomes "own". */
gboolean      tk_collection_set_cover     (TkCollection       *self,
                                           gint64              game_id,
                                           const char         *path_or_null,
                                           GError            **error);

/* Deletes the game the user added (or, for a catalog game, its collection entry) and
 * returns a snapshot to give to tk_collection_restore_game() for Undo. */
TkGame       *tk_collection_delete_game   (TkCollection       *self,
                                           gint64              game_id,
                                           GError            **error);
gboolean      tk_collection_restore_game  (TkCollection       *self,
                                           TkGame             *snapshot,
                                           GError            **error);
/* Merges the user's own game @from_id (one without a BGG id or catalog key) into @into_id:
 * its plays, sessions and friends' matches become @into_id's, its collection entry fills
 * what @into_id's lacks (statuses are either's), and @from_id is deleted.  Every device
 * follows, also with plays it logs of @from_id before it hears of the merge (an "alias"
 * operation, as tk_players_merge()). */
gboolean      tk_collection_merge_games   (TkCollection       *self,
                                           gint64              from_id,
                                           gint64              into_id,
                                           GError            **error);

TkGame       *tk_collection_get_game      (TkCollection       *self,
                                           gint64              game_id,
                                           GError            **error);
/* The ids matching @query, in its order (GArray of gint64). */
GArray       *tk_collection_query_ids     (TkCollection       *self,
                                           const TkGameQuery  *query,
                                           GError            **error);
/* Full games for @ids[offset … offset+n-1] (GPtrArray of TkGame, same order). */
GPtrArray    *tk_collection_fetch         (TkCollection       *self,
                                           const gint64       *ids,
                                           guint               n_ids,
                                           GError            **error);
/* Called with each game of a query in turn (with its tags; the game is the caller's to keep
 * with a reference); returns FALSE to stop. */
typedef gboolean (*TkGameFunc) (TkGame   *game,
                                gpointer  user_data);
/* Runs @query once and hands each game to @func as its row is read, so that a long list
 * streams.  FALSE with @error set when the library could not be read. */
gboolean      tk_collection_foreach       (TkCollection       *self,
                                           const TkGameQuery  *query,
                                           TkGameFunc          func,
                                           gpointer            user_data,
                                           GError            **error);
/* Every game matching @query, in its order (one query, like tk_collection_foreach). */
GPtrArray    *tk_collection_query         (TkCollection       *self,
                                           const TkGameQuery  *query,
                                           GError            **error);

/* "What can we play?": a random owned game for @players (0: any) within @max_minutes
 * (0: any), drawn with @rand.  NULL without error when nothing fits. */
TkGame       *tk_collection_pick_random   (TkCollection       *self,
                                           guint               players,
                                           guint               max_minutes,
                                           GRand              *rand,
                                           GError            **error);

/* Parses "title", "year", "players", "time", "weight", "rating", "plays", "last-played". */
gboolean      tk_game_sort_from_string    (const char         *name,
                                           TkGameSort         *sort);
/* Parses "owned", "want-to-play", "played", "favourite", "not-interested". */
gboolean      tk_game_status_from_string  (const char         *name,
                                           TkGameStatus       *status);

/* ---- sharing (tk-collection-json.c, tk-collection-html.c) ---- */

/* Games in the collection with any of @statuses (0: all of them). */
char         *tk_collection_export_json   (TkCollection       *self,
                                           TkGameStatus        statuses,
                                           GError            **error);
/* Imports a Tablekeeper JSON export into the user's own collection, in one transaction;
 * games are matched by BGG id, then title.  @n_games: how many were read. */
gboolean      tk_collection_import_json   (TkCollection       *self,
                                           const char         *data,
                                           gsize               length,
                                           guint              *n_games,
                                           GError            **error);
/* The same, telling what became of the games (@summary: cleared first). */
gboolean      tk_collection_import_json_summary (TkCollection *self,
                                                 const char   *data,
                                                 gsize         length,
                                                 TkImportSummary *summary,
                                                 GError      **error);
char         *tk_collection_export_html   (TkCollection       *self,
                                           TkGameStatus        statuses,
                                           GError            **error);

/* ---- friends' lists (tk-collection-friends.c) ---- */

/* Imports a friend's Tablekeeper JSON or BGG CSV (told apart by its first byte) as the
 * list @name, replacing a list of that name.  Returns the list id, 0 on error. */
gint64        tk_collection_import_friend_list (TkCollection  *self,
                                                const char    *name,
                                                const char    *data,
                                                gsize          length,
                                                GError       **error);
/* GPtrArray of list names (char *), sorted. */
GPtrArray    *tk_collection_list_friend_lists  (TkCollection  *self,
                                                GError       **error);
gboolean      tk_collection_delete_friend_list (TkCollection  *self,
                                                const char    *name,
                                                GError       **error);
/* Your games matching the friend list @name (GPtrArray of TkGame, by title). */
GPtrArray    *tk_collection_friend_matches     (TkCollection  *self,
                                                const char    *name,
                                                TkFriendMatch  match,
                                                GError       **error);

/* ---- listing without objects (tk-collection-rows.c) ---- */

/* One game of a listing as read from its row: the strings belong to the row and last only
 * until the callback returns.  @plays is filled only when asked for (it costs a count of the
 * game's logged plays). */
typedef struct
{
  gint64        id;
  const char   *title;
  const char   *title_ja;       /* NULL when none */
  int           year;
  guint         min_players;
  guint         max_players;
  guint         min_time;
  guint         max_time;
  double        weight;
  gint64        bgg_id;
  TkGameStatus  statuses;
  guint         rating;
  guint         plays;          /* the BGG count plus the plays logged here */
} TkGameRow;

typedef gboolean (*TkGameRowFunc) (const TkGameRow *row,
                                   gpointer         user_data);
/* Runs @query once and hands each game's row to @func as it is read, without building a
 * TkGame (no tags, notes or dates: what a listing prints); returns FALSE from @func to stop. */
gboolean      tk_collection_foreach_row   (TkCollection       *self,
                                           const TkGameQuery  *query,
                                           gboolean            with_plays,
                                           TkGameRowFunc       func,
                                           gpointer            user_data,
                                           GError            **error);

G_END_DECLS
