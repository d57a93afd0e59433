/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-offers-group.h — Preferences → Possible Duplicates: players of one name and games
 * of the user's own of one title that were made on two devices and met through sync
 * (tk-sync-offer.h), each with Merge and Keep Both, over a TkSyncService.  Hidden while there
 * is nothing to offer. */
#pragma once

#include <adwaita.h>

#include "tk-sync-service.h"

G_BEGIN_DECLS

#define TK_TYPE_SYNC_OFFERS_GROUP (tk_sync_offers_group_get_type ())
G_DECLARE_FINAL_TYPE (TkSyncOffersGroup, tk_sync_offers_group, TK, SYNC_OFFERS_GROUP,
                      AdwPreferencesGroup)

TkSyncService *tk_sync_offers_group_get_service  (TkSyncOffersGroup *self);
/* The library's offers are read now and again after every pass that brought changes and
 * every library switch. */
void           tk_sync_offers_group_set_service  (TkSyncOffersGroup *self,
                                                  TkSyncService     *service);
/* How many offers are shown (for tests). */
guint          tk_sync_offers_group_get_n_offers (TkSyncOffersGroup *self);

G_END_DECLS
