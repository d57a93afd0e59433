/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-history-import.c — plays from BG Stats and BGG at the store's level: what Undo takes
 * away (and what it leaves because later work uses it), the merge and rename of people
 * before writing, scores as typed, and XML that a plays page never is. */
#include "config.h"

#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-history-import-private.h"
#include "tk-plays.h"
#include "tk-player.h"
#include "tk-store-schema.h"
#include "tk-test-store.h"

static char *
read_fixture (const char *name,
              gsize      *length)
{
  g_autofree char *path = g_build_filename (g_getenv ("TK_TEST_SRCDIR"), "fixtures", "history",
                                            name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, length, &error);
  g_assert_no_error (error);
  return text;
}

static TkHistoryImport *
import_fixture (TkStore    *store,
                const char *name)
{
  g_autoptr(TkHistoryImport) import = tk_history_import_new ();
  g_autoptr(GError) error = NULL;
  gsize length;
  g_autofree char *text = read_fixture (name, &length);

  g_assert_true (tk_history_import_add_file (import, text, length, TK_HISTORY_FORMAT_AUTO,
                                             &error));
  g_assert_no_error (error);
  g_assert_true (tk_history_import_prepare (import, store, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&import);
}

static guint
person_named (TkHistoryImport *import,
              const char      *name)
{
  for (guint i = 0; i < tk_history_import_get_n_people (import); i++)
    if (g_strcmp0 (tk_history_import_get_person (import, i)->name, name) == 0)
      return i;
  g_assert_not_reached ();
}

static void
test_scores (void)
{
  static const struct { const char *text; gboolean sums; gboolean ok; double value; } cases[] = {
    { "61", FALSE, TRUE, 61 },
    { "-10", FALSE, TRUE, -10 },
    { "47.3", FALSE, TRUE, 47.3 },
    { "40+12", TRUE, TRUE, 52 },
    { "-10+7+22", TRUE, TRUE, 19 },
    { " 40 + 12 - 2 ", TRUE, TRUE, 50 },
    { "40+12", FALSE, FALSE, 0 },
    { "49-46ish", TRUE, FALSE, 0 },
    { "36, 42", TRUE, FALSE, 0 },
    { "1e5", FALSE, FALSE, 0 },
    { "0x10", FALSE, FALSE, 0 },
    { "inf", FALSE, FALSE, 0 },
    { "--3", TRUE, FALSE, 0 },
    { "3+", TRUE, FALSE, 0 },
    { "", TRUE, FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double value = -1;

      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (tk_history_parse_score (cases[i].text, cases[i].sums, &value), ==,
                       cases[i].ok);
      if (cases[i].ok)
        g_assert_cmpfloat_with_epsilon (value, cases[i].value, 1e-9);
    }
}

static void
test_undo (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkHistoryImport) import = NULL;
  g_autoptr(TkHistoryImport) again = NULL;
  g_autoptr(TkPlay) later = tk_play_new ();
  gint64 import_id = 0, quiz, ben;
  TkPlayPlayer seat = { 0 };

  g_assert_no_error (error);
  /* A game the user had before the import, not yet played. */
  g_assert_true (tk_store_exec (store, "INSERT INTO games (title, bgg_id) VALUES ('Azul', 230802);"
                                       "INSERT INTO collection (game_id, owned) VALUES (1, 1);",
                                &error));
  import = import_fixture (store, "bgstats-export.json");
  g_assert_true (tk_history_import_write (import, store, NULL, NULL, &import_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 7);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 4);
  g_assert_cmpint (tk_test_count (store, "SELECT played FROM collection WHERE game_id = 1"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 7);

  /* After the import, a play logged by hand with Ben of a game the import created. */
  quiz = tk_test_count (store, "SELECT id FROM games WHERE title = 'Family Quiz Night'");
  ben = tk_test_count (store, "SELECT id FROM players WHERE name = 'Ben'");
  tk_play_set_game_title (later, "Family Quiz Night");
  tk_play_set_game_id (later, quiz);
  tk_play_set_played_on (later, "2024-09-01");
  seat.name = (char *) "Ben";
  seat.player_id = ben;
  tk_play_add_player (later, &seat);
  g_assert_true (tk_plays_insert (store, later, &error));
  g_assert_no_error (error);

  g_assert_true (tk_history_import_undo (store, import_id, &error));
  g_assert_no_error (error);
  /* The import's plays, games, people and marks are gone... */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_imports"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM history_imports"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT played FROM collection WHERE game_id = 1"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT owned FROM collection WHERE game_id = 1"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM settings"
                                 " WHERE key = 'history-import.me'"), ==, 0);
  /* ...except what the later play uses. */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 2);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM collection"), ==, 2);

  /* Undone twice: refused, nothing changes. */
  g_assert_false (tk_history_import_undo (store, import_id, &error));
  g_assert_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* The same file again imports everything again: its keys went with the Undo. */
  again = import_fixture (store, "bgstats-export.json");
  g_assert_cmpuint (tk_history_import_get_summary (again)->n_new, ==, 7);
  g_assert_cmpuint (tk_history_import_get_summary (again)->n_new_people, ==, 3);
}

static void
test_people (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkHistoryImport) import = NULL;
  g_autoptr(TkPlayer) daniel = NULL;
  const TkHistoryPerson *ben;

  g_assert_no_error (error);
  daniel = tk_players_add (store, "Daniel", NULL, &error);
  g_assert_no_error (error);
  import = import_fixture (store, "bgstats-export.json");
  g_assert_cmpuint (tk_history_import_get_summary (import)->n_new_people, ==, 4);

  /* Ben is renamed, Dan joins the roster's Daniel, 千代 gets an empty name (refused). */
  g_assert_true (tk_history_import_set_person (import, person_named (import, "Ben"), 0,
                                               "  Benjamin ", &error));
  g_assert_true (tk_history_import_set_person (import, person_named (import, "Dan"),
                                               tk_player_get_id (daniel), NULL, &error));
  g_assert_false (tk_history_import_set_person (import, person_named (import, "千代"), 0, " ",
                                                &error));
  g_assert_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID);
  g_clear_error (&error);
  /* 千代 given Ben's new name too: one new roster player for both. */
  g_assert_true (tk_history_import_set_person (import, person_named (import, "千代"), 0,
                                               "Benjamin", &error));
  g_assert_true (tk_history_import_prepare (import, store, &error));
  ben = tk_history_import_get_person (import, person_named (import, "Ben"));
  g_assert_cmpstr (ben->roster_name, ==, "Benjamin");
  g_assert_cmpint (ben->roster_id, ==, 0);
  g_assert_cmpuint (tk_history_import_get_summary (import)->n_new_people, ==, 3);

  /* The anonymous player counted as a person, then not: no roster player either way left
   * from the first choice. */
  tk_history_import_set_not_a_person (import, person_named (import, "Anonymous player"), FALSE);
  g_assert_true (tk_history_import_prepare (import, store, &error));
  g_assert_cmpuint (tk_history_import_get_summary (import)->n_people, ==, 5);
  tk_history_import_set_not_a_person (import, person_named (import, "Anonymous player"), TRUE);
  g_assert_true (tk_history_import_prepare (import, store, &error));
  g_assert_cmpuint (tk_history_import_get_summary (import)->n_people, ==, 4);

  g_assert_true (tk_history_import_write (import, store, NULL, NULL, NULL, &error));
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players"), ==, 3);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players"
                                 " WHERE name = 'Anonymous player' AND player_id IS NULL"), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Benjamin'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Ben'"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players pp JOIN players p"
                                 " ON p.id = pp.player_id WHERE p.name = 'Daniel'"), ==, 2);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE name = 'Daniel'"), ==, 2);
  /* Daniel learnt Dan's BGG username. */
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Daniel'"
                                 " AND bgg_username = 'dan_d'"), ==, 1);
}

static gboolean
read_xml (TkStore     *store,
          const char  *xml,
          gsize        length,
          GError     **error)
{
  g_autoptr(TkHistoryImport) import = tk_history_import_new ();

  return tk_history_import_add_file (import, xml, length, TK_HISTORY_FORMAT_BGG_XML, error) &&
         tk_history_import_prepare (import, store, error) &&
         tk_history_import_write (import, store, NULL, NULL, NULL, error);
}

static void
test_hostile_xml (void)
{
  static const char nul[] = "<plays username=\"a\"><play id=\"1\" date=\"2024-01-01\">"
                            "<item name=\"A\0B\" objectid=\"1\"/></play></plays>";
  static const char *const refused[] = {
    /* Billion laughs and external entities come in through a DOCTYPE. */
    "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 "
    "\"&lol;&lol;&lol;\">]><plays username=\"a\"><play id=\"1\" date=\"2024-01-01\">"
    "<item name=\"&lol2;\" objectid=\"1\"/></play></plays>",
    "<!DOCTYPE plays SYSTEM \"file:///etc/passwd\"><plays username=\"a\"/>",
    /* An entity XML does not define. */
    "<plays username=\"a\"><play id=\"1\" date=\"2024-01-01\"><item name=\"&nbsp;\" "
    "objectid=\"1\"/></play></plays>",
    /* A control character (ESC) in a name, through a numeric reference. */
    "<plays username=\"a\"><play id=\"1\" date=\"2024-01-01\"><item name=\"A\" objectid=\"1\"/>"
    "<players><player name=\"x&#27;[2J\" win=\"1\"/></players></play></plays>",
    /* A quantity beyond any real record, a negative length. */
    "<plays username=\"a\"><play id=\"1\" date=\"2024-01-01\" quantity=\"5000000\">"
    "<item name=\"A\" objectid=\"1\"/></play></plays>",
    "<plays username=\"a\"><play id=\"1\" date=\"2024-01-01\" length=\"-5\">"
    "<item name=\"A\" objectid=\"1\"/></play></plays>",
    /* Two pages in one file (GMarkup takes a second root element). */
    "<plays username=\"a\"></plays><plays username=\"b\"></plays>",
    /* Dates whose digits are not all digits (found by fuzzing: "202\x14" read as 202). */
    "<plays username=\"a\"><play id=\"1\" date=\"202\x14-07-14\"><item name=\"A\" objectid=\"1\"/>"
    "</play></plays>",
    "<plays username=\"a\"><play id=\"1\" date=\"2024-0x-14\"><item name=\"A\" objectid=\"1\"/>"
    "</play></plays>",
    /* Two games in one play. */
    "<plays username=\"a\"><play id=\"1\" date=\"2024-01-01\"><item name=\"A\" objectid=\"1\"/>"
    "<item name=\"B\" objectid=\"2\"/></play></plays>",
    /* Not UTF-8. */
    "<plays username=\"a\"><play id=\"1\" date=\"2024-01-01\"><item name=\"\xff\" "
    "objectid=\"1\"/></play></plays>",
    "",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(GString) deep = g_string_new ("<plays username=\"a\"><play id=\"1\" "
                                          "date=\"2024-01-01\"><item name=\"A\" objectid=\"1\"/>");

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_test_message ("refused case %u", i);
      g_assert_false (read_xml (store, refused[i], strlen (refused[i]), &error));
      g_assert_nonnull (error);
      /* The message is shown: never the file's bytes that are not text. */
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_clear_error (&error);
    }
  g_assert_false (read_xml (store, nul, sizeof nul - 1, &error));
  g_clear_error (&error);
  /* An attribute twice: refused with its line, neither value taken. */
  {
    static const char twice[] = "<plays username=\"a\">\n<play id=\"1001\" id=\"1002\" "
                                "date=\"2024-01-01\"><item name=\"A\" objectid=\"1\"/>"
                                "</play></plays>";
    g_autofree char *line = g_strdup_printf (_("Line %d: %s"), 2, "");

    g_assert_false (read_xml (store, twice, sizeof twice - 1, &error));
    g_assert_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID);
    g_assert_true (g_str_has_prefix (error->message, line));
    g_assert_nonnull (strstr (error->message, "“id”"));
    g_clear_error (&error);
  }
  for (guint i = 0; i < 10000; i++)
    g_string_append (deep, "<x>");
  g_assert_false (read_xml (store, deep->str, deep->len, &error));
  g_assert_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM games"), ==, 0);
}

/* Elements of a plays page where a page never has them (found by fuzzing: a play inside a
 * play's comments replaced the comments being read) are no part of it. */
static void
test_misplaced_elements (void)
{
  static const char xml[] =
    "<plays username=\"a\" total=\"1\"><play id=\"1\" date=\"2024-01-01\">"
    "<item name=\"Azul\" objectid=\"230802\"/><comments>good game "
    "<plays><play id=\"2\" date=\"2024-01-02\"><item name=\"Catan\" objectid=\"13\"/>"
    "<comments>inner</comments></play></plays></comments>"
    "<players><player name=\"Ana\" win=\"1\"><player name=\"Nested\"/></player></players>"
    "</play></plays>";
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);

  g_assert_no_error (error);
  g_assert_true (read_xml (store, xml, sizeof xml - 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM plays WHERE notes = 'good game inner'"),
                   ==, 1);
}

static void
test_same_name (void)
{
  static const char xml[] =
    "<plays username=\"aki_b\" total=\"1\"><play id=\"7\" date=\"2024-03-01\">"
    "<item name=\"Azul\" objectid=\"230802\"/><players>"
    "<player username=\"\" userid=\"0\" name=\"Ben\" score=\"10\" win=\"0\"/>"
    "<player username=\"\" userid=\"0\" name=\"ben\" score=\"20\" win=\"1\"/>"
    "<player username=\"aki_b\" userid=\"9\" name=\"Aki\" score=\"15\" win=\"0\"/>"
    "</players></play></plays>";
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);

  g_autoptr(TkHistoryImport) import = tk_history_import_new ();
  const TkHistoryPerson *second = NULL;

  g_assert_no_error (error);
  /* Two Bens in one play are two people: the second numbered, for the user to rename. */
  g_assert_true (tk_history_import_add_file (import, xml, sizeof xml - 1,
                                             TK_HISTORY_FORMAT_BGG_XML, &error));
  g_assert_true (tk_history_import_prepare (import, store, &error));
  g_assert_cmpuint (tk_history_import_get_summary (import)->n_clashes, ==, 1);
  g_assert_cmpuint (tk_history_import_get_summary (import)->n_people, ==, 3);
  for (guint i = 0; i < tk_history_import_get_n_people (import); i++)
    if (g_strcmp0 (tk_history_import_get_person (import, i)->roster_name, "Ben (2)") == 0)
      second = tk_history_import_get_person (import, i);
  g_assert_nonnull (second);
  g_assert_cmpstr (second->name, ==, "Ben");
  g_assert_true (tk_history_import_write (import, store, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Ben'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM players WHERE name = 'Ben (2)'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE player_id IS NULL"),
                   ==, 0);
  /* Ranks follow the scores the winners show: highest wins here. */
  g_assert_cmpint (tk_test_count (store, "SELECT rank FROM play_players WHERE score = 20"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT rank FROM play_players WHERE score = 10"), ==, 3);
}

/* Editing an imported play in the log dialog rewrites its seats: what the import kept beyond
 * Tablekeeper's columns stays with the same person, and goes with a person replaced. */
static void
test_edit_keeps (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkHistoryImport) import = NULL;
  g_autoptr(TkPlay) play = NULL;
  g_autoptr(TkPlay) edited = tk_play_new ();
  gint64 play_id;

  g_assert_no_error (error);
  import = import_fixture (store, "bgstats-export.json");
  g_assert_true (tk_history_import_write (import, store, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  play_id = tk_test_count (store, "SELECT play_id FROM play_players WHERE role = 'Medic'");
  play = tk_plays_get (store, play_id, &error);
  g_assert_no_error (error);

  g_assert_true (tk_plays_update (store, play, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE role IS NOT NULL"
                                 " AND start_player = 1"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE role IS NOT NULL"),
                   ==, 2);

  /* The second seat now another person; the score text of Ben's sum goes with a new score. */
  tk_play_set_id (edited, play_id);
  tk_play_set_game_title (edited, tk_play_get_game_title (play));
  tk_play_set_played_on (edited, tk_play_get_played_on (play));
  tk_play_add_player (edited, tk_play_get_player (play, 0));
  {
    TkPlayPlayer other = *tk_play_get_player (play, 1);

    other.name = (char *) "Eve";
    other.player_id = 0;
    /* the seat read back carries Ben's role; a person put in his place does not take it */
    other.role = NULL;
    other.score_text = other.team = NULL;
    other.start_player = FALSE;
    tk_play_add_player (edited, &other);
  }
  g_assert_true (tk_plays_update (store, edited, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE role = 'Medic'"), ==, 1);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE role = 'Scientist'"),
                   ==, 0);
}

/* A library of format 6 with a play and a roster upgrades to 7 (the play's new columns at
 * their defaults), and an import then joins its roster's Ben by name. */
static void
test_upgrade (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-history-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) store = NULL;
  g_autoptr(TkHistoryImport) import = NULL;
  const TkStoreMigration *steps;
  guint n_steps;
  sqlite3 *db = NULL;

  g_assert_no_error (error);
  steps = tk_store_schema_migrations (&n_steps);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  for (guint i = 0; i < n_steps && steps[i].version <= 6; i++)
    g_assert_cmpint (sqlite3_exec (db, steps[i].sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 6;"
                                     "INSERT INTO players (name) VALUES ('Ben');"
                                     "INSERT INTO plays (game_title, played_on)"
                                     "  VALUES ('Azul', '2023-01-01');"
                                     "INSERT INTO play_players (play_id, seat, player_id, name,"
                                     "  score, winner) VALUES (1, 0, 1, 'Ben', 40, 1);",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = tk_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tk_store_get_schema_version (store), ==, TK_STORE_SCHEMA_VERSION);
  g_assert_cmpint (tk_test_count (store, "SELECT incomplete + no_win_stats FROM plays"), ==, 0);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE score_text IS NULL"
                                 " AND role IS NULL AND team IS NULL AND start_player = 0"), ==, 1);
  import = import_fixture (store, "bgstats-export.json");
  g_assert_cmpuint (tk_history_import_get_summary (import)->n_new_people, ==, 3);
  g_assert_true (tk_history_import_write (import, store, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (store, "SELECT count(*) FROM play_players WHERE player_id = 1"), ==, 5);
  tk_store_close (store);

  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);
        g_unlink (file);
      }
    g_rmdir (dir);
  }
}

/* The seat of @play named @name (asserted to be there). */
static const TkPlayPlayer *
seat_named (TkPlay     *play,
            const char *name)
{
  for (guint i = 0; i < tk_play_get_n_players (play); i++)
    if (g_strcmp0 (tk_play_get_player (play, i)->name, name) == 0)
      return tk_play_get_player (play, i);
  g_assert_not_reached ();
}

/* The play a seat of which matches @where, read back from @store. */
static TkPlay *
play_where (TkStore    *store,
            const char *where)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = g_strdup_printf ("SELECT play_id FROM play_players WHERE %s", where);
  TkPlay *play = tk_plays_get (store, tk_test_count (store, sql), &error);

  g_assert_no_error (error);
  g_assert_nonnull (play);
  return play;
}

/* Checks what BG Stats said of the seats of the fixture's plays, as read from @store. */
static void
assert_seats (TkStore *store)
{
  g_autoptr(TkPlay) azul = play_where (store, "name = 'Ben' AND score = 52");
  g_autoptr(TkPlay) pandemic = play_where (store, "role = 'Medic'");
  g_autoptr(TkPlay) codenames = play_where (store, "team = '2'");
  const TkPlayPlayer *seat;

  seat = seat_named (azul, "Ben");
  g_assert_cmpstr (seat->score_text, ==, "40+12");
  g_assert_false (seat->start_player);
  seat = seat_named (azul, "Aki");
  g_assert_null (seat->score_text);          /* "61" is just the number */
  g_assert_true (seat->start_player);
  g_assert_null (seat->team);                /* "0": no team */
  g_assert_cmpstr (seat_named (pandemic, "Aki")->role, ==, "Medic");
  g_assert_cmpstr (seat_named (pandemic, "千代")->role, ==, "Scientist");
  g_assert_true (seat_named (pandemic, "千代")->start_player);
  g_assert_cmpstr (seat_named (codenames, "Ben")->team, ==, "1");
  g_assert_cmpstr (seat_named (codenames, "Dan")->team, ==, "2");
  g_assert_null (seat_named (codenames, "Dan")->role);
}

/* The score as typed, role, team and start player of an imported play are read back with
 * it, and go through Tablekeeper's own plays file into another library. */
static void
test_seats_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = tk_store_open_memory (&error);
  g_autoptr(TkStore) other = NULL;
  g_autoptr(TkHistoryImport) import = NULL;
  g_autofree char *json = NULL;
  guint n = 0;

  g_assert_no_error (error);
  import = import_fixture (store, "bgstats-export.json");
  g_assert_true (tk_history_import_write (import, store, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_seats (store);

  json = tk_plays_export_json (store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (json, "\"score_text\""));
  g_assert_nonnull (strstr (json, "\"start_player\""));
  /* absent when empty: a seat without a team says nothing of it */
  g_assert_null (strstr (json, "\"team\" : null"));
  g_assert_null (strstr (json, "\"start_player\" : false"));
  other = tk_store_open_memory (&error);
  g_assert_no_error (error);
  g_assert_true (tk_plays_import_json (other, json, -1, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, tk_test_count (store, "SELECT count(*) FROM plays"));
  assert_seats (other);
  g_assert_cmpuint (tk_test_count (other, "SELECT count(*) FROM play_players WHERE score_text IS NOT NULL"),
                    ==, tk_test_count (store, "SELECT count(*) FROM play_players WHERE score_text IS NOT NULL"));
  g_assert_cmpuint (tk_test_count (other, "SELECT count(*) FROM play_players WHERE start_player"),
                    ==, tk_test_count (store, "SELECT count(*) FROM play_players WHERE start_player"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history-import/scores", test_scores);
  g_test_add_func ("/history-import/undo", test_undo);
  g_test_add_func ("/history-import/people", test_people);
  g_test_add_func ("/history-import/hostile-xml", test_hostile_xml);
  g_test_add_func ("/history-import/same-name", test_same_name);
  g_test_add_func ("/history-import/misplaced-elements", test_misplaced_elements);
  g_test_add_func ("/history-import/edit-keeps", test_edit_keeps);
  g_test_add_func ("/history-import/upgrade", test_upgrade);
  g_test_add_func ("/history-import/seats-round-trip", test_seats_round_trip);
  return g_test_run ();
}
