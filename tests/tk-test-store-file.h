/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-store-file.h — the store tests' library file: a path in a folder of its own, and
 * SQLite run on it directly, outside the store, to build what a test opens and to read back
 * what the store left. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A test's folder and library.db in it (not created: the test decides what is there). */
typedef struct
{
  char *dir;
  char *path;
} TkTestStoreFile;

/* g_test_add () set-up and tear-down: a new temporary folder; the folder removed with
 * everything in it. */
void     tk_test_store_file_set_up    (TkTestStoreFile *f,
                                       gconstpointer    data);
void     tk_test_store_file_tear_down (TkTestStoreFile *f,
                                       gconstpointer    data);

/* Runs @sql on a raw connection to @path (created when missing), outside the store. */
void     tk_test_raw_exec             (const char      *path,
                                       const char      *sql);
/* The integer in the first column of @sql's first row, read through a read-only raw
 * connection to @path. */
gint64   tk_test_raw_query_int        (const char      *path,
                                       const char      *sql);
/* The SQL text of tests/fixtures/@name. */
char    *tk_test_fixture_sql          (const char      *name);

/* @path's bytes; fails the test when it cannot be read. */
GBytes  *tk_test_read_bytes           (const char      *path);
/* Fails the test unless @path holds exactly @before. */
void     tk_test_assert_bytes_unchanged (const char    *path,
                                         GBytes        *before);
/* Fails the test when @dir_path holds a file not named in @names. */
void     tk_test_assert_dir_holds_only  (const char          *dir_path,
                                         const char *const   *names);

G_END_DECLS
