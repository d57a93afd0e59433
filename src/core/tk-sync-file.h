/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-file.h — one file of operations in the sync folder (`ops-FIRST-LAST.tkops`).
 *
 * A device writes its operations into files of its own; every other device reads them.  A
 * file is UTF-8 JSON lines, each ended by "\n":
 *
 *   {"format":"tablekeeper-ops","version":1,"library":LIB,"device":DEV,"first":N,"last":M}
 *   one line per operation, in sequence order (a JSON object with a string member "op")
 *   {"count":C,"sha256":"HEX"}
 *
 * C = M − N + 1 is the number of operation lines, and HEX (64 lowercase digits) is the SHA-256
 * of every byte before the trailer line.  A carrier may deliver a file cut short, a hand copy
 * may flip a bit: the decoder refuses every prefix of a valid file and every single-bit change
 * of it, so a file either is read whole or not at all.  Operations are opaque here; the store
 * interprets them.  docs/formats.md ("Sync folder") describes the format for other readers.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TK_SYNC_FILE_ERROR (tk_sync_file_error_quark ())

typedef enum
{
  TK_SYNC_FILE_ERROR_TRUNCATED,      /* ends before its trailer: cut short, or still arriving */
  TK_SYNC_FILE_ERROR_CHECKSUM,       /* the trailer does not match the content: damaged */
  TK_SYNC_FILE_ERROR_FORMAT,         /* not an operations file, or a line of it is malformed */
  TK_SYNC_FILE_ERROR_WRONG_LIBRARY,  /* intact, but written for another library */
  TK_SYNC_FILE_ERROR_NEWER_VERSION,  /* written by a newer Tablekeeper: needs an update */
  TK_SYNC_FILE_ERROR_TOO_BIG,        /* larger than TK_SYNC_FILE_MAX_SIZE */
} TkSyncFileError;

/* The version this build writes and the newest it reads. */
#define TK_SYNC_FILE_VERSION 1

/* No operations file is larger (about a million operations); a larger one is refused
 * before it is read, so a hostile or mistaken file cannot exhaust memory. */
#define TK_SYNC_FILE_MAX_SIZE (256 * 1024 * 1024)

/* Sequence numbers are 0 to 999999999999: they fit the 12 digits of the file names. */
#define TK_SYNC_FILE_MAX_SEQUENCE G_GINT64_CONSTANT (999999999999)

/* One decoded file.  Every field is checked: @library and @device are valid uids
 * (tk_sync_file_uid_is_valid()), 0 <= @first <= @last <= TK_SYNC_FILE_MAX_SEQUENCE, and
 * @ops holds @last − @first + 1 lines (char *, without "\n"), each one JSON object of at most
 * TK_JSON_MAX_DEPTH levels with a string member "op". */
typedef struct
{
  int        version;
  char      *library;
  char      *device;
  gint64     first;
  gint64     last;
  GPtrArray *ops;
} TkSyncFile;

GQuark      tk_sync_file_error_quark (void);

/* TRUE when @uid may name a library or a device: 1 to 64 of `A-Z a-z 0-9 - _`, not starting
 * with "-".  Uids become folder names in the sync folder, so nothing else is accepted. */
gboolean    tk_sync_file_uid_is_valid (const char *uid);

/* The whole file for the operations @first to @last of @device_uid: @op_lines holds
 * @last − @first + 1 lines (char *), each one JSON object with a string member "op" and no
 * line break (LF or CR).  Refuses (TK_SYNC_FILE_ERROR_FORMAT) anything the decoder would
 * refuse, and a file beyond TK_SYNC_FILE_MAX_SIZE (TK_SYNC_FILE_ERROR_TOO_BIG). */
GBytes     *tk_sync_file_encode      (const char  *library_uid,
                                      const char  *device_uid,
                                      gint64       first,
                                      gint64       last,
                                      GPtrArray   *op_lines,
                                      GError     **error);

/* Reads a whole file.  With @expected_library_uid (nullable) an intact file of another
 * library is refused with TK_SYNC_FILE_ERROR_WRONG_LIBRARY.  The device named in the header
 * is not compared with the folder the file lies in: the caller does that.  A file whose
 * header names a version above TK_SYNC_FILE_VERSION is refused with
 * TK_SYNC_FILE_ERROR_NEWER_VERSION whatever follows it, since its framing may differ. */
TkSyncFile *tk_sync_file_decode      (GBytes      *bytes,
                                      const char  *expected_library_uid,
                                      GError     **error);

void        tk_sync_file_free        (TkSyncFile  *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkSyncFile, tk_sync_file_free)

G_END_DECLS
