/* tk-metromania-panel.c — the Metromania bookkeeping panel: the board the players copy their
 * network onto, the turn being entered, each player's lines, stations and markers, and the
 * seven test trips with their fastest routes.
 *
 * Everything shown is read from the session on each change.  The one thing the panel keeps
 * is the turn being entered (a dig is one action of 3 tunnels): each tap is checked at once
 * with the engine on a replay of the session's ledger, so a refused tunnel is refused on the
 * tap that made it, and the turn is committed with "Finish Turn".
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metromania-panel.h"
#include "tk-metromania-board-view.h"
#include "tk-metromania-layouts.h"
#include "tk-metromania-route-map.h"
#include "tk-metromania-turn.h"
#include "metromania/tk-metromania-rules.h"

typedef enum
{
  TOOL_TUNNEL,
  TOOL_STATION,
  TOOL_DESTINATION,
  TOOL_LAKE,
  TOOL_PARK,
  TOOL_ARROW,
  TOOL_END_ARROW,
  TOOL_RIVER,
  TOOL_FOREST,
  TOOL_SPACE,
  N_TOOLS
} Tool;

#define N_MARKERS 12
/* From this width on, the trips and players go beside the board. */
#define WIDE_WIDTH 760

struct _TkMetromaniaPanel
{
  AdwBin                 parent_instance;

  TkSession             *session;

  GtkLabel              *status_label;
  GtkLabel              *end_label;
  GtkWidget             *first_box;
  GtkLabel              *first_label;
  GtkWidget             *complete_button;  /* a board entered afterwards: it is all there */
  GtkDropDown           *first_dropdown;
  GtkWidget             *deal_box;
  GtkFlowBox            *deal_flow;
  GtkButton             *deal_button;
  GtkLabel              *plain_label;
  GtkBox                *main_box;
  AdwClamp              *side_clamp;
  GtkWidget             *board_box;
  GtkWidget             *turn_flow;
  GtkFlowBox            *tool_flow;
  TkMetromaniaBoardView *board;
  GtkButton             *zoom_in_button;
  GtkButton             *zoom_out_button;
  GtkLabel              *hint_label;
  GtkLabel              *turn_label;
  GtkButton             *remove_button;
  GtkButton             *dead_end_button;
  GtkButton             *pass_button;
  GtkFlowBox            *turn_buttons;
  GtkButton             *done_button;
  GtkFlowBox            *players_flow;
  GtkListBox            *trips_list;
  GtkLabel              *warnings_label;
  GtkLabel              *route_label;

  GtkToggleButton       *line_buttons[2];
  GtkToggleButton       *tool_buttons[N_TOOLS];
  GtkDropDown           *letter_dropdown;
  GtkDropDown           *kind_dropdown;   /* the kind of a printed destination space */
  GtkDropDown           *deal_owner[N_MARKERS];
  GtkDropDown           *deal_kind[N_MARKERS];

  /* Read from the session on each change. */
  JsonObject            *game;
  gpointer               check_state;   /* the engine's state replayed, for checking taps */

  /* Transient: the turn being entered and what the player picked. */
  TkMetromaniaTurn      *turn;
  guint                  style;
  Tool                   tool;
  gint                   selected_trip;
  gboolean               refreshing;
  gboolean               wide;
  guint                  layout_idle;
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkMetromaniaPanel, tk_metromania_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static const char *const kind_ids[] = { "home", "work", "leisure" };

static const char *
kind_label (const char *kind)
{
  if (g_strcmp0 (kind, "home") == 0)
    return _("home");
  if (g_strcmp0 (kind, "work") == 0)
    return _("work");
  return _("leisure");
}

/* ---- reading the state ---- */

static JsonArray *
game_array (TkMetromaniaPanel *self,
            const char        *name)
{
  return self->game != NULL && json_object_has_member (self->game, name)
         ? json_object_get_array_member (self->game, name) : NULL;
}

static guint
n_players (TkMetromaniaPanel *self)
{
  return tk_session_get_n_players (self->session);
}

static guint
turn_seat (TkMetromaniaPanel *self)
{
  return self->game != NULL ? (guint) json_object_get_int_member (self->game, "turn") : 0;
}

static gboolean
game_over (TkMetromaniaPanel *self)
{
  return self->game != NULL && json_object_get_boolean_member (self->game, "over");
}

static gboolean
board_mode (TkMetromaniaPanel *self)
{
  return self->game != NULL && json_object_has_member (self->game, "board");
}

/* A finished board entered after the game: any player's lines, in any order. */
static gboolean
entry_mode (TkMetromaniaPanel *self)
{
  return self->game != NULL &&
         json_object_get_boolean_member_with_default (self->game, "entry", FALSE);
}

static gboolean
dealt (TkMetromaniaPanel *self)
{
  JsonArray *markers = game_array (self, "destinations");

  return markers != NULL && json_array_get_length (markers) > 0;
}

static JsonObject *
line_json (TkMetromaniaPanel *self,
           guint              seat,
           guint              style)
{
  JsonArray *lines = game_array (self, "lines");
  guint index = seat * 2 + style;

  return lines != NULL && index < json_array_get_length (lines)
         ? json_array_get_object_element (lines, index) : NULL;
}

static const char *
line_state (TkMetromaniaPanel *self,
            guint              seat,
            guint              style)
{
  JsonObject *line = line_json (self, seat, style);

  return line != NULL ? json_object_get_string_member (line, "state") : "unstarted";
}

static JsonArray *
line_path (TkMetromaniaPanel *self,
           guint              seat,
           guint              style)
{
  JsonObject *line = line_json (self, seat, style);

  return line != NULL && json_object_has_member (line, "path")
         ? json_object_get_array_member (line, "path") : NULL;
}

static gboolean
nobody_started (TkMetromaniaPanel *self)
{
  for (guint s = 0; s < n_players (self); s++)
    for (guint l = 0; l < 2; l++)
      if (g_strcmp0 (line_state (self, s, l), "unstarted") != 0)
        return FALSE;
  return TRUE;
}

static gboolean
station_named (TkMetromaniaPanel *self,
               const char        *name)
{
  JsonArray *stations = game_array (self, "stations");

  for (guint i = 0; stations != NULL && i < json_array_get_length (stations); i++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (stations, i),
                                                  "id"), name) == 0)
      return TRUE;
  return FALSE;
}

/* Stations get names S1, S2, … in the order they are built. */
static char *
next_station_name (TkMetromaniaPanel *self,
                   TkMetromaniaTurn  *turn)
{
  for (guint k = 1;; k++)
    {
      g_autofree char *name = g_strdup_printf ("S%u", k);

      if (!station_named (self, name) &&
          (turn == NULL || !tk_metromania_turn_has_station (turn, name)))
        return g_steal_pointer (&name);
    }
}

/* The engine's state, replayed from the session's ledger: the taps of a turn are checked on
 * it before they are shown. */
static void
rebuild_check_state (TkMetromaniaPanel *self)
{
  const TkRules *rules = tk_session_get_rules (self->session);
  g_autofree char *text = tk_session_export (self->session);
  g_autoptr(JsonObject) file = tk_rules_json_parse_object (text, -1, NULL);
  JsonArray *actions;
  gpointer state;

  g_clear_pointer (&self->check_state, rules->state_free);
  state = rules->state_new (tk_session_get_setup (self->session), NULL);
  if (state == NULL || file == NULL)
    return;
  actions = json_object_has_member (file, "actions")
            ? json_object_get_array_member (file, "actions") : NULL;
  for (guint i = 0; actions != NULL && i < json_array_get_length (actions); i++)
    {
      JsonObject *entry = json_array_get_object_element (actions, i);
      JsonObject *action = json_object_get_object_member (entry, "action");
      const char *type = json_object_get_string_member_with_default (action, "type", "");

      if (json_object_get_boolean_member_with_default (entry, "undone", FALSE) ||
          g_str_has_prefix (type, "table."))
        continue;
      rules->apply (state, action, NULL);
    }
  self->check_state = state;
}

/* ---- the turn being entered ---- */

static gboolean
check_turn (TkMetromaniaPanel *self,
            TkMetromaniaTurn  *turn,
            gboolean           quiet)
{
  g_autoptr(JsonObject) action = tk_metromania_turn_to_action (turn);
  g_autoptr(GError) error = NULL;

  if (self->check_state == NULL)
    return FALSE;
  if (tk_metromania_rules_check_draft (self->check_state, action, &error))
    return TRUE;
  if (!quiet)
    tk_game_panel_show_message (GTK_WIDGET (self), error->message);
  return FALSE;
}

static void update_turn (TkMetromaniaPanel *self);

/* Takes @candidate as the turn when the engine accepts it; otherwise shows why and keeps the
 * turn as it was. */
static gboolean
try_turn (TkMetromaniaPanel *self,
          TkMetromaniaTurn  *candidate)
{
  if (!check_turn (self, candidate, FALSE))
    {
      tk_metromania_turn_free (candidate);
      return FALSE;
    }
  tk_metromania_turn_free (self->turn);
  self->turn = candidate;
  update_turn (self);
  return TRUE;
}

static TkMetromaniaTurn *
candidate_turn (TkMetromaniaPanel *self)
{
  return self->turn != NULL ? tk_metromania_turn_copy (self->turn)
                            : tk_metromania_turn_new (turn_seat (self));
}

/* Where line @style of the player to move ends now: this turn's tunnels, else the board. */
static gboolean
current_end (TkMetromaniaPanel *self,
             guint              style,
             TkMetroPoint      *end)
{
  JsonArray *path;

  if (self->turn != NULL && tk_metromania_turn_line_end (self->turn, style, end))
    return TRUE;
  path = line_path (self, turn_seat (self), style);
  if (path == NULL || json_array_get_length (path) == 0)
    return FALSE;
  return tk_metromania_point_from_json (json_array_get_element (path,
                                                                json_array_get_length (path) - 1),
                                        end);
}

/* Can the game take a turn now?  Says why not. */
static gboolean
can_play (TkMetromaniaPanel *self)
{
  if (!dealt (self))
    {
      tk_game_panel_show_message (GTK_WIDGET (self), _("Record the deal of the destination "
                                                       "markers first."));
      return FALSE;
    }
  if (game_over (self))
    {
      tk_game_panel_show_message (GTK_WIDGET (self), _("The building is over."));
      return FALSE;
    }
  return TRUE;
}

/* Whether a station stands at @p, on the board or entered this turn. */
static gboolean
station_at (TkMetromaniaPanel *self,
            TkMetroPoint       p)
{
  JsonArray *stations = game_array (self, "stations");

  for (guint i = 0; stations != NULL && i < json_array_get_length (stations); i++)
    {
      JsonObject *station = json_array_get_object_element (stations, i);
      TkMetroPoint q;

      if (json_object_has_member (station, "point") &&
          tk_metromania_point_from_json (json_object_get_member (station, "point"), &q) &&
          tk_metro_point_equal (p, q))
        return TRUE;
    }
  if (self->turn != NULL)
    {
      g_autoptr(GArray) points = tk_metromania_turn_station_points (self->turn);

      for (guint i = 0; i < points->len; i++)
        if (tk_metro_point_equal (g_array_index (points, TkMetroPoint, i), p))
          return TRUE;
    }
  return FALSE;
}

/* Every tunnel of the lines other than line @style of the player to move, this turn's
 * included, as segments. */
static GArray *
other_segments (TkMetromaniaPanel *self,
                guint              style)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));

  for (guint s = 0; s < n_players (self); s++)
    for (guint l = 0; l < 2; l++)
      {
        JsonArray *path = line_path (self, s, l);

        if (s == turn_seat (self) && l == style)
          continue;
        for (guint k = 0; path != NULL && k + 1 < json_array_get_length (path); k++)
          {
            TkMetromaniaSegment seg = { s, l };

            if (tk_metromania_point_from_json (json_array_get_element (path, k), &seg.from) &&
                tk_metromania_point_from_json (json_array_get_element (path, k + 1), &seg.to))
              g_array_append_val (out, seg);
          }
      }
  if (self->turn != NULL)
    {
      g_autoptr(GArray) drafted = tk_metromania_turn_segments (self->turn);

      for (guint i = 0; i < drafted->len; i++)
        if (g_array_index (drafted, TkMetromaniaSegment, i).style != style)
          g_array_append_val (out, g_array_index (drafted, TkMetromaniaSegment, i));
    }
  return out;
}

static gboolean
other_line_at (TkMetromaniaPanel *self,
               guint              style,
               TkMetroPoint       p)
{
  g_autoptr(GArray) segments = other_segments (self, style);

  for (guint i = 0; i < segments->len; i++)
    {
      TkMetromaniaSegment *seg = &g_array_index (segments, TkMetromaniaSegment, i);
      if (tk_metro_point_equal (seg->from, p) || tk_metro_point_equal (seg->to, p))
        return TRUE;
    }
  return FALSE;
}

static gboolean
other_line_along (TkMetromaniaPanel *self,
                  guint              style,
                  TkMetroPoint       a,
                  TkMetroPoint       b)
{
  g_autoptr(GArray) segments = other_segments (self, style);

  for (guint i = 0; i < segments->len; i++)
    {
      TkMetromaniaSegment *seg = &g_array_index (segments, TkMetromaniaSegment, i);
      if ((tk_metro_point_equal (seg->from, a) && tk_metro_point_equal (seg->to, b)) ||
          (tk_metro_point_equal (seg->from, b) && tk_metro_point_equal (seg->to, a)))
        return TRUE;
    }
  return FALSE;
}

/* The point before the end of line @style of the player to move (this turn included). */
static gboolean
previous_point (TkMetromaniaPanel *self,
                guint              style,
                TkMetroPoint      *prev)
{
  JsonArray *path;
  guint n;

  if (self->turn != NULL)
    {
      g_autoptr(GArray) drafted = tk_metromania_turn_segments (self->turn);

      for (guint i = drafted->len; i > 0; i--)
        if (g_array_index (drafted, TkMetromaniaSegment, i - 1).style == style)
          {
            *prev = g_array_index (drafted, TkMetromaniaSegment, i - 1).from;
            return TRUE;
          }
    }
  path = line_path (self, turn_seat (self), style);
  n = path != NULL ? json_array_get_length (path) : 0;
  return n >= 2 && tk_metromania_point_from_json (json_array_get_element (path, n - 2), prev);
}

static void
on_edge_activated (TkMetromaniaPanel *self,
                   TkMetroPoint      *a,
                   TkMetroPoint      *b,
                   TkMetroCell       *cell)
{
  TkMetroPoint end, from, to, prev;
  TkMetromaniaTurn *candidate;
  gboolean leave, meet;

  if (self->tool != TOOL_TUNNEL)
    return;
  if (!can_play (self))
    return;
  if (!current_end (self, self->style, &end))
    {
      /* A line starts at the frame: from the outer corner of a frame triangle inwards. */
      if (!tk_metro_point_in_city (*a) && tk_metro_point_in_city (*b))
        from = *a, to = *b;
      else if (!tk_metro_point_in_city (*b) && tk_metro_point_in_city (*a))
        from = *b, to = *a;
      else
        {
          tk_game_panel_show_message (GTK_WIDGET (self),
                                      _("A line starts at the edge of the board: tap the side "
                                        "of a frame triangle that runs from its outer corner "
                                        "into the city."));
          return;
        }
    }
  else if (tk_metro_point_equal (*a, end))
    from = *a, to = *b;
  else if (tk_metro_point_equal (*b, end))
    from = *b, to = *a;
  else
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("A tunnel goes on from the end of the line (the ringed "
                                    "point): tap a side that starts there."));
      return;
    }
  candidate = candidate_turn (self);
  /* The stations the rules put where lines meet and where a line leaves one it ran beside;
   * when the engine refuses them (no station left), the tunnel goes in without. */
  leave = previous_point (self, self->style, &prev) && tk_metro_point_in_city (from) &&
          !station_at (self, from) && other_line_along (self, self->style, prev, from) &&
          !other_line_along (self, self->style, from, to);
  meet = tk_metro_point_in_city (to) && !station_at (self, to) &&
         other_line_at (self, self->style, to) && !other_line_along (self, self->style, from, to);
  if (leave)
    {
      g_autofree char *name = next_station_name (self, candidate);

      if (!tk_metromania_turn_add_stop (candidate, self->style, from, name))
        tk_metromania_turn_add_stop_at_end (candidate, self->style, from, name);
    }
  tk_metromania_turn_add_tunnel (candidate, self->style, *cell, from, to);
  if (meet)
    {
      g_autofree char *name = next_station_name (self, candidate);

      tk_metromania_turn_add_stop (candidate, self->style, to, name);
    }
  if ((leave || meet) && !check_turn (self, candidate, TRUE))
    {
      tk_metromania_turn_free (candidate);
      candidate = candidate_turn (self);
      tk_metromania_turn_add_tunnel (candidate, self->style, *cell, from, to);
    }
  try_turn (self, candidate);
}

/* The position of @point on the path of line @style of the player to move, this turn's
 * tunnels included, or −1. */
static gint
position_on_line (TkMetromaniaPanel *self,
                  guint              style,
                  TkMetroPoint       point)
{
  JsonArray *path = line_path (self, turn_seat (self), style);
  guint n = path != NULL ? json_array_get_length (path) : 0;

  for (guint k = 1; k < n; k++)
    {
      TkMetroPoint p;
      if (tk_metromania_point_from_json (json_array_get_element (path, k), &p) &&
          tk_metro_point_equal (p, point))
        return (gint) k;
    }
  if (self->turn != NULL)
    {
      g_autoptr(GArray) segments = tk_metromania_turn_segments (self->turn);
      guint k = n > 0 ? n - 1 : 0;

      for (guint i = 0; i < segments->len; i++)
        {
          TkMetromaniaSegment *seg = &g_array_index (segments, TkMetromaniaSegment, i);

          if (seg->style != style)
            continue;
          k++;
          if (tk_metro_point_equal (seg->to, point))
            return (gint) k;
        }
    }
  return -1;
}

static gboolean
finished_this_turn (TkMetromaniaPanel *self,
                    guint              style)
{
  TkMetroPoint end;

  return self->turn != NULL && tk_metromania_turn_line_end (self->turn, style, &end) &&
         !tk_metro_point_in_city (end);
}

static void
on_point_activated (TkMetromaniaPanel *self,
                    TkMetroPoint      *point)
{
  g_autofree char *name = NULL;

  if (self->tool != TOOL_STATION || !can_play (self))
    return;
  name = next_station_name (self, self->turn);

  /* Where a line ends now, before this turn's tunnels of it: a station of this turn. */
  for (guint k = 0; k < 2; k++)
    {
      guint style = k == 0 ? self->style : 1 - self->style;
      TkMetroPoint end, drafted;

      if (g_strcmp0 (line_state (self, turn_seat (self), style), "running") == 0 &&
          current_end (self, style, &end) && tk_metro_point_equal (end, *point) &&
          (self->turn == NULL || !tk_metromania_turn_line_end (self->turn, style, &drafted)))
        {
          TkMetromaniaTurn *candidate = candidate_turn (self);

          tk_metromania_turn_add_stop_at_end (candidate, style, *point, name);
          try_turn (self, candidate);
          return;
        }
    }

  if (self->turn != NULL && !tk_metromania_turn_is_empty (self->turn))
    {
      /* The current line first, then the other one. */
      for (guint k = 0; k < 2; k++)
        {
          guint style = k == 0 ? self->style : 1 - self->style;
          TkMetromaniaTurn *candidate = candidate_turn (self);
          gint at;

          if (tk_metromania_turn_add_stop (candidate, style, *point, name))
            {
              try_turn (self, candidate);
              return;
            }
          tk_metromania_turn_free (candidate);
          /* The bonus station of a line finished this turn, anywhere on it. */
          at = position_on_line (self, style, *point);
          if (finished_this_turn (self, style) && at > 0)
            {
              candidate = candidate_turn (self);
              tk_metromania_turn_set_bonus (candidate, style, (guint) at, *point, name);
              try_turn (self, candidate);
              return;
            }
        }
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("A station this turn goes where a tunnel of this turn "
                                    "ends, or on a line finished this turn (its bonus "
                                    "station)."));
      return;
    }

  /* No tunnel yet: a station between two stations of a line, instead of digging. */
  for (guint k = 0; k < 2; k++)
    {
      guint style = k == 0 ? self->style : 1 - self->style;
      gint at = position_on_line (self, style, *point);

      if (at > 0)
        {
          g_autoptr(JsonObject) action = json_object_new ();

          json_object_set_string_member (action, "type", "station");
          json_object_set_int_member (action, "seat", turn_seat (self));
          json_object_set_string_member (action, "line", style == 0 ? "plain" : "striped");
          json_object_set_int_member (action, "at", at);
          json_object_set_string_member (action, "station", name);
          tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
          return;
        }
    }
  tk_game_panel_show_message (GTK_WIDGET (self),
                              _("Tap a point on a line of the player to move, or dig first."));
}

/* [q, r, "up" | "down"] */
static JsonArray *
cell_json (TkMetroCell cell)
{
  JsonArray *c = json_array_new ();

  json_array_add_int_element (c, cell.q);
  json_array_add_int_element (c, cell.r);
  json_array_add_string_element (c, cell.down ? "down" : "up");
  return c;
}

static JsonArray *
toggled_cells (JsonArray   *cells,
               TkMetroCell  cell)
{
  JsonArray *out = json_array_new ();
  gboolean found = FALSE;

  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      TkMetroCell c;

      if (tk_metromania_cell_from_json (json_array_get_element (cells, i), &c) &&
          tk_metro_cell_equal (c, cell))
        {
          found = TRUE;
          continue;
        }
      json_array_add_element (out, json_node_copy (json_array_get_element (cells, i)));
    }
  if (!found)
    json_array_add_array_element (out, cell_json (cell));
  return out;
}

static char
chosen_letter (TkMetromaniaPanel *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->letter_dropdown);

  return item != NULL ? gtk_string_object_get_string (item)[0] : '\0';
}

/* The printed spaces with the space at @cell added with @kind, or taken away when it is there
 * with that kind (another kind is replaced). */
static JsonArray *
toggled_space (JsonArray   *spaces,
               TkMetroCell  cell,
               const char  *kind)
{
  JsonArray *out = json_array_new ();
  gboolean had = FALSE;

  for (guint i = 0; spaces != NULL && i < json_array_get_length (spaces); i++)
    {
      JsonObject *space = json_array_get_object_element (spaces, i);
      TkMetroCell other;

      if (tk_metromania_cell_from_json (json_object_get_member (space, "cell"), &other) &&
          tk_metro_cell_equal (other, cell))
        {
          had = g_strcmp0 (json_object_get_string_member (space, "kind"), kind) == 0;
          continue;
        }
      json_array_add_object_element (out, json_object_ref (space));
    }
  if (!had)
    {
      JsonObject *space = json_object_new ();

      json_object_set_array_member (space, "cell", cell_json (cell));
      json_object_set_string_member (space, "kind", kind);
      json_array_add_object_element (out, space);
    }
  return out;
}

static void
on_cell_activated (TkMetromaniaPanel *self,
                   TkMetroCell       *cell)
{
  if (self->tool == TOOL_DESTINATION)
    {
      TkMetromaniaTurn *candidate;
      char letter = chosen_letter (self);

      if (!can_play (self))
        return;
      if (letter == '\0')
        {
          tk_game_panel_show_message (GTK_WIDGET (self),
                                      _("The player to move holds no destination marker."));
          return;
        }
      candidate = candidate_turn (self);
      if (!tk_metromania_turn_set_destination (candidate, letter, *cell))
        {
          tk_metromania_turn_free (candidate);
          tk_game_panel_show_message (GTK_WIDGET (self),
                                      _("A destination marker goes on a triangle a tunnel of "
                                        "this turn lies in."));
          return;
        }
      try_turn (self, candidate);
    }
  else if (self->tool == TOOL_SPACE)
    {
      static const char *const kinds[] = { "home", "work", "leisure" };
      JsonObject *board = json_object_get_object_member (self->game, "board");
      g_autoptr(JsonObject) action = json_object_new ();

      json_object_set_string_member (action, "type", "board");
      json_object_set_array_member (action, "spaces",
                                    toggled_space (json_object_has_member (board, "spaces")
                                                   ? json_object_get_array_member (board, "spaces")
                                                   : NULL, *cell,
                                                   kinds[MIN (gtk_drop_down_get_selected (self->kind_dropdown), 2)]));
      tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
    }
  else if (self->tool >= TOOL_LAKE && self->tool <= TOOL_FOREST)
    {
      static const char *const names[] = { "lake", "park", "arrows", "end_arrows", "rivers",
                                           "forests" };
      const char *name = names[self->tool - TOOL_LAKE];
      JsonObject *board = json_object_get_object_member (self->game, "board");
      g_autoptr(JsonObject) action = json_object_new ();

      if ((self->tool == TOOL_ARROW || self->tool == TOOL_END_ARROW) &&
          tk_metro_cell_frame_side (*cell) < 0)
        {
          tk_game_panel_show_message (GTK_WIDGET (self),
                                      _("Arrows are on the frame triangles around the city."));
          return;
        }
      json_object_set_string_member (action, "type", "board");
      json_object_set_array_member (action, name,
                                    toggled_cells (json_object_has_member (board, name)
                                                   ? json_object_get_array_member (board, name)
                                                   : NULL, *cell));
      tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
    }
}

static void
on_done_clicked (TkMetromaniaPanel *self)
{
  g_autoptr(TkMetromaniaTurn) turn = g_steal_pointer (&self->turn);
  g_autoptr(JsonObject) action = NULL;

  if (turn == NULL || tk_metromania_turn_is_empty (turn))
    return;
  action = tk_metromania_turn_to_action (turn);
  /* The turn is out of the panel while the session takes it: its redraw shows the board as
   * committed.  Refused, it comes back as it was. */
  if (!tk_game_panel_apply (GTK_WIDGET (self), self->session, action))
    {
      self->turn = g_steal_pointer (&turn);
      update_turn (self);
    }
}

static void
on_remove_clicked (TkMetromaniaPanel *self)
{
  if (self->turn != NULL)
    tk_metromania_turn_remove_last (self->turn);
  update_turn (self);
}

static void
on_dead_end_clicked (TkMetromaniaPanel *self)
{
  TkMetromaniaTurn *candidate;

  if (!can_play (self))
    return;
  candidate = candidate_turn (self);
  tk_metromania_turn_set_dead_end (candidate, self->style);
  try_turn (self, candidate);
}

static void
on_pass_clicked (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "pass");
  json_object_set_int_member (action, "seat", turn_seat (self));
  tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

/* ---- tools ---- */

static const char *
tool_hint (Tool tool)
{
  switch (tool)
    {
    case TOOL_TUNNEL:
      return _("Tap the side of a triangle where the tunnel tile lies, going on from the ringed "
               "end of the line. A new line starts in a frame triangle at the edge of the "
               "city.");
    case TOOL_STATION:
      return _("Stations where lines meet or part come with the tunnel. Tap to add one where "
               "a tunnel of this turn ends, where a line ends now, on a line just finished (its "
               "bonus station), or, instead of digging, between two stations of a line.");
    case TOOL_DESTINATION:
      return _("Tap a triangle a tunnel of this turn lies in to put the chosen marker on it.");
    case TOOL_LAKE:
      return _("Tap triangles to mark or clear the lake; it can be corrected at any time.");
    case TOOL_PARK:
      return _("Tap triangles to mark or clear the park; it can be corrected at any time.");
    case TOOL_RIVER:
      return _("Tap triangles to mark or clear a river; no tunnel goes there.");
    case TOOL_FOREST:
      return _("Tap triangles to mark or clear a forest; no tunnel goes there.");
    case TOOL_SPACE:
      return _("Tap the triangles printed as destination spaces, of the kind chosen; a station "
               "then scores one point per space it touches.");
    case TOOL_END_ARROW:
      return _("Tap the frame triangles that show a black arrow, where lines end; while none "
               "is entered, the white arrows serve for the ends too.");
    case TOOL_ARROW:
    case N_TOOLS:
    default:
      return _("Tap the frame triangles that show a white arrow, where lines start; while none "
               "is entered, any frame triangle serves as a line’s start or end.");
    }
}

static void
on_save_layout_response (AdwMessageDialog  *dialog,
                         const char        *response,
                         TkMetromaniaPanel *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;
  JsonObject *board;

  if (g_strcmp0 (response, "save") != 0 || *name == '\0' || self->game == NULL)
    return;
  board = json_object_has_member (self->game, "board")
          ? json_object_get_object_member (self->game, "board") : NULL;
  if (!tk_metromania_layouts_save (name, board, &error))
    tk_game_panel_show_message (GTK_WIDGET (self), error->message);
  else
    {
      /* TRANSLATORS: a Metromania board layout was saved under this name */
      g_autofree char *text = g_strdup_printf (_("Layout “%s” saved for new sessions"), name);
      tk_game_panel_show_message (GTK_WIDGET (self), text);
    }
}

/* Asks for a name and keeps the board's printed features under it. */
static void
on_save_layout_clicked (TkMetromaniaPanel *self)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("Save Board Layout"),
                                              _("New sessions can start from this layout of the "
                                                "districts: its lake, park, rivers, forests, "
                                                "arrows and destination spaces."));
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Layout name"));
  gtk_entry_set_max_length (GTK_ENTRY (entry), 60);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_widget_set_name (entry, "layout-name");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_save_layout_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_tool_toggled (GtkToggleButton   *button,
                 TkMetromaniaPanel *self)
{
  static const TkMetromaniaPick picks[N_TOOLS] = {
    TK_METROMANIA_PICK_EDGE, TK_METROMANIA_PICK_POINT, TK_METROMANIA_PICK_CELL,
    TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL,
    TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL,
    TK_METROMANIA_PICK_CELL,
  };

  if (!gtk_toggle_button_get_active (button))
    return;
  for (guint t = 0; t < N_TOOLS; t++)
    if (self->tool_buttons[t] == button)
      self->tool = t;
  tk_metromania_board_view_set_pick (self->board, picks[self->tool]);
  gtk_label_set_text (self->hint_label, tool_hint (self->tool));
  gtk_widget_set_visible (GTK_WIDGET (self->letter_dropdown), self->tool == TOOL_DESTINATION);
  gtk_widget_set_visible (GTK_WIDGET (self->kind_dropdown), self->tool == TOOL_SPACE);
}

static void
on_line_toggled (GtkToggleButton   *button,
                 TkMetromaniaPanel *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->style = button == self->line_buttons[1];
  update_turn (self);
}

static GtkToggleButton *
add_toggle (GtkWidget       *box,
            const char      *label,
            const char      *name,
            GtkToggleButton *group)
{
  GtkWidget *button = gtk_toggle_button_new_with_label (label);

  gtk_widget_set_name (button, name);
  if (group != NULL)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
  gtk_box_append (GTK_BOX (box), button);
  return GTK_TOGGLE_BUTTON (button);
}

/* A group of linked buttons; the tool bar wraps between groups. */
static GtkWidget *
add_group (TkMetromaniaPanel *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  gtk_flow_box_append (self->tool_flow, box);
  return box;
}

static void
build_tools (TkMetromaniaPanel *self)
{
  /* TRANSLATORS: tools of the Metromania board: what a tap puts on the board */
  const char *labels[N_TOOLS] = { C_("metromania tool", "Tunnel"),
                                  C_("metromania tool", "Station"),
                                  C_("metromania tool", "Destination"),
                                  C_("metromania tool", "Lake"),
                                  C_("metromania tool", "Park"),
                                  C_("metromania tool", "White Arrow"),
                                  C_("metromania tool", "Black Arrow"),
                                  C_("metromania tool", "River"),
                                  C_("metromania tool", "Forest"),
                                  C_("metromania tool", "Destination Space") };
  static const char *const names[N_TOOLS] = { "tool-tunnel", "tool-station",
                                              "tool-destination", "tool-lake", "tool-park",
                                              "tool-arrow", "tool-end-arrow", "tool-river",
                                              "tool-forest", "tool-space" };

  GtkWidget *lines = add_group (self);
  GtkWidget *groups[5];

  self->line_buttons[0] = add_toggle (lines, _("Plain Line"), "line-plain", NULL);
  self->line_buttons[1] = add_toggle (lines, _("Striped Line"), "line-striped",
                                      self->line_buttons[0]);
  groups[0] = add_group (self);
  groups[1] = add_group (self);
  groups[2] = add_group (self);     /* the arrows apart: four linked buttons do not fit 360 px */
  groups[3] = add_group (self);
  groups[4] = add_group (self);
  gtk_toggle_button_set_active (self->line_buttons[0], TRUE);
  for (guint l = 0; l < 2; l++)
    g_signal_connect (self->line_buttons[l], "toggled", G_CALLBACK (on_line_toggled), self);

  for (guint t = 0; t < N_TOOLS; t++)
    {
      /* Tunnel/Station/Destination; Lake/Park; the arrows; River/Forest; Destination Space
       * (linked groups that each fit 360 px). */
      guint group = t < TOOL_LAKE ? 0 : t < TOOL_ARROW ? 1 : t < TOOL_RIVER ? 2
                    : t < TOOL_SPACE ? 3 : 4;

      self->tool_buttons[t] = add_toggle (groups[group], labels[t], names[t],
                                          t > 0 ? self->tool_buttons[0] : NULL);
      g_signal_connect (self->tool_buttons[t], "toggled", G_CALLBACK (on_tool_toggled), self);
    }
  self->letter_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (gtk_string_list_new (NULL)),
                                                            NULL));
  gtk_widget_set_name (GTK_WIDGET (self->letter_dropdown), "destination-letter");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->letter_dropdown),
                               _("The destination marker to place"));
  gtk_flow_box_append (self->tool_flow, GTK_WIDGET (self->letter_dropdown));
  {
    /* TRANSLATORS: the three kinds of Metromania destinations */
    const char *const kinds[] = { C_("metromania kind", "Home"), C_("metromania kind", "Work"),
                                  C_("metromania kind", "Leisure"), NULL };

    self->kind_dropdown = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (kinds));
    gtk_widget_set_name (GTK_WIDGET (self->kind_dropdown), "space-kind");
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->kind_dropdown),
                                 _("The kind of destination space printed there"));
    gtk_flow_box_append (self->tool_flow, GTK_WIDGET (self->kind_dropdown));
  }
  {
    GtkWidget *save = gtk_button_new_with_label (_("Save Layout…"));

    gtk_widget_set_name (save, "save-layout");
    gtk_widget_set_tooltip_text (save, _("Keep the lake, the park, rivers, forests, arrows and "
                                         "destination spaces for later sessions"));
    g_signal_connect_swapped (save, "clicked", G_CALLBACK (on_save_layout_clicked), self);
    gtk_flow_box_append (self->tool_flow, save);
  }
  gtk_toggle_button_set_active (self->tool_buttons[TOOL_TUNNEL], TRUE);
  on_tool_toggled (self->tool_buttons[TOOL_TUNNEL], self);
}

/* ---- the deal ---- */

static void
on_deal_clicked (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();
  JsonArray *deal = json_array_new ();

  for (guint m = 0; m < N_MARKERS; m++)
    {
      JsonObject *marker = json_object_new ();
      char letter[2] = { 'A' + m / 2, '\0' };

      json_object_set_string_member (marker, "letter", letter);
      json_object_set_string_member (marker, "kind",
                                     kind_ids[gtk_drop_down_get_selected (self->deal_kind[m]) % 3]);
      json_object_set_int_member (marker, "owner", gtk_drop_down_get_selected (self->deal_owner[m]));
      json_array_add_object_element (deal, marker);
    }
  json_object_set_string_member (action, "type", "deal");
  json_object_set_array_member (action, "destinations", deal);
  tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

static void
build_deal (TkMetromaniaPanel *self)
{
  guint n = n_players (self);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) owners = gtk_string_list_new (NULL);
  /* A starting deal that follows the rules (in a 4-player game each player gets one marker
   * of each kind); the players change it to what they were dealt. */
  static const guint pair_kinds[6][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 0, 1 }, { 1, 2 },
                                          { 2, 0 } };

  for (guint k = 0; k < G_N_ELEMENTS (kind_ids); k++)
    gtk_string_list_append (kinds, kind_label (kind_ids[k]));
  for (guint s = 0; s < n; s++)
    gtk_string_list_append (owners, tk_rules_setup_player_name (tk_session_get_setup (self->session), s));

  for (guint m = 0; m < N_MARKERS; m++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      g_autofree char *title = g_strdup_printf ("%c", 'A' + m / 2);
      GtkWidget *label = gtk_label_new (title);
      g_autofree char *owner_name = g_strdup_printf ("deal-owner-%u", m);
      g_autofree char *kind_name = g_strdup_printf ("deal-kind-%u", m);
      guint letter = m / 2, second = m % 2;

      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (box), label);
      self->deal_owner[m] = GTK_DROP_DOWN (gtk_drop_down_new (g_object_ref (G_LIST_MODEL (owners)), NULL));
      self->deal_kind[m] = GTK_DROP_DOWN (gtk_drop_down_new (g_object_ref (G_LIST_MODEL (kinds)), NULL));
      gtk_widget_set_name (GTK_WIDGET (self->deal_owner[m]), owner_name);
      gtk_widget_set_name (GTK_WIDGET (self->deal_kind[m]), kind_name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->deal_owner[m]), _("Holder"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->deal_kind[m]), _("Kind"));
      gtk_drop_down_set_selected (self->deal_owner[m], (2 * letter + second) % MAX (n, 1));
      gtk_drop_down_set_selected (self->deal_kind[m], pair_kinds[letter][second]);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->deal_owner[m]));
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->deal_kind[m]));
      gtk_widget_add_css_class (box, "card");
      gtk_widget_add_css_class (box, "tk-metromania-marker");
      gtk_flow_box_append (self->deal_flow, box);
    }
}

/* ---- showing the state ---- */

static void
update_turn (TkMetromaniaPanel *self)
{
  g_autoptr(GArray) segments = NULL;
  g_autoptr(GArray) stations = NULL;
  TkMetroPoint end;
  guint n = self->turn != NULL ? tk_metromania_turn_n_tunnels (self->turn) : 0;
  gboolean empty = self->turn == NULL || tk_metromania_turn_is_empty (self->turn);
  gboolean playing = dealt (self) && !game_over (self);
  gboolean can_dig = FALSE;
  g_autofree char *text = NULL;

  if (self->turn != NULL)
    {
      segments = tk_metromania_turn_segments (self->turn);
      stations = tk_metromania_turn_station_points (self->turn);
      tk_metromania_board_view_set_draft (self->board, (TkMetromaniaSegment *) segments->data,
                                          segments->len, (TkMetroPoint *) stations->data,
                                          stations->len);
    }
  else
    tk_metromania_board_view_set_draft (self->board, NULL, 0, NULL, 0);

  /* The ring shows where the line goes on: not on a finished or blocked line. */
  if (playing && current_end (self, self->style, &end) && tk_metro_point_in_city (end) &&
      (g_strcmp0 (line_state (self, turn_seat (self), self->style), "running") == 0 ||
       (self->turn != NULL && tk_metromania_turn_line_end (self->turn, self->style, &end))))
    tk_metromania_board_view_set_line_end (self->board, &end);
  else
    tk_metromania_board_view_set_line_end (self->board, NULL);

  for (guint l = 0; l < 2 && playing; l++)
    {
      const char *state = line_state (self, turn_seat (self), l);
      can_dig |= g_strcmp0 (state, "unstarted") == 0 || g_strcmp0 (state, "running") == 0;
    }

  if (!playing)
    text = g_strdup ("");
  else if (empty)
    text = g_strdup (_("Nothing entered yet this turn"));
  else if (entry_mode (self))
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tunnel entered",
                                         "%u tunnels entered", n), n);
  else
    /* TRANSLATORS: the tunnels of the turn being entered, of the 3 a turn digs */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of 3 tunnels this turn",
                                         "%u of 3 tunnels this turn", n), n);
  gtk_label_set_text (self->turn_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->remove_button), !empty);
  gtk_widget_set_sensitive (GTK_WIDGET (self->done_button), !empty && playing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->dead_end_button),
                            playing && g_strcmp0 (line_state (self, turn_seat (self), self->style),
                                                  "running") == 0);
  /* The button's slot in the flow box, so a hidden Pass leaves no gap. */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->pass_button)),
                          playing && !can_dig);
}

static void
update_status (TkMetromaniaPanel *self)
{
  JsonObject *rules = json_object_get_object_member (self->game, "rules");
  JsonArray *stations = game_array (self, "stations");
  guint done = 0;
  gint64 final_turns = json_object_get_int_member (self->game, "final_turns");
  const char *name = tk_rules_setup_player_name (tk_session_get_setup (self->session),
                                                 turn_seat (self));
  g_autofree char *status = NULL;
  g_autofree char *ends = NULL;

  for (guint s = 0; s < n_players (self); s++)
    for (guint l = 0; l < 2; l++)
      done += g_strcmp0 (line_state (self, s, l), "finished") == 0 ||
              g_strcmp0 (line_state (self, s, l), "dead_end") == 0;

  if (!dealt (self))
    status = g_strdup (_("Deal the destination markers"));
  else if (game_over (self))
    status = g_strdup (_("The building is over: the test trips below are final"));
  else if (final_turns > 0)
    /* TRANSLATORS: "Last round: Ben to dig, 2 turns left" */
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Last round: %s to dig, %d turn left",
                                           "Last round: %s to dig, %d turns left",
                                           final_turns), name, (int) final_turns);
  else if (entry_mode (self))
    /* TRANSLATORS: entering a board after the game, "Entering the finished board: Ana’s lines" */
    status = g_strdup_printf (_("Entering the finished board: %s’s lines"), name);
  else
    status = g_strdup_printf (_("%s to dig"), name);
  gtk_label_set_text (self->status_label, status);

  /* TRANSLATORS: the end conditions with the counts so far */
  ends = g_strdup_printf (_("The building ends when a player finishes both lines, the last "
                            "station is built (%u of %d) or %d lines are finished or at a "
                            "dead end (%u so far); the others then dig once more."),
                          stations != NULL ? json_array_get_length (stations) : 0,
                          (int) json_object_get_int_member (rules, "stations"),
                          (int) json_object_get_int_member (rules, "end_lines"), done);
  gtk_label_set_text (self->end_label, ends);
  /* A board entered afterwards ends when the players say it is complete. */
  gtk_widget_set_visible (GTK_WIDGET (self->end_label), !entry_mode (self));
}

static void
update_first (TkMetromaniaPanel *self)
{
  gboolean entry = entry_mode (self);
  gboolean show = dealt (self) && (nobody_started (self) || entry) && !game_over (self) &&
                  board_mode (self);

  gtk_widget_set_visible (self->first_box, show);
  /* Entering a finished board, the dropdown says whose lines are being entered. */
  gtk_label_set_text (self->first_label, entry ? _("Entering the lines of") : _("Digs first"));
  gtk_widget_set_visible (self->complete_button, entry);
  /* The model stays (the players do not change): this may run inside the dropdown's own
   * selection change. */
  if (show && gtk_drop_down_get_selected (self->first_dropdown) != turn_seat (self))
    gtk_drop_down_set_selected (self->first_dropdown, turn_seat (self));
}

static void
on_complete_clicked (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "board_done");
  tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

static void
on_first_selected (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = NULL;
  guint seat = gtk_drop_down_get_selected (self->first_dropdown);

  if (self->refreshing || seat == GTK_INVALID_LIST_POSITION || seat == turn_seat (self))
    return;
  action = json_object_new ();
  json_object_set_string_member (action, "type", "first_turn");
  json_object_set_int_member (action, "seat", seat);
  tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

static void
update_letters (TkMetromaniaPanel *self)
{
  JsonArray *markers = game_array (self, "destinations");
  g_autoptr(GtkStringList) letters = gtk_string_list_new (NULL);

  for (guint i = 0; markers != NULL && i < json_array_get_length (markers); i++)
    {
      JsonObject *marker = json_array_get_object_element (markers, i);

      if (json_object_get_int_member (marker, "owner") == turn_seat (self) &&
          !json_object_get_boolean_member (marker, "placed"))
        {
          /* TRANSLATORS: a destination marker in the list: "A · home" */
          g_autofree char *text = g_strdup_printf (_("%s · %s"),
                                                   json_object_get_string_member (marker, "letter"),
                                                   kind_label (json_object_get_string_member (marker, "kind")));
          gtk_string_list_append (letters, text);
        }
    }
  gtk_drop_down_set_model (self->letter_dropdown, G_LIST_MODEL (letters));
}

static char *
markers_text (TkMetromaniaPanel *self,
              guint              seat,
              gboolean           placed)
{
  JsonArray *markers = game_array (self, "destinations");
  GString *text = g_string_new (NULL);

  for (guint i = 0; markers != NULL && i < json_array_get_length (markers); i++)
    {
      JsonObject *marker = json_array_get_object_element (markers, i);

      if (json_object_get_int_member (marker, "owner") != seat ||
          json_object_get_boolean_member (marker, "placed") != placed)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, _("%s · %s"), json_object_get_string_member (marker, "letter"),
                              kind_label (json_object_get_string_member (marker, "kind")));
    }
  if (text->len == 0)
    g_string_append (text, C_("markers", "none"));
  return g_string_free (text, FALSE);
}

static char *
line_text (TkMetromaniaPanel *self,
           guint              seat,
           guint              style)
{
  JsonObject *line = line_json (self, seat, style);
  JsonObject *rules = json_object_get_object_member (self->game, "rules");
  const char *state = line_state (self, seat, style);
  gint64 tunnels = line != NULL ? json_object_get_int_member (line, "tunnels") : 0;
  gint64 left = json_object_get_int_member (rules, "tunnels_per_line") - tunnels;
  const char *what;

  if (g_strcmp0 (state, "finished") == 0)
    what = _("finished");
  else if (g_strcmp0 (state, "dead_end") == 0)
    what = _("dead end");
  else if (g_strcmp0 (state, "running") == 0)
    what = _("running");
  else
    what = _("not started");
  /* TRANSLATORS: "Plain line: running, 11 tunnels left" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s, %d tunnel left",
                                       "%s: %s, %d tunnels left", left),
                          style == 0 ? _("Plain line") : _("Striped line"), what, (int) left);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  GdkRGBA *rgba = data;

  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

static GtkWidget *
dim_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  return label;
}

static void
update_players (TkMetromaniaPanel *self,
                JsonObject        *score)
{
  JsonArray *players = json_object_get_array_member (score, "players");
  JsonArray *stations = game_array (self, "stations");
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_flow))) != NULL)
    gtk_flow_box_remove (self->players_flow, child);

  for (guint s = 0; s < n_players (self); s++)
    {
      JsonObject *player = json_array_get_object_element (players, s);
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *name = gtk_label_new (json_object_get_string_member (player, "name"));
      g_autofree char *total_text = g_strdup_printf ("%" PRId64,
                                                     json_object_get_int_member (player, "total"));
      GtkWidget *total = gtk_label_new (total_text);
      const char *colour = tk_rules_setup_player_colour (tk_session_get_setup (self->session), s);
      GdkRGBA *rgba = g_new0 (GdkRGBA, 1);
      guint built = 0, points = 0;
      g_autofree char *plain = line_text (self, s, 0);
      g_autofree char *striped = line_text (self, s, 1);
      g_autofree char *hand = markers_text (self, s, FALSE);
      g_autofree char *placed = markers_text (self, s, TRUE);
      g_autofree char *stations_text = NULL;
      g_autofree char *hand_text = NULL;
      g_autofree char *placed_text = NULL;
      g_autofree char *widget_name = g_strdup_printf ("player-%u", s);

      if (colour == NULL || !gdk_rgba_parse (rgba, colour))
        gdk_rgba_parse (rgba, tk_rules_seat_colour (s));
      gtk_widget_set_size_request (swatch, 14, 14);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, rgba, g_free);
      gtk_label_set_use_markup (GTK_LABEL (name), FALSE);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_widget_add_css_class (total, "title-3");
      gtk_widget_add_css_class (total, "numeric");
      gtk_widget_set_name (total, "total");
      gtk_box_append (GTK_BOX (header), swatch);
      gtk_box_append (GTK_BOX (header), name);
      gtk_box_append (GTK_BOX (header), total);
      gtk_box_append (GTK_BOX (card), header);

      for (guint i = 0; stations != NULL && i < json_array_get_length (stations); i++)
        {
          JsonObject *station = json_array_get_object_element (stations, i);
          JsonNode *by = json_object_get_member (station, "built_by");

          if (by != NULL && !JSON_NODE_HOLDS_NULL (by) && json_node_get_int (by) == s)
            {
              built++;
              points += json_object_get_int_member (station, "points");
            }
        }
      /* TRANSLATORS: "Stations: 3 built, 2 points" */
      stations_text = g_strdup_printf (_("Stations: %u built, %u points"), built, points);
      hand_text = g_strdup_printf (_("In hand: %s"), hand);
      placed_text = g_strdup_printf (_("Placed: %s"), placed);
      gtk_box_append (GTK_BOX (card), dim_label (plain));
      gtk_box_append (GTK_BOX (card), dim_label (striped));
      gtk_box_append (GTK_BOX (card), dim_label (stations_text));
      gtk_box_append (GTK_BOX (card), dim_label (hand_text));
      gtk_box_append (GTK_BOX (card), dim_label (placed_text));
      {
        /* The categories that count, as the engine names them: why the total is what it is
         * (station points after halving, each trip, the lake–park bonus). */
        JsonArray *rows = json_object_get_array_member (player, "breakdown");
        g_autoptr(GString) parts = g_string_new (NULL);

        for (guint r = 0; rows != NULL && r < json_array_get_length (rows); r++)
          {
            JsonObject *row = json_array_get_object_element (rows, r);
            gint64 value = json_object_get_int_member (row, "points");

            if (value == 0)
              continue;
            if (parts->len > 0)
              g_string_append (parts, _(", "));
            g_string_append_printf (parts, _("%s\u00a0%+d"),
                                    json_object_get_string_member (row, "label"), (int) value);
          }
        if (parts->len > 0)
          {
            g_autofree char *breakdown = g_strdup_printf (_("%s: %s"), _("Score"), parts->str);
            GtkWidget *label = dim_label (breakdown);

            gtk_widget_set_name (label, "breakdown");
            gtk_box_append (GTK_BOX (card), label);
          }
      }

      gtk_widget_set_name (card, widget_name);
      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-metromania-player");
      if (s == turn_seat (self) && dealt (self) && !game_over (self))
        gtk_widget_add_css_class (card, "tk-metromania-current");
      gtk_flow_box_append (self->players_flow, card);
    }
}

static char *
trip_title (const char *trip)
{
  if (g_strcmp0 (trip, "lake-park") == 0)
    return g_strdup (_("Lake–park"));
  /* TRANSLATORS: a test trip between the two destination markers of a letter */
  return g_strdup_printf (_("Trip %s"), trip);
}

static char *
trip_subtitle (TkMetromaniaPanel *self,
               JsonObject        *trip)
{
  const char *failure = json_object_get_string_member_with_default (trip, "failure", NULL);
  JsonArray *scorers = json_object_get_array_member (trip, "scorers");
  GString *text = g_string_new (NULL);

  if (failure == NULL)
    {
      gint64 time = json_object_get_int_member (trip, "time");
      gint64 routes = json_object_get_int_member (trip, "n_routes");

      if (time == 0)
        g_string_append (text, _("0 min: a station touches both ends, nobody rides"));
      else
        /* TRANSLATORS: "9 min, 2 fastest routes" */
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d min, %d fastest route",
                                                   "%d min, %d fastest routes", routes),
                                (int) time, (int) routes);
    }
  else if (g_str_equal (failure, "not_placed"))
    g_string_append (text, _("Impossible: a destination is still in hand"));
  else if (g_str_equal (failure, "no_station"))
    g_string_append (text, _("Impossible: no station beside an end"));
  else if (g_str_equal (failure, "no_deal"))
    g_string_append (text, _("Not dealt"));
  else
    g_string_append (text, _("Impossible: the ends are not connected"));

  for (guint i = 0; scorers != NULL && i < json_array_get_length (scorers); i++)
    {
      JsonObject *entry = json_array_get_object_element (scorers, i);
      guint seat = json_object_get_int_member (entry, "seat");

      g_string_append (text, i == 0 ? " — " : ", ");
      /* TRANSLATORS: a trip's scorer: "Ana +6"; the space is a no-break space, so that a
       * name and its points stay on one line */
      g_string_append_printf (text, _("%s\u00a0%+d"),
                              tk_rules_setup_player_name (tk_session_get_setup (self->session),
                                                          seat),
                              (int) json_object_get_int_member (entry, "points"));
    }
  return g_string_free (text, FALSE);
}

/* The selected trip's fastest routes in words, as the engine names them. */
static void
update_route_text (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) score = NULL;
  JsonArray *trips, *routes, *scorers;
  GString *text;

  if (self->selected_trip < 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->route_label), FALSE);
      return;
    }
  score = tk_session_score (self->session);
  trips = json_object_get_array_member (score, "trips");
  if (trips == NULL || (guint) self->selected_trip >= json_array_get_length (trips))
    return;
  routes = json_object_get_array_member (json_array_get_object_element (trips,
                                                                        self->selected_trip),
                                         "routes");
  scorers = json_object_get_array_member (json_array_get_object_element (trips,
                                                                         self->selected_trip),
                                          "scorers");
  text = g_string_new (NULL);
  for (guint i = 0; routes != NULL && i < json_array_get_length (routes); i++)
    {
      const char *route = json_array_get_string_element (routes, i);

      if (*route == '\0')
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, route);
    }
  /* Then why each player scored or paid: "Ben +3: rode the fastest route". */
  for (guint i = 0; scorers != NULL && i < json_array_get_length (scorers); i++)
    {
      JsonObject *entry = json_array_get_object_element (scorers, i);
      g_autofree char *who = g_strdup_printf (_("%s\u00a0%+d"),
                                              tk_rules_setup_player_name (
                                                tk_session_get_setup (self->session),
                                                json_object_get_int_member (entry, "seat")),
                                              (int) json_object_get_int_member (entry, "points"));

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s: %s"), who,
                              json_object_get_string_member (entry, "reason"));
    }
  gtk_label_set_text (self->route_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->route_label), text->len > 0);
  g_string_free (text, TRUE);
}

static void
update_highlight (TkMetromaniaPanel *self)
{
  g_autoptr(GArray) segments = NULL;

  update_route_text (self);

  if (self->selected_trip < 0 || !board_mode (self))
    {
      tk_metromania_board_view_set_highlight (self->board, NULL, 0);
      return;
    }
  segments = tk_metromania_route_segments (self->game, (guint) self->selected_trip);
  tk_metromania_board_view_set_highlight (self->board, (TkMetromaniaSegment *) segments->data,
                                          segments->len);
}

static void
on_trip_selected (GtkListBox        *list,
                  GtkListBoxRow     *row,
                  TkMetromaniaPanel *self)
{
  /* Rows go while the list is rebuilt or disposed: that is not the player's choice. */
  if (self->refreshing || self->board == NULL)
    return;
  self->selected_trip = row != NULL ? gtk_list_box_row_get_index (row) : -1;
  update_highlight (self);
}

static void
update_trips (TkMetromaniaPanel *self,
              JsonObject        *score)
{
  JsonArray *trips = json_object_get_array_member (score, "trips");
  JsonArray *warnings = json_object_get_array_member (score, "warnings");
  GString *warning_text = g_string_new (NULL);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->trips_list))) != NULL)
    gtk_list_box_remove (self->trips_list, child);
  for (guint i = 0; trips != NULL && i < json_array_get_length (trips); i++)
    {
      JsonObject *trip = json_array_get_object_element (trips, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = trip_title (json_object_get_string_member (trip, "trip"));
      g_autofree char *subtitle = trip_subtitle (self, trip);
      g_autofree char *name = g_strdup_printf ("trip-%s", json_object_get_string_member (trip, "trip"));

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_name (row, name);
      gtk_list_box_append (self->trips_list, row);
      if ((gint) i == self->selected_trip)
        gtk_list_box_select_row (self->trips_list, GTK_LIST_BOX_ROW (row));
    }

  for (guint i = 0; warnings != NULL && i < json_array_get_length (warnings); i++)
    {
      if (warning_text->len > 0)
        g_string_append_c (warning_text, '\n');
      g_string_append (warning_text, json_array_get_string_element (warnings, i));
    }
  gtk_label_set_text (self->warnings_label, warning_text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_label), warning_text->len > 0);
  g_string_free (warning_text, TRUE);
}

static void
refresh (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) json = tk_session_to_json (self->session);
  g_autoptr(JsonObject) score = tk_session_score (self->session);

  self->refreshing = TRUE;
  g_clear_pointer (&self->game, json_object_unref);
  self->game = json_object_ref (json_object_get_object_member (json, "game"));
  rebuild_check_state (self);

  /* A turn being entered survives a change only while it still fits (an undo elsewhere, a
   * correction of the lake). */
  if (self->turn != NULL &&
      (tk_metromania_turn_get_seat (self->turn) != turn_seat (self) ||
       !check_turn (self, self->turn, TRUE)))
    g_clear_pointer (&self->turn, tk_metromania_turn_free);

  gtk_widget_set_visible (self->deal_box, !dealt (self));
  gtk_widget_set_visible (self->board_box, board_mode (self));
  gtk_widget_set_visible (GTK_WIDGET (self->tool_flow), dealt (self) && !game_over (self));
  gtk_widget_set_visible (self->turn_flow, dealt (self) && !game_over (self));
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), dealt (self) && !game_over (self));
  gtk_widget_set_visible (GTK_WIDGET (self->plain_label), !board_mode (self));
  update_status (self);
  update_first (self);
  update_letters (self);
  tk_metromania_board_view_set_game (self->board, self->game,
                                     tk_session_get_setup (self->session));
  update_turn (self);
  update_players (self, score);
  update_trips (self, score);
  update_highlight (self);
  self->refreshing = FALSE;
}

/* ---- object ---- */

static void
tk_metromania_panel_constructed (GObject *object)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (object);

  G_OBJECT_CLASS (tk_metromania_panel_parent_class)->constructed (object);

  build_tools (self);
  build_deal (self);
  {
    g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

    for (guint s = 0; s < n_players (self); s++)
      gtk_string_list_append (names, tk_rules_setup_player_name (tk_session_get_setup (self->session), s));
    self->refreshing = TRUE;
    gtk_drop_down_set_model (self->first_dropdown, G_LIST_MODEL (names));
    self->refreshing = FALSE;
  }
  g_signal_connect_object (self->session, "changed", G_CALLBACK (refresh), self,
                           G_CONNECT_SWAPPED);
  refresh (self);
}

static void
tk_metromania_panel_dispose (GObject *object)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (object);

  g_clear_handle_id (&self->layout_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_METROMANIA_PANEL);
  if (self->check_state != NULL && self->session != NULL)
    tk_session_get_rules (self->session)->state_free (self->check_state);
  self->check_state = NULL;
  g_clear_pointer (&self->turn, tk_metromania_turn_free);
  g_clear_pointer (&self->game, json_object_unref);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (tk_metromania_panel_parent_class)->dispose (object);
}

static void
tk_metromania_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metromania_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
on_zoom_in (TkMetromaniaPanel *self)
{
  tk_metromania_board_view_set_zoom (self->board,
                                     tk_metromania_board_view_get_zoom (self->board) * 1.25);
}

static void
on_zoom_out (TkMetromaniaPanel *self)
{
  tk_metromania_board_view_set_zoom (self->board,
                                     tk_metromania_board_view_get_zoom (self->board) * 0.8);
}

/* Side by side only when there is a board to put the trips beside. */
static gboolean
wants_wide (TkMetromaniaPanel *self,
            int                width)
{
  return width >= WIDE_WIDTH && self->board_box != NULL &&
         gtk_widget_get_visible (self->board_box);
}

/* Wide: the board with the trips and players in a column beside it; narrow: one column. */
static void
apply_layout (gpointer data)
{
  TkMetromaniaPanel *self = data;

  self->layout_idle = 0;
  self->wide = wants_wide (self, gtk_widget_get_width (GTK_WIDGET (self)));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main_box),
                                  self->wide ? GTK_ORIENTATION_HORIZONTAL
                                             : GTK_ORIENTATION_VERTICAL);
  adw_clamp_set_maximum_size (self->side_clamp, self->wide ? 340 : 2000);
  adw_clamp_set_tightening_threshold (self->side_clamp, self->wide ? 340 : 2000);
}

static void
tk_metromania_panel_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (widget);

  /* The orientation cannot change in the middle of an allocation: on the next idle. */
  if (wants_wide (self, width) != self->wide && self->layout_idle == 0)
    self->layout_idle = g_idle_add_once (apply_layout, self);
  if (adw_bin_get_child (ADW_BIN (widget)) != NULL)
    gtk_widget_allocate (adw_bin_get_child (ADW_BIN (widget)), width, height, baseline, NULL);
}

/* The panel sizes its child itself (no layout manager), so that it sees its width. */
static void
tk_metromania_panel_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  *minimum = *natural = 0;
  if (child != NULL)
    gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                        natural_baseline);
}

static GtkSizeRequestMode
tk_metromania_panel_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tk_metromania_panel_class_init (TkMetromaniaPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tk_metromania_panel_constructed;
  object_class->dispose = tk_metromania_panel_dispose;
  object_class->get_property = tk_metromania_panel_get_property;
  object_class->set_property = tk_metromania_panel_set_property;
  widget_class->size_allocate = tk_metromania_panel_size_allocate;
  widget_class->measure = tk_metromania_panel_measure;
  widget_class->get_request_mode = tk_metromania_panel_get_request_mode;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_METROMANIA_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, end_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, first_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, first_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, first_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, deal_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, deal_flow);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, deal_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, plain_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, board_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, main_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, side_clamp);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, turn_flow);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, tool_flow);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, board);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, zoom_in_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, zoom_out_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, remove_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, dead_end_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, pass_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, turn_buttons);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, done_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, players_flow);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, trips_list);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, warnings_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, route_label);
}

static void
tk_metromania_panel_init (TkMetromaniaPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);

  self->selected_trip = -1;
  self->complete_button = gtk_button_new_with_label (_("Board Complete"));
  gtk_widget_set_name (self->complete_button, "board-complete");
  gtk_widget_set_tooltip_text (self->complete_button,
                               _("Every line, station and marker is entered: time the test "
                                 "trips"));
  gtk_widget_add_css_class (self->complete_button, "suggested-action");
  g_signal_connect_swapped (self->complete_button, "clicked",
                            G_CALLBACK (on_complete_clicked), self);
  gtk_box_append (GTK_BOX (self->first_box), self->complete_button);
  /* Tab goes from button to button, not to the flow box's slots around them. */
  for (GtkWidget *slot = gtk_widget_get_first_child (GTK_WIDGET (self->turn_buttons));
       slot != NULL; slot = gtk_widget_get_next_sibling (slot))
    gtk_widget_set_focusable (slot, FALSE);
  g_signal_connect_swapped (self->board, "edge-activated", G_CALLBACK (on_edge_activated), self);
  g_signal_connect_swapped (self->board, "point-activated", G_CALLBACK (on_point_activated),
                            self);
  g_signal_connect_swapped (self->board, "cell-activated", G_CALLBACK (on_cell_activated), self);
  g_signal_connect_swapped (self->zoom_in_button, "clicked", G_CALLBACK (on_zoom_in), self);
  g_signal_connect_swapped (self->zoom_out_button, "clicked", G_CALLBACK (on_zoom_out), self);
  g_signal_connect_swapped (self->done_button, "clicked", G_CALLBACK (on_done_clicked), self);
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (on_remove_clicked), self);
  g_signal_connect_swapped (self->dead_end_button, "clicked", G_CALLBACK (on_dead_end_clicked),
                            self);
  g_signal_connect_swapped (self->pass_button, "clicked", G_CALLBACK (on_pass_clicked), self);
  g_signal_connect_swapped (self->deal_button, "clicked", G_CALLBACK (on_deal_clicked), self);
  g_signal_connect_swapped (self->first_dropdown, "notify::selected",
                            G_CALLBACK (on_first_selected), self);
  g_signal_connect (self->trips_list, "row-selected", G_CALLBACK (on_trip_selected), self);
}
