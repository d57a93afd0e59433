/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-rules.c — Agora (Cheapass Games 2002, James Ernest).
 *
 * The cards stay on the real table; the engine keeps the money, the deck (cards left per
 * letter), the shops (owner, marks = circles, open doors, the cards each lies on), the turn
 * (income → draw → place → buy or pass) and the end.  Decisions (rules/README.md, seed 001):
 *  - counters: buying or extending puts the owner's counter on every circle, so an owned shop
 *    has as many counters as marks and an unowned one none; "largest" = most counters, so only
 *    owned shops can be largest, and a tie for most does nothing;
 *  - fire removes the largest shop and every card it lies on; other shops lose those cards
 *    (a shop left on no card is gone; the others are corrected with edit_shop);
 *  - flood makes the largest shop unowned (its counters are washed away);
 *  - festival pays every player the income of their shops at once; players past the goal:
 *    the richest wins, an exact tie is a draw;
 *  - only an unowned shop with at least one circle can be bought; its price is its open doors;
 *  - money may go negative (borrowing);
 *  - the game ends when the last card of the deck is placed: the richest wins (ties: draw).
 * Setup members and actions: see docs/formats.md, "## Agora".
 *
 * This file holds the TkRules vtable, the state as JSON and typed, and the ledger lines; the
 * setup and the deck, the shops and the placement of a card, the turn actions and the events,
 * and the score are in the files named in tk-agora-rules-private.h, which also holds the state.
 */
#define G_LOG_DOMAIN "tk-agora"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-agora-rules-private.h"

static const char *const phase_names[] = { "first_card", "income", "draw", "place", "buy",
                                           "over" };
static const char *const goal_names[] = { "over", "reach" };
const char *const tk_ag_end_names[] = { "none", "income", "festival", "deck" };

static const char *
get_name (void)
{
  return _("Agora");
}

/* ---- state as JSON ---- */

static JsonObject *
to_json (gpointer data)
{
  TkAgState *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *shops = json_array_new ();
  JsonObject *deck = json_object_new ();

  for (guint seat = 0; seat < state->n_players; seat++)
    {
      JsonObject *player = json_object_new ();
      char letter[2] = { (char) ('A' + state->letter[seat]), '\0' };

      json_object_set_string_member (player, "letter", letter);
      json_object_set_int_member (player, "money", state->money[seat]);
      json_object_set_int_member (player, "income", state->income[seat]);
      json_object_set_int_member (player, "festival", state->festival[seat]);
      json_object_set_int_member (player, "spent", state->spent[seat]);
      json_object_set_int_member (player, "turns", state->turns[seat]);
      json_object_set_int_member (player, "shop_income", tk_ag_shop_income (state, seat));
      json_object_set_double_member (player, "next_card_hits",
                                     tk_agora_rules_hit_chance (state, seat));
      json_object_set_boolean_member (player, "winner", tk_ag_is_winner (state, seat));
      json_array_add_object_element (players, player);
    }
  for (guint i = 0; i < state->shops->len; i++)
    {
      Shop *shop = state->shops->pdata[i];
      JsonObject *entry = json_object_new ();
      JsonArray *cards = json_array_new ();

      for (guint c = 0; c < shop->cards->len; c++)
        json_array_add_int_element (cards, g_array_index (shop->cards, guint, c));
      json_object_set_int_member (entry, "id", shop->id);
      if (shop->owner >= 0)
        json_object_set_int_member (entry, "owner", shop->owner);
      else
        json_object_set_null_member (entry, "owner");
      json_object_set_int_member (entry, "marks", shop->marks);
      json_object_set_int_member (entry, "counters", tk_ag_counters (shop));
      json_object_set_int_member (entry, "doors", shop->doors);
      json_object_set_array_member (entry, "cards", cards);
      json_array_add_object_element (shops, entry);
    }
  for (guint l = 0; l < N_LETTERS; l++)
    {
      char letter[2] = { (char) ('A' + l), '\0' };
      json_object_set_int_member (deck, letter, state->deck[l]);
    }

  json_object_set_string_member (object, "rules", TK_AGORA_RULES_ID);
  json_object_set_string_member (object, "phase", phase_names[state->phase]);
  json_object_set_int_member (object, "active", state->active);
  json_object_set_array_member (object, "players", players);
  json_object_set_object_member (object, "deck", deck);
  json_object_set_int_member (object, "deck_total", tk_ag_deck_total (state));
  if (state->drawn >= 0)
    {
      char letter[2] = { (char) ('A' + state->drawn), '\0' };
      json_object_set_string_member (object, "drawn", letter);
    }
  else
    json_object_set_null_member (object, "drawn");
  json_object_set_int_member (object, "cards_placed", state->cards_placed);
  json_object_set_int_member (object, "cards_on_table", state->on_table);
  json_object_set_int_member (object, "cards_removed", state->removed);
  json_object_set_array_member (object, "shops", shops);
  json_object_set_int_member (object, "next_shop", state->next_shop);
  json_object_set_string_member (object, "goal_rule", goal_names[state->goal_rule]);
  json_object_set_string_member (object, "end", tk_ag_end_names[state->end]);
  return object;
}

/* ---- state, typed (tk-agora-rules.h) ---- */

TkAgoraPhase
tk_agora_rules_phase (gpointer data)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, TK_AGORA_PHASE_OVER);
  return state->phase;
}

guint
tk_agora_rules_active (gpointer data)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  return state->active;
}

guint
tk_agora_rules_n_players (gpointer data)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  return state->n_players;
}

char
tk_agora_rules_drawn (gpointer data)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  return state->drawn >= 0 ? (char) ('A' + state->drawn) : 0;
}

void
tk_agora_rules_card_count (gpointer          data,
                           TkAgoraCardCount *count)
{
  TkAgState *state = data;

  g_return_if_fail (state != NULL && count != NULL);
  count->deck_total = tk_ag_deck_total (state);
  count->placed = state->cards_placed;
  count->on_table = state->on_table;
  count->removed = state->removed;
}

void
tk_agora_rules_seat (gpointer         data,
                     guint            seat,
                     TkAgoraSeatInfo *out)
{
  TkAgState *state = data;

  g_return_if_fail (state != NULL && out != NULL);
  g_return_if_fail (seat < state->n_players);
  out->letter = (char) ('A' + state->letter[seat]);
  out->money = state->money[seat];
  out->shop_income = tk_ag_shop_income (state, seat);
  out->turns = state->turns[seat];
  out->winner = tk_ag_is_winner (state, seat);
  out->rank = tk_ag_rank (state, seat);
}

guint
tk_agora_rules_n_shops (gpointer data)
{
  TkAgState *state = data;

  g_return_val_if_fail (state != NULL, 0);
  return state->shops->len;
}

void
tk_agora_rules_shop (gpointer         data,
                     guint            index,
                     TkAgoraShopInfo *out)
{
  TkAgState *state = data;
  Shop *shop;

  g_return_if_fail (state != NULL && out != NULL);
  g_return_if_fail (index < state->shops->len);
  shop = state->shops->pdata[index];
  out->id = shop->id;
  out->owner = shop->owner;
  out->marks = shop->marks;
  out->counters = tk_ag_counters (shop);
  out->doors = shop->doors;
  out->n_cards = shop->cards->len;
}

/* ---- ledger lines ---- */

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  TkAgState *state = data;
  const char *type = tk_rules_json_get_string (action, "type");
  const char *active = state->n_players > 0 ? tk_ag_player_name (state, state->active) : "?";
  const char *letter = tk_rules_json_get_string (action, "letter");

  if (letter == NULL || tk_ag_letter_index (letter) < 0)
    letter = "?";

  if (g_strcmp0 (type, "first_card") == 0)
    return g_strdup_printf (_("First card: %s"), letter);

  if (g_strcmp0 (type, "income") == 0)
    {
      gint64 amount = state->turns[state->active] == 0 ? 0
                      : tk_ag_shop_income (state, state->active);
      /* TRANSLATORS: "Ana collects $7 income" */
      return g_strdup_printf (_("%s collects $%" PRId64 " income"), active, amount);
    }

  if (g_strcmp0 (type, "draw") == 0)
    {
      const char *event = tk_rules_json_get_string (action, "event");
      gboolean hit = tk_ag_letter_index (letter) == state->letter[state->active];

      if (hit && g_strcmp0 (event, "fire") == 0)
        {
          Shop *largest = tk_ag_largest_shop (state);
          if (largest == NULL)
            return g_strdup_printf (_("%s draws %s: fire, but no single largest shop"),
                                    active, letter);
          return g_strdup_printf (_("%s draws %s: fire burns shop %u (%u cards leave the "
                                    "game)"), active, letter, largest->id, largest->cards->len);
        }
      if (hit && g_strcmp0 (event, "flood") == 0)
        {
          Shop *largest = tk_ag_largest_shop (state);
          if (largest == NULL)
            return g_strdup_printf (_("%s draws %s: flood, but no single largest shop"),
                                    active, letter);
          return g_strdup_printf (_("%s draws %s: flood washes the counters off shop %u"),
                                  active, letter, largest->id);
        }
      if (hit && g_strcmp0 (event, "festival") == 0)
        return g_strdup_printf (_("%s draws %s: festival, everyone collects income"),
                                active, letter);
      /* TRANSLATORS: "Ana draws C" */
      return g_strdup_printf (_("%s draws %s"), active, letter);
    }

  if (g_strcmp0 (type, "place") == 0)
    return g_strdup_printf (_("%s places the card"), active);

  if (g_strcmp0 (type, "buy") == 0)
    {
      JsonNode *node = tk_rules_json_member (action, "shop");
      Shop *shop = tk_rules_json_node_is_int (node)
                   ? tk_ag_find_shop (state, json_node_get_int (node)) : NULL;

      if (shop == NULL)
        return g_strdup_printf (_("%s buys a shop"), active);
      /* TRANSLATORS: "Ana buys shop 4 for $3" */
      return g_strdup_printf (_("%s buys shop %u for $%u"), active, shop->id, shop->doors);
    }

  if (g_strcmp0 (type, "pass") == 0)
    return g_strdup_printf (_("%s buys nothing"), active);

  if (g_strcmp0 (type, "edit_shop") == 0)
    {
      JsonNode *node = tk_rules_json_member (action, "shop");
      Shop *shop = tk_rules_json_node_is_int (node)
                   ? tk_ag_find_shop (state, json_node_get_int (node)) : NULL;

      if (shop == NULL)
        return g_strdup_printf (_("Shop %" PRId64 " corrected"),
                                tk_rules_json_node_is_int (node) ? json_node_get_int (node) : 0);
      /* what was corrected, from what to what: the ledger is read to find a slip */
      /* TRANSLATORS: "Shop 3 corrected: doors 4 → 5, counters 2 → 2" */
      return g_strdup_printf (_("Shop %u corrected: doors %u → %" PRId64 ", counters %u → %" PRId64),
                              shop->id, shop->doors,
                              json_object_get_int_member_with_default (action, "doors", shop->doors),
                              shop->marks,
                              json_object_get_int_member_with_default (action, "marks", shop->marks));
    }

  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

/* The count of players is the vtable's to check (its name and range), before the setup's own
 * members; so tk-agora-setup.c never calls back up into this file. */
static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  if (!tk_rules_check_setup_players (tk_agora_rules_get (), setup, error))
    return NULL;
  return tk_ag_state_new (setup, error);
}

static const TkRules agora_rules = {
  .id = TK_AGORA_RULES_ID,
  .get_name = get_name,
  .min_players = 2,
  .max_players = MAX_PLAYERS,
  .default_setup = tk_ag_default_setup,
  .state_new = state_new,
  .state_copy = tk_ag_state_copy,
  .apply = tk_ag_apply,
  .score = tk_ag_score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = tk_ag_state_free,
};

const TkRules *
tk_agora_rules_get (void)
{
  return &agora_rules;
}
