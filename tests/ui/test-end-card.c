/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-end-card.c — the end of a game, the same card for every engine and the score pad.
 *
 * Each engine's session fixture is opened (as an open session) in a window of 360 and of
 * 1280 px: a game its engine considers over shows the end card (the winner as the engine
 * has it, one row per player in rank order with the engine's totals, the tie-break), and the
 * card's own Finish button writes the play; a game not over shows no card, and Finish asks
 * first (and Agora's and Welcome To's own totals are not repeated above them).  The score
 * pad's co-operative result, chosen with its toggle, ends the game too, and the end is heard
 * (set as the focused toggle's accessible description).
 * The same binary runs in Japanese (the "end-card-ja" test) with the build's translations.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory.
 */
#define G_LOG_DOMAIN "test-end-card"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "panels/tk-end-card.h"
#include "tk-ledger-entry.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "tk-rules-json.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"

typedef struct
{
  const char *fixture;   /* tests/fixtures/<fixture>.json; an engine id: a new game of it;
                          * NULL: a co-op score pad */
  int         width;
} Case;

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static GtkWidget *
find (GtkWidget  *root,
      const char *name)
{
  GtkWidget *widget = tk_test_find_widget (root, is_named, name);

  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

static void
press (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  tk_test_settle ();
}

/* The message dialog shown, named @name or (NULL) any other. */
static AdwMessageDialog *
dialog_named (const char *name)
{
  AdwMessageDialog *dialog = (AdwMessageDialog *) tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  if (dialog == NULL)
    return NULL;
  if (name != NULL ? g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), name) != 0
                   : g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (dialog)), "finish-not-over") == 0)
    return NULL;
  return dialog;
}

/* The fixture as an open session (a finished one is opened again, its actions the same). */
static TkSession *
import_open (TkStore    *store,
             const char *fixture)
{
  g_autofree char *path = g_strdup_printf ("%s/fixtures/%s.json", g_getenv ("TK_TEST_SRCDIR"),
                                           fixture);
  g_autofree char *text = NULL;
  g_autofree char *open = NULL;
  g_autoptr(JsonObject) file = NULL;
  g_autoptr(GError) error = NULL;
  TkSession *session;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  file = tk_rules_json_parse_object (text, -1, &error);
  g_assert_no_error (error);
  json_object_set_string_member (file, "status", "open");
  open = tk_rules_json_to_string (file);
  session = tk_session_import (store, open, -1, &error);
  g_assert_no_error (error);
  return session;
}

static TkSession *
coop_pad (TkStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup =
    tk_rules_json_parse_object ("{\"win\":\"coop\",\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}]}",
                                -1, &error);
  TkSession *session;

  g_assert_no_error (error);
  session = tk_session_start (store, "generic-score-pad", 0, "Pandemic", setup, &error);
  g_assert_no_error (error);
  return session;
}

/* What the card's title must say, from the engine's score alone. */
static char *
expected_title (JsonObject *score)
{
  JsonArray *players = json_object_get_array_member (score, "players");
  const char *coop = json_object_get_string_member_with_default (score, "coop", NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  if (g_strcmp0 (coop, "won") == 0)
    return g_strdup (_("Won together"));
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      if (json_object_get_boolean_member_with_default (p, "winner", FALSE))
        g_ptr_array_add (names, (gpointer) json_object_get_string_member (p, "name"));
    }
  g_assert_cmpuint (names->len, ==, 1);   /* every fixture has one winner */
  return g_strdup_printf (_("%s wins"), (const char *) names->pdata[0]);
}

/* The card's rows are the players in the engine's rank order, with its totals. */
static void
assert_rows (GtkWidget  *card,
             JsonObject *score)
{
  JsonArray *players = json_object_get_array_member (score, "players");
  GtkWidget *row = gtk_widget_get_first_child (find (card, "end-card-players"));
  gint64 last_rank = 0;
  guint n = 0;

  for (; row != NULL; row = gtk_widget_get_next_sibling (row), n++)
    {
      const char *name = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
      JsonObject *player = NULL;
      g_autofree char *total = NULL;
      gint64 rank;

      for (guint i = 0; i < json_array_get_length (players); i++)
        if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (players, i),
                                                      "name"), name) == 0)
          player = json_array_get_object_element (players, i);
      g_assert_nonnull (player);
      rank = json_object_get_int_member (player, "rank");
      g_assert_cmpint (rank, >=, last_rank);
      last_rank = rank;
      total = g_strdup_printf ("%" G_GINT64_FORMAT,
                               (gint64) json_object_get_double_member (player, "total"));
      g_assert_nonnull (tk_test_find_label (row, total));
    }
  g_assert_cmpuint (n, ==, json_array_get_length (players));
}

/* A widget below the view with a "session" property of its own: the game's panel. */
static gboolean
holds_session (GtkWidget     *widget,
               gconstpointer  data)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "session");

  return widget != data && pspec != NULL && pspec->value_type == TK_TYPE_SESSION;
}

/* The end is heard: "The game is over: <the card's banner>" as the focused widget's
 * description, with the toast of the action that ended it (tk_accessible_announce()). */
static void
assert_end_heard (GtkWidget *window,
                  GtkWidget *card,
                  TkSession *session)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_autoptr(TkLedgerEntry) entry = g_list_model_get_item (tk_session_get_ledger (session),
                                                          tk_session_get_n_active (session) - 1);
  g_autofree char *over = g_strdup_printf (_("The game is over: %s"),
                                           gtk_label_get_text (GTK_LABEL (find (card, "end-card-title"))));
  const char *toast = tk_ledger_entry_get_text (entry);
  /* a text the other holds is said once (in Japanese the banner is the toast's words) */
  g_autofree char *expected = strstr (over, toast) != NULL ? g_strdup (over)
                              : g_strdup_printf ("%s\n%s", over, toast);

  g_assert_nonnull (focus);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
}

static void
test_end (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkSession) session = NULL;
  g_autoptr(JsonObject) score = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  GtkWidget *window, *view, *card;
  AdwMessageDialog *dialog;
  gboolean over, known;
  int min_width;

  g_assert_no_error (error);
  tk_games_register_all ();
  if (c->fixture != NULL && !g_str_has_suffix (c->fixture, "-session"))
    {
      g_autoptr(JsonObject) setup = tk_rules_lookup (c->fixture)->default_setup (2);

      session = tk_session_start (store, c->fixture, 0, c->fixture, setup, &error);
      g_assert_no_error (error);
    }
  else
    session = c->fixture != NULL ? import_open (store, c->fixture) : coop_pad (store);
  view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (view), session);
  window = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), c->width, 720);
  adw_window_set_content (ADW_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_widget_get_mapped (view));
  tk_test_settle ();
  card = find (view, "end-card");

  /* every engine's panel hands back the session it was made with (the score pad has none) */
  {
    GtkWidget *panel = tk_test_find_widget (view, holds_session, view);

    if (c->fixture == NULL)
      g_assert_null (panel);
    else
      {
        g_autoptr(TkSession) held = NULL;

        g_assert_nonnull (panel);
        g_object_get (panel, "session", &held, NULL);
        g_assert_true (held == session);
      }
  }

  if (c->fixture == NULL)
    {
      /* the score pad: no end before the players say how it went; "Won" ends it */
      g_assert_false (gtk_widget_is_visible (card));
      g_assert_true (gtk_widget_grab_focus (find (view, "coop-won")));
      press (find (view, "coop-won"));
      assert_end_heard (window, card, session);
    }
  score = tk_session_score (session);
  over = tk_end_card_score_is_over (score, &known);
  g_test_message ("%s: over %d (known %d)", c->fixture ? c->fixture : "co-op pad", over, known);

  if (over)
    {
      g_autofree char *title = expected_title (score);

      g_assert_true (c->fixture == NULL || g_str_has_suffix (c->fixture, "-session"));

      g_assert_true (gtk_widget_is_visible (card));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find (card, "end-card-title"))), ==, title);
      /* the running totals step aside: each figure once */
      g_assert_false (gtk_widget_is_visible (tk_test_find_widget (view, is_named,
                                                                  "players-strip")));
      assert_rows (card, score);
      {
        g_autofree char *name = g_strdup_printf ("end-card-%s-%s-%d",
                                                 c->fixture ? c->fixture : "coop",
                                                 g_str_has_prefix (_("Game Over"), "Game") ? "en" : "ja",
                                                 c->width);
        tk_test_save_shot (window, name);
      }
      /* the day and place are picked on the card (a calendar, not typed), and Finish
       * writes the play without asking again */
      {
        GtkWidget *calendar = find (card, "date-row-calendar");
        g_autoptr(GDateTime) day = g_date_time_new_local (2026, 11, 20, 12, 0, 0);

        gtk_calendar_select_day (GTK_CALENDAR (calendar), day);
        g_signal_emit_by_name (calendar, "day-selected");
        gtk_editable_set_text (GTK_EDITABLE (find (card, "end-card-location")), "Ana’s kitchen");
        tk_test_settle ();
      }
      press (find (card, "end-card-finish"));
      g_assert_null (dialog_named (NULL));
    }
  else
    {
      g_assert_false (g_str_has_suffix (c->fixture, "-session"));   /* a new game is not over */
      g_assert_false (gtk_widget_is_visible (card));
      /* each figure once: Agora's money cards and Welcome To's player toggle carry the
       * totals, the strip of totals above them does not repeat them; Metropolis keeps it */
      g_assert_cmpint (gtk_widget_is_visible (find (view, "players-strip")), ==,
                       g_str_equal (c->fixture, "metropolis"));
      g_assert_true (known);
      /* Finish on a game not over asks first; Cancel changes nothing */
      press (find (view, "session-finish"));
      WAIT_FOR ((dialog = dialog_named ("finish-not-over")) != NULL);
      adw_message_dialog_response (dialog, "cancel");
      tk_test_settle ();
      g_assert_null (dialog_named (NULL));
      g_assert_cmpstr (tk_session_get_status (session), ==, "open");
      press (find (view, "session-finish"));
      WAIT_FOR ((dialog = dialog_named ("finish-not-over")) != NULL);
      adw_message_dialog_response (dialog, "finish");
      WAIT_FOR ((dialog = dialog_named (NULL)) != NULL);
      adw_message_dialog_response (dialog, "finish");
    }
  WAIT_FOR (g_strcmp0 (tk_session_get_status (session), "finished") == 0);
  plays = tk_plays_query (store, 0, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plays->len, ==, 1);
  if (over)
    {
      g_assert_cmpstr (tk_play_get_played_on (plays->pdata[0]), ==, "2026-11-20");
      g_assert_cmpstr (tk_play_get_location (plays->pdata[0]), ==, "Ana’s kitchen");
    }
  tk_test_settle ();
  if (over)
    g_assert_false (gtk_widget_is_visible (find (card, "end-card-finish")));

  /* the card never forces the window past a phone's width (the view's margins are 12 px) */
  gtk_widget_measure (card, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 360 - 24);

  g_object_ref (view);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (view);
}

/* City Plan's tie-break named with its counts: equal totals, then buildings, then cards in
 * hand (the engine's order; the card reads the counts the score carries). */
static void
test_city_plan_tie_break (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) score = tk_rules_json_parse_object (
    "{\"finished\": true, \"tie_break\": \"buildings_hand\", \"players\": ["
    " {\"seat\": 0, \"name\": \"Ana\", \"total\": 35, \"rank\": 1, \"winner\": true,"
    "  \"buildings\": 10, \"hand\": 10, \"breakdown\": []},"
    " {\"seat\": 1, \"name\": \"Ben\", \"total\": 35, \"rank\": 2, \"winner\": false,"
    "  \"buildings\": 10, \"hand\": 9, \"breakdown\": []},"
    " {\"seat\": 2, \"name\": \"Cho\", \"total\": 35, \"rank\": 3, \"winner\": false,"
    "  \"buildings\": 9, \"hand\": 12, \"breakdown\": []}]}", -1, &error);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *card = tk_end_card_new ();
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *expected = NULL;

  g_assert_no_error (error);
  gtk_window_set_child (GTK_WINDOW (window), card);
  tk_end_card_set_score (TK_END_CARD (card), score);
  gtk_window_present (GTK_WINDOW (window));
  tk_test_settle ();

  first = g_strdup_printf (ngettext ("%s is placed ahead of %s on %s: %" PRId64 " building each; "
                                     "more cards in hand, %" PRId64 " to %" PRId64 ".",
                                     "%s is placed ahead of %s on %s: %" PRId64 " buildings each; "
                                     "more cards in hand, %" PRId64 " to %" PRId64 ".", 10),
                           "Ana", "Ben", "35", (gint64) 10, (gint64) 10, (gint64) 9);
  second = g_strdup_printf (_("%s is placed ahead of %s on %s: more buildings, %" PRId64
                              " to %" PRId64 "."), "Ben", "Cho", "35", (gint64) 10, (gint64) 9);
  expected = g_strconcat (first, " ", second, NULL);
  if (g_getenv ("LANGUAGE") == NULL || !g_str_equal (g_getenv ("LANGUAGE"), "ja"))
    g_assert_cmpstr (expected, ==, "Ana is placed ahead of Ben on 35: 10 buildings each; more "
                                   "cards in hand, 10 to 9. Ben is placed ahead of Cho on 35: "
                                   "more buildings, 10 to 9.");
  g_assert_nonnull (tk_test_find_label (card, expected));
  g_object_ref (card);
  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_assert_finalize_object (card);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const fixtures[] = {
    "agora-session", "city-plan-session", "metromania-session", "metropolis-session",
    "welcome-to-session", "agora", "welcome-to", "metropolis", NULL,
  };
  static const int widths[] = { 360, 1280 };

  tk_test_init (&argc, &argv);
  /* GTK's test accessibility backend, read when the first widget is made: the end's
   * announcement is checked */
  g_setenv ("GTK_A11Y", "test", TRUE);

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
      {
        Case *c = g_new0 (Case, 1);
        g_autofree char *path = g_strdup_printf ("/end-card/%s/%d",
                                                 fixtures[f] != NULL ? fixtures[f] : "coop-pad",
                                                 widths[w]);

        c->fixture = fixtures[f];
        c->width = widths[w];
        g_test_add_data_func_full (path, c, test_end, g_free);
      }
  g_test_add_func ("/end-card/city-plan-tie-break", test_city_plan_tie_break);
  return tk_test_run ();
}
