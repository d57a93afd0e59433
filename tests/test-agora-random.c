/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agora-random.c — 300 random legal games of Agora: every game ends, money and cards are
 * conserved after every action, a copy taken before an action restores exactly, and an action out
 * of phase is refused without a trace. */
#include "config.h"

#include "tk-rules.h"
#include "agora/tk-agora-rules.h"
#include "tk-test-agora.h"
#include "tk-test-rules.h"

#define R (tk_agora_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused (R, state, action, code, NULL)

/* What several Agora tests read from a state (tests/tk-test-agora.h). */
#define money(state, seat) tk_test_agora_money (state, seat)
#define phase(state) tk_test_agora_phase (state)

static gint64
owner_of (JsonObject *shop)
{
  JsonNode *node = json_object_get_member (shop, "owner");
  return JSON_NODE_HOLDS_NULL (node) ? -1 : json_node_get_int (node);
}

static char *
random_placement (GRand      *rand,
                  JsonObject *json,
                  const char *type,
                  const char *letter)
{
  JsonArray *shops = json_object_get_array_member (json, "shops");
  guint n = json_array_get_length (shops);
  GString *out = g_string_new (NULL);
  guint n_new = g_rand_int_range (rand, 0, 4);
  gint64 used[3] = { 0, 0, 0 };

  g_string_append_printf (out, "{\"type\":\"%s\",\"letter\":\"%s\"", type, letter);
  if (g_str_equal (type, "first_card"))
    g_string_append (out, ",\"seat\":0");
  g_string_append (out, ",\"new_shops\":[");
  for (guint i = 0; i < n_new; i++)
    g_string_append_printf (out, "%s{\"marks\":%d,\"doors\":%d}", i ? "," : "",
                            g_rand_int_range (rand, 0, 4), g_rand_int_range (rand, 0, 5));
  g_string_append (out, "]");
  if (n > 0 && !g_str_equal (type, "first_card"))
    {
      JsonObject *a = json_array_get_object_element (shops, g_rand_int_range (rand, 0, n));
      JsonObject *b = json_array_get_object_element (shops, g_rand_int_range (rand, 0, n));
      gint64 ia = json_object_get_int_member (a, "id");
      gint64 ib = json_object_get_int_member (b, "id");

      used[0] = ia;
      if (g_rand_boolean (rand))
        g_string_append_printf (out, ",\"extend\":[{\"shop\":%" G_GINT64_FORMAT ",\"marks\":%"
                                G_GINT64_FORMAT ",\"doors\":%d}]", ia,
                                json_object_get_int_member (a, "marks") + g_rand_int_range (rand, 0, 3),
                                g_rand_int_range (rand, 0, 6));
      else if (ia != ib && (owner_of (a) < 0 || owner_of (b) < 0 || owner_of (a) == owner_of (b)))
        {
          used[1] = ib;
          g_string_append_printf (out, ",\"merge\":[{\"shops\":[%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                                  "],\"marks\":%" G_GINT64_FORMAT ",\"doors\":%d}]", ia, ib,
                                  json_object_get_int_member (a, "marks") +
                                  json_object_get_int_member (b, "marks") + g_rand_int_range (rand, 0, 2),
                                  g_rand_int_range (rand, 0, 6));
        }
      {
        JsonObject *c = json_array_get_object_element (shops, g_rand_int_range (rand, 0, n));
        gint64 ic = json_object_get_int_member (c, "id");
        if (ic != used[0] && ic != used[1])
          g_string_append_printf (out, ",\"doors\":[{\"shop\":%" G_GINT64_FORMAT ",\"doors\":%d}]",
                                  ic, g_rand_int_range (rand, 0, 4));
      }
    }
  g_string_append (out, "}");
  return g_string_free (out, FALSE);
}

/* Invariants: each player's money = start + income + festivals − spent; the sum over players
 * likewise; cards: deck + table + removed + drawn = 4 × per_letter; the score total equals the
 * sum of its breakdown; the next-card chances sum to (cards of the players' letters) / deck. */
static void
check_invariants (gpointer state,
                  gint64   start,
                  guint    n_players,
                  guint    per_letter)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (json, "players");
  JsonArray *scored = json_object_get_array_member (score, "players");
  JsonObject *deck = json_object_get_object_member (json, "deck");
  gint64 deck_total = 0, drawn;

  for (guint seat = 0; seat < n_players; seat++)
    {
      JsonObject *p = json_array_get_object_element (players, seat);
      JsonObject *s = json_array_get_object_element (scored, seat);
      JsonArray *breakdown = json_object_get_array_member (s, "breakdown");
      gint64 sum = 0;

      g_assert_cmpint (json_object_get_int_member (p, "money"), ==,
                       start + json_object_get_int_member (p, "income") +
                       json_object_get_int_member (p, "festival") -
                       json_object_get_int_member (p, "spent"));
      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        sum += json_object_get_int_member (json_array_get_object_element (breakdown, i), "points");
      g_assert_cmpint (sum, ==, json_object_get_int_member (s, "total"));
      g_assert_cmpint (sum, ==, json_object_get_int_member (p, "money"));
    }
  for (const char *l = "ABCD"; *l; l++)
    {
      char key[2] = { *l, 0 };
      deck_total += json_object_get_int_member (deck, key);
    }
  drawn = JSON_NODE_HOLDS_NULL (json_object_get_member (json, "drawn")) ? 0 : 1;
  g_assert_cmpint (deck_total, ==, json_object_get_int_member (json, "deck_total"));
  g_assert_cmpint (deck_total + json_object_get_int_member (json, "cards_on_table") +
                   json_object_get_int_member (json, "cards_removed") + drawn, ==, 4 * per_letter);
}

static void
test_random_games (void)
{
  guint finished = 0, fires = 0;

  for (guint seed = 1; seed <= 300; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      guint n = g_rand_int_range (rand, 2, 5);
      guint per_letter = g_rand_int_range (rand, 1, 10);
      gint64 start = g_rand_int_range (rand, 0, 20);
      g_autofree char *setup_json = NULL;
      GString *players = g_string_new (NULL);
      gpointer state;

      for (guint i = 0; i < n; i++)
        g_string_append_printf (players, "%s{\"name\":\"P%u\",\"letter\":\"%c\"}", i ? "," : "",
                                i, 'D' - i);
      setup_json = g_strdup_printf ("{\"players\":[%s],\"start_money\":%" G_GINT64_FORMAT
                                    ",\"cards_per_letter\":%u,\"goal_rule\":\"%s\"}",
                                    players->str, start, per_letter,
                                    g_rand_boolean (rand) ? "over" : "reach");
      g_string_free (players, TRUE);
      state = new_state (setup_json);

      for (guint step = 0; step < 1000; step++)
        {
          g_autoptr(JsonObject) json = R->to_json (state);
          const char *ph = json_object_get_string_member (json, "phase");
          gint64 active = json_object_get_int_member (json, "active");
          JsonArray *shops = json_object_get_array_member (json, "shops");
          JsonArray *pl = json_object_get_array_member (json, "players");
          g_autofree char *action = NULL;
          g_autofree char *before = NULL;
          g_autofree char *copy_json = NULL;
          gint64 expect_delta = G_MININT64;
          gpointer copy;

          if (g_str_equal (ph, "over"))
            {
              finished++;
              break;
            }
          if (g_str_equal (ph, "first_card") || g_str_equal (ph, "draw"))
            {
              JsonObject *deck = json_object_get_object_member (json, "deck");
              gint64 total = json_object_get_int_member (json, "deck_total");
              gint64 pick = g_rand_int_range (rand, 0, total);
              char letter[2] = { 0, 0 };
              const char *mine = json_object_get_string_member (
                json_array_get_object_element (pl, active), "letter");

              for (const char *l = "ABCD"; *l; l++)
                {
                  char key[2] = { *l, 0 };
                  gint64 count = json_object_get_int_member (deck, key);
                  if (pick < count)
                    {
                      letter[0] = *l;
                      break;
                    }
                  pick -= count;
                }
              if (g_str_equal (ph, "first_card"))
                action = random_placement (rand, json, "first_card", letter);
              else if (g_str_equal (letter, mine))
                {
                  const char *events[] = { "fire", "flood", "festival" };
                  const char *event = events[g_rand_int_range (rand, 0, 3)];
                  fires += g_str_equal (event, "fire");
                  action = g_strdup_printf ("{\"type\":\"draw\",\"letter\":\"%s\",\"event\":\"%s\"}",
                                            letter, event);
                }
              else
                action = g_strdup_printf ("{\"type\":\"draw\",\"letter\":\"%s\"}", letter);
              if (g_str_equal (ph, "first_card"))
                {
                  /* Nobody may hold the letter: the string says seat 0, which is refused when
                   * somebody else holds it; fall back to the holder. */
                  g_autoptr(JsonObject) a = parse (action);
                  g_autoptr(GError) error = NULL;
                  gpointer probe = R->state_copy (state);
                  if (!R->apply (probe, a, &error))
                    {
                      json_object_remove_member (a, "seat");
                      g_free (action);
                      action = tk_rules_json_to_string (a);
                    }
                  R->state_free (probe);
                }
            }
          else if (g_str_equal (ph, "income"))
            {
              /* Hand check: the owned shops' open doors, 0 on a first turn. */
              JsonObject *p = json_array_get_object_element (pl, active);
              gint64 sum = 0;
              for (guint i = 0; i < json_array_get_length (shops); i++)
                {
                  JsonObject *shop = json_array_get_object_element (shops, i);
                  if (owner_of (shop) == active)
                    sum += json_object_get_int_member (shop, "doors");
                }
              expect_delta = json_object_get_int_member (p, "turns") == 0 ? 0 : sum;
              action = g_strdup ("{\"type\":\"income\"}");
            }
          else if (g_str_equal (ph, "place"))
            action = random_placement (rand, json, "place", "A");
          else if (g_str_equal (ph, "buy"))
            {
              guint n_shops = json_array_get_length (shops);
              JsonObject *shop = n_shops > 0
                ? json_array_get_object_element (shops, g_rand_int_range (rand, 0, n_shops)) : NULL;

              if (shop != NULL && owner_of (shop) < 0 &&
                  json_object_get_int_member (shop, "marks") > 0 && g_rand_int_range (rand, 0, 3))
                {
                  expect_delta = -json_object_get_int_member (shop, "doors");
                  action = g_strdup_printf ("{\"type\":\"buy\",\"shop\":%" G_GINT64_FORMAT "}",
                                            json_object_get_int_member (shop, "id"));
                }
              else
                action = g_strdup ("{\"type\":\"pass\"}");
            }
          else
            g_assert_not_reached ();

          /* Undo = restoring a copy taken before the action. */
          before = state_json (state);
          copy = R->state_copy (state);
          {
            gint64 old = money (state, active);
            apply_ok (state, action);
            if (expect_delta != G_MININT64)
              g_assert_cmpint (money (state, active) - old, ==, expect_delta);
          }
          copy_json = state_json (copy);
          g_assert_cmpstr (before, ==, copy_json);
          check_invariants (state, start, n, per_letter);
          /* Now and then, a wrong-phase action is refused without a trace. */
          if (step % 7 == 0)
            apply_refused (state, g_str_equal (phase (state), "income")
                                  ? "{\"type\":\"pass\"}" : "{\"type\":\"income\"}",
                           TK_RULES_ERROR_ILLEGAL);
          R->state_free (copy);
        }
      R->state_free (state);
    }
  /* Every game ends (the deck is finite); fires did happen. */
  g_assert_cmpuint (finished, ==, 300);
  g_assert_cmpuint (fires, >, 20);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/agora/random-games", test_random_games);
  return g_test_run ();
}
