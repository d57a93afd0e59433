/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-uid.h — identities that stay the same on every device: UUIDv7 for what this device made,
 * derived texts for what came from a shared source (a BGG id, a catalog key, an import key). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A UUIDv7 ("0190f0c2-7a1b-7c3d-8e4f-0123456789ab"): 48 bits of Unix milliseconds, then
 * random bits.  Within one process, every uid sorts after the previous one (as text too), even
 * when the clock stands still or steps back: the last one is remembered and counted on. */
char     *tk_uid_new_v7         (void);

/* As tk_uid_new_v7() for a given time in milliseconds; the monotonic rule still holds. */
char     *tk_uid_new_v7_at      (gint64       unix_ms);

/* 128 random bits as 32 lowercase hex digits: a library or a device. */
char     *tk_uid_new_random     (void);

/* The uid a game gets from where it came from: "bgg:ID" with a BGG id, "cat:KEY" for a
 * catalog game without one, NULL for the user's own game (which gets a UUIDv7). */
char     *tk_uid_for_game       (gint64       bgg_id,
                                 const char  *catalog_key);

/* TRUE for text of the shape tk_uid_new_v7() makes. */
gboolean  tk_uid_is_v7          (const char  *uid);

/* The milliseconds of a UUIDv7, or -1 when @uid is not one. */
gint64    tk_uid_v7_time        (const char  *uid);

G_END_DECLS
