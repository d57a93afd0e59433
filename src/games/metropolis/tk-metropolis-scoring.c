/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-scoring.c — Foundations of Metropolis: the year-end scorings and the score.
 *
 * Population, public buildings, commercial prestige and coins, the empty lots of year 3, the
 * end of a year, and the score with its breakdown and explanation.  Apart from
 * tk-metropolis-rules.c so that every scoring rule reads in one place.
 */
#define G_LOG_DOMAIN "tk-metropolis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-metropolis-rules-private.h"

const char *const tk_mp_cat_ids[N_CATS] = { "population", "public", "commercial_prestige",
                                            "commercial_coins", "empty_lots" };

/* ---- buildings and scoring ---- */

int
tk_mp_commercial_coins (TkMpState *state,
                        int        seat)
{
  int sum = 0;

  for (int c = 0; c < state->side * state->side; c++)
    if (state->anchor[c] == c && state->owner[c] == seat &&
        state->tiles[state->tile[c]].type == TYPE_COMMERCIAL)
      sum += state->tiles[state->tile[c]].coins;
  return sum;
}

int
tk_mp_population (TkMpState *state,
                  int        seat)
{
  int sum = 0;

  for (int c = 0; c < state->side * state->side; c++)
    if (state->anchor[c] == c && state->owner[c] == seat &&
        state->tiles[state->tile[c]].type == TYPE_RESIDENTIAL)
      sum += state->tiles[state->tile[c]].citizens;
  return sum;
}

/* The prestige of the public building whose first lot is @anchor, from the distinct
 * buildings (of any owner) orthogonally next to any of its lots. */
static int
public_points (TkMpState *state,
               int        anchor)
{
  Tile *self = &state->tiles[state->tile[anchor]];
  int seen[MAX_CELLS];
  int n_seen = 0, citizens = 0, coins = 0, publics = 0, buildings = 0;
  int side = state->side;

  for (int c = 0; c < side * side; c++)
    {
      static const int dr[] = { -1, 1, 0, 0 }, dc[] = { 0, 0, -1, 1 };

      if (state->anchor[c] != anchor)
        continue;
      for (int d = 0; d < 4; d++)
        {
          int r = c / side + dr[d], col = c % side + dc[d], other, a;
          gboolean known = FALSE;
          Tile *tile;

          if (r < 0 || r >= side || col < 0 || col >= side)
            continue;
          other = r * side + col;
          a = state->anchor[other];
          if (a < 0 || a == anchor)
            continue;
          for (int i = 0; i < n_seen; i++)
            known |= seen[i] == a;
          if (known)
            continue;
          seen[n_seen++] = a;
          tile = &state->tiles[state->tile[a]];
          buildings++;
          if (tile->type == TYPE_RESIDENTIAL)
            citizens += tile->citizens;
          else if (tile->type == TYPE_COMMERCIAL)
            coins += tile->coins;
          else
            publics++;
        }
    }
  switch (self->kind)
    {
    case KIND_CITIZENS:      return citizens * self->rate;
    case KIND_HALF_CITIZENS: return (citizens / 2) * self->rate;
    case KIND_COINS:         return coins * self->rate;
    case KIND_PUBLIC:        return publics * self->rate;
    case KIND_BUILDINGS:     return buildings * self->rate;
    case KIND_NONE:
    default:                 return 0;
    }
}

static int
empty_lots (TkMpState *state,
            int        seat)
{
  int n = 0;

  for (int c = 0; c < state->side * state->side; c++)
    n += state->owner[c] == seat && state->tile[c] < 0;
  return n;
}

/* The population prestige of every seat in year @year (seed: leaders own + bonus; others the
 * population of the next player above; 0 citizens score nothing; ties friendly). */
static void
population_points (TkMpState *state,
                   int        year,
                   int       *out)
{
  int pop[MAX_PLAYERS];

  for (guint p = 0; p < state->n_players; p++)
    pop[p] = tk_mp_population (state, p);
  for (guint p = 0; p < state->n_players; p++)
    {
      int above = -1;

      out[p] = 0;
      if (pop[p] < 1)
        continue;
      for (guint q = 0; q < state->n_players; q++)
        if (pop[q] > pop[p] && (above < 0 || pop[q] < above))
          above = pop[q];
      out[p] = above < 0 ? pop[p] + state->bonus[year] : above;
    }
}

/* Every category of year @year for every seat, as the board stands. */
void
tk_mp_year_points (TkMpState *state,
                   int        year,
                   int        points[MAX_PLAYERS][N_CATS],
                   int        coins[MAX_PLAYERS])
{
  int pop[MAX_PLAYERS];

  population_points (state, year, pop);
  for (guint p = 0; p < state->n_players; p++)
    {
      int cc = tk_mp_commercial_coins (state, p), printed = 0, pub = 0;

      for (int c = 0; c < state->side * state->side; c++)
        if (state->anchor[c] == c && state->owner[c] == (int) p)
          {
            Tile *tile = &state->tiles[state->tile[c]];
            if (tile->type == TYPE_COMMERCIAL)
              printed += tile->prestige;
            else if (tile->type == TYPE_PUBLIC)
              pub += public_points (state, c);
          }
      memset (points[p], 0, sizeof (int) * N_CATS);
      points[p][CAT_POPULATION] = pop[p];
      points[p][CAT_PUBLIC] = pub;
      if (state->printed_every_year || year == N_YEARS - 1)
        points[p][CAT_PRINTED] = printed;
      coins[p] = cc;
      if (year == N_YEARS - 1)
        {
          if (state->coins_to_prestige)
            {
              points[p][CAT_COIN_PRESTIGE] = cc;
              coins[p] = 0;
            }
          points[p][CAT_EMPTY_LOTS] = empty_lots (state, p);
        }
    }
}

gboolean
tk_metropolis_rules_scored_in_year (const char *category,
                                    int         year)
{
  if (year < 1 || year > N_YEARS)
    return FALSE;
  for (int c = 0; c < N_CATS; c++)
    if (g_strcmp0 (category, tk_mp_cat_ids[c]) == 0)
      return (c != CAT_COIN_PRESTIGE && c != CAT_EMPTY_LOTS) || year == N_YEARS;
  return FALSE;
}

void
tk_mp_end_year (TkMpState *state)
{
  int points[MAX_PLAYERS][N_CATS], coins[MAX_PLAYERS];

  tk_mp_year_points (state, state->year, points, coins);
  for (guint p = 0; p < state->n_players; p++)
    {
      TkMpPlayer *player = &state->players[p];

      memcpy (player->points[state->year], points[p], sizeof points[p]);
      player->year_coins[state->year] = coins[p];
      player->coins += coins[p];
      player->coins_received += coins[p];
    }
  state->years_scored = state->year + 1;
  if (state->year == N_YEARS - 1)
    {
      state->phase = PHASE_OVER;
      state->current = -1;
      return;
    }
  state->year++;
  state->phase = PHASE_MARKET;
  state->deck_left = state->deck_sizes[state->year];
  state->last_buyer = -1;
  state->current = state->first_player;
}

/* ---- score ---- */

static const char *
cat_label (Category cat)
{
  switch (cat)
    {
    case CAT_POPULATION:    return _("Population");
    case CAT_PUBLIC:        return _("Public buildings");
    case CAT_PRINTED:       return _("Commercial prestige");
    case CAT_COIN_PRESTIGE: return _("Commercial coins as prestige (year 3)");
    case CAT_EMPTY_LOTS:    return _("Markers on empty lots (year 3)");
    case N_CATS:
    default:                return "";
    }
}

int
tk_mp_player_total (TkMpState *state,
                    int        seat)
{
  int total = 0;

  for (int y = 0; y < state->years_scored; y++)
    for (int c = 0; c < N_CATS; c++)
      total += state->players[seat].points[y][c];
  return total;
}

JsonObject *
tk_mp_score (gpointer data)
{
  TkMpState *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  int totals[MAX_PLAYERS];
  GString *explanation = g_string_new (NULL);

  for (guint p = 0; p < state->n_players; p++)
    totals[p] = tk_mp_player_total (state, p);

  for (guint p = 0; p < state->n_players; p++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      JsonArray *years = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, p);
      int rank = 1;
      gboolean tie_broken = FALSE;

      for (guint q = 0; q < state->n_players; q++)
        {
          if (totals[q] > totals[p] ||
              (totals[q] == totals[p] && state->players[q].coins > state->players[p].coins))
            rank++;
          if (q != p && totals[q] == totals[p] &&
              state->players[q].coins != state->players[p].coins)
            tie_broken = TRUE;
        }
      json_object_set_int_member (player, "seat", p);
      json_object_set_string_member (player, "name", tk_mp_player_name (state, p));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      for (int c = 0; c < N_CATS; c++)
        {
          JsonObject *line = json_object_new ();
          int sum = 0;

          for (int y = 0; y < state->years_scored; y++)
            sum += state->players[p].points[y][c];
          json_object_set_string_member (line, "label", cat_label (c));
          json_object_set_string_member (line, "category", tk_mp_cat_ids[c]);
          json_object_set_int_member (line, "points", sum);
          json_array_add_object_element (breakdown, line);
        }
      for (int y = 0; y < state->years_scored; y++)
        {
          JsonObject *year = json_object_new ();
          int sum = 0;

          json_object_set_int_member (year, "year", y + 1);
          for (int c = 0; c < N_CATS; c++)
            {
              json_object_set_int_member (year, tk_mp_cat_ids[c], state->players[p].points[y][c]);
              sum += state->players[p].points[y][c];
            }
          json_object_set_int_member (year, "total", sum);
          json_object_set_int_member (year, "coins_paid", state->players[p].year_coins[y]);
          json_array_add_object_element (years, year);
        }
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_array_member (player, "years", years);
      json_object_set_int_member (player, "total", totals[p]);
      json_object_set_int_member (player, "coins", state->players[p].coins);
      json_object_set_int_member (player, "population", tk_mp_population (state, p));
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      if (tie_broken)
        json_object_set_string_member (player, "tie_break", "coins");
      json_array_add_object_element (players, player);

      if (p > 0)
        g_string_append (explanation, "\n");
      /* TRANSLATORS: "Ana: 42 prestige (population 20, public 9, commercial 8, coins as
       * prestige 3, empty lots 2), 7 coins" */
      g_string_append_printf (explanation,
                              _("%s: %d prestige (population %d, public %d, commercial %d, "
                                "coins as prestige %d, empty lots %d), %d coins"),
                              tk_mp_player_name (state, p), totals[p],
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 0), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 1), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 2), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 3), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 4), "points"),
                              state->players[p].coins);
    }
  /* a tie on prestige settled by coins is said in words, beside the numbers that settle it */
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      if (json_object_get_int_member (player, "rank") == 1 &&
          json_object_has_member (player, "tie_break"))
        /* TRANSLATORS: "Ben wins the tie on 86 prestige with the most coins." */
        {
          g_string_append_c (explanation, '\n');
          g_string_append_printf (explanation,
                                  _("%s wins the tie on %d prestige with the most coins."),
                                  tk_mp_player_name (state, (int) p), totals[p]);
        }
    }
  json_object_set_int_member (result, "years_scored", state->years_scored);
  json_object_set_boolean_member (result, "finished", state->phase == PHASE_OVER);
  json_object_set_string_member (result, "tie_break", "coins");
  json_object_set_array_member (result, "players", players);
  json_object_set_string_member (result, "explanation", explanation->str);
  g_string_free (explanation, TRUE);
  return result;
}
