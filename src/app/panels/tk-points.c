/* tk-points.c — a score as every panel shows it. */
#include "config.h"

#include <inttypes.h>

#include "tk-points.h"

char *
tk_points_format (double points)
{
  if (points == (double) (gint64) points)
    return g_strdup_printf ("%" PRId64, (gint64) points);
  return g_strdup_printf ("%.2f", points);
}
