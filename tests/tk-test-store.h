/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-store.h — test libraries: one in memory or in a folder of its own, SQL run on one,
 * a number a query returns, and removing a test's folder. */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

/* A new library in memory; fails the test on an error. */
TkStore *tk_test_open_memory (void);
/* Runs @sql on @store; fails the test on an error. */
void     tk_test_exec_ok     (TkStore    *store,
                              const char *sql);
/* A new library, library.db in a new temporary folder made from @dir_template (a
 * g_dir_make_tmp () template); @dir (out): that folder, for tk_test_library_close ().
 * Fails the test on an error. */
TkStore *tk_test_library_new   (const char  *dir_template,
                                char       **dir);
/* Closes *@store (whose sessions are gone already) and removes *@dir with everything in it;
 * clears both. */
void     tk_test_library_close (TkStore **store,
                                char    **dir);
/* The integer @sql (one row, one column: a COUNT, a PRAGMA) returns; fails the test on an
 * error. */
gint64 tk_test_count (TkStore    *store,
                      const char *sql);
/* Removes @path and everything below it (a library with its -wal, -shm and backup files);
 * fails the test when something cannot go. */
void   tk_test_remove_tree (const char *path);

/* SQL that takes a library of the current format back to what format 10 had (the sync
 * tables, triggers and uid columns gone), for tests that pretend a file is older than it
 * is: tk_test_undo_v12_sql () followed by the undoing of step 11. */
const char *tk_test_undo_v11_sql (void);
/* SQL that takes a library of format 12 back to format 11 (the ledger's tree and the
 * sessions' sync gone; the undone flags are not brought back). */
const char *tk_test_undo_v12_sql (void);

/* The row id of the catalog game @key (catalog_key); the test fails when there is none. */
gint64 tk_test_catalog_game_id (TkStore    *store,
                                const char *key);

G_END_DECLS
