/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-utils.h — helpers shared by the UI tests: a hermetic start, waiting on the main
 * loop, a fixture with a temporary library folder and the application, and widget lookups.
 */
#pragma once

#include <adwaita.h>

#include "tk-application.h"
#include "tk-session.h"
#include "tk-test-store.h"

G_BEGIN_DECLS

/* How long WAIT_FOR waits; a test file may define its own before including this header. */
#ifndef TK_TEST_WAIT_TIMEOUT_S
#define TK_TEST_WAIT_TIMEOUT_S 20
#endif

/* Iterates the main context until @cond holds; fails the test after TK_TEST_WAIT_TIMEOUT_S. */
#define WAIT_FOR(cond) \
  G_STMT_START { \
    gint64 wait_end_ = g_get_monotonic_time () + TK_TEST_WAIT_TIMEOUT_S * G_USEC_PER_SEC; \
    guint wake_id_ = g_timeout_add (10, tk_test_wake_up, NULL); \
    while (!(cond)) \
      { \
        if (g_get_monotonic_time () > wait_end_) \
          g_error ("%s:%d: timed out waiting for %s", __FILE__, __LINE__, #cond); \
        g_main_context_iteration (NULL, TRUE); \
      } \
    g_source_remove (wake_id_); \
  } G_STMT_END

/* Adds a test on a TkTestFixture, set up by @set_up, torn down by tk_test_fixture_tear_down. */
#define TK_TEST_ADD(path, set_up, func) \
  g_test_add ((path), TkTestFixture, NULL, (set_up), (func), tk_test_fixture_tear_down)

/* A temporary folder holding the library file, and the application once started. */
typedef struct
{
  char          *dir;
  char          *db_path;
  TkApplication *app;
} TkTestFixture;

/* Hermetic: no session bus, no accessibility bus, a private data folder (the default
 * library and cover copies land there); the build's translations when TK_TEST_LOCALEDIR is
 * set (the Japanese runs); then GTK's and libadwaita's init. */
void        tk_test_init              (int            *argc,
                                       char         ***argv);
/* g_test_run(), then removes the private data folder. */
int         tk_test_run               (void);

/* A timeout callback that only wakes the main loop up. */
gboolean    tk_test_wake_up           (gpointer        user_data);
/* Lets pending idles, layouts and frames run (100 ms). */
void        tk_test_settle            (void);

/* Resets the window and library settings and makes the folder; the library file is not
 * created. */
void        tk_test_fixture_set_up    (TkTestFixture  *fixture,
                                       gconstpointer   data);
/* The same, with a library file that holds the catalog, as after the first start. */
void        tk_test_fixture_set_up_with_catalog (TkTestFixture *fixture,
                                                 gconstpointer  data);
/* Destroys every window, drops the application and removes the folder. */
void        tk_test_fixture_tear_down (TkTestFixture  *fixture,
                                       gconstpointer   data);
/* Makes, registers and activates the application on the fixture's library. */
void        tk_test_start_app         (TkTestFixture  *fixture);

/* Whether @widget is the one looked for (@data: what to look for). */
typedef gboolean (*TkTestMatchFunc) (GtkWidget     *widget,
                                     gconstpointer  data);

/* The first widget at or below @widget, depth first, for which @match is TRUE, or NULL. */
GtkWidget  *tk_test_find_widget       (GtkWidget      *widget,
                                       TkTestMatchFunc match,
                                       gconstpointer   data);
/* Matchers for tk_test_find_widget(): the widget named @data (gtk_widget_set_name()), and the
 * shown button bound to the action @data. */
gboolean    tk_test_has_name          (GtkWidget      *widget,
                                       gconstpointer   data);
gboolean    tk_test_has_action        (GtkWidget      *widget,
                                       gconstpointer   data);
/* The widget named @name at or below @root; the test fails when there is none. */
GtkWidget  *tk_test_find_named        (GtkWidget      *root,
                                       const char     *name);
/* The first widget at or below @widget of @type, depth first; NULL when none. */
GtkWidget  *tk_test_find_descendant   (GtkWidget      *widget,
                                       GType           type);
/* The first button at or below @widget with the label @label. */
GtkWidget  *tk_test_find_button       (GtkWidget      *widget,
                                       const char     *label);
/* The first label at or below @widget with the text @text. */
GtkWidget  *tk_test_find_label        (GtkWidget      *widget,
                                       const char     *text);
/* Waits for a toast at or below @widget and presses its button labelled @label (e.g.
 * "_Undo") as a user does; fails when the button is missing, hidden or insensitive. */
void        tk_test_press_toast_button (GtkWidget     *widget,
                                        const char    *label);
/* Opens the first menu button at or below @widget and presses its item labelled @label
 * (mnemonic underscores ignored, so "_Invite Players…" or the translation of it), as a user
 * does; fails when the item is missing or insensitive. */
void        tk_test_press_menu_item   (GtkWidget      *widget,
                                       const char     *label);
/* The first visible toplevel window of @type. */
GtkWindow  *tk_test_find_toplevel     (GType           type);

/* Presses @keyval on @widget's key controllers, as the keyboard would; fails the test when
 * none handles it. */
void        tk_test_press_key         (GtkWidget      *widget,
                                       guint           keyval);
/* Types @keyval (no modifiers) through the X server into @window, which is made the active
 * window first: the key reaches the focused widget and every controller on its way, as a
 * person's key press does. */
void        tk_test_type_key          (GtkWindow      *window,
                                       guint           keyval);
/* The same with Control and/or Shift held (GDK_CONTROL_MASK, GDK_SHIFT_MASK). */
void        tk_test_type_key_with     (GtkWindow      *window,
                                       guint           keyval,
                                       GdkModifierType modifiers);
/* Picks @iso ("YYYY-MM-DD") in the first date row's calendar at or below @widget, as a tap
 * on that day does. */
void        tk_test_pick_day          (GtkWidget      *widget,
                                       const char     *iso);
/* The session file tests/fixtures/@name, its actions cut to the first @n_actions (0: all of
 * them), as text for tk_session_import(). */
char       *tk_test_read_session      (const char     *name,
                                       guint           n_actions);

/* When TK_TEST_SHOTS_DIR is set, saves what @widget shows as TK_TEST_SHOTS_DIR/@name.png
 * (for looking at states that are hard to reach by hand, e.g. a dialog half filled in). */
void        tk_test_save_shot         (GtkWidget      *widget,
                                       const char     *name);

/* A session of @rules_id (@setup: NULL for the engine's default for two) in a new library
 * of its own, shown in a session view alone in a window of @width × @height. */
typedef struct
{
  char       *dir;
  TkStore    *store;
  TkSession  *session;
  GtkWindow  *window;
  GtkWidget  *view;
} TkTestSession;

void        tk_test_session_set_up    (TkTestSession  *f,
                                       const char     *rules_id,
                                       JsonObject     *setup,
                                       int             width,
                                       int             height);
void        tk_test_session_tear_down (TkTestSession  *f);

/* Loads the app's style sheet (AdwApplication does it for the app; tests that show a widget
 * without the application need it for its sizes), once per process. */
void        tk_test_load_app_style    (void);

G_END_DECLS
