/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-metropolis.c — what several Metropolis tests read from a state. */
#include "config.h"

#include "metropolis/tk-metropolis-rules.h"
#include "tk-test-metropolis.h"

#define R (tk_metropolis_rules_get ())

#define player_json(state, seat, out_state) tk_test_metropolis_player_json (state, seat, out_state)

JsonObject *
tk_test_metropolis_player_json (gpointer state,
                                guint    seat,
                                JsonObject **out_state)
{
  JsonObject *object = R->to_json (state);
  JsonArray *players = json_object_get_array_member (object, "players");

  *out_state = object;
  return json_array_get_object_element (players, seat);
}

gint64
tk_test_metropolis_player_int (gpointer    state,
                               guint       seat,
                               const char *name)
{
  g_autoptr(JsonObject) object = NULL;
  JsonObject *player = player_json (state, seat, &object);

  return json_object_get_int_member (player, name);
}

const char *
tk_test_metropolis_phase (gpointer state)
{
  static char buffer[32];
  g_autoptr(JsonObject) object = R->to_json (state);

  g_strlcpy (buffer, json_object_get_string_member (object, "phase"), sizeof buffer);
  return buffer;
}

/* The year-@year points of @seat in @category, from the score JSON. */
gint64
tk_test_metropolis_year_points (gpointer    state,
                                guint       seat,
                                int         year,
                                const char *category)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonObject *player = json_array_get_object_element (
    json_object_get_array_member (score, "players"), seat);
  JsonArray *years = json_object_get_array_member (player, "years");

  g_assert_cmpuint (json_array_get_length (years), >=, (guint) year);
  return json_object_get_int_member (json_array_get_object_element (years, year - 1), category);
}

/* "total/rank/winner" of each seat. */
char *
tk_test_metropolis_summary (gpointer state)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      g_string_append_printf (out, "%s%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT "/%s",
                              i > 0 ? " " : "", json_object_get_int_member (p, "total"),
                              json_object_get_int_member (p, "rank"),
                              json_object_get_boolean_member (p, "winner") ? "w" : "-");
    }
  return g_string_free (out, FALSE);
}

/* The deeds for sale, slot by slot ("-" for an empty slot). */
char *
tk_test_metropolis_market_text (gpointer state)
{
  g_autoptr(JsonObject) object = R->to_json (state);
  JsonArray *market = json_object_get_array_member (object, "market");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (market); i++)
    {
      JsonObject *slot = json_array_get_object_element (market, i);
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "",
                              json_object_get_null_member (slot, "lot")
                              ? "-" : json_object_get_string_member (slot, "lot"));
    }
  return g_string_free (out, FALSE);
}
