/* tk-test-store.c — test libraries: a number a query returns, and removing a test's folder. */
#include "config.h"

#include <glib/gstdio.h>

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

void
tk_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      /* a link is removed, never followed: it may lead out of the test's folder */
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        tk_test_remove_tree (child);
      else
        g_assert_cmpint (g_remove (child), ==, 0);
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}
