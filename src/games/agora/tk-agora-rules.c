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
 */
#define G_LOG_DOMAIN "tk-agora"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-agora-rules.h"
#include "tk-rules-json.h"

#define N_LETTERS   4
#define MAX_PLAYERS 4
#define MAX_COUNT   1000            /* marks, doors, new shops per card */
#define MAX_MONEY   1000000

typedef enum { PHASE_FIRST_CARD, PHASE_INCOME, PHASE_DRAW, PHASE_PLACE, PHASE_BUY,
               PHASE_OVER } Phase;
typedef enum { GOAL_OVER, GOAL_REACH } GoalRule;
typedef enum { END_NONE, END_INCOME, END_FESTIVAL, END_DECK } EndReason;
typedef enum { EVENT_NONE, EVENT_FIRE, EVENT_FLOOD, EVENT_FESTIVAL } Event;

static const char *const phase_names[] = { "first_card", "income", "draw", "place", "buy",
                                           "over" };
static const char *const goal_names[] = { "over", "reach" };
static const char *const end_names[] = { "none", "income", "festival", "deck" };
static const char *const event_names[] = { "none", "fire", "flood", "festival" };

typedef struct
{
  guint   id;
  int     owner;       /* seat, or -1 */
  guint   marks;       /* circles; the counters when owned */
  guint   doors;       /* open doors = income = price */
  GArray *cards;       /* of guint card numbers, sorted */
} Shop;

typedef struct
{
  JsonObject *setup;
  guint       n_players;
  int         letter[MAX_PLAYERS];      /* 0..3 = A..D */
  gint64      start_money;
  gint64      goal;
  GoalRule    goal_rule;
  guint       per_letter;

  gint64      money[MAX_PLAYERS];
  gint64      income[MAX_PLAYERS];      /* collected at the income step */
  gint64      festival[MAX_PLAYERS];    /* collected at festivals */
  gint64      spent[MAX_PLAYERS];       /* paid for shops */
  guint       turns[MAX_PLAYERS];       /* income steps taken */

  guint       deck[N_LETTERS];
  guint       cards_placed;             /* card numbers 1..cards_placed were placed */
  guint       on_table;
  guint       removed;
  int         drawn;                    /* letter of the drawn card not yet placed, or -1 */

  Phase       phase;
  guint       active;
  GPtrArray  *shops;                    /* of Shop*, by id */
  guint       next_shop;

  EndReason   end;
  guint       winners;                  /* bit mask of seats */
} State;

static const char *
get_name (void)
{
  return _("Agora");
}

/* ---- shops ---- */

static Shop *
shop_new (guint id,
          int   owner,
          guint marks,
          guint doors)
{
  Shop *shop = g_new0 (Shop, 1);

  shop->id = id;
  shop->owner = owner;
  shop->marks = marks;
  shop->doors = doors;
  shop->cards = g_array_new (FALSE, FALSE, sizeof (guint));
  return shop;
}

static void
shop_free (gpointer data)
{
  Shop *shop = data;

  g_array_unref (shop->cards);
  g_free (shop);
}

static Shop *
shop_copy (const Shop *shop)
{
  Shop *copy = shop_new (shop->id, shop->owner, shop->marks, shop->doors);

  g_array_append_vals (copy->cards, shop->cards->data, shop->cards->len);
  return copy;
}

static gboolean
shop_has_card (const Shop *shop,
               guint       card)
{
  for (guint i = 0; i < shop->cards->len; i++)
    if (g_array_index (shop->cards, guint, i) == card)
      return TRUE;
  return FALSE;
}

static void
shop_add_card (Shop  *shop,
               guint  card)
{
  guint i;

  if (shop_has_card (shop, card))
    return;
  for (i = 0; i < shop->cards->len && g_array_index (shop->cards, guint, i) < card; i++)
    ;
  g_array_insert_val (shop->cards, i, card);
}

static Shop *
find_shop (State *state,
           gint64 id)
{
  for (guint i = 0; i < state->shops->len; i++)
    if (((Shop *) state->shops->pdata[i])->id == id)
      return state->shops->pdata[i];
  return NULL;
}

static guint
counters (const Shop *shop)
{
  return shop->owner >= 0 ? shop->marks : 0;
}

/* The shop with strictly the most counters, or NULL (no counters anywhere, or a tie). */
static Shop *
largest_shop (State *state)
{
  Shop *best = NULL;
  guint most = 0;
  gboolean tie = FALSE;

  for (guint i = 0; i < state->shops->len; i++)
    {
      Shop *shop = state->shops->pdata[i];
      guint c = counters (shop);

      if (c == 0)
        continue;
      if (c > most)
        {
          most = c;
          best = shop;
          tie = FALSE;
        }
      else if (c == most)
        tie = TRUE;
    }
  return tie ? NULL : best;
}

static gint64
shop_income (State *state,
             guint  seat)
{
  gint64 sum = 0;

  for (guint i = 0; i < state->shops->len; i++)
    {
      Shop *shop = state->shops->pdata[i];

      if (shop->owner == (int) seat)
        sum += shop->doors;
    }
  return sum;
}

/* ---- reading JSON ---- */

static int
letter_index (const char *text)
{
  if (text == NULL || text[0] < 'A' || text[0] > 'D' || text[1] != '\0')
    return -1;
  return text[0] - 'A';
}

static gboolean
read_letter (JsonObject  *object,
             int         *out,
             GError     **error)
{
  *out = letter_index (tk_rules_json_get_string (object, "letter"));
  if (*out < 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The card's letter must be one of A, B, C and D."));
      return FALSE;
    }
  return TRUE;
}

static JsonObject *
array_object (JsonArray   *array,
              guint        i,
              GError     **error)
{
  JsonNode *node = json_array_get_element (array, i);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A shop in the action is not an object."));
      return NULL;
    }
  return json_node_get_object (node);
}

/* ---- setup and state ---- */

static JsonObject *
default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  JsonArray *players = json_array_new ();

  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *player = json_object_new ();
      g_autofree char *name = g_strdup_printf (_("Player %u"), i + 1);
      char letter[2] = { (char) ('A' + i % N_LETTERS), '\0' };

      json_object_set_string_member (player, "name", name);
      json_object_set_string_member (player, "letter", letter);
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (setup, "players", players);
  json_object_set_int_member (setup, "start_money", 10);
  json_object_set_int_member (setup, "goal", 50);
  json_object_set_string_member (setup, "goal_rule", "over");
  json_object_set_int_member (setup, "cards_per_letter", 9);
  return setup;
}

static void
state_free (gpointer data)
{
  State *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_ptr_array_unref (state->shops);
  g_free (state);
}

static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  g_autoptr(GPtrArray) shops = NULL;
  State *state;
  gint64 start, goal, per_letter;
  int goal_rule = GOAL_OVER;
  int letters[MAX_PLAYERS];
  guint used = 0;
  guint n;

  if (!tk_rules_check_setup_players (tk_agora_rules_get (), setup, error) ||
      !tk_rules_json_read_int (setup, "start_money", -MAX_MONEY, MAX_MONEY, 10, &start, error) ||
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

      letters[seat] = node == NULL ? (int) seat : letter_index (tk_rules_json_node_string (node));
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

  state = g_new0 (State, 1);
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
  state->phase = PHASE_FIRST_CARD;
  state->shops = g_ptr_array_new_with_free_func (shop_free);
  state->next_shop = 1;
  return state;
}

static gpointer
state_copy (gpointer data)
{
  State *state = data;
  State *copy = g_new0 (State, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->shops = g_ptr_array_new_full (state->shops->len, shop_free);
  for (guint i = 0; i < state->shops->len; i++)
    g_ptr_array_add (copy->shops, shop_copy (state->shops->pdata[i]));
  return copy;
}

static guint
deck_total (State *state)
{
  guint total = 0;

  for (guint l = 0; l < N_LETTERS; l++)
    total += state->deck[l];
  return total;
}

static gboolean
past_goal (State  *state,
           gint64  money)
{
  return state->goal_rule == GOAL_OVER ? money > state->goal : money >= state->goal;
}

/* The richest of the seats in @mask: one → a win, several → a draw. */
static void
finish_richest (State     *state,
                guint      mask,
                EndReason  reason)
{
  gint64 best = G_MININT64;

  for (guint seat = 0; seat < state->n_players; seat++)
    if ((mask & (1u << seat)) && state->money[seat] > best)
      best = state->money[seat];
  state->winners = 0;
  for (guint seat = 0; seat < state->n_players; seat++)
    if ((mask & (1u << seat)) && state->money[seat] == best)
      state->winners |= 1u << seat;
  state->end = reason;
  state->phase = PHASE_OVER;
}

static const char *
player_name (State *state,
             guint  seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}

/* ---- actions ---- */

typedef struct
{
  gint64  shop;          /* existing shop, or 0 for a new one */
  gint64  marks, doors;
  gboolean has_marks, has_doors;
} ShopChange;

typedef struct
{
  GArray *fresh;         /* ShopChange: new shops on the card */
  GArray *extend;        /* ShopChange */
  GArray *doors;         /* ShopChange (doors only) */
  GPtrArray *merges;     /* of GArray* of gint64 ids; totals in merge_totals */
  GArray *merge_totals;  /* ShopChange */
} Placement;

static void
placement_clear (Placement *p)
{
  g_clear_pointer (&p->fresh, g_array_unref);
  g_clear_pointer (&p->extend, g_array_unref);
  g_clear_pointer (&p->doors, g_array_unref);
  g_clear_pointer (&p->merges, g_ptr_array_unref);
  g_clear_pointer (&p->merge_totals, g_array_unref);
}

static Shop *
claim_shop (State   *state,
            GArray  *seen,
            gint64   id,
            GError **error)
{
  Shop *shop = find_shop (state, id);

  if (shop == NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("There is no shop %" PRId64 " on the table."), id);
      return NULL;
    }
  for (guint i = 0; i < seen->len; i++)
    if (g_array_index (seen, gint64, i) == id)
      {
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                     _("Shop %" PRId64 " is changed twice by one card."), id);
        return NULL;
      }
  g_array_append_val (seen, id);
  return shop;
}

/* Reads and checks the shop changes of a placed card (nothing is changed yet). */
static gboolean
read_placement (State       *state,
                JsonObject  *action,
                Placement   *p,
                GError     **error)
{
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gint64));
  JsonArray *array;

  p->fresh = g_array_new (FALSE, TRUE, sizeof (ShopChange));
  p->extend = g_array_new (FALSE, TRUE, sizeof (ShopChange));
  p->doors = g_array_new (FALSE, TRUE, sizeof (ShopChange));
  p->merges = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  p->merge_totals = g_array_new (FALSE, TRUE, sizeof (ShopChange));

  if (!tk_rules_json_read_array (action, "new_shops", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      ShopChange change = { 0 };

      if (i >= MAX_COUNT)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, _("Too many new shops."));
          return FALSE;
        }
      if (object == NULL ||
          !tk_rules_json_read_int (object, "marks", 0, MAX_COUNT, 0, &change.marks, error) ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, -1, &change.doors, error))
        return FALSE;
      g_array_append_val (p->fresh, change);
    }

  if (!tk_rules_json_read_array (action, "extend", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      ShopChange change = { 0 };
      Shop *shop;

      if (object == NULL ||
          !tk_rules_json_read_int (object, "shop", 1, G_MAXUINT32, -1, &change.shop, error) ||
          (shop = claim_shop (state, seen, change.shop, error)) == NULL)
        return FALSE;
      if (!tk_rules_json_read_int (object, "marks", 0, MAX_COUNT, shop->marks, &change.marks,
                                   error) ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, shop->doors, &change.doors,
                                   error))
        return FALSE;
      if (change.marks < shop->marks)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("A card that extends shop %u cannot take circles away from it "
                         "(%u before, %" PRId64 " after)."),
                       shop->id, shop->marks, change.marks);
          return FALSE;
        }
      g_array_append_val (p->extend, change);
    }

  if (!tk_rules_json_read_array (action, "merge", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      JsonArray *ids;
      g_autoptr(GArray) group = NULL;
      ShopChange change = { 0 };
      gint64 sum_marks = 0;
      int owner = -1;

      if (object == NULL)
        return FALSE;
      if (!tk_rules_json_read_array (object, "shops", &ids, error))
        return FALSE;
      if (ids == NULL || json_array_get_length (ids) < 2 || json_array_get_length (ids) > 64)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("A merge joins a list of at least two shops."));
          return FALSE;
        }
      group = g_array_new (FALSE, FALSE, sizeof (gint64));
      for (guint j = 0; j < json_array_get_length (ids); j++)
        {
          JsonNode *node = json_array_get_element (ids, j);
          gint64 id;
          Shop *shop;

          if (!tk_rules_json_node_is_int (node))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("A merge names shops by their numbers."));
              return FALSE;
            }
          id = json_node_get_int (node);
          if ((shop = claim_shop (state, seen, id, error)) == NULL)
            return FALSE;
          if (shop->owner >= 0 && owner >= 0 && shop->owner != owner)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("A card may not join the shops of two different players "
                             "(%s and %s)."),
                           player_name (state, owner), player_name (state, shop->owner));
              return FALSE;
            }
          if (shop->owner >= 0)
            owner = shop->owner;
          sum_marks += shop->marks;
          g_array_append_val (group, id);
        }
      if (!tk_rules_json_read_int (object, "marks", 0, MAX_COUNT, sum_marks, &change.marks,
                                   error) ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, -1, &change.doors, error))
        return FALSE;
      if (change.marks < sum_marks)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Joined shops keep all their circles: at least %" PRId64
                         ", not %" PRId64 "."), sum_marks, change.marks);
          return FALSE;
        }
      g_ptr_array_add (p->merges, g_steal_pointer (&group));
      g_array_append_val (p->merge_totals, change);
    }

  if (!tk_rules_json_read_array (action, "doors", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      ShopChange change = { 0 };

      if (object == NULL ||
          !tk_rules_json_read_int (object, "shop", 1, G_MAXUINT32, -1, &change.shop, error) ||
          claim_shop (state, seen, change.shop, error) == NULL ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, -1, &change.doors, error))
        return FALSE;
      g_array_append_val (p->doors, change);
    }
  return TRUE;
}

static void
apply_placement (State     *state,
                 Placement *p,
                 guint      card)
{
  for (guint i = 0; i < p->extend->len; i++)
    {
      ShopChange *change = &g_array_index (p->extend, ShopChange, i);
      Shop *shop = find_shop (state, change->shop);

      if (shop == NULL)
        continue;
      shop->marks = change->marks;
      shop->doors = change->doors;
      shop_add_card (shop, card);
    }
  for (guint i = 0; i < p->doors->len; i++)
    {
      ShopChange *change = &g_array_index (p->doors, ShopChange, i);
      Shop *shop = find_shop (state, change->shop);

      if (shop != NULL)
        shop->doors = change->doors;
    }
  for (guint m = 0; m < p->merges->len; m++)
    {
      GArray *group = p->merges->pdata[m];
      ShopChange *change = &g_array_index (p->merge_totals, ShopChange, m);
      gint64 keep = G_MAXINT64;
      Shop *kept;

      for (guint j = 0; j < group->len; j++)
        keep = MIN (keep, g_array_index (group, gint64, j));
      kept = find_shop (state, keep);
      if (kept == NULL)
        continue;
      for (guint j = 0; j < group->len; j++)
        {
          Shop *other = find_shop (state, g_array_index (group, gint64, j));

          if (other == NULL || other == kept)
            continue;
          if (other->owner >= 0)
            kept->owner = other->owner;
          for (guint c = 0; c < other->cards->len; c++)
            shop_add_card (kept, g_array_index (other->cards, guint, c));
          g_ptr_array_remove (state->shops, other);
        }
      kept->marks = change->marks;
      kept->doors = change->doors;
      shop_add_card (kept, card);
    }
  for (guint i = 0; i < p->fresh->len; i++)
    {
      ShopChange *change = &g_array_index (p->fresh, ShopChange, i);
      Shop *shop = shop_new (state->next_shop++, -1, change->marks, change->doors);

      shop_add_card (shop, card);
      g_ptr_array_add (state->shops, shop);
    }
}

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
fire (State *state,
      Shop  *burnt)
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
check_phase (State   *state,
             Phase    wanted,
             GError **error)
{
  if (state->phase == wanted)
    return TRUE;
  switch (state->phase)
    {
    case PHASE_OVER:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, _("The game is over."));
      break;
    case PHASE_FIRST_CARD:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("Turn up the first card first."));
      break;
    case PHASE_INCOME:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s collects income first."), player_name (state, state->active));
      break;
    case PHASE_DRAW:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s draws a card first."), player_name (state, state->active));
      break;
    case PHASE_PLACE:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s places the drawn card first."), player_name (state, state->active));
      break;
    case PHASE_BUY:
    default:
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("%s buys a shop or passes first."), player_name (state, state->active));
      break;
    }
  return FALSE;
}

static gboolean
apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  State *state = data;
  const char *type = tk_rules_json_get_string (action, "type");

  if (type == NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, _("The action has no type."));
      return FALSE;
    }

  if ((g_str_equal (type, "income") || g_str_equal (type, "draw") ||
       g_str_equal (type, "place") || g_str_equal (type, "buy") || g_str_equal (type, "pass")) &&
      !tk_rules_json_check_turn_seat (action, state->setup, state->n_players,
                                      state->active, error))
    return FALSE;

  if (g_str_equal (type, "first_card"))
    {
      Placement p = { 0 };
      int letter, first = -1;
      gint64 seat;

      if (!check_phase (state, PHASE_FIRST_CARD, error) || !read_letter (action, &letter, error))
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
                       player_name (state, first));
          return FALSE;
        }
      if (json_object_has_member (action, "extend") || json_object_has_member (action, "merge") ||
          json_object_has_member (action, "doors"))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The first card lies alone: it only has new shops."));
          return FALSE;
        }
      if (!read_placement (state, action, &p, error))
        {
          placement_clear (&p);
          return FALSE;
        }
      state->deck[letter]--;
      state->cards_placed++;
      state->on_table++;
      apply_placement (state, &p, state->cards_placed);
      placement_clear (&p);
      state->active = first;
      state->phase = PHASE_INCOME;
      return TRUE;
    }

  if (g_str_equal (type, "income"))
    {
      guint seat = state->active;
      gint64 amount;

      if (!check_phase (state, PHASE_INCOME, error))
        return FALSE;
      amount = state->turns[seat] == 0 ? 0 : shop_income (state, seat);
      state->turns[seat]++;
      state->money[seat] += amount;
      state->income[seat] += amount;
      state->phase = PHASE_DRAW;
      if (past_goal (state, state->money[seat]))
        finish_richest (state, 1u << seat, END_INCOME);
      return TRUE;
    }

  if (g_str_equal (type, "draw"))
    {
      int letter;
      gboolean hit, ok;
      Event event;

      if (!check_phase (state, PHASE_DRAW, error) || !read_letter (action, &letter, error))
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
      state->phase = PHASE_PLACE;
      if (!hit)
        return TRUE;
      if (event == EVENT_FIRE || event == EVENT_FLOOD)
        {
          Shop *largest = largest_shop (state);

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
              gint64 amount = shop_income (state, seat);

              state->money[seat] += amount;
              state->festival[seat] += amount;
              if (past_goal (state, state->money[seat]))
                past |= 1u << seat;
            }
          if (past != 0)
            finish_richest (state, past, END_FESTIVAL);
        }
      return TRUE;
    }

  if (g_str_equal (type, "place"))
    {
      Placement p = { 0 };

      if (!check_phase (state, PHASE_PLACE, error))
        return FALSE;
      if (!read_placement (state, action, &p, error))
        {
          placement_clear (&p);
          return FALSE;
        }
      state->drawn = -1;
      state->cards_placed++;
      state->on_table++;
      apply_placement (state, &p, state->cards_placed);
      placement_clear (&p);
      state->phase = PHASE_BUY;
      if (deck_total (state) == 0)
        finish_richest (state, (1u << state->n_players) - 1, END_DECK);
      return TRUE;
    }

  if (g_str_equal (type, "buy"))
    {
      gint64 id;
      Shop *shop;

      if (!check_phase (state, PHASE_BUY, error) ||
          !tk_rules_json_read_int (action, "shop", 1, G_MAXUINT32, -1, &id, error))
        return FALSE;
      shop = find_shop (state, id);
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
                       player_name (state, shop->owner));
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
      state->phase = PHASE_INCOME;
      return TRUE;
    }

  if (g_str_equal (type, "pass"))
    {
      if (!check_phase (state, PHASE_BUY, error))
        return FALSE;
      state->active = (state->active + 1) % state->n_players;
      state->phase = PHASE_INCOME;
      return TRUE;
    }

  if (g_str_equal (type, "edit_shop"))
    {
      gint64 id, marks, doors;
      Shop *shop;

      if (state->phase == PHASE_OVER)
        return check_phase (state, PHASE_INCOME, error);
      if (!tk_rules_json_read_int (action, "shop", 1, G_MAXUINT32, -1, &id, error))
        return FALSE;
      if ((shop = find_shop (state, id)) == NULL)
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

/* ---- public helpers ---- */

guint
tk_agora_rules_cards_left (gpointer data,
                           char     letter)
{
  State *state = data;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (letter >= 'A' && letter <= 'D', 0);
  return state->deck[letter - 'A'];
}

double
tk_agora_rules_hit_chance (gpointer data,
                           guint    seat)
{
  State *state = data;
  guint total;

  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (seat < state->n_players, 0);
  total = deck_total (state);
  return total == 0 ? 0 : (double) state->deck[state->letter[seat]] / total;
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

static gboolean
is_winner (State *state,
           guint  seat)
{
  return (state->winners & (1u << seat)) != 0;
}

/* < 0 when @a ranks before @b: winners first, then money. */
static int
compare_seats (State *state,
               guint  a,
               guint  b)
{
  if (is_winner (state, a) != is_winner (state, b))
    return is_winner (state, a) ? -1 : 1;
  if (state->money[a] != state->money[b])
    return state->money[a] > state->money[b] ? -1 : 1;
  return 0;
}

static char *
explanation (State *state)
{
  GString *text = g_string_new (NULL);
  guint n_winners = 0;

  for (guint seat = 0; seat < state->n_players; seat++)
    if (is_winner (state, seat))
      n_winners++;

  switch (state->end)
    {
    case END_INCOME:
      for (guint seat = 0; seat < state->n_players; seat++)
        if (is_winner (state, seat))
          g_string_printf (text, _("%s won: their income took them to $%" PRId64 "."),
                           player_name (state, seat), state->money[seat]);
      break;
    case END_FESTIVAL:
    case END_DECK:
      {
        GString *names = g_string_new (NULL);
        gint64 money = 0;

        for (guint seat = 0; seat < state->n_players; seat++)
          if (is_winner (state, seat))
            {
              if (names->len > 0)
                g_string_append (names, _(", "));
              g_string_append (names, player_name (state, seat));
              money = state->money[seat];
            }
        if (state->end == END_FESTIVAL && n_winners == 1)
          g_string_printf (text, _("%s won at a festival, the richest past the goal with $%"
                                   PRId64 "."), names->str, money);
        else if (state->end == END_FESTIVAL)
          g_string_printf (text, _("A draw at a festival: %s passed the goal with exactly $%"
                                   PRId64 " each."), names->str, money);
        else if (n_winners == 1)
          g_string_printf (text, _("The deck ran out; %s won, the richest when the last card "
                                   "was placed ($%" PRId64 ")."), names->str, money);
        else
          g_string_printf (text, _("The deck ran out; a draw between %s with $%"
                                   PRId64 " each."), names->str, money);
        g_string_free (names, TRUE);
      }
      break;
    case END_NONE:
    default:
      g_string_printf (text, _("The game goes on: %u cards left in the deck."),
                       deck_total (state));
      break;
    }
  return g_string_free (text, FALSE);
}

static JsonObject *
score (gpointer data)
{
  State *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  g_autofree char *text = explanation (state);
  guint n_winners = 0;

  for (guint seat = 0; seat < state->n_players; seat++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, seat);
      char letter[2] = { (char) ('A' + state->letter[seat]), '\0' };
      guint rank = 1;

      for (guint other = 0; other < state->n_players; other++)
        if (compare_seats (state, other, seat) < 0)
          rank++;
      if (is_winner (state, seat))
        n_winners++;
      json_object_set_int_member (player, "seat", seat);
      json_object_set_string_member (player, "name", player_name (state, seat));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      json_object_set_string_member (player, "letter", letter);
      add_line (breakdown, _("Starting money"), state->start_money);
      add_line (breakdown, _("Income"), state->income[seat]);
      add_line (breakdown, _("Festivals"), state->festival[seat]);
      add_line (breakdown, _("Shops bought"), -state->spent[seat]);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_int_member (player, "total", state->money[seat]);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", is_winner (state, seat));
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (result, "players", players);
  json_object_set_boolean_member (result, "finished", state->phase == PHASE_OVER);
  json_object_set_string_member (result, "result",
                                 state->phase != PHASE_OVER ? "playing"
                                 : n_winners == 1 ? "win" : "draw");
  json_object_set_string_member (result, "end", end_names[state->end]);
  json_object_set_string_member (result, "explanation", text);
  return result;
}

static JsonObject *
to_json (gpointer data)
{
  State *state = data;
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
      json_object_set_int_member (player, "shop_income", shop_income (state, seat));
      json_object_set_double_member (player, "next_card_hits",
                                     tk_agora_rules_hit_chance (state, seat));
      json_object_set_boolean_member (player, "winner", is_winner (state, seat));
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
      json_object_set_int_member (entry, "counters", counters (shop));
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
  json_object_set_int_member (object, "deck_total", deck_total (state));
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
  json_object_set_string_member (object, "end", end_names[state->end]);
  return object;
}

/* ---- ledger lines ---- */

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  State *state = data;
  const char *type = tk_rules_json_get_string (action, "type");
  const char *active = state->n_players > 0 ? player_name (state, state->active) : "?";
  const char *letter = tk_rules_json_get_string (action, "letter");

  if (letter == NULL || letter_index (letter) < 0)
    letter = "?";

  if (g_strcmp0 (type, "first_card") == 0)
    return g_strdup_printf (_("First card: %s"), letter);

  if (g_strcmp0 (type, "income") == 0)
    {
      gint64 amount = state->turns[state->active] == 0 ? 0
                      : shop_income (state, state->active);
      /* TRANSLATORS: "Ana collects $7 income" */
      return g_strdup_printf (_("%s collects $%" PRId64 " income"), active, amount);
    }

  if (g_strcmp0 (type, "draw") == 0)
    {
      const char *event = tk_rules_json_get_string (action, "event");
      gboolean hit = letter_index (letter) == state->letter[state->active];

      if (hit && g_strcmp0 (event, "fire") == 0)
        {
          Shop *largest = largest_shop (state);
          if (largest == NULL)
            return g_strdup_printf (_("%s draws %s: fire, but no single largest shop"),
                                    active, letter);
          return g_strdup_printf (_("%s draws %s: fire burns shop %u (%u cards leave the "
                                    "game)"), active, letter, largest->id, largest->cards->len);
        }
      if (hit && g_strcmp0 (event, "flood") == 0)
        {
          Shop *largest = largest_shop (state);
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
      Shop *shop = tk_rules_json_node_is_int (node) ? find_shop (state,
                                                                 json_node_get_int (node)) : NULL;

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
      Shop *shop = tk_rules_json_node_is_int (node) ? find_shop (state, json_node_get_int (node)) : NULL;

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

static const TkRules agora_rules = {
  .id = TK_AGORA_RULES_ID,
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
tk_agora_rules_get (void)
{
  return &agora_rules;
}
