/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-welcome-to-games.c — Welcome To... over a whole game: solo and its card, the end of the
 * game, the draft, exchange of sheets, a session file and the fixture games scored by hand. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "tk-rules.h"
#include "tk-session.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-test-rules.h"
#include "tk-test-welcome-to.h"

/* ---- solo ---- */

static void
test_solo (void)
{
  gpointer state = new_solo (3, "{" PLANS_345 "}");
  TkTestSheet three = {
    { "1 2 3 | 4 5 6 | 7 8 9 | .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 6, { 0 }, 0, NULL
  };
  g_autoptr(JsonObject) score = NULL;

  import_ok (state, 0, &three);
  /* 6 temps in solo: 7 points; 5: nothing */
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  three.temps = 5;
  import_ok (state, 0, &three);
  g_assert_cmpint (points (state, 0, "temps"), ==, 0);

  apply_ok (state, REVEAL_A);
  /* solo: two different cards, not one of three pairs */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card\":0,\"street\":2,\"house\":7,"
                        "\"number\":3}", INVALID);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":1,\"effect_card\":1,"
                        "\"street\":2,\"house\":7,\"number\":8}", ILLEGAL);
  /* with cards recorded, a free number is refused */
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":8,\"effect\":\"pool\","
                        "\"street\":2,\"house\":8,\"number\":8}", ILLEGAL);
  /* 8 (card 1) with the pool (card 0) on street 2's pool spot 8 */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":1,\"effect_card\":0,"
                   "\"street\":2,\"house\":8,\"number\":8,\"pool\":true}");
  /* the plan claimed in round 1: first value 8 */
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
                   "{\"street\":1,\"from\":7,\"to\":9}]}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 8);
  /* the solo card turns up with the next draw: plans claimed from round 2 on are worth the
   * lower value */
  apply_ok (state, "{\"type\":\"solo_card\"}");
  apply_refused (state, "{\"type\":\"solo_card\"}", ILLEGAL);
  apply_ok (state, REVEAL_A);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":0,\"effect_card\":2,"
                   "\"street\":3,\"house\":1,\"number\":3,"
                   "\"bis\":{\"street\":3,\"house\":2,\"from\":1}}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 8);
  {
    TkTestSheet more = {
      { "1 2 3 | 4 5 6 | 7 8 9 | .", "1 | 2 3 | 4 5 | 6 7 8p . . .", "3 3b> . . . . . . . . . ." },
      { 0, 0, 0 }, 5, { 0 }, 0,
      "[{\"round\":1,\"estates\":[{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
      "{\"street\":1,\"from\":7,\"to\":9}]},null,null]"
    };
    /* street 3's house 2 is a bis copying its right neighbour, which is empty: refused */
    import_refused (state, 0, &more);
  }
  R->state_free (state);

  /* the deck runs out after solo_rounds rounds (3 here) */
  state = new_solo (3, NULL);
  for (guint r = 0; r < 3; r++)
    {
      g_autofree char *turn = g_strdup_printf ("{\"type\":\"turn\",\"seat\":0,\"number_card\":0,"
                                               "\"effect_card\":1,\"street\":1,\"house\":%u,"
                                               "\"number\":3}", r + 1);
      apply_ok (state, REVEAL_A);
      /* the temp agency of card 1 lets 3 become 1..5: write 3 + r - 1 */
      if (r == 0)
        apply_ok (state, turn);
      else
        {
          g_autofree char *t = g_strdup_printf ("{\"type\":\"turn\",\"seat\":0,\"number_card\":0,"
                                                "\"effect_card\":1,\"street\":1,\"house\":%u,"
                                                "\"number\":%u}", r + 1, 3 + r);
          apply_ok (state, t);
        }
    }
  score = R->score (state);
  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (score,
                                                                                  "end_triggers"),
                                                  0), ==, "deck");
  apply_refused (state, REVEAL_A, ILLEGAL);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card_number\":3,\"effect\":\"pool\","
                        "\"street\":2,\"house\":1,\"number\":3}", ILLEGAL);
  /* three temps crossed (3, 4, 5 written with the temp effect), fewer than 6: 0 points */
  g_assert_cmpint (points (state, 0, "temps"), ==, 0);
  R->state_free (state);

  /* the solo card before any claim: every plan at the lower value */
  state = new_solo (27, "{" PLANS_345 "}");
  three.temps = 0;
  import_ok (state, 0, &three);
  apply_ok (state, "{\"type\":\"solo_card\"}");
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
                   "{\"street\":1,\"from\":7,\"to\":9}]}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 4);
  R->state_free (state);
}

/* ---- exchange ---- */

static void
test_exchange (void)
{
  gpointer home = new_state (1, ALONE);
  gpointer table = new_state (2, NULL);
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(JsonObject) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sent = NULL, *received = NULL;

  apply_ok (home, "{\"type\":\"turn\",\"seat\":0,\"card_number\":5,\"effect\":\"pool\","
                  "\"street\":1,\"house\":3,\"number\":5,\"pool\":true}");
  apply_ok (home, "{\"type\":\"turn\",\"seat\":0,\"card_number\":7,\"effect\":\"temp\","
                  "\"street\":1,\"house\":4,\"number\":6}");
  document = tk_welcome_to_export_sheet (home, 0);
  g_assert_nonnull (document);
  g_assert_null (tk_welcome_to_export_sheet (home, 1));
  g_assert_cmpstr (json_object_get_string_member (document, "format"), ==,
                   TK_WELCOME_TO_SHEET_FORMAT);
  action = tk_welcome_to_import_action (document, 1);
  g_assert_true (R->apply (table, action, &error));
  g_assert_no_error (error);
  back = tk_welcome_to_export_sheet (table, 1);
  sent = tk_rules_json_to_string (json_object_get_object_member (document, "sheet"));
  received = tk_rules_json_to_string (json_object_get_object_member (back, "sheet"));
  g_assert_cmpstr (sent, ==, received);
  /* the table ranks the temps over both sheets: seat 1 has 1 temp, seat 0 none: 7 */
  g_assert_cmpint (points (table, 1, "temps"), ==, 7);
  g_assert_cmpint (points (table, 1, "pools"), ==, 3);

  /* a document of another format, and a broken sheet, are refused */
  apply_refused (table, "{\"type\":\"import_sheet\",\"seat\":0,\"sheet\":{\"format\":\"x\","
                        "\"version\":1,\"sheet\":{}}}", INVALID);
  apply_refused (table, "{\"type\":\"import_sheet\",\"seat\":0,\"sheet\":{\"streets\":[]}}",
                 INVALID);
  apply_refused (table, "{\"type\":\"import_sheet\",\"seat\":5,\"sheet\":{}}", ILLEGAL);
  R->state_free (home);
  R->state_free (table);
}

/* ---- the session file ---- */

static void
test_session_file (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures",
                                            "welcome-to-session.json", NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  score = tk_session_file_score (text, length, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  /* seat 0 is sheet A (82) with a second refusal: 0 -> −3: 79; seat 1 (the crowded sheet):
   * temps 2 (second: 4), refusals 3 (−5), nothing else: −1 */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0),
                                               "total"), ==, 79);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 1),
                                               "total"), ==, -1);
  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (players, 0),
                                                 "winner"));
}

typedef struct
{
  const char *key;
  gint64      points[2];    /* by seat, worked out by hand */
} HandLine;

/* Replays the session file @name of tests/fixtures (with @move_solo_card, the solo card is
 * moved to the end of the ledger) and checks every category of every seat against @hand. */
static JsonObject *
score_fixture (const char     *name,
               gboolean        move_solo_card,
               const HandLine *hand,
               guint           n_hand,
               guint           n_players)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", name, NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  JsonObject *score;
  JsonArray *players;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  if (move_solo_card)
    {
      g_autoptr(JsonObject) file = parse (text);
      JsonArray *actions = json_object_get_array_member (file, "actions");
      g_autoptr(JsonArray) moved = json_array_new ();
      JsonObject *solo = NULL;
      guint seq = 1;

      for (guint i = 0; i < json_array_get_length (actions); i++)
        {
          JsonObject *row = json_array_get_object_element (actions, i);
          const char *type = json_object_get_string_member (json_object_get_object_member (row,
                                                                                          "action"),
                                                            "type");

          if (g_str_equal (type, "solo_card"))
            solo = row;
          else
            json_array_add_object_element (moved, json_object_ref (row));
        }
      g_assert_nonnull (solo);
      json_array_add_object_element (moved, json_object_ref (solo));
      for (guint i = 0; i < json_array_get_length (moved); i++)
        json_object_set_int_member (json_array_get_object_element (moved, i), "seq", seq++);
      json_object_set_array_member (file, "actions", json_array_ref (moved));
      g_free (text);
      text = tk_rules_json_to_string (file);
      length = strlen (text);
    }
  score = tk_session_file_score (text, length, &error);
  g_assert_no_error (error);
  players = json_object_get_array_member (score, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, n_players);
  for (guint seat = 0; seat < n_players; seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (player, "breakdown");

      for (guint i = 0; i < n_hand; i++)
        {
          gint64 want = hand[i].points[seat];
          gint64 got = G_MININT64;

          if (g_str_equal (hand[i].key, "total"))
            got = json_object_get_int_member (player, "total");
          else
            for (guint j = 0; j < json_array_get_length (breakdown); j++)
              {
                JsonObject *line = json_array_get_object_element (breakdown, j);

                if (g_str_equal (json_object_get_string_member (line, "key"), hand[i].key))
                  got = json_object_get_int_member (line, "points");
              }
          if (got != want)
            g_error ("%s, seat %u, %s: hand %" PRId64 ", engine %" PRId64,
                     name, seat, hand[i].key, want, got);
        }
    }
  return score;
}

/* A whole two-player game written and scored by hand (tests/fixtures/welcome-to-full-game.json,
 * 13 rounds, basic rules; plans n°1 4+4 6/3, n°2 3+6 8/4, n°3 3+4 7/3).  Final sheets:
 *   Ana  s1: 1 2 3p 3b | 5 6 8 | . . .   parks 1      s2: 4p 6 7 8 | 10 10b 11 12 | . . .
 *        temps 2, agents: one box in the 3 column, one in the 4 column, bis 2, refusals 0
 *   Ben  s1: 2 3 5 7 | 15 . . . . .  parks 3        s2: 1 4 4b | 16 . . . . . . .
 *        s3: . . . . . . . . . . 3p 15, temps 1, agents 3 and 4 columns, bis 1, refusals 3
 * Category by category (rules/welcome-to.md tables):
 *   plans   Ana: n°3 first in round 6 = 7, n°1 first in round 13 = 6 -> 13
 *           Ben: n°3 in round 10, after Ana -> later value 3
 *   parks   Ana: street 1 one park -> 2;  Ben: street 1 all three -> 10
 *   pools   Ana: 2 -> 6;  Ben: 1 -> 3
 *   temps   Ana 2 (most) -> 7;  Ben 1 (second) -> 4
 *   estates Ana: three of 4 houses at 5 (one box crossed) = 15, one of 3 at 4 -> 19
 *           Ben: one of 4 at 5, one of 3 at 4 -> 9
 *   bis     Ana 2 -> -3;  Ben 1 -> -1
 *   refusal Ana 0 -> 0;  Ben 3 -> -5 (and the game ends with round 13)
 *   total   Ana 13+2+6+7+19-3 = 44;  Ben 3+10+3+4+9-1-5 = 23 */
static void
test_full_game (void)
{
  static const HandLine hand[] = {
    { "plans", { 13, 3 } }, { "parks", { 2, 10 } }, { "pools", { 6, 3 } }, { "temps", { 7, 4 } },
    { "estates", { 19, 9 } }, { "bis", { -3, -1 } }, { "refusals", { 0, -5 } },
    { "roundabouts", { 0, 0 } }, { "total", { 44, 23 } },
  };
  g_autoptr(JsonObject) score = score_fixture ("welcome-to-full-game.json", FALSE, hand,
                                               G_N_ELEMENTS (hand), 2);
  JsonArray *players = json_object_get_array_member (score, "players");
  JsonArray *triggers;

  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (players, 0),
                                                 "winner"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (players, 1),
                                                  "winner"));
  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_cmpint (json_object_get_int_member (score, "round"), ==, 13);
  triggers = json_object_get_array_member (score, "end_triggers");
  g_assert_cmpuint (json_array_get_length (triggers), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (triggers, 0), ==, "refusals");
}

/* A short solo game scored by hand (tests/fixtures/welcome-to-solo-game.json): each round three
 * cards, a number from the first and the effect of the second.  Final sheet:
 *   s1: 1 2 3p | 5 6 7 15 | . . .   s2: 16 . . .   s3: 17 . . .   (16 and 17 by the temp agency)
 *   temps 6, no agents, no bis, refusals 3 (rounds 10-12: nothing up to 15 fits, no temp on a
 *   14 or 15).  n°3 (3+4) was claimed in round 9; the game ends in round 12, before the solo
 *   card could turn up (round 14 at the earliest).
 *   plans 7 (n°3's first value), parks 0, pools 1 -> 3, temps 6 >= 6 -> 7, estates one of 3
 *   (3) + one of 4 (4) = 7, bis 0, refusals -5: total 19.
 * The same ledger with the solo card turned up at its end (round 13) is refused: the card lies
 * in the lower half of the deck. */
static void
test_solo_game (void)
{
  static const HandLine hand[] = {
    { "plans", { 7 } }, { "parks", { 0 } }, { "pools", { 3 } }, { "temps", { 7 } },
    { "estates", { 7 } }, { "bis", { 0 } }, { "refusals", { -5 } }, { "total", { 19 } },
  };
  g_autoptr(JsonObject) score = score_fixture ("welcome-to-solo-game.json", FALSE, hand,
                                               G_N_ELEMENTS (hand), 1);

  g_assert_true (json_object_get_boolean_member (score, "ended"));
  g_assert_cmpint (json_object_get_int_member (score, "round"), ==, 12);
}

/* Seed 003, solo setup: 「すべての建築カードがシャッフルされ、同じ枚数ずつの2つの山札が作られる。
 * 一方の山札にソロプレイ用カードが混ぜられ、もう一方の山札がこの上に重ねられる」 — 40 of the 81
 * cards lie above the solo card's half, three a round: it turns up in round 14 at the
 * earliest.  And 「建築カードの山札からソロプレイ用カードが引かれたら、3枚の都市計画カードが
 * 裏返しになり」: a claim entered after it scores the lower value, even in the same round. */
static void
test_solo_card_timing (void)
{
  g_autoptr(JsonObject) setup = R->default_setup (1);
  g_autoptr(GError) error = NULL;
  TkTestSheet three = {
    { "1 2 3 | 4 5 6 | 7 8 9 | .", EMPTY2, EMPTY3 }, { 0, 0, 0 }, 0, { 0 }, 0, NULL
  };
  gpointer state;
  g_autoptr(JsonObject) plans = parse ("{" PLANS_345 "}");

  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (setup, "tables"),
                                               "solo_card_first_round"), ==, 14);
  json_object_set_member (setup, "plans",
                          json_node_copy (json_object_get_member (plans, "plans")));
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  import_ok (state, 0, &three);
  /* rounds 1 to 13: every draw comes from the upper half */
  for (guint r = 1; r <= 13; r++)
    {
      /* round r draws the number r: street 2 takes 1 to 11, street 3 then 12 and 13 */
      g_autofree char *reveal = g_strdup_printf ("{\"type\":\"reveal\",\"cards\":["
                                                 "{\"number\":%u,\"effect\":\"surveyor\"},"
                                                 "{\"number\":8,\"effect\":\"pool\"},"
                                                 "{\"number\":12,\"effect\":\"bis\"}]}", r);
      g_autofree char *turn = g_strdup_printf ("{\"type\":\"turn\",\"seat\":0,"
                                               "\"number_card\":0,\"effect_card\":1,"
                                               "\"street\":%u,\"house\":%u,\"number\":%u}",
                                               r <= 11 ? 2 : 3, r <= 11 ? r : r - 11, r);

      apply_refused (state, "{\"type\":\"solo_card\"}", ILLEGAL);
      apply_ok (state, reveal);
      apply_ok (state, turn);
    }
  /* Sam has played round 13: the next draw is round 14's and may hold the solo card */
  apply_ok (state, "{\"type\":\"solo_card\"}");
  /* n°1 claimed after it, still in round 13 by the ledger: the lower value 4, not 8 */
  apply_ok (state, "{\"type\":\"claim\",\"seat\":0,\"plan\":1,\"estates\":["
                   "{\"street\":1,\"from\":1,\"to\":3},{\"street\":1,\"from\":4,\"to\":6},"
                   "{\"street\":1,\"from\":7,\"to\":9}]}");
  g_assert_cmpint (points (state, 0, "plans"), ==, 4);
  R->state_free (state);

  /* tables saved before the rule was kept (no such member): the card may come any time */
  g_clear_pointer (&setup, json_object_unref);
  setup = R->default_setup (1);
  json_object_remove_member (json_object_get_object_member (setup, "tables"),
                             "solo_card_first_round");
  state = R->state_new (setup, &error);
  g_assert_no_error (error);
  apply_ok (state, "{\"type\":\"solo_card\"}");
  R->state_free (state);

  /* a first round past the deck is refused */
  g_clear_pointer (&setup, json_object_unref);
  setup = R->default_setup (1);
  json_object_set_int_member (json_object_get_object_member (setup, "tables"),
                              "solo_card_first_round", 28);
  g_assert_null (R->state_new (setup, &error));
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
}

/* ---- end of the game ---- */

static const char *
first_trigger (gpointer state,
               gboolean *ended)
{
  static char buffer[32];
  g_autoptr(JsonObject) score = R->score (state);
  JsonArray *triggers = json_object_get_array_member (score, "end_triggers");

  *ended = json_object_get_boolean_member (score, "ended");
  g_strlcpy (buffer, json_array_get_length (triggers) > 0
                     ? json_array_get_string_element (triggers, 0) : "", sizeof buffer);
  return buffer;
}

static void
test_end (void)
{
  gpointer state = new_state (2, NULL);
  gboolean ended;
  /* nothing but 0..5 fits seat 0's sheet */
  TkTestSheet crowded = {
    { ". 1 2 3 4 5 6 7 8 9", ". 6 7 8 9 10 11 12 13 14 15", ". 5 6 7 8 9 10 11 12 13 14 15" },
    { 0, 0, 0 }, 0, { 0 }, 2, NULL
  };
  TkTestSheet full = {
    { "0 1 2 3 4 5 6 7 8 9", "0 6 7 8 9 10 11 12 13 14 15", "0 5 6 7 8 9 10 11 12 13 14 15" },
    { 0, 0, 0 }, 0, { 0 }, 0, NULL
  };

  import_ok (state, 0, &crowded);
  g_assert_cmpstr (first_trigger (state, &ended), ==, "");
  apply_ok (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":7,\"effect\":\"pool\"},"
                   "{\"number\":9,\"effect\":\"surveyor\"},{\"number\":12,\"effect\":\"bis\"}]}");
  apply_ok (state, "{\"type\":\"refuse\",\"seat\":0}");
  /* the third refusal triggers the end; the round is played to its end */
  g_assert_cmpstr (first_trigger (state, &ended), ==, "refusals");
  g_assert_false (ended);
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card\":0,\"street\":1,\"house\":5,"
                   "\"number\":7}");
  first_trigger (state, &ended);
  g_assert_true (ended);
  g_assert_cmpint (points (state, 0, "refusals"), ==, -5);
  apply_refused (state, "{\"type\":\"turn\",\"seat\":1,\"card_number\":3,\"effect\":\"pool\","
                        "\"street\":1,\"house\":1,\"number\":3}", ILLEGAL);
  apply_refused (state, "{\"type\":\"reveal\",\"cards\":[{\"number\":7,\"effect\":\"pool\"},"
                        "{\"number\":9,\"effect\":\"surveyor\"},{\"number\":12,\"effect\":\"bis\"}]}",
                 ILLEGAL);
  /* a refusal beyond the track's three boxes is impossible */
  crowded.refusals = 4;
  import_refused (state, 0, &crowded);
  R->state_free (state);

  /* every house built */
  state = new_state (2, NULL);
  import_ok (state, 1, &full);
  g_assert_cmpstr (first_trigger (state, &ended), ==, "houses");
  g_assert_false (ended);
  R->state_free (state);

  /* all three plans by one player (default plans 1×6, 1,1,1,6 and 1,2,6) */
  state = new_state (2, NULL);
  {
    TkTestSheet plans = {
      { "1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10", "0 1 2 3 4 5 | 6 7 8 9 | 10",
        "0 1 2 3 4 5 | 6 | 7 8 | 9 10 11" },
      { 0, 0, 0 }, 0, { 0 }, 0,
      "[{\"round\":1,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},{\"street\":1,\"from\":2,\"to\":2},"
      "{\"street\":1,\"from\":3,\"to\":3},{\"street\":1,\"from\":4,\"to\":4},"
      "{\"street\":1,\"from\":5,\"to\":5},{\"street\":1,\"from\":6,\"to\":6}]},"
      "{\"round\":2,\"estates\":[{\"street\":1,\"from\":7,\"to\":7},{\"street\":1,\"from\":8,\"to\":8},"
      "{\"street\":1,\"from\":9,\"to\":9},{\"street\":2,\"from\":1,\"to\":6}]},"
      "{\"round\":3,\"estates\":[{\"street\":1,\"from\":10,\"to\":10},{\"street\":3,\"from\":8,\"to\":9},"
      "{\"street\":3,\"from\":1,\"to\":6}]}]"
    };
    import_ok (state, 0, &plans);
    /* 8 + 11 + 12, all first */
    g_assert_cmpint (points (state, 0, "plans"), ==, 31);
    /* every house is built too; the triggers are listed refusals, plans, houses */
    g_assert_cmpstr (first_trigger (state, &ended), ==, "plans");
    /* the same estate twice in one sheet is refused */
    plans.plans = "[{\"round\":1,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},{\"street\":1,\"from\":2,\"to\":2},"
      "{\"street\":1,\"from\":3,\"to\":3},{\"street\":1,\"from\":4,\"to\":4},"
      "{\"street\":1,\"from\":5,\"to\":5},{\"street\":1,\"from\":6,\"to\":6}]},"
      "{\"round\":2,\"estates\":[{\"street\":1,\"from\":1,\"to\":1},{\"street\":1,\"from\":8,\"to\":8},"
      "{\"street\":1,\"from\":9,\"to\":9},{\"street\":2,\"from\":1,\"to\":6}]},null]";
    import_refused (state, 0, &plans);
  }
  R->state_free (state);
}

/* ---- the draft (advanced rules): each player's own three cards ---- */

static void
test_draft (void)
{
  gpointer state = new_state (2, "{\"draft\":true,\"variant\":\"intermediate\"}");

  /* a hand needs its seat */
  apply_refused (state, REVEAL_A, INVALID);
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":0,\"cards\":[{\"number\":3,\"effect\":\"pool\"},"
                   "{\"number\":8,\"effect\":\"temp\"},{\"number\":12,\"effect\":\"bis\"}]}");
  /* seat 1 has no hand recorded: it gives the card itself */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card_number\":4,\"effect\":\"pool\","
                   "\"street\":2,\"house\":4,\"number\":4,\"pool\":true}");
  apply_refused (state, "{\"type\":\"turn\",\"seat\":0,\"card\":1,\"street\":1,\"house\":1,"
                        "\"number\":8}", INVALID);
  {
    TkWelcomeToEffect effect = TK_WELCOME_TO_BIS;
    gint number = 0;

    /* the draft splits a turn: the number of one card, the effect of another */
    g_assert_true (tk_welcome_to_hand_pick (state, 0, 2, 1, &number, &effect));
    g_assert_cmpint (number, ==, 12);
    g_assert_cmpint (effect, ==, TK_WELCOME_TO_TEMP);
    g_assert_false (tk_welcome_to_hand_pick (state, 0, 1, 1, &number, &effect));
    g_assert_false (tk_welcome_to_hand_pick (state, 1, 0, 1, &number, &effect));
  }
  /* 12 (card 2) with the temp of card 1: 10 */
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":2,\"effect_card\":1,"
                   "\"street\":1,\"house\":9,\"number\":10}");
  g_assert_cmpint (points (state, 0, "temps"), ==, 7);
  g_assert_cmpint (points (state, 1, "pools"), ==, 3);

  /* seat 0 kept card 0 (3, pool) and passes it to the next seat: seat 1's next hand must
   * hold it; seat 0's own next hand need not hold anything from seat 1 (it recorded no hand) */
  {
    TkWelcomeToEffect effect = TK_WELCOME_TO_BIS;
    gint number = 0;

    /* the engine says which card that is, for a recorder to put in the hand */
    g_assert_true (tk_welcome_to_passed_card (state, 1, &number, &effect));
    g_assert_cmpint (number, ==, 3);
    g_assert_cmpint (effect, ==, TK_WELCOME_TO_POOL);
    g_assert_false (tk_welcome_to_passed_card (state, 0, &number, &effect));
  }
  apply_refused (state, "{\"type\":\"reveal\",\"seat\":1,\"cards\":[{\"number\":4,"
                        "\"effect\":\"pool\"},{\"number\":8,\"effect\":\"temp\"},"
                        "{\"number\":12,\"effect\":\"bis\"}]}", ILLEGAL);
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":1,\"cards\":[{\"number\":5,"
                   "\"effect\":\"bis\"},{\"number\":3,\"effect\":\"pool\"},"
                   "{\"number\":12,\"effect\":\"surveyor\"}]}");
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":0,\"cards\":[{\"number\":1,"
                   "\"effect\":\"bis\"},{\"number\":2,\"effect\":\"pool\"},"
                   "{\"number\":14,\"effect\":\"surveyor\"}]}");
  R->state_free (state);

  /* passing to the previous seat: seat 0's card goes to seat 1 in a two-player game as well,
   * so use three players: seat 0 passes to seat 2 */
  state = new_state (3, "{\"draft\":true,\"draft_pass\":\"previous\"}");
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":0,\"cards\":[{\"number\":3,\"effect\":\"pool\"},"
                   "{\"number\":8,\"effect\":\"temp\"},{\"number\":12,\"effect\":\"bis\"}]}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":0,\"number_card\":0,\"effect_card\":2,"
                   "\"street\":1,\"house\":2,\"number\":3}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":1,\"card_number\":4,\"effect\":\"pool\","
                   "\"street\":2,\"house\":4,\"number\":4}");
  apply_ok (state, "{\"type\":\"turn\",\"seat\":2,\"card_number\":4,\"effect\":\"pool\","
                   "\"street\":2,\"house\":4,\"number\":4}");
  /* seat 0 kept card 1 (8, temp): seat 1 need not have it, seat 2 must */
  {
    TkWelcomeToEffect effect = TK_WELCOME_TO_BIS;
    gint number = 0;

    g_assert_true (tk_welcome_to_passed_card (state, 2, &number, &effect));
    g_assert_cmpint (number, ==, 8);
    g_assert_cmpint (effect, ==, TK_WELCOME_TO_TEMP);
    g_assert_false (tk_welcome_to_passed_card (state, 1, &number, &effect));
  }
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":1,\"cards\":[{\"number\":1,\"effect\":\"pool\"},"
                   "{\"number\":2,\"effect\":\"pool\"},{\"number\":3,\"effect\":\"pool\"}]}");
  apply_refused (state, "{\"type\":\"reveal\",\"seat\":2,\"cards\":[{\"number\":1,\"effect\":\"pool\"},"
                        "{\"number\":2,\"effect\":\"pool\"},{\"number\":3,\"effect\":\"pool\"}]}",
                 ILLEGAL);
  apply_ok (state, "{\"type\":\"reveal\",\"seat\":2,\"cards\":[{\"number\":1,\"effect\":\"pool\"},"
                   "{\"number\":8,\"effect\":\"temp\"},{\"number\":3,\"effect\":\"pool\"}]}");
  R->state_free (state);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/welcome-to/solo-card-timing", test_solo_card_timing);
  g_test_add_func ("/welcome-to/solo", test_solo);
  g_test_add_func ("/welcome-to/end", test_end);
  g_test_add_func ("/welcome-to/draft", test_draft);
  g_test_add_func ("/welcome-to/exchange", test_exchange);
  g_test_add_func ("/welcome-to/session-file", test_session_file);
  g_test_add_func ("/welcome-to/full-game", test_full_game);
  g_test_add_func ("/welcome-to/solo-game", test_solo_game);
  return g_test_run ();
}
