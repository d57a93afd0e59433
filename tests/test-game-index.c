/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game-index.c — search as you type over the in-memory index of games.
 *
 * A search result the index keeps is reused for the next one: a letter typed filters it, a
 * letter erased finds it again.  Every step here is compared with a plain full scan (the
 * filters and order by the SQL query without its search, then every game's title, Japanese
 * title and designers, read from the library, tested with strstr after folding ASCII
 * letters) and with the SQL query itself, on generated games with mixed case, accents,
 * Japanese titles and designers.
 */
#include "config.h"

#include <string.h>

#include "tk-collection.h"
#include "tk-game-index.h"

typedef struct
{
  TkStore      *store;
  TkCollection *collection;
  TkGameIndex  *index;
  guint         compared; /* games compared, so that a test that compares nothing fails */
} Fixture;

static const char *const words[] = {
  "Harbour", "harbour", "HARBOUR", "Lights", "Paper", "Rivers", "Ærø", "ærø", "Café", "CAFÉ",
  "Zoo", "Ann", "Moon", "Tower", "light", "Rosenberg", "of the", "2", "42",
};
static const char *const titles_ja[] = { "港の灯り", "川", "灯り", "港", "紙の川" };
static const char *const designers[] = {
  "Ann Lights", "Émile Bauza", "Uwe Rosenberg", "HARBOUR Master", "鈴木 港",
};

static void
exec_bound (TkStore    *store,
            const char *sql,
            const char *text1,
            const char *text2,
            gint64      number)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, &error);

  g_assert_no_error (error);
  if (text1 != NULL)
    sqlite3_bind_text (stmt, 1, text1, -1, SQLITE_TRANSIENT);
  if (text2 != NULL)
    sqlite3_bind_text (stmt, 2, text2, -1, SQLITE_TRANSIENT);
  if (number != 0)
    sqlite3_bind_int64 (stmt, 3, number);
  g_assert_true (tk_store_step_done (store, stmt, &error));
  g_assert_no_error (error);
}

/* @n games with titles of two or three words, some Japanese titles, 0–2 designers, facts
 * and collection entries at random (the same for every run). */
static void
fill_games (TkStore *store,
            guint    n)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_store_begin (store, &error));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = g_strdup_printf ("%s %s%s%s",
        words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))],
        words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))],
        g_rand_boolean (rand) ? " " : "",
        g_rand_boolean (rand) ? words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))] : "");
      g_autofree char *facts = NULL;
      int min_p = g_rand_int_range (rand, 1, 5);
      gint64 id;

      exec_bound (store, "INSERT INTO games (title, title_ja) VALUES (?1, ?2)", title,
                  g_rand_int_range (rand, 0, 4) == 0
                    ? titles_ja[g_rand_int_range (rand, 0, G_N_ELEMENTS (titles_ja))] : NULL, 0);
      id = tk_store_last_insert_id (store);
      facts = g_strdup_printf ("UPDATE games SET min_players = %d, max_players = %d,"
                               " best_players = '%d', max_time = %d, rating_avg = %d"
                               " WHERE id = %" G_GINT64_FORMAT,
                               min_p, min_p + g_rand_int_range (rand, 0, 3),
                               min_p + g_rand_int_range (rand, 0, 2),
                               15 * g_rand_int_range (rand, 1, 6), g_rand_int_range (rand, 4, 9), id);
      g_assert_true (tk_store_exec (store, facts, &error));
      for (int d = g_rand_int_range (rand, 0, 3); d > 0; d--)
        exec_bound (store, "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
                           " VALUES (?3, 'designer', ?1)",
                    designers[g_rand_int_range (rand, 0, G_N_ELEMENTS (designers))], NULL, id);
      if (g_rand_int_range (rand, 0, 4) != 0)
        {
          g_autofree char *entry = g_strdup_printf (
            "INSERT INTO collection (game_id, owned, played) VALUES (%" G_GINT64_FORMAT ", %d, %d)",
            id, g_rand_boolean (rand), g_rand_boolean (rand));
          g_assert_true (tk_store_exec (store, entry, &error));
        }
      g_assert_no_error (error);
    }
  g_assert_true (tk_store_commit (store, &error));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* The index reads the library once; where the file lives does not matter to it. */
  f->store = tk_store_open_memory (&error);
  g_assert_no_error (error);
  f->collection = tk_collection_new (f->store);
  fill_games (f->store, 600);
  f->index = tk_game_index_new ();
  g_assert_true (tk_game_index_load (f->index, f->store, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_assert_cmpuint (f->compared, >, 1000);
  g_clear_pointer (&f->index, tk_game_index_free);
  g_clear_object (&f->collection);
  tk_store_close (f->store);
  g_clear_object (&f->store);
}

/* Whether game @id's title, Japanese title or a designer, as the library holds them now,
 * contains @needle once ASCII letters are folded. */
static gboolean
plain_match (Fixture    *f,
             gint64      id,
             const char *needle)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (f->store,
    "SELECT title FROM games WHERE id = ?1 UNION ALL SELECT title_ja FROM games WHERE id = ?1"
    " UNION ALL SELECT name FROM game_tags WHERE game_id = ?1 AND kind = 'designer'", &error);
  gboolean found = FALSE;

  g_assert_no_error (error);
  sqlite3_bind_int64 (stmt, 1, id);
  while (!found && tk_store_step (f->store, stmt, &error) == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);
      g_autofree char *folded = text != NULL ? g_ascii_strdown (text, -1) : NULL;

      found = folded != NULL && strstr (folded, needle) != NULL;
    }
  g_assert_no_error (error);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return found;
}

/* The games of @query by a plain full scan: SQL for the filters and the order alone, then
 * every game's texts. */
static GArray *
plain_scan (Fixture           *f,
            const TkGameQuery *query)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *needle = NULL;
  TkGameQuery unsearched = *query;
  g_autoptr(GArray) all = NULL;
  GArray *result = g_array_new (FALSE, FALSE, sizeof (gint64));

  unsearched.search = NULL;
  all = tk_collection_query_ids (f->collection, &unsearched, &error);
  g_assert_no_error (error);
  if (query->search != NULL && *query->search != '\0')
    needle = g_ascii_strdown (query->search, -1);
  for (guint i = 0; i < all->len; i++)
    if (needle == NULL || plain_match (f, g_array_index (all, gint64, i), needle))
      g_array_append_val (result, g_array_index (all, gint64, i));
  return result;
}

static void
assert_same (Fixture    *f,
             GArray     *expected,
             GArray     *got,
             const char *what,
             const char *search)
{
  if (got->len != expected->len)
    g_error ("search “%s”: %u games from the index, %u by %s", search, got->len,
             expected->len, what);
  for (guint i = 0; i < got->len; i++)
    if (tk_game_index_get_id (f->index, g_array_index (got, guint32, i)) !=
        g_array_index (expected, gint64, i))
      g_error ("search “%s”: game %u differs from %s", search, i, what);
  f->compared += got->len;
}

/* Queries the index (which keeps what it found before) with @search and compares the
 * result with the plain full scan and with SQL. */
static void
check (Fixture     *f,
       TkGameQuery *query,
       const char  *search)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) got = NULL;
  g_autoptr(GArray) plain = NULL;
  g_autoptr(GArray) sql = NULL;

  query->search = search;
  got = tk_game_index_query (f->index, query);
  plain = plain_scan (f, query);
  sql = tk_collection_query_ids (f->collection, query, &error);
  g_assert_no_error (error);
  assert_same (f, plain, got, "a plain scan", search);
  assert_same (f, sql, got, "SQL", search);
}

/* @word typed one character at a time at the end, then at the start. */
static void
type_word (Fixture     *f,
           TkGameQuery *query,
           const char  *word)
{
  glong n = g_utf8_strlen (word, -1);

  check (f, query, "");
  for (glong k = 1; k <= n; k++)
    {
      g_autofree char *typed = g_utf8_substring (word, 0, k);
      check (f, query, typed);
    }
  check (f, query, "");
  for (glong k = n - 1; k >= 0; k--)
    check (f, query, g_utf8_offset_to_pointer (word, k));
}

static void
test_typed_letters (Fixture       *f,
                    gconstpointer  data)
{
  const char *typed[] = { "harbour lights", "ærø", "Café", "港の灯り", "ann l", "osenb", "42" };

  for (int variant = 0; variant < 3; variant++)
    {
      TkGameQuery query = { .sort = variant == 2 ? TK_GAME_SORT_RATING : TK_GAME_SORT_TITLE,
                            .descending = variant == 2, .collection_only = variant > 0 };

      for (guint w = 0; w < G_N_ELEMENTS (typed); w++)
        type_word (f, &query, typed[w]);
    }
}

/* Erased one character at a time, from the end and from the start, longer than the number
 * of results the index keeps. */
static void
test_erased_letters (Fixture       *f,
                     gconstpointer  data)
{
  const char *word = "harbour lights of the moon";
  TkGameQuery query = { .sort = TK_GAME_SORT_TITLE };
  glong n = g_utf8_strlen (word, -1);

  for (int from_start = 0; from_start < 2; from_start++)
    {
      for (glong k = 1; k <= n; k++)
        {
          g_autofree char *typed = g_utf8_substring (word, 0, k);
          check (f, &query, typed);
        }
      for (glong k = n - 1; k >= 0; k--)
        {
          g_autofree char *left = from_start ? g_strdup (g_utf8_offset_to_pointer (word, n - k))
                                             : g_utf8_substring (word, 0, k);
          check (f, &query, left);
        }
    }
}

/* Text pasted over the search: longer, shorter, unrelated, equal but for ASCII case, and
 * equal but for the case of a letter that LIKE does not fold. */
static void
test_pasted_text (Fixture       *f,
                  gconstpointer  data)
{
  const char *pasted[] = { "", "paper rivers", "harbour", "HARBOUR", "zoo", "harbour lights",
                           "café", "CAFÉ", "CAFé", "ærø", "ÆRØ", "港", "港の灯り", "川", "",
                           "light", "lights", "ight", "r", "" };
  TkGameQuery query = { .sort = TK_GAME_SORT_PLAYERS };

  for (guint i = 0; i < G_N_ELEMENTS (pasted); i++)
    check (f, &query, pasted[i]);
}

/* Every filter and the order changed while a search is kept, then more typed and erased
 * under the new filter, then the filter taken back. */
static void
test_filter_change_kept (Fixture       *f,
                         gconstpointer  data)
{
  TkGameQuery query = { .sort = TK_GAME_SORT_TITLE };

  for (int change = 0; change < 8; change++)
    {
      TkGameQuery before;

      check (f, &query, "h");
      check (f, &query, "ha");
      before = query;
      switch (change)
        {
        case 0: query.statuses = TK_GAME_STATUS_OWNED; break;
        case 1: query.collection_only = TRUE; break;
        case 2: query.players = 3; break;
        case 3: query.players = 3; query.best_at = TRUE; break;
        case 4: query.max_minutes = 30; break;
        case 5: query.sort = TK_GAME_SORT_RATING; break;
        case 6: query.descending = TRUE; break;
        default: query.statuses = TK_GAME_STATUS_PLAYED; query.players = 2; break;
        }
      check (f, &query, "ha");
      check (f, &query, "har");
      check (f, &query, "ha");
      check (f, &query, "");
      query = before;
      check (f, &query, "ha");
      check (f, &query, "har");
    }
}

/* Games edited, deleted and added while a search is kept: each is read again alone, and
 * the next searches see them as they are now (never their old texts). */
static void
test_edit_while_kept (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TkGameQuery query = { .sort = TK_GAME_SORT_TITLE };
  gint64 new_id;

  check (f, &query, "harb");
  check (f, &query, "harbo");
  check (f, &query, "zoo");
  exec_bound (f->store, "UPDATE games SET title = ?1 WHERE id = ?3", "Zoo Keeper", NULL, 3);
  exec_bound (f->store, "UPDATE games SET title = ?1, title_ja = ?2 WHERE id = ?3",
              "Harbour Moon", "港の月", 4);
  exec_bound (f->store, "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
                        " VALUES (?3, 'designer', ?1)", "Zoo Harbourmaster", NULL, 5);
  g_assert_true (tk_store_exec (f->store, "DELETE FROM games WHERE id = 6", &error));
  exec_bound (f->store, "INSERT INTO games (title) VALUES (?1)", "harbour new", NULL, 0);
  new_id = tk_store_last_insert_id (f->store);
  for (gint64 id = 3; id <= 6; id++)
    g_assert_true (tk_game_index_reload_one (f->index, f->store, id, &error));
  g_assert_true (tk_game_index_reload_one (f->index, f->store, new_id, &error));
  g_assert_no_error (error);

  check (f, &query, "zoo");
  check (f, &query, "harb");
  check (f, &query, "harbo");
  check (f, &query, "harbourm");
  check (f, &query, "港の");
  check (f, &query, "");
  check (f, &query, "zoo k");
  /* Read again twice: the stretch of texts left behind the first time is skipped too. */
  exec_bound (f->store, "UPDATE games SET title = ?1 WHERE id = ?3", "Paper Crane", NULL, 4);
  g_assert_true (tk_game_index_reload_one (f->index, f->store, 4, &error));
  check (f, &query, "harbour moon");
  check (f, &query, "paper");
  check (f, &query, "paper c");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/game-index/typed-letters", test_typed_letters);
  ADD ("/game-index/erased-letters", test_erased_letters);
  ADD ("/game-index/pasted-text", test_pasted_text);
  ADD ("/game-index/filter-change-kept", test_filter_change_kept);
  ADD ("/game-index/edit-while-kept", test_edit_while_kept);
  return g_test_run ();
}
