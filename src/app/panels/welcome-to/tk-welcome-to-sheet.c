/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-sheet.c — reading a Welcome To... sheet's JSON (see the header). */
#define G_LOG_DOMAIN "tk-welcome-to-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-sheet.h"

/* ---- names ---- */

const char *
tk_welcome_to_effect_name (gint effect)
{
  switch (effect)
    {
    case TK_WELCOME_TO_SURVEYOR: return _("Surveyor");
    case TK_WELCOME_TO_REAL_ESTATE: return _("Real Estate Agent");
    case TK_WELCOME_TO_LANDSCAPER: return _("Landscaper");
    case TK_WELCOME_TO_POOL: return _("Pool Manufacturer");
    case TK_WELCOME_TO_TEMP: return _("Temp Agency");
    /* Translators: the bis effect (a house number written twice, "7b") */
    case TK_WELCOME_TO_BIS: return _("Bis");
    default: return "?";
    }
}

/* ---- readers of a sheet ---- */

JsonObject *
tk_welcome_to_sheet_street (JsonObject *sheet,
                            guint       s)
{
  JsonArray *streets = sheet != NULL ? json_object_get_array_member (sheet, "streets") : NULL;

  if (streets == NULL || s >= json_array_get_length (streets))
    return NULL;
  return json_array_get_object_element (streets, s);
}

/* The box of house @h of street @s, NULL when empty. */
JsonObject *
tk_welcome_to_sheet_house (JsonObject *sheet,
                           guint       s,
                           guint       h)
{
  JsonObject *street = tk_welcome_to_sheet_street (sheet, s);
  JsonArray *houses = street != NULL ? json_object_get_array_member (street, "houses") : NULL;
  JsonNode *node;

  if (houses == NULL || h >= json_array_get_length (houses))
    return NULL;
  node = json_array_get_element (houses, h);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* Whether a fence stands between house @k and @k + 1 of street @s. */
gboolean
tk_welcome_to_sheet_has_fence (JsonObject *sheet,
                               guint       s,
                               guint       k)
{
  JsonObject *street = tk_welcome_to_sheet_street (sheet, s);
  JsonArray *fences = street != NULL ? json_object_get_array_member (street, "fences") : NULL;

  for (guint i = 0; fences != NULL && i < json_array_get_length (fences); i++)
    if (json_array_get_int_element (fences, i) == (gint64) k + 1)
      return TRUE;
  return FALSE;
}

gboolean
tk_welcome_to_house_has_number (JsonObject *house)
{
  return house != NULL && json_object_has_member (house, "number");
}

gint64
tk_welcome_to_breakdown_points (JsonObject  *player,
                                const char  *key,
                                const char **label)
{
  JsonArray *breakdown = player != NULL ? json_object_get_array_member (player, "breakdown")
                                        : NULL;

  for (guint i = 0; breakdown != NULL && i < json_array_get_length (breakdown); i++)
    {
      JsonObject *line = json_array_get_object_element (breakdown, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (line, "key", ""), key) == 0)
        {
          if (label != NULL)
            *label = json_object_get_string_member_with_default (line, "label", key);
          return json_object_get_int_member_with_default (line, "points", 0);
        }
    }
  return 0;
}
