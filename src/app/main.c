/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — starts Tablekeeper. */
#define G_LOG_DOMAIN "tablekeeper"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "tk-application.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(TkApplication) app = NULL;
  const char *localedir = g_getenv ("TK_LOCALEDIR");

  /* TK_LOCALEDIR: translations compiled in a build folder, for running uninstalled. */
  if (localedir == NULL || localedir[0] == '\0')
    localedir = LOCALEDIR;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tk_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
