/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-open.c — a new session, a saved one reopened, the list of open sessions. */
#define G_LOG_DOMAIN "tk-session"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-session-private.h"
#include "tk-display-title.h"
#include "tk-ledger-entry.h"

static char *
game_title (TkStore *store,
            gint64   game_id)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT title FROM games WHERE id = ?1", NULL);
  char *title = NULL;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (tk_store_step (store, stmt, NULL) == SQLITE_ROW)
    title = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return title;
}

/* The game's own titles when the session's title names its game (rather than being a title
 * the user typed), so that the session is shown by the display-title rule. */
static void
load_catalog_titles (TkSession *self)
{
  sqlite3_stmt *stmt;

  g_clear_pointer (&self->catalog_title, g_free);
  g_clear_pointer (&self->catalog_title_ja, g_free);
  if (self->game_id <= 0)
    return;
  stmt = tk_store_prepare (self->store, "SELECT title, title_ja FROM games WHERE id = ?1"
                                        " AND ?2 IN (title, title_ja)", NULL);
  if (stmt == NULL)
    return;
  sqlite3_bind_int64 (stmt, 1, self->game_id);
  sqlite3_bind_text (stmt, 2, self->title, -1, SQLITE_STATIC);
  if (tk_store_step (self->store, stmt, NULL) == SQLITE_ROW)
    {
      self->catalog_title = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      self->catalog_title_ja = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
    }
  sqlite3_reset (stmt);
}

TkSession *
tk_session_start (TkStore     *store,
                  const char  *rules_id,
                  gint64       game_id,
                  const char  *title,
                  JsonObject  *setup,
                  GError     **error)
{
  g_autoptr(TkSession) self = NULL;
  g_autofree char *setup_json = NULL;
  const TkRules *rules;
  sqlite3_stmt *stmt;
  gint64 now = _tk_session_clock ();

  g_return_val_if_fail (TK_IS_STORE (store), NULL);
  g_return_val_if_fail (setup != NULL, NULL);

  if ((rules = _tk_session_lookup_rules (rules_id, error)) == NULL ||
      !_tk_session_check_text (TK_TEXT_TITLE, _("title"), title, error) ||
      !_tk_session_check_json_text (setup, error))
    return NULL;

  self = _tk_session_new (store, rules, setup);
  self->game_id = MAX (game_id, 0);
  self->title = title != NULL && *title != '\0' ? g_strdup (title)
                : game_id > 0 ? game_title (store, game_id) : NULL;
  if (self->title == NULL)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOT_FOUND,
                   _("A session needs a game from the collection or a title."));
      return NULL;
    }
  if (!_tk_session_fold_rows (self, error))
    return NULL;
  /* A game chosen by its Japanese title is stored by its title, like every other. */
  load_catalog_titles (self);
  if (self->catalog_title != NULL && g_strcmp0 (self->title, self->catalog_title) != 0)
    {
      g_free (self->title);
      self->title = g_strdup (self->catalog_title);
    }

  self->started_at = now / 1000;
  self->running_since = now;
  setup_json = tk_rules_json_to_string (setup);
  stmt = tk_store_prepare (store, "INSERT INTO sessions (game_id, rules_id, setup, title,"
                                  " started_at, running_since) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                           error);
  if (stmt == NULL)
    return NULL;
  if (self->game_id > 0)
    sqlite3_bind_int64 (stmt, 1, self->game_id);
  else
    sqlite3_bind_null (stmt, 1);
  sqlite3_bind_text (stmt, 2, rules->id, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, setup_json, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, self->title, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 5, self->started_at);
  sqlite3_bind_int64 (stmt, 6, self->running_since);
  /* In a transaction, so that its commit writes the sync operation with the row. */
  if (!tk_store_begin (store, error))
    return NULL;
  if (!tk_store_step_done (store, stmt, error))
    {
      tk_store_rollback (store);
      return NULL;
    }
  self->id = tk_store_last_insert_id (store);
  if (!tk_store_commit (store, error))
    return NULL;
  return g_steal_pointer (&self);
}

TkSession *
tk_session_load (TkStore  *store,
                 gint64    id,
                 GError  **error)
{
  g_autoptr(TkSession) self = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(GArray) raw = NULL;
  g_autofree char *rules_id = NULL;
  g_autofree char *title = NULL;
  g_autofree char *status = NULL;
  g_autofree char *notes = NULL;
  const TkRules *rules;
  sqlite3_stmt *stmt;
  gint64 game_id, started_at, elapsed_ms, running_since;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT rules_id, setup, coalesce (title, (SELECT title FROM"
                                  " games WHERE games.id = game_id), ''), status, notes, game_id,"
                                  " started_at, elapsed_ms, running_since FROM sessions"
                                  " WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOT_FOUND,
                 _("There is no session number %" PRId64 "."), id);
  if (rc != SQLITE_ROW)
    {
      sqlite3_reset (stmt);
      return NULL;
    }
  rules_id = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  setup = tk_rules_json_parse_object ((const char *) sqlite3_column_text (stmt, 1), -1, NULL);
  title = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
  status = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
  notes = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
  game_id = sqlite3_column_int64 (stmt, 5);
  started_at = sqlite3_column_int64 (stmt, 6);
  elapsed_ms = sqlite3_column_int64 (stmt, 7);
  running_since = sqlite3_column_int64 (stmt, 8);
  sqlite3_reset (stmt);

  if ((rules = _tk_session_lookup_rules (rules_id, error)) == NULL)
    return NULL;
  if (setup == NULL)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_DAMAGED,
                   _("The setup of session %" PRId64 " cannot be read."), id);
      return NULL;
    }

  self = _tk_session_new (store, rules, setup);
  self->id = id;
  self->game_id = game_id;
  self->title = g_steal_pointer (&title);
  load_catalog_titles (self);
  g_free (self->status);
  self->status = g_steal_pointer (&status);
  self->notes = g_steal_pointer (&notes);
  self->started_at = started_at;
  self->elapsed_ms = elapsed_ms;
  self->running_since = running_since;

  raw = tk_ledger_load (store, id, error);
  if (raw == NULL)
    return NULL;
  for (guint i = 0; i < raw->len; i++)
    {
      TkLedgerRow *lr = &g_array_index (raw, TkLedgerRow, i);
      g_autoptr(GError) local_error = NULL;
      TkSessionRow *row = g_new0 (TkSessionRow, 1);

      row->seq = lr->seq;
      row->created_at = lr->created_at;
      row->uid = g_strdup (lr->uid);
      row->action = tk_rules_json_parse_object (lr->action, -1, &local_error);
      if (row->action == NULL)
        {
          g_free (row);
          g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_DAMAGED,
                       _("Action %" PRId64 " of the session cannot be read: %s"),
                       lr->seq, local_error->message);
          return NULL;
        }
      g_ptr_array_add (self->rows, row);
      if (!lr->undone)
        {
          if (self->n_active != i)
            {
              g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_DAMAGED,
                           _("The ledger of session %" PRId64 " has an undone action "
                             "before an active one."), id);
              return NULL;
            }
          self->n_active++;
        }
    }

  if (!_tk_session_fold_rows (self, error))
    return NULL;
  self->clock_events_at_load = tk_turn_clock_get_n_events (self->state->clock);

  /* A turn clock still running in the ledger means the app stopped without closing (a
   * crash, a kill): the clock shows the time of its last action.  The game timer stops at
   * the same moment, so that the two agree that time while the app was gone is not
   * counted (a normal close pauses both: tk_session_turns_close()).  In memory only: the
   * next start or pause of the timer writes it. */
  if (self->running_since != 0 && g_strcmp0 (self->status, "open") == 0 &&
      tk_turn_clock_is_running (self->state->clock))
    {
      gint64 stop = MAX (tk_turn_clock_get_last_at (self->state->clock), self->running_since);

      self->elapsed_ms += stop - self->running_since;
      self->running_since = 0;
    }
  return g_steal_pointer (&self);
}

GListModel *
tk_session_list_open (TkStore  *store,
                      GError  **error)
{
  g_autoptr(GListStore) list = g_list_store_new (TK_TYPE_SESSION);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT id FROM sessions WHERE status = 'open'"
                                  " ORDER BY started_at DESC, id DESC", error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(TkSession) session = tk_session_load (store, g_array_index (ids, gint64, i),
                                                      &local_error);

      /* One unreadable session must not hide the others; it stays in the library. */
      if (session == NULL)
        g_warning ("Session %" PRId64 " cannot be opened: %s",
                   g_array_index (ids, gint64, i), local_error->message);
      else
        g_list_store_append (list, session);
    }
  return G_LIST_MODEL (g_steal_pointer (&list));
}
