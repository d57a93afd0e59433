/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-generic-rules.c — the generic score pad.
 *
 * Setup (besides "players", see tk-rules.h):
 *   "win":       "high" (default) | "low" | "coop"
 *   "tie_break": "none" (default) | "last_round" — equal totals are split by the last round,
 *                then the one before, and so on
 * A player's optional "team" puts seats together: the team total decides, and every member
 * shares the team's rank.  Actions:
 *   { "type": "add_round",    "scores": [ number|null per seat ] }
 *   { "type": "set_score",    "round": R, "seat": S, "points": P }   R may be one past the end
 *   { "type": "edit_round",   "round": R, "scores": [ … ] }
 *   { "type": "remove_round", "round": R }
 *   { "type": "coop_result",  "result": "won" | "lost" | "undecided" }  (co-operative only)
 * Rounds and seats are counted from 1 in rounds and from 0 in seats, as stored.
 */
#define G_LOG_DOMAIN "tk-generic"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <math.h>

#include "tk-generic-rules.h"
#include "tk-rules-json.h"

#define MAX_POINTS 1e9
#define MAX_ROUNDS 10000

typedef enum { WIN_HIGH, WIN_LOW, WIN_COOP } WinMode;
typedef enum { TIE_NONE, TIE_LAST_ROUND } TieBreak;
typedef enum { COOP_UNDECIDED, COOP_WON, COOP_LOST } CoopResult;

typedef struct
{
  JsonObject *setup;
  guint       n_players;
  WinMode     win;
  TieBreak    tie_break;
  GPtrArray  *rounds;      /* of double[n_players] */
  CoopResult  coop;
} TkGenericState;

static const char *const win_names[] = { "high", "low", "coop" };
static const char *const tie_names[] = { "none", "last_round" };
static const char *const coop_names[] = { "undecided", "won", "lost" };

static const char *
get_name (void)
{
  return _("Score pad");
}

static gboolean
node_to_points (JsonNode *node,
                double   *out)
{
  GType type;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      *out = 0;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    *out = (double) json_node_get_int (node);
  else if (type == G_TYPE_DOUBLE)
    *out = json_node_get_double (node);
  else
    return FALSE;
  return isfinite (*out) && fabs (*out) <= MAX_POINTS;
}

/* "round": a whole number; a round that does not exist breaks a rule. */
static gboolean
read_round (JsonObject  *object,
            gint64       max,
            gint64      *out,
            GError     **error)
{
  if (!tk_rules_json_get_int (object, "round", out))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The action has no whole number “%s”."), "round");
      return FALSE;
    }
  if (*out < 1 || *out > max)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("There is no round %" PRId64 "."), *out);
      return FALSE;
    }
  return TRUE;
}

/* The "scores" array of an action: one number (or null for 0) per seat. */
static double *
read_scores (TkGenericState *state,
             JsonObject     *action,
             GError        **error)
{
  g_autofree double *scores = NULL;
  JsonNode *node = json_object_has_member (action, "scores")
                   ? json_object_get_member (action, "scores") : NULL;
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("The action has no list of scores."));
      return NULL;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) != state->n_players)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("A round needs one score per player: %u, not %u."),
                   state->n_players, json_array_get_length (array));
      return NULL;
    }
  scores = g_new0 (double, state->n_players);
  for (guint i = 0; i < state->n_players; i++)
    if (!node_to_points (json_array_get_element (array, i), &scores[i]))
      {
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("The score of %s is not a number between −1,000,000,000 and "
                       "1,000,000,000."),
                     tk_rules_setup_player_name (state->setup, i));
        return NULL;
      }
  return g_steal_pointer (&scores);
}

static JsonObject *
default_setup (guint n_players)
{
  JsonObject *setup = json_object_new ();

  json_object_set_array_member (setup, "players", tk_rules_default_players (n_players));
  json_object_set_string_member (setup, "win", "high");
  json_object_set_string_member (setup, "tie_break", "none");
  return setup;
}

static void
state_free (gpointer data)
{
  TkGenericState *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_ptr_array_unref (state->rounds);
  g_free (state);
}

static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  TkGenericState *state;
  int win, tie;

  if (!tk_rules_check_setup_players (tk_generic_rules_get (), setup, error) ||
      !tk_rules_json_read_enum (setup, "win", win_names, G_N_ELEMENTS (win_names), WIN_HIGH, &win,
                                error) ||
      !tk_rules_json_read_enum (setup, "tie_break", tie_names, G_N_ELEMENTS (tie_names), TIE_NONE,
                                &tie, error))
    return NULL;

  state = g_new0 (TkGenericState, 1);
  state->setup = json_object_ref (setup);
  state->n_players = tk_rules_setup_n_players (setup);
  state->win = win;
  state->tie_break = tie;
  state->rounds = g_ptr_array_new_with_free_func (g_free);
  state->coop = COOP_UNDECIDED;
  return state;
}

static gpointer
state_copy (gpointer data)
{
  TkGenericState *state = data;
  TkGenericState *copy = g_new0 (TkGenericState, 1);

  *copy = *state;
  copy->setup = json_object_ref (state->setup);
  copy->rounds = g_ptr_array_new_full (state->rounds->len, g_free);
  for (guint i = 0; i < state->rounds->len; i++)
    g_ptr_array_add (copy->rounds,
                     g_memdup2 (state->rounds->pdata[i], sizeof (double) * state->n_players));
  return copy;
}

static gboolean
apply (gpointer     data,
       JsonObject  *action,
       GError     **error)
{
  TkGenericState *state = data;
  const char *type = tk_rules_json_read_type (action, error);
  gint64 round;
  guint seat;

  if (type == NULL)
    return FALSE;

  if (g_str_equal (type, "add_round"))
    {
      double *scores;

      if (state->rounds->len >= MAX_ROUNDS)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("The score pad holds at most %d rounds."), MAX_ROUNDS);
          return FALSE;
        }
      if ((scores = read_scores (state, action, error)) == NULL)
        return FALSE;
      g_ptr_array_add (state->rounds, scores);
      return TRUE;
    }

  if (g_str_equal (type, "set_score"))
    {
      double points;
      gint64 max_round = MIN (state->rounds->len + 1, MAX_ROUNDS);

      if (!read_round (action, max_round, &round, error) ||
          !tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
        return FALSE;
      if (!json_object_has_member (action, "points") ||
          JSON_NODE_HOLDS_NULL (json_object_get_member (action, "points")) ||
          !node_to_points (json_object_get_member (action, "points"), &points))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The points are not a number between −1,000,000,000 and "
                         "1,000,000,000."));
          return FALSE;
        }
      if (round == state->rounds->len + 1)
        g_ptr_array_add (state->rounds, g_new0 (double, state->n_players));
      ((double *) state->rounds->pdata[round - 1])[seat] = points;
      return TRUE;
    }

  if (g_str_equal (type, "edit_round"))
    {
      double *scores;

      if (!read_round (action, state->rounds->len, &round, error) ||
          (scores = read_scores (state, action, error)) == NULL)
        return FALSE;
      g_free (state->rounds->pdata[round - 1]);
      state->rounds->pdata[round - 1] = scores;
      return TRUE;
    }

  if (g_str_equal (type, "remove_round"))
    {
      if (!read_round (action, state->rounds->len, &round, error))
        return FALSE;
      g_ptr_array_remove_index (state->rounds, round - 1);
      return TRUE;
    }

  if (g_str_equal (type, "coop_result"))
    {
      int result;

      if (state->win != WIN_COOP)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Only a co-operative game is won or lost by the whole table."));
          return FALSE;
        }
      if (!json_object_has_member (action, "result"))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("The action does not say whether the table won or lost."));
          return FALSE;
        }
      if (!tk_rules_json_read_enum (action, "result", coop_names, G_N_ELEMENTS (coop_names), -1,
                                    &result, error))
        return FALSE;
      state->coop = result;
      return TRUE;
    }

  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("The score pad does not know the action “%s”."), type);
  return FALSE;
}

/* ---- scoring ---- */

typedef struct
{
  const char *name;       /* the team's name, or the player's when alone */
  double      total;
  double     *per_round;  /* summed over the unit's seats */
  guint       rank;
} Unit;

static const char *
seat_team (TkGenericState *state,
           guint           seat)
{
  JsonArray *players = json_object_get_array_member (state->setup, "players");
  JsonObject *player = json_array_get_object_element (players, seat);
  JsonNode *node = json_object_has_member (player, "team")
                   ? json_object_get_member (player, "team") : NULL;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  return json_node_get_string (node);
}

static gboolean
has_teams (TkGenericState *state)
{
  for (guint seat = 0; seat < state->n_players; seat++)
    if (seat_team (state, seat) != NULL)
      return TRUE;
  return FALSE;
}

/* < 0 when @a ranks before @b, 0 when they share a rank. */
static int
compare_units (TkGenericState *state,
               const Unit     *a,
               const Unit     *b)
{
  int sign = state->win == WIN_LOW ? 1 : -1;

  if (a->total != b->total)
    return a->total < b->total ? -sign : sign;
  if (state->tie_break == TIE_LAST_ROUND)
    for (guint r = state->rounds->len; r > 0; r--)
      if (a->per_round[r - 1] != b->per_round[r - 1])
        return a->per_round[r - 1] < b->per_round[r - 1] ? -sign : sign;
  return 0;
}

static double
seat_total (TkGenericState *state,
            guint           seat)
{
  double total = 0;

  for (guint r = 0; r < state->rounds->len; r++)
    total += ((double *) state->rounds->pdata[r])[seat];
  return total;
}

static void
set_points_member (JsonObject *object,
                   const char *member,
                   double      points)
{
  if (points == floor (points))
    json_object_set_int_member (object, member, (gint64) points);
  else
    json_object_set_double_member (object, member, points);
}

static JsonObject *
score (gpointer data)
{
  TkGenericState *state = data;
  JsonObject *result = json_object_new ();
  JsonArray *players = json_array_new ();
  g_autoptr(GArray) units = g_array_new (FALSE, TRUE, sizeof (Unit));
  g_autofree guint *unit_of_seat = g_new0 (guint, state->n_players);
  gboolean teams = has_teams (state);
  guint n_rounds = state->rounds->len;

  /* Units: one per team (in order of first seat), or one per player without a team. */
  for (guint seat = 0; seat < state->n_players; seat++)
    {
      const char *team = seat_team (state, seat);
      const char *name = team != NULL ? team : tk_rules_setup_player_name (state->setup, seat);
      guint u;

      for (u = 0; u < units->len; u++)
        if (team != NULL && g_strcmp0 (g_array_index (units, Unit, u).name, team) == 0)
          break;
      if (u == units->len)
        {
          Unit unit = { name, 0, g_new0 (double, MAX (n_rounds, 1)), 0 };
          g_array_append_val (units, unit);
        }
      unit_of_seat[seat] = u;
      for (guint r = 0; r < n_rounds; r++)
        {
          double points = ((double *) state->rounds->pdata[r])[seat];
          g_array_index (units, Unit, u).per_round[r] += points;
          g_array_index (units, Unit, u).total += points;
        }
    }

  /* Competition ranking: 1 + the number of units strictly ahead (ties share a rank). */
  for (guint u = 0; u < units->len; u++)
    {
      Unit *unit = &g_array_index (units, Unit, u);
      unit->rank = 1;
      if (state->win == WIN_COOP)
        continue;
      for (guint v = 0; v < units->len; v++)
        if (compare_units (state, &g_array_index (units, Unit, v), unit) < 0)
          unit->rank++;
    }

  for (guint seat = 0; seat < state->n_players; seat++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *breakdown = json_array_new ();
      Unit *unit = &g_array_index (units, Unit, unit_of_seat[seat]);
      const char *colour = tk_rules_setup_player_colour (state->setup, seat);
      gboolean winner = state->win == WIN_COOP ? state->coop == COOP_WON : unit->rank == 1;

      json_object_set_int_member (player, "seat", seat);
      json_object_set_string_member (player, "name",
                                     tk_rules_setup_player_name (state->setup, seat));
      if (colour != NULL)
        json_object_set_string_member (player, "colour", colour);
      if (seat_team (state, seat) != NULL)
        json_object_set_string_member (player, "team", seat_team (state, seat));
      for (guint r = 0; r < n_rounds; r++)
        {
          JsonObject *line = json_object_new ();
          g_autofree char *label = g_strdup_printf (_("Round %u"), r + 1);

          json_object_set_string_member (line, "label", label);
          set_points_member (line, "points", ((double *) state->rounds->pdata[r])[seat]);
          json_array_add_object_element (breakdown, line);
        }
      json_object_set_array_member (player, "breakdown", breakdown);
      set_points_member (player, "total", seat_total (state, seat));
      json_object_set_int_member (player, "rank", unit->rank);
      json_object_set_boolean_member (player, "winner", winner);
      json_array_add_object_element (players, player);
    }

  json_object_set_string_member (result, "win", win_names[state->win]);
  json_object_set_int_member (result, "rounds", n_rounds);
  json_object_set_array_member (result, "players", players);
  if (teams)
    {
      JsonArray *team_array = json_array_new ();

      for (guint u = 0; u < units->len; u++)
        {
          Unit *unit = &g_array_index (units, Unit, u);
          JsonObject *team = json_object_new ();
          JsonArray *seats = json_array_new ();

          for (guint seat = 0; seat < state->n_players; seat++)
            if (unit_of_seat[seat] == u)
              json_array_add_int_element (seats, seat);
          json_object_set_string_member (team, "name", unit->name);
          json_object_set_array_member (team, "seats", seats);
          set_points_member (team, "total", unit->total);
          json_object_set_int_member (team, "rank", unit->rank);
          json_object_set_boolean_member (team, "winner",
                                          state->win == WIN_COOP ? state->coop == COOP_WON
                                                                 : unit->rank == 1);
          json_array_add_object_element (team_array, team);
        }
      json_object_set_array_member (result, "teams", team_array);
    }
  if (state->win == WIN_COOP)
    json_object_set_string_member (result, "coop", coop_names[state->coop]);

  for (guint u = 0; u < units->len; u++)
    g_free (g_array_index (units, Unit, u).per_round);
  return result;
}

static JsonObject *
to_json (gpointer data)
{
  TkGenericState *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *rounds = json_array_new ();

  for (guint r = 0; r < state->rounds->len; r++)
    {
      JsonArray *round = json_array_new ();
      JsonNode *node;

      for (guint seat = 0; seat < state->n_players; seat++)
        {
          double points = ((double *) state->rounds->pdata[r])[seat];

          node = json_node_new (JSON_NODE_VALUE);
          if (points == floor (points))
            json_node_set_int (node, (gint64) points);
          else
            json_node_set_double (node, points);
          json_array_add_element (round, node);
        }
      json_array_add_array_element (rounds, round);
    }
  json_object_set_string_member (object, "rules", TK_GENERIC_RULES_ID);
  json_object_set_string_member (object, "win", win_names[state->win]);
  json_object_set_array_member (object, "rounds", rounds);
  if (state->win == WIN_COOP)
    json_object_set_string_member (object, "coop", coop_names[state->coop]);
  return object;
}

/* ---- ledger lines ---- */

static char *
format_points (double points,
               gboolean signed_)
{
  char buffer[64];

  if (points == floor (points))
    g_snprintf (buffer, sizeof buffer, signed_ ? "%+.0f" : "%.0f", points);
  else
    g_snprintf (buffer, sizeof buffer, signed_ ? "%+g" : "%g", points);
  return g_strdup (buffer);
}

static char *
describe_scores (TkGenericState *state,
                 JsonObject     *action)
{
  g_autofree double *scores = read_scores (state, action, NULL);
  GString *text = g_string_new (NULL);

  for (guint seat = 0; scores != NULL && seat < state->n_players; seat++)
    {
      g_autofree char *points = format_points (scores[seat], FALSE);

      if (seat > 0)
        g_string_append (text, _(", "));
      /* TRANSLATORS: a player's score in a round, e.g. "Ana 5" */
      g_string_append_printf (text, _("%s %s"),
                              tk_rules_setup_player_name (state->setup, seat), points);
    }
  return g_string_free (text, FALSE);
}

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  TkGenericState *state = data;
  const char *type = tk_rules_json_type (action);
  gint64 round = -1, seat = -1;

  tk_rules_json_get_int (action, "round", &round);
  tk_rules_json_get_int (action, "seat", &seat);

  if (g_strcmp0 (type, "add_round") == 0)
    {
      g_autofree char *scores = describe_scores (state, action);
      /* TRANSLATORS: "Round 3: Ana 5, Ben 3" */
      return g_strdup_printf (_("Round %u: %s"), state->rounds->len + 1, scores);
    }

  if (g_strcmp0 (type, "edit_round") == 0)
    {
      g_autofree char *scores = describe_scores (state, action);
      return g_strdup_printf (_("Round %" PRId64 " corrected: %s"), round, scores);
    }

  if (g_strcmp0 (type, "remove_round") == 0)
    return g_strdup_printf (_("Round %" PRId64 " removed"), round);

  if (g_strcmp0 (type, "set_score") == 0)
    {
      gboolean seat_ok = seat >= 0 && seat < state->n_players;
      const char *name = seat_ok ? tk_rules_setup_player_name (state->setup, seat) : NULL;
      double points = 0;

      node_to_points (json_object_has_member (action, "points")
                      ? json_object_get_member (action, "points") : NULL, &points);
      if (name == NULL)
        name = "?";
      if (seat_ok && round >= 1 && round <= state->rounds->len &&
          ((double *) state->rounds->pdata[round - 1])[seat] != 0)
        {
          g_autofree char *now = format_points (points, FALSE);
          g_autofree char *was = format_points (((double *) state->rounds->pdata[round - 1])[seat],
                                                FALSE);
          /* TRANSLATORS: "Ana 7 (was 5) — round 3" */
          return g_strdup_printf (_("%s %s (was %s) — round %" PRId64),
                                  name, now, was, round);
        }
      else
        {
          g_autofree char *delta = format_points (points, TRUE);
          /* TRANSLATORS: "Ana +5 — round 3" */
          return g_strdup_printf (_("%s %s — round %" PRId64), name, delta, round);
        }
    }

  if (g_strcmp0 (type, "coop_result") == 0)
    {
      JsonNode *node = json_object_has_member (action, "result")
                       ? json_object_get_member (action, "result") : NULL;
      const char *result = node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                           json_node_get_value_type (node) == G_TYPE_STRING
                           ? json_node_get_string (node) : "";

      if (g_str_equal (result, "won"))
        return g_strdup (_("The table won"));
      if (g_str_equal (result, "lost"))
        return g_strdup (_("The table lost"));
      return g_strdup (_("The result was cleared"));
    }

  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

static const TkRules generic_rules = {
  .id = TK_GENERIC_RULES_ID,
  .get_name = get_name,
  .min_players = 1,
  .max_players = 100,
  .default_setup = default_setup,
  .state_new = state_new,
  .state_copy = state_copy,
  .apply = apply,
  .score = score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = state_free,
};

const TkRules *
tk_generic_rules_get (void)
{
  return &generic_rules;
}
