/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-setup.c — Foundations of Metropolis: the setup and the new state.
 *
 * The default setup with its editable rule tables (metropolis.md), and the state read from a
 * setup: options, tile table, starting coins and the starting deeds when the setup names them.
 * Apart from tk-metropolis-rules.c because reading a setup is long and checks every field.
 */
#define G_LOG_DOMAIN "tk-metropolis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-metropolis-rules-private.h"

/* ---- rule tables ---- */

typedef struct
{
  const char *code, *name, *type;
  int count, size;
  const char *shapes[MAX_ALTS];
  int citizens, coins, prestige;
  const char *kind;
  int rate;
} DefaultTile;

/* metropolis.md §4: Rome analogues [R], none confirmed for Metropolis.  C and J are one of
 * each shape (two rows); which of D/E and H/I is square or straight is not known, so each
 * accepts both. */
static const DefaultTile default_tiles[] = {
  { "A", "Small house",       "residential", 2, 1, { "X" },            1, 0, 0, "none", 0 },
  { "B", "House",             "residential", 2, 2, { "XX" },           2, 0, 0, "none", 0 },
  { "C", "Hotel",             "residential", 1, 3, { "XX/X." },        4, 0, 0, "none", 0 },
  { "C", "Hotel",             "residential", 1, 3, { "XXX" },          4, 0, 0, "none", 0 },
  { "D", "Apartment",         "residential", 1, 4, { "XX/XX", "XXXX" }, 6, 0, 0, "none", 0 },
  { "E", "Condominium",       "residential", 1, 4, { "XX/XX", "XXXX" }, 6, 0, 0, "none", 0 },
  { "F", "Small coffee shop", "commercial",  2, 1, { "X" },            0, 1, 0, "none", 0 },
  { "G", "Retail",            "commercial",  2, 2, { "XX" },           0, 1, 2, "none", 0 },
  { "H", "Restaurant",        "commercial",  1, 3, { "XX/X.", "XXX" }, 0, 2, 3, "none", 0 },
  { "I", "Fast food",         "commercial",  1, 3, { "XX/X.", "XXX" }, 0, 2, 3, "none", 0 },
  { "J", "Shopping mall",     "commercial",  1, 4, { "XX/XX" },        0, 3, 5, "none", 0 },
  { "J", "Shopping mall",     "commercial",  1, 4, { "XXXX" },         0, 3, 5, "none", 0 },
  { "K", "Market",            "public",      1, 1, { "X" },            0, 0, 0, "coins", 1 },
  { "L", "Statue",            "public",      1, 1, { "X" },            0, 0, 0, "buildings", 1 },
  { "M", "School",            "public",      1, 1, { "X" },            0, 0, 0, "half_citizens", 1 },
  { "N", "Park",              "public",      1, 1, { "X" },            0, 0, 0, "public_buildings", 2 },
  { "O", "Marketplace",       "public",      1, 2, { "XX" },           0, 0, 0, "coins", 2 },
  { "P", "Statue",            "public",      1, 2, { "XX" },           0, 0, 0, "buildings", 1 },
  { "Q", "Park",              "public",      1, 2, { "XX" },           0, 0, 0, "public_buildings", 3 },
  { "R", "School",            "public",      1, 2, { "XX" },           0, 0, 0, "citizens", 1 },
};

static int
default_side (guint n_players)
{
  return n_players >= 4 ? 9 : n_players == 3 ? 8 : 7;
}

/* 4p 19/19/19, 3p 15/15/16, 2p 12/12/13 on the default boards. */
gboolean
tk_metropolis_rules_year_decks (int   side,
                                guint n_players,
                                int   out[N_YEARS])
{
  int left = side * side - START_DEEDS * (int) n_players;

  if (left < 0)
    return FALSE;
  for (int y = 0; y < N_YEARS; y++)
    out[y] = left / N_YEARS + (y >= N_YEARS - left % N_YEARS ? 1 : 0);
  return TRUE;
}

JsonArray *
tk_mp_int_array (const int *values,
                 int        n)
{
  JsonArray *array = json_array_new ();

  for (int i = 0; i < n; i++)
    json_array_add_int_element (array, values[i]);
  return array;
}

JsonObject *
tk_mp_default_setup (guint n_players)
{
  static const int prices[] = { 2, 3, 4, 6, 8, 10 };
  static const int bonus[] = { 4, 7, 10 };
  static const int coins[] = { 5, 6, 7, 8 };
  static const char *const unconfirmed[] = { "market_prices", "population_bonus",
                                             "lot_markers", "tiles", "year_deck_sizes" };
  JsonObject *setup = json_object_new ();
  JsonArray *tiles = json_array_new ();
  JsonArray *list = json_array_new ();
  int decks[N_YEARS];

  n_players = CLAMP (n_players, MIN_PLAYERS, MAX_PLAYERS);
  json_object_set_array_member (setup, "players", tk_rules_default_players (n_players));
  json_object_set_int_member (setup, "first_player", 0);
  json_object_set_int_member (setup, "board_size", default_side (n_players));
  tk_metropolis_rules_year_decks (default_side (n_players), n_players, decks);
  json_object_set_array_member (setup, "year_deck_sizes", tk_mp_int_array (decks, N_YEARS));
  json_object_set_array_member (setup, "market_prices", tk_mp_int_array (prices, 6));
  json_object_set_array_member (setup, "population_bonus", tk_mp_int_array (bonus, N_YEARS));
  json_object_set_array_member (setup, "starting_coins", tk_mp_int_array (coins, MAX_PLAYERS));
  json_object_set_int_member (setup, "income_base", 5);
  json_object_set_int_member (setup, "lot_markers", 8);
  json_object_set_string_member (setup, "printed_prestige", "every_year");
  json_object_set_boolean_member (setup, "year_3_coins_to_prestige", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (default_tiles); i++)
    {
      const DefaultTile *d = &default_tiles[i];
      JsonObject *tile = json_object_new ();
      JsonArray *shapes = json_array_new ();

      json_object_set_string_member (tile, "code", d->code);
      json_object_set_string_member (tile, "name", d->name);
      json_object_set_string_member (tile, "type", d->type);
      json_object_set_int_member (tile, "count", d->count);
      json_object_set_int_member (tile, "size", d->size);
      for (guint s = 0; s < MAX_ALTS && d->shapes[s] != NULL; s++)
        json_array_add_string_element (shapes, d->shapes[s]);
      json_object_set_array_member (tile, "shapes", shapes);
      json_object_set_boolean_member (tile, "mirror", FALSE);
      json_object_set_int_member (tile, "citizens", d->citizens);
      json_object_set_int_member (tile, "coins", d->coins);
      json_object_set_int_member (tile, "prestige", d->prestige);
      json_object_set_string_member (tile, "public", d->kind);
      json_object_set_int_member (tile, "rate", d->rate);
      json_array_add_object_element (tiles, tile);
    }
  json_object_set_array_member (setup, "tiles", tiles);
  for (guint i = 0; i < G_N_ELEMENTS (unconfirmed); i++)
    json_array_add_string_element (list, unconfirmed[i]);
  json_object_set_array_member (setup, "unconfirmed", list);
  return setup;
}

/* ---- state ---- */

gpointer
tk_mp_state_new (JsonObject  *setup,
                 GError     **error)
{
  g_autofree TkMpState *state = g_new0 (TkMpState, 1);
  JsonNode *node;
  int n = 0;

  state->setup = setup;
  state->n_players = tk_rules_setup_n_players (setup);

  if (!tk_rules_json_read_int32 (setup, "board_size", 3, MAX_SIDE, default_side (state->n_players),
                                 &state->side, error) ||
      !tk_rules_json_read_int32 (setup, "first_player", 0, state->n_players - 1, 0,
                                 &state->first_seat, error) ||
      !tk_rules_json_read_int32 (setup, "income_base", 0, 1000, 5, &state->income_base, error) ||
      !tk_rules_json_read_int32 (setup, "lot_markers", START_DEEDS, MAX_CELLS, 8, &state->n_markers,
                                 error))
    return NULL;

  state->n_slots = 6;
  {
    static const int prices[] = { 2, 3, 4, 6, 8, 10 };
    static const int bonus[] = { 4, 7, 10 };
    static const int coins[] = { 5, 6, 7, 8 };
    memcpy (state->prices, prices, sizeof prices);
    memcpy (state->bonus, bonus, sizeof bonus);
    memcpy (state->start_coins, coins, sizeof coins);
  }
  if (!tk_metropolis_rules_year_decks (state->side, state->n_players, state->deck_sizes))
    {
      invalid (error, _("The board is too small for %s."), "board_size");
      return NULL;
    }
  if (!tk_rules_json_read_int_array (setup, "market_prices", -MAX_SLOTS, 0, 1000, state->prices,
                                     &state->n_slots, error) ||
      !tk_rules_json_read_int_array (setup, "population_bonus", N_YEARS, 0, 1000, state->bonus,
                                     NULL, error) ||
      !tk_rules_json_read_int_array (setup, "starting_coins", -MAX_PLAYERS, 0, 1000,
                                     state->start_coins, &n, error) ||
      !tk_rules_json_read_int_array (setup, "year_deck_sizes", N_YEARS, 0, MAX_CELLS,
                                     state->deck_sizes, NULL, error))
    return NULL;
  if (n != 0 && n < (int) state->n_players)
    {
      invalid (error, _("“%s” needs one number per seat."), "starting_coins");
      return NULL;
    }
  if (state->deck_sizes[0] + state->deck_sizes[1] + state->deck_sizes[2] !=
      state->side * state->side - START_DEEDS * (int) state->n_players)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The three year decks must hold the %d deeds left after the starting "
                     "deeds."), state->side * state->side - START_DEEDS * (int) state->n_players);
      return NULL;
    }

  node = tk_rules_json_member (setup, "printed_prestige");
  if (node == NULL || g_strcmp0 (tk_rules_json_node_string (node), "every_year") == 0)
    state->printed_every_year = TRUE;
  else if (g_strcmp0 (tk_rules_json_node_string (node), "year_3_only") == 0)
    state->printed_every_year = FALSE;
  else
    {
      invalid (error, _("“%s” must be every_year or year_3_only."), "printed_prestige");
      return NULL;
    }
  node = tk_rules_json_member (setup, "year_3_coins_to_prestige");
  state->coins_to_prestige = TRUE;
  if (node != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          invalid (error, _("“%s” must be true or false."), "year_3_coins_to_prestige");
          return NULL;
        }
      state->coins_to_prestige = json_node_get_boolean (node);
    }

  node = tk_rules_json_member (setup, "tiles");
  if (node == NULL)
    {
      g_autoptr(JsonObject) defaults = tk_mp_default_setup (state->n_players);
      JsonArray *tiles = json_object_get_array_member (defaults, "tiles");

      state->n_tiles = json_array_get_length (tiles);
      for (guint i = 0; i < state->n_tiles; i++)
        if (!tk_mp_read_tile (json_array_get_object_element (tiles, i), i, &state->tiles[i], error))
          return NULL;
    }
  else
    {
      JsonArray *tiles;

      if (!JSON_NODE_HOLDS_ARRAY (node) ||
          json_array_get_length (tiles = json_node_get_array (node)) < 1 ||
          json_array_get_length (tiles) > MAX_TILES)
        {
          invalid (error, _("“%s” must list 1 to 32 tiles."), "tiles");
          return NULL;
        }
      state->n_tiles = json_array_get_length (tiles);
      for (guint i = 0; i < state->n_tiles; i++)
        {
          JsonNode *element = json_array_get_element (tiles, i);

          if (!JSON_NODE_HOLDS_OBJECT (element))
            {
              invalid (error, _("Every entry of “%s” must be an object."), "tiles");
              return NULL;
            }
          if (!tk_mp_read_tile (json_node_get_object (element), i, &state->tiles[i], error))
            return NULL;
        }
    }

  for (int c = 0; c < MAX_CELLS; c++)
    state->owner[c] = state->tile[c] = state->anchor[c] = -1;
  for (int s = 0; s < MAX_SLOTS; s++)
    state->market[s] = -1;
  for (guint p = 0; p < state->n_players; p++)
    {
      TkMpPlayer *player = &state->players[p];
      int order = (int) ((p + state->n_players - state->first_seat) % state->n_players);

      player->coins = state->start_coins[order];
      player->markers = state->n_markers;
      for (guint t = 0; t < state->n_tiles; t++)
        player->supply[t] = state->tiles[t].count;
    }
  state->phase = PHASE_DEAL;
  state->year = 0;
  state->current = state->first_player = state->first_seat;
  state->last_buyer = -1;
  state->deck_left = state->deck_sizes[0];

  node = tk_rules_json_member (setup, "starting_deeds");
  if (node != NULL)
    {
      JsonArray *seats;
      int cells[MAX_PLAYERS * START_DEEDS];

      if (!JSON_NODE_HOLDS_ARRAY (node) ||
          json_array_get_length (seats = json_node_get_array (node)) != state->n_players)
        {
          invalid (error, _("“%s” needs one list of lots per seat."), "starting_deeds");
          return NULL;
        }
      for (guint p = 0; p < state->n_players; p++)
        {
          JsonNode *lots = json_array_get_element (seats, p);
          g_autoptr(GError) local = NULL;

          if (!JSON_NODE_HOLDS_ARRAY (lots) ||
              json_array_get_length (json_node_get_array (lots)) != START_DEEDS)
            {
              invalid (error, _("Every seat of “%s” needs exactly 6 lots."), "starting_deeds");
              return NULL;
            }
          if (!tk_mp_check_new_deeds (state, p, json_node_get_array (lots), cells, p * START_DEEDS,
                                      &local))
            {
              g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                                   local->message);
              return NULL;
            }
        }
      for (guint p = 0; p < state->n_players; p++)
        for (int i = 0; i < START_DEEDS; i++)
          tk_mp_take_deed (state, p, cells[p * START_DEEDS + i]);
      tk_mp_after_deal (state);
    }

  json_object_ref (setup);
  return g_steal_pointer (&state);
}

/* ---- the rule tables as typed ---- */

/* How many whole numbers each rule table a person may retype holds (one alone when max is 0):
 * up to a price per market slot, a bonus per year, the default setup's four starting coins
 * (one per seat it may have). */
static const struct
{
  int min_len;
  int max_len;
} table_lengths[TK_METROPOLIS_N_RULE_TABLES] = {
  { 1, MAX_SLOTS }, { N_YEARS, N_YEARS }, { MAX_PLAYERS, MAX_PLAYERS }, { 0, 0 }, { 0, 0 },
};

const char *const tk_metropolis_rule_tables[TK_METROPOLIS_N_RULE_TABLES] = {
  "market_prices", "population_bonus", "starting_coins", "lot_markers", "income_base",
};

char *
tk_metropolis_rules_table_text (JsonObject *setup,
                                const char *member)
{
  JsonNode *node = json_object_get_member (setup, member);
  GString *text = g_string_new (NULL);

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
      g_string_append_printf (text, i > 0 ? ", %" G_GINT64_FORMAT : "%" G_GINT64_FORMAT,
                              json_array_get_int_element (json_node_get_array (node), i));
  else if (node != NULL)
    g_string_append_printf (text, "%" G_GINT64_FORMAT, json_node_get_int (node));
  return g_string_free (text, FALSE);
}

JsonNode *
tk_metropolis_rules_table_parse (const char  *member,
                                 const char  *text,
                                 const char  *name,
                                 GError     **error)
{
  g_autofree char *copy = g_strdup (text);
  g_auto(GStrv) parts = NULL;
  g_autoptr(JsonArray) values = json_array_new ();
  int t = 0;

  while (t < TK_METROPOLIS_N_RULE_TABLES && g_strcmp0 (tk_metropolis_rule_tables[t], member) != 0)
    t++;
  g_return_val_if_fail (t < TK_METROPOLIS_N_RULE_TABLES, NULL);

  g_strdelimit (copy, ",;", ' ');
  parts = g_strsplit (g_strstrip (copy), " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 value;

      if (*parts[i] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, 1000, &value, NULL))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       /* Translators: %s is a rule table's name, e.g. "Market Slot Prices" */
                       _("%s: “%s” is not a whole number from 0 to 1000."), name, parts[i]);
          return NULL;
        }
      json_array_add_int_element (values, (gint64) value);
    }
  if (table_lengths[t].max_len == 0)
    {
      if (json_array_get_length (values) != 1)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("%s needs one whole number."), name);
          return NULL;
        }
      return json_node_init_int (json_node_alloc (), json_array_get_int_element (values, 0));
    }
  if ((int) json_array_get_length (values) < table_lengths[t].min_len ||
      (int) json_array_get_length (values) > table_lengths[t].max_len)
    {
      if (table_lengths[t].min_len == table_lengths[t].max_len)
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("%s needs %d whole numbers."), name, table_lengths[t].min_len);
      else
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("%s needs %d to %d whole numbers."), name, table_lengths[t].min_len,
                     table_lengths[t].max_len);
      return NULL;
    }
  return json_node_init_array (json_node_alloc (), values);
}
