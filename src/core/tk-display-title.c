/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-display-title.c — which title of a game the user reads, and its sort key. */
#define G_LOG_DOMAIN "tk-display-title"

#include "config.h"

#include <string.h>

#include "tk-display-title.h"

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
