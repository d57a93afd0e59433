/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-welcome-to-random.c — Welcome To...: random legal games played through the engine,
 * every state checked against the rules as written in the test. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-test-rules.h"
#include "tk-test-welcome-to.h"

/* ---- random legal-play simulation ---- */

/* The test's own reading of a street (not the engine's): may @value go in house @h? */
static gboolean
sim_fits (JsonArray *houses,
          guint      h,
          gint64     value)
{
  guint n = json_array_get_length (houses);

  if (!JSON_NODE_HOLDS_NULL (json_array_get_element (houses, h)))
    return FALSE;
  for (gint i = (gint) h - 1; i >= 0; i--)
    {
      JsonNode *node = json_array_get_element (houses, i);
      JsonObject *box;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      box = json_node_get_object (node);
      if (json_object_has_member (box, "roundabout"))
        break;
      if (json_object_get_int_member (box, "number") >= value)
        return FALSE;
    }
  for (guint i = h + 1; i < n; i++)
    {
      JsonNode *node = json_array_get_element (houses, i);
      JsonObject *box;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      box = json_node_get_object (node);
      if (json_object_has_member (box, "roundabout"))
        break;
      if (json_object_get_int_member (box, "number") <= value)
        return FALSE;
    }
  return TRUE;
}

static JsonArray *
sim_houses (JsonObject *state_json,
            guint       seat,
            guint       s)
{
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (state_json,
                                                                                      "players"),
                                                      seat);
  JsonObject *sheet = json_object_get_object_member (player, "sheet");
  JsonObject *street = json_array_get_object_element (json_object_get_array_member (sheet,
                                                                                      "streets"),
                                                      s);
  return json_object_get_array_member (street, "houses");
}

/* The invariants: within every roundabout-delimited part of every street the regular numbers
 * strictly increase and no number is below one to its left; a bis equals its neighbour; every
 * total is the sum of its categories; a copy prints the same; the sheet exports and imports. */
static void
sim_check (gpointer state)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  g_autofree char *text = tk_rules_json_to_string (json);
  gpointer copy = R->state_copy (state);
  g_autofree char *copy_text = state_json (copy);

  g_assert_cmpstr (text, ==, copy_text);
  for (guint seat = 0; seat < json_array_get_length (players); seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (player, "breakdown");
      gint64 sum = 0;
      g_autoptr(JsonObject) doc = tk_welcome_to_export_sheet (state, seat);
      g_autoptr(JsonObject) action = tk_welcome_to_import_action (doc, seat);
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        sum += json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                           "points");
      g_assert_cmpint (sum, ==, json_object_get_int_member (player, "total"));
      g_assert_cmpint (json_array_get_length (breakdown), ==, 8);

      for (guint s = 0; s < 3; s++)
        {
          JsonArray *houses = sim_houses (json, seat, s);
          gint64 last = -1, last_regular = -1;

          for (guint h = 0; h < json_array_get_length (houses); h++)
            {
              JsonNode *node = json_array_get_element (houses, h);
              JsonObject *box;
              gint64 v;

              if (JSON_NODE_HOLDS_NULL (node))
                continue;
              box = json_node_get_object (node);
              if (json_object_has_member (box, "roundabout"))
                {
                  last = last_regular = -1;
                  continue;
                }
              v = json_object_get_int_member (box, "number");
              g_assert_cmpint (v, >=, 0);
              g_assert_cmpint (v, <=, 17);
              g_assert_cmpint (v, >=, last);
              if (json_object_has_member (box, "bis"))
                {
                  gint d = g_str_equal (json_object_get_string_member (box, "bis"), "left")
                           ? -1 : 1;
                  JsonObject *src = json_array_get_object_element (houses, h + d);
                  g_assert_cmpint (json_object_get_int_member (src, "number"), ==, v);
                }
              else
                {
                  g_assert_cmpint (v, >, last_regular);
                  last_regular = v;
                }
              last = v;
            }
        }
      /* the exported sheet passes the import checks */
      g_assert_true (R->apply (copy, action, &error));
      g_assert_no_error (error);
      after = state_json (copy);
      g_assert_cmpstr (after, ==, text);
    }
  R->state_free (copy);
}

/* Applies @action_json; on refusal checks the state did not move. */
static guint sim_accepted[8];

static gboolean
sim_try (gpointer    state,
         const char *action_json)
{
  g_autoptr(JsonObject) action = parse (action_json);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = state_json (state);
  g_autofree char *after = NULL;
  gpointer snapshot = R->state_copy (state);
  g_autofree char *kept = NULL;
  gboolean ok = R->apply (state, action, &error);

  /* undo restores the snapshot taken before: it must not have moved with the state */
  kept = state_json (snapshot);
  g_assert_cmpstr (kept, ==, before);
  R->state_free (snapshot);
  if (ok)
    {
      static const char *const kinds[] = { "turn", "refuse", "claim", "roundabout", "reveal",
                                           "solo_card" };
      const char *type = json_object_get_string_member (action, "type");

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        if (g_str_equal (type, kinds[k]))
          sim_accepted[k]++;
      if (strstr (action_json, "\"bis\":{") != NULL)
        sim_accepted[6]++;
      if (strstr (action_json, "\"fence\":{") != NULL)
        sim_accepted[7]++;
      sim_check (state);
      return TRUE;
    }
  g_assert_nonnull (error);
  after = state_json (state);
  g_assert_cmpstr (before, ==, after);
  return FALSE;
}

static const char *const sim_effects[] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

/* A random effect use for @effect, right or wrong. */
static char *
sim_effect_members (GRand      *rand,
                    const char *effect,
                    guint       street,
                    guint       house)
{
  guint k = g_rand_int_range (rand, 0, 10);

  if (k == 0)  /* sometimes a member of another effect */
    effect = sim_effects[g_rand_int_range (rand, 0, 6)];
  if (k == 1)
    return g_strdup ("");
  if (g_str_equal (effect, "surveyor"))
    return g_strdup_printf (",\"fence\":{\"street\":%d,\"after\":%d}",
                            g_rand_int_range (rand, 1, 4), g_rand_int_range (rand, 1, 11));
  if (g_str_equal (effect, "real_estate"))
    return g_strdup_printf (",\"column\":%d", g_rand_int_range (rand, 1, 7));
  if (g_str_equal (effect, "landscaper"))
    return g_strdup (",\"park\":true");
  if (g_str_equal (effect, "pool"))
    return g_strdup (",\"pool\":true");
  if (g_str_equal (effect, "temp"))
    return g_strdup (g_rand_boolean (rand) ? ",\"temp\":true" : "");
  {
    guint bh = g_rand_boolean (rand) ? house + 1 : house - 1;
    guint from = g_rand_boolean (rand) ? bh + 1 : bh - 1;

    if (g_rand_boolean (rand))
      {
        street = g_rand_int_range (rand, 1, 4);
        bh = g_rand_int_range (rand, 1, 13);
        from = bh + (g_rand_boolean (rand) ? 1 : -1);
      }
    return g_strdup_printf (",\"bis\":{\"street\":%u,\"house\":%u,\"from\":%u}",
                            street, bh, from);
  }
}

static void
sim_game (guint32 seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint n = g_rand_int_range (rand, 1, 5);
  gboolean solo = n == 1 && g_rand_boolean (rand);
  gboolean intermediate = g_rand_boolean (rand);
  gboolean draft = n >= 2 && g_rand_int_range (rand, 0, 4) == 0;
  g_autoptr(JsonObject) setup = R->default_setup (n);
  g_autoptr(JsonArray) table = tk_welcome_to_plan_table ();
  g_autoptr(GError) error = NULL;
  JsonArray *plans = json_array_new ();
  gpointer state;
  guint accepted_turns = 0;

  json_object_set_boolean_member (setup, "solo", solo);
  json_object_set_boolean_member (setup, "draft", draft);
  /* the simulation deals every hand from the round's three cards: passing is not followed */
  json_object_set_string_member (setup, "draft_pass", "unchecked");
  json_object_set_string_member (setup, "variant", intermediate ? "intermediate" : "basic");
  for (guint number = 1; number <= 3; number++)
    {
      GPtrArray *choices = g_ptr_array_new ();
      JsonObject *plan;

      for (guint i = 0; i < json_array_get_length (table); i++)
        {
          JsonObject *p = json_array_get_object_element (table, i);
          if (json_object_get_int_member (p, "number") == number &&
              (intermediate || !json_object_get_boolean_member (p, "advanced")))
            g_ptr_array_add (choices, p);
        }
      plan = choices->pdata[g_rand_int_range (rand, 0, choices->len)];
      json_array_add_object_element (plans, json_object_ref (plan));
      g_ptr_array_free (choices, TRUE);
    }
  json_object_set_array_member (setup, "plans", plans);
  state = R->state_new (setup, &error);
  g_assert_no_error (error);

  for (guint round = 0; round < 40; round++)
    {
      char cards_text[256];
      gint numbers[3], effects[3];
      gboolean reveal = solo || draft || g_rand_int_range (rand, 0, 10) < 7;
      g_autoptr(JsonObject) over_check = R->score (state);

      if (json_object_get_boolean_member (over_check, "ended"))
        break;
      for (guint c = 0; c < 3; c++)
        {
          numbers[c] = g_rand_int_range (rand, 1, 16);
          effects[c] = g_rand_int_range (rand, 0, 6);
        }
      g_snprintf (cards_text, sizeof cards_text,
                  "[{\"number\":%d,\"effect\":\"%s\"},{\"number\":%d,\"effect\":\"%s\"},"
                  "{\"number\":%d,\"effect\":\"%s\"}]", numbers[0], sim_effects[effects[0]],
                  numbers[1], sim_effects[effects[1]], numbers[2], sim_effects[effects[2]]);
      if (reveal && !draft)
        {
          g_autofree char *a = g_strdup_printf ("{\"type\":\"reveal\",\"cards\":%s}", cards_text);
          g_assert_true (sim_try (state, a));
        }
      if (solo && round == 13)   /* round 14: the first that may hold the solo card */
        g_assert_true (sim_try (state, "{\"type\":\"solo_card\"}"));

      for (guint seat = 0; seat < n; seat++)
        {
          gboolean done = FALSE;

          if (draft)
            {
              g_autofree char *a = g_strdup_printf ("{\"type\":\"reveal\",\"seat\":%u,"
                                                    "\"cards\":%s}", seat, cards_text);
              g_assert_true (sim_try (state, a));
            }
          if (intermediate && g_rand_int_range (rand, 0, 8) == 0)
            {
              g_autofree char *a = g_strdup_printf ("{\"type\":\"roundabout\",\"seat\":%u,"
                                                    "\"street\":%d,\"house\":%d}", seat,
                                                    g_rand_int_range (rand, 1, 4),
                                                    g_rand_int_range (rand, 1, 13));
              sim_try (state, a);
            }
          for (guint attempt = 0; attempt < 12 && !done; attempt++)
            {
              guint i = g_rand_int_range (rand, 0, 3);
              guint j = (i + g_rand_int_range (rand, 1, 3)) % 3;
              gint number = numbers[i];
              const char *effect = (solo || draft) ? sim_effects[effects[j]]
                                                   : sim_effects[effects[i]];
              guint s = g_rand_int_range (rand, 1, 4);
              guint h = g_rand_int_range (rand, 1, 13);
              gint written = number + (g_str_equal (effect, "temp")
                                       ? g_rand_int_range (rand, -3, 4)
                                       : (g_rand_int_range (rand, 0, 10) == 0 ? 1 : 0));
              g_autofree char *members = sim_effect_members (rand, effect, s, h);
              g_autofree char *pick = NULL;
              g_autofree char *a = NULL;
              g_autoptr(JsonObject) before = R->to_json (state);
              JsonArray *houses;

              if (solo || draft)
                pick = g_strdup_printf ("\"number_card\":%u,\"effect_card\":%u", i, j);
              else if (reveal)
                pick = g_strdup_printf ("\"card\":%u", i);
              else
                pick = g_strdup_printf ("\"card_number\":%d,\"effect\":\"%s\"", number, effect);
              a = g_strdup_printf ("{\"type\":\"turn\",\"seat\":%u,%s,\"street\":%u,"
                                   "\"house\":%u,\"number\":%d%s}", seat, pick, s, h, written,
                                   members);
              done = sim_try (state, a);
              if (done)
                {
                  /* the engine never accepts a write its own rules forbid: check on the
                   * sheet as it was */
                  houses = sim_houses (before, seat, s - 1);
                  g_assert_cmpuint (h, <=, json_array_get_length (houses));
                  g_assert_true (sim_fits (houses, h - 1, written));
                  accepted_turns++;
                }
            }
          if (!done)
            {
              /* find a legal write with the test's own reading; the engine must take it, and
               * must refuse the permit refusal while it exists */
              g_autoptr(JsonObject) json = R->to_json (state);
              g_autofree char *refuse = g_strdup_printf ("{\"type\":\"refuse\",\"seat\":%u%s%s}",
                                                         seat, reveal ? "" : ",\"cards\":",
                                                         reveal ? "" : cards_text);

              for (guint i = 0; i < 3 && !done; i++)
                for (guint j = 0; j < 3 && !done; j++)
                  {
                    const char *effect;
                    gint change;

                    if ((solo || draft) ? i == j : i != j)
                      continue;
                    effect = sim_effects[effects[(solo || draft) ? j : i]];
                    change = g_str_equal (effect, "temp") ? 2 : 0;
                    for (gint v = numbers[i] - change; v <= numbers[i] + change && !done; v++)
                      for (guint s = 0; s < 3 && !done && v >= 0 && v <= 17; s++)
                        {
                          JsonArray *houses = sim_houses (json, seat, s);

                          for (guint h = 0; h < json_array_get_length (houses) && !done; h++)
                            if (sim_fits (houses, h, v))
                              {
                                g_autofree char *pick = NULL;
                                g_autofree char *a = NULL;

                                g_assert_false (sim_try (state, refuse));
                                if (solo || draft)
                                  pick = g_strdup_printf ("\"number_card\":%u,\"effect_card\":%u",
                                                          i, j);
                                else if (reveal)
                                  pick = g_strdup_printf ("\"card\":%u", i);
                                else
                                  pick = g_strdup_printf ("\"card_number\":%d,\"effect\":\"%s\"",
                                                          numbers[i], effect);
                                a = g_strdup_printf ("{\"type\":\"turn\",\"seat\":%u,%s,"
                                                     "\"street\":%u,\"house\":%u,\"number\":%d}",
                                                     seat, pick, s + 1, h + 1, v);
                                if (!sim_try (state, a))
                                  g_error ("seed %u: a legal write was refused: %s", seed, a);
                                done = TRUE;
                              }
                        }
                  }
              if (!done)
                g_assert_true (sim_try (state, refuse));
            }
        }

      /* claims: for estate plans, the first estates of the wanted sizes (the engine decides) */
      for (guint seat = 0; seat < n; seat++)
        for (guint p = 1; p <= 3; p++)
          {
            g_autofree char *a = NULL;
            JsonObject *plan = json_array_get_object_element (plans, p - 1);

            if (g_str_equal (json_object_get_string_member (plan, "kind"), "estates"))
              {
                g_autoptr(JsonObject) json = R->to_json (state);
                JsonArray *sizes = json_object_get_array_member (plan, "sizes");
                GString *list = g_string_new (NULL);
                gboolean taken[3][13] = { { FALSE } };

                for (guint k = 0; k < json_array_get_length (sizes); k++)
                  {
                    gint64 want = json_array_get_int_element (sizes, k);
                    gboolean found = FALSE;

                    for (guint s = 0; s < 3 && !found; s++)
                      {
                        JsonObject *player = json_array_get_object_element (
                          json_object_get_array_member (json, "players"), seat);
                        JsonObject *street = json_array_get_object_element (
                          json_object_get_array_member (json_object_get_object_member (player,
                                                                                       "sheet"),
                                                        "streets"), s);
                        JsonArray *houses = json_object_get_array_member (street, "houses");
                        JsonArray *fences = json_object_get_array_member (street, "fences");
                        guint len = json_array_get_length (houses);
                        gboolean fence[13] = { FALSE };
                        guint start = 0;

                        for (guint f = 0; f < json_array_get_length (fences); f++)
                          fence[json_array_get_int_element (fences, f) - 1] = TRUE;
                        for (guint k2 = 0; k2 < len && !found; k2++)
                          if (k2 == len - 1 || fence[k2])
                            {
                              gboolean full = TRUE;

                              for (guint x = start; x <= k2; x++)
                                {
                                  JsonNode *node = json_array_get_element (houses, x);
                                  full = full && !JSON_NODE_HOLDS_NULL (node) &&
                                         json_object_has_member (json_node_get_object (node),
                                                                 "number");
                                }
                              if (full && k2 - start + 1 == want && !taken[s][start])
                                {
                                  taken[s][start] = TRUE;
                                  found = TRUE;
                                  g_string_append_printf (list, "%s{\"street\":%u,\"from\":%u,"
                                                          "\"to\":%u}", list->len ? "," : "",
                                                          s + 1, start + 1, k2 + 1);
                                }
                              start = k2 + 1;
                            }
                      }
                  }
                a = g_strdup_printf ("{\"type\":\"claim\",\"seat\":%u,\"plan\":%u,"
                                     "\"estates\":[%s]}", seat, p, list->str);
                g_string_free (list, TRUE);
              }
            else
              a = g_strdup_printf ("{\"type\":\"claim\",\"seat\":%u,\"plan\":%u}", seat, p);
            sim_try (state, a);
          }
    }
  g_assert_cmpuint (accepted_turns, >, 0);
  R->state_free (state);
}

static void
test_simulation (void)
{
  for (guint32 seed = 1; seed <= 80; seed++)
    sim_game (seed);
  g_test_message ("accepted: %u turns, %u refusals, %u claims, %u roundabouts, %u reveals, "
                  "%u solo cards, %u bis, %u fences", sim_accepted[0], sim_accepted[1],
                  sim_accepted[2], sim_accepted[3], sim_accepted[4], sim_accepted[5],
                  sim_accepted[6], sim_accepted[7]);
  /* the simulation reaches every kind of play */
  for (guint k = 0; k < G_N_ELEMENTS (sim_accepted); k++)
    g_assert_cmpuint (sim_accepted[k], >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/welcome-to/simulation", test_simulation);
  return g_test_run ();
}
