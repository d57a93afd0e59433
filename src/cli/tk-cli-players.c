/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-players.c — `tablekeeper-cli players list|rename|merge`: the roster. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "tk-cli.h"
#include "tk-player.h"

static gboolean
parse_id (const char *text,
          gint64     *id)
{
  guint64 value = 0;

  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &value, NULL))
    {
      g_printerr (_("tablekeeper-cli: “%s” is not a player number.\n"), text);
      return FALSE;
    }
  *id = (gint64) value;
  return TRUE;
}

static int
players_list (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) players = tk_players_list (store, TRUE, &error);

  if (players == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the players: %s\n"), error->message);
      return 1;
    }
  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(TkPlayer) player = g_list_model_get_item (players, i);

      g_print ("%5" PRId64 "  %s%s\n", tk_player_get_id (player), tk_player_get_name (player),
               tk_player_get_hidden (player) ? _(" (hidden)") : "");
    }
  return 0;
}

static int
players_rename (TkStore    *store,
                const char *id_text,
                const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkPlayer) player = NULL;
  gint64 id;

  if (!parse_id (id_text, &id))
    return 1;
  player = tk_players_get (store, id, &error);
  if (player == NULL ||
      !tk_players_update (store, id, name, tk_player_get_colour (player),
                          tk_player_get_hidden (player), &error))
    {
      g_printerr (_("tablekeeper-cli: cannot rename the player: %s\n"), error->message);
      return 1;
    }
  return 0;
}

static int
players_merge (TkStore    *store,
               const char *from_text,
               const char *into_text)
{
  g_autoptr(GError) error = NULL;
  gint64 from, into;

  if (!parse_id (from_text, &from) || !parse_id (into_text, &into))
    return 1;
  if (!tk_players_merge (store, from, into, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot merge the players: %s\n"), error->message);
      return 1;
    }
  return 0;
}

int
tk_cli_players (TkStore  *store,
                int       argc,
                char    **argv)
{
  if (tk_cli_wants_help (argc, argv))
    goto usage;
  if (argc == 2 && g_str_equal (argv[1], "list"))
    return players_list (store);
  if (argc == 4 && g_str_equal (argv[1], "rename"))
    return players_rename (store, argv[2], argv[3]);
  if (argc == 4 && g_str_equal (argv[1], "merge"))
    return players_merge (store, argv[2], argv[3]);

usage:
  return tk_cli_usage (_("Usage:\n"
                         "  tablekeeper-cli players list\n"
                         "  tablekeeper-cli players rename ID NAME\n"
                         "  tablekeeper-cli players merge ID INTO\n"
                         "Merging moves every seat of player ID to player INTO and removes ID.\n"),
                       tk_cli_wants_help (argc, argv));
}
