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

/* The short names the panel test programs call the fixture and steps by. */
typedef TkTestWelcomeToPanel Fixture;
typedef TkTestWelcomeToConfig Config;
#define fixture_set_up tk_test_welcome_to_panel_set_up
#define fixture_tear_down tk_test_welcome_to_panel_tear_down
#define find_named(root, name) tk_test_find_named (root, name)
#define is_label_containing tk_test_welcome_to_panel_label_has
#define is_named tk_test_has_name
#define click(root, name) tk_test_welcome_to_panel_click (root, name)
#define house_text(panel, s, h) tk_test_welcome_to_panel_house_text (panel, s, h)
#define house_dimmed(panel, s, h) tk_test_welcome_to_panel_house_dimmed (panel, s, h)
#define has_class(panel, name, c) tk_test_welcome_to_panel_has_class (panel, name, c)
#define shown_number(panel, name) tk_test_welcome_to_panel_shown_number (panel, name)
#define game_state(session) tk_test_welcome_to_panel_game_state (session)
#define sheet_of(game, seat) tk_test_welcome_to_panel_sheet_of (game, seat)
#define street_of(sheet, s) tk_test_welcome_to_panel_street_of (sheet, s)
#define house_of(sheet, s, h) tk_test_welcome_to_panel_house_of (sheet, s, h)
#define state_text(session) tk_test_welcome_to_panel_state_text (session)
#define session_total(session, seat) tk_test_welcome_to_panel_session_total (session, seat)
#define ascending_allows(sheet, s, h, n, v) tk_test_welcome_to_panel_ascending_allows (sheet, s, h, n, v)
#define save_shot(widget, name) tk_test_save_shot (widget, name)

G_END_DECLS
