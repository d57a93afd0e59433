/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metromania-model.c — TkMetromaniaModel without a display: the hand-scored four-player
 * game of tests/fixtures/metromania-full-game.json applied through the model, one ::changed
 * per action; what it reads (whose turn, dealt, the board, lines and stations, over at the
 * end); and its check of a turn being entered on the session's own state — each of the
 * fixture's digs taken before it is applied, a dig out of turn or over another's tunnel
 * refused, and nothing changed by either, undo included; and the choices the board's taps are
 * made with (tool, line, marker to place, space kind), notified once per change and kept
 * across the session's changes, the marker only while the same player is to move and holds it;
 * and the tunnels a trip's fastest routes ride, as the engine says. */
#include "config.h"

#include "tk-metromania-model.h"
#include "tk-store.h"
#include "tk-test-session.h"
#include "tk-test-store.h"

typedef struct
{
  char              *dir;
  TkStore           *store;
  TkSession         *session;
  TkMetromaniaModel *model;
  JsonArray         *actions;      /* the fixture's, in order */
  guint              n_changed;
} Fixture;

/* Whether the engine would take @action (a "dig" being entered) on the model's state now;
 * nothing changes. */
static gboolean
check (TkMetromaniaModel  *model,
       JsonObject         *action,
       GError            **error)
{
  return tk_metromania_rules_check_draft (tk_metromania_model_peek_state (model), action, NULL,
                                          error);
}

static void
count_changed (TkMetromaniaModel *model,
               Fixture           *f)
{
  f->n_changed++;
}

static void
count_turn (guint *notified)
{
  (*notified)++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->store = tk_test_library_new ("tk-metromania-model-XXXXXX", &f->dir);
  f->session = tk_test_session_from_fixture (f->store, "metromania", "Metromania",
                                             "metromania-full-game.json", &f->actions);
  f->model = tk_metromania_model_new (f->session);
  g_signal_connect (f->model, "changed", G_CALLBACK (count_changed), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_assert_finalize_object (f->model);
  g_clear_object (&f->session);
  json_array_unref (f->actions);
  tk_test_library_close (&f->store, &f->dir);
}

static JsonObject *
action_copy (Fixture *f,
             guint    i)
{
  g_autofree char *text = tk_rules_json_to_string (json_array_get_object_element (f->actions, i));

  return tk_rules_json_parse_object (text, -1, NULL);
}

static char *
state_text (Fixture *f)
{
  g_autoptr(JsonObject) all = tk_session_to_json (f->session);

  return tk_rules_json_to_string (all);
}

/* Checks the fixture's action @i (a dig: checked first, which changes nothing), then applies
 * it through the model: one ::changed. */
static void
check_and_apply (Fixture *f,
                 guint    i)
{
  g_autoptr(JsonObject) action = action_copy (f, i);
  guint before = f->n_changed;

  if (g_str_equal (json_object_get_string_member (action, "type"), "dig"))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *was = state_text (f);
      g_autofree char *now = NULL;

      if (!check (f->model, action, &error))
        g_error ("dig %u refused by the check: %s", i + 1, error->message);
      now = state_text (f);
      g_assert_cmpstr (now, ==, was);
      g_assert_cmpuint (f->n_changed, ==, before);
    }
  g_assert_true (tk_panel_model_apply (TK_PANEL_MODEL (f->model), action));
  g_assert_cmpuint (f->n_changed, ==, before + 1);
}

/* Where line @style of @seat stands, as the engine says of the model's state. */
#define line_state(f, seat, style) \
  tk_metromania_rules_line_state (tk_metromania_model_peek_state ((f)->model), seat, style)

static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  g_assert_cmpuint (f->n_changed, ==, 0);
  g_assert_cmpuint (tk_metromania_model_get_n_players (f->model), ==, 4);
  g_assert_cmpuint (tk_metromania_model_get_turn_seat (f->model), ==, 0);
  g_assert_true (tk_metromania_model_is_dealt (f->model));
  g_assert_true (tk_metromania_model_has_board (f->model));
  g_assert_false (tk_metromania_model_is_entry (f->model));
  g_assert_false (tk_metromania_model_is_over (f->model));
  g_assert_true (tk_metromania_model_nobody_started (f->model));
  g_assert_cmpint (line_state (f, 0, 0), ==, TK_METRO_LINE_UNSTARTED);
  {
    g_autoptr(GArray) markers = tk_metromania_rules_markers (tk_metromania_model_peek_state (f->model));

    g_assert_cmpuint (markers->len, ==, 12);
  }
  g_assert_nonnull (tk_metromania_model_get_score (f->model));

  check_and_apply (f, 0);
  g_assert_false (tk_metromania_model_nobody_started (f->model));
  g_assert_cmpuint (tk_metromania_model_get_turn_seat (f->model), ==, 1);
  g_assert_cmpint (line_state (f, 0, 0), ==, TK_METRO_LINE_RUNNING);
  g_assert_cmpuint (tk_metromania_rules_line_path (tk_metromania_model_peek_state (f->model), 0,
                                                   0)->len, ==, 4);
  g_assert_cmpint (line_state (f, 1, 0), ==, TK_METRO_LINE_UNSTARTED);

  for (guint i = 1; i < json_array_get_length (f->actions); i++)
    check_and_apply (f, i);
  g_assert_true (tk_metromania_model_is_over (f->model));
  {
    g_autofree char *name = tk_metromania_model_new_station_name (f->model);

    /* the stations S1 … S13 stand on the board: the next one is S14 */
    g_assert_cmpstr (name, ==, "S14");
  }
  g_assert_true (json_object_get_boolean_member (tk_metromania_model_get_score (f->model),
                                                 "over"));

  /* the tunnels the fastest routes ride, as the engine's score times them: trip B is Ben's
   * plain line S4 → S13 (4 tunnels), trip D two routes of 3 + 3 tunnels each; trip A fails */
  {
    g_autoptr(GArray) a = tk_metromania_rules_trip_tunnels (tk_metromania_model_peek_state (f->model), 0);
    g_autoptr(GArray) b = tk_metromania_rules_trip_tunnels (tk_metromania_model_peek_state (f->model), 1);
    g_autoptr(GArray) d = tk_metromania_rules_trip_tunnels (tk_metromania_model_peek_state (f->model), 3);

    g_assert_cmpuint (a->len, ==, 0);
    g_assert_cmpuint (b->len, ==, 4);
    g_assert_cmpuint (d->len, ==, 12);
    for (guint i = 0; i < b->len; i++)
      {
        TkMetromaniaSegment *tunnel = &g_array_index (b, TkMetromaniaSegment, i);

        g_assert_cmpuint (tunnel->seat, ==, 1);
        g_assert_cmpuint (tunnel->style, ==, 0);
        g_assert_cmpint (tk_metro_heading (tunnel->from, tunnel->to), >=, 0);
      }
  }
}

/* The check reads the session's state as it is now: a dig out of turn, or along a tunnel
 * already dug, is refused and changes nothing; after an undo the undone dig is taken again. */
static void
test_check (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(JsonObject) again = NULL;
  g_autoptr(JsonObject) ben = action_copy (f, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;

  /* Ben's first dig, on Ana's turn */
  before = state_text (f);
  g_assert_false (check (f->model, ben, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  now = state_text (f);
  g_assert_cmpstr (now, ==, before);

  check_and_apply (f, 0);
  /* Ana's dig again, now on Ben's turn and over her own tunnels */
  again = action_copy (f, 0);
  g_assert_false (check (f->model, again, &error));
  g_clear_error (&error);
  g_assert_true (check (f->model, ben, NULL));

  /* undone: the model re-reads (one ::changed), and Ana's dig is hers to make again */
  g_assert_true (tk_session_undo (f->session, NULL));
  g_assert_cmpuint (f->n_changed, ==, 2);
  g_assert_true (tk_metromania_model_nobody_started (f->model));
  g_assert_true (check (f->model, again, NULL));
}

/* The turn being entered: taken only for the seat whose turn it is, notified, forgotten when
 * the game moves on to another seat; an empty turn is never committed. */
static void
test_turn (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  guint notified = 0;

  g_signal_connect_swapped (f->model, "notify::turn", G_CALLBACK (g_nullify_pointer), NULL);
  g_assert_null (tk_metromania_model_get_turn (f->model));
  /* Ben's turn on Ana's move: refused, nothing kept */
  g_assert_false (tk_metromania_model_try_turn (f->model, tk_metromania_turn_new (1), &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (tk_metromania_model_get_turn (f->model));
  /* Ana's first tunnel (the fixture's first): kept and notified; taken back, there is
   * nothing left to commit */
  g_signal_handlers_disconnect_matched (f->model, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                                        g_nullify_pointer, NULL);
  g_signal_connect_swapped (f->model, "notify::turn", G_CALLBACK (count_turn), &notified);
  {
    TkMetromaniaTurn *turn = tk_metromania_turn_new (0);
    TkMetroCell cell = { -6, 3, TRUE };
    TkMetroPoint to = { -5, 4 }, corners[3];

    tk_metro_cell_corners (cell, corners);
    tk_metromania_turn_add_tunnel (turn, 0, cell,
                                   tk_metro_point_equal (corners[0], to) ? corners[1] : corners[0],
                                   to);
    g_assert_true (tk_metromania_model_try_turn (f->model, turn, NULL));
  }
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (tk_metromania_turn_n_tunnels (tk_metromania_model_get_turn (f->model)), ==, 1);
  tk_metromania_model_take_back (f->model);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_true (tk_metromania_turn_is_empty (tk_metromania_model_get_turn (f->model)));
  g_assert_false (tk_metromania_model_finish_turn (f->model));
  g_assert_cmpuint (f->n_changed, ==, 0);
  /* Ana digs (her whole turn from the fixture): the turn entered for her is forgotten */
  check_and_apply (f, 0);
  g_assert_null (tk_metromania_model_get_turn (f->model));
}

static void
count_notify (GObject    *model,
              GParamSpec *pspec,
              GString    *names)
{
  g_string_append_printf (names, "%s;", g_param_spec_get_name (pspec));
}

/* The letter of the @i-th marker the player to move still holds. */
static char
held_letter (Fixture *f,
             guint    i)
{
  g_autoptr(GArray) markers = tk_metromania_model_free_markers (f->model);

  g_assert_cmpuint (i, <, markers->len);
  return g_array_index (markers, TkMetroMarker, i).letter;
}

static void
test_choices (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GString) notified = g_string_new (NULL);
  g_autoptr(GArray) markers = tk_metromania_model_free_markers (f->model);
  g_autoptr(GError) error = NULL;
  char second, ben_first;

  /* as a session opens: tunnels, on the plain line, the first marker Ana holds, homes */
  g_assert_cmpuint (tk_metromania_model_get_tool (f->model), ==, TK_METROMANIA_TOOL_TUNNEL);
  g_assert_cmpuint (tk_metromania_model_get_line_style (f->model), ==, 0);
  g_assert_cmpstr (tk_metromania_model_get_space_kind (f->model), ==, "home");
  /* a four-player deal of twelve: three markers each, none placed yet */
  g_assert_cmpuint (markers->len, ==, 3);
  for (guint i = 0; i < markers->len; i++)
    g_assert_cmpuint (g_array_index (markers, TkMetroMarker, i).owner, ==, 0);
  g_assert_cmpint (tk_metromania_model_get_marker_letter (f->model), ==, held_letter (f, 0));
  g_assert_true (tk_metromania_model_can_play (f->model, NULL));

  /* each choice notified once, and only when it changes */
  g_signal_connect (f->model, "notify", G_CALLBACK (count_notify), notified);
  tk_metromania_model_set_tool (f->model, TK_METROMANIA_TOOL_SPACE);
  tk_metromania_model_set_tool (f->model, TK_METROMANIA_TOOL_SPACE);
  tk_metromania_model_set_line_style (f->model, 1);
  tk_metromania_model_set_space_kind (f->model, "leisure");
  tk_metromania_model_set_space_kind (f->model, "leisure");
  second = held_letter (f, 1);
  tk_metromania_model_set_marker_letter (f->model, second);
  /* a marker Ana does not hold is not hers to place */
  tk_metromania_model_set_marker_letter (f->model, 'Z');
  g_assert_cmpstr (notified->str, ==, "tool;line-style;space-kind;marker-letter;");
  g_assert_cmpint (tk_metromania_model_get_marker_letter (f->model), ==, second);
  /* the same through the properties the parts bind */
  {
    g_autofree char *kind = NULL;
    guint tool, line;
    gint8 letter;

    g_object_get (f->model, "tool", &tool, "line-style", &line, "space-kind", &kind,
                  "marker-letter", &letter, NULL);
    g_assert_cmpuint (tool, ==, TK_METROMANIA_TOOL_SPACE);
    g_assert_cmpuint (line, ==, 1);
    g_assert_cmpstr (kind, ==, "leisure");
    g_assert_cmpint (letter, ==, second);
  }

  /* An undo or a correction elsewhere keeps them all (Ana still holds her marker) */
  g_string_truncate (notified, 0);
  {
    g_autoptr(JsonObject) lake = json_object_new ();

    json_object_set_string_member (lake, "type", "board");
    json_object_set_array_member (lake, "lake", json_array_new ());
    g_assert_true (tk_panel_model_apply (TK_PANEL_MODEL (f->model), lake));
  }
  g_assert_cmpstr (notified->str, ==, "");
  g_assert_cmpint (tk_metromania_model_get_marker_letter (f->model), ==, second);
  g_assert_cmpuint (tk_metromania_model_get_tool (f->model), ==, TK_METROMANIA_TOOL_SPACE);

  /* Ana digs: Ben's first marker is the one to place (even when he holds a marker of the
   * letter Ana had chosen, it is not the one she chose); the tool,
   * the line and the kind stay as the user chose them */
  check_and_apply (f, 0);
  ben_first = held_letter (f, 0);
  g_assert_cmpint (tk_metromania_model_get_marker_letter (f->model), ==, ben_first);
  g_assert_cmpstr (notified->str, ==, "marker-letter;");
  g_assert_cmpuint (tk_metromania_model_get_tool (f->model), ==, TK_METROMANIA_TOOL_SPACE);
  g_assert_cmpuint (tk_metromania_model_get_line_style (f->model), ==, 1);
  g_assert_cmpstr (tk_metromania_model_get_space_kind (f->model), ==, "leisure");

  /* At the end nobody plays: said in words */
  for (guint i = 1; i < json_array_get_length (f->actions); i++)
    check_and_apply (f, i);
  g_assert_false (tk_metromania_model_dead_end (f->model, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "building is over"));
  g_assert_null (tk_metromania_model_get_turn (f->model));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/metromania-model/full-game", Fixture, NULL, fixture_set_up, test_full_game,
              fixture_tear_down);
  g_test_add ("/metromania-model/check", Fixture, NULL, fixture_set_up, test_check,
              fixture_tear_down);
  g_test_add ("/metromania-model/turn", Fixture, NULL, fixture_set_up, test_turn,
              fixture_tear_down);
  g_test_add ("/metromania-model/choices", Fixture, NULL, fixture_set_up, test_choices,
              fixture_tear_down);
  return g_test_run ();
}
