/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-metromania.c — `tablekeeper-cli metromania routes FILE [--json]`: every test trip's
 * time, fastest routes and scorers for a Metromania network file (or a session file). */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-cli.h"
#include "tk-session.h"
#include "metromania/tk-metromania-rules.h"

static const char *
seat_name (JsonObject *score,
           gint64      seat)
{
  JsonArray *players = json_object_get_array_member (score, "players");

  if (seat < 0 || seat >= json_array_get_length (players))
    return "?";
  return json_object_get_string_member (json_array_get_object_element (players, seat), "name");
}

static void
print_trips (JsonObject *score)
{
  JsonArray *trips = json_object_get_array_member (score, "trips");
  JsonArray *players = json_object_get_array_member (score, "players");
  JsonArray *warnings = json_object_get_array_member (score, "warnings");

  for (guint i = 0; i < json_array_get_length (trips); i++)
    {
      JsonObject *trip = json_array_get_object_element (trips, i);
      const char *name = json_object_get_string_member (trip, "trip");
      JsonArray *routes = json_object_get_array_member (trip, "routes");
      JsonArray *scorers = json_object_get_array_member (trip, "scorers");
      const char *failure = json_object_has_member (trip, "failure")
                            ? json_object_get_string_member (trip, "failure") : NULL;
      g_autofree char *title = g_str_equal (name, "lake-park") ? g_strdup (_("Lake–park"))
                                                               : g_strdup_printf (_("Trip %s"), name);

      if (failure == NULL)
        {
          gint64 time = json_object_get_int_member (trip, "time");
          gint64 n = json_object_get_int_member (trip, "n_routes");

          /* TRANSLATORS: "Trip A: 10 min, 2 fastest routes" */
          g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %d min, %d fastest route\n",
                                "%s: %d min, %d fastest routes\n", n), title, (int) time, (int) n);
          if (time == 0)
            g_print (_("  a station touches both ends: nobody rides\n"));
        }
      else if (g_str_equal (failure, "not_placed"))
        g_print (_("%s: impossible, a destination is still in hand\n"), title);
      else if (g_str_equal (failure, "no_station"))
        g_print (_("%s: impossible, no station beside an end\n"), title);
      else if (g_str_equal (failure, "no_deal"))
        g_print (_("%s: the destinations were not dealt\n"), title);
      else
        g_print (_("%s: impossible, the ends are not connected\n"), title);

      for (guint r = 0; r < json_array_get_length (routes); r++)
        if (*json_array_get_string_element (routes, r) != '\0')
          g_print ("  %s\n", json_array_get_string_element (routes, r));
      for (guint s = 0; s < json_array_get_length (scorers); s++)
        {
          JsonObject *entry = json_array_get_object_element (scorers, s);

          /* TRANSLATORS: a scorer of a trip: name, points, reason */
          g_print (_("  %s %+d (%s)\n"),
                   seat_name (score, json_object_get_int_member (entry, "seat")),
                   (int) json_object_get_int_member (entry, "points"),
                   json_object_get_string_member (entry, "reason"));
        }
    }

  g_print ("\n");
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      /* TRANSLATORS: a player's total and rank */
      g_print (_("%s: %d (rank %d)\n"),
               json_object_get_string_member (p, "name"),
               (int) json_object_get_int_member (p, "total"),
               (int) json_object_get_int_member (p, "rank"));
    }
  for (guint i = 0; warnings != NULL && i < json_array_get_length (warnings); i++)
    g_print (_("Warning: %s\n"), json_array_get_string_element (warnings, i));
}

int
tk_cli_metromania (TkStore  *store,
                   int       argc,
                   char    **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(JsonObject) score = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  gboolean json = FALSE;
  const char *path = NULL;

  tk_games_register_all ();

  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h"))
      {
        g_print (_("Usage: tablekeeper-cli metromania routes FILE [--json]\n"
                   "Prints every test trip’s time, fastest routes and scorers for a "
                   "Metromania network file or session file.\n"));
        return 0;
      }
  for (int i = 2; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--json"))
        json = TRUE;
      else if (path == NULL)
        path = argv[i];
      else
        path = "";
    }
  if (argc < 2 || !g_str_equal (argv[1], "routes") || path == NULL || *path == '\0')
    {
      g_printerr (_("Usage: tablekeeper-cli metromania routes FILE [--json]\n"
                    "Prints every test trip’s time, fastest routes and scorers for a "
                    "Metromania network file or session file.\n"));
      return 2;
    }

  if (!tk_cli_read_input (path, &text, &length, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot read “%s”: %s\n"), path, error->message);
      return 1;
    }
  file = tk_rules_json_parse_object (text, length, &error);
  if (file != NULL && json_object_has_member (file, "format") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (file, "format")) &&
      g_strcmp0 (json_node_get_string (json_object_get_member (file, "format")),
                 "tablekeeper-session") == 0)
    score = tk_session_file_score (text, length, &error);
  else if (file != NULL)
    score = tk_metromania_network_score (file, &error);
  if (score == NULL)
    {
      g_printerr (_("tablekeeper-cli: “%s”: %s\n"), path, error->message);
      return 1;
    }
  if (score != NULL && !json_object_has_member (score, "trips"))
    {
      g_printerr (_("tablekeeper-cli: “%s” is not a Metromania game.\n"), path);
      return 1;
    }

  if (json)
    {
      g_autofree char *out = tk_rules_json_to_string (score);
      g_print ("%s\n", out);
    }
  else
    print_trips (score);
  return 0;
}
