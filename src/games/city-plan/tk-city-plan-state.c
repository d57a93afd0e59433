/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-state.c — City Plan: the state's own helpers, at the bottom of the engine.
 *
 * Copying and freeing a card and the state, a building added to a seat's tableau, a seat's
 * name.  Every other file of the engine calls down to here, and this file calls none of them,
 * so the engine's files depend one way: tk-city-plan-rules.c (the vtable) on top, then
 * scoring, turns and setup, then this.
 */
#define G_LOG_DOMAIN "tk-city-plan"

#include "config.h"

#include "tk-city-plan-rules-private.h"

void
tk_cp_card_clear (Card *card)
{
  g_clear_pointer (&card->id, g_free);
  g_clear_pointer (&card->name, g_free);
}

Card
tk_cp_card_dup (const Card *card)
{
  Card copy = *card;

  copy.id = g_strdup (card->id);
  copy.name = g_strdup (card->name);
  return copy;
}

static void
player_clear (TkCpPlayer *player)
{
  if (player->buildings == NULL)
    return;
  for (guint i = 0; i < player->buildings->len; i++)
    tk_cp_card_clear (&g_array_index (player->buildings, Building, i).card);
  g_clear_pointer (&player->buildings, g_array_unref);
}

static void
table_free (GArray *table)
{
  for (guint i = 0; i < table->len; i++)
    tk_cp_card_clear (&g_array_index (table, Card, i));
  g_array_unref (table);
}

void
tk_cp_state_free (gpointer data)
{
  TkCpState *state = data;

  if (state == NULL)
    return;
  for (guint s = 0; s < MAX_PLAYERS; s++)
    player_clear (&state->players[s]);
  if (state->table != NULL)
    table_free (state->table);
  json_object_unref (state->setup);
  g_free (state);
}

gpointer
tk_cp_state_copy (gpointer data)
{
  TkCpState *state = data;
  TkCpState *copy = g_new0 (TkCpState, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->table = g_array_new (FALSE, TRUE, sizeof (Card));
  for (guint i = 0; i < state->table->len; i++)
    {
      Card card = tk_cp_card_dup (&g_array_index (state->table, Card, i));
      g_array_append_val (copy->table, card);
    }
  for (guint s = 0; s < state->n_players; s++)
    {
      GArray *from = state->players[s].buildings;

      copy->players[s].buildings = g_array_new (FALSE, TRUE, sizeof (Building));
      for (guint i = 0; i < from->len; i++)
        {
          Building b = g_array_index (from, Building, i);
          b.card = tk_cp_card_dup (&b.card);
          g_array_append_val (copy->players[s].buildings, b);
        }
    }
  return copy;
}

void
tk_cp_add_building (TkCpState  *state,
                    TkCpPlayer *player,
                    const Card *card,
                    guint       row)
{
  Building b = { 0 };

  b.uid = state->next_uid++;
  b.card = tk_cp_card_dup (card);
  b.row = card->type == T_POWER_PLANT ? b.uid : row;
  b.split_first = -1;
  g_array_append_val (player->buildings, b);
}

const char *
tk_cp_player_name (TkCpState *state,
                   guint      seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}
