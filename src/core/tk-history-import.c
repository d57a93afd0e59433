/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import.c — plays from BG Stats and BGG: records, matching, writing, Undo.
 *
 * The readers (tk-history-import-bgstats.c, -bgg.c) turn a file into records
 * (tk-history-import-records.c); prepare matches them to the library without writing
 * (tk-history-import-match.c); write puts them in, one transaction (tk-history-import-write.c). */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-history-import-private.h"

G_DEFINE_FINAL_TYPE (TkHistoryImport, tk_history_import, G_TYPE_OBJECT)

static void
tk_history_import_finalize (GObject *object)
{
  TkHistoryImport *self = TK_HISTORY_IMPORT (object);

  g_string_chunk_free (self->strings);
  g_array_unref (self->plays);
  g_array_unref (self->seats);
  g_array_unref (self->games);
  g_array_unref (self->people);
  g_hash_table_unref (self->game_keys);
  g_hash_table_unref (self->person_keys);
  g_hash_table_unref (self->play_keys);
  g_free (self->source);

  G_OBJECT_CLASS (tk_history_import_parent_class)->finalize (object);
}

static void
tk_history_import_class_init (TkHistoryImportClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_history_import_finalize;
}

static void
tk_history_import_init (TkHistoryImport *self)
{
  self->strings = g_string_chunk_new (64 * 1024);
  self->plays = g_array_new (FALSE, TRUE, sizeof (TkHiPlay));
  self->seats = g_array_new (FALSE, TRUE, sizeof (TkHiSeat));
  self->games = g_array_new (FALSE, TRUE, sizeof (TkHiGame));
  self->people = g_array_new (FALSE, TRUE, sizeof (TkHiPerson));
  /* Keys point into the string chunk, which lives as long as the tables. */
  self->game_keys = g_hash_table_new (g_str_hash, g_str_equal);
  self->person_keys = g_hash_table_new (g_str_hash, g_str_equal);
  self->play_keys = g_hash_table_new (g_str_hash, g_str_equal);
}

TkHistoryImport *
tk_history_import_new (void)
{
  return g_object_new (TK_TYPE_HISTORY_IMPORT, NULL);
}

/* ---- reading ---- */

TkHistoryFormat
tk_history_import_detect (const char *text,
                          gsize       length)
{
  gsize i = 0;

  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (text[i]))
    i++;
  if (i < length && text[i] == '<')
    return TK_HISTORY_FORMAT_BGG_XML;
  /* Tablekeeper's own plays file is a JSON object too: a BG Stats file is one with members
   * only BG Stats writes (a broken file of neither kind is left to the plays file's reader,
   * which says what is wrong with it as such). */
  if (i < length && text[i] == '{')
    {
      static const char *const members[] = {
        "\"userInfo\"", "\"playerScores\"", "\"gameRefId\"", "\"playDate\"",
      };

      if (g_strstr_len (text, MIN (length, 4096), "\"tablekeeper-plays\"") != NULL)
        return TK_HISTORY_FORMAT_AUTO;
      for (guint m = 0; m < G_N_ELEMENTS (members); m++)
        if (g_strstr_len (text, length, members[m]) != NULL)
          return TK_HISTORY_FORMAT_BGSTATS;
    }
  return TK_HISTORY_FORMAT_AUTO;
}

/* The first line of a BoardGameGeek collection export names these columns. */
static gboolean
is_bgg_collection_csv (const char *text,
                       gsize       length)
{
  const char *end = memchr (text, '\n', MIN (length, 8192));
  g_autofree char *first = g_strndup (text, end != NULL ? (gsize) (end - text) : MIN (length, 8192));

  return strstr (first, "objectname") != NULL && strstr (first, "objectid") != NULL;
}

gboolean
tk_history_import_check_kind (const char  *text,
                              gsize        length,
                              GError     **error)
{
  gsize i = 0;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);

  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (text[i]))
    i++;
  if (i == length)
    {
      g_set_error_literal (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                           _("The file is empty."));
      return FALSE;
    }
  if (tk_history_import_detect (text, length) != TK_HISTORY_FORMAT_AUTO ||
      g_strstr_len (text, MIN (length, 4096), "\"tablekeeper-plays\"") != NULL)
    return TRUE;
  if (is_bgg_collection_csv (text + i, length - i))
    g_set_error_literal (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                         _("This is a BoardGameGeek collection (CSV), not plays: import it in "
                           "Collection → Import…"));
  else
    g_set_error_literal (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                         _("This is neither a BG Stats export nor a page of BoardGameGeek "
                           "plays (XML), nor a Tablekeeper plays file."));
  return FALSE;
}

gboolean
tk_history_import_add_file (TkHistoryImport  *self,
                            const char       *text,
                            gsize             length,
                            TkHistoryFormat   format,
                            GError          **error)
{
  guint n_plays = self->plays->len, n_seats = self->seats->len;
  TkHistorySummary before = self->summary;
  gboolean ok;

  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (format == TK_HISTORY_FORMAT_AUTO)
    format = tk_history_import_detect (text, length);
  /* A byte-order mark is no part of the document. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  if (format == TK_HISTORY_FORMAT_BGSTATS)
    ok = tk_history_read_bgstats (self, text, length, error);
  else if (format == TK_HISTORY_FORMAT_BGG_XML)
    ok = tk_history_read_bgg (self, text, length, error);
  else
    {
      /* Says what the file is when it can tell (empty, a collection). */
      if (tk_history_import_check_kind (text, length, error))
        g_set_error_literal (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                             _("A Tablekeeper plays file is imported on its own, not with "
                               "other files."));
      return FALSE;
    }
  if (!ok)
    {
      /* A refused file adds nothing: the plays it added are dropped (games and people it
       * named stay, unused, and are neither counted nor written). */
      for (guint i = n_plays; i < self->plays->len; i++)
        {
          TkHiPlay *play = &g_array_index (self->plays, TkHiPlay, i);

          g_hash_table_remove (self->play_keys, play->key);
          if (play->bgg_key != NULL)
            g_hash_table_remove (self->play_keys, play->bgg_key);
        }
      g_array_set_size (self->plays, n_plays);
      g_array_set_size (self->seats, n_seats);
      self->summary = before;
      return FALSE;
    }
  g_free (self->source);
  self->source = g_strdup (format == TK_HISTORY_FORMAT_BGSTATS ? "bgstats" : "bgg-xml");
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_utf8_collate (*(const char * const *) a, *(const char * const *) b);
}

char *
tk_history_import_describe_games (TkHistoryImport *self,
                                  guint            max)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GString *text = g_string_new (NULL);
  guint shown;

  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), NULL);

  for (guint i = 0; i < self->games->len; i++)
    {
      TkHiGame *game = &g_array_index (self->games, TkHiGame, i);

      if (game->used)
        g_ptr_array_add (names, (gpointer) game->name);
    }
  g_ptr_array_sort (names, compare_names);
  shown = MIN (names->len, max);
  for (guint i = 0; i < shown; i++)
    {
      if (i > 0 && i + 1 == shown && shown == names->len)
        /* Translators: between the last two names of a list, e.g. "Agora, Hanabi and Ra" */
        g_string_append (text, _(" and "));
      else if (i > 0)
        g_string_append (text, _(", "));
      g_string_append (text, names->pdata[i]);
    }
  if (names->len > shown)
    /* Translators: after a list of games cut short, e.g. "Agora, Hanabi … and 12 more" */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " … and %u more",
                                               " … and %u more", names->len - shown),
                            names->len - shown);
  return g_string_free (text, FALSE);
}
