/* tk-preferences-window.h — Preferences: the style and where the library is kept. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_PREFERENCES_WINDOW (tk_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (TkPreferencesWindow, tk_preferences_window,
                      TK, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget  *tk_preferences_window_new              (GtkWindow           *parent,
                                                    const char          *library_path);
const char *tk_preferences_window_get_library_path (TkPreferencesWindow *self);
void        tk_preferences_window_set_library_path (TkPreferencesWindow *self,
                                                    const char          *library_path);

G_END_DECLS
