/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-state.c — Agora: the state's own helpers, at the bottom of the engine.
 *
 * Freeing and copying a state and its shops, a seat's name, the cards left in the deck, the
 * goal and the end by the richest seat.  Every other file of the engine calls down to here, and
 * this file calls none of them, so the engine's files depend one way: tk-agora-rules.c (the
 * vtable) on top, then turns, shops, setup and scoring, then this.
 */
#define G_LOG_DOMAIN "tk-agora"

#include "config.h"

#include "tk-agora-rules-private.h"

Shop *
tk_ag_shop_new (guint id,
                int   owner,
                guint marks,
                guint doors)
{
  Shop *shop = g_new0 (Shop, 1);

  shop->id = id;
  shop->owner = owner;
  shop->marks = marks;
  shop->doors = doors;
  shop->cards = g_array_new (FALSE, FALSE, sizeof (guint));
  return shop;
}

void
tk_ag_shop_free (gpointer data)
{
  Shop *shop = data;

  g_array_unref (shop->cards);
  g_free (shop);
}

Shop *
tk_ag_shop_copy (const Shop *shop)
{
  Shop *copy = tk_ag_shop_new (shop->id, shop->owner, shop->marks, shop->doors);

  g_array_append_vals (copy->cards, shop->cards->data, shop->cards->len);
  return copy;
}

void
tk_ag_state_free (gpointer data)
{
  TkAgState *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_ptr_array_unref (state->shops);
  g_free (state);
}

gpointer
tk_ag_state_copy (gpointer data)
{
  TkAgState *state = data;
  TkAgState *copy = g_new0 (TkAgState, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->shops = g_ptr_array_new_full (state->shops->len, tk_ag_shop_free);
  for (guint i = 0; i < state->shops->len; i++)
    g_ptr_array_add (copy->shops, tk_ag_shop_copy (state->shops->pdata[i]));
  return copy;
}

guint
tk_ag_deck_total (TkAgState *state)
{
  guint total = 0;

  for (guint l = 0; l < N_LETTERS; l++)
    total += state->deck[l];
  return total;
}

gboolean
tk_ag_past_goal (TkAgState *state,
                 gint64     money)
{
  return state->goal_rule == GOAL_OVER ? money > state->goal : money >= state->goal;
}

/* The richest of the seats in @mask: one → a win, several → a draw. */
void
tk_ag_finish_richest (TkAgState *state,
                      guint      mask,
                      EndReason  reason)
{
  gint64 best = G_MININT64;

  for (guint seat = 0; seat < state->n_players; seat++)
    if ((mask & (1u << seat)) && state->money[seat] > best)
      best = state->money[seat];
  state->winners = 0;
  for (guint seat = 0; seat < state->n_players; seat++)
    if ((mask & (1u << seat)) && state->money[seat] == best)
      state->winners |= 1u << seat;
  state->end = reason;
  state->phase = TK_AGORA_PHASE_OVER;
}

const char *
tk_ag_player_name (TkAgState *state,
                   guint      seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}
