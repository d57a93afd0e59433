/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-names.c — a catalog game's Japanese name from the user's BoardGameGeek export, kept as
 * its Japanese title.  Apart from tk-display-title.c, which the store calls on every connection
 * (the sort key): this writes into the library, so it sits above the store, and the display
 * title below it calls nothing back. */
#define G_LOG_DOMAIN "tk-display-title"

#include "config.h"

#include "tk-bgg-csv.h"
#include "tk-bgg-names.h"
#include "tk-display-title.h"

/* Whether @json may hold a kana or kanji: a raw lead byte of a character from U+2000 on
 * (Han radicals, kana and ideographs, their half-width and supplementary forms all are), or
 * an escape (\uXXXX), which is not looked into.  A cheap test before a parse. */
static gboolean
may_hold_japanese (const char *json)
{
  if (json == NULL)
    return FALSE;
  for (const guchar *p = (const guchar *) json; *p != '\0'; p++)
    if (*p >= 0xe2 || (*p == '\\' && p[1] == 'u'))
      return TRUE;
  return FALSE;
}

gboolean
tk_bgg_names_adopt (TkStore  *store,
                    gint64    game_id,
                    GError  **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  /* Catalog games only: a game of the user's own has the file's name as its title.  The
   * entry's bgg_extra is read as every reader of it does (tk_bgg_extra_to_object: a BGG
   * import stores it compactly, a JSON import as an object). */
  stmt = tk_store_prepare (store, "SELECT g.id, g.title, c.bgg_extra"
                                  " FROM games g JOIN collection c ON c.game_id = g.id"
                                  " WHERE (?1 = 0 OR g.id = ?1) AND g.title_ja IS NULL"
                                  " AND g.source = 'catalog' AND c.bgg_extra IS NOT NULL",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      const char *title = (const char *) sqlite3_column_text (stmt, 1);
      const char *stored = (const char *) sqlite3_column_text (stmt, 2);
      g_autoptr(JsonObject) extra = NULL;
      gint64 id = sqlite3_column_int64 (stmt, 0);
      const char *name;

      /* Parsing every entry's columns was a fifth of a 10,000-row import: an entry whose
       * text has no Japanese character (raw or escaped) cannot have a Japanese name. */
      if (!may_hold_japanese (stored))
        continue;
      extra = tk_bgg_extra_to_object (stored);
      name = extra != NULL && json_object_has_member (extra, "objectname") &&
             JSON_NODE_HOLDS_VALUE (json_object_get_member (extra, "objectname"))
             ? json_object_get_string_member (extra, "objectname") : NULL;

      if (name == NULL)
        continue;

      /* Only a name in Japanese for a title that is not: an English alias stays an alias. */
      if (tk_display_title_is_japanese_text (name) && !tk_display_title_is_japanese_text (title))
        {
          g_array_append_val (ids, id);
          g_ptr_array_add (names, g_strstrip (g_strdup (name)));
        }
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;
  if (ids->len == 0)
    return TRUE;

  stmt = tk_store_prepare (store, "UPDATE games SET title_ja = ?2 WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      sqlite3_bind_int64 (stmt, 1, g_array_index (ids, gint64, i));
      sqlite3_bind_text (stmt, 2, names->pdata[i], -1, SQLITE_TRANSIENT);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}
