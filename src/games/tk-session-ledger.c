/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-ledger.c — applying, undoing and redoing actions; the first player; the timer
 * and the notes. */
#define G_LOG_DOMAIN "tk-session"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-session-private.h"
#include "tk-ledger-entry.h"

/* ---- the ledger ---- */

/* A copy of @node all the way down, members in their order: json_node_copy () shares an
 * object's or an array's contents with the original. */
static JsonNode *
deep_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_object_new ();
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, json_node_get_object (node));
      while (json_object_iter_next_ordered (&iter, &name, &member))
        json_object_set_member (object, name, deep_copy (member));
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, object);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *from = json_node_get_array (node);
      JsonArray *array = json_array_sized_new (json_array_get_length (from));

      for (guint i = 0; i < json_array_get_length (from); i++)
        json_array_add_element (array, deep_copy (json_array_get_element (from, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, array);
      return copy;
    }
  return json_node_copy (node);
}

/* @action as the ledger keeps it: always a copy of its own, so that nothing the caller does
 * with @action afterwards (a panel reuses its draft) reaches the ledger, the session file or
 * what undo and redo fold again; stamped with the clock's time ("clock_at", "clock_resume")
 * once the clock has started (tk-session-clock.h).  @action itself is never changed. */
static JsonObject *
stamped_copy (TkSession  *self,
              JsonObject *action)
{
  const char *type = tk_rules_json_type (action);
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), action);
  g_autoptr(JsonNode) copy = deep_copy (node);
  JsonObject *stamped = json_node_dup_object (copy);

  if (type == NULL || g_str_has_prefix (type, "table.") ||
      tk_turn_clock_get_active (tk_session_get_turn_clock (self)) < 0)
    return stamped;
  json_object_set_int_member (stamped, "clock_at", tk_session_now_ms ());
  if (tk_session_clock_is_suspended (self))
    json_object_set_boolean_member (stamped, "clock_resume", TRUE);
  else
    json_object_remove_member (stamped, "clock_resume");
  return stamped;
}

gboolean
_tk_session_check_open (TkSession  *self,
                        GError    **error)
{
  if (g_strcmp0 (self->status, "open") == 0)
    return TRUE;
  g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_CLOSED,
               _("This session is already closed; start a new one to play again."));
  return FALSE;
}

gboolean
tk_session_check (TkSession   *self,
                  JsonObject  *action,
                  GError     **error)
{
  g_autoptr(JsonObject) stamped = NULL;
  Fold *copy;
  gboolean ok;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!_tk_session_check_open (self, error) || !_tk_session_check_json_text (action, error))
    return FALSE;
  /* as tk_session_apply () would: stamped, then folded on a copy, but the copy is dropped */
  stamped = stamped_copy (self, action);
  copy = _tk_session_fold_copy (self->rules, self->state);
  ok = _tk_session_fold_apply (self->rules, self->setup, copy, stamped, error);
  _tk_session_fold_free (self->rules, copy);
  return ok;
}

gboolean
tk_session_apply (TkSession   *self,
                  JsonObject  *action,
                  GError     **error)
{
  g_autoptr(JsonObject) stamped = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autofree char *uid = NULL;
  g_autoptr(TkLedgerEntry) entry = NULL;
  gboolean could_undo, could_redo;
  Fold *next;
  TkSessionRow *row;
  gint64 seq, now;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!_tk_session_check_open (self, error) || !_tk_session_check_json_text (action, error))
    return FALSE;
  if (self->n_active >= MAX_ACTIONS)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_CLOSED,
                   _("This session is full (%d actions)."), MAX_ACTIONS);
      return FALSE;
    }

  /* the ledger keeps the action stamped with the clock; the caller's is left as it was */
  stamped = stamped_copy (self, action);
  /* 1. Check on a copy: a refused action leaves everything as it was. */
  next = _tk_session_fold_copy (self->rules, self->state);
  if (!_tk_session_fold_apply (self->rules, self->setup, next, stamped, error))
    {
      _tk_session_fold_free (self->rules, next);
      return FALSE;
    }

  /* 2. Save it: a child of the head, which it becomes (an undone tail stays, a branch). */
  text = _tk_session_describe (self->rules, self->setup, self->state, stamped);
  json = tk_rules_json_to_string (stamped);
  seq = self->rows->len > 0
        ? ((TkSessionRow *) self->rows->pdata[self->rows->len - 1])->seq + 1 : 1;
  now = _tk_session_clock ();
  if (self->store != NULL &&
      !tk_ledger_append (self->store, self->id, now / 1000, json, &seq, &uid, error))
    {
      _tk_session_fold_free (self->rules, next);
      return FALSE;
    }

  /* 3. Only now show it. */
  could_undo = tk_session_can_undo (self);
  could_redo = tk_session_can_redo (self);
  if (self->rows->len > self->n_active)
    {
      g_list_store_splice (self->ledger, self->n_active, self->rows->len - self->n_active,
                           NULL, 0);
      g_ptr_array_set_size (self->rows, self->n_active);
    }
  row = g_new0 (TkSessionRow, 1);
  row->seq = seq;
  row->created_at = now / 1000;
  row->action = g_steal_pointer (&stamped);
  row->uid = g_steal_pointer (&uid);
  g_ptr_array_add (self->rows, row);
  _tk_session_fold_free (self->rules, self->state);
  self->state = next;
  _tk_session_forget_score (self);
  self->n_active++;
  if (self->n_active % SNAPSHOT_EVERY == 0)
    g_ptr_array_add (self->snapshots, _tk_session_fold_copy (self->rules, self->state));
  entry = tk_ledger_entry_new (seq, row->created_at, text, FALSE);
  g_list_store_append (self->ledger, entry);

  _tk_session_notify_history (self, could_undo, could_redo);
  return TRUE;
}

gboolean
tk_session_apply_json (TkSession   *self,
                       const char  *action_json,
                       GError     **error)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action_json != NULL, FALSE);

  action = tk_rules_json_parse_object (action_json, -1, error);
  return action != NULL && tk_session_apply (self, action, error);
}

gboolean
tk_session_can_undo (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  return self->n_active > 0 && g_strcmp0 (self->status, "open") == 0;
}

gboolean
tk_session_can_redo (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  return self->rows->len > self->n_active && g_strcmp0 (self->status, "open") == 0;
}

gboolean
tk_session_undo (TkSession  *self,
                 GError    **error)
{
  gboolean could_undo, could_redo;
  TkSessionRow *row;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!_tk_session_check_open (self, error))
    return FALSE;
  if (self->n_active == 0)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOTHING, _("Nothing to undo."));
      return FALSE;
    }
  /* The head moves to the action before (none: before the first). */
  row = self->n_active >= 2 ? self->rows->pdata[self->n_active - 2] : NULL;
  if (self->store != NULL &&
      !tk_ledger_set_head (self->store, self->id, row != NULL ? row->uid : NULL, error))
    return FALSE;

  could_undo = tk_session_can_undo (self);
  could_redo = tk_session_can_redo (self);
  self->n_active--;
  _tk_session_refold (self);
  tk_ledger_entry_set_undone (g_list_model_get_item (G_LIST_MODEL (self->ledger), self->n_active),
                              TRUE);
  g_object_unref (g_list_model_get_item (G_LIST_MODEL (self->ledger), self->n_active));
  _tk_session_notify_history (self, could_undo, could_redo);
  return TRUE;
}

gboolean
tk_session_redo (TkSession  *self,
                 GError    **error)
{
  g_autoptr(TkLedgerEntry) entry = NULL;
  gboolean could_undo, could_redo;
  Fold *next;
  TkSessionRow *row;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!_tk_session_check_open (self, error))
    return FALSE;
  if (self->rows->len == self->n_active)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOTHING, _("Nothing to redo."));
      return FALSE;
    }
  row = self->rows->pdata[self->n_active];
  next = _tk_session_fold_copy (self->rules, self->state);
  if (!_tk_session_fold_apply (self->rules, self->setup, next, row->action, error) ||
      (self->store != NULL &&
       !tk_ledger_set_head (self->store, self->id, row->uid, error)))
    {
      _tk_session_fold_free (self->rules, next);
      return FALSE;
    }

  could_undo = tk_session_can_undo (self);
  could_redo = tk_session_can_redo (self);
  _tk_session_fold_free (self->rules, self->state);
  self->state = next;
  _tk_session_forget_score (self);
  self->n_active++;
  if (self->n_active % SNAPSHOT_EVERY == 0)
    g_ptr_array_add (self->snapshots, _tk_session_fold_copy (self->rules, self->state));
  entry = g_list_model_get_item (G_LIST_MODEL (self->ledger), self->n_active - 1);
  tk_ledger_entry_set_undone (entry, FALSE);
  _tk_session_notify_history (self, could_undo, could_redo);
  return TRUE;
}

gboolean
tk_session_set_first_player (TkSession  *self,
                             guint       seat,
                             GError    **error)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  json_object_set_string_member (action, "type", "table.first_player");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_boolean_member (action, "random", FALSE);
  return tk_session_apply (self, action, error);
}

gboolean
tk_session_pick_first_player (TkSession  *self,
                              guint32     random,
                              GError    **error)
{
  g_autoptr(JsonObject) action = json_object_new ();
  guint n = tk_session_get_n_players (self);

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (n > 0, FALSE);

  json_object_set_string_member (action, "type", "table.first_player");
  json_object_set_int_member (action, "seat", random % n);
  json_object_set_boolean_member (action, "random", TRUE);
  return tk_session_apply (self, action, error);
}

JsonObject *
tk_session_score (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);

  /* every listener of one change asks (the sheet, the panel, the guests' server): the engine
   * scores the state once, and the state's next change forgets it */
  if (self->score == NULL)
    {
      self->score = self->rules->score (self->state->engine);
      self->n_scored++;
    }
  return json_object_ref (self->score);
}

guint
tk_session_get_n_scored (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  return self->n_scored;
}

gpointer
tk_session_peek_state (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->state->engine;
}

JsonObject *
tk_session_to_json (TkSession *self)
{
  JsonObject *object = json_object_new ();

  g_return_val_if_fail (TK_IS_SESSION (self), NULL);

  if (self->state->first_seat >= 0)
    json_object_set_int_member (object, "first_seat", self->state->first_seat);
  else
    json_object_set_null_member (object, "first_seat");
  json_object_set_object_member (object, "game", self->rules->to_json (self->state->engine));
  return object;
}

/* ---- timer and notes ---- */

static gboolean
save_timer (TkSession  *self,
            gint64      elapsed_ms,
            gint64      running_since,
            GError    **error)
{
  sqlite3_stmt *stmt;

  if (self->store == NULL)
    return TRUE;
  stmt = tk_store_prepare (self->store, "UPDATE sessions SET elapsed_ms = ?2, running_since = ?3"
                                        " WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, self->id);
  sqlite3_bind_int64 (stmt, 2, elapsed_ms);
  if (running_since != 0)
    sqlite3_bind_int64 (stmt, 3, running_since);
  else
    sqlite3_bind_null (stmt, 3);
  /* In a transaction of its own, so that its commit writes the sync operation too. */
  if (!tk_store_begin (self->store, error))
    return FALSE;
  if (!tk_store_step_done (self->store, stmt, error))
    {
      tk_store_rollback (self->store);
      return FALSE;
    }
  return tk_store_commit (self->store, error);
}

gboolean
tk_session_timer_start (TkSession  *self,
                        GError    **error)
{
  gint64 now;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!_tk_session_check_open (self, error))
    return FALSE;
  if (self->running_since != 0)
    return TRUE;
  now = _tk_session_clock ();
  if (!save_timer (self, self->elapsed_ms, now, error))
    return FALSE;
  self->running_since = now;
  g_object_notify_by_pspec (G_OBJECT (self), _tk_session_properties[PROP_TIMER_RUNNING]);
  return TRUE;
}

gboolean
tk_session_timer_pause (TkSession  *self,
                        GError    **error)
{
  gint64 elapsed;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (self->running_since == 0)
    return TRUE;
  elapsed = tk_session_get_elapsed_ms (self);
  if (!save_timer (self, elapsed, 0, error))
    return FALSE;
  self->elapsed_ms = elapsed;
  self->running_since = 0;
  g_object_notify_by_pspec (G_OBJECT (self), _tk_session_properties[PROP_TIMER_RUNNING]);
  return TRUE;
}

gboolean
tk_session_timer_is_running (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  return self->running_since != 0;
}

gint64
tk_session_get_elapsed_ms (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);

  if (self->running_since == 0)
    return self->elapsed_ms;
  /* A clock set backwards must not make the game shorter. */
  return self->elapsed_ms + MAX (_tk_session_clock () - self->running_since, 0);
}

gboolean
tk_session_set_notes (TkSession   *self,
                      const char  *notes,
                      GError     **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!_tk_session_check_text (TK_TEXT_NOTES, _("notes"), notes, error))
    return FALSE;
  if (self->store != NULL)
    {
      stmt = tk_store_prepare (self->store, "UPDATE sessions SET notes = ?2 WHERE id = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, self->id);
      sqlite3_bind_text (stmt, 2, notes, -1, SQLITE_STATIC);
      if (!tk_store_begin (self->store, error))
        return FALSE;
      if (!tk_store_step_done (self->store, stmt, error))
        {
          tk_store_rollback (self->store);
          return FALSE;
        }
      if (!tk_store_commit (self->store, error))
        return FALSE;
    }
  g_free (self->notes);
  self->notes = g_strdup (notes);
  g_object_notify_by_pspec (G_OBJECT (self), _tk_session_properties[PROP_NOTES]);
  return TRUE;
}
