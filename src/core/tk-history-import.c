/* tk-history-import.c — plays from BG Stats and BGG: records, matching, writing, Undo.
 *
 * The readers (tk-history-import-bgstats.c, -bgg.c) turn a file into records here; prepare
 * matches them to the library without writing; write puts them in, one transaction. */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-history-import-private.h"

/* The roster player who is "me" in imported files, so that BG Stats' device owner and the
 * BGG user of a plays page become one person whatever they are called. */
#define ME_KEY "history-import.me"

G_DEFINE_FINAL_TYPE (TkHistoryImport, tk_history_import, G_TYPE_OBJECT)

G_DEFINE_QUARK (tk-history-import-error-quark, tk_history_import_error)

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
  if (format == TK_HISTORY_FORMAT_BGSTATS)
    ok = tk_history_read_bgstats (self, text, length, error);
  else if (format == TK_HISTORY_FORMAT_BGG_XML)
    ok = tk_history_read_bgg (self, text, length, error);
  else
    {
      g_set_error_literal (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                           _("This is neither a BG Stats export nor a page of BoardGameGeek "
                             "plays (XML)."));
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

/* ---- matching to the library ---- */

static gint64
query_id (TkStore    *store,
          const char *sql,
          const char *text,
          gint64      number,
          GError    **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);
  gint64 id = 0;
  int rc;

  if (stmt == NULL)
    return -1;
  if (text != NULL)
    sqlite3_bind_text (stmt, 1, text, -1, SQLITE_STATIC);
  else
    sqlite3_bind_int64 (stmt, 1, number);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? id : -1;
}

/* A BGG game by its id (catalog or imported); a game not on BGG among the user's own
 * games by title (never a catalog game: the user said it is not that one). */
static gint64
match_game (TkStore   *store,
            TkHiGame  *game,
            GError   **error)
{
  if (game->bgg_id > 0)
    return query_id (store, "SELECT id FROM games WHERE bgg_id = ?1", NULL, game->bgg_id, error);
  return query_id (store, "SELECT id FROM games WHERE bgg_id IS NULL AND source != 'catalog'"
                          " AND (title = ?1 COLLATE NOCASE OR title_ja = ?1)"
                          " ORDER BY id LIMIT 1", game->name, 0, error);
}

static gint64
player_named (TkStore    *store,
              const char *name,
              GError    **error)
{
  return query_id (store, "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE"
                          " ORDER BY hidden, id LIMIT 1", name, 0, error);
}

static gint64
match_person (TkStore     *store,
              TkHiPerson  *person,
              GError     **error)
{
  gint64 id = 0;

  if (person->pub.not_a_person)
    return 0;
  if (person->chosen > 0)
    return person->chosen;
  if (person->new_name != NULL)
    return player_named (store, person->new_name, error);
  if (person->pub.me)
    id = query_id (store, "SELECT p.id FROM settings s JOIN players p"
                          " ON p.id = CAST (s.value AS INTEGER) WHERE s.key = ?1",
                   ME_KEY, 0, error);
  if (id == 0 && person->pub.username != NULL)
    id = query_id (store, "SELECT id FROM players WHERE bgg_username = ?1 COLLATE NOCASE",
                   person->pub.username, 0, error);
  if (id == 0)
    id = player_named (store, person->pub.name, error);
  return id;
}

static gboolean
play_is_known (TkStore    *store,
               const char *key,
               GError    **error)
{
  return query_id (store, "SELECT 1 FROM play_imports WHERE key = ?1", key, 0, error) != 0;
}

static char *
roster_name (TkStore  *store,
             gint64    id)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT name FROM players WHERE id = ?1", NULL);
  char *name = NULL;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  if (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
    name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return name;
}

gboolean
tk_history_import_prepare (TkHistoryImport  *self,
                           TkStore          *store,
                           GError          **error)
{
  TkHistorySummary *s = &self->summary;

  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), FALSE);
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  s->n_new = s->n_known = s->n_incomplete = s->n_no_win_stats = s->n_clashes = 0;
  s->n_games = s->n_new_games = s->n_people = s->n_new_people = 0;
  s->first_date[0] = s->last_date[0] = '\0';
  for (guint i = 0; i < self->games->len; i++)
    g_array_index (self->games, TkHiGame, i).used = FALSE;
  for (guint i = 0; i < self->people->len; i++)
    g_array_index (self->people, TkHiPerson, i).pub.n_plays = 0;

  for (guint i = 0; i < self->plays->len; i++)
    {
      TkHiPlay *play = &g_array_index (self->plays, TkHiPlay, i);
      TkHiGame *game = &g_array_index (self->games, TkHiGame, play->game);

      play->is_new = !play_is_known (store, play->key, error) &&
                     (play->bgg_key == NULL || !play_is_known (store, play->bgg_key, error));
      if (error != NULL && *error != NULL)
        return FALSE;
      if (!play->is_new)
        {
          s->n_known += play->quantity;
          continue;
        }
      s->n_new += play->quantity;
      s->n_incomplete += play->incomplete ? play->quantity : 0;
      s->n_no_win_stats += play->no_win_stats ? play->quantity : 0;
      s->n_clashes += play->clash ? play->quantity : 0;
      if (s->first_date[0] == '\0' || strcmp (play->date, s->first_date) < 0)
        memcpy (s->first_date, play->date, sizeof s->first_date);
      if (strcmp (play->date, s->last_date) > 0)
        memcpy (s->last_date, play->date, sizeof s->last_date);
      game->used = TRUE;
      for (guint j = 0; j < play->n_seats; j++)
        {
          TkHiSeat *seat = &g_array_index (self->seats, TkHiSeat, play->first_seat + j);

          g_array_index (self->people, TkHiPerson, seat->person).pub.n_plays += play->quantity;
        }
    }

  for (guint i = 0; i < self->games->len; i++)
    {
      TkHiGame *game = &g_array_index (self->games, TkHiGame, i);

      if (!game->used)
        continue;
      if ((game->game_id = match_game (store, game, error)) < 0)
        return FALSE;
      s->n_games++;
      s->n_new_games += game->game_id == 0;
    }
  for (guint i = 0; i < self->people->len; i++)
    {
      TkHiPerson *person = &g_array_index (self->people, TkHiPerson, i);
      g_autofree char *name = NULL;

      /* (A choice undone in the preview leaves no roster player behind.) */
      person->pub.roster_id = 0;
      person->pub.roster_name = person->pub.not_a_person ? person->pub.name : NULL;
      if (person->pub.n_plays == 0 || person->pub.not_a_person)
        continue;
      if ((person->pub.roster_id = match_person (store, person, error)) < 0)
        return FALSE;
      name = person->pub.roster_id > 0 ? roster_name (store, person->pub.roster_id) : NULL;
      person->pub.roster_name = name != NULL ? tk_history_intern (self, name)
                                : person->new_name != NULL ? person->new_name
                                : person->pub.name;
      s->n_people++;
      s->n_new_people += person->pub.roster_id == 0;
    }
  /* BGG's "total" counts the user's play records; pages read twice count once. */
  s->n_missing = self->bgg_total > self->bgg_records ? self->bgg_total - self->bgg_records : 0;
  return TRUE;
}

const TkHistorySummary *
tk_history_import_get_summary (TkHistoryImport *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), NULL);
  return &self->summary;
}

guint
tk_history_import_get_n_people (TkHistoryImport *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), 0);
  return self->people->len;
}

const TkHistoryPerson *
tk_history_import_get_person (TkHistoryImport *self,
                              guint            index)
{
  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), NULL);
  g_return_val_if_fail (index < self->people->len, NULL);
  return &g_array_index (self->people, TkHiPerson, index).pub;
}

gboolean
tk_history_import_set_person (TkHistoryImport  *self,
                              guint             index,
                              gint64            roster_id,
                              const char       *name,
                              GError          **error)
{
  TkHiPerson *person;

  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), FALSE);
  g_return_val_if_fail (index < self->people->len, FALSE);

  person = &g_array_index (self->people, TkHiPerson, index);
  if (name != NULL)
    {
      g_autofree char *clean = g_strstrip (g_strdup (name));

      if (clean[0] == '\0')
        {
          g_set_error_literal (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID,
                               _("A player needs a name."));
          return FALSE;
        }
      if (!tk_history_check_text (TK_TEXT_NAME, _("player’s name"), clean, clean, error))
        return FALSE;
      person->new_name = tk_history_intern (self, clean);
    }
  else
    person->new_name = NULL;
  person->chosen = MAX (roster_id, 0);
  return TRUE;
}

void
tk_history_import_set_not_a_person (TkHistoryImport *self,
                                    guint            index,
                                    gboolean         not_a_person)
{
  g_return_if_fail (TK_IS_HISTORY_IMPORT (self));
  g_return_if_fail (index < self->people->len);

  g_array_index (self->people, TkHiPerson, index).pub.not_a_person = not_a_person;
}

gboolean
tk_history_import_was_not_a_person (TkHistoryImport *self,
                                    guint            index)
{
  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), FALSE);
  g_return_val_if_fail (index < self->people->len, FALSE);

  return g_array_index (self->people, TkHiPerson, index).file_not_a_person;
}

/* ---- writing ---- */

typedef struct
{
  TkStore *store;
  gint64   import_id;
  GError **error;
} Writer;

static gboolean
remember (Writer     *w,
          const char *kind,
          gint64      object_id)
{
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "INSERT OR IGNORE INTO history_import_objects"
                                                   " (import_id, kind, object_id)"
                                                   " VALUES (?1, ?2, ?3)", w->error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, w->import_id);
  sqlite3_bind_text (stmt, 2, kind, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, object_id);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
create_game (Writer   *w,
             TkHiGame *game)
{
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "INSERT INTO games (title, bgg_id, source)"
                                                   " VALUES (?1, ?2, ?3)", w->error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, game->name, -1, SQLITE_STATIC);
  if (game->bgg_id > 0)
    sqlite3_bind_int64 (stmt, 2, game->bgg_id);
  else
    sqlite3_bind_null (stmt, 2);
  sqlite3_bind_text (stmt, 3, game->bgg_id > 0 ? "import" : "own", -1, SQLITE_STATIC);
  if (!tk_store_step_done (w->store, stmt, w->error))
    return FALSE;
  game->game_id = tk_store_last_insert_id (w->store);
  return remember (w, "game", game->game_id);
}

/* The game is played: its collection entry says so (Undo puts back what it was). */
static gboolean
mark_played (Writer *w,
             gint64  game_id)
{
  gint64 played = -1;
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "SELECT played FROM collection"
                                                   " WHERE game_id = ?1", w->error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = tk_store_step (w->store, stmt, w->error);
  if (rc == SQLITE_ROW)
    played = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return FALSE;
  if (played == 1)
    return TRUE;
  if (!remember (w, played < 0 ? "collection-new" : "collection-played", game_id))
    return FALSE;
  stmt = tk_store_prepare (w->store, "INSERT INTO collection (game_id, played) VALUES (?1, 1)"
                                     " ON CONFLICT (game_id) DO UPDATE SET played = 1,"
                                     " updated_at = unixepoch ()", w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
create_person (Writer     *w,
               TkHiPerson *person)
{
  const char *name = person->new_name != NULL ? person->new_name : person->pub.name;
  sqlite3_stmt *stmt;
  gint64 taken = 0;
  gint64 made = player_named (w->store, name, w->error);

  /* Two people of the file given one new name (renamed alike): one roster player. */
  if (made != 0)
    {
      person->pub.roster_id = made;
      person->pub.roster_name = name;
      return made > 0;
    }

  /* A username already in the roster (a rename may have reached another name) stays with
   * its player. */
  if (person->pub.username != NULL &&
      (taken = query_id (w->store, "SELECT id FROM players WHERE bgg_username = ?1"
                                   " COLLATE NOCASE", person->pub.username, 0, w->error)) < 0)
    return FALSE;
  stmt = tk_store_prepare (w->store, "INSERT INTO players (name, bgg_username) VALUES (?1, ?2)",
                           w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  if (person->pub.username != NULL && taken == 0)
    sqlite3_bind_text (stmt, 2, person->pub.username, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, 2);
  if (!tk_store_step_done (w->store, stmt, w->error))
    return FALSE;
  person->pub.roster_id = tk_store_last_insert_id (w->store);
  person->pub.roster_name = name;
  return remember (w, "player", person->pub.roster_id);
}

/* A roster player met again with a BGG username gets it, when nobody has it yet. */
static gboolean
learn_username (Writer     *w,
                TkHiPerson *person)
{
  sqlite3_stmt *stmt;

  if (person->pub.username == NULL)
    return TRUE;
  stmt = tk_store_prepare (w->store, "UPDATE players SET bgg_username = ?2 WHERE id = ?1"
                                     " AND bgg_username IS NULL AND NOT EXISTS (SELECT 1 FROM"
                                     " players WHERE bgg_username = ?2 COLLATE NOCASE)",
                           w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, person->pub.roster_id);
  sqlite3_bind_text (stmt, 2, person->pub.username, -1, SQLITE_STATIC);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
remember_me (Writer     *w,
             TkHiPerson *person)
{
  g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT, person->pub.roster_id);
  sqlite3_stmt *stmt;
  gint64 known = query_id (w->store, "SELECT 1 FROM settings WHERE key = ?1", ME_KEY, 0,
                           w->error);

  if (known != 0)
    return known > 0;
  stmt = tk_store_prepare (w->store, "INSERT INTO settings (key, value) VALUES (?1, ?2)",
                           w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, ME_KEY, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, value, -1, SQLITE_STATIC);
  return tk_store_step_done (w->store, stmt, w->error) &&
         remember (w, "me", person->pub.roster_id);
}

static void
bind_text (sqlite3_stmt *stmt,
           int           index,
           const char   *text)
{
  if (text != NULL)
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, index);
}

static gboolean
write_key (Writer     *w,
           const char *key,
           guint       copy,
           gint64      play_id)
{
  g_autofree char *numbered = copy > 1 ? g_strdup_printf ("%s#%u", key, copy) : NULL;
  sqlite3_stmt *stmt = tk_store_prepare (w->store, "INSERT INTO play_imports (key, play_id,"
                                                   " import_id) VALUES (?1, ?2, ?3)", w->error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, numbered != NULL ? numbered : key, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, play_id);
  sqlite3_bind_int64 (stmt, 3, w->import_id);
  return tk_store_step_done (w->store, stmt, w->error);
}

static gboolean
write_play (TkHistoryImport *self,
            Writer          *w,
            TkHiPlay        *play,
            guint            copy)
{
  TkHiGame *game = &g_array_index (self->games, TkHiGame, play->game);
  /* No winner counts in a play that was not finished or that asks not to count. */
  gboolean no_winner = play->incomplete || play->no_win_stats;
  sqlite3_stmt *stmt;
  gint64 play_id;
  gint64 seen[TK_HISTORY_MAX_SEATS];

  stmt = tk_store_prepare (w->store, "INSERT INTO plays (game_id, game_title, played_on,"
                                     " duration_min, location, expansions, notes, incomplete,"
                                     " no_win_stats) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                           w->error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game->game_id);
  sqlite3_bind_text (stmt, 2, game->name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, play->date, -1, SQLITE_STATIC);
  if (play->duration > 0)
    sqlite3_bind_int (stmt, 4, play->duration);
  else
    sqlite3_bind_null (stmt, 4);
  bind_text (stmt, 5, play->location);
  bind_text (stmt, 6, play->expansions);
  bind_text (stmt, 7, play->notes);
  sqlite3_bind_int (stmt, 8, play->incomplete);
  sqlite3_bind_int (stmt, 9, play->no_win_stats);
  if (!tk_store_step_done (w->store, stmt, w->error))
    return FALSE;
  play_id = tk_store_last_insert_id (w->store);

  stmt = tk_store_prepare (w->store, "INSERT INTO play_players (play_id, seat, player_id, name,"
                                     " score, rank, winner, first_play, score_text, role, team,"
                                     " start_player) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
                                     " ?10, ?11, ?12)", w->error);
  if (stmt == NULL)
    return FALSE;
  for (guint j = 0; j < play->n_seats; j++)
    {
      TkHiSeat *seat = &g_array_index (self->seats, TkHiSeat, play->first_seat + j);
      TkHiPerson *person = &g_array_index (self->people, TkHiPerson, seat->person);
      gint64 player_id = person->pub.not_a_person ? 0 : person->pub.roster_id;

      /* Two seats of one play that became the same roster player (two people of the
       * same name): the second keeps its name but stays out of the roster's figures. */
      for (guint k = 0; k < j && player_id > 0; k++)
        if (seen[k] == player_id)
          player_id = 0;
      seen[j] = player_id;
      sqlite3_bind_int64 (stmt, 1, play_id);
      sqlite3_bind_int (stmt, 2, j);
      if (player_id > 0)
        sqlite3_bind_int64 (stmt, 3, player_id);
      else
        sqlite3_bind_null (stmt, 3);
      sqlite3_bind_text (stmt, 4, player_id > 0 ? person->pub.roster_name : person->pub.name,
                         -1, SQLITE_STATIC);
      if (seat->has_score)
        sqlite3_bind_double (stmt, 5, seat->score);
      else
        sqlite3_bind_null (stmt, 5);
      if (seat->rank > 0 && !no_winner)
        sqlite3_bind_int (stmt, 6, seat->rank);
      else
        sqlite3_bind_null (stmt, 6);
      sqlite3_bind_int (stmt, 7, seat->winner && !no_winner);
      sqlite3_bind_int (stmt, 8, seat->first_play && copy == 1);
      bind_text (stmt, 9, seat->score_text);
      bind_text (stmt, 10, seat->role);
      bind_text (stmt, 11, seat->team);
      sqlite3_bind_int (stmt, 12, seat->start);
      if (!tk_store_step_done (w->store, stmt, w->error))
        return FALSE;
    }
  return write_key (w, play->key, copy, play_id) &&
         (play->bgg_key == NULL || write_key (w, play->bgg_key, copy, play_id));
}

gboolean
tk_history_import_write (TkHistoryImport  *self,
                         TkStore          *store,
                         TkHistoryProgressFunc progress,
                         gpointer          progress_data,
                         gint64           *import_id,
                         GError          **error)
{
  Writer w = { store, 0, error };
  sqlite3_stmt *stmt;
  guint done = 0;

  g_return_val_if_fail (TK_IS_HISTORY_IMPORT (self), FALSE);
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;
  /* Matched again inside the transaction: the library may have changed since the preview
   * (another window, the CLI). */
  if (!tk_history_import_prepare (self, store, error))
    goto fail;
  stmt = tk_store_prepare (store, "INSERT INTO history_imports (source) VALUES (?1)", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_text (stmt, 1, self->source != NULL ? self->source : "bgstats", -1,
                     SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    goto fail;
  w.import_id = tk_store_last_insert_id (store);

  for (guint i = 0; i < self->games->len; i++)
    {
      TkHiGame *game = &g_array_index (self->games, TkHiGame, i);

      if (game->used &&
          ((game->game_id == 0 && !create_game (&w, game)) || !mark_played (&w, game->game_id)))
        goto fail;
    }
  for (guint i = 0; i < self->people->len; i++)
    {
      TkHiPerson *person = &g_array_index (self->people, TkHiPerson, i);

      if (person->pub.n_plays == 0 || person->pub.not_a_person)
        continue;
      if (person->pub.roster_id == 0 ? !create_person (&w, person) : !learn_username (&w, person))
        goto fail;
      if (person->pub.me && !remember_me (&w, person))
        goto fail;
    }
  for (guint i = 0; i < self->plays->len; i++)
    {
      TkHiPlay *play = &g_array_index (self->plays, TkHiPlay, i);

      if (!play->is_new)
        continue;
      for (guint copy = 1; copy <= play->quantity; copy++)
        if (!write_play (self, &w, play, copy))
          {
            g_prefix_error (error, _("Play of %s on %s: "),
                            g_array_index (self->games, TkHiGame, play->game).name, play->date);
            goto fail;
          }
      done += play->quantity;
      if (progress != NULL && (i % 256 == 255 || i + 1 == self->plays->len))
        progress (done, self->summary.n_new, progress_data);
    }
  /* Told at COMMIT: the collection shows the games played and their counts. */
  tk_store_notify_games_changed (store, 0);
  if (!tk_store_commit (store, error))
    return FALSE;
  if (import_id != NULL)
    *import_id = w.import_id;
  return TRUE;

fail:
  tk_store_rollback (store);
  return FALSE;
}

/* Each step leaves alone what something written after the import uses. */
static const char *const undo_steps[] = {
  "DELETE FROM plays WHERE id IN (SELECT play_id FROM play_imports WHERE import_id = ?1)",
  "DELETE FROM collection WHERE game_id IN (SELECT object_id FROM history_import_objects"
  "  WHERE import_id = ?1 AND kind = 'collection-new')"
  " AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.game_id = collection.game_id)"
  " AND owned = 0 AND want_to_play = 0 AND favourite = 0 AND not_interested = 0"
  " AND rating IS NULL AND comment IS NULL AND bgg_plays = 0",
  "UPDATE collection SET played = 0 WHERE game_id IN (SELECT object_id"
  "  FROM history_import_objects WHERE import_id = ?1"
  "  AND kind IN ('collection-new', 'collection-played'))"
  " AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.game_id = collection.game_id)",
  "DELETE FROM games WHERE id IN (SELECT object_id FROM history_import_objects"
  "  WHERE import_id = ?1 AND kind = 'game')"
  " AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.game_id = games.id)"
  " AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.game_id = games.id)"
  " AND NOT EXISTS (SELECT 1 FROM collection c WHERE c.game_id = games.id)",
  "DELETE FROM players WHERE id IN (SELECT object_id FROM history_import_objects"
  "  WHERE import_id = ?1 AND kind = 'player')"
  " AND NOT EXISTS (SELECT 1 FROM play_players pp WHERE pp.player_id = players.id)",
  "DELETE FROM settings WHERE key = '" ME_KEY "' AND value IN (SELECT CAST (object_id AS TEXT)"
  "  FROM history_import_objects WHERE import_id = ?1 AND kind = 'me')",
  "DELETE FROM history_imports WHERE id = ?1",
};

gboolean
tk_history_import_undo (TkStore  *store,
                        gint64    import_id,
                        GError  **error)
{
  gint64 found;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (!tk_store_begin (store, error))
    return FALSE;
  found = query_id (store, "SELECT 1 FROM history_imports WHERE id = ?1", NULL, import_id,
                    error);
  if (found == 0)
    g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_NOT_FOUND,
                 _("That import is no longer in the library."));
  if (found <= 0)
    goto fail;
  for (guint i = 0; i < G_N_ELEMENTS (undo_steps); i++)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, undo_steps[i], error);

      if (stmt == NULL)
        goto fail;
      sqlite3_bind_int64 (stmt, 1, import_id);
      if (!tk_store_step_done (store, stmt, error))
        goto fail;
    }
  tk_store_notify_games_changed (store, 0);
  return tk_store_commit (store, error);

fail:
  tk_store_rollback (store);
  return FALSE;
}
