/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-display-title.c — the one rule for the title shown (tk-display-title.h): which title
 * in an English and a Japanese UI, the sort key, the SQL function, a BGG export's Japanese
 * name kept as the Japanese title, and sessions and plays shown like their game. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tk-bgg-csv.h"
#include "tk-catalog.h"
#include "tk-collection.h"
#include "tk-bgg-names.h"
#include "tk-display-title.h"
#include "tk-plays.h"
#include "tk-rules.h"
#include "tk-session.h"
#include "generic/tk-generic-rules.h"

static void
set_ui_language (const char *language)
{
  /* GLib reads LANGUAGE again when it changes. */
  g_setenv ("LANGUAGE", language, TRUE);
}

static void
test_rule (void)
{
  g_autofree char *key_agora = NULL, *key_city = NULL, *key_lower = NULL, *key_upper = NULL;

  set_ui_language ("C");
  g_assert_false (tk_display_title_prefers_japanese ());
  g_assert_cmpstr (tk_display_title ("Agora", "アゴラ"), ==, "Agora");
  g_assert_cmpstr (tk_display_title_other ("Agora", "アゴラ"), ==, "アゴラ");
  g_assert_cmpstr (tk_display_title ("Carcassonne", NULL), ==, "Carcassonne");
  g_assert_null (tk_display_title_other ("Carcassonne", NULL));
  g_assert_null (tk_display_title_other ("Carcassonne", "  "));

  set_ui_language ("ja");
  g_assert_true (tk_display_title_prefers_japanese ());
  g_assert_cmpstr (tk_display_title ("Agora", "アゴラ"), ==, "アゴラ");
  g_assert_cmpstr (tk_display_title_other ("Agora", "アゴラ"), ==, "Agora");
  g_assert_cmpstr (tk_display_title ("Carcassonne", NULL), ==, "Carcassonne");
  g_assert_cmpstr (tk_display_title ("Carcassonne", ""), ==, "Carcassonne");
  g_assert_null (tk_display_title_other ("メトロマニア", "メトロマニア"));
  set_ui_language ("ja_JP.UTF-8");
  g_assert_true (tk_display_title_prefers_japanese ());
  set_ui_language ("jv");   /* Javanese is not Japanese */
  g_assert_false (tk_display_title_prefers_japanese ());

  /* The key sorts by the title shown: two games whose order flips with the language. */
  set_ui_language ("ja");
  key_agora = tk_display_title_collate_key ("Zoo", "アゴラ");
  key_city = tk_display_title_collate_key ("Apple", "ンジャメナ");
  g_assert_cmpint (strcmp (key_agora, key_city), <, 0);
  g_clear_pointer (&key_agora, g_free);
  g_clear_pointer (&key_city, g_free);
  set_ui_language ("C");
  key_agora = tk_display_title_collate_key ("Zoo", "アゴラ");
  key_city = tk_display_title_collate_key ("Apple", "ンジャメナ");
  g_assert_cmpint (strcmp (key_agora, key_city), >, 0);
  /* Case does not split a list. */
  key_lower = tk_display_title_collate_key ("agora", NULL);
  key_upper = tk_display_title_collate_key ("Agora", NULL);
  g_assert_cmpstr (key_lower, ==, key_upper);

  g_assert_true (tk_display_title_is_japanese_text ("テラフォーミング・マーズ"));
  g_assert_true (tk_display_title_is_japanese_text ("将棋"));
  g_assert_false (tk_display_title_is_japanese_text ("Terraforming Mars"));
  g_assert_false (tk_display_title_is_japanese_text (NULL));
}

typedef struct
{
  char    *dir;
  TkStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  set_ui_language ("C");
  f->dir = g_dir_make_tmp ("tk-display-title-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  tk_store_close (f->store);
  g_clear_object (&f->store);
  dir = g_dir_open (f->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (f->dir, name, NULL);
      g_unlink (child);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  set_ui_language ("C");
}

static gint64
game_id_for (TkStore    *store,
             const char *where)
{
  g_autofree char *sql = g_strdup_printf ("SELECT id FROM games WHERE %s", where);

  return tk_store_query_int (store, sql, 0, NULL);
}

static char *
query_text (TkStore    *store,
            const char *sql)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, NULL);
  char *text = NULL;

  g_assert_nonnull (stmt);
  if (sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_text (stmt, 0) != NULL)
    text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return text;
}

/* A BGG export from a Japanese account names Terraforming Mars テラフォーミング・マーズ; matched
 * to the catalog by its BGG id, the game keeps its title and gains the name as its Japanese
 * title, shown in a Japanese UI; an English alias does not become a "Japanese title". */
static void
test_bgg_japanese_name (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(TkCollection) collection = tk_collection_new (f->store);
  g_autoptr(GString) csv = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = NULL;
  g_autofree char *title_ja = NULL;
  gint64 id = game_id_for (f->store, "bgg_id = 167791");
  gint64 carcassonne = game_id_for (f->store, "bgg_id = 822");
  guint n = 0;

  g_assert_cmpint (id, >, 0);
  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    g_string_append_printf (csv, "%s%s", c > 0 ? "," : "", tk_bgg_csv_columns[c]);
  g_string_append_c (csv, '\n');
  for (guint row = 0; row < 2; row++)
    {
      for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
        {
          const char *value = "";

          if (g_str_equal (tk_bgg_csv_columns[c], "objectname"))
            value = row == 0 ? "テラフォーミング・マーズ" : "Carcassonne: Big Box";
          else if (g_str_equal (tk_bgg_csv_columns[c], "objectid"))
            value = row == 0 ? "167791" : "822";
          else if (g_str_equal (tk_bgg_csv_columns[c], "own"))
            value = "1";
          g_string_append_printf (csv, "%s\"%s\"", c > 0 ? "," : "", value);
        }
      g_string_append_c (csv, '\n');
    }
  g_assert_true (tk_bgg_csv_import (collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 2);

  game = tk_collection_get_game (collection, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_game_get_title (game), ==, "Terraforming Mars");
  g_assert_cmpstr (tk_game_get_title_ja (game), ==, "テラフォーミング・マーズ");
  g_assert_cmpstr (tk_game_get_display_title (game), ==, "Terraforming Mars");
  set_ui_language ("ja");
  g_assert_cmpstr (tk_game_get_display_title (game), ==, "テラフォーミング・マーズ");
  g_assert_cmpstr (tk_game_get_other_title (game), ==, "Terraforming Mars");
  g_clear_object (&game);
  game = tk_collection_get_game (collection, carcassonne, &error);
  g_assert_null (tk_game_get_title_ja (game));

  /* A catalog upgrade rewrites the catalog's rows (title_ja back to the catalog's NULL);
   * the name from the user's export is taken again from the entry. */
  g_assert_true (tk_store_exec (f->store, "UPDATE games SET title_ja = NULL WHERE bgg_id = 167791",
                                &error));
  g_assert_true (tk_bgg_names_adopt (f->store, 0, &error));
  g_assert_no_error (error);
  title_ja = query_text (f->store, "SELECT title_ja FROM games WHERE bgg_id = 167791");
  g_assert_cmpstr (title_ja, ==, "テラフォーミング・マーズ");

  /* A name written with JSON escapes only (another program's JSON) is found as well: the
   * quick test that skips entries without Japanese text looks for escapes too. */
  g_assert_true (tk_store_exec (f->store,
                                "UPDATE collection SET bgg_extra = '{\"objectname\":\"\\u30c6\\u30e9\"}'"
                                " WHERE game_id = (SELECT id FROM games WHERE bgg_id = 167791);"
                                "UPDATE games SET title_ja = NULL WHERE bgg_id = 167791", &error));
  g_assert_no_error (error);
  g_assert_true (tk_bgg_names_adopt (f->store, 0, &error));
  g_clear_pointer (&title_ja, g_free);
  title_ja = query_text (f->store, "SELECT title_ja FROM games WHERE bgg_id = 167791");
  g_assert_cmpstr (title_ja, ==, "テラ");
}

/* ORDER BY tk_title_key (title, title_ja) sorts as the UI shows: the games with a Japanese
 * title move in a Japanese UI. */
static void
test_sql_order (Fixture       *f,
                gconstpointer  data)
{
  const char *sql = "SELECT group_concat (id) FROM (SELECT id FROM games WHERE catalog_key IN"
                    " ('tk:agora', 'tk:city-plan', 'bgg:23908', 'bgg:822')"
                    " ORDER BY tk_title_key (title, title_ja), id)";
  g_autofree char *english = NULL, *japanese = NULL, *expected_en = NULL, *expected_ja = NULL;
  gint64 agora = game_id_for (f->store, "catalog_key = 'tk:agora'");
  gint64 city_plan = game_id_for (f->store, "catalog_key = 'tk:city-plan'");
  gint64 metromania = game_id_for (f->store, "catalog_key = 'bgg:23908'");
  gint64 carcassonne = game_id_for (f->store, "catalog_key = 'bgg:822'");

  set_ui_language ("C");
  english = query_text (f->store, sql);
  expected_en = g_strdup_printf ("%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                                 ",%" G_GINT64_FORMAT, agora, carcassonne, city_plan, metromania);
  g_assert_cmpstr (english, ==, expected_en);

  /* Latin letters first, then the kana in their order: ア, シ, メ. */
  set_ui_language ("ja");
  japanese = query_text (f->store, sql);
  expected_ja = g_strdup_printf ("%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                                 ",%" G_GINT64_FORMAT, carcassonne, agora, city_plan, metromania);
  g_assert_cmpstr (japanese, ==, expected_ja);
}

/* A session and its play show the game's title by the rule, whichever title the game was
 * chosen by; a session the user named keeps its name. */
static void
test_session_and_play (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSession) session = NULL;
  g_autoptr(TkSession) named = NULL;
  g_autoptr(TkSession) loaded = NULL;
  g_autoptr(TkPlay) play = NULL;
  g_autoptr(JsonObject) setup = NULL;
  gint64 agora = game_id_for (f->store, "catalog_key = 'tk:agora'");
  gint64 play_id = 0;
  JsonArray *players = json_array_new ();
  JsonObject *ana = json_object_new ();

  tk_games_register_all ();
  json_object_set_string_member (ana, "name", "Ana");
  json_array_add_object_element (players, ana);
  setup = json_object_new ();
  json_object_set_array_member (setup, "players", players);
  json_object_set_string_member (setup, "win", "high");

  /* Chosen in a Japanese UI: the picker hands over アゴラ; the library keeps "Agora". */
  session = tk_session_start (f->store, TK_GENERIC_RULES_ID, agora, "アゴラ", setup, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_session_get_title (session), ==, "Agora");
  set_ui_language ("C");
  g_assert_cmpstr (tk_session_get_display_title (session), ==, "Agora");
  set_ui_language ("ja");
  g_assert_cmpstr (tk_session_get_display_title (session), ==, "アゴラ");
  loaded = tk_session_load (f->store, tk_session_get_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_session_get_display_title (loaded), ==, "アゴラ");

  named = tk_session_start (f->store, TK_GENERIC_RULES_ID, agora, "Agora at Ben’s", setup, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_session_get_display_title (named), ==, "Agora at Ben’s");

  g_assert_true (tk_session_finish (session, "2026-10-03", NULL, NULL, &play_id, &error));
  g_assert_no_error (error);
  play = tk_plays_get (f->store, play_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tk_play_get_game_title (play), ==, "Agora");
  g_assert_cmpstr (tk_play_get_display_title (play), ==, "アゴラ");
  /* The CSV export (for people) in the UI's language; the JSON (read back) as stored. */
  {
    g_autofree char *csv = tk_plays_export_csv (f->store, &error);
    g_autofree char *json = tk_plays_export_json (f->store, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (csv, ",\"アゴラ\","));
    g_assert_nonnull (strstr (json, "\"Agora\""));
    g_assert_null (strstr (json, "アゴラ"));
  }
  set_ui_language ("C");
  g_assert_cmpstr (tk_play_get_display_title (play), ==, "Agora");
}

/* The shared HTML page names each game by the title shown in the UI's language, the other
 * title under it. */
static void
test_html (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(TkCollection) collection = tk_collection_new (f->store);
  g_autoptr(GError) error = NULL;
  g_autofree char *english = NULL, *japanese = NULL;
  gint64 agora = game_id_for (f->store, "catalog_key = 'tk:agora'");

  g_assert_true (tk_collection_set_status (collection, agora, TK_GAME_STATUS_OWNED, TRUE, &error));
  g_assert_no_error (error);
  set_ui_language ("C");
  english = tk_collection_export_html (collection, 0, &error);
  g_assert_no_error (error);
  set_ui_language ("ja");
  japanese = tk_collection_export_html (collection, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (english, "<h2>Agora"));
  g_assert_nonnull (strstr (english, "<div class=\"other\" lang=\"ja\">アゴラ</div>"));
  g_assert_nonnull (strstr (japanese, "<h2 lang=\"ja\">アゴラ"));
  g_assert_nonnull (strstr (japanese, "<div class=\"other\" lang=\"en\">Agora</div>"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/display-title/rule", test_rule);
  g_test_add ("/display-title/bgg-japanese-name", Fixture, NULL, fixture_set_up,
              test_bgg_japanese_name, fixture_tear_down);
  g_test_add ("/display-title/sql-order", Fixture, NULL, fixture_set_up, test_sql_order,
              fixture_tear_down);
  g_test_add ("/display-title/session-and-play", Fixture, NULL, fixture_set_up,
              test_session_and_play, fixture_tear_down);
  g_test_add ("/display-title/html", Fixture, NULL, fixture_set_up, test_html, fixture_tear_down);
  return g_test_run ();
}
