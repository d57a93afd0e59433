/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-log.c — identity, the clock and the operations this device writes (tk-sync-log.h).
 * Other parts: tk-sync-private.h. */
#define G_LOG_DOMAIN "tk-sync"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-sync-private.h"
#include "tk-uid.h"

const char *const _tk_sync_types[6] = { "game", "entry", "player", "session", "play", "friends" };

/* The synced fields of each type, keys in sorted order (json_object keeps the order written):
 * the canonical dump compares bytes.  Derived data is left out (play counts, updated_at,
 * created_at): every device computes it.  Catalog games are not synced (every device has the
 * catalog); entries of them are. */
#define GAME_STATE \
  "json_object ('best_players', best_players, 'bgg_id', bgg_id, 'bgg_rank', bgg_rank," \
  " 'catalog_key', catalog_key, 'cover_path', cover_path, 'max_players', max_players," \
  " 'max_time', max_time, 'min_age', min_age, 'min_players', min_players, 'min_time', min_time," \
  " 'notes', notes, 'rating_avg', rating_avg, 'rating_count', rating_count, 'source', source," \
  " 'tags', json ((SELECT json_group_array (json_array (kind, name)) FROM (SELECT kind, name" \
  "   FROM game_tags WHERE game_id = games.id ORDER BY kind, name)))," \
  " 'title', title, 'title_ja', title_ja, 'weight', weight, 'year', year)"
#define ENTRY_STATE \
  "json_object ('acquired_on', c.acquired_on, 'bgg_extra', c.bgg_extra," \
  " 'bgg_plays', c.bgg_plays, 'comment', c.comment, 'favourite', c.favourite," \
  " 'not_interested', c.not_interested, 'owned', c.owned, 'played', c.played," \
  " 'price_paid', c.price_paid, 'rating', c.rating, 'want_to_play', c.want_to_play)"
#define PLAYER_STATE \
  "json_object ('bgg_username', bgg_username, 'colour', colour, 'hidden', hidden, 'name', name)"
/* A seat has no identity of its own: the seats of a play are one register. */
#define PLAY_STATE \
  "json_object ('duration_min', duration_min, 'expansions', expansions," \
  " 'game', (SELECT g.uid FROM games g WHERE g.id = plays.game_id)," \
  " 'game_title', game_title, 'incomplete', incomplete, 'location', location," \
  " 'no_win_stats', no_win_stats, 'notes', notes, 'played_on', played_on," \
  " 'seats', json ((SELECT json_group_array (json_object ('colour', colour," \
  "   'first_play', first_play, 'name', name," \
  "   'player', (SELECT pl.uid FROM players pl WHERE pl.id = pp.player_id), 'rank', rank," \
  "   'role', role, 'score', score, 'score_text', score_text, 'start_player', start_player," \
  "   'team', team, 'winner', winner))" \
  "   FROM (SELECT * FROM play_players WHERE play_id = plays.id ORDER BY seat) pp))," \
  " 'session', (SELECT s.uid FROM sessions s WHERE s.id = plays.session_id))"

/* A friend's list is replaced whole by each import: its games are one register.  Which of
 * them matches a game here is worked out on each device, not synced. */
#define FRIENDS_STATE \
  "json_object ('games', json ((SELECT json_group_array (json_object ('bgg_id', bgg_id," \
  "   'favourite', favourite, 'owned', owned, 'played', played, 'rating', rating," \
  "   'title', title, 'want_to_play', want_to_play))" \
  "   FROM (SELECT * FROM friend_games WHERE list_id = friend_lists.id ORDER BY seq)))," \
  " 'name', name)"

/* A session's own fields; its ledger and head are operations of their own
 * (tk-sync-ledger.c).  The game timer is one register, [elapsed_ms, running_since], so that
 * a pause on one device and a start on another never mix; the turn times of a finished
 * session are one register too, [[seat, turn, ms]…]. */
#define SESSION_STATE \
  "json_object ('finished_at', finished_at," \
  " 'game', (SELECT g.uid FROM games g WHERE g.id = sessions.game_id)," \
  " 'notes', notes, 'rules', rules_id, 'setup', json (" SL_SESSION_SETUP ("setup") ")," \
  " 'started_at', started_at," \
  " 'status', status, 'timer', json_array (elapsed_ms, running_since), 'title', title," \
  " 'turns', json ((SELECT json_group_array (json_array (seat, turn, ms)) FROM (SELECT seat," \
  "   turn, ms FROM session_turns WHERE session_id = sessions.id ORDER BY seat, turn))))"

const char *
_tk_sync_state_sql (const char *type)
{
  if (g_str_equal (type, "friends"))
    return "SELECT " FRIENDS_STATE " FROM friend_lists WHERE uid = ?1";
  if (g_str_equal (type, "game"))
    return "SELECT " GAME_STATE " FROM games WHERE uid = ?1 AND source <> 'catalog'";
  if (g_str_equal (type, "entry"))
    return "SELECT " ENTRY_STATE " FROM collection c JOIN games g ON g.id = c.game_id"
           " WHERE g.uid = ?1";
  if (g_str_equal (type, "player"))
    return "SELECT " PLAYER_STATE " FROM players WHERE uid = ?1";
  if (g_str_equal (type, "play"))
    return "SELECT " PLAY_STATE " FROM plays WHERE uid = ?1";
  if (g_str_equal (type, "session"))
    return "SELECT " SESSION_STATE " FROM sessions WHERE uid = ?1";
  return NULL;
}

const char *
_tk_sync_all_state_sql (const char *type)
{
  if (g_str_equal (type, "friends"))
    return "SELECT uid, " FRIENDS_STATE " FROM friend_lists WHERE uid IS NOT NULL ORDER BY uid";
  if (g_str_equal (type, "game"))
    return "SELECT uid, " GAME_STATE " FROM games WHERE uid IS NOT NULL AND source <> 'catalog'"
           " ORDER BY uid";
  if (g_str_equal (type, "entry"))
    return "SELECT g.uid, " ENTRY_STATE " FROM collection c JOIN games g ON g.id = c.game_id"
           " WHERE g.uid IS NOT NULL ORDER BY g.uid";
  if (g_str_equal (type, "player"))
    return "SELECT uid, " PLAYER_STATE " FROM players WHERE uid IS NOT NULL ORDER BY uid";
  if (g_str_equal (type, "play"))
    return "SELECT uid, " PLAY_STATE " FROM plays WHERE uid IS NOT NULL ORDER BY uid";
  if (g_str_equal (type, "session"))
    return "SELECT uid, " SESSION_STATE " FROM sessions WHERE uid IS NOT NULL ORDER BY uid";
  return NULL;
}

/* ---- operations as values ---- */

TkSyncOp *
tk_sync_op_new (const char *op_uid,
                TkHlc       hlc,
                const char *device_uid,
                const char *kind,
                const char *type,
                const char *entity,
                const char *body)
{
  TkSyncOp *op = g_new0 (TkSyncOp, 1);

  op->op_uid = g_strdup (op_uid);
  op->hlc = hlc;
  op->device_uid = g_strdup (device_uid);
  op->kind = g_strdup (kind);
  op->type = g_strdup (type);
  op->entity = g_strdup (entity);
  op->body = g_strdup (body);
  return op;
}

void
tk_sync_op_free (TkSyncOp *op)
{
  if (op == NULL)
    return;
  g_free (op->op_uid);
  g_free (op->device_uid);
  g_free (op->kind);
  g_free (op->type);
  g_free (op->entity);
  g_free (op->body);
  g_free (op);
}

/* ---- identity ---- */

static char *
identity_text (TkStore     *store,
               const char  *sql,
               GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);
  char *value = NULL;
  int rc;

  if (stmt == NULL)
    return NULL;
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
    value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                 _("The library has no sync identity (format %d)."),
                 tk_store_get_schema_version (store));
  return value;
}

char *
tk_sync_log_library_uid (TkStore  *store,
                         GError  **error)
{
  return identity_text (store, "SELECT library_uid FROM sync_identity WHERE id = 1", error);
}

char *
tk_sync_log_device_uid (TkStore  *store,
                        GError  **error)
{
  return identity_text (store, "SELECT device_uid FROM sync_identity WHERE id = 1", error);
}

char *
tk_sync_log_device_name (TkStore  *store,
                         GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  char *name = identity_text (store, "SELECT device_name FROM sync_identity WHERE id = 1",
                              &local_error);

  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return name;
}

static gboolean
set_identity_text (TkStore     *store,
                   const char  *sql,
                   const char  *value,
                   GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, value, -1, SQLITE_TRANSIENT);
  return tk_store_step_done (store, stmt, error);
}

gboolean
tk_sync_log_set_device_name (TkStore     *store,
                             const char  *name,
                             GError     **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  return set_identity_text (store, "UPDATE sync_identity SET device_name = ?1 WHERE id = 1",
                            name, error);
}

gboolean
tk_sync_log_set_library_uid (TkStore     *store,
                             const char  *library_uid,
                             GError     **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (library_uid != NULL, FALSE);
  return set_identity_text (store, "UPDATE sync_identity SET library_uid = ?1 WHERE id = 1",
                            library_uid, error);
}

/* ---- the clock ---- */

static TkHlcNowFunc clock_now;
static gpointer clock_now_data;

void
tk_sync_log_set_now_func (TkHlcNowFunc now,
                          gpointer     now_data)
{
  clock_now = now;
  clock_now_data = now_data;
}

/* TABLEKEEPER_CLOCK_OFFSET_MS moves this process's clock (tests: devices whose clocks are a
 * day apart). */
static gint64
offset_now (gpointer user_data)
{
  return g_get_real_time () / 1000 + *(const gint64 *) user_data;
}

/* The clock lives in the library (sync_identity.hlc), read and written in the caller's
 * transaction: another connection or process may have moved it since, and a restart must
 * not go back. */
static gboolean
load_clock (TkStore     *store,
            TkHlcClock  *clock,
            GError     **error)
{
  static gint64 offset;
  static gsize offset_read;
  g_autoptr(GError) local_error = NULL;
  gint64 last = tk_store_query_int (store, "SELECT hlc FROM sync_identity WHERE id = 1", -1,
                                    &local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (g_once_init_enter (&offset_read))
    {
      const char *text = g_getenv ("TABLEKEEPER_CLOCK_OFFSET_MS");

      offset = text != NULL ? g_ascii_strtoll (text, NULL, 10) : 0;
      g_once_init_leave (&offset_read, 1);
    }
  if (clock_now == NULL && offset != 0)
    tk_hlc_clock_init (clock, MAX (last, 0), offset_now, &offset);
  else
    tk_hlc_clock_init (clock, MAX (last, 0), clock_now, clock_now_data);
  return TRUE;
}

static gboolean
save_clock (TkStore     *store,
            TkHlcClock  *clock,
            GError     **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "UPDATE sync_identity SET hlc = ?1"
                                                " WHERE id = 1 AND hlc < ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, clock->last);
  return tk_store_step_done (store, stmt, error);
}

gboolean
_tk_sync_clock_receive (TkStore   *store,
                        TkHlc      hlc,
                        gboolean  *far_ahead,
                        GError   **error)
{
  TkHlcClock clock;

  if (!load_clock (store, &clock, error))
    return FALSE;
  tk_hlc_clock_receive (&clock, hlc, far_ahead);
  return save_clock (store, &clock, error);
}

/* ---- writing operations ---- */

gint64
tk_sync_log_written_seq (TkStore  *store,
                         GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), -1);
  return tk_store_query_int (store, "SELECT written_seq FROM sync_identity WHERE id = 1", -1,
                             error);
}

gboolean
tk_sync_log_set_written_seq (TkStore  *store,
                             gint64    seq,
                             GError  **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  stmt = tk_store_prepare (store, "UPDATE sync_identity SET written_seq = max (written_seq, ?1)"
                                  " WHERE id = 1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  return tk_store_step_done (store, stmt, error);
}

void
_tk_sync_op_bind (sqlite3_stmt   *stmt,
                  const TkSyncOp *op)
{
  sqlite3_bind_text (stmt, 1, op->op_uid, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, op->hlc);
  sqlite3_bind_text (stmt, 3, op->device_uid, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, op->kind, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 5, op->type, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 6, op->entity, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 7, op->body, -1, SQLITE_STATIC);
}

static gboolean
write_op (TkStore     *store,
          const char  *kind,
          const char  *type,
          const char  *entity,
          const char  *fields,
          GError     **error)
{
  g_autofree char *body = NULL;
  sqlite3_stmt *stmt;
  int rc;

  /* prev: the operation each field had when this one was written, so that a value this
   * device knowingly replaced is not offered back as a conflict. */
  stmt = tk_store_prepare (store,
                           "SELECT json_object ('fields', json (?1), 'prev', json ((SELECT"
                           " json_group_object (f.field, f.op_uid) FROM sync_fields f"
                           " JOIN json_each (?1) j ON f.field = j.key"
                           " WHERE f.type = ?2 AND f.entity = ?3)))", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, fields, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, type, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, entity, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    body = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (body == NULL)
    return FALSE;
  return _tk_sync_write_op (store, kind, type, entity, body, error);
}

gboolean
_tk_sync_write_op (TkStore     *store,
                   const char  *kind,
                   const char  *type,
                   const char  *entity,
                   const char  *body,
                   GError     **error)
{
  g_autofree char *op_uid = tk_uid_new_v7 ();
  g_autofree char *device = tk_sync_log_device_uid (store, error);
  g_autoptr(TkSyncOp) op = NULL;
  TkHlcClock clock;
  sqlite3_stmt *stmt;

  if (device == NULL || !load_clock (store, &clock, error))
    return FALSE;
  op = tk_sync_op_new (op_uid, tk_hlc_clock_tick (&clock), device, kind, type, entity, body);
  /* This device's operations are numbered 1, 2, 3… without gaps: a file holds a range. */
  stmt = tk_store_prepare (store, "INSERT INTO sync_ops (op_uid, hlc, device_uid, kind, type,"
                                  " entity, body, device_seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,"
                                  " 1 + coalesce ((SELECT max (device_seq) FROM sync_ops"
                                  "   WHERE device_uid = ?3), 0))", error);
  if (stmt == NULL)
    return FALSE;
  _tk_sync_op_bind (stmt, op);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  return save_clock (store, &clock, error) && _tk_sync_fold_any (store, op, error);
}

/* The fields of @type @uid that differ from their registers, as a JSON object; "{}" when
 * nothing did.  A row that is gone is {"deleted":true} once; a row back after a delete says
 * {"deleted":false} with the rest. */
static char *
changed_fields (TkStore     *store,
                const char  *type,
                const char  *uid,
                GError     **error)
{
  g_autofree char *state = NULL;
  sqlite3_stmt *stmt = tk_store_prepare (store, _tk_sync_state_sql (type), error);
  char *fields = NULL;
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, uid, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    state = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return NULL;

  if (state == NULL)
    stmt = tk_store_prepare (store,
                             "SELECT CASE WHEN EXISTS (SELECT 1 FROM sync_fields"
                             "   WHERE type = ?1 AND entity = ?2)"
                             " AND NOT EXISTS (SELECT 1 FROM sync_fields WHERE type = ?1"
                             "   AND entity = ?2 AND field = 'deleted' AND value = 'true')"
                             " THEN '{\"deleted\":true}' ELSE '{}' END", error);
  else
    stmt = tk_store_prepare (store,
                             "SELECT json_patch (coalesce ((SELECT json_group_object (j.key,"
                             "   json (" SL_CANON ("j") ")) FROM json_each (?3) j"
                             "   WHERE NOT EXISTS (SELECT 1 FROM sync_fields f"
                             "     WHERE f.type = ?1 AND f.entity = ?2 AND f.field = j.key"
                             "     AND f.value = " SL_CANON ("j") ")"
                             /* A field no operation has set yet holds its empty value: a new
                              * row says only what it sets, so that two devices that each
                              * start the same entry (a catalog game's, an imported play's)
                              * do not overwrite each other's fields with blanks.  Empty is
                              * what the fold writes for a field without a register: 0 for
                              * the flags (FLAG in tk-sync-fold.c), null for the rest, so a
                              * play's duration of 0 is written, not read as null elsewhere. */
                             "   AND (" SL_CANON ("j") " NOT IN ('null', '[]')"
                             "     AND NOT (" SL_CANON ("j") " = '0' AND j.key IN ('bgg_plays',"
                             "       'favourite', 'hidden', 'incomplete', 'no_win_stats',"
                             "       'not_interested', 'owned', 'played', 'want_to_play'))"
                             "     OR EXISTS (SELECT 1 FROM sync_fields f WHERE f.type = ?1"
                             "       AND f.entity = ?2 AND f.field = j.key))), '{}'),"
                             /* Back after a delete; or new with nothing but empty fields
                              * (an entry without a status is still in the collection). */
                             " CASE WHEN EXISTS (SELECT 1 FROM sync_fields WHERE type = ?1"
                             "   AND entity = ?2 AND field = 'deleted' AND value = 'true')"
                             " OR NOT EXISTS (SELECT 1 FROM sync_fields WHERE type = ?1"
                             "   AND entity = ?2)"
                             " THEN '{\"deleted\":false}' ELSE '{}' END)", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, type, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, uid, -1, SQLITE_STATIC);
  if (state != NULL)
    sqlite3_bind_text (stmt, 3, state, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    fields = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  return fields;
}

/* Writes the operations for what session @uid's ledger has and the log has not: each action
 * (in seq order), then the head when it is not the head register's winner. */
static gboolean
flush_ledger (TkStore     *store,
              const char  *uid,
              GError     **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *head = NULL;
  g_autofree char *winner_op = NULL;
  g_autofree char *winner_action = NULL;
  gboolean has_winner;
  sqlite3_stmt *stmt;
  gint64 session_id = _tk_sync_ledger_session_id (store, uid, error);
  int rc;

  if (session_id < 0)
    return FALSE;
  if (session_id == 0)
    return TRUE;   /* gone: its "deleted" says so */
  name = tk_sync_log_device_name (store, NULL);

  /* Each action the log lacks, in the order they were made (a parent before its child). */
  stmt = tk_store_prepare (store, "SELECT json_object ('fields', json_object ('action', a.uid,"
                                  " 'at', a.created_at, 'data', json (a.action), 'name', ?3,"
                                  " 'parent', a.parent, 'prev', json ('[]')))"
                                  " FROM session_actions a WHERE a.session_id = ?1"
                                  " AND a.uid IS NOT NULL AND NOT EXISTS (SELECT 1"
                                  "   FROM sync_ledger l WHERE l.session = ?2"
                                  "   AND l.action = a.uid) ORDER BY a.seq", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, session_id);
  sqlite3_bind_text (stmt, 2, uid, -1, SQLITE_STATIC);
  if (name != NULL)
    sqlite3_bind_text (stmt, 3, name, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (stmt, 3);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (rows, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      g_autofree char *body = NULL;

      /* An action moves the head from the winner this device stood at. */
      body = _tk_sync_ledger_query_text (store,
                                         "SELECT json_set (?2, '$.fields.prev', json ((SELECT"
                                         " json_group_array (op_uid) FROM (" SYNC_WINNER_SQL "))))",
                                         uid, rows->pdata[i], 0, NULL, error);
      if (body == NULL || !_tk_sync_write_op (store, "ledger.append", "session", uid, body, error))
        return FALSE;
    }

  /* The head, when it is not where the register's winner says (Undo, Redo). */
  head = _tk_sync_ledger_query_text (store, "SELECT head FROM sessions WHERE uid = ?1", uid, NULL,
                                     0, NULL,
                                     &local_error);
  if (local_error == NULL)
    winner_op = _tk_sync_ledger_query_text (store, SYNC_WINNER_SQL, uid, NULL, 0, &has_winner,
                                            &local_error);
  if (local_error == NULL && has_winner)
    winner_action = _tk_sync_ledger_query_text (store, SYNC_WINNER_SQL, uid, NULL, 1, NULL,
                                                &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if ((has_winner && g_strcmp0 (head, winner_action) != 0) || (!has_winner && head != NULL))
    {
      g_autofree char *body = NULL;

      stmt = tk_store_prepare (store, "SELECT json_object ('fields', json_object ('action', ?1,"
                                      " 'name', ?2, 'prev', CASE WHEN ?3 IS NULL"
                                      " THEN json ('[]') ELSE json_array (?3) END))", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, head, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, name, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 3, winner_op, -1, SQLITE_STATIC);
      if (tk_store_step (store, stmt, error) == SQLITE_ROW)
        body = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      sqlite3_reset (stmt);
      if (body == NULL || !_tk_sync_write_op (store, "ledger.head", "session", uid, body, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
tk_sync_log_flush (TkStore  *store,
                   GError  **error)
{
  g_autoptr(GPtrArray) types = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) uids = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  stmt = tk_store_prepare (store, "SELECT type, uid FROM sync_dirty", error);
  if (stmt == NULL)
    return FALSE;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      g_ptr_array_add (types, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      g_ptr_array_add (uids, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;
  if (types->len == 0)
    return TRUE;
  if (!tk_store_exec (store, "DELETE FROM sync_dirty", error))
    return FALSE;

  /* Games first: an entry or a play written in the same transaction names them. */
  for (guint t = 0; t < G_N_ELEMENTS (_tk_sync_types); t++)
    for (guint i = 0; i < types->len; i++)
      {
        g_autofree char *fields = NULL;

        if (!g_str_equal (types->pdata[i], _tk_sync_types[t]))
          continue;
        fields = changed_fields (store, _tk_sync_types[t], uids->pdata[i], error);
        if (fields == NULL)
          return FALSE;
        if (!g_str_equal (fields, "{}") &&
            !write_op (store, "set", _tk_sync_types[t], uids->pdata[i], fields, error))
          return FALSE;
        /* A session's ledger: the actions and the head this device has and the log has not. */
        if (g_str_equal (_tk_sync_types[t], "session") &&
            !flush_ledger (store, uids->pdata[i], error))
          return FALSE;
      }
  return TRUE;
}

gboolean
_tk_sync_write_set (TkStore     *store,
                    const char  *type,
                    const char  *entity,
                    const char  *fields,
                    GError     **error)
{
  return write_op (store, "set", type, entity, fields, error);
}

gboolean
tk_sync_log_set (TkStore     *store,
                 const char  *type,
                 const char  *entity_uid,
                 JsonObject  *fields,
                 GError     **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (tk_store_in_transaction (store), FALSE);
  g_return_val_if_fail (_tk_sync_state_sql (type) != NULL && entity_uid != NULL && fields != NULL,
                        FALSE);

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, fields);
  text = json_to_string (node, FALSE);
  return write_op (store, "set", type, entity_uid, text, error);
}

gboolean
tk_sync_log_alias (TkStore     *store,
                   const char  *type,
                   const char  *from_uid,
                   const char  *into_uid,
                   GError     **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  g_return_val_if_fail (tk_store_in_transaction (store), FALSE);
  g_return_val_if_fail (from_uid != NULL && into_uid != NULL, FALSE);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "merged_into");
  json_builder_add_string_value (builder, into_uid);
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);
  text = json_to_string (node, FALSE);
  return write_op (store, "alias", type, from_uid, text, error);
}

static GPtrArray *
read_ops (TkStore     *store,
          const char  *sql,
          gint64       after_seq,
          GError     **error)
{
  g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func ((GDestroyNotify) tk_sync_op_free);
  sqlite3_stmt *stmt = tk_store_prepare (store, sql, error);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, after_seq);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkSyncOp *op = tk_sync_op_new ((const char *) sqlite3_column_text (stmt, 1),
                                     sqlite3_column_int64 (stmt, 2),
                                     (const char *) sqlite3_column_text (stmt, 3),
                                     (const char *) sqlite3_column_text (stmt, 4),
                                     (const char *) sqlite3_column_text (stmt, 5),
                                     (const char *) sqlite3_column_text (stmt, 6),
                                     (const char *) sqlite3_column_text (stmt, 7));
      op->seq = sqlite3_column_int64 (stmt, 8);
      g_ptr_array_add (ops, op);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return g_steal_pointer (&ops);
}

GPtrArray *
tk_sync_log_own_ops (TkStore  *store,
                     gint64    after_seq,
                     GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), NULL);
  return read_ops (store, "SELECT seq, op_uid, hlc, device_uid, kind, type, entity, body,"
                          " device_seq FROM sync_ops WHERE device_uid = (SELECT device_uid FROM"
                          " sync_identity WHERE id = 1) AND device_seq > ?1 ORDER BY device_seq",
                   after_seq, error);
}

GPtrArray *
tk_sync_log_all_ops (TkStore  *store,
                     GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), NULL);
  return read_ops (store, "SELECT seq, op_uid, hlc, device_uid, kind, type, entity, body,"
                          " device_seq FROM sync_ops WHERE seq > ?1 ORDER BY seq", 0, error);
}

static gboolean
renew_in_txn (TkStore   *store,
              gpointer   user_data,
              GError   **error)
{
  static const char *const steps[] = {
    /* ?1 old uid, ?2 new uid, ?3 the last sequence number written under the old one */
    "UPDATE sync_fields SET device_uid = ?2 WHERE op_uid IN (SELECT op_uid FROM sync_ops"
    " WHERE device_uid = ?1 AND device_seq > ?3)",
    "UPDATE sync_losers SET device_uid = ?2 WHERE op_uid IN (SELECT op_uid FROM sync_ops"
    " WHERE device_uid = ?1 AND device_seq > ?3)",
    "UPDATE sync_ledger SET device_uid = ?2 WHERE op_uid IN (SELECT op_uid FROM sync_ops"
    " WHERE device_uid = ?1 AND device_seq > ?3)",
    "UPDATE sync_heads SET device_uid = ?2 WHERE op_uid IN (SELECT op_uid FROM sync_ops"
    " WHERE device_uid = ?1 AND device_seq > ?3)",
    "UPDATE sync_ops SET device_uid = ?2, device_seq = device_seq - ?3"
    " WHERE device_uid = ?1 AND device_seq > ?3",
    "UPDATE sync_identity SET device_uid = ?2, written_seq = 0 WHERE id = 1",
  };
  g_autofree char *old_uid = tk_sync_log_device_uid (store, error);
  g_autofree char *new_uid = tk_uid_new_random ();
  gint64 written = tk_sync_log_written_seq (store, error);

  if (old_uid == NULL || written < 0)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      sqlite3_stmt *stmt = tk_store_prepare (store, steps[i], error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, old_uid, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, new_uid, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 3, written);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
  g_debug ("This install writes as device %s from now on: another one wrote as %s.",
           new_uid, old_uid);
  return TRUE;
}

gboolean
tk_sync_log_renew_device (TkStore  *store,
                          GError  **error)
{
  g_return_val_if_fail (TK_IS_STORE (store), FALSE);
  return tk_store_transaction (store, renew_in_txn, NULL, error);
}
