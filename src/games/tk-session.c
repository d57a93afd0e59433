/* tk-session.c — a game at the table: setup, undoable ledger, timer, finish into a play. */
#define G_LOG_DOMAIN "tk-session"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-session.h"
#include "tk-display-title.h"
#include "tk-ledger.h"
#include "tk-ledger-entry.h"
#include "tk-plays.h"
#include "tk-text.h"
#include "tk-rules-json.h"
#include "tk-session-clock.h"
#include "tk-session-turns.h"

#define SESSION_FORMAT "tablekeeper-session"
#define SESSION_VERSION 1
/* A copy of the state is kept every SNAPSHOT_EVERY actions, so undo re-folds at most that
 * many actions. */
#define SNAPSHOT_EVERY 64
#define MAX_ACTIONS 1000000
/* what a session file may say of its times (seconds since 1970, milliseconds played) */
#define MAX_FILE_TIME (G_GINT64_CONSTANT (1) << 40)
#define MAX_FILE_MS (G_GINT64_CONSTANT (1) << 50)

typedef struct
{
  gpointer engine;
  int      first_seat;   /* -1: not chosen */
  TkTurnClock *clock;    /* the turn clocks (tk-session-clock.c) */
} Fold;

typedef struct
{
  gint64      seq;
  gint64      created_at;
  JsonObject *action;
} Row;

struct _TkSession
{
  GObject        parent_instance;

  TkStore       *store;
  gint64         id;
  const TkRules *rules;
  gint64         game_id;
  char          *title;
  char          *catalog_title;   /* the game's titles when title names the game, else NULL */
  char          *catalog_title_ja;
  JsonObject    *setup;
  char          *status;
  char          *notes;
  gint64         started_at;
  gint64         elapsed_ms;
  gint64         running_since;   /* ms since the epoch, 0 when paused */

  GPtrArray     *rows;            /* of Row: the active ones, then the undone tail */
  guint          n_active;
  Fold          *initial;
  Fold          *state;
  GPtrArray     *snapshots;       /* [k] = the fold after (k + 1) * SNAPSHOT_EVERY actions */
  GListStore    *ledger;          /* of TkLedgerEntry, parallel to rows */
  guint          clock_events_at_load;   /* a clock running at load is shown paused */
};

enum
{
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_STATUS,
  PROP_NOTES,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_TIMER_RUNNING,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkSession, tk_session, G_TYPE_OBJECT)

G_DEFINE_QUARK (tk-session-error-quark, tk_session_error)

static gint64
real_clock (void)
{
  return g_get_real_time () / 1000;
}

static TkSessionClock session_clock = real_clock;

void
tk_session_set_clock (TkSessionClock clock)
{
  session_clock = clock != NULL ? clock : real_clock;
}

/* ---- folds ---- */

static void
fold_free (const TkRules *rules,
           Fold          *fold)
{
  if (fold == NULL)
    return;
  rules->state_free (fold->engine);
  tk_turn_clock_free (fold->clock);
  g_free (fold);
}

static Fold *
fold_copy (const TkRules *rules,
           Fold          *fold)
{
  Fold *copy = g_new0 (Fold, 1);

  copy->engine = rules->state_copy (fold->engine);
  copy->first_seat = fold->first_seat;
  copy->clock = tk_turn_clock_copy (fold->clock);
  return copy;
}

/* Applies one action: "table.*" here, anything else in the engine.  All or nothing. */
static gboolean
fold_apply (const TkRules  *rules,
            JsonObject     *setup,
            Fold           *fold,
            JsonObject     *action,
            GError        **error)
{
  const char *type = tk_rules_json_type (action);

  if (tk_turn_clock_is_action (type))
    return tk_turn_clock_apply (fold->clock, setup, action, error);
  if (type != NULL && g_str_has_prefix (type, "table."))
    {
      if (g_str_equal (type, "table.first_player"))
        {
          guint seat;

          if (!tk_rules_json_read_seat (action, "seat", tk_rules_setup_n_players (setup), &seat,
                                        error))
            return FALSE;
          fold->first_seat = (int) seat;
          return TRUE;
        }
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The table does not know the action “%s”."), type);
      return FALSE;
    }
  if (!rules->apply (fold->engine, action, error))
    return FALSE;
  if (json_object_has_member (action, "clock_at"))
    tk_turn_clock_follow (fold->clock, rules, fold->engine, action);
  return TRUE;
}

static char *
describe (const TkRules *rules,
          JsonObject    *setup,
          Fold          *before,
          JsonObject    *action)
{
  const char *type = tk_rules_json_type (action);

  if (tk_turn_clock_is_action (type))
    return tk_turn_clock_describe (before->clock, setup, action);
  if (g_strcmp0 (type, "table.first_player") == 0)
    {
      gint64 seat = -1;
      const char *name = tk_rules_json_get_int (action, "seat", &seat) && seat >= 0
                         ? tk_rules_setup_player_name (setup, seat) : NULL;
      JsonNode *node = json_object_has_member (action, "random")
                       ? json_object_get_member (action, "random") : NULL;
      gboolean random = node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                        json_node_get_value_type (node) == G_TYPE_BOOLEAN &&
                        json_node_get_boolean (node);

      if (name == NULL)
        name = "?";
      return random ? g_strdup_printf (_("%s goes first (drawn at random)"), name)
                    : g_strdup_printf (_("%s goes first"), name);
    }
  return rules->describe_action (before->engine, action);
}

/* ---- object ---- */

static void
row_free (gpointer data)
{
  Row *row = data;

  json_object_unref (row->action);
  g_free (row);
}

static void
clear_snapshots (TkSession *self,
                 guint      keep)
{
  while (self->snapshots->len > keep)
    {
      fold_free (self->rules, self->snapshots->pdata[self->snapshots->len - 1]);
      g_ptr_array_remove_index (self->snapshots, self->snapshots->len - 1);
    }
}

static void
tk_session_finalize (GObject *object)
{
  TkSession *self = TK_SESSION (object);

  if (self->rules != NULL)
    {
      clear_snapshots (self, 0);
      fold_free (self->rules, self->state);
      fold_free (self->rules, self->initial);
    }
  g_ptr_array_unref (self->snapshots);
  g_ptr_array_unref (self->rows);
  g_clear_object (&self->ledger);
  g_clear_object (&self->store);
  g_clear_pointer (&self->setup, json_object_unref);
  g_free (self->title);
  g_free (self->catalog_title);
  g_free (self->catalog_title_ja);
  g_free (self->status);
  g_free (self->notes);
  G_OBJECT_CLASS (tk_session_parent_class)->finalize (object);
}

static void
tk_session_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  TkSession *self = TK_SESSION (object);

  switch (prop_id)
    {
    case PROP_ID:            g_value_set_int64 (value, self->id); break;
    case PROP_TITLE:         g_value_set_string (value, self->title); break;
    case PROP_STATUS:        g_value_set_string (value, self->status); break;
    case PROP_NOTES:         g_value_set_string (value, self->notes); break;
    case PROP_CAN_UNDO:      g_value_set_boolean (value, tk_session_can_undo (self)); break;
    case PROP_CAN_REDO:      g_value_set_boolean (value, tk_session_can_redo (self)); break;
    case PROP_TIMER_RUNNING: g_value_set_boolean (value, self->running_since != 0); break;
    default:                 G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_session_class_init (TkSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tk_session_finalize;
  object_class->get_property = tk_session_get_property;

  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, flags);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, flags);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_TIMER_RUNNING] = g_param_spec_boolean ("timer-running", NULL, NULL, FALSE,
                                                         flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted after the state changed (apply, undo, redo); the action is already saved. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tk_session_init (TkSession *self)
{
  self->rows = g_ptr_array_new_with_free_func (row_free);
  self->snapshots = g_ptr_array_new ();
  self->ledger = g_list_store_new (TK_TYPE_LEDGER_ENTRY);
  self->status = g_strdup ("open");
}

static void
notify_history (TkSession *self,
                gboolean   can_undo_before,
                gboolean   can_redo_before)
{
  if (can_undo_before != tk_session_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (can_redo_before != tk_session_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Builds the folds and the ledger lines from rows already in self->rows, n_active of them
 * active.  Fails (DAMAGED) when an active action no longer applies. */
static gboolean
fold_rows (TkSession  *self,
           GError    **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_object_unref);
  Fold *fold;

  self->initial = g_new0 (Fold, 1);
  self->initial->first_seat = -1;
  self->initial->engine = self->rules->state_new (self->setup, error);
  if (self->initial->engine == NULL)
    {
      g_clear_pointer (&self->initial, g_free);
      return FALSE;
    }
  self->initial->clock = tk_turn_clock_new_for_rules (self->rules,
                                                      tk_rules_setup_n_players (self->setup));

  fold = fold_copy (self->rules, self->initial);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = self->rows->pdata[i];
      gboolean undone = i >= self->n_active;
      g_autofree char *text = describe (self->rules, self->setup, fold, row->action);
      g_autoptr(GError) local_error = NULL;

      if (i == self->n_active)
        {
          /* The state is the fold of the active rows; the undone tail is folded on a copy
           * only to word its lines. */
          self->state = fold;
          fold = fold_copy (self->rules, fold);
        }
      if (!fold_apply (self->rules, self->setup, fold, row->action, &local_error) && !undone)
        {
          fold_free (self->rules, fold);
          g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_DAMAGED,
                       _("Action %" PRId64 " of the session no longer applies: %s"),
                       row->seq, local_error->message);
          return FALSE;
        }
      if (!undone && (i + 1) % SNAPSHOT_EVERY == 0)
        g_ptr_array_add (self->snapshots, fold_copy (self->rules, fold));
      g_ptr_array_add (entries, tk_ledger_entry_new (row->seq, row->created_at, text, undone));
    }
  if (self->state == NULL)
    self->state = fold;
  else
    fold_free (self->rules, fold);

  g_list_store_splice (self->ledger, 0, 0, entries->pdata, entries->len);
  return TRUE;
}

/* Re-folds self->state for the first n_active rows from the nearest snapshot. */
static void
refold (TkSession *self)
{
  guint n_snap = self->n_active / SNAPSHOT_EVERY;
  Fold *fold;

  clear_snapshots (self, n_snap);
  fold = fold_copy (self->rules, n_snap > 0 ? self->snapshots->pdata[n_snap - 1] : self->initial);
  for (guint i = n_snap * SNAPSHOT_EVERY; i < self->n_active; i++)
    {
      Row *row = self->rows->pdata[i];
      gboolean ok = fold_apply (self->rules, self->setup, fold, row->action, NULL);

      g_assert (ok);   /* every active row applied when it was added */
    }
  fold_free (self->rules, self->state);
  self->state = fold;
}

static TkSession *
session_new (TkStore       *store,
             const TkRules *rules,
             JsonObject    *setup)
{
  TkSession *self = g_object_new (TK_TYPE_SESSION, NULL);

  self->store = store != NULL ? g_object_ref (store) : NULL;
  self->rules = rules;
  self->setup = json_object_ref (setup);
  return self;
}

static const TkRules *
lookup_rules (const char  *rules_id,
              GError     **error)
{
  const TkRules *rules = rules_id != NULL ? tk_rules_lookup (rules_id) : NULL;

  if (rules == NULL)
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_UNKNOWN,
                 _("This Tablekeeper has no rules called “%s”."),
                 rules_id != NULL ? rules_id : "");
  return rules;
}

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

/* Every text of a setup or an action goes through the library's one text check
 * (tk-text.h); names and titles also have their own limits, checked where they are read. */
static gboolean
check_json_text (JsonObject  *object,
                 GError     **error)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autoptr(GError) text_error = NULL;

  if (tk_text_check_json_node (node, &text_error))
    return TRUE;
  g_set_error_literal (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT, text_error->message);
  return FALSE;
}

static gboolean
check_text (TkTextKind   kind,
            const char  *field,
            const char  *text,
            GError     **error)
{
  return tk_text_check_in (TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT, kind, field, text, error);
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
  gint64 now = session_clock ();

  g_return_val_if_fail (TK_IS_STORE (store), NULL);
  g_return_val_if_fail (setup != NULL, NULL);

  if ((rules = lookup_rules (rules_id, error)) == NULL ||
      !check_text (TK_TEXT_TITLE, _("title"), title, error) || !check_json_text (setup, error))
    return NULL;

  self = session_new (store, rules, setup);
  self->game_id = MAX (game_id, 0);
  self->title = title != NULL && *title != '\0' ? g_strdup (title)
                : game_id > 0 ? game_title (store, game_id) : NULL;
  if (self->title == NULL)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOT_FOUND,
                   _("A session needs a game from the collection or a title."));
      return NULL;
    }
  if (!fold_rows (self, error))
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
  if (!tk_store_step_done (store, stmt, error))
    return NULL;
  self->id = tk_store_last_insert_id (store);
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

  if ((rules = lookup_rules (rules_id, error)) == NULL)
    return NULL;
  if (setup == NULL)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_DAMAGED,
                   _("The setup of session %" PRId64 " cannot be read."), id);
      return NULL;
    }

  self = session_new (store, rules, setup);
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
      Row *row = g_new0 (Row, 1);

      row->seq = lr->seq;
      row->created_at = lr->created_at;
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

  if (!fold_rows (self, error))
    return NULL;
  self->clock_events_at_load = tk_turn_clock_get_n_events (self->state->clock);
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

/* ---- accessors ---- */

gint64
tk_session_get_id (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  return self->id;
}

const TkRules *
tk_session_get_rules (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->rules;
}

gint64
tk_session_get_game_id (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  return self->game_id;
}

const char *
tk_session_get_title (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->title;
}

const char *
tk_session_get_display_title (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  if (self->catalog_title == NULL)
    return self->title;
  return tk_display_title (self->catalog_title, self->catalog_title_ja);
}

JsonObject *
tk_session_get_setup (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->setup;
}

const char *
tk_session_get_status (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->status;
}

const char *
tk_session_get_notes (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->notes;
}

gint64
tk_session_get_started_at (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  return self->started_at;
}

guint
tk_session_get_n_players (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  return tk_rules_setup_n_players (self->setup);
}

int
tk_session_get_first_seat (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), -1);
  return self->state->first_seat;
}

GListModel *
tk_session_get_ledger (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return G_LIST_MODEL (self->ledger);
}

guint
tk_session_get_n_active (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  return self->n_active;
}

/* ---- the ledger ---- */

static gboolean
check_open (TkSession  *self,
            GError    **error)
{
  if (g_strcmp0 (self->status, "open") == 0)
    return TRUE;
  g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_CLOSED,
               _("This session is already closed; start a new one to play again."));
  return FALSE;
}

gboolean
tk_session_apply (TkSession   *self,
                  JsonObject  *action,
                  GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autoptr(TkLedgerEntry) entry = NULL;
  gboolean could_undo, could_redo;
  Fold *next;
  Row *row;
  gint64 seq, now;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!check_open (self, error) || !check_json_text (action, error))
    return FALSE;
  if (self->n_active >= MAX_ACTIONS)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_CLOSED,
                   _("This session is full (%d actions)."), MAX_ACTIONS);
      return FALSE;
    }

  tk_session_turns_stamp (self, action);
  /* 1. Check on a copy: a refused action leaves everything as it was. */
  next = fold_copy (self->rules, self->state);
  if (!fold_apply (self->rules, self->setup, next, action, error))
    {
      fold_free (self->rules, next);
      return FALSE;
    }

  /* 2. Save it (the undone tail goes in the same transaction). */
  text = describe (self->rules, self->setup, self->state, action);
  json = tk_rules_json_to_string (action);
  seq = self->n_active > 0 ? ((Row *) self->rows->pdata[self->n_active - 1])->seq + 1 : 1;
  now = session_clock ();
  if (self->store != NULL &&
      !tk_ledger_append (self->store, self->id, seq, now / 1000, json, error))
    {
      fold_free (self->rules, next);
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
  row = g_new0 (Row, 1);
  row->seq = seq;
  row->created_at = now / 1000;
  row->action = json_object_ref (action);
  g_ptr_array_add (self->rows, row);
  fold_free (self->rules, self->state);
  self->state = next;
  self->n_active++;
  if (self->n_active % SNAPSHOT_EVERY == 0)
    g_ptr_array_add (self->snapshots, fold_copy (self->rules, self->state));
  entry = tk_ledger_entry_new (seq, row->created_at, text, FALSE);
  g_list_store_append (self->ledger, entry);

  notify_history (self, could_undo, could_redo);
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
  Row *row;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!check_open (self, error))
    return FALSE;
  if (self->n_active == 0)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOTHING, _("Nothing to undo."));
      return FALSE;
    }
  row = self->rows->pdata[self->n_active - 1];
  if (self->store != NULL &&
      !tk_ledger_set_undone (self->store, self->id, row->seq, TRUE, error))
    return FALSE;

  could_undo = tk_session_can_undo (self);
  could_redo = tk_session_can_redo (self);
  self->n_active--;
  refold (self);
  tk_ledger_entry_set_undone (g_list_model_get_item (G_LIST_MODEL (self->ledger), self->n_active),
                              TRUE);
  g_object_unref (g_list_model_get_item (G_LIST_MODEL (self->ledger), self->n_active));
  notify_history (self, could_undo, could_redo);
  return TRUE;
}

gboolean
tk_session_redo (TkSession  *self,
                 GError    **error)
{
  g_autoptr(TkLedgerEntry) entry = NULL;
  gboolean could_undo, could_redo;
  Fold *next;
  Row *row;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!check_open (self, error))
    return FALSE;
  if (self->rows->len == self->n_active)
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_NOTHING, _("Nothing to redo."));
      return FALSE;
    }
  row = self->rows->pdata[self->n_active];
  next = fold_copy (self->rules, self->state);
  if (!fold_apply (self->rules, self->setup, next, row->action, error) ||
      (self->store != NULL &&
       !tk_ledger_set_undone (self->store, self->id, row->seq, FALSE, error)))
    {
      fold_free (self->rules, next);
      return FALSE;
    }

  could_undo = tk_session_can_undo (self);
  could_redo = tk_session_can_redo (self);
  fold_free (self->rules, self->state);
  self->state = next;
  self->n_active++;
  if (self->n_active % SNAPSHOT_EVERY == 0)
    g_ptr_array_add (self->snapshots, fold_copy (self->rules, self->state));
  entry = g_list_model_get_item (G_LIST_MODEL (self->ledger), self->n_active - 1);
  tk_ledger_entry_set_undone (entry, FALSE);
  notify_history (self, could_undo, could_redo);
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
  return self->rules->score (self->state->engine);
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
  return tk_store_step_done (self->store, stmt, error);
}

gboolean
tk_session_timer_start (TkSession  *self,
                        GError    **error)
{
  gint64 now;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!check_open (self, error))
    return FALSE;
  if (self->running_since != 0)
    return TRUE;
  now = session_clock ();
  if (!save_timer (self, self->elapsed_ms, now, error))
    return FALSE;
  self->running_since = now;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMER_RUNNING]);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMER_RUNNING]);
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
  return self->elapsed_ms + MAX (session_clock () - self->running_since, 0);
}

gboolean
tk_session_set_notes (TkSession   *self,
                      const char  *notes,
                      GError     **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);

  if (!check_text (TK_TEXT_NOTES, _("notes"), notes, error))
    return FALSE;
  if (self->store != NULL)
    {
      stmt = tk_store_prepare (self->store, "UPDATE sessions SET notes = ?2 WHERE id = ?1", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, self->id);
      sqlite3_bind_text (stmt, 2, notes, -1, SQLITE_STATIC);
      if (!tk_store_step_done (self->store, stmt, error))
        return FALSE;
    }
  g_free (self->notes);
  self->notes = g_strdup (notes);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTES]);
  return TRUE;
}

/* ---- finish ---- */

static TkPlay *
build_play (TkSession  *self,
            const char *played_on,
            const char *location,
            const char *expansions,
            gint64      now,
            gint64      elapsed)
{
  g_autoptr(JsonObject) score = tk_session_score (self);
  JsonArray *players = json_object_get_array_member (score, "players");
  TkPlay *play = tk_play_new ();
  g_autofree char *today = NULL;

  if (played_on == NULL)
    {
      g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (now / 1000);
      today = g_date_time_format (date, "%Y-%m-%d");
      played_on = today;
    }
  tk_play_set_game_id (play, self->game_id);
  tk_play_set_game_title (play, self->title);
  tk_play_set_played_on (play, played_on);
  tk_play_set_duration_min (play, (int) MIN ((elapsed + 30000) / 60000, G_MAXINT));
  tk_play_set_location (play, location);
  tk_play_set_expansions (play, expansions);
  tk_play_set_notes (play, self->notes);
  tk_play_set_session_id (play, self->id);

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      JsonNode *total = json_object_get_member (p, "total");
      guint seat = json_object_get_int_member (p, "seat");
      TkPlayPlayer player = { 0 };

      player.seat = seat;
      player.player_id = tk_rules_setup_player_id (self->setup, seat);
      player.name = (char *) tk_rules_setup_player_name (self->setup, seat);
      player.colour = (char *) tk_rules_setup_player_colour (self->setup, seat);
      player.has_score = total != NULL && JSON_NODE_HOLDS_VALUE (total);
      player.score = player.has_score ? json_node_get_double (total) : 0;
      player.rank = json_object_get_int_member_with_default (p, "rank", 0);
      player.winner = json_object_get_boolean_member_with_default (p, "winner", FALSE);
      player.first_play = tk_plays_is_first_play (self->store, self->game_id, player.player_id);
      tk_play_add_player (play, &player);
    }
  return play;
}

static gboolean
close_session (TkSession   *self,
               const char  *status,
               gint64       now,
               gint64       elapsed,
               GError     **error)
{
  sqlite3_stmt *stmt;

  stmt = tk_store_prepare (self->store, "UPDATE sessions SET status = ?2, finished_at = ?3,"
                                        " elapsed_ms = ?4, running_since = NULL WHERE id = ?1",
                           error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, self->id);
  sqlite3_bind_text (stmt, 2, status, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, now / 1000);
  sqlite3_bind_int64 (stmt, 4, elapsed);
  return tk_store_step_done (self->store, stmt, error);
}

static void
set_closed (TkSession  *self,
            const char *status,
            gint64      elapsed)
{
  gboolean could_undo = tk_session_can_undo (self);
  gboolean could_redo = tk_session_can_redo (self);
  gboolean was_running = self->running_since != 0;

  g_free (self->status);
  self->status = g_strdup (status);
  self->elapsed_ms = elapsed;
  self->running_since = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
  if (was_running)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMER_RUNNING]);
  notify_history (self, could_undo, could_redo);
}

gboolean
tk_session_finish (TkSession   *self,
                   const char  *played_on,
                   const char  *location,
                   const char  *expansions,
                   gint64      *out_play_id,
                   GError     **error)
{
  g_autoptr(TkPlay) play = NULL;
  gint64 now, elapsed;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!check_open (self, error))
    return FALSE;
  now = session_clock ();
  elapsed = tk_session_get_elapsed_ms (self);
  play = build_play (self, played_on, location, expansions, now, elapsed);

  if (!tk_store_begin (self->store, error))
    return FALSE;
  if (!tk_plays_insert (self->store, play, error) ||
      !tk_session_clock_save_play (self, self->store, error) ||
      !close_session (self, "finished", now, elapsed, error))
    {
      tk_store_rollback (self->store);
      return FALSE;
    }
  if (!tk_store_commit (self->store, error))
    return FALSE;

  if (out_play_id != NULL)
    *out_play_id = tk_play_get_id (play);
  set_closed (self, "finished", elapsed);
  return TRUE;
}

gboolean
tk_session_abandon (TkSession  *self,
                    GError    **error)
{
  gint64 now, elapsed;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!check_open (self, error))
    return FALSE;
  now = session_clock ();
  elapsed = tk_session_get_elapsed_ms (self);
  if (!close_session (self, "abandoned", now, elapsed, error))
    return FALSE;
  set_closed (self, "abandoned", elapsed);
  return TRUE;
}

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
      Row *row = self->rows->pdata[i];
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
  if ((rules = lookup_rules (value, error)) == NULL)
    return NULL;
  node = json_object_has_member (root, "setup") ? json_object_get_member (root, "setup") : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      format_error (error, _("The session file has no setup."));
      return NULL;
    }
  self = session_new (NULL, rules, json_node_get_object (node));

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
  if (!check_text (TK_TEXT_TITLE, _("title"), self->title, error) ||
      !check_text (TK_TEXT_NOTES, _("notes"), self->notes, error))
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
      Row *row;

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
      row = g_new0 (Row, 1);
      row->seq = last_seq;
      row->created_at = created;
      row->action = json_object_ref (json_node_get_object (action));
      g_ptr_array_add (self->rows, row);
    }

  if (!fold_rows (self, &local_error))
    {
      g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT,
                   _("The session file cannot be replayed: %s"), local_error->message);
      return NULL;
    }
  /* After the replay, so that the engine's own checks (a player's name) speak first. */
  if (!check_json_text (root, error))
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

  stmt = tk_store_prepare (store, "INSERT INTO sessions (game_id, rules_id, setup, title,"
                                  " started_at, elapsed_ms, notes) VALUES ((SELECT id FROM games"
                                  " WHERE title = ?4 COLLATE NOCASE OR title_ja = ?4 ORDER BY id LIMIT 1),"
                                  " ?1, ?2, ?4, ?5, ?6, ?7)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, parsed->rules->id, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, setup_json, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, parsed->title, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 5, parsed->started_at);
  sqlite3_bind_int64 (stmt, 6, parsed->elapsed_ms);
  sqlite3_bind_text (stmt, 7, parsed->notes, -1, SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  data->id = tk_store_last_insert_id (store);

  stmt = tk_store_prepare (store, "INSERT INTO session_actions (session_id, seq, created_at,"
                                  " action, undone) VALUES (?1, ?2, ?3, ?4, ?5)", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < parsed->rows->len; i++)
    {
      Row *row = parsed->rows->pdata[i];
      g_autofree char *json = tk_rules_json_to_string (row->action);

      sqlite3_bind_int64 (stmt, 1, data->id);
      sqlite3_bind_int64 (stmt, 2, row->seq);
      sqlite3_bind_int64 (stmt, 3, row->created_at);
      sqlite3_bind_text (stmt, 4, json, -1, SQLITE_STATIC);
      sqlite3_bind_int (stmt, 5, i >= parsed->n_active ? 1 : 0);
      if (!tk_store_step_done (store, stmt, error))
        return FALSE;
    }
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

/* ---- turn clocks (the actions and the play's times: tk-session-turns.c) ---- */

gint64
tk_session_now_ms (void)
{
  return session_clock ();
}

const TkTurnClock *
tk_session_get_turn_clock (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->state->clock;
}

gboolean
tk_session_clock_is_suspended (TkSession *self)
{
  const TkTurnClock *clock;

  g_return_val_if_fail (TK_IS_SESSION (self), FALSE);
  /* Running in the ledger with no clock action since the session was loaded: it ran when
   * the app last stopped (a crash, a kill), and is shown paused where its last action left
   * it until someone resumes or passes. */
  clock = self->state->clock;
  return tk_turn_clock_is_running (clock) &&
         tk_turn_clock_get_n_events (clock) <= self->clock_events_at_load;
}

void
tk_session_clock_adopt (TkSession *self)
{
  g_return_if_fail (TK_IS_SESSION (self));
  self->clock_events_at_load = 0;
}

gint64
tk_session_get_clock_now (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  if (g_strcmp0 (self->status, "open") != 0 || tk_session_clock_is_suspended (self))
    return tk_turn_clock_get_last_at (self->state->clock);
  return session_clock ();
}
