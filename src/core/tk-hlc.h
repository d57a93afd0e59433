/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-hlc.h — the hybrid logical clock that orders operations between devices.
 *
 * A time is one gint64: 48 bits of Unix milliseconds, then a 16-bit counter.  It follows the
 * wall clock when the wall clock moves forward and counts on when it does not (the same
 * millisecond, a clock set back, a peer ahead of us), so every time this device gives out is
 * larger than every time it has given out or read before, across restarts too when the last
 * one is kept (the library keeps it).  Plain values, no GObject: the store owns the state. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef gint64 TkHlc;

#define TK_HLC_COUNTER_BITS 16
/* The milliseconds field is 48 bits wide, but the value is a signed gint64 (SQLite's INTEGER):
 * times stop at 2^47 − 1 ms, in the year 6429. */
#define TK_HLC_MAX_MS       ((G_GINT64_CONSTANT (1) << 47) - 1)
/* A peer whose clock is further ahead than this is worth a warning (never a refusal). */
#define TK_HLC_FAR_AHEAD_MS (24 * 60 * 60 * 1000)

/* The wall clock in Unix milliseconds; tests put their own. */
typedef gint64 (*TkHlcNowFunc) (gpointer user_data);

typedef struct
{
  TkHlc         last;       /* the largest time given out or read */
  TkHlcNowFunc  now;        /* NULL: the real clock */
  gpointer      now_data;
} TkHlcClock;

static inline gint64
tk_hlc_ms (TkHlc hlc)
{
  return hlc >> TK_HLC_COUNTER_BITS;
}

static inline guint
tk_hlc_counter (TkHlc hlc)
{
  return (guint) (hlc & 0xffff);
}

static inline TkHlc
tk_hlc_make (gint64 ms,
             guint  counter)
{
  return (ms << TK_HLC_COUNTER_BITS) | (counter & 0xffff);
}

/* Starts @clock from @last (0 for a new library). */
void     tk_hlc_clock_init     (TkHlcClock    *clock,
                                TkHlc          last,
                                TkHlcNowFunc   now,
                                gpointer       now_data);

/* A local operation: a time after everything seen, as near the wall clock as that allows. */
TkHlc    tk_hlc_clock_tick     (TkHlcClock    *clock);

/* An operation read with time @remote: the clock moves past it.  @far_ahead (may be NULL) is
 * set when @remote lies more than TK_HLC_FAR_AHEAD_MS ahead of our wall clock; the time is
 * taken all the same (refusing it would leave that device's edits out for good). */
void     tk_hlc_clock_receive  (TkHlcClock    *clock,
                                TkHlc          remote,
                                gboolean      *far_ahead);

/* "2026-11-29T05:40:12.345Z+3" for messages and the canonical dump's readers. */
char    *tk_hlc_format         (TkHlc          hlc);

G_END_DECLS
