/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-markup.c — no text from the library is ever read as Pango markup.
 *
 * A library whose games, players, comments, notes, session title, locations and friend's
 * list all look like markup — some of it well-formed ("<i>Ana</i>", which markup would
 * silently show as an italic "Ana"), some not ("<b>x</b> & <i>", which markup refuses with a
 * warning and shows as nothing) — is opened in the app, and every page is walked: the Table
 * with a score-pad session and one of each game with its own panel, the Collection with the game's details, the History list, its Statistics
 * for the game and the player and a play's details, Discover, the friends window, and the
 * toast of a removed game.  Each
 * text must be shown literally somewhere, no label that parses markup may hold it unescaped,
 * and GTK and Pango must print no warning (gtk_test_init makes every warning fatal).  At
 * 1280 and at 360 px, where the pages fold.
 */
#define G_LOG_DOMAIN "test-markup"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "tk-collection-private.h"
#include "tk-collection-page.h"
#include "tk-discover-page.h"
#include "tk-friends-window.h"
#include "tk-history-log-dialog.h"
#include "tk-history-page.h"
#include "tk-plays.h"
#include "tk-session.h"
#include "tk-table-page.h"
#include "tk-window.h"

#include "tk-test-utils.h"

/* Malformed markup: with markup on, the label stays empty and GTK warns. */
#define GAME      "<b>x</b> & <i>"
/* Well-formed markup: with markup on, it would show "Tom & Jerry" in italics, silently. */
#define GAME2     "<i>Tom</i> &amp; Jerry"
#define PLAYER1   "<i>Ana</i>"
#define PLAYER2   "Ben & <b>Co</b>"
#define SESSION   "<big>Night</big> &amp; Day"
#define LOCATION  "<tt>Kitchen</tt>"
#define FRIEND    "<b>Friend</b>"
#define COMMENT   "<s>comment</s> &lt;3"
#define NOTES     "<u>notes</u>"

static const char *const library_texts[] = {
  GAME, GAME2, PLAYER1, PLAYER2, SESSION, LOCATION, FRIEND, COMMENT, NOTES,
};

static const char *const engines[] = {
  "agora", "city-plan", "metromania", "metropolis", "welcome-to",
};

typedef struct
{
  gint64 engine_sessions[G_N_ELEMENTS (engines)];
  gint64 game_id;
  gint64 game2_id;
  gint64 session_id;
  gint64 play_id;
} Library;

static char *
to_json (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  return json_to_string (root, FALSE);
}

static void
fill_library (TkTestFixture *fixture,
              Library       *library)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open (fixture->db_path, &error);
  g_autoptr(TkCollection) collection = NULL;
  g_autoptr(JsonBuilder) games = json_builder_new ();
  g_autoptr(JsonBuilder) plays = json_builder_new ();
  g_autoptr(JsonBuilder) setup = json_builder_new ();
  g_autoptr(JsonObject) setup_object = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *games_json = NULL;
  g_autofree char *plays_json = NULL;
  guint n = 0;

  g_assert_no_error (error);
  collection = tk_collection_new (store);

  /* Two games of the user's, one sharing a designer and mechanics with catalog games, so
   * that Discover names it in its reasons. */
  json_builder_begin_object (games);
  json_builder_set_member_name (games, "format");
  json_builder_add_string_value (games, "tablekeeper-collection");
  json_builder_set_member_name (games, "version");
  json_builder_add_int_value (games, 1);
  json_builder_set_member_name (games, "games");
  json_builder_begin_array (games);
  json_builder_begin_object (games);
  json_builder_set_member_name (games, "title");
  json_builder_add_string_value (games, GAME);
  json_builder_set_member_name (games, "comment");
  json_builder_add_string_value (games, COMMENT);
  json_builder_set_member_name (games, "notes");
  json_builder_add_string_value (games, NOTES);
  json_builder_set_member_name (games, "designers");
  json_builder_begin_array (games);
  json_builder_add_string_value (games, PLAYER2);
  json_builder_end_array (games);
  json_builder_set_member_name (games, "statuses");
  json_builder_begin_array (games);
  json_builder_add_string_value (games, "owned");
  json_builder_end_array (games);
  json_builder_end_object (games);
  json_builder_begin_object (games);
  json_builder_set_member_name (games, "title");
  json_builder_add_string_value (games, GAME2);
  json_builder_set_member_name (games, "designers");
  json_builder_begin_array (games);
  json_builder_add_string_value (games, "Reiner Knizia");
  json_builder_end_array (games);
  json_builder_set_member_name (games, "mechanics");
  json_builder_begin_array (games);
  json_builder_add_string_value (games, "Set Collection");
  json_builder_add_string_value (games, "Hand Management");
  json_builder_end_array (games);
  json_builder_set_member_name (games, "rating");
  json_builder_add_int_value (games, 9);
  json_builder_set_member_name (games, "statuses");
  json_builder_begin_array (games);
  json_builder_add_string_value (games, "owned");
  json_builder_add_string_value (games, "favourite");
  json_builder_add_string_value (games, "played");
  json_builder_end_array (games);
  json_builder_end_object (games);
  json_builder_end_array (games);
  json_builder_end_object (games);
  games_json = to_json (games);
  g_assert_true (tk_collection_import_json (collection, games_json, strlen (games_json), &n,
                                            &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 2);
  library->game_id = tk_collection_find_game (store, 0, GAME, &error);
  library->game2_id = tk_collection_find_game (store, 0, GAME2, &error);
  g_assert_no_error (error);
  g_assert_cmpint (library->game_id, >, 0);
  g_assert_cmpint (library->game2_id, >, 0);

  g_assert_cmpint (tk_collection_import_friend_list (collection, FRIEND, games_json,
                                                     strlen (games_json), &error), >, 0);
  g_assert_no_error (error);

  /* A play of each game; the names join the roster. */
  json_builder_begin_object (plays);
  json_builder_set_member_name (plays, "format");
  json_builder_add_string_value (plays, "tablekeeper-plays");
  json_builder_set_member_name (plays, "version");
  json_builder_add_int_value (plays, 1);
  json_builder_set_member_name (plays, "plays");
  json_builder_begin_array (plays);
  for (guint p = 0; p < 2; p++)
    {
      json_builder_begin_object (plays);
      json_builder_set_member_name (plays, "game_title");
      json_builder_add_string_value (plays, p == 0 ? GAME : GAME2);
      json_builder_set_member_name (plays, "played_on");
      json_builder_add_string_value (plays, p == 0 ? "2026-03-14" : "2026-03-15");
      json_builder_set_member_name (plays, "location");
      json_builder_add_string_value (plays, LOCATION);
      json_builder_set_member_name (plays, "expansions");
      json_builder_add_string_value (plays, GAME2);
      json_builder_set_member_name (plays, "notes");
      json_builder_add_string_value (plays, NOTES);
      json_builder_set_member_name (plays, "players");
      json_builder_begin_array (plays);
      for (guint seat = 0; seat < 2; seat++)
        {
          json_builder_begin_object (plays);
          json_builder_set_member_name (plays, "seat");
          json_builder_add_int_value (plays, seat);
          json_builder_set_member_name (plays, "name");
          json_builder_add_string_value (plays, seat == 0 ? PLAYER1 : PLAYER2);
          json_builder_set_member_name (plays, "score");
          json_builder_add_int_value (plays, 10 - seat);
          json_builder_set_member_name (plays, "rank");
          json_builder_add_int_value (plays, seat + 1);
          json_builder_set_member_name (plays, "winner");
          json_builder_add_boolean_value (plays, seat == 0);
          json_builder_end_object (plays);
        }
      json_builder_end_array (plays);
      json_builder_end_object (plays);
    }
  json_builder_end_array (plays);
  json_builder_end_object (plays);
  plays_json = to_json (plays);
  g_assert_true (tk_plays_import_json (store, plays_json, -1, &n, &error));
  g_assert_no_error (error);
  list = tk_plays_query (store, 0, 0, 0, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  library->play_id = tk_play_get_id (g_ptr_array_index (list, 0));

  /* An open session with a title, players and notes that look like markup. */
  json_builder_begin_object (setup);
  json_builder_set_member_name (setup, "players");
  json_builder_begin_array (setup);
  json_builder_begin_object (setup);
  json_builder_set_member_name (setup, "name");
  json_builder_add_string_value (setup, PLAYER1);
  json_builder_set_member_name (setup, "team");
  json_builder_add_string_value (setup, GAME2);
  json_builder_end_object (setup);
  json_builder_begin_object (setup);
  json_builder_set_member_name (setup, "name");
  json_builder_add_string_value (setup, PLAYER2);
  json_builder_set_member_name (setup, "team");
  json_builder_add_string_value (setup, GAME);
  json_builder_end_object (setup);
  json_builder_end_array (setup);
  json_builder_set_member_name (setup, "win");
  json_builder_add_string_value (setup, "high");
  json_builder_end_object (setup);
  setup_object = json_object_ref (json_node_get_object (json_builder_get_root (setup)));
  tk_games_register_all ();
  session = tk_session_start (store, "generic-score-pad", 0, SESSION, setup_object, &error);
  g_assert_no_error (error);
  g_assert_true (tk_session_apply_json (session, "{\"type\": \"add_round\", \"scores\": [5, 3]}",
                                        &error));
  g_assert_no_error (error);
  g_assert_true (tk_session_set_notes (session, NOTES, &error));
  g_assert_no_error (error);
  library->session_id = tk_session_get_id (session);

  /* A session of each game with its own panel, with the same names. */
  for (guint i = 0; i < G_N_ELEMENTS (engines); i++)
    {
      const TkRules *rules = tk_rules_lookup (engines[i]);
      g_autoptr(JsonObject) engine_setup = rules->default_setup (2);
      JsonArray *players = json_object_get_array_member (engine_setup, "players");
      g_autoptr(TkSession) engine_session = NULL;

      json_object_set_string_member (json_array_get_object_element (players, 0), "name", PLAYER1);
      json_object_set_string_member (json_array_get_object_element (players, 1), "name", PLAYER2);
      engine_session = tk_session_start (store, engines[i], 0, GAME, engine_setup, &error);
      g_assert_no_error (error);
      library->engine_sessions[i] = tk_session_get_id (engine_session);
    }
}

/* ---- looking at what is shown ---- */

typedef struct
{
  const char *needle;
  gboolean    found;
} Search;

/* Every label at or below @widget: one that parses markup must not hold a library text
 * unescaped; @search->found when a label (or an inscription or a text entry) shows
 * @search->needle literally. */
static void
check_labels (GtkWidget *widget,
              Search    *search)
{
  if (GTK_IS_LABEL (widget))
    {
      GtkLabel *label = GTK_LABEL (widget);
      const char *raw = gtk_label_get_label (label);

      if (gtk_label_get_use_markup (label))
        for (guint i = 0; i < G_N_ELEMENTS (library_texts); i++)
          if (strstr (raw, library_texts[i]) != NULL)
            g_error ("a %s below a %s parses “%s” as markup",
                     G_OBJECT_TYPE_NAME (widget),
                     G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)), raw);
      if (search != NULL && strstr (gtk_label_get_text (label), search->needle) != NULL)
        search->found = TRUE;
    }
  /* The Collection's rows draw their texts with inscriptions: a text set as markup would
   * lose its tags, so finding them literally shows it was not parsed. */
  if (GTK_IS_INSCRIPTION (widget) && search != NULL &&
      gtk_inscription_get_text (GTK_INSCRIPTION (widget)) != NULL &&
      strstr (gtk_inscription_get_text (GTK_INSCRIPTION (widget)), search->needle) != NULL)
    search->found = TRUE;
  /* A dialog that edits a play shows its texts in entries, which never parse markup. */
  if (GTK_IS_TEXT (widget) && search != NULL &&
      strstr (gtk_editable_get_text (GTK_EDITABLE (widget)), search->needle) != NULL)
    search->found = TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_labels (child, search);
}

/* Checks every label of @root and that each of the NULL-terminated texts is shown. */
static void
assert_shown_literally (GtkWidget  *root,
                        const char *where,
                        ...)
{
  va_list args;
  const char *needle;

  tk_test_settle ();
  check_labels (root, NULL);
  va_start (args, where);
  while ((needle = va_arg (args, const char *)) != NULL)
    {
      Search search = { needle, FALSE };

      check_labels (root, &search);
      if (!search.found)
        g_error ("%s: no label shows “%s” as it is", where, needle);
    }
  va_end (args);
}

static guint
string_position (GtkDropDown *dropdown,
                 const char  *text)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), text) == 0)
      return i;
  g_error ("no “%s” in the drop-down", text);
  return 0;
}

static void
test_every_page (TkTestFixture *fixture,
                 gconstpointer  data)
{
  Library library = { 0 };
  GtkWindow *window;
  GtkWidget *page;
  GtkDropDown *game_dropdown, *player_dropdown;
  g_autoptr(GError) error = NULL;

  fill_library (fixture, &library);
  tk_test_start_app (fixture);
  window = tk_application_get_main_window (fixture->app);
  g_assert_true (TK_IS_WINDOW (window));
  gtk_window_set_default_size (window, GPOINTER_TO_INT (data), 720);

  /* Table: the session, its players and teams. */
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "table"));
  page = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_TABLE_PAGE);
  g_assert_true (tk_table_page_show_session (TK_TABLE_PAGE (page), library.session_id));
  assert_shown_literally (GTK_WIDGET (window), "Table", SESSION, PLAYER1, PLAYER2, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (engines); i++)
    {
      g_assert_true (tk_table_page_show_session (TK_TABLE_PAGE (page),
                                                 library.engine_sessions[i]));
      assert_shown_literally (GTK_WIDGET (window), engines[i], GAME, PLAYER1, PLAYER2, NULL);
    }

  /* Collection: the list and the first game's details. */
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
  page = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_COLLECTION_PAGE);
  tk_collection_page_show_game (TK_COLLECTION_PAGE (page), library.game_id);
  WAIT_FOR (tk_collection_page_get_shown_game (TK_COLLECTION_PAGE (page)) == library.game_id);
  assert_shown_literally (GTK_WIDGET (window), "Collection", GAME, GAME2, PLAYER2, NULL);

  /* Friends: the list's name and its games. */
  g_assert_true (gtk_widget_activate_action (page, "collection.friends", NULL));
  {
    GtkWindow *friends = NULL;

    WAIT_FOR ((friends = tk_test_find_toplevel (TK_TYPE_FRIENDS_WINDOW)) != NULL);
    assert_shown_literally (GTK_WIDGET (friends), "Friends", FRIEND, NULL);
    gtk_window_destroy (friends);
  }

  /* History: the list, then the statistics of a game and of a player. */
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "history"));
  page = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_HISTORY_PAGE);
  WAIT_FOR (gtk_widget_get_mapped (page));
  assert_shown_literally (page, "History", GAME, GAME2, PLAYER1, NULL);
  game_dropdown = GTK_DROP_DOWN (tk_test_find_descendant (page, GTK_TYPE_DROP_DOWN));
  player_dropdown = GTK_DROP_DOWN (tk_test_find_descendant (
    gtk_widget_get_next_sibling (GTK_WIDGET (game_dropdown)), GTK_TYPE_DROP_DOWN));
  /* As a user does: the Statistics tab of the switcher. */
  {
    GtkWidget *tab = gtk_widget_get_ancestor (tk_test_find_label (page, "Statistics"),
                                              GTK_TYPE_TOGGLE_BUTTON);
    GtkWidget *switcher;

    g_assert_nonnull (tab);
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (tab), TRUE);
    switcher = tk_test_find_descendant (page, GTK_TYPE_STACK_SWITCHER);
    g_assert_cmpstr (gtk_stack_get_visible_child_name (
                       gtk_stack_switcher_get_stack (GTK_STACK_SWITCHER (switcher))), ==, "stats");
  }
  gtk_drop_down_set_selected (game_dropdown, string_position (game_dropdown, GAME));
  gtk_drop_down_set_selected (player_dropdown, string_position (player_dropdown, PLAYER1));
  assert_shown_literally (page, "Statistics of a game and a player", GAME, PLAYER1, PLAYER2,
                          NULL);
  tk_test_save_shot (GTK_WIDGET (window), GPOINTER_TO_INT (data) == 360 ? "markup-statistics-360"
                                                                         : "markup-statistics");
  gtk_drop_down_set_selected (game_dropdown, string_position (game_dropdown, GAME2));
  gtk_drop_down_set_selected (player_dropdown, string_position (player_dropdown, PLAYER2));
  assert_shown_literally (page, "Statistics of another game and player", GAME2, PLAYER2,
                          PLAYER1, NULL);

  /* A play's details. */
  {
    TkHistoryLogDialog *details = tk_history_log_dialog_new_for_play (
      window, tk_application_get_store (fixture->app), library.play_id, &error);

    g_assert_no_error (error);
    gtk_window_present (GTK_WINDOW (details));
    WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (details)));
    assert_shown_literally (GTK_WIDGET (details), "Play details", PLAYER1, PLAYER2, NULL);
    gtk_window_destroy (GTK_WINDOW (details));
  }

  /* Discover: a reason names the favourite. */
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "discover"));
  page = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_DISCOVER_PAGE);
  WAIT_FOR (tk_test_find_descendant (page, GTK_TYPE_FLOW_BOX_CHILD) != NULL);
  assert_shown_literally (page, "Discover", GAME2, NULL);

  /* A toast naming a game (its title is markup in libadwaita 1.2): removing it. */
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
  page = tk_test_find_descendant (GTK_WIDGET (window), TK_TYPE_COLLECTION_PAGE);
  tk_collection_page_show_game (TK_COLLECTION_PAGE (page), library.game_id);
  WAIT_FOR (tk_collection_page_get_shown_game (TK_COLLECTION_PAGE (page)) == library.game_id);
  g_assert_true (gtk_widget_activate_action (page, "collection.delete-game", NULL));
  assert_shown_literally (GTK_WIDGET (window), "The removal's toast", "Removed “" GAME "”", NULL);
}

int
main (int    argc,
      char **argv)
{
  tk_test_init (&argc, &argv);
  g_test_add ("/markup/every-page/1280px", TkTestFixture, GINT_TO_POINTER (1280),
              tk_test_fixture_set_up, test_every_page, tk_test_fixture_tear_down);
  g_test_add ("/markup/every-page/360px", TkTestFixture, GINT_TO_POINTER (360),
              tk_test_fixture_set_up, test_every_page, tk_test_fixture_tear_down);
  return tk_test_run ();
}
