/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-score.c — `tablekeeper-cli score FILE [--json]`: a session file's score breakdown. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-cli.h"
#include "tk-session.h"
#include "metromania/tk-metromania-rules.h"

static char *
points_text (JsonObject *object,
             const char *member)
{
  JsonNode *node = json_object_has_member (object, member)
                   ? json_object_get_member (object, member) : NULL;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return g_strdup ("–");
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return g_strdup_printf ("%" PRId64, json_node_get_int (node));
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", json_node_get_double (node)));
}

static void
print_table (JsonObject *score)
{
  JsonArray *players = json_object_get_array_member (score, "players");
  guint width = g_utf8_strlen (_("Player"), -1);
  g_autoptr(GString) winners = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    width = MAX (width, g_utf8_strlen (json_object_get_string_member (
                                         json_array_get_object_element (players, i), "name"), -1));

  g_print ("%-4s  %s%*s  %8s  %4s\n", _("Seat"), _("Player"),
           (int) (width - g_utf8_strlen (_("Player"), -1)), "", _("Total"), _("Rank"));
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      const char *name = json_object_get_string_member (p, "name");
      g_autofree char *total = points_text (p, "total");

      g_print ("%-4" PRId64 "  %s%*s  %8s  %4" PRId64 "%s\n",
               json_object_get_int_member (p, "seat") + 1, name,
               (int) (width - g_utf8_strlen (name, -1)), "", total,
               json_object_get_int_member (p, "rank"),
               json_object_get_boolean_member (p, "winner") ? " *" : "");
      if (json_object_get_boolean_member (p, "winner"))
        {
          if (winners->len > 0)
            g_string_append (winners, _(", "));
          g_string_append (winners, name);
        }
    }

  if (json_object_has_member (score, "teams"))
    {
      JsonArray *teams = json_object_get_array_member (score, "teams");

      g_print ("\n");
      for (guint i = 0; i < json_array_get_length (teams); i++)
        {
          JsonObject *t = json_array_get_object_element (teams, i);
          g_autofree char *total = points_text (t, "total");

          /* TRANSLATORS: a team's line: name, total, rank */
          g_print (_("Team %s: %s (rank %" PRId64 ")\n"),
                   json_object_get_string_member (t, "name"), total,
                   json_object_get_int_member (t, "rank"));
        }
    }
  if (json_object_has_member (score, "coop"))
    {
      const char *result = json_object_get_string_member (score, "coop");
      g_print ("\n%s\n", g_str_equal (result, "won") ? _("The table won.")
                         : g_str_equal (result, "lost") ? _("The table lost.")
                         : _("The game is not decided yet."));
    }
  else if (winners->len > 0)
    g_print (_("\nWinner: %s\n"), winners->str);
}

/* Each player's categories as the engine labels them, then the engine's own explanation
 * (trip routes, year tables, tie-breaks) and its warnings: the breakdown a table checks a
 * score against, without reading JSON. */
static void
print_breakdown (JsonObject *score)
{
  JsonArray *players = json_object_get_array_member (score, "players");

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      JsonArray *rows = json_object_has_member (p, "breakdown")
                        ? json_object_get_array_member (p, "breakdown") : NULL;
      guint width = 0;

      if (rows == NULL || json_array_get_length (rows) == 0)
        continue;
      for (guint r = 0; r < json_array_get_length (rows); r++)
        width = MAX (width, g_utf8_strlen (json_object_get_string_member_with_default (
                                             json_array_get_object_element (rows, r), "label", ""), -1));
      g_print ("\n%s\n", json_object_get_string_member (p, "name"));
      for (guint r = 0; r < json_array_get_length (rows); r++)
        {
          JsonObject *row = json_array_get_object_element (rows, r);
          const char *label = json_object_get_string_member_with_default (row, "label", "");
          g_autofree char *points = points_text (row, "points");

          g_print ("  %s%*s  %6s\n", label, (int) (width - g_utf8_strlen (label, -1)), "", points);
        }
    }

  if (json_object_has_member (score, "explanation"))
    {
      const char *explanation = json_object_get_string_member_with_default (score, "explanation", NULL);

      if (explanation != NULL && *explanation != '\0')
        g_print ("\n%s\n", explanation);
    }
  if (json_object_has_member (score, "warnings") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (score, "warnings")))
    {
      JsonArray *warnings = json_object_get_array_member (score, "warnings");

      for (guint i = 0; i < json_array_get_length (warnings); i++)
        {
          JsonNode *node = json_array_get_element (warnings, i);

          if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
            /* Translators: a warning the rules engine gives about a session file */
            g_print (_("Warning: %s\n"), json_node_get_string (node));
        }
    }
}

int
tk_cli_score (TkStore  *store,
              int       argc,
              char    **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) score = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  gboolean json = FALSE;
  const char *path = NULL;

  tk_games_register_all ();

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h"))
        {
          g_print (_("Usage: tablekeeper-cli score FILE [--json]\n"
                     "Replays a session file and prints its score breakdown.\n"));
          return 0;
        }
      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (path == NULL)
        path = argv[i];
      else
        path = "";
    }
  if (path == NULL || *path == '\0')
    {
      g_printerr (_("Usage: tablekeeper-cli score FILE [--json]\n"
                    "Replays a session file and prints its score breakdown.\n"));
      return 2;
    }

  if (!tk_cli_read_input (path, &text, &length, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot read “%s”: %s\n"), path, error->message);
      return 1;
    }
  score = tk_session_file_score (text, length, &error);
  if (score == NULL)
    {
      /* A Metromania network file (docs/formats.md) scores as the game would end there. */
      g_autoptr(JsonObject) file = tk_rules_json_parse_object (text, length, NULL);

      if (file != NULL && g_strcmp0 (json_object_get_string_member_with_default (
                                       file, "format", NULL),
                                     "tablekeeper-metromania-network") == 0)
        {
          g_clear_error (&error);
          score = tk_metromania_network_score (file, &error);
        }
    }
  if (score == NULL)
    {
      g_printerr (_("tablekeeper-cli: “%s” cannot be scored: %s\n"), path, error->message);
      return 1;
    }

  if (json)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autofree char *out = NULL;

      json_node_set_object (node, score);
      json_generator_set_root (generator, node);
      json_generator_set_pretty (generator, TRUE);
      out = json_generator_to_data (generator, NULL);
      g_print ("%s\n", out);
    }
  else
    {
      print_table (score);
      print_breakdown (score);
    }
  return 0;
}
