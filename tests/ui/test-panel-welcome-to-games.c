/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-panel-welcome-to-games.c — the Welcome To... panel over whole games: solo, the draft, the
 * fixture game shown, a full game and random legal play tapped in as players would. */
#include "config.h"

#include <adwaita.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "tk-game-panel.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "panels/welcome-to/tk-welcome-to-panel.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"
#include "tk-test-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"

static const Config solo_config = { 0, 1, NULL, FALSE };
static const Config draft_config = { 0, 2, NULL, TRUE };

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

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  /* GTK's test accessibility backend (no bus needed), read when the first widget is made:
   * the houses' accessible names are checked */
  g_setenv ("GTK_A11Y", "test", TRUE);
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
  return tk_test_run ();
}
