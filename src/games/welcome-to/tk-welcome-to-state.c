/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-state.c — Welcome To...: the state's own helpers, below the actions.
 *
 * Copying and freeing the state, who has acted this round, what ends the game, a new round
 * and a seat's name.  The actions, the exchange, the score and the vtable call down to here;
 * this file calls only the sheet's counts (tk-welcome-to-sheet.c), so the engine's files depend
 * one way: tk-welcome-to-rules.c on top, then actions, score, exchange, this, plans, the sheet
 * and the tables.
 */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <string.h>

#include "tk-welcome-to-rules-private.h"

void
tk_welcome_to_state_free (gpointer data)
{
  TkWelcomeToState *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_free (state->sheets);
  g_free (state->acted);
  g_free (state->revealed);
  g_free (state->cards);
  g_free (state->passed);
  g_free (state->passed_round);
  g_free (state);
}

gpointer
tk_welcome_to_state_copy (gpointer data)
{
  TkWelcomeToState *state = data;
  TkWelcomeToState *copy = g_new0 (TkWelcomeToState, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->sheets = g_memdup2 (state->sheets, sizeof (Sheet) * state->n_players);
  copy->acted = g_memdup2 (state->acted, sizeof (gboolean) * state->n_players);
  copy->revealed = g_memdup2 (state->revealed, sizeof (gboolean) * state->n_players);
  copy->cards = g_memdup2 (state->cards, sizeof (Card) * 3 * state->n_players);
  copy->passed = g_memdup2 (state->passed, sizeof (Card) * 2 * state->n_players);
  copy->passed_round = g_memdup2 (state->passed_round, sizeof (guint) * 2 * state->n_players);
  return copy;
}

gboolean
tk_welcome_to_all_acted (TkWelcomeToState *state)
{
  for (guint i = 0; i < state->n_players; i++)
    if (!state->acted[i])
      return FALSE;
  return TRUE;
}

gboolean
tk_welcome_to_any_acted (TkWelcomeToState *state)
{
  for (guint i = 0; i < state->n_players; i++)
    if (state->acted[i])
      return TRUE;
  return FALSE;
}

guint
tk_welcome_to_end_triggers (TkWelcomeToState *state)
{
  const Rules *rules = &state->rules;
  guint triggers = 0;

  for (guint i = 0; i < state->n_players; i++)
    {
      const Sheet *sheet = &state->sheets[i];
      gboolean all_plans = TRUE, all_built = TRUE;

      if (sheet->refusals >= rules->refusals.n - 1)
        triggers |= END_REFUSALS;
      for (guint p = 0; p < N_PLANS; p++)
        all_plans = all_plans && sheet->claims[p].round > 0;
      if (all_plans)
        triggers |= END_PLANS;
      for (guint s = 0; s < N_STREETS; s++)
        all_built = all_built && tk_welcome_to_street_built (rules, sheet, s);
      if (all_built)
        triggers |= END_HOUSES;
    }
  if (rules->solo && state->round >= rules->solo_rounds && tk_welcome_to_all_acted (state))
    triggers |= END_DECK;
  return triggers;
}

gboolean
tk_welcome_to_game_over (TkWelcomeToState *state)
{
  return tk_welcome_to_end_triggers (state) != 0 && tk_welcome_to_all_acted (state);
}

void
tk_welcome_to_start_new_round (TkWelcomeToState *state)
{
  state->round++;
  memset (state->acted, 0, sizeof (gboolean) * state->n_players);
  memset (state->revealed, 0, sizeof (gboolean) * state->n_players);
  memset (state->cards, 0, sizeof (Card) * 3 * state->n_players);
}

const char *
tk_welcome_to_seat_name (TkWelcomeToState *state,
                         guint             seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}
