/* tk-test-store.h — asking a test library a number. */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

/* The integer @sql (one row, one column: a COUNT, a PRAGMA) returns; fails the test on an
 * error. */
gint64 tk_test_count (TkStore    *store,
                      const char *sql);

G_END_DECLS
