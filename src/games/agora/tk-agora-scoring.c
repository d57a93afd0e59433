/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-scoring.c — Agora: the score.
 *
 * Who won and why (income, a festival or the last card), the ranks, and each seat's money
 * broken down into starting money, income, festivals and shops bought.  Apart from
 * tk-agora-rules.c so that the end of a game reads in one place.
 */
#define G_LOG_DOMAIN "tk-agora"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-agora-rules-private.h"

/* ---- score ---- */

gboolean
tk_ag_is_winner (TkAgState *state,
                 guint      seat)
{
  return (state->winners & (1u << seat)) != 0;
}

/* < 0 when @a ranks before @b: winners first, then money. */
static int
compare_seats (TkAgState *state,
               guint      a,
               guint      b)
{
  if (tk_ag_is_winner (state, a) != tk_ag_is_winner (state, b))
    return tk_ag_is_winner (state, a) ? -1 : 1;
  if (state->money[a] != state->money[b])
    return state->money[a] > state->money[b] ? -1 : 1;
  return 0;
}

static char *
explanation (TkAgState *state)
{
  GString *text = g_string_new (NULL);
  guint n_winners = 0;

  for (guint seat = 0; seat < state->n_players; seat++)
    if (tk_ag_is_winner (state, seat))
      n_winners++;

  switch (state->end)
    {
    case END_INCOME:
      for (guint seat = 0; seat < state->n_players; seat++)
        if (tk_ag_is_winner (state, seat))
          g_string_printf (text, _("%s won: their income took them to $%" PRId64 "."),
                           tk_ag_player_name (state, seat), state->money[seat]);
      break;
    case END_FESTIVAL:
    case END_DECK:
      {
        GString *names = g_string_new (NULL);
        gint64 money = 0;

        for (guint seat = 0; seat < state->n_players; seat++)
          if (tk_ag_is_winner (state, seat))
            {
              if (names->len > 0)
                g_string_append (names, _(", "));
              g_string_append (names, tk_ag_player_name (state, seat));
              money = state->money[seat];
            }
        if (state->end == END_FESTIVAL && n_winners == 1)
          g_string_printf (text, _("%s won at a festival, the richest past the goal with $%"
                                   PRId64 "."), names->str, money);
        else if (state->end == END_FESTIVAL)
          g_string_printf (text, _("A draw at a festival: %s passed the goal with exactly $%"
                                   PRId64 " each."), names->str, money);
        else if (n_winners == 1)
          g_string_printf (text, _("The deck ran out; %s won, the richest when the last card "
                                   "was placed ($%" PRId64 ")."), names->str, money);
        else
          g_string_printf (text, _("The deck ran out; a draw between %s with $%"
                                   PRId64 " each."), names->str, money);
        g_string_free (names, TRUE);
      }
      break;
    case END_NONE:
    default:
      g_string_printf (text, _("The game goes on: %u cards left in the deck."),
                       tk_ag_deck_total (state));
      break;
    }
  return g_string_free (text, FALSE);
}

guint
tk_ag_rank (TkAgState *state,
            guint      seat)
{
  guint rank = 1;

  for (guint other = 0; other < state->n_players; other++)
    if (compare_seats (state, other, seat) < 0)
      rank++;
  return rank;
}

JsonObject *
tk_ag_score (gpointer data)
{
  TkAgState *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  g_autofree char *text = explanation (state);
  guint n_winners = 0;

  for (guint seat = 0; seat < state->n_players; seat++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, seat);
      char letter[2] = { (char) ('A' + state->letter[seat]), '\0' };
      guint rank = tk_ag_rank (state, seat);
      if (tk_ag_is_winner (state, seat))
        n_winners++;
      json_object_set_int_member (player, "seat", seat);
      json_object_set_string_member (player, "name", tk_ag_player_name (state, seat));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      json_object_set_string_member (player, "letter", letter);
      tk_rules_breakdown_add (breakdown, _("Starting money"), state->start_money);
      tk_rules_breakdown_add (breakdown, _("Income"), state->income[seat]);
      tk_rules_breakdown_add (breakdown, _("Festivals"), state->festival[seat]);
      tk_rules_breakdown_add (breakdown, _("Shops bought"), -state->spent[seat]);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_int_member (player, "total", state->money[seat]);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", tk_ag_is_winner (state, seat));
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (result, "players", players);
  json_object_set_boolean_member (result, "finished", state->phase == TK_AGORA_PHASE_OVER);
  json_object_set_string_member (result, "result",
                                 state->phase != TK_AGORA_PHASE_OVER ? "playing"
                                 : n_winners == 1 ? "win" : "draw");
  json_object_set_string_member (result, "end", tk_ag_end_names[state->end]);
  json_object_set_string_member (result, "explanation", text);
  return result;
}
