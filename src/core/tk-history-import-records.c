/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-records.c — the records the two readers fill (tk-history-import-private.h):
 * interned texts, games, people told apart, plays and their seats, and the readers' shared
 * parsing of scores and dates and their refusals.  The bottom of the history import: the
 * object (tk-history-import.c) calls the readers (-bgstats.c, -bgg.c), and they, the matching
 * and the object call down to here, never back up. */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-history-import-private.h"

G_DEFINE_QUARK (tk-history-import-error-quark, tk_history_import_error)

/* ---- shared by the readers ---- */

const char *
tk_history_intern (TkHistoryImport *self,
                   const char      *text)
{
  if (text == NULL)
    return NULL;
  return g_string_chunk_insert_const (self->strings, text);
}

static const char *
intern_key (TkHistoryImport *self,
            const char      *prefix,
            const char      *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  g_autofree char *key = g_strconcat (prefix, folded, NULL);

  return tk_history_intern (self, key);
}

static guint
lookup_index (GHashTable *table,
              const char *key)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (table, key));
}

guint
tk_history_add_game (TkHistoryImport *self,
                     const char      *name,
                     gint64           bgg_id)
{
  g_autofree char *id_key = g_strdup_printf ("b:%" G_GINT64_FORMAT, bgg_id);
  const char *key = bgg_id > 0 ? tk_history_intern (self, id_key) : intern_key (self, "n:", name);
  guint index = lookup_index (self->game_keys, key);
  TkHiGame game = { 0 };

  if (index > 0)
    return index - 1;
  game.name = tk_history_intern (self, name);
  game.bgg_id = MAX (bgg_id, 0);
  g_array_append_val (self->games, game);
  g_hash_table_insert (self->game_keys, (gpointer) key, GUINT_TO_POINTER (self->games->len));
  return self->games->len - 1;
}

/* The same person across files and sources: the owner of every file is one person ("me");
 * others by BGG username, then by name. */
guint
tk_history_add_person (TkHistoryImport *self,
                       const char      *name,
                       const char      *username,
                       gboolean         me,
                       gboolean         not_a_person)
{
  const char *key;
  guint index;
  TkHiPerson person = { 0 };

  if (username != NULL && username[0] == '\0')
    username = NULL;
  if (me)
    key = "me";
  else if (not_a_person)
    key = intern_key (self, "x:", name);
  else if (username != NULL)
    key = intern_key (self, "u:", username);
  else
    key = intern_key (self, "n:", name);
  index = lookup_index (self->person_keys, key);
  if (index == 0 && !me && !not_a_person && username != NULL)
    {
      /* Logged by name in one file and by username in another: the name's entry takes
       * the username when it had none. */
      const char *name_key = intern_key (self, "n:", name);

      index = lookup_index (self->person_keys, name_key);
      if (index > 0 && g_array_index (self->people, TkHiPerson, index - 1).pub.username != NULL)
        index = 0;
      if (index > 0)
        {
          g_array_index (self->people, TkHiPerson, index - 1).pub.username =
            tk_history_intern (self, username);
          g_hash_table_insert (self->person_keys, (gpointer) key, GUINT_TO_POINTER (index));
        }
    }
  if (index > 0)
    {
      TkHiPerson *known = &g_array_index (self->people, TkHiPerson, index - 1);

      if (me && known->pub.username == NULL && username != NULL)
        known->pub.username = tk_history_intern (self, username);
      return index - 1;
    }
  person.pub.name = tk_history_intern (self, name);
  person.pub.username = tk_history_intern (self, username);
  person.pub.me = me;
  person.pub.not_a_person = not_a_person;
  person.file_not_a_person = not_a_person;
  g_array_append_val (self->people, person);
  g_hash_table_insert (self->person_keys, (gpointer) key, GUINT_TO_POINTER (self->people->len));
  if (!me && !not_a_person && username == NULL)
    return self->people->len - 1;
  if (username != NULL && !me && !not_a_person)
    g_hash_table_insert (self->person_keys, (gpointer) intern_key (self, "n:", name),
                         GUINT_TO_POINTER (self->people->len));
  return self->people->len - 1;
}

/* The second (third…) person of one name in one play, as the same in every play: "Ben (2)"
 * by default, which the preview lets the user rename. */
static guint
clash_person (TkHistoryImport *self,
              guint            person,
              guint            occurrence)
{
  g_autofree char *key = g_strdup_printf ("c:%u#%u", person, occurrence);
  guint index = lookup_index (self->person_keys, key);
  TkHiPerson clash = { 0 };
  g_autofree char *name = NULL;

  if (index > 0)
    return index - 1;
  clash.pub = g_array_index (self->people, TkHiPerson, person).pub;
  clash.pub.username = NULL;
  clash.pub.me = FALSE;
  name = g_strdup_printf ("%s (%u)", clash.pub.name, occurrence);
  clash.new_name = tk_history_intern (self, name);
  g_array_append_val (self->people, clash);
  g_hash_table_insert (self->person_keys, (gpointer) tk_history_intern (self, key),
                       GUINT_TO_POINTER (self->people->len));
  return self->people->len - 1;
}

/* Two seats of one play that the files name alike (no username to tell them apart) are two
 * people: the second becomes a person of its own. */
static void
tell_apart (TkHistoryImport *self,
            TkHiPlay        *play)
{
  TkHiSeat *seats = TK_HI_SEATS_FROM (self, play->first_seat);
  guint n = self->seats->len - play->first_seat;

  for (guint j = 1; j < n; j++)
    {
      guint occurrence = 1;
      const TkHistoryPerson *p = &g_array_index (self->people, TkHiPerson, seats[j].person).pub;

      if (p->not_a_person)
        continue;
      for (guint k = 0; k < j; k++)
        occurrence += seats[k].person == seats[j].person;
      if (occurrence > 1)
        {
          seats[j].person = clash_person (self, seats[j].person, occurrence);
          play->clash = TRUE;
        }
    }
}

gboolean
tk_history_add_play (TkHistoryImport *self,
                     TkHiPlay        *play)
{
  if (g_hash_table_contains (self->play_keys, play->key) ||
      (play->bgg_key != NULL && g_hash_table_contains (self->play_keys, play->bgg_key)))
    {
      /* Overlapping pages or exports: the first one read is kept. */
      g_array_set_size (self->seats, play->first_seat);
      self->summary.n_repeated += play->quantity;
      return FALSE;
    }
  tell_apart (self, play);
  g_hash_table_add (self->play_keys, (gpointer) play->key);
  if (play->bgg_key != NULL)
    g_hash_table_add (self->play_keys, (gpointer) play->bgg_key);
  play->n_seats = self->seats->len - play->first_seat;
  g_array_append_val (self->plays, *play);
  self->summary.n_records++;
  self->summary.n_plays += play->quantity;
  return TRUE;
}

/* A number, or with @sums a sum of numbers as BG Stats' score field lets one type
 * ("-10+7+22", "40 + 12"); anything else is not a score (and is kept as text). */
gboolean
tk_history_parse_score (const char *text,
                        gboolean    sums,
                        double     *score)
{
  const char *p = text;
  double total = 0;
  guint terms = 0;

  while (*p != '\0')
    {
      double sign = 1;
      char *end;
      double value;

      while (*p == ' ')
        p++;
      if (*p == '\0')
        break;
      if (terms > 0 && *p != '+' && *p != '-')
        return FALSE;
      if ((*p == '+' && terms > 0) || *p == '-')
        {
          sign = *p == '-' ? -1 : 1;
          p++;
          while (*p == ' ')
            p++;
        }
      if (!g_ascii_isdigit (*p) && !(*p == '.' && g_ascii_isdigit (p[1])))
        return FALSE;
      value = g_ascii_strtod (p, &end);
      /* No exponents, hex or infinities: only what a person types as points. */
      for (const char *q = p; q < end; q++)
        if (!g_ascii_isdigit (*q) && *q != '.')
          return FALSE;
      if (!(value < 1e12))
        return FALSE;
      total += sign * value;
      terms++;
      p = end;
      if (terms > 1 && !sums)
        return FALSE;
      if (terms > 64)
        return FALSE;
    }
  if (terms == 0)
    return FALSE;
  *score = total;
  return TRUE;
}

/* Where the file gives no ranks, they follow the scores when every seat has one and the
 * direction is known: the game's (BG Stats), or the one the winners show (BGG: the winners
 * hold the highest, or the lowest, scores).  A play everybody won or lost (co-operative,
 * or a tie) gets no ranks, nor one whose winners do not hold the best scores. */
void
tk_history_rank_seats (TkHiSeat *seats,
                       guint     n_seats,
                       int       lowest_wins)
{
  guint n_winners = 0;
  double best_high = -G_MAXDOUBLE, best_low = G_MAXDOUBLE;
  gboolean winners_high = TRUE, winners_low = TRUE;

  if (n_seats < 2)
    return;
  for (guint i = 0; i < n_seats; i++)
    {
      if (seats[i].rank > 0 || !seats[i].has_score)
        return;
      n_winners += seats[i].winner;
      best_high = MAX (best_high, seats[i].score);
      best_low = MIN (best_low, seats[i].score);
    }
  if (n_winners == n_seats || (n_winners == 0 && lowest_wins < 0))
    return;
  for (guint i = 0; i < n_seats; i++)
    if (seats[i].winner)
      {
        winners_high &= seats[i].score == best_high;
        winners_low &= seats[i].score == best_low;
      }
  if (lowest_wins < 0)
    {
      if (winners_high == winners_low)
        return;
      lowest_wins = winners_low;
    }
  /* A winner set by hand against the scores (BG Stats' manualWinner): the flag is what
   * happened, so ranks from the scores would contradict it. */
  else if (n_winners > 0 && !(lowest_wins ? winners_low : winners_high))
    return;
  for (guint i = 0; i < n_seats; i++)
    {
      guint better = 0;

      for (guint j = 0; j < n_seats; j++)
        better += lowest_wins ? seats[j].score < seats[i].score : seats[j].score > seats[i].score;
      seats[i].rank = better + 1;
    }
}

gboolean
tk_history_parse_date (const char *text,
                       char        date[11])
{
  if (text == NULL || strlen (text) < 10)
    return FALSE;
  for (guint i = 0; i < 10; i++)
    if (i == 4 || i == 7 ? text[i] != '-' : !g_ascii_isdigit (text[i]))
      return FALSE;
  if (atoi (text) < 1 || !g_date_valid_dmy (atoi (text + 8), atoi (text + 5), atoi (text)))
    return FALSE;
  memcpy (date, text, 10);
  date[10] = '\0';
  return TRUE;
}

gboolean
tk_history_refuse (GError     **error,
                   const char  *where,
                   int          line,
                   const char  *format,
                   ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (where != NULL)
    g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID, "%s: %s",
                 where, message);
  else if (line > 0)
    g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID,
                 _("Line %d: %s"), line, message);
  else
    g_set_error_literal (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID,
                         message);
  return FALSE;
}

gboolean
tk_history_check_text (TkTextKind   kind,
                       const char  *field,
                       const char  *text,
                       const char  *where,
                       GError     **error)
{
  if (tk_text_check_in (TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID, kind, field,
                        text, error))
    return TRUE;
  g_prefix_error (error, "%s: ", where);
  return FALSE;
}
