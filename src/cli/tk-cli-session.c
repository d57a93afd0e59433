/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-session.c — `tablekeeper-cli session list|export|import`. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <stdio.h>

#include "tk-catalog.h"
#include "tk-cli.h"
#include "tk-session.h"
#include "tk-ledger-branches.h"
#include "tk-ledger-entry.h"
#include "tk-player.h"
#include "generic/tk-generic-rules.h"

static int
session_list (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) sessions = tk_session_list_open (store, &error);

  if (sessions == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the sessions: %s\n"), error->message);
      return 1;
    }
  if (g_list_model_get_n_items (sessions) == 0)
    {
      g_print (_("No open sessions.\n"));
      return 0;
    }
  for (guint i = 0; i < g_list_model_get_n_items (sessions); i++)
    {
      g_autoptr(TkSession) session = g_list_model_get_item (sessions, i);
      g_autoptr(GDateTime) started = g_date_time_new_from_unix_local (
        tk_session_get_started_at (session));
      g_autofree char *when = g_date_time_format (started, "%Y-%m-%d %H:%M");

      /* TRANSLATORS: session number, start, title, players, actions, minutes */
      g_print (_("%4" PRId64 "  %s  %s — %u players, %u actions, %" PRId64
                 " min\n"),
               tk_session_get_id (session), when, tk_session_get_display_title (session),
               tk_session_get_n_players (session), tk_session_get_n_active (session),
               tk_session_get_elapsed_ms (session) / 60000);
    }
  return 0;
}

static int
session_export (TkStore    *store,
                const char *id_text,
                const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autofree char *text = NULL;
  guint64 id;

  if (!g_ascii_string_to_unsigned (id_text, 10, 1, G_MAXINT64, &id, NULL))
    {
      g_printerr (_("tablekeeper-cli session export: “%s” is not a session number\n"), id_text);
      return 2;
    }
  session = tk_session_load (store, (gint64) id, &error);
  if (session == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot open session %s: %s\n"), id_text, error->message);
      return 1;
    }
  text = tk_session_export (session);
  if (!tk_cli_write_output (path, text, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot write “%s”: %s\n"), path, error->message);
      return 1;
    }
  return 0;
}

static int
session_import (TkStore    *store,
                const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  if (!tk_cli_read_input (path, &text, &length, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot read “%s”: %s\n"), path, error->message);
      return 1;
    }
  /* The session's game is matched to the catalog: a new library gets it first. */
  if (!tk_catalog_ensure (store, NULL, &error))
    {
      g_printerr ("tablekeeper-cli: %s\n", error->message);
      return 1;
    }
  session = tk_session_import (store, text, length, &error);
  if (session == NULL)
    {
      g_printerr (_("tablekeeper-cli: “%s” was not imported (nothing was written): %s\n"),
                  path, error->message);
      return 1;
    }
  g_print (_("Imported as session %" PRId64 ".\n"), tk_session_get_id (session));
  return 0;
}

/* A session's number here, or its uid (the same on every device); 0 when neither. */
static gint64
session_id_arg (TkStore    *store,
                const char *id_text)
{
  guint64 id;
  sqlite3_stmt *stmt;

  if (g_ascii_string_to_unsigned (id_text, 10, 1, G_MAXINT64, &id, NULL))
    return (gint64) id;
  stmt = tk_store_prepare (store, "SELECT id FROM sessions WHERE uid = ?1", NULL);
  id = 0;
  if (stmt != NULL)
    {
      sqlite3_bind_text (stmt, 1, id_text, -1, SQLITE_STATIC);
      if (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
        id = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
    }
  if (id == 0)
    g_printerr (_("tablekeeper-cli session: “%s” is not a session number\n"), id_text);
  return (gint64) id;
}

static TkSession *
load_arg (TkStore    *store,
          const char *id_text)
{
  g_autoptr(GError) error = NULL;
  TkSession *session;
  gint64 id = session_id_arg (store, id_text);

  if (id == 0)
    return NULL;
  session = tk_session_load (store, (gint64) id, &error);
  if (session == NULL)
    g_printerr (_("tablekeeper-cli: cannot open session %s: %s\n"), id_text, error->message);
  else
    tk_session_clock_adopt (session);   /* each command is a process: the clock ran between */
  return session;
}

static gint64
catalog_game_id (TkStore    *store,
                 const char *catalog_key)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT id FROM games WHERE catalog_key = ?1", NULL);
  gint64 id = 0;

  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, catalog_key, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return id;
}

/* session start [--title T] [--game ID] [--rules ID] [--win high|low|coop] NAME[:TEAM]… —
 * players are taken from (or added to) the roster; --rules picks a game's own engine, whose
 * default setup then gets the players. */
static int
session_start (TkStore  *store,
               int       argc,
               char    **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = json_object_new ();
  g_autoptr(TkSession) session = NULL;
  JsonArray *players = json_array_new ();
  const char *title = NULL;
  const char *win = "high";
  const char *rules_id = TK_GENERIC_RULES_ID;
  const TkRules *rules;
  guint64 game_id = 0;

  json_object_set_array_member (setup, "players", players);
  for (int i = 0; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--title") && i + 1 < argc)
        title = argv[++i];
      else if (g_str_equal (argv[i], "--win") && i + 1 < argc)
        win = argv[++i];
      else if (g_str_equal (argv[i], "--rules") && i + 1 < argc)
        rules_id = argv[++i];
      else if (g_str_equal (argv[i], "--game") && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, 1, G_MAXINT64, &game_id, NULL))
            {
              g_printerr (_("tablekeeper-cli session start: “%s” is not a game number\n"),
                          argv[i]);
              return 2;
            }
        }
      else
        {
          g_auto(GStrv) parts = g_strsplit (argv[i], ":", 2);
          g_autoptr(TkPlayer) player = tk_players_find_or_add (store, parts[0], NULL, &error);
          JsonObject *entry = json_object_new ();

          if (player == NULL)
            {
              json_object_unref (entry);
              g_printerr (_("tablekeeper-cli: cannot add “%s”: %s\n"), argv[i], error->message);
              return 1;
            }
          json_object_set_string_member (entry, "name", tk_player_get_name (player));
          if (tk_player_get_colour (player) != NULL)
            json_object_set_string_member (entry, "colour", tk_player_get_colour (player));
          json_object_set_int_member (entry, "player_id", tk_player_get_id (player));
          if (parts[1] != NULL && *parts[1] != '\0')
            json_object_set_string_member (entry, "team", parts[1]);
          json_array_add_object_element (players, entry);
        }
    }
  tk_games_register_all ();
  rules = tk_rules_lookup (rules_id);
  if (rules == NULL)
    {
      g_autoptr(GPtrArray) all = tk_rules_list ();
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint i = 0; i < all->len; i++)
        g_string_append_printf (known, "%s%s", i > 0 ? ", " : "",
                                ((const TkRules *) g_ptr_array_index (all, i))->id);
      g_printerr (_("tablekeeper-cli session start: no rules called “%s” (known: %s)\n"),
                  rules_id, known->str);
      return 2;
    }
  if (g_str_equal (rules->id, TK_GENERIC_RULES_ID))
    json_object_set_string_member (setup, "win", win);
  else
    {
      guint n = json_array_get_length (players);
      JsonObject *own;
      JsonArray *seats;

      if (n < rules->min_players || n > rules->max_players)
        {
          g_printerr (_("tablekeeper-cli: the session was not started: %s needs %u to %u players\n"),
                      rules->get_name (), rules->min_players, rules->max_players);
          return 1;
        }
      own = rules->default_setup (n);
      seats = json_object_get_array_member (own, "players");
      for (guint i = 0; seats != NULL && i < n && i < json_array_get_length (seats); i++)
        {
          JsonObject *from = json_array_get_object_element (players, i);
          JsonObject *to = json_array_get_object_element (seats, i);
          g_autoptr(GList) members = json_object_get_members (from);

          for (GList *l = members; l != NULL; l = l->next)
            if (!g_str_equal (l->data, "team"))
              json_object_set_member (to, l->data, json_node_copy (json_object_get_member (from, l->data)));
        }
      json_object_unref (setup);
      setup = own;
    }

  /* A game's own bookkeeper plays its catalog game (so that the session and its play show
   * the game's title in the UI's language), named after the game unless told otherwise. */
  if (game_id == 0 && tk_games_catalog_key_for_rules (rules->id) != NULL &&
      tk_catalog_ensure (store, NULL, NULL))
    game_id = (guint64) catalog_game_id (store, tk_games_catalog_key_for_rules (rules->id));
  if (title == NULL && game_id == 0 && !g_str_equal (rules->id, TK_GENERIC_RULES_ID))
    title = rules->get_name ();
  session = tk_session_start (store, rules->id, (gint64) game_id, title, setup, &error);
  if (session == NULL)
    {
      g_printerr (_("tablekeeper-cli: the session was not started: %s\n"), error->message);
      return 1;
    }
  g_print (_("Started session %" PRId64 ".\n"), tk_session_get_id (session));
  return 0;
}

static int
session_show (TkStore    *store,
              const char *id_text)
{
  g_autoptr(TkSession) session = load_arg (store, id_text);
  GListModel *ledger;

  if (session == NULL)
    return 1;
  ledger = tk_session_get_ledger (session);
  g_print ("%s (%s)\n", tk_session_get_display_title (session), tk_session_get_status (session));
  for (guint i = 0; i < g_list_model_get_n_items (ledger); i++)
    {
      g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (ledger, i);

      g_print ("%4" PRId64 "  %s%s\n", tk_ledger_entry_get_seq (entry),
               tk_ledger_entry_get_text (entry),
               tk_ledger_entry_get_undone (entry) ? _(" (undone)") : "");
    }
  tk_cli_print_clock (session);
  return 0;
}

static int
session_step (TkStore    *store,
              const char *what,
              const char *id_text,
              const char *arg)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = load_arg (store, id_text);
  gboolean ok;

  if (session == NULL)
    return 1;
  if (g_str_equal (what, "apply"))
    ok = tk_session_apply_json (session, arg, &error);
  else if (g_str_equal (what, "undo"))
    ok = tk_session_undo (session, &error);
  else if (g_str_equal (what, "redo"))
    ok = tk_session_redo (session, &error);
  else if (g_str_equal (what, "first"))
    ok = tk_session_pick_first_player (session, g_random_int (), &error);
  else
    {
      gint64 play_id = 0;

      ok = tk_session_finish (session, NULL, arg, NULL, &play_id, &error);
      if (ok)
        g_print (_("Finished; recorded as play %" PRId64 ".\n"), play_id);
    }
  if (!ok)
    {
      g_printerr (_("tablekeeper-cli: refused: %s\n"), error->message);
      return 1;
    }
  if (!g_str_equal (what, "finish"))
    {
      GListModel *ledger = tk_session_get_ledger (session);
      guint n = tk_session_get_n_active (session);

      if (g_str_equal (what, "undo"))
        n++;
      if (n > 0)
        {
          g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (ledger, n - 1);
          g_print ("%s%s\n", g_str_equal (what, "undo") ? _("Undone: ") : "",
                   tk_ledger_entry_get_text (entry));
        }
    }
  return 0;
}

/* `session branches ID`: the ways a session went on two devices while apart. */
static int
session_branches (TkStore    *store,
                  const char *id_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) branches = NULL;
  gint64 id = session_id_arg (store, id_text);

  if (id == 0)
    return 1;
  branches = tk_ledger_branches (store, id, &error);
  if (branches == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot open session %s: %s\n"), id_text, error->message);
      return 1;
    }
  if (branches->len == 0)
    {
      g_print (_("One branch: the session was not continued on two devices while apart.\n"));
      return 0;
    }
  g_print (_("Continued on %u devices while apart; keep one with "
             "“tablekeeper-cli session keep %s ACTION”:\n"), branches->len, id_text);
  for (guint i = 0; i < branches->len; i++)
    {
      const TkLedgerBranch *branch = branches->pdata[i];
      const char *device = branch->device_name != NULL ? branch->device_name
                                                       : branch->device_uid;

      /* TRANSLATORS: action uid, device, number of actions, " (shown)" or nothing */
      g_print (_("  %s  %s  %" PRId64 " actions%s\n"), branch->action_uid, device,
               branch->n_actions, branch->current ? _(" (shown)") : "");
    }
  return 0;
}

/* `session keep ID ACTION`: keeps the branch ending at ACTION, on every device. */
static int
session_keep (TkStore    *store,
              const char *id_text,
              const char *action)
{
  g_autoptr(GError) error = NULL;
  gint64 id = session_id_arg (store, id_text);

  if (id == 0)
    return 1;
  if (!tk_ledger_keep_branch (store, id, action, &error))
    {
      g_printerr (_("tablekeeper-cli: refused: %s\n"), error->message);
      return 1;
    }
  g_print (_("Kept the branch ending at %s.\n"), action);
  return 0;
}

int
tk_cli_session (TkStore  *store,
                int       argc,
                char    **argv)
{
  tk_games_register_all ();

  if (tk_cli_wants_help (argc, argv))
    goto usage;
  if (argc == 2 && g_str_equal (argv[1], "list"))
    return session_list (store);
  if (argc == 4 && g_str_equal (argv[1], "export"))
    return session_export (store, argv[2], argv[3]);
  if (argc == 3 && g_str_equal (argv[1], "import"))
    return session_import (store, argv[2]);
  if (argc >= 3 && g_str_equal (argv[1], "start"))
    return session_start (store, argc - 2, argv + 2);
  if (argc == 3 && g_str_equal (argv[1], "show"))
    return session_show (store, argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "branches"))
    return session_branches (store, argv[2]);
  if (argc == 4 && g_str_equal (argv[1], "keep"))
    return session_keep (store, argv[2], argv[3]);
  if (argc == 4 && g_str_equal (argv[1], "apply"))
    return session_step (store, "apply", argv[2], argv[3]);
  if (argc == 3 && (g_str_equal (argv[1], "undo") || g_str_equal (argv[1], "redo") ||
                    g_str_equal (argv[1], "first-player")))
    return session_step (store, g_str_equal (argv[1], "first-player") ? "first" : argv[1],
                         argv[2], NULL);
  if ((argc == 3 || argc == 4) && g_str_equal (argv[1], "finish"))
    return session_step (store, "finish", argv[2], argc == 4 ? argv[3] : NULL);
  if (argc >= 4 && g_str_equal (argv[1], "clock"))
    {
      g_autoptr(TkSession) session = load_arg (store, argv[2]);

      return session != NULL ? tk_cli_session_clock (session, argc - 3, argv + 3) : 1;
    }

usage:
  return tk_cli_usage (_("Usage:\n"
                         "  tablekeeper-cli session list\n"
                         "  tablekeeper-cli session start [--title TITLE] [--game ID] [--rules ID] [--win high|low|coop]"
                         " NAME[:TEAM]…\n"
                         "  tablekeeper-cli session show|undo|redo|first-player ID\n"
                         "  tablekeeper-cli session apply ID ACTION-JSON\n"
                         "  tablekeeper-cli session branches ID\n"
                         "  tablekeeper-cli session keep ID ACTION\n"
                         "  tablekeeper-cli session clock ID next|to SEAT|pause|resume|limits TURN_S BANK_S\n"
                         "  tablekeeper-cli session finish ID [LOCATION]\n"
                         "  tablekeeper-cli session export ID FILE\n"
                         "  tablekeeper-cli session import FILE\n"
                         "ID is the session's number or its uid. "
                         "FILE may be “-” for standard output or input.\n"),
                       tk_cli_wants_help (argc, argv));
}
