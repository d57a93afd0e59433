/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-info.c — `tablekeeper-cli info`: where the library is and what it holds. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-cli.h"

int
tk_cli_info (TkStore  *store,
             int       argc,
             char    **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) counts = NULL;

  if (tk_cli_wants_help (argc, argv))
    return tk_cli_usage (_("Usage: tablekeeper-cli info\n"
                           "Shows the library’s path, format version and row counts.\n"), TRUE);
  if (argc > 1)
    {
      g_printerr (_("tablekeeper-cli info: unexpected argument “%s”\n"), argv[1]);
      return 2;
    }

  counts = tk_store_count_rows (store, &error);
  if (counts == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the library: %s\n"), error->message);
      return 1;
    }

  g_print (_("Library: %s\n"), tk_store_get_path (store));
  g_print (_("Format version: %d\n"), tk_store_get_schema_version (store));
  if (tk_store_get_backup_path (store) != NULL)
    g_print (_("Upgraded just now; the previous file was kept as %s\n"),
             tk_store_get_backup_path (store));
  g_print (_("Rows:\n"));
  for (guint i = 0; i < counts->len; i++)
    {
      TkStoreCount *count = &g_array_index (counts, TkStoreCount, i);
      g_print ("  %-16s %" G_GINT64_FORMAT "\n", count->table, count->rows);
    }
  return 0;
}
