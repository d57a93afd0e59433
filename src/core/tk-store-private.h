/* tk-store-private.h — helpers of the store kept out of its public API. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The process holding a SQLite lock on the library at @path (on the file, or on its -shm in
 * WAL mode): its name in @name and its id in @pid.  FALSE when no other process holds one,
 * or when it cannot be told (another PID namespace, a lock type that does not say). */
gboolean tk_store_lock_holder (const char  *path,
                               char       **name,
                               int         *pid);

G_END_DECLS
