/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-preferences-window.h — Preferences: the style and where the library is kept. */
#pragma once

#include <adwaita.h>

#include "tk-sync-preferences.h"

G_BEGIN_DECLS

#define TK_TYPE_PREFERENCES_WINDOW (tk_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (TkPreferencesWindow, tk_preferences_window,
                      TK, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget  *tk_preferences_window_new              (GtkWindow           *parent,
                                                    const char          *library_path);
const char *tk_preferences_window_get_library_path (TkPreferencesWindow *self);
void        tk_preferences_window_set_library_path (TkPreferencesWindow *self,
                                                    const char          *library_path);
/* What the file chooser of Open… (@create FALSE) or New… (@create TRUE) does with the file
 * chosen: emits ::library-chosen with its path. */
void        tk_preferences_window_choose_library   (TkPreferencesWindow *self,
                                                    GFile               *file,
                                                    gboolean             create);
/* A toast in the window (plain text). */
void        tk_preferences_window_show_message     (TkPreferencesWindow *self,
                                                    const char          *text);
/* The file chooser Open… or New… has open, or NULL. */
GtkFileChooser *tk_preferences_window_get_chooser  (TkPreferencesWindow *self);
/* Preferences → Sync shows and drives @service. */
void        tk_preferences_window_set_sync_service (TkPreferencesWindow *self,
                                                    TkSyncService       *service);
TkSyncPreferences *tk_preferences_window_get_sync_preferences (TkPreferencesWindow *self);

G_END_DECLS
