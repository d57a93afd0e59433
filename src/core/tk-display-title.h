/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-display-title.h — the one rule for which title of a game the user reads, and the key
 * lists sort by.
 *
 * A game may have a Japanese title beside its (usually English) title.  In a Japanese UI
 * the Japanese title is shown when there is one; otherwise the title.  Every page, the
 * command line and the human-readable exports go through this rule, and sort by the key of
 * the title shown, in the locale's collation (g_utf8_collate_key).
 */
#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

/* Whether the UI's first language is Japanese (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). */
gboolean    tk_display_title_prefers_japanese (void);

/* The title to show: @title_ja in a Japanese UI when it is set and not blank, else @title. */
const char *tk_display_title                  (const char *title,
                                               const char *title_ja);
/* The other name, for a subtitle: NULL when there is none or it equals the one shown. */
const char *tk_display_title_other            (const char *title,
                                               const char *title_ja);
/* The sort key of the title shown: compare keys with strcmp().  Case is folded first, so
 * "agora" and "Agora" sort together.  Free with g_free(). */
char       *tk_display_title_collate_key      (const char *title,
                                               const char *title_ja);

/* Whether @text is written in Japanese (holds kana or CJK ideographs). */
gboolean    tk_display_title_is_japanese_text (const char *text);

/* Registers the SQL function tk_title_key(title, title_ja) on @db: the collate key above as
 * a BLOB, so that "ORDER BY tk_title_key (g.title, g.title_ja)" sorts as the UI shows. */
int         tk_display_title_register_sql     (sqlite3    *db);

G_END_DECLS
