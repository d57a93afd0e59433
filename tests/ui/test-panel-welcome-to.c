/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-welcome-to.c — the Welcome To... panel in a session view, driven as a player would:
 * shown in place of the score pad, turns tapped in (refusals, the next sheet, totals), the
 * effects' targets and a city plan claimed.  (Solo, the draft and whole games:
 * test-panel-welcome-to-games.c; 360 px and the setup options: test-panel-welcome-to-narrow.c.) */
#include "config.h"

#include <adwaita.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "tk-game-panel.h"
#include "tk-ledger-entry.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "panels/welcome-to/tk-welcome-to-panel.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"
#include "tk-test-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"

static const Config intermediate_config = { 0, 2, "intermediate", FALSE };

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
  /* Cancel backs out of the column, keeping the pick: nothing is written; the house again */
  click (panel, "cancel-effect");
  g_assert_false (gtk_widget_get_visible (find_named (panel, "skip-effect")));
  {
    g_autoptr(JsonObject) game = game_state (f->session);

    g_assert_null (house_of (sheet_of (game, 1), 2, 1));
  }
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

  /* Cancel closes the estates' list; Claim… opens it again */
  click (panel, "plan-claim-1");
  g_assert_true (gtk_widget_is_visible (find_named (panel, "estate-1-1-1")));
  click (panel, "claim-cancel");
  g_assert_false (gtk_widget_is_visible (find_named (panel, "estate-1-1-1")));
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

/* Turn @t of a two-player game (the seats take turns): a rising number along street 1 of the
 * sheet shown, the landscaper (no target), then the house. */
static void
write_turn (GtkWidget *panel,
            guint      t)
{
  g_autofree char *number = g_strdup_printf ("number-%u", t + 1);
  g_autofree char *house = g_strdup_printf ("house-1-%u", t / 2 + 1);

  click (panel, number);
  click (panel, "effect-landscaper");
  click (panel, house);
}

/* A tap patches what it changes: the session view's latest ledger lines are kept (the oldest
 * moves to the end and takes the new action), not made again on every change. */
static void
test_panel_patched (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_WELCOME_TO_PANEL);
  GtkWidget *latest = find_named (f->view, "ledger-latest");
  GListModel *ledger = tk_session_get_ledger (f->session);
  g_autoptr(TkLedgerEntry) newest = NULL;
  GtkWidget *lines[3] = { NULL };
  GtkWidget *oldest, *child;
  guint n = 0;

  for (guint t = 0; t < 4; t++)
    write_turn (panel, t);
  g_assert_cmpuint (g_list_model_get_n_items (ledger), ==, 4);
  /* the empty ledger's label, then the three latest lines */
  for (child = gtk_widget_get_next_sibling (gtk_widget_get_first_child (latest));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      g_assert_cmpuint (n, <, G_N_ELEMENTS (lines));
      lines[n] = child;
      g_object_add_weak_pointer (G_OBJECT (child), (gpointer *) &lines[n]);
      n++;
    }
  g_assert_cmpuint (n, ==, 3);
  oldest = lines[0];

  write_turn (panel, 4);
  g_assert_cmpuint (g_list_model_get_n_items (ledger), ==, 5);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_assert_nonnull (lines[i]);
      g_assert_true (gtk_widget_get_parent (lines[i]) == latest);
      g_object_remove_weak_pointer (G_OBJECT (lines[i]), (gpointer *) &lines[i]);
    }
  /* the oldest line now shows the newest action, at the end */
  newest = g_list_model_get_item (ledger, 4);
  g_assert_true (gtk_widget_get_last_child (latest) == oldest);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (oldest))), ==,
                   tk_ledger_entry_get_text (newest));
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
  g_test_add ("/panel/welcome-to/patched", Fixture, NULL, fixture_set_up, test_panel_patched,
              fixture_tear_down);
  g_test_add ("/panel/welcome-to/effects", Fixture, &intermediate_config, fixture_set_up,
              test_panel_effects, fixture_tear_down);
  g_test_add ("/panel/welcome-to/claim", Fixture, NULL, fixture_set_up, test_panel_claim,
              fixture_tear_down);
  return tk_test_run ();
}
