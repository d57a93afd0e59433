/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-export-gen.c — a realistic BoardGameGeek collection export, generated. */
#include "config.h"

#include <string.h>

#include "tk-bgg-export-gen.h"
#include "tk-catalog.h"
#include "tk-store.h"

/* BGG's 58 columns, in the order of its "Export collection → CSV".  Written out here, not
 * taken from tk_bgg_csv_columns: the round-trip test compares the export's header with the
 * file's, which must not both come from the code under test. */
static const char * const columns[] = {
  "objectname", "objectid", "rating", "numplays", "weight", "own", "fortrade", "want",
  "wanttobuy", "wanttoplay", "prevowned", "preordered", "wishlist", "wishlistpriority",
  "wishlistcomment", "comment", "conditiontext", "haspartslist", "wantpartslist", "collid",
  "baverage", "average", "avgweight", "rank", "numowned", "objecttype", "originalname",
  "minplayers", "maxplayers", "playingtime", "maxplaytime", "minplaytime", "yearpublished",
  "bggrecplayers", "bggbestplayers", "bggrecagerange", "bgglanguagedependence", "publisherid",
  "imageid", "year", "language", "other", "itemtype", "barcode", "pricepaid", "pp_currency",
  "currvalue", "cv_currency", "acquisitiondate", "acquiredfrom", "quantity", "privatecomment",
  "invlocation", "invdate", "version_publishers", "version_languages", "version_yearpublished",
  "version_nickname",
};

G_STATIC_ASSERT (G_N_ELEMENTS (columns) == 58);

static const char * const adjectives[] = {
  "Lost", "Golden", "Hidden", "Northern", "Little", "Iron", "Silent", "Crimson", "Ancient",
  "Tiny", "Grand", "Clockwork", "Sunken", "Painted", "Wandering", "Frozen",
};
static const char * const nouns[] = {
  "Harbour", "Empire", "Orchard", "Lanterns", "Railways", "Kingdom", "Bazaar", "Canals",
  "Citadel", "Meadow", "Observatory", "Foundry", "Vineyard", "Archipelago", "Caravans",
};
static const char * const ja_heads[] = {
  "ちいさな", "はるかな", "ひみつの", "黄金の", "北の", "まぼろしの", "いにしえの", "夜明けの",
};
static const char * const ja_tails[] = {
  "港町", "王国", "果樹園", "灯籠", "鉄道", "市場", "運河", "城塞", "草原", "天文台",
};
static const char * const expansions[] = {
  "The River", "Traders & Builders", "Seafarers", "Promo Pack", "Big Box \"Deluxe\" Upgrade",
  "5-6 Player Extension",
};
static const char * const comments[] = {
  "Great with 3.", "Played it \"wrong\" for a year, still fun.",
  "Sleeved.\nMissing one blue meeple, replaced with a spare.",
  "家族で遊ぶと盛り上がる。\n2人だと少し物足りない。",
  "Teach: 15 min, setup, 10 min; box insert, homemade", "ルール説明は「10分」くらい。",
  "Trades: only for \"Brass\", Lancashire or Birmingham",
};
static const char * const shops[] = {
  "Yellow Submarine, Akihabara", "Kickstarter", "Friend's \"garage\" sale", "Amazon.co.jp",
  "Spiel Essen 2019", "ゲームマーケット2023春",
};
static const char * const languages[] = { "English", "Japanese", "German", "Multilingual" };
static const char * const currencies[] = { "USD", "JPY", "EUR", "GBP" };
static const char * const dependence[] = {
  "No necessary in-game text", "Some necessary text - easily memorized or small crib sheet",
  "Moderate in-game text - needs crib sheet or paste ups",
};
static const char * const publishers[] = {
  "Hobby Japan", "Z-Man Games, Inc.", "Arclight", "Kosmos", "Oink Games",
};

#define PICK(rand, array) ((array)[g_rand_int_range ((rand), 0, G_N_ELEMENTS (array))])

static void
field (GString    *out,
       gboolean    first,
       const char *value)
{
  if (!first)
    g_string_append_c (out, ',');
  g_string_append_c (out, '"');
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* A decimal as BGG writes it: up to @digits places, trailing zeros dropped ("7.5", "8"). */
static char *
decimal (double value,
         guint  digits)
{
  char *text = g_strdup_printf ("%.*f", digits, value);
  char *end = text + strlen (text) - 1;

  if (strchr (text, '.') != NULL)
    {
      while (*end == '0')
        *end-- = '\0';
      if (*end == '.')
        *end = '\0';
    }
  return text;
}

static char *
title_for (GRand *rand,
           guint  row)
{
  switch (g_rand_int_range (rand, 0, 10))
    {
    case 0:
    case 1:
      return g_strdup_printf ("%s%s", PICK (rand, ja_heads), PICK (rand, ja_tails));
    case 2:
      return g_strdup_printf ("The %s \"%s\" Edition", PICK (rand, nouns), PICK (rand, adjectives));
    case 3:
      return g_strdup_printf ("%s, %s & %s", PICK (rand, nouns), PICK (rand, nouns),
                              PICK (rand, nouns));
    default:
      /* Numbers keep the titles apart, as BGG's tens of thousands of titles are. */
      return g_strdup_printf ("%s %s%s", PICK (rand, adjectives), PICK (rand, nouns),
                              row % 3 == 0 ? "" : g_rand_boolean (rand) ? " II" : ": Second Edition");
    }
}

static void
append_row (GString                *out,
            GRand                  *rand,
            guint                   row,
            const TkGenCatalogGame *catalog_game)
{
  g_autofree char *title = NULL;
  g_autofree char *rating = NULL;
  g_autofree char *average = NULL;
  g_autofree char *baverage = NULL;
  g_autofree char *avgweight = NULL;
  g_autofree char *price = NULL;
  g_autofree char *value = NULL;
  char *v[58] = { NULL };
  gboolean expansion = catalog_game == NULL && g_rand_int_range (rand, 0, 100) < 12;
  gboolean wishlist = g_rand_int_range (rand, 0, 100) < 20;
  gboolean owned = !wishlist && g_rand_int_range (rand, 0, 100) < 80;
  guint min_players = g_rand_int_range (rand, 1, 4);
  guint max_players = min_players + g_rand_int_range (rand, 0, 5);
  guint min_time = 15 * g_rand_int_range (rand, 1, 8);
  guint max_time = min_time + 15 * g_rand_int_range (rand, 0, 4);
  guint year = g_rand_int_range (rand, 1960, 2026);
  gboolean japanese_copy = g_rand_int_range (rand, 0, 100) < 25;

  if (catalog_game != NULL)
    /* A Japanese edition of a catalog game keeps BGG's name of that version. */
    title = japanese_copy ? g_strdup_printf ("%s（日本語版）", catalog_game->title)
                          : g_strdup (catalog_game->title);
  else if (expansion)
    title = g_strdup_printf ("%s %s: %s", PICK (rand, adjectives), PICK (rand, nouns),
                             PICK (rand, expansions));
  else
    title = title_for (rand, row);

  switch (g_rand_int_range (rand, 0, 10))
    {
    case 0: case 1: case 2: case 3: rating = g_strdup ("N/A"); break;
    case 4: rating = decimal (g_rand_int_range (rand, 2, 20) / 2.0, 1); break;
    case 5: rating = decimal (g_rand_int_range (rand, 10, 100) / 10.0, 1); break;
    case 6: rating = decimal (g_rand_int_range (rand, 4, 40) / 4.0, 2); break;
    default: rating = g_strdup_printf ("%d", g_rand_int_range (rand, 1, 11)); break;
    }
  average = decimal (g_rand_double_range (rand, 5.0, 8.9), 5);
  baverage = g_rand_int_range (rand, 0, 10) < 3 ? g_strdup ("0")
                                                 : decimal (g_rand_double_range (rand, 5.5, 8.5), 5);
  avgweight = g_rand_int_range (rand, 0, 20) == 0 ? g_strdup ("0")
                                                   : decimal (g_rand_double_range (rand, 1.0, 4.8), 4);
  price = owned && g_rand_boolean (rand) ? g_strdup_printf ("%d.%02d", g_rand_int_range (rand, 5, 120),
                                                            g_rand_boolean (rand) ? 0 : 99)
                                         : g_strdup ("");
  value = owned && g_rand_int_range (rand, 0, 4) == 0
          ? g_strdup_printf ("%d.00", g_rand_int_range (rand, 5, 90)) : g_strdup ("");

  v[0] = g_strdup (title);
  v[1] = g_strdup_printf ("%" G_GINT64_FORMAT, catalog_game != NULL ? catalog_game->bgg_id
                                                                    : (gint64) 5000000 + row * 7);
  v[2] = g_strdup (rating);
  v[3] = g_strdup_printf ("%d", g_rand_int_range (rand, 0, 10) < 4 ? 0 : g_rand_int_range (rand, 1, 60));
  v[4] = g_rand_int_range (rand, 0, 5) == 0 ? decimal (g_rand_int_range (rand, 2, 10) / 2.0, 1)
                                            : g_strdup ("0");
  v[5] = g_strdup (owned ? "1" : "0");
  v[6] = g_strdup (g_rand_int_range (rand, 0, 20) == 0 ? "1" : "0");
  v[7] = g_strdup (g_rand_int_range (rand, 0, 20) == 0 ? "1" : "0");
  v[8] = g_strdup (g_rand_int_range (rand, 0, 30) == 0 ? "1" : "0");
  v[9] = g_strdup (g_rand_int_range (rand, 0, 6) == 0 ? "1" : "0");
  v[10] = g_strdup (!owned && g_rand_int_range (rand, 0, 8) == 0 ? "1" : "0");
  v[11] = g_strdup (g_rand_int_range (rand, 0, 40) == 0 ? "1" : "0");
  v[12] = g_strdup (wishlist ? "1" : "0");
  v[13] = wishlist ? g_strdup_printf ("%d", g_rand_int_range (rand, 1, 6)) : g_strdup ("");
  v[14] = g_strdup (wishlist && g_rand_boolean (rand) ? "Wait for the reprint,\n\"2nd printing\" fixes the cards" : "");
  v[15] = g_strdup (g_rand_int_range (rand, 0, 3) == 0 ? PICK (rand, comments) : "");
  v[16] = g_strdup (g_rand_int_range (rand, 0, 15) == 0 ? "Box corner dented; cards \"like new\"" : "");
  v[17] = g_strdup (g_rand_int_range (rand, 0, 40) == 0 ? "Spare sheet of tokens" : "");
  v[18] = g_strdup (g_rand_int_range (rand, 0, 40) == 0 ? "1 yellow die" : "");
  v[19] = g_strdup_printf ("%u", 40000000 + row * 13);
  v[20] = g_strdup (baverage);
  v[21] = g_strdup (average);
  v[22] = g_strdup (avgweight);
  v[23] = g_rand_int_range (rand, 0, 4) == 0 ? g_strdup ("Not Ranked")
                                             : g_strdup_printf ("%d", g_rand_int_range (rand, 1, 25000));
  v[24] = g_strdup_printf ("%d", g_rand_int_range (rand, 10, 120000));
  v[25] = g_strdup ("thing");
  v[26] = g_strdup (japanese_copy && catalog_game != NULL ? catalog_game->title : title);
  v[27] = g_strdup_printf ("%u", min_players);
  v[28] = g_strdup_printf ("%u", max_players);
  v[29] = g_strdup_printf ("%u", max_time);
  v[30] = g_strdup_printf ("%u", max_time);
  v[31] = g_strdup_printf ("%u", min_time);
  v[32] = g_strdup_printf ("%u", year);
  v[33] = min_players < max_players ? g_strdup_printf ("%u,%u", min_players, max_players)
                                    : g_strdup_printf ("%u", min_players);
  v[34] = g_strdup_printf ("%u", MIN (min_players + 1, max_players));
  v[35] = g_strdup_printf ("%d+", g_rand_int_range (rand, 6, 15));
  v[36] = g_strdup (PICK (rand, dependence));
  v[37] = g_strdup_printf ("%d", g_rand_int_range (rand, 1, 50000));
  v[38] = g_strdup_printf ("%d", g_rand_int_range (rand, 100000, 8000000));
  v[39] = g_strdup_printf ("%u", year + g_rand_int_range (rand, 0, 3));
  v[40] = g_strdup (japanese_copy ? "Japanese" : PICK (rand, languages));
  v[41] = g_strdup ("");
  v[42] = g_strdup (expansion ? "expansion" : "standalone");
  /* Leading zeros: a barcode is text, not a number. */
  v[43] = g_rand_boolean (rand) ? g_strdup_printf ("0%012u", g_rand_int (rand) % 1000000000u)
                                : g_strdup ("");
  v[44] = g_strdup (price);
  v[45] = g_strdup (*price != '\0' ? PICK (rand, currencies) : "");
  v[46] = g_strdup (value);
  v[47] = g_strdup (*value != '\0' ? PICK (rand, currencies) : "");
  v[48] = owned && g_rand_boolean (rand)
          ? g_strdup_printf ("%d-%02d-%02d", g_rand_int_range (rand, 2005, 2026),
                             g_rand_int_range (rand, 1, 13), g_rand_int_range (rand, 1, 29))
          : g_strdup ("");
  v[49] = g_strdup (owned && g_rand_boolean (rand) ? PICK (rand, shops) : "");
  v[50] = g_strdup (owned ? (g_rand_int_range (rand, 0, 30) == 0 ? "2" : "1") : "");
  v[51] = g_strdup (g_rand_int_range (rand, 0, 6) == 0 ? "Gift from Aki.\n\"Don't lend it out.\"" : "");
  v[52] = g_strdup (owned && g_rand_boolean (rand) ? "Shelf 3, top \"left\"" : "");
  v[53] = g_strdup (*v[52] != '\0' ? "2024-01-02" : "");
  v[54] = g_strdup (japanese_copy ? "Hobby Japan" : g_rand_boolean (rand) ? PICK (rand, publishers) : "");
  v[55] = g_strdup (japanese_copy ? "Japanese" : "");
  v[56] = japanese_copy ? g_strdup_printf ("%u", year + 1) : g_strdup ("");
  v[57] = g_strdup (japanese_copy ? "日本語版" : "");

  for (guint c = 0; c < 58; c++)
    {
      field (out, c == 0, v[c]);
      g_free (v[c]);
    }
  g_string_append (out, "\r\n");
}

GString *
tk_bgg_export_generate (guint                   n_rows,
                        guint32                 seed,
                        const TkGenCatalogGame *catalog,
                        guint                   n_catalog,
                        guint                   catalog_percent)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  GString *out = g_string_sized_new ((gsize) n_rows * 700 + 1024);
  guint next_catalog = 0;
  guint stride = 1;

  /* Spread the catalog rows over the catalog, each game once. */
  if (n_catalog > 0 && n_rows > 0)
    stride = MAX (1, n_catalog / MAX (1, n_rows * catalog_percent / 100));

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    field (out, c == 0, columns[c]);
  g_string_append (out, "\r\n");

  for (guint row = 0; row < n_rows; row++)
    {
      const TkGenCatalogGame *game = NULL;

      if (next_catalog < n_catalog && g_rand_int_range (rand, 0, 100) < (gint32) catalog_percent)
        {
          game = &catalog[next_catalog];
          next_catalog += stride;
        }
      append_row (out, rand, row, game);
    }
  return out;
}

static void
catalog_game_free (gpointer data)
{
  TkGenCatalogGame *game = data;

  g_free ((char *) game->title);
  g_free (game);
}

GPtrArray *
tk_bgg_export_catalog_games (GError **error)
{
  g_autoptr(TkStore) store = tk_store_open_memory (error);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (catalog_game_free);
  sqlite3_stmt *stmt;
  int rc;

  if (store == NULL || !tk_catalog_ensure (store, NULL, error))
    return NULL;
  stmt = tk_store_prepare (store, "SELECT bgg_id, title FROM games WHERE bgg_id IS NOT NULL"
                                  " ORDER BY bgg_id", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkGenCatalogGame *game = g_new0 (TkGenCatalogGame, 1);

      game->bgg_id = sqlite3_column_int64 (stmt, 0);
      game->title = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      g_ptr_array_add (games, game);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  tk_store_close (store);
  return g_steal_pointer (&games);
}

gboolean
tk_bgg_export_write_file (guint        n_rows,
                          guint32      seed,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(GPtrArray) catalog = tk_bgg_export_catalog_games (error);
  g_autoptr(GArray) games = g_array_new (FALSE, FALSE, sizeof (TkGenCatalogGame));
  GString *csv;
  gboolean ok;

  if (catalog == NULL)
    return FALSE;
  for (guint i = 0; i < catalog->len; i++)
    g_array_append_vals (games, g_ptr_array_index (catalog, i), 1);
  csv = tk_bgg_export_generate (n_rows, seed, (const TkGenCatalogGame *) (gpointer) games->data,
                                games->len, 15);
  ok = g_file_set_contents (path, csv->str, (gssize) csv->len, error);
  g_string_free (csv, TRUE);
  return ok;
}
