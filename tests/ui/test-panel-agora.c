/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-agora.c — the Agora panel in a session view, driven as a player would. */
#include "config.h"

#include <adwaita.h>

#include "tk-game-panel.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "panels/agora/tk-agora-panel.h"
#include "tk-session-view.h"
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

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;

  f->dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  rules = tk_rules_lookup ("agora");
  g_assert_nonnull (rules);
  setup = rules->default_setup (3);
  f->session = tk_session_start (f->store, rules->id, 0, "Agora", setup, &error);
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

/* The panel keeps each phase's page and patches it, so what a player sees is what is mapped:
 * the widgets the helpers below find, press and read. */
static gboolean
is_shown_named (GtkWidget     *widget,
                gconstpointer  name)
{
  return is_named (widget, name) && gtk_widget_get_mapped (widget);
}

static GtkWidget *
find (Fixture    *f,
      const char *name)
{
  GtkWidget *widget = tk_test_find_widget (f->view, is_shown_named, name);

  /* one not shown, for what checks that it is not (the end card during the game) */
  if (widget == NULL)
    widget = tk_test_find_widget (f->view, is_named, name);
  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

static gboolean
has (Fixture    *f,
     const char *name)
{
  return tk_test_find_widget (f->view, is_shown_named, name) != NULL;
}

/* A tap on a shown button a player can press. */
static void
click (Fixture    *f,
       const char *name)
{
  GtkWidget *button = find (f, name);

  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

static void
set_spin (Fixture    *f,
          const char *name,
          double      value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find (f, name)), value);
}

static const char *
text_of (Fixture    *f,
         const char *name)
{
  return gtk_label_get_text (GTK_LABEL (find (f, name)));
}

/* The engine's own account of the score, under the end card's "How It Was Scored". */
static const char *
explanation_of (Fixture *f)
{
  GtkWidget *expander = find (f, "end-card-explanation");

  return gtk_label_get_text (GTK_LABEL (gtk_expander_get_child (GTK_EXPANDER (expander))));
}

/* The engine's state ("game" of tk_session_to_json), a new reference. */
static JsonObject *
game_state (Fixture *f)
{
  g_autoptr(JsonObject) json = tk_session_to_json (f->session);

  return json_object_ref (json_object_get_object_member (json, "game"));
}

static gint64
money (Fixture *f,
       guint    seat)
{
  g_autoptr(JsonObject) game = game_state (f);

  return json_object_get_int_member (
    json_array_get_object_element (json_object_get_array_member (game, "players"), seat),
    "money");
}

static const char *
phase_of (JsonObject *game)
{
  return json_object_get_string_member (game, "phase");
}

static JsonObject *
shop_in (JsonObject *game,
         gint64      id)
{
  JsonArray *shops = json_object_get_array_member (game, "shops");

  for (guint i = 0; i < json_array_get_length (shops); i++)
    if (json_object_get_int_member (json_array_get_object_element (shops, i), "id") == id)
      return json_array_get_object_element (shops, i);
  return NULL;
}

/* The shop with strictly the most counters, worked out here from the state: 0 when none. */
static gint64
largest_by_hand (JsonObject *game)
{
  JsonArray *shops = json_object_get_array_member (game, "shops");
  gint64 best = 0, most = 0;
  guint n_most = 0;

  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      JsonNode *owner = json_object_get_member (shop, "owner");
      gint64 counters = JSON_NODE_HOLDS_NULL (owner) ? 0 : json_object_get_int_member (shop, "marks");

      if (counters > most)
        {
          most = counters;
          best = json_object_get_int_member (shop, "id");
          n_most = 1;
        }
      else if (counters == most && counters > 0)
        n_most++;
    }
  return n_most == 1 ? best : 0;
}

/* The per-letter figures the deck shows equal the cards left and left ÷ total, rounded. */
static void
check_deck (Fixture *f)
{
  g_autoptr(JsonObject) game = game_state (f);
  JsonObject *deck = json_object_get_object_member (game, "deck");
  gint64 total = 0;

  for (char l = 'A'; l <= 'D'; l++)
    {
      char key[2] = { l, '\0' };
      total += json_object_get_int_member (deck, key);
    }
  for (char l = 'A'; l <= 'D'; l++)
    {
      char key[2] = { l, '\0' };
      g_autofree char *left_name = g_strdup_printf ("agora-left-%c", l);
      g_autofree char *chance_name = g_strdup_printf ("agora-chance-%c", l);
      gint64 left = json_object_get_int_member (deck, key);
      g_autofree char *left_text = g_strdup_printf ("%" G_GINT64_FORMAT " left", left);
      int percent = total > 0 ? (int) ((left * 200 + total) / (2 * total)) : 0;
      g_autofree char *chance_text = g_strdup_printf ("Next card: %d%%", percent);

      g_assert_cmpstr (text_of (f, left_name), ==, left_text);
      g_assert_cmpstr (text_of (f, chance_name), ==, chance_text);
    }
}

static void
first_card (Fixture *f)
{
  click (f, "agora-first-A");
  click (f, "agora-add-shop");
  click (f, "agora-add-shop");
  click (f, "agora-add-shop");
  set_spin (f, "agora-new-marks-0", 2);
  set_spin (f, "agora-new-doors-0", 3);
  set_spin (f, "agora-new-marks-1", 5);
  set_spin (f, "agora-new-doors-1", 5);
  set_spin (f, "agora-new-marks-2", 1);
  set_spin (f, "agora-new-doors-2", 2);
  /* a shop typed by mistake goes with its own Remove button; the last one moves up */
  click (f, "agora-new-remove-1");
  click (f, "agora-lay-first");
}

/* One placed card with one new shop of @marks circles and @doors open doors. */
static void
place_new_shop (Fixture *f,
                int      marks,
                int      doors)
{
  click (f, "agora-add-shop");
  set_spin (f, "agora-new-marks-0", marks);
  set_spin (f, "agora-new-doors-0", doors);
  click (f, "agora-place");
}

static gboolean
is_first_pick_button (GtkWidget     *widget,
                      gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "session.pick-first") == 0;
}

/* ---- tests ---- */

/* The session view shows the game's own panel, not the generic score pad. */
static void
test_panel_shown (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_AGORA_PANEL);

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_mapped (panel));
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$10");
  check_deck (f);

  /* The first card names the first player, so the view offers no random pick beside the
   * panel (its menu entry does nothing). */
  g_assert_cmpint (tk_session_get_first_seat (f->session), ==, -1);
  gtk_widget_activate_action (f->view, "session.pick-first", NULL);
  tk_test_settle ();
  g_assert_cmpint (tk_session_get_first_seat (f->session), ==, -1);
  g_assert_null (tk_test_find_widget (f->view, is_first_pick_button, NULL));
}

/* Four turns through the panel: the first card, income shown then taken, a plain draw, a
 * placed card, buying at the current income, borrowing, fire on the largest shop, shop
 * corrections, refusals that change nothing, undo and reopening. */
static void
test_turns (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) game = NULL;
  GtkWidget *panel;
  guint n_before;

  /* The first card: A names Ana; two shops lie on it. */
  first_card (f);
  game = game_state (f);
  g_assert_cmpstr (phase_of (game), ==, "income");
  g_assert_cmpint (json_object_get_int_member (game, "active"), ==, 0);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (game, "shops")), ==, 2);
  g_assert_cmpint (json_object_get_int_member (shop_in (game, 1), "doors"), ==, 3);
  g_clear_pointer (&game, json_object_unref);
  check_deck (f);

  /* Ana's first turn earns nothing, and the panel says so before it is taken. */
  g_assert_cmpstr (text_of (f, "agora-income-preview"), ==, "+$0");
  click (f, "agora-collect");
  g_assert_cmpint (money (f, 0), ==, 10);

  /* C is the third player's letter (A, B, C are dealt): not Ana's, so no event. */
  click (f, "agora-draw-C");
  game = game_state (f);
  g_assert_cmpstr (phase_of (game), ==, "place");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (game, "deck"), "C"),
                   ==, 8);
  g_clear_pointer (&game, json_object_unref);
  check_deck (f);

  /* Joining a single shop makes no placement: refused with nothing changed. */
  n_before = tk_session_get_n_active (f->session);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (f, "agora-touch-1")), 3);
  click (f, "agora-place");
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, n_before);
  game = game_state (f);
  g_assert_cmpstr (phase_of (game), ==, "place");
  g_clear_pointer (&game, json_object_unref);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (f, "agora-touch-1")), 0);

  place_new_shop (f, 1, 4);
  game = game_state (f);
  g_assert_cmpstr (phase_of (game), ==, "buy");
  g_assert_cmpint (json_object_get_int_member (shop_in (game, 3), "doors"), ==, 4);
  g_clear_pointer (&game, json_object_unref);

  /* Buy shop 1 at its current income, $3. */
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (find (f, "agora-buy-1"))), ==, "Buy for $3");
  click (f, "agora-buy-1");
  g_assert_cmpint (money (f, 0), ==, 7);
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$7");
  game = game_state (f);
  g_assert_cmpint (json_object_get_int_member (game, "active"), ==, 1);
  g_clear_pointer (&game, json_object_unref);

  /* Ben: draws A (not his letter), places a 3-circle shop and buys it for $2. */
  click (f, "agora-collect");
  click (f, "agora-draw-A");
  place_new_shop (f, 3, 2);
  click (f, "agora-buy-4");
  g_assert_cmpint (money (f, 1), ==, 8);

  /* Carol buys a $15 shop with $10: money goes negative, shown as borrowing. */
  click (f, "agora-collect");
  click (f, "agora-draw-D");
  place_new_shop (f, 1, 15);
  click (f, "agora-buy-5");
  g_assert_cmpint (money (f, 2), ==, -5);
  g_assert_cmpstr (text_of (f, "agora-money-2"), ==, "−$5");
  g_assert_cmpstr (text_of (f, "agora-money-note-2"), ==, "Borrowing $5");
  g_assert_true (gtk_widget_has_css_class (find (f, "agora-money-2"), "error"));

  /* Ana's second turn: her shop's $3 is shown before it is taken. */
  g_assert_cmpstr (text_of (f, "agora-income-preview"), ==, "+$3");
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$7");
  click (f, "agora-collect");
  g_assert_cmpint (money (f, 0), ==, 10);
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$10");

  /* A correction: a card opened a door of shop 3 (unowned). */
  click (f, "agora-shop-3-doors-plus");
  game = game_state (f);
  g_assert_cmpint (json_object_get_int_member (shop_in (game, 3), "doors"), ==, 5);
  g_clear_pointer (&game, json_object_unref);
  g_assert_cmpstr (text_of (f, "agora-shop-3-doors"), ==, "5");
  /* An owned shop keeps a counter: the engine refuses, nothing changes. */
  n_before = tk_session_get_n_active (f->session);
  g_assert_true (gtk_widget_get_sensitive (find (f, "agora-shop-1-marks-minus")));
  {
    g_autoptr(JsonObject) action = json_object_new ();
    json_object_set_string_member (action, "type", "edit_shop");
    json_object_set_int_member (action, "shop", 1);
    json_object_set_int_member (action, "marks", 0);
    panel = tk_test_find_descendant (f->view, TK_TYPE_AGORA_PANEL);
    g_assert_false (tk_game_panel_apply (TK_GAME_PANEL (panel), action));
  }
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, n_before);
  g_assert_cmpstr (text_of (f, "agora-shop-1-marks"), ==, "2");

  /* A is Ana's letter: the panel asks which event; fire names the largest shop, Ben's. */
  game = game_state (f);
  g_assert_cmpint (largest_by_hand (game), ==, 4);
  g_clear_pointer (&game, json_object_unref);
  click (f, "agora-draw-A");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (
                                     ADW_ACTION_ROW (find (f, "agora-event-row-fire"))),
                                   "Burns shop 4 (Player 2’s, 3 counters)"));
  game = game_state (f);
  g_assert_cmpstr (phase_of (game), ==, "draw");     /* nothing recorded yet */
  g_clear_pointer (&game, json_object_unref);
  click (f, "agora-event-fire");
  game = game_state (f);
  g_assert_cmpstr (phase_of (game), ==, "place");
  g_assert_null (shop_in (game, 4));
  g_assert_nonnull (shop_in (game, 1));
  g_assert_cmpint (json_object_get_int_member (game, "cards_removed"), ==, 1);
  g_clear_pointer (&game, json_object_unref);
  g_assert_false (has (f, "agora-shop-4-doors"));
  check_deck (f);

  /* Undo from the toast brings the shop back and the panel shows the draw step again. */
  tk_test_press_toast_button (f->view, "_Undo");
  g_assert_true (has (f, "agora-shop-4-doors"));
  g_assert_true (has (f, "agora-draw-A"));
  check_deck (f);
  g_assert_true (tk_session_redo (f->session, &error));
  g_assert_no_error (error);
  tk_test_settle ();
  g_assert_false (has (f, "agora-shop-4-doors"));

  click (f, "agora-place");
  click (f, "agora-pass");
  game = game_state (f);
  g_assert_cmpstr (phase_of (game), ==, "income");
  g_assert_cmpint (json_object_get_int_member (game, "active"), ==, 1);
  g_clear_pointer (&game, json_object_unref);

  /* Reopened in a new view, the session shows the same. */
  {
    gint64 id = tk_session_get_id (f->session);

    gtk_window_destroy (f->window);
    tk_test_settle ();
    g_clear_object (&f->session);
    f->session = tk_session_load (f->store, id, &error);
    g_assert_no_error (error);
    show_session (f);
  }
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$10");
  g_assert_cmpstr (text_of (f, "agora-money-1"), ==, "$8");
  g_assert_cmpstr (text_of (f, "agora-money-2"), ==, "−$5");
  g_assert_cmpstr (text_of (f, "agora-income-preview"), ==, "+$0");
  g_assert_false (has (f, "agora-shop-4-doors"));
  check_deck (f);
}

/* A festival: the panel says what everyone collects before it happens, then pays it; a
 * flood washes the counters off the largest shop. */
static void
test_festival_and_flood (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(JsonObject) game = NULL;
  const char *subtitle;

  /* Ana: the first card (A) holds shop 1 (2 circles, 3 doors) and shop 2; she buys shop 1. */
  first_card (f);
  click (f, "agora-collect");
  click (f, "agora-draw-C");
  click (f, "agora-place");
  click (f, "agora-buy-1");
  g_assert_cmpint (money (f, 0), ==, 7);

  /* Ben draws B, his own letter: festival pays Ana her $3 at once. */
  click (f, "agora-collect");
  click (f, "agora-draw-B");
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "agora-event-row-festival")));
  g_assert_cmpstr (subtitle, ==, "Everyone collects their shops’ income now: Player 1 +$3, "
                                 "Player 2 +$0, Player 3 +$0.");
  click (f, "agora-event-festival");
  g_assert_cmpint (money (f, 0), ==, 10);
  g_assert_cmpint (money (f, 1), ==, 10);
  click (f, "agora-place");
  click (f, "agora-pass");

  /* Player 3 draws C, their own letter: flood on shop 1, the only one with counters. */
  click (f, "agora-collect");
  click (f, "agora-draw-C");
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "agora-event-row-flood")));
  g_assert_cmpstr (subtitle, ==, "Washes Player 1’s 2 counters off shop 1: it becomes unowned.");
  click (f, "agora-event-flood");
  game = game_state (f);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (shop_in (game, 1), "owner")));
  g_assert_cmpint (json_object_get_int_member (shop_in (game, 1), "marks"), ==, 2);
  g_clear_pointer (&game, json_object_unref);
  /* Unowned again, shop 1 is for sale at its income. */
  click (f, "agora-place");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (find (f, "agora-buy-1"))), ==, "Buy for $3");
}

/* A tap patches the panel in place: the button tapped and the keyboard focus live on.  A
 * stepper keeps the focus itself; a turn button that ends its step hands it to the next
 * step's page, never to a widget that is gone or hidden. */
static void
test_focus_kept (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *plus, *collect, *focus;
  g_autoptr(JsonObject) game = NULL;

  first_card (f);
  plus = find (f, "agora-shop-1-doors-plus");
  g_object_ref (plus);
  gtk_widget_grab_focus (plus);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == plus);
  click (f, "agora-shop-1-doors-plus");
  game = game_state (f);
  g_assert_cmpint (json_object_get_int_member (shop_in (game, 1), "doors"), ==, 4);
  g_assert_cmpstr (text_of (f, "agora-shop-1-doors"), ==, "4");
  /* the same button, still in the window, still focused */
  g_assert_true (find (f, "agora-shop-1-doors-plus") == plus);
  g_assert_true (gtk_widget_get_root (plus) == GTK_ROOT (f->window));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == plus);
  g_object_unref (plus);

  /* Collect ends the income step: the focus goes on to the draw step's letters. */
  collect = find (f, "agora-collect");
  gtk_widget_grab_focus (collect);
  click (f, "agora-collect");
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (focus);
  g_test_message ("focus on %s %s", G_OBJECT_TYPE_NAME (focus), gtk_widget_get_name (focus));
  g_assert_true (gtk_widget_get_root (focus) == GTK_ROOT (f->window));
  g_assert_true (gtk_widget_get_mapped (focus));
  g_assert_true (g_str_has_prefix (gtk_widget_get_name (focus), "agora-draw-"));
}

/* The deck running out puts up the banner. */
static void
test_end (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "agora-session.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) score = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  f->session = tk_session_import (f->store, text, -1, &error);
  g_assert_no_error (error);
  show_session (f);

  score = tk_session_score (f->session);
  g_assert_true (json_object_get_boolean_member (score, "finished"));
  g_assert_true (gtk_widget_get_visible (find (f, "end-card")));
  g_assert_cmpstr (text_of (f, "end-card-title"), ==, "Ana wins");
  g_assert_cmpstr (explanation_of (f), ==,
                   json_object_get_string_member (score, "explanation"));
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$21");
  g_assert_false (has (f, "agora-collect"));
}

/* ---- the hand-computed full game (tests/fixtures/agora-full-game.json) tapped in ---- */

/* Replaces the fixture's session with a new one for Ana (A), Ben (B) and Cleo (C). */
static void
start_three (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = tk_rules_json_parse_object (
    "{\"players\":[{\"name\":\"Ana\",\"colour\":\"#e01b24\",\"letter\":\"A\"},"
    "{\"name\":\"Ben\",\"colour\":\"#3584e4\",\"letter\":\"B\"},"
    "{\"name\":\"Cleo\",\"colour\":\"#33d17a\",\"letter\":\"C\"}],"
    "\"start_money\":10,\"goal\":50,\"goal_rule\":\"over\",\"cards_per_letter\":9}", -1, &error);

  g_assert_no_error (error);
  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  f->session = tk_session_start (f->store, "agora", 0, "Agora", setup, &error);
  g_assert_no_error (error);
  show_session (f);
}

/* The income the panel shows before it is taken, then taken. */
static void
collect (Fixture    *f,
         const char *preview)
{
  g_assert_cmpstr (text_of (f, "agora-income-preview"), ==, preview);
  click (f, "agora-collect");
}

static void
draw_card (Fixture    *f,
           char        letter,
           const char *event)
{
  g_autofree char *name = g_strdup_printf ("agora-draw-%c", letter);

  click (f, name);
  if (event != NULL)
    {
      g_autofree char *event_name = g_strdup_printf ("agora-event-%s", event);
      click (f, event_name);
    }
}

/* Shops lying wholly on the card: @n pairs of circles and open doors. */
static void
add_new_shops (Fixture   *f,
               guint      n,
               const int  shops[][2])
{
  for (guint i = 0; i < n; i++)
    click (f, "agora-add-shop");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *marks = g_strdup_printf ("agora-new-marks-%u", i);
      g_autofree char *doors = g_strdup_printf ("agora-new-doors-%u", i);

      set_spin (f, marks, shops[i][0]);
      set_spin (f, doors, shops[i][1]);
    }
}

enum { TOUCH_NONE, TOUCH_GROWS, TOUCH_DOORS, TOUCH_JOINED };

/* How the card touches shop @id; @marks (grows only) and @doors when not negative. */
static void
touch (Fixture *f,
       guint    id,
       guint    mode,
       int      marks,
       int      doors)
{
  g_autofree char *name = g_strdup_printf ("agora-touch-%u", id);
  g_autofree char *marks_name = g_strdup_printf ("agora-touch-marks-%u", id);
  g_autofree char *doors_name = g_strdup_printf ("agora-touch-doors-%u", id);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (f, name)), mode);
  if (marks >= 0)
    set_spin (f, marks_name, marks);
  if (doors >= 0)
    set_spin (f, doors_name, doors);
}

static void
buy (Fixture *f,
     guint    id,
     int      price)
{
  g_autofree char *name = g_strdup_printf ("agora-buy-%u", id);
  g_autofree char *label = g_strdup_printf ("Buy for $%d", price);

  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (find (f, name))), ==, label);
  click (f, name);
}

/* "Ana Ben Cleo" money as the panel shows it and as the players strip shows it. */
static void
assert_money (Fixture    *f,
              const char *panel,
              const char *strip)
{
  g_autofree char *shown = g_strdup_printf ("%s %s %s", text_of (f, "agora-money-0"),
                                            text_of (f, "agora-money-1"),
                                            text_of (f, "agora-money-2"));
  g_autofree char *totals = g_strdup_printf (
    "%s %s %s", tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 0),
    tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 1),
    tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 2));

  g_assert_cmpstr (shown, ==, panel);
  g_assert_cmpstr (totals, ==, strip);
}

static void
click_times (Fixture    *f,
             const char *name,
             guint       times)
{
  for (guint i = 0; i < times; i++)
    click (f, name);
}

/* The whole hand-computed game of tests/test-agora.c (test_full_game) tapped into the panel
 * from the first card to Ana's win over $50 at income; the money shown after each turn, the
 * incomes shown before they are taken, what the events say they will do, and the end are the
 * paper figures.  Then the session is finished and the play keeps the money as scores. */
static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  static const int s12[][2] = { { 2, 3 }, { 1, 4 } };
  static const int s3[][2] = { { 2, 5 } };
  static const int s4[][2] = { { 1, 0 } };
  static const int s5[][2] = { { 3, 6 } };
  static const int s6[][2] = { { 2, 5 } };
  static const int s7[][2] = { { 1, 3 } };
  static const int s8[][2] = { { 3, 5 } };
  static const int s9_10[][2] = { { 2, 4 }, { 1, 3 } };
  static const int s11[][2] = { { 2, 5 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  AdwMessageDialog *confirm;

  start_three (f);

  /* The first card is B: Ben starts.  Shops 1 (2 circles, 3 doors) and 2 (1, 4). */
  click (f, "agora-first-B");
  add_new_shops (f, 2, s12);
  click (f, "agora-lay-first");
  g_assert_cmpstr (text_of (f, "agora-left-B"), ==, "8 left");

  /* T1 Ben, T2 Cleo, T3 Ana (the closed shop 4 for $0). */
  collect (f, "+$0"); draw_card (f, 'D', NULL); add_new_shops (f, 1, s3); click (f, "agora-place");
  buy (f, 3, 5);
  collect (f, "+$0"); draw_card (f, 'A', NULL); touch (f, 1, TOUCH_GROWS, 3, 4);
  click (f, "agora-place"); buy (f, 1, 4);
  collect (f, "+$0"); draw_card (f, 'D', NULL); add_new_shops (f, 1, s4); click (f, "agora-place");
  buy (f, 4, 0);
  assert_money (f, "$10 $5 $6", "10 5 6");

  /* T4 Ben, T5 Cleo. */
  collect (f, "+$5"); draw_card (f, 'C', NULL); add_new_shops (f, 1, s5); click (f, "agora-place");
  buy (f, 5, 6);
  collect (f, "+$4"); draw_card (f, 'D', NULL); touch (f, 2, TOUCH_GROWS, 4, 7);
  add_new_shops (f, 1, s6); click (f, "agora-place"); buy (f, 2, 7);
  assert_money (f, "$10 $4 $3", "10 4 3");

  /* T6 Ana draws A: flood on shop 2, Cleo's, the only one with 4 counters. */
  collect (f, "+$0");
  click (f, "agora-draw-A");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "agora-event-row-flood"))),
                   ==, "Washes Cleo’s 4 counters off shop 2: it becomes unowned.");
  click (f, "agora-event-flood");
  /* the card joins her closed shop 4 and shop 6: one shop 4 with 3 circles and 6 doors */
  touch (f, 4, TOUCH_JOINED, -1, -1);
  touch (f, 6, TOUCH_JOINED, -1, -1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (find (f, "agora-join-marks"))),
                   ==, 3);
  set_spin (f, "agora-join-doors", 6);
  click (f, "agora-place");
  g_assert_false (has (f, "agora-shop-6-doors"));
  g_assert_cmpstr (text_of (f, "agora-shop-4-doors"), ==, "6");
  buy (f, 2, 7);
  assert_money (f, "$3 $4 $3", "3 4 3");

  /* T7 Ben grows Ana's shop 2 to 5 circles, 8 doors, and buys the new shop 7. */
  collect (f, "+$11"); draw_card (f, 'C', NULL); touch (f, 2, TOUCH_GROWS, 5, 8);
  add_new_shops (f, 1, s7); click (f, "agora-place"); buy (f, 7, 3);
  assert_money (f, "$3 $12 $3", "3 12 3");

  /* T8 Cleo draws C: fire burns shop 2 (Ana's, 5 counters) with cards 1, 6 and 8. */
  collect (f, "+$4");
  click (f, "agora-draw-C");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "agora-event-row-fire"))),
                   ==, "Burns shop 2 (Ana’s, 5 counters): its 3 cards leave the game. "
                   "Shop 7 goes too. Shops 1, 4 lose those cards: correct their circles and doors "
                   "after.");
  click (f, "agora-event-fire");
  g_assert_false (has (f, "agora-shop-2-doors"));
  g_assert_false (has (f, "agora-shop-7-doors"));
  /* what is left of shops 1 and 4 is corrected on the shops list */
  click_times (f, "agora-shop-1-marks-minus", 2);
  click_times (f, "agora-shop-1-doors-minus", 2);
  click_times (f, "agora-shop-4-marks-minus", 2);
  click_times (f, "agora-shop-4-doors-minus", 3);
  g_assert_cmpstr (text_of (f, "agora-shop-1-doors"), ==, "2");
  g_assert_cmpstr (text_of (f, "agora-shop-4-doors"), ==, "3");
  add_new_shops (f, 1, s8); click (f, "agora-place"); click (f, "agora-pass");
  assert_money (f, "$3 $12 $7", "3 12 7");

  /* T9 Ana buys the grown shop 8 for $7 with $6: borrowing. */
  collect (f, "+$3"); draw_card (f, 'D', NULL); touch (f, 8, TOUCH_GROWS, 4, 7);
  click (f, "agora-place");
  g_assert_true (g_str_has_suffix (adw_action_row_get_subtitle (ADW_ACTION_ROW (
                                     gtk_widget_get_ancestor (find (f, "agora-buy-8"),
                                                              ADW_TYPE_ACTION_ROW))),
                                   "Ana would be at −$1 (borrowing)"));
  buy (f, 8, 7);
  assert_money (f, "−$1 $12 $7", "-1 12 7");
  g_assert_cmpstr (text_of (f, "agora-money-note-0"), ==, "Borrowing $1");

  /* T10 Ben draws B: festival, Ana +10, Ben +11, Cleo +2; his shops 3 and 5 are joined. */
  collect (f, "+$11");
  click (f, "agora-draw-B");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "agora-event-row-festival"))),
                   ==, "Everyone collects their shops’ income now: Ana +$10, Ben +$11, Cleo +$2.");
  click (f, "agora-event-festival");
  assert_money (f, "$9 $34 $9", "9 34 9");
  touch (f, 3, TOUCH_JOINED, -1, -1);
  touch (f, 5, TOUCH_JOINED, -1, -1);
  set_spin (f, "agora-join-marks", 6);
  set_spin (f, "agora-join-doors", 11);
  click (f, "agora-place"); click (f, "agora-pass");

  /* T11 Cleo; T12 Ana draws A: flood washes Ben's shop 3 (6 counters); she buys it. */
  collect (f, "+$2"); draw_card (f, 'A', NULL); add_new_shops (f, 2, s9_10);
  click (f, "agora-place"); buy (f, 9, 4);
  collect (f, "+$10"); draw_card (f, 'A', "flood"); touch (f, 9, TOUCH_DOORS, -1, 3);
  click (f, "agora-place"); buy (f, 3, 11);
  assert_money (f, "$8 $34 $7", "8 34 7");

  /* T13 Ben, T14 Cleo, T15 Ana, T16 Ben, T17 Cleo: incomes only. */
  collect (f, "+$0"); draw_card (f, 'D', NULL); add_new_shops (f, 1, s11);
  click (f, "agora-place"); buy (f, 11, 5);
  collect (f, "+$5"); draw_card (f, 'D', NULL); touch (f, 10, TOUCH_GROWS, 2, 4);
  click (f, "agora-place"); buy (f, 10, 4);
  collect (f, "+$21"); draw_card (f, 'C', NULL); click (f, "agora-place"); click (f, "agora-pass");
  collect (f, "+$5"); draw_card (f, 'C', NULL); click (f, "agora-place"); click (f, "agora-pass");
  collect (f, "+$9"); draw_card (f, 'B', NULL); click (f, "agora-place"); click (f, "agora-pass");
  assert_money (f, "$29 $34 $17", "29 34 17");

  /* T18 Ana reaches exactly $50: not over the goal, the game goes on. */
  collect (f, "+$21");
  assert_money (f, "$50 $34 $17", "50 34 17");
  g_assert_false (gtk_widget_get_visible (find (f, "end-card")));
  draw_card (f, 'D', NULL); click (f, "agora-place"); click (f, "agora-pass");
  collect (f, "+$5"); draw_card (f, 'A', NULL); click (f, "agora-place"); click (f, "agora-pass");
  collect (f, "+$9"); draw_card (f, 'D', NULL); click (f, "agora-place"); click (f, "agora-pass");

  /* T21: $21 takes Ana over $50 — the panel says so before, and she wins at once. */
  g_assert_cmpstr (text_of (f, "agora-income-preview"), ==, "+$21");
  collect (f, "+$21");
  assert_money (f, "$71 $39 $26", "71 39 26");
  g_assert_true (gtk_widget_get_visible (find (f, "end-card")));
  g_assert_cmpstr (text_of (f, "end-card-title"), ==, "Ana wins");
  g_assert_cmpstr (explanation_of (f), ==,
                   "Ana won: their income took them to $71.");
  /* the money cards say who won and where the others ended, no longer "$12 to go" */
  g_assert_cmpstr (text_of (f, "agora-money-note-0"), ==, "Winner");
  g_assert_cmpstr (text_of (f, "agora-money-note-1"), ==, "Rank 2");
  g_assert_cmpstr (text_of (f, "agora-money-note-2"), ==, "Rank 3");
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (f->view), 0), ==, "Rank 1");
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (f->view), 1), ==, "Rank 2");
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (f->view), 2), ==, "Rank 3");
  /* the deck by hand: A 4, B 6, C 4, D 1 of 15; Ana's letter comes next 4 times in 15 */
  g_assert_cmpstr (text_of (f, "agora-left-A"), ==, "4 left");
  g_assert_cmpstr (text_of (f, "agora-left-B"), ==, "6 left");
  g_assert_cmpstr (text_of (f, "agora-left-C"), ==, "4 left");
  g_assert_cmpstr (text_of (f, "agora-left-D"), ==, "1 left");
  g_assert_cmpstr (text_of (f, "agora-chance-A"), ==, "Next card: 27%");
  g_assert_false (has (f, "agora-collect"));
  tk_test_save_shot (GTK_WIDGET (f->window), "agora-full-game-end");

  /* The session as tapped is the session file's game, action for action. */
  {
    g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                              "agora-full-game.json", NULL);
    g_autofree char *text = NULL;
    g_autoptr(JsonObject) from_file = NULL;
    g_autoptr(JsonObject) tapped = tk_session_score (f->session);
    g_autofree char *a = NULL;
    g_autofree char *b = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, &error));
    from_file = tk_session_file_score (text, -1, &error);
    g_assert_no_error (error);
    a = tk_rules_json_to_string (tapped);
    b = tk_rules_json_to_string (from_file);
    g_assert_cmpstr (a, ==, b);
  }

  /* Finish: the play keeps each player's money as the score, Ana the winner. */
  g_assert_true (gtk_widget_activate_action (f->view, "session.finish", NULL));
  WAIT_FOR ((confirm = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  adw_message_dialog_response (confirm, "finish");
  WAIT_FOR (g_strcmp0 (tk_session_get_status (f->session), "finished") == 0);
  plays = tk_plays_query (f->store, 0, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plays->len, ==, 1);
  for (guint p = 0; p < 3; p++)
    {
      const TkPlayPlayer *player = tk_play_get_player (g_ptr_array_index (plays, 0), p);
      static const double money_by_hand[] = { 71, 39, 26 };

      g_assert_true (player->has_score);
      g_assert_cmpfloat (player->score, ==, money_by_hand[player->seat]);
      g_assert_cmpuint (player->rank, ==, player->seat + 1);
      g_assert_cmpint (player->winner, ==, player->seat == 0);
    }
}

/* tests/fixtures/agora-deck-out.json tapped in: two players, one card a letter.  The first
 * card is C, nobody's letter: the panel asks who was drawn to start (Ben).  By hand: Ben buys
 * shop 1 for $3 → $7; Ana buys the grown shop 2 for $4 → $6; Ben collects $3 → $10 and places
 * the last card: the deck is empty, Ben wins with $10 against $6, and nobody buys. */
static void
test_deck_out (Fixture       *f,
               gconstpointer  data)
{
  static const int s1[][2] = { { 2, 3 } };
  static const int s2[][2] = { { 1, 2 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = tk_rules_json_parse_object (
    "{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"B\"}],"
    "\"cards_per_letter\":1}", -1, &error);

  g_assert_no_error (error);
  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  f->session = tk_session_start (f->store, "agora", 0, "Agora", setup, &error);
  g_assert_no_error (error);
  show_session (f);

  click (f, "agora-first-C");
  click (f, "agora-first-seat-1");
  add_new_shops (f, 1, s1);
  click (f, "agora-lay-first");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (
                                     tk_test_find_widget (f->view, is_shown_named, "agora-chance-A"))),
                                   "Next card: 33%"));

  collect (f, "+$0"); draw_card (f, 'A', NULL); add_new_shops (f, 1, s2);
  click (f, "agora-place"); buy (f, 1, 3);
  collect (f, "+$0"); draw_card (f, 'B', NULL); touch (f, 2, TOUCH_GROWS, 2, 4);
  click (f, "agora-place"); buy (f, 2, 4);
  collect (f, "+$3"); draw_card (f, 'D', NULL); touch (f, 2, TOUCH_DOORS, -1, 1);
  click (f, "agora-place");

  g_assert_false (has (f, "agora-pass"));
  g_assert_true (gtk_widget_get_visible (find (f, "end-card")));
  g_assert_cmpstr (text_of (f, "end-card-title"), ==, "Ben wins");
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$6");
  g_assert_cmpstr (text_of (f, "agora-money-1"), ==, "$10");
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 0), ==, "6");
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 1), ==, "10");
  g_assert_cmpstr (text_of (f, "agora-left-D"), ==, "0 left");
  {
    g_autoptr(JsonObject) score = tk_session_score (f->session);
    g_assert_cmpstr (json_object_get_string_member (score, "end"), ==, "deck");
  }
}

/* tests/fixtures/agora-festival-draw.json tapped in: Ana and Ben start with $40 (an edited
 * setup).  By hand: Ana 40 → 36 (shop 1, $4) → 40 → 34 (shop 2, $6) → 44; Ben 40 → 35 (shop
 * 3, $5) → 40 → 36 (shop 4, $4) → 45; Ben draws B, a festival: Ana +$10 → 54, Ben +$9 → 54,
 * both over $50 with the same money — a draw. */
static void
test_festival_draw (Fixture       *f,
                    gconstpointer  data)
{
  static const int s12[][2] = { { 1, 4 }, { 1, 6 } };
  static const int s3[][2] = { { 2, 5 } };
  static const int s4[][2] = { { 1, 4 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = tk_rules_json_parse_object (
    "{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"B\"}],"
    "\"start_money\":40}", -1, &error);

  g_assert_no_error (error);
  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  f->session = tk_session_start (f->store, "agora", 0, "Agora", setup, &error);
  g_assert_no_error (error);
  show_session (f);

  click (f, "agora-first-A");
  add_new_shops (f, 2, s12);
  click (f, "agora-lay-first");
  collect (f, "+$0"); draw_card (f, 'C', NULL); add_new_shops (f, 1, s3);
  click (f, "agora-place"); buy (f, 1, 4);
  collect (f, "+$0"); draw_card (f, 'D', NULL); click (f, "agora-place"); buy (f, 3, 5);
  collect (f, "+$4"); draw_card (f, 'C', NULL); add_new_shops (f, 1, s4);
  click (f, "agora-place"); buy (f, 2, 6);
  collect (f, "+$5"); draw_card (f, 'D', NULL); click (f, "agora-place"); buy (f, 4, 4);
  collect (f, "+$10"); draw_card (f, 'D', NULL); click (f, "agora-place"); click (f, "agora-pass");
  collect (f, "+$9");
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$44");
  g_assert_cmpstr (text_of (f, "agora-money-1"), ==, "$45");

  click (f, "agora-draw-B");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f, "agora-event-row-festival"))),
                   ==, "Everyone collects their shops’ income now: Ana +$10, Ben +$9. "
                   "A draw: Ana, Ben pass the goal with the same money.");
  click (f, "agora-event-festival");
  g_assert_cmpstr (text_of (f, "agora-money-0"), ==, "$54");
  g_assert_cmpstr (text_of (f, "agora-money-1"), ==, "$54");
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 0), ==, "54");
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), 1), ==, "54");
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (f->view), 0), ==, "Rank 1");
  g_assert_cmpstr (tk_session_view_get_shown_rank (TK_SESSION_VIEW (f->view), 1), ==, "Rank 1");
  g_assert_true (gtk_widget_get_visible (find (f, "end-card")));
  g_assert_cmpstr (text_of (f, "end-card-title"), ==, "A draw: Ana and Ben");
  g_assert_false (has (f, "agora-place"));
}

/* The full game's session file cut after @n actions, shown in a @width × @height window. */
static void
show_cut (Fixture *f,
          guint    n,
          int      width,
          int      height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cut = tk_test_read_session ("agora-full-game.json", n);

  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  f->session = tk_session_import (f->store, cut, -1, &error);
  g_assert_no_error (error);
  show_session (f);
  gtk_window_set_default_size (f->window, width, height);
  gtk_widget_set_size_request (GTK_WIDGET (f->window), width, height);
  tk_test_settle ();
}

/* On a phone (360 px) every step of a turn fits the width: the event choice, a card joining
 * two shops, buying with borrowing, the end.  Shots of the window and of the whole panel are
 * saved when TK_TEST_SHOTS_DIR is set (run with LANGUAGE=ja or a dark style to see those). */
static void
test_phone (Fixture       *f,
            gconstpointer  data)
{
  static const struct { guint cut; const char *tap; const char *name; } moments[] = {
    { 30, "agora-draw-C", "event" },      /* T8: Cleo's own letter, before the fire */
    { 41, NULL, "join" },                 /* T10: after the festival, the card to place */
    { 38, NULL, "borrow" },               /* T9: Ana buys with $6 a shop of $7 */
    { 84, NULL, "end" },
  };
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  g_autofree char *css_path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "..", "ui",
                                                "style.css", NULL);

  /* The app's style sheet, so the shots look as the app does (cards, tags, the banner). */
  gtk_css_provider_load_from_path (css, css_path);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  for (guint i = 0; i < G_N_ELEMENTS (moments); i++)
    {
      GtkWidget *panel;
      g_autofree char *shot = NULL;
      int minimum, natural;

      show_cut (f, moments[i].cut, 360, 720);
      if (moments[i].tap != NULL)
        click (f, moments[i].tap);
      if (g_str_equal (moments[i].name, "join"))
        {
          touch (f, 3, TOUCH_JOINED, -1, -1);
          touch (f, 5, TOUCH_JOINED, -1, -1);
          tk_test_settle ();
        }
      panel = tk_test_find_descendant (f->view, TK_TYPE_AGORA_PANEL);
      gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      g_assert_cmpint (minimum, <=, 360 - 24);
      g_assert_cmpint (gtk_widget_get_width (panel), <=, 360);
      shot = g_strdup_printf ("agora-phone-%s", moments[i].name);
      tk_test_save_shot (GTK_WIDGET (f->window), shot);
      g_free (shot);
      shot = g_strdup_printf ("agora-phone-%s-panel", moments[i].name);
      tk_test_save_shot (panel, shot);
    }
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (css));
}

/* The options write the setup: money, goal, its reading, deck size and dealt letters. */
static void
test_options (void)
{
  g_autoptr(GError) error = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  GtkWidget *options;
  GtkWidget *window;
  JsonArray *players;
  gpointer state;

  tk_games_register_all ();
  rules = tk_rules_lookup ("agora");
  options = tk_game_panel_new_options ("agora");
  g_assert_nonnull (options);
  g_assert_true (TK_IS_SETUP_OPTIONS (options));
  window = adw_window_new ();
  adw_window_set_content (ADW_WINDOW (window), options);
  tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 3);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_widget (options, is_named,
                                                                   "agora-start-money")), 15);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_widget (options, is_named,
                                                                   "agora-goal")), 60);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (tk_test_find_widget (options, is_named,
                                                                   "agora-per-letter")), 5);
  /* The goal rule row says what each reading means for the goal chosen (seed 001 says both
   * 「50ドル以上」 and 「50ドルを超え」). */
  {
    AdwActionRow *rule = ADW_ACTION_ROW (tk_test_find_widget (options, is_named,
                                                              "agora-goal-rule"));

    g_assert_nonnull (strstr (adw_action_row_get_subtitle (rule), "$60 does not, $61 does"));
    adw_combo_row_set_selected (ADW_COMBO_ROW (rule), 1);
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (rule), "$60 or more"));
  }
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_widget (options, is_named,
                                                                  "agora-letter-0")), 2);
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_widget (options, is_named,
                                                                  "agora-letter-1")), 3);
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_widget (options, is_named,
                                                                  "agora-letter-2")), 0);

  setup = rules->default_setup (3);
  g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (setup, "start_money"), ==, 15);
  g_assert_cmpint (json_object_get_int_member (setup, "goal"), ==, 60);
  g_assert_cmpint (json_object_get_int_member (setup, "cards_per_letter"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (setup, "goal_rule"), ==, "reach");
  players = json_object_get_array_member (setup, "players");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (players, 0),
                                                  "letter"), ==, "C");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (players, 1),
                                                  "letter"), ==, "D");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (players, 2),
                                                  "letter"), ==, "A");
  state = rules->state_new (setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  rules->state_free (state);

  /* Two seats with one letter: refused with a reason. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (tk_test_find_widget (options, is_named,
                                                                  "agora-letter-2")), 2);
  g_clear_pointer (&setup, json_object_unref);
  setup = rules->default_setup (3);
  g_assert_false (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* The defaults are the seed's: $10, over $50, 9 cards a letter. */
  g_object_ref (options);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (options);
  options = tk_game_panel_new_options ("agora");
  g_object_ref_sink (options);
  g_clear_pointer (&setup, json_object_unref);
  setup = rules->default_setup (2);
  tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 2);
  g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
  g_assert_cmpint (json_object_get_int_member (setup, "start_money"), ==, 10);
  g_assert_cmpint (json_object_get_int_member (setup, "goal"), ==, 50);
  g_assert_cmpstr (json_object_get_string_member (setup, "goal_rule"), ==, "over");
  g_assert_cmpint (json_object_get_int_member (setup, "cards_per_letter"), ==, 9);
  g_assert_finalize_object (options);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  g_test_add ("/panel/agora/shown", Fixture, NULL, fixture_set_up, test_panel_shown,
              fixture_tear_down);
  g_test_add ("/panel/agora/turns", Fixture, NULL, fixture_set_up, test_turns,
              fixture_tear_down);
  g_test_add ("/panel/agora/festival-and-flood", Fixture, NULL, fixture_set_up,
              test_festival_and_flood, fixture_tear_down);
  g_test_add ("/panel/agora/focus-kept", Fixture, NULL, fixture_set_up, test_focus_kept,
              fixture_tear_down);
  g_test_add ("/panel/agora/end", Fixture, NULL, fixture_set_up, test_end,
              fixture_tear_down);
  g_test_add ("/panel/agora/full-game", Fixture, NULL, fixture_set_up, test_full_game,
              fixture_tear_down);
  g_test_add ("/panel/agora/deck-out", Fixture, NULL, fixture_set_up, test_deck_out,
              fixture_tear_down);
  g_test_add ("/panel/agora/festival-draw", Fixture, NULL, fixture_set_up, test_festival_draw,
              fixture_tear_down);
  g_test_add ("/panel/agora/phone", Fixture, NULL, fixture_set_up, test_phone,
              fixture_tear_down);
  g_test_add_func ("/panel/agora/options", test_options);
  return tk_test_run ();
}
