/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-hlc.c — the hybrid logical clock (see tk-hlc.h). */
#define G_LOG_DOMAIN "tk-hlc"

#include "config.h"

#include "tk-hlc.h"

static gint64
wall_ms (TkHlcClock *clock)
{
  gint64 ms = clock->now != NULL ? clock->now (clock->now_data) : g_get_real_time () / 1000;

  return CLAMP (ms, 0, TK_HLC_MAX_MS);
}

void
tk_hlc_clock_init (TkHlcClock   *clock,
                   TkHlc         last,
                   TkHlcNowFunc  now,
                   gpointer      now_data)
{
  g_return_if_fail (clock != NULL);

  clock->last = MAX (last, 0);
  clock->now = now;
  clock->now_data = now_data;
}

/* The next time after @at: the wall clock's millisecond when that is later, else one more
 * count.  A full counter carries into the milliseconds (the clock runs a millisecond ahead
 * of the wall for a moment) rather than wrapping, which would go back in time. */
static TkHlc
next_after (TkHlcClock *clock,
            TkHlc       at)
{
  gint64 now = wall_ms (clock);

  if (now > tk_hlc_ms (at))
    return tk_hlc_make (now, 0);
  /* At the very end there is nowhere left to go: stay (never reached before the year 6429). */
  if (tk_hlc_ms (at) >= TK_HLC_MAX_MS && tk_hlc_counter (at) == 0xffff)
    return at;
  return at + 1;
}

TkHlc
tk_hlc_clock_tick (TkHlcClock *clock)
{
  g_return_val_if_fail (clock != NULL, 0);

  clock->last = next_after (clock, clock->last);
  return clock->last;
}

void
tk_hlc_clock_receive (TkHlcClock *clock,
                      TkHlc       remote,
                      gboolean   *far_ahead)
{
  g_return_if_fail (clock != NULL);

  if (far_ahead != NULL)
    *far_ahead = tk_hlc_ms (remote) > wall_ms (clock) + TK_HLC_FAR_AHEAD_MS;
  if (remote > clock->last)
    clock->last = remote;
}

char *
tk_hlc_format (TkHlc hlc)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (tk_hlc_ms (hlc) / 1000);
  g_autofree char *text = NULL;

  if (time == NULL)
    return g_strdup_printf ("%" G_GINT64_FORMAT, hlc);
  text = g_date_time_format (time, "%Y-%m-%dT%H:%M:%S");
  return g_strdup_printf ("%s.%03dZ+%u", text,
                          (int) (tk_hlc_ms (hlc) % 1000), tk_hlc_counter (hlc));
}
