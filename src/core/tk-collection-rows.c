/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-rows.c — a listing of games read straight from its rows.
 *
 * `collection list` prints a handful of columns of every game.  Building a TkGame for each
 * (thirty fields, its tags parsed, a GObject allocated and freed) cost more than SQLite's
 * reading of the rows; here each row is handed over as a struct on the stack whose strings
 * point into SQLite's own row, so a listing allocates nothing per game.
 */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include "tk-collection-private.h"

/* The columns in TkGameRow's order; the plays column comes last, only when asked for. */
#define ROW_COLUMNS \
  "g.id, g.title, g.title_ja, g.year, g.min_players, g.max_players, g.min_time, g.max_time," \
  " g.weight, g.bgg_id, c.owned, c.want_to_play, c.played, c.favourite, c.not_interested," \
  " c.rating"
#define PLAYS_COLUMN \
  ", coalesce (c.bgg_plays, 0) + (SELECT count(*) FROM plays p WHERE p.game_id = g.id)"

static guint
column_uint (sqlite3_stmt *stmt,
             int           column)
{
  return (guint) MAX (0, sqlite3_column_int (stmt, column));
}

static void
row_from_stmt (sqlite3_stmt *stmt,
               gboolean      with_plays,
               TkGameRow    *row)
{
  static const TkGameStatus status_bits[] = {
    TK_GAME_STATUS_OWNED, TK_GAME_STATUS_WANT_TO_PLAY, TK_GAME_STATUS_PLAYED,
    TK_GAME_STATUS_FAVOURITE, TK_GAME_STATUS_NOT_INTERESTED,
  };

  row->id = sqlite3_column_int64 (stmt, 0);
  row->title = (const char *) sqlite3_column_text (stmt, 1);
  if (row->title == NULL)
    row->title = "";
  row->title_ja = (const char *) sqlite3_column_text (stmt, 2);
  row->year = sqlite3_column_int (stmt, 3);
  row->min_players = column_uint (stmt, 4);
  row->max_players = column_uint (stmt, 5);
  row->min_time = column_uint (stmt, 6);
  row->max_time = column_uint (stmt, 7);
  row->weight = sqlite3_column_double (stmt, 8);
  row->bgg_id = sqlite3_column_int64 (stmt, 9);
  row->statuses = TK_GAME_STATUS_NONE;
  for (guint i = 0; i < G_N_ELEMENTS (status_bits); i++)
    if (sqlite3_column_int (stmt, 10 + (int) i) != 0)
      row->statuses |= status_bits[i];
  row->rating = column_uint (stmt, 15);
  row->plays = with_plays ? column_uint (stmt, 16) : 0;
}

gboolean
tk_collection_foreach_row (TkCollection       *self,
                           const TkGameQuery  *query,
                           gboolean            with_plays,
                           TkGameRowFunc       func,
                           gpointer            user_data,
                           GError            **error)
{
  g_autofree char *pattern = NULL;
  TkStore *store;
  sqlite3_stmt *stmt;
  TkGameRow row;
  int rc;

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  store = tk_collection_get_store (self);
  stmt = tk_collection_prepare_query (self, query,
                                      with_plays ? ROW_COLUMNS PLAYS_COLUMN : ROW_COLUMNS,
                                      &pattern, error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      row_from_stmt (stmt, with_plays, &row);
      if (!func (&row, user_data))
        {
          rc = SQLITE_DONE;
          break;
        }
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return rc == SQLITE_DONE;
}
