/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept-item.c — one line of "Changed on another device" (tk-sync-kept-item.h). */
#define G_LOG_DOMAIN "tk-sync-kept-item"

#include "config.h"

#include "tk-sync-kept-item.h"

struct _TkSyncKeptItem
{
  GObject  parent_instance;

  char    *entity_type;
  char    *entity_uid;
  char    *field;
  char    *value;
  char    *current;
  char    *device_uid;
  gint64   time_ms;
  char    *current_device_uid;
  gint64   current_time_ms;
  char    *op_uid;
  char    *title;
  char    *played_on;
};

G_DEFINE_FINAL_TYPE (TkSyncKeptItem, tk_sync_kept_item, G_TYPE_OBJECT)

static void
tk_sync_kept_item_finalize (GObject *object)
{
  TkSyncKeptItem *self = TK_SYNC_KEPT_ITEM (object);

  g_free (self->entity_type);
  g_free (self->entity_uid);
  g_free (self->field);
  g_free (self->value);
  g_free (self->current);
  g_free (self->device_uid);
  g_free (self->current_device_uid);
  g_free (self->op_uid);
  g_free (self->title);
  g_free (self->played_on);

  G_OBJECT_CLASS (tk_sync_kept_item_parent_class)->finalize (object);
}

static void
tk_sync_kept_item_class_init (TkSyncKeptItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_sync_kept_item_finalize;
}

static void
tk_sync_kept_item_init (TkSyncKeptItem *self)
{
}

TkSyncKeptItem *
tk_sync_kept_item_new (const char *entity_type,
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
                       const char *played_on)
{
  TkSyncKeptItem *self;

  g_return_val_if_fail (entity_type != NULL && entity_uid != NULL && field != NULL, NULL);

  self = g_object_new (TK_TYPE_SYNC_KEPT_ITEM, NULL);
  self->entity_type = g_strdup (entity_type);
  self->entity_uid = g_strdup (entity_uid);
  self->field = g_strdup (field);
  self->value = g_strdup (value);
  self->current = g_strdup (current);
  self->device_uid = g_strdup (device_uid != NULL ? device_uid : "");
  self->time_ms = time_ms;
  self->current_device_uid = g_strdup (current_device_uid);
  self->current_time_ms = current_time_ms;
  self->op_uid = g_strdup (op_uid);
  self->title = g_strdup (title != NULL ? title : "");
  self->played_on = g_strdup (played_on);
  return self;
}

const char *
tk_sync_kept_item_get_entity_type (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->entity_type;
}

const char *
tk_sync_kept_item_get_entity_uid (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->entity_uid;
}

const char *
tk_sync_kept_item_get_field (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->field;
}

gboolean
tk_sync_kept_item_is_deletion (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), FALSE);
  return g_str_equal (self->field, "deleted");
}

const char *
tk_sync_kept_item_get_value (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->value;
}

const char *
tk_sync_kept_item_get_current (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->current;
}

const char *
tk_sync_kept_item_get_device_uid (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->device_uid;
}

gint64
tk_sync_kept_item_get_time_ms (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), 0);
  return self->time_ms;
}

const char *
tk_sync_kept_item_get_current_device_uid (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->current_device_uid;
}

gint64
tk_sync_kept_item_get_current_time_ms (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), 0);
  return self->current_time_ms;
}

const char *
tk_sync_kept_item_get_op_uid (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->op_uid;
}

const char *
tk_sync_kept_item_get_title (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->title;
}

const char *
tk_sync_kept_item_get_played_on (TkSyncKeptItem *self)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (self), NULL);
  return self->played_on;
}
