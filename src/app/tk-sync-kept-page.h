/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept-page.h — "Changed on Another Device", a subpage of Preferences: one row per
 * value that lost to another device's edit and per game or play deleted on another device,
 * each with Restore; an empty state when there is nothing. */
#pragma once

#include <adwaita.h>

#include "tk-sync-service.h"

G_BEGIN_DECLS

#define TK_TYPE_SYNC_KEPT_PAGE (tk_sync_kept_page_get_type ())
G_DECLARE_FINAL_TYPE (TkSyncKeptPage, tk_sync_kept_page, TK, SYNC_KEPT_PAGE, GtkBox)

/* The list is @service's (tk_sync_service_get_kept()); Restore goes through it. */
GtkWidget *tk_sync_kept_page_new (TkSyncService *service);

G_END_DECLS
