/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-application-private.h — what the parts of TkApplication share: the instance struct and
 * the functions one part calls in another (prefixed _tk_application_, the way GNOME Text
 * Editor marks a class's shared internals).  Nothing outside src/app/tk-application*.c
 * includes this file.
 *
 *   tk-application.c          the object, style, first frame, startup, activate, public API
 *   tk-application-library.c  opening the library, its ways out and their actions, which it
 *                             adds itself (_tk_application_library_actions_init, from startup)
 */
#pragma once

#include <adwaita.h>

#include "tk-application.h"
#include "tk-library-problem.h"
#include "tk-preferences-window.h"
#include "tk-sync-service.h"
#include "tk-window.h"

G_BEGIN_DECLS

struct _TkApplication
{
  AdwApplication        parent_instance;

  GSettings            *settings;
  TkStore              *store;
  TkSyncService        *sync;                /* syncs the library through its folder */
  char                 *library_path;        /* the file in use or asked for */
  gboolean              library_path_given;  /* by --db or tk_application_set_library_path() */

  TkWindow             *window;              /* weak */
  GtkFileChooserNative *chooser;
  GtkFileChooserNative *copy_chooser;

  /* While the library cannot be opened: why, and the ways on offered. */
  GError               *library_error;
  TkLibraryWays         library_ways;
  guint                 retry_id;            /* the next automatic try of a busy library */
  guint                 retries_left;

  guint                 catalog_idle_id;     /* the catalog's load, after the first frame */
  GCancellable         *catalog_cancellable;

  gint64                bench_t0;
};

/* How long an open in the app waits for another program's lock: short, as the window
 * waits with it; a busy library is then tried again every RETRY_INTERVAL_S seconds,
 * AUTO_RETRIES times, and on Try Again. */
#define OPEN_BUSY_TIMEOUT_MS 250
#define RETRY_INTERVAL_S     1
#define AUTO_RETRIES         15

/* tk-application.c */
void
_tk_application_set_store (TkApplication *self,
                           TkStore       *store);
void
_tk_application_set_library_path (TkApplication *self,
                                  const char    *path);

gboolean
_tk_application_switch_library (TkApplication    *self,
                                const char       *path,
                                gboolean          create,
                                TkStoreOpenFlags  flags,
                                GError          **error);

/* tk-application-library.c */
void
_tk_application_library_switched (TkApplication       *self,
                                  TkPreferencesWindow *preferences,
                                  gboolean             create);
void
_tk_application_library_refused (TkApplication       *self,
                                 TkPreferencesWindow *preferences,
                                 const char          *path,
                                 const GError        *error);
void
_tk_application_tell_if_made_from_empty (TkApplication *self,
                                         TkStore       *store);
void
_tk_application_library_open_failed (TkApplication   *self,
                                     const char      *path,
                                     TkStoreOpenFlags flags,
                                     const GError    *error);
void
_tk_application_library_actions_init (TkApplication *self);
void
_tk_application_update_library_actions (TkApplication *self);

G_END_DECLS
