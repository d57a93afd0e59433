/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play.h — one play of the history: a game played on a date by some players.
 *
 * A plain value object (the History page lists them); reading and writing the library is in
 * tk-plays.h.  tk_play_to_json()/tk_play_new_from_json() are the play format of
 * docs/formats.md and are strict: an odd member value is refused with a readable message.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_PLAY_ERROR (tk_play_error_quark ())

typedef enum
{
  TK_PLAY_ERROR_INVALID,      /* a play or a plays file breaks the format */
  TK_PLAY_ERROR_NOT_FOUND,    /* no play with that number */
} TkPlayError;

typedef struct
{
  guint     seat;            /* 0-based, unique within a play */
  gint64    player_id;       /* roster id, 0 when the player is not in the roster */
  char     *name;
  char     *colour;          /* "#rrggbb" or NULL */
  gboolean  has_score;
  double    score;
  guint     rank;            /* 1-based, 0 when unranked */
  gboolean  winner;
  gboolean  first_play;
  /* What an imported play said of the seat (docs/formats.md); NULL/FALSE when it did not. */
  char     *score_text;      /* the score as typed when not just the number, e.g. "40+12" */
  char     *role;            /* BG Stats role, BGG colour */
  char     *team;
  gboolean  start_player;
} TkPlayPlayer;

#define TK_TYPE_PLAY (tk_play_get_type ())
G_DECLARE_FINAL_TYPE (TkPlay, tk_play, TK, PLAY, GObject)

GQuark        tk_play_error_quark       (void);

TkPlay       *tk_play_new               (void);
TkPlay       *tk_play_new_from_json     (JsonObject   *object,
                                         GError      **error);
JsonObject   *tk_play_to_json           (TkPlay       *self);

gint64        tk_play_get_id            (TkPlay       *self);
void          tk_play_set_id            (TkPlay       *self,
                                         gint64        id);
gint64        tk_play_get_game_id       (TkPlay       *self);   /* 0: not in the catalogue */
void          tk_play_set_game_id       (TkPlay       *self,
                                         gint64        game_id);
const char   *tk_play_get_game_title    (TkPlay       *self);
void          tk_play_set_game_title    (TkPlay       *self,
                                         const char   *title);
/* The game's titles when the play's title names its game (read from the library). */
void          tk_play_set_catalog_titles (TkPlay      *self,
                                          const char  *title,
                                          const char  *title_ja);
/* The title to show, by the display-title rule (tk-display-title.h). */
const char   *tk_play_get_display_title (TkPlay       *self);
const char   *tk_play_get_played_on     (TkPlay       *self);   /* YYYY-MM-DD */
void          tk_play_set_played_on     (TkPlay       *self,
                                         const char   *date);
int           tk_play_get_duration_min  (TkPlay       *self);   /* -1: unknown */
void          tk_play_set_duration_min  (TkPlay       *self,
                                         int           minutes);
const char   *tk_play_get_location      (TkPlay       *self);
void          tk_play_set_location      (TkPlay       *self,
                                         const char   *location);
const char   *tk_play_get_expansions    (TkPlay       *self);
void          tk_play_set_expansions    (TkPlay       *self,
                                         const char   *expansions);
const char   *tk_play_get_notes         (TkPlay       *self);
void          tk_play_set_notes         (TkPlay       *self,
                                         const char   *notes);
gint64        tk_play_get_session_id    (TkPlay       *self);   /* 0: logged by hand */
void          tk_play_set_session_id    (TkPlay       *self,
                                         gint64        session_id);

guint               tk_play_get_n_players (TkPlay             *self);
const TkPlayPlayer *tk_play_get_player    (TkPlay             *self,
                                           guint               index);
/* Copies @player in (seat order is kept by the caller). */
void                tk_play_add_player    (TkPlay             *self,
                                           const TkPlayPlayer *player);
void                tk_play_clear_players (TkPlay             *self);
/* "Ana, Ben" — the names of the winners, for list rows. */
char               *tk_play_dup_winners   (TkPlay             *self);

/* Checks the play as a whole (title, date, players); used before every write. */
gboolean            tk_play_validate      (TkPlay             *self,
                                           GError            **error);

/* An imported play (tk-history-import.h): where it came from ("bgstats", "bgg"; NULL for a
 * play logged here) and BGG's flags (such a play has no winner). Read from the library. */
void                tk_play_set_origin       (TkPlay             *self,
                                              const char         *origin,
                                              gboolean            incomplete,
                                              gboolean            no_win_stats);
const char         *tk_play_get_origin       (TkPlay             *self);
/* Whether @seat is a person who played: FALSE for a seat an imported play names outside the
 * roster (a co-op game's foe, a campaign's month, an anonymous seat), which then neither
 * wins nor loses as a player. */
gboolean            tk_play_seat_is_person   (TkPlay             *self,
                                              const TkPlayPlayer *seat);
gboolean            tk_play_get_incomplete   (TkPlay             *self);
gboolean            tk_play_get_no_win_stats (TkPlay             *self);

/* The play's uid, the same on every device: kept by a play read from the library, so that
 * writing it again after a delete (Undo) brings back the same play, not a new one. */
const char  *tk_play_get_uid            (TkPlay      *self);
void         tk_play_set_uid            (TkPlay      *self,
                                         const char  *uid);

G_END_DECLS
