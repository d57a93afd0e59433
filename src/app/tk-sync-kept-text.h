/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept-text.h — the words of "Changed on another device": what an item is about,
 * its field in words, a value as a person reads it, and the Restore button's name. */
#pragma once

#include "tk-sync-kept-item.h"

G_BEGIN_DECLS

/* What it is about: "Cascadia", a play "Cascadia, 3 May 2026", a player's name. */
char       *tk_sync_kept_text_subject      (TkSyncKeptItem *item);
/* A field in words ("Rating", "Comment", "Date"…), never the raw name; "Deleted" for a
 * deletion. */
const char *tk_sync_kept_text_field        (const char     *entity_type,
                                            const char     *field);
/* A value (JSON text, as TkSyncKeptItem holds it) for @field as a person reads it: a date
 * as a date, a flag as Yes or No, a list of seats as names and scores, nothing as
 * "Empty". */
char       *tk_sync_kept_text_value        (const char     *field,
                                            const char     *json);
/* The accessible name of the Restore button ("Restore rating 8 for Cascadia", "Restore
 * Cascadia, 3 May 2026"), and the toast after it ("Restored rating 8 for Cascadia"). */
char       *tk_sync_kept_text_restore      (TkSyncKeptItem *item);
char       *tk_sync_kept_text_restored     (TkSyncKeptItem *item);

G_END_DECLS
