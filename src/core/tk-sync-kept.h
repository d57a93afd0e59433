/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept.h — "Changed on another device": what sync kept that the user may want back,
 * as a list of TkSyncKeptItem, and bringing one back. */
#pragma once

#include <gio/gio.h>

#include "tk-store.h"
#include "tk-sync-kept-item.h"

G_BEGIN_DECLS

/* The values that lost to a concurrent edit (the view sync_kept: not knowingly replaced, not
 * equal to the value shown), and the games, collection entries and plays another device
 * deleted that hold something of a device other than the one that deleted them (created or
 * edited elsewhere: an import undone on the device that made it is not listed), newest first.
 * A value of a deleted entity is not listed on its own: the deletion is.  An entry deleted
 * with its own game is listed once, as the game.  Returns a GListStore of TkSyncKeptItem. */
GListStore *tk_sync_kept_list    (TkStore         *store,
                                  GError         **error);

/* How many items tk_sync_kept_list() would return. */
gint64      tk_sync_kept_count   (TkStore         *store,
                                  GError         **error);

/* Restore: the kept value becomes this device's edit (tk_sync_log_restore()), or the deleted
 * entity comes back (a game with its collection entry), in one transaction. */
gboolean    tk_sync_kept_restore (TkStore         *store,
                                  TkSyncKeptItem  *item,
                                  GError         **error);

G_END_DECLS
