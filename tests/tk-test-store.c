/* tk-test-store.c — asking a test library a number. */
#include "config.h"

#include "tk-test-store.h"

gint64
tk_test_count (TkStore    *store,
               const char *sql)
{
  g_autoptr(GError) error = NULL;
  gint64 n = tk_store_query_int (store, sql, -1, &error);

  g_assert_no_error (error);
  return n;
}
