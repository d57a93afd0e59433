/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-score.c — Welcome To...: the scoring.  The sheet's bottom row for every
 * player, the ranking and the breakdown lines, scored live.  Split from tk-welcome-to-rules.c
 * (issue 21); shared declarations in tk-welcome-to-rules-private.h. */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-welcome-to-rules-private.h"

/* ---- scoring ---- */

typedef struct
{
  gint  plans[N_PLANS];
  gboolean plan_first[N_PLANS];
  gint  parks[N_STREETS];
  gint  plan_total, park_total, pools, temps, estates, bis, refusals, roundabouts, total;
  guint n_estates;
  guint by_size[N_COLUMNS + 1];
} Score;

static void
score_players (TkWelcomeToState *state,
               Score            *scores)
{
  const Rules *rules = &state->rules;
  guint first_round[N_PLANS] = { 0 };
  guint distinct[128];
  guint n_distinct = 0;

  for (guint p = 0; p < N_PLANS; p++)
    for (guint i = 0; i < state->n_players; i++)
      {
        guint r = state->sheets[i].claims[p].round;
        if (r > 0 && (first_round[p] == 0 || r < first_round[p]))
          first_round[p] = r;
      }
  /* distinct positive temp counts, highest first (dense ranking) */
  for (guint i = 0; i < state->n_players; i++)
    {
      guint t = state->sheets[i].temps;
      gboolean seen = FALSE;

      for (guint d = 0; d < n_distinct; d++)
        seen = seen || distinct[d] == t;
      if (t > 0 && !seen && n_distinct < G_N_ELEMENTS (distinct))
        distinct[n_distinct++] = t;
    }
  qsort (distinct, n_distinct, sizeof (guint), tk_welcome_to_compare_uint);

  for (guint i = 0; i < state->n_players; i++)
    {
      const Sheet *sheet = &state->sheets[i];
      Score *sc = &scores[i];

      memset (sc, 0, sizeof *sc);
      for (guint p = 0; p < N_PLANS; p++)
        {
          guint r = sheet->claims[p].round;
          /* A claim entered after the solo card scores low, even in the round it turned up in;
           * a claim of an imported sheet only has its round. */
          gboolean flipped = rules->solo && state->solo_flip_round > 0 &&
                             (sheet->claims[p].order > 0
                              ? sheet->claims[p].order > state->solo_order
                              : r >= state->solo_flip_round);

          if (r == 0)
            continue;
          sc->plan_first[p] = r == first_round[p] && !flipped;
          sc->plans[p] = sc->plan_first[p] ? rules->plans[p].first : rules->plans[p].later;
          sc->plan_total += sc->plans[p];
        }
      for (guint s = 0; s < N_STREETS; s++)
        {
          sc->parks[s] = rules->streets[s].parks.v[MIN (sheet->streets[s].parks,
                                                        rules->streets[s].parks.n - 1)];
          sc->park_total += sc->parks[s];
        }
      sc->pools = rules->pools.v[MIN (tk_welcome_to_sum_streets (rules, sheet,
                                                                 tk_welcome_to_count_pools),
                                      rules->pools.n - 1)];
      if (rules->solo)
        sc->temps = sheet->temps >= rules->solo_temp_min && sheet->temps > 0
                    ? rules->solo_temp_points : 0;
      else if (sheet->temps > 0 && rules->temp_competition)
        {
          /* Standard competition ranking: one more than the players with more temps. */
          guint ahead = 0;

          for (guint o = 0; o < state->n_players; o++)
            ahead += state->sheets[o].temps > sheet->temps;
          sc->temps = ahead < rules->temp_points.n ? rules->temp_points.v[ahead] : 0;
        }
      else if (sheet->temps > 0)
        for (guint d = 0; d < n_distinct; d++)
          if (distinct[n_distinct - 1 - d] == sheet->temps)
            sc->temps = d < rules->temp_points.n ? rules->temp_points.v[d] : 0;
      sc->n_estates = tk_welcome_to_count_estates (rules, sheet, sc->by_size);
      for (guint size = 1; size <= N_COLUMNS; size++)
        sc->estates += (gint) sc->by_size[size] *
                       rules->estates[size - 1].v[MIN (sheet->agents[size - 1],
                                                       rules->estates[size - 1].n - 1)];
      sc->bis = -rules->bis.v[MIN (tk_welcome_to_sum_streets (rules, sheet,
                                                              tk_welcome_to_count_bis),
                                   rules->bis.n - 1)];
      sc->refusals = -rules->refusals.v[MIN (sheet->refusals, rules->refusals.n - 1)];
      sc->roundabouts = -rules->roundabouts.v[MIN (tk_welcome_to_sum_streets (rules, sheet,
                                                   tk_welcome_to_count_roundabouts),
                                                   rules->roundabouts.n - 1)];
      sc->total = sc->plan_total + sc->park_total + sc->pools + sc->temps + sc->estates +
                  sc->bis + sc->refusals + sc->roundabouts;
    }
}

/* < 0 when @a ranks before @b; 0 when they share the rank. */
static int
compare_scores (const Score *a,
                const Score *b)
{
  if (a->total != b->total)
    return a->total > b->total ? -1 : 1;
  if (a->n_estates != b->n_estates)
    return a->n_estates > b->n_estates ? -1 : 1;
  for (guint size = 1; size <= N_COLUMNS; size++)
    if (a->by_size[size] != b->by_size[size])
      return a->by_size[size] > b->by_size[size] ? -1 : 1;
  return 0;
}

static void
add_line (JsonArray  *breakdown,
          const char *key,
          const char *label,
          gint        points)
{
  JsonObject *line = json_object_new ();

  json_object_set_string_member (line, "key", key);
  json_object_set_string_member (line, "label", label);
  json_object_set_int_member (line, "points", points);
  json_array_add_object_element (breakdown, line);
}

JsonObject *
tk_welcome_to_score (gpointer data)
{
  TkWelcomeToState *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *triggers = json_array_new ();
  g_autofree Score *scores = g_new0 (Score, state->n_players);
  guint ends = tk_welcome_to_end_triggers (state);
  GString *explanation = g_string_new (NULL);

  score_players (state, scores);
  for (guint i = 0; i < state->n_players; i++)
    {
      Score *sc = &scores[i];
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      JsonArray *plans = json_array_new ();
      JsonArray *parks = json_array_new ();
      JsonArray *by_size = json_array_new ();
      JsonArray *tie = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, i);
      guint rank = 1;

      for (guint j = 0; j < state->n_players; j++)
        if (compare_scores (&scores[j], sc) < 0)
          rank++;
      add_line (breakdown, "plans", _("City plans"), sc->plan_total);
      add_line (breakdown, "parks", _("Parks"), sc->park_total);
      add_line (breakdown, "pools", _("Pools"), sc->pools);
      add_line (breakdown, "temps", _("Temp agency"), sc->temps);
      add_line (breakdown, "estates", _("Estates"), sc->estates);
      add_line (breakdown, "bis", _("Bis"), sc->bis);
      add_line (breakdown, "refusals", _("Permit refusals"), sc->refusals);
      add_line (breakdown, "roundabouts", _("Roundabouts"), sc->roundabouts);
      for (guint p = 0; p < N_PLANS; p++)
        {
          JsonObject *plan = json_object_new ();

          json_object_set_int_member (plan, "points", sc->plans[p]);
          json_object_set_boolean_member (plan, "claimed", state->sheets[i].claims[p].round > 0);
          json_object_set_boolean_member (plan, "first", sc->plan_first[p]);
          json_array_add_object_element (plans, plan);
        }
      for (guint s = 0; s < N_STREETS; s++)
        json_array_add_int_element (parks, sc->parks[s]);
      for (guint size = 1; size <= N_COLUMNS; size++)
        json_array_add_int_element (by_size, sc->by_size[size]);
      json_array_add_int_element (tie, sc->n_estates);
      for (guint size = 1; size <= N_COLUMNS; size++)
        json_array_add_int_element (tie, sc->by_size[size]);

      json_object_set_int_member (player, "seat", i);
      json_object_set_string_member (player, "name", tk_welcome_to_seat_name (state, i));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_array_member (player, "plans", plans);
      json_object_set_array_member (player, "parks", parks);
      json_object_set_array_member (player, "estates_by_size", by_size);
      json_object_set_array_member (player, "tie_break", tie);
      json_object_set_int_member (player, "temps", state->sheets[i].temps);
      json_object_set_int_member (player, "total", sc->total);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      json_array_add_object_element (players, player);

      g_string_append_printf (explanation,
                              /* TRANSLATORS: one player's score line */
                              _("%s: plans %d, parks %d, pools %d, temps %d, estates %d, "
                                "bis %d, refusals %d, roundabouts %d = %d"),
                              tk_welcome_to_seat_name (state, i), sc->plan_total,
                              sc->park_total, sc->pools,
                              sc->temps, sc->estates, sc->bis, sc->refusals, sc->roundabouts,
                              sc->total);
      g_string_append_c (explanation, '\n');
    }
  g_string_append (explanation, _("Ties: most completed estates, then most estates of 1 "
                                  "house, of 2, … of 6."));
  if (ends & END_REFUSALS)
    json_array_add_string_element (triggers, "refusals");
  if (ends & END_PLANS)
    json_array_add_string_element (triggers, "plans");
  if (ends & END_HOUSES)
    json_array_add_string_element (triggers, "houses");
  if (ends & END_DECK)
    json_array_add_string_element (triggers, "deck");
  json_object_set_int_member (result, "round", state->round);
  json_object_set_boolean_member (result, "ended", tk_welcome_to_game_over (state));
  json_object_set_array_member (result, "end_triggers", triggers);
  json_object_set_array_member (result, "players", players);
  json_object_set_string_member (result, "explanation", explanation->str);
  g_string_free (explanation, TRUE);
  return result;
}
