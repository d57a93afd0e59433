/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-welcome-to-model.c — TkWelcomeToModel without a display: a pick and a house tap
 * become one turn, one ::changed and one score per change, the next sheet to play shown
 * after a turn; the dimming questions asked of the session (tk_session_check) save nothing;
 * the surveyor waits for its fence, a refused number leaves the session as it was. */
#include "config.h"

#include "tk-store.h"
#include "tk-test-store.h"
#include "tk-welcome-to-model.h"
#include "welcome-to/tk-welcome-to-rules.h"

typedef struct
{
  char             *dir;
  TkStore          *store;
  TkSession        *session;
  TkWelcomeToModel *model;
  guint             n_changed;
  guint             n_session_changed;
} Fixture;

static void
count (gpointer  instance,
       guint    *counter)
{
  (*counter)++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = NULL;
  const TkRules *rules;

  f->store = tk_test_library_new ("tk-welcome-to-model-XXXXXX", &f->dir);
  tk_games_register_all ();
  rules = tk_rules_lookup ("welcome-to");
  setup = rules->default_setup (2);
  f->session = tk_session_start (f->store, rules->id, 0, "Welcome To...", setup, &error);
  g_assert_no_error (error);
  f->model = tk_welcome_to_model_new (f->session);
  g_signal_connect (f->model, "changed", G_CALLBACK (count), &f->n_changed);
  g_signal_connect (f->session, "changed", G_CALLBACK (count), &f->n_session_changed);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_assert_finalize_object (f->model);
  g_clear_object (&f->session);
  tk_test_library_close (&f->store, &f->dir);
}

/* House @h of street @s (0-based) of @seat's sheet in the session itself. */
static JsonObject *
session_house (Fixture *f,
               guint    seat,
               guint    s,
               guint    h)
{
  g_autoptr(JsonObject) root = tk_session_to_json (f->session);
  JsonObject *game = json_object_get_object_member (root, "game");
  JsonArray *players = json_object_get_array_member (game, "players");
  JsonObject *sheet = json_object_get_object_member (json_array_get_object_element (players, seat),
                                                     "sheet");
  JsonObject *house = tk_welcome_to_sheet_house (sheet, s, h);

  return house != NULL ? json_object_ref (house) : NULL;
}

static char *
state_text (Fixture *f)
{
  g_autoptr(JsonObject) root = tk_session_to_json (f->session);

  return tk_rules_json_to_string (root);
}

static void
test_setup (Fixture       *f,
            gconstpointer  data)
{
  g_assert_cmpuint (tk_welcome_to_model_get_n_players (f->model), ==, 2);
  g_assert_false (tk_welcome_to_model_get_facts (f->model)->solo);
  g_assert_cmpuint (tk_welcome_to_model_get_n_houses (f->model, 0), ==, 10);
  g_assert_cmpuint (tk_welcome_to_model_get_n_houses (f->model, 1), ==, 11);
  g_assert_cmpuint (tk_welcome_to_model_get_n_houses (f->model, 2), ==, 12);
  g_assert_cmpint (tk_welcome_to_model_get_facts (f->model)->highest_card, ==, 15);
  /* the basic game's plans name their estates; there is no fourth plan */
  g_assert_true (tk_welcome_to_model_plan_names_estates (f->model, 0));
  g_assert_false (tk_welcome_to_model_plan_names_estates (f->model, 3));
  g_assert_cmpuint (tk_welcome_to_model_get_seat (f->model), ==, 0);
  g_assert_cmpint (tk_welcome_to_model_peek_pick (f->model)->stage, ==, TK_WELCOME_TO_STAGE_CHOOSE);
  g_assert_nonnull (tk_welcome_to_model_get_sheet (f->model));
  g_assert_cmpstr (tk_welcome_to_effect_id (TK_WELCOME_TO_BIS), ==, "bis");
  g_assert_cmpint (tk_welcome_to_effect_from_id ("pool"), ==, TK_WELCOME_TO_POOL);
}

/* A number and an effect picked, then a house tapped: one turn in the session, one
 * ::changed of the model for it (the pick itself changes only the model), one score; the
 * next sheet to play is shown and the pick is forgotten. */
static void
test_write_number (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(JsonObject) house = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint number = 0, effect = -1;
  guint scored, changed;

  /* nothing picked: a hint, nothing applied */
  g_assert_nonnull (tk_welcome_to_model_tap_house (f->model, 0, 4));
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 0);

  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 7);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_LANDSCAPER);
  g_assert_cmpuint (f->n_changed, ==, 2);
  g_assert_true (tk_welcome_to_model_get_pick (f->model, &number, &effect));
  g_assert_cmpint (number, ==, 7);
  g_assert_cmpint (effect, ==, TK_WELCOME_TO_LANDSCAPER);

  /* the dimming asks the session and changes nothing */
  before = state_text (f);
  for (guint h = 0; h < 10; h++)
    g_assert_true (tk_welcome_to_model_house_takes_pick (f->model, 0, h));
  after = state_text (f);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (f->n_session_changed, ==, 0);
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 0);

  scored = tk_session_get_n_scored (f->session);
  changed = f->n_changed;
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 0, 4));
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 1);
  g_assert_cmpuint (f->n_session_changed, ==, 1);
  g_assert_cmpuint (f->n_changed, ==, changed + 1);
  /* the model read the score once; asked again, the session keeps it */
  g_assert_cmpuint (tk_session_get_n_scored (f->session), ==, scored + 1);
  {
    g_autoptr(JsonObject) score = tk_session_score (f->session);
  }
  g_assert_cmpuint (tk_session_get_n_scored (f->session), ==, scored + 1);

  house = session_house (f, 0, 0, 4);
  g_assert_nonnull (house);
  g_assert_cmpint (json_object_get_int_member (house, "number"), ==, 7);
  g_assert_true (tk_welcome_to_model_acted (f->model, 0));
  /* seat 0 has played: Ben's sheet, nothing picked */
  g_assert_cmpuint (tk_welcome_to_model_get_seat (f->model), ==, 1);
  g_assert_false (tk_welcome_to_model_get_pick (f->model, &number, &effect));
  g_assert_cmpint (tk_welcome_to_model_peek_pick (f->model)->manual_number, ==, 0);
  g_assert_cmpint (tk_welcome_to_breakdown_points (tk_welcome_to_model_get_score_player (f->model, 0),
                                                   "parks", NULL), >=, 0);

  /* undo leaves the sheet shown where it is */
  g_assert_true (tk_session_undo (f->session, NULL));
  g_assert_cmpuint (tk_welcome_to_model_get_seat (f->model), ==, 1);
  g_assert_false (tk_welcome_to_model_acted (f->model, 0));
}

/* A sheet that has played waits for the others; once every sheet has played the round is
 * done and none waits. */
static void
test_waiting (Fixture       *f,
              gconstpointer  data)
{
  g_assert_false (tk_welcome_to_model_waiting (f->model, 0));
  g_assert_false (tk_welcome_to_model_waiting (f->model, 1));

  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 7);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_LANDSCAPER);
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 0, 4));
  g_assert_true (tk_welcome_to_model_waiting (f->model, 0));
  g_assert_false (tk_welcome_to_model_waiting (f->model, 1));

  /* Ben's sheet is shown now: his turn ends the round */
  g_assert_cmpuint (tk_welcome_to_model_get_seat (f->model), ==, 1);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 5);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_LANDSCAPER);
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 0, 2));
  g_assert_true (tk_welcome_to_model_round_done (f->model));
  /* the total the player cards and the lower sheet show is the score's */
  g_assert_cmpint (tk_welcome_to_model_get_total (f->model, 1), ==,
                   json_object_get_int_member (tk_welcome_to_model_get_score_player (f->model, 1),
                                               "total"));
  g_assert_cmpint (tk_welcome_to_model_get_total (f->model, 9), ==, 0);
  g_assert_false (tk_welcome_to_model_waiting (f->model, 0));
  g_assert_false (tk_welcome_to_model_waiting (f->model, 1));
}

/* The surveyor: the house is held until its fence is tapped (nothing applied before); the
 * fence slots the engine would refuse are known without applying. */
static void
test_surveyor (Fixture       *f,
               gconstpointer  data)
{
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 3);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_SURVEYOR);
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 0, 2));
  g_assert_cmpint (tk_welcome_to_model_peek_pick (f->model)->stage, ==, TK_WELCOME_TO_STAGE_EFFECT);
  g_assert_cmpint (tk_welcome_to_model_peek_pick (f->model)->pend_street, ==, 0);
  g_assert_cmpint (tk_welcome_to_model_peek_pick (f->model)->pend_house, ==, 2);
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 0);
  g_assert_true (tk_welcome_to_model_target_ok (f->model, TK_WELCOME_TO_SURVEYOR, 0, 2));
  /* a column is the real estate agent's */
  g_assert_nonnull (tk_welcome_to_model_tap_target (f->model, TK_WELCOME_TO_REAL_ESTATE, 0, 1));
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 0);

  /* Escape: back to picking, the pick kept */
  g_assert_true (tk_welcome_to_model_cancel_stage (f->model));
  g_assert_false (tk_welcome_to_model_cancel_stage (f->model));
  g_assert_cmpint (tk_welcome_to_model_peek_pick (f->model)->manual_number, ==, 3);

  g_assert_null (tk_welcome_to_model_tap_house (f->model, 0, 2));
  g_assert_null (tk_welcome_to_model_tap_target (f->model, TK_WELCOME_TO_SURVEYOR, 0, 2));
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 1);
  {
    g_autoptr(JsonObject) root = tk_session_to_json (f->session);
    JsonObject *game = json_object_get_object_member (root, "game");
    JsonObject *sheet = json_object_get_object_member (
      json_array_get_object_element (json_object_get_array_member (game, "players"), 0), "sheet");

    g_assert_true (tk_welcome_to_sheet_has_fence (sheet, 0, 2));
  }
}

/* A number that breaks the rising rule: the house is dimmed, and a tap on it is refused by
 * the session, which stays as it was. */
static void
test_refused (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 9);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_POOL);
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 0, 4));
  /* Ben's turn, then Ana's again in round 2 */
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 2);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_POOL);
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 1, 0));
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 2);
  tk_welcome_to_model_select_seat (f->model, 0);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 4);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_POOL);
  g_assert_true (tk_welcome_to_model_house_takes_pick (f->model, 0, 3));
  g_assert_false (tk_welcome_to_model_house_takes_pick (f->model, 0, 5));   /* 4 after 9 */
  g_assert_false (tk_welcome_to_model_house_takes_pick (f->model, 0, 4));   /* written */

  before = state_text (f);
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 0, 5));
  after = state_text (f);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 2);
  /* the pick stays for another try */
  g_assert_cmpint (tk_welcome_to_model_peek_pick (f->model)->manual_number, ==, 4);
}

/* The shown sheet exported as the engine's document, and imported into the other seat. */
static void
test_exchange (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(JsonObject) house = NULL;

  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_NUMBER, 5);
  tk_welcome_to_model_pick (f->model, TK_WELCOME_TO_CHOICE_EFFECT, TK_WELCOME_TO_LANDSCAPER);
  g_assert_null (tk_welcome_to_model_tap_house (f->model, 2, 0));
  tk_welcome_to_model_select_seat (f->model, 0);
  document = tk_welcome_to_model_export_sheet (f->model);
  g_assert_cmpstr (json_object_get_string_member (document, "format"), ==,
                   TK_WELCOME_TO_SHEET_FORMAT);
  tk_welcome_to_model_select_seat (f->model, 1);
  g_assert_true (tk_welcome_to_model_import_sheet (f->model, document));
  house = session_house (f, 1, 2, 0);
  g_assert_nonnull (house);
  g_assert_cmpint (json_object_get_int_member (house, "number"), ==, 5);
  /* an import is not a turn: the sheet shown stays */
  g_assert_cmpuint (tk_welcome_to_model_get_seat (f->model), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/welcome-to-model/setup", test_setup);
  ADD ("/welcome-to-model/write-number", test_write_number);
  ADD ("/welcome-to-model/waiting", test_waiting);
  ADD ("/welcome-to-model/surveyor", test_surveyor);
  ADD ("/welcome-to-model/refused", test_refused);
  ADD ("/welcome-to-model/exchange", test_exchange);
#undef ADD

  return g_test_run ();
}
