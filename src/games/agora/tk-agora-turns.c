/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-turns.c — Agora: the turn actions and the events.
 *
 * The first card, income, the draw with its fire, flood or festival, placing the card, buying
 * a shop or passing, and the correction of a shop (edit_shop): the action dispatch behind the
 * TkRules apply.  Apart from tk-agora-rules.c so that a turn reads in one place.
 */
#define G_LOG_DOMAIN "tk-agora"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-agora-rules-private.h"

static const char *const event_names[] = { "none", "fire", "flood", "festival" };

/* ---- actions ---- */

static Event
read_event (JsonObject  *action,
            gboolean     required,
            GError     **error,
            gboolean    *ok)
{
  JsonNode *node = tk_rules_json_member (action, "event");
  const char *name = tk_rules_json_node_string (node);

  *ok = TRUE;
  if (node == NULL && !required)
    return EVENT_NONE;
  for (guint e = 0; name != NULL && e < G_N_ELEMENTS (event_names); e++)
    if (g_str_equal (name, event_names[e]) && (e != EVENT_NONE || !required))
      return e;
  *ok = FALSE;
  if (required)
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                 _("The card carries the active player's letter: say which event it shows "
                   "(fire, flood or festival)."));
  else
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                 _("The event must be fire, flood, festival or none."));
  return EVENT_NONE;
}

static void
fire (TkAgState *state,
      Shop      *burnt)
{
  g_autoptr(GArray) cards = g_array_copy (burnt->cards);

  g_ptr_array_remove (state->shops, burnt);
  for (guint i = state->shops->len; i > 0; i--)
    {
      Shop *shop = state->shops->pdata[i - 1];

      for (guint c = 0; c < cards->len; c++)
        for (guint k = 0; k < shop->cards->len; k++)
          if (g_array_index (shop->cards, guint, k) == g_array_index (cards, guint, c))
            {
              g_array_remove_index (shop->cards, k);
              break;
            }
      if (shop->cards->len == 0)
        g_ptr_array_remove_index (state->shops, i - 1);
    }
  state->on_table -= cards->len;
  state->removed += cards->len;
}

static gboolean
check_phase (TkAgState    *state,
             TkAgoraPhase  wanted,
             GError      **error)
{
  if (state->phase == wanted)
    return TRUE;
  switch (state->phase)
    {
    case TK_AGORA_PHASE_OVER:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, _("The game is over."));
      break;
    case TK_AGORA_PHASE_FIRST_CARD:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("Turn up the first card first."));
      break;
    case TK_AGORA_PHASE_INCOME:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s collects income first."), tk_ag_player_name (state, state->active));
      break;
    case TK_AGORA_PHASE_DRAW:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s draws a card first."), tk_ag_player_name (state, state->active));
      break;
    case TK_AGORA_PHASE_PLACE:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s places the drawn card first."), tk_ag_player_name (state, state->active));
      break;
    case TK_AGORA_PHASE_BUY:
    default:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s buys a shop or passes first."), tk_ag_player_name (state, state->active));
      break;
    }
  return FALSE;
}

gboolean
tk_ag_apply (gpointer     data,
             JsonObject  *action,
             GError     **error)
{
  TkAgState *state = data;
  const char *type = tk_rules_json_read_type (action, error);

  if (type == NULL)
    return FALSE;

  if ((g_str_equal (type, "income") || g_str_equal (type, "draw") ||
       g_str_equal (type, "place") || g_str_equal (type, "buy") || g_str_equal (type, "pass")) &&
      !tk_rules_check_turn_seat (action, state->setup, state->n_players,
                                 state->active, error))
    return FALSE;

  if (g_str_equal (type, "first_card"))
    {
      Placement p = { 0 };
      int letter, first = -1;
      gint64 seat;

      if (!check_phase (state, TK_AGORA_PHASE_FIRST_CARD, error) ||
          !tk_ag_read_letter (action, &letter, error))
        return FALSE;
      for (guint s = 0; s < state->n_players; s++)
        if (state->letter[s] == letter)
          first = s;
      if (first < 0)
        {
          /* Nobody has the letter: the first player was drawn at random at the table. */
          if (!tk_rules_json_read_int (action, "seat", 0, state->n_players - 1, -1, &seat, error))
            {
              g_clear_error (error);
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("Nobody has the letter %c: say who was chosen at random to "
                             "start."), 'A' + letter);
              return FALSE;
            }
          first = seat;
        }
      else if (json_object_has_member (action, "seat") &&
               (!tk_rules_json_node_is_int (tk_rules_json_member (action, "seat")) ||
                json_object_get_int_member (action, "seat") != first))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("The letter %c names %s as the first player."), 'A' + letter,
                       tk_ag_player_name (state, first));
          return FALSE;
        }
      if (json_object_has_member (action, "extend") || json_object_has_member (action, "merge") ||
          json_object_has_member (action, "doors"))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The first card lies alone: it only has new shops."));
          return FALSE;
        }
      if (!tk_ag_read_placement (state, action, &p, error))
        {
          tk_ag_placement_clear (&p);
          return FALSE;
        }
      state->deck[letter]--;
      state->cards_placed++;
      state->on_table++;
      tk_ag_apply_placement (state, &p, state->cards_placed);
      tk_ag_placement_clear (&p);
      state->active = first;
      state->phase = TK_AGORA_PHASE_INCOME;
      return TRUE;
    }

  if (g_str_equal (type, "income"))
    {
      guint seat = state->active;
      gint64 amount;

      if (!check_phase (state, TK_AGORA_PHASE_INCOME, error))
        return FALSE;
      amount = state->turns[seat] == 0 ? 0 : tk_ag_shop_income (state, seat);
      state->turns[seat]++;
      state->money[seat] += amount;
      state->income[seat] += amount;
      state->phase = TK_AGORA_PHASE_DRAW;
      if (tk_ag_past_goal (state, state->money[seat]))
        tk_ag_finish_richest (state, 1u << seat, END_INCOME);
      return TRUE;
    }

  if (g_str_equal (type, "draw"))
    {
      int letter;
      gboolean hit, ok;
      Event event;

      if (!check_phase (state, TK_AGORA_PHASE_DRAW, error) ||
          !tk_ag_read_letter (action, &letter, error))
        return FALSE;
      if (state->deck[letter] == 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("No card with the letter %c is left in the deck."), 'A' + letter);
          return FALSE;
        }
      hit = letter == state->letter[state->active];
      event = read_event (action, hit, error, &ok);
      if (!ok)
        return FALSE;
      state->deck[letter]--;
      state->drawn = letter;
      state->phase = TK_AGORA_PHASE_PLACE;
      if (!hit)
        return TRUE;
      if (event == EVENT_FIRE || event == EVENT_FLOOD)
        {
          Shop *largest = tk_ag_largest_shop (state);

          if (largest != NULL && event == EVENT_FIRE)
            fire (state, largest);
          else if (largest != NULL)
            largest->owner = -1;
        }
      else if (event == EVENT_FESTIVAL)
        {
          guint past = 0;

          for (guint seat = 0; seat < state->n_players; seat++)
            {
              gint64 amount = tk_ag_shop_income (state, seat);

              state->money[seat] += amount;
              state->festival[seat] += amount;
              if (tk_ag_past_goal (state, state->money[seat]))
                past |= 1u << seat;
            }
          if (past != 0)
            tk_ag_finish_richest (state, past, END_FESTIVAL);
        }
      return TRUE;
    }

  if (g_str_equal (type, "place"))
    {
      Placement p = { 0 };

      if (!check_phase (state, TK_AGORA_PHASE_PLACE, error))
        return FALSE;
      if (!tk_ag_read_placement (state, action, &p, error))
        {
          tk_ag_placement_clear (&p);
          return FALSE;
        }
      state->drawn = -1;
      state->cards_placed++;
      state->on_table++;
      tk_ag_apply_placement (state, &p, state->cards_placed);
      tk_ag_placement_clear (&p);
      state->phase = TK_AGORA_PHASE_BUY;
      if (tk_ag_deck_total (state) == 0)
        tk_ag_finish_richest (state, (1u << state->n_players) - 1, END_DECK);
      return TRUE;
    }

  if (g_str_equal (type, "buy"))
    {
      gint64 id;
      Shop *shop;

      if (!check_phase (state, TK_AGORA_PHASE_BUY, error) ||
          !tk_rules_json_read_int (action, "shop", 1, G_MAXUINT32, -1, &id, error))
        return FALSE;
      shop = tk_ag_find_shop (state, id);
      if (shop == NULL)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("There is no shop %" PRId64 " on the table."), id);
          return FALSE;
        }
      if (shop->owner >= 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Shop %u already belongs to %s."), shop->id,
                       tk_ag_player_name (state, shop->owner));
          return FALSE;
        }
      if (shop->marks == 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Shop %u has no circle for a counter, so it cannot be bought."),
                       shop->id);
          return FALSE;
        }
      shop->owner = state->active;
      state->money[state->active] -= shop->doors;
      state->spent[state->active] += shop->doors;
      state->active = (state->active + 1) % state->n_players;
      state->phase = TK_AGORA_PHASE_INCOME;
      return TRUE;
    }

  if (g_str_equal (type, "pass"))
    {
      if (!check_phase (state, TK_AGORA_PHASE_BUY, error))
        return FALSE;
      state->active = (state->active + 1) % state->n_players;
      state->phase = TK_AGORA_PHASE_INCOME;
      return TRUE;
    }

  if (g_str_equal (type, "edit_shop"))
    {
      gint64 id, marks, doors;
      Shop *shop;

      if (state->phase == TK_AGORA_PHASE_OVER)
        return check_phase (state, TK_AGORA_PHASE_INCOME, error);
      if (!tk_rules_json_read_int (action, "shop", 1, G_MAXUINT32, -1, &id, error))
        return FALSE;
      if ((shop = tk_ag_find_shop (state, id)) == NULL)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("There is no shop %" PRId64 " on the table."), id);
          return FALSE;
        }
      if (!tk_rules_json_read_int (action, "marks", 0, MAX_COUNT, shop->marks, &marks, error) ||
          !tk_rules_json_read_int (action, "doors", 0, MAX_COUNT, shop->doors, &doors, error))
        return FALSE;
      if (marks == 0 && shop->owner >= 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("An owned shop keeps at least one counter."));
          return FALSE;
        }
      shop->marks = marks;
      shop->doors = doors;
      return TRUE;
    }

  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("Agora does not know the action “%s”."), type);
  return FALSE;
}
