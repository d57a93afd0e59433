/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-scoring.c — City Plan: the tally and the score.
 *
 * Buildings, manifestos, the buildings that score by counting, the development bonus (the
 * lowest district, with the chamber of commerce / employment office points split as chosen
 * or, without a choice, the best way) and the completion bonus; the ranked score.  Apart
 * because the development-bonus split is the one piece of arithmetic that needs a proof.
 */
#define G_LOG_DOMAIN "tk-city-plan"

#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "tk-city-plan-rules-private.h"

/* ---- scoring arithmetic ---- */

typedef struct
{
  gint64 buildings, manifestos, bonus, development, completion, total;
  gint64 district[3];
} Tally;

static gint64
min3 (const gint64 d[3])
{
  return MIN (d[0], MIN (d[1], d[2]));
}

/* What a building that scores by counting (seed 004: police box, hospital, post office, bank,
 * warehouse, university, museum) adds for @player: @n_out gets how many it counted. */
static gint64
count_bonus (TkCpPlayer *player,
             const Card *card,
             guint      *n_out)
{
  guint n = 0;
  gint64 points;

  for (guint i = 0; i < player->buildings->len; i++)
    n += (card->counts & (1u << g_array_index (player->buildings, Building, i).card.type)) != 0;
  points = (gint64) n * card->amount;
  if (card->max_points > 0)
    points = MIN (points, card->max_points);
  if (n_out != NULL)
    *n_out = n;
  return points;
}

static int
split_first_type (const Building *b)
{
  return __builtin_ctz (b->card.split);
}

static int
split_second_type (const Building *b)
{
  return 31 - __builtin_clz (b->card.split);
}

/* Whether the split buildings @splits[0..n) can lift every district of @d to at least @m.
 * Each building gives its points to its two districts in any integer split, so this is a
 * transportation problem with three sinks: by Hall's condition it is feasible exactly when,
 * for every set S of districts, what S still lacks is at most the points of the buildings
 * that can give to S. */
static gboolean
splits_reach (const gint64     d[3],
              Building *const *splits,
              guint            n,
              gint64           m)
{
  for (guint set = 1; set < 8; set++)
    {
      gint64 need = 0, supply = 0;

      for (guint t = 0; t < 3; t++)
        if (set & (1u << t))
          need += MAX (m - d[t], 0);
      for (guint k = 0; k < n; k++)
        if (splits[k]->card.split & set)
          supply += splits[k]->card.points;
      if (need > supply)
        return FALSE;
    }
  return TRUE;
}

/* The district sums with each split building either as chosen or, without a choice, in the
 * way that gives the highest development bonus — exact for any number of split buildings:
 * the best minimum is found by bisection over splits_reach(), then the buildings are split
 * from the last to the first, each giving as little as still reaches that minimum to the
 * first of its districts (the same split the exhaustive search of earlier versions chose). */
static void
tally (TkCpState *state,
       guint      seat,
       Tally     *out)
{
  TkCpPlayer *player = &state->players[seat];
  g_autoptr(GPtrArray) free_splits = g_ptr_array_new ();
  gint64 d[3] = { 0, 0, 0 };
  gint64 lo, hi, spare = 0;
  Building **splits;

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);

      out->buildings += b->card.points;
      if (b->card.type <= T_INDUSTRIAL)
        d[b->card.type] += b->card.points;
      else if (b->card.effect == E_SPLIT_POINTS && b->split_first >= 0)
        {
          d[split_first_type (b)] += b->split_first;
          d[split_second_type (b)] += b->card.points - b->split_first;
        }
      else if (b->card.effect == E_SPLIT_POINTS)
        {
          g_ptr_array_add (free_splits, b);
          spare += b->card.points;
        }
      else if (b->card.effect == E_COUNT_BONUS)
        out->bonus += count_bonus (player, &b->card, NULL);
    }

  splits = (Building **) free_splits->pdata;
  lo = min3 (d);
  hi = lo + spare;
  while (lo < hi)
    {
      gint64 mid = lo + (hi - lo + 1) / 2;

      if (splits_reach (d, splits, free_splits->len, mid))
        lo = mid;
      else
        hi = mid - 1;
    }
  for (guint k = free_splits->len; k-- > 0;)
    {
      Building *b = splits[k];
      int first = split_first_type (b), second = split_second_type (b);

      for (gint64 a = 0; a <= b->card.points; a++)
        {
          gint64 trial[3] = { d[0], d[1], d[2] };

          trial[first] += a;
          trial[second] += b->card.points - a;
          if (a == b->card.points || splits_reach (trial, splits, k, lo))
            {
              memcpy (d, trial, sizeof d);
              break;
            }
        }
    }
  memcpy (out->district, d, sizeof d);
  out->development = MAX (min3 (out->district), 0);
  out->manifestos = player->manifesto_points[0] + player->manifesto_points[1];
  /* Seed 004: a player with a construction site standing cannot end the game, so the bonus
   * shows only once the game is over or the player could end it. */
  out->completion = player->buildings->len >= (guint) state->end_buildings &&
                    (state->phase == PHASE_OVER || !tk_cp_has_construction_site (player))
                    ? state->completion_bonus : 0;
  out->total = out->buildings + out->manifestos + out->bonus + out->development +
               out->completion;
}

/* ---- score ---- */

/* "Police box (5 residential buildings, at most 4)": what a counting building counted. */
static char *
count_bonus_label (const Card *card,
                   guint       n)
{
  g_autofree char *counted = NULL;
  guint other = (1u << T_FACILITY) | (1u << T_POWER_PLANT);

  if (card->counts == 1u << T_RESIDENTIAL)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u residential building",
                                            "%u residential buildings", n), n);
  else if (card->counts == 1u << T_COMMERCIAL)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u commercial building",
                                            "%u commercial buildings", n), n);
  else if (card->counts == 1u << T_INDUSTRIAL)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u industrial building",
                                            "%u industrial buildings", n), n);
  else if (card->counts == other)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u other building",
                                            "%u other buildings", n), n);
  else
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u building counted",
                                            "%u buildings counted", n), n);
  if (card->max_points > 0 && (gint64) n * card->amount > card->max_points)
    /* TRANSLATORS: "Police box (5 residential buildings, at most 4)" */
    return g_strdup_printf (_("%s (%s, at most %" PRId64 ")"), card->name, counted,
                            card->max_points);
  /* TRANSLATORS: "Hospital (3 residential buildings)" */
  return g_strdup_printf (_("%s (%s)"), card->name, counted);
}

/* One breakdown line per building of @player that scores by counting. */
static void
add_count_bonus_lines (JsonArray  *breakdown,
                       TkCpPlayer *player)
{
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      g_autofree char *label = NULL;
      gint64 points;
      guint n;

      if (b->card.effect != E_COUNT_BONUS)
        continue;
      points = count_bonus (player, &b->card, &n);
      label = count_bonus_label (&b->card, n);
      tk_rules_breakdown_add (breakdown, label, points);
    }
}

/* < 0 when @a ranks before @b: total, then buildings, then cards in hand. */
static int
compare (TkCpState   *state,
         const Tally *tallies,
         guint        a,
         guint        b)
{
  gint64 ka[3] = { tallies[a].total, state->players[a].buildings->len, state->players[a].hand };
  gint64 kb[3] = { tallies[b].total, state->players[b].buildings->len, state->players[b].hand };

  for (guint i = 0; i < 3; i++)
    if (ka[i] != kb[i])
      return ka[i] > kb[i] ? -1 : 1;
  return 0;
}

JsonObject *
tk_cp_score (gpointer data)
{
  TkCpState *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  Tally tallies[MAX_PLAYERS];
  GString *text = g_string_new (NULL);

  for (guint s = 0; s < state->n_players; s++)
    tally (state, s, &tallies[s]);
  for (guint s = 0; s < state->n_players; s++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      JsonObject *districts = json_object_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, s);
      guint rank = 1;

      for (guint o = 0; o < state->n_players; o++)
        if (compare (state, tallies, o, s) < 0)
          rank++;
      json_object_set_int_member (player, "seat", s);
      json_object_set_string_member (player, "name", tk_cp_player_name (state, s));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      tk_rules_breakdown_add (breakdown, _("Buildings"), tallies[s].buildings);
      tk_rules_breakdown_add (breakdown, _("Manifestos"), tallies[s].manifestos);
      add_count_bonus_lines (breakdown, &state->players[s]);
      tk_rules_breakdown_add (breakdown, _("Development bonus"), tallies[s].development);
      tk_rules_breakdown_add (breakdown, _("Completion bonus"), tallies[s].completion);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_int_member (player, "total", tallies[s].total);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      for (guint t = 0; t < 3; t++)
        json_object_set_int_member (districts, tk_cp_type_names[t], tallies[s].district[t]);
      json_object_set_object_member (player, "districts", districts);
      json_object_set_int_member (player, "buildings", state->players[s].buildings->len);
      json_object_set_int_member (player, "hand", state->players[s].hand);
      json_array_add_object_element (players, player);
      if (tallies[s].bonus != 0)
        g_string_append_printf (text, _("%s: buildings %" PRId64 " + manifestos %" PRId64
                                        " + counting buildings %" PRId64 " + development %"
                                        PRId64 " (lowest of %" PRId64 "/%" PRId64 "/%" PRId64
                                        ") + completion %" PRId64 " = %" PRId64 ". "),
                                tk_cp_player_name (state, s), tallies[s].buildings,
                                tallies[s].manifestos, tallies[s].bonus,
                                tallies[s].development, tallies[s].district[0],
                                tallies[s].district[1], tallies[s].district[2],
                                tallies[s].completion, tallies[s].total);
      else
        g_string_append_printf (text, _("%s: buildings %" PRId64 " + manifestos %" PRId64
                                        " + development %" PRId64 " (lowest of %" PRId64
                                        "/%" PRId64 "/%" PRId64 ") + completion %" PRId64
                                        " = %" PRId64 ". "),
                                tk_cp_player_name (state, s), tallies[s].buildings,
                                tallies[s].manifestos, tallies[s].development,
                                tallies[s].district[0], tallies[s].district[1],
                                tallies[s].district[2], tallies[s].completion,
                                tallies[s].total);
    }
  g_string_append (text, _("Ties: more buildings, then more cards in hand."));
  json_object_set_array_member (result, "players", players);
  json_object_set_boolean_member (result, "finished", state->phase == PHASE_OVER);
  json_object_set_int_member (result, "round", state->round);
  json_object_set_string_member (result, "explanation", text->str);
  /* Equal totals are split by the players' "buildings", then their "hand" (compare ()). */
  json_object_set_string_member (result, "tie_break", "buildings_hand");
  g_string_free (text, TRUE);
  return result;
}
