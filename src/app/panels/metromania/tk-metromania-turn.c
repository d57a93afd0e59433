/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-turn.c — a turn being entered, and the "dig" action it makes.
 *
 * The turn is a list of entries in the order the player made them.  The engine reads a dig as
 * steps, each on one line, in the order tunnels → destination → station at the end → end of
 * line; so a station reached in the middle of a turn closes its step and the next tunnel
 * opens another one (that is how a line turns sharply at a station built this turn).
 */
#define G_LOG_DOMAIN "tk-metromania-turn"

#include "config.h"

#include "tk-metromania-turn.h"

typedef enum
{
  ENTRY_TUNNEL,
  ENTRY_STOP,
  ENTRY_DESTINATION,
  ENTRY_BONUS,
  ENTRY_DEAD_END,
} EntryKind;

typedef struct
{
  EntryKind    kind;
  guint        style;
  TkMetroCell  cell;
  TkMetroPoint from;
  TkMetroPoint to;        /* a tunnel's end; a station's point */
  char         letter;
  guint        at;
  char        *name;
  gboolean     alone;     /* a station with no tunnel of this turn before it */
} Entry;

struct _TkMetromaniaTurn
{
  guint   seat;
  GArray *entries;        /* of Entry */
  GArray *stations;       /* of TkMetroNewStation: what the engine said the turn adds */
};

static const char *const style_names[] = { "plain", "striped" };

static void
entry_clear (gpointer data)
{
  g_free (((Entry *) data)->name);
}

TkMetromaniaTurn *
tk_metromania_turn_new (guint seat)
{
  TkMetromaniaTurn *self = g_new0 (TkMetromaniaTurn, 1);

  self->seat = seat;
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (self->entries, entry_clear);
  self->stations = g_array_new (FALSE, TRUE, sizeof (TkMetroNewStation));
  return self;
}

TkMetromaniaTurn *
tk_metromania_turn_copy (TkMetromaniaTurn *self)
{
  TkMetromaniaTurn *copy = tk_metromania_turn_new (self->seat);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry entry = g_array_index (self->entries, Entry, i);
      entry.name = g_strdup (entry.name);
      g_array_append_val (copy->entries, entry);
    }
  g_array_append_vals (copy->stations, self->stations->data, self->stations->len);
  return copy;
}

void
tk_metromania_turn_free (TkMetromaniaTurn *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_array_unref (self->stations);
  g_free (self);
}

guint
tk_metromania_turn_get_seat (TkMetromaniaTurn *self)
{
  return self->seat;
}

gboolean
tk_metromania_turn_is_empty (TkMetromaniaTurn *self)
{
  return self->entries->len == 0;
}

guint
tk_metromania_turn_n_tunnels (TkMetromaniaTurn *self)
{
  guint n = 0;

  for (guint i = 0; i < self->entries->len; i++)
    n += g_array_index (self->entries, Entry, i).kind == ENTRY_TUNNEL;
  return n;
}

void
tk_metromania_turn_add_tunnel (TkMetromaniaTurn *self,
                               guint             style,
                               TkMetroCell       cell,
                               TkMetroPoint      from,
                               TkMetroPoint      to)
{
  Entry entry = { ENTRY_TUNNEL, style, cell, from, to };

  g_array_append_val (self->entries, entry);
}

gboolean
tk_metromania_turn_add_stop (TkMetromaniaTurn *self,
                             guint             style,
                             TkMetroPoint      point,
                             const char       *name)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *tunnel = &g_array_index (self->entries, Entry, i);

      if (tunnel->kind == ENTRY_TUNNEL && tunnel->style == style &&
          tk_metro_point_equal (tunnel->to, point))
        {
          Entry entry = { ENTRY_STOP, style, tunnel->cell, point, point };

          /* Right after the tunnel that reaches it, wherever the player taps it. */
          if (i + 1 < self->entries->len &&
              g_array_index (self->entries, Entry, i + 1).kind == ENTRY_STOP)
            return FALSE;
          entry.name = g_strdup (name);
          g_array_insert_val (self->entries, i + 1, entry);
          return TRUE;
        }
    }
  return FALSE;
}

void
tk_metromania_turn_add_stop_at_end (TkMetromaniaTurn *self,
                                    guint             style,
                                    TkMetroPoint      point,
                                    const char       *name)
{
  Entry entry = { ENTRY_STOP, style, { 0 }, point, point };

  entry.name = g_strdup (name);
  entry.alone = TRUE;
  g_array_append_val (self->entries, entry);
}

gboolean
tk_metromania_turn_set_destination (TkMetromaniaTurn *self,
                                    char              letter,
                                    TkMetroCell       cell)
{
  gboolean dug = FALSE;
  Entry entry = { ENTRY_DESTINATION, 0, cell };

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *tunnel = &g_array_index (self->entries, Entry, i);

      if (tunnel->kind == ENTRY_TUNNEL && tk_metro_cell_equal (tunnel->cell, cell))
        {
          dug = TRUE;
          entry.style = tunnel->style;
        }
    }
  if (!dug)
    return FALSE;
  /* One marker a turn: a new one replaces the old. */
  for (guint i = self->entries->len; i > 0; i--)
    if (g_array_index (self->entries, Entry, i - 1).kind == ENTRY_DESTINATION)
      g_array_remove_index (self->entries, i - 1);
  entry.letter = letter;
  g_array_append_val (self->entries, entry);
  return TRUE;
}

void
tk_metromania_turn_set_bonus (TkMetromaniaTurn *self,
                              guint             style,
                              guint             at,
                              TkMetroPoint      point,
                              const char       *name)
{
  Entry entry = { ENTRY_BONUS, style, { 0 }, point, point };

  for (guint i = self->entries->len; i > 0; i--)
    if (g_array_index (self->entries, Entry, i - 1).kind == ENTRY_BONUS &&
        g_array_index (self->entries, Entry, i - 1).style == style)
      g_array_remove_index (self->entries, i - 1);
  entry.at = at;
  entry.name = g_strdup (name);
  g_array_append_val (self->entries, entry);
}

void
tk_metromania_turn_set_dead_end (TkMetromaniaTurn *self,
                                 guint             style)
{
  Entry entry = { ENTRY_DEAD_END, style };

  g_array_append_val (self->entries, entry);
}

gboolean
tk_metromania_turn_remove_last (TkMetromaniaTurn *self)
{
  if (self->entries->len == 0)
    return FALSE;
  g_array_remove_index (self->entries, self->entries->len - 1);
  return TRUE;
}

gboolean
tk_metromania_turn_line_end (TkMetromaniaTurn *self,
                             guint             style,
                             TkMetroPoint     *end)
{
  gboolean found = FALSE;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, i);

      if (entry->kind == ENTRY_TUNNEL && entry->style == style)
        {
          *end = entry->to;
          found = TRUE;
        }
    }
  return found;
}

GArray *
tk_metromania_turn_segments (TkMetromaniaTurn *self)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TkMetromaniaSegment));

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, i);
      TkMetromaniaSegment seg = { self->seat, entry->style, entry->cell, entry->from,
                                  entry->to };

      if (entry->kind == ENTRY_TUNNEL)
        g_array_append_val (out, seg);
    }
  return out;
}

void
tk_metromania_turn_set_stations (TkMetromaniaTurn *self,
                                 GArray           *stations)
{
  g_array_unref (self->stations);
  self->stations = stations;
}

GArray *
tk_metromania_turn_station_points (TkMetromaniaTurn *self)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TkMetroPoint));

  for (guint i = 0; i < self->stations->len; i++)
    g_array_append_val (out, g_array_index (self->stations, TkMetroNewStation, i).point);
  return out;
}

gboolean
tk_metromania_turn_has_station (TkMetromaniaTurn *self,
                                const char       *name)
{
  for (guint i = 0; i < self->entries->len; i++)
    if (g_strcmp0 (g_array_index (self->entries, Entry, i).name, name) == 0)
      return TRUE;
  for (guint i = 0; i < self->stations->len; i++)
    if (g_strcmp0 (g_array_index (self->stations, TkMetroNewStation, i).id, name) == 0)
      return TRUE;
  return FALSE;
}

static JsonObject *
new_step (JsonArray *steps,
          guint      style)
{
  JsonObject *step = json_object_new ();

  json_object_set_string_member (step, "line", style_names[style]);
  json_array_add_object_element (steps, step);
  return step;
}

/* The step holding this turn's tunnel in @cell (or the last one of @style). */
static JsonObject *
step_with_cell (JsonArray   *steps,
                guint        style,
                TkMetroCell *cell)
{
  JsonObject *found = NULL;

  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *step = json_array_get_object_element (steps, i);
      JsonArray *tunnels = json_object_has_member (step, "tunnels")
                           ? json_object_get_array_member (step, "tunnels") : NULL;

      if (g_strcmp0 (json_object_get_string_member (step, "line"), style_names[style]) != 0)
        continue;
      if (cell == NULL)
        {
          found = step;
          continue;
        }
      for (guint t = 0; tunnels != NULL && t < json_array_get_length (tunnels); t++)
        {
          JsonObject *tunnel = json_array_get_object_element (tunnels, t);
          TkMetroCell c;

          if (tk_metromania_node_to_cell (json_object_get_member (tunnel, "cell"), &c) &&
              tk_metro_cell_equal (c, *cell))
            return step;
        }
    }
  return found;
}

JsonObject *
tk_metromania_turn_to_action (TkMetromaniaTurn *self)
{
  JsonObject *action = json_object_new ();
  JsonArray *steps = json_array_new ();
  JsonObject *last = NULL;

  json_object_set_string_member (action, "type", "dig");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_array_member (action, "steps", steps);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, i);
      JsonObject *step;

      switch (entry->kind)
        {
        case ENTRY_TUNNEL:
          {
            JsonObject *tunnel = json_object_new ();

            /* A new step when the line changes or a station closed the last one. */
            if (last == NULL ||
                g_strcmp0 (json_object_get_string_member (last, "line"),
                           style_names[entry->style]) != 0 ||
                json_object_has_member (last, "stop") ||
                !json_object_has_member (last, "tunnels") ||
                json_array_get_length (json_object_get_array_member (last, "tunnels")) >= 3)
              {
                last = new_step (steps, entry->style);
                json_object_set_array_member (last, "tunnels", json_array_new ());
              }
            json_object_set_member (tunnel, "cell", tk_metromania_cell_to_node (entry->cell));
            json_object_set_member (tunnel, "to", tk_metromania_point_to_node (entry->to));
            json_array_add_object_element (json_object_get_array_member (last, "tunnels"),
                                           tunnel);
            break;
          }

        case ENTRY_STOP:
          {
            JsonObject *stop = json_object_new ();

            /* A station before any tunnel of this turn is a step of its own. */
            step = entry->alone ? new_step (steps, entry->style)
                                : step_with_cell (steps, entry->style, &entry->cell);
            if (step == NULL)
              {
                json_object_unref (stop);
                break;
              }
            if (entry->alone)
              last = step;
            json_object_set_string_member (stop, "station", entry->name);
            json_object_set_object_member (step, "stop", stop);
            break;
          }

        case ENTRY_DESTINATION:
          {
            char letter[2] = { entry->letter, '\0' };

            step = step_with_cell (steps, entry->style, &entry->cell);
            if (step == NULL)
              break;
            json_object_set_string_member (step, "destination", letter);
            json_object_set_member (step, "destination_cell", tk_metromania_cell_to_node (entry->cell));
            break;
          }

        case ENTRY_BONUS:
          {
            JsonObject *bonus = json_object_new ();

            step = step_with_cell (steps, entry->style, NULL);
            if (step == NULL)
              {
                json_object_unref (bonus);
                break;
              }
            json_object_set_string_member (bonus, "station", entry->name);
            json_object_set_int_member (bonus, "at", entry->at);
            json_object_set_object_member (step, "bonus", bonus);
            break;
          }

        case ENTRY_DEAD_END:
        default:
          step = step_with_cell (steps, entry->style, NULL);
          if (step == NULL || step != last)
            {
              step = new_step (steps, entry->style);
              last = step;
            }
          json_object_set_string_member (step, "end", "dead_end");
          break;
        }
    }
  return action;
}
