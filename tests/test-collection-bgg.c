/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collection-bgg.c — BoardGameGeek CSV exports into the collection: the reader, games not in
 * the catalog, catalog names, a bulk import, the round trip, malformed and fuzzed files, the
 * import in a thread with its progress, texts common to many rows and a Japanese name given
 * twice. */
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

/* A BGG export's header line, all 58 columns. */
static GString *
bgg_csv_header (void)
{
  GString *csv = g_string_new (NULL);

  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    g_string_append_printf (csv, "%s%s", c > 0 ? "," : "", tk_bgg_csv_columns[c]);
  g_string_append_c (csv, '\n');
  return csv;
}

/* Appends a row: @pairs is column, value, column, value, …, NULL; other columns are "". */
static void
bgg_csv_add_row (GString           *csv,
                 const char * const *pairs)
{
  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    {
      const char *value = "";

      for (guint k = 0; pairs[k] != NULL; k += 2)
        if (g_str_equal (pairs[k], tk_bgg_csv_columns[c]))
          value = pairs[k + 1];
      g_string_append_printf (csv, "%s\"%s\"", c > 0 ? "," : "", value);
    }
  g_string_append_c (csv, '\n');
}

/* BoardGameGeek's "N/A" (unrated, no average) and "Not Ranked" read as unknown: the row is
 * imported, unrated; anything else that is not a number is still refused. */
static void
test_bgg_not_available (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  guint n = 0;

  bgg_csv_add_row (csv, (const char *[]) { "objectname", "Unrated Game", "objectid", "9199999",
                                            "rating", "N/A", "average", "N/A",
                                            "rank", "Not Ranked", "own", "1", NULL });

  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection JOIN games ON id = game_id"
                                    " WHERE bgg_id = 9199999 AND owned = 1"
                                    " AND (rating IS NULL OR rating = 0)"), ==, 1);

  /* "N/A" is no BoardGameGeek id: refused, naming the line and column, nothing changed. */
  {
    g_autofree char *digest = library_digest (f->store);
    g_autofree char *after = NULL;

    g_assert_cmpuint (g_string_replace (csv, "\"9199999\"", "\"N/A\"", 1), ==, 1);
    g_assert_false (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
    g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "Line 2"));
    g_assert_nonnull (strstr (error->message, "objectid"));
    after = library_digest (f->store);
    g_assert_cmpstr (digest, ==, after);
  }
}

/* A row for a catalog game under another name (the user's Japanese edition): the game keeps
 * the catalog's title and statuses come in; the export writes the file's name back. */
static void
test_bgg_catalog_name (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  g_autofree char *exported = NULL;
  guint n = 0;

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_assert_no_error (error);
  bgg_csv_add_row (csv, (const char *[]) { "objectname", "カルカソンヌ", "objectid", "822",
                                            "own", "1", NULL });

  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games JOIN collection ON id = game_id"
                                    " WHERE bgg_id = 822 AND title = 'Carcassonne' AND owned = 1"
                                    " AND source = 'catalog'"), ==, 1);
  exported = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported, "\"カルカソンヌ\",\"822\""));
  g_assert_null (strstr (exported, "\"Carcassonne\",\"822\""));
}

/* The text in the one row @sql gives. */
static char *
query_text (TkStore    *store,
            const char *sql)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, NULL);
  char *text;

  g_assert_nonnull (stmt);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return text;
}

static char *
schema_text (TkStore *store)
{
  return query_text (store, "SELECT group_concat (sql, ';') FROM"
                            " (SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL"
                            "  ORDER BY name)");
}

/* A first import of many rows builds the secondary indexes at the end: afterwards the schema
 * is exactly as before, the indexes agree with the tables, and they are used. */
static void
test_bgg_bulk_import (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  g_autofree char *before = schema_text (f->store);
  g_autofree char *after = NULL;
  guint n = 0;

  for (guint i = 0; i < 1200; i++)
    {
      g_autofree char *name = g_strdup_printf ("Bulk Game %04u", 1199 - i);
      g_autofree char *id = g_strdup_printf ("%u", 8000000 + i);
      g_autofree char *rating = g_strdup_printf ("%u", i % 11);
      g_autofree char *players = g_strdup_printf ("%u", 1 + i % 4);

      bgg_csv_add_row (csv, (const char *[]) { "objectname", name, "objectid", id,
                                                "own", i % 2 ? "1" : "0", "rating", rating,
                                                "minplayers", players, NULL });
    }
  /* First with a bad number far down the file: written rows and dropped indexes are all
   * rolled back, the schema and the library are as they were. */
  {
    g_autoptr(GString) bad = g_string_new (csv->str);
    g_autofree char *digest = library_digest (f->store);
    g_autofree char *digest_after = NULL;
    g_autofree char *schema_after = NULL;

    g_assert_cmpuint (g_string_replace (bad, "\"Bulk Game 0100\",\"8001099\",\"10\"",
                                        "\"Bulk Game 0100\",\"8001099\",\"ten\"", 1), ==, 1);
    g_assert_false (tk_bgg_csv_import (f->collection, bad->str, bad->len, &n, &error));
    g_assert_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "Line 1101"));
    g_clear_error (&error);
    digest_after = library_digest (f->store);
    schema_after = schema_text (f->store);
    g_assert_cmpstr (digest, ==, digest_after);
    g_assert_cmpstr (before, ==, schema_after);
  }

  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1200);

  after = schema_text (f->store);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE bgg_id >= 8000000"), ==, 1200);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE owned = 1"), ==, 600);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games INDEXED BY games_title"
                                    " WHERE title >= 'Bulk Game 0600' COLLATE NOCASE"), ==, 600);
  {
    sqlite3_stmt *stmt = tk_store_prepare (f->store, "PRAGMA integrity_check", NULL);

    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
    sqlite3_reset (stmt);
  }
}

static void
test_bgg_round_trip (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gsize length;
  g_autofree char *original = fixture_contents ("bgg-collection.csv", &length);
  g_autofree char *exported = NULL;
  g_autoptr(GPtrArray) a = NULL;
  g_autoptr(GPtrArray) b = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *digest2 = NULL;
  guint n = 0;

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_assert_true (tk_bgg_csv_import (f->collection, original, length, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 6);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE owned = 1"), ==, 4);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE want_to_play = 1"), ==, 2);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE played = 1"), ==, 4);
  g_assert_cmpint (tk_test_count (f->store, "SELECT rating FROM collection JOIN games ON id = game_id"
                                    " WHERE bgg_id = 9100002"), ==, 8);

  /* Re-import: updates by BGG id, no duplicates. */
  digest = library_digest (f->store);
  g_assert_true (tk_bgg_csv_import (f->collection, original, length, &n, &error));
  digest2 = library_digest (f->store);
  g_assert_cmpstr (digest, ==, digest2);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM games WHERE source = 'import'"), ==, 5);

  exported = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  a = tk_csv_parse (original, length, &error);
  b = tk_csv_parse (exported, strlen (exported), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->len, ==, b->len);

  /* Every column of every row comes back as it was (rows are in title order). */
  for (guint i = 1; i < a->len; i++)
    {
      TkCsvRecord *ra = g_ptr_array_index (a, i);
      gboolean found = FALSE;

      for (guint j = 1; j < b->len; j++)
        {
          TkCsvRecord *rb = g_ptr_array_index (b, j);
          if (g_strcmp0 (ra->fields[1], rb->fields[1]) != 0)
            continue;
          found = TRUE;
          for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
            g_assert_cmpstr (ra->fields[c], ==, rb->fields[c]);
        }
      g_assert_true (found);
    }
}

static void
test_bgg_malformed (Fixture       *f,
                    gconstpointer  data)
{
  struct { const char *file; const char *line; } cases[] = {
    { "bgg-missing-column.csv", "Line 1:" },
    { "bgg-bad-utf8.csv", "Line 4:" },
    { "bgg-truncated.csv", "Line 6:" },
    { "bgg-field-count.csv", "Line 5:" },
    { "bgg-bad-quote.csv", "Line 4:" },
    { "bgg-bad-number.csv", "Line 5:" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autoptr(TkGame) mine = tk_game_new ("Already here");

  g_assert_true (tk_catalog_ensure (f->store, NULL, &error));
  g_object_set (mine, "owned", TRUE, NULL);
  tk_collection_add_game (f->collection, mine, &error);
  g_assert_no_error (error);
  before = library_digest (f->store);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length;
      g_autofree char *contents = fixture_contents (cases[i].file, &length);
      g_autofree char *after = NULL;
      g_autoptr(GError) local_error = NULL;

      g_test_message ("%s", cases[i].file);
      g_assert_false (tk_bgg_csv_import (f->collection, contents, length, NULL, &local_error));
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      g_assert_nonnull (strstr (local_error->message, cases[i].line));
      after = library_digest (f->store);
      g_assert_cmpstr (before, ==, after);
    }
}

static void
test_csv_reader (void)
{
  const char *text = "a,b,c\r\n\"x,1\",\"he said \"\"hi\"\"\",\"two\nlines\"\n,,\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = tk_csv_parse (text, strlen (text), &error);
  TkCsvRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 3);
  r = g_ptr_array_index (records, 1);
  g_assert_cmpstr (r->fields[0], ==, "x,1");
  g_assert_cmpstr (r->fields[1], ==, "he said \"hi\"");
  g_assert_cmpstr (r->fields[2], ==, "two\nlines");
  r = g_ptr_array_index (records, 2);
  g_assert_cmpuint (r->line, ==, 4);
  g_assert_cmpuint (r->n_fields, ==, 3);
  g_assert_cmpstr (r->fields[2], ==, "");
}

/* Inputs the fuzz harnesses (tests/fuzz) found crashing the importers: each is refused
 * with a readable error, by the import and by the friends' list import, and writes nothing. */
static void
test_bgg_fuzz_regressions (Fixture       *f,
                           gconstpointer  data)
{
  static const char *const inputs[] = {
    "\r",                    /* only blank lines: there was no header record to read */
    "\n\n\n",
    "\r\n\r\n",
    "\xEF\xBB\xBF\r\n",
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autoptr(TkGame) mine = tk_game_new ("Already here");

  tk_collection_add_game (f->collection, mine, &error);
  g_assert_no_error (error);
  before = library_digest (f->store);

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(GPtrArray) records = NULL;
      g_autofree char *after = NULL;
      gsize length = strlen (inputs[i]);

      g_test_message ("input %u", i);
      records = tk_csv_parse (inputs[i], length, &local_error);
      g_assert_null (records);
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      g_clear_error (&local_error);

      g_assert_false (tk_bgg_csv_import (f->collection, inputs[i], length, NULL, &local_error));
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);
      g_clear_error (&local_error);

      g_assert_cmpint (tk_collection_import_friend_list (f->collection, "Fuzz", inputs[i], length,
                                                         &local_error), ==, 0);
      g_assert_error (local_error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_PARSE);

      after = library_digest (f->store);
      g_assert_cmpstr (before, ==, after);
    }
}

static void
on_progress (guint    done,
             guint    total,
             gpointer user_data)
{
  GArray *seen = user_data;

  /* KiB of the file: done never passes the total, nor goes back. */
  g_assert_true (g_main_context_is_owner (g_main_context_default ()));
  g_assert_cmpuint (done, <=, total);
  if (seen->len > 0)
    g_assert_cmpuint (done, >=, g_array_index (seen, guint, seen->len - 1));
  g_array_append_val (seen, done);
}

static void
on_imported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  guint *n = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(TkImportSummary) summary = { 0 };

  g_assert_true (tk_bgg_csv_import_finish (TK_COLLECTION (source), result, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.n_added + summary.n_updated + summary.n_matched, ==, summary.n_read);
  *n = summary.n_added;
}

static void
test_bgg_import_async (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GString) csv = g_string_new ("objectname,objectid,own,numplays,minplayers,maxplayers\n");
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GBytes) bytes = NULL;
  guint n = G_MAXUINT;

  for (guint i = 0; i < 1200; i++)
    g_string_append_printf (csv, "\"Game %u\",%u,1,%u,2,4\n", i, 800000 + i, i % 3);
  bytes = g_bytes_new (csv->str, csv->len);
  tk_bgg_csv_import_async (f->collection, bytes, on_progress, seen, NULL, on_imported, &n);
  while (n == G_MAXUINT)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (n, ==, 1200);
  g_assert_cmpuint (seen->len, >=, 3);
  g_assert_cmpuint (g_array_index (seen, guint, 0), ==, 0);
  g_assert_cmpuint (g_array_index (seen, guint, seen->len - 1), ==, csv->len / 1024);
  g_assert_cmpint (tk_test_count (f->store, "SELECT count(*) FROM collection WHERE owned = 1"), ==, 1200);
}

static char *
entry_extra (TkStore    *store,
             const char *bgg_id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT c.bgg_extra FROM collection c JOIN games g"
                                          " ON g.id = c.game_id WHERE g.bgg_id = %s", bgg_id);

  return query_text (store, sql);
}

/* BGG's common texts ("0", "thing", the language-dependence levels) are kept as numbers in
 * an entry's compact columns, and the export writes the texts back; a library of format 8,
 * whose entries hold them as texts (and null gaps), is upgraded and exports the same. */
static void
test_bgg_common_texts (Fixture       *f,
                       gconstpointer  data)
{
  const char *row[] = { "objectname", "Compact Game", "objectid", "9100001", "own", "1",
                        "fortrade", "0", "objecttype", "thing", "itemtype", "expansion",
                        "bgglanguagedependence", "Unplayable in another language",
                        "language", "thing2", "other", "10", "barcode", "", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = bgg_csv_header ();
  g_autofree char *stored = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *again = NULL;
  g_autofree char *path = g_build_filename (f->dir, "library.db", NULL);
  g_autofree char *old_form = NULL;
  guint n = 0;

  bgg_csv_add_row (csv, row);
  g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
  g_assert_no_error (error);
  stored = entry_extra (f->store, "9100001");
  /* A gap is 0, fortrade "0" is 1, objecttype "thing" 3, language-dependence level 5 is 10, itemtype
   * "expansion" 5; a text that only starts like one stays a text. */
  g_assert_true (g_str_has_prefix (stored, "[0,0,\"\",\"\",0,0,1,0,"));
  g_assert_nonnull (strstr (stored, ",3,"));
  g_assert_nonnull (strstr (stored, ",10,"));
  g_assert_nonnull (strstr (stored, "\"thing2\",\"10\",5"));
  g_assert_null (strstr (stored, "Unplayable"));
  g_assert_null (strstr (stored, "null"));
  exported = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (exported, "\"thing\""));
  g_assert_nonnull (strstr (exported, "\"Unplayable in another language\""));
  g_assert_nonnull (strstr (exported, "\"thing2\",\"10\",\"expansion\""));

  /* As format 8 stored it: texts, null gaps (no field of this row holds a comma). */
  {
    const char *texts[] = { "null", "\"0\"", "\"1\"", "\"thing\"", "\"standalone\"",
                            "\"expansion\"", NULL, NULL, NULL, NULL,
                            "\"Unplayable in another language\"" };
    g_auto(GStrv) items = g_strsplit_set (stored, "[,]", -1);
    g_autoptr(GString) old = g_string_new ("[");
    g_autofree char *update = NULL;

    for (guint i = 1; items[i + 1] != NULL; i++)
      {
        guint64 code = 0;
        gboolean is_code = g_ascii_string_to_unsigned (items[i], 10, 0, 10, &code, NULL);

        g_assert_true (!is_code || texts[code] != NULL);
        g_string_append_printf (old, "%s%s", i > 1 ? "," : "", is_code ? texts[code] : items[i]);
      }
    g_string_append_c (old, ']');
    old_form = g_strdup (old->str);
    g_assert_null (strstr (old_form, ",1,"));
    update = g_strdup_printf ("UPDATE collection SET bgg_extra = '%s'; %s"
                              " PRAGMA user_version = 8", old_form, tk_test_undo_v11_sql ());
    g_assert_true (tk_store_exec (f->store, update, &error));
    g_assert_no_error (error);
  }
  g_clear_object (&f->collection);
  tk_store_close (f->store);
  g_clear_object (&f->store);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  f->collection = tk_collection_new (f->store);
  g_assert_cmpint (tk_store_get_schema_version (f->store), ==, TK_STORE_SCHEMA_VERSION);
  g_clear_pointer (&stored, g_free);
  stored = entry_extra (f->store, "9100001");
  g_assert_cmpstr (stored, ==, old_form);
  again = tk_bgg_csv_export (f->collection, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, exported);
}

/* A catalog game the file names twice takes the Japanese name of the last row only, as one
 * named once does: the rows after the first are merged one by one. */
static void
test_bgg_japanese_name_twice (Fixture       *f,
                              gconstpointer  data)
{
  const char *orders[2][2] = { { "カルカソンヌ", "Carcassonne" },
                               { "Carcassonne", "カルカソンヌ" } };

  g_assert_true (tk_catalog_ensure (f->store, NULL, NULL));
  for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) csv = bgg_csv_header ();
      g_autofree char *title_ja = NULL;
      guint n = 0;

      g_assert_true (tk_store_exec (f->store, "DELETE FROM collection;"
                                              " UPDATE games SET title_ja = NULL WHERE bgg_id = 822",
                                    &error));
      for (guint r = 0; r < 2; r++)
        bgg_csv_add_row (csv, (const char *[]) { "objectname", orders[o][r], "objectid", "822",
                                                  "own", "1", NULL });
      g_assert_true (tk_bgg_csv_import (f->collection, csv->str, csv->len, &n, &error));
      g_assert_no_error (error);
      title_ja = query_text (f->store, "SELECT coalesce (title_ja, '-') FROM games WHERE bgg_id = 822");
      g_assert_cmpstr (title_ja, ==, o == 0 ? "-" : "カルカソンヌ");
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add (name, Fixture, NULL, tk_test_collection_fixture_set_up, func, \
              tk_test_collection_fixture_tear_down)
  g_test_add_func ("/bgg/csv-reader", test_csv_reader);
  ADD ("/bgg/round-trip", test_bgg_round_trip);
  ADD ("/bgg/not-available", test_bgg_not_available);
  ADD ("/bgg/catalog-name", test_bgg_catalog_name);
  ADD ("/bgg/bulk-import", test_bgg_bulk_import);
  ADD ("/bgg/malformed", test_bgg_malformed);
  ADD ("/bgg/fuzz-regressions", test_bgg_fuzz_regressions);
  ADD ("/bgg/import-async", test_bgg_import_async);
  ADD ("/bgg/common-texts", test_bgg_common_texts);
  ADD ("/bgg/japanese-name-twice", test_bgg_japanese_name_twice);
  return g_test_run ();
}
