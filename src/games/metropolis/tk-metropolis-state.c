/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-state.c — Foundations of Metropolis: the state's own helpers, at the bottom of
 * the engine.
 *
 * Copying and freeing the state, a seat's name, a lot's name and back, the refusal of an
 * illegal action and whose turn it is.  Every other file of the engine calls down to here, and
 * this file calls none of them, so the engine's files depend one way: tk-metropolis-rules.c
 * (the vtable) on top, then setup, city, market and scoring, then this.
 */
#define G_LOG_DOMAIN "tk-metropolis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-metropolis-rules-private.h"

void
tk_mp_state_free (gpointer data)
{
  TkMpState *state = data;

  if (state == NULL)
    return;
  json_object_unref (state->setup);
  g_free (state);
}

gpointer
tk_mp_state_copy (gpointer data)
{
  TkMpState *copy = g_memdup2 (data, sizeof (TkMpState));

  json_object_ref (copy->setup);
  return copy;
}

const char *
tk_mp_player_name (TkMpState *state,
                   int        seat)
{
  return tk_rules_setup_player_name (state->setup, seat);
}

void
tk_mp_lot_name (TkMpState *state,
                int        cell,
                char       out[4])
{
  out[0] = 'A' + cell % state->side;
  out[1] = '1' + cell / state->side;
  out[2] = '\0';
}

/* "B2" → cell, or −1 when it is not a lot of this board. */
int
tk_mp_parse_lot (TkMpState  *state,
                 const char *text)
{
  int col, row;

  if (text == NULL || strlen (text) != 2)
    return -1;
  col = g_ascii_toupper (text[0]) - 'A';
  row = text[1] - '1';
  if (col < 0 || col >= state->side || row < 0 || row >= state->side)
    return -1;
  return row * state->side + col;
}

gboolean
tk_mp_illegal (GError    **error,
               const char *format,
               ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, message);
  return FALSE;
}

/* The acting seat: "seat" when given (it must be the current player), else the current one. */
gboolean
tk_mp_turn_seat (TkMpState   *state,
                 JsonObject  *action,
                 int         *out,
                 GError     **error)
{
  guint seat;

  if (state->phase == PHASE_DEAL)
    return tk_mp_illegal (error, _("The starting deeds are not all dealt yet."));
  if (state->phase == PHASE_MARKET)
    return tk_mp_illegal (error, _("The deeds for sale of year %d are not entered yet."),
                          state->year + 1);
  if (state->phase == PHASE_OVER)
    return tk_mp_illegal (error, _("The game is over."));
  if (tk_rules_json_member (action, "seat") != NULL)
    {
      if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
        return FALSE;
      if ((int) seat != state->current)
        return tk_mp_illegal (error, _("It is %s’s turn, not %s’s."),
                              tk_mp_player_name (state, state->current),
                              tk_mp_player_name (state, (int) seat));
    }
  *out = state->current;
  return TRUE;
}
