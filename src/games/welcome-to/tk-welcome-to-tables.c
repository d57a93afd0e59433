/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-tables.c — Welcome To...: the rule tables and the setup.  The default tables
 * (houses, pools, parks, tracks, estates), the 28 City Plan cards, and reading a setup's
 * "tables" and "plans" into Rules: every number lives here so an old session re-scores the
 * same.  Split from tk-welcome-to-rules.c (issue 21); shared declarations in
 * tk-welcome-to-rules-private.h. */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-welcome-to-rules-private.h"

const char *const tk_welcome_to_effect_names[] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

static const char *const plan_kind_names[] = {
  "estates", "street_full", "street_ends", "temps", "bis_street", "parks_two_streets",
  "pools_two_streets", "parks_pools_street", "parks_pools_roundabout"
};

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

int
tk_welcome_to_lookup (const char *const *names,
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
  int kind = tk_welcome_to_lookup (plan_kind_names, N_PLAN_KINDS,
                                   tk_rules_json_get_string (object, "kind"));

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

gboolean
tk_welcome_to_read_rules (JsonObject *setup,
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

JsonObject *
tk_welcome_to_default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();
  JsonArray *plans = json_array_new ();

  json_object_set_array_member (setup, "players", tk_rules_default_players (n_players));
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
