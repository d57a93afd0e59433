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
 */
#define G_LOG_DOMAIN "tk-metropolis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-metropolis-rules.h"
#include "tk-rules-json.h"

#define MAX_PLAYERS   4
#define MIN_PLAYERS   2
#define MAX_SIDE      9
#define MAX_CELLS     (MAX_SIDE * MAX_SIDE)
#define MAX_SLOTS     8
#define MAX_TILES     32
#define MAX_ALTS      4
#define N_YEARS       3
#define START_DEEDS   6
#define SHAPE_BOX     4        /* a shape fits in a 4×4 box: bit (row * 4 + col) */
#define MAX_TILE_SIZE 9
#define MAX_COINS     1000000

typedef enum { TYPE_RESIDENTIAL, TYPE_COMMERCIAL, TYPE_PUBLIC } TileType;
typedef enum { KIND_NONE, KIND_CITIZENS, KIND_HALF_CITIZENS, KIND_COINS, KIND_PUBLIC,
               KIND_BUILDINGS } PublicKind;
typedef enum { PHASE_DEAL, PHASE_MARKET, PHASE_PLAY, PHASE_FINAL, PHASE_OVER } Phase;
typedef enum { CAT_POPULATION, CAT_PUBLIC, CAT_PRINTED, CAT_COIN_PRESTIGE, CAT_EMPTY_LOTS,
               N_CATS } Category;

static const char *const type_names[] = { "residential", "commercial", "public" };
static const char *const kind_names[] = { "none", "citizens", "half_citizens", "coins",
                                          "public_buildings", "buildings" };
static const char *const phase_names[] = { "deal", "market", "play", "final_turns", "over" };
static const char *const cat_ids[] = { "population", "public", "commercial_prestige",
                                       "commercial_coins", "empty_lots" };

typedef struct
{
  char       code[8];
  char       name[64];
  TileType   type;
  int        count;
  int        size;
  gboolean   any_shape;             /* any orthogonally connected set of @size lots */
  guint      n_masks;
  guint16    masks[MAX_ALTS * 8];   /* every allowed orientation, normalised */
  int        citizens;
  int        coins;
  int        prestige;
  PublicKind kind;
  int        rate;
} Tile;

typedef struct
{
  int coins;
  gint64 coins_received;           /* from the bank since setup */
  gint64 coins_paid;               /* to the bank since setup */
  int markers;                     /* lot markers on the player board */
  int deeds;
  int supply[MAX_TILES];
  int points[N_YEARS][N_CATS];
  int year_coins[N_YEARS];         /* commercial coins paid at a year's end */
} Player;

typedef struct
{
  JsonObject *setup;

  /* rule tables and options, read from the setup */
  guint    n_players;
  int      side;
  int      n_slots;
  int      prices[MAX_SLOTS];
  int      bonus[N_YEARS];
  int      start_coins[MAX_PLAYERS];
  int      income_base;
  int      n_markers;
  int      deck_sizes[N_YEARS];
  gboolean printed_every_year;
  gboolean coins_to_prestige;
  guint    n_tiles;
  Tile     tiles[MAX_TILES];
  int      first_seat;                   /* the first player at setup */

  /* the game */
  Phase    phase;
  int      year;                         /* 0, 1, 2 */
  int      current;                      /* whose turn */
  int      first_player;                 /* the first-player token */
  int      last_buyer;                   /* −1 until someone buys in this year */
  int      final_turns_left;
  int      deck_left;                    /* unrevealed cards of this year's deck */
  int      years_scored;
  int      market[MAX_SLOTS];            /* cell, or −1 */
  int      owner[MAX_CELLS];             /* seat, or −1 */
  int      tile[MAX_CELLS];              /* tile row of the building on the lot, or −1 */
  int      anchor[MAX_CELLS];            /* first lot of that building, or −1 */
  Player   players[MAX_PLAYERS];
} State;

static const char *
get_name (void)
{
  return _("Foundations of Metropolis");
}

/* ---- small helpers ---- */

static const char *
player_name (State *state,
             int    seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}

static void
lot_name (State *state,
          int    cell,
          char   out[4])
{
  out[0] = 'A' + cell % state->side;
  out[1] = '1' + cell / state->side;
  out[2] = '\0';
}

/* "B2" → cell, or −1 when it is not a lot of this board. */
static int
parse_lot (State      *state,
           const char *text)
{
  int col, row;

  if (text == NULL || strlen (text) != 2)
    return -1;
  col = g_ascii_toupper (text[0]) - 'A';
  row = text[1] - '1';
  if (col < 0 || col >= state->side || row < 0 || row >= state->side)
    return -1;
  return row * state->side + col;
}

/* The shared refusal (tk-rules-json.h), under the short name this file's many checks use. */
#define invalid tk_rules_json_invalid

/* ---- shapes ---- */

/* Moves the cells of @mask (in a 4×4 box) to the top-left corner. */
static guint16
normalise_mask (guint16 mask)
{
  int min_r = SHAPE_BOX, min_c = SHAPE_BOX;
  guint16 out = 0;

  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      {
        min_r = MIN (min_r, b / SHAPE_BOX);
        min_c = MIN (min_c, b % SHAPE_BOX);
      }
  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      out |= 1u << ((b / SHAPE_BOX - min_r) * SHAPE_BOX + (b % SHAPE_BOX - min_c));
  return out;
}

static guint16
rotate_mask (guint16 mask)
{
  guint16 out = 0;

  /* (r, c) → (c, 3 − r) */
  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      out |= 1u << ((b % SHAPE_BOX) * SHAPE_BOX + (SHAPE_BOX - 1 - b / SHAPE_BOX));
  return normalise_mask (out);
}

static guint16
mirror_mask (guint16 mask)
{
  guint16 out = 0;

  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      out |= 1u << ((b / SHAPE_BOX) * SHAPE_BOX + (SHAPE_BOX - 1 - b % SHAPE_BOX));
  return normalise_mask (out);
}

static void
add_mask (Tile   *tile,
          guint16 mask)
{
  for (guint i = 0; i < tile->n_masks; i++)
    if (tile->masks[i] == mask)
      return;
  tile->masks[tile->n_masks++] = mask;
}

/* "XX/X." → a mask; 0 when the text is not a shape of @size lots in a 4×4 box. */
static guint16
parse_shape (const char *text,
             int         size)
{
  int r = 0, c = 0, n = 0;
  guint16 mask = 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '/')
        {
          r++;
          c = 0;
          continue;
        }
      if (r >= SHAPE_BOX || c >= SHAPE_BOX || (*p != 'X' && *p != '.'))
        return 0;
      if (*p == 'X')
        {
          mask |= 1u << (r * SHAPE_BOX + c);
          n++;
        }
      c++;
    }
  return n == size && n > 0 ? normalise_mask (mask) : 0;
}

/* Whether @cells (all distinct lots of the board) are orthogonally connected. */
static gboolean
cells_connected (State     *state,
                 const int *cells,
                 int        n)
{
  gboolean reached[MAX_TILE_SIZE] = { TRUE };
  gboolean grew = TRUE;
  int count = 1;

  while (grew)
    {
      grew = FALSE;
      for (int i = 0; i < n; i++)
        if (!reached[i])
          for (int j = 0; j < n; j++)
            if (reached[j])
              {
                int dr = ABS (cells[i] / state->side - cells[j] / state->side);
                int dc = ABS (cells[i] % state->side - cells[j] % state->side);
                if (dr + dc == 1)
                  {
                    reached[i] = TRUE;
                    grew = TRUE;
                    count++;
                    break;
                  }
              }
    }
  return count == n;
}

/* Whether @cells take the shape of @tile (in any orientation it allows). */
static gboolean
shape_matches (State     *state,
               Tile      *tile,
               const int *cells,
               int        n)
{
  int min_r = MAX_SIDE, min_c = MAX_SIDE;
  guint16 mask = 0;

  if (n != tile->size)
    return FALSE;
  if (tile->any_shape)
    return cells_connected (state, cells, n);
  for (int i = 0; i < n; i++)
    {
      min_r = MIN (min_r, cells[i] / state->side);
      min_c = MIN (min_c, cells[i] % state->side);
    }
  for (int i = 0; i < n; i++)
    {
      int r = cells[i] / state->side - min_r, c = cells[i] % state->side - min_c;
      if (r >= SHAPE_BOX || c >= SHAPE_BOX)
        return FALSE;
      mask |= 1u << (r * SHAPE_BOX + c);
    }
  for (guint i = 0; i < tile->n_masks; i++)
    if (tile->masks[i] == mask)
      return TRUE;
  return FALSE;
}

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

/* The deeds left after the starting deeds, split into three piles as equal as possible, the
 * larger piles last (4p 19/19/19, 3p 15/15/16, 2p 12/12/13). */
static void
default_deck_sizes (guint n_players,
                    int   side,
                    int   out[N_YEARS])
{
  int left = side * side - START_DEEDS * (int) n_players;

  for (int y = 0; y < N_YEARS; y++)
    out[y] = left / N_YEARS + (y >= N_YEARS - left % N_YEARS ? 1 : 0);
}

static JsonArray *
int_array (const int *values,
           int        n)
{
  JsonArray *array = json_array_new ();

  for (int i = 0; i < n; i++)
    json_array_add_int_element (array, values[i]);
  return array;
}

static JsonObject *
default_setup (guint n_players)
{
  static const int prices[] = { 2, 3, 4, 6, 8, 10 };
  static const int bonus[] = { 4, 7, 10 };
  static const int coins[] = { 5, 6, 7, 8 };
  static const char *const unconfirmed[] = { "market_prices", "population_bonus",
                                             "lot_markers", "tiles", "year_deck_sizes" };
  JsonObject *setup = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *tiles = json_array_new ();
  JsonArray *list = json_array_new ();
  int decks[N_YEARS];

  n_players = CLAMP (n_players, MIN_PLAYERS, MAX_PLAYERS);
  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *player = json_object_new ();
      g_autofree char *name = g_strdup_printf (_("Player %u"), i + 1);

      json_object_set_string_member (player, "name", name);
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (setup, "players", players);
  json_object_set_int_member (setup, "first_player", 0);
  json_object_set_int_member (setup, "board_size", default_side (n_players));
  default_deck_sizes (n_players, default_side (n_players), decks);
  json_object_set_array_member (setup, "year_deck_sizes", int_array (decks, N_YEARS));
  json_object_set_array_member (setup, "market_prices", int_array (prices, 6));
  json_object_set_array_member (setup, "population_bonus", int_array (bonus, N_YEARS));
  json_object_set_array_member (setup, "starting_coins", int_array (coins, MAX_PLAYERS));
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

static gboolean
read_tile (JsonObject  *object,
           guint        index,
           Tile        *tile,
           GError     **error)
{
  const char *code = tk_rules_json_get_string (object, "code");
  const char *name = tk_rules_json_get_string (object, "name");
  const char *type = tk_rules_json_get_string (object, "type");
  const char *kind = tk_rules_json_get_string (object, "public");
  JsonNode *shapes = tk_rules_json_member (object, "shapes");
  JsonNode *mirror = tk_rules_json_member (object, "mirror");
  gboolean allow_mirror = FALSE;
  int t, k;

  if (code == NULL || *code == '\0' || strlen (code) >= sizeof tile->code)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("Tile %u of the tile table has no code (1–7 characters)."), index + 1);
      return FALSE;
    }
  if (name != NULL && (strlen (name) >= sizeof tile->name || !g_utf8_validate (name, -1, NULL)))
    return invalid (error, _("Tile %s: the name must be text of at most 63 bytes."), code);
  if (!g_utf8_validate (code, -1, NULL))
    return invalid (error, _("Tile %u of the tile table has no code (1–7 characters)."), index + 1);
  g_strlcpy (tile->code, code, sizeof tile->code);
  g_strlcpy (tile->name, name != NULL ? name : code, sizeof tile->name);
  if (type == NULL || (t = tk_rules_json_lookup (type_names, G_N_ELEMENTS (type_names), type)) < 0)
    return invalid (error, _("Tile %s needs a type: residential, commercial or public."), code);
  tile->type = t;
  k = kind == NULL ? KIND_NONE : tk_rules_json_lookup (kind_names, G_N_ELEMENTS (kind_names), kind);
  if (k < 0 || (t == TYPE_PUBLIC) != (k != KIND_NONE))
    return invalid (error, _("Tile %s: only public buildings have a scoring kind "
                             "(citizens, half_citizens, coins, public_buildings, buildings)."),
                    code);
  tile->kind = k;
  if (!tk_rules_json_read_int32 (object, "count", 0, 99, 1, &tile->count, error) ||
      !tk_rules_json_read_int32 (object, "size", 1, MAX_TILE_SIZE, 1, &tile->size, error) ||
      !tk_rules_json_read_int32 (object, "citizens", 0, 1000, 0, &tile->citizens, error) ||
      !tk_rules_json_read_int32 (object, "coins", 0, 1000, 0, &tile->coins, error) ||
      !tk_rules_json_read_int32 (object, "prestige", 0, 1000, 0, &tile->prestige, error) ||
      !tk_rules_json_read_int32 (object, "rate", 0, 1000, 0, &tile->rate, error))
    return FALSE;
  if (mirror != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (mirror) || json_node_get_value_type (mirror) != G_TYPE_BOOLEAN)
        return invalid (error, _("Tile %s: “mirror” must be true or false."), code);
      allow_mirror = json_node_get_boolean (mirror);
    }

  tile->n_masks = 0;
  tile->any_shape = FALSE;
  if (shapes == NULL || tk_rules_json_node_string (shapes) != NULL)
    {
      if (shapes != NULL && !g_str_equal (tk_rules_json_node_string (shapes), "any"))
        return invalid (error, _("Tile %s: “shapes” must be a list or “any”."), code);
      tile->any_shape = TRUE;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (shapes) ||
      json_array_get_length (json_node_get_array (shapes)) < 1 ||
      json_array_get_length (json_node_get_array (shapes)) > MAX_ALTS)
    return invalid (error, _("Tile %s: “shapes” must list 1 to 4 shapes."), code);
  for (guint s = 0; s < json_array_get_length (json_node_get_array (shapes)); s++)
    {
      JsonNode *shape = json_array_get_element (json_node_get_array (shapes), s);
      const char *text = tk_rules_json_node_string (shape);
      guint16 mask = text != NULL ? parse_shape (text, tile->size) : 0;

      if (mask == 0)
        return invalid (error, _("Tile %s: a shape is rows of X and . separated by /, with "
                                 "as many X as the tile has lots, at most 4×4."), code);
      for (int r = 0; r < 4; r++)
        {
          add_mask (tile, mask);
          if (allow_mirror)
            add_mask (tile, mirror_mask (mask));
          mask = rotate_mask (mask);
        }
    }
  return TRUE;
}

/* ---- state ---- */

static void
state_free (gpointer data)
{
  State *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_free (state);
}

static gpointer
state_copy (gpointer data)
{
  State *copy = g_memdup2 (data, sizeof (State));

  json_object_ref (copy->setup);
  return copy;
}

static int
market_count (State *state)
{
  int n = 0;

  for (int s = 0; s < state->n_slots; s++)
    n += state->market[s] >= 0;
  return n;
}

static int
in_market (State *state,
           int    cell)
{
  for (int s = 0; s < state->n_slots; s++)
    if (state->market[s] == cell)
      return s;
  return -1;
}

/* Gives @cells to @seat (deal, draft): each lot gets a marker from the player board. */
static gboolean
check_new_deeds (State      *state,
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
      int cell = parse_lot (state, text);

      if (cell < 0)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("“%s” is not a lot of this city board."), text != NULL ? text : "?");
          return FALSE;
        }
      if (state->owner[cell] >= 0)
        {
          char name[4];
          lot_name (state, cell, name);
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Lot %s already belongs to %s."), name,
                       player_name (state, state->owner[cell]));
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

static void
take_deed (State *state,
           int    seat,
           int    cell)
{
  state->owner[cell] = seat;
  state->players[seat].deeds++;
  state->players[seat].markers--;
}

static void
after_deal (State *state)
{
  for (guint p = 0; p < state->n_players; p++)
    if (state->players[p].deeds < START_DEEDS)
      return;
  state->phase = PHASE_MARKET;
}

static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  g_autofree State *state = g_new0 (State, 1);
  JsonNode *node;
  int n = 0;

  if (!tk_rules_check_setup_players (tk_metropolis_rules_get (), setup, error))
    return NULL;
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
  default_deck_sizes (state->n_players, state->side, state->deck_sizes);
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
  if (state->side * state->side < START_DEEDS * (int) state->n_players)
    {
      invalid (error, _("The board is too small for %s."), "board_size");
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
      g_autoptr(JsonObject) defaults = default_setup (state->n_players);
      JsonArray *tiles = json_object_get_array_member (defaults, "tiles");

      state->n_tiles = json_array_get_length (tiles);
      for (guint i = 0; i < state->n_tiles; i++)
        if (!read_tile (json_array_get_object_element (tiles, i), i, &state->tiles[i], error))
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
          if (!read_tile (json_node_get_object (element), i, &state->tiles[i], error))
            return NULL;
        }
    }

  for (int c = 0; c < MAX_CELLS; c++)
    state->owner[c] = state->tile[c] = state->anchor[c] = -1;
  for (int s = 0; s < MAX_SLOTS; s++)
    state->market[s] = -1;
  for (guint p = 0; p < state->n_players; p++)
    {
      Player *player = &state->players[p];
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
          if (!check_new_deeds (state, p, json_node_get_array (lots), cells, p * START_DEEDS,
                                &local))
            {
              g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                                   local->message);
              return NULL;
            }
        }
      for (guint p = 0; p < state->n_players; p++)
        for (int i = 0; i < START_DEEDS; i++)
          take_deed (state, p, cells[p * START_DEEDS + i]);
      after_deal (state);
    }

  json_object_ref (setup);
  return g_steal_pointer (&state);
}

/* ---- buildings and scoring ---- */

static int
commercial_coins (State *state,
                  int    seat)
{
  int sum = 0;

  for (int c = 0; c < state->side * state->side; c++)
    if (state->anchor[c] == c && state->owner[c] == seat &&
        state->tiles[state->tile[c]].type == TYPE_COMMERCIAL)
      sum += state->tiles[state->tile[c]].coins;
  return sum;
}

static int
population (State *state,
            int    seat)
{
  int sum = 0;

  for (int c = 0; c < state->side * state->side; c++)
    if (state->anchor[c] == c && state->owner[c] == seat &&
        state->tiles[state->tile[c]].type == TYPE_RESIDENTIAL)
      sum += state->tiles[state->tile[c]].citizens;
  return sum;
}

/* The prestige of the public building whose first lot is @anchor, from the distinct
 * buildings (of any owner) orthogonally next to any of its lots. */
static int
public_points (State *state,
               int    anchor)
{
  Tile *self = &state->tiles[state->tile[anchor]];
  int seen[MAX_CELLS];
  int n_seen = 0, citizens = 0, coins = 0, publics = 0, buildings = 0;
  int side = state->side;

  for (int c = 0; c < side * side; c++)
    {
      static const int dr[] = { -1, 1, 0, 0 }, dc[] = { 0, 0, -1, 1 };

      if (state->anchor[c] != anchor)
        continue;
      for (int d = 0; d < 4; d++)
        {
          int r = c / side + dr[d], col = c % side + dc[d], other, a;
          gboolean known = FALSE;
          Tile *tile;

          if (r < 0 || r >= side || col < 0 || col >= side)
            continue;
          other = r * side + col;
          a = state->anchor[other];
          if (a < 0 || a == anchor)
            continue;
          for (int i = 0; i < n_seen; i++)
            known |= seen[i] == a;
          if (known)
            continue;
          seen[n_seen++] = a;
          tile = &state->tiles[state->tile[a]];
          buildings++;
          if (tile->type == TYPE_RESIDENTIAL)
            citizens += tile->citizens;
          else if (tile->type == TYPE_COMMERCIAL)
            coins += tile->coins;
          else
            publics++;
        }
    }
  switch (self->kind)
    {
    case KIND_CITIZENS:      return citizens * self->rate;
    case KIND_HALF_CITIZENS: return (citizens / 2) * self->rate;
    case KIND_COINS:         return coins * self->rate;
    case KIND_PUBLIC:        return publics * self->rate;
    case KIND_BUILDINGS:     return buildings * self->rate;
    case KIND_NONE:
    default:                 return 0;
    }
}

static int
empty_lots (State *state,
            int    seat)
{
  int n = 0;

  for (int c = 0; c < state->side * state->side; c++)
    n += state->owner[c] == seat && state->tile[c] < 0;
  return n;
}

/* The population prestige of every seat in year @year (seed: leaders own + bonus; others the
 * population of the next player above; 0 citizens score nothing; ties friendly). */
static void
population_points (State *state,
                   int    year,
                   int   *out)
{
  int pop[MAX_PLAYERS];

  for (guint p = 0; p < state->n_players; p++)
    pop[p] = population (state, p);
  for (guint p = 0; p < state->n_players; p++)
    {
      int above = -1;

      out[p] = 0;
      if (pop[p] < 1)
        continue;
      for (guint q = 0; q < state->n_players; q++)
        if (pop[q] > pop[p] && (above < 0 || pop[q] < above))
          above = pop[q];
      out[p] = above < 0 ? pop[p] + state->bonus[year] : above;
    }
}

/* Every category of year @year for every seat, as the board stands. */
static void
year_points (State *state,
             int    year,
             int    points[MAX_PLAYERS][N_CATS],
             int    coins[MAX_PLAYERS])
{
  int pop[MAX_PLAYERS];

  population_points (state, year, pop);
  for (guint p = 0; p < state->n_players; p++)
    {
      int cc = commercial_coins (state, p), printed = 0, pub = 0;

      for (int c = 0; c < state->side * state->side; c++)
        if (state->anchor[c] == c && state->owner[c] == (int) p)
          {
            Tile *tile = &state->tiles[state->tile[c]];
            if (tile->type == TYPE_COMMERCIAL)
              printed += tile->prestige;
            else if (tile->type == TYPE_PUBLIC)
              pub += public_points (state, c);
          }
      memset (points[p], 0, sizeof (int) * N_CATS);
      points[p][CAT_POPULATION] = pop[p];
      points[p][CAT_PUBLIC] = pub;
      if (state->printed_every_year || year == N_YEARS - 1)
        points[p][CAT_PRINTED] = printed;
      coins[p] = cc;
      if (year == N_YEARS - 1)
        {
          if (state->coins_to_prestige)
            {
              points[p][CAT_COIN_PRESTIGE] = cc;
              coins[p] = 0;
            }
          points[p][CAT_EMPTY_LOTS] = empty_lots (state, p);
        }
    }
}

static void
end_year (State *state)
{
  int points[MAX_PLAYERS][N_CATS], coins[MAX_PLAYERS];

  year_points (state, state->year, points, coins);
  for (guint p = 0; p < state->n_players; p++)
    {
      Player *player = &state->players[p];

      memcpy (player->points[state->year], points[p], sizeof points[p]);
      player->year_coins[state->year] = coins[p];
      player->coins += coins[p];
      player->coins_received += coins[p];
    }
  state->years_scored = state->year + 1;
  if (state->year == N_YEARS - 1)
    {
      state->phase = PHASE_OVER;
      state->current = -1;
      return;
    }
  state->year++;
  state->phase = PHASE_MARKET;
  state->deck_left = state->deck_sizes[state->year];
  state->last_buyer = -1;
  state->current = state->first_player;
}

/* After a turn: the next player, and the end of the year after the final turns. */
static void
next_turn (State *state)
{
  state->current = (state->current + 1) % state->n_players;
  if (state->phase == PHASE_FINAL && --state->final_turns_left == 0)
    end_year (state);
}

/* ---- actions ---- */

static gboolean
illegal (GError    **error,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
illegal (GError    **error,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, message);
  return FALSE;
}

/* The acting seat: "seat" when given (it must be the current player), else the current one. */
static gboolean
turn_seat (State       *state,
           JsonObject  *action,
           int         *out,
           GError     **error)
{
  guint seat;

  if (state->phase == PHASE_DEAL)
    return illegal (error, _("The starting deeds are not all dealt yet."));
  if (state->phase == PHASE_MARKET)
    return illegal (error, _("The deeds for sale of year %d are not entered yet."),
                    state->year + 1);
  if (state->phase == PHASE_OVER)
    return illegal (error, _("The game is over."));
  if (tk_rules_json_member (action, "seat") != NULL)
    {
      if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
        return FALSE;
      if ((int) seat != state->current)
        return illegal (error, _("It is %s’s turn, not %s’s."),
                        player_name (state, state->current), player_name (state, (int) seat));
    }
  *out = state->current;
  return TRUE;
}

static gboolean
apply_deal (State       *state,
            JsonObject  *action,
            GError     **error)
{
  JsonArray *lots = tk_rules_json_get_array (action, "lots");
  int cells[START_DEEDS];
  guint seat;
  guint n;

  if (state->phase != PHASE_DEAL)
    return illegal (error, _("The starting deeds are already dealt."));
  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (lots == NULL || (n = json_array_get_length (lots)) < 1)
    return invalid (error, _("The action has no list of “%s”."), "lots");
  if (state->players[seat].deeds + (int) n > START_DEEDS)
    return illegal (error, _("%s would have more than 6 starting deeds."),
                    player_name (state, seat));
  if (!check_new_deeds (state, seat, lots, cells, 0, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    take_deed (state, seat, cells[i]);
  after_deal (state);
  return TRUE;
}

static gboolean
apply_draft (State       *state,
             JsonObject  *action,
             GError     **error)
{
  JsonArray *picks = tk_rules_json_get_array (action, "picks");
  int cells[MAX_PLAYERS];

  if (state->phase != PHASE_DEAL)
    return illegal (error, _("The starting deeds are already dealt."));
  if (picks == NULL || json_array_get_length (picks) != state->n_players)
    return invalid (error, _("A draft round needs one lot per seat in “%s”."), "picks");
  for (guint p = 0; p < state->n_players; p++)
    if (state->players[p].deeds >= START_DEEDS)
      return illegal (error, _("%s already has 6 starting deeds."), player_name (state, p));
  if (!check_new_deeds (state, 0, picks, cells, 0, error))
    return FALSE;
  for (guint p = 0; p < state->n_players; p++)
    take_deed (state, p, cells[p]);
  after_deal (state);
  return TRUE;
}

static gboolean
apply_market (State       *state,
              JsonObject  *action,
              GError     **error)
{
  JsonArray *lots = tk_rules_json_get_array (action, "lots");
  int cells[MAX_SLOTS];
  int want = MIN (state->n_slots, state->deck_left);

  if (state->phase != PHASE_MARKET)
    return illegal (error, state->phase == PHASE_DEAL
                           ? _("The starting deeds are not all dealt yet.")
                           : _("The deeds for sale are entered only at the start of a year."));
  if (lots == NULL)
    return invalid (error, _("The action has no list of “%s”."), "lots");
  if ((int) json_array_get_length (lots) != want)
    return illegal (error, _("Year %d starts with %d deeds for sale, not %u."),
                    state->year + 1, want, json_array_get_length (lots));
  if (!check_new_deeds (state, 0, lots, cells, 0, error))
    return FALSE;
  for (int s = 0; s < want; s++)
    state->market[s] = cells[s];
  state->deck_left -= want;
  state->phase = want > 0 ? PHASE_PLAY : PHASE_FINAL;
  state->current = state->first_player;
  state->final_turns_left = state->n_players;
  return TRUE;
}

static gboolean
apply_income (State       *state,
              JsonObject  *action,
              GError     **error)
{
  int seat, amount;

  if (!turn_seat (state, action, &seat, error))
    return FALSE;
  amount = state->income_base + commercial_coins (state, seat);
  state->players[seat].coins += amount;
  state->players[seat].coins_received += amount;
  next_turn (state);
  return TRUE;
}

static gboolean
apply_buy (State       *state,
           JsonObject  *action,
           GError     **error)
{
  JsonNode *slot_node = tk_rules_json_member (action, "slot");
  JsonNode *reveal_node = tk_rules_json_member (action, "reveal");
  Player *player;
  int seat, slot, price, cell, revealed = -1;

  if (!turn_seat (state, action, &seat, error))
    return FALSE;
  player = &state->players[seat];
  if (market_count (state) == 0)
    return illegal (error, _("No deeds are left for sale this year: only income or building."));
  if (!tk_rules_json_node_is_int (slot_node))
    return invalid (error, _("The action has no whole number “%s”."), "slot");
  if (json_node_get_int (slot_node) < 0 || json_node_get_int (slot_node) >= state->n_slots ||
      state->market[json_node_get_int (slot_node)] < 0)
    return illegal (error, _("There is no deed in that slot."));
  slot = (int) json_node_get_int (slot_node);
  price = state->prices[slot];
  cell = state->market[slot];
  if (player->markers < 1)
    return illegal (error, _("%s has no free lot marker: build first to free some."),
                    player_name (state, seat));
  if (player->coins < price)
    return illegal (error, _("%s has %d coins; this deed costs %d."),
                    player_name (state, seat), player->coins, price);
  if (state->deck_left > 0)
    {
      char text[4];

      if (reveal_node == NULL)
        return illegal (error, _("Enter the deed revealed for the last slot."));
      revealed = parse_lot (state, tk_rules_json_node_string (reveal_node));
      if (revealed < 0)
        return illegal (error, _("“%s” is not a lot of this city board."),
                        tk_rules_json_node_string (reveal_node) != NULL
                        ? tk_rules_json_node_string (reveal_node) : "?");
      lot_name (state, revealed, text);
      if (state->owner[revealed] >= 0)
        return illegal (error, _("Lot %s already belongs to %s."), text,
                        player_name (state, state->owner[revealed]));
      if (in_market (state, revealed) >= 0)
        return illegal (error, _("Lot %s is already for sale."), text);
    }
  else if (reveal_node != NULL && !JSON_NODE_HOLDS_NULL (reveal_node))
    return illegal (error, _("This year’s deck is empty: the market is not refilled."));

  player->coins -= price;
  player->coins_paid += price;
  take_deed (state, seat, cell);
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
  next_turn (state);
  return TRUE;
}

static int
find_tile_code (State      *state,
                const char *code)
{
  for (guint t = 0; t < state->n_tiles; t++)
    if (g_strcmp0 (state->tiles[t].code, code) == 0)
      return (int) t;
  return -1;
}

static gboolean
apply_build (State       *state,
             JsonObject  *action,
             GError     **error)
{
  const char *code = tk_rules_json_get_string (action, "tile");
  JsonArray *lots = tk_rules_json_get_array (action, "lots");
  Player *player;
  int seat, n, row = -1, first, size, leftover = 0, freed = 0;
  int cells[MAX_TILE_SIZE];
  int covered[MAX_TILE_SIZE];
  int n_covered = 0;
  gboolean shape_ok = FALSE;

  if (!turn_seat (state, action, &seat, error))
    return FALSE;
  player = &state->players[seat];
  if (code == NULL || (first = find_tile_code (state, code)) < 0)
    return illegal (error, _("There is no tile “%s” in the tile table."),
                    code != NULL ? code : "?");
  if (lots == NULL || (n = (int) json_array_get_length (lots)) < 1 || n > MAX_TILE_SIZE)
    return invalid (error, _("The action has no list of “%s”."), "lots");
  for (int i = 0; i < n; i++)
    {
      const char *text = tk_rules_json_node_string (json_array_get_element (lots, i));
      int cell = parse_lot (state, text);

      if (cell < 0)
        return illegal (error, _("“%s” is not a lot of this city board."),
                        text != NULL ? text : "?");
      for (int j = 0; j < i; j++)
        if (cells[j] == cell)
          return illegal (error, _("Lot %s is named twice."), text);
      if (state->owner[cell] != seat)
        return illegal (error, _("%s does not own lot %s."), player_name (state, seat), text);
      cells[i] = cell;
    }

  /* a row of that code in the shape of the lots, then one left on the player board */
  for (guint t = first; t < state->n_tiles; t++)
    if (g_str_equal (state->tiles[t].code, code) &&
        shape_matches (state, &state->tiles[t], cells, n))
      {
        shape_ok = TRUE;
        if (player->supply[t] > 0)
          {
            row = (int) t;
            break;
          }
      }
  if (!shape_ok)
    {
      if (n != state->tiles[first].size)
        return illegal (error, _("%s (%s) takes %d lots, not %d."), state->tiles[first].name,
                        code, state->tiles[first].size, n);
      return illegal (error, _("Those lots do not have the shape of %s (%s)."),
                      state->tiles[first].name, code);
    }
  if (row < 0)
    return illegal (error, _("%s has no %s (%s) left on the player board."),
                    player_name (state, seat), state->tiles[first].name, code);
  size = state->tiles[row].size;

  /* buildings under the new tile: each strictly smaller */
  for (int i = 0; i < n; i++)
    {
      int a = state->anchor[cells[i]];
      gboolean known = FALSE;

      if (a < 0)
        {
          freed++;
          continue;
        }
      for (int j = 0; j < n_covered; j++)
        known |= covered[j] == a;
      if (known)
        continue;
      if (state->tiles[state->tile[a]].size >= size)
        return illegal (error, _("%s can be built over only smaller buildings: %s (%s) is "
                                 "%d lots."), state->tiles[row].name,
                        state->tiles[state->tile[a]].name, state->tiles[state->tile[a]].code,
                        state->tiles[state->tile[a]].size);
      covered[n_covered++] = a;
    }
  /* lots of the covered buildings outside the new tile become empty and need markers */
  for (int c = 0; c < state->side * state->side; c++)
    {
      gboolean under = FALSE, of_covered = FALSE;

      for (int i = 0; i < n; i++)
        under |= cells[i] == c;
      for (int j = 0; j < n_covered; j++)
        of_covered |= state->anchor[c] == covered[j];
      leftover += of_covered && !under;
    }
  if (player->markers + freed < leftover)
    return illegal (error, _("Rebuilding leaves %d empty lots and %s has only %d lot markers "
                             "for them."), leftover, player_name (state, seat),
                    player->markers + freed);

  /* apply */
  for (int j = 0; j < n_covered; j++)
    player->supply[state->tile[covered[j]]]++;
  for (int c = 0; c < state->side * state->side; c++)
    for (int j = 0; j < n_covered; j++)
      if (state->anchor[c] == covered[j])
        state->anchor[c] = state->tile[c] = -1;
  player->markers += freed - leftover;
  player->supply[row]--;
  {
    int anchor = cells[0];

    for (int i = 1; i < n; i++)
      anchor = MIN (anchor, cells[i]);
    for (int i = 0; i < n; i++)
      {
        state->anchor[cells[i]] = anchor;
        state->tile[cells[i]] = row;
      }
  }
  next_turn (state);
  return TRUE;
}

#define MAX_REASON 500

static gboolean
apply_coins (State       *state,
             JsonObject  *action,
             GError     **error)
{
  const char *reason = tk_rules_json_get_string (action, "reason");
  Player *player;
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
    return illegal (error, _("A coin correction needs a reason."));
  player = &state->players[seat];
  if (player->coins + delta < 0)
    return illegal (error, _("%s has only %d coins."), player_name (state, (int) seat),
                    player->coins);
  if (player->coins + delta > MAX_COINS)
    return illegal (error, _("That is more coins than the bank keeps books for."));
  player->coins += (int) delta;
  if (delta > 0)
    player->coins_received += delta;
  else
    player->coins_paid += -delta;
  return TRUE;
}

static gboolean
apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  State *state = data;
  g_autofree State *work = g_memdup2 (state, sizeof (State));
  const char *type = tk_rules_json_type (action);
  gboolean ok;

  if (type == NULL)
    {
      g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("The action has no type."));
      return FALSE;
    }

  /* every handler validates before it changes anything; working on a copy makes sure */
  if (g_str_equal (type, "deal"))
    ok = apply_deal (work, action, error);
  else if (g_str_equal (type, "draft_round"))
    ok = apply_draft (work, action, error);
  else if (g_str_equal (type, "market"))
    ok = apply_market (work, action, error);
  else if (g_str_equal (type, "income"))
    ok = apply_income (work, action, error);
  else if (g_str_equal (type, "buy"))
    ok = apply_buy (work, action, error);
  else if (g_str_equal (type, "build"))
    ok = apply_build (work, action, error);
  else if (g_str_equal (type, "coins"))
    ok = apply_coins (work, action, error);
  else
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("Foundations of Metropolis does not know the action “%s”."), type);
      return FALSE;
    }
  if (ok)
    memcpy (state, work, sizeof (State));
  return ok;
}

/* ---- score and export ---- */

static const char *
cat_label (Category cat)
{
  switch (cat)
    {
    case CAT_POPULATION:    return _("Population");
    case CAT_PUBLIC:        return _("Public buildings");
    case CAT_PRINTED:       return _("Commercial prestige");
    case CAT_COIN_PRESTIGE: return _("Commercial coins as prestige (year 3)");
    case CAT_EMPTY_LOTS:    return _("Markers on empty lots (year 3)");
    case N_CATS:
    default:                return "";
    }
}

static int
player_total (State *state,
              int    seat)
{
  int total = 0;

  for (int y = 0; y < state->years_scored; y++)
    for (int c = 0; c < N_CATS; c++)
      total += state->players[seat].points[y][c];
  return total;
}

static JsonObject *
score (gpointer data)
{
  State *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  int totals[MAX_PLAYERS];
  GString *explanation = g_string_new (NULL);

  for (guint p = 0; p < state->n_players; p++)
    totals[p] = player_total (state, p);

  for (guint p = 0; p < state->n_players; p++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      JsonArray *years = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, p);
      int rank = 1;
      gboolean tie_broken = FALSE;

      for (guint q = 0; q < state->n_players; q++)
        {
          if (totals[q] > totals[p] ||
              (totals[q] == totals[p] && state->players[q].coins > state->players[p].coins))
            rank++;
          if (q != p && totals[q] == totals[p] &&
              state->players[q].coins != state->players[p].coins)
            tie_broken = TRUE;
        }
      json_object_set_int_member (player, "seat", p);
      json_object_set_string_member (player, "name", player_name (state, p));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      for (int c = 0; c < N_CATS; c++)
        {
          JsonObject *line = json_object_new ();
          int sum = 0;

          for (int y = 0; y < state->years_scored; y++)
            sum += state->players[p].points[y][c];
          json_object_set_string_member (line, "label", cat_label (c));
          json_object_set_string_member (line, "category", cat_ids[c]);
          json_object_set_int_member (line, "points", sum);
          json_array_add_object_element (breakdown, line);
        }
      for (int y = 0; y < state->years_scored; y++)
        {
          JsonObject *year = json_object_new ();
          int sum = 0;

          json_object_set_int_member (year, "year", y + 1);
          for (int c = 0; c < N_CATS; c++)
            {
              json_object_set_int_member (year, cat_ids[c], state->players[p].points[y][c]);
              sum += state->players[p].points[y][c];
            }
          json_object_set_int_member (year, "total", sum);
          json_object_set_int_member (year, "coins_paid", state->players[p].year_coins[y]);
          json_array_add_object_element (years, year);
        }
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_array_member (player, "years", years);
      json_object_set_int_member (player, "total", totals[p]);
      json_object_set_int_member (player, "coins", state->players[p].coins);
      json_object_set_int_member (player, "population", population (state, p));
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      if (tie_broken)
        json_object_set_string_member (player, "tie_break", "coins");
      json_array_add_object_element (players, player);

      if (p > 0)
        g_string_append (explanation, "\n");
      /* TRANSLATORS: "Ana: 42 prestige (population 20, public 9, commercial 8, coins as
       * prestige 3, empty lots 2), 7 coins" */
      g_string_append_printf (explanation,
                              _("%s: %d prestige (population %d, public %d, commercial %d, "
                                "coins as prestige %d, empty lots %d), %d coins"),
                              player_name (state, p), totals[p],
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 0), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 1), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 2), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 3), "points"),
                              (int) json_object_get_int_member (json_array_get_object_element (breakdown, 4), "points"),
                              state->players[p].coins);
    }
  /* a tie on prestige settled by coins is said in words, beside the numbers that settle it */
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      if (json_object_get_int_member (player, "rank") == 1 &&
          json_object_has_member (player, "tie_break"))
        /* TRANSLATORS: "Ben wins the tie on 86 prestige with the most coins." */
        {
          g_string_append_c (explanation, '\n');
          g_string_append_printf (explanation,
                                  _("%s wins the tie on %d prestige with the most coins."),
                                  player_name (state, (int) p), totals[p]);
        }
    }
  json_object_set_int_member (result, "years_scored", state->years_scored);
  json_object_set_boolean_member (result, "finished", state->phase == PHASE_OVER);
  json_object_set_string_member (result, "tie_break", "coins");
  json_object_set_array_member (result, "players", players);
  json_object_set_string_member (result, "explanation", explanation->str);
  g_string_free (explanation, TRUE);
  return result;
}

static JsonObject *
to_json (gpointer data)
{
  State *state = data;
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
  json_object_set_array_member (object, "year_deck_sizes", int_array (state->deck_sizes, N_YEARS));
  for (int s = 0; s < state->n_slots; s++)
    {
      JsonObject *slot = json_object_new ();
      char name[4];

      json_object_set_int_member (slot, "price", state->prices[s]);
      if (state->market[s] >= 0)
        {
          lot_name (state, state->market[s], name);
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

      lot_name (state, c, name);
      json_object_set_string_member (lot, "lot", name);
      json_object_set_int_member (lot, "owner", state->owner[c]);
      if (state->tile[c] >= 0)
        {
          char anchor[4];

          lot_name (state, state->anchor[c], anchor);
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
      json_object_set_string_member (tile, "type", type_names[state->tiles[t].type]);
      json_object_set_int_member (tile, "count", state->tiles[t].count);
      json_object_set_int_member (tile, "size", state->tiles[t].size);
      json_array_add_object_element (tiles, tile);
    }
  json_object_set_array_member (object, "tiles", tiles);

  /* what a year end would give now (the panel shows it during the year) */
  year_points (state, MIN (state->year, N_YEARS - 1), preview, preview_coins);
  for (guint p = 0; p < state->n_players; p++)
    {
      Player *player = &state->players[p];
      JsonObject *o = json_object_new ();
      JsonObject *now = json_object_new ();
      JsonArray *scored = json_array_new ();

      json_object_set_int_member (o, "seat", p);
      json_object_set_int_member (o, "coins", player->coins);
      json_object_set_int_member (o, "starting_coins",
                                  state->start_coins[(p + state->n_players - state->first_seat)
                                                     % state->n_players]);
      json_object_set_int_member (o, "coins_received", player->coins_received);
      json_object_set_int_member (o, "coins_paid", player->coins_paid);
      json_object_set_int_member (o, "markers", player->markers);
      json_object_set_int_member (o, "deeds", player->deeds);
      json_object_set_int_member (o, "population", population (state, p));
      json_object_set_int_member (o, "income", state->income_base + commercial_coins (state, p));
      json_object_set_array_member (o, "supply", int_array (player->supply, state->n_tiles));
      for (int y = 0; y < state->years_scored; y++)
        json_array_add_array_element (scored, int_array (player->points[y], N_CATS));
      json_object_set_array_member (o, "scored", scored);
      json_object_set_int_member (o, "prestige", player_total (state, p));
      for (int c = 0; c < N_CATS; c++)
        json_object_set_int_member (now, cat_ids[c], preview[p][c]);
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

static char *describe_one (State      *state,
                           JsonObject *action);

/* The line of @action, with a note when it ends a year (its scoring happens with it). */
static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  State *state = data;
  g_autofree char *line = describe_one (state, action);
  g_autofree State *after = g_memdup2 (state, sizeof (State));

  if (apply (after, action, NULL) && after->years_scored > state->years_scored)
    /* TRANSLATORS: a ledger line followed by the end of a year, e.g.
     * "Ana takes income: +8 coins — year 1 scored" */
    return g_strdup_printf (_("%s — year %d scored"), line, after->years_scored);
  return g_steal_pointer (&line);
}

static char *
describe_one (State      *state,
              JsonObject *action)
{
  const char *type = tk_rules_json_type (action);
  JsonNode *seat_node = tk_rules_json_member (action, "seat");
  int seat = tk_rules_json_node_is_int (seat_node) && json_node_get_int (seat_node) >= 0 &&
             json_node_get_int (seat_node) < state->n_players
             ? (int) json_node_get_int (seat_node)
             : (state->current >= 0 ? state->current : 0);
  const char *name = player_name (state, seat);

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
                            state->income_base + commercial_coins (state, seat));
  if (g_strcmp0 (type, "buy") == 0)
    {
      JsonNode *slot = tk_rules_json_member (action, "slot");
      const char *reveal = tk_rules_json_get_string (action, "reveal");
      int s = tk_rules_json_node_is_int (slot) ? (int) json_node_get_int (slot) : -1;
      char lot[4] = "?";

      if (s >= 0 && s < state->n_slots && state->market[s] >= 0)
        lot_name (state, state->market[s], lot);
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
      int t = code != NULL ? find_tile_code (state, code) : -1;
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

static const TkRules metropolis_rules = {
  .id = TK_METROPOLIS_RULES_ID,
  .get_name = get_name,
  .min_players = MIN_PLAYERS,
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
tk_metropolis_rules_get (void)
{
  return &metropolis_rules;
}
