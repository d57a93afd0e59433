/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-plan-text.c — a city plan card in words. */
#define G_LOG_DOMAIN "tk-welcome-to-plan-text"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-plan-text.h"

char *
tk_welcome_to_plan_goal (JsonObject *plan)
{
  const char *kind = json_object_get_string_member_with_default (plan, "kind", "");
  int street = (int) json_object_get_int_member_with_default (plan, "street", 0);
  int count = (int) json_object_get_int_member_with_default (plan, "count", 0);

  if (g_str_equal (kind, "estates"))
    {
      JsonArray *sizes = json_object_get_array_member (plan, "sizes");
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; sizes != NULL && i < json_array_get_length (sizes); i++)
        g_string_append_printf (list, "%s%d", i > 0 ? " · " : "",
                                (int) json_array_get_int_element (sizes, i));
      /* Translators: a city plan asking for completed estates of these sizes ("1 · 1 · 6") */
      return g_strdup_printf (_("Estates %s"), list->str);
    }
  if (g_str_equal (kind, "street_full"))
    return g_strdup_printf (_("Every house of street %d"), street);
  if (g_str_equal (kind, "street_ends"))
    return g_strdup (_("First and last house of every street"));
  if (g_str_equal (kind, "temps"))
    return g_strdup_printf (ngettext ("%d temp hired", "%d temps hired", count), count);
  if (g_str_equal (kind, "bis_street"))
    return g_strdup_printf (ngettext ("%d bis house in one street",
                                      "%d bis houses in one street", count), count);
  if (g_str_equal (kind, "parks_two_streets"))
    return g_strdup (_("Every park of two streets"));
  if (g_str_equal (kind, "pools_two_streets"))
    return g_strdup (_("Every pool of two streets"));
  if (g_str_equal (kind, "parks_pools_street"))
    return g_strdup_printf (_("Every park and pool of street %d"), street);
  if (g_str_equal (kind, "parks_pools_roundabout"))
    return g_strdup (_("Every park and pool of one street, and a roundabout"));
  return g_strdup (kind);
}
