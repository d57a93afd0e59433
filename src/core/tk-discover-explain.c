/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-discover-explain.c — Discover's reasons: each suggestion explained from the actual
 * largest terms of its score (the liked games that pull most and the features the candidate
 * shares with them), or from its popularity when the user's data says nothing of it.
 */
#define G_LOG_DOMAIN "tk-discover"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-discover-private.h"

/* ---- reasons ---- */

static const char *
display_title (const DGame            *game,
               const TkDiscoverFilter *filter)
{
  if (filter->prefer_japanese && game->title_ja != NULL)
    return game->title_ja;
  return game->title;
}

/* "a", "a and b", "a, b and c" */
static char *
join_list (GPtrArray *items)
{
  if (items->len == 0)
    return g_strdup ("");
  if (items->len == 1)
    return g_strdup (g_ptr_array_index (items, 0));
  if (items->len == 2)
    /* TRANSLATORS: a list of two items, e.g. "tile placement and city building" */
    return g_strdup_printf (_("%s and %s"), (char *) g_ptr_array_index (items, 0),
                            (char *) g_ptr_array_index (items, 1));
  /* TRANSLATORS: a list of three items */
  return g_strdup_printf (_("%s, %s and %s"), (char *) g_ptr_array_index (items, 0),
                          (char *) g_ptr_array_index (items, 1),
                          (char *) g_ptr_array_index (items, 2));
}

/* TRUE when @word reads as an ordinary capitalised word: each part between hyphens and
 * slashes is longer than one letter and has a capital only at its start ("Tile",
 * "Paper-and-Pencil"; not "WWII", "I/O"). */
static gboolean
is_plain_capitalised (const char *word)
{
  g_auto(GStrv) parts = g_strsplit_set (word, "-/", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint n = 0, upper_inside = 0;

      for (const char *p = parts[i]; *p != '\0'; p = g_utf8_next_char (p), n++)
        if (n > 0 && g_unichar_isupper (g_utf8_get_char (p)))
          upper_inside++;
      if (upper_inside > 0 || (n == 1 && g_unichar_isupper (g_utf8_get_char (parts[i]))))
        return FALSE;
    }
  return TRUE;
}

/* A mechanic or category the way it reads in a sentence: "Tile Placement" → "tile
 * placement"; "WWII" stays as it is.  A designer: "designer Uwe Rosenberg". */
static char *
feature_label (TkDiscoverCatalog *catalog,
               guint32            fid)
{
  const char *name = g_ptr_array_index (catalog->feature_names, fid);
  GString *out;
  g_auto(GStrv) words = NULL;

  if (catalog->feature_kinds[fid] == KIND_DESIGNER)
    /* TRANSLATORS: a feature two games share: their designer, e.g. "designer Uwe Rosenberg" */
    return g_strdup_printf (_("designer %s"), name);

  /* In a UI language with a name of its own (Japanese), that name as it is. */
  {
    const char *kind = catalog->feature_kinds[fid] == KIND_MECHANIC ? "mechanic" : "category";
    const char *shown = tk_feature_name_translate (kind, name);

    if (g_strcmp0 (shown, name) != 0)
      return g_strdup (shown);
  }

  out = g_string_new (NULL);
  words = g_strsplit (name, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      if (is_plain_capitalised (words[i]))
        {
          g_autofree char *lower = g_utf8_strdown (words[i], -1);
          g_string_append (out, lower);
        }
      else
        g_string_append (out, words[i]);
    }
  return g_string_free (out, FALSE);
}

/* One of the user's games with what they told us about it, e.g. "Carcassonne (rated 9)". */
static char *
describe_liked (const Liked            *liked,
                const TkDiscoverFilter *filter)
{
  const char *title = display_title (liked->game, filter);
  const TkDiscoverSignal *s = liked->signal;

  if (s->favourite && s->rating > 0)
    /* TRANSLATORS: one of the user's games; %u is their rating (1–10) */
    return g_strdup_printf (_("%s (a favourite you rated %u)"), title, s->rating);
  if (s->favourite)
    return g_strdup_printf (_("%s (a favourite)"), title);
  if (s->rating > 0)
    return g_strdup_printf (_("%s (you rated it %u)"), title, s->rating);
  if (s->plays > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (played %u time)",
                                         "%s (played %u times)", s->plays), title, s->plays);
  if (s->owned)
    return g_strdup_printf (_("%s (you own it)"), title);
  if (s->want_to_play)
    return g_strdup_printf (_("%s (you want to play it)"), title);
  return g_strdup_printf (_("%s (played)"), title);
}

typedef struct
{
  guint32 fid;
  double  value;
} FeatureShare;

static int
compare_share (gconstpointer a,
               gconstpointer b)
{
  const FeatureShare *x = a, *y = b;

  if (x->value != y->value)
    return x->value > y->value ? -1 : 1;
  return x->fid < y->fid ? -1 : x->fid > y->fid;
}

typedef struct
{
  guint  liked;
  double contribution;
} Contribution;

static int
compare_contribution (gconstpointer a,
                      gconstpointer b)
{
  const Contribution *x = a, *y = b;

  if (x->contribution != y->contribution)
    return x->contribution > y->contribution ? -1 : 1;
  return x->liked < y->liked ? -1 : x->liked > y->liked;
}

/* The reason for @game from the largest terms of its content score: the liked games with
 * the largest w·cos, kept while they share features with all games kept so far, and the
 * features (at most three) the candidate shares with all of them, by their weight. */
void
_tk_discover_explain (TkDiscoverCatalog      *catalog,
                      const DGame            *game,
                      const Liked            *liked,
                      guint                   n_liked,
                      const TkDiscoverFilter *filter,
                      TkDiscoverSuggestion   *out)
{
  g_autoptr(GArray) contributions = g_array_new (FALSE, FALSE, sizeof (Contribution));
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) shared = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) shares = g_array_new (FALSE, FALSE, sizeof (FeatureShare));
  g_autoptr(GPtrArray) feature_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) game_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ratings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autofree char *features_text = NULL;
  g_autofree char *games_text = NULL;
  gboolean all_rated = TRUE;

  out->similar_games = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < n_liked; i++)
    {
      Contribution c = { i, liked[i].weight * _tk_discover_catalog_cosine (catalog, game,
                                                                           liked[i].game) };

      if (c.contribution > 0)
        g_array_append_val (contributions, c);
    }
  g_array_sort (contributions, compare_contribution);

  for (guint i = 0; i < contributions->len && kept->len < 2; i++)
    {
      Contribution *c = &g_array_index (contributions, Contribution, i);
      const DGame *g = liked[c->liked].game;
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (guint32));

      /* A second game only when it matters almost as much, and shares the features. */
      if (kept->len > 0 &&
          c->contribution < 0.5 * g_array_index (contributions, Contribution, 0).contribution)
        break;
      if (kept->len == 0)
        {
          for (guint j = 0; j < game->n_features; j++)
            {
              guint32 fid = catalog->feature_ids[game->first_feature + j];
              if (_tk_discover_catalog_has_feature_id (catalog, g, fid))
                g_array_append_val (next, fid);
            }
        }
      else
        {
          for (guint j = 0; j < shared->len; j++)
            {
              guint32 fid = g_array_index (shared, guint32, j);
              if (_tk_discover_catalog_has_feature_id (catalog, g, fid))
                g_array_append_val (next, fid);
            }
          /* Keep the second only when it shares at least two of the features (or all). */
          if (next->len < MIN (2u, shared->len))
            continue;
        }
      if (next->len == 0)
        continue;
      g_array_set_size (shared, 0);
      g_array_append_vals (shared, next->data, next->len);
      g_array_append_val (kept, c->liked);
    }

  if (kept->len == 0)
    {
      /* Nothing in common with a liked game: it is here for its facts and its rating. */
      if (game->rating_avg > 0)
        out->reason = g_strdup_printf (_("No game of yours shares its mechanics; it is here "
                                         "for its weight, length and player count, and it "
                                         "is rated %.1f on BoardGameGeek."),
                                       game->rating_avg);
      else
        out->reason = g_strdup (_("No game of yours shares its mechanics; it is here for its "
                                  "weight, length and player count."));
      out->shared_features = g_strv_builder_end (names);
      return;
    }

  for (guint j = 0; j < shared->len; j++)
    {
      guint32 fid = g_array_index (shared, guint32, j);
      FeatureShare share = { fid, 0 };
      double v = catalog->feature_value[fid];

      for (guint k = 0; k < kept->len; k++)
        {
          const Liked *l = &liked[g_array_index (kept, guint, k)];
          share.value += l->weight * v * l->game->inv_norm * v * game->inv_norm;
        }
      g_array_append_val (shares, share);
    }
  g_array_sort (shares, compare_share);
  for (guint j = 0; j < MIN (3u, shares->len); j++)
    {
      guint32 fid = g_array_index (shares, FeatureShare, j).fid;

      g_ptr_array_add (feature_labels, feature_label (catalog, fid));
      g_strv_builder_add (names, g_ptr_array_index (catalog->feature_names, fid));
    }

  for (guint k = 0; k < kept->len; k++)
    {
      const Liked *l = &liked[g_array_index (kept, guint, k)];

      g_array_append_val (out->similar_games, l->game->id);
      if (l->signal->rating == 0)
        all_rated = FALSE;
    }
  for (guint k = 0; k < kept->len; k++)
    {
      const Liked *l = &liked[g_array_index (kept, guint, k)];

      if (all_rated)
        {
          g_ptr_array_add (game_labels, g_strdup (display_title (l->game, filter)));
          g_ptr_array_add (ratings, g_strdup_printf ("%u", l->signal->rating));
        }
      else
        g_ptr_array_add (game_labels, describe_liked (l, filter));
    }

  features_text = join_list (feature_labels);
  games_text = join_list (game_labels);
  if (all_rated)
    {
      g_autofree char *ratings_text = join_list (ratings);

      /* TRANSLATORS: "Shares tile placement and city building with Welcome To... and
       * Foundations of Metropolis, which you rated 9 and 8." */
      out->reason = g_strdup_printf (_("Shares %s with %s, which you rated %s."),
                                     features_text, games_text, ratings_text);
    }
  else
    /* TRANSLATORS: "Shares tile placement with Carcassonne (a favourite)." */
    out->reason = g_strdup_printf (_("Shares %s with %s."), features_text, games_text);
  out->shared_features = g_strv_builder_end (names);
}

TkDiscoverSuggestion *
_tk_discover_suggestion_new (const DGame *game,
                             double       score)
{
  TkDiscoverSuggestion *s = g_new0 (TkDiscoverSuggestion, 1);

  s->game_id = game->id;
  s->title = g_strdup (game->title);
  s->title_ja = g_strdup (game->title_ja);
  s->cover_path = g_strdup (game->cover_path);
  s->year = game->year;
  s->min_players = game->min_players;
  s->max_players = game->max_players;
  s->min_time = game->min_time;
  s->max_time = game->max_time;
  s->weight = game->weight;
  s->rating_avg = game->rating_avg;
  s->bgg_rank = game->bgg_rank;
  s->score = score;
  return s;
}

void
_tk_discover_explain_popular (const DGame            *game,
                              const TkDiscoverFilter *filter,
                              TkDiscoverSuggestion   *out)
{
  g_autofree char *rated = NULL;

  out->popular = TRUE;
  out->shared_features = g_new0 (char *, 1);
  out->similar_games = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (game->bgg_rank > 0)
    /* TRANSLATORS: %.1f is BoardGameGeek's average rating, %u its rank */
    rated = g_strdup_printf (_("rated %.1f on BoardGameGeek, rank %u"), game->rating_avg,
                             game->bgg_rank);
  else
    rated = g_strdup_printf (_("rated %.1f on BoardGameGeek"), game->rating_avg);

  /* That the library shows no taste yet is said once, above the list (the page's banner,
   * the command line's first line), not on every suggestion. */
  if (filter->players > 0 && (game->best_mask & (1u << MIN (filter->players, 16u))) != 0)
    out->reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "A catalog favourite, best with %u player: %s.",
                                                "A catalog favourite, best with %u players: %s.",
                                                filter->players),
                                   filter->players, rated);
  else if (filter->players > 0)
    out->reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "A catalog favourite for %u player: %s.",
                                                "A catalog favourite for %u players: %s.",
                                                filter->players),
                                   filter->players, rated);
  else
    out->reason = g_strdup_printf (_("A catalog favourite: %s."), rated);
}
