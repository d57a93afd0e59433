/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-plays-import.c — `tablekeeper-cli plays import FILE…`: Tablekeeper's own plays
 * file, a BG Stats export or saved BoardGameGeek plays pages, with the same preview the app
 * shows before writing. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-catalog.h"
#include "tk-cli.h"
#include "tk-history-import.h"
#include "tk-plays.h"

#define USAGE _("Usage: tablekeeper-cli plays import FILE… [--format bgstats|bgg-xml] " \
                "[--dry-run]\n")

/* A Tablekeeper plays file (the format of `plays export --format json`). */
static int
import_own_file (TkStore    *store,
                 const char *path,
                 const char *text,
                 gsize       length)
{
  g_autoptr(GError) error = NULL;
  guint n = 0;

  if (!tk_plays_import_json (store, text, length, &n, &error))
    {
      g_printerr (_("tablekeeper-cli: “%s” was not imported (nothing was written): %s\n"),
                  path, error->message);
      return 1;
    }
  g_print (g_dngettext (GETTEXT_PACKAGE, "Imported %u play.\n", "Imported %u plays.\n", n), n);
  return 0;
}

static void
print_people (TkHistoryImport *import)
{
  gboolean heading = FALSE;

  for (guint i = 0; i < tk_history_import_get_n_people (import); i++)
    {
      const TkHistoryPerson *p = tk_history_import_get_person (import, i);
      g_autoptr(GString) line = g_string_new ("  ");

      if (p->n_plays == 0)
        continue;
      if (!heading)
        g_print ("%s\n", _("Players:"));
      heading = TRUE;
      g_string_append (line, p->name);
      if (p->username != NULL)
        g_string_append_printf (line, " (%s)", p->username);
      if (p->me)
        g_string_append_printf (line, " — %s", _("you"));
      g_string_append (line, " → ");
      if (p->not_a_person)
        g_string_append (line, _("not a person: kept out of the roster"));
      else if (p->roster_id > 0)
        g_string_append_printf (line, _("%s, in the roster"), p->roster_name);
      else
        g_string_append_printf (line, _("%s, new to the roster"), p->roster_name);
      g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, " (%u play)", " (%u plays)",
                                                 p->n_plays), p->n_plays);
      g_print ("%s\n", line->str);
    }
}

int
tk_cli_plays_import (TkStore  *store,
                     int       argc,
                     char    **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkHistoryImport) import = tk_history_import_new ();
  g_autoptr(GPtrArray) paths = g_ptr_array_new ();
  g_autofree char *preview = NULL;
  TkHistoryFormat format = TK_HISTORY_FORMAT_AUTO;
  gboolean dry_run = FALSE;

  for (int i = 2; i < argc; i++)
    {
      const char *value = NULL;

      if (g_str_equal (argv[i], "--dry-run"))
        dry_run = TRUE;
      else if (g_str_has_prefix (argv[i], "--format="))
        value = argv[i] + strlen ("--format=");
      else if (g_str_equal (argv[i], "--format") && i + 1 < argc)
        value = argv[++i];
      else if (g_str_has_prefix (argv[i], "--") || (argv[i][0] == '-' && argv[i][1] != '\0'))
        return tk_cli_usage (USAGE, FALSE);
      else
        g_ptr_array_add (paths, argv[i]);
      if (value != NULL && g_str_equal (value, "bgstats"))
        format = TK_HISTORY_FORMAT_BGSTATS;
      else if (value != NULL && g_str_equal (value, "bgg-xml"))
        format = TK_HISTORY_FORMAT_BGG_XML;
      else if (value != NULL)
        {
          g_printerr (_("tablekeeper-cli plays import: the format is bgstats or bgg-xml, "
                        "not “%s”\n"), value);
          return 2;
        }
    }
  if (paths->len == 0)
    return tk_cli_usage (USAGE, FALSE);

  /* Games are matched to the catalog's by their BGG id, as in the app. */
  if (!tk_catalog_ensure (store, NULL, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot load the catalog of games: %s\n"), error->message);
      return 1;
    }
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      g_autofree char *text = NULL;
      gsize length = 0;
      TkHistoryFormat file_format = format;

      if (!tk_cli_read_input (path, &text, &length, &error))
        {
          g_printerr (_("tablekeeper-cli: cannot read “%s”: %s\n"), path, error->message);
          return 1;
        }
      if (file_format == TK_HISTORY_FORMAT_AUTO &&
          !tk_history_import_check_kind (text, length, &error))
        {
          g_printerr (_("tablekeeper-cli: “%s” was not imported (nothing was written): %s\n"),
                      path, error->message);
          return 1;
        }
      if (file_format == TK_HISTORY_FORMAT_AUTO)
        file_format = tk_history_import_detect (text, length);
      if (file_format == TK_HISTORY_FORMAT_AUTO && paths->len == 1 && !dry_run)
        return import_own_file (store, path, text, length);
      if (!tk_history_import_add_file (import, text, length, file_format, &error))
        {
          g_printerr (_("tablekeeper-cli: “%s” was not imported (nothing was written): %s\n"),
                      path, error->message);
          return 1;
        }
    }
  if (!tk_history_import_prepare (import, store, &error))
    goto fail;
  preview = tk_history_summary_describe (tk_history_import_get_summary (import));
  g_print ("%s", preview);
  print_people (import);
  if (dry_run)
    {
      g_print ("%s\n", _("Nothing was written (--dry-run)."));
      return 0;
    }
  if (tk_history_import_get_summary (import)->n_new > 0 &&
      !tk_history_import_write (import, store, NULL, NULL, NULL, &error))
    goto fail;
  g_print (g_dngettext (GETTEXT_PACKAGE, "Imported %u play.\n", "Imported %u plays.\n",
                        tk_history_import_get_summary (import)->n_new),
           tk_history_import_get_summary (import)->n_new);
  return 0;

fail:
  g_printerr (_("tablekeeper-cli: the plays were not imported (nothing was written): %s\n"),
              error->message);
  return 1;
}
