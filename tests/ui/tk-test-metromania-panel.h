/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-metromania-panel.h — the Metromania panel in a session view in a window of its own (a
 * GTest fixture), and the steps several panel tests take on it.
 *
 * The tests call them by short names through macros at their top. */
#pragma once

#include <adwaita.h>

#include "panels/metromania/tk-metromania-board-view.h"
#include "tk-session.h"
#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  char       *dir;
  TkStore    *store;
  TkSession  *session;
  GtkWindow  *window;
  GtkWidget  *overlay;    /* the window's toast overlay, where refusals are shown */
  GtkWidget  *view;
} TkTestMetromaniaPanel;

/* Flags beside the number of players (the low byte) in the fixture's data. */
#define LEGACY_ENDS 0x100
#define ENTRY_MODE  0x200

/* A new library and a Metromania session (Ana, Ben, Cleo, Dan as many as the data's low byte
 * says, 2 by default) shown in a session view in a window. */
void                   tk_test_metromania_panel_fixture_set_up    (TkTestMetromaniaPanel *f,
                                                                   gconstpointer          data);
/* Closes the window (the view must be freed with it) and removes the library. */
void                   tk_test_metromania_panel_fixture_tear_down (TkTestMetromaniaPanel *f,
                                                                   gconstpointer          data);
/* The widget under @root named @name; the test fails when there is none. */
GtkWidget             *tk_test_metromania_panel_find_named        (GtkWidget             *root,
                                                                   const char            *name);
/* Presses the sensitive button labelled @label under @root. */
void                   tk_test_metromania_panel_click             (GtkWidget             *root,
                                                                   const char            *label);
/* Picks the drawing tool named @name. */
void                   tk_test_metromania_panel_pick_tool         (TkTestMetromaniaPanel *f,
                                                                   const char            *name);
/* The panel's board view. */
TkMetromaniaBoardView *tk_test_metromania_panel_board             (TkTestMetromaniaPanel *f);
/* Taps the edge from (aq, ar) to (bq, br) of the cell (cq, cr, down). */
void                   tk_test_metromania_panel_edge              (TkTestMetromaniaPanel *f,
                                                                   gint                   aq,
                                                                   gint                   ar,
                                                                   gint                   bq,
                                                                   gint                   br,
                                                                   gint                   cq,
                                                                   gint                   cr,
                                                                   gboolean               down);
/* Taps the lattice point (q, r). */
void                   tk_test_metromania_panel_point             (TkTestMetromaniaPanel *f,
                                                                   gint                   q,
                                                                   gint                   r);
/* Taps the cell (q, r, down). */
void                   tk_test_metromania_panel_cell              (TkTestMetromaniaPanel *f,
                                                                   gint                   q,
                                                                   gint                   r,
                                                                   gboolean               down);
/* The session's game JSON; unref it. */
JsonObject            *tk_test_metromania_panel_game              (TkTestMetromaniaPanel *f);
/* The text of the label named @name under @root. */
const char            *tk_test_metromania_panel_label_text        (GtkWidget             *root,
                                                                   const char            *name);
/* The subtitle of the row of trip @trip ("A" … "F") under @root. */
const char            *tk_test_metromania_panel_trip_subtitle     (GtkWidget             *root,
                                                                   const char            *trip);

G_END_DECLS
