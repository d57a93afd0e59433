/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gen-bgg-export ROWS SEED FILE — writes a realistic BoardGameGeek collection export
 * (tk-bgg-export-gen.h) of ROWS rows, about 15 % of them games of the bundled catalog. */
#include "config.h"

#include <stdlib.h>

#include "tk-bgg-export-gen.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) catalog = NULL;
  g_autoptr(GArray) games = g_array_new (FALSE, FALSE, sizeof (TkGenCatalogGame));
  GString *csv;
  gboolean ok;

  if (argc != 4)
    {
      g_printerr ("usage: gen-bgg-export ROWS SEED FILE\n");
      return 2;
    }
  catalog = tk_bgg_export_catalog_games (&error);
  if (catalog == NULL)
    {
      g_printerr ("gen-bgg-export: %s\n", error->message);
      return 1;
    }
  for (guint i = 0; i < catalog->len; i++)
    g_array_append_vals (games, g_ptr_array_index (catalog, i), 1);
  csv = tk_bgg_export_generate ((guint) strtoul (argv[1], NULL, 10),
                                (guint32) strtoul (argv[2], NULL, 10),
                                (const TkGenCatalogGame *) (gpointer) games->data, games->len, 15);
  ok = g_file_set_contents (argv[3], csv->str, (gssize) csv->len, &error);
  g_string_free (csv, TRUE);
  if (!ok)
    {
      g_printerr ("gen-bgg-export: %s\n", error->message);
      return 1;
    }
  return 0;
}
