/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store-lock.c — who holds the library locked.
 *
 * SQLite locks with POSIX advisory locks (fcntl): in rollback-journal mode on bytes of the
 * database file from 0x40000000 (pending, reserved, shared), in WAL mode on bytes 120-127 of
 * the -shm file.  F_GETLK names one process holding a lock that conflicts with a write lock
 * on those bytes, which is who the user has to close.
 */
#define G_LOG_DOMAIN "tk-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "tk-store-private.h"

#define SQLITE_PENDING_BYTE 0x40000000
#define SQLITE_LOCK_BYTES   (2 + 510)   /* pending, reserved, then the shared range */
#define WAL_SHM_LOCK_OFFSET 120
#define WAL_SHM_LOCK_BYTES  8

static int
lock_owner (const char *path,
            off_t       start,
            off_t       length)
{
  struct flock lock = { 0 };
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  int pid = 0;

  if (fd < 0)
    return 0;
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  lock.l_start = start;
  lock.l_len = length;
  if (fcntl (fd, F_GETLK, &lock) == 0 && lock.l_type != F_UNLCK)
    pid = lock.l_pid;   /* 0 or -1 when it cannot be told (other namespace, OFD lock) */
  close (fd);
  return pid;
}

gboolean
tk_store_lock_holder (const char  *path,
                      char       **name,
                      int         *pid)
{
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *comm_path = NULL;
  g_autofree char *comm = NULL;
  int owner;

  owner = lock_owner (path, SQLITE_PENDING_BYTE, SQLITE_LOCK_BYTES);
  if (owner <= 0)
    owner = lock_owner (shm, WAL_SHM_LOCK_OFFSET, WAL_SHM_LOCK_BYTES);
  if (owner <= 0)
    return FALSE;

  comm_path = g_strdup_printf ("/proc/%d/comm", owner);
  if (!g_file_get_contents (comm_path, &comm, NULL, NULL))
    return FALSE;
  g_strstrip (comm);
  if (comm[0] == '\0' || !g_utf8_validate (comm, -1, NULL))
    return FALSE;

  *name = g_steal_pointer (&comm);
  *pid = owner;
  return TRUE;
}
