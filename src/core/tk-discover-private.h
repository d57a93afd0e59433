/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-discover-private.h — what the parts of Discover share: the feature kinds, the catalog's
 * and the profile's structs, and the functions one part calls in another (named
 * _tk_discover_<part>_…, after the file that defines them).  Discover is public only as
 * tk-discover.h; nothing outside tk-discover*.c includes this file.
 */
#pragma once

#include "tk-discover.h"
#include "tk-feature-names.h"

G_BEGIN_DECLS

#define KIND_MECHANIC      0
#define KIND_CATEGORY      1
#define KIND_DESIGNER      2

#define MAX_PLAYERS_TRACKED 15

/* ---- the catalog in memory ---- */

typedef struct
{
  gint64       id;
  const char  *title;
  const char  *title_ja;      /* NULL: none */
  const char  *cover_path;    /* NULL: none */
  int          year;
  guint8       min_players;   /* 0: unknown */
  guint8       max_players;
  guint16      best_mask;     /* bit n: best with n players (n ≤ 15) */
  guint16      min_time;
  guint16      max_time;
  float        weight;        /* 0: unknown */
  float        rating_avg;    /* 0: unknown */
  guint32      bgg_rank;      /* 0: unknown */
  float        popularity;    /* 0…1 */
  float        inv_norm;      /* 1 / |tf-idf vector|, 0 without features */
  guint32      first_feature; /* into feature_ids */
  guint16      n_features;
  gboolean     expansion;
} DGame;

struct _TkDiscoverCatalog
{
  DGame        *games;
  guint         n_games;
  guint32      *feature_ids;     /* per game, sorted */
  guint         n_feature_refs;
  GPtrArray    *feature_names;   /* by id: const char * (in strings) */
  guint8       *feature_kinds;
  float        *feature_value;   /* kind weight × idf */
  guint         n_features;
  GHashTable   *index;           /* gint64 * id → DGame index + 1 */
  GStringChunk *strings;
  char         *fingerprint;
};

/* ---- the profile ---- */

struct _TkDiscoverProfile
{
  GHashTable *signals;   /* gint64 * → TkDiscoverSignal * (the key is inside the value) */
};

typedef struct
{
  gint64           id;
  TkDiscoverSignal signal;
} ProfileEntry;

/* ---- scoring ---- */

typedef struct
{
  DGame                  *game;
  const TkDiscoverSignal *signal;
  double                  weight;
} Liked;

/* tk-discover-catalog.c: the catalog in memory and what is read from it; calls no other part */
int      _tk_discover_catalog_compare_guint32  (gconstpointer       a,
                                                gconstpointer       b);
char    *_tk_discover_catalog_read_fingerprint (TkStore            *store,
                                                GError            **error);
DGame   *_tk_discover_catalog_find             (TkDiscoverCatalog  *catalog,
                                                gint64              game_id);
double   _tk_discover_catalog_cosine           (TkDiscoverCatalog  *catalog,
                                                const DGame        *a,
                                                const DGame        *b);
gboolean _tk_discover_catalog_has_feature_id   (TkDiscoverCatalog  *catalog,
                                                const DGame        *game,
                                                guint32             fid);

/* tk-discover-explain.c: the reasons (tk-discover.c, scoring and suggest, calls these) */
void                  _tk_discover_explain         (TkDiscoverCatalog      *catalog,
                                                    const DGame            *game,
                                                    const Liked            *liked,
                                                    guint                   n_liked,
                                                    const TkDiscoverFilter *filter,
                                                    TkDiscoverSuggestion   *out);
TkDiscoverSuggestion *_tk_discover_suggestion_new  (const DGame            *game,
                                                    double                  score);
void                  _tk_discover_explain_popular (const DGame            *game,
                                                    const TkDiscoverFilter *filter,
                                                    TkDiscoverSuggestion   *out);

G_END_DECLS
