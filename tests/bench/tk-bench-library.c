/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bench-library.c — writes a realistic library of N games for the benchmarks.
 *
 * The library holds what a long-time user's does: the bundled catalog, and imported games up
 * to N in all, with designers, mechanics and categories, one in ten with a Japanese title,
 * collection entries with statuses and ratings on most of them, and logged plays.  Titles are
 * made of common board-game words, so a search narrows the list letter by letter the way it
 * does on a real collection.  The same seed gives the same library.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "tk-bench-library.h"
#include "tk-catalog.h"

static const char *const words[] = {
  "Harbour", "Lights", "Paper", "Rivers", "Moon", "Market", "Ferry", "Castle", "Garden",
  "Railway", "Empire", "Trail", "Forest", "Island", "Station", "Tower", "Canal", "Orchard",
  "Dragon", "Crown", "Spice", "Lantern", "Coast", "Kingdom", "Valley", "Harvest", "Steam",
  "Ocean", "Temple", "Bazaar", "Glacier", "Meadow", "Citadel", "Summit", "Delta", "Nomad",
};
static const char *const words_ja[] = {
  "港", "灯り", "紙", "川", "月", "市場", "渡し船", "城", "庭", "鉄道", "帝国", "小道",
  "森", "島", "駅", "塔", "運河", "果樹園",
};
static const char *const first_names[] = {
  "Uwe", "Reiner", "Klaus", "Stefan", "Vital", "Antoine", "Bruno", "Jamey", "Elizabeth",
  "Matt", "Rosenberg", "Hisashi", "Seiji", "Kenichi", "Corey", "Isaac", "Alexander", "Vlaada",
  "Friedemann", "Wolfgang", "Michael", "Shem", "Ryan", "Emerson",
};
static const char *const last_names[] = {
  "Rosenberg", "Knizia", "Teuber", "Feld", "Lacerda", "Bauza", "Cathala", "Stegmaier", "Hargrave",
  "Leacock", "Hayashi", "Kanai", "Konieczka", "Childres", "Pfister", "Chvátil", "Friese",
  "Kramer", "Kiesling", "Phillips", "Laukat", "Matthews", "Dagenais", "Moreau",
};
static const char *const mechanics[] = {
  "Tile Placement", "Worker Placement", "Hand Management", "Set Collection", "Deck Building",
  "Area Majority / Influence", "Drafting", "Dice Rolling", "Network and Route Building",
  "Auction/Bidding", "Cooperative Game", "Pattern Building", "Push Your Luck", "Trading",
};
static const char *const categories[] = {
  "City Building", "Economic", "Fantasy", "Adventure", "Card Game", "Trains", "Nautical",
  "Medieval", "Farming", "Exploration", "Science Fiction", "Abstract Strategy", "Party Game",
};

/* A benchmark cannot go on without its data: any failure ends the program. */
static void
check (gboolean     ok,
       const char  *what,
       GError      *error)
{
  if (!ok)
    {
      g_printerr ("make-library: %s: %s\n", what, error != NULL ? error->message : "failed");
      exit (1);
    }
}

static void
step_done (TkStore      *store,
           sqlite3_stmt *stmt)
{
  g_autoptr(GError) error = NULL;

  check (tk_store_step (store, stmt, &error) == SQLITE_DONE, "insert", error);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

static void
add_tag (TkStore      *store,
         sqlite3_stmt *stmt,
         gint64        id,
         const char   *kind,
         const char   *name)
{
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_text (stmt, 2, kind, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, name, -1, SQLITE_TRANSIENT);
  step_done (store, stmt);
}

void
tk_bench_make_library (const char *path,
                       gint64      n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  sqlite3_stmt *game, *tag, *entry, *play;
  gint64 have;

  store = tk_store_open (path, &error);
  check (store != NULL, "open", error);
  check (tk_catalog_ensure (store, NULL, &error), "catalog", error);
  have = tk_store_query_int (store, "SELECT count(*) FROM games", 0, &error);
  check (error == NULL, "count", error);

  check (tk_store_begin (store, &error), "begin", error);
  game = tk_store_prepare (store,
    "INSERT INTO games (title, title_ja, year, min_players, max_players, best_players,"
    " min_time, max_time, min_age, weight, bgg_id, source, rating_avg, rating_count, bgg_rank)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'import', ?12, ?13, ?14)", &error);
  check (game != NULL, "prepare", error);
  tag = tk_store_prepare (store, "INSERT OR IGNORE INTO game_tags (game_id, kind, name)"
                                 " VALUES (?1, ?2, ?3)", &error);
  check (tag != NULL, "prepare", error);
  entry = tk_store_prepare (store,
    "INSERT INTO collection (game_id, owned, want_to_play, played, favourite, not_interested,"
    " rating, comment, bgg_plays) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", &error);
  check (entry != NULL, "prepare", error);
  play = tk_store_prepare (store, "INSERT INTO plays (game_id, game_title, played_on,"
                                  " duration_min) VALUES (?1, ?2, ?3, ?4)", &error);
  check (play != NULL, "prepare", error);

  /* Some catalog games are in the collection too, as after a first BGG import. */
  check (tk_store_exec (store, "INSERT INTO collection (game_id, owned, played, rating)"
                               " SELECT id, 1, id % 3 = 0, CASE WHEN id % 4 = 0 THEN 1 + id % 10 END"
                               " FROM games WHERE id % 7 = 0", &error), "catalog entries", error);

  for (gint64 i = have; i < n; i++)
    {
      const char *w1 = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];
      const char *w2 = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];
      g_autofree char *title = NULL;
      g_autofree char *title_ja = NULL;
      int min_p = g_rand_int_range (rand, 1, 5);
      int max_p = min_p + g_rand_int_range (rand, 0, 5);
      int min_t = 15 * g_rand_int_range (rand, 1, 9);
      g_autofree char *best = g_strdup_printf ("%d", g_rand_int_range (rand, min_p, max_p + 1));
      gint64 id;

      switch (g_rand_int_range (rand, 0, 4))
        {
        case 0: title = g_strdup_printf ("%s of the %s", w1, w2); break;
        case 1: title = g_strdup_printf ("%s %s: %s Edition", w1, w2, words[i % G_N_ELEMENTS (words)]); break;
        default: title = g_strdup_printf ("%s %s", w1, w2); break;
        }
      if (i % 3 != 0)
        {
          /* Real collections repeat titles rarely; a number keeps them apart like a subtitle. */
          char *numbered = g_strdup_printf ("%s %" G_GINT64_FORMAT, title, i);
          g_free (title);
          title = numbered;
        }
      if (g_rand_int_range (rand, 0, 10) == 0)
        title_ja = g_strdup_printf ("%sの%s", words_ja[g_rand_int_range (rand, 0, G_N_ELEMENTS (words_ja))],
                                    words_ja[g_rand_int_range (rand, 0, G_N_ELEMENTS (words_ja))]);

      sqlite3_bind_text (game, 1, title, -1, SQLITE_STATIC);
      if (title_ja != NULL)
        sqlite3_bind_text (game, 2, title_ja, -1, SQLITE_STATIC);
      if (g_rand_int_range (rand, 0, 20) != 0)
        sqlite3_bind_int (game, 3, g_rand_int_range (rand, 1960, 2027));
      sqlite3_bind_int (game, 4, min_p);
      sqlite3_bind_int (game, 5, max_p);
      sqlite3_bind_text (game, 6, best, -1, SQLITE_STATIC);
      sqlite3_bind_int (game, 7, min_t);
      sqlite3_bind_int (game, 8, min_t + 15 * g_rand_int_range (rand, 0, 5));
      sqlite3_bind_int (game, 9, g_rand_int_range (rand, 6, 15));
      if (g_rand_int_range (rand, 0, 8) != 0)
        sqlite3_bind_double (game, 10, g_rand_double_range (rand, 1.0, 5.0));
      sqlite3_bind_int64 (game, 11, 1000000 + i);
      sqlite3_bind_double (game, 12, g_rand_double_range (rand, 4.0, 9.0));
      sqlite3_bind_int (game, 13, g_rand_int_range (rand, 10, 50000));
      if (g_rand_int_range (rand, 0, 3) == 0)
        sqlite3_bind_int (game, 14, g_rand_int_range (rand, 1, 30000));
      step_done (store, game);
      id = tk_store_last_insert_id (store);

      for (int d = g_rand_int_range (rand, 1, 3); d > 0; d--)
        {
          g_autofree char *designer = g_strdup_printf ("%s %s",
            first_names[g_rand_int_range (rand, 0, G_N_ELEMENTS (first_names))],
            last_names[g_rand_int_range (rand, 0, G_N_ELEMENTS (last_names))]);
          add_tag (store, tag, id, "designer", designer);
        }
      for (int m = g_rand_int_range (rand, 2, 5); m > 0; m--)
        add_tag (store, tag, id, "mechanic", mechanics[g_rand_int_range (rand, 0, G_N_ELEMENTS (mechanics))]);
      for (int c = g_rand_int_range (rand, 1, 4); c > 0; c--)
        add_tag (store, tag, id, "category", categories[g_rand_int_range (rand, 0, G_N_ELEMENTS (categories))]);

      if (g_rand_int_range (rand, 0, 10) < 9)
        {
          gboolean played = g_rand_boolean (rand);

          sqlite3_bind_int64 (entry, 1, id);
          sqlite3_bind_int (entry, 2, g_rand_int_range (rand, 0, 10) < 7);
          sqlite3_bind_int (entry, 3, g_rand_int_range (rand, 0, 5) == 0);
          sqlite3_bind_int (entry, 4, played);
          sqlite3_bind_int (entry, 5, g_rand_int_range (rand, 0, 12) == 0);
          sqlite3_bind_int (entry, 6, g_rand_int_range (rand, 0, 40) == 0);
          if (g_rand_int_range (rand, 0, 3) == 0)
            sqlite3_bind_int (entry, 7, g_rand_int_range (rand, 1, 11));
          if (g_rand_int_range (rand, 0, 6) == 0)
            sqlite3_bind_text (entry, 8, "Bought at the Essen fair, sleeved", -1, SQLITE_STATIC);
          sqlite3_bind_int (entry, 9, played ? g_rand_int_range (rand, 0, 30) : 0);
          step_done (store, entry);

          for (int p = played ? g_rand_int_range (rand, 0, 3) : 0; p > 0; p--)
            {
              g_autofree char *date = g_strdup_printf ("20%02d-%02d-%02d", g_rand_int_range (rand, 15, 27),
                                                       g_rand_int_range (rand, 1, 13),
                                                       g_rand_int_range (rand, 1, 29));
              sqlite3_bind_int64 (play, 1, id);
              sqlite3_bind_text (play, 2, title, -1, SQLITE_STATIC);
              sqlite3_bind_text (play, 3, date, -1, SQLITE_STATIC);
              sqlite3_bind_int (play, 4, min_t);
              step_done (store, play);
            }
        }
    }
  check (tk_store_commit (store, &error), "commit", error);
  check (tk_store_exec (store, "PRAGMA wal_checkpoint(TRUNCATE)", &error), "checkpoint", error);
  tk_store_close (store);
}

void
tk_bench_remove_library (const char *path)
{
  const char *suffixes[] = { "", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);
      g_unlink (file);
    }
}

void
tk_bench_copy_library (const char *from,
                       const char *to)
{
  g_autoptr(GFile) source = g_file_new_for_path (from);
  g_autoptr(GFile) target = g_file_new_for_path (to);
  g_autoptr(GError) error = NULL;

  check (g_file_copy (source, target, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error),
         "copy", error);
}
