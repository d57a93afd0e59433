/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collection-share.c — the collection shared with others: the HTML page escapes what it
 * shows, the JSON export round-trips and survives fuzzed files, and friends' lists are read in.
 * */
#include "config.h"

#include <glib/gstdio.h>

#include "tk-bgg-csv.h"
#include "tk-catalog.h"
#include "tk-collection.h"
#include "tk-game-index.h"
#include "tk-game-list.h"
#include "tk-test-collection.h"
#include "tk-test-store.h"

/* A library of its own per test, and what several collection tests read from it
 * (tests/tk-test-collection.h). */
typedef TkTestCollectionFixture Fixture;
#define fixture_contents(name, length) tk_test_collection_fixture_contents (name, length)
#define library_digest(store) tk_test_collection_library_digest (store)
#define find_by_title(collection, title) tk_test_collection_find_by_title (collection, title)

/* json-glib 1.6 parses on after the root value, accepts a second object or array and
 * leaks it (found by tests/fuzz/fuzz-collection-json): such files are refused. */
static void
test_json_fuzz_regressions (Fixture       *f,
                            gconstpointer  data)
{
  static const char *const inputs[] = {
    "{\"format\":\"tablekeeper-collection\",\"version\":1,\"games\":[]} {\"games\":[]}",
    "{\"format\":\"tablekeeper-collection\",\"games\":[] /* { */ } []",
    "{\"format\":\"tablekeeper-collection\",\"games\":[{\"title\":\"}\"}]}\n[1]",
    "\r\t\r3\r\r\n[]}",
  };
  const char *valid = "\xEF\xBB\xBF {\"format\":\"tablekeeper-collection\", /* \"}\" */"
                      " \"games\":[{\"title\":\"Brace } [ \\\" \"}]} \r\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autoptr(TkGame) mine = tk_game_new ("Already here");
  guint n = 0;

  tk_collection_add_game (f->collection, mine, &error);
  g_assert_no_error (error);
  before = library_digest (f->store);

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *after = NULL;

      g_test_message ("input %u", i);
      g_assert_false (tk_collection_import_json (f->collection, inputs[i], strlen (inputs[i]),
                                                 NULL, &local_error));
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      after = library_digest (f->store);
      g_assert_cmpstr (before, ==, after);
    }

  /* json-glib quoted half a character of this one in its message; and a "format" or a
   * "version" that is an object or an array made json-glib's getters warn. */
  {
    static const char *const odd[] = {
      "{\xEF\xBB\xBF}",
      "{\"format\":{\"a\":1},\"games\":[]}",
      "{\"format\":[\"tablekeeper-collection\"],\"games\":[]}",
    };

    for (guint i = 0; i < G_N_ELEMENTS (odd); i++)
      {
        g_autoptr(GError) local_error = NULL;

        g_assert_false (tk_collection_import_json (f->collection, odd[i], strlen (odd[i]), NULL,
                                                   &local_error));
        g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
        g_assert_true (g_utf8_validate (local_error->message, -1, NULL));
      }
  }
  {
    const char *version_list = "{\"format\":\"tablekeeper-collection\",\"version\":[2],\"games\":[]}";

    g_assert_true (tk_collection_import_json (f->collection, version_list, strlen (version_list),
                                              &n, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 0);
  }

  /* A byte-order mark, comments, braces in strings and trailing white space stay fine. */
  g_assert_true (tk_collection_import_json (f->collection, valid, strlen (valid), &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE title = 'Brace } [ \"'"), ==, 1);
}

static void
test_html_escapes (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = tk_game_new ("<script>alert(1)</script>");
  g_autofree char *html = NULL;

  g_object_set (game, "owned", TRUE, "comment", "<img src=x onerror=alert(2)> & \"quotes\"",
                "title-ja", "<b>太字</b>", NULL);
  tk_collection_add_game (f->collection, game, &error);
  g_assert_no_error (error);
  html = tk_collection_export_html (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  g_assert_null (strstr (html, "<script"));
  g_assert_null (strstr (html, "<img"));
  g_assert_null (strstr (html, "<b>"));
  g_assert_null (strstr (html, "://"));   /* nothing from the network */
  g_assert_nonnull (strstr (html, "name=\"viewport\""));

  /* Facts are joined without a dangling separator; a comment keeps its lines. */
  {
    g_autoptr(TkGame) second = tk_game_new ("Two Facts");
    g_autofree char *again = NULL;

    g_object_set (second, "owned", TRUE, "min-players", 2, "max-players", 4, "max-time", 30,
                  "comment", "first line\nsecond line", NULL);
    tk_collection_add_game (f->collection, second, &error);
    g_assert_no_error (error);
    again = tk_collection_export_html (f->collection, 0, &error);
    g_assert_no_error (error);
    g_assert_null (strstr (again, " · </div>"));
    g_assert_nonnull (strstr (again, "players · 30 minutes</div>"));
    g_assert_nonnull (strstr (again, "<p class=\"comment\">first line\nsecond line</p>"));
    g_assert_nonnull (strstr (again, "white-space:pre-line"));
  }
}

static void
test_json_round_trip (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gsize length;
  g_autofree char *csv = fixture_contents ("bgg-collection.csv", &length);
  g_autofree char *json = NULL;
  g_autofree char *json2 = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint n;

  g_assert_true (tk_bgg_csv_import (f->collection, csv, length, NULL, &error));
  g_assert_true (tk_collection_set_status (f->collection, find_by_title (f->collection, "Harbour Lights"),
                                           TK_GAME_STATUS_FAVOURITE, TRUE, &error));
  json = tk_collection_export_json (f->collection, 0, &error);
  g_assert_no_error (error);

  /* Into an empty library and out again: the same games and entries. */
  g_clear_object (&f->collection);
  tk_store_close (f->store);
  g_clear_object (&f->store);
  f->store = tk_store_open_memory (&error);
  f->collection = tk_collection_new (f->store);
  g_assert_true (tk_collection_import_json (f->collection, json, strlen (json), &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 6);
  json2 = tk_collection_export_json (f->collection, 0, &error);
  /* Only the time stamp differs. */
  g_assert_cmpstr (strstr (json, "\"games\""), ==, strstr (json2, "\"games\""));

  /* Importing it again changes nothing; a broken copy changes nothing either. */
  before = library_digest (f->store);
  g_assert_true (tk_collection_import_json (f->collection, json, strlen (json), &n, &error));
  json[strlen (json) / 2] = '\0';
  g_assert_false (tk_collection_import_json (f->collection, json, strlen (json), &n, &error));
  g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
  after = library_digest (f->store);
  g_assert_cmpstr (before, ==, after);
}

static void
test_friends (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lists = NULL;
  g_autoptr(GPtrArray) both = NULL;
  g_autoptr(GPtrArray) they_own = NULL;
  g_autoptr(GPtrArray) they_want = NULL;
  const char *mine = "objectname,objectid,own,wanttoplay\n"
                     "Alpha,1001,1,0\nBeta,1002,0,1\nGamma,1003,1,0\nDelta,1004,1,0\n";
  const char *theirs = "{\"format\":\"tablekeeper-collection\",\"version\":1,\"games\":["
                       "{\"title\":\"Alpha\",\"bgg_id\":1001,\"statuses\":[\"owned\"]},"
                       "{\"title\":\"Beta\",\"bgg_id\":1002,\"statuses\":[\"owned\"]},"
                       "{\"title\":\"Gamma\",\"bgg_id\":1003,\"statuses\":[\"want-to-play\"]},"
                       "{\"title\":\"Omega\",\"statuses\":[\"owned\"]}]}";

  g_assert_true (tk_bgg_csv_import (f->collection, mine, strlen (mine), NULL, &error));
  g_assert_cmpint (tk_collection_import_friend_list (f->collection, "Ana", theirs, strlen (theirs),
                                                     &error), >, 0);
  g_assert_no_error (error);
  lists = tk_collection_list_friend_lists (f->collection, &error);
  g_assert_cmpuint (lists->len, ==, 1);

  both = tk_collection_friend_matches (f->collection, "Ana", TK_FRIEND_MATCH_BOTH_OWN, &error);
  they_own = tk_collection_friend_matches (f->collection, "Ana", TK_FRIEND_MATCH_THEY_OWN_YOU_WANT, &error);
  they_want = tk_collection_friend_matches (f->collection, "Ana", TK_FRIEND_MATCH_YOU_OWN_THEY_WANT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (both->len, ==, 1);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (both, 0)), ==, "Alpha");
  g_assert_cmpuint (they_own->len, ==, 1);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (they_own, 0)), ==, "Beta");
  g_assert_cmpuint (they_want->len, ==, 1);
  g_assert_cmpstr (tk_game_get_title (g_ptr_array_index (they_want, 0)), ==, "Gamma");

  /* A friend's list never touches your own collection. */
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE title = 'Omega'"), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add (name, Fixture, NULL, tk_test_collection_fixture_set_up, func, \
              tk_test_collection_fixture_tear_down)
  ADD ("/share/html-escapes", test_html_escapes);
  ADD ("/share/json-round-trip", test_json_round_trip);
  ADD ("/share/json-fuzz-regressions", test_json_fuzz_regressions);
  ADD ("/share/friends", test_friends);
  return g_test_run ();
}
