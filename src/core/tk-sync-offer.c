/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-offer.c — merge offers after a fold (tk-sync-offer.h). */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-collection.h"
#include "tk-player.h"
#include "tk-sync-offer.h"
#include "tk-sync-private.h"

struct _TkSyncOffer
{
  GObject          parent_instance;

  TkSyncOfferKind  kind;
  char            *name;
  gint64           keep_id;
  char            *keep_uid;
  char            *keep_device;
  gint64           other_id;
  char            *other_uid;
  char            *other_device;
  char            *this_device;
};

enum { PROP_0, PROP_KIND, PROP_NAME, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkSyncOffer, tk_sync_offer, G_TYPE_OBJECT)

/* What Keep Both records: a register of a type of its own, one per pair, so that it travels
 * as any other operation and a Tablekeeper that does not know it keeps it unread. */
#define APART_TYPE  "offer"
#define APART_FIELD "kept_apart"

/* Own games: not the catalog's and known by neither a BGG id nor a catalog key (those are
 * one game on every device by their uid, never offered).  Players: all.  ?1 = this device.
 *
 * A side's origin is the device of the operation that made it: the first to set its
 * "deleted" register (every new entity's first operation says "deleted":false), found in
 * the register or among its losers, both indexed.  Only a pair made on two devices is
 * offered: two "Ana" made on one device were made so on purpose. */
#define FIRST_DELETED \
  "SELECT hlc, device_uid, op_uid FROM sync_fields WHERE type = t.type AND entity = t.uid" \
  " AND field = 'deleted' UNION ALL SELECT hlc, device_uid, op_uid FROM sync_losers" \
  " WHERE type = t.type AND entity = t.uid AND field = 'deleted'" \
  " ORDER BY hlc, device_uid, op_uid LIMIT 1"

static const char offers_sql[] =
  "WITH own (type, id, uid, name, k) AS ("
  "  SELECT 'player', id, uid, name, lower (name) FROM players WHERE uid IS NOT NULL"
  "  UNION ALL SELECT 'game', id, uid, title, lower (title) FROM games"
  "  WHERE uid IS NOT NULL AND source <> 'catalog' AND bgg_id IS NULL"
  "  AND catalog_key IS NULL),"
  " twins AS (SELECT * FROM own WHERE (type, k) IN"
  "  (SELECT type, k FROM own GROUP BY type, k HAVING count (*) > 1)),"
  " born AS (SELECT t.*, (SELECT device_uid FROM (" FIRST_DELETED ")) AS device,"
  "  (SELECT hlc FROM (" FIRST_DELETED ")) AS hlc FROM twins t)"
  " SELECT a.type, a.name, a.id, a.uid, a.device, b.id, b.uid, b.device FROM born a"
  " JOIN born b ON b.type = a.type AND b.k = a.k AND b.device <> a.device"
  /* KEEP is this device's, else the one made first. */
  " WHERE (a.device = ?1 OR (b.device <> ?1 AND (a.hlc, a.uid) < (b.hlc, b.uid)))"
  " AND NOT EXISTS (SELECT 1 FROM sync_fields WHERE type = '" APART_TYPE "'"
  "   AND entity = json_array (a.type, min (a.uid, b.uid), max (a.uid, b.uid))"
  "   AND field = '" APART_FIELD "' AND value = 'true')"
  " ORDER BY a.type = 'game', a.k, a.name, a.uid, b.uid";

static void
tk_sync_offer_finalize (GObject *object)
{
  TkSyncOffer *self = TK_SYNC_OFFER (object);

  g_free (self->name);
  g_free (self->keep_uid);
  g_free (self->keep_device);
  g_free (self->other_uid);
  g_free (self->other_device);
  g_free (self->this_device);
  G_OBJECT_CLASS (tk_sync_offer_parent_class)->finalize (object);
}

static void
tk_sync_offer_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TkSyncOffer *self = TK_SYNC_OFFER (object);

  switch (prop_id)
    {
    case PROP_KIND: g_value_set_string (value, tk_sync_offer_get_type_name (self)); break;
    case PROP_NAME: g_value_set_string (value, self->name); break;
    default:        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_sync_offer_class_init (TkSyncOfferClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_sync_offer_finalize;
  object_class->get_property = tk_sync_offer_get_property;

  properties[PROP_KIND] = g_param_spec_string ("kind", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_sync_offer_init (TkSyncOffer *self)
{
}

TkSyncOfferKind
tk_sync_offer_get_kind (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), TK_SYNC_OFFER_PLAYER);
  return self->kind;
}

const char *
tk_sync_offer_get_type_name (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), NULL);
  return self->kind == TK_SYNC_OFFER_GAME ? "game" : "player";
}

const char *
tk_sync_offer_get_name (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), NULL);
  return self->name;
}

gint64
tk_sync_offer_get_keep_id (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), 0);
  return self->keep_id;
}

const char *
tk_sync_offer_get_keep_uid (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), NULL);
  return self->keep_uid;
}

const char *
tk_sync_offer_get_keep_device (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), NULL);
  return self->keep_device;
}

gint64
tk_sync_offer_get_other_id (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), 0);
  return self->other_id;
}

const char *
tk_sync_offer_get_other_uid (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), NULL);
  return self->other_uid;
}

const char *
tk_sync_offer_get_other_device (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), NULL);
  return self->other_device;
}

gboolean
tk_sync_offer_get_keep_is_here (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), FALSE);
  return g_strcmp0 (self->keep_device, self->this_device) == 0;
}

gboolean
tk_sync_offer_get_other_is_here (TkSyncOffer *self)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), FALSE);
  return g_strcmp0 (self->other_device, self->this_device) == 0;
}

static char *
column_dup (sqlite3_stmt *stmt,
            int           column)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, column));
}

GListModel *
tk_sync_offers_list (TkStore  *store,
                     GError  **error)
{
  g_autoptr(GListStore) offers = g_list_store_new (TK_TYPE_SYNC_OFFER);
  g_autofree char *device = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  device = tk_sync_log_device_uid (store, error);
  if (device == NULL)
    return NULL;
  stmt = tk_store_prepare (store, offers_sql, error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, device, -1, SQLITE_STATIC);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      g_autoptr(TkSyncOffer) offer = g_object_new (TK_TYPE_SYNC_OFFER, NULL);

      offer->kind = g_str_equal ((const char *) sqlite3_column_text (stmt, 0), "game")
                    ? TK_SYNC_OFFER_GAME : TK_SYNC_OFFER_PLAYER;
      offer->name = column_dup (stmt, 1);
      offer->keep_id = sqlite3_column_int64 (stmt, 2);
      offer->keep_uid = column_dup (stmt, 3);
      offer->keep_device = column_dup (stmt, 4);
      offer->other_id = sqlite3_column_int64 (stmt, 5);
      offer->other_uid = column_dup (stmt, 6);
      offer->other_device = column_dup (stmt, 7);
      offer->this_device = g_strdup (device);
      g_list_store_append (offers, offer);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return G_LIST_MODEL (g_steal_pointer (&offers));
}

typedef struct
{
  const char *type_name;
  const char *uid_a;
  const char *uid_b;
} KeepBoth;

static gboolean
keep_both_in_txn (TkStore   *store,
                  gpointer   user_data,
                  GError   **error)
{
  KeepBoth *k = user_data;
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT json_array (?1, min (?2, ?3),"
                                                " max (?2, ?3))", error);
  g_autofree char *entity = NULL;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, k->type_name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, k->uid_a, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, k->uid_b, -1, SQLITE_STATIC);
  if (tk_store_step (store, stmt, error) == SQLITE_ROW)
    entity = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (entity == NULL)
    return FALSE;
  /* What this device changed before is written first, as its own operations. */
  return tk_sync_log_flush (store, error) &&
         _tk_sync_write_set (store, APART_TYPE, entity, "{\"" APART_FIELD "\":true}", error);
}

gboolean
tk_sync_offers_keep_both (TkStore     *store,
                          const char  *type_name,
                          const char  *uid_a,
                          const char  *uid_b,
                          GError     **error)
{
  KeepBoth k = { type_name, uid_a, uid_b };

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (type_name != NULL && uid_a != NULL && uid_b != NULL, FALSE);

  if (!g_str_equal (type_name, "player") && !g_str_equal (type_name, "game"))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("Only players and games are offered for merging, not “%s”."), type_name);
      return FALSE;
    }
  if (g_str_equal (uid_a, uid_b))
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("Keep Both needs two different uids."));
      return FALSE;
    }
  return tk_store_transaction (store, keep_both_in_txn, &k, error);
}

gboolean
tk_sync_offer_merge (TkSyncOffer  *self,
                     TkStore      *store,
                     GError      **error)
{
  g_autoptr(TkCollection) collection = NULL;

  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), FALSE);
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (self->kind == TK_SYNC_OFFER_PLAYER)
    return tk_players_merge (store, self->other_id, self->keep_id, error);
  collection = tk_collection_new (store);
  return tk_collection_merge_games (collection, self->other_id, self->keep_id, error);
}

gboolean
tk_sync_offer_keep_both (TkSyncOffer  *self,
                         TkStore      *store,
                         GError      **error)
{
  g_return_val_if_fail (TK_IS_SYNC_OFFER (self), FALSE);
  return tk_sync_offers_keep_both (store, tk_sync_offer_get_type_name (self), self->keep_uid,
                                   self->other_uid, error);
}
