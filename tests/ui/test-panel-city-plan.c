/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-city-plan.c — the City Plan panel in a session view, driven as a player would. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tk-game-panel.h"
#include "panels/city-plan/tk-city-plan-panel.h"
#include "panels/city-plan/tk-city-plan-build.h"
#include "panels/city-plan/tk-city-plan-cards.h"
#include "tk-session-view.h"
#include "tk-ledger-dialog.h"
#include "tk-test-utils.h"

typedef struct
{
  char       *dir;
  TkStore    *store;
  TkSession  *session;
  GtkWindow  *window;
  GtkWidget  *view;
} Fixture;

static void
show_session (Fixture *f)
{
  f->view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (f->view), f->session);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, 1000, 800);
  adw_window_set_content (ADW_WINDOW (f->window), f->view);
  gtk_window_present (f->window);
  tk_test_settle ();
}

/* Replaces the session with the fixture file @name (tests/fixtures), shown in a new window. */
static void
show_fixture (Fixture    *f,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  f->session = tk_session_import (f->store, text, -1, &error);
  g_assert_no_error (error);
  show_session (f);
}

/* Two players, Ana and Ben, 8 cards each; the resident tax fires with 1 residential. */
static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  JsonArray *players;
  JsonObject *tiles;

  f->dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  rules = tk_rules_lookup ("city-plan");
  g_assert_nonnull (rules);
  setup = rules->default_setup (2);
  players = json_object_get_array_member (setup, "players");
  json_object_set_string_member (json_array_get_object_element (players, 0), "name", "Ana");
  json_object_set_string_member (json_array_get_object_element (players, 1), "name", "Ben");
  json_object_set_int_member (setup, "start_hand", 8);
  tiles = json_object_get_object_member (setup, "income_tiles");
  json_object_set_int_member (tiles, "resident", 1);
  f->session = tk_session_start (f->store, rules->id, 0, "City Plan", setup, &error);
  g_assert_no_error (error);
  show_session (f);
}

static void
fixture_tear_down (Fixture       *f,
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

/* ---- helpers ---- */

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static GtkWidget *
find_in (GtkWidget  *root,
         const char *name)
{
  GtkWidget *widget = tk_test_find_widget (root, is_named, name);

  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

static GtkWidget *
find (Fixture    *f,
      const char *name)
{
  return find_in (f->view, name);
}

static void
click (Fixture    *f,
       const char *name)
{
  g_signal_emit_by_name (find (f, name), "clicked");
  tk_test_settle ();
}

static const char *
text_of (Fixture    *f,
         const char *name)
{
  return gtk_label_get_text (GTK_LABEL (find (f, name)));
}

static void
choose_card (Fixture    *f,
             const char *id)
{
  g_autofree char *name = g_strdup_printf ("cp-card-%s", id);
  GtkWidget *row = find (f, name);

  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
  tk_test_settle ();
}

/* A typed card: type index (0 residential, 1 commercial, …), cost, points, power. */
static void
type_card (Fixture    *f,
           const char *name,
           guint       type,
           int         cost,
           int         points,
           int         power)
{
  choose_card (f, "custom");
  gtk_editable_set_text (GTK_EDITABLE (find (f, "cp-custom-name")), name);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (f, "cp-custom-type")), type);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (f, "cp-custom-cost")), cost);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (f, "cp-custom-points")), points);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (f, "cp-custom-power")), power);
  tk_test_settle ();
}

static JsonObject *
game_state (Fixture *f)
{
  g_autoptr(JsonObject) json = tk_session_to_json (f->session);

  return json_object_ref (json_object_get_object_member (json, "game"));
}

static gint64
player_int (Fixture    *f,
            guint       seat,
            const char *member)
{
  g_autoptr(JsonObject) game = game_state (f);

  return json_object_get_int_member (
    json_array_get_object_element (json_object_get_array_member (game, "players"), seat), member);
}

static JsonObject *
tile_in (JsonObject *game,
         const char *id)
{
  JsonArray *tiles = json_object_get_array_member (game, "income_tiles");

  for (guint i = 0; i < json_array_get_length (tiles); i++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (tiles, i),
                                                  "tile"), id) == 0)
      return json_array_get_object_element (tiles, i);
  return NULL;
}

/* The score cards show tk_session_score line by line. */
static void
check_score (Fixture *f)
{
  g_autoptr(JsonObject) score = tk_session_score (f->session);
  JsonArray *players = json_object_get_array_member (score, "players");

  for (guint seat = 0; seat < json_array_get_length (players); seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonArray *lines = json_object_get_array_member (player, "breakdown");
      g_autofree char *total_name = g_strdup_printf ("cp-score-%u-total", seat);
      g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                json_object_get_int_member (player, "total"));

      g_assert_cmpstr (text_of (f, total_name), ==, total);
      for (guint l = 0; l < json_array_get_length (lines); l++)
        {
          JsonObject *line = json_array_get_object_element (lines, l);
          g_autofree char *label_name = g_strdup_printf ("cp-score-%u-label-%u", seat, l);
          g_autofree char *value_name = g_strdup_printf ("cp-score-%u-line-%u", seat, l);
          g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                    json_object_get_int_member (line, "points"));

          g_assert_cmpstr (text_of (f, label_name), ==, json_object_get_string_member (line, "label"));
          g_assert_cmpstr (text_of (f, value_name), ==, value);
        }
    }
}

/* ---- tests ---- */

static void
test_panel_shown (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_CITY_PLAN_PANEL);

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_mapped (panel));
  g_assert_cmpstr (text_of (f, "turn-title"), ==, "Round 1 · Ana’s turn");
  g_assert_cmpstr (text_of (f, "cp-hand-0"), ==, "8 cards in hand");
  check_score (f);
}

/* Three rounds through the panel: a build at the printed cost, a build with the station's
 * reduction shown and charged, an overloaded plant refused with nothing changed, the resident
 * tax firing once, a manifesto kept and scored, undo and reopening. */
static void
test_rounds (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) game = NULL;
  guint n_before;

  /* Round 1, Ana: draws (9 cards: over the limit until the turn ends) and builds a station. */
  click (f, "cp-draw");
  g_assert_cmpint (player_int (f, 0, "hand"), ==, 9);
  g_assert_cmpstr (text_of (f, "cp-hand-0"), ==, "9 cards in hand — over the limit of 8");
  choose_card (f, "station");
  g_assert_cmpstr (text_of (f, "cp-cost"), ==,
                   "Station: cost 3 — the card and 3 more from the hand (9 in hand).");
  click (f, "cp-build");
  g_assert_cmpint (player_int (f, 0, "hand"), ==, 5);
  g_assert_cmpstr (text_of (f, "cp-plant-1-power"), ==, "1 of 5 power");
  g_assert_cmpstr (text_of (f, "cp-counts-0"), ==,
                   "Residential 0 · Commercial 0 · Industrial 0 · Facilities 1 · Plants 1");

  /* Ben redraws 2 and is cut to 8 at the end of his turn; no tile fires. */
  click (f, "cp-draw");
  click (f, "cp-redraw");
  g_assert_cmpint (player_int (f, 1, "hand"), ==, 8);
  game = game_state (f);
  g_assert_cmpint (json_object_get_int_member (game, "round"), ==, 2);
  g_assert_false (json_object_get_boolean_member (tile_in (game, "resident"), "fired"));
  g_clear_pointer (&game, json_object_unref);
  g_assert_cmpstr (text_of (f, "cp-tile-resident"), ==, "Waiting");
  g_assert_cmpstr (text_of (f, "cp-round-news"), ==, "Round 1 ended. No income tile fired.");

  /* Round 2, Ana: a residential printed at 3 costs her 1 with the station: shown, then
   * charged (6 − the card − 1 = 4). */
  click (f, "cp-draw");
  type_card (f, "Houses", 0, 3, 4, 1);
  g_assert_cmpstr (text_of (f, "cp-cost"), ==,
                   "Houses: printed cost 3, 1 for Ana after reductions — the card and 1 more "
                   "from the hand (6 in hand).");
  click (f, "cp-build");
  g_assert_cmpint (player_int (f, 0, "hand"), ==, 4);
  g_assert_cmpstr (text_of (f, "cp-plant-1-power"), ==, "2 of 5 power");
  /* Now the resident tax would fire at the round's end: the panel says who draws what. */
  g_assert_cmpstr (text_of (f, "cp-tile-resident"), ==, "Fires");
  g_assert_true (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "cp-tile-row-resident"))),
                         "Ana draws 1, Ben draws 0") != NULL);

  /* Ben: a building needing 9 power on a plant of 5 is refused; nothing changes. */
  click (f, "cp-draw");
  type_card (f, "Mall", 1, 1, 2, 9);
  g_assert_cmpstr (text_of (f, "cp-power-note"), ==,
                   "Needs 9 power, but this plant has 5 free.");
  n_before = tk_session_get_n_active (f->session);
  click (f, "cp-build");
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, n_before);
  g_assert_cmpint (player_int (f, 1, "hand"), ==, 9);
  g_assert_cmpstr (text_of (f, "cp-plant-2-power"), ==, "0 of 5 power");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (f, "cp-custom-power")), 1);
  click (f, "cp-build");
  g_assert_cmpint (player_int (f, 1, "hand"), ==, 7);

  /* The round ended: the resident tax fired once, Ana drew her 1 residential. */
  game = game_state (f);
  g_assert_true (json_object_get_boolean_member (tile_in (game, "resident"), "fired"));
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (
                     tile_in (game, "resident"), "draws"), 0), ==, 1);
  g_clear_pointer (&game, json_object_unref);
  g_assert_cmpint (player_int (f, 0, "hand"), ==, 5);
  g_assert_cmpstr (text_of (f, "cp-round-news"), ==,
                   "Round 2 ended. Resident tax fired: Ana drew 1, Ben drew 0.");
  tk_test_save_shot (GTK_WIDGET (f->window), "city-plan-wide-round");
  tk_test_save_shot (tk_test_find_descendant (f->view, TK_TYPE_CITY_PLAN_PANEL),
                     "city-plan-wide-round-panel");
  g_assert_cmpstr (text_of (f, "cp-tile-resident"), ==, "Fired");
  g_assert_true (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "cp-tile-row-resident"))),
                         "Ana drew 1, Ben drew 0") != NULL);

  /* Round 3: Ana keeps a manifesto, then redraws 2; Ben draws and redraws. */
  click (f, "cp-manifestos");
  click (f, "cp-manifesto-keep");
  g_assert_cmpint (player_int (f, 0, "manifestos"), ==, 1);
  g_assert_cmpstr (text_of (f, "cp-manifestos-0"), ==, "Manifestos: 1 of 2");
  /* Once a turn: redrawing with the manifestos waits, with the engine's reason. */
  g_assert_false (gtk_widget_get_sensitive (find (f, "cp-redraw-manifesto")));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (find (f, "cp-redraw-manifesto")), ==,
                   "Manifestos may be drawn only once a turn.");
  click (f, "cp-redraw");
  g_assert_cmpint (player_int (f, 0, "hand"), ==, 7);
  click (f, "cp-draw");
  click (f, "cp-redraw");
  /* The tile does not fire again: Ana's hand stays 7 although she still has a residential. */
  g_assert_cmpint (player_int (f, 0, "hand"), ==, 7);
  game = game_state (f);
  g_assert_cmpint (json_object_get_int_member (game, "round"), ==, 4);
  g_clear_pointer (&game, json_object_unref);

  /* The manifesto scores 1: by hand Ana has 0 + 1 + 4 building points, 1 manifesto point,
   * development 0 (no commercial, no industrial), no completion bonus: 6. */
  click (f, "cp-manifesto-0-0-plus");
  g_assert_cmpstr (text_of (f, "cp-manifesto-0-0"), ==, "1");
  g_assert_cmpstr (text_of (f, "cp-score-0-total"), ==, "6");
  check_score (f);

  /* The ledger names who, which manifesto and how many, under the session's latest lines
   * and in the whole ledger's own window. */
  {
    const char *line = "Ana’s manifesto 1 scores 1 point (was 0)";
    GtkWindow *ledger;

    g_assert_nonnull (tk_test_find_label (find (f, "ledger-latest"), line));
    g_signal_emit_by_name (find (f, "show-ledger"), "clicked");
    WAIT_FOR ((ledger = tk_test_find_toplevel (TK_TYPE_LEDGER_DIALOG)) != NULL);
    WAIT_FOR (tk_test_find_label (GTK_WIDGET (ledger), line) != NULL);
    tk_test_save_shot (GTK_WIDGET (ledger), "city-plan-ledger");
    gtk_window_destroy (ledger);
    tk_test_settle ();
  }

  /* Undo from the toast takes the manifesto points back, on screen too. */
  tk_test_press_toast_button (f->view, "_Undo");
  g_assert_cmpstr (text_of (f, "cp-manifesto-0-0"), ==, "0");
  g_assert_cmpstr (text_of (f, "cp-score-0-total"), ==, "5");
  check_score (f);

  /* Reopened, the session shows the same. */
  {
    gint64 id = tk_session_get_id (f->session);

    gtk_window_destroy (f->window);
    tk_test_settle ();
    g_clear_object (&f->session);
    f->session = tk_session_load (f->store, id, &error);
    g_assert_no_error (error);
    show_session (f);
  }
  g_assert_cmpstr (text_of (f, "turn-title"), ==, "Round 4 · Ana’s turn");
  g_assert_cmpstr (text_of (f, "cp-tile-resident"), ==, "Fired");
  g_assert_cmpstr (text_of (f, "cp-plant-1-power"), ==, "2 of 5 power");
  g_assert_cmpstr (text_of (f, "cp-score-0-total"), ==, "5");
  check_score (f);
}

/* The sample game: split points chosen, the end banner and the breakdown. */
static void
test_fixture_end (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(JsonObject) score = NULL;

  show_fixture (f, "city-plan-session.json");
  /* the shot first, so that it is saved in any language (the checks below read English) */
  tk_test_save_shot (GTK_WIDGET (f->window), "city-plan-wide-end");

  score = tk_session_score (f->session);
  g_assert_true (json_object_get_boolean_member (score, "finished"));
  g_assert_true (gtk_widget_get_visible (find (f, "end-card")));
  g_assert_cmpstr (text_of (f, "end-card-title"), ==, "Ana wins");
  check_score (f);
  /* The chamber of commerce (building 7) splits 2 to commercial, as the file chose. */
  g_assert_cmpstr (text_of (f, "cp-split-7"), ==, "2");
}

/* The hand-scored three-player game (tests/fixtures/city-plan-full-game.json, checked in
 * tests/test-city-plan.c) opened on a phone: the end banner names Ana, every card shows the
 * breakdown worked out by hand, and the three-way tie at 35 shows what broke it (buildings,
 * then cards in hand).  Everything fits 360 px. */
static void
test_full_game_phone (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  g_autofree char *css_path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "..", "ui",
                                                "style.css", NULL);
  static const char *const lines[3][4] = {
    { "21", "11", "0", "3" }, { "22", "3", "7", "3" }, { "21", "8", "6", "0" },
  };
  static const char *const ties[3] = {
    "Ties: 10 buildings, 10 cards in hand",
    "Ties: 10 buildings, 9 cards in hand",
    "Ties: 9 buildings, 10 cards in hand",
  };
  GtkWidget *panel;
  int minimum, natural;

  gtk_css_provider_load_from_path (css, css_path);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  show_fixture (f, "city-plan-full-game.json");
  gtk_window_set_default_size (f->window, 360, 720);
  gtk_widget_set_size_request (GTK_WIDGET (f->window), 360, 720);
  tk_test_settle ();
  /* the shots first, so that they are saved in any language (the checks below read English) */
  panel = tk_test_find_descendant (f->view, TK_TYPE_CITY_PLAN_PANEL);
  tk_test_save_shot (GTK_WIDGET (f->window), "city-plan-full-game-phone");
  tk_test_save_shot (panel, "city-plan-full-game-phone-panel");

  g_assert_true (gtk_widget_get_visible (find (f, "end-card")));
  g_assert_cmpstr (text_of (f, "end-card-title"), ==, "Ana wins");
  /* Ana's row comes first, with her 35 */
  {
    GtkWidget *first = gtk_widget_get_first_child (find (f, "end-card-players"));

    g_assert_true (ADW_IS_EXPANDER_ROW (first));
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (first)), ==, "Ana");
    g_assert_nonnull (tk_test_find_label (first, "35"));
  }
  for (guint seat = 0; seat < 3; seat++)
    {
      g_autofree char *rank = g_strdup_printf ("cp-score-%u-rank", seat);
      g_autofree char *rank_text = g_strdup_printf ("Rank %u", seat + 1);
      g_autofree char *total = g_strdup_printf ("cp-score-%u-total", seat);
      g_autofree char *tie = g_strdup_printf ("cp-score-%u-ties", seat);

      g_assert_cmpstr (text_of (f, rank), ==, rank_text);
      g_assert_cmpstr (text_of (f, total), ==, "35");
      g_assert_cmpstr (text_of (f, tie), ==, ties[seat]);
      for (guint l = 0; l < 4; l++)
        {
          g_autofree char *line = g_strdup_printf ("cp-score-%u-line-%u", seat, l);

          g_assert_cmpstr (text_of (f, line), ==, lines[seat][l]);
        }
    }
  check_score (f);
  /* After the last round the hand limit no longer applies: no warning for 10 cards. */
  g_assert_cmpstr (text_of (f, "cp-hand-0"), ==, "10 cards in hand");
  g_assert_cmpstr (text_of (f, "cp-score-1-districts"), ==,
                   "Development: the lowest of residential 7, commercial 7, industrial 8");

  gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360 - 24);
  g_assert_cmpint (gtk_widget_get_width (panel), <=, 360);
}

/* A tap patches the panel in place: the stepper tapped and the keyboard focus live on (the
 * manifesto's points and a split's); a turn button that ends its step hands the focus to
 * the next step (drawing: the build flow), never to a widget that is gone or hidden. */
static void
test_focus_kept (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *draw, *focus, *build;
  g_autoptr(JsonObject) game = NULL;

  draw = find (f, "cp-draw");
  gtk_widget_grab_focus (draw);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == draw);
  click (f, "cp-draw");
  /* the build step on a phone, saved before the checks so in any language */
  gtk_window_set_default_size (f->window, 360, 720);
  gtk_widget_set_size_request (GTK_WIDGET (f->window), 360, 720);
  tk_test_settle ();
  tk_test_save_shot (tk_test_find_descendant (f->view, TK_TYPE_CITY_PLAN_PANEL),
                     "city-plan-phone-build-panel");
  game = game_state (f);
  g_assert_cmpstr (json_object_get_string_member (game, "phase"), ==, "action");
  build = tk_test_find_descendant (f->view, TK_TYPE_CITY_PLAN_BUILD);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (focus);
  g_test_message ("focus on %s %s", G_OBJECT_TYPE_NAME (focus), gtk_widget_get_name (focus));
  g_assert_true (gtk_widget_get_root (focus) == GTK_ROOT (f->window));
  g_assert_true (gtk_widget_get_mapped (focus));
  g_assert_true (gtk_widget_is_ancestor (focus, build));
  /* the draw button lives on, hidden until the next turn, and comes back the same */
  g_assert_true (find (f, "cp-draw") == draw);

  show_fixture (f, "city-plan-full-game.json");
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "cp-manifesto-0-0-plus" : "cp-split-23-plus";
      const char *value = i == 0 ? "cp-manifesto-0-0" : "cp-split-23";
      const char *before = i == 0 ? "5" : "1";
      const char *after = i == 0 ? "6" : "2";
      GtkWidget *button = g_object_ref (find (f, name));
      GtkWidget *label = find (f, value);

      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, before);
      gtk_widget_grab_focus (button);
      g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == button);
      click (f, name);
      g_assert_cmpstr (text_of (f, value), ==, after);
      /* the same button and number, still in the window, still focused */
      g_assert_true (find (f, name) == button);
      g_assert_true (find (f, value) == label);
      g_assert_true (gtk_widget_get_root (button) == GTK_ROOT (f->window));
      g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == button);
      g_object_unref (button);
    }
  check_score (f);
}

/* The options write the setup; the card table is edited, saved and loaded again. */
static void
test_options (void)
{
  g_autoptr(GError) error = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  GtkWidget *options, *again;
  GtkWidget *window;
  JsonArray *cards;
  JsonObject *park = NULL;
  gpointer state;
  g_autofree char *file = tk_city_plan_cards_path ();

  tk_games_register_all ();
  rules = tk_rules_lookup ("city-plan");
  /* A card file that is not a card table is ignored: the shipped table is used. */
  {
    g_autofree char *dir = g_path_get_dirname (file);
    g_autoptr(JsonObject) plain = rules->default_setup (2);
    g_autoptr(GtkWidget) broken = NULL;

    g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
    g_assert_true (g_file_set_contents (file, "[{\"id\": \"x\", \"type\": \"castle\"}]", -1, &error));
    broken = g_object_ref_sink (tk_game_panel_new_options ("city-plan"));
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (broken), plain, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (plain, "cards")), ==, 17);
    /* … and left as it was. */
    {
      g_autofree char *kept = NULL;

      g_assert_true (g_file_get_contents (file, &kept, NULL, &error));
      g_assert_cmpstr (kept, ==, "[{\"id\": \"x\", \"type\": \"castle\"}]");
    }
    g_assert_finalize_object (g_steal_pointer (&broken));
  }
  g_remove (file);
  options = tk_game_panel_new_options ("city-plan");
  g_assert_true (TK_IS_SETUP_OPTIONS (options));
  window = adw_window_new ();
  adw_window_set_content (ADW_WINDOW (window), options);
  tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 3);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_in (options, "cp-opt-start_hand")), 6);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_in (options, "cp-opt-end_buildings")), 9);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_in (options, "cp-opt-eco")), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_in (options, "cp-opt-first-seat")), 2);
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_in (options, "cp-opt-income-draws")), 1);

  /* A card of the player's own: added, renamed, retyped, re-costed; a shipped one removed. */
  g_signal_emit_by_name (find_in (options, "cp-opt-add-card"), "clicked");
  gtk_editable_set_text (GTK_EDITABLE (find_in (options, "cp-opt-card-card-18-name")), "Park");
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_in (options, "cp-opt-card-card-18-type")), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_in (options, "cp-opt-card-card-18-cost")), 2);
  gtk_switch_set_active (GTK_SWITCH (find_in (options, "cp-opt-card-card-18-eco")), TRUE);
  g_signal_emit_by_name (find_in (options, "cp-opt-card-city_hall-remove"), "clicked");
  /* The table with the new card open, on a phone and wide. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (find_in (options, "cp-opt-card-card-18")),
                                 TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, -1);
  gtk_window_present (GTK_WINDOW (window));
  tk_test_save_shot (window, "city-plan-options-360");
  gtk_window_set_default_size (GTK_WINDOW (window), 1300, -1);
  tk_test_save_shot (window, "city-plan-options-1300");

  setup = rules->default_setup (3);
  g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (setup, "start_hand"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (setup, "end_buildings"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (setup, "first_seat"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (setup, "income_draws"), ==, "trigger");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (setup, "income_tiles"),
                                               "eco"), ==, 1);
  cards = json_object_get_array_member (setup, "cards");
  g_assert_cmpuint (json_array_get_length (cards), ==, 17);
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      JsonObject *card = json_array_get_object_element (cards, i);

      g_assert_cmpstr (json_object_get_string_member (card, "id"), !=, "city_hall");
      if (g_strcmp0 (json_object_get_string_member (card, "name"), "Park") == 0)
        park = card;
    }
  g_assert_nonnull (park);
  g_assert_cmpstr (json_object_get_string_member (park, "type"), ==, "commercial");
  g_assert_cmpint (json_object_get_int_member (park, "cost"), ==, 2);
  g_assert_true (json_object_get_boolean_member (park, "eco"));
  state = rules->state_new (setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  rules->state_free (state);

  /* Saved for later sessions: a new options widget starts from the same table. */
  g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
  again = g_object_ref_sink (tk_game_panel_new_options ("city-plan"));
  {
    g_autoptr(JsonObject) second = rules->default_setup (2);
    g_autofree char *first_cards = NULL;
    g_autofree char *second_cards = NULL;
    g_autoptr(JsonNode) a = json_node_new (JSON_NODE_ARRAY);
    g_autoptr(JsonNode) b = json_node_new (JSON_NODE_ARRAY);

    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (again), second, &error));
    g_assert_no_error (error);
    json_node_set_array (a, cards);
    json_node_set_array (b, json_object_get_array_member (second, "cards"));
    first_cards = json_to_string (a, FALSE);
    second_cards = json_to_string (b, FALSE);
    g_assert_cmpstr (first_cards, ==, second_cards);
  }
  /* A building that scores by counting has its points per building and its limit to edit
   * (seed 004's police box: 1 per residential building, here raised to 2, at most 4). */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_in (again, "cp-opt-card-police_box-amount")),
                             2);
  {
    g_autoptr(JsonObject) third = rules->default_setup (2);
    JsonArray *table;

    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (again), third, &error));
    table = json_object_get_array_member (third, "cards");
    for (guint i = 0; i < json_array_get_length (table); i++)
      {
        JsonObject *card = json_array_get_object_element (table, i);

        if (g_strcmp0 (json_object_get_string_member (card, "id"), "police_box") == 0)
          {
            g_assert_cmpint (json_object_get_int_member (card, "amount"), ==, 2);
            g_assert_cmpint (json_object_get_int_member (card, "max_points"), ==, 4);
          }
      }
    g_assert_null (tk_test_find_widget (again, is_named, "cp-opt-card-station-amount"));
  }
  /* Shipped cards nobody confirmed say so. */
  g_assert_true (strstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (
                           find_in (again, "cp-opt-card-station"))),
                         "check against your rule book") != NULL);
  /* Reset brings the shipped table back (and saves it). */
  g_signal_emit_by_name (find_in (again, "cp-opt-reset-cards"), "clicked");
  g_clear_pointer (&setup, json_object_unref);
  setup = rules->default_setup (2);
  g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (again), setup, &error));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (setup, "cards")), ==, 17);
  g_assert_finalize_object (again);
  g_object_ref (options);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (options);
  g_remove (file);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  g_test_add ("/panel/city-plan/shown", Fixture, NULL, fixture_set_up, test_panel_shown,
              fixture_tear_down);
  g_test_add ("/panel/city-plan/rounds", Fixture, NULL, fixture_set_up, test_rounds,
              fixture_tear_down);
  g_test_add ("/panel/city-plan/fixture-end", Fixture, NULL, fixture_set_up, test_fixture_end,
              fixture_tear_down);
  g_test_add ("/panel/city-plan/full-game-on-a-phone", Fixture, NULL, fixture_set_up,
              test_full_game_phone, fixture_tear_down);
  g_test_add ("/panel/city-plan/focus-kept", Fixture, NULL, fixture_set_up, test_focus_kept,
              fixture_tear_down);
  g_test_add_func ("/panel/city-plan/options", test_options);
  return tk_test_run ();
}
