/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-display-title.c — which title of a game the user reads, and its sort key. */
#define G_LOG_DOMAIN "tk-display-title"

#include "config.h"

#include <string.h>

#include "tk-display-title.h"
#include "tk-bgg-csv.h"

static gboolean
is_blank (const char *text)
{
  if (text == NULL)
    return TRUE;
  for (; *text != '\0'; text = g_utf8_next_char (text))
    if (!g_unichar_isspace (g_utf8_get_char (text)))
      return FALSE;
  return TRUE;
}

gboolean
tk_display_title_prefers_japanese (void)
{
  /* GLib caches the list per locale setting, so this stays cheap in sort callbacks. */
  const char * const *names = g_get_language_names ();

  return names[0] != NULL && (g_str_equal (names[0], "ja") || g_str_has_prefix (names[0], "ja_") ||
                              g_str_has_prefix (names[0], "ja."));
}

const char *
tk_display_title (const char *title,
                  const char *title_ja)
{
  if (!is_blank (title_ja) && (is_blank (title) || tk_display_title_prefers_japanese ()))
    return title_ja;
  return title != NULL ? title : "";
}

const char *
tk_display_title_other (const char *title,
                        const char *title_ja)
{
  const char *shown = tk_display_title (title, title_ja);
  const char *other = shown == title_ja ? title : title_ja;

  if (is_blank (other) || g_strcmp0 (other, shown) == 0)
    return NULL;
  return other;
}

char *
tk_display_title_collate_key (const char *title,
                              const char *title_ja)
{
  const char *shown = tk_display_title (title, title_ja);
  g_autofree char *folded = g_utf8_casefold (shown, -1);

  return g_utf8_collate_key (folded, -1);
}

gboolean
tk_display_title_is_japanese_text (const char *text)
{
  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      GUnicodeScript script = g_unichar_get_script (g_utf8_get_char (p));

      if (script == G_UNICODE_SCRIPT_HIRAGANA || script == G_UNICODE_SCRIPT_KATAKANA ||
          script == G_UNICODE_SCRIPT_HAN)
        return TRUE;
    }
  return FALSE;
}

static void
title_key_sql (sqlite3_context  *context,
               int               argc,
               sqlite3_value   **argv)
{
  const char *title = (const char *) sqlite3_value_text (argv[0]);
  const char *title_ja = (const char *) sqlite3_value_text (argv[1]);
  char *key;

  if ((title != NULL && !g_utf8_validate (title, -1, NULL)) ||
      (title_ja != NULL && !g_utf8_validate (title_ja, -1, NULL)))
    {
      /* Not text this library wrote; sort it by its bytes rather than fail the query. */
      sqlite3_result_value (context, argv[title != NULL ? 0 : 1]);
      return;
    }
  key = tk_display_title_collate_key (title, title_ja);
  sqlite3_result_blob (context, key, (int) strlen (key), g_free);
}

int
tk_display_title_register_sql (sqlite3 *db)
{
  /* Not SQLITE_DETERMINISTIC: the result depends on the UI language. */
  return sqlite3_create_function (db, "tk_title_key", 2, SQLITE_UTF8 | SQLITE_INNOCUOUS, NULL,
                                  title_key_sql, NULL, NULL);
}

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
tk_display_title_adopt_bgg_names (TkStore  *store,
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
