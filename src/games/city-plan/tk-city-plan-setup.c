/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-setup.c — City Plan: the card table and the new state.
 *
 * Reading a card (of the card table or inline in a build), the shipped card table with its
 * unchecked numbers (seed 004), and the state read from a setup: options, income tiles, the
 * card table and each player's starting power plant (copying and freeing it are in
 * tk-city-plan-state.c).  Apart from tk-city-plan-rules.c because reading a setup is long and
 * checks every field.
 */
#define G_LOG_DOMAIN "tk-city-plan"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-city-plan-rules-private.h"

/* ---- names ---- */

const char *const tk_cp_type_names[N_TYPES] = { "residential", "commercial", "industrial",
                                                "facility", "power_plant" };
const char *const tk_cp_effect_names[N_EFFECTS] = { "none", "construction_site", "cost_minus",
                                                    "cost_cap", "split_points", "extra_draw",
                                                    "count_bonus" };
const char *const tk_cp_tile_names[N_TILES] = { "resident", "consumption", "business",
                                                "income_tax", "eco", "subsidy" };

/* ---- JSON reading ---- */

/* A mask of types from a list of type names. */
static gboolean
read_types (JsonObject  *object,
            const char  *member,
            guint       *mask,
            GError     **error)
{
  JsonNode *node = tk_rules_json_member (object, member);
  JsonArray *array;

  *mask = 0;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    goto bad;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      int t = tk_rules_json_lookup (tk_cp_type_names, N_TYPES,
                                    tk_rules_json_node_string (json_array_get_element (array, i)));
      if (t < 0)
        goto bad;
      *mask |= 1u << t;
    }
  return TRUE;
bad:
  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("“%s” must be a list of building types."), member);
  return FALSE;
}

/* The shipped card table's names (tk_cp_default_setup ()), by card id: a session keeps the
 * names in the language it was started in, and one of these is shown in the reader's. */
static const struct { const char *id, *name; } shipped_names[] = {
  { "construction_site", N_("Construction site") }, { "station", N_("Station") },
  { "airport", N_("Airport") }, { "port", N_("Port") }, { "expressway", N_("Expressway") },
  { "transit_authority", N_("Transit authority") },
  { "chamber_of_commerce", N_("Chamber of commerce") },
  { "employment_office", N_("Employment office") }, { "stadium", N_("Stadium") },
  { "city_hall", N_("City hall") }, { "police_box", N_("Police box") },
  { "hospital", N_("Hospital") }, { "post_office", N_("Post office") }, { "bank", N_("Bank") },
  { "warehouse", N_("Warehouse") }, { "university", N_("University") },
  { "museum", N_("Museum") },
};

/* @name as the reader reads it: a shipped card's English name in the UI's language; a name
 * the players typed, or one already translated, as it is. */
static const char *
shown_name (const char *id,
            const char *name)
{
  for (guint i = 0; id != NULL && name != NULL && i < G_N_ELEMENTS (shipped_names); i++)
    if (strcmp (id, shipped_names[i].id) == 0 && strcmp (name, shipped_names[i].name) == 0)
      return _(shipped_names[i].name);
  return name;
}

/* A card object of the card table or of a build action. */
gboolean
tk_cp_read_card (JsonObject  *object,
                 Card        *card,
                 GError     **error)
{
  const char *name = tk_rules_json_get_string (object, "name");
  const char *id = tk_rules_json_get_string (object, "id");
  int type = tk_rules_json_lookup (tk_cp_type_names, N_TYPES,
                                   tk_rules_json_get_string (object, "type"));
  int effect = tk_rules_json_member (object, "effect") == NULL ? E_NONE
               : tk_rules_json_lookup (tk_cp_effect_names, N_EFFECTS,
                                       tk_rules_json_get_string (object, "effect"));

  memset (card, 0, sizeof *card);
  if (type < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A card's type must be residential, commercial, industrial, facility or "
                     "power_plant."));
      return FALSE;
    }
  if (effect < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A card's effect is not one City Plan knows."));
      return FALSE;
    }
  card->type = type;
  card->effect = effect;
  if (!tk_rules_json_read_int (object, "cost", 0, MAX_NUMBER, 0, &card->cost, error) ||
      !tk_rules_json_read_int (object, "points", -MAX_NUMBER, MAX_NUMBER, 0, &card->points,
                               error) ||
      !tk_rules_json_read_int (object, "power", 0, MAX_NUMBER, 0, &card->power, error) ||
      !tk_rules_json_read_bool (object, "eco", FALSE, &card->eco, error) ||
      !tk_rules_json_read_int (object, "amount", 0, MAX_NUMBER,
                               effect == E_EXTRA_DRAW || effect == E_COUNT_BONUS ? 1 : 2,
                               &card->amount, error) ||
      !tk_rules_json_read_int (object, "max_points", 0, MAX_NUMBER, 0, &card->max_points,
                               error) ||
      !read_types (object, "counts", &card->counts, error) ||
      !tk_rules_json_read_int (object, "cap_from", 0, MAX_NUMBER, 4, &card->cap_from, error) ||
      !tk_rules_json_read_int (object, "cap_to", 0, MAX_NUMBER, 3, &card->cap_to, error) ||
      !read_types (object, "applies_to", &card->applies, error) ||
      !read_types (object, "split", &card->split, error))
    return FALSE;
  if (effect == E_SPLIT_POINTS &&
      (card->split & ((1u << T_FACILITY) | (1u << T_POWER_PLANT)) ||
       __builtin_popcount (card->split) != 2))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A card that splits its points names two of residential, commercial and "
                     "industrial."));
      return FALSE;
    }
  if (effect == E_SPLIT_POINTS && card->points < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A card that splits its points between two districts cannot have negative "
                     "points."));
      return FALSE;
    }
  if (effect == E_COUNT_BONUS && card->counts == 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A card that scores by counting buildings names the types it counts "
                     "(“counts”)."));
      return FALSE;
    }
  card->id = g_strdup (id);
  card->name = g_strdup (name != NULL ? shown_name (id, name) : id != NULL ? id : tk_cp_type_names[type]);
  return TRUE;
}

/* ---- setup ---- */

static JsonObject *
card_object (const char *id,
             const char *name,
             const char *type,
             int         cost,
             int         points,
             int         power,
             const char *effect)
{
  JsonObject *card = json_object_new ();

  json_object_set_string_member (card, "id", id);
  json_object_set_string_member (card, "name", name);
  json_object_set_string_member (card, "type", type);
  json_object_set_int_member (card, "cost", cost);
  json_object_set_int_member (card, "points", points);
  json_object_set_int_member (card, "power", power);
  json_object_set_boolean_member (card, "eco", FALSE);
  json_object_set_string_member (card, "effect", effect);
  /* The seed names the facilities but prints no numbers (except the stadium's cost 6). */
  json_object_set_boolean_member (card, "checked", FALSE);
  return card;
}

static JsonArray *
types_array (const char *a,
             const char *b)
{
  JsonArray *array = json_array_new ();

  json_array_add_string_element (array, a);
  if (b != NULL)
    json_array_add_string_element (array, b);
  return array;
}

typedef struct
{
  const char *id, *name;
  int         cost, points, power;
  const char *counts, *counts_too;
  int         max_points;
} CountBonusCard;

static const CountBonusCard count_bonus_cards[] = {
  { "police_box", N_("Police box"), 2, 0, 1, "residential", NULL, 4 },
  { "hospital", N_("Hospital"), 4, 1, 2, "residential", NULL, 0 },
  { "post_office", N_("Post office"), 2, 0, 1, "commercial", NULL, 4 },
  { "bank", N_("Bank"), 4, 1, 2, "commercial", NULL, 0 },
  { "warehouse", N_("Warehouse"), 2, 0, 1, "industrial", NULL, 4 },
  { "university", N_("University"), 4, 1, 2, "industrial", NULL, 0 },
  { "museum", N_("Museum"), 3, 1, 1, "facility", "power_plant", 5 },
};

JsonObject *
tk_cp_default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  JsonArray *cards = json_array_new ();
  JsonObject *tiles = json_object_new ();
  JsonObject *card;

  json_object_set_array_member (setup, "players", tk_rules_default_players (n_players));
  json_object_set_int_member (setup, "first_seat", 0);
  json_object_set_int_member (setup, "start_hand", 5);
  json_object_set_int_member (setup, "start_plant_supply", 5);
  json_object_set_int_member (setup, "deck_size", 100);
  json_object_set_int_member (setup, "manifesto_deck_size", 15);
  json_object_set_int_member (setup, "end_buildings", 10);
  json_object_set_int_member (setup, "hand_limit", 8);
  json_object_set_int_member (setup, "completion_bonus", 3);
  json_object_set_string_member (setup, "income_draws", "everyone");
  json_object_set_int_member (tiles, "resident", 3);
  json_object_set_int_member (tiles, "consumption", 3);
  json_object_set_int_member (tiles, "business", 3);
  json_object_set_int_member (tiles, "income_tax", 3);
  json_object_set_int_member (tiles, "eco", 2);
  json_object_set_int_member (tiles, "subsidy", 8);
  json_object_set_int_member (tiles, "subsidy_max_buildings", 6);
  json_object_set_int_member (tiles, "subsidy_cards", 2);
  json_object_set_object_member (setup, "income_tiles", tiles);

  json_array_add_object_element (cards, card_object ("construction_site", _("Construction site"),
                                                     "facility", 1, 0, 0, "construction_site"));
  card = card_object ("station", _("Station"), "facility", 3, 1, 1, "cost_minus");
  json_object_set_array_member (card, "applies_to", types_array ("residential", NULL));
  json_array_add_object_element (cards, card);
  card = card_object ("airport", _("Airport"), "facility", 3, 1, 1, "cost_minus");
  json_object_set_array_member (card, "applies_to", types_array ("commercial", NULL));
  json_array_add_object_element (cards, card);
  card = card_object ("port", _("Port"), "facility", 3, 1, 1, "cost_minus");
  json_object_set_array_member (card, "applies_to", types_array ("industrial", NULL));
  json_array_add_object_element (cards, card);
  card = card_object ("expressway", _("Expressway"), "facility", 3, 1, 1, "cost_minus");
  json_object_set_array_member (card, "applies_to", types_array ("facility", "power_plant"));
  json_array_add_object_element (cards, card);
  card = card_object ("transit_authority", _("Transit authority"), "facility", 4, 1, 2,
                      "cost_cap");
  json_object_set_int_member (card, "cap_from", 4);
  json_object_set_int_member (card, "cap_to", 3);
  json_array_add_object_element (cards, card);
  card = card_object ("chamber_of_commerce", _("Chamber of commerce"), "facility", 3, 3, 1,
                      "split_points");
  json_object_set_array_member (card, "split", types_array ("commercial", "industrial"));
  json_array_add_object_element (cards, card);
  card = card_object ("employment_office", _("Employment office"), "facility", 3, 3, 1,
                      "split_points");
  json_object_set_array_member (card, "split", types_array ("residential", "industrial"));
  json_array_add_object_element (cards, card);
  card = card_object ("stadium", _("Stadium"), "facility", 6, 2, 3, "extra_draw");
  json_object_set_int_member (card, "amount", 1);
  json_array_add_object_element (cards, card);
  json_array_add_object_element (cards, card_object ("city_hall", _("City hall"), "facility",
                                                     7, 8, 4, "none"));
  /* Seed 004: "交番/病院、郵便局/銀行、倉庫/大学、博物館 — bonus points by the number of
   * residential, commercial, industrial and other buildings built".  The seed prints no
   * numbers: the smaller building of each pair scores 1 per building up to 4, the larger one
   * 1 per building without a limit; the museum counts the "other" buildings (facilities and
   * power plants, itself included), up to 5.  All unchecked. */
  for (guint i = 0; i < G_N_ELEMENTS (count_bonus_cards); i++)
    {
      const CountBonusCard *c = &count_bonus_cards[i];

      card = card_object (c->id, _(c->name), "facility", c->cost, c->points, c->power,
                          "count_bonus");
      json_object_set_array_member (card, "counts", types_array (c->counts, c->counts_too));
      json_object_set_int_member (card, "amount", 1);
      json_object_set_int_member (card, "max_points", c->max_points);
      json_array_add_object_element (cards, card);
    }
  json_object_set_array_member (setup, "cards", cards);
  return setup;
}

gpointer
tk_cp_state_new (JsonObject  *setup,
                 GError     **error)
{
  TkCpState *state;
  g_autoptr(JsonObject) defaults = NULL;
  JsonObject *tiles = NULL;
  JsonNode *node;
  gint64 first;
  const char *draws;

  state = g_new0 (TkCpState, 1);
  state->setup = json_object_ref (setup);
  state->n_players = tk_rules_setup_n_players (setup);
  state->table = g_array_new (FALSE, TRUE, sizeof (Card));

  if (!tk_rules_json_read_int (setup, "first_seat", 0, state->n_players - 1, 0, &first, error) ||
      !tk_rules_json_read_int (setup, "start_hand", 0, 50, 5, &state->start_hand, error) ||
      !tk_rules_json_read_int (setup, "start_plant_supply", 0, MAX_NUMBER, 5, &state->start_supply,
                               error) ||
      !tk_rules_json_read_int (setup, "deck_size", 1, 10000, 100, &state->deck_size, error) ||
      !tk_rules_json_read_int (setup, "manifesto_deck_size", 0, 1000, 15,
                               &state->manifesto_deck_size, error) ||
      !tk_rules_json_read_int (setup, "end_buildings", 1, 100, 10, &state->end_buildings, error) ||
      !tk_rules_json_read_int (setup, "hand_limit", 0, 1000, 8, &state->hand_limit, error) ||
      !tk_rules_json_read_int (setup, "completion_bonus", 0, MAX_NUMBER, 3,
                               &state->completion_bonus, error))
    goto fail;
  draws = tk_rules_json_get_string (setup, "income_draws");
  if (tk_rules_json_member (setup, "income_draws") != NULL && g_strcmp0 (draws, "everyone") != 0 &&
      g_strcmp0 (draws, "trigger") != 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("“income_draws” must be “everyone” or “trigger”."));
      goto fail;
    }
  state->everyone_draws = g_strcmp0 (draws, "trigger") != 0;
  node = tk_rules_json_member (setup, "income_tiles");
  if (node != NULL && !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("“income_tiles” must be an object."));
      goto fail;
    }
  tiles = node != NULL ? json_node_get_object (node) : NULL;
  {
    const gint64 tile_defaults[N_TILES] = { 3, 3, 3, 3, 2, 8 };
    g_autoptr(JsonObject) empty = json_object_new ();

    for (guint t = 0; t < N_TILES; t++)
      if (!tk_rules_json_read_int (tiles != NULL ? tiles : empty, tk_cp_tile_names[t], 1, 100,
                                   tile_defaults[t], &state->thresholds[t], error))
        goto fail;
    if (!tk_rules_json_read_int (tiles != NULL ? tiles : empty, "subsidy_max_buildings", 0, 100, 6,
                                 &state->subsidy_max, error) ||
        !tk_rules_json_read_int (tiles != NULL ? tiles : empty, "subsidy_cards", 0, 100, 2,
                                 &state->subsidy_cards, error))
      goto fail;
  }
  /* Without a card table, the shipped one. */
  node = tk_rules_json_member (setup, "cards");
  if (node == NULL)
    {
      defaults = tk_cp_default_setup (0);
      node = tk_rules_json_member (defaults, "cards");
    }
  if (node != NULL)
    {
      JsonArray *cards;

      if (!JSON_NODE_HOLDS_ARRAY (node))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("“cards” must be a list of cards."));
          goto fail;
        }
      cards = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (cards); i++)
        {
          JsonNode *element = json_array_get_element (cards, i);
          Card card;

          if (!JSON_NODE_HOLDS_OBJECT (element))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("“cards” must be a list of cards."));
              goto fail;
            }
          if (!tk_cp_read_card (json_node_get_object (element), &card, error))
            goto fail;
          g_array_append_val (state->table, card);
          if (card.id == NULL)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("Every card of the card table needs an id."));
              goto fail;
            }
          for (guint j = 0; j + 1 < state->table->len; j++)
            if (g_str_equal (g_array_index (state->table, Card, j).id, card.id))
              {
                g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                             _("Two cards of the card table have the id “%s”."), card.id);
                goto fail;
              }
        }
    }

  state->first = state->active = first;
  state->round = 1;
  state->phase = PHASE_DRAW;
  state->next_uid = 1;
  state->manifesto_deck = state->manifesto_deck_size;
  state->deck = state->deck_size - state->start_hand * state->n_players;
  if (state->deck < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The deck is too small to deal the starting hands."));
      goto fail;
    }
  for (guint s = 0; s < state->n_players; s++)
    {
      TkCpPlayer *player = &state->players[s];
      Card plant = { NULL, (char *) _("Starting power plant"), T_POWER_PLANT, 0, 0,
                     state->start_supply, FALSE, E_NONE, 0, 0, 0, 0, 0 };

      player->buildings = g_array_new (FALSE, TRUE, sizeof (Building));
      player->hand = state->start_hand;
      tk_cp_add_building (state, player, &plant, 0);
    }
  return state;

fail:
  tk_cp_state_free (state);
  return NULL;
}
