/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-edit.c — validation, adding, editing, statuses, rating, comment, acquisition,
 * cover, delete and undo. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tk-collection-parts.h"
#include "tk-text.h"
#include "tk-display-title.h"

/* ---- validation ---- */

static gboolean
date_is_valid (const char *text)
{
  int y, m, d;
  char tail;

  if (sscanf (text, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3)
    return FALSE;
  return g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
}

static gboolean
check_tags (char       **tags,
            const char  *field,
            GError     **error)
{
  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    if (!tk_text_check (TK_TEXT_TAG, field, tags[i], error))
      return FALSE;
  return TRUE;
}

gboolean
tk_collection_check_text (TkGame  *game,
                          GError **error)
{
  g_return_val_if_fail (TK_IS_GAME (game), FALSE);

  return tk_text_check (TK_TEXT_TITLE, _("title"), game->title, error) &&
         tk_text_check (TK_TEXT_TITLE, _("Japanese title"), game->title_ja, error) &&
         tk_text_check (TK_TEXT_TAG, _("best player count"), game->best_players, error) &&
         check_tags (game->designers, _("designer"), error) &&
         check_tags (game->mechanics, _("mechanic"), error) &&
         check_tags (game->categories, _("category"), error) &&
         tk_text_check (TK_TEXT_NOTES, _("notes"), game->notes, error) &&
         tk_text_check (TK_TEXT_COMMENT, _("comment"), game->comment, error) &&
         tk_text_check (TK_TEXT_LINE, _("acquisition date"), game->acquired_on, error);
}

static gboolean
validate_facts (TkGame   *game,
                gboolean  check_year,
                GError  **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  int next_year = g_date_time_get_year (now) + 1;
  g_autofree char *title = g_strstrip (g_strdup (game->title != NULL ? game->title : ""));
  g_autoptr(GError) text_error = NULL;

  if (*title == '\0')
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("A game needs a title."));
      return FALSE;
    }
  if (!tk_collection_check_text (game, &text_error))
    {
      g_set_error_literal (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                           text_error->message);
      return FALSE;
    }
  if (game->min_players > 0 && game->max_players > 0 && game->min_players > game->max_players)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The smallest number of players (%u) is larger than the largest (%u)."),
                   game->min_players, game->max_players);
      return FALSE;
    }
  if (game->min_time > 0 && game->max_time > 0 && game->min_time > game->max_time)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The shortest play time (%u minutes) is longer than the longest (%u minutes)."),
                   game->min_time, game->max_time);
      return FALSE;
    }
  if (check_year && game->year != 0 && (game->year < 1800 || game->year > next_year))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The year %d does not look right: enter a year from 1800 to %d, "
                     "or leave it empty."), game->year, next_year);
      return FALSE;
    }
  if (game->weight != 0.0 && !(game->weight >= 1.0 && game->weight <= 5.0))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The weight of a game goes from 1 (light) to 5 (heavy)."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
validate_entry (TkGame   *game,
                GError  **error)
{
  if (!tk_text_check_in (TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID, TK_TEXT_COMMENT,
                         _("comment"), game->comment, error))
    return FALSE;
  if (game->rating > 10)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("A rating goes from 1 to 10."));
      return FALSE;
    }
  if (game->acquired_on != NULL && *game->acquired_on != '\0' && !date_is_valid (game->acquired_on))
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("“%s” is not a date; write it as year-month-day, e.g. 2024-05-31."),
                   game->acquired_on);
      return FALSE;
    }
  if (!isfinite (game->price_paid) || game->price_paid > 1e9)
    {
      g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                   _("The price paid is not a usable amount."));
      return FALSE;
    }
  return TRUE;
}

gboolean
tk_collection_validate_entry (TkGame   *game,
                              GError  **error)
{
  return validate_entry (game, error);
}

gboolean
tk_collection_validate (TkGame   *game,
                        GError  **error)
{
  g_return_val_if_fail (TK_IS_GAME (game), FALSE);
  return validate_facts (game, TRUE, error) && validate_entry (game, error);
}

/* ---- edits ---- */

static void
strip_title (TkGame *game)
{
  g_strstrip (game->title);
  if (game->title_ja != NULL)
    g_strstrip (game->title_ja);
}

static gboolean
add_in_txn (TkStore  *store,
            gpointer  user_data,
            GError  **error)
{
  TkGame *game = user_data;

  return tk_collection_write_game (store, game, FALSE, error) &&
         tk_collection_write_entry (store, game, error);
}

gint64
tk_collection_add_game (TkCollection  *self,
                        TkGame        *game,
                        GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), 0);
  g_return_val_if_fail (TK_IS_GAME (game), 0);

  if (!tk_collection_validate (game, error))
    return 0;
  strip_title (game);
  game->id = 0;
  g_free (game->source);
  game->source = g_strdup ("own");
  g_clear_pointer (&game->catalog_key, g_free);

  if (!tk_store_transaction (self->store, add_in_txn, game, error))
    {
      game->id = 0;
      return 0;
    }
  tk_collection_emit_changed (self, game->id);
  return game->id;
}

gboolean
tk_collection_add_entry (TkCollection  *self,
                         gint64         game_id,
                         TkGameStatus   statuses,
                         GError       **error)
{
  g_autoptr(TkGame) game = NULL;

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);

  game = tk_collection_read_game (self->store, game_id, error);
  if (game == NULL)
    return FALSE;
  if (!game->in_collection || statuses != 0)
    {
      tk_game_set_status_flags (game, tk_game_get_statuses (game) | statuses);
      if (!tk_collection_write_entry (self->store, game, error))
        return FALSE;
      tk_collection_emit_changed (self, game_id);
    }
  return TRUE;
}

static gboolean
strv_equal (char **a,
            char **b)
{
  guint na = a != NULL ? g_strv_length (a) : 0;
  guint nb = b != NULL ? g_strv_length (b) : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (g_strcmp0 (a[i], b[i]) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
facts_differ (TkGame *a,
              TkGame *b)
{
  return g_strcmp0 (a->title, b->title) != 0 || g_strcmp0 (a->title_ja, b->title_ja) != 0 ||
         a->year != b->year || a->min_players != b->min_players ||
         a->max_players != b->max_players || g_strcmp0 (a->best_players, b->best_players) != 0 ||
         a->min_time != b->min_time || a->max_time != b->max_time || a->min_age != b->min_age ||
         a->weight != b->weight || !strv_equal (a->designers, b->designers) ||
         !strv_equal (a->mechanics, b->mechanics) || !strv_equal (a->categories, b->categories);
}

typedef struct
{
  TkGame   *game;
  gboolean  facts;
} UpdateData;

static gboolean
update_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  UpdateData *data = user_data;

  if (data->facts && !tk_collection_write_game (store, data->game, FALSE, error))
    return FALSE;
  if (data->game->in_collection && !tk_collection_write_entry (store, data->game, error))
    return FALSE;
  return TRUE;
}

gboolean
tk_collection_update_game (TkCollection  *self,
                           TkGame        *game,
                           GError       **error)
{
  g_autoptr(TkGame) stored = NULL;
  UpdateData data = { game, FALSE };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (TK_IS_GAME (game), FALSE);

  stored = tk_collection_read_game (self->store, game->id, error);
  if (stored == NULL)
    return FALSE;
  if (!validate_facts (game, game->year != stored->year, error) || !validate_entry (game, error))
    return FALSE;
  strip_title (game);

  data.facts = facts_differ (game, stored) || g_strcmp0 (game->notes, stored->notes) != 0 ||
               g_strcmp0 (game->cover_path, stored->cover_path) != 0;
  /* The catalog only rewrites its own rows: an edited catalog game becomes the user's. */
  if (data.facts && g_strcmp0 (stored->source, "catalog") == 0)
    {
      g_free (game->source);
      game->source = g_strdup ("own");
    }

  if (!tk_store_transaction (self->store, update_in_txn, &data, error))
    return FALSE;
  tk_collection_emit_changed (self, game->id);
  return TRUE;
}

static gboolean
update_entry (TkCollection  *self,
              gint64         game_id,
              void         (*change) (TkGame *, gconstpointer),
              gconstpointer  value,
              GError       **error)
{
  g_autoptr(TkGame) game = tk_collection_read_game (self->store, game_id, error);

  if (game == NULL)
    return FALSE;
  change (game, value);
  if (!validate_entry (game, error))
    return FALSE;
  /* A transaction, so that the entry and its sync operation are written together. */
  if (!tk_store_begin (self->store, error))
    return FALSE;
  if (!tk_collection_write_entry (self->store, game, error))
    {
      tk_store_rollback (self->store);
      return FALSE;
    }
  if (!tk_store_commit (self->store, error))
    return FALSE;
  tk_collection_emit_changed (self, game_id);
  return TRUE;
}

typedef struct
{
  TkGameStatus status;
  gboolean     on;
} StatusChange;

static void
change_status (TkGame        *game,
               gconstpointer  value)
{
  const StatusChange *change = value;
  TkGameStatus statuses = tk_game_get_statuses (game);

  tk_game_set_status_flags (game, change->on ? statuses | change->status
                                             : statuses & ~change->status);
}

gboolean
tk_collection_set_status (TkCollection  *self,
                          gint64         game_id,
                          TkGameStatus   status,
                          gboolean       on,
                          GError       **error)
{
  StatusChange change = { status, on };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_status, &change, error);
}

static void
change_rating (TkGame        *game,
               gconstpointer  value)
{
  game->rating = *(const guint *) value;
}

gboolean
tk_collection_set_rating (TkCollection  *self,
                          gint64         game_id,
                          guint          rating,
                          GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_rating, &rating, error);
}

static void
change_comment (TkGame        *game,
                gconstpointer  value)
{
  g_free (game->comment);
  game->comment = g_strdup (value);
}

gboolean
tk_collection_set_comment (TkCollection  *self,
                           gint64         game_id,
                           const char    *comment,
                           GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_comment, comment, error);
}

typedef struct
{
  const char *date;
  double      price;
} Acquired;

static void
change_acquired (TkGame        *game,
                 gconstpointer  value)
{
  const Acquired *acquired = value;

  g_free (game->acquired_on);
  game->acquired_on = g_strdup (acquired->date);
  game->price_paid = acquired->price < 0.0 ? -1.0 : acquired->price;
}

gboolean
tk_collection_set_acquired (TkCollection  *self,
                            gint64         game_id,
                            const char    *date,
                            double         price,
                            GError       **error)
{
  Acquired acquired = { date, price };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  return update_entry (self, game_id, change_acquired, &acquired, error);
}

/* The cover is a fact of the game (games.cover_path), not of the collection entry.  The
 * core stores the path it is given: it neither copies nor owns the file.  The app copies a
 * chosen image into its data folder first (see tk-collection-details.c), so that moving or
 * deleting the original does not lose the cover.  Like any other change to a catalog
 * game's facts (tk_collection_update_game), it makes the game the user's ("own"): catalog
 * upgrades rewrite catalog rows whole and would otherwise drop the cover. */
typedef struct
{
  gint64      game_id;
  const char *path;
} CoverChange;

static gboolean
set_cover_in_txn (TkStore  *store,
                  gpointer  user_data,
                  GError  **error)
{
  const CoverChange *change = user_data;
  g_autoptr(TkGame) game = tk_collection_read_game (store, change->game_id, error);
  sqlite3_stmt *stmt;

  if (game == NULL)
    return FALSE;
  stmt = tk_store_prepare (store,
                           "UPDATE games SET cover_path = ?1,"
                           " source = CASE WHEN source = 'catalog' THEN 'own' ELSE source END,"
                           " updated_at = unixepoch () WHERE id = ?2", error);
  if (stmt == NULL)
    return FALSE;
  _tk_collection_bind_text_or_null (stmt, 1, change->path);
  sqlite3_bind_int64 (stmt, 2, change->game_id);
  return tk_store_step_done (store, stmt, error);
}

gboolean
tk_collection_set_cover (TkCollection  *self,
                         gint64         game_id,
                         const char    *path_or_null,
                         GError       **error)
{
  g_autofree char *path = NULL;
  CoverChange change = { game_id, NULL };

  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (path_or_null != NULL && *path_or_null != '\0')
    {
      /* Stored absolute: a relative path would depend on where the app was started. */
      path = g_canonicalize_filename (path_or_null, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_INVALID,
                       /* Translators: %s is a file name. */
                       _("The cover image “%s” does not exist or is not a file."), display);
          return FALSE;
        }
      change.path = path;
    }

  if (!tk_store_transaction (self->store, set_cover_in_txn, &change, error))
    return FALSE;
  tk_collection_emit_changed (self, game_id);
  return TRUE;
}

/* ---- delete and undo ---- */

static gboolean
delete_in_txn (TkStore  *store,
               gpointer  user_data,
               GError  **error)
{
  TkGame *game = user_data;
  sqlite3_stmt *stmt;
  int rc;

  stmt = tk_store_prepare (store, "SELECT uid FROM games WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game->id);
  if ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW &&
      sqlite3_column_type (stmt, 0) == SQLITE_TEXT)
    game->uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return FALSE;

  stmt = tk_store_prepare (store, "SELECT id FROM plays WHERE game_id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  game->play_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_bind_int64 (stmt, 1, game->id);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (game->play_ids, id);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  /* A catalog game stays in the catalog: only its collection entry goes. */
  if (g_strcmp0 (game->source, "catalog") == 0)
    stmt = tk_store_prepare (store, "DELETE FROM collection WHERE game_id = ?1", error);
  else
    stmt = tk_store_prepare (store, "DELETE FROM games WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game->id);
  return tk_store_step_done (store, stmt, error);
}

TkGame *
tk_collection_delete_game (TkCollection  *self,
                           gint64         game_id,
                           GError       **error)
{
  g_autoptr(TkGame) snapshot = NULL;

  g_return_val_if_fail (TK_IS_COLLECTION (self), NULL);

  snapshot = tk_collection_read_game (self->store, game_id, error);
  if (snapshot == NULL)
    return NULL;
  if (!tk_store_transaction (self->store, delete_in_txn, snapshot, error))
    return NULL;
  tk_collection_emit_changed (self, game_id);
  return g_steal_pointer (&snapshot);
}

static gboolean
restore_in_txn (TkStore  *store,
                gpointer  user_data,
                GError  **error)
{
  TkGame *game = user_data;
  sqlite3_stmt *stmt;

  if (g_strcmp0 (game->source, "catalog") != 0 &&
      !tk_collection_write_game (store, game, TRUE, error))
    return FALSE;
  /* The same game again, not a new one: its uid back, so the undone delete is undone on
   * every device. */
  if (game->uid != NULL && g_strcmp0 (game->source, "catalog") != 0)
    {
      stmt = tk_store_prepare (store, "UPDATE games SET uid = ?1 WHERE id = ?2"
                                      " AND NOT EXISTS (SELECT 1 FROM games WHERE uid = ?1)",
                               error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, game->uid, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 2, game->id);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  if (game->in_collection && !tk_collection_write_entry (store, game, error))
    return FALSE;

  stmt = tk_store_prepare (store, "UPDATE plays SET game_id = ?1 WHERE id = ?2"
                                  " AND game_id IS NULL", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; game->play_ids != NULL && i < game->play_ids->len; i++)
    {
      sqlite3_bind_int64 (stmt, 1, game->id);
      sqlite3_bind_int64 (stmt, 2, g_array_index (game->play_ids, gint64, i));
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tk_collection_restore_game (TkCollection  *self,
                            TkGame        *snapshot,
                            GError       **error)
{
  g_return_val_if_fail (TK_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (TK_IS_GAME (snapshot), FALSE);

  if (!tk_store_transaction (self->store, restore_in_txn, snapshot, error))
    return FALSE;
  tk_collection_emit_changed (self, snapshot->id);
  return TRUE;
}
