/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-model.c — a Metromania session as the panel reads it (see the header). */
#define G_LOG_DOMAIN "tk-metromania-model"

#include "config.h"

#include <glib/gi18n.h>

#include "metromania/tk-metromania-rules.h"
#include "tk-metromania-model.h"

struct _TkMetromaniaModel
{
  TkPanelModel  parent_instance;

  JsonObject   *json;     /* the session as JSON, read once per change */
  JsonObject   *game;     /* its "game" member */
  JsonObject   *score;

  TkMetromaniaTurn *turn;
  int           selected_trip;

  /* the choices the board's taps are made with */
  TkMetromaniaTool tool;
  guint         line_style;
  char          marker_letter;
  guint         marker_seat;    /* whose marker it is */
  const char   *space_kind;     /* static: one of tk_metromania_kinds */
};

const char *const tk_metromania_kinds[3] = { "home", "work", "leisure" };

enum
{
  PROP_0,
  PROP_SELECTED_TRIP,
  PROP_TURN,
  PROP_TOOL,
  PROP_LINE_STYLE,
  PROP_MARKER_LETTER,
  PROP_SPACE_KIND,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkMetromaniaModel, tk_metromania_model, TK_TYPE_PANEL_MODEL)

/* Whether the engine would take @turn now; taken, the turn learns the stations it adds. */
static gboolean
check_turn (TkMetromaniaModel  *self,
            TkMetromaniaTurn   *turn,
            GError            **error)
{
  g_autoptr(JsonObject) action = tk_metromania_turn_to_action (turn);
  GArray *stations = NULL;

  /* the engine works on a copy of it: the session's state is only read */
  if (!tk_metromania_rules_check_draft (tk_metromania_model_peek_state (self), action, &stations,
                                        error))
    return FALSE;
  tk_metromania_turn_set_stations (turn, stations);
  return TRUE;
}

/* TkPanelModel's read_session (): once at construction, then once per TkSession::changed. */
static void
read_session (TkPanelModel *model)
{
  TkMetromaniaModel *self = TK_METROMANIA_MODEL (model);
  TkSession *session = tk_panel_model_get_session (model);

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  self->json = tk_session_to_json (session);
  self->game = json_object_get_object_member (self->json, "game");
  self->score = tk_session_score (session);

  /* A turn being entered survives a change only while it still fits (an undo elsewhere, a
   * correction of the lake). */
  if (self->turn != NULL &&
      (tk_metromania_turn_get_seat (self->turn) != tk_metromania_model_get_turn_seat (self) ||
       !check_turn (self, self->turn, NULL)))
    g_clear_pointer (&self->turn, tk_metromania_turn_free);

  /* The marker to place stays chosen while the same player is to move and still holds it;
   * else the first one the player to move holds. */
  {
    g_autoptr(GArray) markers = tk_metromania_model_free_markers (self);
    gboolean same_seat = self->marker_seat == tk_metromania_model_get_turn_seat (self);
    char letter = '\0';

    for (guint i = 0; i < markers->len; i++)
      {
        char held = g_array_index (markers, TkMetroMarker, i).letter;

        if (i == 0 || (same_seat && held == self->marker_letter))
          letter = held;
        if (same_seat && held == self->marker_letter)
          break;
      }
    self->marker_seat = tk_metromania_model_get_turn_seat (self);
    if (letter != self->marker_letter)
      {
        self->marker_letter = letter;
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKER_LETTER]);
      }
  }
}

static void
tk_metromania_model_finalize (GObject *object)
{
  TkMetromaniaModel *self = TK_METROMANIA_MODEL (object);

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  g_clear_pointer (&self->turn, tk_metromania_turn_free);
  G_OBJECT_CLASS (tk_metromania_model_parent_class)->finalize (object);
}

static void
tk_metromania_model_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SELECTED_TRIP:
      g_value_set_int (value, TK_METROMANIA_MODEL (object)->selected_trip);
      break;
    case PROP_TURN:
      g_value_set_pointer (value, TK_METROMANIA_MODEL (object)->turn);
      break;
    case PROP_TOOL:
      g_value_set_uint (value, TK_METROMANIA_MODEL (object)->tool);
      break;
    case PROP_LINE_STYLE:
      g_value_set_uint (value, TK_METROMANIA_MODEL (object)->line_style);
      break;
    case PROP_MARKER_LETTER:
      g_value_set_schar (value, TK_METROMANIA_MODEL (object)->marker_letter);
      break;
    case PROP_SPACE_KIND:
      g_value_set_string (value, TK_METROMANIA_MODEL (object)->space_kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metromania_model_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SELECTED_TRIP:
      tk_metromania_model_set_selected_trip (TK_METROMANIA_MODEL (object), g_value_get_int (value));
      break;
    case PROP_TOOL:
      tk_metromania_model_set_tool (TK_METROMANIA_MODEL (object), g_value_get_uint (value));
      break;
    case PROP_LINE_STYLE:
      tk_metromania_model_set_line_style (TK_METROMANIA_MODEL (object), g_value_get_uint (value));
      break;
    case PROP_MARKER_LETTER:
      tk_metromania_model_set_marker_letter (TK_METROMANIA_MODEL (object),
                                             g_value_get_schar (value));
      break;
    case PROP_SPACE_KIND:
      tk_metromania_model_set_space_kind (TK_METROMANIA_MODEL (object),
                                          g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metromania_model_class_init (TkMetromaniaModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_metromania_model_finalize;
  object_class->get_property = tk_metromania_model_get_property;
  object_class->set_property = tk_metromania_model_set_property;
  TK_PANEL_MODEL_CLASS (klass)->read_session = read_session;

  properties[PROP_SELECTED_TRIP] =
    g_param_spec_int ("selected-trip", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the TkMetromaniaTurn being entered (notified when the user changes it) */
  properties[PROP_TURN] =
    g_param_spec_pointer ("turn", NULL, NULL,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* a TkMetromaniaTool */
  properties[PROP_TOOL] =
    g_param_spec_uint ("tool", NULL, NULL, 0, TK_METROMANIA_N_TOOLS - 1,
                       TK_METROMANIA_TOOL_TUNNEL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LINE_STYLE] =
    g_param_spec_uint ("line-style", NULL, NULL, 0, 1, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MARKER_LETTER] =
    g_param_spec_char ("marker-letter", NULL, NULL, 0, G_MAXINT8, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SPACE_KIND] =
    g_param_spec_string ("space-kind", NULL, NULL, "home",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_metromania_model_init (TkMetromaniaModel *self)
{
  self->selected_trip = -1;
  self->space_kind = tk_metromania_kinds[0];
}

TkMetromaniaModel *
tk_metromania_model_new (TkSession *session)
{
  g_return_val_if_fail (TK_IS_SESSION (session), NULL);
  return g_object_new (TK_TYPE_METROMANIA_MODEL, "session", session, NULL);
}

gpointer
tk_metromania_model_peek_state (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), NULL);
  return tk_session_peek_state (tk_panel_model_get_session (TK_PANEL_MODEL (self)));
}

JsonObject *
tk_metromania_model_get_game (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), NULL);
  return self->game;
}

JsonObject *
tk_metromania_model_get_score (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), NULL);
  return self->score;
}

guint
tk_metromania_model_get_n_players (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), 0);
  return tk_session_get_n_players (tk_panel_model_get_session (TK_PANEL_MODEL (self)));
}

guint
tk_metromania_model_get_turn_seat (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), 0);
  return self->game != NULL ? (guint) json_object_get_int_member (self->game, "turn") : 0;
}

gboolean
tk_metromania_model_is_over (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);
  return self->game != NULL && json_object_get_boolean_member (self->game, "over");
}

gboolean
tk_metromania_model_is_dealt (TkMetromaniaModel *self)
{
  g_autoptr(GArray) markers = tk_metromania_rules_markers (tk_metromania_model_peek_state (self));

  return markers->len > 0;
}

gboolean
tk_metromania_model_is_playing (TkMetromaniaModel *self)
{
  return tk_metromania_model_is_dealt (self) && !tk_metromania_model_is_over (self);
}

JsonObject *
tk_metromania_model_get_board (TkMetromaniaModel *self)
{
  return tk_metromania_model_has_board (self)
         ? json_object_get_object_member (self->game, "board") : NULL;
}

gboolean
tk_metromania_model_has_board (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);
  return self->game != NULL && json_object_has_member (self->game, "board");
}

gboolean
tk_metromania_model_is_entry (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);
  return self->game != NULL &&
         json_object_get_boolean_member_with_default (self->game, "entry", FALSE);
}

TkMetroLineState
tk_metromania_model_get_turn_line_state (TkMetromaniaModel *self,
                                         guint              style)
{
  return tk_metromania_rules_line_state (tk_metromania_model_peek_state (self),
                                         tk_metromania_model_get_turn_seat (self), style);
}

gboolean
tk_metromania_model_nobody_started (TkMetromaniaModel *self)
{
  for (guint s = 0; s < tk_metromania_model_get_n_players (self); s++)
    for (guint l = 0; l < 2; l++)
      if (tk_metromania_rules_line_state (tk_metromania_model_peek_state (self), s, l) !=
          TK_METRO_LINE_UNSTARTED)
        return FALSE;
  return TRUE;
}

char *
tk_metromania_model_new_station_name (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), NULL);
  return tk_metromania_rules_station_name (tk_metromania_model_peek_state (self),
                                           self->turn != NULL
                                           ? (TkMetroNameTaken) tk_metromania_turn_has_station
                                           : NULL, self->turn);
}

int
tk_metromania_model_get_selected_trip (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), -1);
  return self->selected_trip;
}

void
tk_metromania_model_set_selected_trip (TkMetromaniaModel *self,
                                       int                trip)
{
  g_return_if_fail (TK_IS_METROMANIA_MODEL (self));

  trip = MAX (trip, -1);
  if (self->selected_trip == trip)
    return;
  self->selected_trip = trip;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TRIP]);
}

TkMetromaniaTurn *
tk_metromania_model_get_turn (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), NULL);
  return self->turn;
}

gboolean
tk_metromania_model_try_turn (TkMetromaniaModel  *self,
                              TkMetromaniaTurn   *candidate,
                              GError            **error)
{
  g_autoptr(TkMetromaniaTurn) turn = candidate;

  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);
  g_return_val_if_fail (candidate != NULL, FALSE);

  if (!check_turn (self, turn, error))
    return FALSE;
  tk_metromania_turn_free (self->turn);
  self->turn = g_steal_pointer (&turn);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN]);
  return TRUE;
}

void
tk_metromania_model_take_back (TkMetromaniaModel *self)
{
  g_return_if_fail (TK_IS_METROMANIA_MODEL (self));

  if (self->turn == NULL || !tk_metromania_turn_remove_last (self->turn))
    return;
  /* what is left adds fewer stations, or none when the engine would not take it as it is */
  if (!check_turn (self, self->turn, NULL))
    tk_metromania_turn_set_stations (self->turn, g_array_new (FALSE, TRUE, sizeof (TkMetroNewStation)));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN]);
}

gboolean
tk_metromania_model_finish_turn (TkMetromaniaModel *self)
{
  g_autoptr(TkMetromaniaTurn) turn = NULL;
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);

  if (self->turn == NULL || tk_metromania_turn_is_empty (self->turn))
    return FALSE;
  /* The turn is out of the model while the session takes it: the change it makes shows the
   * board as committed.  Refused, it comes back as it was. */
  turn = g_steal_pointer (&self->turn);
  action = tk_metromania_turn_to_action (turn);
  if (tk_panel_model_apply (TK_PANEL_MODEL (self), action))
    return TRUE;
  self->turn = g_steal_pointer (&turn);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN]);
  return FALSE;
}

const char *
tk_metromania_kind_label (const char *kind)
{
  if (g_strcmp0 (kind, "home") == 0)
    return _("home");
  if (g_strcmp0 (kind, "work") == 0)
    return _("work");
  return _("leisure");
}

gboolean
tk_metromania_model_can_play (TkMetromaniaModel  *self,
                              GError            **error)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);

  if (!tk_metromania_model_is_dealt (self))
    {
      g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("Record the deal of the destination markers first."));
      return FALSE;
    }
  /* the building over: the engine refuses the turn and says so */
  return TRUE;
}

TkMetromaniaTurn *
tk_metromania_model_candidate_turn (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), NULL);

  if (self->turn != NULL)
    return tk_metromania_turn_copy (self->turn);
  return tk_metromania_turn_new (tk_metromania_model_get_turn_seat (self));
}

gboolean
tk_metromania_model_dead_end (TkMetromaniaModel  *self,
                              GError            **error)
{
  TkMetromaniaTurn *candidate;

  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);

  if (!tk_metromania_model_can_play (self, error))
    return FALSE;
  candidate = tk_metromania_model_candidate_turn (self);
  tk_metromania_turn_set_dead_end (candidate, self->line_style);
  return tk_metromania_model_try_turn (self, candidate, error);
}

gboolean
tk_metromania_model_pass (TkMetromaniaModel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), FALSE);

  json_object_set_string_member (action, "type", "pass");
  json_object_set_int_member (action, "seat", tk_metromania_model_get_turn_seat (self));
  return tk_panel_model_apply (TK_PANEL_MODEL (self), action);
}

TkMetromaniaTool
tk_metromania_model_get_tool (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), TK_METROMANIA_TOOL_TUNNEL);
  return self->tool;
}

void
tk_metromania_model_set_tool (TkMetromaniaModel *self,
                              TkMetromaniaTool   tool)
{
  g_return_if_fail (TK_IS_METROMANIA_MODEL (self));
  g_return_if_fail (tool < TK_METROMANIA_N_TOOLS);

  if (self->tool == tool)
    return;
  self->tool = tool;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

guint
tk_metromania_model_get_line_style (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), 0);
  return self->line_style;
}

void
tk_metromania_model_set_line_style (TkMetromaniaModel *self,
                                    guint              style)
{
  g_return_if_fail (TK_IS_METROMANIA_MODEL (self));
  g_return_if_fail (style <= 1);

  if (self->line_style == style)
    return;
  self->line_style = style;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINE_STYLE]);
}

char
tk_metromania_model_get_marker_letter (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), '\0');
  return self->marker_letter;
}

void
tk_metromania_model_set_marker_letter (TkMetromaniaModel *self,
                                       char               letter)
{
  g_autoptr(GArray) markers = NULL;

  g_return_if_fail (TK_IS_METROMANIA_MODEL (self));

  if (self->marker_letter == letter)
    return;
  markers = tk_metromania_model_free_markers (self);
  for (guint i = 0; i < markers->len; i++)
    if (g_array_index (markers, TkMetroMarker, i).letter == letter)
      {
        self->marker_letter = letter;
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKER_LETTER]);
        return;
      }
}

const char *
tk_metromania_model_get_space_kind (TkMetromaniaModel *self)
{
  g_return_val_if_fail (TK_IS_METROMANIA_MODEL (self), NULL);
  return self->space_kind;
}

void
tk_metromania_model_set_space_kind (TkMetromaniaModel *self,
                                    const char        *kind)
{
  g_return_if_fail (TK_IS_METROMANIA_MODEL (self));

  for (guint k = 0; k < G_N_ELEMENTS (tk_metromania_kinds); k++)
    if (g_strcmp0 (kind, tk_metromania_kinds[k]) == 0)
      {
        if (self->space_kind == tk_metromania_kinds[k])
          return;
        self->space_kind = tk_metromania_kinds[k];
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPACE_KIND]);
        return;
      }
  g_return_if_reached ();
}

GArray *
tk_metromania_model_free_markers (TkMetromaniaModel *self)
{
  GArray *markers = tk_metromania_rules_markers (tk_metromania_model_peek_state (self));
  guint seat = tk_metromania_model_get_turn_seat (self);

  for (guint i = markers->len; i > 0; i--)
    if (g_array_index (markers, TkMetroMarker, i - 1).owner != seat ||
        g_array_index (markers, TkMetroMarker, i - 1).placed)
      g_array_remove_index (markers, i - 1);
  return markers;
}

char *
tk_metromania_marker_label (const TkMetroMarker *marker)
{
  char letter[2] = { marker->letter, '\0' };

  /* TRANSLATORS: a destination marker: its letter and its kind, "A · home" */
  return g_strdup_printf (_("%s · %s"), letter, tk_metromania_kind_label (tk_metromania_kinds[marker->kind]));
}
