/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli.c — tablekeeper-cli: the library, the engines and the formats from a shell. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "tk-cli.h"
#include "tk-text.h"

/* How long the CLI waits for another program's lock on the library before saying so. */
#define BUSY_WAIT_MS 5000

typedef struct
{
  const char       *name;
  TkCliCommandFunc  func;
  const char       *summary;   /* translated on use */
  gboolean          no_library; /* works on files alone: gets a NULL store */
} Command;

static const Command commands[] = {
  { "collection", tk_cli_collection, N_("List, import and export the game collection") },
  { "discover", tk_cli_discover, N_("Suggest games you have neither played nor own, with reasons") },
  { "dump", tk_cli_dump, N_("Print the synced content as canonical JSON (to compare devices)") },
  { "info", tk_cli_info, N_("Show the library’s path, format version and row counts") },
  { "metromania", tk_cli_metromania, N_("Metromania: time every test trip of a network file"),
    TRUE },
  { "players", tk_cli_players, N_("List, rename and merge the players of the roster") },
  { "plays", tk_cli_plays, N_("List, export, import the play history; statistics") },
  { "score", tk_cli_score, N_("Replay a session file and print its score breakdown"), TRUE },
  { "session", tk_cli_session, N_("List open sessions; export or import a session") },
  { "sync", tk_cli_sync, N_("Sync the library through a folder another program keeps in sync") },
};

/* Everything the tool prints goes through here: a title, a name or a note from the library
 * or from a file may hold control characters (an old library, a file another program
 * wrote), and ESC among them would let it drive the terminal. */
static void
print_safely (FILE       *stream,
              const char *text)
{
  g_autofree char *safe = tk_text_escape_for_terminal (text, TRUE);

  fputs (safe, stream);
}

static void
print_to_stdout (const char *text)
{
  print_safely (stdout, text);
}

static void
print_to_stderr (const char *text)
{
  print_safely (stderr, text);
}

static char *
describe_commands (void)
{
  GString *text = g_string_new (_("Commands:"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (text, "\n  %-10s %s", commands[i].name, _(commands[i].summary));
  g_string_append_c (text, '\n');
  return g_string_free (text, FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  const char *localedir;
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *description = NULL;
  gboolean version = FALSE;
  gboolean read_only = FALSE;
  const Command *command = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db_path,
      N_("Use the library file PATH instead of the default one"), N_("PATH") },
    { "read-only", 0, 0, G_OPTION_ARG_NONE, &read_only,
      N_("Open the library read-only: list and export, never change it"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Print the version and exit"), NULL },
    { NULL }
  };

  /* TK_LOCALEDIR: translations compiled in a build folder, for running uninstalled (as the
   * app does). */
  localedir = g_getenv ("TK_LOCALEDIR");
  if (localedir == NULL || localedir[0] == '\0')
    localedir = LOCALEDIR;
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_print_handler (print_to_stdout);
  g_set_printerr_handler (print_to_stderr);

  context = g_option_context_new (_("COMMAND [ARGUMENTS…]"));
  g_option_context_set_summary (context, _("Keep the books of a board-game table from a shell."));
  description = describe_commands ();
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* Options after the command belong to the command. */
  g_option_context_set_strict_posix (context, TRUE);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("tablekeeper-cli: %s\n", error->message);
      return 2;
    }

  if (version)
    {
      g_print ("tablekeeper-cli %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (argc < 2)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("%s", help);
      return 2;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (argv[1], commands[i].name) == 0)
      command = &commands[i];

  if (command == NULL)
    {
      g_printerr (_("tablekeeper-cli: unknown command “%s” (see --help)\n"), argv[1]);
      return 2;
    }

  /* A command that reads only files must not create or lock a library. */
  if (command->no_library && db_path == NULL)
    return command->func (NULL, argc - 1, argv + 1);

  /* Help never creates, locks or reads a library: it runs on an empty one in memory. */
  if (tk_cli_wants_help (argc - 1, argv + 1))
    {
      store = tk_store_open_memory (&error);
      if (store == NULL)
        {
          g_printerr ("tablekeeper-cli: %s\n", error->message);
          return 1;
        }
      return command->func (store, argc - 1, argv + 1);
    }

  if (db_path == NULL)
    db_path = tk_store_default_path ();

  store = tk_store_open_full (db_path, read_only ? TK_STORE_OPEN_READ_ONLY : TK_STORE_OPEN_DEFAULT,
                              BUSY_WAIT_MS, &error);
  if (store == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot open the library: %s\n"), error->message);
      if (!read_only && g_error_matches (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY) &&
          g_file_test (db_path, G_FILE_TEST_IS_REGULAR))
        g_printerr (_("tablekeeper-cli: --read-only lists and exports it as it is; to change "
                      "it, copy it to a folder you can write to.\n"));
      return 1;
    }
  /* On stderr: stdout may be an export. */
  if (tk_store_get_made_from_empty (store))
    g_printerr (_("tablekeeper-cli: “%s” was an empty file; it is now a new library.\n"),
                db_path);

  return command->func (store, argc - 1, argv + 1);
}
