/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-player-card.c — TkPlayerCard, the one player card of the strip and the five panels:
 * what a screen reader hears for it ("Ana: 23 points, Rank 1"), and that a change patches
 * the cards there are instead of making new ones (Metromania's players, remade on every
 * change before, with Record Deal pressed).
 * The same binary runs in Japanese (the "player-card-ja" test) with the build's translations.
 *
 * Runs under a display (run-with-display.sh) with GSETTINGS_BACKEND=memory.
 */
#define G_LOG_DOMAIN "test-player-card"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "panels/tk-player-card.h"
#include "panels/tk-players-strip.h"
#include "tk-rules-json.h"
#include "tk-test-metromania-panel.h"
#include "tk-test-utils.h"

static gboolean
japanese (void)
{
  return g_strcmp0 (g_getenv ("LANGUAGE"), "ja") == 0;
}

/* The strip's cards read as sentences, and a new score patches them. */
static void
test_strip_sentence (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) score =
    tk_rules_json_parse_object ("{\"players\": ["
                                "{\"name\": \"Ana\", \"total\": 23, \"rank\": 1, \"winner\": true},"
                                "{\"name\": \"Ben\", \"total\": 1, \"rank\": 2}]}", -1, &error);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *strip = tk_players_strip_new ();
  TkPlayerCard *ana, *ben;

  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 200);
  gtk_window_set_child (GTK_WINDOW (window), strip);
  tk_players_strip_set_score (TK_PLAYERS_STRIP (strip), score, 1, TK_PLAYERS_STRIP_LEADER_ALWAYS);
  gtk_window_present (GTK_WINDOW (window));
  tk_test_settle ();
  ana = TK_PLAYER_CARD (gtk_widget_get_first_child (strip));
  ben = TK_PLAYER_CARD (gtk_widget_get_next_sibling (GTK_WIDGET (ana)));
  g_assert_cmpstr (tk_player_card_get_sentence (ana), ==,
                   japanese () ? "Ana: 23 点、1 位" : "Ana: 23 points, Rank 1");
  g_assert_cmpstr (tk_player_card_get_sentence (ben), ==,
                   japanese () ? "Ben: 1 点、2 位、スタートプレイヤー"
                               : "Ben: 1 point, Rank 2, First player");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (ana), "tk-winner"));
  tk_test_save_shot (window, "player-card-strip");

  /* Ben takes the lead: the same two cards, patched. */
  json_object_set_double_member (json_array_get_object_element (
                                   json_object_get_array_member (score, "players"), 1),
                                 "total", 30);
  json_object_set_boolean_member (json_array_get_object_element (
                                    json_object_get_array_member (score, "players"), 0),
                                  "winner", FALSE);
  tk_players_strip_set_score (TK_PLAYERS_STRIP (strip), score, 1, TK_PLAYERS_STRIP_LEADER_ALWAYS);
  tk_test_settle ();
  g_assert_true (gtk_widget_get_first_child (strip) == GTK_WIDGET (ana));
  g_assert_true (gtk_widget_get_next_sibling (GTK_WIDGET (ana)) == GTK_WIDGET (ben));
  g_assert_cmpstr (tk_players_strip_get_total (TK_PLAYERS_STRIP (strip), 1), ==, "30");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (ana), "tk-winner"));
  g_assert_true (g_str_has_prefix (tk_player_card_get_sentence (ben),
                                   japanese () ? "Ben: 30 点" : "Ben: 30 points"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Metromania's players: Record Deal pressed, the same card shows Ana to dig and her
 * markers in hand, and says so. */
static void
test_metromania_patched (TkTestMetromaniaPanel *f,
                         gconstpointer          data)
{
  GtkWidget *card = tk_test_metromania_panel_find_named (f->view, "player-0");
  const char *sentence;

  g_assert_true (TK_IS_PLAYER_CARD (card));
  g_assert_false (gtk_widget_has_css_class (card, "tk-active"));
  tk_test_metromania_panel_click (f->view, japanese () ? "配布を記録" : "Record Deal");
  tk_test_settle ();
  g_assert_true (tk_test_metromania_panel_find_named (f->view, "player-0") == card);
  g_assert_true (gtk_widget_has_css_class (card, "tk-active"));
  sentence = tk_player_card_get_sentence (TK_PLAYER_CARD (card));
  g_test_message ("heard: %s", sentence);
  g_assert_true (g_str_has_prefix (sentence, "Ana: "));
  /* the unplayed trips count already: the total is negative */
  g_assert_nonnull (strstr (sentence, japanese () ? " 点、手番、" : " points, their turn, "));
  g_assert_nonnull (strstr (sentence, japanese () ? "手元: " : "In hand: "));
  tk_test_save_shot (GTK_WIDGET (f->window), "player-card-metromania");
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  g_test_add_func ("/player-card/strip-sentence", test_strip_sentence);
  g_test_add ("/player-card/metromania-patched", TkTestMetromaniaPanel, NULL,
              tk_test_metromania_panel_fixture_set_up, test_metromania_patched,
              tk_test_metromania_panel_fixture_tear_down);
  return tk_test_run ();
}
