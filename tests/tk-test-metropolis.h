/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-metropolis.h — what several Foundations of Metropolis tests read from a state: a
 * player's JSON and numbers, the phase, the year-end points, the standings and the market.
 *
 * The tests call them by short names through macros at their top, as they call
 * tests/tk-test-rules.h. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The "players" members of setups of four and of two players. */
#define FOUR_PLAYERS \
  "\"players\": [{\"name\": \"Purple\"}, {\"name\": \"Green\"}, {\"name\": \"Red\"}, " \
  "{\"name\": \"Yellow\"}]"
#define TWO_PLAYERS "\"players\": [{\"name\": \"Yellow\"}, {\"name\": \"Red\"}]"

/* The player in @seat of the state's JSON, which is returned in @out_state to be unreffed. */
JsonObject *tk_test_metropolis_player_json (gpointer     state,
                                            guint        seat,
                                            JsonObject **out_state);
/* The integer member @name of the player in @seat. */
gint64      tk_test_metropolis_player_int  (gpointer     state,
                                            guint        seat,
                                            const char  *name);
/* The phase's name, in a static buffer overwritten by the next call. */
const char *tk_test_metropolis_phase       (gpointer     state);
/* The year-@year points of @seat in @category, from the score JSON. */
gint64      tk_test_metropolis_year_points (gpointer     state,
                                            guint        seat,
                                            int          year,
                                            const char  *category);
/* "total/rank/winner" of each seat; free it. */
char       *tk_test_metropolis_summary     (gpointer     state);
/* The deeds for sale, slot by slot ("-" for an empty slot); free it. */
char       *tk_test_metropolis_market_text (gpointer     state);

G_END_DECLS
