/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-plays.c — `tablekeeper-cli plays list|export|import|stats`. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <string.h>

#include "tk-catalog.h"
#include "tk-cli.h"
#include "tk-plays.h"
#include "tk-stats.h"
#include "tk-play-times.h"

static void
print_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *out = NULL;

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, TRUE);
  out = json_generator_to_data (generator, NULL);
  g_print ("%s\n", out);
}

static int
plays_list (TkStore  *store,
            gboolean  json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plays = NULL;

  if (json)
    {
      g_autofree char *text = tk_plays_export_json (store, &error);

      if (text == NULL)
        goto fail;
      g_print ("%s\n", text);
      return 0;
    }

  plays = tk_plays_query (store, 0, 0, 0, 0, &error);
  if (plays == NULL)
    goto fail;
  if (plays->len == 0)
    g_print (_("No plays yet.\n"));
  for (guint i = 0; i < plays->len; i++)
    {
      TkPlay *play = plays->pdata[i];
      g_autoptr(GString) players = g_string_new (NULL);

      for (guint j = 0; j < tk_play_get_n_players (play); j++)
        {
          const TkPlayPlayer *p = tk_play_get_player (play, j);
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          if (j > 0)
            g_string_append (players, _(", "));
          g_string_append (players, p->name);
          if (p->has_score)
            g_string_append_printf (players, " %s",
                                    g_ascii_formatd (buffer, sizeof buffer, "%g", p->score));
          if (p->winner)
            g_string_append (players, " *");
        }
      g_print ("%5" PRId64 "  %s  %s — %s\n", tk_play_get_id (play),
               tk_play_get_played_on (play), tk_play_get_display_title (play), players->str);
    }
  return 0;

fail:
  g_printerr (_("tablekeeper-cli: cannot read the plays: %s\n"), error->message);
  return 1;
}

static int
plays_export (TkStore    *store,
              const char *format,
              const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (g_strcmp0 (format, "csv") == 0)
    text = tk_plays_export_csv (store, &error);
  else if (g_strcmp0 (format, "json") == 0)
    text = tk_plays_export_json (store, &error);
  else
    {
      g_printerr (_("tablekeeper-cli plays export: the format is csv or json, not “%s”\n"),
                  format != NULL ? format : "");
      return 2;
    }
  if (text == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the plays: %s\n"), error->message);
      return 1;
    }
  if (!tk_cli_write_output (path, text, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot write “%s”: %s\n"), path, error->message);
      return 1;
    }
  return 0;
}

/* The turn clock's figures (tk-play-times.h) under @name; an empty list when none. */
static void
add_times (JsonObject *result,
           const char *name,
           JsonArray  *times)
{
  json_object_set_array_member (result, name, times != NULL ? times : json_array_new ());
}

static int
plays_stats (TkStore    *store,
             const char *kind,
             const char *id_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonObject) result = NULL;
  guint64 id = 0;

  if (id_text != NULL && !g_ascii_string_to_unsigned (id_text, 10, 1, G_MAXINT64, &id, NULL))
    {
      g_printerr (_("tablekeeper-cli plays stats: “%s” is not a number\n"), id_text);
      return 2;
    }
  if (kind == NULL)
    {
      result = tk_stats_overview (store, &error);
      if (result != NULL)
        json_object_set_array_member (result, "plays_per_month",
                                      tk_stats_plays_per_month (store, 0, NULL));
    }
  else if (g_str_equal (kind, "--game") && id > 0)
    {
      result = tk_stats_game (store, (gint64) id, &error);
      if (result != NULL)
        json_object_set_array_member (result, "plays_per_month",
                                      tk_stats_plays_per_month (store, (gint64) id, NULL));
      if (result != NULL)
        add_times (result, "times_by_player_count", tk_play_times_for_game (store, (gint64) id, NULL));
    }
  else if (g_str_equal (kind, "--player") && id > 0)
    {
      result = tk_stats_player (store, (gint64) id, &error);
      if (result != NULL)
        add_times (result, "turn_times", tk_play_times_for_player (store, (gint64) id, NULL));
    }
  else
    {
      g_printerr (_("Usage: tablekeeper-cli plays stats [--game ID | --player ID]\n"));
      return 2;
    }
  if (result == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the statistics: %s\n"), error->message);
      return 1;
    }
  json_node_set_object (node, result);
  print_json (node);
  return 0;
}

static int
plays_delete (TkStore    *store,
              const char *id_text)
{
  g_autoptr(GError) error = NULL;
  guint64 id = 0;

  if (!g_ascii_string_to_unsigned (id_text, 10, 1, G_MAXINT64, &id, NULL))
    {
      g_printerr (_("tablekeeper-cli: “%s” is not a play number.\n"), id_text);
      return 2;
    }
  if (!tk_plays_delete (store, (gint64) id, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot delete the play: %s\n"), error->message);
      return 1;
    }
  return 0;
}

int
tk_cli_plays (TkStore  *store,
              int       argc,
              char    **argv)
{
  if (tk_cli_wants_help (argc, argv))
    goto usage;
  if (argc >= 2 && argc <= 3 && g_str_equal (argv[1], "list"))
    {
      if (argc == 3 && !g_str_equal (argv[2], "--json"))
        goto usage;
      return plays_list (store, argc == 3);
    }
  if (argc == 4 && g_str_equal (argv[1], "export") && g_str_has_prefix (argv[2], "--format="))
    return plays_export (store, argv[2] + strlen ("--format="), argv[3]);
  if (argc == 5 && g_str_equal (argv[1], "export") && g_str_equal (argv[2], "--format"))
    return plays_export (store, argv[3], argv[4]);
  if (argc >= 3 && g_str_equal (argv[1], "import"))
    return tk_cli_plays_import (store, argc, argv);
  if (argc == 3 && g_str_equal (argv[1], "delete"))
    return plays_delete (store, argv[2]);
  if ((argc == 2 || argc == 4) && g_str_equal (argv[1], "stats"))
    return plays_stats (store, argc == 4 ? argv[2] : NULL, argc == 4 ? argv[3] : NULL);

usage:
  return tk_cli_usage (_("Usage:\n"
                         "  tablekeeper-cli plays list [--json]\n"
                         "  tablekeeper-cli plays export --format csv|json FILE\n"
                         "  tablekeeper-cli plays import FILE… [--format bgstats|bgg-xml]"
                         " [--dry-run]\n"
                         "  tablekeeper-cli plays stats [--game ID | --player ID]\n"
                         "  tablekeeper-cli plays delete ID\n"
                         "FILE may be “-” for standard output or input.\n"),
                       tk_cli_wants_help (argc, argv));
}
