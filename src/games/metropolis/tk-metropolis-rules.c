/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-rules.c — Foundations of Metropolis.
 *
 * The players keep their physical boards; the engine keeps the bank, the deed market, who owns
 * which lot, what stands on it, the year flow and the three year-end scorings.  The rules are
 * the seed text (../shared/seeds/000_…), with the numbers it does not print taken from
 * ../shared/rules/metropolis.md as editable rule tables in the setup (see docs/formats.md,
 * "Foundations of Metropolis", for the setup and every action).
 *
 * Lots are named by column letter and row number ("B2"); seats count from 0.  The state is
 * made of fixed-size arrays only, so a copy is a memcpy plus a reference on the setup.
 *
 * This file holds the TkRules vtable, the action dispatch, the state as JSON and the ledger
 * lines; the setup, the city, the market and the scoring are in the files named in
 * tk-metropolis-rules-private.h, which also holds the state.
 */
#define G_LOG_DOMAIN "tk-metropolis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-metropolis-rules-private.h"

static const char *const phase_names[] = { "deal", "market", "play", "final_turns", "over" };

static const char *
get_name (void)
{
  return _("Foundations of Metropolis");
}

/* ---- actions ---- */

static gboolean
apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  TkMpState *state = data;
  g_autofree TkMpState *work = g_memdup2 (state, sizeof (TkMpState));
  const char *type = tk_rules_json_read_type (action, error);
  gboolean ok;

  if (type == NULL)
    return FALSE;

  /* every handler validates before it changes anything; working on a copy makes sure */
  if (g_str_equal (type, "deal"))
    ok = tk_mp_apply_deal (work, action, error);
  else if (g_str_equal (type, "draft_round"))
    ok = tk_mp_apply_draft (work, action, error);
  else if (g_str_equal (type, "market"))
    ok = tk_mp_apply_market (work, action, error);
  else if (g_str_equal (type, "income"))
    ok = tk_mp_apply_income (work, action, error);
  else if (g_str_equal (type, "buy"))
    ok = tk_mp_apply_buy (work, action, error);
  else if (g_str_equal (type, "build"))
    ok = tk_mp_apply_build (work, action, error);
  else if (g_str_equal (type, "coins"))
    ok = tk_mp_apply_coins (work, action, error);
  else
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("Foundations of Metropolis does not know the action “%s”."), type);
      return FALSE;
    }
  if (ok)
    memcpy (state, work, sizeof (TkMpState));
  return ok;
}

/* ---- export ---- */

static JsonObject *
to_json (gpointer data)
{
  TkMpState *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *market = json_array_new ();
  JsonArray *board = json_array_new ();
  JsonArray *players = json_array_new ();
  JsonArray *tiles = json_array_new ();
  int preview[MAX_PLAYERS][N_CATS], preview_coins[MAX_PLAYERS];

  json_object_set_string_member (object, "rules", TK_METROPOLIS_RULES_ID);
  json_object_set_string_member (object, "phase", phase_names[state->phase]);
  json_object_set_int_member (object, "year", state->year + 1);
  json_object_set_int_member (object, "years_scored", state->years_scored);
  json_object_set_int_member (object, "board_size", state->side);
  json_object_set_int_member (object, "current", state->current);
  json_object_set_int_member (object, "first_player", state->first_player);
  json_object_set_int_member (object, "last_buyer", state->last_buyer);
  json_object_set_int_member (object, "final_turns_left",
                              state->phase == PHASE_FINAL ? state->final_turns_left : 0);
  json_object_set_int_member (object, "deck_left", state->deck_left);
  json_object_set_int_member (object, "market_want", tk_mp_market_want (state));
  json_object_set_array_member (object, "year_deck_sizes",
                                tk_mp_int_array (state->deck_sizes, N_YEARS));
  for (int s = 0; s < state->n_slots; s++)
    {
      JsonObject *slot = json_object_new ();
      char name[4];

      json_object_set_int_member (slot, "price", state->prices[s]);
      if (state->market[s] >= 0)
        {
          tk_mp_lot_name (state, state->market[s], name);
          json_object_set_string_member (slot, "lot", name);
        }
      else
        json_object_set_null_member (slot, "lot");
      json_array_add_object_element (market, slot);
    }
  json_object_set_array_member (object, "market", market);
  for (int c = 0; c < state->side * state->side; c++)
    {
      JsonObject *lot = json_object_new ();
      char name[4];

      tk_mp_lot_name (state, c, name);
      json_object_set_string_member (lot, "lot", name);
      json_object_set_int_member (lot, "owner", state->owner[c]);
      if (state->tile[c] >= 0)
        {
          char anchor[4];

          tk_mp_lot_name (state, state->anchor[c], anchor);
          json_object_set_string_member (lot, "tile", state->tiles[state->tile[c]].code);
          json_object_set_int_member (lot, "tile_row", state->tile[c]);
          json_object_set_string_member (lot, "building", anchor);
        }
      json_array_add_object_element (board, lot);
    }
  json_object_set_array_member (object, "board", board);
  for (guint t = 0; t < state->n_tiles; t++)
    {
      JsonObject *tile = json_object_new ();

      json_object_set_string_member (tile, "code", state->tiles[t].code);
      json_object_set_string_member (tile, "name", state->tiles[t].name);
      json_object_set_string_member (tile, "type", tk_mp_type_names[state->tiles[t].type]);
      json_object_set_int_member (tile, "count", state->tiles[t].count);
      json_object_set_int_member (tile, "size", state->tiles[t].size);
      json_array_add_object_element (tiles, tile);
    }
  json_object_set_array_member (object, "tiles", tiles);

  /* what a year end would give now (the panel shows it during the year) */
  tk_mp_year_points (state, MIN (state->year, N_YEARS - 1), preview, preview_coins);
  for (guint p = 0; p < state->n_players; p++)
    {
      TkMpPlayer *player = &state->players[p];
      JsonObject *o = json_object_new ();
      JsonObject *now = json_object_new ();
      JsonArray *scored = json_array_new ();
      gint64 preview_total = 0;

      json_object_set_int_member (o, "seat", p);
      json_object_set_int_member (o, "coins", player->coins);
      json_object_set_int_member (o, "starting_coins",
                                  state->start_coins[(p + state->n_players - state->first_seat)
                                                     % state->n_players]);
      json_object_set_int_member (o, "coins_received", player->coins_received);
      json_object_set_int_member (o, "coins_paid", player->coins_paid);
      json_object_set_int_member (o, "markers", player->markers);
      json_object_set_int_member (o, "deeds", player->deeds);
      json_object_set_int_member (o, "population", tk_mp_population (state, p));
      json_object_set_int_member (o, "income",
                                  state->income_base + tk_mp_commercial_coins (state, p));
      json_object_set_array_member (o, "supply", tk_mp_int_array (player->supply, state->n_tiles));
      for (int y = 0; y < state->years_scored; y++)
        json_array_add_array_element (scored, tk_mp_int_array (player->points[y], N_CATS));
      json_object_set_array_member (o, "scored", scored);
      json_object_set_int_member (o, "prestige", tk_mp_player_total (state, p));
      for (int c = 0; c < N_CATS; c++)
        {
          json_object_set_int_member (now, tk_mp_cat_ids[c], preview[p][c]);
          preview_total += preview[p][c];
        }
      json_object_set_int_member (now, "total", preview_total);
      json_object_set_int_member (now, "coins", preview_coins[p]);
      json_object_set_object_member (o, "year_end_preview", now);
      json_array_add_object_element (players, o);
    }
  json_object_set_array_member (object, "players", players);
  return object;
}

/* ---- ledger lines ---- */

static char *
lots_text (JsonArray *lots)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; lots != NULL && i < json_array_get_length (lots); i++)
    {
      const char *lot = tk_rules_json_node_string (json_array_get_element (lots, i));

      if (i > 0)
        g_string_append (text, _(", "));
      g_string_append (text, lot != NULL ? lot : "?");
    }
  return g_string_free (text, FALSE);
}

static char *describe_one (TkMpState  *state,
                           JsonObject *action);

/* The line of @action, with a note when it ends a year (its scoring happens with it). */
static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  TkMpState *state = data;
  g_autofree char *line = describe_one (state, action);
  g_autofree TkMpState *after = g_memdup2 (state, sizeof (TkMpState));

  if (apply (after, action, NULL) && after->years_scored > state->years_scored)
    /* TRANSLATORS: a ledger line followed by the end of a year, e.g.
     * "Ana takes income: +8 coins — year 1 scored" */
    return g_strdup_printf (_("%s — year %d scored"), line, after->years_scored);
  return g_steal_pointer (&line);
}

static char *
describe_one (TkMpState  *state,
              JsonObject *action)
{
  const char *type = tk_rules_json_type (action);
  JsonNode *seat_node = tk_rules_json_member (action, "seat");
  int seat = tk_rules_json_node_is_int (seat_node) && json_node_get_int (seat_node) >= 0 &&
             json_node_get_int (seat_node) < state->n_players
             ? (int) json_node_get_int (seat_node)
             : (state->current >= 0 ? state->current : 0);
  const char *name = tk_mp_player_name (state, seat);

  if (g_strcmp0 (type, "deal") == 0)
    {
      g_autofree char *lots = lots_text (tk_rules_json_get_array (action, "lots"));
      /* TRANSLATORS: "Ana is dealt A1, B2, C3" */
      return g_strdup_printf (_("%s is dealt %s"), name, lots);
    }
  if (g_strcmp0 (type, "draft_round") == 0)
    {
      g_autofree char *lots = lots_text (tk_rules_json_get_array (action, "picks"));
      return g_strdup_printf (_("Draft picks: %s"), lots);
    }
  if (g_strcmp0 (type, "market") == 0)
    {
      g_autofree char *lots = lots_text (tk_rules_json_get_array (action, "lots"));
      return g_strdup_printf (_("Year %d deeds for sale: %s"), state->year + 1, lots);
    }
  if (g_strcmp0 (type, "income") == 0)
    return g_strdup_printf (_("%s takes income: +%d coins"), name,
                            state->income_base + tk_mp_commercial_coins (state, seat));
  if (g_strcmp0 (type, "buy") == 0)
    {
      JsonNode *slot = tk_rules_json_member (action, "slot");
      const char *reveal = tk_rules_json_get_string (action, "reveal");
      int s = tk_rules_json_node_is_int (slot) ? (int) json_node_get_int (slot) : -1;
      char lot[4] = "?";

      if (s >= 0 && s < state->n_slots && state->market[s] >= 0)
        tk_mp_lot_name (state, state->market[s], lot);
      else
        s = -1;
      if (reveal != NULL)
        /* TRANSLATORS: "Ana buys B2 for 6 coins; C4 is revealed" */
        return g_strdup_printf (_("%s buys %s for %d coins; %s is revealed"), name, lot,
                                s >= 0 ? state->prices[s] : 0, reveal);
      return g_strdup_printf (_("%s buys %s for %d coins"), name, lot,
                              s >= 0 ? state->prices[s] : 0);
    }
  if (g_strcmp0 (type, "build") == 0)
    {
      const char *code = tk_rules_json_get_string (action, "tile");
      int t = code != NULL ? tk_mp_find_tile_code (state, code) : -1;
      g_autofree char *lots = lots_text (tk_rules_json_get_array (action, "lots"));

      /* TRANSLATORS: "Ana builds Hotel (C) on B2, B3, C3" */
      return g_strdup_printf (_("%s builds %s (%s) on %s"), name,
                              t >= 0 ? state->tiles[t].name : "?", code != NULL ? code : "?",
                              lots);
    }
  if (g_strcmp0 (type, "coins") == 0)
    {
      JsonNode *delta = tk_rules_json_member (action, "delta");
      const char *reason = tk_rules_json_get_string (action, "reason");

      /* TRANSLATORS: "Coins corrected: Ana +3 (paid the wrong price)" */
      return g_strdup_printf (_("Coins corrected: %s %+d (%s)"), name,
                              tk_rules_json_node_is_int (delta) ? (int) json_node_get_int (delta)
                                                                : 0,
                              reason != NULL ? reason : "");
    }
  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

/* The count of players is the vtable's to check (its name and range), before the setup's own
 * members; so tk-metropolis-setup.c never calls back up into this file. */
static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  if (!tk_rules_check_setup_players (tk_metropolis_rules_get (), setup, error))
    return NULL;
  return tk_mp_state_new (setup, error);
}

gboolean
tk_metropolis_rules_check_buy (gpointer   data,
                               int        slot,
                               GError   **error)
{
  /* the state is flat: a copy on the stack takes the buy, the setup only read */
  TkMpState work = *(TkMpState *) data;
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "buy");
  json_object_set_int_member (action, "slot", slot);
  /* the revealed deed does not decide: any lot free of owners and of the market stands in */
  for (int cell = 0; work.deck_left > 0 && cell < work.side * work.side; cell++)
    {
      gboolean for_sale = FALSE;
      char name[4];

      for (int s = 0; s < work.n_slots; s++)
        for_sale |= work.market[s] == cell;
      if (work.owner[cell] >= 0 || for_sale)
        continue;
      tk_mp_lot_name (&work, cell, name);
      json_object_set_string_member (action, "reveal", name);
      break;
    }
  return tk_mp_apply_buy (&work, action, error);
}

static const TkRules metropolis_rules = {
  .id = TK_METROPOLIS_RULES_ID,
  .get_name = get_name,
  .min_players = MIN_PLAYERS,
  .max_players = MAX_PLAYERS,
  .default_setup = tk_mp_default_setup,
  .state_new = state_new,
  .state_copy = tk_mp_state_copy,
  .apply = apply,
  .score = tk_mp_score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = tk_mp_state_free,
};

const TkRules *
tk_metropolis_rules_get (void)
{
  return &metropolis_rules;
}
