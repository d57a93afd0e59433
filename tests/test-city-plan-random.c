/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-city-plan-random.c — random legal games of City Plan that check the cards are conserved,
 * the score adds up and copies restore exactly. */
#include "config.h"

#include "tk-rules.h"
#include "tk-session.h"
#include "city-plan/tk-city-plan-rules.h"
#include "tk-test-rules.h"

#define R (tk_city_plan_rules_get ())

/* The shared steps of the engine tests (tests/tk-test-rules.h) on these rules. */
#define parse(json) tk_test_rules_parse (json)
#define new_state(setup) tk_test_rules_new_state (R, setup)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused (R, state, action, code, NULL)

static void
check_invariants (gpointer state,
                  guint    n_players,
                  gint64   deck_size,
                  gint64   manifesto_size)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (json, "players");
  JsonArray *scored = json_object_get_array_member (score, "players");
  gint64 cards = json_object_get_int_member (json, "deck") + json_object_get_int_member (json, "discard");
  gint64 manifestos = json_object_get_int_member (json, "manifesto_deck");

  for (guint s = 0; s < n_players; s++)
    {
      JsonObject *p = json_array_get_object_element (players, s);
      JsonObject *sp = json_array_get_object_element (scored, s);
      JsonArray *lines = json_object_get_array_member (sp, "breakdown");
      JsonArray *plants = json_object_get_array_member (p, "plants");
      gint64 sum = 0, built = 0;

      /* Every building but the starting plant came from the deck. */
      cards += json_object_get_int_member (p, "hand") + json_object_get_int_member (p, "buildings") - 1;
      manifestos += json_object_get_int_member (p, "manifestos");
      g_assert_cmpint (json_object_get_int_member (p, "hand"), >=, 0);
      g_assert_cmpint (json_object_get_int_member (p, "manifestos"), <=, 2);
      for (guint i = 0; i < json_array_get_length (lines); i++)
        {
          gint64 points = json_object_get_int_member (json_array_get_object_element (lines, i), "points");
          g_assert_cmpint (points, >=, 0);
          sum += points;
        }
      g_assert_cmpint (sum, ==, json_object_get_int_member (sp, "total"));
      for (guint i = 0; i < json_array_get_length (plants); i++)
        {
          JsonObject *row = json_array_get_object_element (plants, i);
          g_assert_cmpint (json_object_get_int_member (row, "used"), <=,
                           json_object_get_int_member (row, "supply"));
          built += 1 + json_array_get_length (json_object_get_array_member (row, "buildings"));
        }
      g_assert_cmpint (built, ==, json_object_get_int_member (p, "buildings"));
    }
  g_assert_cmpint (cards, ==, deck_size);
  g_assert_cmpint (manifestos, ==, manifesto_size);
}

static void
test_random_games (void)
{
  const char *tables[] = { "\"station\"", "\"airport\"", "\"port\"", "\"expressway\"",
                           "\"transit_authority\"", "\"chamber_of_commerce\"",
                           "\"employment_office\"", "\"stadium\"", "\"city_hall\"",
                           "\"construction_site\"" };
  const char *types[] = { "residential", "commercial", "industrial", "facility", "power_plant" };
  guint finished = 0;

  for (guint seed = 1; seed <= 150; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      guint n = g_rand_int_range (rand, 2, 6);
      gint64 deck_size = g_rand_int_range (rand, 40, 120);
      g_autofree char *setup = NULL;
      GString *players = g_string_new (NULL);
      gpointer state;

      for (guint i = 0; i < n; i++)
        g_string_append_printf (players, "%s{\"name\":\"P%u\"}", i ? "," : "", i);
      setup = g_strdup_printf ("{\"players\":[%s],\"deck_size\":%" G_GINT64_FORMAT
                               ",\"start_hand\":%d,\"first_seat\":%d,\"income_draws\":\"%s\"}",
                               players->str, deck_size, g_rand_int_range (rand, 2, 7),
                               g_rand_int_range (rand, 0, n),
                               g_rand_boolean (rand) ? "everyone" : "trigger");
      g_string_free (players, TRUE);
      state = new_state (setup);

      for (guint step = 0; step < 2000; step++)
        {
          g_autoptr(JsonObject) json = R->to_json (state);
          const char *ph = json_object_get_string_member (json, "phase");
          gint64 active = json_object_get_int_member (json, "active");
          JsonObject *me = json_array_get_object_element (json_object_get_array_member (json, "players"),
                                                          active);
          g_autofree char *action = NULL;
          g_autofree char *before = NULL;
          g_autofree char *after_copy = NULL;
          gpointer copy;
          g_autoptr(GError) error = NULL;
          g_autoptr(JsonObject) parsed = NULL;

          if (g_str_equal (ph, "over"))
            {
              finished++;
              break;
            }
          if (g_str_equal (ph, "draw"))
            action = g_rand_int_range (rand, 0, 4) == 0
              ? g_strdup_printf ("{\"type\":\"draw_manifesto\",\"keep\":%s}",
                                 g_rand_boolean (rand) ? "true" : "false")
              : g_strdup ("{\"type\":\"draw\"}");
          else if (g_rand_int_range (rand, 0, 5) == 0)
            action = g_strdup_printf ("{\"type\":\"redraw\",\"manifesto\":%s,\"keep\":true}",
                                      g_rand_boolean (rand) ? "true" : "false");
          else
            {
              JsonArray *plants = json_object_get_array_member (me, "plants");
              JsonObject *row = json_array_get_object_element (
                plants, g_rand_int_range (rand, 0, json_array_get_length (plants)));
              g_autofree char *card = g_rand_int_range (rand, 0, 4) == 0
                ? g_strdup (tables[g_rand_int_range (rand, 0, G_N_ELEMENTS (tables))])
                : g_strdup_printf ("{\"type\":\"%s\",\"cost\":%d,\"points\":%d,\"power\":%d,\"eco\":%s}",
                                   types[g_rand_int_range (rand, 0, 5)], g_rand_int_range (rand, 0, 5),
                                   g_rand_int_range (rand, 0, 5), g_rand_int_range (rand, 0, 4),
                                   g_rand_boolean (rand) ? "true" : "false");

              action = g_strdup_printf ("{\"type\":\"build\",\"card\":%s,\"plant\":%" G_GINT64_FORMAT
                                        ",\"construction_site\":%s}", card,
                                        json_object_get_int_member (row, "uid"),
                                        g_rand_int_range (rand, 0, 3) == 0 ? "true" : "false");
            }

          /* Undo = a copy taken before; a refused action leaves the state as it was. */
          before = state_json (state);
          copy = R->state_copy (state);
          parsed = parse (action);
          if (!R->apply (state, parsed, &error))
            {
              g_autofree char *unchanged = state_json (state);
              g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
              g_assert_cmpstr (before, ==, unchanged);
              /* Fall back to the always-legal move of the phase. */
              apply_ok (state, g_str_equal (ph, "draw") ? "{\"type\":\"draw\"}"
                                                         : "{\"type\":\"redraw\"}");
            }
          after_copy = state_json (copy);
          g_assert_cmpstr (before, ==, after_copy);
          R->state_free (copy);
          check_invariants (state, n, deck_size, 15);
          /* Manifesto points now and then. */
          if (json_object_get_int_member (me, "manifestos") > 0 && step % 5 == 0)
            {
              g_autofree char *points = g_strdup_printf (
                "{\"type\":\"manifesto_points\",\"seat\":%" G_GINT64_FORMAT ",\"slot\":0,\"points\":%d}",
                active, g_rand_int_range (rand, 0, 6));
              apply_ok (state, points);
            }
        }
      R->state_free (state);
    }
  g_assert_cmpuint (finished, >, 100);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/city-plan/random-games", test_random_games);
  return g_test_run ();
}
