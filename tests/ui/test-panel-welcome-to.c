/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-welcome-to.c — the Welcome To... panel in a session view, driven as a player would. */
#include "config.h"

#include <adwaita.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <glib/gstdio.h>

#include "tk-game-panel.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "panels/welcome-to/tk-welcome-to-panel.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"
#include "welcome-to/tk-welcome-to-rules.h"

typedef struct
{
  char       *dir;
  TkStore    *store;
  TkSession  *session;
  GtkWindow  *window;
  GtkWidget  *view;
  GtkWidget  *overlay;    /* the window's toast overlay, where refusals are shown */
} Fixture;

/* A session other than the default two-player basic game (fixture data). */
typedef struct
{
  int         width;        /* 0: 1000 */
  guint       n_players;    /* 0: 2 */
  const char *variant;      /* NULL: the default */
  gboolean    draft;
} Config;

static const Config narrow_config = { 360, 2, NULL, FALSE };
static const Config intermediate_config = { 0, 2, "intermediate", FALSE };
static const Config solo_config = { 0, 1, NULL, FALSE };
static const Config draft_config = { 0, 2, NULL, TRUE };

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const Config *config = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  int width = config != NULL && config->width > 0 ? config->width : 1000;

  f->dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  rules = tk_rules_lookup ("welcome-to");
  g_assert_nonnull (rules);
  setup = rules->default_setup (config != NULL && config->n_players > 0 ? config->n_players : 2);
  if (config != NULL && config->variant != NULL)
    json_object_set_string_member (setup, "variant", config->variant);
  if (config != NULL && config->draft)
    json_object_set_boolean_member (setup, "draft", TRUE);
  f->session = tk_session_start (f->store, rules->id, 0, "Welcome To...", setup, &error);
  g_assert_no_error (error);

  /* the app's style sheet (AdwApplication loads it; the panel's sizes come from it) */
  {
    static GtkCssProvider *provider;

    if (provider == NULL)
      {
        provider = gtk_css_provider_new ();
        gtk_css_provider_load_from_resource (provider,
                                             "/io/github/tablekeeper/Tablekeeper/style.css");
        gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                    GTK_STYLE_PROVIDER (provider),
                                                    GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      }
  }
  f->view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (f->view), f->session);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, width, width >= 1000 ? 800 : 720);
  f->overlay = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (f->overlay), f->view);
  adw_window_set_content (ADW_WINDOW (f->window), f->overlay);
  gtk_window_present (f->window);
  tk_test_settle ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (f->window);
  tk_test_settle ();
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
find_named (GtkWidget  *root,
            const char *name)
{
  GtkWidget *widget = tk_test_find_widget (root, is_named, name);

  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static void
click (GtkWidget  *root,
       const char *name)
{
  g_signal_emit_by_name (find_named (root, name), "clicked");
}

/* The text a house box shows (its label). */
static const char *
house_text (GtkWidget *panel,
            guint      street,
            guint      house)
{
  g_autofree char *name = g_strdup_printf ("house-%u-%u", street, house);
  GtkWidget *button = find_named (panel, name);
  GtkWidget *label = tk_test_find_descendant (button, GTK_TYPE_LABEL);

  return gtk_label_get_text (GTK_LABEL (label));
}

static gboolean
house_dimmed (GtkWidget *panel,
              guint      street,
              guint      house)
{
  g_autofree char *name = g_strdup_printf ("house-%u-%u", street, house);

  return gtk_widget_has_css_class (find_named (panel, name), "tk-welcome-to-dim");
}

static JsonObject *
game_state (TkSession *session)
{
  g_autoptr(JsonObject) root = tk_session_to_json (session);

  return json_object_ref (json_object_get_object_member (root, "game"));
}

static JsonObject *
sheet_of (JsonObject *game,
          guint       seat)
{
  JsonArray *players = json_object_get_array_member (game, "players");

  return json_object_get_object_member (json_array_get_object_element (players, seat), "sheet");
}

/* House @house (1-based) of street @street, NULL when empty. */
static JsonObject *
house_of (JsonObject *sheet,
          guint       street,
          guint       house)
{
  JsonArray *streets = json_object_get_array_member (sheet, "streets");
  JsonObject *s = json_array_get_object_element (streets, street - 1);
  JsonNode *node = json_array_get_element (json_object_get_array_member (s, "houses"), house - 1);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static char *
state_text (TkSession *session)
{
  g_autoptr(JsonObject) root = tk_session_to_json (session);

  return tk_rules_json_to_string (root);
}

static gint64
session_total (TkSession *session,
               guint      seat)
{
  g_autoptr(JsonObject) score = tk_session_score (session);
  JsonArray *players = json_object_get_array_member (score, "players");

  return json_object_get_int_member (json_array_get_object_element (players, seat), "total");
}

static gint64
shown_number (GtkWidget  *panel,
              const char *name)
{
  return g_ascii_strtoll (gtk_label_get_text (GTK_LABEL (find_named (panel, name))), NULL, 10);
}

/* Whether @value may be written in house @h of @sheet's street @s by the ascending rule
 * alone (empty box; every number to its left smaller, every number to its right larger) —
 * computed here from the state JSON, independently of the panel and the engine. */
static gboolean
ascending_allows (JsonObject *sheet,
                  guint       s,
                  guint       h,
                  guint       n_houses,
                  gint64      value)
{
  if (house_of (sheet, s, h) != NULL)
    return FALSE;
  for (guint i = 1; i <= n_houses; i++)
    {
      JsonObject *house = house_of (sheet, s, i);

      if (house == NULL || !json_object_has_member (house, "number"))
        continue;
      if (i < h && json_object_get_int_member (house, "number") >= value)
        return FALSE;
      if (i > h && json_object_get_int_member (house, "number") <= value)
        return FALSE;
    }
  return TRUE;
}

/* A sheet whose only empty box is street 1, house 1 (only a 0 fits there). */
static char *
nearly_full_sheet (void)
{
  g_autoptr(GString) text = g_string_new ("{\"format\": \"tablekeeper-welcome-to-sheet\", "
                                          "\"version\": 1, \"name\": \"Bo\", \"sheet\": "
                                          "{\"streets\": [");
  const guint houses[3] = { 10, 11, 12 };

  for (guint s = 0; s < 3; s++)
    {
      g_string_append_printf (text, "%s{\"houses\": [", s > 0 ? ", " : "");
      for (guint h = 0; h < houses[s]; h++)
        {
          if (h > 0)
            g_string_append (text, ", ");
          if (s == 0 && h == 0)
            g_string_append (text, "null");
          else
            g_string_append_printf (text, "{\"number\": %u}", h);
        }
      g_string_append (text, "], \"fences\": [], \"parks\": 0}");
    }
  g_string_append (text, "], \"temps\": 0, \"agents\": [0, 0, 0, 0, 0, 0], \"refusals\": 0, "
                         "\"plans\": [null, null, null]}}");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* With TK_TEST_SHOTS_DIR set, saves @widget as it is drawn to DIR/@name.png (to look at the
 * panel at a given width; the test itself never needs it). */
static void
save_shot (GtkWidget  *widget,
           const char *name)
{
  tk_test_save_shot (widget, name);
}

/* ---- tests ---- */

/* The session view shows the game's own panel, not the generic score pad. */
static void
test_panel_shown (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_mapped (panel));
  /* three streets of 10, 11 and 12 houses, fences between them, every seat's sheet */
  g_assert_nonnull (find_named (panel, "house-1-10"));
  g_assert_nonnull (find_named (panel, "house-2-11"));
  g_assert_nonnull (find_named (panel, "house-3-12"));
  g_assert_null (tk_test_find_widget (panel, is_named, "house-1-11"));
  g_assert_nonnull (find_named (panel, "fence-3-11"));
  g_assert_null (tk_test_find_widget (panel, is_named, "fence-1-10"));
  g_assert_nonnull (find_named (panel, "seat-1"));
}

/* Rounds played through the panel: a number with the landscaper, a fence, a recorded round
 * with a refused descending number and the dimmed boxes, a pool, an imported sheet, a permit
 * refusal; totals as scored; undo; reopening. */
static void
test_panel_turns (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  TkWelcomeToPanel *wt = TK_WELCOME_TO_PANEL (panel);
  g_autoptr(GError) error = NULL;
  gint64 id = tk_session_get_id (f->session);

  g_assert_cmpuint (tk_welcome_to_panel_get_seat (wt), ==, 0);

  /* Round 1, no cards recorded.  Player 1: 7 with the landscaper, street 1 house 5. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (find_named (panel, "house-1-2")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Street 1, house 2, empty");
  click (panel, "number-7");
  click (panel, "effect-landscaper");
  for (guint h = 1; h <= 10; h++)
    g_assert_false (house_dimmed (panel, 1, h));   /* an empty sheet takes 7 anywhere */
  /* a house says what a tap does */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (find_named (panel, "house-1-2")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Write 7 in street 1, house 2");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (find_named (panel, "house-1-3")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Write 7 in street 1, house 3 (pool spot)");
  {
    /* One tap, one change: the sheet, the panel and the turn clock all show its score, which
     * the engine computes once. */
    guint scored = tk_session_get_n_scored (f->session);

    click (panel, "house-1-5");
    tk_test_settle ();
    g_assert_cmpuint (tk_session_get_n_scored (f->session), ==, scored + 1);
    /* the next sheet to play is shown at once */
    g_assert_cmpuint (tk_welcome_to_panel_get_seat (wt), ==, 1);
    /* back on the first sheet, the house says what is written in it */
    click (panel, "seat-0");
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (find_named (panel, "house-1-5")),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, "Street 1, house 5: 7");
    click (panel, "seat-1");
    g_assert_cmpuint (tk_welcome_to_panel_get_seat (wt), ==, 1);
  }
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *sheet = sheet_of (game, 0);
    JsonObject *street = json_array_get_object_element (json_object_get_array_member (sheet,
                                                                                      "streets"), 0);

    g_assert_cmpint (json_object_get_int_member (house_of (sheet, 1, 5), "number"), ==, 7);
    g_assert_cmpint (json_object_get_int_member (street, "parks"), ==, 1);
  }
  /* the panel moved on to the sheet still to play; player 1's sheet shows the 7 */
  g_assert_cmpuint (tk_welcome_to_panel_get_seat (wt), ==, 1);
  click (panel, "seat-0");
  g_assert_cmpstr (house_text (panel, 1, 5), ==, "7");
  g_assert_cmpint (shown_number (panel, "score-parks"), ==, 2);
  click (panel, "seat-1");

  /* Player 2: 3 with the surveyor in street 1 house 2, then the fence after house 2. */
  click (panel, "number-3");
  click (panel, "effect-surveyor");
  click (panel, "house-1-2");
  /* nothing is written until the effect's target is chosen */
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    g_assert_null (house_of (sheet_of (game, 1), 1, 2));
  }
  g_assert_cmpstr (house_text (panel, 1, 2), ==, "3");    /* shown as pending */
  save_shot (GTK_WIDGET (f->window), "surveyor-fences");
  click (panel, "fence-1-2");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *sheet = sheet_of (game, 1);
    JsonObject *street = json_array_get_object_element (json_object_get_array_member (sheet,
                                                                                      "streets"), 0);
    JsonArray *fences = json_object_get_array_member (street, "fences");

    g_assert_cmpint (json_object_get_int_member (house_of (sheet, 1, 2), "number"), ==, 3);
    g_assert_cmpuint (json_array_get_length (fences), ==, 1);
    g_assert_cmpint (json_array_get_int_element (fences, 0), ==, 2);
  }
  click (panel, "seat-1");
  g_assert_true (gtk_widget_has_css_class (find_named (panel, "fence-1-2"), "tk-welcome-to-built"));

  /* Round 2: the three cards are recorded. */
  click (panel, "seat-0");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (panel, "record-number-0")), 5);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (panel, "record-effect-0")), 3);  /* pool */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (panel, "record-number-1")), 6);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (panel, "record-effect-1")), 0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (panel, "record-number-2")), 9);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (panel, "record-effect-2")), 4);
  g_signal_emit_by_name (tk_test_find_button (panel, "Record Cards"), "clicked");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonArray *players = json_object_get_array_member (game, "players");
    JsonArray *cards = json_object_get_array_member (json_array_get_object_element (players, 0),
                                                     "cards");

    g_assert_cmpint (json_object_get_int_member (game, "round"), ==, 2);
    g_assert_nonnull (cards);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (cards, 0),
                                                 "number"), ==, 5);
  }
  g_assert_true (gtk_widget_get_visible (find_named (panel, "card-0")));
  g_assert_false (gtk_widget_has_css_class (tk_test_find_button (panel, "Permit _Refused"),
                                            "suggested-action"));
  g_assert_true (gtk_widget_is_visible (find_named (panel, "card-0")));

  /* Player 1 picks 5 with the pool: the dimmed boxes are exactly those the ascending rule
   * refuses (7 stands in house 5 of street 1). */
  click (panel, "card-0");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *sheet = sheet_of (game, 0);
    const guint houses[3] = { 10, 11, 12 };
    guint n_dimmed = 0;

    for (guint s = 1; s <= 3; s++)
      for (guint h = 1; h <= houses[s - 1]; h++)
        {
          gboolean allowed = ascending_allows (sheet, s, h, houses[s - 1], 5);

          if (house_of (sheet, s, h) != NULL)
            continue;
          g_assert_cmpint (house_dimmed (panel, s, h), ==, !allowed);
          n_dimmed += !allowed;
        }
    g_assert_cmpuint (n_dimmed, ==, 5);   /* street 1, houses 6 to 10 */
  }

  /* A descending number is refused: nothing changes, the reason is shown. */
  {
    g_autofree char *before = state_text (f->session);
    g_autofree char *after = NULL;
    guint n_active = tk_session_get_n_active (f->session);

    click (panel, "house-1-6");
    after = state_text (f->session);
    g_assert_cmpstr (before, ==, after);
    g_assert_cmpuint (tk_session_get_n_active (f->session), ==, n_active);
    WAIT_FOR (tk_test_find_widget (f->overlay, is_label_containing, "does not fit") != NULL);
    g_assert_cmpstr (house_text (panel, 1, 6), ==, "");
  }

  /* …and 5 on the pool spot of street 2, house 1 builds the pool. */
  click (panel, "house-2-1");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *house = house_of (sheet_of (game, 0), 2, 1);

    g_assert_cmpint (json_object_get_int_member (house, "number"), ==, 5);
    g_assert_true (json_object_get_boolean_member (house, "pool"));
  }
  click (panel, "seat-0");
  g_assert_cmpint (shown_number (panel, "score-pools"), ==, 3);
  g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (f->session, 0));
  g_assert_cmpint (session_total (f->session, 0), ==, 2 + 3);

  /* Player 2 imports a sheet where only a 0 still fits, and is refused a permit. */
  click (panel, "seat-1");
  {
    g_autofree char *path = g_build_filename (f->dir, "bo.json", NULL);
    g_autofree char *text = nearly_full_sheet ();
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(JsonObject) game = NULL;

    g_assert_true (g_file_set_contents (path, text, -1, NULL));
    g_assert_true (tk_welcome_to_panel_import_sheet (wt, file, &error));
    g_assert_no_error (error);
    game = game_state (f->session);
    g_assert_null (house_of (sheet_of (game, 1), 1, 1));
    g_assert_cmpint (json_object_get_int_member (house_of (sheet_of (game, 1), 3, 12), "number"),
                     ==, 11);
    g_assert_cmpstr (house_text (panel, 3, 12), ==, "11");
  }
  /* none of the round's cards fits: the refusal button is the suggested move */
  g_assert_true (gtk_widget_has_css_class (tk_test_find_button (panel, "Permit _Refused"),
                                           "suggested-action"));
  g_signal_emit_by_name (tk_test_find_button (panel, "Permit _Refused"), "clicked");
  {
    g_autoptr(JsonObject) game = game_state (f->session);

    g_assert_cmpint (json_object_get_int_member (sheet_of (game, 1), "refusals"), ==, 1);
  }
  /* the toast's Undo takes the refusal back; Redo crosses it again */
  tk_test_press_toast_button (f->view, "_Undo");
  {
    g_autoptr(JsonObject) game = game_state (f->session);

    g_assert_cmpint (json_object_get_int_member (sheet_of (game, 1), "refusals"), ==, 0);
  }
  g_assert_true (tk_session_redo (f->session, &error));
  g_assert_no_error (error);
  click (panel, "seat-1");
  g_assert_true (gtk_widget_has_css_class (find_named (panel, "track-refusals-1"),
                                           "tk-welcome-to-crossed"));
  g_assert_false (gtk_widget_has_css_class (find_named (panel, "track-refusals-2"),
                                            "tk-welcome-to-crossed"));

  /* Live totals: the strip and every tab show what the engine scores. */
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autofree char *name = g_strdup_printf ("seat-%u", seat);
      g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                session_total (f->session, seat));

      click (panel, name);
      g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (f->session, seat));
      g_assert_nonnull (tk_test_find_widget (find_named (panel, name), is_label_containing, total));
      g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (f->view), seat), ==, total);
    }

  /* A sheet the engine refuses (a number falling in street 1) changes nothing. */
  {
    g_autofree char *path = g_build_filename (f->dir, "bad.json", NULL);
    g_autofree char *good = nearly_full_sheet ();
    g_autoptr(GString) bad = g_string_new (good);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autofree char *before = state_text (f->session);
    g_autofree char *after = NULL;
    g_autoptr(GError) refusal = NULL;

    g_string_replace (bad, "{\"number\": 9}", "{\"number\": 1}", 1);
    g_assert_true (g_file_set_contents (path, bad->str, -1, NULL));
    g_assert_false (tk_welcome_to_panel_import_sheet (wt, file, &refusal));
    g_assert_error (refusal, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
    after = state_text (f->session);
    g_assert_cmpstr (before, ==, after);
    WAIT_FOR (tk_test_find_widget (f->overlay, is_label_containing, "ascending") != NULL);
  }

  /* Export player 1's sheet: the engine's exchange document. */
  {
    g_autofree char *path = g_build_filename (f->dir, "ana.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autofree char *text = NULL;
    g_autoptr(JsonObject) document = NULL;
    JsonObject *house;

    click (panel, "seat-0");
    g_assert_true (tk_welcome_to_panel_export_sheet (wt, file, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    document = tk_rules_json_parse_object (text, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (json_object_get_string_member (document, "format"), ==,
                     TK_WELCOME_TO_SHEET_FORMAT);
    house = house_of (json_object_get_object_member (document, "sheet"), 1, 5);
    g_assert_cmpint (json_object_get_int_member (house, "number"), ==, 7);
    g_unlink (path);
  }

  /* Undo the refusal and the import: the panel shows player 2's own sheet again. */
  g_assert_true (tk_session_undo (f->session, &error));
  g_assert_no_error (error);
  click (panel, "seat-1");
  g_assert_false (gtk_widget_has_css_class (find_named (panel, "track-refusals-1"),
                                            "tk-welcome-to-crossed"));
  g_assert_true (tk_session_undo (f->session, &error));
  g_assert_cmpstr (house_text (panel, 3, 12), ==, "");
  g_assert_cmpstr (house_text (panel, 1, 2), ==, "3");
  /* and the pool turn: street 2 house 1 is empty again */
  g_assert_true (tk_session_undo (f->session, &error));
  click (panel, "seat-0");
  g_assert_cmpstr (house_text (panel, 2, 1), ==, "");
  g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (f->session, 0));

  /* Reopening the session shows the same sheet. */
  {
    g_autoptr(TkSession) again = tk_session_load (f->store, id, &error);
    GtkWidget *view = tk_session_view_new ();
    GtkWidget *panel2;

    g_assert_no_error (error);
    adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (f->overlay), view);
    f->view = view;
    tk_session_view_set_session (TK_SESSION_VIEW (view), again);
    tk_test_settle ();
    panel2 = tk_test_find_descendant (view, TK_TYPE_WELCOME_TO_PANEL);
    g_assert_nonnull (panel2);
    click (panel2, "seat-0");
    g_assert_cmpstr (house_text (panel2, 1, 5), ==, "7");
    g_assert_cmpstr (house_text (panel2, 2, 1), ==, "");
    click (panel2, "seat-1");
    g_assert_cmpstr (house_text (panel2, 1, 2), ==, "3");
    g_assert_true (gtk_widget_has_css_class (find_named (panel2, "fence-1-2"),
                                             "tk-welcome-to-built"));
  }
}

static void
debug_widths (GtkWidget *widget,
              int        depth)
{
  int minimum = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (minimum > 300)
    g_printerr ("%*s%s %s %d\n", depth, "", G_OBJECT_TYPE_NAME (widget),
                gtk_widget_get_name (widget), minimum);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    debug_widths (child, depth + 1);
}


static JsonObject *
street_of (JsonObject *sheet,
           guint       street)
{
  return json_array_get_object_element (json_object_get_array_member (sheet, "streets"),
                                        street - 1);
}

static gboolean
has_class (GtkWidget  *panel,
           const char *name,
           const char *css_class)
{
  return gtk_widget_has_css_class (find_named (panel, name), css_class);
}

/* The bis, the real estate agent, a roundabout and the temp agency through the panel
 * (intermediate rules). */
static void
test_panel_effects (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);

  /* Player 1: 5 in street 1 house 3, then its bis in house 4 (only house 3 is there to
   * copy: house 5 is empty). */
  click (panel, "number-5");
  click (panel, "effect-bis");
  click (panel, "house-1-3");
  g_assert_true (has_class (panel, "house-1-2", "tk-welcome-to-target"));
  g_assert_true (has_class (panel, "house-1-4", "tk-welcome-to-target"));
  g_assert_true (has_class (panel, "house-1-6", "tk-welcome-to-dim"));   /* nothing beside it */
  save_shot (GTK_WIDGET (f->window), "bis-targets");
  click (panel, "house-1-4");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *sheet = sheet_of (game, 0);

    g_assert_cmpint (json_object_get_int_member (house_of (sheet, 1, 3), "number"), ==, 5);
    g_assert_cmpint (json_object_get_int_member (house_of (sheet, 1, 4), "number"), ==, 5);
    g_assert_cmpstr (json_object_get_string_member (house_of (sheet, 1, 4), "bis"), ==, "left");
  }
  click (panel, "seat-0");
  g_assert_cmpstr (house_text (panel, 1, 4), ==, "5b");
  g_assert_cmpint (shown_number (panel, "score-bis"), ==, -1);

  /* Player 2: 6 with the real estate agent, then the column of 3-house estates; the
   * effect can also be skipped, so the prompt offers that. */
  click (panel, "seat-1");
  click (panel, "number-6");
  click (panel, "effect-real_estate");
  click (panel, "house-2-1");
  g_assert_true (gtk_widget_get_visible (find_named (panel, "skip-effect")));
  g_assert_true (has_class (panel, "column-3", "tk-welcome-to-target"));
  click (panel, "column-3");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonArray *agents = json_object_get_array_member (sheet_of (game, 1), "agents");

    g_assert_cmpint (json_array_get_int_element (agents, 2), ==, 1);
    g_assert_cmpint (json_object_get_int_member (house_of (sheet_of (game, 1), 2, 1), "number"),
                     ==, 6);
  }

  /* Round 2, player 1: a roundabout in street 1 house 8 (fences on both sides)… */
  click (panel, "seat-0");
  g_signal_emit_by_name (tk_test_find_button (panel, "R_oundabout"), "clicked");
  click (panel, "house-1-8");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *sheet = sheet_of (game, 0);
    JsonArray *fences = json_object_get_array_member (street_of (sheet, 1), "fences");

    g_assert_true (json_object_get_boolean_member (house_of (sheet, 1, 8), "roundabout"));
    g_assert_cmpuint (json_array_get_length (fences), ==, 2);
  }
  g_assert_true (has_class (panel, "fence-1-7", "tk-welcome-to-built"));
  g_assert_cmpint (shown_number (panel, "score-roundabouts"), ==, -3);

  /* …then 6 with the temp agency: 6 can't go left of the 5s, written as 4 it can. */
  click (panel, "number-6");
  click (panel, "effect-temp");
  g_assert_true (house_dimmed (panel, 1, 2));
  g_assert_false (house_dimmed (panel, 1, 5));
  click (panel, "temp--2");
  g_assert_false (house_dimmed (panel, 1, 2));
  g_assert_true (house_dimmed (panel, 1, 5));
  click (panel, "house-1-2");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *sheet = sheet_of (game, 0);

    g_assert_cmpint (json_object_get_int_member (house_of (sheet, 1, 2), "number"), ==, 4);
    g_assert_cmpint (json_object_get_int_member (sheet, "temps"), ==, 1);
  }
  click (panel, "seat-0");
  g_assert_true (has_class (panel, "track-temps-1", "tk-welcome-to-crossed"));
  g_assert_false (has_class (panel, "track-temps-2", "tk-welcome-to-crossed"));
  g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (f->session, 0));
}

/* A city plan claimed by selecting its estates. */
static void
test_panel_claim (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  TkWelcomeToPanel *wt = TK_WELCOME_TO_PANEL (panel);
  g_autofree char *path = g_build_filename (f->dir, "singles.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  /* street 1: houses 1 to 7 built, fences after 1…6: six estates of one house, and 7
   * with the rest of the street (not complete) */
  const char *text =
    "{\"format\": \"tablekeeper-welcome-to-sheet\", \"version\": 1, \"sheet\": {\"streets\": ["
    "{\"houses\": [{\"number\": 1}, {\"number\": 2}, {\"number\": 3}, {\"number\": 4}, "
    "{\"number\": 5}, {\"number\": 6}, {\"number\": 7}, null, null, null], "
    "\"fences\": [1, 2, 3, 4, 5, 6], \"parks\": 0},"
    "{\"houses\": [null, null, null, null, null, null, null, null, null, null, null], "
    "\"fences\": [], \"parks\": 0},"
    "{\"houses\": [null, null, null, null, null, null, null, null, null, null, null, null], "
    "\"fences\": [], \"parks\": 0}],"
    "\"temps\": 0, \"agents\": [0, 0, 0, 0, 0, 0], \"refusals\": 0, "
    "\"plans\": [null, null, null]}}";

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (tk_welcome_to_panel_import_sheet (wt, file, &error));
  g_assert_no_error (error);
  g_assert_true (has_class (panel, "house-1-1", "tk-welcome-to-built"));

  click (panel, "plan-claim-1");
  for (guint h = 1; h <= 6; h++)
    {
      g_autofree char *name = g_strdup_printf ("estate-1-%u-%u", h, h);

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_named (panel, name)), TRUE);
    }
  /* house 7 is not a completed estate: not offered */
  g_assert_null (tk_test_find_widget (panel, is_named, "estate-1-7-7"));
  g_signal_emit_by_name (tk_test_find_button (panel, "Claim Plan"), "clicked");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonArray *plans = json_object_get_array_member (sheet_of (game, 0), "plans");
    JsonObject *claim = json_array_get_object_element (plans, 0);

    g_assert_nonnull (claim);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (claim, "estates")), ==, 6);
  }
  g_assert_nonnull (tk_test_find_widget (panel, is_label_containing, "Claimed first: 8 points"));
  g_assert_cmpint (shown_number (panel, "score-plans"), ==, 8);
  g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (f->session, 0));
  /* the estates used carry the plan's mark above them */
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_first_child (gtk_widget_get_parent (find_named (panel, "house-1-3"))),
                                           "tk-welcome-to-used"));
}

/* Solo: three cards drawn, a number from one and an effect from another; the solo card. */
static void
test_panel_solo (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (panel, "record-number-0")), 4);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (panel, "record-effect-0")), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (panel, "record-number-1")), 10);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (panel, "record-effect-1")), 2);  /* park */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (panel, "record-number-2")), 13);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (panel, "record-effect-2")), 0);
  g_signal_emit_by_name (tk_test_find_button (panel, "Record Cards"), "clicked");
  g_assert_true (gtk_widget_is_visible (find_named (panel, "number-card-0")));
  g_assert_false (gtk_widget_is_visible (find_named (panel, "card-0")));

  /* 4 from the first card with the landscaper of the second */
  click (panel, "number-card-0");
  click (panel, "effect-card-1");
  click (panel, "house-3-2");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonObject *sheet = sheet_of (game, 0);

    g_assert_cmpint (json_object_get_int_member (house_of (sheet, 3, 2), "number"), ==, 4);
    g_assert_cmpint (json_object_get_int_member (street_of (sheet, 3), "parks"), ==, 1);
  }
  /* Seed 003: the solo card lies in the lower half of the deck: not before round 14, and the
   * panel says so instead of offering it. */
  g_assert_false (gtk_widget_get_sensitive (tk_test_find_button (panel, "Solo Card Drawn")));
  g_assert_nonnull (tk_test_find_widget (panel, is_label_containing, "from round 14"));
  /* rounds 2 to 13 played elsewhere (12 more numbers in street 2) */
  for (guint r = 2; r <= 13; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *reveal = g_strdup_printf ("{\"type\":\"reveal\",\"cards\":["
                                                 "{\"number\":%u,\"effect\":\"surveyor\"},"
                                                 "{\"number\":8,\"effect\":\"pool\"},"
                                                 "{\"number\":12,\"effect\":\"bis\"}]}", r);
      g_autofree char *turn = g_strdup_printf ("{\"type\":\"turn\",\"seat\":0,"
                                               "\"number_card\":0,\"effect_card\":1,"
                                               "\"street\":%u,\"house\":%u,\"number\":%u}",
                                               r <= 12 ? 2 : 1, r <= 12 ? r - 1 : 1, r);

      g_assert_true (tk_session_apply_json (f->session, reveal, &error));
      g_assert_true (tk_session_apply_json (f->session, turn, &error));
      g_assert_no_error (error);
    }
  tk_test_settle ();
  g_assert_true (gtk_widget_get_sensitive (tk_test_find_button (panel, "Solo Card Drawn")));
  g_signal_emit_by_name (tk_test_find_button (panel, "Solo Card Drawn"), "clicked");
  {
    g_autoptr(JsonObject) game = game_state (f->session);

    g_assert_cmpint (json_object_get_int_member (game, "solo_flip_round"), ==, 14);
  }
  g_assert_false (gtk_widget_get_visible (tk_test_find_button (panel, "Solo Card Drawn")));
}

static void
record_hand (GtkWidget  *panel,
             const gint  numbers[3],
             const guint effects[3])
{
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *number = g_strdup_printf ("record-number-%u", i);
      g_autofree char *effect = g_strdup_printf ("record-effect-%u", i);

      gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_named (panel, number)), numbers[i]);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (find_named (panel, effect)), effects[i]);
    }
  g_signal_emit_by_name (tk_test_find_button (panel, "Record Cards"), "clicked");
}

/* The draft: each player's own hand; the next hand recorded starts with the card passed. */
static void
test_panel_draft (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  const gint hand0[3] = { 5, 9, 12 }, hand1[3] = { 3, 4, 7 };
  const guint effects0[3] = { 0, 3, 5 }, effects1[3] = { 4, 2, 1 };

  record_hand (panel, hand0, effects0);
  click (panel, "number-card-0");
  click (panel, "effect-card-1");
  click (panel, "house-1-1");
  g_assert_cmpuint (tk_welcome_to_panel_get_seat (TK_WELCOME_TO_PANEL (panel)), ==, 1);
  record_hand (panel, hand1, effects1);
  click (panel, "number-card-0");
  click (panel, "effect-card-1");
  click (panel, "house-2-2");
  {
    g_autoptr(JsonObject) game = game_state (f->session);

    g_assert_cmpint (json_object_get_int_member (house_of (sheet_of (game, 0), 1, 1), "number"), ==, 5);
    g_assert_cmpint (json_object_get_int_member (house_of (sheet_of (game, 1), 2, 2), "number"), ==, 3);
    g_assert_cmpint (json_object_get_int_member (street_of (sheet_of (game, 1), 2), "parks"), ==, 1);
  }

  /* Round 2: player 2's hand holds the 12 with the bis player 1 passed. */
  click (panel, "seat-1");
  g_signal_emit_by_name (tk_test_find_button (panel, "Record _Cards…"), "clicked");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (find_named (panel, "record-number-0"))),
                   ==, 12);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (find_named (panel, "record-effect-0"))),
                    ==, 5);
  g_signal_emit_by_name (tk_test_find_button (panel, "Record Cards"), "clicked");
  {
    g_autoptr(JsonObject) game = game_state (f->session);
    JsonArray *players = json_object_get_array_member (game, "players");
    JsonArray *cards = json_object_get_array_member (json_array_get_object_element (players, 1),
                                                     "cards");

    g_assert_cmpint (json_object_get_int_member (game, "round"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (cards, 0), "number"),
                     ==, 12);
  }
}

/* The sample session (two imported sheets, the game ended by a third refusal) shows the
 * sheets as scored, the end and the winner. */
static void
test_panel_fixture (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "welcome-to-session.json", NULL);
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  GtkWidget *view = tk_session_view_new ();
  GtkWidget *panel;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  session = tk_session_import (f->store, text, (gssize) length, &error);
  g_assert_no_error (error);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (f->overlay), view);
  f->view = view;
  tk_session_view_set_session (TK_SESSION_VIEW (view), session);
  tk_test_settle ();
  panel = tk_test_find_descendant (view, TK_TYPE_WELCOME_TO_PANEL);
  g_assert_nonnull (panel);

  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_named (view, "end-card-title"))), ==,
                   "Ana wins");
  g_assert_true (gtk_widget_is_visible (find_named (view, "end-card")));
  g_assert_false (gtk_widget_is_visible (find_named (panel, "number-7")));
  click (panel, "seat-0");
  g_assert_cmpint (shown_number (panel, "score-total"), ==, 79);
  g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (session, 0));
  g_assert_cmpstr (house_text (panel, 2, 8), ==, "7b");
  g_assert_cmpint (shown_number (panel, "score-plans"), ==, 12);
  click (panel, "seat-1");
  g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (session, 1));
  g_assert_cmpint (shown_number (panel, "score-refusals"), ==, -5);
}

/* One turn through the panel: @seat's tab, then the number button (@number > 0) or the
 * recorded card @card, the effect (unrecorded only), a temp change, the house and the
 * effect's targets (a fence, a column, the bis box and, when both neighbours could be
 * copied, the side: names separated by spaces); exactly one action is committed. */
static void
full_game_turn (GtkWidget  *panel,
                TkSession  *session,
                guint       seat,
                gint        number,
                guint       card,
                const char *effect,
                gint        temp,
                const char *house,
                const char *target)
{
  g_autofree char *seat_name = g_strdup_printf ("seat-%u", seat);
  guint n_active = tk_session_get_n_active (session);

  click (panel, seat_name);
  if (number > 0)
    {
      g_autofree char *name = g_strdup_printf ("number-%d", number);
      g_autofree char *effect_name = g_strdup_printf ("effect-%s", effect);

      click (panel, name);
      click (panel, effect_name);
    }
  else
    {
      g_autofree char *name = g_strdup_printf ("card-%u", card);

      click (panel, name);
    }
  if (temp != 0)
    {
      g_autofree char *name = g_strdup_printf ("temp-%d", temp);

      click (panel, name);
    }
  click (panel, house);
  if (target != NULL)
    {
      g_auto(GStrv) names = g_strsplit (target, " ", -1);

      for (guint i = 0; names[i] != NULL; i++)
        click (panel, names[i]);
    }
  if (tk_session_get_n_active (session) != n_active + 1)
    g_error ("seat %u, %s: the turn was not taken", seat, house);
}

static void
full_game_claim (GtkWidget  *panel,
                 TkSession  *session,
                 guint       seat,
                 guint       plan,
                 const char *estate1,
                 const char *estate2)
{
  g_autofree char *seat_name = g_strdup_printf ("seat-%u", seat);
  g_autofree char *plan_name = g_strdup_printf ("plan-claim-%u", plan);
  guint n_active = tk_session_get_n_active (session);

  click (panel, seat_name);
  click (panel, plan_name);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_named (panel, estate1)), TRUE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_named (panel, estate2)), TRUE);
  g_signal_emit_by_name (tk_test_find_button (panel, "Claim Plan"), "clicked");
  g_assert_cmpuint (tk_session_get_n_active (session), ==, n_active + 1);
}

static void
full_game_refuse (GtkWidget *panel,
                  TkSession *session,
                  guint      seat)
{
  g_autofree char *seat_name = g_strdup_printf ("seat-%u", seat);
  guint n_active = tk_session_get_n_active (session);

  click (panel, seat_name);
  /* none of the three cards fits Ben's sheet any more: refusing is the suggested move */
  g_assert_true (gtk_widget_has_css_class (tk_test_find_button (panel, "Permit _Refused"),
                                           "suggested-action"));
  g_signal_emit_by_name (tk_test_find_button (panel, "Permit _Refused"), "clicked");
  g_assert_cmpuint (tk_session_get_n_active (session), ==, n_active + 1);
}

/* The hand-scored game of tests/fixtures/welcome-to-full-game.json (its setup: Ana and Ben,
 * plans 4+4, 3+6, 3+4), played tap by tap from the first round to Ben's third refusal; the
 * sheet's bottom row and the strip at the top show the hand scores (see test-welcome-to.c:
 * Ana 13 plans, 2 parks, 6 pools, 7 temps, 19 estates, −3 bis = 44; Ben 3, 10, 3, 4, 9, −1,
 * −5 refusals = 23); then the session is finished and the play keeps those totals. */
static void
test_panel_full_game (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "welcome-to-full-game.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  GtkWidget *view = tk_session_view_new ();
  GtkWidget *panel;
  AdwMessageDialog *confirm = NULL;
  static const struct { const char *key; gint64 ana, ben; } hand[] = {
    { "plans", 13, 3 }, { "parks", 2, 10 }, { "pools", 6, 3 }, { "temps", 7, 4 },
    { "estates", 19, 9 }, { "bis", -3, -1 }, { "refusals", 0, -5 }, { "total", 44, 23 },
  };
  const gint r11[3] = { 10, 11, 9 }, r12[3] = { 12, 10, 11 }, r13[3] = { 13, 9, 8 };
  /* surveyor 0, real estate 1, landscaper 2, pool 3, temp 4, bis 5 */
  const guint e11[3] = { 5, 0, 2 }, e12[3] = { 0, 1, 3 }, e13[3] = { 4, 2, 1 };

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  session = tk_session_start (f->store, "welcome-to", 0, "Welcome To...",
                              json_object_get_object_member (file, "setup"), &error);
  g_assert_no_error (error);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (f->overlay), view);
  f->view = view;
  tk_session_view_set_session (TK_SESSION_VIEW (view), session);
  tk_test_settle ();
  panel = tk_test_find_descendant (view, TK_TYPE_WELCOME_TO_PANEL);
  g_assert_nonnull (panel);

  /* rounds 1 to 10: nothing recorded, each player taps the pair they chose */
  full_game_turn (panel, session, 0, 3, 0, "pool", 0, "house-1-3", NULL);
  full_game_turn (panel, session, 1, 7, 0, "surveyor", 0, "house-1-4", "fence-1-4");
  full_game_turn (panel, session, 0, 6, 0, "surveyor", 0, "house-1-6", "fence-1-4");
  full_game_turn (panel, session, 1, 15, 0, "landscaper", 0, "house-1-5", NULL);
  full_game_turn (panel, session, 0, 8, 0, "real_estate", 0, "house-1-7", "column-3");
  full_game_turn (panel, session, 1, 3, 0, "pool", 0, "house-3-11", NULL);
  full_game_turn (panel, session, 0, 5, 0, "bis", 0, "house-1-5", "house-1-4");
  full_game_turn (panel, session, 1, 14, 0, "temp", 2, "house-2-4", NULL);
  full_game_turn (panel, session, 0, 1, 0, "landscaper", 0, "house-1-1", NULL);
  full_game_turn (panel, session, 1, 15, 0, "real_estate", 0, "house-3-12", "column-3");
  full_game_turn (panel, session, 0, 2, 0, "surveyor", 0, "house-1-2", "fence-1-7");
  full_game_claim (panel, session, 0, 3, "estate-1-1-4", "estate-1-5-7");
  g_assert_nonnull (tk_test_find_widget (panel, is_label_containing, "Claimed first: 7 points"));
  full_game_turn (panel, session, 1, 2, 0, "landscaper", 0, "house-1-1", NULL);
  full_game_turn (panel, session, 0, 4, 0, "pool", 0, "house-2-1", NULL);
  full_game_turn (panel, session, 1, 4, 0, "bis", 0, "house-2-2", "house-2-3 bis-left");
  full_game_turn (panel, session, 0, 9, 0, "temp", -1, "house-2-4", NULL);
  full_game_turn (panel, session, 1, 1, 0, "surveyor", 0, "house-2-1", "fence-2-3");
  full_game_turn (panel, session, 0, 7, 0, "surveyor", 0, "house-2-3", "fence-2-4");
  full_game_turn (panel, session, 1, 3, 0, "real_estate", 0, "house-1-2", "column-4");
  full_game_turn (panel, session, 0, 6, 0, "real_estate", 0, "house-2-2", "column-4");
  full_game_turn (panel, session, 1, 5, 0, "landscaper", 0, "house-1-3", NULL);
  full_game_claim (panel, session, 1, 3, "estate-1-1-4", "estate-2-1-3");
  g_assert_nonnull (tk_test_find_widget (panel, is_label_containing, "3 points"));

  /* rounds 11 to 13: the cards are recorded; Ana plays them, Ben's sheet takes none */
  record_hand (panel, r11, e11);
  full_game_turn (panel, session, 0, 0, 0, NULL, 0, "house-2-5", "house-2-6");
  full_game_refuse (panel, session, 1);
  record_hand (panel, r12, e12);
  full_game_turn (panel, session, 0, 0, 0, NULL, 0, "house-2-8", "fence-2-8");
  full_game_refuse (panel, session, 1);
  record_hand (panel, r13, e13);
  full_game_turn (panel, session, 0, 0, 0, NULL, -2, "house-2-7", NULL);
  full_game_claim (panel, session, 0, 1, "estate-2-1-4", "estate-2-5-8");
  full_game_refuse (panel, session, 1);
  tk_test_settle ();

  /* the taps wrote the same sheets as the session file */
  {
    g_autoptr(TkSession) replayed = tk_session_import (f->store, text, -1, &error);
    g_autoptr(JsonObject) tapped_game = game_state (session);
    g_autoptr(JsonObject) file_game = NULL;
    g_autofree char *tapped = NULL, *from_file = NULL;

    g_assert_no_error (error);
    file_game = game_state (replayed);
    tapped = tk_rules_json_to_string (tapped_game);
    from_file = tk_rules_json_to_string (file_game);
    g_assert_cmpstr (tapped, ==, from_file);
  }

  /* the end: the end card names the winner, the number pad is gone */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_named (f->view, "end-card-title"))), ==,
                   "Ana wins");
  g_assert_false (gtk_widget_is_visible (find_named (panel, "number-7")));
  /* each figure once: the end card has the totals, the seat toggle only picks the sheet */
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_button_get_child (
         GTK_BUTTON (find_named (panel, "seat-0")))); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (gtk_widget_has_css_class (w, "numeric"))
      g_assert_false (gtk_widget_is_visible (w));
  /* every category of the bottom row and the strip at the top show the hand scores */
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autofree char *seat_name = g_strdup_printf ("seat-%u", seat);

      click (panel, seat_name);
      for (guint i = 0; i < G_N_ELEMENTS (hand); i++)
        {
          g_autofree char *name = g_strdup_printf ("score-%s", hand[i].key);
          gint64 want = seat == 0 ? hand[i].ana : hand[i].ben;

          if (shown_number (panel, name) != want)
            g_error ("seat %u, %s shows %" PRId64 ", hand %" PRId64, seat,
                     hand[i].key, shown_number (panel, name), want);
        }
    }
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (view), 0), ==, "44");
  g_assert_cmpstr (tk_session_view_get_shown_total (TK_SESSION_VIEW (view), 1), ==, "23");
  g_assert_nonnull (tk_test_find_widget (find_named (panel, "seat-0"), is_label_containing, "44"));
  g_assert_nonnull (tk_test_find_widget (find_named (panel, "seat-1"), is_label_containing, "23"));
  save_shot (GTK_WIDGET (f->window), "full-game-end");

  /* Finish: the play written to the history keeps the sheets' totals and the winner. */
  g_assert_true (gtk_widget_activate_action (view, "session.finish", NULL));
  WAIT_FOR ((confirm = (AdwMessageDialog *)
              tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
  adw_message_dialog_response (confirm, "finish");
  WAIT_FOR (g_strcmp0 (tk_session_get_status (session), "finished") == 0);
  plays = tk_plays_query (f->store, 0, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plays->len, ==, 1);
  for (guint seat = 0; seat < 2; seat++)
    {
      const TkPlayPlayer *player = tk_play_get_player (g_ptr_array_index (plays, 0), seat);

      g_assert_true (player->has_score);
      g_assert_cmpfloat (player->score, ==, seat == 0 ? 44 : 23);
      g_assert_cmpint (player->winner, ==, seat == 0);
    }
}

/* The first seat still to play the round (0 when everyone has: a new round opens). */
static guint
next_to_play (JsonObject *game)
{
  JsonArray *players = json_object_get_array_member (game, "players");

  for (guint i = 0; i < json_array_get_length (players); i++)
    if (!json_object_get_boolean_member (json_array_get_object_element (players, i), "acted"))
      return i;
  return 0;
}

/* A random number from 1 to 15 that has at least one empty box on the sheet it may go in,
 * or -1 when none has: a walk that picked a number with no box would wait on that seat for
 * ever (only a permit refusal moves it on). */
static gint
random_fitting_number (JsonObject  *sheet,
                       const guint *houses)
{
  gint fitting[15];
  guint n = 0;

  for (gint number = 1; number <= 15; number++)
    {
      gboolean fits = FALSE;

      for (guint s = 1; s <= 3 && !fits; s++)
        for (guint h = 1; h <= houses[s - 1] && !fits; h++)
          fits = house_of (sheet, s, h) == NULL &&
                 ascending_allows (sheet, s, h, houses[s - 1], number);
      if (fits)
        fitting[n++] = number;
    }
  return n == 0 ? -1 : fitting[g_test_rand_int_range (0, (gint32) n)];
}

/* Of the open boxes ("house-S-H"), the one where @number sits as a player would write it:
 * nearest its share of the street (a 15 in a street's first box leaves the rest of it dead,
 * and a walk of random boxes sticks after a dozen turns). */
static guint
nearest_to_natural_place (GPtrArray   *open,
                          const guint *houses,
                          gint         number)
{
  guint best = 0;
  double best_distance = G_MAXDOUBLE;

  for (guint i = 0; i < open->len; i++)
    {
      guint s = 0, h = 0;
      double distance;

      g_assert_cmpint (sscanf (g_ptr_array_index (open, i), "house-%u-%u", &s, &h), ==, 2);
      distance = fabs ((h - 0.5) / houses[s - 1] - number / 16.0);
      if (distance < best_distance)
        best = i, best_distance = distance;
    }
  return best;
}

/* Many random turns through the panel (seeded by the test run): at every step the dimmed
 * boxes are exactly those the ascending rule refuses, a tap on a dimmed box changes
 * nothing and a tap on any other is taken, and the shown total is the engine's. */
static void
test_panel_random_play (Fixture       *f,
                        gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  const guint houses[3] = { 10, 11, 12 };
  const char *const effects[] = { "effect-landscaper", "effect-pool", "effect-temp" };
  guint turns = 0, refused = 0;

  for (guint step = 0; step < 60; step++)
    {
      g_autoptr(JsonObject) game = game_state (f->session);
      guint seat = next_to_play (game);
      g_autofree char *seat_name = g_strdup_printf ("seat-%u", seat);
      JsonObject *sheet = sheet_of (game, seat);
      gint number = random_fitting_number (sheet, houses);
      g_autofree char *number_name = NULL;
      g_autoptr(GPtrArray) open = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) dimmed = g_ptr_array_new_with_free_func (g_free);

      const char *effect_name = effects[g_test_rand_int_range (0, G_N_ELEMENTS (effects))];

      /* a sheet with no box left for any number would need a permit refusal, with the round's
       * cards: this walk ends there (after far more than the turns it counts on) */
      if (number < 0)
        break;
      number_name = g_strdup_printf ("number-%d", number);
      click (panel, seat_name);
      /* a pick left from a step that wrote nothing stays chosen: a second tap would undo it */
      if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (find_named (panel, number_name))))
        click (panel, number_name);
      if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (find_named (panel, effect_name))))
        click (panel, effect_name);
      for (guint s = 1; s <= 3; s++)
        for (guint h = 1; h <= houses[s - 1]; h++)
          {
            gboolean allowed = ascending_allows (sheet, s, h, houses[s - 1], number);

            if (house_of (sheet, s, h) != NULL)
              continue;
            if (house_dimmed (panel, s, h) != !allowed)
              g_error ("step %u, seat %u, number %d: street %u house %u dimmed %d, allowed %d",
                       step, seat, number, s, h, house_dimmed (panel, s, h), allowed);
            g_ptr_array_add (allowed ? open : dimmed, g_strdup_printf ("house-%u-%u", s, h));
          }
      if (dimmed->len > 0)
        {
          g_autofree char *before = state_text (f->session);
          g_autofree char *after = NULL;

          click (panel, g_ptr_array_index (dimmed, g_test_rand_int_range (0, (gint32) dimmed->len)));
          after = state_text (f->session);
          g_assert_cmpstr (before, ==, after);
          refused++;
        }
      if (open->len > 0)
        {
          guint n_active = tk_session_get_n_active (f->session);

          click (panel, g_ptr_array_index (open, nearest_to_natural_place (open, houses, number)));
          g_assert_cmpuint (tk_session_get_n_active (f->session), ==, n_active + 1);
          turns++;
        }
      click (panel, seat_name);
      g_assert_cmpint (shown_number (panel, "score-total"), ==, session_total (f->session, seat));
    }
  g_assert_cmpuint (turns, >, 20);
  g_assert_cmpuint (refused, >, 5);
}

/* On a phone in portrait the sheet fits the width: each street wraps its twelve houses onto
 * lines that fit (nothing scrolls sideways), every house is in view and nothing makes the
 * panel wider than the window. */
static void
test_panel_narrow (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  GtkWidget *first = find_named (panel, "house-3-1");
  GtkWidget *last = find_named (panel, "house-3-12");
  graphene_rect_t first_bounds, last_bounds;
  int minimum = 0, natural = 0;

  if (g_getenv ("TK_TEST_SHOT_DARK") != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_FORCE_DARK);
  click (panel, "number-8");
  click (panel, "effect-temp");
  click (panel, "house-1-4");
  click (panel, "number-11");
  click (panel, "effect-surveyor");
  click (panel, "house-1-9");
  click (panel, "fence-1-9");
  click (panel, "number-6");
  click (panel, "effect-temp");
  /* everything that can open at once: the temp row, the card recorder, a plan's claim */
  g_signal_emit_by_name (tk_test_find_button (panel, "Record _Cards…"), "clicked");
  click (panel, "plan-claim-2");
  tk_test_settle ();
  g_assert_true (gtk_widget_is_visible (find_named (panel, "temp-2")));
  g_assert_true (gtk_widget_is_visible (find_named (panel, "record-effect-2")));

  gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  if (g_getenv ("TK_TEST_DEBUG_WIDTH") != NULL)
    debug_widths (panel, 0);
  g_assert_cmpint (minimum, <=, 360 - 24);
  g_assert_cmpint (gtk_widget_get_width (panel), <=, 360 - 24);
  /* no scroller of its own: the page's is the nearest */
  g_assert_true (gtk_widget_get_ancestor (last, GTK_TYPE_SCROLLED_WINDOW) ==
                 gtk_widget_get_ancestor (panel, GTK_TYPE_SCROLLED_WINDOW));
  /* the street's last house is on a lower line than its first, inside the panel */
  g_assert_true (gtk_widget_compute_bounds (first, panel, &first_bounds));
  g_assert_true (gtk_widget_compute_bounds (last, panel, &last_bounds));
  g_assert_cmpfloat (last_bounds.origin.y, >, first_bounds.origin.y);
  g_assert_cmpfloat (last_bounds.origin.x + last_bounds.size.width, <=, gtk_widget_get_width (panel));
  g_assert_cmpfloat (last_bounds.size.width, >=, 44);
  save_shot (GTK_WIDGET (f->window), g_getenv ("TK_TEST_SHOT_DARK") != NULL ? "narrow-dark" : "narrow");
  if (g_getenv ("TK_TEST_SHOTS_DIR") != NULL)
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (panel, GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

      for (guint i = 1; i <= 2; i++)
        {
          g_autofree char *name = g_strdup_printf ("%s-%u", g_getenv ("TK_TEST_SHOT_DARK") != NULL
                                                            ? "narrow-dark" : "narrow", i);

          gtk_adjustment_set_value (v, MIN (gtk_adjustment_get_upper (v),
                                            i * (gtk_adjustment_get_page_size (v) - 100)));
          tk_test_settle ();
          save_shot (GTK_WIDGET (f->window), name);
        }
    }
  if (g_getenv ("TK_TEST_SHOT_DARK") != NULL)
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                        ADW_COLOR_SCHEME_DEFAULT);
}

/* The options write the mode and the plan cards into a setup the engine accepts. */
static void
test_options (void)
{
  const TkRules *rules;
  GtkWidget *options;
  g_autoptr(GError) error = NULL;

  tk_games_register_all ();
  rules = tk_rules_lookup ("welcome-to");
  options = g_object_ref_sink (tk_game_panel_new_options ("welcome-to"));
  g_assert_true (TK_IS_SETUP_OPTIONS (options));

  /* solo: one player, the solo switch on by default */
  {
    g_autoptr(JsonObject) setup = rules->default_setup (1);
    gpointer state;

    tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 1);
    g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (find_named (options, "solo-switch"),
                                                                    ADW_TYPE_ACTION_ROW)));
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
    g_assert_no_error (error);
    g_assert_true (json_object_get_boolean_member (setup, "solo"));
    g_assert_cmpstr (json_object_get_string_member (setup, "variant"), ==, "basic");
    /* the seed's readings by default */
    g_assert_cmpstr (json_object_get_string_member (setup, "temp_ranking"), ==, "dense");
    g_assert_cmpstr (json_object_get_string_member (setup, "bis_fence"), ==, "before");
    g_assert_cmpstr (json_object_get_string_member (setup, "plan_houses"), ==, "seed");
    g_assert_false (gtk_widget_get_visible (find_named (options, "plan-houses-row")));
    /* Seed 003, solo: 「都市計画カードがランダムに3枚選ばれて」 — every row offers every card
     * (its number shown), Random by default; two n°2 cards may lie on the table, and a random
     * card is never one already dealt. */
    {
      GtkWidget *rows[3] = { find_named (options, "plan-row-1"), find_named (options, "plan-row-2"),
                             find_named (options, "plan-row-3") };
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (rows[0]));
      guint n_items = g_list_model_get_n_items (model);
      guint twos[2] = { G_MAXUINT, G_MAXUINT };

      g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (rows[0])), ==, n_items - 1);
      for (guint i = 0, k = 0; i + 1 < n_items && k < 2; i++)
        if (g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (model), i), "n°2"))
          twos[k++] = i;
      g_assert_cmpuint (twos[1], !=, G_MAXUINT);
      adw_combo_row_set_selected (ADW_COMBO_ROW (rows[0]), twos[0]);
      adw_combo_row_set_selected (ADW_COMBO_ROW (rows[1]), twos[1]);
      for (guint round = 0; round < 30; round++)
        {
          g_autoptr(JsonObject) again = rules->default_setup (1);
          JsonArray *plans;
          g_autofree char *a = NULL, *b = NULL, *c = NULL;

          g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), again, &error));
          plans = json_object_get_array_member (again, "plans");
          g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, 0),
                                                       "number"), ==, 2);
          g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, 1),
                                                       "number"), ==, 2);
          a = tk_rules_json_to_string (json_array_get_object_element (plans, 0));
          b = tk_rules_json_to_string (json_array_get_object_element (plans, 1));
          c = tk_rules_json_to_string (json_array_get_object_element (plans, 2));
          g_assert_cmpstr (a, !=, b);
          g_assert_cmpstr (c, !=, a);
          g_assert_cmpstr (c, !=, b);
          state = rules->state_new (again, &error);
          g_assert_no_error (error);
          rules->state_free (state);
        }
    }
    state = rules->state_new (setup, &error);
    g_assert_no_error (error);
    g_assert_nonnull (state);
    rules->state_free (state);
  }

  /* intermediate with an advanced plan n°1, three players and the draft */
  {
    g_autoptr(JsonObject) setup = rules->default_setup (3);
    GtkWidget *plan_row = find_named (options, "plan-row-1");
    GListModel *model;
    guint advanced = G_MAXUINT;
    JsonArray *plans;
    gpointer state;

    tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), 3);
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "variant-row")), 1);
    gtk_switch_set_active (GTK_SWITCH (find_named (options, "draft-switch")), TRUE);
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "temp-ranking-row")), 1);
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "bis-fence-row")), 1);
    g_assert_true (gtk_widget_get_visible (find_named (options, "plan-houses-row")));
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "plan-houses-row")), 1);
    model = adw_combo_row_get_model (ADW_COMBO_ROW (plan_row));
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        const char *item = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

        if (g_str_has_prefix (item, "Every house of street 3"))
          advanced = i;
      }
    g_assert_cmpuint (advanced, !=, G_MAXUINT);
    adw_combo_row_set_selected (ADW_COMBO_ROW (plan_row), advanced);
    /* n°3: "Random" is the last item */
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "plan-row-3")),
                                g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (find_named (options, "plan-row-3")))) - 1);
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
    g_assert_no_error (error);
    g_assert_false (json_object_get_boolean_member (setup, "solo"));
    g_assert_true (json_object_get_boolean_member (setup, "draft"));
    g_assert_cmpstr (json_object_get_string_member (setup, "variant"), ==, "intermediate");
    g_assert_cmpstr (json_object_get_string_member (setup, "temp_ranking"), ==, "competition");
    g_assert_cmpstr (json_object_get_string_member (setup, "bis_fence"), ==, "never");
    g_assert_cmpstr (json_object_get_string_member (setup, "plan_houses"), ==, "reference");
    plans = json_object_get_array_member (setup, "plans");
    g_assert_cmpuint (json_array_get_length (plans), ==, 3);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (plans, 0), "kind"),
                     ==, "street_full");
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, 0), "street"),
                     ==, 3);
    for (guint p = 0; p < 3; p++)
      g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (plans, p), "number"),
                       ==, p + 1);
    state = rules->state_new (setup, &error);
    g_assert_no_error (error);
    g_assert_nonnull (state);
    rules->state_free (state);

    /* in a phone-sized dialog the rows fit (long plan names ellipsize, not widen) */
    {
      GtkWindow *window = GTK_WINDOW (adw_window_new ());
      GtkWidget *page = adw_preferences_page_new ();
      int minimum = 0;

      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (options));
      gtk_window_set_default_size (window, 360, 720);
      adw_window_set_content (ADW_WINDOW (window), page);
      gtk_window_present (window);
      tk_test_settle ();
      gtk_widget_measure (options, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      g_assert_cmpint (minimum, <=, 360 - 24);
      save_shot (GTK_WIDGET (window), "options");
      adw_preferences_page_remove (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (options));
      gtk_window_destroy (window);
    }

    /* back to basic: the advanced cards are no longer offered, the setup stays valid */
    adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (options, "variant-row")), 0);
    g_assert_true (tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error));
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (setup, "plans"), 0), "kind"),
                     ==, "estates");
    state = rules->state_new (setup, &error);
    g_assert_no_error (error);
    rules->state_free (state);
  }
  g_object_unref (options);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* GTK's test accessibility backend (no bus needed), read when the first widget is made:
   * the houses' accessible names are checked */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_add ("/panel/welcome-to/shown", Fixture, NULL, fixture_set_up, test_panel_shown,
              fixture_tear_down);
  g_test_add ("/panel/welcome-to/turns", Fixture, NULL, fixture_set_up, test_panel_turns,
              fixture_tear_down);
  g_test_add ("/panel/welcome-to/narrow", Fixture, &narrow_config, fixture_set_up,
              test_panel_narrow, fixture_tear_down);
  g_test_add ("/panel/welcome-to/effects", Fixture, &intermediate_config, fixture_set_up,
              test_panel_effects, fixture_tear_down);
  g_test_add ("/panel/welcome-to/claim", Fixture, NULL, fixture_set_up, test_panel_claim,
              fixture_tear_down);
  g_test_add ("/panel/welcome-to/solo", Fixture, &solo_config, fixture_set_up, test_panel_solo,
              fixture_tear_down);
  g_test_add ("/panel/welcome-to/draft", Fixture, &draft_config, fixture_set_up, test_panel_draft,
              fixture_tear_down);
  g_test_add ("/panel/welcome-to/fixture", Fixture, NULL, fixture_set_up, test_panel_fixture,
              fixture_tear_down);
  g_test_add ("/panel/welcome-to/random-play", Fixture, NULL, fixture_set_up,
              test_panel_random_play, fixture_tear_down);
  g_test_add ("/panel/welcome-to/full-game", Fixture, NULL, fixture_set_up,
              test_panel_full_game, fixture_tear_down);
  g_test_add_func ("/panel/welcome-to/options", test_options);
  return tk_test_run ();
}
