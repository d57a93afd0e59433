/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-rules.c — City Plan / シティー・プラン (Hammer Works, 2005 prototype rules).
 *
 * The cards stay on the table; the engine keeps each player's tableau (power plants and the
 * buildings each powers), hand size, manifestos, the deck and discard counts, the turn and
 * round, the six income tiles and the score.  No card list was ever published: the card table
 * is part of the setup (editable, stored with the session) and a build may also carry an
 * inline card.  Decisions (rules/README.md, seed 004), all options of the setup:
 *  - build cost: transit authority first (cost ≥ 4 → 3), then −2 per matching station /
 *    airport / port / expressway, never below 0 (seed: コストは0まで減少);
 *  - a construction site may pay the whole cost of a building instead of hand cards; it goes to
 *    the discard pile; a player with a construction site does not end the game;
 *  - turn: draw 1 card (+1 per stadium) or look at manifestos (+1 card per stadium); then
 *    build one card or redraw (2 cards, or 1 card and manifestos); the turn ends at once and
 *    the hand is cut to 8;
 *  - round end: the income tiles in order; a tile fires the first round its condition holds
 *    for someone and then never again; when it fires every player draws by their own count
 *    ("income_draws": "everyone", default) or only the players meeting the condition
 *    ("trigger"); the subsidy gives "subsidy_cards" to every player with at most
 *    "subsidy_max_buildings" buildings;
 *  - the starting power plant counts as a building; the game ends at the end of a round in
 *    which someone has 10 buildings (and no construction site);
 *  - chamber of commerce / employment office points go to two districts as the player
 *    chooses (split action); without a choice, the split that gives the best development bonus.
 * Setup members and actions: see docs/formats.md, "## City Plan".
 *
 * This file holds the TkRules vtable, the state JSON and the ledger lines; the card table and
 * setup, the turns and the scoring are in tk-city-plan-setup.c, -turns.c and -scoring.c,
 * sharing tk-city-plan-rules-private.h.
 */
#define G_LOG_DOMAIN "tk-city-plan"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-city-plan-rules-private.h"

static const char *const phase_names[] = { "draw", "action", "over" };

static const char *
get_name (void)
{
  return _("City Plan");
}

/* ---- state JSON ---- */

/* What each card of the card table costs @player now (a panel shows it before the build). */
static JsonObject *
table_costs (TkCpState  *state,
             TkCpPlayer *player)
{
  JsonObject *costs = json_object_new ();

  for (guint i = 0; i < state->table->len; i++)
    {
      Card *card = &g_array_index (state->table, Card, i);
      json_object_set_int_member (costs, card->id, tk_cp_cost_for (player, card));
    }
  return costs;
}

/* @player's reductions, for a card outside the table: the caps ({from, to}, applied first)
 * and the cards less per type (then, never below 0), as tk_cp_cost_for() applies them. */
static JsonObject *
cost_rules (TkCpPlayer *player)
{
  JsonObject *rules = json_object_new ();
  JsonArray *caps = json_array_new ();
  JsonObject *minus = json_object_new ();
  gint64 per_type[N_TYPES] = { 0 };

  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);

      if (b->card.effect == E_COST_CAP)
        {
          JsonObject *cap = json_object_new ();

          json_object_set_int_member (cap, "from", b->card.cap_from);
          json_object_set_int_member (cap, "to", b->card.cap_to);
          json_array_add_object_element (caps, cap);
        }
      else if (b->card.effect == E_COST_MINUS)
        for (guint t = 0; t < N_TYPES; t++)
          if (b->card.applies & (1u << t))
            per_type[t] += b->card.amount;
    }
  for (guint t = 0; t < N_TYPES; t++)
    json_object_set_int_member (minus, tk_cp_type_names[t], per_type[t]);
  json_object_set_array_member (rules, "cap", caps);
  json_object_set_object_member (rules, "minus", minus);
  return rules;
}

static JsonObject *
to_json (gpointer data)
{
  TkCpState *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *tiles = json_array_new ();

  for (guint s = 0; s < state->n_players; s++)
    {
      TkCpPlayer *p = &state->players[s];
      JsonObject *player = json_object_new ();
      JsonArray *plants = json_array_new ();
      JsonArray *points = json_array_new ();

      for (guint i = 0; i < p->buildings->len; i++)
        {
          Building *plant = &g_array_index (p->buildings, Building, i);
          JsonObject *row;
          JsonArray *powered;

          if (plant->card.type != T_POWER_PLANT)
            continue;
          row = json_object_new ();
          powered = json_array_new ();
          json_object_set_int_member (row, "uid", plant->uid);
          json_object_set_string_member (row, "name", plant->card.name);
          json_object_set_int_member (row, "points", plant->card.points);
          json_object_set_int_member (row, "supply", plant->card.power);
          json_object_set_int_member (row, "used", tk_cp_power_used (p, plant->uid));
          for (guint j = 0; j < p->buildings->len; j++)
            {
              Building *b = &g_array_index (p->buildings, Building, j);
              JsonObject *entry;

              if (b->card.type == T_POWER_PLANT || b->row != plant->uid)
                continue;
              entry = json_object_new ();
              json_object_set_int_member (entry, "uid", b->uid);
              if (b->card.id != NULL)
                json_object_set_string_member (entry, "id", b->card.id);
              json_object_set_string_member (entry, "name", b->card.name);
              json_object_set_string_member (entry, "type", tk_cp_type_names[b->card.type]);
              json_object_set_int_member (entry, "points", b->card.points);
              json_object_set_int_member (entry, "power", b->card.power);
              json_object_set_boolean_member (entry, "eco", b->card.eco);
              json_object_set_string_member (entry, "effect", tk_cp_effect_names[b->card.effect]);
              if (b->card.effect == E_SPLIT_POINTS)
                {
                  JsonArray *split = json_array_new ();

                  json_array_add_string_element (split,
                                                 tk_cp_type_names[__builtin_ctz (b->card.split)]);
                  json_array_add_string_element (split,
                                                 tk_cp_type_names[31 - __builtin_clz (
                                                   b->card.split)]);
                  json_object_set_array_member (entry, "split", split);
                }
              if (b->split_first >= 0)
                json_object_set_int_member (entry, "split_first", b->split_first);
              json_array_add_object_element (powered, entry);
            }
          json_object_set_array_member (row, "buildings", powered);
          json_object_set_boolean_member (row, "eco", plant->card.eco);
          json_array_add_object_element (plants, row);
        }
      json_array_add_int_element (points, p->manifesto_points[0]);
      json_array_add_int_element (points, p->manifesto_points[1]);
      json_object_set_array_member (player, "plants", plants);
      json_object_set_int_member (player, "buildings", p->buildings->len);
      json_object_set_int_member (player, "hand", p->hand);
      json_object_set_int_member (player, "manifestos", p->manifestos);
      json_object_set_array_member (player, "manifesto_points", points);
      json_object_set_int_member (player, "draws_per_turn", 1 + tk_cp_extra_draws (p));
      json_object_set_object_member (player, "costs", table_costs (state, p));
      json_object_set_object_member (player, "cost_rules", cost_rules (p));
      json_array_add_object_element (players, player);
    }
  for (guint t = 0; t < N_TILES; t++)
    {
      JsonObject *tile = json_object_new ();
      JsonArray *draws = json_array_new ();

      for (guint s = 0; s < state->n_players; s++)
        json_array_add_int_element (draws, state->last_income[t][s]);
      json_object_set_string_member (tile, "tile", tk_cp_tile_names[t]);
      json_object_set_boolean_member (tile, "fired", state->tile_fired[t]);
      json_object_set_array_member (tile, "draws", draws);
      json_array_add_object_element (tiles, tile);
    }
  json_object_set_string_member (object, "rules", TK_CITY_PLAN_RULES_ID);
  json_object_set_string_member (object, "phase", phase_names[state->phase]);
  json_object_set_int_member (object, "round", state->round);
  json_object_set_int_member (object, "active", state->active);
  json_object_set_int_member (object, "first", state->first);
  json_object_set_boolean_member (object, "manifesto_this_turn", state->manifesto_this_turn);
  json_object_set_int_member (object, "deck", state->deck);
  json_object_set_int_member (object, "discard", state->discard);
  json_object_set_int_member (object, "manifesto_deck", state->manifesto_deck);
  json_object_set_int_member (object, "next_uid", state->next_uid);
  json_object_set_array_member (object, "players", players);
  json_object_set_array_member (object, "income_tiles", tiles);
  return object;
}

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  TkCpState *state = data;
  const char *type = tk_rules_json_get_string (action, "type");
  const char *active = tk_cp_player_name (state, state->active);

  if (g_strcmp0 (type, "draw") == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s draws %" PRId64 " card",
                                         "%s draws %" PRId64 " cards",
                                         1 + tk_cp_extra_draws (&state->players[state->active])),
                            active, 1 + tk_cp_extra_draws (&state->players[state->active]));
  if (g_strcmp0 (type, "draw_manifesto") == 0)
    return g_strdup_printf (_("%s looks at manifestos"), active);
  if (g_strcmp0 (type, "build") == 0)
    {
      g_auto(Card) card = { 0 };

      gboolean use_site = FALSE;

      if (tk_cp_resolve_card (state, tk_rules_json_member (action, "card"), &card, NULL) &&
          tk_rules_json_read_bool (action, "construction_site", FALSE, &use_site, NULL) &&
          use_site)
        /* TRANSLATORS: "Ana builds City hall with a construction site (no cards paid)" */
        return g_strdup_printf (_("%s builds %s with a construction site (no cards paid)"),
                                active, card.name);
      if (card.name != NULL)
        /* TRANSLATORS: "Ana builds Station (cost 1)" */
        return g_strdup_printf (_("%s builds %s (cost %" PRId64 ")"), active, card.name,
                                tk_cp_cost_for (&state->players[state->active], &card));
      return g_strdup_printf (_("%s builds"), active);
    }
  if (g_strcmp0 (type, "redraw") == 0)
    return g_strdup_printf (_("%s redraws"), active);
  /* The end-of-game entries name who, what and how many: five lines of "Manifesto points
   * entered" told the ledger's reader nothing. */
  if (g_strcmp0 (type, "split") == 0 || g_strcmp0 (type, "manifesto_points") == 0)
    {
      gint64 seat = json_object_get_int_member_with_default (action, "seat", -1);
      TkCpPlayer *target;

      if (seat < 0 || seat >= (gint64) state->n_players)
        return g_strdup_printf (_("Action “%s”"), type);
      target = &state->players[seat];
      if (g_str_equal (type, "manifesto_points"))
        {
          gint64 slot = json_object_get_int_member_with_default (action, "slot", -1);
          gint64 points = json_object_get_int_member_with_default (action, "points", 0);

          if (slot < 0 || slot > 1)
            return g_strdup_printf (_("Action “%s”"), type);
          /* TRANSLATORS: "Ana’s manifesto 1 scores 3 points (was 0)" */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s’s manifesto %" PRId64 " scores %" PRId64 " point (was %" PRId64 ")",
                                               "%s’s manifesto %" PRId64 " scores %" PRId64 " points (was %" PRId64 ")",
                                               (gulong) ABS (points)),
                                  tk_cp_player_name (state, seat), slot + 1, points,
                                  target->manifesto_points[slot]);
        }
      else
        {
          Building *b = tk_cp_find_building (target, json_object_get_int_member_with_default (action, "building", 0));
          gint64 first = -1;

          if (b == NULL || b->card.split == 0)
            return g_strdup_printf (_("Action “%s”"), type);
          first = json_object_get_int_member_with_default (action, tk_cp_type_names[__builtin_ctz (b->card.split)], 0);
          /* TRANSLATORS: "Ana’s Market: 3 of its 4 points to the first district, 1 to the
           * second" */
          return g_strdup_printf (_("%s’s %s: %" PRId64 " of its %" PRId64 " points to the first district, %" PRId64 " to the second"),
                                  tk_cp_player_name (state, seat), b->card.name, first,
                                  b->card.points, b->card.points - first);
        }
    }
  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

/* The count of players is the vtable's to check (its name and range), before the setup's own
 * members; so tk-city-plan-setup.c never calls back up into this file. */
static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  if (!tk_rules_check_setup_players (tk_city_plan_rules_get (), setup, error))
    return NULL;
  return tk_cp_state_new (setup, error);
}

static const TkRules city_plan_rules = {
  .id = TK_CITY_PLAN_RULES_ID,
  .get_name = get_name,
  .min_players = 2,
  .max_players = MAX_PLAYERS,
  .default_setup = tk_cp_default_setup,
  .state_new = state_new,
  .state_copy = tk_cp_state_copy,
  .apply = tk_cp_apply,
  .score = tk_cp_score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = tk_cp_state_free,
};

const TkRules *
tk_city_plan_rules_get (void)
{
  return &city_plan_rules;
}
