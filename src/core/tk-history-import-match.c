/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-match.c — prepare: matching an import's records to the library without
 * writing (the plays it already holds, its games and roster players), and the choices the
 * dialog makes about the people in the file. */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-history-import-private.h"

/* ---- matching to the library ---- */

gint64
_tk_history_import_query_id (TkStore    *store,
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
    return _tk_history_import_query_id (store, "SELECT id FROM games WHERE bgg_id = ?1", NULL,
                                        game->bgg_id, error);
  return _tk_history_import_query_id (store,
                                      "SELECT id FROM games WHERE bgg_id IS NULL"
                                      " AND source != 'catalog'"
                                      " AND (title = ?1 COLLATE NOCASE OR title_ja = ?1)"
                                      " ORDER BY id LIMIT 1", game->name, 0, error);
}

gint64
_tk_history_import_player_named (TkStore    *store,
                                 const char *name,
                                 GError    **error)
{
  return _tk_history_import_query_id (store, "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE"
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
    return _tk_history_import_player_named (store, person->new_name, error);
  if (person->pub.me)
    id = _tk_history_import_query_id (store, "SELECT p.id FROM settings s JOIN players p"
                                      " ON p.id = CAST (s.value AS INTEGER) WHERE s.key = ?1",
                                      ME_KEY, 0, error);
  if (id == 0 && person->pub.username != NULL)
    id = _tk_history_import_query_id (store, "SELECT id FROM players WHERE bgg_username = ?1"
                                      " COLLATE NOCASE", person->pub.username, 0, error);
  if (id == 0)
    id = _tk_history_import_player_named (store, person->pub.name, error);
  return id;
}

static gboolean
play_is_known (TkStore    *store,
               const char *key,
               GError    **error)
{
  /* Also a play another device imported and this one received: it has the key as its uid
   * (tk-sync-log.h) but no import here. */
  return _tk_history_import_query_id (store, "SELECT 1 FROM play_imports WHERE key = ?1"
                                      " UNION ALL SELECT 1 FROM plays WHERE uid = ?1 LIMIT 1",
                                      key, 0, error) != 0;
}

char *
_tk_history_import_roster_name (TkStore  *store,
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
      name = person->pub.roster_id > 0
             ? _tk_history_import_roster_name (store, person->pub.roster_id) : NULL;
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
