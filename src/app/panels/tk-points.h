/* tk-points.h — a score as every panel shows it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "12", "-3" for whole points, "2.50" otherwise (the score pad allows fractions). */
char *tk_points_format (double points);

G_END_DECLS
