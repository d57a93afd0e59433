/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-welcome-to-panel.h — the Welcome To... panel in a session view in a window of its
 * own (a GTest fixture), the finders the panel tests press with, and what they read back from
 * the session's state.
 *
 * The tests call them by short names through macros at their top. */
#pragma once

#include <adwaita.h>

#include "tk-session.h"
#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  char       *dir;
  TkStore    *store;
  TkSession  *session;
  GtkWindow  *window;
  GtkWidget  *view;
  GtkWidget  *overlay;    /* the window's toast overlay, where refusals are shown */
} TkTestWelcomeToPanel;

/* A session other than the default two-player basic game (the fixture's data). */
typedef struct
{
  int         width;        /* 0: 1000 */
  guint       n_players;    /* 0: 2 */
  const char *variant;      /* NULL: the default */
  gboolean    draft;
} TkTestWelcomeToConfig;

/* A new library and a Welcome To... session of @data (a TkTestWelcomeToConfig, NULL for two
 * players, basic rules, 1000 px wide) shown in a session view in a window. */
void        tk_test_welcome_to_panel_set_up        (TkTestWelcomeToPanel *f,
                                                    gconstpointer         data);
/* Closes the window and removes the library. */
void        tk_test_welcome_to_panel_tear_down     (TkTestWelcomeToPanel *f,
                                                    gconstpointer         data);
/* The widget under @root named @name; the test fails when there is none. */
GtkWidget  *tk_test_welcome_to_panel_find_named    (GtkWidget            *root,
                                                    const char           *name);
/* For tk_test_find_widget (): a label whose text contains @text. */
gboolean    tk_test_welcome_to_panel_label_has     (GtkWidget            *widget,
                                                    gconstpointer         text);
/* Presses the button named @name under @root. */
void        tk_test_welcome_to_panel_click         (GtkWidget            *root,
                                                    const char           *name);
/* The text the house box of @street, @house (1-based) shows, and whether it is dimmed. */
const char *tk_test_welcome_to_panel_house_text    (GtkWidget            *panel,
                                                    guint                 street,
                                                    guint                 house);
gboolean    tk_test_welcome_to_panel_house_dimmed  (GtkWidget            *panel,
                                                    guint                 street,
                                                    guint                 house);
/* Whether the widget named @name under @panel has @css_class. */
gboolean    tk_test_welcome_to_panel_has_class     (GtkWidget            *panel,
                                                    const char           *name,
                                                    const char           *css_class);
/* The number the label named @name shows. */
gint64      tk_test_welcome_to_panel_shown_number  (GtkWidget            *panel,
                                                    const char           *name);
/* The session's "game" state (unref it), a seat's sheet in it, a street (1-based) of a
 * sheet, and a house (1-based) of a street, NULL when empty. */
JsonObject *tk_test_welcome_to_panel_game_state    (TkSession            *session);
JsonObject *tk_test_welcome_to_panel_sheet_of      (JsonObject           *game,
                                                    guint                 seat);
JsonObject *tk_test_welcome_to_panel_street_of     (JsonObject           *sheet,
                                                    guint                 street);
JsonObject *tk_test_welcome_to_panel_house_of      (JsonObject           *sheet,
                                                    guint                 street,
                                                    guint                 house);
/* The whole session as text, to compare before and after; free it. */
char       *tk_test_welcome_to_panel_state_text    (TkSession            *session);
/* A seat's total as the engine scores it. */
gint64      tk_test_welcome_to_panel_session_total (TkSession            *session,
                                                    guint                 seat);
/* Whether @value may be written in house @h of @sheet's street @s by the ascending rule
 * alone, worked out from the state JSON apart from the panel and the engine. */
gboolean    tk_test_welcome_to_panel_ascending_allows (JsonObject        *sheet,
                                                       guint              s,
                                                       guint              h,
                                                       guint              n_houses,
                                                       gint64             value);

G_END_DECLS
