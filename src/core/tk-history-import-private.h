/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-private.h — the compact records the two readers fill and the writer
 * writes.  Every text lives in the import's string chunk (names once however often they
 * occur); plays, seats, games and people are arrays of small structs indexed by number. */
#pragma once

#include "tk-history-import.h"
#include "tk-text.h"

G_BEGIN_DECLS

/* The roster player who is "me" in imported files, so that BG Stats' device owner and the
 * BGG user of a plays page become one person whatever they are called. */
#define ME_KEY "history-import.me"

/* A file holds at most this many play records; a play at most this many players (as
 * Tablekeeper's own plays, tk-play.c). */
#define TK_HISTORY_MAX_RECORDS 1000000
#define TK_HISTORY_MAX_SEATS   100
/* A BGG record stands for at most this many plays. */
#define TK_HISTORY_MAX_QUANTITY 1000

typedef struct
{
  const char *key;          /* "bgstats:<uuid>" / "bgg:<id>" */
  const char *bgg_key;      /* a BG Stats play posted to BGG: "bgg:<id>"; else NULL */
  char        date[11];
  int         duration;     /* minutes, -1 unknown */
  const char *location;
  const char *notes;
  const char *expansions;
  guint       game;
  guint       quantity;
  guint       first_seat;
  guint       n_seats;
  guint       place;        /* the line (XML) or the play's number (BG Stats), for messages */
  guint       incomplete : 1;
  guint       no_win_stats : 1;
  guint       is_new : 1;   /* set by prepare */
  guint       clash : 1;    /* two players of one name (see tk_history_add_play) */
} TkHiPlay;

typedef struct
{
  guint       person;
  const char *score_text;   /* as typed when it is not the number, else NULL */
  double      score;
  guint       rank;
  guint       has_score : 1;
  guint       winner : 1;
  guint       first_play : 1;
  guint       start : 1;
  const char *role;         /* BG Stats role, BGG colour */
  const char *team;
} TkHiSeat;

typedef struct
{
  const char *name;         /* the user's name for the game */
  gint64      bgg_id;       /* 0: not a BGG game */
  gboolean    lowest_wins;
  gboolean    cooperative;
  gint64      game_id;      /* set by prepare (0: to be created) */
  const char *origin_uid;   /* the uid a new game takes: "bgstats-game:<uuid>"; else NULL */
  guint       used : 1;
} TkHiGame;

typedef struct
{
  TkHistoryPerson pub;
  const char     *new_name; /* the user's rename, else NULL */
  gint64          chosen;   /* the user's merge, else 0 */
  gboolean        file_not_a_person; /* what the files said, before the user's choice */
  /* The uid a new roster player takes when it has no BGG username ("bgstats-player:<uuid>"):
   * two devices that import the same export make the same player, as they make the same
   * plays (a play's uid is its import key). */
  const char     *origin_uid;
} TkHiPerson;

struct _TkHistoryImport
{
  GObject           parent_instance;

  GStringChunk     *strings;
  GArray           *plays;    /* TkHiPlay */
  GArray           *seats;    /* TkHiSeat */
  GArray           *games;    /* TkHiGame */
  GArray           *people;   /* TkHiPerson */
  GHashTable       *game_keys;    /* "b:<bgg id>" / "n:<folded name>" → index + 1 */
  GHashTable       *person_keys;  /* "u:<username>" / "n:<folded name>" / "me" → index + 1 */
  GHashTable       *play_keys;    /* key → TRUE, across every file added */
  TkHistorySummary  summary;
  char             *source;   /* "bgstats" or "bgg-xml": of the last file added */
  guint             bgg_total;    /* the largest "total" of the BGG pages read */
  guint             bgg_records;  /* distinct BGG play records read */
};

/* The seats of a play from @first_seat to the end of the array, or NULL when there are none
 * (an empty GArray has no data to point into). */
#define TK_HI_SEATS_FROM(self, first_seat) \
  ((self)->seats->len > (first_seat) ? &g_array_index ((self)->seats, TkHiSeat, (first_seat)) \
                                     : NULL)

/* The readers (tk-history-import-bgstats.c, tk-history-import-bgg.c). */
gboolean    tk_history_read_bgstats (TkHistoryImport  *self,
                                     const char       *text,
                                     gsize             length,
                                     GError          **error);
gboolean    tk_history_read_bgg     (TkHistoryImport  *self,
                                     const char       *text,
                                     gsize             length,
                                     GError          **error);

/* tk-history-import-records.c: shared by the readers (they call nothing else of the import). */
const char *tk_history_intern       (TkHistoryImport  *self,
                                     const char       *text);
guint       tk_history_add_game     (TkHistoryImport  *self,
                                     const char       *name,
                                     gint64            bgg_id);
guint       tk_history_add_person   (TkHistoryImport  *self,
                                     const char       *name,
                                     const char       *username,
                                     gboolean          me,
                                     gboolean          not_a_person);
/* Adds @play with the seats appended since @first_seat; FALSE (and the play dropped) when
 * its key was read before in this import. */
gboolean    tk_history_add_play     (TkHistoryImport  *self,
                                     TkHiPlay         *play);
/* Parses a score as typed: a number, or with @sums a sum like "-10+7+22". */
gboolean    tk_history_parse_score  (const char       *text,
                                     gboolean          sums,
                                     double           *score);
/* Ranks from scores where the file gave none (see docs/formats.md). */
void        tk_history_rank_seats   (TkHiSeat         *seats,
                                     guint             n_seats,
                                     int               lowest_wins);  /* -1: infer */
/* The YYYY-MM-DD that @text begins with (a real date, its digits all digits) into @date. */
gboolean    tk_history_parse_date   (const char       *text,
                                     char              date[11]);
/* Sets @error (INVALID) to the message, after "@where: " or, without, "Line @line: " (0: no
 * place); returns FALSE. */
gboolean    tk_history_refuse       (GError          **error,
                                     const char       *where,
                                     int               line,
                                     const char       *format,
                                     ...) G_GNUC_PRINTF (4, 5);
gboolean    tk_history_check_text   (TkTextKind        kind,
                                     const char       *field,
                                     const char       *text,
                                     const char       *where,
                                     GError          **error);

/* tk-history-import-match.c, for the writer */
gint64      _tk_history_import_query_id     (TkStore          *store,
                                             const char       *sql,
                                             const char       *text,
                                             gint64            number,
                                             GError          **error);
gint64      _tk_history_import_player_named (TkStore          *store,
                                             const char       *name,
                                             GError          **error);
char       *_tk_history_import_roster_name  (TkStore          *store,
                                             gint64            id);

G_END_DECLS
