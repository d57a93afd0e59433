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
 */
#define G_LOG_DOMAIN "tk-city-plan"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-city-plan-rules.h"
#include "tk-rules-json.h"

#define MAX_PLAYERS 5
#define MAX_NUMBER  1000

typedef enum { T_RESIDENTIAL, T_COMMERCIAL, T_INDUSTRIAL, T_FACILITY, T_POWER_PLANT, N_TYPES } Type;
typedef enum { E_NONE, E_CONSTRUCTION_SITE, E_COST_MINUS, E_COST_CAP, E_SPLIT_POINTS,
               E_EXTRA_DRAW, E_COUNT_BONUS, N_EFFECTS } Effect;
typedef enum { PHASE_DRAW, PHASE_ACTION, PHASE_OVER } Phase;
typedef enum { TILE_RESIDENT, TILE_CONSUMPTION, TILE_BUSINESS, TILE_INCOME_TAX, TILE_ECO,
               TILE_SUBSIDY, N_TILES } Tile;

static const char *const type_names[] = { "residential", "commercial", "industrial", "facility",
                                          "power_plant" };
static const char *const effect_names[] = { "none", "construction_site", "cost_minus",
                                            "cost_cap", "split_points", "extra_draw",
                                            "count_bonus" };
static const char *const phase_names[] = { "draw", "action", "over" };
static const char *const tile_names[] = { "resident", "consumption", "business", "income_tax",
                                          "eco", "subsidy" };

typedef struct
{
  char   *id;
  char   *name;
  Type    type;
  gint64  cost, points, power;   /* power: supply for a plant, use otherwise */
  gboolean eco;
  Effect  effect;
  guint   applies;               /* cost_minus: mask of types */
  gint64  amount;                /* cost_minus: cards less; extra_draw: cards more;
                                    count_bonus: points per counted building */
  gint64  cap_from, cap_to;      /* cost_cap */
  guint   split;                 /* split_points: mask of two district types */
  guint   counts;                /* count_bonus: mask of the types it counts */
  gint64  max_points;            /* count_bonus: the most it scores; 0 = no limit */
} Card;

typedef struct
{
  guint   uid;
  Card    card;
  guint   row;                   /* uid of the plant powering it (own uid for a plant) */
  gint64  split_first;           /* points to the first split type; -1 = best */
} Building;

typedef struct
{
  GArray *buildings;             /* of Building */
  gint64  hand;
  guint   manifestos;            /* kept, face down: 0..2 */
  gint64  manifesto_points[2];
} Player;

typedef struct
{
  JsonObject *setup;
  guint       n_players;
  GArray     *table;             /* of Card, the setup's card table */
  gint64      start_hand, start_supply, deck_size, manifesto_deck_size;
  gint64      thresholds[N_TILES];
  gint64      subsidy_max, subsidy_cards, end_buildings, completion_bonus, hand_limit;
  gboolean    everyone_draws;

  Player      players[MAX_PLAYERS];
  gint64      deck, discard, manifesto_deck;
  guint       first, active, round;
  Phase       phase;
  gboolean    manifesto_this_turn;
  gboolean    tile_fired[N_TILES];
  gint64      last_income[N_TILES][MAX_PLAYERS];  /* the draws when each tile fired */
  guint       next_uid;
} State;

static const char *
get_name (void)
{
  return _("City Plan");
}

static void
card_clear (Card *card)
{
  g_clear_pointer (&card->id, g_free);
  g_clear_pointer (&card->name, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Card, card_clear)

static Card
card_dup (const Card *card)
{
  Card copy = *card;

  copy.id = g_strdup (card->id);
  copy.name = g_strdup (card->name);
  return copy;
}

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
      int t = tk_rules_json_lookup (type_names, N_TYPES,
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

/* A card object of the card table or of a build action. */
static gboolean
read_card (JsonObject  *object,
           Card        *card,
           GError     **error)
{
  const char *name = tk_rules_json_get_string (object, "name");
  const char *id = tk_rules_json_get_string (object, "id");
  int type = tk_rules_json_lookup (type_names, N_TYPES, tk_rules_json_get_string (object, "type"));
  int effect = tk_rules_json_member (object, "effect") == NULL ? E_NONE
               : tk_rules_json_lookup (effect_names, N_EFFECTS,
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
  card->name = g_strdup (name != NULL ? name : id != NULL ? id : type_names[type]);
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

static JsonObject *
default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *cards = json_array_new ();
  JsonObject *tiles = json_object_new ();
  JsonObject *card;

  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *player = json_object_new ();
      g_autofree char *name = g_strdup_printf (_("Player %u"), i + 1);

      json_object_set_string_member (player, "name", name);
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (setup, "players", players);
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

static void
player_clear (Player *player)
{
  if (player->buildings == NULL)
    return;
  for (guint i = 0; i < player->buildings->len; i++)
    card_clear (&g_array_index (player->buildings, Building, i).card);
  g_clear_pointer (&player->buildings, g_array_unref);
}

static void
table_free (GArray *table)
{
  for (guint i = 0; i < table->len; i++)
    card_clear (&g_array_index (table, Card, i));
  g_array_unref (table);
}

static void
state_free (gpointer data)
{
  State *state = data;

  if (state == NULL)
    return;
  for (guint s = 0; s < MAX_PLAYERS; s++)
    player_clear (&state->players[s]);
  if (state->table != NULL)
    table_free (state->table);
  json_object_unref (state->setup);
  g_free (state);
}

static void
add_building (State      *state,
              Player     *player,
              const Card *card,
              guint       row)
{
  Building b = { 0 };

  b.uid = state->next_uid++;
  b.card = card_dup (card);
  b.row = card->type == T_POWER_PLANT ? b.uid : row;
  b.split_first = -1;
  g_array_append_val (player->buildings, b);
}

static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  State *state;
  g_autoptr(JsonObject) defaults = NULL;
  JsonObject *tiles = NULL;
  JsonNode *node;
  gint64 first;
  const char *draws;

  if (!tk_rules_check_setup_players (tk_city_plan_rules_get (), setup, error))
    return NULL;
  state = g_new0 (State, 1);
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
      if (!tk_rules_json_read_int (tiles != NULL ? tiles : empty, tile_names[t], 1, 100,
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
      defaults = default_setup (0);
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
          if (!read_card (json_node_get_object (element), &card, error))
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
      Player *player = &state->players[s];
      Card plant = { NULL, (char *) _("Starting power plant"), T_POWER_PLANT, 0, 0,
                     state->start_supply, FALSE, E_NONE, 0, 0, 0, 0, 0 };

      player->buildings = g_array_new (FALSE, TRUE, sizeof (Building));
      player->hand = state->start_hand;
      add_building (state, player, &plant, 0);
    }
  return state;

fail:
  state_free (state);
  return NULL;
}

static gpointer
state_copy (gpointer data)
{
  State *state = data;
  State *copy = g_new0 (State, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->table = g_array_new (FALSE, TRUE, sizeof (Card));
  for (guint i = 0; i < state->table->len; i++)
    {
      Card card = card_dup (&g_array_index (state->table, Card, i));
      g_array_append_val (copy->table, card);
    }
  for (guint s = 0; s < state->n_players; s++)
    {
      GArray *from = state->players[s].buildings;

      copy->players[s].buildings = g_array_new (FALSE, TRUE, sizeof (Building));
      for (guint i = 0; i < from->len; i++)
        {
          Building b = g_array_index (from, Building, i);
          b.card = card_dup (&b.card);
          g_array_append_val (copy->players[s].buildings, b);
        }
    }
  return copy;
}

/* ---- tableau arithmetic ---- */

static guint
count_type (Player *player,
            Type    type)
{
  guint n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    n += g_array_index (player->buildings, Building, i).card.type == type;
  return n;
}

static guint
count_effect (Player *player,
              Effect  effect)
{
  guint n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    n += g_array_index (player->buildings, Building, i).card.effect == effect;
  return n;
}

static guint
count_eco (Player *player)
{
  guint n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    n += g_array_index (player->buildings, Building, i).card.eco;
  return n;
}

static gint64
extra_draws (Player *player)
{
  gint64 n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.effect == E_EXTRA_DRAW)
        n += b->card.amount;
    }
  return n;
}

static gint64
cost_for (Player     *player,
          const Card *card)
{
  gint64 cost = card->cost;

  /* The cap first ("4 or more → 3"), then the reductions: with every facility any building
   * costs 1 or less, as the seed says. */
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.effect == E_COST_CAP && cost >= b->card.cap_from && cost > b->card.cap_to)
        cost = b->card.cap_to;
    }
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.effect == E_COST_MINUS && (b->card.applies & (1u << card->type)))
        cost -= b->card.amount;
    }
  return MAX (cost, 0);
}

static Building *
find_building (Player *player,
               gint64  uid)
{
  for (guint i = 0; i < player->buildings->len; i++)
    if (g_array_index (player->buildings, Building, i).uid == uid)
      return &g_array_index (player->buildings, Building, i);
  return NULL;
}

static gint64
power_used (Player *player,
            guint   plant)
{
  gint64 used = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.type != T_POWER_PLANT && b->row == plant)
        used += b->card.power;
    }
  return used;
}

static gboolean
has_construction_site (Player *player)
{
  return count_effect (player, E_CONSTRUCTION_SITE) > 0;
}

/* ---- scoring arithmetic ---- */

typedef struct
{
  gint64 buildings, manifestos, bonus, development, completion, total;
  gint64 district[3];
} Tally;

static gint64
min3 (const gint64 d[3])
{
  return MIN (d[0], MIN (d[1], d[2]));
}

/* What a building that scores by counting (seed 004: police box, hospital, post office, bank,
 * warehouse, university, museum) adds for @player: @n_out gets how many it counted. */
static gint64
count_bonus (Player     *player,
             const Card *card,
             guint      *n_out)
{
  guint n = 0;
  gint64 points;

  for (guint i = 0; i < player->buildings->len; i++)
    n += (card->counts & (1u << g_array_index (player->buildings, Building, i).card.type)) != 0;
  points = (gint64) n * card->amount;
  if (card->max_points > 0)
    points = MIN (points, card->max_points);
  if (n_out != NULL)
    *n_out = n;
  return points;
}

static int
split_first_type (const Building *b)
{
  return __builtin_ctz (b->card.split);
}

static int
split_second_type (const Building *b)
{
  return 31 - __builtin_clz (b->card.split);
}

/* Whether the split buildings @splits[0..n) can lift every district of @d to at least @m.
 * Each building gives its points to its two districts in any integer split, so this is a
 * transportation problem with three sinks: by Hall's condition it is feasible exactly when,
 * for every set S of districts, what S still lacks is at most the points of the buildings
 * that can give to S. */
static gboolean
splits_reach (const gint64     d[3],
              Building *const *splits,
              guint            n,
              gint64           m)
{
  for (guint set = 1; set < 8; set++)
    {
      gint64 need = 0, supply = 0;

      for (guint t = 0; t < 3; t++)
        if (set & (1u << t))
          need += MAX (m - d[t], 0);
      for (guint k = 0; k < n; k++)
        if (splits[k]->card.split & set)
          supply += splits[k]->card.points;
      if (need > supply)
        return FALSE;
    }
  return TRUE;
}

/* The district sums with each split building either as chosen or, without a choice, in the
 * way that gives the highest development bonus — exact for any number of split buildings:
 * the best minimum is found by bisection over splits_reach(), then the buildings are split
 * from the last to the first, each giving as little as still reaches that minimum to the
 * first of its districts (the same split the exhaustive search of earlier versions chose). */
static void
tally (State  *state,
       guint   seat,
       Tally  *out)
{
  Player *player = &state->players[seat];
  g_autoptr(GPtrArray) free_splits = g_ptr_array_new ();
  gint64 d[3] = { 0, 0, 0 };
  gint64 lo, hi, spare = 0;
  Building **splits;

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);

      out->buildings += b->card.points;
      if (b->card.type <= T_INDUSTRIAL)
        d[b->card.type] += b->card.points;
      else if (b->card.effect == E_SPLIT_POINTS && b->split_first >= 0)
        {
          d[split_first_type (b)] += b->split_first;
          d[split_second_type (b)] += b->card.points - b->split_first;
        }
      else if (b->card.effect == E_SPLIT_POINTS)
        {
          g_ptr_array_add (free_splits, b);
          spare += b->card.points;
        }
      else if (b->card.effect == E_COUNT_BONUS)
        out->bonus += count_bonus (player, &b->card, NULL);
    }

  splits = (Building **) free_splits->pdata;
  lo = min3 (d);
  hi = lo + spare;
  while (lo < hi)
    {
      gint64 mid = lo + (hi - lo + 1) / 2;

      if (splits_reach (d, splits, free_splits->len, mid))
        lo = mid;
      else
        hi = mid - 1;
    }
  for (guint k = free_splits->len; k-- > 0;)
    {
      Building *b = splits[k];
      int first = split_first_type (b), second = split_second_type (b);

      for (gint64 a = 0; a <= b->card.points; a++)
        {
          gint64 trial[3] = { d[0], d[1], d[2] };

          trial[first] += a;
          trial[second] += b->card.points - a;
          if (a == b->card.points || splits_reach (trial, splits, k, lo))
            {
              memcpy (d, trial, sizeof d);
              break;
            }
        }
    }
  memcpy (out->district, d, sizeof d);
  out->development = MAX (min3 (out->district), 0);
  out->manifestos = player->manifesto_points[0] + player->manifesto_points[1];
  /* Seed 004: a player with a construction site standing cannot end the game, so the bonus
   * shows only once the game is over or the player could end it. */
  out->completion = player->buildings->len >= (guint) state->end_buildings &&
                    (state->phase == PHASE_OVER || !has_construction_site (player))
                    ? state->completion_bonus : 0;
  out->total = out->buildings + out->manifestos + out->bonus + out->development +
               out->completion;
}

/* ---- turn and round ---- */

static gint64
draw_cards (State  *state,
            Player *player,
            gint64  n)
{
  if (state->deck < n)
    {
      /* The discard pile is shuffled into a new deck. */
      state->deck += state->discard;
      state->discard = 0;
    }
  n = MIN (n, state->deck);
  state->deck -= n;
  player->hand += n;
  return n;
}

static gint64
tile_count (State  *state,
            Tile    tile,
            Player *player)
{
  switch (tile)
    {
    case TILE_RESIDENT:
      return count_type (player, T_RESIDENTIAL);
    case TILE_CONSUMPTION:
      return count_type (player, T_COMMERCIAL);
    case TILE_BUSINESS:
      return count_type (player, T_INDUSTRIAL);
    case TILE_INCOME_TAX:
      return (count_type (player, T_RESIDENTIAL) > 0) + (count_type (player, T_COMMERCIAL) > 0) +
             (count_type (player, T_INDUSTRIAL) > 0);
    case TILE_ECO:
      return count_eco (player);
    case TILE_SUBSIDY:
    case N_TILES:
    default:
      return player->buildings->len;
    }
}

static void
end_round (State *state)
{
  for (guint t = 0; t < N_TILES; t++)
    {
      gboolean holds = FALSE;

      if (state->tile_fired[t])
        continue;
      for (guint s = 0; s < state->n_players; s++)
        if (tile_count (state, t, &state->players[s]) >= state->thresholds[t])
          holds = TRUE;
      if (!holds)
        continue;
      state->tile_fired[t] = TRUE;
      for (guint s = 0; s < state->n_players; s++)
        {
          Player *player = &state->players[s];
          gint64 count = tile_count (state, t, player);
          gint64 n;

          if (t == TILE_SUBSIDY)
            n = (gint64) player->buildings->len <= state->subsidy_max ? state->subsidy_cards : 0;
          else if (!state->everyone_draws && count < state->thresholds[t])
            n = 0;
          else
            n = count;
          state->last_income[t][s] = draw_cards (state, player, n);
        }
    }
  for (guint s = 0; s < state->n_players; s++)
    if (state->players[s].buildings->len >= (guint) state->end_buildings &&
        !has_construction_site (&state->players[s]))
      state->phase = PHASE_OVER;
  if (state->phase != PHASE_OVER)
    state->round++;
}

static void
end_turn (State *state)
{
  Player *player = &state->players[state->active];

  if (player->hand > state->hand_limit)
    {
      state->discard += player->hand - state->hand_limit;
      player->hand = state->hand_limit;
    }
  state->manifesto_this_turn = FALSE;
  state->active = (state->active + 1) % state->n_players;
  state->phase = PHASE_DRAW;
  if (state->active == state->first)
    end_round (state);
}

/* Looks at the manifesto deck; keeps one when @keep.  Checked before: allowed. */
static void
take_manifesto (State    *state,
                Player   *player,
                gboolean  keep)
{
  state->manifesto_this_turn = TRUE;
  if (keep)
    {
      state->manifesto_deck--;
      player->manifestos++;
    }
}

static gboolean
check_manifesto (State     *state,
                 Player    *player,
                 gboolean   keep,
                 GError   **error)
{
  if (state->manifesto_this_turn)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("Manifestos may be drawn only once a turn."));
      return FALSE;
    }
  if (player->manifestos >= 2)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("A player with two manifestos in front of them cannot draw manifestos."));
      return FALSE;
    }
  if (keep && state->manifesto_deck <= 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("No manifesto is left to keep."));
      return FALSE;
    }
  return TRUE;
}

static const char *
player_name (State *state,
             guint  seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}

static gboolean
check_phase (State   *state,
             Phase    wanted,
             GError **error)
{
  if (state->phase == wanted)
    return TRUE;
  if (state->phase == PHASE_OVER)
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, _("The game is over."));
  else if (state->phase == PHASE_DRAW)
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                 _("%s draws a card or manifestos first."), player_name (state, state->active));
  else
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                 _("%s builds or redraws now."), player_name (state, state->active));
  return FALSE;
}

/* The card of a build action: an id of the card table or an inline card. */
static gboolean
resolve_card (State     *state,
              JsonNode  *node,
              Card      *card,
              GError   **error)
{
  const char *id = tk_rules_json_node_string (node);

  if (id != NULL)
    {
      for (guint i = 0; i < state->table->len; i++)
        if (g_str_equal (g_array_index (state->table, Card, i).id, id))
          {
            *card = card_dup (&g_array_index (state->table, Card, i));
            return TRUE;
          }
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("The card table has no card “%s”."), id);
      return FALSE;
    }
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    return read_card (json_node_get_object (node), card, error);
  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("A build names a card of the card table or gives the card."));
  return FALSE;
}

static gboolean
apply_build (State       *state,
             JsonObject  *action,
             GError     **error)
{
  Player *player = &state->players[state->active];
  g_auto(Card) card = { 0 };
  gboolean use_site;
  gint64 cost, row = 0;
  Building *site = NULL;

  if (!resolve_card (state, tk_rules_json_member (action, "card"), &card, error) ||
      !tk_rules_json_read_bool (action, "construction_site", FALSE, &use_site, error))
    return FALSE;
  cost = cost_for (player, &card);
  if (card.type != T_POWER_PLANT)
    {
      Building *plant;

      if (!tk_rules_json_read_int (action, "plant", 1, G_MAXUINT32, -1, &row, error))
        {
          g_clear_error (error);
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("Say which power plant powers the new building."));
          return FALSE;
        }
      plant = find_building (player, row);
      if (plant == NULL || plant->card.type != T_POWER_PLANT)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s has no power plant %" PRId64 "."),
                       player_name (state, state->active), row);
          return FALSE;
        }
      if (power_used (player, row) + card.power > plant->card.power)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s needs %" PRId64 " power, but the plant has only %" PRId64
                         " of %" PRId64 " left."), card.name, card.power,
                       plant->card.power - power_used (player, row), plant->card.power);
          return FALSE;
        }
    }
  if (use_site)
    {
      for (guint i = 0; i < player->buildings->len && site == NULL; i++)
        if (g_array_index (player->buildings, Building, i).card.effect == E_CONSTRUCTION_SITE)
          site = &g_array_index (player->buildings, Building, i);
      if (site == NULL)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s has no construction site to pay with."),
                       player_name (state, state->active));
          return FALSE;
        }
    }
  if (player->hand < 1 + (use_site ? 0 : cost))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("Building %s takes the card and %" PRId64 " more from the hand; %s has "
                     "%" PRId64 " cards."), card.name, use_site ? 0 : cost,
                   player_name (state, state->active), player->hand);
      return FALSE;
    }

  player->hand -= 1 + (use_site ? 0 : cost);
  state->discard += use_site ? 1 : cost;
  if (site != NULL)
    {
      card_clear (&site->card);
      g_array_remove_index (player->buildings, site - (Building *) player->buildings->data);
    }
  add_building (state, player, &card, row);
  end_turn (state);
  return TRUE;
}

static gboolean
apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  State *state = data;
  const char *type = tk_rules_json_get_string (action, "type");
  Player *player = &state->players[state->active];

  if (type == NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, _("The action has no type."));
      return FALSE;
    }

  /* A turn action may name its player; naming another than the one to act is a mistake (a
   * stale device, a wrong tap), never a reason for the active player to act instead. */
  if ((g_str_equal (type, "draw") || g_str_equal (type, "draw_manifesto") ||
       g_str_equal (type, "build") || g_str_equal (type, "redraw")) &&
      !tk_rules_json_check_turn_seat (action, state->setup, state->n_players,
                                      state->active, error))
    return FALSE;

  if (g_str_equal (type, "draw"))
    {
      if (!check_phase (state, PHASE_DRAW, error))
        return FALSE;
      draw_cards (state, player, 1 + extra_draws (player));
      state->phase = PHASE_ACTION;
      return TRUE;
    }

  if (g_str_equal (type, "draw_manifesto"))
    {
      gboolean keep;

      if (!check_phase (state, PHASE_DRAW, error) || !tk_rules_json_read_bool (action, "keep",
                                                                               FALSE, &keep,
                                                                               error) ||
          !check_manifesto (state, player, keep, error))
        return FALSE;
      draw_cards (state, player, extra_draws (player));
      take_manifesto (state, player, keep);
      state->phase = PHASE_ACTION;
      return TRUE;
    }

  if (g_str_equal (type, "build"))
    {
      if (!check_phase (state, PHASE_ACTION, error))
        return FALSE;
      return apply_build (state, action, error);
    }

  if (g_str_equal (type, "redraw"))
    {
      gboolean manifesto, keep;

      if (!check_phase (state, PHASE_ACTION, error) ||
          !tk_rules_json_read_bool (action, "manifesto", FALSE, &manifesto, error) ||
          !tk_rules_json_read_bool (action, "keep", FALSE, &keep, error))
        return FALSE;
      if (manifesto && !check_manifesto (state, player, keep, error))
        return FALSE;
      draw_cards (state, player, manifesto ? 1 : 2);
      if (manifesto)
        take_manifesto (state, player, keep);
      end_turn (state);
      return TRUE;
    }

  if (g_str_equal (type, "split") || g_str_equal (type, "manifesto_points"))
    {
      gint64 seat;
      Player *target;

      if (!tk_rules_json_read_int (action, "seat", 0, state->n_players - 1, -1, &seat, error))
        return FALSE;
      target = &state->players[seat];
      if (g_str_equal (type, "split"))
        {
          gint64 uid, first;
          Building *b;

          if (!tk_rules_json_read_int (action, "building", 1, G_MAXUINT32, -1, &uid, error))
            return FALSE;
          b = find_building (target, uid);
          if (b == NULL || b->card.effect != E_SPLIT_POINTS)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("%s has no building %" PRId64 " whose points can be split."),
                           player_name (state, seat), uid);
              return FALSE;
            }
          if (!tk_rules_json_read_int (action, type_names[__builtin_ctz (b->card.split)], 0,
                                       MAX (b->card.points, 0), -1, &first, error))
            return FALSE;
          b->split_first = first;
          return TRUE;
        }
      else
        {
          gint64 slot, points;

          if (!tk_rules_json_read_int (action, "slot", 0, 1, -1, &slot, error) ||
              !tk_rules_json_read_int (action, "points", -MAX_NUMBER, MAX_NUMBER, -1 - MAX_NUMBER,
                                       &points, error))
            return FALSE;
          if ((guint) slot >= target->manifestos)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("%s has no manifesto %" PRId64 "."), player_name (state, seat),
                           slot + 1);
              return FALSE;
            }
          target->manifesto_points[slot] = points;
          return TRUE;
        }
    }

  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("City Plan does not know the action “%s”."), type);
  return FALSE;
}

/* ---- public helper ---- */

gint64
tk_city_plan_rules_cost (gpointer  data,
                         guint     seat,
                         JsonNode *node)
{
  State *state = data;
  g_auto(Card) card = { 0 };

  g_return_val_if_fail (state != NULL, -1);
  g_return_val_if_fail (seat < state->n_players, -1);
  if (!resolve_card (state, node, &card, NULL))
    return -1;
  return cost_for (&state->players[seat], &card);
}

/* ---- score and state ---- */

static void
add_line (JsonArray  *breakdown,
          const char *label,
          gint64      points)
{
  JsonObject *line = json_object_new ();

  json_object_set_string_member (line, "label", label);
  json_object_set_int_member (line, "points", points);
  json_array_add_object_element (breakdown, line);
}

/* "Police box (5 residential buildings, at most 4)": what a counting building counted. */
static char *
count_bonus_label (const Card *card,
                   guint       n)
{
  g_autofree char *counted = NULL;
  guint other = (1u << T_FACILITY) | (1u << T_POWER_PLANT);

  if (card->counts == 1u << T_RESIDENTIAL)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u residential building",
                                            "%u residential buildings", n), n);
  else if (card->counts == 1u << T_COMMERCIAL)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u commercial building",
                                            "%u commercial buildings", n), n);
  else if (card->counts == 1u << T_INDUSTRIAL)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u industrial building",
                                            "%u industrial buildings", n), n);
  else if (card->counts == other)
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u other building",
                                            "%u other buildings", n), n);
  else
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u building counted",
                                            "%u buildings counted", n), n);
  if (card->max_points > 0 && (gint64) n * card->amount > card->max_points)
    /* TRANSLATORS: "Police box (5 residential buildings, at most 4)" */
    return g_strdup_printf (_("%s (%s, at most %" PRId64 ")"), card->name, counted,
                            card->max_points);
  /* TRANSLATORS: "Hospital (3 residential buildings)" */
  return g_strdup_printf (_("%s (%s)"), card->name, counted);
}

/* One breakdown line per building of @player that scores by counting. */
static void
add_count_bonus_lines (JsonArray *breakdown,
                       Player    *player)
{
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      g_autofree char *label = NULL;
      gint64 points;
      guint n;

      if (b->card.effect != E_COUNT_BONUS)
        continue;
      points = count_bonus (player, &b->card, &n);
      label = count_bonus_label (&b->card, n);
      add_line (breakdown, label, points);
    }
}

/* < 0 when @a ranks before @b: total, then buildings, then cards in hand. */
static int
compare (State       *state,
         const Tally *tallies,
         guint        a,
         guint        b)
{
  gint64 ka[3] = { tallies[a].total, state->players[a].buildings->len, state->players[a].hand };
  gint64 kb[3] = { tallies[b].total, state->players[b].buildings->len, state->players[b].hand };

  for (guint i = 0; i < 3; i++)
    if (ka[i] != kb[i])
      return ka[i] > kb[i] ? -1 : 1;
  return 0;
}

static JsonObject *
score (gpointer data)
{
  State *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  Tally tallies[MAX_PLAYERS];
  GString *text = g_string_new (NULL);

  for (guint s = 0; s < state->n_players; s++)
    tally (state, s, &tallies[s]);
  for (guint s = 0; s < state->n_players; s++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      JsonObject *districts = json_object_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, s);
      guint rank = 1;

      for (guint o = 0; o < state->n_players; o++)
        if (compare (state, tallies, o, s) < 0)
          rank++;
      json_object_set_int_member (player, "seat", s);
      json_object_set_string_member (player, "name", player_name (state, s));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      add_line (breakdown, _("Buildings"), tallies[s].buildings);
      add_line (breakdown, _("Manifestos"), tallies[s].manifestos);
      add_count_bonus_lines (breakdown, &state->players[s]);
      add_line (breakdown, _("Development bonus"), tallies[s].development);
      add_line (breakdown, _("Completion bonus"), tallies[s].completion);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_int_member (player, "total", tallies[s].total);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      for (guint t = 0; t < 3; t++)
        json_object_set_int_member (districts, type_names[t], tallies[s].district[t]);
      json_object_set_object_member (player, "districts", districts);
      json_object_set_int_member (player, "buildings", state->players[s].buildings->len);
      json_object_set_int_member (player, "hand", state->players[s].hand);
      json_array_add_object_element (players, player);
      if (tallies[s].bonus != 0)
        g_string_append_printf (text, _("%s: buildings %" PRId64 " + manifestos %" PRId64
                                        " + counting buildings %" PRId64 " + development %"
                                        PRId64 " (lowest of %" PRId64 "/%" PRId64 "/%" PRId64
                                        ") + completion %" PRId64 " = %" PRId64 ". "),
                                player_name (state, s), tallies[s].buildings,
                                tallies[s].manifestos, tallies[s].bonus,
                                tallies[s].development, tallies[s].district[0],
                                tallies[s].district[1], tallies[s].district[2],
                                tallies[s].completion, tallies[s].total);
      else
        g_string_append_printf (text, _("%s: buildings %" PRId64 " + manifestos %" PRId64
                                        " + development %" PRId64 " (lowest of %" PRId64
                                        "/%" PRId64 "/%" PRId64 ") + completion %" PRId64
                                        " = %" PRId64 ". "),
                                player_name (state, s), tallies[s].buildings,
                                tallies[s].manifestos, tallies[s].development,
                                tallies[s].district[0], tallies[s].district[1],
                                tallies[s].district[2], tallies[s].completion,
                                tallies[s].total);
    }
  g_string_append (text, _("Ties: more buildings, then more cards in hand."));
  json_object_set_array_member (result, "players", players);
  json_object_set_boolean_member (result, "finished", state->phase == PHASE_OVER);
  json_object_set_int_member (result, "round", state->round);
  json_object_set_string_member (result, "explanation", text->str);
  g_string_free (text, TRUE);
  return result;
}

/* What each card of the card table costs @player now (a panel shows it before the build). */
static JsonObject *
table_costs (State  *state,
             Player *player)
{
  JsonObject *costs = json_object_new ();

  for (guint i = 0; i < state->table->len; i++)
    {
      Card *card = &g_array_index (state->table, Card, i);
      json_object_set_int_member (costs, card->id, cost_for (player, card));
    }
  return costs;
}

/* @player's reductions, for a card outside the table: the caps ({from, to}, applied first)
 * and the cards less per type (then, never below 0), as cost_for() applies them. */
static JsonObject *
cost_rules (Player *player)
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
    json_object_set_int_member (minus, type_names[t], per_type[t]);
  json_object_set_array_member (rules, "cap", caps);
  json_object_set_object_member (rules, "minus", minus);
  return rules;
}

static JsonObject *
to_json (gpointer data)
{
  State *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *tiles = json_array_new ();

  for (guint s = 0; s < state->n_players; s++)
    {
      Player *p = &state->players[s];
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
          json_object_set_int_member (row, "used", power_used (p, plant->uid));
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
              json_object_set_string_member (entry, "type", type_names[b->card.type]);
              json_object_set_int_member (entry, "points", b->card.points);
              json_object_set_int_member (entry, "power", b->card.power);
              json_object_set_boolean_member (entry, "eco", b->card.eco);
              json_object_set_string_member (entry, "effect", effect_names[b->card.effect]);
              if (b->card.effect == E_SPLIT_POINTS)
                {
                  JsonArray *split = json_array_new ();

                  json_array_add_string_element (split,
                                                 type_names[__builtin_ctz (b->card.split)]);
                  json_array_add_string_element (split,
                                                 type_names[31 - __builtin_clz (b->card.split)]);
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
      json_object_set_int_member (player, "draws_per_turn", 1 + extra_draws (p));
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
      json_object_set_string_member (tile, "tile", tile_names[t]);
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
  State *state = data;
  const char *type = tk_rules_json_get_string (action, "type");
  const char *active = player_name (state, state->active);

  if (g_strcmp0 (type, "draw") == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s draws %" PRId64 " card",
                                         "%s draws %" PRId64 " cards",
                                         1 + extra_draws (&state->players[state->active])),
                            active, 1 + extra_draws (&state->players[state->active]));
  if (g_strcmp0 (type, "draw_manifesto") == 0)
    return g_strdup_printf (_("%s looks at manifestos"), active);
  if (g_strcmp0 (type, "build") == 0)
    {
      g_auto(Card) card = { 0 };

      gboolean use_site = FALSE;

      if (resolve_card (state, tk_rules_json_member (action, "card"), &card, NULL) &&
          tk_rules_json_read_bool (action, "construction_site", FALSE, &use_site, NULL) &&
          use_site)
        /* TRANSLATORS: "Ana builds City hall with a construction site (no cards paid)" */
        return g_strdup_printf (_("%s builds %s with a construction site (no cards paid)"),
                                active, card.name);
      if (card.name != NULL)
        /* TRANSLATORS: "Ana builds Station (cost 1)" */
        return g_strdup_printf (_("%s builds %s (cost %" PRId64 ")"), active, card.name,
                                cost_for (&state->players[state->active], &card));
      return g_strdup_printf (_("%s builds"), active);
    }
  if (g_strcmp0 (type, "redraw") == 0)
    return g_strdup_printf (_("%s redraws"), active);
  /* The end-of-game entries name who, what and how many: five lines of "Manifesto points
   * entered" told the ledger's reader nothing. */
  if (g_strcmp0 (type, "split") == 0 || g_strcmp0 (type, "manifesto_points") == 0)
    {
      gint64 seat = json_object_get_int_member_with_default (action, "seat", -1);
      Player *target;

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
                                  player_name (state, seat), slot + 1, points,
                                  target->manifesto_points[slot]);
        }
      else
        {
          Building *b = find_building (target, json_object_get_int_member_with_default (action, "building", 0));
          gint64 first = -1;

          if (b == NULL || b->card.split == 0)
            return g_strdup_printf (_("Action “%s”"), type);
          first = json_object_get_int_member_with_default (action, type_names[__builtin_ctz (b->card.split)], 0);
          /* TRANSLATORS: "Ana’s Market: 3 of its 4 points to the first district, 1 to the
           * second" */
          return g_strdup_printf (_("%s’s %s: %" PRId64 " of its %" PRId64 " points to the first district, %" PRId64 " to the second"),
                                  player_name (state, seat), b->card.name, first, b->card.points,
                                  b->card.points - first);
        }
    }
  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

static const TkRules city_plan_rules = {
  .id = TK_CITY_PLAN_RULES_ID,
  .get_name = get_name,
  .min_players = 2,
  .max_players = MAX_PLAYERS,
  .default_setup = default_setup,
  .state_new = state_new,
  .state_copy = state_copy,
  .apply = apply,
  .score = score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = state_free,
};

const TkRules *
tk_city_plan_rules_get (void)
{
  return &city_plan_rules;
}
