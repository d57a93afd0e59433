/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-metromania.h — what several Metromania tests read from a score (a player, the points
 * of a category, the total, the breakdowns summing to the totals) and the two-player deal they
 * start from.
 *
 * The tests call them by short names through macros at their top, as they call
 * tests/tk-test-rules.h. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A deal of the six letters' destination cards to two players (seats 0 and 1), as JSON. */
#define DEAL_2P \
  "[{\"letter\":\"A\",\"kind\":\"home\",\"owner\":0},{\"letter\":\"A\",\"kind\":\"work\",\"owner\":1}," \
  "{\"letter\":\"B\",\"kind\":\"work\",\"owner\":0},{\"letter\":\"B\",\"kind\":\"leisure\",\"owner\":1}," \
  "{\"letter\":\"C\",\"kind\":\"leisure\",\"owner\":0},{\"letter\":\"C\",\"kind\":\"home\",\"owner\":1}," \
  "{\"letter\":\"D\",\"kind\":\"home\",\"owner\":0},{\"letter\":\"D\",\"kind\":\"work\",\"owner\":1}," \
  "{\"letter\":\"E\",\"kind\":\"work\",\"owner\":0},{\"letter\":\"E\",\"kind\":\"leisure\",\"owner\":1}," \
  "{\"letter\":\"F\",\"kind\":\"leisure\",\"owner\":0},{\"letter\":\"F\",\"kind\":\"home\",\"owner\":1}]"

/* The score's player in @seat (owned by @score). */
JsonObject *tk_test_metromania_player    (JsonObject *score,
                                          guint       seat);
/* The points of @seat's breakdown entry labelled @label; the test fails if there is none. */
gint64      tk_test_metromania_category  (JsonObject *score,
                                          guint       seat,
                                          const char *label);
/* The total of @seat. */
gint64      tk_test_metromania_total     (JsonObject *score,
                                          guint       seat);
/* Asserts that every player's breakdown sums to the player's total. */
void        tk_test_metromania_check_sum (JsonObject *score);

G_END_DECLS
