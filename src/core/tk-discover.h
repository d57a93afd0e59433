/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-discover.h — Discover: catalog games the user has neither played nor owns, ranked by
 * how much they resemble the games the user likes, each with the reason in plain words.
 *
 * Three pieces, all plain GLib (no GTK):
 *  - TkDiscoverCatalog: every game of the library read once into compact arrays, feature
 *    strings (mechanics, categories, designers) interned to integer ids with their tf-idf
 *    weights.  Immutable and reference-counted, so it can be kept between recomputations
 *    and shared with a worker thread.
 *  - TkDiscoverProfile: what the user told us about each game (statuses, rating, plays);
 *    read from the library or built by hand (tests).
 *  - tk_discover_suggest(): scores every eligible game against the profile.
 *
 * The formula and its weights are described in docs/ARCHITECTURE.md ("Discover").
 */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

/* What the user told us about one game. */
typedef struct
{
  gboolean owned;
  gboolean want_to_play;
  gboolean played;           /* the "played" status */
  gboolean favourite;
  gboolean not_interested;
  guint    rating;           /* 1–10, 0 unrated */
  guint    plays;            /* logged plays + plays counted by BGG */
  guint    recent_plays;     /* of those, logged in the last 365 days (they count twice) */
} TkDiscoverSignal;

typedef struct
{
  guint players;             /* only games that play with this many (min ≤ N ≤ max); 0: any */
  guint max_minutes;         /* only games of at most this long (max, or min when max is
                              * unknown); 0: any */
  guint limit;               /* how many suggestions; 0: TK_DISCOVER_DEFAULT_LIMIT */
  gboolean prefer_japanese;  /* name the user's games by their Japanese title when known */
} TkDiscoverFilter;

#define TK_DISCOVER_DEFAULT_LIMIT 30

/* One suggestion.  Every fact is copied, so it outlives the catalog it came from. */
typedef struct
{
  gint64   game_id;
  char    *title;
  char    *title_ja;          /* NULL when none */
  char    *cover_path;        /* NULL when none */
  int      year;              /* 0: unknown (so are the 0s below) */
  guint    min_players;
  guint    max_players;
  guint    min_time;
  guint    max_time;
  double   weight;
  double   rating_avg;
  guint    bgg_rank;
  double   score;             /* what the list is sorted by (higher first) */
  /* Why: the reason (translated), and what it is made of, for checking it. */
  char    *reason;
  GStrv    shared_features;   /* the feature names the reason names (as in the catalog) */
  GArray  *similar_games;     /* gint64 ids of the user's games the reason names */
  gboolean popular;           /* no taste to go by: a catalog favourite */
} TkDiscoverSuggestion;

#define TK_TYPE_DISCOVER_SUGGESTION (tk_discover_suggestion_get_type ())
GType                 tk_discover_suggestion_get_type  (void) G_GNUC_CONST;
TkDiscoverSuggestion *tk_discover_suggestion_copy      (const TkDiscoverSuggestion *suggestion);
void                  tk_discover_suggestion_free      (TkDiscoverSuggestion       *suggestion);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkDiscoverSuggestion, tk_discover_suggestion_free)

/* ---- the catalog, in memory ---- */

typedef struct _TkDiscoverCatalog TkDiscoverCatalog;

#define TK_TYPE_DISCOVER_CATALOG (tk_discover_catalog_get_type ())
GType              tk_discover_catalog_get_type    (void) G_GNUC_CONST;
/* Reads every game of @store and its tags in one query. */
TkDiscoverCatalog *tk_discover_catalog_load        (TkStore            *store,
                                                    GError            **error);
TkDiscoverCatalog *tk_discover_catalog_ref         (TkDiscoverCatalog  *catalog);
void               tk_discover_catalog_unref       (TkDiscoverCatalog  *catalog);
guint              tk_discover_catalog_get_n_games (TkDiscoverCatalog  *catalog);
/* TRUE when @game_id is in the catalog; the other getters return NULL/FALSE otherwise. */
gboolean           tk_discover_catalog_contains    (TkDiscoverCatalog  *catalog,
                                                    gint64              game_id);
const char        *tk_discover_catalog_get_title   (TkDiscoverCatalog  *catalog,
                                                    gint64              game_id);
/* TRUE when the game has the mechanic, category or designer @name. */
gboolean           tk_discover_catalog_has_feature (TkDiscoverCatalog  *catalog,
                                                    gint64              game_id,
                                                    const char         *name);
/* An expansion (BGG category "Expansion for Base-game"): never suggested. */
gboolean           tk_discover_catalog_is_expansion (TkDiscoverCatalog *catalog,
                                                     gint64             game_id);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkDiscoverCatalog, tk_discover_catalog_unref)

/* ---- the user's taste ---- */

typedef struct _TkDiscoverProfile TkDiscoverProfile;

#define TK_TYPE_DISCOVER_PROFILE (tk_discover_profile_get_type ())
GType              tk_discover_profile_get_type    (void) G_GNUC_CONST;
TkDiscoverProfile *tk_discover_profile_new         (void);
/* The collection (statuses, ratings, BGG play counts) and the logged plays of @store;
 * plays on or after @today minus 365 days are recent (@today NULL: the local date). */
TkDiscoverProfile *tk_discover_profile_load        (TkStore            *store,
                                                    GDate              *today,
                                                    GError            **error);
TkDiscoverProfile *tk_discover_profile_ref         (TkDiscoverProfile  *profile);
void               tk_discover_profile_unref       (TkDiscoverProfile  *profile);
/* Replaces what the profile knows of @game_id. */
void               tk_discover_profile_set         (TkDiscoverProfile  *profile,
                                                    gint64              game_id,
                                                    const TkDiscoverSignal *signal);
void               tk_discover_profile_remove      (TkDiscoverProfile  *profile,
                                                    gint64              game_id);
/* NULL when the profile knows nothing of @game_id. */
const TkDiscoverSignal *tk_discover_profile_lookup (TkDiscoverProfile  *profile,
                                                    gint64              game_id);
/* The game ids the profile knows (GArray of gint64, sorted). */
GArray            *tk_discover_profile_list_games  (TkDiscoverProfile  *profile);
/* How much one game pulls the profile: > 0 liked, < 0 disliked, 0 no signal. */
double             tk_discover_signal_weight       (const TkDiscoverSignal *signal);
/* TRUE when a game with @signal may be suggested: not owned, never played, not rated,
 * not a favourite, not on the want-to-play list, not marked "not interested". */
gboolean           tk_discover_signal_is_eligible  (const TkDiscoverSignal *signal);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkDiscoverProfile, tk_discover_profile_unref)

/* ---- suggestions ---- */

/* The best eligible games for @profile within @filter, best first (GPtrArray of
 * TkDiscoverSuggestion).  A profile with no liked game gets the catalog's best-rated games
 * (each marked popular, with a reason that says so).  Never fails. */
GPtrArray         *tk_discover_suggest             (TkDiscoverCatalog      *catalog,
                                                    TkDiscoverProfile      *profile,
                                                    const TkDiscoverFilter *filter);

/* Reads the catalog, the profile and the suggestions in one go (for a worker thread or the
 * CLI; it does not load the bundled catalog: see tk_catalog_ensure()).  @catalog_cache
 * (optional, in/out): a catalog kept from an earlier call, reused when the library's games
 * and tags did not change since (their count, ids and update times); on return it holds the
 * catalog used. */
GPtrArray         *tk_discover_run                 (TkStore                *store,
                                                    const TkDiscoverFilter *filter,
                                                    TkDiscoverCatalog     **catalog_cache,
                                                    GError                **error);

/* "Not interested": a collection status (column not_interested, with the time it was set
 * in not_interested_at since schema version 5).  Marking a game that has no collection
 * entry creates one holding only that mark; unmarking removes an entry that holds nothing
 * else, so Undo leaves the library as it was. */
gboolean           tk_discover_set_not_interested  (TkStore            *store,
                                                    gint64              game_id,
                                                    gboolean            not_interested,
                                                    GError            **error);

/* The family a game belongs to, from its title: the longest catalog title (in @titles, folded
 * as the catalog's are: case folded, trailing dots dropped) it begins with at a word
 * boundary, else its title before a subtitle's colon, else its title.  At most one game per
 * family is among the first ten suggestions.  Free with g_free(). */
char       *tk_discover_family_key             (GHashTable  *titles,
                                                const char  *title);

G_END_DECLS
