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

  if (argc != 4)
    {
      g_printerr ("usage: gen-bgg-export ROWS SEED FILE\n");
      return 2;
    }
  if (!tk_bgg_export_write_file ((guint) strtoul (argv[1], NULL, 10),
                                 (guint32) strtoul (argv[2], NULL, 10), argv[3], &error))
    {
      g_printerr ("gen-bgg-export: %s\n", error->message);
      return 1;
    }
  return 0;
}
