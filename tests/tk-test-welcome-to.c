/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-welcome-to.c — what several Welcome To... engine tests share (see the header). */
#include "config.h"

#include <string.h>

#include "tk-test-rules.h"
#include "tk-test-welcome-to.h"

#define R (tk_welcome_to_rules_get ())

/* The default setup for @n players with the members of @extra (a JSON object text) put over it. */
gpointer
tk_test_welcome_to_new_state (guint       n,
                              const char *extra)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = R->default_setup (n);
  gpointer state;

  if (extra != NULL)
    {
      g_autoptr(JsonObject) over = tk_test_rules_parse (extra);
      g_autoptr(GList) members = json_object_get_members (over);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (setup, l->data,
                                json_node_copy (json_object_get_member (over, l->data)));
    }
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  return state;
}

/* Points of category @key for @seat. */
gint64
tk_test_welcome_to_points (gpointer    state,
                           guint       seat,
                           const char *key)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "players"),
                                                      seat);
  JsonArray *breakdown;

  if (g_str_equal (key, "total"))
    return json_object_get_int_member (player, "total");
  if (g_str_equal (key, "rank"))
    return json_object_get_int_member (player, "rank");
  breakdown = json_object_get_array_member (player, "breakdown");
  for (guint i = 0; i < json_array_get_length (breakdown); i++)
    {
      JsonObject *line = json_array_get_object_element (breakdown, i);
      if (g_str_equal (json_object_get_string_member (line, "key"), key))
        return json_object_get_int_member (line, "points");
    }
  g_assert_not_reached ();
}

/* "n1,n2,…,n6" completed estates by size for @seat. */
char *
tk_test_welcome_to_estates_by_size (gpointer state,
                                    guint    seat)
{
  g_autoptr(JsonObject) score = R->score (state);
  JsonObject *player = json_array_get_object_element (json_object_get_array_member (score,
                                                                                      "players"),
                                                      seat);
  JsonArray *sizes = json_object_get_array_member (player, "estates_by_size");
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (sizes); i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "",
                            json_array_get_int_element (sizes, i));
  return g_string_free (out, FALSE);
}

/* A street written as tokens: "." empty, "N" number, "Np" with its pool, "Nb<" / "Nb>" a bis
 * copied from the left / right neighbour, "R" roundabout, "|" a fence after the previous house. */
static void
append_street (GString    *out,
               const char *spec,
               int         parks)
{
  g_auto(GStrv) tokens = g_strsplit (spec, " ", -1);
  GString *fences = g_string_new (NULL);
  guint pos = 0;
  gboolean first = TRUE;

  g_string_append (out, "{\"houses\":[");
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = tokens[i];

      if (*t == '\0')
        continue;
      if (g_str_equal (t, "|"))
        {
          g_string_append_printf (fences, "%s%u", fences->len > 0 ? "," : "", pos);
          continue;
        }
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      pos++;
      if (g_str_equal (t, "."))
        g_string_append (out, "null");
      else if (g_str_equal (t, "R"))
        g_string_append (out, "{\"roundabout\":true}");
      else
        {
          char *end;
          long n = strtol (t, &end, 10);

          g_string_append_printf (out, "{\"number\":%ld", n);
          if (g_str_equal (end, "p"))
            g_string_append (out, ",\"pool\":true");
          else if (g_str_equal (end, "b<"))
            g_string_append (out, ",\"bis\":\"left\"");
          else if (g_str_equal (end, "b>"))
            g_string_append (out, ",\"bis\":\"right\"");
          else
            g_assert_cmpstr (end, ==, "");
          g_string_append_c (out, '}');
        }
    }
  g_string_append_printf (out, "],\"fences\":[%s],\"parks\":%d}", fences->str, parks);
  g_string_free (fences, TRUE);
}

char *
tk_test_welcome_to_sheet_text (const TkTestSheet *spec)
{
  GString *out = g_string_new ("{\"streets\":[");

  for (guint s = 0; s < 3; s++)
    {
      if (s > 0)
        g_string_append_c (out, ',');
      append_street (out, spec->streets[s], spec->parks[s]);
    }
  g_string_append_printf (out, "],\"temps\":%d,\"agents\":[%d,%d,%d,%d,%d,%d],\"refusals\":%d,"
                          "\"plans\":%s}", spec->temps, spec->agents[0], spec->agents[1],
                          spec->agents[2], spec->agents[3], spec->agents[4], spec->agents[5],
                          spec->refusals, spec->plans != NULL ? spec->plans
                                                              : "[null,null,null]");
  return g_string_free (out, FALSE);
}

static char *
import_text (guint              seat,
             const TkTestSheet *spec)
{
  g_autofree char *sheet = tk_test_welcome_to_sheet_text (spec);
  return g_strdup_printf ("{\"type\":\"import_sheet\",\"seat\":%u,\"sheet\":%s}", seat, sheet);
}

void
tk_test_welcome_to_import_ok (gpointer           state,
                              guint              seat,
                              const TkTestSheet *spec)
{
  g_autofree char *text = import_text (seat, spec);
  tk_test_rules_apply_ok (R, state, text);
}

void
tk_test_welcome_to_import_refused (gpointer           state,
                                   guint              seat,
                                   const TkTestSheet *spec)
{
  g_autofree char *text = import_text (seat, spec);
  tk_test_rules_apply_refused (R, state, text, ILLEGAL, NULL);
}

gpointer
tk_test_welcome_to_new_solo (guint       solo_rounds,
                             const char *plans)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = R->default_setup (1);
  gpointer state;

  json_object_set_int_member (json_object_get_object_member (setup, "tables"), "solo_rounds",
                              solo_rounds);
  /* These short decks let the solo card turn up any time; test_solo_card_timing has the
   * seed's half-deck rule. */
  json_object_set_int_member (json_object_get_object_member (setup, "tables"),
                              "solo_card_first_round", 1);
  if (plans != NULL)
    {
      g_autoptr(JsonObject) over = tk_test_rules_parse (plans);
      json_object_set_member (setup, "plans",
                              json_node_copy (json_object_get_member (over, "plans")));
    }
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  return state;
}
