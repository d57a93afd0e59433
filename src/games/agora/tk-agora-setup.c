/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-setup.c — Agora: the setup read into a new state.
 *
 * The default setup, reading and checking a setup into a new state (the letters of the seats),
 * and the two public helpers a panel asks about the deck.  Apart from tk-agora-rules.c so that
 * what a game starts from reads in one place; the state's own helpers are in
 * tk-agora-state.c.
 */
#define G_LOG_DOMAIN "tk-agora"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-agora-rules-private.h"

/* ---- reading JSON ---- */

int
tk_ag_letter_index (const char *text)
{
  if (text == NULL || text[0] < 'A' || text[0] > 'D' || text[1] != '\0')
    return -1;
  return text[0] - 'A';
}

gboolean
tk_ag_read_letter (JsonObject  *object,
                   int         *out,
                   GError     **error)
{
  *out = tk_ag_letter_index (tk_rules_json_get_string (object, "letter"));
  if (*out < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The card's letter must be one of A, B, C and D."));
      return FALSE;
    }
  return TRUE;
}

/* ---- setup and state ---- */

JsonObject *
tk_ag_default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  JsonArray *players = tk_rules_default_players (n_players);

  for (guint i = 0; i < n_players; i++)
    {
      char letter[2] = { (char) ('A' + i % N_LETTERS), '\0' };

      json_object_set_string_member (json_array_get_object_element (players, i), "letter",
                                     letter);
    }
  json_object_set_array_member (setup, "players", players);
  json_object_set_int_member (setup, "start_money", 10);
  json_object_set_int_member (setup, "goal", 50);
  json_object_set_string_member (setup, "goal_rule", "over");
  json_object_set_int_member (setup, "cards_per_letter", 9);
  return setup;
}

gpointer
tk_ag_state_new (JsonObject  *setup,
                 GError     **error)
{
  g_autoptr(GPtrArray) shops = NULL;
  TkAgState *state;
  gint64 start, goal, per_letter;
  int goal_rule = GOAL_OVER;
  int letters[MAX_PLAYERS];
  guint used = 0;
  guint n;

  if (!tk_rules_json_read_int (setup, "start_money", -MAX_MONEY, MAX_MONEY, 10, &start, error) ||
      !tk_rules_json_read_int (setup, "goal", 1, MAX_MONEY, 50, &goal, error) ||
      !tk_rules_json_read_int (setup, "cards_per_letter", 1, 99, 9, &per_letter, error))
    return NULL;
  if (json_object_has_member (setup, "goal_rule"))
    {
      const char *name = tk_rules_json_node_string (json_object_get_member (setup, "goal_rule"));

      if (g_strcmp0 (name, "over") == 0)
        goal_rule = GOAL_OVER;
      else if (g_strcmp0 (name, "reach") == 0)
        goal_rule = GOAL_REACH;
      else
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("“goal_rule” must be “over” or “reach”."));
          return NULL;
        }
    }

  n = tk_rules_setup_n_players (setup);
  for (guint seat = 0; seat < n; seat++)
    {
      JsonObject *player = json_array_get_object_element (
        json_object_get_array_member (setup, "players"), seat);
      JsonNode *node = tk_rules_json_member (player, "letter");

      letters[seat] = node == NULL ? (int) seat
                      : tk_ag_letter_index (tk_rules_json_node_string (node));
      if (letters[seat] < 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The letter of %s must be one of A, B, C and D."),
                       tk_rules_setup_player_name (setup, seat));
          return NULL;
        }
      if (used & (1u << letters[seat]))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("Two players have the letter %c."), 'A' + letters[seat]);
          return NULL;
        }
      used |= 1u << letters[seat];
    }

  state = g_new0 (TkAgState, 1);
  state->setup = json_object_ref (setup);
  state->n_players = n;
  memcpy (state->letter, letters, sizeof (int) * n);
  state->start_money = start;
  state->goal = goal;
  state->goal_rule = goal_rule;
  state->per_letter = per_letter;
  for (guint seat = 0; seat < n; seat++)
    state->money[seat] = start;
  for (guint l = 0; l < N_LETTERS; l++)
    state->deck[l] = per_letter;
  state->drawn = -1;
  state->phase = TK_AGORA_PHASE_FIRST_CARD;
  state->shops = g_ptr_array_new_with_free_func (tk_ag_shop_free);
  state->next_shop = 1;
  return state;
}

/* ---- public helpers ---- */

guint
tk_agora_rules_cards_left (gpointer data,
                           char     letter)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (letter >= 'A' && letter <= 'D', 0);
  return state->deck[letter - 'A'];
}

double
tk_agora_rules_letter_chance (gpointer data,
                              char     letter)
{
  TkAgState *state = data;
  guint total;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (letter >= 'A' && letter <= 'D', 0);
  total = tk_ag_deck_total (state);
  return total == 0 ? 0 : (double) state->deck[letter - 'A'] / total;
}

double
tk_agora_rules_hit_chance (gpointer data,
                           guint    seat)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (seat < state->n_players, 0);
  return tk_agora_rules_letter_chance (state, 'A' + state->letter[seat]);
}

gboolean
tk_agora_rules_past_goal (gpointer data,
                          gint64   money)
{
  g_return_val_if_fail (data != NULL, FALSE);
  return tk_ag_past_goal (data, money);
}

guint
tk_agora_rules_cards_per_letter (gpointer data)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  return state->per_letter;
}

gint64
tk_agora_rules_goal (gpointer  data,
                     gboolean *reach)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  if (reach != NULL)
    *reach = state->goal_rule == GOAL_REACH;
  return state->goal;
}

gint64
tk_agora_rules_to_go (gpointer data,
                      gint64   money)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  /* "over $50" needs $51; "$50 or more" needs $50 */
  return (state->goal_rule == GOAL_OVER ? state->goal + 1 : state->goal) - money;
}

gint64
tk_agora_rules_income_due (gpointer data,
                           guint    seat)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (seat < state->n_players, 0);
  return state->turns[seat] == 0 ? 0 : tk_ag_shop_income (state, seat);
}

guint
tk_agora_rules_festival_winners (gpointer data)
{
  TkAgState *state = data;
  gint64 after[MAX_PLAYERS];
  gint64 best = G_MININT64;
  guint winners = 0;

  g_return_val_if_fail (state != NULL, 0);
  /* as the draw pays it: everyone's shops' income, then the richest past the goal */
  for (guint seat = 0; seat < state->n_players; seat++)
    {
      after[seat] = state->money[seat] + tk_ag_shop_income (state, seat);
      if (tk_ag_past_goal (state, after[seat]))
        best = MAX (best, after[seat]);
    }
  for (guint seat = 0; seat < state->n_players; seat++)
    if (tk_ag_past_goal (state, after[seat]) && after[seat] == best)
      winners |= 1u << seat;
  return winners;
}
