/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-preferences.h — Preferences → Sync: the folder, this device's name, Sync Now, what
 * the last pass found (devices and how current each is, files skipped, clock warnings) and
 * Stop Syncing, over a TkSyncService. */
#pragma once

#include <adwaita.h>

#include "tk-sync-service.h"

G_BEGIN_DECLS

#define TK_TYPE_SYNC_PREFERENCES (tk_sync_preferences_get_type ())
G_DECLARE_FINAL_TYPE (TkSyncPreferences, tk_sync_preferences, TK, SYNC_PREFERENCES,
                      AdwPreferencesGroup)

TkSyncService  *tk_sync_preferences_get_service  (TkSyncPreferences *self);
void            tk_sync_preferences_set_service  (TkSyncPreferences *self,
                                                  TkSyncService     *service);
/* What the folder chooser does with the folder chosen: the service takes it, or the
 * group says why not. */
void            tk_sync_preferences_choose_folder (TkSyncPreferences *self,
                                                   GFile             *folder);
/* The folder chooser that is open, or NULL. */
GtkFileChooser *tk_sync_preferences_get_chooser  (TkSyncPreferences *self);

G_END_DECLS
