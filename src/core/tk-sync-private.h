/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-private.h — what the parts of the operation log share (prefixed sl_):
 *
 *   tk-sync-log.c   identity, the clock, turning changes into operations (flush)
 *   tk-sync-fold.c  folding operations into the registers and the registers into the tables
 *   tk-sync-dump.c  the canonical dump
 *   tk-sync-join.c  one play that came to two devices by two imports
 */
#pragma once

#include "tk-sync-log.h"

G_BEGIN_DECLS

/* The synced entity types, in the order the fold writes them (a play names games and
 * players, an entry its game; a friend's list is matched with games). */
extern const char *const sl_types[5];

/* The statement that gives one entity's synced fields as a JSON object with sorted keys
 * (?1 = uid), or no row when the library has no such entity: the same text for the flush
 * (what changed), and the dump (what there is). */
const char *sl_state_sql     (const char  *type);
/* The same for every entity of @type, as (uid, state) in uid order. */
const char *sl_all_state_sql (const char  *type);

/* A field's value as the registers keep it: JSON text, written by SQLite from the json_each
 * row (j.type, j.value), so that the same value is the same text on every device. */
#define SL_CANON(j) \
  "CASE " j ".type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN 'null'" \
  " WHEN 'array' THEN " j ".value WHEN 'object' THEN " j ".value" \
  " ELSE json_quote (" j ".value) END"

/* Folds one stored operation into sync_fields / sync_losers (nothing else). */
gboolean    sl_fold_op       (TkStore        *store,
                              const TkSyncOp *op,
                              GError        **error);

/* Writes one entity's registers to the library's tables. */
gboolean    sl_apply_entity  (TkStore        *store,
                              const char     *type,
                              const char     *uid,
                              gboolean       *waiting,
                              GError        **error);

/* Writes a "set" operation of this device with @fields (a JSON object) and folds it. */
gboolean    sl_write_set     (TkStore        *store,
                              const char     *type,
                              const char     *entity,
                              const char     *fields,
                              GError        **error);

/* During a fold (temp.sync_todo filled): a play arriving under one import key that a play
 * here holds under another is merged into that one (an alias operation of this device),
 * which then joins the list to write (tk-sync-join.c). */
gboolean    sl_join_plays_by_import_key (TkStore  *store,
                                         GError  **error);

/* Moves the library's clock past @hlc (an operation read). */
gboolean    sl_clock_receive (TkStore        *store,
                              TkHlc           hlc,
                              gboolean       *far_ahead,
                              GError        **error);

G_END_DECLS
