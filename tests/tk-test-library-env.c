/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-library-env.c — a full disk and a read-only folder for the library tests. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <sqlite3.h>
#include <sys/mount.h>
#include <unistd.h>

#include "tk-test-library-env.h"

/* ---- a full disk: a VFS over the default one whose files stop growing ---- */

static sqlite3_vfs full_vfs;
static sqlite3_vfs *real_vfs;
static gint64 space_left = -1;
G_LOCK_DEFINE_STATIC (space);

/* Our file, with the real one right after it in the same allocation. */
typedef struct
{
  sqlite3_file  base;
  sqlite3_file *real;
} FullFile;

#define REAL(file) (((FullFile *) (file))->real)

static int
full_write (sqlite3_file  *file,
            const void    *data,
            int            amount,
            sqlite3_int64  offset)
{
  sqlite3_file *real = REAL (file);
  sqlite3_int64 size = 0;
  gboolean refuse = FALSE;

  if (real->pMethods->xFileSize (real, &size) == SQLITE_OK && offset + amount > size)
    {
      sqlite3_int64 growth = offset + amount - size;

      G_LOCK (space);
      if (space_left >= 0 && growth > space_left)
        refuse = TRUE;
      else if (space_left >= 0)
        space_left -= growth;
      G_UNLOCK (space);
    }
  if (refuse)
    return SQLITE_FULL;
  return real->pMethods->xWrite (real, data, amount, offset);
}

static int
full_close (sqlite3_file *file)
{
  sqlite3_file *real = REAL (file);
  int rc = real->pMethods != NULL ? real->pMethods->xClose (real) : SQLITE_OK;

  real->pMethods = NULL;
  return rc;
}

/* The rest only pass the call on. */
static int full_read (sqlite3_file *f, void *d, int n, sqlite3_int64 o) { return REAL (f)->pMethods->xRead (REAL (f), d, n, o); }
static int full_truncate (sqlite3_file *f, sqlite3_int64 s) { return REAL (f)->pMethods->xTruncate (REAL (f), s); }
static int full_sync (sqlite3_file *f, int flags) { return REAL (f)->pMethods->xSync (REAL (f), flags); }
static int full_file_size (sqlite3_file *f, sqlite3_int64 *s) { return REAL (f)->pMethods->xFileSize (REAL (f), s); }
static int full_lock (sqlite3_file *f, int l) { return REAL (f)->pMethods->xLock (REAL (f), l); }
static int full_unlock (sqlite3_file *f, int l) { return REAL (f)->pMethods->xUnlock (REAL (f), l); }
static int full_check_reserved (sqlite3_file *f, int *r) { return REAL (f)->pMethods->xCheckReservedLock (REAL (f), r); }
static int full_file_control (sqlite3_file *f, int op, void *a) { return REAL (f)->pMethods->xFileControl (REAL (f), op, a); }
static int full_sector_size (sqlite3_file *f) { return REAL (f)->pMethods->xSectorSize (REAL (f)); }
static int full_device (sqlite3_file *f) { return REAL (f)->pMethods->xDeviceCharacteristics (REAL (f)); }
static int full_shm_lock (sqlite3_file *f, int o, int n, int fl) { return REAL (f)->pMethods->xShmLock (REAL (f), o, n, fl); }
static void full_shm_barrier (sqlite3_file *f) { REAL (f)->pMethods->xShmBarrier (REAL (f)); }
static int full_shm_unmap (sqlite3_file *f, int d) { return REAL (f)->pMethods->xShmUnmap (REAL (f), d); }

/* The shared-memory index grows like any file: on a real full disk, SQLite has already made
 * the -shm (3 bytes) when writing its first page fails.  Asked without growing first, the
 * real method does exactly that; growing then fails as the system would. */
static int
full_shm_map (sqlite3_file        *file,
              int                  region,
              int                  region_size,
              int                  extend,
              void volatile      **pointer)
{
  sqlite3_file *real = REAL (file);
  gboolean refuse = FALSE;
  int rc;

  rc = real->pMethods->xShmMap (real, region, region_size, 0, pointer);
  if (rc != SQLITE_OK || *pointer != NULL || !extend)
    return rc;
  G_LOCK (space);
  if (space_left >= 0 && region_size > space_left)
    refuse = TRUE;
  else if (space_left >= 0)
    space_left -= region_size;
  G_UNLOCK (space);
  if (refuse)
    return SQLITE_IOERR_SHMSIZE;
  return real->pMethods->xShmMap (real, region, region_size, extend, pointer);
}

/* Version 2: no memory-mapped reads, which would pass the writes by. */
static const sqlite3_io_methods full_methods = {
  2, full_close, full_read, full_write, full_truncate, full_sync, full_file_size, full_lock,
  full_unlock, full_check_reserved, full_file_control, full_sector_size, full_device,
  full_shm_map, full_shm_lock, full_shm_barrier, full_shm_unmap, NULL, NULL,
};

static int
full_open (sqlite3_vfs  *vfs,
           const char   *name,
           sqlite3_file *file,
           int           flags,
           int          *out_flags)
{
  FullFile *full = (FullFile *) file;
  int rc;

  full->real = (sqlite3_file *) &full[1];
  full->real->pMethods = NULL;
  rc = real_vfs->xOpen (real_vfs, name, full->real, flags, out_flags);
  file->pMethods = full->real->pMethods != NULL ? &full_methods : NULL;
  return rc;
}

void
tk_test_set_disk_space (gint64 bytes)
{
  if (real_vfs == NULL)
    {
      real_vfs = sqlite3_vfs_find (NULL);
      full_vfs = *real_vfs;
      full_vfs.zName = "tk-test-full-disk";
      full_vfs.szOsFile = (int) sizeof (FullFile) + real_vfs->szOsFile;
      full_vfs.xOpen = full_open;
      g_assert_cmpint (sqlite3_vfs_register (&full_vfs, 1), ==, SQLITE_OK);
    }
  G_LOCK (space);
  space_left = bytes;
  G_UNLOCK (space);
}

/* ---- a read-only folder ---- */

static gboolean private_namespace;   /* this process has its own mount namespace */

gboolean
tk_test_make_read_only (const char  *dir,
                        char       **why)
{
  if (geteuid () != 0)
    {
      g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
      const char *name;

      while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *child = g_build_filename (dir, name, NULL);
          g_chmod (child, 0444);
        }
      g_chmod (dir, 0555);
      return TRUE;
    }

  /* Root writes through permission bits: mount the folder read-only over itself, in a
   * mount namespace of this process alone. */
  if (!private_namespace &&
      (unshare (CLONE_NEWNS) != 0 || mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0))
    {
      *why = g_strdup_printf ("running as root without a private mount namespace (%s)",
                              g_strerror (errno));
      return FALSE;
    }
  private_namespace = TRUE;
  if (mount (dir, dir, NULL, MS_BIND, NULL) != 0 ||
      mount (NULL, dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) != 0)
    {
      *why = g_strdup_printf ("running as root and a read-only bind mount fails (%s)",
                              g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

void
tk_test_make_writable (const char *dir)
{
  if (geteuid () != 0)
    {
      g_autoptr(GDir) listing = NULL;
      const char *name;

      g_chmod (dir, 0755);
      listing = g_dir_open (dir, 0, NULL);
      while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *child = g_build_filename (dir, name, NULL);
          g_chmod (child, 0644);
        }
      return;
    }
  /* Lazily: the library may still be open. */
  if (umount2 (dir, MNT_DETACH) != 0)
    g_error ("Cannot unmount %s: %s", dir, g_strerror (errno));
}
