/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-answers.c — Welcome To...: what a view of the sheets asks the engine (the
 * public header's last part), answered from the state the engine plays, so that a panel or
 * another device never restates a rule: the setup's facts, the effects' ids, the streets'
 * houses and pools, the plans that name their estates, the completed estates, the tracks crossed and the points printed along
 * them, the temp agency's range, a hand's turn, the card passed in the draft. */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include "tk-welcome-to-rules-private.h"

G_STATIC_ASSERT ((gint) TK_WELCOME_TO_SURVEYOR == (gint) EFFECT_SURVEYOR);
G_STATIC_ASSERT ((gint) TK_WELCOME_TO_BIS == (gint) EFFECT_BIS);
G_STATIC_ASSERT ((gint) TK_WELCOME_TO_N_EFFECTS == (gint) N_EFFECTS);

void
tk_welcome_to_setup_facts (gpointer               state,
                           TkWelcomeToSetupFacts *facts)
{
  const Rules *rules;

  g_return_if_fail (state != NULL && facts != NULL);
  rules = &((TkWelcomeToState *) state)->rules;
  facts->solo = rules->solo;
  facts->draft = rules->draft;
  facts->intermediate = rules->intermediate;
  facts->two_cards = rules->solo || rules->draft;
  facts->lowest_card = rules->lowest_card;
  facts->highest_card = rules->highest_card;
  facts->temp_boxes = rules->temp_boxes;
  facts->solo_rounds = rules->solo_rounds;
}

const char *
tk_welcome_to_effect_id (TkWelcomeToEffect effect)
{
  g_return_val_if_fail (effect < TK_WELCOME_TO_N_EFFECTS, "");
  return tk_welcome_to_effect_names[effect];
}

gint
tk_welcome_to_effect_from_id (const char *id)
{
  return tk_welcome_to_lookup (tk_welcome_to_effect_names, N_EFFECTS, id);
}

guint
tk_welcome_to_street_houses (gpointer state,
                             guint    s)
{
  g_return_val_if_fail (state != NULL && s < N_STREETS, 0);
  return tk_welcome_to_n_houses (&((TkWelcomeToState *) state)->rules, s);
}

gboolean
tk_welcome_to_pool_spot (gpointer state,
                         guint    s,
                         guint    h)
{
  g_return_val_if_fail (state != NULL && s < N_STREETS, FALSE);
  return h < MAX_HOUSES && ((TkWelcomeToState *) state)->rules.streets[s].pool_spot[h];
}

GArray *
tk_welcome_to_completed_estates (gpointer state,
                                 guint    seat)
{
  TkWelcomeToState *self = state;
  GArray *estates = g_array_new (FALSE, FALSE, sizeof (TkWelcomeToEstate));
  guint used[N_STREETS][MAX_HOUSES], group[N_STREETS][MAX_HOUSES];

  g_return_val_if_fail (self != NULL, estates);
  if (seat >= self->n_players)
    return estates;
  tk_welcome_to_find_estates (&self->rules, &self->sheets[seat], estates);
  /* an estate a plan used is claimed whole: a fence never splits it afterwards */
  tk_welcome_to_used_map (&self->rules, &self->sheets[seat], N_PLANS, used, group);
  for (guint e = 0; e < estates->len; e++)
    {
      TkWelcomeToEstate *estate = &g_array_index (estates, TkWelcomeToEstate, e);

      estate->used = group[estate->street][estate->from] != 0;
    }
  return estates;
}

guint
tk_welcome_to_track_crossed (gpointer             state,
                             guint                seat,
                             TkWelcomeToTrackKind track)
{
  TkWelcomeToState *self = state;
  const Sheet *sheet;

  g_return_val_if_fail (self != NULL, 0);
  if (seat >= self->n_players)
    return 0;
  sheet = &self->sheets[seat];
  switch (track)
    {
    case TK_WELCOME_TO_TRACK_POOLS:
      return tk_welcome_to_sum_streets (&self->rules, sheet, tk_welcome_to_count_pools);
    case TK_WELCOME_TO_TRACK_TEMPS:
      return sheet->temps;
    case TK_WELCOME_TO_TRACK_BIS:
      return tk_welcome_to_sum_streets (&self->rules, sheet, tk_welcome_to_count_bis);
    case TK_WELCOME_TO_TRACK_REFUSALS:
      return sheet->refusals;
    case TK_WELCOME_TO_TRACK_ROUNDABOUTS:
      return tk_welcome_to_sum_streets (&self->rules, sheet, tk_welcome_to_count_roundabouts);
    case TK_WELCOME_TO_N_TRACKS:
    default:
      g_return_val_if_reached (0);
    }
}

/* @track's values (NULL: none) as a new array */
static GArray *
values_of (const Track *track)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (gint));

  if (track != NULL)
    g_array_append_vals (values, track->v, track->n);
  return values;
}

GArray *
tk_welcome_to_track_values (gpointer             state,
                            TkWelcomeToTrackKind track)
{
  const Rules *rules;

  g_return_val_if_fail (state != NULL && track < TK_WELCOME_TO_N_TRACKS, values_of (NULL));
  rules = &((TkWelcomeToState *) state)->rules;
  {
    /* in TkWelcomeToTrackKind's order; the temp agency's points go by rank */
    const Track *tracks[TK_WELCOME_TO_N_TRACKS] = {
      &rules->pools, NULL, &rules->bis, &rules->refusals, &rules->roundabouts
    };

    return values_of (tracks[track]);
  }
}

GArray *
tk_welcome_to_park_values (gpointer state,
                           guint    s)
{
  g_return_val_if_fail (state != NULL && s < N_STREETS, values_of (NULL));
  return values_of (&((TkWelcomeToState *) state)->rules.streets[s].parks);
}

GArray *
tk_welcome_to_estate_values (gpointer state,
                             guint    column)
{
  g_return_val_if_fail (state != NULL && column < N_COLUMNS, values_of (NULL));
  return values_of (&((TkWelcomeToState *) state)->rules.estates[column]);
}

gboolean
tk_welcome_to_plan_names_estates (gpointer state,
                                  guint    p)
{
  g_return_val_if_fail (state != NULL && p < N_PLANS, FALSE);
  return ((TkWelcomeToState *) state)->rules.plans[p].kind == PLAN_ESTATES;
}

gboolean
tk_welcome_to_temp_allows (gpointer state,
                           gint     number,
                           gint     delta)
{
  const Rules *rules;

  g_return_val_if_fail (state != NULL, FALSE);
  rules = &((TkWelcomeToState *) state)->rules;
  return ABS (delta) <= rules->temp_change && number + delta >= 0 &&
         number + delta <= rules->highest_number;
}

gboolean
tk_welcome_to_hand_pick (gpointer           state,
                         guint              seat,
                         gint               number_card,
                         gint               effect_card,
                         gint              *number,
                         TkWelcomeToEffect *effect)
{
  TkWelcomeToState *self = state;
  gboolean split;

  g_return_val_if_fail (self != NULL, FALSE);
  if (seat >= self->n_players || !self->revealed[seat] || number_card < 0 || number_card > 2 ||
      effect_card < 0 || effect_card > 2)
    return FALSE;
  /* as turn_card () reads a turn: "card" in the basic game, two cards in solo and the draft */
  split = self->rules.solo || self->rules.draft;
  if (split != (number_card != effect_card))
    return FALSE;
  *number = self->cards[seat * 3 + number_card].number;
  *effect = (TkWelcomeToEffect) self->cards[seat * 3 + effect_card].effect;
  return TRUE;
}

const Card *
tk_welcome_to_passed_to (TkWelcomeToState *state,
                         guint             seat,
                         guint             round,
                         guint            *giver)
{
  guint slot;

  if (!state->rules.draft || state->rules.draft_pass == 0 || round < 2)
    return NULL;
  *giver = (seat + state->n_players - state->rules.draft_pass) % state->n_players;
  slot = *giver * 2 + (round - 1) % 2;
  return state->passed_round[slot] == round - 1 ? &state->passed[slot] : NULL;
}

gboolean
tk_welcome_to_passed_card (gpointer           state,
                           guint              seat,
                           gint              *number,
                           TkWelcomeToEffect *effect)
{
  TkWelcomeToState *self = state;
  const Card *given;
  guint giver;

  g_return_val_if_fail (self != NULL, FALSE);
  if (seat >= self->n_players)
    return FALSE;
  /* a seat that has played this round records the next round's hand */
  given = tk_welcome_to_passed_to (self, seat, self->acted[seat] ? self->round + 1 : self->round,
                                   &giver);
  if (given == NULL)
    return FALSE;
  *number = given->number;
  *effect = (TkWelcomeToEffect) given->effect;
  return TRUE;
}
