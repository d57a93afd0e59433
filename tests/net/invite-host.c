/* SPDX-License-Identifier: GPL-3.0-or-later */
/* invite-host.c — a host without a window, for the guests' phones tests and benchmark.
 *
 *   invite-host DB RULES NAME,NAME,…
 *
 * Starts a session of RULES (welcome-to, generic, …) with those players in the library DB,
 * invites on 127.0.0.1 and prints {"url": …}.  Then reads one command a line on stdin and
 * answers each with one JSON line, as the host's taps would:
 *   apply JSON | undo | accept SEAT | refuse SEAT | takeback SEAT | auto 0|1 | finish | host | quit
 * "host" prints what the host shows: the active ledger lines, the totals, the seats.
 */
#include "config.h"

#include <stdio.h>
#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tk-invite-server.h"
#include "tk-invite-state.h"
#include "tk-json.h"
#include "tk-ledger-entry.h"
#include "tk-rules.h"

static TkInviteServer *server;
static GMainLoop *loop;

static void
answer (JsonObject *object)
{
  g_autofree char *text = tk_rules_json_to_string (object);

  printf ("%s\n", text);
  fflush (stdout);
}

static void
answer_result (gboolean      ok,
               const GError *error)
{
  g_autoptr(JsonObject) object = json_object_new ();

  json_object_set_boolean_member (object, "ok", ok);
  if (!ok && error != NULL)
    json_object_set_string_member (object, "error", error->message);
  answer (object);
}

static void
answer_host (void)
{
  TkSession *session = tk_invite_server_get_session (server);
  GListModel *ledger = tk_session_get_ledger (session);
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonObject) score = tk_session_score (session);
  JsonArray *lines = json_array_new ();
  JsonArray *seats = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (ledger); i++)
    {
      g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (ledger, i);

      if (!tk_ledger_entry_get_undone (entry))
        json_array_add_string_element (lines, tk_ledger_entry_get_text (entry));
    }
  for (guint i = 0; i < tk_session_get_n_players (session); i++)
    json_array_add_int_element (seats, tk_invite_server_get_seat_state (server, i));
  json_object_set_array_member (object, "ledger", lines);
  json_object_set_int_member (object, "ledger_seq", tk_invite_state_ledger_seq (session));
  json_object_set_object_member (object, "score", g_steal_pointer (&score));
  json_object_set_array_member (object, "seats", seats);
  json_object_set_int_member (object, "guests", tk_invite_server_get_n_guests (server));
  answer (object);
}

static void
run_command (const char *line)
{
  TkSession *session = tk_invite_server_get_session (server);
  g_autoptr(GError) error = NULL;

  if (g_str_has_prefix (line, "apply "))
    answer_result (tk_session_apply_json (session, line + 6, &error), error);
  else if (g_str_equal (line, "undo"))
    answer_result (tk_session_undo (session, &error), error);
  else if (g_str_has_prefix (line, "accept "))
    tk_invite_server_accept_seat (server, atoi (line + 7)), answer_result (TRUE, NULL);
  else if (g_str_has_prefix (line, "refuse "))
    tk_invite_server_refuse_seat (server, atoi (line + 7)), answer_result (TRUE, NULL);
  else if (g_str_has_prefix (line, "takeback "))
    tk_invite_server_take_back_seat (server, atoi (line + 9)), answer_result (TRUE, NULL);
  else if (g_str_has_prefix (line, "auto "))
    tk_invite_server_set_accept_seats (server, atoi (line + 5)), answer_result (TRUE, NULL);
  else if (g_str_equal (line, "finish"))
    answer_result (tk_session_finish (session, NULL, NULL, NULL, NULL, &error), error);
  else if (g_str_equal (line, "host"))
    answer_host ();
  else if (g_str_equal (line, "quit"))
    g_main_loop_quit (loop);
  else
    answer_result (FALSE, NULL);
}

static gboolean
on_stdin (GIOChannel   *channel,
          GIOCondition  condition,
          gpointer      data)
{
  g_autofree char *line = NULL;
  gsize length;

  if (g_io_channel_read_line (channel, &line, &length, NULL, NULL) != G_IO_STATUS_NORMAL)
    {
      g_main_loop_quit (loop);
      return G_SOURCE_REMOVE;
    }
  g_strchomp (line);
  run_command (line);
  return G_SOURCE_CONTINUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(JsonObject) hello = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  g_auto(GStrv) names = NULL;
  const TkRules *rules;
  JsonArray *players;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TK_LOCALEDIR") != NULL ? g_getenv ("TK_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (argc != 4)
    {
      g_printerr ("usage: invite-host DB RULES NAME,NAME,…\n");
      return 2;
    }
  tk_games_register_all ();
  if ((rules = tk_rules_lookup (argv[2])) == NULL)
    g_error ("no engine %s", argv[2]);
  names = g_strsplit (argv[3], ",", -1);
  setup = rules->default_setup (g_strv_length (names));
  /* TK_TEST_SETUP: members to set in the engine's default setup, e.g. {"variant": …}. */
  if (g_getenv ("TK_TEST_SETUP") != NULL)
    {
      g_autoptr(JsonObject) extra = tk_json_load_object (g_getenv ("TK_TEST_SETUP"), -1, &error);
      g_autoptr(GList) members = NULL;

      if (extra == NULL)
        g_error ("TK_TEST_SETUP: %s", error->message);
      members = json_object_get_members (extra);
      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (setup, l->data, json_object_dup_member (extra, l->data));
    }
  players = json_object_get_array_member (setup, "players");
  for (guint i = 0; names[i] != NULL; i++)
    json_object_set_string_member (json_array_get_object_element (players, i), "name", names[i]);

  if ((store = tk_store_open (argv[1], &error)) == NULL ||
      (session = tk_session_start (store, rules->id, 0, "Table", setup, &error)) == NULL)
    g_error ("%s", error->message);
  server = tk_invite_server_new (session);
  /* TK_INVITE_LAN=1: the local network's addresses, as the app listens (a manual check). */
  if (!tk_invite_server_start (server, g_getenv ("TK_INVITE_LAN") != NULL ? TK_INVITE_BIND_LAN
                                                                        : TK_INVITE_BIND_LOOPBACK,
                               &error))
    g_error ("%s", error->message);
  json_object_set_string_member (hello, "url", tk_invite_server_get_url (server));
  answer (hello);

  loop = g_main_loop_new (NULL, FALSE);
  channel = g_io_channel_unix_new (0);
  g_io_add_watch (channel, G_IO_IN | G_IO_HUP, on_stdin, NULL);
  g_main_loop_run (loop);
  tk_invite_server_stop (server);
  g_clear_object (&server);
  g_main_loop_unref (loop);
  return 0;
}
