/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-agora.c — what several Agora tests read from a state, and the two tables they build. */
#include "config.h"

#include "agora/tk-agora-rules.h"
#include "tk-test-agora.h"
#include "tk-test-rules.h"

#define R (tk_agora_rules_get ())

#define new_state(setup) tk_test_rules_new_state (R, setup)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define money(state, seat) tk_test_agora_money (state, seat)
#define shops(state) tk_test_agora_shops (state)

gint64
tk_test_agora_money (gpointer state,
                     guint    seat)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  JsonArray *players = json_object_get_array_member (json, "players");

  return json_object_get_int_member (json_array_get_object_element (players, seat), "money");
}

const char *
tk_test_agora_phase (gpointer state)
{
  static char buffer[32];
  g_autoptr(JsonObject) json = R->to_json (state);

  g_strlcpy (buffer, json_object_get_string_member (json, "phase"), sizeof buffer);
  return buffer;
}

/* "id:owner:marks:doors:cards" per shop, e.g. "1:-:2:3:1 2:0:3:2:1,2". */
char *
tk_test_agora_shops (gpointer state)
{
  g_autoptr(JsonObject) json = R->to_json (state);
  JsonArray *array = json_object_get_array_member (json, "shops");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *shop = json_array_get_object_element (array, i);
      JsonArray *cards = json_object_get_array_member (shop, "cards");
      JsonNode *owner = json_object_get_member (shop, "owner");

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, "%" G_GINT64_FORMAT ":", json_object_get_int_member (shop, "id"));
      if (JSON_NODE_HOLDS_NULL (owner))
        g_string_append_c (out, '-');
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (owner));
      g_string_append_printf (out, ":%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT ":",
                              json_object_get_int_member (shop, "marks"),
                              json_object_get_int_member (shop, "doors"));
      for (guint c = 0; c < json_array_get_length (cards); c++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, c > 0 ? "," : "",
                                json_array_get_int_element (cards, c));
    }
  return g_string_free (out, FALSE);
}

/* "money/rank/winner" per seat plus the result, e.g. "52/1/w 10/2/- win". */
char *
tk_test_agora_summary (gpointer state)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *players = json_object_get_array_member (score, "players");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      g_string_append_printf (out, "%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT "/%s ",
                              json_object_get_int_member (p, "total"),
                              json_object_get_int_member (p, "rank"),
                              json_object_get_boolean_member (p, "winner") ? "w" : "-");
    }
  g_string_append (out, json_object_get_string_member (score, "result"));
  return g_string_free (out, FALSE);
}

/* Ana (A) and Ben (B); first card A with shop 1 (2 circles, 3 doors) and shop 2 (1 circle,
 * 4 doors).  Ana buys shop 1 for $3, Ben buys shop 2 for $4. */
gpointer
tk_test_agora_two_shops (const char *setup_json,
                         gint64      start)
{
  gpointer state = new_state (setup_json);

  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":2,\"doors\":3},{\"marks\":1,\"doors\":4}]}");
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ana's first: $0 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"C\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 10 − 3 = 7 */
  apply_ok (state, "{\"type\":\"income\"}");                         /* Ben's first: $0 */
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":2}");                 /* Ben 10 − 4 = 6 */
  g_assert_cmpint (money (state, 0), ==, start - 3);
  g_assert_cmpint (money (state, 1), ==, start - 4);
  return state;
}

/* Three players; shops: 1 Ana (3 circles, cards 1,2), 2 unowned (card 1), 3 Ben (2 circles,
 * card 2), 4 Cleo (2 circles, card 3). */
gpointer
tk_test_agora_event_table (void)
{
  gpointer state = new_state (THREE "}");

  apply_ok (state, "{\"type\":\"first_card\",\"letter\":\"A\",\"new_shops\":"
                   "[{\"marks\":2,\"doors\":3},{\"marks\":1,\"doors\":2}]}");
  /* Ana */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":2,\"doors\":4}],"
                   "\"extend\":[{\"shop\":1,\"marks\":3,\"doors\":4}]}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":1}");                 /* Ana 10 − 4 = 6 */
  /* Ben */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\",\"new_shops\":[{\"marks\":2,\"doors\":5}]}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":3}");                 /* Ben 10 − 4 = 6 */
  /* Cleo */
  apply_ok (state, "{\"type\":\"income\"}");
  apply_ok (state, "{\"type\":\"draw\",\"letter\":\"D\"}");
  apply_ok (state, "{\"type\":\"place\"}");
  apply_ok (state, "{\"type\":\"buy\",\"shop\":4}");                 /* Cleo 10 − 5 = 5 */
  {
    g_autofree char *s = shops (state);
    /* Shop numbers: 1 and 2 on card 1, 3 on card 2 (Ben's), 4 on card 3 (Cleo's). */
    g_assert_cmpstr (s, ==, "1:0:3:4:1,2 2:-:1:2:1 3:1:2:4:2 4:2:2:5:3");
  }
  g_assert_cmpint (money (state, 0), ==, 6);
  g_assert_cmpint (money (state, 1), ==, 6);
  g_assert_cmpint (money (state, 2), ==, 5);
  return state;
}
