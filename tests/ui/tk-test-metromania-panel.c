/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-metromania-panel.c — the Metromania panel in a session view in a window of its own, and
 * the steps several panel tests take on it: finding widgets by name, pressing buttons, picking a
 * tool, tapping the board through the board view's activate functions, reading the game. */
#include "config.h"

#include <adwaita.h>

#include "panels/metromania/tk-metromania-board-view.h"
#include "tk-session-view.h"
#include "tk-test-metromania-panel.h"
#include "tk-test-utils.h"

typedef TkTestMetromaniaPanel Fixture;
#define find_named(root, name) tk_test_metromania_panel_find_named (root, name)
#define board(f) tk_test_metromania_panel_board (f)

void
tk_test_metromania_panel_fixture_set_up (Fixture       *f,
                                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  JsonArray *players;

  f->dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  rules = tk_rules_lookup ("metromania");
  g_assert_nonnull (rules);
  setup = rules->default_setup (data != NULL ? GPOINTER_TO_UINT (data) & 0xff : 2);
  /* Games scored by hand before seed 002's far-side end was kept, with a line ending beside
   * its start side: they keep the rule table they were played with. */
  if (GPOINTER_TO_UINT (data) & ENTRY_MODE)
    json_object_set_boolean_member (setup, "entry", TRUE);
  if (GPOINTER_TO_UINT (data) & LEGACY_ENDS)
    json_object_set_boolean_member (json_object_get_object_member (setup, "rules"), "far_ends",
                                    FALSE);
  players = json_object_get_array_member (setup, "players");
  for (guint s = 0; s < json_array_get_length (players); s++)
    json_object_set_string_member (json_array_get_object_element (players, s), "name",
                                   (const char *[]) { "Ana", "Ben", "Cleo", "Dan" }[s]);
  json_object_set_string_member (json_array_get_object_element (players, 0), "colour", "#e01b24");
  /* Ben has no colour: the board picks one. */
  json_object_set_object_member (setup, "board", json_object_new ());
  f->session = tk_session_start (f->store, rules->id, 0, "Metromania", setup, &error);
  g_assert_no_error (error);

  f->view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (f->view), f->session);
  f->overlay = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (f->overlay), f->view);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, 1000, 800);
  adw_window_set_content (ADW_WINDOW (f->window), f->overlay);
  gtk_window_present (f->window);
  tk_test_settle ();
}

void
tk_test_metromania_panel_fixture_tear_down (Fixture       *f,
                                            gconstpointer  data)
{
  /* The test made the view and its window: closing the window frees the view and its panel. */
  GtkWidget *view = g_object_ref (f->view);

  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_assert_finalize_object (view);
  g_clear_object (&f->session);
  g_clear_object (&f->store);
  tk_test_remove_tree (f->dir);
  g_free (f->dir);
}

static gboolean
match_name (GtkWidget     *widget,
            gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

GtkWidget *
tk_test_metromania_panel_find_named (GtkWidget  *root,
                                     const char *name)
{
  GtkWidget *widget = tk_test_find_widget (root, match_name, name);

  if (widget == NULL)
    g_error ("no widget named “%s”", name);
  return widget;
}

void
tk_test_metromania_panel_click (GtkWidget  *root,
                                const char *label)
{
  GtkWidget *button = tk_test_find_button (root, label);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

void
tk_test_metromania_panel_pick_tool (Fixture    *f,
                                    const char *name)
{
  /* pressed as a person would: the button activates the tool bar's action */
  g_signal_emit_by_name (find_named (f->view, name), "clicked");
}

TkMetromaniaBoardView *
tk_test_metromania_panel_board (Fixture *f)
{
  GtkWidget *widget = tk_test_find_descendant (f->view, TK_TYPE_METROMANIA_BOARD_VIEW);

  g_assert_nonnull (widget);
  return TK_METROMANIA_BOARD_VIEW (widget);
}

void
tk_test_metromania_panel_edge (Fixture *f,
                               gint     aq,
                               gint     ar,
                               gint     bq,
                               gint     br,
                               gint     cq,
                               gint     cr,
                               gboolean down)
{
  TkMetroCell cell = { cq, cr, down };

  tk_metromania_board_view_activate_edge (board (f), (TkMetroPoint) { aq, ar },
                                          (TkMetroPoint) { bq, br }, &cell);
}

void
tk_test_metromania_panel_point (Fixture *f,
                                gint     q,
                                gint     r)
{
  tk_metromania_board_view_activate_point (board (f), (TkMetroPoint) { q, r });
}

void
tk_test_metromania_panel_cell (Fixture *f,
                               gint     q,
                               gint     r,
                               gboolean down)
{
  tk_metromania_board_view_activate_cell (board (f), (TkMetroCell) { q, r, down });
}

JsonObject *
tk_test_metromania_panel_game (Fixture *f)
{
  g_autoptr(JsonObject) json = tk_session_to_json (f->session);

  return json_object_ref (json_object_get_object_member (json, "game"));
}

const char *
tk_test_metromania_panel_label_text (GtkWidget  *root,
                                     const char *name)
{
  return gtk_label_get_text (GTK_LABEL (find_named (root, name)));
}

const char *
tk_test_metromania_panel_trip_subtitle (GtkWidget  *root,
                                        const char *trip)
{
  g_autofree char *name = g_strdup_printf ("trip-%s", trip);

  return adw_action_row_get_subtitle (ADW_ACTION_ROW (find_named (root, name)));
}
