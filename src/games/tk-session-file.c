/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-file.c — session files: export, import, and scoring a file without a library. */
#define G_LOG_DOMAIN "tk-session"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-session-private.h"
#include "tk-uid.h"


#define SESSION_FORMAT "tablekeeper-session"
#define SESSION_VERSION 1
#define MAX_ACTIONS 1000000
/* what a session file may say of its times (seconds since 1970, milliseconds played) */
#define MAX_FILE_TIME (G_GINT64_CONSTANT (1) << 40)
#define MAX_FILE_MS (G_GINT64_CONSTANT (1) << 50)

/* ---- session files ---- */

char *
tk_session_export (TkSession *self)
{
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  JsonArray *actions = json_array_new ();

  g_return_val_if_fail (TK_IS_SESSION (self), NULL);

  json_object_set_string_member (root, "format", SESSION_FORMAT);
  json_object_set_int_member (root, "version", SESSION_VERSION);
  json_object_set_string_member (root, "rules", self->rules->id);
  json_object_set_string_member (root, "title", self->title);
  json_object_set_string_member (root, "status", self->status);
  json_object_set_int_member (root, "started_at", self->started_at);
  json_object_set_int_member (root, "elapsed_ms", tk_session_get_elapsed_ms (self));
  if (self->notes != NULL)
    json_object_set_string_member (root, "notes", self->notes);
  json_object_set_object_member (root, "setup", json_object_ref (self->setup));
  for (guint i = 0; i < self->rows->len; i++)
    {
      TkSessionRow *row = self->rows->pdata[i];
      JsonObject *entry = json_object_new ();

      json_object_set_int_member (entry, "seq", row->seq);
      json_object_set_int_member (entry, "created_at", row->created_at);
      json_object_set_object_member (entry, "action", json_object_ref (row->action));
      json_object_set_boolean_member (entry, "undone", i >= self->n_active);
      json_array_add_object_element (actions, entry);
    }
  json_object_set_array_member (root, "actions", actions);

  json_node_set_object (node, root);
  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

static gboolean
format_error (GError     **error,
              const char  *message)
{
  g_set_error_literal (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT, message);
  return FALSE;
}

/* A whole number of the session file in [@min, @max]: the engines' reader, refusing in this
 * file's error domain. */
static gboolean
read_file_int (JsonObject  *object,
               const char  *name,
               gint64       min,
               gint64       max,
               gint64       fallback,
               gint64      *out,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (tk_rules_json_read_int (object, name, min, max, fallback, out, &local_error))
    return TRUE;
  return format_error (error, local_error->message);
}

/* Reads and checks a whole session file into a detached session (no store, id 0): every
 * active action must apply, seqs must increase, undone actions must be a tail. */
static TkSession *
parse_session_file (const char  *text,
                    gssize       length,
                    GError     **error)
{
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(TkSession) self = NULL;
  g_autoptr(GError) local_error = NULL;
  const TkRules *rules;
  const char *value;
  gint64 number;
  JsonNode *node;
  JsonArray *actions;
  gint64 last_seq = 0;
  gboolean seen_undone = FALSE;

  g_return_val_if_fail (text != NULL, NULL);

  root = tk_rules_json_parse_object (text, length, &local_error);
  if (root == NULL)
    {
      format_error (error, local_error->message);
      return NULL;
    }
  if (g_strcmp0 (tk_rules_json_get_string (root, "format"), SESSION_FORMAT) != 0)
    {
      format_error (error, _("This is not a Tablekeeper session file."));
      return NULL;
    }
  if (!tk_rules_json_get_int (root, "version", &number) || number != SESSION_VERSION)
    {
      format_error (error, _("This session file has a version this Tablekeeper does not read."));
      return NULL;
    }
  if ((value = tk_rules_json_get_string (root, "rules")) == NULL)
    {
      format_error (error, _("The session file does not say which rules it follows."));
      return NULL;
    }
  if ((rules = _tk_session_lookup_rules (value, error)) == NULL)
    return NULL;
  node = json_object_has_member (root, "setup") ? json_object_get_member (root, "setup") : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      format_error (error, _("The session file has no setup."));
      return NULL;
    }
  self = _tk_session_new (NULL, rules, json_node_get_object (node));

  node = tk_rules_json_get_string (root, "title") != NULL ? json_object_get_member (root, "title")
                                                          : NULL;
  if (node == NULL || *json_node_get_string (node) == '\0')
    {
      format_error (error, _("The session file has no game title."));
      return NULL;
    }
  self->title = g_strdup (json_node_get_string (node));
  if ((value = tk_rules_json_get_string (root, "notes")) != NULL)
    self->notes = g_strdup (value);
  if (!_tk_session_check_text (TK_TEXT_TITLE, _("title"), self->title, error) ||
      !_tk_session_check_text (TK_TEXT_NOTES, _("notes"), self->notes, error))
    return NULL;
  if (!read_file_int (root, "elapsed_ms", 0, MAX_FILE_MS, 0, &self->elapsed_ms, error) ||
      !read_file_int (root, "started_at", 0, MAX_FILE_TIME, 0, &self->started_at, error))
    return NULL;

  node = json_object_has_member (root, "actions") ? json_object_get_member (root, "actions")
                                                  : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      format_error (error, _("The session file has no list of actions."));
      return NULL;
    }
  actions = json_node_get_array (node);
  if (json_array_get_length (actions) > MAX_ACTIONS)
    {
      format_error (error, _("The session file has too many actions."));
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonNode *element = json_array_get_element (actions, i);
      JsonObject *entry;
      JsonNode *action;
      gint64 seq, created;
      gboolean undone;
      TkSessionRow *row;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT,
                       _("Action %u of the session file is not an object."), i + 1);
          return NULL;
        }
      entry = json_node_get_object (element);
      action = json_object_has_member (entry, "action") ? json_object_get_member (entry, "action")
                                                        : NULL;
      if (!tk_rules_json_get_int (entry, "seq", &seq) || seq <= last_seq ||
          action == NULL || !JSON_NODE_HOLDS_OBJECT (action))
        {
          g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT,
                       _("Action %u of the session file has no action or a sequence number "
                         "out of order."), i + 1);
          return NULL;
        }
      if (!read_file_int (entry, "created_at", 0, MAX_FILE_TIME, 0, &created, error) ||
          !tk_rules_json_read_bool (entry, "undone", FALSE, &undone, &local_error))
        {
          if (local_error != NULL)
            format_error (error, local_error->message);
          return NULL;
        }
      if (undone)
        seen_undone = TRUE;
      else if (seen_undone)
        {
          g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT,
                       _("Action %u of the session file is active after an undone one."), i + 1);
          return NULL;
        }
      else
        self->n_active++;
      last_seq = seq;
      row = g_new0 (TkSessionRow, 1);
      row->seq = last_seq;
      row->created_at = created;
      row->action = json_object_ref (json_node_get_object (action));
      g_ptr_array_add (self->rows, row);
    }

  if (!_tk_session_fold_rows (self, &local_error))
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT,
                   _("The session file cannot be replayed: %s"), local_error->message);
      return NULL;
    }
  /* After the replay, so that the engine's own checks (a player's name) speak first. */
  if (!_tk_session_check_json_text (root, error))
    return NULL;
  return g_steal_pointer (&self);
}

typedef struct
{
  TkSession *parsed;
  gint64     id;
} ImportData;

static gboolean
import_txn (TkStore   *store,
            gpointer   user_data,
            GError   **error)
{
  ImportData *data = user_data;
  TkSession *parsed = data->parsed;
  g_autofree char *setup_json = tk_rules_json_to_string (parsed->setup);
  sqlite3_stmt *stmt;

  /* The game: a bookkeeper's own catalog game first (whatever the file's title says, so
   * that its plays count for that game), else a game of the file's title. */
  stmt = tk_store_prepare (store, "INSERT INTO sessions (game_id, rules_id, setup, title,"
                                  " started_at, elapsed_ms, notes) VALUES (coalesce("
                                  "(SELECT id FROM games WHERE catalog_key = ?3),"
                                  " (SELECT id FROM games WHERE title = ?4 COLLATE NOCASE"
                                  " OR title_ja = ?4 ORDER BY id LIMIT 1)),"
                                  " ?1, ?2, ?4, ?5, ?6, ?7)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, parsed->rules->id, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, tk_games_catalog_key_for_rules (parsed->rules->id), -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, setup_json, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, parsed->title, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 5, parsed->started_at);
  sqlite3_bind_int64 (stmt, 6, parsed->elapsed_ms);
  sqlite3_bind_text (stmt, 7, parsed->notes, -1, SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  data->id = tk_store_last_insert_id (store);

  /* A chain, each action the child of the one before; the head is the last one not undone,
   * so the undone ones are there to Redo. */
  for (guint i = 0; i < parsed->rows->len; i++)
    {
      TkSessionRow *row = parsed->rows->pdata[i];
      g_autofree char *json = tk_rules_json_to_string (row->action);

      g_free (row->uid);
      row->uid = tk_uid_new_v7 ();
      stmt = tk_store_prepare (store, "INSERT INTO session_actions (session_id, seq, created_at,"
                                      " action, uid, parent) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                               error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, data->id);
      sqlite3_bind_int64 (stmt, 2, row->seq);
      sqlite3_bind_int64 (stmt, 3, row->created_at);
      sqlite3_bind_text (stmt, 4, json, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 5, row->uid, -1, SQLITE_STATIC);
      if (i > 0)
        sqlite3_bind_text (stmt, 6, ((TkSessionRow *) parsed->rows->pdata[i - 1])->uid, -1,
                           SQLITE_STATIC);
      else
        sqlite3_bind_null (stmt, 6);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  if (parsed->n_active > 0 &&
      !tk_ledger_set_head (store, data->id,
                           ((TkSessionRow *) parsed->rows->pdata[parsed->n_active - 1])->uid,
                           error))
    return FALSE;
  return TRUE;
}

TkSession *
tk_session_import (TkStore     *store,
                   const char  *text,
                   gssize       length,
                   GError     **error)
{
  g_autoptr(TkSession) parsed = NULL;
  ImportData data = { 0 };

  g_return_val_if_fail (TK_IS_STORE (store), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  parsed = parse_session_file (text, length, error);
  if (parsed == NULL)
    return NULL;
  data.parsed = parsed;
  if (!tk_store_transaction (store, import_txn, &data, error))
    return NULL;
  return tk_session_load (store, data.id, error);
}

JsonObject *
tk_session_file_score (const char  *text,
                       gssize       length,
                       GError     **error)
{
  g_autoptr(TkSession) parsed = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  parsed = parse_session_file (text, length, error);
  if (parsed == NULL)
    return NULL;
  return tk_session_score (parsed);
}
