/* tk-cli-collection.c — `tablekeeper-cli collection list|import|export`. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "tk-bgg-csv.h"
#include "tk-catalog.h"
#include "tk-cli.h"
#include "tk-text.h"
#include "tk-collection.h"

static gboolean
parse_statuses (const char    *text,
                TkGameStatus  *statuses,
                GError       **error)
{
  g_auto(GStrv) names = NULL;

  *statuses = TK_GAME_STATUS_NONE;
  if (text == NULL)
    return TRUE;
  names = g_strsplit (text, ",", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      TkGameStatus status;

      if (!tk_game_status_from_string (g_strstrip (names[i]), &status))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("unknown status “%s” (owned, want-to-play, played, favourite, "
                         "not-interested)"), names[i]);
          return FALSE;
        }
      *statuses |= status;
    }
  return TRUE;
}

static char *
describe_statuses (TkGame *game)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (tk_game_has_status (game, TK_GAME_STATUS_OWNED))
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("owned"));
  if (tk_game_has_status (game, TK_GAME_STATUS_WANT_TO_PLAY))
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("want to play"));
  if (tk_game_has_status (game, TK_GAME_STATUS_PLAYED))
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("played"));
  if (tk_game_has_status (game, TK_GAME_STATUS_FAVOURITE))
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("favourite"));
  if (tk_game_has_status (game, TK_GAME_STATUS_NOT_INTERESTED))
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("not interested"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* One game as the JSON object `collection list --json` prints for it. */
static JsonNode *
game_to_json (TkGame *game)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_int_value (builder, tk_game_get_id (game));
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, tk_game_get_title (game));
  if (tk_game_get_title_ja (game) != NULL)
    {
      json_builder_set_member_name (builder, "title_ja");
      json_builder_add_string_value (builder, tk_game_get_title_ja (game));
    }
  if (tk_game_get_bgg_id (game) > 0)
    {
      json_builder_set_member_name (builder, "bgg_id");
      json_builder_add_int_value (builder, tk_game_get_bgg_id (game));
    }
  json_builder_set_member_name (builder, "year");
  json_builder_add_int_value (builder, tk_game_get_year (game));
  json_builder_set_member_name (builder, "min_players");
  json_builder_add_int_value (builder, tk_game_get_min_players (game));
  json_builder_set_member_name (builder, "max_players");
  json_builder_add_int_value (builder, tk_game_get_max_players (game));
  json_builder_set_member_name (builder, "min_time");
  json_builder_add_int_value (builder, tk_game_get_min_time (game));
  json_builder_set_member_name (builder, "max_time");
  json_builder_add_int_value (builder, tk_game_get_max_time (game));
  json_builder_set_member_name (builder, "weight");
  json_builder_add_double_value (builder, tk_game_get_weight (game));
  json_builder_set_member_name (builder, "statuses");
  json_builder_add_int_value (builder, tk_game_get_statuses (game));
  json_builder_set_member_name (builder, "rating");
  json_builder_add_int_value (builder, tk_game_get_rating (game));
  json_builder_set_member_name (builder, "plays");
  json_builder_add_int_value (builder, tk_game_get_plays (game));
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Prints the listing as each game is read, so that a long list neither waits for the last
 * game nor holds them all.  The JSON is the pretty array json-glib writes for the whole
 * list: each object is generated alone and indented one level. */
typedef struct
{
  gboolean          json;
  guint             n_games;
  JsonGenerator    *generator;
  GString          *line;
} ListPrinter;

static gboolean
print_game (TkGame   *game,
            gpointer  user_data)
{
  ListPrinter *printer = user_data;

  if (printer->json)
    {
      g_autoptr(JsonNode) node = game_to_json (game);
      g_autofree char *text = NULL;

      json_generator_set_root (printer->generator, node);
      text = json_generator_to_data (printer->generator, NULL);
      g_string_assign (printer->line, printer->n_games == 0 ? "[\n  " : ",\n  ");
      /* Generated JSON has no raw newline inside a string: every newline is layout. */
      for (const char *p = text; *p != '\0'; p++)
        {
          g_string_append_c (printer->line, *p);
          if (*p == '\n')
            g_string_append (printer->line, "  ");
        }
      /* json-glib leaves C1 controls (U+009B, a terminal's CSI) as they are. */
      {
        g_autofree char *safe = tk_text_escape_for_terminal (printer->line->str, TRUE);

        fputs (safe, stdout);
      }
    }
  else
    {
      g_autofree char *p = tk_game_describe_players (game);
      g_autofree char *t = tk_game_describe_time (game);
      g_autofree char *s = describe_statuses (game);
      /* printf, not g_print, for speed: the title is made safe for a terminal here, as
       * g_print's handler does for everything else. */
      g_autofree char *title = tk_text_escape_for_terminal (tk_game_get_display_title (game),
                                                           FALSE);

      printf ("%-40s %6s %8s %5d  %s\n", title, p, t, tk_game_get_year (game), s);
    }
  printer->n_games++;
  return TRUE;
}

static int
collection_list (TkCollection  *collection,
                 int            argc,
                 char         **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  ListPrinter printer = { 0 };
  gboolean ok;
  g_autofree char *status = NULL;
  g_autofree char *sort = NULL;
  g_autofree char *search = NULL;
  int players = 0, max_time = 0;
  gboolean json = FALSE, all = FALSE, best = FALSE, descending = FALSE;
  TkGameQuery query = { 0 };
  GOptionEntry entries[] = {
    { "status", 0, 0, G_OPTION_ARG_STRING, &status,
      N_("Only games with one of these statuses (comma-separated)"), N_("STATUS") },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("Only games that play with N players"),
      N_("N") },
    { "best", 0, 0, G_OPTION_ARG_NONE, &best, N_("…and are best with N players"), NULL },
    { "max-time", 0, 0, G_OPTION_ARG_INT, &max_time, N_("Only games of at most T minutes"),
      N_("T") },
    { "sort", 0, 0, G_OPTION_ARG_STRING, &sort,
      N_("Order: title, year, players, time, weight, rating, plays, last-played"), N_("KEY") },
    { "desc", 0, 0, G_OPTION_ARG_NONE, &descending, N_("Reverse the order"), NULL },
    { "search", 0, 0, G_OPTION_ARG_STRING, &search,
      N_("Only games whose title or designer contains TEXT"), N_("TEXT") },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("Include the whole catalog, not only the collection"),
      NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    goto usage;
  if (argc > 1)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("unexpected argument “%s”"), argv[1]);
      goto usage;
    }
  if (!parse_statuses (status, &query.statuses, &error))
    goto usage;
  if (sort != NULL && !tk_game_sort_from_string (sort, &query.sort))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("unknown sort key “%s”"), sort);
      goto usage;
    }
  if (players < 0 || max_time < 0)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("numbers must not be negative"));
      goto usage;
    }
  query.collection_only = !all;
  query.players = (guint) players;
  query.best_at = best;
  query.max_minutes = (guint) max_time;
  query.descending = descending;
  query.search = search;

  printer.json = json;
  if (json)
    {
      printer.generator = json_generator_new ();
      json_generator_set_pretty (printer.generator, TRUE);
      printer.line = g_string_new (NULL);
    }
  ok = tk_collection_foreach (collection, &query, print_game, &printer, &error);
  g_clear_object (&printer.generator);
  if (printer.line != NULL)
    g_string_free (printer.line, TRUE);
  if (!ok)
    {
      g_printerr (_("tablekeeper-cli: cannot read the collection: %s\n"), error->message);
      return 1;
    }

  if (json)
    fputs (printer.n_games > 0 ? "\n]\n" : "[]\n", stdout);
  else
    g_print (g_dngettext (GETTEXT_PACKAGE, "%u game\n", "%u games\n", printer.n_games),
             printer.n_games);
  return 0;

usage:
  g_printerr ("tablekeeper-cli collection list: %s\n", error->message);
  return 2;
}

/* Whether the file's first byte other than white space is "{" (a Tablekeeper JSON). */
static gboolean
starts_with_brace (GFile     *file,
                   gboolean  *brace,
                   GError   **error)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, NULL, error);
  char head[4096];
  gssize n;

  *brace = FALSE;
  if (stream == NULL)
    return FALSE;
  while ((n = g_input_stream_read (G_INPUT_STREAM (stream), head, sizeof head, NULL, error)) > 0)
    for (gssize i = 0; i < n; i++)
      if (!g_ascii_isspace (head[i]))
        {
          *brace = head[i] == '{';
          return TRUE;
        }
  return n == 0;
}

static int
collection_import (TkCollection  *collection,
                   int            argc,
                   char         **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr(GError) error = NULL;
  g_autofree char *friend = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *described = NULL;
  g_auto(TkImportSummary) summary = { 0 };
  g_autoptr(GFile) file = NULL;
  gboolean is_json = FALSE;
  gsize length = 0;
  GOptionEntry entries[] = {
    { "friend", 0, 0, G_OPTION_ARG_STRING, &friend,
      N_("Import the file as the friend’s list NAME"), N_("NAME") },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("tablekeeper-cli collection import: %s\n",
                  error != NULL ? error->message : _("give one file to import"));
      return 2;
    }
  file = g_file_new_for_commandline_arg (argv[1]);
  if (friend == NULL && !starts_with_brace (file, &is_json, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot read “%s”: %s\n"), argv[1], error->message);
      return 1;
    }
  /* A BoardGameGeek CSV is read as it is imported; the rest whole. */
  if (friend == NULL && !is_json)
    {
      if (!tk_bgg_csv_import_file (collection, file, &summary, &error))
        goto failed;
    }
  else if (!g_file_get_contents (argv[1], &contents, &length, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot read “%s”: %s\n"), argv[1], error->message);
      return 1;
    }
  else if (friend != NULL)
    {
      if (tk_collection_import_friend_list (collection, friend, contents, length, &error) == 0)
        goto failed;
      g_print (_("Imported the list “%s”.\n"), friend);
      return 0;
    }
  else if (!tk_collection_import_json_summary (collection, contents, length, &summary, &error))
    goto failed;

  described = tk_import_summary_describe (&summary);
  /* TRANSLATORS: the second %s is "2 new, 1 updated, 0 matched to the catalog" */
  g_print (g_dngettext (GETTEXT_PACKAGE, "Imported %u game: %s.\n", "Imported %u games: %s.\n",
                        summary.n_read), summary.n_read, described);
  if (summary.ambiguous != NULL)
    {
      g_print ("%s\n", _("Check these games: each title or BGG id stands for more than one game "
                         "in the file or in the library:"));
      for (guint k = 0; k < summary.ambiguous->len; k++)
        g_print ("  %s\n", (const char *) g_ptr_array_index (summary.ambiguous, k));
    }
  return 0;

failed:
  g_printerr (_("tablekeeper-cli: “%s” was not imported: %s\n"), argv[1], error->message);
  return 1;
}

static int
collection_export (TkCollection  *collection,
                   int            argc,
                   char         **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *format = NULL;
  g_autofree char *status = NULL;
  g_autofree char *text = NULL;
  TkGameStatus statuses;
  GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("csv (BoardGameGeek), json or html"),
      N_("FORMAT") },
    { "status", 0, 0, G_OPTION_ARG_STRING, &status,
      N_("Only games with one of these statuses (comma-separated)"), N_("STATUS") },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 ||
      !parse_statuses (status, &statuses, &error))
    {
      g_printerr ("tablekeeper-cli collection export: %s\n",
                  error != NULL ? error->message : _("give one file to write"));
      return 2;
    }

  if (format == NULL || g_strcmp0 (format, "csv") == 0)
    text = tk_bgg_csv_export (collection, statuses, &error);
  else if (g_strcmp0 (format, "json") == 0)
    text = tk_collection_export_json (collection, statuses, &error);
  else if (g_strcmp0 (format, "html") == 0)
    text = tk_collection_export_html (collection, statuses, &error);
  else
    {
      g_printerr (_("tablekeeper-cli collection export: unknown format “%s” (csv, json, html)\n"),
                  format);
      return 2;
    }
  if (text == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot export the collection: %s\n"), error->message);
      return 1;
    }

  /* Written beside the target and renamed over it: never a half file. */
  file = g_file_new_for_commandline_arg (argv[1]);
  if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot write “%s”: %s\n"), argv[1], error->message);
      return 1;
    }
  return 0;
}

int
tk_cli_collection (TkStore  *store,
                   int       argc,
                   char    **argv)
{
  g_autoptr(TkCollection) collection = NULL;
  g_autoptr(GError) error = NULL;

  if (argc < 2 || (argc == 2 && tk_cli_wants_help (argc, argv)))
    return tk_cli_usage (_("Usage:\n"
                           "  tablekeeper-cli collection list [OPTION…]\n"
                           "  tablekeeper-cli collection import [OPTION…] FILE\n"
                           "  tablekeeper-cli collection export [OPTION…] FILE\n"
                           "“tablekeeper-cli collection list --help” (import, export) lists the "
                           "options.\n"), argc == 2);

  /* Help needs no catalog (and runs on an empty library in memory). */
  if (!tk_cli_wants_help (argc, argv) && !tk_catalog_ensure (store, NULL, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot load the catalog of games: %s\n"), error->message);
      return 1;
    }
  collection = tk_collection_new (store);

  if (g_strcmp0 (argv[1], "list") == 0)
    return collection_list (collection, argc - 1, argv + 1);
  if (g_strcmp0 (argv[1], "import") == 0)
    return collection_import (collection, argc - 1, argv + 1);
  if (g_strcmp0 (argv[1], "export") == 0)
    return collection_export (collection, argc - 1, argv + 1);

  g_printerr (_("tablekeeper-cli collection: unknown subcommand “%s” (list, import, export)\n"),
              argv[1]);
  return 2;
}
