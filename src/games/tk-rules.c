/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-rules.c — the registry of rules engines and helpers over the setup conventions. */
#define G_LOG_DOMAIN "tk-rules"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-rules.h"
#include "tk-text.h"
#include "tk-json.h"
#include "tk-rules-json.h"


G_DEFINE_QUARK (tk-rules-error-quark, tk_rules_error)

static GPtrArray *registry;

void
tk_rules_register (const TkRules *rules)
{
  g_return_if_fail (rules != NULL && rules->id != NULL);
  g_return_if_fail (rules->state_new != NULL && rules->state_copy != NULL);
  g_return_if_fail (rules->apply != NULL && rules->score != NULL && rules->to_json != NULL);
  g_return_if_fail (rules->describe_action != NULL && rules->state_free != NULL);

  if (registry == NULL)
    registry = g_ptr_array_new ();
  if (tk_rules_lookup (rules->id) != NULL)
    return;
  g_ptr_array_add (registry, (gpointer) rules);
}

const TkRules *
tk_rules_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; registry != NULL && i < registry->len; i++)
    {
      const TkRules *rules = registry->pdata[i];
      if (g_strcmp0 (rules->id, id) == 0)
        return rules;
    }
  return NULL;
}

/* The engines in registration order; the array is the caller's, the engines are not. */
GPtrArray *
tk_rules_list (void)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; registry != NULL && i < registry->len; i++)
    g_ptr_array_add (list, registry->pdata[i]);
  return list;
}

static JsonObject *
setup_player (JsonObject *setup,
              guint       seat)
{
  JsonArray *players;
  JsonNode *node;

  if (setup == NULL || !json_object_has_member (setup, "players"))
    return NULL;
  node = json_object_get_member (setup, "players");
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  players = json_node_get_array (node);
  if (seat >= json_array_get_length (players))
    return NULL;
  node = json_array_get_element (players, seat);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

guint
tk_rules_setup_n_players (JsonObject *setup)
{
  JsonNode *node;

  g_return_val_if_fail (setup != NULL, 0);
  if (!json_object_has_member (setup, "players"))
    return 0;
  node = json_object_get_member (setup, "players");
  return JSON_NODE_HOLDS_ARRAY (node) ? json_array_get_length (json_node_get_array (node)) : 0;
}

const char *
tk_rules_setup_player_name (JsonObject *setup,
                            guint       seat)
{
  return tk_rules_json_get_string (setup_player (setup, seat), "name");
}

/* The seat colours a new session starts with (GNOME palette: red, blue, green, yellow,
 * purple, orange, brown, grey); also what a seat without a colour of its own is drawn in. */
static const char *const seat_colours[] = {
  "#e01b24", "#3584e4", "#33d17a", "#f6d32d", "#9141ac", "#ff7800", "#986a44", "#77767b",
};

/**
 * tk_rules_seat_colour:
 * @seat: a seat, from 0
 *
 * Returns: the default colour of @seat, "#rrggbb"
 */
const char *
tk_rules_seat_colour (guint seat)
{
  return seat_colours[seat % G_N_ELEMENTS (seat_colours)];
}

/* The seat's own colour, or its default one (a session file may give none). */
const char *
tk_rules_setup_player_colour (JsonObject *setup,
                              guint       seat)
{
  const char *colour = tk_rules_json_get_string (setup_player (setup, seat), "colour");

  return colour != NULL ? colour : tk_rules_seat_colour (seat);
}

gint64
tk_rules_setup_player_id (JsonObject *setup,
                          guint       seat)
{
  JsonObject *player = setup_player (setup, seat);
  JsonNode *node;

  if (player == NULL || !json_object_has_member (player, "player_id"))
    return 0;
  node = json_object_get_member (player, "player_id");
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return 0;
  return json_node_get_int (node);
}

JsonArray *
tk_rules_default_players (guint n_players)
{
  JsonArray *players = json_array_new ();

  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *player = json_object_new ();
      g_autofree char *name = g_strdup_printf (_("Player %u"), i + 1);

      json_object_set_string_member (player, "name", name);
      json_array_add_object_element (players, player);
    }
  return players;
}

void
tk_rules_breakdown_add (JsonArray  *breakdown,
                        const char *label,
                        gint64      points)
{
  JsonObject *line = json_object_new ();

  json_object_set_string_member (line, "label", label);
  json_object_set_int_member (line, "points", points);
  json_array_add_object_element (breakdown, line);
}

static gboolean
is_colour (const char *text)
{
  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return FALSE;
  for (guint i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  return TRUE;
}

gboolean
tk_rules_check_setup_players (const TkRules  *rules,
                              JsonObject     *setup,
                              GError        **error)
{
  JsonNode *node;
  JsonArray *players;
  guint n;

  g_return_val_if_fail (rules != NULL, FALSE);

  if (setup == NULL || !json_object_has_member (setup, "players") ||
      !JSON_NODE_HOLDS_ARRAY ((node = json_object_get_member (setup, "players"))))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The setup has no list of players."));
      return FALSE;
    }
  players = json_node_get_array (node);
  n = json_array_get_length (players);
  if (n < rules->min_players || n > rules->max_players)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("%s is played by %u to %u players, not %u."),
                   rules->get_name (), rules->min_players, rules->max_players, n);
      return FALSE;
    }

  for (guint seat = 0; seat < n; seat++)
    {
      JsonObject *player = setup_player (setup, seat);
      const char *name = tk_rules_json_get_string (player, "name");
      g_autoptr(GError) text_error = NULL;
      JsonNode *member;

      if (player == NULL || name == NULL || *name == '\0')
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The player in seat %u has no usable name."), seat + 1);
          return FALSE;
        }
      if (!tk_text_check (TK_TEXT_NAME, _("player’s name"), name, &text_error) ||
          !tk_text_check (TK_TEXT_NAME, _("team"), tk_rules_json_get_string (player, "team"), &text_error))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, _("Seat %u: %s"),
                       seat + 1, text_error->message);
          return FALSE;
        }
      if (json_object_has_member (player, "colour") &&
          !JSON_NODE_HOLDS_NULL (json_object_get_member (player, "colour")) &&
          !is_colour (tk_rules_json_get_string (player, "colour")))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The colour of %s is not a colour like #e01b24."), name);
          return FALSE;
        }
      if (json_object_has_member (player, "player_id") &&
          !JSON_NODE_HOLDS_NULL ((member = json_object_get_member (player, "player_id"))) &&
          (!JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_INT64 ||
           json_node_get_int (member) <= 0))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The roster number of %s is not a positive whole number."), name);
          return FALSE;
        }
      if (json_object_has_member (player, "team") &&
          !JSON_NODE_HOLDS_NULL (json_object_get_member (player, "team")) &&
          tk_rules_json_get_string (player, "team") == NULL)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The team of %s is not a name."), name);
          return FALSE;
        }
    }
  return TRUE;
}

char *
tk_rules_json_to_string (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  g_return_val_if_fail (object != NULL, NULL);
  json_node_set_object (node, object);
  return json_to_string (node, FALSE);
}

JsonObject *
tk_rules_json_parse_object (const char  *text,
                            gssize       length,
                            GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  JsonObject *object;

  g_return_val_if_fail (text != NULL, NULL);

  object = tk_json_load_object (text, length, &local_error);
  if (object == NULL)
    g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, local_error->message);
  return object;
}

gboolean
tk_rules_check_turn_seat (JsonObject  *action,
                          JsonObject  *setup,
                          guint        n_players,
                          guint        active,
                          GError     **error)
{
  guint seat;

  if (tk_rules_json_member (action, "seat") == NULL)
    return TRUE;
  if (!tk_rules_json_read_seat (action, "seat", n_players, &seat, error))
    return FALSE;
  if (seat != active)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, _("It is %s’s turn, not %s’s."),
                   tk_rules_setup_player_name (setup, active),
                   tk_rules_setup_player_name (setup, seat));
      return FALSE;
    }
  return TRUE;
}
