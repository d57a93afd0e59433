/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-common.c — the shared library of the fuzz harnesses (see fuzz-common.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "tk-bgg-csv.h"
#include "tk-text.h"

static TkStore *store;
static TkCollection *collection;
static char *count_sql;
static char *texts_sql;
static guint n_tables;

/* Games the seed corpora also name (BGG ids 9100001…9100003, title "Own Game"). */
static const char seed_csv[] =
  "objectname,objectid,rating,numplays,own,wanttoplay,comment,minplayers,maxplayers\r\n"
  "Harbour Lights,9100001,8,12,1,0,Great,2,5\r\n"
  "Paper Rivers,9100002,0,0,0,1,,1,100\r\n";

static const char seed_json[] =
  "{\"format\":\"tablekeeper-collection\",\"version\":1,\"games\":["
  "{\"title\":\"Own Game\",\"statuses\":[\"owned\",\"played\"],\"plays\":2},"
  "{\"title\":\"Moonlit Market\",\"bgg_id\":9100003,\"designers\":[\"A. Designer\"],"
  "\"statuses\":[\"want-to-play\"]}]}";

static void
fail (const char *what,
      const char *detail)
{
  fprintf (stderr, "fuzz: %s: %s\n", what, detail != NULL ? detail : "");
  abort ();
}

static void
seed_library (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) sql = g_string_new ("SELECT ");
  sqlite3_stmt *stmt;

  if (!tk_bgg_csv_import (collection, seed_csv, strlen (seed_csv), NULL, &error) ||
      !tk_collection_import_json (collection, seed_json, strlen (seed_json), NULL, &error) ||
      !tk_store_exec (store, "INSERT INTO plays (game_id, game_title, played_on)"
                             " SELECT id, title, '2024-05-01' FROM games WHERE bgg_id = 9100001",
                      &error))
    fail ("seeding the library", error->message);

  /* One statement counting the rows of every table. */
  stmt = tk_store_prepare (store, "SELECT name FROM sqlite_schema WHERE type = 'table'"
                                  " AND name NOT LIKE 'sqlite_%' ORDER BY name", &error);
  if (stmt == NULL)
    fail ("listing the tables", error->message);
  while (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
    {
      char *part = sqlite3_mprintf ("%s(SELECT count(*) FROM \"%w\")", n_tables > 0 ? ", " : "",
                                    (const char *) sqlite3_column_text (stmt, 0));
      g_string_append (sql, part);
      sqlite3_free (part);
      n_tables++;
    }
  sqlite3_reset (stmt);
  if (n_tables == 0 || n_tables > TK_FUZZ_MAX_TABLES)
    fail ("listing the tables", "unexpected number of tables");
  count_sql = g_string_free (g_steal_pointer (&sql), FALSE);

  /* One statement listing every text value of every column of every table. */
  stmt = tk_store_prepare (store, "SELECT m.name, p.name FROM sqlite_schema m,"
                                  " pragma_table_info (m.name) p WHERE m.type = 'table'"
                                  " AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid",
                           &error);
  if (stmt == NULL)
    fail ("listing the columns", error->message);
  sql = g_string_new ("SELECT v FROM (");
  for (guint n = 0; tk_store_step (store, stmt, NULL) == SQLITE_ROW; n++)
    {
      char *part = sqlite3_mprintf ("%sSELECT \"%w\" AS v FROM \"%w\"", n > 0 ? " UNION ALL " : "",
                                    (const char *) sqlite3_column_text (stmt, 1),
                                    (const char *) sqlite3_column_text (stmt, 0));
      g_string_append (sql, part);
      sqlite3_free (part);
    }
  sqlite3_reset (stmt);
  g_string_append (sql, ") WHERE typeof (v) = 'text'");
  texts_sql = g_string_free (g_steal_pointer (&sql), FALSE);
}

/* After an accepted input: every text in the library passes the one text check (tk-text.h),
 * so no importer path stores what the check refuses (invalid UTF-8, a NUL, a control
 * character, a text past every limit). */
static void
check_library_text (const char *what)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (store, texts_sql, &error);
  int rc;

  if (stmt == NULL)
    fail ("listing the texts", error->message);
  while ((rc = tk_store_step (store, stmt, &error)) == SQLITE_ROW)
    if (!tk_text_check_len (TK_TEXT_OTHER, "text", (const char *) sqlite3_column_text (stmt, 0),
                            (gsize) sqlite3_column_bytes (stmt, 0), &error))
      {
        sqlite3_reset (stmt);
        fail (what, error->message);
      }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    fail ("listing the texts", error != NULL ? error->message : NULL);
}

static void
ensure_library (void)
{
  g_autoptr(GError) error = NULL;

  if (store != NULL)
    return;
  /* Criticals (a GLib or json-glib precondition broken by hostile input) are bugs too. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_FATAL_MASK);
  store = tk_store_open_memory (&error);
  if (store == NULL)
    fail ("opening an in-memory library", error->message);
  collection = tk_collection_new (store);
  seed_library ();
}

TkCollection *
tk_fuzz_collection (void)
{
  ensure_library ();
  return collection;
}

TkStore *
tk_fuzz_store (void)
{
  ensure_library ();
  return store;
}

void
tk_fuzz_count (TkFuzzCounts *counts)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt;

  ensure_library ();
  stmt = tk_store_prepare (store, count_sql, &error);
  if (stmt == NULL || tk_store_step (store, stmt, &error) != SQLITE_ROW)
    fail ("counting rows", error != NULL ? error->message : NULL);
  counts->n_tables = n_tables;
  for (guint i = 0; i < n_tables; i++)
    counts->rows[i] = sqlite3_column_int64 (stmt, (int) i);
  sqlite3_reset (stmt);
}

void
tk_fuzz_begin (void)
{
  g_autoptr(GError) error = NULL;

  ensure_library ();
  if (tk_store_in_transaction (store) || !tk_store_begin (store, &error))
    fail ("starting an input", error != NULL ? error->message : "already in a transaction");
}

void
tk_fuzz_end (void)
{
  tk_store_rollback (store);
  if (tk_store_in_transaction (store))
    fail ("ending an input", "an importer left a transaction open");
}

void
tk_fuzz_check_result (const char          *what,
                      gboolean             ok,
                      GError             **error,
                      const TkFuzzCounts  *before)
{
  TkFuzzCounts after;

  if (ok)
    {
      if (*error != NULL)
        fail (what, "succeeded but set an error");
      check_library_text (what);
      return;
    }
  if (*error == NULL)
    fail (what, "refused the input without an error");
  if ((*error)->message == NULL || !g_utf8_validate ((*error)->message, -1, NULL))
    fail (what, "the error message is not valid UTF-8");

  tk_fuzz_count (&after);
  if (memcmp (before->rows, after.rows, sizeof (gint64) * n_tables) != 0)
    fail (what, "refused the input but changed the library");
  g_clear_error (error);
}
