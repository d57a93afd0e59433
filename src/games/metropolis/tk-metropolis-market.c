/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-market.c — Foundations of Metropolis: the deeds, the market and the turns.
 *
 * Dealing and drafting the starting deeds, the deeds for sale each year, income, buying (with
 * the deed revealed for the last slot), coin corrections and passing the turn.  Apart from
 * tk-metropolis-rules.c so that the bank's side of a turn reads in one place.
 */
#define G_LOG_DOMAIN "tk-metropolis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-metropolis-rules-private.h"

/* ---- deeds ---- */

static int
market_count (TkMpState *state)
{
  int n = 0;

  for (int s = 0; s < state->n_slots; s++)
    n += state->market[s] >= 0;
  return n;
}

static int
in_market (TkMpState *state,
           int        cell)
{
  for (int s = 0; s < state->n_slots; s++)
    if (state->market[s] == cell)
      return s;
  return -1;
}

/* Gives @cells to @seat (deal, draft): each lot gets a marker from the player board. */
gboolean
tk_mp_check_new_deeds (TkMpState  *state,
                       int         seat,
                       JsonArray  *lots,
                       int        *cells,
                       int         taken_so_far,
                       GError    **error)
{
  guint n = json_array_get_length (lots);

  for (guint i = 0; i < n; i++)
    {
      const char *text = tk_rules_json_node_string (json_array_get_element (lots, i));
      int cell = tk_mp_parse_lot (state, text);

      if (cell < 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("“%s” is not a lot of this city board."), text != NULL ? text : "?");
          return FALSE;
        }
      if (state->owner[cell] >= 0)
        {
          char name[4];
          tk_mp_lot_name (state, cell, name);
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Lot %s already belongs to %s."), name,
                       tk_mp_player_name (state, state->owner[cell]));
          return FALSE;
        }
      for (int j = 0; j < taken_so_far + (int) i; j++)
        if (cells[j] == cell)
          {
            g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                         _("Lot %s is named twice."), text);
            return FALSE;
          }
      cells[taken_so_far + i] = cell;
    }
  (void) seat;
  return TRUE;
}

void
tk_mp_take_deed (TkMpState *state,
                 int        seat,
                 int        cell)
{
  state->owner[cell] = seat;
  state->players[seat].deeds++;
  state->players[seat].markers--;
}

void
tk_mp_after_deal (TkMpState *state)
{
  for (guint p = 0; p < state->n_players; p++)
    if (state->players[p].deeds < START_DEEDS)
      return;
  state->phase = PHASE_MARKET;
}

/* ---- turns ---- */

/* After a turn: the next player, and the end of the year after the final turns. */
void
tk_mp_next_turn (TkMpState *state)
{
  state->current = (state->current + 1) % state->n_players;
  if (state->phase == PHASE_FINAL && --state->final_turns_left == 0)
    tk_mp_end_year (state);
}

gboolean
tk_mp_apply_deal (TkMpState   *state,
                  JsonObject  *action,
                  GError     **error)
{
  JsonArray *lots = tk_rules_json_get_array (action, "lots");
  int cells[START_DEEDS];
  guint seat;
  guint n;

  if (state->phase != PHASE_DEAL)
    return tk_mp_illegal (error, _("The starting deeds are already dealt."));
  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (lots == NULL || (n = json_array_get_length (lots)) < 1)
    return invalid (error, _("The action has no list of “%s”."), "lots");
  if (state->players[seat].deeds + (int) n > START_DEEDS)
    return tk_mp_illegal (error, _("%s would have more than 6 starting deeds."),
                          tk_mp_player_name (state, seat));
  if (!tk_mp_check_new_deeds (state, seat, lots, cells, 0, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    tk_mp_take_deed (state, seat, cells[i]);
  tk_mp_after_deal (state);
  return TRUE;
}

gboolean
tk_mp_apply_draft (TkMpState   *state,
                   JsonObject  *action,
                   GError     **error)
{
  JsonArray *picks = tk_rules_json_get_array (action, "picks");
  int cells[MAX_PLAYERS];

  if (state->phase != PHASE_DEAL)
    return tk_mp_illegal (error, _("The starting deeds are already dealt."));
  if (picks == NULL || json_array_get_length (picks) != state->n_players)
    return invalid (error, _("A draft round needs one lot per seat in “%s”."), "picks");
  for (guint p = 0; p < state->n_players; p++)
    if (state->players[p].deeds >= START_DEEDS)
      return tk_mp_illegal (error, _("%s already has 6 starting deeds."),
                            tk_mp_player_name (state, p));
  if (!tk_mp_check_new_deeds (state, 0, picks, cells, 0, error))
    return FALSE;
  for (guint p = 0; p < state->n_players; p++)
    tk_mp_take_deed (state, p, cells[p]);
  tk_mp_after_deal (state);
  return TRUE;
}

int
tk_mp_market_want (TkMpState *state)
{
  return MIN (state->n_slots, state->deck_left);
}

gboolean
tk_mp_apply_market (TkMpState   *state,
                    JsonObject  *action,
                    GError     **error)
{
  JsonArray *lots = tk_rules_json_get_array (action, "lots");
  int cells[MAX_SLOTS];
  int want = tk_mp_market_want (state);

  if (state->phase != PHASE_MARKET)
    return tk_mp_illegal (error,
                          state->phase == PHASE_DEAL
                          ? _("The starting deeds are not all dealt yet.")
                          : _("The deeds for sale are entered only at the start of a year."));
  if (lots == NULL)
    return invalid (error, _("The action has no list of “%s”."), "lots");
  if ((int) json_array_get_length (lots) != want)
    return tk_mp_illegal (error, _("Year %d starts with %d deeds for sale, not %u."),
                          state->year + 1, want, json_array_get_length (lots));
  if (!tk_mp_check_new_deeds (state, 0, lots, cells, 0, error))
    return FALSE;
  for (int s = 0; s < want; s++)
    state->market[s] = cells[s];
  state->deck_left -= want;
  state->phase = want > 0 ? PHASE_PLAY : PHASE_FINAL;
  state->current = state->first_player;
  state->final_turns_left = state->n_players;
  return TRUE;
}

gboolean
tk_mp_apply_income (TkMpState   *state,
                    JsonObject  *action,
                    GError     **error)
{
  int seat, amount;

  if (!tk_mp_turn_seat (state, action, &seat, error))
    return FALSE;
  amount = state->income_base + tk_mp_commercial_coins (state, seat);
  state->players[seat].coins += amount;
  state->players[seat].coins_received += amount;
  tk_mp_next_turn (state);
  return TRUE;
}

gboolean
tk_mp_apply_buy (TkMpState   *state,
                 JsonObject  *action,
                 GError     **error)
{
  JsonNode *slot_node = tk_rules_json_member (action, "slot");
  JsonNode *reveal_node = tk_rules_json_member (action, "reveal");
  TkMpPlayer *player;
  int seat, slot, price, cell, revealed = -1;

  if (!tk_mp_turn_seat (state, action, &seat, error))
    return FALSE;
  player = &state->players[seat];
  if (market_count (state) == 0)
    return tk_mp_illegal (error,
                          _("No deeds are left for sale this year: only income or building."));
  if (!tk_rules_json_node_is_int (slot_node))
    return invalid (error, _("The action has no whole number “%s”."), "slot");
  if (json_node_get_int (slot_node) < 0 || json_node_get_int (slot_node) >= state->n_slots ||
      state->market[json_node_get_int (slot_node)] < 0)
    return tk_mp_illegal (error, _("There is no deed in that slot."));
  slot = (int) json_node_get_int (slot_node);
  price = state->prices[slot];
  cell = state->market[slot];
  if (player->markers < 1)
    return tk_mp_illegal (error, _("%s has no free lot marker: build first to free some."),
                          tk_mp_player_name (state, seat));
  if (player->coins < price)
    return tk_mp_illegal (error, _("%s has %d coins; this deed costs %d."),
                          tk_mp_player_name (state, seat), player->coins, price);
  if (state->deck_left > 0)
    {
      char text[4];

      if (reveal_node == NULL)
        return tk_mp_illegal (error, _("Enter the deed revealed for the last slot."));
      revealed = tk_mp_parse_lot (state, tk_rules_json_node_string (reveal_node));
      if (revealed < 0)
        return tk_mp_illegal (error, _("“%s” is not a lot of this city board."),
                              tk_rules_json_node_string (reveal_node) != NULL
                              ? tk_rules_json_node_string (reveal_node) : "?");
      tk_mp_lot_name (state, revealed, text);
      if (state->owner[revealed] >= 0)
        return tk_mp_illegal (error, _("Lot %s already belongs to %s."), text,
                              tk_mp_player_name (state, state->owner[revealed]));
      if (in_market (state, revealed) >= 0)
        return tk_mp_illegal (error, _("Lot %s is already for sale."), text);
    }
  else if (reveal_node != NULL && !JSON_NODE_HOLDS_NULL (reveal_node))
    return tk_mp_illegal (error, _("This year’s deck is empty: the market is not refilled."));

  player->coins -= price;
  player->coins_paid += price;
  tk_mp_take_deed (state, seat, cell);
  for (int s = slot; s + 1 < state->n_slots; s++)
    state->market[s] = state->market[s + 1];
  state->market[state->n_slots - 1] = revealed;
  if (revealed >= 0)
    state->deck_left--;
  state->last_buyer = seat;
  if (market_count (state) == 0)
    {
      /* the token goes to the left of the last buyer, who starts the final turns */
      state->first_player = (seat + 1) % state->n_players;
      state->phase = PHASE_FINAL;
      state->final_turns_left = state->n_players;
      state->current = state->first_player;
      return TRUE;
    }
  tk_mp_next_turn (state);
  return TRUE;
}

#define MAX_REASON 500

gboolean
tk_mp_apply_coins (TkMpState   *state,
                   JsonObject  *action,
                   GError     **error)
{
  const char *reason = tk_rules_json_get_string (action, "reason");
  TkMpPlayer *player;
  gint64 delta;
  guint seat;

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error) ||
      !tk_rules_json_read_int (action, "delta", -MAX_COINS, MAX_COINS, TK_RULES_JSON_REQUIRED,
                               &delta, error))
    return FALSE;
  if (delta == 0)
    return invalid (error, _("The action has no valid “%s”."), "delta");
  if (reason == NULL || !g_utf8_validate (reason, -1, NULL) ||
      strspn (reason, " \t\r\n") == strlen (reason) || g_utf8_strlen (reason, -1) > MAX_REASON)
    return tk_mp_illegal (error, _("A coin correction needs a reason."));
  player = &state->players[seat];
  if (player->coins + delta < 0)
    return tk_mp_illegal (error, _("%s has only %d coins."), tk_mp_player_name (state, (int) seat),
                          player->coins);
  if (player->coins + delta > MAX_COINS)
    return tk_mp_illegal (error, _("That is more coins than the bank keeps books for."));
  player->coins += (int) delta;
  if (delta > 0)
    player->coins_received += delta;
  else
    player->coins_paid += -delta;
  return TRUE;
}
