/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-cards.c — the City Plan card table outside a session.
 *
 * No card list of City Plan was ever published, so players type their own cards.  The table
 * they edit in the New Session options is saved as a JSON array in the user's data folder and
 * becomes the default of later sessions; each session still stores its own copy in its setup,
 * so an old session re-scores the same whatever the file says later.  A file that is missing,
 * unreadable or refused by the engine is ignored (the shipped table is used).
 */
#define G_LOG_DOMAIN "tk-city-plan-cards"

#include "config.h"

#include <errno.h>
#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-city-plan-cards.h"
#include "tk-json.h"
#include "tk-rules.h"

static const TkRules *
rules (void)
{
  tk_games_register_all ();
  return tk_rules_lookup ("city-plan");
}

char *
tk_city_plan_cards_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tablekeeper", "city-plan-cards.json", NULL);
}

JsonArray *
tk_city_plan_cards_shipped (void)
{
  g_autoptr(JsonObject) setup = rules ()->default_setup (0);
  g_autoptr(JsonNode) node = json_node_copy (json_object_get_member (setup, "cards"));

  return json_array_ref (json_node_get_array (node));
}

gboolean
tk_city_plan_cards_check (JsonArray  *cards,
                          GError    **error)
{
  g_autoptr(JsonObject) setup = rules ()->default_setup (2);
  gpointer state;

  json_object_set_array_member (setup, "cards", json_array_ref (cards));
  state = rules ()->state_new (setup, error);
  if (state == NULL)
    return FALSE;
  rules ()->state_free (state);
  return TRUE;
}

JsonArray *
tk_city_plan_cards_load (void)
{
  g_autofree char *path = tk_city_plan_cards_path ();
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, NULL))
    return tk_city_plan_cards_shipped ();
  /* a file of the user's: checked for depth and numbers before it is parsed */
  if ((root = tk_json_load (text, (gssize) length, &error)) == NULL || !JSON_NODE_HOLDS_ARRAY (root) ||
      !tk_city_plan_cards_check (json_node_get_array (root), &error))
    {
      g_message ("Ignoring the card table %s: %s", path,
                 error != NULL ? error->message : "not a list of cards");
      return tk_city_plan_cards_shipped ();
    }
  return json_array_ref (json_node_get_array (root));
}

gboolean
tk_city_plan_cards_save (JsonArray  *cards,
                         GError    **error)
{
  g_autofree char *path = tk_city_plan_cards_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_ARRAY);
  g_autofree char *text = NULL;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not make the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  json_node_set_array (root, cards);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  return g_file_set_contents (path, text, -1, error);
}

const char *
tk_city_plan_type_label (const char *type)
{
  if (g_strcmp0 (type, "residential") == 0)
    return _("Residential");
  if (g_strcmp0 (type, "commercial") == 0)
    return _("Commercial");
  if (g_strcmp0 (type, "industrial") == 0)
    return _("Industrial");
  if (g_strcmp0 (type, "facility") == 0)
    return _("Facility");
  if (g_strcmp0 (type, "power_plant") == 0)
    return _("Power plant");
  return type != NULL ? type : "?";
}

static gint64
int_member (JsonObject *card,
            const char *member,
            gint64      fallback)
{
  JsonNode *node = json_object_get_member (card, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return fallback;
  return json_node_get_int (node);
}

static char *
types_text (JsonObject *card,
            const char *member)
{
  JsonArray *types = json_object_has_member (card, member)
                     ? json_object_get_array_member (card, member) : NULL;
  GString *text = g_string_new (NULL);

  for (guint i = 0; types != NULL && i < json_array_get_length (types); i++)
    {
      if (i > 0)
        g_string_append (text, _(", "));
      g_string_append (text, tk_city_plan_type_label (json_array_get_string_element (types, i)));
    }
  return g_string_free (text, FALSE);
}

/* What a card's effect does, e.g. "Residential cost −2"; "" for none (a new string). */
static char *
card_effect_text (JsonObject *card)
{
  const char *effect = json_object_get_string_member_with_default (card, "effect", "none");

  if (g_str_equal (effect, "construction_site"))
    return g_strdup (_("May pay a whole build cost, then goes to the discard pile"));
  if (g_str_equal (effect, "cost_minus"))
    {
      g_autofree char *types = types_text (card, "applies_to");
      /* Translators: a cost reduction, e.g. "Residential cost −2". */
      return g_strdup_printf (_("%s cost −%" PRId64), types, int_member (card, "amount", 2));
    }
  if (g_str_equal (effect, "cost_cap"))
    /* Translators: the transit authority, e.g. "Costs of 4 or more become 3". */
    return g_strdup_printf (_("Costs of %" PRId64 " or more become %" PRId64),
                            int_member (card, "cap_from", 4), int_member (card, "cap_to", 3));
  if (g_str_equal (effect, "split_points"))
    {
      g_autofree char *types = types_text (card, "split");
      /* Translators: e.g. "Points split between Commercial, Industrial". */
      return g_strdup_printf (_("Points split between %s"), types);
    }
  if (g_str_equal (effect, "count_bonus"))
    {
      g_autofree char *types = types_text (card, "counts");
      gint64 most = int_member (card, "max_points", 0);

      if (most > 0)
        /* Translators: a building that scores by counting, e.g. "+1 per Residential
         * building, at most 4". */
        return g_strdup_printf (_("+%" PRId64 " per %s building, at most %" PRId64),
                                int_member (card, "amount", 1), types, most);
      /* Translators: e.g. "+1 per Residential building". */
      return g_strdup_printf (_("+%" PRId64 " per %s building"), int_member (card, "amount", 1),
                              types);
    }
  if (g_str_equal (effect, "extra_draw"))
    return g_strdup_printf (g_dngettext (NULL, "+%" PRId64 " card each turn",
                                         "+%" PRId64 " cards each turn",
                                         int_member (card, "amount", 1)),
                            int_member (card, "amount", 1));
  return g_strdup ("");
}

char *
tk_city_plan_card_description (JsonObject *card)
{
  const char *type = json_object_get_string_member_with_default (card, "type", NULL);
  gint64 power = int_member (card, "power", 0);
  gint64 points = int_member (card, "points", 0);
  g_autofree char *effect = card_effect_text (card);
  GString *text = g_string_new (tk_city_plan_type_label (type));

  g_string_append (text, " · ");
  g_string_append_printf (text, _("cost %" PRId64), int_member (card, "cost", 0));
  g_string_append (text, " · ");
  g_string_append_printf (text, g_dngettext (NULL, "%" PRId64 " point", "%" PRId64 " points",
                                             points), points);
  g_string_append (text, " · ");
  if (g_strcmp0 (type, "power_plant") == 0)
    /* Translators: what a power plant supplies. */
    g_string_append_printf (text, _("supplies %" PRId64), power);
  else
    /* Translators: the power a building uses. */
    g_string_append_printf (text, _("power %" PRId64), power);
  if (json_object_get_boolean_member_with_default (card, "eco", FALSE))
    {
      g_string_append (text, " · ");
      g_string_append (text, _("eco"));
    }
  if (effect[0] != '\0')
    g_string_append_printf (text, "\n%s", effect);
  return g_string_free (text, FALSE);
}
