/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-collection.c — `tablekeeper-cli collection list|import|export`. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tk-bgg-csv.h"
#include "tk-catalog.h"
#include "tk-cli.h"
#include "tk-text.h"
#include "tk-collection.h"
#include "tk-display-title.h"

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

/* The statuses column of the text listing, for each of the 32 combinations. */
static char *
describe_statuses (TkGameStatus statuses)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (statuses & TK_GAME_STATUS_OWNED)
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("owned"));
  if (statuses & TK_GAME_STATUS_WANT_TO_PLAY)
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("want to play"));
  if (statuses & TK_GAME_STATUS_PLAYED)
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("played"));
  if (statuses & TK_GAME_STATUS_FAVOURITE)
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("favourite"));
  if (statuses & TK_GAME_STATUS_NOT_INTERESTED)
    g_string_append_printf (text, "%s%s", text->len ? ", " : "", _("not interested"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Prints the listing as each row is read, so that a long list neither waits for the last
 * game nor holds them all.  Each game is formatted by hand into one buffer that is written
 * out in large blocks: no object, no JSON tree and no printf per game.  The JSON is what
 * json-glib's pretty generator wrote for the whole list (kept byte for byte), except that
 * every control character is escaped as JSON (\u009b, not \x9b) so that it stays valid. */
#define FLUSH_AT (64 * 1024)

typedef struct
{
  gboolean  json;
  guint     n_games;
  GString  *out;
  char     *statuses[TK_GAME_STATUS_ALL + 1];
} ListPrinter;

static void
flush_printer (ListPrinter *printer)
{
  fwrite (printer->out->str, 1, printer->out->len, stdout);
  g_string_truncate (printer->out, 0);
}

/* Whether @text is valid UTF-8 without a control character (C0, DEL or C1): what a
 * terminal shows as it is, and a JSON string needs only its quotes and backslashes
 * escaped in.  Almost every title is. */
static gboolean
is_plain_text (const char *text)
{
  gboolean ascii = TRUE;

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      if (*p < 0x20 || *p == 0x7f || (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
        return FALSE;
      ascii = ascii && *p < 0x80;
    }
  return ascii || g_utf8_validate (text, -1, NULL);
}

/* The text listing's title column ("%-40s": padded to 40 bytes), made safe for a terminal
 * as g_print's handler makes everything else. */
static void
append_title_column (GString    *out,
                     const char *title)
{
  gsize before = out->len;

  if (is_plain_text (title))
    g_string_append (out, title);
  else
    {
      g_autofree char *safe = tk_text_escape_for_terminal (title, FALSE);

      g_string_append (out, safe);
    }
  if (out->len - before < 40)
    g_string_append_len (out, "                                        ",
                         (gssize) (40 - (out->len - before)));
}

/* "%*s" of a range as tk_game_describe_players() writes it ("", "4", "2–5"). */
static void
append_range_column (GString *out,
                     guint    low,
                     guint    high,
                     int      width)
{
  char text[32] = "";
  int length = 0;

  if (low != 0 || high != 0)
    length = (low == 0 || high == 0 || low == high)
             ? g_snprintf (text, sizeof text, "%u", MAX (low, high))
             : g_snprintf (text, sizeof text, "%u–%u", low, high);
  for (int i = length; i < width; i++)
    g_string_append_c (out, ' ');
  g_string_append_len (out, text, length);
}

/* A JSON string: quotes, backslashes and every control character escaped, C1 included
 * (a terminal takes U+009B for CSI), invalid UTF-8 replaced. */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_autofree char *valid = NULL;

  g_string_append_c (out, '"');
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"':  g_string_append (out, "\\\""); continue;
        case '\\': g_string_append (out, "\\\\"); continue;
        case '\b': g_string_append (out, "\\b"); continue;
        case '\f': g_string_append (out, "\\f"); continue;
        case '\n': g_string_append (out, "\\n"); continue;
        case '\r': g_string_append (out, "\\r"); continue;
        case '\t': g_string_append (out, "\\t"); continue;
        default: break;
        }
      if (*p < 0x20 || *p == 0x7f)
        g_string_append_printf (out, "\\u%04x", *p);
      else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
        g_string_append_printf (out, "\\u%04x", *++p);
      else
        g_string_append_c (out, (char) *p);
    }
  g_string_append_c (out, '"');
}

static void
append_json_int (GString    *out,
                 const char *name,
                 gint64      value)
{
  g_string_append_printf (out, ",\n    \"%s\" : %" G_GINT64_FORMAT, name, value);
}

static void
append_game_json (GString         *out,
                  const TkGameRow *row)
{
  char weight[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, "{\n    \"id\" : %" G_GINT64_FORMAT ",\n    \"title\" : ", row->id);
  append_json_string (out, row->title);
  if (row->title_ja != NULL)
    {
      g_string_append (out, ",\n    \"title_ja\" : ");
      append_json_string (out, row->title_ja);
    }
  if (row->bgg_id > 0)
    append_json_int (out, "bgg_id", row->bgg_id);
  append_json_int (out, "year", row->year);
  append_json_int (out, "min_players", row->min_players);
  append_json_int (out, "max_players", row->max_players);
  append_json_int (out, "min_time", row->min_time);
  append_json_int (out, "max_time", row->max_time);
  /* As json-glib writes a double ("%.17g", "2.0" for 2); a non-finite one is null. */
  g_string_append (out, ",\n    \"weight\" : ");
  if (!isfinite (row->weight))
    g_string_append (out, "null");
  else
    {
      g_string_append (out, g_ascii_dtostr (weight, sizeof weight, row->weight));
      if (strpbrk (weight, ".eE") == NULL)
        g_string_append (out, ".0");
    }
  append_json_int (out, "statuses", row->statuses);
  append_json_int (out, "rating", row->rating);
  append_json_int (out, "plays", row->plays);
  g_string_append (out, "\n  }");
}

static gboolean
print_game (const TkGameRow *row,
            gpointer         user_data)
{
  ListPrinter *printer = user_data;
  GString *out = printer->out;

  if (printer->json)
    {
      g_string_append (out, printer->n_games == 0 ? "[\n  " : ",\n  ");
      append_game_json (out, row);
    }
  else
    {
      append_title_column (out, tk_display_title (row->title, row->title_ja));
      g_string_append_c (out, ' ');
      append_range_column (out, row->min_players, row->max_players, 6);
      g_string_append_c (out, ' ');
      append_range_column (out, row->min_time, row->max_time, 8);
      g_string_append_printf (out, " %5d  %s\n", row->year, printer->statuses[row->statuses]);
    }
  printer->n_games++;
  if (out->len >= FLUSH_AT)
    flush_printer (printer);
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
  printer.out = g_string_sized_new (FLUSH_AT + 4096);
  for (guint i = 0; i < G_N_ELEMENTS (printer.statuses); i++)
    printer.statuses[i] = describe_statuses ((TkGameStatus) i);
  ok = tk_collection_foreach_row (collection, &query, json, print_game, &printer, &error);
  flush_printer (&printer);
  g_string_free (printer.out, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (printer.statuses); i++)
    g_free (printer.statuses[i]);
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

/* GAME as the user gives it: the row id, "bgg:ID", or the game's uid. */
static gint64
find_game (TkStore    *store,
           const char *text)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT id FROM games WHERE uid = ?1"
                                                " OR (?1 NOT GLOB '*[^0-9]*'"
                                                "     AND id = CAST (?1 AS INTEGER))"
                                                " OR (?1 GLOB 'bgg:[0-9]*'"
                                                "     AND bgg_id = CAST (substr (?1, 5) AS INTEGER))"
                                                " ORDER BY uid = ?1 DESC LIMIT 1", NULL);
  gint64 id = 0;

  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, text, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (id == 0)
    g_printerr (_("tablekeeper-cli: there is no game “%s” (a number, bgg:ID or a uid).\n"), text);
  return id;
}

static gboolean
status_by_name (const char   *name,
                TkGameStatus *status)
{
  static const struct { const char *name; TkGameStatus status; } names[] = {
    { "owned", TK_GAME_STATUS_OWNED }, { "want", TK_GAME_STATUS_WANT_TO_PLAY },
    { "played", TK_GAME_STATUS_PLAYED }, { "favourite", TK_GAME_STATUS_FAVOURITE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i].name))
      {
        *status = names[i].status;
        return TRUE;
      }
  g_printerr (_("tablekeeper-cli: unknown status “%s” (owned, want, played, favourite)\n"),
              name);
  return FALSE;
}

/* `collection set GAME [--status S]… [--no-status S]… [--rating N] [--comment TEXT]`: each
 * change its own edit, as the app makes them. */
static int
collection_set (TkCollection  *collection,
                int            argc,
                char         **argv)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = tk_collection_get_store (collection);
  gint64 game_id;

  if (argc < 3)
    goto usage;
  game_id = find_game (store, argv[1]);
  if (game_id == 0)
    return 1;
  /* Checked whole before the first change, so that a typo changes nothing. */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 2; i < argc; i++)
      {
        const char *option = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        TkGameStatus status;
        guint64 rating = 0;
        gboolean ok = TRUE;

        if (value == NULL)
          goto usage;
        i++;
        if (g_str_equal (option, "--status") || g_str_equal (option, "--no-status"))
          {
            if (!status_by_name (value, &status))
              return 2;
            if (pass == 1)
              ok = tk_collection_set_status (collection, game_id, status,
                                             g_str_equal (option, "--status"), &error);
          }
        else if (g_str_equal (option, "--rating"))
          {
            if (!g_ascii_string_to_unsigned (value, 10, 0, 10, &rating, NULL))
              {
                g_printerr (_("tablekeeper-cli: a rating is a number from 1 to 10 (0 clears it)"
                              ".\n"));
                return 2;
              }
            if (pass == 1)
              ok = tk_collection_set_rating (collection, game_id, (guint) rating, &error);
          }
        else if (g_str_equal (option, "--comment"))
          {
            if (pass == 1)
              ok = tk_collection_set_comment (collection, game_id, value, &error);
          }
        else
          goto usage;
        if (!ok)
          {
            g_printerr (_("tablekeeper-cli: cannot change the game: %s\n"), error->message);
            return 1;
          }
      }
  return 0;

usage:
  return tk_cli_usage (_("Usage: tablekeeper-cli collection set GAME [--status owned|want|played|"
                         "favourite]… [--no-status STATUS]… [--rating N] [--comment TEXT]\n"
                         "GAME is the game’s number, bgg:ID or its uid.\n"),
                       tk_cli_wants_help (argc, argv));
}

static int
collection_remove (TkCollection  *collection,
                   int            argc,
                   char         **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) snapshot = NULL;
  gint64 game_id;

  if (argc != 2 || tk_cli_wants_help (argc, argv))
    return tk_cli_usage (_("Usage: tablekeeper-cli collection remove GAME\n"
                           "Removes the game from the collection (a game of your own is "
                           "deleted).\n"), tk_cli_wants_help (argc, argv));
  game_id = find_game (tk_collection_get_store (collection), argv[1]);
  if (game_id == 0)
    return 1;
  snapshot = tk_collection_delete_game (collection, game_id, &error);
  if (snapshot == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot remove the game: %s\n"), error->message);
      return 1;
    }
  return 0;
}

/* `collection merge GAME INTO`: a game of your own that is the same as another (an offer
 * after two libraries met: `sync offers`). */
static int
collection_merge (TkCollection  *collection,
                  int            argc,
                  char         **argv)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = tk_collection_get_store (collection);
  gint64 from, into;

  if (argc != 3 || tk_cli_wants_help (argc, argv))
    return tk_cli_usage (_("Usage: tablekeeper-cli collection merge GAME INTO\n"
                           "Merges your own game GAME into INTO: its plays and its collection "
                           "entry go to INTO, and GAME is removed, on every synced device.\n"),
                         tk_cli_wants_help (argc, argv));
  from = find_game (store, argv[1]);
  into = from != 0 ? find_game (store, argv[2]) : 0;
  if (into == 0)
    return 1;
  if (!tk_collection_merge_games (collection, from, into, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot merge the games: %s\n"), error->message);
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
                           "  tablekeeper-cli collection set GAME [OPTION…]\n"
                           "  tablekeeper-cli collection remove GAME\n"
                           "  tablekeeper-cli collection merge GAME INTO\n"
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
  if (g_strcmp0 (argv[1], "set") == 0)
    return collection_set (collection, argc - 1, argv + 1);
  if (g_strcmp0 (argv[1], "remove") == 0)
    return collection_remove (collection, argc - 1, argv + 1);
  if (g_strcmp0 (argv[1], "merge") == 0)
    return collection_merge (collection, argc - 1, argv + 1);

  g_printerr (_("tablekeeper-cli collection: unknown subcommand “%s” (list, import, export, set, "
                "remove, merge)\n"),
              argv[1]);
  return 2;
}
