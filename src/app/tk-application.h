/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-application.h — the application: options, app-wide actions and the open library. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"
#include "tk-sync-service.h"

G_BEGIN_DECLS

#define TK_TYPE_APPLICATION (tk_application_get_type ())
G_DECLARE_FINAL_TYPE (TkApplication, tk_application, TK, APPLICATION, AdwApplication)

TkApplication *tk_application_new              (void);

TkStore       *tk_application_get_store        (TkApplication *self);
const char    *tk_application_get_library_path (TkApplication *self);
void           tk_application_set_library_path (TkApplication *self,
                                                const char    *path);
GtkWindow     *tk_application_get_main_window  (TkApplication *self);
TkSyncService *tk_application_get_sync_service (TkApplication *self);
gboolean       tk_application_switch_library   (TkApplication  *self,
                                                const char     *path,
                                                gboolean        create,
                                                GError        **error);

G_END_DECLS
