/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-html.c — the collection as one self-contained HTML page to share.
 *
 * No scripts, no network: inline CSS only.  Every text from the library goes through
 * g_markup_escape_text(); headings are in the UI language (gettext).
 */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "tk-collection-private.h"
#include "tk-display-title.h"

static const char style[] =
  "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;"
  "line-height:1.4;color:#222;background:#fafafa}"
  "h1{font-size:1.5rem}"
  "article{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:.75rem;"
  "margin:.5rem 0}"
  "h2{font-size:1.1rem;margin:0}"
  ".other{color:#555}"
  ".facts,.statuses{font-size:.9rem;color:#444;margin:.25rem 0}"
  ".comment{white-space:pre-line;margin:.25rem 0}.status{display:inline-block;border-radius:1rem;background:#e8eefc;padding:0 .5rem;"
  "margin-right:.25rem}"
  "@media (prefers-color-scheme:dark){body{background:#222;color:#eee}"
  "article{background:#333;border-color:#444}.facts,.statuses,.other{color:#ccc}"
  ".status{background:#345}}";

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);
  g_string_append (out, escaped);
}

static void
append_status (GString    *out,
               const char *label)
{
  g_string_append (out, "<span class=\"status\">");
  append_escaped (out, label);
  g_string_append (out, "</span>");
}

static int
compare_display_titles (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  TkGame *ga = *(TkGame **) a, *gb = *(TkGame **) b;
  g_autofree char *key_a = tk_display_title_collate_key (ga->title, ga->title_ja);
  g_autofree char *key_b = tk_display_title_collate_key (gb->title, gb->title_ja);
  int order = strcmp (key_a, key_b);

  return order != 0 ? order : (ga->id > gb->id) - (ga->id < gb->id);
}

char *
tk_collection_export_html (TkCollection  *self,
                           TkGameStatus   statuses,
                           GError       **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *count = NULL;

  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);

  games = tk_collection_entries (self, statuses, error);
  if (games == NULL)
    return NULL;
  /* The page lists the games by the title it shows, in the locale's order. */
  g_ptr_array_sort_with_data (games, compare_display_titles, NULL);

  g_string_append (out, "<!DOCTYPE html>\n<html lang=\"");
  /* Translators: the language code of this translation, for the shared HTML page. */
  append_escaped (out, C_("html lang", "en"));
  g_string_append (out, "\">\n<head>\n<meta charset=\"utf-8\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                        " style-src 'unsafe-inline'\">\n<title>");
  append_escaped (out, _("Board-game collection"));
  g_string_append_printf (out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", style);
  append_escaped (out, _("Board-game collection"));
  g_string_append (out, "</h1>\n<p>");
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", games->len),
                           games->len);
  append_escaped (out, count);
  g_string_append (out, "</p>\n");

  for (guint i = 0; i < games->len; i++)
    {
      TkGame *g = g_ptr_array_index (games, i);
      g_autofree char *players = tk_game_describe_players (g);
      g_autofree char *time = tk_game_describe_time (g);

      const char *shown = tk_display_title (g->title, g->title_ja);
      const char *other = tk_display_title_other (g->title, g->title_ja);

      /* The title in the page's language first, the other one under it. */
      g_string_append (out, shown == g->title_ja ? "<article>\n<h2 lang=\"ja\">" : "<article>\n<h2>");
      append_escaped (out, shown);
      if (g->year != 0)
        g_string_append_printf (out, " <small>(%d)</small>", g->year);
      g_string_append (out, "</h2>\n");
      if (other != NULL)
        {
          g_string_append (out, other == g->title_ja ? "<div class=\"other\" lang=\"ja\">"
                                                    : "<div class=\"other\" lang=\"en\">");
          append_escaped (out, other);
          g_string_append (out, "</div>\n");
        }
      {
        /* The facts there are, joined by " · " (none is left dangling, no empty line). */
        g_autoptr(GPtrArray) facts = g_ptr_array_new_with_free_func (g_free);

        if (*players != '\0')
          g_ptr_array_add (facts, g_strdup_printf (_("%s players"), players));
        if (*time != '\0')
          g_ptr_array_add (facts, g_strdup_printf (_("%s minutes"), time));
        if (g->rating > 0)
          g_ptr_array_add (facts, g_strdup_printf (_("Rating %u/10"), g->rating));
        if (facts->len > 0)
          g_string_append (out, "<div class=\"facts\">");
        for (guint k = 0; k < facts->len; k++)
          {
            if (k > 0)
              g_string_append (out, " · ");
            append_escaped (out, g_ptr_array_index (facts, k));
          }
        if (facts->len > 0)
          g_string_append (out, "</div>\n");
      }
      g_string_append (out, "<div class=\"statuses\">");
      if (g->owned)
        append_status (out, _("Owned"));
      if (g->want_to_play)
        append_status (out, _("Want to play"));
      if (g->played)
        append_status (out, _("Played"));
      if (g->favourite)
        append_status (out, _("Favourite"));
      g_string_append (out, "</div>\n");
      if (g->comment != NULL)
        {
          g_string_append (out, "<p class=\"comment\">");
          append_escaped (out, g->comment);
          g_string_append (out, "</p>\n");
        }
      g_string_append (out, "</article>\n");
    }

  g_string_append (out, "<footer><p><small>");
  append_escaped (out, _("Made with Tablekeeper. Game facts from BoardGameGeek."));
  g_string_append (out, "</small></p></footer>\n</body>\n</html>\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}
