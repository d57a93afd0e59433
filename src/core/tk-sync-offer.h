/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-offer.h — merge offers: two players of the same name, or two of the user's own
 * games of the same title, that were made on different devices and met through sync (a
 * library joining another, or any fold).  They may be one person or one game, or two: the
 * user decides, nothing is merged silently.  Merge is tk_players_merge() or
 * tk_collection_merge_games(); Keep Both is tk_sync_offers_keep_both(). */
#pragma once

#include <gio/gio.h>

#include "tk-store.h"

G_BEGIN_DECLS

typedef enum
{
  TK_SYNC_OFFER_PLAYER,
  TK_SYNC_OFFER_GAME,
} TkSyncOfferKind;

#define TK_TYPE_SYNC_OFFER (tk_sync_offer_get_type ())
G_DECLARE_FINAL_TYPE (TkSyncOffer, tk_sync_offer, TK, SYNC_OFFER, GObject)

TkSyncOfferKind  tk_sync_offer_get_kind        (TkSyncOffer *self);
/* "player" or "game", as the operations name the type. */
const char      *tk_sync_offer_get_type_name   (TkSyncOffer *self);
/* The name (player) or title (game) the two share, as the kept one spells it. */
const char      *tk_sync_offer_get_name        (TkSyncOffer *self);

/* The two sides: KEEP (this device's, or else the one made first) and OTHER (to merge into
 * KEEP).  Each has its row id, its uid, and the uid of the device it was made on. */
gint64           tk_sync_offer_get_keep_id     (TkSyncOffer *self);
const char      *tk_sync_offer_get_keep_uid    (TkSyncOffer *self);
const char      *tk_sync_offer_get_keep_device (TkSyncOffer *self);
gint64           tk_sync_offer_get_other_id    (TkSyncOffer *self);
const char      *tk_sync_offer_get_other_uid   (TkSyncOffer *self);
const char      *tk_sync_offer_get_other_device (TkSyncOffer *self);
/* Whether KEEP / OTHER was made on this device. */
gboolean         tk_sync_offer_get_keep_is_here  (TkSyncOffer *self);
gboolean         tk_sync_offer_get_other_is_here (TkSyncOffer *self);

/* The offers as they stand now (a GListModel of TkSyncOffer): players first, then games,
 * each by name.  Pairs the user kept apart on any device are not offered again. */
GListModel      *tk_sync_offers_list       (TkStore      *store,
                                            GError      **error);

/* Keep Both: the two stay apart and are not offered again, here and on every device (an
 * operation of its own).  @type_name is "player" or "game"; the uids in either order. */
gboolean         tk_sync_offers_keep_both  (TkStore      *store,
                                            const char   *type_name,
                                            const char   *uid_a,
                                            const char   *uid_b,
                                            GError      **error);

/* The same as Merge or Keep Both by the offer itself. */
gboolean         tk_sync_offer_merge       (TkSyncOffer  *self,
                                            TkStore      *store,
                                            GError      **error);
gboolean         tk_sync_offer_keep_both   (TkSyncOffer  *self,
                                            TkStore      *store,
                                            GError      **error);

G_END_DECLS
