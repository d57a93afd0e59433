/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-common.c — what every subcommand of tablekeeper-cli shares: asking for help, its
 * usage text, and "-" as standard input or output.  Apart from tk-cli.c (main and the table
 * of commands, which calls every subcommand) so that the subcommands call down to here and
 * never back up into main's file. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "tk-cli.h"

gboolean
tk_cli_wants_help (int    argc,
                   char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--"))
        break;
      if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h") ||
          g_str_equal (argv[i], "-?"))
        return TRUE;
    }
  return FALSE;
}

int
tk_cli_usage (const char *usage,
              gboolean    asked)
{
  if (asked)
    {
      g_print ("%s", usage);
      return 0;
    }
  g_printerr ("%s", usage);
  return 2;
}

/* Writes @text to @path ("-": standard output); the file is replaced atomically. */
gboolean
tk_cli_write_output (const char  *path,
                     const char  *text,
                     GError     **error)
{
  if (g_strcmp0 (path, "-") == 0)
    {
      g_print ("%s", text);
      if (!g_str_has_suffix (text, "\n"))
        g_print ("\n");
      return TRUE;
    }
  return g_file_set_contents (path, text, -1, error);
}

/* Reads @path ("-": standard input). */
gboolean
tk_cli_read_input (const char  *path,
                   char       **contents,
                   gsize       *length,
                   GError     **error)
{
  if (g_strcmp0 (path, "-") == 0)
    {
      GString *buffer = g_string_new (NULL);
      char chunk[65536];
      size_t n;

      while ((n = fread (chunk, 1, sizeof chunk, stdin)) > 0)
        g_string_append_len (buffer, chunk, n);
      if (ferror (stdin))
        {
          g_string_free (buffer, TRUE);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Reading standard input failed."));
          return FALSE;
        }
      *length = buffer->len;
      *contents = g_string_free (buffer, FALSE);
      return TRUE;
    }
  return g_file_get_contents (path, contents, length, error);
}
