/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-clock.c — per-player turn clocks folded from "table.clock.*" actions. */
#define G_LOG_DOMAIN "tk-session-clock"

#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "tk-rules.h"
#include "tk-rules-json.h"
#include "tk-session-clock.h"

/* what an action may say of its time: ms since 1970, up to year 36812 */
#define MAX_AT (G_GINT64_CONSTANT (1) << 50)
/* a limit of at most a day: anything longer is a typing mistake */
#define MAX_LIMIT_S (24 * 3600)

struct _TkTurnClock
{
  guint    n_players;
  int      active;      /* -1 before the first turn */
  gboolean running;
  gint64   since;       /* when the running stretch of the current turn began */
  gint64   turn_ms;     /* the current turn's time before `since` */
  gint64   last_at;
  guint    n_events;
  gint64   turn_limit_ms;
  gint64   bank_ms;
  gboolean closed;      /* paused because the app closed ("closed": true on the pause) */
  gint64  *total_ms;    /* per seat: the finished turns' sum */
  GArray **turns;       /* per seat: gint64 ms of each finished turn */

  /* Simultaneous rounds (Welcome To): everyone's clock runs from the round's start until
   * their own turn is in; the round ends with the last player's.  `turn_ms`/`since` time
   * the round; a player's "turn" is their time in a round. */
  gboolean rounds;
  gint64   round_no;    /* the engine's round the flags below belong to */
  gboolean round_done;  /* round_no ended; the next round's clock runs until the engine
                         * moves to it (with the first turn of it) */
  gboolean *finished;   /* per seat: done in this round */
  GArray  *round_last;  /* guint seat that finished each round last */
};

TkTurnClock *
tk_turn_clock_new (guint n_players)
{
  TkTurnClock *clock = g_new0 (TkTurnClock, 1);

  clock->n_players = n_players;
  clock->active = -1;
  clock->total_ms = g_new0 (gint64, MAX (n_players, 1));
  clock->turns = g_new0 (GArray *, MAX (n_players, 1));
  for (guint i = 0; i < n_players; i++)
    clock->turns[i] = g_array_new (FALSE, FALSE, sizeof (gint64));
  clock->finished = g_new0 (gboolean, MAX (n_players, 1));
  clock->round_last = g_array_new (FALSE, FALSE, sizeof (guint));
  return clock;
}

TkTurnClock *
tk_turn_clock_new_for_rules (const TkRules *rules,
                             guint          n_players)
{
  TkTurnClock *clock = tk_turn_clock_new (n_players);

  clock->rounds = rules != NULL && g_str_equal (rules->id, "welcome-to");
  return clock;
}

TkTurnClock *
tk_turn_clock_copy (const TkTurnClock *clock)
{
  TkTurnClock *copy;

  if (clock == NULL)
    return NULL;
  copy = g_memdup2 (clock, sizeof *clock);
  copy->total_ms = g_memdup2 (clock->total_ms, sizeof (gint64) * MAX (clock->n_players, 1));
  copy->turns = g_new0 (GArray *, MAX (clock->n_players, 1));
  for (guint i = 0; i < clock->n_players; i++)
    {
      copy->turns[i] = g_array_sized_new (FALSE, FALSE, sizeof (gint64), clock->turns[i]->len);
      g_array_append_vals (copy->turns[i], clock->turns[i]->data, clock->turns[i]->len);
    }
  copy->finished = g_memdup2 (clock->finished, sizeof (gboolean) * MAX (clock->n_players, 1));
  copy->round_last = g_array_copy (clock->round_last);
  return copy;
}

void
tk_turn_clock_free (TkTurnClock *clock)
{
  if (clock == NULL)
    return;
  for (guint i = 0; i < clock->n_players; i++)
    g_array_unref (clock->turns[i]);
  g_free (clock->turns);
  g_free (clock->total_ms);
  g_free (clock->finished);
  g_array_unref (clock->round_last);
  g_free (clock);
}

gboolean
tk_turn_clock_is_action (const char *type)
{
  return type != NULL && g_str_has_prefix (type, "table.clock.");
}

/* The running stretch up to @now; a clock set backwards counts nothing rather than less. */
static gint64
running_ms (const TkTurnClock *clock,
            gint64             now)
{
  return clock->running ? MAX (now - clock->since, 0) : 0;
}

/* Ends the active player's turn at @at. */
static void
end_turn (TkTurnClock *clock,
          gint64       at)
{
  gint64 turn = clock->turn_ms + running_ms (clock, at);

  g_array_append_val (clock->turns[clock->active], turn);
  clock->total_ms[clock->active] += turn;
  clock->turn_ms = 0;
}

gboolean
tk_turn_clock_apply (TkTurnClock  *clock,
                     JsonObject   *setup,
                     JsonObject   *action,
                     GError      **error)
{
  const char *type = tk_rules_json_type (action);
  gint64 at = 0;

  if (g_strcmp0 (type, "table.clock.limits") == 0)
    {
      gint64 turn_s, bank_s;

      if (!tk_rules_json_read_int (action, "turn_s", 0, MAX_LIMIT_S, 0, &turn_s, error) ||
          !tk_rules_json_read_int (action, "bank_s", 0, MAX_LIMIT_S, 0, &bank_s, error))
        return FALSE;
      clock->turn_limit_ms = turn_s * 1000;
      clock->bank_ms = bank_s * 1000;
      clock->n_events++;
      return TRUE;
    }

  if (!tk_rules_json_read_int (action, "at", 0, MAX_AT, TK_RULES_JSON_REQUIRED, &at, error))
    return FALSE;

  if (g_strcmp0 (type, "table.clock.pass") == 0)
    {
      guint to;
      gboolean resume;

      if (!tk_rules_json_read_seat (action, "to", clock->n_players, &to, error) ||
          !tk_rules_json_read_bool (action, "resume", FALSE, &resume, error))
        return FALSE;
      if (clock->rounds && clock->active >= 0)
        return tk_rules_json_invalid (error, _("In simultaneous rounds the clock follows "
                                               "the players’ turns by itself."));
      if (clock->active == (int) to)
        return tk_rules_json_invalid (error, _("It is already %s’s turn."),
                                      tk_rules_setup_player_name (setup, to));
      /* "resume": the clock was running when the session was last closed (a crash); the
       * turn ended, as far as anyone can tell, with the last action committed before that */
      if (clock->active >= 0)
        end_turn (clock, resume ? clock->last_at : at);
      clock->active = (int) to;
    }
  else if (g_strcmp0 (type, "table.clock.pause") == 0)
    {
      gboolean closed;

      if (!tk_rules_json_read_bool (action, "closed", FALSE, &closed, error))
        return FALSE;
      if (!clock->running)
        return tk_rules_json_invalid (error, _("The turn clock is not running."));
      clock->closed = closed;
      clock->turn_ms += running_ms (clock, at);
      clock->running = FALSE;
    }
  else if (g_strcmp0 (type, "table.clock.resume") == 0)
    {
      /* Resuming a clock that still runs (a session resumed after a crash) keeps the time
       * up to the last action committed before the crash, as the view showed it, and drops
       * the time the app was gone. */
      if (clock->active < 0)
        return tk_rules_json_invalid (error, _("The turn clock has not started yet."));
      clock->turn_ms += running_ms (clock, clock->last_at);
    }
  else
    return tk_rules_json_invalid (error, _("The table does not know the action “%s”."),
                                  type != NULL ? type : "");

  clock->running = g_strcmp0 (type, "table.clock.pause") != 0;
  if (clock->running)
    clock->closed = FALSE;
  clock->since = at;
  clock->last_at = at;
  clock->n_events++;
  return TRUE;
}

char *
tk_turn_clock_describe (const TkTurnClock *before,
                        JsonObject        *setup,
                        JsonObject        *action)
{
  const char *type = tk_rules_json_type (action);
  gint64 value = 0;

  if (g_strcmp0 (type, "table.clock.pass") == 0)
    {
      const char *to = tk_rules_json_get_int (action, "to", &value) && value >= 0
                       ? tk_rules_setup_player_name (setup, value) : NULL;
      gint64 at = 0;

      if (to == NULL)
        to = "?";
      tk_rules_json_get_int (action, "at", &at);
      if (before != NULL && before->active >= 0)
        {
          gboolean resume = json_object_has_member (action, "resume");
          g_autofree char *took = tk_turn_clock_format (before->turn_ms +
                                                        running_ms (before, resume ? before->last_at
                                                                                   : at));

          /* Translators: "Ana took 0:42; Ben’s turn" */
          return g_strdup_printf (_("%s took %s; %s’s turn"),
                                  tk_rules_setup_player_name (setup, before->active), took, to);
        }
      return g_strdup_printf (_("Turn clock started: %s’s turn"), to);
    }
  if (g_strcmp0 (type, "table.clock.pause") == 0)
    {
      gboolean closed = FALSE;

      if (tk_rules_json_read_bool (action, "closed", FALSE, &closed, NULL) && closed)
        return g_strdup (_("Turn clock paused: Tablekeeper closed"));
      return g_strdup (_("Turn clock paused"));
    }
  if (g_strcmp0 (type, "table.clock.resume") == 0)
    return g_strdup (_("Turn clock resumed"));
  if (g_strcmp0 (type, "table.clock.limits") == 0)
    {
      gint64 turn_s = 0, bank_s = 0;
      g_autofree char *turn = NULL;
      g_autofree char *bank = NULL;

      tk_rules_json_get_int (action, "turn_s", &turn_s);
      tk_rules_json_get_int (action, "bank_s", &bank_s);
      turn = tk_turn_clock_format (turn_s * 1000);
      bank = tk_turn_clock_format (bank_s * 1000);
      if (turn_s > 0 && bank_s > 0)
        return g_strdup_printf (_("Turn clock limits: %s a turn, %s in all"), turn, bank);
      if (turn_s > 0)
        return g_strdup_printf (_("Turn clock limit: %s a turn"), turn);
      if (bank_s > 0)
        return g_strdup_printf (_("Turn clock limit: %s in all"), bank);
      return g_strdup (_("Turn clock limits removed"));
    }
  return g_strdup (type != NULL ? type : "?");
}

/* The member of an engine's state JSON naming the player to act. */
static const char *
turn_member (const TkRules *rules)
{
  static const struct { const char *rules, *member; } members[] = {
    { "metropolis", "current" },
    { "agora", "active" },
    { "city-plan", "active" },
    { "metromania", "turn" },
  };

  for (guint i = 0; rules != NULL && i < G_N_ELEMENTS (members); i++)
    if (g_str_equal (rules->id, members[i].rules))
      return members[i].member;
  return NULL;
}

/* Welcome To: who has their turn in (the engine's "acted") after an action at @at; each
 * newly done player's time is the round's so far (counted up to @upto); the last one ends
 * the round and starts the next round's clock. */
static void
follow_round (TkTurnClock   *clock,
              const TkRules *rules,
              gpointer       engine_state,
              gint64         upto,
              gint64         at)
{
  g_autoptr(JsonObject) state = rules->to_json (engine_state);
  JsonArray *players = tk_rules_json_get_array (state, "players");
  gint64 round = 0, elapsed = clock->turn_ms + running_ms (clock, upto);
  gboolean all = TRUE, any = FALSE;
  guint last = 0;

  if (players == NULL || json_array_get_length (players) != clock->n_players ||
      !tk_rules_json_get_int (state, "round", &round))
    return;
  if (round != clock->round_no)
    {
      memset (clock->finished, 0, sizeof (gboolean) * clock->n_players);
      clock->round_no = round;
      clock->round_done = FALSE;
    }
  for (guint seat = 0; seat < clock->n_players && !clock->round_done; seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      gboolean acted = player != NULL &&
                       json_object_get_boolean_member_with_default (player, "acted", FALSE);

      if (acted && !clock->finished[seat])
        {
          clock->finished[seat] = TRUE;
          g_array_append_val (clock->turns[seat], elapsed);
          clock->total_ms[seat] += elapsed;
          last = seat;
          any = TRUE;
        }
      all = all && acted;
    }
  if (any && all)
    {
      /* the next round starts now: everyone's clock runs again */
      memset (clock->finished, 0, sizeof (gboolean) * clock->n_players);
      clock->round_done = TRUE;
      g_array_append_val (clock->round_last, last);
      clock->active = (int) last;
      clock->turn_ms = 0;
      clock->since = at;
      clock->last_at = at;
      clock->n_events++;
    }
  else if (clock->running && upto == at)
    clock->last_at = MAX (clock->last_at, at);
}

void
tk_turn_clock_follow (TkTurnClock   *clock,
                      const TkRules *rules,
                      gpointer       engine_state,
                      JsonObject    *action)
{
  const char *member = turn_member (rules);
  gint64 at, seat = -1;
  gboolean resume = FALSE;

  if (clock->active < 0 ||
      !tk_rules_json_read_int (action, "clock_at", 0, MAX_AT, -1, &at, NULL) || at < 0 ||
      !tk_rules_json_read_bool (action, "clock_resume", FALSE, &resume, NULL))
    return;
  if (clock->rounds)
    {
      follow_round (clock, rules, engine_state, resume ? clock->last_at : at, at);
      return;
    }
  if (member != NULL)
    {
      g_autoptr(JsonObject) state = rules->to_json (engine_state);

      if (!tk_rules_json_get_int (state, member, &seat))
        seat = -1;
    }
  if (seat < 0 || seat >= clock->n_players || seat == clock->active)
    {
      /* the turn goes on; a running clock has run at least until this action (what a
       * session resumed after a crash shows) */
      if (clock->running && !resume)
        clock->last_at = MAX (clock->last_at, at);
      return;
    }
  end_turn (clock, resume ? clock->last_at : at);
  clock->active = (int) seat;
  clock->since = at;
  clock->last_at = at;
  clock->n_events++;
}

int
tk_turn_clock_get_active (const TkTurnClock *clock)
{
  return clock != NULL ? clock->active : -1;
}

gboolean
tk_turn_clock_is_paused_by_close (const TkTurnClock *clock)
{
  g_return_val_if_fail (clock != NULL, FALSE);
  return !clock->running && clock->closed;
}

gboolean
tk_turn_clock_is_running (const TkTurnClock *clock)
{
  return clock != NULL && clock->running;
}

guint
tk_turn_clock_get_n_events (const TkTurnClock *clock)
{
  return clock != NULL ? clock->n_events : 0;
}

gint64
tk_turn_clock_get_last_at (const TkTurnClock *clock)
{
  return clock != NULL ? clock->last_at : 0;
}

gint64
tk_turn_clock_get_turn_limit_ms (const TkTurnClock *clock)
{
  return clock != NULL ? clock->turn_limit_ms : 0;
}

gint64
tk_turn_clock_get_bank_ms (const TkTurnClock *clock)
{
  return clock != NULL ? clock->bank_ms : 0;
}

guint
tk_turn_clock_get_n_players (const TkTurnClock *clock)
{
  return clock != NULL ? clock->n_players : 0;
}

gint64
tk_turn_clock_get_turn_ms (const TkTurnClock *clock,
                           gint64             now)
{
  if (clock == NULL || clock->active < 0)
    return 0;
  return clock->turn_ms + running_ms (clock, now);
}

gboolean
tk_turn_clock_in_turn (const TkTurnClock *clock,
                       guint              seat)
{
  if (clock == NULL || seat >= clock->n_players || clock->active < 0)
    return FALSE;
  return clock->rounds ? !clock->finished[seat] : (int) seat == clock->active;
}

gboolean
tk_turn_clock_is_rounds (const TkTurnClock *clock)
{
  return clock != NULL && clock->rounds;
}

int
tk_turn_clock_get_last_finisher (const TkTurnClock *clock)
{
  if (clock == NULL || clock->round_last->len == 0)
    return -1;
  return (int) g_array_index (clock->round_last, guint, clock->round_last->len - 1);
}

gint64
tk_turn_clock_get_total_ms (const TkTurnClock *clock,
                            guint              seat,
                            gint64             now)
{
  if (clock == NULL || seat >= clock->n_players)
    return 0;
  return clock->total_ms[seat] + (tk_turn_clock_in_turn (clock, seat)
                                  ? tk_turn_clock_get_turn_ms (clock, now) : 0);
}

const gint64 *
tk_turn_clock_get_turns (const TkTurnClock *clock,
                         guint              seat,
                         guint             *n_turns)
{
  if (clock == NULL || seat >= clock->n_players)
    {
      *n_turns = 0;
      return NULL;
    }
  *n_turns = clock->turns[seat]->len;
  return (const gint64 *) clock->turns[seat]->data;
}

gboolean
tk_turn_clock_is_over (const TkTurnClock *clock,
                       guint              seat,
                       gint64             now)
{
  if (clock == NULL || seat >= clock->n_players)
    return FALSE;
  if (clock->bank_ms > 0 && tk_turn_clock_get_total_ms (clock, seat, now) > clock->bank_ms)
    return TRUE;
  return clock->turn_limit_ms > 0 && tk_turn_clock_in_turn (clock, seat) &&
         tk_turn_clock_get_turn_ms (clock, now) > clock->turn_limit_ms;
}

guint
tk_turn_clock_next_seat (const TkTurnClock *clock)
{
  if (clock == NULL || clock->active < 0 || clock->n_players == 0)
    return 0;
  return ((guint) clock->active + 1) % clock->n_players;
}

JsonObject *
tk_turn_clock_to_json (const TkTurnClock *clock,
                       gint64             now)
{
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();

  json_object_set_int_member (object, "active", tk_turn_clock_get_active (clock));
  json_object_set_boolean_member (object, "running", tk_turn_clock_is_running (clock));
  json_object_set_int_member (object, "turn_ms", tk_turn_clock_get_turn_ms (clock, now));
  json_object_set_int_member (object, "turn_limit_s", tk_turn_clock_get_turn_limit_ms (clock) / 1000);
  json_object_set_int_member (object, "bank_s", tk_turn_clock_get_bank_ms (clock) / 1000);
  if (tk_turn_clock_is_rounds (clock))
    {
      JsonArray *last = json_array_new ();

      for (guint i = 0; i < clock->round_last->len; i++)
        json_array_add_int_element (last, g_array_index (clock->round_last, guint, i));
      json_object_set_array_member (object, "round_last", last);
    }
  for (guint seat = 0; seat < tk_turn_clock_get_n_players (clock); seat++)
    {
      JsonObject *player = json_object_new ();
      JsonArray *turns = json_array_new ();
      guint n;
      const gint64 *ms = tk_turn_clock_get_turns (clock, seat, &n);

      for (guint i = 0; i < n; i++)
        json_array_add_int_element (turns, ms[i]);
      json_object_set_int_member (player, "seat", seat);
      json_object_set_int_member (player, "total_ms", tk_turn_clock_get_total_ms (clock, seat, now));
      json_object_set_array_member (player, "turns", turns);
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (object, "players", players);
  return object;
}

char *
tk_turn_clock_format (gint64 ms)
{
  gint64 s = MAX (ms, 0) / 1000;

  if (s >= 3600)
    return g_strdup_printf ("%" PRId64 ":%02d:%02d", s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}
