/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-metromania.c — what several Metromania tests read from a score. */
#include "config.h"

#include "tk-test-metromania.h"

#define player(score, seat) tk_test_metromania_player (score, seat)
#define total(score, seat) tk_test_metromania_total (score, seat)

JsonObject *
tk_test_metromania_player (JsonObject *score,
                           guint       seat)
{
  return json_array_get_object_element (json_object_get_array_member (score, "players"), seat);
}

gint64
tk_test_metromania_category (JsonObject *score,
                             guint       seat,
                             const char *label)
{
  JsonArray *breakdown = json_object_get_array_member (player (score, seat), "breakdown");

  for (guint i = 0; i < json_array_get_length (breakdown); i++)
    {
      JsonObject *entry = json_array_get_object_element (breakdown, i);
      if (g_str_equal (json_object_get_string_member (entry, "label"), label))
        return json_object_get_int_member (entry, "points");
    }
  g_assert_not_reached ();
  return 0;
}

gint64
tk_test_metromania_total (JsonObject *score,
                          guint       seat)
{
  return json_object_get_int_member (player (score, seat), "total");
}

void
tk_test_metromania_check_sum (JsonObject *score)
{
  JsonArray *players = json_object_get_array_member (score, "players");

  for (guint s = 0; s < json_array_get_length (players); s++)
    {
      JsonArray *breakdown = json_object_get_array_member (player (score, s), "breakdown");
      gint64 sum = 0;

      for (guint i = 0; i < json_array_get_length (breakdown); i++)
        sum += json_object_get_int_member (json_array_get_object_element (breakdown, i),
                                           "points");
      g_assert_cmpint (sum, ==, total (score, s));
    }
}
