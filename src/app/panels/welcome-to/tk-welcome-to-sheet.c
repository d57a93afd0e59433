/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-sheet.c — reading a Welcome To... sheet's JSON (see the header). */
#define G_LOG_DOMAIN "tk-welcome-to-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-sheet.h"

static const char *const effect_ids[TK_WELCOME_TO_N_EFFECTS] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

/* ---- names ---- */

const char *
tk_welcome_to_effect_id (TkWelcomeToEffect effect)
{
  g_return_val_if_fail (effect < TK_WELCOME_TO_N_EFFECTS, "");
  return effect_ids[effect];
}

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

gint
tk_welcome_to_effect_from_id (const char *id)
{
  for (guint e = 0; id != NULL && e < TK_WELCOME_TO_N_EFFECTS; e++)
    if (g_str_equal (effect_ids[e], id))
      return (gint) e;
  return -1;
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

/* Whether house (@s, @h) is in an estate one of the sheet's claims used (the paper's top
 * fence). */
gboolean
tk_welcome_to_sheet_estate_used (JsonObject *sheet,
                                 guint       s,
                                 guint       h)
{
  JsonArray *plans = sheet != NULL ? json_object_get_array_member (sheet, "plans") : NULL;

  for (guint p = 0; plans != NULL && p < json_array_get_length (plans); p++)
    {
      JsonNode *node = json_array_get_element (plans, p);
      JsonArray *estates;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      estates = json_object_get_array_member (json_node_get_object (node), "estates");
      for (guint e = 0; estates != NULL && e < json_array_get_length (estates); e++)
        {
          JsonObject *estate = json_array_get_object_element (estates, e);

          if (json_object_get_int_member (estate, "street") == (gint64) s + 1 &&
              json_object_get_int_member (estate, "from") <= (gint64) h + 1 &&
              json_object_get_int_member (estate, "to") >= (gint64) h + 1)
            return TRUE;
        }
    }
  return FALSE;
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

GArray *
tk_welcome_to_sheet_completed_estates (JsonObject  *sheet,
                                       const guint  houses[TK_WELCOME_TO_N_STREETS])
{
  GArray *estates = g_array_new (FALSE, FALSE, sizeof (TkWelcomeToEstate));

  for (guint s = 0; s < TK_WELCOME_TO_N_STREETS; s++)
    {
      guint start = 0;

      for (guint k = 0; k < houses[s]; k++)
        {
          gboolean complete = TRUE;

          if (k + 1 < houses[s] && !tk_welcome_to_sheet_has_fence (sheet, s, k))
            continue;
          for (guint h = start; h <= k; h++)
            complete = complete &&
                       tk_welcome_to_house_has_number (tk_welcome_to_sheet_house (sheet, s, h));
          if (complete && k - start + 1 <= TK_WELCOME_TO_N_COLUMNS)
            {
              TkWelcomeToEstate estate = { s, start, k };

              g_array_append_val (estates, estate);
            }
          start = k + 1;
        }
    }
  return estates;
}
