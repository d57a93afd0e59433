/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept-item.h — one line of "Changed on another device": a value that lost to a
 * concurrent edit on another device (kept, restorable), or a game, collection entry or play
 * deleted on another device.  Read-only; made by tk_sync_kept_list() (tk-sync-kept.h). */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TK_TYPE_SYNC_KEPT_ITEM (tk_sync_kept_item_get_type ())
G_DECLARE_FINAL_TYPE (TkSyncKeptItem, tk_sync_kept_item, TK, SYNC_KEPT_ITEM, GObject)

/* @entity_type "game", "entry", "player", "play" or "friends"; @field a field of the
 * operations (docs/formats.md), "deleted" for a deleted entity; @value and @current JSON
 * text (NULL for a deletion); @op_uid NULL for a deletion. */
TkSyncKeptItem *tk_sync_kept_item_new (const char *entity_type,
                                       const char *entity_uid,
                                       const char *field,
                                       const char *value,
                                       const char *current,
                                       const char *device_uid,
                                       gint64      time_ms,
                                       const char *current_device_uid,
                                       gint64      current_time_ms,
                                       const char *op_uid,
                                       const char *title,
                                       const char *played_on);

const char *tk_sync_kept_item_get_entity_type   (TkSyncKeptItem *self);
const char *tk_sync_kept_item_get_entity_uid    (TkSyncKeptItem *self);
/* The field, e.g. "rating"; "deleted" when the entity was deleted on another device. */
const char *tk_sync_kept_item_get_field         (TkSyncKeptItem *self);
gboolean    tk_sync_kept_item_is_deletion       (TkSyncKeptItem *self);
/* The value that lost, as JSON text ("8", "\"Best with four\"", "null"); for the field
 * "game" of a play, the title of that game as a JSON string when the game is here.  NULL
 * for a deletion. */
const char *tk_sync_kept_item_get_value         (TkSyncKeptItem *self);
/* The value the library has now (the winner), the same way.  NULL for a deletion. */
const char *tk_sync_kept_item_get_current       (TkSyncKeptItem *self);
/* The device that made the value that lost (or the deletion), and when (Unix ms of its
 * hybrid clock). */
const char *tk_sync_kept_item_get_device_uid    (TkSyncKeptItem *self);
gint64      tk_sync_kept_item_get_time_ms       (TkSyncKeptItem *self);
/* The device of the value shown now, and when; NULL and 0 for a deletion. */
const char *tk_sync_kept_item_get_current_device_uid (TkSyncKeptItem *self);
gint64      tk_sync_kept_item_get_current_time_ms    (TkSyncKeptItem *self);
/* The operation that set the value that lost (NULL for a deletion). */
const char *tk_sync_kept_item_get_op_uid        (TkSyncKeptItem *self);
/* What it is about: the game's title as shown (a Japanese title in a Japanese UI), the
 * game title of a play, a player's or friend's name; "" when not known. */
const char *tk_sync_kept_item_get_title         (TkSyncKeptItem *self);
/* A play's date (YYYY-MM-DD), else NULL. */
const char *tk_sync_kept_item_get_played_on     (TkSyncKeptItem *self);

G_END_DECLS
