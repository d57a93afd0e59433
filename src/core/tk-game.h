/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game.h — one game of the library with the user's collection entry for it.
 *
 * A TkGame is a snapshot of one row (games + game_tags + collection + plays), handed out
 * by TkCollection and TkGameList.  Every field is a GObject property, so list rows can
 * bind to them; change a game through TkCollection, which validates and saves it.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The statuses of a collection entry, as flags (a filter matches any of the set ones). */
typedef enum /*< flags >*/
{
  TK_GAME_STATUS_NONE           = 0,
  TK_GAME_STATUS_OWNED          = 1 << 0,   /* 持ってる */
  TK_GAME_STATUS_WANT_TO_PLAY   = 1 << 1,   /* 興味あり */
  TK_GAME_STATUS_PLAYED         = 1 << 2,   /* 経験あり */
  TK_GAME_STATUS_FAVOURITE      = 1 << 3,   /* お気に入り */
  TK_GAME_STATUS_NOT_INTERESTED = 1 << 4,
} TkGameStatus;

#define TK_GAME_STATUS_ALL 0x1f

#define TK_TYPE_GAME (tk_game_get_type ())
G_DECLARE_FINAL_TYPE (TkGame, tk_game, TK, GAME, GObject)

TkGame             *tk_game_new                (const char   *title);
TkGame             *tk_game_copy               (TkGame       *game);

/* Facts.  0 / NULL mean "not known". */
gint64              tk_game_get_id             (TkGame       *game);
const char         *tk_game_get_title          (TkGame       *game);
const char         *tk_game_get_title_ja       (TkGame       *game);
/* The title the user reads and the other one (NULL when none): see tk-display-title.h. */
const char         *tk_game_get_display_title  (TkGame       *game);
const char         *tk_game_get_other_title    (TkGame       *game);
int                 tk_game_get_year           (TkGame       *game);
guint               tk_game_get_min_players    (TkGame       *game);
guint               tk_game_get_max_players    (TkGame       *game);
const char         *tk_game_get_best_players   (TkGame       *game);   /* "3,4" */
guint               tk_game_get_min_time       (TkGame       *game);   /* minutes */
guint               tk_game_get_max_time       (TkGame       *game);
guint               tk_game_get_min_age        (TkGame       *game);
double              tk_game_get_weight         (TkGame       *game);   /* 1–5, 0 unknown */
gint64              tk_game_get_bgg_id         (TkGame       *game);
guint               tk_game_get_bgg_rank       (TkGame       *game);
double              tk_game_get_rating_avg     (TkGame       *game);
const char         *tk_game_get_source         (TkGame       *game);   /* catalog/own/import */
const char * const *tk_game_get_designers      (TkGame       *game);
const char * const *tk_game_get_mechanics      (TkGame       *game);
const char * const *tk_game_get_categories     (TkGame       *game);
const char         *tk_game_get_notes          (TkGame       *game);
const char         *tk_game_get_cover_path     (TkGame       *game);
/* "bgg:ID" or "tk:name" for catalog games, NULL for games added by hand. */
const char         *tk_game_get_catalog_key    (TkGame       *game);

/* The collection entry. */
gboolean            tk_game_get_in_collection  (TkGame       *game);
TkGameStatus        tk_game_get_statuses       (TkGame       *game);
gboolean            tk_game_has_status         (TkGame       *game,
                                                TkGameStatus  status);
guint               tk_game_get_rating         (TkGame       *game);   /* 1–10, 0 unrated */
const char         *tk_game_get_comment        (TkGame       *game);
const char         *tk_game_get_acquired_on    (TkGame       *game);   /* YYYY-MM-DD */
double              tk_game_get_price_paid     (TkGame       *game);   /* < 0: not known */
guint               tk_game_get_plays          (TkGame       *game);   /* logged + from BGG */
const char         *tk_game_get_last_played    (TkGame       *game);

/* "2–4", "3" or "" (a short text for list rows, not translated). */
char               *tk_game_describe_players   (TkGame       *game);
char               *tk_game_describe_time      (TkGame       *game);

G_END_DECLS
