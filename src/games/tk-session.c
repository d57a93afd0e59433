/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session.c — a game at the table: setup, undoable ledger, timer, finish into a play.
 * This part: the object, the folds, the text checks, the accessors and the turn clock; the
 * others are listed in tk-session-private.h. */
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
#include "tk-session-private.h"

GParamSpec *_tk_session_properties[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkSession, tk_session, G_TYPE_OBJECT)

G_DEFINE_QUARK (tk-session-error-quark, tk_session_error)

static gint64
real_clock (void)
{
  return g_get_real_time () / 1000;
}

TkSessionClock _tk_session_clock = real_clock;

void
tk_session_set_clock (TkSessionClock clock)
{
  _tk_session_clock = clock != NULL ? clock : real_clock;
}

/* ---- folds ---- */

void
_tk_session_fold_free (const TkRules *rules,
                       Fold          *fold)
{
  if (fold == NULL)
    return;
  rules->state_free (fold->engine);
  tk_turn_clock_free (fold->clock);
  g_free (fold);
}

Fold *
_tk_session_fold_copy (const TkRules *rules,
                       Fold          *fold)
{
  Fold *copy = g_new0 (Fold, 1);

  copy->engine = rules->state_copy (fold->engine);
  copy->first_seat = fold->first_seat;
  copy->clock = tk_turn_clock_copy (fold->clock);
  return copy;
}

/* Applies one action: "table.*" here, anything else in the engine.  All or nothing. */
gboolean
_tk_session_fold_apply (const TkRules  *rules,
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

char *
_tk_session_describe (const TkRules *rules,
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
  TkSessionRow *row = data;

  json_object_unref (row->action);
  g_free (row->uid);
  g_free (row);
}

static void
clear_snapshots (TkSession *self,
                 guint      keep)
{
  while (self->snapshots->len > keep)
    {
      _tk_session_fold_free (self->rules, self->snapshots->pdata[self->snapshots->len - 1]);
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
      _tk_session_fold_free (self->rules, self->state);
      _tk_session_fold_free (self->rules, self->initial);
    }
  g_ptr_array_unref (self->snapshots);
  g_ptr_array_unref (self->rows);
  g_clear_object (&self->ledger);
  g_clear_object (&self->store);
  g_clear_pointer (&self->setup, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
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
  GParamSpec **props = _tk_session_properties;

  object_class->finalize = tk_session_finalize;
  object_class->get_property = tk_session_get_property;

  props[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  props[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  props[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, flags);
  props[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, flags);
  props[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  props[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  props[PROP_TIMER_RUNNING] = g_param_spec_boolean ("timer-running", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, props);

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

void
_tk_session_notify_history (TkSession *self,
                            gboolean   can_undo_before,
                            gboolean   can_redo_before)
{
  if (can_undo_before != tk_session_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), _tk_session_properties[PROP_CAN_UNDO]);
  if (can_redo_before != tk_session_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), _tk_session_properties[PROP_CAN_REDO]);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Builds the folds and the ledger lines from rows already in self->rows, n_active of them
 * active.  Fails (DAMAGED) when an active action no longer applies. */
gboolean
_tk_session_fold_rows (TkSession  *self,
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

  fold = _tk_session_fold_copy (self->rules, self->initial);
  for (guint i = 0; i < self->rows->len; i++)
    {
      TkSessionRow *row = self->rows->pdata[i];
      gboolean undone = i >= self->n_active;
      g_autofree char *text = _tk_session_describe (self->rules, self->setup, fold, row->action);
      g_autoptr(GError) local_error = NULL;

      if (i == self->n_active)
        {
          /* The state is the fold of the active rows; the undone tail is folded on a copy
           * only to word its lines. */
          self->state = fold;
          fold = _tk_session_fold_copy (self->rules, fold);
        }
      if (!_tk_session_fold_apply (self->rules, self->setup, fold, row->action, &local_error) &&
          !undone)
        {
          _tk_session_fold_free (self->rules, fold);
          g_set_error (error, TK_SESSION_ERROR, TK_SESSION_ERROR_DAMAGED,
                       _("Action %" PRId64 " of the session no longer applies: %s"),
                       row->seq, local_error->message);
          return FALSE;
        }
      if (!undone && (i + 1) % SNAPSHOT_EVERY == 0)
        g_ptr_array_add (self->snapshots, _tk_session_fold_copy (self->rules, fold));
      g_ptr_array_add (entries, tk_ledger_entry_new (row->seq, row->created_at, text, undone));
    }
  if (self->state == NULL)
    self->state = fold;
  else
    _tk_session_fold_free (self->rules, fold);
  _tk_session_forget_score (self);

  g_list_store_splice (self->ledger, 0, 0, entries->pdata, entries->len);
  return TRUE;
}

/* Re-folds self->state for the first n_active rows from the nearest snapshot. */
void
_tk_session_refold (TkSession *self)
{
  guint n_snap = self->n_active / SNAPSHOT_EVERY;
  Fold *fold;

  clear_snapshots (self, n_snap);
  fold = _tk_session_fold_copy (self->rules,
                                n_snap > 0 ? self->snapshots->pdata[n_snap - 1] : self->initial);
  for (guint i = n_snap * SNAPSHOT_EVERY; i < self->n_active; i++)
    {
      TkSessionRow *row = self->rows->pdata[i];
      gboolean ok = _tk_session_fold_apply (self->rules, self->setup, fold, row->action, NULL);

      g_assert (ok);   /* every active row applied when it was added */
    }
  _tk_session_fold_free (self->rules, self->state);
  self->state = fold;
  _tk_session_forget_score (self);
}

void
_tk_session_forget_score (TkSession *self)
{
  g_clear_pointer (&self->score, json_object_unref);
}

TkSession *
_tk_session_new (TkStore       *store,
                 const TkRules *rules,
                 JsonObject    *setup)
{
  TkSession *self = g_object_new (TK_TYPE_SESSION, NULL);

  self->store = store != NULL ? g_object_ref (store) : NULL;
  self->rules = rules;
  self->setup = json_object_ref (setup);
  return self;
}

const TkRules *
_tk_session_lookup_rules (const char  *rules_id,
                          GError     **error)
{
  const TkRules *rules = rules_id != NULL ? tk_rules_lookup (rules_id) : NULL;

  if (rules == NULL)
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_UNKNOWN,
                 _("This Tablekeeper has no rules called “%s”."),
                 rules_id != NULL ? rules_id : "");
  return rules;
}

/* Every text of a setup or an action goes through the library's one text check
 * (tk-text.h); names and titles also have their own limits, checked where they are read. */
gboolean
_tk_session_check_json_text (JsonObject  *object,
                             GError     **error)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autoptr(GError) text_error = NULL;

  if (tk_text_check_json_node (node, &text_error))
    return TRUE;
  g_set_error_literal (error, TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT, text_error->message);
  return FALSE;
}

gboolean
_tk_session_check_text (TkTextKind   kind,
                        const char  *field,
                        const char  *text,
                        GError     **error)
{
  return tk_text_check_in (TK_SESSION_ERROR, TK_SESSION_ERROR_FORMAT, kind, field, text, error);
}


/* ---- accessors ---- */

gint64
tk_session_get_id (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), 0);
  return self->id;
}

TkStore *
tk_session_get_store (TkSession *self)
{
  g_return_val_if_fail (TK_IS_SESSION (self), NULL);
  return self->store;
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


/* ---- turn clocks (the actions and the play's times: tk-session-turns.c) ---- */

gint64
tk_session_now_ms (void)
{
  return _tk_session_clock ();
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
  return _tk_session_clock ();
}
