/* tk-welcome-to-rules.c — Welcome To...: every player's sheet in one state, every write checked,
 * the sheet's bottom row scored live.
 *
 * Spec: shared/seeds/003 (the Japanese rules), numbers: shared/rules/welcome-to.md, decisions:
 * shared/rules/README.md.  Every number lives in the setup's "tables" (defaults below) so an
 * old session re-scores the same.  Streets, houses and fences count from 1 in JSON and in
 * messages, from 0 in this file.  Action JSON: docs/formats.md, "Welcome To...".
 */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-welcome-to-rules.h"
#include "tk-rules-json.h"

#define N_STREETS   3
#define MAX_HOUSES  16
#define MAX_TRACK   16
#define N_COLUMNS   6
#define N_PLANS     3
#define MAX_ESTATES 6
#define MAX_VALUE   1000

#define ILLEGAL(...) (g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, __VA_ARGS__), FALSE)
#define INVALID(...) (g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, __VA_ARGS__), FALSE)

typedef enum
{
  EFFECT_SURVEYOR, EFFECT_REAL_ESTATE, EFFECT_LANDSCAPER, EFFECT_POOL, EFFECT_TEMP, EFFECT_BIS,
  N_EFFECTS
} Effect;

static const char *const effect_names[] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

typedef enum
{
  PLAN_ESTATES, PLAN_STREET_FULL, PLAN_STREET_ENDS, PLAN_TEMPS, PLAN_BIS_STREET,
  PLAN_PARKS_TWO, PLAN_POOLS_TWO, PLAN_PARKS_POOLS_STREET, PLAN_PARKS_POOLS_ROUNDABOUT,
  N_PLAN_KINDS
} PlanKind;

static const char *const plan_kind_names[] = {
  "estates", "street_full", "street_ends", "temps", "bis_street", "parks_two_streets",
  "pools_two_streets", "parks_pools_street", "parks_pools_roundabout"
};

typedef struct
{
  guint    number;            /* n°1..3 */
  PlanKind kind;
  guint    n_sizes;
  guint    sizes[MAX_ESTATES];
  guint    street;            /* 0-based, street plans */
  guint    count;             /* temps, bis_street */
  gint     first, later;
} Plan;

typedef struct
{
  guint n;                    /* boxes + 1 */
  gint  v[MAX_TRACK];         /* value by boxes crossed */
} Track;

typedef struct
{
  guint    houses;
  gboolean pool_spot[MAX_HOUSES];
  guint    n_pool_spots;
  Track    parks;
} StreetRule;

typedef struct
{
  StreetRule streets[N_STREETS];
  Track      pools, bis, refusals, roundabouts, temp_points;
  Track      estates[N_COLUMNS];
  guint      temp_boxes, solo_temp_min, solo_rounds;
  guint      solo_card_first_round; /* the first round whose draw may hold the solo card */
  gint       solo_temp_points;
  gint       highest_number, temp_change, lowest_card, highest_card;
  gboolean   solo, intermediate, draft;
  gint       draft_pass;      /* +1 to the next seat, -1 to the previous, 0 unchecked */
  gboolean   bis_fence_never; /* no fence between a bis and its original, even a later one */
  gboolean   temp_competition;/* temp ranks 1, 1, 3 (standard competition) instead of 1, 1, 2 */
  gboolean   bis_plan_uses;   /* the bis plan's houses are used up like any plan's (the seed) */
  Plan       plans[N_PLANS];
} Rules;

typedef struct
{
  gint8    number;            /* -1: empty */
  gint8    bis;               /* 0, -1 copied from the left neighbour, +1 from the right */
  gboolean roundabout;
  gboolean pool;
} House;

typedef struct
{
  House    houses[MAX_HOUSES];
  gboolean fence[MAX_HOUSES]; /* fence[k]: between house k and k+1 */
  guint    parks;
} Street;

typedef struct { guint street, from, to; } EstateRef;

typedef struct
{
  guint     round;            /* 0: not claimed */
  guint     order;            /* when it was entered among claims and the solo card; 0: unknown
                                 (an imported sheet) */
  guint     n_estates;
  EstateRef estates[MAX_ESTATES];
  guint     bis_street;       /* the bis plan under the seed's reading: its street and … */
  guint     bis_mask;         /* … the bis houses it used up (bit per house; 0: none) */
  guint     bis_street_asked; /* the street a bis plan claim names, 1 to 3; 0: the first that
                                 has enough */
} Claim;

typedef struct
{
  Street streets[N_STREETS];
  guint  temps;
  guint  agents[N_COLUMNS];
  guint  refusals;
  Claim  claims[N_PLANS];
} Sheet;

typedef struct { gint number; Effect effect; } Card;

typedef struct
{
  JsonObject *setup;
  Rules       rules;
  guint       n_players;
  guint       round;
  Sheet      *sheets;
  gboolean   *acted;
  gboolean   *revealed;       /* per seat (the same three cards for all unless draft) */
  Card       *cards;          /* 3 per seat */
  guint       solo_flip_round;
  guint       entries;        /* claims and the solo card entered so far, to order them */
  guint       solo_order;     /* the solo card's place among them; 0: not turned up */
  Card       *passed;         /* draft: the card each seat passed, by round parity (2 per seat) */
  guint      *passed_round;   /* the round of each of those (0: none) */
} State;

/* ---- defaults ---- */

static const gint default_houses[N_STREETS] = { 10, 11, 12 };
static const gint default_pools[N_STREETS][3] = { { 3, 7, 8 }, { 1, 4, 8 }, { 2, 7, 11 } };
static const gint default_parks_1[] = { 0, 2, 4, 10 };
static const gint default_parks_2[] = { 0, 2, 4, 6, 14 };
static const gint default_parks_3[] = { 0, 2, 4, 6, 8, 18 };
static const gint default_pool_track[] = { 0, 3, 6, 9, 13, 17, 21, 26, 31, 36 };
static const gint default_bis_track[] = { 0, 1, 3, 6, 9, 12, 16, 20, 24, 28 };
static const gint default_refusal_track[] = { 0, 0, 3, 5 };
static const gint default_roundabout_track[] = { 0, 3, 8 };
static const gint default_temp_points[] = { 7, 4, 1 };
static const gint default_estate_1[] = { 1, 3 };
static const gint default_estate_2[] = { 2, 3, 4 };
static const gint default_estate_3[] = { 3, 4, 5, 6 };
static const gint default_estate_4[] = { 4, 5, 6, 7, 8 };
static const gint default_estate_5[] = { 5, 6, 7, 8, 10 };
static const gint default_estate_6[] = { 6, 7, 8, 10, 12 };

typedef struct
{
  guint       number;
  const char *kind;
  const gint  sizes[MAX_ESTATES + 1];  /* 0-terminated */
  gint        street;                  /* 1-based, 0 none */
  gint        count;
  gint        first, later;
} PlanEntry;

static const PlanEntry plan_table[] = {
  { 1, "estates", { 1, 1, 1, 1, 1, 1, 0 }, 0, 0, 8, 4 },
  { 1, "estates", { 2, 2, 2, 2, 0 }, 0, 0, 8, 4 },
  { 1, "estates", { 3, 3, 3, 0 }, 0, 0, 8, 4 },
  { 1, "estates", { 4, 4, 0 }, 0, 0, 6, 3 },
  { 1, "estates", { 5, 5, 0 }, 0, 0, 8, 4 },
  { 1, "estates", { 6, 6, 0 }, 0, 0, 10, 6 },
  { 2, "estates", { 1, 1, 1, 6, 0 }, 0, 0, 11, 6 },
  { 2, "estates", { 2, 2, 5, 0 }, 0, 0, 10, 6 },
  { 2, "estates", { 3, 3, 4, 0 }, 0, 0, 12, 7 },
  { 2, "estates", { 3, 6, 0 }, 0, 0, 8, 4 },
  { 2, "estates", { 4, 5, 0 }, 0, 0, 9, 5 },
  { 2, "estates", { 1, 1, 1, 4, 0 }, 0, 0, 9, 5 },
  { 3, "estates", { 1, 2, 6, 0 }, 0, 0, 12, 7 },
  { 3, "estates", { 1, 4, 5, 0 }, 0, 0, 13, 7 },
  { 3, "estates", { 3, 4, 0 }, 0, 0, 7, 3 },
  { 3, "estates", { 2, 5, 0 }, 0, 0, 7, 3 },
  { 3, "estates", { 1, 2, 2, 3, 0 }, 0, 0, 11, 6 },
  { 3, "estates", { 2, 3, 5, 0 }, 0, 0, 13, 7 },
  { 1, "street_full", { 0 }, 1, 0, 6, 3 },
  { 1, "street_full", { 0 }, 3, 0, 8, 4 },
  { 1, "street_ends", { 0 }, 0, 0, 7, 4 },
  { 1, "temps", { 0 }, 0, 7, 6, 3 },
  { 1, "bis_street", { 0 }, 0, 5, 8, 3 },
  { 2, "parks_two_streets", { 0 }, 0, 0, 7, 4 },
  { 2, "pools_two_streets", { 0 }, 0, 0, 7, 4 },
  { 2, "parks_pools_street", { 0 }, 2, 0, 8, 3 },
  { 2, "parks_pools_street", { 0 }, 3, 0, 10, 5 },
  { 2, "parks_pools_roundabout", { 0 }, 0, 0, 10, 5 },
};

static JsonArray *
int_array (const gint *values,
           guint       n)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < n; i++)
    json_array_add_int_element (array, values[i]);
  return array;
}

static JsonObject *
plan_entry_to_json (const PlanEntry *entry)
{
  JsonObject *plan = json_object_new ();

  json_object_set_int_member (plan, "number", entry->number);
  json_object_set_string_member (plan, "kind", entry->kind);
  if (g_str_equal (entry->kind, "estates"))
    {
      guint n = 0;
      while (entry->sizes[n] != 0)
        n++;
      json_object_set_array_member (plan, "sizes", int_array (entry->sizes, n));
    }
  if (entry->street > 0)
    json_object_set_int_member (plan, "street", entry->street);
  if (entry->count > 0)
    json_object_set_int_member (plan, "count", entry->count);
  json_object_set_int_member (plan, "first", entry->first);
  json_object_set_int_member (plan, "later", entry->later);
  json_object_set_boolean_member (plan, "advanced", !g_str_equal (entry->kind, "estates"));
  return plan;
}

JsonArray *
tk_welcome_to_plan_table (void)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (plan_table); i++)
    json_array_add_object_element (array, plan_entry_to_json (&plan_table[i]));
  return array;
}

static JsonObject *
default_tables (void)
{
  JsonObject *tables = json_object_new ();
  JsonArray *streets = json_array_new ();
  const gint *parks[N_STREETS] = { default_parks_1, default_parks_2, default_parks_3 };
  const guint n_parks[N_STREETS] = { G_N_ELEMENTS (default_parks_1),
                                     G_N_ELEMENTS (default_parks_2),
                                     G_N_ELEMENTS (default_parks_3) };
  JsonArray *estates = json_array_new ();

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = json_object_new ();

      json_object_set_int_member (street, "houses", default_houses[s]);
      json_object_set_array_member (street, "pools", int_array (default_pools[s], 3));
      json_object_set_array_member (street, "parks", int_array (parks[s], n_parks[s]));
      json_array_add_object_element (streets, street);
    }
  json_object_set_array_member (tables, "streets", streets);
  json_object_set_array_member (tables, "pools",
                                int_array (default_pool_track, G_N_ELEMENTS (default_pool_track)));
  json_object_set_array_member (tables, "bis",
                                int_array (default_bis_track, G_N_ELEMENTS (default_bis_track)));
  json_object_set_array_member (tables, "refusals",
                                int_array (default_refusal_track,
                                           G_N_ELEMENTS (default_refusal_track)));
  json_object_set_array_member (tables, "roundabouts",
                                int_array (default_roundabout_track,
                                           G_N_ELEMENTS (default_roundabout_track)));
  json_object_set_int_member (tables, "temp_boxes", 11);
  json_object_set_array_member (tables, "temp_points",
                                int_array (default_temp_points,
                                           G_N_ELEMENTS (default_temp_points)));
  json_object_set_int_member (tables, "solo_temp_min", 6);
  json_object_set_int_member (tables, "solo_temp_points", 7);
  json_array_add_array_element (estates, int_array (default_estate_1, 2));
  json_array_add_array_element (estates, int_array (default_estate_2, 3));
  json_array_add_array_element (estates, int_array (default_estate_3, 4));
  json_array_add_array_element (estates, int_array (default_estate_4, 5));
  json_array_add_array_element (estates, int_array (default_estate_5, 5));
  json_array_add_array_element (estates, int_array (default_estate_6, 5));
  json_object_set_array_member (tables, "estates", estates);
  json_object_set_int_member (tables, "lowest_card", 1);
  json_object_set_int_member (tables, "highest_card", 15);
  json_object_set_int_member (tables, "temp_change", 2);
  json_object_set_int_member (tables, "highest_number", 17);
  json_object_set_int_member (tables, "solo_rounds", 27);
  /* Seed 003, solo setup: the deck is split in two, the solo card shuffled into one half and
   * the other half put on top — 40 of the 81 cards come first, 3 a round, so the solo card
   * turns up in round 14 at the earliest. */
  json_object_set_int_member (tables, "solo_card_first_round", 14);
  return tables;
}

/* ---- small JSON readers ---- */

static gboolean
read_track (JsonArray  *array,
            const char *name,
            guint       min_len,
            Track      *out,
            GError    **error)
{
  guint n = array != NULL ? json_array_get_length (array) : 0;

  if (array == NULL || n < min_len || n > MAX_TRACK)
    return INVALID (_("The rule table “%s” needs %u to %d numbers."), name, min_len, MAX_TRACK);
  out->n = n;
  for (guint i = 0; i < n; i++)
    {
      gint64 v;

      if (!tk_rules_json_array_get_int (array, i, &v) || v < -MAX_VALUE || v > MAX_VALUE)
        return INVALID (_("The rule table “%s” holds something that is not a whole number "
                          "between −1000 and 1000."), name);
      out->v[i] = (gint) v;
    }
  return TRUE;
}

static gboolean
read_table_int (JsonObject *tables,
                const char *member,
                gint64      min,
                gint64      max,
                gint       *out,
                GError    **error)
{
  gint64 v;

  if (!tk_rules_json_get_int (tables, member, &v) || v < min || v > max)
    return INVALID (_("The rule table “%s” needs a whole number from %d to %d."),
                    member, (int) min, (int) max);
  *out = (gint) v;
  return TRUE;
}

static int
lookup (const char *const *names,
        guint              n,
        const char        *name)
{
  for (guint i = 0; name != NULL && i < n; i++)
    if (g_str_equal (names[i], name))
      return (int) i;
  return -1;
}

/* ---- setup ---- */

static gboolean
read_tables (JsonObject *tables,
             Rules      *rules,
             GError    **error)
{
  JsonArray *streets = tk_rules_json_get_array (tables, "streets");
  JsonArray *estates = tk_rules_json_get_array (tables, "estates");
  gint value;

  if (streets == NULL || json_array_get_length (streets) != N_STREETS)
    return INVALID (_("The rule table “streets” needs exactly three streets."));
  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonNode *node = json_array_get_element (streets, s);
      JsonObject *street = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      StreetRule *rule = &rules->streets[s];
      JsonArray *pools = tk_rules_json_get_array (street, "pools");

      memset (rule, 0, sizeof *rule);
      if (!read_table_int (street, "houses", 1, MAX_HOUSES, &value, error))
        return FALSE;
      rule->houses = value;
      if (pools == NULL)
        return INVALID (_("Street %u of the rule table has no list of pool spots."), s + 1);
      for (guint i = 0; i < json_array_get_length (pools); i++)
        {
          gint64 h;

          if (!tk_rules_json_array_get_int (pools, i, &h) || h < 1 || h > rule->houses ||
          rule->pool_spot[h - 1])
            return INVALID (_("Street %u of the rule table has a pool spot that is not one of "
                              "its houses."), s + 1);
          rule->pool_spot[h - 1] = TRUE;
          rule->n_pool_spots++;
        }
      if (!read_track (tk_rules_json_get_array (street, "parks"), "parks", 1, &rule->parks, error))
        return FALSE;
    }
  if (!read_track (tk_rules_json_get_array (tables, "pools"), "pools", 1, &rules->pools, error) ||
      !read_track (tk_rules_json_get_array (tables, "bis"), "bis", 1, &rules->bis, error) ||
      !read_track (tk_rules_json_get_array (tables, "refusals"), "refusals", 2, &rules->refusals,
                   error) ||
      !read_track (tk_rules_json_get_array (tables, "roundabouts"), "roundabouts", 1,
                   &rules->roundabouts, error) ||
      !read_track (tk_rules_json_get_array (tables, "temp_points"), "temp_points", 1,
                   &rules->temp_points, error))
    return FALSE;
  if (estates == NULL || json_array_get_length (estates) != N_COLUMNS)
    return INVALID (_("The rule table “estates” needs six columns (estates of 1 to 6 houses)."));
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      JsonNode *node = json_array_get_element (estates, c);

      if (!read_track (JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL,
                       "estates", 1, &rules->estates[c], error))
        return FALSE;
    }
  if (!read_table_int (tables, "temp_boxes", 0, 100, &value, error))
    return FALSE;
  rules->temp_boxes = value;
  if (!read_table_int (tables, "solo_temp_min", 0, 100, &value, error))
    return FALSE;
  rules->solo_temp_min = value;
  if (!read_table_int (tables, "solo_temp_points", -MAX_VALUE, MAX_VALUE,
                       &rules->solo_temp_points, error) ||
      !read_table_int (tables, "lowest_card", 0, 100, &rules->lowest_card, error) ||
      !read_table_int (tables, "highest_card", rules->lowest_card, 100,
                       &rules->highest_card, error) ||
      !read_table_int (tables, "temp_change", 0, 10, &rules->temp_change, error) ||
      !read_table_int (tables, "highest_number", rules->highest_card, 120,
                       &rules->highest_number, error))
    return FALSE;
  if (!read_table_int (tables, "solo_rounds", 1, 1000, &value, error))
    return FALSE;
  rules->solo_rounds = value;
  /* Tables saved before this rule was kept have no such member: the card could come any time. */
  rules->solo_card_first_round = 1;
  if (json_object_has_member (tables, "solo_card_first_round"))
    {
      if (!read_table_int (tables, "solo_card_first_round", 1, rules->solo_rounds, &value,
                           error))
        return FALSE;
      rules->solo_card_first_round = value;
    }
  return TRUE;
}

static gboolean
read_plan (JsonObject *object,
           guint       index,
           Rules      *rules,
           GError    **error)
{
  Plan *plan = &rules->plans[index];
  gint64 v;
  int kind = lookup (plan_kind_names, N_PLAN_KINDS, tk_rules_json_get_string (object, "kind"));

  memset (plan, 0, sizeof *plan);
  if (kind < 0)
    return INVALID (_("City plan n°%u has no kind the engine knows."), index + 1);
  plan->kind = kind;
  if (!tk_rules_json_get_int (object, "number", &v) || v < 1 || v > N_PLANS)
    return INVALID (_("A city plan card is n°1, n°2 or n°3."));
  /* Seed 003: the solo game turns up three plan cards at random (「都市計画カードがランダムに3枚
   * 選ばれて」), so two may share a number; the others deal one of each. */
  if (!rules->solo && v != index + 1)
    return INVALID (_("The third city plan must be n°3, the second n°2 and the first n°1."));
  plan->number = v;
  if (!tk_rules_json_get_int (object, "first", &v) || v < 0 || v > MAX_VALUE)
    return INVALID (_("City plan n°%u has no first value."), index + 1);
  plan->first = v;
  if (!tk_rules_json_get_int (object, "later", &v) || v < 0 || v > MAX_VALUE)
    return INVALID (_("City plan n°%u has no later value."), index + 1);
  plan->later = v;
  if (kind != PLAN_ESTATES && !rules->intermediate)
    return INVALID (_("City plan n°%u is an advanced plan: it needs the intermediate rules."),
                    index + 1);
  switch (plan->kind)
    {
    case PLAN_ESTATES:
      {
        JsonArray *sizes = tk_rules_json_get_array (object, "sizes");
        guint n = sizes != NULL ? json_array_get_length (sizes) : 0;

        if (n < 1 || n > MAX_ESTATES)
          return INVALID (_("City plan n°%u needs 1 to 6 estate sizes."), index + 1);
        plan->n_sizes = n;
        for (guint i = 0; i < n; i++)
          {
            if (!tk_rules_json_array_get_int (sizes, i, &v) || v < 1 || v > N_COLUMNS)
              return INVALID (_("City plan n°%u has an estate size that is not 1 to 6."),
                              index + 1);
            plan->sizes[i] = v;
          }
      }
      break;
    case PLAN_STREET_FULL:
    case PLAN_PARKS_POOLS_STREET:
      if (!tk_rules_json_get_int (object, "street", &v) || v < 1 || v > N_STREETS)
        return INVALID (_("City plan n°%u needs a street from 1 to 3."), index + 1);
      plan->street = v - 1;
      break;
    case PLAN_TEMPS:
    case PLAN_BIS_STREET:
      if (!tk_rules_json_get_int (object, "count", &v) || v < 1 || v > 100)
        return INVALID (_("City plan n°%u needs a count."), index + 1);
      plan->count = v;
      break;
    default:
      break;
    }
  return TRUE;
}

static gboolean
read_rules (JsonObject *setup,
            guint       n_players,
            Rules      *rules,
            GError    **error)
{
  JsonObject *tables = tk_rules_json_get_object (setup, "tables");
  g_autoptr(JsonObject) defaults = NULL;
  JsonArray *plans = tk_rules_json_get_array (setup, "plans");
  const char *variant = tk_rules_json_get_string (setup, "variant");

  memset (rules, 0, sizeof *rules);
  if (json_object_has_member (setup, "variant") && variant == NULL)
    return INVALID (_("The variant must be “basic” or “intermediate”."));
  if (variant != NULL && !g_str_equal (variant, "basic") && !g_str_equal (variant, "intermediate"))
    return INVALID (_("The variant must be “basic” or “intermediate”."));
  if (!tk_rules_json_read_bool (setup, "solo", n_players == 1, &rules->solo, error) ||
      !tk_rules_json_read_bool (setup, "draft", FALSE, &rules->draft, error))
    return FALSE;
  rules->intermediate = g_strcmp0 (variant, "intermediate") == 0;
  {
    const char *pass = tk_rules_json_get_string (setup, "draft_pass");

    if (json_object_has_member (setup, "draft_pass") && pass == NULL)
      return INVALID (_("“draft_pass” must be “next”, “previous” or “unchecked”."));
    if (pass == NULL || g_str_equal (pass, "next"))
      rules->draft_pass = 1;
    else if (g_str_equal (pass, "previous"))
      rules->draft_pass = -1;
    else if (g_str_equal (pass, "unchecked"))
      rules->draft_pass = 0;
    else
      return INVALID (_("“draft_pass” must be “next”, “previous” or “unchecked”."));
  }
  {
    /* Seed 003 forbids writing a bis across a fence that is already there; it says nothing of a
     * fence drawn later, which other readings also forbid ("never"). */
    const char *bis_fence = tk_rules_json_get_string (setup, "bis_fence");

    if ((json_object_has_member (setup, "bis_fence") && bis_fence == NULL) ||
        (bis_fence != NULL && !g_str_equal (bis_fence, "before") &&
         !g_str_equal (bis_fence, "never")))
      return INVALID (_("“bis_fence” must be “before” or “never”."));
    rules->bis_fence_never = g_strcmp0 (bis_fence, "never") == 0;
  }
  {
    /* Seed 003: 「家や団地は計画の達成に使用した場合、それらを別の計画の達成のために使用する
     * ことができません…ただしプールは例外」 — so the bis houses a bis plan counts are used up
     * too ("seed"); "reference" is the reading where they stay free.  A setup without the member
     * (a session started before it was kept) keeps the reading it was played with. */
    const char *houses = tk_rules_json_get_string (setup, "plan_houses");

    if ((json_object_has_member (setup, "plan_houses") && houses == NULL) ||
        (houses != NULL && !g_str_equal (houses, "seed") && !g_str_equal (houses, "reference")))
      return INVALID (_("“plan_houses” must be “seed” or “reference”."));
    rules->bis_plan_uses = g_strcmp0 (houses, "seed") == 0;
  }
  {
    /* The seed defers the temp agency ranking to the rule book: dense ranking by default. */
    const char *ranking = tk_rules_json_get_string (setup, "temp_ranking");

    if ((json_object_has_member (setup, "temp_ranking") && ranking == NULL) ||
        (ranking != NULL && !g_str_equal (ranking, "dense") &&
         !g_str_equal (ranking, "competition")))
      return INVALID (_("“temp_ranking” must be “dense” or “competition”."));
    rules->temp_competition = g_strcmp0 (ranking, "competition") == 0;
  }
  if (rules->solo && n_players != 1)
    return INVALID (_("The solo game is for one player."));
  if (rules->solo && rules->draft)
    return INVALID (_("The draft (advanced rules) needs at least two players."));
  if (rules->draft && n_players < 2)
    return INVALID (_("The draft (advanced rules) needs at least two players."));

  if (tables == NULL)
    {
      if (json_object_has_member (setup, "tables"))
        return INVALID (_("The rule tables are not an object."));
      tables = defaults = default_tables ();
    }
  if (!read_tables (tables, rules, error))
    return FALSE;

  if (plans == NULL || json_array_get_length (plans) != N_PLANS)
    return INVALID (_("The setup needs three city plans, n°1, n°2 and n°3."));
  for (guint p = 0; p < N_PLANS; p++)
    {
      JsonNode *node = json_array_get_element (plans, p);

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return INVALID (_("City plan n°%u is not an object."), p + 1);
      if (!read_plan (json_node_get_object (node), p, rules, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- the sheet ---- */

static guint
n_houses (const Rules *rules,
          guint        s)
{
  return rules->streets[s].houses;
}

static gboolean
built (const House *house)
{
  return house->number >= 0 || house->roundabout;
}

/* Can @value be written in house @h of street @s (empty, ascending within its section)? */
static gboolean
fits (const Rules *rules,
      const Sheet *sheet,
      guint        s,
      guint        h,
      gint         value)
{
  const Street *street = &sheet->streets[s];
  guint n = n_houses (rules, s);

  if (built (&street->houses[h]))
    return FALSE;
  for (gint i = (gint) h - 1; i >= 0 && !street->houses[i].roundabout; i--)
    if (street->houses[i].number >= 0 && street->houses[i].number >= value)
      return FALSE;
  for (guint i = h + 1; i < n && !street->houses[i].roundabout; i++)
    if (street->houses[i].number >= 0 && street->houses[i].number <= value)
      return FALSE;
  return TRUE;
}

static gboolean
fits_anywhere (const Rules *rules,
               const Sheet *sheet,
               gint         value,
               guint       *out_s,
               guint       *out_h)
{
  for (guint s = 0; s < N_STREETS; s++)
    for (guint h = 0; h < n_houses (rules, s); h++)
      if (fits (rules, sheet, s, h, value))
        {
          *out_s = s;
          *out_h = h;
          return TRUE;
        }
  return FALSE;
}

/* Houses @from..@to (inclusive) of street @s form a completed estate. */
static gboolean
is_estate (const Rules *rules,
           const Sheet *sheet,
           guint        s,
           guint        from,
           guint        to)
{
  const Street *street = &sheet->streets[s];
  guint n = n_houses (rules, s);

  if (from > to || to >= n || to - from + 1 > N_COLUMNS)
    return FALSE;
  if ((from > 0 && !street->fence[from - 1]) || (to < n - 1 && !street->fence[to]))
    return FALSE;
  for (guint h = from; h <= to; h++)
    {
      if (street->houses[h].number < 0 || street->houses[h].roundabout)
        return FALSE;
      if (h < to && street->fence[h])
        return FALSE;
    }
  return TRUE;
}

/* Completed estates of the sheet, by size (index 1..6); returns the count. */
static guint
count_estates (const Rules *rules,
               const Sheet *sheet,
               guint        by_size[N_COLUMNS + 1])
{
  guint total = 0;

  memset (by_size, 0, sizeof (guint) * (N_COLUMNS + 1));
  for (guint s = 0; s < N_STREETS; s++)
    {
      guint n = n_houses (rules, s);
      guint start = 0;

      for (guint k = 0; k < n; k++)
        if (k == n - 1 || sheet->streets[s].fence[k])
          {
            if (is_estate (rules, sheet, s, start, k))
              {
                by_size[k - start + 1]++;
                total++;
              }
            start = k + 1;
          }
    }
  return total;
}

static guint
count_bis (const Rules *rules,
           const Sheet *sheet,
           guint        s)
{
  guint n = 0;

  for (guint h = 0; h < n_houses (rules, s); h++)
    n += sheet->streets[s].houses[h].bis != 0;
  return n;
}

static guint
count_pools (const Rules *rules,
             const Sheet *sheet,
             guint        s)
{
  guint n = 0;

  for (guint h = 0; h < n_houses (rules, s); h++)
    n += sheet->streets[s].houses[h].pool;
  return n;
}

static guint
count_roundabouts (const Rules *rules,
                   const Sheet *sheet,
                   guint        s)
{
  guint n = 0;

  for (guint h = 0; h < n_houses (rules, s); h++)
    n += sheet->streets[s].houses[h].roundabout;
  return n;
}

static guint
sum_streets (const Rules *rules,
             const Sheet *sheet,
             guint      (*count) (const Rules *, const Sheet *, guint))
{
  guint n = 0;

  for (guint s = 0; s < N_STREETS; s++)
    n += count (rules, sheet, s);
  return n;
}

static gboolean
parks_full (const Rules *rules,
            const Sheet *sheet,
            guint        s)
{
  return sheet->streets[s].parks >= rules->streets[s].parks.n - 1;
}

static gboolean
pools_full (const Rules *rules,
            const Sheet *sheet,
            guint        s)
{
  return rules->streets[s].n_pool_spots > 0 &&
         count_pools (rules, sheet, s) == rules->streets[s].n_pool_spots;
}

static gboolean
street_built (const Rules *rules,
              const Sheet *sheet,
              guint        s)
{
  for (guint h = 0; h < n_houses (rules, s); h++)
    if (!built (&sheet->streets[s].houses[h]))
      return FALSE;
  return TRUE;
}

/* Which claim uses each house (plan index + 1, 0 none), and which claimed estate it is in. */
static void
used_map (const Rules *rules,
          const Sheet *sheet,
          guint        upto,
          guint        used[N_STREETS][MAX_HOUSES],
          guint        group[N_STREETS][MAX_HOUSES])
{
  memset (used, 0, sizeof (guint) * N_STREETS * MAX_HOUSES);
  memset (group, 0, sizeof (guint) * N_STREETS * MAX_HOUSES);
  for (guint p = 0; p < upto; p++)
    {
      const Claim *claim = &sheet->claims[p];

      if (claim->round == 0)
        continue;
      switch (rules->plans[p].kind)
        {
        case PLAN_ESTATES:
          for (guint e = 0; e < claim->n_estates; e++)
            for (guint h = claim->estates[e].from; h <= claim->estates[e].to; h++)
              {
                used[claim->estates[e].street][h] = p + 1;
                group[claim->estates[e].street][h] = p * MAX_ESTATES + e + 1;
              }
          break;
        case PLAN_STREET_FULL:
          for (guint h = 0; h < n_houses (rules, rules->plans[p].street); h++)
            used[rules->plans[p].street][h] = p + 1;
          break;
        case PLAN_STREET_ENDS:
          for (guint s = 0; s < N_STREETS; s++)
            {
              used[s][0] = p + 1;
              used[s][n_houses (rules, s) - 1] = p + 1;
            }
          break;
        case PLAN_BIS_STREET:
          for (guint h = 0; h < n_houses (rules, claim->bis_street); h++)
            if (claim->bis_mask & (1u << h))
              used[claim->bis_street][h] = p + 1;
          break;
        default:
          break;
        }
    }
}

/* The bis houses the bis plan @p would use up on @sheet: in @wanted (or, when @wanted is
 * N_STREETS, the first street that has enough) the leftmost unused ones.  FALSE if no street
 * has as many unused bis houses as the plan asks. */
static gboolean
bis_plan_houses (const Rules *rules,
                 const Sheet *sheet,
                 guint        p,
                 guint        used[N_STREETS][MAX_HOUSES],
                 guint        wanted,
                 guint       *street_out,
                 guint       *mask_out)
{
  for (guint s = 0; s < N_STREETS; s++)
    {
      guint mask = 0, n = 0;

      if (wanted < N_STREETS && s != wanted)
        continue;
      for (guint h = 0; h < n_houses (rules, s) && n < rules->plans[p].count; h++)
        if (sheet->streets[s].houses[h].bis != 0 && used[s][h] == 0)
          {
            mask |= 1u << h;
            n++;
          }
      if (n >= rules->plans[p].count)
        {
          *street_out = s;
          *mask_out = mask;
          return TRUE;
        }
    }
  return FALSE;
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* Is @claim (for plan @p) met by @sheet, given the houses the claims before @upto use? */
static gboolean
check_claim (const Rules *rules,
             const Sheet *sheet,
             guint        p,
             const Claim *claim,
             guint        upto,
             GError     **error)
{
  const Plan *plan = &rules->plans[p];
  guint used[N_STREETS][MAX_HOUSES], group[N_STREETS][MAX_HOUSES];
  guint n;

  used_map (rules, sheet, upto, used, group);
  if (plan->kind != PLAN_ESTATES && claim->n_estates > 0)
    return INVALID (_("City plan n°%u is not claimed with estates."), plan->number);

  switch (plan->kind)
    {
    case PLAN_ESTATES:
      {
        guint want[MAX_ESTATES], have[MAX_ESTATES];

        if (claim->n_estates != plan->n_sizes)
          return ILLEGAL (_("City plan n°%u needs %u estates; %u were chosen."),
                          plan->number, plan->n_sizes, claim->n_estates);
        for (guint e = 0; e < claim->n_estates; e++)
          {
            const EstateRef *ref = &claim->estates[e];

            if (ref->street >= N_STREETS || ref->to >= n_houses (rules, ref->street) ||
                !is_estate (rules, sheet, ref->street, ref->from, ref->to))
              return ILLEGAL (_("Street %u, houses %u to %u is not a completed estate (fences "
                                "on both sides, every house built, 1 to 6 houses)."),
                              ref->street + 1, ref->from + 1, ref->to + 1);
            for (guint h = ref->from; h <= ref->to; h++)
              if (used[ref->street][h] != 0)
                return ILLEGAL (_("The estate in street %u, houses %u to %u was already used "
                                  "for city plan n°%u."), ref->street + 1, ref->from + 1,
                                ref->to + 1, used[ref->street][h]);
            for (guint f = 0; f < e; f++)
              if (claim->estates[f].street == ref->street && claim->estates[f].from == ref->from)
                return ILLEGAL (_("The same estate was chosen twice."));
            have[e] = ref->to - ref->from + 1;
            want[e] = plan->sizes[e];
          }
        qsort (have, claim->n_estates, sizeof (guint), compare_uint);
        qsort (want, claim->n_estates, sizeof (guint), compare_uint);
        for (guint e = 0; e < claim->n_estates; e++)
          if (have[e] != want[e])
            return ILLEGAL (_("These estates do not have the sizes city plan n°%u asks for."),
                            plan->number);
        return TRUE;
      }
    case PLAN_STREET_FULL:
      if (!street_built (rules, sheet, plan->street))
        return ILLEGAL (_("Street %u is not built to the last house."), plan->street + 1);
      for (guint h = 0; h < n_houses (rules, plan->street); h++)
        if (used[plan->street][h] != 0)
          return ILLEGAL (_("A house of street %u was already used for city plan n°%u."),
                          plan->street + 1, used[plan->street][h]);
      return TRUE;
    case PLAN_STREET_ENDS:
      for (guint s = 0; s < N_STREETS; s++)
        {
          guint last = n_houses (rules, s) - 1;

          if (!built (&sheet->streets[s].houses[0]) || !built (&sheet->streets[s].houses[last]))
            return ILLEGAL (_("The first and last house of every street must be built."));
          if (used[s][0] != 0 || used[s][last] != 0)
            return ILLEGAL (_("An end house of street %u was already used for city plan n°%u."),
                            s + 1, MAX (used[s][0], used[s][last]));
        }
      return TRUE;
    case PLAN_TEMPS:
      if (sheet->temps < plan->count)
        return ILLEGAL (_("City plan n°%u needs %u temps; the sheet has %u."),
                        plan->number, plan->count, sheet->temps);
      return TRUE;
    case PLAN_BIS_STREET:
      if (rules->bis_plan_uses)
        {
          guint street, mask;

          /* A claim that already names its houses (an imported sheet) must still hold them. */
          if (claim->bis_mask != 0)
            {
              for (guint h = 0; h < n_houses (rules, claim->bis_street); h++)
                if ((claim->bis_mask & (1u << h)) &&
                    (sheet->streets[claim->bis_street].houses[h].bis == 0 ||
                     used[claim->bis_street][h] != 0))
                  return ILLEGAL (_("City plan n°%u counts bis houses that are not there or "
                                    "were already used for another plan."), plan->number);
              if ((guint) __builtin_popcount (claim->bis_mask) < plan->count)
                return ILLEGAL (_("City plan n°%u needs %u bis houses in one street."),
                                plan->number, plan->count);
              return TRUE;
            }
          if (bis_plan_houses (rules, sheet, p, used,
                               claim->bis_street_asked > 0 ? claim->bis_street_asked - 1
                                                           : N_STREETS, &street, &mask))
            return TRUE;
          return ILLEGAL (_("City plan n°%u needs %u bis houses in one street that no other "
                            "plan has used."), plan->number, plan->count);
        }
      for (guint s = 0; s < N_STREETS; s++)
        if (count_bis (rules, sheet, s) >= plan->count)
          return TRUE;
      return ILLEGAL (_("City plan n°%u needs %u bis houses in one street."),
                      plan->number, plan->count);
    case PLAN_PARKS_TWO:
      n = 0;
      for (guint s = 0; s < N_STREETS; s++)
        n += parks_full (rules, sheet, s);
      if (n < 2)
        return ILLEGAL (_("City plan n°%u needs every park of two streets."), plan->number);
      return TRUE;
    case PLAN_POOLS_TWO:
      n = 0;
      for (guint s = 0; s < N_STREETS; s++)
        n += pools_full (rules, sheet, s);
      if (n < 2)
        return ILLEGAL (_("City plan n°%u needs every pool of two streets."), plan->number);
      return TRUE;
    case PLAN_PARKS_POOLS_STREET:
      if (!parks_full (rules, sheet, plan->street) || !pools_full (rules, sheet, plan->street))
        return ILLEGAL (_("City plan n°%u needs every park and every pool of street %u."),
                        plan->number, plan->street + 1);
      return TRUE;
    case PLAN_PARKS_POOLS_ROUNDABOUT:
      for (guint s = 0; s < N_STREETS; s++)
        if (parks_full (rules, sheet, s) && pools_full (rules, sheet, s) &&
            count_roundabouts (rules, sheet, s) > 0)
          return TRUE;
      return ILLEGAL (_("City plan n°%u needs one street with every park, every pool and a "
                        "roundabout."), plan->number);
    default:
      return ILLEGAL (_("Unknown city plan."));
    }
}

/* Under the seed's reading a bis plan's claim records the houses it uses up (checked before). */
static void
fill_bis_claim (const Rules *rules,
                const Sheet *sheet,
                guint        p,
                Claim       *claim)
{
  guint used[N_STREETS][MAX_HOUSES], group[N_STREETS][MAX_HOUSES];

  if (!rules->bis_plan_uses || rules->plans[p].kind != PLAN_BIS_STREET || claim->bis_mask != 0)
    return;
  used_map (rules, sheet, N_PLANS, used, group);
  if (!bis_plan_houses (rules, sheet, p, used,
                        claim->bis_street_asked > 0 ? claim->bis_street_asked - 1 : N_STREETS,
                        &claim->bis_street, &claim->bis_mask))
    g_assert_not_reached ();
}

/* Everything section 5 of the reference lists, for an imported sheet. */
static gboolean
check_sheet (const Rules *rules,
             const Sheet *sheet,
             GError     **error)
{
  guint n_bis = 0, n_pools = 0, n_roundabouts = 0;

  for (guint s = 0; s < N_STREETS; s++)
    {
      const Street *street = &sheet->streets[s];
      guint n = n_houses (rules, s);
      gint last_value = -1, last_regular = -1;

      if (street->parks >= rules->streets[s].parks.n)
        return ILLEGAL (_("Street %u has more parks than boxes."), s + 1);
      for (guint h = 0; h < n; h++)
        {
          const House *house = &street->houses[h];

          if (house->roundabout)
            {
              n_roundabouts++;
              if (house->number >= 0 || house->pool || house->bis != 0)
                return ILLEGAL (_("Street %u, house %u holds a roundabout and a number."),
                                s + 1, h + 1);
              if ((h > 0 && !street->fence[h - 1]) || (h < n - 1 && !street->fence[h]))
                return ILLEGAL (_("The roundabout in street %u, house %u needs a fence on "
                                  "both sides."), s + 1, h + 1);
              last_value = last_regular = -1;
              continue;
            }
          if (house->number < 0)
            {
              if (house->pool || house->bis != 0)
                return ILLEGAL (_("Street %u, house %u is empty but marked."), s + 1, h + 1);
              continue;
            }
          if (house->number > rules->highest_number)
            return ILLEGAL (_("Street %u, house %u holds a number above %d."), s + 1, h + 1,
                            rules->highest_number);
          if (house->bis != 0)
            {
              gint src = (gint) h + house->bis;
              guint fence_slot = house->bis < 0 ? h - 1 : h;

              n_bis++;
              /* A fence between them may have come later, which only "never" forbids. */
              if (src < 0 || src >= (gint) n || street->houses[src].number != house->number ||
                  street->houses[src].roundabout ||
                  (rules->bis_fence_never && street->fence[fence_slot]))
                return ILLEGAL (_("The bis in street %u, house %u does not copy its neighbour "
                                  "(same number, no fence between)."), s + 1, h + 1);
              if (house->pool)
                return ILLEGAL (_("A bis house never gets a pool (street %u, house %u)."),
                                s + 1, h + 1);
            }
          else
            {
              if (house->number <= last_regular)
                return ILLEGAL (_("Street %u is not in ascending order at house %u."),
                                s + 1, h + 1);
              last_regular = house->number;
            }
          if (house->number < last_value)
            return ILLEGAL (_("Street %u is not in ascending order at house %u."), s + 1, h + 1);
          last_value = house->number;
          if (house->pool)
            {
              if (!rules->streets[s].pool_spot[h])
                return ILLEGAL (_("Street %u, house %u has no pool spot."), s + 1, h + 1);
              n_pools++;
            }
        }
    }
  if (n_pools >= rules->pools.n)
    return ILLEGAL (_("The sheet has more pools than the pool track."));
  if (n_bis >= rules->bis.n)
    return ILLEGAL (_("The sheet has more bis houses than the bis track."));
  if (n_roundabouts > 0 && !rules->intermediate)
    return ILLEGAL (_("Roundabouts belong to the intermediate rules."));
  if (n_roundabouts >= rules->roundabouts.n)
    return ILLEGAL (_("The sheet has more roundabouts than the roundabout track."));
  if (sheet->temps > rules->temp_boxes)
    return ILLEGAL (_("The sheet has more temps than the temp agency track."));
  if (sheet->refusals >= rules->refusals.n)
    return ILLEGAL (_("The sheet has more permit refusals than the track."));
  for (guint c = 0; c < N_COLUMNS; c++)
    if (sheet->agents[c] >= rules->estates[c].n)
      return ILLEGAL (_("Real estate column %u has more crosses than boxes."), c + 1);
  for (guint p = 0; p < N_PLANS; p++)
    if (sheet->claims[p].round > 0 &&
        !check_claim (rules, sheet, p, &sheet->claims[p], p, error))
      return FALSE;
  return TRUE;
}

/* An imported sheet's bis plan claim without its houses (a sheet written before they were
 * kept) takes the leftmost free ones, as a claim in the app would. */
static void
fill_sheet_bis_claims (const Rules *rules,
                       Sheet       *sheet)
{
  for (guint p = 0; p < N_PLANS; p++)
    if (sheet->claims[p].round > 0)
      fill_bis_claim (rules, sheet, p, &sheet->claims[p]);
}

/* ---- sheet JSON ---- */

static JsonObject *
estate_to_json (const EstateRef *ref)
{
  JsonObject *object = json_object_new ();

  json_object_set_int_member (object, "street", ref->street + 1);
  json_object_set_int_member (object, "from", ref->from + 1);
  json_object_set_int_member (object, "to", ref->to + 1);
  return object;
}

static JsonObject *
sheet_to_json (const Rules *rules,
               const Sheet *sheet)
{
  JsonObject *object = json_object_new ();
  JsonArray *streets = json_array_new ();
  JsonArray *plans = json_array_new ();
  JsonArray *agents = json_array_new ();

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = json_object_new ();
      JsonArray *houses = json_array_new ();
      JsonArray *fences = json_array_new ();

      for (guint h = 0; h < n_houses (rules, s); h++)
        {
          const House *house = &sheet->streets[s].houses[h];
          JsonObject *box;

          if (!built (house))
            {
              json_array_add_null_element (houses);
              continue;
            }
          box = json_object_new ();
          if (house->roundabout)
            json_object_set_boolean_member (box, "roundabout", TRUE);
          else
            json_object_set_int_member (box, "number", house->number);
          if (house->bis != 0)
            json_object_set_string_member (box, "bis", house->bis < 0 ? "left" : "right");
          if (house->pool)
            json_object_set_boolean_member (box, "pool", TRUE);
          json_array_add_object_element (houses, box);
        }
      for (guint k = 0; k + 1 < n_houses (rules, s); k++)
        if (sheet->streets[s].fence[k])
          json_array_add_int_element (fences, k + 1);
      json_object_set_array_member (street, "houses", houses);
      json_object_set_array_member (street, "fences", fences);
      json_object_set_int_member (street, "parks", sheet->streets[s].parks);
      json_array_add_object_element (streets, street);
    }
  for (guint c = 0; c < N_COLUMNS; c++)
    json_array_add_int_element (agents, sheet->agents[c]);
  for (guint p = 0; p < N_PLANS; p++)
    {
      const Claim *claim = &sheet->claims[p];
      JsonObject *object_claim;
      JsonArray *estates;

      if (claim->round == 0)
        {
          json_array_add_null_element (plans);
          continue;
        }
      object_claim = json_object_new ();
      estates = json_array_new ();
      json_object_set_int_member (object_claim, "round", claim->round);
      for (guint e = 0; e < claim->n_estates; e++)
        json_array_add_object_element (estates, estate_to_json (&claim->estates[e]));
      json_object_set_array_member (object_claim, "estates", estates);
      if (claim->bis_mask != 0)
        {
          JsonArray *houses = json_array_new ();

          for (guint h = 0; h < MAX_HOUSES; h++)
            if (claim->bis_mask & (1u << h))
              json_array_add_int_element (houses, h + 1);
          json_object_set_int_member (object_claim, "bis_street", claim->bis_street + 1);
          json_object_set_array_member (object_claim, "bis_houses", houses);
        }
      json_array_add_object_element (plans, object_claim);
    }
  json_object_set_array_member (object, "streets", streets);
  json_object_set_int_member (object, "temps", sheet->temps);
  json_object_set_array_member (object, "agents", agents);
  json_object_set_int_member (object, "refusals", sheet->refusals);
  json_object_set_array_member (object, "plans", plans);
  return object;
}

static gboolean
read_estates (const Rules *rules,
              JsonArray   *array,
              Claim       *claim,
              GError     **error)
{
  guint n = array != NULL ? json_array_get_length (array) : 0;

  claim->n_estates = 0;
  if (n > MAX_ESTATES)
    return INVALID (_("A city plan takes at most 6 estates."));
  for (guint e = 0; e < n; e++)
    {
      JsonNode *node = json_array_get_element (array, e);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      gint64 s, from, to;

      if (!tk_rules_json_get_int (object, "street", &s) || !tk_rules_json_get_int (object, "from",
                                                                                   &from) ||
          !tk_rules_json_get_int (object, "to", &to) || s < 1 || s > N_STREETS || from < 1 ||
          to < from ||
          to > n_houses (rules, s - 1))
        return INVALID (_("An estate is given as {\"street\", \"from\", \"to\"} with houses "
                          "of that street."));
      claim->estates[e].street = s - 1;
      claim->estates[e].from = from - 1;
      claim->estates[e].to = to - 1;
    }
  claim->n_estates = n;
  return TRUE;
}

#define SHEET_INVALID(...) INVALID (__VA_ARGS__)

static gboolean
sheet_from_json (const Rules *rules,
                 JsonObject  *object,
                 Sheet       *sheet,
                 GError     **error)
{
  JsonArray *streets = tk_rules_json_get_array (object, "streets");
  JsonArray *agents = tk_rules_json_get_array (object, "agents");
  JsonArray *plans = tk_rules_json_get_array (object, "plans");
  gint64 v;

  memset (sheet, 0, sizeof *sheet);
  if (streets == NULL || json_array_get_length (streets) != N_STREETS)
    return SHEET_INVALID (_("A sheet needs three streets."));
  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonNode *node = json_array_get_element (streets, s);
      JsonObject *street = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonArray *houses = tk_rules_json_get_array (street, "houses");
      JsonArray *fences = tk_rules_json_get_array (street, "fences");
      guint n = n_houses (rules, s);

      if (houses == NULL || json_array_get_length (houses) != n)
        return SHEET_INVALID (_("Street %u of the sheet needs %u houses."), s + 1, n);
      for (guint h = 0; h < n; h++)
        {
          JsonNode *box_node = json_array_get_element (houses, h);
          House *house = &sheet->streets[s].houses[h];
          JsonObject *box;
          const char *bis;

          house->number = -1;
          if (JSON_NODE_HOLDS_NULL (box_node))
            continue;
          if (!JSON_NODE_HOLDS_OBJECT (box_node))
            return SHEET_INVALID (_("Street %u, house %u of the sheet is not an object."),
                                  s + 1, h + 1);
          box = json_node_get_object (box_node);
          if (json_object_has_member (box, "number"))
            {
              if (!tk_rules_json_get_int (box, "number", &v) || v < 0 || v > 120)
                return SHEET_INVALID (_("Street %u, house %u holds no number from 0 to %d."),
                                      s + 1, h + 1, rules->highest_number);
              house->number = v;
            }
          if (!tk_rules_json_read_bool (box, "roundabout", FALSE, &house->roundabout, error) ||
              !tk_rules_json_read_bool (box, "pool", FALSE, &house->pool, error))
            return FALSE;
          bis = tk_rules_json_get_string (box, "bis");
          if (json_object_has_member (box, "bis") && bis == NULL)
            return SHEET_INVALID (_("“bis” is “left” or “right”."));
          if (bis != NULL)
            {
              if (g_str_equal (bis, "left"))
                house->bis = -1;
              else if (g_str_equal (bis, "right"))
                house->bis = 1;
              else
                return SHEET_INVALID (_("“bis” is “left” or “right”."));
            }
          if (house->number < 0 && !house->roundabout)
            return SHEET_INVALID (_("Street %u, house %u holds neither a number nor a "
                                    "roundabout."), s + 1, h + 1);
        }
      if (fences == NULL)
        return SHEET_INVALID (_("Street %u of the sheet has no list of fences."), s + 1);
      for (guint i = 0; i < json_array_get_length (fences); i++)
        {
          if (!tk_rules_json_array_get_int (fences, i, &v) || v < 1 || v >= n)
            return SHEET_INVALID (_("Street %u has a fence that is not between two of its "
                                    "houses."), s + 1);
          sheet->streets[s].fence[v - 1] = TRUE;
        }
      if (!tk_rules_json_get_int (street, "parks", &v) || v < 0 || v > MAX_TRACK)
        return SHEET_INVALID (_("Street %u of the sheet has no park count."), s + 1);
      sheet->streets[s].parks = v;
    }
  if (!tk_rules_json_get_int (object, "temps", &v) || v < 0 || v > 1000)
    return SHEET_INVALID (_("The sheet has no temp count."));
  sheet->temps = v;
  if (!tk_rules_json_get_int (object, "refusals", &v) || v < 0 || v > 1000)
    return SHEET_INVALID (_("The sheet has no permit refusal count."));
  sheet->refusals = v;
  if (agents == NULL || json_array_get_length (agents) != N_COLUMNS)
    return SHEET_INVALID (_("The sheet needs six real estate columns."));
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      if (!tk_rules_json_array_get_int (agents, c, &v) || v < 0 || v > MAX_TRACK)
        return SHEET_INVALID (_("A real estate column of the sheet is not a count."));
      sheet->agents[c] = v;
    }
  if (plans == NULL || json_array_get_length (plans) != N_PLANS)
    return SHEET_INVALID (_("The sheet needs three city plan boxes."));
  for (guint p = 0; p < N_PLANS; p++)
    {
      JsonNode *node = json_array_get_element (plans, p);
      JsonObject *claim;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      claim = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      if (!tk_rules_json_get_int (claim, "round", &v) || v < 1 || v > 100000)
        return SHEET_INVALID (_("A claimed city plan needs the round it was claimed in."));
      sheet->claims[p].round = v;
      if (!read_estates (rules, tk_rules_json_get_array (claim, "estates"), &sheet->claims[p],
                         error))
        return FALSE;
      if (json_object_has_member (claim, "bis_houses"))
        {
          JsonArray *houses = tk_rules_json_get_array (claim, "bis_houses");

          if (!tk_rules_json_get_int (claim, "bis_street", &v) || v < 1 || v > N_STREETS || houses == NULL)
            return SHEET_INVALID (_("A bis plan's houses are given with their street."));
          sheet->claims[p].bis_street = v - 1;
          for (guint i = 0; i < json_array_get_length (houses); i++)
            {
              gint64 h;

              if (!tk_rules_json_array_get_int (houses, i, &h) || h < 1 ||
                  h > n_houses (rules, sheet->claims[p].bis_street))
                return SHEET_INVALID (_("A bis plan's houses are given with their street."));
              sheet->claims[p].bis_mask |= 1u << (h - 1);
            }
        }
    }
  return TRUE;
}

/* ---- state ---- */

static const char *
get_name (void)
{
  return _("Welcome To...");
}

static JsonObject *
default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *plans = json_array_new ();

  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *player = json_object_new ();
      g_autofree char *name = g_strdup_printf (_("Player %u"), i + 1);

      json_object_set_string_member (player, "name", name);
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (setup, "players", players);
  json_object_set_boolean_member (setup, "solo", n_players == 1);
  json_object_set_string_member (setup, "variant", "basic");
  json_object_set_boolean_member (setup, "draft", FALSE);
  json_object_set_string_member (setup, "draft_pass", "next");
  json_object_set_string_member (setup, "plan_houses", "seed");
  /* the first basic card of each number: 1,1,1,1,1,1 / 1,1,1,6 / 1,2,6 */
  json_array_add_object_element (plans, plan_entry_to_json (&plan_table[0]));
  json_array_add_object_element (plans, plan_entry_to_json (&plan_table[6]));
  json_array_add_object_element (plans, plan_entry_to_json (&plan_table[12]));
  for (guint p = 0; p < N_PLANS; p++)
    json_object_remove_member (json_array_get_object_element (plans, p), "advanced");
  json_object_set_array_member (setup, "plans", plans);
  json_object_set_object_member (setup, "tables", default_tables ());
  return setup;
}

static void
state_free (gpointer data)
{
  State *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_free (state->sheets);
  g_free (state->acted);
  g_free (state->revealed);
  g_free (state->cards);
  g_free (state->passed);
  g_free (state->passed_round);
  g_free (state);
}

static void
empty_sheet (Sheet *sheet)
{
  memset (sheet, 0, sizeof *sheet);
  for (guint s = 0; s < N_STREETS; s++)
    for (guint h = 0; h < MAX_HOUSES; h++)
      sheet->streets[s].houses[h].number = -1;
}

static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  State *state;
  Rules rules;
  guint n;

  if (!tk_rules_check_setup_players (tk_welcome_to_rules_get (), setup, error))
    return NULL;
  n = tk_rules_setup_n_players (setup);
  if (!read_rules (setup, n, &rules, error))
    return NULL;

  state = g_new0 (State, 1);
  state->setup = json_object_ref (setup);
  state->rules = rules;
  state->n_players = n;
  state->round = 1;
  state->sheets = g_new0 (Sheet, n);
  for (guint i = 0; i < n; i++)
    empty_sheet (&state->sheets[i]);
  state->acted = g_new0 (gboolean, n);
  state->revealed = g_new0 (gboolean, n);
  state->cards = g_new0 (Card, n * 3);
  state->passed = g_new0 (Card, n * 2);
  state->passed_round = g_new0 (guint, n * 2);
  return state;
}

static gpointer
state_copy (gpointer data)
{
  State *state = data;
  State *copy = g_new0 (State, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->sheets = g_memdup2 (state->sheets, sizeof (Sheet) * state->n_players);
  copy->acted = g_memdup2 (state->acted, sizeof (gboolean) * state->n_players);
  copy->revealed = g_memdup2 (state->revealed, sizeof (gboolean) * state->n_players);
  copy->cards = g_memdup2 (state->cards, sizeof (Card) * 3 * state->n_players);
  copy->passed = g_memdup2 (state->passed, sizeof (Card) * 2 * state->n_players);
  copy->passed_round = g_memdup2 (state->passed_round, sizeof (guint) * 2 * state->n_players);
  return copy;
}

static gboolean
all_acted (State *state)
{
  for (guint i = 0; i < state->n_players; i++)
    if (!state->acted[i])
      return FALSE;
  return TRUE;
}

static gboolean
any_acted (State *state)
{
  for (guint i = 0; i < state->n_players; i++)
    if (state->acted[i])
      return TRUE;
  return FALSE;
}

enum { END_REFUSALS = 1, END_PLANS = 2, END_HOUSES = 4, END_DECK = 8 };

static guint
end_triggers (State *state)
{
  const Rules *rules = &state->rules;
  guint triggers = 0;

  for (guint i = 0; i < state->n_players; i++)
    {
      const Sheet *sheet = &state->sheets[i];
      gboolean all_plans = TRUE, all_built = TRUE;

      if (sheet->refusals >= rules->refusals.n - 1)
        triggers |= END_REFUSALS;
      for (guint p = 0; p < N_PLANS; p++)
        all_plans = all_plans && sheet->claims[p].round > 0;
      if (all_plans)
        triggers |= END_PLANS;
      for (guint s = 0; s < N_STREETS; s++)
        all_built = all_built && street_built (rules, sheet, s);
      if (all_built)
        triggers |= END_HOUSES;
    }
  if (rules->solo && state->round >= rules->solo_rounds && all_acted (state))
    triggers |= END_DECK;
  return triggers;
}

static gboolean
game_over (State *state)
{
  return end_triggers (state) != 0 && all_acted (state);
}

static void
start_new_round (State *state)
{
  state->round++;
  memset (state->acted, 0, sizeof (gboolean) * state->n_players);
  memset (state->revealed, 0, sizeof (gboolean) * state->n_players);
  memset (state->cards, 0, sizeof (Card) * 3 * state->n_players);
}

static const char *
seat_name (State *state,
           guint  seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}

/* Whether @seat may play now; *new_round is set when the play starts the next round. */
static gboolean
check_turn_order (State     *state,
                  guint      seat,
                  gboolean  *new_round,
                  GError   **error)
{
  if (game_over (state))
    return ILLEGAL (_("The game is over: an end condition was met and the round is finished."));
  *new_round = FALSE;
  if (state->acted[seat])
    {
      if (!all_acted (state))
        return ILLEGAL (_("%s has already played round %u; the others have not."),
                        seat_name (state, seat), state->round);
      *new_round = TRUE;
    }
  return TRUE;
}

static gboolean
read_card (State      *state,
           JsonNode   *node,
           Card       *card,
           GError    **error)
{
  JsonObject *object = node != NULL && JSON_NODE_HOLDS_OBJECT (node)
                       ? json_node_get_object (node) : NULL;
  gint64 number;
  int effect = lookup (effect_names, N_EFFECTS, tk_rules_json_get_string (object, "effect"));

  if (!tk_rules_json_get_int (object, "number", &number) || effect < 0)
    return INVALID (_("A card is given as {\"number\": N, \"effect\": \"surveyor\", "
                      "\"real_estate\", \"landscaper\", \"pool\", \"temp\" or \"bis\"}."));
  if (number < state->rules.lowest_card || number > state->rules.highest_card)
    return ILLEGAL (_("House numbers on the cards go from %d to %d, not %d."),
                    state->rules.lowest_card, state->rules.highest_card, (int) number);
  card->number = number;
  card->effect = effect;
  return TRUE;
}

static gboolean
read_three_cards (State      *state,
                  JsonArray  *array,
                  Card        cards[3],
                  GError    **error)
{
  if (array == NULL || json_array_get_length (array) != 3)
    return INVALID (_("Three cards are needed."));
  for (guint i = 0; i < 3; i++)
    if (!read_card (state, json_array_get_element (array, i), &cards[i], error))
      return FALSE;
  return TRUE;
}

/* The number/effect pairs three cards give: the three pairs as they lie, or (solo, draft) any
 * card's number with another card's effect. */
static guint
combos (State      *state,
        const Card  cards[3],
        Card        out[6])
{
  guint n = 0;

  if (!state->rules.solo && !state->rules.draft)
    {
      for (guint i = 0; i < 3; i++)
        out[n++] = cards[i];
      return n;
    }
  for (guint i = 0; i < 3; i++)
    for (guint j = 0; j < 3; j++)
      if (i != j)
        {
          out[n].number = cards[i].number;
          out[n].effect = cards[j].effect;
          n++;
        }
  return n;
}

/* The number and effect the turn plays. */
static gboolean
turn_card (State      *state,
           guint       seat,
           gboolean    new_round,
           JsonObject *action,
           Card       *card,
           GError    **error)
{
  gboolean revealed = !new_round && state->revealed[seat];
  const Card *cards = &state->cards[seat * 3];
  gint64 i, j;

  if (json_object_has_member (action, "card"))
    {
      if (!revealed)
        return ILLEGAL (_("No cards were recorded for this round: give the card's number and "
                          "effect."));
      if (state->rules.solo || state->rules.draft)
        return INVALID (_("Pick a number card and a different effect card "
                          "(\"number_card\", \"effect_card\")."));
      if (!tk_rules_json_get_int (action, "card", &i) || i < 0 || i > 2)
        return INVALID (_("“card” is 0, 1 or 2."));
      *card = cards[i];
      return TRUE;
    }
  if (json_object_has_member (action, "number_card") ||
      json_object_has_member (action, "effect_card"))
    {
      if (!revealed)
        return ILLEGAL (_("No cards were recorded for this round: give the card's number and "
                          "effect."));
      if (!state->rules.solo && !state->rules.draft)
        return INVALID (_("Pick one of the three revealed pairs (\"card\")."));
      if (!tk_rules_json_get_int (action, "number_card", &i) ||
          !tk_rules_json_get_int (action, "effect_card", &j) || i < 0 || i > 2 || j < 0 || j > 2)
        return INVALID (_("“number_card” and “effect_card” are 0, 1 or 2."));
      if (i == j)
        return ILLEGAL (_("The number and the effect must come from two different cards."));
      card->number = cards[i].number;
      card->effect = cards[j].effect;
      return TRUE;
    }
  if (revealed)
    return ILLEGAL (_("This round's cards were recorded: pick one of them."));
  {
    gint64 number;
    int effect = lookup (effect_names, N_EFFECTS, tk_rules_json_get_string (action, "effect"));

    if (!tk_rules_json_get_int (action, "card_number", &number) || effect < 0)
      return INVALID (_("The turn needs the card's number (\"card_number\") and its effect."));
    if (number < state->rules.lowest_card || number > state->rules.highest_card)
      return ILLEGAL (_("House numbers on the cards go from %d to %d, not %d."),
                      state->rules.lowest_card, state->rules.highest_card, (int) number);
    card->number = number;
    card->effect = effect;
  }
  return TRUE;
}

static const char *
effect_label (Effect effect)
{
  switch (effect)
    {
    case EFFECT_SURVEYOR: return _("surveyor");
    case EFFECT_REAL_ESTATE: return _("real estate agent");
    case EFFECT_LANDSCAPER: return _("landscaper");
    case EFFECT_POOL: return _("pool manufacturer");
    case EFFECT_TEMP: return _("temp agency");
    case EFFECT_BIS: return _("bis");
    case N_EFFECTS:
    default: return "?";
    }
}

/* May a fence go between house @k and @k + 1 of street @s? */
static gboolean
check_fence (const Rules *rules,
             const Sheet *sheet,
             guint        s,
             guint        k,
             GError     **error)
{
  const Street *street = &sheet->streets[s];
  guint used[N_STREETS][MAX_HOUSES], group[N_STREETS][MAX_HOUSES];

  if (street->fence[k])
    return ILLEGAL (_("There is already a fence between houses %u and %u of street %u."),
                    k + 1, k + 2, s + 1);
  if (rules->bis_fence_never && (street->houses[k].bis == 1 || street->houses[k + 1].bis == -1))
    return ILLEGAL (_("A fence may not separate a bis house from the house it copies."));
  used_map (rules, sheet, N_PLANS, used, group);
  if (group[s][k] != 0 && group[s][k] == group[s][k + 1])
    return ILLEGAL (_("A fence may not split an estate used for city plan n°%u."), used[s][k]);
  return TRUE;
}

static gboolean
apply_turn (State      *state,
            JsonObject *action,
            GError    **error)
{
  const Rules *rules = &state->rules;
  guint seat;
  gboolean new_round;
  Card card;
  gint64 number, s, h;
  Sheet sheet;
  JsonObject *fence = tk_rules_json_get_object (action, "fence");
  JsonObject *bis = tk_rules_json_get_object (action, "bis");
  gint64 column = -1;
  /* "temp" absent counts as true (the temp agency's card is used), but names no effect */
  gboolean temp_given = tk_rules_json_member (action, "temp") != NULL;
  gboolean park, pool, temp;
  gint passed_index = -1;

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error) ||
      !check_turn_order (state, seat, &new_round, error) ||
      !turn_card (state, seat, new_round, action, &card, error))
    return FALSE;
  if (state->rules.draft && !new_round && state->revealed[seat])
    {
      gint64 i = 0, j = 0;

      tk_rules_json_get_int (action, "number_card", &i);
      tk_rules_json_get_int (action, "effect_card", &j);
      passed_index = 3 - (gint) i - (gint) j;
    }
  if (!tk_rules_json_get_int (action, "number", &number) || !tk_rules_json_get_int (action,
                                                                                    "street", &s) ||
      !tk_rules_json_get_int (action, "house", &h))
    return INVALID (_("The turn needs the number written, its street and its house."));
  if (s < 1 || s > N_STREETS)
    return ILLEGAL (_("There is no street %d."), (int) s);
  if (h < 1 || h > n_houses (rules, s - 1))
    return ILLEGAL (_("Street %d has no house %d."), (int) s, (int) h);
  s--, h--;
  if (!tk_rules_json_read_bool (action, "park", FALSE, &park, error) ||
      !tk_rules_json_read_bool (action, "pool", FALSE, &pool, error) ||
      !tk_rules_json_read_bool (action, "temp", TRUE, &temp, error))
    return FALSE;
  if ((json_object_has_member (action, "fence") && fence == NULL) ||
      (json_object_has_member (action, "bis") && bis == NULL) ||
      (json_object_has_member (action, "column") && !tk_rules_json_get_int (action, "column",
                                                                            &column)))
    return INVALID (_("The effect is not given in the form the engine reads."));

  /* the effect members must match the card's effect */
  {
    struct { gboolean present; Effect effect; } uses[] = {
      { fence != NULL, EFFECT_SURVEYOR }, { column >= 0 || json_object_has_member (action, "column"),
                                            EFFECT_REAL_ESTATE },
      { park, EFFECT_LANDSCAPER }, { pool, EFFECT_POOL }, { temp_given && temp, EFFECT_TEMP },
      { bis != NULL, EFFECT_BIS },
    };
    for (guint u = 0; u < G_N_ELEMENTS (uses); u++)
      if (uses[u].present && uses[u].effect != card.effect)
        return ILLEGAL (_("This card's effect is the %s, not the %s."),
                        effect_label (card.effect), effect_label (uses[u].effect));
  }

  /* the number */
  if (number != card.number)
    {
      if (card.effect != EFFECT_TEMP || !temp)
        return ILLEGAL (_("The card shows %d: only the temp agency changes the number."),
                        card.number);
      if (ABS (number - card.number) > rules->temp_change)
        return ILLEGAL (_("The temp agency changes the number by at most %d: %d gives %d to "
                          "%d."), rules->temp_change, card.number,
                        card.number - rules->temp_change, card.number + rules->temp_change);
    }
  if (number < 0 || number > rules->highest_number)
    return ILLEGAL (_("House numbers go from 0 to %d."), rules->highest_number);

  sheet = state->sheets[seat];
  if (sheet.streets[s].houses[h].roundabout)
    return ILLEGAL (_("Street %u, house %u holds a roundabout."), (guint) s + 1, (guint) h + 1);
  if (sheet.streets[s].houses[h].number >= 0)
    return ILLEGAL (_("Street %u, house %u is already built."), (guint) s + 1, (guint) h + 1);
  if (!fits (rules, &sheet, s, h, number))
    return ILLEGAL (_("%d does not fit in street %u, house %u: numbers must go up from left "
                      "to right (a roundabout starts a new run)."), (gint) number,
                    (guint) s + 1, (guint) h + 1);
  sheet.streets[s].houses[h].number = number;

  /* the effect (optional) */
  switch (card.effect)
    {
    case EFFECT_SURVEYOR:
      if (fence != NULL)
        {
          gint64 fs, after;

          if (!tk_rules_json_get_int (fence, "street", &fs) || !tk_rules_json_get_int (fence,
                                                                                       "after",
                                                                                       &after))
            return INVALID (_("A fence is given as {\"street\", \"after\"}."));
          if (fs < 1 || fs > N_STREETS || after < 1 || after >= n_houses (rules, fs - 1))
            return ILLEGAL (_("There is no fence slot after house %d of street %d."),
                            (int) after, (int) fs);
          if (!check_fence (rules, &sheet, fs - 1, after - 1, error))
            return FALSE;
          sheet.streets[fs - 1].fence[after - 1] = TRUE;
        }
      break;
    case EFFECT_REAL_ESTATE:
      if (json_object_has_member (action, "column"))
        {
          if (column < 1 || column > N_COLUMNS)
            return ILLEGAL (_("The real estate columns are 1 to 6."));
          if (sheet.agents[column - 1] + 1 >= rules->estates[column - 1].n)
            return ILLEGAL (_("The real estate column for estates of %u has no box left."),
                            (guint) column);
          sheet.agents[column - 1]++;
        }
      break;
    case EFFECT_LANDSCAPER:
      if (park)
        {
          if (parks_full (rules, &sheet, s))
            return ILLEGAL (_("Street %u has no park left to build."), (guint) s + 1);
          sheet.streets[s].parks++;
        }
      break;
    case EFFECT_POOL:
      if (pool)
        {
          if (!rules->streets[s].pool_spot[h])
            return ILLEGAL (_("Street %u, house %u has no pool spot: the pool must go where "
                              "this turn's number was written."), (guint) s + 1, (guint) h + 1);
          if (sum_streets (rules, &sheet, count_pools) + 1 >= rules->pools.n)
            return ILLEGAL (_("The pool track is full."));
          sheet.streets[s].houses[h].pool = TRUE;
        }
      break;
    case EFFECT_TEMP:
      if (temp && sheet.temps < rules->temp_boxes)
        sheet.temps++;
      break;
    case EFFECT_BIS:
      if (bis != NULL)
        {
          gint64 bs, bh, from;
          Street *street;

          if (!tk_rules_json_get_int (bis, "street", &bs) || !tk_rules_json_get_int (bis, "house",
                                                                                     &bh) ||
              !tk_rules_json_get_int (bis, "from", &from))
            return INVALID (_("A bis is given as {\"street\", \"house\", \"from\"}."));
          if (bs < 1 || bs > N_STREETS || bh < 1 || bh > n_houses (rules, bs - 1))
            return ILLEGAL (_("There is no house %d in street %d."), (int) bh, (int) bs);
          if (from != bh - 1 && from != bh + 1)
            return ILLEGAL (_("A bis copies the house directly left or right of it."));
          if (from < 1 || from > n_houses (rules, bs - 1))
            return ILLEGAL (_("There is no house %d in street %d."), (int) from, (int) bs);
          bs--, bh--, from--;
          street = &sheet.streets[bs];
          if (built (&street->houses[bh]))
            return ILLEGAL (_("Street %u, house %u is not empty."), (guint) bs + 1,
                            (guint) bh + 1);
          if (street->houses[from].number < 0)
            return ILLEGAL (_("Street %u, house %u has no number to copy."), (guint) bs + 1,
                            (guint) from + 1);
          if (street->fence[MIN (from, bh)])
            return ILLEGAL (_("A bis may not copy a house across a fence."));
          if (sum_streets (rules, &sheet, count_bis) + 1 >= rules->bis.n)
            return ILLEGAL (_("The bis track is full."));
          street->houses[bh].number = street->houses[from].number;
          street->houses[bh].bis = from < bh ? -1 : 1;
        }
      break;
    case N_EFFECTS:
    default:
      break;
    }

  if (new_round)
    start_new_round (state);
  if (state->rules.draft && passed_index >= 0)
    {
      state->passed[seat * 2 + state->round % 2] = state->cards[seat * 3 + passed_index];
      state->passed_round[seat * 2 + state->round % 2] = state->round;
    }
  state->sheets[seat] = sheet;
  state->acted[seat] = TRUE;
  return TRUE;
}

static gboolean
apply_refuse (State      *state,
              JsonObject *action,
              GError    **error)
{
  const Rules *rules = &state->rules;
  guint seat, s, h;
  gboolean new_round;
  Card three[3], pairs[6];
  const Card *cards;
  guint n;
  const Sheet *sheet;

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error) ||
      !check_turn_order (state, seat, &new_round, error))
    return FALSE;
  if (!new_round && state->revealed[seat])
    {
      if (json_object_has_member (action, "cards"))
        return ILLEGAL (_("This round's cards were already recorded."));
      cards = &state->cards[seat * 3];
    }
  else
    {
      if (!json_object_has_member (action, "cards"))
        return INVALID (_("A permit refusal needs this round's three cards, to check that "
                          "none fits."));
      if (!read_three_cards (state, tk_rules_json_get_array (action, "cards"), three, error))
        return FALSE;
      cards = three;
    }
  sheet = &state->sheets[seat];
  n = combos (state, cards, pairs);
  for (guint i = 0; i < n; i++)
    {
      gint change = pairs[i].effect == EFFECT_TEMP ? rules->temp_change : 0;

      for (gint v = pairs[i].number - change; v <= pairs[i].number + change; v++)
        if (v >= 0 && v <= rules->highest_number && fits_anywhere (rules, sheet, v, &s, &h))
          return ILLEGAL (_("No permit refusal: %d can still be written in street %u, house %u."),
                          v, s + 1, h + 1);
    }
  if (sheet->refusals + 1 >= rules->refusals.n)
    return ILLEGAL (_("The permit refusal track is full."));

  if (new_round)
    start_new_round (state);
  state->sheets[seat].refusals++;
  state->acted[seat] = TRUE;
  return TRUE;
}

static gboolean
apply_reveal (State      *state,
              JsonObject *action,
              GError    **error)
{
  Card cards[3];
  guint seat = 0;
  gboolean new_round = FALSE;

  if (game_over (state))
    return ILLEGAL (_("The game is over: an end condition was met and the round is finished."));
  if (state->rules.draft)
    {
      if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
        return FALSE;
      if (state->acted[seat])
        {
          if (!all_acted (state))
            return ILLEGAL (_("%s has already played round %u; the others have not."),
                            seat_name (state, seat), state->round);
          new_round = TRUE;
        }
    }
  else if (any_acted (state))
    {
      if (!all_acted (state))
        return ILLEGAL (_("Some players have already played round %u: its cards can no longer "
                          "change."), state->round);
      new_round = TRUE;
    }
  if (!read_three_cards (state, tk_rules_json_get_array (action, "cards"), cards, error))
    return FALSE;
  if (state->rules.draft && state->rules.draft_pass != 0)
    {
      guint round = new_round ? state->round + 1 : state->round;
      guint giver = (seat + state->n_players - state->rules.draft_pass) % state->n_players;
      guint slot = giver * 2 + (round - 1) % 2;

      if (round > 1 && state->passed_round[slot] == round - 1)
        {
          const Card *given = &state->passed[slot];
          gboolean found = FALSE;

          for (guint c = 0; c < 3; c++)
            found = found || (cards[c].number == given->number &&
                              cards[c].effect == given->effect);
          if (!found)
            return ILLEGAL (_("%s's hand must hold the card %s passed: %d with the %s."),
                            seat_name (state, seat), seat_name (state, giver), given->number,
                            effect_label (given->effect));
        }
    }

  if (new_round)
    start_new_round (state);
  if (state->rules.draft)
    {
      memcpy (&state->cards[seat * 3], cards, sizeof cards);
      state->revealed[seat] = TRUE;
    }
  else
    for (guint i = 0; i < state->n_players; i++)
      {
        memcpy (&state->cards[i * 3], cards, sizeof cards);
        state->revealed[i] = TRUE;
      }
  return TRUE;
}

static gboolean
apply_roundabout (State      *state,
                  JsonObject *action,
                  GError    **error)
{
  const Rules *rules = &state->rules;
  guint seat;
  gint64 s, h;
  Sheet *sheet;

  if (!rules->intermediate)
    return ILLEGAL (_("Roundabouts belong to the intermediate rules."));
  /* Seed 003: 「各ラウンド中の任意のタイミングで」 — at any time in the round, so also after
   * the last turn of the final round, as claims may. */
  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (!tk_rules_json_get_int (action, "street", &s) || !tk_rules_json_get_int (action, "house", &h))
    return INVALID (_("A roundabout needs its street and house."));
  if (s < 1 || s > N_STREETS || h < 1 || h > n_houses (rules, s - 1))
    return ILLEGAL (_("There is no house %d in street %d."), (int) h, (int) s);
  s--, h--;
  sheet = &state->sheets[seat];
  if (built (&sheet->streets[s].houses[h]))
    return ILLEGAL (_("Street %u, house %u is not empty."), (guint) s + 1, (guint) h + 1);
  if (sum_streets (rules, sheet, count_roundabouts) + 1 >= rules->roundabouts.n)
    return ILLEGAL (_("%s has no roundabout left to build."), seat_name (state, seat));

  sheet->streets[s].houses[h].roundabout = TRUE;
  if (h > 0)
    sheet->streets[s].fence[h - 1] = TRUE;
  if (h < n_houses (rules, s) - 1)
    sheet->streets[s].fence[h] = TRUE;
  return TRUE;
}

static gboolean
apply_claim (State      *state,
             JsonObject *action,
             GError    **error)
{
  guint seat;
  gint64 p;
  Claim claim = { 0 };

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (!tk_rules_json_get_int (action, "plan", &p) || p < 1 || p > N_PLANS)
    return INVALID (_("“plan” is 1, 2 or 3 (n°1, n°2, n°3)."));
  p--;
  if (state->sheets[seat].claims[p].round > 0)
    return ILLEGAL (_("%s has already claimed city plan n°%u."), seat_name (state, seat),
                    (guint) p + 1);
  if (json_object_has_member (action, "estates") && tk_rules_json_get_array (action,
                                                                             "estates") == NULL)
    return INVALID (_("“estates” is a list."));
  if (json_object_has_member (action, "street"))
    {
      gint64 street;

      if (state->rules.plans[p].kind != PLAN_BIS_STREET || !tk_rules_json_get_int (action, "street", &street) ||
          street < 1 || street > N_STREETS)
        return INVALID (_("Only the bis plan names a street, 1 to 3."));
      claim.bis_street_asked = street;
    }
  if (!read_estates (&state->rules, tk_rules_json_get_array (action, "estates"), &claim, error) ||
      !check_claim (&state->rules, &state->sheets[seat], p, &claim, N_PLANS, error))
    return FALSE;
  fill_bis_claim (&state->rules, &state->sheets[seat], p, &claim);
  claim.round = state->round;
  claim.order = ++state->entries;
  state->sheets[seat].claims[p] = claim;
  return TRUE;
}

static gboolean
apply_solo_card (State      *state,
                 GError    **error)
{
  guint draw_round = all_acted (state) ? state->round + 1 : state->round;

  if (!state->rules.solo)
    return ILLEGAL (_("The solo card belongs to the solo game."));
  if (state->solo_flip_round > 0)
    return ILLEGAL (_("The solo card has already turned up."));
  /* Seed 003: 「一方の山札にソロプレイ用カードが混ぜられ、もう一方の山札がこの上に重ねられる」 */
  if (draw_round < state->rules.solo_card_first_round)
    return ILLEGAL (_("The solo card is shuffled into the lower half of the deck: it cannot "
                      "turn up before round %u."), state->rules.solo_card_first_round);
  state->solo_flip_round = draw_round;
  state->solo_order = ++state->entries;
  return TRUE;
}

static JsonObject *
sheet_document (JsonObject *action)
{
  JsonObject *document = tk_rules_json_get_object (action, "sheet");

  if (document == NULL)
    return NULL;
  if (tk_rules_json_get_object (document, "sheet") != NULL)
    return tk_rules_json_get_object (document, "sheet");
  return document;
}

static gboolean
apply_import (State      *state,
              JsonObject *action,
              GError    **error)
{
  guint seat;
  JsonObject *document = tk_rules_json_get_object (action, "sheet");
  JsonObject *inner;
  const char *format;
  gint64 version;
  Sheet sheet;

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (document == NULL)
    return INVALID (_("The import carries no sheet."));
  format = tk_rules_json_get_string (document, "format");
  if (format != NULL)
    {
      if (!g_str_equal (format, TK_WELCOME_TO_SHEET_FORMAT) ||
          !tk_rules_json_get_int (document, "version", &version) || version != 1)
        return INVALID (_("This is not a Welcome To... sheet this version can read."));
    }
  inner = sheet_document (action);
  if (!sheet_from_json (&state->rules, inner, &sheet, error) ||
      !check_sheet (&state->rules, &sheet, error))
    return FALSE;
  fill_sheet_bis_claims (&state->rules, &sheet);
  state->sheets[seat] = sheet;
  return TRUE;
}

static const char *
action_type (JsonObject *action)
{
  return tk_rules_json_get_string (action, "type");
}

static gboolean
apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  State *state = data;
  const char *type = action_type (action);

  if (type == NULL)
    return INVALID (_("The action has no type."));
  if (g_str_equal (type, "turn"))
    return apply_turn (state, action, error);
  if (g_str_equal (type, "refuse"))
    return apply_refuse (state, action, error);
  if (g_str_equal (type, "reveal"))
    return apply_reveal (state, action, error);
  if (g_str_equal (type, "roundabout"))
    return apply_roundabout (state, action, error);
  if (g_str_equal (type, "claim"))
    return apply_claim (state, action, error);
  if (g_str_equal (type, "solo_card"))
    return apply_solo_card (state, error);
  if (g_str_equal (type, "import_sheet"))
    return apply_import (state, action, error);
  return INVALID (_("Welcome To... does not know the action “%s”."), type);
}

/* ---- scoring ---- */

typedef struct
{
  gint  plans[N_PLANS];
  gboolean plan_first[N_PLANS];
  gint  parks[N_STREETS];
  gint  plan_total, park_total, pools, temps, estates, bis, refusals, roundabouts, total;
  guint n_estates;
  guint by_size[N_COLUMNS + 1];
} Score;

static void
score_players (State *state,
               Score *scores)
{
  const Rules *rules = &state->rules;
  guint first_round[N_PLANS] = { 0 };
  guint distinct[128];
  guint n_distinct = 0;

  for (guint p = 0; p < N_PLANS; p++)
    for (guint i = 0; i < state->n_players; i++)
      {
        guint r = state->sheets[i].claims[p].round;
        if (r > 0 && (first_round[p] == 0 || r < first_round[p]))
          first_round[p] = r;
      }
  /* distinct positive temp counts, highest first (dense ranking) */
  for (guint i = 0; i < state->n_players; i++)
    {
      guint t = state->sheets[i].temps;
      gboolean seen = FALSE;

      for (guint d = 0; d < n_distinct; d++)
        seen = seen || distinct[d] == t;
      if (t > 0 && !seen && n_distinct < G_N_ELEMENTS (distinct))
        distinct[n_distinct++] = t;
    }
  qsort (distinct, n_distinct, sizeof (guint), compare_uint);

  for (guint i = 0; i < state->n_players; i++)
    {
      const Sheet *sheet = &state->sheets[i];
      Score *sc = &scores[i];

      memset (sc, 0, sizeof *sc);
      for (guint p = 0; p < N_PLANS; p++)
        {
          guint r = sheet->claims[p].round;
          /* A claim entered after the solo card scores low, even in the round it turned up in;
           * a claim of an imported sheet only has its round. */
          gboolean flipped = rules->solo && state->solo_flip_round > 0 &&
                             (sheet->claims[p].order > 0
                              ? sheet->claims[p].order > state->solo_order
                              : r >= state->solo_flip_round);

          if (r == 0)
            continue;
          sc->plan_first[p] = r == first_round[p] && !flipped;
          sc->plans[p] = sc->plan_first[p] ? rules->plans[p].first : rules->plans[p].later;
          sc->plan_total += sc->plans[p];
        }
      for (guint s = 0; s < N_STREETS; s++)
        {
          sc->parks[s] = rules->streets[s].parks.v[MIN (sheet->streets[s].parks,
                                                        rules->streets[s].parks.n - 1)];
          sc->park_total += sc->parks[s];
        }
      sc->pools = rules->pools.v[MIN (sum_streets (rules, sheet, count_pools), rules->pools.n - 1)];
      if (rules->solo)
        sc->temps = sheet->temps >= rules->solo_temp_min && sheet->temps > 0
                    ? rules->solo_temp_points : 0;
      else if (sheet->temps > 0 && rules->temp_competition)
        {
          /* Standard competition ranking: one more than the players with more temps. */
          guint ahead = 0;

          for (guint o = 0; o < state->n_players; o++)
            ahead += state->sheets[o].temps > sheet->temps;
          sc->temps = ahead < rules->temp_points.n ? rules->temp_points.v[ahead] : 0;
        }
      else if (sheet->temps > 0)
        for (guint d = 0; d < n_distinct; d++)
          if (distinct[n_distinct - 1 - d] == sheet->temps)
            sc->temps = d < rules->temp_points.n ? rules->temp_points.v[d] : 0;
      sc->n_estates = count_estates (rules, sheet, sc->by_size);
      for (guint size = 1; size <= N_COLUMNS; size++)
        sc->estates += (gint) sc->by_size[size] *
                       rules->estates[size - 1].v[MIN (sheet->agents[size - 1],
                                                       rules->estates[size - 1].n - 1)];
      sc->bis = -rules->bis.v[MIN (sum_streets (rules, sheet, count_bis), rules->bis.n - 1)];
      sc->refusals = -rules->refusals.v[MIN (sheet->refusals, rules->refusals.n - 1)];
      sc->roundabouts = -rules->roundabouts.v[MIN (sum_streets (rules, sheet, count_roundabouts),
                                                    rules->roundabouts.n - 1)];
      sc->total = sc->plan_total + sc->park_total + sc->pools + sc->temps + sc->estates +
                  sc->bis + sc->refusals + sc->roundabouts;
    }
}

/* < 0 when @a ranks before @b; 0 when they share the rank. */
static int
compare_scores (const Score *a,
                const Score *b)
{
  if (a->total != b->total)
    return a->total > b->total ? -1 : 1;
  if (a->n_estates != b->n_estates)
    return a->n_estates > b->n_estates ? -1 : 1;
  for (guint size = 1; size <= N_COLUMNS; size++)
    if (a->by_size[size] != b->by_size[size])
      return a->by_size[size] > b->by_size[size] ? -1 : 1;
  return 0;
}

static void
add_line (JsonArray  *breakdown,
          const char *key,
          const char *label,
          gint        points)
{
  JsonObject *line = json_object_new ();

  json_object_set_string_member (line, "key", key);
  json_object_set_string_member (line, "label", label);
  json_object_set_int_member (line, "points", points);
  json_array_add_object_element (breakdown, line);
}

static JsonObject *
score (gpointer data)
{
  State *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *triggers = json_array_new ();
  g_autofree Score *scores = g_new0 (Score, state->n_players);
  guint ends = end_triggers (state);
  GString *explanation = g_string_new (NULL);

  score_players (state, scores);
  for (guint i = 0; i < state->n_players; i++)
    {
      Score *sc = &scores[i];
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      JsonArray *plans = json_array_new ();
      JsonArray *parks = json_array_new ();
      JsonArray *by_size = json_array_new ();
      JsonArray *tie = json_array_new ();
      const char *colour = tk_rules_setup_player_colour (state->setup, i);
      guint rank = 1;

      for (guint j = 0; j < state->n_players; j++)
        if (compare_scores (&scores[j], sc) < 0)
          rank++;
      add_line (breakdown, "plans", _("City plans"), sc->plan_total);
      add_line (breakdown, "parks", _("Parks"), sc->park_total);
      add_line (breakdown, "pools", _("Pools"), sc->pools);
      add_line (breakdown, "temps", _("Temp agency"), sc->temps);
      add_line (breakdown, "estates", _("Estates"), sc->estates);
      add_line (breakdown, "bis", _("Bis"), sc->bis);
      add_line (breakdown, "refusals", _("Permit refusals"), sc->refusals);
      add_line (breakdown, "roundabouts", _("Roundabouts"), sc->roundabouts);
      for (guint p = 0; p < N_PLANS; p++)
        {
          JsonObject *plan = json_object_new ();

          json_object_set_int_member (plan, "points", sc->plans[p]);
          json_object_set_boolean_member (plan, "claimed", state->sheets[i].claims[p].round > 0);
          json_object_set_boolean_member (plan, "first", sc->plan_first[p]);
          json_array_add_object_element (plans, plan);
        }
      for (guint s = 0; s < N_STREETS; s++)
        json_array_add_int_element (parks, sc->parks[s]);
      for (guint size = 1; size <= N_COLUMNS; size++)
        json_array_add_int_element (by_size, sc->by_size[size]);
      json_array_add_int_element (tie, sc->n_estates);
      for (guint size = 1; size <= N_COLUMNS; size++)
        json_array_add_int_element (tie, sc->by_size[size]);

      json_object_set_int_member (player, "seat", i);
      json_object_set_string_member (player, "name", seat_name (state, i));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      json_object_set_array_member (player, "breakdown", breakdown);
      json_object_set_array_member (player, "plans", plans);
      json_object_set_array_member (player, "parks", parks);
      json_object_set_array_member (player, "estates_by_size", by_size);
      json_object_set_array_member (player, "tie_break", tie);
      json_object_set_int_member (player, "temps", state->sheets[i].temps);
      json_object_set_int_member (player, "total", sc->total);
      json_object_set_int_member (player, "rank", rank);
      json_object_set_boolean_member (player, "winner", rank == 1);
      json_array_add_object_element (players, player);

      g_string_append_printf (explanation,
                              /* TRANSLATORS: one player's score line */
                              _("%s: plans %d, parks %d, pools %d, temps %d, estates %d, "
                                "bis %d, refusals %d, roundabouts %d = %d"),
                              seat_name (state, i), sc->plan_total, sc->park_total, sc->pools,
                              sc->temps, sc->estates, sc->bis, sc->refusals, sc->roundabouts,
                              sc->total);
      g_string_append_c (explanation, '\n');
    }
  g_string_append (explanation, _("Ties: most completed estates, then most estates of 1 "
                                  "house, of 2, … of 6."));
  if (ends & END_REFUSALS)
    json_array_add_string_element (triggers, "refusals");
  if (ends & END_PLANS)
    json_array_add_string_element (triggers, "plans");
  if (ends & END_HOUSES)
    json_array_add_string_element (triggers, "houses");
  if (ends & END_DECK)
    json_array_add_string_element (triggers, "deck");
  json_object_set_int_member (result, "round", state->round);
  json_object_set_boolean_member (result, "ended", game_over (state));
  json_object_set_array_member (result, "end_triggers", triggers);
  json_object_set_array_member (result, "players", players);
  json_object_set_string_member (result, "explanation", explanation->str);
  g_string_free (explanation, TRUE);
  return result;
}

static JsonObject *
card_to_json (const Card *card)
{
  JsonObject *object = json_object_new ();

  json_object_set_int_member (object, "number", card->number);
  json_object_set_string_member (object, "effect", effect_names[card->effect]);
  return object;
}

static JsonObject *
to_json (gpointer data)
{
  State *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();

  for (guint i = 0; i < state->n_players; i++)
    {
      JsonObject *player = json_object_new ();

      json_object_set_string_member (player, "name", seat_name (state, i));
      json_object_set_boolean_member (player, "acted", state->acted[i]);
      if (state->revealed[i])
        {
          JsonArray *cards = json_array_new ();

          for (guint c = 0; c < 3; c++)
            json_array_add_object_element (cards, card_to_json (&state->cards[i * 3 + c]));
          json_object_set_array_member (player, "cards", cards);
        }
      else
        json_object_set_null_member (player, "cards");
      if (state->rules.draft)
        {
          JsonArray *passed = json_array_new ();

          for (guint k = 0; k < 2; k++)
            if (state->passed_round[i * 2 + k] > 0)
              {
                JsonObject *p = card_to_json (&state->passed[i * 2 + k]);
                json_object_set_int_member (p, "round", state->passed_round[i * 2 + k]);
                json_array_add_object_element (passed, p);
              }
          json_object_set_array_member (player, "passed", passed);
        }
      json_object_set_object_member (player, "sheet",
                                     sheet_to_json (&state->rules, &state->sheets[i]));
      json_array_add_object_element (players, player);
    }
  json_object_set_string_member (object, "rules", TK_WELCOME_TO_RULES_ID);
  json_object_set_int_member (object, "round", state->round);
  json_object_set_int_member (object, "solo_flip_round", state->solo_flip_round);
  if (state->rules.solo)
    {
      /* What a panel needs to offer the solo card only when the next draw may hold it. */
      guint draw_round = all_acted (state) ? state->round + 1 : state->round;

      json_object_set_int_member (object, "solo_card_first_round",
                                  state->rules.solo_card_first_round);
      json_object_set_boolean_member (object, "solo_card_possible",
                                      state->solo_flip_round == 0 &&
                                      draw_round >= state->rules.solo_card_first_round);
    }
  json_object_set_boolean_member (object, "over", game_over (state));
  json_object_set_array_member (object, "players", players);
  return object;
}

JsonObject *
tk_welcome_to_export_sheet (gpointer data,
                            guint    seat)
{
  State *state = data;
  JsonObject *document;

  if (state == NULL || seat >= state->n_players)
    return NULL;
  document = json_object_new ();
  json_object_set_string_member (document, "format", TK_WELCOME_TO_SHEET_FORMAT);
  json_object_set_int_member (document, "version", 1);
  json_object_set_string_member (document, "name", seat_name (state, seat));
  json_object_set_object_member (document, "sheet",
                                 sheet_to_json (&state->rules, &state->sheets[seat]));
  return document;
}

JsonObject *
tk_welcome_to_import_action (JsonObject *document,
                             guint       seat)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "import_sheet");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_object_member (action, "sheet", json_object_ref (document));
  return action;
}

/* ---- ledger lines ---- */

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  State *state = data;
  const char *type = action_type (action);
  gint64 seat = -1, number = -1, s = -1, h = -1, p = -1;
  const char *name;

  tk_rules_json_get_int (action, "seat", &seat);
  name = seat >= 0 && seat < state->n_players ? seat_name (state, seat) : "?";
  if (g_strcmp0 (type, "turn") == 0)
    {
      tk_rules_json_get_int (action, "number", &number);
      tk_rules_json_get_int (action, "street", &s);
      tk_rules_json_get_int (action, "house", &h);
      /* TRANSLATORS: "Ana writes 7 in street 2, house 5" */
      return g_strdup_printf (_("%s writes %d in street %d, house %d"), name, (int) number,
                              (int) s, (int) h);
    }
  if (g_strcmp0 (type, "refuse") == 0)
    return g_strdup_printf (_("%s: building permit refused"), name);
  if (g_strcmp0 (type, "reveal") == 0)
    return g_strdup_printf (_("Cards for round %u"),
                            any_acted (state) ? state->round + 1 : state->round);
  if (g_strcmp0 (type, "roundabout") == 0)
    {
      tk_rules_json_get_int (action, "street", &s);
      tk_rules_json_get_int (action, "house", &h);
      return g_strdup_printf (_("%s builds a roundabout in street %d, house %d"), name,
                              (int) s, (int) h);
    }
  if (g_strcmp0 (type, "claim") == 0)
    {
      tk_rules_json_get_int (action, "plan", &p);
      return g_strdup_printf (_("%s claims city plan n°%d"), name, (int) p);
    }
  if (g_strcmp0 (type, "solo_card") == 0)
    return g_strdup (_("The solo card turns up: every city plan is approved"));
  if (g_strcmp0 (type, "import_sheet") == 0)
    return g_strdup_printf (_("%s's sheet imported"), name);
  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

static const TkRules welcome_to_rules = {
  .id = TK_WELCOME_TO_RULES_ID,
  .get_name = get_name,
  .min_players = 1,
  .max_players = 100,
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
tk_welcome_to_rules_get (void)
{
  return &welcome_to_rules;
}
