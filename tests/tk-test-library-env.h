/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-library-env.h — conditions a library file meets on a user's machine, made in a
 * test: a full disk and a read-only file, both as root too (where permission bits do not
 * stop anything). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* From now on, files that SQLite writes in this process may grow by @bytes in all (then
 * every write that would grow a file fails with SQLITE_FULL, as on a full disk); -1: no
 * limit.  Installs a SQLite VFS as the default the first time. */
void     tk_test_set_disk_space    (gint64       bytes);

/* Makes the folder @dir and everything in it read-only for this process: a read-only bind
 * mount in a private mount namespace as root, else permission bits.  FALSE with @why set
 * when neither is possible here. */
gboolean tk_test_make_read_only    (const char  *dir,
                                    char       **why);
/* Undoes tk_test_make_read_only(). */
void     tk_test_make_writable     (const char  *dir);

G_END_DECLS
